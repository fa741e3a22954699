/* orgdocs: the code samples' language, a copy button on every code block, and deep links that open what
 * they point to.
 *
 * - Samples: each [data-samples] box holds the sample made from the request in the default language and the
 *   description's own samples (readable one under the other without JavaScript); here a "Language" select
 *   shows one of them, or the request's sample in any language of assets/samples.js, written again each time
 *   the form changes the request. The choice is remembered (localStorage) for every page and notebook view.
 * - Copy: a button on each <pre class="code"> copies its current text and says "Copied".
 * - Anchors: a link to #response-404 (or to anything inside a closed <details>) opens it and scrolls to it.
 * - Keyboard: a description's code blocks (<pre> in .markdown) scroll sideways, so they take the focus
 *   (tabindex 0), as the templates' <pre class="code"> do.
 *
 * codeBlocks(root, {samples, followAddress}) does this to the blocks below `root` (a page's document, or a
 * notebook view's element): `samples` (code-samples.js) writes the generated languages where the page has a
 * request form or a box's own request; `followAddress`: a page's address's fragment names a block to open.
 */
/* Copy text to the clipboard: the Clipboard API where the page is a secure context, else the old way; form-response.js's Copy uses it too */
export function copyText(text) {
  if (navigator.clipboard && (window.isSecureContext || globalThis.isSecureContext)) return navigator.clipboard.writeText(text);
  return new Promise(function (resolve, reject) { // file:// and plain http: the old way
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "visually-hidden";
    document.body.appendChild(area);
    area.select();
    var done = false;
    try { done = document.execCommand("copy"); } catch (error) { done = false; }
    area.remove();
    if (done) resolve(); else reject(new Error("copy refused"));
  });
}

export function codeBlocks(root, host) {
  var STORE_KEY = "orgdocs:sample-language"; // the reader's language, for every page and notebook view

  function byId(id) {
    return root.getElementById ? root.getElementById(id) : root.querySelector("#" + CSS.escape(id));
  }

  function remembered() {
    try { return window.localStorage.getItem(STORE_KEY) || ""; } catch (error) { return ""; }
  }

  function remember(key) {
    try { window.localStorage.setItem(STORE_KEY, key); } catch (error) { /* storage refused: this page only */ }
  }

  /* A box holds the sample made from the request in the default language (<code data-sample>) and the
   * description's own samples, one figure each (readable without JavaScript). Here a "Language" select
   * picks one: the generated languages (written by code-samples.js from the request form.js hands over as
   * box.orgdocsRequest, with an "orgdocs-request" event each time it changes) and the description's own. */
  function setupSamples(box, boxIndex) {
    if (box.querySelector(":scope > .sample-bar")) return; // once per box
    var R = host.samples;
    var given = box.getAttribute("data-request"); // a box without a form beside it
    if (given && !box.orgdocsRequest) {
      try { box.orgdocsRequest = JSON.parse(given); } catch (error) { /* the default sample stays */ }
    }
    var generated = box.querySelector(":scope > .code-sample [data-sample]");
    var figure = generated && generated.closest(".code-sample");
    var own = Array.prototype.slice.call(box.querySelectorAll(":scope > .code-sample-own"));
    var bar = document.createElement("div");
    bar.className = "sample-bar";
    var label = document.createElement("label");
    label.textContent = "Language";
    var select = document.createElement("select");
    select.className = "sample-language";
    select.id = label.htmlFor = "sample-language-" + boxIndex;
    bar.appendChild(label);
    bar.appendChild(select);

    function caption(node) {
      var text = node.querySelector("figcaption");
      return text ? text.textContent : "";
    }
    var live = false; // whether the generated languages are offered (a request has arrived)
    function options() {
      live = !!(R && R.sampleLanguages && box.orgdocsRequest);
      var made = live ? R.sampleLanguages() : figure ? [[generated.getAttribute("data-sample"), caption(figure)]] : [];
      select.replaceChildren();
      var groups = [[made.length && own.length ? "Made from the request" : "", made.map(function (m) { return ["made:" + m[0], m[1]]; })],
        [made.length && own.length ? "From the description" : "", own.map(function (node, i) { return ["own:" + i, caption(node)]; })]];
      groups.forEach(function (group) {
        if (!group[1].length) return;
        var parent = select;
        if (group[0]) {
          parent = document.createElement("optgroup");
          parent.label = group[0];
          select.appendChild(parent);
        }
        group[1].forEach(function (pair) {
          var option = document.createElement("option");
          option.value = pair[0];
          option.textContent = pair[1];
          parent.appendChild(option);
        });
      });
      bar.hidden = select.options.length < 2;
      (figure ? [figure] : []).concat(own).forEach(function (node) { // the select names the sample shown
        var text = node.querySelector("figcaption");
        if (text) text.classList.toggle("visually-hidden", !bar.hidden);
      });
    }
    function write() {
      var key = generated && generated.getAttribute("data-sample");
      if (!key || !R || !box.orgdocsRequest) return;
      var text = R.codeSamples(box.orgdocsRequest, false, [key])[key];
      if (text !== undefined && generated.textContent !== text) generated.replaceChildren(R.colouredPieces(R.sampleTokens(text, key)));
    }
    function show(value) {
      var chosen = Array.prototype.slice.call(select.options).filter(function (o) { return o.value === value; })[0] || select.options[0];
      if (!chosen) return;
      select.value = chosen.value;
      var made = chosen.value.indexOf("made:") === 0;
      if (figure) {
        figure.hidden = !made;
        if (made && generated.getAttribute("data-sample") !== chosen.value.slice(5)) {
          generated.setAttribute("data-sample", chosen.value.slice(5));
          figure.setAttribute("data-lang", chosen.value.slice(5));
          var text = figure.querySelector("figcaption");
          if (text) text.textContent = chosen.textContent;
          var copy = figure.querySelector(".copy-button");
          if (copy) copy.setAttribute("aria-label", "Copy " + chosen.textContent);
        }
      }
      own.forEach(function (node, i) { node.hidden = chosen.value !== "own:" + i; });
      write();
    }
    /* the remembered language: a generated one by its key, one of the description's by its caption */
    function preferred() {
      var key = remembered();
      var found = Array.prototype.slice.call(select.options).filter(function (o) {
        return o.value === "made:" + key || (key.indexOf("own:") === 0 && o.value.indexOf("own:") === 0 && o.textContent === key.slice(4));
      })[0];
      return found ? found.value : select.value;
    }

    select.addEventListener("change", function () {
      var chosen = select.options[select.selectedIndex];
      remember(chosen.value.indexOf("made:") === 0 ? chosen.value.slice(5) : "own:" + chosen.textContent);
      show(chosen.value);
    });
    box.addEventListener("orgdocs-request", function () {
      if (live) {
        write();
      } else {
        options(); // the first request: every generated language becomes available
        show(preferred());
      }
    });
    options();
    box.insertBefore(bar, box.firstChild);
    show(preferred());
  }

  function addCopyButton(pre) {
    if (pre.parentElement && pre.parentElement.classList.contains("code-block")) return;
    var wrap = document.createElement("div");
    wrap.className = "code-block";
    pre.parentNode.insertBefore(wrap, pre);
    wrap.appendChild(pre);
    var button = document.createElement("button");
    button.type = "button";
    button.className = "copy-button";
    button.textContent = "Copy";
    var caption = pre.closest("figure, details, .media, .example-panel");
    var what = caption && (caption.querySelector("figcaption, summary, .example-caption") || byId(caption.getAttribute("aria-labelledby")));
    button.setAttribute("aria-label", "Copy" + (what ? " " + what.textContent.replace(/\s+/g, " ").trim() : " code"));
    var status = document.createElement("span");
    status.className = "visually-hidden";
    status.setAttribute("aria-live", "polite");
    var timer = null;
    button.addEventListener("click", function () {
      copyText(pre.textContent).then(function () {
        button.textContent = "Copied";
        status.textContent = "Copied to the clipboard";
      }, function () {
        button.textContent = "Copy failed";
        status.textContent = "The browser refused to copy: select the text instead";
      }).then(function () {
        clearTimeout(timer);
        timer = setTimeout(function () { button.textContent = "Copy"; status.textContent = ""; }, 2000);
      });
    });
    wrap.appendChild(button);
    wrap.appendChild(status);
  }

  function openTarget() {
    var id = "";
    try { id = decodeURIComponent(window.location.hash.slice(1)); } catch (error) { return; }
    var target = id && byId(id);
    if (!target) return;
    var opened = false;
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS" && !node.open) { node.open = true; opened = true; }
    }
    if (opened) target.scrollIntoView();
  }

  root.querySelectorAll("[data-samples]").forEach(setupSamples);
  root.querySelectorAll("pre.code").forEach(addCopyButton);
  root.querySelectorAll(".markdown pre:not([tabindex])").forEach(function (pre) { pre.tabIndex = 0; });
  if (host.followAddress) {
    window.addEventListener("hashchange", openTarget);
    openTarget();
  }
}
