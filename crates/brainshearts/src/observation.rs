//! What a seat sees of an action, and the determinisation drawn from a seat's view.

use cards::{Card, GameRng, Seat};
use serde::Serialize;
use std::fmt;

use crate::options::DECK_SIZE;
use crate::state::{BrainsHearts, Phase};
use crate::view::SEAT_NAMES;
use crate::Action;

/// What one seat sees of one action.
///
/// Everything on the board lies face up, so every action is public but a draw: the drawer sees
/// the card it drew, its opponent only that it drew. A roll is seen with the result the die
/// shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Observation {
    /// The action as it was taken, by the seat that took it.
    Seen {
        /// Who acted.
        by: Seat,
        /// What it did.
        action: Action,
    },
    /// The seat drew the top card of its deck: the card, for the drawer only.
    Drew {
        /// Who drew.
        by: Seat,
        /// The card drawn, shown to the drawer only.
        card: Option<Card>,
    },
    /// The seat rolled the God Die, which showed `result` (1–6).
    Rolled {
        /// Who rolled.
        by: Seat,
        /// The result shown.
        result: u8,
    },
}

impl Observation {
    /// What `observer` sees of `action`, taken now by the seat to act.
    pub(crate) fn of(game: &BrainsHearts, action: Action, observer: Seat) -> Observation {
        let by = Seat(game.to_act);
        match (game.phase, action) {
            (Phase::Action, Action::Draw) => Observation::Drew {
                by,
                card: if by == observer {
                    game.me().deck.as_slice().last().copied()
                } else {
                    None
                },
            },
            (Phase::Action, Action::Roll) => Observation::Rolled {
                by,
                // The next stacked result, or the one the generator will give.
                result: match game.dice.as_slice().last() {
                    Some(&result) => result,
                    None => game.rng.clone().roll(6) as u8,
                },
            },
            _ => Observation::Seen { by, action },
        }
    }
}

impl fmt::Display for Observation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |seat: &Seat| SEAT_NAMES.get(seat.index()).copied().unwrap_or("nobody");
        match self {
            Observation::Seen { by, action } => write!(f, "{}: {action}", name(by)),
            Observation::Drew {
                by,
                card: Some(card),
            } => write!(f, "{} drew {card}", name(by)),
            Observation::Drew { by, card: None } => write!(f, "{} drew a card", name(by)),
            Observation::Rolled { by, result } => write!(f, "{} rolled a {result}", name(by)),
        }
    }
}

/// Draws into `out` everything hidden from `observer` in `game` (`out` already a copy of it).
///
/// Hidden from a seat: the order of its own deck, its opponent's hand and deck order, the die
/// results to come (stacked or not) and the generator. Its own deck is shuffled; the
/// opponent's hand and deck are pooled, shuffled and dealt again (the hand keeps its size, the
/// rest is the deck in the drawn order), so every split of those cards between hand and deck,
/// and every deck order, is equally likely; stacked results not yet rolled are drawn from the
/// die again. A spectator sees no hand: both seats' hands and decks are drawn as the
/// opponent's.
pub(crate) fn determinise(out: &mut BrainsHearts, observer: Seat, rng: &mut GameRng) {
    for (index, seat) in out.seats.iter_mut().enumerate() {
        // Every pool is sorted before it is shuffled, so that the draw depends on the view and
        // the generator only, never on the true order of what is hidden.
        if index == observer.index() {
            sort_cards(seat.deck.as_mut_slice());
            rng.shuffle(seat.deck.as_mut_slice());
            continue;
        }
        let mut pool = [Card::BLACK_JOKER; DECK_SIZE];
        let mut count = 0;
        for card in seat.hand.iter().chain(seat.deck.as_slice().iter().copied()) {
            if let Some(place) = pool.get_mut(count) {
                *place = card;
                count += 1;
            }
        }
        let pool = &mut pool[..count];
        sort_cards(pool);
        rng.shuffle(pool);
        let hand_size = seat.hand.len();
        let (hand, deck) = pool.split_at(hand_size.min(count));
        seat.hand = hand.iter().copied().collect();
        for (place, &card) in seat.deck.as_mut_slice().iter_mut().zip(deck) {
            *place = card;
        }
    }
    out.rng = GameRng::from_seed(rng.next_u64());
    for result in out.dice.as_mut_slice() {
        *result = rng.roll(6) as u8;
    }
}

/// Puts cards in order, low first, as `sort_unstable` does: distinct cards (as in every game)
/// are read back from a bit set of them.
fn sort_cards(cards: &mut [Card]) {
    let mut set = 0u64;
    for card in cards.iter() {
        set |= 1 << (card.index() & 63);
    }
    if set.count_ones() as usize != cards.len() {
        cards.sort_unstable();
        return;
    }
    for place in cards.iter_mut() {
        *place = Card::from_index(set.trailing_zeros() as usize).unwrap_or(Card::BLACK_JOKER);
        set &= set.wrapping_sub(1);
    }
}
