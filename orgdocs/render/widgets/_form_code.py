"""``RequestForm.code("orgdocs")``: a notebook cell that makes the same form again and sends it.

The cell loads the description from the same source (one that ships with orgdocs by its place in the
package), chooses the same server, security alternative, values, headers and body, and reads every
credential from an environment variable (the one given with ``set_credential(..., env=...)``, else the name
the code samples use), so the cell can be shared as it is. Except, in a notebook, a credential this kernel
keeps for the API (typed in a view, ``set_token``): the cell's form shares it, and a comment says how to read
it elsewhere; a cell that set it to be read from an unset variable would stop there, and, the setting being
the API's, stop every view of the API with it.

A form given a client (``orgdocs.mock_client(api)``, the reference server's ``in_process_client``: an API
tried with no server) sends through it; a cell that went to the server's URL instead would find nothing
there. So where a variable of the notebook holds that client, both cells (``code("httpx")`` too) send with it,
unless the code must run on its own (``standalone``): a Voila app's reader has no notebook and no variable.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING

from orgdocs.project import placeholder_credentials

if TYPE_CHECKING:
    from orgdocs.render.widgets._request_form import RequestForm

__all__ = [
    "client_variable",
    "form_code",
    "form_expression",
    "kernel_kept",
    "orgdocs_code",
    "packaged_source",
    "with_client",
]

PACKAGE = Path(__file__).resolve().parents[2]  # the orgdocs package's folder


def form_code(form: RequestForm, style: str, *, standalone: bool) -> str:
    """``form.code(style, standalone=...)``."""
    client = None if standalone else client_variable(form._client)
    if style == "httpx":
        return with_client(form.samples["python"], client)
    if style == "orgdocs":
        return orgdocs_code(form, client, kept=set() if standalone else kernel_kept(form))
    raise ValueError(f"style is 'httpx' or 'orgdocs', not {style!r}")


def kernel_kept(form: RequestForm) -> set[str]:
    """The schemes whose credentials this kernel keeps for ``form``'s API as values (typed in a view, given to
    ``set_credential`` or ``set_token``), in the store a new ``RequestForm`` of the API shares: a cell run in
    this kernel sends with them as they are."""
    from orgdocs.render.widgets._tokens import TOKENS

    if form._tokens is not TOKENS:
        return set()
    kept = set(form.kept_credentials()) - {f"{name}:{field}" for name, field in form.credential_envs()}
    held: dict[str, list[bool]] = {}
    for name, field in form._fields:
        held.setdefault(name, []).append(f"{name}:{field}" in kept)
    return {name for name, fields in held.items() if all(fields)}


def orgdocs_code(form: RequestForm, client: str | None, kept: Collection[str] = ()) -> str:
    """The cell; ``client``: the notebook's variable holding the form's client, sent with when given;
    ``kept``: the schemes whose credentials the kernel keeps (``kernel_kept``), sent as they are: setting
    them to be read from the environment would set it for every form of the API, the views' too."""
    from orgdocs.render.widgets._form_settings import OTHER_SERVER

    operation, state = form.operation, form.state
    key = operation.operation_id or f"{operation.method.upper()} {operation.path}"
    options = f", allow={form.allow!r}" if form.allow is not None else ""
    options += f", client={client}" if client else ""
    source = packaged_source(form.description.source)
    lines = [
        *(["from pathlib import Path", ""] if source else []),
        "import orgdocs",
        "from orgdocs.widgets import RequestForm",
        "",
        f"api = orgdocs.load({source or repr(form.description.source)})",
        f"form = RequestForm(api.operation({key!r}){options})",
    ]
    if form._servers and state.server != OTHER_SERVER:
        variables = "".join(f", {name}={value!r}" for name, value in state.variables.items())
        lines.append(f"form.choose_server({state.server}{variables})")
    elif state.server_url:
        lines.append(f"form.set_server_url({state.server_url!r})")
    chosen = form.security
    if state.security is not None:
        lines.append(f"form.choose_security({chosen!r})")
    names = placeholder_credentials(chosen, form._schemes)
    for scheme, names_of in form._env_placeholders().items():
        names.setdefault(scheme, {}).update(names_of)
    for scheme in chosen:
        fields = names.get(scheme, {})
        env = [fields[f][1:] for f in ("username", "password") if f in fields] or [
            fields.get("value", "$TOKEN")[1:]
        ]
        given = repr(env[0]) if len(env) == 1 else repr(tuple(env))
        setting = f"form.set_credential({scheme!r}, env={given})"
        if scheme in kept:
            lines.append(f"# {scheme}: the credential this kernel keeps for the API; elsewhere: {setting}")
        else:
            lines.append(f"{setting}  # read from the environment at each send")
    if form.values:
        lines.append(f"form.set_values({form.values!r})")
    if state.headers:
        lines.append(f"form.set_headers({state.headers!r})")
    if form._media_types and state.media_type != form._media_types[0]:
        lines.append(f"form.choose_media_type({state.media_type!r})")
    if form._media_types:
        lines.append(f"form.set_body({state.body!r})")
    lines += ["response = form.send()", "response"]
    return "\n".join(lines) + "\n"


def packaged_source(source: str) -> str | None:
    """A description that ships with orgdocs (the Organization API's) named by its place in the package, which
    holds wherever orgdocs is installed, not by this machine's path (a Voila app's reader copies the cell to
    theirs); ``None`` for any other source."""
    if "://" in source:
        return None
    try:
        inside = Path(source).resolve().relative_to(PACKAGE)
    except (OSError, ValueError):
        return None
    return f"Path(orgdocs.__file__).parent / {inside.as_posix()!r}"


def client_variable(client: object) -> str | None:
    """The name of a variable of the notebook's namespace that holds ``client`` (the shortest, not a ``_``
    one), or ``None`` outside IPython or where none does."""
    if client is None:
        return None
    return _variable(_user_namespace(), client)


def form_expression(form: RequestForm) -> str:
    """How this notebook names ``form``, for the code a view's hints show (``….frame()``, ``….check()``): a
    variable that holds it, else ``NAME.form`` where ``NAME`` holds the Explorer showing it, else ``form``."""
    namespace = _user_namespace()
    held = _variable(namespace, form)
    if held:
        return held
    # the Explorers whose selected operation's form it is (``.form``, without making one): among the views
    # that watch it, those that keep forms by route
    views = [method.__self__ for ref in form._watchers if (method := ref()) is not None]
    showing = [
        view for view in views if getattr(view, "_forms", {}).get(getattr(view, "value", None)) is form
    ]
    view = _variable(namespace, *showing) if showing else None
    return f"{view}.form" if view else "form"


def _user_namespace() -> dict:
    """The notebook's variables (IPython's ``user_ns``); empty outside IPython."""
    try:
        from IPython import get_ipython
    except ImportError:
        return {}
    namespace = getattr(get_ipython(), "user_ns", None)
    return namespace if isinstance(namespace, dict) else {}


def _variable(namespace: dict, *values: object) -> str | None:
    """The shortest name in ``namespace``, not a ``_`` one, that holds one of ``values``."""
    names = [
        name
        for name, held in namespace.items()
        if any(held is v for v in values) and not name.startswith("_")
    ]
    return min(names, key=lambda name: (len(name), name)) if names else None


HTTPX_CALL = "response = httpx.request("


def with_client(sample: str, client: str | None) -> str:
    """The Python (httpx) sample sending with the notebook's variable ``client`` instead of a new connection
    (unchanged when ``client`` is ``None``)."""
    if not client or HTTPX_CALL not in sample:
        return sample
    cell = sample.replace(HTTPX_CALL, f"response = {client}.request(")
    if "httpx." not in cell:
        cell = cell.replace("import httpx\n", "").replace("\n\n\n", "\n\n").lstrip("\n")
    return cell
