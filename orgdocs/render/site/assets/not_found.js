/* orgdocs: 404.html only, inlined in it (its SHA-256 is in the page's Content-Security-Policy: a file could
 * not be found from an unknown folder). Static hosts serve 404.html for any unknown address at any depth, and
 * it links from "/" (data-base), right for a site at a host's root. Below a sub-path
 * (https://user.github.io/project/) its stylesheet, scripts and links are not there: find the site's folder,
 * the deepest folder of the address that holds this build's stylesheet, and load and link from it. Only a
 * folder of this host is a candidate: the path's folders up to the first empty, "." or ".." one (a path of
 * "//other-host/..." would otherwise make "//other-host/" a folder, which the browser reads as another
 * host), and each must resolve to this page's origin. */
(function () {
  "use strict";
  var sheet = document.querySelector('link[rel="stylesheet"]');
  var asset = sheet ? sheet.getAttribute("href") : "";
  if (asset.charAt(0) !== "/" || asset.charAt(1) === "/") return;
  var folders = location.pathname.split("/").slice(1, -1);
  for (var end = 0; end < folders.length; end++) {
    if (folders[end] === "" || folders[end] === "." || folders[end] === ".." || folders[end].indexOf("\\") >= 0) break;
  }
  folders = folders.slice(0, end);
  var candidates = [];
  for (var depth = folders.length; depth > 0; depth--) {
    var folder = "/" + folders.slice(0, depth).join("/") + "/";
    if (new URL(folder, location.href).origin === location.origin) candidates.push(folder);
  }
  if (!candidates.length) return; // the address is at the root: "/" is right

  function holds(folder) {
    return fetch(folder + asset.slice(1), { method: "HEAD" }).then(
      function (response) { return response.ok; },
      function () { return false; }
    );
  }
  // the root first, so that a site at a host's root asks for one file and logs no failed request
  var found = holds("/").then(function (atRoot) {
    if (atRoot) return "/";
    return Promise.all(candidates.map(holds)).then(function (held) {
      return candidates[held.indexOf(true)] || "/"; // the deepest first
    });
  });
  var ready = new Promise(function (resolve) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", resolve);
    else resolve();
  });

  function rebase(url, base) {
    return url.charAt(0) === "/" && url.charAt(1) !== "/" ? base + url.slice(1) : url;
  }

  Promise.all([found, ready]).then(function (results) {
    var base = results[0];
    if (base === "/") return;
    document.body.setAttribute("data-base", base);
    ["href", "data-index", "data-search"].forEach(function (name) {
      document.querySelectorAll("[" + name + "]").forEach(function (element) {
        element.setAttribute(name, rebase(element.getAttribute(name), base));
      });
    });
    // scripts that failed to load from "/" run again from the site's folder, in their order (a module's
    // imports are relative to it: they follow)
    document.querySelectorAll("script[src]").forEach(function (old) {
      var script = document.createElement("script");
      if (old.type) script.type = old.type;
      script.src = rebase(old.getAttribute("src"), base);
      script.async = false;
      document.body.appendChild(script);
    });
  });
})();
