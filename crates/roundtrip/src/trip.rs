//! Trips: cards placed in a row with an orientation, the matching rule, wild airplanes, and
//! when a trip is complete (six segments, back at the start; Round the World; Specific Trip,
//! rulings RT7 and RT8).

use serde::{Deserialize, Serialize};

use crate::deck::{Face, AIRPLANE, BOAT, WILD};

/// A card lying in a trip, with the way it was turned.
///
/// Saved as a pair `[card, reversed]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "(crate::TripCard, bool)", into = "(crate::TripCard, bool)")]
pub struct Oriented {
    /// The card.
    pub card: crate::TripCard,
    /// Whether it was flipped (its listed second symbol on the near side).
    pub reversed: bool,
}

impl From<(crate::TripCard, bool)> for Oriented {
    fn from((card, reversed): (crate::TripCard, bool)) -> Self {
        Oriented { card, reversed }
    }
}

impl From<Oriented> for (crate::TripCard, bool) {
    fn from(o: Oriented) -> Self {
        (o.card, o.reversed)
    }
}

/// The rules a trip is held to in this game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TripRules {
    /// Fewest segments of a complete trip (6; 10 in Round the World).
    pub min_segments: u8,
    /// Round the World: at least two blue cards (boat or airplane).
    pub needs_two_blue: bool,
    /// Specific Trip (rulings RT7, RT8): the four symbols s1 s2 s3 s4 to visit in order or
    /// reversed.
    pub specific: Option<[u8; 4]>,
}

/// What the engine keeps about the trip a seat is building: derived from its cards, never
/// stored in a saved game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TripState {
    /// Number of segments (0: no trip under way).
    pub len: u8,
    /// The starting symbol.
    pub start: u8,
    /// The last symbol (the far side of the last card), possibly [`WILD`]; `NO_TRIP_END`
    /// while no trip is under way, so that a test of the last symbol against a card's symbol
    /// needs no test of the length.
    pub last: u8,
    /// Cards of each mode (index 7: airplanes).
    pub modes: [u8; 8],
    /// Specific Trip: how many of s1 s2 s3 s4 have been visited in that order.
    pub forward: u8,
    /// Specific Trip: how many of s4 s3 s2 s1 have been visited in that order.
    pub backward: u8,
}

/// The last symbol of an empty trip: no symbol of a card (0-6, or the `?`).
pub const NO_TRIP_END: u8 = u8::MAX;

/// No trip under way.
impl Default for TripState {
    fn default() -> Self {
        TripState {
            len: 0,
            start: 0,
            last: NO_TRIP_END,
            modes: [0; 8],
            forward: 0,
            backward: 0,
        }
    }
}

impl TripState {
    /// Why the card, turned this way, cannot go on this trip (`None`: it can).
    #[inline]
    pub fn refusal(&self, face: Face, reversed: bool, rules: &TripRules) -> Option<&'static str> {
        let (near, _) = face.sides(reversed);
        if self.len == 0 {
            if face.mode == AIRPLANE {
                return Some("an airplane cannot start a trip");
            }
            if let Some(symbols) = rules.specific {
                if symbols.contains(&near) {
                    return Some("a symbol of the Specific Trip cannot be the starting symbol");
                }
            }
            return None;
        }
        if near == WILD && self.last == WILD {
            return Some("a `?` cannot meet another `?`");
        }
        if near != WILD && self.last != WILD && near != self.last {
            return Some("its near symbol does not match the trip's last symbol");
        }
        None
    }

    /// Puts the card at the end of the trip (the caller has checked [`refusal`](Self::refusal)).
    #[inline]
    pub fn push(&mut self, face: Face, reversed: bool, rules: &TripRules) {
        let (near, far) = face.sides(reversed);
        if self.len == 0 {
            self.start = near;
        } else if self.last == WILD {
            // The `?` at the end of the trip becomes the symbol it was matched with.
            self.visit(near, rules);
        }
        self.len = self.len.saturating_add(1);
        if let Some(count) = self.modes.get_mut(usize::from(face.mode)) {
            *count = count.saturating_add(1);
        }
        self.last = far;
        if far != WILD {
            self.visit(far, rules);
        }
    }

    #[inline]
    fn visit(&mut self, symbol: u8, rules: &TripRules) {
        if let Some(symbols) = rules.specific {
            // A symbol standing twice in a row (s2 = s3, the two cards sharing it) is served by
            // one visit (ruling RT8): each count passes every match in a row.
            while symbols.get(usize::from(self.forward)) == Some(&symbol) {
                self.forward += 1;
            }
            while self.backward < 4 && symbols.get(usize::from(3 - self.backward)) == Some(&symbol)
            {
                self.backward += 1;
            }
        }
    }

    /// Blue cards in the trip (boats and airplanes).
    pub fn blue(&self) -> u8 {
        self.modes[usize::from(BOAT)].saturating_add(self.modes[usize::from(AIRPLANE)])
    }

    /// Whether the trip is complete: enough segments, back at the starting symbol (never on a
    /// `?`), and the variant's conditions met.
    #[inline]
    pub fn is_complete(&self, rules: &TripRules) -> bool {
        self.len >= rules.min_segments
            && self.last == self.start
            && (!rules.needs_two_blue || self.blue() >= 2)
            && (rules.specific.is_none() || self.forward >= 4 || self.backward >= 4)
    }

    /// Whether every one of the seven modes (airplane aside, ruling RT5) is in the trip.
    pub fn has_each_mode(&self) -> bool {
        self.modes[..7].iter().all(|&m| m > 0)
    }

    /// The state of a trip made of these cards, or why they do not make a trip.
    pub fn of_cards(
        cards: impl IntoIterator<Item = (Face, bool)>,
        rules: &TripRules,
    ) -> Result<TripState, &'static str> {
        let mut state = TripState::default();
        for (face, reversed) in cards {
            if let Some(reason) = state.refusal(face, reversed, rules) {
                return Err(reason);
            }
            if state.len == u8::MAX {
                return Err("trip too long");
            }
            state.push(face, reversed, rules);
        }
        Ok(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: TripRules = TripRules {
        min_segments: 6,
        needs_two_blue: false,
        specific: None,
    };

    fn card(mode: u8, a: u8, b: u8) -> Face {
        Face { mode, a, b }
    }

    #[test]
    fn wild_question_mark_matches_anything_but_another_question_mark() {
        let mut trip = TripState::default();
        trip.push(card(0, 0, 1), false, &RULES);
        let plane = card(AIRPLANE, 4, WILD);
        assert!(trip.refusal(plane, true, &RULES).is_none()); // ? meets 1
        assert!(trip.refusal(plane, false, &RULES).is_some()); // 4 does not meet 1
        trip.push(plane, true, &RULES);
        assert_eq!(trip.last, 4);
        let mut open = TripState::default();
        open.push(card(0, 0, 1), false, &RULES);
        open.push(card(AIRPLANE, 1, WILD), false, &RULES);
        assert_eq!(open.last, WILD);
        assert!(open
            .refusal(card(AIRPLANE, 2, WILD), true, &RULES)
            .is_some());
        assert!(open.refusal(card(3, 5, 6), false, &RULES).is_none());
    }
}
