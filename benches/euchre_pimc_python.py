"""The Euchre PIMC player's decision loop in Python, as it was before its kernel: the
baseline of ``benches/test_bench_players.py``.

The same worlds' work, the Python way: the worlds drawn in Python (``random.Random``
shuffles and rejection, as many as the compiled kernel draws: ``_pure_pimc.sample`` with a
``random`` source would be slower still), then, world by world and option by option, a
card valued by one call of the compiled four-hand solver (``ecarte._core.solve_n``) and a
decision before the play by dealing the world as a new ``EuchreGame``, replaying the bids
and letting ``HeuristicBot`` decide up to the play, solved by the compiled solver.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ecarte import _core
from ecarte._cards import Card, CardSet, Suit
from ecarte.games.euchre._pure_machine import deal_points
from ecarte.games.euchre.bots import HeuristicBot
from ecarte.games.euchre.game import EuchreGame, Phase
from ecarte.games.euchre.pimc import TRIES, _Seen
from ecarte.games.euchre.tables import euchre_context

TEAMS = (0, 1, 0, 1)


def _sample(seen: _Seen, rng: random.Random, strict: bool) -> list[int] | None:
    cards = [x for x in range(64) if seen.pool >> x & 1]
    others = [p for p in range(4) if p != seen.seat]
    forbid = seen.forbid
    for _ in range(TRIES if strict else 1):
        rng.shuffle(cards)
        hands = [0, 0, 0, 0]
        hands[seen.seat] = seen.obs.hand.mask
        at = 0
        ok = True
        for p in others:
            h = sum(1 << x for x in cards[at : at + seen.sizes[p]]) | seen.known[p]
            at += seen.sizes[p]
            if strict and h & forbid[p]:
                ok = False
                break
            hands[p] = h
        if ok:
            return hands
    return None


def _points(flags: int, maker: int, alone: Sequence[int], made: int, me: int) -> int:
    side = maker & 1
    lone_maker = any(s & 1 == side for s in alone)
    defenders = any(s & 1 != side for s in alone)
    makers, pts = deal_points(flags, made, lone_maker, defenders)
    scorer = side if makers else 1 - side
    return pts if scorer == me & 1 else -pts


def _next(seat: int, active: int) -> int:
    s = (seat + 1) % 4
    while not active >> s & 1:
        s = (s + 1) % 4
    return s


def _play_value(game: EuchreGame, ctxs: Sequence[Any], hands: list[int], option: int) -> int:
    obs = game.observation(game.to_act)
    assert obs.trump is not None and obs.maker is not None
    card = game.action_from_id(option).card
    assert isinstance(card, Card)
    ctx = ctxs[int(obs.trump)]
    active = game.active()
    hands = list(hands)
    hands[obs.seat] &= ~(1 << card.id)
    trick = [c.id for _, c in obs.trick] + [card.id]
    leader = obs.trick[0][0] if obs.trick else obs.seat
    won = list(obs.tricks_won)
    done = len(obs.tricks)
    if len(trick) == bin(active).count("1"):
        s = leader
        for _ in range(_core.trick_winner(ctx, trick)):
            s = _next(s, active)
        won[s & 1] += 1
        leader, trick, done = s, [], done + 1
    side = obs.maker & 1
    if done < 5:
        t, _ = _core.solve_n(ctx, hands, leader, trick, 0, list(TEAMS), active)
        mover = leader
        for _ in range(len(trick)):
            mover = _next(mover, active)
        won[side] += t if mover & 1 == side else 5 - done - t
    return _points(game.flags, obs.maker, obs.alone, won[side], obs.seat)


def _rollout_value(
    game: EuchreGame, ctxs: Sequence[Any], seen: _Seen, hands: list[int], option: int
) -> int:
    obs = game.observation(game.to_act)
    dealer = obs.dealer
    assert dealer is not None and obs.upcard is not None
    dealt = list(hands)
    if seen.taken and obs.seat == dealer and obs.discard not in (None, obs.upcard):
        assert obs.discard is not None
        dealt[dealer] = dealt[dealer] & ~(1 << obs.upcard.id) | 1 << obs.discard.id
    world = EuchreGame.from_deal(
        game.rules, dealer=dealer, hands=[CardSet(h) for h in dealt], upcard=obs.upcard
    )
    ids = world.ids
    for _, text in obs.bids:
        if text == "pass":
            world.apply_id(ids.PASS)
        else:
            suit = next(s for s in Suit if s.symbol == text.split()[-1])
            world.apply_id(ids.CALL + int(suit))
    bot = HeuristicBot()
    while (world.phase, world.to_act) != (obs.phase, obs.seat):
        if world.phase is Phase.PLAY or world.is_over or world.deals != 1:
            return 0
        if world.phase is Phase.DISCARD and world.to_act == dealer and obs.discard is not None:
            world.apply_id(world.card_action_id(obs.discard))
        elif world.phase is Phase.TAKE:
            world.apply_id(ids.DECLINE if seen.declined else ids.TAKE)
        elif world.phase is Phase.ALONE:
            world.apply_id(ids.ALONE if world.to_act in obs.alone else ids.PARTNER)
        else:
            world.apply_id(bot.choose(world))
    world.apply_id(option)
    while world.phase is not Phase.PLAY and not world.is_over and world.deals == 1:
        world.apply_id(bot.choose(world))
    if world.phase is not Phase.PLAY or world.deals != 1:
        return 0
    trump, maker = world.trump, world.maker
    assert trump is not None and maker is not None
    live = [world.hand(s).mask for s in range(4)]
    leader = world.to_act
    t, _ = _core.solve_n(ctxs[int(trump)], live, leader, [], 0, list(TEAMS), world.active())
    made = t if leader & 1 == maker & 1 else 5 - t
    return _points(world.flags, maker, world.alone, made, obs.seat)


def decide(game: EuchreGame, worlds: int, seed: int) -> dict[int, int]:
    """Each legal id's summed points over ``worlds`` worlds, the Python way."""
    obs = game.observation(game.to_act)
    legal = game.legal_action_ids()
    ctxs = [euchre_context(t, game.deck) for t in range(4)]
    seen = _Seen(game, obs, ctxs)
    rng = random.Random(seed)
    totals = dict.fromkeys(legal, 0)
    for _ in range(worlds):
        hands = _sample(seen, rng, True) or _sample(seen, rng, False)
        assert hands is not None
        for option in legal:
            if obs.phase is Phase.PLAY:
                totals[option] += _play_value(game, ctxs, hands, option)
            else:
                totals[option] += _rollout_value(game, ctxs, seen, hands, option)
    return totals
