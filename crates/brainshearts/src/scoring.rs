//! The scoring phase (BH6): three of a kind (BH8) and runs built card by card (BH7).

use crate::board::{down, up, BoardCard, SeatState};
use crate::error::ActionError;
use crate::state::{BrainsHearts, Direction, Phase, Run};
use crate::Action;
use crate::Pos;

/// The unlocked top cards as the scoring rules see them, by position (`B1` … `H3`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tops {
    /// Value of the unlocked top card at each position, 0 when none.
    values: [u8; 6],
    /// Bits of the positions whose top card is an unmodified Ace.
    wormholes: u8,
    /// Bits of the actor's own positions.
    own: u8,
    /// For each value 1–7 (index 0 unused), the bits of the positions showing it.
    by_value: [u8; 8],
}

impl Tops {
    /// The tops of the board as the seat to act sees them: the state keeps the board's part
    /// up to date (see [`Tops::compute`]), only the side changes.
    pub(crate) fn of(game: &BrainsHearts) -> Tops {
        let own = if game.actor() == 0 {
            0b000_111
        } else {
            0b111_000
        };
        Tops { own, ..game.tops }
    }

    /// Reads the unlocked top cards of the board (the `own` side is left empty).
    pub(crate) fn compute(seats: &[SeatState; 2]) -> Tops {
        let mut values = [0u8; 6];
        let mut wormholes = 0;
        let mut by_value = [0u8; 8];
        let mut pos = 0;
        for seat in seats {
            for (slot, stack) in seat.slots.iter().enumerate() {
                if seat.locked & (1 << slot) == 0 {
                    if let Some(top) = stack.top() {
                        if let (Some(value), Some(mask)) = (
                            values.get_mut(pos),
                            by_value.get_mut(usize::from(top.value)),
                        ) {
                            *value = top.value;
                            *mask |= 1 << pos;
                        }
                        if top.is_wormhole() {
                            wormholes |= 1 << pos;
                        }
                    }
                }
                pos += 1;
            }
        }
        Tops {
            values,
            wormholes,
            own: 0,
            by_value,
        }
    }

    /// Records the unlocked top card at one position (`None`: empty or locked).
    pub(crate) fn set(&mut self, pos: usize, top: Option<BoardCard>) {
        let bit = 1u8 << (pos % 6);
        if let Some(old) = self.values.get_mut(pos) {
            if let Some(mask) = self.by_value.get_mut(usize::from(*old)) {
                *mask &= !bit;
            }
            *old = 0;
            self.wormholes &= !bit;
            if let Some(top) = top {
                *old = top.value;
                if let Some(mask) = self.by_value.get_mut(usize::from(top.value)) {
                    *mask |= bit;
                }
                if top.is_wormhole() {
                    self.wormholes |= bit;
                }
            }
        }
    }

    /// The positions whose top card has the value that may come next in the run.
    fn candidates(&self, run: Run) -> u8 {
        let next = match run.direction {
            Direction::Up => self.showing(up(run.last)),
            Direction::Down => self.showing(down(run.last)),
            Direction::Either => self.showing(up(run.last)) | self.showing(down(run.last)),
        };
        next & !run.used
    }

    fn value(&self, pos: usize) -> u8 {
        self.values.get(pos).copied().unwrap_or(0)
    }

    /// The bits of the positions whose unlocked top card has this value.
    fn showing(&self, value: u8) -> u8 {
        self.by_value.get(usize::from(value)).copied().unwrap_or(0)
    }

    /// Own and opponent counts of unlocked top cards of a value.
    fn counts(&self, value: u8) -> (u32, u32) {
        let mask = self.showing(value);
        (
            (mask & self.own).count_ones(),
            (mask & !self.own).count_ones(),
        )
    }

    /// Whether three of a kind of `value` can be claimed: three or more unlocked top cards of
    /// that value, at least one the actor's, and at least one the opponent's (else it captures
    /// nothing).
    pub(crate) fn three_of_a_kind(&self, value: u8) -> bool {
        let (own, opp) = self.counts(value);
        own >= 1 && opp >= 1 && own + opp >= 3
    }

    /// The direction a run starting at `pos` begins with, if it can start there at all.
    fn start(&self, pos: usize) -> Option<Run> {
        let value = self.value(pos);
        if value == 0 || self.own & (1 << pos) == 0 {
            return None;
        }
        let direction = if self.wormholes & (1 << pos) != 0 {
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
    fn follow(&self, run: Run, pos: usize) -> Option<Run> {
        let value = self.value(pos);
        if value == 0 || run.used & (1 << pos) != 0 {
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
            used: run.used | 1 << pos,
            ..run
        })
    }

    /// Whether a run not yet at three cards can still be completed into one that captures:
    /// three cards of which one is the opponent's, or (three own cards) a fourth that is.
    ///
    /// Before the captures a run has at most four cards, so their values are all different
    /// (seven values make the loop) and so are their positions: choosing, for each next value,
    /// an opponent card whenever one shows it is the best choice, and the check is a walk
    /// along the values.
    fn can_capture(&self, run: Run) -> bool {
        match run.direction {
            Direction::Up => self.walk(run, false),
            Direction::Down => self.walk(run, true),
            Direction::Either => self.walk(run, false) || self.walk(run, true),
        }
    }

    /// The walk of [`can_capture`](Tops::can_capture) in one direction.
    fn walk(&self, run: Run, downwards: bool) -> bool {
        let opponent = !self.own & 0b11_1111;
        let mut has_opp = run.used & opponent != 0;
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
            let showing = self.showing(value) & !run.used;
            if showing == 0 {
                return false;
            }
            has_opp |= showing & opponent != 0;
            len += 1;
        }
    }

    /// Whether a capturing run can start at `pos`.
    pub(crate) fn run_start(&self, pos: usize) -> Option<Run> {
        self.start(pos).filter(|&run| self.can_capture(run))
    }

    /// The run after the top card at `pos` extends it, if it may.
    pub(crate) fn extend(&self, run: Run, pos: usize) -> Option<Run> {
        let next = self.follow(run, pos)?;
        if run.len < 3 {
            // Before the captures, only cards that keep a capturing run possible.
            self.can_capture(next).then_some(next)
        } else {
            Some(next)
        }
    }

    /// Whether any claim can be made.
    pub(crate) fn any_claim(&self) -> bool {
        let present = self.by_value.iter().fold(0, |all, mask| all | mask);
        let opponent = !self.own & 0b11_1111;
        // Every claim needs one of the actor's cards and captures one of the opponent's.
        if present & self.own == 0 || present & opponent == 0 {
            return false;
        }
        // A run needs three values in a row on the loop of seven (A-7-6 is one too), and three
        // of a kind three cards of one value: without either, nothing can be claimed.
        let mut shown: u8 = 0;
        let mut triple = false;
        for (value, mask) in self.by_value.iter().enumerate().skip(1) {
            if *mask != 0 {
                shown |= 1 << (value - 1);
            }
            triple |= mask.count_ones() >= 3;
        }
        let next = (shown >> 1) | ((shown & 1) << 6);
        let after = (next >> 1) | ((next & 1) << 6);
        if !triple && shown & next & after == 0 {
            return false;
        }
        if self
            .by_value
            .iter()
            .any(|&m| m & self.own != 0 && m & opponent != 0 && m.count_ones() >= 3)
        {
            return true;
        }
        let mut starts = present & self.own;
        while starts != 0 {
            let pos = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            if self.run_start(pos).is_some() {
                return true;
            }
        }
        false
    }

    /// Whether the run can take any further card.
    pub(crate) fn can_extend(&self, run: Run) -> bool {
        let mut candidates = self.candidates(run);
        while candidates != 0 {
            let pos = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if self.extend(run, pos).is_some() {
                return true;
            }
        }
        false
    }
}

impl BrainsHearts {
    /// Whether the seat to act can make any claim now.
    pub(crate) fn any_claim(&self) -> bool {
        Tops::of(self).any_claim()
    }

    /// Legal actions of the scoring phase: `three` by value, `run` by position, then `end`.
    pub(crate) fn scoring_actions(&self, out: &mut Vec<Action>) {
        let tops = Tops::of(self);
        for value in 1..=7 {
            if tops.three_of_a_kind(value) {
                out.push(Action::Three(value));
            }
        }
        for pos in Pos::ALL {
            if tops.run_start(pos.index()).is_some() {
                out.push(Action::Run(pos));
            }
        }
        out.push(Action::End);
    }

    /// Legal actions while a run is built: `extend` by position, then `stop` once it has
    /// captured.
    pub(crate) fn run_actions(&self, run: Run, out: &mut Vec<Action>) {
        let tops = Tops::of(self);
        let candidates = tops.candidates(run);
        for pos in Pos::ALL {
            if candidates & (1 << pos.index()) != 0 && tops.extend(run, pos.index()).is_some() {
                out.push(Action::Extend(pos));
            }
        }
        if run.captured > 0 {
            out.push(Action::Stop);
        }
    }

    /// Claims three of a kind: every unlocked opponent top card of the value is captured.
    pub(crate) fn claim_three(&mut self, value: u8) -> Result<(), ActionError> {
        let tops = Tops::of(self);
        if !tops.three_of_a_kind(value) {
            return Err(ActionError::NoThreeOfAKind(value));
        }
        for pos in 0..6 {
            if tops.own & (1 << pos) == 0 && tops.value(pos) == value {
                self.capture(pos);
            }
        }
        self.after_claim();
        Ok(())
    }

    /// Starts a run.
    pub(crate) fn start_run(&mut self, pos: Pos) -> Result<(), ActionError> {
        let run = Tops::of(self)
            .run_start(pos.index())
            .ok_or(ActionError::CannotStartRun(pos))?;
        self.phase = Phase::Running(run);
        Ok(())
    }

    /// Adds a card to the run; at three cards the opponent cards in it are captured, and from
    /// then on an opponent card added is captured at once. A run that can go no further ends.
    pub(crate) fn extend_run(&mut self, run: Run, pos: Pos) -> Result<(), ActionError> {
        let tops = Tops::of(self);
        let mut next = tops
            .extend(run, pos.index())
            .ok_or(ActionError::CannotExtend(pos))?;
        let opponent = !tops.own & 0b11_1111;
        if next.len == 3 {
            for p in 0..6 {
                if next.used & opponent & (1 << p) != 0 {
                    self.capture(p);
                    next.captured = next.captured.saturating_add(1);
                }
            }
            next.used &= tops.own;
        } else if next.len > 3 && opponent & (1 << pos.index()) != 0 {
            self.capture(pos.index());
            next.captured = next.captured.saturating_add(1);
            next.used &= tops.own;
        }
        self.phase = Phase::Running(next);
        if next.len >= 3 && !Tops::of(self).can_extend(next) {
            self.after_claim();
        }
        Ok(())
    }

    /// Ends the run.
    pub(crate) fn stop_run(&mut self, run: Run) -> Result<(), ActionError> {
        if run.captured == 0 {
            return Err(ActionError::RunNotScored);
        }
        self.after_claim();
        Ok(())
    }

    /// After a claim: the scoring phase goes on while a claim can be made.
    fn after_claim(&mut self) {
        self.enter_scoring();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::GameRng;

    /// The plain search over every path of positions, as the reference for `can_capture`.
    fn reference(tops: &Tops, run: Run) -> bool {
        let has_opp = run.used & !tops.own & 0b11_1111 != 0;
        if run.len >= 3 && has_opp {
            return true;
        }
        if run.len >= 4 {
            return false;
        }
        (0..6).any(|pos| {
            tops.follow(run, pos)
                .is_some_and(|next| reference(tops, next))
        })
    }

    #[test]
    fn the_walk_along_values_agrees_with_the_full_search() {
        let mut rng = GameRng::from_seed(17);
        for _ in 0..20_000 {
            let mut values = [0u8; 6];
            let mut by_value = [0u8; 8];
            for (pos, value) in values.iter_mut().enumerate() {
                *value = rng.below(8) as u8;
                if *value != 0 {
                    by_value[usize::from(*value)] |= 1 << pos;
                }
            }
            let wormholes = rng.below(64) as u8 & by_value[1];
            let own = if rng.below(2) == 0 {
                0b000_111
            } else {
                0b111_000
            };
            let tops = Tops {
                values,
                wormholes,
                own,
                by_value,
            };
            let plain = (1..=7).any(|v| tops.three_of_a_kind(v))
                || (0..6).any(|p| tops.run_start(p).is_some());
            assert_eq!(tops.any_claim(), plain, "{tops:?}");
            for pos in 0..6 {
                let Some(run) = tops.start(pos) else { continue };
                assert_eq!(
                    tops.can_capture(run),
                    reference(&tops, run),
                    "{tops:?} from {pos}"
                );
                for next in 0..6 {
                    if let Some(two) = tops.follow(run, next) {
                        assert_eq!(
                            tops.can_capture(two),
                            reference(&tops, two),
                            "{tops:?} {pos} {next}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_kept_tops_always_match_the_board() {
        use cards::Game;
        for seed in 0..200 {
            let options = crate::Options {
                die_results: Some(vec![6, 2, 4, 5]),
                ..crate::Options::default()
            };
            let options = if seed % 2 == 0 {
                options
            } else {
                crate::Options::default()
            };
            let Ok(mut game) = BrainsHearts::new(options, seed) else {
                panic!("options refused")
            };
            let mut rng = GameRng::from_seed(seed);
            let mut legal = Vec::new();
            while game.to_act().is_some() {
                assert_eq!(
                    game.tops,
                    Tops::compute(&game.seats),
                    "seed {seed}, ply {}",
                    game.plies()
                );
                game.legal_actions(&mut legal);
                let action = legal[rng.index(legal.len())];
                assert!(game.apply(action).is_ok());
            }
            assert_eq!(game.tops, Tops::compute(&game.seats));
        }
    }
}
