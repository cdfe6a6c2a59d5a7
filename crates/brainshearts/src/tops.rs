//! The unlocked top cards, kept up to date as the board changes, and the claim checks read
//! from them (BH7, BH8).
//!
//! What can be claimed depends only on the unlocked top cards, which change only when a card
//! is played, changed by the die, locked, unlocked or captured: the state keeps them in
//! [`Tops`], in bit masks the checks read in a few instructions, instead of searching the board
//! after every play.

use crate::board::{down, up, BoardCard, SeatState};
use crate::state::{BrainsHearts, Direction, Run};

mod tables;

use tables::{
    nonzero_positions, value_bit, GATHER_BYTES, NEXT_TWO_SHOWN, OPPONENT_WITHIN_THREE,
    POSITION_LOW_BITS, STEPS, WORMHOLE,
};
pub(crate) use tables::{played_byte, top_byte};

/// The unlocked top cards as the scoring rules see them, by position (`B1` … `H3`), kept up
/// to date by the state at every change of the board (see [`Tops::set`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tops {
    /// Byte `p` for position `p` (`B1` = byte 0 … `H3` = byte 5), 0 when the position shows no
    /// card: in bits 0–6 the value its unlocked top card shows as a mask of values (bit `v − 1`
    /// for value `v`), and bit 7 set when that card is an unmodified Ace (a wormhole). A change
    /// of one position rewrites one byte of one word; what each seat shows, three of a kind,
    /// where a run can start, a position's value and the wormholes are all read from it.
    shown: u64,
}

/// The tops as one seat sees them: its own positions and the opponent's.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Side<'a> {
    tops: &'a Tops,
    /// Bits of the seat's own positions.
    pub(crate) own: u8,
    /// The values the seat's own unlocked top cards show (bit `v − 1` for value `v`), and
    /// [`WORMHOLE`] when one of them is a wormhole: the marks its positions show.
    mine: u8,
    /// The values the opponent's unlocked top cards show.
    opp: u8,
    /// The values any unlocked top card shows.
    all: u8,
}

impl Tops {
    /// The tops of the board as the seat to act sees them.
    #[inline]
    pub(crate) fn of(game: &BrainsHearts) -> Side<'_> {
        game.tops.side(game.actor())
    }

    /// Bits of the positions of `seat` (0–1): `B1`–`B3` or `H1`–`H3`.
    #[inline]
    pub(crate) const fn own_positions(seat: usize) -> u8 {
        0b111 << (3 * (seat & 1))
    }

    /// The tops as `seat` (0–1) sees them.
    #[inline]
    pub(crate) fn side(&self, seat: usize) -> Side<'_> {
        let seat = seat & 1;
        let [brain, heart] = self.seat_marks();
        Side {
            tops: self,
            own: 0b111 << (3 * seat),
            mine: if seat == 0 { brain } else { heart },
            opp: (if seat == 0 { heart } else { brain }) & 0x7F,
            all: (brain | heart) & 0x7F,
        }
    }

    /// Reads the unlocked top cards of the board.
    pub(crate) fn compute(seats: &[SeatState; 2]) -> Tops {
        let mut tops = Tops::default();
        let mut pos = 0;
        for seat in seats {
            for slot in 0..3 {
                tops.set(pos, seat.free_top(slot));
                pos += 1;
            }
        }
        tops
    }

    /// By seat, the bytes its locked top cards will show once they unlock, by position as in
    /// [`Tops::shown`] (0 where no top card is locked).
    pub(crate) fn locked_bytes(seats: &[SeatState; 2]) -> [u64; 2] {
        let mut bytes = [0; 2];
        let mut pos = 0;
        for (seat, kept) in seats.iter().zip(bytes.iter_mut()) {
            for (slot, stack) in seat.slots.iter().enumerate() {
                if let (true, Some(top)) = (seat.is_locked(slot), stack.top()) {
                    *kept |= u64::from(top_byte(top)) << (8 * pos);
                }
                pos += 1;
            }
        }
        bytes
    }

    /// Shows the bytes of positions that showed nothing (their cards unlocked).
    #[inline]
    pub(crate) fn reveal(&mut self, bytes: u64) {
        self.shown |= bytes;
    }

    /// Records the unlocked top card at one position (`None`: empty or locked).
    #[inline]
    pub(crate) fn set(&mut self, pos: usize, top: Option<BoardCard>) {
        self.set_byte(pos, top.map_or(0, top_byte));
    }

    /// Records a position's byte (see [`Tops::shown`], and [`top_byte`]).
    #[inline]
    pub(crate) fn set_byte(&mut self, pos: usize, byte: u8) {
        // A position 0–5 (no other is ever given): the check stands for the reduction modulo 6
        // the shift needs, without a division.
        if pos >= 6 {
            return;
        }
        let shift = 8 * pos as u32;
        self.shown = (self.shown & !(0xFF << shift)) | u64::from(byte) << shift;
    }

    /// The bits of the positions whose top card is a wormhole (an unmodified Ace).
    #[cfg(test)]
    fn wormholes(&self) -> u8 {
        let marks = (self.shown >> 7) & POSITION_LOW_BITS;
        ((marks.wrapping_mul(GATHER_BYTES) >> 40) & 0b11_1111) as u8
    }

    /// What the unlocked top cards of each seat show: the values (bit `v − 1` for value `v`),
    /// and [`WORMHOLE`] when one of them is a wormhole.
    #[inline]
    fn seat_marks(&self) -> [u8; 2] {
        let shown = self.shown;
        // Byte 0: the Brain's three bytes together; byte 3: the Heart's.
        let either = shown | shown >> 8 | shown >> 16;
        [either as u8, (either >> 24) as u8]
    }

    /// The values whose three of a kind can be claimed (bit `v − 1` for value `v`): three or
    /// more unlocked top cards of the value, at least one of each seat (so the claimer has
    /// one and captures one), whichever seat claims. With one of each, three or more means two
    /// or more of one seat.
    #[inline]
    pub(crate) fn triples(&self) -> u8 {
        let shown = self.shown;
        let (next, after) = (shown >> 8, shown >> 16);
        // Byte 0 (the Brain's) and byte 3 (the Heart's): values shown once or more, twice or
        // more among the seat's three positions.
        let once = shown | next | after;
        let twice = (shown & next) | ((shown | next) & after);
        let brain = once & 0x7F;
        let heart = once >> 24 & 0x7F;
        let pair = (twice | twice >> 24) & 0x7F;
        (brain & heart & pair) as u8
    }

    /// The positions whose top card has the value that may come next in the run, not in it
    /// yet.
    #[inline]
    pub(crate) fn candidates(&self, run: Run) -> u8 {
        let next = match run.direction {
            Direction::Up => self.showing(up(run.last)),
            Direction::Down => self.showing(down(run.last)),
            Direction::Either => self.showing(up(run.last)) | self.showing(down(run.last)),
        };
        next & !run.used
    }

    /// The run after adding the top card at `pos`, if that card can follow (ignoring whether
    /// the run can still capture): the reference for [`Tops::extended`].
    #[cfg(test)]
    pub(crate) fn follow(&self, run: Run, pos: usize) -> Option<Run> {
        let value = self.value(pos);
        if value == 0 || run.used & (1 << (pos & 7)) != 0 {
            return None;
        }
        let direction = match run.direction {
            Direction::Up if value == up(run.last) => Direction::Up,
            Direction::Down if value == down(run.last) => Direction::Down,
            Direction::Either if value == up(run.last) => Direction::Up,
            Direction::Either if value == down(run.last) => Direction::Down,
            _ => return None,
        };
        Some(Run {
            len: run.len.saturating_add(1),
            last: value,
            direction,
            used: run.used | 1 << (pos & 7),
            ..run
        })
    }

    /// The run after the top card at `pos` extends it, for an open extension (one of the
    /// positions the claims hold during a run, every one a card that can follow: see
    /// [`Side::extensions`]), without checking again that it can (see `Tops::follow` in the
    /// tests, the check; the tests hold the two to each other on every open extension of many
    /// games).
    #[inline]
    pub(crate) fn extended(&self, run: Run, pos: usize) -> Run {
        // The card's value from its byte's lowest value bit (an open extension shows a card:
        // the mark in bit 7 stands for no value, and never counts).
        let value = (self.byte(pos) | WORMHOLE).trailing_zeros() as u8 + 1;
        // A run from a wormhole goes the way its second card shows: up and down are different
        // values round the loop of seven.
        let direction = match run.direction {
            Direction::Either if value == STEPS[1][usize::from(run.last & 7)].0 => Direction::Down,
            Direction::Either => Direction::Up,
            direction => direction,
        };
        Run {
            // A plain increment: a run holds at most its six positions' cards and the
            // opponent's 14 (loading checks its length against them), far from the top.
            len: run.len.wrapping_add(1),
            last: value,
            direction,
            used: run.used | 1 << (pos & 7),
            ..run
        }
    }

    /// The byte of a position (0–5; see [`Tops::shown`]), 0 for any other.
    #[inline]
    fn byte(&self, pos: usize) -> u8 {
        if pos >= 6 {
            return 0;
        }
        (self.shown >> (8 * pos)) as u8
    }

    /// The value of the unlocked top card at a position (0–5), 0 when none.
    #[cfg(test)]
    fn value(&self, pos: usize) -> u8 {
        let bits = self.byte(pos) & 0x7F;
        // Bit `v − 1` for value `v`; no bit for no card.
        if bits == 0 {
            0
        } else {
            bits.trailing_zeros() as u8 + 1
        }
    }

    /// The values whose three of a kind can be claimed (see [`triples`](Tops::triples)), bit
    /// `v − 1` for value `v`.
    #[inline]
    pub(crate) fn three_values(&self) -> u8 {
        self.triples()
    }

    /// The bits of the positions whose unlocked top card has this value.
    #[inline]
    pub(crate) fn showing(&self, value: u8) -> u8 {
        if !(1..=7).contains(&value) {
            return 0;
        }
        let low = (self.shown >> (value - 1)) & POSITION_LOW_BITS;
        ((low.wrapping_mul(GATHER_BYTES) >> 40) & 0b11_1111) as u8
    }

    /// The bits of the positions that show an unlocked top card.
    #[inline]
    pub(crate) fn showing_positions(&self) -> u8 {
        nonzero_positions(self.shown)
    }

    /// The bits of the positions whose unlocked top card shows one of these values (bit
    /// `v − 1` for value `v`).
    #[cfg(test)]
    fn showing_any(&self, values: u8) -> u8 {
        self.showing_marked(values & 0x7F)
    }

    /// The bits of the positions whose byte (see [`Tops::shown`]) shares a bit with `marks`:
    /// values (bits 0–6) and [`WORMHOLE`].
    #[inline]
    fn showing_marked(&self, marks: u8) -> u8 {
        nonzero_positions(self.shown & u64::from(marks).wrapping_mul(POSITION_LOW_BITS))
    }
}

impl Side<'_> {
    /// The values whose three of a kind can be claimed, bit `v − 1` for value `v`.
    #[inline]
    pub(crate) fn three_values(&self) -> u8 {
        self.tops.three_values()
    }

    /// The values the opponent's unlocked top cards show.
    #[inline]
    fn opponent_values(&self) -> u8 {
        self.opp
    }

    /// The values any unlocked top card shows.
    #[inline]
    fn all_values(&self) -> u8 {
        self.all
    }

    /// The marks of where a capturing run can start: the values a run counting upwards can
    /// start from and capture (bit `v − 1` for value `v`: the next two values show, and one of
    /// the next three on the opponent's side), and [`WORMHOLE`] when a run counting downwards
    /// from an unmodified Ace can capture (7 and 6 show, and one of 7, 6, 5 on the opponent's
    /// side). Two loads: the tables carry both.
    #[inline]
    pub(crate) fn start_marks(&self) -> u8 {
        NEXT_TWO_SHOWN[usize::from(self.all_values() & 0x7F)]
            & OPPONENT_WITHIN_THREE[usize::from(self.opponent_values() & 0x7F)]
    }

    /// Bits of the own positions a capturing run can start at.
    #[inline]
    pub(crate) fn run_starts(&self) -> u8 {
        self.run_starts_marked(self.start_marks())
    }

    /// Bits of the own positions a capturing run can start at, from the
    /// [`start_marks`](Side::start_marks).
    #[inline]
    pub(crate) fn run_starts_marked(&self, marks: u8) -> u8 {
        // The positions showing a value an upward run starts from, and the wormholes when a
        // downward run can capture: the bytes that share a bit with the marks, in one pass.
        self.tops.showing_marked(marks) & self.own
    }

    /// Whether a capturing run can start at one of the own positions, from the
    /// [`start_marks`](Side::start_marks): one of them shows a mark exactly when the seat's
    /// marks together do (the same as [`run_starts_marked`](Side::run_starts_marked) not
    /// being empty, read from one byte).
    #[inline]
    pub(crate) fn can_start_marked(&self, marks: u8) -> bool {
        self.own_marks(marks) != 0
    }

    /// The [`start_marks`](Side::start_marks) the seat's own positions show, together: not
    /// empty exactly when a capturing run can start at one of them.
    #[inline]
    pub(crate) fn own_marks(&self, marks: u8) -> u8 {
        self.mine & marks
    }

    /// The positions whose top card has the value that may come next in the run.
    #[inline]
    pub(crate) fn candidates(&self, run: Run) -> u8 {
        self.tops.candidates(run)
    }

    /// Whether three of a kind of `value` can be claimed: three or more unlocked top cards of
    /// that value, at least one the actor's, and at least one the opponent's (else it captures
    /// nothing).
    #[cfg(test)]
    pub(crate) fn three_of_a_kind(&self, value: u8) -> bool {
        (1..=7).contains(&value) && self.tops.triples() & (1 << (value - 1)) != 0
    }

    /// The direction a run starting at `pos` begins with, if it can start there at all.
    pub(crate) fn start(&self, pos: usize) -> Option<Run> {
        // The position's byte: its value's bit and its wormhole mark (0 for no position).
        let byte = self.tops.byte(pos);
        let bits = byte & 0x7F;
        if bits == 0 || self.own & (1 << pos) == 0 {
            return None;
        }
        let value = bits.trailing_zeros() as u8 + 1;
        let direction = if byte & WORMHOLE != 0 {
            Direction::Either
        } else {
            Direction::Up
        };
        Some(Run {
            len: 1,
            last: value,
            direction,
            used: 1 << pos,
            captured: 0,
        })
    }

    /// The run after adding the top card at `pos`, if that card can follow (ignoring whether
    /// the run can still capture).
    #[cfg(test)]
    pub(crate) fn follow(&self, run: Run, pos: usize) -> Option<Run> {
        self.tops.follow(run, pos)
    }

    /// Whether a run not yet at three cards can still be completed into one that captures:
    /// three cards of which one is the opponent's, or (three own cards) a fourth that is.
    ///
    /// Before the captures a run has at most four cards, so their values are all different
    /// (seven values make the loop) and so are their positions: choosing, for each next value,
    /// an opponent card whenever one shows it is the best choice, and the check is a walk
    /// along the values, read from the masks of values each side shows.
    #[cfg(test)]
    fn can_capture(&self, run: Run) -> bool {
        match run.direction {
            Direction::Up => self.walk(run, false),
            Direction::Down => self.walk(run, true),
            Direction::Either => self.walk(run, false) || self.walk(run, true),
        }
    }

    /// Whether a run of fewer than three cards can still capture, walking one way round (see
    /// `can_capture`, the reference the tests check it against).
    #[inline]
    fn walk(&self, run: Run, downwards: bool) -> bool {
        let all = self.all_values();
        let opp = self.opponent_values();
        let mut has_opp = run.used & !self.own & 0b11_1111 != 0;
        let mut len = run.len;
        let mut value = run.last;
        loop {
            if len >= 3 && has_opp {
                return true;
            }
            if len >= 4 {
                return false;
            }
            value = if downwards { down(value) } else { up(value) };
            let bit = value_bit(value);
            if all & bit == 0 {
                return false;
            }
            has_opp |= opp & bit != 0;
            len += 1;
        }
    }

    /// Whether a capturing run can start at `pos`.
    #[cfg(test)]
    pub(crate) fn run_start(&self, pos: usize) -> Option<Run> {
        self.start(pos).filter(|&run| self.can_capture(run))
    }

    /// The run after the top card at `pos` extends it, if it may.
    #[cfg(test)]
    pub(crate) fn extend(&self, run: Run, pos: usize) -> Option<Run> {
        let next = self.follow(run, pos)?;
        if run.len < 3 {
            // Before the captures, only cards that keep a capturing run possible.
            self.can_capture(next).then_some(next)
        } else {
            Some(next)
        }
    }

    /// Whether any claim can be made: a three of a kind, or a capturing run from one of the
    /// actor's cards.
    #[inline]
    pub(crate) fn any_claim(&self) -> bool {
        // One mask for every kind of claim, tested once: whether one is open is a coin toss
        // after a play.
        (self.tops.triples() != 0) | self.can_start_marked(self.start_marks())
    }

    /// The positions whose top card can extend the run: from three cards on every card of the
    /// next value, before that only those that keep a capturing run possible.
    #[inline(always)]
    pub(crate) fn extensions(&self, run: Run) -> u8 {
        if run.len >= 3 {
            return self.candidates(run);
        }
        if run.len == 0 {
            // No run has no card (a loaded one is checked); kept exact all the same.
            return self.walked_extensions(run);
        }
        match run.direction {
            Direction::Up => self.open_early(run, false),
            Direction::Down => self.open_early(run, true),
            Direction::Either => self.open_early(run, false) | self.open_early(run, true),
        }
    }

    /// The positions whose top card can extend a run of two cards (see
    /// [`extensions`](Side::extensions)), whose direction is set (a run's direction is
    /// undecided at one card only, as loading checks): the card taken makes three, so an
    /// opponent card is open at once, an own card if an opponent card is in the run or shows
    /// the value after it, read from [`STEPS`] as [`open_early`](Side::open_early) does.
    #[inline(always)]
    pub(crate) fn extensions_of_two(&self, run: Run) -> u8 {
        let downwards = run.direction == Direction::Down;
        let (next, after, _) = STEPS[usize::from(downwards)][usize::from(run.last & 7)];
        let candidates = self.tops.showing(next) & !run.used & 0b11_1111;
        let has_opp = run.used & !self.own & 0b11_1111 != 0;
        let own_open = has_opp | (self.opponent_values() & after != 0);
        candidates & (!self.own | 0u8.wrapping_sub(u8::from(own_open)))
    }

    /// The extensions of a run of fewer than three cards by walks along the values (see
    /// [`open_towards`](Side::open_towards)), for a run of no card.
    #[cold]
    #[inline(never)]
    fn walked_extensions(&self, run: Run) -> u8 {
        match run.direction {
            Direction::Up => self.open_towards(run, false),
            Direction::Down => self.open_towards(run, true),
            Direction::Either => self.open_towards(run, false) | self.open_towards(run, true),
        }
    }

    /// The positions of the next value one way round that a run of one or two cards can take
    /// and still capture, read from [`STEPS`] (the same answer as
    /// [`open_towards`](Side::open_towards), which walks; the tests hold the two to a plain
    /// search). With the card the run has two or three cards; one of the opponent's is open
    /// if the run can reach three (at one card: the value after shows), an own one if an
    /// opponent card can still join: already in the run, or (at one card) one of the two
    /// values after the next on the opponent's side, (at two) the value after it.
    #[inline(always)]
    fn open_early(&self, run: Run, downwards: bool) -> u8 {
        let (next, after, then) = STEPS[usize::from(downwards)][usize::from(run.last & 7)];
        let candidates = self.tops.showing(next) & !run.used & 0b11_1111;
        let has_opp = run.used & !self.own & 0b11_1111 != 0;
        let opp = self.opponent_values();
        let (open, own_open) = if run.len <= 1 {
            (
                self.all_values() & after != 0,
                has_opp | (opp & (after | then) != 0),
            )
        } else {
            (true, has_opp | (opp & after != 0))
        };
        candidates
            & 0u8.wrapping_sub(u8::from(open))
            & (!self.own | 0u8.wrapping_sub(u8::from(own_open)))
    }

    /// The positions of the next value one way round that a run of fewer than three cards
    /// can take and still capture. Whether the longer run can capture depends only on its
    /// length, its last value, its direction and whether it holds an opponent card, so the
    /// walk is made once for the own cards and once for the opponent's, not once per card.
    #[inline(always)]
    fn open_towards(&self, run: Run, downwards: bool) -> u8 {
        let value = if downwards {
            down(run.last)
        } else {
            up(run.last)
        };
        let candidates = self.tops.showing(value) & !run.used & 0b11_1111;
        if candidates == 0 {
            return 0;
        }
        let own = candidates & self.own;
        let opponent = candidates & !self.own;
        let step = |value: u8| if downwards { down(value) } else { up(value) };
        let has_opp = run.used & !self.own & 0b11_1111 != 0;
        let after = value_bit(step(value));
        let opp = self.opponent_values();
        let own_open = match run.len {
            // Three cards with it: an opponent card captures at once; an own card needs an
            // opponent card already in the run, or one of the value after as a fourth card.
            2 => {
                return opponent | if has_opp || opp & after != 0 { own } else { 0 };
            }
            // Two cards with it: the value after must show; an own card then needs an
            // opponent card in the run or among the next two values.
            1 => {
                if self.all_values() & after == 0 {
                    return 0;
                }
                has_opp || opp & (after | value_bit(step(step(value)))) != 0
            }
            _ => self.walk(self.joined(run, value, downwards, run.used), downwards),
        };
        let opponent_open = match run.len {
            1 => true,
            _ => self.walk(
                self.joined(run, value, downwards, run.used | opponent),
                downwards,
            ),
        };
        (if own_open { own } else { 0 }) | (if opponent_open { opponent } else { 0 })
    }

    /// The run after a card of `value` joins it one way round, with these positions used.
    #[inline]
    fn joined(&self, run: Run, value: u8, downwards: bool, used: u8) -> Run {
        Run {
            len: run.len.saturating_add(1),
            last: value,
            direction: if downwards {
                Direction::Down
            } else {
                Direction::Up
            },
            used,
            ..run
        }
    }
}

#[cfg(test)]
mod tests;
