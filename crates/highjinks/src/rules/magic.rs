//! The magic of part 2: summon abilities (§18, §20), Conjuration (§14), Interception (§15),
//! Binary Spells (§21), straights and Evocation (§22), four of a kind (§23), Damage Counters as
//! resources (§24) and the Archlord (§25). `rules.rs` dispatches each decision here; every
//! function checks the action in full before it changes anything.

use cards::{Seat, Suit};

use crate::error::ActionError;
use crate::table::action::{Ability, Source, Spell};
use crate::table::card::{masks, Card, Kind};
use crate::table::phase::{Phase, Quad, Then};
use crate::table::sizes::LOSING_COUNTERS;
use crate::table::state::{knower_bit, State};

type Result<T = ()> = std::result::Result<T, ActionError>;

fn forbidden<T>(why: &'static str) -> Result<T> {
    Err(ActionError::Forbidden(why))
}

/// Where paid cards go (§14, §15, §21, §22): banished to the Void, or discarded (a straight).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Payment {
    Banish,
    Discard,
}

impl State {
    /// The card a Mana source names (HJ59, HJ69): a Mana card 2–10 in hand, in one's Mana zone,
    /// or one's face-up Mana Damage Counter. Several sources of one payment are checked
    /// together by [`State::check_sources`].
    pub(crate) fn source_card(&self, seat: Seat, source: Source) -> Result<Card> {
        let side = self.side(seat);
        let card = match source {
            Source::Hand(card) => card,
            Source::Counter(card) => card,
            Source::Zone(zone) => {
                side.mana
                    .get(usize::from(zone))
                    .copied()
                    .flatten()
                    .ok_or(ActionError::EmptyZone)?
                    .card
            }
        };
        if card.kind() != Kind::Mana {
            return forbidden("only Mana cards 2–10 pay (never an Ace or an Agent)");
        }
        Ok(card)
    }

    /// Checks that the sources are listed in order and that the seat holds each of them, as
    /// many times as listed; returns their cards.
    pub(crate) fn check_sources<const N: usize>(
        &self,
        seat: Seat,
        sources: [Source; N],
    ) -> Result<[Card; N]> {
        if sources.windows(2).any(|w| w[0] > w[1]) {
            return forbidden("list the sources in order: hand, zones, counters");
        }
        let side = self.side(seat);
        let mut out = [Card::JOKER; N];
        for (i, &source) in sources.iter().enumerate() {
            let card = self.source_card(seat, source)?;
            let times = sources[..=i].iter().filter(|&&s| s == source).count();
            let held = match source {
                Source::Hand(c) => usize::from(side.hand.count(c)),
                Source::Zone(_) => 1,
                Source::Counter(c) => side
                    .counters
                    .iter()
                    .filter(|d| d.face_up && d.card == c)
                    .count(),
            };
            if times > held {
                return Err(ActionError::NoSuchCard(card.to_string()));
            }
            out[i] = card;
        }
        Ok(out)
    }

    /// Pays with checked sources (§24): hand and zone cards banished or discarded, counters
    /// flipped face down.
    pub(crate) fn pay(&mut self, seat: Seat, sources: &[Source], how: Payment) {
        for &source in sources {
            let card = match source {
                Source::Hand(card) => {
                    self.take_from_hand(seat, card);
                    card
                }
                Source::Zone(zone) => {
                    let Some(mana) = self.side_mut(seat).take_mana(usize::from(zone)) else {
                        continue;
                    };
                    if !mana.face_up {
                        self.revealed_from_zone(seat, usize::from(zone), mana.card);
                    }
                    mana.card
                }
                Source::Counter(card) => {
                    self.side_mut(seat).pay_counter(card);
                    continue;
                }
            };
            match how {
                Payment::Banish => self.void.add(card),
                Payment::Discard => self.boneyard.add(card),
            }
        }
    }

    /// Whether a summon ability with this target can be used by `seat` now (§18, HJ48–HJ50).
    pub(crate) fn ability_target_ok(&self, seat: Seat, ability: Ability) -> bool {
        match ability {
            Ability::Justice { seat: target, zone } => {
                self.is_opponent(seat, target)
                    && self
                        .side(target)
                        .mana
                        .get(usize::from(zone))
                        .is_some_and(Option::is_some)
            }
            Ability::Lust(card) => self.bench.contains(&card),
            Ability::Fortune(card) => self.boneyard.contains(card),
        }
    }

    /// Whether an Agent of identity `agent` has this ability (§18, §20: a Joker has all three).
    pub(crate) fn grants(agent: Card, ability: Ability) -> bool {
        if agent.is_joker() {
            return true;
        }
        matches!(
            (agent.rank(), ability),
            (Some(cards::Rank::Jack), Ability::Justice { .. })
                | (Some(cards::Rank::Queen), Ability::Lust(_))
                | (Some(cards::Rank::King), Ability::Fortune(_))
        )
    }

    /// Uses a summon ability (§18, HJ48–HJ50), checked by [`State::ability_target_ok`].
    pub(crate) fn use_ability(&mut self, seat: Seat, ability: Ability) {
        match ability {
            // HJ49: the Mana card goes face up to the Boneyard.
            Ability::Justice { seat: target, zone } => {
                let taken = self.side_mut(target).take_mana(usize::from(zone));
                if let Some(mana) = taken {
                    if !mana.face_up {
                        self.revealed_from_zone(target, usize::from(zone), mana.card);
                    }
                    self.boneyard.add(mana.card);
                }
            }
            Ability::Lust(card) => self.recruit(seat, card),
            Ability::Fortune(card) => {
                if self.boneyard.remove(card) {
                    self.give_publicly(seat, card);
                }
            }
        }
    }

    /// Recruits a card from the Bench into the hand (HJ48): the copy nearest the bottom (HJ86),
    /// keeping its summon mark (HJ23).
    pub(crate) fn recruit(&mut self, seat: Seat, card: Card) {
        let Some(at) = self.bench.iter().position(|&c| c == card) else {
            return;
        };
        self.bench.remove(at);
        let marked = self.marks.bench_removed(at);
        self.give_publicly(seat, card);
        if marked && seat == self.turn_seat {
            self.marks.hand.add(card);
        }
    }

    /// §18, HJ51: flip one's face-up Agent Damage Counter to use its ability.
    pub(crate) fn flip(&mut self, seat: Seat, counter: Card, ability: Ability) -> Result {
        if counter.kind() != Kind::Agent {
            return forbidden("only an Agent Damage Counter is flipped for its ability");
        }
        let side = self.side(seat);
        let Some(at) = side
            .counters
            .iter()
            .position(|c| c.face_up && c.card == counter)
        else {
            return Err(ActionError::NoSuchCard(counter.to_string()));
        };
        if !State::grants(counter, ability) {
            return forbidden(
                "that Agent does not have that ability (J Justice, Q Lust, K Fortune)",
            );
        }
        if !self.ability_target_ok(seat, ability) {
            return forbidden("that ability has no such target");
        }
        self.side_mut(seat).flip_agent_counter(at);
        self.use_ability(seat, ability);
        Ok(())
    }

    /// §14, HJ40, HJ41: a 6 banished; the caster declares next.
    pub(crate) fn conjure(&mut self, seat: Seat, source: Source) -> Result {
        let [six] = self.check_sources(seat, [source])?;
        if six.mana_value() != Some(6) {
            return forbidden("Conjuration is cast by banishing a 6");
        }
        self.cast_declaring(seat, source, Phase::Conjure { six });
        Ok(())
    }

    /// §14, HJ40, HJ41, HJ100: the declared card comes from the Void if there; the caster takes
    /// a Damage Counter unless it found a card of the 6's suit.
    pub(crate) fn declare_conjured(&mut self, seat: Seat, six: Card, card: Card) -> Result {
        if card == six {
            return forbidden("HJ41: the 6 used to cast cannot be declared");
        }
        let found = self.void.remove(card);
        if found {
            self.give_publicly(seat, card);
        }
        self.phase = Phase::Main;
        if !(found && card.suit().is_some() && card.suit() == six.suit()) {
            self.damage_turn_seat(seat);
        }
        Ok(())
    }

    /// A Damage Counter the turn seat deals itself (Conjuration): if it loses, its turn ends
    /// (HJ75).
    fn damage_turn_seat(&mut self, seat: Seat) {
        self.deal_counter(seat, None);
        if !self.is_over() && !self.remains(seat) {
            self.end_turn();
        }
    }

    /// §15, HJ42: a 7 banished; the caster names a target (at once when only one opponent is
    /// left, HJ92), then declares.
    pub(crate) fn intercept(&mut self, seat: Seat, source: Source) -> Result {
        let [seven] = self.check_sources(seat, [source])?;
        if seven.mana_value() != Some(7) {
            return forbidden("Interception is cast by banishing a 7");
        }
        let phase = Phase::Intercept {
            seven,
            target: None,
        };
        self.cast_declaring(seat, source, phase);
        Ok(())
    }

    /// §15, HJ42, HJ88: a hit takes one copy from the target's hand — to the caster's hand if
    /// of the 7's suit, else to the Void; a miss shows the target's hand to the caster alone.
    pub(crate) fn declare_intercepted(
        &mut self,
        seat: Seat,
        seven: Card,
        target: Seat,
        card: Card,
    ) {
        if self.take_from_hand(target, card) {
            if card.suit().is_some() && card.suit() == seven.suit() {
                self.give_publicly(seat, card);
            } else {
                self.void.add(card);
            }
        } else {
            self.show_hand(seat, target);
            self.side_mut(target).lacks |= 1 << card.index();
        }
        self.phase = Phase::Main;
    }

    /// §25, HJ72, HJ96: once a turn, a card of an Archlord's suit from hand (not an Ace) or a
    /// face-up Mana counter of that suit pays for a Binary Spell.
    pub(crate) fn archlord(&mut self, seat: Seat, pay: Source, spell: Spell) -> Result {
        if self.archlord_used {
            return forbidden("the Archlord's spell is once per turn");
        }
        let suits = self.side(seat).archlord_suits();
        if suits == 0 {
            return forbidden("no Archlord with a suit (5 scars, not a Joker)");
        }
        let card = match pay {
            Source::Hand(card) if card.kind() != Kind::Ace => {
                if !self.side(seat).hand.contains(card) {
                    return Err(ActionError::NoSuchCard(card.to_string()));
                }
                card
            }
            Source::Counter(_) => self.check_sources(seat, [pay])?[0],
            _ => return forbidden(
                "the Archlord's cost is a card from hand (not an Ace) or a face-up Mana counter",
            ),
        };
        if suits & 1 << card.index() == 0 {
            return forbidden("the cost must be of an Archlord's suit");
        }
        if !self.offers_spell(seat, spell, &[pay], None) {
            return forbidden("HJ63: that spell could do nothing");
        }
        self.pay(seat, &[pay], Payment::Banish);
        self.archlord_used = true;
        self.begin_spell(spell, None);
        Ok(())
    }

    /// HJ68: the next of four of a kind's spells.
    pub(crate) fn quad_next(&mut self, seat: Seat, mut quad: Quad, spell: Spell) -> Result {
        if quad.left(spell) == 0 {
            return forbidden("that spell of the four of a kind is used up");
        }
        if !self.offers_spell(seat, spell, &[], Some(quad)) {
            return forbidden("HJ63: that spell could do nothing");
        }
        quad.left[spell as usize] -= 1;
        self.begin_spell(spell, Some(quad));
        Ok(())
    }

    /// Starts resolving a Binary Spell.
    pub(crate) fn begin_spell(&mut self, spell: Spell, then: Then) {
        self.phase = match spell {
            Spell::Transmutation => Phase::Transmute { picks: 2, then },
            Spell::Infliction => Phase::Inflict { then },
            Spell::Restoration => Phase::Restore { then },
        };
    }

    /// A spell is resolved: back to the Main Phase, or to the four of a kind that cast it.
    pub(crate) fn spell_done(&mut self, then: Then) {
        if self.is_over() {
            return;
        }
        self.phase = match then {
            Some(quad) => Phase::Quad(quad),
            None => Phase::Main,
        };
    }

    /// HJ60: one Transmutation pick done; the next, or the end of the spell.
    pub(crate) fn picked(&mut self, picks: u8, then: Then) {
        if picks > 1 {
            self.phase = Phase::Transmute {
                picks: picks - 1,
                then,
            };
        } else {
            self.spell_done(then);
        }
    }

    /// Whether `target` may be burned by `seat` now (HJ61): an opponent not yet burned this
    /// turn (unless by this four of a kind), with at most 5 counters after the burn.
    pub(crate) fn may_burn(&self, seat: Seat, target: Seat, quad: Then) -> bool {
        self.is_opponent(seat, target)
            && (!self.burned.contains(target) || quad.is_some_and(|q| q.burned.contains(target)))
            && self.side(target).counters.len() < LOSING_COUNTERS - 1
    }

    /// HJ61: burns an opponent.
    pub(crate) fn burn(&mut self, seat: Seat, target: Seat, then: Then) -> Result {
        if !self.may_burn(seat, target, then) {
            return forbidden("HJ61: once a turn a seat, never for its 6th counter");
        }
        if !self.drawable() {
            return forbidden("HJ98: no card can be dealt");
        }
        self.burned.insert(target);
        let then = then.map(|mut q| {
            q.burned.insert(target);
            q
        });
        self.deal_counter(target, Some(seat));
        self.spell_done(then);
        Ok(())
    }

    /// HJ62: heals a Damage Counter: one's own to its discard pile, an opponent's to one's hand.
    pub(crate) fn heal(
        &mut self,
        seat: Seat,
        owner: Seat,
        card: Card,
        face_up: bool,
        then: Then,
    ) -> Result {
        if !self.remains(owner) {
            return Err(ActionError::NotAnOpponent(owner));
        }
        let counters = &mut self.side_mut(owner).counters;
        let Some(at) = counters
            .iter()
            .position(|c| c.card == card && c.face_up == face_up)
        else {
            return Err(ActionError::NoSuchCard(card.to_string()));
        };
        counters.remove(at);
        // Only face-up counters are summed up as sources.
        if face_up {
            self.side_mut(owner).refresh_sources();
        }
        self.refresh_table();
        if owner == seat {
            self.discard(card);
        } else {
            self.give_publicly(seat, card);
        }
        self.spell_done(then);
        Ok(())
    }

    /// §22, HJ64: a straight paid (its sources in [`Source`]'s order, naming `cards`): draw
    /// 3; then, for one suit not yet evoked this turn, the choice to evoke.
    pub(crate) fn straight_paid(&mut self, seat: Seat, pay: [Source; 3], cards: [Card; 3]) {
        for _ in 0..3 {
            self.draw(seat);
        }
        let suit = cards[0].suit();
        let same = cards.iter().all(|c| c.suit() == suit);
        self.phase = Phase::Main;
        if let (true, Some(suit)) = (same, suit) {
            if self.evoked & 1 << suit.index() == 0 {
                let mut discarded = [None; 3];
                for (slot, (&source, &card)) in discarded.iter_mut().zip(pay.iter().zip(&cards)) {
                    if !matches!(source, Source::Counter(_)) {
                        *slot = Some(card);
                    }
                }
                self.phase = Phase::Evoke { discarded };
            }
        }
    }

    /// HJ65, HJ66: banish one of the straight's discarded cards; the caster sees the Deck.
    pub(crate) fn evoke(&mut self, seat: Seat, discarded: [Option<Card>; 3], card: Card) -> Result {
        if !discarded.contains(&Some(card)) || !self.boneyard.contains(card) {
            return forbidden("banish one of the straight's cards discarded to the Boneyard");
        }
        let Some(suit) = card.suit() else {
            return forbidden("a straight's card has a suit");
        };
        self.boneyard.remove(card);
        self.void.add(card);
        self.evoked |= 1 << suit.index();
        // The caster sees the whole Deck (HJ6, HJ66).
        self.deck_knowers |= knower_bit(seat);
        self.group_searched(seat);
        if self.deck_holds(suit) {
            self.phase = Phase::EvokeTake { suit };
        } else {
            // None found: all learn the Deck holds none of the suit.
            self.deck_lacks |= 1 << suit.index();
            self.evocation_shuffle();
            self.phase = Phase::Main;
        }
        Ok(())
    }

    /// Whether the Deck holds a card of the suit.
    pub(crate) fn deck_holds(&self, suit: Suit) -> bool {
        self.deck.iter().any(|c| c.suit() == Some(suit))
    }

    /// HJ66, HJ91: the caster takes a card of the suit from the Deck; the others learn its
    /// suit; the Deck is shuffled if not empty (never rebuilt by the search).
    pub(crate) fn take_evoked(&mut self, seat: Seat, suit: Suit, card: Card) -> Result {
        if card.suit() != Some(suit) {
            return forbidden("take a card of the evoked suit");
        }
        let Some(at) = self.deck.iter().position(|&c| c == card) else {
            return Err(ActionError::NoSuchCard(card.to_string()));
        };
        self.deck.remove(at);
        let side = self.side_mut(seat);
        side.hand.add(card);
        side.lacks &= !masks::suit(suit);
        side.suits[suit.index()] = side.suits[suit.index()].saturating_add(1);
        // Only the caster knows what is left; the group's knowers know the card is one of it.
        self.deck_knowers &= knower_bit(seat);
        self.group_drew(seat, card);
        self.evocation_shuffle();
        self.phase = Phase::Main;
        Ok(())
    }

    /// The Evocation's shuffle (HJ67, HJ91): the next stacked order if one is left and fits,
    /// else the generator, over the Deck put in canonical order first.
    fn evocation_shuffle(&mut self) {
        if self.deck.is_empty() {
            return;
        }
        self.deck.sort_unstable();
        self.shuffle_deck_from(0);
    }
}
