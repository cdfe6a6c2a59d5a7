//! Where the game stands: the decision it waits for, and the attack or duel under way.

use cards::{Seat, SeatSet, Suit};
use serde::{Deserialize, Serialize};

use crate::table::action::{Source, Spell};
use crate::table::card::Card;

/// Most cards one Agent can be empowered with in one duel: the 13 Rule allows at most four
/// non-deuce cards (3 + 3 + 3 + 3 = 12 ≤ 13 < 3 × 5), and two decks hold eight deuces.
pub const MAX_EMPOWERMENTS: usize = 12;

/// An attack declared (§7 i): the attacking seat and Agent zone, and the seat attacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attack {
    /// The turn seat.
    pub attacker: Seat,
    /// Its attacking Agent's zone.
    pub zone: u8,
    /// The opponent attacked.
    pub target: Seat,
}

/// One dueling Agent's empowerments so far (§9, §10, §13, §20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Empowered {
    /// Sum of the non-deuce Mana used (the 13 Rule, HJ32).
    pub counted: u8,
    /// Sum of every Mana used, deuces included (HJ33).
    pub mana: u8,
    /// Suit Bonuses earned (§10, HJ35).
    pub suit_bonus: u8,
    /// A Joker's suit acquired from its first Mana card (§20, HJ58).
    pub joker_suit: Option<Suit>,
    /// Each card used and where it came from, in order.
    pub used: [Option<(Card, Source)>; MAX_EMPOWERMENTS],
}

impl Empowered {
    /// Nothing used yet.
    pub const NONE: Empowered = Empowered {
        counted: 0,
        mana: 0,
        suit_bonus: 0,
        joker_suit: None,
        used: [None; MAX_EMPOWERMENTS],
    };

    /// Cards used so far.
    pub fn count(&self) -> usize {
        self.used.iter().flatten().count()
    }
}

/// The two sides of a duel: index 0 is the attacker, 1 the blocker.
pub type DuelSide = usize;

/// A duel under way (§9, §16, HJ30, HJ45).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Duel {
    /// The attack.
    pub attack: Attack,
    /// The blocking Agent's zone.
    pub blocker: u8,
    /// Scars of the two Agents when the duel began (Juggernaut and Glory, HJ33, HJ71).
    pub scars: [u8; 2],
    /// Empowerments of the attacker's Agent and the blocker's.
    pub sides: [Empowered; 2],
    /// Whose duel turn it is.
    pub turn: DuelSide,
    /// The last duel action was a pass (two in a row end the duel, HJ30).
    pub passed: bool,
    /// An Ace chain under way (HJ45): the side whose Agent the last Ace defeats, which now
    /// decides whether to retaliate.
    pub doomed: Option<DuelSide>,
}

/// What is left to resolve after a duel once its victor's controller has chosen Valor's effect
/// (HJ53): Ruin, then the scars.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aftermath {
    /// The attack.
    pub attack: Attack,
    /// The blocking Agent's zone.
    pub blocker: u8,
    /// The side whose Agent won (the other was defeated).
    pub victor: DuelSide,
    /// The victor's Ruin activates (HJ57).
    pub ruin: bool,
}

/// A four of a kind under way (§23, HJ68): the spells left to cast, and the seats its
/// Inflictions burned (both may hit one seat: that is its one burn of the turn, HJ61).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quad {
    /// Casts left of Transmutation, Infliction and Restoration, in [`Spell::ALL`] order.
    pub left: [u8; 3],
    /// Seats burned by this four of a kind.
    pub burned: SeatSet,
}

impl Quad {
    /// Each spell twice.
    pub const NEW: Quad = Quad {
        left: [2; 3],
        burned: SeatSet::EMPTY,
    };

    /// Casts left of a spell.
    pub fn left(&self, spell: Spell) -> u8 {
        self.left[spell as usize]
    }
}

/// What a payment of several Mana sources buys (§21–§23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cost {
    /// A pair for this Binary Spell (§21, HJ59): two sources, in [`Source`]'s order.
    Pair(Spell),
    /// A straight (§22, HJ64): one source of each of three ranks in a row, lowest first.
    Straight,
    /// Four of a kind (§23, HJ68): one source of each suit of one rank, ♣ ♦ ♥ ♠.
    Quad,
}

impl Cost {
    /// How many sources it takes.
    pub const fn sources(self) -> usize {
        match self {
            Cost::Pair(_) => 2,
            Cost::Straight => 3,
            Cost::Quad => 4,
        }
    }
}

/// A payment under way: announced, some of its sources paid (each paid as it is named), the
/// rest to name (HJ59, HJ64, HJ68; the engine's reading of how a payment is asked).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paying {
    /// What it buys.
    pub cost: Cost,
    /// The sources paid so far with their cards, in the order paid (the last source of a
    /// payment completes it, so at most three are ever held here).
    pub paid: [Option<(Source, Card)>; 3],
    /// A pair's spell could act, when it was announced, only after a payment that banishes
    /// a card (HJ63, HJ97): the pair must then name a source other than a counter.
    pub must_banish: bool,
}

impl Paying {
    /// Announced, nothing paid yet.
    pub const fn new(cost: Cost) -> Paying {
        Paying {
            cost,
            paid: [None; 3],
            must_banish: false,
        }
    }

    /// How many sources are paid.
    pub fn count(&self) -> usize {
        self.paid.iter().flatten().count()
    }
}

/// A Binary Spell being resolved: where the game goes once it is done (back to the Main Phase,
/// or to the four of a kind that cast it).
pub type Then = Option<Quad>;

/// The decision the game waits for.
///
/// An explicit one-byte tag (`repr(u8)`): the decision is told by one byte compared or looked
/// up, not decoded from a niche in a duel's fields, which every listing and `settle` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[repr(u8)]
pub enum Phase {
    /// Set-up (§27, HJ78): this seat rejects its next card.
    Setup {
        /// The seat choosing.
        seat: Seat,
    },
    /// The turn seat's Main Phase (§4).
    Main,
    /// Right after a normal summon (§5, §18, HJ19): draw, the summoned Agent's ability, or
    /// decline.
    Summoned {
        /// The Agent summoned.
        agent: Card,
    },
    /// Conjuration (§14, HJ40): the caster declares an identity.
    Conjure {
        /// The 6 banished.
        six: Card,
    },
    /// Interception (§15, HJ42): the caster names its target, then declares an identity.
    Intercept {
        /// The 7 banished.
        seven: Card,
        /// The opponent targeted, once named.
        target: Option<Seat>,
    },
    /// Transmutation (HJ60): picks left to make.
    Transmute {
        /// Picks left (2 or 1).
        picks: u8,
        /// Where the game goes next.
        then: Then,
    },
    /// Infliction (HJ61): whom to burn.
    Inflict {
        /// Where the game goes next.
        then: Then,
    },
    /// Restoration (HJ62): which counter to heal.
    Restore {
        /// Where the game goes next.
        then: Then,
    },
    /// After a same-suit straight's draws (HJ65): evoke by banishing one of its discarded
    /// cards, or decline.
    Evoke {
        /// The straight's cards discarded to the Boneyard (a counter used is not).
        discarded: [Option<Card>; 3],
    },
    /// Evocation's search (HJ66): the caster takes a card of the suit from the Deck.
    EvokeTake {
        /// The suit evoked.
        suit: Suit,
    },
    /// Four of a kind (HJ68): the next spell, or stop.
    Quad(Quad),
    /// A pair, straight or four of a kind announced: the caster names its next source.
    Pay(Paying),
    /// The Combat Phase (§7): attack or end combat.
    Combat,
    /// The attacked seat decides whether to block (§7 ii, HJ27).
    Block(Attack),
    /// A duel (§9).
    Duel(Duel),
    /// Valor (§19, HJ54): the victor's controller draws, salvages or declines.
    Valor(Aftermath),
    /// The game is over.
    Over,
}

impl Phase {
    /// What the game waits for, in words.
    pub fn waiting(&self) -> &'static str {
        match self {
            Phase::Setup { .. } => "a card to reject",
            Phase::Main => "a Main Phase action",
            Phase::Summoned { .. } => "draw, the summon ability or decline after the summon",
            Phase::Conjure { .. } => "Conjuration's declared card",
            Phase::Intercept { target: None, .. } => "Interception's target",
            Phase::Intercept { .. } => "Interception's declared card",
            Phase::Transmute { .. } => "a Transmutation pick",
            Phase::Inflict { .. } => "Infliction's target",
            Phase::Restore { .. } => "the Damage Counter to heal",
            Phase::Evoke { .. } => "evoke or decline",
            Phase::EvokeTake { .. } => "the card to take from the Deck",
            Phase::Quad(_) => "four of a kind's next spell, or stop",
            Phase::Pay(_) => "the next Mana source of the payment",
            Phase::Combat => "an attack or the end of combat",
            Phase::Block(_) => "a block decision",
            Phase::Duel(duel) if duel.doomed.is_some() => "a retaliation or decline",
            Phase::Duel(_) => "a duel action",
            Phase::Valor(_) => "Valor's choice",
            Phase::Over => "nothing: the game is over",
        }
    }
}
