/* orgdocs notebook views: the static site's front-end inside an anywidget (Explorer, Navigator, OperationView).
 *
 * orgdocs/render/widgets/frontend.py builds the ES module this file ends: before it come the site's own
 * scripts (search.js, request.js, schema.js from orgdocs/render/site/assets), each run with `window` bound
 * to SITE so that nothing lands on the notebook page's globals, and STYLE, the site's stylesheet made to apply
 * inside a shadow root. Each view draws into its own shadow root: the site's CSS cannot touch JupyterLab and
 * JupyterLab's cannot touch it; light or dark follows JupyterLab's theme (body[data-jp-theme-light]).
 *
 * The kernel owns the data: the endpoint index and an operation's payload come by custom message when a view
 * asks for them (so they are never saved in widget state), the selected operation's HTML (rendered by the
 * site's Python templates) by the synced `_html` trait; `value` (selected route) and `query` (search box) are
 * synced both ways. Search runs here, with the site's SearchIndex: a keystroke never waits for the kernel.
 */

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const MAX_ROWS = 100; // search results drawn at first ("Show all" draws the rest): a keystroke stays cheap
let sheet = null;

function stylesheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
  }
  return sheet;
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function listen(model, name, callback, signal) {
  model.on(name, callback);
  signal.addEventListener("abort", () => model.off(name, callback));
}

function pathCode(path) {
  // a long path wraps after a slash, not in the middle of a word
  const code = element("code", "ow-path");
  path.split("/").forEach((part, i) => {
    if (i > 0) {
      code.appendChild(document.createTextNode("/"));
      code.appendChild(document.createElement("wbr"));
    }
    code.appendChild(document.createTextNode(part));
  });
  return code;
}

function methodBadge(method) {
  const css = METHODS.indexOf(method.toLowerCase()) >= 0 ? method.toLowerCase() : "other";
  return element("span", "method method-" + css, method.toUpperCase());
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

/* -- kernel requests: one message out, the answer by its id ------------------------------------------------ */

// a request with no answer after this long: no kernel behind the view (a reopened notebook, its cells not
// run), or one busy with other cells; the view says so, and still takes the answer if it comes
const KERNEL_WAIT = 4000; // ms
const NO_KERNEL = "No kernel answers this view: it shows what was last shown. Run its cell to explore and send.";

function kernel(model) {
  const waiting = new Map();
  let next = 0;
  function onMessage(message) {
    if (message && message.type === "form-state" && message.id === undefined) {
      FORMS.forEach((mounted) => mounted.route === message.route && mounted.refresh(message));
      return;
    }
    if (!message || message.id === undefined || !waiting.has(message.id)) return;
    const done = waiting.get(message.id);
    waiting.delete(message.id);
    done(message);
  }
  model.on("msg:custom", onMessage);
  return {
    ask(content) {
      const id = "q" + next++ + "-" + Math.random().toString(36).slice(2);
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        model.send({ ...content, id });
      });
    },
    close() {
      model.off("msg:custom", onMessage);
    },
  };
}

const INDEXES = new WeakMap(); // model -> Promise of {entries, navigation, search}: one per model, shared by its views

function loadIndex(model, ask) {
  if (!INDEXES.has(model)) {
    const promise = ask({ type: "index" }).then((answer) => {
      if (answer.error) throw new Error(answer.error);
      const index = answer.index;
      const byRoute = new Map(index.endpoints.map((entry) => [entry.route, entry]));
      return { index, byRoute, search: new SITE.orgdocs.SearchIndex(index.endpoints, index.search) };
    });
    promise.catch(() => INDEXES.delete(model)); // a later view asks again
    INDEXES.set(model, promise);
  }
  return INDEXES.get(model);
}

/* -- the operation pane -------------------------------------------------------------------------------- */

// the whole reference of `route` from the kernel; the synced `compact` one (what a saved notebook keeps: error
// answers by their status line) when no kernel answers soon
const PAGE_WAIT_MS = 4000;
function wholePage(route, compact, ask) {
  if (!route || !compact) return Promise.resolve([compact, route]);
  const late = new Promise((resolve) => setTimeout(() => resolve({}), PAGE_WAIT_MS));
  return Promise.race([ask({ type: "page", route }), late]).then((answer) => [answer.html || compact, route]);
}

function showOperation(pane, html, route, ask, withForm) {
  pane.textContent = "";
  if (!html) {
    pane.appendChild(element("p", "ow-muted", "Select an operation to read its reference."));
    return;
  }
  const article = element("article", "ow-operation");
  article.innerHTML = html; // rendered and sanitized by the site's Python templates
  let aside = null;
  if (withForm && route && SITE.orgdocs.mountForm) {
    // the site's own layout: the reference, and beside it (or below, in a narrow pane) the request form
    const layout = element("div", "op-layout");
    const main = element("div", "op-main");
    aside = element("aside", "op-aside ow-form");
    aside.setAttribute("aria-label", "Try it");
    main.appendChild(article);
    layout.appendChild(main);
    layout.appendChild(aside);
    pane.appendChild(layout);
    // in a narrow pane the form comes after the reference: one click away
    const jump = element("button", "button button-small ow-jump", "Try it ↓");
    jump.type = "button";
    jump.addEventListener("click", () => {
      aside.scrollIntoView({ block: "start" });
      const first = aside.querySelector("input, select, textarea, button");
      if (first) first.focus({ preventScroll: true });
    });
    const line = article.querySelector(".op-line");
    if (line) line.appendChild(jump);
    else article.prepend(jump);
  } else {
    pane.appendChild(article);
  }
  // with the form beside it, the reference's static samples give way to the form's live ones
  if (aside) article.querySelectorAll(".op-samples").forEach((section) => section.remove());
  runCodeScript(article);
  pane.scrollTop = 0;
  const needsPayload = article.querySelector("details.schema-lazy");
  if (aside) {
    waitingNote(aside);
    ask({ type: "form", route }).then((answer) => {
      aside.querySelectorAll(".ow-no-kernel").forEach((note) => note.remove());
      if (answer.error || !aside.isConnected) {
        if (answer.error) aside.appendChild(element("p", "notice notice-error", answer.error));
        return;
      }
      mountSiteForm(aside, answer, route, ask);
      runCodeScript(aside);
      if (needsPayload) runSchemaScript(article, answer.payload);
    });
  } else if (route && ask && needsPayload) {
    // schema rows cut on the server open with the site's schema.js, which reads the operation's payload
    ask({ type: "payload", route }).then((answer) => {
      if (!answer.payload || !article.isConnected) return;
      runSchemaScript(article, answer.payload);
    });
  }
}

// a form asked of the kernel: a line saying so if no answer comes soon (the answer replaces the box's content)
function waitingNote(box) {
  const timer = setTimeout(() => {
    if (box.isConnected && !box.querySelector("[data-form]")) box.appendChild(element("p", "hint ow-no-kernel", NO_KERNEL));
  }, KERNEL_WAIT);
  return timer;
}

/* -- the request form: the site's form.js, sending through the kernel -------------------------------------- */

const KEPT = "kept-in-kernel-memory"; // a credential input's text for a credential kept in kernel memory (form_bridge.KEPT)

const FORMS = new Set(); // forms on screen, for what Python changes in them (form-state messages)

function mountSiteForm(aside, answer, route, ask) {
  aside.innerHTML = answer.html; // the site's form template, rendered in the kernel
  let kept = new Set(answer.credentials || []);
  let envs = answer.envs || {}; // scheme:field -> the kernel's environment variable it is read from
  if (answer.undeclared) addUndeclaredAuthorization(aside);
  addEnvChoices(aside);
  const mounted = {
    route,
    refresh(message) {
      if (!aside.isConnected) {
        FORMS.delete(mounted);
        return;
      }
      if (message.credentials) kept = new Set(message.credentials);
      fillForm(aside, message.state || {});
      showKept();
      const form = aside.querySelector("[data-form]");
      if (form) form.dispatchEvent(new Event("input", { bubbles: true })); // the preview and samples follow
    },
  };
  FORMS.add(mounted);
  function heard(reply) {
    if (reply.credentials) kept = new Set(reply.credentials);
    if (reply.envs) envs = reply.envs;
  }
  function showKept() {
    aside.querySelectorAll("[data-cred-scheme]").forEach((input) => {
      const key = input.getAttribute("data-cred-scheme") + ":" + input.getAttribute("data-cred-field");
      const fromEnv = input.closest(".field").querySelector("[data-env-choice]");
      if (fromEnv && envs[key] && !fromEnv.checked) {
        fromEnv.checked = true;
        envMode(input, true);
      }
      if (fromEnv && fromEnv.checked) {
        if (envs[key] && input.value !== envs[key] && input.getRootNode().activeElement !== input) input.value = envs[key];
      } else if (kept.has(key)) input.value = KEPT;
      else if (input.value === KEPT) input.value = "";
    });
  }
  const store = {
    // the form's credential store: typed credentials go to kernel memory, by message; the view only knows
    // which ones are kept there, never their values
    get(key) {
      const [scheme, field] = key.split(":").slice(-2);
      return kept.has(scheme + ":" + field) ? { value: KEPT, remembered: false } : null;
    },
    set(key, value) {
      const [scheme, field] = key.split(":").slice(-2);
      if (value === KEPT) return;
      const input = aside.querySelector(`[data-cred-scheme="${CSS.escape(scheme)}"][data-cred-field="${CSS.escape(field)}"]`);
      const choice = input && input.closest(".field").querySelector("[data-env-choice]");
      // from an environment variable: what is typed is the variable's name, never a credential
      const message = choice && choice.checked ? { env: value || "" , value: "" } : { value: value || "" };
      if (message.env !== undefined && !/^[A-Z][A-Z0-9_]*$/.test(message.env)) return; // a name being typed
      ask({ type: "credential", route, scheme, field, ...message }).then(heard);
    },
  };
  // form.js disables Send while it sends, which drops the focus to the page's body, where the next keys would
  // reach the notebook: the form's box holds the focus meanwhile, and Send has it back when it is enabled again
  aside.tabIndex = -1;
  const send = () => {
    const button = aside.querySelector("[data-send]");
    const shadow = aside.getRootNode();
    const held = button && (shadow.activeElement === button || !shadow.activeElement);
    if (held) aside.focus({ preventScroll: true });
    const giveBack = () => setTimeout(() => {
      if (held && button.isConnected && !button.disabled && (shadow.activeElement === aside || !shadow.activeElement)) button.focus({ preventScroll: true });
    });
    return ask({ type: "send", route, state: formState(aside) }).then((reply) => {
      heard(reply);
      if (reply.error) throw new Error(reply.error);
      if (reply.table) setTimeout(() => addTable(aside, reply.table, reply.paged ? () => ask({ type: "pages", route }) : null));
      return reply;
    }).finally(giveBack);
  };
  fillForm(aside, answer.state || {});
  // servers resolve as the kernel resolves them (a protocol-relative one as https, not as the notebook's page)
  const pageUrl = answer.pageUrl || location.href.replace(/^http:/, "https:");
  SITE.orgdocs.mountForm(aside, { payload: answer.payload, send, store, group: answer.group, pageUrl });
  // credentials here live in the kernel, not in this browser: the form's storage choices do not apply
  aside.classList.add("ow-kernel-credentials");
  const box = aside.querySelector("[data-credentials]");
  if (box) box.appendChild(element("p", "hint ow-kept-note", "Kept in kernel memory only, for every form of this API: never in the notebook, its widget state or an export."));
  showKept();
  addCodeActions(aside, route, ask);
}

// a description that declares no security scheme (GitHub's): an Authorization the kernel sends all the same
function addUndeclaredAuthorization(aside) {
  const form = aside.querySelector("[data-form]");
  if (!form || form.querySelector("[data-credentials]")) return;
  const box = element("fieldset", "credentials");
  box.setAttribute("data-credentials", "");
  box.appendChild(element("legend", "", "Authentication"));
  const field = element("div", "field");
  const label = element("label", "", "Authorization (not declared by the description)");
  const input = element("input");
  input.id = "try-undeclared-authorization";
  label.htmlFor = input.id;
  input.type = "password";
  input.autocomplete = "off";
  input.spellcheck = false;
  input.placeholder = "a token (sent as Bearer) or a whole Authorization value";
  input.setAttribute("data-cred-scheme", "Authorization");
  input.setAttribute("data-cred-field", "value");
  field.appendChild(label);
  field.appendChild(input);
  box.appendChild(field);
  box.appendChild(element("p", "hint", "The description declares no security scheme; the kernel sends this as the Authorization header, to this API only."));
  form.insertBefore(box, form.querySelector("fieldset") || form.firstChild);
}

function envMode(input, on) {
  input.type = on ? "text" : "password";
  input.placeholder = on ? "the name of an environment variable of the kernel" : input.getAttribute("data-placeholder") || "";
  if (!on && /^[A-Z][A-Z0-9_]*$/.test(input.value)) input.value = "";
}

// beside each credential input: read it from an environment variable of the kernel instead of typing it here
function addEnvChoices(aside) {
  aside.querySelectorAll("[data-cred-scheme]").forEach((input) => {
    input.setAttribute("data-placeholder", input.placeholder);
    const choice = element("input");
    choice.type = "checkbox";
    choice.setAttribute("data-env-choice", "");
    const label = element("label", "ow-env-choice");
    label.appendChild(choice);
    label.appendChild(document.createTextNode(" from an environment variable"));
    choice.addEventListener("change", () => {
      input.value = "";
      envMode(input, choice.checked);
      input.dispatchEvent(new Event("input", { bubbles: true })); // forgets what the kernel held
      input.focus();
    });
    input.insertAdjacentElement("afterend", label);
  });
}

// the request as a notebook cell: with httpx, or a RequestForm; credentials read from environment variables
function addCodeActions(aside, route, ask) {
  const send = aside.querySelector("[data-send]");
  if (!send) return;
  const row = element("div", "ow-code-actions");
  const shown = element("div", "ow-code-shown");
  [["httpx", "Copy as code"], ["orgdocs", "Copy as a RequestForm cell"]].forEach(([style, text]) => {
    const button = element("button", "button button-small", text);
    button.type = "button";
    button.addEventListener("click", () => {
      ask({ type: "code", route, style, state: formState(aside) }).then((reply) => {
        shown.textContent = "";
        if (reply.error) {
          shown.appendChild(element("p", "notice notice-error", reply.error));
          return;
        }
        const pre = element("pre", "ow-code");
        pre.tabIndex = 0;
        pre.textContent = reply.code;
        const said = element("p", "hint", "Paste it into a cell: it sends this request again, credentials read from environment variables.");
        shown.appendChild(said);
        shown.appendChild(pre);
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(reply.code).then(
            () => { said.textContent = "Copied. " + said.textContent; },
            () => {},
          );
        }
      });
    });
    row.appendChild(button);
  });
  send.insertAdjacentElement("afterend", row);
  row.insertAdjacentElement("afterend", shown);
}

function formState(root) {
  const form = root.querySelector("[data-form]");
  const state = { values: {}, variables: {}, headers: [] };
  if (!form) return state;
  form.querySelectorAll("[data-param-name]").forEach((input) => {
    const key = input.getAttribute("data-param-in") + ":" + input.getAttribute("data-param-name");
    state.values[key] = input.type === "checkbox" ? input.checked : input.value;
  });
  const server = form.querySelector("[data-server]");
  if (server) {
    state.server = parseInt(server.value, 10) || 0;
    const box = form.querySelector('[data-server-vars="' + server.value + '"]');
    if (box) box.querySelectorAll("[data-var]").forEach((input) => { state.variables[input.getAttribute("data-var")] = input.value; });
  }
  const auth = form.querySelector("[data-auth]");
  if (auth) state.auth = parseInt(auth.value, 10) || 0;
  form.querySelectorAll("[data-header-row]").forEach((row) => {
    const inputs = row.querySelectorAll("input");
    if (inputs.length >= 2) state.headers.push([inputs[0].value, inputs[1].value]);
  });
  const media = form.querySelector("[data-media]");
  if (media) state.mediaType = media.value;
  const body = form.querySelector("[data-body]");
  if (body) state.body = body.value;
  return state;
}

function fillForm(root, state) {
  // what the kernel's form holds (values given in Python, a server chosen there) shown in the inputs
  const form = root.querySelector("[data-form]");
  if (!form) return;
  const values = state.values || {};
  form.querySelectorAll("[data-param-name]").forEach((input) => {
    const key = input.getAttribute("data-param-in") + ":" + input.getAttribute("data-param-name");
    if (!(key in values)) return;
    if (input.type === "checkbox") input.checked = !!values[key];
    else input.value = values[key] === null || values[key] === undefined ? "" : String(values[key]);
  });
  const server = form.querySelector("[data-server]");
  if (server && typeof state.server === "number" && server.options[state.server]) {
    server.value = String(state.server);
    form.querySelectorAll("[data-server-vars]").forEach((box) => { box.hidden = box.getAttribute("data-server-vars") !== server.value; });
    const box = form.querySelector('[data-server-vars="' + server.value + '"]');
    Object.entries(state.variables || {}).forEach(([name, value]) => {
      if (box) box.querySelectorAll("[data-var]").forEach((input) => { if (input.getAttribute("data-var") === name) input.value = value; });
    });
  }
  const media = form.querySelector("[data-media]");
  if (media && state.mediaType) media.value = state.mediaType;
  const body = form.querySelector("[data-body]");
  if (body && typeof state.body === "string") body.value = state.body;
}

function addTable(root, html, morePages) {
  const view = root.querySelector("[data-response]");
  if (!view || view.hidden) return;
  const details = element("details", "ow-table");
  const summary = element("summary", "", "Table");
  details.appendChild(summary);
  const box = element("div", "ow-table-box");
  box.innerHTML = html; // pandas' HTML with every value escaped (form_bridge.table_html)
  details.appendChild(box);
  if (morePages) {
    // the description says how this list pages: the kernel follows it into one table
    const button = element("button", "button button-small", "Follow the pages");
    button.type = "button";
    button.addEventListener("click", () => {
      button.disabled = true;
      button.textContent = "Fetching…";
      morePages().then((answer) => {
        if (answer.error) box.prepend(element("p", "notice notice-error", answer.error));
        else box.innerHTML = answer.table;
        button.remove();
      });
    });
    details.appendChild(button);
  }
  const status = view.querySelector(".response-status");
  if (status && status.nextSibling) view.insertBefore(details, status.nextSibling);
  else view.appendChild(details);
}

// a page's document as a script of the site finds it, scoped to one view's ``root`` (``payload``: the
// operation's payload, which schema.js reads from #orgdocs-payload)
function scopedDocument(root, payload) {
  const text = payload === undefined ? "" : JSON.stringify(payload);
  return new Proxy(document, {
    get(target, name) {
      if (name === "getElementById") {
        return (id) => (id === "orgdocs-payload" ? { textContent: text } : root.querySelector("#" + CSS.escape(id)));
      }
      if (name === "querySelectorAll") return (selector) => root.querySelectorAll(selector);
      if (name === "querySelector") return (selector) => root.querySelector(selector);
      const value = Reflect.get(target, name);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

// the window code.js sees in a view: no location and no listeners (the notebook's address is not the view's,
// and a hashchange listener on the notebook's window would outlive the view)
const VIEW_WINDOW = new Proxy(SITE, {
  get(target, name) {
    if (name === "location" || name === "addEventListener") return undefined;
    return Reflect.get(target, name);
  },
});

function runSchemaScript(root, payload) {
  SITE_SCRIPTS.schema(SITE, scopedDocument(root, payload));
}

function runCodeScript(root) {
  SITE_SCRIPTS.code(VIEW_WINDOW, scopedDocument(root)); // sample tabs and Copy buttons, as on the page
}

/* -- the navigator: search box, results or the whole navigation, keyboard ------------------------------ */

function navigator(model, root, ask, signal, onOpen) {
  const box = element("div", "ow-nav");
  const search = element("div", "search ow-search");
  search.setAttribute("role", "search");
  const input = element("input", "search-input");
  input.type = "search";
  input.placeholder = "Search endpoints  /";
  input.autocomplete = "off";
  input.spellcheck = false;
  input.setAttribute("aria-label", "Search endpoints");
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "true");
  const status = element("p", "ow-status", "Loading the operations…");
  status.setAttribute("aria-live", "polite");
  const listId = "ow-list-" + Math.random().toString(36).slice(2);
  // two lists: the whole navigation, built once and kept laid out while a search shows (content-visibility),
  // so that clearing the search costs nothing; and the results of the current search
  const navList = makeList(listId + "-nav", "Operations");
  const resultList = makeList(listId + "-found", "Search results");
  resultList.hidden = true;
  let list = navList;
  input.setAttribute("aria-controls", navList.id);
  search.appendChild(input);
  box.appendChild(search);
  box.appendChild(status);
  box.appendChild(navList);
  box.appendChild(resultList);

  function makeList(id, label) {
    const ul = element("ul", "ow-list");
    ul.id = id;
    ul.tabIndex = 0;
    ul.setAttribute("role", "listbox");
    ul.setAttribute("aria-label", label);
    return ul;
  }

  function showList(which) {
    if (list === which) return;
    list = which;
    navList.toggleAttribute("data-away", which !== navList);
    resultList.hidden = which !== resultList;
    if (which === navList) resultList.replaceChildren();
    input.setAttribute("aria-controls", which.id);
  }
  root.appendChild(box);

  let data = null;
  let options = []; // the <li role=option> drawn, in order
  let active = -1;

  function row(entry, key) {
    const li = element("li", "ow-row" + (entry.deprecated ? " nav-deprecated" : ""));
    li.id = listId + "-" + key;
    li.setAttribute("role", "option");
    li.setAttribute("data-route", entry.route);
    li.setAttribute("aria-selected", entry.route === model.get("value") ? "true" : "false");
    li.appendChild(methodBadge(entry.method));
    const text = element("span", "ow-row-text");
    text.appendChild(element("span", "ow-title", entry.title));
    text.appendChild(pathCode(entry.path));
    li.appendChild(text);
    if (entry.deprecated) li.title = "deprecated";
    return li;
  }

  let navigation = null; // the whole navigation's nodes and options, built once: clearing the search is free
  let showAll = false; // the reader asked for every result of this query

  function buildNavigation() {
    const nodes = [];
    const rows = [];
    let counter = 0;
    data.index.navigation.forEach((group) => {
      const sections = group.sections.filter((s) => s.items.some((item) => item.kind === "operation"));
      if (!sections.length) return;
      if (data.index.navigation.length > 1) nodes.push(heading("ow-group", group.group));
      sections.forEach((section) => {
        nodes.push(heading("ow-heading", section.title));
        section.items.forEach((item) => {
          if (item.kind !== "operation") return;
          const entry = data.byRoute.get(item.route) || item;
          const li = row({ ...entry, title: item.title, deprecated: item.deprecated }, "n" + counter++);
          nodes.push(li);
          rows.push(li);
        });
      });
    });
    return { nodes, rows };
  }

  function heading(className, text) {
    const li = element("li", className, text);
    li.setAttribute("role", "presentation");
    return li;
  }

  function draw() {
    if (!data) return;
    const query = (model.get("query") || "").trim();
    const total = data.index.endpoints.length;
    if (!query) {
      if (!navigation) {
        navigation = buildNavigation();
        navList.replaceChildren(...navigation.nodes);
      }
      showList(navList);
      options = navigation.rows;
      markSelected();
      status.textContent = `${total.toLocaleString("en")} operations`;
      const selected = options.findIndex((li) => li.getAttribute("data-route") === model.get("value"));
      setActive(selected, false);
      return;
    }
    const found = data.search.search(query);
    const shown = showAll ? found : found.slice(0, MAX_ROWS);
    const fragment = document.createDocumentFragment();
    options = shown.map((entry, i) => {
      const li = row(entry, "r" + i);
      li.querySelector(".ow-row-text").appendChild(element("span", "ow-section", entry.section));
      fragment.appendChild(li);
      return li;
    });
    if (shown.length < found.length) {
      const more = element("li", "ow-more");
      more.setAttribute("role", "presentation");
      const button = element("button", "button button-small", `Show all ${found.length.toLocaleString("en")}`);
      button.type = "button";
      button.addEventListener("click", () => {
        showAll = true;
        draw();
      });
      more.appendChild(button);
      fragment.appendChild(more);
    }
    resultList.replaceChildren(fragment);
    showList(resultList);
    resultList.scrollTop = 0;
    if (!found.length) status.textContent = "No operation matches “" + query + "”.";
    else status.textContent = `${found.length.toLocaleString("en")} of ${total.toLocaleString("en")} operations match`;
    active = -1;
    setActive(0, false);
  }

  let activeRow = null;

  function setActive(position, scroll) {
    if (activeRow) activeRow.classList.remove("is-active");
    activeRow = null;
    if (!options.length || position < 0) {
      active = -1;
      input.removeAttribute("aria-activedescendant");
      navList.removeAttribute("aria-activedescendant");
      resultList.removeAttribute("aria-activedescendant");
      return;
    }
    active = Math.max(0, Math.min(position, options.length - 1));
    const li = options[active];
    activeRow = li;
    li.classList.add("is-active");
    input.setAttribute("aria-activedescendant", li.id);
    list.setAttribute("aria-activedescendant", li.id);
    if (scroll) li.scrollIntoView({ block: "nearest" });
  }

  function open(position) {
    const li = options[position];
    if (!li) return;
    setActive(position, true);
    const route = li.getAttribute("data-route");
    model.set("value", route);
    model.save_changes();
    markSelected();
    if (onOpen) onOpen(route);
  }

  function markSelected() {
    const route = model.get("value");
    options.forEach((li) => li.setAttribute("aria-selected", li.getAttribute("data-route") === route ? "true" : "false"));
  }

  function onKey(event) {
    // the widget's keys stay in the widget: JupyterLab must not move its cells on an arrow key
    const page = Math.max(1, Math.floor(list.clientHeight / 32));
    const moves = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    if (event.key in moves) {
      setActive(active < 0 ? 0 : active + moves[event.key], true);
    } else if (event.key === "Home" && event.target === list) {
      setActive(0, true);
    } else if (event.key === "End" && event.target === list) {
      setActive(options.length - 1, true);
    } else if (event.key === "Enter") {
      open(active < 0 ? 0 : active);
    } else if (event.key === "Escape" && event.target === input && input.value) {
      input.value = "";
      typed();
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  }

  let pending = null;
  function typed() {
    showAll = false;
    model.set("query", input.value);
    draw();
    // the kernel hears the query once typing pauses: a keystroke never waits for a message
    clearTimeout(pending);
    pending = setTimeout(() => model.save_changes(), 150);
  }

  input.addEventListener("input", typed, { signal });
  input.addEventListener("keydown", onKey, { signal });
  [navList, resultList].forEach((ul) => {
    ul.addEventListener("keydown", onKey, { signal });
    ul.addEventListener("click", (event) => {
      const li = event.target.closest("[role=option]");
      if (li) open(options.indexOf(li));
    }, { signal });
  });

  listen(model, "change:query", () => {
    if (input.value === model.get("query")) return;
    if (input.getRootNode().activeElement === input) {
      // the reader is typing: what comes back from the kernel (the query saved at the last pause, echoed)
      // is older than the keys typed since; the box wins and the kernel hears it at the next pause
      model.set("query", input.value);
      clearTimeout(pending);
      pending = setTimeout(() => model.save_changes(), 150);
      return;
    }
    input.value = model.get("query");
    draw();
  }, signal);
  listen(model, "change:value", () => {
    markSelected();
    const index = options.findIndex((li) => li.getAttribute("data-route") === model.get("value"));
    if (index >= 0) setActive(index, true);
  }, signal);

  input.value = model.get("query") || "";
  const silent = setTimeout(() => {
    if (!data) {
      status.textContent = NO_KERNEL;
      status.classList.add("ow-no-kernel");
    }
  }, KERNEL_WAIT);
  signal.addEventListener("abort", () => clearTimeout(silent));
  loadIndex(model, ask).then((loaded) => {
    status.classList.remove("ow-no-kernel");
    data = loaded;
    draw();
    const selected = list.querySelector('[aria-selected="true"]');
    if (selected) selected.scrollIntoView({ block: "nearest" });
  }, (error) => {
    status.textContent = "The operations could not be loaded (" + error.message + "). Run the cell again.";
  });

  return {
    focusSearch() {
      input.focus();
      input.select();
    },
  };
}

/* -- the views ----------------------------------------------------------------------------------------- */

function frame(el, signal, kind) {
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
  return root;
}

function render({ model, el }) {
  const controller = new AbortController();
  const signal = controller.signal;
  const kind = model.get("_kind");
  const root = frame(el, signal, kind);
  const channel = kernel(model);
  const ask = channel.ask;

  if (kind === "form") {
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
  } else if (kind === "operation") {
    const pane = element("div", "ow-detail");
    root.appendChild(pane);
    const show = () => wholePage(model.get("_route"), model.get("_html"), ask).then(([html, route]) => showOperation(pane, html, route, ask));
    show();
    listen(model, "change:_html", show, signal);
  } else {
    const title = model.get("_title");
    if (title) root.appendChild(element("h2", "ow-site-title", title));
    const body = element("div", "ow-body");
    root.appendChild(body);
    let pane = null;
    const nav = navigator(model, body, ask, signal, () => pane && pane.focus({ preventScroll: true }));
    if (kind === "explorer") {
      pane = element("div", "ow-detail");
      pane.tabIndex = -1;
      pane.setAttribute("role", "region");
      pane.setAttribute("aria-label", "Operation");
      body.appendChild(pane);
      let shown = 0; // the latest selection wins over a page that comes back late
      const show = () => {
        const ticket = ++shown;
        wholePage(model.get("value"), model.get("_html"), ask).then(([html, route]) => {
          if (ticket === shown) showOperation(pane, html, route, ask, true);
        });
      };
      show();
      listen(model, "change:_html", show, signal);
    }
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
  return () => {
    controller.abort();
    channel.close();
  };
}

export default { render };
