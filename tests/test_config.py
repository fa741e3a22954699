"""``orgdocs.load_config``: strict everywhere, errors naming the file and the place, paths kept inside."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from site_projects import PROJECT, PROJECT_CONFIG, SITE_DATA

import orgdocs
from orgdocs import ConfigError, load_config
from orgdocs.project._config import ChangelogGroup, Config, DocsGroup, PagesSection, SchemaSection


def config_error(tmp_path: Path, data: object, name: str = "docs.config.yaml") -> str:
    """The message ``load_config`` raises for ``data`` written to ``name`` in ``tmp_path``."""
    (tmp_path / "content").mkdir(exist_ok=True)
    (tmp_path / "changelog").mkdir(exist_ok=True)
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: ")
    return message[len(f"{path}: ") :]


def docs(*sections: dict) -> dict:
    return {"content": "./content", "groups": [{"group": "API", "sections": list(sections)}]}


def test_the_project_config_reads_into_groups_and_sections():
    config = load_config(PROJECT_CONFIG)
    assert isinstance(config, Config)
    assert config.file == PROJECT_CONFIG
    assert config.content == PROJECT / "content"
    assert config.public == PROJECT / "public"
    assert config.title == "Pet Store Docs"
    store, admin, changelog = config.groups
    assert isinstance(store, DocsGroup) and store.label == "Pet Store" and store.slug == "pet-store"
    assert store.sections == (
        PagesSection(section="Guides", pages=["guides/quickstart.md", "guides/explore.ipynb"]),
        SchemaSection(source="./openapi/pets.yaml"),
        PagesSection(section="More", pages=["pets/show-pet-by-id.md", "guides/faq.mdx"]),
    )
    assert admin.sections[0].source == "/specs/admin.json"
    assert isinstance(changelog, ChangelogGroup)
    assert changelog.label == "Changelog" and changelog.updates == PROJECT / "changelog"


def test_yaml_json_and_a_mapping_give_the_same_config(monkeypatch):
    from_yaml = load_config(PROJECT_CONFIG)
    from_json = load_config(SITE_DATA / "json-config" / "docs.config.json")
    mapping = {**json.loads((SITE_DATA / "json-config" / "docs.config.json").read_text())}
    from_mapping = load_config(mapping, base=SITE_DATA / "json-config")
    for config in (from_json, from_mapping):
        assert config.content == from_yaml.content
        assert config.public == from_yaml.public
        assert config.groups == from_yaml.groups
        assert config.title == from_yaml.title
    monkeypatch.chdir(SITE_DATA / "json-config")  # a mapping without base: relative to the working folder
    assert load_config(mapping).groups == from_yaml.groups
    assert orgdocs.load_config is load_config


def test_a_config_object_is_returned_as_it_is():
    config = load_config(PROJECT_CONFIG)
    assert load_config(config) is config


def test_content_and_dot_content_are_the_same_folder(tmp_path):
    (tmp_path / "content").mkdir()
    plain = load_config({"content": "content"}, base=tmp_path)
    dotted = load_config({"content": "./content"}, base=tmp_path)
    slashed = load_config({"content": "./content/"}, base=tmp_path)
    assert plain.content == dotted.content == slashed.content == tmp_path / "content"


def test_relative_paths_are_relative_to_the_config_file_not_the_working_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    config = load_config(os.path.relpath(PROJECT_CONFIG, tmp_path))
    assert config.content == PROJECT / "content"
    assert config.groups[2].updates == PROJECT / "changelog"
    assert config.public == PROJECT / "public"


def test_public_defaults_to_public_beside_the_config(tmp_path):
    (tmp_path / "content").mkdir()
    assert load_config({"content": "content"}, base=tmp_path).public == tmp_path / "public"


def test_content_is_required(tmp_path):
    assert config_error(tmp_path, {"groups": []}) == "missing required property 'content'"


def test_content_must_be_an_existing_folder(tmp_path):
    message = config_error(tmp_path, {"content": "./docs"})
    assert message.startswith("content: folder './docs' does not exist")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            {"content": "content", "theme": "dark"},
            "unknown key 'theme' (a config has 'content', 'public', 'title', 'groups')",
        ),
        (
            {"content": "content", "groups": [{"group": "API", "sidebar": True}]},
            "groups[0]: unknown key 'sidebar' (a docs group has 'group', 'sections')",
        ),
        (
            docs({"section": "Guides", "pages": [], "collapsed": True}),
            "groups[0].sections[0]: unknown key 'collapsed' (a pages section has 'section', 'pages'; "
            "a schema section has only 'schema')",
        ),
        (
            {"content": "content", "groups": [{"changelog": "News", "updates": "changelog", "rss": True}]},
            "groups[0]: unknown key 'rss' (a changelog group has 'changelog', 'updates')",
        ),
    ],
    ids=["top-level", "group", "section", "changelog-group"],
)
def test_an_unknown_key_is_rejected_everywhere(tmp_path, data, expected):
    assert config_error(tmp_path, data) == expected


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            docs({"shcema": "./openapi.yaml"}),
            "groups[0].sections[0]: unknown key 'shcema' (did you mean 'schema'?)",
        ),
        (
            docs({"sectoin": "Guides", "pages": []}),
            "groups[0].sections[0]: unknown key 'sectoin' (did you mean 'section'?)",
        ),
        (
            docs({"section": "Guides", "page": ["a.md"]}),
            "groups[0].sections[0]: unknown key 'page' (did you mean 'pages'?)",
        ),
        ({"contnet": "content"}, "unknown key 'contnet' (did you mean 'content'?)"),
        ({"content": "content", "Title": "x"}, "unknown key 'Title' (did you mean 'title'?)"),
        (
            {"content": "content", "groups": [{"gruop": "API"}]},
            "groups[0]: unknown key 'gruop' (did you mean 'group'?)",
        ),
        (
            {"content": "content", "groups": [{"changelog": "News", "updtes": "changelog"}]},
            "groups[0]: unknown key 'updtes' (did you mean 'updates'?)",
        ),
    ],
    ids=["schema", "section", "pages", "content", "title", "group", "updates"],
)
def test_a_mistyped_key_is_named_with_the_key_it_may_mean(tmp_path, data, expected):
    # not "missing required property 'section'" (or 'content', 'group', 'updates'), which it leaves missing
    assert config_error(tmp_path, data) == expected


def test_a_mistyped_key_in_yaml_is_named_with_its_place(tmp_path):
    text = "content: ./content\ngroups:\n  - group: API\n    sections:\n      - shcema: ./openapi.yaml\n"
    assert (
        config_error(tmp_path, text) == "groups[0].sections[0]: unknown key 'shcema' (did you mean 'schema'?)"
    )


def test_a_schema_section_is_schema_alone(tmp_path, monkeypatch):
    data = docs({"section": "Guides", "pages": []}, {"schema": "./openapi.yaml", "tags": ["pets"]})
    (tmp_path / "content").mkdir()
    (tmp_path / "docs.config.yaml").write_text(json.dumps(data))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError) as caught:
        load_config("docs.config.yaml")
    assert str(caught.value) == (
        "docs.config.yaml: groups[0].sections[1]: unknown key 'tags' (a schema section has only 'schema')"
    )
    assert caught.value.source == "docs.config.yaml"
    assert caught.value.place == "groups[0].sections[1]"


def test_a_schema_section_with_a_section_name_is_rejected(tmp_path):
    message = config_error(tmp_path, docs({"schema": "./openapi.yaml", "section": "Reference"}))
    assert message == "groups[0].sections[0]: unknown key 'section' (a schema section has only 'schema')"


@pytest.mark.parametrize(
    "group",
    [
        {"changelog": "News", "updates": "changelog", "sections": [{"schema": "./openapi.yaml"}]},
        {"changelog": "News", "updates": "changelog", "schema": "./openapi.yaml"},
    ],
    ids=["in-sections", "as-a-key"],
)
def test_a_changelog_group_cannot_host_schema_sections(tmp_path, group):
    message = config_error(tmp_path, {"content": "content", "groups": [{"group": "API"}, group]})
    assert message == "groups[1]: a changelog group cannot host schema sections"


def test_a_changelog_group_has_updates_not_sections(tmp_path):
    group = {"changelog": "News", "updates": "changelog", "sections": [{"section": "Old", "pages": []}]}
    message = config_error(tmp_path, {"content": "content", "groups": [group]})
    assert message.startswith("groups[0]: unknown key 'sections' (a changelog group lists its 'updates'")


def test_a_changelog_group_needs_an_existing_updates_folder(tmp_path):
    assert config_error(tmp_path, {"content": "content", "groups": [{"changelog": "News"}]}) == (
        "groups[0]: missing required property 'updates'"
    )
    message = config_error(
        tmp_path, {"content": "content", "groups": [{"changelog": "News", "updates": "news"}]}
    )
    assert message.startswith("groups[0].updates: folder 'news' does not exist")


def test_a_group_is_a_docs_group_or_a_changelog_group(tmp_path):
    both = {"group": "API", "changelog": "News", "updates": "changelog"}
    assert config_error(tmp_path, {"content": "content", "groups": [both]}).startswith(
        "groups[0]: a group is either a documentation group ('group') or a changelog group"
    )
    assert config_error(tmp_path, {"content": "content", "groups": [{"sections": []}]}).startswith(
        "groups[0]: missing required property 'group'"
    )


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"content": 3}, "'content' should be a valid string"),
        ({"content": "content", "groups": {"group": "API"}}, "'groups' should be a valid list"),
        ({"content": "content", "groups": ["API"]}, "groups[0]: must be a mapping"),
        (docs("Guides"), "groups[0].sections[0]: must be a mapping"),
        (
            docs({"section": "Guides", "pages": "a.md"}),
            "groups[0].sections[0]: 'pages' should be a valid list",
        ),
        (
            docs({"section": "Guides", "pages": ["a.md", 7]}),
            "groups[0].sections[0].pages[1]: should be a valid string",
        ),
        (docs({"pages": ["a.md"]}), "groups[0].sections[0]: missing required property 'section'"),
        (docs({"schema": ""}), "groups[0].sections[0]: 'schema' should have at least 1 character"),
        (docs({"schema": None}), "groups[0].sections[0]: 'schema' should be a valid string"),
        ({"content": "content", "title": ["x"]}, "'title' should be a valid string"),
    ],
)
def test_wrong_types_are_named_with_their_place(tmp_path, data, expected):
    assert config_error(tmp_path, data) == expected


def test_two_groups_with_the_same_route_segment_are_rejected(tmp_path):
    data = {"content": "content", "groups": [{"group": "Public API"}, {"group": "public-api"}]}
    assert config_error(tmp_path, data) == "groups[1]: two groups share the route segment 'public-api'"


@pytest.mark.parametrize(
    ("section", "expected"),
    [
        ({"schema": "../openapi.yaml"}, ".schema: schema '../openapi.yaml' escapes the content folder"),
        (
            {"schema": "specs/../../openapi.yaml"},
            ".schema: schema 'specs/../../openapi.yaml' escapes the content folder",
        ),
        ({"schema": "/../openapi.json"}, ".schema: schema '/../openapi.json' escapes the public folder"),
        (
            {"section": "Guides", "pages": ["../notes.md"]},
            ".pages[0]: page '../notes.md' escapes the content folder",
        ),
        (
            {"section": "Guides", "pages": ["/etc/passwd.md"]},
            ".pages[0]: page '/etc/passwd.md' escapes the content folder",
        ),
    ],
)
def test_paths_that_escape_content_or_public_are_rejected(tmp_path, section, expected):
    assert config_error(tmp_path, docs(section)) == "groups[0].sections[0]" + expected


def test_a_page_must_be_markdown_or_a_notebook(tmp_path):
    message = config_error(tmp_path, docs({"section": "Guides", "pages": ["guide.txt"]}))
    assert message.startswith(
        "groups[0].sections[0].pages[0]: page 'guide.txt' is not Markdown or a notebook"
    )


def test_only_http_and_https_urls_are_fetched(tmp_path):
    message = config_error(tmp_path, docs({"schema": "ftp://example.com/openapi.yaml"}))
    assert message.startswith("groups[0].sections[0].schema: schema 'ftp://example.com/openapi.yaml': 'ftp:'")
    for url in ("https://example.com/openapi.yaml", "HTTP://example.com/openapi.json"):
        (tmp_path / "content").mkdir(exist_ok=True)
        assert load_config(docs({"schema": url}), base=tmp_path).groups[0].sections[0].source == url


def test_allowed_schema_sources(tmp_path):
    (tmp_path / "content").mkdir()
    sources = ["./openapi.yaml", "specs/openapi.json", "/specs/openapi.json", "https://example.com/o.json"]
    config = load_config(docs(*({"schema": s} for s in sources)), base=tmp_path)
    assert [s.source for s in config.groups[0].sections] == sources


def test_yaml_syntax_errors_name_the_file_and_the_line(tmp_path):
    message = config_error(tmp_path, "content: ./content\ngroups:\n  - group: [unclosed\n")
    assert message.startswith("line ")


def test_json_config_syntax_errors_name_the_file_and_the_line(tmp_path):
    message = config_error(tmp_path, '{"content": "content",}', name="docs.config.json")
    assert message.startswith("line 1 column")


def test_a_config_must_be_a_mapping(tmp_path):
    neither = "neither a docs config (a mapping with at least 'content') nor an API description"
    assert config_error(tmp_path, "- content\n").startswith(neither)
    assert config_error(tmp_path, "").startswith(neither)
    assert config_error(tmp_path, "[]", name="docs.config.json").startswith(neither)


def test_a_missing_config_file_is_one_clear_error(tmp_path):
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path / "nope.yaml")
    assert str(caught.value) == f"{tmp_path / 'nope.yaml'}: no such file"


def test_a_mapping_config_is_named_in_errors():
    with pytest.raises(ConfigError) as caught:
        load_config({"content": "content", "extra": 1})
    assert str(caught.value).startswith("<config>: unknown key 'extra' (a config has 'content', ")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            docs({"schema": "./open\0api.yaml"}),
            "groups[0].sections[0].schema: schema './open\\x00api.yaml' holds",
        ),
        (
            docs({"section": "G", "pages": ["a\0.md"]}),
            "groups[0].sections[0].pages[0]: page 'a\\x00.md' holds",
        ),
        ({"content": "./con\0tent"}, "content: folder './con\\x00tent' holds"),
        ({"content": "./content", "public": "p\0"}, "public: folder holds"),
        (
            {"content": "./content", "groups": [{"changelog": "C", "updates": "x\0"}]},
            "groups[0].updates: folder 'x\\x00' holds",
        ),
    ],
)
def test_a_nul_byte_in_a_path_is_one_clear_error(tmp_path, data, expected):
    message = config_error(tmp_path, data)
    assert message.startswith(expected) and "NUL byte" in message


def test_a_nul_byte_in_the_config_path_is_one_clear_error():
    with pytest.raises(ConfigError, match="NUL byte"):
        load_config("docs\0.config.yaml")


def test_a_page_linked_out_of_content_is_rejected(tmp_path):
    (tmp_path / "secret.md").write_text("# Secret", encoding="utf-8")
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "guide.md").symlink_to(tmp_path / "secret.md")
    message = config_error(tmp_path, docs({"section": "G", "pages": ["guide.md"]}))
    assert message == "groups[0].sections[0].pages[0]: page 'guide.md' escapes the content folder"


@pytest.mark.parametrize(
    ("public", "why"),
    [
        ("", "the project's own folder"),
        (".", "the project's own folder"),
        ("./", "the project's own folder"),
        ("content/..", "the project's own folder"),
        ("..", "a folder above the project: {root.parent}"),
        ("../..", "a folder above the project: {root.parent.parent}"),
        ("/", "a folder above the project: /"),
        ("{home}", "a home folder: {home}"),
        ("/root", "a home folder: /root"),
        ("/home/someone", "a home folder: /home/someone"),
    ],
)
def test_public_is_a_folder_of_its_own(tmp_path, public, why):
    """A build publishes every file of the public folder: the project's (its .git/, .env, the config) or a
    home folder's (.ssh/) would be published."""
    root = tmp_path / "project"
    root.mkdir()
    home = Path.home().resolve()
    value = public.format(home=home)
    message = config_error(root, {"content": "content", "public": value})
    assert message == (
        f"public: may not be {value!r} ({why.format(root=root, home=home)}): a build publishes every file of "
        "the public folder; name a folder of its own, e.g. ./public"
    )


@pytest.mark.parametrize("public", ["public", "./public", "site-files", "content/files", "../public-beside"])
def test_a_public_folder_of_its_own_is_accepted(tmp_path, public):
    root = tmp_path / "project"
    (root / "content").mkdir(parents=True)
    assert (
        load_config({"content": "content", "public": public}, base=root).public == (root / public).resolve()
    )
