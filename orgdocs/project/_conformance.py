"""Does an answer (or a request) fit what the operation's description promises?

``check_response`` compares a response with the operation: its status must be declared (exactly, by its range
such as ``2XX``, or by ``default``), its media type declared, its required headers present, and its body valid
against the schema. ``value_problems`` checks one value against one schema (a request body, a parameter). Both
give ``Difference`` records: where (a JSON pointer into the body, or the status, media type or header), what the
description says, and what came back.

Schemas are checked with ``jsonschema`` (Draft 2020-12) after what they reach of the description is made plain
JSON Schema, once (``_Prepared``): OpenAPI 3.0's and Swagger 2.0's ``nullable``/``x-nullable`` become a ``null`` type,
``exclusiveMinimum: true`` its 2020-12 form, Swagger's ``file`` type anything, a ``$ref``'s siblings ignored
before 3.1 (as those versions say); a property that is ``readOnly``
is not required in a request, nor a ``writeOnly`` one in a response; a ``oneOf``/``anyOf`` with a
``discriminator`` checks the branch the discriminator names. A reference the description cannot resolve
(external, dangling) accepts anything and is reported in ``Check.notes``. Formats are not checked.
"""

from __future__ import annotations

import functools
import json
import re
import weakref
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from orgdocs.loading import is_local, pointer_tokens

if TYPE_CHECKING:
    from orgdocs.model import Description, MediaType, Operation, Response

__all__ = ["Check", "Difference", "check_response", "declared_response", "media_for", "value_problems"]

DOC = "urn:orgdocs:description"
MAX_DIFFERENCES = 50  # per value: a wholly wrong body names its first differences, not thousands
_SHOWN = 80  # characters of a value shown in a difference


@dataclass(frozen=True)
class Difference:
    """One way a response differs from its description."""

    pointer: str  # JSON pointer into the body ("" for the whole body); "status", "media type", "headers/X"
    expected: str  # what the description says
    actual: str  # what came back

    def __str__(self) -> str:
        return f"{self.pointer or '/'}: expected {self.expected}, got {self.actual}"


@dataclass
class Check:
    """The differences found, and what could not be checked (``notes``)."""

    differences: list[Difference] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.differences

    def summary(self) -> str:
        if self.ok:
            return "matches the description" + (f" ({'; '.join(self.notes)})" if self.notes else "")
        count = len(self.differences)
        return f"{count} difference{'s' if count > 1 else ''} from the description"


def declared_response(operation: Operation, status: int) -> Response | None:
    """The response ``operation`` declares for ``status``: exactly, else its range (``4XX``), else default."""
    by_status = {str(r.status).upper(): r for r in operation.responses}
    return by_status.get(str(status)) or by_status.get(f"{status // 100}XX") or by_status.get("DEFAULT")


def media_for(content: list[MediaType], content_type: str) -> MediaType | None:
    """The declared media type (of a response's or a request body's ``content``) that ``content_type``
    matches: exactly, else by ``type/*``, else ``*/*``."""
    essence = content_type.split(";", 1)[0].strip().lower()
    kind = essence.split("/", 1)[0]
    for wanted in (essence, f"{kind}/*", "*/*"):
        for media in content:
            if media.media_type.split(";", 1)[0].strip().lower() == wanted:
                return media
    return None


def check_response(
    operation: Operation,
    description: Description,
    status: int,
    headers: Mapping[str, str],
    body: bytes,
) -> Check:
    """How an answer (``status``, ``headers``, ``body``) differs from what ``operation`` declares."""
    check = Check()
    response = declared_response(operation, status)
    if response is None:
        declared = ", ".join(str(r.status) for r in operation.responses) or "none"
        check.differences.append(Difference("status", f"a declared status ({declared})", str(status)))
        return check
    lowered = {name.lower(): value for name, value in headers.items()}
    for name, header in response.headers.items():
        header = description.deref(header)
        missing = name.lower() not in lowered and name.lower() != "content-type"
        if isinstance(header, dict) and header.get("required") and missing:
            check.differences.append(Difference(f"headers/{name}", "this header (required)", "none"))
    content_type = lowered.get("content-type", "")
    if not response.content:
        if body:
            check.differences.append(
                Difference("media type", "no body", content_type or f"{len(body)} bytes")
            )
        return check
    if not body and (status in (204, 304) or operation.method == "head"):
        return check
    media = media_for(response.content, content_type) if content_type else None
    if media is None:
        declared = ", ".join(m.media_type for m in response.content)
        check.differences.append(Difference("media type", f"one of {declared}", content_type or "none"))
        return check
    if not _is_json(media.media_type, content_type) or media.schema is None:
        return check
    try:
        value = json.loads(body)
    except ValueError:
        check.differences.append(Difference("", "a JSON body", _shown_text(body)))
        return check
    found, notes = value_problems(media.schema, value, description, direction="response")
    check.differences.extend(found)
    check.notes.extend(notes)
    return check


def value_problems(
    schema: Any, value: Any, description: Description, *, direction: str
) -> tuple[list[Difference], list[str]]:
    """How ``value`` differs from ``schema`` (of ``description``), and what could not be checked."""
    prepared = _prepared(description, direction)
    validator = prepared.validator(schema)
    differences = []
    for error in validator.iter_errors(value):
        differences.extend(_differences(error))
        if len(differences) >= MAX_DIFFERENCES:
            break
    return differences[:MAX_DIFFERENCES], sorted(prepared.notes)


# --- the description as plain JSON Schema ----------------------------------------------------------------


_PREPARED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _prepared(description: Description, direction: str) -> _Prepared:
    per_description = _PREPARED.setdefault(description, {})
    if direction not in per_description:
        per_description[direction] = _Prepared(description, direction)
    return per_description[direction]


class _Prepared:
    """``description``'s schemas made JSON Schema 2020-12 for one direction, and validators of its schemas.

    Only what a checked schema reaches is converted, when it is first checked: a reference's target is placed
    in ``document`` at its own pointer, which the registry's resource reads (a large description's whole
    document would take a second to convert, for the few components one answer reaches)."""

    def __init__(self, description: Description, direction: str):
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012

        self.description = description
        self.hidden = "readOnly" if direction == "request" else "writeOnly"  # not required that way
        self.siblings_apply = description.format == "openapi" and description.version.startswith("3.1")
        self.notes: set[str] = set()
        self.converted: dict[int, Any] = {}  # id(original node) -> converted: shared and cyclic nodes once
        self.document: dict[str, Any] = {}  # what references reach, converted, each at its own pointer
        self.placed: set[str] = set()  # the references whose targets are in it
        self._folders: set[int] = set()  # ids of the dicts made to hold them on their way (not schemas)
        resource = Resource(contents=self.document, specification=DRAFT202012)
        self.registry = Registry().with_resource(DOC, resource)
        self._validators: dict[int, Any] = {}

    def validator(self, schema: Any) -> Any:
        key = id(schema)
        if key not in self._validators:
            self._validators[key] = _validator_class()(self.convert(schema), registry=self.registry)
        return self._validators[key]

    def convert(self, node: Any) -> Any:
        if isinstance(node, list):
            return [self.convert(item) for item in node]
        if not isinstance(node, dict):
            return node
        key = id(node)
        if key in self.converted:
            return self.converted[key]
        ref = node.get("$ref")
        if isinstance(ref, str) and (not is_local(ref) or not self.description.resolver.resolves(ref)):
            self.notes.add(f"not checked: {ref} (unresolved reference)")
            return {}
        if isinstance(ref, str) and not self.siblings_apply:  # before 3.1, a $ref's siblings are ignored
            node = {"$ref": ref}
        out: dict[str, Any] = {}
        self.converted[key] = out
        for name, value in node.items():
            if name == "$ref" and isinstance(value, str):
                out[name] = DOC + value
                self.place(value)
            elif name == "discriminator" and isinstance(value, dict):
                out[name] = value
            elif name in ("example", "examples", "default", "const", "enum") and not isinstance(value, dict):
                out[name] = value  # values, not schemas
            else:
                out[name] = self.convert(value)
        self.openapi_keywords(node, out)
        return out

    def place(self, ref: str) -> None:
        """The target of the local reference ``ref``, converted, at its pointer in ``document`` (where a
        converted ancestor holds it already, nothing to do)."""
        if ref in self.placed:
            return
        self.placed.add(ref)  # before converting: a cycle back to it stops here
        tokens = pointer_tokens(ref)
        if not tokens:  # "#": the whole document
            self.document.update(self.convert(self.description.document))
            return
        at = self.document
        for token in tokens[:-1]:  # a pointer into a list: its index is a key here, as the resource reads it
            if at is not self.document and id(at) not in self._folders:
                return  # a converted node: the target was converted with it
            if token not in at:
                at[token] = {}
                self._folders.add(id(at[token]))
            at = at[token]
        if at is self.document or id(at) in self._folders:
            at[tokens[-1]] = self.convert(self.description.resolve(ref))

    def openapi_keywords(self, node: dict, out: dict) -> None:
        """3.0 and Swagger 2.0 keywords as 2020-12 says them; a required property hidden in this direction
        is not required."""
        for bound in ("Minimum", "Maximum"):
            exclusive = out.get("exclusive" + bound)
            if isinstance(exclusive, bool):
                del out["exclusive" + bound]
                if exclusive and bound.lower() in out:
                    out["exclusive" + bound] = out.pop(bound.lower())
        if out.get("type") == "file":
            del out["type"]
        if isinstance(out.get("items"), list):  # draft 4's tuple form
            out["prefixItems"] = out.pop("items")
        required, properties = node.get("required"), node.get("properties")
        if isinstance(required, list) and isinstance(properties, dict):
            deref = self.description.deref
            out["required"] = [
                name
                for name in required
                if not (isinstance(p := deref(properties.get(name)), dict) and p.get(self.hidden) is True)
            ]
        if node.get("nullable") is True or node.get("x-nullable") is True:
            kind = out.get("type")
            if isinstance(kind, str):
                out["type"] = [kind, "null"]
            elif isinstance(kind, list) and "null" not in kind:
                out["type"] = [*kind, "null"]
            if isinstance(out.get("enum"), list) and None not in out["enum"]:
                out["enum"] = [*out["enum"], None]
            if kind is None and any(k in out for k in ("$ref", "allOf", "oneOf", "anyOf")):
                rest = {k: out.pop(k) for k in ("$ref", "allOf", "oneOf", "anyOf") if k in out}
                out["anyOf"] = [{"type": "null"}, rest]


# --- validation -----------------------------------------------------------------------------------------

_VALIDATOR: list[Any] = []


def _validator_class() -> Any:
    """Draft 2020-12, with ``oneOf``/``anyOf`` checking the branch a discriminator names."""
    if not _VALIDATOR:
        from jsonschema import Draft202012Validator, ValidationError, validators

        plain = Draft202012Validator.VALIDATORS

        def by_discriminator(keyword: str) -> Any:
            def check(validator: Any, branches: Any, instance: Any, schema: dict) -> Iterator[Any]:
                target = _discriminated(schema, instance)
                if target is not None:
                    yield from validator.descend(instance, {"$ref": target})
                else:
                    yield from plain[keyword](validator, branches, instance, schema)

            return check

        def pattern(validator: Any, pattern: Any, instance: Any, schema: dict) -> Iterator[Any]:
            compiled = _regex(pattern)
            if isinstance(instance, str) and compiled is not None and not compiled.search(instance):
                yield ValidationError(f"{instance!r} does not match {pattern!r}")

        _VALIDATOR.append(
            validators.extend(
                Draft202012Validator,
                {"oneOf": by_discriminator("oneOf"), "anyOf": by_discriminator("anyOf"), "pattern": pattern},
            )
        )
    return _VALIDATOR[0]


@functools.lru_cache(maxsize=4096)
def _regex(pattern: Any) -> re.Pattern | None:
    """``pattern`` compiled, or None when Python cannot read it (an ECMA-only feature): then not checked."""
    try:
        return re.compile(pattern) if isinstance(pattern, str) else None
    except (re.error, RecursionError, OverflowError):
        return None


def _discriminated(schema: dict, instance: Any) -> str | None:
    """The reference of the branch ``schema``'s discriminator names for ``instance``, if it names one."""
    discriminator = schema.get("discriminator")
    if not isinstance(discriminator, dict) or not isinstance(instance, dict):
        return None
    value = instance.get(discriminator.get("propertyName"))
    if not isinstance(value, str):
        return None
    mapping = discriminator.get("mapping")
    target = mapping.get(value) if isinstance(mapping, dict) else None
    branches = [b for key in ("oneOf", "anyOf") for b in schema.get(key) or [] if isinstance(b, dict)]
    refs = [b["$ref"] for b in branches if isinstance(b.get("$ref"), str)]
    if isinstance(target, str):
        if target.startswith("#"):
            return DOC + target
        return next((ref for ref in refs if ref.rsplit("/", 1)[-1] == target), None)
    return next((ref for ref in refs if ref.rsplit("/", 1)[-1] == value), None)


def _differences(error: Any) -> list[Difference]:
    pointer = "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in error.absolute_path)
    kind, wanted, instance = error.validator, error.validator_value, error.instance
    if kind == "required":
        missing = [name for name in wanted if isinstance(instance, dict) and name not in instance]
        return [Difference(f"{pointer}/{name}", "this property (required)", "missing") for name in missing]
    if kind == "type":
        expected = f"type {' or '.join(wanted) if isinstance(wanted, list) else wanted}"
    elif kind == "enum":
        expected = "one of " + ", ".join(_shown(v) for v in wanted[:10])
    elif kind in ("oneOf", "anyOf"):
        expected = f"a value of one of its {len(wanted)} schemas"
    elif kind == "additionalProperties" and wanted is False:
        expected = "no properties beyond the declared ones"
    elif kind == "false":
        expected = "no value here"
    else:
        expected = f"{kind} {_shown(wanted)}"
    return [Difference(pointer, expected, _shown(instance))]


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def _shown_text(body: bytes) -> str:
    text = body[:_SHOWN].decode("utf-8", "replace")
    return repr(text + ("…" if len(body) > _SHOWN else ""))


def _is_json(declared: str, content_type: str) -> bool:
    from orgdocs.project._value_text import is_json_media_type

    return is_json_media_type(content_type or declared) or (
        content_type.split(";")[0].strip().endswith("+json")
    )
