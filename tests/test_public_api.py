"""The public surface of ``orgdocs``: ``__all__`` is pinned, and ``import orgdocs`` stays light."""

from __future__ import annotations

import json
import subprocess
import sys

import orgdocs

HEAVY = ("pandas", "ipywidgets", "nbconvert", "starlette", "httpx", "jinja2", "yaml")


def test_all_is_pinned():
    assert orgdocs.__all__ == [
        "ConfigError",
        "Description",
        "DescriptionError",
        "OrgdocsError",
        "Site",
        "SourceError",
        "__version__",
        "build_site",
        "check_response",
        "endpoints",
        "export_pages",
        "frame",
        "load",
        "load_config",
        "mock_client",
        "parameters",
        "responses",
        "schemas",
    ]


def test_the_loading_names_are_the_models():
    from orgdocs.errors import DescriptionError, OrgdocsError, SourceError
    from orgdocs.model import Description, load

    assert orgdocs.load is load
    assert orgdocs.Description is Description
    assert orgdocs.DescriptionError is DescriptionError
    assert issubclass(SourceError, DescriptionError)
    assert issubclass(DescriptionError, OrgdocsError)
    assert isinstance(orgdocs.__version__, str)


def _modules_after(code: str) -> set[str]:
    program = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=60, check=True
    )
    return {name.split(".")[0] for name in json.loads(done.stdout.splitlines()[-1])}


def test_import_orgdocs_is_light():
    assert not _modules_after("import orgdocs") & set(HEAVY)


def test_loading_a_json_file_needs_no_http_client_and_no_yaml(data_dir):
    loaded = _modules_after(
        f"import orgdocs\nprint(len(orgdocs.load({str(data_dir / 'swagger2.json')!r}).operations))"
    )
    assert not loaded & set(HEAVY)


def test_exporting_pages_of_a_site_without_notebooks_needs_no_nbconvert(tmp_path):
    # nbconvert (a second's import) comes with the exporter and notebook pages, not with every export
    loaded = _modules_after(
        "import orgdocs\n"
        "site = orgdocs.Site()\n"
        "routes = [route for route in site.operations if 'api-keys' in route]\n"
        f"print(len(orgdocs.export_pages(site, {str(tmp_path / 'out')!r}, routes=routes)))"
    )
    assert "nbconvert" not in loaded and "jinja2" in loaded  # the pages were rendered
