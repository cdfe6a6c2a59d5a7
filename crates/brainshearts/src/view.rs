//! What one seat sees, and the text renderings of a view and of the whole state.

use cards::{Card, Game, Seat};
use serde::Serialize;
use std::fmt;

use crate::action::value_text;
use crate::board::{BoardCard, SeatState};
use crate::state::{BrainsHearts, Direction, Phase};

/// The names of the seats: The Brain (seat 0) and The Heart (seat 1).
pub const SEAT_NAMES: [&str; 2] = ["The Brain", "The Heart"];

fn seat_name(seat: usize) -> &'static str {
    SEAT_NAMES.get(seat).copied().unwrap_or("nobody")
}

/// One slot as everyone sees it: all its cards lie face up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SlotView {
    /// The cards, bottom first, with their current values.
    pub cards: Vec<BoardCard>,
    /// Whether its card is locked.
    pub locked: bool,
}

/// One seat's public side of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideView {
    /// Cards left in the deck (their order is hidden from everyone).
    pub deck_size: usize,
    /// Cards in the hand.
    pub hand_size: usize,
    /// Roll coins left.
    pub coins: u8,
    /// The three slots.
    pub slots: [SlotView; 3],
    /// Current score: the seat's cards on the board (BH9).
    pub score: i64,
}

/// What one seat may see: its own hand, both boards, the discards, counts of hidden cards —
/// never the opponent's hand nor any deck order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The seat looking.
    pub seat: Seat,
    /// The seat to act, `None` once the game is over.
    pub to_act: Option<Seat>,
    /// The step of the turn.
    pub phase: Phase,
    /// The seat's own hand.
    pub hand: Vec<Card>,
    /// Both sides, The Brain first.
    pub sides: [SideView; 2],
    /// Captured cards.
    pub discard: Vec<Card>,
    /// The last result the die showed.
    pub last_roll: Option<u8>,
    /// Actions taken so far.
    pub plies: u64,
}

fn side_view(seat: &SeatState) -> SideView {
    SideView {
        deck_size: seat.deck.len(),
        hand_size: seat.hand.len(),
        coins: seat.coins,
        slots: [0, 1, 2].map(|i| SlotView {
            cards: seat
                .slots
                .get(i)
                .map(|s| s.as_slice().to_vec())
                .unwrap_or_default(),
            locked: seat.is_locked(i),
        }),
        score: seat.cards_on_board() as i64,
    }
}

impl View {
    pub(crate) fn of(game: &BrainsHearts, seat: Seat) -> View {
        View {
            seat,
            to_act: game.to_act(),
            phase: game.phase,
            hand: game
                .seats
                .get(seat.index())
                .map(|s| s.hand.iter().collect())
                .unwrap_or_default(),
            sides: [side_view(&game.seats[0]), side_view(&game.seats[1])],
            discard: game.discard.iter().collect(),
            last_roll: game.last_roll,
            plies: game.plies,
        }
    }
}

/// Writes a board card: `5♥`, or `5♥=6` when a die result changed its value.
fn write_card(f: &mut fmt::Formatter<'_>, card: &BoardCard) -> fmt::Result {
    write!(f, "{}", card.card)?;
    if card.is_modified() {
        write!(f, "={}", value_text(card.value))?;
    }
    Ok(())
}

fn write_cards(f: &mut fmt::Formatter<'_>, cards: impl IntoIterator<Item = Card>) -> fmt::Result {
    let mut any = false;
    for card in cards {
        write!(f, " {card}")?;
        any = true;
    }
    if !any {
        f.write_str(" -")?;
    }
    Ok(())
}

fn write_slots(f: &mut fmt::Formatter<'_>, seat: usize, slots: &[SlotView; 3]) -> fmt::Result {
    let letter = if seat == 0 { 'B' } else { 'H' };
    for (i, slot) in slots.iter().enumerate() {
        write!(f, "  {letter}{}:", i + 1)?;
        if slot.cards.is_empty() {
            f.write_str(" (empty)")?;
        }
        for card in &slot.cards {
            f.write_str(" ")?;
            write_card(f, card)?;
        }
        if slot.locked {
            f.write_str("  [locked]")?;
        }
        writeln!(f)?;
    }
    Ok(())
}

/// What the seat to act is asked to do.
fn describe_phase(phase: Phase) -> String {
    match phase {
        Phase::Action => "action phase: draw and play a card, or roll the God Die".to_string(),
        Phase::Play => "play a card from the hand".to_string(),
        Phase::DieChoice => "the die shows 6: choose a result 1-5".to_string(),
        Phase::DieTarget { result } => {
            let what = match result {
                2 => "+1 to one of your cards",
                3 => "-1 to one of your cards",
                4 => "+1 to an opponent card",
                _ => "-1 to an opponent card",
            };
            format!("die result {result}: choose the card ({what})")
        }
        Phase::Scoring => "scoring phase: claim, or end".to_string(),
        Phase::Running(run) => {
            let way = match run.direction {
                Direction::Up => "up",
                Direction::Down => "down",
                Direction::Either => "up or down",
            };
            format!(
                "run of {} card(s) counting {way}, last value {}, {} captured: extend{}",
                run.len,
                value_text(run.last),
                run.captured,
                if run.captured > 0 { " or stop" } else { "" }
            )
        }
        Phase::Over => "the game is over".to_string(),
    }
}

impl fmt::Display for View {
    /// A multi-line table for a player at a terminal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let me = self.seat.index();
        writeln!(
            f,
            "Brains and Hearts: you are {} (seat {}), ply {}",
            seat_name(me),
            self.seat,
            self.plies
        )?;
        // The opponent's side on top, the viewer's side below, as across a table.
        for seat in [1 - me.min(1), me.min(1)] {
            let Some(side) = self.sides.get(seat) else {
                continue;
            };
            write!(
                f,
                "{} (seat {seat}): score {}, deck {}, coins {}, hand",
                seat_name(seat),
                side.score,
                side.deck_size,
                side.coins
            )?;
            if seat == me {
                write_cards(f, self.hand.iter().copied())?;
                writeln!(f)?;
            } else {
                writeln!(f, " {} card(s)", side.hand_size)?;
            }
            write_slots(f, seat, &side.slots)?;
        }
        write!(f, "Discard:")?;
        write_cards(f, self.discard.iter().copied())?;
        writeln!(f)?;
        if let Some(roll) = self.last_roll {
            writeln!(f, "Last die result: {roll}")?;
        }
        match self.to_act {
            Some(seat) => writeln!(
                f,
                "To act: {} — {}",
                seat_name(seat.index()),
                describe_phase(self.phase)
            ),
            None => {
                let [brain, heart] = [&self.sides[0].score, &self.sides[1].score];
                writeln!(f, "Game over: The Brain {brain}, The Heart {heart}")
            }
        }
    }
}

impl fmt::Display for BrainsHearts {
    /// Everything, hidden cards included: hands, deck orders (next card first), stacked die
    /// results not yet rolled.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Brains and Hearts, ply {} (omniscient)", self.plies)?;
        for (index, seat) in self.seats.iter().enumerate() {
            let side = side_view(seat);
            write!(
                f,
                "{} (seat {index}): score {}, coins {}, hand",
                seat_name(index),
                side.score,
                side.coins
            )?;
            write_cards(f, seat.hand.iter())?;
            write!(f, ", deck (next first)")?;
            write_cards(f, seat.deck.as_slice().iter().rev().copied())?;
            writeln!(f)?;
            write_slots(f, index, &side.slots)?;
        }
        write!(f, "Discard:")?;
        write_cards(f, self.discard.iter())?;
        writeln!(f)?;
        if let Some(roll) = self.last_roll {
            writeln!(f, "Last die result: {roll}")?;
        }
        if !self.dice.is_empty() {
            write!(f, "Stacked die results to come:")?;
            for result in self.dice.as_slice().iter().rev() {
                write!(f, " {result}")?;
            }
            writeln!(f)?;
        }
        match self.to_act() {
            Some(seat) => writeln!(
                f,
                "To act: {} — {}",
                seat_name(seat.index()),
                describe_phase(self.phase)
            ),
            None => {
                let winners: Vec<&str> = self
                    .winners()
                    .iter()
                    .map(|s| seat_name(s.index()))
                    .collect();
                writeln!(f, "Game over: {} wins", winners.join(" and "))
            }
        }
    }
}
