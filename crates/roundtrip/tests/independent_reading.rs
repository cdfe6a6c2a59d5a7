#![allow(clippy::unwrap_used, clippy::expect_used)]
//! An independent reading of the Round Trip Ticket rules.
//!
//! Written from the *Round Trip Ticket* rulebook, the default deck and the rulings G1–G5 and
//! RT1–RT7 (stated in `docs/rules/README.md` and `docs/rules/roundtrip.md`) only, through the
//! engine's public interface. Each test is named after the rule it checks (`rulebook_…` for the
//! rulebook, `rt…`/`g…` for the rulings). Scenarios use custom deck lists (card `n` is line `n`
//! of the list) and stacked decks.
//!
//! The engine's dealing order, observed through the public interface and followed here: the
//! Specific Trip cards come off the top first, then five cards one at a time to each seat
//! starting left of the dealer, then the Aversion cards one round at a time; the first dealer
//! is the last seat.

use cards::{Game, Seat};
use roundtrip::{
    Action, ActionError, DeckListError, Goal, Options, OptionsError, RoundTrip, Step, EACH_MODE,
    FIRST_TRIP, GOALS, NO_AIRPLANE,
};

// ---------------------------------------------------------------------------------------------
// Helpers

/// A filler card that no scenario uses on purpose (it joins hexagon and cross).
const FILLER: &str = "horse hexagon cross";

/// The stacked order of one deal: the Specific Trip cards (`pre`), the hands (in dealing order,
/// first the seat left of the dealer), the Aversion cards (`aversion[i]` for the same seat as
/// `hands[i]`), then `top`, then every other card of the deck in list order.
fn order(total: usize, pre: &[u8], hands: &[&[u8]], aversion: &[&[u8]], top: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = pre.to_vec();
    for round in 0..5 {
        for hand in hands {
            out.push(hand[round]);
        }
    }
    let rounds = aversion.iter().map(|a| a.len()).max().unwrap_or(0);
    for round in 0..rounds {
        for cards in aversion {
            out.push(cards[round]);
        }
    }
    out.extend_from_slice(top);
    for c in 0..total {
        let c = u8::try_from(c).unwrap();
        if !out.contains(&c) {
            out.push(c);
        }
    }
    assert_eq!(out.len(), total, "a card is listed twice in the scenario");
    out
}

/// The deck list of a scenario: `cards`, then `filler` filler cards.
fn deck_list(cards: &[&str], filler: usize) -> Vec<String> {
    let mut list: Vec<String> = cards.iter().map(|s| (*s).to_string()).collect();
    list.extend(std::iter::repeat_n(FILLER.to_string(), filler));
    list
}

/// Starts a scenario game: `options` with the deck list and the first deal stacked.
fn scenario(
    mut options: Options,
    cards: &[&str],
    filler: usize,
    pre: &[u8],
    hands: &[&[u8]],
    aversion: &[&[u8]],
    top: &[u8],
) -> RoundTrip {
    let list = deck_list(cards, filler);
    let total = list.len();
    options.deck = Some(list);
    options.stacked_decks = vec![order(total, pre, hands, aversion, top)];
    RoundTrip::new(options, 1).expect("scenario options are valid")
}

/// A basic-game scenario with `players` seats and forty filler cards.
fn basic(players: usize, cards: &[&str], hands: &[&[u8]], top: &[u8]) -> RoundTrip {
    let options = Options {
        players,
        ..Options::default()
    };
    scenario(options, cards, 40, &[], hands, &[], top)
}

/// Applies actions given in the engine's text notation, checking that each is accepted.
fn run(game: &mut RoundTrip, actions: &[&str]) {
    for text in actions {
        let action: Action = text.parse().expect("notation");
        let seat = game.to_act();
        if let Err(e) = game.apply(action) {
            panic!("`{text}` by {seat:?} refused: {e}\n{game}");
        }
    }
}

/// Asserts that an action (in text notation) is refused and leaves the state unchanged (G4).
fn refused(game: &mut RoundTrip, text: &str) -> ActionError {
    let before = serde_json::to_vec(game).unwrap();
    let action: Action = text.parse().expect("notation");
    let err = game
        .apply(action)
        .expect_err(&format!("`{text}` should be refused"));
    assert_eq!(
        serde_json::to_vec(game).unwrap(),
        before,
        "refused `{text}` changed the state"
    );
    err
}

/// The legal actions of the seat to act, in text notation.
fn legal(game: &RoundTrip) -> Vec<String> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out.iter().map(ToString::to_string).collect()
}

fn has(game: &RoundTrip, text: &str) -> bool {
    legal(game).iter().any(|a| a == text)
}

/// The seat to act burns its turn: discards its first card (or, with an empty hand, draws if
/// it can, else passes), then passes its draw.
fn idle(game: &mut RoundTrip) {
    let first = game.to_act().and_then(|s| game.hand(s).first().copied());
    match first {
        Some(card) => run(game, &[&format!("discard {card}")]),
        None if has(game, "draw") => run(game, &["draw"]),
        None => run(game, &["pass"]),
    }
    if matches!(step(game), Step::DrawStealOrPass { .. }) {
        run(game, &["pass"]);
    }
}

/// After seat 0's play: every opponent passes its wild-card response, if any; then seat 0
/// draws (`draw`) or passes its draw step, if it still has one.
fn end_turn(game: &mut RoundTrip, draw: bool) {
    while let Step::RespondToWild { .. } = step(game) {
        run(game, &["pass"]);
    }
    if matches!(step(game), Step::DrawStealOrPass { .. }) {
        run(game, &[if draw { "draw" } else { "pass" }]);
    }
}

fn step(game: &RoundTrip) -> Step {
    game.view(Seat(0)).step
}

fn trip_len(game: &RoundTrip, seat: u8) -> usize {
    game.view(Seat(0)).seats[usize::from(seat)].trip.len()
}

fn completed(game: &RoundTrip, seat: u8) -> Vec<usize> {
    game.view(Seat(0)).seats[usize::from(seat)]
        .completed
        .iter()
        .map(Vec::len)
        .collect()
}

fn winners(game: &RoundTrip) -> Vec<Seat> {
    game.winners().iter().collect()
}

/// Seat 0's six-card trip circle → square → triangle → star → diamond → hexagon → circle, in six
/// different modes and without airplanes. Scenarios deal cards 0–4 to seat 0 and put card 5 on
/// top of the deck.
const SIX: [&str; 6] = [
    "hiker circle square",
    "bike square triangle",
    "horse triangle star",
    "car star diamond",
    "bus diamond hexagon",
    "train hexagon circle",
];

/// Plays seat 0's six-card trip of [`SIX`] while every other seat discards its hand in order and
/// passes; seat 0 draws card 5 on its first turn and then passes.
fn play_six(game: &mut RoundTrip, players: u8, others: &[&[u8]]) {
    for turn in 0..6u8 {
        let draw = if turn == 0 { "draw" } else { "pass" };
        run(game, &[&format!("play {turn} fwd")]);
        if turn == 5 {
            return;
        }
        run(game, &[draw]);
        for seat in 1..players {
            let card = others[usize::from(seat - 1)][usize::from(turn)];
            run(game, &[&format!("discard {card}"), "pass"]);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Before play: the deck, the deal, the first player

#[test]
fn rt1_default_deck_is_the_one_of_roundtrip_deck_md() {
    let game = RoundTrip::new(Options::default(), 3).unwrap();
    let faces = game.view(Seat(0)).faces;
    let mut expected = Vec::new();
    for mode in 0..7u8 {
        for step in 1..=3u8 {
            for k in 0..=3u8 {
                expected.push((mode, (mode + k) % 7, (mode + k + step) % 7));
            }
        }
    }
    for symbol in 0..7u8 {
        expected.push((7, symbol, 7));
        expected.push((7, symbol, 7));
    }
    let got: Vec<(u8, u8, u8)> = faces.iter().map(|f| (f.mode, f.a, f.b)).collect();
    assert_eq!(got, expected);
    // 98 trip cards: 12 of each of the seven modes and 14 airplanes; boats and airplanes blue.
    assert_eq!(faces.len(), 98);
    assert_eq!(faces.iter().filter(|f| f.is_airplane()).count(), 14);
    assert_eq!(faces.iter().filter(|f| f.is_blue()).count(), 26);
    let mut census = Vec::new();
    game.census(&mut census);
    assert_eq!(census.len(), 98);
}

#[test]
fn rt1_malformed_deck_lists_are_refused_with_a_typed_error() {
    let mut good = deck_list(&[], 12);
    for (bad, index) in [
        ("bike circle circle", 3),
        ("bike ? circle", 0),
        ("rocket circle square", 11),
        ("airplane circle square", 5),
        ("airplane ? ?", 7),
        ("bike circle", 2),
        ("", 1),
    ] {
        let saved = std::mem::replace(&mut good[index], bad.to_string());
        let options = Options {
            players: 2,
            deck: Some(good.clone()),
            ..Options::default()
        };
        match RoundTrip::new(options, 1) {
            Err(OptionsError::DeckList(DeckListError::Card { index: i, .. })) => {
                assert_eq!(i, index, "{bad}");
            }
            other => panic!("`{bad}` gave {other:?}"),
        }
        good[index] = saved;
    }
    // A well-formed list, also in the other accepted spellings, is accepted.
    let mut ok = deck_list(&[], 10);
    ok[0] = "airplane ? circle".into();
    ok[1] = "boat 0 6".into();
    let options = Options {
        players: 2,
        deck: Some(ok),
        ..Options::default()
    };
    assert!(RoundTrip::new(options, 1).is_ok());
    // Too long a list.
    let options = Options {
        players: 2,
        deck: Some(deck_list(&[], 300)),
        ..Options::default()
    };
    assert!(matches!(
        RoundTrip::new(options, 1),
        Err(OptionsError::DeckList(DeckListError::TooLong { .. }))
    ));
}

#[test]
fn rulebook_two_to_six_players_and_enough_cards_to_deal() {
    for players in [0, 1, 7] {
        let options = Options {
            players,
            ..Options::default()
        };
        assert!(matches!(
            RoundTrip::new(options, 1),
            Err(OptionsError::Players(p)) if p == players
        ));
    }
    for players in 2..=6 {
        let options = Options {
            players,
            ..Options::default()
        };
        assert!(RoundTrip::new(options, 1).is_ok());
    }
    // Five cards to each of three players need fifteen cards.
    let options = Options {
        players: 3,
        deck: Some(deck_list(&[], 14)),
        ..Options::default()
    };
    assert!(matches!(
        RoundTrip::new(options, 1),
        Err(OptionsError::DeckTooSmall { .. })
    ));
}

#[test]
fn g2_stacked_deck_must_be_an_order_of_the_deck() {
    let mut twice: Vec<u8> = (0..98).collect();
    twice[5] = 4;
    for bad in [(0..97).collect::<Vec<u8>>(), twice, (1..99).collect()] {
        let options = Options {
            stacked_decks: vec![bad],
            ..Options::default()
        };
        assert!(matches!(
            RoundTrip::new(options, 1),
            Err(OptionsError::StackedDeck { deal: 0, .. })
        ));
    }
}

#[test]
fn rulebook_deal_five_each_one_at_a_time_rest_is_the_draw_pile() {
    let options = Options {
        players: 4,
        stacked_decks: vec![(0..98).collect()],
        ..Options::default()
    };
    let game = RoundTrip::new(options, 9).unwrap();
    for seat in 0..4u8 {
        let view = game.view(Seat(seat));
        let expected: Vec<u8> = (0..5).map(|r| seat + 4 * r).collect();
        let mut hand: Vec<u8> = view.hand.iter().map(|c| c.0).collect();
        hand.sort_unstable();
        assert_eq!(hand, expected, "seat {seat}");
        assert!(view.seats.iter().all(|s| s.hand_size == 5));
        assert_eq!(view.deck_size, 98 - 20);
        assert!(view.discard.is_empty());
    }
    assert_eq!(game.deck_order().first().map(|c| c.0), Some(20));
}

#[test]
fn rulebook_player_left_of_dealer_plays_first() {
    for players in 2..=6usize {
        let options = Options {
            players,
            ..Options::default()
        };
        let game = RoundTrip::new(options, 5).unwrap();
        let view = game.view(Seat(0));
        assert_eq!(view.hand_number, 1);
        assert_eq!(game.to_act(), Some(view.dealer.next(players)));
        assert_eq!(view.to_act, game.to_act());
        assert_eq!(view.step, Step::PlayOrDiscard);
    }
}

#[test]
fn rulebook_deal_passes_to_the_dealers_left() {
    let mut cards = SIX.to_vec();
    cards.extend(["boat cross square"; 10]);
    let mut options = Options {
        players: 3,
        ..Options::default()
    };
    let list = deck_list(&cards, 20);
    let total = list.len();
    options.deck = Some(list);
    let first = order(
        total,
        &[],
        &[&[0, 1, 2, 3, 4], &[6, 7, 8, 9, 10], &[11, 12, 13, 14, 15]],
        &[],
        &[5],
    );
    let second: Vec<u8> = (0..u8::try_from(total).unwrap()).collect();
    options.stacked_decks = vec![first, second];
    let mut game = RoundTrip::new(options, 1).unwrap();
    assert_eq!(game.dealer(), Seat(2));
    play_six(&mut game, 3, &[&[6, 7, 8, 9, 10], &[11, 12, 13, 14, 15]]);
    // The completed trip ends the basic hand; the deal goes to the dealer's left.
    assert_eq!(game.hand_number(), 2);
    assert_eq!(game.dealer(), Seat(0));
    assert_eq!(game.to_act(), Some(Seat(1)));
    for seat in 0..3u8 {
        assert_eq!(game.hand(Seat(seat)).len(), 5);
        assert_eq!(trip_len(&game, seat), 0);
    }
    // Seat 1 (left of the new dealer) got the first card of the second deal.
    assert!(game.hand(Seat(1)).iter().any(|c| c.0 == 0));
    assert_eq!(game.view(Seat(0)).deck_size, total - 15);
    assert!(game.view(Seat(0)).discard.is_empty(), "all cards discarded");
}

// ---------------------------------------------------------------------------------------------
// Play or discard

#[test]
fn rulebook_start_trip_with_any_non_airplane_card_either_way() {
    let cards = [
        "hiker circle square",
        "airplane star ?",
        "bike triangle diamond",
        "airplane ? cross",
        "car hexagon square",
    ];
    let mut game = basic(2, &cards, &[&[0, 1, 2, 3, 4], &[5, 6, 7, 8, 9]], &[]);
    for c in [0, 2, 4] {
        assert!(has(&game, &format!("play {c} fwd")));
        assert!(has(&game, &format!("play {c} rev")));
    }
    for c in [1, 3] {
        for way in ["fwd", "rev"] {
            let text = format!("play {c} {way}");
            assert!(!has(&game, &text), "{text}");
            let err = refused(&mut game, &text);
            assert!(matches!(err, ActionError::CannotPlay { .. }), "{err}");
        }
    }
    // Started flipped: the near (left) side is the starting symbol.
    run(&mut game, &["play 2 rev"]);
    let trip = game.trip(Seat(0));
    assert_eq!(trip.len(), 1);
    assert_eq!(trip[0].card.0, 2);
    assert!(trip[0].reversed);
}

#[test]
fn rulebook_wild_card_cannot_start_a_trip() {
    let cards = ["airplane circle ?", "airplane square ?"];
    let mut game = basic(2, &cards, &[&[0, 1, 20, 21, 22], &[2, 3, 4, 5, 6]], &[]);
    let err = refused(&mut game, "play 0 fwd");
    assert!(err.is_about(roundtrip::TripCard(0)));
    refused(&mut game, "play 0 rev");
    refused(&mut game, "play 1 rev");
    assert!(legal(&game)
        .iter()
        .all(|a| !a.starts_with("play 0 ") && !a.starts_with("play 1 ")));
    // A wild card can always be discarded.
    run(&mut game, &["discard 0"]);
}

#[test]
fn rulebook_play_matches_last_symbol_card_may_be_flipped() {
    let cards = [
        "hiker circle square",
        "bike triangle square",
        "horse square star",
        "car diamond hexagon",
    ];
    let mut game = basic(2, &cards, &[&[0, 1, 2, 3, 20], &[4, 5, 6, 7, 8]], &[]);
    run(&mut game, &["play 0 fwd", "pass", "discard 4", "pass"]);
    // Trip ends on square: card 1 only flipped, card 2 only as listed, card 3 not at all.
    assert!(has(&game, "play 1 rev"));
    assert!(!has(&game, "play 1 fwd"));
    assert!(has(&game, "play 2 fwd"));
    assert!(!has(&game, "play 2 rev"));
    assert!(!has(&game, "play 3 fwd") && !has(&game, "play 3 rev"));
    for text in ["play 1 fwd", "play 2 rev", "play 3 fwd", "play 3 rev"] {
        let err = refused(&mut game, text);
        assert!(
            matches!(err, ActionError::CannotPlay { .. }),
            "{text}: {err}"
        );
    }
    run(&mut game, &["play 1 rev"]);
    let trip = game.trip(Seat(0));
    assert_eq!(trip.len(), 2);
    assert_eq!((trip[1].card.0, trip[1].reversed), (1, true));
    // The trip now ends on triangle: card 2 (square–star) no longer fits.
    run(&mut game, &["pass", "discard 5", "pass"]);
    assert!(!has(&game, "play 2 fwd") && !has(&game, "play 2 rev"));
}

#[test]
fn rulebook_start_is_fixed_no_card_before_the_first() {
    // Trip circle → square. A triangle–circle card fits only the start, which is not allowed.
    let cards = ["hiker circle square", "bike triangle circle"];
    let mut game = basic(2, &cards, &[&[0, 1, 20, 21, 22], &[2, 3, 4, 5, 6]], &[]);
    run(&mut game, &["play 0 fwd", "pass", "discard 2", "pass"]);
    refused(&mut game, "play 1 fwd");
    refused(&mut game, "play 1 rev");
    let trip = game.trip(Seat(0));
    assert_eq!((trip[0].card.0, trip[0].reversed), (0, false));
}

#[test]
fn rulebook_play_only_cards_from_own_hand() {
    let cards = ["hiker circle square", "bike circle square"];
    let mut game = basic(
        2,
        &cards,
        &[&[0, 20, 21, 22, 23], &[1, 24, 25, 26, 27]],
        &[],
    );
    let err = refused(&mut game, "play 1 fwd");
    assert_eq!(err, ActionError::NotInHand(roundtrip::TripCard(1)));
    refused(&mut game, "discard 1");
    refused(&mut game, "play 200 fwd");
}

#[test]
fn rulebook_discard_instead_of_playing() {
    let cards = ["hiker circle square", "bike square star"];
    let mut game = basic(2, &cards, &[&[0, 1, 20, 21, 22], &[2, 3, 4, 5, 6]], &[]);
    // Choosing not to play although a play is possible.
    assert!(has(&game, "play 0 fwd"));
    assert!(has(&game, "discard 0"));
    run(&mut game, &["discard 0"]);
    let view = game.view(Seat(1));
    assert_eq!(
        view.discard.iter().map(|c| c.0).collect::<Vec<_>>(),
        vec![0]
    );
    assert_eq!(view.seats[0].hand_size, 4);
    assert!(view.seats[0].trip.is_empty());
    assert!(matches!(view.step, Step::DrawStealOrPass { .. }));
    // Discarding is the first action: no second play or discard in the same turn.
    refused(&mut game, "discard 1");
    refused(&mut game, "play 1 fwd");
}

// ---------------------------------------------------------------------------------------------
// Draw, steal or pass

#[test]
fn rulebook_draw_after_play_or_discard_not_before() {
    let cards = ["hiker circle square"];
    let mut game = basic(
        2,
        &cards,
        &[&[0, 20, 21, 22, 23], &[1, 2, 3, 4, 5]],
        &[6, 7],
    );
    let err = refused(&mut game, "draw");
    assert!(matches!(err, ActionError::WrongStep { .. }), "{err}");
    refused(&mut game, "pass");
    run(&mut game, &["play 0 fwd"]);
    let deck = game.deck_size();
    assert!(has(&game, "draw"));
    run(&mut game, &["draw"]);
    assert!(game.hand(Seat(0)).iter().any(|c| c.0 == 6));
    assert_eq!(game.hand(Seat(0)).len(), 5);
    assert_eq!(game.deck_size(), deck - 1);
    assert_eq!(game.to_act(), Some(Seat(1)));
    // Only one draw per turn: the next seat is at play or discard.
    assert_eq!(step(&game), Step::PlayOrDiscard);
}

#[test]
fn rt2_drawing_is_optional_pass_draws_nothing() {
    let mut game = basic(
        2,
        &["hiker circle square"],
        &[&[0, 20, 21, 22, 23], &[1, 2, 3, 4, 5]],
        &[],
    );
    run(&mut game, &["discard 0"]);
    let deck = game.deck_size();
    assert!(has(&game, "pass"));
    run(&mut game, &["pass"]);
    assert_eq!(game.deck_size(), deck);
    assert_eq!(game.hand(Seat(0)).len(), 4);
    assert_eq!(game.to_act(), Some(Seat(1)));
}

#[test]
fn rt2_steal_when_play_leaves_last_symbol_matching_victim_draws_replacement() {
    let cards = [
        "hiker circle square",
        "bike triangle square",
        "car star diamond",
        "bus diamond cross",
        "train cross circle",
    ];
    let mut game = basic(
        3,
        &cards,
        &[
            &[0, 20, 21, 22, 23],
            &[1, 24, 25, 26, 27],
            &[2, 28, 29, 30, 31],
        ],
        &[3, 4],
    );
    run(&mut game, &["play 0 fwd", "pass"]);
    // Seat 1 starts triangle → square: its last symbol matches seat 0's.
    run(&mut game, &["play 1 fwd"]);
    assert_eq!(
        step(&game),
        Step::DrawStealOrPass {
            steal_symbol: Some(1)
        }
    );
    assert!(has(&game, "steal 0"));
    assert!(!has(&game, "steal 1"), "no stealing from oneself");
    assert!(
        !has(&game, "steal 2"),
        "seat 2 has no trip ending on square"
    );
    assert!(matches!(
        refused(&mut game, "steal 2"),
        ActionError::CannotSteal { .. }
    ));
    refused(&mut game, "steal 1");
    refused(&mut game, "steal 5");
    let before0: Vec<u8> = game.hand(Seat(0)).iter().map(|c| c.0).collect();
    let before1: Vec<u8> = game.hand(Seat(1)).iter().map(|c| c.0).collect();
    let deck = game.deck_size();
    run(&mut game, &["steal 0"]);
    let after0: Vec<u8> = game.hand(Seat(0)).iter().map(|c| c.0).collect();
    let after1: Vec<u8> = game.hand(Seat(1)).iter().map(|c| c.0).collect();
    let stolen: Vec<u8> = after1
        .iter()
        .copied()
        .filter(|c| !before1.contains(c))
        .collect();
    assert_eq!(stolen.len(), 1);
    assert!(
        before0.contains(&stolen[0]),
        "the card comes from seat 0's hand"
    );
    assert!(!after0.contains(&stolen[0]));
    assert_eq!(after0.len(), before0.len(), "victim drew a replacement");
    assert!(
        after0.contains(&3),
        "the replacement is the deck's top card"
    );
    assert_eq!(game.deck_size(), deck - 1);
    assert_eq!(after1.len(), before1.len() + 1);
    // Seat 2 plays star → diamond: matches no trip, so no steal.
    run(&mut game, &["play 2 fwd"]);
    assert!(matches!(step(&game), Step::DrawStealOrPass { .. }));
    assert!(!legal(&game).iter().any(|a| a.starts_with("steal")));
    refused(&mut game, "steal 0");
    refused(&mut game, "steal 1");
}

#[test]
fn rulebook_steal_needs_a_play_not_a_discard() {
    let cards = ["hiker circle square", "bike triangle square"];
    let mut game = basic(
        2,
        &cards,
        &[&[0, 20, 21, 22, 23], &[1, 24, 25, 26, 27]],
        &[],
    );
    run(&mut game, &["play 0 fwd", "pass", "play 1 fwd", "pass"]);
    // Both trips end on square, but seat 0 only discards this turn.
    run(&mut game, &["discard 20"]);
    assert!(!legal(&game).iter().any(|a| a.starts_with("steal")));
    refused(&mut game, "steal 1");
}

#[test]
fn rt3_empty_deck_draws_skipped_hand_ends_when_everyone_passes() {
    // Exactly ten cards for two players: the deck is empty from the start.
    let cards = [
        "hiker circle square",
        "bike square triangle",
        "horse cross star",
        "car star diamond",
        "bus diamond hexagon",
    ];
    let options = Options {
        players: 2,
        max_hands: 1,
        ..Options::default()
    };
    let mut game = scenario(
        options,
        &cards,
        5,
        &[],
        &[&[0, 1, 2, 3, 4], &[5, 6, 7, 8, 9]],
        &[],
        &[],
    );
    assert_eq!(game.deck_size(), 0);
    run(&mut game, &["play 0 fwd"]);
    assert!(!has(&game, "draw"));
    assert_eq!(refused(&mut game, "draw"), ActionError::DeckEmpty);
    run(
        &mut game,
        &["pass", "discard 5", "pass", "play 1 fwd", "pass"],
    );
    assert!(!game.is_over(), "seat 0 played to its trip this round");
    run(&mut game, &["discard 6", "pass", "discard 2", "pass"]);
    // Deck empty and both players in turn played nothing to a trip: the hand ends (and with
    // max_hands 1, the game); seat 0 scores its two segments.
    assert!(game.is_over(), "{game}");
    assert_eq!(game.score(Seat(0)), 2);
    assert_eq!(game.score(Seat(1)), 0);
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    assert!(out.is_empty());
    assert_eq!(refused(&mut game, "pass"), ActionError::GameOver);
}

// ---------------------------------------------------------------------------------------------
// Wild cards

#[test]
fn rulebook_wild_question_mark_matches_any_symbol_either_side() {
    let cards = [
        "hiker circle square",
        "airplane star ?",
        "airplane star ?",
        "bike hexagon cross",
    ];
    let mut game = basic(2, &cards, &[&[0, 1, 2, 3, 20], &[4, 5, 6, 7, 8]], &[]);
    run(&mut game, &["play 0 fwd", "pass", "discard 4", "pass"]);
    // Trip ends on square: the `?` side matches it; the star side does not.
    assert!(has(&game, "play 1 rev"));
    assert!(!has(&game, "play 1 fwd"));
    run(&mut game, &["play 1 rev"]);
    // Seat 1 may respond (RT4); it passes; seat 0 then passes its draw.
    run(&mut game, &["pass", "pass", "discard 5", "pass"]);
    // Trip ends on star: the other airplane goes star → ?, leaving `?` last.
    assert!(has(&game, "play 2 fwd"));
    run(
        &mut game,
        &["play 2 fwd", "pass", "pass", "discard 6", "pass"],
    );
    // Anything matches a trip ending on `?`.
    assert!(has(&game, "play 3 fwd"));
    assert!(has(&game, "play 3 rev"));
    run(&mut game, &["play 3 rev"]);
    assert_eq!(trip_len(&game, 0), 4);
}

#[test]
fn rt4_wild_gives_each_opponent_a_response_then_the_player_draws() {
    let cards = [
        "hiker circle square",
        "airplane star ?",
        "bike triangle cross",
        "horse diamond hexagon",
    ];
    let mut game = basic(
        3,
        &cards,
        &[
            &[0, 1, 20, 21, 22],
            &[2, 23, 24, 25, 26],
            &[3, 27, 28, 29, 30],
        ],
        &[31, 32, 33],
    );
    run(
        &mut game,
        &[
            "play 0 fwd",
            "pass",
            "discard 23",
            "pass",
            "discard 27",
            "pass",
        ],
    );
    run(&mut game, &["play 1 rev"]);
    // Seat 1 responds first, then seat 2, then seat 0 draws.
    assert_eq!(game.to_act(), Some(Seat(1)));
    assert_eq!(step(&game), Step::RespondToWild { wild_by: Seat(0) });
    let options = legal(&game);
    assert!(options.iter().any(|a| a == "draw"));
    assert!(options.iter().any(|a| a == "pass"));
    assert!(options.iter().any(|a| a == "play 2 fwd"));
    assert!(!options.iter().any(|a| a.starts_with("discard")));
    assert!(!options.iter().any(|a| a.starts_with("steal")));
    refused(&mut game, "discard 2");
    refused(&mut game, "steal 0");
    // Seat 1 draws one card.
    run(&mut game, &["draw"]);
    assert_eq!(game.hand(Seat(1)).len(), 5);
    assert!(game.hand(Seat(1)).iter().any(|c| c.0 == 31));
    // Seat 2 plays one card to its own trip, and draws nothing for it.
    assert_eq!(game.to_act(), Some(Seat(2)));
    assert_eq!(step(&game), Step::RespondToWild { wild_by: Seat(0) });
    run(&mut game, &["play 3 fwd"]);
    assert_eq!(trip_len(&game, 2), 1);
    assert_eq!(game.hand(Seat(2)).len(), 3);
    // Back to the wild card's player, who draws after the responses.
    assert_eq!(game.to_act(), Some(Seat(0)));
    assert!(matches!(step(&game), Step::DrawStealOrPass { .. }));
    run(&mut game, &["draw"]);
    assert!(game.hand(Seat(0)).iter().any(|c| c.0 == 32));
    assert_eq!(game.to_act(), Some(Seat(1)));
    assert_eq!(step(&game), Step::PlayOrDiscard);
}

#[test]
fn rt4_wild_played_in_response_is_free_and_opens_no_responses() {
    let cards = [
        "hiker circle square",
        "airplane star ?",
        "bike triangle cross",
        "airplane diamond ?",
    ];
    let mut game = basic(
        3,
        &cards,
        &[
            &[0, 1, 20, 21, 22],
            &[2, 3, 23, 24, 25],
            &[26, 27, 28, 29, 30],
        ],
        &[31, 32, 33],
    );
    run(
        &mut game,
        &[
            "play 0 fwd",
            "pass",
            "play 2 fwd",
            "pass",
            "discard 26",
            "pass",
        ],
    );
    run(&mut game, &["play 1 rev"]);
    // Seat 1's trip ends on cross; it answers with its own wild card, `?` matching cross.
    assert_eq!(game.to_act(), Some(Seat(1)));
    run(&mut game, &["play 3 rev"]);
    assert_eq!(trip_len(&game, 1), 2);
    // No window opens for seat 1's wild: seat 2 answers seat 0's, then seat 0 draws.
    assert_eq!(game.to_act(), Some(Seat(2)));
    assert_eq!(step(&game), Step::RespondToWild { wild_by: Seat(0) });
    run(&mut game, &["pass"]);
    assert_eq!(game.to_act(), Some(Seat(0)));
    assert!(matches!(step(&game), Step::DrawStealOrPass { .. }));
    run(&mut game, &["pass"]);
    assert_eq!(game.to_act(), Some(Seat(1)));
    assert_eq!(step(&game), Step::PlayOrDiscard);
    assert_eq!(game.hand(Seat(1)).len(), 3);
}

#[test]
fn rt4_wild_player_may_steal_after_the_responses() {
    // Seat 0 plays ? → square; seat 1's trip ends on square: after seat 1's response, seat 0
    // may steal from it.
    let cards = [
        "hiker circle star",
        "airplane square ?",
        "bike triangle square",
        "airplane cross ?",
    ];
    let mut game = basic(2, &cards, &[&[0, 1, 20, 21, 22], &[2, 3, 23, 24, 25]], &[]);
    run(&mut game, &["play 0 fwd", "pass", "play 2 fwd", "pass"]);
    run(&mut game, &["play 1 rev"]);
    // Seat 1's response must match its own trip (square): cross → ? does not.
    refused(&mut game, "play 3 fwd");
    run(&mut game, &["pass"]);
    assert_eq!(game.to_act(), Some(Seat(0)));
    assert!(has(&game, "steal 1"));
    let deck = game.deck_size();
    run(&mut game, &["steal 1"]);
    assert_eq!(game.hand(Seat(0)).len(), 4);
    assert_eq!(game.hand(Seat(1)).len(), 4);
    assert_eq!(game.deck_size(), deck - 1);
}

#[test]
fn rt4_response_follows_the_play_rules() {
    // Seat 1 has no trip: in its response it cannot start one with an airplane, and a card must
    // still be one it could play.
    let cards = [
        "hiker circle square",
        "airplane star ?",
        "airplane cross ?",
        "bike triangle diamond",
    ];
    let mut game = basic(2, &cards, &[&[0, 1, 20, 21, 22], &[2, 3, 23, 24, 25]], &[]);
    run(&mut game, &["play 0 fwd", "pass", "discard 23", "pass"]);
    run(&mut game, &["play 1 rev"]);
    assert_eq!(step(&game), Step::RespondToWild { wild_by: Seat(0) });
    refused(&mut game, "play 2 fwd");
    refused(&mut game, "play 2 rev");
    refused(&mut game, "play 20 fwd");
    assert!(has(&game, "play 3 fwd") && has(&game, "play 3 rev"));
    run(&mut game, &["play 3 rev"]);
    assert_eq!(trip_len(&game, 1), 1);
}

#[test]
fn rulebook_trip_cannot_end_on_the_question_mark() {
    let mut cards: Vec<&str> = SIX[..5].to_vec();
    cards.push("airplane hexagon ?");
    cards.push("boat cross circle");
    let mut game = basic(2, &cards, &[&[0, 1, 2, 3, 4], &[7, 8, 9, 10, 11]], &[5, 6]);
    run(&mut game, &["play 0 fwd", "draw", "discard 7", "pass"]);
    run(&mut game, &["play 1 fwd", "draw", "discard 8", "pass"]);
    for (c, d) in [(2, 9), (3, 10), (4, 11)] {
        run(&mut game, &[&format!("play {c} fwd"), "pass"]);
        run(&mut game, &[&format!("discard {d}"), "pass"]);
    }
    // Six segments, the last symbol `?`: `?` matches circle but may not end the trip.
    run(&mut game, &["play 5 fwd"]);
    assert_eq!(trip_len(&game, 0), 6);
    assert!(completed(&game, 0).is_empty());
    assert_eq!(game.hand_number(), 1);
    // Seat 1 answers by drawing; seat 0 passes its draw; seat 1 discards.
    run(&mut game, &["draw", "pass"]);
    assert_eq!(game.hand_number(), 1);
    idle(&mut game);
    // Cross → circle after the `?`: back at the start, the trip is complete (7 segments).
    run(&mut game, &["play 6 fwd"]);
    assert_eq!(game.hand_number(), 2);
    assert_eq!(game.score(Seat(0)), 7 + 3);
}

#[test]
fn rulebook_wild_may_end_a_trip_when_question_mark_is_not_last() {
    // Seat 0 ends its sixth segment with `?` → circle; seat 1 answers (RT4) by completing its
    // own trip: both complete (the rulebook's "multiple players completing their trips").
    let cards = [
        "hiker circle square",
        "bike square triangle",
        "horse triangle star",
        "car star diamond",
        "bus diamond hexagon",
        "airplane circle ?",
        "train cross square",
        "boat square triangle",
        "train triangle star",
        "boat star diamond",
        "train diamond hexagon",
        "boat hexagon cross",
    ];
    let options = Options {
        players: 2,
        target_score: Some(8),
        ..Options::default()
    };
    let mut game = scenario(
        options,
        &cards,
        20,
        &[],
        &[&[0, 1, 2, 3, 4], &[6, 7, 8, 9, 10]],
        &[],
        &[5, 11],
    );
    run(&mut game, &["play 0 fwd", "draw", "play 6 fwd", "draw"]);
    for (a, b) in [(1, 7), (2, 8), (3, 9), (4, 10)] {
        run(&mut game, &[&format!("play {a} fwd"), "pass"]);
        run(&mut game, &[&format!("play {b} fwd"), "pass"]);
    }
    run(&mut game, &["play 5 rev"]);
    assert_eq!(
        game.hand_points(Seat(0)),
        6 + 3,
        "completed with the wild card"
    );
    assert!(!game.is_over(), "seat 1 still gets its response");
    assert_eq!(game.to_act(), Some(Seat(1)));
    assert_eq!(step(&game), Step::RespondToWild { wild_by: Seat(0) });
    run(&mut game, &["play 11 fwd"]);
    if game.to_act() == Some(Seat(0)) && game.hand_number() == 1 {
        // The rulebook does not say whether the wild card's player still draws.
        run(&mut game, &["pass"]);
    }
    // Both passed the target of 8 with 9: a shared win (G5).
    assert!(game.is_over(), "{game}");
    assert_eq!(game.score(Seat(0)), 9);
    assert_eq!(game.score(Seat(1)), 9);
    assert_eq!(winners(&game), vec![Seat(0), Seat(1)]);
}

// ---------------------------------------------------------------------------------------------
// Finishing, scoring, winning

#[test]
fn rulebook_trip_needs_six_segments_back_at_the_start() {
    let mut cards = SIX.to_vec();
    cards.extend(["boat cross square"; 5]);
    let mut game = basic(2, &cards, &[&[0, 1, 2, 3, 4], &[6, 7, 8, 9, 10]], &[5]);
    play_six(&mut game, 2, &[&[6, 7, 8, 9, 10]]);
    // Basic game: the hand ends at the first complete trip; 6 cards + 3.
    assert_eq!(game.hand_number(), 2);
    assert_eq!(game.score(Seat(0)), 9);
    assert_eq!(game.score(Seat(1)), 0);
    assert_eq!(game.view(Seat(1)).seats[0].score, 9);
}

#[test]
fn rulebook_return_to_start_on_third_or_fifth_card_does_not_complete() {
    let cards = [
        "hiker circle square",
        "bike square triangle",
        "horse triangle circle",
        "car circle star",
        "bus star circle",
        "train circle diamond",
        "boat diamond circle",
    ];
    let mut game = basic(2, &cards, &[&[0, 1, 2, 3, 4], &[7, 8, 9, 10, 11]], &[5, 6]);
    run(&mut game, &["play 0 fwd", "draw", "discard 7", "pass"]);
    run(&mut game, &["play 1 fwd", "draw", "discard 8", "pass"]);
    run(&mut game, &["play 2 fwd", "pass"]);
    assert_eq!(trip_len(&game, 0), 3, "circle on card 3 does not complete");
    run(
        &mut game,
        &[
            "discard 9",
            "pass",
            "play 3 fwd",
            "pass",
            "discard 10",
            "pass",
        ],
    );
    run(&mut game, &["play 4 fwd"]);
    assert_eq!(trip_len(&game, 0), 5, "circle on card 5 does not complete");
    assert_eq!(game.hand_number(), 1);
    run(
        &mut game,
        &["pass", "discard 11", "pass", "play 5 fwd", "pass"],
    );
    assert_eq!(trip_len(&game, 0), 6, "six segments not back at the start");
    assert_eq!(game.hand_number(), 1);
    idle(&mut game);
    run(&mut game, &["play 6 fwd"]);
    assert_eq!(game.hand_number(), 2);
    assert_eq!(game.score(Seat(0)), 7 + 3);
}

#[test]
fn rulebook_score_one_per_card_played_even_unfinished() {
    let mut cards = SIX.to_vec();
    cards.extend(["boat cross square", "boat square triangle"]);
    let mut game = basic(2, &cards, &[&[0, 1, 2, 3, 4], &[6, 7, 20, 21, 22]], &[5]);
    run(&mut game, &["play 0 fwd", "draw", "play 6 fwd", "pass"]);
    assert_eq!(game.hand_points(Seat(1)), 1);
    assert_eq!(game.view(Seat(0)).seats[1].hand_points, 1);
    run(&mut game, &["play 1 fwd", "pass", "play 7 fwd", "pass"]);
    for (a, b) in [(2, 20), (3, 21), (4, 22)] {
        run(&mut game, &[&format!("play {a} fwd"), "pass"]);
        run(&mut game, &[&format!("discard {b}"), "pass"]);
    }
    assert_eq!(game.hand_points(Seat(0)), 5);
    run(&mut game, &["play 5 fwd"]);
    assert_eq!(game.score(Seat(0)), 6 + 3);
    assert_eq!(game.score(Seat(1)), 2, "two cards in an unfinished trip");
}

#[test]
fn rulebook_winner_is_who_passes_the_target_score() {
    for (target, over) in [(9, false), (8, true)] {
        let mut cards = SIX.to_vec();
        cards.extend(["boat cross square"; 5]);
        let options = Options {
            players: 2,
            target_score: Some(target),
            ..Options::default()
        };
        let mut game = scenario(
            options,
            &cards,
            20,
            &[],
            &[&[0, 1, 2, 3, 4], &[6, 7, 8, 9, 10]],
            &[],
            &[5],
        );
        assert_eq!(game.view(Seat(0)).target, target);
        play_six(&mut game, 2, &[&[6, 7, 8, 9, 10]]);
        assert_eq!(game.score(Seat(0)), 9);
        assert_eq!(
            game.is_over(),
            over,
            "target {target}: 9 must pass it strictly"
        );
        if over {
            assert_eq!(winners(&game), vec![Seat(0)]);
            assert_eq!(game.view(Seat(1)).step, Step::Over);
        }
    }
    // The suggested targets.
    let basic = RoundTrip::new(Options::default(), 1).unwrap();
    assert_eq!(basic.view(Seat(0)).target, 40);
    let options = Options {
        advanced: true,
        ..Options::default()
    };
    let advanced = RoundTrip::new(options, 1).unwrap();
    assert_eq!(advanced.view(Seat(0)).target, 80);
}

#[test]
fn rulebook_winner_is_the_highest_score_not_the_first_to_pass() {
    // Seat 0 completes six segments with a wild card (9 points); seat 1 answers by completing
    // seven segments (10 points). Both pass 8; the highest score wins.
    let cards = [
        "hiker circle square",
        "bike square triangle",
        "horse triangle star",
        "car star diamond",
        "bus diamond hexagon",
        "airplane circle ?",
        "train cross square",
        "boat square triangle",
        "train triangle star",
        "boat star diamond",
        "train diamond hexagon",
        "boat hexagon circle",
        "train circle cross",
    ];
    let options = Options {
        players: 2,
        target_score: Some(8),
        ..Options::default()
    };
    let mut game = scenario(
        options,
        &cards,
        20,
        &[],
        &[&[20, 0, 1, 2, 3], &[6, 7, 8, 9, 10]],
        &[],
        &[4, 11, 5, 12],
    );
    run(&mut game, &["discard 20", "draw", "play 6 fwd", "draw"]);
    run(&mut game, &["play 0 fwd", "draw", "play 7 fwd", "draw"]);
    for (a, b) in [(1, 8), (2, 9), (3, 10), (4, 11)] {
        run(&mut game, &[&format!("play {a} fwd"), "pass"]);
        run(&mut game, &[&format!("play {b} fwd"), "pass"]);
    }
    assert_eq!(
        trip_len(&game, 1),
        6,
        "seat 1 at six segments, not at its start"
    );
    run(&mut game, &["play 5 rev", "play 12 fwd"]);
    if game.to_act() == Some(Seat(0)) && game.hand_number() == 1 {
        run(&mut game, &["pass"]);
    }
    assert!(game.is_over(), "{game}");
    assert_eq!(game.score(Seat(0)), 9);
    assert_eq!(game.score(Seat(1)), 10);
    assert_eq!(winners(&game), vec![Seat(1)]);
}

#[test]
fn rt4_responses_go_round_from_the_wild_players_left() {
    let cards = ["hiker circle square", "airplane star ?"];
    let mut game = basic(
        3,
        &cards,
        &[
            &[20, 21, 22, 23, 24],
            &[0, 1, 25, 26, 27],
            &[28, 29, 30, 31, 32],
        ],
        &[],
    );
    idle(&mut game);
    run(&mut game, &["play 0 fwd", "pass"]);
    idle(&mut game);
    idle(&mut game);
    run(&mut game, &["play 1 rev"]);
    assert_eq!(game.to_act(), Some(Seat(2)));
    assert_eq!(step(&game), Step::RespondToWild { wild_by: Seat(1) });
    run(&mut game, &["pass"]);
    assert_eq!(game.to_act(), Some(Seat(0)));
    assert_eq!(step(&game), Step::RespondToWild { wild_by: Seat(1) });
    run(&mut game, &["pass"]);
    assert_eq!(game.to_act(), Some(Seat(1)));
    assert!(matches!(step(&game), Step::DrawStealOrPass { .. }));
    run(&mut game, &["draw"]);
    assert_eq!(game.to_act(), Some(Seat(2)));
    assert_eq!(step(&game), Step::PlayOrDiscard);
}

// ---------------------------------------------------------------------------------------------
// Advanced game

fn advanced(
    players: usize,
    cards: &[&str],
    filler: usize,
    hands: &[&[u8]],
    top: &[u8],
) -> RoundTrip {
    let options = Options {
        players,
        advanced: true,
        ..Options::default()
    };
    scenario(options, cards, filler, &[], hands, &[], top)
}

#[test]
fn rulebook_advanced_goal_cards_all_open_at_the_start() {
    let game = advanced(2, &[], 20, &[&[0, 1, 2, 3, 4], &[5, 6, 7, 8, 9]], &[]);
    let view = game.view(Seat(0));
    assert!(view.advanced);
    assert_eq!(view.goals.len(), GOALS);
    assert_eq!(GOALS, 10);
    assert!(view.goals.iter().all(Option::is_none));
    // Seven "three of a mode" goals, one of each mode, first trip, no airplane.
    let texts: Vec<String> = (0..GOALS).map(|i| Goal::at(i).to_string()).collect();
    assert!(texts[EACH_MODE].contains("each"), "{texts:?}");
    assert!(texts[FIRST_TRIP].contains("first"), "{texts:?}");
    assert!(texts[NO_AIRPLANE].contains("airplane"), "{texts:?}");
}

#[test]
fn rt6_three_of_a_mode_awarded_at_once_and_only_once() {
    let cards = [
        "bike circle square",
        "bike square triangle",
        "bike triangle star",
        "bike cross diamond",
        "bike diamond hexagon",
        "bike hexagon circle",
    ];
    let mut game = advanced(
        2,
        &cards,
        20,
        &[&[0, 1, 2, 20, 21], &[3, 4, 5, 22, 23]],
        &[],
    );
    run(&mut game, &["play 0 fwd", "pass", "play 3 fwd", "pass"]);
    run(&mut game, &["play 1 fwd", "pass", "play 4 fwd", "pass"]);
    assert!(game.goal_owners().iter().all(Option::is_none));
    run(&mut game, &["play 2 fwd"]);
    // Third bike, trip not complete: the goal is awarded now (+3 on 3 cards).
    assert_eq!(game.goal_owners()[1], Some(Seat(0)));
    assert_eq!(game.view(Seat(1)).goals[1], Some(Seat(0)));
    assert_eq!(game.hand_points(Seat(0)), 3 + 3);
    run(&mut game, &["pass", "play 5 fwd"]);
    // Seat 1's three bikes come too late: the card is taken.
    assert_eq!(game.goal_owners()[1], Some(Seat(0)));
    assert_eq!(game.hand_points(Seat(1)), 3);
    assert_eq!(game.goal_owners().iter().filter(|o| o.is_some()).count(), 1);
}

#[test]
fn rt5_one_of_each_mode_means_the_seven_non_airplane_modes() {
    let cards = [
        "hiker circle square",
        "bike square triangle",
        "horse triangle star",
        "car star diamond",
        "bus diamond hexagon",
        "train hexagon cross",
        "boat cross square",
        "airplane cross ?",
    ];
    // Seat 0: hiker … train, then boat. Seat 1: hiker … train, then the airplane.
    let mut game = advanced(
        2,
        &[&cards[..], &cards[..]].concat(),
        20,
        &[&[0, 1, 2, 3, 4], &[8, 9, 10, 11, 12]],
        &[5, 13, 6, 15],
    );
    run(&mut game, &["play 0 fwd", "draw", "play 8 fwd", "draw"]);
    run(&mut game, &["play 1 fwd", "draw", "play 9 fwd", "draw"]);
    for (a, b) in [(2, 10), (3, 11), (4, 12), (5, 13)] {
        run(&mut game, &[&format!("play {a} fwd"), "pass"]);
        run(&mut game, &[&format!("play {b} fwd"), "pass"]);
    }
    assert_eq!(game.goal_owners()[EACH_MODE], None);
    // Seat 0 adds its boat: all seven modes, trip not complete, 7 cards + 10.
    run(&mut game, &["play 6 fwd"]);
    assert_eq!(trip_len(&game, 0), 7);
    assert_eq!(game.goal_owners()[EACH_MODE], Some(Seat(0)));
    assert_eq!(game.hand_points(Seat(0)), 7 + 10);
    // Seat 1's airplane is not a seventh type (nor could it take a taken card).
    run(&mut game, &["pass", "play 15 fwd"]);
    assert_eq!(game.goal_owners()[EACH_MODE], Some(Seat(0)));
    assert_eq!(game.hand_points(Seat(1)), 7);
}

#[test]
fn rt5_six_modes_and_an_airplane_are_not_each_mode() {
    let cards = [
        "hiker circle square",
        "bike square triangle",
        "horse triangle star",
        "car star diamond",
        "bus diamond hexagon",
        "train hexagon cross",
        "airplane cross ?",
    ];
    let mut game = advanced(
        2,
        &cards,
        20,
        &[&[0, 1, 2, 3, 4], &[20, 21, 22, 23, 24]],
        &[5, 6],
    );
    run(&mut game, &["play 0 fwd", "draw", "discard 20", "pass"]);
    run(&mut game, &["play 1 fwd", "draw", "discard 21", "pass"]);
    for (a, b) in [(2, 22), (3, 23), (4, 24)] {
        run(&mut game, &[&format!("play {a} fwd"), "pass"]);
        run(&mut game, &[&format!("discard {b}"), "pass"]);
    }
    run(&mut game, &["play 5 fwd", "pass"]);
    idle(&mut game);
    run(&mut game, &["play 6 fwd"]);
    assert_eq!(trip_len(&game, 0), 7);
    assert_eq!(game.goal_owners()[EACH_MODE], None);
    assert_eq!(game.hand_points(Seat(0)), 7);
}

#[test]
fn rulebook_first_trip_after_shuffle_doubles_card_points_without_the_bonus() {
    // Seat 0 completes the six-card trip (six modes, no airplane): first trip after the
    // shuffle (2 × 6, no +3) and first trip without airplanes (+3). Seat 1 then completes its
    // own six-card trip: only 6 + 3.
    let mut cards = SIX.to_vec();
    cards.extend([
        "boat cross square",
        "hiker square triangle",
        "bike triangle star",
        "horse star diamond",
        "car diamond hexagon",
        "bus hexagon cross",
    ]);
    let mut game = advanced(
        2,
        &cards,
        20,
        &[&[0, 1, 2, 3, 4], &[6, 7, 8, 9, 10]],
        &[5, 11],
    );
    run(&mut game, &["play 0 fwd", "draw", "play 6 fwd", "draw"]);
    for (a, b) in [(1, 7), (2, 8), (3, 9), (4, 10)] {
        run(&mut game, &[&format!("play {a} fwd"), "pass"]);
        run(&mut game, &[&format!("play {b} fwd"), "pass"]);
    }
    run(&mut game, &["play 5 fwd"]);
    assert_eq!(completed(&game, 0), vec![6]);
    assert_eq!(game.goal_owners()[FIRST_TRIP], Some(Seat(0)));
    assert_eq!(game.goal_owners()[NO_AIRPLANE], Some(Seat(0)));
    assert_eq!(game.hand_points(Seat(0)), 2 * 6 + 3);
    // The advanced hand goes on after a completed trip.
    assert_eq!(game.hand_number(), 1);
    assert!(!game.is_over());
    run(&mut game, &["pass", "play 11 fwd"]);
    assert_eq!(completed(&game, 1), vec![6]);
    assert_eq!(game.hand_points(Seat(1)), 6 + 3);
    assert_eq!(game.goal_owners()[FIRST_TRIP], Some(Seat(0)));
    assert_eq!(game.goal_owners()[NO_AIRPLANE], Some(Seat(0)));
}

#[test]
fn rulebook_first_trip_without_airplanes_goal_skips_trips_with_one() {
    // Seat 0's first trip has an airplane: it takes "first trip" but not "no airplane".
    let cards = [
        "hiker circle square",
        "bike square triangle",
        "horse triangle star",
        "car star diamond",
        "bus diamond hexagon",
        "airplane circle ?",
    ];
    let mut game = advanced(
        2,
        &cards,
        20,
        &[&[0, 1, 2, 3, 4], &[20, 21, 22, 23, 24]],
        &[5],
    );
    run(&mut game, &["play 0 fwd", "draw", "discard 20", "pass"]);
    for (a, b) in [(1, 21), (2, 22), (3, 23), (4, 24)] {
        run(&mut game, &[&format!("play {a} fwd"), "pass"]);
        run(&mut game, &[&format!("discard {b}"), "pass"]);
    }
    run(&mut game, &["play 5 rev"]);
    assert_eq!(completed(&game, 0), vec![6]);
    assert_eq!(game.goal_owners()[FIRST_TRIP], Some(Seat(0)));
    assert_eq!(game.goal_owners()[NO_AIRPLANE], None);
    assert_eq!(game.hand_points(Seat(0)), 2 * 6);
}

#[test]
fn rulebook_advanced_multiple_trips_then_goals_return_at_the_new_deal() {
    // Twelve cards for two players: two left in the deck after the deal.
    let cards = SIX.to_vec();
    let mut game = advanced(
        2,
        &cards,
        6,
        &[&[0, 1, 2, 3, 4], &[6, 7, 8, 9, 10]],
        &[5, 11],
    );
    run(&mut game, &["play 0 fwd", "draw", "discard 6", "draw"]);
    assert_eq!(game.deck_size(), 0);
    for (a, b) in [(1, 7), (2, 8), (3, 9), (4, 10)] {
        run(&mut game, &[&format!("play {a} fwd"), "pass"]);
        run(&mut game, &[&format!("discard {b}"), "pass"]);
    }
    run(&mut game, &["play 5 fwd"]);
    assert_eq!(completed(&game, 0), vec![6]);
    assert_eq!(trip_len(&game, 0), 0, "the completed trip is set aside");
    assert_eq!(game.hand_points(Seat(0)), 15);
    assert_eq!(game.hand_number(), 1, "the advanced hand goes on");
    // Nobody can play any more with an empty deck: the deal ends, points are banked and the
    // goal cards go back to the centre for the next deal.
    let mut guard = 0;
    while game.hand_number() == 1 && !game.is_over() {
        let options = legal(&game);
        let pick = options
            .iter()
            .find(|a| *a == "pass" || a.starts_with("discard"))
            .cloned()
            .expect("pass or discard");
        run(&mut game, &[&pick]);
        guard += 1;
        assert!(guard < 20, "the deal does not end: {game}");
    }
    assert_eq!(game.hand_number(), 2);
    assert_eq!(game.score(Seat(0)), 15);
    assert!(game.goal_owners().iter().all(Option::is_none));
    assert!(completed(&game, 0).is_empty());
}

#[test]
fn rulebook_advanced_new_trip_starts_after_the_completed_one() {
    let mut cards = SIX.to_vec();
    cards.push("boat cross diamond");
    let mut game = advanced(
        2,
        &cards,
        20,
        &[&[0, 1, 2, 3, 4], &[20, 21, 22, 23, 24]],
        &[5, 6],
    );
    run(&mut game, &["play 0 fwd", "draw", "discard 20", "pass"]);
    for (a, b) in [(1, 21), (2, 22), (3, 23), (4, 24)] {
        run(&mut game, &[&format!("play {a} fwd"), "pass"]);
        run(&mut game, &[&format!("discard {b}"), "pass"]);
    }
    run(&mut game, &["play 5 fwd", "draw"]);
    idle(&mut game);
    // A new trip: any non-airplane card, either way, no matter how the last trip ended.
    assert!(has(&game, "play 6 fwd") && has(&game, "play 6 rev"));
    run(&mut game, &["play 6 rev"]);
    assert_eq!(trip_len(&game, 0), 1);
    assert_eq!(completed(&game, 0), vec![6]);
    assert_eq!(game.completed_trips(Seat(0)), 1);
    assert_eq!(game.hand_points(Seat(0)), 15 + 1);
}

#[test]
fn rulebook_goals_count_within_one_trip() {
    // Two bikes in the first trip and a third starting the next: not three in one trip.
    let cards = [
        "hiker circle square",
        "bike square triangle",
        "bike triangle star",
        "car star diamond",
        "bus diamond hexagon",
        "train hexagon circle",
        "bike cross diamond",
    ];
    let mut game = advanced(
        2,
        &cards,
        20,
        &[&[0, 1, 2, 3, 4], &[20, 21, 22, 23, 24]],
        &[5, 6],
    );
    run(&mut game, &["play 0 fwd", "draw"]);
    idle(&mut game);
    run(&mut game, &["play 1 fwd", "draw"]);
    for card in 2..6 {
        idle(&mut game);
        run(&mut game, &[&format!("play {card} fwd")]);
        if card < 5 {
            run(&mut game, &["pass"]);
        }
    }
    assert_eq!(completed(&game, 0), vec![6]);
    run(&mut game, &["pass"]);
    idle(&mut game);
    run(&mut game, &["play 6 fwd"]);
    assert_eq!(game.completed_trips(Seat(0)), 1);
    assert_eq!(trip_len(&game, 0), 1);
    assert_eq!(
        game.goal_owners()[1],
        None,
        "three bikes, but over two trips"
    );
    assert_eq!(game.hand_points(Seat(0)), 2 * 6 + 3 + 1);
}

#[test]
fn rulebook_advanced_scores_are_added_when_the_deal_ends() {
    // Target 10: seat 0's 15 points pass it, but the deal plays out before scores are added.
    let cards = SIX.to_vec();
    let options = Options {
        players: 2,
        advanced: true,
        target_score: Some(10),
        ..Options::default()
    };
    let mut game = scenario(
        options,
        &cards,
        6,
        &[],
        &[&[0, 1, 2, 3, 4], &[6, 7, 8, 9, 10]],
        &[],
        &[5, 11],
    );
    run(&mut game, &["play 0 fwd", "draw", "discard 6", "draw"]);
    for (a, b) in [(1, 7), (2, 8), (3, 9), (4, 10)] {
        run(&mut game, &[&format!("play {a} fwd"), "pass"]);
        run(&mut game, &[&format!("discard {b}"), "pass"]);
    }
    run(&mut game, &["play 5 fwd"]);
    assert_eq!(game.hand_points(Seat(0)), 15);
    assert!(
        !game.is_over(),
        "the advanced deal goes on after a completed trip"
    );
    let mut guard = 0;
    while !game.is_over() {
        idle(&mut game);
        guard += 1;
        assert!(guard < 20, "the deal does not end: {game}");
    }
    assert_eq!(game.hand_number(), 1);
    assert_eq!(game.score(Seat(0)), 15);
    assert_eq!(winners(&game), vec![Seat(0)]);
}

// ---------------------------------------------------------------------------------------------
// Variants

fn round_the_world(cards: &[&str]) -> RoundTrip {
    let options = Options {
        players: 2,
        round_the_world: true,
        ..Options::default()
    };
    scenario(
        options,
        cards,
        20,
        &[],
        &[&[0, 1, 2, 3, 4], &[20, 21, 22, 23, 24]],
        &[],
        &[5, 6, 7, 8, 9],
    )
}

/// Seat 0 plays cards 0..=9 in order (drawing cards 5..=9 on its first five turns) while
/// seat 1 burns its turns.
fn ten_cards(game: &mut RoundTrip) {
    for card in 0..10u8 {
        run(game, &[&format!("play {card} fwd")]);
        if card == 5 {
            assert_eq!(trip_len(game, 0), 6, "six segments back at circle: not yet");
            assert_eq!(game.hand_number(), 1);
        }
        if card == 9 {
            return;
        }
        end_turn(game, card < 5);
        idle(game);
    }
}

#[test]
fn rulebook_round_the_world_ten_segments_two_blue_first_one_wins() {
    let cards = [
        "hiker circle square",
        "bike square triangle",
        "horse triangle star",
        "car star diamond",
        "bus diamond hexagon",
        "train hexagon circle",
        "boat circle square",
        "hiker square star",
        "airplane star ?",
        "bike diamond circle",
    ];
    // Card 8 (star → ?) is followed by card 9 (diamond → circle): the `?` matches diamond.
    let mut game = round_the_world(&cards);
    assert!(matches!(
        RoundTrip::new(
            Options {
                advanced: true,
                round_the_world: true,
                ..Options::default()
            },
            1
        ),
        Err(OptionsError::RoundTheWorldAdvanced)
    ));
    ten_cards(&mut game);
    // Ten segments, two blue cards (a boat and an airplane), back at circle: the game is won.
    assert!(game.is_over(), "{game}");
    assert_eq!(game.view(Seat(1)).world_winners, vec![Seat(0)]);
    assert_eq!(winners(&game), vec![Seat(0)]);
}

#[test]
fn rulebook_round_the_world_needs_two_blue_cards() {
    let cards = [
        "hiker circle square",
        "bike square triangle",
        "horse triangle star",
        "car star diamond",
        "bus diamond hexagon",
        "train hexagon circle",
        "boat circle square",
        "hiker square star",
        "car star diamond",
        "bike diamond circle",
    ];
    let mut game = round_the_world(&cards);
    ten_cards(&mut game);
    // Ten segments back at circle but only one blue card: not complete.
    assert_eq!(trip_len(&game, 0), 10);
    assert!(completed(&game, 0).is_empty());
    assert!(!game.is_over());
    assert!(game.view(Seat(0)).world_winners.is_empty());
}

fn specific(cards: &[&str], hands: &[&[u8]], top: &[u8]) -> RoundTrip {
    let options = Options {
        players: 2,
        specific_trip: true,
        ..Options::default()
    };
    // Cards 0 and 1 are the face-up pair: square–triangle, star–diamond.
    scenario(options, cards, 40, &[0, 1], hands, &[], top)
}

const SPECIFIC_PAIR: [&str; 2] = ["hiker square triangle", "bike star diamond"];

#[test]
fn rt7_specific_trip_symbols_cannot_start_a_trip() {
    let mut cards = SPECIFIC_PAIR.to_vec();
    cards.extend([
        "horse square hexagon",
        "car cross diamond",
        "bus circle triangle",
    ]);
    let mut game = specific(&cards, &[&[2, 3, 4, 20, 21], &[22, 23, 24, 25, 26]], &[]);
    let view = game.view(Seat(0));
    assert_eq!(
        view.specific.iter().map(|c| c.0).collect::<Vec<_>>(),
        vec![0, 1]
    );
    assert_eq!(view.deck_size, cards.len() + 40 - 2 - 10);
    // Starting on square, diamond or triangle is refused; hexagon, cross or circle is fine.
    refused(&mut game, "play 2 fwd");
    refused(&mut game, "play 3 rev");
    refused(&mut game, "play 4 rev");
    assert!(!has(&game, "play 2 fwd") && !has(&game, "play 3 rev") && !has(&game, "play 4 rev"));
    assert!(has(&game, "play 2 rev") && has(&game, "play 3 fwd") && has(&game, "play 4 fwd"));
}

#[test]
fn rt7_specific_trip_needs_the_four_symbols_in_order() {
    let mut cards = SPECIFIC_PAIR.to_vec();
    cards.extend([
        // circle square triangle star diamond hexagon circle: s1 s2 s3 s4 in order.
        "hiker circle square",
        "bike square triangle",
        "horse triangle star",
        "car star diamond",
        "bus diamond hexagon",
        "train hexagon circle",
    ]);
    let mut game = specific(&cards, &[&[2, 3, 4, 5, 6], &[20, 21, 22, 23, 24]], &[7]);
    run(&mut game, &["play 2 fwd", "draw", "discard 20", "pass"]);
    for (a, b) in [(3, 21), (4, 22), (5, 23), (6, 24)] {
        run(&mut game, &[&format!("play {a} fwd"), "pass"]);
        run(&mut game, &[&format!("discard {b}"), "pass"]);
    }
    run(&mut game, &["play 7 fwd"]);
    assert_eq!(game.hand_number(), 2);
    assert_eq!(game.score(Seat(0)), 9);
}

#[test]
fn rt7_specific_trip_out_of_order_does_not_complete() {
    let mut cards = SPECIFIC_PAIR.to_vec();
    cards.extend([
        "hiker circle square",
        "bike square star",
        "horse star triangle",
        "car triangle diamond",
        "bus diamond hexagon",
        "train hexagon circle",
    ]);
    let mut game = specific(&cards, &[&[2, 3, 4, 5, 6], &[20, 21, 22, 23, 24]], &[7]);
    run(&mut game, &["play 2 fwd", "draw", "discard 20", "pass"]);
    for (a, b) in [(3, 21), (4, 22), (5, 23), (6, 24)] {
        run(&mut game, &[&format!("play {a} fwd"), "pass"]);
        run(&mut game, &[&format!("discard {b}"), "pass"]);
    }
    run(&mut game, &["play 7 fwd"]);
    // Square star triangle diamond: neither in order nor in reverse order.
    assert_eq!(trip_len(&game, 0), 6);
    assert_eq!(game.hand_number(), 1);
    assert!(completed(&game, 0).is_empty());
}

#[test]
fn rt7_specific_trip_reverse_order_completes() {
    let mut cards = SPECIFIC_PAIR.to_vec();
    cards.extend([
        // circle diamond star triangle square hexagon circle: s4 s3 s2 s1.
        "hiker circle diamond",
        "bike diamond star",
        "horse star triangle",
        "car triangle square",
        "bus square hexagon",
        "train hexagon circle",
    ]);
    let mut game = specific(&cards, &[&[2, 3, 4, 5, 6], &[20, 21, 22, 23, 24]], &[7]);
    run(&mut game, &["play 2 fwd", "draw", "discard 20", "pass"]);
    for (a, b) in [(3, 21), (4, 22), (5, 23), (6, 24)] {
        run(&mut game, &[&format!("play {a} fwd"), "pass"]);
        run(&mut game, &[&format!("discard {b}"), "pass"]);
    }
    run(&mut game, &["play 7 fwd"]);
    assert_eq!(game.hand_number(), 2);
    assert_eq!(game.score(Seat(0)), 9);
}

#[test]
fn rulebook_aversion_bars_the_modes_pictured() {
    let cards = [
        "bike circle square",
        "hiker circle square",
        "bike hexagon cross",
        "boat hexagon cross",
        "bike triangle star",
    ];
    let options = Options {
        players: 2,
        aversion: 1,
        ..Options::default()
    };
    // Seat 0's aversion card is a bike, seat 1's a boat.
    let mut game = scenario(
        options,
        &cards,
        40,
        &[],
        &[&[0, 1, 20, 21, 22], &[4, 23, 24, 25, 26]],
        &[&[2], &[3]],
        &[],
    );
    let view = game.view(Seat(1));
    assert_eq!(
        view.seats[0]
            .aversion
            .iter()
            .map(|c| c.0)
            .collect::<Vec<_>>(),
        vec![2]
    );
    assert_eq!(
        view.seats[1]
            .aversion
            .iter()
            .map(|c| c.0)
            .collect::<Vec<_>>(),
        vec![3]
    );
    assert_eq!(game.hand(Seat(0)).len(), 5);
    refused(&mut game, "play 0 fwd");
    refused(&mut game, "play 0 rev");
    assert!(!has(&game, "play 0 fwd") && !has(&game, "play 0 rev"));
    assert!(has(&game, "discard 0"));
    run(&mut game, &["play 1 fwd", "pass"]);
    // Seat 1 is averse to boats only: it may play a bike.
    run(&mut game, &["play 4 fwd", "pass"]);
    assert_eq!(trip_len(&game, 1), 1);
    assert!(matches!(
        RoundTrip::new(
            Options {
                aversion: 3,
                ..Options::default()
            },
            1
        ),
        Err(OptionsError::Aversion(3))
    ));
}

#[test]
fn rulebook_aversion_two_cards_bar_both_modes_airplanes_included() {
    let cards = [
        "hiker circle square",
        "airplane star ?",
        "bike square triangle",
        "airplane circle ?",
        "bike cross hexagon",
        "boat cross hexagon",
        "car cross hexagon",
        "car square triangle",
        "boat triangle star",
        "hiker square cross",
    ];
    let options = Options {
        players: 2,
        aversion: 2,
        ..Options::default()
    };
    let mut game = scenario(
        options,
        &cards,
        40,
        &[],
        &[&[0, 1, 2, 20, 21], &[7, 8, 9, 22, 23]],
        &[&[3, 4], &[5, 6]],
        &[],
    );
    let view = game.view(Seat(0));
    let averse = |s: usize| -> Vec<u8> { view.seats[s].aversion.iter().map(|c| c.0).collect() };
    assert_eq!(averse(0), vec![3, 4]);
    assert_eq!(averse(1), vec![5, 6]);
    run(&mut game, &["play 0 fwd"]);
    run(&mut game, &["pass"]);
    // Seat 1 is averse to boats and cars.
    refused(&mut game, "play 7 fwd");
    refused(&mut game, "play 7 rev");
    refused(&mut game, "play 8 fwd");
    run(&mut game, &["play 9 fwd", "pass"]);
    // Seat 0 is averse to airplanes and bikes: neither the wild (`?` would match square) nor
    // the bike (square → triangle) may go on its trip.
    refused(&mut game, "play 1 rev");
    refused(&mut game, "play 2 fwd");
    assert_eq!(
        legal(&game)
            .iter()
            .filter(|a| a.starts_with("play"))
            .count(),
        0
    );
}

// ---------------------------------------------------------------------------------------------
// Views and determinism

#[test]
fn view_never_shows_another_hand_or_the_deck_order() {
    let mk = |seat1: [u8; 5], seat2: [u8; 5], rest: Vec<u8>| {
        let mut stack = Vec::new();
        let seat0 = [0u8, 1, 2, 3, 4];
        for r in 0..5 {
            stack.extend([seat0[r], seat1[r], seat2[r]]);
        }
        stack.extend(rest);
        let options = Options {
            players: 3,
            stacked_decks: vec![stack],
            ..Options::default()
        };
        RoundTrip::new(options, 4).unwrap()
    };
    let rest_a: Vec<u8> = (15..98).collect();
    let rest_b: Vec<u8> = (5..15).chain(20..93).rev().collect();
    let mut a = mk([5, 6, 7, 8, 9], [10, 11, 12, 13, 14], rest_a);
    let mut b = mk([15, 16, 17, 18, 19], [97, 96, 95, 94, 93], rest_b);
    assert_ne!(a.deck_order(), b.deck_order());
    assert_eq!(a.view(Seat(0)), b.view(Seat(0)));
    // Also after seat 0 acts.
    let mut out = Vec::new();
    a.legal_actions(&mut out);
    let discard = out
        .iter()
        .copied()
        .find(|x| matches!(x, Action::Discard(_)))
        .unwrap();
    a.apply(discard).unwrap();
    b.apply(discard).unwrap();
    a.apply(Action::Pass).unwrap();
    b.apply(Action::Pass).unwrap();
    assert_eq!(a.view(Seat(0)), b.view(Seat(0)));
    assert_ne!(a.view(Seat(1)), b.view(Seat(1)));
    // A seat sees its own hand and only hand sizes of the others.
    let view = a.view(Seat(1));
    assert_eq!(view.hand, a.hand(Seat(1)).to_vec());
    assert_eq!(view.seats[0].hand_size, 4);
    let json = serde_json::to_string(&view).unwrap();
    assert!(!json.contains("\"deck\":["), "{json}");
}

#[test]
fn g1_same_seed_same_game_bit_for_bit() {
    let play = |seed: u64| {
        let mut game = RoundTrip::new(
            Options {
                players: 3,
                advanced: true,
                ..Options::default()
            },
            seed,
        )
        .unwrap();
        let mut out = Vec::new();
        for _ in 0..60 {
            game.legal_actions(&mut out);
            let Some(&first) = out.first() else { break };
            game.apply(first).unwrap();
        }
        serde_json::to_vec(&game).unwrap()
    };
    assert_eq!(play(11), play(11));
    assert_ne!(play(11), play(12));
}

#[test]
fn g4_malformed_action_texts_do_not_parse_and_unknown_cards_are_refused() {
    for bad in [
        "",
        "play",
        "play 3",
        "play x fwd",
        "discard",
        "steal",
        "draw 1",
        "fly 2",
    ] {
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
    let mut game = RoundTrip::new(Options::default(), 2).unwrap();
    for text in [
        "play 255 fwd",
        "discard 254",
        "steal 9",
        "steal 0",
        "draw",
        "pass",
    ] {
        refused(&mut game, text);
    }
}

/// Random playouts of several set-ups, for the contract-level checks below.
fn playouts(mut check: impl FnMut(&RoundTrip, u64)) {
    let setups = [
        Options {
            players: 3,
            ..Options::default()
        },
        Options {
            players: 4,
            advanced: true,
            ..Options::default()
        },
        Options {
            players: 2,
            advanced: true,
            specific_trip: true,
            aversion: 2,
            ..Options::default()
        },
        Options {
            players: 5,
            round_the_world: true,
            aversion: 1,
            ..Options::default()
        },
    ];
    for (i, options) in setups.into_iter().enumerate() {
        let seed = 100 + i as u64;
        let mut game = RoundTrip::new(options, seed).unwrap();
        let mut rng = cards::GameRng::from_seed(seed);
        let mut out = Vec::new();
        for ply in 0..400u64 {
            check(&game, ply);
            game.legal_actions(&mut out);
            if out.is_empty() {
                break;
            }
            let action = out[rng.index(out.len())];
            game.apply(action).unwrap();
        }
    }
}

#[test]
fn g4_accepted_actions_are_exactly_the_legal_ones_refusals_change_nothing() {
    playouts(|game, ply| {
        if ply % 7 != 0 {
            return;
        }
        let mut legal_now = Vec::new();
        game.legal_actions(&mut legal_now);
        let mut space = Vec::new();
        game.action_space(&mut space);
        let before = serde_json::to_vec(game).unwrap();
        let mut census = Vec::new();
        game.census(&mut census);
        census.sort_unstable();
        for action in space {
            let mut copy = game.clone();
            match copy.apply(action) {
                Ok(()) => {
                    assert!(legal_now.contains(&action), "{action} accepted, not listed");
                    let mut after = Vec::new();
                    copy.census(&mut after);
                    after.sort_unstable();
                    assert_eq!(after, census, "{action} created or destroyed a card");
                }
                Err(_) => {
                    assert!(!legal_now.contains(&action), "{action} listed, refused");
                    assert_eq!(serde_json::to_vec(&copy).unwrap(), before);
                }
            }
        }
    });
}

#[test]
fn view_unchanged_when_hidden_cards_are_redrawn() {
    let mut rng = cards::GameRng::from_seed(77);
    playouts(|game, ply| {
        if ply % 5 != 0 {
            return;
        }
        for seat in 0..game.seat_count() {
            let seat = Seat(u8::try_from(seat).unwrap());
            let other = game.resample_hidden(seat, &mut rng);
            assert_eq!(other.view(seat), game.view(seat));
            let view = game.view(seat);
            assert_eq!(view.hand, game.hand(seat).to_vec());
            for (i, s) in view.seats.iter().enumerate() {
                assert_eq!(s.hand_size, game.hand(Seat(u8::try_from(i).unwrap())).len());
            }
        }
    });
}
