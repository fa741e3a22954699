import sys

from orgdocs.cli import main

sys.exit(main())
