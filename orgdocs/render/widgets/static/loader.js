/* orgdocs notebook views: the `_esm` every view saves in widget state. _frontend.py puts VERSION (the front-end
 * module's hash) and SNAPSHOT_STYLE before this file.
 *
 * The front-end itself (frontend.ESM, many times this loader) is asked of the kernel by message once per page,
 * imported from a Blob URL and kept on globalThis under its hash: the second view of the page renders at once,
 * without asking, and a saved notebook holds this stub once per view instead of the module. Each view first
 * asks its kernel a small question (ping); the first view whose kernel answers asks it for the module, so a view
 * whose kernel is gone (a notebook reopened: its saved views) never holds up one whose kernel runs (its cells
 * run again at once). Until the module comes, a view shows its snapshot (title, the reference last shown and
 * the last answer, from the snapshot output the view displayed after itself) with a line saying so, rather
 * than nothing; without an answer within WAIT (no kernel behind the view: a reopened notebook, its cells not
 * run) the line says to run the cell. The module replaces the snapshot whenever it comes (at once, before
 * anything is painted, for the second view of a page).
 */

const WAIT = 4000; // ms
const ASKING = "Asking the kernel for this view: it shows what was last shown meanwhile.";
// Voila (body[data-voila]) shows a notebook as an app: there, no cell to run
const NOTE = "No kernel answers this view: it shows what was last shown. " +
  (document.body && document.body.hasAttribute("data-voila") ? "Reload the page" : "Run its cell") + " to explore and send.";
const MODULES = (globalThis.__orgdocsWidgetModules = globalThis.__orgdocsWidgetModules || {});

function entry() {
  if (!MODULES[VERSION]) {
    let resolve;
    const promise = new Promise((done) => (resolve = done));
    MODULES[VERSION] = { promise, resolve, loaded: false, asked: new WeakSet() };
  }
  const found = MODULES[VERSION];
  found.alive = found.alive || []; // views whose kernel answered, in turn to be asked for the module
  return found;
}

// one message to `model`'s kernel; `answered` gets its answer, if one comes
function ask(model, content, answered) {
  const id = content.type + "-" + Math.random().toString(36).slice(2);
  const onMessage = (message) => {
    if (!message || message.id !== id) return;
    model.off("msg:custom", onMessage);
    answered(message);
  };
  model.on("msg:custom", onMessage);
  model.send({ ...content, id });
}

function request(model, found) {
  if (found.loaded || found.asked.has(model)) return;
  found.asked.add(model);
  ask(model, { type: "ping" }, () => {
    found.alive.push(model);
    fetchModule(found);
  });
}

// the module, from the first view whose kernel answered; from the next one if it gets no answer within WAIT
function fetchModule(found) {
  if (found.loaded || found.fetching || !found.alive.length) return;
  const model = found.alive.shift();
  found.fetching = true;
  const next = setTimeout(() => {
    found.fetching = false;
    fetchModule(found);
  }, WAIT);
  ask(model, { type: "module" }, (message) => {
    clearTimeout(next);
    found.fetching = false;
    if (found.loaded || typeof message.source !== "string") return fetchModule(found);
    found.loaded = true;
    const url = URL.createObjectURL(new Blob([message.source], { type: "text/javascript" }));
    import(url).then(found.resolve, (error) => {
      found.loaded = false;
      console.error("orgdocs: the notebook view's module did not load", error);
    });
  });
}

// what the view showed last (the reference, the last answer of its form), kept once in a saved notebook: in
// the snapshot output the view displayed after itself (hidden under the view), drawn by the host once the
// output area is; copied into the view's snapshot, where it shows (JupyterLab's and Notebook 7's output areas)
const KEPT = ".orgdocs-widget-snapshot";

function keptSnapshot(el, box, parts, tries = 0) {
  const output = el.closest(".jp-OutputArea-child");
  const twin = output && output.nextElementSibling;
  const found = twin && twin.querySelector(KEPT);
  const selector = parts.map((part) => ":scope > " + part).join(", ");
  // the host's own rendering of that output, sanitized
  if (found) found.querySelectorAll(selector).forEach((part) => box.appendChild(part.cloneNode(true)));
  else if (tries < 50 && (tries < 5 || box.isConnected)) setTimeout(() => keptSnapshot(el, box, parts, tries + 1), 100);
}

function snapshot(el, model) {
  const host = document.createElement("div");
  host.className = "orgdocs-widget-host";
  host.setAttribute("data-lm-suppress-shortcuts", "true");
  const shadow = host.attachShadow({ mode: "open" });
  const style = document.createElement("style");
  style.textContent = SNAPSHOT_STYLE + ".orgdocs-widget-snapshot{padding:0.6rem 0.9rem;border:1px solid var(--border);border-radius:8px;max-height:80vh;overflow:auto}";
  const box = document.createElement("div");
  box.className = "orgdocs-widget-snapshot";
  // JupyterLab's theme, now and when the reader changes it
  const theme = () => {
    if (document.body.getAttribute("data-jp-theme-light") === "false") box.setAttribute("data-theme", "dark");
    else box.removeAttribute("data-theme");
  };
  theme();
  const watching = new MutationObserver(() => (host.isConnected ? theme() : watching.disconnect()));
  watching.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light"] });
  const note = document.createElement("p");
  note.className = "notice";
  note.textContent = ASKING;
  note.setAttribute("role", "status");
  box.appendChild(note);
  const title = model.get("_title");
  if (title) {
    const heading = document.createElement("h3");
    heading.textContent = title;
    box.appendChild(heading);
  }
  // a notebook saved before the reference, then the answer, left widget state
  const html = model.get("_html");
  if (html) {
    const article = document.createElement("article");
    article.innerHTML = html; // rendered and sanitized by the site's Python templates, as in the live view
    box.appendChild(article);
  }
  const answer = model.get("_answer_html");
  if (answer) {
    const kept = document.createElement("div");
    kept.innerHTML = answer; // written by _answer_snapshot.py: every text escaped, credentials hidden
    box.appendChild(kept);
  } else {
    keptSnapshot(el, box, html ? [".orgdocs-answer"] : ["article", ".orgdocs-answer"]);
  }
  if (!html && !answer && model.get("_route") && model.get("_kind") === "form") {
    const line = document.createElement("p");
    line.textContent = "The request form of " + model.get("_route") + ".";
    box.appendChild(line);
  }
  shadow.append(style, box);
  el.appendChild(host);
  return host;
}

// ipywidgets marks a view whose kernel is gone (a notebook reopened from saved widget state, a kernel stopped)
// with a broken-link icon above it (.jupyter-widgets-disconnected::before, a Font Awesome glyph). An orgdocs
// view says so itself, in words, and shows what it showed: the icon would be a second, broken-looking sign.
const PAGE_STYLE_ID = "orgdocs-widget-page-style";
const VIEW_CLASS = "orgdocs-widget-view";

function quietDisconnectedSign(el) {
  el.classList.add(VIEW_CLASS);
  if (document.getElementById(PAGE_STYLE_ID)) return;
  const style = document.createElement("style");
  style.id = PAGE_STYLE_ID;
  style.textContent = "." + VIEW_CLASS + ".jupyter-widgets-disconnected::before{content:none;display:none}";
  document.head.appendChild(style);
}

function render({ model, el }) {
  quietDisconnectedSign(el);
  const found = entry();
  let gone = false;
  let cleanup = null;
  // shown in the task that draws the view: a module already here (found.promise resolved) replaces it in a
  // microtask, before the page is painted
  let shown = snapshot(el, model);
  const timer = setTimeout(() => {
    const note = shown && shown.shadowRoot.querySelector(".notice");
    if (!gone && !cleanup && note) note.textContent = NOTE;
  }, WAIT);
  request(model, found);
  found.promise.then((module) => {
    if (gone) return;
    clearTimeout(timer);
    if (shown) shown.remove();
    shown = null;
    cleanup = module.default.render({ model, el });
  });
  return () => {
    gone = true;
    clearTimeout(timer);
    if (typeof cleanup === "function") cleanup();
  };
}

export default { render };
