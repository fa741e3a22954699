/* orgdocs: form values -> request -> code samples, in the browser, as orgdocs/project/security.py,
 * requests.py and samples/ make them in Python (their module docstrings are the rules).
 *
 * The rule tables are data both sides read, in assets/samples.js (written by `python -m orgdocs.project.samples`):
 * where a security scheme's credential goes (security.json), how a parameter's style writes a value
 * (requests.json), the sample languages as Python compiled them (samples/languages.json). What is left here is
 * the behaviour on what a reader types; the case files of tests/cases/requests hold it and Python's to the same
 * outputs (tests/test_request_cases.py, tests/browser/test_request_cases.py).
 */
(function (global) {
  "use strict";

  var MULTIPART_NOTE = "multipart/form-data: the fields are shown as JSON; they are sent as form fields";
  var TOKEN_PREFIX = "Bearer ";
  var PLACEHOLDER = /\$[A-Z][A-Z0-9_]*/g;
  var ABSOLUTE = /^https?:\/\//i;
  var ORIGIN = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^\/?#]*/;
  var AUTHORITY = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:)?\/\/([^\/?#]*)/;
  var TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
  var BAD_VALUE = /[\r\n\0]|[^\x00-\xff]/;
  var BASIC = /^Basic (\$[A-Z][A-Z0-9_]*):(\$[A-Z][A-Z0-9_]*)$/;

  /* the rule tables of requests.json and security.json (assets/samples.js) */
  function rules() {
    return global.orgdocs.requestRules;
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

  /* -- security (orgdocs/project/security.py) ------------------------------------------------------------ */

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

  /* -- servers and checks (orgdocs/project/requests.py) -------------------------------------------------- */

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

  /* why a server URL is refused ("" when it is not): requests.py server_refusal */
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

  /* the media type of a parameter declared with content instead of schema (requests.py content_media) */
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

  /* -- samples: the languages of orgdocs/project/samples/languages.json (assets/samples.js), written by the rules of
   * orgdocs/project/samples/__init__.py's docstring: one template per language, filled from the request. -- */

  var SLOT = /\{\{(\w+)\}\}/g;
  var BOUNDARY = "orgdocs-sample-boundary";
  var compiled = null;

  function sampleData() {
    return (global.orgdocs && global.orgdocs.sampleData) || { default: "curl", languages: [] };
  }

  /* a style of languages.json as Python compiled it (pattern, table, control): text -> escaped text */
  function escaper(style) {
    var pattern = style && style.pattern ? new RegExp(style.pattern, "g") : null;
    return function (text) {
      if (!pattern) return text;
      return text.replace(pattern, function (found) {
        if (Object.prototype.hasOwnProperty.call(style.table, found)) return style.table[found];
        return style.control[0] + found.charCodeAt(0).toString(style.control[1]).padStart(style.control[2], "0");
      });
    };
  }

  function fill(template, slots) {
    return template.replace(SLOT, function (all, name) { return slots[name]; });
  }

  function makeLanguage(entry) {
    var env = entry.env;
    var block = entry.block;
    var lang = { entry: entry, lines: entry.lines, join: entry.join, literal: entry.literal };
    var stringStyle = escaper(entry.string.escape);
    var envStyle = escaper(env.escape);
    var blockStyle = escaper(block && block.escape);
    lang.quote = function (text) { return entry.string.open + stringStyle(text) + entry.string.close; };
    lang.expression = function (text, names) {
      var parts = pieces(text, names);
      if (!parts.some(function (p) { return p[0]; })) return lang.quote(text);
      if (env.concat) {
        return parts.map(function (p) { return p[0] ? fill(env.var, { name: p[1] }) : lang.quote(p[1]); }).join(env.concat);
      }
      return env.open + parts.map(function (p) { return p[0] ? fill(env.hole, { name: p[1] }) : envStyle(p[1]); }).join("") + env.close;
    };
    lang.variable = function (name) { return fill(env.var, { name: name }); };
    lang.blockText = function (text) {
      if (!block || block.forbid.some(function (bad) { return text.indexOf(bad) >= 0; })) return lang.quote(text);
      if (block.lines !== undefined) return (text.match(/[^\n]*\n|[^\n]+$/g) || [""]).map(lang.quote).join(block.lines);
      return block.open + blockStyle(text) + block.close;
    };
    return lang;
  }

  function languages() {
    if (!compiled) {
      compiled = {};
      sampleData().languages.forEach(function (entry) { compiled[entry.key] = makeLanguage(entry); });
    }
    return compiled;
  }

  /* [[key, label]] of every sample language, in order; the first entry of "default" */
  function sampleLanguages() {
    return sampleData().languages.map(function (entry) { return [entry.key, entry.label]; });
  }

  function maskedParts(parts, reveal) {
    if (reveal) return parts;
    var variables = (parts.variables || []).slice();
    var headers = parts.headers.map(function (h) {
      var bearer = h[0].toLowerCase() === "authorization" && h[1].indexOf(TOKEN_PREFIX) === 0;
      var rest = h[1].slice(TOKEN_PREFIX.length); // "$TOKEN" is a placeholder; anything else is a credential
      if (bearer && !(rest.charAt(0) === "$" && variables.indexOf(rest.slice(1)) >= 0)) {
        if (variables.indexOf("TOKEN") === -1) variables.push("TOKEN");
        return [h[0], TOKEN_PREFIX + "$TOKEN"];
      }
      return h;
    });
    return Object.assign({}, parts, { headers: headers, variables: variables });
  }

  function pieces(text, names) {
    var out = [];
    var last = 0;
    var match;
    var pattern = new RegExp(PLACEHOLDER.source, "g");
    while ((match = pattern.exec(text)) !== null) {
      if (names.indexOf(match[0].slice(1)) === -1) continue;
      out.push([false, text.slice(last, match.index)]);
      out.push([true, match[0].slice(1)]);
      last = match.index + match[0].length;
    }
    out.push([false, text.slice(last)]);
    return out.filter(function (p) { return p[0] || p[1]; });
  }

  function has(text, names) {
    return pieces(text, names).some(function (p) { return p[0]; });
  }

  function basicPair(name, value, names) {
    var match = name.toLowerCase() === "authorization" ? BASIC.exec(value) : null;
    if (match && names.indexOf(match[1].slice(1)) >= 0 && names.indexOf(match[2].slice(1)) >= 0) return [match[1], match[2]];
    return null;
  }

  function bodyKind(parts) {
    if (parts.body === null) return ["none", null];
    var fields = multipartFields(parts);
    if (fields !== null) return ["multipart", fields];
    if (isJsonMediaType(parts.mediaType)) {
      try {
        return ["json", JSON.parse(parts.body)];
      } catch (error) {
        /* not JSON: raw text */
      }
    }
    return ["raw", null];
  }

  function multipartText(fields) {
    return fields.map(function (f) {
      var name = f[0].split('"').join("%22").split("\r").join("%0D").split("\n").join("%0A");
      return "--" + BOUNDARY + '\r\nContent-Disposition: form-data; name="' + name + '"\r\n\r\n' + f[1] + "\r\n";
    }).join("") + "--" + BOUNDARY + "--\r\n";
  }

  function spaces(n) {
    return new Array(n + 1).join(" ");
  }

  function literal(value, lang, level) {
    var indent = lang.literal.indent;
    var inner = spaces(indent * (level + 1));
    if (Array.isArray(value)) {
      if (!value.length) return "[]";
      return "[\n" + value.map(function (v) { return inner + literal(v, lang, level + 1) + ","; }).join("\n") +
        "\n" + spaces(indent * level) + "]";
    }
    if (isObject(value)) {
      var keys = Object.keys(value);
      if (!keys.length) return "{}";
      return "{\n" + keys.map(function (k) { return inner + lang.quote(String(k)) + ": " + literal(value[k], lang, level + 1) + ","; }).join("\n") +
        "\n" + spaces(indent * level) + "}";
    }
    if (typeof value === "string") return lang.quote(value);
    if (value === true || value === false || value === null) return lang.literal[String(value)];
    return textOf(value);
  }

  /* each slot's maker (the slots of __init__.py's docstring); only those a template uses are made */
  function slotMakers(lang, parts, body) {
    var names = parts.variables;
    var kind = body[0];
    var all = kind === "multipart" ? parts.headers.filter(function (h) { return h[0].toLowerCase() !== "content-type"; }) : parts.headers.slice();
    var basic = null;
    all.forEach(function (h) { basic = basic || basicPair(h[0], h[1], names); });
    var headers = all.filter(function (h) { return !basicPair(h[0], h[1], names); });
    var contentType = null;
    if (lang.entry.contentTypeApart && (kind === "json" || kind === "raw")) {
      headers.forEach(function (h) { if (contentType === null && h[0].toLowerCase() === "content-type") contentType = h[1]; });
      headers = headers.filter(function (h) { return h[0].toLowerCase() !== "content-type"; });
    }
    var fields = kind === "multipart" ? body[1] : [];
    var text = kind === "json" || kind === "raw" ? parts.body : null;
    var q = lang.quote;
    function expr(t) { return lang.expression(t, names); }
    return {
      method: function () { return parts.method; },
      methodString: function () { return q(parts.method); },
      methodTitle: function () { return parts.method.charAt(0) + parts.method.slice(1).toLowerCase(); },
      head: function () { return parts.method === "HEAD"; },
      url: function () { return expr(parts.url); },
      headers: function () {
        return headers.map(function (h) { return { name: q(h[0]), value: expr(h[1]), line: expr(h[0] + ": " + h[1]) }; });
      },
      anyHeaders: function () { return headers.length > 0 || basic !== null; },
      contentType: function () { return contentType === null ? "" : q(contentType); },
      basic: function () { return basic !== null; },
      basicUser: function () { return basic ? lang.variable(basic[0].slice(1)) : ""; },
      basicPassword: function () { return basic ? lang.variable(basic[1].slice(1)) : ""; },
      basicPair: function () { return basic ? expr(basic[0] + ":" + basic[1]) : ""; },
      env: function () {
        return basic !== null || [parts.url].concat(headers.map(function (h) { return h[1]; })).some(function (t) { return has(t, names); });
      },
      variables: function () { return names.map(function (name) { return { name: name }; }); },
      json: function () { return kind === "json"; },
      raw: function () { return kind === "raw"; },
      body: function () { return text !== null; },
      multipart: function () { return kind === "multipart"; },
      nobody: function () { return kind === "none"; },
      text: function () { return text === null ? "" : q(text); },
      block: function () { return text === null ? "" : lang.blockText(text); },
      literal: function () { return kind === "json" && lang.literal ? literal(body[1], lang, 1) : ""; },
      fields: function () {
        return fields.map(function (f) { return { name: q(f[0]), value: q(f[1]), pair: q(f[0] + "=" + f[1]) }; });
      },
      multipartType: function () { return q("multipart/form-data; boundary=" + BOUNDARY); },
      multipartHeader: function () { return q("Content-Type: multipart/form-data; boundary=" + BOUNDARY); },
      multipartBody: function () { return q(multipartText(fields)); },
    };
  }

  function truthy(value) {
    return Array.isArray(value) ? value.length > 0 : !!value;
  }

  function writeSample(lang, parts, body) {
    var makers = slotMakers(lang, parts, body);
    var slots = {};
    function slot(name) {
      if (!Object.prototype.hasOwnProperty.call(slots, name)) slots[name] = makers[name]();
      return slots[name];
    }
    var out = [];
    lang.lines.forEach(function (line) {
      var scopes = [null];
      line[0].forEach(function (guard) {
        var value = slot(guard[1]);
        if (guard[0] === "*") scopes = value;
        else if (truthy(value) === (guard[0] === "!")) scopes = [];
      });
      scopes.forEach(function (scope) {
        out.push(line[1].replace(SLOT, function (all, name) {
          return scope && Object.prototype.hasOwnProperty.call(scope, name) ? scope[name] : slot(name);
        }));
      });
    });
    return out.join(lang.join) + "\n";
  }

  /* {language key: sample} for parts; only the keys of only (an array) when given */
  function codeSamples(parts, reveal, only) {
    parts = maskedParts(parts, !!reveal);
    var body = bodyKind(parts);
    var out = {};
    var all = languages();
    sampleLanguages().forEach(function (pair) {
      if (!only || only.indexOf(pair[0]) >= 0) out[pair[0]] = writeSample(all[pair[0]], parts, body);
    });
    return out;
  }

  /* -- highlighting the samples: each language's "highlight" rules, which orgdocs/render/site/highlight.py
   * uses at build time too, so a sample the form rewrites keeps its colours. -- */
  var samplePatterns = {};

  function compiledRules(language) {
    var lang = languages()[language];
    if (!lang) return null;
    if (!samplePatterns[language]) {
      var rules = lang.entry.highlight;
      samplePatterns[language] = {
        tokens: new RegExp(rules.tokens.map(function (t) { return "(" + t[1] + ")"; }).join("|"), "g"),
        kinds: rules.tokens,
        inside: rules.inside.length ? new RegExp(rules.inside.map(function (t) { return "(" + t[1] + ")"; }).join("|"), "g") : /(?!)/g,
        insideClasses: rules.inside.map(function (t) { return t[0]; }),
      };
    }
    return samplePatterns[language];
  }

  function group(match) {
    for (var i = 1; i < match.length; i++) if (match[i] !== undefined) return i - 1;
    return -1;
  }

  /* a generated sample as [token class, text] pieces ("" for plain text), as sample_tokens in Python */
  function sampleTokens(text, language) {
    var rules = compiledRules(language);
    if (!rules) return [["", text]];
    var out = [], pos = 0, match;
    rules.tokens.lastIndex = 0;
    while ((match = rules.tokens.exec(text)) !== null) {
      if (match[0] === "") { rules.tokens.lastIndex++; continue; }
      if (match.index > pos) out.push(["", text.slice(pos, match.index)]);
      var kind = rules.kinds[group(match)];
      if (kind[2]) interpolations(match[0], kind[0], rules, out);
      else out.push([kind[0], match[0]]);
      pos = match.index + match[0].length;
    }
    if (pos < text.length) out.push(["", text.slice(pos)]);
    return out;
  }

  function interpolations(value, css, rules, out) {
    var pos = 0, match;
    rules.inside.lastIndex = 0;
    while ((match = rules.inside.exec(value)) !== null) {
      var kind = rules.insideClasses[group(match)];
      if (!kind) continue; // an escape: part of the string
      if (match.index > pos) out.push([css, value.slice(pos, match.index)]);
      out.push([kind, match[0]]);
      pos = match.index + match[0].length;
    }
    if (pos < value.length) out.push([css, value.slice(pos)]);
  }

  /* -- highlighting JSON: _JSON_TOKEN of orgdocs/render/site/highlight.py, which colours the examples at build
   * time (the same classes: nt a key, s2 a string, m a number, kc a constant; a test holds the HTML equal), for
   * the answers the form shows. Longer text than MAX_HIGHLIGHT stays plain, as there. -- */
  var MAX_HIGHLIGHT = 40000;
  var JSON_TOKEN = /("[^"\\\n]*(?:\\.[^"\\\n]*)*")([ \t]*:)?|(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)|\b(true|false|null)\b/g;

  /* JSON text as [token class, text] pieces ("" for plain text); joined, the pieces are the text */
  function jsonTokens(text) {
    if (text.length > MAX_HIGHLIGHT) return [["", text]];
    var out = [], pos = 0, match;
    JSON_TOKEN.lastIndex = 0;
    while ((match = JSON_TOKEN.exec(text)) !== null) {
      if (match.index > pos) out.push(["", text.slice(pos, match.index)]);
      if (match[1] !== undefined) {
        out.push([match[2] !== undefined ? "nt" : "s2", match[1]]);
        if (match[2] !== undefined) out.push(["", match[2]]);
      } else if (match[3] !== undefined) out.push(["m", match[3]]);
      else out.push(["kc", match[4]]);
      pos = match.index + match[0].length;
    }
    if (pos < text.length) out.push(["", text.slice(pos)]);
    return out;
  }

  /* [token class, text] pieces (jsonTokens, sampleTokens) as text and spans ("" for plain text) */
  function colouredPieces(tokens) {
    var pieces = document.createDocumentFragment();
    tokens.forEach(function (token) {
      if (!token[0]) { pieces.appendChild(document.createTextNode(token[1])); return; }
      var span = document.createElement("span");
      span.className = token[0];
      span.textContent = token[1];
      pieces.appendChild(span);
    });
    return pieces;
  }

  global.orgdocs = global.orgdocs || {};
  global.orgdocs.request = {
    jsonTokens: jsonTokens,
    colouredPieces: colouredPieces,
    buildRequest: buildRequest,
    codeSamples: codeSamples,
    sampleTokens: sampleTokens,
    sampleLanguages: sampleLanguages,
    sampleDefault: function () { return sampleData().default; },
    encode: encode,
    textOf: textOf,
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
})(window);
