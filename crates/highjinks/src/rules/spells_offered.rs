//! Which spells are offered (HJ63, HJ97, HJ98): a spell is offered only if it could act once
//! its cost is paid, judged from what the table holds for it (a card to draw, the Boneyard, a
//! seat to burn, a counter to heal). The listings and the rules' checks both ask here.

use cards::Seat;

use crate::table::action::{Source, Spell};
use crate::table::phase::Then;
use crate::table::state::State;

impl State {
    /// HJ63, HJ97, HJ98: whether a spell could do something, judged once its cost `pay` is
    /// paid (a four of a kind's spells are paid already).
    pub(crate) fn offers_spell(
        &self,
        seat: Seat,
        spell: Spell,
        pay: &[Source],
        quad: Then,
    ) -> bool {
        let banishes = pay.iter().any(|s| !matches!(s, Source::Counter(_)));
        self.offers_spell_after(seat, spell, banishes, quad)
    }

    /// [`State::offers_spell`], once a cost that `banishes` a hand or zone card (to the Void,
    /// where it can be drawn) or not is paid.
    pub(crate) fn offers_spell_after(
        &self,
        seat: Seat,
        spell: Spell,
        banishes: bool,
        quad: Then,
    ) -> bool {
        self.spell_targets(seat, quad).offer(spell, banishes)
    }

    /// [`State::offers_spell_after`] for each spell (index `spell as usize`) of a Main action
    /// (no four of a kind), after a payment that banishes a card (index 1) or not (index 0):
    /// what the six judgements read of the table is read once.
    pub(crate) fn spells_offered(&self, seat: Seat) -> [[bool; Spell::ALL.len()]; 2] {
        let targets = self.spell_targets(seat, None);
        [false, true].map(|banishes| Spell::ALL.map(|spell| targets.offer(spell, banishes)))
    }

    /// What the table holds for a Binary Spell of `seat` to act on.
    fn spell_targets(&self, seat: Seat, quad: Then) -> SpellTargets {
        SpellTargets {
            drawable: self.drawable(),
            boneyard: !self.boneyard.is_empty(),
            burnable: self.any_burnable(seat, quad),
            healable: self.table.holding != 0,
        }
    }

    /// Whether some seat may be burned by `seat` now ([`State::may_burn`]): of the seats still
    /// in the game with fewer than five counters (summed up), an opponent not burned yet this
    /// turn (or by this four of a kind).
    fn any_burnable(&self, seat: Seat, quad: Then) -> bool {
        let mut candidates =
            self.table.below_five & !1u8.checked_shl(u32::from(seat.0)).unwrap_or(0);
        while candidates != 0 {
            let target = Seat(candidates.trailing_zeros() as u8);
            candidates &= candidates - 1;
            if !self.burned.contains(target) || quad.is_some_and(|q| q.burned.contains(target)) {
                return true;
            }
        }
        false
    }
}

/// What the table holds for a Binary Spell to act on, read once for all the spells a listing
/// weighs (§21, HJ97: a spell is offered only if it could act once paid).
struct SpellTargets {
    /// A card can be drawn (Deck or Void) before the payment.
    drawable: bool,
    /// The Boneyard holds a card.
    boneyard: bool,
    /// Some seat may take a Damage Counter from the caster's Infliction.
    burnable: bool,
    /// Some seat still in the game holds a Damage Counter.
    healable: bool,
}

impl SpellTargets {
    /// Whether `spell` could act once a payment that `banishes` a card (to the Void) or not is
    /// made.
    fn offer(&self, spell: Spell, banishes: bool) -> bool {
        let drawable = self.drawable || banishes;
        match spell {
            Spell::Transmutation => drawable || self.boneyard,
            Spell::Infliction => drawable && self.burnable,
            Spell::Restoration => self.healable,
        }
    }
}
