"""The property on the wire: no message ever carries a card its recipient may not see,
nor the seed or nonce before the match ends, over both games, every installed Écarté
variant and Euchre's presets.

Every message each connection (every seat and a spectator, and one who connects late
asking for the events it missed) receives during a whole match is kept. Once the match
is over, its record (every deal) is replayed: after each event ``n`` the cards each
recipient may see are known (its own hand, the turn-up or up-card, the cards on the
table, the card just played), and every card named anywhere in a message about event
``n`` must be among those of ``n - 1`` or ``n``. The trumps of the finished hands
(earlier turn-ups, public when turned) are checked against the turn-ups so far.
"""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import msgspec
import pytest
from helpers.server import close_all, run, serving

from ecarte import Card, available_variants
from ecarte.games.euchre import Kind
from ecarte.server import fair
from ecarte.server import messages as m
from ecarte.server.client import TableClient, create_table, fetch_json

pytestmark = pytest.mark.own_backends  # the server runs on the live backend

CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]|Joker")


class Recorder(TableClient):
    """A client that keeps every message it receives."""

    def _take(self, msg: m.ServerMessage) -> None:
        self.received = [*getattr(self, "received", []), msg]
        super()._take(msg)


def _cards(value: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(value, str):
        found.update(CARD.findall(value))
    elif isinstance(value, dict):
        for v in value.values():
            found |= _cards(v)
    elif isinstance(value, list):
        for v in value:
            found |= _cards(v)
    return found


def _visible(game: Any, seat: int | None) -> set[str]:
    """What ``seat`` (None: a spectator) may see of the table now, from the whole truth."""
    obs = game.observation(0 if seat is None or seat >= _seats(game) else seat)
    seen = {str(c) for t in (*obs.tricks, obs.trick) for _, c in t}
    if hasattr(game, "turnup"):  # Écarté
        if game.turnup is not None:
            seen.add(str(game.turnup))
        if seat is not None:
            seen |= {str(c) for c in game.hand(seat)}
    else:
        if game.upcard is not None:
            seen.add(str(game.upcard))
        if seat is not None:
            seen |= {str(c) for c in game.cards(seat)}
            if obs.discard is not None:
                seen.add(str(obs.discard))
    return seen


def _seats(game: Any) -> int:
    return getattr(game, "players", 4)


def _played(game: Any, record: str) -> set[str]:
    """The card an action plays, public once played."""
    if hasattr(game, "turnup"):
        try:
            return {str(Card.parse(record))}
        except ValueError:
            return set()
    action = game.action_from_id(int(record))
    return {str(action.card)} if action.kind is Kind.PLAY else set()


def _truth(record: dict[str, Any], seats: int) -> tuple[list[dict[Any, set[str]]], list[set[str]]]:
    """For each event number: each recipient's visible cards, and the turn-ups so far."""
    game = fair.fresh(record["save"])
    who = [*range(seats), None]
    visible = [{r: _visible(game, r) for r in who}]
    turnups = [set()]
    seen_turnups: set[str] = set()
    for n, seat, kind, rec in record["events"]:
        played: set[str] = set()
        if kind in ("act", "timeout"):
            played = _played(game, rec)
            game.apply(int(rec) if rec.isdigit() else rec, seat=seat)
        if getattr(game, "turnup", None) is not None:
            seen_turnups.add(str(game.turnup))
        assert len(visible) == n
        visible.append({r: _visible(game, r) | played for r in who})
        turnups.append(set(seen_turnups))
    return visible, turnups


def _check(
    client: Recorder, visible: list[dict[Any, set[str]]], turnups: list[set[str]], secrets: set[str]
) -> int:
    seat = client.seat
    checked = 0
    revealed = False
    for msg in client.received:
        if isinstance(msg, m.Reveal):
            revealed = True
            continue
        plain = msgspec.to_builtins(msg)
        text = m.encode(msg).decode()
        if not revealed:
            assert not any(s in text for s in secrets), f"a secret before the end: {text}"
        items: list[tuple[int, Any]] = []
        if isinstance(msg, m.Welcome):
            items.append((msg.event, plain["view"]))
            items += [(e["n"], e) for e in plain["missed"]]
        elif isinstance(msg, m.Event):
            items.append((msg.n, plain))
        for n, item in items:
            allowed = visible[n].get(seat, set()) | (
                visible[n - 1].get(seat, set()) if n else set()
            )
            hands = item.get("hands") or (item.get("patch") or {}).get("hands") or []
            for h in hands:
                assert h["trump"] in turnups[n], (h, n)
                h["trump"] = ""
            leaked = _cards(item) - allowed
            assert not leaked, f"seat {seat} was sent {leaked} at event {n}: {item}"
            checked += 1
    return checked


CONFIGS = [
    {"game": "ecarte"},
    {"game": "ecarte", "rules": "spanish"},
    *({"game": "ecarte", "variants": [v]} for v in sorted(available_variants())),
    {"game": "euchre", "rules": "openspiel"},
    {"game": "euchre", "rules": "seed"},
    {"game": "euchre"},
]


@pytest.mark.parametrize("spec", CONFIGS, ids=lambda s: "-".join(map(str, s.values())))
def test_no_message_carries_a_card_its_recipient_may_not_see(spec: dict[str, Any]) -> None:
    async def main() -> None:
        async with serving() as (url, _):
            probe = await create_table(url, **spec)
            seats = [{"kind": "human"}] * len(probe["seats"])
            table = await create_table(url, **spec, seats=seats)
            tid = table["table"]
            clients = [await Recorder.connect(url, tid, s["token"]) for s in table["seats"]]
            watcher = await Recorder.connect(url, tid)
            rng = random.Random(str(spec))
            late: list[Recorder] = []

            async def play(c: Recorder) -> None:
                while True:
                    view = await c.turn()
                    if view.over:
                        return
                    if not late and c.event > 8:
                        late.append(await Recorder.connect(url, tid, last_event=c.event - 6))
                        late.append(
                            await Recorder.connect(
                                url, tid, table["seats"][1]["token"], last_event=c.event - 6
                            )
                        )
                    await c.act(id=rng.choice(view.legal).id)

            await asyncio.gather(*(play(c) for c in clients))
            everyone = [*clients, watcher, *late]
            last = clients[0].event
            await asyncio.gather(
                *(c.wait(lambda c: c.reveal is not None and c.event == last) for c in everyone)
            )
            record = await fetch_json(f"{url}/api/tables/{tid}/record")
            visible, turnups = _truth(record, len(clients))
            secrets = {record["seed"], record["nonce"]}
            checked = sum(_check(c, visible, turnups, secrets) for c in everyone)
            assert checked > len(everyone) * 10
            assert late and late[0].welcome is not None and late[0].welcome.missed
            await close_all(everyone)

    run(main())
