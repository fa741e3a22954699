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
