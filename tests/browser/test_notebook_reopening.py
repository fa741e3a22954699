"""A saved notebook reopened without the kernel that drew its views, in a real JupyterLab: each view shows
what it showed, with one line of ours saying why, and nothing broken-looking (ipywidgets' broken-link icon,
"Error displaying widget: model not found"), whether or not the notebook was saved with widget state
(JupyterLab saves none unless told to)."""

from __future__ import annotations

import pytest

from .test_notebook_keys import EXPLORER_CELL, KERNEL_IDLE, open_notebook, start_app, write_notebook
from .test_notebook_saving import OPERATION_VIEW

pytestmark = pytest.mark.browser

# what the outputs draw before themselves other than our own line: ipywidgets' broken-link icon is one
# (.jupyter-widgets-disconnected::before, a Font Awesome glyph)
SIGNS = """(nodes) => nodes.filter((node) => !node.classList.contains("orgdocs-widget-snapshot")).filter((node) => {
    const content = getComputedStyle(node, "::before").content;
    return content && content !== "none" && content !== "normal";
}).map((node) => node.className + " " + getComputedStyle(node, "::before").content)"""


def _save_and_reopen(page, app: str, base: str, token: str, name: str) -> None:
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=30_000)
    page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.shutdown()")
    open_notebook(page, app, base, token, name, run=False)


@pytest.mark.parametrize("save_state", [True, False], ids=["with-widget-state", "without-widget-state"])
def test_a_reopened_view_shows_its_snapshot_and_no_broken_sign(
    save_state, tmp_path, free_port, jupyter_server, page
):
    base, token, root = start_app("lab", tmp_path, free_port, jupyter_server, save_state=save_state)
    write_notebook(root / "view.ipynb", [("code", OPERATION_VIEW)])
    open_notebook(page, "lab", base, token, "view.ipynb")
    page.get_by_role("heading", name="Update a webhook subscription").first.wait_for(timeout=60_000)
    page.wait_for_function(KERNEL_IDLE, timeout=60_000)
    _save_and_reopen(page, "lab", base, token, "view.ipynb")
    page.wait_for_function(KERNEL_IDLE, timeout=60_000)

    heading = page.get_by_role("heading", name="Update a webhook subscription").first
    heading.wait_for(timeout=60_000)
    if save_state:  # the saved view draws its snapshot and says so in its own words
        page.get_by_text("No kernel answers this view", exact=False).first.wait_for(timeout=60_000)
    else:  # no model to draw: the snapshot beside it shows, with our line instead of ipywidgets' error
        page.wait_for_function(
            """() => [...document.querySelectorAll(".jp-OutputArea-output .orgdocs-widget-snapshot")].some(
                (box) => box.checkVisibility() && getComputedStyle(box, "::before").content.includes("No kernel"))""",
            timeout=60_000,
        )
    assert heading.is_visible()
    assert not page.get_by_text("model not found", exact=False).first.is_visible()
    assert not page.get_by_text("Error displaying widget", exact=False).first.is_visible()
    assert page.locator(".jp-OutputArea-output, .jp-OutputArea-output *").evaluate_all(SIGNS) == []
    page.screenshot(path=str(tmp_path / f"reopened-{save_state}.png"))


SENT = """\
form = explorer.select(explorer.site.search("list api keys")[0]["route"])
form.send().status_code"""


def test_a_reopened_view_shows_the_last_answer_kept_once_beside_it(tmp_path, free_port, jupyter_server, page):
    # the reference and the answer are saved in the snapshot output only (not in widget state too): the view,
    # reopened without a kernel from its widget state, shows them in its own snapshot all the same
    base, token, root = start_app("lab", tmp_path, free_port, jupyter_server, save_state=True)
    write_notebook(root / "sent.ipynb", [("code", EXPLORER_CELL), ("code", SENT), ("code", OPERATION_VIEW)])
    open_notebook(page, "lab", base, token, "sent.ipynb")
    page.locator(".ow-form [data-response] .response-status").first.wait_for(timeout=60_000)
    page.wait_for_function(KERNEL_IDLE, timeout=60_000)
    _save_and_reopen(page, "lab", base, token, "sent.ipynb")
    page.get_by_text("No kernel answers this view", exact=False).first.wait_for(timeout=60_000)
    view = page.locator(".orgdocs-widget-host")
    view.get_by_role("heading", name="List API keys").first.wait_for()
    view.get_by_text("Last answer").first.wait_for(timeout=10_000)
    assert view.locator(".status-success").first.text_content() == "200"
    saved = (root / "sent.ipynb").read_text(encoding="utf-8")
    assert saved.count("Last answer") == 1
    assert saved.count('data-route=\\"/api/api-keys/list-api-keys\\"') == 1  # the reference, once
    page.screenshot(path=str(tmp_path / "reopened-answer.png"))

    # another view drawn now loads the live front-end, which then draws the saved views too: one whose kernel
    # holds none of it shows the reference it showed, from the snapshot output beside it
    page.evaluate("() => { window.jupyterapp.shell.currentWidget.content.activeCellIndex = 2; }")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-cell')")
    page.get_by_role("heading", name="Update a webhook subscription").first.wait_for(timeout=60_000)
    saved_view = view.first.locator(".ow-operation")
    saved_view.get_by_role("heading", name="List API keys").wait_for(timeout=15_000)
