"""The development server over real HTTP: from memory, no-store, reload on change, errors recover."""

from __future__ import annotations

import os
import re
from pathlib import Path

import httpx

from orgdocs.cli._dev import RELOAD_PATH, RELOAD_SCRIPT

from .conftest import DESCRIPTION

PAYLOAD = "/_docs/openapi/pets-api/pets/list-pets.json"


def _files(root: Path) -> dict[str, int]:
    return {str(p.relative_to(root)): p.stat().st_mtime_ns for p in root.rglob("*")}


def test_payloads_index_and_pages_are_served_with_no_store(client):
    payload = client.get(PAYLOAD)
    assert payload.status_code == 200
    assert payload.headers["cache-control"] == "no-store"
    assert payload.json()["operation"]["operationId"] == "listPets"

    index = client.get("/_docs/openapi/index.json")
    assert index.headers["cache-control"] == "no-store"
    assert [e["route"] for e in index.json()["endpoints"]] == ["/pets-api/pets/list-pets"]

    page = client.get("/pets-api/pets/list-pets")
    assert page.status_code == 200
    assert page.headers["cache-control"] == "no-store"
    assert "List pets" in page.text
    assert RELOAD_SCRIPT in page.text  # the reload hook, a file: the pages' CSP blocks inline scripts
    hook = client.get(RELOAD_PATH)
    assert hook.headers["content-type"].startswith("text/javascript")
    assert "EventSource" in hook.text


def test_unknown_routes_are_404(client):
    assert client.get("/_docs/openapi/pets-api/nope.json").status_code == 404
    missing = client.get("/pets-api/nope")
    assert missing.status_code == 404
    assert "<h1>Page not found</h1>" in missing.text  # the build's 404.html, with search and navigation
    assert 'id="search-input"' in missing.text


def test_landing_and_section_pages_and_the_search_file_are_served(client):
    assert client.get("/pets-api").status_code == 200
    section = client.get("/pets-api/pets")
    assert section.status_code == 200 and "List pets" in section.text
    search = client.get("/_docs/openapi/search.json")
    assert search.headers["cache-control"] == "no-store"
    assert len(search.json()["texts"]) == len(client.get("/_docs/openapi/index.json").json()["endpoints"])


def test_an_edited_description_is_served_without_restart(dev_server, client):
    assert client.get(PAYLOAD).json()["operation"]["summary"] == "List pets"
    dev_server.description.write_text(DESCRIPTION.replace("summary: List pets", "summary: List all the pets"))

    def summary():  # while the file is being written, the server may answer a JSON error (503, 404)
        answer = client.get(PAYLOAD)
        return answer.status_code == 200 and answer.json()["operation"]["summary"] == "List all the pets"

    dev_server.wait_for(summary)


def test_open_pages_receive_a_reload_event_on_change(dev_server):
    with (
        httpx.Client(base_url=dev_server.url, timeout=10) as http,
        http.stream("GET", "/_docs/events") as events,
    ):
        assert events.headers["content-type"].startswith("text/event-stream")
        lines = events.iter_lines()
        first = next(line for line in lines if line.startswith("data:"))
        (dev_server.project / "content" / "intro.md").write_text("# Introduction\n\nChanged.\n")
        second = next(line for line in lines if line.startswith("data:"))
    assert first != second


def test_a_broken_edit_shows_the_error_and_a_fix_recovers(dev_server, client):
    dev_server.description.write_text("openapi: 3.0.3\npaths: [unclosed\n")

    def broken():
        answer = client.get("/pets-api/pets/list-pets")
        return answer if answer.status_code == 503 else None

    answer = dev_server.wait_for(broken)
    assert "pets.yaml" in answer.text  # the error names the file
    assert "line" in answer.text  # ... and the place
    assert client.get(PAYLOAD).status_code == 503

    dev_server.description.write_text(DESCRIPTION)
    dev_server.wait_for(lambda: client.get("/pets-api/pets/list-pets").status_code == 200)
    assert client.get(PAYLOAD).json()["operation"]["operationId"] == "listPets"


def test_a_broken_config_shows_the_error_and_recovers(dev_server, client):
    config = dev_server.project / "docs.config.yaml"
    good = config.read_text()
    config.write_text(good + "      - schema: ./pets.yaml\n        tags: [x]\n")
    answer = dev_server.wait_for(lambda: (a := client.get("/")).status_code == 503 and a)
    assert "docs.config.yaml" in answer.text
    assert "unknown key" in answer.text
    config.write_text(good)
    dev_server.wait_for(lambda: client.get("/pets-api/pets/list-pets").status_code == 200)


def test_nothing_is_written_to_disk(dev_server, client, tmp_path):
    before = _files(tmp_path)
    cwd_before = set(os.listdir())
    for url in ("/", "/pets-api/intro", "/pets-api/pets/list-pets", PAYLOAD, "/_docs/openapi/index.json"):
        assert client.get(url).status_code == 200, url
    assert _files(tmp_path) == before
    assert set(os.listdir()) == cwd_before


def test_index_html_links_name_the_same_pages(client):
    """Built pages link to ``index.html`` (the site title does): the dev server answers those too."""
    assert client.get("/index.html").text == client.get("/").text
    page = client.get("/pets-api/pets/list-pets/index.html")
    assert page.status_code == 200 and "List pets" in page.text
    assert client.get("/pets-api/intro/index.html").status_code == 200


def test_a_page_that_cannot_be_rendered_shows_the_error_not_a_bare_500(client, monkeypatch):
    from orgdocs.render.site._pages import PageRenderer

    def fails(self, route, payload_json=None):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(PageRenderer, "operation", fails)  # whatever a page's rendering may still meet
    page = client.get("/pets-api/pets/list-pets")
    assert page.status_code == 503 and page.headers["content-type"].startswith("text/html")
    assert "could not be rendered" in page.text and "RecursionError: maximum recursion depth" in page.text
    assert client.get("/pets-api/intro").status_code == 200  # the rest of the site is served


def test_a_pages_modules_are_served_from_the_folder_it_names(client):
    """A page names its entry modules under the build's folder of modules (``_docs/assets/<hash>/``); the
    server answers them, and the neighbours they import, from the assets it ships."""
    page = client.get("/pets-api/pets/list-pets").text
    entries = re.findall(r'<script type="module" src="([^"]+)"></script>', page)
    assert entries and all("/_docs/assets/" in src for src in entries)
    for src in entries:
        folder = "/_docs/assets/" + src.split("/_docs/assets/", 1)[1].rsplit("/", 1)[0] + "/"
        for name in (src.rsplit("/", 1)[1], "request.js", "search.js"):
            answer = client.get(folder + name)
            assert answer.status_code == 200, folder + name
            assert "javascript" in answer.headers["content-type"]
