/* orgdocs: relevance search over the endpoint index, the one ranking: the site and the notebook views run it in
 * the browser, and Python's `Site.search` runs it in V8 (orgdocs/project/_search.py), so both rank alike.
 *
 * Entry point: `new SearchIndex(entries, file)` (entries: index.json's `endpoints`; file: the whole
 * search file, search.json, or only its `texts`, one short text per entry, or nothing), or
 * `SearchIndex.build(entries, file)`: a promise of the same index built in slices; then
 * `.search(query, limit)`: entries, best first. Self-contained (no DOM, no other file).
 *
 * The weights, limits and word tables are data (orgdocs/project/search_rules.json), carried as written in
 * RULES (a test holds them equal). The build writes the search file with the same words (`words`, `stem`:
 * orgdocs/project/_search_words.py, which a test holds equal to these). Lengths and indexes count code
 * points, not UTF-16 units. A search sums into arrays of one slot per entry, and a word's matches are kept
 * for the next keystrokes.
 *
 * What the index holds, and the indexed words a query word finds:
 *
 * Words. A text's words are its runs of letters and digits, lower case, with camelCase parts split
 * (`listAPIKeys`: list, api, keys) and the whole run kept too (`listapikeys`); `/`, `-`, `_` and `{}` separate
 * words. Each word is reduced by a light plural stemmer (keys -> key, policies -> policy).
 *
 * Fields, by weight: title 3; operationId 2; tags, path segments and method 1.5; parameter names (and path
 * placeholders) 1; from the separate search file (orgdocs/project/_search_file.py): request body field names
 * 0.8, the short description text 0.5, the response's type and a read's response fields 0.35, more of the
 * description and the tag's description 0.3. Each operation keeps, for each of its words, its best field.
 *
 * A query word matches an indexed word exactly (1), as its prefix (0.5 to 0.9: the more of the word it covers,
 * the more), or, from five letters on, with one typo (one letter added, dropped, changed, or two swapped: 0.6),
 * or inside a longer word (0.4): the typos and the words inside others only among the names and the short text.
 *
 * How a query is read and its matches ranked:
 *
 * A query word matches an indexed word whole, as its prefix, with a typo or inside a longer word (below); it
 * also matches its synonyms at 0.6, whole or as a prefix (make ~ create, remove ~ delete, stop ~ cancel, find ~
 * search, my ~ current ~ authenticated), and the words WordNet relates to it (the search file's `related`) at
 * 0.5, whole. An operation whose HTTP method fits a query verb gets a small bonus (delete -> DELETE); when the
 * query's first word is such a verb (followed by a determiner or a particle: "start a build"), an operation of
 * another method scores 0.6 times as much. The query's grammar says the rest (`intent`): a question ("who is on
 * this team", "which groups ...") reads, so GET gets a bonus; a first word followed by a determiner or a
 * particle is a verb ("attach a file", "void the payment", "comment on a task"), so the other methods get it;
 * words that end on a plural ("spam complaints", "bounced emails"), or that begin on one before a preposition
 * ("units of measure in a unit class"), name what to read. "who" also asks for the description's people (users,
 * members). Number (`agreement`): a query word typed plural ("teams"), or singular within a noun phrase after a,
 * the, this, ... ("this team"), fits a path that names all of them (a read's or a delete's last segment: GET
 * /users/{id}/teams) or one (a segment before a placeholder: /teams/{id}/users), and clashes with the other:
 * +15% per word that fits, -15% per word that clashes (at most halving), for an operation whose method fits the
 * query's verbs. The object of a verb typed first ("delete a user") counts only when a synonym group knows the
 * verb and it makes nothing new: "create a user" makes a new one, "open a ticket" may.
 *
 * Score of an operation: for each query word, the best field weight times match quality, times the word's rarity
 * (`idf`: fourth root of N/df, so a word every operation has counts least); summed; times the square of the
 * share of query words that matched; times a bonus for how much of the title the query covers (a short title
 * that is all query beats a long one); a webhook's score times 0.85 (an event the API sends: "create release"
 * means the operation that creates one, "release created" still the event). An exact operationId or path (with
 * or without the method) comes first. Ties keep navigation order. The matches are the operations that at least
 * half of the query's words match; stop words (a, the, of, ...) are dropped from a query that has other words.
 *
 * A query word the index does not have, in a verb form, also matches as its base word (depending: depend, as a
 * prefix; stopped: stop, whole), and "how many" is the word count.
 */
// V8 runs this file as a script (orgdocs/project/_search.py): its last line, the exports, made the globals
// its bridge reads

var RULES = {"weights":{"title":3.0,"operationId":2.0,"tag":1.5,"path":1.5,"method":1.5,"parameter":1.0,"body":0.8,"text":0.5,"response":0.35,"more":0.3,"tagText":0.3},"matches":{"synonym":0.6,"inflected":0.9,"basePrefix":5,"related":0.5,"typo":0.6,"prefixBase":0.5,"prefixCover":0.4,"typoMin":5,"prefixMin":2,"infix":0.4,"infixMin":3,"infixAfter":3},"ranking":{"methodBonus":0.75,"intentBonus":1.0,"titleCover":0.5,"pathCover":0.25,"exact":1000000.0,"webhook":0.85,"number":0.15,"numberLeast":0.5,"misfit":0.6,"shownCover":0.5,"shown":0.05},"words":{"stop":["a","all","am","an","and","another","any","are","as","at","be","by","can","do","does","for","from","how","in","into","is","it","many","much","of","on","or","our","some","that","the","their","this","to","us","we","what","which","who","with","your"],"particles":["in","on","out","up","off","down","over","back"],"questions":["who","whom","whose","which","what","where","when","is","are","does","do","how"],"determiners":["a","an","the","my","your","our","their","its","this","that","these","those","every","each","all","some"],"particleVerbs":["on","in","out","up","off","into","to"],"one":["a","an","one","single","specific","this","that","the","each"],"asks":{"who":["user","member","person","people"]},"read":["get"],"act":["post","put","patch","delete"],"phrases":{"how many":"count"}},"synonyms":[[["create","add","new","make","insert","register","generate","send","submit","upload","schedule","save","signup","enroll","post"],["post","put"]],[["get","fetch","retrieve","read","show","view","list"],["get"]],[["search","find","lookup","query","filter"],["get","post"]],[["update","edit","modify","change","set","patch","replace","put"],["put","patch","post"]],[["delete","remove","destroy","erase","drop","unset","revoke","purge","discard"],["delete"]],[["me","my","myself","self","current","authenticated","i"],[]],[["copy","duplicate","clone"],["post"]],[["login","signin","logon","authenticate"],["post"]],[["logout","signout","logoff"],["post"]],[["restart","reboot","reset"],["post"]],[["start","run","trigger","launch","execute","begin"],["post"]],[["stop","cancel","abort","halt","terminate","kill"],["post","put","patch","delete"]],[["enable","activate"],["post","put","patch"]],[["disable","deactivate"],["post","put","patch","delete"]],[["approve","accept","confirm"],["post","put","patch"]],[["reject","decline","deny","refuse"],["post","put","patch","delete"]],[["link","connect","attach","associate","bind"],["post","put"]],[["unlink","disconnect","detach","dissociate","unbind"],["delete","post"]],[["allow","whitelist","allowlist","permit"],["post","put"]],[["block","blacklist","blocklist"],["post","put"]]]}; // orgdocs/project/search_rules.json, as orgdocs/project/_search.py's browser_rules() writes it
var W = RULES.weights, M = RULES.matches, R = RULES.ranking, V = RULES.words;
var TITLE = W.title, OPERATION_ID = W.operationId, TAG = W.tag, PATH = W.path, METHOD = W.method;
var PARAMETER = W.parameter, BODY = W.body, TEXT = W.text, RESPONSE = W.response, MORE = W.more;
var TAG_TEXT = W.tagText;
var SYNONYM = M.synonym, INFLECTED = M.inflected, BASE_PREFIX = M.basePrefix, RELATED = M.related;
var TYPO = M.typo, PREFIX_BASE = M.prefixBase, PREFIX_COVER = M.prefixCover, TYPO_MIN = M.typoMin;
var PREFIX_MIN = M.prefixMin, INFIX = M.infix, INFIX_MIN = M.infixMin, INFIX_AFTER = M.infixAfter;
var METHOD_BONUS = R.methodBonus, INTENT_BONUS = R.intentBonus, TITLE_COVER = R.titleCover;
var PATH_COVER = R.pathCover, EXACT = R.exact, WEBHOOK = R.webhook, MISFIT = R.misfit;
var NUMBER = R.number, NUMBER_LEAST = R.numberLeast, SHOWN_COVER = R.shownCover, SHOWN = R.shown;
var ONE = new Set(V.one); // ... before a singular

var STOP_WORDS = new Set(V.stop);
var PARTICLES = new Set(V.particles);
// what the query's grammar asks for (intent): a question reads, a verb acts
var QUESTION_WORDS = V.questions;
var DETERMINERS = V.determiners;
var PARTICLE_VERB = new Set(V.particleVerbs);
var ASKS = new Map(Object.entries(V.asks));
var READ = V.read, ACT = V.act;
var PHRASES = new Map(Object.entries(V.phrases)); // two words a reader types for one the description uses
var SYNONYMS = RULES.synonyms;
var MAKING = new Set(SYNONYMS[0][0]); // the verbs that make something new
var GROUPS = new Map();
SYNONYMS.forEach(function (group) {
  group[0].forEach(function (word) {
    GROUPS.set(word, [group[0].filter(function (other) { return other !== word; }), group[1]]);
  });
});

// stop words as a query's words are compared: stemmed ("this" is the word "thi", "does" "doe"); see below
var STOPPED = null;

// white space between a query's words (what Python's str.split() splits on)
var WHITESPACE = /[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
var WORD = /[\p{L}\p{N}]+/gu;
var CAMEL = /([a-z0-9])(?=[A-Z])|([A-Z])(?=[A-Z][a-z])/g;
var UPPER = /[A-Z]/;
var PLACEHOLDER = /\{[^}]*\}/g;
var SURROGATE = /[\uD800-\uDFFF]/;

function length(text) {
  return SURROGATE.test(text) ? Array.from(text).length : text.length;
}

// whether a path segment is one placeholder ("{id}")
function wholePlaceholder(segment) {
  return segment.charCodeAt(0) === 123 && segment.indexOf("}") === segment.length - 1;
}

function normalize(text) {
  return text.toLowerCase().split(WHITESPACE).filter(function (w) { return w !== ""; }).join(" ");
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
STOP_WORDS.forEach(function (word) { STOPPED.add(stem(word)); });
var QUESTIONS = new Set(QUESTION_WORDS.map(stem)), DETERMINED = new Set(DETERMINERS.map(stem));

// the methods a query's grammar asks for (intent): raw, its stemmed words; first and last, its
// first and last words as typed
function intent(raw, first, last) {
  if (raw.length < 2 || GROUPS.has(raw[0])) return [];
  if (QUESTIONS.has(raw[0])) return READ;
  if (DETERMINED.has(raw[1]) || PARTICLE_VERB.has(raw[1])) return ACT;
  if (stem(first) !== first && STOPPED.has(raw[1])) return READ;
  return stem(last) !== last ? READ : [];
}

// the methods of the query's first word when the grammar says it is a verb
function verbMethods(raw) {
  if (raw.length >= 2 && GROUPS.has(raw[0]) && (DETERMINED.has(raw[1]) || PARTICLE_VERB.has(raw[1]))) {
    return GROUPS.get(raw[0])[1];
  }
  return [];
}

// the words a verb form may come from: depending -> depend, creating -> create, stopped -> stop
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

var wordCache = [new Map(), new Map()]; // by text: [split words only, with the joined words of a run]

function words(text, joined) {
  if (joined === undefined) joined = true;
  var cache = wordCache[joined ? 1 : 0];
  var cached = cache.get(text);
  if (cached) return cached;
  var found = [];
  var runs = text.match(WORD) || [];
  for (var r = 0; r < runs.length; r++) {
    var run = runs[r];
    var parts = UPPER.test(run) ? run.replace(CAMEL, "$1$2 ").split(" ") : [run]; // CAMEL needs a capital
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

// exactly one letter added, dropped, changed, or two neighbours swapped
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

// A promise of the same index, built in slices of SLICE_MS between the page's other tasks, so that keys
// typed meanwhile show at once (a large description's index takes long in one piece).
var SLICE_MS = 12;
SearchIndex.build = function (entries, texts, sliceMs) {
  var index = Object.create(SearchIndex.prototype);
  var budget = sliceMs === undefined ? SLICE_MS : sliceMs;
  index._start(entries, texts);
  return new Promise(function (resolve) {
    (function slice() {
      var until = Date.now() + budget;
      do {
        index._addEntries(index._added + 64);
      } while (index._added < index.entries.length && Date.now() < until);
      if (index._added < index.entries.length) { setTimeout(slice, 0); return; }
      index._finish();
      resolve(index);
    })();
  });
};

function own(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
}

var FIELDS = ["body", "response", "more"]; // the search file's fields, by part

// "key:value|key:value" -> [[key, value], ...]: the search file's lists of pairs (_search_words.py's pair_list writes them)
function pairs(text) {
  return text ? text.split("|").map(function (pair) {
    var colon = pair.indexOf(":");
    return [pair.slice(0, colon), pair.slice(colon + 1)];
  }) : [];
}
var NO_FIELDS = ["", "", ""];

// texts: the search file ({texts, fields, tags, related}: see orgdocs/project/_search_file.py) or its texts alone
SearchIndex.prototype._start = function (entries, texts) {
  this.entries = entries.slice();
  var file = texts && !Array.isArray(texts) ? texts : { texts: texts };
  this._texts = file.texts || [];
  var count = this.entries.length;
  var more = this._more = []; // [body, response, more] of each entry that has any
  var fields = file.fields || {};
  FIELDS.forEach(function (name, part) {
    pairs(own(fields, name) ? fields[name] : "").forEach(function (pair) {
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
  var related = this._related = new Map(); // reader's word -> the description's words
  pairs(file.related || "").forEach(function (pair) {
    var words = pair[0].split(" ").filter(function (w) { return w !== ""; });
    pair[1].split(" ").forEach(function (reader) {
      if (!reader) return;
      if (!related.has(reader)) related.set(reader, []);
      Array.prototype.push.apply(related.get(reader), words);
    });
  });
  this._added = 0;
  // word -> [positions, best field weights]: entries are added in order, so a word's positions are
  // ascending and a repeat is always the last one (no Map per word: 900,000 of them on Microsoft Graph)
  this._postings = new Map();
  this._paths = new Map(); // word of a path (not a placeholder) -> ascending positions
  this._titleSizes = [];
  this._pathSizes = [];
  this._methods = []; // each entry's method, as its position in _methodNames
  this._methodNames = []; // the methods, lower case
  this._webhooks = []; // 1 for a webhook's entry
  // word of a path segment followed by a placeholder (one of them) -> ascending positions; word of a read's
  // or a delete's last segment, when not one (all of them); each read's or delete's shape (1: all, -1: one)
  this._ones = new Map();
  this._alls = new Map();
  this._shapes = [];
  this._exact = new Map(); // operationId, path, "method path" -> positions
  this._main = new Set(); // words of the names and short text: they match inside a word or with a typo
};

// entries up to (not including) position `until`, from the first not yet added
SearchIndex.prototype._addEntries = function (until) {
  var texts = this._texts, more = this._more;
  var end = Math.min(until, this.entries.length);
  for (var position = this._added; position < end; position++) {
    this._addEntry(position, this.entries[position], position < texts.length ? texts[position] || "" : "",
      more[position] || NO_FIELDS);
  }
  this._added = Math.max(this._added, end);
};

SearchIndex.prototype._finish = function () {
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
  this._byLength = null; // the words of the names and short text by length, on the first typo
  this._arrays = null;
  this._expanded = new Map(); // typos flag and word -> its matches (_expand)
  this._termMatches = new Map(); // query word -> its matches (_termMatch)
};

SearchIndex.prototype._addEntry = function (position, entry, text, more) {
  var path = entry.path;
  var parts = more;
  var tagTexts = this._tagTexts;
  var placeholders = path.match(PLACEHOLDER) || [];
  var literalPath = path.replace(PLACEHOLDER, " ");
  var fields = [[TITLE, entry.title, true], [OPERATION_ID, entry.operationId, true], [METHOD, entry.method, true],
    [PATH, literalPath, true]];
  entry.tags.forEach(function (tag) { fields.push([TAG, tag, true]); });
  fields.push([PARAMETER, placeholders.concat(entry.params).join(" "), true]);
  fields.push([BODY, parts[0], false]);
  fields.push([TEXT, text, true]);
  fields.push([RESPONSE, parts[1], false]);
  fields.push([MORE, parts[2], false]);
  entry.tags.forEach(function (tag) { fields.push([TAG_TEXT, own(tagTexts, tag) ? tagTexts[tag] : "", false]); });
  var postings = this._postings, main = this._main;
  fields.forEach(function (field) {
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
  var title = new Set(words(entry.title, false).filter(function (w) { return !STOPPED.has(w); }));
  this._titleSizes.push(title.size);
  var literal = words(literalPath, false);
  var paths = this._paths;
  literal.forEach(function (word) {
    var positions = paths.get(word);
    if (!positions) paths.set(word, [position]);
    else if (positions[positions.length - 1] !== position) positions.push(position);
  });
  this._pathSizes.push(new Set(literal).size + placeholders.length);
  // the path's segments: a read's or a delete's shape, and the words of those that name one or all of them
  var segments = path.split("/"), reads = method === "get" || method === "delete";
  var shape = 0, before = null, beforeNamed = false; // the segment before, a word (not a placeholder)
  for (var s = 0; s <= segments.length; s++) {
    var segment = s < segments.length ? segments[s] : null;
    if (segment === "") continue;
    var placeholder = segment !== null && wholePlaceholder(segment);
    if (beforeNamed && (placeholder || (segment === null && reads))) {
      var into = placeholder ? this._ones : this._alls, named = words(before);
      for (var n = 0; n < named.length; n++) {
        var at = into.get(named[n]);
        if (!at) into.set(named[n], [position]);
        else if (at[at.length - 1] !== position) at.push(position); // once per entry, in each of the two
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
  var keys = new Set([entry.operationId.toLowerCase(), lowered, entry.method.toLowerCase() + " " + lowered]);
  var exact = this._exact;
  keys.forEach(function (key) {
    if (!key) return;
    if (!exact.has(key)) exact.set(key, []);
    exact.get(key).push(position);
  });
};

// the first index whose word is >= word (the vocabulary is sorted)
SearchIndex.prototype._lowerBound = function (word) {
  var lo = 0, hi = this._vocabulary.length;
  while (lo < hi) {
    var mid = (lo + hi) >> 1;
    if (this._vocabulary[mid] < word) lo = mid + 1; else hi = mid;
  }
  return lo;
};

var EXPANDED = 4096; // words whose matches an index keeps (then it forgets them all and starts again)

// Indexed words that `word` matches, with the quality of each match: kept, as a keystroke repeats the words
// typed before it and a query verb brings its synonyms (a Map its callers only read)
SearchIndex.prototype._expand = function (word, typos) {
  var key = (typos ? "1" : "0") + word;
  var known = this._expanded.get(key);
  if (known) return known;
  if (this._expanded.size >= EXPANDED) this._expanded.clear();
  known = this._expandWord(word, typos);
  this._expanded.set(key, known);
  return known;
};

SearchIndex.prototype._expandWord = function (word, typos) {
  var found = new Map();
  var vocabulary = this._vocabulary;
  var size = length(word);
  if (this._postings.has(word)) found.set(word, 1.0);
  if (size >= PREFIX_MIN) {
    for (var i = this._lowerBound(word); i < vocabulary.length && vocabulary[i].startsWith(word); i++) {
      var other = vocabulary[i];
      if (other !== word) found.set(other, PREFIX_BASE + PREFIX_COVER * size / length(other));
    }
  }
  if (size >= INFIX_MIN && typos) { // the query's own words only: not its synonyms nor base words
    var lines = this._lines, starts = this._starts;
    var at = lines.indexOf(word);
    while (at !== -1) {
      var lo = 0, hi = starts.length; // the last start <= at
      while (lo < hi) {
        var mid = (lo + hi) >> 1;
        if (starts[mid] <= at) lo = mid + 1; else hi = mid;
      }
      var k = lo - 1;
      var inside = this._mainVocabulary[k];
      if (at - starts[k] >= INFIX_AFTER && !found.has(inside)) found.set(inside, INFIX);
      at = lines.indexOf(word, starts[k] + inside.length);
    }
  }
  if (typos && size >= TYPO_MIN) {
    this._oneEditWords(word).forEach(function (other) {
      if (!found.has(other)) found.set(other, TYPO);
    });
  }
  return found;
};

// the words of the names and short text one edit away from `word`: a scan of those of a length within one
// of its (a table of every word's deletions, built at the first typo, was slow on large descriptions);
// the indexed words one edit away from word: those of about the same length, scanned
SearchIndex.prototype._oneEditWords = function (word) {
  if (!this._byLength) {
    var byLength = this._byLength = [];
    this._mainVocabulary.forEach(function (other) {
      var size = length(other);
      if (size < TYPO_MIN - 1) return;
      (byLength[size] || (byLength[size] = [])).push(other);
    });
  }
  var found = [], size = length(word);
  var first = word.charCodeAt(0), last = word.charCodeAt(word.length - 1);
  for (var n = size - 1; n <= size + 1; n++) {
    var bucket = this._byLength[n] || [];
    for (var i = 0; i < bucket.length; i++) {
      var other = bucket[i];
      // one edit leaves the first or the last letter in place (words of four letters and more)
      if (other.charCodeAt(0) !== first && other.charCodeAt(other.length - 1) !== last) continue;
      if (oneEdit(word, other)) found.push(other);
    }
  }
  return found;
};

// Scratch arrays of one per entry, reused by every search (a search runs to its end before the next):
// the best match of the query word being weighed, its flags (in the title, in the path), and the sums over
// the query's words
SearchIndex.prototype._scratch = function () {
  if (!this._arrays) {
    var count = this.entries.length;
    this._arrays = {
      best: new Float64Array(count), flags: new Uint8Array(count),
      scores: new Float64Array(count), matched: new Float64Array(count),
      titleHits: new Uint16Array(count), pathHits: new Uint16Array(count), agree: new Int16Array(count),
      marked: new Uint8Array(count),
    };
  }
  return this._arrays;
};

var IN_TITLE = 1, IN_PATH = 2;

// the entries one query word matches: their positions (the best weighted match quality of each in
// best[position], where it is in the title or the path in flags[position])
SearchIndex.prototype._wordMatches = function (word, best, flags) {
  var alternatives = [[word, 1.0, true]];
  var group = GROUPS.get(word) || [ASKS.get(word) || [], []];
  group[0].forEach(function (synonym) { alternatives.push([synonym, SYNONYM, false]); });
  var self = this;
  (this._related.get(word) || []).forEach(function (other) {
    if (self._postings.has(other)) alternatives.push([other, RELATED, null]);
  });
  if (!this._postings.has(word)) { // "depending", "archived": as their base words, when not indexed themselves
    bases(word).forEach(function (base) {
      if (length(base) >= BASE_PREFIX) alternatives.push([base, INFLECTED, false]);
      else if (self._postings.has(base)) alternatives.push([base, INFLECTED, null]);
    });
  }
  var touched = [];
  alternatives.forEach(function (alternative) {
    var quality = alternative[1];
    var matches = alternative[2] === null ? new Map([[alternative[0], 1.0]]) : self._expand(alternative[0], alternative[2]);
    matches.forEach(function (match, other) {
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

// one query word's matches, kept for the next keystrokes: the positions it touches, in order, with the best
// weighted match quality and the title and path flags of each (the scratch arrays left as they were)
SearchIndex.prototype._termMatch = function (term, best, flags) {
  var touched = this._wordMatches(term, best, flags), n = touched.length;
  var values = new Array(n), where = new Array(n); // plain arrays: no memory outside the heap per key
  for (var i = 0; i < n; i++) {
    var position = touched[i];
    values[i] = best[position];
    where[i] = flags[position];
    best[position] = 0;
    flags[position] = 0;
  }
  return { positions: touched, values: values, flags: where };
};

// query words with a phrasal verb joined ("log in" -> login) where the joined word is known
SearchIndex.prototype._compounds = function (terms) {
  var joined = [];
  for (var i = 0; i < terms.length; i++) {
    if (i + 1 < terms.length && PHRASES.has(terms[i] + " " + terms[i + 1])) {
      joined.push(PHRASES.get(terms[i] + " " + terms[i + 1]));
      i++;
      continue;
    }
    if (i + 1 < terms.length && PARTICLES.has(terms[i + 1])) {
      var both = terms[i] + terms[i + 1];
      var self = this, group = GROUPS.has(both) ? GROUPS.get(both)[0] : []; // log out: logout, or signout, logoff
      if ([both].concat(group).some(function (word) { return self._postings.has(word); }) || this._related.has(both)) {
        joined.push(both);
        i++;
        continue;
      }
    }
    joined.push(terms[i]);
  }
  return joined;
};

// the query words whose number fits each entry's path, less those that clash, added to agree[position] (agreement;
// every position it sets is one the query's words match, which the search resets); matches: [term,
// the positions it matches], in order; marked: a scratch array of zeros, left so
SearchIndex.prototype._agreement = function (typed, matches, agree, marked) {
  var singular = new Set(), plural = new Set();
  // a first word before a determiner is a verb: its object's number counts when the verb is known and
  // does not make something new ("delete a user", not "create a user" nor "open a ticket")
  var acts = typed.length > 1 && DETERMINERS.indexOf(typed[1]) >= 0;
  var counted = acts && GROUPS.has(typed[0]) && !MAKING.has(typed[0]);
  var one = false;
  typed.forEach(function (word, i) {
    if (ONE.has(word)) one = true;
    else if (DETERMINERS.indexOf(word) >= 0) one = false;
    else if (STOP_WORDS.has(word)) { one = false; acts = false; }
    else if (acts && (i === 0 || !counted)) return; // the verb, or an object that does not count
    else if (stem(word) !== word) plural.add(stem(word));
    else if (one) singular.add(word);
  });
  if (singular.size === 0 && plural.size === 0) return;
  var shapes = this._shapes, self = this;
  matches.forEach(function (match) {
    var term = match[0], p;
    if (GROUPS.has(term) || (!singular.has(term) && !plural.has(term))) return;
    var ones = self._ones.get(term) || [], alls = self._alls.get(term) || [];
    if (singular.has(term) && plural.has(term)) { // "child elements of an element": one, and all of them
      for (p = 0; p < ones.length; p++) agree[ones[p]] += 1;
      for (p = 0; p < alls.length; p++) agree[alls[p]] += 1;
      return;
    }
    var single = singular.has(term), sign = single ? -1 : 1;
    for (p = 0; p < ones.length; p++) { agree[ones[p]] += sign === -1 ? 1 : -1; marked[ones[p]] = 1; }
    for (p = 0; p < alls.length; p++) { agree[alls[p]] += sign; marked[alls[p]] = 1; }
    var found = match[1];
    for (p = 0; p < found.length; p++) { // where the path does not name it: the shape of the path
      var position = found[p];
      if (shapes[position] && !marked[position]) agree[position] += sign * shapes[position];
    }
    for (p = 0; p < ones.length; p++) marked[ones[p]] = 0;
    for (p = 0; p < alls.length; p++) marked[alls[p]] = 0;
  });
};

SearchIndex.prototype.search = function (query, limit) {
  var whole = normalize(query);
  var raw = words(query, false);
  var terms = Array.from(new Set(this._compounds(raw)));
  var typed = query.toLowerCase().match(WORD) || [""];
  var asked = intent(raw, typed[0], typed[typed.length - 1]);
  if (terms.some(function (t) { return !STOPPED.has(t); })) {
    terms = terms.filter(function (t) { return !STOPPED.has(t) || ASKS.has(t); });
  }
  var self = this;
  if (terms.length === 0) { // no word at all ("/"): only an exact path can match
    var only = Array.from(new Set(this._exact.get(whole) || [])).sort(function (a, b) { return a - b; });
    only = only.map(function (position) { return self.entries[position]; });
    return limit === undefined || limit === null ? only : only.slice(0, limit);
  }
  var count = this.entries.length;
  var arrays = this._scratch();
  var best = arrays.best, flags = arrays.flags, scores = arrays.scores, matched = arrays.matched;
  var titleHits = arrays.titleHits, pathHits = arrays.pathHits;
  var scored = []; // the positions of the entries any query word matches
  var verbGroups = [];
  var matches = [];
  var total = 0.0;
  // a keystroke repeats the words typed before it: each word's entries are kept for the next query (and only
  // this query's words, the word being typed changing at each key)
  var remembered = this._termMatches, current = this._termMatches = new Map();
  terms.forEach(function (term) {
    var known = remembered.get(term) || self._termMatch(term, best, flags);
    current.set(term, known);
    var touched = known.positions, values = known.values, where = known.flags;
    if (touched.length === 0) return; // a word that matches nothing lowers no one
    matches.push([term, touched]);
    var rarity = Math.sqrt(Math.sqrt((count + 1) / (touched.length + 1)));
    total += rarity;
    for (var i = 0; i < touched.length; i++) {
      var position = touched[i];
      if (matched[position] === 0) scored.push(position);
      scores[position] = scores[position] + values[i] * rarity;
      matched[position] = matched[position] + rarity;
      if (where[i] & IN_TITLE) titleHits[position]++;
      if (where[i] & IN_PATH) pathHits[position]++;
    }
    var group = GROUPS.get(term);
    if (group && group[1].length) verbGroups.push(group[1]);
  });
  var exact = new Set(this._exact.get(whole) || []);
  var bonuses = this._methodNames.map(function (method) { // how many of the query's verbs each method fits
    return verbGroups.filter(function (methods) { return methods.indexOf(method) >= 0; }).length;
  });
  var verb = verbMethods(raw);
  var misfits = this._methodNames.map(function (method) { return verb.length > 0 && verb.indexOf(method) < 0; });
  var fitting = bonuses.map(function (bonus) { return verbGroups.length === 0 || bonus > 0; }); // fit the verbs
  var agree = arrays.agree;
  this._agreement(typed, matches, agree, arrays.marked);
  var intents = this._methodNames.map(function (method) { return asked.indexOf(method) >= 0; });
  var n = scored.length;
  var final = new Float64Array(n), covers = new Float64Array(n);
  var top = 0.0, most = 0.0;
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
    var titleCover = titleSize ? Math.min(1.0, titleHits[position] / titleSize) : 0.0;
    var pathSize = pathSizes[position];
    var pathCover = pathSize ? Math.min(1.0, pathHits[position] / pathSize) : 0.0;
    score = score * cover * cover * (1.0 + TITLE_COVER * titleCover + PATH_COVER * pathCover);
    var number = agree[position];
    if (number !== 0 && fitting[methods[position]]) score *= Math.max(NUMBER_LEAST, 1.0 + NUMBER * number);
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
  // the matches worth showing: an entry that shares one common word with the query is not one
  var floor = top * SHOWN, least = most * SHOWN_COVER;
  var unscored = []; // an exact operationId or path that no query word matches
  if (exact.size > 0) {
    var isScored = new Set(scored);
    exact.forEach(function (p) { if (!isScored.has(p)) unscored.push(p); });
  }
  var keys = new Float64Array(n + unscored.length), kept = [];
  for (k = 0; k < n; k++) {
    position = scored[k];
    var isExact = exact.size > 0 && exact.has(position);
    if (isExact || (final[k] >= floor && covers[k] >= least) || final[k] >= top) {
      keys[k] = isExact ? -(final[k] + EXACT) : -final[k];
      kept.push(k);
    }
  }
  unscored.forEach(function (p, i) {
    scored.push(p);
    keys[n + i] = -EXACT;
    kept.push(n + i);
  });
  kept.sort(function (a, b) { return keys[a] - keys[b] || scored[a] - scored[b]; });
  var ranked = kept.map(function (k) { return scored[k]; });
  var found = ranked.map(function (position) { return self.entries[position]; });
  return limit === undefined || limit === null ? found : found.slice(0, limit);
};

export { SearchIndex, words as searchWords };
