"""Property tests: schemathesis drives the in-process app from its own shipped description.

Every default check runs, in every phase (examples, coverage, fuzzing) and statefully along the description's
links, with a fixed seed and derandomized generation: no failure and never a 500.

One hook makes generated *valid* requests valid in the ways a schema cannot express, and points them at the
seeded organization so they get past 404 and reach the operations: an ``Idempotency-Key`` is unique per
request (reusing one for another request is a 422 by design), and a ``cursor`` is one the server issued (any
other is a 400 by design). Those refusals have their own tests in test_app.py.
"""

from __future__ import annotations

import hashlib
import uuid
from typing import Any

import hypothesis
import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig
from schemathesis.core.parameters import ParameterLocation

from orgdocs.orgapi._cursors import Cursor
from orgdocs.orgapi._store import Position

SEED = 20240501
SETTINGS = hypothesis.settings(derandomize=True, deadline=None, database=None)


def _pick(text: str, choices: list[Any]) -> Any:
    """A deterministic choice driven by a generated value, so the run stays reproducible."""
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
    return choices[digest[0] % len(choices)]


def _is_positive(case: Any, location: ParameterLocation) -> bool:
    return case.meta is None or not case.meta.is_negative_at(location)


@pytest.fixture
def api_schema(app: Any, demo: dict[str, Any]) -> Any:
    config = SchemathesisConfig.from_dict(
        {
            "seed": SEED,
            # Authorization comes from the test (a real token), not from generation.
            "generation": {"max-examples": 100, "with-security-parameters": False},
        }
    )
    schema = schemathesis.openapi.from_asgi("/openapi.json", app, config=config)
    organization_id = demo["organization_id"]
    # The token's own key (api_key_ids[0]) stays out of reach, so one revocation does not end the run.
    revocable = demo["api_key_ids"][1:]
    # Cursors anchored anywhere but at the two oldest keys: a page after those would start with the token's key.
    keys = app.state.store.list_api_keys(organization_id, 100).keys[:-2]
    positions = {key.id: Position(key.created_at, key.id) for key in keys}
    signer = app.state.orgapi.cursors

    @schema.hook
    def map_case(context: Any, case: Any) -> Any:
        path = case.path_parameters
        if path and _is_positive(case, ParameterLocation.PATH):
            # Mostly the demo organization, sometimes whatever was generated (another organization: 404).
            path["organizationId"] = _pick(
                path["organizationId"], [organization_id] * 3 + [path["organizationId"]]
            )
            if "apiKeyId" in path:
                path["apiKeyId"] = _pick(path["apiKeyId"], [*revocable, path["apiKeyId"]])
            if "webhookId" in path:
                path["webhookId"] = _pick(path["webhookId"], [*demo["webhook_ids"], path["webhookId"]])
        headers = case.headers
        if headers and _is_positive(case, ParameterLocation.HEADER):
            for name in list(headers):
                if name.lower() == "idempotency-key" and isinstance(headers[name], str):
                    scope = (
                        f"{headers[name]}|{(path or {}).get('organizationId')}|{(path or {}).get('apiKeyId')}"
                    )
                    headers[name] = str(uuid.uuid5(uuid.NAMESPACE_URL, scope))
        query = case.query
        if query and isinstance(query.get("cursor"), str) and _is_positive(case, ParameterLocation.QUERY):
            direction = _pick(query["cursor"], ["after", "before"])
            position = positions[_pick(query["cursor"] + "@", list(positions))]
            owner = (path or {}).get("organizationId", organization_id)
            query["cursor"] = signer.issue(owner, Cursor(direction, position))
        return case

    return schema


schema = schemathesis.pytest.from_fixture("api_schema")


def _auth(demo: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {demo['token']}"}


@schema.parametrize()
@SETTINGS
def test_every_operation_conforms_to_the_description(case: Any, demo: dict[str, Any]) -> None:
    response = case.call_and_validate(headers=_auth(demo))
    assert response.status_code < 500


def test_linked_operations_conform_to_the_description(api_schema: Any, demo: dict[str, Any]) -> None:
    # Stateful: list -> revoke -> revoke again / list again, following the description's OpenAPI links.
    class Workflow(api_schema.as_state_machine()):  # type: ignore[misc]
        def get_call_kwargs(self, case: Any) -> dict[str, Any]:
            return {"headers": _auth(demo)}

    Workflow.run(
        settings=hypothesis.settings(
            SETTINGS,
            max_examples=40,
            stateful_step_count=6,
            suppress_health_check=list(hypothesis.HealthCheck),
        )
    )
