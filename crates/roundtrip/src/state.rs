//! The game state and its rules: dealing, turns, wild-card responses, steals, goals, the end
//! of a hand and of the game.

use cards::{Facing, GameRng, Hand, PerSeat, Pile, Row, Seat, SeatSet};
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::deck::{Face, FaceTable, TripCard, AIRPLANE, WILD};
use crate::error::{invalid, ActionError, StateError};
use crate::goals::{Goal, EACH_MODE, FIRST_TRIP, GOALS, NO_AIRPLANE};
use crate::knowledge::Knowledge;
use crate::options::{Options, HAND_SIZE};
use crate::trip::{Oriented, TripRules, TripState};

/// No steal is possible after this play (a discard, or a trip ending on `?`).
pub(crate) const NO_STEAL: u8 = u8::MAX;

/// The step of the turn the seat to act is at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The current seat plays or discards a card (with an empty hand: draws, or passes when
    /// the deck is empty too).
    Main,
    /// The current seat draws, steals or passes; `steal` is the symbol its play left at the end
    /// of its trip (or none).
    After {
        /// Symbol a steal must match.
        steal: u8,
    },
    /// Response window after a wild card (ruling RT4): `responder` plays, draws or passes.
    Respond {
        /// The opponent to respond.
        responder: Seat,
        /// Symbol the wild card's player may steal with afterwards.
        steal: u8,
    },
    /// The game is over.
    Over,
}

/// A completed trip, set aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DoneTrip {
    /// Its number of cards.
    pub len: u8,
    /// Whether it won the "first trip after the shuffle" goal (double card points, no +3).
    pub doubled: bool,
}

/// Everything about one seat.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Player {
    pub hand: Hand<TripCard>,
    /// The trip under way.
    #[serde(with = "face_up")]
    pub trip: Row<Oriented>,
    /// The cards of the trips completed this deal, one trip after the other.
    #[serde(with = "face_up")]
    pub done: Row<Oriented>,
    /// The trips completed this deal.
    pub done_trips: Vec<DoneTrip>,
    /// Aversion: the face-up cards whose modes this seat may not use.
    #[serde(with = "face_up")]
    pub aversion: Row<TripCard>,
    /// Score banked from the hands already scored.
    pub score: i64,
    /// Cards stolen from this seat this hand: public (everyone sees a steal), and kept so that
    /// views tell a steal from a draw.
    #[serde(default)]
    pub robbed: u32,
    /// Derived from `trip`.
    #[serde(skip)]
    pub cache: TripState,
    /// Derived from `aversion`: one bit per barred mode.
    #[serde(skip)]
    pub barred: u8,
}

impl Player {
    pub(crate) fn with_capacity(cards: usize) -> Player {
        Player {
            hand: Hand::with_capacity(cards),
            trip: Row::with_capacity(cards),
            done: Row::with_capacity(cards),
            done_trips: Vec::with_capacity(cards),
            aversion: Row::with_capacity(2),
            score: 0,
            robbed: 0,
            cache: TripState::default(),
            barred: 0,
        }
    }
}

/// The whole state as saved: derived fields are skipped and rebuilt when loading.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct State {
    pub options: Options,
    pub rng: GameRng,
    /// The draw pile; the top is the last card.
    #[serde(with = "face_down")]
    pub deck: Pile<TripCard>,
    #[serde(with = "face_up")]
    pub discard: Pile<TripCard>,
    /// Specific Trip: the two face-up cards, left to right.
    #[serde(with = "face_up")]
    pub specific: Row<TripCard>,
    pub players: PerSeat<Player>,
    /// Owner of each goal card this deal.
    pub goals: [Option<Seat>; GOALS],
    pub dealer: Seat,
    pub current: Seat,
    pub phase: Phase,
    /// Consecutive turns ending with an empty deck and no card played to a trip (RT3).
    pub quiet: u8,
    /// Whether a card went to a trip this turn (wild-card responses included).
    pub trip_played: bool,
    /// Basic game: a trip was completed; the hand ends after the wild-card responses.
    pub hand_ending: bool,
    /// Round the World: the seats that completed their trip.
    pub world_winners: SeatSet,
    /// Deals started so far (the first is deal 1).
    pub deals: u32,
    pub plies: u64,
    /// What each seat knows of the cards stolen from it (see `knowledge`); games saved before
    /// it was kept load with none.
    #[serde(default)]
    pub knowledge: PerSeat<Knowledge>,
    /// Derived from `knowledge`: whether any seat tracks a stolen card (so that a play need
    /// not visit every seat's knowledge when none does, as is most often the case).
    #[serde(skip)]
    pub tracking: bool,
    #[serde(skip)]
    pub table: FaceTable,
    #[serde(skip)]
    pub rules: TripRules,
}

impl State {
    /// A new game, dealt.
    pub fn new(options: Options, seed: u64) -> Result<State, crate::OptionsError> {
        let faces = options.validate()?;
        let n = options.players;
        let cards = faces.len();
        let mut deck = Pile::with_capacity(cards);
        for i in 0..cards {
            deck.push(TripCard(u8::try_from(i).unwrap_or(u8::MAX)), Facing::Down);
        }
        let mut state = State {
            rules: rules_of(&options),
            table: FaceTable::new(&faces),
            rng: GameRng::from_seed(seed),
            deck,
            discard: Pile::with_capacity(cards),
            specific: Row::with_capacity(2),
            players: PerSeat::from_fn(n, |_| Player::with_capacity(cards)),
            goals: [None; GOALS],
            dealer: Seat(u8::try_from(n - 1).unwrap_or(0)),
            current: Seat(0),
            phase: Phase::Main,
            quiet: 0,
            trip_played: false,
            hand_ending: false,
            world_winners: SeatSet::EMPTY,
            deals: 0,
            plies: 0,
            knowledge: PerSeat::from_fn(n, |_| Knowledge::default()),
            tracking: false,
            options,
        };
        state.deal();
        Ok(state)
    }

    pub fn seats(&self) -> usize {
        self.players.len()
    }

    /// The seat on the left (the next seat), without the division of `Seat::next`.
    #[inline]
    fn left_of(&self, seat: Seat) -> Seat {
        let next = seat.0.wrapping_add(1);
        if usize::from(next) >= self.seats() {
            Seat(0)
        } else {
            Seat(next)
        }
    }

    #[inline]
    fn face(&self, card: TripCard) -> Face {
        self.table.face(card)
    }

    /// The seat to act.
    pub fn to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Main | Phase::After { .. } => Some(self.current),
            Phase::Respond { responder, .. } => Some(responder),
            Phase::Over => None,
        }
    }

    /// The upper bound on plies: see `docs/rules/roundtrip.md`, "Termination".
    pub fn max_plies(&self) -> u64 {
        let n = self.seats() as u64;
        let cards = self.table.len() as u64;
        let turns = 3 * cards + n * (cards + 1);
        u64::from(self.options.max_hands) * turns * (n + 1)
    }

    // ----- dealing -----

    /// Gathers every card back into the deck, orders it (stacked or shuffled), and deals.
    fn deal(&mut self) {
        let State {
            deck,
            discard,
            specific,
            players,
            ..
        } = self;
        for placed in discard.iter().chain(specific.iter()) {
            deck.push(placed.card, Facing::Down);
        }
        discard.clear();
        specific.clear();
        for p in players.iter_mut() {
            for &card in p.hand.iter() {
                deck.push(card, Facing::Down);
            }
            for placed in p.trip.iter().chain(p.done.iter()) {
                deck.push(placed.card.card, Facing::Down);
            }
            for placed in p.aversion.iter() {
                deck.push(placed.card, Facing::Down);
            }
            p.hand.clear();
            p.trip.clear();
            p.done.clear();
            p.done_trips.clear();
            p.aversion.clear();
            p.robbed = 0;
            p.cache = TripState::default();
            p.barred = 0;
        }
        self.goals = [None; GOALS];
        // A new deal: every card is back in the deck, nothing is known of other hands.
        for k in self.knowledge.iter_mut() {
            *k = Knowledge::default();
        }
        self.tracking = false;
        let deal_index = self.deals as usize;
        self.deals = self.deals.saturating_add(1);
        match self.options.stacked_decks.get(deal_index) {
            Some(order) if order.len() == self.deck.len() => {
                self.deck.clear();
                for &card in order.iter().rev() {
                    self.deck.push(TripCard(card), Facing::Down);
                }
            }
            _ => self.rng.shuffle(self.deck.as_mut_slice()),
        }
        let first = self.left_of(self.dealer);
        if self.options.specific_trip {
            self.turn_specific_cards();
        }
        for _ in 0..HAND_SIZE {
            self.deal_round(first, |p, card| p.hand.add(card));
        }
        for _ in 0..self.options.aversion {
            self.deal_round(first, |p, card| p.aversion.push(card, Facing::Up));
        }
        let table = &self.table;
        for p in self.players.iter_mut() {
            p.barred = p
                .aversion
                .iter()
                .fold(0u8, |bits, placed| bits | 1 << table.face(placed.card).mode);
        }
        self.current = first;
        self.phase = Phase::Main;
        self.quiet = 0;
        self.trip_played = false;
        self.hand_ending = false;
    }

    fn deal_round(&mut self, first: Seat, mut give: impl FnMut(&mut Player, TripCard)) {
        let n = self.seats();
        let mut seat = first;
        for _ in 0..n {
            if let Some(placed) = self.deck.pop() {
                give(&mut self.players[seat], placed.card);
            }
            seat = self.left_of(seat);
        }
    }

    /// Specific Trip: turns the first two cards from the top that are not airplanes.
    fn turn_specific_cards(&mut self) {
        for _ in 0..2 {
            let table = &self.table;
            let found = self
                .deck
                .iter()
                .rposition(|p| table.face(p.card).mode != AIRPLANE);
            if let Some(placed) = found.and_then(|i| self.deck.remove(i)) {
                self.specific.push(placed.card, Facing::Up);
            }
        }
        self.rules.specific = self.specific_symbols();
    }

    /// The four Specific Trip symbols, left to right.
    pub fn specific_symbols(&self) -> Option<[u8; 4]> {
        match self.specific.as_slice() {
            [left, right] => {
                let (l, r) = (self.face(left.card), self.face(right.card));
                Some([l.a, l.b, r.a, r.b])
            }
            _ => None,
        }
    }

    // ----- checks -----

    /// Why the seat cannot play the card turned this way (`None`: it can).
    #[inline]
    fn play_refusal(&self, seat: Seat, card: TripCard, reversed: bool) -> Option<&'static str> {
        let p = &self.players[seat];
        let face = self.face(card);
        if p.barred & (1 << face.mode) != 0 {
            return Some("your aversion card bars this mode");
        }
        if !self.options.advanced && !p.done_trips.is_empty() {
            return Some("your trip of this hand is complete");
        }
        p.cache.refusal(face, reversed, &self.rules)
    }

    /// Checks a play; returns the card's position in the hand.
    fn check_play(&self, seat: Seat, card: TripCard, reversed: bool) -> Result<usize, ActionError> {
        let Some(index) = self.players[seat].hand.iter().position(|&c| c == card) else {
            return Err(ActionError::NotInHand(card));
        };
        match self.play_refusal(seat, card, reversed) {
            Some(reason) => Err(ActionError::CannotPlay { card, reason }),
            None => Ok(index),
        }
    }

    fn steal_refusal(&self, victim: Seat, symbol: u8) -> Option<&'static str> {
        if victim == self.current {
            return Some("that is your own seat");
        }
        let Some(p) = self.players.get(victim) else {
            return Some("no such seat");
        };
        if symbol == NO_STEAL || symbol == WILD {
            return Some("you did not play a card leaving a symbol at the end of your trip");
        }
        if p.cache.len == 0 || p.cache.last != symbol {
            return Some("its trip does not end on your trip's last symbol");
        }
        if p.hand.is_empty() {
            return Some("its hand is empty");
        }
        None
    }

    // ----- legal actions -----

    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Main => {
                let seat = self.current;
                let hand = self.players[seat].hand.as_slice();
                if hand.is_empty() {
                    out.push(if self.deck.is_empty() {
                        Action::Pass
                    } else {
                        Action::Draw
                    });
                    return;
                }
                self.push_plays(seat, out);
                out.extend(hand.iter().map(|&card| Action::Discard(card)));
            }
            Phase::After { steal } => {
                if !self.deck.is_empty() {
                    out.push(Action::Draw);
                }
                if steal != NO_STEAL {
                    for i in 0..self.seats() {
                        let victim = Seat(i as u8);
                        if self.steal_refusal(victim, steal).is_none() {
                            out.push(Action::Steal(victim));
                        }
                    }
                }
                out.push(Action::Pass);
            }
            Phase::Respond { responder, .. } => {
                self.push_plays(responder, out);
                if !self.deck.is_empty() {
                    out.push(Action::Draw);
                }
                out.push(Action::Pass);
            }
        }
    }

    /// The legal plays of a seat, hand order, forward before reversed: the same test as
    /// [`play_refusal`](Self::play_refusal) (the contract kit checks that they agree), with
    /// what does not depend on the card taken out of the loop.
    #[inline]
    fn push_plays(&self, seat: Seat, out: &mut Vec<Action>) {
        let p = &self.players[seat];
        if !self.options.advanced && !p.done_trips.is_empty() {
            return;
        }
        let (barred, cache) = (p.barred, &p.cache);
        let last = cache.last;
        for &card in p.hand.iter() {
            let face = self.table.face(card);
            if barred & (1 << face.mode) != 0 {
                continue;
            }
            let (forward, reverse) = if cache.len == 0 {
                if face.mode == AIRPLANE {
                    continue;
                }
                match self.rules.specific {
                    Some(symbols) => (!symbols.contains(&face.a), !symbols.contains(&face.b)),
                    None => (true, true),
                }
            } else if last == WILD {
                (face.a != WILD, face.b != WILD)
            } else {
                (
                    face.a == WILD || face.a == last,
                    face.b == WILD || face.b == last,
                )
            };
            if forward {
                out.push(Action::Play {
                    card,
                    reversed: false,
                });
            }
            if reverse {
                out.push(Action::Play {
                    card,
                    reversed: true,
                });
            }
        }
    }

    // ----- apply -----

    pub fn apply(&mut self, action: Action) -> Result<(), ActionError> {
        let wrong = |step: &'static str| {
            Err(ActionError::WrongStep {
                action: action.to_string(),
                step,
            })
        };
        match self.phase {
            Phase::Over => return Err(ActionError::GameOver),
            Phase::Main => {
                let seat = self.current;
                let empty = self.players[seat].hand.is_empty();
                match action {
                    Action::Play { card, reversed } => {
                        let index = self.check_play(seat, card, reversed)?;
                        let (wild, steal) = self.play(seat, index, reversed);
                        if wild {
                            self.phase = Phase::Respond {
                                responder: self.left_of(seat),
                                steal,
                            };
                        } else if self.hand_ending {
                            self.end_hand();
                        } else {
                            self.phase = Phase::After { steal };
                        }
                    }
                    Action::Discard(card) => {
                        let hand_size = self.players[seat].hand.len();
                        if !self.players[seat].hand.remove(card) {
                            return Err(ActionError::NotInHand(card));
                        }
                        self.shown(seat, card, hand_size);
                        self.discard.push(card, Facing::Up);
                        self.phase = Phase::After { steal: NO_STEAL };
                    }
                    Action::Draw if empty => {
                        if self.deck.is_empty() {
                            return Err(ActionError::DeckEmpty);
                        }
                        self.draw(seat);
                        self.end_turn();
                    }
                    Action::Pass if empty => {
                        if !self.deck.is_empty() {
                            return Err(ActionError::CannotPass(
                                "with an empty hand you draw while the deck has cards",
                            ));
                        }
                        self.end_turn();
                    }
                    _ if empty => {
                        return wrong("your hand is empty: draw, or pass when the deck is empty")
                    }
                    _ => return wrong("play or discard a card first"),
                }
            }
            Phase::After { steal } => match action {
                Action::Draw => {
                    if self.deck.is_empty() {
                        return Err(ActionError::DeckEmpty);
                    }
                    self.draw(self.current);
                    self.end_turn();
                }
                Action::Steal(victim) => {
                    if let Some(reason) = self.steal_refusal(victim, steal) {
                        return Err(ActionError::CannotSteal {
                            seat: victim,
                            reason,
                        });
                    }
                    self.steal(victim);
                    self.end_turn();
                }
                Action::Pass => self.end_turn(),
                _ => return wrong("draw, steal or pass"),
            },
            Phase::Respond { responder, steal } => {
                match action {
                    Action::Play { card, reversed } => {
                        let index = self.check_play(responder, card, reversed)?;
                        // A wild card played in response is free and opens no window (RT4).
                        self.play(responder, index, reversed);
                    }
                    Action::Draw => {
                        if self.deck.is_empty() {
                            return Err(ActionError::DeckEmpty);
                        }
                        self.draw(responder);
                    }
                    Action::Pass => {}
                    _ => return wrong("respond to the wild card: play a card, draw or pass"),
                }
                let next = self.left_of(responder);
                if next != self.current {
                    self.phase = Phase::Respond {
                        responder: next,
                        steal,
                    };
                } else if self.hand_ending {
                    self.end_hand();
                } else {
                    self.phase = Phase::After { steal };
                }
            }
        }
        self.plies = self.plies.saturating_add(1);
        Ok(())
    }

    fn draw(&mut self, seat: Seat) {
        if let Some(placed) = self.deck.pop() {
            self.players[seat].hand.add(placed.card);
        }
    }

    /// Ruling RT2: a card at random from the victim's hand, seen by the thief and the victim
    /// only; the victim then draws a replacement.
    fn steal(&mut self, victim: Seat) {
        let len = self.players[victim].hand.len();
        let index = self.rng.index(len);
        let thief = self.current;
        if let Some(card) = self.players[victim].hand.remove_at(index) {
            self.players[thief].hand.add(card);
            let robbed = &mut self.players[victim].robbed;
            *robbed = robbed.saturating_add(1);
            for (i, k) in self.knowledge.iter_mut().enumerate() {
                let seat = Seat(i as u8);
                if seat == victim {
                    k.stolen_from_me(card, thief);
                } else if seat == thief {
                    k.left_hand(victim, card, len);
                } else {
                    k.unseen_steal(victim, thief, len);
                }
            }
            self.refresh_tracking();
        }
        self.draw(victim);
    }

    /// `seat` showed `card` from its hand, which held `hand_size` cards: every other seat's
    /// knowledge of the cards stolen from it learns from it.
    #[inline]
    fn shown(&mut self, seat: Seat, card: TripCard, hand_size: usize) {
        if !self.tracking {
            return;
        }
        for (i, k) in self.knowledge.iter_mut().enumerate() {
            if i != seat.index() {
                k.left_hand(seat, card, hand_size);
            }
        }
        self.refresh_tracking();
    }

    /// Recomputes `tracking` from the seats' knowledge.
    pub fn refresh_tracking(&mut self) {
        self.tracking = self.knowledge.iter().any(|k| !k.is_empty());
    }

    /// Plays a checked card; returns whether it was a wild card and the symbol a steal must
    /// match.
    #[inline]
    fn play(&mut self, seat: Seat, index: usize, reversed: bool) -> (bool, u8) {
        let hand_size = self.players[seat].hand.len();
        let Some(card) = self.players[seat].hand.remove_at(index) else {
            return (false, NO_STEAL);
        };
        self.shown(seat, card, hand_size);
        let p = &mut self.players[seat];
        let face = self.table.face(card);
        let rules = self.rules;
        let advanced = self.options.advanced;
        p.trip.push(Oriented { card, reversed }, Facing::Up);
        p.cache.push(face, reversed, &rules);
        self.trip_played = true;
        let cache = p.cache;
        if advanced {
            let mode = usize::from(face.mode);
            if face.mode != AIRPLANE && cache.modes.get(mode).is_some_and(|&c| c >= 3) {
                claim(&mut self.goals, mode, seat);
            }
            if cache.has_each_mode() {
                claim(&mut self.goals, EACH_MODE, seat);
            }
        }
        if cache.is_complete(&rules) {
            self.complete_trip(seat);
        }
        let far = face.sides(reversed).1;
        (
            face.mode == AIRPLANE,
            if far == WILD { NO_STEAL } else { far },
        )
    }

    fn complete_trip(&mut self, seat: Seat) {
        let advanced = self.options.advanced;
        let doubled = advanced && claim(&mut self.goals, FIRST_TRIP, seat);
        let p = &mut self.players[seat];
        if advanced && p.cache.modes[usize::from(AIRPLANE)] == 0 {
            claim(&mut self.goals, NO_AIRPLANE, seat);
        }
        let p = &mut self.players[seat];
        for &placed in p.trip.iter() {
            p.done.push(placed.card, Facing::Up);
        }
        p.done_trips.push(DoneTrip {
            len: p.cache.len,
            doubled,
        });
        p.trip.clear();
        p.cache = TripState::default();
        if !advanced {
            self.hand_ending = true;
            if self.options.round_the_world {
                self.world_winners.insert(seat);
            }
        }
    }

    fn end_turn(&mut self) {
        if self.deck.is_empty() && !self.trip_played {
            self.quiet = self.quiet.saturating_add(1);
        } else {
            self.quiet = 0;
        }
        self.trip_played = false;
        if usize::from(self.quiet) >= self.seats() {
            self.end_hand();
            return;
        }
        self.current = self.left_of(self.current);
        self.phase = Phase::Main;
    }

    /// Points of a seat for the hand under way (trips, completion bonuses, goals).
    pub fn hand_points(&self, seat: Seat) -> i64 {
        let Some(p) = self.players.get(seat) else {
            return 0;
        };
        let mut points = i64::from(p.cache.len);
        for t in &p.done_trips {
            let len = i64::from(t.len);
            points += if t.doubled { 2 * len } else { len + 3 };
        }
        for (i, owner) in self.goals.iter().enumerate() {
            if *owner == Some(seat) {
                points += Goal::at(i).points();
            }
        }
        points
    }

    fn end_hand(&mut self) {
        for i in 0..self.seats() {
            let seat = Seat(i as u8);
            let points = self.hand_points(seat);
            let p = &mut self.players[seat];
            p.score = p.score.saturating_add(points);
        }
        // Round the World ends on a trip around the world only: the target score does not end
        // it (ruling RT9).
        let target = i64::from(self.options.target());
        let passed = !self.options.round_the_world && self.players.iter().any(|p| p.score > target);
        if passed || !self.world_winners.is_empty() || self.deals >= self.options.max_hands {
            self.phase = Phase::Over;
        } else {
            // The deal passes to the left.
            self.dealer = self.left_of(self.dealer);
            self.deal();
        }
    }

    /// The winners: in Round the World the seats that completed a trip, if any; otherwise the
    /// best scores.
    pub fn winners(&self) -> SeatSet {
        if !self.world_winners.is_empty() {
            return self.world_winners;
        }
        let best = self.players.iter().map(|p| p.score).max();
        self.players
            .seats()
            .filter(|(_, p)| Some(p.score) == best)
            .map(|(s, _)| s)
            .collect()
    }

    // ----- census, resampling, loading -----

    pub fn census(&self, out: &mut Vec<TripCard>) {
        out.clear();
        out.extend(
            self.deck
                .iter()
                .chain(self.discard.iter())
                .chain(self.specific.iter())
                .map(|p| p.card),
        );
        for p in self.players.iter() {
            out.extend(p.hand.iter().copied());
            out.extend(p.trip.iter().chain(p.done.iter()).map(|o| o.card.card));
            out.extend(p.aversion.iter().map(|o| o.card));
        }
    }

    /// Checks a loaded state and rebuilds what is derived.
    pub fn validated(mut self) -> Result<State, StateError> {
        let faces = self.options.validate()?;
        self.table = FaceTable::new(&faces);
        self.rules = rules_of(&self.options);
        let n = self.options.players;
        if self.players.len() != n {
            return Err(invalid("the number of seats differs from the options"));
        }
        if self.dealer.index() >= n || self.current.index() >= n {
            return Err(invalid("dealer or current seat out of range"));
        }
        if self.world_winners.iter().any(|s| s.index() >= n)
            || self.goals.iter().flatten().any(|s| s.index() >= n)
        {
            return Err(invalid("a seat out of range"));
        }
        if !self.options.round_the_world && !self.world_winners.is_empty() {
            return Err(invalid("Round the World winners outside Round the World"));
        }
        match self.phase {
            Phase::Respond { responder, steal } => {
                if responder.index() >= n || responder == self.current {
                    return Err(invalid("bad responder"));
                }
                check_steal_symbol(steal)?;
            }
            Phase::After { steal } => check_steal_symbol(steal)?,
            Phase::Main | Phase::Over => {}
        }
        if self.deals == 0 || self.deals > self.options.max_hands {
            return Err(invalid("deal number out of range"));
        }
        if usize::from(self.quiet) >= n {
            return Err(invalid("the hand should have ended"));
        }
        if self.plies > self.max_plies() {
            return Err(invalid("more plies than the bound"));
        }
        let mut census = Vec::new();
        self.census(&mut census);
        census.sort_unstable();
        if census.len() != faces.len() || census.iter().enumerate().any(|(i, c)| c.index() != i) {
            return Err(invalid("the cards are not the deck's cards, each once"));
        }
        let aversion = usize::from(self.options.aversion);
        let specific = if self.options.specific_trip { 2 } else { 0 };
        if self.specific.len() != specific
            || self
                .specific
                .iter()
                .any(|p| self.table.face(p.card).mode == AIRPLANE)
        {
            return Err(invalid("bad Specific Trip cards"));
        }
        self.rules.specific = self.specific_symbols();
        let (table, rules) = (&self.table, self.rules);
        for p in self.players.iter_mut() {
            if p.aversion.len() != aversion {
                return Err(invalid("bad aversion cards"));
            }
            if p.score.unsigned_abs() > 1 << 40 {
                return Err(invalid("score out of range"));
            }
            p.barred = p
                .aversion
                .iter()
                .fold(0u8, |bits, placed| bits | 1 << table.face(placed.card).mode);
            let cards = p
                .trip
                .iter()
                .map(|o| (table.face(o.card.card), o.card.reversed));
            p.cache = TripState::of_cards(cards, &rules).map_err(invalid)?;
            if p.cache.len > 0 && p.cache.is_complete(&rules) {
                return Err(invalid("a complete trip was not set aside"));
            }
            let total: usize = p.done_trips.iter().map(|t| usize::from(t.len)).sum();
            if total != p.done.len() || p.done_trips.iter().any(|t| t.len == 0) {
                return Err(invalid("completed trips do not add up"));
            }
            if !self.options.advanced && p.done_trips.len() > 1 {
                return Err(invalid("two completed trips in a basic hand"));
            }
        }
        if self.knowledge.is_empty() {
            // Saved before seats kept what they know: they know nothing more than they see.
            self.knowledge = PerSeat::from_fn(n, |_| Knowledge::default());
        }
        self.refresh_tracking();
        if self.knowledge.len() != n {
            return Err(invalid(
                "knowledge of a number of seats other than the table's",
            ));
        }
        for (me, k) in self.knowledge.seats() {
            let players = &self.players;
            let consistent = k.is_consistent(
                me,
                n,
                |s| players.get(s).map_or(0, |p| p.hand.len()),
                |card| {
                    players
                        .seats()
                        .find(|(_, p)| p.hand.contains(card))
                        .map(|(s, _)| s)
                },
            );
            if !consistent {
                return Err(invalid(
                    "a seat's knowledge of the cards stolen from it does not fit the hands",
                ));
            }
        }
        if self.phase != Phase::Over {
            let ended = self.players.iter().any(|p| !p.done_trips.is_empty());
            if !self.options.advanced && ended != self.hand_ending {
                return Err(invalid("a completed trip must end the basic hand"));
            }
            if self.hand_ending
                && (self.options.advanced || !matches!(self.phase, Phase::Respond { .. }))
            {
                return Err(invalid("the hand should have ended"));
            }
        }
        Ok(self)
    }
}

/// Saves a zone whose cards all lie one way as the plain list of its cards; each facing's
/// module reads the list back with that facing.
mod plain_zone {
    use cards::{Facing, Zone};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer, C: Copy + Serialize>(
        zone: &Zone<C>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_seq(zone.iter().map(|p| p.card))
    }

    pub fn deserialize<'de, D: Deserializer<'de>, C: Copy + Deserialize<'de>>(
        d: D,
        facing: Facing,
    ) -> Result<Zone<C>, D::Error> {
        Ok(Zone::from_cards(Vec::<C>::deserialize(d)?, facing))
    }
}

/// A zone whose cards all lie face down, saved as the plain list of its cards.
mod face_down {
    pub use super::plain_zone::serialize;
    use cards::{Facing, Zone};
    use serde::{Deserialize, Deserializer};

    pub fn deserialize<'de, D: Deserializer<'de>, C: Copy + Deserialize<'de>>(
        d: D,
    ) -> Result<Zone<C>, D::Error> {
        super::plain_zone::deserialize(d, Facing::Down)
    }
}

/// A zone whose cards all lie face up, saved as the plain list of its cards.
mod face_up {
    pub use super::plain_zone::serialize;
    use cards::{Facing, Zone};
    use serde::{Deserialize, Deserializer};

    pub fn deserialize<'de, D: Deserializer<'de>, C: Copy + Deserialize<'de>>(
        d: D,
    ) -> Result<Zone<C>, D::Error> {
        super::plain_zone::deserialize(d, Facing::Up)
    }
}

fn check_steal_symbol(steal: u8) -> Result<(), StateError> {
    if steal == NO_STEAL || steal < crate::deck::SYMBOLS {
        Ok(())
    } else {
        Err(invalid("bad steal symbol"))
    }
}

/// Claims a goal for a seat if nobody holds it; returns whether it was claimed now.
fn claim(goals: &mut [Option<Seat>; GOALS], goal: usize, seat: Seat) -> bool {
    match goals.get_mut(goal) {
        Some(slot @ None) => {
            *slot = Some(seat);
            true
        }
        _ => false,
    }
}

fn rules_of(options: &Options) -> TripRules {
    TripRules {
        min_segments: options.min_segments(),
        needs_two_blue: options.round_the_world,
        specific: None,
    }
}
