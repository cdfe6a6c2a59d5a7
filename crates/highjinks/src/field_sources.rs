//! What the Main listing reads of a seat's Mana zones and face-up Damage Counters, summed up
//! whenever they change rather than at every listing.
//!
//! A seat's zones and counters change a few times a turn (a card set, paid, taken by Justice; a
//! counter dealt, flipped, healed), while the Main decision lists its Mana sources at almost
//! every ply: each change sums both up again ([`Side::refresh_sources`]), and a listing reads
//! the sum. The sum is derived, never saved: a loaded state rebuilds it (`settle_loaded`).

use crate::card::{masks, Card, CardMask};
use crate::field::{lowest_free, Counter, Mana, Side, LOSING_COUNTERS, MANA_ZONES};
use crate::state::State;

/// Mana values 2–10: index `value - 2`.
pub(crate) const RANKS: usize = 9;

/// A seat's face-up counters: Mana counters as sources, Agent counters to flip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CounterSources {
    /// The identities of the face-up Mana counters.
    pub held: CardMask,
    /// The identities among them that more than one counter shows.
    pub doubled: CardMask,
    /// For each rank, its counters: bit `k` for `cards[k]`.
    pub bits: [u8; RANKS],
    /// The face-up Mana counters' identities, each once, in the order they first appear.
    pub cards: [Card; LOSING_COUNTERS],
    /// For each rank, how many of `cards` it has (nibble `r`, at most four: one per suit).
    pub units: u64,
    /// How many of `cards` are listed.
    pub len: u8,
    /// The identities of the face-up Agent counters (those the seat may flip, HJ51).
    pub agents: CardMask,
}

impl CounterSources {
    /// No counter.
    pub const NONE: CounterSources = CounterSources {
        held: 0,
        doubled: 0,
        bits: [0; RANKS],
        cards: [Card::JOKER; LOSING_COUNTERS],
        units: 0,
        len: 0,
        agents: 0,
    };

    /// The face-up counters of `side`.
    fn of(side: &Side) -> CounterSources {
        let mut out = CounterSources::NONE;
        for c in side.counters.iter().filter(|c| c.face_up) {
            out.add(c.card);
        }
        out
    }

    /// One more face-up counter, after those summed up.
    #[inline]
    fn add(&mut self, card: Card) {
        let i = card.index();
        let bit: CardMask = 1 << i;
        if let Some(of_rank) = self.bits.get_mut(i / 4) {
            // A Mana card (index below 36): a source, listed where it first appears.
            if self.held & bit != 0 {
                self.doubled |= bit;
            } else {
                self.held |= bit;
                if let Some(slot) = self.cards.get_mut(usize::from(self.len)) {
                    *slot = card;
                    *of_rank |= 1 << self.len;
                    self.units += 1 << (i / 4 * 4);
                    self.len += 1;
                }
            }
        } else if bit & masks::AGENTS != 0 {
            self.agents |= bit;
        }
    }
}

impl CounterSources {
    /// The face-up Mana counter `card`, the only one showing it, is gone: it leaves the list,
    /// the cards after it move up. Returns false, changing nothing, unless it was listed
    /// alone.
    fn drop_single(&mut self, card: Card) -> bool {
        let i = card.index();
        let bit: CardMask = 1 << i;
        let len = usize::from(self.len);
        let listed = self
            .cards
            .get(..len)
            .and_then(|l| l.iter().position(|&c| c == card));
        let Some(at) = listed.filter(|_| self.doubled & bit == 0 && i < RANKS * 4) else {
            return false;
        };
        self.cards.copy_within(at + 1..len, at);
        self.cards[len - 1] = Card::JOKER;
        for of_rank in &mut self.bits {
            let below = *of_rank & ((1 << at) - 1);
            *of_rank = below | (*of_rank >> (at + 1) << at);
        }
        self.units -= 1 << (i / 4 * 4);
        self.len -= 1;
        self.held &= !bit;
        true
    }
}

/// A seat's Mana zones and face-up counters summed up (see the module's comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FieldSources {
    /// For each rank (index `value - 2`), its Mana zones, a bit per zone.
    pub zones: [u8; RANKS],
    /// The Mana zones holding a card, a bit per zone.
    pub occupied: u8,
    /// The Mana zones holding a card that is not a Mana card 2–10 (none, in a game checked
    /// on loading: §6 sets only cards 3–10), a bit per zone.
    pub others: u8,
    /// For each rank, how many Mana zones hold one (nibble `r`, at most six).
    pub zone_units: u64,
    /// The identities of the Mana cards in the zones and among the face-up counters.
    pub held: CardMask,
    /// The identities among them held twice or more (zones and counters together).
    pub doubled: CardMask,
    /// The face-up counters.
    pub counters: CounterSources,
}

impl FieldSources {
    /// No Mana zone occupied, no counter.
    pub const NONE: FieldSources = FieldSources {
        zones: [0; RANKS],
        occupied: 0,
        others: 0,
        zone_units: 0,
        held: 0,
        doubled: 0,
        counters: CounterSources::NONE,
    };

    /// Sums up the zones and counters of `side`.
    fn of(side: &Side) -> FieldSources {
        let mut out = FieldSources::NONE;
        for (zone, mana) in side.mana.iter().enumerate() {
            if let Some(m) = mana {
                out.add_zone(zone, m.card);
            }
        }
        if !side.counters.is_empty() {
            let counters = CounterSources::of(side);
            out.doubled |= out.held & counters.held | counters.doubled;
            out.held |= counters.held;
            out.counters = counters;
        }
        out
    }
}

impl FieldSources {
    /// `card` in Mana zone `zone` (0–5), which the sum had empty.
    #[inline]
    fn add_zone(&mut self, zone: usize, card: Card) {
        let bit = 1u8.checked_shl(zone as u32).unwrap_or(0);
        self.occupied |= bit;
        let i = card.index();
        // Mana cards only (index below 36: a rank 2–10).
        if let Some(of_rank) = self.zones.get_mut(i / 4) {
            *of_rank |= bit;
            self.zone_units += 1 << (i / 4 * 4);
            self.doubled |= self.held & 1 << i;
            self.held |= 1 << i;
        } else {
            self.others |= bit;
        }
    }

    /// Whether a Mana zone is free (HJ9).
    #[inline]
    pub(crate) fn has_free_zone(&self) -> bool {
        usize::from(self.occupied) != (1 << MANA_ZONES) - 1
    }

    /// The lowest free Mana zone (HJ9), as [`Side::free_mana_zone`] finds it: the lowest bit
    /// clear in the sum, with no loop over the zones.
    #[inline]
    pub(crate) fn lowest_free_zone(&self) -> Option<usize> {
        lowest_free(self.occupied, MANA_ZONES)
    }
}

impl Default for FieldSources {
    fn default() -> Self {
        FieldSources::NONE
    }
}

impl Side {
    /// Sums up the Mana zones and face-up counters again: called after any change of which
    /// card a zone holds, or of the counters (one dealt, flipped or healed).
    #[inline(never)]
    pub(crate) fn refresh_sources(&mut self) {
        self.sources = FieldSources::of(self);
    }
}

impl Side {
    /// The seat's Mana zones' cards of identity `card`. Only the zones the sum lists for its
    /// rank (or for cards other than Mana cards) can hold one; they may still list a zone
    /// emptied since, until the next refresh, so each is looked at.
    #[inline]
    fn zone_copies(&self, card: Card) -> impl Iterator<Item = Mana> + '_ {
        let sources = &self.sources;
        let mut zones = match sources.zones.get(card.index() / 4) {
            Some(&of_rank) => of_rank,
            None => sources.others,
        };
        std::iter::from_fn(move || {
            while zones != 0 {
                let zone = zones.trailing_zeros() as usize;
                zones &= zones - 1;
                if let Some(Some(m)) = self.mana.get(zone) {
                    if m.card == card {
                        return Some(*m);
                    }
                }
            }
            None
        })
    }

    /// How many of the seat's face-down Mana cards are `card`.
    #[inline]
    pub(crate) fn face_down_copies(&self, card: Card) -> usize {
        self.zone_copies(card).filter(|m| !m.face_up).count()
    }

    /// Records in the sum whether `card` is still held, and twice or more, among the zones
    /// and the face-up counters, `counted` copies being on counters (a zone or a counter of it
    /// just gone).
    fn mark_held(&mut self, card: Card, counted: usize) {
        let copies = counted + self.zone_copies(card).take(2).count();
        let bit: CardMask = 1 << card.index();
        let sources = &mut self.sources;
        if copies == 0 {
            sources.held &= !bit;
        }
        if copies < 2 {
            sources.doubled &= !bit;
        }
    }
}

impl Side {
    /// Deals `card` as a face-up Damage Counter (§8), added to the sum as the last counter.
    pub(crate) fn push_counter(&mut self, card: Card) {
        self.counters.push(Counter {
            card,
            face_up: true,
        });
        let sources = &mut self.sources;
        let counters = &mut sources.counters;
        counters.add(card);
        // A Mana counter joins the sources: held twice if a zone or counter held it already.
        let bit = counters.held & 1 << card.index();
        sources.doubled |= sources.held & bit;
        sources.held |= bit;
    }

    /// Sets `card` face down into the empty Mana zone `zone` (§6), added to the sum.
    pub(crate) fn set_into(&mut self, zone: usize, card: Card) {
        if let Some(slot) = self.mana.get_mut(zone) {
            let empty = slot.is_none();
            *slot = Some(Mana {
                card,
                face_up: false,
                tapped: false,
            });
            if empty {
                self.sources.add_zone(zone, card);
            } else {
                self.refresh_sources();
            }
        }
    }

    /// Takes the card out of Mana zone `zone` (paid, or taken by Justice), taken off the sum:
    /// its identity stays held (twice) if other zones of its rank or face-up counters hold it
    /// (twice) still.
    pub(crate) fn take_mana(&mut self, zone: usize) -> Option<Mana> {
        let taken = self.mana.get_mut(zone)?.take()?;
        let bit = 1u8 << zone;
        let sources = &mut self.sources;
        sources.occupied &= !bit;
        let i = taken.card.index();
        let Some(of_rank) = sources.zones.get_mut(i / 4) else {
            sources.others &= !bit;
            return Some(taken);
        };
        *of_rank &= !bit;
        sources.zone_units -= 1 << (i / 4 * 4);
        let card_bit: CardMask = 1 << i;
        let counters = &sources.counters;
        let on_counters = if counters.doubled & card_bit != 0 {
            2
        } else {
            usize::from(counters.held & card_bit != 0)
        };
        self.mark_held(taken.card, on_counters);
        Some(taken)
    }

    /// Turns face down the first face-up counter showing the Mana card `card` (§24: paid),
    /// the sum updated: the card leaves the counters' list, unless another face-up counter
    /// shows it (its place in the list may move behind other cards': summed up again).
    pub(crate) fn pay_counter(&mut self, card: Card) {
        let Some(counter) = self
            .counters
            .iter_mut()
            .find(|c| c.face_up && c.card == card)
        else {
            return;
        };
        counter.face_up = false;
        if self.sources.counters.drop_single(card) {
            self.mark_held(card, 0);
        } else {
            self.refresh_sources();
        }
    }

    /// Turns the face-up Agent counter at `at` face down to use its ability (§18, HJ51): its
    /// identity stays among the Agents to flip only if another face-up counter shows it (the
    /// Mana sources are face-up Mana counters: unchanged).
    pub(crate) fn flip_agent_counter(&mut self, at: usize) {
        let Some(counter) = self.counters.get_mut(at) else {
            return;
        };
        counter.face_up = false;
        let card = counter.card;
        if card.index() < RANKS * 4 {
            // A Mana card (never flipped for an ability): summed up again.
            self.refresh_sources();
        } else if !self.counters.iter().any(|c| c.face_up && c.card == card) {
            self.sources.counters.agents &= !(1 << card.index());
        }
    }

    /// Takes back the counter dealt last (an Ace dealt as the losing counter is Redemption, HJ76).
    pub(crate) fn pop_counter(&mut self) {
        self.counters.pop();
        self.refresh_sources();
    }
}

impl State {
    /// [`Side::refresh_sources`] for every seat (after a determinisation rewrote face-down
    /// Mana cards).
    pub(crate) fn refresh_sources(&mut self) {
        for side in &mut self.sides {
            side.refresh_sources();
        }
    }
}

#[cfg(test)]
mod tests {
    use cards::GameRng;

    use super::FieldSources;
    use crate::options::Options;
    use crate::state::State;

    /// The sums kept up to date as the field changes (Mana zones and counters, Agent zones)
    /// are the sums made again from the field, at every ply of many random games played by
    /// `apply` and by `random_ply`.
    #[test]
    fn the_sums_kept_are_the_sums_made_again() {
        let options = Options::test_variety();
        let mut listed = Vec::new();
        let mut plies = 0;
        for options in &options {
            for seed in 0..100 {
                let mut state = State::new(options.clone(), seed);
                state.settle();
                let mut rng = GameRng::from_seed(seed);
                loop {
                    for side in &state.sides {
                        assert_eq!(side.sources, FieldSources::of(side), "ply {}", state.plies);
                        assert_eq!(side.agent_sum, side.agent_zones(), "ply {}", state.plies);
                    }
                    if seed % 2 == 0 {
                        state.legal_actions(&mut listed);
                        let Some(&action) = listed.get(rng.index(listed.len())) else {
                            break;
                        };
                        assert_eq!(state.apply(action), Ok(()));
                    } else {
                        match state.random_ply(&mut rng, &mut listed) {
                            Ok(0) => break,
                            Ok(_) => {}
                            Err((action, e)) => panic!("{action} refused: {e}"),
                        }
                    }
                    plies += 1;
                }
            }
        }
        assert!(plies > 100_000, "{plies}");
    }
}
