/* -- a view's frame: a shadow root in the notebook's page, its stylesheet, theme and keys ------------------ *
 * Each view draws into its own shadow root: the site's CSS cannot touch JupyterLab and JupyterLab's cannot
 * touch it; light or dark follows JupyterLab's theme (body[data-jp-theme-light]). */

// Voila serves a notebook as an app (its page's body says data-voila): no cells to run or paste into, so the
// views say "reload the page" and offer Python, not "a cell"
export const VOILA = typeof document !== "undefined" && !!document.body && document.body.hasAttribute("data-voila");
export const RERUN = VOILA ? "reload the page" : "run its cell again";

let sheet = null;

function stylesheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE); // a global of the module: _frontend.py writes it before the bundle
  }
  return sheet;
}

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function listen(model, name, callback, signal) {
  model.on(name, callback);
  signal.addEventListener("abort", () => model.off(name, callback));
}

/* -- theme: JupyterLab's, else the reader's preference ------------------------------------------------- */

function followTheme(host, signal) {
  function apply() {
    const light = document.body.getAttribute("data-jp-theme-light");
    if (light === "false") host.setAttribute("data-theme", "dark");
    else if (light === "true") host.setAttribute("data-theme", "light");
    else host.removeAttribute("data-theme"); // no JupyterLab theme: prefers-color-scheme decides
  }
  apply();
  const observer = new MutationObserver(apply);
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light"] });
  signal.addEventListener("abort", () => observer.disconnect());
}

/* -- keys: the widget's, never the notebook's ---------------------------------------------------------------
 *
 * JupyterLab and Notebook 7 run their shortcuts from one keydown listener on the document (Lumino's
 * CommandRegistry.processKeydownEvent; Notebook 7 listens in the capture phase, so stopping the event inside
 * the widget is too late). It matches a key binding's selector walking up from the event's target, which for a
 * key typed inside a shadow root is the shadow host, and stops at an element with `data-lm-suppress-shortcuts`.
 * JupyterLab's own test for "the reader is typing" (the notebook's jp-mod-readWrite class) is made on focus
 * events, which a focus move inside one shadow root does not send out. So the host carries the attribute: no
 * key typed in the widget, in an input or on a row, the title or a tab, runs a notebook command (a reader
 * who clicked a row and presses `r`, `d d`, Ctrl+X or Ctrl+V means the widget, not the cells around it). The
 * one key let through is Ctrl/Cmd+S (save the notebook), which would otherwise open the browser's "Save page":
 * a listener on the window, which runs before the document's, lifts the attribute for that key only. */

const KEY_GUARD = "__orgdocsWidgetKeys";
const HOST_CLASS = "orgdocs-widget-host";

function hostShortcut(event) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && String(event.key).toLowerCase() === "s";
}

function guardKeys() {
  if (globalThis[KEY_GUARD]) return;
  globalThis[KEY_GUARD] = true;
  window.addEventListener("keydown", (event) => {
    const host = event.composedPath().find((node) => node.classList && node.classList.contains(HOST_CLASS));
    if (host) host.toggleAttribute("data-lm-suppress-shortcuts", !hostShortcut(event));
  }, true);
}


export function frame(el, signal, kind) {
  const host = element("div", HOST_CLASS);
  host.setAttribute("data-lm-suppress-shortcuts", "true"); // see guardKeys
  guardKeys();
  el.appendChild(host);
  const shadow = host.attachShadow({ mode: "open" });
  shadow.adoptedStyleSheets = [stylesheet()];
  followTheme(host, signal);
  const root = element("div", "ow-root ow-kind-" + kind);
  root.tabIndex = -1; // a click anywhere in the widget puts the focus in it, so that "/" reaches it
  shadow.appendChild(root);
  // an Escape nothing in the view used (a search with text clears first) leaves the view for its cell, as
  // Escape leaves a cell's editor: the notebook's keys work again
  shadow.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    const cell = host.closest(".jp-Cell");
    if (!cell) return;
    event.preventDefault();
    cell.focus();
  }, { signal });
  return root;
}
