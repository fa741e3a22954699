"""The case files of ``tests/cases/requests`` against Python: requests, security, servers, checks before
sending, code samples and their colours (``tests/browser/test_request_cases.py`` runs the same against
``request.js``)."""

from __future__ import annotations

import pytest
from request_cases import case_id, cases, load, model_operation, parts_of, request_dict

from orgdocs.project import _security as security
from orgdocs.project._request_checks import request_problems
from orgdocs.project._requests import build_request
from orgdocs.project._servers import server_url
from orgdocs.project.samples import code_samples
from orgdocs.render.site._highlight import sample_tokens


@pytest.mark.parametrize("case", cases("build_request"), ids=case_id)
def test_build_request(case):
    operation = model_operation(load("build_request")["operations"][case["operation"]])
    options = case["options"]
    parts = build_request(
        operation,
        server_url=options["serverUrl"],
        values=options.get("values", {}),
        body=options["body"],
        media_type=options.get("mediaType"),
        token=options.get("token"),
        credentials=[tuple(c) for c in options.get("credentials", [])],
        headers=[tuple(h) for h in options.get("headers", [])],
    )
    assert request_dict(parts) == case["expected"]


@pytest.mark.parametrize("case", cases("samples"), ids=case_id)
def test_code_samples(case):
    samples = code_samples(parts_of(case["parts"]), reveal_token=bool(case.get("reveal")))
    assert samples == case["expected"]


@pytest.mark.parametrize("case", cases("sample_tokens"), ids=case_id)
def test_sample_tokens(case):
    tokens = sample_tokens(case["text"], case["language"])
    assert [list(token) for token in tokens] == case["expected"]
    assert "".join(text for _, text in tokens) == case["text"]


@pytest.mark.parametrize("case", load("security")["schemeCases"], ids=lambda case: case["scheme"])
def test_scheme_kinds_and_inputs(case):
    scheme = load("security")["schemes"].get(case["scheme"])
    assert security.scheme_kind(scheme) == case["kind"]
    assert security.scheme_inputs(case["scheme"], scheme) == case["inputs"]


@pytest.mark.parametrize("case", cases("security"), ids=lambda case: str(case["security"]))
def test_security(case):
    schemes, credentials = load("security")["schemes"], case["credentials"]
    alternatives = security.security_alternatives(case["security"])
    each = []
    for alternative in alternatives:
        placeholders = security.placeholder_credentials(alternative, schemes)
        each.append(
            {
                "satisfied": security.satisfied(alternative, schemes, credentials),
                "placeholders": placeholders,
                "applied": [list(c) for c in security.applied_credentials(alternative, schemes, credentials)],
                "appliedPlaceholders": [
                    list(c) for c in security.applied_credentials(alternative, schemes, placeholders)
                ],
            }
        )
    found = {
        "alternatives": alternatives,
        "default": security.default_alternative(alternatives, schemes, credentials),
        "each": each,
    }
    assert found == case["expected"]


@pytest.mark.parametrize("case", cases("servers"), ids=case_id)
def test_server_url(case):
    found = server_url(case["url"], description_url=case["descriptionUrl"], page_url=case["pageUrl"])
    assert found == case["expected"]


@pytest.mark.parametrize("case", cases("problems"), ids=case_id)
def test_request_problems(case):
    operation = model_operation(load("problems")["operation"])
    options = case["options"]
    parts = parts_of({"method": operation.method.upper(), **case["parts"]})
    problems = request_problems(
        operation,
        parts,
        values=options["values"],
        server=options["server"],
        body_text=options["bodyText"],
        media_type=options["mediaType"],
    )
    assert problems == case["expected"]
