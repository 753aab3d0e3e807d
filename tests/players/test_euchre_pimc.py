"""The Euchre PIMC player: legal, reading only its seat's view, its worlds consistent."""

from __future__ import annotations

import random
from typing import Any

import pytest
from euchre_cases import positions

from ecarte import _core
from ecarte._cards import Card, CardSet
from ecarte.games.euchre import EuchreGame, EuchreRules, euchre_context
from ecarte.games.euchre import _pure_pimc as pure
from ecarte.games.euchre.bots import RandomBot
from ecarte.games.euchre.game import Phase
from ecarte.games.euchre.ismcts import EuchreISMCTSPlayer
from ecarte.games.euchre.pimc import EuchrePIMCPlayer, _Seen, load_kernel
from ecarte.games.euchre.tables import context_on

pytestmark = pytest.mark.own_backends


def test_every_decision_is_legal_and_reproducible() -> None:
    phases = set()
    for game in positions(25, 1, every=0.2):
        a, b = EuchrePIMCPlayer(worlds=3, seed=2), EuchrePIMCPlayer(worlds=3, seed=2)
        choice = a.choose(game)
        assert choice in game.legal_action_ids()
        assert b.choose(game) == choice and a.last == b.last
        phases.add(game.phase)
    assert {Phase.BID, Phase.PLAY} <= phases


RULES = {
    "standard": EuchreRules.standard(),
    "openspiel": EuchreRules.openspiel(),
    "dealer may decline": EuchreRules.seed(),
    "32 cards": EuchreRules(deck=32, stick_the_dealer=True),
}


def _seen(game: EuchreGame) -> _Seen:
    ctxs = [euchre_context(t, game.deck) for t in range(4)]
    return _Seen(game, game.observation(game.to_act), ctxs)


def _true_hands(game: EuchreGame, seen: _Seen) -> list[int]:
    """The hands the worlds stand for: the dealer's five before the take while it is to
    discard or, seen by another seat, until the play."""
    obs = seen.obs
    truth = [game.hand(s).mask for s in range(4)]
    if seen.taken and obs.phase is not Phase.PLAY and obs.dealer is not None:
        assert obs.upcard is not None
        if obs.seat != obs.dealer or obs.phase is Phase.DISCARD:
            truth[obs.dealer] &= ~(1 << obs.upcard.id)
            if obs.seat != obs.dealer and obs.phase is not Phase.DISCARD:
                truth[obs.dealer] |= 1 << _discard(game).id
    return truth


def _discard(game: EuchreGame) -> Card:
    dealer = game.observation(0).dealer
    assert dealer is not None
    card = game.observation(dealer).discard
    assert isinstance(card, Card)
    return card


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("kernel", ["c", "pure"])
def test_the_worlds_keep_what_the_seat_saw(name: str, kernel: str) -> None:
    """Every world meets what the seat saw (its hand, the sizes, the unseen cards only,
    each card answered legal with the hand the world gives, the turned card with the
    dealer once taken up, out of play once declined or turned down) and the true deal
    meets the same constraints."""
    sample_worlds = load_kernel(kernel).sample_worlds
    checked = exact = 0
    for k, game in enumerate(positions(30, 3 + len(name), RULES[name], every=0.3)):
        seen = _seen(game)
        obs, seat, q = seen.obs, seen.seat, seen.query
        assert obs.upcard is not None and obs.dealer is not None
        truth = _true_hands(game, seen)
        up = 1 << obs.upcard.id
        if seen.declined or (obs.trump is not None and not seen.taken):
            assert not q.pool & up  # the turned card is out of play
        for s in range(4):  # the truth is one of the worlds
            if s != seat:
                assert truth[s] & ~(q.pool | q.known[s]) == 0
                assert truth[s] & (q.voids[s] | q.hard[s]) == 0
                assert truth[s] & q.known[s] == q.known[s] and not q.known[s] & q.pool
                assert truth[s].bit_count() == q.sizes[s] + q.known[s].bit_count()
        for kind, hands in sample_worlds(q, k, 6, 200, True):
            assert kind in (pure.EXACT, pure.HARD, pure.FREE)
            assert hands[seat] == obs.hand.mask
            every = hands[0] | hands[1] | hands[2] | hands[3]
            assert every.bit_count() == sum(h.bit_count() for h in hands)  # disjoint
            for s in range(4):
                assert hands[s].bit_count() == truth[s].bit_count()
                if s != seat:
                    assert hands[s] & ~(q.pool | q.known[s]) == 0
                    if kind >= pure.HARD:
                        assert hands[s] & q.hard[s] == 0
                    if kind == pure.EXACT:
                        assert hands[s] & q.voids[s] == 0
            if kind != pure.EXACT or obs.trump is None:
                continue
            exact += 1
            if seen.taken and seat != obs.dealer and obs.phase is Phase.PLAY:
                played = any(c == obs.upcard for t in (*obs.tricks, obs.trick) for _, c in t)
                if not played and not game.rules.dealer_may_discard_upcard:
                    assert hands[obs.dealer] & up  # never elsewhere: a discard of it is not
            ctx = euchre_context(int(obs.trump), game.deck)
            tricks = (*obs.tricks, obs.trick)
            for i, t in enumerate(tricks):  # each card answered was legal in the world
                for j in range(1, len(t)):
                    s, card = t[j]
                    later = sum(1 << c.id for u in tricks[i:] for p, c in u if p == s)
                    led = [c.id for _, c in t[:j]]
                    assert _core.legal_plays(ctx, hands[s] | later, led, 0) >> card.id & 1
        checked += 1
    assert checked == 30 and exact > 20


@pytest.mark.parametrize("name", sorted(RULES))
def test_the_compiled_kernel_is_its_pure_twin(name: str) -> None:
    """The C sampler and the C loops (the card play, the decisions before it) draw the same
    worlds and give the same values as the pure twin, on random positions of every phase."""
    c, py = load_kernel("c"), load_kernel("pure")
    plays = bids = 0
    for k, game in enumerate(positions(30, 17 + len(name), RULES[name], every=0.3)):
        seen = _seen(game)
        for relax in (True, False):
            tries = 1 + k % 3 if relax else 200
            assert c.sample_worlds(seen.query, k, 12, tries, relax) == py.sample_worlds(
                seen.query, k, 12, tries, relax
            )
        if (plays if game.phase is Phase.PLAY else bids) >= 8:
            continue
        player = EuchrePIMCPlayer(worlds=3, seed=k, kernel="c")
        twin = EuchrePIMCPlayer(worlds=3, seed=k, kernel="pure")
        assert player.choose(game) == twin.choose(game)
        assert player.last == twin.last and player.kinds == twin.kinds
        if game.phase is Phase.PLAY:
            plays += 1
        else:
            bids += 1
    assert plays >= 4 and bids >= 4


class _Spy:
    """A kernel that keeps the arguments of its ``pimc_bid`` calls."""

    def __init__(self, kernel: Any) -> None:
        self.kernel = kernel
        self.bids: list[tuple[Any, ...]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.kernel, name)

    def pimc_bid(self, *args: Any) -> Any:
        self.bids.append(args)
        return self.kernel.pimc_bid(*args)


def _plays_by_both_sides(args: tuple[Any, ...]) -> int:
    """The worlds of a first-round bid (``pimc_bid``'s arguments, the seat not the dealer)
    in which two options reach one play with the trumps made by either side."""
    from ecarte._core._pure import Rng

    deck, s, flags, dealer, upcard, script, _, options, seed, nworlds, tries = args[:11]
    rng, both = Rng(seed), 0
    for _ in range(nworlds):
        _, world = pure.sample(s, rng, tries, True)
        m0 = pure._deal(deck, flags, dealer, upcard, script, world)
        sides: dict[tuple[int, ...], set[int]] = {}
        for o in options:
            m = m0.copy()
            m.apply_id(o)
            while m.phase not in (pure._PH_PLAY, pure._PH_OVER):
                m.apply_id(pure.model(m))
            if m._play is not None and m.phase == pure._PH_PLAY:
                key = (m.trump, m._play.to_move, m._play.active, *m._play.hands)
                sides.setdefault(key, set()).add(m.maker & 1)
        both += any(len(v) == 2 for v in sides.values())
    return both


def test_options_reaching_one_play_share_it_whoever_made_the_trumps() -> None:
    """Passing and ordering up often reach one play, the trumps made by the other side:
    the compiled bid loop searches only the thresholds what it found for the first option
    leaves open (the pure twin solves each exactly), with the same totals as the twin."""
    c, py = load_kernel("c"), load_kernel("pure")
    shared = checked = 0
    for k, game in enumerate(positions(80, 5, EuchreRules.openspiel(), every=0.5)):
        obs = game.observation(game.to_act)
        if game.phase is not Phase.BID or obs.seat == obs.dealer:
            continue
        player = EuchrePIMCPlayer(worlds=24, seed=k, kernel="c")
        spy = player._pimc = _Spy(player._pimc)
        player.choose(game)
        (args,) = spy.bids
        assert c.pimc_bid(*args) == py.pimc_bid(*args)
        shared += _plays_by_both_sides(args)
        checked += 1
    assert checked >= 8 and shared >= 20


def test_cards_of_the_same_worth_share_their_values() -> None:
    """The compiled card loop values once the seat's cards that no card a world may put in
    play separates (the pure twin solves each): the same totals as the twin, on play
    positions where some options are alike and where none are."""
    alike = 0
    for k, game in enumerate(positions(60, 71, EuchreRules.openspiel(), every=0.5)):
        if game.phase is not Phase.PLAY:
            continue
        player = EuchrePIMCPlayer(worlds=2, seed=k, kernel="c")
        twin = EuchrePIMCPlayer(worlds=2, seed=k, kernel="pure")
        assert player.choose(game) == twin.choose(game) and player.last == twin.last
        obs = game.observation(game.to_act)
        assert obs.trump is not None
        ctx = euchre_context(int(obs.trump), game.deck)
        seen = _seen(game)
        live = seen.pool | sum(seen.known)
        for _, card in obs.trick:
            live |= 1 << card.id
        cards = [game.action_from_id(i).card.id for i in game.legal_action_ids()]
        for a in cards:
            for b in cards:
                if ctx.suit_of[a] == ctx.suit_of[b] and ctx.power[a] < ctx.power[b]:
                    alike += not ctx.above[a] & ~ctx.above[b] & ~(1 << b) & live
    assert alike >= 3


def test_the_dealer_declining_leaves_the_turned_card_out() -> None:
    """Under ``dealer_may_decline``, a declined card is out of play in every world: it is
    neither the dealer's nor among the cards the others may hold, and the PIMC player's
    bids replay the dealer's answer."""
    checked = 0
    for k in range(60):
        game = EuchreGame(EuchreRules.seed(), seed=k)
        ids = game.ids
        rng = random.Random(k)
        while not game.is_over and game.phase is not Phase.PLAY:
            legal = game.legal_action_ids()
            if ids.DECLINE in legal:
                game.apply_id(ids.DECLINE)
            elif game.phase is Phase.BID and len(legal) > 1 and rng.random() < 0.5:
                game.apply_id(legal[1])  # order up
            else:
                game.apply_id(legal[rng.randrange(len(legal))])
        if game.phase is not Phase.PLAY or not any(i == ids.DECLINE for i in game.history_ids()):
            continue
        seen = _seen(game)
        obs = seen.obs
        assert obs.upcard is not None and seen.declined and not seen.taken
        assert not seen.query.pool >> obs.upcard.id & 1 and not any(seen.query.hard)
        assert seen.query.sizes == (5, 5, 5, 5)
        player = EuchrePIMCPlayer(worlds=4, seed=k)
        assert player.choose(game) in game.legal_action_ids()
        assert all(kind == pure.EXACT for kind in player.kinds)
        checked += 1
    assert checked >= 3


def test_a_deal_that_differs_only_in_hidden_cards_gets_the_same_decision() -> None:
    """Deal a world the seat cannot tell from the true deal for real: the player sees the
    same, so it draws the same worlds and values every option the same."""
    checked = 0
    for k, game in enumerate(positions(30, 5, EuchreRules.openspiel(), every=0.3)):
        worlds = EuchreISMCTSPlayer(worlds=4, seed=k).determinizations(game)
        if worlds is None:
            continue
        obs = game.observation(game.to_act)
        assert obs.dealer is not None and obs.upcard is not None
        twin = EuchreGame.from_deal(
            game.rules,
            dealer=obs.dealer,
            hands=[CardSet(h) for h in worlds.hands[-1]],
            upcard=obs.upcard,
        )
        for i in worlds.scripts[-1][21:]:
            twin.apply_id(i)
        if [twin.hand(s) for s in range(4)] == [game.hand(s) for s in range(4)]:
            continue
        assert twin.observation(game.to_act) == obs
        assert _seen(twin).query == _seen(game).query
        a, b = EuchrePIMCPlayer(worlds=5, seed=k), EuchrePIMCPlayer(worlds=5, seed=k)
        assert a.choose(game) == b.choose(twin) and a.last == b.last
        checked += 1
    assert checked >= 10


def test_it_beats_a_random_bot_and_skips_the_joker() -> None:
    wins = 0
    for seed in range(4):
        game = EuchreGame(seed=seed)
        side = seed % 2
        players = [
            EuchrePIMCPlayer(worlds=4, seed=seed) if s % 2 == side else RandomBot(s)
            for s in range(4)
        ]
        while not game.is_over:
            game.apply_id(players[game.to_act].choose(game))
        wins += game.winner == side
    assert wins >= 3
    game = EuchreGame(EuchreRules(deck=25), seed=1)
    assert EuchrePIMCPlayer(worlds=2).choose(game) in game.legal_action_ids()


@pytest.mark.parametrize("kernel", ["c", "pure"])
def test_the_kernels_refuse_bad_queries(kernel: str) -> None:
    k = load_kernel(kernel)
    good = pure.Seen(0xFFFFF, 1 << 40, (0, 0xFFFFF, 0, 0), (0,) * 4, (0,) * 4, (5,) * 4, 0)
    assert [kind for kind, _ in k.sample_worlds(good, 1, 3, 1, False)] == [pure.NONE] * 3
    assert [kind for kind, _ in k.sample_worlds(good, 1, 3, 1, True)] == [pure.HARD] * 3
    small = good._replace(pool=0xFF)  # 8 cards for 15
    with pytest.raises(ValueError):
        k.sample_worlds(small, 1, 1, 5, True)
    play = pure.Play(0, 0, 1, 0, 15, 0, (), 0, (0, 0))
    with pytest.raises(ValueError):
        k.pimc_play(24, good, play, [], 1, 2, 5)  # no option
    with pytest.raises(ValueError):
        k.pimc_play(24, good, play, [41], 1, 2, 5)  # not in the hand
    assert k.pimc_play(24, good, play, [40], 1, 0, 5) == ([0], [], [])
    with pytest.raises(ValueError):
        k.pimc_bid(24, good, 0, 0, 0, [24] * 25, -1, [24], 1, 2, 5)  # script too long


def _random_position(rng: random.Random, deck: int) -> tuple[int, list[int], int, list[int], int]:
    """A random play position of ``deck``: trump, four hands (1 to 5 cards each, a lone
    hand's partner out one time in three), the leader and a legal trick in progress, and
    the mask of the active seats."""
    from ecarte._core import backend

    pure_core = backend("pure")
    trump = rng.randrange(4)
    ctx = context_on(pure_core, trump, deck)
    cards = [c for c in range(64) if ctx.deck >> c & 1]
    rng.shuffle(cards)
    k = rng.randint(1, 5)
    active = 15 & ~(1 << rng.randrange(4)) if rng.random() < 1 / 3 else 15
    hands = [
        sum(1 << c for c in cards[p * k : p * k + k]) if active >> p & 1 else 0 for p in range(4)
    ]
    leader = rng.choice([p for p in range(4) if active >> p & 1])
    trick: list[int] = []
    seat = leader
    for _ in range(rng.randrange(active.bit_count())):
        legal = pure_core.legal_plays(ctx, hands[seat], trick, 0)
        card = rng.choice([c for c in range(64) if legal >> c & 1])
        hands[seat] &= ~(1 << card)
        trick.append(card)
        seat = (seat + 1) & 3
        while not active >> seat & 1:
            seat = (seat + 1) & 3
    return trump, hands, leader, trick, active


@pytest.mark.parametrize("deck", [24, 32])
def test_the_threshold_solves_agree_with_the_exact_value(deck: int) -> None:
    """On random positions, the compiled null-window solve (``ec_solve_n_target``) and its
    twin say a number of tricks can be forced exactly when the exact value reaches it (and
    count the targets reached among several: ``ec_solve_n_reached``), and the points of a
    deal whose play is solved to the thresholds the scoring tells apart
    (``ec_eu_solved_points``) are those of the exact count, whatever the makers, the lone
    hands, the tricks already made and the rules' scoring."""
    from ecarte._core import backend
    from ecarte._core._pure.solvern import solve_n, solve_n_reached, solve_n_target
    from ecarte.games.euchre._pure_machine import LONE_DEFENDER, LONE_FOUR

    pure_core = backend("pure")
    c = load_kernel("c")
    rng = random.Random(deck)
    reached = {True: 0, False: 0}
    for _ in range(120):
        trump, hands, leader, trick, active = _random_position(rng, deck)
        ctx = context_on(pure_core, trump, deck)
        cctx = euchre_context(trump, deck)
        value, _ = _core.solve_n(cctx, hands, leader, trick, 0, (0, 1, 0, 1), active)
        assert (value, _) == solve_n(ctx, hands, leader, trick, 0, (0, 1, 0, 1), active)
        left = max(h.bit_count() for h in hands)
        for target in range(-1, left + 2):
            want = value >= target
            reached[want] += 1
            args = (hands, leader, trick, active, 0, target)
            assert c.solve_target(deck, trump, *args) is want
            assert (
                solve_n_target(ctx, target, hands, leader, trick, 0, (0, 1, 0, 1), active) is want
            )
        targets = sorted(rng.choices(range(-1, left + 2), k=rng.randint(0, 4)))
        want_n = sum(value >= t for t in targets)
        position = (hands, leader, trick, active, 0)
        assert c.solve_reached(deck, trump, *position, targets) == want_n
        got = solve_n_reached(ctx, targets, hands, leader, trick, 0, (0, 1, 0, 1), active)
        assert got == want_n
        inactive = 15 & ~active
        maker = rng.choice([p for p in range(4) if active >> p & 1])
        alone = 1 << ((inactive.bit_length() - 1) ^ 2) if inactive else 0  # the lone hand
        rules = rng.choice([0, LONE_DEFENDER, LONE_DEFENDER | LONE_FOUR])
        made = rng.randint(0, 5 - left)
        for me in range(4):
            args2 = (hands, leader, trick, active, 0, rules, maker, alone, made, me)
            assert c.solved_points(deck, trump, *args2) == pure.solved_points(ctx, *args2)
    assert min(reached.values()) > 100
