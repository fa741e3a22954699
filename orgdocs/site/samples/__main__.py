"""``python -m orgdocs.site.samples > orgdocs/render/static/assets/samples.js``: the browser's copy of the
sample languages, written from ``languages.json``."""

import sys

from orgdocs.site.samples import browser_script

sys.stdout.write(browser_script())
