"""Hand-written pages and changelog updates: titles, route paths, errors naming the config place."""

from __future__ import annotations

import json
from datetime import date

import pytest
from site_projects import PROJECT

from orgdocs import ConfigError
from orgdocs.project._handwritten_pages import read_page, read_updates, split_front_matter

CONTENT = PROJECT / "content"


def page(relative: str, content=CONTENT):
    return read_page(
        content, relative, config_name="docs.config.yaml", place="groups[0].sections[0].pages[0]"
    )


def test_front_matter_title_wins_over_the_first_heading():
    quickstart = page("guides/quickstart.md")
    assert quickstart.kind == "markdown"
    assert quickstart.title == "Getting started"
    assert quickstart.slug == "guides/quickstart"
    assert quickstart.text.lstrip().startswith("# Quickstart heading")  # front matter removed
    assert quickstart.meta == {"title": "Getting started"}


def test_the_first_heading_is_the_title_without_front_matter():
    assert page("pets/show-pet-by-id.md").title == "Notes on showPetById"


def test_mdx_is_read_as_markdown_and_jsx_is_not_executed():
    faq = page("guides/faq.mdx")
    assert faq.kind == "markdown"
    assert faq.title == "Frequently asked questions"
    assert "<Thing />" in faq.text


def test_a_notebook_title_is_its_first_markdown_heading():
    explore = page("guides/explore.ipynb")
    assert explore.kind == "notebook"
    assert explore.title == "Explore the pets"
    assert json.loads(explore.text)["nbformat"] == 4


def test_a_notebook_title_in_metadata_wins(tmp_path):
    notebook = {
        "cells": [{"cell_type": "markdown", "source": "# Heading"}],
        "metadata": {"title": "From metadata"},
    }
    (tmp_path / "nb.ipynb").write_text(json.dumps(notebook))
    assert page("nb.ipynb", tmp_path).title == "From metadata"


def test_odd_notebook_metadata_and_cells_are_tolerated(tmp_path):
    notebook = {"cells": ["x", {"cell_type": "markdown", "source": ["# Found", 3]}], "metadata": []}
    (tmp_path / "odd.ipynb").write_text(json.dumps(notebook))
    assert page("odd.ipynb", tmp_path).title == "Found"


def test_without_title_or_heading_the_file_name_is_made_readable(tmp_path):
    (tmp_path / "getting_started-Guide.md").write_text("No heading here.\n")
    (tmp_path / "empty.ipynb").write_text(json.dumps({"cells": [], "metadata": {}}))
    assert page("getting_started-Guide.md", tmp_path).title == "Getting started guide"
    assert page("empty.ipynb", tmp_path).title == "Empty"


def test_route_paths_are_kebab_case_per_segment(tmp_path):
    (tmp_path / "How To").mkdir()
    (tmp_path / "How To" / "Use The API.md").write_text("# x\n")
    assert page("How To/Use The API.md", tmp_path).slug == "how-to/use-the-api"


def test_a_heading_inside_text_is_not_a_title(tmp_path):
    (tmp_path / "p.md").write_text("Some text\nnot # a heading\n\n## Real heading ##\n")
    assert page("p.md", tmp_path).title == "Real heading"


def test_broken_front_matter_is_kept_as_text(tmp_path):
    text = "---\ntitle: [unclosed\n---\n# Heading\n"
    assert split_front_matter(text) == ({}, text)
    (tmp_path / "p.md").write_text(text)
    assert page("p.md", tmp_path).title == "Heading"


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("missing.md", None, "page 'missing.md' not found"),
        ("latin1.md", b"# caf\xe9\n", "page 'latin1.md' cannot be read"),
        ("broken.ipynb", "{not json", "page 'broken.ipynb' is not a valid notebook"),
        ("list.ipynb", "[]", "page 'list.ipynb' is not a valid notebook"),
        ("cells.ipynb", '{"cells": {}}', "page 'cells.ipynb' is not a valid notebook"),
    ],
)
def test_page_errors_name_the_config_and_the_place(tmp_path, name, text, expected):
    content = tmp_path / "content"
    content.mkdir()
    if text is not None:
        data = text if isinstance(text, bytes) else text.encode()
        (content / name).write_bytes(data)
    with pytest.raises(ConfigError) as caught:
        page(name, content)
    assert str(caught.value).startswith(f"docs.config.yaml: groups[0].sections[0].pages[0]: {expected}")


def test_changelog_updates_are_newest_first_with_their_titles_and_dates():
    updates = read_updates(PROJECT / "changelog", config_name="docs.config.yaml", place="groups[2].updates")
    assert [u.date for u in updates] == [date(2026, 3, 2), date(2026, 2, 10), date(2026, 1, 15)]
    assert [u.title for u in updates] == ["Cursor pagination", "Webhooks", "First release"]
    assert [u.slug for u in updates] == [
        "2026-03-02-pagination",
        "2026-02-10-webhooks",
        "2026-01-15-first-release",
    ]
    assert {u.kind for u in updates} == {"update"}


def test_changelog_files_must_be_named_by_date(tmp_path):
    (tmp_path / "release-notes.md").write_text("# Notes\n")
    with pytest.raises(
        ConfigError, match=r"groups\[1\]\.updates: changelog file 'release-notes.md' is not named"
    ):
        read_updates(tmp_path, config_name="docs.config.yaml", place="groups[1].updates")


def test_changelog_dates_must_exist(tmp_path):
    (tmp_path / "2026-02-30-leap.md").write_text("# Leap\n")
    with pytest.raises(ConfigError, match="impossible date"):
        read_updates(tmp_path, config_name="docs.config.yaml", place="groups[1].updates")


def test_changelog_files_that_are_not_markdown_are_ignored(tmp_path):
    (tmp_path / "2026-01-01-a.md").write_text("# A\n")
    (tmp_path / "README.txt").write_text("notes for maintainers")
    (tmp_path / "images").mkdir()
    updates = read_updates(tmp_path, config_name="c", place="p")
    assert [u.title for u in updates] == ["A"]


def test_an_unreadable_changelog_file_names_the_place(tmp_path):
    (tmp_path / "2026-01-01-a.md").write_bytes(b"# caf\xe9\n")
    with pytest.raises(ConfigError, match=r"c: p: changelog file '2026-01-01-a.md' cannot be read"):
        read_updates(tmp_path, config_name="c", place="p")


def test_a_changelog_update_linked_out_of_its_folder_is_refused(tmp_path):
    """A symbolic link in the updates folder would publish any file the builder can read."""
    (tmp_path / "secret.md").write_text("# Secret\n\npassword", encoding="utf-8")
    updates = tmp_path / "changelog"
    updates.mkdir()
    (updates / "2026-01-01-fine.md").write_text("# Fine", encoding="utf-8")
    (updates / "2026-01-02-leak.md").symlink_to(tmp_path / "secret.md")
    with pytest.raises(ConfigError) as caught:
        read_updates(updates, config_name="docs.config.yaml", place="groups[1].updates")
    assert str(caught.value) == (
        "docs.config.yaml: groups[1].updates: changelog file '2026-01-02-leak.md' escapes the updates folder"
    )


def test_a_link_inside_the_updates_folder_is_read(tmp_path):
    updates = tmp_path / "changelog"
    (updates / "drafts").mkdir(parents=True)
    (updates / "drafts" / "a.md").write_text("# Linked", encoding="utf-8")
    (updates / "2026-01-02-linked.md").symlink_to(updates / "drafts" / "a.md")
    [update] = read_updates(updates, config_name="docs.config.yaml", place="groups[1].updates")
    assert update.title == "Linked"


def test_a_page_link_swapped_out_of_content_after_the_config_is_refused(tmp_path):
    """The rule holds when the page is read, not only when the config is checked (the dev server rereads)."""
    (tmp_path / "secret.md").write_text("# Secret", encoding="utf-8")
    content = tmp_path / "content"
    content.mkdir()
    (content / "guide.md").symlink_to(tmp_path / "secret.md")
    with pytest.raises(ConfigError, match=r"page 'guide\.md' escapes the content folder"):
        page("guide.md", content)


def test_front_matter_nested_too_deeply_is_not_front_matter():
    text = "---\ntitle: " + "[" * 100_000 + "\n---\n# Heading\n"
    assert split_front_matter(text) == ({}, text)


# -- rendered pages (orgdocs.render.site._pages and operation): what search engines and screen readers read


def test_a_descriptions_headings_start_one_level_under_the_pages_own():
    from orgdocs.render.site._operation import nested_headings

    html = "<h1>Intro</h1><p>x</p><h3 id='a'>Deep</h3><h2>Next</h2>"
    assert nested_headings(html, 2) == "<h2>Intro</h2><p>x</p><h4 id='a'>Deep</h4><h3>Next</h3>"
    assert nested_headings("<h4>Late</h4><h5>Later</h5>", 2) == "<h2>Late</h2><h3>Later</h3>"
    assert nested_headings("<h1>A</h1><h6>Z</h6>", 3) == "<h3>A</h3><h6>Z</h6>"  # never past h6
    assert nested_headings("<p>no heading; <hr> is not one</p>", 2) == "<p>no heading; <hr> is not one</p>"


def test_every_kind_of_page_carries_a_meta_description_of_its_own(tmp_path):
    from orgdocs.project import Site
    from orgdocs.render.site._pages import PageRenderer

    (tmp_path / "d.yaml").write_text(
        "openapi: 3.0.3\n"
        "info: {title: Shop, version: '1', description: 'Sells **tea**. And more.'}\n"
        "tags: [{name: tea, description: 'Teas of the world.'}]\n"
        "paths:\n"
        "  /teas:\n"
        "    get: {tags: [tea], operationId: listTeas, summary: List teas, description: 'Every tea we sell,"
        + " ever, in the order they were added to the shop, which is a long time ago for some of them and"
        + " yesterday for others, so that this text runs past what a search engine shows', responses:"
        + " {'200': {description: ok}}}\n"
        "  /teas/{id}:\n"
        "    delete: {tags: [tea], parameters: [{name: id, in: path, required: true}], responses:"
        + " {'204': {description: gone}}}\n",
        encoding="utf-8",
    )
    site = Site.from_description(tmp_path / "d.yaml")
    pages = PageRenderer(site)

    def said(html: str) -> str:
        return html.split('<meta name="description" content="', 1)[1].split('"', 1)[0]

    assert said(pages.home()) == "Sells tea."
    assert said(pages.section("/api/tea")) == "Teas of the world."
    long = said(pages.operation("/api/tea/list-teas"))
    assert long.startswith("Every tea we sell, ever,") and long.endswith("\u2026") and len(long) <= 160
    deleted = said(pages.operation("/api/tea/delete-teas-id"))
    assert deleted == "DELETE /teas/{id} of Shop"  # no words, no name of its own: what it is
    assert said(pages.not_found()) == "Page not found"
