/* Built by esbuild from orgdocs/render/site/assets/site.js and the modules it imports: npm run build. Do not edit. */
(() => {
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
  SYNONYMS.forEach(function(group) {
    group[0].forEach(function(word) {
      GROUPS.set(word, [group[0].filter(function(other) {
        return other !== word;
      }), group[1]]);
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
        var base2 = word.slice(0, -ending.length);
        var found = [base2, base2 + "e"];
        var letters = codePoints(base2);
        if (letters.length >= 4 && letters[letters.length - 1] === letters[letters.length - 2]) {
          found.push(typeof letters === "string" ? base2.slice(0, -1) : letters.slice(0, -1).join(""));
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
    var placeholders = path.match(PLACEHOLDER) || [];
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
    fields.push([PARAMETER, placeholders.concat(entry.params).join(" "), true]);
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
    var literal = words(literalPath, false);
    var paths = this._paths;
    literal.forEach(function(word) {
      var positions = paths.get(word);
      if (!positions) paths.set(word, [position]);
      else if (positions[positions.length - 1] !== position) positions.push(position);
    });
    this._pathSizes.push(new Set(literal).size + placeholders.length);
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
    var group = GROUPS.get(word) || [ASKS.get(word) || [], []];
    group[0].forEach(function(synonym) {
      alternatives.push([synonym, SYNONYM, false]);
    });
    var self = this;
    (this._related.get(word) || []).forEach(function(other) {
      if (self._postings.has(other)) alternatives.push([other, RELATED, null]);
    });
    if (!this._postings.has(word)) {
      bases(word).forEach(function(base2) {
        if (length(base2) >= BASE_PREFIX) alternatives.push([base2, INFLECTED, false]);
        else if (self._postings.has(base2)) alternatives.push([base2, INFLECTED, null]);
      });
    }
    var touched = [];
    alternatives.forEach(function(alternative) {
      var quality = alternative[1];
      var matches = alternative[2] === null ? /* @__PURE__ */ new Map([[alternative[0], 1]]) : self._expand(alternative[0], alternative[2]);
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
    var values = new Array(n), where = new Array(n);
    for (var i = 0; i < n; i++) {
      var position = touched[i];
      values[i] = best[position];
      where[i] = flags[position];
      best[position] = 0;
      flags[position] = 0;
    }
    return { positions: touched, values, flags: where };
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
        var self = this, group = GROUPS.has(both) ? GROUPS.get(both)[0] : [];
        if ([both].concat(group).some(function(word) {
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
      var touched = known.positions, values = known.values, where = known.flags;
      if (touched.length === 0) return;
      matches.push([term, touched]);
      var rarity = Math.sqrt(Math.sqrt((count + 1) / (touched.length + 1)));
      total += rarity;
      for (var i = 0; i < touched.length; i++) {
        var position2 = touched[i];
        if (matched[position2] === 0) scored.push(position2);
        scores[position2] = scores[position2] + values[i] * rarity;
        matched[position2] = matched[position2] + rarity;
        if (where[i] & IN_TITLE) titleHits[position2]++;
        if (where[i] & IN_PATH) pathHits[position2]++;
      }
      var group = GROUPS.get(term);
      if (group && group[1].length) verbGroups.push(group[1]);
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

  // orgdocs/render/site/assets/site.js
  var body = document.body;
  var base = body.getAttribute("data-base") || "";
  var METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
  var indexPromise = null;
  function routeHref(route) {
    var path = route.replace(/^\/+|\/+$/g, "");
    return path ? base + path + "/" : base + "index.html";
  }
  function fetchJson(url) {
    return fetch(url).then(function(response) {
      if (!response.ok) throw new Error(url.split("/").pop().split("?")[0] + ": HTTP " + response.status);
      return response.json();
    });
  }
  function indexUrl() {
    var input = document.getElementById("search-input");
    return input ? input.getAttribute("data-index") : base + "_docs/openapi/index.json";
  }
  function loadIndex() {
    if (!indexPromise) indexPromise = fetchJson(indexUrl());
    return indexPromise;
  }
  var textsPromise = null;
  function loadTexts() {
    if (!textsPromise) {
      var input = document.getElementById("search-input");
      var url = input && input.getAttribute("data-search") || indexUrl().replace(/index\.json$/, "search.json");
      textsPromise = fetchJson(url).then(function(data) {
        return data && !Array.isArray(data) ? data : { texts: data || [] };
      }, function() {
        return null;
      });
    }
    return textsPromise;
  }
  function methodBadge(method) {
    var span = document.createElement("span");
    var css = METHODS.indexOf(method.toLowerCase()) >= 0 ? method.toLowerCase() : "other";
    span.className = "method method-" + css;
    span.textContent = method;
    return span;
  }
  function setupTheme() {
    var button = document.querySelector(".theme-toggle");
    if (!button) return;
    var root = document.documentElement;
    var media = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
    function isDark() {
      var chosen = root.getAttribute("data-theme");
      return chosen ? chosen === "dark" : !!(media && media.matches);
    }
    function show() {
      button.setAttribute("aria-pressed", isDark() ? "true" : "false");
      button.title = isDark() ? "Switch to the light theme" : "Switch to the dark theme";
    }
    button.hidden = false;
    button.addEventListener("click", function() {
      var next = isDark() ? "light" : "dark";
      root.setAttribute("data-theme", next);
      try {
        window.localStorage.setItem("orgdocs:theme", next);
      } catch (error) {
      }
      show();
    });
    if (media && media.addEventListener) media.addEventListener("change", show);
    show();
  }
  var PAGE = 50;
  function setupSearch() {
    var input = document.getElementById("search-input");
    var list = document.getElementById("search-results");
    if (!input || !list) return;
    var index = null;
    var results = [];
    var shown = 0;
    var active = -1;
    var texts = [];
    var positions = /* @__PURE__ */ new Map();
    var panel = document.createElement("div");
    panel.className = "search-panel";
    panel.hidden = true;
    var count = document.createElement("p");
    count.className = "search-count";
    count.setAttribute("role", "status");
    list.parentNode.insertBefore(panel, list);
    panel.appendChild(count);
    panel.appendChild(list);
    list.hidden = false;
    input.disabled = false;
    var indexed = null;
    function ensureIndex() {
      if (!indexed) {
        indexed = Promise.all([loadIndex(), loadTexts()]).then(function(loaded) {
          var entries = loaded[0].endpoints || [];
          texts = loaded[1] && loaded[1].texts || [];
          entries.forEach(function(entry, i) {
            positions.set(entry, i);
          });
          return SearchIndex.build(entries, loaded[1]);
        }).then(function(built) {
          index = built;
          return built;
        });
      }
      return indexed;
    }
    function close() {
      panel.hidden = true;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      active = -1;
    }
    function option(entry, i) {
      var li = document.createElement("li");
      li.id = "search-option-" + i;
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", "false");
      var a = document.createElement("a");
      a.href = routeHref(entry.route);
      a.tabIndex = -1;
      if (entry.deprecated) a.className = "nav-deprecated";
      var head = document.createElement("span");
      head.className = "search-head";
      head.appendChild(methodBadge(entry.method));
      var title = document.createElement("span");
      title.className = "search-title";
      title.textContent = entry.title;
      head.appendChild(title);
      if (entry.webhook) {
        var hook = document.createElement("span");
        hook.className = "badge badge-webhook";
        hook.textContent = "webhook";
        head.appendChild(hook);
      }
      a.appendChild(head);
      var path = document.createElement("code");
      path.className = "search-path";
      path.textContent = entry.path;
      a.appendChild(path);
      var text = texts[positions.get(entry)];
      if (text) {
        var about = document.createElement("span");
        about.className = "search-text";
        about.textContent = text;
        a.appendChild(about);
      }
      li.appendChild(a);
      li.addEventListener("mousedown", function(event) {
        event.preventDefault();
      });
      li.addEventListener("click", function() {
        window.location.href = a.href;
      });
      return li;
    }
    function showMore() {
      var fragment = document.createDocumentFragment();
      var end = Math.min(results.length, shown + PAGE);
      for (var i = shown; i < end; i++) fragment.appendChild(option(results[i], i));
      list.appendChild(fragment);
      shown = end;
    }
    function highlight(position) {
      if (!results.length) return;
      active = (position + results.length) % results.length;
      while (active >= shown) showMore();
      var options = list.querySelectorAll("[role=option]");
      for (var i = 0; i < options.length; i++) {
        options[i].setAttribute("aria-selected", i === active ? "true" : "false");
      }
      input.setAttribute("aria-activedescendant", options[active].id);
      options[active].scrollIntoView({ block: "nearest" });
    }
    function render(query) {
      list.textContent = "";
      shown = 0;
      if (!query.trim()) {
        close();
        return;
      }
      results = index.search(query);
      count.textContent = results.length === 1 ? "1 match" : results.length + " matches";
      if (!results.length) {
        count.textContent = "No endpoint matches “" + query.trim() + "”.";
      }
      showMore();
      panel.hidden = false;
      panel.scrollTop = 0;
      input.setAttribute("aria-expanded", "true");
      active = -1;
      if (results.length) highlight(0);
    }
    panel.addEventListener("scroll", function() {
      if (shown < results.length && panel.scrollTop + panel.clientHeight > panel.scrollHeight - 400) showMore();
    });
    function update() {
      var query = input.value;
      ensureIndex().then(function() {
        if (input.value === query) render(query);
      }, function(error) {
        list.textContent = "";
        results = [];
        count.textContent = "Search is unavailable: " + error.message;
        panel.hidden = false;
      });
    }
    input.addEventListener("input", update);
    input.addEventListener("blur", function() {
      window.setTimeout(close, 150);
    });
    input.addEventListener("focus", function() {
      if (input.value.trim()) update();
      else ensureIndex().catch(function() {
      });
    });
    input.addEventListener("keydown", function(event) {
      if (event.key === "ArrowDown") {
        event.preventDefault();
        if (panel.hidden) update();
        else highlight(active + 1);
      } else if (event.key === "ArrowUp") {
        event.preventDefault();
        highlight(active - 1);
      } else if (event.key === "Enter") {
        event.preventDefault();
        var chosen = results[active >= 0 ? active : 0];
        if (chosen && !panel.hidden) window.location.href = routeHref(chosen.route);
      } else if (event.key === "Escape") {
        if (!panel.hidden) {
          event.preventDefault();
          close();
        } else {
          input.value = "";
        }
      }
    });
    document.addEventListener("keydown", function(event) {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      var target = event.target;
      var tag = target && target.tagName ? target.tagName.toLowerCase() : "";
      if (tag === "input" || tag === "textarea" || tag === "select" || target && target.isContentEditable) return;
      event.preventDefault();
      input.focus();
      input.select();
    });
  }
  function setupSidebar() {
    var sidebar = document.getElementById("sidebar");
    if (!sidebar) return;
    var current = sidebar.querySelector("[aria-current=page]");
    if (current && sidebar.scrollHeight > sidebar.clientHeight) {
      var top = current.getBoundingClientRect().top - sidebar.getBoundingClientRect().top;
      sidebar.scrollTop += top - sidebar.clientHeight / 2;
    }
    var drawer = document.getElementById("nav-drawer");
    if (drawer) {
      document.addEventListener("keydown", function(event) {
        if (event.key === "Escape" && drawer.checked) {
          drawer.checked = false;
          drawer.focus();
        }
      });
      return;
    }
    var toggle = document.querySelector(".nav-toggle");
    if (toggle) {
      toggle.hidden = false;
      toggle.addEventListener("click", function() {
        var open = body.classList.toggle("nav-open");
        toggle.setAttribute("aria-expanded", open ? "true" : "false");
      });
    }
  }
  function setupExampleTabs(box, boxIndex) {
    var panels = Array.prototype.slice.call(box.querySelectorAll(":scope > .example-panel"));
    if (panels.length < 2 || box.querySelector(":scope > [role=tablist]")) return;
    var tabs = document.createElement("div");
    tabs.className = "sample-tabs example-tablist";
    tabs.setAttribute("role", "tablist");
    tabs.setAttribute("aria-label", "Response status");
    var buttons = panels.map(function(panel, i) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sample-tab example-tab";
      button.id = "example-tab-" + boxIndex + "-" + i;
      button.textContent = panel.getAttribute("data-tab") || "Example " + (i + 1);
      button.setAttribute("role", "tab");
      button.setAttribute("aria-controls", panel.id);
      panel.setAttribute("role", "tabpanel");
      panel.setAttribute("aria-labelledby", button.id);
      button.addEventListener("click", function() {
        select(i, false);
      });
      button.addEventListener("keydown", function(event) {
        var next = { ArrowRight: (i + 1) % panels.length, ArrowLeft: (i - 1 + panels.length) % panels.length, Home: 0, End: panels.length - 1 }[event.key];
        if (next === void 0) return;
        event.preventDefault();
        select(next, true);
      });
      tabs.appendChild(button);
      return button;
    });
    function select(index, focus) {
      panels.forEach(function(panel, i) {
        panel.hidden = i !== index;
      });
      buttons.forEach(function(button, i) {
        button.setAttribute("aria-selected", i === index ? "true" : "false");
        button.tabIndex = i === index ? 0 : -1;
      });
      if (focus) buttons[index].focus();
    }
    box.insertBefore(tabs, box.firstChild);
    select(0, false);
    var openAtFirst = new Set(document.querySelectorAll("details.response[open]"));
    document.addEventListener("toggle", function(event) {
      var response = event.target;
      if (!response.classList || !response.classList.contains("response")) return;
      if (!response.open) {
        openAtFirst.delete(response);
        return;
      }
      if (openAtFirst.has(response)) return;
      var found = panels.findIndex(function(panel) {
        return panel.id.indexOf("example-" + response.id + "-") === 0;
      });
      if (found >= 0) select(found, false);
    }, true);
  }
  function setupServerNotes() {
    var select = document.querySelector("[data-server]");
    if (!select) return;
    select.addEventListener("change", function() {
      document.querySelectorAll("[data-server-note]").forEach(function(note) {
        note.hidden = note.getAttribute("data-server-note") !== select.value;
      });
    });
  }
  setupTheme();
  setupSearch();
  setupSidebar();
  document.querySelectorAll("[data-example-tabs]").forEach(setupExampleTabs);
  setupServerNotes();
})();
