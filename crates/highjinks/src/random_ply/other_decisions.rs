//! The decisions outside Main that a random ply counts instead of listing (`random_ply.rs`):
//! the commonest ones whose options follow from a few masks. Each is counted as
//! `legal_actions` lists it (`list_magic` in `legal/magic_decisions.rs`, the Combat and Block
//! arms in `legal.rs`), and the action at the index drawn is built alone from the masks
//! counted.

use cards::Seat;

use crate::error::ActionError;
use crate::random_ply::main_decision::{agents_in, nth_bit, ones8};
use crate::table::action::{Ability, Action};
use crate::table::card::{mask_cards, Card, CardMask};
use crate::table::phase::{Duel, Phase};
use crate::table::state::State;

impl State {
    /// How many actions the decision offers, if it is one a random ply counts (after a normal
    /// summon, Conjuration's and Interception's declarations, a Transmutation's pick, Combat,
    /// Block); `None` for the others, which it lists.
    #[inline(always)]
    pub(crate) fn count_other(&self) -> Option<usize> {
        let seat = self.turn_seat;
        Some(match self.phase {
            // §5, §18, HJ19: *Draw* while a card can be drawn, the summoned Agent's abilities
            // with their targets, *Decline*.
            Phase::Summoned { agent } => {
                usize::from(self.drawable()) + self.count_abilities(seat, agent) + 1
            }
            // §14, HJ40: every identity but the 6 banished.
            Phase::Conjure { six } => Card::COUNT - usize::from(six.index() < Card::COUNT),
            // §15, HJ42: every identity, once the target is named.
            Phase::Intercept {
                target: Some(_), ..
            } => Card::COUNT,
            // HJ60: *Draw* while a card can be drawn, each identity in the Boneyard, each on
            // the Bench.
            Phase::Transmute { .. } => {
                usize::from(self.drawable())
                    + self.boneyard.mask().count_ones() as usize
                    + agents_in(self.bench_identities())
            }
            // §7 i, HJ25: each untapped Agent against each opponent, then *End combat*.
            Phase::Combat => {
                let attackers = ones8(self.side(seat).agent_sum.untapped) as usize;
                attackers * self.opponents(seat).count_ones() as usize + 1
            }
            // §7 ii, HJ27: each untapped Agent of the seat attacked, then *No block*.
            Phase::Block(attack) => ones8(self.side(attack.target).agent_sum.untapped) as usize + 1,
            _ => return None,
        })
    }

    /// The action at `index` of the listing of a decision [`State::count_other`] counts
    /// (`None`, never, past its end).
    #[inline(always)]
    pub(crate) fn other_action_at(&self, index: usize) -> Option<Action> {
        let seat = self.turn_seat;
        match self.phase {
            Phase::Combat => {
                let opponents = self.opponents(seat);
                let per_attacker = opponents.count_ones() as usize;
                let untapped = u64::from(self.side(seat).agent_sum.untapped);
                match (
                    index.checked_div(per_attacker),
                    index.checked_rem(per_attacker),
                ) {
                    (Some(attacker), Some(target)) if attacker < untapped.count_ones() as usize => {
                        let zone = nth_bit(untapped, attacker)?;
                        let target = nth_bit(u64::from(opponents), target)?;
                        Some(Action::Attack {
                            zone,
                            target: Seat(target),
                        })
                    }
                    _ => Some(Action::EndCombat),
                }
            }
            Phase::Block(attack) => {
                let untapped = u64::from(self.side(attack.target).agent_sum.untapped);
                Some(nth_bit(untapped, index).map_or(Action::NoBlock, Action::Block))
            }
            // Every identity from the 2, skipping the 6 banished (`DECLARE_ALL` split at it).
            Phase::Conjure { six } => {
                let skip = usize::from(index >= six.index());
                Card::ALL.get(index + skip).copied().map(Action::Declare)
            }
            Phase::Intercept {
                target: Some(_), ..
            } => Card::ALL.get(index).copied().map(Action::Declare),
            Phase::Transmute { .. } => {
                let mut index = index;
                if self.drawable() {
                    if index == 0 {
                        return Some(Action::Draw);
                    }
                    index -= 1;
                }
                let boneyard = self.boneyard.mask();
                let salvages = boneyard.count_ones() as usize;
                if index < salvages {
                    return mask_cards(boneyard).nth(index).map(Action::Salvage);
                }
                mask_cards(self.bench_identities())
                    .nth(index - salvages)
                    .map(Action::Recruit)
            }
            Phase::Summoned { agent } => {
                let mut index = index;
                if self.drawable() {
                    if index == 0 {
                        return Some(Action::Draw);
                    }
                    index -= 1;
                }
                self.nth_ability(seat, agent, index)
                    .or(Some(Action::Decline))
            }
            _ => None,
        }
    }

    /// The ability at `index` of those `list_abilities` lists for `agent`, summoned by `seat`
    /// (see [`State::count_abilities`]), wrapped as the summon's ability; `None` past them.
    #[inline]
    fn nth_ability(&self, seat: Seat, agent: Card, index: usize) -> Option<Action> {
        let mut index = index;
        if State::grants(agent, Ability::Justice { seat, zone: 0 }) {
            let mut opponents = self.opponents(seat);
            while opponents != 0 {
                let target = Seat(opponents.trailing_zeros() as u8);
                opponents &= opponents - 1;
                let zones = self.side(target).sources.occupied;
                let count = ones8(zones) as usize;
                if index < count {
                    let zone = nth_bit(u64::from(zones), index)?;
                    return Some(Action::Ability(Ability::Justice { seat: target, zone }));
                }
                index -= count;
            }
        }
        if State::grants(agent, Ability::Lust(agent)) {
            let bench = self.bench_identities();
            let count = agents_in(bench);
            if index < count {
                let card = mask_cards(bench).nth(index)?;
                return Some(Action::Ability(Ability::Lust(card)));
            }
            index -= count;
        }
        if State::grants(agent, Ability::Fortune(agent)) {
            let boneyard = self.boneyard.mask();
            let card = mask_cards(boneyard).nth(index)?;
            return Some(Action::Ability(Ability::Fortune(card)));
        }
        None
    }

    /// Takes an action a counted decision offers (`other_action_at` built it), as `decide`
    /// does once its checks pass: the checks the count guaranteed are not repeated (each named
    /// below). The rarer actions (a recruit) go through `decide`, checks and all; so does an
    /// Agent whose zone the count guaranteed but is not found (never: it refuses it as `apply`
    /// would).
    #[inline(always)]
    pub(crate) fn take_other(&mut self, action: Action) -> Result<(), ActionError> {
        let seat = self.turn_seat;
        match (&self.phase, action) {
            // §5, §18, HJ19: *Draw* is offered only while a card can be drawn (`drawable`).
            (Phase::Summoned { .. }, Action::Draw) => {
                self.draw(seat);
                self.phase = Phase::Main;
            }
            // HJ48–HJ50: only the abilities the Agent grants, with targets that are there
            // (`grants`, `ability_target_ok`).
            (Phase::Summoned { .. }, Action::Ability(ability)) => {
                self.use_ability(seat, ability);
                self.phase = Phase::Main;
            }
            (Phase::Summoned { .. }, Action::Decline) => self.phase = Phase::Main,
            // §14, §15, HJ40, HJ42: a declaration is checked where it is taken.
            (&Phase::Conjure { six }, Action::Declare(card)) => {
                self.declare_conjured(seat, six, card)?;
            }
            (
                &Phase::Intercept {
                    seven,
                    target: Some(target),
                },
                Action::Declare(card),
            ) => self.declare_intercepted(seat, seven, target, card),
            // HJ60: *Draw* only while a card can be drawn; a salvage of a card the Boneyard
            // holds (removing it is the check).
            (&Phase::Transmute { picks, then }, Action::Draw) => {
                self.draw(seat);
                self.picked(picks, then);
            }
            (&Phase::Transmute { picks, then }, Action::Salvage(card)) => {
                self.salvage_picked(seat, card, picks, then)?;
            }
            // §7 i, HJ25, HJ26: an untapped Agent of the seat against an opponent
            // (`is_opponent`, the tapped check).
            (Phase::Combat, Action::Attack { zone, target }) => {
                self.attack_with(seat, zone, target)?;
            }
            (Phase::Combat, Action::EndCombat) => self.end_turn(),
            // §7 ii, HJ27: an untapped Agent of the seat attacked (the zone and tapped checks).
            (&Phase::Block(attack), Action::Block(zone)) => {
                self.phase = Phase::Duel(Duel::new(self, attack, zone));
            }
            // §8: an unblocked attacker deals a Damage Counter.
            (&Phase::Block(attack), Action::NoBlock) => self.unblocked(attack),
            _ => self.decide(action)?,
        }
        Ok(())
    }

    /// The opponents of `seat` (HJ37), a bit per seat.
    #[inline]
    fn opponents(&self, seat: Seat) -> u8 {
        let mut opponents = 0;
        for target in self.seats() {
            if self.is_opponent(seat, target) {
                opponents |= 1 << target.0;
            }
        }
        opponents
    }

    /// How many abilities `agent`, summoned by `seat`, offers with their targets, as
    /// `list_abilities` lists them: Justice each occupied Mana zone of each opponent, Lust each
    /// identity on the Bench, Fortune each in the Boneyard (§18, §20, HJ48–HJ50).
    #[inline]
    fn count_abilities(&self, seat: Seat, agent: Card) -> usize {
        let mut count = 0;
        if State::grants(agent, Ability::Justice { seat, zone: 0 }) {
            let mut opponents = self.opponents(seat);
            while opponents != 0 {
                let target = Seat(opponents.trailing_zeros() as u8);
                opponents &= opponents - 1;
                count += ones8(self.side(target).sources.occupied) as usize;
            }
        }
        if State::grants(agent, Ability::Lust(agent)) {
            count += agents_in(self.bench_identities());
        }
        if State::grants(agent, Ability::Fortune(agent)) {
            count += self.boneyard.mask().count_ones() as usize;
        }
        count
    }

    /// The identities on the Bench (Agents only).
    #[inline]
    fn bench_identities(&self) -> CardMask {
        let mut bench: CardMask = 0;
        for &card in &self.bench {
            bench |= 1 << card.index();
        }
        bench
    }
}

#[cfg(test)]
#[path = "other_decisions_tests.rs"]
mod tests;
