"""Build-time highlighting: Pygments' token classes, escaped text, the same text back."""

from __future__ import annotations

import html as html_module
import re

from orgdocs.render.static.highlight import MAX_HIGHLIGHT, highlight, lexer_name


def _text(html: str) -> str:
    return html_module.unescape(re.sub(r"<[^>]+>", "", html))


def test_json_keys_strings_numbers_and_constants():
    html = highlight('{"a": -1.5e3, "b": [true, null, "x<y"]}', "json")
    assert '<span class="nt">"a"</span>' in html and '<span class="m">-1.5e3</span>' in html
    assert '<span class="kc">true</span>' in html and '<span class="s2">"x&lt;y"</span>' in html
    assert _text(html) == '{"a": -1.5e3, "b": [true, null, "x<y"]}'


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
