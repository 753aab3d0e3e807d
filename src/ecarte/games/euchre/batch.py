"""Euchre in bulk: random hands (no bidding) and whole random games in the C machine, in
chunks on the engine's batch layer (:mod:`ecarte.engine.batch`): the same results for a
seed whatever the number of workers, on every backend."""

from __future__ import annotations

from collections.abc import Callable

from ecarte._core._args import _check_n, _check_seed
from ecarte.engine import backend
from ecarte.engine.batch import _Bar, _chunks, _sums, _totals, _workers

from ._pure_hands import EuchreOptions, EuchreTotals
from ._pure_machine import EuchreGameTotals

__all__ = [
    "EuchreGameTotals",
    "EuchreOptions",
    "EuchreTotals",
    "random_euchre_games",
    "random_euchre_hands",
]


def random_euchre_hands(
    n: int,
    seed: int,
    *,
    alone: int = 0,
    play_flags: int = 0,
    workers: int = 1,
    progress: bool = False,
) -> EuchreTotals:
    """Play ``n`` random Euchre hands and return the totals (no memory grows with ``n``).

    Four positions, partners opposite (side 0: positions 0 and 2). Each hand, as
    ``ec_euchre_hands`` in ``ecarte_core.h`` specifies: a random dealer, five cards each
    dealt in packets of 3 and 2 from a shuffled 24-card deck, the next card turned up; no
    bidding: the turned-up suit is trumps, the maker a random position, the dealer takes
    the turn-up and discards a random card; the maker goes alone never (``alone=0``),
    always (1) or on a coin flip (2), its partner then sitting out; the first active
    position left of the dealer leads and every card is uniform among the legal ones
    (``play_flags``: Euchre's 0, follow suit only). Scored as docs/rules.md section 3:
    makers 3-4 tricks 1 point, 5 tricks 2 (4 alone), euchred 2 to the defenders. Chunks
    and ``digest`` as :func:`random_hands`.

    >>> t = random_euchre_hands(20_000, seed=1, workers=2)
    >>> t == random_euchre_hands(20_000, seed=1)  # workers never change results
    True
    >>> t.tricks0 + t.tricks1, round(t.euchres / t.hands, 2)
    (100000, 0.5)
    """
    n = _check_n(n)
    seed = _check_seed(seed)
    opts = EuchreOptions(play_flags=play_flags, alone=alone).plain()
    return _totals(
        EuchreTotals,
        backend.module("euchre.hands").random_euchre_hands,
        n,
        seed,
        opts,
        workers,
        progress,
        "Euchre hands",
    )


def random_euchre_games(
    n: int,
    seed: int,
    *,
    deck: int = 24,
    flags: int = 0,
    target: int = 0,
    workers: int = 1,
    progress: bool = False,
) -> EuchreGameTotals:
    """Play ``n`` random games of Euchre in the engine's Euchre machine (the one behind
    ``ecarte.games.euchre.EuchreGame``: ``ecarte_euchre.h``), every decision uniform among the
    legal ones (bids, going alone, discards, cards) and chance drawn from each game's
    seed, and return the totals. ``deck`` (24, 25 or 32), ``flags`` (the
    Euchre machine's option bits, ``_pure_machine.ALL_FLAGS``) and ``target`` (0: a single deal)
    are the machine's; ``ecarte.games.euchre.random_games`` takes ``EuchreRules``.

    Chunk ``k`` of :data:`CHUNK` games is played from :func:`chunk_seed` ``(seed, k)``:
    game ``i`` of a chunk takes its seed from the ``i``-th output of the core's PRNG seeded
    with it, and its decisions from the same stream (``ec_eu_random_games``).

    >>> from ecarte.games.euchre._pure_machine import STICK
    >>> t = random_euchre_games(20_000, seed=3, flags=STICK, workers=2)
    >>> t == random_euchre_games(20_000, seed=3, flags=STICK)  # workers never change results
    True
    >>> t.games, t.deals, sum(t.points)  # stick the dealer: no redeal; zero-sum returns
    (20000, 20000, 0)
    """
    n = _check_n(n)
    seed = _check_seed(seed)
    workers = _workers(workers)
    games: Callable[[int, int, int, int, int], EuchreGameTotals]
    games = backend.module("euchre.machine").random_games
    games(deck, flags, target, 0, 0)  # check the options once, before any thread

    def play(size: int, s: int) -> EuchreGameTotals:
        return games(deck, flags, target, s, size)

    with _Bar(progress, "random Euchre games", n) as bar:
        chunks = _chunks(play, n, seed, workers, bar, lambda t: t.games)
        return _sums(EuchreGameTotals, (0, 0, 0, (0, 0), (0, 0)), chunks)
