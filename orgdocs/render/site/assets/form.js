/* orgdocs: the request form of an operation page.
 *
 * mountForm(root, {payload, send, store, pageUrl, placeholderName}) wires one rendered form (the
 * [data-try] section of orgdocs/render/site/templates/orgdocs/operation_form.html.j2). It reads every input (the rules of
 * orgdocs/render/site/_form.py parse_input) and on every change rebuilds the request with
 * request.js buildRequest: the URL preview and the code samples (code.js) follow live, credentials shown as
 * placeholders. Send checks the request first (request.js requestProblems: a message next to the field,
 * nothing sent), then hands it to `send`.
 *
 * Two small objects are all a host provides, so the same form runs in a notebook with a kernel transport and
 * kernel-memory credentials:
 *   send(request) -> Promise of {status, statusText, headers: [[name, value]], text, notes: [string]};
 *     request is {method, url, headers: [[name, value]], body: string | null, fields: [[name, value]] | null}.
 *     Default: the browser's fetch (a Cookie header cannot be set by a page: it is left out, with a note).
 *   store: get(key) -> {value, remembered} | null; set(key, value, remember); optionally forget(prefixes),
 *     which removes every key starting with one of them. Keys are "orgdocs:cred:<api>:<scheme>:<field>",
 *     <api> the API the credential was typed for (the form's data-api: a digest of the description and its
 *     declared servers, orgdocs/render/site/_form.py api_key), never the group or the scheme name alone: two
 *     APIs that both call their scheme "bearerAuth" do not share it. Default: sessionStorage, or
 *     localStorage when the reader ticks "remember on this device"; nothing is stored anywhere else.
 * Send never follows a redirect (fetch's redirect: "manual"): the credentials it carries would go wherever the
 * Location points. The redirect is shown instead.
 * An oauth2 or openIdConnect scheme gets an Authorize panel (oauth.js) whose token goes where a typed one goes:
 * store.set, for this API. In a notebook (a host's own send) the panel is replaced by a line naming
 * RequestForm.authorize, the kernel's device flow.
 * The answer: status, time and size; the headers in a folded table; a JSON body as a tree that folds
 * (json-view.js), its text one click away; Copy, Download; the check against the description.
 * The page script mounts every form with the defaults.
 *
 * Each job is a module of its own, imported here, that exports its part and takes the mounted form (openForm below: its elements, payload, host and update()):
 *   form-state.js        what the inputs say: the parse rules, the request, its preview and samples
 *   form-credentials.js  typed credentials and their store, Forget, OAuth's Authorize panel
 *   form-body.js         the body editor: the example of the chosen media type, required fields first
 *   form-send.js         Send: the checks, the browser's fetch, the host's send
 *   form-response.js     the answer (json-view.js draws a JSON body as a tree)
 * This one opens a form, wires its inputs to those parts and mounts the page's forms.
 */
import { request as R } from "./request.js";
import { state } from "./form-state.js";
import { credentials, browserStore } from "./form-credentials.js";
import { body } from "./form-body.js";
import { send, browserSend } from "./form-send.js";
import { checkResponse } from "./check.js";

function element(tag, className, text) {
  var node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function uuid() {
  if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
  var b = new Uint8Array(16);
  window.crypto.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  var hex = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).slice(1); }).join("");
  return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20);
}

/* -- one form: what every part reads ------------------------------------------------------------------ */

function pagePayload() {
  var payloadElement = document.getElementById("orgdocs-payload");
  return payloadElement ? JSON.parse(payloadElement.textContent) : null;
}

/* the form in `root`, its host's send and store (the browser's by default), or null if there is none */
function openForm(root, options) {
  var formElement = root.querySelector("[data-form]");
  var payload = options.payload || pagePayload();
  if (!R || !formElement || !payload) return null;
  var group = options.group || document.body.getAttribute("data-group") || payload.group || "";
  var credentialBox = formElement.querySelector("[data-credentials]");
  var find = function (selector) { return formElement.querySelector(selector); };
  return {
    root: root,
    element: formElement,
    payload: payload,
    operation: payload.operation,
    schemes: payload.securitySchemes || {},
    alternatives: R.securityAlternatives(payload.operation.security),
    group: group,
    // the API the credentials belong to: a group may hold several APIs whose schemes share names
    api: options.api || (credentialBox && credentialBox.getAttribute("data-api")) || group,
    apiTitle: options.apiTitle || (credentialBox && credentialBox.getAttribute("data-api-title")) || group,
    pageUrl: options.pageUrl || window.location.href,
    descriptionUrl: formElement.getAttribute("data-description-url") || "",
    hosted: !!options.send, // a notebook's form: the kernel sends, keeps the credentials and runs OAuth
    // the host's name for a credential's placeholder in the samples, or null (a notebook's: the environment
    // variable the kernel reads it from); else the scheme's ($TOKEN, $API_KEY...)
    placeholderName: options.placeholderName || null,
    send: options.send || browserSend,
    store: options.store || browserStore,
    // the browser checks its answers against the description (check.js); a kernel that sends checks its own
    checks: !options.send && checkResponse,
    serverSelect: find("[data-server]"),
    authSelect: find("[data-auth]"),
    authChosen: false, // until the reader picks an alternative, the first satisfied one is used
    credentialInputs: formElement.querySelectorAll("[data-cred-scheme]"),
    rememberBox: find("[data-remember]"),
    forgetButton: find("[data-forget]"),
    tokenStatus: find("[data-token-status]"),
    bodyEditor: find("[data-body]"),
    mediaSelect: find("[data-media]"),
    sendButton: find("[data-send]"),
    preview: find("[data-preview-url]"),
    headerRows: find("[data-extra-headers]"),
    responseView: root.querySelector("[data-response]"),
  };
}

/* -- inputs this file adds to: extra headers, generated ids ------------------------------------------- */

function addHeaderRow(form) {
  var headerRows = form.headerRows;
  var index = headerRows.querySelectorAll("[data-header-row]").length + 1;
  var row = element("div", "header-row");
  row.setAttribute("data-header-row", "");
  [["name", "Header name " + index, "X-Example"], ["value", "Header value " + index, "value"]].forEach(function (spec) {
    var input = element("input");
    input.type = "text";
    input.spellcheck = false;
    input.placeholder = spec[2];
    input.setAttribute("aria-label", spec[1]);
    input.setAttribute("data-header-" + spec[0], "");
    row.appendChild(input);
  });
  var remove = element("button", "button button-small", "Remove");
  remove.type = "button";
  remove.setAttribute("aria-label", "Remove header " + index);
  remove.addEventListener("click", function () {
    row.parentNode.removeChild(row);
    form.update();
  });
  row.appendChild(remove);
  headerRows.appendChild(row);
  row.querySelector("input").focus();
}

function selectServer(form) {
  var index = form.serverSelect ? form.serverSelect.value : "0";
  form.element.querySelectorAll("[data-server-vars]").forEach(function (box) {
    box.hidden = box.getAttribute("data-server-vars") !== index;
  });
}

/* -- wiring -------------------------------------------------------------------------------------------- */

function wireButtons(form) {
  form.element.querySelectorAll("[data-generate]").forEach(function (button) {
    button.addEventListener("click", function () {
      var target = form.element.querySelector("#" + button.getAttribute("data-generate"));
      if (target) target.value = uuid();
      form.update();
    });
  });
  var addHeader = form.element.querySelector("[data-add-header]");
  if (addHeader && form.headerRows) addHeader.addEventListener("click", function () { addHeaderRow(form); form.update(); });
}

function wireInputs(form) {
  form.element.addEventListener("input", function (event) {
    if (event.target === form.authSelect) form.authChosen = true; // before update() picks a default again
    form.update();
  });
  form.element.addEventListener("change", function (event) {
    if (event.target === form.serverSelect) selectServer(form);
    if (event.target === form.mediaSelect) body.selectMedia(form);
    if (event.target === form.authSelect) form.authChosen = true;
    form.update();
  });
  form.element.addEventListener("submit", function (event) { send.submit(form, event); });
}

function mount(root, options) {
  var form = openForm(root, options || {});
  if (!form) return null;
  form.update = function () { return state.showRequest(form); };
  body.setup(form);
  credentials.setup(form);
  wireButtons(form);
  wireInputs(form);
  if (form.sendButton) form.sendButton.disabled = false;
  form.update();
  return { update: form.update };
}

export { mount as mountForm };
