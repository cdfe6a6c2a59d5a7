//! The God Die (BH5): rolling, choosing after a 6, and changing a top card.

use crate::error::ActionError;
use crate::scoring::{position_action, position_count, push_positions, CHANGE_ROWS};
use crate::state::{BrainsHearts, Phase};
use crate::tops::{top_byte, Tops};
use crate::{Action, Pos};

/// Whether a die result 2–5 targets the roller's own cards (2, 3) or the opponent's (4, 5).
const fn targets_own(result: u8) -> bool {
    result <= 3
}

impl BrainsHearts {
    /// Whether the top card at `pos` qualifies for a die result 2–5: unlocked, and on the
    /// roller's side for 2 and 3, on the opponent's for 4 and 5.
    pub(crate) fn is_target(&self, result: u8, pos: Pos) -> bool {
        let own_side = pos.seat().index() == self.actor();
        own_side == targets_own(result) && self.free_top(pos.index()).is_some()
    }

    /// The positions whose top card a die result 2–5 can change (bit = position index): the
    /// unlocked top cards, which the kept tops show (every one with a value), of the roller's
    /// side for 2 and 3, of the opponent's for 4 and 5: the positions
    /// [`is_target`](BrainsHearts::is_target) accepts, as one mask.
    #[inline]
    pub(crate) fn targets(&self, result: u8) -> u8 {
        let own = Tops::own_positions(self.actor());
        let side = if targets_own(result) { own } else { !own };
        self.tops.showing_positions() & side
    }

    /// Legal targets of a die result, by position: one row from a table by the targets.
    #[inline(never)]
    pub(crate) fn target_actions(&self, result: u8, out: &mut Vec<Action>) {
        push_positions(self.targets(result), &CHANGE_ROWS, false, out);
    }

    /// The targets of a die result 2–5 (see [`targets`](BrainsHearts::targets)) and how many
    /// there are: as many as [`target_actions`](BrainsHearts::target_actions) lists.
    #[inline(always)]
    pub(crate) fn target_count(&self, result: u8) -> (u8, usize) {
        let targets = self.targets(result);
        (targets, position_count(targets))
    }

    /// The target at `index` (below their count) among these targets, in the order of
    /// [`target_actions`](BrainsHearts::target_actions).
    #[inline(always)]
    pub(crate) fn target_action(targets: u8, index: usize) -> Action {
        position_action(targets, &CHANGE_ROWS, index)
    }

    /// Spends a roll coin and rolls, if the seat to act has one.
    #[inline]
    pub(crate) fn roll(&mut self) -> Result<(), ActionError> {
        if self.me().coins == 0 {
            return Err(ActionError::NoCoin);
        }
        self.spend_coin_and_roll();
        Ok(())
    }

    /// Spends a roll coin and rolls: the next stacked result, else one from the generator. The
    /// seat to act has a coin (checked by [`BrainsHearts::roll`], or `roll` just listed, which
    /// it is only while a coin is left).
    #[inline(never)]
    pub(crate) fn spend_coin_and_roll(&mut self) {
        let me = self.me_mut();
        // A coin is left (see above): this takes it.
        me.coins = me.coins.saturating_sub(1);
        let result = match self.dice.pop() {
            Some(result) => result,
            None => self.rng.roll(6) as u8,
        };
        self.last_roll = Some(result);
        if result == 6 {
            self.phase = Phase::DieChoice;
        } else {
            self.resolve(result);
        }
    }

    /// Takes a result 1–5 chosen after a 6.
    #[inline(never)]
    pub(crate) fn choose(&mut self, result: u8) -> Result<(), ActionError> {
        if !(1..=5).contains(&result) {
            return Err(ActionError::BadChoice(result));
        }
        self.resolve(result);
        Ok(())
    }

    /// A result 1–5: 1 ends the turn with no scoring; 2–5 await the roller's choice of card,
    /// or have no effect when no card qualifies.
    #[inline(always)]
    pub(crate) fn resolve(&mut self, result: u8) {
        if result <= 1 {
            self.end_turn();
        } else if self.targets(result) != 0 {
            // One mask of the positions `is_target` accepts, not a test of each (whether a
            // card qualifies is a coin toss).
            self.phase = Phase::DieTarget { result };
        } else {
            self.enter_scoring();
        }
    }

    /// Applies a result 2–5 to the top card at `pos` if it is a target of the result.
    #[inline]
    pub(crate) fn change(&mut self, result: u8, pos: Pos) -> Result<(), ActionError> {
        if !self.is_target(result, pos) {
            return Err(ActionError::NotATarget(pos));
        }
        self.change_target(result, pos);
        Ok(())
    }

    /// Applies a result 2–5 to the top card at `pos`, a target of the result (checked by
    /// [`BrainsHearts::change`], or listed by [`BrainsHearts::target_actions`], which lists
    /// only the targets): +1 for 2 and 4, −1 for 3 and 5; the scoring phase follows if a claim
    /// is open, else the turn ends.
    #[inline(never)]
    pub(crate) fn change_target(&mut self, result: u8, pos: Pos) {
        let raise = result % 2 == 0;
        if let Some(top) = self
            .seats
            .get_mut(pos.seat().index())
            .and_then(|s| s.slots.get_mut(pos.slot()))
            .and_then(|s| s.top_mut())
        {
            *top = top.changed(raise);
            // A target is an unlocked top card: the changed card shows.
            let byte = top_byte(*top);
            self.tops.set_byte(pos.index(), byte);
        }
        self.enter_scoring();
    }
}
