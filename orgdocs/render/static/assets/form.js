/* orgdocs: the request form of an operation page.
 *
 * orgdocs.mountForm(root, {payload, send, store, pageUrl}) wires one rendered form (the [data-try] section
 * of orgdocs/render/static/templates/orgdocs/operation_form.html.j2). It reads every input (the rules of
 * orgdocs/render/static/form.py parse_input) and on every change rebuilds the request with
 * orgdocs.request.buildRequest: the URL preview and the code samples (code.js) follow live, credentials shown as
 * placeholders. Send checks the request first (orgdocs.request.requestProblems: a message next to the field,
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
 *     declared servers, orgdocs/render/static/form.py api_key), never the group or the scheme name alone: two
 *     APIs that both call their scheme "bearerAuth" do not share it. Default: sessionStorage, or
 *     localStorage when the reader ticks "remember on this device"; nothing is stored anywhere else.
 * Send never follows a redirect (fetch's redirect: "manual"): the credentials it carries would go wherever the
 * Location points. The redirect is shown instead.
 * The page script mounts every form with the defaults.
 */
(function () {
  "use strict";
  window.orgdocs = window.orgdocs || {};
  var R = window.orgdocs.request;
  var INTEGER = /^\s*-?\d+\s*$/;
  var NUMBER = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
  window.orgdocs.parseInput = parse; // the rules of form.py parse_input, for tests and other scripts

  /* -- values ------------------------------------------------------------------------------------------ */

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

  /* -- the browser's defaults: fetch and web storage ---------------------------------------------------- */

  function webStorage(kind) {
    try {
      return window[kind];
    } catch (error) {
      return null;
    }
  }

  var browserStore = {
    forget: function (prefixes) {
      ["sessionStorage", "localStorage"].forEach(function (kind) {
        var storage = webStorage(kind);
        if (!storage) return;
        try {
          var keys = [];
          for (var i = 0; i < storage.length; i++) keys.push(storage.key(i));
          keys.forEach(function (key) {
            if (key !== null && prefixes.some(function (prefix) { return key.indexOf(prefix) === 0; })) storage.removeItem(key);
          });
        } catch (error) {
          /* storage blocked: nothing was kept there */
        }
      });
    },
    get: function (key) {
      var session = webStorage("sessionStorage");
      var local = webStorage("localStorage");
      var fromSession = session ? session.getItem(key) : null;
      if (fromSession) return { value: fromSession, remembered: false };
      var fromLocal = local ? local.getItem(key) : null;
      return fromLocal ? { value: fromLocal, remembered: true } : null;
    },
    set: function (key, value, remember) {
      var session = webStorage("sessionStorage");
      var local = webStorage("localStorage");
      try {
        if (session) session.removeItem(key);
        if (local) local.removeItem(key);
        if (value) (remember ? local : session).setItem(key, value);
      } catch (error) {
        /* storage full or blocked: the credential lasts for this page */
      }
    },
  };

  function explainFailure(url, error) {
    var target;
    try {
      target = new URL(url, window.location.href);
    } catch (problem) {
      return "The URL " + url + " is not valid: choose a server or fill in the path parameters.";
    }
    var reasons = [];
    if (target.origin !== window.location.origin) {
      reasons.push("the server at " + target.origin + " does not allow requests from this page (" + window.location.origin +
        "): it must answer with an Access-Control-Allow-Origin header (CORS), also for the preflight OPTIONS request");
    }
    if (window.location.protocol === "https:" && target.protocol === "http:") {
      reasons.push("this page is served over https and the browser blocks calls to an http URL (mixed content)");
    }
    reasons.push("the server is not running or not reachable at " + target.origin);
    return "The browser could not complete the request (" + (error && error.message ? error.message : "network error") +
      "). Likely causes: " + reasons.join("; or ") + ". The curl sample sends the same request from a terminal, where CORS does not apply.";
  }

  var REDIRECT_NOTE = "The server answered with a redirect (3xx). The form does not follow redirects, so that " +
    "credentials never go to another address, and the browser does not let a page read where a redirect " +
    "points: the curl sample with -i added shows its status and Location header.";

  function browserSend(request) {
    var headers = new Headers();
    var notes = [];
    request.headers.forEach(function (h) {
      if (h[0].toLowerCase() === "cookie") {
        if (notes.length === 0) notes.push("Browsers do not let a page set the Cookie header: it was not sent.");
        return;
      }
      headers.append(h[0], h[1]);
    });
    // a redirect is not followed: the credentials would go to wherever it points (an opaqueredirect answer)
    var init = { method: request.method, headers: headers, redirect: "manual" };
    if (request.fields) {
      var data = new FormData();
      request.fields.forEach(function (f) { data.append(f[0], f[1]); });
      init.body = data;
    } else if (request.body !== null && request.method !== "GET" && request.method !== "HEAD") {
      init.body = request.body;
    }
    return fetch(request.url, init).then(function (response) {
      if (response.type === "opaqueredirect") {
        return {
          status: 0,
          statusText: "",
          redirect: true,
          headers: [],
          text: "",
          notes: notes.concat([REDIRECT_NOTE]),
        };
      }
      return response.text().then(function (text) {
        var list = [];
        response.headers.forEach(function (value, name) { list.push([name, value]); });
        return { status: response.status, statusText: response.statusText, headers: list, text: text, notes: notes };
      });
    }, function (error) {
      throw new Error(explainFailure(request.url, error));
    });
  }

  window.orgdocs.browserSend = browserSend;
  window.orgdocs.browserStore = browserStore;

  /* -- one form ----------------------------------------------------------------------------------------- */

  function mount(root, options) {
    options = options || {};
    var send = options.send || browserSend;
    // the browser checks its answers against the description (check.js); a kernel that sends checks its own
    var checks = !options.send && window.orgdocs.checkResponse;
    var store = options.store || browserStore;
    var form = root.querySelector("[data-form]");
    var payload = options.payload;
    if (!payload) {
      var payloadElement = document.getElementById("orgdocs-payload");
      payload = payloadElement ? JSON.parse(payloadElement.textContent) : null;
    }
    if (!R || !form || !payload) return null;
    var operation = payload.operation;
    var schemes = payload.securitySchemes || {};
    var alternatives = R.securityAlternatives(operation.security);
    var group = options.group || document.body.getAttribute("data-group") || payload.group || "";
    var credentialBox = form.querySelector("[data-credentials]");
    // the API the credentials belong to: a group may hold several APIs whose schemes share names
    var api = options.api || (credentialBox && credentialBox.getAttribute("data-api")) || group;
    var apiTitle = options.apiTitle || (credentialBox && credentialBox.getAttribute("data-api-title")) || group;
    var pageUrl = options.pageUrl || window.location.href;
    var descriptionUrl = form.getAttribute("data-description-url") || "";

    var serverSelect = form.querySelector("[data-server]");
    var authSelect = form.querySelector("[data-auth]");
    var credentialInputs = form.querySelectorAll("[data-cred-scheme]");
    var rememberBox = form.querySelector("[data-remember]");
    var forgetButton = form.querySelector("[data-forget]");
    var status = form.querySelector("[data-token-status]");
    var bodyEditor = form.querySelector("[data-body]");
    var mediaSelect = form.querySelector("[data-media]");
    var sendButton = form.querySelector("[data-send]");
    var preview = form.querySelector("[data-preview-url]");
    var headerRows = form.querySelector("[data-extra-headers]");
    var responseView = root.querySelector("[data-response]");
    var authChosen = false; // until the reader picks an alternative, the first satisfied one is used

    function storageKey(input) {
      return "orgdocs:cred:" + api + ":" + input.getAttribute("data-cred-scheme") + ":" + input.getAttribute("data-cred-field");
    }

    function values() {
      var out = {};
      form.querySelectorAll("[data-param-name]").forEach(function (input) {
        out[input.getAttribute("data-param-in") + ":" + input.getAttribute("data-param-name")] = parseInput(input);
      });
      return out;
    }

    function chosenServer() {
      var servers = payload.servers || [];
      if (!servers.length) return R.serverUrl("", descriptionUrl, pageUrl); // no server: "/" (the page's origin)
      var index = serverSelect ? parseInt(serverSelect.value, 10) || 0 : 0;
      var server = servers[index] || servers[0];
      var url = server.url;
      var box = form.querySelector('[data-server-vars="' + index + '"]');
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
      return R.serverUrl(url, descriptionUrl, pageUrl);
    }

    function credentials() {
      var out = {};
      credentialInputs.forEach(function (input) {
        var scheme = input.getAttribute("data-cred-scheme");
        out[scheme] = out[scheme] || {};
        out[scheme][input.getAttribute("data-cred-field")] = input.value;
      });
      return out;
    }

    function alternative() {
      if (!alternatives.length) return [];
      if (!authChosen) {
        var index = R.defaultAlternative(alternatives, schemes, credentials());
        if (authSelect) authSelect.value = String(index);
        return alternatives[index];
      }
      return alternatives[parseInt(authSelect.value, 10) || 0] || alternatives[0];
    }

    function extraHeaders() {
      var out = [];
      if (!headerRows) return out;
      headerRows.querySelectorAll("[data-header-row]").forEach(function (row) {
        out.push([row.querySelector("[data-header-name]").value, row.querySelector("[data-header-value]").value]);
      });
      return out;
    }

    function mediaType() {
      if (mediaSelect) return mediaSelect.value;
      var body = operation.requestBody;
      return body && body.content.length ? body.content[0].mediaType : null;
    }

    function build(creds) {
      var body = bodyEditor ? bodyEditor.value : "";
      return R.buildRequest(operation, {
        serverUrl: chosenServer(),
        values: values(),
        body: body ? body : null,
        mediaType: mediaType(),
        credentials: creds,
        headers: extraHeaders(),
      });
    }

    /* [token class, text] pieces as text and spans ("" for plain text) */
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

    /* what the reader sees: the request with placeholders for every credential */
    function update() {
      var chosen = alternative();
      var parts = build(R.appliedCredentials(chosen, schemes, R.placeholderCredentials(chosen, schemes)));
      if (preview) preview.textContent = parts.url;
      root.querySelectorAll("[data-samples]").forEach(function (box) { // code.js writes them in the reader's language
        box.orgdocsRequest = parts;
        box.dispatchEvent(new CustomEvent("orgdocs-request"));
      });
      form.querySelectorAll(".scheme").forEach(function (box) {
        box.classList.toggle("scheme-unused", chosen.indexOf(box.getAttribute("data-scheme")) === -1);
      });
      return parts;
    }

    /* -- messages next to the fields -- */

    function showProblems(problems) {
      var first = null;
      form.querySelectorAll("[data-error-for]").forEach(function (slot) {
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

    /* -- credentials -- */

    function showStatus() {
      if (!status) return;
      var any = Array.prototype.some.call(credentialInputs, function (input) { return input.value.trim() !== ""; });
      if (!any) status.textContent = "No credentials set. They would be kept in this browser only, for every operation of " + apiTitle + ".";
      else if (rememberBox && rememberBox.checked) status.textContent = "Credentials remembered on this device for every operation of " + apiTitle + ".";
      else status.textContent = "Credentials kept for this browser session, for every operation of " + apiTitle + ".";
    }

    function storeCredentials() {
      var remember = !!(rememberBox && rememberBox.checked);
      credentialInputs.forEach(function (input) { store.set(storageKey(input), input.value.trim(), remember); });
      showStatus();
    }

    function setupCredentials() {
      var remembered = false;
      credentialInputs.forEach(function (input) {
        var found = store.get(storageKey(input));
        input.value = found ? found.value : "";
        if (found && found.remembered) remembered = true;
        input.addEventListener("input", storeCredentials);
      });
      if (rememberBox) {
        rememberBox.checked = remembered;
        rememberBox.addEventListener("change", storeCredentials);
      }
      if (forgetButton) {
        forgetButton.addEventListener("click", function () {
          credentialInputs.forEach(function (input) { input.value = ""; });
          if (rememberBox) rememberBox.checked = false;
          storeCredentials();
          // every credential of the API, those of schemes other pages use too (and what earlier versions
          // kept under the group's name)
          if (store.forget) store.forget(["orgdocs:cred:" + api + ":", "orgdocs:cred:" + group + ":"]);
          update();
        });
      }
      showStatus();
    }

    /* -- extra headers -- */

    function addHeaderRow() {
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
        update();
      });
      row.appendChild(remove);
      headerRows.appendChild(row);
      row.querySelector("input").focus();
    }

    /* -- send -- */

    function showResponse(response, milliseconds) {
      responseView.textContent = "";
      responseView.hidden = false;
      var head = element("p", "response-status");
      if (response.redirect) {
        head.appendChild(element("span", "status status-redirect", "3xx"));
        head.appendChild(document.createTextNode(" Redirect, not followed · " + Math.round(milliseconds) + " ms"));
        responseView.appendChild(head);
        (response.notes || []).forEach(function (note) { responseView.appendChild(element("p", "hint", note)); });
        return;
      }
      var family = { 1: "info", 2: "success", 3: "redirect", 4: "client-error", 5: "server-error" }[String(response.status)[0]] || "other";
      head.appendChild(element("span", "status status-" + family, String(response.status)));
      var size = new TextEncoder().encode(response.text || "").length;
      head.appendChild(document.createTextNode(" " + (response.statusText || "") + " · " + Math.round(milliseconds) + " ms · " + sizeText(size)));
      responseView.appendChild(head);
      var headers = element("details", "response-headers");
      headers.appendChild(element("summary", "", "Headers"));
      var list = element("dl", "headers");
      response.headers.forEach(function (h) {
        list.appendChild(element("dt", "", h[0]));
        list.appendChild(element("dd", "", h[1]));
      });
      headers.appendChild(list);
      responseView.appendChild(headers);
      var pretty = response.text, json = false;
      try {
        if (pretty) { pretty = JSON.stringify(JSON.parse(pretty), null, 2); json = true; }
      } catch (error) {
        pretty = response.text;
      }
      if (response.text) responseView.appendChild(bodyActions(response, pretty, json));
      var pre = element("pre", "code response-body");
      pre.tabIndex = 0; // it scrolls: reachable with the keyboard, named for what it holds
      pre.setAttribute("role", "region");
      pre.setAttribute("aria-label", "Response body");
      var code = element("code", json ? "hl" : "");
      // JSON coloured as the build colours the examples (R.jsonTokens: highlight.py's rule)
      if (json) code.appendChild(colouredPieces(R.jsonTokens(pretty)));
      else code.textContent = pretty || "(empty body)";
      pre.appendChild(code);
      responseView.appendChild(pre);
      (response.notes || []).forEach(function (note) { responseView.appendChild(element("p", "hint", note)); });
      if (checks) showCheck(response);
    }

    function sizeText(bytes) {
      if (bytes < 1024) return bytes + " B";
      if (bytes < 1024 * 1024) return (bytes / 1024).toFixed(1) + " KB";
      return (bytes / (1024 * 1024)).toFixed(1) + " MB";
    }

    /* Copy (the body as shown) and Download (the body as it came, named by its status and media type) */
    function bodyActions(response, shown, json) {
      var box = element("div", "response-actions");
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
      box.appendChild(copy);
      box.appendChild(save);
      box.appendChild(status);
      return box;
    }

    function copyText(text) {
      if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
      return new Promise(function (resolve, reject) { // plain http: the old way
        var area = element("textarea", "visually-hidden");
        area.value = text;
        document.body.appendChild(area);
        area.select();
        var done = false;
        try { done = document.execCommand("copy"); } catch (error) { done = false; }
        area.remove();
        if (done) resolve(); else reject(new Error("copy refused"));
      });
    }

    function showCheck(response) {
      var view = responseView.firstChild;
      window.orgdocs.checkResponse(payload, response.status, response.headers, response.text).then(function (found) {
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

    function showError(message) {
      responseView.textContent = "";
      responseView.hidden = false;
      responseView.appendChild(element("p", "notice notice-error", message));
    }

    function onSubmit(event) {
      event.preventDefault();
      if (!sendButton || operation.webhook) return;
      update();
      var chosen = alternative();
      var parts = build(R.appliedCredentials(chosen, schemes, credentials()));
      var server = chosenServer();
      var problems = R.requestProblems(operation, parts, {
        values: values(),
        server: server,
        bodyText: bodyEditor ? bodyEditor.value : null,
        mediaType: mediaType(),
      });
      showProblems(problems);
      if (Object.keys(problems).length) {
        responseView.hidden = true;
        return;
      }
      var fields = R.multipartFields(parts);
      var request = {
        method: parts.method,
        url: parts.url,
        headers: parts.headers.filter(function (h) { return !(fields && h[0].toLowerCase() === "content-type"); }),
        body: parts.body,
        fields: fields,
      };
      sendButton.disabled = true;
      sendButton.textContent = "Sending…";
      var started = performance.now();
      Promise.resolve().then(function () { return send(request); }).then(function (response) {
        showResponse(response, performance.now() - started);
      }, function (error) {
        showError(error && error.message ? error.message : String(error));
      }).then(function () {
        sendButton.disabled = false;
        sendButton.textContent = "Send";
      });
    }

    /* -- wiring -- */

    function selectServer() {
      var index = serverSelect ? serverSelect.value : "0";
      form.querySelectorAll("[data-server-vars]").forEach(function (box) {
        box.hidden = box.getAttribute("data-server-vars") !== index;
      });
    }

    // a generated body starts from its required fields ("start"); the switch fills in every field and back
    var exampleSwitch = form.querySelector("[data-example-switch]");
    var fullExample = form.querySelector("[data-full-example]");

    function requestExample() {
      var examples = (payload.examples && payload.examples.request) || {};
      var media = mediaSelect ? mediaSelect.value : Object.keys(examples)[0];
      return { media: media, example: examples[media] };
    }

    function showExample(full) {
      var chosen = requestExample();
      var example = chosen.example;
      var value = example ? (full || !("start" in example) ? example.value : example.start) : null;
      if (bodyEditor) bodyEditor.value = value === null || value === undefined ? "" : R.serialize(value, chosen.media)[0];
      if (exampleSwitch) exampleSwitch.hidden = !(example && "start" in example);
      if (fullExample) {
        fullExample.setAttribute("aria-pressed", full ? "true" : "false");
        fullExample.textContent = full ? "Required fields only" : "Fill in every field";
        form.querySelector("[data-example-said]").textContent = full
          ? "A generated example: every field."
          : "A generated example: its required fields only.";
      }
    }

    function selectMedia() {
      showExample(false);
    }
    if (fullExample) {
      fullExample.addEventListener("click", function () {
        showExample(fullExample.getAttribute("aria-pressed") !== "true");
        update();
      });
    }

    setupCredentials();
    form.querySelectorAll("[data-generate]").forEach(function (button) {
      button.addEventListener("click", function () {
        var target = form.querySelector("#" + button.getAttribute("data-generate"));
        if (target) target.value = uuid();
        update();
      });
    });
    var addHeader = form.querySelector("[data-add-header]");
    if (addHeader && headerRows) addHeader.addEventListener("click", function () { addHeaderRow(); update(); });
    form.addEventListener("input", function (event) {
      if (event.target === authSelect) authChosen = true; // before update() picks a default again
      update();
    });
    form.addEventListener("change", function (event) {
      if (event.target === serverSelect) selectServer();
      if (event.target === mediaSelect) selectMedia();
      if (event.target === authSelect) authChosen = true;
      update();
    });
    form.addEventListener("submit", onSubmit);
    if (sendButton) sendButton.disabled = false;
    update();
    return { update: update };
  }

  window.orgdocs.mountForm = mount;

  /* -- the page: the form with the browser's defaults (code.js sets up the sample tabs) ---------------- */

  if (document.getElementById("orgdocs-payload")) {
    document.querySelectorAll("[data-try]").forEach(function (root) { mount(root); });
  }
})();
