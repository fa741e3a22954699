"""``FormView``: a ``RequestForm`` drawn by the static site's own request form (``form.js``), in a notebook.

The view is the site's form and response view; the ``RequestForm`` behind it holds the state and sends: the
view's inputs reach it through its setters when Send is pressed, it builds and sends the request in the kernel
(``_form_bridge``), and what it answers is shown in the site's response view. ``RequestForm`` displays itself
through a ``FormView``.
"""

from __future__ import annotations

from typing import Any

import traitlets

from orgdocs.render.widgets._site_widget import SiteWidget, safe_operation_html, snapshot_html

__all__ = ["FormView"]


class FormView(SiteWidget):
    """The site's request form for ``form`` (a ``RequestForm``), sending through it."""

    _route = traitlets.Unicode("").tag(sync=True)

    def __init__(self, form: Any, **kwargs: Any):
        self.form = form
        super().__init__(form.site, _kind="form", _route=form.route, **kwargs)
        form.watch(self._form_sent)
        self._keep_answer(form)

    def __repr__(self) -> str:
        return f"<FormView of {self.form!r}>"

    def _form_for(self, route: str) -> Any:
        if route != self.form.route:
            raise LookupError(f"this form is for {self.form.route!r}, not {route!r}")
        return self.form

    def _shown_route(self) -> str:
        return self.form.route

    def snapshot(self) -> str:
        return snapshot_html(self.site, safe_operation_html(self.site, self.form.route), self._answer_html)
