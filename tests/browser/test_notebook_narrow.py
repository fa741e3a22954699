"""A view in a narrow notebook (JupyterLab at 680 px, Notebook 7 on a phone at 390 px and a tablet at 768 px):
one box that fits the window, the list above the operation, so that no scroll region of the view runs past
the window's edge (the operation pane, 80 % of the window under a list of 16rem, did: Send and the answer
were below the fold of a box that scrolled inside the notebook's own scroll)."""

from __future__ import annotations

import pytest

from .test_notebook_keys import CELLS, open_explorer

pytestmark = pytest.mark.browser

FITS = """() => {
    const host = document.querySelector(".orgdocs-widget-host");
    const root = host.shadowRoot;
    const box = host.getBoundingClientRect();
    const list = [...root.querySelectorAll(".ow-list")].map((pane) => pane.getBoundingClientRect()).find((r) => r.height);
    const detail = root.querySelector(".ow-detail").getBoundingClientRect();
    const panes = [list, detail];
    return {
        height: box.height,
        window: window.innerHeight,
        inside: panes.every((pane) => pane.bottom <= box.bottom + 1 && pane.top >= box.top - 1),
        stacked: detail.top >= list.bottom - 1,
    };
}"""


@pytest.mark.parametrize(
    ("app", "width"),
    [("lab", 680), ("notebook", 390), ("notebook", 768)],
    ids=["lab-680", "nb-390", "nb-768"],
)
def test_a_narrow_view_fits_the_window(app, width, tmp_path, free_port, jupyter_server, page):
    page.set_viewport_size({"width": width, "height": 900})
    open_explorer(page, app, tmp_path, free_port, jupyter_server, "narrow.ipynb", CELLS)
    page.get_by_role("listbox", name="Operations").get_by_role("option", name="List API keys").click()
    page.get_by_role("heading", name="List API keys", exact=True).wait_for(timeout=15_000)
    page.locator(".orgdocs-widget-host").first.scroll_into_view_if_needed()
    found = page.evaluate(FITS)
    assert found["height"] <= found["window"], found
    assert found["inside"] and found["stacked"], found
    page.screenshot(path=str(tmp_path / f"narrow-{app}-{width}.png"))


# a client that finds no server: every Send is answered by the form's "Connection failed" notice, which names
# the URL, one long word where a path holds a long id
REFUSED = """\
import httpx

from orgdocs.orgapi import DESCRIPTION_PATH
from orgdocs.widgets import Explorer


def refuse(request):
    raise httpx.ConnectError("Connection refused", request=request)


explorer = Explorer(
    DESCRIPTION_PATH,
    client=httpx.Client(transport=httpx.MockTransport(refuse)),
    values={"organizationId": "org_" + "x" * 60},
)
explorer"""

NOTICE_FITS = """() => {
    const notice = document.querySelector(".orgdocs-widget-host").shadowRoot.querySelector(".notice-error");
    return { text: notice.textContent, overflow: notice.scrollWidth - notice.clientWidth };
}"""


def test_a_failed_send_says_so_inside_its_box_on_a_phone(tmp_path, free_port, jupyter_server, page):
    page.set_viewport_size({"width": 390, "height": 844})
    open_explorer(page, "notebook", tmp_path, free_port, jupyter_server, "refused.ipynb", [("code", REFUSED)])
    page.get_by_role("listbox", name="Operations").get_by_role("option", name="List API keys").click()
    page.get_by_role("heading", name="List API keys", exact=True).wait_for(timeout=15_000)
    page.get_by_role("button", name="Try it").click()
    page.get_by_role("button", name="Send", exact=True).click()
    notice = page.get_by_role("complementary", name="Try it").locator(".notice-error")
    notice.filter(has_text="Connection failed").wait_for(timeout=15_000)
    found = page.evaluate(NOTICE_FITS)
    assert "org_" + "x" * 60 in found["text"]  # the URL is said, whole
    assert found["overflow"] <= 0, found  # and wraps inside the notice's box, not past its edge
    notice.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "refused-nb-390.png"))
