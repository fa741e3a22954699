"""``FormState`` and ``FormSettings``: what a ``RequestForm`` holds and the methods that set it (a part of it).

A form's state is one plain object: server, variables, security choice, parameter values, extra headers,
media type, body. The methods here set the server and its variables, the parameters, the headers and the
body, each checked against what the description declares (a ``FormError`` says what it takes), and read
them back as ``orgdocs.project._requests.build_request`` takes them. ``_form_inputs`` reads what an input holds.

``RequestForm`` sets what these methods read (``__init__``): ``operation``, ``description``, ``client_base``,
``_servers``, ``_specs`` (one ``InputSpec`` per parameter, path parameters first) and ``_media_types``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from orgdocs.project import example_from_schema, is_json_media_type, media_example, server_url
from orgdocs.render.site import body_text
from orgdocs.render.widgets._form_errors import FormError
from orgdocs.render.widgets._form_inputs import InputSpec, input_text, input_value, parse_input
from orgdocs.render.widgets._form_servers import server_base

if TYPE_CHECKING:
    from orgdocs.model import Description, Operation, Server

__all__ = ["OTHER_SERVER", "FormSettings", "FormState"]

OTHER_SERVER = -1  # the server choice whose URL is typed


@dataclass
class FormState:
    """What a form holds, as its inputs show it. ``values`` maps ``in:name`` to an input's value: its text,
    a checkbox's ``bool``, an enum's member or ``None``."""

    server: int = 0  # a declared server's index, or OTHER_SERVER for the typed ``server_url``
    server_url: str = ""
    variables: dict[str, str] = field(default_factory=dict)
    security: int | None = None  # the chosen alternative; None: the first one whose credentials are set
    values: dict[str, Any] = field(default_factory=dict)
    headers: list[tuple[str, str]] = field(default_factory=list)
    media_type: str | None = None
    body: str = ""


class FormSettings:
    """The server, parameter, header and body methods of ``RequestForm`` (a part of it: the attributes below
    are its own)."""

    state: FormState
    operation: Operation
    description: Description
    client_base: str | None
    _servers: list[Server]
    _specs: list[InputSpec]
    _media_types: list[str]

    # -- server -------------------------------------------------------------------------------------------

    def choose_server(self, server: int | str, **variables: str) -> None:
        """Choose a declared server by index or by its URL template, and set its ``variables``."""
        if isinstance(server, str):
            urls = [s.url for s in self._servers]
            if server not in urls:
                raise FormError(f"{server!r} is not a declared server ({', '.join(urls) or 'none'})")
            server = urls.index(server)
        if not 0 <= server < len(self._servers):
            raise FormError(f"no server {server} (the description declares {len(self._servers)})")
        if server != self.state.server:
            self.state.server = server
            self._reset_variables()
        self.set_server_variables(**variables)

    def set_server_url(self, url: str) -> None:
        """Send to ``url`` instead of a declared server (Send refuses it unless ``allow`` covers it)."""
        self.state.server_url = url.strip()
        if self._servers:
            self.state.server = OTHER_SERVER
            self.state.variables = {}

    def set_server_variables(self, **values: str) -> None:
        """Set variables of the chosen server; an ``enum`` variable takes one of its values only."""
        server = self._declared_server()
        for name, value in values.items():
            variable = server.variables.get(name) if server is not None else None
            if variable is None:
                raise FormError(f"the chosen server has no variable {name!r}")
            if variable.enum and str(value) not in [str(v) for v in variable.enum]:
                raise FormError(f"{name} must be one of {', '.join(map(str, variable.enum))}, not {value!r}")
            self.state.variables[name] = str(value)

    def _reset_variables(self) -> None:
        server = self._declared_server()
        variables = server.variables.items() if server is not None else ()
        self.state.variables = {
            name: str(v.default) if not v.enum or str(v.default) in map(str, v.enum) else str(v.enum[0])
            for name, v in variables
        }

    # -- parameters and headers -----------------------------------------------------------------------------

    def set_values(self, values: dict[str, Any]) -> None:
        """Fill parameters by name or ``"in:name"`` (a value of ``None`` empties the input)."""
        for spec in self._specs:
            if spec.key in values or spec.name in values:
                self.state.values[spec.key] = input_value(spec, values.get(spec.key, values.get(spec.name)))

    def fill_examples(self) -> None:
        """Fill every empty required parameter with an example: the description's own, else the generated
        hint its input shows (an enum its first member); a value that cannot be made is ``"x"``."""
        filled = {}
        for spec in self._specs:
            if spec.required and self.state.values.get(spec.key) in ("", None):
                hint = spec.hint if input_text(spec.hint) else None
                if spec.kind == "enum":
                    hint = next((option for option in spec.options if input_text(option)), None)
                filled[spec.key] = hint if hint is not None else "x"
        self.set_values(filled)

    @property
    def values(self) -> dict[str, Any]:
        """The parameter values as ``build_request`` takes them (``FormError`` for an invalid input)."""
        out = {}
        for spec in self._specs:
            try:
                value = parse_input(spec, self.state.values.get(spec.key))
            except ValueError as error:
                raise FormError(f"parameter {spec.name} ({spec.location}): {error}") from None
            if value is not None:
                out[spec.key] = value
        return out

    def set_headers(self, headers: dict[str, str] | Sequence[tuple[str, str]]) -> None:
        """Extra request headers the description does not declare (replacing those set before)."""
        pairs = list(headers.items()) if isinstance(headers, dict) else [tuple(h) for h in headers]
        self.state.headers = [(str(n), str(v)) for n, v in pairs]

    # -- body -------------------------------------------------------------------------------------------------

    def choose_media_type(self, media_type: str) -> None:
        """Send the body in ``media_type`` (one the operation declares); the body starts from its example:
        the description's own, else a generated one of the required fields only (see ``use_example``)."""
        if media_type not in self._media_types:
            raise FormError(
                f"{media_type!r} is not a media type of this body ({', '.join(self._media_types)})"
            )
        self.state.media_type = media_type
        self.state.body = self._example_body(media_type)

    def use_example(self, full: bool = True) -> None:
        """The body becomes the example of the chosen media type: with ``full``, a generated example with
        every field (not only the required ones); the description's own example either way."""
        if self.state.media_type is not None:
            self.state.body = self._example_body(self.state.media_type, full=full)

    def set_body(self, body: Any) -> None:
        """The body: text as it is sent, or a value written as the media type writes it (as the site's form
        does: ``key=value&...`` for a form-urlencoded object, JSON otherwise)."""
        self.state.body = body if isinstance(body, str) else self._body_text(self.state.media_type, body)

    @property
    def body(self) -> Any:
        """The body for ``build_request``: JSON checked, multipart fields parsed, ``None`` when empty; a
        form-urlencoded body is sent as its text, as the site's form sends it."""
        text, media = self.state.body, self.state.media_type
        if not self._media_types or not text.strip():
            return None
        if is_json_media_type(media) or _is_multipart(media):
            try:
                value = json.loads(text)
            except ValueError as error:
                raise FormError(f"the body is not valid JSON: {error}") from None
            return text if is_json_media_type(media) else value
        return text

    def _body_text(self, media_type: str | None, value: Any) -> str:
        if media_type and not is_json_media_type(media_type) and not _is_multipart(media_type):
            return body_text(self.operation, media_type, value)  # key=value&... for a form-urlencoded object
        return json.dumps(value, indent=2, ensure_ascii=False)

    def _example_body(self, media_type: str, *, full: bool = False) -> str:
        body = self.operation.request_body
        media = next((m for m in body.content if m.media_type == media_type), None) if body else None
        if media is None:
            return ""
        try:
            generated, value = media_example(media, self.description.resolve, direction="request")
            if generated and not full:  # a hurried reader should not send a skeleton of "string" values
                value = example_from_schema(media.schema, self.description.resolve, direction="required")
        except Exception:  # no example can be made: the user types one
            return ""
        if value is None:
            return ""
        if isinstance(value, str):
            if not is_json_media_type(media_type):
                return value
            try:
                json.loads(value)  # an example written as JSON text
            except ValueError:
                pass
            else:
                return value
        return self._body_text(media_type, value)

    # -- where the request goes -------------------------------------------------------------------------------

    @property
    def description_url(self) -> str | None:
        """The URL the description was fetched from, if it was: relative servers resolve against it."""
        source = self.description.source
        return source if source.lower().startswith(("http://", "https://")) else None

    @property
    def server_url(self) -> str:
        """The chosen server, variables applied, made absolute: against the description's URL (when it was
        fetched), else against the client's base URL (``FormError`` when neither makes it absolute)."""
        chosen = self._chosen_server()
        if self.description_url and not chosen.startswith("//"):
            chosen = server_url(chosen, description_url=self.description_url)
        return server_base(chosen, self.client_base)

    def _chosen_server(self) -> str:
        server = self._declared_server()
        return (
            server.resolved_url(self.state.variables) if server is not None else self.state.server_url.strip()
        )

    def _declared_server(self) -> Server | None:
        """The declared server chosen, or None when the URL is typed (Other URL, or none declared)."""
        if not self._servers or self.state.server == OTHER_SERVER:
            return None
        return self._servers[self.state.server]


def _is_multipart(media_type: str | None) -> bool:
    """multipart/form-data: its fields are written as a JSON object (as on the site's form)."""
    return (media_type or "").split(";", 1)[0].strip().lower() == "multipart/form-data"
