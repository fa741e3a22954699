/* orgdocs: the request form of an operation page.
 *
 * Reads the page's embedded payload, turns every input into a value (the rules of
 * orgdocs/render/static/form.py parse_input), and on every change rebuilds the request with
 * orgdocs.request.buildRequest: the URL preview and the three code samples follow live. Send performs the
 * request with fetch and shows status, time, headers and body, or explains why the browser could not.
 *
 * The bearer token lives in the browser only: sessionStorage by default, localStorage when the reader ticks
 * "remember on this device", under a key per group, so every page of the group shares it.
 */
(function () {
  "use strict";
  window.orgdocs = window.orgdocs || {};
  var R = window.orgdocs.request;
  var INTEGER = /^\s*-?\d+\s*$/;
  var NUMBER = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
  window.orgdocs.parseInput = parse; // the rules of form.py parse_input, for tests and other scripts
  var payloadElement = document.getElementById("orgdocs-payload");
  var form = document.querySelector("[data-form]");
  if (!R || !payloadElement || !form) return;
  var payload = JSON.parse(payloadElement.textContent);
  var operation = payload.operation;
  var group = document.body.getAttribute("data-group") || payload.group || "";
  var TOKEN_KEY = "orgdocs:token:" + group;

  var serverSelect = form.querySelector("[data-server]");
  var tokenInput = form.querySelector("[data-token]");
  var rememberBox = form.querySelector("[data-remember]");
  var forgetButton = form.querySelector("[data-forget]");
  var tokenStatus = form.querySelector("[data-token-status]");
  var bodyEditor = form.querySelector("[data-body]");
  var mediaSelect = form.querySelector("[data-media]");
  var sendButton = form.querySelector("[data-send]");
  var preview = form.querySelector("[data-preview-url]");
  var responseView = document.querySelector("[data-response]");
  var usesBearer = Object.keys(payload.securitySchemes || {}).some(function (name) {
    var scheme = payload.securitySchemes[name];
    return scheme.type === "http" && String(scheme.scheme || "").toLowerCase() === "bearer";
  });

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

  function values() {
    var out = {};
    form.querySelectorAll("[data-param-name]").forEach(function (element) {
      out[element.getAttribute("data-param-in") + ":" + element.getAttribute("data-param-name")] = parseInput(element);
    });
    return out;
  }

  function serverUrl() {
    var servers = payload.servers || [];
    if (!servers.length) return "";
    var index = serverSelect ? parseInt(serverSelect.value, 10) || 0 : 0;
    var server = servers[index] || servers[0];
    var url = server.url;
    var box = form.querySelector('[data-server-vars="' + index + '"]');
    Object.keys(server.variables || {}).forEach(function (name) {
      var input = null;
      if (box) {
        box.querySelectorAll("[data-var]").forEach(function (element) {
          if (element.getAttribute("data-var") === name) input = element;
        });
      }
      var value = (input && input.value) || server.variables[name]["default"];
      url = url.split("{" + name + "}").join(String(value));
    });
    return url;
  }

  function token() {
    return tokenInput && usesBearer ? tokenInput.value.trim() : "";
  }

  function currentRequest() {
    var body = bodyEditor ? bodyEditor.value : "";
    var mediaType = mediaSelect ? mediaSelect.value : (operation.requestBody && operation.requestBody.content.length ? operation.requestBody.content[0].mediaType : null);
    return R.buildRequest(operation, {
      serverUrl: serverUrl(),
      values: values(),
      body: body ? body : null,
      mediaType: mediaType,
      token: token(),
    });
  }

  /* -- live preview and samples ----------------------------------------------------------------------- */

  function update() {
    var parts = currentRequest();
    if (preview) preview.textContent = parts.url;
    var samples = R.codeSamples(parts, false);
    document.querySelectorAll("[data-sample]").forEach(function (code) {
      var lang = code.getAttribute("data-sample");
      if (samples[lang] !== undefined) code.textContent = samples[lang];
    });
    return parts;
  }

  function setupTabs() {
    document.querySelectorAll("[data-samples]").forEach(function (box, boxIndex) {
      var figures = box.querySelectorAll(".sample");
      if (figures.length < 2) return;
      var tabs = document.createElement("div");
      tabs.className = "sample-tabs";
      tabs.setAttribute("role", "tablist");
      tabs.setAttribute("aria-label", "Code sample language");
      var buttons = [];
      function select(index, focus) {
        figures.forEach(function (figure, i) { figure.hidden = i !== index; });
        buttons.forEach(function (button, i) {
          button.setAttribute("aria-selected", i === index ? "true" : "false");
          button.tabIndex = i === index ? 0 : -1;
        });
        if (focus) buttons[index].focus();
      }
      figures.forEach(function (figure, i) {
        var caption = figure.querySelector("figcaption");
        var button = document.createElement("button");
        button.type = "button";
        button.className = "sample-tab";
        button.id = "sample-tab-" + boxIndex + "-" + i;
        button.setAttribute("role", "tab");
        button.textContent = caption ? caption.textContent : "Sample " + (i + 1);
        figure.setAttribute("role", "tabpanel");
        figure.setAttribute("aria-labelledby", button.id);
        button.addEventListener("click", function () { select(i, false); });
        button.addEventListener("keydown", function (event) {
          if (event.key === "ArrowRight") select((i + 1) % figures.length, true);
          if (event.key === "ArrowLeft") select((i - 1 + figures.length) % figures.length, true);
        });
        buttons.push(button);
        tabs.appendChild(button);
      });
      box.insertBefore(tabs, box.firstChild);
      select(0, false);
    });
  }

  /* -- token ------------------------------------------------------------------------------------------- */

  function storage(kind) {
    try {
      return window[kind];
    } catch (error) {
      return null;
    }
  }

  function storeToken() {
    var session = storage("sessionStorage");
    var local = storage("localStorage");
    var value = tokenInput.value.trim();
    var remember = rememberBox && rememberBox.checked;
    try {
      if (session) session.removeItem(TOKEN_KEY);
      if (local) local.removeItem(TOKEN_KEY);
      if (value) (remember ? local : session).setItem(TOKEN_KEY, value);
    } catch (error) {
      /* storage full or blocked: the token lasts for this page */
    }
    showTokenStatus();
  }

  function showTokenStatus() {
    if (!tokenStatus) return;
    if (!tokenInput.value.trim()) tokenStatus.textContent = "No token set. It would be kept in this browser only, for every page of " + group + ".";
    else if (rememberBox && rememberBox.checked) tokenStatus.textContent = "Token remembered on this device for every page of " + group + ".";
    else tokenStatus.textContent = "Token kept for this browser session, for every page of " + group + ".";
  }

  function setupToken() {
    if (!tokenInput) return;
    var session = storage("sessionStorage");
    var local = storage("localStorage");
    var fromSession = session ? session.getItem(TOKEN_KEY) : null;
    var fromLocal = local ? local.getItem(TOKEN_KEY) : null;
    tokenInput.value = fromSession || fromLocal || "";
    if (rememberBox) rememberBox.checked = !fromSession && !!fromLocal;
    tokenInput.addEventListener("input", storeToken);
    if (rememberBox) rememberBox.addEventListener("change", storeToken);
    if (forgetButton) {
      forgetButton.addEventListener("click", function () {
        tokenInput.value = "";
        if (rememberBox) rememberBox.checked = false;
        storeToken();
        update();
      });
    }
    showTokenStatus();
  }

  /* -- send -------------------------------------------------------------------------------------------- */

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function explainFailure(parts, error) {
    var target;
    try {
      target = new URL(parts.url, window.location.href);
    } catch (problem) {
      return "The URL " + parts.url + " is not valid: choose a server or fill in the path parameters.";
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

  function showResponse(parts, response, text, milliseconds) {
    responseView.textContent = "";
    responseView.hidden = false;
    var head = element("p", "response-status");
    var status = element("span", "status status-" + ({ 1: "info", 2: "success", 3: "redirect", 4: "client-error", 5: "server-error" }[String(response.status)[0]] || "other"), String(response.status));
    head.appendChild(status);
    head.appendChild(document.createTextNode(" " + (response.statusText || "") + " · " + Math.round(milliseconds) + " ms"));
    responseView.appendChild(head);
    var headers = element("details", "response-headers");
    headers.appendChild(element("summary", "", "Headers"));
    var list = element("dl", "headers");
    response.headers.forEach(function (value, name) {
      list.appendChild(element("dt", "", name));
      list.appendChild(element("dd", "", value));
    });
    headers.appendChild(list);
    responseView.appendChild(headers);
    var pretty = text;
    try {
      if (text) pretty = JSON.stringify(JSON.parse(text), null, 2);
    } catch (error) {
      pretty = text;
    }
    var pre = element("pre", "code response-body");
    pre.appendChild(element("code", "", pretty || "(empty body)"));
    responseView.appendChild(pre);
  }

  function showError(message) {
    responseView.textContent = "";
    responseView.hidden = false;
    responseView.appendChild(element("p", "notice notice-error", message));
  }

  function send(event) {
    event.preventDefault();
    if (!sendButton || operation.webhook) return;
    var parts = update();
    if (/\{[^}]+\}/.test(parts.url.split("?")[0])) {
      showError("Fill in the path parameters first: " + parts.url.split("?")[0]);
      return;
    }
    var headers = new Headers();
    var init = { method: parts.method, headers: headers };
    var fields = R.multipartFields(parts);
    var dropped = [];
    parts.headers.forEach(function (h) {
      if (fields && h[0].toLowerCase() === "content-type") return;
      if (h[0].toLowerCase() === "cookie") { dropped.push("Cookie"); return; }
      headers.append(h[0], h[1]);
    });
    if (fields) {
      var data = new FormData();
      fields.forEach(function (f) { data.append(f[0], f[1]); });
      init.body = data;
    } else if (parts.body !== null && parts.method !== "GET" && parts.method !== "HEAD") {
      init.body = parts.body;
    }
    sendButton.disabled = true;
    sendButton.textContent = "Sending…";
    var started = performance.now();
    fetch(parts.url, init).then(function (response) {
      return response.text().then(function (text) {
        showResponse(parts, response, text, performance.now() - started);
        if (dropped.length) responseView.appendChild(element("p", "hint", "Browsers do not let a page set the Cookie header: it was not sent."));
      });
    }).catch(function (error) {
      showError(explainFailure(parts, error));
    }).then(function () {
      sendButton.disabled = false;
      sendButton.textContent = "Send";
    });
  }

  /* -- wiring ------------------------------------------------------------------------------------------ */

  function selectServer() {
    var index = serverSelect ? serverSelect.value : "0";
    form.querySelectorAll("[data-server-vars]").forEach(function (box) {
      box.hidden = box.getAttribute("data-server-vars") !== index;
    });
  }

  function selectMedia() {
    var examples = (payload.examples && payload.examples.request) || {};
    var example = examples[mediaSelect.value];
    var value = example ? example.value : null;
    if (bodyEditor) bodyEditor.value = value === null || value === undefined ? "" : R.serialize(value, mediaSelect.value)[0];
  }

  setupToken();
  setupTabs();
  form.addEventListener("input", update);
  form.addEventListener("change", function (event) {
    if (event.target === serverSelect) selectServer();
    if (event.target === mediaSelect) selectMedia();
    update();
  });
  form.addEventListener("submit", send);
  if (sendButton) sendButton.disabled = false;
  update();
})();
