"""orgdocs.render.nbconvert: the ``orgdocs`` exporter, notebook pages of a site, and ``export_pages``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import nbformat
import pytest
from bs4 import BeautifulSoup
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from orgdocs.render.nbconvert import OrgdocsExporter, RedactTokens, notebook_page
from orgdocs.render.nbconvert._chrome import INLINE_BODY_SCRIPT, SITE_ASSETS
from orgdocs.render.site._build import build_site

TOKEN = "odk_abcd1234_" + "S3cr3tS3cr3tS3cr3tS3cr3tS3cr3t_x"
JUPYTER_TOKEN = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822c"
CDN_HOSTS = re.compile(
    r"cdnjs\.cloudflare\.com|unpkg\.com|cdn\.jsdelivr\.net|jsdelivr|ajax\.googleapis\.com|fonts\.googleapis\.com"
    r"|fonts\.gstatic\.com|code\.jquery\.com|cdn\.plot\.ly|cdn\.mathjax\.org|mathjax\.rstudio\.com|esm\.sh"
)


def jupyter_env() -> dict[str, str]:
    # jupyter_core warns (DeprecationWarning) about its paths moving to platformdirs unless this is set
    return {**os.environ, "JUPYTER_PLATFORM_DIRS": "1"}


def registered() -> bool:
    return any(ep.name == "orgdocs" for ep in entry_points(group="nbconvert.exporters"))


def make_notebook(path: Path) -> Path:
    """A notebook that printed secrets and shows a widget, as a real one might."""
    notebook = new_notebook(
        metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "widgets": {
                "application/vnd.jupyter.widget-state+json": {
                    "version_major": 2,
                    "version_minor": 0,
                    "state": {"abc": {"model_name": "TextModel", "state": {"value": TOKEN}}},
                }
            },
        }
    )
    notebook.cells = [
        new_markdown_cell(
            "# Revoking keys\n\nA guide with *math* $e^{i\\pi} = -1$ and a [link](https://example.com)."
        ),
        new_code_cell(
            'token = demo["token"]\nprint(token)',
            execution_count=1,
            outputs=[
                new_output("stream", name="stdout", text=f"{TOKEN}\nAuthorization: Bearer {TOKEN}\n"),
            ],
        ),
        new_code_cell(
            "explorer",
            execution_count=2,
            outputs=[
                new_output(
                    "display_data",
                    data={
                        "application/vnd.jupyter.widget-view+json": {
                            "model_id": "abc",
                            "version_major": 2,
                            "version_minor": 0,
                        },
                        "text/plain": "Explorer(children=(...))",
                    },
                )
            ],
        ),
        new_code_cell(
            "server_url",
            execution_count=3,
            outputs=[
                new_output(
                    "execute_result",
                    data={"text/plain": f"'http://127.0.0.1:8888/lab?token={JUPYTER_TOKEN}'"},
                    execution_count=3,
                )
            ],
        ),
        new_code_cell(
            "frame",
            execution_count=4,
            outputs=[
                new_output(
                    "execute_result",
                    data={"text/html": "<table><tr><td>GET</td></tr></table>", "text/plain": "GET"},
                    execution_count=4,
                )
            ],
        ),
    ]
    nbformat.write(notebook, path)
    return path


def run_nbconvert(notebook: Path, *args: str) -> Path:
    to = "orgdocs" if registered() else "orgdocs.render.nbconvert.OrgdocsExporter"
    result = subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", to, str(notebook), *args],
        cwd=notebook.parent,
        env=jupyter_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    page = notebook.with_suffix(".html")
    assert page.is_file(), result.stderr
    return page


def assert_no_remote_requests(html: str) -> None:
    assert not CDN_HOSTS.search(html), CDN_HOSTS.search(html).group(0)
    soup = BeautifulSoup(html, "html.parser")
    for tag, attribute in (("script", "src"), ("link", "href"), ("img", "src"), ("iframe", "src")):
        for element in soup.find_all(tag):
            url = element.get(attribute) or ""
            assert not re.match(r"(?i)(https?:)?//", url), f"<{tag} {attribute}={url!r}>"
    for style in soup.find_all("style"):
        assert not re.search(r"(?i)url\(\s*['\"]?(https?:)?//|@import", style.get_text()), "remote URL in CSS"
    for script in soup.find_all("script"):
        assert not re.search(r"(?i)import\(\s*['\"](https?:)?//", script.get_text()), "remote module import"


def assert_no_token(html: str) -> None:
    assert TOKEN not in html and TOKEN[13:] not in html
    assert JUPYTER_TOKEN not in html
    assert "widget-state+json" not in html


def test_entry_point_is_registered():
    """pyproject.toml: [project.entry-points."nbconvert.exporters"] orgdocs = "orgdocs.render.nbconvert:OrgdocsExporter"."""
    found = [ep for ep in entry_points(group="nbconvert.exporters") if ep.name == "orgdocs"]
    assert found, "the 'orgdocs' nbconvert exporter entry point is not installed (pip install -e .)"
    assert found[0].load() is OrgdocsExporter


def test_jupyter_nbconvert_to_orgdocs(tmp_path):
    page = run_nbconvert(make_notebook(tmp_path / "guide.ipynb"))
    html = page.read_text(encoding="utf-8")
    soup = BeautifulSoup(html, "html.parser")
    # the site's chrome (site_base.html.j2's markup, site.css inlined) around JupyterLab's cells
    body = soup.body
    assert {"page-notebook", "orgdocs-notebook-page", "jp-Notebook"} <= set(body["class"])
    assert soup.select_one("header.topbar .brand") is not None
    assert soup.select_one("main#main article.notebook .jp-Cell") is not None
    assert soup.find("h1").get_text().startswith("Revoking keys")
    # no link within the page points at nothing (nbconvert's heading anchors would: the sanitizer drops ids)
    links = soup.select("article.notebook a[href^='#']")
    assert [a["href"] for a in links if not soup.find(id=a["href"][1:])] == []
    assert soup.select_one("footer.orgdocs-footer") is not None
    assert ".jp-Cell" in html and ".orgdocs-widget-note" in html  # lab's and the page's stylesheets
    for sheet in ("site.css", "theme.js"):
        text = (SITE_ASSETS / sheet).read_text(encoding="utf-8")
        assert text.strip()[:200] in html, f"{sheet} is not inlined"
    # site.js, with search.js that it imports, as esbuild bundles them for a page with no files beside it
    assert INLINE_BODY_SCRIPT.read_text(encoding="utf-8") in html
    # widgets: a note, no state and no manager
    assert "runs in a live notebook" in soup.select_one(".orgdocs-widget-note").get_text()
    assert "Explorer(children" not in html
    # math stays as TeX; no MathJax, require.js or widget manager from a CDN
    assert "e^{i\\pi}" in html
    assert_no_remote_requests(html)
    assert_no_token(html)
    assert "odk_abcd1234_&lt;redacted&gt;" in html and "Bearer &lt;redacted&gt;" in html


def test_a_cdn_url_can_be_given_explicitly(tmp_path):
    """The lab template's scripts come back only when their URL is set, e.g. to a copy you serve."""
    notebook = make_notebook(tmp_path / "guide.ipynb")
    exporter = OrgdocsExporter(mathjax_url="/static/mathjax/tex-chtml.js")
    html, _ = exporter.from_filename(str(notebook))
    assert '<script src="/static/mathjax/tex-chtml.js">' in html
    assert "require.js" not in html and "@jupyter-widgets/html-manager" not in html


def test_redaction_can_be_configured(tmp_path):
    notebook = make_notebook(tmp_path / "guide.ipynb")
    nb = nbformat.read(notebook, as_version=4)
    nb.cells.append(new_markdown_cell("internal id ACME-12345678"))
    redactor = RedactTokens(extra_patterns=[r"ACME-\d{8}"], replacement="[hidden]")
    cleaned, _ = redactor.preprocess(nb, {})
    text = nbformat.writes(cleaned)
    assert TOKEN not in text and "ACME-12345678" not in text and "[hidden]" in text
    assert "widgets" not in cleaned.metadata


def docs_project(tmp_path: Path) -> Path:
    """A docs config whose guide is a notebook, next to the bundled Organization API description."""
    from orgdocs.orgapi import DESCRIPTION_PATH

    content = tmp_path / "content"
    (content / "guides").mkdir(parents=True)
    make_notebook(content / "guides" / "revoking-keys.ipynb")
    (content / "guides" / "quickstart.md").write_text("# Quickstart\n\nHello.\n", encoding="utf-8")
    config = tmp_path / "docs.config.yaml"
    config.write_text(
        "content: ./content\n"
        f"public: {DESCRIPTION_PATH.parent}\n"
        "title: Notebook pages\n"
        "groups:\n"
        "  - group: Organization API\n"
        "    sections:\n"
        "      - section: Guides\n"
        "        pages: [guides/quickstart.md, guides/revoking-keys.ipynb]\n"
        f"      - schema: /{DESCRIPTION_PATH.name}\n",
        encoding="utf-8",
    )
    return config


def test_docs_config_gives_navigation_and_relative_links(tmp_path):
    config = docs_project(tmp_path)
    notebook = tmp_path / "content" / "guides" / "revoking-keys.ipynb"
    page = run_nbconvert(notebook, f"--OrgdocsExporter.docs_config={config}")
    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    assert soup.body["data-route"] == "/organization-api/guides/revoking-keys"
    assert soup.body["data-base"] == "../../../"
    current = soup.select_one('nav#sidebar a[aria-current="page"]')
    assert current is not None and current.get_text(strip=True) == "Revoking keys"
    assert current["href"] == "../revoking-keys/"  # relative, as from a sibling page
    assert soup.select_one("a.brand").get_text() == "Notebook pages"
    assert soup.select_one("#search-input")["data-index"] == "../../../_docs/openapi/index.json"
    # on a hand-written page, every section of operations is a link to its page
    assert [(a.get_text(), a["href"]) for a in soup.select("nav#sidebar .nav-sections > li > a")] == [
        ("API keys", "../../api-keys/"),
        ("Webhooks", "../../webhooks/"),
        ("Schemas", "../../schemas/"),  # the list of the description's component schemas
    ]


def test_notebook_page_inside_a_site_links_the_site_assets(tmp_path):
    import orgdocs

    site = orgdocs.Site(docs_project(tmp_path))
    route = "/organization-api/guides/revoking-keys"
    html = notebook_page(site.pages[route].page.path, site=site, route=route)
    soup = BeautifulSoup(html, "html.parser")
    hrefs = [link["href"] for link in soup.select('link[rel="stylesheet"]')]
    assert all(href.startswith("../../../_docs/assets/") for href in hrefs), hrefs
    assert soup.select_one('nav a[aria-current="page"]')["href"] == "../revoking-keys/"
    assert_no_remote_requests(html)
    assert_no_token(html)


def test_notebook_pages_of_a_site_build_go_through_the_exporter(tmp_path):
    import orgdocs

    site = orgdocs.Site(docs_project(tmp_path))
    out = tmp_path / "site"
    build_site(site, out, progress=False)
    html = (out / "organization-api" / "guides" / "revoking-keys" / "index.html").read_text(encoding="utf-8")
    soup = BeautifulSoup(html, "html.parser")
    assert soup.select_one("article.notebook .jp-Cell") is not None  # the exporter's cell markup
    assert "runs in a live notebook" in soup.select_one(".orgdocs-widget-note").get_text()
    assert "odk_abcd1234_&lt;redacted&gt;" in html
    assert_no_remote_requests(html)
    assert_no_token(html)


def test_export_pages_writes_the_pages_asked_for(tmp_path):
    import orgdocs

    site = orgdocs.Site(docs_project(tmp_path))
    routes = ["/organization-api/guides/revoking-keys", "organization-api/api-keys/list-api-keys/"]
    written = orgdocs.export_pages(site, tmp_path / "out", routes=routes, progress=False)
    out = tmp_path / "out"
    assert [p.relative_to(out).as_posix() for p in written] == [
        "organization-api/guides/revoking-keys/index.html",
        "organization-api/api-keys/list-api-keys/index.html",
    ]
    assert (out / "_docs" / "openapi" / "organization-api" / "api-keys" / "list-api-keys.json").is_file()
    assert (out / "_docs" / "openapi" / "index.json").is_file() and (
        out / "_docs" / "assets" / "site.css"
    ).is_file()
    assert not (out / "index.html").exists()  # only what was asked for
    for page in written:
        html = page.read_text(encoding="utf-8")
        assert_no_remote_requests(html)
        assert_no_token(html)
        for link in BeautifulSoup(html, "html.parser").select("link[href], script[src]"):
            url = link.get("href") or link.get("src")
            if url.startswith("data:"):
                continue
            target = (page.parent / url.split("?")[0]).resolve()
            assert target.is_file(), f"{page}: {target} is missing"
    with pytest.raises(KeyError):
        orgdocs.export_pages(site, out, routes=["/nowhere"], progress=False)


def test_export_pages_of_a_whole_config_and_its_guard(tmp_path):
    import orgdocs

    config = docs_project(tmp_path)
    written = orgdocs.export_pages(str(config), tmp_path / "all", progress=False)
    site = orgdocs.Site(config)
    schemas = site.schema_pages
    assert len(written) == len(site.routes) + len(schemas.listings) + len(schemas.schemas) + 1
    assert written[0] == tmp_path / "all" / "index.html" and schemas.schemas
    labels = 0
    for page in written:  # a type label leads to its schema's page, exported beside it
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        for link in soup.select("a.schema-ref[href]"):
            labels += 1
            target = (page.parent / link["href"].split("#")[0]).resolve()
            assert (target / "index.html").is_file(), f"{page}: {link['href']} leads nowhere"
    assert labels
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(orgdocs.OrgdocsError):
        orgdocs.export_pages(site, tmp_path / "mine", progress=False)


def test_export_pages_knows_an_orgdocs_output_by_its_manifest(tmp_path):
    import orgdocs
    from orgdocs.render.site._build import build_site
    from orgdocs.render.site._output_folder import MANIFEST, MANIFEST_FORMAT

    site = orgdocs.Site(docs_project(tmp_path))
    route = "/organization-api/api-keys/list-api-keys"
    # a _docs folder alone is not an orgdocs output: someone's folder is left alone
    mine = tmp_path / "mine"
    (mine / "_docs").mkdir(parents=True)
    (mine / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(orgdocs.OrgdocsError, match=r"build-manifest\.json"):
        orgdocs.export_pages(site, mine, routes=[route], progress=False)
    assert sorted(p.name for p in mine.rglob("*")) == ["_docs", "notes.txt"]
    (mine / MANIFEST).write_text('{"format": "someone-else/1", "files": []}', encoding="utf-8")
    with pytest.raises(orgdocs.OrgdocsError, match="not an orgdocs build"):
        orgdocs.export_pages(site, mine, routes=[route], progress=False)

    # an export into an empty folder writes the manifest: a second export and a build may write there
    out = tmp_path / "out"
    first = orgdocs.export_pages(site, out, routes=[route], progress=False)
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["format"] == MANIFEST_FORMAT
    assert first[0].relative_to(out).as_posix() in manifest["files"] and MANIFEST not in manifest["files"]
    assert "_docs/assets/site.css" in manifest["files"] and "_docs/openapi/index.json" in manifest["files"]
    orgdocs.export_pages(site, out, routes=["/organization-api/guides/revoking-keys"], progress=False)
    files = json.loads((out / MANIFEST).read_text(encoding="utf-8"))["files"]
    assert set(manifest["files"]) < set(files)  # the earlier pages stay listed
    build_site(site, out, progress=False)

    # into a build: its files stay listed, a file added by hand is not adopted
    (out / "by-hand.txt").write_text("mine", encoding="utf-8")
    built = set(json.loads((out / MANIFEST).read_text(encoding="utf-8"))["files"])
    orgdocs.export_pages(site, out, routes=[route], progress=False)
    after = set(json.loads((out / MANIFEST).read_text(encoding="utf-8"))["files"])
    assert built <= after and "by-hand.txt" not in after


def test_hostile_cells_and_outputs_run_no_script():
    notebook = new_notebook()
    notebook.cells.append(new_markdown_cell('# Hi\n\n<img src=x onerror="pwn()"> <script>pwn()</script>'))
    cell = new_code_cell("x")
    cell.outputs = [
        new_output(
            "display_data",
            data={
                "text/html": "<b onmouseover='pwn()'>bold</b><script>pwn()</script>",
                "application/javascript": "pwn()",
            },
        ),
        new_output(
            "display_data",
            data={"image/svg+xml": "<svg xmlns='http://www.w3.org/2000/svg'><script>pwn()</script></svg>"},
        ),
    ]
    notebook.cells.append(cell)
    page, _ = OrgdocsExporter().from_notebook_node(notebook)
    soup = BeautifulSoup(page, "html.parser")
    assert "pwn()" not in "".join(script.get_text() for script in soup.find_all("script"))
    assert not [tag for tag in soup.find_all(True) if any(a.startswith("on") for a in tag.attrs)]
    assert soup.find("b", string="bold") is not None  # harmless markup stays
    assert soup.find("img", src=re.compile(r"^data:image/svg\+xml;base64,")) is not None


PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="


def hostile_image_notebook():
    """Image outputs whose metadata nbconvert's template writes into ``<img>`` unquoted."""
    notebook = new_notebook()
    cell = new_code_cell("plot()")
    cell.outputs = [
        new_output(
            "display_data",
            data={"image/png": PNG},
            metadata={"image/png": {"height": "1 onerror=alert(document.domain)", "width": 7}},
        ),
        new_output(
            "display_data",
            data={"image/png": PNG},
            metadata={"width": "1 onload=alert(1)", "filenames": {"image/png": "https://evil.example/x.png"}},
        ),
    ]
    notebook.cells.append(cell)
    return notebook


def test_output_metadata_keeps_numeric_sizes_only():
    page, _ = OrgdocsExporter().from_notebook_node(hostile_image_notebook())
    soup = BeautifulSoup(page, "html.parser")
    images = soup.find_all("img", src=re.compile("^data:image/png"))
    assert len(images) == 2 and images[0].get("width") == "7" and images[0].get("height") is None
    assert "onerror" not in page and "onload" not in page and "evil.example" not in page


def test_a_standalone_export_carries_the_sites_policy_with_its_own_scripts_hashed():
    import base64
    import hashlib

    page, _ = OrgdocsExporter().from_notebook_node(hostile_image_notebook())
    soup = BeautifulSoup(page, "html.parser")
    meta = soup.find("meta", attrs={"http-equiv": "Content-Security-Policy"})
    head = soup.head.find_all(True)
    assert meta is not None and head.index(meta) < min(
        head.index(t) for t in soup.head.find_all(["script", "style"])
    )
    policy = dict(part.split(" ", 1) for part in meta["content"].split("; "))
    inline = [s.string for s in soup.find_all("script") if not s.get("src")]
    assert inline  # theme.js, and site.js with search.js (one bundle), inlined
    hashes = {
        "'sha256-" + base64.b64encode(hashlib.sha256(t.encode()).digest()).decode() + "'" for t in inline
    }
    assert set(policy["script-src"].split()) == {"'self'", *hashes}
    assert policy["object-src"] == "'none'" and policy["img-src"] == "'self' data:"


def test_an_export_in_the_kernel_redacts_the_credentials_its_forms_hold():
    import nbformat

    from orgdocs.render.nbconvert import RedactTokens
    from orgdocs.render.widgets._tokens import TOKENS

    notebook = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("print(headers)")
    cell.outputs = [
        nbformat.v4.new_output("stream", text="{'X-Ledger': 'lk-9Qz7', 'x-api-key': 'abcdefgh1234'}\n")
    ]
    notebook.cells = [cell]
    TOKENS.set("some api / Ledger:value", "lk-9Qz7")  # no name a pattern knows, held by a form
    try:
        cleaned, _ = RedactTokens().preprocess(notebook, {})
    finally:
        TOKENS.clear()
    text = cleaned.cells[0].outputs[0]["text"]
    assert "lk-9Qz7" not in text and "abcdefgh1234" not in text and "<redacted>" in text
