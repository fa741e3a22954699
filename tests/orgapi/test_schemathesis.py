"""Property tests: schemathesis drives the in-process app from its own shipped description.

Every default check runs, in every phase (examples, coverage, fuzzing) and statefully along the description's
links, with a fixed seed and derandomized generation. Two hooks make generated *valid* requests valid in the
ways a schema cannot say: an Idempotency-Key is unique per request (a reused key is a 422 by design), and a
cursor is one the server issued (any other is a 400 by design). Both refusals are tested in test_app.py.
"""

from __future__ import annotations

import hashlib
import uuid
from typing import Any

import hypothesis
import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig

from orgdocs.orgapi.cursors import Cursor
from orgdocs.orgapi.store import Position

SEED = 20240501


@pytest.fixture
def api_schema(app: Any, demo: dict[str, Any]) -> Any:
    config = SchemathesisConfig.from_dict(
        {
            "seed": SEED,
            "headers": {"Authorization": f"Bearer {demo['token']}"},
            "generation": {"max-examples": 40},
        }
    )
    schema = schemathesis.openapi.from_asgi("/openapi.json", app, config=config)
    organization_id = demo["organization_id"]
    webhook_ids = demo["webhook_ids"]
    signer = app.state.orgapi.cursors

    def _pick(text: str, choices: list[Any]) -> Any:
        digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
        return choices[digest[0] % len(choices)]

    @schema.hook
    def map_case(context: Any, case: Any) -> Any:
        positive = case.meta is None or case.meta.generation.mode.is_positive
        if not positive:
            return case
        path = case.path_parameters or {}
        # Mostly the demo organization (so requests reach the operations), sometimes a stranger's (404).
        if "organizationId" in path:
            path["organizationId"] = _pick(path["organizationId"], [organization_id] * 3 + [path["organizationId"]])
        if "webhookId" in path:
            path["webhookId"] = _pick(path["webhookId"], [*webhook_ids, path["webhookId"]])
        headers = case.headers or {}
        for name in list(headers):
            if name.lower() == "idempotency-key":
                scope = f"{headers[name]}|{path.get('organizationId')}|{path.get('apiKeyId')}"
                headers[name] = str(uuid.uuid5(uuid.NAMESPACE_URL, scope))
        query = case.query or {}
        if isinstance(query.get("cursor"), str):
            keys = demo["api_key_ids"]
            direction = _pick(query["cursor"], ["after", "before"])
            anchor = _pick(query["cursor"] + "@", keys)
            store = app.state.store
            key = next(k for k in store.list_api_keys(organization_id, 100).keys if k.id == anchor)
            query["cursor"] = signer.issue(path.get("organizationId", organization_id), Cursor(direction, Position(key.created_at, key.id)))
        return case

    return schema


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@hypothesis.settings(derandomize=True, deadline=None, database=None)
def test_every_operation_against_its_description(case: Any) -> None:
    response = case.call_and_validate()
    assert response.status_code < 500
