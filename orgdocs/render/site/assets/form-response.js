/* orgdocs: a request form's answer (a part of form.js's form): status, time and size; the headers in a folded
 * table; a JSON body as a tree that folds (json-view.js), its text one click away; Copy, Download; in the
 * browser, the check against the description (check.js; a kernel that sends checks its own answers).
 *
 * An answer is {status, statusText, headers: [[name, value]], text, notes: [string]}, with `redirect` when
 * it was a redirect the form did not follow and `ms` when the host timed the request itself. Every text of
 * it goes in by textContent: it is data, never markup.
 */
import { samples as S } from "./code-samples.js";
import { jsonView, parseJson } from "./json-view.js";
import { copyText } from "./code.js";
import { checkResponse } from "./check.js";

function element(tag, className, text) {
  var node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function showResponse(form, response, milliseconds) {
  var responseView = form.responseView;
  responseView.textContent = "";
  responseView.hidden = false;
  var head = element("p", "response-status");
  // the kernel times its own request (without the trip to the kernel); the browser times fetch
  var took = Math.round(typeof response.ms === "number" ? response.ms : milliseconds) + " ms";
  if (response.redirect) {
    head.appendChild(element("span", "status status-redirect", "3xx"));
    head.appendChild(document.createTextNode(" Redirect, not followed · " + took));
    responseView.appendChild(head);
    (response.notes || []).forEach(function (note) { responseView.appendChild(element("p", "hint", note)); });
    return;
  }
  var family = { 1: "info", 2: "success", 3: "redirect", 4: "client-error", 5: "server-error" }[String(response.status)[0]] || "other";
  head.appendChild(element("span", "status status-" + family, String(response.status)));
  var size = new TextEncoder().encode(response.text || "").length;
  head.appendChild(document.createTextNode(" " + (response.statusText || "") + " · " + took + " · " + sizeText(size)));
  responseView.appendChild(head);
  responseView.appendChild(headersTable(response.headers));
  var parsed = parseJson(response.text);
  var pretty = parsed.ok ? JSON.stringify(parsed.value, null, 2) : response.text;
  var tree = parsed.ok && parsed.value !== null && typeof parsed.value === "object" ? jsonView(parsed.value) : null;
  var pre = element("pre", "code response-body");
  pre.tabIndex = 0; // it scrolls: reachable with the keyboard, named for what it holds
  pre.setAttribute("role", "region");
  pre.setAttribute("aria-label", tree ? "Response body as text" : "Response body");
  var code = element("code", parsed.ok ? "hl" : "");
  // JSON coloured as the build colours the examples (S.jsonTokens: _highlight.py's rule)
  if (parsed.ok) code.appendChild(S.colouredPieces(S.jsonTokens(pretty)));
  else code.textContent = pretty || "(empty body)";
  pre.appendChild(code);
  if (response.text) responseView.appendChild(bodyActions(response, pretty, parsed.ok, tree, pre));
  if (tree) {
    pre.hidden = true; // the tree shows it; "Text" shows this instead
    responseView.appendChild(tree.element);
  }
  responseView.appendChild(pre);
  (response.notes || []).forEach(function (note) { responseView.appendChild(element("p", "hint", note)); });
  if (form.checks) showCheck(form, response);
}

/* the answer's headers: a table, folded, its summary saying how many */
function headersTable(headers) {
  var box = element("details", "response-headers");
  box.appendChild(element("summary", "", "Headers (" + headers.length + ")"));
  var table = element("table", "headers headers-table");
  var caption = element("caption", "visually-hidden", "Response headers");
  table.appendChild(caption);
  var rows = element("tbody");
  headers.forEach(function (h) {
    var row = element("tr");
    var name = element("th", "", h[0]);
    name.scope = "row";
    row.appendChild(name);
    row.appendChild(element("td", "", h[1]));
    rows.appendChild(row);
  });
  table.appendChild(rows);
  box.appendChild(table);
  return box;
}

function sizeText(bytes) {
  if (bytes < 1024) return bytes + " B";
  if (bytes < 1024 * 1024) return (bytes / 1024).toFixed(1) + " KB";
  return (bytes / (1024 * 1024)).toFixed(1) + " MB";
}

/* Copy (the body as shown) and Download (the body as it came, named by its status and media type) */
function bodyActions(response, shown, json, tree, pre) {
  var box = element("div", "response-actions");
  if (tree) {
    var asText = element("button", "button button-small", "Text");
    asText.type = "button";
    asText.setAttribute("aria-pressed", "false");
    asText.setAttribute("aria-label", "Show the response body as text");
    asText.addEventListener("click", function () {
      var text = asText.getAttribute("aria-pressed") !== "true";
      asText.setAttribute("aria-pressed", String(text));
      pre.hidden = !text;
      tree.element.hidden = text;
      box.querySelectorAll("[data-tree-action]").forEach(function (b) { b.disabled = text; });
    });
    box.appendChild(asText);
    [["Expand all", true], ["Collapse all", false]].forEach(function (spec) {
      var button = element("button", "button button-small", spec[0]);
      button.type = "button";
      button.setAttribute("data-tree-action", "");
      button.addEventListener("click", function () { tree.setOpen(spec[1]); });
      box.appendChild(button);
    });
  }
  var copy = element("button", "button button-small", "Copy");
  copy.type = "button";
  copy.setAttribute("aria-label", "Copy the response body");
  var status = element("span", "visually-hidden");
  status.setAttribute("aria-live", "polite");
  copy.addEventListener("click", function () {
    copyText(shown).then(function () {
      copy.textContent = "Copied";
      status.textContent = "Copied to the clipboard";
    }, function () {
      copy.textContent = "Copy failed";
      status.textContent = "The browser refused to copy: select the text instead";
    });
  });
  var save = element("button", "button button-small", "Download");
  save.type = "button";
  save.setAttribute("aria-label", "Download the response body");
  save.addEventListener("click", function () {
    var type = "";
    response.headers.forEach(function (h) { if (h[0].toLowerCase() === "content-type") type = h[1]; });
    var url = URL.createObjectURL(new Blob([response.text], { type: type || "text/plain" }));
    var link = element("a");
    link.href = url;
    link.download = "response-" + response.status + (json ? ".json" : ".txt");
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
  });
  box.insertBefore(save, box.firstChild);
  box.insertBefore(copy, save);
  box.appendChild(status);
  return box;
}

function showCheck(form, response) {
  var responseView = form.responseView;
  var view = responseView.firstChild;
  checkResponse(form.payload, response.status, response.headers, response.text).then(function (found) {
    if (responseView.firstChild !== view) return; // another answer is shown meanwhile
    var box = element("div", "response-check");
    box.setAttribute("role", "status");
    var ok = found.differences.length === 0;
    var said = ok ? "The answer matches the description." : found.differences.length + " difference" + (found.differences.length > 1 ? "s" : "") + " from the description:";
    box.appendChild(element("p", ok ? "check-ok" : "check-differs", (ok ? "✓ " : "✗ ") + said));
    if (!ok) {
      var list = element("ul", "check-differences");
      found.differences.slice(0, 20).forEach(function (d) {
        var item = element("li");
        item.appendChild(element("code", "", d.pointer || "/"));
        item.appendChild(document.createTextNode(": expected " + d.expected + ", got " + d.actual));
        list.appendChild(item);
      });
      box.appendChild(list);
    }
    found.notes.forEach(function (note) { box.appendChild(element("p", "hint", note)); });
    responseView.insertBefore(box, view.nextSibling);
  }, function (error) {
    if (responseView.firstChild === view) responseView.appendChild(element("p", "hint", "Not checked against the description: " + error.message));
  });
}

function showError(form, message) {
  var responseView = form.responseView;
  responseView.textContent = "";
  responseView.hidden = false;
  responseView.appendChild(element("p", "notice notice-error", message));
}

export const response = { show: showResponse, showError: showError };
