//! A turn: the checks of an action, the legal actions, and applying an action (plays and
//! discards, wild-card responses, draws and steals, the end of a turn).

use cards::{Facing, Seat};

use crate::action::Action;
use crate::deck::{TripCard, AIRPLANE, WILD};
use crate::error::ActionError;
use crate::goals::{EACH_MODE, FIRST_TRIP, GOALS, NO_AIRPLANE};
use crate::knowledge::Watch;
use crate::staged::{stage, Staged, PLACEHOLDER, STAGED_AFTER, STAGED_HAND, STAGED_MAIN};
use crate::state::{DoneTrip, Phase, Player, State, NO_STEAL};
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

    // ----- legal actions -----

    /// The legal actions. The step after a discard (a third of all plies) and the main step
    /// with an empty hand are listed here; each other step has its own function, so that the
    /// common steps do not pay for the registers and the stack of the larger ones.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        match self.phase {
            Phase::After { steal: NO_STEAL } => {
                // No steal possible (a discard, most often): a draw if the deck has cards, and a
                // pass.
                out.clear();
                if self.deck.is_empty() {
                    out.push(Action::Pass);
                } else {
                    out.extend_from_slice(&[Action::Draw, Action::Pass]);
                }
            }
            Phase::Main if self.players[self.current].hand.is_empty() => {
                // An empty hand draws, or passes when the deck is empty too.
                out.clear();
                out.push(if self.deck.is_empty() {
                    Action::Pass
                } else {
                    Action::Draw
                });
            }
            Phase::Main => self.legal_main(out),
            Phase::After { steal } => self.legal_after_play(steal, out),
            Phase::Respond { responder, .. } => self.legal_response(responder, out),
            Phase::Over => out.clear(),
        }
    }

    /// The legal actions of the main step with cards in hand: the plays, then the discards.
    #[inline(never)]
    fn legal_main(&self, out: &mut Vec<Action>) {
        let seat = self.current;
        let hand = self.players[seat].hand.as_slice();
        if hand.len() <= STAGED_HAND {
            stage::<STAGED_MAIN>(out, |staged| {
                // The discards are gathered in the same pass over the hand, then placed after
                // the plays in one fixed-size copy.
                let mut discards = [PLACEHOLDER; STAGED_HAND];
                self.stage_plays(seat, staged, |i, card| {
                    discards[i & (STAGED_HAND - 1)] = Action::Discard(card);
                });
                staged.put_block(&discards, hand.len());
            });
            return;
        }
        out.clear();
        self.push_plays(seat, out);
        out.extend(hand.iter().map(|&card| Action::Discard(card)));
    }

    /// The legal actions after a play that left `steal` at the end of the trip: a draw if the
    /// deck has cards, the steals, a pass.
    #[inline(never)]
    fn legal_after_play(&self, steal: u8, out: &mut Vec<Action>) {
        stage::<STAGED_AFTER>(out, |staged| {
            staged.put(Action::Draw, !self.deck.is_empty());
            for (victim, p) in self.players.seats() {
                staged.put(Action::Steal(victim), self.may_rob(victim, p, steal));
            }
            staged.put(Action::Pass, true);
        });
    }

    /// The legal actions of a response to a wild card: the plays, a draw if the deck has cards,
    /// a pass.
    #[inline(never)]
    fn legal_response(&self, responder: Seat, out: &mut Vec<Action>) {
        if self.players[responder].hand.len() <= STAGED_HAND {
            stage::<STAGED_MAIN>(out, |staged| {
                self.stage_plays(responder, staged, |_, _| {});
                staged.put(Action::Draw, !self.deck.is_empty());
                staged.put(Action::Pass, true);
            });
            return;
        }
        out.clear();
        self.push_plays(responder, out);
        if !self.deck.is_empty() {
            out.push(Action::Draw);
        }
        out.push(Action::Pass);
    }

    /// Whether the seat to act may steal from `victim` with `symbol`: the test of
    /// [`steal_refusal`](Self::steal_refusal) without the reasons and without branches (the
    /// legal actions test each seat at the table with [`may_rob`](Self::may_rob)).
    #[cfg(test)]
    fn can_steal(&self, victim: Seat, symbol: u8) -> bool {
        self.players
            .get(victim)
            .is_some_and(|p| self.may_rob(victim, p, symbol))
    }

    /// [`can_steal`](Self::can_steal) for a seat at the table and its player.
    #[inline(always)]
    fn may_rob(&self, victim: Seat, p: &Player, symbol: u8) -> bool {
        (victim != self.current)
            & (symbol != NO_STEAL)
            & (symbol != WILD)
            & (p.cache.len != 0)
            & (p.cache.last == symbol)
            & !p.hand.is_empty()
    }

    /// The masks of what a seat may play now: the modes it may play (none when its trip of
    /// the basic game is complete) and the near symbols a card may show to its trip (bit 7: the
    /// wild `?`). A card may be played forward when its mode bit is in the first and its
    /// forward near-symbol bit in the second (reversed likewise): the same test as
    /// [`play_refusal`](Self::play_refusal), which the contract kit checks they agree with.
    #[inline]
    fn play_masks(&self, seat: Seat) -> (u8, u8) {
        let p = &self.players[seat];
        if !self.options.advanced && !p.done_trips.is_empty() {
            return (0, 0);
        }
        let cache = &p.cache;
        if cache.len == 0 {
            // No airplane starts a trip; nor does a Specific Trip symbol (non-airplane cards
            // never show the `?`).
            let specific = self.rules.specific.map_or(0, |symbols| {
                symbols
                    .iter()
                    .fold(0u8, |m, &s| m | 1u8.checked_shl(u32::from(s)).unwrap_or(0))
            });
            (!p.barred & !(1 << AIRPLANE), !specific & !(1 << WILD))
        } else if cache.last == WILD {
            (!p.barred, !(1 << WILD))
        } else {
            // Symbols are 0-7 (7: the `?`), so the masked shift is the symbol's bit.
            (!p.barred, 1u8 << (cache.last & 7) | 1 << WILD)
        }
    }

    /// The legal plays of a seat, hand order, forward before reversed (see
    /// [`play_masks`](Self::play_masks)).
    #[inline(always)]
    fn push_plays(&self, seat: Seat, out: &mut Vec<Action>) {
        let (modes, near) = self.play_masks(seat);
        if modes == 0 {
            return;
        }
        for &card in self.players[seat].hand.iter() {
            let bits = self.table.bits(card);
            if bits.mode & modes == 0 {
                continue;
            }
            if bits.forward & near != 0 {
                out.push(Action::Play {
                    card,
                    reversed: false,
                });
            }
            if bits.reversed & near != 0 {
                out.push(Action::Play {
                    card,
                    reversed: true,
                });
            }
        }
    }

    /// The legal plays of a seat of at most [`STAGED_HAND`] cards, as
    /// [`push_plays`](Self::push_plays) lists them, staged without a branch per card; `each` is
    /// called with the position and the card of every card of the hand on the way.
    #[inline(always)]
    fn stage_plays<const N: usize>(
        &self,
        seat: Seat,
        staged: &mut Staged<'_, N>,
        mut each: impl FnMut(usize, TripCard),
    ) {
        let (modes, near) = self.play_masks(seat);
        for (i, &card) in self.players[seat].hand.iter().enumerate() {
            each(i, card);
            let bits = self.table.bits(card);
            let mode = bits.mode & modes != 0;
            staged.put(
                Action::Play {
                    card,
                    reversed: false,
                },
                mode & (bits.forward & near != 0),
            );
            staged.put(
                Action::Play {
                    card,
                    reversed: true,
                },
                mode & (bits.reversed & near != 0),
            );
        }
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
                        let (wild, steal) = self.play(seat, index, reversed);
                        if wild {
                            self.phase = Phase::Respond {
                                responder: self.left_of(seat),
                                steal,
                            };
                        } else if self.hand_ending {
                            self.end_hand();
                        } else {
                            self.phase = Phase::After { steal };
                        }
                    }
                    Action::Discard(card) => {
                        let hand = &mut self.players[seat].hand;
                        let hand_size = hand.len();
                        if !hand.remove(card) {
                            return Err(ActionError::NotInHand(card));
                        }
                        self.shown(seat, card, hand_size);
                        self.discard.add(card);
                        self.phase = Phase::After { steal: NO_STEAL };
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
                let next = self.left_of(responder);
                if next != self.current {
                    self.phase = Phase::Respond {
                        responder: next,
                        steal,
                    };
                } else if self.hand_ending {
                    self.end_hand();
                } else {
                    self.phase = Phase::After { steal };
                }
            }
        }
        self.plies = self.plies.saturating_add(1);
        Ok(())
    }

    #[inline(always)]
    fn draw(&mut self, seat: Seat) {
        if let Some(card) = self.deck.pop() {
            self.players[seat].hand.add(card);
        }
    }

    /// Ruling RT2: a card at random from the victim's hand, seen by the thief and the victim
    /// only; the victim then draws a replacement.
    fn steal(&mut self, victim: Seat) {
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
        // Most often no seat tracks a stolen card: the test stays in the caller, the visit of
        // the seats' knowledge out of it.
        if self.watch.any() {
            self.shown_to_trackers(seat, card, hand_size);
        }
    }

    /// [`shown`](Self::shown) when some seat tracks a stolen card.
    #[inline(never)]
    fn shown_to_trackers(&mut self, seat: Seat, card: TripCard, hand_size: usize) {
        if !self.watch.may_learn(card, hand_size) {
            return;
        }
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
    #[inline]
    fn play(&mut self, seat: Seat, index: usize, reversed: bool) -> (bool, u8) {
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
            self.complete_trip(seat);
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
        if !advanced {
            self.hand_ending = true;
            if self.options.round_the_world {
                self.world_winners.insert(seat);
            }
        }
    }

    #[inline(always)]
    fn end_turn(&mut self) {
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
}
