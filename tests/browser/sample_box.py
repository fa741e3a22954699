"""The samples box of an operation page, as a reader uses it: its "Language" select and its one sample."""

from __future__ import annotations

from orgdocs.project.samples import LANGUAGES


def sample_in(page, key: str) -> str:
    """The sample the page shows once the reader chooses the generated language ``key``."""
    page.get_by_label("Language", exact=True).first.select_option(value="made:" + key)
    return page.locator("[data-sample]").first.text_content()


def samples_in_every_language(page) -> dict[str, str]:
    """``{key: sample}`` in every generated language, the reader's choice put back afterwards."""
    select = page.get_by_label("Language", exact=True).first
    chosen = select.input_value()
    samples = {key: sample_in(page, key) for key, _ in LANGUAGES}
    select.select_option(value=chosen)
    return samples
