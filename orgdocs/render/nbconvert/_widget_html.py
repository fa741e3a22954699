"""``WidgetSnapshots``: an orgdocs widget output becomes, in an exported page, the reference it showed.

A live widget needs a kernel; a page has none. For the notebook views (``orgdocs.widgets``), the page shows
instead the HTML of the operation selected in the view, as the site renders it, and the last answer its form
got (status, time, size, headers, body; credentials hidden): from the snapshot output the view displayed after
itself (``SiteWidget.snapshot``), which follows the selection and every Send, where a saved notebook keeps
them; a notebook saved by an older orgdocs kept the reference in widget state (``_html``) too, which wins
there. The HTML is sanitized again here (it is file content: a notebook can hold anything), keeping its
classes so that the site's stylesheet draws it as the page does. Other widget outputs are left to
``WidgetNotes``. Runs after ``SanitizeOutputs``, before ``WidgetNotes``.
"""

from __future__ import annotations

from typing import Any

from nbconvert.preprocessors import Preprocessor
from traitlets import Bool

__all__ = ["WIDGET_STATE", "WIDGET_VIEW", "WidgetSnapshots", "widget_snapshot"]

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
SNAPSHOT_CLASS = "orgdocs-widget-snapshot"  # orgdocs.render.widgets._site_widget.SNAPSHOT_CLASS
ANSWER_CLASS = "orgdocs-answer"  # orgdocs.render.widgets._answer_snapshot.ANSWER_CLASS
WIDGET_MODULE = "orgdocs.render.widgets."  # the start of an orgdocs view's _anywidget_id


def _states(nb: Any) -> dict:
    widgets = nb.metadata.get("widgets") or {}
    state = (widgets.get(WIDGET_STATE) or {}).get("state") or {}
    return state if isinstance(state, dict) else {}


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value or "")


def widget_snapshot(data: dict, states: dict, metadata: dict | None = None, beside: str = "") -> str | None:
    """The snapshot HTML of one widget output (``data``: its MIME bundle, ``metadata``: its metadata;
    ``beside``: the text/html of the snapshot output the view displayed after itself), or ``None`` if it is
    not an orgdocs view."""
    from orgdocs.render.site import cleaner

    view = data.get(WIDGET_VIEW)
    model_id = view.get("model_id") if isinstance(view, dict) else None
    model = (states.get(model_id) or {}).get("state") or {} if model_id else {}
    ours = str(model.get("_anywidget_id", "")).startswith(WIDGET_MODULE)
    marked = isinstance(metadata, dict) and isinstance(metadata.get("orgdocs"), dict)
    shown = beside or _text(data.get("text/html"))
    if ours and model.get("_html"):  # the reference it showed, and the last answer its form got
        answer = _text(model.get("_answer_html")) or _answer_in(beside)
        html = f'<div class="{SNAPSHOT_CLASS}">{_text(model["_html"])}{answer}</div>'
    elif shown and (ours or marked or SNAPSHOT_CLASS in shown):
        html = shown if SNAPSHOT_CLASS in shown else f'<div class="{SNAPSHOT_CLASS}">{shown}</div>'
    else:
        return None
    return cleaner(outputs=True).clean(html)


def _answer_in(snapshot: str) -> str:
    """The last answer in the HTML of a view's snapshot output (``SiteWidget.snapshot``: the reference, then
    the answer, ``<div class="orgdocs-answer ...">``, last in the snapshot's box), or ''. A saved notebook keeps
    the answer there only, not in widget state."""
    start = snapshot.find(f'<div class="{ANSWER_CLASS}')
    end = snapshot.rfind("</div>")
    return snapshot[start:end] if 0 <= start < end else ""


def _is_snapshot_output(output: Any) -> bool:
    marked = (output.get("metadata") or {}).get("orgdocs")
    return isinstance(marked, dict) and "snapshot" in marked


class WidgetSnapshots(Preprocessor):
    """Replace each orgdocs widget output by the static HTML of what it showed (see the module docstring)."""

    enabled = Bool(True, help="Show orgdocs widget outputs as the reference they showed.").tag(config=True)

    def preprocess(self, nb: Any, resources: dict) -> tuple[Any, dict]:
        states = _states(nb)
        for cell in nb.cells:
            # the snapshot a view displays after itself (SiteWidget._snapshot_bundle) is folded into the
            # view's output: the page shows the reference once, from the saved state when there is one
            outputs = list(cell.get("outputs", []))
            beside = {
                id(outputs[i - 1]): _text((output.get("data") or {}).get("text/html"))
                for i, output in enumerate(outputs)
                if i and _is_snapshot_output(output)
            }
            cell["outputs"] = [o for o in outputs if not _is_snapshot_output(o)]
            for output in cell.get("outputs", []):
                data = output.get("data")
                if not data or WIDGET_VIEW not in data:
                    continue
                html = widget_snapshot(data, states, output.get("metadata"), beside.get(id(output), ""))
                if html is not None:
                    output["data"] = {"text/html": html, "text/plain": _text(data.get("text/plain"))}
        return nb, resources
