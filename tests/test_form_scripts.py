"""The request form's modules (``orgdocs.render.site._form_scripts``): a page imports them from its build's
folder of modules, and the notebook views' bundle is made of the same files."""

from __future__ import annotations

import re
from pathlib import Path

from orgdocs.project import Site
from orgdocs.render.site._asset_files import MODULE_FOLDER, MODULES
from orgdocs.render.site._form_scripts import FORM_SCRIPTS
from orgdocs.render.site._pages import ASSET_FILES, PageRenderer
from orgdocs.render.site._templating import ASSETS
from orgdocs.render.widgets import _frontend as frontend

SHOP = Path(__file__).resolve().parent / "data" / "static" / "shop" / "docs.config.yaml"
MODULE_TAG = re.compile(r'<script type="module" src="[^"]*?_docs/assets/([0-9a-f]+)/([^"/?]+)"></script>')
IMPORT = re.compile(r'(?:\bfrom |\bimport\(?)\s*"\./([^"]+)"')


def imported(name: str) -> set[str]:
    """The modules ``name`` imports, itself and those they import, by their ``./x.js`` specifiers."""
    found, todo = set(), [name]
    while todo:
        current = todo.pop()
        if current not in found:
            found.add(current)
            todo.extend(IMPORT.findall((ASSETS / current).read_text(encoding="utf-8")))
    return found


def test_form_js_comes_after_its_parts():
    assert FORM_SCRIPTS[-1] == "form.js"
    assert len(set(FORM_SCRIPTS)) == len(FORM_SCRIPTS)


def test_the_build_ships_every_form_script():
    for name in FORM_SCRIPTS:
        assert (ASSETS / name).is_file(), name
        assert name in ASSET_FILES, name


def test_an_operation_page_imports_the_form_from_its_builds_folder():
    site = Site(SHOP)
    route = next(iter(site.operations))
    loaded = MODULE_TAG.findall(PageRenderer(site).operation(route))
    assert loaded == [(MODULE_FOLDER, "site.js"), (MODULE_FOLDER, "operation-page.js")]
    assert set(FORM_SCRIPTS) <= imported("operation-page.js")


def test_every_module_a_page_imports_is_shipped_with_it():
    for entry in ("site.js", "reference-page.js", "operation-page.js"):
        assert imported(entry) <= set(MODULES), entry


def test_the_notebook_views_bundle_the_same_modules():
    bundled = re.findall(r"^// orgdocs/render/site/assets/(\S+)$", frontend.ESM, flags=re.MULTILINE)
    assert set(FORM_SCRIPTS) <= set(bundled)
    assert {"search.js", "request.js", "code-samples.js", "schema.js", "code.js"} <= set(bundled)
    views = re.findall(r"^// orgdocs/render/widgets/static/(\S+)$", frontend.ESM, flags=re.MULTILINE)
    assert views[-1] == "widget.js"
    assert not (set(bundled) | set(views)) - imported_by_widget()


def imported_by_widget() -> set[str]:
    """The file names the views' entry (static/widget.js) reaches through its imports."""
    here = frontend.HERE
    found, todo = set(), [here / "widget.js"]
    while todo:
        path = todo.pop().resolve()
        if path.name in found:
            continue
        found.add(path.name)
        for spec in re.findall(r'\bfrom\s*"(\.{1,2}/[^"]+)"', path.read_text(encoding="utf-8")):
            todo.append(path.parent / spec)
    return found
