//! A seat's Mana zones and Damage Counters changed (a card set, paid or taken; a counter
//! dealt, paid, flipped or taken back), with their sums (`mana_sums.rs`) kept up to date.

use crate::table::card::{Card, CardMask};
use crate::table::field::{Counter, Mana, Side};
use crate::table::mana_sums::{CounterSources, FieldSources, RANKS};
use crate::table::state::State;

impl CounterSources {
    /// The face-up counters of `side`.
    fn of(side: &Side) -> CounterSources {
        let mut out = CounterSources::NONE;
        for c in side.counters.iter().filter(|c| c.face_up) {
            out.add(c.card);
        }
        out
    }
}

impl FieldSources {
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
    use crate::table::options::Options;
    use crate::table::state::State;

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
