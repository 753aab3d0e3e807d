"""Why the facade refuses an action: the checks of ``Game.apply`` off the machine's
fast path, and the :class:`~ecarte.IllegalActionError` messages explaining what the
machine refused.

Each function reads the machine's fields by name (a :class:`.protocol.MatchView`) and
the machine's statuses from the game's binding (``Game._binding``).
"""

from __future__ import annotations

import random
import reprlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

from ecarte._cards import PIQUET_DECK, Card, CardSet, Rank
from ecarte._errors import (
    ArgumentError,
    ArgumentTypeError,
    IllegalActionError,
    PluginError,
    shown,
)

from . import _hooks, actions
from . import observation as ob
from ._records import card_mask
from .observation import Phase
from .protocol import MatchView
from .rules import KingAnnouncement

if TYPE_CHECKING:
    from .game import Game

__all__ = ["chance_ids", "check_decision", "check_turn", "fail", "illegal", "who_acts"]

CHANCE_PHASES = (Phase.CUT, Phase.DEAL)
"""The phases in which chance moves."""
CHANCE_CARDS = {
    Phase.CUT: (2, "a cut is two different cards of the deck"),
    Phase.DEAL: (32, "a deal orders the 32 cards of the deck once each"),
}
"""The cards of each chance event: how many different cards of the deck, and the rule."""
EXPECTED: dict[Phase, tuple[type[actions.Action], ...]] = {
    Phase.PACKETS: (actions.ChoosePackets,),
    Phase.PROPOSE: (actions.Propose, actions.PlayHand),
    Phase.RESPOND: (actions.Accept, actions.Refuse),
    Phase.ELDER_DISCARD: (actions.Discard,),
    Phase.DEALER_DISCARD: (actions.Discard,),
    Phase.PLAY: (actions.Play, actions.AnnounceKing, actions.PlayHand),
}
"""The kinds of action each decision phase takes."""
DOING: dict[Phase, str] = {
    Phase.PACKETS: "seat {}, the dealer, chooses the packets now (3-2 or 2-3)",
    Phase.PROPOSE: "seat {}, the elder, proposes an exchange or plays the hand now",
    Phase.RESPOND: "seat {}, the dealer, accepts or refuses the proposal now",
    Phase.ELDER_DISCARD: "seat {}, the elder, discards now",
    Phase.DEALER_DISCARD: "seat {}, the dealer, discards now",
    Phase.PLAY: "seat {} plays a card now",
}
"""What the seat to act does in each decision phase, in the game's words."""


def who_acts(game: Game, v: MatchView) -> str:
    """Who moves now, in the game's words: the cut or the deal, a seat, or nobody."""
    phase = game._phases[v.phase]
    if phase is Phase.OVER:
        return "the match is over"
    if phase in CHANCE_PHASES:
        return f"the cards are {'cut' if phase is Phase.CUT else 'dealt'} next"
    if phase is Phase.PLAY and v.to_act == v.dealer and not ob.trick(v) and not ob.tricks(v):
        return f"seat {v.to_act}, the dealer, announces the king of trumps or lets play begin now"
    return DOING[phase].format(v.to_act)


def check_turn(game: Game, v: MatchView, seat: Any) -> None:
    """Raise unless ``seat`` is None or the seat to act."""
    if seat is not None and (seat.__class__ is not int or seat != v.to_act):
        if seat.__class__ is not int:
            raise IllegalActionError(f"a seat is an int, not {seat!r}")
        if v.to_act < 0:
            raise IllegalActionError(f"seat {seat} cannot act: {who_acts(game, v)}")
        raise IllegalActionError(f"it is seat {v.to_act}'s turn, not seat {seat}'s")


def check_decision(game: Game, v: MatchView, action: object, action_id: int) -> int:
    """The action id of ``action`` if the seat to act may take it now; raise the reason
    otherwise (the kind of action the phase takes, cards not held, a plugin's veto)."""
    if not isinstance(action, actions.Action):
        raise IllegalActionError(f"not an action: {shown(action)}")
    phase = game._phases[v.phase]
    if phase in CHANCE_PHASES or phase is Phase.OVER:
        raise IllegalActionError(f"{action}: {who_acts(game, v)}")
    if not isinstance(action, EXPECTED[phase]):
        raise IllegalActionError(f"{action}: {who_acts(game, v)}")
    if action_id < 0:
        held = ob.hands(v)[v.to_act]
        if isinstance(action, actions.Discard) and action.cards.mask & ~held:
            missing = action.cards - CardSet(held)
            raise IllegalActionError(f"{action}: seat {v.to_act} does not hold {missing}")
        action_id = game.action_id(action)
    if (
        game._config.validators
        and not isinstance(action, actions.Play)
        and action not in game.legal_actions()
    ):
        _raise_veto(game, v.to_act, action)
    return action_id


def chance_ids(game: Game, v: MatchView, event: actions.Event) -> tuple[int, ...]:
    """The card ids of a chance event that is due now (a cut or a deal); raise the reason
    otherwise."""
    phase = game._phases[v.phase]
    if phase not in CHANCE_PHASES:
        raise IllegalActionError(f"{event}: no cut or deal is due ({who_acts(game, v)})")
    cards: tuple[Card, ...]
    if isinstance(event, actions.Cut):
        cards, kind = event.cards, Phase.CUT
    elif isinstance(event, actions.Deal):
        cards, kind = event.order, Phase.DEAL
    else:
        raise IllegalActionError(f"not a cut or a deal: {event}")
    if phase is not kind:
        raise IllegalActionError(f"{event}: a {phase.value} is due, not a {kind.value}")
    n, rule = CHANCE_CARDS[kind]
    if (
        len(cards) != n
        or not all(isinstance(c, Card) and c in PIQUET_DECK for c in cards)
        or len(set(cards)) != n
    ):
        raise IllegalActionError(f"{event}: {rule}")
    return tuple(c.id for c in cards)


def fail(game: Game, status: int, action: Any) -> NoReturn:
    """Raise the error a machine status stands for (the state is restored)."""
    binding = game._binding
    if status == binding.ECUTLOOP:
        raise PluginError("hook ecarte_cut asked for a new cut 100 times in a row")
    if status == binding.EBADANSWER:
        raise PluginError(
            "a plugin answered a hook with what the game cannot take (a hand that is not "
            "five cards, a card dealt twice or not of the deck, limits out of 0..5...)"
        )
    if status == binding.ELOG:
        raise PluginError("the record of the match is not one this game wrote")
    if action is None:
        raise IllegalActionError(f"the game cannot go on from here: {who_acts(game, game._view())}")
    illegal(game, action, status)


def illegal(game: Game, action: Any, status: int) -> NoReturn:
    """Raise the IllegalActionError explaining why the machine refused ``action``."""
    v = game._view()
    seat = v.to_act
    if isinstance(action, actions.Event) or status == game._binding.EBADCHANCE:
        raise IllegalActionError(f"{action}: no such cut or deal is due now")
    phase = game._phases[v.phase]
    in_play = phase is Phase.PLAY and not v.step
    if isinstance(action, actions.Play) and in_play:
        card = action.card
        if not ob.hands(v)[seat] >> card.id & 1:
            raise IllegalActionError(f"{card}: seat {seat} does not hold that card")
        if ob.trick(v):
            raise IllegalActionError(f"{card}: {_why_illegal(game, v, card)}")
    if isinstance(action, actions.AnnounceKing) and in_play:
        raise IllegalActionError(_why_no_king(game, v))
    if isinstance(action, actions.Discard):
        n = len(action.cards)
        limiting = _limiting(game, seat)
        by = "" if limiting == "classic" else f"variant {limiting!r}; "
        if n > v.disc_most:
            raise IllegalActionError(
                f"{action}: seat {seat} may discard at most {v.disc_most} now "
                f"({by}the stock holds {len(v.stock)})"
            )
        least = f"at least {v.disc_least}" + (f" ({by[:-2]})" if by else "")
        raise IllegalActionError(f"{action}: seat {seat} must discard {least}")
    if (
        isinstance(action, actions.Propose | actions.PlayHand | actions.Accept | actions.Refuse)
        and status == game._binding.ENOTALLOWED
    ):
        if game._config.validators:
            _raise_veto(game, seat, action)
        forbidding = _forbidding(game, seat, action)
        if forbidding != "classic":
            raise IllegalActionError(f"{action}: variant {forbidding!r} forbids it")
        if isinstance(action, actions.Propose):
            raise IllegalActionError(
                f"propose: the stock ({len(v.stock)} cards) cannot serve another "
                "exchange, or the variant forbids it"
            )
        raise IllegalActionError(f"{action}: not allowed now")
    raise IllegalActionError(f"{action}: {who_acts(game, v)}")


def _forbidding(game: Game, seat: int, action: actions.Action) -> str:
    """The plugin whose ``ecarte_exchange_allowed`` forbids ``action`` now."""
    hook = "ecarte_exchange_allowed"

    def ask(game: Game) -> str:
        ok, plugin = _hooks.first_of(game._config.hooks, hook, game=game, seat=seat, action=action)
        return "classic" if ok is not False else plugin

    return _answering(game, hook, ask)


def _limiting(game: Game, seat: int) -> str:
    """The plugin whose ``ecarte_discard_limits`` gives ``seat``'s limits now."""
    hook = "ecarte_discard_limits"

    def ask(game: Game) -> str:
        return _hooks.first_of(game._config.hooks, hook, game=game, seat=seat)[1]

    return _answering(game, hook, ask)


def _answering(game: Game, hook: str, ask: Callable[[Game], str]) -> str:
    """The plugin behind ``hook``'s answer now: ``"classic"`` unless another plugin answers
    or wraps the hook, else ``ask(game)`` (the hook asked again: it answers from the
    game's state)."""
    table = game._config.hooks
    if not table.wrappers(hook) and all(impl[2] == "classic" for impl in table.impls(hook)):
        return "classic"
    found: str = game._asking(ask)
    return found


def _raise_veto(game: Game, seat: int, action: actions.Action) -> None:
    """Raise the first plugin's veto of ``action``, if a plugin vetoes it."""
    veto, plugin = game._first_veto(seat, action)
    if veto is not None:
        raise IllegalActionError(f"{action}: {veto} (variant {plugin!r})")


def _why_no_king(game: Game, v: MatchView) -> str:
    seat = v.to_act
    if game.rules.king_announcement is KingAnnouncement.AUTOMATIC:
        return "king: the king of trumps is scored automatically under these rules"
    if game._phases[v.phase] is not Phase.PLAY or not (
        ob.hands(v)[seat] >> (v.trump * 16 + Rank.KING) & 1
    ):
        return f"king: seat {seat} does not hold the king of trumps"
    if seat in ob.announced_seats(v):
        return f"king: seat {seat} has already announced the king"
    return f"king: too late, seat {seat} has already played a card this hand"


def _why_illegal(game: Game, v: MatchView, card: Card) -> str:
    led = Card.from_id(ob.trick(v)[0][1])
    hand = CardSet(ob.hands(v)[v.to_act])
    legal = CardSet(card_mask(game._m_legal()[0] & 0xFFFFFFFF))
    if hand.suit(led.suit) and card.suit != led.suit:
        return f"must follow suit {led.suit.symbol} (legal: {legal})"
    if card.suit == led.suit:
        return f"must win the trick if able: play a higher {led.suit.symbol} (legal: {legal})"
    return f"void in {led.suit.symbol}, must trump (legal: {legal})"


_SYSTEM_RANDOM = random.SystemRandom()
"""Draws from the system's randomness (``os.urandom``): it keeps no state."""


def match_seed(seed: object) -> int:
    """``seed`` checked (an int in [-2**63, 2**64)), or a random seed for None."""
    if seed is None:
        return _SYSTEM_RANDOM.getrandbits(63)
    if type(seed) is not int:
        raise ArgumentTypeError(f"seed must be an int (or None), not {reprlib.repr(seed)}")
    if not -(1 << 63) <= seed < 1 << 64:
        raise ArgumentError(
            f"seed must be an int in [-2**63, 2**64), not an int of {seed.bit_length()} bits"
        )
    return seed
