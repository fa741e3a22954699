"""Deep schemas in the browser: a lazy row opening onto a long chain of aliases names it, without error."""

from __future__ import annotations

import json

from orgdocs.render.static.build import build_site
from orgdocs.site import Site

S = "#/components/schemas/"


def test_a_lazy_row_over_a_chain_of_aliases_names_it_past_the_limit(tmp_path, static_server, watched):
    """The server cuts the tree by depth into a lazy row; schema.js renders it when opened, with the same
    rule as the server: past 64 open references a reference is named, not expanded (a chain of 5,000
    would otherwise exhaust the browser's stack)."""
    chain = {f"A{i}": {"$ref": f"{S}A{i + 1}"} for i in range(5000)}
    chain["A5000"] = {"type": "string", "description": "the end of the chain"}
    deep: dict = {"$ref": f"{S}A0"}
    for i in range(7):
        deep = {"type": "object", "properties": {f"level{i}": deep}}
    document = {
        "openapi": "3.1.0",
        "info": {"title": "Deep", "version": "1"},
        "paths": {
            "/deep": {
                "get": {
                    "operationId": "deep",
                    "responses": {
                        "200": {"description": "ok", "content": {"application/json": {"schema": deep}}}
                    },
                }
            }
        },
        "components": {"schemas": chain},
    }
    source = tmp_path / "deep.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    site = Site.from_description(source)
    build_site(site, tmp_path / "site", progress=False)
    seen = watched()
    page = seen.page
    page.goto(static_server(tmp_path / "site") + next(iter(site.operations)).strip("/") + "/")
    assert page.locator("details.schema-lazy").count() == 1
    cut = page.locator(".op-responses .schema-badge", has_text="nested too deep")
    assert cut.count() == 0  # below the server's depth cut: schema.js renders it
    for _ in range(60):  # open the rows one by one; the lazy one renders from the payload when toggled
        if cut.count() and cut.first.is_visible():
            break
        closed = page.locator(".op-responses details:not([open]) > summary:visible")
        if closed.count():
            closed.first.click()
        else:
            page.wait_for_timeout(50)  # the toggle event comes after the click
    assert cut.count() >= 1 and cut.first.is_visible()
    assert page.locator("details.schema-lazy[data-filled]").count() >= 1
    assert seen.errors == []
