/* orgdocs: the request form of an operation page.
 *
 * orgdocs.mountForm(root, {payload, send, store, pageUrl}) wires one rendered form (the [data-try] section
 * of orgdocs/render/site/templates/orgdocs/operation_form.html.j2). It reads every input (the rules of
 * orgdocs/render/site/form.py parse_input) and on every change rebuilds the request with
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
 *     declared servers, orgdocs/render/site/form.py api_key), never the group or the scheme name alone: two
 *     APIs that both call their scheme "bearerAuth" do not share it. Default: sessionStorage, or
 *     localStorage when the reader ticks "remember on this device"; nothing is stored anywhere else.
 * Send never follows a redirect (fetch's redirect: "manual"): the credentials it carries would go wherever the
 * Location points. The redirect is shown instead.
 * An oauth2 or openIdConnect scheme gets an Authorize panel (oauth.js, loaded from the script's data-oauth
 * when the page has one) whose token goes where a typed one goes: store.set, for this API. In a notebook (a
 * host's own send) the panel is replaced by a line naming RequestForm.authorize, the kernel's device flow.
 * The answer: status, time and size; the headers in a folded table; a JSON body as a tree that folds
 * (orgdocs.jsonView), its text one click away; Copy, Download; the check against the description.
 * The page script mounts every form with the defaults.
 */
(function () {
  "use strict";
  window.orgdocs = window.orgdocs || {};
  var R = window.orgdocs.request;
  var script = document.currentScript; // its data-oauth: oauth.js, loaded where a scheme is oauth2 or OIDC
  var oauthUrl = script && script.getAttribute("data-oauth") ? new URL(script.getAttribute("data-oauth"), script.src).href : null;
  var oauthLoading = null;
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

  function loadOAuth() {
    if (window.orgdocs.oauth) return Promise.resolve(window.orgdocs.oauth);
    if (!oauthUrl) return Promise.reject(new Error("oauth.js is not on this page"));
    if (!oauthLoading) {
      oauthLoading = new Promise(function (resolve, reject) {
        var tag = document.createElement("script");
        tag.src = oauthUrl;
        tag.onload = function () { resolve(window.orgdocs.oauth); };
        tag.onerror = reject;
        document.head.appendChild(tag);
      });
    }
    return oauthLoading;
  }

  /* -- an answer's JSON as a tree that folds ---------------------------------------------------------------
   * Objects and arrays are <details> (a click or Enter folds them; keys coloured as highlight.py colours
   * the examples: nt a key, s2 a string, m a number, kc a constant). A large answer starts folded past its
   * first levels, a folded node builds its children only when first opened, and a long list shows its
   * items a page at a time. Every text of the answer goes in by textContent: it is data, never markup. */

  var SMALL_ANSWER = 400; // values: an answer this small starts open to the end
  var OPEN_LEVELS = 2; // a larger one starts open this deep
  var PAGE_ITEMS = 100; // items of an object or array shown before "Show more"
  var MAX_OPENED = 2000; // nodes "Expand all" opens at most

  /* {ok, value}: a number JSON.parse would round keeps its text (JSON.rawJSON, where the browser has it) */
  function parseJson(text) {
    if (!text) return { ok: false, value: null };
    try {
      var exact = typeof JSON.rawJSON === "function";
      return {
        ok: true,
        value: JSON.parse(text, function (key, value, context) {
          if (exact && typeof value === "number" && context && context.source && String(value) !== context.source) return JSON.rawJSON(context.source);
          return value;
        }),
      };
    } catch (error) {
      return { ok: false, value: null };
    }
  }

  function isRaw(value) {
    return typeof JSON.isRawJSON === "function" && JSON.isRawJSON(value);
  }

  function countValues(value, limit) {
    var seen = 0, stack = [value];
    while (stack.length && seen <= limit) {
      var next = stack.pop();
      seen++;
      if (next !== null && typeof next === "object" && !isRaw(next)) {
        Object.keys(next).forEach(function (key) { stack.push(next[key]); });
      }
    }
    return seen;
  }

  function span(className, text) {
    var node = document.createElement("span");
    if (className) node.className = className;
    node.textContent = text;
    return node;
  }

  function scalar(value) {
    if (isRaw(value)) return span("m", value.rawJSON);
    if (value === null || typeof value === "boolean") return span("kc", String(value));
    if (typeof value === "number") return span("m", String(value));
    return span("s2", JSON.stringify(value));
  }

  function jsonView(value) {
    var small = countValues(value, SMALL_ANSWER) <= SMALL_ANSWER;
    var root = document.createElement("div");
    root.className = "json-view hl";
    root.setAttribute("role", "region");
    root.setAttribute("aria-label", "Response body");
    root.tabIndex = 0;

    function keyLabel(key, row) {
      if (key === null) return;
      row.appendChild(typeof key === "number" ? span("json-index", String(key)) : span("nt", JSON.stringify(key)));
      row.appendChild(document.createTextNode(typeof key === "number" ? " " : ": "));
    }

    function node(key, item, depth, last) {
      var comma = last ? "" : ",";
      if (item === null || typeof item !== "object" || isRaw(item)) {
        var row = document.createElement("div");
        row.className = "json-row";
        keyLabel(key, row);
        row.appendChild(scalar(item));
        if (comma) row.appendChild(document.createTextNode(comma));
        return row;
      }
      var array = Array.isArray(item);
      var keys = array ? null : Object.keys(item);
      var size = array ? item.length : keys.length;
      var marks = array ? ["[", "]"] : ["{", "}"];
      if (!size) {
        var empty = document.createElement("div");
        empty.className = "json-row";
        keyLabel(key, empty);
        empty.appendChild(document.createTextNode(marks[0] + marks[1] + comma));
        return empty;
      }
      var box = document.createElement("details");
      box.className = "json-node";
      var summary = document.createElement("summary");
      keyLabel(key, summary);
      summary.appendChild(document.createTextNode(marks[0]));
      summary.appendChild(span("json-folded", " … " + marks[1] + comma + " "));
      summary.appendChild(span("json-count", size + (array ? (size === 1 ? " item" : " items") : (size === 1 ? " key" : " keys"))));
      box.appendChild(summary);
      var built = false;
      function build() {
        if (built) return;
        built = true;
        var children = document.createElement("div");
        children.className = "json-children";
        var shown = 0;
        function more() {
          var end = Math.min(size, shown + PAGE_ITEMS);
          for (; shown < end; shown++) {
            var childKey = array ? shown : keys[shown];
            children.insertBefore(node(childKey, item[childKey], depth + 1, shown === size - 1), button);
          }
          if (shown >= size && button.parentNode) button.parentNode.removeChild(button);
          else button.textContent = "Show " + Math.min(PAGE_ITEMS, size - shown) + " more of " + (size - shown);
        }
        var button = document.createElement("button");
        button.type = "button";
        button.className = "button button-small json-more";
        button.addEventListener("click", more);
        children.appendChild(button);
        more();
        box.appendChild(children);
        var close = document.createElement("div");
        close.className = "json-close";
        close.textContent = marks[1] + comma;
        box.appendChild(close);
      }
      box.orgdocsBuild = build;
      box.addEventListener("toggle", function () { if (box.open) build(); });
      if (small || depth < OPEN_LEVELS) {
        build();
        box.open = true;
      }
      return box;
    }

    root.appendChild(node(null, value, 0, true));
    return {
      element: root,
      /* fold every node, or open every one (building them: up to MAX_OPENED, a large answer stays usable) */
      setOpen: function (open) {
        if (!open) {
          root.querySelectorAll("details.json-node").forEach(function (box) { box.open = false; });
          return;
        }
        var opened = 0, closed;
        while (opened < MAX_OPENED && (closed = root.querySelectorAll("details.json-node:not([open])")).length) {
          for (var i = 0; i < closed.length && opened < MAX_OPENED; i++, opened++) {
            closed[i].orgdocsBuild();
            closed[i].open = true;
          }
        }
      },
    };
  }

  window.orgdocs.jsonView = jsonView;

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
          form.querySelectorAll("input[data-oauth-field]").forEach(function (input) { input.value = ""; });
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

    /* -- OAuth 2 and OpenID Connect: a token from a flow, kept as a typed one is (oauth.js) -- */

    function requestedScopes(name) {
      var found = [];
      (operation.security || []).forEach(function (requirement) {
        if (!found.length && requirement && Array.isArray(requirement[name])) found = requirement[name].map(String);
      });
      return found;
    }

    function setToken(name, token) {
      credentialInputs.forEach(function (input) {
        if (input.getAttribute("data-cred-scheme") === name && input.getAttribute("data-cred-field") === "value") input.value = token;
      });
      storeCredentials();
      update();
    }

    function setupOAuth() {
      var found = [];
      form.querySelectorAll(".scheme").forEach(function (box) {
        var name = box.getAttribute("data-scheme");
        var scheme = schemes[name];
        if (scheme && (scheme.type === "oauth2" || scheme.type === "openIdConnect")) found.push([box, name, scheme]);
      });
      if (!found.length) return;
      if (options.send) { // a notebook: there is no page to come back to; the kernel runs the device flow
        found.forEach(function (item) {
          item[0].appendChild(element("p", "hint", "To get a token from the kernel, run form.authorize(\"" + item[1] + "\", client_id=…, scopes=[…]) in a cell (the device flow)."));
        });
        return;
      }
      loadOAuth().then(function (oauth) {
        found.forEach(function (item) {
          var prefix = "orgdocs:cred:" + api + ":" + item[1] + ":";
          oauth.attach(item[0], item[1], item[2], {
            scopes: requestedScopes(item[1]),
            base: function () { // relative endpoint URLs resolve against the server (OpenAPI), made absolute
              try { return new URL(chosenServer(), pageUrl).href; } catch (error) { return pageUrl; }
            },
            read: function (field) { var kept = store.get(prefix + field); return kept ? kept.value : ""; },
            keep: function (field, value) { store.set(prefix + field, value, !!(rememberBox && rememberBox.checked)); },
            setToken: function (token) { setToken(item[1], token); },
          });
        });
      }, function () { /* no flows: the token is pasted */ });
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
      // the kernel times its own request (without the trip to the kernel); the browser times fetch
      var took = Math.round(typeof response.ms === "number" ? response.ms : milliseconds) + " ms";
      if (response.redirect) {
        head.appendChild(element("span", "status status-redirect", "3xx"));
        head.appendChild(document.createTextNode(" Redirect, not followed · " + took));
        responseView.appendChild(head);
        (response.notes || []).forEach(function (note) { responseView.appendChild(element("p", "hint", note)); });
        return;
      }
      var family = { 1: "info", 2: "success", 3: "redirect", 4: "client-error", 5: "server-error" }[String(response.status)[0]] || "other";
      head.appendChild(element("span", "status status-" + family, String(response.status)));
      var size = new TextEncoder().encode(response.text || "").length;
      head.appendChild(document.createTextNode(" " + (response.statusText || "") + " · " + took + " · " + sizeText(size)));
      responseView.appendChild(head);
      responseView.appendChild(headersTable(response.headers));
      var parsed = parseJson(response.text);
      var pretty = parsed.ok ? JSON.stringify(parsed.value, null, 2) : response.text;
      var tree = parsed.ok && parsed.value !== null && typeof parsed.value === "object" ? window.orgdocs.jsonView(parsed.value) : null;
      var pre = element("pre", "code response-body");
      pre.tabIndex = 0; // it scrolls: reachable with the keyboard, named for what it holds
      pre.setAttribute("role", "region");
      pre.setAttribute("aria-label", tree ? "Response body as text" : "Response body");
      var code = element("code", parsed.ok ? "hl" : "");
      // JSON coloured as the build colours the examples (R.jsonTokens: highlight.py's rule)
      if (parsed.ok) code.appendChild(R.colouredPieces(R.jsonTokens(pretty)));
      else code.textContent = pretty || "(empty body)";
      pre.appendChild(code);
      if (response.text) responseView.appendChild(bodyActions(response, pretty, parsed.ok, tree, pre));
      if (tree) {
        pre.hidden = true; // the tree shows it; "Text" shows this instead
        responseView.appendChild(tree.element);
      }
      responseView.appendChild(pre);
      (response.notes || []).forEach(function (note) { responseView.appendChild(element("p", "hint", note)); });
      if (checks) showCheck(response);
    }

    /* the answer's headers: a table, folded, its summary saying how many */
    function headersTable(headers) {
      var box = element("details", "response-headers");
      box.appendChild(element("summary", "", "Headers (" + headers.length + ")"));
      var table = element("table", "headers headers-table");
      var caption = element("caption", "visually-hidden", "Response headers");
      table.appendChild(caption);
      var rows = element("tbody");
      headers.forEach(function (h) {
        var row = element("tr");
        var name = element("th", "", h[0]);
        name.scope = "row";
        row.appendChild(name);
        row.appendChild(element("td", "", h[1]));
        rows.appendChild(row);
      });
      table.appendChild(rows);
      box.appendChild(table);
      return box;
    }

    function sizeText(bytes) {
      if (bytes < 1024) return bytes + " B";
      if (bytes < 1024 * 1024) return (bytes / 1024).toFixed(1) + " KB";
      return (bytes / (1024 * 1024)).toFixed(1) + " MB";
    }

    /* Copy (the body as shown) and Download (the body as it came, named by its status and media type) */
    function bodyActions(response, shown, json, tree, pre) {
      var box = element("div", "response-actions");
      if (tree) {
        var asText = element("button", "button button-small", "Text");
        asText.type = "button";
        asText.setAttribute("aria-pressed", "false");
        asText.setAttribute("aria-label", "Show the response body as text");
        asText.addEventListener("click", function () {
          var text = asText.getAttribute("aria-pressed") !== "true";
          asText.setAttribute("aria-pressed", String(text));
          pre.hidden = !text;
          tree.element.hidden = text;
          box.querySelectorAll("[data-tree-action]").forEach(function (b) { b.disabled = text; });
        });
        box.appendChild(asText);
        [["Expand all", true], ["Collapse all", false]].forEach(function (spec) {
          var button = element("button", "button button-small", spec[0]);
          button.type = "button";
          button.setAttribute("data-tree-action", "");
          button.addEventListener("click", function () { tree.setOpen(spec[1]); });
          box.appendChild(button);
        });
      }
      var copy = element("button", "button button-small", "Copy");
      copy.type = "button";
      copy.setAttribute("aria-label", "Copy the response body");
      var status = element("span", "visually-hidden");
      status.setAttribute("aria-live", "polite");
      copy.addEventListener("click", function () {
        window.orgdocs.copyText(shown).then(function () {
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
      box.insertBefore(save, box.firstChild);
      box.insertBefore(copy, save);
      box.appendChild(status);
      return box;
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
    setupOAuth();
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
