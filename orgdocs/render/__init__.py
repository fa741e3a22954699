"""The renderers: the static site (``site``), notebook views (``widgets``), nbconvert exports
(``nbconvert``), and, here, pandas tables, response frames and checks, and the mock server."""

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
