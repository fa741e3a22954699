/* orgdocs: the entry module of an operation's page with its request form: its schema trees (schema.js), then
 * its forms with the browser's defaults (form.js), then its code blocks (code.js), whose samples follow the
 * request each form hands over. */
import { schemaTrees } from "./schema.js";
import { mountForm } from "./form.js";
import { samples } from "./code-samples.js";
import { codeBlocks } from "./code.js";

schemaTrees(document, { followAddress: true });
if (document.getElementById("orgdocs-payload")) {
  document.querySelectorAll("[data-try]").forEach(function (root) { mountForm(root); });
}
codeBlocks(document, { samples: samples, followAddress: true });
