/* orgdocs: apply the reader's chosen theme before the first paint (loaded in <head>, tiny on purpose). */
(function () {
  "use strict";
  var theme = null;
  try {
    theme = window.localStorage.getItem("orgdocs:theme");
  } catch (error) {
    theme = null; // storage blocked: follow prefers-color-scheme
  }
  // a page opened from disk (file://) whose scripts are modules (data-modules) runs none of them: browsers load
  // no module from a file. It is laid out as without scripts, and says how to serve it.
  var script = document.currentScript;
  if (location.protocol === "file:" && script && script.hasAttribute("data-modules")) {
    document.addEventListener("DOMContentLoaded", fromFile);
  } else {
    // scripts run: site.css lays out the tabs of samples and examples before they are made, so nothing moves
    document.documentElement.classList.add("js");
  }
  if (theme === "dark" || theme === "light") {
    document.documentElement.setAttribute("data-theme", theme);
  }

  function fromFile() {
    var main = document.getElementById("main");
    if (!main) return;
    var note = document.createElement("p");
    var command = document.createElement("code");
    note.className = "notice";
    note.setAttribute("role", "note");
    command.textContent = "python -m http.server --bind 127.0.0.1";
    note.append("This page is opened from a file, so search and Try it are off: browsers run its scripts only " +
      "when it is served. In the site's folder, run ", command, " and open the address it prints.");
    main.insertBefore(note, main.firstChild);
  }
})();
