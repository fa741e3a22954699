"""``python -m orgdocs.project.samples > orgdocs/render/site/assets/samples.js``: the browser's copy of the
sample languages, written from ``languages.json``."""

import sys

from orgdocs.project.samples import browser_script

sys.stdout.write(browser_script())
