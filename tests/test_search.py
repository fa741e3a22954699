"""Search: relevance ranking over the index fields and the search file, ``assets/search.js``, as ``Site.search``
runs it (in V8: ``orgdocs.project._search``); and the build's words for the search file, the same as search.js's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from site_projects import PROJECT_CONFIG, api, op, site_of

from orgdocs import Site
from orgdocs.project._search import SearchIndex
from orgdocs.project._search_words import stem, words

# Natural queries: the shared set, beside the dev corpus (../shared/search-eval), and ours; their descriptions
# are in the dev corpus ("corpus/large/jira.json": relative to ../shared).
CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
SHARED_QUERIES = CORPUS.parent / "search-eval" / "queries.tsv"
OUR_QUERIES = Path(__file__).resolve().parents[1] / "benchmarks" / "search-queries.tsv"


@pytest.fixture(scope="module")
def site() -> Site:
    return Site(PROJECT_CONFIG)


def titles(results: list[dict]) -> list[str]:
    return [entry["title"] for entry in results]


def entry(title: str, method: str = "GET", path: str = "/x", operation_id: str = "", **fields) -> dict:
    return {
        "title": title,
        "method": method,
        "path": path,
        "operationId": operation_id,
        "tags": fields.get("tags", []),
        "params": fields.get("params", []),
    }


# -- words -------------------------------------------------------------------------------------------------


def test_words_split_camel_case_kebab_and_slashes_and_keep_the_joined_run():
    assert words("listAPIKeys") == ("list", "api", "key", "listapikey")
    assert words("issues/list-for-repo") == ("issue", "list", "for", "repo")
    assert words("/repos/{owner}/{repo}") == ("repo", "owner", "repo")
    assert words("per_page IncomingPhoneNumbers", joined=False) == (
        "per",
        "page",
        "incoming",
        "phone",
        "number",
    )
    assert words("Ünïcödé 漢字 v2") == ("ünïcödé", "漢字", "v2")


def test_the_builds_words_are_the_searchs(site):
    """The search file is written with Python's ``words`` (``_search_file``) and read with search.js's: the two
    must cut and stem every text alike, or a word the build wrote would never be found."""
    from py_mini_racer import MiniRacer

    from orgdocs.project._search import _script

    engine = MiniRacer()
    engine.eval(_script())  # search.js as Site.search runs it
    texts = [
        "listAPIKeys issues/list-for-repo /repos/{owner}/{repo} per_page IncomingPhoneNumbers",
        "Ünïcödé 漢字 v2 HTTPServer getV2Item XMLHttpRequest policies boxes series statuses addresses",
        "\U0001d400\U0001d401x ÀÉÎõü İstanbul ß straße ǅ ﬁle Ⅻ ²³ ١٢٣ x\u00a0y\u3000z a_b-c.d",
        *[
            text
            for e in site.index["endpoints"]
            for text in (e["title"], e["path"], e["operationId"], *e["params"])
        ],
        *site.search_texts,
    ]
    for joined in (True, False):
        expected = [list(words(text, joined)) for text in texts]
        assert (
            engine.call("((t, j) => t.map((x) => globalThis.orgdocs.searchWords(x, j)))", texts, joined)
            == expected
        )


def test_plural_stemmer():
    assert [stem(w) for w in ("keys", "policies", "boxes", "status", "address", "has", "series")] == [
        "key",
        "policy",
        "boxe",
        "status",
        "address",
        "has",
        "sery",
    ]


# -- matching ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("inventory", ["Get inventory"]),  # title
        ("/store/inventory", ["Get inventory"]),  # path, exactly
        ("showpetbyid", ["Info for a specific pet"]),  # operationId, exactly
        ("organizationId", ["List API keys of an organization"]),  # parameter name
    ],
)
def test_searchable_fields(site, query, expected):
    assert titles(site.search(query))[: len(expected)] == expected


def test_words_match_as_prefixes_of_words():
    index = SearchIndex([entry("Creates a webhook"), entry("Recreate nothing"), entry("Worklog entries")])
    assert titles(index.search("create")) == ["Creates a webhook"]  # re-create, like re-open, is another verb
    assert titles(index.search("log")) == ["Worklog entries"]  # inside a compound word
    assert titles(index.search("webh")) == ["Creates a webhook"]
    assert index.search("w") == []  # one letter: whole words only


def test_camel_case_parts_of_operation_ids_and_path_segments_are_words():
    index = SearchIndex(
        [
            entry("One", operation_id="listIncomingPhoneNumbers"),
            entry("Two", path="/v2/load_balancers/{lb_id}"),
        ]
    )
    assert titles(index.search("phone numbers")) == ["One"]
    assert titles(index.search("incomingphonenumbers")) == ["One"]  # the joined run
    assert titles(index.search("balancer")) == ["Two"]


def test_one_typo_from_five_letters_on():
    index = SearchIndex([entry("Delete a repository"), entry("Get a user")])
    for typo in ("delte", "deelte", "dleete", "delete", "delette", "repositry"):
        assert titles(index.search(typo)) == ["Delete a repository"], typo
    assert index.search("dlt") == []  # two edits
    assert index.search("usr") == []  # too short for a typo


def test_title_outweighs_tags_path_and_parameters_which_outweigh_the_description_text():
    index = SearchIndex(
        [
            entry("Text", path="/a"),
            entry("Parameter", path="/b", params=["widget"]),
            entry("Widget", path="/c"),
            entry("Tag", path="/d", tags=["widget"]),
        ],
        texts=["Returns a widget.", "", "", ""],
    )
    assert titles(index.search("widget")) == ["Widget", "Tag", "Parameter", "Text"]


def test_exact_operation_id_or_path_comes_first(tmp_path):
    paths = {
        "/pets/all": {"get": op(operationId="allPets", summary="Pets, all of them")},
        "/pets": {"get": op(operationId="listing", summary="Every pet")},
        "/x": {"get": op(operationId="pets", summary="Something else")},
    }
    site = site_of(tmp_path, api(paths))
    assert titles(site.search("pets"))[0] == "Something else"  # operationId
    assert titles(site.search("/pets"))[0] == "Every pet"  # path
    assert titles(site.search("GET /pets"))[0] == "Every pet"  # method and path
    root = site_of(tmp_path / "root", api({"/": {"get": op(summary="Root")}, "/x": {"get": op(summary="X")}}))
    assert titles(root.search("/")) == ["Root"]  # a path without words


def test_an_operation_ranks_above_a_webhook_that_fits_the_query_alike():
    """GitHub's "release created" webhook fits "create release" as well as the operation that creates one: the
    reader means the operation; the webhook still matches, below it."""
    webhook = {**entry("release created", "POST", "release-created"), "webhook": True}
    index = SearchIndex([webhook, entry("Create a release", "POST", "/repos/{repo}/releases")])
    assert titles(index.search("create release")) == ["Create a release", "release created"]
    assert titles(index.search("release created")) == ["release created", "Create a release"]


def test_more_query_words_matched_ranks_higher_and_a_word_that_matches_nothing_lowers_no_one():
    index = SearchIndex([entry("Get a repository"), entry("Delete a repository"), entry("Delete a gist")])
    assert titles(index.search("delete repository")) == [
        "Delete a repository",
        "Get a repository",
        "Delete a gist",
    ]
    # words no entry has ("webhook", "secret") neither empty the list nor change it (issue 29)
    assert index.search("delete repository webhook secret") == index.search("delete repository")
    assert titles(index.search("zzz qqq gist")) == ["Delete a gist"]


def test_the_matches_are_the_entries_that_match_well_enough_not_every_one_sharing_a_common_word():
    """ "insert instance" on a description where most operations insert something: what is counted is the
    operations about instances, not every insert (the notebook's "658 of 658 operations match")."""
    many = [entry(f"Insert thing {i}", "POST", f"/things{i}") for i in range(20)]
    index = SearchIndex([*many, entry("Insert an instance", "POST", "/instances"), entry("Get an instance")])
    assert titles(index.search("insert instance")) == ["Insert an instance", "Get an instance"]
    assert len(index.search("insert")) == 21  # one word: every operation it matches


def test_search_file_fields_tags_and_related_words_count_at_lower_weights():
    entries = [
        entry("Alpha", path="/a", tags=["Billing"]),
        entry("Beta", path="/b"),
        entry("Gamma", path="/c"),
        entry("Settle an account", "POST", path="/d"),
    ]
    file = {
        "texts": ["", "", "", ""],
        # each text once, with the positions of its entries (the distance from the one before, in base 36)
        "fields": {"body": "email:1", "response": "Invoice:1", "more": "pdf:1|receipt:2"},
        "tags": {"Billing": "Money owed customers"},
        "related": "settle:pay",  # the description's word: the reader's words that stand for it
    }
    index = SearchIndex(entries, file)
    assert titles(index.search("email")) == ["Beta"]  # a request body field
    assert titles(index.search("invoice")) == ["Beta"]  # the response type
    assert titles(index.search("receipt")) == ["Gamma"]  # more of the description
    assert titles(index.search("owed")) == ["Alpha"]  # the tag's description
    assert titles(index.search("pay an account")) == ["Settle an account"]  # a related word (WordNet)
    assert titles(SearchIndex(entries, {**file, "related": ""}).search("pay")) == []
    # the texts alone (the older form) still work
    assert titles(SearchIndex(entries, ["about widgets", "", "", ""]).search("widgets")) == ["Alpha"]


def test_a_phrasal_verb_typed_apart_is_one_word():
    index = SearchIndex([entry("Sign in", "POST", "/signin"), entry("Get logs", path="/logs")])
    assert titles(index.search("log in"))[0] == "Sign in"  # login ~ signin
    assert titles(index.search("signin")) == ["Sign in"]
    assert titles(index.search("log"))[0] == "Get logs"


def test_the_site_search_file_holds_body_fields_response_types_and_tag_descriptions(tmp_path):
    user = {"type": "object", "properties": {"email": {"type": "string"}, "nickname": {"type": "string"}}}
    paths = {
        "/members": {
            "post": op(
                tags=["People"],
                summary="Add a member",
                requestBody={"content": {"application/json": {"schema": user}}},
                responses={
                    "201": {
                        "description": "ok",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Badge"}}},
                    }
                },
            ),
            "get": op(
                tags=["People"], summary="List members", description="Lists them. Sorted by seniority."
            ),
        },
    }
    description = api(
        paths,
        tags=[{"name": "People", "description": "Humans of the workspace."}],
        components={"schemas": {"Badge": {"type": "object"}}},
    )
    site = site_of(tmp_path, description)
    file = site.search_file
    assert set(file) == {"texts", "fields", "tags", "related"}
    assert file["fields"] == {"body": "email nickname:0", "response": "badge:0", "more": "Sorted seniority:1"}
    assert file["tags"] == {"People": "Humans workspace"}  # the words that tell the tag apart
    assert titles(site.search("nickname")) == ["Add a member"]
    assert titles(site.search("badge")) == ["Add a member"]
    assert titles(site.search("seniority")) == ["List members"]
    assert set(titles(site.search("humans"))) == {"Add a member", "List members"}  # the tag's text


def test_a_reads_response_fields_and_a_request_bodys_description_are_searched(tmp_path):
    state = {
        "type": "object",
        "properties": {"batteryLevel": {"type": "integer"}, "range": {"type": "number"}},
    }
    either = {"oneOf": [{"type": "object", "properties": {"flux": {"type": "string"}}}, {"type": "string"}]}
    paths = {
        "/vehicles/{id}/state": {"get": op(summary="Get vehicle state", responses=_answering(state))},
        "/vehicles/{id}": {
            "get": op(summary="Get vehicle"),
            "put": op(summary="Replace vehicle state", responses=_answering(state)),  # not a read
        },
        "/query": {
            "post": op(
                summary="Query",
                requestBody={
                    "description": "A script to execute.",
                    "content": {"application/json": {"schema": either}},
                },
            )
        },
    }
    site = site_of(tmp_path, api(paths))
    assert titles(site.search("battery level of a vehicle"))[0] == "Get vehicle state"
    assert "Replace vehicle state" not in titles(site.search("battery"))
    assert titles(site.search("flux")) == ["Query"]  # a oneOf member's field
    assert titles(site.search("script")) == ["Query"]  # the body's description


def _answering(schema: dict) -> dict:
    return {"200": {"description": "ok", "content": {"application/json": {"schema": schema}}}}


def test_a_short_title_the_query_covers_beats_a_long_one():
    index = SearchIndex([entry("List pull requests associated with a commit"), entry("List pull requests")])
    assert titles(index.search("list pull requests")) == [
        "List pull requests",
        "List pull requests associated with a commit",
    ]


def test_verbs_match_synonyms_and_the_http_method():
    index = SearchIndex(
        [
            entry("Get customers", "GET", "/v1/customers"),
            entry("Post customers", "POST", "/v1/customers"),
            entry("Remove customer", "GET", "/v1/x"),
            entry("Delete customers customer", "DELETE", "/v1/customers/{customer}"),
        ]
    )
    assert titles(index.search("create customer"))[0] == "Post customers"  # create ~ POST
    assert titles(index.search("make customer"))[0] == "Post customers"
    assert titles(index.search("schedule customer"))[0] == "Post customers"  # something new, on a date
    assert titles(index.search("remove customer"))[:2] == ["Remove customer", "Delete customers customer"]
    assert titles(index.search("fetch customers"))[0] == "Get customers"


def test_the_query_grammar_says_whether_to_read_or_to_act():
    index = SearchIndex(
        [
            entry("Attachments of a task", "GET", "/tasks/{task}/attachments"),
            entry("Attachments of a task", "POST", "/tasks/{task}/attachments"),
            entry("Team users", "POST", "/teams/{team}/users"),
            entry("Team users", "GET", "/teams/{team}/users"),
            entry("Spam reports", "DELETE", "/spam_reports"),
            entry("Spam reports", "GET", "/spam_reports"),
        ]
    )
    # a first word before a determiner is a verb: it acts, though the title names no verb
    assert index.search("attach a file to a task")[0]["method"] == "POST"
    assert index.search("comment on a task")[0]["method"] == "POST"  # a verb before its particle
    # a question reads; "who" asks for the description's people
    assert index.search("who is on this team")[0]["method"] == "GET"
    # words that end on a plural name what to read; one that may be a verb ("log work") asks nothing
    assert index.search("spam complaints")[0]["method"] == "GET"
    assert index.search("spam report")[0]["method"] == "DELETE"  # navigation order: nothing asked
    # so do words that begin on a plural before a preposition
    assert index.search("reports of spam")[0]["method"] == "GET"
    assert index.search("report of spam")[0]["method"] == "DELETE"
    assert index.search("attachments")[0]["method"] == "GET"  # one word: navigation order


def test_a_word_s_number_says_one_of_them_or_all_of_them():
    index = SearchIndex(
        [
            entry("Teams of a user", "GET", "/users/{user}/teams"),
            entry("Users of a team", "GET", "/teams/{team}/users"),
            entry("An invoice or a bill", "GET", "/invoices/{invoice}"),
            entry("Invoices and bills", "GET", "/invoices"),
            entry("Remove contacts from a group", "DELETE", "/groups/{group}/contacts"),
            entry("Remove a contact from a group", "DELETE", "/groups/{group}/contacts/{contact}"),
            entry("Add a contact to a group", "POST", "/groups/{group}/contacts"),
        ]
    )
    # a singular after a, the, this... is one of them (a segment before a placeholder), a plural all of them
    assert titles(index.search("users on this team"))[0] == "Users of a team"
    assert titles(index.search("teams of this user"))[0] == "Teams of a user"
    # where the path does not name the word, its shape says: a path that ends on a word lists them all
    assert titles(index.search("bills"))[0] == "Invoices and bills"
    assert titles(index.search("show a bill"))[0] == "An invoice or a bill"
    assert titles(index.search("delete a contact from a group"))[0] == "Remove a contact from a group"
    assert titles(index.search("delete all contacts of this group"))[0] == "Remove contacts from a group"
    # what a verb that makes something makes is a new one: not an existing contact's path
    assert titles(index.search("add a contact to a group"))[0] == "Add a contact to a group"


def test_a_verb_typed_first_lowers_operations_of_other_methods():
    index = SearchIndex(
        [
            entry("Builds of a branch", "GET", "/branches/{branch}/builds"),
            entry("Builds", "POST", "/branches/{branch}/builds"),
        ]
    )
    assert titles(index.search("start a build for a branch"))[0] == "Builds"  # start: POST
    assert titles(index.search("builds of a branch"))[0] == "Builds of a branch"
    assert titles(index.search("cancel the build"))[0] == "Builds"  # stop, cancel, abort: not GET


def test_a_phrasal_verb_is_one_word_only_where_the_description_has_it_or_a_synonym():
    index = SearchIndex([entry("Check out a cart", "POST", "/carts/{cart}/checkout"), entry("Logs")])
    assert "Logs" in titles(index.search("log out"))  # no logout, signout nor logoff here: the words apart
    assert titles(index.search("check out"))[0] == "Check out a cart"


def test_stop_words_are_dropped_unless_the_query_is_only_stop_words():
    index = SearchIndex([entry("Get the user"), entry("Of mice")])
    assert index.search("the user") == index.search("user")
    assert titles(index.search("of")) == ["Of mice"]


def test_ties_keep_navigation_order(tmp_path):
    paths = {
        "/b": {"get": op(tags=["Later"], summary="Find b")},
        "/a": {"get": op(tags=["Sooner"], summary="Find a")},
    }
    site = site_of(tmp_path, api(paths, tags=[{"name": "Sooner"}, {"name": "Later"}]))
    assert titles(site.search("find")) == ["Find a", "Find b"]


def test_search_is_case_insensitive(site):
    assert site.search("INFO FOR") == site.search("info for") == site.search("Info For")


def test_limit_and_empty_queries(site):
    assert len(site.search("pet", limit=2)) == 2
    assert site.search("pet", limit=2) == site.search("pet")[:2]
    assert site.search("") == site.search("   ") == site.search("!?") == []


def test_results_are_index_entries(site):
    found = site.search("getInventory")
    assert found[0] is next(e for e in site.index["endpoints"] if e["operationId"] == "getInventory")


def test_the_description_text_is_searched_from_the_search_file_not_the_index(site):
    route = next(r for r, e in site.operations.items() if e.operation.operation_id == "listPets")
    position = list(site.operations).index(route)
    assert site.search_file["texts"][position] == "Returns every pet, ten at a time."
    assert "description" not in site.index["endpoints"][position]
    assert site.search("ten at a time")[0]["route"] == route


def test_words_do_not_span_fields():
    assert SearchIndex([entry("Alpha", path="/beta")]).search("alphabeta") == []


# -- quality on natural queries --------------------------------------------------------------------------


def _read_queries(path: Path) -> dict[str, list[tuple[str, set[str]]]]:
    """Description (relative to the corpus) -> [(query, accepted "METHOD path" answers)]."""
    by_description: dict[str, list[tuple[str, set[str]]]] = {}
    for line in path.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        query, description, answers = line.split("\t")
        description = description.removeprefix("corpus/")
        by_description.setdefault(description, []).append((query, set(answers.split("|"))))
    return by_description


def _query_set(name: str, path: Path) -> object:
    """The queries of ``path``, skipped without them or without a description they ask about."""
    if path.exists():
        marks = [pytest.mark.corpus(*_read_queries(path))]
    elif CORPUS.is_dir():
        reason = f"search-eval queries not found at {path}: copy ../shared/search-eval beside the dev corpus"
        marks = [pytest.mark.skip(reason=reason)]
    else:
        marks = []  # skipped for want of the corpus itself (the corpus fixture)
    return pytest.param(path, id=name, marks=marks)


@pytest.mark.slow
@pytest.mark.parametrize("queries", [_query_set("shared", SHARED_QUERIES), _query_set("ours", OUR_QUERIES)])
def test_natural_queries_find_the_intended_operation_in_the_first_three(queries, corpus):
    """hit@3 at least 90% and MRR at least 0.85 (what ../shared/search-eval/eval.py measures)."""
    ranks = []
    for description, asked in _read_queries(queries).items():
        site = Site.from_description(corpus / description)
        for query, answers in asked:
            found = [f"{e['method']} {e['path']}" for e in site.search(query, limit=10)]
            ranks.append(next((i + 1 for i, key in enumerate(found) if key in answers), None))
    hit3 = sum(1 for r in ranks if r and r <= 3) / len(ranks)
    mrr = sum(1 / r for r in ranks if r) / len(ranks)
    assert hit3 >= 0.9 and mrr >= 0.85, (hit3, mrr)


def test_stop_words_are_dropped_once_stemmed_and_how_many_is_a_count():
    index = SearchIndex(
        [entry("Get users in a team", path="/teams/{id}/users"), entry("Get task count", path="/tasks/count")]
    )
    assert titles(index.search("this team")) == ["Get users in a team"]  # "this" is the word "thi"
    assert titles(index.search("how many tasks"))[0] == "Get task count"


def test_a_verb_form_the_index_lacks_matches_as_its_base_word():
    index = SearchIndex(
        [
            entry("Add dependencies", "POST", "/tasks/{id}/addDependencies"),
            entry("Get a task", path="/tasks/{id}"),
        ]
    )
    assert titles(index.search("depending"))[0] == "Add dependencies"  # depend, as a prefix
    stop = SearchIndex([entry("Stop a run", "POST")])
    assert titles(stop.search("stopped")) == ["Stop a run"]  # stop, as a whole word


def test_the_browser_carries_the_rules_as_written():
    """search.js reads the weights, limits and word tables that the build reads from search_rules.json: its RULES
    line is the file's data (after a change to the rules, write ``browser_rules()`` there again)."""
    from orgdocs.project._search import browser_rules

    script = (Path(__file__).resolve().parents[1] / "orgdocs/render/site/assets/search.js").read_text("utf-8")
    assert browser_rules() in script.splitlines()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
def test_a_child_forked_after_a_search_says_it_cannot_search_and_exits():
    """The engine (V8) does not survive a fork: a child forked after a search refuses to search with a clear
    error instead of hanging, drops what it inherited and exits as usual; the parent still searches."""
    script = f"""
import gc, os, sys
from orgdocs.project import Site
site = Site({str(PROJECT_CONFIG)!r})
before = [e["route"] for e in site.search("key")]
child = os.fork()
if child == 0:
    for searched in (site, Site({str(PROJECT_CONFIG)!r})):  # an inherited engine, and a new one
        try:
            searched.search("key")
        except RuntimeError as error:
            print("forked" in str(error), flush=True)
    del site, searched
    gc.collect()
    sys.exit(0)
_, status = os.waitpid(child, 0)
print(status, [e["route"] for e in site.search("key")] == before, flush=True)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["True", "True", "0", "True"], done.stderr


def test_a_process_that_searched_exits():
    """Each run searches and exits: none may hang as the interpreter finalizes (an engine freed then can wait
    forever for a thread that no longer runs, one exit in twenty or so; so each is timed out)."""
    script = f"from orgdocs.project import Site; print(len(Site({str(PROJECT_CONFIG)!r}).search('key')))"
    for _ in range(10):
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
        assert int(done.stdout) > 0, done.stderr
