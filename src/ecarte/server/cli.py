"""``ecarte serve`` and ``ecarte verify``: their arguments and what they run (the
``ecarte`` command adds them to its subcommands)."""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from .config import ServerConfig

__all__ = ["add_parsers", "run"]


_COMMANDS = {
    "serve": (
        "run the game server (pip install 'ecarte[server]')",
        "Run the game server: tables of Écarté (with its variants) and Euchre over "
        "WebSockets, the browser table at http://HOST:PORT/, the API under /api "
        "(docs/server.md). SIGTERM stops it gracefully.",
    ),
    "verify": (
        "check a finished table's record against its seed commitment",
        "Check a finished table's record (GET /api/tables/ID/record, saved to a file; "
        "'-' reads stdin): the commitment is the SHA-256 of the revealed seed, and "
        "every deal replays from it. Exit status 0 when fair, 1 otherwise.",
    ),
}
"""The subcommands: name -> (help, description)."""

_EXTRA = ("starlette", "uvicorn", "msgspec", "websockets")
"""The modules of the ``server`` extra that ``ecarte serve`` runs on."""

_LIMITS: tuple[tuple[str, str, type, str], ...] = (
    ("--max-frame", "max_frame", int, "bytes per message"),
    ("--rate", "rate", float, "messages a second per connection"),
    ("--burst", "burst", int, "messages at once per connection"),
    ("--max-connections", "max_connections_per_address", int, "connections per address"),
    ("--idle", "idle_seconds", float, "seconds before an idle connection is closed"),
    ("--max-tables", "max_tables", int, "tables at most"),
    ("--max-tables-per-address", "max_tables_per_address", int, "tables one address opens"),
)
"""The limits ``ecarte serve`` sets: flag, :class:`ServerConfig` field, type, meaning."""


def _port(text: str) -> int:
    """A TCP port, 0 to 65535 (0: any free one)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {port}")
    return port


def add_parsers(sub: Any) -> None:
    """Add ``serve`` and ``verify`` to the ``ecarte`` command's subparsers."""
    from .config import ServerConfig

    d = ServerConfig()
    serve, verify = (
        sub.add_parser(name, help=what, description=description)
        for name, (what, description) in _COMMANDS.items()
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=_port, default=8000, help="port (8000)")
    serve.add_argument("--db", default=d.database, help=f"the SQLite database ({d.database})")
    for flag, field, kind, what in _LIMITS:
        default = getattr(d, field)
        serve.add_argument(flag, dest=field, type=kind, default=default, help=f"{what} ({default})")
    serve.add_argument(
        "--loop",
        default="auto",
        choices=("auto", "asyncio", "uvloop"),
        help="the event loop (auto: uvloop when it is installed)",
    )
    serve.add_argument(
        "--log-level",
        default="info",
        choices=("debug", "info", "warning", "error"),
        help="the least level logged, as JSON lines on stderr (info)",
    )
    verify.add_argument("record", nargs="+", help="record files ('-': stdin)")


def run(args: argparse.Namespace, stdout: TextIO | None = None) -> int:
    """Run ``serve`` or ``verify``; returns the exit status."""
    out = stdout or sys.stdout
    if args.command == "verify":
        return _verify(args.record, out)
    from ecarte import ArgumentError, EcarteError

    try:  # the extra's modules, which the server imports only once it starts
        for name in _EXTRA:
            importlib.import_module(name)
        from .run import serve
    except ImportError as exc:
        raise EcarteError(
            f"ecarte serve needs the server extra: pip install 'ecarte[server]' ({exc})"
        ) from None

    config = _config(args)
    try:
        serve(config, args.host, args.port, log_level=args.log_level, loop=args.loop)
    except ArgumentError as exc:  # (the database: named by its option)
        raise ArgumentError(_as_typed(str(exc))) from None
    return 0


def _config(args: argparse.Namespace) -> ServerConfig:
    """The settings of ``ecarte serve``; a value out of its range is refused naming its
    option (``--idle``), as typed."""
    from ecarte import ArgumentError

    from .config import ServerConfig

    limits = {field: getattr(args, field) for _, field, _, _ in _LIMITS}
    try:
        return ServerConfig(database=args.db, **limits)
    except ArgumentError as exc:
        raise ArgumentError(_as_typed(str(exc))) from None


def _as_typed(message: str) -> str:
    """A refusal that begins with a setting's name (``idle_seconds must be...``) begun
    with its option's instead (``--idle must be...``)."""
    for flag, field in [("--db", "database"), *((f[0], f[1]) for f in _LIMITS)]:
        if message.startswith(f"{field} "):
            return flag + message.removeprefix(field)
    return message


def _verify(paths: list[str], out: TextIO) -> int:
    from .fair import verify_json

    status = 0
    for path in paths:
        try:
            if path == "-":
                text = sys.stdin.read()
            else:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
        except OSError as exc:
            print(f"{path}: cannot read: {exc}", file=out)
            status = 1
            continue
        except UnicodeDecodeError as exc:
            print(
                f"{path}: not a record: not UTF-8 text ({exc.reason} at byte {exc.start})", file=out
            )
            status = 1
            continue
        verdict = verify_json(text)
        print(f"{path}: {verdict}", file=out)
        status |= not verdict.ok
    return status
