"""Trials on the games' public API: Écarté's and Euchre's."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from ._common import (
    BadEq,
    Trials,
    _is_package_error,
    _nothing,
    hostile_int,
    show,
)

# ------------------------------------------------------------------- écarté's API


def _ecarte_pool(rng: random.Random, game: Any) -> tuple[object, str]:
    """An action argument and its description."""
    from ecarte import PIQUET_DECK, Card, CardSet, Cut, Deal, Discard, Play
    from ecarte.games.ecarte.actions import ACTIONS

    cards = list(PIQUET_DECK)
    legal = list(game.legal_actions())
    pick = rng.randrange(9)
    if pick == 0 and legal:
        a: object = rng.choice(legal)
    elif pick == 1:
        a = rng.choice(ACTIONS)
    elif pick == 2:
        a = Play(Card.from_id(rng.choice([c for c in range(64) if c & 15 <= 12])))
    elif pick == 3:
        a = Discard(CardSet.of(rng.sample(cards, rng.randrange(7))))
    elif pick == 4:
        a = rng.choice([str(x) for x in legal] or ["propose"]) if rng.random() < 0.5 else ""
        a = a + rng.choice(("", " ", "x", " K♠", "\x00", "♠" * 50))
    elif pick == 5:
        a = Cut((cards[0], cards[1])) if rng.random() < 0.5 else Deal(rng.sample(cards, 32))
    elif pick == 6:
        a = hostile_int(rng, rng.randrange(100))
    elif pick == 7:
        a = rng.choice((None, object(), BadEq(), b"propose", ["propose"], 3.5))
    else:
        a = rng.choice(("propose", "accept", "refuse", "king", "packets 3-2", "discard"))
    return a, show(a)


def _ecarte_legal(game: Any, action: object) -> bool:
    from ecarte import Action
    from ecarte.games.ecarte.actions import parse_record

    try:
        if isinstance(action, str):
            action = parse_record(action)
    except Exception:
        return False
    return isinstance(action, Action) and any(action == a for a in game.legal_actions())


def _seat_ok(seat: object, to_act: int) -> bool | None:
    """True: the seat's turn; False: must be refused; None: either (an int subclass)."""
    if seat is None or (type(seat) is int and seat == to_act):
        return True
    if isinstance(seat, int) and not isinstance(seat, bool) and type(seat) is not int:
        return None
    return False


_CARD_TEXT = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")


def ecarte_hidden_cards(game: Any, seat: int) -> Any:
    """The cards ``seat`` of an Écarté game in its hand must not see: the other hand, the
    stock and the discards (a CardSet)."""
    from ecarte import Card, CardSet

    s = game._state
    other = next(p for p in game.game_players if p != seat)
    stock = CardSet.of(Card.from_id(c) for c in s.stock)
    return game.hand(other) | stock | CardSet(s.discards)


def _ecarte_hidden(t: Trials, game: Any) -> None:
    """No seat's observation shows the other hand, the stock or the discards."""
    from ecarte import Card, CardSet
    from ecarte.games.ecarte.game import Phase

    if game.phase not in (
        Phase.PROPOSE,
        Phase.RESPOND,
        Phase.ELDER_DISCARD,
        Phase.DEALER_DISCARD,
        Phase.PLAY,
    ):
        return
    for seat in game.game_players:
        hidden = ecarte_hidden_cards(game, seat)
        obs = game.observation(seat)
        text = str(obs) + json.dumps(game.observation(seat).to_dict(), ensure_ascii=False)
        shown = CardSet.of(Card.parse(x) for x in _CARD_TEXT.findall(text))
        t.counts["hidden-checks"] += 1
        if shown & hidden:
            t.fail("hidden-card", f"seat {seat} sees {shown & hidden} ({game!r})")


def _snapshot_ecarte(game: Any) -> Any:
    return (game.to_json(), tuple(map(str, game.legal_actions())), game.to_act)


def trials_api(t: Trials, rng: random.Random, n: int) -> None:
    from ecarte import Game, Rules
    from ecarte.games.ecarte.rules import PRESETS

    game: Any = None
    for _ in range(n):
        if game is None or game.is_over or rng.random() < 0.01:
            game = Game(rules=Rules.preset(rng.choice(sorted(PRESETS))), seed=rng.getrandbits(40))
        if t.moved(rng, game, game.legal_actions(), game.apply, _ecarte_hidden):
            continue
        g = game

        def snap(g: Any = g) -> Any:
            return _snapshot_ecarte(g)

        op = rng.randrange(6)
        if op <= 2:
            action, what = _ecarte_pool(rng, g)
            seat = None if rng.random() < 0.6 else hostile_int(rng, g.to_act)
            legal_now = _ecarte_legal(g, action)
            seat_ok = _seat_ok(seat, g.to_act)
            ok = t.call(snap, f"apply({what}, seat={show(seat)})", g.apply, action, seat=seat)
            if ok and (not legal_now or seat_ok is False):
                t.fail("silent-acceptance", f"apply({what}, seat={show(seat)}) on {g!r}")
        elif op == 3:
            action, what = _ecarte_pool(rng, g)
            t.call(snap, f"action_id({what})", g.action_id, action)
        elif op == 4:
            x = hostile_int(rng, rng.randrange(100))
            name = rng.choice(("action_from_id", "observation", "hand", "describe"))
            ok = t.call(snap, f"{name}({show(x)})", getattr(g, name), x)
            wrong_type = type(x) is not int and name != "describe" and x is not None
            if ok and wrong_type and not (name == "action_from_id" and isinstance(x, int)):
                t.fail("silent-acceptance", f"{name}({show(x)})")
        else:
            twin = g.clone()
            before = snap()
            action, what = _ecarte_pool(rng, twin)
            t.call(_nothing, f"clone.apply({what})", twin.apply, action)
            if snap() != before:
                t.fail("changed-after-error", f"the clone's apply({what}) changed the game")


# ------------------------------------------------------------------- euchre's API


def _euchre_hidden(t: Trials, game: Any) -> None:
    for seat in range(4):
        o = game.observation(seat)
        visible = {str(c) for tr in o.tricks for _, c in tr} | {str(c) for _, c in o.trick}
        visible |= {str(c) for c in (o.upcard, o.discard) if c is not None}
        hidden: set[str] = set()
        for other in range(4):
            if other != seat:
                hidden |= {str(c) for c in game.hand(other)}
        hidden -= visible
        d = o.to_dict()
        shown = set(d["hand"]) | {x["card"] for tr in d["tricks"] for x in tr}
        shown |= {x["card"] for x in d["trick"]} | {d["upcard"], d["discard"]} - {None}
        t.counts["hidden-checks"] += 1
        if shown & hidden:
            t.fail("hidden-card", f"euchre seat {seat} sees {shown & hidden}")


def trials_euchre(t: Trials, rng: random.Random, n: int) -> None:
    from ecarte.games.euchre import EuchreAction, EuchreGame, EuchreRules
    from ecarte.games.euchre.actions import Kind
    from ecarte.games.euchre.game import _deck

    presets = ("standard", "openspiel", "joker")
    game: Any = None
    for _ in range(n):
        if game is None or game.is_over or rng.random() < 0.02:
            name = rng.choice(presets)
            rules = getattr(EuchreRules, name)() if hasattr(EuchreRules, name) else None
            game = EuchreGame(rules or EuchreRules.standard(), seed=rng.getrandbits(40))
        ids = game.legal_action_ids()
        if t.moved(rng, game, ids, game.apply_id, _euchre_hidden):
            continue
        g = game

        def snap(g: Any = g) -> Any:
            return (g.to_json(), tuple(g.legal_action_ids()), g.to_act)

        deck = _deck(g.deck)
        op = rng.randrange(5)
        if op == 0:
            x = hostile_int(rng, rng.choice(ids) if ids else 0)
            ok = t.call(snap, f"apply_id({show(x)})", g.apply_id, x)
            an_id = isinstance(x, int) and not isinstance(x, bool) and int(x) in ids
            if ok and not an_id:
                t.fail("silent-acceptance", f"apply_id({show(x)}), legal {ids}")
        elif op == 1:
            pick = rng.randrange(4)
            if pick == 0:
                a: object = rng.choice(deck.plays + deck.deals + deck.discards + deck.dealers)
            elif pick == 1:
                a = rng.choice(list(deck.decisions.values()))
            elif pick == 2:
                try:
                    a = EuchreAction(
                        rng.choice(list(Kind)), rng.randrange(-2, 40), rng.randrange(40)
                    )
                except Exception as exc:
                    if not _is_package_error(exc):
                        t.fail("wrong-error", f"EuchreAction(...) -> {exc!r}")
                    continue
            else:
                a = rng.choice(("pass", "call ♠", "alone", "x", "", "joker", "9♣", "take"))
            seat = None if rng.random() < 0.6 else hostile_int(rng, g.to_act)
            seat_ok = _seat_ok(seat, g.to_act)
            legal = [g.action_from_id(i) for i in ids]
            legal_now = (
                a in legal if isinstance(a, EuchreAction) else isinstance(a, str) and bool(ids)
            )
            ok = t.call(snap, f"apply({a!r}, seat={show(seat)})", g.apply, a, seat=seat)
            if ok and (not legal_now or seat_ok is False):
                t.fail("silent-acceptance", f"apply({a!r}, seat={show(seat)})")
        elif op == 2:
            x = hostile_int(rng, rng.randrange(40))
            name = rng.choice(("action_from_id", "observation", "action_to_string"))
            t.call(snap, f"{name}({show(x)})", getattr(g, name), x)
        elif op == 3:
            c = rng.choice((*deck.cards, None, 5, "K♠", BadEq()))
            t.call(snap, f"card_action_id({c!r})", g.card_action_id, c)
        else:
            twin = g.clone()
            before = snap()
            if ids:
                twin.apply_id(rng.choice(ids))
            if snap() != before:
                t.fail("changed-after-error", "a clone's move changed the game")
