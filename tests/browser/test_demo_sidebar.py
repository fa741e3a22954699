"""The README's demo steps word for word, through the sidebar: ``orgdocs demo`` in a subprocess (the fixture of
test_demo.py), its docs in headless Chromium at 1440 px and, with the drawer opened by the keyboard, at 390 px.

"Choose List API keys in the sidebar": at ``/`` the sidebar lists every operation of the bundled project (3),
under their tags, which read as API sections: headings at the indent of "Guides", not of its pages, under an
"API reference" label; the changelog group is one heading.
"""

from __future__ import annotations

import re

import pytest

from .keys import type_into
from .test_demo import UI_TIMEOUT, _send, demo  # noqa: F401 (demo: the fixture)

pytestmark = pytest.mark.browser


def _choose(page, title: str) -> None:
    """Choose ``title`` in the sidebar (a real click on the link), as the README says."""
    from playwright.sync_api import expect

    link = page.get_by_role("navigation", name="Documentation").get_by_role(
        "link", name=re.compile(f"{title}$")
    )
    expect(link).to_be_visible(timeout=UI_TIMEOUT)
    link.click()
    expect(page.locator("h1.op-title")).to_have_text(title, timeout=UI_TIMEOUT)
    expect(page.get_by_role("button", name="Send")).to_be_enabled(timeout=UI_TIMEOUT)


def test_the_readme_demo_steps_through_the_sidebar(demo, watched, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    demo.wait_started()
    seen = watched()
    page = seen.page
    page.set_default_timeout(UI_TIMEOUT)

    # 1. Open http://127.0.0.1:8000/ and choose List API keys in the sidebar.
    page.goto(demo.docs + "/")
    nav = page.get_by_role("navigation", name="Documentation")
    for title in ("List API keys", "Revoke an API key", "Update a webhook subscription"):
        expect(nav.get_by_role("link", name=re.compile(f"{title}$"))).to_be_visible()  # nothing to open first
    page.screenshot(path=str(tmp_path / "home-1440.png"))
    _choose(page, "List API keys")
    # 2. Paste the token into BearerAuth (bearer token) and press Send: 200, the organization's seven keys.
    type_into(page, page.get_by_label("BearerAuth (bearer token)"), demo.token)
    keys = _send(page, "200")["data"]
    assert len(keys) == 7
    # 3. Choose Revoke an API key and press Send: 200, the newest key is revoked.
    _choose(page, "Revoke an API key")
    expect(page.get_by_label("BearerAuth (bearer token)")).to_have_value(demo.token)
    revoked = _send(page, "200")
    assert (revoked["id"], revoked["status"]) == (keys[0]["id"], "revoked")
    # 4. Choose Update a webhook subscription and press Send: 200, the webhook is paused.
    webhook_id, _ = demo.webhooks()[0]
    _choose(page, "Update a webhook subscription")
    updated = _send(page, "200")
    assert (updated["id"], updated["status"]) == (webhook_id, "paused")
    assert seen.errors == [] and seen.dialogs == []


def _left(locator) -> float:
    box = locator.bounding_box()
    assert box is not None
    return box["x"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_tags_read_as_api_sections_apart_from_guides(demo, watched, tmp_path, scheme):  # noqa: F811
    from playwright.sync_api import expect

    demo.wait_started()
    page = watched(color_scheme=scheme).page
    page.set_default_timeout(UI_TIMEOUT)
    page.goto(demo.docs + "/")
    nav = page.get_by_role("navigation", name="Documentation")
    guides = nav.get_by_text("Guides", exact=True)
    quickstart = nav.get_by_role("link", name="Quickstart")
    tag = nav.get_by_role("link", name="API keys", exact=True)
    label = nav.get_by_text("API reference", exact=True)
    for shown in (guides, quickstart, label, tag):
        expect(shown).to_be_visible()
    # a tag is a heading at the indent of "Guides" (its chevron first), its operations below it, where
    # the guide pages are: not at the indent of the guide pages
    assert _left(tag) == pytest.approx(_left(guides), abs=2)
    assert _left(quickstart) > _left(tag) + 12
    operation = nav.get_by_role("link", name=re.compile("List API keys$"))
    assert _left(operation) == pytest.approx(_left(quickstart), abs=2)
    assert label.bounding_box()["y"] < tag.bounding_box()["y"]
    assert int(tag.evaluate("e => getComputedStyle(e).fontWeight")) >= 600
    # the changelog group: one heading, its updates below
    expect(nav.get_by_text("Changelog", exact=True)).to_have_count(1)
    page.screenshot(path=str(tmp_path / f"home-1440-{scheme}.png"))

    # 390 px: the drawer opens from the keyboard and shows the same sidebar
    page.set_viewport_size({"width": 390, "height": 844})
    link = nav.get_by_role("link", name=re.compile("List API keys$"))
    expect(link).not_to_be_in_viewport()
    page.get_by_role("checkbox", name="Menu").focus()
    page.keyboard.press("Space")
    expect(link).to_be_in_viewport()
    page.screenshot(path=str(tmp_path / f"home-390-{scheme}.png"))
    link.focus()
    page.keyboard.press("Enter")
    expect(page.locator("h1.op-title")).to_have_text("List API keys")
