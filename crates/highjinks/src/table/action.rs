//! Actions (the decision catalogue of the rulings, HJ16) and their text notation.

use cards::Seat;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

use crate::error::ParseActionError;
use crate::table::card::Card;

/// A *Mana source* (§9, §21, §24, HJ31, HJ59): where a Mana card that empowers an Agent or pays
/// a spell comes from. Sources order hand before zone before counter, each by card or zone;
/// an action paying several lists them in that order (as `legal_actions` does).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Source {
    /// From the hand, discarded to the Boneyard.
    Hand(Card),
    /// From one's own Mana zone 0–5: tapped and turned face up to empower, banished or
    /// discarded to pay.
    Zone(u8),
    /// One's own face-up Mana Damage Counter, flipped face down.
    Counter(Card),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Source::Hand(c) => write!(f, "{c:#}"),
            Source::Zone(z) => write!(f, "m{z}"),
            Source::Counter(c) => write!(f, "dc {c:#}"),
        }
    }
}

/// A summon ability with its target (§18, HJ19, HJ48–HJ51): what a normal summon or an Agent
/// Damage Counter's flip does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ability {
    /// Justice (Jacks): destroy the card in an opponent's Mana zone.
    Justice {
        /// The opponent.
        seat: Seat,
        /// Its Mana zone 0–5.
        zone: u8,
    },
    /// Lust (Queens): recruit this card from the Bench.
    Lust(Card),
    /// Fortune (Kings): salvage this card from the Boneyard.
    Fortune(Card),
}

impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Ability::Justice { seat, zone } => write!(f, "justice p{} m{zone}", seat.0),
            Ability::Lust(c) => write!(f, "lust {c:#}"),
            Ability::Fortune(c) => write!(f, "fortune {c:#}"),
        }
    }
}

/// The three Binary Spells (§21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Spell {
    /// Draw, salvage and/or recruit two cards (HJ60).
    Transmutation,
    /// Burn an opponent (HJ61).
    Infliction,
    /// Heal a Damage Counter (HJ62).
    Restoration,
}

impl Spell {
    /// The three, in order.
    pub const ALL: [Spell; 3] = [Spell::Transmutation, Spell::Infliction, Spell::Restoration];

    /// The verb that casts it: `transmute`, `inflict`, `restore`.
    pub const fn verb(self) -> &'static str {
        match self {
            Spell::Transmutation => "transmute",
            Spell::Infliction => "inflict",
            Spell::Restoration => "restore",
        }
    }

    fn from_verb(word: &str) -> Option<Spell> {
        Spell::ALL.into_iter().find(|s| s.verb() == word)
    }
}

/// One decision of one seat, or the host's clock input.
///
/// Text notation (each line one action; cards as [`Card`] writes them, seats `p0`–`p3`, Agent
/// zones `a0`–`a2`, Mana zones `m0`–`m5`):
///
/// | action | text |
/// | --- | --- |
/// | reject a dealt card (§27) | `reject 5H` |
/// | normal summon (§5) | `summon QS` |
/// | special summon (§5) | `special QS` |
/// | retire an Agent (§5) | `retire a1` |
/// | set a Mana card (§6) | `set 7C` |
/// | go to the Combat Phase | `combat` |
/// | end the turn | `end turn` |
/// | draw (after a summon, Valor) | `draw` |
/// | decline (a summon's draw, Valor, a retaliation) | `decline` |
/// | attack (§7) | `attack a0 p1` |
/// | end combat | `end combat` |
/// | block (§7) | `block a2` |
/// | no block | `no block` |
/// | empower from hand, zone or Damage Counter (§9, §24) | `empower 5H`, `empower m3`, `empower dc 5H` |
/// | play an Ace (§16) | `ace AS` |
/// | pass the duel turn | `pass` |
/// | retaliate with an Ace (§16) | `retaliate AH` |
/// | salvage (Valor, Transmutation) | `salvage 9C` |
/// | a summon ability (§18, HJ19) | `justice p1 m2`, `lust QS`, `fortune 9C` |
/// | flip an Agent Damage Counter for its ability (HJ51) | `flip JH justice p1 m2` |
/// | Conjuration, paying a 6 (§14) | `conjure 6H`, `conjure m0`, `conjure dc 6H` |
/// | Interception, paying a 7 (§15) | `intercept 7H` |
/// | Interception's target (HJ42) | `target p1` |
/// | declare an identity (HJ40, HJ42) | `declare 5H` |
/// | a Binary Spell paid by a pair (§21) | `transmute`, `inflict`, `restore` |
/// | pay one Mana source of a pair, straight or four of a kind | `pay 5H`, `pay m2`, `pay dc 5H` |
/// | recruit (Transmutation) | `recruit QS` |
/// | burn (Infliction) | `burn p1` |
/// | heal a face-up or face-down Damage Counter (Restoration) | `heal p1 5H`, `heal p1 down 5H` |
/// | a straight (§22) | `straight` |
/// | evoke, banishing a card of the straight (HJ65) | `evoke 4H` |
/// | take the evoked card from the Deck (HJ66) | `take 9H` |
/// | four of a kind (§23) | `quad` |
/// | four of a kind's next spell, or stop (HJ68) | `next inflict`, `stop` |
/// | the Archlord's spell (§25, HJ72) | `archlord 5S inflict`, `archlord dc 5S restore` |
/// | a seat's clock expired (§29) | `clock p1` |
///
/// A payment of several sources is one decision per source, each a `pay` after the spell,
/// straight or four of a kind is announced: `inflict`, `pay 5C`, `pay 5H` (a pair's sources in
/// [`Source`]'s order, a straight's from its lowest rank up, four of a kind's by suit).
///
/// ```
/// use highjinks::Action;
/// let action: Action = "attack a0 p1".parse().unwrap();
/// assert_eq!(action.to_string(), "attack a0 p1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Set-up: reject one of the dealt cards.
    Reject(Card),
    /// Normal summon an Agent from hand.
    Summon(Card),
    /// Special summon an Agent from hand (it enters tapped).
    Special(Card),
    /// Retire the Agent of a zone for another normal summon.
    Retire(u8),
    /// Set a Mana card face down.
    Set(Card),
    /// End the Main Phase and enter the Combat Phase.
    Combat,
    /// End the turn.
    EndTurn,
    /// Draw a card (after a normal summon, or as Valor).
    Draw,
    /// Decline (a summon's draw, Valor, a retaliation).
    Decline,
    /// Attack with the Agent of a zone against a seat.
    Attack {
        /// The attacking Agent's zone.
        zone: u8,
        /// The seat attacked.
        target: Seat,
    },
    /// End the Combat Phase.
    EndCombat,
    /// Block with the Agent of a zone.
    Block(u8),
    /// Do not block.
    NoBlock,
    /// Empower one's dueling Agent with one Mana card.
    Empower(Source),
    /// Play an Ace from hand to defeat the opposing Agent.
    Ace(Card),
    /// End one's duel turn.
    Pass,
    /// Retaliate with an Ace from hand.
    Retaliate(Card),
    /// Salvage a card from the Boneyard (Valor, Transmutation).
    Salvage(Card),
    /// A summon ability with its target, right after a normal summon (§18, HJ19).
    Ability(Ability),
    /// Flip one's face-up Agent Damage Counter face down to use its ability (§18, HJ51).
    Flip {
        /// The counter's card (a Joker's may use any ability).
        counter: Card,
        /// The ability and its target.
        ability: Ability,
    },
    /// Banish a 6 to cast Conjuration (§14).
    Conjure(Source),
    /// Banish a 7 to cast Interception (§15).
    Intercept(Source),
    /// Interception's target (HJ42).
    Target(Seat),
    /// Declare an identity, for Conjuration or Interception (HJ40, HJ42, HJ100).
    Declare(Card),
    /// Announce a Binary Spell paid by a pair (§21, HJ59); its two sources follow, each a
    /// [`Action::Pay`].
    Cast(Spell),
    /// Pay one Mana source of the pair, straight or four of a kind announced (§21–§23).
    Pay(Source),
    /// Transmutation: recruit a card from the Bench (HJ48, HJ60).
    Recruit(Card),
    /// Infliction: burn an opponent (HJ61).
    Burn(Seat),
    /// Restoration: heal a Damage Counter (HJ62).
    Heal {
        /// Whose counter.
        seat: Seat,
        /// Its card.
        card: Card,
        /// A face-up counter (`false`: a face-down one).
        face_up: bool,
    },
    /// Announce a straight, discarded to draw 3 (§22, HJ64); its three sources follow.
    Straight,
    /// Evocation: banish this card of the straight from the Boneyard (HJ65).
    Evoke(Card),
    /// Evocation: take this card of the evoked suit from the Deck (HJ66).
    Take(Card),
    /// Announce four of a kind, banished to cast each Binary Spell twice (§23, HJ68); its four
    /// sources follow.
    Quad,
    /// Four of a kind: cast this spell next (HJ68).
    Next(Spell),
    /// Four of a kind: stop; the spells left are lost (HJ68).
    Stop,
    /// The Archlord's spell (§25, HJ72, HJ96): pay with a card of its suit from hand or a
    /// face-up Mana Damage Counter, and cast.
    Archlord {
        /// The cost.
        pay: Source,
        /// The spell.
        spell: Spell,
    },
    /// The host's input: this seat's clock expired (§29, HJ5). Not a decision of the seat to
    /// act, so never among the legal actions; `apply` takes it at any time after set-up in a
    /// timed game, for any seat still in the game, and records replay it like any action.
    Clock(Seat),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Reject(c) => write!(f, "reject {c:#}"),
            Action::Summon(c) => write!(f, "summon {c:#}"),
            Action::Special(c) => write!(f, "special {c:#}"),
            Action::Retire(z) => write!(f, "retire a{z}"),
            Action::Set(c) => write!(f, "set {c:#}"),
            Action::Combat => f.write_str("combat"),
            Action::EndTurn => f.write_str("end turn"),
            Action::Draw => f.write_str("draw"),
            Action::Decline => f.write_str("decline"),
            Action::Attack { zone, target } => write!(f, "attack a{zone} p{}", target.0),
            Action::EndCombat => f.write_str("end combat"),
            Action::Block(z) => write!(f, "block a{z}"),
            Action::NoBlock => f.write_str("no block"),
            Action::Empower(Source::Hand(c)) => write!(f, "empower {c:#}"),
            Action::Empower(Source::Zone(z)) => write!(f, "empower m{z}"),
            Action::Empower(Source::Counter(c)) => write!(f, "empower dc {c:#}"),
            Action::Ace(c) => write!(f, "ace {c:#}"),
            Action::Pass => f.write_str("pass"),
            Action::Retaliate(c) => write!(f, "retaliate {c:#}"),
            Action::Salvage(c) => write!(f, "salvage {c:#}"),
            Action::Ability(a) => write!(f, "{a}"),
            Action::Flip { counter, ability } => write!(f, "flip {counter:#} {ability}"),
            Action::Conjure(s) => write!(f, "conjure {s}"),
            Action::Intercept(s) => write!(f, "intercept {s}"),
            Action::Target(p) => write!(f, "target p{}", p.0),
            Action::Declare(c) => write!(f, "declare {c:#}"),
            Action::Cast(spell) => f.write_str(spell.verb()),
            Action::Pay(source) => write!(f, "pay {source}"),
            Action::Recruit(c) => write!(f, "recruit {c:#}"),
            Action::Burn(p) => write!(f, "burn p{}", p.0),
            Action::Heal {
                seat,
                card,
                face_up,
            } => {
                let down = if face_up { "" } else { "down " };
                write!(f, "heal p{} {down}{card:#}", seat.0)
            }
            Action::Straight => f.write_str("straight"),
            Action::Evoke(c) => write!(f, "evoke {c:#}"),
            Action::Take(c) => write!(f, "take {c:#}"),
            Action::Quad => f.write_str("quad"),
            Action::Next(spell) => write!(f, "next {}", spell.verb()),
            Action::Stop => f.write_str("stop"),
            Action::Archlord { pay, spell } => write!(f, "archlord {pay} {}", spell.verb()),
            Action::Clock(seat) => write!(f, "clock p{}", seat.0),
        }
    }
}

fn numbered(word: Option<&str>, prefix: char, max: u8) -> Result<u8, &'static str> {
    let word = word.ok_or("a zone or seat is missing")?;
    let digits = word
        .strip_prefix(prefix)
        .or_else(|| word.strip_prefix(prefix.to_ascii_uppercase()))
        .ok_or("zones are a0–a2 and m0–m5, seats p0–p3")?;
    match digits.parse::<u8>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err("zone or seat number out of range"),
    }
}

fn card(word: Option<&str>) -> Result<Card, &'static str> {
    word.ok_or("a card is missing")?
        .parse()
        .map_err(|_| "not a card (such as 10H, QS, JK)")
}

type Words<'a> = std::iter::Peekable<std::str::SplitWhitespace<'a>>;

/// One Mana source: `5H`, `m2` or `dc 5H`.
fn source(words: &mut Words<'_>) -> Result<Source, &'static str> {
    match words.next() {
        Some("dc") => card(words.next()).map(Source::Counter),
        Some(word) if word.starts_with('m') && word.len() == 2 => {
            numbered(Some(word), 'm', 5).map(Source::Zone)
        }
        word => card(word).map(Source::Hand),
    }
}

/// A summon ability named by `word`, with its target.
fn ability(word: &str, words: &mut Words<'_>) -> Result<Ability, &'static str> {
    match word {
        "justice" => numbered(words.next(), 'p', 3).and_then(|p| {
            numbered(words.next(), 'm', 5).map(|zone| Ability::Justice {
                seat: Seat(p),
                zone,
            })
        }),
        "lust" => card(words.next()).map(Ability::Lust),
        "fortune" => card(words.next()).map(Ability::Fortune),
        _ => Err("`justice pN mN`, `lust CARD` or `fortune CARD`"),
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        let mut words = lower.split_whitespace().peekable();
        let first = words.next().unwrap_or("");
        let words = &mut words;
        let action = match first {
            "reject" => card(words.next()).map(Action::Reject),
            "summon" => card(words.next()).map(Action::Summon),
            "special" => card(words.next()).map(Action::Special),
            "retire" => numbered(words.next(), 'a', 2).map(Action::Retire),
            "set" => card(words.next()).map(Action::Set),
            "combat" => Ok(Action::Combat),
            "end" => match words.next() {
                Some("turn") => Ok(Action::EndTurn),
                Some("combat") => Ok(Action::EndCombat),
                _ => Err("`end turn` or `end combat`"),
            },
            "draw" => Ok(Action::Draw),
            "decline" => Ok(Action::Decline),
            "attack" => numbered(words.next(), 'a', 2).and_then(|zone| {
                numbered(words.next(), 'p', 3).map(|p| Action::Attack {
                    zone,
                    target: Seat(p),
                })
            }),
            "block" => numbered(words.next(), 'a', 2).map(Action::Block),
            "no" => match words.next() {
                Some("block") => Ok(Action::NoBlock),
                _ => Err("`no block`"),
            },
            "empower" => source(words).map(Action::Empower),
            "ace" => card(words.next()).map(Action::Ace),
            "pass" => Ok(Action::Pass),
            "retaliate" => card(words.next()).map(Action::Retaliate),
            "salvage" => card(words.next()).map(Action::Salvage),
            "justice" | "lust" | "fortune" => ability(first, words).map(Action::Ability),
            "flip" => card(words.next()).and_then(|counter| {
                let word = words.next().unwrap_or("");
                ability(word, words).map(|ability| Action::Flip { counter, ability })
            }),
            "conjure" => source(words).map(Action::Conjure),
            "intercept" => source(words).map(Action::Intercept),
            "target" => numbered(words.next(), 'p', 3).map(|p| Action::Target(Seat(p))),
            "declare" => card(words.next()).map(Action::Declare),
            "recruit" => card(words.next()).map(Action::Recruit),
            "burn" => numbered(words.next(), 'p', 3).map(|p| Action::Burn(Seat(p))),
            "heal" => numbered(words.next(), 'p', 3).and_then(|p| {
                let face_up = words.next_if_eq(&"down").is_none();
                card(words.next()).map(|card| Action::Heal {
                    seat: Seat(p),
                    card,
                    face_up,
                })
            }),
            "straight" => Ok(Action::Straight),
            "pay" => source(words).map(Action::Pay),
            "evoke" => card(words.next()).map(Action::Evoke),
            "take" => card(words.next()).map(Action::Take),
            "quad" => Ok(Action::Quad),
            "next" => words
                .next()
                .and_then(Spell::from_verb)
                .map(Action::Next)
                .ok_or("`next transmute`, `next inflict` or `next restore`"),
            "stop" => Ok(Action::Stop),
            "archlord" => source(words).and_then(|pay| {
                words
                    .next()
                    .and_then(Spell::from_verb)
                    .map(|spell| Action::Archlord { pay, spell })
                    .ok_or("`transmute`, `inflict` or `restore` after the cost")
            }),
            "clock" => numbered(words.next(), 'p', 3).map(|p| Action::Clock(Seat(p))),
            word => match Spell::from_verb(word) {
                Some(spell) => Ok(Action::Cast(spell)),
                None => Err("unknown action word"),
            },
        };
        let action = action.and_then(|a| match words.next() {
            None => Ok(a),
            Some(_) => Err("unexpected words at the end"),
        });
        action.map_err(|why| ParseActionError {
            text: cards::text::shown(s),
            why,
        })
    }
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
