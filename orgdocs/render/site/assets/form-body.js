/* orgdocs: a request form's body editor (a part of form.js's form).
 *
 * The body starts from the example of the chosen media type (the payload's examples.request: the
 * description's own, else a generated one). A generated example starts from its required fields ("start"),
 * so that a hurried reader does not send a skeleton of "string" values; a switch fills in every field and
 * back. Choosing another media type starts again from its example.
 */
(function () {
  "use strict";
  window.orgdocs = window.orgdocs || {};
  var parts = (window.orgdocs.formParts = window.orgdocs.formParts || {});
  var R = window.orgdocs.request;

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

  function setup(form) {
    var fullExample = form.element.querySelector("[data-full-example]");
    if (fullExample) {
      fullExample.addEventListener("click", function () {
        showExample(form, fullExample.getAttribute("aria-pressed") !== "true");
        form.update();
      });
    }
  }

  parts.body = {
    setup: setup,
    /* another media type chosen: its example, required fields first */
    selectMedia: function (form) { showExample(form, false); },
  };
})();
