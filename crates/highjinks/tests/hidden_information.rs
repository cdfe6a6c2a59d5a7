//! Determinisation is uniform over the states consistent with a view: checked by counting
//! against every consistent state, listed by hand, in positions small enough to list.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod composite;

use cards::{Game, GameRng, Seat};
use common::*;
use highjinks::{Card, Cards, HighJinks, Kind, Options};
use serde_json::{json, Value};
use std::collections::HashMap;

/// A position of two players where seat 1 has salvaged 5♥ (so every seat knows it is in its
/// hand) and then set it face down (so it is known to be in its hand or face down, HJ88).
fn known_five_set_face_down() -> HighJinks {
    let mut game = two_duel();
    play(&mut game, &["empower 5H", "pass", "pass", "salvage 5H"]);
    while game.turn_seat() != Seat(1) {
        act(&mut game, "end turn");
    }
    act(&mut game, "set 5H");
    game
}

fn two_duel() -> HighJinks {
    duel(
        ["KD", "5S", "6S", "7S", "5C", "6C"],
        ["JC", "5H", "6H", "7H", "5D", "6D"],
        &[],
    )
}

/// In an edited state: puts a card out of play, face up on its discard pile (an Agent on the
/// Bench, any other card in the Boneyard).
fn set_aside(s: &mut Value, card: Value) {
    let kind = card
        .as_str()
        .and_then(|t| t.parse::<Card>().ok())
        .map(|c| c.kind());
    let pile = if kind == Some(Kind::Agent) {
        "bench"
    } else {
        "boneyard"
    };
    s[pile].as_array_mut().unwrap().push(card);
}

/// Shrinks what seat 0 cannot see to: seat 1's hand `hand`, its face-down Mana as it is, and
/// the Deck `deck`; every other hidden card goes to the Boneyard or the Bench.
fn shrink(game: &HighJinks, hand: &[&str], deck: &[&str]) -> HighJinks {
    edit(game, |s| {
        let mut hidden: Vec<Value> = s["deck"].as_array_mut().unwrap().drain(..).collect();
        hidden.append(s["sides"][1]["hand"].as_array_mut().unwrap());
        let mut take = |text: &str| {
            let at = hidden
                .iter()
                .position(|c| c == text)
                .unwrap_or_else(|| panic!("{text}"));
            hidden.remove(at)
        };
        let hand: Vec<Value> = hand.iter().map(|t| take(t)).collect();
        let deck: Vec<Value> = deck.iter().map(|t| take(t)).collect();
        s["sides"][1]["hand"] = json!(hand);
        s["deck"] = json!(deck);
        for c in hidden {
            set_aside(s, c);
        }
    })
}

/// Draws `draws` determinisations for seat 0 and checks they fall uniformly on `expected`
/// (every consistent state), by a chi-square test at the 0.1% level.
fn assert_uniform(game: &HighJinks, expected: &[&str], draws: usize, critical: f64) {
    let mut rng = GameRng::from_seed(2026);
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut into = game.clone();
    for _ in 0..draws {
        game.resample_hidden_into(Seat(0), &mut rng, &mut into);
        assert_eq!(into.view(Seat(0)), game.view(Seat(0)));
        *seen.entry(world_of(&into, 1)).or_default() += 1;
    }
    for w in seen.keys() {
        assert!(
            expected.contains(&w.as_str()),
            "inconsistent world drawn: {w}"
        );
    }
    let mean = draws as f64 / expected.len() as f64;
    let chi: f64 = expected
        .iter()
        .map(|w| {
            let n = *seen.get(*w).unwrap_or(&0) as f64;
            (n - mean) * (n - mean) / mean
        })
        .sum();
    assert!(chi < critical, "chi-square {chi:.1} ≥ {critical}: {seen:?}");
}

#[test]
fn hj88_a_known_card_is_in_the_hand_or_face_down_each_state_equally_likely() {
    let base = known_five_set_face_down();
    // A hidden card that cannot be set (a deuce, an Ace or an Agent) other than K♥.
    let other = base
        .deck()
        .find(|c| !c.is_settable() && *c != card("KH"))
        .map(|c| format!("{c:#}"))
        .unwrap();
    let game = shrink(&base, &["KH"], &["6H", &other]);
    // Hidden from seat 0: 5♥, 6♥, K♥, 2♥ over one face-down place (3–10 only), one hand place
    // and two Deck places, 5♥ in the hand or face down: 6 states with 5♥ face down, 2 with 6♥.
    let expected: Vec<String> = [
        r#"["5H"] ["6H"] ["KH", "X"]"#,
        r#"["5H"] ["6H"] ["X", "KH"]"#,
        r#"["5H"] ["KH"] ["6H", "X"]"#,
        r#"["5H"] ["KH"] ["X", "6H"]"#,
        r#"["5H"] ["X"] ["6H", "KH"]"#,
        r#"["5H"] ["X"] ["KH", "6H"]"#,
        r#"["6H"] ["5H"] ["KH", "X"]"#,
        r#"["6H"] ["5H"] ["X", "KH"]"#,
    ]
    .iter()
    .map(|w| w.replace('X', &other))
    .collect();
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    // Chi-square, 7 degrees of freedom, 0.1%: 24.32.
    assert_uniform(&game, &expected, 8_000, 24.32);
}

#[test]
fn s6_face_down_mana_is_drawn_among_cards_3_to_10_uniformly() {
    let mut game = two_duel();
    play(&mut game, &["pass", "pass"]);
    // J♣ beat K♦; Valor declined; seat 0's turn, then seat 1 sets two cards.
    act(&mut game, "decline");
    while game.turn_seat() != Seat(1) {
        act(&mut game, "end turn");
    }
    play(&mut game, &["set 6H", "set 7H"]);
    let game = shrink(&game, &["QH"], &["5H"]);
    // Hidden: 6♥, 7♥ face down, Q♥ in hand, 5♥ in the Deck: the two face-down places take two
    // of 5♥ 6♥ 7♥ in order (6 ways), the hand and the Deck the other two (2 ways).
    let mut expected = Vec::new();
    let all = ["5H", "6H", "7H", "QH"];
    for a in ["5H", "6H", "7H"] {
        for b in ["5H", "6H", "7H"] {
            if a == b {
                continue;
            }
            let rest: Vec<&str> = all.iter().copied().filter(|c| *c != a && *c != b).collect();
            expected.push(format!(r#"["{a}", "{b}"] ["{}"] ["{}"]"#, rest[0], rest[1]));
            expected.push(format!(r#"["{a}", "{b}"] ["{}"] ["{}"]"#, rest[1], rest[0]));
        }
    }
    // Hand order is canonical, so "5H" then "QH": keep the hand as one card.
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    // Chi-square, 11 degrees of freedom, 0.1%: 31.26.
    assert_uniform(&game, &expected, 12_000, 31.26);
}

/// Expected counts: chi-square against unequal probabilities.
fn assert_distribution(game: &HighJinks, expected: &[(&str, f64)], draws: usize, critical: f64) {
    let mut rng = GameRng::from_seed(7);
    let mut into = game.clone();
    let drawn = (0..draws).map(|_| {
        game.resample_hidden_into(Seat(0), &mut rng, &mut into);
        assert_eq!(into.view(Seat(0)), game.view(Seat(0)));
        format!(
            "{:?} {:?}",
            hand(&into, 1),
            into.deck().map(|c| format!("{c:#}")).collect::<Vec<_>>()
        )
    });
    assert_distributed(drawn, expected, critical);
}

/// Checks that the worlds `drawn` fall on `expected` with the chances given, by a chi-square
/// test (`critical` for as many worlds, less one, degrees of freedom).
fn assert_distributed(
    drawn: impl IntoIterator<Item = String>,
    expected: &[(&str, f64)],
    critical: f64,
) {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut draws = 0;
    for w in drawn {
        *seen.entry(w).or_default() += 1;
        draws += 1;
    }
    for w in seen.keys() {
        assert!(
            expected.iter().any(|(e, _)| e == w),
            "inconsistent world drawn: {w}"
        );
    }
    let chi: f64 = expected
        .iter()
        .map(|(w, p)| {
            let mean = p * draws as f64;
            let n = *seen.get(*w).unwrap_or(&0) as f64;
            (n - mean) * (n - mean) / mean
        })
        .sum();
    assert!(chi < critical, "chi-square {chi:.1} ≥ {critical}: {seen:?}");
}

#[test]
fn hj8_hj85_with_two_copies_a_known_card_weighs_states_by_their_physical_cards() {
    let game = table(
        highjinks::Options::players(3),
        &[
            (&["KS", "QS", "JS", "5S", "6S", "7S"], &R0),
            (&["KH", "QH", "JH", "5H", "6H", "7H"], &R1),
            (&["KD", "QD", "JD", "5D", "6D", "7D"], &R2),
        ],
        &[],
    );
    // Hidden from seat 0: seat 1's hand {5♥, K♥} with one 5♥ known there, and a Deck of the
    // other 5♥ and 2♥. Seat 2's hand is empty.
    let game = edit(&game, |s| {
        let mut hidden: Vec<Value> = s["deck"].as_array_mut().unwrap().drain(..).collect();
        for seat in [1, 2] {
            hidden.append(s["sides"][seat]["hand"].as_array_mut().unwrap());
        }
        let mut take = |text: &str| {
            let at = hidden.iter().position(|c| c == text).unwrap();
            hidden.remove(at)
        };
        let hand = vec![take("5H"), take("KH")];
        let deck = vec![take("2H"), take("5H")];
        s["sides"][1]["hand"] = json!(hand);
        s["sides"][1]["known"] = json!(["5H"]);
        s["deck"] = json!(deck);
        for c in hidden {
            set_aside(s, c);
        }
    });
    // The two 5♥ are two cards: 10 placements keep a 5♥ in seat 1's hand; the hand {5♥, 5♥}
    // is one of them for each Deck order, the others two each.
    let expected = [
        (r#"["5H", "5H"] ["KH", "2H"]"#, 0.1),
        (r#"["5H", "5H"] ["2H", "KH"]"#, 0.1),
        (r#"["5H", "KH"] ["5H", "2H"]"#, 0.2),
        (r#"["5H", "KH"] ["2H", "5H"]"#, 0.2),
        (r#"["2H", "5H"] ["5H", "KH"]"#, 0.2),
        (r#"["2H", "5H"] ["KH", "5H"]"#, 0.2),
    ];
    // Chi-square, 5 degrees of freedom, 0.1%: 20.52.
    assert_distribution(&game, &expected, 10_000, 20.52);
}

/// A copy of a two-player game whose Deck holds only its top card and whose Void holds `void`:
/// every other card of the Deck goes out of reach (Agents to seat 1's hand, the rest to the
/// Boneyard; neither is shuffled back, unlike the Bench).
fn one_card_deck_and_void(game: &HighJinks, void: &[&str]) -> HighJinks {
    edit(game, |s| {
        let top = pop_deck(s);
        let mut rest: Vec<Value> = s["deck"].as_array_mut().unwrap().drain(..).collect();
        for card in void {
            let at = rest.iter().position(|c| c == card).unwrap();
            s["void"].as_array_mut().unwrap().push(rest.remove(at));
        }
        for c in rest {
            let card: Card = c.as_str().unwrap().parse().unwrap();
            let place = if card.kind() == Kind::Agent {
                &mut s["sides"][1]["hand"]
            } else {
                &mut s["boneyard"]
            };
            place.as_array_mut().unwrap().push(c);
        }
        s["deck"] = json!([top]);
    })
}

/// A Deck rebuilt from the Void and the Bench holds cards every seat has seen (HJ11: the Void's
/// contents are known; the Bench is face up): a seat's view keeps them, and a determinisation
/// draws the Deck from them alone.
#[test]
fn hj11_hj80_a_rebuilt_deck_holds_only_the_cards_of_the_void_and_the_bench() {
    let game = duo(
        [
            (&["KS", "QS", "JS", "5S", "6S", "7S"], &R0),
            (&["KH", "QH", "JH", "5H", "6H", "7H"], &R1),
        ],
        &["10C"],
    );
    // The Deck holds only 10♣; the Void holds the three deuces of ♣ ♦ ♥.
    let mut game = one_card_deck_and_void(&game, &["2C", "2D", "2H"]);
    // Seat 0 draws the last card: the Deck is rebuilt from the three deuces.
    play(&mut game, &["summon KS", "draw"]);
    assert_eq!(game.deck().count(), 3);
    let known = game.view(Seat(1)).deck_known.unwrap();
    assert_eq!(list(&known), ["2C", "2D", "2H"]);
    let mut rng = GameRng::from_seed(5);
    for _ in 0..50 {
        let drawn = game.resample_hidden(Seat(1), &mut rng);
        let mut deck: Vec<String> = drawn.deck().map(|c| format!("{c:#}")).collect();
        deck.sort();
        assert_eq!(
            deck,
            ["2C", "2D", "2H"],
            "seat 1 saw the Deck rebuilt from these"
        );
    }
}

#[test]
fn a_deck_drawn_from_unseen_stays_known_only_to_the_seat_that_drew() {
    // The Deck is rebuilt from the four deuces; then seat 0 draws one of them unseen.
    let game = rebuilt_then_drawn(&["2C", "2D", "2H", "2S"], None);
    assert_eq!(game.deck().count(), 3);
    // Seat 0 knows which three are left; seat 1 no longer knows the Deck's contents.
    let mine = game.view(Seat(0)).deck_known.unwrap();
    assert_eq!(mine.len(), 3);
    assert!(game.view(Seat(1)).deck_known.is_none());
    // Seat 0's determinisations keep exactly those three in the Deck.
    let mut rng = GameRng::from_seed(9);
    for _ in 0..20 {
        let drawn = game.resample_hidden(Seat(0), &mut rng);
        let deck: highjinks::Cards = drawn.deck().collect();
        assert_eq!(deck, mine);
        assert_eq!(drawn.view(Seat(0)), game.view(Seat(0)));
    }
}

/// Draws `n` determinisations of `game` for `observer`.
fn draws(game: &HighJinks, observer: u8, n: u64) -> Vec<HighJinks> {
    let mut rng = GameRng::from_seed(0x0b5e);
    (0..n)
        .map(|_| game.resample_hidden(Seat(observer), &mut rng))
        .collect()
}

/// Seat 0 casts Interception on seat 1 declaring 5♦, which seat 1 does not hold: a miss.
fn missed_interception() -> HighJinks {
    let mut game = two(
        ["7C", "KS", "QS", "5S", "6S", "8S"],
        ["KH", "QH", "JH", "5H", "6H", "9H"],
        &[],
    );
    play(&mut game, &["intercept 7C", "declare 5D"]);
    game
}

#[test]
fn hj42_hj88_a_missed_interceptions_proof_is_kept_by_the_caster_alone() {
    let game = missed_interception();
    let real = hand(&game, 1);
    assert_eq!(list(&game.view(Seat(0)).sides[1].known), real);
    assert!(game.view(Seat(2)).sides[1].known.is_empty());
    // The caster's determinisations hold seat 1's hand exactly; a spectator's vary.
    for drawn in draws(&game, 0, 50) {
        assert_eq!(hand(&drawn, 1), real);
    }
    let spectator = draws(&game, 2, 50);
    assert!(spectator.iter().any(|d| hand(d, 1) != real));
    // Seat 1 itself knows what the caster saw of its hand.
    assert_eq!(
        game.view(Seat(1)).sides[1].seen_by.map(|s| list(&s[0])),
        Some(real)
    );
}

#[test]
fn hj42_a_missed_declaration_is_never_drawn_into_that_hand() {
    let game = missed_interception();
    let five: Card = "5D".parse().unwrap();
    assert_ne!(game.view(Seat(2)).sides[1].lacks & 1 << five.index(), 0);
    for drawn in draws(&game, 2, 300) {
        assert!(!drawn.hand(Seat(1)).any(|c| c == five));
    }
}

/// Seat 0 discards a straight of hearts and evokes; the Deck holds hearts (9♥ and 10♥ among
/// them) or, with `no_hearts`, none at all.
fn evocation(no_hearts: bool) -> HighJinks {
    let game = two(
        ["5H", "6H", "7H", "KS", "QS", "JS"],
        ["KC", "QC", "JC", "5C", "6C", "9C"],
        &["2S", "3S", "4S"],
    );
    let mut game = if no_hearts {
        edit(&game, |s| {
            let deck = s["deck"].as_array_mut().unwrap();
            let hearts: Vec<Value> = deck
                .iter()
                .filter(|c| c.as_str().unwrap().ends_with('H'))
                .cloned()
                .collect();
            deck.retain(|c| !c.as_str().unwrap().ends_with('H'));
            for h in hearts {
                set_aside(s, h);
            }
        })
    } else {
        game
    };
    play(&mut game, &["straight 5H 6H 7H", "evoke 6H"]);
    game
}

#[test]
fn hj66_the_caster_sees_the_deck_and_the_others_keep_the_evoked_suit_in_its_hand() {
    let mut game = evocation(false);
    assert!(
        game.view(Seat(0)).deck_known.is_some(),
        "the caster sees the Deck"
    );
    act(&mut game, "take 9H");
    assert!(game.view(Seat(0)).deck_known.is_some());
    assert!(game.view(Seat(1)).deck_known.is_none());
    assert_eq!(game.view(Seat(1)).sides[0].suits, [0, 0, 1, 0]);
    let heart = |c: &Card| c.suit() == Some(cards::Suit::Hearts);
    for drawn in draws(&game, 1, 300) {
        assert!(
            drawn.hand(Seat(0)).any(|c| heart(&c)),
            "the evoked heart is in the hand"
        );
    }
}

#[test]
fn hj66_an_evocation_that_finds_nothing_keeps_the_suit_out_of_the_deck() {
    let game = evocation(true);
    assert_eq!(
        game.view(Seat(1)).deck_lacks,
        1 << cards::Suit::Hearts.index()
    );
    for drawn in draws(&game, 2, 300) {
        assert!(drawn.deck().all(|c| c.suit() != Some(cards::Suit::Hearts)));
    }
}

/// A two-player game in which the Deck is rebuilt from 8♣ 9♣ 2♦ 2♥ and seat 0 draws one of
/// them unseen, then sets 5♠ face down: seat 0 holds J♠ 5♠ 6♠ 7♠ 10♣ (10♣ drawn unseen before
/// the rebuild) and one card of the rebuilt Deck.
fn drawn_from_a_rebuilt_deck() -> HighJinks {
    let mut game = rebuilt_then_drawn(&["8C", "9C", "2D", "2H"], None);
    act(&mut game, "set 5S");
    game
}

/// A two-player game whose Deck holds 10♣ alone and whose Void holds `void`: seat 0 summons K♠
/// and draws 10♣ (the Deck is rebuilt from the Void, in the order `stacked` if given, top
/// first), then retires K♠, summons Q♠ and draws one card of the rebuilt Deck unseen.
fn rebuilt_then_drawn(void: &[&str], stacked: Option<&[&str]>) -> HighJinks {
    rebuilt_then_drawn_with(Options::players(2), void, stacked)
}

/// [`rebuilt_then_drawn`] with other options (two decks, say).
fn rebuilt_then_drawn_with(options: Options, void: &[&str], stacked: Option<&[&str]>) -> HighJinks {
    let game = table(
        options,
        &[
            (&["KS", "QS", "JS", "5S", "6S", "7S"], &R0),
            (&["KH", "QH", "JH", "5H", "6H", "7H"], &R1),
        ],
        &["10C"],
    );
    let mut game = one_card_deck_and_void(&game, void);
    if let Some(order) = stacked {
        game = edit(&game, |s| s["options"]["shuffles"] = json!([order]));
    }
    play(
        &mut game,
        &["summon KS", "draw", "retire a0", "summon QS", "draw"],
    );
    game
}

/// What another seat cannot see of `seat`: its face-down Mana, its hand, the Deck top first.
fn world_of(game: &HighJinks, seat: u8) -> String {
    let down: Vec<String> = game
        .mana(Seat(seat))
        .iter()
        .flatten()
        .filter(|m| !m.face_up)
        .map(|m| format!("{:#}", m.card))
        .collect();
    let deck: Vec<String> = game.deck().map(|c| format!("{c:#}")).collect();
    format!("{down:?} {:?} {deck:?}", hand(game, seat))
}

/// HJ6, HJ80: a seat that saw the Deck rebuilt remembers, after the other seat drew from it
/// unseen, that the Deck and that seat's new card are the rebuilt cards: the Deck holds three
/// of them, the other seat one, and the cards it held before stay in its hand or face down.
/// Every such state is equally likely: a rebuilt card 3–10 may be the face-down one, so the
/// states where seat 0 drew 8♣ or 9♣ are five each (any of five cards face down) against four
/// for 2♦ or 2♥, times the Deck's six orders.
#[test]
fn hj6_hj80_the_deck_and_the_cards_drawn_from_it_unseen_hold_the_rebuilt_cards() {
    let game = drawn_from_a_rebuilt_deck();
    assert_eq!(game.deck().count(), 3);
    let view = game.view(Seat(1));
    assert!(
        view.deck_known.is_none(),
        "seat 0 drew from the Deck unseen"
    );
    assert_eq!(list(&view.group.unwrap()), ["2D", "2H", "8C", "9C"]);
    assert_eq!(view.group_drawn, [1, 0, 0, 0]);
    // Seat 0 knows the three left; seat 0's view has no count of its own.
    assert_eq!(game.view(Seat(0)).group_drawn, [0; 4]);
    assert_eq!(game.view(Seat(0)).group.unwrap().len(), 3);

    let rebuilt = ["8C", "9C", "2D", "2H"];
    let before = ["JS", "5S", "6S", "7S", "10C"];
    let mut expected = Vec::new();
    for drawn in rebuilt {
        let mut holdings: Cards = before.iter().map(|c| card(c)).collect();
        holdings.add(card(drawn));
        let deck: Vec<&str> = rebuilt.iter().copied().filter(|&c| c != drawn).collect();
        for down in holdings.distinct().filter(|c| c.is_settable()) {
            let mut hand = holdings;
            hand.remove(down);
            for order in cards::testkit::permutations(&deck) {
                expected.push(format!(
                    "{:?} {:?} {order:?}",
                    [format!("{down:#}")],
                    list(&hand)
                ));
            }
        }
    }
    assert_eq!(expected.len(), (5 + 5 + 4 + 4) * 6);
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();

    assert_uniform_for(&game, &expected);
    // The same, with two of seat 0's cards known to all (5♠ face down or in hand, J♠ in hand):
    // the draw weighs the places the known cards take, and stays uniform.
    // (Without its places, the known cards are read as a state saved before they were kept:
    // in any face-down zone.)
    let known = edit(&game, |s| {
        s["sides"][0]["known"] = json!(["5S", "JS"]);
        s["sides"][0].as_object_mut().unwrap().remove("known_at");
    });
    assert_uniform_for(&known, &expected);
}

/// Draws determinisations of `game` for seat 1, each keeping seat 1's view, and checks with the
/// kit that they fall uniformly on `expected` (seat 0's hidden cards and the Deck).
fn assert_uniform_for(game: &HighJinks, expected: &[&str]) {
    let mut rng = GameRng::from_seed(80);
    let mut into = game.clone();
    let draws = (0..21_600).map(|_| {
        game.resample_hidden_into(Seat(1), &mut rng, &mut into);
        assert_eq!(into.view(Seat(1)), game.view(Seat(1)));
        world_of(&into, 0)
    });
    let worlds: Vec<String> = expected.iter().map(|w| w.to_string()).collect();
    cards::testkit::assert_uniform(draws, &worlds, &world_of(game, 0));
}

/// The seat that drew knows the Deck's three cards exactly, and its draws keep them.
#[test]
fn hj80_the_seat_that_drew_from_the_rebuilt_deck_keeps_its_contents() {
    let game = drawn_from_a_rebuilt_deck();
    let mine = game.view(Seat(0)).deck_known.unwrap();
    for drawn in draws(&game, 0, 30) {
        let deck: Cards = drawn.deck().collect();
        assert_eq!(deck, mine);
        assert_eq!(drawn.view(Seat(0)), game.view(Seat(0)));
    }
}

/// HJ6, HJ80: a card drawn from the rebuilt Deck that leaves the hand in sight of all, and is
/// the only copy of its identity, is taken off the drawer's count: the knowers see the whole
/// group again (the Deck's three cards).
#[test]
fn hj80_a_drawn_card_played_in_sight_of_all_leaves_the_drawers_count() {
    // The rebuild is stacked: J♦ on top.
    let order = ["JD", "9C", "2D", "2H"];
    let mut game = rebuilt_then_drawn(&order, Some(&order));
    assert!(hand(&game, 0).contains(&"JD".to_string()));
    assert_eq!(game.view(Seat(1)).group_drawn, [1, 0, 0, 0]);
    play(&mut game, &["retire a0", "summon JD"]);
    let view = game.view(Seat(1));
    assert_eq!(view.group_drawn, [0; 4]);
    assert_eq!(list(&view.group.unwrap()), ["2D", "2H", "9C"]);
    // The Deck is the group: every determinisation keeps it.
    for drawn in draws(&game, 1, 20) {
        let mut deck: Vec<String> = drawn.deck().map(|c| format!("{c:#}")).collect();
        deck.sort();
        assert_eq!(deck, ["2D", "2H", "9C"]);
    }
}

/// HJ6, HJ66: the caster of an Evocation saw the whole Deck; after the other seat draws from
/// it unseen, the caster still knows that the Deck and those cards are what it saw.
#[test]
fn hj6_hj66_the_caster_remembers_the_deck_it_saw_after_the_other_seat_draws() {
    let mut game = evocation(false);
    act(&mut game, "take 9H");
    let seen = game.view(Seat(0)).deck_known.unwrap();
    // Turns end until seat 1 draws a card unseen (not on its first turn, §27).
    for _ in 0..4 {
        if game.view(Seat(0)).deck_known.is_none() {
            break;
        }
        act(&mut game, "end turn");
    }
    assert_eq!(game.turn_seat(), Seat(1));
    let view = game.view(Seat(0));
    assert!(view.deck_known.is_none(), "seat 1 drew unseen");
    // The group: what seat 0 saw, less what it drew itself since (its own cards), which is the
    // Deck and seat 1's new cards.
    let group = view.group.unwrap();
    assert!(seen.includes(&group));
    let drawn_by_1 = usize::from(view.group_drawn[1]);
    assert!(drawn_by_1 >= 1);
    assert_eq!(group.len(), view.deck_len + drawn_by_1);
    assert_eq!(
        view.group_drawn[0], 0,
        "the viewer's own draws are not counted"
    );
    // The other seat never saw the Deck: it knows no group.
    assert!(game.view(Seat(1)).group.is_none());
    for drawn in draws(&game, 0, 100) {
        // The Deck is drawn from the group alone, and seat 1 holds the rest of it.
        let deck: Cards = drawn.deck().collect();
        assert!(group.includes(&deck));
        let hand: Cards = drawn.hand(Seat(1)).collect();
        let missing = group
            .iter()
            .filter(|&c| !deck.contains(c) || deck.count(c) < group.count(c));
        for card in missing {
            assert!(
                hand.contains(card),
                "{card} is in the Deck or seat 1's hand"
            );
        }
        assert_eq!(drawn.view(Seat(0)), game.view(Seat(0)));
    }
}

/// A missed Interception by seat 1 in [`drawn_from_a_rebuilt_deck`]: seat 1 sees seat 0's
/// whole hand, which holds one card of the rebuilt Deck. Returns the game and that card.
fn proof_of_a_drawn_card() -> (HighJinks, &'static str) {
    let mut game = drawn_from_a_rebuilt_deck();
    act(&mut game, "end turn");
    play(&mut game, &["intercept 7H", "declare 9S"]);
    let shown = hand(&game, 0);
    let drawn = ["8C", "9C", "2D", "2H"]
        .into_iter()
        .find(|c| shown.contains(&c.to_string()))
        .expect("seat 0 holds the card it drew");
    (game, drawn)
}

/// HJ42, HJ80: the proof pins the drawn card from the group: the caster's draws keep it with
/// seat 0 and put exactly the rest of the group in the Deck.
#[test]
fn hj42_hj80_a_proof_of_a_drawn_card_keeps_it_with_the_drawer_and_the_rest_in_the_deck() {
    let (game, drawn) = proof_of_a_drawn_card();
    assert_eq!(game.view(Seat(1)).group_drawn, [1, 0, 0, 0]);
    let mut rest: Cards = ["8C", "9C", "2D", "2H"].iter().map(|c| card(c)).collect();
    rest.remove(card(drawn));
    for d in draws(&game, 1, 200) {
        let deck: Cards = d.deck().collect();
        assert_eq!(deck, rest);
        let mut holdings: Cards = d.hand(Seat(0)).collect();
        for m in d.mana(Seat(0)).iter().flatten().filter(|m| !m.face_up) {
            holdings.add(m.card);
        }
        assert!(holdings.contains(card(drawn)));
        assert_eq!(d.view(Seat(1)), game.view(Seat(1)));
    }
}

/// HJ88: "an Interception proof makes the caster's knowledge of the hand exact": the shown
/// cards are in the hand, so seat 0's face-down card is the one card not shown. The engine
/// keeps a proof, like `known`, as cards in the hand *or* face down, so a draw may swap a shown
/// card 3–10 with the face-down one (see the rules reading, "what is left of the gap").
#[test]
fn hj88_a_proof_keeps_the_shown_hand_apart_from_face_down_mana() {
    let (game, _) = proof_of_a_drawn_card();
    let shown = hand(&game, 0);
    for d in draws(&game, 1, 200) {
        assert_eq!(hand(&d, 0), shown);
    }
}

/// HJ88: a card known to all to be in a hand may since have been set face down, but only into
/// a zone set after it was known there: a zone set before cannot hold it. Seat 1 sets 6♥, then
/// 5♥ comes into its hand in sight of all, then it sets 7♥: 5♥ is in the hand or in the second
/// zone, never the first; every such state is equally likely.
#[test]
fn hj88_a_known_card_lies_only_in_a_zone_set_after_it_was_known() {
    let mut game = two_duel();
    play(&mut game, &["pass", "pass"]);
    act(&mut game, "decline");
    while game.turn_seat() != Seat(1) {
        act(&mut game, "end turn");
    }
    act(&mut game, "set 6H");
    let game = shrink(&game, &["QH", "5H", "7H"], &["8H"]);
    // 5♥ enters seat 1's hand publicly (as a salvage would), after the first set.
    let mut game = edit(&game, |s| s["sides"][1]["known"] = json!(["5H"]));
    act(&mut game, "set 7H");
    let view = game.view(Seat(0));
    assert_eq!(list(&view.sides[1].known), ["5H"]);
    assert_eq!(view.sides[1].known_at.zones(card("5H"), 0), 0b10);

    // Every placement of the five hidden cards over the two face-down zones (cards 3–10),
    // the two hand places and the Deck that keeps 5♥ in the hand or the second zone.
    let hidden = ["5H", "6H", "7H", "8H", "QH"];
    let mut expected = std::collections::BTreeSet::new();
    for p in cards::testkit::permutations(&hidden) {
        let (z0, z1, deck) = (p[0], p[1], p[4]);
        let hand: Cards = [p[2], p[3]].iter().map(|c| card(c)).collect();
        let settable = |c: &str| card(c).is_settable();
        if !settable(z0) || !settable(z1) || z0 == "5H" {
            continue;
        }
        if z1 != "5H" && !hand.contains(card("5H")) {
            continue;
        }
        expected.insert(format!("{:?} {:?} {:?}", [z0, z1], list(&hand), [deck]));
    }
    assert_eq!(expected.len(), 9 + 12);
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    // Chi-square, 20 degrees of freedom, 0.1%: 45.31.
    assert_uniform(&game, &expected, 21_000, 45.31);
}

/// HJ42, HJ88: a card all know to be in seat 1's hand or face down (5♥ was known before seat
/// 1 set a card in zone 0) is in the hand when an Interception's proof shows it there: the
/// caster now knows it is not face down, while the others still do not.
#[test]
fn hj42_hj88_a_proof_settles_where_a_known_card_lies_for_the_caster_alone() {
    let game = two(
        ["7C", "KS", "QS", "5S", "6S", "8S"],
        ["KH", "QH", "JH", "5H", "6H", "9H"],
        &[],
    );
    let mut game = edit(&game, |s| {
        let hand = s["sides"][1]["hand"].as_array_mut().unwrap();
        let at = hand.iter().position(|c| c == "6H").unwrap();
        hand.remove(at);
        s["sides"][1]["mana"][0] = json!({"card": "6H", "face_up": false, "tapped": false});
        s["sides"][1]["known"] = json!(["5H"]);
        s["sides"][1]["known_at"] = json!([["5H", 1, 0]]);
    });
    let five = card("5H");
    assert_eq!(game.view(Seat(0)).sides[1].known_at.zones(five, 0), 1);
    play(&mut game, &["intercept 7C", "declare 5D"]);
    let real = hand(&game, 1);
    assert!(real.contains(&"5H".to_string()));
    assert_eq!(game.view(Seat(0)).sides[1].known_at.zones(five, 0), 0);
    assert_eq!(game.view(Seat(2)).sides[1].known_at.zones(five, 0), 1);
    for drawn in draws(&game, 0, 100) {
        assert_eq!(hand(&drawn, 1), real);
    }
    let spectator = draws(&game, 2, 300);
    assert!(spectator
        .iter()
        .any(|d| d.mana(Seat(1))[0].is_some_and(|m| m.card == five)));
}

/// HJ66, HJ88: all know that the card seat 0 took by Evocation, a heart, is in its hand or in a
/// face-down zone set after it was taken. Here seat 0's only face-down card was set before, so
/// a heart there is not the evoked one: seat 0's hand holds a heart. Every state that keeps
/// this is equally likely.
#[test]
fn hj66_hj88_an_evoked_card_lies_only_in_a_zone_set_after_it_was_taken() {
    let mut game = evocation(false);
    act(&mut game, "take 9H");
    let game = edit(&game, |s| {
        let mut hidden: Vec<Value> = s["deck"].as_array_mut().unwrap().drain(..).collect();
        hidden.append(s["sides"][0]["hand"].as_array_mut().unwrap());
        let mut take = |wanted: &dyn Fn(&str) -> bool| {
            let at = hidden
                .iter()
                .position(|c| wanted(c.as_str().unwrap()))
                .unwrap();
            hidden.remove(at)
        };
        let settable = |t: &str| card(t).is_settable();
        let nine = take(&|t| t == "9H");
        let king = take(&|t| t == "KS");
        let heart = take(&|t| t.ends_with('H') && settable(t));
        let a = take(&|t| !t.ends_with('H') && settable(t));
        let b = take(&|t| !t.ends_with('H') && settable(t));
        s["sides"][0]["hand"] = json!([nine, king]);
        s["sides"][0]["mana"][0] = json!({"card": heart, "face_up": false, "tapped": false});
        s["deck"] = json!([a, b]);
        for c in hidden {
            set_aside(s, c);
        }
    });
    let view = game.view(Seat(1));
    assert_eq!(view.sides[0].suits, [0, 0, 1, 0]);
    assert_eq!(view.sides[0].suits_at.of_suit(2).count(), 0, "in the hand");
    let world = world_of(&game, 0);
    let heart = game.mana(Seat(0))[0].unwrap().card;
    let deck: Vec<Card> = game.deck().collect();
    let hidden = [card("9H"), card("KS"), heart, deck[0], deck[1]];
    let mut expected = std::collections::BTreeSet::new();
    for p in cards::testkit::permutations(&hidden) {
        let hand: Cards = [p[1], p[2]].into_iter().collect();
        if !p[0].is_settable() || !hand.iter().any(|c| c.suit() == Some(cards::Suit::Hearts)) {
            continue;
        }
        let text = |c: Card| format!("{c:#}");
        expected.insert(format!(
            "{:?} {:?} {:?}",
            [text(p[0])],
            list(&hand),
            [text(p[3]), text(p[4])]
        ));
    }
    assert_eq!(expected.len(), 12 + 20);
    assert!(expected.contains(&world));
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    assert_uniform_for(&game, &expected);
}

/// Seat 0 sets 5♠ face down, empties the one-card Deck (10♣), which is rebuilt from the Void
/// (`8C 9C 2D 2H`), and draws one card of it unseen; then plays `then`. Returns the game and
/// the rebuilt cards.
fn drew_from_the_rebuilt_deck(then: &[&str]) -> (HighJinks, [&'static str; 4]) {
    let game = duo(
        [
            (&["KS", "QS", "JS", "5S", "6S", "7S"], &R0),
            (&["KH", "QH", "JH", "5H", "6H", "7H"], &R1),
        ],
        &["10C"],
    );
    let rebuilt = ["8C", "9C", "2D", "2H"];
    let mut game = one_card_deck_and_void(&game, &rebuilt);
    play(
        &mut game,
        &[
            "summon KS",
            "draw",
            "set 5S",
            "retire a0",
            "summon QS",
            "draw",
        ],
    );
    play(&mut game, then);
    (game, rebuilt)
}

/// HJ80, HJ88: seat 0 sets 5♠ face down, then draws one card of the rebuilt Deck unseen: the
/// drawn card is in its hand, not in the zone set before it came. The same states as
/// `hj6_hj80_the_deck_and_the_cards_drawn_from_it_unseen_hold_the_rebuilt_cards` but for
/// those with the drawn card face down: 16 × 6, each equally likely.
#[test]
fn hj80_hj88_a_card_drawn_from_the_group_lies_only_in_a_zone_set_after_it_was_drawn() {
    let (game, rebuilt) = drew_from_the_rebuilt_deck(&[]);
    let view = game.view(Seat(1));
    assert_eq!(view.group_drawn, [1, 0, 0, 0]);
    assert_eq!(view.group_drawn_at[0].pairs().count(), 0, "in the hand");

    let before = ["JS", "5S", "6S", "7S", "10C"];
    let mut expected = Vec::new();
    for drawn in rebuilt {
        let deck: Vec<&str> = rebuilt.iter().copied().filter(|&c| c != drawn).collect();
        let held: Cards = before.iter().map(|c| card(c)).collect();
        for down in held.distinct().filter(|c| c.is_settable()) {
            let mut hand = held;
            hand.remove(down);
            hand.add(card(drawn));
            for order in cards::testkit::permutations(&deck) {
                expected.push(format!(
                    "{:?} {:?} {order:?}",
                    [format!("{down:#}")],
                    list(&hand)
                ));
            }
        }
    }
    assert_eq!(expected.len(), 16 * 6);
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    assert_uniform_for(&game, &expected);
}

/// HJ80, HJ88: as above, but seat 0 then sets a second card, in a zone set after the draw:
/// the drawn card may lie there or in the hand, never in the zone set before it came. The
/// draw weighs how many face-down zones take cards of the group by the sets of zones that may
/// (here one zone of two), so every state stays equally likely: 4 drawn cards, the zone set
/// first (4 cards), the zone set after (3 or 4), the Deck's order (6), 336 states.
#[test]
fn hj80_hj88_the_zones_a_drawn_card_may_take_are_weighed_exactly() {
    let (game, rebuilt) = drew_from_the_rebuilt_deck(&["set 6S"]);
    let view = game.view(Seat(1));
    assert_eq!(view.group_drawn, [1, 0, 0, 0]);

    let before = ["JS", "5S", "6S", "7S", "10C"];
    let mut expected = Vec::new();
    for drawn in rebuilt {
        let deck: Vec<&str> = rebuilt.iter().copied().filter(|&c| c != drawn).collect();
        let held: Cards = before.iter().map(|c| card(c)).collect();
        for first in held.distinct().filter(|c| c.is_settable()) {
            let mut after = held;
            after.remove(first);
            after.add(card(drawn));
            for second in after.distinct().filter(|c| c.is_settable()) {
                let mut hand = after;
                hand.remove(second);
                for order in cards::testkit::permutations(&deck) {
                    expected.push(format!(
                        "{:?} {:?} {order:?}",
                        [format!("{first:#}"), format!("{second:#}")],
                        list(&hand)
                    ));
                }
            }
        }
    }
    assert_eq!(expected.len(), 336);
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    assert_uniform_for(&game, &expected);
}

/// HJ85, HJ88 (found by the kit's mutated states, on a state as saved): seat 3 holds a 5♠ all
/// know of (it may lie face down in zone 0, set after it came) and a 5♠ drawn unseen from the
/// rebuilt Deck, in the hand; it pays with a 5♠ from the hand. HJ85 takes the known copy off,
/// but the card that left may have been the drawn one, the known 5♠ staying face down: the
/// drawn cards' places must allow a drawn card where the known copy could lie, or no
/// determinisation keeps the group. Every seat's draws keep its view. The state is the one
/// the case reached (4 players, seed 1813981589674369536, chooser seed xor 0x6d757461_6e74,
/// ply 695) when a payment was one action, saved in `tests/determinised/`.
#[test]
fn hj85_hj88_a_known_copy_taken_off_may_leave_a_drawn_card_where_it_lay() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/determinised/hj85_hj88_taken_off.json");
    let game: HighJinks = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let view = game.view(Seat(0));
    assert!(view.group.is_some());
    assert!(
        view.group_drawn_at[3]
            .pairs()
            .any(|(zones, _)| zones & 1 != 0),
        "a drawn card may lie in zone 0, where the known 5♠ could"
    );
    let mut rng = GameRng::from_seed(1);
    let mut into = game.clone();
    for seat in 0..5 {
        for _ in 0..200 {
            game.resample_hidden_into(Seat(seat), &mut rng, &mut into);
            assert_eq!(into.view(Seat(seat)), game.view(Seat(seat)));
        }
    }
}

/// HJ80, HJ85, with two decks: seat 0 drew one card of the rebuilt Deck {9♣, 6♠, 2♦, 2♥}
/// unseen and set it face down (9♣, in a zone set after the draw, where alone it may lie), then
/// seat 1's missed Interception showed seat 0's hand, 6♠ among it. Seat 0 holds a 6♠ of its
/// own too: the 6♠ seat 1 saw is the group's (seat 0 drew it) or the rest's, and neither pool
/// is forced by the counts. The states seat 1 cannot tell apart, each placement of the
/// physical cards equally likely (18 in all, by the Deck's six orders):
///
/// - seat 0 drew 9♣ and set it; the Deck holds 6♠, 2♦, 2♥: 1 placement;
/// - seat 0 drew 6♠ and set one of its two 6♠ (the drawn one, or its own with the drawn one in
///   the hand); the Deck holds 9♣, 2♦, 2♥: 2 placements, one state.
///
/// Seat 0 draws 2♦ or 2♥ in no state: a deuce is not set, and the hand shown holds none. The
/// draw by rejection is exact here and never gives up; the draw past it (the branched draw,
/// each branch a pool for the 6♠ seen, weighed by its placements) must be exact too. The
/// fallback it replaced pinned the 6♠ to the group and never drew 9♣ face down.
#[test]
fn hj80_hj85_a_proof_either_pool_could_hold_is_drawn_uniformly_past_the_rejection() {
    let states = [
        ("9C", ["6S", "2D", "2H"], 1.0),
        ("6S", ["9C", "2D", "2H"], 2.0),
    ];
    // Chi-square, 11 degrees of freedom, 0.1%: 31.26.
    assert_uniform_past_rejection(["9C", "6S", "2D", "2H"], &states, 18_000, 31.26);
}

/// HJ80, HJ85: as above with two proof cards either pool could hold, 6♠ and 7♠ (seat 0 holds
/// one of each of its own, the rebuilt Deck the other): four branches, and a state satisfies
/// the pins of one or two. Seat 0 drew 9♣ and set it (1 placement), or drew 6♠ (or 7♠) and
/// set one of its two copies (2 placements): 30 in all. The fallback pinned 6♠ to the group
/// and 7♠ to the rest, and drew 6♠ face down only.
#[test]
fn hj80_hj85_two_proof_cards_either_pool_could_hold_are_drawn_uniformly_past_the_rejection() {
    let states = [
        ("9C", ["6S", "7S", "2H"], 1.0),
        ("6S", ["9C", "7S", "2H"], 2.0),
        ("7S", ["9C", "6S", "2H"], 2.0),
    ];
    // Chi-square, 17 degrees of freedom, 0.1%: 40.79.
    assert_uniform_past_rejection(["9C", "6S", "7S", "2H"], &states, 30_000, 40.79);
}

/// With two decks, seat 0 draws `order[0]` from the rebuilt Deck `order` (see
/// [`rebuilt_then_drawn_with`]) and sets it, and seat 1's missed Interception shows seat 0's
/// hand. Checks that seat 1's draws, both the draw as it is and the draw past the rejection,
/// fall on `states` (the face-down card, the Deck's cards in any order, and each state's
/// placements), by a chi-square test.
fn assert_uniform_past_rejection(
    order: [&str; 4],
    states: &[(&str, [&str; 3], f64)],
    draws: usize,
    critical: f64,
) {
    let options = Options {
        decks: Some(2),
        ..Options::players(2)
    };
    let mut game = rebuilt_then_drawn_with(options, &order, Some(&order));
    let set = format!("set {}", order[0]);
    play(&mut game, &[&set, "end turn", "intercept 7H", "declare 9S"]);
    let view = game.view(Seat(1));
    let mut group: Vec<String> = order.iter().map(|c| c.to_string()).collect();
    group.sort_by_key(|c| card(c));
    assert_eq!(list(&view.group.unwrap()), group);
    assert_eq!(view.group_drawn, [1, 0, 0, 0]);
    let shown = r#"["5S", "6S", "7S", "10C", "JS"]"#;
    assert_eq!(
        world_of(&game, 0),
        format!("[{:?}] {shown} {:?}", order[0], &order[1..])
    );

    let placements: f64 = states.iter().map(|(_, _, p)| 6.0 * p).sum();
    let mut worlds = Vec::new();
    for (down, deck, p) in states {
        for order in cards::testkit::permutations(deck) {
            worlds.push((format!("[{down:?}] {shown} {order:?}"), p / placements));
        }
    }
    let expected: Vec<(&str, f64)> = worlds.iter().map(|(w, p)| (w.as_str(), *p)).collect();
    type Draw = fn(&HighJinks, Seat, &mut GameRng, &mut HighJinks);
    let exact: Draw = |game, seat, rng, out| game.resample_hidden_into(seat, rng, out);
    let past: Draw =
        |game, seat, rng, out| game.resample_hidden_past_rejection_into(seat, rng, out);
    for draw in [exact, past] {
        let mut rng = GameRng::from_seed(8085);
        let mut into = game.clone();
        let drawn = (0..draws).map(|_| {
            draw(&game, Seat(1), &mut rng, &mut into);
            assert_eq!(into.view(Seat(1)), view);
            world_of(&into, 0)
        });
        assert_distributed(drawn, &expected, critical);
    }
}
