/* orgdocs: form values -> request -> code samples, in the browser.
 *
 * A line-for-line port of orgdocs/site/requests.py (buildRequest: values keyed "in:name", percent-encoding,
 * parameter styles, headers, cookies, server URL joining, body serialization) and orgdocs/site/samples.py
 * (curl, Python httpx and JavaScript fetch samples, the token masked). Their module docstrings are the rules;
 * tests/browser compares both sides on the same inputs.
 */
(function (global) {
  "use strict";

  var IGNORED_HEADERS = ["accept", "content-type", "authorization"];
  var MULTIPART_NOTE = "multipart/form-data: the fields are shown as JSON; they are sent as form fields";
  var TOKEN_PREFIX = "Bearer ";

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

  function pathValue(param, value) {
    var style = param.style || "simple";
    var explode = !!param.explode;
    var name = encode(param.name);
    if (Array.isArray(value)) {
      var parts = value.map(function (v) { return encode(textOf(v)); });
      if (style === "matrix") {
        if (explode) return parts.map(function (p) { return ";" + name + "=" + p; }).join("");
        return ";" + name + "=" + parts.join(",");
      }
      if (style === "label") return "." + parts.join(explode ? "." : ",");
      return parts.join(",");
    }
    if (isObject(value)) {
      var encoded = pairs(value).map(function (kv) { return [encode(kv[0]), encode(kv[1])]; });
      if (explode) {
        var joined = encoded.map(function (kv) { return kv[0] + "=" + kv[1]; });
        if (style === "matrix") return joined.map(function (p) { return ";" + p; }).join("");
        if (style === "label") return "." + joined.join(".");
        return joined.join(",");
      }
      var flat = encoded.map(function (kv) { return kv[0] + "," + kv[1]; }).join(",");
      if (style === "matrix") return ";" + name + "=" + flat;
      return (style === "label" ? "." : "") + flat;
    }
    var text = encode(textOf(value));
    if (style === "matrix") return ";" + name + "=" + text;
    if (style === "label") return "." + text;
    return text;
  }

  function queryPairs(param, value) {
    var style = param.style || "form";
    var explode = param.explode !== undefined && param.explode !== null ? param.explode : style === "form";
    var name = encode(param.name);
    if (Array.isArray(value)) {
      var items = value.map(function (v) { return encode(textOf(v)); });
      if (explode) return items.map(function (item) { return name + "=" + item; });
      var separator = { spaceDelimited: "%20", pipeDelimited: "|" }[style] || ",";
      return [name + "=" + items.join(separator)];
    }
    if (isObject(value)) {
      if (style === "deepObject") {
        return pairs(value).map(function (kv) { return encode(param.name + "[" + kv[0] + "]") + "=" + encode(kv[1]); });
      }
      var encoded = pairs(value).map(function (kv) { return [encode(kv[0]), encode(kv[1])]; });
      if (explode) return encoded.map(function (kv) { return kv[0] + "=" + kv[1]; });
      return [name + "=" + encoded.map(function (kv) { return kv[0] + "," + kv[1]; }).join(",")];
    }
    return [name + "=" + encode(textOf(value))];
  }

  function joined(value, explode) {
    if (Array.isArray(value)) return value.map(textOf).join(",");
    if (isObject(value)) {
      return pairs(value).map(function (kv) { return explode ? kv[0] + "=" + kv[1] : kv[0] + "," + kv[1]; }).join(",");
    }
    return textOf(value);
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
   * (a string, null for none, or a value to serialize), mediaType, token. */
  function buildRequest(operation, options) {
    var values = options.values || {};
    var path = operation.path;
    var query = [];
    var headers = [];
    var cookies = [];
    (operation.parameters || []).forEach(function (param) {
      var value = parameterValue(param, values);
      if (param.in === "path") {
        if (!isEmpty(value)) path = path.split("{" + param.name + "}").join(pathValue(param, value));
        return;
      }
      if (isEmpty(value)) return;
      if (param.in === "query") {
        Array.prototype.push.apply(query, queryPairs(param, value));
      } else if (param.in === "header") {
        if (IGNORED_HEADERS.indexOf(param.name.toLowerCase()) === -1) headers.push([param.name, joined(value, !!param.explode)]);
      } else if (param.in === "cookie") {
        cookies.push(param.name + "=" + joined(value, false));
      }
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
    if (options.token) headers.push(["Authorization", "Bearer " + options.token]);
    var url = joinUrl(options.serverUrl || "", path);
    if (query.length) url += (url.indexOf("?") >= 0 ? "&" : "?") + query.join("&");
    return { method: operation.method.toUpperCase(), url: url, headers: headers, body: text, mediaType: mediaType, note: note };
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

  /* -- samples ----------------------------------------------------------------------------------------- */

  function q(text) {
    return JSON.stringify(text);
  }

  function shellQuote(text) {
    return "'" + text.split("'").join("'\\''") + "'";
  }

  function masked(name, value, reveal) {
    return !reveal && name.toLowerCase() === "authorization" && value.indexOf(TOKEN_PREFIX) === 0;
  }

  function sampleHeaders(parts, kind) {
    if (kind === "multipart") return parts.headers.filter(function (h) { return h[0].toLowerCase() !== "content-type"; });
    return parts.headers.slice();
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

  function spaces(n) {
    return new Array(n + 1).join(" ");
  }

  function literal(value, indent, level, language) {
    var inner;
    if (Array.isArray(value)) {
      if (!value.length) return "[]";
      inner = spaces(indent * (level + 1));
      return "[\n" + value.map(function (v) { return inner + literal(v, indent, level + 1, language) + ","; }).join("\n") +
        "\n" + spaces(indent * level) + "]";
    }
    if (isObject(value)) {
      var keys = Object.keys(value);
      if (!keys.length) return "{}";
      inner = spaces(indent * (level + 1));
      return "{\n" + keys.map(function (k) { return inner + q(String(k)) + ": " + literal(value[k], indent, level + 1, language) + ","; }).join("\n") +
        "\n" + spaces(indent * level) + "}";
    }
    if (typeof value === "string") return q(value);
    if (typeof value === "boolean" || value === null) {
      if (language === "python") return value === true ? "True" : value === false ? "False" : "None";
      return String(value);
    }
    return textOf(value);
  }

  function curl(parts, reveal) {
    var lines = [parts.method === "HEAD" ? "curl --head " + shellQuote(parts.url) : "curl -X " + parts.method + " " + shellQuote(parts.url)];
    var kb = bodyKind(parts);
    sampleHeaders(parts, kb[0]).forEach(function (h) {
      lines.push(masked(h[0], h[1], reveal) ? '-H "Authorization: Bearer $TOKEN"' : "-H " + shellQuote(h[0] + ": " + h[1]));
    });
    if (kb[0] === "multipart") {
      kb[1].forEach(function (f) { lines.push("--form-string " + shellQuote(f[0] + "=" + f[1])); });
    } else if (parts.body !== null) {
      lines.push("--data-raw " + shellQuote(parts.body));
    }
    return lines.join(" \\\n  ") + "\n";
  }

  function python(parts, reveal) {
    var kb = bodyKind(parts);
    var headers = sampleHeaders(parts, kb[0]);
    var isMasked = headers.some(function (h) { return masked(h[0], h[1], reveal); });
    var lines = isMasked ? ["import os", ""] : [];
    lines.push("import httpx", "", "response = httpx.request(", "    " + q(parts.method) + ",", "    " + q(parts.url) + ",");
    if (headers.length) {
      lines.push("    headers={");
      headers.forEach(function (h) {
        if (masked(h[0], h[1], reveal)) lines.push("        " + q(h[0]) + ": f\"Bearer {os.environ['TOKEN']}\",");
        else lines.push("        " + q(h[0]) + ": " + q(h[1]) + ",");
      });
      lines.push("    },");
    }
    if (kb[0] === "json") {
      lines.push("    json=" + literal(kb[1], 4, 1, "python") + ",");
    } else if (kb[0] === "multipart") {
      lines.push("    files=[");
      kb[1].forEach(function (f) { lines.push("        (" + q(f[0]) + ", (None, " + q(f[1]) + ")),"); });
      lines.push("    ],");
    } else if (parts.body !== null) {
      lines.push("    content=" + q(parts.body) + ",");
    }
    lines.push(")", "print(response.status_code)", "print(response.text)");
    return lines.join("\n") + "\n";
  }

  function javascript(parts, reveal) {
    var kb = bodyKind(parts);
    var lines = [];
    if (kb[0] === "multipart") {
      lines.push("const form = new FormData();");
      kb[1].forEach(function (f) { lines.push("form.append(" + q(f[0]) + ", " + q(f[1]) + ");"); });
      lines.push("");
    }
    lines.push("const response = await fetch(" + q(parts.url) + ", {", "  method: " + q(parts.method) + ",");
    var headers = sampleHeaders(parts, kb[0]);
    if (headers.length) {
      lines.push("  headers: {");
      headers.forEach(function (h) {
        if (masked(h[0], h[1], reveal)) lines.push("    " + q(h[0]) + ": `Bearer ${process.env.TOKEN}`,");
        else lines.push("    " + q(h[0]) + ": " + q(h[1]) + ",");
      });
      lines.push("  },");
    }
    if (kb[0] === "json") lines.push("  body: JSON.stringify(" + literal(kb[1], 2, 1, "javascript") + "),");
    else if (kb[0] === "multipart") lines.push("  body: form,");
    else if (parts.body !== null) lines.push("  body: " + q(parts.body) + ",");
    lines.push("});", "console.log(response.status);", "console.log(await response.text());");
    return lines.join("\n") + "\n";
  }

  function codeSamples(parts, reveal) {
    return { curl: curl(parts, !!reveal), python: python(parts, !!reveal), javascript: javascript(parts, !!reveal) };
  }

  global.orgdocs = global.orgdocs || {};
  global.orgdocs.request = {
    buildRequest: buildRequest,
    codeSamples: codeSamples,
    encode: encode,
    textOf: textOf,
    joinUrl: joinUrl,
    multipartFields: multipartFields,
    isJsonMediaType: isJsonMediaType,
    serialize: serialize,
    shellQuote: shellQuote,
  };
})(window);
