/* orgdocs: the page chrome: theme toggle, search box (`/`, arrows, Enter; results rendered 50 at a time as
 * the reader scrolls), the current sidebar item scrolled into view, and Escape for the drawer of narrow
 * screens (which opens without JavaScript); on operation pages, the responses' examples as tabs. Pages read
 * and navigate fine without it. */
import { SearchIndex } from "./search.js";

var body = document.body;
var base = body.getAttribute("data-base") || "";
var METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
var indexPromise = null;

function routeHref(route) {
  var path = route.replace(/^\/+|\/+$/g, "");
  return path ? base + path + "/" : base + "index.html";
}
export { routeHref };

function fetchJson(url) {
  return fetch(url).then(function (response) {
    if (!response.ok) throw new Error(url.split("/").pop().split("?")[0] + ": HTTP " + response.status);
    return response.json();
  });
}

function indexUrl() {
  var input = document.getElementById("search-input");
  return input ? input.getAttribute("data-index") : base + "_docs/openapi/index.json";
}

function loadIndex() {
  if (!indexPromise) indexPromise = fetchJson(indexUrl());
  return indexPromise;
}

// the search file (a short text per endpoint, body fields, tag texts, the reader's words), loaded when the
// box is focused (index.json stays compact); the whole file goes to SearchIndex, as Site.search reads it
var textsPromise = null;
function loadTexts() {
  if (!textsPromise) {
    var input = document.getElementById("search-input");
    var url = (input && input.getAttribute("data-search")) || indexUrl().replace(/index\.json$/, "search.json");
    textsPromise = fetchJson(url).then(function (data) { return data && !Array.isArray(data) ? data : { texts: data || [] }; }, function () { return null; });
  }
  return textsPromise;
}

function methodBadge(method) {
  var span = document.createElement("span");
  var css = METHODS.indexOf(method.toLowerCase()) >= 0 ? method.toLowerCase() : "other";
  span.className = "method method-" + css;
  span.textContent = method;
  return span;
}

/* -- theme -------------------------------------------------------------------------------------------- */

function setupTheme() {
  var button = document.querySelector(".theme-toggle");
  if (!button) return;
  var root = document.documentElement;
  var media = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  function isDark() {
    var chosen = root.getAttribute("data-theme");
    return chosen ? chosen === "dark" : !!(media && media.matches);
  }
  function show() {
    button.setAttribute("aria-pressed", isDark() ? "true" : "false");
    button.title = isDark() ? "Switch to the light theme" : "Switch to the dark theme";
  }
  button.hidden = false;
  button.addEventListener("click", function () {
    var next = isDark() ? "light" : "dark";
    root.setAttribute("data-theme", next);
    try {
      window.localStorage.setItem("orgdocs:theme", next);
    } catch (error) {
      /* storage blocked: the choice lasts for this page */
    }
    show();
  });
  if (media && media.addEventListener) media.addEventListener("change", show);
  show();
}

/* -- search ------------------------------------------------------------------------------------------- */

var PAGE = 50; // results rendered at a time: more are added as the reader scrolls or arrows down

function setupSearch() {
  var input = document.getElementById("search-input");
  var list = document.getElementById("search-results");
  if (!input || !list) return;
  var index = null;
  var results = [];
  var shown = 0;
  var active = -1;
  var texts = [];
  var positions = new Map();
  // the count and the list scroll together in one panel under the box
  var panel = document.createElement("div");
  panel.className = "search-panel";
  panel.hidden = true;
  var count = document.createElement("p");
  count.className = "search-count";
  count.setAttribute("role", "status");
  list.parentNode.insertBefore(panel, list);
  panel.appendChild(count);
  panel.appendChild(list);
  list.hidden = false;
  input.disabled = false;

  var indexed = null;
  function ensureIndex() {
    if (!indexed) {
      indexed = Promise.all([loadIndex(), loadTexts()]).then(function (loaded) {
        var entries = loaded[0].endpoints || [];
        texts = (loaded[1] && loaded[1].texts) || [];
        entries.forEach(function (entry, i) { positions.set(entry, i); });
        return SearchIndex.build(entries, loaded[1]); // in slices: typing stays live
      }).then(function (built) {
        index = built;
        return built;
      });
    }
    return indexed;
  }

  function close() {
    panel.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  }

  function option(entry, i) {
    var li = document.createElement("li");
    li.id = "search-option-" + i;
    li.setAttribute("role", "option");
    li.setAttribute("aria-selected", "false");
    var a = document.createElement("a");
    a.href = routeHref(entry.route);
    a.tabIndex = -1;
    if (entry.deprecated) a.className = "nav-deprecated";
    var head = document.createElement("span");
    head.className = "search-head";
    head.appendChild(methodBadge(entry.method));
    var title = document.createElement("span");
    title.className = "search-title";
    title.textContent = entry.title;
    head.appendChild(title);
    if (entry.webhook) { // a request the API sends, as its page's badge says
      var hook = document.createElement("span");
      hook.className = "badge badge-webhook";
      hook.textContent = "webhook";
      head.appendChild(hook);
    }
    a.appendChild(head);
    var path = document.createElement("code");
    path.className = "search-path";
    path.textContent = entry.path;
    a.appendChild(path);
    var text = texts[positions.get(entry)];
    if (text) {
      var about = document.createElement("span");
      about.className = "search-text";
      about.textContent = text;
      a.appendChild(about);
    }
    li.appendChild(a);
    li.addEventListener("mousedown", function (event) { event.preventDefault(); });
    li.addEventListener("click", function () { window.location.href = a.href; });
    return li;
  }

  function showMore() {
    var fragment = document.createDocumentFragment();
    var end = Math.min(results.length, shown + PAGE);
    for (var i = shown; i < end; i++) fragment.appendChild(option(results[i], i));
    list.appendChild(fragment);
    shown = end;
  }

  function highlight(position) {
    if (!results.length) return;
    active = (position + results.length) % results.length;
    while (active >= shown) showMore();
    var options = list.querySelectorAll("[role=option]");
    for (var i = 0; i < options.length; i++) {
      options[i].setAttribute("aria-selected", i === active ? "true" : "false");
    }
    input.setAttribute("aria-activedescendant", options[active].id);
    options[active].scrollIntoView({ block: "nearest" });
  }

  function render(query) {
    list.textContent = "";
    shown = 0;
    if (!query.trim()) { close(); return; }
    results = index.search(query);
    count.textContent = results.length === 1 ? "1 match" : results.length + " matches";
    if (!results.length) {
      count.textContent = "No endpoint matches \u201c" + query.trim() + "\u201d.";
    }
    showMore();
    panel.hidden = false;
    panel.scrollTop = 0;
    input.setAttribute("aria-expanded", "true");
    active = -1;
    if (results.length) highlight(0);
  }

  panel.addEventListener("scroll", function () {
    if (shown < results.length && panel.scrollTop + panel.clientHeight > panel.scrollHeight - 400) showMore();
  });

  function update() {
    var query = input.value;
    ensureIndex().then(function () {
      if (input.value === query) render(query);
    }, function (error) {
      list.textContent = "";
      results = [];
      count.textContent = "Search is unavailable: " + error.message;
      panel.hidden = false;
    });
  }

  input.addEventListener("input", update);
  input.addEventListener("blur", function () { window.setTimeout(close, 150); });
  input.addEventListener("focus", function () {
    if (input.value.trim()) update();
    // the index is fetched and indexed while the reader starts typing, not after the first key (a large
    // description's index is megabytes to fetch and index); a failure is shown when the reader types
    else ensureIndex().catch(function () {});
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (panel.hidden) update(); else highlight(active + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      highlight(active - 1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      var chosen = results[active >= 0 ? active : 0];
      if (chosen && !panel.hidden) window.location.href = routeHref(chosen.route);
    } else if (event.key === "Escape") {
      if (!panel.hidden) { event.preventDefault(); close(); } else { input.value = ""; }
    }
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    var tag = target && target.tagName ? target.tagName.toLowerCase() : "";
    if (tag === "input" || tag === "textarea" || tag === "select" || (target && target.isContentEditable)) return;
    event.preventDefault();
    input.focus();
    input.select();
  });
}

/* -- sidebar ------------------------------------------------------------------------------------------ */

function setupSidebar() {
  var sidebar = document.getElementById("sidebar");
  if (!sidebar) return;
  var current = sidebar.querySelector("[aria-current=page]");
  if (current && sidebar.scrollHeight > sidebar.clientHeight) {
    // scroll the sidebar only (never the page): the current item in its middle
    var top = current.getBoundingClientRect().top - sidebar.getBoundingClientRect().top;
    sidebar.scrollTop += top - sidebar.clientHeight / 2;
  }
  var drawer = document.getElementById("nav-drawer");
  if (drawer) {
    // the drawer is a checkbox and its label (it opens without JavaScript); this only adds Escape
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && drawer.checked) { drawer.checked = false; drawer.focus(); }
    });
    return;
  }
  var toggle = document.querySelector(".nav-toggle");
  if (toggle) {
    toggle.hidden = false;
    toggle.addEventListener("click", function () {
      var open = body.classList.toggle("nav-open");
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
    });
  }
}

/* -- operation pages: the responses' examples as tabs, the chosen server's description ------------- */

// Each [data-example-tabs] box holds one panel per response example, readable one under the other
// without JavaScript; here a row of tabs (ARIA tabs: arrows, Home and End) shows one at a time.
function setupExampleTabs(box, boxIndex) {
  var panels = Array.prototype.slice.call(box.querySelectorAll(":scope > .example-panel"));
  if (panels.length < 2 || box.querySelector(":scope > [role=tablist]")) return;
  var tabs = document.createElement("div");
  tabs.className = "sample-tabs example-tablist";
  tabs.setAttribute("role", "tablist");
  tabs.setAttribute("aria-label", "Response status");
  var buttons = panels.map(function (panel, i) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "sample-tab example-tab";
    button.id = "example-tab-" + boxIndex + "-" + i;
    button.textContent = panel.getAttribute("data-tab") || "Example " + (i + 1);
    button.setAttribute("role", "tab");
    button.setAttribute("aria-controls", panel.id);
    panel.setAttribute("role", "tabpanel");
    panel.setAttribute("aria-labelledby", button.id);
    button.addEventListener("click", function () { select(i, false); });
    button.addEventListener("keydown", function (event) {
      var next = { ArrowRight: (i + 1) % panels.length, ArrowLeft: (i - 1 + panels.length) % panels.length, Home: 0, End: panels.length - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      select(next, true);
    });
    tabs.appendChild(button);
    return button;
  });
  function select(index, focus) {
    panels.forEach(function (panel, i) { panel.hidden = i !== index; });
    buttons.forEach(function (button, i) {
      button.setAttribute("aria-selected", i === index ? "true" : "false");
      button.tabIndex = i === index ? 0 : -1;
    });
    if (focus) buttons[index].focus();
  }
  box.insertBefore(tabs, box.firstChild);
  select(0, false);
  // a response opened in the reference (by a click or a link to #response-404) shows its example here
  var openAtFirst = new Set(document.querySelectorAll("details.response[open]")); // as written, not chosen
  document.addEventListener("toggle", function (event) {
    var response = event.target;
    if (!response.classList || !response.classList.contains("response")) return;
    if (!response.open) { openAtFirst.delete(response); return; }
    if (openAtFirst.has(response)) return;
    var found = panels.findIndex(function (panel) { return panel.id.indexOf("example-" + response.id + "-") === 0; });
    if (found >= 0) select(found, false);
  }, true);
}

// a server's description sits under the server select (an option shows one line, cut at its width)
function setupServerNotes() {
  var select = document.querySelector("[data-server]");
  if (!select) return;
  select.addEventListener("change", function () {
    document.querySelectorAll("[data-server-note]").forEach(function (note) {
      note.hidden = note.getAttribute("data-server-note") !== select.value;
    });
  });
}

setupTheme();
setupSearch();
setupSidebar();
document.querySelectorAll("[data-example-tabs]").forEach(setupExampleTabs);
setupServerNotes();
