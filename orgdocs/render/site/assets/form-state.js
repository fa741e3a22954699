/* orgdocs: what a request form's inputs say, and the request they make (a part of form.js's form).
 *
 * An input's text becomes a value by the rules of orgdocs/render/site/form.py parse_input (window.orgdocs.parseInput,
 * which tests hold to the Python side); the request is orgdocs.request.buildRequest's, from the chosen server,
 * the parameters, the body, the extra headers and the chosen security alternative's credentials. On every
 * change the form shows it with placeholders for the credentials: the URL preview and the code samples
 * (code.js writes them in the reader's language from the request handed to each [data-samples] box).
 *
 * Every function takes the form form.js mounted (its elements, its payload; see form.js openForm).
 */
(function () {
  "use strict";
  window.orgdocs = window.orgdocs || {};
  var parts = (window.orgdocs.formParts = window.orgdocs.formParts || {});
  var R = window.orgdocs.request;
  var INTEGER = /^\s*-?\d+\s*$/;
  var NUMBER = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
  window.orgdocs.parseInput = parse; // the rules of form.py parse_input, for tests and other scripts

  /* -- an input's value ---------------------------------------------------------------------------------- */

  function number(text) {
    if (INTEGER.test(text) || NUMBER.test(text)) return Number(text);
    return text;
  }

  function typed(text, itemType) {
    if (itemType === "integer" || itemType === "number") return number(text);
    if (itemType === "boolean" && (text === "true" || text === "false")) return text === "true";
    return text;
  }

  function parse(kind, text, itemType, required) {
    if (kind === "checkbox") return text === "true" ? true : required ? false : null;
    if (text === "") return null;
    if (kind === "number") return number(text);
    if (kind === "select") return typed(text, itemType);
    if (kind === "list") return text.split(",").map(function (part) { return typed(part.trim(), itemType); });
    if (kind === "json") {
      try {
        return JSON.parse(text);
      } catch (error) {
        return text;
      }
    }
    return text;
  }

  function parseInput(element) {
    var kind = element.getAttribute("data-kind");
    var text = kind === "checkbox" ? (element.checked ? "true" : "") : element.value;
    return parse(kind, text, element.getAttribute("data-item-type") || "string", element.hasAttribute("data-required"));
  }

  /* -- what the inputs hold -------------------------------------------------------------------------------- */

  function values(form) {
    var out = {};
    form.element.querySelectorAll("[data-param-name]").forEach(function (input) {
      out[input.getAttribute("data-param-in") + ":" + input.getAttribute("data-param-name")] = parseInput(input);
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

  /* the request with placeholders for every credential: the URL preview, the code samples, the schemes in use */
  function showRequest(form) {
    var chosen = alternative(form);
    var schemes = form.schemes;
    var request = build(form, R.appliedCredentials(chosen, schemes, R.placeholderCredentials(chosen, schemes)));
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

  /* each problem of orgdocs.request.requestProblems next to its field; the first such field takes the focus */
  function showProblems(form, problems) {
    var first = null;
    form.element.querySelectorAll("[data-error-for]").forEach(function (slot) {
      var message = problems[slot.getAttribute("data-error-for")];
      slot.hidden = !message;
      slot.textContent = message || "";
      var field = slot.parentNode.querySelector("[data-param-name], [data-body]");
      if (field) {
        if (message) field.setAttribute("aria-invalid", "true");
        else field.removeAttribute("aria-invalid");
        if (message && !first) first = field;
      }
    });
    if (first) first.focus();
  }

  parts.state = {
    values: values,
    chosenServer: chosenServer,
    typedCredentials: typedCredentials,
    alternative: alternative,
    mediaType: mediaType,
    build: build,
    showRequest: showRequest,
    showProblems: showProblems,
  };
})();
