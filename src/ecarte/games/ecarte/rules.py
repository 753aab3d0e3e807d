"""The rules of a game: every option of docs/rules.md section 2, with named presets.

>>> Rules.classic().target
5
>>> Rules.preset("brazilian").rank_order
<RankOrder.ACE_HIGH: 'ace-high'>
>>> Rules(target=0)
Traceback (most recent call last):
...
ecarte._errors.RulesError: target: must be at least 1, got 0
"""

from __future__ import annotations

import enum
import inspect
import operator
from typing import Any

import attrs
from attrs import field, frozen

from ecarte import _seal
from ecarte._cards import Rank
from ecarte._core._pure.tricks import MUST_OVERTAKE, MUST_TRUMP
from ecarte._errors import ArgumentTypeError, RulesError, shown

from ._pure_rules import RANGES, HandRules

__all__ = [
    "DealPattern",
    "FirstDealer",
    "KingAnnouncement",
    "PenaltyBeneficiary",
    "RankOrder",
    "Rules",
]


class RankOrder(enum.Enum):
    """How ranks compare within a suit (trumps included)."""

    KING_HIGH = "king-high"
    """K Q J A 10 9 8 7: the classic order."""
    ACE_HIGH = "ace-high"
    """A K Q J 10 9 8 7 (the Brazilian rules)."""

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks of the piquet deck, highest first."""
        return _ORDERS[self]


_ORDERS = {
    RankOrder.KING_HIGH: (
        Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN
    ),
    RankOrder.ACE_HIGH: (
        Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN
    ),
}  # fmt: skip


class FirstDealer(enum.Enum):
    """Who deals first after the cut."""

    HIGHER_CUT = "higher"
    LOWER_CUT = "lower"


class DealPattern(enum.Enum):
    """How the five cards are dealt in packets."""

    DEALERS_CHOICE = "dealers-choice"
    """The dealer picks 3-2 or 2-3 at the first deal of a game and keeps it."""
    ALTERNATE = "alternate"
    """3-2 at the first deal of the match, then 2-3, 3-2, ... at every deal,
    continuing across the games of a match (the Brazilian rules): a game does not restart
    the alternation (odd hands of the match are dealt 3-2, even hands 2-3)."""


class PenaltyBeneficiary(enum.Enum):
    """Who profits when the dealer refused a proposal."""

    ELDER = "elder"
    """The dealer refused: if the dealer then loses the point, the elder scores 2."""
    DEALER = "dealer"
    """As if the elder had played alone: if the elder loses the point, the dealer scores 2."""


class KingAnnouncement(enum.Enum):
    """How the king of trumps held in hand is scored."""

    OPTIONAL = "optional"
    """Only when announced by its holder before (or with) their first card."""
    FIRST_LEAD = "first-lead"
    """Only when announced by its holder before the first lead of the hand, for both players
    (the Spanish and Swedish guides, and the European Portuguese guide's "after the
    exchanges, before play"): when play starts the dealer announces or lets play begin
    (``king`` or ``play-hand``), then the elder announces or leads. Once a card is played
    nobody may announce."""
    AUTOMATIC = "automatic"
    """Scored for its holder when play starts: the compulsory announcement of the Brazilian rules
    ("deve anunciá-lo antes da primeira jogada"), and a convenience for simulations."""


def _at_least(low: int, high: int | None = None) -> Any:
    def check(inst: object, att: attrs.Attribute[int], value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"{att.name}: must be an int, got {value!r}")
        if value < low:
            raise RulesError(f"{att.name}: must be at least {low}, got {value}")
        if high is not None and value > high:
            raise RulesError(f"{att.name}: must be at most {high}, got {value}")

    return check


def _is(kind: type) -> Any:
    def check(inst: object, att: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, kind):
            raise RulesError(f"{att.name}: must be a {kind.__name__}, got {value!r}")

    return check


def _option(default: Any, label: str, bounds: tuple[int, int | None] | None = None) -> Any:
    """A field of :class:`Rules`: its default, the label the rules table shows
    (``metadata["label"]``) and its check: an int within ``bounds`` (``metadata["bounds"]``,
    inclusive, ``None`` for no upper bound), else the default's type."""
    check = _at_least(*bounds) if bounds is not None else _is(type(default))
    return field(default=default, validator=check, metadata={"label": label, "bounds": bounds})


@frozen(kw_only=True, cache_hash=True)
class Rules:
    """Every rule option; the defaults are the classic club game (docs/rules.md section 1).

    Validation happens on construction: a bad value raises :class:`RulesError`
    naming the field. Use :func:`attrs.evolve` (or :meth:`evolve`) for variations.
    """

    rank_order: RankOrder = _option(RankOrder.KING_HIGH, "rank order (high to low)")
    first_dealer: FirstDealer = _option(FirstDealer.HIGHER_CUT, "first dealer")
    deal_pattern: DealPattern = _option(DealPattern.DEALERS_CHOICE, "packets of the deal")
    elder_min_discard: int = _option(1, "elder discards at least", RANGES["elder_min_discard"])
    dealer_min_discard: int = _option(0, "dealer discards at least", RANGES["dealer_min_discard"])
    refusal_penalty_to: PenaltyBeneficiary = _option(
        PenaltyBeneficiary.ELDER, "a refused proposal's penalty goes to"
    )
    penalty_first_refusal_only: bool = _option(True, "penalty only for the first refusal")
    vole_under_penalty: int = _option(2, "vole under penalty scores", RANGES["vole_penalty"])
    penalties: bool = _option(True, "penalties (playing alone, refusals)")
    """False: no penalty ever falls; a hand scores 1 for 3 or 4 tricks, 2 for the vole
    (the Brazilian rules)."""
    must_overtake: bool = _option(True, "must win the trick if able")
    must_trump: bool = _option(True, "must trump when void in the suit led")
    king_announcement: KingAnnouncement = _option(
        KingAnnouncement.OPTIONAL, "king of trumps held in hand"
    )
    target: int = _option(5, "points to win a game", (1, None))
    games_to_win: int = _option(2, "games to win the match", (1, None))
    """Games needed to win the match: 2 is best of three (the third is "la belle")."""
    game_values: bool = _option(False, "stake values of won games")
    """Stake values: a won game is worth 3 if the loser has 0, 2 if 1 or 2, else 1."""

    @staticmethod
    def classic() -> Rules:
        """The default club rules."""
        return Rules()

    @staticmethod
    def preset(name: str) -> Rules:
        """A named preset; see :data:`PRESETS`."""
        if not isinstance(name, str):
            raise ArgumentTypeError(f"a rules preset is named by a str, not {type(name).__name__}")
        try:
            return PRESETS[name]
        except KeyError:
            raise RulesError(
                f"unknown rules preset {shown(name)}; known: {', '.join(sorted(PRESETS))}"
            ) from None

    def evolve(self, **changes: Any) -> Rules:
        """A copy with some fields changed (each change checked, as ``Rules(...)`` checks
        it)."""
        return _evolve(self, changes)

    def hand_rules(self) -> HandRules:
        """The rules of one hand as the C core's ``ec_hand_rules`` fields: the one mapping
        from these rules to the C rules, which the match machine and the batches share."""
        return HandRules(
            order=tuple(int(rank) for rank in self.rank_order.ranks),
            elder_min_discard=self.elder_min_discard,
            dealer_min_discard=self.dealer_min_discard,
            play_flags=(MUST_OVERTAKE if self.must_overtake else 0)
            | (MUST_TRUMP if self.must_trump else 0),
            penalty_to_dealer=int(self.refusal_penalty_to is PenaltyBeneficiary.DEALER),
            penalty_every_refusal=int(not self.penalty_first_refusal_only),
            vole_penalty=self.vole_under_penalty,
            penalties=int(self.penalties),
        )

    def game_value(self, loser_points: int) -> int:
        """What a won game is worth for stakes, from the loser's points."""
        if not self.game_values:
            return 1
        return 3 if loser_points == 0 else 2 if loser_points <= 2 else 1


_FIELDS: tuple[attrs.Attribute[Any], ...] = attrs.fields(Rules)
_SETTERS = _seal.seal(Rules)  # its slots read-only: a shared preset cannot be rewritten in place
_SIGNATURE = inspect.signature(Rules.__init__)
_INDEX = {a.name: i for i, a in enumerate(_FIELDS)}
_OPTIONS = operator.attrgetter(*_INDEX)
"""The options of a Rules, as a tuple in the fields' order."""


def _init(self: Rules, **options: Any) -> None:
    """``Rules.__init__``: each option given or its default, written through the sealed
    slots' own setters, then every check, in the fields' order."""
    values = [options.pop(a.name, a.default) for a in _FIELDS]
    if options:
        name = next(iter(options))
        raise TypeError(f"Rules.__init__() got an unexpected keyword argument {name!r}")
    for setter, value in zip(_SETTERS, values, strict=True):
        setter(self, value)
    for a, value in zip(_FIELDS, values, strict=True):
        a.validator(self, a, value)  # type: ignore[misc]  # (every field has its check)
    object.__setattr__(self, "_attrs_cached_hash", None)  # (not a rule: the hash, once made)


def _evolve(rules: Rules, changes: dict[str, Any]) -> Rules:
    """``rules.evolve(**changes)``: the options of ``rules`` (checked when it was made)
    copied, the changed ones checked; rules evolved before are given again. A subclass
    goes through :func:`attrs.evolve`."""
    if type(rules) is not Rules:
        return attrs.evolve(rules, **changes)
    key = (rules, *[(n, type(v), v) for n, v in changes.items()])
    try:
        found = _EVOLVED.get(key)
    except Exception:  # a value that cannot be hashed: checked below, not kept
        found, key = None, ()
    if found is not None:
        return found
    values = list(_OPTIONS(rules))
    for name, value in changes.items():
        i = _INDEX.get(name)
        if i is None:
            raise TypeError(f"Rules.__init__() got an unexpected keyword argument {name!r}")
        a = _FIELDS[i]
        a.validator(rules, a, value)  # type: ignore[misc]  # (every field has its check)
        values[i] = value
    new = object.__new__(Rules)
    for setter, value in zip(_SETTERS, values, strict=True):
        setter(new, value)
    object.__setattr__(new, "_attrs_cached_hash", None)
    if key:
        if len(_EVOLVED) >= 1024:
            _EVOLVED.clear()
        _EVOLVED[key] = new
    return new


def checked(rules: Rules) -> Rules:
    """``rules``, once it is known to hold every option, each within its checks: a
    :class:`Rules` made by its constructor or :meth:`~Rules.evolve` does (its options
    were checked then, and its slots are read-only); a subclass's options are checked
    again as it gives them. Rules that cannot give their options (made by ``__new__``
    alone) raise :class:`RulesError`."""
    try:
        options = _OPTIONS(rules)
    except Exception as exc:
        raise RulesError(f"these rules cannot be read: {type(exc).__name__}: {exc}") from exc
    if type(rules) is not Rules or not _seal.SEALED:
        for a, value in zip(_FIELDS, options, strict=True):
            a.validator(rules, a, value)  # type: ignore[misc]  # (every field has its check)
    return rules


_EVOLVED: dict[tuple[Any, ...], Rules] = {}
"""The rules :func:`_evolve` made, by the rules and each change's name, type and value:
the same changes of the same rules give the same rules (a value, never changed), whose
hash is then made once (a variant's game asks for them at each new game)."""


def _rules(options: dict[str, Any]) -> Rules:
    """Rules from their options (pickle)."""
    return Rules(**options)


def _reduce(self: Rules) -> tuple[Any, ...]:
    return (_rules, ({a.name: getattr(self, a.name) for a in _FIELDS},))


_init.__signature__ = _SIGNATURE  # type: ignore[attr-defined]
_init.__doc__ = Rules.__init__.__doc__
type.__setattr__(Rules, "__init__", _init)
type.__setattr__(Rules, "__reduce__", _reduce)


PRESETS: dict[str, Rules] = {
    "classic": Rules(),
    # 000, Spanish: lower cut deals, dealer discards at least one, refusals
    # penalise the elder like playing alone, vole under penalty 3, the king announced
    # before the first lead.
    "spanish": Rules(
        first_dealer=FirstDealer.LOWER_CUT,
        king_announcement=KingAnnouncement.FIRST_LEAD,
        dealer_min_discard=1,
        refusal_penalty_to=PenaltyBeneficiary.DEALER,
        penalty_first_refusal_only=False,
        vole_under_penalty=3,
    ),
    # 001, European Portuguese: the classic rules, spelled out; the king announced after
    # the exchanges, before play.
    "portuguese": Rules(king_announcement=KingAnnouncement.FIRST_LEAD),
    # 002, Swedish: "any number" of cards, every refusal carries the penalty, the king
    # announced before the first lead.
    "swedish": Rules(
        elder_min_discard=0,
        penalty_first_refusal_only=False,
        king_announcement=KingAnnouncement.FIRST_LEAD,
    ),
    # 003, Brazilian Portuguese: ace high, alternating packets, no overtaking, the king
    # announced compulsorily (so scored when play starts), no penalties.
    "brazilian": Rules(
        rank_order=RankOrder.ACE_HIGH,
        deal_pattern=DealPattern.ALTERNATE,
        must_overtake=False,
        king_announcement=KingAnnouncement.AUTOMATIC,
        penalties=False,
    ),
}
"""Named presets: ``classic`` and one per Écarté source (docs/rules.md section 5)."""
