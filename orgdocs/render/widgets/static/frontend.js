/* Built by esbuild from orgdocs/render/widgets/static/widget.js and the site's modules it imports: npm run build. Do not edit. */

// orgdocs/render/widgets/static/view-frame.js
var VOILA = typeof document !== "undefined" && !!document.body && document.body.hasAttribute("data-voila");
var RERUN = VOILA ? "reload the page" : "run its cell again";
var sheet = null;
function stylesheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
  }
  return sheet;
}
function element(tag, className, text) {
  const node2 = document.createElement(tag);
  if (className) node2.className = className;
  if (text !== void 0) node2.textContent = text;
  return node2;
}
function listen(model, name, callback, signal) {
  model.on(name, callback);
  signal.addEventListener("abort", () => model.off(name, callback));
}
function followTheme(host, signal) {
  function apply() {
    const light = document.body.getAttribute("data-jp-theme-light");
    if (light === "false") host.setAttribute("data-theme", "dark");
    else if (light === "true") host.setAttribute("data-theme", "light");
    else host.removeAttribute("data-theme");
  }
  apply();
  const observer = new MutationObserver(apply);
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light"] });
  signal.addEventListener("abort", () => observer.disconnect());
}
var KEY_GUARD = "__orgdocsWidgetKeys";
var HOST_CLASS = "orgdocs-widget-host";
function hostShortcut(event) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && String(event.key).toLowerCase() === "s";
}
function guardKeys() {
  if (globalThis[KEY_GUARD]) return;
  globalThis[KEY_GUARD] = true;
  window.addEventListener("keydown", (event) => {
    const host = event.composedPath().find((node2) => node2.classList && node2.classList.contains(HOST_CLASS));
    if (host) host.toggleAttribute("data-lm-suppress-shortcuts", !hostShortcut(event));
  }, true);
}
function frame(el, signal, kind) {
  const host = element("div", HOST_CLASS);
  host.setAttribute("data-lm-suppress-shortcuts", "true");
  guardKeys();
  el.appendChild(host);
  const shadow = host.attachShadow({ mode: "open" });
  shadow.adoptedStyleSheets = [stylesheet()];
  followTheme(host, signal);
  const root = element("div", "ow-root ow-kind-" + kind);
  root.tabIndex = -1;
  shadow.appendChild(root);
  shadow.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    const cell = host.closest(".jp-Cell");
    if (!cell) return;
    event.preventDefault();
    cell.focus();
  }, { signal });
  return root;
}

// orgdocs/render/site/assets/search.js
var RULES = { "weights": { "title": 3, "operationId": 2, "tag": 1.5, "path": 1.5, "method": 1.5, "parameter": 1, "body": 0.8, "text": 0.5, "response": 0.35, "more": 0.3, "tagText": 0.3 }, "matches": { "synonym": 0.6, "inflected": 0.9, "basePrefix": 5, "related": 0.5, "typo": 0.6, "prefixBase": 0.5, "prefixCover": 0.4, "typoMin": 5, "prefixMin": 2, "infix": 0.4, "infixMin": 3, "infixAfter": 3 }, "ranking": { "methodBonus": 0.75, "intentBonus": 1, "titleCover": 0.5, "pathCover": 0.25, "exact": 1e6, "webhook": 0.85, "number": 0.15, "numberLeast": 0.5, "misfit": 0.6, "shownCover": 0.5, "shown": 0.05 }, "words": { "stop": ["a", "all", "am", "an", "and", "another", "any", "are", "as", "at", "be", "by", "can", "do", "does", "for", "from", "how", "in", "into", "is", "it", "many", "much", "of", "on", "or", "our", "some", "that", "the", "their", "this", "to", "us", "we", "what", "which", "who", "with", "your"], "particles": ["in", "on", "out", "up", "off", "down", "over", "back"], "questions": ["who", "whom", "whose", "which", "what", "where", "when", "is", "are", "does", "do", "how"], "determiners": ["a", "an", "the", "my", "your", "our", "their", "its", "this", "that", "these", "those", "every", "each", "all", "some"], "particleVerbs": ["on", "in", "out", "up", "off", "into", "to"], "one": ["a", "an", "one", "single", "specific", "this", "that", "the", "each"], "asks": { "who": ["user", "member", "person", "people"] }, "read": ["get"], "act": ["post", "put", "patch", "delete"], "phrases": { "how many": "count" } }, "synonyms": [[["create", "add", "new", "make", "insert", "register", "generate", "send", "submit", "upload", "schedule", "save", "signup", "enroll", "post"], ["post", "put"]], [["get", "fetch", "retrieve", "read", "show", "view", "list"], ["get"]], [["search", "find", "lookup", "query", "filter"], ["get", "post"]], [["update", "edit", "modify", "change", "set", "patch", "replace", "put"], ["put", "patch", "post"]], [["delete", "remove", "destroy", "erase", "drop", "unset", "revoke", "purge", "discard"], ["delete"]], [["me", "my", "myself", "self", "current", "authenticated", "i"], []], [["copy", "duplicate", "clone"], ["post"]], [["login", "signin", "logon", "authenticate"], ["post"]], [["logout", "signout", "logoff"], ["post"]], [["restart", "reboot", "reset"], ["post"]], [["start", "run", "trigger", "launch", "execute", "begin"], ["post"]], [["stop", "cancel", "abort", "halt", "terminate", "kill"], ["post", "put", "patch", "delete"]], [["enable", "activate"], ["post", "put", "patch"]], [["disable", "deactivate"], ["post", "put", "patch", "delete"]], [["approve", "accept", "confirm"], ["post", "put", "patch"]], [["reject", "decline", "deny", "refuse"], ["post", "put", "patch", "delete"]], [["link", "connect", "attach", "associate", "bind"], ["post", "put"]], [["unlink", "disconnect", "detach", "dissociate", "unbind"], ["delete", "post"]], [["allow", "whitelist", "allowlist", "permit"], ["post", "put"]], [["block", "blacklist", "blocklist"], ["post", "put"]]] };
var W = RULES.weights;
var M = RULES.matches;
var R = RULES.ranking;
var V = RULES.words;
var TITLE = W.title;
var OPERATION_ID = W.operationId;
var TAG = W.tag;
var PATH = W.path;
var METHOD = W.method;
var PARAMETER = W.parameter;
var BODY = W.body;
var TEXT = W.text;
var RESPONSE = W.response;
var MORE = W.more;
var TAG_TEXT = W.tagText;
var SYNONYM = M.synonym;
var INFLECTED = M.inflected;
var BASE_PREFIX = M.basePrefix;
var RELATED = M.related;
var TYPO = M.typo;
var PREFIX_BASE = M.prefixBase;
var PREFIX_COVER = M.prefixCover;
var TYPO_MIN = M.typoMin;
var PREFIX_MIN = M.prefixMin;
var INFIX = M.infix;
var INFIX_MIN = M.infixMin;
var INFIX_AFTER = M.infixAfter;
var METHOD_BONUS = R.methodBonus;
var INTENT_BONUS = R.intentBonus;
var TITLE_COVER = R.titleCover;
var PATH_COVER = R.pathCover;
var EXACT = R.exact;
var WEBHOOK = R.webhook;
var MISFIT = R.misfit;
var NUMBER = R.number;
var NUMBER_LEAST = R.numberLeast;
var SHOWN_COVER = R.shownCover;
var SHOWN = R.shown;
var ONE = new Set(V.one);
var STOP_WORDS = new Set(V.stop);
var PARTICLES = new Set(V.particles);
var QUESTION_WORDS = V.questions;
var DETERMINERS = V.determiners;
var PARTICLE_VERB = new Set(V.particleVerbs);
var ASKS = new Map(Object.entries(V.asks));
var READ = V.read;
var ACT = V.act;
var PHRASES = new Map(Object.entries(V.phrases));
var SYNONYMS = RULES.synonyms;
var MAKING = new Set(SYNONYMS[0][0]);
var GROUPS = /* @__PURE__ */ new Map();
SYNONYMS.forEach(function(group2) {
  group2[0].forEach(function(word) {
    GROUPS.set(word, [group2[0].filter(function(other) {
      return other !== word;
    }), group2[1]]);
  });
});
var STOPPED = null;
var WHITESPACE = /[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
var WORD = /[\p{L}\p{N}]+/gu;
var CAMEL = /([a-z0-9])(?=[A-Z])|([A-Z])(?=[A-Z][a-z])/g;
var UPPER = /[A-Z]/;
var PLACEHOLDER = /\{[^}]*\}/g;
var SURROGATE = /[\uD800-\uDFFF]/;
function length(text) {
  return SURROGATE.test(text) ? Array.from(text).length : text.length;
}
function wholePlaceholder(segment) {
  return segment.charCodeAt(0) === 123 && segment.indexOf("}") === segment.length - 1;
}
function normalize(text) {
  return text.toLowerCase().split(WHITESPACE).filter(function(w) {
    return w !== "";
  }).join(" ");
}
function stem(word) {
  if (length(word) > 3) {
    if (word.endsWith("ies") && !word.endsWith("eies") && !word.endsWith("aies")) return word.slice(0, -3) + "y";
    if (word.endsWith("es") && !word.endsWith("aes") && !word.endsWith("ees") && !word.endsWith("oes")) return word.slice(0, -1);
    if (word.endsWith("s") && !word.endsWith("us") && !word.endsWith("ss")) return word.slice(0, -1);
  }
  return word;
}
STOPPED = new Set(STOP_WORDS);
STOP_WORDS.forEach(function(word) {
  STOPPED.add(stem(word));
});
var QUESTIONS = new Set(QUESTION_WORDS.map(stem));
var DETERMINED = new Set(DETERMINERS.map(stem));
function intent(raw, first, last) {
  if (raw.length < 2 || GROUPS.has(raw[0])) return [];
  if (QUESTIONS.has(raw[0])) return READ;
  if (DETERMINED.has(raw[1]) || PARTICLE_VERB.has(raw[1])) return ACT;
  if (stem(first) !== first && STOPPED.has(raw[1])) return READ;
  return stem(last) !== last ? READ : [];
}
function verbMethods(raw) {
  if (raw.length >= 2 && GROUPS.has(raw[0]) && (DETERMINED.has(raw[1]) || PARTICLE_VERB.has(raw[1]))) {
    return GROUPS.get(raw[0])[1];
  }
  return [];
}
function bases(word) {
  var endings = ["ing", "ed"];
  for (var e = 0; e < endings.length; e++) {
    var ending = endings[e];
    if (word.endsWith(ending) && length(word) - ending.length >= 3) {
      var base = word.slice(0, -ending.length);
      var found = [base, base + "e"];
      var letters = codePoints(base);
      if (letters.length >= 4 && letters[letters.length - 1] === letters[letters.length - 2]) {
        found.push(typeof letters === "string" ? base.slice(0, -1) : letters.slice(0, -1).join(""));
      }
      return found;
    }
  }
  return [];
}
var wordCache = [/* @__PURE__ */ new Map(), /* @__PURE__ */ new Map()];
function words(text, joined) {
  if (joined === void 0) joined = true;
  var cache = wordCache[joined ? 1 : 0];
  var cached = cache.get(text);
  if (cached) return cached;
  var found = [];
  var runs = text.match(WORD) || [];
  for (var r = 0; r < runs.length; r++) {
    var run = runs[r];
    var parts = UPPER.test(run) ? run.replace(CAMEL, "$1$2 ").split(" ") : [run];
    for (var p = 0; p < parts.length; p++) found.push(stem(parts[p].toLowerCase()));
    if (joined && parts.length > 1) found.push(stem(run.toLowerCase()));
  }
  if (cache.size > 65536) cache.clear();
  cache.set(text, found);
  return found;
}
function codePoints(text) {
  return SURROGATE.test(text) ? Array.from(text) : text;
}
function sameTail(a, i, b, j) {
  if (a.length - i !== b.length - j) return false;
  for (; i < a.length; i++, j++) if (a[i] !== b[j]) return false;
  return true;
}
function oneEdit(first, second) {
  if (first === second) return false;
  var a = codePoints(first), b = codePoints(second);
  if (Math.abs(a.length - b.length) > 1) return false;
  var i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (sameTail(a, i + 1, b, i + 1)) return true;
    return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && sameTail(a, i + 2, b, i + 2);
  }
  if (a.length > b.length) return sameTail(a, i + 1, b, i);
  return sameTail(a, i, b, i + 1);
}
function SearchIndex(entries, texts) {
  this._start(entries, texts);
  this._addEntries(this.entries.length);
  this._finish();
}
var SLICE_MS = 12;
SearchIndex.build = function(entries, texts, sliceMs) {
  var index = Object.create(SearchIndex.prototype);
  var budget = sliceMs === void 0 ? SLICE_MS : sliceMs;
  index._start(entries, texts);
  return new Promise(function(resolve) {
    (function slice() {
      var until = Date.now() + budget;
      do {
        index._addEntries(index._added + 64);
      } while (index._added < index.entries.length && Date.now() < until);
      if (index._added < index.entries.length) {
        setTimeout(slice, 0);
        return;
      }
      index._finish();
      resolve(index);
    })();
  });
};
function own(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
}
var FIELDS = ["body", "response", "more"];
function pairs(text) {
  return text ? text.split("|").map(function(pair) {
    var colon = pair.indexOf(":");
    return [pair.slice(0, colon), pair.slice(colon + 1)];
  }) : [];
}
var NO_FIELDS = ["", "", ""];
SearchIndex.prototype._start = function(entries, texts) {
  this.entries = entries.slice();
  var file = texts && !Array.isArray(texts) ? texts : { texts };
  this._texts = file.texts || [];
  var count = this.entries.length;
  var more = this._more = [];
  var fields = file.fields || {};
  FIELDS.forEach(function(name, part) {
    pairs(own(fields, name) ? fields[name] : "").forEach(function(pair) {
      var text = pair[0], steps = pair[1].split(" "), at = 0;
      for (var i = 0; i < steps.length; i++) {
        if (!steps[i]) continue;
        at += parseInt(steps[i], 36);
        if (at >= count) continue;
        if (!more[at]) more[at] = ["", "", ""];
        more[at][part] = text;
      }
    });
  });
  this._tagTexts = file.tags || {};
  var related = this._related = /* @__PURE__ */ new Map();
  pairs(file.related || "").forEach(function(pair) {
    var words2 = pair[0].split(" ").filter(function(w) {
      return w !== "";
    });
    pair[1].split(" ").forEach(function(reader) {
      if (!reader) return;
      if (!related.has(reader)) related.set(reader, []);
      Array.prototype.push.apply(related.get(reader), words2);
    });
  });
  this._added = 0;
  this._postings = /* @__PURE__ */ new Map();
  this._paths = /* @__PURE__ */ new Map();
  this._titleSizes = [];
  this._pathSizes = [];
  this._methods = [];
  this._methodNames = [];
  this._webhooks = [];
  this._ones = /* @__PURE__ */ new Map();
  this._alls = /* @__PURE__ */ new Map();
  this._shapes = [];
  this._exact = /* @__PURE__ */ new Map();
  this._main = /* @__PURE__ */ new Set();
};
SearchIndex.prototype._addEntries = function(until) {
  var texts = this._texts, more = this._more;
  var end = Math.min(until, this.entries.length);
  for (var position = this._added; position < end; position++) {
    this._addEntry(
      position,
      this.entries[position],
      position < texts.length ? texts[position] || "" : "",
      more[position] || NO_FIELDS
    );
  }
  this._added = Math.max(this._added, end);
};
SearchIndex.prototype._finish = function() {
  this._texts = null;
  this._more = null;
  this._vocabulary = Array.from(this._postings.keys()).sort();
  this._mainVocabulary = Array.from(this._main).sort();
  this._lines = "\n" + this._mainVocabulary.join("\n") + "\n";
  this._starts = [];
  var offset = 1;
  for (var i = 0; i < this._mainVocabulary.length; i++) {
    this._starts.push(offset);
    offset += this._mainVocabulary[i].length + 1;
  }
  this._byLength = null;
  this._arrays = null;
  this._expanded = /* @__PURE__ */ new Map();
  this._termMatches = /* @__PURE__ */ new Map();
};
SearchIndex.prototype._addEntry = function(position, entry, text, more) {
  var path = entry.path;
  var parts = more;
  var tagTexts = this._tagTexts;
  var placeholders2 = path.match(PLACEHOLDER) || [];
  var literalPath = path.replace(PLACEHOLDER, " ");
  var fields = [
    [TITLE, entry.title, true],
    [OPERATION_ID, entry.operationId, true],
    [METHOD, entry.method, true],
    [PATH, literalPath, true]
  ];
  entry.tags.forEach(function(tag) {
    fields.push([TAG, tag, true]);
  });
  fields.push([PARAMETER, placeholders2.concat(entry.params).join(" "), true]);
  fields.push([BODY, parts[0], false]);
  fields.push([TEXT, text, true]);
  fields.push([RESPONSE, parts[1], false]);
  fields.push([MORE, parts[2], false]);
  entry.tags.forEach(function(tag) {
    fields.push([TAG_TEXT, own(tagTexts, tag) ? tagTexts[tag] : "", false]);
  });
  var postings = this._postings, main = this._main;
  fields.forEach(function(field) {
    var weight = field[0];
    var found = words(field[1]);
    for (var w = 0; w < found.length; w++) {
      if (field[2]) main.add(found[w]);
      var posting = postings.get(found[w]);
      if (!posting) {
        postings.set(found[w], [[position], [weight]]);
      } else {
        var last = posting[0].length - 1;
        if (posting[0][last] !== position) {
          posting[0].push(position);
          posting[1].push(weight);
        } else if (posting[1][last] < weight) {
          posting[1][last] = weight;
        }
      }
    }
  });
  var method = entry.method.toLowerCase(), code = this._methodNames.indexOf(method);
  if (code < 0) code = this._methodNames.push(method) - 1;
  this._methods.push(code);
  this._webhooks.push(entry.webhook ? 1 : 0);
  var title = new Set(words(entry.title, false).filter(function(w) {
    return !STOPPED.has(w);
  }));
  this._titleSizes.push(title.size);
  var literal2 = words(literalPath, false);
  var paths = this._paths;
  literal2.forEach(function(word) {
    var positions = paths.get(word);
    if (!positions) paths.set(word, [position]);
    else if (positions[positions.length - 1] !== position) positions.push(position);
  });
  this._pathSizes.push(new Set(literal2).size + placeholders2.length);
  var segments = path.split("/"), reads = method === "get" || method === "delete";
  var shape = 0, before = null, beforeNamed = false;
  for (var s = 0; s <= segments.length; s++) {
    var segment = s < segments.length ? segments[s] : null;
    if (segment === "") continue;
    var placeholder = segment !== null && wholePlaceholder(segment);
    if (beforeNamed && (placeholder || segment === null && reads)) {
      var into = placeholder ? this._ones : this._alls, named = words(before);
      for (var n = 0; n < named.length; n++) {
        var at = into.get(named[n]);
        if (!at) into.set(named[n], [position]);
        else if (at[at.length - 1] !== position) at.push(position);
      }
    }
    if (segment !== null) {
      shape = placeholder ? -1 : 1;
      before = segment;
      beforeNamed = !placeholder;
    }
  }
  this._shapes.push(reads ? shape : 0);
  var lowered = path.toLowerCase();
  var keys = /* @__PURE__ */ new Set([entry.operationId.toLowerCase(), lowered, entry.method.toLowerCase() + " " + lowered]);
  var exact = this._exact;
  keys.forEach(function(key) {
    if (!key) return;
    if (!exact.has(key)) exact.set(key, []);
    exact.get(key).push(position);
  });
};
SearchIndex.prototype._lowerBound = function(word) {
  var lo = 0, hi = this._vocabulary.length;
  while (lo < hi) {
    var mid = lo + hi >> 1;
    if (this._vocabulary[mid] < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};
var EXPANDED = 4096;
SearchIndex.prototype._expand = function(word, typos) {
  var key = (typos ? "1" : "0") + word;
  var known = this._expanded.get(key);
  if (known) return known;
  if (this._expanded.size >= EXPANDED) this._expanded.clear();
  known = this._expandWord(word, typos);
  this._expanded.set(key, known);
  return known;
};
SearchIndex.prototype._expandWord = function(word, typos) {
  var found = /* @__PURE__ */ new Map();
  var vocabulary = this._vocabulary;
  var size = length(word);
  if (this._postings.has(word)) found.set(word, 1);
  if (size >= PREFIX_MIN) {
    for (var i = this._lowerBound(word); i < vocabulary.length && vocabulary[i].startsWith(word); i++) {
      var other = vocabulary[i];
      if (other !== word) found.set(other, PREFIX_BASE + PREFIX_COVER * size / length(other));
    }
  }
  if (size >= INFIX_MIN && typos) {
    var lines = this._lines, starts = this._starts;
    var at = lines.indexOf(word);
    while (at !== -1) {
      var lo = 0, hi = starts.length;
      while (lo < hi) {
        var mid = lo + hi >> 1;
        if (starts[mid] <= at) lo = mid + 1;
        else hi = mid;
      }
      var k = lo - 1;
      var inside = this._mainVocabulary[k];
      if (at - starts[k] >= INFIX_AFTER && !found.has(inside)) found.set(inside, INFIX);
      at = lines.indexOf(word, starts[k] + inside.length);
    }
  }
  if (typos && size >= TYPO_MIN) {
    this._oneEditWords(word).forEach(function(other2) {
      if (!found.has(other2)) found.set(other2, TYPO);
    });
  }
  return found;
};
SearchIndex.prototype._oneEditWords = function(word) {
  if (!this._byLength) {
    var byLength = this._byLength = [];
    this._mainVocabulary.forEach(function(other2) {
      var size2 = length(other2);
      if (size2 < TYPO_MIN - 1) return;
      (byLength[size2] || (byLength[size2] = [])).push(other2);
    });
  }
  var found = [], size = length(word);
  var first = word.charCodeAt(0), last = word.charCodeAt(word.length - 1);
  for (var n = size - 1; n <= size + 1; n++) {
    var bucket = this._byLength[n] || [];
    for (var i = 0; i < bucket.length; i++) {
      var other = bucket[i];
      if (other.charCodeAt(0) !== first && other.charCodeAt(other.length - 1) !== last) continue;
      if (oneEdit(word, other)) found.push(other);
    }
  }
  return found;
};
SearchIndex.prototype._scratch = function() {
  if (!this._arrays) {
    var count = this.entries.length;
    this._arrays = {
      best: new Float64Array(count),
      flags: new Uint8Array(count),
      scores: new Float64Array(count),
      matched: new Float64Array(count),
      titleHits: new Uint16Array(count),
      pathHits: new Uint16Array(count),
      agree: new Int16Array(count),
      marked: new Uint8Array(count)
    };
  }
  return this._arrays;
};
var IN_TITLE = 1;
var IN_PATH = 2;
SearchIndex.prototype._wordMatches = function(word, best, flags) {
  var alternatives = [[word, 1, true]];
  var group2 = GROUPS.get(word) || [ASKS.get(word) || [], []];
  group2[0].forEach(function(synonym) {
    alternatives.push([synonym, SYNONYM, false]);
  });
  var self = this;
  (this._related.get(word) || []).forEach(function(other) {
    if (self._postings.has(other)) alternatives.push([other, RELATED, null]);
  });
  if (!this._postings.has(word)) {
    bases(word).forEach(function(base) {
      if (length(base) >= BASE_PREFIX) alternatives.push([base, INFLECTED, false]);
      else if (self._postings.has(base)) alternatives.push([base, INFLECTED, null]);
    });
  }
  var touched = [];
  alternatives.forEach(function(alternative2) {
    var quality = alternative2[1];
    var matches = alternative2[2] === null ? /* @__PURE__ */ new Map([[alternative2[0], 1]]) : self._expand(alternative2[0], alternative2[2]);
    matches.forEach(function(match, other) {
      var inPath = self._paths.get(other);
      if (inPath) for (var p = 0; p < inPath.length; p++) flags[inPath[p]] |= IN_PATH;
      var value = quality * match;
      var posting = self._postings.get(other), positions = posting[0], weights = posting[1];
      for (var i = 0; i < positions.length; i++) {
        var position = positions[i], score = weights[i] * value;
        if (score > best[position]) {
          if (best[position] === 0) touched.push(position);
          best[position] = score;
        }
        if (weights[i] === TITLE) flags[position] |= IN_TITLE;
      }
    });
  });
  return touched;
};
SearchIndex.prototype._termMatch = function(term, best, flags) {
  var touched = this._wordMatches(term, best, flags), n = touched.length;
  var values2 = new Array(n), where = new Array(n);
  for (var i = 0; i < n; i++) {
    var position = touched[i];
    values2[i] = best[position];
    where[i] = flags[position];
    best[position] = 0;
    flags[position] = 0;
  }
  return { positions: touched, values: values2, flags: where };
};
SearchIndex.prototype._compounds = function(terms) {
  var joined = [];
  for (var i = 0; i < terms.length; i++) {
    if (i + 1 < terms.length && PHRASES.has(terms[i] + " " + terms[i + 1])) {
      joined.push(PHRASES.get(terms[i] + " " + terms[i + 1]));
      i++;
      continue;
    }
    if (i + 1 < terms.length && PARTICLES.has(terms[i + 1])) {
      var both = terms[i] + terms[i + 1];
      var self = this, group2 = GROUPS.has(both) ? GROUPS.get(both)[0] : [];
      if ([both].concat(group2).some(function(word) {
        return self._postings.has(word);
      }) || this._related.has(both)) {
        joined.push(both);
        i++;
        continue;
      }
    }
    joined.push(terms[i]);
  }
  return joined;
};
SearchIndex.prototype._agreement = function(typed, matches, agree, marked) {
  var singular = /* @__PURE__ */ new Set(), plural = /* @__PURE__ */ new Set();
  var acts = typed.length > 1 && DETERMINERS.indexOf(typed[1]) >= 0;
  var counted = acts && GROUPS.has(typed[0]) && !MAKING.has(typed[0]);
  var one = false;
  typed.forEach(function(word, i) {
    if (ONE.has(word)) one = true;
    else if (DETERMINERS.indexOf(word) >= 0) one = false;
    else if (STOP_WORDS.has(word)) {
      one = false;
      acts = false;
    } else if (acts && (i === 0 || !counted)) return;
    else if (stem(word) !== word) plural.add(stem(word));
    else if (one) singular.add(word);
  });
  if (singular.size === 0 && plural.size === 0) return;
  var shapes = this._shapes, self = this;
  matches.forEach(function(match) {
    var term = match[0], p;
    if (GROUPS.has(term) || !singular.has(term) && !plural.has(term)) return;
    var ones = self._ones.get(term) || [], alls = self._alls.get(term) || [];
    if (singular.has(term) && plural.has(term)) {
      for (p = 0; p < ones.length; p++) agree[ones[p]] += 1;
      for (p = 0; p < alls.length; p++) agree[alls[p]] += 1;
      return;
    }
    var single = singular.has(term), sign = single ? -1 : 1;
    for (p = 0; p < ones.length; p++) {
      agree[ones[p]] += sign === -1 ? 1 : -1;
      marked[ones[p]] = 1;
    }
    for (p = 0; p < alls.length; p++) {
      agree[alls[p]] += sign;
      marked[alls[p]] = 1;
    }
    var found = match[1];
    for (p = 0; p < found.length; p++) {
      var position = found[p];
      if (shapes[position] && !marked[position]) agree[position] += sign * shapes[position];
    }
    for (p = 0; p < ones.length; p++) marked[ones[p]] = 0;
    for (p = 0; p < alls.length; p++) marked[alls[p]] = 0;
  });
};
SearchIndex.prototype.search = function(query, limit) {
  var whole = normalize(query);
  var raw = words(query, false);
  var terms = Array.from(new Set(this._compounds(raw)));
  var typed = query.toLowerCase().match(WORD) || [""];
  var asked = intent(raw, typed[0], typed[typed.length - 1]);
  if (terms.some(function(t) {
    return !STOPPED.has(t);
  })) {
    terms = terms.filter(function(t) {
      return !STOPPED.has(t) || ASKS.has(t);
    });
  }
  var self = this;
  if (terms.length === 0) {
    var only = Array.from(new Set(this._exact.get(whole) || [])).sort(function(a, b2) {
      return a - b2;
    });
    only = only.map(function(position2) {
      return self.entries[position2];
    });
    return limit === void 0 || limit === null ? only : only.slice(0, limit);
  }
  var count = this.entries.length;
  var arrays = this._scratch();
  var best = arrays.best, flags = arrays.flags, scores = arrays.scores, matched = arrays.matched;
  var titleHits = arrays.titleHits, pathHits = arrays.pathHits;
  var scored = [];
  var verbGroups = [];
  var matches = [];
  var total = 0;
  var remembered = this._termMatches, current = this._termMatches = /* @__PURE__ */ new Map();
  terms.forEach(function(term) {
    var known = remembered.get(term) || self._termMatch(term, best, flags);
    current.set(term, known);
    var touched = known.positions, values2 = known.values, where = known.flags;
    if (touched.length === 0) return;
    matches.push([term, touched]);
    var rarity = Math.sqrt(Math.sqrt((count + 1) / (touched.length + 1)));
    total += rarity;
    for (var i = 0; i < touched.length; i++) {
      var position2 = touched[i];
      if (matched[position2] === 0) scored.push(position2);
      scores[position2] = scores[position2] + values2[i] * rarity;
      matched[position2] = matched[position2] + rarity;
      if (where[i] & IN_TITLE) titleHits[position2]++;
      if (where[i] & IN_PATH) pathHits[position2]++;
    }
    var group2 = GROUPS.get(term);
    if (group2 && group2[1].length) verbGroups.push(group2[1]);
  });
  var exact = new Set(this._exact.get(whole) || []);
  var bonuses = this._methodNames.map(function(method) {
    return verbGroups.filter(function(methods2) {
      return methods2.indexOf(method) >= 0;
    }).length;
  });
  var verb = verbMethods(raw);
  var misfits = this._methodNames.map(function(method) {
    return verb.length > 0 && verb.indexOf(method) < 0;
  });
  var fitting = bonuses.map(function(bonus) {
    return verbGroups.length === 0 || bonus > 0;
  });
  var agree = arrays.agree;
  this._agreement(typed, matches, agree, arrays.marked);
  var intents = this._methodNames.map(function(method) {
    return asked.indexOf(method) >= 0;
  });
  var n = scored.length;
  var final = new Float64Array(n), covers = new Float64Array(n);
  var top = 0, most = 0;
  var methods = this._methods, titleSizes = this._titleSizes, pathSizes = this._pathSizes;
  var webhooks = this._webhooks;
  for (var k = 0; k < n; k++) {
    var position = scored[k], score = scores[position];
    for (var b = bonuses[methods[position]]; b > 0; b--) score += METHOD_BONUS;
    if (intents[methods[position]]) score += INTENT_BONUS;
    var cover = matched[position] / total;
    covers[k] = cover;
    if (cover > most) most = cover;
    var titleSize = titleSizes[position];
    var titleCover = titleSize ? Math.min(1, titleHits[position] / titleSize) : 0;
    var pathSize = pathSizes[position];
    var pathCover = pathSize ? Math.min(1, pathHits[position] / pathSize) : 0;
    score = score * cover * cover * (1 + TITLE_COVER * titleCover + PATH_COVER * pathCover);
    var number = agree[position];
    if (number !== 0 && fitting[methods[position]]) score *= Math.max(NUMBER_LEAST, 1 + NUMBER * number);
    if (misfits[methods[position]]) score *= MISFIT;
    if (webhooks[position]) score *= WEBHOOK;
    final[k] = score;
    if (score > top) top = score;
    scores[position] = 0;
    matched[position] = 0;
    titleHits[position] = 0;
    pathHits[position] = 0;
    agree[position] = 0;
  }
  var floor = top * SHOWN, least = most * SHOWN_COVER;
  var unscored = [];
  if (exact.size > 0) {
    var isScored = new Set(scored);
    exact.forEach(function(p) {
      if (!isScored.has(p)) unscored.push(p);
    });
  }
  var keys = new Float64Array(n + unscored.length), kept = [];
  for (k = 0; k < n; k++) {
    position = scored[k];
    var isExact = exact.size > 0 && exact.has(position);
    if (isExact || final[k] >= floor && covers[k] >= least || final[k] >= top) {
      keys[k] = isExact ? -(final[k] + EXACT) : -final[k];
      kept.push(k);
    }
  }
  unscored.forEach(function(p, i) {
    scored.push(p);
    keys[n + i] = -EXACT;
    kept.push(n + i);
  });
  kept.sort(function(a, b2) {
    return keys[a] - keys[b2] || scored[a] - scored[b2];
  });
  var ranked = kept.map(function(k2) {
    return scored[k2];
  });
  var found = ranked.map(function(position2) {
    return self.entries[position2];
  });
  return limit === void 0 || limit === null ? found : found.slice(0, limit);
};

// orgdocs/render/site/assets/samples.js
var sampleData = { "default": "curl", "languages": [{ "key": "curl", "label": "curl", "string": { "open": "'", "close": "'", "escape": { "pattern": "'", "table": { "'": "'\\''" }, "control": null } }, "env": { "open": '"', "close": '"', "hole": "${{name}}", "var": "${{name}}", "escape": { "pattern": '\\\\|"|\\$|`', "table": { "\\": "\\\\", '"': '\\"', "$": "\\$", "`": "\\`" }, "control": null } }, "block": null, "literal": null, "contentTypeApart": false, "join": " \\\n  ", "lines": [[[["", "head"]], "curl --head {{url}}"], [[["!", "head"]], "curl -X {{method}} {{url}}"], [[["*", "headers"]], "-H {{line}}"], [[["", "basic"]], "-u {{basicPair}}"], [[["*", "fields"]], "--form-string {{pair}}"], [[["", "body"]], "--data-raw {{text}}"]], "highlight": { "tokens": [["se", "\\\\\\n|\\\\.", false], ["s1", "'[^']*'", false], ["s2", '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"', true], ["nv", "\\$[A-Za-z_][A-Za-z0-9_]*", false]], "inside": [["", "\\\\."], ["nv", "\\$[A-Za-z_][A-Za-z0-9_]*"]] } }, { "key": "python", "label": "Python (httpx)", "string": { "open": '"', "close": '"', "escape": { "pattern": '"|\\\\|\n|\r|	|\b|\f|[\\x00-\\x1f]', "table": { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "	": "\\t", "\b": "\\b", "\f": "\\f" }, "control": ["\\u", 16, 4] } }, "env": { "open": 'f"', "close": '"', "hole": "{os.environ['{{name}}']}", "var": "os.environ['{{name}}']", "escape": { "pattern": '"|\\\\|\n|\r|	|\b|\f|\\{|\\}|[\\x00-\\x1f]', "table": { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "	": "\\t", "\b": "\\b", "\f": "\\f", "{": "{{", "}": "}}" }, "control": ["\\u", 16, 4] } }, "block": null, "literal": { "indent": 4, "true": "True", "false": "False", "null": "None" }, "contentTypeApart": false, "join": "\n", "lines": [[[["", "env"]], "import os"], [[["", "env"]], ""], [[], "import httpx"], [[], ""], [[], "response = httpx.request("], [[], "    {{methodString}},"], [[], "    {{url}},"], [[["", "headers"]], "    headers={"], [[["*", "headers"]], "        {{name}}: {{value}},"], [[["", "headers"]], "    },"], [[["", "basic"]], "    auth=({{basicUser}}, {{basicPassword}}),"], [[["", "json"]], "    json={{literal}},"], [[["", "multipart"]], "    files=["], [[["*", "fields"]], "        ({{name}}, (None, {{value}})),"], [[["", "multipart"]], "    ],"], [[["", "raw"]], "    content={{text}},"], [[], ")"], [[], "print(response.status_code)"], [[], "print(response.text)"]], "highlight": { "tokens": [["c1", "#[^\\n]*", false], ["s2", 'f"[^"\\\\\\n]*(?:\\\\.[^"\\\\\\n]*)*"', true], ["s2", '"[^"\\\\\\n]*(?:\\\\.[^"\\\\\\n]*)*"', false], ["s1", "'[^'\\\\\\n]*(?:\\\\.[^'\\\\\\n]*)*'", false], ["kn", "\\b(?:import|from)\\b", false], ["nn", "(?<=import )[A-Za-z_][A-Za-z0-9_.]*", false], ["kc", "\\b(?:True|False|None)\\b", false], ["nb", "\\bprint\\b", false], ["m", "\\b[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?\\b", false]], "inside": [["", "\\{\\{|\\}\\}|\\\\."], ["si", "\\{[^{}]*\\}"]] } }, { "key": "python-requests", "label": "Python (requests)", "string": { "open": '"', "close": '"', "escape": { "pattern": '"|\\\\|\n|\r|	|\b|\f|[\\x00-\\x1f]', "table": { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "	": "\\t", "\b": "\\b", "\f": "\\f" }, "control": ["\\u", 16, 4] } }, "env": { "open": 'f"', "close": '"', "hole": "{os.environ['{{name}}']}", "var": "os.environ['{{name}}']", "escape": { "pattern": '"|\\\\|\n|\r|	|\b|\f|\\{|\\}|[\\x00-\\x1f]', "table": { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "	": "\\t", "\b": "\\b", "\f": "\\f", "{": "{{", "}": "}}" }, "control": ["\\u", 16, 4] } }, "block": null, "literal": { "indent": 4, "true": "True", "false": "False", "null": "None" }, "contentTypeApart": false, "join": "\n", "lines": [[[["", "env"]], "import os"], [[["", "env"]], ""], [[], "import requests"], [[], ""], [[], "response = requests.request("], [[], "    {{methodString}},"], [[], "    {{url}},"], [[["", "headers"]], "    headers={"], [[["*", "headers"]], "        {{name}}: {{value}},"], [[["", "headers"]], "    },"], [[["", "basic"]], "    auth=({{basicUser}}, {{basicPassword}}),"], [[["", "json"]], "    json={{literal}},"], [[["", "multipart"]], "    files=["], [[["*", "fields"]], "        ({{name}}, (None, {{value}})),"], [[["", "multipart"]], "    ],"], [[["", "raw"]], "    data={{text}}.encode(),"], [[], ")"], [[], "print(response.status_code)"], [[], "print(response.text)"]], "highlight": { "tokens": [["c1", "#[^\\n]*", false], ["s2", 'f"[^"\\\\\\n]*(?:\\\\.[^"\\\\\\n]*)*"', true], ["s2", '"[^"\\\\\\n]*(?:\\\\.[^"\\\\\\n]*)*"', false], ["s1", "'[^'\\\\\\n]*(?:\\\\.[^'\\\\\\n]*)*'", false], ["kn", "\\b(?:import|from)\\b", false], ["nn", "(?<=import )[A-Za-z_][A-Za-z0-9_.]*", false], ["kc", "\\b(?:True|False|None)\\b", false], ["nb", "\\bprint\\b", false], ["m", "\\b[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?\\b", false]], "inside": [["", "\\{\\{|\\}\\}|\\\\."], ["si", "\\{[^{}]*\\}"]] } }, { "key": "javascript", "label": "JavaScript (fetch)", "string": { "open": '"', "close": '"', "escape": { "pattern": '"|\\\\|\n|\r|	|\b|\f|[\\x00-\\x1f]', "table": { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "	": "\\t", "\b": "\\b", "\f": "\\f" }, "control": ["\\u", 16, 4] } }, "env": { "open": "`", "close": "`", "hole": "${{{name}}}", "var": "{{name}}", "escape": { "pattern": '\\$\\{|"|\\\\|\n|\r|	|\b|\f|`|[\\x00-\\x1f]', "table": { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "	": "\\t", "\b": "\\b", "\f": "\\f", "`": "\\`", "${": "\\${" }, "control": ["\\u", 16, 4] } }, "block": null, "literal": { "indent": 2, "true": "true", "false": "false", "null": "null" }, "contentTypeApart": false, "join": "\n", "lines": [[[["*", "variables"]], 'const {{name}} = "YOUR_{{name}}"; // your credential'], [[["", "variables"]], ""], [[["", "multipart"]], "const form = new FormData();"], [[["*", "fields"]], "form.append({{name}}, {{value}});"], [[["", "multipart"]], ""], [[], "const response = await fetch({{url}}, {"], [[], "  method: {{methodString}},"], [[["", "anyHeaders"]], "  headers: {"], [[["*", "headers"]], "    {{name}}: {{value}},"], [[["", "basic"]], '    "Authorization": "Basic " + btoa({{basicPair}}),'], [[["", "anyHeaders"]], "  },"], [[["", "json"]], "  body: JSON.stringify({{literal}}),"], [[["", "multipart"]], "  body: form,"], [[["", "raw"]], "  body: {{text}},"], [[], "});"], [[], "console.log(response.status);"], [[], "console.log(await response.text());"]], "highlight": { "tokens": [["c1", "//[^\\n]*", false], ["s2", "`[^`\\\\]*(?:\\\\.[^`\\\\]*)*`", true], ["s2", '"[^"\\\\\\n]*(?:\\\\.[^"\\\\\\n]*)*"', false], ["s1", "'[^'\\\\\\n]*(?:\\\\.[^'\\\\\\n]*)*'", false], ["kd", "\\b(?:const|let|var|new)\\b", false], ["k", "\\b(?:await|async|return)\\b", false], ["kc", "\\b(?:true|false|null|undefined)\\b", false], ["nb", "\\b(?:JSON|FormData)\\b", false], ["m", "\\b[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?\\b", false]], "inside": [["", "\\\\."], ["si", "\\$\\{[^}]*\\}"]] } }, { "key": "node", "label": "Node.js (fetch)", "string": { "open": '"', "close": '"', "escape": { "pattern": '"|\\\\|\n|\r|	|\b|\f|[\\x00-\\x1f]', "table": { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "	": "\\t", "\b": "\\b", "\f": "\\f" }, "control": ["\\u", 16, 4] } }, "env": { "open": "`", "close": "`", "hole": "${process.env.{{name}}}", "var": "process.env.{{name}}", "escape": { "pattern": '\\$\\{|"|\\\\|\n|\r|	|\b|\f|`|[\\x00-\\x1f]', "table": { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "	": "\\t", "\b": "\\b", "\f": "\\f", "`": "\\`", "${": "\\${" }, "control": ["\\u", 16, 4] } }, "block": null, "literal": { "indent": 2, "true": "true", "false": "false", "null": "null" }, "contentTypeApart": false, "join": "\n", "lines": [[[["", "multipart"]], "const form = new FormData();"], [[["*", "fields"]], "form.append({{name}}, {{value}});"], [[["", "multipart"]], ""], [[], "const response = await fetch({{url}}, {"], [[], "  method: {{methodString}},"], [[["", "anyHeaders"]], "  headers: {"], [[["*", "headers"]], "    {{name}}: {{value}},"], [[["", "basic"]], '    "Authorization": "Basic " + btoa({{basicPair}}),'], [[["", "anyHeaders"]], "  },"], [[["", "json"]], "  body: JSON.stringify({{literal}}),"], [[["", "multipart"]], "  body: form,"], [[["", "raw"]], "  body: {{text}},"], [[], "});"], [[], "console.log(response.status);"], [[], "console.log(await response.text());"]], "highlight": { "tokens": [["c1", "//[^\\n]*", false], ["s2", "`[^`\\\\]*(?:\\\\.[^`\\\\]*)*`", true], ["s2", '"[^"\\\\\\n]*(?:\\\\.[^"\\\\\\n]*)*"', false], ["s1", "'[^'\\\\\\n]*(?:\\\\.[^'\\\\\\n]*)*'", false], ["kd", "\\b(?:const|let|var|new)\\b", false], ["k", "\\b(?:await|async|return)\\b", false], ["kc", "\\b(?:true|false|null|undefined)\\b", false], ["nb", "\\b(?:JSON|FormData)\\b", false], ["m", "\\b[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?\\b", false]], "inside": [["", "\\\\."], ["si", "\\$\\{[^}]*\\}"]] } }, { "key": "go", "label": "Go (net/http)", "string": { "open": '"', "close": '"', "escape": { "pattern": '"|\\\\|\n|\r|	|\b|\f|[\\x00-\\x1f]', "table": { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "	": "\\t", "\b": "\\b", "\f": "\\f" }, "control": ["\\u", 16, 4] } }, "env": { "concat": " + ", "var": 'os.Getenv("{{name}}")', "escape": null }, "block": { "open": "`", "close": "`", "forbid": ["`", "\r"], "escape": { "pattern": "", "table": {}, "control": null } }, "literal": null, "contentTypeApart": false, "join": "\n", "lines": [[[], "package main"], [[], ""], [[], "import ("], [[["", "multipart"]], '	"bytes"'], [[], '	"fmt"'], [[], '	"io"'], [[["", "multipart"]], '	"mime/multipart"'], [[], '	"net/http"'], [[["", "env"]], '	"os"'], [[["", "body"]], '	"strings"'], [[], ")"], [[], ""], [[], "func main() {"], [[["", "body"]], "	body := strings.NewReader({{block}})"], [[["", "multipart"]], "	body := &bytes.Buffer{}"], [[["", "multipart"]], "	form := multipart.NewWriter(body)"], [[["*", "fields"]], "	form.WriteField({{name}}, {{value}})"], [[["", "multipart"]], "	form.Close()"], [[["!", "nobody"]], ""], [[["", "nobody"]], "	req, err := http.NewRequest({{methodString}}, {{url}}, nil)"], [[["!", "nobody"]], "	req, err := http.NewRequest({{methodString}}, {{url}}, body)"], [[], "	if err != nil {"], [[], "		panic(err)"], [[], "	}"], [[["*", "headers"]], "	req.Header.Add({{name}}, {{value}})"], [[["", "basic"]], "	req.SetBasicAuth({{basicUser}}, {{basicPassword}})"], [[["", "multipart"]], '	req.Header.Set("Content-Type", form.FormDataContentType())'], [[], ""], [[], "	res, err := http.DefaultClient.Do(req)"], [[], "	if err != nil {"], [[], "		panic(err)"], [[], "	}"], [[], "	defer res.Body.Close()"], [[], "	data, err := io.ReadAll(res.Body)"], [[], "	if err != nil {"], [[], "		panic(err)"], [[], "	}"], [[], "	fmt.Println(res.StatusCode)"], [[], "	fmt.Println(string(data))"], [[], "}"]], "highlight": { "tokens": [["c1", "//[^\\n]*", false], ["s2", "`[^`]*`", false], ["s2", '"[^"\\\\\\n]*(?:\\\\.[^"\\\\\\n]*)*"', false], ["kn", "\\b(?:package|import)\\b", false], ["k", "\\b(?:func|if|return|defer|var)\\b", false], ["kc", "\\b(?:nil|true|false)\\b", false], ["m", "\\b[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?\\b", false]], "inside": [] } }, { "key": "java", "label": "Java (HttpClient)", "string": { "open": '"', "close": '"', "escape": { "pattern": '"|\\\\|\n|\r|	|\b|\f|[\\x00-\\x1f]', "table": { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "	": "\\t", "\b": "\\b", "\f": "\\f" }, "control": ["\\", 8, 3] } }, "env": { "concat": " + ", "var": 'System.getenv("{{name}}")', "escape": null }, "block": { "lines": "\n                + ", "forbid": [], "escape": null }, "literal": null, "contentTypeApart": false, "join": "\n", "lines": [[[], "import java.net.URI;"], [[], "import java.net.http.HttpClient;"], [[], "import java.net.http.HttpRequest;"], [[], "import java.net.http.HttpResponse;"], [[["", "basic"]], "import java.nio.charset.StandardCharsets;"], [[["", "basic"]], "import java.util.Base64;"], [[], ""], [[], "public class Main {"], [[], "    public static void main(String[] args) throws Exception {"], [[], "        HttpRequest request = HttpRequest.newBuilder()"], [[], "            .uri(URI.create({{url}}))"], [[["*", "headers"]], "            .header({{name}}, {{value}})"], [[["", "basic"]], '            .header("Authorization", "Basic " + Base64.getEncoder().encodeToString('], [[["", "basic"]], "                ({{basicPair}}).getBytes(StandardCharsets.UTF_8)))"], [[["", "multipart"]], '            .header("Content-Type", {{multipartType}})'], [[["", "body"]], "            .method({{methodString}}, HttpRequest.BodyPublishers.ofString("], [[["", "body"]], "                {{block}}))"], [[["", "multipart"]], "            .method({{methodString}}, HttpRequest.BodyPublishers.ofString("], [[["", "multipart"]], "                {{multipartBody}}))"], [[["", "nobody"]], "            .method({{methodString}}, HttpRequest.BodyPublishers.noBody())"], [[], "            .build();"], [[], "        HttpResponse<String> response = HttpClient.newHttpClient()"], [[], "            .send(request, HttpResponse.BodyHandlers.ofString());"], [[], "        System.out.println(response.statusCode());"], [[], "        System.out.println(response.body());"], [[], "    }"], [[], "}"]], "highlight": { "tokens": [["c1", "//[^\\n]*", false], ["s2", '"[^"\\\\\\n]*(?:\\\\.[^"\\\\\\n]*)*"', false], ["kn", "\\b(?:import|package)\\b", false], ["k", "\\b(?:public|class|static|void|throws|new|return)\\b", false], ["kt", "\\b(?:String|int)\\b", false], ["kc", "\\b(?:true|false|null)\\b", false], ["m", "\\b[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?\\b", false]], "inside": [] } }, { "key": "ruby", "label": "Ruby (net/http)", "string": { "open": '"', "close": '"', "escape": { "pattern": '#\\{|#@|#\\$|"|\\\\|\n|\r|	|\b|\f|[\\x00-\\x1f]', "table": { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "	": "\\t", "\b": "\\b", "\f": "\\f", "#{": "\\#{", "#@": "\\#@", "#$": "\\#$" }, "control": ["\\u", 16, 4] } }, "env": { "open": '"', "close": '"', "hole": "#{ENV.fetch('{{name}}')}", "var": "ENV.fetch('{{name}}')", "escape": { "pattern": '#\\{|#@|#\\$|"|\\\\|\n|\r|	|\b|\f|[\\x00-\\x1f]', "table": { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "	": "\\t", "\b": "\\b", "\f": "\\f", "#{": "\\#{", "#@": "\\#@", "#$": "\\#$" }, "control": ["\\u", 16, 4] } }, "block": { "open": "'", "close": "'", "forbid": [], "escape": { "pattern": "\\\\|'", "table": { "\\": "\\\\", "'": "\\'" }, "control": null } }, "literal": null, "contentTypeApart": false, "join": "\n", "lines": [[[], 'require "net/http"'], [[], ""], [[], "uri = URI({{url}})"], [[], "request = Net::HTTP::{{methodTitle}}.new(uri)"], [[["*", "headers"]], "request[{{name}}] = {{value}}"], [[["", "basic"]], "request.basic_auth({{basicUser}}, {{basicPassword}})"], [[["", "body"]], "request.body = {{block}}"], [[["", "multipart"]], "request.set_form(["], [[["*", "fields"]], "  [{{name}}, {{value}}],"], [[["", "multipart"]], '], "multipart/form-data")'], [[], ""], [[], 'response = Net::HTTP.start(uri.hostname, uri.port, use_ssl: uri.scheme == "https") do |http|'], [[], "  http.request(request)"], [[], "end"], [[], "puts response.code"], [[], "puts response.body"]], "highlight": { "tokens": [["s2", '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"', true], ["s1", "'[^'\\\\]*(?:\\\\.[^'\\\\]*)*'", false], ["k", "\\b(?:require|do|end|puts)\\b", false], ["kc", "\\b(?:nil|true|false)\\b", false], ["m", "\\b[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?\\b", false]], "inside": [["", "\\\\."], ["si", "#\\{[^}]*\\}"]] } }, { "key": "php", "label": "PHP (cURL)", "string": { "open": '"', "close": '"', "escape": { "pattern": '\\\\|"|\\$|\n|\r|	|\v|\f|\x1B|[\\x00-\\x1f]', "table": { "\\": "\\\\", '"': '\\"', "$": "\\$", "\n": "\\n", "\r": "\\r", "	": "\\t", "\v": "\\v", "\f": "\\f", "\x1B": "\\e" }, "control": ["\\x", 16, 2] } }, "env": { "concat": " . ", "var": 'getenv("{{name}}")', "escape": null }, "block": { "open": "'", "close": "'", "forbid": [], "escape": { "pattern": "\\\\|'", "table": { "\\": "\\\\", "'": "\\'" }, "control": null } }, "literal": null, "contentTypeApart": false, "join": "\n", "lines": [[[], "<?php"], [[], ""], [[], "$curl = curl_init();"], [[], "curl_setopt_array($curl, ["], [[], "    CURLOPT_URL => {{url}},"], [[["", "head"]], "    CURLOPT_NOBODY => true,"], [[["!", "head"]], "    CURLOPT_CUSTOMREQUEST => {{methodString}},"], [[["", "headers"]], "    CURLOPT_HTTPHEADER => ["], [[["!", "headers"], ["", "multipart"]], "    CURLOPT_HTTPHEADER => ["], [[["*", "headers"]], "        {{line}},"], [[["", "multipart"]], "        {{multipartHeader}},"], [[["", "headers"]], "    ],"], [[["!", "headers"], ["", "multipart"]], "    ],"], [[["", "basic"]], "    CURLOPT_USERPWD => {{basicPair}},"], [[["", "body"]], "    CURLOPT_POSTFIELDS => {{block}},"], [[["", "multipart"]], "    CURLOPT_POSTFIELDS => {{multipartBody}},"], [[], "    CURLOPT_RETURNTRANSFER => true,"], [[], "]);"], [[], "$body = curl_exec($curl);"], [[], 'echo curl_getinfo($curl, CURLINFO_RESPONSE_CODE), "\\n";'], [[], 'echo $body, "\\n";']], "highlight": { "tokens": [["cp", "<\\?php", false], ["s1", "'[^'\\\\]*(?:\\\\.[^'\\\\]*)*'", false], ["s2", '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"', false], ["nv", "\\$[A-Za-z_][A-Za-z0-9_]*", false], ["kc", "\\b(?:true|false|null)\\b", false], ["k", "\\becho\\b", false], ["m", "\\b[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?\\b", false]], "inside": [] } }, { "key": "csharp", "label": "C# (HttpClient)", "string": { "open": '"', "close": '"', "escape": { "pattern": '"|\\\\|\n|\r|	|\b|\f||\u2028|\u2029|[\\x00-\\x1f]', "table": { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "	": "\\t", "\b": "\\b", "\f": "\\f", "": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029" }, "control": ["\\u", 16, 4] } }, "env": { "concat": " + ", "var": 'Environment.GetEnvironmentVariable("{{name}}")', "escape": null }, "block": { "open": '@"', "close": '"', "forbid": [], "escape": { "pattern": '"', "table": { '"': '""' }, "control": null } }, "literal": null, "contentTypeApart": true, "join": "\n", "lines": [[[], "using System;"], [[], "using System.Net.Http;"], [[["", "contentType"]], "using System.Net.Http.Headers;"], [[["", "basic"]], "using System.Text;"], [[], ""], [[], "using var client = new HttpClient();"], [[], "using var request = new HttpRequestMessage(new HttpMethod({{methodString}}), {{url}});"], [[["*", "headers"]], "request.Headers.TryAddWithoutValidation({{name}}, {{value}});"], [[["", "basic"]], 'request.Headers.TryAddWithoutValidation("Authorization", "Basic " + Convert.ToBase64String('], [[["", "basic"]], "    Encoding.UTF8.GetBytes({{basicPair}})));"], [[["", "body"]], "request.Content = new StringContent({{block}});"], [[["", "contentType"]], "request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse({{contentType}});"], [[["", "multipart"]], "var form = new MultipartFormDataContent();"], [[["*", "fields"]], "form.Add(new StringContent({{value}}), {{name}});"], [[["", "multipart"]], "request.Content = form;"], [[], ""], [[], "using var response = await client.SendAsync(request);"], [[], "Console.WriteLine((int)response.StatusCode);"], [[], "Console.WriteLine(await response.Content.ReadAsStringAsync());"]], "highlight": { "tokens": [["s2", '@"[^"]*(?:""[^"]*)*"', false], ["s2", '"[^"\\\\\\n]*(?:\\\\.[^"\\\\\\n]*)*"', false], ["k", "\\b(?:using|var|new|await)\\b", false], ["kc", "\\b(?:true|false|null)\\b", false], ["m", "\\b[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?\\b", false]], "inside": [] } }] };
var requestRules = { "ignoredHeaders": ["accept", "authorization", "content-type"], "parameters": { "path": { "style": "simple", "encoded": true, "explodedByDefault": [], "styles": { "simple": { "value": ["", "{value}", ""], "array": ["", "{value}", ","], "object": ["", "{key},{value}", ","], "object exploded": ["", "{key}={value}", ","] }, "label": { "value": [".", "{value}", ""], "array": [".", "{value}", ","], "array exploded": [".", "{value}", "."], "object": [".", "{key},{value}", ","], "object exploded": [".", "{key}={value}", "."] }, "matrix": { "value": [";{name}=", "{value}", ""], "array": [";{name}=", "{value}", ","], "array exploded": ["", ";{name}={value}", ""], "object": [";{name}=", "{key},{value}", ","], "object exploded": ["", ";{key}={value}", ""] } } }, "query": { "style": "form", "encoded": true, "explodedByDefault": ["form"], "styles": { "form": { "value": ["", "{name}={value}", ""], "array": ["{name}=", "{value}", ","], "array exploded": ["", "{name}={value}", "&"], "object": ["{name}=", "{key},{value}", ","], "object exploded": ["", "{key}={value}", "&"] }, "spaceDelimited": { "value": ["", "{name}={value}", ""], "array": ["{name}=", "{value}", "%20"], "array exploded": ["", "{name}={value}", "&"], "object": ["{name}=", "{key},{value}", ","], "object exploded": ["", "{key}={value}", "&"] }, "pipeDelimited": { "value": ["", "{name}={value}", ""], "array": ["{name}=", "{value}", "|"], "array exploded": ["", "{name}={value}", "&"], "object": ["{name}=", "{key},{value}", ","], "object exploded": ["", "{key}={value}", "&"] }, "deepObject": { "value": ["", "{name}={value}", ""], "array": ["{name}=", "{value}", ","], "array exploded": ["", "{name}={value}", "&"], "object": ["", "{name}%5B{key}%5D={value}", "&"], "object exploded": ["", "{name}%5B{key}%5D={value}", "&"] } } }, "header": { "style": "simple", "encoded": false, "explodedByDefault": [], "styles": { "simple": { "value": ["", "{value}", ""], "array": ["", "{value}", ","], "object": ["", "{key},{value}", ","], "object exploded": ["", "{key}={value}", ","] } } }, "cookie": { "style": "form", "encoded": false, "explodedByDefault": [], "styles": { "form": { "value": ["{name}=", "{value}", ""], "array": ["{name}=", "{value}", ","], "object": ["{name}=", "{key},{value}", ","] } } } }, "security": { "apiKeyPlaces": ["header", "query", "cookie"], "kinds": { "apiKey": "apiKey", "http basic": "basic", "http bearer": "bearer", "http": "http", "oauth2": "oauth2", "openIdConnect": "openIdConnect" }, "schemes": { "apiKey": { "inputs": [{ "field": "value", "label": "{name} ({in} {parameterName})", "variable": "API_KEY" }], "sends": ["{in}", "{parameterName}", "{value}"] }, "basic": { "inputs": [{ "field": "username", "label": "{name} username (http basic)", "variable": "USERNAME", "secret": false }, { "field": "password", "label": "{name} password (http basic)", "variable": "PASSWORD" }], "sends": ["header", "Authorization", "Basic {basic}"] }, "bearer": { "inputs": [{ "field": "value", "label": "{name} (bearer token)", "variable": "TOKEN" }], "sends": ["header", "Authorization", "Bearer {value}"] }, "http": { "inputs": [{ "field": "value", "label": "{name} (Authorization header value, {scheme})", "variable": "AUTHORIZATION" }], "sends": ["header", "Authorization", "{value}"] }, "oauth2": { "inputs": [{ "field": "value", "label": "{name} (OAuth 2 access token, sent as bearer token)", "variable": "TOKEN" }], "sends": ["header", "Authorization", "Bearer {value}"] }, "openIdConnect": { "inputs": [{ "field": "value", "label": "{name} (OpenID Connect access token, sent as bearer token)", "variable": "TOKEN" }], "sends": ["header", "Authorization", "Bearer {value}"] } } } };

// orgdocs/render/site/assets/request.js
var MULTIPART_NOTE = "multipart/form-data: the fields are shown as JSON; they are sent as form fields";
var PLACEHOLDER2 = /\$[A-Z][A-Z0-9_]*/g;
var ABSOLUTE = /^https?:\/\//i;
var ORIGIN = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^\/?#]*/;
var AUTHORITY = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:)?\/\/([^\/?#]*)/;
var TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
var BAD_VALUE = /[\r\n\0]|[^\x00-\xff]/;
function rules() {
  return requestRules;
}
function own2(table, key) {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : void 0;
}
function fillRule(template, slots) {
  return template.replace(/\{(\w+)\}/g, function(all, name) {
    return slots[name];
  });
}
function isPlaceholder(text) {
  return /^\$[A-Z][A-Z0-9_]*$/.test(text);
}
function securityAlternatives(requirements) {
  if (!Array.isArray(requirements)) return [];
  return requirements.filter(isObject).map(function(item) {
    return Object.keys(item);
  });
}
function schemeKind(scheme) {
  if (!isObject(scheme) || typeof scheme.type !== "string") return "unsupported";
  var table = rules().security;
  if (scheme.type === "apiKey" && !(table.apiKeyPlaces.indexOf(scheme.in) >= 0 && scheme.parameterName)) return "unsupported";
  var http = scheme.type + " " + String(scheme.scheme || "").toLowerCase();
  return own2(table.kinds, http) || own2(table.kinds, scheme.type) || "unsupported";
}
function schemeInputs(name, scheme) {
  var kind = own2(rules().security.schemes, schemeKind(scheme));
  if (!kind) return [];
  var slots = { name, in: String(scheme.in), parameterName: String(scheme.parameterName), scheme: String(scheme.scheme || "") || "http" };
  return kind.inputs.map(function(item) {
    return { field: item.field, label: fillRule(item.label, slots), secret: item.secret !== false, variable: item.variable };
  });
}
function satisfied(alternative2, schemes, credentials2) {
  return alternative2.every(function(name) {
    var inputs = schemeInputs(name, schemes[name]);
    var given = credentials2[name] || {};
    return inputs.length > 0 && inputs.every(function(i) {
      return String(given[i.field] || "").trim() !== "";
    });
  });
}
function defaultAlternative(alternatives, schemes, credentials2) {
  var i;
  for (i = 0; i < alternatives.length; i++) if (satisfied(alternatives[i], schemes, credentials2)) return i;
  for (i = 0; i < alternatives.length; i++) {
    if (alternatives[i].every(function(name) {
      return schemeInputs(name, schemes[name]).length > 0;
    })) return i;
  }
  return 0;
}
function placeholderCredentials(alternative2, schemes) {
  var used = {};
  var found = {};
  alternative2.forEach(function(name) {
    schemeInputs(name, schemes[name]).forEach(function(item) {
      used[item.variable] = (used[item.variable] || 0) + 1;
      var suffix = used[item.variable] > 1 ? "_" + used[item.variable] : "";
      found[name] = found[name] || {};
      found[name][item.field] = "$" + item.variable + suffix;
    });
  });
  return found;
}
function basicValue(username, password) {
  if (isPlaceholder(username) && isPlaceholder(password)) return username + ":" + password;
  var binary = "";
  new TextEncoder().encode(username + ":" + password).forEach(function(b) {
    binary += String.fromCharCode(b);
  });
  return btoa(binary);
}
function appliedCredentials(alternative2, schemes, credentials2) {
  var applied = [];
  var seen = false;
  alternative2.forEach(function(name) {
    var scheme = schemes[name];
    var kind = own2(rules().security.schemes, schemeKind(scheme));
    var given = credentials2[name] || {};
    var texts = {};
    (kind ? kind.inputs : []).forEach(function(item) {
      texts[item.field] = String(given[item.field] || "");
    });
    if (!Object.keys(texts).some(function(field) {
      return texts[field].trim();
    })) return;
    var slots = { value: (texts.value || "").trim(), basic: basicValue(texts.username || "", texts.password || ""), in: String(scheme.in), parameterName: String(scheme.parameterName) };
    var sent = kind.sends.map(function(part) {
      return fillRule(part, slots);
    });
    if (sent[0] === "header" && sent[1] === "Authorization") {
      if (seen) return;
      seen = true;
    }
    applied.push(sent);
  });
  return applied;
}
function origin(url) {
  var match = ORIGIN.exec(url);
  return match ? match[0] : "";
}
function serverUrl(url, descriptionUrl, pageUrl) {
  url = url.trim();
  if (ABSOLUTE.test(url)) return url;
  if (url.indexOf("//") === 0) {
    var scheme = pageUrl && ABSOLUTE.test(pageUrl) ? pageUrl.split(":")[0].toLowerCase() : "https";
    return scheme + ":" + url;
  }
  var pageOrigin = origin(pageUrl || "");
  var bases2 = [descriptionUrl, pageOrigin ? pageOrigin + "/" : ""];
  for (var i = 0; i < bases2.length; i++) {
    if (bases2[i] && ABSOLUTE.test(bases2[i])) return new URL(url || "/", bases2[i]).href;
  }
  return url;
}
function serverRefusal(url) {
  if (url.indexOf("\\") >= 0) return "the server URL " + url + " holds a backslash, which clients read differently: not sent";
  var match = AUTHORITY.exec(url);
  if (match && match[1].indexOf("@") >= 0) return "the server URL " + url + " holds a user name or password (before '@'): not sent";
  return "";
}
function bodyProblem(text, mediaType2, required) {
  if (text === null || text === void 0 || !text.trim()) return required ? "the body is required" : "";
  if (isJsonMediaType(mediaType2)) {
    try {
      JSON.parse(text);
    } catch (error) {
      return "the body is not valid JSON";
    }
  }
  return "";
}
function requestProblems(operation, parts, options) {
  var problems = {};
  var values2 = options.values || {};
  (operation.parameters || []).forEach(function(param) {
    if ((param.required || param.in === "path") && isEmpty(parameterValue(param, values2))) problems[param.in + ":" + param.name] = param.name + " is required";
  });
  var body2 = operation.requestBody;
  var problem = bodyProblem(options.bodyText === void 0 ? null : options.bodyText, options.mediaType || null, !!(body2 && body2.required));
  if (body2 && body2.content && body2.content.length && problem) problems.body = problem;
  var bad = parts.headers.filter(function(h) {
    return !TOKEN.test(h[0]) || BAD_VALUE.test(h[1]);
  }).map(function(h) {
    return h[0];
  });
  if (bad.length) problems.headers = "not a valid header name or value: " + bad.join(", ");
  var serverOrigin = origin(options.server || "");
  var urlOrigin = origin(parts.url);
  var refused = serverRefusal(options.server || "");
  if (refused) {
    problems.url = refused;
  } else if (serverOrigin && urlOrigin.toLowerCase() !== serverOrigin.toLowerCase()) {
    problems.url = "the request would leave the server " + serverOrigin + " (for " + (urlOrigin || parts.url) + ")";
  } else if (!serverOrigin && parts.url.indexOf("//") === 0) {
    problems.url = "the path would change the host: " + parts.url;
  }
  return problems;
}
function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
function textOf(value) {
  if (typeof value === "string") return value;
  if (value === true) return "true";
  if (value === false) return "false";
  if (value === null || value === void 0) return "";
  if (typeof value === "number") return String(value);
  return JSON.stringify(value);
}
function encode(text) {
  return encodeURIComponent(text).replace(/[!'()*]/g, function(c) {
    return "%" + c.charCodeAt(0).toString(16).toUpperCase();
  });
}
function joinUrl(serverUrl2, path) {
  if (!serverUrl2) return path;
  if (!path) return serverUrl2;
  return serverUrl2.replace(/\/+$/, "") + "/" + path.replace(/^\/+/, "");
}
function essence(mediaType2) {
  return (mediaType2 || "").split(";", 1)[0].trim().toLowerCase();
}
function isJsonMediaType(mediaType2) {
  var subtype = essence(mediaType2).split("/").slice(1).join("/");
  return subtype === "json" || subtype.slice(-5) === "+json";
}
function isEmpty(value) {
  if (value === null || value === void 0) return true;
  if (typeof value === "string" || Array.isArray(value)) return value.length === 0;
  if (isObject(value)) return Object.keys(value).length === 0;
  return false;
}
function pairs2(value) {
  return Object.keys(value).map(function(k) {
    return [String(k), textOf(value[k])];
  });
}
function parameterValue(param, values2) {
  var key = param.in + ":" + param.name;
  if (Object.prototype.hasOwnProperty.call(values2, key)) return values2[key];
  return Object.prototype.hasOwnProperty.call(values2, param.name) ? values2[param.name] : void 0;
}
function contentMedia(param) {
  var content = param.schema === null || param.schema === void 0 ? param.content : null;
  return Array.isArray(content) && content.length ? content[0] : null;
}
function styled(param, value, whole) {
  var table = rules().parameters[param.in];
  var style = (whole ? null : param.style) || table.style;
  var explode = param.explode !== void 0 && param.explode !== null ? param.explode : table.explodedByDefault.indexOf(style) >= 0;
  var shapes = own2(table.styles, style) || table.styles[table.style];
  var written = table.encoded ? encode : String;
  var shape = Array.isArray(value) ? "array" : isObject(value) ? "object" : "value";
  var items = shape === "array" ? value.map(function(v) {
    return { value: written(textOf(v)) };
  }) : shape === "object" ? pairs2(value).map(function(kv) {
    return { key: written(kv[0]), value: written(kv[1]) };
  }) : [{ value: written(textOf(value)) }];
  var rule = explode && shapes[shape + " exploded"] || shapes[shape];
  var name = written(param.name);
  return fillRule(rule[0], { name }) + items.map(function(item) {
    return fillRule(rule[1], Object.assign({ name }, item));
  }).join(rule[2]);
}
function serialize(body2, mediaType2) {
  if (typeof body2 === "string") return [body2, ""];
  var kind = essence(mediaType2);
  if (kind === "application/x-www-form-urlencoded" && isObject(body2)) {
    var out = [];
    Object.keys(body2).forEach(function(key) {
      var value = body2[key];
      (Array.isArray(value) ? value : [value]).forEach(function(item) {
        out.push(encode(String(key)) + "=" + encode(textOf(item)));
      });
    });
    return [out.join("&"), ""];
  }
  var text = JSON.stringify(body2, null, 2);
  if (kind === "multipart/form-data") return [text, MULTIPART_NOTE];
  return [text, ""];
}
function buildRequest(operation, options) {
  var values2 = options.values || {};
  var path = operation.path;
  var query = [];
  var headers = [];
  var cookies = [];
  (operation.parameters || []).forEach(function(param) {
    var value = parameterValue(param, values2);
    if (isEmpty(value) || !own2(rules().parameters, param.in)) return;
    var text2 = contentMedia(param) ? styled(param, textOf(value), true) : styled(param, value, false);
    if (param.in === "path") path = path.split("{" + param.name + "}").join(text2);
    else if (param.in === "query") query.push(text2);
    else if (param.in === "cookie") cookies.push(text2);
    else if (rules().ignoredHeaders.indexOf(param.name.toLowerCase()) === -1) headers.push([param.name, text2]);
  });
  (options.headers || []).forEach(function(h) {
    if (h[0].trim()) headers.push([h[0], h[1]]);
  });
  var secrets = (options.credentials || []).slice();
  if (options.token) secrets.push(["header", "Authorization", "Bearer " + options.token]);
  secrets.forEach(function(c) {
    if (c[0] === "query") query.push(encode(c[1]) + "=" + (isPlaceholder(c[2]) ? c[2] : encode(c[2])));
    else if (c[0] === "cookie") cookies.push(c[1] + "=" + c[2]);
  });
  if (cookies.length) headers.push(["Cookie", cookies.join("; ")]);
  var mediaType2 = options.mediaType || null;
  var body2 = options.body === void 0 ? null : options.body;
  var text = null;
  var note = "";
  if (body2 !== null) {
    var serialized = serialize(body2, mediaType2 || "application/json");
    text = serialized[0];
    note = serialized[1];
  }
  if (text !== null) {
    mediaType2 = mediaType2 || "application/json";
    headers.push(["Content-Type", mediaType2]);
  } else {
    mediaType2 = null;
  }
  secrets.forEach(function(c) {
    if (c[0] === "header") headers.push([c[1], c[2]]);
  });
  var url = joinUrl(options.serverUrl || "", path);
  if (query.length) url += (url.indexOf("?") >= 0 ? "&" : "?") + query.join("&");
  var variables = [];
  secrets.forEach(function(c) {
    var rest = c[2].replace(PLACEHOLDER2, "");
    if (rest !== "" && rest !== "Bearer " && rest !== "Basic :") return;
    (c[2].match(PLACEHOLDER2) || []).forEach(function(found) {
      if (variables.indexOf(found.slice(1)) === -1) variables.push(found.slice(1));
    });
  });
  return { method: operation.method.toUpperCase(), url, headers, body: text, mediaType: mediaType2, note, variables };
}
function multipartFields(parts) {
  if (parts.body === null || essence(parts.mediaType) !== "multipart/form-data") return null;
  var data;
  try {
    data = JSON.parse(parts.body);
  } catch (error) {
    return null;
  }
  if (!isObject(data)) return null;
  var fields = [];
  Object.keys(data).forEach(function(name) {
    var value = data[name];
    (Array.isArray(value) ? value : [value]).forEach(function(item) {
      fields.push([name, textOf(item)]);
    });
  });
  return fields;
}
var request = {
  buildRequest,
  encode,
  textOf,
  isObject,
  placeholder: PLACEHOLDER2,
  joinUrl,
  multipartFields,
  isJsonMediaType,
  serialize,
  securityAlternatives,
  schemeKind,
  schemeInputs,
  satisfied,
  defaultAlternative,
  placeholderCredentials,
  appliedCredentials,
  serverUrl,
  requestProblems,
  serverRefusal,
  bodyProblem
};

// orgdocs/render/site/assets/form-state.js
var INTEGER = /^-?[0-9]+$/;
var NUMBER2 = /^-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/;
var KINDS = { select: "enum", checkbox: "boolean", list: "array", json: "object", content: "content", text: "string" };
function scalar(kind, text) {
  if (kind === "integer" || kind === "number") {
    if (INTEGER.test(text) || kind === "number" && NUMBER2.test(text)) return [Number(text), ""];
    return [text, JSON.stringify(text) + " is not " + (kind === "integer" ? "an integer" : "a number")];
  }
  if (kind === "boolean") {
    var lower = text.toLowerCase();
    if (lower === "true" || lower === "false") return [lower === "true", ""];
    return [text, JSON.stringify(text) + " is not true or false"];
  }
  return [text, ""];
}
function array(itemKind, text) {
  if (text.charAt(0) === "[") {
    var value = null;
    try {
      value = JSON.parse(text);
    } catch (error) {
      value = null;
    }
    return Array.isArray(value) ? [value, ""] : [text, "not a JSON array"];
  }
  var problem = "";
  var items = text.split(",").map(function(item) {
    var read2 = scalar(itemKind, item.trim());
    problem = problem || read2[1];
    return read2[0];
  });
  return [items, problem];
}
function readInput(kind, held) {
  if (kind.kind === "boolean") {
    var checked = held === true || held === "true";
    return [kind.required || checked !== !!kind["default"] ? checked : null, ""];
  }
  if (typeof held !== "string") return [held, ""];
  var text = held.trim();
  if (text === "") return [null, ""];
  if (kind.kind === "integer" || kind.kind === "number") return scalar(kind.kind, text);
  if (kind.kind === "enum") return scalar(kind.itemKind, text);
  if (kind.kind === "array") return array(kind.itemKind, text);
  if (kind.kind === "object") {
    try {
      return [JSON.parse(text), ""];
    } catch (error) {
      return [held, "not JSON"];
    }
  }
  return [held, ""];
}
function read(element4) {
  var elementKind = element4.getAttribute("data-kind");
  var itemType = element4.getAttribute("data-item-type") || "string";
  var kind = {
    kind: elementKind === "number" ? itemType : KINDS[elementKind] || "string",
    itemKind: itemType,
    required: element4.hasAttribute("data-required"),
    default: element4.getAttribute("data-default") === "true"
  };
  return readInput(kind, elementKind === "checkbox" ? element4.checked : element4.value);
}
function readAll(form) {
  var out = {};
  form.element.querySelectorAll("[data-param-name]").forEach(function(input) {
    out[input.getAttribute("data-param-in") + ":" + input.getAttribute("data-param-name")] = read(input);
  });
  return out;
}
function values(form) {
  var out = {};
  var all = readAll(form);
  Object.keys(all).forEach(function(key) {
    out[key] = all[key][0];
  });
  return out;
}
function inputProblems(form) {
  var out = {};
  var all = readAll(form);
  Object.keys(all).forEach(function(key) {
    if (all[key][1]) out[key] = all[key][1];
  });
  return out;
}
function chosenServer(form) {
  var servers = form.payload.servers || [];
  if (!servers.length) return request.serverUrl("", form.descriptionUrl, form.pageUrl);
  var index = form.serverSelect ? parseInt(form.serverSelect.value, 10) || 0 : 0;
  var server = servers[index] || servers[0];
  var url = server.url;
  var box = form.element.querySelector('[data-server-vars="' + index + '"]');
  Object.keys(server.variables || {}).forEach(function(name) {
    var input = null;
    if (box) {
      box.querySelectorAll("[data-var]").forEach(function(candidate) {
        if (candidate.getAttribute("data-var") === name) input = candidate;
      });
    }
    var value = input && input.value || server.variables[name]["default"];
    url = url.split("{" + name + "}").join(String(value));
  });
  return request.serverUrl(url, form.descriptionUrl, form.pageUrl);
}
function typedCredentials(form) {
  var out = {};
  form.credentialInputs.forEach(function(input) {
    var scheme = input.getAttribute("data-cred-scheme");
    out[scheme] = out[scheme] || {};
    out[scheme][input.getAttribute("data-cred-field")] = input.value;
  });
  return out;
}
function alternative(form) {
  var alternatives = form.alternatives;
  if (!alternatives.length) return [];
  if (!form.authChosen) {
    var index = request.defaultAlternative(alternatives, form.schemes, typedCredentials(form));
    if (form.authSelect) form.authSelect.value = String(index);
    return alternatives[index];
  }
  return alternatives[parseInt(form.authSelect.value, 10) || 0] || alternatives[0];
}
function extraHeaders(form) {
  var out = [];
  if (!form.headerRows) return out;
  form.headerRows.querySelectorAll("[data-header-row]").forEach(function(row) {
    out.push([row.querySelector("[data-header-name]").value, row.querySelector("[data-header-value]").value]);
  });
  return out;
}
function mediaType(form) {
  if (form.mediaSelect) return form.mediaSelect.value;
  var body2 = form.operation.requestBody;
  return body2 && body2.content.length ? body2.content[0].mediaType : null;
}
function build(form, creds) {
  var body2 = form.bodyEditor ? form.bodyEditor.value : "";
  return request.buildRequest(form.operation, {
    serverUrl: chosenServer(form),
    values: values(form),
    body: body2 ? body2 : null,
    mediaType: mediaType(form),
    credentials: creds,
    headers: extraHeaders(form)
  });
}
function placeholders(form, chosen, schemes) {
  var given = request.placeholderCredentials(chosen, schemes);
  if (!form.placeholderName) return given;
  Object.keys(given).forEach(function(scheme) {
    Object.keys(given[scheme]).forEach(function(field) {
      var name = form.placeholderName(scheme, field);
      if (name) given[scheme][field] = "$" + name;
    });
  });
  return given;
}
function showRequest(form) {
  var chosen = alternative(form);
  var schemes = form.schemes;
  var request2 = build(form, request.appliedCredentials(chosen, schemes, placeholders(form, chosen, schemes)));
  if (form.preview) form.preview.textContent = request2.url;
  form.root.querySelectorAll("[data-samples]").forEach(function(box) {
    box.orgdocsRequest = request2;
    box.dispatchEvent(new CustomEvent("orgdocs-request"));
  });
  form.element.querySelectorAll(".scheme").forEach(function(box) {
    box.classList.toggle("scheme-unused", chosen.indexOf(box.getAttribute("data-scheme")) === -1);
  });
  return request2;
}
function showProblems(form, problems) {
  var first = null;
  form.element.querySelectorAll("[data-error-for]").forEach(function(slot) {
    var place = slot.getAttribute("data-error-for");
    var message = problems[place];
    slot.hidden = !message;
    slot.textContent = message || "";
    var box = slot.parentNode;
    var field = box.hasAttribute("data-field") || place === "body" ? box.querySelector("[data-param-name], [data-body]") : null;
    if (field) {
      if (message) field.setAttribute("aria-invalid", "true");
      else field.removeAttribute("aria-invalid");
      if (message && !first) first = field;
    }
  });
  if (first) first.focus();
}
var state = {
  values,
  inputProblems,
  chosenServer,
  typedCredentials,
  alternative,
  mediaType,
  build,
  showRequest,
  showProblems
};

// orgdocs/render/site/assets/form-credentials.js
var oauthLoading = null;
function webStorage(kind) {
  try {
    return window[kind];
  } catch (error) {
    return null;
  }
}
var browserStore = {
  forget: function(prefixes) {
    ["sessionStorage", "localStorage"].forEach(function(kind) {
      var storage = webStorage(kind);
      if (!storage) return;
      try {
        var keys = [];
        for (var i = 0; i < storage.length; i++) keys.push(storage.key(i));
        keys.forEach(function(key) {
          if (key !== null && prefixes.some(function(prefix) {
            return key.indexOf(prefix) === 0;
          })) storage.removeItem(key);
        });
      } catch (error) {
      }
    });
  },
  get: function(key) {
    var session = webStorage("sessionStorage");
    var local = webStorage("localStorage");
    var fromSession = session ? session.getItem(key) : null;
    if (fromSession) return { value: fromSession, remembered: false };
    var fromLocal = local ? local.getItem(key) : null;
    return fromLocal ? { value: fromLocal, remembered: true } : null;
  },
  set: function(key, value, remember) {
    var session = webStorage("sessionStorage");
    var local = webStorage("localStorage");
    try {
      if (session) session.removeItem(key);
      if (local) local.removeItem(key);
      if (value) (remember ? local : session).setItem(key, value);
    } catch (error) {
    }
  }
};
function storageKey(form, input) {
  return "orgdocs:cred:" + form.api + ":" + input.getAttribute("data-cred-scheme") + ":" + input.getAttribute("data-cred-field");
}
function remembering(form) {
  return !!(form.rememberBox && form.rememberBox.checked);
}
function showStatus(form) {
  var status = form.tokenStatus;
  if (!status) return;
  var any = Array.prototype.some.call(form.credentialInputs, function(input) {
    return input.value.trim() !== "";
  });
  var apiTitle = form.apiTitle;
  if (!any) status.textContent = "No credentials set. They would be kept in this browser only, for every operation of " + apiTitle + ".";
  else if (remembering(form)) status.textContent = "Credentials remembered on this device for every operation of " + apiTitle + ".";
  else status.textContent = "Credentials kept for this browser session, for every operation of " + apiTitle + ".";
}
function storeCredentials(form) {
  var remember = remembering(form);
  form.credentialInputs.forEach(function(input) {
    form.store.set(storageKey(form, input), input.value.trim(), remember);
  });
  showStatus(form);
}
function forgetCredentials(form) {
  form.credentialInputs.forEach(function(input) {
    input.value = "";
  });
  form.element.querySelectorAll("input[data-oauth-field]").forEach(function(input) {
    input.value = "";
  });
  if (form.rememberBox) form.rememberBox.checked = false;
  storeCredentials(form);
  if (form.store.forget) form.store.forget(["orgdocs:cred:" + form.api + ":", "orgdocs:cred:" + form.group + ":"]);
  form.update();
}
function setupCredentials(form) {
  var remembered = false;
  var store = function() {
    storeCredentials(form);
  };
  form.credentialInputs.forEach(function(input) {
    var found = form.store.get(storageKey(form, input));
    input.value = found ? found.value : "";
    if (found && found.remembered) remembered = true;
    input.addEventListener("input", store);
  });
  if (form.rememberBox) {
    form.rememberBox.checked = remembered;
    form.rememberBox.addEventListener("change", store);
  }
  if (form.forgetButton) form.forgetButton.addEventListener("click", function() {
    forgetCredentials(form);
  });
  showStatus(form);
}
function loadOAuth() {
  if (!oauthLoading) oauthLoading = import("./oauth.js").then(function(module) {
    return module.oauth;
  });
  return oauthLoading;
}
function requestedScopes(operation, name) {
  var found = [];
  (operation.security || []).forEach(function(requirement) {
    if (!found.length && requirement && Array.isArray(requirement[name])) found = requirement[name].map(String);
  });
  return found;
}
function setToken(form, name, token) {
  form.credentialInputs.forEach(function(input) {
    if (input.getAttribute("data-cred-scheme") === name && input.getAttribute("data-cred-field") === "value") input.value = token;
  });
  storeCredentials(form);
  form.update();
}
function oauthSchemes(form) {
  var found = [];
  form.element.querySelectorAll(".scheme").forEach(function(box) {
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
    base: function() {
      try {
        return new URL(state.chosenServer(form), form.pageUrl).href;
      } catch (error) {
        return form.pageUrl;
      }
    },
    read: function(field) {
      var kept = form.store.get(prefix + field);
      return kept ? kept.value : "";
    },
    keep: function(field, value) {
      form.store.set(prefix + field, value, remembering(form));
    },
    setToken: function(token) {
      setToken(form, name, token);
    }
  });
}
function setupOAuth(form) {
  var found = oauthSchemes(form);
  if (!found.length) return;
  if (form.hosted) {
    found.forEach(function(item) {
      var hint = document.createElement("p");
      hint.className = "hint";
      hint.textContent = 'To get a token from the kernel, run form.authorize("' + item[1] + '", client_id=…, scopes=[…]) in a cell (the device flow).';
      item[0].appendChild(hint);
    });
    return;
  }
  loadOAuth().then(function(oauth) {
    found.forEach(function(item) {
      attachPanel(form, oauth, item[0], item[1], item[2]);
    });
  }, function() {
  });
}
var credentials = {
  setup: function(form) {
    setupCredentials(form);
    setupOAuth(form);
  }
};

// orgdocs/render/site/assets/form-body.js
function requestExample(form) {
  var examples = form.payload.examples && form.payload.examples.request || {};
  var media = form.mediaSelect ? form.mediaSelect.value : Object.keys(examples)[0];
  return { media, example: examples[media] };
}
function showExample(form, full) {
  var chosen = requestExample(form);
  var example = chosen.example;
  var value = example ? full || !("start" in example) ? example.value : example.start : null;
  var exampleSwitch = form.element.querySelector("[data-example-switch]");
  var fullExample = form.element.querySelector("[data-full-example]");
  if (form.bodyEditor) form.bodyEditor.value = value === null || value === void 0 ? "" : request.serialize(value, chosen.media)[0];
  if (exampleSwitch) exampleSwitch.hidden = !(example && "start" in example);
  if (fullExample) {
    fullExample.setAttribute("aria-pressed", full ? "true" : "false");
    fullExample.textContent = full ? "Required fields only" : "Fill in every field";
    form.element.querySelector("[data-example-said]").textContent = full ? "A generated example: every field." : "A generated example: its required fields only.";
  }
}
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
  if (legend) legend.hidden = true;
  form.element.addEventListener("input", function() {
    if (editor.value.trim()) fold.open = true;
  });
}
function setup(form) {
  foldWhenOptional(form);
  var fullExample = form.element.querySelector("[data-full-example]");
  if (fullExample) {
    fullExample.addEventListener("click", function() {
      showExample(form, fullExample.getAttribute("aria-pressed") !== "true");
      form.update();
    });
  }
}
var body = {
  setup,
  /* another media type chosen: its example, required fields first */
  selectMedia: function(form) {
    showExample(form, false);
  }
};

// orgdocs/render/site/assets/code-samples.js
var TOKEN_PREFIX = "Bearer ";
var PLACEHOLDER3 = request.placeholder;
var BASIC = /^Basic (\$[A-Z][A-Z0-9_]*):(\$[A-Z][A-Z0-9_]*)$/;
var isObject2 = request.isObject;
var textOf2 = request.textOf;
var multipartFields2 = request.multipartFields;
var isJsonMediaType2 = request.isJsonMediaType;
var SLOT = /\{\{(\w+)\}\}/g;
var BOUNDARY = "orgdocs-sample-boundary";
var compiled = null;
function sampleData2() {
  return sampleData;
}
function escaper(style) {
  var pattern = style && style.pattern ? new RegExp(style.pattern, "g") : null;
  return function(text) {
    if (!pattern) return text;
    return text.replace(pattern, function(found) {
      if (Object.prototype.hasOwnProperty.call(style.table, found)) return style.table[found];
      return style.control[0] + found.charCodeAt(0).toString(style.control[1]).padStart(style.control[2], "0");
    });
  };
}
function fill(template, slots) {
  return template.replace(SLOT, function(all, name) {
    return slots[name];
  });
}
function makeLanguage(entry) {
  var env = entry.env;
  var block = entry.block;
  var lang = { entry, lines: entry.lines, join: entry.join, literal: entry.literal };
  var stringStyle = escaper(entry.string.escape);
  var envStyle = escaper(env.escape);
  var blockStyle = escaper(block && block.escape);
  lang.quote = function(text) {
    return entry.string.open + stringStyle(text) + entry.string.close;
  };
  lang.expression = function(text, names) {
    var parts = pieces(text, names);
    if (!parts.some(function(p) {
      return p[0];
    })) return lang.quote(text);
    if (env.concat) {
      return parts.map(function(p) {
        return p[0] ? fill(env.var, { name: p[1] }) : lang.quote(p[1]);
      }).join(env.concat);
    }
    return env.open + parts.map(function(p) {
      return p[0] ? fill(env.hole, { name: p[1] }) : envStyle(p[1]);
    }).join("") + env.close;
  };
  lang.variable = function(name) {
    return fill(env.var, { name });
  };
  lang.blockText = function(text) {
    if (!block || block.forbid.some(function(bad) {
      return text.indexOf(bad) >= 0;
    })) return lang.quote(text);
    if (block.lines !== void 0) return (text.match(/[^\n]*\n|[^\n]+$/g) || [""]).map(lang.quote).join(block.lines);
    return block.open + blockStyle(text) + block.close;
  };
  return lang;
}
function languages() {
  if (!compiled) {
    compiled = {};
    sampleData2().languages.forEach(function(entry) {
      compiled[entry.key] = makeLanguage(entry);
    });
  }
  return compiled;
}
function sampleLanguages() {
  return sampleData2().languages.map(function(entry) {
    return [entry.key, entry.label];
  });
}
function maskedParts(parts, reveal) {
  if (reveal) return parts;
  var variables = (parts.variables || []).slice();
  var headers = parts.headers.map(function(h) {
    var bearer = h[0].toLowerCase() === "authorization" && h[1].indexOf(TOKEN_PREFIX) === 0;
    var rest = h[1].slice(TOKEN_PREFIX.length);
    if (bearer && !(rest.charAt(0) === "$" && variables.indexOf(rest.slice(1)) >= 0)) {
      if (variables.indexOf("TOKEN") === -1) variables.push("TOKEN");
      return [h[0], TOKEN_PREFIX + "$TOKEN"];
    }
    return h;
  });
  return Object.assign({}, parts, { headers, variables });
}
function pieces(text, names) {
  var out = [];
  var last = 0;
  var match;
  var pattern = new RegExp(PLACEHOLDER3.source, "g");
  while ((match = pattern.exec(text)) !== null) {
    if (names.indexOf(match[0].slice(1)) === -1) continue;
    out.push([false, text.slice(last, match.index)]);
    out.push([true, match[0].slice(1)]);
    last = match.index + match[0].length;
  }
  out.push([false, text.slice(last)]);
  return out.filter(function(p) {
    return p[0] || p[1];
  });
}
function has(text, names) {
  return pieces(text, names).some(function(p) {
    return p[0];
  });
}
function basicPair(name, value, names) {
  var match = name.toLowerCase() === "authorization" ? BASIC.exec(value) : null;
  if (match && names.indexOf(match[1].slice(1)) >= 0 && names.indexOf(match[2].slice(1)) >= 0) return [match[1], match[2]];
  return null;
}
function bodyKind(parts) {
  if (parts.body === null) return ["none", null];
  var fields = multipartFields2(parts);
  if (fields !== null) return ["multipart", fields];
  if (isJsonMediaType2(parts.mediaType)) {
    try {
      return ["json", JSON.parse(parts.body)];
    } catch (error) {
    }
  }
  return ["raw", null];
}
function multipartText(fields) {
  return fields.map(function(f) {
    var name = f[0].split('"').join("%22").split("\r").join("%0D").split("\n").join("%0A");
    return "--" + BOUNDARY + '\r\nContent-Disposition: form-data; name="' + name + '"\r\n\r\n' + f[1] + "\r\n";
  }).join("") + "--" + BOUNDARY + "--\r\n";
}
function spaces(n) {
  return new Array(n + 1).join(" ");
}
function literal(value, lang, level) {
  var indent = lang.literal.indent;
  var inner = spaces(indent * (level + 1));
  if (Array.isArray(value)) {
    if (!value.length) return "[]";
    return "[\n" + value.map(function(v) {
      return inner + literal(v, lang, level + 1) + ",";
    }).join("\n") + "\n" + spaces(indent * level) + "]";
  }
  if (isObject2(value)) {
    var keys = Object.keys(value);
    if (!keys.length) return "{}";
    return "{\n" + keys.map(function(k) {
      return inner + lang.quote(String(k)) + ": " + literal(value[k], lang, level + 1) + ",";
    }).join("\n") + "\n" + spaces(indent * level) + "}";
  }
  if (typeof value === "string") return lang.quote(value);
  if (value === true || value === false || value === null) return lang.literal[String(value)];
  return textOf2(value);
}
function slotMakers(lang, parts, body2) {
  var names = parts.variables;
  var kind = body2[0];
  var all = kind === "multipart" ? parts.headers.filter(function(h) {
    return h[0].toLowerCase() !== "content-type";
  }) : parts.headers.slice();
  var basic = null;
  all.forEach(function(h) {
    basic = basic || basicPair(h[0], h[1], names);
  });
  var headers = all.filter(function(h) {
    return !basicPair(h[0], h[1], names);
  });
  var contentType = null;
  if (lang.entry.contentTypeApart && (kind === "json" || kind === "raw")) {
    headers.forEach(function(h) {
      if (contentType === null && h[0].toLowerCase() === "content-type") contentType = h[1];
    });
    headers = headers.filter(function(h) {
      return h[0].toLowerCase() !== "content-type";
    });
  }
  var fields = kind === "multipart" ? body2[1] : [];
  var text = kind === "json" || kind === "raw" ? parts.body : null;
  var q = lang.quote;
  function expr(t) {
    return lang.expression(t, names);
  }
  return {
    method: function() {
      return parts.method;
    },
    methodString: function() {
      return q(parts.method);
    },
    methodTitle: function() {
      return parts.method.charAt(0) + parts.method.slice(1).toLowerCase();
    },
    head: function() {
      return parts.method === "HEAD";
    },
    url: function() {
      return expr(parts.url);
    },
    headers: function() {
      return headers.map(function(h) {
        return { name: q(h[0]), value: expr(h[1]), line: expr(h[0] + ": " + h[1]) };
      });
    },
    anyHeaders: function() {
      return headers.length > 0 || basic !== null;
    },
    contentType: function() {
      return contentType === null ? "" : q(contentType);
    },
    basic: function() {
      return basic !== null;
    },
    basicUser: function() {
      return basic ? lang.variable(basic[0].slice(1)) : "";
    },
    basicPassword: function() {
      return basic ? lang.variable(basic[1].slice(1)) : "";
    },
    basicPair: function() {
      return basic ? expr(basic[0] + ":" + basic[1]) : "";
    },
    env: function() {
      return basic !== null || [parts.url].concat(headers.map(function(h) {
        return h[1];
      })).some(function(t) {
        return has(t, names);
      });
    },
    variables: function() {
      return names.map(function(name) {
        return { name };
      });
    },
    json: function() {
      return kind === "json";
    },
    raw: function() {
      return kind === "raw";
    },
    body: function() {
      return text !== null;
    },
    multipart: function() {
      return kind === "multipart";
    },
    nobody: function() {
      return kind === "none";
    },
    text: function() {
      return text === null ? "" : q(text);
    },
    block: function() {
      return text === null ? "" : lang.blockText(text);
    },
    literal: function() {
      return kind === "json" && lang.literal ? literal(body2[1], lang, 1) : "";
    },
    fields: function() {
      return fields.map(function(f) {
        return { name: q(f[0]), value: q(f[1]), pair: q(f[0] + "=" + f[1]) };
      });
    },
    multipartType: function() {
      return q("multipart/form-data; boundary=" + BOUNDARY);
    },
    multipartHeader: function() {
      return q("Content-Type: multipart/form-data; boundary=" + BOUNDARY);
    },
    multipartBody: function() {
      return q(multipartText(fields));
    }
  };
}
function truthy(value) {
  return Array.isArray(value) ? value.length > 0 : !!value;
}
function writeSample(lang, parts, body2) {
  var makers = slotMakers(lang, parts, body2);
  var slots = {};
  function slot(name) {
    if (!Object.prototype.hasOwnProperty.call(slots, name)) slots[name] = makers[name]();
    return slots[name];
  }
  var out = [];
  lang.lines.forEach(function(line) {
    var scopes = [null];
    line[0].forEach(function(guard) {
      var value = slot(guard[1]);
      if (guard[0] === "*") scopes = value;
      else if (truthy(value) === (guard[0] === "!")) scopes = [];
    });
    scopes.forEach(function(scope) {
      out.push(line[1].replace(SLOT, function(all, name) {
        return scope && Object.prototype.hasOwnProperty.call(scope, name) ? scope[name] : slot(name);
      }));
    });
  });
  return out.join(lang.join) + "\n";
}
function codeSamples(parts, reveal, only) {
  parts = maskedParts(parts, !!reveal);
  var body2 = bodyKind(parts);
  var out = {};
  var all = languages();
  sampleLanguages().forEach(function(pair) {
    if (!only || only.indexOf(pair[0]) >= 0) out[pair[0]] = writeSample(all[pair[0]], parts, body2);
  });
  return out;
}
var samplePatterns = {};
function compiledRules(language) {
  var lang = languages()[language];
  if (!lang) return null;
  if (!samplePatterns[language]) {
    var rules2 = lang.entry.highlight;
    samplePatterns[language] = {
      tokens: new RegExp(rules2.tokens.map(function(t) {
        return "(" + t[1] + ")";
      }).join("|"), "g"),
      kinds: rules2.tokens,
      inside: rules2.inside.length ? new RegExp(rules2.inside.map(function(t) {
        return "(" + t[1] + ")";
      }).join("|"), "g") : /(?!)/g,
      insideClasses: rules2.inside.map(function(t) {
        return t[0];
      })
    };
  }
  return samplePatterns[language];
}
function group(match) {
  for (var i = 1; i < match.length; i++) if (match[i] !== void 0) return i - 1;
  return -1;
}
function sampleTokens(text, language) {
  var rules2 = compiledRules(language);
  if (!rules2) return [["", text]];
  var out = [], pos = 0, match;
  rules2.tokens.lastIndex = 0;
  while ((match = rules2.tokens.exec(text)) !== null) {
    if (match[0] === "") {
      rules2.tokens.lastIndex++;
      continue;
    }
    if (match.index > pos) out.push(["", text.slice(pos, match.index)]);
    var kind = rules2.kinds[group(match)];
    if (kind[2]) interpolations(match[0], kind[0], rules2, out);
    else out.push([kind[0], match[0]]);
    pos = match.index + match[0].length;
  }
  if (pos < text.length) out.push(["", text.slice(pos)]);
  return out;
}
function interpolations(value, css, rules2, out) {
  var pos = 0, match;
  rules2.inside.lastIndex = 0;
  while ((match = rules2.inside.exec(value)) !== null) {
    var kind = rules2.insideClasses[group(match)];
    if (!kind) continue;
    if (match.index > pos) out.push([css, value.slice(pos, match.index)]);
    out.push([kind, match[0]]);
    pos = match.index + match[0].length;
  }
  if (pos < value.length) out.push([css, value.slice(pos)]);
}
var MAX_HIGHLIGHT = 4e4;
var JSON_TOKEN = /("[^"\\\n]*(?:\\.[^"\\\n]*)*")([ \t]*:)?|(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)|\b(true|false|null)\b/g;
function jsonTokens(text) {
  if (text.length > MAX_HIGHLIGHT) return [["", text]];
  var out = [], pos = 0, match;
  JSON_TOKEN.lastIndex = 0;
  while ((match = JSON_TOKEN.exec(text)) !== null) {
    if (match.index > pos) out.push(["", text.slice(pos, match.index)]);
    if (match[1] !== void 0) {
      out.push([match[2] !== void 0 ? "nt" : "s2", match[1]]);
      if (match[2] !== void 0) out.push(["", match[2]]);
    } else if (match[3] !== void 0) out.push(["m", match[3]]);
    else out.push(["kc", match[4]]);
    pos = match.index + match[0].length;
  }
  if (pos < text.length) out.push(["", text.slice(pos)]);
  return out;
}
function colouredPieces(tokens) {
  var pieces2 = document.createDocumentFragment();
  tokens.forEach(function(token) {
    if (!token[0]) {
      pieces2.appendChild(document.createTextNode(token[1]));
      return;
    }
    var span2 = document.createElement("span");
    span2.className = token[0];
    span2.textContent = token[1];
    pieces2.appendChild(span2);
  });
  return pieces2;
}
var samples = {
  codeSamples,
  sampleTokens,
  sampleLanguages,
  sampleDefault: function() {
    return sampleData2().default;
  },
  jsonTokens,
  colouredPieces
};

// orgdocs/render/site/assets/json-view.js
var SMALL_ANSWER = 400;
var OPEN_LEVELS = 2;
var PAGE_ITEMS = 100;
var MAX_OPENED = 2e3;
function parseJson(text) {
  if (!text) return { ok: false, value: null };
  try {
    var exact = typeof JSON.rawJSON === "function";
    return {
      ok: true,
      value: JSON.parse(text, function(key, value, context) {
        if (exact && typeof value === "number" && context && context.source && String(value) !== context.source) return JSON.rawJSON(context.source);
        return value;
      })
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
      Object.keys(next).forEach(function(key) {
        stack.push(next[key]);
      });
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
function scalar2(value) {
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
function buildChildren(box, item, depth, comma, small) {
  var array2 = Array.isArray(item);
  var keys = array2 ? null : Object.keys(item);
  var size = array2 ? item.length : keys.length;
  var children = document.createElement("div");
  children.className = "json-children";
  var shown2 = 0;
  var button = document.createElement("button");
  function more() {
    var end = Math.min(size, shown2 + PAGE_ITEMS);
    for (; shown2 < end; shown2++) {
      var childKey = array2 ? shown2 : keys[shown2];
      children.insertBefore(node(childKey, item[childKey], depth + 1, shown2 === size - 1, small), button);
    }
    if (shown2 >= size && button.parentNode) button.parentNode.removeChild(button);
    else button.textContent = "Show " + Math.min(PAGE_ITEMS, size - shown2) + " more of " + (size - shown2);
  }
  button.type = "button";
  button.className = "button button-small json-more";
  button.addEventListener("click", more);
  children.appendChild(button);
  more();
  box.appendChild(children);
  var close = document.createElement("div");
  close.className = "json-close";
  close.textContent = (array2 ? "]" : "}") + comma;
  box.appendChild(close);
}
function node(key, item, depth, last, small) {
  var comma = last ? "" : ",";
  if (item === null || typeof item !== "object" || isRaw(item)) {
    var line = keyedRow(key);
    line.appendChild(scalar2(item));
    if (comma) line.appendChild(document.createTextNode(comma));
    return line;
  }
  var array2 = Array.isArray(item);
  var size = array2 ? item.length : Object.keys(item).length;
  var marks = array2 ? ["[", "]"] : ["{", "}"];
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
  summary.appendChild(span("json-count", size + (array2 ? size === 1 ? " item" : " items" : size === 1 ? " key" : " keys")));
  box.appendChild(summary);
  var built = false;
  function build2() {
    if (built) return;
    built = true;
    buildChildren(box, item, depth, comma, small);
  }
  box.orgdocsBuild = build2;
  box.addEventListener("toggle", function() {
    if (box.open) build2();
  });
  if (small || depth < OPEN_LEVELS) {
    build2();
    box.open = true;
  }
  return box;
}
function setOpen(root, open) {
  if (!open) {
    root.querySelectorAll("details.json-node").forEach(function(box) {
      box.open = false;
    });
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
    setOpen: function(open) {
      setOpen(root, open);
    }
  };
}

// orgdocs/render/site/assets/code.js
function copyText(text) {
  if (navigator.clipboard && (window.isSecureContext || globalThis.isSecureContext)) return navigator.clipboard.writeText(text);
  return new Promise(function(resolve, reject) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "visually-hidden";
    document.body.appendChild(area);
    area.select();
    var done = false;
    try {
      done = document.execCommand("copy");
    } catch (error) {
      done = false;
    }
    area.remove();
    if (done) resolve();
    else reject(new Error("copy refused"));
  });
}
function codeBlocks(root, host) {
  var STORE_KEY = "orgdocs:sample-language";
  function byId(id) {
    return root.getElementById ? root.getElementById(id) : root.querySelector("#" + CSS.escape(id));
  }
  function remembered() {
    try {
      return window.localStorage.getItem(STORE_KEY) || "";
    } catch (error) {
      return "";
    }
  }
  function remember(key) {
    try {
      window.localStorage.setItem(STORE_KEY, key);
    } catch (error) {
    }
  }
  function setupSamples(box, boxIndex) {
    if (box.querySelector(":scope > .sample-bar")) return;
    var R2 = host.samples;
    var given = box.getAttribute("data-request");
    if (given && !box.orgdocsRequest) {
      try {
        box.orgdocsRequest = JSON.parse(given);
      } catch (error) {
      }
    }
    var generated = box.querySelector(":scope > .code-sample [data-sample]");
    var figure = generated && generated.closest(".code-sample");
    var own4 = Array.prototype.slice.call(box.querySelectorAll(":scope > .code-sample-own"));
    var bar = document.createElement("div");
    bar.className = "sample-bar";
    var label = document.createElement("label");
    label.textContent = "Language";
    var select = document.createElement("select");
    select.className = "sample-language";
    select.id = label.htmlFor = "sample-language-" + boxIndex;
    bar.appendChild(label);
    bar.appendChild(select);
    function caption(node2) {
      var text = node2.querySelector("figcaption");
      return text ? text.textContent : "";
    }
    var live = false;
    function options() {
      live = !!(R2 && R2.sampleLanguages && box.orgdocsRequest);
      var made = live ? R2.sampleLanguages() : figure ? [[generated.getAttribute("data-sample"), caption(figure)]] : [];
      select.replaceChildren();
      var groups = [
        [made.length && own4.length ? "Made from the request" : "", made.map(function(m) {
          return ["made:" + m[0], m[1]];
        })],
        [made.length && own4.length ? "From the description" : "", own4.map(function(node2, i) {
          return ["own:" + i, caption(node2)];
        })]
      ];
      groups.forEach(function(group2) {
        if (!group2[1].length) return;
        var parent = select;
        if (group2[0]) {
          parent = document.createElement("optgroup");
          parent.label = group2[0];
          select.appendChild(parent);
        }
        group2[1].forEach(function(pair) {
          var option = document.createElement("option");
          option.value = pair[0];
          option.textContent = pair[1];
          parent.appendChild(option);
        });
      });
      bar.hidden = select.options.length < 2;
      (figure ? [figure] : []).concat(own4).forEach(function(node2) {
        var text = node2.querySelector("figcaption");
        if (text) text.classList.toggle("visually-hidden", !bar.hidden);
      });
    }
    function write() {
      var key = generated && generated.getAttribute("data-sample");
      if (!key || !R2 || !box.orgdocsRequest) return;
      var text = R2.codeSamples(box.orgdocsRequest, false, [key])[key];
      if (text !== void 0 && generated.textContent !== text) generated.replaceChildren(R2.colouredPieces(R2.sampleTokens(text, key)));
    }
    function show(value) {
      var chosen = Array.prototype.slice.call(select.options).filter(function(o) {
        return o.value === value;
      })[0] || select.options[0];
      if (!chosen) return;
      select.value = chosen.value;
      var made = chosen.value.indexOf("made:") === 0;
      if (figure) {
        figure.hidden = !made;
        if (made && generated.getAttribute("data-sample") !== chosen.value.slice(5)) {
          generated.setAttribute("data-sample", chosen.value.slice(5));
          figure.setAttribute("data-lang", chosen.value.slice(5));
          var text = figure.querySelector("figcaption");
          if (text) text.textContent = chosen.textContent;
          var copy = figure.querySelector(".copy-button");
          if (copy) copy.setAttribute("aria-label", "Copy " + chosen.textContent);
        }
      }
      own4.forEach(function(node2, i) {
        node2.hidden = chosen.value !== "own:" + i;
      });
      write();
    }
    function preferred() {
      var key = remembered();
      var found = Array.prototype.slice.call(select.options).filter(function(o) {
        return o.value === "made:" + key || key.indexOf("own:") === 0 && o.value.indexOf("own:") === 0 && o.textContent === key.slice(4);
      })[0];
      return found ? found.value : select.value;
    }
    select.addEventListener("change", function() {
      var chosen = select.options[select.selectedIndex];
      remember(chosen.value.indexOf("made:") === 0 ? chosen.value.slice(5) : "own:" + chosen.textContent);
      show(chosen.value);
    });
    box.addEventListener("orgdocs-request", function() {
      if (live) {
        write();
      } else {
        options();
        show(preferred());
      }
    });
    options();
    box.insertBefore(bar, box.firstChild);
    show(preferred());
  }
  function addCopyButton(pre) {
    if (pre.parentElement && pre.parentElement.classList.contains("code-block")) return;
    var wrap = document.createElement("div");
    wrap.className = "code-block";
    pre.parentNode.insertBefore(wrap, pre);
    wrap.appendChild(pre);
    var button = document.createElement("button");
    button.type = "button";
    button.className = "copy-button";
    button.textContent = "Copy";
    var caption = pre.closest("figure, details, .media, .example-panel");
    var what = caption && (caption.querySelector("figcaption, summary, .example-caption") || byId(caption.getAttribute("aria-labelledby")));
    button.setAttribute("aria-label", "Copy" + (what ? " " + what.textContent.replace(/\s+/g, " ").trim() : " code"));
    var status = document.createElement("span");
    status.className = "visually-hidden";
    status.setAttribute("aria-live", "polite");
    var timer = null;
    button.addEventListener("click", function() {
      copyText(pre.textContent).then(function() {
        button.textContent = "Copied";
        status.textContent = "Copied to the clipboard";
      }, function() {
        button.textContent = "Copy failed";
        status.textContent = "The browser refused to copy: select the text instead";
      }).then(function() {
        clearTimeout(timer);
        timer = setTimeout(function() {
          button.textContent = "Copy";
          status.textContent = "";
        }, 2e3);
      });
    });
    wrap.appendChild(button);
    wrap.appendChild(status);
  }
  function openTarget() {
    var id = "";
    try {
      id = decodeURIComponent(window.location.hash.slice(1));
    } catch (error) {
      return;
    }
    var target = id && byId(id);
    if (!target) return;
    var opened = false;
    for (var node2 = target; node2; node2 = node2.parentElement) {
      if (node2.tagName === "DETAILS" && !node2.open) {
        node2.open = true;
        opened = true;
      }
    }
    if (opened) target.scrollIntoView();
  }
  root.querySelectorAll("[data-samples]").forEach(setupSamples);
  root.querySelectorAll("pre.code").forEach(addCopyButton);
  root.querySelectorAll(".markdown pre:not([tabindex])").forEach(function(pre) {
    pre.tabIndex = 0;
  });
  if (host.followAddress) {
    window.addEventListener("hashchange", openTarget);
    openTarget();
  }
}

// orgdocs/render/site/assets/check.js
var loading = null;
var SHOWN2 = 80;
var MAX_DIFFERENCES = 50;
var TARGET = "x-orgdocs-target";
function validator() {
  if (!loading) loading = import("./json-schema.js");
  return loading;
}
function own3(object, key) {
  return object !== null && typeof object === "object" && Object.prototype.hasOwnProperty.call(object, key);
}
function declaredResponse(operation, status) {
  var found = {};
  (operation.responses || []).forEach(function(response2) {
    found[String(response2.status).toUpperCase()] = response2;
  });
  return found[String(status)] || found[String(status)[0] + "XX"] || found.DEFAULT || null;
}
function essence2(mediaType2) {
  return String(mediaType2 || "").split(";")[0].trim().toLowerCase();
}
function mediaFor(response2, contentType) {
  var wanted = essence2(contentType);
  var kind = wanted.split("/")[0];
  var tries = [wanted, kind + "/*", "*/*"];
  for (var i = 0; i < tries.length; i++) {
    for (var j = 0; j < (response2.content || []).length; j++) {
      if (essence2(response2.content[j].mediaType) === tries[i]) return response2.content[j];
    }
  }
  return null;
}
function isJson(mediaType2) {
  var e = essence2(mediaType2);
  return e === "application/json" || /\+json$/.test(e) || /\/json$/.test(e);
}
function shown(value) {
  var text = JSON.stringify(value);
  if (text === void 0) text = String(value);
  return text.length <= SHOWN2 ? text : text.slice(0, SHOWN2 - 1) + "…";
}
function Converter(payload) {
  this.components = payload.components || {};
  this.hidden = "writeOnly";
  this.siblings = /^3\.1/.test(String(payload.openapi || ""));
  this.notes = {};
  this.memo = /* @__PURE__ */ new Map();
}
Converter.prototype.deref = function(node2) {
  for (var hops = 0; hops < 8 && own3(node2, "$ref") && own3(this.components, node2.$ref); hops++) node2 = this.components[node2.$ref];
  return node2;
};
Converter.prototype.convert = function(node2) {
  if (Array.isArray(node2)) return node2.map(this.convert, this);
  if (node2 === null || typeof node2 !== "object") return node2;
  if (this.memo.has(node2)) return this.memo.get(node2);
  var ref = node2.$ref;
  if (typeof ref === "string") {
    if (!own3(this.components, ref)) {
      this.notes["not checked: " + ref + " (unresolved reference)"] = true;
      return {};
    }
    if (!this.siblings) node2 = { $ref: ref };
  }
  var out = {};
  this.memo.set(node2, out);
  var self = this;
  Object.keys(node2).forEach(function(name) {
    var value = node2[name];
    if (name === "discriminator" || ["example", "examples", "default", "const", "enum"].indexOf(name) >= 0 && (value === null || typeof value !== "object" || Array.isArray(value))) out[name] = value;
    else out[name] = self.convert(value);
  });
  this.keywords(node2, out);
  return out;
};
Converter.prototype.keywords = function(node2, out) {
  var self = this;
  ["Minimum", "Maximum"].forEach(function(bound) {
    var key = "exclusive" + bound;
    if (typeof out[key] === "boolean") {
      var exclusive = out[key];
      delete out[key];
      if (exclusive && own3(out, bound.toLowerCase())) {
        out[key] = out[bound.toLowerCase()];
        delete out[bound.toLowerCase()];
      }
    }
  });
  if (out.type === "file") delete out.type;
  if (Array.isArray(out.items)) {
    out.prefixItems = out.items;
    delete out.items;
  }
  if (Array.isArray(node2.required) && own3(node2, "properties") && node2.properties && typeof node2.properties === "object") {
    out.required = node2.required.filter(function(name) {
      var property = self.deref(node2.properties[name]);
      return !(property && property[self.hidden] === true);
    });
  }
  if (node2.nullable === true || node2["x-nullable"] === true) {
    if (typeof out.type === "string") out.type = [out.type, "null"];
    else if (Array.isArray(out.type) && out.type.indexOf("null") < 0) out.type = out.type.concat(["null"]);
    if (Array.isArray(out.enum) && out.enum.indexOf(null) < 0) out.enum = out.enum.concat([null]);
    if (out.type === void 0 && (own3(out, "$ref") || own3(out, "allOf") || own3(out, "oneOf") || own3(out, "anyOf"))) {
      var rest = {};
      ["$ref", "allOf", "oneOf", "anyOf"].forEach(function(key) {
        if (own3(out, key)) {
          rest[key] = out[key];
          delete out[key];
        }
      });
      out.anyOf = [{ type: "null" }, rest];
    }
  }
  var discriminator = node2.discriminator;
  var branches = out.oneOf || out.anyOf;
  if (discriminator && typeof discriminator.propertyName === "string" && Array.isArray(branches)) {
    var prop = discriminator.propertyName;
    var refs = branches.filter(function(b) {
      return b && typeof b.$ref === "string";
    }).map(function(b) {
      return b.$ref;
    });
    var targets = {};
    refs.forEach(function(ref) {
      targets[ref.split("/").pop()] = ref;
    });
    Object.keys(discriminator.mapping || {}).forEach(function(key) {
      var value = String(discriminator.mapping[key]);
      targets[key] = value.charAt(0) === "#" ? value : targets[value] || null;
    });
    var names = Object.keys(targets).filter(function(key) {
      return targets[key];
    });
    if (names.length) {
      var chosen = names.map(function(key) {
        var when = { required: [prop], properties: {} };
        when.properties[prop] = { const: key };
        return { if: when, then: { $ref: targets[key] } };
      });
      var named = { required: [prop], properties: {} };
      named.properties[prop] = { enum: names };
      var keyword = out.oneOf ? "oneOf" : "anyOf";
      var fallback = {};
      fallback[keyword] = branches;
      delete out[keyword];
      out.if = named;
      out.then = { allOf: chosen };
      out.else = fallback;
    }
  }
};
Converter.prototype.document = function(schema) {
  var root = { $id: "urn:orgdocs:payload", $ref: "#/" + TARGET };
  var self = this;
  Object.keys(this.components).forEach(function(ref) {
    if (ref.indexOf("#/") !== 0) return;
    var parts = ref.slice(2).split("/").map(function(p) {
      return p.replace(/~1/g, "/").replace(/~0/g, "~");
    });
    var at = root;
    parts.slice(0, -1).forEach(function(part) {
      if (!own3(at, part) || typeof at[part] !== "object") at[part] = {};
      at = at[part];
    });
    at[parts[parts.length - 1]] = self.convert(self.components[ref]);
  });
  root[TARGET] = this.convert(schema);
  return root;
};
var WRAPPERS = ["$ref", "properties", "items", "prefixItems", "additionalProperties", "allOf", "if", "then", "else", "patternProperties", "dependentSchemas", "contains", "unevaluatedProperties", "unevaluatedItems"];
function pointerOf(location2) {
  return location2 === "#" ? "" : location2.replace(/^#/, "");
}
function valueAt(value, pointer) {
  pointer.split("/").slice(1).forEach(function(part) {
    if (value !== null && typeof value === "object") value = value[decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~")];
  });
  return value;
}
function differencesOf(errors, instance, schemaAt) {
  var unions = errors.filter(function(e) {
    return e.keyword === "oneOf" || e.keyword === "anyOf";
  });
  var found = [];
  errors.forEach(function(error) {
    if (WRAPPERS.indexOf(error.keyword) >= 0) return;
    var inside = unions.some(function(u) {
      return u !== error && error.keywordLocation.indexOf(u.keywordLocation + "/") === 0;
    });
    if (inside) return;
    var pointer = pointerOf(error.instanceLocation);
    var actual = valueAt(instance, pointer);
    if (error.keyword === "required") {
      var name = (/"([^"]*)"/.exec(error.error) || [])[1];
      if (name !== void 0) found.push({ pointer: pointer + "/" + name, expected: "this property (required)", actual: "missing" });
      return;
    }
    var wanted = schemaAt(error.keywordLocation);
    var expected;
    if (error.keyword === "type") expected = "type " + (Array.isArray(wanted) ? wanted.join(" or ") : wanted);
    else if (error.keyword === "enum") expected = "one of " + (wanted || []).slice(0, 10).map(shown).join(", ");
    else if (error.keyword === "oneOf" || error.keyword === "anyOf") expected = "a value of one of its " + (wanted || []).length + " schemas";
    else if (error.keyword === "additionalProperties" && wanted === false) expected = "no properties beyond the declared ones";
    else expected = error.keyword + " " + shown(wanted);
    found.push({ pointer, expected, actual: shown(actual) });
  });
  return found.slice(0, MAX_DIFFERENCES);
}
function checkValue(module, payload, schema, value) {
  var converter = new Converter(payload);
  var root = converter.document(schema);
  var result = new module.Validator(root, "2020-12", false).validate(value);
  function schemaAt(location2) {
    var node2 = root;
    location2.replace(/^#\//, "").split("/").forEach(function(part) {
      part = decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~");
      if (part === "$ref" && node2 && typeof node2.$ref === "string") {
        node2 = valueAt(root, node2.$ref.replace(/^urn:orgdocs:payload/, "").replace(/^#/, ""));
      } else if (node2 !== null && typeof node2 === "object") node2 = node2[part];
    });
    return node2;
  }
  return { differences: result.valid ? [] : differencesOf(result.errors, value, schemaAt), notes: Object.keys(converter.notes) };
}
function checkResponse(payload, status, headers, text) {
  var operation = payload.operation;
  var differences = [];
  var response2 = declaredResponse(operation, status);
  if (!response2) {
    var declared = (operation.responses || []).map(function(r) {
      return String(r.status);
    }).join(", ") || "none";
    return Promise.resolve({ differences: [{ pointer: "status", expected: "a declared status (" + declared + ")", actual: String(status) }], notes: [] });
  }
  var lowered = {};
  (headers || []).forEach(function(h) {
    lowered[String(h[0]).toLowerCase()] = h[1];
  });
  var converter = new Converter(payload);
  Object.keys(response2.headers || {}).forEach(function(name) {
    var header = converter.deref(response2.headers[name]);
    if (header && header.required && !own3(lowered, name.toLowerCase()) && name.toLowerCase() !== "content-type") {
      differences.push({ pointer: "headers/" + name, expected: "this header (required)", actual: "none" });
    }
  });
  var contentType = lowered["content-type"] || "";
  if (!(response2.content || []).length) {
    if (text) differences.push({ pointer: "media type", expected: "no body", actual: contentType || text.length + " bytes" });
    return Promise.resolve({ differences, notes: [] });
  }
  if (!text && (status === 204 || status === 304 || operation.method === "head")) return Promise.resolve({ differences, notes: [] });
  var media = contentType ? mediaFor(response2, contentType) : null;
  if (!media) {
    var offered = response2.content.map(function(m) {
      return m.mediaType;
    }).join(", ");
    differences.push({ pointer: "media type", expected: "one of " + offered, actual: contentType || "none" });
    return Promise.resolve({ differences, notes: [] });
  }
  if (!isJson(contentType || media.mediaType) || media.schema === void 0 || media.schema === null) {
    return Promise.resolve({ differences, notes: [] });
  }
  var value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    differences.push({ pointer: "", expected: "a JSON body", actual: shown(String(text).slice(0, SHOWN2)) });
    return Promise.resolve({ differences, notes: [] });
  }
  return validator().then(function(module) {
    var checked = checkValue(module, payload, media.schema, value);
    return { differences: differences.concat(checked.differences), notes: checked.notes };
  });
}

// orgdocs/render/site/assets/form-response.js
function element2(tag, className, text) {
  var node2 = document.createElement(tag);
  if (className) node2.className = className;
  if (text !== void 0) node2.textContent = text;
  return node2;
}
function showResponse(form, response2, milliseconds) {
  var responseView = form.responseView;
  responseView.textContent = "";
  responseView.hidden = false;
  var head = element2("p", "response-status");
  var took = Math.round(typeof response2.ms === "number" ? response2.ms : milliseconds) + " ms";
  if (response2.redirect) {
    head.appendChild(element2("span", "status status-redirect", "3xx"));
    head.appendChild(document.createTextNode(" Redirect, not followed · " + took));
    responseView.appendChild(head);
    (response2.notes || []).forEach(function(note) {
      responseView.appendChild(element2("p", "hint", note));
    });
    return;
  }
  var family = { 1: "info", 2: "success", 3: "redirect", 4: "client-error", 5: "server-error" }[String(response2.status)[0]] || "other";
  head.appendChild(element2("span", "status status-" + family, String(response2.status)));
  var size = new TextEncoder().encode(response2.text || "").length;
  head.appendChild(document.createTextNode(" " + (response2.statusText || "") + " · " + took + " · " + sizeText(size)));
  responseView.appendChild(head);
  responseView.appendChild(headersTable(response2.headers));
  var parsed = parseJson(response2.text);
  var pretty = parsed.ok ? JSON.stringify(parsed.value, null, 2) : response2.text;
  var tree = parsed.ok && parsed.value !== null && typeof parsed.value === "object" ? jsonView(parsed.value) : null;
  var pre = element2("pre", "code response-body");
  pre.tabIndex = 0;
  pre.setAttribute("role", "region");
  pre.setAttribute("aria-label", tree ? "Response body as text" : "Response body");
  var code = element2("code", parsed.ok ? "hl" : "");
  if (parsed.ok) code.appendChild(samples.colouredPieces(samples.jsonTokens(pretty)));
  else code.textContent = pretty || "(empty body)";
  pre.appendChild(code);
  if (response2.text) responseView.appendChild(bodyActions(response2, pretty, parsed.ok, tree, pre));
  if (tree) {
    pre.hidden = true;
    responseView.appendChild(tree.element);
  }
  responseView.appendChild(pre);
  (response2.notes || []).forEach(function(note) {
    responseView.appendChild(element2("p", "hint", note));
  });
  if (form.checks) showCheck(form, response2);
}
function headersTable(headers) {
  var box = element2("details", "response-headers");
  box.appendChild(element2("summary", "", "Headers (" + headers.length + ")"));
  var table = element2("table", "headers headers-table");
  var caption = element2("caption", "visually-hidden", "Response headers");
  table.appendChild(caption);
  var rows = element2("tbody");
  headers.forEach(function(h) {
    var row = element2("tr");
    var name = element2("th", "", h[0]);
    name.scope = "row";
    row.appendChild(name);
    row.appendChild(element2("td", "", h[1]));
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
function bodyActions(response2, shown2, json, tree, pre) {
  var box = element2("div", "response-actions");
  if (tree) {
    var asText2 = element2("button", "button button-small", "Text");
    asText2.type = "button";
    asText2.setAttribute("aria-pressed", "false");
    asText2.setAttribute("aria-label", "Show the response body as text");
    asText2.addEventListener("click", function() {
      var text = asText2.getAttribute("aria-pressed") !== "true";
      asText2.setAttribute("aria-pressed", String(text));
      pre.hidden = !text;
      tree.element.hidden = text;
      box.querySelectorAll("[data-tree-action]").forEach(function(b) {
        b.disabled = text;
      });
    });
    box.appendChild(asText2);
    [["Expand all", true], ["Collapse all", false]].forEach(function(spec) {
      var button = element2("button", "button button-small", spec[0]);
      button.type = "button";
      button.setAttribute("data-tree-action", "");
      button.addEventListener("click", function() {
        tree.setOpen(spec[1]);
      });
      box.appendChild(button);
    });
  }
  var copy = element2("button", "button button-small", "Copy");
  copy.type = "button";
  copy.setAttribute("aria-label", "Copy the response body");
  var status = element2("span", "visually-hidden");
  status.setAttribute("aria-live", "polite");
  copy.addEventListener("click", function() {
    copyText(shown2).then(function() {
      copy.textContent = "Copied";
      status.textContent = "Copied to the clipboard";
    }, function() {
      copy.textContent = "Copy failed";
      status.textContent = "The browser refused to copy: select the text instead";
    });
  });
  var save = element2("button", "button button-small", "Download");
  save.type = "button";
  save.setAttribute("aria-label", "Download the response body");
  save.addEventListener("click", function() {
    var type = "";
    response2.headers.forEach(function(h) {
      if (h[0].toLowerCase() === "content-type") type = h[1];
    });
    var url = URL.createObjectURL(new Blob([response2.text], { type: type || "text/plain" }));
    var link = element2("a");
    link.href = url;
    link.download = "response-" + response2.status + (json ? ".json" : ".txt");
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function() {
      URL.revokeObjectURL(url);
    }, 1e3);
  });
  box.insertBefore(save, box.firstChild);
  box.insertBefore(copy, save);
  box.appendChild(status);
  return box;
}
function showCheck(form, response2) {
  var responseView = form.responseView;
  var view = responseView.firstChild;
  checkResponse(form.payload, response2.status, response2.headers, response2.text).then(function(found) {
    if (responseView.firstChild !== view) return;
    var box = element2("div", "response-check");
    box.setAttribute("role", "status");
    var ok = found.differences.length === 0;
    var said = ok ? "The answer matches the description." : found.differences.length + " difference" + (found.differences.length > 1 ? "s" : "") + " from the description:";
    box.appendChild(element2("p", ok ? "check-ok" : "check-differs", (ok ? "✓ " : "✗ ") + said));
    if (!ok) {
      var list = element2("ul", "check-differences");
      found.differences.slice(0, 20).forEach(function(d) {
        var item = element2("li");
        item.appendChild(element2("code", "", d.pointer || "/"));
        item.appendChild(document.createTextNode(": expected " + d.expected + ", got " + d.actual));
        list.appendChild(item);
      });
      box.appendChild(list);
    }
    found.notes.forEach(function(note) {
      box.appendChild(element2("p", "hint", note));
    });
    responseView.insertBefore(box, view.nextSibling);
  }, function(error) {
    if (responseView.firstChild === view) responseView.appendChild(element2("p", "hint", "Not checked against the description: " + error.message));
  });
}
function showError(form, message) {
  var responseView = form.responseView;
  responseView.textContent = "";
  responseView.hidden = false;
  responseView.appendChild(element2("p", "notice notice-error", message));
}
var response = { show: showResponse, showError };

// orgdocs/render/site/assets/form-send.js
function explainFailure(url, error) {
  var target;
  try {
    target = new URL(url, window.location.href);
  } catch (problem) {
    return "The URL " + url + " is not valid: choose a server or fill in the path parameters.";
  }
  var reasons = [];
  if (target.origin !== window.location.origin) {
    reasons.push("the server at " + target.origin + " does not allow requests from this page (" + window.location.origin + "): it must answer with an Access-Control-Allow-Origin header (CORS), also for the preflight OPTIONS request");
  }
  if (window.location.protocol === "https:" && target.protocol === "http:") {
    reasons.push("this page is served over https and the browser blocks calls to an http URL (mixed content)");
  }
  reasons.push("the server is not running or not reachable at " + target.origin);
  return "The browser could not complete the request (" + (error && error.message ? error.message : "network error") + "). Likely causes: " + reasons.join("; or ") + ". The curl sample sends the same request from a terminal, where CORS does not apply.";
}
var REDIRECT_NOTE = "The server answered with a redirect (3xx). The form does not follow redirects, so that credentials never go to another address, and the browser does not let a page read where a redirect points: the curl sample with -i added shows its status and Location header.";
function browserSend(request2) {
  var headers = new Headers();
  var notes = [];
  request2.headers.forEach(function(h) {
    if (h[0].toLowerCase() === "cookie") {
      if (notes.length === 0) notes.push("Browsers do not let a page set the Cookie header: it was not sent.");
      return;
    }
    headers.append(h[0], h[1]);
  });
  var init = { method: request2.method, headers, redirect: "manual" };
  if (request2.fields) {
    var data = new FormData();
    request2.fields.forEach(function(f) {
      data.append(f[0], f[1]);
    });
    init.body = data;
  } else if (request2.body !== null && request2.method !== "GET" && request2.method !== "HEAD") {
    init.body = request2.body;
  }
  return fetch(request2.url, init).then(function(response2) {
    if (response2.type === "opaqueredirect") {
      return {
        status: 0,
        statusText: "",
        redirect: true,
        headers: [],
        text: "",
        notes: notes.concat([REDIRECT_NOTE])
      };
    }
    return response2.text().then(function(text) {
      var list = [];
      response2.headers.forEach(function(value, name) {
        list.push([name, value]);
      });
      return { status: response2.status, statusText: response2.statusText, headers: list, text, notes };
    });
  }, function(error) {
    throw new Error(explainFailure(request2.url, error));
  });
}
function checkedRequest(form) {
  var request2 = state.build(form, request.appliedCredentials(state.alternative(form), form.schemes, state.typedCredentials(form)));
  var problems = Object.assign(state.inputProblems(form), request.requestProblems(form.operation, request2, {
    values: state.values(form),
    server: state.chosenServer(form),
    bodyText: form.bodyEditor ? form.bodyEditor.value : null,
    mediaType: state.mediaType(form)
  }));
  state.showProblems(form, problems);
  if (Object.keys(problems).length) return null;
  var fields = request.multipartFields(request2);
  return {
    method: request2.method,
    url: request2.url,
    headers: request2.headers.filter(function(h) {
      return !(fields && h[0].toLowerCase() === "content-type");
    }),
    body: request2.body,
    fields
  };
}
function submit(form, event) {
  event.preventDefault();
  var sendButton = form.sendButton;
  if (!sendButton || form.operation.webhook) return;
  form.update();
  var request2 = checkedRequest(form);
  if (!request2) {
    form.responseView.hidden = true;
    return;
  }
  sendButton.disabled = true;
  sendButton.textContent = "Sending…";
  var started = performance.now();
  Promise.resolve().then(function() {
    return form.send(request2);
  }).then(function(response2) {
    response.show(form, response2, performance.now() - started);
  }, function(error) {
    response.showError(form, error && error.message ? error.message : String(error));
  }).then(function() {
    sendButton.disabled = false;
    sendButton.textContent = "Send";
  });
}
var send = { submit };

// orgdocs/render/site/assets/form.js
function element3(tag, className, text) {
  var node2 = document.createElement(tag);
  if (className) node2.className = className;
  if (text !== void 0) node2.textContent = text;
  return node2;
}
function uuid() {
  if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
  var b = new Uint8Array(16);
  window.crypto.getRandomValues(b);
  b[6] = b[6] & 15 | 64;
  b[8] = b[8] & 63 | 128;
  var hex = Array.prototype.map.call(b, function(x) {
    return (x + 256).toString(16).slice(1);
  }).join("");
  return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20);
}
function pagePayload() {
  var payloadElement = document.getElementById("orgdocs-payload");
  return payloadElement ? JSON.parse(payloadElement.textContent) : null;
}
function openForm(root, options) {
  var formElement = root.querySelector("[data-form]");
  var payload = options.payload || pagePayload();
  if (!request || !formElement || !payload) return null;
  var group2 = options.group || document.body.getAttribute("data-group") || payload.group || "";
  var credentialBox = formElement.querySelector("[data-credentials]");
  var find = function(selector) {
    return formElement.querySelector(selector);
  };
  return {
    root,
    element: formElement,
    payload,
    operation: payload.operation,
    schemes: payload.securitySchemes || {},
    alternatives: request.securityAlternatives(payload.operation.security),
    group: group2,
    // the API the credentials belong to: a group may hold several APIs whose schemes share names
    api: options.api || credentialBox && credentialBox.getAttribute("data-api") || group2,
    apiTitle: options.apiTitle || credentialBox && credentialBox.getAttribute("data-api-title") || group2,
    pageUrl: options.pageUrl || window.location.href,
    descriptionUrl: formElement.getAttribute("data-description-url") || "",
    hosted: !!options.send,
    // a notebook's form: the kernel sends, keeps the credentials and runs OAuth
    // the host's name for a credential's placeholder in the samples, or null (a notebook's: the environment
    // variable the kernel reads it from); else the scheme's ($TOKEN, $API_KEY...)
    placeholderName: options.placeholderName || null,
    send: options.send || browserSend,
    store: options.store || browserStore,
    // the browser checks its answers against the description (check.js); a kernel that sends checks its own
    checks: !options.send && checkResponse,
    serverSelect: find("[data-server]"),
    authSelect: find("[data-auth]"),
    authChosen: false,
    // until the reader picks an alternative, the first satisfied one is used
    credentialInputs: formElement.querySelectorAll("[data-cred-scheme]"),
    rememberBox: find("[data-remember]"),
    forgetButton: find("[data-forget]"),
    tokenStatus: find("[data-token-status]"),
    bodyEditor: find("[data-body]"),
    mediaSelect: find("[data-media]"),
    sendButton: find("[data-send]"),
    preview: find("[data-preview-url]"),
    headerRows: find("[data-extra-headers]"),
    responseView: root.querySelector("[data-response]")
  };
}
function addHeaderRow(form) {
  var headerRows = form.headerRows;
  var index = headerRows.querySelectorAll("[data-header-row]").length + 1;
  var row = element3("div", "header-row");
  row.setAttribute("data-header-row", "");
  [["name", "Header name " + index, "X-Example"], ["value", "Header value " + index, "value"]].forEach(function(spec) {
    var input = element3("input");
    input.type = "text";
    input.spellcheck = false;
    input.placeholder = spec[2];
    input.setAttribute("aria-label", spec[1]);
    input.setAttribute("data-header-" + spec[0], "");
    row.appendChild(input);
  });
  var remove = element3("button", "button button-small", "Remove");
  remove.type = "button";
  remove.setAttribute("aria-label", "Remove header " + index);
  remove.addEventListener("click", function() {
    row.parentNode.removeChild(row);
    form.update();
  });
  row.appendChild(remove);
  headerRows.appendChild(row);
  row.querySelector("input").focus();
}
function selectServer(form) {
  var index = form.serverSelect ? form.serverSelect.value : "0";
  form.element.querySelectorAll("[data-server-vars]").forEach(function(box) {
    box.hidden = box.getAttribute("data-server-vars") !== index;
  });
}
function wireButtons(form) {
  form.element.querySelectorAll("[data-generate]").forEach(function(button) {
    button.addEventListener("click", function() {
      var target = form.element.querySelector("#" + button.getAttribute("data-generate"));
      if (target) target.value = uuid();
      form.update();
    });
  });
  var addHeader = form.element.querySelector("[data-add-header]");
  if (addHeader && form.headerRows) addHeader.addEventListener("click", function() {
    addHeaderRow(form);
    form.update();
  });
}
function wireInputs(form) {
  form.element.addEventListener("input", function(event) {
    if (event.target === form.authSelect) form.authChosen = true;
    form.update();
  });
  form.element.addEventListener("change", function(event) {
    if (event.target === form.serverSelect) selectServer(form);
    if (event.target === form.mediaSelect) body.selectMedia(form);
    if (event.target === form.authSelect) form.authChosen = true;
    form.update();
  });
  form.element.addEventListener("submit", function(event) {
    send.submit(form, event);
  });
}
function mount(root, options) {
  var form = openForm(root, options || {});
  if (!form) return null;
  form.update = function() {
    return state.showRequest(form);
  };
  body.setup(form);
  credentials.setup(form);
  wireButtons(form);
  wireInputs(form);
  if (form.sendButton) form.sendButton.disabled = false;
  form.update();
  return { update: form.update };
}

// orgdocs/render/widgets/static/view-form.js
var KEPT = "kept-in-kernel-memory";
var ENV_NAME = /^[A-Z][A-Z0-9_]*$/;
var FORMS = /* @__PURE__ */ new Set();
function mountSiteForm(aside, answer, route, ask) {
  aside.innerHTML = answer.html;
  const held = { kept: new Set(answer.credentials || []), envs: answer.envs || {} };
  if (answer.undeclared) addUndeclaredAuthorization(aside);
  addEnvChoices(aside);
  const mounted = {
    route,
    known: answer.state || {},
    // the form as the kernel last held it: what differs on screen was typed since
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
      const form2 = aside.querySelector("[data-form]");
      if (form2) form2.dispatchEvent(new Event("input", { bubbles: true }));
    },
    answered(reply) {
      if (aside.isConnected) showAnswer(aside, reply, route, ask);
      else FORMS.delete(mounted);
    }
  };
  FORMS.add(mounted);
  const heard = (reply) => {
    if (reply.credentials) held.kept = new Set(reply.credentials);
    if (reply.envs) held.envs = reply.envs;
  };
  const store = kernelStore(aside, route, ask, held, heard);
  aside.tabIndex = -1;
  const told = (state2) => {
    mounted.known = state2;
  };
  const send2 = kernelSend(aside, route, ask, heard, told);
  fillForm(aside, answer.state || {});
  const pageUrl = answer.pageUrl || location.href.replace(/^http:/, "https:");
  const placeholderName = (scheme, field) => envName(aside, scheme, field) || null;
  mount(aside, { payload: answer.payload, send: send2, store, group: answer.group, pageUrl, placeholderName });
  aside.classList.add("ow-kernel-credentials");
  const box = aside.querySelector("[data-credentials]");
  const kept = VOILA ? "Kept in this app's kernel memory only, for every form of this API: never saved." : "Kept in kernel memory only, for every form of this API: never in the notebook, its widget state or an export.";
  if (box) box.appendChild(element("p", "hint ow-kept-note", kept));
  showKept(aside, held);
  wireForget(aside);
  const form = aside.querySelector("[data-form]");
  if (form) form.dispatchEvent(new Event("input", { bubbles: true }));
  addCodeActions(aside, route, ask, told);
  sendOnRunKeys(aside);
  if (answer.answer) showAnswer(aside, answer.answer, route, ask);
}
function showAnswer(aside, reply, route, ask) {
  const view = aside.querySelector("[data-response]");
  const shown2 = response;
  if (!view || !shown2) return;
  const shadow = aside.getRootNode();
  const inAnswer = !!(shadow.activeElement && view.contains(shadow.activeElement));
  if (reply.error) shown2.showError({ responseView: view }, reply.error);
  else {
    shown2.show({ responseView: view, checks: false }, reply, reply.ms || 0);
    if (reply.table) addTable(aside, reply.table, reply.paged ? () => ask({ type: "pages", route }) : null);
  }
  if (inAnswer && !shadow.activeElement) {
    view.tabIndex = -1;
    view.focus({ preventScroll: true });
  }
}
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
  forget.addEventListener("click", () => {
    const hadFocus = forget.getRootNode().activeElement === forget;
    showForget(aside);
    const first = aside.querySelector("[data-cred-scheme]");
    if (hadFocus && forget.hidden && first) first.focus();
  });
  showForget(aside);
}
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
      const message = choice && choice.checked ? { env: value || "", value: "" } : { value: value || "" };
      if (input) showEnvProblem(input, message.env);
      if (message.env && !ENV_NAME.test(message.env)) {
        const known = scheme + ":" + field;
        if (!(known in held.envs) && !held.kept.has(known)) return;
        delete held.envs[known];
        message.env = "";
      }
      ask({ type: "credential", route, scheme, field, ...message }).then(heard);
    }
  };
}
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
      const first = answer && !answer.hidden && answer.firstElementChild;
      if (first) first.scrollIntoView({ block: "nearest" });
      if (!held || shadow.activeElement !== aside && shadow.activeElement) return;
      if (inAnswer && answer.isConnected) {
        answer.tabIndex = -1;
        answer.focus({ preventScroll: true });
      } else if (button.isConnected && !button.disabled) button.focus({ preventScroll: true });
    });
    const state2 = formState(aside);
    return ask({ type: "send", route, state: state2 }).then((reply) => {
      heard(reply);
      if (reply.error) throw new Error(reply.error);
      told(state2);
      if (reply.table) setTimeout(() => addTable(aside, reply.table, reply.paged ? () => ask({ type: "pages", route }) : null));
      return reply;
    }).finally(giveBack);
  };
}
function sendOnRunKeys(aside) {
  const send2 = aside.querySelector("[data-send]");
  if (!send2) return;
  send2.setAttribute("aria-keyshortcuts", "Control+Enter Meta+Enter Shift+Enter");
  send2.title = "Send (Ctrl+Enter or Shift+Enter)";
  aside.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.altKey || event.isComposing) return;
    const target = event.composedPath()[0];
    const inBody = target && target.tagName === "TEXTAREA";
    const ctrl = (event.ctrlKey || event.metaKey) && !event.shiftKey;
    const shift = event.shiftKey && !event.ctrlKey && !event.metaKey && !inBody;
    if (!ctrl && !shift) return;
    event.preventDefault();
    if (!send2.disabled) send2.click();
  });
}
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
function envMode(input, on) {
  input.type = on ? "text" : "password";
  input.placeholder = on ? "the name of an environment variable of the kernel" : input.getAttribute("data-placeholder") || "";
  if (!on && ENV_NAME.test(input.value)) input.value = "";
  showEnvProblem(input, on ? input.value : "");
}
var ENV_RULE = "is not the name of an environment variable the kernel reads: capitals, digits and _, such as ORG_TOKEN";
function envName(aside, scheme, field) {
  const input = [...aside.querySelectorAll("[data-cred-scheme]")].find(
    (one) => one.getAttribute("data-cred-scheme") === scheme && one.getAttribute("data-cred-field") === field
  );
  const choice = input && input.closest(".field").querySelector("[data-env-choice]");
  const name = choice && choice.checked ? input.value.trim() : "";
  return ENV_NAME.test(name) ? name : "";
}
function badEnvNames(aside) {
  return [...aside.querySelectorAll("[data-cred-scheme]")].filter((input) => {
    const choice = input.closest(".field").querySelector("[data-env-choice]");
    return choice && choice.checked && input.value.trim() && !ENV_NAME.test(input.value.trim());
  }).map((input) => input.value.trim());
}
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
function addEnvChoices(aside) {
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
      input.dispatchEvent(new Event("input", { bubbles: true }));
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
function addCodeActions(aside, route, ask, told) {
  const send2 = aside.querySelector("[data-send]");
  if (!send2) return;
  const row = element("div", "ow-code-actions");
  const shown2 = element("div", "ow-code-shown");
  const labels = VOILA ? ["Copy as Python (httpx)", "Copy as Python (orgdocs)"] : ["Copy as code", "Copy as a RequestForm cell"];
  [["httpx", labels[0]], ["orgdocs", labels[1]]].forEach(([style, text]) => {
    const button = element("button", "button button-small", text);
    button.type = "button";
    button.addEventListener("click", () => {
      const state2 = formState(aside);
      ask({ type: "code", route, style, state: state2, standalone: VOILA }).then((reply) => {
        shown2.textContent = "";
        if (reply.error) {
          shown2.appendChild(element("p", "notice notice-error", reply.error));
          return;
        }
        told(state2);
        const pre = element("pre", "ow-code");
        pre.tabIndex = 0;
        pre.textContent = reply.code;
        const credentials2 = style === "orgdocs" && !VOILA ? ", with the credentials this kernel keeps, the others read from environment variables." : ", credentials read from environment variables.";
        const said = element("p", "hint", (VOILA ? "Python that sends this request again (a script or a notebook's cell)" : "Paste it into a cell: it sends this request again") + credentials2);
        shown2.appendChild(said);
        shown2.appendChild(pre);
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(reply.code).then(
            () => {
              said.textContent = "Copied. " + said.textContent;
            },
            () => {
            }
          );
        }
      });
    });
    row.appendChild(button);
  });
  send2.insertAdjacentElement("afterend", row);
  row.insertAdjacentElement("afterend", shown2);
}
function formState(root) {
  const form = root.querySelector("[data-form]");
  const state2 = { values: {}, variables: {}, headers: [] };
  if (!form) return state2;
  form.querySelectorAll("[data-param-name]").forEach((input) => {
    const key = input.getAttribute("data-param-in") + ":" + input.getAttribute("data-param-name");
    state2.values[key] = input.type === "checkbox" ? input.checked : input.value;
  });
  const server = form.querySelector("[data-server]");
  if (server) {
    state2.server = parseInt(server.value, 10) || 0;
    const box = form.querySelector('[data-server-vars="' + server.value + '"]');
    if (box) box.querySelectorAll("[data-var]").forEach((input) => {
      state2.variables[input.getAttribute("data-var")] = input.value;
    });
  }
  const auth = form.querySelector("[data-auth]");
  if (auth) state2.auth = parseInt(auth.value, 10) || 0;
  form.querySelectorAll("[data-header-row]").forEach((row) => {
    const inputs = row.querySelectorAll("input");
    if (inputs.length >= 2) state2.headers.push([inputs[0].value, inputs[1].value]);
  });
  const media = form.querySelector("[data-media]");
  if (media) state2.mediaType = media.value;
  const body2 = form.querySelector("[data-body]");
  if (body2) state2.body = body2.value;
  return state2;
}
var asText = (value) => value === null || value === void 0 ? "" : String(value);
function fillForm(root, state2, known) {
  const form = root.querySelector("[data-form]");
  if (!form) return;
  const was = known || { values: {}, variables: {} };
  const changed = (value, before) => !known || asText(value) !== asText(before);
  const values2 = state2.values || {};
  form.querySelectorAll("[data-param-name]").forEach((input) => {
    const key = input.getAttribute("data-param-in") + ":" + input.getAttribute("data-param-name");
    if (!(key in values2) || !changed(values2[key], (was.values || {})[key])) return;
    if (input.type === "checkbox") input.checked = !!values2[key];
    else input.value = asText(values2[key]);
  });
  const server = form.querySelector("[data-server]");
  if (server && typeof state2.server === "number" && server.options[state2.server]) {
    if (changed(state2.server, was.server)) {
      server.value = String(state2.server);
      form.querySelectorAll("[data-server-vars]").forEach((box2) => {
        box2.hidden = box2.getAttribute("data-server-vars") !== server.value;
      });
    }
    const box = form.querySelector('[data-server-vars="' + server.value + '"]');
    Object.entries(state2.variables || {}).forEach(([name, value]) => {
      if (!changed(value, (was.variables || {})[name])) return;
      if (box) box.querySelectorAll("[data-var]").forEach((input) => {
        if (input.getAttribute("data-var") === name) input.value = value;
      });
    });
  }
  const media = form.querySelector("[data-media]");
  if (media && state2.mediaType && changed(state2.mediaType, was.mediaType)) media.value = state2.mediaType;
  const body2 = form.querySelector("[data-body]");
  if (body2 && typeof state2.body === "string" && changed(state2.body, was.body)) body2.value = state2.body;
}
function addTable(root, html, morePages) {
  const view = root.querySelector("[data-response]");
  if (!view || view.hidden) return;
  const details = element("details", "ow-table");
  const summary = element("summary", "", "Table");
  details.appendChild(summary);
  const box = element("div", "ow-table-box");
  box.innerHTML = html;
  details.appendChild(box);
  if (morePages) {
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

// orgdocs/render/widgets/static/view-kernel.js
var KERNEL_WAIT = 4e3;
var NO_KERNEL = "No kernel answers this view: it shows what was last shown. " + (VOILA ? "Reload the page" : "Run its cell") + " to explore and send.";
var SILENT = "The kernel has not answered this view for a few seconds. It may be " + (VOILA ? "busy" : "running a long cell") + "; if it restarted or stopped since the view was drawn, " + RERUN + " to explore and send.";
function kernel(model, silent) {
  const waiting = /* @__PURE__ */ new Map();
  let next = 0;
  let quiet = null;
  function watch() {
    if (quiet === null && waiting.size) quiet = setTimeout(() => silent && waiting.size && silent(true), KERNEL_WAIT);
  }
  function heard() {
    clearTimeout(quiet);
    quiet = null;
    if (silent) silent(false);
    watch();
  }
  function onMessage(message) {
    if (message && message.type === "form-state" && message.id === void 0) {
      FORMS.forEach((mounted) => mounted.route === message.route && mounted.refresh(message));
      return;
    }
    if (message && message.type === "form-answer" && message.id === void 0) {
      FORMS.forEach((mounted) => mounted.route === message.route && mounted.answered(message.answer));
      return;
    }
    if (!message || message.id === void 0 || !waiting.has(message.id)) return;
    const done = waiting.get(message.id);
    waiting.delete(message.id);
    heard();
    done(message);
  }
  model.on("msg:custom", onMessage);
  return {
    ask(content) {
      const id = "q" + next++ + "-" + Math.random().toString(36).slice(2);
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        watch();
        try {
          model.send({ ...content, id });
        } catch (error) {
          if (silent) silent(true);
        }
      });
    },
    close() {
      clearTimeout(quiet);
      model.off("msg:custom", onMessage);
    }
  };
}
var INDEXES = /* @__PURE__ */ new WeakMap();
function loadIndex(model, ask) {
  if (!INDEXES.has(model)) {
    const promise = ask({ type: "index" }).then((answer) => {
      if (answer.error) throw new Error(answer.error);
      const index = answer.index;
      const byRoute = new Map(index.endpoints.map((entry) => [entry.route, entry]));
      return { index, byRoute, search: new SearchIndex(index.endpoints, index.search) };
    });
    promise.catch(() => INDEXES.delete(model));
    INDEXES.set(model, promise);
  }
  return INDEXES.get(model);
}
function waitingNote(box) {
  const timer = setTimeout(() => {
    if (box.isConnected && !box.querySelector("[data-form]")) box.appendChild(element("p", "hint ow-no-kernel", NO_KERNEL));
  }, KERNEL_WAIT);
  return timer;
}

// orgdocs/render/site/assets/schema.js
function schemaTrees(root, host) {
  var MAX_BUTTONS = 8;
  var FIELD_PARTS = "ul.schema-props, .schema-variants, details.schema-more";
  var fromKernel = host.componentTree;
  var pages = {};
  var inserted = 0;
  function byId(id) {
    return root.getElementById ? root.getElementById(id) : root.querySelector("#" + CSS.escape(id));
  }
  function el(tag, className, text) {
    var node2 = document.createElement(tag);
    if (className) node2.className = className;
    if (text !== void 0) node2.textContent = text;
    return node2;
  }
  function componentTree2(details) {
    if (fromKernel) {
      return fromKernel(details.getAttribute("data-ref")).then(function(html) {
        var holder = document.createElement("template");
        holder.innerHTML = html || "";
        return holder.content.querySelector(".schema-tree");
      });
    }
    var href = details.getAttribute("data-page");
    if (!href || typeof fetch !== "function") return Promise.resolve(null);
    var url = new URL(href, document.baseURI).href;
    if (!pages[url]) {
      pages[url] = fetch(url).then(function(response2) {
        if (!response2.ok) throw new Error(response2.status + " " + response2.statusText);
        return response2.text();
      }).then(function(text) {
        return new DOMParser().parseFromString(text, "text/html");
      });
      pages[url].catch(function() {
        delete pages[url];
      });
    }
    return pages[url].then(function(page) {
      return page.querySelector("#schema .schema-tree");
    });
  }
  function fill2(details, tree) {
    var parts = Array.prototype.filter.call(tree.children, function(child) {
      return child.matches(FIELD_PARTS);
    });
    if (!parts.length) {
      details.appendChild(el("p", "schema-cut", "No fields."));
      return;
    }
    var prefix = "f" + ++inserted + "-", ids = {};
    var row = details.closest(".schema-row[id]");
    if (tree.id && row) ids[tree.id] = row.id;
    parts = parts.map(function(part) {
      return document.importNode(part, true);
    });
    parts.forEach(function(part) {
      part.querySelectorAll("[id]").forEach(function(node2) {
        ids[node2.id] = prefix + node2.id;
        node2.id = prefix + node2.id;
      });
    });
    var base = details.getAttribute("data-base");
    if (base) {
      parts.forEach(function(part) {
        part.querySelectorAll(":scope > li.schema-row[data-from]").forEach(function(row2) {
          if (row2.getAttribute("data-from").split(" ").indexOf(base) >= 0) row2.remove();
        });
      });
    }
    parts.forEach(function(part) {
      part.querySelectorAll('a[href^="#"]').forEach(function(link) {
        var target = ids[link.getAttribute("href").slice(1)];
        if (target) link.setAttribute("href", "#" + target);
      });
      part.querySelectorAll("[aria-current]").forEach(function(node2) {
        node2.removeAttribute("aria-current");
      });
      details.appendChild(part);
    });
    watch(details);
    setupChoices(details);
    fieldLinks(details);
  }
  function load(details) {
    if (details.getAttribute("data-filled")) return Promise.resolve();
    details.setAttribute("data-filled", "true");
    var notes = details.querySelectorAll(":scope > .schema-cut");
    var note = el("p", "schema-cut", "Loading its fields…");
    details.appendChild(note);
    return componentTree2(details).then(function(tree) {
      if (!tree) throw new Error("no schema tree there");
      return tree;
    }).then(function(tree) {
      notes.forEach(function(cut) {
        cut.remove();
      });
      note.remove();
      fill2(details, tree);
    }, function() {
      note.textContent = details.hasAttribute("data-page") ? "Its fields could not be loaded: follow its name to its page." : "Its fields could not be loaded: the notebook's kernel does not answer. Run the view's cell again.";
      details.removeAttribute("data-filled");
    });
  }
  function onToggle(event) {
    var details = event.currentTarget || event.target;
    if (details.open) load(details);
  }
  function watch(root2) {
    root2.querySelectorAll("details.schema-lazy").forEach(function(details) {
      details.addEventListener("toggle", onToggle);
    });
  }
  var choosers = typeof WeakMap === "function" ? /* @__PURE__ */ new WeakMap() : null;
  function setupChoices(root2) {
    root2.querySelectorAll(".schema-variants[data-choice]").forEach(function(box) {
      if (box.hasAttribute("data-ready")) return;
      box.setAttribute("data-ready", "");
      var list = box.querySelector(":scope > .schema-props");
      if (!list) return;
      var rows = Array.prototype.slice.call(list.children);
      var label = box.querySelector(":scope > .schema-variants-label");
      var what = (label ? label.textContent : "One of") + ": choose a variant";
      var names = rows.map(function(row, i) {
        var name = row.querySelector(":scope > .schema-head > .schema-variant");
        return name ? name.textContent : "Option " + (i + 1);
      });
      var group2, buttons = [], menu = null;
      if (rows.length > MAX_BUTTONS) {
        group2 = el("label", "schema-choice schema-choice-list");
        var property = box.getAttribute("data-discriminator");
        group2.appendChild(el("span", "schema-choice-label", property || "Variant"));
        menu = el("select", "schema-choice-select");
        menu.setAttribute("aria-label", what);
        names.forEach(function(name, i) {
          var option = el("option", "", name);
          option.value = String(i);
          menu.appendChild(option);
        });
        menu.addEventListener("change", function() {
          select(parseInt(menu.value, 10));
        });
        group2.appendChild(menu);
        group2.appendChild(el("span", "schema-choice-count", "of " + rows.length));
      } else {
        group2 = el("div", "schema-choice");
        group2.setAttribute("role", "group");
        group2.setAttribute("aria-label", what);
        buttons = names.map(function(name, i) {
          var button = el("button", "schema-choice-button", name);
          button.type = "button";
          button.addEventListener("click", function() {
            select(i);
          });
          group2.appendChild(button);
          return button;
        });
      }
      function select(index) {
        rows.forEach(function(row, i) {
          row.hidden = i !== index;
          if (buttons[i]) buttons[i].setAttribute("aria-pressed", i === index ? "true" : "false");
        });
        if (menu) menu.value = String(index);
        var more = rows[index].querySelector(":scope > details.schema-more");
        if (more && !more.open) more.open = true;
      }
      if (choosers) choosers.set(box, select);
      box.insertBefore(group2, list);
      box.classList.add("schema-variants-chosen");
      select(0);
    });
  }
  function fieldName(row) {
    var name = row.querySelector(":scope > .schema-head > .schema-name, :scope > .schema-head > .schema-variant");
    return name ? name.textContent.replace(/\s+/g, "_") : "";
  }
  function treePlace(tree) {
    var param = tree.closest(".param");
    var name = param && param.querySelector(".param-name");
    var section = tree.parentElement && tree.parentElement.closest("[id]:not(.schema-row):not(.schema-tree)");
    var place = section ? section.id : "schema";
    return name ? place + "." + name.textContent.replace(/\s+/g, "_") : place;
  }
  function fieldLinks(root2) {
    root2.querySelectorAll(".schema-row > .schema-head").forEach(function(head) {
      if (head.id) return;
      var row = head.parentElement;
      var tree = row.closest(".schema-tree");
      var names = [];
      for (var node2 = row; node2 && node2 !== tree; node2 = node2.parentElement) {
        if (node2.classList.contains("schema-row")) names.unshift(fieldName(node2));
      }
      if (!tree || names.indexOf("") >= 0) return;
      var base = treePlace(tree) + "." + names.join("."), id = base;
      for (var n = 2; byId(id); n++) id = base + "~" + n;
      head.id = id;
      var link = el("a", "anchor field-anchor");
      link.href = "#" + encodeURIComponent(id);
      link.appendChild(el("span", "", "#")).setAttribute("aria-hidden", "true");
      link.appendChild(el("span", "visually-hidden", "Link to field " + names.join(".")));
      head.appendChild(link);
    });
  }
  function showTarget() {
    var id = "";
    try {
      id = decodeURIComponent(window.location.hash.slice(1));
    } catch (error) {
      return;
    }
    if (id) reveal(id, 0, false);
  }
  function reveal(id, tries, opened) {
    var target = byId(id);
    if (!target && tries < 32) {
      var opening = openNearest(id);
      if (opening) return opening.then(function() {
        reveal(id, tries + 1, true);
      });
    }
    for (var row = target && target.closest(".schema-row"); row; row = row.parentElement.closest(".schema-row")) {
      if (!row.hidden) continue;
      var list = row.parentElement, box = list.parentElement;
      var select = choosers && choosers.get(box);
      if (select) select(Array.prototype.indexOf.call(list.children, row));
    }
    if (target && opened) {
      for (var node2 = target.parentElement; node2; node2 = node2.parentElement) {
        if (node2.tagName === "DETAILS" && !node2.open) node2.open = true;
      }
      target.scrollIntoView();
    }
  }
  function openNearest(id) {
    for (var cut = id.lastIndexOf("."); cut > 0; cut = id.lastIndexOf(".", cut - 1)) {
      var head = byId(id.slice(0, cut));
      if (!head || !head.classList.contains("schema-head")) continue;
      var folded = head.parentElement.querySelector(":scope > details.schema-lazy:not([data-filled])");
      if (!folded) return null;
      folded.open = true;
      return load(folded);
    }
    return null;
  }
  watch(root);
  setupChoices(root);
  fieldLinks(root);
  if (host.followAddress) {
    showTarget();
    window.addEventListener("hashchange", showTarget);
  }
}

// orgdocs/render/widgets/static/view-operation.js
function wholePage(route, ready, ask, kept) {
  if (!route || !ready) return Promise.resolve(["", route, false]);
  const late = new Promise((resolve) => setTimeout(() => {
    const html = kept(route);
    if (html) resolve({ kept: html });
  }, KERNEL_WAIT));
  return Promise.race([ask({ type: "page", route }), late]).then((answer) => [answer.html || answer.kept || "", route, !!answer.html]);
}
function keptReference(el, route) {
  const output = el.closest(".jp-OutputArea-child");
  const twin = output && output.nextElementSibling;
  const article = twin && twin.querySelector(".orgdocs-widget-snapshot > article[data-route]");
  return article && article.getAttribute("data-route") === route ? article.outerHTML : "";
}
function showOperation(pane, html, route, ask, withForm) {
  pane.textContent = "";
  if (!html) {
    const hint = pane.appendChild(element("p", "ow-muted", "Select an operation to read its reference."));
    if (ask) ask({ type: "overview" }).then((answer) => {
      if (!answer.html || !hint.isConnected || hint.nextSibling) return;
      const overview = pane.appendChild(element("div", "ow-overview-box"));
      overview.innerHTML = answer.html;
      runCodeScript(overview);
    });
    return;
  }
  const article = element("article", "ow-operation");
  article.innerHTML = html;
  let aside = null;
  if (withForm && route) {
    const layout = element("div", "op-layout");
    const main = element("div", "op-main");
    aside = element("aside", "op-aside ow-form");
    aside.setAttribute("aria-label", "Try it");
    main.appendChild(article);
    layout.appendChild(main);
    layout.appendChild(aside);
    pane.appendChild(layout);
    const jump = element("button", "button button-small ow-jump", "Try it ↓");
    jump.type = "button";
    jump.addEventListener("click", () => {
      aside.scrollIntoView({ block: "start" });
      const first = aside.querySelector("input, select, textarea, button");
      if (first) first.focus({ preventScroll: true });
    });
    const line = article.querySelector(".op-line");
    if (line) line.appendChild(jump);
    else article.prepend(jump);
  } else {
    pane.appendChild(article);
  }
  if (aside) article.querySelectorAll(".op-samples").forEach((section) => section.remove());
  runCodeScript(article);
  runSchemaScript(article, route, ask);
  pane.scrollTop = 0;
  if (aside) {
    waitingNote(aside);
    ask({ type: "form", route }).then((answer) => {
      aside.querySelectorAll(".ow-no-kernel").forEach((note) => note.remove());
      if (answer.error || !aside.isConnected) {
        if (answer.error) aside.appendChild(element("p", "notice notice-error", answer.error));
        return;
      }
      mountSiteForm(aside, answer, route, ask);
      runCodeScript(aside);
    });
  }
}
function componentTree(route, ask) {
  return (ref) => {
    const late = new Promise((resolve, reject) => setTimeout(() => reject(new Error("no kernel")), KERNEL_WAIT));
    return Promise.race([ask({ type: "tree", route, ref }), late]).then((answer) => {
      if (answer.error) throw new Error(answer.error);
      return answer.html;
    });
  };
}
function runSchemaScript(root, route, ask) {
  schemaTrees(root, { componentTree: route && ask ? componentTree(route, ask) : void 0 });
}
function runCodeScript(root) {
  codeBlocks(root, { samples });
}

// orgdocs/render/widgets/static/view-navigator.js
var METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
var MAX_ROWS = 100;
var QUERY_PAUSE = 150;
function pathCode(path) {
  const code = element("code", "ow-path");
  path.split("/").forEach((part, i) => {
    if (i > 0) {
      code.appendChild(document.createTextNode("/"));
      code.appendChild(document.createElement("wbr"));
    }
    code.appendChild(document.createTextNode(part));
  });
  return code;
}
function methodBadge(method) {
  const css = METHODS.indexOf(method.toLowerCase()) >= 0 ? method.toLowerCase() : "other";
  return element("span", "method method-" + css, method.toUpperCase());
}
function listbox(id, label) {
  const ul = element("ul", "ow-list");
  ul.id = id;
  ul.tabIndex = 0;
  ul.setAttribute("role", "listbox");
  ul.setAttribute("aria-label", label);
  return ul;
}
function listHeading(className, text) {
  const li = element("li", className, text);
  li.setAttribute("role", "presentation");
  return li;
}
var EndpointNavigator = class {
  constructor(model, root, ask, signal, onOpen) {
    this.model = model;
    this.onOpen = onOpen;
    this.listId = "ow-list-" + Math.random().toString(36).slice(2);
    this.data = null;
    this.options = [];
    this.active = -1;
    this.activeRow = null;
    this.navigation = null;
    this.showAll = false;
    this.pending = null;
    this.ask = ask;
    root.appendChild(this.makeBox());
    this.wire(signal);
    this.load(ask, signal);
  }
  makeBox() {
    const box = element("div", "ow-nav");
    const search = element("div", "search ow-search");
    search.setAttribute("role", "search");
    const input = this.input = element("input", "search-input");
    input.type = "search";
    input.placeholder = "Search endpoints  /";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.setAttribute("aria-label", "Search endpoints");
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "true");
    this.status = element("p", "ow-status", "Loading the operations…");
    this.status.setAttribute("aria-live", "polite");
    this.navList = listbox(this.listId + "-nav", "Operations");
    this.resultList = listbox(this.listId + "-found", "Search results");
    this.resultList.hidden = true;
    this.list = this.navList;
    input.setAttribute("aria-controls", this.navList.id);
    search.appendChild(input);
    box.appendChild(search);
    box.appendChild(this.status);
    box.appendChild(this.navList);
    box.appendChild(this.resultList);
    return box;
  }
  showList(which) {
    if (this.list === which) return;
    this.list = which;
    this.navList.toggleAttribute("data-away", which !== this.navList);
    this.resultList.hidden = which !== this.resultList;
    if (which === this.navList) this.resultList.replaceChildren();
    this.input.setAttribute("aria-controls", which.id);
  }
  row(entry, key) {
    const li = element("li", "ow-row" + (entry.deprecated ? " nav-deprecated" : ""));
    li.id = this.listId + "-" + key;
    li.setAttribute("role", "option");
    li.setAttribute("data-route", entry.route);
    li.setAttribute("aria-selected", entry.route === this.model.get("value") ? "true" : "false");
    li.appendChild(methodBadge(entry.method));
    const text = element("span", "ow-row-text");
    text.appendChild(element("span", "ow-title", entry.title));
    text.appendChild(pathCode(entry.path));
    li.appendChild(text);
    if (entry.deprecated) li.title = "deprecated";
    return li;
  }
  buildNavigation() {
    const nodes = [];
    const rows = [];
    let counter = 0;
    const navigation = this.data.index.navigation;
    navigation.forEach((group2) => {
      const sections = group2.sections.filter((s) => s.items.some((item) => item.kind === "operation"));
      if (!sections.length) return;
      if (navigation.length > 1) nodes.push(listHeading("ow-group", group2.group));
      sections.forEach((section) => {
        nodes.push(listHeading("ow-heading", section.title));
        section.items.forEach((item) => {
          if (item.kind !== "operation") return;
          const entry = this.data.byRoute.get(item.route) || item;
          const li = this.row({ ...entry, title: item.title, deprecated: item.deprecated }, "n" + counter++);
          nodes.push(li);
          rows.push(li);
        });
      });
    });
    return { nodes, rows };
  }
  draw() {
    if (!this.data) return;
    const query = (this.model.get("query") || "").trim();
    if (query) this.drawResults(query);
    else this.drawNavigation();
  }
  drawNavigation() {
    if (!this.navigation) {
      this.navigation = this.buildNavigation();
      this.navList.replaceChildren(...this.navigation.nodes);
    }
    this.showList(this.navList);
    this.options = this.navigation.rows;
    this.markSelected();
    this.status.textContent = `${this.data.index.endpoints.length.toLocaleString("en")} operations`;
    const selected = this.options.findIndex((li) => li.getAttribute("data-route") === this.model.get("value"));
    this.setActive(selected, false);
  }
  drawResults(query) {
    const total = this.data.index.endpoints.length;
    const found = this.data.search.search(query);
    const shown2 = this.showAll ? found : found.slice(0, MAX_ROWS);
    const fragment = document.createDocumentFragment();
    this.options = shown2.map((entry, i) => {
      const li = this.row(entry, "r" + i);
      li.querySelector(".ow-row-text").appendChild(element("span", "ow-section", entry.section));
      fragment.appendChild(li);
      return li;
    });
    if (shown2.length < found.length) fragment.appendChild(this.showAllRow(found.length));
    this.resultList.replaceChildren(fragment);
    this.showList(this.resultList);
    this.resultList.scrollTop = 0;
    if (!found.length) this.status.textContent = "No operation matches “" + query + "”.";
    else this.status.textContent = `${found.length.toLocaleString("en")} of ${total.toLocaleString("en")} operations match`;
    this.active = -1;
    this.setActive(0, false);
  }
  showAllRow(count) {
    const more = element("li", "ow-more");
    more.setAttribute("role", "presentation");
    const button = element("button", "button button-small", `Show all ${count.toLocaleString("en")}`);
    button.type = "button";
    button.addEventListener("click", () => {
      this.showAll = true;
      this.draw();
    });
    more.appendChild(button);
    return more;
  }
  setActive(position, scroll) {
    if (this.activeRow) this.activeRow.classList.remove("is-active");
    this.activeRow = null;
    if (!this.options.length || position < 0) {
      this.active = -1;
      this.input.removeAttribute("aria-activedescendant");
      this.navList.removeAttribute("aria-activedescendant");
      this.resultList.removeAttribute("aria-activedescendant");
      return;
    }
    this.active = Math.max(0, Math.min(position, this.options.length - 1));
    const li = this.options[this.active];
    this.activeRow = li;
    li.classList.add("is-active");
    this.input.setAttribute("aria-activedescendant", li.id);
    this.list.setAttribute("aria-activedescendant", li.id);
    if (scroll) li.scrollIntoView({ block: "nearest" });
  }
  open(position) {
    const li = this.options[position];
    if (!li) return;
    this.setActive(position, true);
    const route = li.getAttribute("data-route");
    this.model.set("value", route);
    this.model.save_changes();
    this.markSelected();
    if (this.onOpen) this.onOpen(route);
    this.ask({ type: "ping" });
  }
  markSelected() {
    const route = this.model.get("value");
    this.options.forEach((li) => li.setAttribute("aria-selected", li.getAttribute("data-route") === route ? "true" : "false"));
  }
  onKey(event) {
    const list = this.list;
    const page = Math.max(1, Math.floor(list.clientHeight / 32));
    const moves = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    if (event.key in moves) {
      this.setActive(this.active < 0 ? 0 : this.active + moves[event.key], true);
    } else if (event.key === "Home" && event.target === list) {
      this.setActive(0, true);
    } else if (event.key === "End" && event.target === list) {
      this.setActive(this.options.length - 1, true);
    } else if (event.key === "Enter") {
      this.open(this.active < 0 ? 0 : this.active);
    } else if (event.key === "Escape" && event.target === this.input && this.input.value) {
      this.input.value = "";
      this.typed();
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  }
  typed() {
    this.showAll = false;
    this.model.set("query", this.input.value);
    this.draw();
    this.saveQuerySoon();
  }
  saveQuerySoon() {
    clearTimeout(this.pending);
    this.pending = setTimeout(() => this.model.save_changes(), QUERY_PAUSE);
  }
  /* the query or the selection changed in the kernel */
  heardQuery() {
    const input = this.input;
    if (input.value === this.model.get("query")) return;
    if (input.getRootNode().activeElement === input) {
      this.model.set("query", input.value);
      this.saveQuerySoon();
      return;
    }
    input.value = this.model.get("query");
    this.draw();
  }
  heardValue() {
    this.markSelected();
    const index = this.options.findIndex((li) => li.getAttribute("data-route") === this.model.get("value"));
    if (index >= 0) this.setActive(index, true);
  }
  wire(signal) {
    const onKey = (event) => this.onKey(event);
    this.input.addEventListener("input", () => this.typed(), { signal });
    this.input.addEventListener("keydown", onKey, { signal });
    [this.navList, this.resultList].forEach((ul) => {
      ul.addEventListener("keydown", onKey, { signal });
      ul.addEventListener("click", (event) => {
        const li = event.target.closest("[role=option]");
        if (li) this.open(this.options.indexOf(li));
      }, { signal });
    });
    listen(this.model, "change:query", () => this.heardQuery(), signal);
    listen(this.model, "change:value", () => this.heardValue(), signal);
  }
  load(ask, signal) {
    const status = this.status;
    this.input.value = this.model.get("query") || "";
    const silent = setTimeout(() => {
      if (!this.data) {
        status.textContent = NO_KERNEL;
        status.classList.add("ow-no-kernel");
      }
    }, KERNEL_WAIT);
    signal.addEventListener("abort", () => clearTimeout(silent));
    loadIndex(this.model, ask).then((loaded) => {
      status.classList.remove("ow-no-kernel");
      this.data = loaded;
      this.draw();
      const selected = this.list.querySelector('[aria-selected="true"]');
      if (selected) selected.scrollIntoView({ block: "nearest" });
    }, (error) => {
      status.textContent = "The operations could not be loaded (" + error.message + "). " + RERUN[0].toUpperCase() + RERUN.slice(1) + ".";
    });
  }
  focusSearch() {
    this.input.focus();
    this.input.select();
  }
};

// orgdocs/render/widgets/static/widget.js
function renderForm(root, model, ask) {
  const pane = element("div", "ow-detail ow-form-only");
  root.appendChild(pane);
  waitingNote(pane);
  ask({ type: "form", route: model.get("_route") }).then((answer) => {
    pane.textContent = "";
    if (answer.error) pane.appendChild(element("p", "notice notice-error", answer.error));
    else {
      mountSiteForm(pane, answer, model.get("_route"), ask);
      runCodeScript(pane);
    }
  });
}
function renderOperation(root, model, ask, kept) {
  const pane = element("div", "ow-detail");
  root.appendChild(pane);
  wholePage(model.get("_route"), true, ask, kept).then(([html, route]) => showOperation(pane, html, route, ask));
}
function explorerPane(body2, model, ask, signal, kept) {
  const pane = element("div", "ow-detail");
  pane.tabIndex = -1;
  pane.setAttribute("role", "region");
  pane.setAttribute("aria-label", "Operation");
  body2.appendChild(pane);
  let shown2 = 0;
  let showing = null;
  const show = () => {
    const ticket = ++shown2;
    const route = model.get("value");
    const of = model.get("_shown");
    if (route && (of && of !== route || route === showing)) return;
    wholePage(route, !!of, ask, kept).then(([html, , whole]) => {
      if (ticket !== shown2) return;
      showOperation(pane, html, route, ask, true);
      showing = whole ? route : null;
    });
  };
  show();
  listen(model, "change:_shown", show, signal);
  return pane;
}
function renderNavigator(root, model, ask, signal, kind, kept) {
  const title = model.get("_title");
  if (title) root.appendChild(element("h2", "ow-site-title", title));
  const body2 = element("div", "ow-body");
  root.appendChild(body2);
  let pane = null;
  const nav = new EndpointNavigator(model, body2, ask, signal, () => pane && pane.focus({ preventScroll: true }));
  if (kind === "explorer") pane = explorerPane(body2, model, ask, signal, kept);
  root.addEventListener("keydown", (event) => {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.composedPath()[0];
    const tag = target && target.tagName ? target.tagName.toLowerCase() : "";
    if (tag === "input" || tag === "textarea" || tag === "select" || target && target.isContentEditable) return;
    event.preventDefault();
    event.stopPropagation();
    nav.focusSearch();
  }, { signal });
}
function sayWhenSilent(root, silent) {
  let line = root.querySelector(":scope > .ow-silent");
  if (!silent) {
    if (line) line.remove();
    return;
  }
  if (line) return;
  line = element("p", "notice ow-silent", SILENT);
  line.setAttribute("role", "status");
  root.prepend(line);
}
function render({ model, el }) {
  const controller = new AbortController();
  const signal = controller.signal;
  const kind = model.get("_kind");
  const root = frame(el, signal, kind);
  const channel = kernel(model, (silent) => sayWhenSilent(root, silent));
  const ask = channel.ask;
  const kept = (route) => keptReference(el, route);
  if (kind === "form") renderForm(root, model, ask);
  else if (kind === "operation") renderOperation(root, model, ask, kept);
  else renderNavigator(root, model, ask, signal, kind, kept);
  return () => {
    controller.abort();
    channel.close();
  };
}
var widget_default = { render };
export {
  widget_default as default
};
