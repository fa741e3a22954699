/* orgdocs: Send, for a request form (a part of form.js's form).
 *
 * Send checks the request first (an input that is not of its kind, form-state.js inputProblems, and
 * request.js requestProblems: a message next to each field, nothing sent), then hands it to the host's send with the real credentials, Send disabled meanwhile, and shows the
 * answer (form-response.js) or why there is none. The browser's send (browserSend) is fetch:
 * a Cookie header cannot be set by a page (it is left out, with a note), and a redirect is never followed
 * (redirect: "manual"): the credentials it carries would go wherever the Location points; the redirect is
 * shown instead.
 */
import { request as R } from "./request.js";
import { state } from "./form-state.js";
import { response as answer } from "./form-response.js";

/* -- the browser's send: fetch ------------------------------------------------------------------------------ */

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

export { browserSend };

/* -- Send ---------------------------------------------------------------------------------------------------- */

/* the request with the credentials it sends, as the host's send takes it; null when a field is wrong */
function checkedRequest(form) {
  var request = state.build(form, R.appliedCredentials(state.alternative(form), form.schemes, state.typedCredentials(form)));
  var problems = Object.assign(state.inputProblems(form), R.requestProblems(form.operation, request, {
    values: state.values(form),
    server: state.chosenServer(form),
    bodyText: form.bodyEditor ? form.bodyEditor.value : null,
    mediaType: state.mediaType(form),
  }));
  state.showProblems(form, problems);
  if (Object.keys(problems).length) return null;
  var fields = R.multipartFields(request);
  return {
    method: request.method,
    url: request.url,
    headers: request.headers.filter(function (h) { return !(fields && h[0].toLowerCase() === "content-type"); }),
    body: request.body,
    fields: fields,
  };
}

function submit(form, event) {
  event.preventDefault();
  var sendButton = form.sendButton;
  if (!sendButton || form.operation.webhook) return;
  form.update();
  var request = checkedRequest(form);
  if (!request) {
    form.responseView.hidden = true;
    return;
  }
  sendButton.disabled = true;
  sendButton.textContent = "Sending…";
  var started = performance.now();
  Promise.resolve().then(function () { return form.send(request); }).then(function (response) {
    answer.show(form, response, performance.now() - started);
  }, function (error) {
    answer.showError(form, error && error.message ? error.message : String(error));
  }).then(function () {
    sendButton.disabled = false;
    sendButton.textContent = "Send";
  });
}

export const send = { submit: submit };
