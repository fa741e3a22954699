"""The keys that run a cell run a view's request form: Ctrl+Enter anywhere in it (as in Scalar's or Postman's
client), Shift+Enter outside the body's text; in JupyterLab 4 and Notebook 7, typed with real key presses.

The view keeps every key typed in it (test_notebook_keys.py), so these must do what a reader means by them
there, send, and still never run, add or move a cell. The focus stays in the input the reader typed in.
"""

from __future__ import annotations

import re

import pytest

from .keys import type_into
from .test_notebook_keys import EXPLORER_CELL, KERNEL_IDLE, cells_on_page, open_explorer

pytestmark = pytest.mark.browser

# the demo's API key set from Python (kept in kernel memory for every form of the API), then the view drawn
SIGNED_IN = EXPLORER_CELL.removesuffix("\nexplorer") + '\nexplorer.set_token(demo["token"])\nexplorer'
CELLS = [("markdown", "# Send keys"), ("code", SIGNED_IN), ("code", "answer = 6 * 7")]

EXECUTION_COUNTS = """() => window.jupyterapp.shell.currentWidget.content.model.toJSON().cells
    .filter((cell) => cell.cell_type === "code").map((cell) => cell.execution_count)"""


def _focused_id(page) -> str | None:
    return page.evaluate(
        """() => {
            const host = document.activeElement;
            const inner = host && host.shadowRoot && host.shadowRoot.activeElement;
            return inner ? inner.id : null;
        }"""
    )


def _items_shown(response) -> int:
    """How many records the answer's JSON tree says its ``data`` holds."""
    found = re.search(r'"data": \[\s*(\d+) items?', response.inner_text())
    assert found, response.inner_text()[:300]
    return int(found.group(1))


@pytest.fixture(params=["lab", "notebook"])
def app(request):
    return request.param


def test_ctrl_enter_and_shift_enter_in_the_form_send(app, tmp_path, free_port, jupyter_server, page):
    open_explorer(page, app, tmp_path, free_port, jupyter_server, "send.ipynb", CELLS)
    page.get_by_role("listbox", name="Operations").get_by_role("option", name="List API keys").first.click()
    page.get_by_role("heading", name="List API keys", exact=True).wait_for(timeout=15_000)
    cells, counts = cells_on_page(page), page.evaluate(EXECUTION_COUNTS)

    form = page.locator(".ow-form")
    response = form.locator("[data-response]")
    limit = form.get_by_label("limit", exact=False).first
    type_into(page, limit, "1")
    focused = _focused_id(page)
    assert focused
    page.keyboard.press("Control+Enter")
    response.get_by_text("200", exact=True).first.wait_for(timeout=15_000)
    assert _items_shown(response) == 1
    assert _focused_id(page) == focused  # the reader goes on typing where they were

    # Shift+Enter, a notebook's "run", sends the form again with what was typed since
    page.keyboard.press("Backspace")
    page.keyboard.type("2")
    page.keyboard.press("Shift+Enter")
    page.wait_for_function(
        """() => {
            const host = document.querySelector('.orgdocs-widget-host');
            const view = host && host.shadowRoot.querySelector('[data-response]');
            return !!view && /"data": \\[\\s*2 items/.test(view.innerText);
        }""",
        timeout=15_000,
    )
    assert _focused_id(page) == focused
    page.screenshot(path=str(tmp_path / f"send-keys-{app}.png"))

    # neither key ran, added or moved a cell
    page.wait_for_function(KERNEL_IDLE, timeout=30_000)
    assert cells_on_page(page) == cells
    assert page.evaluate(EXECUTION_COUNTS) == counts


FOCUS_IN_VIEW = """() => {
    const host = document.activeElement;
    const inner = host && host.shadowRoot && host.shadowRoot.activeElement;
    return inner ? (inner.matches("[data-response]") ? "answer" : inner.tagName) : null;
}"""


def test_sent_again_from_the_last_answer_the_focus_stays_in_the_answer(
    tmp_path, free_port, jupyter_server, page
):
    """Ctrl+Enter on the last answer's Copy button sends again; the new answer replaces the button, and the
    focus goes to the new answer, not to the page's body (where a keyboard reader would be lost, at the top of
    the notebook)."""
    open_explorer(page, "lab", tmp_path, free_port, jupyter_server, "again.ipynb", CELLS)
    page.get_by_role("listbox", name="Operations").get_by_role("option", name="List API keys").first.click()
    page.get_by_role("heading", name="List API keys", exact=True).wait_for(timeout=15_000)
    form = page.locator(".ow-form")
    response = form.locator("[data-response]")
    form.get_by_role("button", name="Send").click()
    copy = response.get_by_role("button", name="Copy the response body")
    copy.wait_for(timeout=15_000)
    first = copy.element_handle()
    copy.focus()
    page.keyboard.press("Control+Enter")
    page.wait_for_function("(button) => !button.isConnected", arg=first, timeout=15_000)
    response.get_by_text("200", exact=True).first.wait_for(timeout=15_000)
    page.wait_for_function(f"() => ({FOCUS_IN_VIEW})() === 'answer'", timeout=5_000)
    page.keyboard.press("Tab")  # on from there: into the answer, not from the top of the page
    assert page.evaluate(FOCUS_IN_VIEW) not in (None, "answer")


def test_an_answer_sent_with_the_keys_comes_into_sight(tmp_path, free_port, jupyter_server, page):
    """Ctrl+Enter in a parameter far above the answer: the answer's first line scrolls into sight (it showed
    below the form, out of sight, and nothing seemed to happen), and the focus stays in the input."""
    from playwright.sync_api import expect

    open_explorer(page, "lab", tmp_path, free_port, jupyter_server, "sight.ipynb", CELLS)
    page.get_by_role("listbox", name="Operations").get_by_role(
        "option", name="Revoke an API key"
    ).first.click()
    page.get_by_role("heading", name="Revoke an API key", exact=True).wait_for(timeout=15_000)
    form = page.locator(".ow-form")
    page.get_by_role("button", name="Try it ↓").click()
    key = form.get_by_label("apiKeyId", exact=False).first
    type_into(page, key, "key_missing")
    focused = _focused_id(page)
    status = form.locator("[data-response] .response-status")
    expect(status).to_have_count(0)
    page.keyboard.press("Control+Enter")
    status.get_by_text("404", exact=True).wait_for(timeout=15_000)
    expect(status).to_be_in_viewport()
    assert _focused_id(page) == focused
    page.screenshot(path=str(tmp_path / "sent-with-keys.png"))
