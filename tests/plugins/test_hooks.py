"""One test (at least) per hook: test_hook_<name> for every ecarte_<name>.

test_hookspecs.py checks that this file has one for every hook in the specs.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import (
    FixedDeal,
    HandCounter,
    Recorder,
    answering,
    before_last_card,
    dealt,
    hooked,
    refused,
)

import ecarte
from ecarte import (
    AdviceError,
    CardSet,
    Game,
    IllegalActionError,
    MatchStatus,
    Phase,
    PluginError,
    Rules,
    RulesError,
    SaveFormatError,
    Seats,
    hookimpl,
)
from ecarte.players import RandomPlayer, play_match


def _play_out(game: Game, seed: int = 0) -> Game:
    return play_match(game, {s: RandomPlayer(seed=seed + s) for s in range(game.players)})


def test_hook_configure_rules() -> None:
    class Target:
        @hookimpl
        def ecarte_configure_rules(self, rules: Rules) -> Rules:
            return rules.evolve(target=7)

    class Games:
        @hookimpl
        def ecarte_configure_rules(self, rules: Rules) -> Rules:
            return rules.evolve(games_to_win=1)

    class Nothing:
        @hookimpl
        def ecarte_configure_rules(self) -> None:
            return None

    game = Game("spanish", plugins=[Target(), Games(), Nothing()])
    # a chain: both changes apply, on top of the preset asked for
    assert game.rules == Rules.preset("spanish").evolve(target=7, games_to_win=1)
    assert Game().rules == Rules()


def test_hook_configure_rules_nonsense() -> None:
    plugin = answering("bad-rules", "ecarte_configure_rules", {"target": 3})

    with pytest.raises(PluginError, match=r"'bad-rules'.*ecarte_configure_rules"):
        Game(plugins=[plugin])


class _Crooked(Rules):
    """Rules whose target, as read, is out of its range."""

    __slots__ = ()

    @property  # type: ignore[misc]  # (a hostile override of the field)
    def target(self) -> int:
        return -5


@pytest.mark.parametrize(
    ("made", "why"),
    [
        (lambda: object.__new__(Rules), "cannot be read"),  # never initialised
        (lambda: Rules.__new__(_Crooked), "cannot be read"),
        (_Crooked, "target: must be at least 1, got -5"),
    ],
)
def test_hook_configure_rules_hostile(made: Any, why: str) -> None:
    plugin = answering("crooked", "ecarte_configure_rules", made())

    with pytest.raises(PluginError, match=rf"'crooked'.*ecarte_configure_rules: .*{why}"):
        Game(plugins=[plugin])
    with pytest.raises(RulesError, match=why):  # asked for, the same
        Game(made())


@pytest.mark.parametrize("size", [1, 17, "3", None])
def test_hook_table_size(size: Any) -> None:
    plugin = answering("sizer", "ecarte_table_size", size)

    if size is None:  # no answer: classic's two seats
        assert Game(plugins=[plugin]).players == 2
        return
    with pytest.raises(PluginError, match=r"'sizer'.*ecarte_table_size"):
        Game(plugins=[plugin])


def test_hook_table_size_four() -> None:
    class Four:
        @hookimpl
        def ecarte_table_size(self) -> int:
            return 4

        @hookimpl
        def ecarte_next_game(self) -> Seats:
            return Seats(players=(2, 3), dealer=3)

    game = Game(plugins=[Four()], seed=1)
    assert game.players == 4 and game.game_players == (2, 3) and game.dealer == 3
    _play_out(game)
    assert game.scores[0] == game.scores[1] == 0


def test_hook_next_game() -> None:
    class Fixed:
        @hookimpl
        def ecarte_next_game(self, previous: Any) -> Seats:
            return Seats(players=(1, 0), dealer=0)

    game = _play_out(Game(plugins=[Fixed()], seed=3))
    assert all(g.hands[0].dealer == 0 for g in game.game_results)


def test_hook_next_game_seat_that_does_not_exist() -> None:
    plugin = answering("ghost", "ecarte_next_game", Seats(players=(0, 2), dealer=None))

    with pytest.raises(PluginError, match=r"'ghost', hook ecarte_next_game.*table of 2"):
        Game(plugins=[plugin])


def test_hook_next_hand() -> None:
    class SameDealer:
        @hookimpl
        def ecarte_next_hand(self, previous: Any) -> Seats:
            return Seats(players=(0, 1), dealer=previous.dealer)

    game = _play_out(Game(plugins=[SameDealer()], seed=4))
    for result in game.game_results:
        assert len({h.dealer for h in result.hands}) == 1


def test_hook_next_hand_nonsense_leaves_game_unchanged() -> None:
    plugin = answering("ghost-hand", "ecarte_next_hand", Seats(players=(0, 5), dealer=5))

    game = Game(plugins=[plugin], seed=5)
    before_last_card(game)  # the last card scores the hand, then asks for the next seats
    assert max(game.scores) == 0
    with refused(game, PluginError, r"'ghost-hand', hook ecarte_next_hand"):
        game.apply(game.legal_actions()[0])


def test_hook_cut() -> None:
    class YoungestDeals:  # seat 1 always deals, whatever the cut
        @hookimpl
        def ecarte_cut(self, players: tuple[int, int]) -> Seats:
            return Seats(players=players, dealer=1)

    for cut in ("K♠ 7♥", "7♠ K♥", "Q♠ Q♥"):
        game = Game(plugins=[YoungestDeals()], auto_chance=False)
        game.apply(ecarte.Cut(cut))
        assert game.dealer == 1


def test_hook_cut_nonsense_leaves_game_unchanged() -> None:
    plugin = answering("stranger", "ecarte_cut", Seats(players=(0, 1), dealer=7))

    game = Game(plugins=[plugin], auto_chance=False)
    with refused(game, PluginError, r"'stranger', hook ecarte_cut"):
        game.apply(ecarte.Cut("K♠ 7♥"))


def test_hook_deal_packets() -> None:
    class AlwaysTwoThree:
        @hookimpl
        def ecarte_deal_packets(self) -> tuple[int, int]:
            return (2, 3)

    game = Game(plugins=[AlwaysTwoThree()], seed=3)
    for _ in range(60):
        assert game.phase is not Phase.PACKETS  # nobody is asked to choose
        if game.is_over:
            break
        game.apply(game.legal_actions()[0])
    assert all("deals 2-3" in line for line in game.log if " deals " in line)


def test_hook_deal_packets_nonsense_is_a_plugin_error() -> None:
    plugin = answering("four-one", "ecarte_deal_packets", (4, 1))

    with pytest.raises(PluginError, match=r"'four-one', hook ecarte_deal_packets"):
        Game(plugins=[plugin], seed=3)


def test_hook_deal() -> None:
    deal = FixedDeal(elder="7♠ 8♠ 9♠ 10♠ 7♥", dealer="K♥ Q♥ J♥ A♥ 10♥", turnup="7♦")
    game = dealt(Game(plugins=[deal], seed=1))
    assert game.hand(game.elder) == deal.elder
    assert game.hand(game.dealer) == deal.dealer
    assert str(game.turnup) == "7♦" and game.stock_size == 21


def test_hook_deal_illegal_deal_leaves_game_unchanged() -> None:
    from ecarte import DealtHands

    class Cheat:
        NAME = "cheat"

        @hookimpl
        def ecarte_deal(self, deck: Any, dealer: int, elder: int) -> DealtHands:
            both = deck[0:5]  # the same five cards to each player

            return DealtHands(
                hands={elder: CardSet.of(both), dealer: CardSet.of(both)},
                turnup=deck[5],
                stock=tuple(deck[6:]),
            )

    game = Game(plugins=[Cheat()], seed=2, auto_chance=False)
    while game.phase is Phase.CUT:
        game.apply_chance()
    dealt(game)
    with refused(game, PluginError, r"'cheat', hook ecarte_deal: the hands share a card"):
        game.apply_chance()
    from ecarte import PIQUET_DECK

    with refused(game, PluginError):
        game.apply(ecarte.Deal(tuple(PIQUET_DECK)))


def test_hook_exchange_allowed() -> None:
    class NoProposals:
        @hookimpl
        def ecarte_exchange_allowed(self, action: Any) -> bool | None:
            return False if isinstance(action, ecarte.Propose) else None

    game = dealt(Game(plugins=[NoProposals()], seed=1))
    assert game.legal_actions() == (ecarte.PlayHand(),)
    with pytest.raises(IllegalActionError, match="propose"):
        game.apply(ecarte.Propose())


def test_a_forbidden_exchange_names_the_variant_that_forbids_it() -> None:
    class NoProposals:
        NAME = "no-proposals"

        @hookimpl
        def ecarte_exchange_allowed(self, action: Any) -> bool | None:
            return False if isinstance(action, ecarte.Propose) else None

    game = dealt(Game(plugins=[NoProposals()], seed=1))
    assert game.stock_size == 21
    with refused(game, IllegalActionError, r"^propose: variant 'no-proposals' forbids it$"):
        game.apply(ecarte.Propose())


def test_hook_exchange_allowed_forbidding_everything() -> None:
    class Nothing:
        @hookimpl
        def ecarte_exchange_allowed(self) -> bool:
            return False

    # The machine asks when the elder is to propose, so the action that leads there (the
    # deal, here after the packets) raises, and is rolled back.
    game = Game(plugins=[Nothing()], seed=1)
    assert game.phase is Phase.PACKETS
    history = game.history
    with pytest.raises(PluginError, match="'Nothing', hook ecarte_exchange_allowed: forbids"):
        dealt(game)
    assert game.phase is Phase.PACKETS and game.history == history


def test_hook_exchange_allowed_past_the_most_exchanges_a_hand_holds() -> None:
    class Endless:  # proposals allowed whatever the stock, exchanges of no card
        NAME = "endless"

        @hookimpl
        def ecarte_exchange_allowed(self) -> bool:
            return True

        @hookimpl
        def ecarte_discard_limits(self) -> tuple[int, int]:
            return (0, 0)

    game = dealt(Game(plugins=[Endless()], seed=1))
    for _ in range(23):  # the first 23 exchanges of the hand
        for action in ("propose", "accept", "discard", "discard"):
            game.apply(action)
    for action in ("propose", "accept", "discard"):
        game.apply(action)
    assert len(game.exchanges) == 47
    with refused(
        game,
        PluginError,
        r"^plugin 'endless', hook ecarte_exchange_allowed: allows a proposal after 24 "
        r"exchanges in a hand, the most a hand holds",
    ):
        game.apply("discard")


class TwoOrThree:
    """A variant whose discards are two or three cards."""

    NAME = "two-or-three"

    @hookimpl
    def ecarte_discard_limits(self) -> tuple[int, int]:
        return (2, 3)


def _exchanging(plugin: object) -> Game:
    """A game of ``plugin`` at the elder's discard (a proposal accepted)."""
    game = dealt(Game(plugins=[plugin], seed=1))
    game.apply(ecarte.Propose())
    game.apply(ecarte.Accept())
    return game


def test_hook_discard_limits() -> None:
    game = _exchanging(TwoOrThree())
    sizes = {len(a.cards) for a in game.legal_actions() if isinstance(a, ecarte.Discard)}
    assert sizes == {2, 3}
    with pytest.raises(IllegalActionError, match="at least 2"):
        game.apply(ecarte.Discard(_one(game)))


def test_a_discard_out_of_a_variants_limits_names_the_variant() -> None:
    game = _exchanging(TwoOrThree())
    four = ecarte.Discard(CardSet.of(list(game.hand(game.to_act))[:4]))
    with refused(game, IllegalActionError, r"at most 3 now \(variant 'two-or-three'; the stock"):
        game.apply(four)
    with refused(game, IllegalActionError, r"at least 2 \(variant 'two-or-three'\)$"):
        game.apply(ecarte.Discard(_one(game)))


def _one(game: Game) -> Any:

    return CardSet.of([next(iter(game.hand(game.to_act)))])


@pytest.mark.parametrize("limits", [(4, 2), (0, 6), (-1, 3), [1, 5], "1-5"])
def test_hook_discard_limits_nonsense(limits: Any) -> None:
    plugin = answering("bad-limits", "ecarte_discard_limits", limits)

    game = dealt(Game(plugins=[plugin], seed=1))
    game.apply(ecarte.Propose())
    # the machine asks when the elder is to discard: the acceptance raises, rolled back
    with refused(game, PluginError, r"'bad-limits', hook ecarte_discard_limits", legal=False):
        game.apply(ecarte.Accept())
    with refused(game, PluginError, r"'bad-limits', hook ecarte_discard_limits", legal=False):
        game.apply(ecarte.Accept())  # again: nothing of the failed step was kept


def test_hook_validate_action() -> None:
    seen: list[Any] = []

    class NoRefusals:
        NAME = "no-refusals"

        @hookimpl
        def ecarte_validate_action(self, action: Any) -> str | None:
            seen.append(action)
            return "this club never refuses" if isinstance(action, ecarte.Refuse) else None

    game = dealt(Game(plugins=[NoRefusals()], seed=1))
    game.apply(ecarte.Propose())
    with refused(game, IllegalActionError, r"never refuses.*'no-refusals'"):
        game.apply(ecarte.Refuse())
    _play_out(game)
    assert seen and not any(isinstance(a, ecarte.Play) for a in seen)  # never per card


def test_hook_king_points() -> None:
    class ThreeForTheKing:
        @hookimpl
        def ecarte_king_points(self, turned_up: bool) -> int:
            return 3 if turned_up else 2

    deal = FixedDeal(elder="7♠ 8♠ 9♠ 10♠ 7♥", dealer="Q♥ J♥ A♥ 10♥ 9♥", turnup="K♦")
    game = dealt(Game(plugins=[ThreeForTheKing(), deal], seed=1))
    assert game.scores[game.dealer] == 3


def test_hook_king_points_negative_leaves_game_unchanged() -> None:
    plugin = answering("negative-king", "ecarte_king_points", -1)

    deal = FixedDeal(elder="K♦ 8♠ 9♠ 10♠ 7♥", dealer="Q♥ J♥ A♥ 10♥ 9♥", turnup="7♦")
    game = dealt(Game(plugins=[plugin, deal], seed=1))
    game.apply(ecarte.PlayHand())
    with refused(game, PluginError, r"'negative-king', hook ecarte_king_points: -1"):
        game.apply("king")


def test_hook_score_hand() -> None:
    class Generous:
        @hookimpl
        def ecarte_score_hand(self, outcome: Any) -> dict[int, int]:
            return {outcome.elder: 5}

    game = _play_out(Game(plugins=[Generous()], seed=6))
    for result in game.game_results:
        for hand in result.hands:
            if hand.complete:
                assert hand.points[hand.elder] - hand.kings[hand.elder] == 5


@pytest.mark.parametrize(
    "points", [{0: -2}, {0: 1.5}, {7: 1}, [1, 0], {0: True}, {True: 1}, {1.0: 1}]
)
def test_hook_score_hand_nonsense_leaves_game_unchanged(points: Any) -> None:
    plugin = answering("bad-score", "ecarte_score_hand", points)

    game = Game(plugins=[plugin], seed=7)
    before_last_card(game)
    assert max(game.scores) == 0
    with refused(game, PluginError, r"'bad-score', hook ecarte_score_hand"):
        game.apply(game.legal_actions()[0])


def test_hook_match_status() -> None:
    class OneGame:
        @hookimpl
        def ecarte_match_status(self, games: Any) -> MatchStatus:
            return MatchStatus(over=True, winner=games[-1].winner)

    game = _play_out(Game(plugins=[OneGame()], seed=8))
    assert len(game.game_results) == 1 and game.winner == game.game_results[0].winner


def test_hook_match_status_winner_who_does_not_exist() -> None:
    plugin = answering("ghost-winner", "ecarte_match_status", MatchStatus(over=True, winner=9))

    game = Game(plugins=[plugin], seed=8)
    with pytest.raises(PluginError, match=r"'ghost-winner', hook ecarte_match_status"):
        _play_out(game)
    assert not game.is_over and not game.game_results


def test_hook_game_started() -> None:
    recorder = Recorder()
    game = Game(plugins=[recorder], seed=9)
    assert recorder.calls == [("game_started", {"number": 1, "seats": Seats(players=(0, 1))})]
    clone = game.clone()
    _play_out(clone)
    assert len(recorder.calls) == 1  # clones send no notifications
    _play_out(game)
    started = [kw["number"] for name, kw in recorder.calls if name == "game_started"]
    assert started == list(range(1, len(game.game_results) + 1))


def test_hook_hand_ended() -> None:
    recorder = Recorder()
    game = _play_out(Game(plugins=[recorder], seed=10))
    hands = [kw["result"] for name, kw in recorder.calls if name == "hand_ended"]
    assert hands == [h for g in game.game_results for h in g.hands]
    for hand in hands:
        assert sum(hand.points.values()) >= sum(hand.kings.values())


def test_hook_game_ended() -> None:
    recorder = Recorder()
    game = _play_out(Game(plugins=[recorder], seed=11))
    ended = [kw["result"] for name, kw in recorder.calls if name == "game_ended"]
    assert ended == list(game.game_results)
    names = recorder.names()
    # the end of a game is announced before the next one starts
    for i, name in enumerate(names):
        if name == "game_ended" and i + 1 < len(names) and names[i + 1] != "match_ended":
            assert names[i + 1] == "game_started"


def test_hook_match_ended() -> None:
    recorder = Recorder()
    game = _play_out(Game(plugins=[recorder], seed=12))
    assert recorder.names()[-1] == "match_ended"
    assert recorder.calls[-1][1] == {"winner": game.winner, "games": game.game_results}
    assert recorder.names().count("match_ended") == 1


def test_hook_describe() -> None:
    class Sign:
        NAME = "sign"

        @hookimpl
        def ecarte_describe(self, game: Game, seat: int | None) -> list[str]:
            return [f"game {game.game_number}, seen by {seat}"]

    class Quiet:
        @hookimpl
        def ecarte_describe(self) -> None:
            return None

    game = Game(plugins=[Sign(), Quiet()], seed=3)
    assert game.describe(1) == ("game 1, seen by 1",)
    assert game.describe() == ("game 1, seen by None",)
    assert Game(seed=3).describe(0) == ()
    with pytest.raises(IllegalActionError):
        game.describe(7)

    # a str, not a sequence of lines
    plugin = answering("bad-describe", "ecarte_describe", "one line")

    with pytest.raises(PluginError, match=r"'bad-describe'.*ecarte_describe"):
        Game(plugins=[plugin], seed=3).describe(0)


def test_a_hook_method_without_self_is_refused() -> None:
    """A method whose first argument is named like one of its hook's gets the plugin
    object there, not the game: refused when the game is made."""

    class Selfless:
        NAME = "selfless"

        @hookimpl
        def ecarte_king_points(game, seat, turned_up):  # type: ignore[no-untyped-def]
            return 3

    with pytest.raises(
        PluginError,
        match=r"^plugin 'selfless', hook ecarte_king_points: its first argument, game, would "
        r"be the plugin object",
    ):
        Game(plugins=[Selfless()])

    class Static:
        NAME = "static"

        @staticmethod
        @hookimpl
        def ecarte_king_points(game: Game, seat: int, turned_up: bool) -> int:
            return 3

    assert Game(plugins=[Static()]).plugin_names == ("classic", "static")


def test_a_hook_marked_trylast_where_the_classic_rules_answer_is_refused() -> None:
    """The classic rules are registered trylast and always answer: a variant's answer
    marked trylast too would come after theirs and never be taken."""

    class Late:
        NAME = "late"

        @hookimpl(trylast=True)
        def ecarte_king_points(self) -> int:
            return 3

    with pytest.raises(
        PluginError, match=r"^plugin 'late', hook ecarte_king_points: marked trylast, it "
    ):
        Game(plugins=[Late()])

    class Ordered:
        NAME = "ordered"

        @hookimpl(trylast=True)  # a notification: every implementation is called
        def ecarte_hand_ended(self) -> None:
            return None

        @hookimpl(tryfirst=True)
        def ecarte_king_points(self) -> int:
            return 3

    assert Game(plugins=[Ordered()]).plugin_names == ("classic", "ordered")

    from ecarte.classic import ClassicRules  # every game has them: given again, refused

    with pytest.raises(PluginError, match=r"^plugin 'classic#2' is the classic rules \("):
        Game(plugins=[ClassicRules()])

    class Mine(ClassicRules):
        NAME = "mine"

    with pytest.raises(PluginError, match=r"^plugin 'mine' is the classic rules \(or a subcl"):
        Game(plugins=[Mine])


def test_applying_from_a_hook_that_only_reads_says_the_game_is_read_only() -> None:
    """Between two actions (describing the table, saving) nothing is being applied: the
    refusal says what the hook may do, not that an action is under way."""

    class Mover:
        NAME = "mover"

        @hookimpl
        def ecarte_describe(self, game: Game) -> list[str]:
            game.apply(ecarte.Propose())
            return []

    game = Game(plugins=[Mover()], seed=3)
    n = len(game.history)
    with pytest.raises(PluginError) as caught:
        game.describe(0)
    message = str(caught.value)
    assert message.startswith("plugin 'mover' failed in ecarte_describe: IllegalActionError:")
    assert "apply() from inside a plugin hook: the game may be read there" in message
    assert "applying an action" not in message
    assert len(game.history) == n


def test_hook_adviser() -> None:
    """The first seat backs seat 0 and may advise it; "Zoe" may not; the answers are
    checked, and two plugins answering for the same adviser are an error."""

    class Backer:
        NAME = "backer"

        @hookimpl
        def ecarte_adviser(self, game: Game, adviser: int | str) -> int | str | None:
            if adviser == "Ada":
                return 0
            return "Zoe backs nobody" if adviser == "Zoe" else None

    game = Game(plugins=[Backer()], seed=3)
    while game.to_act != 0:
        game.apply(game.legal_actions()[0])
    assert game.backed_view("Ada").hand == game.hand(0)
    advice = game.advise("Ada", game.legal_actions()[0])
    assert game.observation(0).advice == (advice,) and game.observation(1).advice == ()
    assert game.observation(0).backs is None
    with pytest.raises(AdviceError, match="Zoe backs nobody"):
        game.advise("Zoe", "propose")
    with pytest.raises(AdviceError, match="no variant of this game knows 'Eve'"):
        game.advise("Eve", "propose")
    with pytest.raises(AdviceError, match="no variant of this game knows seat 1"):
        Game(seed=3).advise(1, "propose")

    for bad in (5, 1.0, "", True):  # not a seat of this game's players, nor a reason
        plugin = answering("bad-adviser", "ecarte_adviser", bad)
        with pytest.raises(PluginError, match=r"'bad-adviser', hook ecarte_adviser"):
            Game(plugins=[plugin], seed=3).advise("Ada", "propose")
    twice = [answering(f"backs-{n}", "ecarte_adviser", 0) for n in range(2)]
    with pytest.raises(PluginError, match=r"both answer for 'Ada'"):
        Game(plugins=twice, seed=3).advise("Ada", "propose")


def test_notifications_not_sent_for_rolled_back_steps() -> None:
    recorder = Recorder()

    class FailOnSecondGame:
        NAME = "fail-second"

        @hookimpl
        def ecarte_next_game(self, previous: Any) -> Seats | None:
            return None if previous is None else Seats(players=(0, 0))

    game = Game(plugins=[recorder, FailOnSecondGame()], seed=13)
    with pytest.raises(PluginError, match="'fail-second'"):
        _play_out(game)
    assert "game_ended" not in recorder.names()


def test_legality_hooks_are_asked_once_per_state() -> None:
    """apply() accepts what legal_actions() offered without asking the hooks again;
    an action it did not offer is still checked in full."""
    calls: list[Any] = []

    counting = hooked("ecarte_exchange_allowed", lambda action: calls.append(action))
    game = dealt(Game(plugins=[counting], seed=1))
    assert len(calls) == 2  # asked once when the elder came to propose: propose, play-hand
    offered = game.legal_actions()
    assert offered == (ecarte.Propose(), ecarte.PlayHand())
    game.legal_actions()
    assert len(calls) == 2  # kept for this state
    game.apply(offered[0])
    assert len(calls) == 4  # accepted without asking again; the dealer's two asked once
    game.legal_actions()
    assert len(calls) == 4
    with pytest.raises(IllegalActionError):
        game.apply(ecarte.Discard(_one(game)))  # not offered: checked, and refused
    game.apply(ecarte.Accept())  # equal to an offered action, though not the same object
    assert game.phase is Phase.ELDER_DISCARD


def test_hook_asking_for_legal_actions_mid_step_leaves_no_stale_answer() -> None:
    """A hook may call legal_actions() while the engine is between two states; what it
    got is not kept for the state the step ends in."""
    mid_step: list[Any] = []

    curious = hooked("ecarte_next_hand", lambda game: mid_step.append(game.legal_actions()))
    game = Game(plugins=[curious], seed=2)
    before_last_card(game)
    game.apply(game.legal_actions()[0])
    assert mid_step == [()]  # the hand was over, the next not yet dealt
    assert game.phase in (Phase.PROPOSE, Phase.PACKETS, Phase.OVER)
    assert game.legal_actions() == Game.replay(game.history, seed=2).legal_actions()


class _Counter(HandCounter):
    """Counts the hands it was told of, and the hands a user marked (outside any hook)."""

    NAME = "counter"

    def __init__(self) -> None:
        super().__init__()
        self.marked = 0

    @hookimpl
    def ecarte_save_state(self) -> dict[str, int]:
        return {"hands": self.hands, "marked": self.marked}

    @hookimpl
    def ecarte_restore_state(self, state: Any) -> None:
        if set(state) != {"hands", "marked"}:
            raise ValueError(f"not a counter state: {state!r}")
        self.hands, self.marked = state["hands"], state["marked"]


def _saved(seed: int, marked: int) -> tuple[_Counter, dict[str, Any]]:
    """A counter that saw the first 40 actions of a match (``seed``), then marked
    ``marked``, and the match saved."""
    counter = _Counter()
    game = Game(plugins=[counter], seed=seed)
    for _ in range(40):
        game.apply(game.legal_actions()[0])
    counter.marked = marked
    return counter, game.to_dict()


def test_hook_save_state() -> None:
    counter, saved = _saved(21, 7)
    assert saved["state"] == {"counter": {"hands": counter.hands, "marked": 7}}
    assert saved["plugins"] == [{"name": "counter", "options": None}]  # no save_options()

    plugin = answering("broken", "ecarte_save_state", {"when": (1, 2)})  # a tuple is not JSON

    with pytest.raises(PluginError, match=r"'broken' failed in ecarte_save_state.*not JSON"):
        Game(plugins=[plugin], seed=1).to_dict()


def test_hook_restore_state() -> None:
    counter, saved = _saved(22, 3)
    fresh = _Counter()
    restored = Game.from_dict(saved, plugins=[fresh])
    assert restored.plugin("counter") is fresh
    assert (fresh.hands, fresh.marked) == (counter.hands, 3)  # the replay, then the state
    saved["state"]["counter"] = {"hands": 1}
    with pytest.raises(
        SaveFormatError, match=r"state.counter: plugin 'counter' failed in ecarte_restore_state"
    ):
        Game.from_dict(saved, plugins=[_Counter()])


# ------------------------------------------------------ notifications, undo and vetoes


def _play_until_a_hand_ends(game: Game) -> None:
    hands = len(game.hand_results)
    while len(game.hand_results) == hands and not game.is_over:
        game.apply(game.legal_actions()[0])


def test_undo_refuses_to_take_back_a_notified_hand_end() -> None:
    counter = HandCounter()
    game = Game(seed=1, plugins=[counter])
    _play_until_a_hand_ends(game)
    assert counter.hands == 1
    history = game.history
    with pytest.raises(IllegalActionError, match="cannot undo: plugins were notified"):
        game.undo()
    assert game.history == history and counter.hands == 1


def test_a_silent_clone_undoes_freely_and_notifies_nobody() -> None:
    counter = HandCounter()
    game = Game(seed=1, plugins=[counter])
    copy = game.clone()
    _play_until_a_hand_ends(copy)
    copy.undo()
    assert counter.hands == 0 and game.hand_results == ()


class Failing:
    NAME = "failing"

    @hookimpl(tryfirst=True)
    def ecarte_hand_ended(self) -> None:
        raise RuntimeError("boom")


def test_a_failing_notification_does_not_stop_the_others() -> None:
    counter = HandCounter()
    game = Game(seed=1, plugins=[counter, Failing()])
    with pytest.raises(PluginError, match=r"the action was applied.*'failing'.*boom"):
        _play_until_a_hand_ends(game)
    assert counter.hands == 1 and len(game.hand_results) == 1


def test_a_failing_notification_when_the_game_is_made_says_no_game_was_made() -> None:
    class ClosedLedger:
        NAME = "ledger"

        @hookimpl
        def ecarte_game_started(self) -> None:
            raise ValueError("the ledger is closed")

    with pytest.raises(PluginError) as caught:
        Game(seed=1, plugins=[ClosedLedger()])
    assert str(caught.value) == (
        "the game was not made: plugin notifications failed: plugin 'ledger' failed in "
        "ecarte_game_started: ValueError: the ledger is closed"
    )


class Vetoes:
    """Forbids the 2-3 packets, discarding five and announcing the king."""

    NAME = "vetoes"

    @hookimpl
    def ecarte_validate_action(self, action: Any) -> str | None:
        if action == ecarte.ChoosePackets(2):
            return "no 2-3"
        if isinstance(action, ecarte.Discard) and len(action.cards) == 5:
            return "no five"
        if isinstance(action, ecarte.AnnounceKing):
            return "no king"
        return None


def test_vetoed_decisions_are_not_offered() -> None:
    for seed in range(30):
        game = Game(seed=seed, plugins=[Vetoes()])
        for _ in range(200):
            if game.is_over:
                break
            legal = game.legal_actions()
            assert ecarte.ChoosePackets(2) not in legal and ecarte.AnnounceKing() not in legal
            assert not any(isinstance(a, ecarte.Discard) and len(a.cards) == 5 for a in legal)
            game.apply(legal[-1])  # the largest discards come last


# ---------------- hooks that read or poke the game mid-step, answers of the wrong type


class Peek:
    """Reads the legal actions from inside hooks (as a logging plugin might): there are
    none mid-step."""

    NAME = "peek"

    @hookimpl
    def ecarte_king_points(self, game: Game) -> None:
        assert game.legal_actions() == ()

    @hookimpl
    def ecarte_deal_packets(self, game: Game) -> None:
        assert game.legal_actions() == ()


def test_legal_actions_read_inside_hooks_are_never_kept() -> None:
    """What a hook sees mid-step (automatic chance included) is not the answer for the
    state the step ends in: every offered list equals that of a plugin-free twin."""
    for seed in range(30):
        game, twin = Game(seed=seed, plugins=[Peek()]), Game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            assert legal == twin.legal_actions()
            action = rng.choice(legal)
            game.apply(action)
            twin.apply(action)


def test_a_game_cannot_be_changed_or_copied_from_inside_a_hook() -> None:
    seen: list[str] = []

    class Meddler:
        @hookimpl
        def ecarte_validate_action(self, game: Game) -> None:
            for what in (game.clone, game.undo, lambda: game.apply(ecarte.Propose())):
                try:
                    what()
                except IllegalActionError as exc:
                    seen.append(str(exc))

    game = Game(seed=1, plugins=[Meddler()])
    if game.phase is Phase.PACKETS:
        game.apply(ecarte.ChoosePackets(3))
    n = len(game.history)
    game.apply(ecarte.Propose())
    assert game.phase is Phase.RESPOND and len(game.history) == n + 1
    assert seen and all("from inside a plugin hook" in why for why in seen)


def test_a_notification_may_act_once_the_action_is_done() -> None:
    class AutoPacket:
        @hookimpl
        def ecarte_game_started(self, game: Game) -> None:
            game.clone()  # allowed here: the game is between actions

    Game(seed=2, plugins=[AutoPacket()])


def test_a_cut_that_never_decides_is_a_plugin_error() -> None:
    class CutForEver:
        @hookimpl
        def ecarte_cut(self, players: tuple[int, int]) -> Seats:
            return Seats(players=players, dealer=None)

    with pytest.raises(PluginError, match="ecarte_cut asked for a new cut 100 times"):
        Game(seed=1, plugins=[CutForEver()])


@pytest.mark.parametrize("veto", [False, "", "  ", 0, ["no"]])
def test_a_veto_is_a_reason_or_none(veto: Any) -> None:
    plugin = answering("falsy", "ecarte_validate_action", veto)

    with pytest.raises(PluginError, match=r"plugin 'falsy', hook ecarte_validate_action"):
        game = Game(seed=1, plugins=[plugin])
        game.legal_actions()


def test_vetoing_everything_names_the_plugin() -> None:
    plugin = answering("nothing", "ecarte_validate_action", "never")

    game = Game(seed=1, plugins=[plugin])
    with pytest.raises(PluginError, match=r"plugin 'nothing', hook ecarte_validate_action"):
        game.legal_actions()


def test_packets_are_ints() -> None:
    with pytest.raises(ValueError, match="the int 2 or 3"):
        ecarte.ChoosePackets(3.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="the int 2 or 3"):
        ecarte.ChoosePackets(True)

    plugin = answering("float-packets", "ecarte_deal_packets", (3.0, 2.0))

    with pytest.raises(PluginError, match=r"'float-packets', hook ecarte_deal_packets"):
        Game(seed=1, plugins=[plugin])
