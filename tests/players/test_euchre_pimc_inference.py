"""The Euchre PIMC player's inference: the worlds weighted by the chance a model of play
gives the decisions the seat saw the other seats take before the play."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from euchre_cases import positions

from ecarte._cards import Rank
from ecarte.arena import GAMES, PlayerSpec, run
from ecarte.games.euchre import EuchreGame, EuchreRules
from ecarte.games.euchre import _pure_pimc as pure
from ecarte.games.euchre.bots import RandomBot
from ecarte.games.euchre.game import Phase
from ecarte.games.euchre.pimc import EuchrePIMCPlayer, _Seen, decisions_seen, load_kernel
from ecarte.games.euchre.tables import euchre_context

pytestmark = pytest.mark.own_backends

RULES = {
    "standard": EuchreRules.standard(),
    "openspiel": EuchreRules.openspiel(),
    "dealer may decline": EuchreRules.seed(),
    "32 cards": EuchreRules(deck=32, stick_the_dealer=True),
    "lone defender": EuchreRules(allow_lone_defender=True),
}
UNIFORM = Path(__file__).parent / "data" / "euchre_pimc_uniform.json"

RIGHT_HEARTS = 2 * 16 + 9  # the jack of hearts: hearts 2, the jack's rank slot 9
LEFT_HEARTS = 1 * 16 + 9  # the jack of diamonds


def _card(suit: int, rank: int) -> int:
    return suit * 16 + rank


def test_the_chance_is_the_rounded_logistic_curve() -> None:
    """``chance`` is 16 / (1 + e^(-x)) at x = (5 floor(d / 5) + 2.5) / 10, rounded, within
    1..15, in both kernels; it rises with the strength and a decision and its contrary
    share the sixteenths."""
    c = load_kernel("c")
    for d in range(-120, 121):
        x = (5 * math.floor(d / 5) + 2.5) / 10
        want = min(15, max(1, round(16 / (1 + math.exp(-x)))))
        assert pure.chance(d) == c.chance(d) == want
        assert pure.chance(d) + pure.chance(-d - 1) == 16  # symmetric about -1/2
        assert pure.chance(d) <= pure.chance(d + 1)
    assert pure.chance(-1000) == 1 and pure.chance(1000) == 15


def _random_infer(rng: random.Random) -> tuple[pure.Infer, list[int]]:
    cards = [_card(s, r) for s in range(4) for r in range(7, 13)]
    rng.shuffle(cards)
    held = [sum(1 << c for c in cards[5 * p : 5 * p + rng.randint(1, 5)]) for p in range(4)]
    up = cards[20]
    decisions = tuple(
        (rng.randrange(4), rng.randrange(6), rng.randrange(4)) for _ in range(rng.randint(0, 10))
    )
    plus = [rng.choice([0, 1 << cards[21 + p]]) for p in range(3)] + [0]
    return pure.Infer(up, rng.randrange(4), decisions, (plus[0], plus[1], plus[2], plus[3])), held


def test_the_compiled_weight_is_its_twin() -> None:
    """On random decisions and hands, ``ec_eu_pimc_weight`` and ``_pure_pimc.weight`` give
    the same weight, the product of one chance per decision."""
    c = load_kernel("c")
    rng = random.Random(5)
    for _ in range(3000):
        inf, held = _random_infer(rng)
        w = pure.weight(inf, held)
        assert c.weight(inf, held) == w
        assert 1 <= w <= 15 ** len(inf.decisions)


@pytest.mark.parametrize("name", sorted(RULES))
def test_the_compiled_loops_weigh_the_worlds_as_the_twin(name: str) -> None:
    """With inference, the C loops and the pure twin draw the same worlds, weigh them the
    same and give every option the same weighted value, before the play and in it; the
    worlds are those drawn without inference (only their weights differ)."""
    plays = bids = weighted = 0
    for k, game in enumerate(positions(40, 31 + len(name), RULES[name], every=0.3)):
        if (plays if game.phase is Phase.PLAY else bids) >= 6:
            continue
        a = EuchrePIMCPlayer(worlds=6, seed=k, inference=True, kernel="c")
        b = EuchrePIMCPlayer(worlds=6, seed=k, inference=True, kernel="pure")
        u = EuchrePIMCPlayer(worlds=6, seed=k, kernel="c")
        assert a.choose(game) == b.choose(game)
        assert a.last == b.last and a.weights == b.weights and a.kinds == b.kinds
        u.choose(game)
        assert u.kinds == a.kinds and u.weights == [1] * 6
        weighted += len(set(a.weights)) > 1
        if game.phase is Phase.PLAY:
            plays += 1
        else:
            bids += 1
    assert plays >= 4 and bids >= 3 and weighted >= 2


def test_inference_off_gives_the_uniform_decisions() -> None:
    """Without inference the player takes the decisions and the values it took with
    uniform worlds before inference was added (``data/euchre_pimc_uniform.json``, recorded
    then on these positions: 6 worlds, seed the index), every world weighing 1; and with
    inference but no decision of another seat to weigh (the first bid of a deal) it is
    the same player."""
    want = json.loads(UNIFORM.read_text())
    for name in want:
        for k, game in enumerate(positions(24, 41 + len(name), RULES[name], every=0.3)):
            player = EuchrePIMCPlayer(worlds=6, seed=k, kernel="c")
            choice, last = want[name][k]
            assert player.choose(game) == choice
            assert sorted([o, v] for o, v in player.last.items()) == last
            assert player.weights == [1] * 6
    first = 0
    for k, game in enumerate(positions(80, 3, EuchreRules.standard(), every=0.5)):
        obs = game.observation(game.to_act)
        if game.phase is not Phase.BID or decisions_seen(game, obs):
            continue
        a = EuchrePIMCPlayer(worlds=5, seed=k, inference=True)
        b = EuchrePIMCPlayer(worlds=5, seed=k)
        assert a.choose(game) == b.choose(game) and a.last == b.last
        first += 1
    assert first >= 3


@pytest.mark.parametrize("name", sorted(RULES))
def test_the_decisions_seen_are_the_machines(name: str) -> None:
    """``decisions_seen`` names, at every decision of random games, each bid and each
    decision to go alone or not of the deal by the seat that took it (the machine's
    ``to_act``), the seat's own left out, a call the dealer was stuck with too."""
    n_checked = 0
    rules = RULES[name]
    for g in range(80):
        if n_checked >= 400:
            break
        game = EuchreGame(rules, seed=g)
        bots = [RandomBot(seed=g * 4 + s) for s in range(4)]
        log: list[tuple[int, Phase, int]] = []
        deals = game.deals
        while not game.is_over:
            if game.deals != deals:
                log, deals = [], game.deals
            ph, p = game.phase, game.to_act
            i = bots[p].choose(game)
            obs = game.observation(p)
            if ph not in (Phase.DEALER, Phase.DEAL) and obs.upcard is not None:
                n = game.deck
                want = []
                for s, phase, j in log:
                    if s == p:
                        continue
                    if phase is Phase.BID:
                        want.append((s, pure.INFER_PASS1 if j == n else pure.INFER_ORDER, 0))
                    elif phase is Phase.BID2 and j == n:
                        want.append((s, pure.INFER_PASS2, 0))
                    elif phase is Phase.BID2:
                        if not (rules.stick_the_dealer and s == obs.dealer):
                            want.append((s, pure.INFER_CALL2, j - n - 1))
                    else:
                        assert obs.trump is not None
                        lone = pure.INFER_ALONE if j == n + 5 else pure.INFER_PARTNER
                        want.append((s, lone, int(obs.trump)))
                assert list(decisions_seen(game, obs)) == want
                n_checked += 1
            if ph in (Phase.BID, Phase.BID2, Phase.ALONE):
                log.append((p, ph, i))
            game.apply_id(i)
    assert n_checked >= 400


def _passed_first(rules: EuchreRules) -> list[EuchreGame]:
    """Card-play positions, the dealer or its right-hand opponent to play, of deals where
    the seat on the dealer's left passed in the first round and the dealer's partner
    ordered the turned card up (random play otherwise)."""
    out = []
    for k in range(400):
        game = EuchreGame(rules, seed=k)
        rng = random.Random(k)
        dealer = game.dealer
        while not game.is_over and not (
            game.phase is Phase.PLAY
            and dealer is not None
            and game.to_act in (dealer, dealer - 1 & 3)
        ):
            legal = game.legal_action_ids()
            dealer = game.dealer
            if game.phase is Phase.BID and game.to_act == (game.dealer + 2) % 4:
                game.apply_id(legal[-1])  # the dealer's partner orders up
            elif game.phase is Phase.ALONE:
                game.apply_id(game.ids.PARTNER)
            else:
                game.apply_id(legal[0] if game.phase is Phase.BID else rng.choice(legal))
        if game.phase is Phase.PLAY and game.deals == 1:
            out.append(game)
        if len(out) == 20:
            break
    return out


def test_a_seat_that_passed_holding_the_right_bower_is_down_weighted() -> None:
    """The seat on the dealer's left passed the turned card: in the worlds of the dealer
    (its opponent) and of its partner, the worlds giving it the right bower of the turned
    suit weigh less on average than those that do not, and the weighted share of the
    worlds where it holds it falls below the uniform share; the seat that ordered the card
    up is weighted the other way."""
    rules = EuchreRules.openspiel()
    lower = order_up = 0
    for game in _passed_first(rules):
        seat = game.to_act
        obs = game.observation(seat)
        assert obs.dealer is not None and obs.upcard is not None
        passer, orderer = (obs.dealer + 1) % 4, (obs.dealer + 2) % 4
        if seat in (passer, orderer) or len(game.legal_action_ids()) < 2:
            continue
        right = 1 << (int(obs.upcard.suit) * 16 + Rank.JACK)
        if obs.hand.mask & right:
            continue
        assert (passer, pure.INFER_PASS1, 0) in decisions_seen(game, obs)
        player = EuchrePIMCPlayer(worlds=400, seed=1, inference=True)
        player.choose(game)
        seen = _Seen(game, obs, [euchre_context(t, game.deck) for t in range(4)])
        worlds = load_kernel("c").sample_worlds(seen.query, player._seed(obs), 400, 200, True)
        assert [kind for kind, _ in worlds] == player.kinds
        held = [hands for _, hands in worlds]
        for who, sign in ((passer, -1), (orderer, 1)):
            has = [w for h, w in zip(held, player.weights, strict=True) if h[who] & right]
            hasnt = [w for h, w in zip(held, player.weights, strict=True) if not h[who] & right]
            if not has or not hasnt:
                continue
            ratio = (sum(has) / len(has)) / (sum(hasnt) / len(hasnt))
            share = sum(has) / sum(player.weights)
            uniform = len(has) / len(held)
            if sign < 0:
                assert ratio < 1 and share < uniform
                lower += 1
            else:
                assert ratio > 1 and share > uniform
                order_up += 1
    assert lower >= 3 and order_up >= 3


def test_the_weight_follows_the_hand() -> None:
    """The model on hands made to measure: a pass of hearts turned is less likely with
    both bowers than with two low clubs instead, an order-up the other way, the dealer's
    first-round strength counts the turned card, a second-round pass is judged by the best
    suit, going alone wants more than bidding, and the weight multiplies over decisions."""
    up = _card(2, 12)  # the ace of hearts turned
    strong = 1 << RIGHT_HEARTS | 1 << LEFT_HEARTS | 1 << _card(2, 8) | 1 << _card(0, 7)
    strong |= 1 << _card(3, 8)
    weak = 1 << _card(0, 10) | 1 << _card(0, 11) | 1 << _card(2, 8) | 1 << _card(0, 7)
    weak |= 1 << _card(3, 8)
    medium = 1 << LEFT_HEARTS | 1 << _card(2, 8) | 1 << _card(0, 7) | 1 << _card(3, 8)
    c = load_kernel("c")

    def w(decisions: tuple[tuple[int, int, int], ...], hand: int, dealer: int = 0) -> int:
        inf = pure.Infer(up, dealer, decisions)
        held = [0, hand, 0, 0]
        assert c.weight(inf, held) == pure.weight(inf, held)
        return pure.weight(inf, held)

    passed = ((1, pure.INFER_PASS1, 0),)
    ordered = ((1, pure.INFER_ORDER, 0),)
    assert w(passed, strong) < w(passed, weak) and w(ordered, strong) > w(ordered, weak)
    assert w(passed, strong) + w(ordered, strong) == 16
    # the dealer (seat 1) adds the turned ace: more likely to order than another seat
    assert w(ordered, medium, dealer=1) > w(ordered, medium, dealer=0)
    # a second-round pass: strong in spades (the best suit) is unlikely to pass
    spades = 1 << _card(3, 9) | 1 << _card(0, 9) | 1 << _card(3, 12) | 1 << _card(3, 11)
    assert w(((1, pure.INFER_PASS2, 0),), spades) < w(((1, pure.INFER_PASS2, 0),), weak)
    assert w(((1, pure.INFER_CALL2, 3),), spades) > w(((1, pure.INFER_CALL2, 0),), spades)
    # alone from 110: the strong hearts hand (67: 30 + 25 + 12) orders up and rather plays
    # with its partner
    assert w(((1, pure.INFER_ALONE, 2),), strong) < w(((1, pure.INFER_ORDER, 2),), strong)
    both = ((1, pure.INFER_PASS1, 0), (1, pure.INFER_PASS2, 0))
    assert w(both, weak) == w(both[:1], weak) * w(both[1:], weak)


@pytest.mark.parametrize("kernel", ["c", "pure"])
def test_the_kernels_refuse_a_bad_inference(kernel: str) -> None:
    k = load_kernel(kernel)
    good = pure.Seen(0xFFFFF, 1 << 40, (0,) * 4, (0,) * 4, (0,) * 4, (5,) * 4, 0)
    play = pure.Play(0, 0, 1, 0, 15, 0, (), 0, (0, 0))
    one = pure.Infer(5, 0, ((1, pure.INFER_PASS1, 0),))
    assert k.pimc_play(24, good, play, [40], 1, 0, 5, one) == ([0], [], [])
    for bad in (
        one._replace(decisions=((1, pure.INFER_PASS1, 0),) * 11),
        one._replace(decisions=((1, 6, 0),)),
        one._replace(decisions=((4, 0, 0),)),
        one._replace(decisions=((1, 0, 4),)),
        one._replace(dealer=4),
    ):
        with pytest.raises(ValueError):
            k.pimc_play(24, good, play, [40], 1, 3, 5, bad)
        with pytest.raises(ValueError):
            k.pimc_bid(24, good, 0, 0, 0, [], -1, [24], 1, 2, 5, bad)
    with pytest.raises(ValueError):  # the weighted totals would not fit 64 bits
        k.pimc_play(24, good, play, [40], 1, (1 << 20) + 1, 5, one)
    with pytest.raises(ValueError):
        EuchrePIMCPlayer(inference=2)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_decision_with_inference_is_legal_and_reproducible(name: str) -> None:
    phases = set()
    for k, game in enumerate(positions(12, 9 + len(name), RULES[name], every=0.2)):
        a = EuchrePIMCPlayer(worlds=3, seed=k, inference=True)
        b = EuchrePIMCPlayer(worlds=3, seed=k, inference=True)
        choice = a.choose(game)
        assert choice in game.legal_action_ids()
        assert b.choose(game) == choice and a.last == b.last and a.weights == b.weights
        assert len(a.weights) == 3 and min(a.weights) >= 1
        phases.add(game.phase)
    assert Phase.PLAY in phases


def test_the_arena_plays_it_by_its_spec() -> None:
    arena = GAMES["euchre"]
    player = arena.make_player(PlayerSpec.parse("pimc:worlds=7,inference=1"), 3)
    assert isinstance(player, EuchrePIMCPlayer)
    assert player.inference and player.worlds == 7
    assert not arena.make_player(PlayerSpec.parse("pimc:worlds=7"), 3).inference
    specs = ["pimc:inference=true,worlds=4", "pimc:worlds=4"]
    s = run(specs, 2, game="euchre", rules="openspiel", seed=1, workers=1).summary()
    assert s["matches"] == 4 and s["players"]["a"] == specs[0]
