//! The legal actions of the seat to act, in the decision catalogue's order (HJ16), and
//! `apply`: an action decided by the rules (`rules.rs`), then the decisions that public
//! information settles (HJ17, HJ92) taken at once, for which the listing tells whether a
//! decision has a single option.
//!
//! The folder holds the listings: where a listing is written ([`sink`]), the Main decision's
//! magic actions from the seat's Mana sources ([`mana_sources`]), and the options of part 2's
//! decisions ([`magic_decisions`]).

pub(crate) mod magic_decisions;
pub(crate) mod mana_sources;
pub(crate) mod sink;

use cards::Seat;

use crate::error::ActionError;

use crate::legal::mana_sources::ManaSources;
use crate::legal::sink::{Sink, Sole};
use crate::table::action::{Action, Source};
use crate::table::card::{mask_cards, masks, CardMask};
use crate::table::field::Side;
use crate::table::phase::{Duel, Phase};
use crate::table::state::State;

type Result = std::result::Result<(), ActionError>;

impl State {
    /// Whether the Main decision has another option than *End turn* on public information
    /// alone; if not, the turn ends by itself (HJ92).
    ///
    /// The usual answers (*Go to combat*, HJ15; or, while Main actions are left, HJ18, an
    /// Agent to retire, one to summon, a card to set) are worked out together without a
    /// branch, then tested once: whether each holds varies from ply to ply too much to
    /// predict, while the answer is nearly always yes. A free Mana zone is read from the
    /// zones' sum, as the Main count reads it.
    #[inline(always)]
    fn main_is_asked(&self) -> bool {
        let side = self.side(self.turn_seat);
        let agents = &side.agent_sum;
        let hand = side.hand.mask();
        let combat = self.combat_allowed & (agents.untapped != 0);
        let left = self.main_actions_left();
        let usual = (agents.occupied != 0)
            | ((hand & masks::AGENTS != 0) & self.marks.hand.is_empty() & agents.has_free())
            | ((hand & masks::SETTABLE != 0) & side.sources.has_free_zone());
        if combat | (left & usual) {
            return true;
        }
        if !left {
            return false;
        }
        self.main_has_other_option()
    }

    /// Whether a summon (with its HJ23 marks) or a spell is offered: the rare case
    /// [`State::main_is_asked`] lists, kept out of line so that `settle` stays small.
    #[cold]
    #[inline(never)]
    fn main_has_other_option(&self) -> bool {
        let mut options = Sole::default();
        self.list_summons(&mut options);
        self.list_main_magic(self.turn_seat, &mut options);
        options.count > 0
    }

    /// Whether the turn seat can still attack (HJ15): an untapped Agent and an opponent.
    fn combat_goes_on(&self) -> bool {
        let seat = self.turn_seat;
        self.side(seat).agent_sum.untapped != 0
            && (0..self.players()).any(|i| self.is_opponent(seat, Seat(i as u8)))
    }

    /// Applies one action of the seat to act, or the host's clock input.
    pub fn apply(&mut self, action: Action) -> Result {
        if self.is_over() {
            return Err(ActionError::GameOver);
        }
        if let Action::Clock(seat) = action {
            self.clock(seat)?;
        } else {
            self.decide(action)?;
        }
        self.plies += 1;
        self.settle();
        Ok(())
    }

    /// Applies the decisions whose only option follows from public information (HJ17, HJ92),
    /// until a seat must decide or the game is over.
    #[inline(always)]
    pub fn settle(&mut self) {
        match self.phase {
            // The usual case, looked at in line: a Main decision that asks the seat.
            Phase::Main if self.main_is_asked() => return,
            // Decisions that always ask (none of them is settled, HJ17, HJ92): a set-up
            // reject, a declaration, a duel's, a payment's next source.
            Phase::Setup { .. }
            | Phase::Conjure { .. }
            | Phase::Intercept {
                target: Some(_), ..
            }
            | Phase::Duel(_)
            | Phase::Pay(_) => return,
            // Asked on their face: after a normal summon while a card can be drawn, a
            // Transmutation's pick between two kinds (`asks_two_options`), a block by a seat
            // with an untapped Agent.
            Phase::Summoned { .. } | Phase::Transmute { .. } if self.asks_two_options() => return,
            Phase::Block(attack) if self.side(attack.target).agent_sum.untapped != 0 => return,
            _ => {}
        }
        self.settle_rounds();
    }

    /// [`State::settle`]'s rounds, out of line.
    #[inline(never)]
    fn settle_rounds(&mut self) {
        // The phase is looked at once a round: the Main, Combat, Block and Valor decisions are
        // none of the magic decisions `settle_magic` settles, so a seat asked there decides.
        loop {
            match self.phase {
                Phase::Main => {
                    if self.main_is_asked() {
                        return;
                    }
                    self.end_turn();
                }
                Phase::Combat => {
                    if self.combat_goes_on() {
                        return;
                    }
                    self.end_turn();
                }
                Phase::Block(attack) => {
                    if self.side(attack.target).agent_sum.untapped != 0 {
                        return;
                    }
                    self.deal_counter(attack.target, Some(attack.attacker));
                    if !self.is_over() {
                        self.phase = Phase::Combat;
                    }
                }
                Phase::Valor(after) => {
                    if self.drawable() || !self.boneyard.is_empty() {
                        return;
                    }
                    self.finish_attack(after);
                }
                _ => {
                    if !self.settle_magic() {
                        return;
                    }
                }
            }
        }
    }

    /// Fills `out` with the legal actions of the seat to act: its decisions only. The host's
    /// clock input is not a seat's decision (HJ5): it is never listed, and `apply` takes it at
    /// any time in a timed game.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Setup { seat } => {
                out.extend(self.side(seat).hand.distinct().map(Action::Reject));
            }
            Phase::Main => self.main_actions(out),
            Phase::Combat => {
                let seat = self.turn_seat;
                for (zone, agent) in self.side(seat).agents.iter().enumerate() {
                    if agent.is_some_and(|a| !a.tapped) {
                        for target in (0..self.players()).map(|i| Seat(i as u8)) {
                            if self.is_opponent(seat, target) {
                                out.push(Action::Attack {
                                    zone: zone as u8,
                                    target,
                                });
                            }
                        }
                    }
                }
                out.push(Action::EndCombat);
            }
            Phase::Block(attack) => {
                for (zone, agent) in self.side(attack.target).agents.iter().enumerate() {
                    if agent.is_some_and(|a| !a.tapped) {
                        out.push(Action::Block(zone as u8));
                    }
                }
                out.push(Action::NoBlock);
            }
            Phase::Duel(ref duel) => self.duel_actions(duel, out),
            Phase::Valor(_) => {
                if self.drawable() {
                    out.push(Action::Draw);
                }
                out.extend(self.boneyard.distinct().map(Action::Salvage));
                out.push(Action::Decline);
            }
            Phase::Over => {}
            _ => self.list_magic(out),
        }
    }

    /// The Main decision's options (HJ16): the seat's Agent zones, then its Mana sources, are
    /// each summed up once for all the kinds of action that read them.
    fn main_actions(&self, out: &mut Vec<Action>) {
        let seat = self.turn_seat;
        let side = self.side(seat);
        let agents = side.agent_sum;
        if self.main_actions_left() {
            if agents.has_free() {
                self.list_summons_of(side, out);
            }
            let mut occupied = agents.occupied;
            while occupied != 0 {
                let zone = occupied.trailing_zeros() as u8;
                occupied &= occupied - 1;
                out.push(Action::Retire(zone));
            }
            let sources = ManaSources::of(side);
            if sources.has_free_zone() {
                // Pushed one by one: `extend` writes each action field by field.
                for card in side.hand.distinct_in(masks::SETTABLE) {
                    out.push(Action::Set(card));
                }
            }
            self.list_main_magic_of(seat, &sources, agents.archlord_suits, out);
        }
        if self.combat_allowed && agents.untapped != 0 {
            out.push(Action::Combat);
        }
        out.push(Action::EndTurn);
    }

    /// Normal and special summons (§5, HJ21, HJ23: a card summoned this turn is not summoned
    /// again).
    fn list_summons(&self, out: &mut impl Sink) {
        let side = self.side(self.turn_seat);
        if side.free_agent_zone().is_some() {
            self.list_summons_of(side, out);
        }
    }

    /// [`State::list_summons`] for the turn seat's `side`, one of whose Agent zones is free.
    #[inline]
    fn list_summons_of(&self, side: &Side, out: &mut impl Sink) {
        let summonable = self.summonable_agents(side);
        if self.summons_left > 0 {
            for card in mask_cards(summonable) {
                out.push(Action::Summon(card));
            }
        }
        for card in mask_cards(summonable) {
            out.push(Action::Special(card));
        }
    }

    /// The Agents in `side`'s hand held more often than they were summoned this turn (HJ23),
    /// as a mask: every Agent in hand unless a card summoned this turn came back (rare), so
    /// the marks are looked up only then.
    #[inline]
    pub(crate) fn summonable_agents(&self, side: &Side) -> CardMask {
        let mut agents = side.hand.mask() & masks::AGENTS;
        if !self.marks.hand.is_empty() {
            for card in self.marks.hand.distinct_in(agents) {
                if side.hand.count(card) <= self.marks.hand.count(card) {
                    agents &= !(1 << card.index());
                }
            }
        }
        agents
    }

    fn duel_actions(&self, duel: &Duel, out: &mut Vec<Action>) {
        let seat = duel.to_act();
        let side = self.side(seat);
        let aces = duel.qualifying_aces(self);
        if duel.doomed.is_some() {
            out.extend(side.hand.distinct_in(aces).map(Action::Retaliate));
            out.push(Action::Decline);
            return;
        }
        // The Mana the 13 Rule allows, as a mask: a zone's card in it is within the rule
        // (`Duel::within_thirteen`), and a counter's too (the face-up Mana counters, summed up).
        let allowed = duel.allowed_mana(duel.turn);
        for card in side.hand.distinct_in(allowed) {
            out.push(Action::Empower(Source::Hand(card)));
        }
        for (zone, mana) in side.mana.iter().enumerate() {
            if mana.is_some_and(|m| !m.tapped && allowed >> m.card.index() & 1 != 0) {
                out.push(Action::Empower(Source::Zone(zone as u8)));
            }
        }
        for card in mask_cards(side.sources.counters.held & allowed) {
            out.push(Action::Empower(Source::Counter(card)));
        }
        for card in side.hand.distinct_in(aces) {
            out.push(Action::Ace(card));
        }
        out.push(Action::Pass);
    }
}
