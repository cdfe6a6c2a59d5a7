//! Checking a loaded state: every invariant the engine relies on, so that a state that loads
//! is one the rules can reach, as far as the state shows. A loaded game then never makes the
//! engine panic, its seat to act always has a legal action, and it ends within its ply bound.
//!
//! The checks, in order, each refusing with its own [`StateError`]:
//!
//! 1. the options, and the seats named anywhere (players, knowledge, dealer, current seat,
//!    responder, goal owners, Round the World winners);
//! 2. the hand number (1 to the hand limit) and its dealer (the last seat deals the first
//!    hand, the deal passes to the left);
//! 3. the cards: the deck's cards, each once; the Specific Trip and aversion cards;
//! 4. each seat's trips, replayed card by card: each card one the seat could play (its mode not
//!    barred by its aversion cards, matching the trip), a completed trip complete on its last
//!    card only (it is set aside at once), the trip under way not complete, at most one
//!    completed trip in a basic hand and nothing played after it;
//! 5. the goal cards: none in the basic game; each owner has a trip this hand that meets its
//!    goal, each goal met by a trip this hand is owned, the first-trip goal's owner's first
//!    trip is the one doubled trip;
//! 6. what each seat knows of the cards stolen from it: no more cards than were stolen from it
//!    this hand, and the real hands among the placements it thinks possible;
//! 7. the step of the turn against the rest (below);
//! 8. the scores: what the hands before can have banked, never above the target score before
//!    the last hand (outside Round the World, whose target does not end the game), and a game
//!    over ended by the target score, by a trip around the world or by the hand limit;
//! 9. the ply count (below);
//! 10. a legal action for the seat to act.
//!
//! **The step of the turn.** A turn starts (`Main`) with no card played to a trip. `After` a
//! play its steal symbol is the far symbol of the card just played (none for a `?`); after a
//! discard there is none. Wild-card responses (`Respond`) follow an airplane just played, never
//! ask its player, and carry the steal symbol of that airplane. Turns without a card played to
//! a trip are counted only with the deck empty, fewer than the seats while the hand goes on. A
//! completed trip ends a basic hand (and only during wild-card responses is the hand still
//! going), never an advanced one; Round the World's winners are the seats that completed a
//! trip. A game over ended its last hand either on a completed trip or on a round of turns
//! without a card played to a trip.
//!
//! **The ply count.** It is at least the cards played or discarded this hand, the steals, and
//! one per earlier hand. It is at most the ply bound less an upper bound on the plies left in
//! the game that every ply lowers by at least one: with `n` seats, `d` cards in the deck, `h`
//! in the hands, `q` the turns without a card to a trip (0 once a card went to a trip this
//! turn),
//!
//! `f = 2d + h + (n + 1)(h + d) + n − q`
//!
//! bounds the turns left in the hand: a turn with cards in the deck lowers `2d + h`; `h + d`
//! never grows; with the deck empty a turn either plays a card to a trip (`h` falls, so `f`
//! falls by `n + 2` less the reset of `q`, at most `n − 1`) or raises `q`. Within a turn no ply
//! raises `f`. So `(n + 1) f`, plus the plies left in the turn under way (the responses left and
//! the second step), plus the ply bound of a hand for each hand after this one, falls by at
//! least one with every ply, and at a new deal `(n + 1) f` is at most the ply bound of a hand
//! (`docs/rules/roundtrip.md`, "Termination"). A game played from its start always satisfies
//! the check; a loaded game that does ends within the bound.

use cards::{PerSeat, Placed, Seat, SeatSet};

use crate::deck::{Face, FaceTable, WILD};
use crate::error::StateError;
use crate::goals::{Goal, EACH_MODE, FIRST_TRIP, NO_AIRPLANE};
use crate::knowledge::Knowledge;
use crate::state::{rules_of, Phase, State, NO_STEAL};
use crate::trip::{Oriented, TripRules, TripState};

/// Goal points a seat can hold at most in one hand: all ten goals.
const ALL_GOAL_POINTS: i64 = 7 * 3 + 10 + 3;

/// What the goal check needs of one trip of this hand (under way or completed).
#[derive(Clone, Copy)]
struct TripSummary {
    /// Cards of each mode.
    modes: [u8; 8],
    /// Whether it is completed.
    complete: bool,
}

impl TripSummary {
    /// Whether the trip meets the goal at this index.
    fn meets(self, goal: usize) -> bool {
        match goal {
            EACH_MODE => self.modes[..7].iter().all(|&m| m > 0),
            FIRST_TRIP => self.complete,
            NO_AIRPLANE => self.complete && self.modes[7] == 0,
            mode => self.modes.get(mode).is_some_and(|&m| m >= 3),
        }
    }
}

impl State {
    /// Checks a loaded state and rebuilds what is derived (see the module docs).
    pub fn validated(mut self) -> Result<State, StateError> {
        let faces = self.options.validate()?;
        self.table = FaceTable::new(&faces);
        self.rules = rules_of(&self.options);
        self.check_seats()?;
        self.check_deal()?;
        self.check_cards()?;
        self.rules.specific = self.specific_symbols();
        let trips = self.rebuild_trips()?;
        for i in 0..self.seats() {
            self.refresh_play_masks(Seat(i as u8));
        }
        self.check_goals(&trips)?;
        self.rebuild_knowledge()?;
        self.check_phase()?;
        self.check_scores()?;
        self.check_plies()?;
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        match self.to_act() {
            Some(seat) if legal.is_empty() => Err(StateError::NoLegalAction(seat)),
            _ => Ok(self),
        }
    }

    fn check_seats(&self) -> Result<(), StateError> {
        let seats = self.options.players;
        let count =
            |what, found| (found != seats).then_some(StateError::SeatCount { what, found, seats });
        if let Some(e) = count("players", self.players.len()) {
            return Err(e);
        }
        // Games saved before seats kept what they know load with no knowledge at all.
        if !self.knowledge.is_empty() {
            if let Some(e) = count("knowledge", self.knowledge.len()) {
                return Err(e);
            }
        }
        let mut named = vec![
            ("the dealer", self.dealer),
            ("the current seat", self.current),
        ];
        if let Phase::Respond { responder, .. } = self.phase {
            named.push(("the responder", responder));
        }
        named.extend(self.goals.iter().flatten().map(|&s| ("a goal's owner", s)));
        named.extend(
            self.world_winners
                .iter()
                .map(|s| ("Round the World's winners", s)),
        );
        match named.into_iter().find(|(_, seat)| seat.index() >= seats) {
            Some((what, seat)) => Err(StateError::SeatOutOfRange { what, seat, seats }),
            None => Ok(()),
        }
    }

    fn check_deal(&self) -> Result<(), StateError> {
        let (deals, limit) = (self.deals, self.options.max_hands);
        if deals == 0 || deals > limit {
            return Err(StateError::Deal {
                deals,
                reason: format!("hands are numbered from 1 to the hand limit, {limit}"),
            });
        }
        // The last seat deals the first hand; the deal passes to the left.
        let n = self.seats() as u64;
        let expected = Seat(((n - 1 + u64::from(deals - 1)) % n) as u8);
        if self.dealer != expected {
            return Err(StateError::Deal {
                deals,
                reason: format!("dealt by seat {expected}, not seat {}", self.dealer),
            });
        }
        Ok(())
    }

    fn check_cards(&self) -> Result<(), StateError> {
        let cards = self.table.len();
        let mut census = Vec::new();
        self.census(&mut census);
        let mut count = vec![0usize; cards];
        for card in &census {
            match count.get_mut(card.index()) {
                Some(c) => *c += 1,
                None => {
                    return Err(StateError::Cards(format!(
                        "card {card} is not one of the deck's {cards} cards"
                    )))
                }
            }
        }
        if let Some((card, &c)) = count.iter().enumerate().find(|(_, &c)| c != 1) {
            let where_ = if c == 0 { "nowhere" } else { "in two places" };
            return Err(StateError::Cards(format!("card {card} is {where_}")));
        }
        let specific = if self.options.specific_trip { 2 } else { 0 };
        if self.specific.len() != specific {
            return Err(StateError::Cards(format!(
                "{} Specific Trip cards face up, not {specific}",
                self.specific.len()
            )));
        }
        if self
            .specific
            .iter()
            .any(|p| self.table.face(p.card).is_airplane())
        {
            return Err(StateError::Cards(
                "an airplane is never turned for Specific Trip".into(),
            ));
        }
        let aversion = usize::from(self.options.aversion);
        match self
            .players
            .seats()
            .find(|(_, p)| p.aversion.len() != aversion)
        {
            Some((seat, p)) => Err(StateError::Cards(format!(
                "seat {seat} has {} aversion cards, not {aversion}",
                p.aversion.len()
            ))),
            None => Ok(()),
        }
    }

    /// Rebuilds each seat's barred modes and trip under way from its cards, checking its trips;
    /// returns each seat's trips of this hand for the goal check.
    fn rebuild_trips(&mut self) -> Result<Vec<Vec<TripSummary>>, StateError> {
        let (table, rules, advanced) = (&self.table, self.rules, self.options.advanced);
        let mut all = Vec::with_capacity(self.players.len());
        for (i, p) in self.players.iter_mut().enumerate() {
            let seat = Seat(i as u8);
            let fail = |reason: String| StateError::Trip { seat, reason };
            p.barred = p
                .aversion
                .iter()
                .fold(0u8, |bits, placed| bits | 1 << table.face(placed.card).mode);
            let total: usize = p.done_trips.iter().map(|t| usize::from(t.len)).sum();
            if total != p.done.len() {
                return Err(fail(format!(
                    "the completed trips count {total} cards, {} are set aside",
                    p.done.len()
                )));
            }
            if !advanced && p.done_trips.len() > 1 {
                return Err(fail(
                    "two completed trips in a hand of the basic game".into(),
                ));
            }
            let mut summaries = Vec::with_capacity(p.done_trips.len() + 1);
            let mut start = 0;
            for (k, t) in p.done_trips.iter().enumerate() {
                let end = start + usize::from(t.len);
                let cards = p.done.as_slice().get(start..end).unwrap_or_default();
                start = end;
                let (trip, complete) = replay(table, &rules, p.barred, cards)
                    .map_err(|r| fail(format!("completed trip {k}: {r}")))?;
                if !complete {
                    return Err(fail(format!("completed trip {k} is not complete")));
                }
                summaries.push(TripSummary {
                    modes: trip.modes,
                    complete: true,
                });
            }
            let (cache, complete) = replay(table, &rules, p.barred, p.trip.as_slice())
                .map_err(|r| fail(format!("trip under way: {r}")))?;
            if complete {
                return Err(fail(
                    "the trip under way is complete: it would have been set aside".into(),
                ));
            }
            if !advanced && !p.done_trips.is_empty() && cache.len > 0 {
                return Err(fail(
                    "a trip under way after the hand's trip was completed in the basic game".into(),
                ));
            }
            p.cache = cache;
            if cache.len > 0 {
                summaries.push(TripSummary {
                    modes: cache.modes,
                    complete: false,
                });
            }
            all.push(summaries);
        }
        Ok(all)
    }

    fn check_goals(&self, trips: &[Vec<TripSummary>]) -> Result<(), StateError> {
        let advanced = self.options.advanced;
        let doubled: Vec<(usize, usize)> = self
            .players
            .iter()
            .enumerate()
            .flat_map(|(s, p)| {
                p.done_trips
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| t.doubled)
                    .map(move |(k, _)| (s, k))
            })
            .collect();
        for (index, owner) in self.goals.iter().enumerate() {
            let goal = Goal::at(index);
            let fail = |reason| Err(StateError::Goal { goal, reason });
            let meets = |seat: usize| {
                trips
                    .get(seat)
                    .is_some_and(|t| t.iter().any(|t| t.meets(index)))
            };
            if !advanced {
                if owner.is_some() {
                    return fail("the basic game has no goal cards");
                }
                if index == FIRST_TRIP && !doubled.is_empty() {
                    return fail("a trip scored double outside the advanced game");
                }
                continue;
            }
            match owner {
                Some(seat) if !meets(seat.index()) => {
                    return fail("its owner has no trip this hand that meets it")
                }
                None if (0..trips.len()).any(meets) => {
                    return fail("a trip this hand meets it, but nobody owns it")
                }
                _ => {}
            }
            if index == FIRST_TRIP {
                let expected: &[(usize, usize)] = match owner {
                    Some(seat) => &[(seat.index(), 0)],
                    None => &[],
                };
                if doubled != expected {
                    return fail("the one trip scored double is its owner's first completed trip");
                }
            }
        }
        Ok(())
    }

    fn rebuild_knowledge(&mut self) -> Result<(), StateError> {
        let n = self.seats();
        if self.knowledge.is_empty() {
            // Saved before seats kept what they know: they know nothing more than they see.
            self.knowledge = PerSeat::from_fn(n, |_| Knowledge::default());
        }
        let players = &self.players;
        for (seat, k) in self.knowledge.seats() {
            let fail = |reason| Err(StateError::Knowledge { seat, reason });
            let robbed = players.get(seat).map_or(0, |p| p.robbed);
            if k.cards().len() as u64 > u64::from(robbed) {
                return fail("it remembers more cards than were stolen from it this hand");
            }
            let consistent = k.is_consistent(
                seat,
                n,
                |s| players.get(s).map_or(0, |p| p.hand.len()),
                |card| {
                    players
                        .seats()
                        .find(|(_, p)| p.hand.contains(card))
                        .map(|(s, _)| s)
                },
            );
            if !consistent {
                return fail("the hands are not among the placements it thinks possible");
            }
        }
        self.refresh_tracking();
        Ok(())
    }

    fn check_phase(&self) -> Result<(), StateError> {
        let phase = self.phase;
        let fail = |reason| Err(StateError::Phase { phase, reason });
        let (n, advanced) = (self.seats(), self.options.advanced);
        let completed: SeatSet = self
            .players
            .seats()
            .filter(|(_, p)| !p.done_trips.is_empty())
            .map(|(s, _)| s)
            .collect();
        if advanced && self.hand_ending {
            return fail("a completed trip never ends a hand of the advanced game");
        }
        if !advanced && completed.is_empty() == self.hand_ending {
            return fail("a completed trip, and only that, ends a hand of the basic game");
        }
        let winners = if self.options.round_the_world {
            completed
        } else {
            SeatSet::EMPTY
        };
        if self.world_winners != winners {
            return fail("Round the World's winners are not the seats that completed a trip");
        }
        if self.quiet > 0 && !self.deck.is_empty() {
            return fail("turns without a card played to a trip count only with the deck empty");
        }
        let quiet = usize::from(self.quiet);
        let last = self.last_played(self.current);
        match phase {
            Phase::Over => {
                if self.hand_ending {
                    if !self.trip_played || quiet >= n {
                        return fail("the last hand ended on a completed trip, but not this turn");
                    }
                } else if quiet != n || self.trip_played {
                    return fail("the last hand ended neither on a completed trip nor on a round of turns without a card played to a trip");
                }
                if self.deals < self.options.max_hands {
                    if self.options.round_the_world && self.world_winners.is_empty() {
                        return fail(
                            "Round the World ends on a trip around the world or at the hand limit",
                        );
                    }
                    let target = i64::from(self.options.target());
                    if !self.options.round_the_world
                        && self.players.iter().all(|p| p.score <= target)
                    {
                        return fail(
                            "nobody passed the target score and the hand limit is not reached",
                        );
                    }
                }
            }
            _ if quiet >= n => {
                return fail("a round of turns without a card played to a trip has ended the hand")
            }
            _ if self.hand_ending && !matches!(phase, Phase::Respond { .. }) => {
                return fail("a completed trip has ended the basic hand")
            }
            Phase::Main if self.trip_played => {
                return fail("a turn starts with no card played to a trip yet")
            }
            Phase::Main => {}
            Phase::After { steal } if self.trip_played => {
                if last.map(|(_, s)| s) != Some(steal) {
                    return fail("the steal symbol is not the far symbol of the card just played");
                }
            }
            Phase::After { steal } => {
                if steal != NO_STEAL {
                    return fail("a steal is allowed after a play only");
                }
            }
            Phase::Respond { responder, steal } => {
                if responder == self.current {
                    return fail("the player of the wild card does not respond to it");
                }
                let wild = matches!(last, Some((face, s)) if face.is_airplane() && s == steal);
                if !self.trip_played || !wild {
                    return fail("responses follow a wild card just played, with its steal symbol");
                }
            }
        }
        Ok(())
    }

    /// The face of the last card a seat played this hand, and the steal symbol it leaves.
    fn last_played(&self, seat: Seat) -> Option<(Face, u8)> {
        let p = self.players.get(seat)?;
        let last = p.trip.top().or_else(|| p.done.top())?.card;
        let face = self.table.face(last.card);
        let far = face.sides(last.reversed).1;
        Some((face, if far == WILD { NO_STEAL } else { far }))
    }

    fn check_scores(&self) -> Result<(), StateError> {
        let over = self.phase == Phase::Over;
        let cards = self.table.len() as i64;
        // Cards in trips, at most twice each (the first trip after the shuffle), a bonus of 3
        // per complete trip of at least 6 cards, and the goals.
        let per_hand = if self.options.advanced {
            3 * cards + ALL_GOAL_POINTS
        } else {
            cards + 3
        };
        let hands_before = i64::from(self.deals - 1);
        let target = i64::from(self.options.target());
        for (seat, p) in self.players.seats() {
            let fail = |reason| {
                Err(StateError::Score {
                    seat,
                    score: p.score,
                    reason,
                })
            };
            // A game over still shows its last hand, whose points are banked.
            let banked = if over {
                p.score.checked_sub(self.hand_points(seat))
            } else {
                Some(p.score)
            };
            let Some(banked) = banked.filter(|&b| b >= 0) else {
                return fail("below the points of the hands played");
            };
            if banked > hands_before * per_hand {
                return fail("more than the hands before this one can have scored");
            }
            if !self.options.round_the_world && banked > target {
                return fail("above the target score before this hand: the game would have ended");
            }
        }
        Ok(())
    }

    fn check_plies(&self) -> Result<(), StateError> {
        let on_table = self.discard.len()
            + self
                .players
                .iter()
                .map(|p| p.trip.len() + p.done.len())
                .sum::<usize>();
        let steals: u64 = self.players.iter().map(|p| u64::from(p.robbed)).sum();
        let least = on_table as u64 + steals + u64::from(self.deals - 1);
        let bound = self.max_plies();
        let (left, most) = if self.phase == Phase::Over {
            (0, bound)
        } else {
            let left = self.plies_left_bound();
            (left, bound.saturating_sub(left))
        };
        if left > bound || self.plies < least || self.plies > most {
            return Err(StateError::Plies {
                plies: self.plies,
                least,
                most,
            });
        }
        Ok(())
    }

    /// An upper bound on the plies left in the game that every ply lowers by at least one (see
    /// the module docs).
    fn plies_left_bound(&self) -> u64 {
        let n = self.seats() as u64;
        let deck = self.deck.len() as u64;
        let hands: u64 = self.players.iter().map(|p| p.hand.len() as u64).sum();
        let quiet = if self.trip_played {
            0
        } else {
            u64::from(self.quiet)
        };
        let turns = 2 * deck + hands + (n + 1) * (hands + deck) + n.saturating_sub(quiet);
        let this_turn = match self.phase {
            // The responses left, then the second step.
            Phase::Respond { responder, .. } => {
                (self.current.index() as u64 + n - responder.index() as u64) % n + 1
            }
            Phase::After { .. } => 1,
            Phase::Main | Phase::Over => 0,
        };
        let later_hands = u64::from(self.options.max_hands.saturating_sub(self.deals));
        (n + 1) * turns + this_turn + later_hands * self.plies_per_hand()
    }
}

/// Replays the cards of one trip as they were played: each one the seat could play (its mode
/// not barred, matching the trip), the trip complete after its last card at most (a completed
/// trip is set aside at once). Returns the trip and whether it is complete.
fn replay(
    table: &FaceTable,
    rules: &TripRules,
    barred: u8,
    cards: &[Placed<Oriented>],
) -> Result<(TripState, bool), &'static str> {
    let mut trip = TripState::default();
    let mut complete = false;
    for placed in cards {
        if complete {
            return Err("it goes on after it was complete");
        }
        let Oriented { card, reversed } = placed.card;
        let face = table.face(card);
        if barred & (1 << face.mode) != 0 {
            return Err("a card of a mode its aversion cards bar");
        }
        if let Some(reason) = trip.refusal(face, reversed, rules) {
            return Err(reason);
        }
        if trip.len == u8::MAX {
            return Err("too many cards");
        }
        trip.push(face, reversed, rules);
        complete = trip.is_complete(rules);
    }
    Ok((trip, complete))
}
