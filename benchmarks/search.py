"""Speed of ``Site.search`` on large real descriptions: preparing the index, then one query at a time.

    python benchmarks/search.py                  # GitHub (1,223 operations) and msgraph v1.0 (11,422)
    python benchmarks/search.py github           # one of them
    python benchmarks/search.py --browser        # the site's search.js in headless Chromium, the same queries
    python benchmarks/search.py --browser path/to/description.json
    python benchmarks/search.py --browser msgraph-beta --js OLD/search.js --texts-only   # an earlier search.js
    python benchmarks/search.py --browser msgraph-beta --compare OLD/search.js [--old-file OLD.json] [--rounds 8]
    python benchmarks/search.py --browser msgraph-beta --compare OLD/search.js --keystrokes   # typed a letter at a time
    ORGDOCS_CORPUS=/path/to/corpus python benchmarks/search.py

With ``--browser``, the site's index.json and search.json are written and served on 127.0.0.1, and a page
that loads search.js times what a reader waits for: fetching both files, building the index (both on
focusing the search box, before the first key), then each query, first run and best of five.

Queries: natural ones (the words readers type), one-letter and two-letter prefixes (the widest prefix
ranges), typos (the one-edit neighbourhood), exact paths and operationIds. Prints the time to build the
search index (once per site, on the first query), and the median, 95th percentile and slowest query.
Target (issue 12): every query under 5 ms on GitHub's description. Issue 29: per-keystroke search in the
browser on Microsoft Graph beta no slower (median and slowest first run), search.json at most 25% larger;
the sizes of index.json and search.json are printed (and search.json's parts).

``--compare OLD/search.js`` times an earlier search.js (handed the search file's texts alone, or the file
``--old-file`` names: the search.json an earlier build wrote) and today's, each round in a new page of the same
Chromium (a reader's first visit: nothing compiled yet), alternately, so that a loaded machine slows both alike;
it prints, for each, the median over the rounds of the median first run and of the slowest first run. With
``--keystrokes``, each query is typed a letter at a time, every prefix searched as the site does on each key,
and a query's time is its slowest keystroke.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
DESCRIPTIONS = {
    "github": "large/github-api.github.com.json",
    "msgraph": "large/msgraph-v1.0.json",
    "msgraph-beta": "large/msgraph-beta.json.gz",  # --browser only by default
}
QUERIES = (
    "delete repo",
    "get user",
    "get a repository",
    "list pull requests",
    "pulls",
    "create a release for a repository",
    "delte repositry",
    "workflow runs",
    "r",
    "re",
    "get /repos/{owner}/{repo}",
    "repos/get",
    "per_page",
    "the",
    "list all the things in an organization for the authenticated user",
    "customer",
    "GET",
    "insert instance",
    "log in to my account",
    "copy the file please",
)


def run(name: str) -> None:
    from orgdocs.project import Site

    site = Site.from_description(CORPUS / DESCRIPTIONS[name])
    start = time.perf_counter()
    site.search("warm up")
    prepared = time.perf_counter() - start
    print(f"{name}: {len(site.operations)} operations; search index built in {prepared * 1e3:.0f} ms")
    times = []
    for query in QUERIES:
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            found = site.search(query)
            best = min(best, time.perf_counter() - start)
        times.append(best)
        print(f"  {query!r:70} {best * 1e3:6.2f} ms  ({len(found)} found)")
    ordered = sorted(times)
    print(
        f"  median {statistics.median(ordered) * 1e3:.2f} ms, "
        f"95th percentile {ordered[int(0.95 * (len(ordered) - 1))] * 1e3:.2f} ms, slowest {ordered[-1] * 1e3:.2f} ms"
    )


_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script src="search.js"></script>"""
_TIMED = """async ([queries, textsOnly]) => {
  const started = performance.now();
  const [index, file] = await Promise.all(["index.json", "search.json"].map((url) => fetch(url).then((r) => r.json())));
  const fetched = performance.now();
  const search = new window.orgdocs.SearchIndex(index.endpoints, textsOnly ? file.texts : file);
  const built = performance.now();
  return {fetched: fetched - started, built: built - fetched, queries: queries.map((query) => {
    let start = performance.now();
    const found = search.search(query).length;
    const first = performance.now() - start;
    let best = Infinity;
    for (let i = 0; i < 5; i++) {
      start = performance.now();
      search.search(query);
      best = Math.min(best, performance.now() - start);
    }
    return [query, first, best, found];
  })};
}"""


def run_browser(name: str, js: Path | None = None, texts_only: bool = False) -> None:
    """search.js (or ``js``) in headless Chromium (Debian's /usr/bin/chromium) on the index of ``name``;
    ``texts_only``: hand it the search file's texts alone, as search.js did before issue 29."""
    import json
    import tempfile

    from chromium import served_page

    from orgdocs.project import Site
    from orgdocs.render.site._templating import ASSETS

    site = Site.from_description(CORPUS / DESCRIPTIONS[name] if name in DESCRIPTIONS else Path(name))
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "index.json").write_text(json.dumps(site.index, ensure_ascii=False, separators=(",", ":")))
        (root / "search.json").write_text(
            json.dumps(site.search_file, ensure_ascii=False, separators=(",", ":"))
        )
        (root / "search.js").write_bytes((js or ASSETS / "search.js").read_bytes())
        (root / "index.html").write_text(_PAGE)

        with served_page(root) as (page, url):
            page.goto(url + "index.html")
            timed = page.evaluate(_TIMED, [list(QUERIES), texts_only])
        sizes = {file: (root / file).stat().st_size for file in ("index.json", "search.json")}
    print(
        f"{name}: {len(site.operations)} operations in Chromium; index.json {sizes['index.json'] / 1e3:,.0f} KB, "
        f"search.json {sizes['search.json'] / 1e3:,.0f} KB ({_parts(site)}); "
        f"fetched in {timed['fetched']:.0f} ms, search index built in {timed['built']:.0f} ms"
    )
    for query, first, best, found in timed["queries"]:
        print(f"  {query!r:70} first {first:6.2f} ms, best {best:6.2f} ms  ({found} found)")
    firsts = sorted(item[1] for item in timed["queries"])
    print(f"  median first run {statistics.median(firsts):.2f} ms, slowest first run {firsts[-1]:.2f} ms")


_ROUND = """async ([queries, textsOnly, file, keystrokes]) => {
  const [index, search] = await Promise.all(["index.json", file].map((url) => fetch(url).then((r) => r.json())));
  const started = performance.now();
  const built = new window.orgdocs.SearchIndex(index.endpoints, textsOnly ? search.texts : search);
  const took = performance.now() - started;
  const timed = (query) => {
    const start = performance.now();
    built.search(query);
    return performance.now() - start;
  };
  // keystrokes: each query typed a letter at a time, each prefix searched (the slowest one counted)
  return [took, queries.map((query) => keystrokes
    ? Math.max(...Array.from(query, (_, i) => timed(query.slice(0, i + 1))))
    : timed(query))];
}"""


def compare_browser(
    name: str, old_js: Path, old_file: Path | None, rounds: int, keystrokes: bool = False
) -> None:
    """An earlier search.js (``old_js``, with ``old_file`` or today's texts alone) against today's, alternately,
    each round in a new page; ``keystrokes``: each query typed a letter at a time, its slowest keystroke timed."""
    import json
    import tempfile

    from chromium import served_page

    from orgdocs.project import Site
    from orgdocs.render.site._templating import ASSETS

    site = Site.from_description(CORPUS / DESCRIPTIONS[name] if name in DESCRIPTIONS else Path(name))
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "index.json").write_text(json.dumps(site.index, ensure_ascii=False, separators=(",", ":")))
        (root / "search.json").write_text(
            json.dumps(site.search_file, ensure_ascii=False, separators=(",", ":"))
        )
        if old_file:
            (root / "old.json").write_bytes(old_file.read_bytes())
        for label, js in (("old", old_js), ("new", ASSETS / "search.js")):
            (root / f"{label}.js").write_bytes(js.read_bytes())
            (root / f"{label}.html").write_text(_PAGE.replace("search.js", f"{label}.js"))
        results: dict[str, list] = {"old": [], "new": []}
        with served_page(root) as (page, url):
            for turn in range(2 * rounds):
                label = ("old", "new")[turn % 2]
                context = page.context.browser.new_context()
                fresh = context.new_page()
                fresh.goto(url + f"{label}.html")
                file = "old.json" if label == "old" and old_file else "search.json"
                textsOnly = label == "old" and not old_file
                results[label].append(fresh.evaluate(_ROUND, [list(QUERIES), textsOnly, file, keystrokes]))
                context.close()
    what = (
        "each query typed a letter at a time (its slowest keystroke)" if keystrokes else "each query at once"
    )
    print(
        f"{name}: {len(site.operations)} operations, {rounds} rounds each, alternately, a new page each round; {what}"
    )
    for label, runs in results.items():
        medians = [statistics.median(times) for _, times in runs]
        slowest = [max(times) for _, times in runs]
        built = [took for took, _ in runs]
        per_query = [statistics.median(times[i] for _, times in runs) for i in range(len(QUERIES))]
        print(
            f"  {label}: index built {statistics.median(built):.0f} ms; median first run {statistics.median(medians):.2f} ms "
            f"(rounds {min(medians):.2f}-{max(medians):.2f}), slowest first run {statistics.median(slowest):.1f} ms "
            f"(rounds {min(slowest):.1f}-{max(slowest):.1f})"
        )
        print(
            "    per query (median over rounds): "
            + ", ".join(f"{q!r} {t:.1f}" for q, t in zip(QUERIES, per_query, strict=True))
        )


def _parts(site) -> str:
    """The size of each part of the search file, in KB, and how much larger the file is than its texts alone
    (what it held before issue 29, which allows 25% more)."""
    import json

    def size(value) -> int:
        return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode())

    file = site.search_file
    texts = size({"texts": file["texts"]})
    return ", ".join(f"{key} {size(value) / 1e3:,.0f}" for key, value in file.items()) + (
        f"; +{size(file) / texts - 1:.1%} over the texts alone"
    )


if __name__ == "__main__":
    arguments = sys.argv[1:]
    browser = "--browser" in arguments
    js = Path(arguments[arguments.index("--js") + 1]) if "--js" in arguments else None
    texts_only = "--texts-only" in arguments
    old = Path(arguments[arguments.index("--compare") + 1]) if "--compare" in arguments else None
    old_file = Path(arguments[arguments.index("--old-file") + 1]) if "--old-file" in arguments else None
    rounds = int(arguments[arguments.index("--rounds") + 1]) if "--rounds" in arguments else 8
    skip = {"--browser", "--texts-only", "--js", str(js), "--compare", str(old), "--old-file", str(old_file)}
    skip.add("--keystrokes")
    skip |= {"--rounds", str(rounds)} if "--rounds" in arguments else set()
    names = [argument for argument in arguments if argument not in skip]
    for name in names or [name for name in DESCRIPTIONS if browser or name != "msgraph-beta"]:
        if old:
            compare_browser(name, old, old_file, rounds, "--keystrokes" in arguments)
        else:
            run_browser(name, js, texts_only) if browser else run(name)
