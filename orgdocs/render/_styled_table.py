"""``Table``: a plain ``pandas.DataFrame`` whose notebook HTML repr colors the ``method`` column like the
site's method badges (and keeps one line per row). ``to_csv``, ``to_dict`` and every other export stay plain;
``style_methods(df)`` gives the same ``Styler`` for any DataFrame with a ``method`` column."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import pandas as pd

from orgdocs.render._colors import METHOD_COLORS

if TYPE_CHECKING:
    from pandas.io.formats.style import Styler

__all__ = ["TABLE_CLASS", "Table", "compact_html", "style_methods"]


class Table(pd.DataFrame):
    """A DataFrame whose notebook HTML repr colors the ``method`` column (and keeps one line per row).
    Everything else is pandas."""

    @property
    def _constructor(self) -> type[Table]:
        return Table

    # columns left out of the notebook view (still in the frame, its CSV and every export): long and
    # the same on every row
    hidden_columns: tuple[str, ...] = ("source",)

    def _repr_html_(self) -> str | None:
        if "method" not in self.columns or self.empty:
            # pandas' own table (lighter than a Styler's), one line per row as the Styler's, and the class an
            # export's rules draw it by (its sanitizer drops the <style>)
            html = super()._repr_html_()
            if not html:
                return html
            one_line = f"<style>table.{TABLE_CLASS} :is(th, td) {{ white-space: nowrap; }}</style>"
            return one_line + html.replace('class="dataframe"', f'class="dataframe {TABLE_CLASS}"', 1)
        return compact_html(self, hidden=self.hidden_columns)


ELLIPSIS = "\u2026"
# what a page without the table's <style> (an export through the site's sanitizer, which keeps classes and
# drops styles; an untrusted notebook) still draws: the site's method badges, and the export's table rules
# (nbconvert page.css: one line per row)
TABLE_CLASS = "orgdocs-table"


def compact_html(df: pd.DataFrame, *, hidden: Iterable[str] = ()) -> str:
    """``df`` as a notebook shows it: pandas' head and tail around a row of "…" when it is longer than
    ``display.max_rows``, the row and column count in the caption, ``hidden`` columns left out (and named),
    one line per row (texts longer than ``display.max_colwidth`` cut, as pandas does)."""
    rows = len(df)
    left_out = [column for column in hidden if column in df.columns]
    shown = pd.DataFrame(df).drop(columns=left_out)
    max_rows = pd.get_option("display.max_rows")
    cut = max_rows is not None and rows > max_rows
    if cut:
        half = max(1, (pd.get_option("display.min_rows") or 10) // 2)
        gap = pd.DataFrame([[ELLIPSIS] * len(shown.columns)], columns=shown.columns, index=[ELLIPSIS])
        shown = pd.concat([shown.head(half).astype(object), gap, shown.tail(half).astype(object)])
    width = pd.get_option("display.max_colwidth")
    if width:  # as pandas' own repr: long texts cut, so that a row stays one line
        shown = shown.map(lambda v: v[: width - 1] + ELLIPSIS if isinstance(v, str) and len(v) > width else v)
    caption = f"{rows:,} rows × {len(df.columns)} columns"  # noqa: RUF001 (as pandas writes it)
    if left_out:
        caption += f" ({', '.join(left_out)} not shown: df[{left_out[0]!r}])"
    styler = style_methods(shown).set_table_attributes(f'class="{TABLE_CLASS}"')
    styler = styler.set_table_styles(
        [
            {"selector": "td, th", "props": "white-space: nowrap"},
            {"selector": "caption", "props": "caption-side: bottom; text-align: left"},
        ],
        overwrite=False,
    )
    if cut or left_out:
        styler = styler.set_caption(caption)
    return styler.to_html()


def _method_css(value: Any) -> str:
    color = METHOD_COLORS.get(str(value).upper())
    if not color:
        return ""
    return (
        f"background-color: {color}; color: #ffffff; font-weight: 600; "
        "font-family: ui-monospace, SFMono-Regular, Menlo, monospace; text-align: center"
    )


def _method_badge(value: Any) -> str:
    """The site's badge of a method (``<span class="method method-get">``), escaped before it comes here;
    any other value as it is."""
    method = str(value)
    if method.upper() not in METHOD_COLORS:
        return method
    return f'<span class="method method-{method.lower()}">{method}</span>'


def style_methods(df: pd.DataFrame) -> Styler:
    """A ``Styler`` with the ``method`` column drawn as colored badges and deprecated rows struck through."""
    # escape="html": titles, paths and tags come from a description and must never become markup
    from pandas.io.formats.style import Styler

    # cell_ids=False: an id only on the cells a rule styles (the method column), not on every cell
    styler = Styler(pd.DataFrame(df), cell_ids=False).format(escape="html")
    if "method" in df.columns:
        styler = styler.map(_method_css, subset=["method"])
        styler = styler.format(_method_badge, subset=["method"], escape="html")
    if "deprecated" in df.columns and "path" in df.columns:
        struck = "text-decoration: line-through; opacity: 0.7"
        styler = styler.apply(
            lambda column: [struck if flag is True else "" for flag in df["deprecated"]], subset=["path"]
        )
    return styler
