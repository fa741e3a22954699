"""The ``orgdocs`` program: its parser, each command's arguments, and how it ends.

Every command imports what it needs when it runs, so ``orgdocs --help`` stays instant. Bad input ends in one
line on stderr and exit status 1, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from orgdocs._serving import port_number
from orgdocs.cli._orgapi import register as register_orgapi
from orgdocs.cli._parsing import CONFIG_HELP, add_command, table_width
from orgdocs.errors import OrgdocsError


def _endpoints(args: argparse.Namespace) -> int:
    from orgdocs.cli._endpoints import print_endpoints

    print_endpoints(args.source, args.format, width=args.width)
    return 0


def _config(given: str | None) -> str:
    """The config a command uses (see ``orgdocs.project._bundled.find_config``); falling back to the bundled
    example is said on stderr, in one line, so that a config in the wrong folder is not silently ignored."""
    from orgdocs.project import find_config

    path, bundled = find_config(given)
    if bundled:
        print(
            f"orgdocs: no docs.config.yaml or docs.config.yml in {os.getcwd()}: "
            f"using the bundled example project ({path})",
            file=sys.stderr,
            flush=True,
        )
    return str(path)


def _check(args: argparse.Namespace) -> int:
    from orgdocs.cli._check import run_check

    return run_check(_config(args.config))


def _build(args: argparse.Namespace) -> int:
    from orgdocs.cli._build import build_command

    _ENDING.add("build")
    return build_command(_config(args.config), args.out, profile=args.profile)


# Commands after which the ``orgdocs`` program ends at once (``run``): at exit the interpreter would free what
# a build leaves (its caches, the garbage the collector has not reached) one object at a time, for nothing.
_ENDING: set[str] = set()


def _dev(args: argparse.Namespace) -> int:
    from orgdocs.cli._dev import dev_command

    return dev_command(_config(args.config), host=args.host, port=args.port)


def _demo(args: argparse.Namespace) -> int:
    from orgdocs.cli._demo import demo_command

    return demo_command(port=args.port, api_port=args.api_port, folder=args.folder)


def _mock(args: argparse.Namespace) -> int:
    from orgdocs.cli._mock import serve

    return serve(args.source, host=args.host, port=args.port)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="orgdocs",
        description="Explore, try and publish an HTTP API from its OpenAPI description.",
    )
    from orgdocs._version import __version__

    parser.add_argument("--version", action="version", version=f"orgdocs {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = add_command(commands, "demo", "run the Organization Management API and its docs, ready to try")
    p.add_argument("--port", type=port_number, default=8000, help="docs server port (default 8000)")
    p.add_argument("--api-port", type=port_number, default=8001, help="reference API port (default 8001)")
    p.add_argument("--folder", help="folder for the demo database (default: a temporary folder)")
    p.set_defaults(run=_demo)

    p = add_command(commands, "build", "production build of the static reference site")
    p.add_argument("config", nargs="?", help=CONFIG_HELP)
    p.add_argument("--out", default="site", help="output folder (default: site/)")
    p.add_argument(
        "--profile",
        action="store_true",
        help="print where the time went: load, evaluate, payloads, render, write",
    )
    p.set_defaults(run=_build)

    p = add_command(commands, "dev", "development server: from memory, full reload on change")
    p.add_argument("config", nargs="?", help=CONFIG_HELP)
    p.add_argument("--host", default="127.0.0.1", help="interface to bind (default 127.0.0.1)")
    p.add_argument("--port", type=port_number, default=8000, help="port (default 8000)")
    p.set_defaults(run=_dev)

    p = add_command(commands, "endpoints", "tabulate the operations of one description")
    p.add_argument("source", help="a file path or an http(s) URL")
    p.add_argument(
        "--format",
        choices=("table", "csv", "json"),
        default="table",
        help="table (aligned text, the default), csv, or json: a list of {method, path, operationId, title, tags, deprecated}",
    )
    p.add_argument(
        "--width",
        type=table_width,
        default=100,
        help="columns the table fits in, long cells cut with '…' (default 100; 0: no limit)",
    )
    p.set_defaults(run=_endpoints)

    p = add_command(commands, "check", "load and validate a docs config and its descriptions")
    p.add_argument("config", nargs="?", help=CONFIG_HELP)
    p.set_defaults(run=_check)

    p = add_command(commands, "mock", "a mock server of a description: answers from its examples and schemas")
    p.add_argument("source", help="a description's file path or http(s) URL")
    p.add_argument("--host", default="127.0.0.1", help="interface to bind (default 127.0.0.1)")
    p.add_argument("--port", type=port_number, default=4010, help="port (default 4010; 0 picks a free one)")
    p.set_defaults(run=_mock)

    register_orgapi(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:  # bare ``orgdocs``: what it can do, not a usage error
        parser.print_help()
        return 0
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except OrgdocsError as error:
        print(f"orgdocs: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `orgdocs endpoints big.json | head`
        return 0


def run() -> None:
    """The ``orgdocs`` program (and ``python -m orgdocs``): ``main``, then exit; at once after a build (its
    files are written and closed, its worker processes gone)."""
    code = main()
    if _ENDING:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    run()
