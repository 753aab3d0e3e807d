"""Players: the protocol bots implement, a random player and a heuristic player.

A player sees only its :class:`~ecarte.Observation` and the legal actions.

>>> from ecarte import Game
>>> game = Game(seed=3)
>>> result = play_match(game, {0: HeuristicPlayer(), 1: RandomPlayer(seed=3)})
>>> result.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, runtime_checkable

from ecarte._cards import Card, CardSet, Rank, Suit
from ecarte._core._args import _player_seed

from .actions import (
    Accept,
    Action,
    AnnounceKing,
    ChoosePackets,
    Discard,
    Play,
    PlayHand,
    Propose,
    Refuse,
)
from .game import Game, Observation, Phase
from .rules import RankOrder

__all__ = ["HeuristicPlayer", "Player", "RandomPlayer", "play_match"]


@runtime_checkable
class Player(Protocol):
    """Anything that picks one of the legal actions from what its seat may see."""

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Return one of ``legal``."""
        ...


def _some_legal(legal: Sequence[Action]) -> list[Action]:
    """``legal`` as a list; ValueError when it is empty (a finished game), TypeError when
    an item is not an Écarté action (another game's)."""
    actions = list(legal)
    if not actions:
        raise ValueError("no legal action to choose from: the game is over")
    if not isinstance(actions[0], Action):  # (another game's list: its first one tells)
        raise TypeError(
            "an Écarté player chooses among Écarté actions (game.legal_actions()), "
            f"not {type(actions[0]).__name__}"
        )
    return actions


def _seat_to_act(obs: Observation) -> None:
    """TypeError unless ``obs`` is an Écarté observation; ValueError unless its seat is
    the one to act (a player decides for the seat it sees)."""
    if not isinstance(obs, Observation):
        raise TypeError(
            "an Écarté player decides from an Écarté Observation (game.observation(seat)), "
            f"not {type(obs).__name__}"
        )
    if obs.to_act != obs.seat:
        raise ValueError(
            f"seat {obs.seat} is not to act (seat {obs.to_act} is): a player decides "
            "from the observation of the seat to act"
        )


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int | None = None) -> None:
        """``seed``: an int in [-2**63, 2**64) as a game's, or None for a fresh one."""
        self._rng = random.Random(None if seed is None else _player_seed(seed))

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        actions = _some_legal(legal)
        _seat_to_act(observation)
        return self._rng.choice(actions)


def _routine_choice(obs: Observation, legal: Sequence[Action]) -> Action | None:
    """What every bot here does alike: announce the king, deal in packets of 3 first;
    None for the other decisions."""
    if AnnounceKing() in legal:
        return AnnounceKing()
    if obs.phase is Phase.PLAY and PlayHand() in legal:  # the first-lead window, no king
        return PlayHand()
    if obs.phase is Phase.PACKETS:
        return ChoosePackets(3) if ChoosePackets(3) in legal else legal[0]
    return None


def _strength_order(order: RankOrder) -> dict[Rank, int]:
    return {rank: len(order.ranks) - i for i, rank in enumerate(order.ranks)}


_STRENGTHS = {order: _strength_order(order) for order in RankOrder}


class HeuristicPlayer:
    """A simple, sensible player.

    Plays hands with about three likely tricks and proposes weak ones;
    discards low non-trumps and keeps kings; announces the king; in play,
    leads strength (trumps when long in them), wins cheaply when it can and
    throws its lowest card when it cannot.
    """

    # -- evaluation ---------------------------------------------------------

    def likely_tricks(
        self, hand: CardSet, trump: Suit | None, rank_order: RankOrder = RankOrder.KING_HIGH
    ) -> float:
        """A rough count of the tricks ``hand`` should take when ranks compare
        by ``rank_order`` (pass the game's ``rules.rank_order``; king-high, the
        classic order, by default). The estimate depends on nothing else: no
        state is kept between calls."""
        power = _STRENGTHS[rank_order]
        top = max(power.values())
        tricks = 0.0
        trumps = [c for c in hand if c.suit == trump]
        for card in trumps:
            tricks += 0.9 if power[card.rank] >= top - 2 else 0.55
        for card in hand:
            if card.suit == trump:
                continue
            if power[card.rank] == top:
                tricks += 0.8
            elif power[card.rank] == top - 1:
                tricks += 0.35
        return tricks + (0.3 if len(trumps) >= 3 else 0.0)

    @staticmethod
    def _keep_value(card: Card, trump: Suit | None, power: Mapping[Rank, int]) -> int:
        value = power[card.rank]
        if card.suit == trump:
            value += 10
        return value

    # -- decisions ----------------------------------------------------------

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        legal = _some_legal(legal)
        obs = observation
        _seat_to_act(obs)
        order = obs.rules.rank_order
        routine = _routine_choice(obs, legal)
        if routine is not None:
            return routine
        if obs.phase is Phase.PROPOSE:
            strong = self.likely_tricks(obs.hand, obs.trump, order) >= 2.6
            decision: Action = PlayHand() if strong or Propose() not in legal else Propose()
            return decision if decision in legal else legal[0]
        if obs.phase is Phase.RESPOND:
            strong = self.likely_tricks(obs.hand, obs.trump, order) >= 2.9
            answer: Action = Refuse() if strong else Accept()
            return answer if answer in legal else legal[0]
        if obs.phase in (Phase.ELDER_DISCARD, Phase.DEALER_DISCARD):
            return self._discard(obs, legal, _STRENGTHS[order])
        if obs.phase is Phase.PLAY:
            return self._play(obs, legal, _STRENGTHS[order])
        return legal[0]

    def _discard(
        self, obs: Observation, legal: Sequence[Action], power: Mapping[Rank, int]
    ) -> Action:
        top = max(power.values())
        keep_floor = top - 1  # keep the two highest ranks and every trump
        weak = CardSet.of(c for c in obs.hand if c.suit != obs.trump and power[c.rank] < keep_floor)
        options = [a for a in legal if isinstance(a, Discard)]
        best = max(
            options,
            key=lambda a: (
                len(a.cards & weak) - 2 * len(a.cards - weak),
                -sum(self._keep_value(c, obs.trump, power) for c in a.cards),
            ),
        )
        return best

    def _play(self, obs: Observation, legal: Sequence[Action], power: Mapping[Rank, int]) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]

        def strength(card: Card) -> int:
            return power[card.rank] + (100 if card.suit == obs.trump else 0)

        if not obs.trick:
            trumps = [a for a in plays if a.card.suit == obs.trump]
            if len(trumps) >= 2:
                return max(trumps, key=lambda a: strength(a.card))
            return max(plays, key=lambda a: strength(a.card))
        led = obs.trick[0][1]

        def beats(card: Card) -> bool:
            if card.suit == led.suit:
                return power[card.rank] > power[led.rank]
            return card.suit == obs.trump and led.suit != obs.trump

        winners = [a for a in plays if beats(a.card)]
        if winners:
            return min(winners, key=lambda a: strength(a.card))
        return min(plays, key=lambda a: strength(a.card))


def play_match(
    game: Game,
    players: Mapping[int, Player],
    *,
    max_actions: int = 100_000,
    before_turn: Callable[[Game], None] | None = None,
) -> Game:
    """Let ``players`` (seat -> player) play ``game`` to the end; return it.

    ``before_turn(game)``, if given, is called before each decision and once
    at the end (a display can show what happened since its last call). TypeError
    unless ``game`` is an Écarté :class:`~ecarte.Game`; ValueError, before anything is
    played, unless every seat has a player (an object with ``choose``) and
    ``max_actions`` is at least 1.
    """
    if not isinstance(game, Game):
        raise TypeError(f"play_match plays an Écarté Game (ecarte.Game), not {type(game).__name__}")
    if max_actions.__class__ is not int or max_actions < 1:
        raise ValueError(f"max_actions must be an int >= 1, not {max_actions!r}")
    for seat in range(game.players):
        player = players.get(seat)
        if isinstance(player, type) or not isinstance(player, Player):
            raise ValueError(f"seat {seat} has no player (an object with choose): {player!r}")
    for _ in range(max_actions):
        if before_turn is not None:
            before_turn(game)
        if game.is_over:
            return game
        seat = game.to_act
        if seat < 0:
            game.apply_chance()
            continue
        legal = game.legal_actions()
        action = players[seat].choose(game.observation(seat), legal)
        game.apply(action, seat=seat)
    raise RuntimeError(f"match not over after {max_actions} actions")
