//! Payments of several Mana sources (§21 pairs, §22 straights, §23 four of a kind), asked one
//! source at a time: the spell, straight or four of a kind is announced, then each source is
//! named and paid as it is named; the last one completes the payment and the rule takes
//! effect. A source is offered only if the payment can still be completed with it (no dead
//! end), and each set of sources is reached by one order only: a pair's two in [`Source`]'s
//! order, a straight's from its lowest rank up, four of a kind's by suit (♣ ♦ ♥ ♠).
//!
//! Once announced, a payment is finished: there is no way back (`docs/rules/highjinks.md`
//! says why).

use cards::Seat;

use crate::error::ActionError;
use crate::rules::magic::Payment;
use crate::table::action::{Source, Spell};
use crate::table::card::{mask_cards, masks, Card};
use crate::table::phase::{Cost, Paying, Phase, Quad};
use crate::table::state::State;

type Result<T = ()> = std::result::Result<T, ActionError>;

/// Most Mana sources a seat holds: 36 Mana identities in hand, six Mana zones, and its face-up
/// Mana counters (fewer than the six that eliminate it).
const MAX_SOURCES: usize = 36 + 6 + 6;

/// Whether a source banishes a card when it pays (a counter is flipped, not banished: HJ97).
fn banishes(source: Source) -> bool {
    !matches!(source, Source::Counter(_))
}

impl State {
    /// Calls `f` with each Mana source of `seat` (§24, HJ59) in [`Source`]'s order, with its
    /// card and how many copies it stands for: the Mana identities in hand, the occupied Mana
    /// zones, the face-up Mana counters' identities.
    pub(crate) fn each_source(&self, seat: Seat, mut f: impl FnMut(Source, Card, u8)) {
        let side = self.side(seat);
        for card in side.hand.distinct_in(masks::MANA) {
            f(Source::Hand(card), card, side.hand.count(card));
        }
        for (zone, mana) in side.mana.iter().enumerate() {
            if let Some(mana) = mana {
                f(Source::Zone(zone as u8), mana.card, 1);
            }
        }
        for card in mask_cards(side.sources.counters.held) {
            let copies = side.counters.iter();
            let copies = copies.filter(|c| c.face_up && c.card == card).count();
            f(Source::Counter(card), card, copies as u8);
        }
    }

    /// Whether some source of `seat` is worth `value`.
    fn holds_value(&self, seat: Seat, value: u8) -> bool {
        let mut found = false;
        self.each_source(seat, |_, card, _| {
            found |= card.mana_value() == Some(value);
        });
        found
    }

    /// Whether `source` (naming `card`) may be paid next: it
    /// fits what is paid, and the payment can still be completed with it.
    fn continues(&self, seat: Seat, paying: &Paying, source: Source, card: Card) -> bool {
        let Some(value) = card.mana_value() else {
            return false;
        };
        let suit = card.suit().map(cards::Suit::index);
        let first = paying.paid[0];
        let first_value = first.and_then(|(_, c)| c.mana_value()).unwrap_or(0);
        let count = paying.count();
        match paying.cost {
            // §21, HJ59: two sources of one rank, in order; one of them other than a counter
            // if the spell, when announced, could act only after a payment that banishes a card
            // (HJ63, HJ97: judged once, when the spell is announced).
            Cost::Pair(_) => match first {
                None => {
                    let mut partner = false;
                    self.each_source(seat, |other, c, n| {
                        let later = other > source || other == source && n >= 2;
                        partner |= later
                            && c.mana_value() == Some(value)
                            && (!paying.must_banish || banishes(source) || banishes(other));
                    });
                    partner
                }
                Some((paid, _)) => {
                    value == first_value
                        && source >= paid
                        && (!paying.must_banish || banishes(paid) || banishes(source))
                }
            },
            // §22, HJ64: three ranks in a row, lowest first.
            Cost::Straight => match count {
                0 => {
                    value <= 8
                        && self.holds_value(seat, value + 1)
                        && self.holds_value(seat, value + 2)
                }
                n => value == first_value + n as u8,
            },
            // §23, HJ68: the four suits of one rank, in suit order.
            Cost::Quad => {
                suit == Some(count)
                    && match count {
                        0 => {
                            let mut suits = 0u8;
                            self.each_source(seat, |_, c, _| {
                                if c.mana_value() == Some(value) {
                                    suits |= c.suit().map_or(0, |s| 1 << s.index());
                                }
                            });
                            suits == 0b1111
                        }
                        _ => value == first_value,
                    }
            }
        }
    }

    /// Calls `f` with each source `seat` may pay next (HJ59, HJ64, HJ68), in [`Source`]'s
    /// order: what [`State::continues`] accepts, worked out from one pass over the sources
    /// (the values held, each value's suits, and for a pair's first source whether a later
    /// source of its value, or one that banishes, follows it).
    pub(crate) fn payment_options(&self, seat: Seat, paying: &Paying, mut f: impl FnMut(Source)) {
        let mut all = [(Source::Zone(0), Card::JOKER, 0u8); MAX_SOURCES];
        let mut len = 0;
        self.each_source(seat, |source, card, copies| {
            if let Some(slot) = all.get_mut(len) {
                *slot = (source, card, copies);
                len += 1;
            }
        });
        let all = all.get(..len).unwrap_or_default();
        // Bit `v` of `values` for each value 2–10 held; `suits[v]` the suits of value `v`.
        let (mut values, mut suits) = (0u16, [0u8; 11]);
        for &(_, card, _) in all {
            if let Some(v) = card.mana_value() {
                values |= 1 << v;
                if let (Some(slot), Some(suit)) = (suits.get_mut(usize::from(v)), card.suit()) {
                    *slot |= 1 << suit.index();
                }
            }
        }
        let holds = |v: u8| values.checked_shr(u32::from(v)).unwrap_or(0) & 1 != 0;
        let count = paying.count();
        let first = paying.paid[0];
        let first_value = first.and_then(|(_, c)| c.mana_value()).unwrap_or(0);
        if let (Cost::Pair(_), None) = (paying.cost, first) {
            // The first of a pair: a partner of its value later in order (or its own second
            // copy), one of the two not a counter if the spell needs a card banished.
            let mut ok = [false; MAX_SOURCES];
            let (mut later, mut later_banishing) = (0u16, 0u16);
            for (i, &(source, card, copies)) in all.iter().enumerate().rev() {
                let Some(v) = card.mana_value() else {
                    continue;
                };
                let bit = 1u16 << v;
                let partner = later & bit != 0 || copies >= 2;
                let partner_banishing =
                    later_banishing & bit != 0 || copies >= 2 && banishes(source);
                if let Some(slot) = ok.get_mut(i) {
                    *slot =
                        partner && (!paying.must_banish || banishes(source) || partner_banishing);
                }
                later |= bit;
                if banishes(source) {
                    later_banishing |= bit;
                }
            }
            for (&(source, _, _), &ok) in all.iter().zip(&ok) {
                if ok {
                    f(source);
                }
            }
            return;
        }
        for &(source, card, _) in all {
            let Some(value) = card.mana_value() else {
                continue;
            };
            let suit = card.suit().map(cards::Suit::index);
            let ok = match paying.cost {
                Cost::Pair(_) => first.is_some_and(|(paid, _)| {
                    value == first_value
                        && source >= paid
                        && (!paying.must_banish || banishes(paid) || banishes(source))
                }),
                Cost::Straight => match count {
                    0 => value <= 8 && holds(value + 1) && holds(value + 2),
                    n => value == first_value + n as u8,
                },
                Cost::Quad => {
                    suit == Some(count)
                        && match count {
                            0 => suits.get(usize::from(value)) == Some(&0b1111),
                            _ => value == first_value,
                        }
                }
            };
            if ok {
                f(source);
            }
        }
    }

    /// Whether the payment can be completed: some source may be paid next.
    pub(crate) fn payment_open(&self, seat: Seat, paying: &Paying) -> bool {
        let mut open = false;
        self.payment_options(seat, paying, |_| open = true);
        open
    }

    /// §21–§23: a pair's spell, a straight or four of a kind announced; refused unless the
    /// seat's sources complete a payment of it (and, for a spell, HJ63's check).
    pub(crate) fn announce(&mut self, seat: Seat, cost: Cost) -> Result {
        let mut paying = Paying::new(cost);
        if let Cost::Pair(spell) = cost {
            // HJ63, HJ97: a spell that could act after no payment, or only after one that
            // banishes a card, or after none.
            if !self.offers_spell_after(seat, spell, false, None) {
                if !self.offers_spell_after(seat, spell, true, None) {
                    return Err(ActionError::Forbidden("HJ63: that spell could do nothing"));
                }
                paying.must_banish = true;
            }
        }
        if !self.payment_open(seat, &paying) {
            return Err(ActionError::Forbidden(match cost {
                Cost::Pair(_) => "no pair among the seat's sources casts that spell (two of one rank; HJ97: one not a counter, if the spell acts only once a card is banished)",
                Cost::Straight => "no straight among the seat's sources (three ranks in a row)",
                Cost::Quad => "no four of a kind among the seat's sources (the four suits of one rank)",
            }));
        }
        self.phase = Phase::Pay(paying);
        Ok(())
    }

    /// One source of the payment under way, paid at once (hand and zone cards banished, or a
    /// straight's discarded; counters flipped, §24); the last one completes it and the rule
    /// takes effect: the spell begins (§21), three cards are drawn (§22), or four of a kind's
    /// spells are offered (§23).
    pub(crate) fn pay_next(&mut self, seat: Seat, mut paying: Paying, source: Source) -> Result {
        let [card] = self.check_sources(seat, [source])?;
        if !self.continues(seat, &paying, source, card) {
            return Err(ActionError::Forbidden(
                "that source does not continue the payment (a pair's sources in order, a straight's lowest rank first, four of a kind's by suit)",
            ));
        }
        let how = match paying.cost {
            Cost::Straight => Payment::Discard,
            _ => Payment::Banish,
        };
        self.pay(seat, &[source], how);
        let count = paying.count();
        if count + 1 < paying.cost.sources() {
            if let Some(slot) = paying.paid.get_mut(count) {
                *slot = Some((source, card));
            }
            self.phase = Phase::Pay(paying);
            return Ok(());
        }
        match paying.cost {
            Cost::Pair(spell) => self.begin_spell(spell, None),
            Cost::Quad => self.phase = Phase::Quad(Quad::NEW),
            Cost::Straight => {
                let [Some(a), Some(b), _] = paying.paid else {
                    return Ok(());
                };
                let mut all = [a, b, (source, card)];
                all.sort_unstable_by_key(|&(s, _)| s);
                self.straight_paid(seat, all.map(|(s, _)| s), all.map(|(_, c)| c));
            }
        }
        Ok(())
    }
}

// A pair names two sources, so a spell's check sees both.
const _: () = assert!(Cost::Pair(Spell::Infliction).sources() == 2);
