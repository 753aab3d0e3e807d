"""Euchre positions for the players' tests: decisions of random games."""

from __future__ import annotations

import random

from ecarte.games.euchre import EuchreGame, EuchreRules
from ecarte.games.euchre.bots import RandomBot


def positions(
    n: int,
    seed: int,
    rules: EuchreRules | None = None,
    *,
    first_deal: bool = False,
    every: float = 0.25,
) -> list[EuchreGame]:
    """``n`` decisions with two options or more of random games under ``rules`` (clones,
    each kept with probability ``every``; with ``first_deal``, of the first deals only)."""
    rng = random.Random(seed)
    out: list[EuchreGame] = []
    k = 0
    while len(out) < n:
        game = EuchreGame(rules or EuchreRules.standard(), seed=seed * 100 + k)
        bots = [RandomBot(seed=k * 4 + s) for s in range(4)]
        k += 1
        while not game.is_over and (game.deals == 1 or not first_deal) and len(out) < n:
            if len(game.legal_action_ids()) > 1 and rng.random() < every:
                out.append(game.clone())
            game.apply_id(bots[game.to_act].choose(game))
    return out
