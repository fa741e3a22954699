"""The request form's scripts (``orgdocs.render.site._form_scripts``): every renderer loads the same files, its
parts before ``form.js``, which mounts the page's forms with them."""

from __future__ import annotations

import re
from pathlib import Path

from orgdocs.project import Site
from orgdocs.render.site._form_scripts import FORM_SCRIPTS
from orgdocs.render.site._pages import ASSET_FILES, PageRenderer
from orgdocs.render.site._templating import ASSETS
from orgdocs.render.widgets import _frontend as frontend

SHOP = Path(__file__).resolve().parent / "data" / "static" / "shop" / "docs.config.yaml"
SCRIPT = re.compile(r'<script src="[^"]*?_docs/assets/([^"?]+)\?v=[0-9a-f]+"')


def test_form_js_comes_after_its_parts():
    assert FORM_SCRIPTS[-1] == "form.js"
    assert len(set(FORM_SCRIPTS)) == len(FORM_SCRIPTS)


def test_the_build_ships_every_form_script():
    for name in FORM_SCRIPTS:
        assert (ASSETS / name).is_file(), name
        assert name in ASSET_FILES, name


def test_an_operation_page_loads_the_form_scripts_in_order():
    site = Site(SHOP)
    route = next(iter(site.operations))
    loaded = SCRIPT.findall(PageRenderer(site).operation(route))
    form = [name for name in loaded if name in FORM_SCRIPTS]
    assert form == list(FORM_SCRIPTS)
    # request.js (the request's rules) and code-samples.js (its samples) before the form; code.js (the sample
    # tabs) after it
    assert loaded.index("request.js") < loaded.index("code-samples.js") < loaded.index(FORM_SCRIPTS[0])
    assert loaded.index("form.js") < loaded.index("code.js")


def test_the_notebook_views_run_the_same_form_scripts_in_order():
    banners = re.findall(r"^// (\S+) \(orgdocs/render/site/assets\)$", frontend.ESM, flags=re.MULTILINE)
    form = [name for name in banners if name in FORM_SCRIPTS]
    assert form == list(FORM_SCRIPTS)
    for name in FORM_SCRIPTS:  # each as it is on the site, not a copy that could drift
        assert (ASSETS / name).read_text(encoding="utf-8") in frontend.ESM, name


def test_the_views_parts_come_before_widget_js_and_its_export():
    banners = re.findall(r"^// (\S+) \(orgdocs/render/widgets/static\)$", frontend.ESM, flags=re.MULTILINE)
    assert banners == list(frontend.VIEW_SCRIPTS)
    assert banners[-1] == "widget.js"
    assert frontend.ESM.rstrip().endswith("export default { render };")
