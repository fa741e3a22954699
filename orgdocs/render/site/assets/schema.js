/* orgdocs: schema tree rows cut on the server (by depth or size), rendered when a reader opens them; and
 * the variant selector of oneOf/anyOf/discriminator choices (one variant shown at a time, Redoc's way).
 *
 * allOf members merge their type, format and flags as orgdocs/project/schemas.py says (facts, mergedSchema), and
 * their properties into one list as the server's trees do (mergeAllOf); a oneOf/anyOf of scalars reads inline
 * ("string or integer").
 *
 * A port of orgdocs/render/site/schema_tree/ (its _walk.py): a lazy row names its schema by data-ref (a key of the
 * payload's components) and data-path (a JSON pointer below it, or below the payload when data-ref is
 * empty). A $ref met again on the way up the DOM is a cycle: a link to that row, never expanded. Text from
 * the description is set with textContent (descriptions are shown as plain text here).
 *
 * Folded fields say their count ("12 fields", "1 field, 2 variants": fieldsLabel, as schemas.py's
 * fields_label). A discriminator without a mapping offers the components whose allOf names its base, among
 * those the payload carries (payloads follow neither mappings nor this rule: orgdocs/project/payloads.py).
 * A choice of more than MAX_BUTTONS variants is a drop-down list named by the discriminator's property.
 *
 * Field links: the head of every row, drawn on the server or here, gets an id naming the field by its place
 * (the section's or response's id, then the names down to it: "request-body.labels.name", "response-201.id";
 * a parameter's tree starts "parameters.<name>"; a second tree with the same names gets "~2") and a "#" link
 * to it, as the sections' headings have. They are given here, in one place, for the server's rows and for
 * the rows opened later, so that both follow one rule; a link to a row still folded in a lazy row renders
 * the lazy rows on its way (showTarget).
 */
(function () {
  "use strict";
  var payloadElement = document.getElementById("orgdocs-payload");
  if (!payloadElement) return;
  var payload = null;
  var DEPTH = 3; // levels rendered per opening
  var MAX_ENUM = 40;
  var MAX_OPEN_REFS = 64; // as schema_tree/_context.py: a chain of aliases is named, not expanded, past this many
  var MAX_BUTTONS = 8; // a choice of more variants is a drop-down list (Rebilly's 230 gateways)
  var COMPONENT_SCHEMAS = "#/components/schemas/";
  var counter = 0;
  var bases = {}; // $refs whose subtypes are being listed: a subtype shows only what it adds to them
  var subtypeIndex = null;

  function data() {
    if (!payload) payload = JSON.parse(payloadElement.textContent);
    return payload;
  }

  function resolve(ref) {
    var components = data().components || {};
    return Object.prototype.hasOwnProperty.call(components, ref) ? components[ref] : undefined;
  }

  /* A local schema the payload does not carry though the description has it: a discriminator mapping's
   * variant (payloads do not follow mappings), not a broken reference (those are listed as unresolved). */
  function notCarried(ref) {
    return ref.charAt(0) === "#" && list(data().unresolved).indexOf(ref) < 0;
  }

  function pointer(root, path) {
    var node = root;
    path.split("/").slice(1).forEach(function (token) {
      token = token.replace(/~1/g, "/").replace(/~0/g, "~");
      node = node === undefined || node === null ? undefined : node[Array.isArray(node) ? parseInt(token, 10) : token];
    });
    return node;
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function refName(ref) {
    var last = ref.replace(/\/+$/, "").split("/").pop() || ref;
    return last.replace(/~1/g, "/").replace(/~0/g, "~");
  }

  /* Component names in rows drawn here become links to their schema pages, as the server's are: the
   * description's map of them ({route, names: {ref: segment}}, orgdocs/project/schema_pages.py), whose URL the
   * payload names (schemaPages), is fetched once, when a row drawn here first names a component. Not in a
   * page of no site (a notebook view: no data-base). */
  var schemaPages = null;
  function linkLabels(root) {
    var url = data().schemaPages;
    var base = document.body && document.body.getAttribute("data-base");
    if (typeof url !== "string" || base === null || !root.querySelector("span.schema-ref")) return;
    if (!schemaPages) {
      schemaPages = fetch(base + url.replace(/^\//, "")).then(function (response) {
        return response.ok ? response.json() : null;
      }).catch(function () { return null; });
    }
    schemaPages.then(function (map) {
      if (!map || !map.names) return;
      root.querySelectorAll("span.schema-ref").forEach(function (label) {
        var ref = label.title;
        if (!Object.prototype.hasOwnProperty.call(map.names, ref)) return;
        var link = el("a", "schema-ref", label.textContent);
        link.title = ref;
        link.href = base + map.route.replace(/^\//, "") + "/" + map.names[ref] + "/";
        label.replaceWith(link);
      });
    });
  }

  function list(value) {
    return Array.isArray(value) ? value : [];
  }

  function isNull(schema) {
    return schema && typeof schema === "object" && (schema.type === "null" || (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === "null")) && Object.keys(schema).length <= 2;
  }

  function jsonType(value) {
    if (typeof value === "boolean") return "boolean";
    if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
    if (typeof value === "string") return "string";
    if (Array.isArray(value)) return "array";
    if (value && typeof value === "object") return "object";
    return "any";
  }

  var FACT_KEYS = ["type", "format", "enum", "items", "default", "example"];
  var FLAGS = ["readOnly", "writeOnly", "nullable", "deprecated"];
  var SCALARS = ["string", "integer", "number", "boolean"];

  /* orgdocs/project/schemas.py schema_facts: own facts first, then the $ref target's and the allOf members'. */
  function facts(schema) {
    var out = {};
    var seen = {};
    (function collect(node, hops) {
      if (!node || typeof node !== "object" || Array.isArray(node) || hops > 16) return;
      FACT_KEYS.forEach(function (key) { if (key in node && !(key in out)) out[key] = node[key]; });
      FLAGS.forEach(function (flag) { if (node[flag] === true) out[flag] = true; });
      if (typeof node.$ref === "string" && !seen[node.$ref]) {
        seen[node.$ref] = true;
        var target = resolve(node.$ref);
        if (target !== undefined) collect(target, hops + 1);
      }
      list(node.allOf).forEach(function (member) { collect(member, hops + 1); });
    })(schema, 0);
    return out;
  }

  function mergedSchema(schema) {
    if (!schema || !Array.isArray(schema.allOf)) return schema;
    var f = facts(schema);
    if (f.type === "object") { if (!("default" in schema)) delete f["default"]; if (!("example" in schema)) delete f.example; }
    var keys = Object.keys(f);
    if (keys.every(function (k) { return k in schema; })) return schema;
    var out = Object.assign({}, schema);
    keys.forEach(function (k) { if (!(k in schema)) out[k] = f[k]; });
    FLAGS.forEach(function (k) { if (f[k]) out[k] = true; });
    return out;
  }

  function followed(schema) {
    var seen = {};
    while (schema && typeof schema.$ref === "string" && !seen[schema.$ref]) {
      seen[schema.$ref] = true;
      var target = resolve(schema.$ref);
      if (!target || typeof target !== "object") break;
      var next = Object.assign({}, target);
      Object.keys(schema).forEach(function (k) { if (k !== "$ref") next[k] = schema[k]; });
      schema = next;
    }
    return schema;
  }

  /* orgdocs/project/schemas.py scalar_union: labels when every branch is a scalar, else null. */
  function scalarUnion(branches) {
    if (!branches.length) return null;
    var labels = [];
    for (var i = 0; i < branches.length; i++) {
      var branch = branches[i];
      if (!branch || typeof branch !== "object" || Array.isArray(branch)) return null;
      var f = facts(branch);
      var kinds = Array.isArray(f.type) ? f.type : [f.type];
      if (kinds.length === 1 && kinds[0] === "null") continue;
      var plain = followed(branch);
      if (["properties", "oneOf", "anyOf", "items", "not"].some(function (k) { return k in plain; })) return null;
      var scalars = kinds.filter(function (k) { return k !== "null"; });
      if (!scalars.length || !scalars.every(function (k) { return SCALARS.indexOf(k) >= 0; })) return null;
      scalars.forEach(function (k) {
        var label = typeof f.format === "string" && f.format ? k + " (" + f.format + ")" : k;
        if (labels.indexOf(label) < 0) labels.push(label);
      });
    }
    return labels.length ? labels : null;
  }

  function mappingNames(schema) {
    var d = schema && schema.discriminator;
    var names = {};
    if (!d || typeof d.propertyName !== "string" || !d.mapping || typeof d.mapping !== "object") return names;
    Object.keys(d.mapping).forEach(function (key) {
      var value = d.mapping[key];
      if (typeof value !== "string") return;
      var ref = value.charAt(0) === "#" || value.indexOf("/") >= 0 ? value : "#/components/schemas/" + value;
      if (!(ref in names)) names[ref] = key;
    });
    return names;
  }

  function variantName(branch, names) {
    if (!branch || typeof branch !== "object") return "";
    if (typeof branch.title === "string" && branch.title) return branch.title;
    if (typeof branch.$ref === "string") return names[branch.$ref] || refName(branch.$ref);
    return "";
  }

  /* orgdocs/project/schemas.py fields_label: the summary of a folded object. */
  function fieldsLabel(fields, variants) {
    var words = [];
    if (fields) words.push(fields + (fields === 1 ? " field" : " fields"));
    if (variants) words.push(variants + (variants === 1 ? " variant" : " variants"));
    return words.join(", ") || "Fields";
  }

  /* orgdocs/project/schemas.py implicit_subtypes, over the components this page carries: a discriminator
   * without a mapping chooses among the components whose allOf names its base. */
  function implicitSubtypes(base) {
    if (!subtypeIndex) {
      subtypeIndex = {};
      var components = data().components || {};
      Object.keys(components).forEach(function (ref) {
        if (ref.indexOf(COMPONENT_SCHEMAS) !== 0) return;
        var schema = components[ref];
        list(schema && schema.allOf).forEach(function (member) {
          var to = member && typeof member.$ref === "string" ? member.$ref : null;
          if (to && to !== ref) (subtypeIndex[to] = subtypeIndex[to] || []).push(ref);
        });
      });
    }
    return subtypeIndex[base] || [];
  }

  function types(schema) {
    var kinds = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(function (k) { return typeof k === "string"; });
    var nullable = schema.nullable === true || kinds.indexOf("null") >= 0;
    kinds = kinds.filter(function (k) { return k !== "null"; });
    if (!kinds.length) {
      if ("properties" in schema || "additionalProperties" in schema) kinds = ["object"];
      else if ("items" in schema || "prefixItems" in schema) kinds = ["array"];
      else if (Array.isArray(schema.enum) && schema.enum.length) kinds = [jsonType(schema.enum.filter(function (v) { return v !== null; })[0])];
      else if ("oneOf" in schema) kinds = ["one of"];
      else if ("anyOf" in schema) kinds = ["any of"];
      else if ("allOf" in schema) kinds = ["object"];
      else kinds = ["any"];
    }
    return { kinds: kinds, nullable: nullable };
  }

  function value(v) {
    return cut(JSON.stringify(v));
  }

  function cut(text) {  // a pattern is shown as written, not as a JSON string
    return text && text.length > 160 ? text.slice(0, 159) + "…" : text;
  }

  function badge(text, kind) {
    return el("span", "schema-badge" + (kind ? " schema-badge-" + kind : ""), text);
  }

  function hasChildren(schema) {
    return !!((schema.properties && typeof schema.properties === "object" && Object.keys(schema.properties).length) ||
      (schema.additionalProperties && typeof schema.additionalProperties === "object" && Object.keys(schema.additionalProperties).length) ||
      (schema.patternProperties && typeof schema.patternProperties === "object") ||
      Array.isArray(schema.prefixItems) || Array.isArray(schema.items) ||
      ["allOf", "oneOf", "anyOf"].some(function (k) { return Array.isArray(schema[k]) && schema[k].length; }) ||
      (schema.not && typeof schema.not === "object"));
  }

  /* A node: { type: [nodes for the type label], badges: [], body: element|null, children: element|null,
   * ref, id }. `stack` maps a $ref being expanded to its row id. */
  function expand(schema, depth, where, stack, direction) {
    if (schema === true || schema === null || schema === undefined || (typeof schema === "object" && !Array.isArray(schema) && !Object.keys(schema).length)) {
      return { type: [document.createTextNode("any")], badges: [] };
    }
    if (typeof schema !== "object" || Array.isArray(schema)) return { type: [document.createTextNode(schema === false ? "never" : "any")], badges: [] };
    if (typeof schema.$ref === "string") {
      var ref = schema.$ref;
      var name = refName(ref);
      if (stack[ref]) {
        var link = el("a", "schema-ref schema-cycle", name);
        link.href = "#" + stack[ref];
        link.title = ref;
        return { type: [link], badges: [badge("circular", "cycle")] };
      }
      var target = resolve(ref);
      var label = el("span", "schema-ref", name);
      label.title = ref;
      if (target === undefined) return { type: [label], badges: [notCarried(ref) ? badge("not on this page") : badge("unresolved", "warn")] };
      if (Object.keys(stack).length >= MAX_OPEN_REFS) return { type: [label], badges: [badge("nested too deep")] };
      var merged = target;
      var siblings = Object.keys(schema).filter(function (k) { return k !== "$ref"; });
      if (siblings.length && target && typeof target === "object" && !Array.isArray(target)) {
        merged = Object.assign({}, target);
        siblings.forEach(function (k) { merged[k] = schema[k]; });
      }
      var id = "js-s" + (++counter);
      var inner = Object.assign({}, stack);
      inner[ref] = id;
      var node = expand(merged, depth, [ref, ""], inner, direction);
      var type = node.type;
      var plain = type.length === 1 && type[0].nodeType === 3 && (type[0].textContent === "object" || type[0].textContent === "");
      node.type = plain ? [label] : [label, document.createTextNode(" ")].concat(type);
      if (!node.id) { node.id = id; node.ref = ref; }
      return node;
    }
    schema = mergedSchema(schema);
    var t = types(schema);
    var variants = list(schema.oneOf).concat(list(schema.anyOf));
    var union = variants.length && !schema.type && !("properties" in schema) ? scalarUnion(variants) : null;
    var node2 = { type: [document.createTextNode(union ? union.join(" or ") : t.kinds.join(" or "))], badges: [], union: !!union };
    if (!union && typeof schema.format === "string" && schema.format) node2.type.push(el("span", "schema-format", " (" + schema.format + ")"));
    var nullable = t.nullable || variants.some(isNull);
    if (t.kinds.indexOf("array") >= 0 && schema.items && typeof schema.items === "object" && !Array.isArray(schema.items)) {
      var item = expand(schema.items, depth, [where[0], where[1] + "/items"], stack, direction);
      node2.type = [document.createTextNode("array of ")].concat(item.type);
      node2.children = item.children || null;
      node2.label = item.label;
      node2.id = item.id;
      node2.ref = item.ref;
      node2.badges = node2.badges.concat(item.badges);
    }
    if (nullable) node2.badges.push(badge("nullable"));
    if (schema.readOnly === true) node2.badges.push(badge("read-only", "ro"));
    if (schema.writeOnly === true) node2.badges.push(badge("write-only", "wo"));
    if (schema.deprecated === true) node2.badges.push(badge("deprecated", "warn"));
    node2.body = body(schema);
    if (!node2.children) {
      var nested = children(schema, depth, where, stack, direction, !!union);
      node2.children = nested && nested.content;
      node2.label = nested && nested.label;
    }
    return node2;
  }

  function body(schema) {
    var facts = [];
    function bound(key, exclusiveKey, inclusive, exclusive) {
      var v = schema[key];
      var flag = schema[exclusiveKey];
      if (typeof flag === "number") return exclusive + " " + flag;
      if (typeof v === "number") return (flag === true ? exclusive : inclusive) + " " + v;
      return "";
    }
    function range(low, high, what) {
      var a = Number.isInteger(schema[low]) ? schema[low] : null;
      var b = Number.isInteger(schema[high]) ? schema[high] : null;
      if (a !== null && b !== null) return a !== b ? what + " " + a + ".." + b : what + " exactly " + a;
      if (a !== null) return what + " ≥ " + a;
      if (b !== null) return what + " ≤ " + b;
      return "";
    }
    [bound("minimum", "exclusiveMinimum", "≥", ">"), bound("maximum", "exclusiveMaximum", "≤", "<"),
      range("minLength", "maxLength", "length"), range("minItems", "maxItems", "items"),
      range("minProperties", "maxProperties", "properties")].forEach(function (text) { if (text) facts.push(text); });
    if (typeof schema.multipleOf === "number") facts.push("multiple of " + schema.multipleOf);
    if (schema.uniqueItems === true) facts.push("unique items");
    if (typeof schema.pattern === "string") facts.push("pattern " + cut(schema.pattern));
    if (Array.isArray(schema.enum) && schema.enum.length) {
      facts.push("one of " + schema.enum.slice(0, MAX_ENUM).map(value).join(", ") + (schema.enum.length > MAX_ENUM ? " and " + (schema.enum.length - MAX_ENUM) + " more" : ""));
    }
    if ("const" in schema) facts.push("value " + value(schema.const));
    if ("default" in schema) facts.push("default " + value(schema["default"]));
    if ("example" in schema) facts.push("example " + value(schema.example));
    else if (Array.isArray(schema.examples) && schema.examples.length) facts.push("example " + value(schema.examples[0]));
    if (schema.additionalProperties === false) facts.push("no other properties");
    if (schema.discriminator && typeof schema.discriminator.propertyName === "string") facts.push("discriminator " + value(schema.discriminator.propertyName));
    var text = typeof schema.description === "string" && schema.description ? schema.description : (typeof schema.title === "string" ? schema.title : "");
    if (!text && !facts.length) return null;
    var box = document.createDocumentFragment();
    if (text) {
      var description = el("div", "schema-description");
      description.appendChild(el("p", "", text));
      box.appendChild(description);
    }
    if (facts.length) {
      var ul = el("ul", "schema-facts");
      facts.forEach(function (fact) { ul.appendChild(el("li", "", fact)); });
      box.appendChild(ul);
    }
    return box;
  }

  function leftOut(schema, direction) {
    if (!direction || !schema || typeof schema !== "object") return false;
    var flag = direction === "request" ? "readOnly" : "writeOnly";
    if (schema[flag] === true) return true;
    if (!("$ref" in schema) && !("allOf" in schema)) return false;
    return facts(schema)[flag] === true; // a flag of a reference or an allOf member
  }

  /* orgdocs/render/site/schema_tree/_choices.py merge_all_of: the properties of every allOf part in one object, with
   * where each is written; null when a part cannot be merged (a cycle, an unresolvable reference, variants or
   * items of its own), and the parts are listed under "All of" instead. */
  var UNMERGEABLE = ["oneOf", "anyOf", "not", "items", "prefixItems", "additionalProperties", "patternProperties"];
  function mergeAllOf(schema, where, stack) {
    var properties = {}, places = {}, required = [], seen = {};
    function add(part, at, hops) {
      if (hops > 16 || !part || typeof part !== "object" || Array.isArray(part)) return false;
      if (typeof part.$ref === "string") {
        var ref = part.$ref;
        if (bases[ref]) return true; // a subtype listed under its base: the base's fields are shown above
        if (stack[ref] || seen[ref]) return false;
        seen[ref] = true;
        var target = resolve(ref);
        return target !== undefined && add(target, [ref, ""], hops + 1);
      }
      if (UNMERGEABLE.some(function (k) { return k in part; })) return false;
      var members = list(part.allOf);
      for (var i = 0; i < members.length; i++) {
        if (!add(members[i], [at[0], at[1] + "/allOf/" + i], hops + 1)) return false;
      }
      var own = part.properties && typeof part.properties === "object" ? part.properties : {};
      Object.keys(own).forEach(function (name) {
        properties[name] = own[name];
        places[name] = [at[0], at[1] + "/properties/" + token(name)];
      });
      required = required.concat(list(part.required));
      return true;
    }
    var rest = {};
    Object.keys(schema).forEach(function (k) { if (k !== "allOf") rest[k] = schema[k]; });
    var parts = list(schema.allOf);
    for (var i = 0; i < parts.length; i++) {
      if (!add(parts[i], [where[0], where[1] + "/allOf/" + i], 0)) return null;
    }
    if (!add(rest, where, 0)) return null;
    return { schema: { properties: properties, required: required }, places: places };
  }

  /* { content, label }: the rows below a schema and their count in words ("12 fields"); null without any. */
  function children(schema, depth, where, stack, direction, inlineUnion) {
    if (!hasChildren(schema)) return null;
    var merged = list(schema.allOf).length ? mergeAllOf(schema, where, stack) : null;
    var own = merged ? merged.schema : schema;
    var fields = fieldEntries(own, merged, where, direction);
    var groups = choiceGroups(schema, merged, where, inlineUnion);
    var variants = 0;
    groups.forEach(function (group) {
      if (group.choice) variants += group.branches.filter(function (b) { return !isNull(b); }).length;
    });
    var label = fieldsLabel(fields.length, variants);
    if (depth >= DEPTH) return { content: lazy(where, label), label: label };
    var box = document.createDocumentFragment();
    var rows = el("ul", "schema-props");
    fields.forEach(function (f) {
      rows.appendChild(row(f.name, f.schema, depth, f.at, stack, direction, f.required, false));
    });
    if (rows.childNodes.length) box.appendChild(rows);
    var base = where[1] === "" && where[0] && discriminatorOf(schema) ? where[0] : null;
    var wasBase = base && bases[base];
    if (base) bases[base] = true;
    try {
      groups.forEach(function (group) {
        var branches = group.branches;
        var names = group.names;
        var wrap = el("div", "schema-variants");
        wrap.appendChild(el("div", "schema-variants-label", group.label));
        var ul = el("ul", "schema-props");
        branches.forEach(function (branch, i) {
          if (isNull(branch)) return;
          var title = variantName(branch, names) || "Option " + (ul.childNodes.length + 1);  // nulls are not options
          var at = group.key ? [where[0], where[1] + "/" + group.key + "/" + i] : [branch.$ref, ""];
          ul.appendChild(row(title, branch, depth, at, stack, direction, false, true));
        });
        if (group.choice && ul.childNodes.length > 1) {
          wrap.setAttribute("data-choice", "");
          if (group.key !== "allOf" && discriminatorOf(schema)) wrap.setAttribute("data-discriminator", discriminatorOf(schema));
        }
        wrap.appendChild(ul);
        box.appendChild(wrap);
      });
    } finally {
      if (base && !wasBase) delete bases[base];
    }
    return { content: box, label: label };
  }

  function discriminatorOf(schema) {
    var d = schema && schema.discriminator;
    return d && typeof d.propertyName === "string" ? d.propertyName : "";
  }

  /* schema_tree/_fields.py field_entries: properties the direction keeps, pattern and additional properties, tuple items. */
  function fieldEntries(own, merged, where, direction) {
    var out = [];
    var required = list(own.required);
    var properties = own.properties && typeof own.properties === "object" ? own.properties : {};
    Object.keys(properties).forEach(function (name) {
      if (leftOut(properties[name], direction)) return;
      var at = merged ? merged.places[name] : [where[0], where[1] + "/properties/" + token(name)];
      out.push({ name: name, schema: properties[name], at: at, required: required.indexOf(name) >= 0 });
    });
    if (own.patternProperties && typeof own.patternProperties === "object") {
      Object.keys(own.patternProperties).forEach(function (pattern) {
        out.push({ name: "/" + pattern + "/", schema: own.patternProperties[pattern], at: [where[0], where[1] + "/patternProperties/" + token(pattern)], required: false });
      });
    }
    if (own.additionalProperties && typeof own.additionalProperties === "object" && Object.keys(own.additionalProperties).length) {
      out.push({ name: "[key: string]", schema: own.additionalProperties, at: [where[0], where[1] + "/additionalProperties"], required: false });
    }
    var tuple = Array.isArray(own.prefixItems) ? own.prefixItems : Array.isArray(own.items) ? own.items : null;
    if (tuple) {
      var key = Array.isArray(own.prefixItems) ? "prefixItems" : "items";
      tuple.forEach(function (sub, i) { out.push({ name: "[" + i + "]", schema: sub, at: [where[0], where[1] + "/" + key + "/" + i], required: false }); });
    }
    return out;
  }

  /* schema_tree/_choices.py choices (and the "All of" list of parts that cannot merge): oneOf, anyOf, else the
   * subtypes of the schema's own discriminator, from its mapping or by the implicit rule. */
  function choiceGroups(schema, merged, where, inlineUnion) {
    var names = mappingNames(schema);
    var groups = [];
    [["allOf", "All of"], ["oneOf", "One of"], ["anyOf", "Any of"]].forEach(function (pair) {
      var branches = pair[0] === "allOf" && merged ? [] : list(schema[pair[0]]); // merged above
      var choice = pair[0] !== "allOf";
      if (!branches.length || branches.every(isNull) || (choice && inlineUnion)) return;
      groups.push({ key: pair[0], label: pair[1], branches: branches, choice: choice, names: names });
    });
    if (!list(schema.oneOf).length && !list(schema.anyOf).length && discriminatorOf(schema)) {
      var refs = Object.keys(names);
      if (!refs.length && where[1] === "" && where[0]) {
        implicitSubtypes(where[0]).forEach(function (ref) { names[ref] = refName(ref); refs.push(ref); });
      }
      if (refs.length) {
        groups.push({ key: null, label: "One of", choice: true, names: names,
          branches: refs.map(function (ref) { return { $ref: ref }; }) });
      }
    }
    return groups;
  }

  function token(name) {
    return String(name).replace(/~/g, "~0").replace(/\//g, "~1");
  }

  function lazy(where, label) {
    var details = el("details", "schema-more schema-lazy");
    details.setAttribute("data-ref", where[0]);
    details.setAttribute("data-path", where[1]);
    details.appendChild(el("summary", "", label));
    details.addEventListener("toggle", onToggle);
    return details;
  }

  function row(name, schema, depth, where, stack, direction, required, variant) {
    var node = expand(schema, depth + 1, where, stack, direction);
    var li = el("li", "schema-row");
    if (node.id) { li.id = node.id; li.setAttribute("data-schema-ref", node.ref); }
    var head = el("div", "schema-head");
    head.appendChild(el("code", variant ? "schema-variant" : "schema-name", name));
    if (required) { var req = el("span", "schema-required", "required"); req.title = "required"; head.appendChild(req); }
    var type = el("span", "schema-type");
    node.type.forEach(function (part) { type.appendChild(part); });
    head.appendChild(type);
    node.badges.forEach(function (b) { head.appendChild(b); });
    li.appendChild(head);
    if (node.body) li.appendChild(node.body);
    if (node.children) {
      var first = node.children.firstChild;
      if (node.children.nodeType === 1 && node.children.classList.contains("schema-lazy")) {
        li.appendChild(node.children);
      } else if (first || node.children.nodeType === 1) {
        var more = el("details", "schema-more");
        more.appendChild(el("summary", "", node.label || "Fields"));
        more.appendChild(node.children);
        li.appendChild(more);
      }
    }
    return li;
  }

  function ancestorsOf(element) {
    var stack = {};
    for (var node = element; node; node = node.parentElement) {
      var ref = node.getAttribute && node.getAttribute("data-schema-ref");
      if (ref && node.id && !stack[ref]) stack[ref] = node.id;
    }
    return stack;
  }

  function onToggle(event) {
    var details = event.currentTarget || event.target;
    if (!details.open || details.getAttribute("data-filled")) return;
    details.setAttribute("data-filled", "true");
    var ref = details.getAttribute("data-ref") || "";
    var path = details.getAttribute("data-path") || "";
    var root = ref ? resolve(ref) : data();
    var schema = path ? pointer(root, path) : root;
    var tree = details.closest(".schema-tree");
    var direction = tree ? tree.getAttribute("data-direction") : null;
    var stack = ancestorsOf(details);
    if (ref && !path && stack[ref] === undefined) stack[ref] = (details.closest("[id]") || {}).id || "";
    details.querySelectorAll(".schema-cut").forEach(function (cut) { cut.remove(); });
    var nested = schema && typeof schema === "object" ? children(mergedSchema(schema), 0, [ref, path], stack, direction) : null;
    var content = nested && nested.content;
    if (content) details.appendChild(content);
    else details.appendChild(el("p", "schema-cut", "No fields."));
    setupChoices(details);
    fieldLinks(details);
    linkLabels(details);
  }

  /* A choice of variants: buttons (aria-pressed) above the rows, or a drop-down list past MAX_BUTTONS of
   * them, labelled by the discriminator's property where there is one; one row shown, its fields opened. */
  var choosers = typeof WeakMap === "function" ? new WeakMap() : null;
  function setupChoices(root) {
    root.querySelectorAll(".schema-variants[data-choice]").forEach(function (box) {
      if (box.hasAttribute("data-ready")) return;
      box.setAttribute("data-ready", "");
      var list = box.querySelector(":scope > .schema-props");
      if (!list) return;
      var rows = Array.prototype.slice.call(list.children);
      var label = box.querySelector(":scope > .schema-variants-label");
      var what = (label ? label.textContent : "One of") + ": choose a variant";
      var names = rows.map(function (row, i) {
        var name = row.querySelector(":scope > .schema-head > .schema-variant");
        return name ? name.textContent : "Option " + (i + 1);
      });
      var group, buttons = [], menu = null;
      if (rows.length > MAX_BUTTONS) {
        group = el("label", "schema-choice schema-choice-list");
        var property = box.getAttribute("data-discriminator");
        group.appendChild(el("span", "schema-choice-label", property || "Variant"));
        menu = el("select", "schema-choice-select");
        menu.setAttribute("aria-label", what);
        names.forEach(function (name, i) {
          var option = el("option", "", name);
          option.value = String(i);
          menu.appendChild(option);
        });
        menu.addEventListener("change", function () { select(parseInt(menu.value, 10)); });
        group.appendChild(menu);
        group.appendChild(el("span", "schema-choice-count", "of " + rows.length));
      } else {
        group = el("div", "schema-choice");
        group.setAttribute("role", "group");
        group.setAttribute("aria-label", what);
        buttons = names.map(function (name, i) {
          var button = el("button", "schema-choice-button", name);
          button.type = "button";
          button.addEventListener("click", function () { select(i); });
          group.appendChild(button);
          return button;
        });
      }
      function select(index) {
        rows.forEach(function (row, i) {
          row.hidden = i !== index;
          if (buttons[i]) buttons[i].setAttribute("aria-pressed", i === index ? "true" : "false");
        });
        if (menu) menu.value = String(index);
        var more = rows[index].querySelector(":scope > details.schema-more");
        if (more && !more.open) more.open = true;
      }
      if (choosers) choosers.set(box, select);
      box.insertBefore(group, list);
      box.classList.add("schema-variants-chosen");
      select(0);
    });
  }

  function fieldName(row) {
    var name = row.querySelector(":scope > .schema-head > .schema-name, :scope > .schema-head > .schema-variant");
    return name ? name.textContent.replace(/\s+/g, "_") : "";
  }

  function treePlace(tree) {
    var param = tree.closest(".param");
    var name = param && param.querySelector(".param-name");
    var section = tree.parentElement && tree.parentElement.closest("[id]:not(.schema-row):not(.schema-tree)");
    var place = section ? section.id : "schema";
    return name ? place + "." + name.textContent.replace(/\s+/g, "_") : place;
  }

  function fieldLinks(root) {
    root.querySelectorAll(".schema-row > .schema-head").forEach(function (head) {
      if (head.id) return;
      var row = head.parentElement;
      var tree = row.closest(".schema-tree");
      var names = [];
      for (var node = row; node && node !== tree; node = node.parentElement) {
        if (node.classList.contains("schema-row")) names.unshift(fieldName(node));
      }
      if (!tree || names.indexOf("") >= 0) return;
      var base = treePlace(tree) + "." + names.join("."), id = base;
      for (var n = 2; document.getElementById(id); n++) id = base + "~" + n;
      head.id = id;
      var link = el("a", "anchor field-anchor");
      link.href = "#" + encodeURIComponent(id);
      // named by its text, not aria-label: a form's field labelled "status" is not this link
      link.appendChild(el("span", "", "#")).setAttribute("aria-hidden", "true");
      link.appendChild(el("span", "visually-hidden", "Link to field " + names.join(".")));
      head.appendChild(link);
    });
  }

  document.querySelectorAll("details.schema-lazy").forEach(function (details) {
    details.addEventListener("toggle", onToggle);
  });
  /* A link to a field: the variants around it are chosen, and rows folded in lazy rows on the way are
   * rendered, from the nearest field the page has down to it (code.js then opens and scrolls where the
   * field was there from the start). */
  function showTarget() {
    var id = "";
    try { id = decodeURIComponent(window.location.hash.slice(1)); } catch (error) { return; }
    if (!id) return;
    var target = document.getElementById(id);
    var rendered = false;
    for (var tries = 0; !target && tries < 32; tries++) {
      if (!openNearest(id)) break;
      rendered = true;
      target = document.getElementById(id);
    }
    for (var row = target && target.closest(".schema-row"); row; row = row.parentElement.closest(".schema-row")) {
      if (!row.hidden) continue;
      var list = row.parentElement, box = list.parentElement;
      var select = choosers && choosers.get(box);
      if (select) select(Array.prototype.indexOf.call(list.children, row));
    }
    if (target && rendered) {
      for (var node = target.parentElement; node; node = node.parentElement) {
        if (node.tagName === "DETAILS" && !node.open) node.open = true;
      }
      target.scrollIntoView();
    }
  }

  /* Renders the lazy row of the nearest field above ``id`` ("response-200.data.owner.login": the row
   * "response-200.data.owner" if the page has it, else "response-200.data", ...); false when none. */
  function openNearest(id) {
    for (var cut = id.lastIndexOf("."); cut > 0; cut = id.lastIndexOf(".", cut - 1)) {
      var head = document.getElementById(id.slice(0, cut));
      if (!head || !head.classList.contains("schema-head")) continue;
      var lazyRow = head.parentElement.querySelector(":scope > details.schema-lazy:not([data-filled])");
      if (!lazyRow) return false;
      lazyRow.open = true;
      onToggle({ currentTarget: lazyRow });
      return true;
    }
    return false;
  }

  setupChoices(document);
  fieldLinks(document);
  if (window.location && window.addEventListener) { // a notebook view runs this with a stand-in window
    showTarget();
    window.addEventListener("hashchange", showTarget);
  }
})();
