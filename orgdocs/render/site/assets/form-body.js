/* orgdocs: a request form's body editor (a part of form.js's form).
 *
 * The body starts from the example of the chosen media type (the payload's examples.request: the
 * description's own, else a generated one). A generated example starts from its required fields ("start"),
 * so that a hurried reader does not send a skeleton of "string" values; a switch fills in every field and
 * back. Choosing another media type starts again from its example. An optional body with no example (Stripe
 * declares one on its GETs) is not sent while empty: it is folded out of the way, one click to open.
 */
import { request as R } from "./request.js";

function requestExample(form) {
  var examples = (form.payload.examples && form.payload.examples.request) || {};
  var media = form.mediaSelect ? form.mediaSelect.value : Object.keys(examples)[0];
  return { media: media, example: examples[media] };
}

/* the example in the editor: every field when `full`, else its required fields where it has them */
function showExample(form, full) {
  var chosen = requestExample(form);
  var example = chosen.example;
  var value = example ? (full || !("start" in example) ? example.value : example.start) : null;
  var exampleSwitch = form.element.querySelector("[data-example-switch]");
  var fullExample = form.element.querySelector("[data-full-example]");
  if (form.bodyEditor) form.bodyEditor.value = value === null || value === undefined ? "" : R.serialize(value, chosen.media)[0];
  if (exampleSwitch) exampleSwitch.hidden = !(example && "start" in example);
  if (fullExample) {
    fullExample.setAttribute("aria-pressed", full ? "true" : "false");
    fullExample.textContent = full ? "Required fields only" : "Fill in every field";
    form.element.querySelector("[data-example-said]").textContent = full
      ? "A generated example: every field."
      : "A generated example: its required fields only.";
  }
}

/* an optional body that starts empty: folded under "Body (optional)", open once it holds text */
function foldWhenOptional(form) {
  var declared = form.operation && form.operation.requestBody;
  var editor = form.bodyEditor;
  var box = editor && editor.closest("fieldset");
  if (!box || !declared || declared.required || editor.value.trim()) return;
  var fold = document.createElement("details");
  fold.className = "body-fold";
  var summary = document.createElement("summary");
  summary.textContent = "Body (optional)";
  var said = document.createElement("span");
  said.className = "hint";
  said.textContent = " not sent while empty";
  summary.appendChild(said);
  box.parentNode.insertBefore(fold, box);
  fold.appendChild(summary);
  fold.appendChild(box);
  var legend = box.querySelector("legend");
  if (legend) legend.hidden = true; // the summary says it
  form.element.addEventListener("input", function () { if (editor.value.trim()) fold.open = true; });
}

function setup(form) {
  foldWhenOptional(form);
  var fullExample = form.element.querySelector("[data-full-example]");
  if (fullExample) {
    fullExample.addEventListener("click", function () {
      showExample(form, fullExample.getAttribute("aria-pressed") !== "true");
      form.update();
    });
  }
}

export const body = {
  setup: setup,
  /* another media type chosen: its example, required fields first */
  selectMedia: function (form) { showExample(form, false); },
};
