//! Helpers shared by the Head Trip tests: stacked decks and scripted play.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use cards::{Card, Game};
use headtrip::{challenge_cards, Action, HeadTrip, Options};

/// A challenge deck that starts with `top` (in order) and continues with the other challenge
/// cards in index order.
pub fn deck(top: &[&str]) -> Vec<Card> {
    let mut order: Vec<Card> = top.iter().map(|t| t.parse().unwrap()).collect();
    for card in challenge_cards() {
        if !order.contains(&card) {
            order.push(card);
        }
    }
    order
}

/// Options for one game whose challenge deck starts with `top`.
pub fn stacked(top: &[&str]) -> Options {
    Options {
        stacked_challenges: Some(vec![deck(top)]),
        ..Options::default()
    }
}

/// A game whose challenge deck starts with `top`.
pub fn game(top: &[&str]) -> HeadTrip {
    HeadTrip::new(stacked(top), 0).unwrap()
}

/// Applies actions given in their text notation, panicking with the step on a refusal.
pub fn play(game: &mut HeadTrip, script: &[&str]) {
    for (i, text) in script.iter().enumerate() {
        let action: Action = text
            .parse()
            .unwrap_or_else(|e| panic!("step {i} `{text}`: {e}"));
        game.apply(action)
            .unwrap_or_else(|e| panic!("step {i} `{text}` refused: {e}"));
    }
}

/// The legal actions, as texts.
pub fn legal(game: &HeadTrip) -> Vec<String> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out.iter().map(|a| a.to_string()).collect()
}

/// Serialised state, for "nothing changed" assertions.
pub fn bytes(game: &HeadTrip) -> Vec<u8> {
    serde_json::to_vec(game).unwrap()
}

/// The card of a text.
pub fn card(text: &str) -> Card {
    text.parse().unwrap()
}
