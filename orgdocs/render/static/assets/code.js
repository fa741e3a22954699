/* orgdocs: code samples as tabs, a copy button on every code block, and deep links that open what they
 * point to.
 *
 * - Tabs: each [data-samples] box holds one <figure class="code-sample"> per sample (readable one under
 *   the other without JavaScript); here they become a tablist (role tablist/tab/tabpanel, arrow keys,
 *   Home and End). The form's script rewrites the text of the generated samples in place.
 * - Copy: a button on each <pre class="code"> copies its current text and says "Copied".
 * - Anchors: a link to #response-404 (or to anything inside a closed <details>) opens it and scrolls to it.
 * - Keyboard: a description's code blocks (<pre> in .markdown) scroll sideways, so they take the focus
 *   (tabindex 0), as the templates' <pre class="code"> do.
 */
(function () {
  "use strict";

  function setupTabs(box, boxIndex) {
    var figures = Array.prototype.slice.call(box.querySelectorAll(":scope > .code-sample"));
    if (figures.length < 2 || box.querySelector(":scope > [role=tablist]")) return; // once per box
    var tabs = document.createElement("div");
    tabs.className = "sample-tabs";
    tabs.setAttribute("role", "tablist");
    tabs.setAttribute("aria-label", "Code sample language");
    var buttons = [];
    function select(index, focus) {
      figures.forEach(function (figure, i) { figure.hidden = i !== index; });
      buttons.forEach(function (button, i) {
        button.setAttribute("aria-selected", i === index ? "true" : "false");
        button.tabIndex = i === index ? 0 : -1;
      });
      if (focus) buttons[index].focus();
    }
    figures.forEach(function (figure, i) {
      var caption = figure.querySelector("figcaption");
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sample-tab";
      button.id = "code-tab-" + boxIndex + "-" + i;
      button.setAttribute("role", "tab");
      button.setAttribute("aria-controls", figure.id || (figure.id = "code-panel-" + boxIndex + "-" + i));
      button.textContent = caption ? caption.textContent : "Sample " + (i + 1);
      if (caption) caption.remove(); // the tab names the panel; a figure with a caption may not be a tabpanel
      figure.setAttribute("role", "tabpanel");
      figure.setAttribute("aria-labelledby", button.id);
      button.addEventListener("click", function () { select(i, false); });
      button.addEventListener("keydown", function (event) {
        var next = null;
        if (event.key === "ArrowRight") next = (i + 1) % figures.length;
        else if (event.key === "ArrowLeft") next = (i - 1 + figures.length) % figures.length;
        else if (event.key === "Home") next = 0;
        else if (event.key === "End") next = figures.length - 1;
        if (next === null) return;
        event.preventDefault();
        select(next, true);
      });
      buttons.push(button);
      tabs.appendChild(button);
    });
    box.insertBefore(tabs, box.firstChild);
    select(0, false);
  }

  function copyText(text) {
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
    var what = caption && (caption.querySelector("figcaption, summary, .example-caption") || document.getElementById(caption.getAttribute("aria-labelledby")));
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
    if (!window.location) return; // a notebook view runs this script with a stand-in window
    var id = "";
    try { id = decodeURIComponent(window.location.hash.slice(1)); } catch (error) { return; }
    var target = id && document.getElementById(id);
    if (!target) return;
    var opened = false;
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS" && !node.open) { node.open = true; opened = true; }
    }
    if (opened) target.scrollIntoView();
  }

  document.querySelectorAll("[data-samples]").forEach(setupTabs);
  document.querySelectorAll("pre.code").forEach(addCopyButton);
  document.querySelectorAll(".markdown pre:not([tabindex])").forEach(function (pre) { pre.tabIndex = 0; });
  if (window.addEventListener) window.addEventListener("hashchange", openTarget);
  openTarget();
})();
