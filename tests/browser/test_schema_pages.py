"""Schema pages in Chromium: type labels lead to them from operation pages, from the list, and from rows the
browser opens later (assets/schema.js reads the payload's ``schemaPages``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from orgdocs.project import Site
from orgdocs.render.site._build import build_site

SHELTER = Path(__file__).resolve().parents[1] / "data" / "schema-pages.yaml"


@pytest.fixture(scope="module")
def shelter_site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("schema-pages") / "site"
    build_site(Site.from_description(SHELTER), out, progress=False)
    return out


def _heading(page) -> str:
    return page.get_by_role("heading", level=1).inner_text()


def test_a_type_label_of_an_operation_leads_to_its_schema_page(watched, static_server, shelter_site):
    base = static_server(shelter_site)
    seen = watched()
    page = seen.page
    page.goto(base + "api/pets/create-pet/")
    body = page.locator("#request-body")
    body.get_by_role("link", name="Pet", exact=True).first.click()
    page.wait_for_url("**/api/schemas-2/pet/")
    assert _heading(page) == "Pet"
    used_by = page.locator("#used-by")
    assert used_by.get_by_role("link", name="Create pet").count() == 1
    assert seen.errors == []


def test_a_row_opened_on_a_schema_page_links_its_schemas(watched, static_server, shelter_site):
    base = static_server(shelter_site)
    seen = watched()
    page = seen.page
    page.goto(base + "api/schemas-2/pet/")
    tags = page.locator(".schema-row", has=page.locator("code.schema-name", has_text="tags")).first
    tags.locator(":scope > details > summary").click()  # an inline object: its rows are in the page
    keeper = tags.locator(".schema-row", has=page.locator("code.schema-name", has_text="keeper"))
    link = keeper.get_by_role("link", name="Owner", exact=True)
    link.wait_for()
    link.click()
    page.wait_for_url("**/api/schemas-2/owner/")
    assert _heading(page) == "Owner"
    assert seen.errors == []


def test_the_sidebar_and_the_list_lead_to_every_schema(watched, static_server, shelter_site):
    base = static_server(shelter_site)
    seen = watched()
    page = seen.page
    page.goto(base + "api/pets/list-pets/")
    page.get_by_role("navigation", name="Documentation").get_by_role(
        "link", name="Schemas", exact=True
    ).click()
    page.wait_for_url("**/api/schemas-2/")
    assert _heading(page) == "Schemas"
    page.get_by_role("main").get_by_role("link", name="Pet_Status").click()
    page.wait_for_url("**/api/schemas-2/pet-status-2/")
    assert _heading(page) == "Pet_Status"
    assert '"available"' in page.locator("#example pre").inner_text()
    assert seen.errors == []
