"""``Explorer``: the Navigator on the left, the selected operation's reference and request form on the right.

A view and a form are built when their operation is first selected and kept, so a form keeps what was typed
into it; every form of a group reads the group's token from the kernel's token store.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
import traitlets

from orgdocs.render.widgets.navigator import Navigator, as_site
from orgdocs.render.widgets.operation_view import OperationView
from orgdocs.render.widgets.request_form import RequestForm, error_html, token_key
from orgdocs.render.widgets.style import stylesheet
from orgdocs.render.widgets.tokens import TOKENS, TokenStore

if TYPE_CHECKING:
    import httpx

    from orgdocs.model import Description
    from orgdocs.site import Site

__all__ = ["Explorer"]


class Explorer(widgets.VBox):
    """Browse, read and try an API. ``Explorer(source_or_site, client=..., allow=..., values=...)``.

    ``source_or_site``: a ``Site``, a ``Description``, or a description's path or URL. ``client``,
    ``allow`` and ``values`` are given to every ``RequestForm`` (see there). ``.value`` is the selected
    route; ``.view`` and ``.form`` are the selected operation's widgets.
    """

    value = traitlets.Unicode(None, allow_none=True, help="route of the selected operation")

    def __init__(
        self,
        source_or_site: Site | Description | str | Path,
        *,
        client: httpx.Client | None = None,
        allow: Sequence[str] | None = None,
        values: dict[str, Any] | None = None,
        tokens: TokenStore | None = None,
        route: str | None = None,
        rows: int = 30,
        **kwargs: Any,
    ):
        super().__init__(**kwargs)
        self.site = as_site(source_or_site)
        self.client = client
        self.allow = list(allow) if allow is not None else None
        self.values = dict(values or {})
        self._tokens = tokens if tokens is not None else TOKENS
        self._views: dict[str, OperationView] = {}
        self._forms: dict[str, RequestForm] = {}

        self.navigator = Navigator(self.site, rows=rows, layout=widgets.Layout(width="36%", min_width="20em"))
        self._placeholder = widgets.HTML('<p class="orgdocs-muted">Select an operation on the left.</p>')
        self._detail = widgets.VBox(
            [self._placeholder],
            layout=widgets.Layout(width="64%", max_height="85vh", padding="0 0 0 12px", overflow="auto"),
        )
        self._detail.add_class("orgdocs-explorer-detail")
        title = widgets.HTML(f"<h3>{html.escape(self.site.title)}</h3>")
        self.add_class("orgdocs-explorer")
        self.children = [stylesheet(), title, widgets.HBox([self.navigator, self._detail])]

        traitlets.link((self.navigator, "value"), (self, "value"))
        self.observe(self._on_value, "value")
        if route is not None:
            self.value = "/" + route.strip("/")

    def __repr__(self) -> str:
        return f"<Explorer {self.site.title!r}: {len(self.site.operations)} operations, value={self.value!r}>"

    @property
    def view(self) -> OperationView | None:
        return self._views.get(self.value) if self.value else None

    @property
    def form(self) -> RequestForm | None:
        return self._forms.get(self.value) if self.value else None

    def search(self, query: str) -> None:
        """Type ``query`` into the navigator's search box."""
        self.navigator.search(query)

    def select(self, route: str) -> RequestForm:
        """Select the operation at ``route`` and return its form."""
        self.value = "/" + route.strip("/")
        return self._forms[self.value]

    def set_token(self, token: str | None, group: str | None = None) -> None:
        """Keep ``token`` in kernel memory for ``group`` (default: every group of the site); ``None`` forgets."""
        groups = [group] if group is not None else sorted({e.group for e in self.site.operations.values()})
        for name in groups:
            self._tokens.set(token_key(self.site, name), token)

    def _on_value(self, change: dict) -> None:
        route = change["new"]
        if route is None:
            self._detail.children = [self._placeholder]
            return
        if route not in self._views:
            try:
                # the form below shows the code samples, live: the view leaves its static ones out
                view = OperationView(self.site, route, samples=False)
                form = RequestForm(
                    self.site,
                    route,
                    client=self.client,
                    allow=self.allow,
                    values=self.values,
                    tokens=self._tokens,
                )
            except Exception as error:  # shown in the pane: one odd operation must not break the explorer
                title = f"Cannot show {route}"
                self._detail.children = [widgets.HTML(error_html(title, f"{type(error).__name__}: {error}"))]
                return
            self._views[route], self._forms[route] = view, form
        self._detail.children = [self._views[route], self._forms[route]]
