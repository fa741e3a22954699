/* orgdocs: what a request form's inputs say, and the request they make (a part of form.js's form).
 *
 * An input's text becomes a value by the rules of orgdocs/project/_inputs.py (readInput, held to
 * them by the case files of tests/cases/inputs); the request is request.js buildRequest's, from the chosen server,
 * the parameters, the body, the extra headers and the chosen security alternative's credentials. On every
 * change the form shows it with placeholders for the credentials: the URL preview and the code samples
 * (code.js writes them in the reader's language from the request handed to each [data-samples] box).
 *
 * Every function takes the form form.js mounted (its elements, its payload; see form.js openForm).
 */
import { request as R } from "./request.js";

var INTEGER = /^-?[0-9]+$/;
var NUMBER = /^-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/;
var KINDS = { select: "enum", checkbox: "boolean", list: "array", json: "object", content: "content", text: "string" };

/* -- an input's value: the rules of orgdocs/project/_inputs.py ---------------------------------------------- */

function scalar(kind, text) {
  if (kind === "integer" || kind === "number") {
    if (INTEGER.test(text) || (kind === "number" && NUMBER.test(text))) return [Number(text), ""];
    return [text, JSON.stringify(text) + " is not " + (kind === "integer" ? "an integer" : "a number")];
  }
  if (kind === "boolean") {
    var lower = text.toLowerCase();
    if (lower === "true" || lower === "false") return [lower === "true", ""];
    return [text, JSON.stringify(text) + " is not true or false"];
  }
  return [text, ""];
}

function array(itemKind, text) {
  if (text.charAt(0) === "[") {
    var value = null;
    try {
      value = JSON.parse(text);
    } catch (error) {
      value = null;
    }
    return Array.isArray(value) ? [value, ""] : [text, "not a JSON array"];
  }
  var problem = "";
  var items = text.split(",").map(function (item) {
    var read = scalar(itemKind, item.trim());
    problem = problem || read[1];
    return read[0];
  });
  return [items, problem];
}

/* [value, problem] of what an input holds (its text, or a checkbox's boolean); kind: {kind, itemKind,
 * required, default}. A text that is not of its kind keeps its lenient value, and Send refuses it. */
function readInput(kind, held) {
  if (kind.kind === "boolean") {
    var checked = held === true || held === "true";
    return [kind.required || checked !== !!kind["default"] ? checked : null, ""];
  }
  if (typeof held !== "string") return [held, ""];
  var text = held.trim();
  if (text === "") return [null, ""];
  if (kind.kind === "integer" || kind.kind === "number") return scalar(kind.kind, text);
  if (kind.kind === "enum") return scalar(kind.itemKind, text);
  if (kind.kind === "array") return array(kind.itemKind, text);
  if (kind.kind === "object") {
    try {
      return [JSON.parse(text), ""];
    } catch (error) {
      return [held, "not JSON"];
    }
  }
  return [held, ""]; // a string or a content parameter: the text as it was typed
}

/* what _form.py's template says of an input: its element (data-kind) and how it is read */
function read(element) {
  var elementKind = element.getAttribute("data-kind");
  var itemType = element.getAttribute("data-item-type") || "string";
  var kind = {
    kind: elementKind === "number" ? itemType : KINDS[elementKind] || "string",
    itemKind: itemType,
    required: element.hasAttribute("data-required"),
    default: element.getAttribute("data-default") === "true",
  };
  return readInput(kind, elementKind === "checkbox" ? element.checked : element.value);
}

/* -- what the inputs hold -------------------------------------------------------------------------------- */

/* each input's [value, problem] by "in:name" */
function readAll(form) {
  var out = {};
  form.element.querySelectorAll("[data-param-name]").forEach(function (input) {
    out[input.getAttribute("data-param-in") + ":" + input.getAttribute("data-param-name")] = read(input);
  });
  return out;
}

function values(form) {
  var out = {};
  var all = readAll(form);
  Object.keys(all).forEach(function (key) { out[key] = all[key][0]; });
  return out;
}

/* {"in:name": problem} of the inputs whose text is not of their kind (shown like requestProblems) */
function inputProblems(form) {
  var out = {};
  var all = readAll(form);
  Object.keys(all).forEach(function (key) {
    if (all[key][1]) out[key] = all[key][1];
  });
  return out;
}

function chosenServer(form) {
  var servers = form.payload.servers || [];
  if (!servers.length) return R.serverUrl("", form.descriptionUrl, form.pageUrl); // no server: "/" (the page's origin)
  var index = form.serverSelect ? parseInt(form.serverSelect.value, 10) || 0 : 0;
  var server = servers[index] || servers[0];
  var url = server.url;
  var box = form.element.querySelector('[data-server-vars="' + index + '"]');
  Object.keys(server.variables || {}).forEach(function (name) {
    var input = null;
    if (box) {
      box.querySelectorAll("[data-var]").forEach(function (candidate) {
        if (candidate.getAttribute("data-var") === name) input = candidate;
      });
    }
    var value = (input && input.value) || server.variables[name]["default"];
    url = url.split("{" + name + "}").join(String(value));
  });
  return R.serverUrl(url, form.descriptionUrl, form.pageUrl);
}

function typedCredentials(form) {
  var out = {};
  form.credentialInputs.forEach(function (input) {
    var scheme = input.getAttribute("data-cred-scheme");
    out[scheme] = out[scheme] || {};
    out[scheme][input.getAttribute("data-cred-field")] = input.value;
  });
  return out;
}

/* the security alternative whose credentials go: the reader's choice, until then the first one satisfied */
function alternative(form) {
  var alternatives = form.alternatives;
  if (!alternatives.length) return [];
  if (!form.authChosen) {
    var index = R.defaultAlternative(alternatives, form.schemes, typedCredentials(form));
    if (form.authSelect) form.authSelect.value = String(index);
    return alternatives[index];
  }
  return alternatives[parseInt(form.authSelect.value, 10) || 0] || alternatives[0];
}

function extraHeaders(form) {
  var out = [];
  if (!form.headerRows) return out;
  form.headerRows.querySelectorAll("[data-header-row]").forEach(function (row) {
    out.push([row.querySelector("[data-header-name]").value, row.querySelector("[data-header-value]").value]);
  });
  return out;
}

function mediaType(form) {
  if (form.mediaSelect) return form.mediaSelect.value;
  var body = form.operation.requestBody;
  return body && body.content.length ? body.content[0].mediaType : null;
}

function build(form, creds) {
  var body = form.bodyEditor ? form.bodyEditor.value : "";
  return R.buildRequest(form.operation, {
    serverUrl: chosenServer(form),
    values: values(form),
    body: body ? body : null,
    mediaType: mediaType(form),
    credentials: creds,
    headers: extraHeaders(form),
  });
}

/* -- what the reader sees --------------------------------------------------------------------------------- */

/* a $NAME for every credential of the alternative: the scheme's, or the one its host names (a notebook's form:
 * the environment variable the kernel reads it from, as the code of its Copy as code reads it) */
function placeholders(form, chosen, schemes) {
  var given = R.placeholderCredentials(chosen, schemes);
  if (!form.placeholderName) return given;
  Object.keys(given).forEach(function (scheme) {
    Object.keys(given[scheme]).forEach(function (field) {
      var name = form.placeholderName(scheme, field);
      if (name) given[scheme][field] = "$" + name;
    });
  });
  return given;
}

/* the request with placeholders for every credential: the URL preview, the code samples, the schemes in use */
function showRequest(form) {
  var chosen = alternative(form);
  var schemes = form.schemes;
  var request = build(form, R.appliedCredentials(chosen, schemes, placeholders(form, chosen, schemes)));
  if (form.preview) form.preview.textContent = request.url;
  form.root.querySelectorAll("[data-samples]").forEach(function (box) { // code.js writes them in the reader's language
    box.orgdocsRequest = request;
    box.dispatchEvent(new CustomEvent("orgdocs-request"));
  });
  form.element.querySelectorAll(".scheme").forEach(function (box) {
    box.classList.toggle("scheme-unused", chosen.indexOf(box.getAttribute("data-scheme")) === -1);
  });
  return request;
}

/* each problem (inputProblems, request.js requestProblems) next to its field; the first such field takes
 * the focus. A slot of the whole form (url, headers) marks no field: its box holds every parameter input. */
function showProblems(form, problems) {
  var first = null;
  form.element.querySelectorAll("[data-error-for]").forEach(function (slot) {
    var place = slot.getAttribute("data-error-for");
    var message = problems[place];
    slot.hidden = !message;
    slot.textContent = message || "";
    var box = slot.parentNode;
    var field = box.hasAttribute("data-field") || place === "body" ? box.querySelector("[data-param-name], [data-body]") : null;
    if (field) {
      if (message) field.setAttribute("aria-invalid", "true");
      else field.removeAttribute("aria-invalid");
      if (message && !first) first = field;
    }
  });
  if (first) first.focus();
}

export { readInput }; // orgdocs.project._inputs.read_input, held to it by tests/cases/inputs

export const state = {
  values: values,
  inputProblems: inputProblems,
  chosenServer: chosenServer,
  typedCredentials: typedCredentials,
  alternative: alternative,
  mediaType: mediaType,
  build: build,
  showRequest: showRequest,
  showProblems: showProblems,
};
