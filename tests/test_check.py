"""``orgdocs check CONFIG``: problems one per line naming file and place, a summary, the exit status."""

from __future__ import annotations

import io

import pytest
from site_projects import PROJECT_CONFIG, REACH, write_project

from orgdocs.cli import main
from orgdocs.cli._check import run_check
from orgdocs.project._bundled import BUNDLED_CONFIG


def test_a_clean_config_prints_its_summary_and_exits_0(capsys):
    assert main(["check", str(BUNDLED_CONFIG)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    lines = out.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"{BUNDLED_CONFIG} (the bundled example project): 1 description, ")
    assert lines[0].endswith(": 0 warnings")


def test_duplicate_operation_ids_and_suffixed_routes_are_reported_one_per_line(capsys):
    assert main(["check", str(PROJECT_CONFIG)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.splitlines() == [
        "warning: ./openapi/pets.yaml: #/paths/~1pets~1search/get: duplicate operationId 'listPets' "
        "(also at #/paths/~1pets/get)",
        "warning: ./openapi/pets.yaml: #/paths/~1pets~1{petId}/get: route /pet-store/pets/show-pet-by-id is taken "
        "by the page pets/show-pet-by-id.md: given /pet-store/pets/show-pet-by-id-2",
        "warning: ./openapi/pets.yaml: #/paths/~1pets~1search/get: route /pet-store/pets/list-pets is taken by "
        "./openapi/pets.yaml: #/paths/~1pets/get: given /pet-store/pets/list-pets-2",
        f"{PROJECT_CONFIG}: 2 descriptions, 10 operations, 8 pages: 3 warnings",
    ]


def test_unresolved_references_are_reported(tmp_path):
    config = write_project(
        tmp_path,
        files={"content/reach.yaml": REACH.read_text()},
        groups=[{"group": "R", "sections": [{"schema": "reach.yaml"}]}],
    )
    out = io.StringIO()
    assert run_check(str(config), out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[:2] == [
        "warning: reach.yaml: #/paths/~1kept/get/responses/200/content/application~1json/schema/properties/missing: "
        "reference '#/components/schemas/DoesNotExist' kept as it is (missing)",
        "warning: reach.yaml: #/paths/~1kept/get/responses/200/content/application~1json/schema/properties/external: "
        "reference 'other.yaml#/components/schemas/Ext' kept as it is (external)",
    ]
    assert lines[-1].endswith(": 1 description, 9 operations, 0 pages: 2 warnings")


def test_a_bad_config_is_one_line_on_stderr_and_exit_1(tmp_path, capsys):
    config = tmp_path / "docs.config.yaml"
    (tmp_path / "content").mkdir()
    config.write_text(
        "content: ./content\ngroups:\n  - group: API\n    sections:\n      - schema: x.yaml\n        tags: [a]\n"
    )
    assert main(["check", str(config)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert (
        err
        == f"orgdocs: {config}: groups[0].sections[0]: unknown key 'tags' (a schema section has only 'schema')\n"
    )


def test_a_bad_description_is_one_line_on_stderr_and_exit_1(tmp_path, capsys):
    config = write_project(tmp_path, {"openapi.json": {"openapi": "3.0.3", "info": {}}})
    assert main(["check", str(config)]) == 1
    _, err = capsys.readouterr()
    assert (
        err
        == f"orgdocs: {config}: groups[0].sections[0]: openapi.json: #/paths: top-level 'paths' object is missing\n"
    )


def test_a_missing_config_is_one_line_and_exit_1(tmp_path, capsys):
    assert main(["check", str(tmp_path / "nope.yaml")]) == 1
    assert capsys.readouterr().err == f"orgdocs: {tmp_path / 'nope.yaml'}: no such file\n"


def test_path_items_and_operations_that_are_not_mappings_are_named(tmp_path):
    description = (
        "openapi: 3.1.0\n"
        "paths:\n"
        "  /a: 5\n"
        "  /b:\n"
        "    get: hello\n"
        "    post: {responses: {}}\n"
        "  /c:\n"
        "  x-extension: 5\n"
        "webhooks:\n"
        "  ping:\n"
        "    post: [1]\n"
    )
    config = write_project(
        tmp_path,
        files={"content/odd.yaml": description},
        groups=[{"group": "O", "sections": [{"schema": "odd.yaml"}]}],
    )
    out = io.StringIO()
    assert run_check(str(config), out=out) == 0
    assert out.getvalue().splitlines()[:-1] == [
        "warning: odd.yaml: #/paths/~1a: path item is a int ('5'), not a mapping: left out",
        "warning: odd.yaml: #/paths/~1b/get: operation is a str ('hello'), not a mapping: left out",
        "warning: odd.yaml: #/paths/~1c: path item is null, not a mapping: left out",
        "warning: odd.yaml: #/webhooks/ping/post: operation is a list ('[1]'), not a mapping: left out",
    ]


def test_every_summary_line_names_its_config_and_counts_alike(tmp_path, monkeypatch, capsys):
    """build, dev and check: the config used (the bundled example said so), then the same counts."""
    from orgdocs.cli._dev import DevState
    from orgdocs.project import Site

    monkeypatch.chdir(tmp_path)  # no docs.config.yaml here: the bundled example, for each command alike
    counts = Site(BUNDLED_CONFIG).summary()
    assert counts == f"{BUNDLED_CONFIG} (the bundled example project): 1 description, 3 operations, 4 pages"
    assert main(["check"]) == 0
    assert capsys.readouterr().out == f"{counts}: 0 warnings\n"
    assert main(["build", "--out", "out"]) == 0
    assert capsys.readouterr().out.startswith(f"orgdocs build: {counts} -> out: ")
    logged = []
    DevState(None, log=logged.append)
    assert logged[0].startswith(f"orgdocs dev: {counts} (")
    (tmp_path / "content").mkdir()
    (tmp_path / "docs.config.yaml").write_text("content: content\n", encoding="utf-8")
    assert main(["check"]) == 0  # the local config, as build takes it
    assert capsys.readouterr().out == "docs.config.yaml: 0 descriptions, 0 operations, 0 pages: 0 warnings\n"


def test_check_refuses_the_public_files_a_build_would_refuse(tmp_path, capsys):
    config = write_project(tmp_path, files={"public/_docs/assets/site.css": "mine"}, groups=[])
    assert main(["check", str(config)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "_docs/assets/site.css has the name of a file the build writes" in err
    assert main(["build", str(config), "--out", str(tmp_path / "site")]) == 1
    assert "_docs/assets/site.css has the name of a file the build writes" in capsys.readouterr().err


def test_a_mistyped_key_is_named_not_the_key_it_leaves_missing(tmp_path, capsys):
    config = tmp_path / "docs.config.yaml"
    (tmp_path / "content").mkdir()
    config.write_text("content: ./content\ngroups:\n  - group: API\n    sections:\n      - shcema: x.yaml\n")
    assert main(["check", str(config)]) == 1
    assert capsys.readouterr().err == (
        f"orgdocs: {config}: groups[0].sections[0]: unknown key 'shcema' (did you mean 'schema'?)\n"
    )


@pytest.mark.parametrize(
    ("top", "entry", "why"),
    [
        ({}, "./nope.yaml", "a path without a leading '/' is read below the content folder, {root}/content"),
        (
            {},
            "/specs/nope.yaml",
            "a path starting with '/' is read below the public folder; 'public' is not set, so it is "
            "{root}/public, which does not exist",
        ),
        (
            {"public": "files"},
            "/specs/nope.yaml",
            "a path starting with '/' is read below the public folder, {root}/files",
        ),
    ],
    ids=["content", "public-not-set", "public"],
)
def test_a_missing_description_says_the_path_looked_at_and_why_there(tmp_path, capsys, top, entry, why):
    root = tmp_path / "project"
    if top:
        (root / top["public"]).mkdir(parents=True)
    config = write_project(root, groups=[{"group": "API", "sections": [{"schema": entry}]}], **top)
    assert main(["check", str(config)]) == 1
    looked_at = (
        (root / "content" / entry)
        if not entry.startswith("/")
        else (root / top.get("public", "public")).joinpath(entry[1:])
    )
    assert capsys.readouterr().err == (
        f"orgdocs: {config}: groups[0].sections[0]: {entry}: no such file: {looked_at.resolve()} "
        f"({why.format(root=root)})\n"
    )


@pytest.mark.parametrize("public", ["", ".", "..", "content/.."])
def test_check_refuses_a_public_folder_that_would_publish_the_project(tmp_path, capsys, public):
    (tmp_path / "project" / ".git").mkdir(parents=True)
    (tmp_path / "project" / ".env").write_text("SECRET=1", encoding="utf-8")
    config = write_project(tmp_path / "project", groups=[], public=public)
    assert main(["check", str(config)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"orgdocs: {config}: public: may not be {public!r} (")
    assert err.count("\n") == 1
    assert main(["build", str(config), "--out", str(tmp_path / "site")]) == 1
    assert not (tmp_path / "site").exists()


def test_dotfiles_are_not_published_and_check_names_them(tmp_path, capsys):
    files = {
        "public/robots.txt": "User-agent: *",
        "public/.env": "SECRET=1",
        "public/.git/config": "[core]",
        "public/files/.htpasswd": "admin:x",
        "public/.well-known/security.txt": "Contact: mailto:a@example.com",
        "public/.well-known/.hidden": "x",
    }
    config = write_project(tmp_path, files=files, groups=[])
    assert main(["check", str(config)]) == 0
    out = capsys.readouterr().out.splitlines()
    public = tmp_path / "public"
    assert out == [
        f"warning: public folder {public}: .env: not published (a dotfile)",
        f"warning: public folder {public}: .git/config: not published (a dotfile)",
        f"warning: public folder {public}: .well-known/.hidden: not published (a dotfile)",
        f"warning: public folder {public}: files/.htpasswd: not published (a dotfile)",
        f"{config}: 0 descriptions, 0 operations, 0 pages: 4 warnings",
    ]
    assert main(["build", str(config), "--out", str(tmp_path / "site")]) == 0
    site = tmp_path / "site"
    assert (site / "robots.txt").is_file() and (site / ".well-known" / "security.txt").is_file()
    published = {p.relative_to(site).as_posix() for p in site.rglob("*")}
    assert not {".env", ".git", "files/.htpasswd", ".well-known/.hidden"} & published


def test_repeated_yaml_keys_are_warnings_naming_both_lines(tmp_path, capsys):
    description = (
        "openapi: 3.0.3\n"
        "info: {title: T, version: '1'}\n"
        "paths:\n"
        "  /pets:\n"
        "    get:\n"
        "      summary: List pets\n"
        "      responses: {'200': {description: ok}}\n"
        "      summary: List all pets\n"
    )
    config = write_project(
        tmp_path,
        files={"content/pets.yaml": description},
        groups=[{"group": "P", "sections": [{"schema": "pets.yaml"}]}],
    )
    assert main(["check", str(config)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "warning: pets.yaml: line 8: duplicate key 'summary' (also at line 6): the last one is kept",
        f"{config}: 1 description, 1 operation, 0 pages: 1 warning",
    ]
    assert main(["build", str(config), "--out", str(tmp_path / "site")]) == 0
    assert capsys.readouterr().err == f"orgdocs build: 1 warning, listed by `orgdocs check {config}`\n"
    page = (tmp_path / "site" / "p" / "pets" / "get-pets" / "index.html").read_text(encoding="utf-8")
    assert "List all pets" in page  # the last one is kept
