# The view of a match machine's fields (``Machine._m_view``): a part of ``_machine.pyx``,
# which includes it (it is compiled there, with that module's declarations).

cdef class MatchView:
    """The machine's fields at one moment, by name: a copy of the C struct, each field
    read from it when asked (the fields are documented in :class:`.protocol.MatchView`)."""

    cdef ec_match m
    cdef readonly int players

    @property
    def phase(self):
        return self.m.phase

    @property
    def to_act(self):
        return self.m.to_act

    @property
    def step(self):
        return self.m.step

    @property
    def dealer(self):
        return self.m.dealer

    @property
    def elder(self):
        return self.m.elder

    @property
    def winner(self):
        return self.m.winner

    @property
    def game_number(self):
        return self.m.game_number

    @property
    def hand_number(self):
        return self.m.hand_number

    @property
    def game_players(self):
        return (self.m.game_players[0], self.m.game_players[1])

    @property
    def chosen_packets(self):
        return self.m.chosen_packets

    @property
    def deal_packets(self):
        return self.m.deal_packets

    @property
    def scores(self):
        return tuple([self.m.scores[i] for i in range(self.players)])

    @property
    def games_won(self):
        return tuple([self.m.games_won[i] for i in range(self.players)])

    @property
    def held(self):
        return (self.m.held[0], self.m.held[1])

    @property
    def turnup(self):
        return self.m.turnup

    @property
    def trump(self):
        return self.m.trump

    @property
    def stock(self):
        return tuple([self.m.stock[self.m.stock_top + i] for i in range(self.m.stock_len)])

    @property
    def exchanges(self):
        return self.m.exchanges

    @property
    def discarded(self):
        return tuple([self.m.discarded[i] for i in range(self.m.ndiscards)])

    @property
    def discards(self):
        return self.m.discards

    @property
    def played_without_proposing(self):
        return self.m.played_without_proposing

    @property
    def refused_after(self):
        return self.m.refused_after

    @property
    def king_seats(self):
        return self.m.king_seats

    @property
    def announced(self):
        return self.m.announced

    @property
    def in_play(self):
        return self.m.in_play

    @property
    def complete(self):
        return self.m.complete

    @property
    def hand_points(self):
        return (self.m.hand_points[0], self.m.hand_points[1])

    @property
    def hand_kings(self):
        return (self.m.hand_kings[0], self.m.hand_kings[1])

    @property
    def play_hands(self):
        return (self.m.play.hands[0], self.m.play.hands[1])

    @property
    def play_cards(self):
        return tuple([self.m.play.cards[i] for i in range(self.m.play.nplayed)])

    @property
    def play_leaders(self):
        return tuple([self.m.play.leaders[i] for i in range((self.m.play.nplayed + 1) // 2)])

    @property
    def play_to_move(self):
        return self.m.play.to_move

    @property
    def play_won(self):
        return (self.m.play.won[0], self.m.play.won[1])

    @property
    def disc_least(self):
        return self.m.disc_least

    @property
    def disc_most(self):
        return self.m.disc_most

    @property
    def seed(self):
        return self.m.seed

    @property
    def auto_chance(self):
        return self.m.auto_chance

    @property
    def deal_at(self):
        return self.m.deal_at

    @property
    def chance_count(self):
        return self.m.chance_count

    def _fields(self):
        return tuple([getattr(self, name) for name in VIEW_FIELDS])

    def __eq__(self, other):
        if type(other) is not MatchView:
            return NotImplemented
        return self._fields() == (<MatchView>other)._fields()

    def __hash__(self):
        return hash(self._fields())

    def __repr__(self):
        return "MatchView(" + ", ".join(
            [f"{name}={getattr(self, name)!r}" for name in VIEW_FIELDS]) + ")"
