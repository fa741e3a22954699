"""Every loadable description of the corpus gets an Explorer, and a view and a form for a sample of operations."""

from __future__ import annotations

import contextlib

SAMPLE = 8  # operations per description: spread from first to last


def sample_routes(routes: list[str]) -> list[str]:
    if len(routes) <= SAMPLE:
        return routes
    step = (len(routes) - 1) / (SAMPLE - 1)
    return [routes[round(i * step)] for i in range(SAMPLE)]


def test_explorer_view_and_form(loadable_entry, tokens):
    from orgdocs.model import load
    from orgdocs.render.widgets import Explorer
    from orgdocs.render.widgets._request_form import FormError

    description = load(loadable_entry.file)
    explorer = Explorer(description, tokens=tokens)
    routes = list(explorer.site.operations)
    assert len(explorer.routes) == len(routes)
    for route in sample_routes(routes):
        form = explorer.select(route)
        assert explorer.html and "Cannot show" not in explorer.html
        # an input prefilled from an example its kind refuses is reported (FormError), never anything else
        with contextlib.suppress(FormError):
            assert form.samples["curl"].startswith("curl")
    if routes:
        first = explorer.site.operations[routes[0]]
        explorer.search(first.operation.path)
        assert routes[0] in explorer.routes
