"""The ``orgdocs`` command line as people expect it: bare ``orgdocs`` is the help, the README lists every
command and option, the config a command uses is said when it is the bundled example, a busy port names the
option that chooses another, and ``--out`` may not be inside a folder the build reads."""

from __future__ import annotations

import argparse
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from site_projects import write_project

from orgdocs.cli import build_parser, main
from orgdocs.project._bundled import BUNDLED_CONFIG

README = Path(__file__).resolve().parents[1] / "README.md"


def test_bare_orgdocs_prints_the_help_and_exits_0():
    done = subprocess.run([sys.executable, "-m", "orgdocs"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("usage: orgdocs")
    for command in ("demo", "build", "dev", "endpoints", "check", "orgapi"):
        assert re.search(rf"^\s+{command}\s", done.stdout, re.M), command


def test_bare_orgdocs_through_main(capsys):
    assert main([]) == 0
    out, err = capsys.readouterr()
    assert out == build_parser().format_help() and err == ""


def _commands(parser: argparse.ArgumentParser, prefix: str = "orgdocs") -> dict[str, list[str]]:
    """Every command (a leaf of the parser tree) and its option strings, long ones where there are."""
    found = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.update(_commands(sub, f"{prefix} {name}"))
    if not found:
        found[prefix] = [
            max(action.option_strings, key=len)
            for action in parser._actions
            if action.option_strings and "--help" not in action.option_strings
        ]
    return found


def test_the_readme_lists_every_command_and_option():
    text = README.read_text(encoding="utf-8")
    table = text[text.index("## Commands") : text.index("## A docs project")]
    rows = {}
    for line in table.splitlines():
        match = re.match(r"\| `(orgdocs[^`]*)` \|", line)
        if match:
            usage = match.group(1)
            command = re.match(r"orgdocs(?: [a-z][a-z-]*)*", usage).group(0)
            rows[command] = usage
    commands = _commands(build_parser())
    assert set(commands) <= set(rows), f"not in the README's table: {set(commands) - set(rows)}"
    for command, options in commands.items():
        for option in options:
            assert re.search(rf"{re.escape(option)}\b", rows[command]), f"{command}: {option}"
    assert "--version" in rows["orgdocs"]


@pytest.fixture
def elsewhere(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "empty"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


def test_check_without_a_config_says_it_uses_the_bundled_example(elsewhere, capsys):
    assert main(["check"]) == 0
    out, err = capsys.readouterr()
    assert err == (
        f"orgdocs: no docs.config.yaml or docs.config.yml in {elsewhere}: "
        f"using the bundled example project ({BUNDLED_CONFIG})\n"
    )
    assert out.startswith(f"{BUNDLED_CONFIG} (the bundled example project)")


def test_build_without_a_config_says_it_uses_the_bundled_example(elsewhere):
    done = subprocess.run(
        [sys.executable, "-m", "orgdocs", "build", "--out", "site"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[0] == (
        f"orgdocs: no docs.config.yaml or docs.config.yml in {elsewhere}: "
        f"using the bundled example project ({BUNDLED_CONFIG})"
    )
    assert (elsewhere / "site" / "index.html").is_file()


def test_dev_without_a_config_says_it_uses_the_bundled_example(elsewhere, capsys):
    with socket.socket() as taken:  # the notice comes first; the busy port then stops the server at once
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        assert main(["dev", "--port", str(taken.getsockname()[1])]) == 1
    _, err = capsys.readouterr()
    assert err.splitlines()[0].startswith("orgdocs: no docs.config.yaml or docs.config.yml in ")


def test_a_docs_config_yml_is_read_as_the_config(elsewhere, capsys):
    config = write_project(
        elsewhere,
        {"api.json": {"openapi": "3.0.3", "paths": {}}},
        config_name="docs.config.yml",
        title="Mine",
    )
    assert config.name == "docs.config.yml"
    assert main(["check"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.splitlines()[-1].startswith("docs.config.yml: 1 description, 0 operations")


def test_a_given_config_is_used_without_a_notice(elsewhere, capsys):
    assert main(["check", str(BUNDLED_CONFIG)]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["dev", "{config}", "--port", "{port}"], "--port"),
        (["demo", "--port", "0", "--api-port", "{port}"], "--api-port"),
        (["orgapi", "serve", "--db", "{db}", "--port", "{port}"], "--port"),
    ],
)
def test_a_busy_port_names_the_option_that_chooses_another(tmp_path, capsys, argv, option):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        values = {"port": port, "config": BUNDLED_CONFIG, "db": tmp_path / "db.sqlite3"}
        assert main([part.format(**values) for part in argv]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    match = re.fullmatch(
        rf"orgdocs: cannot listen on 127\.0\.0\.1:{port}: .+ \(another server holds it: choose another "
        rf"port with {option} (\d+)\)\n",
        err,
    )
    assert match, err
    with socket.socket() as suggested:  # the port it suggests was free
        suggested.bind(("127.0.0.1", int(match.group(1))))


@pytest.mark.parametrize("out", ["content/site", "content", "updates/site"])
def test_build_refuses_an_output_folder_the_build_reads(tmp_path, capsys, out):
    config = write_project(
        tmp_path,
        {"api.json": {"openapi": "3.0.3", "paths": {}}},
        groups=[
            {"group": "API", "sections": [{"schema": "api.json"}]},
            {"changelog": "Changes", "updates": "./updates"},
        ],
    )
    (tmp_path / "updates").mkdir()
    assert main(["build", str(config), "--out", str(tmp_path / out)]) == 1
    captured = capsys.readouterr()
    folder = "content folder" if out.startswith("content") else "updates folder of 'Changes'"
    assert captured.err.startswith(f"orgdocs: {tmp_path / out}: is inside the {folder} ")
    assert captured.err.endswith(", which the build reads: choose an output folder outside it\n")
    assert not (tmp_path / "content" / "site").exists()
    assert sorted(p.name for p in (tmp_path / "content").iterdir()) == ["api.json"]
