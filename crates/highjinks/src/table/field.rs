//! One seat's side of the table (§2, HJ9, HJ12): its hand, three Agent zones, six Mana zones
//! and up to six Damage Counters.

use serde::{Deserialize, Serialize};

use crate::table::card::{Card, CardMask, Cards};
use crate::table::mana_sums::{lowest_free, FieldSources};
use crate::table::sizes::{AGENT_ZONES, LOSING_COUNTERS, MANA_ZONES, MAX_SEATS};
use crate::table::suit_places::{DrawnPlaces, SuitPlaces};
use crate::table::whereabouts::Whereabouts;

/// Scars that win the game (§25).
pub const WINNING_SCARS: u8 = 7;

/// An Agent in an Agent zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Agent {
    /// The card.
    pub card: Card,
    /// Tapped (turned horizontal): it attacked, or it was special summoned this turn.
    pub tapped: bool,
    /// Battle Scars (§25), reset when it leaves the field (HJ70).
    pub scars: u8,
}

impl Agent {
    /// A Juggernaut (§25, HJ71): 3 or more scars.
    pub fn is_juggernaut(&self) -> bool {
        self.scars >= 3
    }

    /// An Archlord (§25): 5 or more scars.
    pub fn is_archlord(&self) -> bool {
        self.scars >= 5
    }

    /// The Glory Bonus (§25): half the scars, rounded down.
    pub fn glory(&self) -> u8 {
        self.scars / 2
    }
}

/// A Mana card in a Mana zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mana {
    /// The card.
    pub card: Card,
    /// Face up (it has empowered an Agent, §9).
    pub face_up: bool,
    /// Tapped: used this turn (§9, HJ34).
    pub tapped: bool,
}

/// A Damage Counter (§8, §24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    /// The card.
    pub card: Card,
    /// Face up: not yet used as a resource.
    pub face_up: bool,
}

/// One seat's cards and standing.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    /// The hand.
    pub hand: Cards,
    /// Agent zones 0–2.
    pub agents: [Option<Agent>; AGENT_ZONES],
    /// Mana zones 0–5.
    pub mana: [Option<Mana>; MANA_ZONES],
    /// Damage Counters, oldest first.
    pub counters: Vec<Counter>,
    /// Out of the game (§26).
    pub eliminated: bool,
    /// Has begun a turn (the first turn's limits, §27, HJ14).
    pub has_played: bool,
    /// Cards every other seat knows to be in this hand or among its face-down Mana (HJ85,
    /// HJ88).
    pub known: Cards,
    /// Which face-down zones each copy in `known` may lie in besides the hand: those set after
    /// it was known to be there (HJ88). Absent from states saved before it existed: any
    /// face-down zone.
    #[serde(default = "Whereabouts::unrecorded")]
    pub known_at: Whereabouts,
    /// The seats whose knowledge of this hand is their own (bit per seat): those an
    /// Interception's proof showed it to (HJ42, HJ88). The others know `known`.
    #[serde(default)]
    pub seers: u8,
    /// For each seat in `seers`, all it knows to be in this hand or face down: the hand it was
    /// shown, the cards known to all since and those it knew to be face down then (HJ85,
    /// HJ88). Empty for the other seats.
    #[serde(default)]
    pub seen: [Cards; MAX_SEATS],
    /// Where each copy in `seen` may lie besides the hand, as `known_at` for `known`.
    #[serde(default)]
    pub seen_at: [Whereabouts; MAX_SEATS],
    /// An Interception's proof as states saved before `seen` kept it (cards seat `s` saw beyond
    /// `known`): read on load into `seen`, never written.
    #[serde(default, skip_serializing)]
    pub proof: Option<Box<[Cards; MAX_SEATS]>>,
    /// Identities every seat knows are not in this hand: declared by an Interception that
    /// missed (HJ42). A card the hand takes unseen makes the others forget it (it may be one).
    #[serde(default)]
    pub lacks: CardMask,
    /// Cards of each suit (♣ ♦ ♥ ♠) all know to be in this hand or among its face-down Mana
    /// besides `known`: cards taken by Evocation, whose suit is public (HJ66). A card of that
    /// suit leaving, not counted in `known`, takes one off (as HJ85 forgets which copy left).
    #[serde(default)]
    pub suits: [u8; 4],
    /// Where the evoked cards of `suits` may lie besides the hand: face-down zones set after
    /// they were taken (HJ88). Absent from states saved before it existed: any face-down zone.
    #[serde(default = "SuitPlaces::unrecorded")]
    pub suits_at: SuitPlaces,
    /// Cards rejected at set-up, before they are revealed (§27, HJ78).
    pub rejects: Cards,
    /// Cards of the Deck group (a Deck whose contents were known: rebuilt, or seen by an
    /// Evocation) this seat took unseen and still holds in hand or face down. Its knowers
    /// know how many, not which (HJ6, HJ80).
    #[serde(default)]
    pub drawn: Cards,
    /// Where the cards of `drawn` may lie besides the hand: face-down zones set after they were
    /// drawn (HJ88). Absent from states saved before it existed: any face-down zone.
    #[serde(default = "DrawnPlaces::unrecorded")]
    pub drawn_at: DrawnPlaces,
    /// The Mana zones and face-up counters summed up for the Main listing, kept up to date as
    /// they change (derived: never saved, rebuilt on load).
    #[serde(skip)]
    pub(crate) sources: FieldSources,
    /// The Agent zones summed up ([`Side::agent_zones`]), kept up to date as Agents enter,
    /// leave, tap, untap or take scars (derived: never saved, rebuilt on load).
    #[serde(skip)]
    pub(crate) agent_sum: AgentZones,
}

impl Clone for Side {
    fn clone(&self) -> Self {
        let mut copy = Side::new();
        copy.clone_from(self);
        copy
    }

    /// Copies into this side's storage (the counters keep their room for six).
    fn clone_from(&mut self, source: &Self) {
        self.hand = source.hand;
        self.agents = source.agents;
        self.mana = source.mana;
        self.counters.clear();
        self.counters
            .reserve(LOSING_COUNTERS.max(source.counters.len()));
        self.counters.extend_from_slice(&source.counters);
        self.eliminated = source.eliminated;
        self.has_played = source.has_played;
        self.known = source.known;
        self.known_at = source.known_at;
        self.seers = source.seers;
        self.seen = source.seen;
        self.seen_at = source.seen_at;
        self.proof = None;
        self.lacks = source.lacks;
        self.suits = source.suits;
        self.suits_at = source.suits_at;
        self.rejects = source.rejects;
        self.drawn = source.drawn;
        self.drawn_at = source.drawn_at;
        self.sources = source.sources;
        self.agent_sum = source.agent_sum;
    }
}

impl Side {
    /// A seat with nothing yet.
    pub fn new() -> Side {
        Side::holding_counters(Vec::with_capacity(LOSING_COUNTERS))
    }

    /// Empties the side for a new game, keeping the storage of its counters.
    pub fn reset(&mut self) {
        let mut counters = std::mem::take(&mut self.counters);
        counters.clear();
        *self = Side::holding_counters(counters);
    }

    /// An empty side whose counters are kept in `counters` (empty).
    fn holding_counters(counters: Vec<Counter>) -> Side {
        Side {
            hand: Cards::new(),
            agents: [None; AGENT_ZONES],
            mana: [None; MANA_ZONES],
            counters,
            eliminated: false,
            has_played: false,
            known: Cards::new(),
            known_at: Whereabouts::HAND_ONLY,
            seers: 0,
            seen: [Cards::new(); MAX_SEATS],
            seen_at: [Whereabouts::HAND_ONLY; MAX_SEATS],
            proof: None,
            lacks: 0,
            suits: [0; 4],
            suits_at: SuitPlaces::HAND_ONLY,
            rejects: Cards::new(),
            drawn: Cards::new(),
            drawn_at: DrawnPlaces::HAND_ONLY,
            sources: FieldSources::NONE,
            agent_sum: AgentZones::default(),
        }
    }

    /// The lowest free Agent zone (HJ9).
    pub fn free_agent_zone(&self) -> Option<usize> {
        self.agents.iter().position(Option::is_none)
    }

    /// The lowest free Mana zone (HJ9).
    pub fn free_mana_zone(&self) -> Option<usize> {
        self.mana.iter().position(Option::is_none)
    }

    /// Whether the seat controls an untapped Agent.
    pub fn has_untapped_agent(&self) -> bool {
        self.agents.iter().flatten().any(|a| !a.tapped)
    }

    /// Whether the seat controls an Agent.
    pub fn has_agent(&self) -> bool {
        self.agents.iter().any(Option::is_some)
    }

    /// The seat's Agent zones summed up in one pass (what the Main decision reads of them).
    #[inline]
    pub(crate) fn agent_zones(&self) -> AgentZones {
        let mut zones = AgentZones::default();
        for (zone, agent) in self.agents.iter().enumerate() {
            if let Some(agent) = agent {
                zones.occupied |= 1 << zone;
                if !agent.tapped {
                    zones.untapped |= 1 << zone;
                }
                if agent.is_archlord() {
                    zones.archlord_suits |= archlord_suit(agent);
                }
            }
        }
        zones
    }

    /// Sums up the Agent zones again ([`Side::agent_sum`]): called after any change of an
    /// Agent zone.
    #[inline]
    pub(crate) fn refresh_agents(&mut self) {
        self.agent_sum = self.agent_zones();
    }

    /// The cards of the suits of this seat's Archlords (§25, HJ72: a Joker Archlord has no
    /// suit, so enables nothing).
    pub fn archlord_suits(&self) -> CardMask {
        let mut suits = 0;
        for agent in self.agents.iter().flatten().filter(|a| a.is_archlord()) {
            suits |= archlord_suit(agent);
        }
        suits
    }

    /// The face-down Mana zones, bit per zone.
    pub fn down_zones(&self) -> u8 {
        let mut down = 0;
        for (z, m) in self.mana.iter().enumerate() {
            if m.is_some_and(|m| !m.face_up) {
                down |= 1 << z;
            }
        }
        down
    }

    /// The card face down in each Mana zone.
    pub fn face_down_cards(&self) -> [Option<Card>; MANA_ZONES] {
        self.mana.map(|m| m.filter(|m| !m.face_up).map(|m| m.card))
    }

    /// What `observer` knows to be in this hand or face down, and where each copy may lie.
    pub fn known_by(&self, observer: usize) -> (&Cards, &Whereabouts) {
        match (self.seen.get(observer), self.seen_at.get(observer)) {
            (Some(seen), Some(at)) if self.seers >> observer & 1 == 1 => (seen, at),
            _ => (&self.known, &self.known_at),
        }
    }

    /// Face-down Mana cards on the field.
    pub fn face_down_mana(&self) -> usize {
        self.mana.iter().flatten().filter(|m| !m.face_up).count()
    }

    /// The Guild Bonus (§17, §20, HJ47) of this seat's Agents: +1 for a Jack, a Queen and a King
    /// (at most one a Joker standing in), +2 when the suited ones share a suit.
    pub fn guild_bonus(&self) -> u8 {
        let [Some(a), Some(b), Some(c)] = self.agents else {
            return 0;
        };
        let cards = [a.card, b.card, c.card];
        let jokers = cards.iter().filter(|c| c.is_joker()).count();
        if jokers > 1 {
            return 0;
        }
        let mut ranks = [false; 3];
        for card in cards.iter().filter(|c| !c.is_joker()) {
            match card.rank() {
                Some(cards::Rank::Jack) => ranks[0] = true,
                Some(cards::Rank::Queen) => ranks[1] = true,
                Some(cards::Rank::King) => ranks[2] = true,
                _ => return 0,
            }
        }
        if ranks.iter().filter(|&&r| r).count() != 3 - jokers {
            return 0;
        }
        let mut suits = cards.iter().filter_map(|c| c.suit());
        let first = suits.next();
        if suits.all(|s| Some(s) == first) {
            2
        } else {
            1
        }
    }

    /// Every card the seat holds, hand, field, counters and unrevealed rejects.
    pub fn census(&self, out: &mut Vec<Card>) {
        out.extend(self.hand.iter());
        out.extend(self.rejects.iter());
        out.extend(self.agents.iter().flatten().map(|a| a.card));
        out.extend(self.mana.iter().flatten().map(|m| m.card));
        out.extend(self.counters.iter().map(|c| c.card));
    }
}

/// The cards of an Archlord's suit (none for a Joker, HJ72).
#[inline]
fn archlord_suit(agent: &Agent) -> CardMask {
    agent.card.suit().map_or(0, crate::table::card::masks::suit)
}

/// A seat's Agent zones summed up: bit `z` for zone `z`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct AgentZones {
    /// The zones holding an Agent.
    pub occupied: u8,
    /// The zones holding an untapped Agent.
    pub untapped: u8,
    /// The cards of the suits of the seat's Archlords (as [`Side::archlord_suits`]).
    pub archlord_suits: CardMask,
}

impl AgentZones {
    /// Whether an Agent zone is free (HJ9).
    #[inline]
    pub fn has_free(&self) -> bool {
        usize::from(self.occupied) != (1 << AGENT_ZONES) - 1
    }

    /// The lowest free Agent zone (HJ9), as [`Side::free_agent_zone`] finds it: the lowest
    /// bit clear in the sum, with no loop over the zones.
    #[inline]
    pub fn lowest_free(&self) -> Option<usize> {
        lowest_free(self.occupied, AGENT_ZONES)
    }
}

impl Default for Side {
    fn default() -> Self {
        Side::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side_with(agents: [&str; 3]) -> Side {
        let mut side = Side::new();
        for (zone, text) in agents.iter().enumerate() {
            side.agents[zone] = text.parse().ok().map(|card| Agent {
                card,
                tapped: false,
                scars: 0,
            });
        }
        side
    }

    #[test]
    fn s17_guild_bonus_counts_a_jack_queen_and_king() {
        assert_eq!(side_with(["JC", "QD", "KH"]).guild_bonus(), 1);
        assert_eq!(side_with(["JS", "QS", "KS"]).guild_bonus(), 2);
        assert_eq!(side_with(["JS", "QS", "QH"]).guild_bonus(), 0);
        assert_eq!(side_with(["JS", "QS", "-"]).guild_bonus(), 0);
    }

    #[test]
    fn hj47_one_joker_stands_in_for_any_type_and_matches_the_suit() {
        assert_eq!(side_with(["JS", "JK", "KS"]).guild_bonus(), 2);
        assert_eq!(side_with(["JS", "JK", "KH"]).guild_bonus(), 1);
        assert_eq!(side_with(["JK", "JK", "KS"]).guild_bonus(), 0);
        assert_eq!(side_with(["JS", "JK", "JH"]).guild_bonus(), 0);
    }
}
