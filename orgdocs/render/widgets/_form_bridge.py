"""The kernel side of the site's request form in a notebook view: what the form's inputs hold reaches the
``RequestForm`` through its public setters, the request is built and sent by ``RequestForm.send`` (the same
code as ``.request``, the same declared-servers guard, the form's httpx client), and the answer goes back as
the site's form shows answers (``form.js``: ``send(request)`` resolves to ``{status, statusText, headers,
text, notes}``).

Credentials never travel with the inputs: the form's store (``form.js``: ``store.set``) sends each one by
its own message (``set_credential``), into kernel memory, and the view only learns which credentials are set
(``credential_keys``), never their values. A view may name an environment variable to read one from, except
in a Voila app (``served_as_app``): there the reader did not start the kernel, and its environment is the app
server's, whose secrets a reader could otherwise have sent to a host of their own choosing.
"""

from __future__ import annotations

import contextlib
import weakref
from typing import TYPE_CHECKING, Any

from orgdocs.render.widgets._form_errors import describe_error
from orgdocs.render.widgets._form_servers import served_as_app

if TYPE_CHECKING:
    from orgdocs.render.widgets._request_form import RequestForm

__all__ = [
    "KEPT",
    "apply_state",
    "credential_keys",
    "form_state",
    "last_answer",
    "mock_notes",
    "next_page",
    "pages_table",
    "send_answer",
    "set_credential",
    "table_html",
]

KEPT = "kept-in-kernel-memory"  # what a credential input holds for a kept credential (never its value); a
# valid header value, so the form's own checks let Send through
MAX_TEXT = 2_000_000  # characters of a response body sent back to the view


def apply_state(form: RequestForm, state: dict) -> None:
    """Put what the view's inputs hold into ``form``: server and variables, security alternative, extra
    headers, parameter values (as typed: the form parses them as it parses its own inputs), media type and
    body. Unknown or stale entries are skipped; an invalid one raises the form's ``FormError``."""
    server = state.get("server")
    if isinstance(server, int) and form._servers:
        form.choose_server(server, **{str(k): str(v) for k, v in (state.get("variables") or {}).items()})
    auth = state.get("auth")
    if isinstance(auth, int):
        form.choose_security(auth)
    headers = state.get("headers")
    if isinstance(headers, list):
        form.set_headers([(str(n), str(v)) for n, v in headers if str(n).strip()])
    values = state.get("values")
    if isinstance(values, dict):
        form.set_values(
            {
                key: None if raw in ("", None) else raw
                for key, raw in values.items()
                if key in form.state.values
            }
        )
    media = state.get("mediaType")
    if media and media in form._media_types and media != form.state.media_type:
        form.choose_media_type(media)
    body = state.get("body")
    if isinstance(body, str) and form._media_types:
        form.set_body(body)


def form_state(form: RequestForm) -> dict:
    """What ``form`` holds, as the view's inputs show it (the inverse of ``apply_state``)."""
    from orgdocs.project import text_of

    held = form.state
    values = {
        key: value if isinstance(value, (bool, str)) or value is None else text_of(value)
        for key, value in held.values.items()
    }
    state: dict[str, Any] = {"values": values}
    if form._servers and held.server >= 0:
        state["server"] = held.server
        state["variables"] = dict(held.variables)
    if form._media_types:
        state["mediaType"] = held.media_type
        state["body"] = held.body
    return state


def send_answer(form: RequestForm) -> dict:
    """Send ``form``'s request; the answer as the site's response view takes it, or ``{"error": ...}``."""
    with contextlib.suppress(Exception):  # the view shows it; form.error has it too
        form.send()
    return last_answer(form) or {"error": "nothing was sent"}


def last_answer(form: RequestForm) -> dict | None:
    """What ``form``'s last Send (from the view or a cell) answered, as the site's response view takes it:
    the response, ``{"error": ...}``, or ``None`` before any Send."""
    if form.error is not None:
        return error_answer(form.error)
    if form.response is None:
        return None
    return response_answer(form, form.response, form.elapsed_ms or 0.0)


def error_answer(error: BaseException) -> dict:
    title, detail = describe_error(error)
    message = f"{title}: {detail}" if detail else title
    url = _request_url(error)
    if url and url not in message:
        message += f" ({url})"  # a connection error names where it went
    return {"error": message}


def response_answer(form: RequestForm, response: Any, milliseconds: float) -> dict:
    text = response.text if response.content else ""
    notes = []
    if len(text) > MAX_TEXT:
        text = text[:MAX_TEXT]
        notes.append(f"The body is cut at {MAX_TEXT:,} characters here; form.response holds all of it.")
    notes.extend(check_notes(form, response))
    notes.extend(mock_notes(form))
    answer = {
        "status": response.status_code,
        "statusText": response.reason_phrase,
        "headers": [[name, value] for name, value in response.headers.multi_items()],
        "text": text,
        "notes": notes,
        "ms": round(milliseconds, 1),
        "url": str(response.request.url),
    }
    from orgdocs.render.widgets._form_code import form_expression

    table = table_html(response, operation=form.operation, name=form_expression(form))
    if table:
        answer["table"] = table
        if next_page(form, response):
            answer["paged"] = True
    return answer


MAX_PAGES = 10  # pages the view's "Follow the pages" fetches at most


def next_page(form: RequestForm, response: Any) -> bool:
    """Whether ``response`` has a page after it, in the way the operation's description declares."""
    from orgdocs.render._frames import next_request, pagination

    cursor = pagination(form.operation, form.description)
    return cursor is not None and next_request(response, cursor) is not None


def pages_table(form: RequestForm) -> dict:
    """The records of the form's last answer and the pages after it (up to ``MAX_PAGES``), as a table."""

    if form.response is None:
        return {"error": "nothing was sent yet"}
    from orgdocs.render.widgets._form_code import form_expression

    df = form.frame(pages=MAX_PAGES)
    caption = (
        f"{len(df):,} rows from up to {MAX_PAGES} pages · {form_expression(form)}.frame(pages={MAX_PAGES})"
    )
    html = f'<p class="hint">{caption}</p>' + df.to_html(
        max_rows=200, escape=True, border=0, classes="ow-frame", na_rep=""
    )
    return {"table": html}


def mock_notes(form: RequestForm) -> list[str]:
    """Said under an answer no server gave: the form's client is a mock (``orgdocs.mock_client``, any
    ``httpx.MockTransport``), whatever host its request line names."""
    import httpx

    if isinstance(getattr(form._client, "_transport", None), httpx.MockTransport):
        return ["Answered by the form's mock client, in this kernel: not by the server the URL names."]
    return []


MAX_NOTED = 8  # differences from the description listed under an answer (form.check() has them all)


# an answer's notes, made once: the view's answer and the snapshot both ask (kept while the answer lives)
_NOTES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def check_notes(form: RequestForm, response: Any) -> list[str]:
    """What the response view says of the answer against the description: that it matches, or how not."""
    try:
        kept = _NOTES.get(response)
    except TypeError:  # an answer that cannot be weakly referenced is checked each time
        return _check_notes(form, response)
    if kept is None:
        kept = _NOTES[response] = tuple(_check_notes(form, response))
    return list(kept)


def _check_notes(form: RequestForm, response: Any) -> list[str]:
    from orgdocs.project import check_response
    from orgdocs.render.widgets._form_code import form_expression

    try:
        check = check_response(
            form.operation, form.description, response.status_code, response.headers, response.content
        )
    except Exception as error:  # a check that cannot run says so; the answer is shown all the same
        return [f"Not checked against the description: {type(error).__name__}: {error}"]
    if check.ok:
        return [f"✓ The answer {check.summary()}."]
    lines = [f"✗ {check.summary()} ({form_expression(form)}.check() lists them):"]
    lines += [f"• {difference}" for difference in check.differences[:MAX_NOTED]]
    if len(check.differences) > MAX_NOTED:
        lines.append(f"… and {len(check.differences) - MAX_NOTED} more.")
    return lines


def _request_url(error: BaseException) -> str:
    try:
        return str(error.request.url)  # type: ignore[attr-defined]  # httpx.RequestError
    except (AttributeError, RuntimeError):
        return ""


def _tabular(body: Any) -> bool:
    """Whether a JSON body holds records a table shows: a list of objects, or an object with one inside
    (``{"data": [...]}``). One object (an error, a single resource), a bare string or number, or a list of
    them: the body view says it all, a table would only repeat it."""
    from orgdocs.render._frames import records

    if isinstance(body, list):
        return all(isinstance(item, dict) for item in body)
    return isinstance(body, dict) and records(body) != [body]


def table_html(response: Any, max_rows: int = 50, operation: Any = None, name: str = "form") -> str | None:
    """The records of a JSON answer as an HTML table (``orgdocs.frame``, typed by ``operation``'s response
    schema when given; the caption names ``name.frame()``), or ``None`` when there are none."""
    from orgdocs.render._frames import frame

    with contextlib.suppress(Exception):  # not JSON, or no list of records in it: no table view
        if not _tabular(response.json()):
            return None
        df = frame(response, operation=operation)
        if len(df.columns) and len(df):
            caption = f"{len(df):,} rows × {len(df.columns)} columns · {name}.frame()"  # noqa: RUF001
            return f'<p class="hint">{caption}</p>' + df.to_html(
                max_rows=max_rows, escape=True, border=0, classes="ow-frame", na_rep=""
            )
    return None


def set_credential(
    form: RequestForm, scheme: str, field: str, value: str | None, env: str | None = None
) -> None:
    """Keep what was typed into one credential input in kernel memory (``KEPT`` itself is no new value), or
    the name of the environment variable to read it from (never in a Voila app: ``served_as_app``)."""
    if env and served_as_app():
        raise PermissionError(
            "a Voila app's environment is its server's, not yours: type the credential itself"
        )
    if value == KEPT and not env:
        return
    form.set_credential_field(scheme, field, value or None, env=env)


def credential_keys(form: RequestForm) -> list[str]:
    """``scheme:field`` of every credential the form holds in kernel memory (names only)."""
    return form.kept_credentials()


def credential_names(form: RequestForm) -> dict:
    """What the view may know of the form's credentials: which are set (``credentials``), and the
    environment variables some are read from (``envs``: ``scheme:field`` -> NAME); never a value."""
    envs = {f"{scheme}:{field}": name for (scheme, field), name in form.credential_envs().items()}
    return {"credentials": form.kept_credentials(), "envs": envs}


def undeclared_authorization(form: RequestForm) -> bool:
    """Whether the form offers an Authorization the description does not declare (no security scheme)."""
    from orgdocs.render.widgets._form_credentials import UNDECLARED

    return (
        UNDECLARED,
        "value",
    ) in form.credential_fields and UNDECLARED not in form.description.security_schemes
