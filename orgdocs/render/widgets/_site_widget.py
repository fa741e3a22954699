"""``SiteWidget``: what every notebook view shares: the site's front-end (``_frontend.ESM``), the kernel side of
its messages, and a static snapshot of what it shows for exports.

Messages, each answered to its ``id``:

- ``{"type": "ping"}``: nothing, answered: the view knows its kernel still holds this view (after a kernel
  restart no answer comes, and the view says so);
- ``{"type": "module"}``: the front-end module (``_frontend.ESM``); a view's ``_esm`` is a small loader that
  asks for it once per page (so the module is not saved in widget state once per view);
- ``{"type": "index"}``: the site's endpoint index (navigation and search entries), sent by message rather
  than a synced trait so that it is never written into saved widget state;
- ``{"type": "tree", "route": ..., "ref": ...}``: the tree of a component schema that a folded row of the
  operation's trees names, which the site's ``schema.js`` puts in place when it is opened (``orgdocs.render._html``'s
  ``component_tree_html``);
- ``{"type": "form" | "send" | "credential", "route": ...}``: the site's request form of an operation, a
  Send (the inputs' state; the kernel builds and sends the request) and a credential typed into the form
  (kept in kernel memory): see ``_form_bridge``.

Exports: a view displays, after itself, a snapshot output (``text/html``): the reference of the selected
operation as the site renders it (``snapshot_html``: ``_html``, compact) and the last answer of the form shown
(``_answer_html``). A selection, made in the view or from Python, and a Send update it. A saved notebook keeps
both there, once: neither is synced, so neither is in widget state a second time. ``jupyter nbconvert --to
html``, ``--to orgdocs``, static viewers and a view reopened without its kernel (the loader) read them there.

Re-running a cell closes the views it displayed before (``CELL_VIEWS``, by the ``cellId`` that JupyterLab and
Notebook 7 put in an execute request's metadata): their models would otherwise stay in the page's widget
manager, and in the saved widget state, once per run.
"""

from __future__ import annotations

import html
import weakref
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

from orgdocs.render.widgets._compact import compact_responses
from orgdocs.render.widgets._frontend import ESM, LOADER, SNAPSHOT_STYLE, TWIN_STYLE

if TYPE_CHECKING:
    from orgdocs.project import Site

__all__ = [
    "SNAPSHOT_CLASS",
    "SiteWidget",
    "compact_responses",
    "error_block",
    "form_html",
    "safe_operation_html",
    "snapshot_html",
    "widget_index",
]

SNAPSHOT_CLASS = "orgdocs-widget-snapshot"
NOTE = "An orgdocs view: run its cell in Jupyter to explore and send. What it showed follows."
SNAPSHOT_ROWS = 40  # operations listed in the snapshot of a navigator with nothing selected
INDEX_KEYS = ("route", "section", "title", "method", "path", "operationId", "tags", "params", "deprecated")


# cellId -> (the execute request's msg_id, the views that run displayed); a view in several cells is closed
# only when none of them shows it any more
CELL_VIEWS: dict[str, tuple[str, list[weakref.ref]]] = {}


def _execution() -> tuple[str, str] | None:
    """(cellId, msg_id) of the execute request being run, when the front-end sent a cell id (JupyterLab,
    Notebook 7; nbclient and a plain console do not)."""
    try:
        from IPython import get_ipython

        shell = get_ipython()
        kernel = getattr(shell, "kernel", None)
        parent = kernel.get_parent() if kernel is not None else None
    except Exception:
        return None
    if not isinstance(parent, dict):
        return None
    cell = (parent.get("metadata") or {}).get("cellId")
    msg_id = (parent.get("header") or {}).get("msg_id")
    if not isinstance(cell, str) or not cell or not isinstance(msg_id, str):
        return None
    return cell, msg_id


def _shown_elsewhere(view: Any, cell: str) -> bool:
    return any(
        other != cell and any(ref() is view for ref in refs) for other, (_, refs) in CELL_VIEWS.items()
    )


def remember_display(view: Any) -> None:
    """Note that the cell being run displays ``view``; views that an earlier run of the same cell displayed are
    closed (unless this run or another cell shows them)."""
    running = _execution()
    if running is None:
        return
    cell, msg_id = running
    last_run, refs = CELL_VIEWS.get(cell, ("", []))
    if last_run != msg_id:
        for ref in refs:
            old = ref()
            if old is not None and old is not view and not _shown_elsewhere(old, cell):
                old.close()
        refs = []
    if not any(ref() is view for ref in refs):
        refs.append(weakref.ref(view))
    CELL_VIEWS[cell] = (msg_id, refs)


def widget_index(site: Site) -> dict:
    """What the front-end needs of ``Site.index``: the navigation and, per operation, what search reads
    (with the search file's texts, so that the view ranks as ``Site.search`` does)."""
    index = site.index
    found = {
        "title": index.get("title", ""),
        "navigation": index["navigation"],
        "endpoints": [{key: entry.get(key) for key in INDEX_KEYS} for entry in index["endpoints"]],
    }
    search = getattr(site, "search_file", None)  # what the site's search file holds, where the site has one
    if isinstance(search, dict):
        found["search"] = search
    return found


def form_html(site: Site, route: str) -> str:
    """The operation page's request form (``operation_form.html.j2``), as the site renders it."""
    from orgdocs.render.site import environment, operation_context

    context = operation_context(site, route)
    return environment().get_template("operation_form.html.j2").render(op=context)


def error_block(title: str, detail: str = "") -> str:
    text = f"<strong>{html.escape(title)}</strong>" + (f": {html.escape(detail)}" if detail else "")
    return f'<p class="notice notice-error">{text}</p>'


def safe_operation_html(site: Site, route: str, *, samples: bool = True) -> str:
    """The operation's HTML, or a notice naming what went wrong: one odd operation never breaks a view."""
    from orgdocs.render._html import operation_html

    try:
        return operation_html(site, route, samples=samples)
    except Exception as error:
        return error_block(f"Cannot show {route}", f"{type(error).__name__}: {error}")


def snapshot_html(site: Site, operation_html: str = "", answer: str = "") -> str:
    """Static HTML of a view: the operation's reference (``compact_responses``: its error answers by their
    status line) and the last answer its form got (``_answer_snapshot.answer_html``), or the site's title and
    first operations."""
    if operation_html:
        return f'<div class="{SNAPSHOT_CLASS}">{compact_responses(operation_html)}{answer}</div>'
    entries = site.index["endpoints"]
    # text reads from the left: the hosts' table styles (JupyterLab's, an export's) right-align for numbers,
    # and a reopened untrusted notebook drops the snapshot's <style>, not a style attribute
    left = ' style="text-align:left"'
    rows = "".join(
        f"<tr><td{left}><code>{html.escape(e['method'])}</code></td><td{left}>{html.escape(e['title'])}</td>"
        f"<td{left}><code>{html.escape(e['path'])}</code></td></tr>"
        for e in entries[:SNAPSHOT_ROWS]
    )
    more = (
        f"<p>… and {len(entries) - SNAPSHOT_ROWS:,} more operations.</p>"
        if len(entries) > SNAPSHOT_ROWS
        else ""
    )
    return (
        f'<div class="{SNAPSHOT_CLASS}"><h3>{html.escape(site.title)}</h3>'
        f"<p>{len(entries):,} operations. In a live notebook, search and select one to read its reference.</p>"
        f"<table><thead><tr><th{left}>Method</th><th{left}>Operation</th><th{left}>Path</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>{more}</div>"
    )


class SiteWidget(anywidget.AnyWidget):
    """A view of a ``Site`` drawn by the site's own front-end. Subclasses set ``_kind`` and ``_html``."""

    _esm = LOADER  # asks for ESM by message: see _frontend.py
    _kind = traitlets.Unicode("explorer").tag(sync=True)
    _title = traitlets.Unicode("").tag(sync=True)
    # both kept once in a saved notebook: in the snapshot output beside the view, which the loader (a reopened
    # view) and the exporter read them from; not synced, so not in widget state a second time
    _html = traitlets.Unicode("", help="HTML of the operation shown (the compact reference a notebook keeps)")
    _answer_html = traitlets.Unicode(
        "", help="HTML of the last answer the form shown got (credentials hidden)"
    )

    def __init__(self, site: Site, **kwargs: Any):
        self.site = site
        self._display_ids: list[str] = []
        super().__init__(**kwargs)
        self.on_msg(self._on_message)

    # -- messages ----------------------------------------------------------------------------------------

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or "id" not in content:
            return
        kind = content.get("type")
        try:
            answer = self._answer(kind, content)
        except Exception as error:  # answered, not raised: the front-end shows it
            answer = {"error": f"{type(error).__name__}: {error}"}
        self.send({"id": content["id"], "type": kind, **answer})

    def _answer(self, kind: Any, content: dict) -> dict:
        if kind == "module":
            return {"source": ESM}
        if kind == "ping":  # the view checks that its kernel still answers (a selection it made)
            return {}
        if kind == "index":
            return {"index": widget_index(self.site)}
        if kind == "overview":  # what an Explorer shows before an operation is chosen
            from orgdocs.render._html import overview_html

            return {"html": overview_html(self.site)}
        if kind == "page":
            route = content.get("route")
            if route not in self.site.operations:
                return {"error": f"no operation at route {route!r}"}
            return {"html": self.page_html(route)}
        if kind == "tree":
            route, ref = content.get("route"), content.get("ref")
            if route not in self.site.operations or not isinstance(ref, str):
                return {"error": f"no operation at route {route!r}"}
            from orgdocs.render._html import component_tree_html

            return {"html": component_tree_html(self.site, route, ref)}
        if kind in ("form", "send", "credential", "pages", "code"):
            return self._form_message(kind, content)
        return {"error": f"unknown message {kind!r}"}

    def page_html(self, route: str) -> str:
        """The whole reference of ``route`` as the view shows it (asked for by message: ``_html`` holds the
        compact one that a notebook keeps in the snapshot output)."""
        return safe_operation_html(self.site, route)

    def _form_for(self, route: str) -> Any:
        """The ``RequestForm`` of ``route`` that this view sends with (a view without forms has none)."""
        raise LookupError(f"this view has no request form for {route!r}")

    def _form_message(self, kind: str, content: dict) -> dict:
        from orgdocs.render.widgets._form_bridge import (
            apply_state,
            credential_names,
            form_state,
            last_answer,
            pages_table,
            send_answer,
            set_credential,
            undeclared_authorization,
        )

        route = content.get("route")
        if route not in self.site.operations:
            return {"error": f"no operation at route {route!r}"}
        form = self._form_for(route)
        if kind == "form":
            form.watch(self._form_sent)  # a Send from a cell shows in this view too
            answered = last_answer(form)
            return {
                **({"answer": answered} if answered is not None else {}),
                "html": form_html(self.site, route),
                "payload": self.site.payload(route),
                "group": self.site.operations[route].group,
                "state": form_state(form),
                "undeclared": undeclared_authorization(form),
                # what the kernel resolves a relative server against: the preview shows the URL it sends to
                "pageUrl": form.client_base or "",
                **credential_names(form),
            }
        if kind == "pages":
            return pages_table(form)
        if kind == "credential":
            env = content.get("env")
            set_credential(
                form,
                str(content.get("scheme", "")),
                str(content.get("field", "")),
                content.get("value"),
                env=str(env) if env else None,
            )
            return credential_names(form)
        state = content.get("state")
        try:
            apply_state(form, state if isinstance(state, dict) else {})
            if kind == "code":  # the request as a notebook cell, credentials read from the environment
                style = "orgdocs" if content.get("style") == "orgdocs" else "httpx"
                # a view with no notebook around it (Voila): its reader has none of the kernel's variables
                return {"code": form.code(style, standalone=content.get("standalone") is True)}
        except Exception as error:  # an input the form refuses: shown in the view like a send error
            return {"error": str(error), **credential_names(form)}
        self._view_sending = route  # answered to the view's request: not pushed (_form_sent)
        try:
            return {**send_answer(form), **credential_names(form)}
        finally:
            self._view_sending = None
            self._keep_answer(form)

    def _form_sent(self, form: Any) -> None:
        """A form this view shows was sent from a cell: the view shows the answer, as after its own Send."""
        from orgdocs.render.widgets._form_bridge import last_answer

        if getattr(self, "_view_sending", None) == form.route:
            return
        self._keep_answer(form)
        answered = last_answer(form)
        if answered is not None:
            self.send({"type": "form-answer", "route": form.route, "answer": answered})

    def _keep_answer(self, form: Any) -> None:
        """The snapshot (saved state, the output beside the view) keeps ``form``'s last answer when the view
        shows that form."""
        if form.route != self._shown_route():
            return
        from orgdocs.render.widgets._answer_snapshot import answer_html

        answer = answer_html(form)
        if answer != self._answer_html:
            self._answer_html = answer
            self._update_displays()

    def close(self) -> None:
        """Close the view and its ``layout`` (ipywidgets leaves a closed widget's Layout model open, in the page
        and in saved widget state)."""
        layout = getattr(self, "layout", None)
        super().close()
        if layout is not None:
            layout.close()

    # -- display and exports -----------------------------------------------------------------------------

    def snapshot(self) -> str:
        """Static HTML of what the view shows (for exports)."""
        return snapshot_html(self.site, self._html, self._answer_html)

    @property
    def html(self) -> str:
        """The HTML of the operation shown, whole ('' when none is)."""
        route = self._shown_route()
        return self.page_html(route) if route else ""

    def _shown_route(self) -> str:
        return ""

    def _bundle(self) -> tuple[dict, dict]:
        data, metadata = super()._repr_mimebundle_()
        # where no widget can be drawn (no widget state saved), a line; the snapshot is the next output's
        data["text/html"] = f'<p class="orgdocs-view-note">{html.escape(NOTE)}</p>'
        # marks the output as an orgdocs view for the exporter (orgdocs.render.nbconvert._widget_html)
        metadata = {**metadata, "orgdocs": {"view": self._kind}}
        return data, metadata

    def _snapshot_bundle(self) -> tuple[dict, dict]:
        """The output beside the view: the snapshot of what it shows, in the site's look (a page exported
        with --to html has no site.css), hidden where the live view is drawn just before it."""
        shown = f"<style>{TWIN_STYLE}{SNAPSHOT_STYLE}</style>{self.snapshot()}"
        text = f"<orgdocs {self._kind}: {self._title or self.site.title}>"
        return {"text/html": shown, "text/plain": text}, {"orgdocs": {"snapshot": self._kind}}

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict]:
        return self._bundle()

    def _ipython_display_(self) -> None:
        # the view, and its snapshot as an output of its own: exports and static viewers show the snapshot
        # (nbconvert's --to html offline, GitHub), a live notebook hides it under the view; its own display id
        # lets a selection (made in the view or from Python) update it without drawing the view again
        from IPython.display import display

        data, metadata = self._bundle()
        display(data, raw=True, metadata=metadata)
        display_id = f"orgdocs-{self.model_id}-snapshot"
        data, metadata = self._snapshot_bundle()
        display(data, raw=True, metadata=metadata, display_id=display_id)
        remember_display(self)
        if display_id not in self._display_ids:
            self._display_ids.append(display_id)

    def _update_displays(self) -> None:
        """Refresh the displayed snapshot after a change (in the view or from Python): only the snapshot's
        output, so the view is not drawn again under the reader's hands."""
        if not self._display_ids:
            return
        from IPython.display import update_display

        data, metadata = self._snapshot_bundle()
        for display_id in self._display_ids:
            update_display(data, raw=True, metadata=metadata, display_id=display_id)
