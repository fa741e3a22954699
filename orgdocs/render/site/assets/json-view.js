/* orgdocs: an answer's JSON as a tree that folds (jsonView(value) -> {element, setOpen(open)}),
 * which the request form shows an answer's body as.
 *
 * Objects and arrays are <details> (a click or Enter folds them; keys coloured as _highlight.py colours the
 * examples: nt a key, s2 a string, m a number, kc a constant). A large answer starts folded past its first
 * levels, a folded node builds its children only when first opened, and a long list shows its items a page at
 * a time. Every text of the answer goes in by textContent: it is data, never markup.
 * parseJson(text) -> {ok, value} reads an answer's text for it, keeping each number's digits.
 */
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
  var piece = document.createElement("span");
  if (className) piece.className = className;
  piece.textContent = text;
  return piece;
}

function scalar(value) {
  if (isRaw(value)) return span("m", value.rawJSON);
  if (value === null || typeof value === "boolean") return span("kc", String(value));
  if (typeof value === "number") return span("m", String(value));
  return span("s2", JSON.stringify(value));
}

function keyLabel(key, row) {
  if (key === null) return;
  row.appendChild(typeof key === "number" ? span("json-index", String(key)) : span("nt", JSON.stringify(key)));
  row.appendChild(document.createTextNode(typeof key === "number" ? " " : ": "));
}

function keyedRow(key) {
  var line = document.createElement("div");
  line.className = "json-row";
  keyLabel(key, line);
  return line;
}

/* the children of an object or array, PAGE_ITEMS at a time ("Show more"), then its closing mark */
function buildChildren(box, item, depth, comma, small) {
  var array = Array.isArray(item);
  var keys = array ? null : Object.keys(item);
  var size = array ? item.length : keys.length;
  var children = document.createElement("div");
  children.className = "json-children";
  var shown = 0;
  var button = document.createElement("button");
  function more() {
    var end = Math.min(size, shown + PAGE_ITEMS);
    for (; shown < end; shown++) {
      var childKey = array ? shown : keys[shown];
      children.insertBefore(node(childKey, item[childKey], depth + 1, shown === size - 1, small), button);
    }
    if (shown >= size && button.parentNode) button.parentNode.removeChild(button);
    else button.textContent = "Show " + Math.min(PAGE_ITEMS, size - shown) + " more of " + (size - shown);
  }
  button.type = "button";
  button.className = "button button-small json-more";
  button.addEventListener("click", more);
  children.appendChild(button);
  more();
  box.appendChild(children);
  var close = document.createElement("div");
  close.className = "json-close";
  close.textContent = (array ? "]" : "}") + comma;
  box.appendChild(close);
}

/* one value: a row for a scalar or an empty object or array, else a <details> that builds its children
 * when first opened (at once when the answer is small or the node shallow) */
function node(key, item, depth, last, small) {
  var comma = last ? "" : ",";
  if (item === null || typeof item !== "object" || isRaw(item)) {
    var line = keyedRow(key);
    line.appendChild(scalar(item));
    if (comma) line.appendChild(document.createTextNode(comma));
    return line;
  }
  var array = Array.isArray(item);
  var size = array ? item.length : Object.keys(item).length;
  var marks = array ? ["[", "]"] : ["{", "}"];
  if (!size) {
    var empty = keyedRow(key);
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
    buildChildren(box, item, depth, comma, small);
  }
  box.orgdocsBuild = build;
  box.addEventListener("toggle", function () { if (box.open) build(); });
  if (small || depth < OPEN_LEVELS) {
    build();
    box.open = true;
  }
  return box;
}

/* fold every node, or open every one (building them: up to MAX_OPENED, a large answer stays usable) */
function setOpen(root, open) {
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
}

function jsonView(value) {
  var small = countValues(value, SMALL_ANSWER) <= SMALL_ANSWER;
  var root = document.createElement("div");
  root.className = "json-view hl";
  root.setAttribute("role", "region");
  root.setAttribute("aria-label", "Response body");
  root.tabIndex = 0;
  root.appendChild(node(null, value, 0, true, small));
  return {
    element: root,
    setOpen: function (open) { setOpen(root, open); },
  };
}

export { jsonView, parseJson };
