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
    if not hmac.compare_digest(commitment(table, seed, nonce).encode(), promised.encode()):
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
    problems.extend(_check_events(doc.get("events"), moves, doc.get("forfeit"), game.is_over))
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


def _check_events(events: Any, moves: list[tuple[int, Any]], forfeit: Any, over: bool) -> list[str]:
    """What is wrong with a record's events (``[n, seat, kind, record]`` each) given the
    saved game's moves (``(seat, move)``, replayed): each move is an event of its seat,
    the events are numbered from 1 with no gap, and the seat of ``forfeit`` (if any)
    forfeited the match at its last event, else the match is over."""
    if not isinstance(events, list) or not all(
        isinstance(e, list) and len(e) == 4 and isinstance(e[0], int) for e in events
    ):
        return ["the table's events are not a list of [n, seat, kind, record]"]
    problems = []
    if [e[0] for e in events] != list(range(1, len(events) + 1)):
        problems.append("the table's events are not numbered from 1 with no gap")
    played = [(e[1], e[3]) for e in events if e[2] in ("act", "timeout")]
    if [r for _, r in played] != [str(x) for _, x in moves]:
        problems.append("the table's events are not the moves of the saved game")
    else:
        seats = zip(played, moves, strict=True)
        wrong = next((i for i, (a, b) in enumerate(seats) if a[0] != b[0]), None)
        if wrong is not None:
            problems.append(
                f"move {wrong + 1} ({played[wrong][1]}) is by seat {moves[wrong][0]}, "
                f"not seat {played[wrong][0]!r} as the events say"
            )
    forfeits = [e[1] for e in events if e[2] == "forfeit"]
    if forfeit is None:
        if forfeits:
            problems.append(f"seat {forfeits[0]!r} forfeited, but the record names no forfeit")
        elif not over:
            problems.append("the saved game is not over and no seat forfeited")
    elif forfeits != [forfeit] or events[-1][2] != "forfeit":
        problems.append(f"the events do not end with seat {forfeit!r}'s forfeit")
    return problems


def _show(records: list[Any], i: int) -> str:
    return repr(records[i]) if i < len(records) else "(nothing)"


def _replay(game: Any, history: list[Any]) -> tuple[list[Any], list[tuple[int, Any]]]:
    """Apply the moves of ``history`` to ``game`` (which draws chance from its seed):
    every record the game has not drawn itself is a move. Returns the game's history as
    saved, and the moves (``(seat, move)``: the seat to act when it was made)."""
    moves: list[tuple[int, Any]] = []
    now = game.to_dict()["history"]
    for i, entry in enumerate(history):
        if i < len(now):
            continue  # drawn by the game (or a move already applied): compared at the end
        if game.is_over:
            break
        seat = game.to_act
        game.apply(entry)
        moves.append((seat, entry))
        now = game.to_dict()["history"]
    return now, moves


def verify_json(text: str | bytes) -> Verdict:
    """:func:`verify` of a record's JSON text."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as exc:  # RecursionError: nested too deep
        return Verdict(False, "?", "?", 0, 0, (f"not JSON: {exc}",))
    if not isinstance(doc, dict):
        return Verdict(False, "?", "?", 0, 0, ("a record is a JSON object",))
    return verify(doc)
