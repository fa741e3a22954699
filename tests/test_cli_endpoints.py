"""``orgdocs endpoints SOURCE [--format table|csv|json]`` (orgdocs.cli._endpoints, through the CLI)."""

from __future__ import annotations

import csv
import gzip
import io
import json
import subprocess
import sys

import pytest

from orgdocs.cli import main

EXPECTED = [
    {"method": "GET", "path": "/pets", "operationId": "listPets", "title": "List pets", "tags": ["pets"], "deprecated": False},
    {"method": "POST", "path": "/pets", "operationId": "createPet", "title": "Create pet", "tags": ["pets"], "deprecated": False},
    {"method": "POST", "path": "/pets/{petId}/photo", "operationId": "", "title": "Upload a photo", "tags": [], "deprecated": False},
    {"method": "PUT", "path": "/pets/{petId}/notes", "operationId": "", "title": "PUT /pets/{petId}/notes", "tags": [], "deprecated": True},
    {"method": "GET", "path": "/bundles", "operationId": "", "title": "GET /bundles", "tags": [], "deprecated": False},
]  # fmt: skip


@pytest.fixture
def swagger(data_dir) -> str:
    return str(data_dir / "swagger2.json")


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(["endpoints", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_json(capsys, swagger):
    status, out, err = _run(capsys, swagger, "--format", "json")
    assert (status, err) == (0, "")
    assert json.loads(out) == EXPECTED
    assert list(json.loads(out)[0]) == ["method", "path", "operationId", "title", "tags", "deprecated"]


def test_csv(capsys, swagger):
    status, out, err = _run(capsys, swagger, "--format", "csv")
    assert (status, err) == (0, "")
    assert out.splitlines()[0] == "method,path,operationId,title,tags,deprecated"
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["method"], r["path"], r["operationId"], r["title"]) for r in rows] == [
        (e["method"], e["path"], e["operationId"], e["title"]) for e in EXPECTED
    ]
    assert [r["tags"] for r in rows] == ["pets", "pets", "", "", ""]
    assert [r["deprecated"] for r in rows] == ["false", "false", "false", "true", "false"]


def test_csv_quotes_what_needs_quoting(capsys, tmp_path):
    path = tmp_path / "odd.json"
    operation = {"summary": 'Say "hi", twice', "tags": ["a,b", "c"]}
    path.write_text(json.dumps({"openapi": "3.0.0", "paths": {"/x": {"get": operation}}}))
    _, out, _ = _run(capsys, str(path), "--format", "csv")
    [row] = list(csv.DictReader(io.StringIO(out)))
    assert row["title"] == 'Say "hi", twice'
    assert row["tags"] == "a,b;c"


def test_table_is_aligned(capsys, swagger):
    status, out, err = _run(capsys, swagger, "--format", "table")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == ["METHOD", "PATH", "OPERATION", "ID", "TITLE", "TAGS", "DEPRECATED"]
    assert set(lines[1]) <= {"-", " "}
    body = lines[2:-1]
    assert [line.split()[0] for line in body] == [e["method"] for e in EXPECTED]
    path_column = lines[0].index("PATH")
    title_column = lines[0].index("TITLE")
    for line, entry in zip(body, EXPECTED, strict=True):
        assert line[path_column:].startswith(entry["path"])
        assert line[title_column:].startswith(entry["title"])
    deprecated_column = lines[0].index("DEPRECATED")
    assert [line[deprecated_column:] for line in body] == ["", "", "", "yes", ""]
    assert lines[-1] == "5 operations"


def test_table_is_the_default(capsys, swagger):
    assert _run(capsys, swagger) == _run(capsys, swagger, "--format", "table")


def test_table_mentions_webhooks_and_escapes_control_characters(capsys, tmp_path):
    path = tmp_path / "hostile.json"
    document = {
        "openapi": "3.1.0",
        "paths": {"/x": {"get": {"summary": "evil \x1b[31mred\x1b[0m \u202eevil", "tags": ["日本語"]}}},
        "webhooks": {"a": {"post": {}}, "b": {"post": {}}},
    }
    path.write_text(json.dumps(document))
    _, out, _ = _run(capsys, str(path))
    assert "\x1b" not in out
    assert "\u202e" not in out
    assert "\\x1b[31mred" in out
    assert out.splitlines()[-1] == "1 operation (and 2 webhooks, not listed)"
    _, out, _ = _run(capsys, str(path), "--format", "json")
    assert [row["path"] for row in json.loads(out)] == ["/x"]  # webhooks are not endpoints
    assert json.loads(out)[0]["tags"] == ["日本語"]


def test_wide_characters_keep_the_columns(capsys, tmp_path):
    path = tmp_path / "wide.json"
    paths = {
        "/a": {"get": {"summary": "日本語のタイトル", "tags": ["x"]}},
        "/b": {"get": {"summary": "ascii", "tags": ["y"]}},
    }
    path.write_text(json.dumps({"openapi": "3.0.0", "paths": paths}))
    _, out, _ = _run(capsys, str(path))
    first, second = out.splitlines()[2:4]
    # the tags column starts at the same terminal column: each of the 8 wide characters takes two
    assert len(first) + 8 == len(second)
    assert first.endswith("  x") and second.endswith("  y")


def _wide(tmp_path):
    path = tmp_path / "wide.json"
    long = "/organizations/{organizationId}/projects/{projectId}/environments/{environmentId}"
    paths = {
        f"{long}/variables": {
            "get": {"operationId": "listEnvironmentVariablesOfAProject", "summary": "List the variables " * 3}
        },
        f"{long}/secrets": {
            "delete": {
                "operationId": "deleteSecret",
                "summary": "Delete",
                "tags": ["t"] * 9,
                "deprecated": True,
            }
        },
    }
    path.write_text(json.dumps({"openapi": "3.0.0", "paths": paths}))
    return str(path), long


def test_the_table_fits_100_columns_by_default(capsys, tmp_path):
    path, _ = _wide(tmp_path)
    _, out, _ = _run(capsys, path)
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 100
    heading, _, first, second, count = lines
    assert heading.split() == ["METHOD", "PATH", "OPERATION", "ID", "TITLE", "TAGS", "DEPRECATED"]
    path_column, id_column = heading.index("PATH"), heading.index("OPERATION ID")
    # a path is cut in its middle: its last segments tell its operations apart; other cells at their end
    first_path, second_path = first[path_column:id_column].strip(), second[path_column:id_column].strip()
    assert first_path.startswith("/organizations") and first_path.endswith("}/variables")
    assert second_path.endswith("}/secrets") and "…" in second_path
    assert "…" in first[id_column:] and second.endswith("  yes")
    assert count == "2 operations"


def test_width_0_is_no_limit_and_width_is_checked(capsys, tmp_path):
    path, long = _wide(tmp_path)
    _, out, _ = _run(capsys, path, "--width", "0")
    assert f"{long}/variables  listEnvironmentVariablesOfAProject  {'List the variables ' * 2}List" in out
    assert "…" not in out
    _, narrow, _ = _run(capsys, path, "--width", "64")
    assert max(len(line) for line in narrow.splitlines()) <= 64
    with pytest.raises(SystemExit):
        main(["endpoints", path, "--width", "12"])
    assert "0 (no limit) or 64 and more" in capsys.readouterr().err


def test_a_broken_description_is_one_line_and_exit_1(capsys, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"openapi": "3.0.0",\n  "paths": {,\n}')
    status, out, err = _run(capsys, str(path), "--format", "json")
    assert status == 1
    assert out == ""
    assert (
        err
        == f"orgdocs: {path}: line 2 column 13: invalid JSON: Expecting property name enclosed in double quotes "
        "(read as JSON, as is every file not named .yaml or .yml: to read YAML, rename it to .yaml or .yml)\n"
    )


@pytest.mark.parametrize("name", ["openapi.txt", "openapi", "openapi.json", "openapi.json.gz"])
def test_yaml_in_a_file_the_extension_reads_as_json_says_how_to_read_yaml(capsys, tmp_path, name):
    path = tmp_path / name
    text = b"openapi: 3.0.0\npaths: {}\n"
    path.write_bytes(gzip.compress(text) if name.endswith(".gz") else text)
    status, out, err = _run(capsys, str(path))
    assert (status, out) == (1, "")
    assert err == (
        f"orgdocs: {path}: line 1 column 1: invalid JSON: Expecting value (read as JSON, as is every file not "
        "named .yaml or .yml: to read YAML, rename it to .yaml or .yml)\n"
    )
    renamed = path.rename(tmp_path / "openapi.yaml")
    renamed.write_bytes(text)
    assert _run(capsys, str(renamed))[0] == 0


def test_yaml_at_a_url_the_extension_reads_as_json_says_how_to_read_yaml(capsys):
    import http.server
    import threading

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = b"openapi: 3.0.0\npaths: {}\n"
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/openapi"
        status, _, err = _run(capsys, url)
    finally:
        server.shutdown()
        server.server_close()
    assert status == 1
    assert err == (
        f"orgdocs: {url}: line 1 column 1: invalid JSON: Expecting value (read as JSON, as is every URL whose "
        "path does not end in .yaml or .yml: to read YAML, save it as a .yaml or .yml file)\n"
    )


def test_a_missing_file_is_one_line_and_exit_1(capsys, tmp_path):
    status, out, err = _run(capsys, str(tmp_path / "nope.yaml"))
    assert (status, out) == (1, "")
    assert err == f"orgdocs: {tmp_path / 'nope.yaml'}: no such file\n"


def test_a_document_without_paths(capsys, tmp_path):
    path = tmp_path / "hooks.yaml"
    path.write_text("openapi: 3.1.0\nwebhooks: {}\n")
    status, _, err = _run(capsys, str(path))
    assert status == 1
    assert err.count("\n") == 1
    assert "'paths'" in err


def test_an_unknown_format_is_a_usage_error(capsys, swagger):
    with pytest.raises(SystemExit) as exit_:
        main(["endpoints", swagger, "--format", "xml"])
    assert exit_.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_a_real_process(swagger):
    done = subprocess.run(
        [sys.executable, "-m", "orgdocs", "endpoints", swagger, "--format", "json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout) == EXPECTED


def test_a_real_process_with_a_broken_description(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("openapi: 3.0.0\npaths: {\n")
    done = subprocess.run(
        [sys.executable, "-m", "orgdocs", "endpoints", str(path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.startswith(f"orgdocs: {path}: ")
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_a_closed_pipe_ends_quietly(tmp_path):
    path = tmp_path / "many.json"
    paths = {f"/items/{i}": {"get": {"operationId": f"getItem{i}", "summary": "x" * 60}} for i in range(3000)}
    path.write_text(json.dumps({"openapi": "3.0.0", "paths": paths}))
    process = subprocess.Popen(
        [sys.executable, "-m", "orgdocs", "endpoints", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout.readline().startswith(b"METHOD")
    process.stdout.close()  # like `| head -1`
    stderr = process.stderr.read()
    process.stderr.close()
    assert process.wait(timeout=60) == 0
    assert stderr == b""


def test_csv_escapes_terminal_sequences(capsys, tmp_path):
    path = tmp_path / "hostile.json"
    osc52 = "\x1b]52;c;ZWNobyBwd25lZA==\x07"  # would set the terminal's clipboard
    summary = f"evil \x1b[31mred\x1b[0m {osc52}\u202e\rspoof\nsecond line"
    document = {"openapi": "3.1.0", "paths": {"/x\x1b[2J": {"get": {"summary": summary, "tags": ["a\x1bb"]}}}}
    path.write_text(json.dumps(document))
    _, out, _ = _run(capsys, str(path), "--format", "csv")
    assert not any(c in out for c in "\x1b\x07\u202e\r")
    [row] = list(csv.DictReader(io.StringIO(out)))
    assert row["path"] == "/x\\x1b[2J" and row["tags"] == "a\\x1bb"
    assert (
        row["title"] == "evil \\x1b[31mred\\x1b[0m \\x1b]52;c;ZWNobyBwd25lZA==\\x07\\u202e spoof second line"
    )
