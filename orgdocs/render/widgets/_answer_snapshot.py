"""The last answer a view's form got, as static HTML for the view's snapshot: what a saved notebook, a notebook
reopened without its kernel and an export keep of a Send, as the view's response view showed it (the site's
``form-response.js`` and ``json-view.js``): the request line, status, time and size, the headers folded, a
JSON body as a tree folded past its first levels (a small answer open to the end), the check against the
description.

Credentials never: the URL is the one the history keeps (credentials as placeholders), and every value the
form sent as a credential (a typed token, one read from the environment, an OAuth token, an http basic
pair and the header it makes) is replaced by its placeholder wherever the answer echoes it. A large body is
cut (``BODY_BUDGET``): a saved notebook stays small; ``form.response`` holds all of it.
"""

from __future__ import annotations

import json
from datetime import datetime
from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from orgdocs.render.widgets._request_form import RequestForm

__all__ = ["ANSWER_CLASS", "BODY_BUDGET", "answer_html", "sent_secrets"]

ANSWER_CLASS = "orgdocs-answer"
BODY_BUDGET = 24_000  # characters of a body's HTML kept (in the snapshot output a saved notebook keeps)
TEXT_BUDGET = 8_000  # characters of a body too large for a tree, kept as highlighted text
SMALL_ANSWER = 400  # json-view.js: an answer of this many values starts open to the end
OPEN_LEVELS = 2  # json-view.js: a larger one starts open this deep
PAGE_ITEMS = 100  # json-view.js: items of an object or array shown, the rest counted
# request headers that carry a credential whatever scheme put them there
CREDENTIAL_HEADERS = ("authorization", "proxy-authorization", "cookie")
HIDDEN = "<credential>"
FAMILIES = {"1": "info", "2": "success", "3": "redirect", "4": "client-error", "5": "server-error"}


def sent_secrets(form: RequestForm, request: Any = None) -> dict[str, str]:
    """Each credential value ``form`` sends (and the credential headers of ``request``, the request sent:
    an http basic header is neither the username nor the password) -> what is shown instead."""
    secrets = {value: placeholder for value, placeholder in form._secrets().items() if len(value) >= 4}
    headers = getattr(request, "headers", None)
    for name in CREDENTIAL_HEADERS:
        value = headers.get(name) if headers is not None else None
        if not value:
            continue
        scheme, _, rest = value.partition(" ")
        if rest and scheme.isalpha():  # "Bearer abc": the token alone, echoed elsewhere, is hidden too
            secrets.setdefault(rest, HIDDEN)
        secrets.setdefault(value, f"{scheme} {HIDDEN}" if rest else HIDDEN)
    return secrets


def _hide(text: str, secrets: dict[str, str]) -> str:
    for secret in sorted(secrets, key=len, reverse=True):
        if len(secret) >= 4:
            text = text.replace(secret, secrets[secret])
    return text


def answer_html(form: RequestForm) -> str:
    """The last answer of ``form`` (its response or its error) as static HTML; '' before any Send."""
    from orgdocs.render.widgets._form_bridge import check_notes, error_answer, mock_notes

    response, error = form.response, form.error
    if response is None and error is None:
        return ""
    secrets = sent_secrets(form, getattr(response, "request", None))
    sent = _last_exchange(form)
    method = form.operation.method.upper()
    url = sent.url if sent is not None else form._shown_url()
    when = sent.time if sent is not None else None
    parts = [
        f'<div class="{ANSWER_CLASS} response-view">',
        "<h2>Last answer</h2>",
        _request_line(method, url, when),
    ]
    if response is None:
        message = error_answer(error)["error"]  # type: ignore[arg-type]
        parts.append(f'<p class="notice notice-error">{escape(_hide(message, secrets))}</p>')
    else:
        parts.append(_status_line(response, form.elapsed_ms or 0.0))
        headers = [(name, _hide(value, secrets)) for name, value in response.headers.multi_items()]
        parts.append(_headers_html(headers))
        parts.append(_body_html(_hide(response.text if response.content else "", secrets)))
        notes = [*check_notes(form, response), *mock_notes(form)]
        parts.extend(f'<p class="hint">{escape(_hide(note, secrets))}</p>' for note in notes)
    parts.append("</div>")
    return "".join(parts)


def _last_exchange(form: RequestForm) -> Any:
    own = form._history.where({id(form)})
    if not len(own):
        return None
    last = own[len(own) - 1]
    return last if form.response is None or last.response is form.response else None


def _request_line(method: str, url: str, when: datetime | None) -> str:
    at = f' <span class="hint">sent {escape(when.strftime("%Y-%m-%d %H:%M:%S UTC"))}</span>' if when else ""
    badge = f'<span class="method method-{escape(method.lower())}">{escape(method)}</span>'
    return f'<p class="request-line">{badge} <code>{escape(url)}</code>{at}</p>'


def _status_line(response: Any, milliseconds: float) -> str:
    status = str(response.status_code)
    family = FAMILIES.get(status[0], "other")
    size = _size(len(response.content))
    said = f"{escape(response.reason_phrase or '')} · {round(milliseconds)} ms · {size}"
    return f'<p class="response-status"><span class="status status-{family}">{status}</span> {said}</p>'


def _size(count: int) -> str:
    if count < 1024:
        return f"{count} B"
    if count < 1024 * 1024:
        return f"{count / 1024:.1f} KB"
    return f"{count / (1024 * 1024):.1f} MB"


def _headers_html(headers: list[tuple[str, str]]) -> str:
    rows = "".join(f'<tr><th scope="row">{escape(n)}</th><td>{escape(v)}</td></tr>' for n, v in headers)
    return (
        f'<details class="response-headers"><summary>Headers ({len(headers)})</summary>'
        f'<table class="headers headers-table"><tbody>{rows}</tbody></table></details>'
    )


class _Number(str):
    """A JSON number kept as its text (a 64-bit id stays its digits)."""


def _body_html(text: str) -> str:
    if not text:
        return '<pre class="code response-body"><code>(empty body)</code></pre>'
    try:
        value = json.loads(text, parse_int=_Number, parse_float=_Number, parse_constant=_Number)
    except ValueError:
        value = None
    else:
        if isinstance(value, (dict, list)):
            small = _count(value, SMALL_ANSWER) <= SMALL_ANSWER
            tree = f'<div class="json-view hl">{_node(None, value, 0, True, small)}</div>'
            if len(tree) <= BODY_BUDGET:
                return tree
        text = json.dumps(value, indent=2, ensure_ascii=False, default=str)
    return _text_html(text, json_text=value is not None)


def _text_html(text: str, json_text: bool) -> str:
    from orgdocs.render.site import highlight

    cut = len(text) > TEXT_BUDGET
    shown = text[:TEXT_BUDGET] if cut else text
    code = highlight(shown, "json") if json_text else escape(shown, quote=False)
    note = (
        f'<p class="hint">The body is cut at {len(shown):,} of {len(text):,} characters here; '
        "form.response holds all of it.</p>"
        if cut
        else ""
    )
    return (
        f'<pre class="code response-body"><code class="{"hl" if json_text else ""}">{code}</code></pre>{note}'
    )


def _count(value: Any, limit: int) -> int:
    seen, stack = 0, [value]
    while stack and seen <= limit:
        item = stack.pop()
        seen += 1
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return seen


def _scalar(value: Any) -> str:
    if isinstance(value, _Number):
        return f'<span class="m">{escape(value)}</span>'
    if value is None or isinstance(value, bool):
        return f'<span class="kc">{json.dumps(value)}</span>'
    return f'<span class="s2">{escape(json.dumps(value, ensure_ascii=False))}</span>'


def _key(key: Any) -> str:
    if key is None:
        return ""
    if isinstance(key, int):
        return f'<span class="json-index">{key}</span> '
    return f'<span class="nt">{escape(json.dumps(key, ensure_ascii=False))}</span>: '


def _node(key: Any, item: Any, depth: int, last: bool, small: bool) -> str:
    comma = "" if last else ","
    if not isinstance(item, (dict, list)):
        return f'<div class="json-row">{_key(key)}{_scalar(item)}{comma}</div>'
    marks = "[]" if isinstance(item, list) else "{}"
    if not item:
        return f'<div class="json-row">{_key(key)}{marks}{comma}</div>'
    entries = list(enumerate(item)) if isinstance(item, list) else list(item.items())
    noun = (
        ("item" if len(entries) == 1 else "items")
        if isinstance(item, list)
        else ("key" if len(entries) == 1 else "keys")
    )
    shown = entries[:PAGE_ITEMS]
    children = "".join(_node(k, v, depth + 1, i == len(entries) - 1, small) for i, (k, v) in enumerate(shown))
    if len(entries) > len(shown):
        children += f'<div class="json-row json-count">… {len(entries) - len(shown)} more</div>'
    opened = " open" if small or depth < OPEN_LEVELS else ""
    return (
        f'<details class="json-node"{opened}><summary>{_key(key)}{marks[0]}'
        f'<span class="json-folded"> … {marks[1]}{comma} </span>'
        f'<span class="json-count">{len(entries)} {noun}</span></summary>'
        f'<div class="json-children">{children}</div><div class="json-close">{marks[1]}{comma}</div></details>'
    )
