"""The options of Euchre (docs/rules.md section 3), each named, and their presets."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, TypeVar

from attrs import evolve, field, frozen

from ecarte import RulesError
from ecarte._errors import shown

E = TypeVar("E", bound=enum.Enum)

__all__ = ["PRESETS", "DealOrder", "EuchreRules", "Lead", "LoneDefenderScoring"]


class Lead(enum.Enum):
    """Who leads the first trick."""

    LEFT_OF_DEALER = "left-of-dealer"
    """The first active player left of the dealer (North American rules, OpenSpiel)."""
    LEFT_OF_LONE = "left-of-lone"
    """The Spanish Euchre source (docs/rules.md section 5): the player left of a lone
    player; when both sides go alone, the lone defender; with nobody alone, left of the
    dealer."""


class LoneDefenderScoring(enum.Enum):
    """What a lone defender earns when the makers are euchred."""

    BY_TRICKS = "by-tricks"
    """The Spanish Euchre source: 2 points for 3 or 4 tricks, 4 for all five."""
    FOUR = "four"
    """OpenSpiel: 4 points for any euchre against a lone defender."""


class DealOrder(enum.Enum):
    """In which order the 20 cards reach the hands (the chance outcomes draw cards one by
    one either way; the order decides who receives the i-th)."""

    PACKETS = "packets"
    """From the dealer's left, packets of 3-2-3-2 then 2-3-2-3 (docs/rules.md section 3)."""
    ONE_BY_ONE = "one-by-one"
    """OpenSpiel: the i-th card to seat ``(dealer + i) % 4``."""


def _bool(name: str) -> Callable[[Any, Any, Any], None]:
    def check(_: object, attribute: object, value: object) -> None:
        if not isinstance(value, bool):
            raise RulesError(f"{name} must be a bool, not {value!r}")

    return check


def _choice(name: str, default: E) -> Any:
    """The field ``name`` holding a member of ``default``'s enum (``default`` unless
    given): the member or its value, else :class:`RulesError` naming the field and the
    values."""
    cls = type(default)

    def convert(value: object) -> E:
        try:
            return cls(value)
        except ValueError:
            names = ", ".join(repr(m.value) for m in cls)
            raise RulesError(f"{name} must be one of {names}, not {shown(value)}") from None

    return field(default=default, converter=convert)


def _target(_: object, attribute: object, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
        raise RulesError(f"target must be an int 0..1000 (0: a single deal), not {value!r}")


def _deck(_: object, attribute: object, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value not in (24, 25, 32):
        raise RulesError(f"deck must be 24, 25 or 32 cards, not {value!r}")


@frozen(kw_only=True, cache_hash=True)
class EuchreRules:
    """The rule options of one Euchre game. Use a preset (:meth:`standard`, :meth:`seed`,
    :meth:`openspiel`) and :func:`attrs.evolve` for changes. Rules are immutable, so a
    preset is made once and the same object returned on every call.

    >>> EuchreRules.openspiel().target, EuchreRules.standard().target
    (0, 10)
    >>> EuchreRules(target=True)
    Traceback (most recent call last):
    ...
    ecarte._errors.RulesError: target must be an int 0..1000 (0: a single deal), not True
    """

    stick_the_dealer: bool = field(default=False, validator=_bool("stick_the_dealer"))
    """When all pass twice, the dealer must name a suit (else the deal is void)."""
    dealer_may_decline: bool = field(default=False, validator=_bool("dealer_may_decline"))
    """The Spanish Euchre source: when another player orders up the turned card, the
    dealer may decline to take it (the suit is trumps all the same)."""
    allow_lone_defender: bool = field(default=False, validator=_bool("allow_lone_defender"))
    """A defender may go alone (asked after the maker, from the dealer's left)."""
    anyone_alone: bool = field(default=False, validator=_bool("anyone_alone"))
    """The Spanish Euchre source: anyone may go alone once trumps are made ("Cualquiera
    puede anunciar que jugará solo"), one player a side at most. The maker is asked
    first, then the maker's partner if the maker stays (a lone partner plays as the maker
    and the maker sits out), then the defenders in turn from the maker's left. Needs
    ``allow_lone_defender`` (anyone includes the defenders)."""
    lone_defender_scoring: LoneDefenderScoring = _choice(
        "lone_defender_scoring", LoneDefenderScoring.BY_TRICKS
    )
    lead: Lead = _choice("lead", Lead.LEFT_OF_DEALER)
    deal_order: DealOrder = _choice("deal_order", DealOrder.PACKETS)
    dealer_may_discard_upcard: bool = field(
        default=True, validator=_bool("dealer_may_discard_upcard")
    )
    """The dealer who takes the turned card may discard it again (OpenSpiel: no, the
    discard is one of the five cards dealt)."""
    deck: int = field(default=24, validator=_deck)
    """Cards in the pack: 24 (9 to ace), 32 (seven to ace) or 25 (the 24 and a joker, the
    highest trump; a turned-up joker makes the dealer name trumps and take it up). Seed
    004 names all three; its rules are for 24."""
    target: int = field(default=10, validator=_target)
    """Points that win the game; 0 plays a single deal (OpenSpiel), whose returns are
    the deal's points (+ for the side that scored, - for the other)."""

    @staticmethod
    def standard() -> EuchreRules:
        """North American Euchre as docs/rules.md section 3: redeal when all pass, game to 10."""
        return _STANDARD

    @staticmethod
    def seed() -> EuchreRules:
        """The rules of the Spanish Euchre source (docs/rules.md section 5): the dealer
        may decline an ordered card, anyone may go alone (the maker's partner and a
        defender too; a lone defender scores 2 points for 3-4 tricks, 4 for all five), the
        player left of a lone player leads."""
        return _SEED

    @staticmethod
    def _seed() -> EuchreRules:
        return EuchreRules(
            dealer_may_decline=True,
            allow_lone_defender=True,
            anyone_alone=True,
            lone_defender_scoring=LoneDefenderScoring.BY_TRICKS,
            lead=Lead.LEFT_OF_LONE,
        )

    @staticmethod
    def openspiel(
        *, allow_lone_defender: bool = False, stick_the_dealer: bool = True
    ) -> EuchreRules:
        """Exactly OpenSpiel 2.0.2's ``euchre`` with the same two parameters: one deal,
        cards dealt one by one, the dealer discards one of the five cards dealt, the first
        active player left of the dealer leads, euchred makers lose 4 against a lone
        defender."""
        preset = _OPENSPIEL.get((allow_lone_defender, stick_the_dealer))
        if preset is not None and type(allow_lone_defender) is type(stick_the_dealer) is bool:
            return preset  # (1 == True: only real bools get the preset, others are checked)
        return EuchreRules._openspiel(allow_lone_defender, stick_the_dealer)

    @staticmethod
    def _openspiel(allow_lone_defender: bool, stick_the_dealer: bool) -> EuchreRules:
        return EuchreRules(
            stick_the_dealer=stick_the_dealer,
            allow_lone_defender=allow_lone_defender,
            lone_defender_scoring=LoneDefenderScoring.FOUR,
            lead=Lead.LEFT_OF_DEALER,
            deal_order=DealOrder.ONE_BY_ONE,
            dealer_may_discard_upcard=False,
            target=0,
        )

    @property
    def is_openspiel(self) -> bool:
        """True when these rules are one of the :meth:`openspiel` presets (then action ids
        are OpenSpiel's, 31 of them)."""
        return self == EuchreRules.openspiel(
            allow_lone_defender=self.allow_lone_defender,
            stick_the_dealer=self.stick_the_dealer,
        )

    def __attrs_post_init__(self) -> None:
        if self.anyone_alone and not self.allow_lone_defender:
            raise RulesError(
                "anyone_alone needs allow_lone_defender=True (anyone includes the defenders)"
            )

    def with_options(self, **changes: object) -> EuchreRules:
        """A copy with some options changed (:func:`attrs.evolve`)."""
        return evolve(self, **changes)  # type: ignore[arg-type]


_STANDARD = EuchreRules()
_SEED = EuchreRules._seed()
_OPENSPIEL = {
    (lone, stick): EuchreRules._openspiel(lone, stick)
    for lone in (False, True)
    for stick in (False, True)
}


PRESETS = {
    "standard": EuchreRules.standard,
    "seed": EuchreRules.seed,
    "openspiel": EuchreRules.openspiel,
}
"""The presets by name."""
