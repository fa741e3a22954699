/* orgdocs: a request (request.js's buildRequest) written in each sample language, and samples and JSON
 * coloured, in the browser, as orgdocs/project/samples/ and orgdocs/render/site/_highlight.py do in Python (their
 * docstrings are the rules). The languages are data both sides read (samples/languages.json, as assets/samples.js);
 * the case files of tests/cases/requests hold both sides to the same samples (tests/test_request_cases.py,
 * tests/browser/test_request_cases.py).
 */
import { request as R } from "./request.js";
import { sampleData as SAMPLE_DATA } from "./samples.js";

var TOKEN_PREFIX = "Bearer ";
var PLACEHOLDER = R.placeholder;
var BASIC = /^Basic (\$[A-Z][A-Z0-9_]*):(\$[A-Z][A-Z0-9_]*)$/;
var isObject = R.isObject;
var textOf = R.textOf;
var multipartFields = R.multipartFields;
var isJsonMediaType = R.isJsonMediaType;

/* -- samples: the languages of orgdocs/project/samples/languages.json (assets/samples.js), written by the rules of
 * orgdocs/project/samples/__init__.py's docstring: one template per language, filled from the request. -- */

var SLOT = /\{\{(\w+)\}\}/g;
var BOUNDARY = "orgdocs-sample-boundary";
var compiled = null;

function sampleData() {
  return SAMPLE_DATA;
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

/* -- highlighting the samples: each language's "highlight" rules, which orgdocs/render/site/_highlight.py
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

/* -- highlighting JSON: _JSON_TOKEN of orgdocs/render/site/_highlight.py, which colours the examples at build
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

export const samples = {
  codeSamples: codeSamples,
  sampleTokens: sampleTokens,
  sampleLanguages: sampleLanguages,
  sampleDefault: function () { return sampleData().default; },
  jsonTokens: jsonTokens,
  colouredPieces: colouredPieces,
};
