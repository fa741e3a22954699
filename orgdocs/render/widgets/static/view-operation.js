/* -- the operation pane: the reference the site's Python templates render, the form beside it -------------- *
 * The site's modules work on the pane as on a page of the site: schema.js opens folded components with the
 * trees the kernel renders, code.js wires sample tabs and Copy buttons. */
import { schemaTrees } from "../../site/assets/schema.js";
import { codeBlocks } from "../../site/assets/code.js";
import { samples } from "../../site/assets/code-samples.js";
import { element } from "./view-frame.js";
import { KERNEL_WAIT, waitingNote } from "./view-kernel.js";
import { mountSiteForm } from "./view-form.js";

// the whole reference of `route` from the kernel, when the kernel has it (`ready`: it said so by the synced
// `_shown`); what the view's snapshot output keeps of it (error answers by their status line, `kept`) when no
// kernel answers within KERNEL_WAIT, else the kernel's answer whenever it comes. Third: whether it is whole.
export function wholePage(route, ready, ask, kept) {
  if (!route || !ready) return Promise.resolve(["", route, false]);
  const late = new Promise((resolve) => setTimeout(() => {
    const html = kept(route);
    if (html) resolve({ kept: html });
  }, KERNEL_WAIT));
  return Promise.race([ask({ type: "page", route }), late]).then((answer) => [answer.html || answer.kept || "", route, !!answer.html]);
}

// the reference of `route` in the snapshot output the view displayed after itself (a saved notebook keeps it
// there, once, not in widget state: _site_widget.SiteWidget._snapshot_bundle), drawn by the host; "" if none
export function keptReference(el, route) {
  const output = el.closest(".jp-OutputArea-child");
  const twin = output && output.nextElementSibling;
  const article = twin && twin.querySelector(".orgdocs-widget-snapshot > article[data-route]");
  return article && article.getAttribute("data-route") === route ? article.outerHTML : "";
}

export function showOperation(pane, html, route, ask, withForm) {
  pane.textContent = "";
  if (!html) {
    const hint = pane.appendChild(element("p", "ow-muted", "Select an operation to read its reference."));
    // meanwhile, the API's own introduction, as the site's landing page gives it (unless one is chosen first)
    if (ask) ask({ type: "overview" }).then((answer) => {
      if (!answer.html || !hint.isConnected || hint.nextSibling) return;
      const overview = pane.appendChild(element("div", "ow-overview-box"));
      overview.innerHTML = answer.html; // rendered and sanitized by the site's Python templates
      runCodeScript(overview);
    });
    return;
  }
  const article = element("article", "ow-operation");
  article.innerHTML = html; // rendered and sanitized by the site's Python templates
  let aside = null;
  if (withForm && route) {
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

// the pane's schema trees; the page's address is the notebook's, not the view's: not followed
function runSchemaScript(root, route, ask) {
  schemaTrees(root, { componentTree: route && ask ? componentTree(route, ask) : undefined });
}

// sample tabs and Copy buttons, as on the page
export function runCodeScript(root) {
  codeBlocks(root, { samples });
}
