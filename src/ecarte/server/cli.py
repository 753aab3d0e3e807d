"""``ecarte serve`` and ``ecarte verify``: their arguments and what they run (the
``ecarte`` command adds them to its subcommands)."""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

__all__ = ["add_parsers", "run"]


def add_parsers(sub: Any) -> None:
    """Add ``serve`` and ``verify`` to the ``ecarte`` command's subparsers."""
    from .config import ServerConfig

    d = ServerConfig()
    serve = sub.add_parser(
        "serve",
        help="run the game server (pip install 'ecarte[server]')",
        description=(
            "Run the game server: tables of Écarté (with its variants) and Euchre over "
            "WebSockets, the browser table at http://HOST:PORT/, the API under /api "
            "(docs/server.md). SIGTERM stops it gracefully."
        ),
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (8000)")
    serve.add_argument("--db", default=d.database, help=f"the SQLite database ({d.database})")
    serve.add_argument("--max-frame", type=int, default=d.max_frame, help="bytes per message")
    serve.add_argument("--rate", type=float, default=d.rate, help="messages a second")
    serve.add_argument("--burst", type=int, default=d.burst, help="messages at once")
    serve.add_argument(
        "--max-connections",
        type=int,
        default=d.max_connections_per_address,
        help="connections per client address",
    )
    serve.add_argument("--idle", type=float, default=d.idle_seconds, help="idle timeout (s)")
    serve.add_argument("--max-tables", type=int, default=d.max_tables, help="tables at most")
    serve.add_argument("--log-level", default="info", choices=("debug", "info", "warning", "error"))
    verify = sub.add_parser(
        "verify",
        help="check a finished table's record against its seed commitment",
        description=(
            "Check a finished table's record (GET /api/tables/ID/record, saved to a file; "
            "'-' reads stdin): the commitment is the SHA-256 of the revealed seed, and "
            "every deal replays from it. Exit status 0 when fair, 1 otherwise."
        ),
    )
    verify.add_argument("record", nargs="+", help="record files ('-': stdin)")


def run(args: argparse.Namespace, stdout: TextIO | None = None) -> int:
    """Run ``serve`` or ``verify``; returns the exit status."""
    out = stdout or sys.stdout
    if args.command == "verify":
        return _verify(args.record, out)
    from .config import ServerConfig

    try:
        from .run import serve
    except ImportError as exc:  # pragma: no cover - without the extra
        print(f"ecarte serve needs the server extra: pip install 'ecarte[server]' ({exc})")
        return 2
    config = ServerConfig(
        database=args.db,
        max_frame=args.max_frame,
        rate=args.rate,
        burst=args.burst,
        max_connections_per_address=args.max_connections,
        idle_seconds=args.idle,
        max_tables=args.max_tables,
    )
    serve(config, args.host, args.port, log_level=args.log_level)
    return 0


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
        verdict = verify_json(text)
        print(f"{path}: {verdict}", file=out)
        status |= not verdict.ok
    return status
