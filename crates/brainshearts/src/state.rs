//! The game state, the steps of a turn, and the checks a loaded state must pass.

use cards::{Card, CardSet, GameRng, Seat};
use serde::{Deserialize, Serialize};

use crate::board::{BoardCard, SeatState};
use crate::claims::Claims;
use crate::error::InvalidState;
use crate::options::{seat_cards, Options};
use crate::stack::ArrayStack;
use crate::tops::Tops;

/// Which way a run counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// Upwards (… 6, 7, A, 2 …).
    Up,
    /// Downwards (A, 7, 6 …): only from an unmodified Ace.
    Down,
    /// Not decided yet: the run has only its starting card, an unmodified Ace.
    Either,
}

/// A run being built card by card (BH7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Run {
    /// Cards in the run so far.
    pub len: u8,
    /// Value of the last card added.
    pub last: u8,
    /// Which way it counts.
    pub direction: Direction,
    /// Positions (bit = position index, `B1` = bit 0) of the cards in the run still on the
    /// board: the runner's own cards, and before the third card the opponent's too.
    pub used: u8,
    /// Opponent cards the run has captured.
    pub captured: u8,
}

/// The step of the turn the seat to act is at.
// An explicit tag byte: every ply matches on the phase two or three times, and a tag read
// directly is cheaper than one folded into the spare values of a run's fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Phase {
    /// Action phase: `draw` (then play), `play` when the deck is empty, or `roll`.
    Action,
    /// A card has been drawn: play one from the hand.
    Play,
    /// The die showed 6: choose a result 1–5.
    DieChoice,
    /// The die result 2–5 names a card: choose which top card it changes.
    DieTarget {
        /// The result, 2–5.
        result: u8,
    },
    /// Scoring phase: claim three of a kind, start a run, or end.
    Scoring,
    /// A run is being built.
    Running(Run),
    /// The game is over.
    Over,
}

/// The full state of a game of Brains and Hearts.
///
/// Everything lives in fixed-size arrays and bitsets (only the options hold vectors, and only
/// when stacked), so a clone of a standard game allocates nothing, and `clone_from` copies the
/// options only when they differ, so it allocates nothing even for a stacked game.
#[derive(Debug, Serialize, Deserialize)]
#[serde(try_from = "RawState")]
pub struct BrainsHearts {
    pub(crate) options: Options,
    pub(crate) rng: GameRng,
    /// Stacked die results not yet rolled; the top (last) is the next.
    pub(crate) dice: ArrayStack<u8, 4>,
    pub(crate) seats: [SeatState; 2],
    /// Captured cards.
    pub(crate) discard: CardSet,
    pub(crate) to_act: u8,
    pub(crate) phase: Phase,
    /// The last result the die showed.
    pub(crate) last_roll: Option<u8>,
    pub(crate) plies: u64,
    /// The unlocked top cards, kept up to date after every change of the board.
    #[serde(skip)]
    pub(crate) tops: Tops,
    /// By seat, the bytes of [`Tops`] its locked top cards will show once they unlock, by
    /// position as in the kept tops (0 elsewhere): set when a card is played locked, so that
    /// unlocking a seat's cards at the start of its turn is one OR, with no branch on whether
    /// it has any (a coin toss in a random game).
    #[serde(skip)]
    pub(crate) hidden: [u64; 2],
    /// The claims open in the scoring phase or the run in progress, kept up to date with the
    /// phase.
    #[serde(skip)]
    pub(crate) claims: Claims,
}

impl Clone for BrainsHearts {
    fn clone(&self) -> Self {
        BrainsHearts {
            options: self.options.clone(),
            ..self.copy_without_options()
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let options = std::mem::take(&mut self.options);
        *self = BrainsHearts {
            options,
            ..source.copy_without_options()
        };
        if self.options != source.options {
            self.options.clone_from(&source.options);
        }
    }
}

impl BrainsHearts {
    /// Everything about one seat: its deck, hand, slots and coins (hidden cards included: use
    /// [`cards::Game::view`] for what a seat may see).
    pub fn side(&self, seat: Seat) -> Option<&SeatState> {
        self.seats.get(seat.index())
    }

    /// A copy of every field but the options, which are left at their default (no vector).
    fn copy_without_options(&self) -> BrainsHearts {
        let BrainsHearts {
            options: _,
            rng,
            dice,
            seats,
            discard,
            to_act,
            phase,
            last_roll,
            plies,
            tops,
            hidden,
            claims,
        } = self;
        BrainsHearts {
            options: Options::default(),
            rng: rng.clone(),
            dice: *dice,
            seats: seats.clone(),
            discard: *discard,
            to_act: *to_act,
            phase: *phase,
            last_roll: *last_roll,
            plies: *plies,
            tops: *tops,
            hidden: *hidden,
            claims: *claims,
        }
    }
}

/// The state as read from a file, before its invariants are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawState {
    options: Options,
    rng: GameRng,
    dice: ArrayStack<u8, 4>,
    seats: [SeatState; 2],
    discard: CardSet,
    to_act: u8,
    phase: Phase,
    last_roll: Option<u8>,
    plies: u64,
}

impl TryFrom<RawState> for BrainsHearts {
    type Error = InvalidState;

    fn try_from(raw: RawState) -> Result<Self, Self::Error> {
        let mut game = BrainsHearts {
            options: raw.options,
            rng: raw.rng,
            dice: raw.dice,
            seats: raw.seats,
            discard: raw.discard,
            to_act: raw.to_act,
            phase: raw.phase,
            last_roll: raw.last_roll,
            plies: raw.plies,
            tops: Tops::default(),
            hidden: [0; 2],
            claims: Claims::default(),
        };
        game.refresh();
        game.check()?;
        Ok(game)
    }
}

impl BrainsHearts {
    /// Starts a game from checked options.
    pub(crate) fn start(options: Options, seed: u64) -> BrainsHearts {
        let mut rng = GameRng::from_seed(seed);
        let mut seats = [empty_seat(), empty_seat()];
        for (index, seat) in seats.iter_mut().enumerate() {
            let mut order = seat_cards(index);
            match options.deck(index) {
                Some(stacked) => {
                    for (place, &card) in order.iter_mut().zip(stacked) {
                        *place = card;
                    }
                }
                None => rng.shuffle(&mut order),
            }
            // The deck's top is its last card: push the draw order reversed.
            for &card in order.iter().rev() {
                seat.deck.push(card);
            }
            for _ in 0..OPENING_HAND {
                if let Some(card) = seat.deck.pop() {
                    seat.hand.insert(card);
                }
            }
        }
        let mut dice = ArrayStack::new();
        for &result in options.die_results.iter().flatten().rev() {
            dice.push(result);
        }
        BrainsHearts {
            options,
            rng,
            dice,
            seats,
            discard: CardSet::EMPTY,
            to_act: 0,
            phase: Phase::Action,
            last_roll: None,
            plies: 0,
            tops: Tops::default(),
            hidden: [0; 2],
            claims: Claims::default(),
        }
    }

    /// Reads the board's unlocked top cards and the claims open again (after loading a
    /// state).
    pub(crate) fn refresh(&mut self) {
        self.tops = Tops::compute(&self.seats);
        self.hidden = Tops::locked_bytes(&self.seats);
        self.claims = self.kept_claims();
    }

    /// The seat to act as an index 0–1.
    pub(crate) fn actor(&self) -> usize {
        usize::from(self.to_act & 1)
    }

    /// The seat to act's own state.
    pub(crate) fn me(&self) -> &SeatState {
        &self.seats[self.actor()]
    }

    /// The seat to act's own state, mutably.
    pub(crate) fn me_mut(&mut self) -> &mut SeatState {
        let actor = self.actor();
        &mut self.seats[actor]
    }

    /// The unlocked top card at a board position.
    pub(crate) fn free_top(&self, pos: usize) -> Option<BoardCard> {
        self.seats.get(pos / 3)?.free_top(pos % 3)
    }

    /// Takes the top card at a position into the discard pile (a capture): a card that
    /// showed, so its slot is unlocked and the card below it, if any, shows now.
    #[inline(always)]
    pub(crate) fn capture(&mut self, pos: usize) {
        // Position 0–2 is the Brain's slot 0–2, 3–5 the Heart's (no division).
        let seat = usize::from(pos >= 3);
        let slot = pos.wrapping_sub(3 * seat);
        let Some(stack) = self
            .seats
            .get_mut(seat)
            .and_then(|owner| owner.slots.get_mut(slot))
        else {
            return;
        };
        let Some(taken) = stack.pop() else {
            // Never: the captured card showed.
            return;
        };
        self.discard.insert(taken.card);
        self.tops.set(pos, stack.top());
    }

    /// Captures the top cards at these positions (bit = position index); returns how many.
    #[inline(always)]
    pub(crate) fn capture_all(&mut self, mut positions: u8) -> u8 {
        let mut count = 0u8;
        while positions != 0 {
            let pos = positions.trailing_zeros() as usize;
            positions &= positions - 1;
            self.capture(pos);
            count = count.wrapping_add(1);
        }
        count
    }

    /// After the action phase: the scoring phase if a claim can be made, else the turn ends
    /// (a player who sees no way to score passes at once).
    #[inline(always)]
    pub(crate) fn enter_scoring(&mut self) {
        self.enter_scoring_as(self.actor());
    }

    /// [`enter_scoring`](BrainsHearts::enter_scoring) for the seat to act, `actor` (its index,
    /// as [`actor`](BrainsHearts::actor) gives it), already at hand: not read again.
    #[inline(always)]
    pub(crate) fn enter_scoring_as(&mut self, actor: usize) {
        // The claims are worked out once, and a claim is open when they are not empty: the
        // test of `Side::any_claim`, made before the positions a run can start at are worked
        // out (about half the plays open no claim, and need them not).
        let side = self.tops.side(actor);
        let threes = side.three_values();
        let marks = side.start_marks();
        // One test of one mask (two tests of two would be two branches, each a coin toss).
        if threes | side.own_marks(marks) != 0 {
            self.claims = Claims {
                threes,
                positions: side.run_starts_marked(marks),
            };
            self.phase = Phase::Scoring;
        } else {
            self.end_turn_of(actor);
        }
    }

    /// Ends the turn: the other seat acts (or this one again if the other has no turn left);
    /// the new actor's locked cards unlock; with no turn left for anyone, the game is over.
    #[inline]
    pub(crate) fn end_turn(&mut self) {
        self.end_turn_of(self.actor());
    }

    /// [`end_turn`](BrainsHearts::end_turn) for the seat to act, `current` (its index), already
    /// at hand: not read again.
    #[inline(always)]
    fn end_turn_of(&mut self, current: usize) {
        let current = current & 1;
        let other = current ^ 1;
        let next = if self.seats[other].has_turn() {
            other
        } else if self.seats[current].has_turn() {
            current
        } else {
            self.phase = Phase::Over;
            return;
        };
        self.to_act = next as u8;
        self.phase = Phase::Action;
        // The new actor's locked cards (if any) show again: their bytes join the kept tops
        // (where their positions show nothing) and are no longer kept aside.
        self.tops.reveal(self.hidden[next]);
        self.hidden[next] = 0;
        self.seats[next].locked = 0;
    }

    /// The seat to act, as the trait reports it.
    pub(crate) fn seat_to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(Seat(self.to_act))
    }

    /// Every card of the game, in a fixed order.
    pub(crate) fn all_cards(&self, out: &mut Vec<Card>) {
        out.clear();
        for seat in &self.seats {
            out.extend_from_slice(seat.deck.as_slice());
            out.extend(seat.hand.iter());
            for slot in &seat.slots {
                out.extend(slot.as_slice().iter().map(|p| p.card));
            }
        }
        out.extend(self.discard.iter());
    }
}

/// Roll coins each seat is given.
pub(crate) const COINS: u8 = 2;

/// Cards each seat is dealt into its hand before the first turn.
pub(crate) const OPENING_HAND: usize = 2;

fn empty_seat() -> SeatState {
    SeatState {
        deck: ArrayStack::new(),
        hand: CardSet::EMPTY,
        slots: Default::default(),
        locked: 0,
        coins: COINS,
    }
}
