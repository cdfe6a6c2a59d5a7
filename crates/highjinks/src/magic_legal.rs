//! The options of part 2's decisions (the decision catalogue, HJ16), and which spells are
//! offered (HJ63, HJ97, HJ98). Each list is written once, into any [`Sink`]: the legal actions'
//! buffer, or a count that tells `settle` whether a decision has a single option (HJ92).

use cards::Seat;

use crate::action::{Ability, Action, Source, Spell};
use crate::card::{Card, Kind};
use crate::field::MANA_ZONES;
use crate::phase::{Phase, Quad, Then};
use crate::state::State;

/// Where options are written.
pub(crate) trait Sink {
    /// One option.
    fn push(&mut self, action: Action);
}

impl Sink for Vec<Action> {
    #[inline]
    fn push(&mut self, action: Action) {
        Vec::push(self, action);
    }
}

/// Counts options and keeps the first: enough to apply a sole option (HJ92).
#[derive(Default)]
pub(crate) struct Sole {
    /// Options seen (counting stops mattering at two).
    pub count: usize,
    /// The first.
    pub first: Option<Action>,
}

impl Sink for Sole {
    #[inline]
    fn push(&mut self, action: Action) {
        if self.count == 0 {
            self.first = Some(action);
        }
        self.count += 1;
    }
}

/// Most sources of one rank a seat can hold: four suits in hand, six Mana zones and four suits
/// among its counters (identical copies in hand, or among the counters, are one source).
const MAX_PER_RANK: usize = 14;

/// One Mana source of the seat, with its card and how many copies it stands for.
#[derive(Clone, Copy)]
struct Unit {
    source: Source,
    card: Card,
    copies: u8,
}

/// A seat's Mana sources, by rank (2–10); within a rank, hand cards in canonical order, zones,
/// then counters.
struct Units {
    by_rank: [[Unit; MAX_PER_RANK]; 9],
    len: [u8; 9],
}

impl Units {
    fn of(state: &State, seat: Seat) -> Units {
        let blank = Unit {
            source: Source::Zone(0),
            card: Card::JOKER,
            copies: 0,
        };
        let mut out = Units {
            by_rank: [[blank; MAX_PER_RANK]; 9],
            len: [0; 9],
        };
        let side = state.side(seat);
        for card in side.hand.distinct_in(crate::card::masks::MANA) {
            out.push(Source::Hand(card), card, side.hand.count(card));
        }
        for zone in 0..MANA_ZONES {
            if let Some(m) = side.mana[zone] {
                out.push(Source::Zone(zone as u8), m.card, 1);
            }
        }
        for c in side.counters.iter().filter(|c| c.face_up) {
            if c.card.kind() == Kind::Mana {
                out.push(Source::Counter(c.card), c.card, 1);
            }
        }
        out
    }

    /// Adds a source (another copy of a counter already there adds to its copies).
    fn push(&mut self, source: Source, card: Card, copies: u8) {
        let Some(rank) = card.mana_value().map(|v| usize::from(v - 2)) else {
            return;
        };
        let len = usize::from(self.len[rank]);
        let bucket = &mut self.by_rank[rank];
        if let Some(same) = bucket[..len].iter_mut().find(|u| u.source == source) {
            same.copies += copies;
        } else if let Some(slot) = bucket.get_mut(len) {
            *slot = Unit {
                source,
                card,
                copies,
            };
            self.len[rank] += 1;
        }
    }

    /// The sources of cards worth `value` (2–10).
    fn of_value(&self, value: u8) -> &[Unit] {
        match usize::from(value).checked_sub(2).filter(|&r| r < 9) {
            Some(rank) => &self.by_rank[rank][..usize::from(self.len[rank])],
            None => &[],
        }
    }

    /// Every source, rank by rank.
    fn all(&self) -> impl Iterator<Item = &Unit> + '_ {
        (2..=10).flat_map(move |v| self.of_value(v).iter())
    }
}

fn sorted<const N: usize>(mut sources: [Source; N]) -> [Source; N] {
    sources.sort_unstable();
    sources
}

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
    fn offers_spell_after(&self, seat: Seat, spell: Spell, banishes: bool, quad: Then) -> bool {
        let drawable = self.drawable() || banishes;
        match spell {
            Spell::Transmutation => drawable || !self.boneyard.is_empty(),
            Spell::Infliction => drawable && self.seats().any(|t| self.may_burn(seat, t, quad)),
            Spell::Restoration => self
                .seats()
                .any(|t| self.remains(t) && !self.side(t).counters.is_empty()),
        }
    }

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
        let mut bench = crate::card::Cards::new();
        for &card in &self.bench {
            bench.add(card);
        }
        for card in bench.distinct() {
            out.push(wrap(card));
        }
    }

    /// The part-2 top-level Main actions (the catalogue's order after *Set*): Conjuration,
    /// Interception, pairs, straights, four of a kind, the Archlord, Agent counter flips.
    pub(crate) fn list_main_magic(&self, seat: Seat, out: &mut impl Sink) {
        let units = Units::of(self, seat);
        for unit in units.of_value(6) {
            out.push(Action::Conjure(unit.source));
        }
        for unit in units.of_value(7) {
            out.push(Action::Intercept(unit.source));
        }
        // Which spells could act once a pair is paid, by whether it banishes a card (HJ97).
        let offered = [false, true].map(|banishes| {
            Spell::ALL.map(|spell| self.offers_spell_after(seat, spell, banishes, None))
        });
        // Pairs (§21, HJ59), rank by rank, each with the spells it may cast.
        for value in 2..=10 {
            let of = units.of_value(value);
            for (i, a) in of.iter().enumerate() {
                for b in &of[i..] {
                    if a.source == b.source && a.copies < 2 {
                        continue;
                    }
                    let pay = sorted([a.source, b.source]);
                    let banishes = pay.iter().any(|s| !matches!(s, Source::Counter(_)));
                    for spell in Spell::ALL {
                        if offered[usize::from(banishes)][spell as usize] {
                            out.push(Action::Cast { spell, pay });
                        }
                    }
                }
            }
        }
        // Straights (§22, HJ64): ranks v, v+1, v+2 within 2–10.
        for low in 2..=8 {
            for a in units.of_value(low) {
                for b in units.of_value(low + 1) {
                    for c in units.of_value(low + 2) {
                        out.push(Action::Straight(sorted([a.source, b.source, c.source])));
                    }
                }
            }
        }
        // Four of a kind (§23, HJ68): one of each suit.
        let suit_of = |u: &Unit| u.card.suit().map_or(4, cards::Suit::index);
        for value in 2..=10 {
            let of = units.of_value(value);
            if of.iter().fold(0u8, |m, u| m | 1 << suit_of(u)) & 0b1111 != 0b1111 {
                continue;
            }
            let of_suit = |suit: usize| of.iter().filter(move |u| suit_of(u) == suit);
            for a in of_suit(0) {
                for b in of_suit(1) {
                    for c in of_suit(2) {
                        for d in of_suit(3) {
                            out.push(Action::Quad(sorted([
                                a.source, b.source, c.source, d.source,
                            ])));
                        }
                    }
                }
            }
        }
        self.list_archlord(seat, out);
        // Agent counter flips (HJ51).
        if self.side(seat).counters.is_empty() {
            return;
        }
        let mut agents = crate::card::Cards::new();
        for c in self.side(seat).counters.iter().filter(|c| c.face_up) {
            if c.card.kind() == Kind::Agent {
                agents.add(c.card);
            }
        }
        for counter in agents.distinct() {
            self.list_abilities(
                seat,
                counter,
                |ability| Action::Flip { counter, ability },
                out,
            );
        }
    }

    /// §25, HJ72, HJ96: the Archlord's costs and spells.
    fn list_archlord(&self, seat: Seat, out: &mut impl Sink) {
        let suits = self.side(seat).archlord_suits();
        if self.archlord_used || suits == 0 {
            return;
        }
        let side = self.side(seat);
        let from_hand = side
            .hand
            .distinct_in(suits & !crate::card::masks::ACES)
            .map(Source::Hand);
        let mut counters = crate::card::Cards::new();
        for c in side.counters.iter().filter(|c| c.face_up) {
            if c.card.kind() == Kind::Mana && suits & 1 << c.card.index() != 0 {
                counters.add(c.card);
            }
        }
        for pay in from_hand.chain(counters.distinct().map(Source::Counter)) {
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
                for card in Card::ALL.into_iter().filter(|&c| c != six) {
                    out.push(Action::Declare(card));
                }
            }
            Phase::Intercept { target: None, .. } => {
                for target in self.seats().filter(|&t| self.is_opponent(seat, t)) {
                    out.push(Action::Target(target));
                }
            }
            Phase::Intercept { .. } => {
                for card in Card::ALL {
                    out.push(Action::Declare(card));
                }
            }
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
                        let mut cards = crate::card::Cards::new();
                        for c in counters.iter().filter(|c| c.face_up == face_up) {
                            cards.add(c.card);
                        }
                        for card in cards.distinct() {
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
                let mut of_suit = crate::card::Cards::new();
                for &card in self.deck.iter().filter(|c| c.suit() == Some(suit)) {
                    of_suit.add(card);
                }
                for card in of_suit.distinct() {
                    out.push(Action::Take(card));
                }
            }
            Phase::Quad(quad) => {
                self.list_quad(seat, quad, out);
                out.push(Action::Stop);
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
        match (self.phase, sole.count, sole.first) {
            // No option: a pick or a spell with nothing left to do is skipped (HJ60, HJ63).
            (Phase::Transmute { then, .. }, 0, _)
            | (Phase::Inflict { then }, 0, _)
            | (Phase::Restore { then }, 0, _) => self.spell_done(then),
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
    /// The part-2 actions of the action space. Choices of a card, a seat or a target are all
    /// there; payments are made of what the seat to act holds (every hand card, every Mana
    /// zone, every counter), as single costs, pairs of ranks at most one apart, triples within
    /// three ranks and fours of one rank, so that the space tries the near misses of every rule
    /// without growing with every combination of cards.
    pub(crate) fn magic_action_space(&self, out: &mut Vec<Action>) {
        let players = self.players().min(crate::field::MAX_SEATS) as u8;
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
        let Some(seat) = self.to_act() else {
            return;
        };
        let side = self.side(seat);
        // Flips of the seat's counters (and of a Joker it may not hold).
        let mut counters = crate::card::Cards::new();
        counters.add(Card::JOKER);
        for c in &side.counters {
            counters.add(c.card);
        }
        for counter in counters.distinct() {
            out.extend(
                abilities
                    .iter()
                    .map(|&ability| Action::Flip { counter, ability }),
            );
        }
        // Single costs: every hand card, zone and counter of the seat.
        let mut singles: Vec<Source> = (0..MANA_ZONES as u8).map(Source::Zone).collect();
        singles.extend(side.hand.distinct().map(Source::Hand));
        singles.extend(counters.distinct().map(Source::Counter));
        for &source in &singles {
            out.extend([Action::Conjure(source), Action::Intercept(source)]);
            for spell in Spell::ALL {
                out.push(Action::Archlord { pay: source, spell });
            }
        }
        // Payments of several Mana sources.
        let units = Units::of(self, seat);
        let mut all: Vec<(u8, Source)> = units
            .all()
            .map(|u| (u.card.mana_value().unwrap_or(0), u.source))
            .collect();
        all.sort_unstable_by_key(|&(_, s)| s);
        let near = |values: &[u8], within: u8| {
            values.iter().max().copied().unwrap_or(0) - values.iter().min().copied().unwrap_or(0)
                <= within
        };
        for (i, &(va, a)) in all.iter().enumerate() {
            for (j, &(vb, b)) in all.iter().enumerate().skip(i) {
                if near(&[va, vb], 1) {
                    for spell in Spell::ALL {
                        out.push(Action::Cast { spell, pay: [a, b] });
                    }
                }
                for &(vc, c) in &all[j..] {
                    if near(&[va, vb, vc], 2) {
                        out.push(Action::Straight([a, b, c]));
                    }
                }
            }
        }
        for value in 2..=10 {
            let mut of: Vec<Source> = units.of_value(value).iter().map(|u| u.source).collect();
            of.sort_unstable();
            for (i, &a) in of.iter().enumerate() {
                for (j, &b) in of.iter().enumerate().skip(i) {
                    for (k, &c) in of.iter().enumerate().skip(j) {
                        for &d in &of[k..] {
                            out.push(Action::Quad([a, b, c, d]));
                        }
                    }
                }
            }
        }
    }
}
