//! The game state: what is saved and what is derived, dealing, scoring, the end of a hand and
//! of the game. A turn's rules are in `turn`, the checks of a loaded state in `validate`.

use cards::{Facing, GameRng, PerSeat, Row, Seat, SeatSet};
use serde::{Deserialize, Serialize};

use crate::card_list::CardList;
use crate::deck::{Face, FaceTable, TripCard, AIRPLANE};
use crate::goals::{Goal, GOALS};
use crate::knowledge::{Knowledge, Watch};
use crate::options::{Options, HAND_SIZE};
use crate::seat_array::{SeatArray, ROOM as SEATS_ROOM};
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

/// Everything about one seat. Aligned, and so sized, to 512 bytes (its fields take about 400):
/// a seat's player is then reached with one shift of the seat's number, where its natural size
/// of 384 bytes took a multiplication of two instructions at every reach, several a ply.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
#[repr(align(512))]
pub(crate) struct Player {
    pub hand: CardList,
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
    /// Derived from the trip under way, the completed trips, `barred` and the Specific Trip
    /// symbols: the masks of what the seat may play now (see [`State::play_masks`]), kept up to
    /// date by [`State::refresh_play_masks`] so that listing the seat's plays reads two bytes.
    #[serde(skip)]
    pub play_masks: (u8, u8),
}

/// A seat not at the table.
impl Default for Player {
    fn default() -> Self {
        Player::with_capacity(0)
    }
}

impl Player {
    /// The points of the seat's trips this hand: the cards of the trip under way, and each
    /// completed trip's cards plus 3 (or its cards doubled, for the first trip after the
    /// shuffle).
    #[inline]
    fn trip_points(&self) -> i64 {
        let mut points = i64::from(self.cache.len);
        for t in &self.done_trips {
            let len = i64::from(t.len);
            points += if t.doubled { 2 * len } else { len + 3 };
        }
        points
    }

    /// Empties what the seat holds this deal (its hand, trips and aversion cards, and what is
    /// derived from them), keeping the storage; the banked score stays.
    fn clear_deal(&mut self) {
        self.hand.clear();
        self.trip.clear();
        self.done.clear();
        self.done_trips.clear();
        self.aversion.clear();
        self.robbed = 0;
        self.cache = TripState::default();
        self.barred = 0;
        self.play_masks = (0, 0);
    }

    pub(crate) fn with_capacity(cards: usize) -> Player {
        Player {
            hand: CardList::default(),
            trip: Row::with_capacity(cards),
            done: Row::with_capacity(cards),
            done_trips: Vec::with_capacity(cards),
            aversion: Row::with_capacity(2),
            score: 0,
            robbed: 0,
            cache: TripState::default(),
            barred: 0,
            play_masks: (0, 0),
        }
    }
}

/// The whole state as saved: derived fields are skipped and rebuilt when loading.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct State {
    pub options: Options,
    pub rng: GameRng,
    /// The draw pile, face down; the top is the last card.
    pub deck: CardList,
    pub discard: CardList,
    /// Specific Trip: the two face-up cards, left to right.
    #[serde(with = "face_up")]
    pub specific: Row<TripCard>,
    pub players: SeatArray<Player>,
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
    /// Derived from `knowledge`: whether any seat tracks a stolen card and what a shown card
    /// can teach (so that a play need not visit every seat's knowledge when none learns from
    /// it, as is most often the case).
    #[serde(skip)]
    pub watch: Watch,
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
        let mut deck = CardList::default();
        for i in 0..cards {
            deck.add(TripCard(u8::try_from(i).unwrap_or(u8::MAX)));
        }
        let mut state = State {
            rules: rules_of(&options),
            table: FaceTable::new(&faces),
            rng: GameRng::from_seed(seed),
            deck,
            discard: CardList::default(),
            specific: Row::with_capacity(2),
            players: SeatArray::from_fn(n, |_| Player::with_capacity(cards)),
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
            watch: Watch::default(),
            options,
        };
        state.deal();
        Ok(state)
    }

    /// Starts a new game of the same options in this state, as [`State::new`] does, reusing
    /// its storage (rows, lists and completed trips keep their room): nothing is allocated.
    pub fn renew(&mut self, seed: u64) {
        self.rng = GameRng::from_seed(seed);
        self.deck.clear();
        for i in 0..self.table.len() {
            self.deck.add(TripCard(u8::try_from(i).unwrap_or(u8::MAX)));
        }
        self.discard.clear();
        self.specific.clear();
        for p in self.players.iter_mut() {
            p.clear_deal();
            p.score = 0;
        }
        for k in self.knowledge.iter_mut() {
            *k = Knowledge::default();
        }
        self.goals = [None; GOALS];
        self.dealer = Seat(u8::try_from(self.seats().saturating_sub(1)).unwrap_or(0));
        self.current = Seat(0);
        self.phase = Phase::Main;
        self.quiet = 0;
        self.trip_played = false;
        self.hand_ending = false;
        self.world_winners = SeatSet::EMPTY;
        self.deals = 0;
        self.plies = 0;
        self.watch = Watch::default();
        self.deal();
    }

    pub fn seats(&self) -> usize {
        self.players.len()
    }

    /// The seat on the left (the next seat), without the division of `Seat::next`.
    #[inline]
    pub(crate) fn left_of(&self, seat: Seat) -> Seat {
        let next = seat.0.wrapping_add(1);
        if usize::from(next) >= self.seats() {
            Seat(0)
        } else {
            Seat(next)
        }
    }

    #[inline]
    pub(crate) fn face(&self, card: TripCard) -> Face {
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
        u64::from(self.options.max_hands) * self.plies_per_hand()
    }

    /// The upper bound on the plies of one hand: `3N + n(N + 1)` turns of at most `n + 1`
    /// plies each, with `N` cards and `n` seats.
    pub fn plies_per_hand(&self) -> u64 {
        let n = self.seats() as u64;
        let cards = self.table.len() as u64;
        (3 * cards + n * (cards + 1)) * (n + 1)
    }

    // ----- dealing -----

    /// Gathers every card back into the deck, orders it (stacked or shuffled), and deals.
    fn deal(&mut self) {
        let State {
            deck,
            discard,
            specific,
            players,
            knowledge,
            ..
        } = self;
        // A new deal: nothing is known of other hands. A seat's knowledge changes only once a
        // card is stolen from it (and a loaded seat tracks no more cards than were stolen from
        // it this hand), so a seat robbed of nothing still knows nothing: only the knowledge of
        // the seats robbed this hand is cleared.
        for (i, k) in knowledge.iter_mut().enumerate() {
            if players.get(Seat(i as u8)).is_none_or(|p| p.robbed != 0) {
                *k = Knowledge::default();
            }
            debug_assert_eq!(*k, Knowledge::default());
        }
        deck.extend_from_slice(discard.as_slice());
        for placed in specific.iter() {
            deck.add(placed.card);
        }
        discard.clear();
        specific.clear();
        for p in players.iter_mut() {
            deck.extend_from_slice(p.hand.as_slice());
            for placed in p.trip.iter().chain(p.done.iter()) {
                deck.add(placed.card.card);
            }
            for placed in p.aversion.iter() {
                deck.add(placed.card);
            }
            p.clear_deal();
        }
        self.goals = [None; GOALS];
        self.watch = Watch::default();
        let deal_index = self.deals as usize;
        self.deals = self.deals.saturating_add(1);
        match self.options.stacked_decks.get(deal_index) {
            Some(order) if order.len() == self.deck.len() => {
                self.deck.clear();
                for &card in order.iter().rev() {
                    self.deck.add(TripCard(card));
                }
            }
            _ => self.deck.shuffle(&mut self.rng),
        }
        let first = self.left_of(self.dealer);
        if self.options.specific_trip {
            self.turn_specific_cards();
        }
        self.deal_hands(first);
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
        for i in 0..self.seats() {
            self.refresh_play_masks(Seat(i as u8));
        }
        self.current = first;
        self.phase = Phase::Main;
        self.quiet = 0;
        self.trip_played = false;
        self.hand_ending = false;
    }

    /// Deals the hands: [`HAND_SIZE`] rounds of one card from the top of the deck to each seat
    /// in turn from `first`. When the deck holds them all (always, with the game's decks), each
    /// hand takes its cards straight from their places in the deck, one seat after the other.
    fn deal_hands(&mut self, first: Seat) {
        let n = self.seats();
        let top = self.deck.len();
        let Some(left) = top.checked_sub(HAND_SIZE * n) else {
            for _ in 0..HAND_SIZE {
                self.deal_round(first, |p, card| p.hand.add(card));
            }
            return;
        };
        let cards = self.deck.as_slice();
        let mut seat = first;
        for k in 0..n {
            let hand = &mut self.players[seat].hand;
            // Round r gives this seat the card r * n + k places below the top.
            for r in 0..HAND_SIZE {
                if let Some(&card) = cards.get(top - 1 - (r * n + k)) {
                    hand.add(card);
                }
            }
            seat = self.left_of(seat);
        }
        self.deck.truncate(left);
    }

    fn deal_round(&mut self, first: Seat, mut give: impl FnMut(&mut Player, TripCard)) {
        let n = self.seats();
        let mut seat = first;
        for _ in 0..n {
            if let Some(card) = self.deck.pop() {
                give(&mut self.players[seat], card);
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
                .rposition(|&card| table.face(card).mode != AIRPLANE);
            if let Some(card) = found.and_then(|i| self.deck.take_at(i)) {
                self.specific.push(card, Facing::Up);
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

    // ----- the end of a hand and of the game -----

    /// Points of a seat for the hand under way (trips, completion bonuses, goals).
    pub fn hand_points(&self, seat: Seat) -> i64 {
        let Some(p) = self.players.get(seat) else {
            return 0;
        };
        let mut points = p.trip_points();
        for (i, owner) in self.goals.iter().enumerate() {
            if *owner == Some(seat) {
                points += Goal::at(i).points();
            }
        }
        points
    }

    pub(crate) fn end_hand(&mut self) {
        // Each seat's points as `hand_points` counts them, the goals' gathered in one pass
        // over the goals rather than one pass a seat.
        let mut goal_points = [0i64; SEATS_ROOM];
        for (i, owner) in self.goals.iter().enumerate() {
            if let Some(points) = owner.and_then(|seat| goal_points.get_mut(seat.index())) {
                *points += Goal::at(i).points();
            }
        }
        for (p, goal_points) in self.players.iter_mut().zip(goal_points) {
            p.score = p.score.saturating_add(p.trip_points() + goal_points);
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

    // ----- census -----

    pub fn census(&self, out: &mut Vec<TripCard>) {
        out.clear();
        out.extend(self.deck.iter().chain(self.discard.iter()));
        out.extend(self.specific.iter().map(|p| p.card));
        for p in self.players.iter() {
            out.extend(p.hand.iter().copied());
            out.extend(p.trip.iter().chain(p.done.iter()).map(|o| o.card.card));
            out.extend(p.aversion.iter().map(|o| o.card));
        }
    }
}

/// A zone whose cards all lie face up, saved as the plain list of its cards.
mod face_up {
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
    ) -> Result<Zone<C>, D::Error> {
        Ok(Zone::from_cards(Vec::<C>::deserialize(d)?, Facing::Up))
    }
}

pub(crate) fn rules_of(options: &Options) -> TripRules {
    TripRules {
        min_segments: options.min_segments(),
        needs_two_blue: options.round_the_world,
        specific: None,
    }
}
