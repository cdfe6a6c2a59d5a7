//! Every seat's score and the winners, read together.

use crate::{Seat, SeatSet};

/// The score of every seat and the seats that have won (or lead, before the end), as
/// [`Game::score`](crate::Game::score) and [`Game::winners`](crate::Game::winners) give them:
/// what [`Game::standings`](crate::Game::standings) returns, in one value that allocates
/// nothing.
///
/// ```
/// use cards::{Seat, Standings};
/// let standings = Standings::best_of(&[3, 7, 7]);
/// assert_eq!(standings.scores(), &[3, 7, 7]);
/// assert_eq!(standings.score(Seat(1)), 7);
/// assert_eq!(standings.winners().iter().collect::<Vec<_>>(), vec![Seat(1), Seat(2)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Standings {
    /// Seats at the table, at most [`SeatSet::MAX_SEATS`].
    seats: u8,
    /// The score of each seat; 0 beyond the table.
    scores: [i64; SeatSet::MAX_SEATS],
    winners: SeatSet,
}

impl Standings {
    /// The standings of the seats whose scores are given, in seat order (the first
    /// [`SeatSet::MAX_SEATS`]), with the winners given.
    pub fn new(scores: &[i64], winners: SeatSet) -> Standings {
        let seats = scores.len().min(SeatSet::MAX_SEATS);
        let mut all = [0; SeatSet::MAX_SEATS];
        all[..seats].copy_from_slice(&scores[..seats]);
        Standings {
            seats: seats as u8,
            scores: all,
            winners,
        }
    }

    /// The standings by the default rule of [`Game::winners`](crate::Game::winners): the
    /// seats with the best score win, ties shared (ruling G5, stated in `docs/rules/README.md`).
    /// No seats, no winners.
    pub fn best_of(scores: &[i64]) -> Standings {
        let seats = scores.len().min(SeatSet::MAX_SEATS);
        let mut all = [0; SeatSet::MAX_SEATS];
        let mut winners = 0u8;
        let mut best = i64::MIN;
        // One pass: a better score starts the winners again, an equal one joins them (the
        // first seat always enters, as no score is below `i64::MIN`).
        for (i, (slot, &score)) in all.iter_mut().zip(&scores[..seats]).enumerate() {
            *slot = score;
            let bit = 1u8 << i;
            if score > best {
                best = score;
                winners = bit;
            } else if score == best {
                winners |= bit;
            }
        }
        Standings {
            seats: seats as u8,
            scores: all,
            winners: SeatSet::from_bits(winners),
        }
    }

    /// The score of each seat, in seat order.
    pub fn scores(&self) -> &[i64] {
        &self.scores[..usize::from(self.seats)]
    }

    /// The score of a seat; 0 for a seat not at the table (as [`Game::score`](crate::Game::score)).
    pub fn score(&self, seat: Seat) -> i64 {
        self.scores().get(seat.index()).copied().unwrap_or(0)
    }

    /// The seats that have won, or lead.
    pub fn winners(&self) -> SeatSet {
        self.winners
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_scores_win_and_ties_are_shared() {
        let standings = Standings::best_of(&[-2, 5, 1, 5]);
        assert_eq!(standings.scores(), &[-2, 5, 1, 5]);
        assert_eq!(
            standings.winners().iter().collect::<Vec<_>>(),
            vec![Seat(1), Seat(3)]
        );
        assert_eq!(Standings::best_of(&[4]).winners().len(), 1);
        // A better score later drops the earlier leaders; the lowest scores can still win.
        let later = Standings::best_of(&[5, 5, 7]);
        assert_eq!(later.winners().iter().collect::<Vec<_>>(), vec![Seat(2)]);
        let lowest = Standings::best_of(&[i64::MIN, i64::MIN]);
        assert_eq!(lowest.winners().len(), 2);
    }

    #[test]
    fn seats_beyond_the_table_score_nothing_and_no_seats_have_no_winner() {
        let standings = Standings::best_of(&[]);
        assert!(standings.scores().is_empty());
        assert!(standings.winners().is_empty());
        assert_eq!(Standings::best_of(&[1, 2]).score(Seat(5)), 0);
    }

    #[test]
    fn at_most_eight_seats_are_kept() {
        let scores: Vec<i64> = (0..10).collect();
        let standings = Standings::best_of(&scores);
        assert_eq!(standings.scores().len(), SeatSet::MAX_SEATS);
        assert_eq!(
            standings.winners().iter().collect::<Vec<_>>(),
            vec![Seat(7)]
        );
    }
}
