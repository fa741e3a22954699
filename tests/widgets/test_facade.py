"""``orgdocs.widgets``: the public names, and ``import orgdocs`` staying free of ipywidgets."""

from __future__ import annotations

import subprocess
import sys


def test_public_names():
    import orgdocs.widgets

    assert orgdocs.widgets.__all__ == [
        "TOKENS",
        "Explorer",
        "FormError",
        "Navigator",
        "OperationView",
        "RefusedError",
        "RequestForm",
        "TokenStore",
        "history",
    ]
    for name in orgdocs.widgets.__all__:
        assert getattr(orgdocs.widgets, name) is not None


def test_import_orgdocs_does_not_import_ipywidgets():
    code = (
        "import sys, orgdocs\n"
        "orgdocs.load, orgdocs.Site\n"
        "assert 'ipywidgets' not in sys.modules, 'ipywidgets imported'\n"
        "import orgdocs.widgets\n"
        "assert 'ipywidgets' in sys.modules\n"
        "assert orgdocs.widgets.Explorer is orgdocs.__getattr__('widgets').Explorer\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
