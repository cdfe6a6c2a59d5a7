//! A seat's view (§30, HJ84, HJ85): its information state with perfect recall.

//!
//! What a seat sees of each action is [`observation`]. A view reads the table, the records of
//! what the seats know, and who decides now (`rules/to_act.rs`).

pub(crate) mod observation;

use cards::{Seat, SeatSet};
use serde::Serialize;

use crate::table::card::{Card, CardMask, Cards};
use crate::table::field::{Agent, Counter};
use crate::table::phase::Phase;
use crate::table::sizes::{AGENT_ZONES, MANA_ZONES, MAX_SEATS};
use crate::table::state::{Marks, State};
use crate::table::suit_places::{DrawnPlaces, SuitPlaces};
use crate::table::whereabouts::Whereabouts;

/// A Mana zone as a seat sees it: the card when face up or the seat's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ManaView {
    /// The card, if this seat may see it.
    pub card: Option<Card>,
    /// Face up.
    pub face_up: bool,
    /// Tapped.
    pub tapped: bool,
}

/// One seat's side as another sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideView {
    /// Out of the game.
    pub eliminated: bool,
    /// Has begun its first turn.
    pub has_played: bool,
    /// Cards in hand.
    pub hand_len: usize,
    /// The hand itself: the viewer's own only.
    pub hand: Option<Cards>,
    /// Cards the viewer knows to be in this hand or among its face-down Mana (HJ85, HJ88): what
    /// all know, or, once an Interception's proof showed the viewer this hand (HJ42), what it
    /// knows of its own; for the viewer's own side, what all know of it.
    pub known: Cards,
    /// Where each copy in `known` may lie besides the hand: the face-down zones set after it
    /// was known to be there (HJ88).
    pub known_at: Whereabouts,
    /// For the viewer's own side only: what each seat an Interception's proof showed it to
    /// knows of it (empty for the others, who know `known`), which the viewer knows since it
    /// is its own hand (HJ42).
    pub seen_by: Option<[Cards; MAX_SEATS]>,
    /// For the viewer's own side only: where each copy in `seen_by` may lie besides the hand.
    pub seen_at_by: Option<[Whereabouts; MAX_SEATS]>,
    /// Identities all know are not in this hand (an Interception that missed, HJ42), as a mask
    /// of canonical indices.
    pub lacks: CardMask,
    /// Cards of each suit (♣ ♦ ♥ ♠) all know to be in this hand or face-down Mana besides
    /// `known`: cards taken by Evocation, whose suit is public (HJ66).
    pub suits: [u8; 4],
    /// Where the cards of `suits` may lie besides the hand: face-down zones set after they
    /// were taken (HJ88).
    pub suits_at: SuitPlaces,
    /// Cards rejected at set-up and not yet revealed: the viewer's own, else only how many.
    pub rejects: Option<Cards>,
    /// How many cards it has rejected so far.
    pub rejects_len: usize,
    /// Agent zones (Agents are face up).
    pub agents: [Option<Agent>; AGENT_ZONES],
    /// The Guild Bonus of its Agents (§17).
    pub guild_bonus: u8,
    /// Mana zones.
    pub mana: [Option<ManaView>; MANA_ZONES],
    /// Damage Counters (face-down ones can still be viewed, §24).
    pub counters: Vec<Counter>,
}

/// What one seat may see of the game (HJ84): the whole public table, its own hand and face-down
/// Mana, and what it knows of other hands; never the Deck's order, other hands' unrevealed
/// cards, face-down Mana of others or others' rejects before all have chosen.
///
/// The log of actions is not part of the view: what a seat saw of each action is its
/// [`Observation`](crate::Observation), and everything those showed that still bears on what
/// is hidden is here (the cards known in other hands, the piles' contents).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The viewer (a seat beyond the table is a spectator).
    pub seat: Seat,
    /// Seats at the table; the dealer is the last.
    pub players: usize,
    /// Decks and Jokers in play.
    pub decks: u8,
    /// Jokers in play.
    pub jokers: u8,
    /// Playing under time.
    pub timed: bool,
    /// The Main Phase bound (HJ18).
    pub max_main_actions: u16,
    /// The turn bound (HJ38).
    pub max_turns: u32,
    /// Turns ended.
    pub turns: u32,
    /// Whose turn it is.
    pub turn_seat: Seat,
    /// The decision the game waits for, with the attack or duel under way (all public).
    pub phase: Phase,
    /// The seat to act.
    pub to_act: Option<Seat>,
    /// Combat allowed this turn.
    pub combat_allowed: bool,
    /// Normal summons left this turn.
    pub summons_left: u16,
    /// Main actions taken this turn.
    pub main_actions: u16,
    /// Every seat's side.
    pub sides: Vec<SideView>,
    /// Cards in the Deck.
    pub deck_len: usize,
    /// The Deck's contents (not their order), while this seat knows them: from a rebuild, whose
    /// cards all have seen, until another seat draws from it unseen.
    pub deck_known: Option<Cards>,
    /// The cards of the last rebuilt Deck, as all saw them when it was rebuilt (§28, HJ80).
    pub rebuilt: Cards,
    /// The Deck group, while this seat knows it (a rebuilt Deck, or a Deck it saw by
    /// Evocation): the group's cards in the Deck or drawn unseen by the other seats, which
    /// hold them in hand or face down (HJ6, HJ80).
    pub group: Option<Cards>,
    /// How many of the group's cards each other seat drew unseen and still holds (0 for the
    /// viewer, and all 0 without a group).
    pub group_drawn: [u8; 4],
    /// Where each other seat's drawn cards may lie besides the hand: face-down zones set after
    /// they were drawn (HJ88; all in the hand for the viewer and without a group).
    pub group_drawn_at: [DrawnPlaces; 4],
    /// Suits all know the Deck holds none of (an Evocation found none, HJ66), bit = suit.
    pub deck_lacks: u8,
    /// Cards summoned this turn, which may not be summoned again this turn (HJ23).
    pub marks: Marks,
    /// Seats burned this turn (HJ61).
    pub burned: SeatSet,
    /// Suits evoked this turn (HJ65), bit = suit.
    pub evoked: u8,
    /// The Archlord's spell used this turn (HJ72).
    pub archlord_used: bool,
    /// The Boneyard.
    pub boneyard: Cards,
    /// The Bench, bottom first.
    pub bench: Vec<Card>,
    /// The Void (HJ11).
    pub void: Cards,
    /// Stacked later shuffles used.
    pub shuffles_used: u32,
    /// A stacked shuffle did not fit (HJ90).
    pub stack_diverged: bool,
    /// The winners, once over.
    pub winners: SeatSet,
}

impl View {
    pub(crate) fn of(state: &State, seat: Seat) -> View {
        let sides = state
            .sides
            .iter()
            .enumerate()
            .map(|(i, side)| {
                let own = i == seat.index();
                let (known, known_at) = state.known_to(seat, Seat(i as u8));
                SideView {
                    eliminated: side.eliminated,
                    has_played: side.has_played,
                    hand_len: side.hand.len(),
                    hand: own.then_some(side.hand),
                    known,
                    known_at,
                    seen_by: own.then_some(side.seen),
                    seen_at_by: own.then_some(side.seen_at),
                    lacks: side.lacks,
                    suits: side.suits,
                    suits_at: side.suits_at,
                    rejects: own.then_some(side.rejects),
                    rejects_len: side.rejects.len(),
                    agents: side.agents,
                    guild_bonus: side.guild_bonus(),
                    mana: side.mana.map(|m| {
                        m.map(|m| ManaView {
                            card: (m.face_up || own).then_some(m.card),
                            face_up: m.face_up,
                            tapped: m.tapped,
                        })
                    }),
                    counters: side.counters.clone(),
                }
            })
            .collect();
        let group = state.group_view(seat);
        View {
            seat,
            players: state.players(),
            decks: state.options.deck_count(),
            jokers: state.options.joker_count(),
            timed: state.options.timed,
            max_main_actions: state.options.max_main_actions,
            max_turns: state.options.max_turns,
            turns: state.turns,
            turn_seat: state.turn_seat,
            phase: state.phase,
            to_act: state.to_act(),
            combat_allowed: state.combat_allowed,
            summons_left: state.summons_left,
            main_actions: state.main_actions,
            sides,
            deck_len: state.deck.len(),
            deck_known: state
                .knows_deck(seat)
                .then(|| state.deck.iter().copied().collect()),
            rebuilt: state.rebuilt,
            group: group.map(|(cards, _, _)| cards),
            group_drawn: group.map_or([0; 4], |(_, counts, _)| counts),
            group_drawn_at: group.map_or([DrawnPlaces::HAND_ONLY; 4], |(_, _, places)| places),
            deck_lacks: state.deck_lacks,
            marks: state.marks,
            burned: state.burned,
            evoked: state.evoked,
            archlord_used: state.archlord_used,
            boneyard: state.boneyard,
            bench: state.bench.clone(),
            void: state.void,
            shuffles_used: state.shuffles_used,
            stack_diverged: state.stack_diverged,
            winners: state.winners,
        }
    }
}

impl std::fmt::Display for View {
    /// The table as this seat sees it: for playing in a terminal.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let deck_cards = if self.deck_len == 1 { "card" } else { "cards" };
        writeln!(
            f,
            "Turn {} — seat {} to play; waiting for {}. Deck: {} {deck_cards}.",
            self.turns.saturating_add(1),
            self.turn_seat.0,
            self.phase.waiting(),
            self.deck_len
        )?;
        for (i, side) in self.sides.iter().enumerate() {
            let me = if i == self.seat.index() { " (you)" } else { "" };
            let out = if side.eliminated { " — out" } else { "" };
            let cards = if side.hand_len == 1 { "card" } else { "cards" };
            write!(f, "Seat {i}{me}{out}: {} {cards} in hand;", side.hand_len)?;
            write!(f, " Agents:")?;
            if side.agents.iter().flatten().next().is_none() {
                write!(f, " none")?;
            }
            for agent in side.agents.iter().flatten() {
                let tapped = if agent.tapped { ", tapped" } else { "" };
                let scars = if agent.scars == 1 { "scar" } else { "scars" };
                write!(f, " {} ({} {scars}{tapped})", agent.card, agent.scars)?;
            }
            write!(f, "; Mana:")?;
            if side.mana.iter().flatten().next().is_none() {
                write!(f, " none")?;
            }
            for mana in side.mana.iter().flatten() {
                match mana.card {
                    Some(card) if mana.face_up => write!(f, " {card}")?,
                    Some(card) => write!(f, " [{card}]")?,
                    None => write!(f, " [?]")?,
                }
                if mana.tapped {
                    write!(f, "↷")?;
                }
            }
            write!(f, "; Damage Counters:")?;
            if side.counters.is_empty() {
                write!(f, " none")?;
            }
            for c in &side.counters {
                if c.face_up {
                    write!(f, " {}", c.card)?;
                } else {
                    write!(f, " ({})", c.card)?;
                }
            }
            writeln!(f)?;
            if let Some(hand) = &side.hand {
                write!(f, "  Your hand:")?;
                if hand.iter().next().is_none() {
                    write!(f, " empty")?;
                }
                for card in hand.iter() {
                    write!(f, " {card}")?;
                }
                writeln!(f)?;
            } else if !side.known.is_empty() {
                write!(f, "  Known in that hand:")?;
                for card in side.known.iter() {
                    write!(f, " {card}")?;
                }
                writeln!(f)?;
            }
        }
        if let Phase::Duel(duel) = &self.phase {
            for (i, e) in duel.sides.iter().enumerate() {
                write!(
                    f,
                    "Duel, seat {}: Mana {} (13 Rule: {}), suit bonus {}",
                    duel.seat(i).0,
                    e.mana,
                    e.counted,
                    e.suit_bonus
                )?;
                if let Some(suit) = e.joker_suit {
                    write!(f, ", Joker's suit {suit:?}")?;
                }
                writeln!(f)?;
            }
        }
        write!(f, "Bench (bottom first):")?;
        if self.bench.is_empty() {
            write!(f, " empty")?;
        }
        for card in &self.bench {
            write!(f, " {card}")?;
        }
        write!(f, "\nBoneyard:")?;
        if self.boneyard.iter().next().is_none() {
            write!(f, " empty")?;
        }
        for card in self.boneyard.iter() {
            write!(f, " {card}")?;
        }
        write!(f, "\nVoid:")?;
        if self.void.iter().next().is_none() {
            write!(f, " empty")?;
        }
        for card in self.void.iter() {
            write!(f, " {card}")?;
        }
        writeln!(f)
    }
}
