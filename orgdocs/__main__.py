from orgdocs.cli import run

run()
