"""Build-time highlighting: Pygments' token classes, escaped text, the same text back."""

from __future__ import annotations

import html as html_module
import re

from orgdocs.project._requests import RequestParts
from orgdocs.project.samples import code_samples
from orgdocs.render.site._highlight import MAX_HIGHLIGHT, highlight, lexer_name, sample_html, sample_tokens


def _text(html: str) -> str:
    return html_module.unescape(re.sub(r"<[^>]+>", "", html))


def test_json_keys_strings_numbers_and_constants():
    html = highlight('{"a": -1.5e3, "b": [true, null, "x<y"]}', "json")
    assert '<span class="nt">"a"</span>' in html and '<span class="m">-1.5e3</span>' in html
    assert '<span class="kc">true</span>' in html and '<span class="s2">"x&lt;y"</span>' in html
    assert _text(html) == '{"a": -1.5e3, "b": [true, null, "x<y"]}'


def test_json_strings_end_at_their_closing_quote_and_any_text_comes_back():
    source = '{"a\\"b": "c\\\\", "n": "1 true <&>"}'
    html = highlight(source, "json")
    assert '<span class="nt">"a\\"b"</span>:' in html and '<span class="s2">"c\\\\"</span>' in html
    assert '<span class="s2">"1 true &lt;&amp;&gt;"</span>' in html and 'class="m"' not in html
    for text in ("x<1&true", '"open\n"', "null&gt;", "-2e", '"\\', '{"k" \t: false}'):
        assert _text(highlight(text, "json")) == text, text
    assert (
        highlight('"open\n1', "json") == '"open\n<span class="m">1</span>'
    )  # no closing quote: not a string


def test_sample_languages_are_highlighted_and_keep_their_text():
    for language, source in (
        ("curl", "curl -X GET 'https://x' -H \"A: b\""),
        ("Python", "import httpx\nprint(httpx.get('x'))\n"),
        ("PHP", '$x = $client->get("<tag>");'),  # no "<?php": still PHP
        ("C#", "var pet = new Pet(); // note"),
    ):
        html = highlight(source, language)
        assert "<span class=" in html, language
        assert _text(html) == source, language
    assert lexer_name("CURL") == "bash" and lexer_name("Node") == "javascript"


def test_unknown_languages_and_huge_text_are_only_escaped():
    assert lexer_name("Klingon") == "text"
    assert highlight("<b>&", "Klingon") == "&lt;b&gt;&amp;"
    big = '{"k": "' + "x" * MAX_HIGHLIGHT + '"}'
    assert "<span" not in highlight(big, "json")


def test_generated_samples_are_coloured_by_their_own_rules():
    curl = sample_html('curl -X GET "https://x/$ORG/<a>" \\\n  --data-raw \'{"a": 1}\'\n', "curl")
    assert '<span class="nv">$ORG</span>' in curl and '<span class="se">\\\n</span>' in curl
    assert '<span class="s1">\'{"a": 1}\'</span>' in curl and "&lt;a&gt;" in curl
    python = sample_html('import httpx\nx = f"/{{id}}/{os.environ[\'K\']}"\nprint(None, "{id}")\n', "python")
    assert '<span class="kn">import</span> <span class="nn">httpx</span>' in python
    assert "<span class=\"si\">{os.environ['K']}</span>" in python and "{{id}}" in python
    assert '<span class="s2">"{id}"</span>' in python  # a plain string: no interpolation
    assert '<span class="kc">None</span>' in python and '<span class="nb">print</span>' in python
    js = sample_html("const r = await fetch(`/${process.env.K}`, {a: 1.5, b: true});\n", "javascript")
    assert '<span class="kd">const</span>' in js and '<span class="k">await</span>' in js
    assert '<span class="si">${process.env.K}</span>' in js and '<span class="m">1.5</span>' in js
    for html, text in ((curl, "curl"), (python, "import"), (js, "const")):
        assert _text(html).startswith(text)


def test_python_and_javascript_samples_highlighted_line_by_line_read_as_highlighted_whole():
    """``sample_html`` highlights these two languages a line at a time (each distinct line once): the same
    HTML as the tokens of the whole sample, strings holding U+2028, quotes, ``&``, ``<`` and escapes."""
    body = '{\n  "a\u2028b": "x & <y> \\"q\\" \\\\n",\n  "n": [1, 2.5e3, true, null],\n  "s": "#not a comment"\n}'
    parts = RequestParts(
        method="POST",
        url="https://api.example.com/a?b=1&c=$TOKEN",
        headers=[("Authorization", "Bearer $TOKEN"), ("Content-Type", "application/json")],
        body=body,
        media_type="application/json",
        variables=["TOKEN"],
    )
    samples = code_samples(parts)
    assert "\u2028" in samples["python"] and "\u2028" in samples["javascript"]
    for language in ("python", "javascript", "curl"):
        text = samples[language]
        whole = "".join(
            f'<span class="{css}">{html_module.escape(value, quote=False)}</span>'
            if css
            else html_module.escape(value, quote=False)
            for css, value in sample_tokens(text, language)
        )
        assert sample_html(text, language) == whole, language
        assert sample_html(text, language) == whole, language  # and from the lines' cache
