"""The browser against Python, run in Chromium on the same inputs:

- ``assets/search.js`` in Chromium, given what the site gives it, vs ``Site.search`` (the same script in V8, given
  what Python gives it) over a real index (GitHub's, when the corpus is there): the same data reaches both.

The request rules (``request.js``: requests, security, servers; ``code-samples.js``: samples and their colours)
and the input rules (``form-state.js``'s ``readInput``) are held by the case files of ``tests/cases/requests`` and
``tests/cases/inputs`` instead, run against both sides (``test_request_cases.py``, ``test_input_cases.py``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orgdocs.project import Site

from .script_page import load_modules

pytestmark = pytest.mark.browser

GITHUB = "large/github-api.github.com.json"  # in the dev corpus (the ``corpus`` fixture, tests/conftest.py)
SHOP = Path(__file__).resolve().parents[1] / "data" / "static" / "shop" / "docs.config.yaml"

QUERIES = [
    "repos",
    "REPOS",
    "list",
    "get /repos/{owner}/{repo}",
    "/repos/{owner}/{repo}",
    "repos/get",
    "issues/list-for-repo",
    "list repository issues",
    "List",
    "pull request review",
    "delete",
    "  spaced   words  ",
    "per_page",
    "owner repo",
    "pet",
    "create a pet",
    "listpets",
    "GET",
    "nothing-matches-this-query",
    "",
    "é",
    "\u3000pets\u3000",
    "a\u00a0b",
    "x\x1fy",
    # natural queries: prefixes, camelCase parts, typos, synonyms, stop words, rare words
    "delete repo",
    "get user",
    "get a repository",
    "delte repositry",
    "make a webhook",
    "remove label",
    "current user",
    "workflow runs",
    "reactions",
    "listForRepo",
    "re",
    "the",
    "a the of",
    "create a release for a repository",
    "release created",  # a webhook's name: the webhook first, though an operation creates releases
    "kubernetes cluster",
    "resize volume",
    "send sms",
    "log work",
    "log in to my account",  # a phrasal verb typed apart
    "copy a droplet please zzz",  # a word that matches nothing lowers no one
    "who am i",
    "how many repositories does this user have",  # "how many": count; "this", "does": stop words once stemmed
    "archived repositories depending on a workflow",  # words the index lacks, as their base words
    "stopped runs creating deployments",
    "reviews of a pull request",  # a plural first before a preposition: what to read
    # the query's grammar: a question reads, a verb before a determiner or a particle acts, a plural names a list
    "who is on this team",
    "which droplets are in a project",
    "attach a volume to a droplet",
    "comment on an issue",
    "spam complaints",
    "Bounced Emails",
    # number: one of them ("a", "this", ...) or all of them (a plural); a first word that is a verb
    "list all repositories",
    "get a repository",
    "remove a label from an issue",
    "members of this team",
    "create a repository for this organization",
    "cancel a workflow run",
    "revoke a token",
    "find issues",
    "approve a deployment",
    "connect an account",
    "acknowledge all alerts",
    "child teams of a team",
    "log out",
    "export a repository",
    "/",
    " / ",
    "ünïcödé 漢字 \U0001d400\U0001d401\U0001d402 emoji \U0001f600",
    "\U0001d400\U0001d401\U0001d402\U0001d403x",  # letters beyond the BMP: lengths count code points
]
DESCRIPTIONS = ["large/digitalocean.json", "large/twilio-api-v2010.json", "oas31/discord-openapi.json"]


@pytest.fixture
def blank(watched):
    seen = watched()
    load_modules(seen.page, "search.js", "site.js")
    yield seen.page
    assert seen.errors == []


@pytest.mark.slow
@pytest.mark.corpus(GITHUB)
def test_search_matches_python_on_githubs_index(blank, corpus):
    _compare_search(blank, Site.from_description(corpus / GITHUB))


@pytest.mark.slow
@pytest.mark.parametrize(
    "source",
    [pytest.param(path, id=Path(path).name, marks=pytest.mark.corpus(path)) for path in DESCRIPTIONS],
)
def test_search_matches_python_on_real_descriptions(blank, corpus, source):
    _compare_search(blank, Site.from_description(corpus / source))


def test_search_matches_python_on_a_small_index(blank):
    _compare_search(blank, Site(SHOP))


def test_search_matches_python_on_words_beyond_the_basic_plane(blank, tmp_path):
    astral = (
        "\U0001d400\U0001d401\U0001d402\U0001d403"  # mathematical bold capitals: letters of 2 UTF-16 units
    )
    paths = {
        f"/{name}": {"get": {"summary": name, "responses": {"200": {"description": "ok"}}}}
        for name in (f"{astral}xyz", f"{astral}x", "ünïcödé 漢字", "Emoji \U0001f600 key", f"a{astral}b")
    }
    path = tmp_path / "astral.json"
    path.write_text(json.dumps({"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": paths}))
    _compare_search(blank, Site.from_description(path))


def _compare_search(page, site: Site) -> None:
    endpoints = site.index["endpoints"]
    found = page.evaluate(
        """async ([endpoints, texts, queries]) => {
            const index = new window.orgdocs.SearchIndex(endpoints, texts);
            // the site's build: in slices (here a batch of entries per slice, so every size has several)
            const sliced = await window.orgdocs.SearchIndex.build(endpoints, texts, 0);
            return queries.map((q) => [
                index.search(q).map((e) => e.route),
                index.search(q, 5).map((e) => e.route),
                sliced.search(q).map((e) => e.route),
            ]);
        }""",
        [endpoints, site.search_file, QUERIES],  # the whole search file: fields, tags, related words
    )
    for query, (every, first, sliced) in zip(QUERIES, found, strict=True):
        expected = [e["route"] for e in site.search(query)]
        assert every == expected, query
        assert first == expected[:5], query
        assert sliced == expected, query


def test_links_to_routes_match_python(blank):
    from orgdocs.render.site._navigation import href

    routes = ["/api/pets/list", "/a/" + "x" * 120, "/changelog", "/"]
    found = blank.evaluate("(routes) => routes.map((r) => window.orgdocs.routeHref(r))", routes)
    assert found == [href("", route) for route in routes]
