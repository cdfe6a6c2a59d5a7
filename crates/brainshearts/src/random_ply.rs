//! One ply of a uniformly random playout, looking at the phase once (issue 12): the legal
//! actions are listed, one is drawn and it is carried out by the phase's own rule, where a
//! playout through `legal_actions` and `apply` looks at the phase in each (and in `to_act`), and
//! `apply` checks again, through a `Result` returned in memory, what the listing has just
//! established.
//!
//! Every rule a drawn action obeys in `apply` holds here too: each step is split into its
//! checks (made by `apply` only) and what it does (shared by `apply` and this ply), and an
//! action drawn here is one the phase's listing has just offered by the very rule those checks
//! test. An action of another kind (never listed in the phase) goes through `apply` itself.

use cards::{Draw, Game};

use crate::error::ActionError;
use crate::state::{BrainsHearts, Phase};
use crate::Action;

/// A ply's refusal: the action drawn and the reason (never met by a listed action).
type Refusal = (Action, ActionError);

impl BrainsHearts {
    /// Fills `out` with the legal actions (as `legal_actions`), takes the one at
    /// `rng.index(out.len())` (as `apply` would) and returns how many were offered: 0, taking
    /// nothing (the draw made all the same, as the generic ply makes it), when none is legal. A
    /// refusal comes back with the action refused; the state is then unchanged.
    #[inline]
    pub(crate) fn random_ply_by_phase<R: Draw + ?Sized>(
        &mut self,
        rng: &mut R,
        out: &mut Vec<Action>,
    ) -> Result<usize, Refusal> {
        out.clear();
        match self.phase {
            Phase::Action => {
                self.action_actions(out);
                let Some(action) = drawn(out, rng) else {
                    return Ok(0);
                };
                match action {
                    // Listed only while the deck holds a card: the draw takes it.
                    Action::Draw => self.draw().map_err(|e| (action, e))?,
                    // Listed only once the deck is empty, by `play_actions`: a play that meets
                    // the play's rules.
                    Action::Play { card, slot, locked } => self.place_listed(card, slot, locked)?,
                    // Listed only while a coin is left.
                    Action::Roll => self.spend_coin_and_roll(),
                    other => return self.apply_unlisted(other, out.len()),
                }
            }
            Phase::Play => {
                self.play_actions(out);
                let Some(action) = drawn(out, rng) else {
                    return Ok(0);
                };
                match action {
                    // Listed by `play_actions`: a play that meets the play's rules.
                    Action::Play { card, slot, locked } => self.place_listed(card, slot, locked)?,
                    other => return self.apply_unlisted(other, out.len()),
                }
            }
            Phase::Running(run) => {
                self.run_actions(run, out);
                let Some(action) = drawn(out, rng) else {
                    return Ok(0);
                };
                match action {
                    // Listed from the run's open extensions.
                    Action::Extend(pos) => self.add_to_run(run, pos),
                    // Listed only once the run has captured.
                    Action::Stop => self.after_claim(),
                    other => return self.apply_unlisted(other, out.len()),
                }
            }
            Phase::Scoring => {
                self.scoring_actions(out);
                let Some(action) = drawn(out, rng) else {
                    return Ok(0);
                };
                match action {
                    Action::End => self.end_turn(),
                    // Listed from the open claims: a position a capturing run starts at.
                    Action::Run(pos) => {
                        if !self.begin_run(pos) {
                            return Err((action, ActionError::CannotStartRun(pos)));
                        }
                    }
                    // Listed from the open claims: a value whose three of a kind is open.
                    Action::Three(value) => self.take_three(value),
                    other => return self.apply_unlisted(other, out.len()),
                }
            }
            Phase::DieChoice => {
                self.choice_actions(out);
                let Some(action) = drawn(out, rng) else {
                    return Ok(0);
                };
                match action {
                    // Listed for the results 1–5 only.
                    Action::Choose(result) => self.resolve(result),
                    other => return self.apply_unlisted(other, out.len()),
                }
            }
            Phase::DieTarget { result } => {
                self.target_actions(result, out);
                let Some(action) = drawn(out, rng) else {
                    return Ok(0);
                };
                match action {
                    // Listed by `target_actions`: a target of the result.
                    Action::Change(pos) => self.change_target(result, pos),
                    other => return self.apply_unlisted(other, out.len()),
                }
            }
            Phase::Over => return Ok(0),
        }
        // A plain increment: a state keeps `plies` within `MAX_PLIES` (checked on loading, and
        // every ply lowers the bound left by one), far from the top of the range.
        self.plies = self.plies.wrapping_add(1);
        Ok(out.len())
    }

    /// Carries out a listed play (see [`BrainsHearts::place`]), refused only if the slot
    /// cannot take the card (never).
    #[inline(always)]
    fn place_listed(&mut self, card: cards::Card, slot: u8, locked: bool) -> Result<(), Refusal> {
        if self.place(card, slot, locked) {
            Ok(())
        } else {
            Err((
                Action::Play { card, slot, locked },
                ActionError::NoSuchSlot(slot),
            ))
        }
    }

    /// An action of a kind the phase's listing never offers, applied with every check by
    /// `apply`: kept so that no action escapes the rules, never reached.
    #[cold]
    #[inline(never)]
    fn apply_unlisted(&mut self, action: Action, offered: usize) -> Result<usize, Refusal> {
        Game::apply(self, action).map_err(|e| (action, e))?;
        Ok(offered)
    }
}

/// The action at `rng.index(legal.len())`, or none when `legal` is empty (the draw is made all
/// the same, as the generic ply makes it).
#[inline(always)]
fn drawn<R: Draw + ?Sized>(legal: &[Action], rng: &mut R) -> Option<Action> {
    legal.get(rng.index(legal.len())).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Options;

    /// The state's kept tops and claims (not saved, so not compared by the tests that compare
    /// saved states) are the same after the random ply as after `legal_actions`, a draw and
    /// `apply`, ply by ply, and the same as worked out afresh from the board (the claims in the
    /// phases that keep them).
    #[test]
    fn kept_tops_and_claims_match_apply_and_the_board() {
        let dice = Options {
            die_results: Some(vec![6, 3, 6, 4]),
            ..Options::default()
        };
        for options in [Options::default(), dice] {
            for seed in 0..100 {
                let Ok(mut fast) = BrainsHearts::new(options.clone(), seed) else {
                    panic!("options refused");
                };
                let mut slow = fast.clone();
                let mut fast_rng = cards::GameRng::from_seed(seed);
                let mut slow_rng = fast_rng.clone();
                let (mut fast_legal, mut slow_legal) = (Vec::new(), Vec::new());
                while slow.to_act().is_some() {
                    assert!(fast
                        .random_ply_by_phase(&mut fast_rng, &mut fast_legal)
                        .is_ok());
                    slow.legal_actions(&mut slow_legal);
                    let action = slow_legal[slow_rng.index(slow_legal.len())];
                    assert!(slow.apply(action).is_ok());
                    assert_eq!(fast.phase, slow.phase);
                    assert_eq!(fast.tops, slow.tops);
                    assert_eq!(fast.claims, slow.claims);
                    let mut fresh = fast.clone();
                    fresh.refresh();
                    assert_eq!(fast.tops, fresh.tops);
                    // The claims are kept in the scoring phase and during a run only.
                    if matches!(fast.phase, Phase::Scoring | Phase::Running(_)) {
                        assert_eq!(fast.claims, fresh.claims);
                    }
                }
            }
        }
    }

    /// The bytes kept aside for the locked top cards are those the board's locked top cards
    /// show once unlocked, ply by ply (so that unlocking a seat shows exactly its cards).
    #[test]
    fn bytes_kept_for_locked_cards_match_the_board() {
        for seed in 0..200 {
            let Ok(mut game) = BrainsHearts::new(Options::default(), seed) else {
                panic!("options refused");
            };
            let mut rng = cards::GameRng::from_seed(seed);
            let mut legal = Vec::new();
            while game.to_act().is_some() {
                assert!(game.random_ply_by_phase(&mut rng, &mut legal).is_ok());
                assert_eq!(
                    game.hidden,
                    crate::tops::Tops::locked_bytes(&game.seats),
                    "seed {seed}"
                );
            }
        }
    }
}
