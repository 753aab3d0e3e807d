"""The Euchre game state: bidding in Python, the play on the core's ``PlayStateN``.

Action ids are OpenSpiel's (``euchre``): 0..23 a card (``rank * 4 + suit``, ranks
9 10 J Q K A, suits ♣ ♦ ♥ ♠), 24 pass, 25..28 name clubs, diamonds, hearts, spades
(trumps), 29 go alone, 30 play with the partner; ecarte adds 31 take up the ordered
card and 32 decline it (seed 004 only). Chance outcomes use the same ids: 0..3 the
dealer, 0..23 the card dealt next.
"""

from __future__ import annotations

import enum
import operator
import random
from collections.abc import Iterable, Sequence
from typing import Any

from attrs import frozen

from ecarte import Card, CardSet, IllegalActionError, Suit
from ecarte.tricks import PLAY_OVER, PlayStateN, euchre_context

from .rules import DealOrder, EuchreRules, Lead

__all__ = [
    "ALONE",
    "CALL",
    "CHANCE",
    "DECLINE",
    "NUM_ACTION_IDS",
    "PARTNER",
    "PASS",
    "TAKE",
    "TERMINAL",
    "EuchreAction",
    "EuchreGame",
    "EuchreObservation",
    "Kind",
    "Phase",
]

CHANCE = -1
"""``to_act`` when a chance outcome (the dealer, a card dealt) is due."""
TERMINAL = -2
"""``to_act`` when the game is over."""

PASS = 24
CALL = 25  # + suit
ALONE = 29
PARTNER = 30
TAKE = 31
DECLINE = 32
NUM_ACTION_IDS = 33
"""Action ids 0..32; the ``openspiel`` presets use 0..30 (OpenSpiel's 31)."""

_SEATS = "NESW"
_SUIT_NAMES = ("Clubs", "Diamonds", "Hearts", "Spades")

# OpenSpiel card id o = rank * 4 + suit (rank 0..5: 9..A); ecarte card id = suit * 16 + rank.
_CORE = tuple((o % 4) * 16 + o // 4 + 7 for o in range(24))
_OS = {c: o for o, c in enumerate(_CORE)}
_OS_TEXT = tuple("CDHS"[o % 4] + "9TJQKA"[o // 4] for o in range(24))
_CARD = tuple(Card.from_id(c) for c in _CORE)
_CONTEXTS = tuple(euchre_context(t) for t in range(4))

_PACKET_SEATS = tuple(
    s for packet, n in enumerate((3, 2, 3, 2, 2, 3, 2, 3)) for s in [packet % 4 + 1] * n
)  # seat offsets from the dealer for the 20 cards, packets from the dealer's left


# A core mask to OpenSpiel ids without a sort: each suit's six ranks (bits 7..12 of its
# 16) to a 24-bit mask of OpenSpiel ids, then each byte of that mask to its sorted ids.
_SUIT_TO_OS = tuple(
    tuple(sum(1 << (r * 4 + suit) for r in range(6) if six >> r & 1) for six in range(64))
    for suit in range(4)
)
_BYTE_IDS = tuple(
    tuple(tuple(b * 8 + k for k in range(8) if byte >> k & 1) for byte in range(256))
    for b in range(3)
)
_T0, _T1, _T2, _T3 = _SUIT_TO_OS
_B0, _B1, _B2 = _BYTE_IDS


def _os_ids(mask: int) -> list[int]:
    """The OpenSpiel ids of a core card mask, sorted."""
    m = _T0[mask >> 7 & 63] | _T1[mask >> 23 & 63] | _T2[mask >> 39 & 63] | _T3[mask >> 55 & 63]
    return [*_B0[m & 255], *_B1[m >> 8 & 255], *_B2[m >> 16]]


class Phase(enum.Enum):
    DEALER = "dealer"  # chance: who deals
    DEAL = "deal"  # chance: the next card
    BID = "bid"  # first round: pass or order up the turned suit
    BID2 = "bid2"  # second round: pass or name another suit
    TAKE = "take"  # the dealer takes up or declines the ordered card (seed)
    DISCARD = "discard"
    ALONE = "alone"  # the maker, then (option) the defenders: alone or with the partner
    PLAY = "play"
    OVER = "over"


class Kind(enum.Enum):
    DEALER = "dealer"
    DEAL = "deal"
    PASS = "pass"
    CALL = "call"
    TAKE = "take"
    DECLINE = "decline"
    DISCARD = "discard"
    ALONE = "alone"
    PARTNER = "partner"
    PLAY = "play"


@frozen
class EuchreAction:
    """One action or chance outcome: ``kind`` and its ``value`` (a seat for DEALER, a
    suit for CALL, an OpenSpiel card id for DEAL, DISCARD and PLAY, else 0). ``id`` is the
    action id; ``str()`` the text form :meth:`EuchreGame.apply` accepts."""

    kind: Kind
    value: int = 0

    @property
    def id(self) -> int:
        k = self.kind
        if k is Kind.DEALER or k is Kind.DEAL or k is Kind.DISCARD or k is Kind.PLAY:
            return self.value
        if k is Kind.CALL:
            return CALL + self.value
        return _FIXED_IDS[k]

    @property
    def card(self) -> Card | None:
        """The card of a deal, discard or play."""
        if self.kind in (Kind.DEAL, Kind.DISCARD, Kind.PLAY):
            return _CARD[self.value]
        return None

    def __str__(self) -> str:
        k = self.kind
        if k is Kind.DEALER:
            return f"dealer {_SEATS[self.value]}"
        if k is Kind.CALL:
            return f"call {Suit(self.value).symbol}"
        if k is Kind.PLAY:
            return str(_CARD[self.value])
        if k is Kind.DEAL or k is Kind.DISCARD:
            return f"{k.value} {_CARD[self.value]}"
        return str(k.value)

    def openspiel_text(self) -> str:
        """OpenSpiel's ``action_to_string`` for this action."""
        k = self.kind
        if k is Kind.DEALER:
            return _SEATS[self.value]
        if k is Kind.CALL:
            return _SUIT_NAMES[self.value]
        if k in (Kind.DEAL, Kind.DISCARD, Kind.PLAY):
            return _OS_TEXT[self.value]
        return str(k.value).capitalize()


_FIXED_IDS = {
    Kind.PASS: PASS,
    Kind.ALONE: ALONE,
    Kind.PARTNER: PARTNER,
    Kind.TAKE: TAKE,
    Kind.DECLINE: DECLINE,
}
_DEALERS = tuple(EuchreAction(Kind.DEALER, s) for s in range(4))
_DEALS = tuple(EuchreAction(Kind.DEAL, o) for o in range(24))
_DISCARDS = tuple(EuchreAction(Kind.DISCARD, o) for o in range(24))
_PLAYS = tuple(EuchreAction(Kind.PLAY, o) for o in range(24))
_DECISIONS = {
    PASS: EuchreAction(Kind.PASS),
    **{CALL + s: EuchreAction(Kind.CALL, s) for s in range(4)},
    ALONE: EuchreAction(Kind.ALONE),
    PARTNER: EuchreAction(Kind.PARTNER),
    TAKE: EuchreAction(Kind.TAKE),
    DECLINE: EuchreAction(Kind.DECLINE),
}


@frozen
class EuchreObservation:
    """What one seat may know: never another hand, the undealt cards or (but for the
    dealer) the discard."""

    seat: int
    phase: Phase
    dealer: int | None
    hand: CardSet
    upcard: Card | None
    bids: tuple[tuple[int, str], ...]
    trump: Suit | None
    maker: int | None
    alone: tuple[int, ...]
    discard: Card | None
    tricks: tuple[tuple[tuple[int, Card], ...], ...]
    trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, int]
    scores: tuple[int, int]
    to_act: int


class EuchreGame:
    """A game of Euchre: four seats, partners opposite (0 & 2 against 1 & 3).

    This is not :class:`ecarte.Game` (which is Écarté, with its variant plugins): Euchre
    is another game on the same engine, with the same public surface.

    >>> g = EuchreGame(EuchreRules.openspiel(), seed=7)
    >>> g.to_act in range(4), g.phase
    (True, <Phase.BID: 'bid'>)
    >>> while not g.is_over:
    ...     g.apply_id(g.legal_action_ids()[0])
    >>> sum(g.returns())
    0
    """

    __slots__ = (
        "_alone",
        "_asks",
        "_auto",
        "_bids",
        "_deal_seats",
        "_dealer",
        "_dealt",
        "_discard",
        "_free",
        "_hands",
        "_history",
        "_maker",
        "_marks",
        "_phase",
        "_play",
        "_returns",
        "_scores",
        "_to_act",
        "_trump",
        "_upcard",
        "_won",
        "rules",
        "seed",
    )

    def __init__(
        self,
        rules: EuchreRules | None = None,
        *,
        seed: int | None = None,
        auto_chance: bool = True,
    ) -> None:
        if rules is None:
            rules = EuchreRules.standard()
        if not isinstance(rules, EuchreRules):
            raise TypeError(f"rules must be EuchreRules, not {type(rules).__name__}")
        if seed is None:
            seed = random.SystemRandom().getrandbits(64)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
            raise ValueError(f"seed must be an int 0..2**64-1, not {seed!r}")
        self.rules = rules
        self.seed = seed
        self._deal_seats = (
            tuple(range(20)) if rules.deal_order is DealOrder.ONE_BY_ONE else _PACKET_SEATS
        )
        self._auto = auto_chance
        self._history: list[EuchreAction] = []
        self._marks: list[int] = []
        self._scores = [0, 0]
        self._returns = (0, 0, 0, 0)
        self._dealer = -1
        self._phase = Phase.DEALER
        self._to_act = CHANCE
        self._new_deal()
        self._phase = Phase.DEALER
        if auto_chance:
            self._run_chance()

    @classmethod
    def from_deal(
        cls,
        rules: EuchreRules | None = None,
        *,
        dealer: int,
        hands: Sequence[str | CardSet],
        upcard: str | Card,
        seed: int = 0,
    ) -> EuchreGame:
        """A game whose first deal is given: the dealer, the four hands (five cards each,
        text like ``"J♥ A♥ 9♠ 10♣ K♦"`` or card sets) and the turned card; the chance
        outcomes that deal them are in the history. Later chance outcomes are drawn from
        ``seed``.

        >>> g = EuchreGame.from_deal(dealer=0, upcard="9♥",
        ...     hands=["J♥ J♦ A♥ K♥ Q♥", "9♠ 10♠ J♠ Q♠ K♠", "9♣ 10♣ J♣ Q♣ K♣", "9♦ 10♦ Q♦ K♦ A♦"])
        >>> g.to_act, [str(a) for a in g.legal_actions()]
        (1, ['pass', 'call ♥'])
        """
        game = cls(rules, seed=seed, auto_chance=False)
        sets = [h if isinstance(h, CardSet) else CardSet.parse(h) for h in hands]
        up = upcard if isinstance(upcard, Card) else Card.parse(upcard)
        if len(sets) != 4 or any(len(h) != 5 for h in sets):
            raise ValueError("from_deal needs four hands of five cards")
        queues = [[_OS[c.id] for c in h] for h in sets]
        game.apply_id(dealer)
        for n in range(20):
            off = n if rules is not None and rules.deal_order is DealOrder.ONE_BY_ONE else None
            seat = (dealer + (off if off is not None else _PACKET_SEATS[n])) % 4
            game.apply_id(queues[seat].pop(0))
        game.apply_id(_OS[up.id])
        game._auto = True
        game._marks = []
        return game

    # ------------------------------------------------------------------ state
    def _new_deal(self) -> None:
        self._hands = [0, 0, 0, 0]  # core masks
        self._dealt = 0  # OpenSpiel ids dealt (bit per id)
        self._free = list(range(24))  # OpenSpiel ids not dealt yet
        self._upcard = -1  # OpenSpiel id
        self._bids: list[tuple[int, int]] = []
        self._trump = -1
        self._maker = -1
        self._alone = [False, False, False, False]
        self._asks: list[int] = []
        self._discard = -1
        self._play: PlayStateN | None = None
        self._won = [0, 0]
        self._phase = Phase.DEAL
        self._to_act = CHANCE

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_act(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""
        return self._to_act

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def dealer(self) -> int | None:
        return None if self._dealer < 0 else self._dealer

    @property
    def trump(self) -> Suit | None:
        return None if self._trump < 0 else Suit(self._trump)

    @property
    def maker(self) -> int | None:
        return None if self._maker < 0 else self._maker

    @property
    def upcard(self) -> Card | None:
        return None if self._upcard < 0 else _CARD[self._upcard]

    @property
    def alone(self) -> tuple[int, ...]:
        """The seats playing alone this deal."""
        return tuple(s for s in range(4) if self._alone[s])

    @property
    def scores(self) -> tuple[int, int]:
        """Points by side (0: seats 0 and 2; 1: seats 1 and 3)."""
        return (self._scores[0], self._scores[1])

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks by side this deal."""
        if self._play is not None:
            w = self._play.won
            return (w[0] + w[2], w[1] + w[3])
        return (self._won[0], self._won[1])

    @property
    def winner(self) -> int | None:
        """The winning side (0 or 1) of a game to a target, once over."""
        if self._phase is not Phase.OVER or not self.rules.target:
            return None
        return 0 if self._scores[0] >= self.rules.target else 1

    def returns(self) -> tuple[int, int, int, int]:
        """By seat: a single deal (``target`` 0, OpenSpiel) gives the deal's points, + to
        the side that scored and - to the other; a game to a target gives +1 to the
        winners and -1 to the losers. All 0 before the end."""
        return self._returns

    def hand(self, seat: int) -> CardSet:
        if self._play is not None:
            return CardSet(self._play.hand(seat))
        return CardSet(self._hands[seat])

    @property
    def history(self) -> tuple[EuchreAction, ...]:
        """Every action and chance outcome applied, in order."""
        return tuple(self._history)

    @property
    def num_action_ids(self) -> int:
        """33, or OpenSpiel's 31 under the ``openspiel`` presets."""
        return 31 if self.rules.is_openspiel else NUM_ACTION_IDS

    def __repr__(self) -> str:
        return (
            f"<EuchreGame {self._phase.value} to_act={self._to_act} dealer={self.dealer}"
            f" trump={self.trump} scores={self.scores}>"
        )

    # ---------------------------------------------------------------- actions
    def legal_action_ids(self) -> list[int]:
        """The legal action ids, sorted; in a chance phase, the chance outcomes."""
        ph = self._phase
        if ph is Phase.PLAY:
            return _os_ids(self._play.legal())  # type: ignore[union-attr]
        if ph is Phase.DEAL:
            return self._free[:]
        if ph is Phase.BID:
            return [PASS, CALL + self._upcard % 4]
        if ph is Phase.BID2:
            up = self._upcard % 4
            calls = [CALL + s for s in range(4) if s != up]
            if self.rules.stick_the_dealer and self._to_act == self._dealer:
                return calls
            return [PASS, *calls]
        if ph is Phase.ALONE:
            return [ALONE, PARTNER]
        if ph is Phase.DISCARD:
            hand = self._hands[self._dealer]
            if self.rules.dealer_may_discard_upcard:
                hand |= 1 << _CORE[self._upcard]
            return _os_ids(hand)
        if ph is Phase.TAKE:
            return [TAKE, DECLINE]
        if ph is Phase.DEALER:
            return [0, 1, 2, 3]
        return []

    def legal_action_mask(self) -> list[bool]:
        mask = [False] * self.num_action_ids
        for i in self.legal_action_ids():
            mask[i] = True
        return mask

    def legal_actions(self) -> tuple[EuchreAction, ...]:
        """The legal actions (or chance outcomes) as records, sorted by id."""
        return tuple(self.action_from_id(i) for i in self.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(id, probability)`` of each chance outcome (empty outside chance phases)."""
        if self._to_act != CHANCE:
            return []
        ids = self.legal_action_ids()
        return [(i, 1.0 / len(ids)) for i in ids]

    def action_from_id(self, action_id: int) -> EuchreAction:
        """The action an id means in the current phase (ids 0..23 are a card dealt,
        discarded or played; 0..3 a dealer)."""
        ph = self._phase
        if isinstance(action_id, bool) or not isinstance(action_id, int):
            raise ValueError(f"an action id is an int, not {action_id!r}")
        if 0 <= action_id < 24:
            if ph is Phase.PLAY:
                return _PLAYS[action_id]
            if ph is Phase.DEAL:
                return _DEALS[action_id]
            if ph is Phase.DISCARD:
                return _DISCARDS[action_id]
            if ph is Phase.DEALER and action_id < 4:
                return _DEALERS[action_id]
        elif action_id in _DECISIONS:
            return _DECISIONS[action_id]
        raise ValueError(f"action id {action_id!r} means nothing in phase {ph.value}")

    def action_id(self, action: EuchreAction | str) -> int:
        """The id of an action (a record or its text form, in the current phase)."""
        if isinstance(action, EuchreAction):
            return action.id
        return self._resolve(action)

    def action_to_string(self, action_id: int) -> str:
        """The text form of an id in the current phase."""
        return str(self.action_from_id(action_id))

    def _resolve(self, text: str) -> int:
        t = text.strip()
        ids = self.legal_action_ids()
        for i in ids:
            a = self.action_from_id(i)
            if t == str(a) or t == a.openspiel_text() or t.lower() == str(a).lower():
                return i
        if self._phase in (Phase.PLAY, Phase.DISCARD, Phase.DEAL):
            word = t.split()[-1] if t else t
            try:
                card = Card.parse(word)
            except ValueError:
                card = None
            if card is not None and card.id in _OS:
                return _OS[card.id]
        if self._phase in (Phase.BID, Phase.BID2) and t.lower().startswith(("call", "order")):
            word = t.split()[-1]
            for s in Suit:
                if word in (s.symbol, s.letter, s.letter.upper(), _SUIT_NAMES[s]):
                    return CALL + s
        legal = ", ".join(str(self.action_from_id(i)) for i in ids)
        raise IllegalActionError(f"{text!r} is not a legal action here (legal: {legal})")

    def apply(self, action: EuchreAction | str | int, *, seat: int | None = None) -> None:
        """Apply an action (a record, its text form or an id), checked: an illegal one
        raises :class:`ecarte.IllegalActionError` and changes nothing."""
        if seat is not None and seat != self._to_act:
            who = "chance" if self._to_act == CHANCE else f"seat {self._to_act}"
            raise IllegalActionError(f"it is {who}'s turn, not seat {seat}'s")
        if isinstance(action, EuchreAction):
            i = action.id
            if self.action_from_id_or_none(i) != action:
                raise IllegalActionError(f"{action} is not a legal action in {self._phase.value}")
        elif isinstance(action, str):
            i = self._resolve(action)
        else:
            i = action
        self.apply_id(i)

    def action_from_id_or_none(self, action_id: int) -> EuchreAction | None:
        try:
            return self.action_from_id(action_id)
        except ValueError:
            return None

    def apply_id(self, action_id: int) -> None:
        """Apply an action or chance outcome by id, checked (an illegal id raises
        :class:`ecarte.IllegalActionError` and changes nothing)."""
        ph = self._phase
        if action_id.__class__ is int and 0 <= action_id < 24:
            if ph is Phase.PLAY:  # the fast paths: a card played, a card dealt
                r = self._play.try_apply(_CORE[action_id])  # type: ignore[union-attr]
                if r < 0:
                    raise IllegalActionError(self._why(action_id))
                self._marks.append(len(self._history))
                self._history.append(_PLAYS[action_id])
                if r >> 2 == PLAY_OVER:
                    self._end_play()
                    if self._auto and self._to_act == CHANCE:
                        self._run_chance()
                else:
                    self._to_act = r & 3
                return
            if ph is Phase.DEAL and not self._dealt >> action_id & 1:
                self._marks.append(len(self._history))
                n = self._dealt.bit_count()
                if n < 20:
                    self._history.append(_DEALS[action_id])
                    self._dealt |= 1 << action_id
                    self._free.remove(action_id)
                    self._hands[(self._dealer + self._deal_seats[n]) & 3] |= 1 << _CORE[action_id]
                else:
                    self._step(action_id)
                return
        if isinstance(action_id, bool):
            raise IllegalActionError(f"an action id is an int, not {action_id!r}")
        try:
            action_id = operator.index(action_id)
        except TypeError:
            raise IllegalActionError(f"an action id is an int, not {action_id!r}") from None
        if action_id not in self.legal_action_ids():
            if ph is Phase.OVER:
                raise IllegalActionError("the game is over")
            raise IllegalActionError(self._why(action_id))
        self._marks.append(len(self._history))
        self._step(action_id)
        if self._auto and self._to_act == CHANCE:
            self._run_chance()

    def _why(self, action_id: int) -> str:
        a = self.action_from_id_or_none(action_id) if isinstance(action_id, int) else None
        legal = " ".join(str(self.action_from_id(i)) for i in self.legal_action_ids())
        what = str(a) if a is not None else f"action id {action_id!r}"
        if self._phase is Phase.PLAY and a is not None:
            card = _CORE[action_id]
            if not self._play.hand(self._to_act) >> card & 1:  # type: ignore[union-attr]
                return f"{what}: seat {self._to_act} does not hold that card"
            return f"{what}: must follow suit (legal: {legal})"
        return f"{what} is not legal in phase {self._phase.value} (legal: {legal})"

    def _run_chance(self) -> None:
        while self._to_act == CHANCE:
            ids = self.legal_action_ids()
            # Each chance outcome is drawn from the seed and its place in the history,
            # so replays and undo draw the same outcomes again.
            r = random.Random(self.seed * 1009 + len(self._history))
            self._step(ids[r.randrange(len(ids))])

    def _step(self, i: int) -> None:
        """Apply a legal id (no checks)."""
        ph = self._phase
        h = self._history
        if ph is Phase.PLAY:
            h.append(_PLAYS[i])
            play = self._play
            assert play is not None
            if play.apply(_CORE[i]) == PLAY_OVER:
                self._end_play()
            else:
                self._to_act = play.to_move
            return
        if ph is Phase.DEAL:
            h.append(_DEALS[i])
            n = self._dealt.bit_count()
            self._dealt |= 1 << i
            self._free.remove(i)
            if n < 20:
                self._hands[(self._dealer + self._deal_seats[n]) & 3] |= 1 << _CORE[i]
            else:
                self._upcard = i
                self._phase = Phase.BID
                self._to_act = (self._dealer + 1) % 4
            return
        if ph is Phase.DEALER:
            h.append(_DEALERS[i])
            self._dealer = i
            self._phase = Phase.DEAL
            return
        h.append(_DISCARDS[i] if ph is Phase.DISCARD else _DECISIONS[i])
        p = self._to_act
        if ph is Phase.BID or ph is Phase.BID2:
            self._bids.append((p, i))
            if i != PASS:
                self._maker = p
                self._trump = i - CALL
                if ph is Phase.BID2:
                    self._start_alone()
                elif self.rules.dealer_may_decline and p != self._dealer:
                    self._phase = Phase.TAKE
                    self._to_act = self._dealer
                else:
                    self._phase = Phase.DISCARD
                    self._to_act = self._dealer
            elif p == self._dealer:
                if ph is Phase.BID:
                    self._phase = Phase.BID2
                    self._to_act = (p + 1) % 4
                else:  # all passed twice
                    self._redeal()
            else:
                self._to_act = (p + 1) % 4
        elif ph is Phase.TAKE:
            if i == TAKE:
                self._phase = Phase.DISCARD
            else:
                self._start_alone()
        elif ph is Phase.DISCARD:
            d = self._dealer
            self._discard = i
            self._hands[d] = (self._hands[d] | 1 << _CORE[self._upcard]) & ~(1 << _CORE[i])
            self._start_alone()
        elif ph is Phase.ALONE:
            if i == ALONE:
                self._alone[p] = True
            if self._asks:
                if i == ALONE and p != self._maker:
                    self._asks = []
                    self._start_play()
                else:
                    self._to_act = self._asks.pop(0)
            else:
                self._start_play()

    def _redeal(self) -> None:
        if not self.rules.target:
            self._phase = Phase.OVER
            self._to_act = TERMINAL
            return
        self._dealer = (self._dealer + 1) % 4
        self._new_deal()

    def _start_alone(self) -> None:
        self._phase = Phase.ALONE
        self._to_act = self._maker
        if self.rules.allow_lone_defender:
            d = self._dealer
            side = self._maker & 1
            self._asks = [(d + k) % 4 for k in range(1, 5) if (d + k) % 2 != side]
        else:
            self._asks = []

    def _start_play(self) -> None:
        alone = self._alone
        active = 0
        for s in range(4):
            if not alone[(s + 2) % 4]:
                active |= 1 << s
        d = self._dealer
        leader = next((d + k) % 4 for k in range(1, 5) if active >> ((d + k) % 4) & 1)
        if self.rules.lead is Lead.LEFT_OF_LONE:
            m = self._maker
            lone_def = next((s for s in range(4) if alone[s] and s % 2 != m % 2), -1)
            if lone_def >= 0:
                leader = lone_def if alone[m] else (lone_def + 1) % 4
            elif alone[m]:
                leader = (m + 1) % 4
        self._play = PlayStateN(_CONTEXTS[self._trump], self._hands, leader, 0, active)
        self._phase = Phase.PLAY
        self._to_act = leader

    def _end_play(self) -> None:
        play = self._play
        assert play is not None
        w = play.won
        self._won = [w[0] + w[2], w[1] + w[3]]
        m = self._maker
        side = m & 1
        made = self._won[side]
        lone_def = any(self._alone[s] for s in range(4) if s & 1 != side)
        makers, pts = self.rules.deal_points(
            made, maker_alone=self._alone[m], defender_alone=lone_def
        )
        scorer = side if makers else 1 - side
        self._scores[scorer] += pts
        target = self.rules.target
        if not target:
            self._returns = tuple(pts if s & 1 == scorer else -pts for s in range(4))  # type: ignore[assignment]
            self._phase = Phase.OVER
            self._to_act = TERMINAL
        elif self._scores[scorer] >= target:
            self._returns = tuple(1 if s & 1 == scorer else -1 for s in range(4))  # type: ignore[assignment]
            self._phase = Phase.OVER
            self._to_act = TERMINAL
        else:
            self._dealer = (self._dealer + 1) % 4
            self._new_deal()

    # ------------------------------------------------------ views, undo, copy
    def observation(self, seat: int) -> EuchreObservation:
        """What ``seat`` may know (its own hand only; the discard only for the dealer)."""
        if seat not in range(4):
            raise ValueError(f"seat must be 0..3, not {seat!r}")
        tricks: list[tuple[tuple[int, Card], ...]] = []
        trick: tuple[tuple[int, Card], ...] = ()
        play = self._play
        if play is not None:
            for t in play.tricks:
                tricks.append(self._trick_of(t[0], t[1:], play.active))
            trick = self._trick_of(play.leader, play.trick, play.active)
        return EuchreObservation(
            seat=seat,
            phase=self._phase,
            dealer=self.dealer,
            hand=self.hand(seat),
            upcard=self.upcard,
            bids=tuple((s, str(_DECISIONS[i])) for s, i in self._bids),
            trump=self.trump,
            maker=self.maker,
            alone=self.alone,
            discard=_CARD[self._discard] if seat == self._dealer and self._discard >= 0 else None,
            tricks=tuple(tricks),
            trick=trick,
            tricks_won=self.tricks_won,
            scores=self.scores,
            to_act=self._to_act,
        )

    @staticmethod
    def _trick_of(leader: int, cards: Sequence[int], active: int) -> tuple[tuple[int, Card], ...]:
        out = []
        s = leader
        for c in cards:
            out.append((s, Card.from_id(c)))
            s = (s + 1) % 4
            while not active >> s & 1:
                s = (s + 1) % 4
        return tuple(out)

    def clone(self) -> EuchreGame:
        """An independent copy."""
        new = EuchreGame.__new__(EuchreGame)
        for name in EuchreGame.__slots__:
            setattr(new, name, getattr(self, name))
        new._history = list(self._history)
        new._marks = list(self._marks)
        new._scores = list(self._scores)
        new._hands = list(self._hands)
        new._bids = list(self._bids)
        new._alone = list(self._alone)
        new._asks = list(self._asks)
        new._won = list(self._won)
        new._free = list(self._free)
        if self._play is not None:
            new._play = self._play.copy()
        return new

    __copy__ = clone

    def undo(self) -> None:
        """Take back the last ``apply`` (and the chance outcomes drawn after it). Replays
        the history up to that point (a few dozen steps)."""
        if not self._marks:
            raise IllegalActionError("nothing to undo")
        keep = self._marks[-1]
        marks = self._marks[:-1]
        auto = self._auto
        old = EuchreGame.replay(self._history[:keep], self.rules, seed=self.seed)
        for name in EuchreGame.__slots__:
            setattr(self, name, getattr(old, name))
        self._auto = auto
        self._marks = marks

    @classmethod
    def replay(
        cls,
        history: Iterable[EuchreAction | int | str],
        rules: EuchreRules | None = None,
        *,
        seed: int = 0,
        auto_chance: bool = False,
    ) -> EuchreGame:
        """The game reached by applying ``history`` (records, ids or texts) to a new game
        with these rules; chance outcomes are taken from the history (``auto_chance``
        draws those due after its end from the seed)."""
        game = cls(rules, seed=seed, auto_chance=False)
        for k, a in enumerate(history):
            try:
                game._step_checked(a)
            except IllegalActionError as e:
                raise IllegalActionError(f"history record {k} ({a}): {e}") from None
        game._auto = auto_chance
        if auto_chance and game._to_act == CHANCE:
            game._run_chance()
        return game

    def _step_checked(self, a: Any) -> None:
        if isinstance(a, EuchreAction):
            if self.action_from_id_or_none(a.id) != a:
                raise IllegalActionError(f"{a} is not legal in phase {self._phase.value}")
            i = a.id
        elif isinstance(a, str):
            i = self._resolve(a)
        else:
            i = a
        if i not in self.legal_action_ids():
            raise IllegalActionError(self._why(i))
        self._marks.append(len(self._history))
        self._step(i)
