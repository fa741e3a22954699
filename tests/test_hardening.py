"""Issue 28 (hardening, round 2) on the Python side: lone surrogates refused alike by every command, local
descriptions read from regular files only and capped on the bytes read, server URLs with userinfo or a
backslash refused by the kernel's checks, and what the build may publish, replace and leave behind."""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from site_projects import api, op, write_project

import orgdocs
from orgdocs.errors import DescriptionError, OrgdocsError, SourceError
from orgdocs.loading import _sources as sources
from orgdocs.project import Site
from orgdocs.project._request_checks import request_problems
from orgdocs.project._requests import build_request
from orgdocs.project._servers import server_refusal

LONE = '{"openapi": "3.0.3", "info": {"title": "Lone", "version": "1"}, "paths": {"/a": {"get": %s}}}'


def _lone_project(root: Path) -> Path:
    operation = '{"summary": "bad \\ud800 here", "responses": {"200": {"description": "ok"}}}'
    return write_project(root, {"api.json": LONE % operation})


def _orgdocs(*arguments: str, timeout: float = 30, memory: int = 2**30) -> subprocess.CompletedProcess:
    """``python -m orgdocs ARGUMENTS`` with an address space of ``memory`` bytes, killed after ``timeout``."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    return subprocess.run(
        [sys.executable, "-m", "orgdocs", *arguments],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=limit,
    )


# -- 5. a lone surrogate escape --------------------------------------------------------------------------------


def test_a_lone_surrogate_is_refused_naming_the_file_and_the_pointer(tmp_path):
    path = tmp_path / "api.json"
    path.write_text(LONE % '{"summary": "x\\udfff", "responses": {}}', encoding="ascii")
    with pytest.raises(DescriptionError) as failure:
        orgdocs.load(path)
    assert failure.value.place == "#/paths/~1a/get/summary"
    assert str(failure.value).startswith(f"{path}: #/paths/~1a/get/summary: holds a lone surrogate")
    assert "\n" not in str(failure.value)


def test_a_surrogate_pair_is_one_character(tmp_path):
    path = tmp_path / "api.json"
    path.write_text(LONE % '{"summary": "smile \\ud83d\\ude00", "responses": {}}', encoding="ascii")
    assert orgdocs.load(path).operations[0].summary == "smile \U0001f600"


def test_a_lone_surrogate_in_a_key_is_refused(tmp_path):
    path = tmp_path / "api.json"
    path.write_text(LONE % '{"responses": {"\\ud800": {"description": "ok"}}}', encoding="ascii")
    with pytest.raises(DescriptionError, match="lone surrogate") as failure:
        orgdocs.load(path)
    assert failure.value.place == "#/paths/~1a/get/responses/\\ud800"


@pytest.mark.parametrize("command", ["check", "build", "endpoints"])
def test_every_command_refuses_a_lone_surrogate_in_one_line(tmp_path, command):
    config = _lone_project(tmp_path)
    arguments = {
        "check": [str(config)],
        "build": [str(config), "--out", str(tmp_path / "site")],
        "endpoints": [str(tmp_path / "content" / "api.json")],
    }[command]
    done = _orgdocs(command, *arguments)
    assert done.returncode == 1, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert "#/paths/~1a/get/summary: holds a lone surrogate" in lines[0]
    assert not (tmp_path / "site").exists()


def test_dev_shows_a_lone_surrogate_as_the_description_error(tmp_path):
    from orgdocs.cli._dev import DevState

    logged: list[str] = []
    state = DevState(_lone_project(tmp_path), log=logged.append)
    assert state.site is None
    assert "#/paths/~1a/get/summary: holds a lone surrogate" in state.error
    assert "UnicodeEncodeError" not in state.error


# -- 9. special files ----------------------------------------------------------------------------------------


def test_a_fifo_is_refused_at_once(tmp_path):
    fifo = tmp_path / "api.json"
    os.mkfifo(fifo)
    done = _orgdocs("endpoints", str(fifo), timeout=20)  # the old code waited for a writer forever
    assert done.returncode == 1
    assert (
        done.stderr.strip()
        == f"orgdocs: {fifo}: is a FIFO (named pipe), not a regular file: descriptions are read from files"
    )


def _bounded(function, seconds: float = 20):
    """``function()`` in a daemon thread; its result, or a failure when it is still running after ``seconds``
    (the old code waited on a FIFO forever)."""
    results: list = []

    def run() -> None:
        try:
            results.append(function())
        except Exception as error:
            results.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=seconds)
    assert not thread.is_alive(), f"still running after {seconds} s"
    return results[0]


def test_a_fifo_in_a_project_is_refused_by_check_and_dev_keeps_watching(tmp_path):
    from orgdocs.cli._dev import DevState

    groups = [{"group": "G", "sections": [{"schema": "api.json"}]}]
    config = write_project(tmp_path, {"other.json": api({})}, groups=groups)
    os.mkfifo(tmp_path / "content" / "api.json")
    failure = _bounded(lambda: Site(config))
    assert isinstance(failure, SourceError) and "is a FIFO" in str(failure)
    state = _bounded(lambda: DevState(config, log=lambda text: None))
    assert "is a FIFO" in state.error
    (tmp_path / "content" / "api.json").unlink()
    (tmp_path / "content" / "api.json").write_text(json.dumps(api({"/a": {"get": op()}})), encoding="utf-8")
    state.evaluate()
    assert state.error is None and len(state.site.operations) == 1


def test_a_device_is_refused_without_reading_it():
    done = _orgdocs(
        "endpoints", "/dev/zero", timeout=20, memory=2**30
    )  # the old code read until memory ran out
    assert done.returncode == 1
    assert (
        done.stderr.strip()
        == "orgdocs: /dev/zero: is a character device, not a regular file: descriptions are read from files"
    )


def test_the_size_cap_counts_the_bytes_read(monkeypatch):
    """/proc files are regular and say they hold 0 bytes: the cap must count what is read, not trust stat."""
    maps = Path("/proc/self/maps")
    if not maps.is_file() or maps.stat().st_size != 0:
        pytest.skip("needs Linux's /proc")
    monkeypatch.setattr(sources, "MAX_BYTES", 100)
    with pytest.raises(SourceError, match="larger than 100 bytes"):
        sources.read_source(str(maps))


def test_a_regular_file_up_to_the_cap_is_read(tmp_path, monkeypatch):
    path = tmp_path / "a.json"
    path.write_bytes(b"x" * 100)
    monkeypatch.setattr(sources, "MAX_BYTES", 100)
    assert sources.read_source(str(path)).data == b"x" * 100
    path.write_bytes(b"x" * 101)
    with pytest.raises(SourceError, match="larger than 100 bytes"):
        sources.read_source(str(path))


# -- 14. userinfo and backslashes in a server URL, in the kernel's checks ------------------------------------


@pytest.mark.parametrize(
    ("server", "refused"),
    [
        ("http://a\\@b/v1", "backslash"),
        ("http://user:secret@b/v1", "user name or password"),
        ("https://b/v1\\x", "backslash"),
        ("https://b/v1/a@b", ""),
        ("https://b:8443/v1", ""),
    ],
)
def test_request_problems_refuse_userinfo_and_backslashes(server, refused):
    description = orgdocs.model.from_document(api({"/a": {"get": op()}}, servers=[{"url": server}]))
    operation = description.operations[0]
    parts = build_request(operation, server_url=server, values={})
    problems = request_problems(operation, parts, values={}, server=server)
    assert problems.get("url", "") == server_refusal(server)
    assert (refused in problems.get("url", "")) if refused else "url" not in problems


# -- 8. what a build may replace --------------------------------------------------------------------------------


def _small_project(root: Path, **top) -> Path:
    return write_project(root, {"api.json": api({"/a": {"get": op(operationId="readA")}})}, **top)


def test_the_manifest_names_its_output_and_another_folder_is_refused(tmp_path):
    from orgdocs.render.site._build import build_site
    from orgdocs.render.site._output_folder import MANIFEST

    site = Site(_small_project(tmp_path / "project"))
    build_site(site, tmp_path / "site", progress=False)
    manifest = json.loads((tmp_path / "site" / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["out"] == str(tmp_path / "site")
    # a copy of the build somewhere else (or a manifest planted there) does not make that folder replaceable
    shutil.copytree(tmp_path / "site", tmp_path / "copy")
    before = sorted(p.name for p in (tmp_path / "copy").rglob("*"))
    with pytest.raises(OrgdocsError, match=r"written for another output folder \(.*/site\)"):
        build_site(site, tmp_path / "copy", progress=False)
    assert sorted(p.name for p in (tmp_path / "copy").rglob("*")) == before
    build_site(site, tmp_path / "site", progress=False)  # its own folder is replaced as before


def test_a_folder_holding_the_changelog_updates_is_never_replaced(tmp_path):
    """A planted manifest that lists every file of the changelog's updates folder does not make it an output:
    the build never removes what it reads (finding 8)."""
    from orgdocs.render.site._build import build_site
    from orgdocs.render.site._output_folder import MANIFEST, manifest_text

    project = tmp_path / "project"
    groups = [{"changelog": "News", "updates": "./news"}]
    config = write_project(project, {}, groups=groups, files={"news/2026-01-01-hello.md": "# Hello\n"})
    news = project / "news"
    (news / "_docs").mkdir()
    (news / MANIFEST).write_text(manifest_text(["2026-01-01-hello.md"]), encoding="utf-8")
    with pytest.raises(OrgdocsError, match=r"holds the docs project's news \(.*\), which the build reads"):
        build_site(Site(config), news, progress=False)
    assert (news / "2026-01-01-hello.md").read_text(encoding="utf-8") == "# Hello\n"


def test_what_a_file_browser_left_in_the_old_build_is_named(tmp_path, capsys):
    from orgdocs.render.site._build import build_site

    site = Site(_small_project(tmp_path / "project"))
    out = tmp_path / "site"
    build_site(site, out, progress=False)
    (out / ".DS_Store").write_bytes(b"\0")
    (out / "api" / "Thumbs.db").write_bytes(b"\0")
    capsys.readouterr()
    result = build_site(site, out, progress=False)
    assert result.removed == [".DS_Store", "api/Thumbs.db"]
    err = capsys.readouterr().err
    assert f"orgdocs build: {out}: removed .DS_Store, api/Thumbs.db, left by a file browser" in err


# -- 12. a public file named like a generated one ------------------------------------------------------------


@pytest.mark.parametrize("name", ["404.html", "llms.txt", "api/a/read-a/index.md", "api/index.html"])
def test_a_public_file_named_like_a_generated_one_is_an_error_naming_it(tmp_path, name):
    from orgdocs.cli._check import run_check
    from orgdocs.render.site._build import build_site

    config = _small_project(tmp_path / "project", public="./public")
    public = tmp_path / "project" / "public"
    (public / name).parent.mkdir(parents=True, exist_ok=True)
    (public / name).write_text("mine", encoding="utf-8")
    expected = f"public folder {public.resolve()}: {name} has the name of a file the build writes"
    with pytest.raises(OrgdocsError) as checked:
        run_check(str(config))
    assert expected in str(checked.value)
    with pytest.raises(OrgdocsError) as built:
        build_site(Site(config), tmp_path / "site", progress=False)
    assert expected in str(built.value) and ".building-" not in str(built.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["project"]


def test_generated_names_are_what_a_build_writes(tmp_path):
    from orgdocs.project._check import generated_names
    from orgdocs.project._public_folder import tree_files
    from orgdocs.render.site._build import build_site
    from orgdocs.render.site._output_folder import MANIFEST

    site = Site(Path(__file__).parent / "data" / "static" / "shop" / "docs.config.yaml")
    build_site(site, tmp_path / "site", progress=False)
    written = {name for name in tree_files(tmp_path / "site") if not name.startswith("_docs/")}
    assert written == generated_names(site) and MANIFEST.startswith("_docs/")


# -- 27.4. the files hand-written pages link to --------------------------------------------------------------


def _illustrated(root: Path) -> Path:
    groups = [
        {"group": "Guides", "sections": [{"section": "Guides", "pages": ["guides/intro.md"]}]},
        {"changelog": "News", "updates": "./news"},
    ]
    intro = (
        "# Intro\n\n![diagram](img/diagram.png) [notes](../notes.txt) [other page](other.md)"
        " [a route](../pets/list-pets/) [site](https://example.com/x.png)\n\n"
        '<img src="img/missing.png"> [escape](../../../etc/passwd.txt)\n'
    )
    files = {
        "content/guides/intro.md": intro,
        "content/notes.txt": "notes\n",
        "content/guides/img/diagram.png": "png",
        "news/2026-01-01-hello.md": "# Hello\n\n![shot](shot.png)\n",
        "news/shot.png": "shot",
    }
    return write_project(root, {}, groups=groups, files=files)


def test_check_warns_of_each_missing_or_unpublishable_page_file(tmp_path, capsys):
    from orgdocs.cli._check import run_check

    config = _illustrated(tmp_path / "project")
    assert run_check(str(config)) == 0
    out = capsys.readouterr().out
    intro = tmp_path / "project" / "content" / "guides" / "intro.md"
    assert f"warning: {intro}: link img/missing.png: no such file" in out
    assert f"warning: {intro}: link ../../../etc/passwd.txt: leads out of the page's folder" in out
    assert out.count("warning:") == 2 and out.rstrip().endswith("2 warnings")


def test_the_build_copies_the_files_pages_link_to(tmp_path, capsys):
    from orgdocs.render.site._build import build_site

    config = _illustrated(tmp_path / "project")
    result = build_site(Site(config), tmp_path / "site", progress=False)
    site = tmp_path / "site"
    assert (site / "guides" / "guides" / "intro" / "img" / "diagram.png").read_text() == "png"
    assert (site / "guides" / "guides" / "notes.txt").read_text() == "notes\n"
    assert (site / "news" / "2026-01-01-hello" / "shot.png").read_text() == "shot"
    assert (site / "news" / "shot.png").read_text() == "shot"  # the changelog's page shows the update too
    assert not list(site.rglob("passwd.txt")) and not list(site.rglob("other.md"))
    assert result.warnings == 2


# -- 27.3. an interrupted build leaves nothing beside its output ------------------------------------------------


def _leftover(parent: Path, name: str, out: Path | None) -> Path:
    """A folder as a killed build leaves it: ``site/`` inside, and (``out`` given) the mark naming ``out``."""
    folder = parent / name
    (folder / "site" / "_docs").mkdir(parents=True)
    (folder / "site" / "index.html").write_text("old", encoding="utf-8")
    if out is not None:
        mark = {"format": "orgdocs-unfinished/1", "out": str(out)}
        (folder / ".orgdocs-unfinished.json").write_text(json.dumps(mark), encoding="utf-8")
    return folder


def test_a_later_build_removes_only_what_killed_builds_of_its_output_left(tmp_path):
    import fcntl

    from orgdocs.render.site._build import build_site

    site = Site(_small_project(tmp_path / "project"))
    out = tmp_path / "site"
    build_site(site, out, progress=False)
    ours = [_leftover(tmp_path, ".site.old-a1b2c3d4", out), _leftover(tmp_path, ".site.building-e5f6", out)]
    unproven = _leftover(tmp_path, ".site.old-nomark", None)
    another = _leftover(tmp_path, ".site.old-other", tmp_path / "other")
    running = _leftover(tmp_path, ".site.building-running", out)
    with open(running / ".orgdocs-unfinished.json", "rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # a build of the same output, still running
        build_site(site, out, progress=False)
    assert not any(folder.exists() for folder in ours)
    assert unproven.is_dir() and another.is_dir() and running.is_dir()
    assert (unproven / "site" / "index.html").read_text(encoding="utf-8") == "old"


def test_ctrl_c_while_the_old_output_is_removed_waits_for_the_removal(tmp_path, monkeypatch):
    """SIGINT arrives while the previous output is being deleted (where the old code left .site.old-*): the
    build finishes that, then raises KeyboardInterrupt; the new output is in place, nothing is beside it."""
    import signal

    from orgdocs.project._public_folder import tree_files
    from orgdocs.render.site._build import build_site
    from orgdocs.render.site._output_folder import MANIFEST, manifest_files

    site = Site(_small_project(tmp_path / "project"))
    out = tmp_path / "site"
    build_site(site, out, progress=False)
    (out / "index.html").write_text("previous", encoding="utf-8")  # tells the outputs apart
    real_rmtree = shutil.rmtree
    sent: list[str] = []

    def interrupted_rmtree(path, *args, **kwargs):
        if ".site.old-" in str(path) and not sent:
            sent.append(str(path))
            os.kill(os.getpid(), signal.SIGINT)
        return real_rmtree(path, *args, **kwargs)

    monkeypatch.setattr(shutil, "rmtree", interrupted_rmtree)
    with pytest.raises(KeyboardInterrupt):
        build_site(site, out, progress=False)
    assert sent, "the old output was not removed"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["project", "site"]
    assert (out / "index.html").read_text(encoding="utf-8") != "previous"
    assert set(tree_files(out)) - {MANIFEST} == manifest_files(out)


# -- 16. Markdown twins and llms.txt hold text ------------------------------------------------------------------

EVIL = '<img src=x onerror="alert(1)"><script>alert(2)</script>'


def test_twins_and_llms_txt_hold_no_raw_html(tmp_path):
    """Rendered by a Markdown reader that keeps raw HTML (mistune with escape=False, as many do), the twins and
    llms.txt of a description full of HTML show it as text and make no element of it; code keeps it as it is."""
    import mistune

    from orgdocs.render.site._build import build_site

    parameter = {"name": "q", "in": "query", "description": f"the query {EVIL}", "schema": {"type": "string"}}
    operation = op(
        operationId="readA",
        tags=["t"],
        summary=f"Read {EVIL}",
        description=f"First {EVIL}.\n\n`<b>kept as code</b>` and <https://example.com/x>\n\n```html\n<div>code</div>\n```\n",
        parameters=[parameter],
        responses={"200": {"description": f"ok {EVIL}"}},
    )
    description = api(
        {"/a": {"get": operation}},
        info={"title": f"Evil {EVIL}", "version": "1", "description": f"An API {EVIL}."},
        tags=[{"name": "t", "description": f"Tag {EVIL}."}],
        servers=[{"url": "https://api.example.com/`<img src=y onerror=z>`"}],
    )
    config = write_project(tmp_path / "project", {"api.json": description})
    out = tmp_path / "site"
    build_site(Site(config), out, progress=False)
    render = mistune.create_markdown(escape=False, plugins=["table"])
    texts = [out / "llms.txt", *out.rglob("index.md")]
    assert len(texts) == 2
    for path in texts:
        html = render(path.read_text(encoding="utf-8"))
        assert "<img" not in html and "<script" not in html, path
        assert "onerror" in html  # shown as text
    twin = render((out / "api" / "t" / "read-a" / "index.md").read_text(encoding="utf-8"))
    assert "<code>&lt;b&gt;kept as code&lt;/b&gt;</code>" in twin
    assert '<a href="https://example.com/x">' in twin and "&lt;div&gt;code&lt;/div&gt;" in twin
