"""orgdocs.model._titles: operation titles (the seed's rule) and kebab-case route segments."""

from __future__ import annotations

import re

import pytest

from orgdocs.model import Operation
from orgdocs.model._titles import humanize, kebab, operation_title


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("listAPIKeys", "list-api-keys"),  # CONTRACT section 5
        ("listApiKeys", "list-api-keys"),
        ("ListAPIKeys", "list-api-keys"),
        ("list_api_keys", "list-api-keys"),
        ("GET /organizations/{organizationId}/api-keys", "get-organizations-organization-id-api-keys"),
        ("Organization API", "organization-api"),
        ("  Organization   API  ", "organization-api"),
        ("repos/list-for-org", "repos-list-for-org"),
        ("users.list", "users-list"),
        ("v2Items", "v2-items"),  # digits stay with the word before them
        ("oauth2Token", "oauth2-token"),
        ("HTTP2Server", "http2-server"),
        ("2faSetup", "2fa-setup"),
        ("getIDs", "get-ids"),  # an acronym keeps its plural s
        ("URLSigner", "url-signer"),
        ("Crème brûlée", "creme-brulee"),  # non-ASCII folded
        ("Straße", "strasse"),
        ("Łódź", "lodz"),
        ("Ærø", "aero"),
        ("Don't panic!", "dont-panic"),  # punctuation dropped
        ("Pets & Owners (v1)", "pets-owners-v1"),
        ("a--b__c", "a-b-c"),
        ("获取用户", ""),  # nothing with an ASCII spelling is left
        ("", ""),
        ("!!!", ""),
    ],
)
def test_kebab(text, slug):
    assert kebab(text) == slug


@pytest.mark.parametrize(
    "text",
    ["listAPIKeys", "Ünïcödé Tëxt", "x\u0301y", "Ⅻ fullwidth \uff21\uff22\uff23", "tab\there", "😀 emoji"],
)
def test_kebab_output_is_lowercase_ascii_letters_digits_and_single_hyphens(text):
    assert re.fullmatch(r"([a-z0-9]+(-[a-z0-9]+)*)?", kebab(text))


@pytest.mark.parametrize(
    ("identifier", "title"),
    [
        ("listApiKeys", "List api keys"),  # CONTRACT section 4
        ("listAPIKeys", "List api keys"),
        ("repos/list-for-org", "Repos list for org"),
        ("get_user_by_id", "Get user by id"),
        ("GetUsers", "Get users"),
        ("v2Items", "V2 items"),
        ("créerCompte", "Créer compte"),  # letters of any script are kept
        ("获取用户", "获取用户"),
        ("---", "---"),  # nothing to split: kept as written
    ],
)
def test_humanize(identifier, title):
    assert humanize(identifier) == title


def _operation(**fields) -> Operation:
    return Operation(
        method="get", path="/orgs/{orgId}/api-keys", pointer="#/paths/~1orgs~1{orgId}~1api-keys/get", **fields
    )


@pytest.mark.parametrize(
    ("fields", "title"),
    [
        ({"summary": "List API keys", "operation_id": "listApiKeys"}, "List API keys"),  # summary first
        ({"summary": "  List\n  API keys  "}, "List API keys"),  # on one line
        ({"summary": "   ", "operation_id": "listAPIKeys"}, "List api keys"),  # a blank summary is none
        ({"operation_id": "listApiKeys"}, "List api keys"),
        ({"operation_id": "获取用户"}, "获取用户"),
        ({"operation_id": "---"}, "GET /orgs/{orgId}/api-keys"),  # nothing readable in it
        ({}, "GET /orgs/{orgId}/api-keys"),  # uppercase method, then the path
    ],
)
def test_operation_title(fields, title):
    operation = _operation(**fields)
    assert operation_title(operation) == title
    assert operation.title == title
