"""The built front-end files that are committed (so that installing orgdocs needs no Node) are what their
sources build to: the notebook views' module (``widgets/static/frontend.js``) and an exported notebook page's
inlined site script (``nbconvert/templates/orgdocs/static/site.js``), both made by esbuild from the site's ES
modules by package.json's scripts. Checked where esbuild is installed (``npm ci``)."""

from __future__ import annotations

import json
import shlex
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
SCRIPTS = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["scripts"]
BUILDS = {name: command for name, command in SCRIPTS.items() if command.startswith("esbuild ")}


def test_package_json_builds_both_committed_files():
    outputs = {shlex.split(command)[-1] for command in BUILDS.values()}
    assert outputs == {
        "--outfile=orgdocs/render/widgets/static/frontend.js",
        "--outfile=orgdocs/render/nbconvert/templates/orgdocs/static/site.js",
    }
    assert SCRIPTS["build"] == " && ".join(f"npm run {name}" for name in BUILDS)


@pytest.mark.skipif(not ESBUILD.exists(), reason="esbuild is not installed (npm ci): built files not checked")
@pytest.mark.parametrize("name", sorted(BUILDS))
def test_the_committed_bundle_is_what_its_sources_build_to(name, tmp_path):
    *arguments, outfile = shlex.split(BUILDS[name])[1:]
    committed = ROOT / outfile.removeprefix("--outfile=")
    built = tmp_path / committed.name
    subprocess.run(
        [str(ESBUILD), *arguments, f"--outfile={built}"], cwd=ROOT, check=True, capture_output=True
    )
    assert built.read_text(encoding="utf-8") == committed.read_text(encoding="utf-8"), (
        f"{committed.relative_to(ROOT)} is stale: run npm run build"
    )
