//! Who decides now, and what the turn still allows on its face: the seat to act, whether Main
//! actions are left (HJ18), whether *Go to combat* is offered (HJ15), whether a clock input is
//! taken (HJ93).

use cards::Seat;

use crate::table::phase::Phase;
use crate::table::state::State;

impl State {
    /// The seat that decides now, `None` once the game is over.
    pub fn to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Setup { seat } => Some(seat),
            Phase::Main
            | Phase::Summoned { .. }
            | Phase::Combat
            | Phase::Conjure { .. }
            | Phase::Intercept { .. }
            | Phase::Transmute { .. }
            | Phase::Inflict { .. }
            | Phase::Restore { .. }
            | Phase::Evoke { .. }
            | Phase::EvokeTake { .. }
            | Phase::Quad(_)
            | Phase::Pay(_) => Some(self.turn_seat),
            Phase::Block(attack) => Some(attack.target),
            Phase::Duel(duel) => Some(duel.to_act()),
            Phase::Valor(after) => Some(if after.victor == 0 {
                after.attack.attacker
            } else {
                after.attack.target
            }),
            Phase::Over => None,
        }
    }

    /// Whether the turn seat may still take top-level Main actions (HJ18, HJ99).
    pub fn main_actions_left(&self) -> bool {
        self.main_actions < self.options.max_main_actions
    }

    /// Whether *Go to combat* is offered (HJ15): combat allowed this turn and an untapped Agent.
    pub fn may_go_to_combat(&self) -> bool {
        self.combat_allowed && self.side(self.turn_seat).agent_sum.untapped != 0
    }

    /// Whether a clock input can be taken now: after set-up, before the end (HJ93).
    pub fn clock_open(&self) -> bool {
        !matches!(self.phase, Phase::Setup { .. } | Phase::Over)
    }
}
