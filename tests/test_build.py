"""``orgdocs build``: the output's layout, the embedded payloads, the atomic swap, and what must never be in it."""

from __future__ import annotations

import gc
import hashlib
import io
import json
import re
import shutil
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest
from site_projects import REACH, write_project

from orgdocs._progress import Progress
from orgdocs.cli import _build as build_command
from orgdocs.cli import main
from orgdocs.orgapi import DESCRIPTION_PATH
from orgdocs.project import Site
from orgdocs.render.site import _build as build
from orgdocs.render.site import _output_folder as output_folder
from orgdocs.render.site import _page_writers as page_writers
from orgdocs.render.site._asset_files import MODULE_FOLDER
from orgdocs.render.site._build import build_site
from orgdocs.render.site._pages import ASSET_FILES, PageRenderer
from orgdocs.render.site._paths import page_path, payload_path

STATIC = Path(__file__).resolve().parent / "data" / "static"
SHOP = STATIC / "shop" / "docs.config.yaml"
HOSTILE = STATIC / "hostile" / "docs.config.yaml"
PAYLOAD = re.compile(r'<script type="application/json" id="orgdocs-payload">(.*?)</script>', re.S)


@pytest.fixture(scope="module")
def shop() -> Site:
    return Site(SHOP)


@pytest.fixture(scope="module")
def built(shop, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("build") / "site"
    build_site(shop, out, progress=False)
    return out


def _tree(folder: Path) -> dict[str, str]:
    """Each file's digest; a build manifest's without the output folder it names (two builds of one site
    into two folders differ there only)."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(_without_out(p)).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _without_out(path: Path) -> bytes:
    data = path.read_bytes()
    if path.name != "build-manifest.json":
        return data
    manifest = json.loads(data)
    manifest.pop("out", None)
    return json.dumps(manifest).encode()


def test_layout(shop, built):
    assert (built / "index.html").is_file()
    for route in shop.routes:
        assert (built / route.strip("/") / "index.html").is_file(), route
    for route in shop.operations:
        assert (built / "_docs" / "openapi" / (route.strip("/") + ".json")).is_file(), route
    index = json.loads((built / "_docs" / "openapi" / "index.json").read_text(encoding="utf-8"))
    assert index == json.loads(json.dumps(shop.index))
    for name in ("site.css", "theme.js", "oauth2-redirect.html"):
        assert (built / "_docs" / "assets" / name).is_file()
    for name in ("site.js", "search.js", "form.js", "request.js", "schema.js", "operation-page.js"):
        assert (built / "_docs" / "assets" / MODULE_FOLDER / name).is_file()  # the modules, together
    assert not list(built.parent.glob(".site.*"))  # no temporary folder left behind


def test_embedded_payload_equals_the_json_file(shop, built):
    for route in shop.operations:
        page = (built / route.strip("/") / "index.html").read_text(encoding="utf-8")
        found = PAYLOAD.findall(page)
        assert len(found) == 1, route
        embedded = json.loads(found[0])
        on_disk = json.loads(
            (built / "_docs" / "openapi" / (route.strip("/") + ".json")).read_text(encoding="utf-8")
        )
        assert embedded == on_disk == shop.payload(route)


def test_payload_cannot_close_its_script_element(tmp_path):
    out = tmp_path / "site"
    site = Site(HOSTILE)
    build_site(site, out, progress=False)
    for route in site.operations:
        page = (out / route.strip("/") / "index.html").read_text(encoding="utf-8")
        script = PAYLOAD.search(page).group(1)
        assert "<" not in script and ">" not in script and "\u2028" not in script and "\u2029" not in script
        assert json.loads(script) == site.payload(route)


def test_pages_link_relatively_so_any_sub_path_works(built):
    for page in built.rglob("*.html"):
        if page.name == "404.html":
            continue  # served by static hosts at any depth: it links from the root (test_extras.py)
        text = page.read_text(encoding="utf-8")
        for attribute, value in re.findall(r'\b(href|src|action|data-index)="([^"]*)"', text):
            if attribute == "href" and value.startswith(("http://", "https://", "mailto:", "#", "data:")):
                continue  # links a reader may follow (to docs elsewhere), anchors, the empty icon
            assert not value.startswith("/"), (page, attribute, value)
            assert "://" not in value, (page, attribute, value)


def test_pages_carry_no_template_indentation(shop, built):
    # the templates are not indented: indentation would be shipped in every page (about 1 KB of GitHub's)
    pages = [built / route.strip("/") / "index.html" for route in shop.operations]
    for page in [*pages, built / "index.html", built / "404.html"]:
        text = re.sub(r"<(pre|textarea|script)\b.*?</\1>", "", page.read_text(encoding="utf-8"), flags=re.S)
        indented = re.search(r"\n[ \t]+\S.*", text)
        assert indented is None, (page, indented.group(0))


class _Requests(HTMLParser):
    """URLs a browser fetches by itself while showing a page (not links a reader follows)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in ("src", "srcset", "poster", "data"):
            if values.get(name):
                self.urls.append(values[name])
        if tag == "link" and values.get("href"):
            self.urls.append(values["href"])
        if tag == "form" and values.get("action"):
            self.urls.append(values["action"])


def test_nothing_is_requested_from_another_host(tmp_path):
    for config in (SHOP, HOSTILE):
        out = tmp_path / config.parent.name
        build_site(Site(config), out, progress=False)
        for path in out.rglob("*"):
            if path.suffix == ".html":
                parser = _Requests()
                parser.feed(path.read_text(encoding="utf-8"))
                for url in parser.urls:
                    assert not re.match(r"^\s*([a-z][a-z0-9+.-]*:|//)", url, re.I) or url == "data:,", (
                        path,
                        url,
                    )
            elif path.suffix in (".css", ".js"):
                text = path.read_text(encoding="utf-8")
                # the shipped validator's base for resolving $ids where there is no page: a name, never fetched
                text = text.replace('new URL("https://github.com/cfworker")', "")
                assert not re.search(
                    r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/|@import|url\(\s*['\"]?(https?:)?//", text, re.I
                ), path


def test_the_token_is_never_written(tmp_path, monkeypatch):
    secret = "odk_test1234_SECRETSECRETSECRET"
    for name in ("TOKEN", "ORGDOCS_TOKEN", "BEARER_TOKEN", "API_TOKEN"):
        monkeypatch.setenv(name, secret)
    out = tmp_path / "site"
    build_site(Site(SHOP), out, progress=False)
    credential_inputs = 0
    for path in out.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            assert secret.encode() not in data, path
            if path.suffix == ".html":
                for tag in re.findall(rb"<input[^>]*data-cred-scheme[^>]*>", data):
                    credential_inputs += 1
                    assert b"value=" not in tag
    assert credential_inputs > 0


def test_webhook_pages_have_no_send(built):
    page = (built / "shop-api" / "webhooks" / "post-pet-adopted" / "index.html").read_text(encoding="utf-8")
    assert "data-send" not in page and "data-webhook" in page
    # a webhook is sent to the reader's server: no form to send it, nor the scripts of one
    assert "data-form" not in page and "form.js" not in page and "request.js" not in page
    assert "reference-page.js" in page  # its trees open (schema.js), its payload example copies (code.js)
    normal = (built / "shop-api" / "pets" / "list-pets" / "index.html").read_text(encoding="utf-8")
    assert "data-send" in normal


def test_sidebar_marks_the_current_page_and_deprecation(built):
    page = (built / "shop-api" / "pets" / "get-pet" / "index.html").read_text(encoding="utf-8")
    assert page.count('aria-current="page"') == 1
    assert '<a href="../get-pet/" aria-current="page">' in page  # links as from a sibling: short, shared
    assert '<a href="../delete-pet/" class="dep" title="deprecated"><i class="delete">DELETE</i>' in page
    sidebar = page.split('id="main"')[0].split("Changelog")[0]  # the group of the page
    assert re.findall(r'<li(?: class="nav-current")?><a href="([^"]+)">([^<]+)<', sidebar) == [
        ("../../guides/intro/", "Introduction"),  # hand-written pages: few, listed in full
        ("../../guides/explore/", "Explore the shop"),
        ("../", "pets"),  # the current section: its page, and its operations listed
        ("../../orders/", "orders"),  # the others: a link to their page, and (a group of few operations)
        ("../../webhooks/", "Webhooks"),  # their operations listed too
        ("../../schemas/", "Schemas"),  # the description's component schemas
    ]
    assert "Create a pet" in sidebar and "List orders" in sidebar


def test_hand_written_pages_and_changelog(built):
    intro = (built / "shop-api" / "guides" / "intro" / "index.html").read_text(encoding="utf-8")
    assert "<h1>Introduction</h1>" in intro and "<table>" in intro
    notebook = (built / "shop-api" / "guides" / "explore" / "index.html").read_text(encoding="utf-8")
    assert (
        "Explore the shop" in notebook
        and 'class="highlight' in notebook
        and '<pre tabindex="0">2' in notebook
    )
    listing = (built / "changelog" / "index.html").read_text(encoding="utf-8")
    assert listing.index("Adoption webhook") < listing.index("First release")  # newest first
    assert (built / "changelog" / "2026-03-02-adoption-webhook" / "index.html").is_file()
    home = (built / "index.html").read_text(encoding="utf-8")
    assert "<h1>Shop docs</h1>" in home and 'class="landing-section" href="shop-api/pets/"' in home


def test_parallel_build_writes_the_same_files(tmp_path):
    site = Site(SHOP)
    serial = build_site(site, tmp_path / "serial", progress=False, workers=1)
    parallel = build_site(site, tmp_path / "parallel", progress=False, workers=2)
    assert parallel.workers == 2 and serial.workers == 1
    assert _tree(tmp_path / "serial") == _tree(tmp_path / "parallel")


_YAML_VALUES = """
openapi: 3.0.3
info: {title: T, version: "1"}
paths:
  /plain:
    get:
      parameters: [{name: n, in: query, schema: {type: integer}, example: 7}]
      responses: {"200": {description: ok}}
  /odd:
    get:
      parameters:
        - {name: day, in: query, schema: {type: string}, example: 2024-01-02}
        - {name: n, in: query, schema: {type: number, maximum: .inf}, example: .nan}
      responses:
        200:
          description: ok
          content: {application/json: {example: {1: 2024-01-02, x: .nan}}}
"""


def _cyclic_project(root: Path) -> Path:
    """40 operations entering the cycle A -> B -> C -> A at different schemas: the order in which forked
    page writers meet them changes from run to run."""
    from site_projects import api, write_project

    def ref(name: str) -> dict:
        return {"$ref": f"#/components/schemas/{name}"}

    schemas = {
        "A": {"type": "object", "description": "A <b>&</b>", "properties": {"b": ref("B")}},
        "B": {"type": "object", "properties": {"c": ref("C"), "note": {"type": "string"}}},
        "C": {"type": "object", "properties": {"a": ref("A"), "d": ref("D")}},
        "D": {"type": "string", "description": "</script> \u2028"},
    }
    paths = {
        f"/things{i}": {
            "get": {
                "operationId": f"getThing{i}",
                "tags": [f"tag{i % 4}"],
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {"application/json": {"schema": ref("ABC"[i % 3])}},
                    }
                },
            }
        }
        for i in range(40)
    }
    return write_project(root, {"cycle.json": api(paths, components={"schemas": schemas})})


def test_a_build_is_byte_identical_from_run_to_run(tmp_path):
    config = _cyclic_project(tmp_path / "project")
    trees = []
    for i, workers in enumerate((2, 2, 1)):
        out = tmp_path / f"site{i}"
        assert build_site(Site(config), out, progress=False, workers=workers).workers == workers
        trees.append(_tree(out))
    site = Site(config)
    # Markdown twins, landing and section pages, schema pages and their list, 404.html, llms.txt,
    # search.json
    schemas = len(site.schema_pages.schemas) + len(site.schema_pages.listings)
    extras = 40 + len(site.landings) + len(site.sections) + schemas + 3
    assert (
        len(trees[0]) == 40 * 2 + 2 + len(ASSET_FILES) + 1 + extras + 1
    )  # pages and payloads, home and index, assets, manifest, the description (_docs/descriptions)
    assert trees[0] == trees[1] == trees[2]


def test_pages_and_payloads_are_the_rendered_text_byte_for_byte(tmp_path):
    """The build writes a page in pieces (its HTML around the payload's escaped bytes) and a payload from
    its components' bytes: the same bytes as rendering each whole."""
    yaml_values = write_project(tmp_path / "yaml", {"v.yaml": _YAML_VALUES})  # a page from parsed JSON
    for config in (SHOP, HOSTILE, _cyclic_project(tmp_path / "project"), yaml_values):
        site = Site(config)
        out = tmp_path / f"site-{config.parent.name}"
        build_site(site, out, progress=False, workers=1)
        renderer = PageRenderer(site)
        for route in site.operations:
            payload = site.payload_json(route)
            assert payload_path(out, route).read_bytes() == payload.encode("utf-8")
            # the page as read from the payload's JSON, not from the values it was made from
            parsed = replace(site.payload_parts(route), value=None)
            assert page_path(out, route).read_bytes() == renderer.operation(route, parsed).encode("utf-8")


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _returning(root: Path, schemas: dict, paths: dict[str, str]) -> Site:
    """The site of a description of ``schemas`` whose operation ``GET <path>`` returns the schema named."""
    from site_projects import api

    def get(name: str) -> dict:
        content = {"application/json": {"schema": _ref(name)}}
        return {
            "get": {
                "operationId": f"get{name}",
                "responses": {"200": {"description": "ok", "content": content}},
            }
        }

    description = api({path: get(name) for path, name in paths.items()}, components={"schemas": schemas})
    return Site(write_project(root, {"api.json": description}))


def test_rendering_pages_leaves_no_reference_cycles(tmp_path):
    """A page writer renders thousands of pages: what a page makes must be freed when it is written, not
    left in cycles for the collector (a recursive closure once made every merged ``allOf`` tree one)."""

    pet = {
        "type": "object",
        "discriminator": {"propertyName": "kind"},
        "properties": {"kind": {"type": "string"}},
    }
    schemas = {
        "Pet": pet,
        "Cat": {"allOf": [_ref("Pet"), {"properties": {"owner": _ref("Person")}}]},
        "Person": {"allOf": [{"properties": {"pets": {"type": "array", "items": _ref("Cat")}}}]},
        "Choice": {"oneOf": [_ref("Cat"), _ref("Person")], "discriminator": {"propertyName": "kind"}},
    }
    pets = _returning(tmp_path / "pets", schemas, {f"/{name.lower()}": name for name in schemas})
    for site in (pets, Site(SHOP), Site(_cyclic_project(tmp_path / "cycle"))):
        renderer = PageRenderer(site)
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            for route in site.operations:
                assert "<html" in renderer.operation(route, site.payload_parts(route))
            gc.collect()
            assert gc.garbage == []
        finally:
            gc.set_debug(0)
            gc.garbage.clear()


def test_a_component_below_a_root_is_folded_naming_its_page(tmp_path):
    """A component below a tree's root is drawn folded: its fields are its page's tree, which the browser
    fetches when the row is opened; a discriminator's mapped variants too, though a payload does not follow
    the mapping (opening one needs no payload). A page is the same whichever pages were rendered before it
    (subtrees are reused between pages)."""

    mapping = {"cat": "#/components/schemas/Cat", "dog": "#/components/schemas/Dog"}
    schemas = {
        "Pet": {
            "type": "object",
            "discriminator": {"propertyName": "kind", "mapping": mapping},
            "properties": {"kind": {"type": "string"}},
        },
        "Cat": {"allOf": [_ref("Pet"), {"properties": {"toy": _ref("Toy")}}]},
        "Dog": {"allOf": [_ref("Pet"), {"properties": {"bark": {"type": "string"}}}]},
        "Toy": {"type": "object", "properties": {"name": {"type": "string"}}},
        "CatBox": {"type": "object", "properties": {"pet": _ref("Pet"), "cat": _ref("Cat")}},
    }

    site = _returning(tmp_path, schemas, {"/pets": "Pet", "/cats": "CatBox"})
    routes = list(site.operations)
    folded = re.compile(r'<details class="schema-more schema-lazy" data-ref="([^"]*)" data-page="([^"]*)"')
    rendered = []
    for order in (routes, routes[::-1]):
        renderer = PageRenderer(site)
        rendered.append({route: renderer.operation(route) for route in order})
    assert rendered[0] == rendered[1]
    opened = {}
    for route, html in rendered[0].items():
        opened[route] = {ref for ref, _ in folded.findall(html)}
        for ref, href in folded.findall(html):  # from an operation's page, three folders deep
            page = "/" + "/".join([*route.strip("/").split("/")[:-2], *href.strip("/").split("/")[2:]])
            assert site.schema_pages.schemas[page].ref == ref
    pets, cats = (next(r for r in routes if r.endswith(name)) for name in ("get-pet", "get-cat-box"))
    assert {"#/components/schemas/Cat", "#/components/schemas/Dog"} <= opened[pets]  # mapped variants
    assert ">toy<" not in rendered[0][pets]  # Cat's own field: on Cat's page
    assert {"#/components/schemas/Pet", "#/components/schemas/Cat"} <= opened[cats]
    assert ">toy<" not in rendered[0][cats] and ">kind<" not in rendered[0][cats]


def test_a_variant_reads_the_same_whichever_page_was_rendered_first(tmp_path):
    """V extends Base, whose discriminator maps it: listed under Base, V shows only what it adds; elsewhere
    all its fields. Both at the same depth on two pages: the subtree made for one must not be reused on the
    other (the build's page writers take the pages in any order). Drawn in full, as trees without schema
    pages are (a notebook's views): with pages, a component below a tree's root is drawn folded."""

    schemas = {
        "Base": {
            "type": "object",
            "discriminator": {"propertyName": "kind", "mapping": {"v": "#/components/schemas/V"}},
            "properties": {"kind": {"type": "string"}, "shared": {"type": "string"}},
        },
        "V": {"allOf": [_ref("Base"), {"properties": {"extra": {"type": "string"}}}]},
        "Wrapped": {
            "type": "object",
            "properties": {"x": {"type": "object", "properties": {"v": _ref("V")}}},
        },
        "BaseHolder": {"type": "object", "properties": {"b": _ref("Base")}},
        "Extended": {"type": "object", "properties": {"b": {"allOf": [_ref("Base")], "description": "B"}}},
    }

    site = _returning(
        tmp_path, schemas, {"/wrapped": "Wrapped", "/holder": "BaseHolder", "/extended": "Extended"}
    )
    site.schema_pages.links = lambda description: None
    routes = list(site.operations)
    pages = [{route: PageRenderer(site).operation(route) for route in routes}]
    for order in (routes, routes[::-1], routes[1:] + routes[:1]):
        renderer = PageRenderer(site)  # its subtrees shared by the pages it renders
        pages.append({route: renderer.operation(route) for route in order})
    assert all(rendered == pages[0] for rendered in pages)
    holder = next(html for route, html in pages[0].items() if route.endswith("holder"))
    wrapped = next(html for route, html in pages[0].items() if route.endswith("wrapped"))
    extended = next(html for route, html in pages[0].items() if route.endswith("extended"))
    assert ">extra<" in holder and ">extra<" in extended
    # Base's own, not again in V listed under it (Base expanded or merged); V's in full
    assert holder.count(">shared<") == extended.count(">shared<") == wrapped.count(">shared<") == 1


def test_a_broken_description_leaves_the_previous_output(tmp_path, capsys):
    project = tmp_path / "project"
    shutil.copytree(STATIC / "shop", project)
    out = tmp_path / "site"
    assert main(["build", str(project / "docs.config.yaml"), "--out", str(out)]) == 0
    before = _tree(out)
    capsys.readouterr()
    (project / "content" / "shop.yaml").write_text(
        "openapi: 3.1.0\npaths: {/x: [unclosed\n", encoding="utf-8"
    )
    assert main(["build", str(project / "docs.config.yaml"), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "shop.yaml" in err and "Traceback" not in err
    assert _tree(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["project", "site"]


def test_a_broken_config_exits_1_with_one_line(tmp_path, capsys):
    config = tmp_path / "docs.config.yaml"
    config.write_text(
        "content: ./content\ngroups:\n  - group: A\n    sections:\n      - schema: x.yaml\n        tags: [a]\n",
        encoding="utf-8",
    )
    (tmp_path / "content").mkdir()
    assert main(["build", str(config), "--out", str(tmp_path / "site")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "docs.config.yaml" in err
    assert not (tmp_path / "site").exists()


def test_a_folder_that_is_not_a_build_is_never_replaced(tmp_path, capsys):
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "notes.txt").write_text("keep me", encoding="utf-8")
    assert main(["build", str(SHOP), "--out", str(precious)]) == 1
    assert "not an orgdocs build" in capsys.readouterr().err
    assert (precious / "notes.txt").read_text(encoding="utf-8") == "keep me"


def _project_folder(root: Path) -> dict[str, str]:
    """A user's folder that merely holds a folder named ``_docs``."""
    for name, text in {"_docs/notes.md": "# notes", "src/app.py": "print(1)", "PRECIOUS.txt": "keep"}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return _tree(root)


@pytest.mark.parametrize("where", ["project", "home"])
def test_a_folder_holding_a_docs_folder_is_not_an_earlier_build(tmp_path, monkeypatch, capsys, where):
    folder = tmp_path / where
    folder.mkdir()
    before = _project_folder(folder)
    monkeypatch.chdir(folder)
    out = "." if where == "project" else str(folder)
    assert main(["build", str(SHOP), "--out", out]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not an orgdocs build (no _docs/build-manifest.json)" in err
    assert _tree(folder) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [where]  # no temporary folder left beside it


def test_the_project_folder_itself_is_never_the_output(tmp_path, capsys):
    project = tmp_path / "project"
    shutil.copytree(STATIC / "shop", project)
    before = _tree(project)
    assert main(["build", str(project / "docs.config.yaml"), "--out", str(project)]) == 1
    assert "holds the docs project's" in capsys.readouterr().err
    assert _tree(project) == before


def test_the_manifest_lists_every_file_the_build_wrote(tmp_path):
    out = tmp_path / "site"
    build_site(Site(SHOP), out, progress=False)
    manifest = json.loads((out / "_docs" / "build-manifest.json").read_text(encoding="utf-8"))
    assert manifest["format"] == "orgdocs-build/1"
    files = {str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()}
    assert set(manifest["files"]) == files - {"_docs/build-manifest.json"}


def test_a_rebuild_replaces_the_previous_output(tmp_path):
    out = tmp_path / "site"
    build_site(Site(SHOP), out, progress=False)
    (out / "index.html").write_text("old", encoding="utf-8")  # a file the build wrote: replaced
    (out / ".DS_Store").write_bytes(b"\0")  # what a file browser leaves: not the user's work
    build_site(Site(SHOP), out, progress=False)
    assert (out / "index.html").read_text(encoding="utf-8") != "old"
    assert not (out / ".DS_Store").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_file_added_to_an_earlier_build_is_not_silently_deleted(tmp_path, capsys):
    out = tmp_path / "site"
    build_site(Site(SHOP), out, progress=False)
    (out / "CNAME").write_text("docs.example.com", encoding="utf-8")
    before = _tree(out)
    assert main(["build", str(SHOP), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "CNAME was not written by orgdocs build (1 such file)" in err and "public folder" in err
    assert _tree(out) == before


def test_the_public_folder_is_copied_into_every_build(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(STATIC / "shop", project)
    (project / "public" / ".well-known").mkdir(parents=True)
    (project / "public" / "CNAME").write_text("docs.example.com", encoding="utf-8")
    (project / "public" / ".well-known" / "security.txt").write_text("Contact: x", encoding="utf-8")
    out = tmp_path / "site"
    for _ in range(2):  # and it survives a rebuild
        build_site(Site(project / "docs.config.yaml"), out, progress=False)
        assert (out / "CNAME").read_text(encoding="utf-8") == "docs.example.com"
        assert (out / ".well-known" / "security.txt").is_file()


@pytest.mark.parametrize(
    ("name", "expected"),
    [("index.html", "index.html has the name of a file the build writes"),
     ("leak.txt", "leak.txt escapes the public folder")],
)  # fmt: skip
def test_a_public_file_never_replaces_a_page_nor_reaches_out(tmp_path, capsys, name, expected):
    project = tmp_path / "project"
    shutil.copytree(STATIC / "shop", project)
    (project / "public").mkdir()
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    if name == "leak.txt":
        (project / "public" / name).symlink_to(tmp_path / "secret.txt")
    else:
        (project / "public" / name).write_text("mine", encoding="utf-8")
    assert main(["build", str(project / "docs.config.yaml"), "--out", str(tmp_path / "site")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and expected in err
    assert not (tmp_path / "site").exists()


def test_progress_bar_only_on_a_terminal():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal, pipe = Terminal(), io.StringIO()
    for stream in (terminal, pipe):
        bar = Progress(3, "pages", stream=stream)
        for _ in range(3):
            bar.advance()
        bar.close()
    assert "3/3" in terminal.getvalue() and terminal.getvalue().endswith("\n")
    assert pipe.getvalue() == ""


def test_site_build_method(tmp_path):
    result = build_site(Site(SHOP), tmp_path / "site", progress=False)
    # 12: home, operations, hand-written pages, changelog; 5: the group's landing, 3 section pages, 404.html;
    # 5: the list of schemas and a page for each of its 4 schemas
    assert result.pages == 12 + 5 + 5 and result.operations == 6 and result.bytes > 0
    assert result.largest_page[1] == max(p.stat().st_size for p in (tmp_path / "site").rglob("index.html"))


def test_the_summary_counts_what_was_written_and_profile_shows_the_phases(tmp_path, capsys):
    out = tmp_path / "site"
    assert main(["build", str(SHOP), "--out", str(out), "--profile"]) == 0
    lines = capsys.readouterr().out.splitlines()
    files = [p for p in out.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    assert f"{12 + 5 + 5} HTML files, {len(files)} files in all, {size / 1e6:.1f} MB written in " in lines[0]
    rows = {line.split()[0]: line.split()[1:] for line in lines[2:]}
    assert list(rows) == ["load", "evaluate", "payloads", "render", "write", "build"]
    phases = {name: (float(row[0]), float(row[1])) for name, row in rows.items() if name != "build"}
    assert all(wall >= 0 and cpu >= 0 for wall, cpu in phases.values()) and phases["render"][1] > 0
    assert float(rows["build"][0]) > 0 and "1 page writer" in lines[-1]


def test_the_built_folder_is_readable_by_a_static_file_server(tmp_path):
    import os
    import stat

    from orgdocs.project import Site
    from orgdocs.project._bundled import BUNDLED_CONFIG

    out = tmp_path / "site"
    build_site(Site(BUNDLED_CONFIG), out, progress=False)
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o777 & ~umask


def test_the_bundled_project_publishes_its_description_and_no_source_code(tmp_path):
    from orgdocs.project import Site
    from orgdocs.project._bundled import BUNDLED_CONFIG

    out = tmp_path / "site"
    build_site(Site(BUNDLED_CONFIG), out, progress=False)
    top = sorted(p.name for p in out.iterdir())
    assert "openapi.yaml" in top and (out / "openapi.yaml").read_bytes() == DESCRIPTION_PATH.read_bytes()
    assert not [p for p in out.rglob("*") if p.suffix in (".py", ".pyc")]


def test_the_program_ends_after_a_build_with_its_output_and_status(tmp_path):
    """``orgdocs build`` as a program ends without freeing its objects one by one: nothing it prints is lost,
    and the exit status is the command's (0, or 1 with its one line)."""
    import subprocess
    import sys

    out = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "orgdocs", "build", str(SHOP), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("orgdocs build: ") and done.stdout.endswith(" MB)\n")
    assert (out / "_docs" / "build-manifest.json").is_file()
    (tmp_path / "bad.yaml").write_text("groups: [", encoding="utf-8")
    failed = subprocess.run(
        [sys.executable, "-m", "orgdocs", "build", str(tmp_path / "bad.yaml"), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert failed.returncode == 1 and failed.stderr.count("\n") == 1 and "bad.yaml" in failed.stderr
    assert (out / "_docs" / "build-manifest.json").is_file()  # the previous build is untouched


def test_a_site_from_a_description_alone_copies_no_public_folder(tmp_path, monkeypatch):
    """``Site.from_description`` has no config, hence no public folder: a ``./public`` of the working
    folder (a web project's own, with its index.html) is neither copied nor refused."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "public").mkdir()
    (tmp_path / "public" / "index.html").write_text("<p>the project's own page</p>", encoding="utf-8")
    (tmp_path / "public" / "robots.txt").write_text("User-agent: *", encoding="utf-8")
    site = Site.from_description(DESCRIPTION_PATH)
    build_site(site, tmp_path / "site", progress=False)
    assert "the project's own page" not in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert not (tmp_path / "site" / "robots.txt").exists()


def _folder_flags(path: Path) -> int | None:
    """The folder's inode flags (``lsattr``), or None where the file system has none."""
    import array
    import fcntl
    import os

    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        flags = array.array("i", [0])
        fcntl.ioctl(fd, 0x80086601, flags, True)  # FS_IOC_GETFLAGS
        return flags[0]
    except OSError:
        return None
    finally:
        os.close(fd)


def test_folders_that_hold_folders_are_marked_for_ext4_to_spread(tmp_path):
    from orgdocs.render.site._writing import FileWriter, spread_folders

    topdir = 0x00020000  # FS_TOPDIR_FL, chattr +T
    probe = tmp_path / "probe"
    probe.mkdir()
    spread_folders(str(probe))  # never raises; marks where the file system keeps the mark
    marks = (_folder_flags(probe) or 0) & topdir
    page = tmp_path / "api" / "pets" / "list-pets" / "index.html"
    FileWriter(tmp_path).write(page, [b"<!DOCTYPE html>", b"<title>x</title>"])
    assert page.read_bytes() == b"<!DOCTYPE html><title>x</title>"
    if not marks:  # tmpfs, overlay...: nothing to mark, and nothing failed
        return
    assert _folder_flags(tmp_path / "api") & topdir and _folder_flags(tmp_path / "api" / "pets") & topdir
    assert not _folder_flags(page.parent) & topdir  # it holds files only


@pytest.mark.parametrize("parallel", [False, True])
def test_a_build_counts_the_warnings_that_check_lists(tmp_path, capsys, monkeypatch, parallel):
    """Counted while the page writers work, or after the pages on one process: the same count either way."""
    config = write_project(
        tmp_path / "project",
        files={"content/reach.yaml": REACH.read_text()},
        groups=[{"group": "R", "sections": [{"schema": "reach.yaml"}]}],
    )
    monkeypatch.setattr(build, "PARALLEL_MIN_OPERATIONS", 1 if parallel else 10_000)
    assert main(["build", str(config), "--out", str(tmp_path / "site")]) == 0
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == f"orgdocs build: 2 warnings, listed by `orgdocs check {config}`"
    assert main(["build", str(SHOP), "--out", str(tmp_path / "shop")]) == 0
    assert "warning" not in capsys.readouterr().err


def test_the_build_command_keeps_its_loaded_site_out_of_collection_until_it_ends(tmp_path, monkeypatch):
    frozen_while_building = []

    def building(site, out, **options):
        frozen_while_building.append(gc.get_freeze_count())
        return build_site(site, out, **options)

    monkeypatch.setattr(build_command, "build_site", building)
    assert main(["build", str(SHOP), "--out", str(tmp_path / "site")]) == 0
    assert frozen_while_building[0] > 1000  # the description, the model and the site
    assert gc.get_freeze_count() == 0  # a process that goes on collects them as usual again
    broken = write_project(tmp_path / "broken", {"b.yaml": "openapi: 3.1.0\npaths: {/x: [unclosed\n"})
    assert main(["build", str(broken), "--out", str(tmp_path / "none")]) == 1
    assert gc.get_freeze_count() == 0  # nor does a load that fails leave anything frozen


@pytest.mark.parametrize("total", [1, 15, 16, 17, 100, 533, 1223])
def test_page_writers_take_long_runs_of_neighbours_first_and_short_ones_last(total):
    routes = [f"/r{i}" for i in range(total)]
    chunks = page_writers.chunks(routes, 2)
    assert [route for chunk in chunks for route in chunk] == routes
    sizes = [len(chunk) for chunk in chunks]
    assert all(sizes) and sizes == sorted(sizes, reverse=True)
    assert sizes[0] == max(page_writers.CHUNK, total // 4) or sizes[0] == total
    assert max(sizes[-2:]) <= page_writers.CHUNK


def test_a_build_leaves_frozen_what_its_caller_froze(tmp_path, monkeypatch):
    """The page writers' fork freezes the objects made so far, and unfreezes only what it froze itself."""
    monkeypatch.setattr(build, "PARALLEL_MIN_OPERATIONS", 1)  # forked page writers
    site = Site(SHOP)
    gc.freeze()
    try:
        before = gc.get_freeze_count()
        assert build_site(site, tmp_path / "site", progress=False).workers > 1
        assert gc.get_freeze_count() > before / 2  # (frozen objects freed since leave the count)
    finally:
        gc.unfreeze()


def test_each_description_is_published_and_linked_from_its_landing_and_the_home_page(tmp_path):
    from site_projects import api, op

    one = api({"/a": {"get": op(operationId="getA")}}, info={"title": "One API", "version": "2"})
    two = api({"/b": {"get": op(operationId="getB")}}, info={"title": "Two API", "version": "3"})
    config = write_project(
        tmp_path / "project",
        {"v1/openapi.json": one, "v2/openapi.json": two},
        groups=[
            {"group": "One", "sections": [{"schema": "v1/openapi.json"}]},
            {"group": "Two", "sections": [{"schema": "v2/openapi.json"}]},
        ],
        title="One API",
    )
    out = tmp_path / "site"
    build_site(Site(config), out, progress=False, workers=1)
    # each as it was read, under its own name: a second file of that name gets a number
    published = out / "_docs" / "descriptions"
    assert sorted(p.name for p in published.iterdir()) == ["openapi-2.json", "openapi.json"]
    assert (published / "openapi.json").read_bytes() == (
        tmp_path / "project/content/v1/openapi.json"
    ).read_bytes()
    assert (published / "openapi-2.json").read_bytes() == (
        tmp_path / "project/content/v2/openapi.json"
    ).read_bytes()
    assert (
        "_docs/descriptions/openapi.json" in json.loads((out / output_folder.MANIFEST).read_text())["files"]
    )
    landing = (out / "one" / "index.html").read_text()
    assert (
        '<a class="landing-download" href="../_docs/descriptions/openapi.json" download="openapi.json">'
        "Download the description</a>"
    ) in landing
    home = (out / "index.html").read_text()
    assert 'href="_docs/descriptions/openapi-2.json" download="openapi-2.json">' in home
    # the home page's heading is the site's title: the description of that title is not named again
    main = home[home.index("<main") :]
    assert main.count("One API") == 1  # the heading, not the description's title under it again
    assert "<strong>One API</strong>" in landing  # its group's landing is headed "One": it is named there
    assert "<strong>Two API</strong>" in main
