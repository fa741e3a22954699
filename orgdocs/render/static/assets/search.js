/* orgdocs: search over the endpoint index, with exactly the ranking of orgdocs/site/search.py.
 *
 * Over title, method, path, operationId, tags and parameter names; case-insensitive; every query word must
 * match. Ranked: an exact operationId or path match first, then a title that starts with the query, then
 * the rest, each rank in navigation (index) order. Words are split on what Python's str.split() calls
 * whitespace, so both sides cut a query the same way.
 */
(function (global) {
  "use strict";

  var WHITESPACE = /[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

  function haystack(entry) {
    var parts = [entry.title, entry.method, entry.path, entry.operationId];
    return parts.concat(entry.tags, entry.params).join("\n").toLowerCase();
  }

  function SearchIndex(entries) {
    this.entries = entries.slice();
    this.texts = this.entries.map(haystack);
    this.keys = this.entries.map(function (e) {
      return [e.operationId.toLowerCase(), e.path.toLowerCase(), e.title.toLowerCase()];
    });
  }

  SearchIndex.prototype.search = function (query, limit) {
    var words = query.toLowerCase().split(WHITESPACE).filter(function (w) { return w !== ""; });
    if (words.length === 0) return [];
    var whole = words.join(" ");
    var ranked = [[], [], []];
    for (var i = 0; i < this.entries.length; i++) {
      var text = this.texts[i];
      var all = true;
      for (var w = 0; w < words.length; w++) {
        if (text.indexOf(words[w]) === -1) { all = false; break; }
      }
      if (!all) continue;
      var key = this.keys[i];
      var rank = whole === key[0] || whole === key[1] ? 0 : key[2].startsWith(whole) ? 1 : 2;
      ranked[rank].push(this.entries[i]);
    }
    var found = ranked[0].concat(ranked[1], ranked[2]);
    return limit === undefined || limit === null ? found : found.slice(0, limit);
  };

  global.orgdocs = global.orgdocs || {};
  global.orgdocs.SearchIndex = SearchIndex;
})(window);
