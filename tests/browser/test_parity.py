"""The browser's ports against the Python originals, run in Chromium on the same inputs:

- ``assets/search.js`` vs ``orgdocs.project.search`` over a real index (GitHub's, when the corpus is there);
- ``assets/request.js`` vs ``orgdocs.project.requests.build_request`` and ``orgdocs.project.samples.code_samples``;
- ``request.js``'s ``sampleTokens`` vs ``orgdocs.render.site.highlight.sample_tokens`` (the samples' colours);
- ``assets/form-state.js``'s ``parseInput`` vs ``orgdocs.render.site.form.parse_input``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orgdocs.model import from_document
from orgdocs.project import Site
from orgdocs.project.payloads import operation_dict
from orgdocs.project.requests import RequestParts, build_request
from orgdocs.project.samples import code_samples
from orgdocs.render.site.form import parse_input
from orgdocs.render.site.highlight import SAMPLE_RULES, sample_tokens
from orgdocs.render.site.templating import ASSETS

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
    "/",
    " / ",
    "ünïcödé 漢字 \U0001d400\U0001d401\U0001d402 emoji \U0001f600",
    "\U0001d400\U0001d401\U0001d402\U0001d403x",  # letters beyond the BMP: lengths count code points
]
DESCRIPTIONS = ["large/digitalocean.json", "large/twilio-api-v2010.json", "oas31/discord-openapi.json"]


@pytest.fixture
def blank(watched):
    seen = watched()
    seen.page.set_content("<!DOCTYPE html><html><body></body></html>")
    for name in ("search.js", "samples.js", "request.js", "form-state.js", "site.js"):
        seen.page.add_script_tag(path=str(ASSETS / name))
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


PARAMETERS = [
    {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}},
    {"name": "ids", "in": "path", "required": True, "style": "label", "schema": {"type": "array"}},
    {
        "name": "m",
        "in": "path",
        "required": True,
        "style": "matrix",
        "explode": True,
        "schema": {"type": "object"},
    },
    {"name": "q", "in": "query", "schema": {"type": "string"}},
    {"name": "tags", "in": "query", "schema": {"type": "array"}},
    {"name": "csv", "in": "query", "explode": False, "schema": {"type": "array"}},
    {
        "name": "space",
        "in": "query",
        "style": "spaceDelimited",
        "explode": False,
        "schema": {"type": "array"},
    },
    {"name": "pipe", "in": "query", "style": "pipeDelimited", "explode": False, "schema": {"type": "array"}},
    {"name": "filter", "in": "query", "style": "deepObject", "explode": True, "schema": {"type": "object"}},
    {"name": "flat", "in": "query", "explode": False, "schema": {"type": "object"}},
    {"name": "X-List", "in": "header", "schema": {"type": "array"}},
    {"name": "X-Map", "in": "header", "explode": True, "schema": {"type": "object"}},
    {"name": "Accept", "in": "header", "schema": {"type": "string"}},
    {"name": "session", "in": "cookie", "schema": {"type": "string"}},
    {"name": "theme", "in": "cookie", "schema": {"type": "string"}},
]

CASES = [
    ({}, None, None, None),
    ({"id": "a b/ç?&#", "q": "x y+z", "tags": ["a", "b c"], "session": "s1"}, None, None, "tok"),
    (
        {
            "id": 42,
            "ids": [1, 2.5, True],
            "m": {"k": "v w", "n": 1},
            "csv": ["x", "y"],
            "space": [1, 2],
            "pipe": ["a|b", "c"],
        },
        {
            "name": "Rex",
            "tags": ["a"],
            "n": 1.5,
            "ok": False,
            "none": None,
            "nested": {"empty": {}, "list": []},
        },
        "application/json",
        "odk_x_y",
    ),
    (
        {"filter": {"status": "sold", "age[max]": 3}, "flat": {"a": 1, "b": "two"}},
        "raw text 'quoted' \"double\"",
        "text/plain",
        None,
    ),
    (
        {"X-List": ["a", "b"], "X-Map": {"k": "v"}, "Accept": "text/html", "theme": "dark"},
        {"a": [1, 2], "b": "x y"},
        "application/x-www-form-urlencoded",
        None,
    ),
    ({"id": "emoji 😀 漢字"}, {"file": "content", "many": ["1", "2"]}, "multipart/form-data", "t"),
    ({"id": "p"}, {"json": "yes"}, "application/vnd.api+json; charset=utf-8", None),
    ({"id": "p"}, "{not json", "application/json", None),
    ({"id": ""}, [], "application/json", None),
    ({"query:q": "by-location", "q": "by-name"}, None, None, None),
]


@pytest.mark.parametrize("method", ["get", "post", "head"])
def test_requests_and_samples_match_python(blank, method):
    document = {
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/items/{id}/{ids}/{m}": {
                method: {"parameters": PARAMETERS, "responses": {"200": {"description": "ok"}}}
            }
        },
    }
    operation = from_document(document).operations[0]
    payload_operation = json.loads(json.dumps(operation_dict(operation, [])))
    for server in ("https://api.example.test/v1/", "/relative", ""):
        for values, body, media_type, token in CASES:
            parts = build_request(
                operation, server_url=server, values=values, body=body, media_type=media_type, token=token
            )
            js = blank.evaluate(
                """([operation, options]) => {
                    const parts = window.orgdocs.request.buildRequest(operation, options);
                    return [parts, window.orgdocs.request.codeSamples(parts, false), window.orgdocs.request.codeSamples(parts, true)];
                }""",
                [
                    payload_operation,
                    {
                        "serverUrl": server,
                        "values": values,
                        "body": body,
                        "mediaType": media_type,
                        "token": token,
                    },
                ],
            )
            js_parts, js_samples, js_revealed = js
            where = (server, values, body, media_type)
            assert js_parts["url"] == parts.url, where
            assert [tuple(h) for h in js_parts["headers"]] == parts.headers, where
            assert js_parts["body"] == parts.body, where
            assert js_parts["mediaType"] == parts.media_type and js_parts["note"] == parts.note, where
            assert js_samples == code_samples(parts), where
            assert js_revealed == code_samples(parts, reveal_token=True), where


def _content(name: str, location: str, media_type: str = "application/json") -> dict:
    schema = {"type": "array", "items": {"type": "integer"}}  # what style and explode would split
    return {
        "name": name,
        "in": location,
        "required": location == "path",
        "content": {media_type: {"schema": schema}},
    }


CONTENT_CASES = [
    # (values, the URL and the headers both sides must write)
    (
        {"sel": [1, 2], "q": [1, 2], "filter": {"a": 1}, "X-Filter": {"a": "b c"}, "prefs": [1, 2]},
        "https://api.example.test/x/%5B1%2C2%5D?q=%5B1%2C2%5D&filter=%7B%22a%22%3A1%7D",
        [("X-Filter", '{"a":"b c"}'), ("Cookie", "prefs=[1,2]")],
    ),
    (
        {"sel": "[1, 2]", "q": "[1,2]", "note": "a,b c/é", "X-Note": "x,y", "filter": 2.0},
        "https://api.example.test/x/%5B1%2C%202%5D?q=%5B1%2C2%5D&filter=2&note=a%2Cb%20c%2F%C3%A9",
        [("X-Note", "x,y")],
    ),
    ({"sel": "", "q": [], "filter": {}}, "https://api.example.test/x/{sel}", []),
]


def test_content_parameters_match_python(blank):
    parameters = [
        _content("sel", "path"),
        _content("q", "query"),
        {**_content("filter", "query"), "style": "deepObject", "explode": True},
        _content("note", "query", "text/plain"),
        _content("X-Filter", "header"),
        _content("X-Note", "header", "text/plain"),
        _content("prefs", "cookie"),
    ]
    document = {
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/x/{sel}": {"get": {"parameters": parameters, "responses": {"200": {"description": "ok"}}}}
        },
    }
    operation = from_document(document).operations[0]
    payload_operation = json.loads(json.dumps(operation_dict(operation, [])))
    for values, url, headers in CONTENT_CASES:
        parts = build_request(operation, server_url="https://api.example.test", values=values)
        assert (parts.url, parts.headers) == (url, headers), values
        js_parts, js_samples = blank.evaluate(
            """([operation, options]) => {
                const parts = window.orgdocs.request.buildRequest(operation, options);
                return [parts, window.orgdocs.request.codeSamples(parts, false)];
            }""",
            [payload_operation, {"serverUrl": "https://api.example.test", "values": values}],
        )
        assert js_parts["url"] == url, values
        assert [tuple(h) for h in js_parts["headers"]] == headers, values
        assert js_samples == code_samples(parts), values


TRICKY_SAMPLES = {
    "curl": [
        "curl -X GET 'https://x/a'\\''b' \\\n  -H \"Authorization: Bearer $TOKEN\" \\\n  -u \"$USER:$PASS\"\n",
        'curl -X POST "https://x/\\$HOME/${A}/\\"q\\"" # not a comment\n',
    ],
    "python": [
        "import os\n\nresponse = httpx.request(\n    f\"https://x/{{org}}/{os.environ['ORG']}/é1\",\n"
        '    json={"n": -1.5e3, "t": True, "u": None, "s": "a\\"b{c}"},  # done\n)\nprint(response.text)\n',
    ],
    "javascript": [
        "const form = new FormData();\nconst r = await fetch(`https://x/\\${a}/${process.env.ORG}/\\``, {\n"
        '  body: JSON.stringify({"a": [1, 2.5, true, null], "é2": \'x\'}), // note\n});\n',
    ],
}


def test_sample_highlighting_matches_python(blank):
    """The samples' colours: the same tokens in both on every sample the two make, in every language."""
    js_rules = blank.evaluate(
        "() => Object.fromEntries(window.orgdocs.request.sampleLanguages().map(([key]) => [key, 1]))"
    )
    assert set(js_rules) == set(SAMPLE_RULES)
    operation = from_document(
        {
            "openapi": "3.0.3",
            "info": {"title": "t", "version": "1"},
            "paths": {"/items/{id}/{ids}/{m}": {"post": {"parameters": PARAMETERS, "responses": {}}}},
        }
    ).operations[0]
    texts = {language: list(samples) for language, samples in TRICKY_SAMPLES.items()}
    for values, body, media_type, token in CASES:
        parts = build_request(
            operation,
            server_url="https://api.example.test",
            values=values,
            body=body,
            media_type=media_type,
            token=token,
        )
        for language, text in code_samples(parts).items():
            texts.setdefault(language, []).append(text)
    js = blank.evaluate(
        """(texts) => Object.fromEntries(Object.entries(texts).map(([language, samples]) =>
            [language, samples.map((text) => window.orgdocs.request.sampleTokens(text, language))]))""",
        texts,
    )
    for language, samples in texts.items():
        for text, tokens in zip(samples, js[language], strict=True):
            assert "".join(piece for _, piece in tokens) == text
            assert [tuple(token) for token in tokens] == sample_tokens(text, language), text
    coloured = {css for text in texts["python"] for css, _ in sample_tokens(text, "python")}
    assert {"kn", "nn", "s2", "si", "kc", "m", "c1", "nb"} <= coloured


def test_tokens_are_masked_as_python_masks_them(blank):
    """A real token whose tail spells a variable's name is masked in the browser's samples too."""
    for headers, variables in (
        ([["Authorization", "Bearer sTOKEN"]], ["TOKEN"]),
        ([["Authorization", "Bearer $API_KEY"]], ["API_KEY"]),
        ([["Authorization", "Bearer plain"]], []),
    ):
        parts = {
            "method": "GET",
            "url": "https://h/x",
            "headers": headers,
            "body": None,
            "mediaType": None,
            "note": "",
            "variables": variables,
        }
        js = blank.evaluate("(parts) => window.orgdocs.request.codeSamples(parts, false)", parts)
        python = code_samples(
            RequestParts("GET", "https://h/x", headers=[tuple(h) for h in headers], variables=variables)
        )
        assert js == python, headers
        assert "sTOKEN" not in js["curl"] and "plain" not in js["curl"]


INPUTS = [
    ("text", "", "string", False),
    ("text", "hello, world", "string", False),
    ("number", "5", "integer", False),
    ("number", " -2.50 ", "number", False),
    ("number", "1e3", "number", False),
    ("number", "abc", "number", False),
    ("select", "3", "integer", True),
    ("select", "true", "boolean", False),
    ("select", "sold", "string", False),
    ("list", "1, 2,x", "integer", False),
    ("list", "a,,b", "string", False),
    ("list", "true,false,maybe", "boolean", False),
    ("json", '{"a": [1, 2.0]}', "object", False),
    ("json", "{broken", "object", False),
    ("checkbox", "true", "boolean", False),
    ("checkbox", "", "boolean", False),
    ("checkbox", "", "boolean", True),
]


def test_parse_input_matches_python(blank):
    js = blank.evaluate(
        "(cases) => cases.map(([k, t, i, r]) => window.orgdocs.parseInput(k, t, i, r))",
        [list(c) for c in INPUTS],
    )
    for case, value in zip(INPUTS, js, strict=True):
        kind, text, item_type, required = case
        # 2.0 == 2: JSON has one number type
        assert value == parse_input(kind, text, item_type, required=required), case


def test_links_to_routes_match_python(blank):
    from orgdocs.render.site.navigation import href

    routes = ["/api/pets/list", "/a/" + "x" * 120, "/changelog", "/"]
    found = blank.evaluate("(routes) => routes.map((r) => window.orgdocs.routeHref(r))", routes)
    assert found == [href("", route) for route in routes]


SCHEMES = {
    "LedgerKey": {"type": "apiKey", "in": "header", "parameterName": "X-Ledger-Key"},
    "QueryKey": {"type": "apiKey", "in": "query", "parameterName": "api key"},
    "CookieKey": {"type": "apiKey", "in": "cookie", "parameterName": "SID"},
    "BadKey": {"type": "apiKey", "in": "body", "parameterName": "x"},
    "Basic": {"type": "http", "scheme": "Basic"},
    "Bearer": {"type": "http", "scheme": "bearer"},
    "Digest": {"type": "http", "scheme": "digest"},
    "OAuth": {
        "type": "oauth2",
        "flows": {
            "authorizationCode": {
                "authorizationUrl": "https://auth.test/authorize",
                "tokenUrl": "https://auth.test/token",
                "scopes": {"read": "Read things", "write": ""},
            },
            "clientCredentials": {"tokenUrl": "https://auth.test/token", "scopes": {}},
        },
    },
    "OIDC": {
        "type": "openIdConnect",
        "openIdConnectUrl": "https://auth.test/.well-known/openid-configuration",
    },
    "MTLS": {"type": "mutualTLS"},
}
REQUIREMENTS = [
    [],
    [{}],
    [{"LedgerKey": [], "QueryKey": []}, {"Basic": []}],
    [{"MTLS": []}, {"Bearer": []}, {}],
    [{"OAuth": ["read"]}, {"OIDC": []}, {"Digest": []}, {"CookieKey": [], "LedgerKey": []}],
    [{"Undeclared": []}, {"BadKey": []}],
    [{"OAuth": [], "Bearer": [], "QueryKey": []}],  # one Authorization header only
]
CREDENTIALS = [
    {},
    {"Basic": {"username": "zoë", "password": "p:ss wörd"}},
    {"LedgerKey": {"value": " lk "}, "QueryKey": {"value": "q k&=/"}, "Bearer": {"value": "b"}},
    {"OAuth": {"value": "oa"}, "OIDC": {"value": "oi"}, "Digest": {"value": 'Digest u="x"'}},
    {"CookieKey": {"value": "c"}, "LedgerKey": {"value": ""}, "Basic": {"username": "", "password": "x"}},
]


def test_security_rules_match_python(blank):
    from orgdocs.project import security

    found = blank.evaluate(
        """([schemes, requirements, credentials]) => {
            const R = window.orgdocs.request;
            const names = Object.keys(schemes).concat(["Undeclared"]);
            return {
                kinds: names.map((n) => R.schemeKind(schemes[n])),
                inputs: names.map((n) => R.schemeInputs(n, schemes[n])),
                flows: names.map((n) => R.flowSummary(schemes[n])),
                cases: requirements.map((req) => {
                    const alternatives = R.securityAlternatives(req);
                    return [alternatives, credentials.map((c) => [
                        R.defaultAlternative(alternatives, schemes, c),
                        alternatives.map((a) => [R.satisfied(a, schemes, c), R.placeholderCredentials(a, schemes),
                            R.appliedCredentials(a, schemes, c),
                            R.appliedCredentials(a, schemes, R.placeholderCredentials(a, schemes))]),
                    ])];
                }),
            };
        }""",
        [SCHEMES, REQUIREMENTS, CREDENTIALS],
    )
    names = [*SCHEMES, "Undeclared"]
    assert found["kinds"] == [security.scheme_kind(SCHEMES.get(n)) for n in names]
    assert found["inputs"] == [security.scheme_inputs(n, SCHEMES.get(n)) for n in names]
    assert found["flows"] == [security.flow_summary(SCHEMES.get(n)) for n in names]
    for requirement, (alternatives, cases) in zip(REQUIREMENTS, found["cases"], strict=True):
        assert alternatives == security.security_alternatives(requirement)
        for credentials, (default, per_alternative) in zip(CREDENTIALS, cases, strict=True):
            assert default == security.default_alternative(alternatives, SCHEMES, credentials)
            for alternative, (ok, placeholders, applied, applied_placeholders) in zip(
                alternatives, per_alternative, strict=True
            ):
                assert ok == security.satisfied(alternative, SCHEMES, credentials)
                assert placeholders == security.placeholder_credentials(alternative, SCHEMES)
                assert [tuple(a) for a in applied] == security.applied_credentials(
                    alternative, SCHEMES, credentials
                )
                assert [tuple(a) for a in applied_placeholders] == security.applied_credentials(
                    alternative, SCHEMES, placeholders
                )


def test_requests_with_credentials_and_headers_match_python(blank):
    from orgdocs.project import security

    document = {
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/items/{id}": {"post": {"parameters": PARAMETERS[:1] + PARAMETERS[3:4] + PARAMETERS[-1:]}}
        },
    }
    operation = from_document(document).operations[0]
    payload_operation = json.loads(json.dumps(operation_dict(operation, [])))
    headers = [["X-Extra", "1"], ["  ", "skipped"], ["X-Quote", 'it\'s "$HOME" `x` ${y} {z}']]
    for requirement in REQUIREMENTS:
        for alternative in security.security_alternatives(requirement):
            for credentials in [*CREDENTIALS, security.placeholder_credentials(alternative, SCHEMES)]:
                applied = security.applied_credentials(alternative, SCHEMES, credentials)
                values = {"id": "a/b", "q": "x", "session": "s"}
                parts = build_request(
                    operation,
                    server_url="https://api.test/v1",
                    values=values,
                    body={"a": 1},
                    media_type="application/json",
                    credentials=applied,
                    headers=[tuple(h) for h in headers],
                )
                js_parts, js_samples = blank.evaluate(
                    """([operation, options]) => {
                        const parts = window.orgdocs.request.buildRequest(operation, options);
                        return [parts, window.orgdocs.request.codeSamples(parts, false)];
                    }""",
                    [
                        payload_operation,
                        {
                            "serverUrl": "https://api.test/v1",
                            "values": values,
                            "body": {"a": 1},
                            "mediaType": "application/json",
                            "credentials": [list(a) for a in applied],
                            "headers": headers,
                        },
                    ],
                )
                where = (alternative, credentials)
                assert js_parts["url"] == parts.url, where
                assert [tuple(h) for h in js_parts["headers"]] == parts.headers, where
                assert js_parts["variables"] == parts.variables, where
                assert js_samples == code_samples(parts), where


SERVERS = [
    ("https://api.test/v1", None, "http://docs.test/a/b"),
    ("//api.test/v2", None, "http://docs.test/a/"),
    ("//api.test/v2", None, "file:///home/me/site/index.html"),
    ("//api.test/v2", None, None),
    ("/v1", "https://specs.test/apis/pets.json", "http://docs.test/x/"),
    ("v1/", "https://specs.test/apis/pets.json", "http://docs.test/x/"),
    ("../v1", "https://specs.test/apis/pets.json", None),
    ("/v1", None, "http://docs.test:8000/group/tag/op/"),
    ("", None, "http://docs.test:8000/group/tag/op/"),
    ("", "https://specs.test/apis/pets.json", None),
    ("/v1", None, "file:///home/me/site/index.html"),
    ("/v1", None, None),
    ("  HTTP://Api.Test/v1  ", None, None),
]


def test_server_urls_match_python(blank):
    from orgdocs.project.requests import server_url

    found = blank.evaluate(
        "(cases) => cases.map(([u, d, p]) => window.orgdocs.request.serverUrl(u, d, p))",
        [list(c) for c in SERVERS],
    )
    for (url, description_url, page_url), js in zip(SERVERS, found, strict=True):
        assert js == server_url(url, description_url=description_url, page_url=page_url), (url, page_url)


def test_request_problems_match_python(blank):
    from orgdocs.project.requests import request_problems

    document = {
        "openapi": "3.0.3",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "{path}": {
                "post": {
                    "parameters": [
                        {"name": "path", "in": "path", "required": True, "schema": {"type": "string"}},
                        {"name": "q", "in": "query", "required": True, "schema": {"type": "string"}},
                        {"name": "f", "in": "query", "schema": {"type": "boolean"}},
                    ],
                    "requestBody": {"required": True, "content": {"application/json": {}}},
                }
            }
        },
    }
    operation = from_document(document).operations[0]
    payload_operation = json.loads(json.dumps(operation_dict(operation, [])))
    cases = [  # values, body text, server, extra headers, a URL made elsewhere -> the places refused
        ({"path": "x", "q": "1"}, '{"a": 1}', "https://api.test", [], None, set()),
        ({"path": "", "q": ""}, "", "https://api.test", [], None, {"path:path", "query:q", "body"}),
        (
            {"path": "x", "q": "1"},
            "{broken",
            "https://api.test",
            [["Bad Name", "v"], ["X-Ok", "a\nb"], ["X-Latin", "é"], ["X-Greek", "Ω"]],
            None,
            {"body", "headers"},
        ),
        # what a path of a description without servers once made: another host
        ({"path": "x", "q": "1"}, "  ", "", [], "//127.0.0.2:9999/steal", {"body", "url"}),
        ({"q": "1"}, "{}", "https://api.test/v1", [], "https://elsewhere.test/x", {"path:path", "url"}),
    ]
    for values, body, server, headers, url, refused in cases:
        parts = build_request(
            operation,
            server_url=server,
            values=values,
            body=body or None,
            headers=[tuple(h) for h in headers],
        )
        parts.url = url or parts.url
        js = blank.evaluate(
            """([operation, parts, options]) => window.orgdocs.request.requestProblems(operation, parts, options)""",
            [
                payload_operation,
                {"url": parts.url, "headers": [list(h) for h in parts.headers]},
                {"values": values, "server": server, "bodyText": body, "mediaType": "application/json"},
            ],
        )
        expected = request_problems(
            operation, parts, values=values, server=server, body_text=body, media_type="application/json"
        )
        assert js == expected, (values, body, server, headers)
        assert set(expected) == refused, expected


HOSTILE = 'it\'s "q" \\ $HOME #{x} #@y #$z ${w} `b` {{c}} % é'
HOSTILE_TEXT = 'line\nit\'s "two" \\ $HOME #{x} ${y} `z` {{w}} é 😀 \u2028 \u0085 \x01\x7f\r\nend """ ``` '
HOSTILE_REQUESTS = [
    RequestParts(
        "POST",
        "https://h/a%2Fb?q=%22%24x%23%7By%7D%60&key=$API_KEY",
        headers=[
            ("X-Note", HOSTILE),
            ("Content-Type", "application/json"),
            ("Cookie", "session=$API_KEY"),
            ("Authorization", "Bearer $TOKEN"),
        ],
        body=json.dumps({"t": HOSTILE_TEXT, HOSTILE: [1, 2.5, True, None, {}, []]}, indent=2),
        media_type="application/json",
        variables=["API_KEY", "TOKEN"],
    ),
    RequestParts(
        "PUT",
        "https://h/n",
        headers=[("Content-Type", "text/plain"), ("Authorization", "Basic $USERNAME:$PASSWORD")],
        body=HOSTILE_TEXT,
        media_type="text/plain",
        variables=["USERNAME", "PASSWORD"],
    ),
    RequestParts(
        "POST",
        "https://h/u",
        headers=[("Content-Type", "multipart/form-data")],
        body=json.dumps({'na"me\n': HOSTILE_TEXT, "tags": ["a", HOSTILE]}),
        media_type="multipart/form-data",
    ),
    RequestParts("HEAD", "https://h/x", headers=[("Authorization", "Bearer real-secret")]),
]


def test_every_language_matches_python_on_hostile_requests(blank):
    """Quotes, backslashes, $, #{, ${, backquotes, braces, line separators and control characters: the
    browser writes every language as Python does, and never a real token."""
    for parts in HOSTILE_REQUESTS:
        request = {
            "method": parts.method,
            "url": parts.url,
            "headers": [list(h) for h in parts.headers],
            "body": parts.body,
            "mediaType": parts.media_type,
            "note": "",
            "variables": parts.variables,
        }
        js = blank.evaluate("(parts) => window.orgdocs.request.codeSamples(parts, false)", request)
        assert js == code_samples(parts), parts.method
        assert "real-secret" not in json.dumps(js)
