"""A standalone ``jupyter nbconvert --to orgdocs`` page in Chromium: its own scripts run, nothing else does."""

from __future__ import annotations

from nbformat.v4 import new_code_cell, new_notebook, new_output

from orgdocs.render.nbconvert import OrgdocsExporter

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
# What the sanitizer might one day miss: the page's policy must stop it anyway.
SLIPPED = (
    '<img src="x" onerror="window.__pwned=1;alert(1)">'
    "<script>window.__pwned=2;alert(2)</script>"
    '<svg onload="window.__pwned=3"></svg>'
)


def test_an_export_runs_its_own_scripts_and_no_other(tmp_path, static_server, watched):
    notebook = new_notebook()
    cell = new_code_cell("plot()")
    cell.outputs = [
        new_output(
            "display_data",
            data={"image/png": PNG},
            metadata={"image/png": {"height": "1 onerror=window.__pwned=4;alert(document.domain)"}},
        )
    ]
    notebook.cells.append(cell)
    page, _ = OrgdocsExporter().from_notebook_node(notebook)
    at = page.rindex("</article>")
    (tmp_path / "export.html").write_text(page[:at] + SLIPPED + page[at:], encoding="utf-8")
    seen = watched()
    seen.page.goto(static_server(tmp_path) + "export.html")
    seen.page.wait_for_load_state("load")
    assert seen.page.get_by_role("button", name="Dark theme").is_visible()  # site.js ran: it shows the toggle
    assert seen.page.evaluate("typeof window.__pwned") == "undefined"
    assert seen.dialogs == []
    assert any("Content Security Policy" in error for error in seen.errors)  # refused, and said so


def test_a_navigators_snapshot_reads_from_the_left_in_both_exports(tmp_path, static_server, watched):
    from nbconvert import HTMLExporter

    from orgdocs.orgapi import DESCRIPTION_PATH
    from orgdocs.widgets import Explorer

    explorer = Explorer(DESCRIPTION_PATH)  # nothing selected: its snapshot lists the operations
    notebook = new_notebook()
    cell = new_code_cell("explorer")
    # what displaying it writes: the view, then the snapshot of what it shows
    cell.outputs = [
        new_output("display_data", data=data, metadata=metadata)
        for data, metadata in (explorer._bundle(), explorer._snapshot_bundle())
    ]
    notebook.cells.append(cell)
    for name, exporter in (("orgdocs", OrgdocsExporter()), ("html", HTMLExporter())):
        page, _ = exporter.from_notebook_node(notebook)
        (tmp_path / f"{name}.html").write_text(page, encoding="utf-8")
    base = static_server(tmp_path)
    for name in ("orgdocs", "html"):
        seen = watched()
        # offline: the page of --to html asks CDNs for its widget manager and MathJax
        seen.page.route(
            "**/*", lambda route: route.continue_() if route.request.url.startswith(base) else route.abort()
        )
        seen.page.goto(base + f"{name}.html")
        table = seen.page.get_by_role("table").filter(has_text="Revoke an API key")
        aligns = table.locator("th, td").evaluate_all(
            "(cells) => cells.map((c) => getComputedStyle(c).textAlign)"
        )
        assert len(aligns) == 12 and set(aligns) <= {"left", "start"}, (name, aligns)
        explorer.close()


def test_an_export_opened_from_disk_runs_its_scripts(tmp_path, watched):
    # its scripts are inline, not modules: a file:// page runs them, and has nothing to warn about
    page, _ = OrgdocsExporter().from_notebook_node(new_notebook(cells=[new_code_cell("1 + 1")]))
    (tmp_path / "export.html").write_text(page, encoding="utf-8")
    seen = watched()
    seen.page.goto((tmp_path / "export.html").as_uri())
    assert seen.page.get_by_role("button", name="Dark theme").is_visible()
    assert seen.page.get_by_role("note").filter(has_text="opened from a file").count() == 0
