"""Example values for request bodies, responses and parameters, taken from the description or generated.

When a description gives no example, one is generated from the schema, deterministically: the same schema
always gives the same value, whatever was generated before. Every renderer (static pages, the browser's
body editor, the notebook form, tables) shows these values, and the per-operation payload carries them.

Rules of ``example_from_schema``, in order:

1. The schema's own value: ``example``, else the first of ``examples`` (a JSON Schema array), ``default``,
   ``const``, the first non-null ``enum`` member, when it has the schema's ``type`` (a description's
   ``example: 500`` for a string, or ``null`` where null is not allowed, is passed over: generated values
   must pass the schema, as a mock's answers are checked). A ``$ref`` with such siblings uses them.
2. ``$ref``: the target's example. A reference met again on the current path is cut, and a cut leaves the
   smallest value the schema accepts (``Walk.smallest``): ``None`` where null is allowed, an object of its
   required properties only (a few levels deep), ``[]`` (or ``minItems`` smallest items), a scalar as
   generated. An array whose items are cut is ``[]``. An unresolvable reference gives ``None``.
3. ``allOf``: the parts' examples merged (objects deep-merged, later keys win; else the last non-null).
4. ``oneOf``/``anyOf``: with a ``discriminator`` mapping, the first mapping entry that names a branch (else
   the first entry), with the discriminator property set to its key; else the first branch that is not
   ``{"type": "null"}`` (its component name set as the discriminator value, if there is a discriminator).
   A component that extends, through ``allOf``, a base with a discriminator sets the property to its
   mapping key, else to its own name. Where the branch declares the property's value itself (one ``enum``
   member, or ``const``), that value is set instead of a name its schema would refuse.
5. By type (a 3.1 type list uses its first non-null member; without ``type``, ``properties`` means
   object, ``items`` array, a string format or length string, bounds number): objects list every property
   (the ``required`` direction: the required ones only) except ``readOnly`` ones in requests and
   ``writeOnly`` ones in responses, and only when there is no
   property an ``additionalProp1`` entry from an ``additionalProperties`` schema; arrays hold one item (or
   ``minItems``, up to 3); strings match their ``pattern`` (``_pattern_example``; the format's text where the
   pattern takes it), else come from ``format`` (``_STRING_FORMATS``) or are ``"string"`` fitted to
   ``minLength``/``maxLength``; numbers are 0 moved into ``minimum``/
   ``maximum`` (exclusive too) and onto ``multipleOf``; booleans ``True``; Swagger's ``file`` ``"<binary>"``.

Values nest at most ``MAX_DEPTH`` levels, one example visits at most ``MAX_VALUES`` schemas (so a large
web of mutually recursive schemas stays small), and at most ``MAX_OPEN_SCHEMAS`` schemas are open at once,
``$ref``, ``allOf``, ``oneOf`` and ``anyOf`` counted (so a chain of 50,000 references or ``allOf`` links is cut,
not a ``RecursionError``); past any limit values are cut like cycles. Results are
memoized per ``(ref, direction)`` for each resolver (a ``Description.resolve``, kept as long as its
description lives, which must not change meanwhile), so a pass over every operation of a large description
reuses the shared components; a memoized value is reused only where generating it again would give the same.
"""

from __future__ import annotations

from typing import Any, Literal

from orgdocs.loading import follow
from orgdocs.model import MediaType, Operation, Parameter
from orgdocs.project._example_limits import MAX_DEPTH, MAX_OPEN_SCHEMAS, MAX_VALUES
from orgdocs.project._example_values import left_out, plain
from orgdocs.project._example_walk import Resolve, generate

__all__ = [
    "MAX_DEPTH",
    "MAX_OPEN_SCHEMAS",
    "MAX_VALUES",
    "Direction",
    "Resolve",
    "declared_example",
    "example_from_schema",
    "left_out",
    "media_example",
    "operation_examples",
    "parameter_example",
]

# "required": a request body of the required properties only (what a form's body editor starts from)
Direction = Literal["request", "response", "required"]


def example_from_schema(schema: Any, resolve: Resolve, *, direction: Direction) -> Any:
    """A deterministic example of ``schema`` (see the module docstring): JSON-ready, a fresh copy."""
    return plain(generate(schema, resolve, direction))


def media_example(media: MediaType, resolve: Resolve, *, direction: Direction) -> tuple[bool, Any]:
    """``(generated, value)``: the media type's own ``example`` or first usable ``examples`` entry, else a
    value generated from its schema. An Example Object with only ``externalValue`` is skipped (not fetched).
    """
    generated, value = _media_example(media, resolve, direction)
    return generated, plain(value)


def parameter_example(param: Parameter, resolve: Resolve) -> Any:
    """A parameter's ``example``, else its first usable ``examples`` entry, else one from its schema (or from
    the first media type of its ``content``)."""
    found, value = declared_example(param.example, param.has_example, param.examples, resolve)
    if found:
        return plain(value)
    if param.schema is None and param.content:
        return media_example(param.content[0], resolve, direction="request")[1]
    return example_from_schema(param.schema, resolve, direction="request")


def operation_examples(operation: Operation, resolve: Resolve) -> dict[str, Any]:
    """``{"request": {media type: {"value", "generated"[, "start"]}}, "responses": {status: {media type: ...}}}``.

    ``start``, for a generated request body, is the example of its required properties only (what a form's
    body editor starts from), where it differs from the whole one; not for a webhook, which has no form.

    Every media type of the request body is listed; responses without content are left out. The values
    are JSON-ready but not copied (they share parts with each other and with later results, which keeps a
    pass over a large description cheap): serialize them, or copy before changing one.
    """
    request: dict[str, Any] = {}
    if operation.request_body is not None:
        for media in operation.request_body.content:
            generated, value = _media_example(media, resolve, "request")
            request[media.media_type] = {"value": value, "generated": generated}
            if generated and not operation.webhook:  # a form starts from the required fields only
                start = generate(media.schema, resolve, "required")
                if start != value:
                    request[media.media_type]["start"] = start
    responses: dict[str, Any] = {}
    for response in operation.responses:
        entries = {}
        for media in response.content:
            generated, value = _media_example(media, resolve, "response")
            entries[media.media_type] = {"value": value, "generated": generated}
        if entries:
            responses[str(response.status)] = entries
    return {"request": request, "responses": responses}


# --- declared examples ------------------------------------------------------------------------------------


def _media_example(media: MediaType, resolve: Resolve, direction: str) -> tuple[bool, Any]:
    found, value = declared_example(media.example, media.has_example, media.examples, resolve)
    if found:
        return False, plain(value)
    return True, generate(media.schema, resolve, direction)


def declared_example(example: Any, has_example: bool, examples: dict, resolve: Resolve) -> tuple[bool, Any]:
    """``(found, value)``: the ``example`` of a parameter or media type (``has_example``: an explicit
    ``example: null`` counts), else the ``value`` of its first usable ``examples`` entry."""
    if has_example or example is not None:
        return True, example
    for entry in (examples or {}).values():
        entry = follow(entry, resolve)
        if isinstance(entry, dict) and "value" in entry:
            return True, entry["value"]
    return False, None


# --- generation -------------------------------------------------------------------------------------------
