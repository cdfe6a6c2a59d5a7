//! Scenario set-up for the rule tests: a deck list made of the cards each seat is to hold, and a
//! stacked deck (ruling G2) that deals them so.

#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

use cards::{Game, Seat};
use roundtrip::{Action, ActionError, Options, RoundTrip, TripCard};

/// A filler card nobody needs.
pub const FILL: &str = "hiker 5 6";

/// A dealt scenario: the game and the numbers of the cards each seat was dealt.
pub struct Deal {
    pub game: RoundTrip,
    pub top: Vec<TripCard>,
    pub hands: Vec<Vec<TripCard>>,
    pub aversion: Vec<Vec<TripCard>>,
    pub rest: Vec<TripCard>,
}

/// Builds a game in which (from the top of the deck) `top` are turned first (Specific Trip),
/// then `hands[s]` (five cards each) are dealt to seat `s`, then `aversion[s]`, then `rest`
/// stays in the deck, top first. Seat 0 plays first in the first hand.
pub fn setup(
    mut options: Options,
    top: &[&str],
    hands: &[&[&str]],
    aversion: &[&[&str]],
    rest: &[&str],
) -> Deal {
    let n = hands.len();
    options.players = n;
    let mut list: Vec<String> = Vec::new();
    let number = |text: &str, list: &mut Vec<String>| {
        list.push(text.to_string());
        TripCard(u8::try_from(list.len() - 1).unwrap())
    };
    let top: Vec<TripCard> = top.iter().map(|t| number(t, &mut list)).collect();
    let hands: Vec<Vec<TripCard>> = hands
        .iter()
        .map(|h| h.iter().map(|t| number(t, &mut list)).collect())
        .collect();
    let aversion: Vec<Vec<TripCard>> = aversion
        .iter()
        .map(|h| h.iter().map(|t| number(t, &mut list)).collect())
        .collect();
    let rest: Vec<TripCard> = rest.iter().map(|t| number(t, &mut list)).collect();
    let mut order: Vec<u8> = top.iter().map(|c| c.0).collect();
    for round in 0..5 {
        for hand in &hands {
            order.push(hand[round].0);
        }
    }
    let rounds = aversion.first().map_or(0, Vec::len);
    for round in 0..rounds {
        for a in &aversion {
            order.push(a[round].0);
        }
    }
    order.extend(rest.iter().map(|c| c.0));
    options.deck = Some(list);
    options.stacked_decks = vec![order];
    let game = RoundTrip::new(options, 1).expect("scenario options");
    for (s, hand) in hands.iter().enumerate() {
        assert_eq!(
            game.hand(Seat(s as u8)),
            &hand[..],
            "seat {s} was dealt its scenario hand"
        );
    }
    Deal {
        game,
        top,
        hands,
        aversion,
        rest,
    }
}

/// `draws` interleaved with fillers, for a 2-player game where seat 0 draws `draws` in order
/// and seat 1 draws a filler after each; four more fillers at the end.
pub fn alternate<'a>(draws: &[&'a str]) -> Vec<&'a str> {
    let mut rest = Vec::new();
    for d in draws {
        rest.push(*d);
        rest.push(FILL);
    }
    rest.extend([FILL; 4]);
    rest
}

/// Applies an action given as text; panics with the reason if refused.
pub fn act(game: &mut RoundTrip, text: &str) {
    let action: Action = text.parse().unwrap();
    if let Err(e) = game.apply(action) {
        panic!("`{text}` refused: {e}\n{game}");
    }
}

/// Plays a card forward or reversed.
pub fn play(game: &mut RoundTrip, card: TripCard, reversed: bool) {
    let text = Action::Play { card, reversed }.to_string();
    act(game, &text);
}

/// Asserts that the action is refused and that the state did not change; returns the error.
pub fn refuse(game: &mut RoundTrip, action: Action) -> ActionError {
    let before = serde_json::to_string(game).unwrap();
    let err = game
        .apply(action)
        .expect_err("the action should be refused");
    assert_eq!(
        before,
        serde_json::to_string(game).unwrap(),
        "refusing `{action}` changed the state"
    );
    err
}

/// The legal actions now.
pub fn legal(game: &RoundTrip) -> Vec<Action> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out
}

/// The seat to act discards its first card (or, with an empty hand, draws or passes), then
/// draws when the deck has cards and passes otherwise.
pub fn idle(game: &mut RoundTrip) {
    let seat = game.to_act().unwrap();
    match game.hand(seat).first().copied() {
        Some(card) => {
            act(game, &format!("discard {card}"));
            finish(game);
        }
        None if game.deck_size() > 0 => act(game, "draw"),
        None => act(game, "pass"),
    }
}

/// Ends the turn after a play or discard: draws if the deck has cards, else passes.
pub fn finish(game: &mut RoundTrip) {
    if game.deck_size() > 0 {
        act(game, "draw");
    } else {
        act(game, "pass");
    }
}
