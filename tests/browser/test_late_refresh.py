"""What a person types in a view's form is never lost to a late answer of a busy kernel: the selection's
reference that comes back after the form was drawn, or what Python pushes to the form later (values it did
not change), leave the typed text and the focus where they are. The kernel is this test's process
(``view_host``): it holds the kernel's changes back as a loaded machine did once."""

from __future__ import annotations

import pytest

from orgdocs.orgapi import DESCRIPTION_PATH
from orgdocs.widgets import Explorer

from .keys import type_into
from .view_host import view_host

pytestmark = pytest.mark.browser

REVOKE = "Revoke an API key"


def _select_twice(page, host) -> None:
    """Two selections made while the kernel is busy: the first one's reference comes back only after the
    second one was made (and the second one's later still)."""
    operations = page.get_by_role("listbox", name="Operations")
    operations.get_by_role("option").first.wait_for()
    host.hold()
    operations.get_by_role("option", name="List API keys").first.click()
    operations.get_by_role("option", name=REVOKE).first.click()
    host.release(1)  # the first selection's reference
    host.settle()


def test_a_reference_that_comes_back_late_never_draws_a_form_again(browser):
    explorer = Explorer(DESCRIPTION_PATH)
    with view_host(browser, explorer) as (page, host):
        _select_twice(page, host)
        key_id = page.locator(".ow-form [data-param-name=apiKeyId]")
        # nothing is drawn from the reference of a selection that is no longer the one made: the form of the
        # selection of now would be drawn again when its own reference comes, under the person's keys
        assert key_id.count() == 0
        assert page.get_by_role("heading", name="List API keys", exact=True).count() == 0
        host.release()  # the second selection's reference
        page.get_by_role("heading", name=REVOKE, exact=True).wait_for()
        type_into(page, key_id, "key_typed")
        # the same reference again (the kernel echoing its selection): the form stays as it is typed
        host.pushes.append(["_shown", ""])
        host.pushes.append(["_shown", explorer._shown])
        host.deliver()
        host.settle()
        assert key_id.input_value() == "key_typed"
        assert key_id.evaluate("(input) => input.getRootNode().activeElement === input")
        page.keyboard.type("_more")
        assert key_id.input_value() == "key_typed_more"


def test_what_python_pushes_later_keeps_typed_values_it_did_not_change(browser):
    explorer = Explorer(DESCRIPTION_PATH)
    with view_host(browser, explorer) as (page, host):
        _select_twice(page, host)
        host.release()
        page.get_by_role("heading", name=REVOKE, exact=True).wait_for()
        key_id = page.locator(".ow-form [data-param-name=apiKeyId]")
        type_into(page, key_id, "key_typed")
        organization = page.locator(".ow-form [data-param-name=organizationId]")
        before = organization.input_value()
        # a cell sets a token: the kernel tells the view what its form holds, typed text it has not heard of
        explorer.set_token("sk_cell")
        host.deliver()
        host.settle()
        assert key_id.input_value() == "key_typed"
        # a cell changes a value: that one shows, the typed one stays
        explorer.form.set_values({"organizationId": "org_from_python"})
        explorer.select(explorer.value)
        host.deliver()
        host.settle()
        assert organization.input_value() == "org_from_python" != before
        assert key_id.input_value() == "key_typed"


def test_an_answer_sent_from_a_cell_keeps_the_readers_focus_in_the_answer(browser):
    """The reader is in the last answer (on its Copy button) when a cell sends the form: the new answer
    replaces that button, and the focus goes to the new answer, not to the page's body."""
    import orgdocs

    api = orgdocs.load(DESCRIPTION_PATH)
    explorer = Explorer(api, client=orgdocs.mock_client(api))
    route = next(route for route in explorer.site.operations if route.endswith("list-api-keys"))
    with view_host(browser, explorer) as (page, host):
        page.get_by_role("listbox", name="Operations").get_by_role("option", name="List API keys").click()
        page.get_by_role("heading", name="List API keys", exact=True).wait_for()
        form = page.locator(".ow-form")
        form.get_by_role("button", name="Send").click()
        copy = form.locator("[data-response]").get_by_role("button", name="Copy the response body")
        first = copy.element_handle()
        copy.focus()
        explorer.select(route).send()  # a cell sends the same form
        host.deliver()
        host.settle()
        assert page.evaluate("(button) => button.isConnected", first) is False
        focused = "() => document.querySelector('.orgdocs-widget-host').shadowRoot.activeElement"
        assert page.evaluate(f"() => ({focused})().matches('[data-response]')")
