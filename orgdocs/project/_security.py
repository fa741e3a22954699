"""Security schemes -> credential inputs -> what a request carries: the one rule set of every request form.

The site's form (``assets/request.js``), the notebook's form and the code samples all follow these rules; where a
scheme's credential goes (its kind, inputs and what it sends) is data, ``security.json``, which the browser reads
too, and ``tests/cases/requests/security.json`` holds both sides to the same outputs. Schemes are the payload's dicts
(``orgdocs.project._payload_dicts.security_scheme_dict``: ``type``, ``scheme``, ``in``, ``parameterName``, ``flows``,
``openIdConnectUrl``).

- **Alternatives** (``security_alternatives``): the operation's ``security``, else the description's; each
  requirement object is one alternative, the list of the scheme names it names (``{}``, an empty one, means
  "no credentials"); ``security: []`` means none at all.
- **Kinds** (``scheme_kind``, by ``security.json``'s ``kinds``): ``apiKey`` (header, query or cookie), ``basic``, ``bearer``, ``http`` (any other
  http scheme: a raw ``Authorization`` value), ``oauth2`` and ``openIdConnect`` (an access token sent as a
  bearer token), else ``unsupported`` (mutualTLS, an apiKey without a valid ``in``, an unknown type).
- **Inputs** (``scheme_inputs``): one per value the reader types, with its field (``value``, ``username``,
  ``password``), a label naming the scheme and where the value goes (``LedgerKey (header X-Ledger-Key)``) and
  the placeholder variable the code samples show (``API_KEY``, ``TOKEN``, ``USERNAME``/``PASSWORD``,
  ``AUTHORIZATION``; a second one of a name in an alternative gets ``_2``).
- **Credentials** are ``{scheme name: {field: text}}``; blank texts count as missing. A scheme is satisfied when
  each of its fields has a text; the default alternative (``default_alternative``) is the first one whose
  schemes are all satisfied, else the first one made of supported schemes only, else the first.
- **Applied** (``applied_credentials``): ``(location, name, value)`` triples: apiKey -> its location and
  parameter name; basic -> ``Authorization: Basic base64(username:password)`` (UTF-8); bearer, oauth2,
  openIdConnect -> ``Authorization: Bearer <token>``; other http -> ``Authorization: <value>``. Only the
  first ``Authorization`` of an alternative is applied.
- **Flows** (``oauth_flows``): how a token of an oauth2 or openIdConnect scheme is obtained, one entry per
  flow the forms can run (the browser: ``authorizationCode`` with PKCE, ``clientCredentials``, ``implicit``;
  the notebook: ``deviceAuthorization`` and ``clientCredentials``); an openIdConnect scheme's come from its
  discovery document. The token obtained is kept as the scheme's ``value``, as a typed one is.
- **Placeholders** (``placeholder_credentials``): ``$NAME`` for each input of an alternative. A value that is
  a placeholder (``$`` + upper-case letters, digits, ``_``) is never encoded: a query keeps ``$API_KEY``, and
  basic writes ``Basic $USERNAME:$PASSWORD`` (the samples turn it into their language's basic auth).
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

__all__ = [
    "DEVICE_GRANT",
    "PLACEHOLDER",
    "applied_credentials",
    "default_alternative",
    "flow_summary",
    "is_placeholder",
    "oauth_flows",
    "placeholder_credentials",
    "satisfied",
    "scheme_inputs",
    "scheme_kind",
    "security_alternatives",
    "security_rules",
]

PLACEHOLDER = re.compile(r"\$[A-Z][A-Z0-9_]*")
_RULES = json.loads(Path(__file__).with_name("security.json").read_text(encoding="utf-8"))
_KINDS: dict[str, str] = _RULES["kinds"]
_SLOT = re.compile(r"\{(\w+)\}")
Credentials = Mapping[str, Mapping[str, str]]


def security_rules() -> dict[str, Any]:
    """``security.json`` (without its comment): the table the browser reads too."""
    return {key: value for key, value in _RULES.items() if key != "comment"}


def security_alternatives(requirements: Any) -> list[list[str]]:
    """The alternatives of a ``security`` list (the operation's, else the description's): scheme names each."""
    if not isinstance(requirements, list):
        return []
    return [[str(name) for name in item] for item in requirements if isinstance(item, dict)]


def scheme_kind(scheme: Mapping[str, Any] | None) -> str:
    """``apiKey``, ``basic``, ``bearer``, ``http``, ``oauth2``, ``openIdConnect`` or ``unsupported``."""
    if not isinstance(scheme, Mapping) or not isinstance(scheme.get("type"), str):
        return "unsupported"
    kind = scheme["type"]
    if kind == "apiKey" and not (scheme.get("in") in _RULES["apiKeyPlaces"] and scheme.get("parameterName")):
        return "unsupported"
    http = f"{kind} {str(scheme.get('scheme') or '').lower()}"
    return _KINDS.get(http) or _KINDS.get(kind) or "unsupported"


def scheme_inputs(name: str, scheme: Mapping[str, Any] | None) -> list[dict]:
    """The inputs of scheme ``name``: ``{field, label, secret, variable}`` each (none when unsupported)."""
    kind = _RULES["schemes"].get(scheme_kind(scheme))
    if kind is None:
        return []
    slots = {
        "name": name,
        "in": str(scheme.get("in")),  # type: ignore[union-attr]
        "parameterName": str(scheme.get("parameterName")),  # type: ignore[union-attr]
        "scheme": str(scheme.get("scheme") or "") or "http",  # type: ignore[union-attr]
    }
    return [
        {
            "field": item["field"],
            "label": _fill(item["label"], slots),
            "secret": item.get("secret", True),
            "variable": item["variable"],
        }
        for item in kind["inputs"]
    ]


def _fill(template: str, slots: Mapping[str, str]) -> str:
    return _SLOT.sub(lambda match: slots[match.group(1)], template)


def flow_summary(scheme: Mapping[str, Any] | None) -> list[dict]:
    """Where an oauth2 or openIdConnect token comes from: ``{flow, url, authorizationUrl, tokenUrl, scopes}``
    per oauth2 flow (scopes as ``[name, description]`` pairs; ``url`` empty), or one ``openIdConnect`` entry
    whose ``url`` is the discovery document."""
    if not isinstance(scheme, Mapping):
        return []
    if scheme.get("type") == "openIdConnect":
        url = str(scheme.get("openIdConnectUrl") or "")
        return [{"flow": "openIdConnect", "url": url, "authorizationUrl": "", "tokenUrl": "", "scopes": []}]
    flows = scheme.get("flows") if scheme.get("type") == "oauth2" else None
    found = []
    for flow, spec in (flows or {}).items():
        spec = spec if isinstance(spec, Mapping) else {}
        scopes = spec.get("scopes") if isinstance(spec.get("scopes"), Mapping) else {}
        found.append(
            {
                "flow": str(flow),
                "url": "",
                "authorizationUrl": str(spec.get("authorizationUrl") or ""),
                "tokenUrl": str(spec.get("tokenUrl") or ""),
                "scopes": [[str(k), str(v or "")] for k, v in scopes.items()],
            }
        )
    return found


# OpenAPI's flow names (the model maps Swagger 2.0's); OpenAPI 3.2 adds deviceAuthorization
_KNOWN_FLOWS = ("authorizationCode", "clientCredentials", "implicit", "password", "deviceAuthorization")
DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"


def oauth_flows(scheme: Mapping[str, Any] | None, discovery: Mapping[str, Any] | None = None) -> list[dict]:
    """The flows of an oauth2 scheme, or of an openIdConnect scheme given its ``discovery`` document:
    ``{flow, authorizationUrl, tokenUrl, deviceAuthorizationUrl, scopes}`` each (``scopes`` as ``[name,
    description]`` pairs; URLs as the description writes them, maybe relative). An openIdConnect scheme
    offers ``authorizationCode`` when the document names an authorization endpoint, ``clientCredentials``
    and ``deviceAuthorization`` when its grant types (or its device endpoint) say so."""
    if not isinstance(scheme, Mapping):
        return []
    if scheme.get("type") == "openIdConnect":
        return _discovered_flows(discovery or {})
    found = []
    for summary in flow_summary(scheme):
        flow = summary["flow"]
        if flow not in _KNOWN_FLOWS:
            continue
        spec = (scheme.get("flows") or {}).get(summary["flow"]) or {}
        device = spec.get("deviceAuthorizationUrl") if isinstance(spec, Mapping) else None
        found.append(
            {
                "flow": flow,
                "authorizationUrl": summary["authorizationUrl"],
                "tokenUrl": summary["tokenUrl"],
                "deviceAuthorizationUrl": str(device or ""),
                "scopes": summary["scopes"],
            }
        )
    return found


def _discovered_flows(document: Mapping[str, Any]) -> list[dict]:
    def text(key: str) -> str:
        value = document.get(key)
        return value if isinstance(value, str) else ""

    grants = document.get("grant_types_supported")
    # OpenID Connect Discovery: without the list, authorization_code and implicit are supported
    grants = [str(g) for g in grants] if isinstance(grants, list) else ["authorization_code", "implicit"]
    supported = document.get("scopes_supported")
    scopes = [[str(s), ""] for s in supported] if isinstance(supported, list) else [["openid", ""]]
    token, device = text("token_endpoint"), text("device_authorization_endpoint")
    found = []
    if text("authorization_endpoint") and token and "authorization_code" in grants:
        found.append(_flow("authorizationCode", text("authorization_endpoint"), token, "", scopes))
    if token and "client_credentials" in grants:
        found.append(_flow("clientCredentials", "", token, "", scopes))
    if token and device and (DEVICE_GRANT in grants or "grant_types_supported" not in document):
        found.append(_flow("deviceAuthorization", "", token, device, scopes))
    return found


def _flow(flow: str, authorization: str, token: str, device: str, scopes: list) -> dict:
    return {
        "flow": flow,
        "authorizationUrl": authorization,
        "tokenUrl": token,
        "deviceAuthorizationUrl": device,
        "scopes": scopes,
    }


def satisfied(alternative: list[str], schemes: Mapping[str, Any], credentials: Credentials) -> bool:
    """Whether every scheme of ``alternative`` is supported and has a text for each of its fields."""
    for name in alternative:
        inputs = scheme_inputs(name, schemes.get(name))
        if not inputs:
            return False
        given = credentials.get(name) or {}
        if any(not str(given.get(i["field"]) or "").strip() for i in inputs):
            return False
    return True


def default_alternative(
    alternatives: list[list[str]], schemes: Mapping[str, Any], credentials: Credentials
) -> int:
    """The alternative used until the reader picks one: the first satisfied, else the first supported one."""
    for index, alternative in enumerate(alternatives):
        if satisfied(alternative, schemes, credentials):
            return index
    for index, alternative in enumerate(alternatives):
        if all(scheme_inputs(name, schemes.get(name)) for name in alternative):
            return index
    return 0


def placeholder_credentials(alternative: list[str], schemes: Mapping[str, Any]) -> dict[str, dict[str, str]]:
    """``$NAME`` placeholders for the inputs of ``alternative`` (what code samples show instead of values)."""
    used: dict[str, int] = {}
    found: dict[str, dict[str, str]] = {}
    for name in alternative:
        for item in scheme_inputs(name, schemes.get(name)):
            variable = item["variable"]
            used[variable] = used.get(variable, 0) + 1
            suffix = f"_{used[variable]}" if used[variable] > 1 else ""
            found.setdefault(name, {})[item["field"]] = f"${variable}{suffix}"
    return found


def is_placeholder(text: str) -> bool:
    return PLACEHOLDER.fullmatch(text) is not None


def applied_credentials(
    alternative: list[str], schemes: Mapping[str, Any], credentials: Credentials
) -> list[tuple[str, str, str]]:
    """``(location, name, value)`` of every credential of ``alternative`` that has its texts, in order. A
    request has one ``Authorization`` header: a later scheme of the alternative that would set it again is
    left out (Google's descriptions require two oauth2 schemes that stand for one token)."""
    applied: list[tuple[str, str, str]] = []
    for name in alternative:
        scheme = schemes.get(name)
        kind = _RULES["schemes"].get(scheme_kind(scheme))
        given = credentials.get(name) or {}
        texts = (
            {item["field"]: str(given.get(item["field"]) or "") for item in kind["inputs"]} if kind else {}
        )
        if not any(text.strip() for text in texts.values()):
            continue
        slots = {
            "value": texts.get("value", "").strip(),
            "basic": _basic(texts.get("username", ""), texts.get("password", "")),
            "in": str(scheme.get("in")),  # type: ignore[union-attr]  # a supported scheme: a mapping
            "parameterName": str(scheme.get("parameterName")),  # type: ignore[union-attr]
        }
        location, header, value = (_fill(part, slots) for part in kind["sends"])  # type: ignore[index]
        applied.append((location, header, value))
    found, seen = [], False
    for location, name, value in applied:
        if location == "header" and name == "Authorization":
            if seen:
                continue
            seen = True
        found.append((location, name, value))
    return found


def _basic(username: str, password: str) -> str:
    if is_placeholder(username) and is_placeholder(password):
        return f"{username}:{password}"
    return base64.b64encode(f"{username}:{password}".encode()).decode("ascii")
