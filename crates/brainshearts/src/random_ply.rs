//! One ply of a uniformly random playout, looking at the phase once (issue 12): the legal
//! actions are counted, the index of one is drawn, and that action is found without listing
//! the others (a play from the hand's cards and the table of placements, a claim or a target
//! from the rows of positions the listing copies) and carried out by the phase's own rule,
//! where a playout through `legal_actions` and `apply` lists every action, looks at the phase
//! in each call (and in `to_act`), and `apply` checks again, through a `Result` returned in
//! memory, what the listing has just established.
//!
//! The caller's buffer is scratch space (`Game::random_ply`): the count returned, the numbers
//! drawn and the state left are those of `legal_actions`, a draw of `rng.index(n)` and `apply`,
//! and the action taken is the one at the index drawn in `legal_actions`' order (the tests
//! hold each phase's count and action at every index to its listing).
//!
//! Every rule a drawn action obeys in `apply` holds here too: each step is split into its
//! checks (made by `apply` only) and what it does (shared by `apply` and this ply), and an
//! action drawn here is one the phase's listing offers by the very rule those checks test. An
//! action of another kind (never offered in the phase) goes through `apply` itself.

use cards::{Draw, Game};

use crate::error::ActionError;
use crate::game::fill_legal;
use crate::state::{BrainsHearts, Phase};
use crate::Action;

/// A ply's refusal: the action drawn and the reason (never met by a listed action).
type Refusal = (Action, ActionError);

impl BrainsHearts {
    /// Counts the legal actions (as `legal_actions` lists them), takes the one at
    /// `rng.index(n)` (as `apply` would) and returns how many were offered: 0, taking and
    /// drawing nothing, when none is legal. A refusal comes back with the action refused; the
    /// state is then unchanged. `out` is scratch space, used only in the cold case of a hand
    /// of more than three cards (which no game holds).
    #[inline]
    pub(crate) fn random_ply_by_phase<R: Draw + ?Sized>(
        &mut self,
        rng: &mut R,
        out: &mut Vec<Action>,
    ) -> Result<usize, Refusal> {
        let offered = match self.phase {
            Phase::Action => {
                let me = self.me();
                let roll = usize::from(me.coins > 0);
                if me.deck.is_empty() {
                    // The plays of the hand, then `roll` while a coin is left.
                    let Some(plays) = self.plays() else {
                        return self.random_ply_listed(rng, out);
                    };
                    let offered = plays.total + roll;
                    let Some(index) = drawn_index(offered, rng) else {
                        return Ok(0);
                    };
                    if index < plays.total {
                        // Listed by `play_actions` once the deck is empty: a play that meets
                        // the play's rules.
                        let (card, slot, locked) = plays.at(index);
                        self.place_listed(card, slot, locked)?;
                    } else {
                        // Listed only while a coin is left.
                        self.spend_coin_and_roll();
                    }
                    offered
                } else {
                    // `draw`, then `roll` while a coin is left.
                    let offered = 1 + roll;
                    // Kept within the actions offered, as `drawn_index` keeps it.
                    if rng.index(offered).min(offered - 1) == 0 {
                        // Listed only while the deck holds a card: the draw takes it.
                        self.draw().map_err(|e| (Action::Draw, e))?;
                    } else {
                        self.spend_coin_and_roll();
                    }
                    offered
                }
            }
            Phase::Play => {
                let Some(plays) = self.plays() else {
                    return self.random_ply_listed(rng, out);
                };
                let Some(index) = drawn_index(plays.total, rng) else {
                    return Ok(0);
                };
                // Listed by `play_actions`: a play that meets the play's rules.
                let (card, slot, locked) = plays.at(index);
                self.place_listed(card, slot, locked)?;
                plays.total
            }
            Phase::Running(run) => {
                let offered = self.run_count(run);
                let Some(index) = drawn_index(offered, rng) else {
                    return Ok(0);
                };
                match self.run_action(index) {
                    // Listed from the run's open extensions.
                    Action::Extend(pos) => self.add_to_run(run, pos),
                    // Listed only once the run has captured.
                    Action::Stop => self.after_claim(),
                    other => return self.apply_unlisted(other, offered),
                }
                offered
            }
            Phase::Scoring => {
                let offered = self.scoring_count();
                let Some(index) = drawn_index(offered, rng) else {
                    return Ok(0);
                };
                let action = self.scoring_action(index);
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
                    other => return self.apply_unlisted(other, offered),
                }
                offered
            }
            Phase::DieChoice => {
                // The results 1–5, in order.
                let offered = 5;
                let result = rng.index(offered).min(offered - 1) as u8 + 1;
                self.resolve(result);
                offered
            }
            Phase::DieTarget { result } => {
                let (targets, offered) = self.target_count(result);
                let Some(index) = drawn_index(offered, rng) else {
                    return Ok(0);
                };
                match BrainsHearts::target_action(targets, index) {
                    // Listed by `target_actions`: a target of the result.
                    Action::Change(pos) => self.change_target(result, pos),
                    other => return self.apply_unlisted(other, offered),
                }
                offered
            }
            Phase::Over => return Ok(0),
        };
        // A plain increment: a state keeps `plies` within `MAX_PLIES` (checked on loading, and
        // every ply lowers the bound left by one), far from the top of the range.
        self.plies = self.plies.wrapping_add(1);
        Ok(offered)
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

    /// The ply through the listing itself, `legal_actions` and `apply`: for a hand of more
    /// than three cards, which no game holds (loading checks the hands), kept exact all the
    /// same.
    #[cold]
    #[inline(never)]
    fn random_ply_listed<R: Draw + ?Sized>(
        &mut self,
        rng: &mut R,
        out: &mut Vec<Action>,
    ) -> Result<usize, Refusal> {
        fill_legal(self, out);
        match drawn_index(out.len(), rng).and_then(|index| out.get(index)) {
            Some(&action) => self.apply_unlisted(action, out.len()),
            None => Ok(0),
        }
    }
}

/// The index drawn among `offered` actions, `rng.index(offered)`, or none, drawing nothing,
/// when none is offered.
///
/// The index is below `offered` by [`Draw::index`]'s contract, but `Draw` is a public trait
/// and a caller's chooser may break it: the index is kept below `offered` (a conditional move,
/// no branch), so that such a chooser makes the ply take one of the legal actions, never
/// another (the kit checks it).
#[inline(always)]
fn drawn_index<R: Draw + ?Sized>(offered: usize, rng: &mut R) -> Option<usize> {
    (offered != 0).then(|| rng.index(offered).min(offered - 1))
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

    /// The play at an index of the counted plays, as an action.
    fn play(plays: crate::play::Plays, index: usize) -> Action {
        let (card, slot, locked) = plays.at(index);
        Action::Play { card, slot, locked }
    }

    /// A hand of more than three cards (never held in a game: loading refuses it) takes the
    /// ply through the listing: the same count, draw and state as `legal_actions`, a draw and
    /// `apply`.
    #[test]
    fn a_hand_of_more_than_three_cards_is_played_through_the_listing() {
        for seed in 0..20 {
            let Ok(mut game) = BrainsHearts::new(Options::default(), seed) else {
                panic!("options refused");
            };
            assert!(game.apply(Action::Draw).is_ok());
            // A fourth card from the deck, for the test's sake.
            let me = game.me_mut();
            let Some(card) = me.deck.pop() else {
                panic!("no card left");
            };
            me.hand.insert(card);
            assert!(game.plays().is_none());
            let mut slow = game.clone();
            let mut rng = cards::GameRng::from_seed(seed);
            let mut slow_rng = rng.clone();
            let mut legal = Vec::new();
            let offered = game.random_ply_by_phase(&mut rng, &mut Vec::new());
            slow.legal_actions(&mut legal);
            assert_eq!(offered, Ok(legal.len()));
            assert_eq!(legal.len(), 4 * 6);
            assert!(slow.apply(legal[slow_rng.index(legal.len())]).is_ok());
            assert_eq!(rng, slow_rng);
            assert_eq!(format!("{game:?}"), format!("{slow:?}"));
        }
    }

    /// The actions of the state's phase as the random ply counts them and finds them by
    /// index, in order.
    fn found_by_index(game: &BrainsHearts) -> Vec<Action> {
        match game.phase {
            Phase::Action => {
                let me = game.me();
                let roll = usize::from(me.coins > 0);
                if me.deck.is_empty() {
                    let Some(plays) = game.plays() else {
                        panic!("a hand of more than three cards");
                    };
                    let mut found: Vec<Action> = (0..plays.total).map(|i| play(plays, i)).collect();
                    found.extend([Action::Roll].iter().take(roll));
                    found
                } else {
                    [Action::Draw, Action::Roll][..1 + roll].to_vec()
                }
            }
            Phase::Play => match game.plays() {
                Some(plays) => (0..plays.total).map(|i| play(plays, i)).collect(),
                None => panic!("a hand of more than three cards"),
            },
            Phase::Running(run) => (0..game.run_count(run))
                .map(|i| game.run_action(i))
                .collect(),
            Phase::Scoring => (0..game.scoring_count())
                .map(|i| game.scoring_action(i))
                .collect(),
            Phase::DieChoice => (1..=5).map(Action::Choose).collect(),
            Phase::DieTarget { result } => {
                let (targets, count) = game.target_count(result);
                (0..count)
                    .map(|i| BrainsHearts::target_action(targets, i))
                    .collect()
            }
            Phase::Over => Vec::new(),
        }
    }

    /// In every state of many games (die results stacked too, for the die's phases), the
    /// actions counted and found by index are the legal actions, in their order.
    #[test]
    fn actions_found_by_index_are_the_listing() {
        let dice = |results: [u8; 4]| Options {
            die_results: Some(results.to_vec()),
            ..Options::default()
        };
        let mut legal = Vec::new();
        let mut phases = std::collections::HashSet::new();
        for options in [Options::default(), dice([6, 2, 6, 5]), dice([3, 4, 2, 6])] {
            for seed in 0..300 {
                let Ok(mut game) = BrainsHearts::new(options.clone(), seed) else {
                    panic!("options refused");
                };
                let mut rng = cards::GameRng::from_seed(seed ^ 0x77);
                loop {
                    game.legal_actions(&mut legal);
                    assert_eq!(found_by_index(&game), legal, "seed {seed}\n{game}");
                    phases.insert(std::mem::discriminant(&game.phase));
                    if legal.is_empty() {
                        break;
                    }
                    let action = legal[rng.index(legal.len())];
                    assert!(game.apply(action).is_ok());
                }
            }
        }
        // Every phase was met.
        assert_eq!(phases.len(), 7);
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
