/* orgdocs: form values -> request, in the browser, as orgdocs/project/_security.py and _requests.py make it in
 * Python (their module docstrings are the rules); code-samples.js writes the request in each language.
 *
 * The rule tables are data both sides read, in assets/samples.js (written by `python -m orgdocs.project.samples`):
 * where a security scheme's credential goes (security.json), how a parameter's style writes a value
 * (requests.json), the sample languages as Python compiled them (samples/languages.json). What is left here is
 * the behaviour on what a reader types; the case files of tests/cases/requests hold it and Python's to the same
 * outputs (tests/test_request_cases.py, tests/browser/test_request_cases.py).
 */
import { requestRules } from "./samples.js";

var MULTIPART_NOTE = "multipart/form-data: the fields are shown as JSON; they are sent as form fields";
var PLACEHOLDER = /\$[A-Z][A-Z0-9_]*/g;
var ABSOLUTE = /^https?:\/\//i;
var ORIGIN = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^\/?#]*/;
var AUTHORITY = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:)?\/\/([^\/?#]*)/;
var TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
var BAD_VALUE = /[\r\n\0]|[^\x00-\xff]/;

/* the rule tables of requests.json and security.json (assets/samples.js) */
function rules() {
  return requestRules;
}

function own(table, key) {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

function fillRule(template, slots) {
  return template.replace(/\{(\w+)\}/g, function (all, name) { return slots[name]; });
}

function isPlaceholder(text) {
  return /^\$[A-Z][A-Z0-9_]*$/.test(text);
}

/* -- security (orgdocs/project/_security.py) ------------------------------------------------------------ */

function securityAlternatives(requirements) {
  if (!Array.isArray(requirements)) return [];
  return requirements.filter(isObject).map(function (item) { return Object.keys(item); });
}

function schemeKind(scheme) {
  if (!isObject(scheme) || typeof scheme.type !== "string") return "unsupported";
  var table = rules().security;
  if (scheme.type === "apiKey" && !(table.apiKeyPlaces.indexOf(scheme.in) >= 0 && scheme.parameterName)) return "unsupported";
  var http = scheme.type + " " + String(scheme.scheme || "").toLowerCase();
  return own(table.kinds, http) || own(table.kinds, scheme.type) || "unsupported";
}

function schemeInputs(name, scheme) {
  var kind = own(rules().security.schemes, schemeKind(scheme));
  if (!kind) return [];
  var slots = { name: name, in: String(scheme.in), parameterName: String(scheme.parameterName), scheme: String(scheme.scheme || "") || "http" };
  return kind.inputs.map(function (item) {
    return { field: item.field, label: fillRule(item.label, slots), secret: item.secret !== false, variable: item.variable };
  });
}

function satisfied(alternative, schemes, credentials) {
  return alternative.every(function (name) {
    var inputs = schemeInputs(name, schemes[name]);
    var given = credentials[name] || {};
    return inputs.length > 0 && inputs.every(function (i) { return String(given[i.field] || "").trim() !== ""; });
  });
}

function defaultAlternative(alternatives, schemes, credentials) {
  var i;
  for (i = 0; i < alternatives.length; i++) if (satisfied(alternatives[i], schemes, credentials)) return i;
  for (i = 0; i < alternatives.length; i++) {
    if (alternatives[i].every(function (name) { return schemeInputs(name, schemes[name]).length > 0; })) return i;
  }
  return 0;
}

function placeholderCredentials(alternative, schemes) {
  var used = {};
  var found = {};
  alternative.forEach(function (name) {
    schemeInputs(name, schemes[name]).forEach(function (item) {
      used[item.variable] = (used[item.variable] || 0) + 1;
      var suffix = used[item.variable] > 1 ? "_" + used[item.variable] : "";
      found[name] = found[name] || {};
      found[name][item.field] = "$" + item.variable + suffix;
    });
  });
  return found;
}

function basicValue(username, password) {
  if (isPlaceholder(username) && isPlaceholder(password)) return username + ":" + password;
  var binary = "";
  new TextEncoder().encode(username + ":" + password).forEach(function (b) { binary += String.fromCharCode(b); });
  return btoa(binary);
}

function appliedCredentials(alternative, schemes, credentials) {
  var applied = [];
  var seen = false; // one Authorization header: a later scheme that would set it again is left out
  alternative.forEach(function (name) {
    var scheme = schemes[name];
    var kind = own(rules().security.schemes, schemeKind(scheme));
    var given = credentials[name] || {};
    var texts = {};
    (kind ? kind.inputs : []).forEach(function (item) { texts[item.field] = String(given[item.field] || ""); });
    if (!Object.keys(texts).some(function (field) { return texts[field].trim(); })) return;
    var slots = { value: (texts.value || "").trim(), basic: basicValue(texts.username || "", texts.password || ""), in: String(scheme.in), parameterName: String(scheme.parameterName) };
    var sent = kind.sends.map(function (part) { return fillRule(part, slots); });
    if (sent[0] === "header" && sent[1] === "Authorization") {
      if (seen) return;
      seen = true;
    }
    applied.push(sent);
  });
  return applied;
}

/* -- servers and checks (orgdocs/project/_servers.py, _request_checks.py) ------------------------------ */

function origin(url) {
  var match = ORIGIN.exec(url);
  return match ? match[0] : "";
}

function serverUrl(url, descriptionUrl, pageUrl) {
  url = url.trim();
  if (ABSOLUTE.test(url)) return url;
  if (url.indexOf("//") === 0) {
    var scheme = pageUrl && ABSOLUTE.test(pageUrl) ? pageUrl.split(":")[0].toLowerCase() : "https";
    return scheme + ":" + url;
  }
  var pageOrigin = origin(pageUrl || "");
  var bases = [descriptionUrl, pageOrigin ? pageOrigin + "/" : ""];
  for (var i = 0; i < bases.length; i++) {
    if (bases[i] && ABSOLUTE.test(bases[i])) return new URL(url || "/", bases[i]).href;
  }
  return url;
}

/* why a server URL is refused ("" when it is not): _servers.py server_refusal */
function serverRefusal(url) {
  if (url.indexOf("\\") >= 0) return "the server URL " + url + " holds a backslash, which clients read differently: not sent";
  var match = AUTHORITY.exec(url);
  if (match && match[1].indexOf("@") >= 0) return "the server URL " + url + " holds a user name or password (before '@'): not sent";
  return "";
}

function bodyProblem(text, mediaType, required) {
  if (text === null || text === undefined || !text.trim()) return required ? "the body is required" : "";
  if (isJsonMediaType(mediaType)) {
    try {
      JSON.parse(text);
    } catch (error) {
      return "the body is not valid JSON";
    }
  }
  return "";
}

function requestProblems(operation, parts, options) {
  var problems = {};
  var values = options.values || {};
  (operation.parameters || []).forEach(function (param) {
    if ((param.required || param.in === "path") && isEmpty(parameterValue(param, values))) problems[param.in + ":" + param.name] = param.name + " is required";
  });
  var body = operation.requestBody;
  var problem = bodyProblem(options.bodyText === undefined ? null : options.bodyText, options.mediaType || null, !!(body && body.required));
  if (body && body.content && body.content.length && problem) problems.body = problem;
  var bad = parts.headers.filter(function (h) { return !TOKEN.test(h[0]) || BAD_VALUE.test(h[1]); }).map(function (h) { return h[0]; });
  if (bad.length) problems.headers = "not a valid header name or value: " + bad.join(", ");
  var serverOrigin = origin(options.server || "");
  var urlOrigin = origin(parts.url);
  var refused = serverRefusal(options.server || "");
  if (refused) {
    problems.url = refused;
  } else if (serverOrigin && urlOrigin.toLowerCase() !== serverOrigin.toLowerCase()) {
    problems.url = "the request would leave the server " + serverOrigin + " (for " + (urlOrigin || parts.url) + ")";
  } else if (!serverOrigin && parts.url.indexOf("//") === 0) {
    problems.url = "the path would change the host: " + parts.url;
  }
  return problems;
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function textOf(value) {
  if (typeof value === "string") return value;
  if (value === true) return "true";
  if (value === false) return "false";
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  return JSON.stringify(value); // integral numbers print without a fraction, as in Python
}

function encode(text) {
  return encodeURIComponent(text).replace(/[!'()*]/g, function (c) {
    return "%" + c.charCodeAt(0).toString(16).toUpperCase();
  });
}

function joinUrl(serverUrl, path) {
  if (!serverUrl) return path;
  if (!path) return serverUrl;
  return serverUrl.replace(/\/+$/, "") + "/" + path.replace(/^\/+/, "");
}

function essence(mediaType) {
  return (mediaType || "").split(";", 1)[0].trim().toLowerCase();
}

function isJsonMediaType(mediaType) {
  var subtype = essence(mediaType).split("/").slice(1).join("/");
  return subtype === "json" || subtype.slice(-5) === "+json";
}

function isEmpty(value) {
  if (value === null || value === undefined) return true;
  if (typeof value === "string" || Array.isArray(value)) return value.length === 0;
  if (isObject(value)) return Object.keys(value).length === 0;
  return false;
}

function pairs(value) {
  return Object.keys(value).map(function (k) { return [String(k), textOf(value[k])]; });
}

function parameterValue(param, values) {
  var key = param.in + ":" + param.name;
  if (Object.prototype.hasOwnProperty.call(values, key)) return values[key];
  return Object.prototype.hasOwnProperty.call(values, param.name) ? values[param.name] : undefined;
}

/* the media type of a parameter declared with content instead of schema (_parameter_values.py content_media) */
function contentMedia(param) {
  var content = param.schema === null || param.schema === undefined ? param.content : null;
  return Array.isArray(content) && content.length ? content[0] : null;
}

/* value written as param's location and style say (whole: one text, in the location's default style) */
function styled(param, value, whole) {
  var table = rules().parameters[param.in];
  var style = (whole ? null : param.style) || table.style;
  var explode = param.explode !== undefined && param.explode !== null ? param.explode : table.explodedByDefault.indexOf(style) >= 0;
  var shapes = own(table.styles, style) || table.styles[table.style];
  var written = table.encoded ? encode : String;
  var shape = Array.isArray(value) ? "array" : isObject(value) ? "object" : "value";
  var items = shape === "array" ? value.map(function (v) { return { value: written(textOf(v)) }; })
    : shape === "object" ? pairs(value).map(function (kv) { return { key: written(kv[0]), value: written(kv[1]) }; })
    : [{ value: written(textOf(value)) }];
  var rule = (explode && shapes[shape + " exploded"]) || shapes[shape];
  var name = written(param.name);
  return fillRule(rule[0], { name: name }) + items.map(function (item) { return fillRule(rule[1], Object.assign({ name: name }, item)); }).join(rule[2]);
}

function serialize(body, mediaType) {
  if (typeof body === "string") return [body, ""];
  var kind = essence(mediaType);
  if (kind === "application/x-www-form-urlencoded" && isObject(body)) {
    var out = [];
    Object.keys(body).forEach(function (key) {
      var value = body[key];
      (Array.isArray(value) ? value : [value]).forEach(function (item) {
        out.push(encode(String(key)) + "=" + encode(textOf(item)));
      });
    });
    return [out.join("&"), ""];
  }
  var text = JSON.stringify(body, null, 2);
  if (kind === "multipart/form-data") return [text, MULTIPART_NOTE];
  return [text, ""];
}

/* operation: the payload's operation (method, path, parameters). options: serverUrl, values, body
 * (a string, null for none, or a value to serialize), mediaType, token, credentials ([location, name,
 * value] triples of appliedCredentials), headers (extra [name, value] pairs). */
function buildRequest(operation, options) {
  var values = options.values || {};
  var path = operation.path;
  var query = [];
  var headers = [];
  var cookies = [];
  (operation.parameters || []).forEach(function (param) {
    var value = parameterValue(param, values);
    if (isEmpty(value) || !own(rules().parameters, param.in)) return; // a path parameter without value keeps its {name}
    // a content parameter is one value whatever its type: style and explode do not apply
    var text = contentMedia(param) ? styled(param, textOf(value), true) : styled(param, value, false);
    if (param.in === "path") path = path.split("{" + param.name + "}").join(text);
    else if (param.in === "query") query.push(text);
    else if (param.in === "cookie") cookies.push(text);
    else if (rules().ignoredHeaders.indexOf(param.name.toLowerCase()) === -1) headers.push([param.name, text]);
  });
  (options.headers || []).forEach(function (h) { if (h[0].trim()) headers.push([h[0], h[1]]); });
  var secrets = (options.credentials || []).slice();
  if (options.token) secrets.push(["header", "Authorization", "Bearer " + options.token]);
  secrets.forEach(function (c) {
    if (c[0] === "query") query.push(encode(c[1]) + "=" + (isPlaceholder(c[2]) ? c[2] : encode(c[2])));
    else if (c[0] === "cookie") cookies.push(c[1] + "=" + c[2]);
  });
  if (cookies.length) headers.push(["Cookie", cookies.join("; ")]);
  var mediaType = options.mediaType || null;
  var body = options.body === undefined ? null : options.body;
  var text = null;
  var note = "";
  if (body !== null) {
    var serialized = serialize(body, mediaType || "application/json");
    text = serialized[0];
    note = serialized[1];
  }
  if (text !== null) {
    mediaType = mediaType || "application/json";
    headers.push(["Content-Type", mediaType]);
  } else {
    mediaType = null;
  }
  secrets.forEach(function (c) { if (c[0] === "header") headers.push([c[1], c[2]]); });
  var url = joinUrl(options.serverUrl || "", path);
  if (query.length) url += (url.indexOf("?") >= 0 ? "&" : "?") + query.join("&");
  var variables = [];
  secrets.forEach(function (c) {
    var rest = c[2].replace(PLACEHOLDER, "");
    if (rest !== "" && rest !== "Bearer " && rest !== "Basic :") return;
    (c[2].match(PLACEHOLDER) || []).forEach(function (found) {
      if (variables.indexOf(found.slice(1)) === -1) variables.push(found.slice(1));
    });
  });
  return { method: operation.method.toUpperCase(), url: url, headers: headers, body: text, mediaType: mediaType, note: note, variables: variables };
}

function multipartFields(parts) {
  if (parts.body === null || essence(parts.mediaType) !== "multipart/form-data") return null;
  var data;
  try {
    data = JSON.parse(parts.body);
  } catch (error) {
    return null;
  }
  if (!isObject(data)) return null;
  var fields = [];
  Object.keys(data).forEach(function (name) {
    var value = data[name];
    (Array.isArray(value) ? value : [value]).forEach(function (item) { fields.push([name, textOf(item)]); });
  });
  return fields;
}

export const request = {
  buildRequest: buildRequest,
  encode: encode,
  textOf: textOf,
  isObject: isObject,
  placeholder: PLACEHOLDER,
  joinUrl: joinUrl,
  multipartFields: multipartFields,
  isJsonMediaType: isJsonMediaType,
  serialize: serialize,
  securityAlternatives: securityAlternatives,
  schemeKind: schemeKind,
  schemeInputs: schemeInputs,
  satisfied: satisfied,
  defaultAlternative: defaultAlternative,
  placeholderCredentials: placeholderCredentials,
  appliedCredentials: appliedCredentials,
  serverUrl: serverUrl,
  requestProblems: requestProblems,
  serverRefusal: serverRefusal,
  bodyProblem: bodyProblem,
};
