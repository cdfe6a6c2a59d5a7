//! What one seat may see.

use cards::{Card, Seat};
use serde::Serialize;
use std::fmt;

use crate::table::{hand_cards, Phase, Played, Table, ROW_SUITS};
use crate::Aspect;

/// A play on the tableau as one seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum SeenPlay {
    /// A success: the cards lie face up.
    Up(Played),
    /// A failure: the cards lie face down. Everyone saw who played them, how many, and the
    /// challenge they failed (so their total is below its rank); only the player who played them
    /// knows which they are.
    Down {
        /// The aspect that played them.
        owner: Aspect,
        /// One or two cards.
        count: u8,
        /// The challenge they failed: their total is below its rank.
        failed: Card,
        /// The cards, shown only to their owner.
        cards: Option<Played>,
    },
}

/// Everything one seat may see, and nothing else: no card of another hand or face down (but its
/// own), no order of the challenge deck, no vote of an election under way but its own, no
/// generator state.
///
/// It is the seat's information state with perfect recall: what it saw of earlier rounds that
/// still bears on hidden cards is here too. Every face-down play keeps who played it, how many
/// cards and the challenge it failed; with the hand sizes and the face-up plays, that is all a
/// seat can know of another aspect's cards (the votes of finished elections and the recall
/// answers say nothing about them).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// The seat looking.
    pub seat: Seat,
    /// Its aspect, or `None` for a seat not at the table (a spectator, who sees no hand).
    pub aspect: Option<Aspect>,
    /// Which game of the session, from 0, and how many there are.
    pub game: u32,
    /// Games in the session.
    pub games: u32,
    /// The challenge being faced, if any.
    pub challenge: Option<Card>,
    /// Challenges faced before this one in this game, in order.
    pub faced: Vec<Card>,
    /// Challenge cards still face down.
    pub deck_size: usize,
    /// The seat's own action cards in hand (none for a spectator).
    pub hand: Vec<Card>,
    /// How many action cards each aspect holds.
    pub hand_sizes: [u8; 4],
    /// The tableau rows ♣ ♥ ♠, left to right.
    pub tableau: [Vec<SeenPlay>; 3],
    /// Recall cards left.
    pub recalls: u8,
    /// The pilot.
    pub pilot: Aspect,
    /// The decision the game waits for.
    pub phase: Phase,
    /// The seat to act.
    pub to_act: Option<Seat>,
    /// This seat's own vote in the election under way.
    pub own_vote: Option<Aspect>,
    /// The votes of the last finished election, by seat.
    pub last_votes: Option<[Aspect; 4]>,
    /// The seats that called for a recall in the poll under way or the last one of this game.
    pub recall_calls: Vec<Seat>,
    /// Session scores by seat.
    pub scores: [i64; 4],
}

impl View {
    pub(crate) fn of(table: &Table, seat: Seat) -> View {
        let aspect = Aspect::of_seat(seat);
        let revealed = usize::from(table.next) + usize::from(table.challenge().is_some());
        let faced = &table.deck[..usize::from(table.next)];
        let tableau = std::array::from_fn(|row| {
            let suit = ROW_SUITS[row];
            let challenges = faced.iter().filter(move |c| c.suit() == Some(suit));
            table.rows[row]
                .iter()
                .zip(challenges)
                .map(|(placed, &failed)| {
                    let play = placed.card;
                    if placed.is_face_up() {
                        SeenPlay::Up(play)
                    } else {
                        let owner = play.owner().unwrap_or(Aspect::Student);
                        SeenPlay::Down {
                            owner,
                            count: 1 + u8::from(play.second.is_some()),
                            failed,
                            cards: (Some(owner) == aspect).then_some(play),
                        }
                    }
                })
                .collect()
        });
        View {
            seat,
            aspect,
            game: table.game_index,
            games: table.options.games,
            challenge: table.challenge(),
            faced: table.deck[..usize::from(table.next)].to_vec(),
            deck_size: table.deck.len().saturating_sub(revealed),
            hand: aspect.map_or_else(Vec::new, |a| {
                hand_cards(table.hands[a.index()], a.suit()).collect()
            }),
            hand_sizes: table.hands.map(|h| h.count_ones() as u8),
            tableau,
            recalls: table.recalls,
            pilot: table.pilot,
            phase: table.phase,
            to_act: table.to_act(),
            own_vote: aspect.and_then(|a| table.votes[a.index()]),
            last_votes: table.last_votes,
            recall_calls: (0..4u8)
                .filter(|s| table.recall_calls & (1 << s) != 0)
                .map(Seat)
                .collect(),
            scores: Aspect::ALL.map(|a| table.score(a)),
        }
    }
}

impl fmt::Display for SeenPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeenPlay::Up(play) => write!(f, "{play}"),
            SeenPlay::Down {
                cards: Some(play), ..
            } => write!(f, "[{play}]"),
            SeenPlay::Down { count, .. } => {
                f.write_str(if *count == 2 { "[##+##]" } else { "[##]" })
            }
        }
    }
}

impl fmt::Display for Played {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.second {
            Some(second) => write!(f, "{}+{}", self.first, second),
            None => write!(f, "{}", self.first),
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::StepDown => f.write_str("the pilot chooses to step down or stay"),
            // Three aspects answer a poll, one after another; `asked` have answered so far.
            Phase::RecallPoll { asked: 0, .. } => {
                f.write_str("recall poll: the other three aspects in turn may call for a recall")
            }
            Phase::RecallPoll { asked, calls } => write!(
                f,
                "recall poll: {asked} of the other three aspects answered, {calls} calling for a \
                 recall"
            ),
            Phase::Election { next } => write!(f, "election ({next} of 4 votes cast)"),
            Phase::TieBreak { .. } => f.write_str("tied election: The Student chooses"),
            Phase::Play => f.write_str("the pilot plays"),
            Phase::Over => f.write_str("game over"),
        }
    }
}

/// Writes the tableau rows with a label card at the start of each.
pub(crate) fn write_rows<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    rows: &[impl AsRef<[T]>; 3],
) -> fmt::Result {
    for (suit, row) in ROW_SUITS.iter().zip(rows) {
        write!(f, "  A{suit} |")?;
        for entry in row.as_ref() {
            write!(f, " {entry}")?;
        }
        writeln!(f)?;
    }
    Ok(())
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.games > 1 {
            writeln!(f, "Game {} of {}", self.game.saturating_add(1), self.games)?;
        }
        match self.challenge {
            Some(c) => writeln!(f, "Challenge: {c}   ({} more face down)", self.deck_size)?,
            None => writeln!(f, "No challenge")?,
        }
        writeln!(
            f,
            "Pilot: {}   Recall cards: {}   Now: {}",
            self.pilot.title(),
            self.recalls,
            self.phase
        )?;
        writeln!(f, "Tableau:")?;
        write_rows(f, &self.tableau)?;
        if let Some(votes) = self.last_votes {
            write!(f, "Last election:")?;
            for (seat, vote) in votes.iter().enumerate() {
                write!(f, " {}→{}", Aspect::ALL[seat].name(), vote.name())?;
            }
            writeln!(f)?;
        }
        if !self.recall_calls.is_empty() {
            write!(f, "Called for a recall in the last poll:")?;
            for seat in &self.recall_calls {
                let name = Aspect::of_seat(*seat).map_or("nobody", Aspect::name);
                write!(f, " {name}")?;
            }
            writeln!(f)?;
        }
        write!(f, "Scores:")?;
        for aspect in Aspect::ALL {
            write!(f, " {} {}", aspect.name(), self.scores[aspect.index()])?;
        }
        writeln!(f)?;
        match self.aspect {
            Some(aspect) => write!(
                f,
                "You are {} (seat {}). Your hand:",
                aspect.title(),
                self.seat
            )?,
            None => write!(f, "You watch from seat {}, not at the table.", self.seat)?,
        }
        for card in &self.hand {
            write!(f, " {card}")?;
        }
        writeln!(f)
    }
}
