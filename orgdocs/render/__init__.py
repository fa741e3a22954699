"""The renderers: what readers see of a project, each drawn from the same ``Site`` and model.

- ``orgdocs.render.site``: the static reference site (``orgdocs build``, the dev server's pages);
- ``orgdocs.render.widgets``: the notebook views (``orgdocs.widgets`` is their public face);
- ``orgdocs.render.nbconvert``: notebooks as pages of the site, and pages exported from a notebook.

This package's face offers the rest, each name loaded on first use (pandas and Starlette are not imported
before a table or a server is asked for):

- ``endpoints``, ``parameters``, ``responses``, ``schemas``: an API as pandas tables (``_tables``; read from
  ``_table_sources``, cells by ``_table_cells``, counts by ``_table_counts``, drawn by ``_styled_table``);
- ``frame``: a JSON answer as a DataFrame, its columns typed by the response schema (``_frames``,
  ``_frame_types``); ``check_response``: how an answer differs from its description, as a DataFrame
  (``_checks``);
- ``mock_client``, ``create_app``, ``as_description``: the mock of a description behind httpx and behind HTTP
  (``_mock_server``; ``orgdocs mock`` serves it).

Also here: ``_html`` (an operation's detail as HTML, as its page shows it, for the notebook views) and
``_colors`` (the tables' method colours, the site's badge palette).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from orgdocs._lazy import lazy_face

__all__ = [
    "as_description",
    "check_response",
    "create_app",
    "endpoints",
    "frame",
    "mock_client",
    "parameters",
    "responses",
    "schemas",
]

if TYPE_CHECKING:  # pragma: no cover
    from orgdocs.render._checks import check_response
    from orgdocs.render._frames import frame
    from orgdocs.render._mock_server import as_description, create_app, mock_client
    from orgdocs.render._tables import endpoints, parameters, responses, schemas

__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "as_description": "orgdocs.render._mock_server",
        "check_response": "orgdocs.render._checks",
        "create_app": "orgdocs.render._mock_server",
        "endpoints": "orgdocs.render._tables",
        "frame": "orgdocs.render._frames",
        "mock_client": "orgdocs.render._mock_server",
        "parameters": "orgdocs.render._tables",
        "responses": "orgdocs.render._tables",
        "schemas": "orgdocs.render._tables",
    },
)
