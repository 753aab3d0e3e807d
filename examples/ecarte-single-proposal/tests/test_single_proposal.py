from __future__ import annotations

import pytest
from ecarte_single_proposal import SingleProposal

from ecarte import Accept, Discard, Game, IllegalActionError, Phase, PlayHand, Propose
from ecarte.players import RandomPlayer, play_match


def _first_exchange(game: Game) -> None:
    if game.phase is Phase.PACKETS:
        game.apply(game.legal_actions()[0])
    game.apply(Propose())
    game.apply(Accept())
    for _ in range(2):  # elder, then dealer, discard one card each
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Discard)))


def test_a_second_proposal_is_not_offered_nor_allowed() -> None:
    game = Game(plugins=[SingleProposal()], seed=1)
    _first_exchange(game)
    assert game.phase is Phase.PROPOSE
    assert game.legal_actions() == (PlayHand(),)
    with pytest.raises(IllegalActionError, match="one proposal per hand"):
        game.apply(Propose())


def test_classic_games_may_propose_again() -> None:
    game = Game(seed=1)
    _first_exchange(game)
    assert Propose() in game.legal_actions()


def test_by_name_through_its_entry_point() -> None:
    game = Game(variant="single-proposal", seed=2)
    assert "single-proposal" in game.plugin_names
    play_match(game, {0: RandomPlayer(seed=0), 1: RandomPlayer(seed=1)})
    assert game.is_over


def test_a_whole_match_never_sees_two_proposals_in_a_hand() -> None:
    game = Game(variant="single-proposal", seed=3)
    proposals = 0
    players = {0: RandomPlayer(seed=3), 1: RandomPlayer(seed=4)}
    while not game.is_over:
        hand = game.hand_number
        seat = game.to_act
        action = players[seat].choose(game.observation(seat), game.legal_actions())
        if isinstance(action, Propose):
            proposals += 1
        game.apply(action)
        if game.hand_number != hand:
            assert proposals <= 1
            proposals = 0
