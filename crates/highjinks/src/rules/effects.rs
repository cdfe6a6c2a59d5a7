//! What an action does once its checks pass, shared by `decide` (`rules.rs`, which checks
//! first) and the random ply (`random_ply.rs`, whose count already guarantees what the checks
//! would find): a summon placed, a retire, a set, a spell's source banished before its
//! declaration, an attack, an unblocked attack, a Transmutation's salvage.

use cards::Seat;

use crate::error::ActionError;
use crate::rules::magic::Payment;
use crate::rules::missing;
use crate::table::action::Source;
use crate::table::card::Card;
use crate::table::field::Agent;
use crate::table::phase::{Attack, Phase};
use crate::table::state::State;

type Result<T = (), E = ActionError> = std::result::Result<T, E>;

/// What a decision does once its checks pass, shared by `decide` and the random ply's
/// `take_other`, which skips the checks its count guarantees.
impl State {
    /// §7 i, HJ25: the seat's Agent in `zone` attacks `target`: it taps and the target is asked
    /// to block. Refused with `EmptyZone`, changing nothing, when the zone holds no Agent; the
    /// other checks (an opponent, an untapped Agent) are the caller's.
    pub(crate) fn attack_with(&mut self, seat: Seat, zone: u8, target: Seat) -> Result {
        let side = self.side_mut(seat);
        let agent = side
            .agents
            .get_mut(usize::from(zone))
            .and_then(Option::as_mut)
            .ok_or(ActionError::EmptyZone)?;
        agent.tapped = true;
        side.agent_sum.untapped &= !(1 << zone);
        self.phase = Phase::Block(Attack {
            attacker: seat,
            zone,
            target,
        });
        Ok(())
    }

    /// §8: an unblocked attacker deals a Damage Counter, dealt by the attacking seat; combat
    /// goes on unless that ended the game.
    pub(crate) fn unblocked(&mut self, attack: Attack) {
        self.deal_counter(attack.target, Some(attack.attacker));
        if !self.is_over() {
            self.phase = Phase::Combat;
        }
    }

    /// HJ60: a Transmutation's pick salvages `card` from the Boneyard (refused, changing
    /// nothing, if the Boneyard does not hold it).
    pub(crate) fn salvage_picked(
        &mut self,
        seat: Seat,
        card: Card,
        picks: u8,
        then: crate::table::phase::Then,
    ) -> Result {
        if !self.boneyard.remove(card) {
            return missing(card);
        }
        self.give_publicly(seat, card);
        self.picked(picks, then);
        Ok(())
    }

    /// §5, HJ9, HJ21: a checked summon puts the Agent from hand into Agent zone `zone`
    /// (tapped if special), marked as summoned this turn (HJ23).
    pub(crate) fn place_summoned(&mut self, seat: Seat, card: Card, zone: usize, special: bool) {
        let side = self.side_mut(seat);
        if let Some(slot) = side.agents.get_mut(zone) {
            *slot = Some(Agent {
                card,
                tapped: special,
                scars: 0,
            });
        }
        // A new Agent has no scars: no Archlord suit to add.
        side.agent_sum.occupied |= 1 << zone;
        if !special {
            side.agent_sum.untapped |= 1 << zone;
        }
        self.take_from_hand(seat, card);
        self.marks.zones |= 1 << zone;
    }

    /// §5, HJ20: the Main action *Retire*: the Agent in `zone` goes to the Bench (not
    /// defeated: no ability) for one more normal summon this turn. Refused, changing nothing,
    /// if the zone is empty.
    pub(crate) fn retire(&mut self, seat: Seat, zone: u8) -> Result<(), ActionError> {
        let side = self.side_mut(seat);
        let slot = side
            .agents
            .get_mut(usize::from(zone))
            .ok_or(ActionError::EmptyZone)?;
        let agent = slot.take().ok_or(ActionError::EmptyZone)?;
        // The zone is free: only an Archlord's leaving can change the Archlord suits.
        let bit = 1u8 << zone;
        side.agent_sum.occupied &= !bit;
        side.agent_sum.untapped &= !bit;
        if agent.is_archlord() {
            side.agent_sum.archlord_suits = side.archlord_suits();
        }
        self.bench.push(agent.card);
        // HJ23: a card summoned this turn keeps its mark on the Bench.
        if self.marks.zones & bit != 0 {
            self.marks.zones &= !bit;
            if let Some(place) = self.bench.len().checked_sub(1).filter(|&p| p < 64) {
                self.marks.bench |= 1 << place;
            }
        }
        self.summons_left = self.summons_left.saturating_add(1);
        self.main_actions += 1;
        Ok(())
    }

    /// §6, §13, HJ24: the Main action *Set*, checked but for the card: `card` from hand face
    /// down into the free Mana zone `zone`. Refused, changing nothing, if the hand lacks it.
    pub(crate) fn set_mana(
        &mut self,
        seat: Seat,
        card: Card,
        zone: usize,
    ) -> Result<(), ActionError> {
        let side = self.side_mut(seat);
        if !side.hand.remove(card) {
            return missing(card);
        }
        side.set_into(zone, card);
        self.set_face_down(seat, zone);
        self.main_actions += 1;
        Ok(())
    }

    /// §14, §15: Conjuration's or Interception's checked source banished; the caster's
    /// declaration (`phase`) comes next.
    pub(crate) fn cast_declaring(&mut self, seat: Seat, source: Source, phase: Phase) {
        self.pay(seat, &[source], Payment::Banish);
        self.phase = phase;
    }
}
