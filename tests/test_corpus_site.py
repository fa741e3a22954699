"""The whole corpus through the site model: every description of the MANIFEST, wrapped in a generated config.

For each one that loads, every operation has a unique kebab-case route and a payload that is strict JSON
whose ``components`` are closed (every reference they or the operation make is a component or listed as
unresolved). One that does not load fails ``Site`` construction with a one-line error naming the config place.
Every operation and payload of the dev set is covered; on ``large/`` every route, and an even spread of
payloads (Stripe's add up to 446 MB, Microsoft Graph beta's to 3.7 GB: the benchmark computes them all).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

import orgdocs
from orgdocs import DescriptionError, Site
from orgdocs.project._config import load_config
from orgdocs.project._payloads import reachable_refs

CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
pytestmark = pytest.mark.skipif(not CORPUS.exists(), reason=f"no corpus at {CORPUS} (set ORGDOCS_CORPUS)")

ROUTE = re.compile(r"^/api(/[a-z0-9]+(?:-[a-z0-9]+)*){2}$")
SAMPLE_SIZE = 250  # payloads checked per large/ description (the dev set: all of them)


def _refuse(constant: str):
    raise ValueError(f"not JSON: {constant}")


def _sample(routes: list[str], path: str) -> list[str]:
    """Every route of the dev set; on large/, an even spread of SAMPLE_SIZE, the last one included."""
    if not path.startswith("large/") or len(routes) <= SAMPLE_SIZE:
        return routes
    step = len(routes) / SAMPLE_SIZE
    return [routes[int(i * step)] for i in range(SAMPLE_SIZE - 1)] + [routes[-1]]


def test_every_operation_has_a_unique_route_and_a_json_payload(corpus_entry):
    file = corpus_entry.file
    config = load_config(
        {"content": ".", "groups": [{"group": "API", "sections": [{"schema": file.name}]}]}, base=file.parent
    )
    try:
        site = Site(config)
    except DescriptionError as error:
        message = str(error)
        assert message.startswith(f"<config>: groups[0].sections[0]: {file.name}: ")
        assert "\n" not in message
        with pytest.raises(DescriptionError):  # the loader refuses it too: the site added no failure
            orgdocs.load(file)
        return

    (description,) = site.descriptions
    operations = [*description.operations, *description.webhooks]
    routes = list(site.operations)
    assert len(routes) == len(operations) == len(site.index["endpoints"])
    assert len(set(routes)) == len(routes)
    assert {id(e.operation) for e in site.operations.values()} == {id(o) for o in operations}
    bad = [route for route in routes if not ROUTE.match(route)]
    assert not bad, bad[:5]
    navigated = [item["route"] for s in site.navigation[0]["sections"] for item in s["items"]]
    assert navigated == routes

    for route in _sample(routes, corpus_entry.path):
        entry = site.operations[route]
        text = site.payload_json(route)
        payload = json.loads(text, parse_constant=_refuse)
        assert payload["route"] == route
        assert payload["operation"]["method"] == entry.operation.method.upper()
        held = set(payload["components"]) | set(payload["unresolved"])
        missing = {ref for ref in reachable_refs(payload["operation"]) if ref not in held}
        for ref in payload["components"]:
            missing.update(r for r in entry.reach.edges(ref) if r not in held)
        assert not missing, (route, sorted(missing)[:5])
        assert set(payload["securitySchemes"]) <= set(description.security_schemes)


def _component_keys(site: Site) -> set[str]:
    return {key for route in site.operations for key in site.payload(route)["components"]}


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        (  # refs into #/paths with ~1 escapes, forming a cycle
            "edge/readme-oas-examples/3.0-circular-paths.json",
            "#/paths/~1anything/post/requestBody/content/application~1json/schema/properties/circular",
        ),
        (
            "swagger2/apisguru-clarify.io-1.3.7-swagger.yaml",
            "#/definitions/Ref%20(of%20Bundle)",
        ),  # percent-encoded
        (  # a ref into #/paths, escaped with both ~1 and percent-encoding
            "swagger2/apisguru-azure.com-network-applicationGateway-2019-08-01-swagger.yaml",
            "#/paths/~1subscriptions~1%7BsubscriptionId%7D~1providers~1Microsoft.Network"
            "~1applicationGatewayAvailableServerVariables/get/responses/default/schema",
        ),
        (
            "swagger2/apisguru-geneea.com-1.0-swagger.yaml",
            "#/definitions/Information%20about%20a%20user%20account.",
        ),
    ],
)
def test_escaped_pointers_of_the_corpus_are_components_as_written(path, expected):
    site = Site.from_description(CORPUS / path)
    assert expected in _component_keys(site)


def test_corpus_duplicate_operation_ids_keep_both_operations():
    site = Site.from_description(CORPUS / "edge/swagger-parser-v3-duplicate-operation-ids.yaml")
    assert list(site.operations) == ["/api/users/users", "/api/users/users-2"]
    assert [p.kind for p in site.problems] == ["duplicate-operation-id", "route-suffix"]


def test_corpus_without_operation_ids_routes_by_method_and_path():
    site = Site.from_description(CORPUS / "swagger2/apisguru-xero.com-2.0-swagger.yaml")
    assert list(site.operations)[:3] == [  # methods in the order the file writes them
        "/api/accounts/get-accounts",
        "/api/accounts/post-accounts",
        "/api/accounts/put-accounts",
    ]
