"""The notebook views' stylesheet: JupyterLab's ``--jp-*`` theme variables, so light and dark themes both work.

Each composite widget carries it as a small ``HTML`` child holding a ``<style>`` element; every rule is
scoped to an ``orgdocs-`` class. Navigation rows are ``<option>`` elements whose ``data-value`` attribute is
the URL-encoded label (ipywidgets' ``Select``), so a method badge is a rule on the label's start.
"""

from __future__ import annotations

from urllib.parse import quote

import ipywidgets as widgets

from orgdocs.render.colors import METHOD_COLORS

__all__ = ["CSS", "METHOD_COLORS", "stylesheet"]


_BADGE_INDENTS = (2, 4)  # spaces before the method: search rows, navigation rows (navigator.py)


_GROUP_ROW = quote("\u25c6")  # navigator.GROUP_MARK
_SECTION_ROW = quote("\u25b8")  # navigator.SECTION_MARK


def _badge_rules() -> str:
    rules = []
    for method, color in METHOD_COLORS.items():
        selectors = ", ".join(
            f'.orgdocs-nav-list option[data-value^="{quote(" " * n + method + " ")}"]' for n in _BADGE_INDENTS
        )
        rules.append(f"{selectors} {{ --orgdocs-method: {color}; }}")
        rules.append(f".orgdocs-method-{method.lower()} {{ --orgdocs-method: {color}; }}")
    return "\n".join(rules)


def _class_badges() -> str:
    """The operation HTML's ``method method-get`` badges (``orgdocs.render.html``)."""
    return "\n".join(
        f".orgdocs-operation-view .method-{method.lower()} {{ --orgdocs-method: {color}; }}"
        for method, color in METHOD_COLORS.items()
    )


CSS = f"""
.orgdocs-navigator, .orgdocs-operation-view, .orgdocs-request-form, .orgdocs-explorer {{
  color: var(--jp-ui-font-color1);
  font-family: var(--jp-ui-font-family);
  font-size: var(--jp-ui-font-size1);
}}
.orgdocs-explorer-detail > * {{ flex-shrink: 0; }}  /* the pane scrolls; its view and form keep their height */
.orgdocs-style {{ margin: 0 !important; height: 0; overflow: hidden; }}
.orgdocs-nav-status {{ color: var(--jp-ui-font-color2); font-size: var(--jp-ui-font-size0); }}
.orgdocs-nav-list select {{
  font-family: var(--jp-code-font-family);
  font-size: var(--jp-code-font-size);
  background: var(--jp-layout-color1);
  color: var(--jp-ui-font-color1);
  border: var(--jp-border-width) solid var(--jp-border-color1);
  height: 100%;
}}
.orgdocs-nav-list option {{ padding: 1px 4px; }}
.orgdocs-nav-list option[data-value^="{quote(" ")}"] {{
  background-image: linear-gradient(90deg, transparent 0 calc(4px + var(--orgdocs-indent, 4ch) - 0.4ch),
    color-mix(in srgb, var(--orgdocs-method, transparent) 30%, transparent)
      calc(4px + var(--orgdocs-indent, 4ch) - 0.4ch) calc(4px + var(--orgdocs-indent, 4ch) + 7.4ch),
    transparent calc(4px + var(--orgdocs-indent, 4ch) + 7.4ch));
  background-repeat: no-repeat;
}}
.orgdocs-nav-list option[data-value^="{quote("  ")}"]:not([data-value^="{quote("    ")}"]) {{ --orgdocs-indent: 2ch; }}
.orgdocs-nav-list option[data-value*="{quote(" (deprecated)")}"] {{
  text-decoration: line-through;
  color: var(--jp-ui-font-color2);
}}
.orgdocs-nav-list option[data-value^="{_GROUP_ROW}"] {{
  font-weight: bold;
  text-transform: uppercase;
  color: var(--jp-ui-font-color1);
  background: var(--jp-layout-color2);
}}
.orgdocs-nav-list option[data-value^="{_SECTION_ROW}"] {{ font-weight: bold; color: var(--jp-ui-font-color2); }}
{_badge_rules()}
.orgdocs-badge {{
  display: inline-block;
  min-width: 4.5em;
  padding: 0 6px;
  border-radius: 3px;
  text-align: center;
  font-family: var(--jp-code-font-family);
  font-weight: bold;
  color: #fff;
  background: var(--orgdocs-method, var(--jp-layout-color3));
}}
.orgdocs-operation-view {{ overflow-x: auto; }}
.orgdocs-operation-view .widget-html-content, .orgdocs-result .widget-html-content,
.orgdocs-samples .widget-html-content {{ line-height: 1.4; }}
.orgdocs-operation-view table {{ border-collapse: collapse; }}
.orgdocs-operation-view th, .orgdocs-operation-view td {{
  border-bottom: var(--jp-border-width) solid var(--jp-border-color2);
  padding: 2px 8px;
  text-align: left;
  vertical-align: top;
}}
.orgdocs-operation-view code, .orgdocs-result code, .orgdocs-request-form code {{
  font-family: var(--jp-code-font-family);
  background: var(--jp-layout-color2);
  padding: 0 2px;
}}
.orgdocs-operation-view pre, .orgdocs-result pre, .orgdocs-samples pre {{
  font-family: var(--jp-code-font-family);
  font-size: var(--jp-code-font-size);
  background: var(--jp-layout-color2);
  color: var(--jp-content-font-color1);
  border: var(--jp-border-width) solid var(--jp-border-color2);
  padding: 6px 8px;
  max-height: 24em;
  overflow: auto;
  white-space: pre;
}}
.orgdocs-operation-view a {{ color: var(--jp-content-link-color); }}
.orgdocs-operation-view .op-title {{ font-size: var(--jp-content-font-size5, 1.6em); margin: 4px 0; }}
.orgdocs-operation-view .heading {{
  display: flex;
  align-items: baseline;
  gap: 6px;
  border-bottom: var(--jp-border-width) solid var(--jp-border-color2);
  margin: 14px 0 6px;
}}
.orgdocs-operation-view h2 {{ font-size: var(--jp-content-font-size3, 1.2em); margin: 0; }}
.orgdocs-operation-view .anchor {{ color: var(--jp-ui-font-color2); text-decoration: none; opacity: 0; }}
.orgdocs-operation-view :is(.heading, .response-item):hover > .anchor,
.orgdocs-operation-view .anchor:focus-visible {{ opacity: 1; }}
.orgdocs-operation-view .response-item {{ position: relative; }}
.orgdocs-operation-view .response-item > .anchor {{ position: absolute; top: 0; right: 4px; }}
.orgdocs-operation-view h3, .orgdocs-operation-view h4 {{ font-size: var(--jp-content-font-size2, 1.1em); margin: 8px 0 4px; }}
.orgdocs-operation-view .op-meta, .orgdocs-operation-view .schema-facts,
.orgdocs-operation-view .param-example, .orgdocs-operation-view .media-type {{
  color: var(--jp-ui-font-color2);
}}
.orgdocs-operation-view .method, .orgdocs-operation-view .status, .orgdocs-operation-view .badge {{
  display: inline-block;
  padding: 0 6px;
  border-radius: 3px;
  font-family: var(--jp-code-font-family);
  font-weight: bold;
  color: #fff;
  background: var(--orgdocs-method, var(--jp-layout-color3));
}}
{_class_badges()}
.orgdocs-operation-view .status-info, .orgdocs-operation-view .status-other {{ background: #57606a; }}
.orgdocs-operation-view .status-success {{ background: #1a7f37; }}
.orgdocs-operation-view .status-redirect {{ background: #1f6feb; }}
.orgdocs-operation-view .status-client-error {{ background: #9a6700; }}
.orgdocs-operation-view .status-server-error, .orgdocs-operation-view .badge-deprecated {{ background: #cf222e; }}
.orgdocs-operation-view .notice-deprecated {{
  border-left: 4px solid var(--jp-warn-color1);
  background: var(--jp-layout-color2);
  padding: 4px 8px;
}}
.orgdocs-operation-view .schema-required {{ color: var(--jp-error-color1); font-size: var(--jp-ui-font-size0); margin: 0 4px; }}
.orgdocs-operation-view .schema-type, .orgdocs-operation-view .schema-format {{
  color: var(--jp-ui-font-color2);
  font-family: var(--jp-code-font-family);
  margin-left: 6px;
}}
.orgdocs-operation-view .schema-name, .orgdocs-operation-view .param-name {{ font-weight: bold; }}
.orgdocs-operation-view .params, .orgdocs-operation-view .schema-props, .orgdocs-operation-view .servers,
.orgdocs-operation-view .security {{
  list-style: none;
  padding-left: 0;
}}
.orgdocs-operation-view .schema-props {{
  padding-left: 12px;
  border-left: var(--jp-border-width) solid var(--jp-border-color2);
}}
.orgdocs-operation-view .param, .orgdocs-operation-view .schema-row {{ padding: 3px 0; }}
.orgdocs-operation-view .schema-facts {{ margin: 0; padding-left: 0; list-style: none; font-size: var(--jp-ui-font-size0); }}
.orgdocs-operation-view .schema-facts li {{ display: inline; margin-right: 10px; }}
.orgdocs-operation-view details > summary {{ cursor: pointer; }}
.orgdocs-operation-view .response {{ margin: 4px 0; }}
.orgdocs-request-form .widget-label {{ font-family: var(--jp-code-font-family); }}
.orgdocs-request-form textarea {{ font-family: var(--jp-code-font-family); font-size: var(--jp-code-font-size); }}
.orgdocs-form-heading {{ font-weight: bold; color: var(--jp-ui-font-color1); margin-top: 6px; }}
.orgdocs-token-status {{ color: var(--jp-ui-font-color2); }}
.orgdocs-result {{ width: 100%; }}
.orgdocs-status {{ font-weight: bold; padding: 1px 6px; border-radius: 3px; color: var(--jp-ui-inverse-font-color1, #fff); }}
.orgdocs-status-2xx {{ background: var(--jp-success-color1); }}
.orgdocs-status-3xx {{ background: var(--jp-brand-color1); }}
.orgdocs-status-4xx {{ background: var(--jp-warn-color1); }}
.orgdocs-status-5xx {{ background: var(--jp-error-color1); }}
.orgdocs-error {{
  border-left: 4px solid var(--jp-error-color1);
  background: var(--jp-layout-color2);
  color: var(--jp-ui-font-color1);
  padding: 4px 8px;
}}
.orgdocs-refused {{ border-left-color: var(--jp-warn-color1); }}
.orgdocs-muted {{ color: var(--jp-ui-font-color2); }}
.orgdocs-hint {{ color: var(--jp-warn-color1); margin: 2px 0; }}
.orgdocs-headers td {{ padding: 0 8px 0 0; font-family: var(--jp-code-font-family); vertical-align: top; }}
"""


def stylesheet() -> widgets.HTML:
    """A zero-height ``HTML`` widget carrying the stylesheet; add it as a child of a composite."""
    sheet = widgets.HTML(f"<style>{CSS}</style>")
    sheet.add_class("orgdocs-style")
    return sheet
