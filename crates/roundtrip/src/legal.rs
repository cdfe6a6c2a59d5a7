//! The legal actions of a turn: the main step, the step after a play and the responses to a
//! wild card, listed in a fixed order (see `staged` for how the common steps are written).

use cards::Seat;

use crate::action::Action;
use crate::deck::{TripCard, AIRPLANE, WILD};
use crate::staged::{Staged, PLACEHOLDER, STAGED_AFTER, STAGED_HAND, STAGED_MAIN};
use crate::state::{Phase, Player, State, NO_STEAL};
use crate::trip::NO_TRIP_END;

impl State {
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
    /// Out of line, so that `legal_actions` stays small.
    #[inline(never)]
    fn legal_main(&self, out: &mut Vec<Action>) {
        self.list_main(out);
    }

    /// [`legal_main`](Self::legal_main) written where it is called (a random ply lists the
    /// main step inline); returns the number of plays, listed first. Every card of the hand
    /// is then listed as a discard, in hand order.
    #[inline(always)]
    pub(crate) fn list_main(&self, out: &mut Vec<Action>) -> usize {
        let seat = self.current;
        let hand = self.players[seat].hand.as_slice();
        if hand.len() > STAGED_HAND {
            return self.list_main_large(out);
        }
        let (mut plays, mut kept) = (0, 0);
        if let Some(mut staged) = Staged::<STAGED_MAIN>::start(out) {
            // The discards are gathered in the same pass over the hand, then placed after the
            // plays in one fixed-size copy.
            let mut discards = [PLACEHOLDER; STAGED_HAND];
            self.stage_plays(seat, &mut staged, |i, card| {
                discards[i & (STAGED_HAND - 1)] = Action::Discard(card);
            });
            plays = staged.len();
            staged.put_block(&discards, hand.len());
            kept = staged.kept();
        }
        out.truncate(kept);
        plays
    }

    /// [`list_main`](Self::list_main) for a hand of more than [`STAGED_HAND`] cards (rare),
    /// one action at a time.
    #[inline(never)]
    fn list_main_large(&self, out: &mut Vec<Action>) -> usize {
        let seat = self.current;
        out.clear();
        self.push_plays(seat, out);
        let plays = out.len();
        let hand = self.players[seat].hand.as_slice();
        out.extend(hand.iter().map(|&card| Action::Discard(card)));
        plays
    }

    /// The legal actions after a play that left `steal` at the end of the trip: a draw if the
    /// deck has cards, the steals, a pass. Out of line, so that `legal_actions` stays small.
    #[inline(never)]
    fn legal_after_play(&self, steal: u8, out: &mut Vec<Action>) {
        self.list_after_play(steal, out);
    }

    /// [`legal_after_play`](Self::legal_after_play) written where it is called: a random ply
    /// lists the step inline.
    #[inline(always)]
    pub(crate) fn list_after_play(&self, steal: u8, out: &mut Vec<Action>) {
        let mut kept = 0;
        if let Some(mut staged) = Staged::<STAGED_AFTER>::start(out) {
            staged.put(Action::Draw, !self.deck.is_empty());
            if steals_with(steal) {
                for (victim, p) in self.players.seats() {
                    staged.put(Action::Steal(victim), self.may_rob_with(victim, p, steal));
                }
            }
            staged.put(Action::Pass, true);
            kept = staged.kept();
        }
        out.truncate(kept);
    }

    /// The legal actions of a response to a wild card: the plays, a draw if the deck has cards,
    /// a pass. Out of line, so that `legal_actions` stays small.
    #[inline(never)]
    fn legal_response(&self, responder: Seat, out: &mut Vec<Action>) {
        self.list_response(responder, out);
    }

    /// [`legal_response`](Self::legal_response) written where it is called: a random ply lists
    /// the step inline.
    #[inline(always)]
    pub(crate) fn list_response(&self, responder: Seat, out: &mut Vec<Action>) {
        if self.players[responder].hand.len() > STAGED_HAND {
            self.list_response_large(responder, out);
            return;
        }
        let mut kept = 0;
        if let Some(mut staged) = Staged::<STAGED_MAIN>::start(out) {
            self.stage_plays(responder, &mut staged, |_, _| {});
            staged.put(Action::Draw, !self.deck.is_empty());
            staged.put(Action::Pass, true);
            kept = staged.kept();
        }
        out.truncate(kept);
    }

    /// [`legal_response`](Self::legal_response) for a hand of more than [`STAGED_HAND`] cards
    /// (rare), one action at a time.
    #[inline(never)]
    fn list_response_large(&self, responder: Seat, out: &mut Vec<Action>) {
        out.clear();
        self.push_plays(responder, out);
        if !self.deck.is_empty() {
            out.push(Action::Draw);
        }
        out.push(Action::Pass);
    }

    /// Whether the seat to act may steal from `victim` with `symbol`: the test of
    /// [`steal_refusal`](Self::steal_refusal) without the reasons and without a branch a seat,
    /// as the legal actions after a play make it ([`steals_with`] once, then
    /// [`may_rob_with`](Self::may_rob_with) for each seat at the table). A unit test checks
    /// that the two agree.
    #[cfg(test)]
    pub(crate) fn can_steal(&self, victim: Seat, symbol: u8) -> bool {
        self.players
            .get(victim)
            .is_some_and(|p| steals_with(symbol) && self.may_rob_with(victim, p, symbol))
    }

    /// Whether the seat to act may steal from `victim` (a seat at the table, its player `p`)
    /// with `symbol`, a symbol a steal may match ([`steals_with`]). The victim's trip must be under way: the last symbol
    /// of an empty trip ([`NO_TRIP_END`]) is never one a steal may match, so the symbol test
    /// makes the length test too.
    #[inline(always)]
    fn may_rob_with(&self, victim: Seat, p: &Player, symbol: u8) -> bool {
        debug_assert!(p.cache.len != 0 || p.cache.last == NO_TRIP_END);
        debug_assert!(symbol != NO_TRIP_END);
        (victim != self.current) & (p.cache.last == symbol) & !p.hand.is_empty()
    }

    /// The masks of what a seat may play now: the modes it may play (none when its trip of
    /// the basic game is complete) and the near symbols a card may show to its trip (bit 7: the
    /// wild `?`). A card may be played forward when its mode bit is in the first and its
    /// forward near-symbol bit in the second (reversed likewise): the same test as
    /// [`play_refusal`](Self::play_refusal), which the contract kit checks they agree with.
    /// Read from the seat's [`Player::play_masks`], kept up to date by
    /// [`refresh_play_masks`](Self::refresh_play_masks).
    #[inline(always)]
    pub(crate) fn play_masks(&self, seat: Seat) -> (u8, u8) {
        let masks = self.players[seat].play_masks;
        debug_assert_eq!(masks, self.work_out_play_masks(seat));
        masks
    }

    /// Works out again the masks of what `seat` may play now and keeps them in its
    /// [`Player::play_masks`]: after anything they depend on changes (the seat's trip under way,
    /// its completed trips, its barred modes, the Specific Trip symbols).
    #[inline]
    pub(crate) fn refresh_play_masks(&mut self, seat: Seat) {
        let masks = self.work_out_play_masks(seat);
        self.players[seat].play_masks = masks;
    }

    /// [`play_masks`](Self::play_masks) worked out from the seat's trips, its barred modes and
    /// the rules.
    #[inline]
    fn work_out_play_masks(&self, seat: Seat) -> (u8, u8) {
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
        } else {
            (!p.barred, near_of_last(cache.last))
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
}

/// Whether a steal may match `symbol`, the one the seat's play left at the end of its trip:
/// not after a discard or a trip ending on the `?`.
#[inline(always)]
fn steals_with(symbol: u8) -> bool {
    symbol != NO_STEAL && symbol != WILD
}

/// The near symbols a card may show to a trip under way whose last symbol is `last` (bit 7: the
/// wild `?`): that symbol or the `?`, or after a `?` any symbol but another `?`.
#[inline(always)]
pub(crate) fn near_of_last(last: u8) -> u8 {
    if last == WILD {
        !(1 << WILD)
    } else {
        // Symbols are 0-7 (7: the `?`), so the masked shift is the symbol's bit.
        1u8 << (last & 7) | 1 << WILD
    }
}
