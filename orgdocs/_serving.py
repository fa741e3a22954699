"""Listening sockets for orgdocs' servers (the dev server, the demo and the reference API).

Each server binds its socket itself before printing anything, rather than leaving it to uvicorn: a busy or
invalid port is then one clear error line, and ``--port 0`` can report the port it got.
"""

from __future__ import annotations

import argparse
import errno
import socket

from orgdocs.errors import OrgdocsError

__all__ = ["bind", "port_number"]


def port_number(text: str) -> int:
    """An ``argparse`` type: a TCP port, 0 (any free port) to 65535."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port {value} is not in 0..65535")
    return value


def bind(host: str, port: int, option: str = "--port") -> socket.socket:
    """A listening TCP socket on ``host:port``; ``OrgdocsError`` naming both when that is not possible, and,
    when the port is taken, the command line ``option`` that chooses another."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, kind, protocol, _, address = infos[0]
        listener = socket.socket(family, kind, protocol)
    except (OSError, UnicodeError, OverflowError) as error:
        raise OrgdocsError(f"cannot listen on {host}:{port}: {error}") from None
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
        listener.listen(2048)
    except OSError as error:
        listener.close()
        reason = error.strerror or str(error)
        if error.errno == errno.EADDRINUSE:
            reason += (
                f" (another server holds it: choose another port with {option} {_free_port(address, port)})"
            )
        raise OrgdocsError(f"cannot listen on {host}:{port}: {reason}") from None
    listener.set_inheritable(True)
    return listener


def _free_port(address: tuple, taken: int) -> int:
    """A port free right now on ``address``'s interface, near ``taken`` where one is (for a suggestion)."""
    family = socket.AF_INET6 if len(address) == 4 else socket.AF_INET
    for port in [*range(taken + 1, min(taken + 20, 65536)), 0]:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            try:
                probe.bind((address[0], port, *address[2:]))
            except OSError:
                continue
            return probe.getsockname()[1]
    return 0
