//! The options of part 2's decisions (the decision catalogue, HJ16), with the spells offered
//! as `rules/spells_offered.rs` judges them (HJ63, HJ97, HJ98). Each list is written once,
//! into any [`Sink`]: the legal actions' buffer, or a count that tells `settle` whether a
//! decision has a single option (HJ92).

use cards::Seat;

use crate::legal::sink::{Sink, Sole};
use crate::table::action::{Ability, Action, Source, Spell};
use crate::table::card::{mask_cards, masks, Card, CardMask, Kind};
use crate::table::phase::{Phase, Quad};
use crate::table::sizes::MANA_ZONES;
use crate::table::state::State;

/// *Declare* for every identity in canonical order (Conjuration and Interception's options),
/// copied as one block rather than pushed one by one.
const DECLARE_ALL: [Action; Card::COUNT] = {
    let mut all = [Action::Declare(Card::JOKER); Card::COUNT];
    let mut i = 0;
    while i < Card::COUNT {
        all[i] = Action::Declare(Card::ALL[i]);
        i += 1;
    }
    all
};

impl State {
    /// The seats at the table.
    pub(crate) fn seats(&self) -> impl Iterator<Item = Seat> {
        (0..self.players()).map(|i| Seat(i as u8))
    }

    /// The abilities `agent` grants with their targets (§18, §20, HJ19, HJ51).
    pub(crate) fn list_abilities(
        &self,
        seat: Seat,
        agent: Card,
        wrap: impl Fn(Ability) -> Action,
        out: &mut impl Sink,
    ) {
        let justice = State::grants(agent, Ability::Justice { seat, zone: 0 });
        let lust = State::grants(agent, Ability::Lust(agent));
        let fortune = State::grants(agent, Ability::Fortune(agent));
        if justice {
            for target in self.seats().filter(|&t| self.is_opponent(seat, t)) {
                for (zone, m) in self.side(target).mana.iter().enumerate() {
                    if m.is_some() {
                        out.push(wrap(Ability::Justice {
                            seat: target,
                            zone: zone as u8,
                        }));
                    }
                }
            }
        }
        if lust {
            self.list_bench(|c| wrap(Ability::Lust(c)), out);
        }
        if fortune {
            for card in self.boneyard.distinct() {
                out.push(wrap(Ability::Fortune(card)));
            }
        }
    }

    /// Each identity on the Bench, once, in canonical order.
    fn list_bench(&self, wrap: impl Fn(Card) -> Action, out: &mut impl Sink) {
        let mut bench: CardMask = 0;
        for &card in &self.bench {
            bench |= 1 << card.index();
        }
        for card in mask_cards(bench) {
            out.push(wrap(card));
        }
    }

    /// §25, HJ72, HJ96: the Archlord's costs and spells, for a seat whose Archlords' suits
    /// are `suits` (as [`crate::table::field::Side::archlord_suits`]).
    pub(crate) fn list_archlord(&self, seat: Seat, suits: CardMask, out: &mut impl Sink) {
        if self.archlord_used || suits == 0 {
            return;
        }
        let side = self.side(seat);
        let from_hand = side
            .hand
            .distinct_in(suits & !crate::table::card::masks::ACES)
            .map(Source::Hand);
        let mut counters: CardMask = 0;
        for c in side.counters.iter().filter(|c| c.face_up) {
            if c.card.kind() == Kind::Mana && suits & 1 << c.card.index() != 0 {
                counters |= 1 << c.card.index();
            }
        }
        for pay in from_hand.chain(mask_cards(counters).map(Source::Counter)) {
            for spell in Spell::ALL {
                if self.offers_spell(seat, spell, &[pay], None) {
                    out.push(Action::Archlord { pay, spell });
                }
            }
        }
    }

    /// The options of a part-2 decision (every phase but the Main Phase's top level and part 1's).
    pub(crate) fn list_magic(&self, out: &mut impl Sink) {
        let seat = self.turn_seat;
        match self.phase {
            Phase::Summoned { agent } => {
                if self.drawable() {
                    out.push(Action::Draw);
                }
                self.list_abilities(seat, agent, Action::Ability, out);
                out.push(Action::Decline);
            }
            Phase::Conjure { six } => {
                // Every identity but the 6 banished.
                let (below, from) = DECLARE_ALL.split_at(six.index().min(Card::COUNT));
                out.push_all(below);
                out.push_all(from.get(1..).unwrap_or_default());
            }
            Phase::Intercept { target: None, .. } => {
                for target in self.seats().filter(|&t| self.is_opponent(seat, t)) {
                    out.push(Action::Target(target));
                }
            }
            Phase::Intercept { .. } => out.push_all(&DECLARE_ALL),
            Phase::Transmute { .. } => {
                if self.drawable() {
                    out.push(Action::Draw);
                }
                for card in self.boneyard.distinct() {
                    out.push(Action::Salvage(card));
                }
                self.list_bench(Action::Recruit, out);
            }
            Phase::Inflict { then } if self.drawable() => {
                for target in self.seats().filter(|&t| self.may_burn(seat, t, then)) {
                    out.push(Action::Burn(target));
                }
            }
            Phase::Restore { .. } => {
                for owner in self.seats().filter(|&t| self.remains(t)) {
                    let counters = &self.side(owner).counters;
                    for face_up in [true, false] {
                        let mut cards: CardMask = 0;
                        for c in counters.iter().filter(|c| c.face_up == face_up) {
                            cards |= 1 << c.card.index();
                        }
                        for card in mask_cards(cards) {
                            out.push(Action::Heal {
                                seat: owner,
                                card,
                                face_up,
                            });
                        }
                    }
                }
            }
            Phase::Evoke { discarded } => {
                let mut seen = 0u64;
                for card in discarded.into_iter().flatten() {
                    if self.boneyard.contains(card) && seen & 1 << card.index() == 0 {
                        seen |= 1 << card.index();
                        out.push(Action::Evoke(card));
                    }
                }
                out.push(Action::Decline);
            }
            Phase::EvokeTake { suit } => {
                let mut of_suit: CardMask = 0;
                for &card in &self.deck {
                    of_suit |= 1 << card.index();
                }
                for card in mask_cards(of_suit & masks::suit(suit)) {
                    out.push(Action::Take(card));
                }
            }
            Phase::Quad(quad) => {
                self.list_quad(seat, quad, out);
                out.push(Action::Stop);
            }
            Phase::Pay(paying) => {
                self.payment_options(seat, &paying, |source| out.push(Action::Pay(source)));
            }
            _ => {}
        }
    }

    fn list_quad(&self, seat: Seat, quad: Quad, out: &mut impl Sink) {
        for spell in Spell::ALL {
            if quad.left(spell) > 0 && self.offers_spell(seat, spell, &[], Some(quad)) {
                out.push(Action::Next(spell));
            }
        }
    }

    /// HJ60, HJ92: a part-2 decision with no option is skipped, one with a single option (other
    /// than an Interception's declaration, a duel's or a Main decision) is taken at once.
    /// Returns whether it changed anything.
    pub(crate) fn settle_magic(&mut self) -> bool {
        if self.asks_two_options() {
            return false;
        }
        let mut sole = Sole::default();
        match self.phase {
            Phase::Summoned { .. }
            | Phase::Intercept { target: None, .. }
            | Phase::Transmute { .. }
            | Phase::Inflict { .. }
            | Phase::Restore { .. }
            | Phase::Evoke { .. }
            | Phase::EvokeTake { .. }
            | Phase::Quad(_) => self.list_magic(&mut sole),
            _ => return false,
        }
        match (&self.phase, sole.count, sole.first) {
            // No option: a pick or a spell with nothing left to do is skipped (HJ60, HJ63).
            (&Phase::Transmute { then, .. }, 0, _)
            | (&Phase::Inflict { then }, 0, _)
            | (&Phase::Restore { then }, 0, _) => self.spell_done(then),
            (Phase::EvokeTake { .. }, 0, _) => self.phase = Phase::Main,
            (_, 1, Some(action)) => {
                if self.decide(action).is_err() {
                    // A listed option is always accepted; never loop on one that is not.
                    self.phase = Phase::Main;
                }
            }
            _ => return false,
        }
        true
    }
}

impl State {
    /// Whether the decision has two options or more on its face, so that `settle_magic` has
    /// nothing to take without listing them: after a normal summon, *Draw* and *Decline*;
    /// a Transmutation's pick, two of *Draw*, a salvage and a recruit (as `list_magic` lists
    /// them).
    #[inline]
    pub(crate) fn asks_two_options(&self) -> bool {
        match self.phase {
            Phase::Summoned { .. } => self.drawable(),
            Phase::Transmute { .. } => {
                let (draw, salvage, recruit) = (
                    self.drawable(),
                    !self.boneyard.is_empty(),
                    !self.bench.is_empty(),
                );
                (draw && (salvage || recruit)) || (salvage && recruit)
            }
            _ => false,
        }
    }

    /// The part-2 actions of the action space, from the options alone: every card, seat, zone
    /// and Mana source a decision can name (a payment of several sources is named one source
    /// at a time, so the space holds each source once).
    pub(crate) fn magic_action_space(&self, out: &mut Vec<Action>) {
        let players = self.players().min(crate::table::sizes::MAX_SEATS) as u8;
        let seats = (0..players).map(Seat);
        let mut abilities = Vec::new();
        for seat in seats.clone() {
            for zone in 0..MANA_ZONES as u8 {
                abilities.push(Ability::Justice { seat, zone });
            }
        }
        for card in Card::ALL {
            abilities.extend([Ability::Lust(card), Ability::Fortune(card)]);
        }
        out.extend(abilities.iter().map(|&a| Action::Ability(a)));
        for seat in seats {
            out.extend([Action::Target(seat), Action::Burn(seat)]);
            for card in Card::ALL {
                for face_up in [true, false] {
                    out.push(Action::Heal {
                        seat,
                        card,
                        face_up,
                    });
                }
            }
        }
        for card in Card::ALL {
            out.extend([
                Action::Declare(card),
                Action::Recruit(card),
                Action::Evoke(card),
                Action::Take(card),
            ]);
        }
        out.extend(Spell::ALL.map(Action::Next));
        out.push(Action::Stop);
        out.extend(Spell::ALL.map(Action::Cast));
        out.extend([Action::Straight, Action::Quad]);
        // Flips (HJ51): an Agent counter with an ability it grants (a Joker's: any).
        for counter in Card::ALL.into_iter().filter(|c| c.kind() == Kind::Agent) {
            out.extend(
                abilities
                    .iter()
                    .filter(|&&ability| State::grants(counter, ability))
                    .map(|&ability| Action::Flip { counter, ability }),
            );
        }
        // Mana sources: a Mana card in hand, a Mana zone, a Mana counter, for one source's
        // costs and a payment's steps; the Archlord's cost is any card of a suit in hand.
        let mana = Card::ALL.into_iter().filter(|c| c.kind() == Kind::Mana);
        let mut sources: Vec<Source> = mana.clone().map(Source::Hand).collect();
        sources.extend((0..MANA_ZONES as u8).map(Source::Zone));
        sources.extend(mana.map(Source::Counter));
        for &source in &sources {
            out.extend([
                Action::Conjure(source),
                Action::Intercept(source),
                Action::Pay(source),
            ]);
        }
        for pay in Card::ALL
            .into_iter()
            .filter(|c| c.suit().is_some() && c.kind() != Kind::Ace)
            .map(Source::Hand)
            .chain(
                sources
                    .iter()
                    .copied()
                    .filter(|s| matches!(s, Source::Counter(_))),
            )
        {
            out.extend(Spell::ALL.map(|spell| Action::Archlord { pay, spell }));
        }
    }
}
