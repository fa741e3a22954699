"""The site layer: config, routes, navigation, endpoint index, search, payloads, examples and code samples.

Plain Python with no rendering: every renderer (static pages, dev server, widgets, tables, nbconvert) reads
the same ``Site``.
"""

from orgdocs.project.entries import OperationEntry, PageEntry
from orgdocs.project.problems import Problem
from orgdocs.project.routes import payload_url
from orgdocs.project.site import Site

__all__ = ["OperationEntry", "PageEntry", "Problem", "Site", "payload_url"]
