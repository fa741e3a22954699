"""The kernel side of the site's request form in a notebook view: what the form's inputs hold reaches the
``RequestForm`` through its public setters, the request is built and sent by ``RequestForm.send`` (the same
code as ``.request``, the same declared-servers guard, the form's httpx client), and the answer goes back as
the site's form shows answers (``form.js``: ``send(request)`` resolves to ``{status, statusText, headers,
text, notes}``).

Credentials never travel with the inputs: the form's store (``form.js``: ``store.set``) sends each one by
its own message (``set_credential``), into kernel memory, and the view only learns which credentials are set
(``credential_keys``), never their values.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

__all__ = [
    "KEPT",
    "apply_state",
    "credential_keys",
    "form_state",
    "next_page",
    "pages_table",
    "send_answer",
    "set_credential",
    "table_html",
]

KEPT = "kept-in-kernel-memory"  # what a credential input holds for a kept credential (never its value); a
# valid header value, so the form's own checks let Send through
MAX_TEXT = 2_000_000  # characters of a response body sent back to the view


def apply_state(form: Any, state: dict) -> None:
    """Put what the view's inputs hold into ``form``: server and variables, security alternative, extra
    headers, parameter values (as typed: the form parses them as it parses its own inputs), media type and
    body. Unknown or stale entries are skipped; an invalid one raises the form's ``FormError``."""
    server = state.get("server")
    if isinstance(server, int) and getattr(form, "_servers", None) and hasattr(form, "choose_server"):
        form.choose_server(server, **{str(k): str(v) for k, v in (state.get("variables") or {}).items()})
    auth = state.get("auth")
    if isinstance(auth, int) and hasattr(form, "choose_security"):
        form.choose_security(auth)
    headers = state.get("headers")
    if isinstance(headers, list) and hasattr(form, "set_headers"):
        form.set_headers([(str(n), str(v)) for n, v in headers if str(n).strip()])
    values = state.get("values")
    if isinstance(values, dict):
        typed = {}
        for spec in getattr(form, "_specs", []):
            if spec.key in values:
                raw = values[spec.key]
                typed[spec.key] = None if raw in ("", None) else raw
        form.set_values(typed)
    media = state.get("mediaType")
    media_choice = getattr(form, "_media_choice", None)
    if media and media_choice is not None and media in getattr(form, "_media_types", []):
        media_choice.value = media
    body = state.get("body")
    body_input = getattr(form, "_body", None)
    if isinstance(body, str) and body_input is not None:
        body_input.value = body


def form_state(form: Any) -> dict:
    """What ``form`` holds, as the view's inputs show it (the inverse of ``apply_state``)."""
    from orgdocs.site.requests import text_of

    values = {}
    for spec in getattr(form, "_specs", []):
        widget = form._inputs.get(spec.key)
        if widget is None:
            continue
        value = widget.value
        values[spec.key] = value if isinstance(value, (bool, str)) or value is None else text_of(value)
    state: dict[str, Any] = {"values": values}
    choice = getattr(form, "_server_choice", None)
    if (
        getattr(form, "_servers", None)
        and choice is not None
        and isinstance(choice.value, int)
        and choice.value >= 0
    ):
        state["server"] = choice.value
        state["variables"] = {name: str(w.value) for name, w in getattr(form, "_variable_inputs", {}).items()}
    media = getattr(form, "_media_choice", None)
    if getattr(form, "_media_types", None) and media is not None:
        state["mediaType"] = media.value
    body = getattr(form, "_body", None)
    if body is not None:
        state["body"] = body.value
    return state


def send_answer(form: Any) -> dict:
    """Send ``form``'s request; the answer as the site's response view takes it, or ``{"error": ...}``."""
    from orgdocs.render.widgets.request_form import describe_error

    started = time.perf_counter()
    try:
        response = form.send()
    except Exception as error:  # the view shows it; the form's result area has it too
        title, detail = describe_error(error)
        message = f"{title}: {detail}" if detail else title
        url = _request_url(error)
        if url and url not in message:
            message += f" ({url})"  # a connection error names where it went
        return {"error": message}
    milliseconds = (time.perf_counter() - started) * 1000
    text = response.text if response.content else ""
    notes = []
    if len(text) > MAX_TEXT:
        text = text[:MAX_TEXT]
        notes.append(f"The body is cut at {MAX_TEXT:,} characters here; form.response holds all of it.")
    answer = {
        "status": response.status_code,
        "statusText": response.reason_phrase,
        "headers": [[name, value] for name, value in response.headers.multi_items()],
        "text": text,
        "notes": notes,
        "ms": round(milliseconds, 1),
        "url": str(response.request.url),
    }
    table = table_html(response)
    if table:
        answer["table"] = table
        if next_page(form, response):
            answer["paged"] = True
    return answer


MAX_PAGES = 10  # pages the view's "Follow the pages" fetches at most


def next_page(form: Any, response: Any) -> bool:
    """Whether ``response`` has a page after it, in the way the operation's description declares."""
    from orgdocs.render.frames import next_request, pagination

    cursor = pagination(form.operation, form.description)
    return cursor is not None and next_request(response, cursor) is not None


def pages_table(form: Any) -> dict:
    """The records of the form's last answer and the pages after it (up to ``MAX_PAGES``), as a table."""
    from orgdocs.render.frames import frame, pagination

    if form.response is None:
        return {"error": "nothing was sent yet"}
    df = frame(
        form.response,
        pages=MAX_PAGES,
        client=form.client,
        cursor=pagination(form.operation, form.description),
    )
    caption = f"{len(df):,} rows from up to {MAX_PAGES} pages · orgdocs.frame(form.response, pages={MAX_PAGES}, client=form.client)"
    html = f'<p class="hint">{caption}</p>' + df.to_html(
        max_rows=200, escape=True, border=0, classes="ow-frame", na_rep=""
    )
    return {"table": html}


def _request_url(error: BaseException) -> str:
    try:
        return str(error.request.url)  # type: ignore[attr-defined]  # httpx.RequestError
    except (AttributeError, RuntimeError):
        return ""


def table_html(response: Any, max_rows: int = 50) -> str | None:
    """The records of a JSON answer as an HTML table (``orgdocs.frame``), or ``None`` when there are none."""
    from orgdocs.render.frames import frame, records

    with contextlib.suppress(Exception):  # not JSON, or no list of records in it: no table view
        body = response.json()
        if records(body) == [body]:  # one object (an error, a single resource): the body says it all
            return None
        df = frame(body)
        if len(df.columns) and len(df):
            caption = f"{len(df):,} rows × {len(df.columns)} columns · orgdocs.frame(form.response)"  # noqa: RUF001
            return f'<p class="hint">{caption}</p>' + df.to_html(
                max_rows=max_rows, escape=True, border=0, classes="ow-frame", na_rep=""
            )
    return None


def set_credential(form: Any, scheme: str, field: str, value: str | None) -> None:
    """Keep what was typed into one credential input, in kernel memory (``KEPT`` itself is no new value)."""
    if value == KEPT:
        return
    value = value or None
    if not hasattr(form, "set_credential"):
        form.set_token(value)
        return
    if field in ("username", "password"):
        current = {f: None for f in ("username", "password")}
        current[field] = value
        tokens = getattr(form, "_tokens", None)
        key_of = getattr(form, "_credential_key", None)
        if tokens is not None and key_of is not None:
            tokens.set(key_of(scheme, field), value)
            return
        form.set_credential(scheme, **current)
        return
    form.set_credential(scheme, value)


def credential_keys(form: Any) -> list[str]:
    """``scheme:field`` of every credential the form holds in kernel memory (names only)."""
    tokens = getattr(form, "_tokens", None)
    key_of = getattr(form, "_credential_key", None)
    inputs = getattr(form, "_credential_inputs", None)
    if tokens is None:
        return []
    if inputs and key_of is not None:
        kept = []
        for scheme, field in inputs:
            if key_of(scheme, field) in tokens or (_takes_token(form, scheme) and form._token_key in tokens):
                kept.append(f"{scheme}:{field}")
        return kept
    return ["bearer:value"] if getattr(form, "has_token", False) else []


def _takes_token(form: Any, scheme: str) -> bool:
    is_token = getattr(form, "_is_token", None)
    return bool(is_token and is_token(scheme))
