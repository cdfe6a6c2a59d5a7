//! The whole state of a game: the sides, the piles, the phase and the turn's counts, dealt for
//! a new game (the rules that change it are in `rules/`).

use cards::{GameRng, Seat, SeatSet};
use serde::{Deserialize, Serialize};

use crate::table::card::{Card, Cards, Kind};
use crate::table::field::Side;
use crate::table::options::{Options, DEAL};
use crate::table::phase::Phase;
use crate::table::sizes::LOSING_COUNTERS;

/// The once-per-turn summon marks (HJ23): which of the turn seat's Agent zones, Bench places
/// and hand cards hold a card summoned this turn. A summoned card comes back to the hand this
/// turn only by being retired to the Bench and recruited (a card shuffled into the Deck loses
/// its mark, HJ86).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marks {
    /// The turn seat's Agent zones, bit per zone.
    pub zones: u8,
    /// Places on the Bench, bit per place from the bottom (the Bench holds at most the 28
    /// Agents of two decks).
    pub bench: u64,
    /// Cards in the turn seat's hand.
    pub hand: Cards,
}

impl Marks {
    /// The Bench place `at` is taken out: places above it move down one.
    pub fn bench_removed(&mut self, at: usize) -> bool {
        if at >= 64 {
            return false;
        }
        let marked = self.bench >> at & 1 == 1;
        let below = self.bench & ((1u64 << at) - 1);
        let above = if at == 63 {
            0
        } else {
            self.bench >> (at + 1) << at
        };
        self.bench = below | above;
        marked
    }
}

/// The state of one game.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct State {
    pub options: Options,
    pub rng: GameRng,
    /// Each seat's side of the table.
    pub sides: Vec<Side>,
    /// The Deck, bottom first: the top card is the last.
    pub deck: Vec<Card>,
    /// The Boneyard (face up; its order has no effect, HJ10).
    pub boneyard: Cards,
    /// The Bench, bottom first (HJ10).
    pub bench: Vec<Card>,
    /// The Void (its contents are known to all, HJ11).
    pub void: Cards,
    /// Stacked later shuffles used so far (HJ82).
    pub shuffles_used: u32,
    /// A stacked shuffle did not fit and the generator shuffled instead (HJ90).
    pub stack_diverged: bool,
    /// Who knows the Deck's contents (not their order): bit `i` for seat `i`, bit 4 for
    /// spectators. A rebuilt Deck is made of cards all have seen, so all know it; a card drawn
    /// unseen by a seat leaves only that seat knowing what is left (the others forget, as HJ85
    /// forgets which copy of a card left a hand). Absent from states saved before it existed:
    /// then nobody knows the Deck.
    #[serde(default)]
    pub deck_knowers: u8,
    /// Who knows the Deck group's cards (bit per seat, bit 4 spectators; 0 when there is no
    /// group): the Deck and the seats' `drawn` cards together, from a rebuild (all) or an
    /// Evocation's search (the caster). Absent from states saved before it existed: no group.
    #[serde(default)]
    pub group_knowers: u8,
    /// The cards of the last rebuilt Deck (§28, HJ80), as all saw them: a seat remembers them
    /// after others draw from that Deck unseen (HJ6). Empty before any rebuild.
    #[serde(default)]
    pub rebuilt: Cards,
    /// Suits all know the Deck holds no card of (bit = suit index): an Evocation found none
    /// (HJ66). Cleared when the Deck is rebuilt.
    #[serde(default)]
    pub deck_lacks: u8,
    /// Cards summoned this turn, which may not be summoned again this turn (HJ23).
    #[serde(default)]
    pub marks: Marks,
    /// Seats burned this turn (HJ61).
    #[serde(default)]
    pub burned: SeatSet,
    /// Suits the turn seat has evoked this turn (HJ65), bit = suit index.
    #[serde(default)]
    pub evoked: u8,
    /// The turn seat has used an Archlord's spell this turn (HJ72).
    #[serde(default)]
    pub archlord_used: bool,
    /// The decision the game waits for.
    pub phase: Phase,
    /// The seat whose turn it is.
    pub turn_seat: Seat,
    /// Turns ended so far.
    pub turns: u32,
    /// The turn seat may enter the Combat Phase this turn (§27, HJ14).
    pub combat_allowed: bool,
    /// Normal summons left this turn (HJ20).
    pub summons_left: u16,
    /// Top-level Main actions taken this turn (HJ18, HJ99).
    pub main_actions: u16,
    /// Actions applied.
    pub plies: u64,
    /// The table's counters summed up (derived: never saved, rebuilt on load).
    #[serde(skip)]
    pub table: TableCounters,
    /// The winners, once the game is over.
    pub winners: SeatSet,
}

impl Clone for State {
    fn clone(&self) -> Self {
        let mut copy = State {
            options: self.options.clone(),
            rng: self.rng.clone(),
            sides: Vec::new(),
            deck: Vec::new(),
            boneyard: self.boneyard,
            bench: Vec::new(),
            void: self.void,
            shuffles_used: self.shuffles_used,
            stack_diverged: self.stack_diverged,
            deck_knowers: self.deck_knowers,
            group_knowers: self.group_knowers,
            rebuilt: self.rebuilt,
            deck_lacks: self.deck_lacks,
            marks: self.marks,
            burned: self.burned,
            evoked: self.evoked,
            archlord_used: self.archlord_used,
            phase: self.phase,
            turn_seat: self.turn_seat,
            turns: self.turns,
            combat_allowed: self.combat_allowed,
            summons_left: self.summons_left,
            main_actions: self.main_actions,
            plies: self.plies,
            winners: self.winners,
            table: self.table,
        };
        copy.clone_from(self);
        copy
    }

    /// Copies into this state's storage: once it has grown, nothing is allocated.
    fn clone_from(&mut self, source: &Self) {
        self.options.clone_from(&source.options);
        self.rng.clone_from(&source.rng);
        self.sides.clone_from(&source.sides);
        let total = source.options.cards().len();
        copy_into(&mut self.deck, &source.deck, total);
        self.boneyard = source.boneyard;
        copy_into(&mut self.bench, &source.bench, total);
        self.void = source.void;
        self.shuffles_used = source.shuffles_used;
        self.stack_diverged = source.stack_diverged;
        self.deck_knowers = source.deck_knowers;
        self.group_knowers = source.group_knowers;
        self.rebuilt = source.rebuilt;
        self.deck_lacks = source.deck_lacks;
        self.marks = source.marks;
        self.burned = source.burned;
        self.evoked = source.evoked;
        self.archlord_used = source.archlord_used;
        self.phase = source.phase;
        self.turn_seat = source.turn_seat;
        self.turns = source.turns;
        self.combat_allowed = source.combat_allowed;
        self.summons_left = source.summons_left;
        self.main_actions = source.main_actions;
        self.plies = source.plies;
        self.winners = source.winners;
        self.table = source.table;
    }
}

/// Copies a pile, keeping room for every card of the game, so that cards moved into it later
/// allocate nothing.
fn copy_into(to: &mut Vec<Card>, from: &[Card], total: usize) {
    to.clear();
    to.reserve(total.max(from.len()));
    to.extend_from_slice(from);
}

impl State {
    /// Deals and starts the set-up (§27, HJ78, HJ79).
    pub fn new(options: Options, seed: u64) -> State {
        let mut state = State {
            options,
            rng: GameRng::from_seed(seed),
            sides: Vec::new(),
            deck: Vec::new(),
            boneyard: Cards::new(),
            bench: Vec::new(),
            void: Cards::new(),
            shuffles_used: 0,
            stack_diverged: false,
            deck_knowers: 0,
            group_knowers: 0,
            rebuilt: Cards::new(),
            deck_lacks: 0,
            marks: Marks::default(),
            burned: SeatSet::EMPTY,
            evoked: 0,
            archlord_used: false,
            phase: Phase::Setup { seat: Seat(0) },
            turn_seat: Seat(0),
            turns: 0,
            combat_allowed: false,
            summons_left: 0,
            main_actions: 0,
            plies: 0,
            winners: SeatSet::EMPTY,
            table: TableCounters::default(),
        };
        state.deal(seed);
        state
    }

    /// Starts a new game in this state as [`State::new`] does, reusing its storage: once it
    /// has held a game of the same options, nothing is allocated.
    pub fn renew(&mut self, options: &Options, seed: u64) {
        if self.options != *options {
            self.options.clone_from(options);
        }
        self.deal(seed);
    }

    /// Deals the options' cards from a new generator and starts the set-up, every pile and
    /// counter as a new game has it; the storage of the piles and the sides is kept, with room
    /// for every card of the game.
    fn deal(&mut self, seed: u64) {
        self.rng = GameRng::from_seed(seed);
        let all = self.options.cards();
        let total = all.len();
        self.deck.clear();
        self.deck.reserve(total);
        match &self.options.deck {
            // Stacked: top first; the Deck keeps its top last.
            Some(stacked) => self.deck.extend(stacked.iter().rev()),
            None => {
                self.deck.extend(all.iter());
                self.rng.shuffle(&mut self.deck);
            }
        }
        let players = self.options.players;
        self.sides.truncate(players);
        for side in &mut self.sides {
            side.reset();
        }
        while self.sides.len() < players {
            self.sides.push(Side::new());
        }
        for _ in 0..DEAL {
            for side in self.sides.iter_mut() {
                if let Some(card) = self.deck.pop() {
                    side.hand.add(card);
                }
            }
        }
        self.boneyard = Cards::new();
        self.bench.clear();
        self.bench.reserve(total);
        self.void = Cards::new();
        self.shuffles_used = 0;
        self.stack_diverged = false;
        self.deck_knowers = 0;
        self.group_knowers = 0;
        self.rebuilt = Cards::new();
        self.deck_lacks = 0;
        self.marks = Marks::default();
        self.burned = SeatSet::EMPTY;
        self.evoked = 0;
        self.archlord_used = false;
        self.phase = Phase::Setup { seat: Seat(0) };
        self.turn_seat = Seat(0);
        self.turns = 0;
        self.combat_allowed = false;
        self.summons_left = 0;
        self.main_actions = 0;
        self.plies = 0;
        self.winners = SeatSet::EMPTY;
        self.refresh_table();
    }

    /// Seats at the table.
    pub fn players(&self) -> usize {
        self.sides.len()
    }

    /// The dealer: the last seat (HJ2).
    pub fn dealer(&self) -> Seat {
        Seat((self.players() - 1) as u8)
    }

    /// A seat's side (seats beyond the table do not reach here: callers check).
    pub fn side(&self, seat: Seat) -> &Side {
        &self.sides[seat.index()]
    }

    /// A seat's side, mutable.
    pub fn side_mut(&mut self, seat: Seat) -> &mut Side {
        &mut self.sides[seat.index()]
    }

    /// Whether the seat is at the table and not eliminated.
    pub fn remains(&self, seat: Seat) -> bool {
        self.sides.get(seat.index()).is_some_and(|s| !s.eliminated)
    }

    /// Seats still in the game.
    pub fn remaining(&self) -> usize {
        self.sides.iter().filter(|s| !s.eliminated).count()
    }

    /// Whether a card can be had for a draw or a Damage Counter (HJ80, HJ98).
    pub fn drawable(&self) -> bool {
        !self.deck.is_empty() || !self.void.is_empty() || !self.bench.is_empty()
    }

    /// Whether `target` is an opponent of `seat`: another seat still in the game (HJ37).
    pub fn is_opponent(&self, seat: Seat, target: Seat) -> bool {
        target != seat && self.remains(target)
    }

    /// Sends a card to its discard pile (§2, HJ7): Agents to the top of the Bench, the rest to
    /// the Boneyard.
    pub fn discard(&mut self, card: Card) {
        if card.kind() == Kind::Agent {
            self.bench.push(card);
        } else {
            self.boneyard.add(card);
        }
    }

    /// Whether `seat` (a spectator beyond the table) knows the Deck's contents.
    pub fn knows_deck(&self, seat: Seat) -> bool {
        self.deck_knowers & knower_bit(seat) != 0
    }

    /// Ends the game with these winners.
    pub fn finish(&mut self, winners: SeatSet) {
        self.winners = winners;
        self.phase = Phase::Over;
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Every card of the game, wherever it lies.
    pub fn census(&self, out: &mut Vec<Card>) {
        out.clear();
        out.extend_from_slice(&self.deck);
        out.extend(self.boneyard.iter());
        out.extend_from_slice(&self.bench);
        out.extend(self.void.iter());
        for side in &self.sides {
            side.census(out);
        }
    }
}

/// The seats at the table summed up for the Binary Spells' targets (HJ61, HJ62, HJ97), a bit
/// per seat: kept up to date as counters are dealt or healed and seats eliminated
/// ([`State::refresh_table`]; derived: never saved, rebuilt on load).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TableCounters {
    /// Seats still in the game holding a Damage Counter (one Restoration may heal).
    pub holding: u8,
    /// Seats still in the game holding fewer than five counters (an Infliction may burn them:
    /// never for a 6th counter, HJ61).
    pub below_five: u8,
}

impl State {
    /// Sums up the table's counters again: after a counter is dealt or healed, or a seat
    /// eliminated.
    pub(crate) fn refresh_table(&mut self) {
        let mut table = TableCounters::default();
        for (i, side) in self.sides.iter().enumerate() {
            let bit = 1u8.checked_shl(i as u32).unwrap_or(0);
            if !side.eliminated {
                if !side.counters.is_empty() {
                    table.holding |= bit;
                }
                if side.counters.len() < LOSING_COUNTERS - 1 {
                    table.below_five |= bit;
                }
            }
        }
        self.table = table;
    }
}

/// Every seat and the spectators know the Deck (bits 0–3 and 4).
pub(crate) const ALL_KNOW: u8 = 0b1_1111;

/// A seat's bit among the Deck's knowers (bit 4 for any seat beyond the table: spectators).
pub(crate) fn knower_bit(seat: Seat) -> u8 {
    if seat.index() < 4 {
        1 << seat.index()
    } else {
        1 << 4
    }
}
