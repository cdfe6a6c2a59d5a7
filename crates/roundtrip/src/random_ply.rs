//! One ply of a uniformly random playout, looking at the phase once (issue 12). The legal
//! actions are listed into the caller's buffer by the same functions as `legal_actions`, one is
//! drawn with `rng.index(len)` as the generic playout draws it, and it is taken by the same rules
//! as `apply` takes it with: without a second look at the phase, and without checking again
//! what the phase's listing has just found legal. A playout through `legal_actions` and `apply`
//! looks at the phase three times a ply (and at the action once more in `apply`).
//!
//! What is not checked again, and why it holds:
//!
//! - a play: the listing offers a card of the hand turned one way only when the mask test of
//!   `play_masks` allows it, the test `apply` makes (`masks_allow`; a unit test checks that it
//!   agrees with the reasons of a refusal). Its place in the hand is found again, and a card
//!   not found there is left to `apply`;
//! - a discard: the main step lists every card of the hand as a discard, in hand order, after
//!   the plays, so the drawn place past the plays is the card's place in the hand;
//! - a draw: listed only when the deck has cards;
//! - a pass: after a play or a discard and in a response, always legal; at the main step with
//!   an empty hand, listed only when the deck is empty. After a play and in a response, the
//!   pass is listed last, so a draw or a pass drawn there is told apart by its place, without
//!   a branch on which it is;
//! - a steal: listed only for a seat that `can_steal`'s tests allow (`steals_with` and
//!   `may_rob_with`), the test of `steal_refusal` (the same unit test checks that they agree).
//!
//! Any other action drawn (none is listed) is handed to `apply`, which checks it in full.

use cards::Draw;

use crate::action::Action;
use crate::error::ActionError;
use crate::state::{Phase, State, NO_STEAL};

/// The listing of the step after a discard (or after a play that leaves no steal) when the deck
/// has cards, as `legal_actions` lists it.
const DRAW_OR_PASS: [Action; 2] = [Action::Draw, Action::Pass];

/// Whether `action` is neither a draw nor a pass, tested as the kinds it then is (a play, a
/// discard or a steal) rather than as the two kinds it is not: in the steps where this is
/// asked (after a play, in a response), the tests always fail and are predicted, where a test
/// of a draw first would go either way at random.
#[inline(always)]
fn neither_draw_nor_pass(action: Action) -> bool {
    matches!(
        action,
        Action::Play { .. } | Action::Discard(_) | Action::Steal(_)
    )
}

/// `rng.index(len)`: the same draw from the generator, without `index`'s clamp of a length
/// beyond `u32` (a listing holds at most a few hundred actions: two plays and a discard a card
/// of a hand, a steal a seat).
#[inline(always)]
fn draw_index<R: Draw + ?Sized>(rng: &mut R, len: usize) -> usize {
    debug_assert!(u32::try_from(len).is_ok());
    rng.below(len as u32) as usize
}

impl State {
    /// Fills `out` with the legal actions (as [`State::legal_actions`]), takes the one at
    /// `rng.index(out.len())` (as [`State::apply`] would) and returns how many were offered:
    /// 0, taking nothing and drawing nothing, when no action is legal. A refusal (which a
    /// listed action never meets) comes back with the action refused; the state is then
    /// unchanged.
    #[inline]
    pub(crate) fn random_ply<R: Draw + ?Sized>(
        &mut self,
        rng: &mut R,
        out: &mut Vec<Action>,
    ) -> Result<usize, (Action, ActionError)> {
        match self.phase {
            Phase::After { steal: NO_STEAL } => {
                // No steal possible (a discard, most often): a draw if the deck has cards, and
                // a pass. A third of all plies.
                out.clear();
                if self.deck.is_empty() {
                    out.push(Action::Pass);
                    // The one action is drawn all the same: a step of the generator.
                    let _ = rng.index(1);
                } else {
                    out.extend_from_slice(&DRAW_OR_PASS);
                    // The draw (listed because the deck has cards) or the pass, drawn at
                    // random: taken without a branch.
                    let draws = rng.index(DRAW_OR_PASS.len()) == 0;
                    self.draw_if(self.current, draws);
                }
                self.end_turn();
            }
            Phase::Main if self.players[self.current].hand.is_empty() => {
                // An empty hand draws, or passes when the deck is empty too: one action, drawn
                // all the same.
                out.clear();
                let draws = !self.deck.is_empty();
                out.push(if draws { Action::Draw } else { Action::Pass });
                let _ = rng.index(1);
                // Not checked again: the draw is listed only when the deck has cards, the pass
                // only when it is empty.
                if draws {
                    self.draw(self.current);
                }
                self.end_turn();
            }
            Phase::Main => {
                let seat = self.current;
                let plays = self.list_main(out);
                let drawn = draw_index(rng, out.len());
                if drawn >= out.len() {
                    // Nothing listed (a hand always lists its discards): nothing drawn or taken.
                    return Ok(0);
                }
                if let Some(place) = drawn.checked_sub(plays) {
                    // A discard: the plays are listed first, then every card of the hand as a
                    // discard in hand order, so the drawn place past the plays is the card's
                    // place in the hand.
                    debug_assert_eq!(
                        out.get(drawn),
                        self.players[seat]
                            .hand
                            .as_slice()
                            .get(place)
                            .map(|&card| Action::Discard(card))
                            .as_ref()
                    );
                    self.discard_at(seat, place);
                } else {
                    let Some(&action) = out.get(drawn) else {
                        return Ok(0);
                    };
                    let Action::Play { card, reversed } = action else {
                        return self.apply_checked(action, out.len());
                    };
                    let Some(index) = self.players[seat].hand.position(card) else {
                        return self.apply_checked(action, out.len());
                    };
                    // Not checked again: listed by the mask test `apply` makes.
                    self.play_main(seat, index, reversed);
                }
            }
            Phase::After { steal } => {
                self.list_after_play(steal, out);
                let drawn = draw_index(rng, out.len());
                let Some(&action) = out.get(drawn) else {
                    return Ok(0);
                };
                // Not checked again: a draw is listed only when the deck has cards, a steal only
                // from a seat that `steal_refusal` would let the seat rob, and a pass is always
                // legal here.
                if let Action::Steal(victim) = action {
                    self.steal(victim);
                } else if neither_draw_nor_pass(action) {
                    return self.apply_checked(action, out.len());
                } else {
                    // The draw or the pass, drawn at random, taken without a branch on which it
                    // is: the pass is listed last.
                    self.draw_if(self.current, drawn + 1 != out.len());
                }
                self.end_turn();
            }
            Phase::Respond { responder, steal } => {
                self.list_response(responder, out);
                let drawn = draw_index(rng, out.len());
                let Some(&action) = out.get(drawn) else {
                    return Ok(0);
                };
                if let Action::Play { card, reversed } = action {
                    let Some(index) = self.players[responder].hand.position(card) else {
                        return self.apply_checked(action, out.len());
                    };
                    // Not checked again: listed by the mask test `apply` makes. A wild card
                    // played in response is free and opens no window (RT4).
                    self.play(responder, index, reversed);
                } else if neither_draw_nor_pass(action) {
                    return self.apply_checked(action, out.len());
                } else {
                    // A draw is listed only when the deck has cards. The draw or the pass,
                    // drawn at random, is taken without a branch on which it is: the pass is
                    // listed last.
                    self.draw_if(responder, drawn + 1 != out.len());
                }
                self.end_response(responder, steal);
            }
            Phase::Over => {
                out.clear();
                return Ok(0);
            }
        }
        self.count_ply();
        Ok(out.len())
    }

    /// An action drawn that the phase's listing does not vouch for (none is), taken by
    /// [`State::apply`] with every check; `offered` actions were listed.
    #[cold]
    #[inline(never)]
    fn apply_checked(
        &mut self,
        action: Action,
        offered: usize,
    ) -> Result<usize, (Action, ActionError)> {
        self.apply(action).map_err(|reason| (action, reason))?;
        Ok(offered)
    }
}
