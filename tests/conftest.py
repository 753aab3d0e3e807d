"""Shared helpers: exact deals, scripted play, random walks and snapshots.

Test modules import them with ``from ecarte_test_helpers import ...``: pytest
drops a directory's ``conftest`` from ``sys.modules`` when it loads another
one (tests/core, tests/plugins), so ``from conftest import`` would be fragile.
"""

from __future__ import annotations

import random
import shutil
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ecarte import (
    PIQUET_DECK,
    AnnounceKing,
    Card,
    CardSet,
    ChoosePackets,
    Cut,
    Deal,
    DealPattern,
    FirstDealer,
    Game,
    Phase,
    Play,
    PlayHand,
    Rank,
    Rules,
    Suit,
    _core,
)

# ------------------------------------------------------------ backends
# Every test outside tests/core (which parametrizes its own) runs once per
# importable backend, the compiled one and the pure-Python twin, as multidict
# does: the game's legal plays, tricks and play state come from that backend.

_BACKENDS = [name for name in ("cython", "cffi", "pure") if name in _core.backends()]
_GAME_BACKENDS = [name for name in _BACKENDS if name != "cffi"]  # cffi: tests/core


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    nodeid = metafunc.definition.nodeid.replace("\\", "/")
    # tests/core and tests/conformance choose their backends themselves
    own_backends = "tests/core/" in nodeid or "tests/conformance/" in nodeid
    if "live_backend" in metafunc.fixturenames and not own_backends:
        metafunc.parametrize("live_backend", _GAME_BACKENDS, indirect=True, scope="module")


@pytest.fixture(scope="module", autouse=True)
def live_backend(request: pytest.FixtureRequest) -> Iterator[str]:
    """Make the parametrized backend the live one for the tests of a module."""
    previous = _core.BACKEND
    name = getattr(request, "param", previous)
    _core.use_backend(name)
    yield name
    _core.use_backend(previous)


HAND_PHASES = (
    Phase.PROPOSE,
    Phase.RESPOND,
    Phase.ELDER_DISCARD,
    Phase.DEALER_DISCARD,
    Phase.PLAY,
)


def cards(text: str | Iterable[Card]) -> tuple[Card, ...]:
    """Cards in the order written (``CardSet`` would sort them)."""
    if isinstance(text, str):
        return tuple(Card.parse(tok) for tok in text.split())
    return tuple(text)


def deck_order(
    elder: str | Iterable[Card],
    dealer: str | Iterable[Card],
    turnup: str | Card,
    stock: str | Iterable[Card] = (),
    packets: tuple[int, int] = (3, 2),
) -> tuple[Card, ...]:
    """A deck order (top first) that deals exactly these hands.

    Dealing: the elder's first packet, the dealer's first packet, the elder's
    second packet, the dealer's second packet, then the turn-up, then the
    stock top first. Stock cards not named follow in card-id order.
    """
    e, d = cards(elder), cards(dealer)
    up = Card.parse(turnup) if isinstance(turnup, str) else turnup
    top = cards(stock)
    assert len(e) == 5 and len(d) == 5, "five cards each"
    assert sorted(packets) == [2, 3]
    a = packets[0]
    head = (*e[:a], *d[:a], *e[a:], *d[a:], up, *top)
    assert len(set(head)) == len(head), "a card is named twice"
    rest = tuple(c for c in PIQUET_DECK if c not in head)
    order = head + rest
    assert len(order) == 32 and CardSet.of(order) == PIQUET_DECK
    return order


def cut_for(rules: Rules, dealer: int) -> Cut:
    """A cut (seat 0's card, seat 1's card) that makes ``dealer`` deal first."""
    high = Card.of(rules.rank_order.ranks[0], Suit.CLUBS)
    low = Card.of(rules.rank_order.ranks[-1], Suit.DIAMONDS)
    higher_seat = dealer if rules.first_dealer is FirstDealer.HIGHER_CUT else 1 - dealer
    return Cut((high, low) if higher_seat == 0 else (low, high))


def new_game(rules: Rules | str | None = None, *, dealer: int = 0, first_packet: int = 3) -> Game:
    """A game with chance under test control, cut so that ``dealer`` deals,
    packets chosen (when the rules let the dealer choose): ready to deal."""
    game = Game(rules, auto_chance=False)
    game.apply(cut_for(game.rules, dealer))
    assert game.dealer == dealer
    if game.phase is Phase.PACKETS:
        game.apply(ChoosePackets(first_packet), seat=dealer)
    assert game.phase is Phase.DEAL
    return game


def packets_now(game: Game) -> tuple[int, int]:
    """The packet pattern the next deal of ``game`` will use."""
    if game.rules.deal_pattern is DealPattern.ALTERNATE:
        return (3, 2) if game.hand_number % 2 == 1 else (2, 3)  # across the match
    packets = game._state.packets
    assert packets is not None
    return packets


def deal(
    game: Game,
    elder: str,
    dealer: str,
    turnup: str,
    stock: str = "",
) -> None:
    """Deal exactly these hands (the packet pattern in force is respected;
    at the start of a game the dealer first picks 3-2)."""
    if game.phase is Phase.PACKETS:
        game.apply(ChoosePackets(3))
    assert game.phase is Phase.DEAL
    game.apply(Deal(deck_order(elder, dealer, turnup, stock, packets_now(game))))
    if game.phase in HAND_PHASES:
        assert game.hand(game.elder) == CardSet.parse(elder)
        assert game.hand(game.dealer) == CardSet.parse(dealer)


def play(game: Game, script: str) -> None:
    """Apply a script of one-word actions in turn order: cards (``K♥``),
    ``king``, ``propose``, ``accept``, ``refuse``, ``play-hand``, ``discard``."""
    for token in script.split():
        game.apply(token)


def legal_cards(game: Game) -> CardSet:
    """The cards the seat to act may play now."""
    return CardSet.of(a.card for a in game.legal_actions() if isinstance(a, Play))


def finish_hand(game: Game) -> None:
    """Play the current hand out with the first legal card (never announcing)."""
    number = game.hand_number
    if game.phase is Phase.PROPOSE:
        game.apply(PlayHand())
    while game.phase is Phase.PLAY and game.hand_number == number:
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Play)))


# A hand in which the elder takes all five tricks, trumps hearts.
STRONG = "Q♥ J♥ A♥ 10♥ 9♥"  # no king: nothing to announce
VOLE_TURNUP = "8♥"
WEAK = "7♣ 8♣ 9♣ 10♣ 7♦"


def vole_hand(game: Game, winner: int) -> None:
    """Deal and play a hand that ``winner`` takes with all five tricks; the
    elder plays without proposing and no king is announced."""
    if winner == game._state.elder:
        deal(game, STRONG, WEAK, VOLE_TURNUP)
    else:
        deal(game, WEAK, STRONG, VOLE_TURNUP)
    finish_hand(game)


def win_game(game: Game, winner: int) -> None:
    """``winner`` takes three voles in a row (2 + 2 + 2): the game ends."""
    number = game.game_number
    while game.game_number == number and not game.is_over:
        vole_hand(game, winner)


# ------------------------------------------------------------ random walks


def random_action(game: Game, rng: random.Random) -> Any:
    """A random legal action, with a mild bias towards playing so that
    variants allowing empty exchanges still end quickly."""
    actions = game.legal_actions()
    if game.phase is Phase.PROPOSE and rng.random() < 0.3:
        return PlayHand() if PlayHand() in actions else rng.choice(actions)
    return rng.choice(actions)


def walk(game: Game, seed: int, max_steps: int = 2000) -> Iterator[Game]:
    """Play random legal actions until the match is over, yielding the game
    before each action (and once at the end)."""
    rng = random.Random(seed)
    for _ in range(max_steps):
        yield game
        if game.is_over:
            return
        game.apply(random_action(game, rng))
    raise AssertionError(f"match not over after {max_steps} actions (seed {seed})")


def random_match(rules: Rules | str | None, seed: int) -> Game:
    game = Game(rules, seed=seed)
    for _ in walk(game, seed):
        pass
    return game


# -------------------------------------------------------------- snapshots


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything that may change, as comparable values (internals included)."""
    return (
        game._m_view(),  # every field of the match machine
        game.history,
        game.log,
        game._m_last_input,
        game.seed,
        tuple(game.observation(p) for p in range(game.players)),
    )


def public_view(game: Game) -> tuple[Any, ...]:
    """What a replay must reproduce exactly."""
    return (
        tuple(game.observation(p) for p in range(game.players)),
        tuple(game.hand(p) for p in range(game.players)),
        game.scores,
        game.games_won,
        game.game_results,
        game.hand_results,
        game.history,
        game.log,
        game.phase,
        game.to_act,
        game.winner,
    )


def in_play(game: Game) -> CardSet:
    """Every card in the current hand, by where it is: hands, turn-up, stock,
    discards and tricks must hold the 32 cards exactly once."""
    s = game._state
    parts = [s.hands[p] for p in game.game_players]
    parts.append(1 << s.turnup)
    parts.extend(1 << c for c in s.stock)
    parts.append(s.discards)
    parts.extend(1 << c for trick in s.tricks for _, c in trick)
    parts.extend(1 << c for _, c in s.trick)
    total = 0
    for part in parts:
        assert not total & part, f"a card is in two places: {CardSet(total & part)}"
        total |= part
    return CardSet(total)


def king_of_trumps(game: Game) -> Card:
    trump = game.trump
    assert trump is not None
    return Card.of(Rank.KING, trump)


sys.modules.setdefault("ecarte_test_helpers", sys.modules[__name__])


@pytest.fixture
def classic() -> Rules:
    return Rules.classic()


TOY_GAME = Path(__file__).parent / "data" / "toy_game"


@pytest.fixture
def toy_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The distribution ``ecarte-cli-toy`` installed for one test: its entry points
    ``ecarte.games`` (``tests/data/toy_game/entry_points.txt``) name the game ``toy``
    (terminal game and saves), ``quiet`` (neither), and broken ones."""
    (tmp_path / "ecarte_cli_toy.py").write_text(
        (TOY_GAME / "ecarte_cli_toy.py.txt").read_text(encoding="utf-8"), encoding="utf-8"
    )
    info = tmp_path / "ecarte_cli_toy-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: ecarte-cli-toy\nVersion: 1.0\n", encoding="utf-8"
    )
    shutil.copy(TOY_GAME / "entry_points.txt", info / "entry_points.txt")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("ecarte_cli_toy", None)


__all__ = [
    "HAND_PHASES",
    "STRONG",
    "VOLE_TURNUP",
    "WEAK",
    "AnnounceKing",
    "cards",
    "cut_for",
    "deal",
    "deck_order",
    "finish_hand",
    "in_play",
    "king_of_trumps",
    "legal_cards",
    "new_game",
    "packets_now",
    "play",
    "public_view",
    "random_action",
    "random_match",
    "snapshot",
    "vole_hand",
    "walk",
    "win_game",
]
