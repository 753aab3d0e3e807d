"""Fair deals: a table's seed is drawn from :mod:`secrets`, a SHA-256 commitment to it is
published when the table opens, and the seed is revealed once the match is over, with
the table's record, which anyone can check (:func:`verify`, ``ecarte verify``) by
replaying every deal from the seed.

The commitment is ``sha256("ecarte-table:{table}:{nonce}:{seed}")`` in hex: the nonce (128
random bits, revealed with the seed) keeps the seed from being found by trying every
value of 64 bits against the commitment.

>>> seed, nonce = draw()
>>> c = commitment("t1", seed, nonce)
>>> len(c), c == commitment("t1", seed, nonce), c == commitment("t2", seed, nonce)
(64, True, False)

This module needs nothing beyond the engine (not the server's extra).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from typing import Any

from attrs import frozen

from ecarte import EcarteError, from_json

__all__ = [
    "RECORD_FORMAT",
    "Verdict",
    "commitment",
    "draw",
    "fresh",
    "record",
    "verify",
    "verify_json",
]

RECORD_FORMAT = "ecarte-table-record"
"""The ``format`` of a finished table's record."""


def draw() -> tuple[int, str]:
    """A new table's seed (64 bits) and nonce (128 bits, hex), from :mod:`secrets`."""
    return secrets.randbits(64), secrets.token_hex(16)


def commitment(table: str, seed: int, nonce: str) -> str:
    """The SHA-256 commitment (hex) to a table's seed."""
    return hashlib.sha256(f"ecarte-table:{table}:{nonce}:{seed}".encode()).hexdigest()


def record(
    table: str,
    seed: int,
    nonce: str,
    saved: Mapping[str, Any],
    events: list[list[Any]],
    forfeit: int | None,
) -> dict[str, Any]:
    """A finished table's record: the commitment, the revealed seed and nonce, the
    saved game (the engine's save envelope) and the table's events
    (``[n, seat, kind, record]``)."""
    return {
        "format": RECORD_FORMAT,
        "version": 1,
        "table": table,
        "commitment": commitment(table, seed, nonce),
        "seed": str(seed),
        "nonce": nonce,
        "forfeit": forfeit,
        "save": dict(saved),
        "events": events,
    }


@frozen
class Verdict:
    """What :func:`verify` found: ``ok`` when every check passed; ``problems`` says what
    failed, ``deals`` counts the chance records replayed from the seed."""

    ok: bool
    table: str
    game: str
    deals: int
    moves: int
    problems: tuple[str, ...]

    def __str__(self) -> str:
        if self.ok:
            return (
                f"table {self.table} ({self.game}): fair: the commitment matches the seed and "
                f"all {self.deals} chance records replay from it ({self.moves} moves)"
            )
        return f"table {self.table} ({self.game}): NOT VERIFIED: " + "; ".join(self.problems)


def verify(doc: Mapping[str, Any]) -> Verdict:
    """Check a finished table's record: the commitment is the SHA-256 of its table, nonce
    and seed; the saved game's seed is that seed; and replaying the players' moves on a
    new game of the same rules and seed deals exactly the cards of the record (every
    cut and deal), and the moves are the table's events."""
    problems: list[str] = []
    table = str(doc.get("table", "?"))
    if doc.get("format") != RECORD_FORMAT:
        return Verdict(False, table, "?", 0, 0, (f"not a table record ({RECORD_FORMAT!r})",))
    saved = doc.get("save")
    name = saved.get("game", "?") if isinstance(saved, Mapping) else "?"
    try:
        seed = int(doc["seed"])
        nonce = str(doc["nonce"])
        promised = str(doc["commitment"])
    except (KeyError, TypeError, ValueError) as exc:
        return Verdict(False, table, name, 0, 0, (f"field {exc} missing or malformed",))
    if not hmac.compare_digest(commitment(table, seed, nonce), promised):
        problems.append("the commitment is not the SHA-256 of the table, nonce and seed")
    if not isinstance(saved, Mapping):
        return Verdict(False, table, name, 0, 0, (*problems, "no saved game"))
    if saved.get("seed") != seed:
        problems.append(f"the saved game's seed {saved.get('seed')!r} is not the revealed seed")
    history = saved.get("history")
    if not isinstance(history, list):
        return Verdict(False, table, name, 0, 0, (*problems, "the saved game has no history"))
    try:
        game = fresh(saved)
        replayed, moves = _replay(game, history)
    except (EcarteError, ValueError, TypeError) as exc:
        return Verdict(False, table, name, 0, 0, (*problems, f"the replay failed: {exc}"))
    if replayed != history:
        at = next(
            (i for i, (a, b) in enumerate(zip(replayed, history, strict=False)) if a != b),
            min(len(replayed), len(history)),
        )
        problems.append(
            f"history record {at} is {_show(history, at)}, the seed gives {_show(replayed, at)}"
        )
    played = [e[3] for e in doc.get("events", []) if e[2] in ("act", "timeout")]
    if played != [str(x) for x in moves]:
        problems.append("the table's events are not the moves of the saved game")
    return Verdict(
        not problems, table, name, len(history) - len(moves), len(moves), tuple(problems)
    )


_FRESH: dict[str, dict[str, Any]] = {
    "ecarte": {"history": [], "state": {}},
    "euchre": {"history": [], "state": {}, "auto": [], "sealed": 0},
}
"""What makes a saved game of each game a new one of the same rules and seed: its history
and what the codec keeps of it, emptied."""


def fresh(saved: Mapping[str, Any]) -> Any:
    """A new game of a saved game's rules, variants and seed, before any move (the chance
    due at the start drawn from the seed)."""
    name = saved.get("game")
    if name not in _FRESH:
        raise ValueError(f"no replay of {name!r} games (games: {', '.join(_FRESH)})")
    return from_json(json.dumps({**saved, **_FRESH[str(name)]}))


def _show(records: list[Any], i: int) -> str:
    return repr(records[i]) if i < len(records) else "(nothing)"


def _replay(game: Any, history: list[Any]) -> tuple[list[Any], list[Any]]:
    """Apply the moves of ``history`` to ``game`` (which draws chance from its seed):
    every record the game has not drawn itself is a move. Returns the game's history as
    saved, and the moves."""
    moves: list[Any] = []
    now = game.to_dict()["history"]
    for i, entry in enumerate(history):
        if i < len(now):
            continue  # drawn by the game (or a move already applied): compared at the end
        if game.is_over:
            break
        game.apply(entry)
        moves.append(entry)
        now = game.to_dict()["history"]
    return now, moves


def verify_json(text: str | bytes) -> Verdict:
    """:func:`verify` of a record's JSON text."""
    try:
        doc = json.loads(text)
    except ValueError as exc:
        return Verdict(False, "?", "?", 0, 0, (f"not JSON: {exc}",))
    if not isinstance(doc, dict):
        return Verdict(False, "?", "?", 0, 0, ("a record is a JSON object",))
    return verify(doc)
