//! Brains and Hearts' guide: 2 players, runs and three of a kind.

use super::{Guide, OptionField};
use brainshearts::BrainsHearts;

impl Guide for BrainsHearts {
    const TITLE: &'static str = "Brains and Hearts";
    const PLAYERS: &'static str = "2 players";
    const SUMMARY: &'static str = "The Brain (black cards) and The Heart (red), each \
        with a deck of A-7 in two suits, play into three slots each, roll the God Die, and \
        score runs and three of a kind.";
    const OPTIONS: &'static [OptionField] = &[
        OptionField {
            name: "brain_deck",
            default: "null",
            meaning: "The Brain's deck in draw order (first drawn first): the 14 cards A-7 of \
                spades and clubs, each once, e.g. [\"AS\",\"2S\",...]; null shuffles.",
        },
        OptionField {
            name: "heart_deck",
            default: "null",
            meaning: "The Heart's deck in draw order: the 14 cards A-7 of hearts and diamonds, \
                each once; null shuffles.",
        },
        OptionField {
            name: "die_results",
            default: "null",
            meaning: "The first die results in order, each 1-6, at most four (one per roll \
                coin); rolls beyond them are drawn.",
        },
    ];
    const NOTATION: &'static str = "\
Slots are named absolutely: B1-B3 are The Brain's, H1-H3 The Heart's. Cards are A-7 with a
suit: 4S, AH (also 4♠). Any case.
draw                    draw the top card of your deck, committing to play one
play 4S slot2           play a card into your own slot 1-3
play 4S slot2 locked    play it locked (only into an empty slot)
roll                    spend a roll coin and roll the God Die
choose 3                after a 6, take a result 1-5
change H2               the die's change lands on the top card at a position
three 4, three A        claim three of a kind of a value (A is 1)
run B1                  start a run with one of your own top cards
extend H2               add the top card at a position to the run
stop                    end the run (once it has captured)
end                     end the scoring phase";
    const EXAMPLES: &'static [&'static str] = &[
        "draw",
        "play 4S slot2",
        "play 4S slot2 locked",
        "roll",
        "choose 3",
        "change H2",
        "three 4",
        "three A",
        "run B1",
        "extend H2",
        "stop",
        "end",
    ];
}
