"""The rules of one hand are stated once in C (ec_rules.c), once as its pure twin
(_pure_rules.py), and mapped from ecarte.Rules once (Rules.hand_rules): the match machine
and the batches share all three. The C and the twin agree on every input."""

from __future__ import annotations

import itertools

import pytest
from helpers.machine_driver import cffi_ecarte

from ecarte import Rules, RulesError, batch
from ecarte.games.ecarte._hooks import machine_rules
from ecarte.games.ecarte._pure_hands import HandOptions
from ecarte.games.ecarte._pure_rules import RANGES, HandRules, hand_rules_ok, trick_points


def test_the_c_check_and_the_twin_agree_on_every_range() -> None:
    ffi, lib = cffi_ecarte()
    for name, (lo, hi) in RANGES.items():
        for value in (lo - 1, lo, hi, hi + 1):
            if value < 0:
                continue
            r = HandRules()._replace(**{name: value})
            c = ffi.new("ec_hand_rules *")
            c.order = list(r.order)
            for field in HandRules._fields[1:]:
                setattr(c, field, getattr(r, field))
            assert (lib.ec_hand_rules_check(c) == 0) == hand_rules_ok(r), (name, value)
    bad_order = HandRules(order=(11, 11, 9, 12, 8, 7, 6, 5))
    c = ffi.new("ec_hand_rules *")
    c.order = list(bad_order.order)
    assert lib.ec_hand_rules_check(c) != 0 and not hand_rules_ok(bad_order)


def test_the_c_scoring_and_the_twin_agree_on_every_hand() -> None:
    ffi, lib = cffi_ecarte()
    elder_scores, penalty = ffi.new("int *"), ffi.new("int *")
    for tricks, alone, refusal, to_dealer, vole, penalties in itertools.product(
        range(6), (False, True), (False, True), (0, 1), (2, 3), (0, 1)
    ):
        r = HandRules(penalty_to_dealer=to_dealer, vole_penalty=vole, penalties=penalties)
        c = ffi.new("ec_hand_rules *")
        c.order = list(r.order)
        for field in HandRules._fields[1:]:
            setattr(c, field, getattr(r, field))
        points = lib.ec_trick_points(c, tricks, alone, refusal, elder_scores, penalty)
        twin = trick_points(r, tricks, alone, refusal)
        assert (points, bool(elder_scores[0]), bool(penalty[0])) == twin


@pytest.mark.parametrize(
    ("tricks", "alone", "refusal", "to_dealer", "want"),
    [
        (3, False, False, 0, (1, True, False)),  # the point
        (5, False, False, 0, (2, True, False)),  # the vole
        (2, True, False, 0, (2, False, True)),  # played alone and lost: the dealer scores 2
        (0, True, False, 0, (3, False, True)),  # ... a vole under penalty (vole_penalty 3)
        (4, False, True, 0, (2, True, True)),  # refused, the dealer lost: the elder scores 2
        (1, False, True, 0, (1, False, False)),  # refused, the dealer won: no penalty
        (1, False, True, 1, (2, False, True)),  # penalty to the dealer: the elder lost
    ],
)
def test_the_classic_scoring(
    tricks: int, alone: bool, refusal: bool, to_dealer: int, want: tuple[int, bool, bool]
) -> None:
    r = HandRules(penalty_to_dealer=to_dealer, vole_penalty=3)
    assert trick_points(r, tricks, alone, refusal) == want
    _, elder_scores, _ = want
    unpenalised = (2 if tricks in (0, 5) else 1, elder_scores, False)
    assert trick_points(r._replace(penalties=0), tricks, alone, refusal) == unpenalised


def test_one_mapping_from_rules_serves_the_machine_and_the_batches() -> None:
    for name in ("classic", "spanish", "swedish", "brazilian"):
        rules = Rules.preset(name)
        hand = rules.hand_rules()
        assert hand_rules_ok(hand)
        assert machine_rules(rules, 2)[0] == hand
        assert batch.hand_options(rules).hand_rules() == hand


def test_the_ranges_are_the_same_for_rules_batches_and_the_machine() -> None:
    lo, hi = RANGES["vole_penalty"]
    with pytest.raises(RulesError, match=f"at most {hi}"):
        Rules(vole_under_penalty=hi + 1)
    with pytest.raises(ValueError, match=f"vole_penalty must be an int {lo}..{hi}"):
        HandOptions(vole_penalty=hi + 1).check()
    lo, hi = RANGES["elder_min_discard"]
    with pytest.raises(RulesError, match=f"at most {hi}"):
        Rules(elder_min_discard=hi + 1)
    with pytest.raises(ValueError, match=f"elder_min_discard must be an int {lo}..{hi}"):
        HandOptions(elder_min_discard=hi + 1).check()


def test_the_c_struct_is_the_twins_fields_as_bytes() -> None:
    """The Cython binding copies ``HandRules.c_bytes()`` into ``ec_hand_rules``."""
    ffi, _ = cffi_ecarte()
    fields = HandRules._fields
    assert ffi.sizeof("ec_hand_rules") == len(HandRules().c_bytes()) == 8 + len(fields) - 1
    for i, name in enumerate(fields[1:]):
        assert ffi.offsetof("ec_hand_rules", name) == 8 + i, name
