"""Helpers shared by every test folder (``from helpers import ...``; pyproject's
``pythonpath = ["tests"]`` puts ``tests/`` on ``sys.path``). Fixtures live in the
``conftest.py`` files.

- Écarté games under test control: exact deals, scripted play, random walks, snapshots.
- The core: random game tables and deals, play states walked on every backend, the
  batches of a backend, the C build flags and drivers, a plain minimax.
- Small plugins for the hook tests (a fixed deal, a recorder, a hand counter) and what
  they observe (a refused step changes nothing); the cercle's points.
- The embedding examples, imported as modules.

By subject, in this package: ``helpers.machine_driver``, the pure twin of the match
machine's C driver (``benches/c/machine.c``) and the log's reading; ``helpers.cli``, the
terminal game run in-process, as a command and in a pseudo-terminal; ``helpers.server``
and ``helpers.server_process``, the game server in the test's event loop and in a child
process.
"""

from __future__ import annotations

import importlib.util
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, TypeVar

import pytest

import ecarte
from ecarte import (
    PIQUET_DECK,
    Card,
    CardSet,
    DealPattern,
    DealtHands,
    FirstDealer,
    Game,
    GameResult,
    Phase,
    Rank,
    Rules,
    Seats,
    Suit,
    hookimpl,
)
from ecarte._core import backend
from ecarte.games.ecarte._records import ACTIONS

HAND_PHASES = (
    Phase.PROPOSE,
    Phase.RESPOND,
    Phase.ELDER_DISCARD,
    Phase.DEALER_DISCARD,
    Phase.PLAY,
)

NON_CARD_ACTIONS = tuple(a for a in ACTIONS if not isinstance(a, ecarte.Play))
"""The actions with an id that are not card plays, in id order: propose, play-hand,
accept, refuse, the king, packets 3-2 and 2-3."""


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


def cut_for(rules: Rules, dealer: int) -> ecarte.Cut:
    """A cut (seat 0's card, seat 1's card) that makes ``dealer`` deal first."""
    high = Card.of(rules.rank_order.ranks[0], Suit.CLUBS)
    low = Card.of(rules.rank_order.ranks[-1], Suit.DIAMONDS)
    higher_seat = dealer if rules.first_dealer is FirstDealer.HIGHER_CUT else 1 - dealer
    return ecarte.Cut((high, low) if higher_seat == 0 else (low, high))


def new_game(rules: Rules | str | None = None, *, dealer: int = 0, first_packet: int = 3) -> Game:
    """A game with chance under test control, cut so that ``dealer`` deals,
    packets chosen (when the rules let the dealer choose): ready to deal."""
    game = Game(rules, auto_chance=False)
    game.apply(cut_for(game.rules, dealer))
    assert game.dealer == dealer
    if game.phase is Phase.PACKETS:
        game.apply(ecarte.ChoosePackets(first_packet), seat=dealer)
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
        game.apply(ecarte.ChoosePackets(3))
    assert game.phase is Phase.DEAL
    game.apply(ecarte.Deal(deck_order(elder, dealer, turnup, stock, packets_now(game))))
    if game.phase in HAND_PHASES:
        assert game.hand(game.elder) == CardSet.parse(elder)
        assert game.hand(game.dealer) == CardSet.parse(dealer)


def play(game: Game, script: str) -> None:
    """Apply a script of one-word actions in turn order: cards (``K♥``),
    ``king``, ``propose``, ``accept``, ``refuse``, ``play-hand``, ``discard``."""
    for token in script.split():
        game.apply(token)


def play_declining_the_king(game: Game, script: str) -> None:
    """:func:`play`, where a seat asked whether to announce the king before the first lead
    (``KingAnnouncement.FIRST_LEAD``) and holding no card to play lets play begin."""
    for token in script.split():
        if token != "play-hand" and game.phase is Phase.PLAY and _at_the_window(game):
            game.apply(ecarte.PlayHand())
        game.apply(token)


def _at_the_window(game: Game) -> bool:
    legal = game.legal_actions()
    return ecarte.PlayHand() in legal and not any(isinstance(a, ecarte.Play) for a in legal)


def legal_cards(game: Game) -> CardSet:
    """The cards the seat to act may play now."""
    return CardSet.of(a.card for a in game.legal_actions() if isinstance(a, ecarte.Play))


def finish_hand(game: Game) -> None:
    """Play the current hand out with the first legal card (never announcing)."""
    number = game.hand_number
    if game.phase is Phase.PROPOSE:
        game.apply(ecarte.PlayHand())
    while game.phase is Phase.PLAY and game.hand_number == number:
        if _at_the_window(game):  # the king's window before the first lead: play begins
            game.apply(ecarte.PlayHand())
            continue
        game.apply(next(a for a in game.legal_actions() if isinstance(a, ecarte.Play)))


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
        return ecarte.PlayHand() if ecarte.PlayHand() in actions else rng.choice(actions)
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


class _Playable(Protocol):
    @property
    def is_over(self) -> bool: ...


G = TypeVar("G", bound=_Playable)


def uniform_walk(
    game: G, seed: int, legal: Callable[[G], Sequence[Any]], apply: Callable[[G, Any], object]
) -> Iterator[G]:
    """Each state of a random match of ``game``, once over included: at each step ``apply``
    takes one of ``legal(game)``, drawn uniformly (``random.Random(seed)``)."""
    rng = random.Random(seed)
    yield game
    while not game.is_over:
        moves = legal(game)
        apply(game, moves[rng.randrange(len(moves))])
        yield game


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


# ---------------------------------------------------------------- the core


def piquet_tables(order: list[int], trump: int) -> tuple[list[int], list[int]]:
    suit_of = [-1] * 64
    power = [0] * 64
    for s in range(4):
        for i, r in enumerate(order):
            suit_of[s * 16 + r] = s
            power[s * 16 + r] = len(order) - i
    return suit_of, power


def random_tables(rng: random.Random) -> tuple[list[int], list[int], int]:
    """Random game tables: 32, 24 (Euchre, with a left bower) or 52 cards; any rank order."""
    kind = rng.randrange(3)
    trump = rng.randrange(-1, 4)
    suit_of = [-1] * 64
    power = [0] * 64
    ranks = {0: list(range(5, 13)), 1: list(range(7, 13)), 2: list(range(13))}[kind]
    for s in range(4):
        order = ranks[:]
        rng.shuffle(order)
        for i, r in enumerate(order):
            suit_of[s * 16 + r] = s
            power[s * 16 + r] = len(order) - i
    if kind == 1 and trump >= 0:
        # Euchre: right bower on top, the left bower (same colour jack) joins trumps
        left = (trump ^ 1) * 16 + 9
        suit_of[trump * 16 + 9] = trump
        power[trump * 16 + 9] = 40
        suit_of[left] = trump
        power[left] = 39
    if rng.random() < 0.1:
        # ties in power are allowed by the trick rules (the earlier card wins)
        c = rng.choice([c for c in range(64) if suit_of[c] >= 0])
        power[c] = 1
    return suit_of, power, trump


def deal_hands(rng: random.Random, deck: list[int], sizes: list[int]) -> list[int]:
    cards = rng.sample(deck, sum(sizes))
    out = []
    for n in sizes:
        m = 0
        for c in cards[:n]:
            m |= 1 << c
        cards = cards[n:]
        out.append(m)
    return out


def states_agree(states: dict[str, Any], view: Callable[[Any], Any], ctx: Any, flags: int) -> Any:
    """The play state of every backend (``states``, by name) has the pure one's ``view``, and
    the legal cards of the pure one are those of ``legal_plays`` (its context ``ctx``, under
    ``flags``). That view."""
    ref = states["pure"]
    seen = view(ref)
    for s in states.values():
        assert view(s) == seen
    # the state agrees with the stateless trick functions
    hand = ref.hand(ref.to_move)
    assert ref.legal() == backend("pure").legal_plays(ctx, hand, ref.trick, flags)
    return seen


def refuse_on_every_state(states: dict[str, Any], card: int, view: Callable[[Any], Any]) -> None:
    """``try_apply`` refuses ``card`` on the play state of every backend, which keeps its
    ``view``."""
    before = view(states["pure"])
    for s in states.values():
        assert s.try_apply(card) == -1
        assert view(s) == before


def apply_on_every_state(
    states: dict[str, Any],
    card: int,
    view: Callable[[Any], Any],
    rng: random.Random,
    seat_bits: int,
) -> int:
    """Play ``card`` on the play state of every backend (``states``, by name; all in the
    same state): every result is the same, and a copy taken before is still as before (its
    ``view``); now and then (``rng``) a state takes the card back with ``undo``, is then
    equal to that copy, and plays it again with ``try_apply``, whose answer is the result
    above ``seat_bits`` bits of the seat to move. The result."""
    before = view(states["pure"])
    copies = {name: s.copy() for name, s in states.items()}
    results = {name: s.apply(card) for name, s in states.items()}
    assert len(set(results.values())) == 1
    for name, s in states.items():
        assert copies[name] != s and view(copies[name]) == before
        if rng.random() < 0.3:  # undo gives back the same state
            assert s.undo() == card
            assert s == copies[name] and view(s) == before
            assert s.try_apply(card) == results[name] << seat_bits | s.to_move
    return results["pure"]


def undo_every_state(states: dict[str, Any], *args: Any) -> None:
    """Take every card back on every state: each is then the state built from ``args``
    (the context first), and one more ``undo`` is a ValueError."""
    for s in states.values():
        while s.nplayed:
            s.undo()
        assert s == type(s)(s.ctx, *args)
        with pytest.raises(ValueError):
            s.undo()


def backend_name(impl: Any) -> str:
    """The backend of a core module (``impl``, a module of ``ecarte._core.backends()``)."""
    from ecarte.engine import backend

    return next(n for n, m in backend.components()["core"].items() if m == impl.__name__)


def hands_of(impl: Any) -> Any:
    """Écarté's batches (``random_hands``, ``random_solves``...) on the backend of ``impl``."""
    from ecarte.engine import backend

    return backend.module("ecarte.hands", backend_name(impl))


def euchre_hands_of(impl: Any) -> Any:
    """Euchre's hand batches on the backend of ``impl``."""
    import ecarte.games.euchre  # noqa: F401 - registers Euchre's components
    from ecarte.engine import backend

    return backend.module("euchre.hands", backend_name(impl))


SRC = Path(__file__).resolve().parents[2] / "src" / "ecarte"
CORE_C = SRC / "_core"


def c_build_args(*games: str) -> list[str]:
    """The ``-I`` flags and C files of the core and of ``games`` (``"ecarte"``,
    ``"euchre"``) for building a C driver from the source tree."""
    folders = [CORE_C, *(SRC / "games" / g / "c" for g in games)]
    return [f"-I{f}" for f in folders] + [str(p) for f in folders for p in sorted(f.glob("ec_*.c"))]


BENCHES_C = SRC.parents[1] / "benches" / "c"


def build_c_driver(driver: str, game: str, folder: Path) -> Path:
    """``benches/c/<driver>.c`` built with the core and ``game``'s C files, in ``folder``
    (skipped without gcc or the sources, except in CI, where it fails)."""
    source = BENCHES_C / f"{driver}.c"
    cc = shutil.which("gcc")
    if cc is None or not sorted(CORE_C.glob("ec_*.c")) or not source.exists():
        if os.environ.get("CI"):
            pytest.fail(f"CI: gcc, the C sources and benches/c/{driver}.c are needed")
        pytest.skip(f"gcc or the C sources (and benches/c/{driver}.c) are not available")
    exe = folder / driver
    subprocess.run(
        [cc, "-std=c99", "-O2", str(source), *c_build_args(game), "-o", str(exe), "-lm"],
        check=True,
    )
    return exe


def minimax(ctx: object, hands: list[int], leader: int, trick: list[int], flags: int) -> int:
    """Plain minimax (pure backend rules): tricks the player to move can force."""
    m = backend("pure")
    mover = (leader + len(trick)) % 2
    if hands[mover] == 0:
        return 0
    legal = m.legal_plays(ctx, hands[mover], trick, flags)
    cards = [c for c in range(64) if legal >> c & 1]
    return max((minimax_after(ctx, hands, leader, trick, flags, c) for c in cards), default=-1)


def minimax_after(
    ctx: object, hands: list[int], leader: int, trick: list[int], flags: int, card: int
) -> int:
    """Plain minimax: tricks the player to move can force once it has played ``card``."""
    m = backend("pure")
    mover = (leader + len(trick)) % 2
    h = list(hands)
    h[mover] &= ~(1 << card)
    t = [*trick, card]
    if len(t) == 2:
        w = (leader + m.trick_winner(ctx, t)) % 2
        rest = minimax(ctx, h, w, [], flags)
        return (1 + rest) if w == mover else (h[mover].bit_count() - rest)
    return h[mover].bit_count() + 1 - minimax(ctx, h, leader, t, flags)


class Spy(int):
    """An int subclass that records every call of its methods (none may happen)."""

    calls: list[str] = []  # noqa: RUF012 - shared on purpose

    def __getattribute__(self, name: str) -> Any:
        Spy.calls.append(name)
        return int.__getattribute__(self, name)

    __hash__ = int.__hash__  # kept with the spied __eq__ below

    def __index__(self) -> int:
        Spy.calls.append("__index__")
        return int(self)


def _recorded(name: str) -> Any:
    """``int``'s method ``name``, recording each call in ``Spy.calls``."""
    method = getattr(int, name)

    def call(self: int, *args: Any) -> Any:
        Spy.calls.append(name)
        return method(self, *args)

    call.__name__, call.__qualname__ = name, f"Spy.{name}"
    return call


for _name in ("__eq__", "__lt__", "__le__", "__gt__", "__ge__", "__int__"):
    setattr(Spy, _name, _recorded(_name))


# ------------------------------------------------------- plugins under test


class FixedDeal:
    """Deals the given hands to the elder and the dealer, and the turn-up."""

    NAME = "fixed-deal"

    def __init__(self, elder: str, dealer: str, turnup: str) -> None:
        self.elder = CardSet.parse(elder)
        self.dealer = CardSet.parse(dealer)
        self.turnup = Card.parse(turnup)
        used = self.elder | self.dealer | CardSet.of([self.turnup])
        assert len(used) == 11
        self.stock = tuple(c for c in PIQUET_DECK if c not in used)

    @hookimpl
    def ecarte_deal(self, dealer: int, elder: int) -> DealtHands:
        return DealtHands(
            hands={elder: self.elder, dealer: self.dealer}, turnup=self.turnup, stock=self.stock
        )


def hooked(hook: str, fn: Callable[..., Any], name: str | None = None) -> object:
    """A plugin whose ``hook`` (an ``ecarte_*`` name) is ``fn``, given the arguments of the
    hook it names; ``name`` is its ``NAME`` (None: the game names it)."""
    body: dict[str, Any] = {hook: staticmethod(hookimpl(fn))}
    if name is not None:
        body["NAME"] = name
    return type("Hooked", (), body)()


def answering(name: str, hook: str, answer: Any) -> object:
    """A plugin named ``name`` whose ``hook`` gives ``answer`` whatever it is asked."""
    return hooked(hook, lambda: answer, name)


class Recorder:
    """Records every notification."""

    NAME = "recorder"

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def names(self) -> list[str]:
        return [name for name, _ in self.calls]

    @hookimpl
    def ecarte_game_started(self, number: int, seats: Any) -> None:
        self.calls.append(("game_started", {"number": number, "seats": seats}))

    @hookimpl
    def ecarte_hand_ended(self, result: Any) -> None:
        self.calls.append(("hand_ended", {"result": result}))

    @hookimpl
    def ecarte_game_ended(self, result: Any) -> None:
        self.calls.append(("game_ended", {"result": result}))

    @hookimpl
    def ecarte_match_ended(self, winner: int, games: Any) -> None:
        self.calls.append(("match_ended", {"winner": winner, "games": games}))


class HandCounter:
    """Counts hand-end notifications, as a betting or pool plugin would."""

    NAME = "hand-counter"

    def __init__(self) -> None:
        self.hands = 0

    @hookimpl
    def ecarte_hand_ended(self) -> None:
        self.hands += 1


class Table:
    """A table of ``seats`` seats: each game's two players are the next two round it."""

    def __init__(self, seats: int) -> None:
        self.seats = seats

    @hookimpl
    def ecarte_table_size(self) -> int:
        return self.seats

    @hookimpl
    def ecarte_next_game(self, previous: Any) -> Seats:
        first = 0 if previous is None else previous.number % self.seats
        return Seats(players=(first, (first + 1) % self.seats), dealer=None)


def visible_snapshot(game: Game, legal: bool = True) -> tuple[Any, ...]:
    """Everything observable about a game's state, for 'unchanged' checks."""
    return (
        game.phase,
        game.to_act,
        game.scores,
        game.games_won,
        game.history,
        game.log,
        game.dealer,
        game.elder,
        game.game_players,
        game.hand_results,
        game.game_results,
        tuple(game.hand(s) for s in range(game.players)),
        game.stock_size,
        game.legal_actions() if legal else None,
    )


def dealt(game: Game) -> Game:
    """Choose the packets if the dealer has to, so that the hands are dealt."""
    if game.phase is Phase.PACKETS:
        game.apply(game.legal_actions()[0])
    return game


def before_last_card(game: Game) -> None:
    """Play the first legal actions (playing the hand as dealt) until one card
    of the hand's last trick is left to play."""
    advance_to(game, Phase.PLAY, lambda legal: legal[-1] if len(legal) == 2 else legal[0])
    while not (sum(game.tricks_won) == 4 and len(game.trick) == 1):
        game.apply(game.legal_actions()[0])


def advance_to(game: Game, phase: Phase, choose: Any = None) -> None:
    """Apply the first legal action (or ``choose(legal)``) until ``phase``."""
    for _ in range(10_000):
        if game.phase is phase:
            return
        legal = game.legal_actions()
        game.apply(choose(legal) if choose else legal[0])
    raise AssertionError(f"never reached {phase}")


@contextmanager
def refused(
    game: Game, error: type[Exception], match: str | None = None, *, legal: bool = True
) -> Iterator[None]:
    """The block raises ``error`` (its message matching ``match``) and leaves every
    observable part of ``game`` as it was (:func:`visible_snapshot`, with ``legal``)."""
    before = visible_snapshot(game, legal)
    with pytest.raises(error, match=match):
        yield
    assert visible_snapshot(game, legal) == before


def cercle_units(result: GameResult, seat: int, vole: int = 1, king: int = 1) -> int:
    """A seat's points in a game of the cercle, with a vole's trick points counted ``vole``
    times and a king's point ``king`` times."""
    total = 0
    for hand in result.hands:
        kings = hand.kings.get(seat, 0)
        tricks = hand.points.get(seat, 0) - kings
        total += kings * king + tricks * (vole if hand.tricks.get(seat) == 5 else 1)
    return total


# ------------------------------------------------------------- the examples


def load_example(file: str, name: str) -> ModuleType:
    """``examples/embedding/<file>`` imported as the module ``name``."""
    spec = importlib.util.spec_from_file_location(
        name, SRC.parents[1] / "examples" / "embedding" / file
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------ a Dask cluster


@contextmanager
def dask_two_workers() -> Iterator[Any]:
    """The executor of a local Dask cluster of two single-threaded worker processes, checked
    to have both workers (skipped without ``dask.distributed``)."""
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        worker_dashboard_address=None,
    )
    with cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        yield client.get_executor()
