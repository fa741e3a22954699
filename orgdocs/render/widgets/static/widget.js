/* orgdocs notebook views: the static site's front-end inside an anywidget (Explorer, Navigator, OperationView,
 * FormView).
 *
 * This module is the entry of the front-end that esbuild bundles (package.json, `npm run build`) with the site's
 * own modules it imports (search.js, request.js, the request form, schema.js and code.js, from
 * orgdocs/render/site/assets) and the views' parts, each a job of its own:
 *   view-frame.js      a view's shadow root, stylesheet, theme and keys
 *   view-kernel.js     requests to the kernel, the shared endpoint index
 *   view-operation.js  an operation's reference, the form beside it
 *   view-form.js       the site's request form, sending through the kernel
 *   view-navigator.js  the search box and the navigation
 * _frontend.py serves the bundle, after STYLE (the site's stylesheet made to apply inside a shadow root).
 *
 * The kernel owns the data: the endpoint index, an operation's HTML (rendered by the site's Python templates)
 * and its payload come by custom message when a view asks for them (so they are never saved in widget state);
 * the synced `_shown` says which operation's reference the kernel has ready; `value` (selected route) and
 * `query` (search box) are synced both ways. Search runs here, with the site's SearchIndex: a keystroke never
 * waits for the kernel.
 */
import { element, listen, frame } from "./view-frame.js";
import { SILENT, kernel, waitingNote } from "./view-kernel.js";
import { wholePage, keptReference, showOperation, runCodeScript } from "./view-operation.js";
import { mountSiteForm } from "./view-form.js";
import { EndpointNavigator } from "./view-navigator.js";

/* FormView: the request form alone */
function renderForm(root, model, ask) {
  const pane = element("div", "ow-detail ow-form-only");
  root.appendChild(pane);
  waitingNote(pane);
  ask({ type: "form", route: model.get("_route") }).then((answer) => {
    pane.textContent = "";
    if (answer.error) pane.appendChild(element("p", "notice notice-error", answer.error));
    else {
      mountSiteForm(pane, answer, model.get("_route"), ask);
      runCodeScript(pane); // sample tabs and Copy, as beside the Explorer's reference
    }
  });
}

/* OperationView: one operation's reference */
function renderOperation(root, model, ask, kept) {
  const pane = element("div", "ow-detail");
  root.appendChild(pane);
  wholePage(model.get("_route"), true, ask, kept).then(([html, route]) => showOperation(pane, html, route, ask));
}

/* Explorer's pane: the selected operation's reference and its form */
function explorerPane(body, model, ask, signal, kept) {
  const pane = element("div", "ow-detail");
  pane.tabIndex = -1;
  pane.setAttribute("role", "region");
  pane.setAttribute("aria-label", "Operation");
  body.appendChild(pane);
  let shown = 0; // the latest selection wins over a page that comes back late
  let showing = null; // the route whose whole reference and form the pane shows
  const show = () => {
    const ticket = ++shown;
    // a busy kernel sends the reference of an earlier selection after the next one was made: it is not the
    // selection of now (whose reference follows), and the one shown is not drawn again, so that its form
    // stays as the person has begun to type in it
    const route = model.get("value");
    const of = model.get("_shown");
    if (route && ((of && of !== route) || route === showing)) return;
    wholePage(route, !!of, ask, kept).then(([html, , whole]) => {
      if (ticket !== shown) return;
      showOperation(pane, html, route, ask, true);
      showing = whole ? route : null;
    });
  };
  show();
  listen(model, "change:_shown", show, signal);
  return pane;
}

/* Navigator (and Explorer: the navigator beside an operation pane); "/" searches */
function renderNavigator(root, model, ask, signal, kind, kept) {
  const title = model.get("_title");
  if (title) root.appendChild(element("h2", "ow-site-title", title));
  const body = element("div", "ow-body");
  root.appendChild(body);
  let pane = null;
  const nav = new EndpointNavigator(model, body, ask, signal, () => pane && pane.focus({ preventScroll: true }));
  if (kind === "explorer") pane = explorerPane(body, model, ask, signal, kept);
  root.addEventListener("keydown", (event) => {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.composedPath()[0];
    const tag = target && target.tagName ? target.tagName.toLowerCase() : "";
    if (tag === "input" || tag === "textarea" || tag === "select" || (target && target.isContentEditable)) return;
    event.preventDefault();
    event.stopPropagation();
    nav.focusSearch();
  }, { signal });
}

/* a line at the top of a view while its kernel does not answer (view-kernel.js SILENT) */
function sayWhenSilent(root, silent) {
  let line = root.querySelector(":scope > .ow-silent");
  if (!silent) {
    if (line) line.remove();
    return;
  }
  if (line) return;
  line = element("p", "notice ow-silent", SILENT);
  line.setAttribute("role", "status");
  root.prepend(line);
}

function render({ model, el }) {
  const controller = new AbortController();
  const signal = controller.signal;
  const kind = model.get("_kind");
  const root = frame(el, signal, kind);
  const channel = kernel(model, (silent) => sayWhenSilent(root, silent));
  const ask = channel.ask;
  const kept = (route) => keptReference(el, route);
  if (kind === "form") renderForm(root, model, ask);
  else if (kind === "operation") renderOperation(root, model, ask, kept);
  else renderNavigator(root, model, ask, signal, kind, kept);
  return () => {
    controller.abort();
    channel.close();
  };
}

export default { render };
