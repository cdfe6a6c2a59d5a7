//! One value per seat kept inline in the state, in a fixed-size array, so that reaching a seat's
//! value is one masked index: no pointer to follow and no bounds check.

use cards::Seat;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::{Index, IndexMut};

/// Room for the seats: the options allow 2 to 6 players, rounded up to a power of two so that
/// masking a seat's number keeps it in the array.
pub(crate) const ROOM: usize = 8;

/// One value per seat of the table, in seat order; the places beyond the table hold default
/// values that are never read as a seat's. Saved as the plain list of the seats' values, as the
/// library's `PerSeat` was.
pub(crate) struct SeatArray<T> {
    values: [T; ROOM],
    /// Number of seats at the table (at most [`ROOM`]).
    len: u8,
}

impl<T: Default> SeatArray<T> {
    /// One value per seat (at most eight), made by `f` from the seat.
    pub fn from_fn(seats: usize, mut f: impl FnMut(Seat) -> T) -> Self {
        let len = seats.min(ROOM);
        SeatArray {
            values: std::array::from_fn(|i| {
                if i < len {
                    f(Seat(i as u8))
                } else {
                    T::default()
                }
            }),
            len: len as u8,
        }
    }
}

impl<T> SeatArray<T> {
    /// Number of seats.
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// The seats' values in seat order.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.values[..usize::from(self.len)]
    }

    /// The value of a seat, or `None` for a seat not at the table.
    #[inline]
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.as_slice().get(seat.index())
    }

    /// The values in seat order.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.as_slice().iter()
    }

    /// The values in seat order, mutably.
    #[inline]
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.values[..usize::from(self.len)].iter_mut()
    }

    /// The seats with their values.
    pub fn seats(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }
}

/// The value of a seat at the table. The seat's number is masked into the array: the engine
/// indexes only seats at the table (seats named by an action are checked with `get` first).
impl<T> Index<Seat> for SeatArray<T> {
    type Output = T;

    #[inline]
    fn index(&self, seat: Seat) -> &T {
        &self.values[seat.index() % ROOM]
    }
}

impl<T> IndexMut<Seat> for SeatArray<T> {
    #[inline]
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.values[seat.index() % ROOM]
    }
}

/// `clone_from` reuses the storage of each of the target's values.
impl<T: Clone> Clone for SeatArray<T> {
    fn clone(&self) -> Self {
        SeatArray {
            values: self.values.clone(),
            len: self.len,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        for (value, from) in self.values.iter_mut().zip(&source.values) {
            value.clone_from(from);
        }
        self.len = source.len;
    }
}

impl<T: fmt::Debug> fmt::Debug for SeatArray<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Serialize> Serialize for SeatArray<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.as_slice())
    }
}

impl<'de, T: Default + Deserialize<'de>> Deserialize<'de> for SeatArray<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let values = Vec::<T>::deserialize(deserializer)?;
        if values.len() > ROOM {
            return Err(serde::de::Error::custom(format!(
                "{} seats: a table has at most {ROOM}",
                values.len()
            )));
        }
        let count = values.len();
        let mut values = values.into_iter();
        Ok(SeatArray::from_fn(count, |_| {
            values.next().unwrap_or_default()
        }))
    }
}

/// No seat.
impl<T: Default> Default for SeatArray<T> {
    fn default() -> Self {
        SeatArray::from_fn(0, |_| T::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_index_iterate_and_save_as_a_list() {
        let mut values = SeatArray::from_fn(3, |s| u32::from(s.0) * 10);
        values[Seat(1)] += 1;
        assert_eq!(values.as_slice(), &[0, 11, 20]);
        assert_eq!(values.get(Seat(3)), None);
        assert_eq!(values.seats().last(), Some((Seat(2), &20)));
        let json = serde_json::to_string(&values).unwrap();
        assert_eq!(json, "[0,11,20]");
        let back: SeatArray<u32> = serde_json::from_str(&json).unwrap();
        assert_eq!(back.as_slice(), values.as_slice());
        assert!(serde_json::from_str::<SeatArray<u32>>("[1,2,3,4,5,6,7,8,9]").is_err());
        let mut copy = SeatArray::default();
        copy.clone_from(&values);
        assert_eq!(copy.as_slice(), values.as_slice());
    }
}
