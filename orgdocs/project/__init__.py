"""The site layer: config, routes, navigation, endpoint index, search, payloads, examples and code samples.

Plain Python with no rendering: every renderer (static pages, dev server, widgets, tables, nbconvert) reads
the same ``Site``.
"""

from orgdocs.project.site import OperationEntry, PageEntry, Problem, Site, payload_url

__all__ = ["OperationEntry", "PageEntry", "Problem", "Site", "payload_url"]
