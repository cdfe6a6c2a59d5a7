//! One ply of a uniformly random playout ([`cards::Game::random_ply`]). The Main decision (most
//! plies) is not listed: its actions are counted kind by kind, one index is drawn among them
//! and only the action at that index of the listing is built ([`main_decision`]); it is taken
//! by the effect `apply` reaches after its checks (`rules/effects.rs`), without checking again
//! what the listing guarantees. The commonest other decisions (after a summon, the
//! declarations of Conjuration and Interception, a Transmutation's pick, Combat and Block) are
//! counted in the same way ([`other_decisions`]) and taken by the effects `decide` shares; the
//! rest (set-up, duels and the rarer decisions) are listed, one is drawn, and it goes through
//! `decide`, as `apply` takes it. Either way the count, the draw and the state are exactly
//! those of `legal_actions`, the same draw and `apply`.

pub(crate) mod main_decision;
pub(crate) mod other_decisions;

use cards::{Draw, Seat};

use crate::error::ActionError;
use crate::table::action::{Action, Source};
use crate::table::card::Card;
use crate::table::phase::Phase;
use crate::table::state::State;

/// The refusal of a ply whose count offered an action the listing lacks (never: the counts
/// are the listing's, which the tests check at every decision of many games).
const NOT_FOUND: ActionError =
    ActionError::Forbidden("the action drawn is not among the legal actions listed");

impl State {
    /// Takes the legal action at `rng.index(n)` in the order of [`State::legal_actions`],
    /// where `n` is how many are legal (as [`State::apply`] would take it), and returns `n`:
    /// 0, taking nothing, when none is legal (the game is over). `out` is scratch space: it
    /// holds the listing of a decision other than Main. A refusal (which a legal action never
    /// meets) comes back with the action refused.
    #[inline]
    pub(crate) fn random_ply<R: Draw + ?Sized>(
        &mut self,
        rng: &mut R,
        out: &mut Vec<Action>,
    ) -> Result<usize, (Action, ActionError)> {
        if matches!(self.phase, Phase::Main) {
            return self.random_main(rng, out);
        }
        let counted = self.count_other();
        let (count, found) = match counted {
            Some(count) => {
                let index = rng.index(count);
                (count, self.other_action_at(index).ok_or(index))
            }
            None => {
                self.legal_actions(out);
                let index = rng.index(out.len());
                (out.len(), out.get(index).copied().ok_or(index))
            }
        };
        let counted = counted.is_some();
        let action = match found {
            Ok(action) => action,
            Err(_) if count == 0 => return Ok(0),
            Err(index) => self
                .listed_at(index, out)
                .ok_or((Action::Pass, NOT_FOUND))?,
        };
        // Offered, so neither the game's end (nothing is offered then) nor a clock input (never
        // offered, HJ5), which `apply` looks for first.
        let taken = if counted {
            self.take_other(action)
        } else {
            self.decide(action)
        };
        taken.map_err(|e| (action, e))?;
        self.plies += 1;
        self.settle();
        Ok(count)
    }

    /// The action at `index` of the listing, listed into `out`: where a decision counted
    /// (`random_ply/main_decision.rs`, `random_ply/other_decisions.rs`) did not find the action at its index (never: the
    /// counts are the listing's).
    #[cold]
    fn listed_at(&self, index: usize, out: &mut Vec<Action>) -> Option<Action> {
        self.legal_actions(out);
        out.get(index).copied()
    }

    /// [`State::random_ply`] for the Main decision: its actions counted kind by kind, the
    /// one drawn built alone (`random_ply/main_decision.rs`) and taken by its rule. `out` is used only if
    /// the action drawn is not found (never: the counts are the listing's).
    fn random_main<R: Draw + ?Sized>(
        &mut self,
        rng: &mut R,
        out: &mut Vec<Action>,
    ) -> Result<usize, (Action, ActionError)> {
        let mut drawn = 0;
        let (count, found) = self.pick_main(|count| {
            drawn = rng.index(count);
            drawn
        });
        let action = match found {
            Some(action) => action,
            None => self
                .listed_at(drawn, out)
                .ok_or((Action::EndTurn, NOT_FOUND))?,
        };
        self.take_listed_main(action).map_err(|e| (action, e))?;
        self.plies += 1;
        self.settle();
        Ok(count)
    }

    /// Takes an action the Main decision offers (`main_actions` in `legal.rs` lists it,
    /// `pick_main` builds it), as `decide` does once its checks pass. Every Main action but
    /// *Go to combat* and *End turn* is listed only while Main actions are left, so HJ18's
    /// bound (`check_main_action`) is not checked again. The rarer actions (a pair's spell, a
    /// straight, four of a kind, the Archlord, counter flips) go through
    /// `decide`, checks and all; so does an action whose place the listing guaranteed but is
    /// not found (never: it refuses it as `apply` would).
    #[inline(always)]
    fn take_listed_main(&mut self, action: Action) -> Result<(), ActionError> {
        let seat = self.turn_seat;
        match action {
            // `list_summons`: an Agent in hand (the kind check), held more often than it was
            // summoned this turn (HJ23's marks), with a free Agent zone; a normal summon only
            // while one is left (`summons_left > 0`). The free zone is read from the zones'
            // sum, as the count read it.
            Action::Summon(card) | Action::Special(card) => {
                let Some(zone) = self.side(seat).agent_sum.lowest_free() else {
                    return self.decide(action);
                };
                let special = matches!(action, Action::Special(_));
                self.place_summoned(seat, card, zone, special);
                if !special {
                    self.summons_left = self.summons_left.saturating_sub(1);
                    self.phase = Phase::Summoned { agent: card };
                }
                self.main_actions += 1;
            }
            // Listed for each occupied Agent zone (the zone is still looked up).
            Action::Retire(zone) => self.retire(seat, zone)?,
            // Listed for the settable identities in hand (3–10: `masks::SETTABLE`) when a Mana
            // zone is free (read from the zones' sum, as the count read it).
            Action::Set(card) => {
                let Some(zone) = self.side(seat).sources.lowest_free_zone() else {
                    return self.decide(action);
                };
                self.set_mana(seat, card, zone)?;
            }
            // Listed only when `may_go_to_combat` holds.
            Action::Combat => self.phase = Phase::Combat,
            Action::EndTurn => self.end_turn(),
            // `list_main_magic` lists each source of the seat worth 6 (Conjuration) or 7
            // (Interception): `check_sources` and the value check pass.
            Action::Conjure(source) => {
                let Some(six) = self.listed_card(seat, source) else {
                    return self.decide(action);
                };
                self.cast_declaring(seat, source, Phase::Conjure { six });
                self.main_actions += 1;
            }
            Action::Intercept(source) => {
                let Some(seven) = self.listed_card(seat, source) else {
                    return self.decide(action);
                };
                let phase = Phase::Intercept {
                    seven,
                    target: None,
                };
                self.cast_declaring(seat, source, phase);
                self.main_actions += 1;
            }
            _ => self.decide(action)?,
        }
        Ok(())
    }

    /// The card a listed source names: the card itself, or the one in the Mana zone.
    #[inline]
    fn listed_card(&self, seat: Seat, source: Source) -> Option<Card> {
        match source {
            Source::Hand(card) | Source::Counter(card) => Some(card),
            Source::Zone(zone) => self
                .side(seat)
                .mana
                .get(usize::from(zone))
                .copied()
                .flatten()
                .map(|m| m.card),
        }
    }
}
