//! The cards of a Deck whose contents some seats knew, followed as seats draw from it unseen
//! (§28, HJ6, HJ66, HJ80).
//!
//! A Deck rebuilt from the Void and the Bench is made of cards all have seen; an Evocation's
//! caster sees the whole Deck. From then on those cards are a *group*: the Deck and the cards
//! of it that seats took unseen (`Side::drawn`) hold exactly the group's cards. A knower of
//! the group keeps, with perfect memory, that the Deck and the other seats' drawn cards
//! together are those cards, and how many each seat drew; it does not know which.
//!
//! A drawn card that leaves a hand in sight of all is taken off its seat's count when all can
//! tell it came from the group (no other hidden card has its identity, or the seat holds
//! nothing else unknown), and kept when it cannot have. When it might have come from either,
//! the group is forgotten (as HJ85 forgets which copy of a card left a hand), which keeps
//! every seat's knowledge sound. One group is followed at a time: a new rebuild starts a new
//! group and the cards drawn from the old one join the other hidden cards.

use cards::Seat;

use crate::table::card::{Card, Cards};
use crate::table::state::{knower_bit, State, ALL_KNOW};
use crate::table::suit_places::DrawnPlaces;

impl State {
    /// A rebuilt Deck: every seat and spectator knows its cards (HJ11, HJ80).
    pub(crate) fn group_rebuilt(&mut self) {
        self.group_knowers = ALL_KNOW;
        for side in &mut self.sides {
            side.drawn.clear();
            side.drawn_at = DrawnPlaces::HAND_ONLY;
        }
    }

    /// An Evocation's caster sees the whole Deck (HJ66): unless all know the group already,
    /// a new group starts, known to the caster alone.
    pub(crate) fn group_searched(&mut self, caster: Seat) {
        if self.group_knowers == ALL_KNOW {
            return;
        }
        self.group_knowers = knower_bit(caster);
        for side in &mut self.sides {
            side.drawn.clear();
            side.drawn_at = DrawnPlaces::HAND_ONLY;
        }
    }

    /// `seat` took `card` from the Deck unseen by the others.
    pub(crate) fn group_drew(&mut self, seat: Seat, card: Card) {
        if self.group_knowers != 0 {
            if let Some(side) = self.sides.get_mut(seat.index()) {
                side.drawn.add(card);
            }
        }
    }

    /// A card of identity `card`, not one all knew to be there, left `seat`'s hand or (`zone`)
    /// face-down Mana in sight of all (it is already gone): take it off the seat's drawn
    /// cards if all can tell it is one, forget the group if all cannot tell. A card from a
    /// zone set before every drawn card came cannot be one (HJ88).
    #[inline]
    pub(crate) fn group_revealed(&mut self, seat: Seat, card: Card, zone: Option<usize>) {
        let Some(side) = self.sides.get(seat.index()) else {
            return;
        };
        if self.group_knowers == 0 || side.drawn.is_empty() {
            return;
        }
        self.group_card_revealed(seat, card, zone);
    }

    /// [`State::group_revealed`] when the group is followed and the seat drew from it: the
    /// counting, kept out of line so that the usual early return stays cheap.
    ///
    /// The card could be another of the seat's hidden cards if the seat held one neither known
    /// nor drawn, and more copies of its identity were hidden (hands, face-down Mana, plus the
    /// card itself; the Deck's copies are in the group, so they count on both sides and are
    /// left out) than drawn from the group and known to be in a hand. Each comparison reads
    /// the face-down Mana only when the cheaper counts leave it open.
    #[inline(never)]
    fn group_card_revealed(&mut self, seat: Seat, card: Card, zone: Option<usize>) {
        let Some(side) = self.sides.get(seat.index()) else {
            return;
        };
        let (mut in_hands, mut drawn, mut known) = (0, 0, 0);
        for s in &self.sides {
            in_hands += usize::from(s.hand.count(card));
            drawn += usize::from(s.drawn.count(card));
            known += usize::from(s.known.count(card));
        }
        // The seat's cards neither known nor drawn, before this one left: some if its hand
        // (with the card) outnumbers them, else if its face-down Mana makes up the difference.
        let accounted = side.known.len() + side.drawn.len();
        let holdings = side.hand.len() + 1;
        let has_other = holdings > accounted || holdings + side.face_down_mana() > accounted;
        let could_be_other = has_other && {
            let told_apart = drawn + known;
            let hidden = 1 + in_hands;
            hidden > told_apart
                || hidden
                    + self
                        .sides
                        .iter()
                        .map(|s| s.face_down_copies(card))
                        .sum::<usize>()
                    > told_apart
        };
        // A copy in the group: drawn by a seat, or still in the Deck.
        let could_be_drawn = zone.is_none_or(|z| side.drawn_at.may_lie(z))
            && (drawn > 0 || self.deck.contains(&card));
        let side = &mut self.sides[seat.index()];
        let before = side.drawn.len().min(usize::from(u8::MAX)) as u8;
        let told = match (could_be_drawn, could_be_other) {
            (true, false) => {
                let drawn = side.drawn.remove(card);
                if drawn {
                    side.drawn_at.left(zone, before);
                }
                drawn
            }
            (false, true) => true,
            _ => false,
        };
        if !told {
            self.group_forgotten();
        }
    }

    /// Nobody follows the group any more.
    pub(crate) fn group_forgotten(&mut self) {
        self.group_knowers = 0;
        for side in &mut self.sides {
            side.drawn.clear();
            side.drawn_at = DrawnPlaces::HAND_ONLY;
        }
    }

    /// Whether `seat` knows the group's cards.
    pub(crate) fn knows_group(&self, seat: Seat) -> bool {
        self.group_knowers & knower_bit(seat) != 0
    }

    /// What `observer` knows of the group, if it knows it: the group's cards it cannot see
    /// (the Deck's, unless it knows them apart, and the other seats' drawn cards) and how many
    /// each seat drew (its own count 0).
    pub(crate) fn group_view(&self, observer: Seat) -> Option<(Cards, [u8; 4], [DrawnPlaces; 4])> {
        if !self.knows_group(observer) {
            return None;
        }
        let mut cards: Cards = self.deck.iter().copied().collect();
        let mut counts = [0u8; 4];
        let mut places = [DrawnPlaces::HAND_ONLY; 4];
        for (i, side) in self.sides.iter().enumerate().take(4) {
            if i != observer.index() {
                cards.add_all(&side.drawn);
                counts[i] = side.drawn.len() as u8;
                places[i] = side.drawn_at;
            }
        }
        Some((cards, counts, places))
    }
}
