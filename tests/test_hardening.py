"""Issue 28 (hardening, round 2) on the Python side: lone surrogates refused alike by every command, local
descriptions read from regular files only and capped on the bytes read, server URLs with userinfo or a
backslash refused by the kernel's checks, and what the build may publish, replace and leave behind."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import orgdocs
from orgdocs.errors import DescriptionError, SourceError
from orgdocs.loading import sources
from orgdocs.site import Site
from orgdocs.site.requests import build_request, request_problems, server_refusal
from tests.site_projects import api, op, write_project

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
    from orgdocs.render.dev import DevState

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
    from orgdocs.render.dev import DevState

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
