//! The checks a loaded state must pass: every invariant the engine relies on, so that a loaded
//! game never panics, always gives the seat to act a legal action, and ends within
//! [`MAX_PLIES`].
//!
//! Two counts tie the state to its history. Each turn spends exactly one card (played) or one
//! roll coin, and each seat has 14 cards and 2 coins, so the turns each seat has taken follow
//! from its zones, and with them the seat to act: the seats alternate from The Brain, 16 turns
//! each. And [`BrainsHearts::remaining_bound`] is a potential that every ply lowers by at least
//! one and that is [`MAX_PLIES`] at the start, so `plies + remaining_bound` never exceeds the
//! bound in a game played by the rules, and a loaded state that keeps to it ends within it.

use cards::CardSet;

use crate::board::{down, up, BoardCard};
use crate::error::InvalidState;
use crate::game::{fill_legal, MAX_PLIES};
use crate::options::{seat_card_set, DECK_SIZE};
use crate::state::{BrainsHearts, Direction, Phase, Run, COINS, OPENING_HAND};

/// Turns each seat takes: one per card and one per roll coin.
const TURNS: usize = DECK_SIZE + COINS as usize;

/// Most plies a claim may take per card it captures (see [`MAX_PLIES`]).
const PLIES_PER_CAPTURE: i64 = 5;

/// The positions (bits) of a seat's slots: `B1`–`B3` or `H1`–`H3`.
const fn side_mask(seat: usize) -> u8 {
    if seat == 0 {
        0b000_111
    } else {
        0b111_000
    }
}

impl Phase {
    /// Whether the seat to act has already spent this turn's card or coin: after a play or a
    /// roll, not before.
    const fn turn_spent(self) -> bool {
        matches!(
            self,
            Phase::DieChoice | Phase::DieTarget { .. } | Phase::Scoring | Phase::Running(_)
        )
    }

    /// Whether the die rolled this turn has yet to change anything.
    const fn die_pending(self) -> bool {
        matches!(self, Phase::DieChoice | Phase::DieTarget { .. })
    }
}

impl BrainsHearts {
    /// Checks every invariant a state must keep, so that no loaded state can make the engine
    /// misbehave later; the first one found broken is the error.
    pub(crate) fn check(&self) -> Result<(), InvalidState> {
        self.options.validate()?;
        if self.to_act > 1 {
            return Err(InvalidState::NoSuchSeat(self.to_act));
        }
        if let Some(&bad) = self.dice.as_slice().iter().find(|r| !(1..=6).contains(*r)) {
            return Err(InvalidState::DieResult(bad));
        }
        if let Some(bad) = self.last_roll.filter(|r| !(1..=6).contains(r)) {
            return Err(InvalidState::DieResult(bad));
        }
        self.check_cards()?;
        self.check_turn()?;
        self.check_hands()?;
        self.check_locks()?;
        self.check_die()?;
        self.check_phase()?;
        self.check_plies()?;
        if let Some(seat) = self.seat_to_act() {
            let mut legal = Vec::new();
            fill_legal(self, &mut legal);
            if legal.is_empty() {
                return Err(InvalidState::NoLegalAction(seat));
            }
        }
        Ok(())
    }

    /// The 28 cards, each once, each seat's in its own zones; values 1–7 on the board; coins.
    fn check_cards(&self) -> Result<(), InvalidState> {
        let mut seen = CardSet::EMPTY;
        for (index, seat) in self.seats.iter().enumerate() {
            if seat.coins > COINS {
                return Err(InvalidState::Coins {
                    seat: index as u8,
                    coins: seat.coins,
                });
            }
            let mut mine = seat.hand;
            for &card in seat.deck.as_slice() {
                if !mine.insert(card) {
                    return Err(InvalidState::Cards("a card lies twice"));
                }
            }
            for slot in &seat.slots {
                for placed in slot.as_slice() {
                    if !(1..=7).contains(&placed.value) {
                        return Err(InvalidState::Cards("a card's value is not 1-7"));
                    }
                    if !mine.insert(placed.card) {
                        return Err(InvalidState::Cards("a card lies twice"));
                    }
                }
            }
            if mine.difference(seat_card_set(index)) != CardSet::EMPTY {
                return Err(InvalidState::Cards(
                    "a seat holds a card that is not its own",
                ));
            }
            if !seen.intersection(mine).is_empty() {
                return Err(InvalidState::Cards("a card lies twice"));
            }
            seen = seen.union(mine);
        }
        let all = seat_card_set(0).union(seat_card_set(1));
        if !seen.intersection(self.discard).is_empty() || seen.union(self.discard) != all {
            return Err(InvalidState::Cards(
                "the cards are not the 28 cards of the game, each once",
            ));
        }
        Ok(())
    }

    /// Two cards in each hand while the deck holds cards (three after the draw, before the
    /// play), then one fewer per card played; the deal took two cards from each deck.
    fn check_hands(&self) -> Result<(), InvalidState> {
        for (index, seat) in self.seats.iter().enumerate() {
            let (hand, deck) = (seat.hand.len(), seat.deck.len());
            let drawn = self.phase == Phase::Play && index == self.actor();
            let fits = deck <= DECK_SIZE - OPENING_HAND
                && if drawn {
                    hand == OPENING_HAND + 1
                } else if deck > 0 {
                    hand == OPENING_HAND
                } else {
                    hand <= OPENING_HAND
                };
            if !fits {
                return Err(InvalidState::Hand {
                    seat: index as u8,
                    hand,
                    deck,
                    phase: self.phase,
                });
            }
        }
        Ok(())
    }

    /// A card is played locked only into an empty slot, never changed while locked, and
    /// unlocked at the start of its owner's next turn: at most one locked slot per seat,
    /// holding one unmodified card, and none of the seat to act's before it plays.
    fn check_locks(&self) -> Result<(), InvalidState> {
        for (index, seat) in self.seats.iter().enumerate() {
            if seat.locked > 0b111 {
                return Err(InvalidState::Locks(
                    "a lock lies on a slot that does not exist",
                ));
            }
            if seat.locked.count_ones() > 1 {
                return Err(InvalidState::Locks("a seat has more than one locked slot"));
            }
            for (slot_index, slot) in seat.slots.iter().enumerate() {
                if !seat.is_locked(slot_index) {
                    continue;
                }
                if slot.len() != 1 {
                    return Err(InvalidState::Locks(
                        "a locked slot does not hold exactly one card",
                    ));
                }
                if slot.top().is_some_and(BoardCard::is_modified) {
                    return Err(InvalidState::Locks("a locked card is modified"));
                }
            }
            let acting = self.phase != Phase::Over && index == self.actor();
            if acting
                && seat.locked != 0
                && !matches!(self.phase, Phase::Scoring | Phase::Running(_))
            {
                return Err(InvalidState::Locks(
                    "the seat to act has a locked card before playing this turn",
                ));
            }
        }
        Ok(())
    }

    /// Turns each seat has taken: each spent one of its 14 cards or 2 coins.
    fn turns_taken(&self) -> [usize; 2] {
        self.seats.each_ref().map(|seat| {
            TURNS.saturating_sub(seat.deck.len() + seat.hand.len() + usize::from(seat.coins))
        })
    }

    /// The seat to act is the one whose turn it is: The Brain begins and the seats alternate,
    /// 16 turns each; the game is over after The Heart's last turn, and only then.
    fn check_turn(&self) -> Result<(), InvalidState> {
        let [brain, heart] = self.turns_taken();
        let expected = match self.phase {
            Phase::Over => (brain == TURNS && heart == TURNS).then_some(1),
            phase if phase.turn_spent() => {
                if brain == heart + 1 {
                    Some(0)
                } else if brain == heart && heart > 0 {
                    Some(1)
                } else {
                    None
                }
            }
            _ => {
                if brain == heart && brain < TURNS {
                    Some(0)
                } else if brain == heart + 1 {
                    Some(1)
                } else {
                    None
                }
            }
        };
        if expected == Some(self.to_act) {
            Ok(())
        } else {
            Err(InvalidState::Turn {
                to_act: self.to_act,
                phase: self.phase,
                brain,
                heart,
            })
        }
    }

    /// The die results recorded agree with the coins spent and the number of stacked results,
    /// and the cards marked as changed by the die need no more results than can have changed a
    /// card. (The stacked results left are the state's own, not compared with the options: a
    /// determinisation draws them again.)
    fn check_die(&self) -> Result<(), InvalidState> {
        let rolled: usize = self
            .seats
            .iter()
            .map(|seat| usize::from(COINS.saturating_sub(seat.coins)))
            .sum();
        if self.last_roll.is_some() != (rolled > 0) {
            return Err(InvalidState::Die(
                "a last die result is recorded if and only if a coin was spent",
            ));
        }
        let stacked = self.options.die_results.as_deref().unwrap_or(&[]);
        if self.dice.len() != stacked.len().saturating_sub(rolled) {
            return Err(InvalidState::Die(
                "the stacked die results left are not those the coins spent leave",
            ));
        }
        let pending = self.phase.die_pending();
        if pending && self.me().coins >= COINS {
            return Err(InvalidState::Phase {
                phase: self.phase,
                reason: "the seat to act has spent no coin on a roll",
            });
        }
        match self.phase {
            Phase::DieChoice if self.last_roll != Some(6) => {
                return Err(InvalidState::Phase {
                    phase: self.phase,
                    reason: "a choice of result without a 6 rolled",
                })
            }
            Phase::DieTarget { result }
                if !(2..=5).contains(&result)
                    || (self.last_roll != Some(result) && self.last_roll != Some(6)) =>
            {
                return Err(InvalidState::Phase {
                    phase: self.phase,
                    reason: "a choice of card without a result 2-5 rolled or chosen",
                })
            }
            _ => {}
        }
        let least = self.least_changes();
        let rolled = rolled.saturating_sub(usize::from(pending)) as u32;
        if least > rolled {
            return Err(InvalidState::Marks { least, rolled });
        }
        Ok(())
    }

    /// The fewest die results that give the board its marks and values.
    fn least_changes(&self) -> u32 {
        self.seats
            .iter()
            .flat_map(|seat| &seat.slots)
            .flat_map(|slot| slot.as_slice())
            .map(|placed| placed.least_changes())
            .sum()
    }

    /// The scoring phase is entered only when a claim can be made; a run in progress is one
    /// the claims so far can have built.
    fn check_phase(&self) -> Result<(), InvalidState> {
        let reason = match self.phase {
            Phase::Scoring if !self.any_claim() => "no claim can be made",
            Phase::Running(run) => match self.run_problem(run) {
                Some(reason) => reason,
                None => return Ok(()),
            },
            _ => return Ok(()),
        };
        Err(InvalidState::Phase {
            phase: self.phase,
            reason,
        })
    }

    /// What is wrong with a run in progress, if anything.
    ///
    /// Before its third card a run holds its cards in `used`, its own starting card first, the
    /// values following each other; from the third card on, `used` holds its own cards only
    /// (the opponent's are captured), so its length is those plus the captured cards.
    fn run_problem(&self, run: Run) -> Option<&'static str> {
        let own = side_mask(self.actor());
        let opponent_discards = self
            .discard
            .intersection(seat_card_set(1 - self.actor()))
            .len();
        let top = |pos: usize| self.free_top(pos);
        if run.len == 0 || run.used > 0b11_1111 || !(1..=7).contains(&run.last) {
            return Some("the run is malformed");
        }
        if run.used & own == 0 {
            return Some("the run holds none of the seat to act's cards");
        }
        if (0..6).any(|pos| run.used & (1 << pos) != 0 && top(pos).is_none()) {
            return Some("a card of the run is not an unlocked top card");
        }
        if usize::from(run.captured) > opponent_discards {
            return Some("the run has captured more cards than the discard holds");
        }
        if run.direction == Direction::Either && run.len != 1 {
            return Some("the run's direction is undecided after its first card");
        }
        let in_run = run.used.count_ones();
        if run.len >= 3 {
            let started_on_wormhole = (0..6).any(|pos| {
                run.used & (1 << pos) != 0 && top(pos).is_some_and(BoardCard::is_wormhole)
            });
            return if run.used & !own != 0 {
                Some("an opponent card in a run of three or more is not captured")
            } else if in_run + u32::from(run.captured) != u32::from(run.len) {
                Some("the run's length is not its own cards and its captures")
            } else if run.direction == Direction::Down && !started_on_wormhole {
                Some("a run counts down without an unmodified Ace of its own")
            } else {
                None
            };
        }
        if run.captured != 0 || in_run != u32::from(run.len) {
            return Some("a run of fewer than three cards has captured or lost a card");
        }
        let follows = |start: BoardCard, next: BoardCard| match run.direction {
            Direction::Up => next.value == up(start.value),
            Direction::Down => start.is_wormhole() && next.value == down(start.value),
            Direction::Either => false,
        };
        let consistent = (0..6)
            .filter(|pos| run.used & own & (1 << pos) != 0)
            .any(|start| {
                let Some(first) = top(start) else {
                    return false;
                };
                let second = (0..6).find(|&pos| pos != start && run.used & (1 << pos) != 0);
                match second.and_then(top) {
                    None => {
                        let direction = if first.is_wormhole() {
                            Direction::Either
                        } else {
                            Direction::Up
                        };
                        run.last == first.value && run.direction == direction
                    }
                    Some(next) => run.last == next.value && follows(first, next),
                }
            });
        (!consistent).then_some("the run's cards do not follow each other from its start")
    }

    /// An upper bound on the plies left, which every ply lowers by at least one and which is
    /// [`MAX_PLIES`] at the start (the same budgets): per seat, a `play` per card not yet
    /// played, a `draw` per card in the deck, `roll`, `choose` and `change` per coin and an
    /// `end` per turn not yet ended; the `choose` and `change` and the `end` still open in the
    /// current turn; five claim plies per card still on the table, less those a run in progress
    /// has used beyond its captures.
    pub(crate) fn remaining_bound(&self) -> u64 {
        let mut bound: i64 = 0;
        for seat in &self.seats {
            let (deck, hand, coins) = (
                seat.deck.len() as i64,
                seat.hand.len() as i64,
                i64::from(seat.coins),
            );
            bound += (deck + hand) + deck + 3 * coins + (deck + hand + coins);
        }
        bound += match self.phase {
            Phase::DieChoice => 2,
            Phase::DieTarget { .. } => 1,
            _ => 0,
        };
        bound += i64::from(self.phase.turn_spent());
        let live = (2 * DECK_SIZE).saturating_sub(self.discard.len()) as i64;
        bound += PLIES_PER_CAPTURE * live;
        if let Phase::Running(run) = self.phase {
            bound += PLIES_PER_CAPTURE * i64::from(run.captured) - i64::from(run.len);
        }
        u64::try_from(bound).unwrap_or(0)
    }

    /// The fewest plies that reach this state: every draw, play, roll and change, and the
    /// claims under way or made.
    pub(crate) fn least_plies(&self) -> u64 {
        let mut least: u64 = 0;
        for seat in &self.seats {
            let (deck, hand) = (seat.deck.len(), seat.hand.len());
            let drawn = (DECK_SIZE - OPENING_HAND).saturating_sub(deck);
            let played = DECK_SIZE.saturating_sub(deck + hand);
            let rolled = usize::from(COINS.saturating_sub(seat.coins));
            least += (drawn + played + rolled) as u64;
        }
        least += u64::from(self.least_changes());
        least += match self.phase {
            Phase::Running(run) => u64::from(run.len),
            _ => u64::from(!self.discard.is_empty()),
        };
        least
    }

    /// The ply count is at least the plies the state needs, and leaves the rest of the game
    /// within [`MAX_PLIES`].
    fn check_plies(&self) -> Result<(), InvalidState> {
        let least = self.least_plies();
        let remaining = self.remaining_bound();
        let most = MAX_PLIES.saturating_sub(remaining);
        let within = self
            .plies
            .checked_add(remaining)
            .is_some_and(|total| total <= MAX_PLIES);
        if self.plies < least || !within {
            return Err(InvalidState::Plies {
                plies: self.plies,
                least,
                most,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Options;
    use cards::{Game, GameRng};

    /// In games played by the rules, every state passes the checks, and the bound on the
    /// plies left falls by at least one with every ply, from exactly the game's bound.
    #[test]
    fn every_ply_lowers_the_bound_and_every_state_passes() {
        let mut legal = Vec::new();
        for seed in 0..300 {
            let options = match seed % 3 {
                0 => Options::default(),
                1 => Options {
                    die_results: Some(vec![6, 2, 3, 6]),
                    ..Options::default()
                },
                _ => Options {
                    die_results: Some(vec![5, 4]),
                    ..Options::default()
                },
            };
            let Ok(mut game) = BrainsHearts::new(options, seed) else {
                panic!("options refused")
            };
            assert_eq!(game.remaining_bound(), MAX_PLIES);
            let mut rng = GameRng::from_seed(seed);
            loop {
                assert_eq!(game.check(), Ok(()), "seed {seed}\n{game}");
                let bound = game.remaining_bound();
                assert!(game.least_plies() <= game.plies());
                assert!(game.plies() + bound <= MAX_PLIES);
                if game.to_act().is_none() {
                    break;
                }
                game.legal_actions(&mut legal);
                let action = legal[rng.index(legal.len())];
                assert!(game.apply(action).is_ok());
                assert!(
                    game.remaining_bound() < bound,
                    "seed {seed}: `{action}` left the bound at {bound}\n{game}"
                );
            }
        }
    }
}
