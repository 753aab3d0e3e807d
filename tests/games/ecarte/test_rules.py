"""Rules: frozen, validated, presets reproducing each seed, evolve."""

from __future__ import annotations

import pickle

import attrs
import pytest

import ecarte
from ecarte import PRESETS, Rules, RulesError
from ecarte._seal import SEALED


def test_defaults_are_the_classic_club_game() -> None:
    rules = Rules()
    assert rules == Rules.classic() == PRESETS["classic"]
    assert rules.rank_order is ecarte.RankOrder.KING_HIGH
    assert rules.first_dealer is ecarte.FirstDealer.HIGHER_CUT
    assert rules.deal_pattern is ecarte.DealPattern.DEALERS_CHOICE
    assert (rules.elder_min_discard, rules.dealer_min_discard) == (1, 0)
    assert rules.refusal_penalty_to is ecarte.PenaltyBeneficiary.ELDER
    assert rules.penalty_first_refusal_only is True
    assert rules.vole_under_penalty == 2
    assert rules.must_overtake is True and rules.must_trump is True
    assert rules.king_announcement is ecarte.KingAnnouncement.OPTIONAL
    assert rules.target == 5
    assert rules.games_to_win == 2
    assert rules.game_values is False


def test_rules_are_frozen() -> None:
    rules = Rules()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.target = 7  # type: ignore[misc]
    assert rules.target == 5
    assert hash(rules) == hash(Rules())


def test_rules_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        Rules(ecarte.RankOrder.ACE_HIGH)  # type: ignore[misc]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("target", 0),
        ("target", -3),
        ("target", "5"),
        ("target", True),
        ("target", 5.0),
        ("elder_min_discard", 6),
        ("elder_min_discard", -1),
        ("dealer_min_discard", 6),
        ("vole_under_penalty", 1),
        ("vole_under_penalty", 4),
        ("games_to_win", 0),
        ("rank_order", "ace-high"),
        ("first_dealer", None),
        ("deal_pattern", 3),
        ("refusal_penalty_to", "elder"),
        ("penalty_first_refusal_only", 1),
        ("must_overtake", "yes"),
        ("must_trump", None),
        ("king_announcement", "optional"),
        ("game_values", 0),
    ],
)
def test_validation_names_the_field(field: str, value: object) -> None:
    with pytest.raises(RulesError, match=f"^{field}:") as info:
        Rules(**{field: value})
    assert isinstance(info.value, ValueError)
    with pytest.raises(RulesError, match=f"^{field}:"):
        Rules().evolve(**{field: value})


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("target", 1),
        ("target", 11),
        ("elder_min_discard", 0),
        ("elder_min_discard", 5),
        ("dealer_min_discard", 5),
        ("vole_under_penalty", 3),
        ("games_to_win", 1),
    ],
)
def test_boundary_values_are_accepted(field: str, value: int) -> None:
    assert getattr(Rules(**{field: value}), field) == value


def test_evolve_changes_only_what_is_asked() -> None:
    base = Rules()
    quick = base.evolve(target=3)
    assert quick.target == 3 and base.target == 5
    assert attrs.evolve(quick, target=5) == base
    assert quick != base
    napoleon = Rules.preset("spanish").evolve(target=11)
    assert napoleon.first_dealer is ecarte.FirstDealer.LOWER_CUT and napoleon.target == 11


def test_evolve_makes_the_rules_the_constructor_makes() -> None:
    spanish = Rules.preset("spanish")
    changed = spanish.evolve(target=3, must_trump=False)
    made = attrs.evolve(spanish, target=3, must_trump=False)
    assert changed == made and hash(changed) == hash(made)
    assert attrs.asdict(changed) == attrs.asdict(made)
    assert pickle.loads(pickle.dumps(changed)) == changed
    if SEALED:  # as read-only as the rules the constructor makes
        with pytest.raises(AttributeError):
            object.__setattr__(changed, "target", 0)
    with pytest.raises(TypeError, match="'targt'"):
        spanish.evolve(targt=3)
    with pytest.raises(RulesError, match=r"^games_to_win:"):  # every change checked
        spanish.evolve(target=3, games_to_win=0)
    assert spanish.evolve() == spanish
    # rules evolved before are given again, but a value equal to a good one is checked
    assert spanish.evolve(target=1) is spanish.evolve(target=1)
    for bad in (True, 1.0, [1]):
        with pytest.raises(RulesError, match=r"^target:"):
            spanish.evolve(target=bad)


def test_unknown_preset() -> None:
    with pytest.raises(RulesError, match="'belote'") as info:
        Rules.preset("belote")
    for name in PRESETS:
        assert name in str(info.value)


def test_preset_names() -> None:
    assert set(PRESETS) == {"classic", "spanish", "portuguese", "swedish", "brazilian"}
    for name, rules in PRESETS.items():
        assert Rules.preset(name) == rules


def _differences(rules: Rules) -> dict[str, object]:
    base = Rules()
    return {
        a.name: getattr(rules, a.name)
        for a in attrs.fields(Rules)
        if getattr(rules, a.name) != getattr(base, a.name)
    }


def test_spanish_preset_seed_000() -> None:
    # "la carta más baja (7) reparte"; the dealer "debe intercambiar al menos
    # 1"; a refusal is punished like playing without proposing, to the
    # dealer's benefit, on every refusal; le vole under the bonus is 3; the king of
    # trumps is announced before the first lead.
    assert _differences(Rules.preset("spanish")) == {
        "king_announcement": ecarte.KingAnnouncement.FIRST_LEAD,
        "first_dealer": ecarte.FirstDealer.LOWER_CUT,
        "dealer_min_discard": 1,
        "refusal_penalty_to": ecarte.PenaltyBeneficiary.DEALER,
        "penalty_first_refusal_only": False,
        "vole_under_penalty": 3,
    }


def test_portuguese_preset_seed_001() -> None:
    # Seed 001 spells the classic game out: higher cut deals, 1-5 then 0-5
    # discards, only the first refusal penalised, "2, não 3" with a vole; the king is
    # announced after the exchanges, before play.
    assert _differences(Rules.preset("portuguese")) == {
        "king_announcement": ecarte.KingAnnouncement.FIRST_LEAD,
    }


def test_swedish_preset_seed_002() -> None:
    # "valfritt antal kort"; "nekar givaren ett byte" (any refusal) costs 2.
    assert _differences(Rules.preset("swedish")) == {
        "elder_min_discard": 0,
        "penalty_first_refusal_only": False,
        "king_announcement": ecarte.KingAnnouncement.FIRST_LEAD,
    }
    assert Rules.preset("swedish").refusal_penalty_to is ecarte.PenaltyBeneficiary.ELDER


def test_brazilian_preset_seed_003() -> None:
    # "A carta mais alta é o Ás"; "primeiro três e depois duas, alternando";
    # follow suit, trump when void, no obligation to overtake; "Se tiver o Rei de trunfo,
    # deve anunciá-lo antes da primeira jogada" (compulsory: scored when play starts);
    # "um ponto por três ou quatro vazas feitas e 2 pontos por cinco vazas" (no penalty).
    assert _differences(Rules.preset("brazilian")) == {
        "rank_order": ecarte.RankOrder.ACE_HIGH,
        "deal_pattern": ecarte.DealPattern.ALTERNATE,
        "must_overtake": False,
        "king_announcement": ecarte.KingAnnouncement.AUTOMATIC,
        "penalties": False,
    }
    rules = Rules.preset("brazilian")
    assert rules.must_trump is True and rules.elder_min_discard == 1


@pytest.mark.parametrize(
    ("game_values", "loser_points", "value"),
    [
        (False, 0, 1),
        (False, 4, 1),
        (True, 0, 3),
        (True, 1, 2),
        (True, 2, 2),
        (True, 3, 1),
        (True, 4, 1),
    ],
)
def test_game_value(game_values: bool, loser_points: int, value: int) -> None:
    assert Rules(game_values=game_values).game_value(loser_points) == value
