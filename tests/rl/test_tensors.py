"""Each game's tensors against its observation objects, field by field: every field of the
information state (whose first fields are the observation) decoded from what C wrote and
compared with what ``observation(seat)`` says, for every seat at every decision of random
games under several rules; and no card hidden from a seat in its tensors."""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rl_support import (
    ECARTE_RULES,
    EUCHRE_RULES,
    check_prefix,
    decoded,
    ecarte_expected,
    ecarte_walk,
    euchre_expected,
    euchre_walk,
    piquet,
    tensors,
)

from ecarte.rl import INFO_STATE, OBSERVATION, EcarteSpec, EuchreSpec
from ecarte.rl.tensors import Field, decode, layout

pytestmark = pytest.mark.own_backends  # the compiled RL modules, whatever the live backend


@pytest.mark.parametrize("rules", EUCHRE_RULES, ids=lambda r: f"deck{r.deck}-target{r.target}")
def test_euchre_fields_match_the_observation(rules: object) -> None:
    spec = EuchreSpec(rules)  # type: ignore[arg-type]
    rng = random.Random(5)
    checked = 0
    for seed in (1, 2):
        for game, state in euchre_walk(rules, seed, rng):  # type: ignore[arg-type]
            for seat in range(4):
                obs, info = tensors(state, seat, spec)
                check_prefix(spec, obs, info)
                assert decoded(spec, info) == euchre_expected(game, seat)
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("rules", ECARTE_RULES, ids=lambda r: r.rank_order.value)
def test_ecarte_fields_match_the_observation(rules: object) -> None:
    spec = EcarteSpec(rules)  # type: ignore[arg-type]
    rng = random.Random(6)
    checked = 0
    for game, state, tracker in ecarte_walk(rules, 11, rng):  # type: ignore[arg-type]
        for seat in range(2):
            obs, info = tensors(state, seat, spec)
            check_prefix(spec, obs, info)
            assert decoded(spec, info) == ecarte_expected(game, seat, tracker)
            checked += 1
    assert checked > 20


def _card_slots(spec: object, tensor: np.ndarray, names: set[str]) -> set[int]:  # type: ignore[type-arg]
    """The cards set in the card fields of a tensor."""
    out: set[int] = set()
    for f in _layout(spec):
        if f.name in names:
            block = tensor[f.offset : f.offset + f.size].reshape(f.rows, f.width)
            out |= set(np.nonzero(block)[1].tolist())
    return out


@functools.cache
def _layout(spec: object) -> list[Field]:
    return layout(spec, INFO_STATE)  # type: ignore[arg-type]


EUCHRE_CARDS = {"hand", "upcard", "discard", "trick", "played", "dealt", "play_card"}
ECARTE_CARDS = {"hand", "turnup", "trick", "played", "dealt", "my_discards", "play_card"}


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**40), policy=st.integers(0, 2**20), r=st.integers(0, 4))
def test_no_hidden_card_in_a_euchre_tensor(seed: int, policy: int, r: int) -> None:
    """A seat's tensors hold no card of another hand but those it saw played (or turned
    up, or, for the dealer, its own discard)."""
    rules = EUCHRE_RULES[r].with_options(target=min(EUCHRE_RULES[r].target, 2))
    spec = EuchreSpec(rules)
    for game, state in euchre_walk(rules, seed, random.Random(policy)):
        for seat in range(4):
            _, info = tensors(state, seat, spec)
            seen = _card_slots(spec, info, EUCHRE_CARDS)
            o = game.observation(seat)
            visible = {i for i in range(game.deck) if state.hand_ids(seat) >> i & 1}
            visible |= {game.card_action_id(c) for t in o.tricks for _, c in t}
            visible |= {game.card_action_id(c) for _, c in o.trick}
            if o.upcard is not None:
                visible.add(game.card_action_id(o.upcard))
            if o.discard is not None:
                visible.add(game.card_action_id(o.discard))
            hidden = set()
            for other in range(4):
                if other != seat:
                    hidden |= {i for i in range(game.deck) if state.hand_ids(other) >> i & 1}
            hidden -= visible  # the dealer's taken-up card is in its hand and public
            assert not seen & hidden, (seat, seen & hidden)
            # what it saw played or holds: cards it was dealt are its own
            assert seen <= visible | _card_slots(spec, info, {"dealt"})


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**40), policy=st.integers(0, 2**20), r=st.integers(0, 3))
def test_no_hidden_card_in_an_ecarte_tensor(seed: int, policy: int, r: int) -> None:
    """A seat's tensors hold no card of the opponent's hand, of the stock or of the
    opponent's discards."""
    rules = ECARTE_RULES[r]
    spec = EcarteSpec(rules)
    for game, state, _ in ecarte_walk(rules, seed, random.Random(policy)):
        for seat in range(2):
            _, info = tensors(state, seat, spec)
            seen = _card_slots(spec, info, ECARTE_CARDS)
            opp = 1 - seat
            disc = state.discarded_cards
            dealer = state.dealer
            hidden = {piquet(c) for c in game.hand(opp)}
            hidden |= {(c >> 4) * 8 + (c & 15) - 5 for c in state.stock}
            if dealer != 255:
                opp_pos = 1 if dealer == opp else 0
                m = disc[opp_pos]
                hidden |= {(c >> 4) * 8 + (c & 15) - 5 for c in range(64) if m >> c & 1}
            assert not seen & hidden, (seat, seen & hidden)


@pytest.mark.parametrize("spec", [EcarteSpec(), EuchreSpec()], ids=["ecarte", "euchre"])
def test_layouts_are_contiguous_and_named_once(spec: object) -> None:
    for which in (OBSERVATION, INFO_STATE):
        fields = layout(spec, which)  # type: ignore[arg-type]
        assert len({f.name for f in fields}) == len(fields)
        offset = 0
        for f in fields:
            assert f.offset == offset and f.kind in ("one-hot", "bits")
            offset += f.size
        assert offset == spec.tensor_size(which)  # type: ignore[attr-defined]


def test_a_state_rebuilt_from_a_games_log_has_the_same_tensors() -> None:
    """``from_log`` (the tensors of a Game whose variant answers hooks in Python) gives, on
    a match the C state plays too, the C state's tensors at every decision."""
    import ecarte.games.ecarte._rl as rl

    rules = ECARTE_RULES[0]
    spec = EcarteSpec(rules)
    a = np.zeros(spec.tensor_size(INFO_STATE), np.uint8)
    b = a.copy()
    for game, state, _ in ecarte_walk(rules, 21, random.Random(2)):
        fields, hook_mask = game._config.machine.key
        read = rl.from_log(rl.Rules(fields, hook_mask), 21, True, game._m_log())
        for seat in (0, 1):
            state.write(seat, INFO_STATE, a)
            read.write(seat, INFO_STATE, b)
            assert (a == b).all()
    with pytest.raises(ValueError, match="not a log"):
        rl.from_log(rl.Rules(fields, hook_mask), 21, True, b"\xee\x01")


@pytest.mark.parametrize("delta", [-3, 5])
def test_decode_refuses_a_tensor_of_another_size(delta: int) -> None:
    """A tensor shorter or longer than the layout is not one of it: an error naming both
    sizes (a short one raised IndexError, a long one decoded its head)."""
    spec = EuchreSpec()
    size = spec.tensor_size(OBSERVATION)
    with pytest.raises(ValueError, match=f"{size + delta} values.*{size}"):
        decode(spec, OBSERVATION, np.zeros(size + delta, np.uint8))
