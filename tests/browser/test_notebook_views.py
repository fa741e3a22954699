"""A notebook view's form as a person uses it: what it offers follows what there is (credentials to forget).
The kernel is this test's process (``view_host``)."""

from __future__ import annotations

import pytest

from orgdocs.orgapi import DESCRIPTION_PATH
from orgdocs.widgets import Explorer, TokenStore

from .keys import type_into
from .view_host import view_host

pytestmark = pytest.mark.browser

LIST = "List API keys"


def _open(page, name: str) -> None:
    operations = page.get_by_role("listbox", name="Operations")
    operations.get_by_role("option", name=name).first.click()
    page.locator(".ow-form [data-send]").wait_for()


def test_forget_credentials_is_offered_only_while_one_is_held(browser):
    explorer = Explorer(DESCRIPTION_PATH, tokens=TokenStore())
    with view_host(browser, explorer) as (page, host):
        _open(page, LIST)
        forget = page.get_by_role("button", name="Forget credentials")
        token = page.locator(".ow-form [data-cred-scheme]").first
        assert forget.is_hidden()  # nothing typed, nothing kept
        type_into(page, token, "sk_typed")
        host.settle()
        assert forget.is_visible()
        forget.focus()
        page.keyboard.press("Enter")
        host.settle()
        assert forget.is_hidden() and token.input_value() == ""
        # the focus it had stays in the form, where the reader types the next one, not on the page's body
        assert token.evaluate("(input) => input.getRootNode().activeElement === input")
        # a credential given from a cell shows as kept: there is something to forget again
        explorer.set_token("sk_cell")
        host.deliver()
        host.settle()
        assert forget.is_visible()
        forget.click()
        host.settle()
        assert forget.is_hidden() and explorer.form.request.headers.get("Authorization") is None


LIST_LENGTHS = """(list) => {
  const estimated = list.scrollHeight;  // most rows not drawn yet: each counts as contain-intrinsic-size says
  list.querySelectorAll(".ow-row").forEach((row) => { row.style.contentVisibility = "visible"; });
  return [estimated, list.scrollHeight, list.querySelectorAll(".ow-row").length];
}"""


@pytest.mark.corpus("large/github-api.github.com.json")
@pytest.mark.parametrize("width", [1440, 390])
def test_a_long_navigation_is_as_long_before_its_rows_are_drawn_as_after(browser, corpus, width):
    """The rows out of sight are not drawn (content-visibility) but count as rows of their usual height: the
    scrollbar a reader drags says where they are in the list, and rows do not grow under the wheel."""
    explorer = Explorer(corpus / "large" / "github-api.github.com.json", tokens=TokenStore())
    with view_host(browser, explorer, width=width) as (page, _host):
        operations = page.get_by_role("listbox", name="Operations")
        operations.get_by_role("option").first.wait_for()
        estimated, drawn, rows = operations.evaluate(LIST_LENGTHS)
        assert rows > 1000 and abs(estimated - drawn) / drawn < 0.03, (estimated, drawn)


def test_before_an_operation_is_chosen_the_explorer_introduces_the_api(browser):
    explorer = Explorer(DESCRIPTION_PATH, tokens=TokenStore())
    with view_host(browser, explorer) as (page, _host):
        pane = page.get_by_role("region", name="Operation")
        # the description's own text, servers and how to authenticate, as on the site's landing page
        pane.get_by_text("Manage the resources that belong to an").wait_for()
        assert pane.get_by_role("heading", name="Servers").is_visible()
        assert pane.get_by_role("heading", name="Authentication").first.is_visible()
        assert pane.get_by_text("version 1.0.0").is_visible()
        _open(page, LIST)
        assert pane.get_by_role("heading", name=LIST).is_visible()
        assert pane.get_by_text("Manage the resources that belong to an").count() == 0
