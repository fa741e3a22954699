/* orgdocs: the entry module of a page with schema trees and code but no request form (a component schema's
 * page, a webhook's): its trees (schema.js) and code blocks (code.js), following the page's address. */
import { schemaTrees } from "./schema.js";
import { codeBlocks } from "./code.js";

schemaTrees(document, { followAddress: true });
codeBlocks(document, { followAddress: true });
