"""Writes the saved games of this folder, and what each becomes when continued.

The files are kept as written: the ``v1-*`` ones were written by the version-1 writers
(format ``ecarte-save`` version 1 for Écarté, ``ecarte-euchre-save`` version 1 for
Euchre), before the common save envelope existed; running this script again writes the
current version instead. For each saved game NAME it writes ``NAME.json`` (the document
as ``to_json`` wrote it) and ``NAME.continued.json``: the document of the same game after
:func:`continue_ecarte` or :func:`continue_euchre` (the policy the tests apply to the
restored game), as that writer saved it.

Run: ``python tests/data/saves/make_saves.py PREFIX`` (e.g. ``v1``).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
STEPS = 150
"""Moves each saved game is continued by (fewer when it ends first)."""


def continue_ecarte(game: Any, seed: int, steps: int = STEPS) -> None:
    """Random legal moves from ``seed``; chance drawn with ``apply_chance`` when due."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        if game.to_act < 0:
            game.apply_chance()
        else:
            game.apply(rng.choice(game.legal_actions()))


def continue_euchre(game: Any, seed: int, steps: int = STEPS) -> None:
    """Random legal ids from ``seed`` (chance outcomes included when they are due)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        game.apply_id(rng.choice(game.legal_action_ids()))


def _seat_match(game: Any) -> Any:
    """The club table as it was when the save was made: a match of seats (a table
    restored from such a save goes on as one)."""
    game.plugin("cercle")._seat_match = True
    return game


def regles_as_saved(game: Any) -> Any:
    """``game`` with Jeux de Règles as it was when the save was made: the dealer free
    (the variant now enforces the dealer's convention by default)."""
    game.plugin("regles").strict_dealer = False
    return game


def ecarte_games() -> dict[str, Any]:
    from ecarte_poule import Poule

    from ecarte import Game, KingAnnouncement, Rules

    def walked(game: Any, seed: int, steps: int) -> Any:
        continue_ecarte(game, seed, steps)
        return game

    return {
        "ecarte-classic": walked(Game(seed=3), 3, 40),
        "ecarte-spanish-quick": walked(
            # the spanish preset as it was when the save was made (it now has the king
            # announced before the first lead)
            Game(
                Rules.preset("spanish").evolve(king_announcement=KingAnnouncement.OPTIONAL),
                seed=1,
                variant="quick",
            ),
            1,
            25,
        ),
        "ecarte-poule-object": walked(
            Game(plugins=[Poule(rotation="per-hand", ante=2)], seed=6), 6, 70
        ),
        "ecarte-cercle-regles": walked(
            _seat_match(regles_as_saved(Game(variant=["regles", "cercle"], seed=9))), 9, 30
        ),
        "ecarte-chance-by-hand": walked(
            # the brazilian preset as it was when the save was made (it now also makes the
            # king's announcement compulsory and drops the penalties)
            Game(
                Rules.preset("brazilian").evolve(
                    target=3, king_announcement=KingAnnouncement.OPTIONAL, penalties=True
                ),
                seed=2**64 - 5,
                auto_chance=False,
            ),
            4,
            12,
        ),
        "ecarte-over": walked(Game(Rules.classic().evolve(target=2), seed=12), 12, 2000),
    }


def euchre_games() -> dict[str, Any]:
    from attrs import evolve

    from ecarte.games.euchre import EuchreGame, EuchreRules

    def walked(game: Any, seed: int, steps: int) -> Any:
        continue_euchre(game, seed, steps)
        return game

    given = EuchreGame.from_deal(
        dealer=0,
        hands=["9♣ 10♣ J♣ Q♣ K♣", "9♠ 10♠ J♠ Q♠ K♠", "J♥ J♦ A♥ K♥ Q♥", "9♦ 10♦ Q♦ K♦ A♦"],
        upcard="9♥",
        seed=21,
    )
    return {
        "euchre-standard": walked(EuchreGame(EuchreRules.standard(), seed=5), 5, 60),
        "euchre-openspiel-chance-by-hand": walked(
            EuchreGame(EuchreRules.openspiel(allow_lone_defender=True), seed=8, auto_chance=False),
            8,
            30,
        ),
        "euchre-seed-joker": walked(
            # the seed preset as it was when the save was made (it now also lets the
            # maker's partner go alone)
            EuchreGame(evolve(EuchreRules.seed(), deck=25, anyone_alone=False), seed=13),
            13,
            45,
        ),
        "euchre-given-deal": walked(given, 21, 3),
    }


def main(prefix: str) -> None:
    for name, game in {**ecarte_games(), **euchre_games()}.items():
        seed = sum(map(ord, name))
        (HERE / f"{prefix}-{name}.json").write_text(game.to_json(indent=1) + "\n", encoding="utf-8")
        if name.startswith("euchre"):
            continue_euchre(game, seed)
        else:
            continue_ecarte(game, seed)
        (HERE / f"{prefix}-{name}.continued.json").write_text(
            game.to_json(indent=1) + "\n", encoding="utf-8"
        )


if __name__ == "__main__":
    main(sys.argv[1])
