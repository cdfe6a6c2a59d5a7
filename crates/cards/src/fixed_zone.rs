//! A zone kept inline, with a fixed room: for a row or pile whose size the rules bound, so that
//! a new game, a copy and a clear allocate nothing.

use std::fmt;
use std::hash::{Hash, Hasher};

use serde::de::{Error as _, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::zone::{Facing, Placed};

/// An ordered zone of at most `N` cards, each face up or face down, kept in an array inside the
/// state: the inline twin of [`Zone`](crate::Zone), for a zone the rules bound (a tableau row
/// holds one entry per challenge of its suit, say). `N` is at most 255.
///
/// It is saved as the plain list of its cards, as a [`Zone`](crate::Zone) is, and a saved list
/// longer than `N` is refused when loaded. The places past the cards hold leftovers that are
/// never read: equality, hashing and `Debug` see only the cards.
///
/// ```
/// use cards::{Card, Facing, FixedZone};
/// #[derive(Clone, Copy, Default, Debug, PartialEq)]
/// struct Entry(u8);
/// let mut row: FixedZone<Entry, 2> = FixedZone::new();
/// assert!(row.push(Entry(4), Facing::Up).is_ok());
/// assert!(row.push(Entry(7), Facing::Down).is_ok());
/// assert!(row.push(Entry(9), Facing::Up).is_err(), "no room for a third");
/// assert_eq!(row.len(), 2);
/// assert_eq!(row.face_up_count(), 1);
/// ```
#[derive(Clone, Copy)]
pub struct FixedZone<C, const N: usize> {
    /// The cards, bottom (left) first; places from `len` on are leftovers.
    places: [Placed<C>; N],
    /// Number of cards held, at most `N`.
    len: u8,
}

/// The card a [`FixedZone`] had no room for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the zone is full: it has room for {room} cards")]
pub struct ZoneFull {
    /// The zone's room.
    pub room: usize,
}

impl<C: Copy + Default, const N: usize> Default for FixedZone<C, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Copy + Default, const N: usize> FixedZone<C, N> {
    /// `N` fits the `u8` count (checked when the type is used).
    const ROOM_FITS_A_BYTE: () = assert!(N <= u8::MAX as usize, "a FixedZone holds at most 255");

    /// An empty zone.
    pub fn new() -> Self {
        let () = Self::ROOM_FITS_A_BYTE;
        FixedZone {
            places: [Placed {
                card: C::default(),
                facing: Facing::Down,
            }; N],
            len: 0,
        }
    }
}

impl<C: Copy, const N: usize> FixedZone<C, N> {
    /// How many cards the zone has room for.
    pub const ROOM: usize = N;

    /// Puts a card on top (at the right end), or refuses it, leaving the zone as it was, when
    /// the zone is full.
    pub fn push(&mut self, card: C, facing: Facing) -> Result<(), ZoneFull> {
        let place = self
            .places
            .get_mut(usize::from(self.len))
            .ok_or(ZoneFull { room: N })?;
        *place = Placed { card, facing };
        self.len += 1;
        Ok(())
    }

    /// Takes the top (rightmost) card.
    pub fn pop(&mut self) -> Option<Placed<C>> {
        let top = *self.as_slice().last()?;
        self.len -= 1;
        Some(top)
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the zone is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every card.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The card at a position, 0 being the bottom (leftmost).
    pub fn get(&self, index: usize) -> Option<&Placed<C>> {
        self.as_slice().get(index)
    }

    /// Mutable access to the card at a position, 0 being the bottom (leftmost).
    pub fn get_mut(&mut self, index: usize) -> Option<&mut Placed<C>> {
        self.as_mut_slice().get_mut(index)
    }

    /// The cards from the bottom (left) to the top (right).
    pub fn iter(&self) -> std::slice::Iter<'_, Placed<C>> {
        self.as_slice().iter()
    }

    /// The cards from the bottom (left) to the top (right), as a slice.
    pub fn as_slice(&self) -> &[Placed<C>] {
        // `len` never exceeds `N`: `push` is the only way up.
        &self.places[..usize::from(self.len)]
    }

    /// Mutable slice of the cards, bottom (left) first: for games that redeal hidden cards.
    pub fn as_mut_slice(&mut self) -> &mut [Placed<C>] {
        &mut self.places[..usize::from(self.len)]
    }

    /// Number of cards lying face up.
    pub fn face_up_count(&self) -> usize {
        self.iter().filter(|p| p.is_face_up()).count()
    }
}

impl<'a, C: Copy, const N: usize> IntoIterator for &'a FixedZone<C, N> {
    type Item = &'a Placed<C>;
    type IntoIter = std::slice::Iter<'a, Placed<C>>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<C: Copy + PartialEq, const N: usize> PartialEq for FixedZone<C, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<C: Copy + Eq, const N: usize> Eq for FixedZone<C, N> {}

impl<C: Copy + Hash, const N: usize> Hash for FixedZone<C, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

/// The cards only, as a [`Zone`](crate::Zone) shows them.
impl<C: Copy + fmt::Debug, const N: usize> fmt::Debug for FixedZone<C, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FixedZone")
            .field("cards", &self.as_slice())
            .finish()
    }
}

impl<C: Copy + Serialize, const N: usize> Serialize for FixedZone<C, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for placed in self {
            seq.serialize_element(placed)?;
        }
        seq.end()
    }
}

impl<'de, C: Copy + Default + Deserialize<'de>, const N: usize> Deserialize<'de>
    for FixedZone<C, N>
{
    /// Reads the list of cards a zone was saved as, refusing more than `N`.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Cards<C, const N: usize>(std::marker::PhantomData<C>);

        impl<'de, C: Copy + Default + Deserialize<'de>, const N: usize> Visitor<'de> for Cards<C, N> {
            type Value = FixedZone<C, N>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of at most {N} placed cards")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut zone = FixedZone::new();
                while let Some(placed) = seq.next_element::<Placed<C>>()? {
                    zone.push(placed.card, placed.facing)
                        .map_err(A::Error::custom)?;
                }
                Ok(zone)
            }
        }

        deserializer.deserialize_seq(Cards::<C, N>(std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Zone;

    #[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
    struct Entry(u8);

    #[test]
    fn a_full_zone_refuses_a_card_and_keeps_its_own() {
        let mut zone: FixedZone<Entry, 2> = FixedZone::new();
        zone.push(Entry(1), Facing::Up).unwrap();
        zone.push(Entry(2), Facing::Down).unwrap();
        assert_eq!(zone.push(Entry(3), Facing::Up), Err(ZoneFull { room: 2 }));
        assert_eq!(
            zone.iter().map(|p| p.card).collect::<Vec<_>>(),
            [Entry(1), Entry(2)]
        );
        assert_eq!(zone.pop().map(|p| p.card), Some(Entry(2)));
        assert_eq!(zone.len(), 1);
        assert_eq!(zone.get_mut(1), None);
    }

    #[test]
    fn leftovers_past_the_cards_are_never_seen() {
        let mut a: FixedZone<Entry, 3> = FixedZone::new();
        a.push(Entry(9), Facing::Up).unwrap();
        a.clear();
        a.push(Entry(4), Facing::Down).unwrap();
        let mut b: FixedZone<Entry, 3> = FixedZone::new();
        b.push(Entry(4), Facing::Down).unwrap();
        a.push(Entry(5), Facing::Up).unwrap();
        a.pop();
        assert_eq!(a, b);
        assert_eq!(format!("{a:?}"), format!("{b:?}"));
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            serde_json::to_string(&b).unwrap()
        );
    }

    #[test]
    fn saved_as_a_zone_is_and_longer_lists_are_refused() {
        let zone = Zone::from_cards([Entry(1), Entry(2)], Facing::Up);
        let saved = serde_json::to_string(&zone).unwrap();
        let fixed: FixedZone<Entry, 2> = serde_json::from_str(&saved).unwrap();
        assert_eq!(fixed.as_slice(), zone.as_slice());
        assert_eq!(serde_json::to_string(&fixed).unwrap(), saved);
        let three =
            r#"[{"card":1,"facing":"Up"},{"card":2,"facing":"Up"},{"card":3,"facing":"Up"}]"#;
        let refused = serde_json::from_str::<FixedZone<Entry, 2>>(three);
        assert!(refused.is_err_and(|e| e.to_string().contains("room for 2")));
    }
}
