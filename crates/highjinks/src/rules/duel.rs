//! Duels (§9–§11, §13, §16, §19, §20, §25): empowering, Aces, the outcome, the suit abilities
//! and the Battle Scars that follow.

use cards::{Rank, Seat, Suit};

use crate::table::action::Source;
use crate::table::card::{masks, Card, CardMask, Kind};
use crate::table::field::WINNING_SCARS;
use crate::table::phase::{Aftermath, Attack, Duel, DuelSide, Phase};
use crate::table::state::State;

/// The 13 Rule (§9).
pub const THIRTEEN: u8 = 13;

impl Duel {
    /// A duel between the attack's Agent and the blocker's, the attacker to empower first.
    pub(crate) fn new(state: &State, attack: Attack, blocker: u8) -> Duel {
        let scars = |seat: Seat, zone: u8| {
            state.side(seat).agents[usize::from(zone)].map_or(0, |a| a.scars)
        };
        Duel {
            attack,
            blocker,
            scars: [
                scars(attack.attacker, attack.zone),
                scars(attack.target, blocker),
            ],
            sides: [crate::table::phase::Empowered::NONE; 2],
            turn: 0,
            passed: false,
            doomed: None,
        }
    }

    /// The seat of a side.
    pub fn seat(&self, side: DuelSide) -> Seat {
        if side == 0 {
            self.attack.attacker
        } else {
            self.attack.target
        }
    }

    /// The zone of a side's Agent.
    pub fn zone(&self, side: DuelSide) -> usize {
        usize::from(if side == 0 {
            self.attack.zone
        } else {
            self.blocker
        })
    }

    /// The seat that decides now: the doomed side in an Ace chain, else the duel turn's.
    pub fn to_act(&self) -> Seat {
        self.seat(self.doomed.unwrap_or(self.turn))
    }

    /// The card of a side's Agent.
    pub(crate) fn agent(&self, state: &State, side: DuelSide) -> Option<Card> {
        state.side(self.seat(side)).agents[self.zone(side)].map(|a| a.card)
    }

    /// A side's suit in this duel: the printed one, or a Joker's acquired one (§20, HJ58).
    pub(crate) fn suit(&self, state: &State, side: DuelSide) -> Option<Suit> {
        self.agent(state, side)
            .and_then(Card::suit)
            .or(self.sides[side].joker_suit)
    }

    /// The suits a side's Agent has for its abilities and Kinship (§19, §25, HJ52, HJ71): its
    /// suit, and ♣ and ♠ for a Juggernaut. One bit per suit.
    pub(crate) fn ability_suits(&self, state: &State, side: DuelSide) -> u8 {
        let mut bits = self.suit(state, side).map_or(0, |s| 1 << s.index());
        if self.scars[side] >= 3 {
            bits |= 1 << Suit::Clubs.index() | 1 << Suit::Spades.index();
        }
        bits
    }

    /// Whether an Ace qualifies (§16, HJ44): its suit is either dueling Agent's suit in this
    /// duel.
    pub(crate) fn ace_qualifies(&self, state: &State, ace: Card) -> bool {
        ace.kind() == Kind::Ace
            && ace.suit().is_some()
            && (self.suit(state, 0) == ace.suit() || self.suit(state, 1) == ace.suit())
    }

    /// The Aces that qualify now (§16, HJ44), as a mask.
    pub(crate) fn qualifying_aces(&self, state: &State) -> CardMask {
        // Both Agents read in one go (each side's seat and zone without a branch on the side);
        // an Ace's bit is 48 + its suit's index (`masks::ACES`).
        let places = [
            (self.attack.attacker, self.attack.zone),
            (self.attack.target, self.blocker),
        ];
        let mut aces = 0;
        for ((seat, zone), side) in places.into_iter().zip(&self.sides) {
            let agent = state
                .sides
                .get(seat.index())
                .and_then(|s| s.agents.get(usize::from(zone)).copied().flatten());
            let suit = agent.and_then(|a| a.card.suit()).or(side.joker_suit);
            if let Some(suit) = suit {
                aces |= 1 << (48 + suit.index());
            }
        }
        aces
    }

    /// The Mana that may empower `side`'s Agent now under the 13 Rule, as a mask: deuces, and
    /// the cards worth at most what is left of 13.
    pub fn allowed_mana(&self, side: DuelSide) -> CardMask {
        masks::DEUCES | masks::mana_up_to(THIRTEEN.saturating_sub(self.sides[side].counted))
    }

    /// Whether `card` may empower `side`'s Agent under the 13 Rule (§9, §13, HJ32).
    pub fn within_thirteen(&self, side: DuelSide, card: Card) -> bool {
        match card.mana_value() {
            Some(_) if card.is_deuce() => true,
            Some(value) => self.sides[side].counted + value <= THIRTEEN,
            None => false,
        }
    }

    /// Records one empowerment (§9, §10, §20, HJ35): the Mana's value, a Suit Bonus when its
    /// suit is the Agent's, a Joker's suit from its first card.
    pub(crate) fn empower(&mut self, state: &State, side: DuelSide, card: Card, source: Source) {
        let printed = self.agent(state, side).and_then(Card::suit);
        let is_joker = self.agent(state, side).is_some_and(Card::is_joker);
        let e = &mut self.sides[side];
        let value = card.mana_value().unwrap_or(0);
        e.mana = e.mana.saturating_add(value);
        if !card.is_deuce() {
            e.counted = e.counted.saturating_add(value);
        }
        let suit = card.suit();
        if is_joker && e.joker_suit.is_none() {
            e.joker_suit = suit;
        } else if suit.is_some() && suit == printed.or(e.joker_suit) {
            e.suit_bonus += 1;
        }
        if let Some(slot) = e.used.iter_mut().find(|u| u.is_none()) {
            *slot = Some((card, source));
        }
    }

    /// A side's Power now (§9–§10, §17, §25, HJ33): Mana used, Suit Bonuses, the Guild Bonus
    /// of the field as it stands, and the Glory of the scars held when the duel began.
    pub(crate) fn power(&self, state: &State, side: DuelSide) -> u32 {
        let e = &self.sides[side];
        u32::from(e.mana)
            + u32::from(e.suit_bonus)
            + u32::from(state.side(self.seat(side)).guild_bonus())
            + u32::from(self.scars[side] / 2)
    }

    /// The side defeated when both have passed (§9, §11): the lower Power; on a tie, Kings
    /// defeat Queens, Queens Jacks and Jacks Kings; a Joker or two of a type: nobody.
    pub(crate) fn loser(&self, state: &State) -> Option<DuelSide> {
        let (a, b) = (self.power(state, 0), self.power(state, 1));
        if a != b {
            return Some(if a < b { 0 } else { 1 });
        }
        let rank = |side| self.agent(state, side).and_then(Card::rank);
        let beats = |x: Rank, y: Rank| {
            matches!(
                (x, y),
                (Rank::King, Rank::Queen) | (Rank::Queen, Rank::Jack) | (Rank::Jack, Rank::King)
            )
        };
        match (rank(0), rank(1)) {
            (Some(x), Some(y)) if beats(x, y) => Some(1),
            (Some(x), Some(y)) if beats(y, x) => Some(0),
            _ => None,
        }
    }
}

/// Suit bit of a suit.
fn bit(suit: Suit) -> u8 {
    1 << suit.index()
}

impl State {
    /// Ends a duel (§7 iii–iv, §19, §25, HJ46, HJ53): the defeated Agent (if any) goes to the
    /// Bench, then the defeated Agent's Abundance or Wealth, the victor's Valor (a decision) and
    /// Ruin, each unless Kinship cancels it; then the scars.
    pub fn end_duel(&mut self, duel: Duel, defeated: Option<DuelSide>) {
        let Some(loser) = defeated else {
            self.give_scars(duel.attack, duel.blocker, [true, true]);
            return;
        };
        let victor = 1 - loser;
        let loser_suits = duel.ability_suits(self, loser);
        let victor_suits = duel.ability_suits(self, victor);
        let active =
            |suit: Suit, holder: u8, other: u8| holder & bit(suit) != 0 && other & bit(suit) == 0;
        let loser_seat = duel.seat(loser);
        let side = self.side_mut(loser_seat);
        if let Some(agent) = side.agents[duel.zone(loser)].take() {
            side.refresh_agents();
            self.bench.push(agent.card);
        }
        if active(Suit::Hearts, loser_suits, victor_suits) {
            // Abundance: the bottom card of the Bench, the Heart itself if it was alone (HJ55).
            if !self.bench.is_empty() {
                let card = self.bench.remove(0);
                self.marks.bench_removed(0);
                self.give_publicly(loser_seat, card);
            }
        } else if active(Suit::Diamonds, loser_suits, victor_suits) {
            // Wealth: draw, then the Deck's top card is discarded (HJ56).
            self.draw(loser_seat);
            if let Some(card) = self.take_top(None) {
                self.discard(card);
            }
        }
        let aftermath = Aftermath {
            attack: duel.attack,
            blocker: duel.blocker,
            victor,
            ruin: victor == 0 && active(Suit::Spades, victor_suits, loser_suits),
        };
        if active(Suit::Clubs, victor_suits, loser_suits) && self.remains(duel.seat(victor)) {
            self.phase = Phase::Valor(aftermath);
        } else {
            self.finish_attack(aftermath);
        }
    }

    /// What follows Valor (HJ53): Ruin, then the victor's scar.
    pub fn finish_attack(&mut self, after: Aftermath) {
        if after.ruin {
            self.deal_counter(after.attack.target, Some(after.attack.attacker));
        }
        let mut scarred = [false; 2];
        scarred[after.victor] = true;
        self.give_scars(after.attack, after.blocker, scarred);
    }

    /// Gives a Battle Scar to each surviving Agent of the duel (§7 iv, §25, HJ70), checks the
    /// 7th scar (HJ73), and returns to the Combat Phase.
    fn give_scars(&mut self, attack: Attack, blocker: u8, scarred: [bool; 2]) {
        let places = [(attack.attacker, attack.zone), (attack.target, blocker)];
        let mut winners = cards::SeatSet::EMPTY;
        for (side, &(seat, zone)) in places.iter().enumerate() {
            if !scarred[side] || !self.remains(seat) {
                continue;
            }
            let side = self.side_mut(seat);
            if let Some(agent) = side.agents[usize::from(zone)].as_mut() {
                agent.scars = agent.scars.saturating_add(1);
                if agent.scars >= WINNING_SCARS {
                    winners.insert(seat);
                }
                side.refresh_agents();
            }
        }
        if !winners.is_empty() {
            self.finish(winners);
        } else if !self.is_over() {
            self.phase = Phase::Combat;
        }
    }
}
