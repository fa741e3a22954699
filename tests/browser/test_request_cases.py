"""The case files of ``tests/cases/requests`` against ``assets/request.js`` and ``assets/code-samples.js`` in
Chromium: the browser must give what they expect, as Python does (``tests/test_request_cases.py``). The page loads
the scripts an operation page loads for its form: ``samples.js`` (the rule data), ``request.js`` and
``code-samples.js``."""

from __future__ import annotations

import pytest
from request_cases import case_id, cases, load, payload_operation

from .script_page import script_page

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def page(browser):
    with script_page(browser, "samples.js", "request.js", "code-samples.js") as page:
        yield page


def _differences(found: list, file: str) -> list[str]:
    return [
        f"{case_id(case) or index}: expected {case['expected']!r}, the browser gives {made!r}"
        for index, (case, made) in enumerate(zip(cases(file), found, strict=True))
        if made != case["expected"]
    ]


def test_build_request(page):
    operations = {name: payload_operation(op) for name, op in load("build_request")["operations"].items()}
    found = page.evaluate(
        """([operations, cases]) => cases.map((c) =>
            window.orgdocs.request.buildRequest(operations[c.operation], c.options))""",
        [operations, cases("build_request")],
    )
    assert _differences(found, "build_request") == []


def test_code_samples(page):
    found = page.evaluate(
        "(cases) => cases.map((c) => window.orgdocs.samples.codeSamples(c.parts, !!c.reveal))",
        cases("samples"),
    )
    assert _differences(found, "samples") == []


def test_sample_tokens(page):
    found = page.evaluate(
        "(cases) => cases.map((c) => window.orgdocs.samples.sampleTokens(c.text, c.language))",
        cases("sample_tokens"),
    )
    assert _differences(found, "sample_tokens") == []


def test_scheme_kinds_and_inputs(page):
    data = load("security")
    found = page.evaluate(
        """([schemes, cases]) => cases.map((c) => [
            window.orgdocs.request.schemeKind(schemes[c.scheme]),
            window.orgdocs.request.schemeInputs(c.scheme, schemes[c.scheme]),
        ])""",
        [data["schemes"], data["schemeCases"]],
    )
    expected = [[case["kind"], case["inputs"]] for case in data["schemeCases"]]
    assert found == expected


def test_security(page):
    found = page.evaluate(
        """([schemes, cases]) => cases.map((c) => {
            const R = window.orgdocs.request;
            const alternatives = R.securityAlternatives(c.security);
            return {
                alternatives: alternatives,
                default: R.defaultAlternative(alternatives, schemes, c.credentials),
                each: alternatives.map((a) => ({
                    satisfied: R.satisfied(a, schemes, c.credentials),
                    placeholders: R.placeholderCredentials(a, schemes),
                    applied: R.appliedCredentials(a, schemes, c.credentials),
                    appliedPlaceholders: R.appliedCredentials(a, schemes, R.placeholderCredentials(a, schemes)),
                })),
            };
        })""",
        [load("security")["schemes"], cases("security")],
    )
    assert _differences(found, "security") == []


def test_server_url(page):
    found = page.evaluate(
        "(cases) => cases.map((c) => window.orgdocs.request.serverUrl(c.url, c.descriptionUrl, c.pageUrl))",
        cases("servers"),
    )
    assert _differences(found, "servers") == []


def test_request_problems(page):
    found = page.evaluate(
        """([operation, cases]) => cases.map((c) =>
            window.orgdocs.request.requestProblems(operation, c.parts, c.options))""",
        [payload_operation(load("problems")["operation"]), cases("problems")],
    )
    assert _differences(found, "problems") == []
