//! Seats, sets of seats and per-seat containers.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// A seat at the table, numbered from 0 (ruling G3, stated in `docs/rules/README.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's number as an index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Every seat of a table of `seats` seats, in order.
    pub fn all(seats: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..seats.min(usize::from(u8::MAX) + 1)).map(|i| Seat(i as u8))
    }

    /// The next seat to the left, wrapping around a table of `seats` seats.
    pub const fn next(self, seats: usize) -> Seat {
        Seat(((self.0 as usize + 1) % seats) as u8)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A set of seats (at most 8), one bit per seat: winners, seats that have voted, and the like.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatSet(u8);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);
    /// Most seats a set can hold.
    pub const MAX_SEATS: usize = 8;

    /// The set whose bit `i` stands for `Seat(i)`.
    pub const fn from_bits(bits: u8) -> SeatSet {
        SeatSet(bits)
    }

    /// Whether the seat is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        seat.0 < 8 && self.0 & (1 << seat.0) != 0
    }

    /// Adds a seat (seats beyond 7 are ignored).
    pub fn insert(&mut self, seat: Seat) {
        if seat.0 < 8 {
            self.0 |= 1 << seat.0;
        }
    }

    /// Removes a seat.
    pub fn remove(&mut self, seat: Seat) {
        if seat.0 < 8 {
            self.0 &= !(1 << seat.0);
        }
    }

    /// Number of seats in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8u8).filter(move |i| self.0 & (1 << i) != 0).map(Seat)
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut set = SeatSet::EMPTY;
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

impl fmt::Display for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for seat in self.iter() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{seat}")?;
        }
        Ok(())
    }
}

/// One value per seat, indexed by [`Seat`].
#[derive(Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PerSeat<T>(Vec<T>);

/// `clone_from` reuses the storage of the target and of each of its values.
impl<T: Clone> Clone for PerSeat<T> {
    fn clone(&self) -> Self {
        PerSeat(self.0.clone())
    }

    fn clone_from(&mut self, source: &Self) {
        self.0.clone_from(&source.0);
    }
}

/// No seat.
impl<T> Default for PerSeat<T> {
    fn default() -> Self {
        PerSeat(Vec::new())
    }
}

impl<T> PerSeat<T> {
    /// One value per seat, made by `f` from the seat.
    pub fn from_fn(seats: usize, f: impl FnMut(Seat) -> T) -> Self {
        PerSeat((0..seats).map(|i| Seat(i as u8)).map(f).collect())
    }

    /// Number of seats.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there is no seat.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value of a seat, or `None` for a seat not at the table.
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.0.get(seat.index())
    }

    /// The values in seat order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// The values in seat order, mutably.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.0.iter_mut()
    }

    /// The seats with their values.
    pub fn seats(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }
}

impl<T> Index<Seat> for PerSeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for PerSeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_set_basics() {
        let mut set: SeatSet = [Seat(0), Seat(3)].into_iter().collect();
        assert!(set.contains(Seat(3)));
        assert_eq!(set.len(), 2);
        set.remove(Seat(0));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Seat(3)]);
        assert_eq!(set.to_string(), "3");
        assert_eq!(Seat(3).next(4), Seat(0));
    }

    #[test]
    fn per_seat_indexes_by_seat() {
        let mut scores = PerSeat::from_fn(3, |s| s.index() * 10);
        scores[Seat(2)] += 1;
        assert_eq!(scores[Seat(2)], 21);
        assert_eq!(scores.get(Seat(5)), None);
    }
}
