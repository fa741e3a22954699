/* -- the request form: the site's form.js, sending through the kernel -------------------------------------- *
 * The form's HTML is the site's template rendered in the kernel; form.js wires it with two things of the
 * kernel's: a store that sends each typed credential to kernel memory by message (the view only knows which
 * ones are kept there, never their values) and a send that asks the kernel to send the request
 * (_form_bridge.py). Beside each credential input, a choice to read it from an environment variable of the
 * kernel; under Send, the request as a notebook cell. What Python changes in a form (values given there, a
 * server chosen) comes back as form-state messages, which refresh the form on screen: only what the kernel
 * changed since it last heard the form, so that what a person typed meanwhile stays (a kernel does not hear
 * typing, only Send and Copy as code). */
import { mountForm } from "../../site/assets/form.js";
import { response as answerView } from "../../site/assets/form-response.js";
import { VOILA, element } from "./view-frame.js";

const KEPT = "kept-in-kernel-memory"; // a credential input's text for a credential kept in kernel memory (_form_bridge.KEPT)
const ENV_NAME = /^[A-Z][A-Z0-9_]*$/; // an environment variable's name, as the kernel takes it

export const FORMS = new Set(); // forms on screen, for what Python changes in them (form-state messages)

export function mountSiteForm(aside, answer, route, ask) {
  aside.innerHTML = answer.html; // the site's form template, rendered in the kernel
  // what the kernel holds: the credentials kept (scheme:field) and those read from an environment variable
  const held = { kept: new Set(answer.credentials || []), envs: answer.envs || {} };
  if (answer.undeclared) addUndeclaredAuthorization(aside);
  addEnvChoices(aside);
  const mounted = {
    route,
    known: answer.state || {}, // the form as the kernel last held it: what differs on screen was typed since
    refresh(message) {
      if (!aside.isConnected) {
        FORMS.delete(mounted);
        return;
      }
      if (message.credentials) held.kept = new Set(message.credentials);
      fillForm(aside, message.state || {}, mounted.known);
      mounted.known = message.state || {};
      showKept(aside, held);
      showForget(aside);
      const form = aside.querySelector("[data-form]");
      if (form) form.dispatchEvent(new Event("input", { bubbles: true })); // the preview and samples follow
    },
    answered(reply) {
      if (aside.isConnected) showAnswer(aside, reply, route, ask);
      else FORMS.delete(mounted);
    },
  };
  FORMS.add(mounted);
  const heard = (reply) => {
    if (reply.credentials) held.kept = new Set(reply.credentials);
    if (reply.envs) held.envs = reply.envs;
  };
  const store = kernelStore(aside, route, ask, held, heard);
  // form.js disables Send while it sends, which drops the focus to the page's body, where the next keys would
  // reach the notebook: the form's box holds the focus meanwhile, and Send has it back when it is enabled again
  aside.tabIndex = -1;
  const told = (state) => { mounted.known = state; }; // the kernel applied the form's state (Send, Copy as code)
  const send = kernelSend(aside, route, ask, heard, told);
  fillForm(aside, answer.state || {});
  // servers resolve as the kernel resolves them (a protocol-relative one as https, not as the notebook's page)
  const pageUrl = answer.pageUrl || location.href.replace(/^http:/, "https:");
  const placeholderName = (scheme, field) => envName(aside, scheme, field) || null;
  mountForm(aside, { payload: answer.payload, send, store, group: answer.group, pageUrl, placeholderName });
  // credentials here live in the kernel, not in this browser: the form's storage choices do not apply
  aside.classList.add("ow-kernel-credentials");
  const box = aside.querySelector("[data-credentials]");
  const kept = VOILA // an app's reader has no notebook: what matters is that nothing is saved
    ? "Kept in this app's kernel memory only, for every form of this API: never saved."
    : "Kept in kernel memory only, for every form of this API: never in the notebook, its widget state or an export.";
  if (box) box.appendChild(element("p", "hint ow-kept-note", kept));
  showKept(aside, held);
  wireForget(aside);
  const form = aside.querySelector("[data-form]");
  if (form) form.dispatchEvent(new Event("input", { bubbles: true })); // samples name the variables kept
  addCodeActions(aside, route, ask, told);
  sendOnRunKeys(aside);
  if (answer.answer) showAnswer(aside, answer.answer, route, ask); // the last Send's, from here or a cell
}

// an answer the kernel had before this view asked (a Send from a cell, or before the view was drawn again)
function showAnswer(aside, reply, route, ask) {
  const view = aside.querySelector("[data-response]");
  const shown = answerView;
  if (!view || !shown) return;
  const shadow = aside.getRootNode();
  const inAnswer = !!(shadow.activeElement && view.contains(shadow.activeElement));
  if (reply.error) shown.showError({ responseView: view }, reply.error);
  else {
    shown.show({ responseView: view, checks: false }, reply, reply.ms || 0); // the kernel checked it
    if (reply.table) addTable(aside, reply.table, reply.paged ? () => ask({ type: "pages", route }) : null);
  }
  // the reader was in the last answer, which this one replaced: they stay in the answer, not on the page's body
  if (inAnswer && !shadow.activeElement) {
    view.tabIndex = -1;
    view.focus({ preventScroll: true });
  }
}

// each credential input as the kernel holds it: an environment variable's name, KEPT, or empty
function showKept(aside, held) {
  aside.querySelectorAll("[data-cred-scheme]").forEach((input) => {
    const key = input.getAttribute("data-cred-scheme") + ":" + input.getAttribute("data-cred-field");
    const fromEnv = input.closest(".field").querySelector("[data-env-choice]");
    const env = held.envs[key];
    if (fromEnv && env && !fromEnv.checked) {
      fromEnv.checked = true;
      envMode(input, true);
    }
    if (fromEnv && fromEnv.checked) {
      if (env && input.value !== env && input.getRootNode().activeElement !== input) input.value = env;
    } else if (held.kept.has(key)) input.value = KEPT;
    else if (input.value === KEPT) input.value = "";
  });
}

// "Forget credentials" only while a credential input holds something to forget: typed, kept in the kernel
// (KEPT) or an environment variable's name
function showForget(aside) {
  const forget = aside.querySelector("[data-forget]");
  if (!forget) return;
  const inputs = aside.querySelectorAll("[data-cred-scheme], input[data-oauth-field]");
  forget.hidden = ![...inputs].some((input) => input.value.trim() !== "");
}

function wireForget(aside) {
  const forget = aside.querySelector("[data-forget]");
  if (!forget) return;
  const form = aside.querySelector("[data-form]");
  if (form) form.addEventListener("input", () => showForget(aside));
  // after form.js's own listener has emptied the inputs: the button goes, and the focus it had goes to the
  // first credential input (on the page's body, the next keys would reach the notebook)
  forget.addEventListener("click", () => {
    const hadFocus = forget.getRootNode().activeElement === forget;
    showForget(aside);
    const first = aside.querySelector("[data-cred-scheme]");
    if (hadFocus && forget.hidden && first) first.focus();
  });
  showForget(aside);
}

// the form's credential store (form.js: get, set): typed credentials go to kernel memory, by message
function kernelStore(aside, route, ask, held, heard) {
  return {
    get(key) {
      const [scheme, field] = key.split(":").slice(-2);
      return held.kept.has(scheme + ":" + field) ? { value: KEPT, remembered: false } : null;
    },
    set(key, value) {
      const [scheme, field] = key.split(":").slice(-2);
      if (value === KEPT) return;
      const input = aside.querySelector(`[data-cred-scheme="${CSS.escape(scheme)}"][data-cred-field="${CSS.escape(field)}"]`);
      const choice = input && input.closest(".field").querySelector("[data-env-choice]");
      // from an environment variable: what is typed is the variable's name, never a credential
      const message = choice && choice.checked ? { env: value || "" , value: "" } : { value: value || "" };
      if (input) showEnvProblem(input, message.env);
      if (message.env && !ENV_NAME.test(message.env)) {
        // not a name the kernel takes: it forgets the one it held, so that Send never reads another variable
        // than the one shown; Send says why (badEnvNames)
        const known = scheme + ":" + field;
        if (!(known in held.envs) && !held.kept.has(known)) return;
        delete held.envs[known];
        message.env = "";
      }
      ask({ type: "credential", route, scheme, field, ...message }).then(heard);
    },
  };
}

// the form's send (form.js): the kernel sends the form's state; a table of the answer's records follows. Sent
// from the last answer (Ctrl+Enter on its Copy button, a folded header), the focus would go with that answer,
// which the new one replaces: the form's box holds it meanwhile, and the new answer's box has it then.
function kernelSend(aside, route, ask, heard, told) {
  return () => {
    const wrong = badEnvNames(aside);
    if (wrong.length) return Promise.reject(new Error(wrong.map((name) => `“${name}” ${ENV_RULE}`).join("; ")));
    const button = aside.querySelector("[data-send]");
    const shadow = aside.getRootNode();
    const answer = aside.querySelector("[data-response]");
    const inAnswer = !!(answer && shadow.activeElement && answer.contains(shadow.activeElement));
    const held = button && (shadow.activeElement === button || !shadow.activeElement || inAnswer);
    if (held) aside.focus({ preventScroll: true });
    const giveBack = () => setTimeout(() => {
      // the answer's first line in sight: sent with Ctrl+Enter from an input far above it, nothing seemed to
      // happen (the focus stays in the input, which stays in sight when the form is short enough)
      const first = answer && !answer.hidden && answer.firstElementChild;
      if (first) first.scrollIntoView({ block: "nearest" });
      if (!held || (shadow.activeElement !== aside && shadow.activeElement)) return;
      if (inAnswer && answer.isConnected) {
        answer.tabIndex = -1;
        answer.focus({ preventScroll: true });
      } else if (button.isConnected && !button.disabled) button.focus({ preventScroll: true });
    });
    const state = formState(aside);
    return ask({ type: "send", route, state }).then((reply) => {
      heard(reply);
      if (reply.error) throw new Error(reply.error);
      told(state);
      if (reply.table) setTimeout(() => addTable(aside, reply.table, reply.paged ? () => ask({ type: "pages", route }) : null));
      return reply;
    }).finally(giveBack);
  };
}

// the keys that run a cell run the form: Ctrl/Cmd+Enter anywhere in it (as in Scalar's or Postman's client) and
// Shift+Enter outside the body's text. The view keeps every key (view-frame.js), so without this a reader who
// presses them by habit, in a notebook, gets nothing at all. The focus stays where the reader was typing.
function sendOnRunKeys(aside) {
  const send = aside.querySelector("[data-send]");
  if (!send) return;
  send.setAttribute("aria-keyshortcuts", "Control+Enter Meta+Enter Shift+Enter");
  send.title = "Send (Ctrl+Enter or Shift+Enter)";
  aside.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.altKey || event.isComposing) return;
    const target = event.composedPath()[0];
    const inBody = target && target.tagName === "TEXTAREA";
    const ctrl = (event.ctrlKey || event.metaKey) && !event.shiftKey;
    const shift = event.shiftKey && !event.ctrlKey && !event.metaKey && !inBody;
    if (!ctrl && !shift) return;
    event.preventDefault();
    if (!send.disabled) send.click();
  });
}

// a description that declares no security scheme (GitHub's): an Authorization the kernel sends all the same
function addUndeclaredAuthorization(aside) {
  const form = aside.querySelector("[data-form]");
  if (!form || form.querySelector("[data-credentials]")) return;
  const box = element("fieldset", "credentials");
  box.setAttribute("data-credentials", "");
  box.appendChild(element("legend", "", "Authentication"));
  const field = element("div", "field");
  const label = element("label", "", "Authorization (not declared by the description)");
  const input = element("input");
  input.id = "try-undeclared-authorization";
  label.htmlFor = input.id;
  input.type = "password";
  input.autocomplete = "off";
  input.spellcheck = false;
  input.placeholder = "a token (sent as Bearer) or a whole Authorization value";
  input.setAttribute("data-cred-scheme", "Authorization");
  input.setAttribute("data-cred-field", "value");
  field.appendChild(label);
  field.appendChild(input);
  box.appendChild(field);
  box.appendChild(element("p", "hint", "The description declares no security scheme; the kernel sends this as the Authorization header, to this API only."));
  form.insertBefore(box, form.querySelector("fieldset") || form.firstChild);
}

// a credential input that takes an environment variable's name (`on`) or the credential itself
function envMode(input, on) {
  input.type = on ? "text" : "password";
  input.placeholder = on ? "the name of an environment variable of the kernel" : input.getAttribute("data-placeholder") || "";
  if (!on && ENV_NAME.test(input.value)) input.value = "";
  showEnvProblem(input, on ? input.value : "");
}

const ENV_RULE = "is not the name of an environment variable the kernel reads: capitals, digits and _, such as ORG_TOKEN";

// the environment variable a credential input is set to read, when its name is one ("" otherwise): what the
// code samples name for it, as Copy as code does
function envName(aside, scheme, field) {
  const input = [...aside.querySelectorAll("[data-cred-scheme]")].find(
    (one) => one.getAttribute("data-cred-scheme") === scheme && one.getAttribute("data-cred-field") === field,
  );
  const choice = input && input.closest(".field").querySelector("[data-env-choice]");
  const name = choice && choice.checked ? input.value.trim() : "";
  return ENV_NAME.test(name) ? name : "";
}

// the names typed in credential inputs set to read an environment variable that are not such names
function badEnvNames(aside) {
  return [...aside.querySelectorAll("[data-cred-scheme]")]
    .filter((input) => {
      const choice = input.closest(".field").querySelector("[data-env-choice]");
      return choice && choice.checked && input.value.trim() && !ENV_NAME.test(input.value.trim());
    })
    .map((input) => input.value.trim());
}

// under a credential input read from the environment: why the name typed is not one (`name`: what it holds)
function showEnvProblem(input, name) {
  const line = input.closest(".field").querySelector(".ow-env-problem");
  const wrong = !!name && !ENV_NAME.test(name);
  if (line) {
    line.hidden = !wrong;
    line.textContent = wrong ? `“${name}” ${ENV_RULE}.` : "";
  }
  if (wrong) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
}

// beside each credential input: read it from an environment variable of the kernel instead of typing it here
function addEnvChoices(aside) {
  // a Voila app's reader did not start its kernel: its environment is the app server's (the kernel refuses)
  if (VOILA) return;
  aside.querySelectorAll("[data-cred-scheme]").forEach((input) => {
    input.setAttribute("data-placeholder", input.placeholder);
    const choice = element("input");
    choice.type = "checkbox";
    choice.setAttribute("data-env-choice", "");
    const label = element("label", "ow-env-choice");
    label.appendChild(choice);
    label.appendChild(document.createTextNode(" from an environment variable"));
    choice.addEventListener("change", () => {
      input.value = "";
      envMode(input, choice.checked);
      input.dispatchEvent(new Event("input", { bubbles: true })); // forgets what the kernel held
      input.focus();
    });
    input.insertAdjacentElement("afterend", label);
    const problem = element("p", "field-error ow-env-problem");
    problem.hidden = true;
    problem.id = (input.id || "cred-" + Math.random().toString(36).slice(2)) + "-env-problem";
    input.setAttribute("aria-describedby", [input.getAttribute("aria-describedby"), problem.id].filter(Boolean).join(" "));
    label.insertAdjacentElement("afterend", problem);
  });
}

// the request as a notebook cell (in Voila: as Python) with httpx, or a RequestForm; credentials read from
// environment variables, but those a RequestForm cell in a notebook finds in the kernel
function addCodeActions(aside, route, ask, told) {
  const send = aside.querySelector("[data-send]");
  if (!send) return;
  const row = element("div", "ow-code-actions");
  const shown = element("div", "ow-code-shown");
  const labels = VOILA ? ["Copy as Python (httpx)", "Copy as Python (orgdocs)"] : ["Copy as code", "Copy as a RequestForm cell"];
  [["httpx", labels[0]], ["orgdocs", labels[1]]].forEach(([style, text]) => {
    const button = element("button", "button button-small", text);
    button.type = "button";
    button.addEventListener("click", () => {
      const state = formState(aside);
      // in Voila the reader has no notebook: the code runs on its own, without the kernel's variables
      ask({ type: "code", route, style, state, standalone: VOILA }).then((reply) => {
        shown.textContent = "";
        if (reply.error) {
          shown.appendChild(element("p", "notice notice-error", reply.error));
          return;
        }
        told(state);
        const pre = element("pre", "ow-code");
        pre.tabIndex = 0;
        pre.textContent = reply.code;
        // a RequestForm cell in a notebook sends with the credentials the kernel keeps (orgdocs_code's kept)
        const credentials = style === "orgdocs" && !VOILA
          ? ", with the credentials this kernel keeps, the others read from environment variables."
          : ", credentials read from environment variables.";
        const said = element("p", "hint", (VOILA ? "Python that sends this request again (a script or a notebook's cell)"
          : "Paste it into a cell: it sends this request again") + credentials);
        shown.appendChild(said);
        shown.appendChild(pre);
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(reply.code).then(
            () => { said.textContent = "Copied. " + said.textContent; },
            () => {},
          );
        }
      });
    });
    row.appendChild(button);
  });
  send.insertAdjacentElement("afterend", row);
  row.insertAdjacentElement("afterend", shown);
}

/* -- the form's state as the kernel reads and writes it (_form_settings.FormState), the answer's table --- */

function formState(root) {
  const form = root.querySelector("[data-form]");
  const state = { values: {}, variables: {}, headers: [] };
  if (!form) return state;
  form.querySelectorAll("[data-param-name]").forEach((input) => {
    const key = input.getAttribute("data-param-in") + ":" + input.getAttribute("data-param-name");
    state.values[key] = input.type === "checkbox" ? input.checked : input.value;
  });
  const server = form.querySelector("[data-server]");
  if (server) {
    state.server = parseInt(server.value, 10) || 0;
    const box = form.querySelector('[data-server-vars="' + server.value + '"]');
    if (box) box.querySelectorAll("[data-var]").forEach((input) => { state.variables[input.getAttribute("data-var")] = input.value; });
  }
  const auth = form.querySelector("[data-auth]");
  if (auth) state.auth = parseInt(auth.value, 10) || 0;
  form.querySelectorAll("[data-header-row]").forEach((row) => {
    const inputs = row.querySelectorAll("input");
    if (inputs.length >= 2) state.headers.push([inputs[0].value, inputs[1].value]);
  });
  const media = form.querySelector("[data-media]");
  if (media) state.mediaType = media.value;
  const body = form.querySelector("[data-body]");
  if (body) state.body = body.value;
  return state;
}

// a value of the form's state as an input holds it
const asText = (value) => (value === null || value === undefined ? "" : String(value));

function fillForm(root, state, known) {
  // what the kernel's form holds (values given in Python, a server chosen there) shown in the inputs; with
  // `known` (what the kernel held before), only what changed since: the rest stays as the person typed it
  const form = root.querySelector("[data-form]");
  if (!form) return;
  const was = known || { values: {}, variables: {} };
  const changed = (value, before) => !known || asText(value) !== asText(before);
  const values = state.values || {};
  form.querySelectorAll("[data-param-name]").forEach((input) => {
    const key = input.getAttribute("data-param-in") + ":" + input.getAttribute("data-param-name");
    if (!(key in values) || !changed(values[key], (was.values || {})[key])) return;
    if (input.type === "checkbox") input.checked = !!values[key];
    else input.value = asText(values[key]);
  });
  const server = form.querySelector("[data-server]");
  if (server && typeof state.server === "number" && server.options[state.server]) {
    if (changed(state.server, was.server)) {
      server.value = String(state.server);
      form.querySelectorAll("[data-server-vars]").forEach((box) => { box.hidden = box.getAttribute("data-server-vars") !== server.value; });
    }
    const box = form.querySelector('[data-server-vars="' + server.value + '"]');
    Object.entries(state.variables || {}).forEach(([name, value]) => {
      if (!changed(value, (was.variables || {})[name])) return;
      if (box) box.querySelectorAll("[data-var]").forEach((input) => { if (input.getAttribute("data-var") === name) input.value = value; });
    });
  }
  const media = form.querySelector("[data-media]");
  if (media && state.mediaType && changed(state.mediaType, was.mediaType)) media.value = state.mediaType;
  const body = form.querySelector("[data-body]");
  if (body && typeof state.body === "string" && changed(state.body, was.body)) body.value = state.body;
}


function addTable(root, html, morePages) {
  const view = root.querySelector("[data-response]");
  if (!view || view.hidden) return;
  const details = element("details", "ow-table");
  const summary = element("summary", "", "Table");
  details.appendChild(summary);
  const box = element("div", "ow-table-box");
  box.innerHTML = html; // pandas' HTML with every value escaped (_form_bridge.table_html)
  details.appendChild(box);
  if (morePages) {
    // the description says how this list pages: the kernel follows it into one table
    const button = element("button", "button button-small", "Follow the pages");
    button.type = "button";
    button.addEventListener("click", () => {
      button.disabled = true;
      button.textContent = "Fetching…";
      morePages().then((answer) => {
        if (answer.error) box.prepend(element("p", "notice notice-error", answer.error));
        else box.innerHTML = answer.table;
        button.remove();
      });
    });
    details.appendChild(button);
  }
  const status = view.querySelector(".response-status");
  if (status && status.nextSibling) view.insertBefore(details, status.nextSibling);
  else view.appendChild(details);
}
