"""binder/: the repository launches on Binder into the first notebook. Installs nothing: checks the files agree."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
LAUNCH_NOTEBOOK = "notebooks/01-explore-org-api.ipynb"


def requirement_lines() -> list[str]:
    text = (BINDER / "requirements.txt").read_text(encoding="utf-8")
    return [line.split("#", 1)[0].strip() for line in text.splitlines() if line.split("#", 1)[0].strip()]


def test_requirements_install_the_repository_and_voila():
    lines = requirement_lines()
    # repo2docker runs pip from the repository root: "." (or "-e .") is orgdocs with its dependencies
    assert any(line in (".", "-e .", "-e./", "./") for line in lines), lines
    names = {
        re.split(r"[<>=!~\[; ]", line, maxsplit=1)[0].lower()
        for line in lines
        if not line.startswith((".", "-"))
    }
    assert "voila" in names


def test_runtime_matches_the_package():
    runtime = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    match = re.fullmatch(r"python-(\d+)\.(\d+)", runtime)
    assert match, runtime
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")  # (tomllib is 3.11+, the package 3.10+)
    requires = re.search(r'^requires-python\s*=\s*"([^"]+)"', pyproject, re.M).group(1)
    minimum = tuple(int(part) for part in re.search(r">=\s*(\d+)\.(\d+)", requires).groups())
    assert (int(match[1]), int(match[2])) >= minimum
    # repo2docker installs requirements.txt into the Jupyter server's own environment from Python 3.7 on; an
    # older runtime gets a separate kernel environment, where Voila's server extension and anywidget's lab
    # extension would not reach the server (repo2docker's CondaBuildPack.kernel_env_cutoff_version)
    assert (int(match[1]), int(match[2])) >= (3, 7)


def test_post_build_if_any_is_executable():
    post_build = BINDER / "postBuild"
    if post_build.exists():
        assert post_build.stat().st_mode & 0o111, "binder/postBuild must be executable"


def test_launch_notebook_exists():
    notebook = json.loads((ROOT / LAUNCH_NOTEBOOK).read_text(encoding="utf-8"))
    assert notebook["nbformat"] == 4 and notebook["cells"][0]["cell_type"] == "markdown"


def binder_links(readme: str) -> list[str]:
    return re.findall(r"https://mybinder\.org/v2/[^\s)\]>\"']+", readme)


def test_readme_badge_points_at_the_launch_notebook():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = binder_links(readme)
    assert links, "README.md has no Binder launch badge"
    assert "https://mybinder.org/badge_logo.svg" in readme
    launch = [unquote(parse_qs(urlparse(link).query).get("urlpath", [""])[0]) for link in links]
    assert f"lab/tree/{LAUNCH_NOTEBOOK}" in launch, launch
    assert f"voila/render/{LAUNCH_NOTEBOOK}" in launch, launch  # the Voila variant
    for path in launch:
        notebook = path.split("/", 2)[-1]
        assert (ROOT / notebook).is_file(), f"README links a missing notebook: {notebook}"
