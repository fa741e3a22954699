"""``Explorer``: the navigation and search on the left, the selected operation's reference on the right, drawn
by the static site's own front-end (one front-end, two hosts).

The Explorer is its own ``Navigator`` (``value``, ``query``, ``routes``, ``search``); selecting an operation
renders its page's HTML in the kernel (kept for the last few routes), which the view asks for once the synced
``_shown`` says the kernel has it (the snapshot output keeps its compact ``_html``). Request forms are built when
an operation is first asked for (``select``, ``form``) and kept, so a form keeps what was set in it; every
form of a group reads the group's token from the kernel's token store.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import traitlets

from orgdocs.render.widgets._first_send import ready_first_send
from orgdocs.render.widgets._history import HISTORY
from orgdocs.render.widgets._navigator import Navigator, as_site
from orgdocs.render.widgets._operation_view import OperationView, safe_operation_html
from orgdocs.render.widgets._request_form import RequestForm, credential_scope
from orgdocs.render.widgets._site_widget import compact_responses
from orgdocs.render.widgets._tokens import TOKENS, TokenStore

if TYPE_CHECKING:
    import httpx
    import pandas as pd

    from orgdocs.model import Description
    from orgdocs.project import Site

__all__ = ["Explorer"]

HTML_CACHE = 32  # operation pages kept rendered: going back and forth costs nothing


class Explorer(Navigator):
    """Browse, read and try an API. ``Explorer(source_or_site, client=..., allow=..., values=...)``.

    ``source_or_site``: a ``Site``, a ``Description``, or a description's path or URL. ``client``,
    ``allow`` and ``values`` are given to every ``RequestForm`` (see there). ``.value`` is the selected
    route; ``.view`` and ``.form`` are the selected operation's view and form.
    """

    _shown = traitlets.Unicode("", help="route of the operation whose reference the kernel has ready").tag(
        sync=True
    )

    def __init__(
        self,
        source_or_site: Site | Description | str | Path,
        *,
        client: httpx.Client | None = None,
        allow: Sequence[str] | None = None,
        values: dict[str, Any] | None = None,
        tokens: TokenStore | None = None,
        route: str | None = None,
        **kwargs: Any,
    ):
        self.client = client
        self.allow = list(allow) if allow is not None else None
        self.values = dict(values or {})
        self._tokens = tokens if tokens is not None else TOKENS
        self._views: dict[str, OperationView] = {}
        self._forms: dict[str, RequestForm] = {}
        self._pages: OrderedDict[str, str] = OrderedDict()
        super().__init__(as_site(source_or_site), **kwargs)
        self.observe(self._on_value, "value")
        if route is not None:
            self.value = route

    @staticmethod
    def _default_kind() -> str:
        return "explorer"

    @property
    def navigator(self) -> Explorer:
        """The Explorer is its own navigator (``routes``, ``query``, ``search``)."""
        return self

    @property
    def view(self) -> OperationView | None:
        if not self.value:
            return None
        if self.value not in self._views:
            self._views[self.value] = OperationView(self.site, self.value)
        return self._views[self.value]

    @property
    def form(self) -> RequestForm | None:
        return self._form(self.value) if self.value else None

    def select(self, route: str) -> RequestForm:
        """Select the operation at ``route`` and return its form (what is set in it from Python shows in
        the view when it is selected again)."""
        self.value = route
        form = self._form(self.value)
        self._push_form(self.value)
        return form

    def set_token(self, token: str | None, group: str | None = None) -> None:
        """Keep ``token`` in kernel memory for ``group`` (default: every group of the site); ``None`` forgets."""
        entries = self.site.operations.values()
        for description in {e.description for e in entries if group is None or e.group == group}:
            self._tokens.set(credential_scope(description), token)
        if self.value:
            self._push_form(self.value)

    @property
    def history(self) -> pd.DataFrame:
        """Every request sent from this Explorer's forms: time, operation, method, URL, status, elapsed ms,
        bytes, error, and the ``httpx.Response`` in the ``response`` column."""
        return HISTORY.where({id(form) for form in self._forms.values()}).frame()

    def _form_for(self, route: str) -> RequestForm:
        return self._form(route)

    def _on_message(self, widget: Any, content: Any, buffers: Any) -> None:
        super()._on_message(widget, content, buffers)
        if isinstance(content, dict) and content.get("type") == "index":
            # the view has drawn its list: while the reader reads it, the kernel is idle (begun as the view
            # was made, the imports took half of the kernel's time and drew the view twice as slowly)
            ready_first_send()

    def _push_form(self, route: str) -> None:
        """Tell the view what the kernel's form of ``route`` holds (values, server, which credentials are
        kept: names only)."""
        from orgdocs.render.widgets._form_bridge import credential_keys, form_state

        if route in self._forms:
            form = self._forms[route]
            self.send(
                {
                    "type": "form-state",
                    "route": route,
                    "state": form_state(form),
                    "credentials": credential_keys(form),
                }
            )

    def _form(self, route: str) -> RequestForm:
        if route not in self._forms:
            self._forms[route] = RequestForm(
                self.site,
                route,
                client=self.client,
                allow=self.allow,
                values=self.values,
                tokens=self._tokens,
            )
            self._forms[route].watch(self._form_sent)  # its answers join the snapshot, whoever sends
        return self._forms[route]

    def _shown_route(self) -> str:
        return self.value or ""

    def page_html(self, route: str) -> str:
        return self._page(route)

    def _page(self, route: str) -> str:
        if route in self._pages:
            self._pages.move_to_end(route)
        else:
            self._pages[route] = safe_operation_html(self.site, route)
            while len(self._pages) > HTML_CACHE:
                self._pages.popitem(last=False)
        return self._pages[route]

    def _on_value(self, change: dict) -> None:
        route = change["new"]
        # the snapshot output keeps the compact reference; the view asks for the page once it hears `_shown`
        self._html = compact_responses(self._page(route)) if route else ""
        self._shown = route or ""
        self._answer_html = ""  # the selected operation's own last answer, if its form has one
        if route in self._forms:
            self._keep_answer(self._forms[route])
        self._update_displays()
