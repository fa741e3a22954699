/* orgdocs: does an answer fit what its operation's description promises? The browser's side of
 * orgdocs/project/_conformance.py (the kernel checks the notebook's answers there), with the same rules and the
 * same differences, which tests/data/conformance-cases.json holds both to:
 *
 * - status: declared exactly, by its range (4XX) or by default; media type: declared (exact, type/*, * /*);
 *   headers: the required ones present; body: valid against the schema (JSON Schema 2020-12, the
 *   @cfworker/json-schema validator shipped as json-schema.js, fetched only when an answer arrives).
 * - The payload's schemas are made plain 2020-12 first: OpenAPI 3.0's nullable and Swagger's x-nullable add
 *   null, a boolean exclusive bound takes its 2020-12 form, Swagger's file type and an unresolved reference
 *   accept anything, draft 4's tuple items are prefixItems, a $ref's siblings are ignored before 3.1, a
 *   writeOnly property is not required in an answer, and a oneOf/anyOf with a discriminator checks the branch
 *   it names. Formats are not checked. (The kernel checks requests too; the browser only answers.)
 *
 * checkResponse(payload, status, headers, text) -> Promise of {differences: [{pointer,
 * expected, actual}], notes: [string]}.
 */
var loading = null;
var SHOWN = 80;
var MAX_DIFFERENCES = 50;
var TARGET = "x-orgdocs-target";

function validator() {
  if (!loading) loading = import("./json-schema.js");
  return loading;
}

function own(object, key) {
  return object !== null && typeof object === "object" && Object.prototype.hasOwnProperty.call(object, key);
}

function declaredResponse(operation, status) {
  var found = {};
  (operation.responses || []).forEach(function (response) { found[String(response.status).toUpperCase()] = response; });
  return found[String(status)] || found[String(status)[0] + "XX"] || found.DEFAULT || null;
}

function essence(mediaType) {
  return String(mediaType || "").split(";")[0].trim().toLowerCase();
}

function mediaFor(response, contentType) {
  var wanted = essence(contentType);
  var kind = wanted.split("/")[0];
  var tries = [wanted, kind + "/*", "*/*"];
  for (var i = 0; i < tries.length; i++) {
    for (var j = 0; j < (response.content || []).length; j++) {
      if (essence(response.content[j].mediaType) === tries[i]) return response.content[j];
    }
  }
  return null;
}

function isJson(mediaType) {
  var e = essence(mediaType);
  return e === "application/json" || /\+json$/.test(e) || /\/json$/.test(e);
}

function shown(value) {
  var text = JSON.stringify(value);
  if (text === undefined) text = String(value);
  return text.length <= SHOWN ? text : text.slice(0, SHOWN - 1) + "…";
}

/* -- the payload's schemas as plain JSON Schema 2020-12 ------------------------------------------------ */

function Converter(payload) {
  this.components = payload.components || {};
  this.hidden = "writeOnly"; // an answer need not hold what only requests send
  this.siblings = /^3\.1/.test(String(payload.openapi || "")); // 3.1: JSON Schema 2020-12, siblings apply
  this.notes = {};
  this.memo = new Map();
}

Converter.prototype.deref = function (node) {
  for (var hops = 0; hops < 8 && own(node, "$ref") && own(this.components, node.$ref); hops++) node = this.components[node.$ref];
  return node;
};

Converter.prototype.convert = function (node) {
  if (Array.isArray(node)) return node.map(this.convert, this);
  if (node === null || typeof node !== "object") return node;
  if (this.memo.has(node)) return this.memo.get(node);
  var ref = node.$ref;
  if (typeof ref === "string") {
    if (!own(this.components, ref)) {
      this.notes["not checked: " + ref + " (unresolved reference)"] = true;
      return {};
    }
    if (!this.siblings) node = { $ref: ref };
  }
  var out = {};
  this.memo.set(node, out);
  var self = this;
  Object.keys(node).forEach(function (name) {
    var value = node[name];
    if (name === "discriminator" || (["example", "examples", "default", "const", "enum"].indexOf(name) >= 0 && (value === null || typeof value !== "object" || Array.isArray(value)))) out[name] = value;
    else out[name] = self.convert(value);
  });
  this.keywords(node, out);
  return out;
};

Converter.prototype.keywords = function (node, out) {
  var self = this;
  ["Minimum", "Maximum"].forEach(function (bound) {
    var key = "exclusive" + bound;
    if (typeof out[key] === "boolean") {
      var exclusive = out[key];
      delete out[key];
      if (exclusive && own(out, bound.toLowerCase())) {
        out[key] = out[bound.toLowerCase()];
        delete out[bound.toLowerCase()];
      }
    }
  });
  if (out.type === "file") delete out.type;
  if (Array.isArray(out.items)) {
    out.prefixItems = out.items;
    delete out.items;
  }
  if (Array.isArray(node.required) && own(node, "properties") && node.properties && typeof node.properties === "object") {
    out.required = node.required.filter(function (name) {
      var property = self.deref(node.properties[name]);
      return !(property && property[self.hidden] === true);
    });
  }
  if (node.nullable === true || node["x-nullable"] === true) {
    if (typeof out.type === "string") out.type = [out.type, "null"];
    else if (Array.isArray(out.type) && out.type.indexOf("null") < 0) out.type = out.type.concat(["null"]);
    if (Array.isArray(out.enum) && out.enum.indexOf(null) < 0) out.enum = out.enum.concat([null]);
    if (out.type === undefined && (own(out, "$ref") || own(out, "allOf") || own(out, "oneOf") || own(out, "anyOf"))) {
      var rest = {};
      ["$ref", "allOf", "oneOf", "anyOf"].forEach(function (key) {
        if (own(out, key)) {
          rest[key] = out[key];
          delete out[key];
        }
      });
      out.anyOf = [{ type: "null" }, rest];
    }
  }
  var discriminator = node.discriminator;
  var branches = out.oneOf || out.anyOf;
  if (discriminator && typeof discriminator.propertyName === "string" && Array.isArray(branches)) {
    // the branch the discriminator names, as an if/then per name; an unnamed value: the branches as declared
    var prop = discriminator.propertyName;
    var refs = branches.filter(function (b) { return b && typeof b.$ref === "string"; }).map(function (b) { return b.$ref; });
    var targets = {};
    refs.forEach(function (ref) { targets[ref.split("/").pop()] = ref; });
    Object.keys(discriminator.mapping || {}).forEach(function (key) {
      var value = String(discriminator.mapping[key]);
      targets[key] = value.charAt(0) === "#" ? value : targets[value] || null;
    });
    var names = Object.keys(targets).filter(function (key) { return targets[key]; });
    if (names.length) {
      var chosen = names.map(function (key) {
        var when = { required: [prop], properties: {} };
        when.properties[prop] = { const: key };
        return { if: when, then: { $ref: targets[key] } };
      });
      var named = { required: [prop], properties: {} };
      named.properties[prop] = { enum: names };
      var keyword = out.oneOf ? "oneOf" : "anyOf";
      var fallback = {};
      fallback[keyword] = branches;
      delete out[keyword];
      out.if = named;
      out.then = { allOf: chosen };
      out.else = fallback;
    }
  }
};

Converter.prototype.document = function (schema) {
  // one document: the schema to check, and every component where its pointer says, so that "#/..." resolves
  var root = { $id: "urn:orgdocs:payload", $ref: "#/" + TARGET };
  var self = this;
  Object.keys(this.components).forEach(function (ref) {
    if (ref.indexOf("#/") !== 0) return;
    var parts = ref.slice(2).split("/").map(function (p) { return p.replace(/~1/g, "/").replace(/~0/g, "~"); });
    var at = root;
    parts.slice(0, -1).forEach(function (part) {
      if (!own(at, part) || typeof at[part] !== "object") at[part] = {};
      at = at[part];
    });
    at[parts[parts.length - 1]] = self.convert(self.components[ref]);
  });
  root[TARGET] = this.convert(schema);
  return root;
};

/* -- differences ----------------------------------------------------------------------------------------- */

var WRAPPERS = ["$ref", "properties", "items", "prefixItems", "additionalProperties", "allOf", "if", "then", "else", "patternProperties", "dependentSchemas", "contains", "unevaluatedProperties", "unevaluatedItems"];

function pointerOf(location) {
  return location === "#" ? "" : location.replace(/^#/, "");
}

function valueAt(value, pointer) {
  pointer.split("/").slice(1).forEach(function (part) {
    if (value !== null && typeof value === "object") value = value[decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~")];
  });
  return value;
}

function differencesOf(errors, instance, schemaAt) {
  var unions = errors.filter(function (e) { return e.keyword === "oneOf" || e.keyword === "anyOf"; });
  var found = [];
  errors.forEach(function (error) {
    if (WRAPPERS.indexOf(error.keyword) >= 0) return;
    var inside = unions.some(function (u) { return u !== error && error.keywordLocation.indexOf(u.keywordLocation + "/") === 0; });
    if (inside) return;
    var pointer = pointerOf(error.instanceLocation);
    var actual = valueAt(instance, pointer);
    if (error.keyword === "required") {
      var name = (/"([^"]*)"/.exec(error.error) || [])[1];
      if (name !== undefined) found.push({ pointer: pointer + "/" + name, expected: "this property (required)", actual: "missing" });
      return;
    }
    var wanted = schemaAt(error.keywordLocation);
    var expected;
    if (error.keyword === "type") expected = "type " + (Array.isArray(wanted) ? wanted.join(" or ") : wanted);
    else if (error.keyword === "enum") expected = "one of " + (wanted || []).slice(0, 10).map(shown).join(", ");
    else if (error.keyword === "oneOf" || error.keyword === "anyOf") expected = "a value of one of its " + (wanted || []).length + " schemas";
    else if (error.keyword === "additionalProperties" && wanted === false) expected = "no properties beyond the declared ones";
    else expected = error.keyword + " " + shown(wanted);
    found.push({ pointer: pointer, expected: expected, actual: shown(actual) });
  });
  return found.slice(0, MAX_DIFFERENCES);
}

function checkValue(module, payload, schema, value) {
  var converter = new Converter(payload);
  var root = converter.document(schema);
  var result = new module.Validator(root, "2020-12", false).validate(value);
  function schemaAt(location) {
    // the keyword's value, following the $refs its location went through
    var node = root;
    location.replace(/^#\//, "").split("/").forEach(function (part) {
      part = decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~");
      if (part === "$ref" && node && typeof node.$ref === "string") {
        node = valueAt(root, node.$ref.replace(/^urn:orgdocs:payload/, "").replace(/^#/, ""));
      } else if (node !== null && typeof node === "object") node = node[part];
    });
    return node;
  }
  return { differences: result.valid ? [] : differencesOf(result.errors, value, schemaAt), notes: Object.keys(converter.notes) };
}

function checkResponse(payload, status, headers, text) {
  var operation = payload.operation;
  var differences = [];
  var response = declaredResponse(operation, status);
  if (!response) {
    var declared = (operation.responses || []).map(function (r) { return String(r.status); }).join(", ") || "none";
    return Promise.resolve({ differences: [{ pointer: "status", expected: "a declared status (" + declared + ")", actual: String(status) }], notes: [] });
  }
  var lowered = {};
  (headers || []).forEach(function (h) { lowered[String(h[0]).toLowerCase()] = h[1]; });
  var converter = new Converter(payload);
  Object.keys(response.headers || {}).forEach(function (name) {
    var header = converter.deref(response.headers[name]);
    if (header && header.required && !own(lowered, name.toLowerCase()) && name.toLowerCase() !== "content-type") {
      differences.push({ pointer: "headers/" + name, expected: "this header (required)", actual: "none" });
    }
  });
  var contentType = lowered["content-type"] || "";
  if (!(response.content || []).length) {
    if (text) differences.push({ pointer: "media type", expected: "no body", actual: contentType || text.length + " bytes" });
    return Promise.resolve({ differences: differences, notes: [] });
  }
  if (!text && (status === 204 || status === 304 || operation.method === "head")) return Promise.resolve({ differences: differences, notes: [] });
  var media = contentType ? mediaFor(response, contentType) : null;
  if (!media) {
    var offered = response.content.map(function (m) { return m.mediaType; }).join(", ");
    differences.push({ pointer: "media type", expected: "one of " + offered, actual: contentType || "none" });
    return Promise.resolve({ differences: differences, notes: [] });
  }
  if (!isJson(contentType || media.mediaType) || media.schema === undefined || media.schema === null) {
    return Promise.resolve({ differences: differences, notes: [] });
  }
  var value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    differences.push({ pointer: "", expected: "a JSON body", actual: shown(String(text).slice(0, SHOWN)) });
    return Promise.resolve({ differences: differences, notes: [] });
  }
  return validator().then(function (module) {
    var checked = checkValue(module, payload, media.schema, value);
    return { differences: differences.concat(checked.differences), notes: checked.notes };
  });
}

export { checkResponse };
