"""``orgdocs build``: the output's layout, the embedded payloads, the atomic swap, and what must never be in it."""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from orgdocs.cli import main
from orgdocs.progress import Progress
from orgdocs.render.static.build import build_site
from orgdocs.site import Site

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
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_layout(shop, built):
    assert (built / "index.html").is_file()
    for route in shop.routes:
        assert (built / route.strip("/") / "index.html").is_file(), route
    for route in shop.operations:
        assert (built / "_docs" / "openapi" / (route.strip("/") + ".json")).is_file(), route
    index = json.loads((built / "_docs" / "openapi" / "index.json").read_text(encoding="utf-8"))
    assert index == json.loads(json.dumps(shop.index))
    for name in ("site.css", "site.js", "search.js", "form.js", "request.js", "schema.js", "theme.js"):
        assert (built / "_docs" / "assets" / name).is_file()
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
        text = page.read_text(encoding="utf-8")
        for attribute, value in re.findall(r'\b(href|src|action|data-index)="([^"]*)"', text):
            if attribute == "href" and value.startswith(("http://", "https://", "mailto:", "#", "data:")):
                continue  # links a reader may follow (to docs elsewhere), anchors, the empty icon
            assert not value.startswith("/"), (page, attribute, value)
            assert "://" not in value, (page, attribute, value)


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
    normal = (built / "shop-api" / "pets" / "list-pets" / "index.html").read_text(encoding="utf-8")
    assert "data-send" in normal


def test_sidebar_marks_the_current_page_and_deprecation(built):
    page = (built / "shop-api" / "pets" / "get-pet" / "index.html").read_text(encoding="utf-8")
    assert page.count('aria-current="page"') == 1
    assert '<a href="../../../shop-api/pets/get-pet/" aria-current="page">' in page
    assert 'class="nav-deprecated"' in page and 'class="method method-delete"' in page
    sections = re.findall(r"<summary>([^<]+)</summary>", page.split('id="main"')[0])
    assert sections[:4] == ["Guides", "pets", "orders", "Webhooks"]


def test_hand_written_pages_and_changelog(built):
    intro = (built / "shop-api" / "guides" / "intro" / "index.html").read_text(encoding="utf-8")
    assert "<h1>Introduction</h1>" in intro and "<table>" in intro
    notebook = (built / "shop-api" / "guides" / "explore" / "index.html").read_text(encoding="utf-8")
    assert "Explore the shop" in notebook and 'class="highlight' in notebook and "<pre>2" in notebook
    listing = (built / "changelog" / "index.html").read_text(encoding="utf-8")
    assert listing.index("Adoption webhook") < listing.index("First release")  # newest first
    assert (built / "changelog" / "2026-03-02-adoption-webhook" / "index.html").is_file()
    home = (built / "index.html").read_text(encoding="utf-8")
    assert "<h1>Shop docs</h1>" in home and 'href="shop-api/pets/list-pets/"' in home


def test_parallel_build_writes_the_same_files(tmp_path):
    site = Site(SHOP)
    serial = build_site(site, tmp_path / "serial", progress=False, workers=1)
    parallel = build_site(site, tmp_path / "parallel", progress=False, workers=2)
    assert parallel.workers == 2 and serial.workers == 1
    assert _tree(tmp_path / "serial") == _tree(tmp_path / "parallel")


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


def test_a_rebuild_replaces_the_previous_output(tmp_path):
    out = tmp_path / "site"
    build_site(Site(SHOP), out, progress=False)
    (out / "stale.html").write_text("old", encoding="utf-8")
    build_site(Site(SHOP), out, progress=False)
    assert not (out / "stale.html").exists() and (out / "index.html").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


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
    result = Site(SHOP).build(tmp_path / "site", progress=False)
    assert result.pages == 12 and result.operations == 6 and result.bytes > 0
    assert result.largest_page[1] == max(p.stat().st_size for p in (tmp_path / "site").rglob("index.html"))


def test_the_built_folder_is_readable_by_a_static_file_server(tmp_path):
    import os
    import stat

    from orgdocs.site import Site
    from orgdocs.site.bundled import BUNDLED_CONFIG

    out = tmp_path / "site"
    Site(BUNDLED_CONFIG).build(out, progress=False)
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o777 & ~umask
