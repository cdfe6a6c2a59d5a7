//! What one seat may see, and the text of views and of whole states for a terminal.

use cards::Seat;
use serde::Serialize;
use std::fmt;

use crate::deck::{symbol_glyph, Face, TripCard};
use crate::goals::{Goal, GOALS};
use crate::state::{DoneTrip, Phase, State, NO_STEAL};
use crate::trip::Oriented;

/// The step the seat to act is at, as everyone sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Step {
    /// The seat plays or discards (with an empty hand: draws or passes).
    PlayOrDiscard,
    /// The seat draws, steals (from a trip ending on `steal_symbol`) or passes.
    DrawStealOrPass {
        /// The symbol a steal must match, if a steal may be possible.
        steal_symbol: Option<u8>,
    },
    /// An opponent responds to the wild card of `wild_by` (ruling RT4).
    RespondToWild {
        /// The seat that played the wild card.
        wild_by: Seat,
    },
    /// The game is over.
    Over,
}

/// What everyone sees of one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// Cards in its hand (their faces are hidden).
    pub hand_size: usize,
    /// Cards stolen from it this hand.
    pub robbed: u32,
    /// Its trip under way, left to right.
    pub trip: Vec<Oriented>,
    /// Its trips completed this deal.
    pub completed: Vec<Vec<Oriented>>,
    /// Aversion: its face-up cards.
    pub aversion: Vec<TripCard>,
    /// Score banked from earlier hands.
    pub score: i64,
    /// Points of the hand under way so far.
    pub hand_points: i64,
}

/// What one seat may see: its own hand, every trip, the discard pile, the goals, the deck's
/// size, and nothing hidden (no other hand, no deck order, no generator).
///
/// It is the seat's information state with perfect recall: besides the table as it lies, it
/// holds what the seat remembers that still bears on hidden cards, the cards stolen from it
/// that are still in other hands and where they may be (see [`Knowledge`](crate::Knowledge)).
/// Any state with this view is consistent with everything the seat has seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The seat whose view this is.
    pub seat: Seat,
    /// The seat to act, if the game is not over.
    pub to_act: Option<Seat>,
    /// The step of the turn.
    pub step: Step,
    /// The dealer of this hand.
    pub dealer: Seat,
    /// The number of this hand (deal), from 1.
    pub hand_number: u32,
    /// The target score (to pass strictly).
    pub target: u32,
    /// The advanced game.
    pub advanced: bool,
    /// The seat's own hand.
    pub hand: Vec<TripCard>,
    /// Every seat, in seat order.
    pub seats: Vec<SeatView>,
    /// The discard pile, bottom first (face up).
    pub discard: Vec<TripCard>,
    /// Cards left in the deck.
    pub deck_size: usize,
    /// Advanced game: the owner of each goal card (index as [`Goal::at`]).
    pub goals: Vec<Option<Seat>>,
    /// Specific Trip: the two face-up cards, left to right.
    pub specific: Vec<TripCard>,
    /// Round the World: the seats that completed their trip.
    pub world_winners: Vec<Seat>,
    /// Every card's face, by card number (the deck list is public; its order is not).
    pub faces: Vec<Face>,
    /// The cards stolen from this seat this hand that are still in other hands, oldest first.
    pub stolen: Vec<TripCard>,
    /// Where they may be: each possible placement names, for each card of `stolen`, the seat
    /// holding it. One placement when the seat knows where each is.
    pub stolen_whereabouts: Vec<Vec<Seat>>,
}

fn completed_trips(done: &[cards::Placed<Oriented>], trips: &[DoneTrip]) -> Vec<Vec<Oriented>> {
    let mut out = Vec::with_capacity(trips.len());
    let mut rest = done;
    for t in trips {
        let (this, next) = rest.split_at(usize::from(t.len).min(rest.len()));
        out.push(this.iter().map(|p| p.card).collect());
        rest = next;
    }
    out
}

impl State {
    /// The view of a seat.
    pub fn view(&self, seat: Seat) -> View {
        let step = match self.phase {
            Phase::Main => Step::PlayOrDiscard,
            Phase::After { steal } => Step::DrawStealOrPass {
                steal_symbol: (steal != NO_STEAL).then_some(steal),
            },
            Phase::Respond { .. } => Step::RespondToWild {
                wild_by: self.current,
            },
            Phase::Over => Step::Over,
        };
        View {
            seat,
            to_act: self.to_act(),
            step,
            dealer: self.dealer,
            hand_number: self.deals,
            target: self.options.target(),
            advanced: self.options.advanced,
            hand: self
                .players
                .get(seat)
                .map(|p| p.hand.as_slice().to_vec())
                .unwrap_or_default(),
            seats: self
                .players
                .seats()
                .map(|(s, p)| SeatView {
                    hand_size: p.hand.len(),
                    robbed: p.robbed,
                    trip: p.trip.iter().map(|o| o.card).collect(),
                    completed: completed_trips(p.done.as_slice(), &p.done_trips),
                    aversion: p.aversion.iter().map(|o| o.card).collect(),
                    score: p.score,
                    hand_points: self.hand_points(s),
                })
                .collect(),
            discard: self.discard.as_slice().to_vec(),
            deck_size: self.deck.len(),
            goals: if self.options.advanced {
                self.goals.to_vec()
            } else {
                Vec::new()
            },
            specific: self.specific.iter().map(|p| p.card).collect(),
            world_winners: self.world_winners.iter().collect(),
            faces: self.table.faces().to_vec(),
            stolen: self
                .knowledge
                .get(seat)
                .map(|k| k.cards().to_vec())
                .unwrap_or_default(),
            stolen_whereabouts: self
                .knowledge
                .get(seat)
                .filter(|k| !k.is_empty())
                .map(|k| k.placements().map(Iterator::collect).collect())
                .unwrap_or_default(),
        }
    }
}

/// Writes a card as `17:bike ○-□`.
fn card_text(faces: &[Face], card: TripCard) -> String {
    match faces.get(card.index()) {
        Some(face) => format!("{card}:{face}"),
        None => format!("{card}:?"),
    }
}

/// Writes a trip card by card, each with its near and far symbols as it lies:
/// `train#61 ✚→○ · airplane#86 ?→□`.
fn trip_text(faces: &[Face], trip: &[Oriented]) -> String {
    if trip.is_empty() {
        return "(none)".into();
    }
    let cards: Vec<String> = trip
        .iter()
        .map(|o| {
            let face = faces.get(o.card.index()).copied().unwrap_or_default();
            let (near, far) = face.sides(o.reversed);
            let mode = crate::deck::mode_name(face.mode);
            format!(
                "{mode}#{} {}→{}",
                o.card,
                symbol_glyph(near),
                symbol_glyph(far)
            )
        })
        .collect();
    cards.join(" · ")
}

fn list(faces: &[Face], cards: &[TripCard]) -> String {
    if cards.is_empty() {
        return "(none)".into();
    }
    cards
        .iter()
        .map(|&c| card_text(faces, c))
        .collect::<Vec<_>>()
        .join("  ")
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::PlayOrDiscard => f.write_str("play or discard"),
            Step::DrawStealOrPass {
                steal_symbol: Some(s),
            } => {
                write!(
                    f,
                    "draw, steal (trips ending on {}) or pass",
                    symbol_glyph(*s)
                )
            }
            Step::DrawStealOrPass { steal_symbol: None } => f.write_str("draw or pass"),
            Step::RespondToWild { wild_by } => write!(
                f,
                "respond to seat {wild_by}'s wild card: play, draw or pass"
            ),
            Step::Over => f.write_str("game over"),
        }
    }
}

impl View {
    /// Writes the table as `you` sees it (`None`: as an onlooker).
    fn write_table(&self, f: &mut fmt::Formatter<'_>, you: Option<Seat>) -> fmt::Result {
        let faces = &self.faces;
        writeln!(
            f,
            "Round Trip Ticket: hand {}, dealer seat {}, target {}",
            self.hand_number, self.dealer, self.target
        )?;
        match self.to_act {
            Some(seat) => writeln!(f, "To act: seat {seat} ({})", self.step)?,
            None => writeln!(f, "Game over")?,
        }
        writeln!(
            f,
            "Deck: {} {}   Discard pile: {}",
            self.deck_size,
            if self.deck_size == 1 { "card" } else { "cards" },
            list(faces, &self.discard)
        )?;
        if !self.specific.is_empty() {
            writeln!(f, "Specific Trip: {}", list(faces, &self.specific))?;
        }
        for (i, s) in self.seats.iter().enumerate() {
            let who = if Some(i) == you.map(Seat::index) {
                " (you)"
            } else {
                ""
            };
            write!(f, "Seat {i}{who}: score {}", s.score)?;
            if self.to_act.is_some() {
                write!(f, " (+{} this hand so far)", s.hand_points)?;
            }
            let cards = if s.hand_size == 1 { "card" } else { "cards" };
            writeln!(f, ", {} {cards} in hand", s.hand_size)?;
            writeln!(f, "  trip: {}", trip_text(faces, &s.trip))?;
            for t in &s.completed {
                writeln!(f, "  completed: {}", trip_text(faces, t))?;
            }
            if !s.aversion.is_empty() {
                writeln!(f, "  aversion: {}", list(faces, &s.aversion))?;
            }
        }
        if self.advanced {
            writeln!(f, "Goals:")?;
            for (i, owner) in self.goals.iter().enumerate().take(GOALS) {
                let who = owner.map_or("open".to_string(), |s| format!("seat {s}"));
                writeln!(f, "  {} — {who}", Goal::at(i))?;
            }
        }
        if !self.world_winners.is_empty() {
            let seats: Vec<String> = self.world_winners.iter().map(|s| s.to_string()).collect();
            writeln!(f, "Round the World completed by seat {}", seats.join(", "))?;
        }
        Ok(())
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_table(f, Some(self.seat))?;
        for (i, &card) in self.stolen.iter().enumerate() {
            let mut holders: Vec<Seat> = self
                .stolen_whereabouts
                .iter()
                .filter_map(|p| p.get(i).copied())
                .collect();
            holders.sort();
            holders.dedup();
            let holders: Vec<String> = holders.iter().map(|s| format!("seat {s}")).collect();
            writeln!(
                f,
                "Stolen from you: {}, held by {}",
                card_text(&self.faces, card),
                holders.join(" or ")
            )?;
        }
        write!(f, "Your hand: {}", list(&self.faces, &self.hand))
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let view = self.view(Seat(0));
        let faces = &view.faces;
        writeln!(f, "(ply {})", self.plies)?;
        view.write_table(f, None)?;
        for (seat, p) in self.players.seats() {
            writeln!(f, "Seat {seat} hand: {}", list(faces, p.hand.as_slice()))?;
        }
        let deck: Vec<TripCard> = self.deck.iter().rev().copied().collect();
        writeln!(f, "Deck (top first): {}", list(faces, &deck))
    }
}
