"""The stylesheet of ``RequestForm``'s ipywidgets (the kernel-side form): JupyterLab's ``--jp-*`` theme
variables, so light and dark themes both work.

The form carries it as a small ``HTML`` child holding a ``<style>`` element; every rule is scoped to an
``orgdocs-`` class. The Navigator, OperationView and Explorer are anywidgets styled by the site's own
``site.css`` in their shadow root (``orgdocs.render.widgets.frontend``), not by this sheet.
"""

from __future__ import annotations

import ipywidgets as widgets

from orgdocs.render.colors import METHOD_COLORS

__all__ = ["CSS", "METHOD_COLORS", "stylesheet"]


def _badge_rules() -> str:
    return "\n".join(
        f".orgdocs-method-{method.lower()} {{ --orgdocs-method: {color}; }}"
        for method, color in METHOD_COLORS.items()
    )


CSS = f"""
.orgdocs-request-form {{
  color: var(--jp-ui-font-color1);
  font-family: var(--jp-ui-font-family);
  font-size: var(--jp-ui-font-size1);
}}
.orgdocs-style {{ margin: 0 !important; height: 0; overflow: hidden; }}
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
.orgdocs-result .widget-html-content, .orgdocs-samples .widget-html-content {{ line-height: 1.4; }}
.orgdocs-result code, .orgdocs-request-form code {{
  font-family: var(--jp-code-font-family);
  background: var(--jp-layout-color2);
  padding: 0 2px;
}}
.orgdocs-result pre, .orgdocs-samples pre {{
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
