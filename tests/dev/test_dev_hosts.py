"""``orgdocs dev`` answers only the host it serves (issue 28, finding 10: DNS rebinding), and serves what a
build publishes: the public folder and the files hand-written pages link to (issue 27, point 4). A real
server on 127.0.0.1 (tests/dev/conftest.py), requests with httpx."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from orgdocs.cli._dev import DevState, allowed_host, serve_dev

from .conftest import DESCRIPTION, free_port

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 16


@pytest.mark.parametrize(
    "host", ["evil.example:{port}", "127.0.0.1.nip.io:{port}", "127.0.0.1:1", "localhost"]
)
def test_another_host_gets_421_and_nothing_else(dev_server, host):
    port = dev_server.url.rsplit(":", 1)[1]
    header = host.format(port=port)
    for path in ("/", "/pets-api/pets/list-pets/", "/_docs/openapi/index.json", "/_docs/assets/site.css"):
        answer = httpx.get(dev_server.url + path, headers={"Host": header}, timeout=10)
        assert answer.status_code == 421, (path, answer.status_code)
        assert "Pets" not in answer.text and "listPets" not in answer.text
        assert f"this request named the host {header!r}" in answer.text


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}"])
def test_the_served_host_is_answered(dev_server, host):
    port = dev_server.url.rsplit(":", 1)[1]
    answer = httpx.get(dev_server.url + "/_docs/openapi/index.json", headers={"Host": host.format(port=port)})
    assert answer.status_code == 200 and "listPets" in answer.text


def test_allowed_hosts():
    assert allowed_host("[::1]:8000", "127.0.0.1", 8000)
    assert allowed_host("docs.internal:8000", "docs.internal", 8000)
    assert not allowed_host("docs.internal:8000", "127.0.0.1", 8000)
    assert allowed_host("192.168.1.5:8000", "0.0.0.0", 8000)  # every address: an IP literal is no rebinding
    assert not allowed_host("rebind.example:8000", "0.0.0.0", 8000)
    assert not allowed_host("", "127.0.0.1", 8000)


CONFIG = """\
content: ./content
public: ./public
groups:
  - group: Pets API
    sections:
      - section: Guides
        pages: [guides/intro.md]
      - schema: ./pets.yaml
"""


@pytest.fixture
def project_server(tmp_path: Path) -> Iterator[str]:
    project = tmp_path / "project"
    (project / "content" / "guides" / "img").mkdir(parents=True)
    (project / "public" / "files").mkdir(parents=True)
    (project / "docs.config.yaml").write_text(CONFIG)
    (project / "content" / "pets.yaml").write_text(DESCRIPTION)
    (project / "content" / "guides" / "intro.md").write_text(
        "# Intro\n\n![diagram](img/diagram.png)\n\n[notes](../notes.txt) [gone](img/missing.png)\n"
    )
    (project / "content" / "guides" / "img" / "diagram.png").write_bytes(PNG)
    (project / "content" / "notes.txt").write_text("notes\n")
    (project / "public" / "robots.txt").write_text("User-agent: *\n")
    (project / "public" / "files" / "openapi.yaml").write_text(DESCRIPTION)
    (project / "public" / ".env").write_text("SECRET=1\n")
    state = DevState(project / "docs.config.yaml", log=lambda text: None)
    server = serve_dev(state, port=free_port())
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert server.started, "dev server did not start"
    try:
        yield f"http://127.0.0.1:{server.config.port}"
    finally:
        server.should_exit = True
        thread.join(timeout=5)


def test_dev_serves_the_public_folder_as_the_build_publishes_it(project_server):
    url = project_server
    robots = httpx.get(url + "/robots.txt")
    assert robots.status_code == 200 and robots.text == "User-agent: *\n"
    assert robots.headers["cache-control"] == "no-store"
    assert httpx.get(url + "/files/openapi.yaml").text == DESCRIPTION
    assert httpx.get(url + "/.env").status_code == 404  # dotfiles are not published


def test_dev_serves_the_files_pages_link_to_where_the_links_lead(project_server):
    url = project_server
    page = httpx.get(url + "/pets-api/guides/intro/")
    assert '<img src="img/diagram.png" alt="diagram"' in page.text
    image = httpx.get(url + "/pets-api/guides/intro/img/diagram.png")
    assert image.status_code == 200 and image.content == PNG and image.headers["content-type"] == "image/png"
    assert httpx.get(url + "/pets-api/guides/notes.txt").text == "notes\n"
    assert httpx.get(url + "/pets-api/guides/intro/img/missing.png").status_code == 404


def test_dev_serves_each_description_where_the_build_publishes_it(project_server):
    url = project_server
    landing = httpx.get(url + "/pets-api/")
    assert 'href="../_docs/descriptions/pets.yaml" download="pets.yaml"' in landing.text
    served = httpx.get(url + "/_docs/descriptions/pets.yaml")
    assert served.status_code == 200 and served.text == DESCRIPTION
    assert served.headers["cache-control"] == "no-store"
    assert httpx.get(url + "/_docs/descriptions/other.yaml").status_code == 404
    assert httpx.get(url + "/_docs/descriptions/..%2Fdocs.config.yaml").status_code == 404
