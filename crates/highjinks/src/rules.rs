//! `decide`: one arm per decision of the catalogue (HJ16), each naming the rule it implements.
//! Every arm checks the action in full before it changes anything, so a refused action leaves
//! the state exactly as it was.
//!
//! The folder holds what the arms reach: duels ([`duel`]), the magic of part 2 ([`magic`]),
//! Damage Counters and elimination ([`counters`]), the Deck ([`deck`]), a turn's start and end
//! ([`turns`]), who decides now ([`to_act`]), which spells are offered ([`spells_offered`]),
//! and the effects the random ply shares once its count stands for the checks
//! ([`effects`]). The rules read and change the table and keep what the seats know up to date;
//! they list no action.

pub(crate) mod counters;
pub(crate) mod deck;
pub(crate) mod duel;
pub(crate) mod effects;
pub(crate) mod magic;
pub(crate) mod payment;
pub(crate) mod spells_offered;
pub(crate) mod to_act;
pub(crate) mod turns;

use cards::Seat;

use crate::error::ActionError;
use crate::table::action::{Action, Source};
use crate::table::card::{Card, Kind};
use crate::table::options::REJECTS;
use crate::table::phase::{Attack, Cost, Duel, Phase};
use crate::table::sizes::{AGENT_ZONES, MANA_ZONES};
use crate::table::state::State;

type Result = std::result::Result<(), ActionError>;

fn forbidden(why: &'static str) -> Result {
    Err(ActionError::Forbidden(why))
}

pub(crate) fn missing(card: Card) -> Result {
    Err(ActionError::NoSuchCard(card.to_string()))
}

impl State {
    pub(crate) fn decide(&mut self, action: Action) -> Result {
        let seat = self.turn_seat;
        // The phase is matched by reference (a duel's is large); bindings are copied out.
        match (&self.phase, action) {
            // §27, HJ78: each seat in turn rejects three of its nine cards, one at a time.
            (&Phase::Setup { seat }, Action::Reject(card)) => {
                let side = self.side_mut(seat);
                if !side.hand.remove(card) {
                    return missing(card);
                }
                side.rejects.add(card);
                if side.rejects.len() == REJECTS {
                    let next = Seat(seat.0 + 1);
                    if next.index() < self.players() {
                        self.phase = Phase::Setup { seat: next };
                    } else {
                        self.reveal_rejects();
                    }
                }
            }
            // §5, HJ20, HJ22: a normal summon, into the lowest free Agent zone, untapped.
            (Phase::Main, Action::Summon(card)) => {
                self.check_main_action()?;
                if self.summons_left == 0 {
                    return forbidden(
                        "no normal summon left this turn (retire an Agent for another)",
                    );
                }
                self.summon(seat, card, false)?;
                self.summons_left -= 1;
                self.main_actions += 1;
                self.phase = Phase::Summoned { agent: card };
            }
            // §5, HJ21: a special summon enters tapped and gives no draw.
            (Phase::Main, Action::Special(card)) => {
                self.main_action(|s| s.summon(seat, card, true))?;
            }
            // §5, HJ20: retiring sends the Agent to the Bench (not defeated: no ability) for
            // one more normal summon this turn.
            (Phase::Main, Action::Retire(zone)) => {
                self.check_main_action()?;
                self.retire(seat, zone)?;
            }
            // §6, §13, HJ24: set a Mana card 3–10 face down in the lowest free Mana zone.
            (Phase::Main, Action::Set(card)) => {
                self.check_main_action()?;
                if !card.is_settable() {
                    return forbidden("only Mana cards 3–10 can be set (never a deuce or an Ace)");
                }
                let zone = self
                    .side(seat)
                    .free_mana_zone()
                    .ok_or(ActionError::Forbidden("every Mana zone is occupied"))?;
                self.set_mana(seat, card, zone)?;
            }
            // §7, §27, HJ15: the optional Combat Phase.
            (Phase::Main, Action::Combat) => {
                if !self.may_go_to_combat() {
                    return forbidden("combat needs an untapped Agent, and not the first turn (unless the dealer's)");
                }
                self.phase = Phase::Combat;
            }
            // §12: the End Phase.
            (Phase::Main, Action::EndTurn) => self.end_turn(),
            // §14, HJ40: banish a 6 to cast Conjuration.
            (Phase::Main, Action::Conjure(source)) => {
                self.main_action(|s| s.conjure(seat, source))?;
            }
            // §15, HJ42: banish a 7 to cast Interception.
            (Phase::Main, Action::Intercept(source)) => {
                self.main_action(|s| s.intercept(seat, source))?;
            }
            // §21, HJ59–HJ63: a Binary Spell announced, paid by a pair named source by source.
            (Phase::Main, Action::Cast(spell)) => {
                self.main_action(|s| s.announce(seat, Cost::Pair(spell)))?;
            }
            // §22, HJ64: a straight announced, discarded source by source to draw 3.
            (Phase::Main, Action::Straight) => {
                self.main_action(|s| s.announce(seat, Cost::Straight))?;
            }
            // §23, HJ68: four of a kind announced, banished source by source to cast each
            // Binary Spell twice.
            (Phase::Main, Action::Quad) => {
                self.main_action(|s| s.announce(seat, Cost::Quad))?;
            }
            // §21–§23, HJ59: the next source of the payment announced; the last completes it.
            (&Phase::Pay(paying), Action::Pay(source)) => self.pay_next(seat, paying, source)?,
            // §25, HJ72, HJ96: the Archlord's Binary Spell, once a turn.
            (Phase::Main, Action::Archlord { pay, spell }) => {
                self.main_action(|s| s.archlord(seat, pay, spell))?;
            }
            // §18, HJ51: flip a face-up Agent Damage Counter to use its ability.
            (Phase::Main, Action::Flip { counter, ability }) => {
                self.main_action(|s| s.flip(seat, counter, ability))?;
            }
            // §5, §18, HJ19: after a normal summon, draw a card, use the ability, or decline.
            (Phase::Summoned { .. }, Action::Draw) => {
                if !self.drawable() {
                    return forbidden("no card can be drawn");
                }
                self.draw(seat);
                self.phase = Phase::Main;
            }
            // §18, §20, HJ48–HJ50: the summoned Agent's ability (a Joker's: any one).
            (&Phase::Summoned { agent }, Action::Ability(ability)) => {
                if !State::grants(agent, ability) {
                    return forbidden(
                        "that Agent does not have that ability (J Justice, Q Lust, K Fortune)",
                    );
                }
                if !self.ability_target_ok(seat, ability) {
                    return forbidden("that ability has no such target");
                }
                self.use_ability(seat, ability);
                self.phase = Phase::Main;
            }
            (Phase::Summoned { .. }, Action::Decline) => self.phase = Phase::Main,
            // §14, HJ40, HJ41, HJ100: Conjuration's declaration.
            (&Phase::Conjure { six }, Action::Declare(card)) => {
                self.declare_conjured(seat, six, card)?;
            }
            // §15, HJ42: Interception's target, then its declaration.
            (
                &Phase::Intercept {
                    seven,
                    target: None,
                },
                Action::Target(target),
            ) => {
                if !self.is_opponent(seat, target) {
                    return Err(ActionError::NotAnOpponent(target));
                }
                self.phase = Phase::Intercept {
                    seven,
                    target: Some(target),
                };
            }
            (
                &Phase::Intercept {
                    seven,
                    target: Some(target),
                },
                Action::Declare(card),
            ) => self.declare_intercepted(seat, seven, target, card),
            // HJ60: Transmutation's picks: draw, salvage or recruit.
            (&Phase::Transmute { picks, then }, Action::Draw) => {
                if !self.drawable() {
                    return forbidden("no card can be drawn");
                }
                self.draw(seat);
                self.picked(picks, then);
            }
            (&Phase::Transmute { picks, then }, Action::Salvage(card)) => {
                self.salvage_picked(seat, card, picks, then)?;
            }
            (&Phase::Transmute { picks, then }, Action::Recruit(card)) => {
                if !self.bench.contains(&card) {
                    return missing(card);
                }
                self.recruit(seat, card);
                self.picked(picks, then);
            }
            // HJ61: Infliction burns an opponent.
            (&Phase::Inflict { then }, Action::Burn(target)) => self.burn(seat, target, then)?,
            // HJ62: Restoration heals a Damage Counter.
            (
                &Phase::Restore { then },
                Action::Heal {
                    seat: owner,
                    card,
                    face_up,
                },
            ) => self.heal(seat, owner, card, face_up, then)?,
            // HJ65, HJ66: evoke by banishing a card of the straight, or decline.
            (&Phase::Evoke { discarded }, Action::Evoke(card)) => {
                self.evoke(seat, discarded, card)?;
            }
            (Phase::Evoke { .. }, Action::Decline) => self.phase = Phase::Main,
            (&Phase::EvokeTake { suit }, Action::Take(card)) => {
                self.take_evoked(seat, suit, card)?;
            }
            // HJ68: four of a kind's next spell, or stop.
            (&Phase::Quad(quad), Action::Next(spell)) => self.quad_next(seat, quad, spell)?,
            (Phase::Quad(_), Action::Stop) => self.phase = Phase::Main,
            // §7 i, HJ25, HJ26: attack any opponent with an untapped Agent, which taps.
            (Phase::Combat, Action::Attack { zone, target }) => {
                if !self.is_opponent(seat, target) {
                    return Err(ActionError::NotAnOpponent(target));
                }
                let attacker = self
                    .side(seat)
                    .agents
                    .get(usize::from(zone))
                    .copied()
                    .flatten()
                    .ok_or(ActionError::EmptyZone)?;
                if attacker.tapped {
                    return forbidden("a tapped Agent cannot attack");
                }
                self.attack_with(seat, zone, target)?;
            }
            (Phase::Combat, Action::EndCombat) => self.end_turn(),
            // §7 ii, HJ4, HJ27: block with an untapped Agent (it does not tap).
            (&Phase::Block(attack), Action::Block(zone)) => {
                let blocker = self
                    .side(attack.target)
                    .agents
                    .get(usize::from(zone))
                    .copied()
                    .flatten()
                    .ok_or(ActionError::EmptyZone)?;
                if blocker.tapped {
                    return forbidden("a tapped Agent cannot block");
                }
                self.phase = Phase::Duel(Duel::new(self, attack, zone));
            }
            // §8: an unblocked attacker deals a Damage Counter, dealt by the attacking seat.
            (&Phase::Block(attack), Action::NoBlock) => self.unblocked(attack),
            (&Phase::Duel(duel), action) => self.duel_action(duel, action)?,
            // §19, HJ54: Valor — draw, salvage or decline; then Ruin and the scars (HJ53).
            (&Phase::Valor(after), Action::Draw) => {
                if !self.drawable() {
                    return forbidden("no card can be drawn");
                }
                let victor = self.valor_seat(after.victor, after.attack);
                self.draw(victor);
                self.finish_attack(after);
            }
            (&Phase::Valor(after), Action::Salvage(card)) => {
                if !self.boneyard.remove(card) {
                    return missing(card);
                }
                let victor = self.valor_seat(after.victor, after.attack);
                self.give_publicly(victor, card);
                self.finish_attack(after);
            }
            (&Phase::Valor(after), Action::Decline) => self.finish_attack(after),
            (phase, action) => {
                return Err(ActionError::WrongDecision {
                    action: action.to_string(),
                    waiting: phase.waiting(),
                })
            }
        }
        Ok(())
    }

    /// One duel action (§9, §13, §16, HJ30, HJ31, HJ45).
    fn duel_action(&mut self, mut duel: Duel, action: Action) -> Result {
        let seat = duel.to_act();
        match (duel.doomed, action) {
            // §9, HJ31: empower with one Mana card from hand, zone or face-up counter.
            (None, Action::Empower(source)) => {
                let me = duel.turn;
                let card = self.empowering_card(seat, source)?;
                if !duel.within_thirteen(me, card) {
                    return forbidden(
                        "the 13 Rule: the Mana used may not exceed 13 (deuces aside)",
                    );
                }
                self.spend(seat, source, card);
                duel.empower(self, me, card, source);
                duel.passed = false;
                self.phase = Phase::Duel(duel);
            }
            // §16, HJ43, HJ44: an Ace of either Agent's suit from hand defeats the other Agent.
            (None, Action::Ace(card)) => {
                self.check_ace(&duel, seat, card)?;
                self.banish_from_hand(seat, card);
                duel.doomed = Some(1 - duel.turn);
                duel.passed = false;
                self.phase = Phase::Duel(duel);
            }
            // HJ30: a pass hands the duel turn over; a pass after a pass ends the duel.
            (None, Action::Pass) => {
                if duel.passed {
                    let loser = duel.loser(self);
                    self.end_duel(duel, loser);
                } else {
                    duel.passed = true;
                    duel.turn = 1 - duel.turn;
                    self.phase = Phase::Duel(duel);
                }
            }
            // §16, HJ45: retaliation turns the Ace chain on the other Agent.
            (Some(doomed), Action::Retaliate(card)) => {
                self.check_ace(&duel, seat, card)?;
                self.banish_from_hand(seat, card);
                duel.doomed = Some(1 - doomed);
                self.phase = Phase::Duel(duel);
            }
            // HJ45, HJ46: the chain ends; the Agent named by the last Ace is defeated.
            (Some(doomed), Action::Decline) => self.end_duel(duel, Some(doomed)),
            (_, action) => {
                return Err(ActionError::WrongDecision {
                    action: action.to_string(),
                    waiting: self.phase.waiting(),
                })
            }
        }
        Ok(())
    }

    /// The host's clock input (§29, HJ83, HJ93): one Damage Counter to a remaining seat of a
    /// timed game; a loss this way discards the hand, and ends whatever it interrupts.
    pub(crate) fn clock(&mut self, seat: Seat) -> Result {
        if !self.options.timed {
            return Err(ActionError::Clock("the game is not timed"));
        }
        if !self.clock_open() {
            return Err(ActionError::Clock("not during set-up"));
        }
        if !self.remains(seat) {
            return Err(ActionError::Clock("the seat is not in the game"));
        }
        if !self.drawable() {
            return Err(ActionError::Clock(
                "no card can be dealt (HJ81): it would change nothing",
            ));
        }
        self.deal_counter(seat, None);
        if self.is_over() || self.remains(seat) {
            return Ok(());
        }
        // HJ75, HJ93: an eliminated seat's part lapses.
        let involved = match self.phase {
            Phase::Block(a) => a.attacker == seat || a.target == seat,
            Phase::Duel(d) => d.attack.attacker == seat || d.attack.target == seat,
            Phase::Valor(v) => v.attack.attacker == seat || v.attack.target == seat,
            _ => false,
        };
        if seat == self.turn_seat {
            self.end_turn();
        } else if involved {
            self.phase = Phase::Combat;
        } else if matches!(self.phase, Phase::Intercept { target: Some(t), .. } if t == seat) {
            // The Interception's target is out: the declaration lapses (the 7 stays paid).
            self.phase = Phase::Main;
        }
        Ok(())
    }

    /// A top-level Main action of part 2: checked against the bound (HJ18), taken, counted
    /// (HJ99).
    fn main_action(&mut self, take: impl FnOnce(&mut Self) -> Result) -> Result {
        self.check_main_action()?;
        take(self)?;
        self.main_actions += 1;
        Ok(())
    }

    fn check_main_action(&self) -> Result {
        if self.main_actions_left() {
            Ok(())
        } else {
            forbidden("the Main Phase action limit is reached: go to combat or end the turn")
        }
    }

    /// §5, HJ9, HJ21: an Agent from hand to the lowest free Agent zone.
    fn summon(&mut self, seat: Seat, card: Card, special: bool) -> Result {
        if card.kind() != Kind::Agent {
            return forbidden("only Agents (J, Q, K, Joker) are summoned");
        }
        let marked = self.marks.hand.count(card);
        let side = self.side_mut(seat);
        let zone = side
            .free_agent_zone()
            .ok_or(ActionError::Forbidden("every Agent zone is occupied"))?;
        if side.hand.count(card) <= marked {
            if side.hand.contains(card) {
                return forbidden("HJ23: each card is summoned at most once a turn");
            }
            return missing(card);
        }
        self.place_summoned(seat, card, zone, special);
        Ok(())
    }

    /// The card an empowering source names, checked (HJ31).
    fn empowering_card(
        &self,
        seat: Seat,
        source: Source,
    ) -> std::result::Result<Card, ActionError> {
        let side = self.side(seat);
        let card = match source {
            Source::Hand(card) if side.hand.contains(card) => card,
            Source::Counter(card) if side.counters.iter().any(|c| c.face_up && c.card == card) => {
                card
            }
            Source::Zone(zone) => {
                let mana = side
                    .mana
                    .get(usize::from(zone))
                    .copied()
                    .flatten()
                    .ok_or(ActionError::EmptyZone)?;
                if mana.tapped {
                    return Err(ActionError::Forbidden("that Mana card was used this turn"));
                }
                mana.card
            }
            Source::Hand(card) | Source::Counter(card) => {
                return Err(ActionError::NoSuchCard(card.to_string()))
            }
        };
        if card.mana_value().is_none() {
            return Err(ActionError::Forbidden("only Mana cards 2–10 empower"));
        }
        Ok(card)
    }

    /// Spends an empowering card (§9, §24): hand to the Boneyard, zone card tapped face up,
    /// counter flipped face down.
    fn spend(&mut self, seat: Seat, source: Source, card: Card) {
        match source {
            Source::Hand(_) => {
                self.take_from_hand(seat, card);
                self.boneyard.add(card);
            }
            Source::Zone(zone) => {
                let mut revealed = false;
                if let Some(mana) = self
                    .side_mut(seat)
                    .mana
                    .get_mut(usize::from(zone))
                    .and_then(Option::as_mut)
                {
                    revealed = !mana.face_up;
                    mana.face_up = true;
                    mana.tapped = true;
                }
                if revealed {
                    self.revealed_from_zone(seat, usize::from(zone), card);
                }
            }
            Source::Counter(_) => {
                let side = self.side_mut(seat);
                if let Some(c) = side
                    .counters
                    .iter_mut()
                    .find(|c| c.face_up && c.card == card)
                {
                    c.face_up = false;
                }
                side.refresh_sources();
            }
        }
    }

    fn check_ace(&self, duel: &Duel, seat: Seat, card: Card) -> Result {
        if !self.side(seat).hand.contains(card) {
            return missing(card);
        }
        if !duel.ace_qualifies(self, card) {
            return forbidden("the Ace must be of the suit of one of the dueling Agents");
        }
        Ok(())
    }

    /// An Ace leaves the hand for the Void, seen by all.
    fn banish_from_hand(&mut self, seat: Seat, card: Card) {
        self.take_from_hand(seat, card);
        self.void.add(card);
    }

    fn valor_seat(&self, victor: usize, attack: Attack) -> Seat {
        if victor == 0 {
            attack.attacker
        } else {
            attack.target
        }
    }

    /// §27, HJ13, HJ78: once every seat has chosen, the rejects are revealed and discarded,
    /// seat by seat, each seat's in canonical order; then seat 0 takes the first turn.
    fn reveal_rejects(&mut self) {
        for i in 0..self.players() {
            let rejects = std::mem::take(&mut self.sides[i].rejects);
            for card in rejects.iter() {
                self.discard(card);
            }
        }
        self.begin_turn(Seat(0));
    }
}

// The zone counts are what the typed arrays hold.
const _: () = assert!(AGENT_ZONES == 3 && MANA_ZONES == 6);
