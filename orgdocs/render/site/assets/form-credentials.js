/* orgdocs: a request form's credentials (a part of form.js's form): where typed ones are kept, the line saying
 * so, Forget, and the Authorize panel of an OAuth 2 or OpenID Connect scheme.
 *
 * A credential is kept by the host's store (form.js: store.get/set/forget) under
 * "orgdocs:cred:<api>:<scheme>:<field>", <api> the API it was typed for, so that every operation of that API
 * offers it and no other API's form does. The browser's store (browserStore) is
 * sessionStorage, or localStorage when the reader ticks "remember on this device"; nothing is stored anywhere
 * else. An oauth2 or openIdConnect scheme gets oauth.js's Authorize panel (imported when a form has such a scheme); its token goes where a typed one goes. In a notebook (a host's own send)
 * the panel is replaced by a line naming RequestForm.authorize, the kernel's device flow.
 */
import { state } from "./form-state.js";

var oauthLoading = null;

/* -- the browser's store: web storage ------------------------------------------------------------------ */

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


/* -- typed credentials ------------------------------------------------------------------------------------ */

function storageKey(form, input) {
  return "orgdocs:cred:" + form.api + ":" + input.getAttribute("data-cred-scheme") + ":" + input.getAttribute("data-cred-field");
}

function remembering(form) {
  return !!(form.rememberBox && form.rememberBox.checked);
}

function showStatus(form) {
  var status = form.tokenStatus;
  if (!status) return;
  var any = Array.prototype.some.call(form.credentialInputs, function (input) { return input.value.trim() !== ""; });
  var apiTitle = form.apiTitle;
  if (!any) status.textContent = "No credentials set. They would be kept in this browser only, for every operation of " + apiTitle + ".";
  else if (remembering(form)) status.textContent = "Credentials remembered on this device for every operation of " + apiTitle + ".";
  else status.textContent = "Credentials kept for this browser session, for every operation of " + apiTitle + ".";
}

function storeCredentials(form) {
  var remember = remembering(form);
  form.credentialInputs.forEach(function (input) { form.store.set(storageKey(form, input), input.value.trim(), remember); });
  showStatus(form);
}

function forgetCredentials(form) {
  form.credentialInputs.forEach(function (input) { input.value = ""; });
  form.element.querySelectorAll("input[data-oauth-field]").forEach(function (input) { input.value = ""; });
  if (form.rememberBox) form.rememberBox.checked = false;
  storeCredentials(form);
  // every credential of the API, those of schemes other pages use too (and what earlier versions kept
  // under the group's name)
  if (form.store.forget) form.store.forget(["orgdocs:cred:" + form.api + ":", "orgdocs:cred:" + form.group + ":"]);
  form.update();
}

function setupCredentials(form) {
  var remembered = false;
  var store = function () { storeCredentials(form); };
  form.credentialInputs.forEach(function (input) {
    var found = form.store.get(storageKey(form, input));
    input.value = found ? found.value : "";
    if (found && found.remembered) remembered = true;
    input.addEventListener("input", store);
  });
  if (form.rememberBox) {
    form.rememberBox.checked = remembered;
    form.rememberBox.addEventListener("change", store);
  }
  if (form.forgetButton) form.forgetButton.addEventListener("click", function () { forgetCredentials(form); });
  showStatus(form);
}

/* -- OAuth 2 and OpenID Connect: a token from a flow, kept as a typed one is (oauth.js) ---------------------- */

function loadOAuth() {
  if (!oauthLoading) oauthLoading = import("./oauth.js").then(function (module) { return module.oauth; });
  return oauthLoading;
}

function requestedScopes(operation, name) {
  var found = [];
  (operation.security || []).forEach(function (requirement) {
    if (!found.length && requirement && Array.isArray(requirement[name])) found = requirement[name].map(String);
  });
  return found;
}

function setToken(form, name, token) {
  form.credentialInputs.forEach(function (input) {
    if (input.getAttribute("data-cred-scheme") === name && input.getAttribute("data-cred-field") === "value") input.value = token;
  });
  storeCredentials(form);
  form.update();
}

/* [box, name, scheme] of each oauth2 or openIdConnect scheme the form shows */
function oauthSchemes(form) {
  var found = [];
  form.element.querySelectorAll(".scheme").forEach(function (box) {
    var name = box.getAttribute("data-scheme");
    var scheme = form.schemes[name];
    if (scheme && (scheme.type === "oauth2" || scheme.type === "openIdConnect")) found.push([box, name, scheme]);
  });
  return found;
}

function attachPanel(form, oauth, box, name, scheme) {
  var prefix = "orgdocs:cred:" + form.api + ":" + name + ":";
  oauth.attach(box, name, scheme, {
    scopes: requestedScopes(form.operation, name),
    base: function () { // relative endpoint URLs resolve against the server (OpenAPI), made absolute
      try { return new URL(state.chosenServer(form), form.pageUrl).href; } catch (error) { return form.pageUrl; }
    },
    read: function (field) { var kept = form.store.get(prefix + field); return kept ? kept.value : ""; },
    keep: function (field, value) { form.store.set(prefix + field, value, remembering(form)); },
    setToken: function (token) { setToken(form, name, token); },
  });
}

function setupOAuth(form) {
  var found = oauthSchemes(form);
  if (!found.length) return;
  if (form.hosted) { // a notebook: there is no page to come back to; the kernel runs the device flow
    found.forEach(function (item) {
      var hint = document.createElement("p");
      hint.className = "hint";
      hint.textContent = "To get a token from the kernel, run form.authorize(\"" + item[1] + "\", client_id=…, scopes=[…]) in a cell (the device flow).";
      item[0].appendChild(hint);
    });
    return;
  }
  loadOAuth().then(function (oauth) {
    found.forEach(function (item) { attachPanel(form, oauth, item[0], item[1], item[2]); });
  }, function () { /* no flows: the token is pasted */ });
}

export { browserStore };

export const credentials = {
  setup: function (form) {
    setupCredentials(form);
    setupOAuth(form);
  },
};
