"""The classic rules of Écarté, readable and callable: one pure function per phase a
hook decides, the very functions the builtin classic plugin answers the hooks with (the
C machine states the same rules, and the tests prove the two equal).

A variant that changes a classic answer a little calls the classic function and adjusts
its result, instead of restating the rule. "A vole scores 3", whatever the penalties:

>>> from ecarte import HandOutcome, Rules, classic
>>> vole = HandOutcome(dealer=0, elder=1, tricks={1: 5, 0: 0}, exchanges=1,
...                    elder_played_without_proposing=False, refused_after=None)
>>> dict(classic.score_hand(Rules.classic(), vole))
{1: 2, 0: 0}
>>> def vole_scores_three(rules, outcome):
...     points = classic.score_hand(rules, outcome)
...     return {s: 3 if outcome.tricks[s] == 5 else p for s, p in points.items()}
>>> vole_scores_three(Rules.classic(), vole)
{1: 3, 0: 0}

As a plugin, that is the hook ``ecarte_score_hand`` answering
``vole_scores_three(game.rules, outcome)`` (or a hook wrapper, which gets the classic
answer from its ``yield``; see docs/plugins.md). The penalties are options of the rules:

>>> played = HandOutcome(dealer=0, elder=1, tricks={0: 5, 1: 0}, exchanges=0,
...                      elder_played_without_proposing=True, refused_after=None)
>>> classic.score_hand(Rules.classic(), played)  # the dealer punishes a hand played
{0: 2, 1: 0}
>>> classic.score_hand(Rules.preset("spanish"), played)  # ... and its vole
{0: 3, 1: 0}
>>> classic.score_hand(Rules.classic().evolve(penalties=False), played)
{0: 2, 1: 0}

The functions, by the hook whose classic answer they give:

- ``ecarte_table_size``: :data:`TABLE_SIZE`, two seats;
- ``ecarte_next_game``: :func:`next_game`, the loser deals the next game;
- ``ecarte_cut``: :func:`cut`, the higher card deals;
- ``ecarte_deal_packets``: :func:`deal_packets`, the dealer's choice or alternating;
- ``ecarte_deal``: :func:`deal`, two packets each, the turn-up, the stock;
- ``ecarte_king_points``: :data:`KING_POINTS`, 1;
- ``ecarte_exchange_allowed``: :func:`exchange_allowed`, while the stock can serve;
- ``ecarte_discard_limits``: :func:`discard_limits`, the rules' least, at most 5;
- ``ecarte_score_hand``: :func:`score_hand`, 1, 2 for the vole, the penalties;
- ``ecarte_next_hand``: :func:`next_hand`, the deal passes to the elder;
- ``ecarte_match_status``: :func:`match_status`, the rules' games to win.

:class:`ClassicRules` is the builtin plugin itself (every game has it, registered
``trylast``: never pass it to a game).
"""

from __future__ import annotations

from .games.ecarte import _classic
from .games.ecarte._classic import *  # noqa: F403 - the public names are _classic's

__all__ = _classic.__all__
