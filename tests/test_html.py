"""``orgdocs.render._html``: sanitized Markdown, schema trees and the operation detail, on friendly and hostile
descriptions. ``audit`` is the check every rendered HTML must pass: no element, attribute or URL that runs
script."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import jinja2
import pytest
from markupsafe import Markup
from site_projects import api

from orgdocs.project import Site
from orgdocs.render._html import (
    TreeCache,
    TreeContext,
    markdown_html,
    operation_html,
    sanitize_html,
    schema_tree_html,
)
from orgdocs.render.site._markdown import cleaner, is_remote
from orgdocs.render.site._templating import environment

STATIC = Path(__file__).resolve().parent / "data" / "static"
SCRIPTABLE_TAGS = {
    "script",
    "iframe",
    "object",
    "embed",
    "frame",
    "frameset",
    "applet",
    "base",
    "style",
    "link",
    "meta",
    "svg",
    "math",
}
URL_ATTRIBUTES = {
    "href",
    "src",
    "action",
    "formaction",
    "xlink:href",
    "data",
    "poster",
    "background",
    "srcset",
}


class _Audit(HTMLParser):
    """Collects what could run script: scriptable elements, event handlers, script URLs."""

    def __init__(self, allowed_scripts: bool):
        super().__init__(convert_charrefs=True)
        self.allowed_scripts = allowed_scripts
        self.problems: list[str] = []
        self.in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "head":
            self.in_head = True
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=...>")
            if (
                name in URL_ATTRIBUTES
                and value
                and re.sub(r"[\s\x00-\x1f]", "", value)
                .lower()
                .startswith(("javascript:", "vbscript:", "data:text"))
            ):
                self.problems.append(f"<{tag} {name}={value!r}>")
        if tag in SCRIPTABLE_TAGS:
            if self.allowed_scripts and self._ours(tag, values):
                return
            self.problems.append(f"<{tag} {values}>")

    def handle_endtag(self, tag: str) -> None:
        if tag == "head":
            self.in_head = False

    def _ours(self, tag: str, values: dict) -> bool:
        """The page's own: assets under _docs/assets, the JSON payload, the head's meta and icon."""
        if tag == "script":
            return (
                values.get("type") == "application/json" and values.get("id") == "orgdocs-payload"
            ) or "_docs/assets/" in (values.get("src") or "")
        if tag == "link":
            return "_docs/assets/" in (values.get("href") or "") or values.get("href") == "data:,"
        if tag == "meta":
            return self.in_head and values.get("http-equiv", "").lower() != "refresh"
        return False


def audit(text: str, *, page: bool = False) -> list[str]:
    """Everything in ``text`` that could run script (``page``: a whole page, whose own scripts are allowed)."""
    checker = _Audit(allowed_scripts=page)
    checker.feed(text)
    checker.close()
    return checker.problems


# -- Markdown ---------------------------------------------------------------------------------------------------


def test_markdown_renders_commonmark_and_tables():
    out = markdown_html(
        "# Title\n\nSome **bold** and `code`.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two"
    )
    assert "<h1>Title</h1>" in out
    assert "<strong>bold</strong>" in out and "<code>code</code>" in out
    assert "<table>" in out and "<td>2</td>" in out
    assert "<li>one</li>" in out


def test_markdown_plain_text_fast_path_matches_the_parser():
    from orgdocs.render.site import _markdown as markdown

    for text in [
        "One line.",
        "Two\nlines.",
        "Para one.\n\nPara two.",
        "  Indented start.\n second line",
        "Quote \"x\" and 'y'",
        # code spans take the fast path too
        "The `name` of the `repo`.",
        "` padded ` and `  ` and `a<b>&c`",
        "Line `one`\nline `two`\n\n`para`",
        "`*not emphasis*` _but this_",
        "`https://example.com` and `www.example.com`",
        "``double`` and `un`closed`",
        "a\\`b` and `c\\`",
        "1. `item`",
        "`x`  \nhard break",
        '`"quoted"` it\'s `{braces}` `a|b`',
        # and links to web addresses whose text is words and code spans
        "See [the docs](https://example.com/a_b?c=1%20d#e) and [`code` too](http://x.test).",
        "[a](https://x.test) [b](https://y.test)(z) ![img](https://x.test/i.png)",
        '[t](https://x.test "title") [u](<https://x.test>) [v](javascript:alert(1)) [](https://x.test)',
        "[ spaced ](https://x.test) and [[nested]](https://x.test) and [ref]: https://x.test",
        # and strong emphasis where CommonMark reads it as such, or not
        "**Note:** kept. Use **position** (**x**) and **`code` too**.\n**Line** two **ends**",
        '**"quoted"** **@mention**, **a `b**` c** and **2.**',
        *("**a** **b**x", "**c**d**", "a**b**", "** e**", "**f **", "***g***", "**h\ni**", "**j**:k"),
        *("**a `b** c`", "**[l](https://x.test)**", "[**l**](https://x.test)", "`x`**y**", "**z**`w`"),
        *("**1.** not a list", "**Title**\n===", "- **item**", "**a**\n**b**"),
        # and callouts of such paragraphs
        "Text.\n\n> [!NOTE]\n> The `x` setting, **kept**.\n> Two lines.\n\nMore.",
        *("> [!note] \n> lower", ">[!TIP]\n>tight", "> [!WARNING]  \n> hard break", "> [!TIP]\n> a\nlazy"),
        *(
            "> [!TIP]\n>\n> b",
            "> [!TIP]\n> a\n>\n> b",
            "> [!TIP] same line",
            "> plain quote",
            "> [!NOTE]\n> - list",
            "a\n> [!NOTE]\n> x",
        ),
        *("> [!NOTE]", "> [!NOTE]\n> > nested", "> [!NOTE]\n> x\n\n> [!CAUTION]\n> y", "  > [!NOTE]\n  > x"),
        # and tight lists of such lines, alone or after a paragraph's lines
        "Values:\n\n- `a` - first, **kept**\n- [b](https://x.test): second\n\nAfter.",
        *("Values:\n- a\n- b", "- a  \n- b", "- a\n- b\n\n- loose", "- a\n\n  continued", "- a\n lazy"),
        *("- a\n+ b", "-  a\n- b", "- \n- b", "-\ta", " - a\n- b", "- - nested", "- 1. nested", "- a\n---"),
        *("Title\n-", "- a\n\n> [!NOTE]\n> x", "> [!NOTE]\n> - a\n> - b\n>\n> c", "- a\n\nb\n- c"),
        # and underscores between letters or digits
        *("repo_name and GITHUB_TOKEN, v1_2 a__b", "_emphasis_ and x_ and _y", "a_b_", "é_x", "**a_b**"),
    ]:
        fast = markdown.plain_html(text)
        assert markdown.markdown_html.__wrapped__(text) == _parsed(text)
        assert fast is None or fast == _parsed(text)
    assert markdown.plain_html("**Note:** `x`") == "<p><strong>Note:</strong> <code>x</code></p>"
    assert markdown.plain_html("**a**b") is None and markdown.plain_html("- a\n\n- b") is None
    assert (
        markdown.plain_html("x:\n- `a`\n- b_c")
        == "<p>x:</p>\n<ul>\n<li><code>a</code></li>\n<li>b_c</li>\n</ul>"
    )
    assert markdown.plain_html("> [!TIP]\n> x").startswith('<div class="callout callout-tip" role="note">')


def _parsed(text: str) -> str:
    from orgdocs.render.site import _markdown as markdown

    return markdown.cleaner().clean(markdown._MARKDOWN(text)).strip()


def _descriptions(node, found: set[str]) -> set[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "description" and isinstance(value, str):
                found.add(value)
            else:
                _descriptions(value, found)
    elif isinstance(node, list):
        for value in node:
            _descriptions(value, found)
    return found


def test_markdown_fast_path_matches_the_parser_on_every_corpus_description(loadable_entry):
    from orgdocs.loading._parse import parse_document
    from orgdocs.render.site import _markdown as markdown

    file = loadable_entry.file
    texts = _descriptions(parse_document(file.read_bytes(), file.name), set())
    taken = {text: html for text in texts if (html := markdown.plain_html(text)) is not None}
    assert {text: _parsed(text) for text in taken} == taken


def test_markdown_links_get_rel_and_lose_script_urls():
    out = markdown_html(
        "[docs](https://example.com/docs) [bad](javascript:alert(1)) <a href='JaVaScRiPt:alert(1)'>x</a>"
    )
    assert 'href="https://example.com/docs" rel="noopener nofollow"' in out
    assert "javascript" not in out.lower()
    assert audit(out) == []


@pytest.mark.parametrize(
    "hostile",
    [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        '<a href="javascript:alert(1)">x</a>',
        "<svg onload=alert(1)>",
        "<iframe src=javascript:alert(1)></iframe>",
        "<style>*{}</style><link rel=stylesheet href=//evil.test/x.css>",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
        "<form action=javascript:alert(1)><button>x</button></form>",
        '<div id="orgdocs-payload" onclick="alert(1)">clobber</div>',
        "[x](javascript:alert(1)) ![y](javascript:alert(1))",
        "<details open ontoggle=alert(1)>x</details>",
        "<a href='&#106;avascript:alert(1)'>x</a>",
    ],
)
def test_markdown_never_lets_script_through(hostile):
    out = markdown_html(hostile)
    assert audit(out) == [], out
    assert 'id="orgdocs-payload"' not in out  # descriptions cannot shadow the page's own elements


def test_remote_images_become_links_local_ones_stay():
    out = markdown_html("![logo](https://cdn.example.com/logo.png) ![local](img/a.png)")
    assert "<img" in out and 'src="img/a.png"' in out
    assert 'src="https://' not in out and 'href="https://cdn.example.com/logo.png"' in out
    assert "src=" not in sanitize_html(
        '<img src="https://cdn.example.com/x.png"><img src="//cdn.example.com/y.png">'
    )


@pytest.mark.parametrize(
    "url",
    ["/\\evil.example/x.png", "\\\\evil.example/x.png", "\\/evil.example/x.png", "/\t/evil.example/x.png",
     " \x01//evil.example/x.png", "ht\ntps://evil.example/x.png", "HTTPS://evil.example/x.png"],
)  # fmt: skip
def test_an_image_a_browser_would_fetch_from_another_host_is_remote(url):
    """A browser strips C0 controls, drops tabs and newlines and reads a backslash as a slash."""
    assert is_remote(url)
    for outputs in (False, True):  # description text, and notebook outputs (an nbconvert export has no CSP)
        assert "evil.example" not in cleaner(outputs=outputs).clean(f'<img src="{url}">')


@pytest.mark.parametrize("url", ["img/a.png", "/img/a.png", "./a.png", "../a.png", "/\ta.png", "#x", "?q=1"])
def test_paths_on_the_same_host_are_not_remote(url):
    assert not is_remote(url)
    assert "src=" in sanitize_html(f'<img src="{url}">')


# -- schema trees -----------------------------------------------------------------------------------------------

SCHEMAS = {
    "#/components/schemas/Node": {
        "type": "object",
        "required": ["id"],
        "properties": {
            "id": {"type": "string", "format": "uuid", "readOnly": True},
            "secret": {"type": "string", "writeOnly": True},
            "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}, "maxItems": 5},
            "kind": {"type": "string", "enum": ["a", "b"], "description": "The *kind*."},
            "size": {"type": ["integer", "null"], "minimum": 1, "exclusiveMaximum": 10},
            "parent": {"$ref": "#/components/schemas/Node"},
        },
    },
    "#/components/schemas/Pet": {
        "allOf": [
            {"$ref": "#/components/schemas/Base"},
            {"type": "object", "properties": {"name": {"type": "string"}}},
        ]
    },
    "#/components/schemas/Base": {"type": "object", "properties": {"id": {"type": "integer"}}},
    "#/components/schemas/Choice": {
        "oneOf": [{"$ref": "#/components/schemas/Pet"}, {"type": "null"}],
        "discriminator": {"propertyName": "kind"},
    },
    "#/components/schemas/Any": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
}


def resolve(ref: str):
    return SCHEMAS[ref]


def test_tree_shows_types_marks_and_constraints():
    out = schema_tree_html({"$ref": "#/components/schemas/Node"}, resolve)
    assert '<code class="schema-name">id</code><span class="schema-required"' in out
    assert 'string <span class="schema-format">(uuid)</span>' in out
    assert "read-only" in out and "write-only" in out and "nullable" in out
    assert "one of <code>&quot;a&quot;</code>, <code>&quot;b&quot;</code>" in out
    assert "≥ 1" in out and "&lt; 10" in out and "items ≤ 5" in out
    assert "<em>kind</em>" in out


def test_tree_cycles_are_links_to_the_expanding_row():
    out = schema_tree_html({"$ref": "#/components/schemas/Node"}, resolve, context=TreeContext(id_prefix="t"))
    anchor = re.search(
        r'<div class="schema-tree" id="(t\d+)" data-schema-ref="#/components/schemas/Node"', out
    )
    assert anchor, out
    assert out.count(f'href="#{anchor.group(1)}"') == 2  # children (array items) and parent
    assert out.count("circular") == 2


def test_tree_direction_marks_what_it_leaves_out():
    """Trees are rendered in no direction (a component's subtree once for requests, responses and its page):
    the rows a request leaves out say they are read-only, those a response leaves out write-only, and the
    tree says its direction; the stylesheet hides them (tests/browser/test_deep_schemas.py)."""
    request = schema_tree_html({"$ref": "#/components/schemas/Node"}, resolve, direction="request")
    response = schema_tree_html({"$ref": "#/components/schemas/Node"}, resolve, direction="response")
    assert request.startswith('<div class="schema-tree" data-direction="request"')
    assert response.startswith('<div class="schema-tree" data-direction="response"')
    assert request.replace('"request"', '"response"', 1) == response
    marks = {
        name: only
        for only, name in re.findall(
            r'<li class="schema-row"[^>]*?(?: data-only="(\w+)")?><div class="schema-head"><code class="schema-name">(\w+)<',
            request,
        )
    }
    assert marks["id"] == "read" and marks["secret"] == "write" and marks["children"] == ""


def test_tree_combinators():
    merged = schema_tree_html({"$ref": "#/components/schemas/Pet"}, resolve)
    assert ">id<" in merged and ">name<" in merged and "All of" not in merged  # allOf merged into one object
    choice = schema_tree_html({"$ref": "#/components/schemas/Choice"}, resolve)
    assert (
        "One of" in choice
        and "nullable" in choice
        and "discriminator <code>&quot;kind&quot;</code>" in choice
    )
    scalars = schema_tree_html({"$ref": "#/components/schemas/Any"}, resolve)
    assert "string or integer" in scalars and "Any of" not in scalars  # a union of scalars reads inline


def test_tree_depth_and_size_limits_cut_rows_saying_so():
    deep: dict = {"type": "string"}
    for i in range(20):
        deep = {"type": "object", "properties": {f"level{i}": deep}}
    out = schema_tree_html(deep, resolve)
    assert out.count("Not shown: the tree is too large or too deep here.") == 1
    assert ">level8<" in out and ">level7<" not in out  # MAX_DEPTH levels of fields
    small = schema_tree_html(deep, resolve, context=TreeContext(tree_rows=2))
    assert ">level18<" in small and ">level17<" not in small and small.count("Not shown") == 1
    assert "schema-lazy" not in out + small  # nothing is left for the browser to draw


def test_unresolved_references_are_named_not_fatal():
    out = schema_tree_html({"$ref": "other.yaml#/X"}, resolve)
    assert "unresolved" in out and ">X<" in out


def test_memoized_subtrees_render_the_same_html():
    schemas = [
        {"$ref": "#/components/schemas/Node"},
        {"$ref": "#/components/schemas/Choice"},
        {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
    ]
    plain = [
        schema_tree_html(s, resolve, direction="response", context=TreeContext())
        for s in schemas
        for _ in range(2)
    ]
    cache = TreeCache()
    context = TreeContext(cache=cache)
    memoized = []
    for s in schemas:
        for _ in range(2):
            context.ids = 0
            context.rows = TreeContext().rows
            memoized.append(schema_tree_html(s, resolve, direction="response", context=context))
    assert cache.subtrees and cache.targets  # something was reused
    assert memoized == plain


def test_a_memoized_subtree_is_written_for_each_page_that_reuses_it():
    # another page's prefix and first id; the default prefix "s" is also in the text ("#/.../s1" in attributes)
    schemas = {
        **SCHEMAS,
        "#/components/schemas/Holder": {
            "type": "object",
            "properties": {
                "a": {"$ref": "#/components/schemas/s1"},
                "b": {"$ref": "#/components/schemas/s1"},
            },
        },
        "#/components/schemas/s1": {
            "type": "object",
            "properties": {"node": {"$ref": "#/components/schemas/Node"}},
        },
    }
    cache = TreeCache()
    for prefix, first in (("sab12cd-", 5), ("s", 0), ("s", 3), ("sab12cd-", 0)):
        for schema in ({"$ref": "#/components/schemas/Holder"}, {"$ref": "#/components/schemas/Node"}):
            own = TreeContext(id_prefix=prefix, ids=first)
            shared = TreeContext(id_prefix=prefix, ids=first, cache=cache)
            fresh = schema_tree_html(schema, schemas.__getitem__, direction="response", context=own)
            reused = schema_tree_html(schema, schemas.__getitem__, direction="response", context=shared)
            assert reused == fresh and f'id="{prefix}{first}"' in reused
            assert shared.ids == own.ids > first
    assert cache.subtrees


def test_memoized_budget_cut_trees_render_the_same_html():
    big = {
        "type": "object",
        "properties": {f"p{i}": {"$ref": "#/components/schemas/Node"} for i in range(30)},
    }
    schemas = {**SCHEMAS, "#/components/schemas/Big": big}

    def pages(cache):
        out = []
        for _ in range(3):  # three pages, two trees each: the second tree starts with less page budget
            context = TreeContext(tree_rows=25, rows=40)
            for direction in ("response", "response"):
                context.cache = cache or TreeCache()  # None: each tree on its own, nothing reused
                out.append(
                    schema_tree_html(
                        {"$ref": "#/components/schemas/Big"},
                        schemas.__getitem__,
                        direction=direction,
                        context=context,
                    )
                )
        return out

    cache = TreeCache()
    assert pages(cache) == pages(None)
    assert any(key[-1] == 25 for key in cache.subtrees)  # the budget-cut tree was memoized


def test_ids_are_unique_on_a_page():
    context = TreeContext(id_prefix="p", cache=TreeCache())
    out = "".join(
        schema_tree_html({"$ref": "#/components/schemas/Node"}, resolve, context=context) for _ in range(3)
    )
    ids = re.findall(r' id="([^"]+)"', out)
    assert len(ids) == len(set(ids)) == 3


# -- operation detail -------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def shop() -> Site:
    return Site(STATIC / "shop" / "docs.config.yaml")


@pytest.fixture(scope="module")
def hostile() -> Site:
    return Site(STATIC / "hostile" / "docs.config.yaml")


def test_operation_detail_shows_everything(shop):
    out = operation_html(shop, "/shop-api/pets/list-pets")
    assert '<h1 class="op-title">List pets</h1>' in out
    assert '<span class="method method-get">GET</span>' in out and '<code class="op-path">/pets</code>' in out
    assert "<strong>newest first</strong>" in out
    assert (
        "Query parameters" in out and ">limit<" in out and "≥ 1" in out and "Example <code>20</code>" in out
    )
    assert "Headers" in out and ">X-Trace<" in out
    assert 'class="schema-tree"' in out and "Pet" in out
    assert "Security" in out and "HTTP bearer token" in out
    assert "Servers" in out and "http://127.0.0.1:{port}/v1" in out and "<code>port</code>" in out
    text = re.sub(r"<[^>]+>", "", out)  # samples are highlighted: token spans split their text
    # the default language's sample; code.js writes the others from the request beside it
    assert 'data-sample="curl"' in out and "curl -X GET" in text
    box = re.search(r'<div class="samples" data-samples data-request="([^"]*)"', out).group(1)
    request = json.loads(html.unescape(box))
    assert request["method"] == "GET" and request["url"].endswith("/v1/pets")


def test_operation_detail_deprecated_and_no_auth(shop):
    deprecated = operation_html(shop, "/shop-api/pets/delete-pet")
    assert "op-deprecated" in deprecated and "badge-deprecated" in deprecated
    open_one = operation_html(shop, "/shop-api/orders/list-orders")
    assert "no authentication" in open_one


def test_operation_detail_response_headers_and_examples(shop):
    out = operation_html(shop, "/shop-api/pets/get-pet")
    assert ">X-Rate-Limit<" in out and "Calls left in this hour." in out
    assert "Example (generated)" in out and '"name"</span>: <span class="s2">"Rex"' in out
    assert ">404<" in out


def test_hostile_description_yields_no_executable_markup(hostile):
    assert hostile.operations
    for route in hostile.operations:
        out = operation_html(hostile, route)
        assert audit(out) == [], route
        assert "&lt;script&gt;" in out or "&lt;img" in out  # shown as text, not dropped silently
        assert "</script><script>" not in out


def test_hostile_page_markdown_is_sanitized(hostile):
    page = next(entry.page for entry in hostile.pages.values() if entry.page)
    out = markdown_html(page.text)
    assert audit(out) == []
    assert "<h1>Evil page</h1>" in out


READING = Path(__file__).parent / "data" / "reading.yaml"


@pytest.fixture(scope="module")
def reading() -> Site:
    return Site.from_description(READING)


def test_github_alerts_become_callouts_and_stay_sanitized():
    out = markdown_html("> [!NOTE]\n> Kept *thirty* days.\n\n> [!caution]\n>\n> Final.\n\n> [!TIP] not alone")
    assert '<div class="callout callout-note" role="note"><p class="callout-title">Note</p>' in out
    assert "<em>thirty</em>" in out and 'class="callout callout-caution"' in out
    assert "<blockquote>" in out and "[!TIP] not alone" in out  # a marker with text after it is a quote
    for kind in ("TIP", "IMPORTANT", "WARNING"):
        assert f'class="callout callout-{kind.lower()}"' in markdown_html(f"> [!{kind}]\n> text")
    raw = markdown_html('<div class="evil" role="button" onclick="x()">a</div><p class="callout-title">b</p>')
    assert 'class="evil"' not in raw and "role=" not in raw and "onclick" not in raw
    assert '<p class="callout-title">b</p>' in raw


def test_operation_sections_have_stable_anchors_with_labelled_links(reading):
    out = operation_html(reading, "/api/notes/create-note")
    for anchor in ("request-body", "responses", "response-201", "response-404", "response-default"):
        assert f'id="{anchor}"' in out and f'href="#{anchor}"' in out
    assert 'aria-label="Link to response 404">#</a>' in out
    # the link beside its heading, not in it: the heading's name is its text alone
    assert (
        '<h2 id="responses-title">Responses</h2><a class="anchor" href="#responses" aria-label="Link to Responses">#</a>'
        in out
    )
    assert not re.search(r"<h[1-6][^>]*>(?:(?!</h[1-6]>).)*class=\"anchor\"", out, re.S)
    with_params = operation_html(reading, "/api/notes/get-note")
    assert 'id="parameters"' in with_params and 'aria-label="Link to Parameters">#</a>' in with_params


def test_description_code_samples_are_tabs_beside_the_generated_ones(reading):
    out = operation_html(reading, "/api/notes/create-note")
    captions = re.findall(r"<figcaption>([^<]*)</figcaption>", out)
    assert captions == ["curl", "Ruby SDK", "PHP"]  # Go: no source; the other generated languages: code.js
    assert '<span class="c1"># a comment</span>' in out  # highlighted as Ruby
    assert '<span class="nv">$note</span>' in out  # PHP without "<?php"
    older = operation_html(reading, "/api/notes/get-note")  # x-code-samples, Redoc's older name
    assert re.findall(r"<figcaption>([^<]*)</figcaption>", older)[-1] == "Shell"


def test_a_response_summary_is_its_description_as_text_cut_at_120_characters(tmp_path):
    long = "Returned when **the** <b>token</b> & its scope " + "are fine " * 20
    doc = api(
        {
            "/a": {
                "get": {
                    "responses": {"200": {"description": long}, "404": {"description": "Not <i>found</i>"}}
                }
            },
            "/b": {"get": {"responses": {"404": {"description": "Not <i>found</i>"}}}},
        }
    )
    (tmp_path / "api.json").write_text(json.dumps(doc))
    site = Site.from_description(tmp_path / "api.json")
    first, second = (operation_html(site, route) for route in site.operations)
    summaries = re.findall(r'<span class="response-summary">([^<]*)</span>', first)
    assert summaries[0].startswith("Returned when the token &amp; its scope are fine")
    assert summaries[0].endswith(" are fine...") and len(summaries[0].replace("&amp;", "&")) <= 120
    assert summaries[1] == "Not found" and re.findall(r'class="response-summary">([^<]*)<', second) == [
        "Not found"
    ]


def test_examples_are_highlighted(reading):
    out = operation_html(reading, "/api/notes/create-note")
    assert '<code class="hl"><span class="p">' not in out
    assert '<span class="nt">"text"</span>: <span class="s2">"string"</span>' in out


def test_operation_pages_link_previous_and_next(reading, tmp_path):
    from orgdocs.render.site._pages import PageRenderer

    renderer = PageRenderer(reading)
    first = renderer.operation("/api/notes/create-note")
    second = renderer.operation("/api/notes/get-note")
    assert (
        'rel="next"' in first and 'href="../../../api/notes/get-note/"' in first and 'rel="prev"' not in first
    )
    assert 'rel="prev"' in second and 'href="../../../api/notes/create-note/"' in second
    assert 'rel="next"' not in second
    assert '<nav class="op-pager" aria-label="Previous and next operations">' in first


@pytest.mark.parametrize(
    "value",
    ["plain", "<script>alert('x')</script>", 'a & "b" > c', "", 0, 1.5, None, ["<x>"], Markup("<b>kept</b>")],
)
def test_templates_escape_what_they_write_as_jinja_does(value):
    """The site's templates write ``{{ }}`` through their own escape: the same text as Jinja's with
    markupsafe, in a page, a macro, a ``set`` block (which must not escape twice) and a concatenation."""
    source = (
        "{% macro m(v) %}[{{ v }}]{% endmacro %}{% set block %}({{ value }}){% endset %}"
        "{{ value }}|{{ m(value) }}|{{ block }}|{{ value ~ '&' }}|{{ m(value) ~ block }}"
    )
    stock = jinja2.Environment(autoescape=True).from_string(source).render(value=value)
    assert environment().from_string(source).render(value=value) == stock
    assert "<x>" not in stock and "<script>" not in stock


# -- callbacks and links ---------------------------------------------------------------------------------------

CALLBACKS = Path(__file__).parent / "data" / "callbacks.yaml"
SUBSCRIBE = "/api/subscriptions/create-subscription"


@pytest.fixture(scope="module")
def callbacks() -> Site:
    return Site.from_description(CALLBACKS)


def _section(out: str, anchor: str) -> str:
    """The ``<section id=anchor>`` of an operation's HTML."""
    start = out.index(f'<section class="op-section op-{anchor}" id="{anchor}">')
    return out[start : out.index("</section>\n", start)]


def test_callbacks_come_after_responses_one_entry_per_name_expression_and_method(callbacks):
    out = operation_html(callbacks, SUBSCRIBE)
    assert out.index('id="responses"') < out.index('id="callbacks"') < out.index('id="servers"')
    section = _section(out, "callbacks")
    assert '<h2 id="callbacks-title">Callbacks</h2><a class="anchor" href="#callbacks"' in section
    # closed like the responses, named by its summary (method, name, title), its URL the runtime expression
    assert (
        '<details class="response callback" id="callback-on-event-post" aria-labelledby="callback-on-event-post-title">\n'
        '<summary id="callback-on-event-post-title"><span class="method method-post">POST</span>\n'
        '<span class="param-name callback-name">onEvent</span>\n<span class="response-summary">Event delivered</span>'
    ) in section
    assert '<code class="op-path">{$request.body#/callbackUrl}</code>' in section
    assert "<p>Sent for <em>every</em> event of the subscription.</p>" in section
    # headings one level under the callback's section (h2): its parts h3, their groups h4
    assert '<h4 class="param-location">Headers</h4>' in section and ">X-Signature<" in section
    assert (
        '<h3 class="callback-part">Request body <span class="schema-required">required</span></h3>' in section
    )
    assert '<div class="schema-tree" data-direction="request"' in section and "What happened." in section
    assert "Example (generated)" in section
    # the responses expected back, with ids of their own: the operation's #response-200 is not theirs
    assert (
        'id="callback-on-event-post-response-410"' in section
        and "Gone; the subscription is cancelled." in section
    )
    assert 'aria-label="Link to callback onEvent POST response 410"' in section
    assert 'id="response-' not in section
    ids = re.findall(r'\bid="([^"]+)"', out)
    assert len(ids) == len(set(ids))


def test_callbacks_given_by_reference_are_followed(callbacks):
    """components/callbacks -> components/pathItems -> components/requestBodies and components/responses,
    their schemas drawn whole (the deepest field of the renewal's plan too)."""
    section = _section(operation_html(callbacks, SUBSCRIBE), "callbacks")
    assert '<code class="op-path">{$request.body#/callbackUrl}/renewals</code>' in section
    assert '<span class="method method-put">PUT</span>' in section and "onRenewal" in section
    assert "Sent when the subscription renews." in section and "When it was renewed." in section
    assert (
        'id="callback-on-renewal-put-response-202"' in section
        and "Accepted, will retry otherwise." in section
    )
    assert "The plan renewed into." in section and "schema-lazy" not in section


def test_response_links_name_their_target_and_its_inputs(callbacks):
    out = operation_html(callbacks, SUBSCRIBE)
    response = out[out.index('id="response-201"') : out.index('id="callbacks"')]
    assert '<h3 class="response-part">Links</h3>' in response  # under Responses (h2)
    names = re.findall(r'<code class="param-name">([^<]+)</code>', response)
    assert names == ["GetSubscription", "CancelSubscription", "Elsewhere", "Shared"]
    assert "<p>The <strong>new</strong> subscription, by its <code>id</code>.</p>" in response
    assert "<tr><td>parameter <code>id</code></td><td><code>$response.body#/id</code></td></tr>" in response
    assert "operationRef #/paths/~1subscriptions~1{id}/delete" in response
    assert (
        "<td>request body</td><td><code>{&#34;reason&#34;: &#34;$request.body#/reason&#34;}</code>"
        in response
    )
    assert "<code>$request.path.id</code>" in response  # Shared: a $ref to components/links
    # outside a site's page (a notebook) a target is named, not linked
    assert "operation getSubscription</span>" in response and '<a href="../' not in response


def test_on_a_page_a_link_leads_to_its_operations_page_when_the_site_has_it(callbacks):
    from orgdocs.render.site._pages import PageRenderer

    page = PageRenderer(callbacks).operation(SUBSCRIBE)
    response = page[page.index('id="response-201"') : page.index('id="callbacks"')]
    assert 'operation <a href="../../../api/subscriptions/get-subscription/">getSubscription</a>' in response
    assert (
        'operationRef <a href="../../../api/subscriptions/cancel-subscription/">#/paths/~1subscriptions~1{id}/delete</a>'
        in response
    )
    assert "operation notInThisDescription</span>" in response  # not on this site: named only


def test_operations_without_callbacks_or_links_show_neither(callbacks, reading):
    for site, route in (
        (callbacks, "/api/subscriptions/get-subscription"),
        (reading, "/api/notes/create-note"),
    ):
        out = operation_html(site, route)
        assert 'id="callbacks"' not in out and ">Links</h" not in out


def test_hostile_callbacks_and_links_are_shown_as_text(hostile):
    route = next(r for r, e in hostile.operations.items() if e.operation.callbacks)
    out = operation_html(hostile, route)
    assert audit(out) == []
    callbacks = _section(out, "callbacks")
    for where in ("callback-name", "callback-summary", "expression"):
        assert f"&lt;script&gt;window.__pwned=&#39;{where}&#39;&lt;/script&gt;" in callbacks, where
    assert "<script" not in callbacks
    links = out[out.index('<h3 class="response-part">Links</h3>') : out.index('id="callbacks"')]
    for where in ("link-name", "link-param", "link-expression", "link-body"):
        assert f"window.__pwned=&#39;{where}&#39;" in links, where
    assert "javascript:" not in re.sub(r">[^<]*<", "><", links)  # in text only, never in an attribute


def test_an_operations_external_docs_are_a_link_on_its_page_and_in_its_twin(tmp_path):
    from orgdocs.render.site._extras import operation_markdown

    doc = api(
        {
            "/a": {
                "get": {
                    "operationId": "getA",
                    "externalDocs": {
                        "url": "https://docs.example.test/a?x=1&y=<2>",
                        "description": "API method [documentation] <b>now</b>",
                    },
                    "responses": {"200": {"description": "ok"}},
                }
            },
            "/b": {
                "get": {
                    "operationId": "getB",
                    "externalDocs": {"url": "https://docs.example.test/b"},
                    "responses": {"200": {"description": "ok"}},
                }
            },
            "/c": {
                "get": {
                    "operationId": "getC",
                    "externalDocs": {"url": "javascript:alert(1)", "description": "Evil"},
                    "responses": {"200": {"description": "ok"}},
                }
            },
        }
    )
    (tmp_path / "api.json").write_text(json.dumps(doc))
    site = Site.from_description(tmp_path / "api.json")
    a, b, c = sorted(site.operations)
    out = operation_html(site, a)
    assert (
        '<p class="op-external tag-external"><a href="https://docs.example.test/a?x=1&amp;y=&lt;2&gt;" '
        'rel="noopener nofollow">API method [documentation] &lt;b&gt;now&lt;/b&gt;</a></p>'
    ) in out
    assert audit(out) == []
    assert (
        '<a href="https://docs.example.test/b" rel="noopener nofollow">https://docs.example.test/b</a>'
        in (operation_html(site, b))
    )
    assert "op-external" not in operation_html(site, c) and "javascript:" not in operation_html(site, c)
    twin = operation_markdown(site, a)
    assert (
        "Documentation: [API method \\[documentation\\] &lt;b>now&lt;/b>](<https://docs.example.test/a?x=1&y=%3C2%3E>)"
        in twin
    )
    assert (
        "Documentation: [https://docs.example.test/b](<https://docs.example.test/b>)"
        in operation_markdown(site, b)
    )
    assert "Documentation" not in operation_markdown(site, c)


def test_every_code_block_of_an_operation_takes_the_keyboard_focus(reading):
    out = operation_html(reading, "/api/notes/create-note")
    blocks = re.findall(r"<pre\b[^>]*>", out)
    assert len(blocks) >= 4 and set(blocks) == {'<pre class="code" tabindex="0">'}


def test_a_descriptions_code_blocks_take_the_keyboard_focus_and_nothing_else_gets_a_tabindex():
    out = markdown_html('Run:\n\n```sh\ncurl "<pre>"\n```\n\n<pre tabindex="5" onclick="x()">raw</pre>')
    assert out.count('<pre tabindex="0">') == 2 and "&lt;pre&gt;" in out
    assert 'tabindex="5"' not in out and "onclick" not in out
    assert "tabindex" not in markdown_html("plain **text** and `code`")
