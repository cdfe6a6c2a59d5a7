//! Trip cards: modes, location symbols, the card type, and deck lists (ruling RT1).

use serde::{Deserialize, Serialize};
use std::fmt;

use crate::error::DeckListError;

/// Number of location symbols.
pub const SYMBOLS: u8 = 7;
/// The wild `?` side of an airplane card.
pub const WILD: u8 = 7;
/// Most cards a deck list may hold.
pub const MAX_CARDS: usize = 250;
/// Mode number of the airplane (the wild cards).
pub const AIRPLANE: u8 = 7;
/// Mode number of the boat (a blue card, like the airplane).
pub const BOAT: u8 = 6;

/// Names of the seven modes of transport, then the airplane.
pub const MODE_NAMES: [&str; 8] = [
    "hiker", "bike", "horse", "car", "bus", "train", "boat", "airplane",
];
/// Names of the seven location symbols (0–6), then the wild `?`.
pub const SYMBOL_NAMES: [&str; 8] = [
    "circle", "square", "triangle", "star", "diamond", "hexagon", "cross", "?",
];
/// One-character glyphs of the symbols, for terminal display.
pub const SYMBOL_GLYPHS: [&str; 8] = ["○", "□", "△", "☆", "◇", "⬡", "✚", "?"];

/// A trip card, named by its position in the game's deck list (0-based).
///
/// The card's mode and symbols are read from the deck list ([`Face`]); two cards of a deck are
/// always distinct values, even when their faces are alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TripCard(pub u8);

impl TripCard {
    /// The card's position in the deck list.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for TripCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// What is printed on a trip card: a mode and two symbols (`b` is [`WILD`] for an airplane).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Face {
    /// Mode of transport, 0–6, or [`AIRPLANE`].
    pub mode: u8,
    /// First (left) symbol as listed, 0–6.
    pub a: u8,
    /// Second (right) symbol as listed, 0–6, or [`WILD`] for an airplane.
    pub b: u8,
}

impl Face {
    /// Whether the card is a wild airplane.
    pub const fn is_airplane(self) -> bool {
        self.mode == AIRPLANE
    }

    /// Whether the card is blue (boat or airplane).
    pub const fn is_blue(self) -> bool {
        self.mode == BOAT || self.mode == AIRPLANE
    }

    /// The (near, far) symbols when played forward (`reversed == false`) or flipped.
    pub const fn sides(self, reversed: bool) -> (u8, u8) {
        if reversed {
            (self.b, self.a)
        } else {
            (self.a, self.b)
        }
    }

    /// The card's text in the deck-list form, e.g. `bike circle star` or `airplane square ?`.
    pub fn text(self) -> String {
        format!(
            "{} {} {}",
            mode_name(self.mode),
            symbol_name(self.a),
            symbol_name(self.b)
        )
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}-{}",
            mode_name(self.mode),
            symbol_glyph(self.a),
            symbol_glyph(self.b)
        )
    }
}

/// The name of a mode (`"?"` for a number out of range).
pub fn mode_name(mode: u8) -> &'static str {
    MODE_NAMES.get(usize::from(mode)).copied().unwrap_or("?")
}

/// The name of a symbol (`"?"` for the wild and anything out of range).
pub fn symbol_name(symbol: u8) -> &'static str {
    SYMBOL_NAMES
        .get(usize::from(symbol))
        .copied()
        .unwrap_or("?")
}

/// The glyph of a symbol (`"?"` for the wild and anything out of range).
pub fn symbol_glyph(symbol: u8) -> &'static str {
    SYMBOL_GLYPHS
        .get(usize::from(symbol))
        .copied()
        .unwrap_or("?")
}

/// The default deck drawn up by ruling RT1 (`docs/rules/roundtrip.md#rt1`): 84 mode cards then
/// 14 airplanes.
pub fn default_deck() -> Vec<Face> {
    let mut faces = Vec::with_capacity(98);
    for mode in 0..7u8 {
        for step in 1..=3u8 {
            for k in 0..=3u8 {
                faces.push(Face {
                    mode,
                    a: (mode + k) % SYMBOLS,
                    b: (mode + k + step) % SYMBOLS,
                });
            }
        }
    }
    for symbol in 0..SYMBOLS {
        for _ in 0..2 {
            faces.push(Face {
                mode: AIRPLANE,
                a: symbol,
                b: WILD,
            });
        }
    }
    faces
}

fn parse_mode(word: &str) -> Option<u8> {
    let lower = word.to_ascii_lowercase();
    let alias = match lower.as_str() {
        "plane" | "wild" => "airplane",
        "bicycle" => "bike",
        "hike" | "walk" => "hiker",
        other => other,
    };
    MODE_NAMES
        .iter()
        .position(|m| *m == alias)
        .and_then(|i| u8::try_from(i).ok())
}

fn parse_symbol(word: &str) -> Option<u8> {
    let lower = word.to_ascii_lowercase();
    if let Ok(n) = lower.parse::<u8>() {
        return (n < SYMBOLS).then_some(n);
    }
    SYMBOL_NAMES
        .iter()
        .chain(SYMBOL_GLYPHS.iter())
        .position(|s| *s == lower || *s == word)
        .and_then(|i| u8::try_from(i % 8).ok())
}

/// Reads one card of a deck list: a mode and two symbols, or (airplane) one symbol and `?`.
/// Words may be separated by spaces, `:`, `-` or `,`; symbols by name (`circle`), glyph (`○`) or
/// number (`0`–`6`). `airplane ? circle` lists the wild side first.
pub fn parse_face(text: &str) -> Result<Face, String> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ':' || c == '-' || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let [mode, a, b] = words.as_slice() else {
        return Err(format!(
            "expected a mode and two symbols, found {} words",
            words.len()
        ));
    };
    let mode = parse_mode(mode).ok_or_else(|| format!("unknown mode `{mode}`"))?;
    let a = parse_symbol(a).ok_or_else(|| format!("unknown symbol `{a}`"))?;
    let b = parse_symbol(b).ok_or_else(|| format!("unknown symbol `{b}`"))?;
    let face = match (mode == AIRPLANE, a == WILD, b == WILD) {
        (true, false, true) => Face { mode, a, b },
        (true, true, false) => Face { mode, a: b, b: a },
        (true, _, _) => return Err("an airplane has exactly one symbol and one `?`".into()),
        (false, false, false) if a != b => Face { mode, a, b },
        (false, false, false) => return Err("a card joins two different symbols".into()),
        (false, _, _) => return Err("only an airplane has a `?`".into()),
    };
    Ok(face)
}

/// Reads a deck list (ruling RT1); the first malformed card is reported with its position.
pub fn parse_deck_list(lines: &[String]) -> Result<Vec<Face>, DeckListError> {
    if lines.len() > MAX_CARDS {
        return Err(DeckListError::TooLong {
            cards: lines.len(),
            max: MAX_CARDS,
        });
    }
    lines
        .iter()
        .enumerate()
        .map(|(index, line)| {
            parse_face(line).map_err(|reason| DeckListError::Card {
                index,
                text: line.clone(),
                reason,
            })
        })
        .collect()
}

/// A card's face as one-bit masks, for the legal-play test done with a few mask operations:
/// the bit of its mode, and the bits of its near symbol played forward and reversed (bit 7:
/// the wild `?`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FaceBits {
    /// `1 << mode`.
    pub mode: u8,
    /// `1 << a`: the near symbol played forward.
    pub forward: u8,
    /// `1 << b`: the near symbol played reversed.
    pub reversed: u8,
}

impl FaceBits {
    /// The masks of a face (symbols and modes above 7 give no bit).
    pub fn of(face: Face) -> FaceBits {
        let bit = |n: u8| 1u8.checked_shl(u32::from(n)).unwrap_or(0);
        FaceBits {
            mode: bit(face.mode),
            forward: bit(face.a),
            reversed: bit(face.b),
        }
    }
}

/// The faces of every card of a deck, in a fixed table indexed by any `u8` card number, so
/// that a lookup can never go out of bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaceTable {
    faces: [Face; 256],
    bits: [FaceBits; 256],
    len: usize,
}

impl Default for FaceTable {
    fn default() -> Self {
        FaceTable {
            faces: [Face::default(); 256],
            bits: [FaceBits::default(); 256],
            len: 0,
        }
    }
}

impl FaceTable {
    /// The table of a deck list (at most 256 cards are kept).
    pub fn new(list: &[Face]) -> FaceTable {
        let mut table = FaceTable::default();
        for ((slot, bits), face) in table.faces.iter_mut().zip(&mut table.bits).zip(list) {
            *slot = *face;
            *bits = FaceBits::of(*face);
        }
        table.len = list.len().min(256);
        table
    }

    /// The face of a card.
    #[inline]
    pub fn face(&self, card: TripCard) -> Face {
        self.faces[card.index()]
    }

    /// The face of a card as masks.
    #[inline]
    pub fn bits(&self, card: TripCard) -> FaceBits {
        self.bits[card.index()]
    }

    /// Number of cards in the deck.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the deck has no card.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The faces in deck-list order.
    pub fn faces(&self) -> &[Face] {
        self.faces.get(..self.len).unwrap_or(&[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_deck_has_the_rulebook_counts() {
        let deck = default_deck();
        assert_eq!(deck.len(), 98);
        for mode in 0..7 {
            assert_eq!(deck.iter().filter(|f| f.mode == mode).count(), 12);
        }
        assert_eq!(deck.iter().filter(|f| f.is_airplane()).count(), 14);
        for s in 0..SYMBOLS {
            assert_eq!(
                deck.iter()
                    .filter(|f| !f.is_airplane() && (f.a == s || f.b == s))
                    .count(),
                24
            );
        }
    }

    #[test]
    fn face_bits_are_the_bits_of_the_mode_and_the_near_symbols() {
        for face in default_deck() {
            let bits = FaceBits::of(face);
            assert_eq!(bits.mode, 1 << face.mode);
            assert_eq!(bits.forward, 1 << face.sides(false).0);
            assert_eq!(bits.reversed, 1 << face.sides(true).0);
        }
        let table = FaceTable::new(&default_deck());
        assert_eq!(table.bits(TripCard(97)).reversed, 1 << WILD);
        assert_eq!(table.bits(TripCard(200)), FaceBits::default());
    }

    #[test]
    fn faces_read_back_from_their_text() {
        for face in default_deck() {
            assert_eq!(parse_face(&face.text()), Ok(face));
        }
        assert_eq!(
            parse_face("plane:?-3"),
            Ok(Face {
                mode: AIRPLANE,
                a: 3,
                b: WILD
            })
        );
        assert!(parse_face("bike ? 3").is_err());
        assert!(parse_face("bike 3 3").is_err());
        assert!(parse_face("rocket 1 2").is_err());
    }
}
