"""The static reference site: ``orgdocs build`` and everything its pages are made of.

- ``build``: ``build_site(site, out)``, written atomically, pages in parallel (the command:
  ``orgdocs.cli.build``);
- ``pages``: ``PageRenderer(site)`` renders any page (operation, hand-written, changelog, home) to HTML,
  for the build and for a server rendering from memory;
- ``operation``, ``form``, ``schema_tree``, ``markdown``, ``notebook``: the parts of a page
  (``orgdocs.render.html`` is their public face);
- ``navigation``: the sidebar, scaled to the size of the site; ``paths``: where a route's files go;
- ``templates/orgdocs/``: Jinja2 templates, an nbconvert-style folder (``conf.json``);
- ``assets/``: CSS and vanilla JavaScript, shipped as they are.
"""
