//! A turn: the checks of an action and applying an action (plays and discards, wild-card
//! responses, draws and steals, the end of a turn). The legal actions are listed in `legal`;
//! a random playout's ply takes its drawn action by the same rules, in `random_ply`.

use cards::{Facing, Seat};

use crate::action::Action;
use crate::deck::{TripCard, AIRPLANE, WILD};
use crate::error::ActionError;
use crate::goals::{EACH_MODE, FIRST_TRIP, GOALS, NO_AIRPLANE};
use crate::knowledge::Watch;
use crate::legal::near_of_last;
use crate::state::{DoneTrip, Phase, State, NO_STEAL};
use crate::trip::{Oriented, TripState};

impl State {
    // ----- checks -----

    /// Why the seat cannot play the card turned this way (`None`: it can).
    #[inline]
    fn play_refusal(&self, seat: Seat, card: TripCard, reversed: bool) -> Option<&'static str> {
        let p = &self.players[seat];
        let face = self.face(card);
        if p.barred & (1 << face.mode) != 0 {
            return Some("your aversion card bars this mode");
        }
        if !self.options.advanced && !p.done_trips.is_empty() {
            return Some("your trip of this hand is complete");
        }
        p.cache.refusal(face, reversed, &self.rules)
    }

    /// Checks a play; returns the card's position in the hand.
    #[inline(always)]
    fn check_play(&self, seat: Seat, card: TripCard, reversed: bool) -> Result<usize, ActionError> {
        let Some(index) = self.players[seat].hand.position(card) else {
            return Err(ActionError::NotInHand(card));
        };
        if self.masks_allow(seat, card, reversed) {
            return Ok(index);
        }
        let reason = self
            .play_refusal(seat, card, reversed)
            .unwrap_or("this card cannot be played now");
        Err(ActionError::CannotPlay { card, reason })
    }

    /// Whether the mask test of [`play_masks`](Self::play_masks) lets the seat play the card
    /// turned this way (a test checks that it agrees with [`play_refusal`](Self::play_refusal)).
    #[inline]
    fn masks_allow(&self, seat: Seat, card: TripCard, reversed: bool) -> bool {
        let (modes, near) = self.play_masks(seat);
        let bits = self.table.bits(card);
        let side = if reversed {
            bits.reversed
        } else {
            bits.forward
        };
        bits.mode & modes != 0 && side & near != 0
    }

    fn steal_refusal(&self, victim: Seat, symbol: u8) -> Option<&'static str> {
        if victim == self.current {
            return Some("that is your own seat");
        }
        let Some(p) = self.players.get(victim) else {
            return Some("no such seat");
        };
        if symbol == NO_STEAL || symbol == WILD {
            return Some("you did not play a card leaving a symbol at the end of your trip");
        }
        if p.cache.len == 0 || p.cache.last != symbol {
            return Some("its trip does not end on your trip's last symbol");
        }
        if p.hand.is_empty() {
            return Some("its hand is empty");
        }
        None
    }

    // ----- apply -----

    pub fn apply(&mut self, action: Action) -> Result<(), ActionError> {
        let wrong = |step: &'static str| {
            Err(ActionError::WrongStep {
                action: action.to_string(),
                step,
            })
        };
        match self.phase {
            Phase::Over => return Err(ActionError::GameOver),
            Phase::Main => {
                let seat = self.current;
                let empty = self.players[seat].hand.is_empty();
                match action {
                    Action::Play { card, reversed } => {
                        let index = self.check_play(seat, card, reversed)?;
                        self.play_main(seat, index, reversed);
                    }
                    Action::Discard(card) => {
                        let Some(index) = self.players[seat].hand.position(card) else {
                            return Err(ActionError::NotInHand(card));
                        };
                        self.discard_at(seat, index);
                    }
                    Action::Draw if empty => {
                        if self.deck.is_empty() {
                            return Err(ActionError::DeckEmpty);
                        }
                        self.draw(seat);
                        self.end_turn();
                    }
                    Action::Pass if empty => {
                        if !self.deck.is_empty() {
                            return Err(ActionError::CannotPass(
                                "with an empty hand you draw while the deck has cards",
                            ));
                        }
                        self.end_turn();
                    }
                    _ if empty => {
                        return wrong("your hand is empty: draw, or pass when the deck is empty")
                    }
                    _ => return wrong("play or discard a card first"),
                }
            }
            Phase::After { steal } => match action {
                Action::Draw => {
                    if self.deck.is_empty() {
                        return Err(ActionError::DeckEmpty);
                    }
                    self.draw(self.current);
                    self.end_turn();
                }
                Action::Steal(victim) => {
                    if let Some(reason) = self.steal_refusal(victim, steal) {
                        return Err(ActionError::CannotSteal {
                            seat: victim,
                            reason,
                        });
                    }
                    self.steal(victim);
                    self.end_turn();
                }
                Action::Pass => self.end_turn(),
                _ => return wrong("draw, steal or pass"),
            },
            Phase::Respond { responder, steal } => {
                match action {
                    Action::Play { card, reversed } => {
                        let index = self.check_play(responder, card, reversed)?;
                        // A wild card played in response is free and opens no window (RT4).
                        self.play(responder, index, reversed);
                    }
                    Action::Draw => {
                        if self.deck.is_empty() {
                            return Err(ActionError::DeckEmpty);
                        }
                        self.draw(responder);
                    }
                    Action::Pass => {}
                    _ => return wrong("respond to the wild card: play a card, draw or pass"),
                }
                self.end_response(responder, steal);
            }
        }
        self.count_ply();
        Ok(())
    }

    /// Counts a ply taken. The count never reaches `u64::MAX`: it stays within the game's ply
    /// bound, which loading checks (together with the plies the game has left), so a plain
    /// increment serves, without a test.
    #[inline(always)]
    pub(crate) fn count_ply(&mut self) {
        self.plies = self.plies.wrapping_add(1);
    }

    /// Plays a checked card of the main step (the card at `index` in the hand of `seat`, the
    /// seat to act) and moves on: to the responses to a wild card, to the end of the hand
    /// (basic game, a trip completed), or to the step after the play.
    #[inline(always)]
    pub(crate) fn play_main(&mut self, seat: Seat, index: usize, reversed: bool) {
        let (wild, steal) = self.play(seat, index, reversed);
        if wild {
            self.phase = Phase::Respond {
                responder: self.left_of(seat),
                steal,
            };
        } else {
            self.after_play(steal);
        }
    }

    /// Once a play (and every response to it) is done: the hand ends (basic game, a trip
    /// completed), or the player goes on to the step after its play, where `steal` is the
    /// symbol a steal must match.
    #[inline(always)]
    fn after_play(&mut self, steal: u8) {
        if self.hand_ending {
            self.end_hand();
        } else {
            self.phase = Phase::After { steal };
        }
    }

    /// Discards the card at `index` in the hand of `seat`, the seat to act (a place in the
    /// hand: the caller has found the card there), and moves on to the step after the discard.
    #[inline(always)]
    pub(crate) fn discard_at(&mut self, seat: Seat, index: usize) {
        let hand = &mut self.players[seat].hand;
        let hand_size = hand.len();
        if let Some(card) = hand.take_at(index) {
            self.shown(seat, card, hand_size);
            self.discard.add(card);
        }
        self.phase = Phase::After { steal: NO_STEAL };
    }

    /// After the response of `responder` to a wild card: the next seat responds, or once every
    /// opponent has, the hand ends (basic game, a trip completed) or the wild card's player
    /// goes on to the step after its play, where `steal` is the symbol a steal must match.
    #[inline(always)]
    pub(crate) fn end_response(&mut self, responder: Seat, steal: u8) {
        let next = self.left_of(responder);
        if next != self.current {
            self.phase = Phase::Respond {
                responder: next,
                steal,
            };
        } else {
            self.after_play(steal);
        }
    }

    #[inline(always)]
    pub(crate) fn draw(&mut self, seat: Seat) {
        if let Some(card) = self.deck.pop() {
            self.players[seat].hand.add(card);
        }
    }

    /// [`draw`](Self::draw) if `draws`, without a branch (for a choice drawn at random).
    #[inline(always)]
    pub(crate) fn draw_if(&mut self, seat: Seat, draws: bool) {
        self.deck.give_top_if(&mut self.players[seat].hand, draws);
    }

    /// Ruling RT2: a card at random from the victim's hand, seen by the thief and the victim
    /// only; the victim then draws a replacement.
    pub(crate) fn steal(&mut self, victim: Seat) {
        let len = self.players[victim].hand.len();
        let index = self.rng.index(len);
        let thief = self.current;
        if let Some(card) = self.players[victim].hand.take_at(index) {
            self.players[thief].hand.add(card);
            let robbed = &mut self.players[victim].robbed;
            *robbed = robbed.saturating_add(1);
            for (i, k) in self.knowledge.iter_mut().enumerate() {
                let seat = Seat(i as u8);
                if seat == victim {
                    k.stolen_from_me(card, thief);
                } else if k.is_empty() {
                    // Nothing tracked: nothing to learn from the steal.
                } else if seat == thief {
                    k.left_hand(victim, card, len);
                } else {
                    k.unseen_steal(victim, thief, len);
                }
            }
            self.refresh_tracking();
        }
        self.draw(victim);
    }

    /// `seat` showed `card` from its hand, which held `hand_size` cards: every other seat's
    /// knowledge of the cards stolen from it learns from it.
    #[inline(always)]
    fn shown(&mut self, seat: Seat, card: TripCard, hand_size: usize) {
        // Most often no seat tracks a stolen card (one word tested), and when some seat does,
        // the card most often teaches nothing: both tests stay in the caller, the visit of the
        // seats' knowledge out of it.
        if self.watch.may_learn(seat, card, hand_size) {
            self.shown_to_trackers(seat, card, hand_size);
        }
    }

    /// [`shown`](Self::shown) when some seat's knowledge may learn from the card: some seat
    /// tracks it, or some placement puts as many tracked cards in the seat's hand as it held.
    /// (When neither holds, every seat's knowledge stays as it was: the visit is skipped.) In
    /// play the knowledge then changes (the card's tracking ends, or the placement goes: a
    /// seat's knowledge never places its own tracked cards in its own hand), so `watch` is
    /// worked out again after every visit.
    #[inline(never)]
    fn shown_to_trackers(&mut self, seat: Seat, card: TripCard, hand_size: usize) {
        for (i, k) in self.knowledge.iter_mut().enumerate() {
            // Most seats track nothing: the test is kept out of the call.
            if i != seat.index() && !k.is_empty() {
                k.left_hand(seat, card, hand_size);
            }
        }
        self.refresh_tracking();
    }

    /// Recomputes `watch` from the seats' knowledge.
    pub fn refresh_tracking(&mut self) {
        self.watch = Watch::of(self.knowledge.iter());
    }

    /// Plays a checked card; returns whether it was a wild card and the symbol a steal must
    /// match.
    #[inline(always)]
    pub(crate) fn play(&mut self, seat: Seat, index: usize, reversed: bool) -> (bool, u8) {
        let hand_size = self.players[seat].hand.len();
        let Some(card) = self.players[seat].hand.take_at(index) else {
            return (false, NO_STEAL);
        };
        self.shown(seat, card, hand_size);
        let p = &mut self.players[seat];
        let face = self.table.face(card);
        let rules = self.rules;
        let advanced = self.options.advanced;
        p.trip.push(Oriented { card, reversed }, Facing::Up);
        p.cache.push(face, reversed, &rules);
        self.trip_played = true;
        let cache = p.cache;
        if advanced {
            let mode = usize::from(face.mode);
            if face.mode != AIRPLANE && cache.modes.get(mode).is_some_and(|&c| c >= 3) {
                claim(&mut self.goals, mode, seat);
            }
            if cache.has_each_mode() {
                claim(&mut self.goals, EACH_MODE, seat);
            }
        }
        if cache.is_complete(&rules) {
            // Works out the seat's play masks again.
            self.complete_trip(seat);
        } else {
            // The trip goes on: any mode not barred, onto its last symbol.
            let p = &mut self.players[seat];
            p.play_masks = (!p.barred, near_of_last(cache.last));
        }
        let far = face.sides(reversed).1;
        (
            face.mode == AIRPLANE,
            if far == WILD { NO_STEAL } else { far },
        )
    }

    fn complete_trip(&mut self, seat: Seat) {
        let advanced = self.options.advanced;
        let doubled = advanced && claim(&mut self.goals, FIRST_TRIP, seat);
        let p = &mut self.players[seat];
        if advanced && p.cache.modes[usize::from(AIRPLANE)] == 0 {
            claim(&mut self.goals, NO_AIRPLANE, seat);
        }
        let p = &mut self.players[seat];
        for &placed in p.trip.iter() {
            p.done.push(placed.card, Facing::Up);
        }
        p.done_trips.push(DoneTrip {
            len: p.cache.len,
            doubled,
        });
        p.trip.clear();
        p.cache = TripState::default();
        self.refresh_play_masks(seat);
        if !advanced {
            self.hand_ending = true;
            if self.options.round_the_world {
                self.world_winners.insert(seat);
            }
        }
    }

    #[inline(always)]
    pub(crate) fn end_turn(&mut self) {
        if self.deck.is_empty() && !self.trip_played {
            self.quiet = self.quiet.saturating_add(1);
        } else {
            self.quiet = 0;
        }
        self.trip_played = false;
        if usize::from(self.quiet) >= self.seats() {
            self.end_hand();
            return;
        }
        self.current = self.left_of(self.current);
        self.phase = Phase::Main;
    }
}

/// Claims a goal for a seat if nobody holds it; returns whether it was claimed now.
fn claim(goals: &mut [Option<Seat>; GOALS], goal: usize, seat: Seat) -> bool {
    match goals.get_mut(goal) {
        Some(slot @ None) => {
            *slot = Some(seat);
            true
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Options;
    use cards::GameRng;

    /// The mask test of legal plays agrees with the reasons a play is refused, for every card
    /// of every seat's hand, both ways, and the steal test with the reasons a steal is refused,
    /// for every seat and symbol, at every ply of random games of every kind.
    #[test]
    fn mask_test_agrees_with_play_refusal() {
        let kinds = [
            Options::default(),
            Options {
                advanced: true,
                players: 3,
                ..Options::default()
            },
            Options {
                specific_trip: true,
                aversion: 1,
                players: 6,
                ..Options::default()
            },
        ];
        let mut rng = GameRng::from_seed(5);
        let mut legal = Vec::new();
        let mut compared = 0;
        for (seed, options) in kinds.iter().cycle().take(12).enumerate() {
            let Ok(mut state) = State::new(options.clone(), seed as u64) else {
                panic!("options refused");
            };
            while state.to_act().is_some() {
                for i in 0..state.seats() {
                    let seat = Seat(i as u8);
                    for symbol in 0..=WILD {
                        assert_eq!(
                            state.can_steal(seat, symbol),
                            state.steal_refusal(seat, symbol).is_none()
                        );
                    }
                    assert_eq!(
                        state.can_steal(seat, NO_STEAL),
                        state.steal_refusal(seat, NO_STEAL).is_none()
                    );
                    for &card in state.players[seat].hand.iter() {
                        for reversed in [false, true] {
                            assert_eq!(
                                state.masks_allow(seat, card, reversed),
                                state.play_refusal(seat, card, reversed).is_none()
                            );
                            compared += 1;
                        }
                    }
                }
                state.legal_actions(&mut legal);
                let action = legal[rng.index(legal.len())];
                assert!(state.apply(action).is_ok());
            }
        }
        assert!(compared > 10_000);
    }

    /// The summary of the seats' knowledge kept with the state (`watch`) is the one worked out
    /// from the knowledge, at every ply of random games with many steals.
    #[test]
    fn watch_matches_the_knowledge() {
        let kinds = [
            Options {
                players: 6,
                ..Options::default()
            },
            Options {
                advanced: true,
                ..Options::default()
            },
        ];
        let mut rng = GameRng::from_seed(11);
        let mut legal = Vec::new();
        let mut tracking = 0;
        for (seed, options) in kinds.iter().cycle().take(40).enumerate() {
            let Ok(mut state) = State::new(options.clone(), seed as u64) else {
                panic!("options refused");
            };
            while state.to_act().is_some() {
                assert_eq!(state.watch, Watch::of(state.knowledge.iter()));
                tracking += usize::from(state.watch != Watch::default());
                state.legal_actions(&mut legal);
                let action = legal[rng.index(legal.len())];
                assert!(state.apply(action).is_ok());
            }
        }
        assert!(tracking > 10_000);
    }
}
