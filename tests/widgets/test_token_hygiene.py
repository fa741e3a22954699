"""The bearer token never lands in a saved notebook: executed with nbclient, widget state stored."""

from __future__ import annotations

import secrets
import textwrap

import nbclient
import nbformat

SETUP = """
import json, pathlib
from orgdocs.orgapi import DESCRIPTION_PATH, create_app, in_process_client, open_store, seed_demo
from orgdocs.widgets import Explorer

store = open_store("orgapi.sqlite3")
demo = seed_demo(store)
pathlib.Path("token.txt").write_text(demo["token"])  # for the test to search for; not part of the notebook
client = in_process_client(create_app(store))
explorer = Explorer(
    DESCRIPTION_PATH,
    client=client,
    values={"organizationId": demo["organization_id"], "apiKeyId": demo["api_key_ids"][1]},
)
explorer
"""

USE = """
explorer.set_token(demo["token"])
explorer.search("revoke")
form = explorer.select("/api/api-keys/revoke-api-key")
form.send().status_code
"""

TYPED = """
explorer.set_token(None)
# what typing into the view's credential input does: a message to the kernel, which keeps it in memory
explorer._on_message(None, {"id": "t", "type": "credential", "route": "/api/api-keys/revoke-api-key",
                            "scheme": "BearerAuth", "field": "value", "value": pathlib.Path("typed.txt").read_text()}, [])
form.has_token, form.kept_credentials()
"""


def test_token_is_not_saved_in_the_notebook_its_widget_state_or_an_export(tmp_path):
    typed = "odk_typed_" + secrets.token_hex(12)
    (tmp_path / "typed.txt").write_text(typed)
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_code_cell(textwrap.dedent(SETUP)),
        nbformat.v4.new_code_cell(textwrap.dedent(USE)),
        nbformat.v4.new_code_cell(textwrap.dedent(TYPED)),
    ]
    client = nbclient.NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        store_widget_state=True,
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()
    saved = tmp_path / "explore.ipynb"
    nbformat.write(notebook, saved)

    token = (tmp_path / "token.txt").read_text()
    text = saved.read_text(encoding="utf-8")
    assert notebook.cells[1].outputs[0]["data"]["text/plain"] == "200"
    assert notebook.cells[2].outputs[0]["data"]["text/plain"] == "(True, ['BearerAuth:value'])"
    state = notebook.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    view = notebook.cells[0].outputs[0]["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
    assert view in state  # the explorer's state was stored
    assert "Revoke an API key" in text
    assert token not in text
    assert typed not in text
    assert token.split("_", 2)[2] not in text  # not even the secret part (which may itself hold "_")

    from nbconvert import HTMLExporter

    exported, _ = HTMLExporter().from_filename(str(saved))
    assert token not in exported and typed not in exported
