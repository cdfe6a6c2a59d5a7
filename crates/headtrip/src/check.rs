//! The checks a saved game passes when it is loaded: every invariant the rules keep and the
//! engine relies on. A state that passes them is one the rules can reach in every respect the
//! engine looks at, so it never panics, always gives the seat to act a legal action, and ends
//! within the ply bound; the arithmetic on loaded numbers is kept from overflowing by the
//! bounds checked here (see [`check_banked`] and [`check_plies`]).

use cards::{CardSet, Facing, Rank};

use crate::options::{challenge_cards, CHALLENGES};
use crate::table::{
    hand_cards, row_of, Phase, Table, FULL_HAND, MAX_PLIES_PER_ROUND, RECALL_CARDS, ROW_SUITS,
};
use crate::{Aspect, InvalidState};

/// Action cards of the game: 2–10 of each aspect's suit.
const ACTION_CARDS: usize = 36;

/// Most successes The Animal, The Angel or The Genius can score in one game: one per challenge
/// of its suit (HT7), and a suit has nine challenges.
const MOST_SUCCESSES_PER_GAME: i64 = 9;

/// Fewest plies of a round: the pilot stays with no recall card left (so nobody is polled) and
/// plays one card.
const FEWEST_PLIES_PER_ROUND: u64 = 2;

/// Fewest rounds of a finished game that is not the last of its session. Such a game ended when
/// a pilot played the last of its nine action cards (HT8), which takes nine rounds of one card
/// each, or five with Aspect Affinities (HT6: at most two cards a round).
fn fewest_rounds_per_game(aspect_affinities: bool) -> u64 {
    if aspect_affinities {
        5
    } else {
        9
    }
}

/// Checks every invariant of a loaded table, with the first one found broken.
pub(crate) fn check(t: &Table) -> Result<(), InvalidState> {
    t.options.validate()?;
    if t.game_index >= t.options.games {
        return Err(InvalidState::GameIndex {
            game: t.game_index,
            games: t.options.games,
        });
    }
    check_deck(t)?;
    let last = check_cards(t)?;
    check_phase(t, last)?;
    check_votes(t)?;
    check_recalls(t)?;
    check_banked(t)?;
    check_plies(t)?;
    // Implied by the checks above (a decision always has an option, and a pilot to play holds a
    // card), and checked directly as the property loading must guarantee.
    if let Some(seat) = t.to_act() {
        let mut legal = Vec::new();
        t.legal_actions(&mut legal);
        if legal.is_empty() {
            return Err(InvalidState::NoLegalAction(seat));
        }
    }
    Ok(())
}

/// The challenge deck is the 27 challenge cards, and at most all of them have been faced.
///
/// With stacked decks the order is not held to the stacked one: a determinisation
/// ([`resample_hidden_into`](cards::Game::resample_hidden_into)) draws the cards still face
/// down anew, and its states load too. The engine never relies on the order.
fn check_deck(t: &Table) -> Result<(), InvalidState> {
    if t.deck.iter().copied().collect::<CardSet>() != challenge_cards() {
        return Err(InvalidState::Deck(
            "not the 27 challenge cards, each once".into(),
        ));
    }
    if usize::from(t.next) > CHALLENGES {
        return Err(InvalidState::Deck(format!(
            "{} challenges faced of {CHALLENGES}",
            t.next
        )));
    }
    Ok(())
}

/// The 36 action cards are each in one place (a hand or a play), every play on the tableau is
/// one the rules allow for the challenge it answers, and only the aspect that played last may
/// have emptied its hand (the game ends right after, HT8). Returns that aspect: the owner of
/// the play answering the last challenge faced.
fn check_cards(t: &Table) -> Result<Option<Aspect>, InvalidState> {
    let mut seen = CardSet::EMPTY;
    for aspect in Aspect::ALL {
        let hand = t.hands[aspect.index()];
        if hand & !FULL_HAND != 0 {
            return Err(InvalidState::Cards(format!(
                "{aspect} holds cards that are not action cards"
            )));
        }
        seen = seen.union(hand_cards(hand, aspect.suit()).collect());
    }
    let faced = &t.deck[..usize::from(t.next)];
    for (row, suit) in ROW_SUITS.iter().enumerate() {
        let challenges = faced.iter().filter(|c| c.suit() == Some(*suit));
        let count = challenges.clone().count();
        if t.rows[row].len() != count {
            return Err(InvalidState::Cards(format!(
                "the {suit} row has {} plays for {count} challenges",
                t.rows[row].len()
            )));
        }
        for (placed, challenge) in t.rows[row].iter().zip(challenges) {
            let play = placed.card;
            let owner = play
                .owner()
                .ok_or_else(|| InvalidState::Cards(format!("{play} is no aspect's play")))?;
            for card in play.cards() {
                if card.suit() != Some(owner.suit()) || !card.rank().is_some_and(Rank::is_number) {
                    return Err(InvalidState::Cards(format!(
                        "{card} is not an action card of {owner}"
                    )));
                }
                if !seen.insert(card) {
                    return Err(InvalidState::Cards(format!("{card} is in two places")));
                }
            }
            if let Some(second) = play.second {
                if second <= play.first {
                    return Err(InvalidState::Cards(format!(
                        "the two cards of {play} are not low first"
                    )));
                }
                if !t.options.aspect_affinities || owner.suit() != *suit {
                    return Err(InvalidState::Cards(format!(
                        "{owner} played two cards on {challenge} without an affinity"
                    )));
                }
            }
            let success = play.total() >= challenge.rank().map_or(0, Rank::value);
            if success != (placed.facing == Facing::Up) {
                return Err(InvalidState::Cards(format!(
                    "{play} lies the wrong way up for {challenge}"
                )));
            }
        }
    }
    if seen.len() != ACTION_CARDS {
        return Err(InvalidState::Cards("action cards are missing".into()));
    }
    let last = faced
        .last()
        .and_then(|c| c.suit())
        .and_then(row_of)
        .and_then(|row| t.rows[row].as_slice().last())
        .and_then(|placed| placed.card.owner());
    for aspect in Aspect::ALL {
        if t.hands[aspect.index()] == 0 && Some(aspect) != last {
            return Err(InvalidState::Cards(format!(
                "{aspect} has played all its cards, yet the game went on"
            )));
        }
    }
    Ok(last)
}

/// The phase agrees with the rest of the state: `Over` exactly when the session has ended, a
/// decision only while the game goes on, and the pilot of every phase but `Play` the aspect
/// that played last (The Student at the start of a game, HT9), since only an election in the
/// round under way changes the pilot before the play.
fn check_phase(t: &Table, last: Option<Aspect>) -> Result<(), InvalidState> {
    let wrong = |reason: String| InvalidState::Phase {
        phase: t.phase,
        reason,
    };
    let ended = usize::from(t.next) == CHALLENGES || last.is_some_and(|a| t.hands[a.index()] == 0);
    if t.phase == Phase::Over {
        if !ended {
            return Err(wrong(format!(
                "the game has not ended: {} challenges are left and the last pilot holds cards",
                CHALLENGES - usize::from(t.next)
            )));
        }
        if t.game_index + 1 != t.options.games {
            return Err(wrong(format!(
                "the session has not ended: game {} of {} is under way",
                t.game_index + 1,
                t.options.games
            )));
        }
    } else if ended {
        return Err(wrong(
            "the game has ended: the last pilot has no card left or no challenge is left".into(),
        ));
    }
    let round_pilot = last.unwrap_or(Aspect::Student);
    if t.phase != Phase::Play && t.pilot != round_pilot {
        return Err(wrong(format!(
            "{} pilots, but the round began with {round_pilot} as pilot",
            t.pilot
        )));
    }
    match t.phase {
        Phase::RecallPoll { asked, calls } if asked > 2 || calls > asked => Err(wrong(
            "three seats answer a recall poll, and no more call than answer".into(),
        )),
        Phase::Election { next } if next >= 4 => Err(wrong("four seats vote".into())),
        _ => Ok(()),
    }
}

/// The aspects with the most votes, one bit per aspect index (HT4).
fn leaders_of(votes: [Aspect; 4]) -> u8 {
    let mut counts = [0u8; 4];
    for vote in votes {
        counts[vote.index()] += 1;
    }
    let most = counts.iter().copied().max().unwrap_or(0);
    (0..4)
        .filter(|&i| counts[i] == most)
        .fold(0, |m, i| m | 1 << i)
}

/// Votes are cast only during an election, by the seats that have voted; the last election's
/// votes agree with the pilot (its winner, or one of its leaders chosen by The Student) and
/// with a tie-break under way; and with no election yet this game The Student has piloted
/// every round.
fn check_votes(t: &Table) -> Result<(), InvalidState> {
    let cast = match t.phase {
        Phase::Election { next } => usize::from(next),
        _ => 0,
    };
    for (seat, vote) in t.votes.iter().enumerate() {
        if vote.is_some() != (seat < cast) {
            return Err(InvalidState::Votes(match t.phase {
                Phase::Election { next } => {
                    format!("seat {seat} has a vote, or lacks one, with {next} votes cast")
                }
                _ => format!("seat {seat} has a vote outside an election"),
            }));
        }
    }
    let Some(votes) = t.last_votes else {
        if t.pilot != Aspect::Student {
            return Err(InvalidState::Votes(format!(
                "{} pilots without an election this game",
                t.pilot
            )));
        }
        if let Some(play) = t
            .rows
            .iter()
            .flatten()
            .find(|p| p.card.owner() != Some(Aspect::Student))
        {
            return Err(InvalidState::Votes(format!(
                "{} played without an election this game",
                play.card
            )));
        }
        if let Phase::TieBreak { .. } = t.phase {
            return Err(InvalidState::Phase {
                phase: t.phase,
                reason: "no election has been held to tie".into(),
            });
        }
        return Ok(());
    };
    let leaders = leaders_of(votes);
    match t.phase {
        Phase::TieBreak { leaders: tied } if tied != leaders || leaders.count_ones() < 2 => {
            Err(InvalidState::Phase {
                phase: t.phase,
                reason: format!(
                    "the leaders are not the tied leaders of the last election {votes:?}"
                ),
            })
        }
        Phase::TieBreak { .. } => Ok(()),
        _ if leaders & (1 << t.pilot.index()) == 0 => Err(InvalidState::Votes(format!(
            "{} pilots but did not lead the last election {votes:?}",
            t.pilot
        ))),
        _ => Ok(()),
    }
}

/// At most two recall cards; a poll only while one is left, its calls those of the seats asked
/// so far; outside a poll, the calls of the last one, where two or more calls spent a card and
/// forced an election (HT3). A card spent before any election of the game leaves that first
/// election under way.
fn check_recalls(t: &Table) -> Result<(), InvalidState> {
    if t.recalls > RECALL_CARDS {
        return Err(InvalidState::Recalls(format!(
            "{} recall cards of {RECALL_CARDS}",
            t.recalls
        )));
    }
    if t.recall_calls >= 1 << 4 {
        return Err(InvalidState::Recalls(
            "calls of seats beyond the table".into(),
        ));
    }
    let calls_made = t.recall_calls.count_ones();
    if let Phase::RecallPoll { asked, calls } = t.phase {
        if t.recalls == 0 {
            return Err(InvalidState::Recalls(
                "a poll with no recall card left".into(),
            ));
        }
        // `check_phase` has bounded `asked` by 2.
        let asked_seats = (1..=asked).fold(0u8, |m, k| m | 1 << ((t.pilot as u8 + k) % 4));
        if t.recall_calls & !asked_seats != 0 || calls_made != u32::from(calls) {
            return Err(InvalidState::Recalls(
                "the calls are not those of the seats asked so far".into(),
            ));
        }
    } else {
        if calls_made > 3 {
            return Err(InvalidState::Recalls(
                "four seats called, but the pilot is not asked".into(),
            ));
        }
        if calls_made >= 2 && t.recalls == RECALL_CARDS {
            return Err(InvalidState::Recalls(
                "two or more seats called, but no recall card was spent".into(),
            ));
        }
    }
    let spent = RECALL_CARDS - t.recalls;
    let first_election_open = matches!(t.phase, Phase::Election { .. }) && spent == 1;
    if t.last_votes.is_none() && spent > 0 && !first_election_open {
        return Err(InvalidState::Recalls(
            "a recall card was spent, but no election followed".into(),
        ));
    }
    Ok(())
}

/// The scores banked from the `n` finished games before the one under way. In each game The
/// Animal, The Angel and The Genius score at most [`MOST_SUCCESSES_PER_GAME`], and each
/// challenge faced counts for exactly one aspect (a success for the aspect of its suit, a
/// failure for The Student, HT7), so the four scores of a game add up to the challenges faced:
/// at least [`fewest_rounds_per_game`], at most 27. Hence for `n` games: no score below 0, the
/// three suits' aspects at most `9n`, The Student at most `27n`, and a total from
/// `fewest * n` to `27n`.
///
/// With `n` below [`MAX_GAMES`](crate::MAX_GAMES) every banked score is then below
/// 27 × 10 000, so neither adding the game under way (at most 27) nor banking it can overflow.
fn check_banked(t: &Table) -> Result<(), InvalidState> {
    let n = i64::from(t.game_index);
    let b = t.banked;
    let refuse = |reason| InvalidState::Banked {
        banked: b,
        finished: t.game_index,
        reason,
    };
    let challenges = CHALLENGES as i64;
    if b.iter().any(|&s| s < 0) {
        return Err(refuse("a score is negative"));
    }
    if b[..3].iter().any(|&s| s > MOST_SUCCESSES_PER_GAME * n) {
        return Err(refuse(
            "more successes than challenges of the aspect's suit",
        ));
    }
    if b[3] > challenges * n {
        return Err(refuse("more failures than challenges"));
    }
    // Each term is now at most 27n, so the sum cannot overflow.
    let total: i64 = b.iter().sum();
    let fewest = fewest_rounds_per_game(t.options.aspect_affinities) as i64;
    if total < fewest * n || total > challenges * n {
        return Err(refuse(
            "the scores do not add up to the challenges the games can have faced",
        ));
    }
    Ok(())
}

/// The ply count lies between the fewest and the most plies that reach the state: the finished
/// games, the rounds finished in this one, and the decisions taken in the round under way.
///
/// A round takes at most [`MAX_PLIES_PER_ROUND`] plies: stay, three recall answers, four votes,
/// a tie-break and the play; the most taken before each decision are counted below. The most
/// plies that reach the state plus the most the rest of the session can take (the rest of this
/// round, the other rounds of this game and every later game, each counted at its most) is
/// exactly [`max_plies`](cards::Game::max_plies), so a state accepted here ends within the bound,
/// and the count (at most 27 × 10 × 10 000) cannot overflow.
fn check_plies(t: &Table) -> Result<(), InvalidState> {
    let (least_now, most_now) = match t.phase {
        Phase::StepDown | Phase::Over => (0, 0),
        // Stay, then the answers so far.
        Phase::RecallPoll { asked, .. } => (1 + u64::from(asked), 1 + u64::from(asked)),
        // Step down, or stay and three recall answers; then the votes so far.
        Phase::Election { next } => (1 + u64::from(next), 4 + u64::from(next)),
        // As for an election, with all four votes in.
        Phase::TieBreak { .. } => (5, 8),
        // Stay with no recall card left; or stay, three answers, four votes and a tie-break.
        Phase::Play => (1, MAX_PLIES_PER_ROUND - 1),
    };
    let games = u64::from(t.game_index);
    let rounds = u64::from(t.next);
    let fewest_per_game =
        fewest_rounds_per_game(t.options.aspect_affinities) * FEWEST_PLIES_PER_ROUND;
    let least = games * fewest_per_game + rounds * FEWEST_PLIES_PER_ROUND + least_now;
    let most = (games * CHALLENGES as u64 + rounds) * MAX_PLIES_PER_ROUND + most_now;
    if t.plies < least || t.plies > most {
        return Err(InvalidState::Plies {
            plies: t.plies,
            least,
            most,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Action, Options};

    fn table() -> Table {
        Table::new(Options::default(), 1)
    }

    /// A change that breaks an invariant of a new table.
    type Breaking = fn(&mut Table);
    /// Whether a refusal is the one expected.
    type Expected = fn(&InvalidState) -> bool;

    /// Each kind of broken invariant is refused with the variant that names it.
    #[test]
    fn each_broken_invariant_is_named() {
        assert_eq!(check(&table()), Ok(()));
        let broken: [(Breaking, Expected); 9] = [
            (
                |t| t.options.games = 0,
                |e| matches!(e, InvalidState::Options(_)),
            ),
            (
                |t| t.game_index = 1,
                |e| matches!(e, InvalidState::GameIndex { .. }),
            ),
            (
                |t| t.deck[0] = t.deck[1],
                |e| matches!(e, InvalidState::Deck(_)),
            ),
            (|t| t.hands[2] = 0, |e| matches!(e, InvalidState::Cards(_))),
            (
                |t| t.phase = Phase::Over,
                |e| matches!(e, InvalidState::Phase { .. }),
            ),
            (
                |t| t.votes[1] = Some(Aspect::Angel),
                |e| matches!(e, InvalidState::Votes(_)),
            ),
            (|t| t.recalls = 3, |e| matches!(e, InvalidState::Recalls(_))),
            (
                |t| t.banked = [0, 0, 0, 1],
                |e| matches!(e, InvalidState::Banked { .. }),
            ),
            (
                |t| t.plies = 1,
                |e| {
                    *e == InvalidState::Plies {
                        plies: 1,
                        least: 0,
                        most: 0,
                    }
                },
            ),
        ];
        for (i, (breaking, expected)) in broken.into_iter().enumerate() {
            let mut t = table();
            breaking(&mut t);
            match check(&t) {
                Err(e) => assert!(expected(&e), "case {i}: {e}"),
                Ok(()) => panic!("case {i} was accepted"),
            }
        }
    }

    /// The ply window of an election: a step-down and two votes, or a stay, three recall
    /// answers and two votes.
    #[test]
    fn the_ply_window_follows_the_round() {
        let mut t = table();
        for action in [
            Action::StepDown,
            Action::Vote(Aspect::Angel),
            Action::Vote(Aspect::Angel),
        ] {
            assert_eq!(t.apply(action), Ok(()));
        }
        assert_eq!(t.phase, Phase::Election { next: 2 });
        for plies in 0..12 {
            t.plies = plies;
            let accepted = check(&t).is_ok();
            assert_eq!(accepted, (3..=6).contains(&plies), "{plies} plies");
        }
    }
}
