"""A mock of an API from its description alone: each request is checked against its operation and answered
with a declared status, media type, headers and body. No network, no state: the same request, the same answer.

``Mock(description).answer(method, target, headers, body)`` gives an ``Answer``. What it does, in order:

1. **Route**: the path (after a declared server's base path, if it starts with one) is matched against the
   operations' path templates, literal segments before parameters; no match is 404 with the closest
   templates, a known path with another method 405 with ``Allow``.
2. **Request check**: path, query, header and cookie parameters (required ones present; values read by their
   schema's type, then checked against it), the body (required, a declared media type else 415, JSON that
   parses, valid against its schema else 422 with JSON pointers), and the credentials of one declared
   security alternative present (else 401 with ``WWW-Authenticate``). Problems are RFC 9457 problem details
   (``_mock_answers``).
3. **Answer**: ``Prefer: code=404`` chooses a declared response, ``Prefer: example=name`` a named example (as
   Stoplight Prism does); else the first declared 2XX (a range or ``default`` as 200). The media type follows
   ``Accept`` (406 when none fits), else the first JSON one. The body is the description's own example, else
   one generated from the schema (``orgdocs.project._examples``); a declared example that fails its own schema
   gives way to a generated one, said in the ``X-Mock-Example`` header. Declared headers are set from their
   examples.

Its pieces: ``_mock_routes`` (path templates), ``_mock_requests`` (what a request carries) and
``_mock_answers`` (``Answer``, problems, ``Prefer``). Everything here works on text and bytes;
``orgdocs.render._mock_server`` puts it behind httpx and HTTP.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, unquote, urlsplit

from orgdocs.loading import follow
from orgdocs.project import _security as security
from orgdocs.project._conformance import declared_response, media_for, value_problems
from orgdocs.project._examples import example_from_schema, media_example
from orgdocs.project._mock_answers import (
    PROBLEM,
    Answer,
    _concrete,
    _prefer,
    _problem,
    _rank,
    _Refused,
    _serialized,
)
from orgdocs.project._mock_requests import _authorizes, _cookies, _presented, _raw_values, _typed
from orgdocs.project._mock_routes import _PARAM, _absolute, _base_path, _Route, _segments, _split_template
from orgdocs.project._value_text import is_json_media_type

if TYPE_CHECKING:
    from orgdocs.model import Description, MediaType, Operation, Parameter

__all__ = ["PROBLEM", "Answer", "Mock"]


class Mock:
    """Answers requests for the operations of ``description`` (see the module docstring)."""

    def __init__(self, description: Description):
        self.description = description
        routes: dict[str, _Route] = {}
        servers = list(description.servers)
        for operation in description.operations:
            servers += operation.servers
            # a path written with a query or a fragment (AWS: /#X-Amz-Target=..., /worker?cmd=...) is a
            # path and a condition on the query or a header
            template, condition = _split_template(operation.path)
            if operation.path not in routes:
                names = [m[1:-1] for m in _PARAM.findall(template)]
                parts = _PARAM.split(template)
                regex = "[^/]+".join(re.escape(part) for part in parts)
                routes[operation.path] = _Route(template, re.compile(f"^{regex}/?$"), names, {}, condition)
            routes[operation.path].operations.setdefault(operation.method.upper(), operation)
        # literal segments win over parameters (/users/me before /users/{id}), a condition over none
        self.routes = sorted(routes.values(), key=lambda r: (len(r.names), not r.condition, -len(r.template)))
        # the server's path; a relative one without a slash (example.com/v1) is joined by clients as a path
        prefixes = {_base_path(server.resolved_url()) for server in servers}
        prefixes |= {"/" + s.resolved_url().rstrip("/") for s in servers if not _absolute(s.resolved_url())}
        self.prefixes = sorted((p for p in prefixes if p not in ("", "/")), key=len, reverse=True)

    # -- the whole exchange ----------------------------------------------------------------------------

    def answer(self, method: str, target: str, headers: Mapping[str, str], body: bytes = b"") -> Answer:
        """The answer to ``method target`` (``target``: the path and query as sent, percent-encoded)."""
        method = method.upper()
        split = urlsplit(target)
        headers = {name.lower(): value for name, value in headers.items()}
        operation = None
        try:
            query = parse_qs(split.query, keep_blank_values=True)
            route, values = self._route(split.path, method, query, headers)
            operation = route.operations.get(method) or (
                route.operations.get("GET") if method == "HEAD" else None
            )
            if operation is None:
                allowed = ", ".join(sorted(route.operations))
                raise _Refused(
                    _problem(
                        405, f"{route.template} answers {allowed}, not {method}", headers={"Allow": allowed}
                    )
                )
            self._check_request(operation, values, query, headers, body)
            answer = self._respond(operation, headers)
        except _Refused as refused:
            answer = refused.answer
            if operation is not None:
                answer = self._as_declared(operation, answer, headers)
        if method == "HEAD":
            answer.body = b""
        return answer

    def _route(self, path: str, method: str, query: dict, headers: dict) -> tuple[_Route, dict[str, str]]:
        """The route of ``path``: the first template that matches it, answers ``method`` (two templates may
        differ only in a parameter's name) and whose condition holds, else the first that matches it."""
        candidates = [path[len(p) :] or "/" for p in self.prefixes if path == p or path.startswith(p + "/")]
        matching = [
            (route, candidate)
            for candidate in [*candidates, path]
            for route in self.routes
            if route.pattern.match(candidate)
        ]
        if matching:
            wanted = {method, "GET"} if method == "HEAD" else {method}
            answering = [(r, c) for r, c in matching if wanted & set(r.operations)]
            route, candidate = next(
                ((r, c) for r, c in answering if r.holds(query, headers)), (answering or matching)[0]
            )
            segments = _segments(route.template, candidate)
            return route, {name: unquote(segments[name]) for name in route.names if name in segments}
        known = [r.template for r in self.routes]
        close = difflib.get_close_matches(candidates[0] if candidates else path, known, n=5, cutoff=0.4)
        detail = f"no operation at {path}" + (f"; the closest: {', '.join(close)}" if close else "")
        raise _Refused(_problem(404, detail, extra={"matches": close}))

    # -- the request -----------------------------------------------------------------------------------

    def _check_request(
        self, operation: Operation, path_values: dict[str, str], query: dict, headers: dict, body: bytes
    ) -> None:
        errors = []
        cookies = _cookies(headers.get("cookie", ""))
        for param in operation.parameters:
            raw = _raw_values(param, path_values, query, headers, cookies)
            if not raw:
                if param.required or param.location == "path":
                    errors.append(
                        {"parameter": param.name, "in": param.location, "detail": f"{param.name} is required"}
                    )
                continue
            errors += self._parameter_problems(param, raw)
        if errors:
            raise _Refused(_problem(400, "the request's parameters do not fit the operation", errors=errors))
        self._check_security(operation, headers, query, cookies)
        self._check_body(operation, headers, body)

    def _parameter_problems(self, param: Parameter, raw: list[str]) -> list[dict]:
        if param.schema is None:  # a content parameter: its text in a media type, taken as it is
            return []
        schema = self.description.deref(param.schema)
        value, problem = _typed(raw, schema, self.description, param.explode)
        if problem:
            return [{"parameter": param.name, "in": param.location, "detail": f"{param.name}: {problem}"}]
        found, _ = value_problems(param.schema, value, self.description, direction="request")
        return [
            {"parameter": param.name, "in": param.location, "detail": f"{param.name}: {d}"} for d in found[:5]
        ]

    def _check_security(self, operation: Operation, headers: dict, query: dict, cookies: dict) -> None:
        alternatives = security.security_alternatives(self.description.security_for(operation))
        if not alternatives or any(not alternative for alternative in alternatives):
            return
        schemes = self.description.security_schemes
        for alternative in alternatives:
            # one request has one Authorization header: an alternative naming basic and oauth2 is satisfied
            # by either (as the forms send it), the rest must each be there
            by_header = [n for n in alternative if _authorizes(schemes.get(n))]
            others = [n for n in alternative if n not in by_header]
            if all(_presented(schemes.get(n), headers, query, cookies) for n in others) and (
                not by_header or any(_presented(schemes.get(n), headers, query, cookies) for n in by_header)
            ):
                return
        first = schemes.get(alternatives[0][0])
        challenge = "Basic" if first is not None and str(first.scheme).lower() == "basic" else "Bearer"
        names = " or ".join(" and ".join(a) for a in alternatives)
        raise _Refused(
            _problem(401, f"credentials are required: {names}", headers={"WWW-Authenticate": challenge})
        )

    def _check_body(self, operation: Operation, headers: dict, body: bytes) -> None:
        declared = operation.request_body
        if declared is None or not declared.content:
            return
        if not body:
            if declared.required:
                raise _Refused(_problem(400, "the request body is required", errors=[{"pointer": ""}]))
            return
        content_type = headers.get("content-type", "")
        media = media_for(declared.content, content_type)
        if media is None:
            wanted = ", ".join(m.media_type for m in declared.content)
            raise _Refused(
                _problem(415, f"the body's media type is {content_type or 'not given'}; send {wanted}")
            )
        if not is_json_media_type(media.media_type) or media.schema is None:
            return
        try:
            value = json.loads(body)
        except ValueError as error:
            raise _Refused(
                _problem(400, f"the body is not JSON: {error}", errors=[{"pointer": ""}])
            ) from None
        found, _ = value_problems(media.schema, value, self.description, direction="request")
        if found:
            errors = [{"pointer": d.pointer, "detail": str(d)} for d in found]
            raise _Refused(_problem(422, "the body does not fit its schema", errors=errors))

    # -- the answer ------------------------------------------------------------------------------------

    def _respond(self, operation: Operation, headers: dict) -> Answer:
        prefer = _prefer(headers.get("prefer", ""))
        status, response = self._chosen(operation, prefer.get("code"))
        answer = Answer(status)
        if response is None:  # a description that says nothing of the answer: a plain success
            return answer
        for name, header in response.headers.items():
            header = self.description.deref(header)
            if name.lower() != "content-type" and isinstance(header, dict):
                value = self._header_value(header)
                if value is not None:
                    answer.headers.append((name, value))
        if not response.content or status in (204, 304):
            return answer
        media = self._negotiated(response.content, headers.get("accept", ""))
        value, note = self._body_value(media, prefer.get("example"))
        answer.headers.append(("Content-Type", _concrete(media.media_type, value)))
        if note:
            answer.headers.append(("X-Mock-Example", note))
        answer.body = _serialized(value, _concrete(media.media_type, value))
        return answer

    def _as_declared(self, operation: Operation, problem: Answer, headers: dict) -> Answer:
        """A refusal in the shape the operation declares for its status, where it declares one (by status
        or range, not ``default``): the declared body with the problem's ``title``, ``status``, ``detail``
        and ``errors`` where it has such members and still fits its schema, and the declared headers."""
        response = declared_response(operation, problem.status)
        if response is None or str(response.status).upper() == "DEFAULT" or not response.content:
            return problem
        try:
            declared = self._respond(operation, {**headers, "prefer": f"code={problem.status}", "accept": ""})
        except _Refused:
            return problem
        media = media_for(response.content, declared.header("Content-Type") or "")
        try:
            body = json.loads(declared.body)
        except ValueError:
            return problem
        if isinstance(body, dict) and media is not None and media.schema is not None:
            told = json.loads(problem.body)
            merged = {**body, **{k: v for k, v in told.items() if k in body and k != "type"}}
            if not value_problems(media.schema, merged, self.description, direction="response")[0]:
                body = merged
        declared.body = json.dumps(body, ensure_ascii=False).encode()
        given = {n.lower() for n, _ in declared.headers}
        declared.headers += [(n, v) for n, v in problem.headers if n.lower() not in (*given, "content-type")]
        declared.headers = [(n, v) for n, v in declared.headers if n.lower() != "x-mock-example"]
        return declared

    def _chosen(self, operation: Operation, code: str | None) -> tuple[int, Any]:
        if code is not None:
            if not code.isdigit() or (response := declared_response(operation, int(code))) is None:
                declared = ", ".join(str(r.status) for r in operation.responses) or "none"
                raise _Refused(
                    _problem(400, f"Prefer: code={code}: no such response is declared ({declared})")
                )
            return int(code), response
        ranked = sorted(operation.responses, key=_rank)
        if not ranked:
            return 200, None
        response = ranked[0]
        status = str(response.status).upper()
        return (
            int(status) if status.isdigit() else 200 if not status[0].isdigit() else int(status[0]) * 100
        ), response

    def _negotiated(self, content: list[MediaType], accept: str) -> MediaType:
        wanted = [part.split(";")[0].strip().lower() for part in accept.split(",") if part.strip()]
        if not wanted or "*/*" in wanted:
            return next((m for m in content if is_json_media_type(m.media_type)), content[0])
        for kind in wanted:
            for media in content:
                declared = media.media_type.split(";")[0].strip().lower()
                if kind in (declared, "*/*") or (kind.endswith("/*") and declared.startswith(kind[:-1])):
                    return media
        offered = ", ".join(m.media_type for m in content)
        raise _Refused(_problem(406, f"Accept: {accept} matches none of {offered}"))

    def _body_value(self, media: MediaType, example: str | None) -> tuple[Any, str]:
        resolve = self.description.resolve
        if example is not None:
            entry = follow(media.examples.get(example), resolve) if media.examples else None
            if not isinstance(entry, dict) or "value" not in entry:
                names = ", ".join(media.examples or {}) or "none"
                raise _Refused(_problem(400, f"Prefer: example={example}: no such example ({names})"))
            return entry["value"], ""
        generated, value = media_example(media, resolve, direction="response")
        if generated or media.schema is None or not is_json_media_type(media.media_type):
            return value, "generated" if generated else ""
        if value_problems(media.schema, value, self.description, direction="response")[0]:
            value = example_from_schema(media.schema, resolve, direction="response")
            return value, "generated (the declared example does not match its schema)"
        return value, ""

    def _header_value(self, header: dict) -> str | None:
        if "example" in header:
            value = header["example"]
        elif header.get("schema") is not None:
            value = example_from_schema(header["schema"], self.description.resolve, direction="response")
        else:
            return None
        if value is None:
            return None
        return value if isinstance(value, str) else json.dumps(value)
