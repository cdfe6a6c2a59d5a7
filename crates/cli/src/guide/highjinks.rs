//! High Jinks' guide: 2-4 players summon Agents, duel with Mana and cast spells. Its log
//! prefixes the acting seat to the actions it observes as themselves, which do not name it.

use super::{Guide, OptionField};
use cards::Seat;
use highjinks::{Action, HighJinks, Observation};

impl Guide for HighJinks {
    const TITLE: &'static str = "High Jinks";
    const PLAYERS: &'static str = "2-4 players";
    const SUMMARY: &'static str = "Summon Agents (J, Q, K), set Mana cards, attack \
        and duel with Mana and Aces, and cast spells (Conjuration, Interception, Binary Spells, \
        straights, four of a kind, the Archlord's); an Agent's seventh Battle Scar wins at once, and \
        otherwise the last seat standing wins.";
    const OPTIONS: &'static [OptionField] = &[
        OptionField {
            name: "players",
            default: "2",
            meaning: "Number of players, 2 to 4.",
        },
        OptionField {
            name: "decks",
            default: "null",
            meaning: "Standard 52-card decks shuffled together, 1 or 2; null is 1 for 2 players, \
                2 for 3 or 4.",
        },
        OptionField {
            name: "jokers",
            default: "null",
            meaning: "Jokers added, at most 2 a deck; null is 2 a deck.",
        },
        OptionField {
            name: "timed",
            default: "false",
            meaning: "Playing under time (§29): the host may send `clock pN` inputs. `cards` \
                sends none: its clocks never run out.",
        },
        OptionField {
            name: "max_main_actions",
            default: "200",
            meaning: "Top-level actions allowed in one Main Phase, 1 to 1000.",
        },
        OptionField {
            name: "max_turns",
            default: "500",
            meaning: "Turns before the game ends on the fewest Damage Counters, 1 to 100000.",
        },
        OptionField {
            name: "deck",
            default: "null",
            meaning: "A stacked Deck: every card of the game, top first (\"QS\", \"JK\"), in \
                place of the first shuffle; null shuffles.",
        },
        OptionField {
            name: "shuffles",
            default: "[]",
            meaning: "Orders for the later shuffles (Deck rebuilds), used in turn, top first; \
                then the generator shuffles.",
        },
    ];
    const NOTATION: &'static str = "\
Cards are rank then suit: 5H, 10H (also TH, 10♥), QS, AC; every Joker is JK. Seats are p0-p3,
Agent zones a0-a2, Mana zones m0-m5. A Mana source is 5H (from hand), m2 (your Mana zone) or
dc 5H (your face-up Mana Damage Counter). Any case.
reject 5H               set-up: reject a dealt card (three times)
summon QS, special QS   normal or special summon of an Agent
retire a1               retire an Agent for another normal summon
set 7C                  set a Mana card face down
combat, end turn        go to the Combat Phase; end the turn
draw, decline           draw after a summon or by Valor; decline (a draw, Valor, a retaliation)
attack a0 p1            attack seat 1 with the Agent in zone a0
end combat              end the Combat Phase
block a2, no block      block with the Agent in zone a2, or not
empower 5H, empower m3, empower dc 5H   empower your dueling Agent with Mana
ace AS, pass            play an Ace in a duel; end your duel turn
retaliate AH            retaliate with an Ace
salvage 9C              salvage from the Boneyard (Valor, Transmutation)
justice p1 m2, lust QS, fortune 9C      a summon ability with its target
flip JH justice p1 m2   flip an Agent Damage Counter for its ability
conjure 6H, intercept 7H                Conjuration (pay a 6), Interception (pay a 7)
target p1, declare 5H   Interception's target; the identity declared
transmute 5H m2, inflict 5C 5H, restore dc 4C 4D   a Binary Spell, paying a pair
recruit QS, burn p1, heal p1 5H, heal p1 down 5H    the spells' choices
straight 3H 4H m1, evoke 4H, take 9H    a straight, then Evocation
quad 5C 5D m0 dc 5S, next inflict, stop   four of a kind, then its spells
archlord 5S inflict     the Archlord's spell";
    const EXAMPLES: &'static [&'static str] = &[
        "reject 5H",
        "summon QS",
        "special QS",
        "retire a1",
        "set 7C",
        "combat",
        "end turn",
        "draw",
        "decline",
        "attack a0 p1",
        "end combat",
        "block a2",
        "no block",
        "empower 5H",
        "empower m3",
        "empower dc 5H",
        "ace AS",
        "pass",
        "retaliate AH",
        "salvage 9C",
        "justice p1 m2",
        "lust QS",
        "fortune 9C",
        "flip JH justice p1 m2",
        "conjure 6H",
        "intercept 7H",
        "target p1",
        "declare 5H",
        "transmute 5H m2",
        "inflict 5C 5H",
        "restore dc 4C 4D",
        "recruit QS",
        "burn p1",
        "heal p1 5H",
        "heal p1 down 5H",
        "straight 3H 4H m1",
        "evoke 4H",
        "take 9H",
        "quad 5C 5D m0 dc 5S",
        "next inflict",
        "stop",
        "archlord 5S inflict",
    ];

    /// An action observed as itself does not name its seat: the log does (a host's `clock pN`
    /// names the seat whose clock ran out, and is no seat's decision).
    fn log_line(&self, actor: Seat, _observer: Seat, observation: Observation) -> String {
        match observation {
            Observation::Seen(Action::Clock(_)) => observation.to_string(),
            Observation::Seen(action) => format!("seat {}: {action}", actor.0),
            other => other.to_string(),
        }
    }
}
