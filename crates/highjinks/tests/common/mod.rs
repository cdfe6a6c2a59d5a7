//! Helpers shared by the High Jinks tests: stacked deals and scripted play.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use cards::{Game, Seat};
use highjinks::{Action, Card, Cards, HighJinks, Options};

/// Parses a card.
pub fn card(text: &str) -> Card {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// Parses cards.
pub fn cards(texts: &[&str]) -> Vec<Card> {
    texts.iter().map(|t| card(t)).collect()
}

/// A stacked Deck for `options`: each seat is dealt its `keep` cards and then its `reject`
/// cards (nine in all), then the Deck goes on with `next` (top first) and every other card
/// of the game in canonical order.
pub fn stacked(options: &Options, deals: &[(&[&str], &[&str])], next: &[&str]) -> Vec<Card> {
    let n = options.players;
    assert_eq!(deals.len(), n, "one deal per seat");
    let mut left = options.cards();
    let mut take = |c: Card| {
        assert!(
            left.remove(c),
            "{c} is used more often than the game has it"
        );
        c
    };
    let hands: Vec<Vec<Card>> = deals
        .iter()
        .map(|(keep, reject)| {
            assert_eq!(keep.len() + reject.len(), 9, "nine cards a seat");
            keep.iter().chain(reject.iter()).map(|t| card(t)).collect()
        })
        .collect();
    let mut deck = Vec::new();
    for round in 0..9 {
        for hand in &hands {
            deck.push(take(hand[round]));
        }
    }
    for t in next {
        deck.push(take(card(t)));
    }
    deck.extend(left.iter());
    deck
}

/// A game dealt as [`stacked`] says, its set-up played (each seat rejects its `reject` cards):
/// seat 0 is in the Main Phase of its first turn.
pub fn table(options: Options, deals: &[(&[&str], &[&str])], next: &[&str]) -> HighJinks {
    let deck = stacked(&options, deals, next);
    let mut game = HighJinks::new(
        Options {
            deck: Some(deck),
            ..options
        },
        0,
    )
    .unwrap();
    for (_, reject) in deals {
        for r in *reject {
            act(&mut game, &format!("reject {r}"));
        }
    }
    game
}

/// A two-player table.
pub fn duo(deals: [(&[&str], &[&str]); 2], next: &[&str]) -> HighJinks {
    table(Options::players(2), &deals, next)
}

/// Three cards nobody needs, to reject.
pub const R0: [&str; 3] = ["3C", "3D", "3H"];
/// Three more.
pub const R1: [&str; 3] = ["4C", "4D", "4H"];
/// Three more.
pub const R2: [&str; 3] = ["8C", "8D", "8H"];
/// Three more.
pub const R3: [&str; 3] = ["9C", "9D", "9H"];

/// Applies one action given in text, panicking on a refusal.
pub fn act(game: &mut HighJinks, text: &str) {
    if let Some(steps) = crate::composite::steps(game, text) {
        let steps = steps.unwrap_or_else(|_| panic!("`{text}`: the payment is refused\n{game}"));
        for step in steps {
            game.apply(step)
                .unwrap_or_else(|e| panic!("`{text}` refused at `{step}`: {e}\n{game}"));
        }
        return;
    }
    let action: Action = text.parse().unwrap_or_else(|e| panic!("`{text}`: {e}"));
    game.apply(action)
        .unwrap_or_else(|e| panic!("`{text}` refused: {e}\n{game}"));
}

/// Applies actions given in text.
pub fn play(game: &mut HighJinks, script: &[&str]) {
    for text in script {
        act(game, text);
    }
}

/// Asserts that the action is refused and changes nothing.
pub fn refuse(game: &mut HighJinks, text: &str) {
    let before = serde_json::to_string(game).unwrap();
    let action: Action = text.parse().unwrap();
    assert!(game.apply(action).is_err(), "`{text}` was accepted");
    assert_eq!(
        before,
        serde_json::to_string(game).unwrap(),
        "refusing `{text}` changed the state"
    );
}

/// The legal actions, as text.
pub fn legal(game: &HighJinks) -> Vec<String> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out.iter().map(ToString::to_string).collect()
}

/// A seat's hand as text, canonical order.
pub fn hand(game: &HighJinks, seat: u8) -> Vec<String> {
    game.hand(Seat(seat)).map(|c| format!("{c:#}")).collect()
}

/// A multiset as text.
pub fn list(cards: &Cards) -> Vec<String> {
    cards.iter().map(|c| format!("{c:#}")).collect()
}

/// A copy of the game with its saved state edited, loaded back (so the load checks pass on it).
pub fn edit(game: &HighJinks, f: impl FnOnce(&mut serde_json::Value)) -> HighJinks {
    let mut state = serde_json::to_value(game).unwrap();
    f(&mut state);
    serde_json::from_value(state).unwrap_or_else(|e| panic!("edited state refused: {e}"))
}

/// In an edited state: takes the Deck's top card.
pub fn pop_deck(state: &mut serde_json::Value) -> serde_json::Value {
    state["deck"].as_array_mut().unwrap().pop().unwrap()
}

/// In an edited state: deals `count` Damage Counters to a seat from the top of the Deck, face up.
pub fn give_counters(state: &mut serde_json::Value, seat: usize, count: usize) {
    for _ in 0..count {
        let card = pop_deck(state);
        state["sides"][seat]["counters"]
            .as_array_mut()
            .unwrap()
            .push(serde_json::json!({"card": card, "face_up": true}));
    }
}

/// In an edited state: sets the scars of a seat's Agent.
pub fn set_scars(state: &mut serde_json::Value, seat: usize, zone: usize, scars: u8) {
    state["sides"][seat]["agents"][zone]["scars"] = serde_json::json!(scars);
}

/// In an edited state: puts a card of the Deck on its top.
pub fn to_deck_top(state: &mut serde_json::Value, card: &str) {
    let deck = state["deck"].as_array_mut().unwrap();
    let at = deck
        .iter()
        .position(|c| c == card)
        .unwrap_or_else(|| panic!("{card} is not in the Deck"));
    let c = deck.remove(at);
    deck.push(c);
}

/// Two players: seat 0 keeps `keep0`, seat 1 keeps `keep1`; both reject Mana cards only, so
/// the Bench starts empty.
pub fn two(keep0: [&str; 6], keep1: [&str; 6], next: &[&str]) -> HighJinks {
    duo([(&keep0, &R0), (&keep1, &R1)], next)
}

/// Seat 0 summons `blocker` on its first turn; seat 1, the dealer, summons `attacker` and
/// attacks seat 0 on its first turn; seat 0 blocks: a duel, seat 1 to empower first.
pub fn duel(keep0: [&str; 6], keep1: [&str; 6], next: &[&str]) -> HighJinks {
    let mut game = two(keep0, keep1, next);
    let (blocker, attacker) = (keep0[0], keep1[0]);
    play(
        &mut game,
        &[
            &format!("summon {blocker}"),
            "decline",
            "end turn",
            &format!("summon {attacker}"),
            "decline",
            "combat",
            "attack a0 p0",
            "block a0",
        ],
    );
    assert!(matches!(game.phase(), highjinks::Phase::Duel(_)));
    game
}
