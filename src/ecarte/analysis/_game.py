"""The first decision as a zero-sum game between the two seats: its cells, their weights
when the deals are dealt by class, its solution by CFR+, and each class's value at the
solution with its interval.

Deals dealt by class come from two stratified samples: ``n_e`` deals of every elder's class
(the dealer's hand at random) and ``n_d`` of every dealer's class (the elder's at random).
A deal whose elder's hand is in class ``e`` and dealer's in ``d`` could have come from
either; weighing it ``1 / (n_e / s_e + n_d / s_d)``, the classes' exact shares ``s_e`` and
``s_d`` (the balance heuristic of multiple importance sampling), makes the weighted sum of
each cell's deals an unbiased estimate of the cell's chance on random deals, so the two
samples estimate one game together: each elder's class rests on at least ``n_e`` deals and
each dealer's on at least ``n_d``, however rare the class.
"""

from __future__ import annotations

import random
from typing import Any, Literal, NamedTuple

from ecarte._cards import PIQUET_DECK, CardSet, Suit

__all__ = ["DecisionRow", "Equilibrium", "FirstDecisionGame", "cell_weights", "solve"]


class DecisionRow(NamedTuple):
    """One class of hands: its deals, the mean advantage in points per hand of the strong
    option (play, refuse) over the weak one (propose, accept) with its 95% interval, and
    the shares of deals in which the strong option scores more and less (the rest: the
    same)."""

    label: str
    deals: int
    advantage: float
    low: float
    high: float
    strong_better: float
    strong_worse: float
    share: float | None = None
    """The class's exact share of random deals (the deals dealt by class), else None."""


class FirstDecisionGame(NamedTuple):
    """The first decision as a zero-sum game between the two seats: the elder, seeing its
    hand's class, plays or proposes; the dealer, seeing its class after a proposal, refuses
    or accepts. ``deals[e][d]`` counts the deals with the elder in class ``e`` and the
    dealer in class ``d``; ``play``, ``refuse`` and ``accept`` are the sums over those
    deals of the elder's points less the dealer's when the elder plays, when it proposes
    and the dealer refuses, and when it proposes and the dealer accepts (each option played
    out as :func:`decision_table` does). ``weights[e][d]``, for deals dealt by class, is
    the weight of one deal of the cell (:func:`cell_weights`); None: every deal weighs the
    same."""

    elder_classes: tuple[str, ...]
    dealer_classes: tuple[str, ...]
    deals: tuple[tuple[int, ...], ...]
    play: tuple[tuple[int, ...], ...]
    refuse: tuple[tuple[int, ...], ...]
    accept: tuple[tuple[int, ...], ...]
    weights: tuple[tuple[float, ...], ...] | None = None


class Equilibrium(NamedTuple):
    """A solution of :class:`FirstDecisionGame`: the elder's chance of playing in each of
    its classes, the dealer's chance of refusing in each of its, the value (the elder's
    points less the dealer's per hand) and the exploitability (what the best answers to
    these strategies gain over them, in points per hand; 0 at an exact equilibrium)."""

    play: tuple[float, ...]
    refuse: tuple[float, ...]
    value: float
    exploitability: float


def _game_cells(
    task: int, first: int, size: int, seed: int, by: Literal["classic", "shape"], rules: object
) -> dict[tuple[str, str], list[int]]:
    """One task of :func:`first_decision_game`: by pair of classes, the deals and the sums
    of the elder's points less the dealer's on each line."""
    from ecarte.games.ecarte import _pure_pimc as model
    from ecarte.games.ecarte.pimc import load_kernel
    from ecarte.games.ecarte.rules import Rules

    r = rules if isinstance(rules, Rules) else Rules()
    hand_rules = r.hand_rules()
    kernel = load_kernel()
    from . import _classes, _players_seed

    elder_label, dealer_label = _classes(by, "elder"), _classes(by, "dealer")
    rng = random.Random(f"{seed}:{task}")
    deck = [c.id for c in PIQUET_DECK]
    cells: dict[tuple[str, str], list[int]] = {}
    for j in range(size):
        i = first + j
        rng.shuffle(deck)
        elder = sum(1 << c for c in deck[:5])
        dealer = sum(1 << c for c in deck[5:10])
        trump = deck[10] >> 4
        stock = sum(1 << c for c in deck[11:])
        base = model.Query(rules=hand_rules, trump=trump, me=0, phase=model.PROPOSE,
                           hand=elder, pool=dealer | stock, require=dealer)  # fmt: skip
        (play,) = kernel.values(base, (model.PLAY_OPTION,), _players_seed(seed, i), 1)
        respond = base._replace(me=1, phase=model.RESPOND, hand=dealer, pool=elder | stock,
                                require=elder)  # fmt: skip
        accept, refuse = kernel.values(respond, (0, 1), _players_seed(seed, i), 1)
        e = elder_label(CardSet(elder), Suit(trump))
        d = dealer_label(CardSet(dealer), Suit(trump))
        cell = cells.setdefault((e, d), [0, 0, 0, 0])
        cell[0] += 1
        cell[1] += play
        cell[2] -= refuse  # the dealer's values are its points less the elder's
        cell[3] -= accept
    return cells


def solve(game: FirstDecisionGame, iterations: int = 20_000) -> Equilibrium:
    """An equilibrium of ``game`` by CFR+ (regret matching with regrets floored at zero,
    alternating updates, the strategies averaged with linear weights): the elder maximises
    its points less the dealer's, the dealer minimises them. Needs numpy."""
    import numpy as np

    if iterations.__class__ is not int or iterations < 1:
        raise ValueError(f"iterations must be a positive int, not {iterations!r}")
    shape = (len(game.elder_classes), len(game.dealer_classes))
    grids = ("deals", "play", "refuse", "accept") + ("weights",) * (game.weights is not None)
    for name in grids:
        if np.shape(getattr(game, name)) != shape:
            raise ValueError(f"{name} must be {shape[0]} rows of {shape[1]} (classes)")
    if not np.asarray(game.deals).sum() > 0:
        raise ValueError("the game has no deals to solve")

    w = _weights(game)
    a = np.asarray(game.play) * w  # the elder's points per hand, by cell
    b = np.asarray(game.refuse) * w
    c = np.asarray(game.accept) * w
    n = np.asarray(game.deals, dtype=float)
    ne, nd = n.shape
    re, rd = np.zeros((ne, 2)), np.zeros((nd, 2))  # regrets: (propose, play), (accept, refuse)
    sum_p, sum_r = np.zeros(ne), np.zeros(nd)

    def current(regrets: np.ndarray) -> np.ndarray:
        pos = regrets.sum(axis=1)
        share = np.divide(regrets[:, 1], pos, out=np.full(len(pos), 0.5), where=pos > 0)
        return np.asarray(share)

    play_v = a.sum(axis=1)
    for t in range(1, iterations + 1):
        p, r = current(re), current(rd)
        propose_v = (b * r + c * (1 - r)).sum(axis=1)
        mean = p * play_v + (1 - p) * propose_v
        re = np.maximum(re + np.stack([propose_v - mean, play_v - mean], axis=1), 0)
        sum_p += t * p
        reach = 1 - current(re)  # alternating: the dealer answers the updated elder
        refuse_v = (b * reach[:, None]).sum(axis=0)
        accept_v = (c * reach[:, None]).sum(axis=0)
        mean_d = r * refuse_v + (1 - r) * accept_v  # the dealer minimises
        rd = np.maximum(rd + np.stack([mean_d - accept_v, mean_d - refuse_v], axis=1), 0)
        sum_r += t * r
    weight = iterations * (iterations + 1) / 2
    p, r = sum_p / weight, sum_r / weight
    value = _value(a, b, c, p, r)
    best_elder = np.maximum(a.sum(axis=1), (b * r + c * (1 - r)).sum(axis=1)).sum()
    reach = 1 - p
    best_dealer = (p * a.sum(axis=1)).sum() + np.minimum(
        (b * reach[:, None]).sum(axis=0), (c * reach[:, None]).sum(axis=0)
    ).sum()
    return Equilibrium(
        tuple(float(x) for x in p),
        tuple(float(x) for x in r),
        float(value),
        float(best_elder - best_dealer),
    )


def _value(a: Any, b: Any, c: Any, p: Any, r: Any) -> float:
    """The elder's points per hand when it plays with chances ``p`` and the dealer refuses
    with chances ``r``."""
    play = (p[:, None] * a).sum()
    propose = ((1 - p)[:, None] * (b * r[None, :] + c * (1 - r)[None, :])).sum()
    return float(play + propose)


def _weights(game: FirstDecisionGame) -> Any:
    """The weight of one deal of each cell, normalised: the deals' weights sum to one."""
    import numpy as np

    n = np.asarray(game.deals, dtype=float)
    w = np.ones(n.shape) if game.weights is None else np.asarray(game.weights, dtype=float)
    return w / (n * w).sum()


def cell_weights(
    elder_shares: tuple[Any, ...], dealer_shares: tuple[Any, ...], n_elder: int, n_dealer: int
) -> tuple[tuple[float, ...], ...]:
    """The weight of one deal of each cell ``(e, d)`` when ``n_elder`` deals of every
    elder's class and ``n_dealer`` of every dealer's are dealt: ``1 / (n_elder / s_e +
    n_dealer / s_d)``. A cell's deals number ``n_elder P(d | e) + n_dealer P(e | d)`` on
    average, so their weights sum to the cell's chance ``P(e, d)`` on average, and a row's
    (a column's) to its class's share.

    >>> cell_weights((0.25, 0.75), (0.5, 0.5), 100, 0)[0]
    (0.0025, 0.0025)
    """
    return tuple(
        tuple(1 / (n_elder / float(se) + n_dealer / float(sd)) for sd in dealer_shares)
        for se in elder_shares
    )


class ClassDeals(NamedTuple):
    """The deals of a game dealt by class, one entry a deal (numpy arrays): the classes'
    indices, the three lines' values, the stratum it was dealt in (the elder's classes
    first, then the dealer's) and its weight."""

    elder: Any
    dealer: Any
    play: Any
    refuse: Any
    accept: Any
    stratum: Any
    weight: Any


def class_game(
    elder_labels: tuple[str, ...],
    dealer_labels: tuple[str, ...],
    shares: tuple[tuple[Any, ...], tuple[Any, ...]],
    elder_records: list[list[Any]],
    dealer_records: list[list[Any]],
) -> tuple[FirstDecisionGame, ClassDeals]:
    """The game from the records of every elder's class (:data:`._strata.ElderRecord`)
    and of every dealer's (:data:`._strata.GameRecord`, none if no dealer's class was
    dealt), each class with the same number of deals, and its deals."""
    import numpy as np

    d_index = {x: i for i, x in enumerate(dealer_labels)}
    e_index = {x: i for i, x in enumerate(elder_labels)}
    rows: list[tuple[int, int, int, int, int, int]] = []
    for k, recs in enumerate(elder_records):
        rows.extend((k, d_index[d], p, r, a, k) for d, p, r, a, _ in recs)
    for k, recs in enumerate(dealer_records):
        h = len(elder_labels) + k
        rows.extend((e_index[e], k, p, r, a, h) for e, p, r, a in recs)
    e, d, play, refuse, accept, stratum = np.asarray(rows, dtype=np.int64).T
    n_e = len(elder_records[0])
    n_d = len(dealer_records[0]) if dealer_records else 0
    weights = cell_weights(shares[0], shares[1], n_e, n_d)
    w = np.asarray(weights)[e, d]
    shape = (len(elder_labels), len(dealer_labels))

    def grid(values: Any) -> tuple[tuple[int, ...], ...]:
        cells = np.zeros(shape, dtype=np.int64)
        np.add.at(cells, (e, d), values)
        return tuple(tuple(int(x) for x in row) for row in cells)

    game = FirstDecisionGame(
        elder_labels, dealer_labels, grid(1), grid(play), grid(refuse), grid(accept), weights
    )
    return game, ClassDeals(e, d, play, refuse, accept, stratum, w)


def _ratio(deals: ClassDeals, y: Any, z: Any) -> tuple[float, float, float, int]:
    """The weighted mean of ``y`` over ``z`` (``sum w y / sum w z``) with its 95% interval,
    the strata's deals independent (the delta method: each stratum's variance of
    ``w (y - R z)``), and the deals with ``z`` at least 0.01."""
    import numpy as np

    w, h = deals.weight, deals.stratum
    total = (w * z).sum()
    mean = (w * y).sum() / total
    u = w * (y - mean * z)
    strata = int(h.max()) + 1
    n = np.bincount(h, minlength=strata).astype(float)
    s1 = np.bincount(h, u, minlength=strata)
    s2 = np.bincount(h, u * u, minlength=strata)
    some = n > 1
    var = (s2[some] - s1[some] ** 2 / n[some]) / (n[some] - 1) * n[some]
    half = 1.96 * float(np.sqrt(var.sum())) / total
    return float(mean), float(mean - half), float(mean + half), int((z >= 0.01).sum())


def class_values(
    game: FirstDecisionGame, deals: ClassDeals, eq: Equilibrium
) -> tuple[list[DecisionRow], list[DecisionRow], tuple[float, float, float]]:
    """At the equilibrium ``eq`` of ``game``: each elder's class's gain from playing over
    proposing (the dealer answering by ``eq``), each dealer's class's gain from refusing
    over accepting a proposal (the elder proposing by ``eq``, each deal weighing its
    chance of a proposal; its deals are those with a chance of at least 0.01), in the
    deciding seat's points less its opponent's, with 95%
    intervals; and the game's value to the elder with its interval."""
    import numpy as np

    p, r = np.asarray(eq.play)[deals.elder], np.asarray(eq.refuse)[deals.dealer]
    propose = r * deals.refuse + (1 - r) * deals.accept
    elder_gain = deals.play - propose
    dealer_gain = deals.accept - deals.refuse  # the dealer's points less the elder's
    value = _ratio(deals, p * deals.play + (1 - p) * propose, np.ones(len(p)))[:3]
    tables = []
    for classes, index, gain, reach in (
        (game.elder_classes, deals.elder, elder_gain, np.ones(len(p))),
        (game.dealer_classes, deals.dealer, dealer_gain, 1 - p),
    ):
        rows = []
        for k, label in enumerate(classes):
            z = (index == k) * reach
            if not z.any():
                rows.append(DecisionRow(label, 0, 0.0, 0.0, 0.0, 0.0, 0.0))
                continue
            mean, low, high, n = _ratio(deals, z * gain, z)
            wz = deals.weight * z
            better = float((wz * (gain > 0)).sum() / wz.sum())
            worse = float((wz * (gain < 0)).sum() / wz.sum())
            rows.append(DecisionRow(label, n, mean, low, high, better, worse))
        tables.append(rows)
    return tables[0], tables[1], value
