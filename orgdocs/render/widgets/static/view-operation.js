/* -- the operation pane: the reference the site's Python templates render, the form beside it -------------- *
 * The site's page scripts run against the pane (scopedDocument): schema.js opens folded components with the
 * trees the kernel renders, code.js wires sample tabs and Copy buttons, as on a page of the site. */

// the whole reference of `route` from the kernel, when the kernel has it (`ready`: it said so by the synced
// `_shown`); what the view's snapshot output keeps of it (error answers by their status line, `kept`) when no
// kernel answers within KERNEL_WAIT, else the kernel's answer whenever it comes. Third: whether it is whole.
function wholePage(route, ready, ask, kept) {
  if (!route || !ready) return Promise.resolve(["", route, false]);
  const late = new Promise((resolve) => setTimeout(() => {
    const html = kept(route);
    if (html) resolve({ kept: html });
  }, KERNEL_WAIT));
  return Promise.race([ask({ type: "page", route }), late]).then((answer) => [answer.html || answer.kept || "", route, !!answer.html]);
}

// the reference of `route` in the snapshot output the view displayed after itself (a saved notebook keeps it
// there, once, not in widget state: _site_widget.SiteWidget._snapshot_bundle), drawn by the host; "" if none
function keptReference(el, route) {
  const output = el.closest(".jp-OutputArea-child");
  const twin = output && output.nextElementSibling;
  const article = twin && twin.querySelector(".orgdocs-widget-snapshot > article[data-route]");
  return article && article.getAttribute("data-route") === route ? article.outerHTML : "";
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
  runSchemaScript(article, route, ask);
  pane.scrollTop = 0;
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
    });
  }
}

// a page's document as a script of the site finds it, scoped to one view's ``root``
function scopedDocument(root) {
  return new Proxy(document, {
    get(target, name) {
      if (name === "getElementById") return (id) => root.querySelector("#" + CSS.escape(id));
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

// a folded component's fields, as its page on the site has them: the kernel renders its tree (none within
// KERNEL_WAIT: schema.js says they could not be loaded)
function componentTree(route, ask) {
  return (ref) => {
    const late = new Promise((resolve, reject) => setTimeout(() => reject(new Error("no kernel")), KERNEL_WAIT));
    return Promise.race([ask({ type: "tree", route, ref }), late]).then((answer) => {
      if (answer.error) throw new Error(answer.error);
      return answer.html;
    });
  };
}

function runSchemaScript(root, route, ask) {
  const tree = route && ask ? componentTree(route, ask) : undefined;
  const view = new Proxy(VIEW_WINDOW, {
    get(target, name) {
      return name === "orgdocsComponentTree" ? tree : Reflect.get(target, name);
    },
  });
  SITE_SCRIPTS.schema(view, scopedDocument(root));
}

function runCodeScript(root) {
  SITE_SCRIPTS.code(VIEW_WINDOW, scopedDocument(root)); // sample tabs and Copy buttons, as on the page
}
