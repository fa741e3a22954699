"""What only a notebook does, in its views, in a real JupyterLab: a credential read from an environment
variable of the kernel, the request as a cell, the answer checked against the description, and an
Authorization for a description that declares no security scheme."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .keys import type_into
from .test_notebook_keys import (
    KERNEL_IDLE,
    open_explorer,
    open_notebook,
    search_box,
    start_app,
    write_notebook,
)

pytestmark = pytest.mark.browser

ORGAPI = """\
import os

from orgdocs.orgapi import DESCRIPTION_PATH, create_app, in_process_client, open_store, seed_demo
from orgdocs.widgets import Explorer

store = open_store("orgapi.sqlite3")
demo = seed_demo(store)
os.environ["ORG_TOKEN"] = demo["token"]  # in the kernel's environment, never typed
open("token.txt", "w").write(demo["token"])  # for the test to look for; not shown
client = in_process_client(create_app(store))
explorer = Explorer(DESCRIPTION_PATH, client=client, values={"organizationId": demo["organization_id"]})
explorer"""

NO_SCHEMES = """\
import orgdocs
from orgdocs.widgets import Explorer

uspto = orgdocs.load(orgdocs.__file__.rsplit("/orgdocs/", 1)[0] + "/notebooks/data/uspto.yaml")
explorer = Explorer(uspto, client=orgdocs.mock_client(uspto))
explorer"""

# the demo's token set from Python: kept in kernel memory for every form of the API, shown as kept
SIGNED_IN = ORGAPI.removesuffix("\nexplorer") + '\nexplorer.set_token(demo["token"])\nexplorer'


def _select(page, query: str, name: str) -> None:
    type_into(page, search_box(page), query)
    page.get_by_role("listbox", name="Search results").get_by_role("option", name=name).first.click()
    page.get_by_role("heading", name=name, exact=True).wait_for(timeout=15_000)


def _explorer(page, tmp_path, free_port, jupyter_server, name: str, source: str) -> Path:
    """A new notebook ``name`` of one cell, ``source``, open in JupyterLab (``open_explorer``); its folder."""
    return open_explorer(page, "lab", tmp_path, free_port, jupyter_server, name, [("code", source)])


def _form_reading_the_token_from_the_environment(page, tmp_path, free_port, jupyter_server, name: str):
    """The Organization API's "List API keys" form in a new notebook ``name``, its bearer token set to be read
    from an environment variable: (server folder, the form, its credential input)."""
    root = _explorer(page, tmp_path, free_port, jupyter_server, name, ORGAPI)
    _select(page, "list api keys", "List API keys")
    form = page.locator(".ow-form")
    form.get_by_label("from an environment variable").first.check()
    return root, form, form.get_by_label("BearerAuth (bearer token)")


def test_a_credential_from_the_environment_a_cell_of_code_and_a_checked_answer(
    tmp_path, free_port, jupyter_server, page
):
    root, form, credential = _form_reading_the_token_from_the_environment(
        page, tmp_path, free_port, jupyter_server, "native.ipynb"
    )
    type_into(page, credential, "ORG_TOKEN")
    # the view's code samples name the variable, as Copy as code does, in the reader's language
    sample = form.locator("[data-samples] [data-sample]")
    page.wait_for_function("(el) => el.textContent.includes('$ORG_TOKEN')", arg=sample.element_handle())
    assert "$TOKEN" not in sample.text_content()
    form.get_by_label("Language", exact=True).select_option(label="Python (httpx)")
    page.wait_for_function(
        "(el) => el.textContent.includes(\"os.environ['ORG_TOKEN']\")", arg=sample.element_handle()
    )
    sample.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "env-samples.png"))
    form.get_by_role("button", name="Send").click()
    answer = form.locator("[data-response]")
    answer.get_by_text("200", exact=True).first.wait_for(timeout=15_000)
    answer.get_by_text("The answer matches the description").wait_for(timeout=15_000)

    form.get_by_role("button", name="Copy as code").click()
    code = form.locator("pre.ow-code")
    code.wait_for(timeout=15_000)
    secret = (root / "token.txt").read_text()
    assert "os.environ['ORG_TOKEN']" in code.text_content() and secret not in code.text_content()
    # the server lives in the kernel: the cell sends with the notebook's variable that holds its client
    assert "response = client.request(" in code.text_content()

    credential.click()
    page.keyboard.press("Control+s")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=15_000)
    saved = (root / "native.ipynb").read_text(encoding="utf-8")
    assert secret not in saved and secret.split("_", 2)[2] not in saved
    assert json.loads(saved)["cells"][0]["outputs"]  # the view was saved, without the token


def test_a_description_without_schemes_still_offers_an_authorization(
    tmp_path, free_port, jupyter_server, page
):
    _explorer(page, tmp_path, free_port, jupyter_server, "uspto.ipynb", NO_SCHEMES)
    title = "Provides the general information about the API and the list of fields that can be used to query the dataset."
    _select(page, "searchable fields", title)
    form = page.locator(".ow-form")
    authorization = form.get_by_label("Authorization (not declared by the description)")
    type_into(page, authorization, "tok-123")
    form.get_by_role("button", name="Send").click()
    answer = form.locator("[data-response]")
    answer.get_by_text("200", exact=True).first.wait_for(timeout=15_000)
    # the request line names developer.uspto.gov; the answer says the mock gave it
    answer.get_by_text("Answered by the form's mock client", exact=False).wait_for(timeout=15_000)
    answer.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "mock-answer.png"))


def test_a_credential_from_an_unset_or_misnamed_variable_stops_send_and_says_why(
    tmp_path, free_port, jupyter_server, page
):
    root, form, credential = _form_reading_the_token_from_the_environment(
        page, tmp_path, free_port, jupyter_server, "env.ipynb"
    )
    send = form.get_by_role("button", name="Send")
    answer = form.locator("[data-response]")

    # a variable the kernel's environment does not set: Send names it and sends nothing (no bare 401)
    type_into(page, credential, "NO_SUCH_TOKEN")
    send.click()
    answer.get_by_text("does not set NO_SUCH_TOKEN (BearerAuth)", exact=False).wait_for(timeout=15_000)
    assert "401" not in answer.inner_text()

    # a name the kernel cannot read (lower case): the field says so as it is typed, and Send too; the
    # kernel forgot the name it held before, so nothing is sent with another variable than the one shown
    type_into(page, credential, "org_token")
    problem = form.locator(".ow-env-problem")
    problem.get_by_text("is not the name of an environment variable", exact=False).wait_for(timeout=5_000)
    assert credential.get_attribute("aria-invalid") == "true"
    send.click()
    answer.get_by_text("“org_token” is not the name", exact=False).wait_for(timeout=15_000)
    assert "401" not in answer.inner_text()
    page.screenshot(path=str(tmp_path / "env-misnamed.png"))

    # the name as it should be: the message goes, and the credential is sent
    type_into(page, credential, "ORG_TOKEN")
    assert not problem.is_visible() and credential.get_attribute("aria-invalid") is None
    send.click()
    answer.get_by_text("200", exact=True).first.wait_for(timeout=15_000)
    # the view asked the kernel to forget nothing it should keep: the variable's name is what it reads
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=15_000)
    saved = (root / "env.ipynb").read_text(encoding="utf-8")
    assert (root / "token.txt").read_text() not in saved


SEND_FROM_CELLS = [
    ("code", ORGAPI),
    (
        "code",
        'form = explorer.select(explorer.site.search("list api keys")[0]["route"])\n'
        'form.set_token(demo["token"])\n'
        "form.send().status_code",
    ),
    ("code", 'form.set_values({"limit": 0})\nform.send().status_code'),
]


def test_what_a_cell_sends_shows_in_the_view(tmp_path, free_port, jupyter_server, page):
    base, token, root = start_app("lab", tmp_path, free_port, jupyter_server)
    write_notebook(root / "cells.ipynb", [*SEND_FROM_CELLS[:2], ("code", "")])
    open_notebook(page, "lab", base, token, "cells.ipynb")
    page.get_by_role("heading", name="List API keys", exact=True).wait_for(timeout=60_000)
    page.wait_for_function(KERNEL_IDLE, timeout=60_000)
    answer = page.locator(".ow-form [data-response]")
    # sent by the cell while the view was still asking for its form: the form comes with the answer
    answer.get_by_text("200", exact=True).first.wait_for(timeout=15_000)
    assert "OK" in answer.inner_text() and answer.get_by_text("Table", exact=True).count() == 1
    # sent by a cell once the view is drawn: the answer comes to the view
    page.evaluate(
        """(source) => {
            const panel = window.jupyterapp.shell.currentWidget;
            panel.content.activeCellIndex = 2;
            panel.content.activeCell.model.sharedModel.setSource(source);
            return window.jupyterapp.commands.execute('notebook:run-cell');
        }""",
        SEND_FROM_CELLS[2][1],
    )
    answer.get_by_text("400").first.wait_for(timeout=15_000)
    assert "limit" in answer.inner_text()
    answer.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "sent-from-a-cell.png"))


def test_a_token_input_emptied_sends_no_token(tmp_path, free_port, jupyter_server, page):
    """The demo's token set from Python (``set_token``) shows as kept in the view's token input; a reader who
    empties the input sends without it (the server says 401), not with the token behind an empty input."""
    _explorer(page, tmp_path, free_port, jupyter_server, "emptied.ipynb", SIGNED_IN)
    _select(page, "list api keys", "List API keys")
    form = page.locator(".ow-form")
    credential = form.get_by_label("BearerAuth (bearer token)")
    page.wait_for_function("(input) => input.value !== ''", arg=credential.element_handle())  # kept
    type_into(page, credential, "")
    form.get_by_role("button", name="Send", exact=True).click()
    answer = form.locator("[data-response]")
    answer.get_by_text("401", exact=True).first.wait_for(timeout=15_000)
    assert credential.input_value() == ""  # and the input still says so
    page.screenshot(path=str(tmp_path / "emptied-token.png"))


def test_a_requestform_cell_from_a_click_runs_in_a_new_cell_and_the_view_still_sends(
    tmp_path, free_port, jupyter_server, page
):
    """Copy as a RequestForm cell, paste it into a new cell with the keys, run it: it sends with the token the
    kernel keeps (no TOKEN in the kernel's environment), and the view sends after it as before (the cell set
    the API's token to be read from an unset TOKEN: it stopped, and so did every view of the API)."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    _explorer(page, tmp_path, free_port, jupyter_server, "pasted.ipynb", SIGNED_IN)
    _select(page, "list api keys", "List API keys")
    form = page.locator(".ow-form")
    form.get_by_role("button", name="Copy as a RequestForm cell").click()
    form.locator("pre.ow-code").wait_for(timeout=15_000)
    page.get_by_text("Copied.", exact=False).first.wait_for(timeout=15_000)
    page.locator(".jp-Notebook .jp-Cell .jp-InputArea-editor").first.click()
    page.keyboard.press("Escape")  # command mode
    page.keyboard.press("b")  # a new cell below
    page.keyboard.press("Enter")
    page.keyboard.press("Control+v")
    page.keyboard.press("Shift+Enter")
    page.wait_for_function(
        """() => { const cells = window.jupyterapp.shell.currentWidget.content.model.toJSON().cells;
            return cells.length > 1 && cells[1].outputs && cells[1].outputs.length > 0; }""",
        timeout=30_000,
    )
    pasted = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.model.toJSON().cells[1]")
    source = "".join(pasted["source"])
    assert "RequestForm(api.operation('listApiKeys'), client=client)" in source
    assert [output.get("data", {}).get("text/plain") for output in pasted["outputs"]] == [
        "<Response [200 OK]>"
    ]
    form.get_by_role("button", name="Send", exact=True).click()
    form.locator("[data-response]").get_by_text("200", exact=True).first.wait_for(timeout=15_000)
    page.screenshot(path=str(tmp_path / "pasted-cell.png"))
