"""``python -m orgdocs.project.samples > orgdocs/render/site/assets/samples.js``: the browser's copy of the
rule tables: the sample languages (``languages.json``), and how parameters and credentials are written into a
request (``../requests.json``, ``../security.json``)."""

import sys

from orgdocs.project.samples import browser_script

sys.stdout.write(browser_script())
