/* orgdocs: OAuth 2 and OpenID Connect flows of the request form, in the browser.
 *
 * form.js loads this script when the operation's schemes include oauth2 or openIdConnect, and calls
 * orgdocs.oauth.attach(box, name, scheme, options) for each: box is the scheme's part of the form, options
 * {scopes: the scopes the operation asks of this scheme, read(field), keep(field, value): the form's
 * credential store for the client id and secret, setToken(token), base(): the chosen server's URL, which
 * relative endpoint URLs resolve against, as OpenAPI says}. It adds an "Authorize" panel: the flow (authorization code with PKCE, client credentials,
 * implicit), the client id and secret, the scopes as checkboxes, and a button that runs the flow. The token
 * obtained goes to setToken, which keeps it where a typed token is kept (the form's store: this browser
 * only, for this API).
 *
 * The authorization code and implicit flows open the authorization URL in a pop-up window; the server
 * redirects it to oauth2-redirect.html (beside this script), which hands what it received back to this page
 * by postMessage to its opener (this origin only) and by a BroadcastChannel (when the server's
 * Cross-Origin-Opener-Policy cut the opener). An answer counts only with the state this page sent; the code
 * is exchanged with its PKCE verifier (S256), which never leaves this page. An openIdConnect scheme's
 * endpoints and scopes come from its discovery document (openIdConnectUrl), read when the panel opens: the
 * rule of orgdocs/project/_security.py oauth_flows.
 */
// the redirect page stays at _docs/assets/ (its address is registered with the authorization server), above
// the build's folder of modules
var REDIRECT = new URL("../oauth2-redirect.html", import.meta.url).href;
var CHANNEL = "orgdocs-oauth";
var RUNS = { authorizationCode: "Authorization code (PKCE)", clientCredentials: "Client credentials", implicit: "Implicit" };
var DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
var counter = 0;
var CANCELLED = "cancelled"; // a flow replaced by a new Authorize: nothing to tell

function element(tag, className, text) {
  var node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function base64url(bytes) {
  var text = "";
  bytes.forEach(function (b) { text += String.fromCharCode(b); });
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function randomText(size) {
  var bytes = new Uint8Array(size);
  window.crypto.getRandomValues(bytes);
  return base64url(bytes);
}

function challengeOf(verifier) {
  if (!window.crypto.subtle) {
    return Promise.reject(new Error("PKCE needs the browser's crypto.subtle, which only a secure page has (https, or http on localhost)"));
  }
  return window.crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)).then(function (digest) {
    return base64url(new Uint8Array(digest));
  });
}

/* -- where the flows come from: the scheme's flows, or its discovery document (_security.py oauth_flows) -- */

function declaredFlows(scheme) {
  var flows = scheme.flows || {};
  return Object.keys(flows).map(function (flow) {
    var spec = flows[flow] || {};
    var scopes = spec.scopes && typeof spec.scopes === "object" ? spec.scopes : {};
    return {
      flow: flow,
      authorizationUrl: String(spec.authorizationUrl || ""),
      tokenUrl: String(spec.tokenUrl || ""),
      scopes: Object.keys(scopes).map(function (name) { return [name, String(scopes[name] || "")]; }),
    };
  });
}

function discoveredFlows(document) {
  var text = function (key) { return typeof document[key] === "string" ? document[key] : ""; };
  var grants = Array.isArray(document.grant_types_supported) ? document.grant_types_supported.map(String) : ["authorization_code", "implicit"];
  var scopes = Array.isArray(document.scopes_supported) ? document.scopes_supported.map(function (s) { return [String(s), ""]; }) : [["openid", ""]];
  var token = text("token_endpoint");
  var found = [];
  if (text("authorization_endpoint") && token && grants.indexOf("authorization_code") !== -1) {
    found.push({ flow: "authorizationCode", authorizationUrl: text("authorization_endpoint"), tokenUrl: token, deviceAuthorizationUrl: "", scopes: scopes });
  }
  if (token && grants.indexOf("client_credentials") !== -1) {
    found.push({ flow: "clientCredentials", authorizationUrl: "", tokenUrl: token, deviceAuthorizationUrl: "", scopes: scopes });
  }
  if (token && text("device_authorization_endpoint") && (grants.indexOf(DEVICE_GRANT) !== -1 || !document.grant_types_supported)) {
    found.push({ flow: "deviceAuthorization", authorizationUrl: "", tokenUrl: token, deviceAuthorizationUrl: text("device_authorization_endpoint"), scopes: scopes });
  }
  return found;
}

function flowsOf(scheme, base) {
  if (scheme.type !== "openIdConnect") return Promise.resolve(declaredFlows(scheme));
  var url = new URL(scheme.openIdConnectUrl || "", base).href;
  return fetch(url, { headers: { Accept: "application/json" } }).then(function (response) {
    if (!response.ok) throw new Error("the discovery document " + url + " answered " + response.status);
    return response.json();
  }, function () {
    throw new Error("the discovery document " + url + " could not be read (not reachable, or no CORS header)");
  }).then(discoveredFlows);
}

/* -- the token endpoint -- */

function tokenRequest(url, fields, basic) {
  var headers = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" };
  if (basic) headers.Authorization = "Basic " + btoa(unescape(encodeURIComponent(basic[0] + ":" + basic[1])));
  var body = new URLSearchParams();
  Object.keys(fields).forEach(function (key) { if (fields[key]) body.append(key, fields[key]); });
  return fetch(url, { method: "POST", headers: headers, body: body.toString(), credentials: "omit" }).then(function (response) {
    return response.text().then(function (text) {
      var answer = {};
      try { answer = JSON.parse(text); } catch (error) { answer = {}; }
      if (response.ok && answer && typeof answer.access_token === "string") return answer;
      throw new Error(refusal("The token endpoint", response.status, answer));
    });
  }, function () {
    throw new Error("The token endpoint " + url + " could not be reached from this page (not running, or it sends no CORS header for " + window.location.origin + ").");
  });
}

function refusal(who, status, answer) {
  if (answer && answer.error) return who + " refused: " + answer.error + (answer.error_description ? " (" + answer.error_description + ")" : "");
  return who + " answered " + status + " without a token.";
}

/* -- the pop-up and the answer the redirect page passes back -- */

/* the redirect page's answer carrying `state`; cancel() stops waiting. A closed pop-up is no sign: a server
 * whose Cross-Origin-Opener-Policy cuts the opener makes it look closed at once, and answers by the channel */
function popupAnswer(url, state, popup) {
  var cancel = null;
  var answer = new Promise(function (resolve, reject) {
    var channel = window.BroadcastChannel ? new BroadcastChannel(CHANNEL) : null;
    function finish(settle, value) {
      window.removeEventListener("message", onMessage);
      if (channel) channel.close();
      settle(value);
    }
    function heard(data) {
      if (!data || data.type !== CHANNEL || !data.params) return;
      if (data.params.state !== state) return; // not the answer to this request: never used
      finish(resolve, data.params);
    }
    function onMessage(event) {
      if (event.origin === window.location.origin && event.source === popup) heard(event.data);
    }
    window.addEventListener("message", onMessage);
    if (channel) channel.onmessage = function (event) { heard(event.data); };
    cancel = function () { finish(reject, new Error(CANCELLED)); };
    popup.location.href = url;
  });
  return { answer: answer, cancel: cancel };
}

/* -- the panel -- */

function attach(box, name, scheme, options) {
  var id = "try-oauth-" + ++counter;
  var panel = element("details", "oauth");
  panel.setAttribute("data-oauth", name);
  var summary = element("summary", "oauth-summary", "Authorize " + name);
  panel.appendChild(summary);
  var body = element("div", "oauth-body");
  panel.appendChild(body);
  // before the list of the scheme's endpoints (the page's without JavaScript), which stays
  var declared = box.querySelector("details.flows");
  box.insertBefore(panel, declared);
  var flows = null;
  var waiting = null; // the cancel() of a flow waiting for its pop-up's answer

  panel.addEventListener("toggle", function () {
    if (!panel.open || flows) return;
    flows = [];
    body.appendChild(element("p", "hint", "Reading " + name + "'s endpoints…"));
    flowsOf(scheme, options.base()).then(function (found) {
      flows = found;
      draw();
    }, function (error) {
      body.textContent = "";
      body.appendChild(element("p", "notice notice-error", error.message));
      flows = null;
    });
  });

  function field(labelText, input) {
    var wrap = element("div", "field");
    var label = element("label", "", labelText);
    input.id = id + "-" + (input.getAttribute("data-oauth-field") || "x");
    label.htmlFor = input.id;
    wrap.appendChild(label);
    wrap.appendChild(input);
    return wrap;
  }

  function textInput(fieldName, secret) {
    var input = element("input");
    input.type = secret ? "password" : "text";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.setAttribute("data-oauth-field", fieldName);
    input.value = options.read(fieldName) || "";
    input.addEventListener("input", function () { options.keep(fieldName, input.value.trim()); });
    return input;
  }

  function draw() {
    body.textContent = "";
    var runnable = flows.filter(function (f) { return RUNS[f.flow]; });
    if (!runnable.length) {
      var names = flows.map(function (f) { return f.flow; }).join(", ") || "none";
      body.appendChild(element("p", "hint", "No flow of " + name + " runs in the browser (it declares: " + names + "). Paste a token above" +
        (flows.some(function (f) { return f.flow === "deviceAuthorization"; }) ? ", or run the device flow from a notebook: form.authorize(\"" + name + "\", client_id=…)." : ".")));
      return;
    }
    var choice = element("select");
    choice.setAttribute("data-oauth-field", "flow");
    runnable.forEach(function (f, index) {
      var option = element("option", "", RUNS[f.flow]);
      option.value = String(index);
      choice.appendChild(option);
    });
    if (runnable.length > 1) body.appendChild(field("Flow", choice));
    var clientId = textInput("client_id", false);
    body.appendChild(field("Client ID", clientId));
    var secret = textInput("client_secret", true);
    var secretField = field("Client secret", secret);
    body.appendChild(secretField);
    var scopes = element("fieldset", "oauth-scopes");
    body.appendChild(scopes);
    var where = element("p", "hint oauth-redirect");
    body.appendChild(where);
    var go = element("button", "button button-small oauth-go", "Authorize");
    go.type = "button";
    body.appendChild(go);
    var said = element("p", "hint oauth-status");
    said.setAttribute("role", "status");
    body.appendChild(said);

    function chosen() {
      return runnable[parseInt(choice.value, 10) || 0];
    }

    function drawFlow() {
      var flow = chosen();
      secretField.querySelector("label").textContent = flow.flow === "clientCredentials" ? "Client secret" : "Client secret (if the client has one)";
      secretField.hidden = flow.flow === "implicit";
      scopes.textContent = "";
      scopes.appendChild(element("legend", "", flow.scopes.length ? "Scopes" : "Scopes: none declared"));
      flow.scopes.forEach(function (scope, index) {
        var row = element("div", "field field-inline oauth-scope");
        var box = element("input");
        box.type = "checkbox";
        box.id = id + "-scope-" + index;
        box.value = scope[0];
        box.checked = options.scopes.indexOf(scope[0]) !== -1;
        var label = element("label");
        label.htmlFor = box.id;
        label.appendChild(element("code", "", scope[0]));
        if (scope[1]) label.appendChild(element("span", "oauth-scope-said", scope[1]));
        row.appendChild(box);
        row.appendChild(label);
        scopes.appendChild(row);
      });
      where.textContent = "";
      if (flow.flow !== "clientCredentials") {
        where.appendChild(document.createTextNode("Redirect URL to register with the client: "));
        where.appendChild(element("code", "", REDIRECT));
      }
    }

    choice.addEventListener("change", drawFlow);
    drawFlow();

    go.addEventListener("click", function () {
      var flow = chosen();
      var picked = Array.prototype.filter.call(scopes.querySelectorAll("input"), function (b) { return b.checked; }).map(function (b) { return b.value; });
      var id = clientId.value.trim();
      if (!id) {
        said.textContent = "Enter the client ID first.";
        clientId.focus();
        return;
      }
      if (waiting) waiting();
      waiting = null;
      said.textContent = flow.flow === "clientCredentials" ? "Asking for a token…" : "Waiting for the authorization window (closed it? Authorize again)…";
      run(flow, id, secret.value.trim(), picked).then(function (answer) {
        options.setToken(answer.access_token);
        var lasts = answer.expires_in ? ", valid for " + answer.expires_in + " s" : "";
        said.textContent = "Authorized: the token is set above" + lasts + (answer.scope ? " (scope " + answer.scope + ")" : "") + ".";
      }, function (error) {
        if (error.message !== CANCELLED) said.textContent = error.message;
      });
    });
  }

  function run(flow, clientId, secret, scopes) {
    var tokenUrl = flow.tokenUrl ? new URL(flow.tokenUrl, options.base()).href : "";
    if (flow.flow === "clientCredentials") {
      if (!secret) return Promise.reject(new Error("Client credentials need the client secret."));
      return tokenRequest(tokenUrl, { grant_type: "client_credentials", scope: scopes.join(" ") }, [clientId, secret]);
    }
    // opened at once, in the click, so that the browser lets it open; it goes to the server when ready
    var popup = window.open("", "orgdocs-oauth", "popup,width=560,height=720");
    if (!popup) return Promise.reject(new Error("The browser blocked the authorization window: allow pop-ups for this page and try again."));
    var state = randomText(16);
    var query = { response_type: flow.flow === "implicit" ? "token" : "code", client_id: clientId, redirect_uri: REDIRECT, scope: scopes.join(" "), state: state };
    var verifier = randomText(32);
    var ready = flow.flow === "implicit" ? Promise.resolve(null) : challengeOf(verifier);
    return ready.then(function (challenge) {
      if (challenge) {
        query.code_challenge = challenge;
        query.code_challenge_method = "S256";
      }
      var url = new URL(flow.authorizationUrl, options.base());
      Object.keys(query).forEach(function (key) { if (query[key]) url.searchParams.set(key, query[key]); });
      var pending = popupAnswer(url.href, state, popup);
      waiting = pending.cancel;
      return pending.answer;
    }, function (error) {
      popup.close();
      throw error;
    }).then(function (params) {
      waiting = null;
      if (params.error) throw new Error(refusal("The authorization server", "", params));
      if (flow.flow === "implicit") {
        if (!params.access_token) throw new Error("The authorization server sent no access_token.");
        return params;
      }
      if (!params.code) throw new Error("The authorization server sent no code.");
      return tokenRequest(tokenUrl, {
        grant_type: "authorization_code",
        code: params.code,
        redirect_uri: REDIRECT,
        client_id: clientId,
        code_verifier: verifier,
        client_secret: secret,
      });
    });
  }

  return panel;
}

export const oauth = { attach: attach, redirectUrl: REDIRECT, discoveredFlows: discoveredFlows };
