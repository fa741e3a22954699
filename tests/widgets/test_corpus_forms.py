"""Request forms over the whole corpus: a form made from ``orgdocs.load(x).operations[i]`` builds a request to a
declared server, and every form offers an input for each scheme its operation's ``security`` names.

The site's form (``security_form``) is checked on every operation; the notebook's form on an even spread of
``SAMPLE`` operations per description. Required inputs the description leaves empty are filled with the
generated hint (what a reader would type), so the request can be built.
"""

from __future__ import annotations

import httpx

import orgdocs
from orgdocs.project import _security as security
from orgdocs.project._payload_dicts import security_scheme_dict
from orgdocs.render.site._form import security_form
from orgdocs.render.widgets import RequestForm
from orgdocs.render.widgets._request_form import FormError, allowed_server, input_text
from orgdocs.render.widgets._tokens import TokenStore

SAMPLE = 12
BASE = "http://testserver"  # stands for the page's origin: relative servers and descriptions without one


def _spread(items: list, count: int) -> list:
    if len(items) <= count:
        return items
    step = (len(items) - 1) / (count - 1)
    return [items[round(i * step)] for i in range(count)]


def _fill_required(form: RequestForm) -> None:
    values = {}
    for spec in form._specs:
        if spec.required and form.state.values[spec.key] in ("", None):
            hint = spec.hint if input_text(spec.hint) else None
            if spec.kind in ("integer", "number"):
                hint = hint if isinstance(hint, (int, float)) and not isinstance(hint, bool) else 1
            elif spec.kind == "enum":
                hint = next((o for o in spec.options if input_text(o)), "x")
            values[spec.key] = hint if hint is not None else "x"
    form.set_values(values)
    if form._media_types and not form.state.body.strip():
        form.set_body("{}" if "json" in form.state.media_type else "x")


def test_forms_offer_every_named_scheme_and_build_a_request_to_a_declared_server(loadable_entry):
    description = orgdocs.load(loadable_entry.file)
    schemes = {name: security_scheme_dict(s) for name, s in description.security_schemes.items()}
    operations = description.operations
    for operation in operations:
        named = {n for a in security.security_alternatives(description.security_for(operation)) for n in a}
        offered = security_form(description.security_for(operation), schemes)["schemes"]
        assert {s["name"] for s in offered} == named
        for scheme in offered:
            # every declared scheme of a kind a browser can send gets its inputs; the rest say why not
            declared = schemes.get(scheme["name"])
            if declared is not None and declared["type"] in ("apiKey", "http", "oauth2", "openIdConnect"):
                assert scheme["inputs"] or declared["type"] == "apiKey", scheme
    tokens = TokenStore()
    with httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(200)), base_url=BASE) as client:
        for operation in _spread(operations, SAMPLE):
            form = RequestForm(operation, client=client, tokens=tokens)
            assert form.description is description
            names = {
                n for a in form._alternatives for n in a if security.scheme_inputs(n, form._schemes.get(n))
            }
            if description.security_schemes:
                assert {scheme for scheme, _ in form.credential_fields} == names
            else:  # a description declaring no scheme still gets an Authorization input
                assert form.credential_fields == [("Authorization", "value")]
            _fill_required(form)
            try:
                request = form.request
            except FormError as error:
                # a declared example the input's kind refuses is reported, never anything else
                assert "parameter" in str(error) or "body" in str(error), error
                continue
            url = form.server_url
            assert str(request.url).startswith(str(httpx.URL(url)).rstrip("/"))
            if description.servers:
                assert allowed_server(url, form._servers, None, BASE, form.description_url), url
            else:
                assert url == BASE
