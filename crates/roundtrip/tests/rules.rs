//! One test per rule of the rulebook and per ruling (G1–G5, RT1–RT9), and per decision
//! the engine takes where they are silent; `docs/rules/roundtrip.md` names each.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use cards::{Game, GameRng, Seat};
use common::{act, alternate, finish, idle, legal, play, refuse, setup, FILL};
use roundtrip::{
    deck, Action, ActionError, Goal, OptionsError, RoundTrip, Step, TripCard, TripRules, TripState,
    EACH_MODE, FIRST_TRIP, NO_AIRPLANE,
};
use roundtrip::{Face, Options};

const JUNK: [&str; 5] = [FILL; 5];

fn basic() -> Options {
    Options::default()
}

fn advanced() -> Options {
    Options {
        advanced: true,
        ..Options::default()
    }
}

// ----- deck and options -----

#[test]
fn rt1_default_deck_has_98_trip_cards_12_per_mode_and_14_airplanes() {
    let game = RoundTrip::new(basic(), 3).unwrap();
    let mut census = Vec::new();
    game.census(&mut census);
    assert_eq!(census.len(), 98);
    let faces: Vec<Face> = census.iter().map(|&c| game.face(c)).collect();
    for mode in 0..7 {
        assert_eq!(faces.iter().filter(|f| f.mode == mode).count(), 12);
    }
    assert_eq!(faces.iter().filter(|f| f.is_airplane()).count(), 14);
    // Every unordered pair of distinct symbols is on exactly 4 mode cards.
    for a in 0..7 {
        for b in (a + 1)..7 {
            let count = faces
                .iter()
                .filter(|f| !f.is_airplane() && ((f.a, f.b) == (a, b) || (f.a, f.b) == (b, a)))
                .count();
            assert_eq!(count, 4, "pair {a}-{b}");
        }
    }
}

#[test]
fn rt1_deck_list_option_replaces_the_default_deck() {
    let list: Vec<String> = (0..12)
        .map(|i| format!("bike {} {}", i % 7, (i + 1) % 7))
        .collect();
    let options = Options {
        players: 2,
        deck: Some(list),
        ..Options::default()
    };
    let game = RoundTrip::new(options, 1).unwrap();
    let mut census = Vec::new();
    game.census(&mut census);
    assert_eq!(census.len(), 12);
    assert!(census.iter().all(|&c| game.face(c).mode == 1));
}

#[test]
fn rt1_malformed_deck_list_is_a_typed_error() {
    let mut list: Vec<String> = vec!["bike circle square".into(); 12];
    list[3] = "rocket circle square".into();
    let options = Options {
        players: 2,
        deck: Some(list.clone()),
        ..Options::default()
    };
    match RoundTrip::new(options, 1) {
        Err(OptionsError::DeckList(roundtrip::DeckListError::Card { index, .. })) => {
            assert_eq!(index, 3)
        }
        other => panic!("expected a deck list error, got {other:?}"),
    }
    for bad in [
        "bike ? circle",
        "airplane circle square",
        "bike circle circle",
        "bike circle",
    ] {
        list[3] = bad.into();
        let options = Options {
            players: 2,
            deck: Some(list.clone()),
            ..Options::default()
        };
        assert!(
            matches!(RoundTrip::new(options, 1), Err(OptionsError::DeckList(_))),
            "{bad}"
        );
    }
    let small = Options {
        players: 2,
        deck: Some(vec!["bike 0 1".into(); 9]),
        ..Options::default()
    };
    assert!(matches!(
        RoundTrip::new(small, 1),
        Err(OptionsError::DeckTooSmall { needed: 10, .. })
    ));
}

#[test]
fn options_read_partial_json_and_refuse_bad_values() {
    let options: Options = serde_json::from_str(r#"{"players":3,"advanced":true}"#).unwrap();
    assert_eq!(options.players, 3);
    assert_eq!(options.target(), 80);
    assert_eq!(Options::default().target(), 40);
    assert_eq!(Options::default().players, 4);
    assert!(matches!(
        RoundTrip::new(
            Options {
                players: 1,
                ..basic()
            },
            0
        ),
        Err(OptionsError::Players(1))
    ));
    assert!(matches!(
        RoundTrip::new(
            Options {
                players: 7,
                ..basic()
            },
            0
        ),
        Err(OptionsError::Players(7))
    ));
    assert!(matches!(
        RoundTrip::new(
            Options {
                aversion: 3,
                ..basic()
            },
            0
        ),
        Err(OptionsError::Aversion(3))
    ));
    let rtw_adv = Options {
        round_the_world: true,
        ..advanced()
    };
    assert!(matches!(
        RoundTrip::new(rtw_adv, 0),
        Err(OptionsError::RoundTheWorldAdvanced)
    ));
    let stacked = Options {
        stacked_decks: vec![vec![0; 98]],
        ..basic()
    };
    assert!(matches!(
        RoundTrip::new(stacked, 0),
        Err(OptionsError::StackedDeck { deal: 0, .. })
    ));
}

#[test]
fn options_refuse_unknown_fields_such_as_a_misspelt_name() {
    // Finding 6: `{"playrs":3}` silently played 4 players.
    let err = serde_json::from_str::<Options>(r#"{"playrs":3}"#).unwrap_err();
    assert!(err.to_string().contains("unknown field `playrs`"), "{err}");
    assert_eq!(serde_json::from_str::<Options>("{}").unwrap(), basic());
    let game = RoundTrip::new(basic(), 1).unwrap();
    let mut saved = serde_json::to_value(&game).unwrap();
    assert!(serde_json::from_value::<RoundTrip>(saved.clone()).is_ok());
    saved["options"]["playrs"] = serde_json::json!(3);
    assert!(serde_json::from_value::<RoundTrip>(saved).is_err());
}

// ----- the deal -----

#[test]
fn g2_deal_five_each_from_a_stacked_deck_seat_left_of_dealer_starts() {
    let d = setup(
        basic(),
        &[],
        &[&JUNK, &JUNK, &JUNK],
        &[],
        &["bike 0 1", "car 2 3"],
    );
    let game = &d.game;
    assert_eq!(game.dealer(), Seat(2));
    assert_eq!(game.to_act(), Some(Seat(0)));
    for s in 0..3 {
        assert_eq!(game.hand(Seat(s)).len(), 5);
    }
    assert_eq!(game.deck_order(), d.rest);
}

#[test]
fn deal_passes_left_each_hand() {
    // A 3-player deck of exactly 15 cards: the deck is empty, a round of discards ends the hand.
    let mut d = setup(basic(), &[], &[&JUNK, &JUNK, &JUNK], &[], &[]);
    let game = &mut d.game;
    for _ in 0..3 {
        idle(game);
    }
    assert_eq!(game.hand_number(), 2);
    assert_eq!(game.dealer(), Seat(0));
    assert_eq!(game.to_act(), Some(Seat(1)));
}

#[test]
fn g1_same_seed_same_game_and_another_seed_another_deal() {
    let a = RoundTrip::new(basic(), 42).unwrap();
    let b = RoundTrip::new(basic(), 42).unwrap();
    let c = RoundTrip::new(basic(), 43).unwrap();
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        serde_json::to_string(&b).unwrap()
    );
    assert_ne!(a.deck_order(), c.deck_order());
}

// ----- playing and discarding -----

#[test]
fn play_matches_the_trips_last_symbol_in_either_orientation() {
    let mut d = setup(
        basic(),
        &[],
        &[&["hiker 0 1", "bike 2 1", "horse 3 4", FILL, FILL], &JUNK],
        &[],
        &alternate(&[]),
    );
    let [start, flip, other] = [d.hands[0][0], d.hands[0][1], d.hands[0][2]];
    let game = &mut d.game;
    play(game, start, false);
    finish(game);
    idle(game);
    // `bike 2 1` only fits flipped: its 1 faces the trip's last symbol 1.
    let err = refuse(
        game,
        Action::Play {
            card: flip,
            reversed: false,
        },
    );
    assert!(matches!(err, ActionError::CannotPlay { .. }));
    assert!(refuse(
        game,
        Action::Play {
            card: other,
            reversed: false
        }
    )
    .is_about(other));
    assert!(legal(game).contains(&Action::Play {
        card: flip,
        reversed: true
    }));
    play(game, flip, true);
    let trip = game.trip(Seat(0));
    assert_eq!(trip.len(), 2);
    assert!(trip[1].reversed);
}

#[test]
fn only_your_own_trip_and_only_cards_in_your_hand() {
    let mut d = setup(
        basic(),
        &[],
        &[&JUNK, &["bike 0 1", FILL, FILL, FILL, FILL]],
        &[],
        &alternate(&[]),
    );
    let theirs = d.hands[1][0];
    let game = &mut d.game;
    assert_eq!(
        refuse(
            game,
            Action::Play {
                card: theirs,
                reversed: false
            }
        ),
        ActionError::NotInHand(theirs)
    );
    assert_eq!(
        refuse(game, Action::Discard(theirs)),
        ActionError::NotInHand(theirs)
    );
}

#[test]
fn start_a_trip_with_any_card_but_an_airplane_either_way_then_fixed() {
    let mut d = setup(
        basic(),
        &[],
        &[&["airplane 0 ?", "bike 3 5", FILL, FILL, FILL], &JUNK],
        &[],
        &alternate(&[]),
    );
    let [plane, bike] = [d.hands[0][0], d.hands[0][1]];
    let game = &mut d.game;
    for reversed in [false, true] {
        let err = refuse(
            game,
            Action::Play {
                card: plane,
                reversed,
            },
        );
        assert!(
            matches!(err, ActionError::CannotPlay { reason, .. } if reason.contains("airplane"))
        );
    }
    let actions = legal(game);
    assert!(actions.contains(&Action::Play {
        card: bike,
        reversed: false
    }));
    assert!(actions.contains(&Action::Play {
        card: bike,
        reversed: true
    }));
    play(game, bike, true); // starts at 5, continues from 3
    let trip = game.trip(Seat(0));
    assert_eq!((trip[0].card, trip[0].reversed), (bike, true));
    let view = game.view(Seat(1));
    assert_eq!(view.seats[0].trip, trip);
}

#[test]
fn a_player_may_discard_even_when_a_play_is_possible() {
    let mut d = setup(
        basic(),
        &[],
        &[&["bike 0 1", FILL, FILL, FILL, FILL], &JUNK],
        &[],
        &alternate(&[]),
    );
    let bike = d.hands[0][0];
    let game = &mut d.game;
    let actions = legal(game);
    assert!(actions.contains(&Action::Play {
        card: bike,
        reversed: false
    }));
    assert!(actions.contains(&Action::Discard(bike)));
    act(game, &format!("discard {bike}"));
    assert_eq!(game.discard_pile(), vec![bike]);
    assert_eq!(game.view(Seat(1)).discard, vec![bike]);
}

#[test]
fn draw_is_the_second_action_and_cannot_come_first() {
    let mut d = setup(basic(), &[], &[&JUNK, &JUNK], &[], &alternate(&[]));
    let game = &mut d.game;
    assert!(matches!(
        refuse(game, Action::Draw),
        ActionError::WrongStep { .. }
    ));
    assert!(matches!(
        refuse(game, Action::Pass),
        ActionError::WrongStep { .. }
    ));
    idle(game);
    assert_eq!(game.hand(Seat(0)).len(), 5);
    assert_eq!(game.to_act(), Some(Seat(1)));
}

// ----- draw, steal or pass (RT2) -----

#[test]
fn rt2_draw_steal_or_pass_steal_takes_a_random_card_and_the_victim_draws() {
    let hands: [&[&str]; 3] = [
        &["hiker 0 1", "horse 1 2", FILL, FILL, FILL],
        &["bike 3 2", FILL, FILL, FILL, FILL],
        &JUNK,
    ];
    let mut d = setup(
        basic(),
        &[],
        &hands,
        &[],
        &["car 0 6", "car 1 6", "car 2 6", "car 3 6", "car 4 6"],
    );
    let (s0, s1) = (d.hands[0].clone(), d.hands[1].clone());
    let game = &mut d.game;
    play(game, s0[0], false); // trip 0-1
    act(game, "pass");
    play(game, s1[0], false); // trip 3-2
    act(game, "pass");
    idle(game); // seat 2 discards and draws
    let s1_hand_before: Vec<TripCard> = game.hand(Seat(1)).to_vec();
    play(game, s0[1], false); // trip 0-1-2: last symbol 2 matches seat 1's trip
    assert_eq!(
        legal(game),
        vec![Action::Draw, Action::Steal(Seat(1)), Action::Pass]
    );
    let deck_before = game.deck_size();
    let top = game.deck_order()[0];
    act(game, "steal 1");
    let stolen = *game.hand(Seat(0)).last().unwrap();
    assert!(s1_hand_before.contains(&stolen));
    assert_eq!(game.hand(Seat(1)).len(), 4, "the victim drew a replacement");
    assert!(game.hand(Seat(1)).contains(&top));
    assert_eq!(game.deck_size(), deck_before - 1);
}

#[test]
fn steal_only_after_a_play_leaving_a_matching_last_symbol() {
    let hands: [&[&str]; 2] = [
        &["hiker 0 1", "horse 1 2", "car 1 3", FILL, FILL],
        &["bike 3 2", FILL, FILL, FILL, FILL],
    ];
    let mut d = setup(basic(), &[], &hands, &[], &alternate(&[FILL, FILL, FILL]));
    let (s0, s1) = (d.hands[0].clone(), d.hands[1].clone());
    let game = &mut d.game;
    play(game, s0[0], false);
    finish(game);
    play(game, s1[0], false); // seat 1's trip ends on 2
    finish(game);
    act(game, &format!("discard {}", s0[1])); // a discard never allows a steal
    assert_eq!(legal(game), vec![Action::Draw, Action::Pass]);
    assert!(matches!(
        refuse(game, Action::Steal(Seat(1))),
        ActionError::CannotSteal { .. }
    ));
    finish(game);
    idle(game);
    play(game, s0[2], false); // trip ends on 3: seat 1's ends on 2
    assert!(matches!(
        refuse(game, Action::Steal(Seat(1))),
        ActionError::CannotSteal { .. }
    ));
    assert!(matches!(
        refuse(game, Action::Steal(Seat(0))),
        ActionError::CannotSteal { .. }
    ));
    assert!(matches!(
        refuse(game, Action::Steal(Seat(9))),
        ActionError::CannotSteal { .. }
    ));
}

// ----- wild airplanes (RT4) -----

#[test]
fn wild_question_mark_matches_any_symbol_on_either_side_but_not_another_question_mark() {
    let hands: [&[&str]; 2] = [
        &["hiker 0 2", "airplane 2 ?", "car 6 4", "airplane 1 ?", FILL],
        &JUNK,
    ];
    let mut d = setup(basic(), &[], &hands, &[], &alternate(&[FILL, FILL]));
    let s0 = d.hands[0].clone();
    let (plane2, car, plane1) = (s0[1], s0[2], s0[3]);
    let game = &mut d.game;
    play(game, s0[0], false); // 0-2
    finish(game);
    idle(game);
    let actions = legal(game);
    assert!(actions.contains(&Action::Play {
        card: plane2,
        reversed: false
    })); // 2 meets 2
    assert!(actions.contains(&Action::Play {
        card: plane2,
        reversed: true
    })); // ? meets 2
    assert!(actions.contains(&Action::Play {
        card: plane1,
        reversed: true
    })); // ? meets 2
    assert!(refuse(
        game,
        Action::Play {
            card: plane1,
            reversed: false
        }
    )
    .is_about(plane1)); // 1 vs 2
    play(game, plane2, false); // the trip now ends on `?`
    act(game, "pass"); // seat 1's response
    finish(game);
    idle(game);
    // Anything meets the `?`, except another `?`.
    let actions = legal(game);
    assert!(actions.contains(&Action::Play {
        card: car,
        reversed: false
    }));
    assert!(actions.contains(&Action::Play {
        card: car,
        reversed: true
    }));
    assert!(actions.contains(&Action::Play {
        card: plane1,
        reversed: false
    }));
    let err = refuse(
        game,
        Action::Play {
            card: plane1,
            reversed: true,
        },
    );
    assert!(matches!(err, ActionError::CannotPlay { reason, .. } if reason.contains('?')));
    play(game, car, false);
    assert_eq!(game.trip(Seat(0)).len(), 3);
}

#[test]
fn rt4_wild_opens_response_window_each_opponent_plays_draws_or_passes_then_the_wild_player_draws() {
    let hands: [&[&str]; 3] = [
        &["hiker 0 2", "airplane 1 ?", FILL, FILL, FILL],
        &["bike 3 4", "car 4 5", FILL, FILL, FILL],
        &["horse 6 0", FILL, FILL, FILL, FILL],
    ];
    let mut d = setup(
        basic(),
        &[],
        &hands,
        &[],
        &[
            "bus 0 1", "bus 1 2", "bus 2 3", "bus 3 4", "bus 4 5", "bus 5 6",
        ],
    );
    let (s0, s1) = (d.hands[0].clone(), d.hands[1].clone());
    let game = &mut d.game;
    play(game, s0[0], false);
    act(game, "pass");
    play(game, s1[0], false); // seat 1's trip 3-4
    act(game, "pass");
    idle(game); // seat 2 discards, draws
    play(game, s0[1], true); // wild: ? meets 2, the trip ends on 1
    assert_eq!(game.to_act(), Some(Seat(1)));
    assert_eq!(
        game.view(Seat(2)).step,
        Step::RespondToWild { wild_by: Seat(0) }
    );
    let actions = legal(game);
    assert!(actions
        .iter()
        .all(|a| !matches!(a, Action::Discard(_) | Action::Steal(_))));
    assert!(actions.contains(&Action::Draw) && actions.contains(&Action::Pass));
    play(game, s1[1], false); // seat 1 responds with a card on its own trip
    assert_eq!(game.trip(Seat(1)).len(), 2);
    assert_eq!(game.to_act(), Some(Seat(2)));
    let size = game.hand(Seat(2)).len();
    act(game, "draw"); // seat 2 responds by drawing
    assert_eq!(game.hand(Seat(2)).len(), size + 1);
    assert_eq!(
        game.to_act(),
        Some(Seat(0)),
        "the wild card's player draws or steals last"
    );
    assert!(matches!(
        game.view(Seat(0)).step,
        Step::DrawStealOrPass { .. }
    ));
    act(game, "draw");
    assert_eq!(game.to_act(), Some(Seat(1)));
}

#[test]
fn rt4_wild_played_in_response_is_free_and_opens_no_window() {
    let hands: [&[&str]; 3] = [
        &["hiker 0 2", "airplane 1 ?", FILL, FILL, FILL],
        &["bike 3 4", "airplane 5 ?", FILL, FILL, FILL],
        &JUNK,
    ];
    let mut d = setup(
        basic(),
        &[],
        &hands,
        &[],
        &["bus 0 1", "bus 1 2", "bus 2 3", "bus 3 4", "bus 4 5"],
    );
    let (s0, s1) = (d.hands[0].clone(), d.hands[1].clone());
    let game = &mut d.game;
    play(game, s0[0], false);
    act(game, "pass");
    play(game, s1[0], false);
    act(game, "pass");
    idle(game);
    play(game, s0[1], true); // wild
    play(game, s1[1], true); // seat 1 answers with its own wild: ? meets 4, ends on 5
    assert_eq!(
        game.to_act(),
        Some(Seat(2)),
        "no window of its own: seat 2 responds next"
    );
    act(game, "pass");
    assert_eq!(game.to_act(), Some(Seat(0)));
    act(game, "pass");
    assert_eq!(
        game.to_act(),
        Some(Seat(1)),
        "seat 1's own turn comes as usual"
    );
    assert_eq!(game.view(Seat(1)).step, Step::PlayOrDiscard);
}

// ----- finishing a trip -----

fn six_segment_game(options: Options, seat0: [&str; 5], draws: &[&str]) -> common::Deal {
    setup(options, &[], &[&seat0, &JUNK], &[], &alternate(draws))
}

/// Seat 0 plays its hand then its draws, one card a turn, each forward; seat 1 idles.
fn play_in_order(game: &mut RoundTrip, cards: &[TripCard]) {
    for &card in cards {
        assert_eq!(game.to_act(), Some(Seat(0)));
        play(game, card, false);
        if game.hand_number() > 1 || game.is_over() {
            return;
        }
        if game.to_act() == Some(Seat(1))
            && matches!(game.view(Seat(1)).step, Step::RespondToWild { .. })
        {
            act(game, "pass");
        }
        finish(game);
        idle(game);
    }
}

#[test]
fn trip_needs_six_segments_circle_on_third_or_fifth_card_does_not_complete() {
    let mut d = six_segment_game(
        basic(),
        ["hiker 0 1", "bike 1 2", "horse 2 0", "car 0 3", "bus 3 0"],
        &["train 0 4", "boat 4 0"],
    );
    let mut cards = d.hands[0].clone();
    cards.push(d.rest[0]);
    cards.push(d.rest[2]);
    let game = &mut d.game;
    play_in_order(game, &cards[..3]);
    assert_eq!(
        game.trip(Seat(0)).len(),
        3,
        "back at the circle on card 3: not complete"
    );
    assert_eq!(game.completed_trips(Seat(0)), 0);
    play_in_order(game, &cards[3..5]);
    assert_eq!(
        game.trip(Seat(0)).len(),
        5,
        "back at the circle on card 5: not complete"
    );
    play_in_order(game, &cards[5..6]);
    assert_eq!(game.trip(Seat(0)).len(), 6);
    assert_eq!(game.hand_number(), 1);
    play_in_order(game, &cards[6..7]);
    // Back at the circle after the sixth segment: complete, the basic hand ends and is scored.
    assert_eq!(game.hand_number(), 2);
    assert_eq!(game.score(Seat(0)), 7 + 3);
}

#[test]
fn after_the_sixth_segment_any_play_reaching_the_start_ends_the_trip() {
    let mut d = six_segment_game(
        basic(),
        ["hiker 0 1", "bike 1 2", "horse 2 3", "car 3 4", "bus 4 5"],
        &["train 5 0"],
    );
    let mut cards = d.hands[0].clone();
    cards.push(d.rest[0]);
    let game = &mut d.game;
    play_in_order(game, &cards);
    assert_eq!(
        game.hand_number(),
        2,
        "the sixth card reached the start: the hand is over"
    );
    assert_eq!(game.score(Seat(0)), 6 + 3);
    assert_eq!(game.score(Seat(1)), 0);
}

#[test]
fn wild_cannot_end_a_trip_on_its_question_mark_but_may_end_it_otherwise() {
    let mut d = six_segment_game(
        basic(),
        ["hiker 0 1", "bike 1 2", "horse 2 3", "car 3 4", "bus 4 5"],
        &["airplane 5 ?", "airplane 0 ?"],
    );
    let mut cards = d.hands[0].clone();
    cards.push(d.rest[0]);
    let closing = d.rest[2];
    let game = &mut d.game;
    play_in_order(game, &cards); // the sixth card is `5-?`: the trip ends on `?`
    assert_eq!(game.trip(Seat(0)).len(), 6);
    assert_eq!(game.completed_trips(Seat(0)), 0);
    assert_eq!(game.hand_number(), 1);
    // Flipped, `0-?` would put its `?` against the trip's `?`: refused.
    assert!(refuse(
        game,
        Action::Play {
            card: closing,
            reversed: true
        }
    )
    .is_about(closing));
    // Forward, its 0 meets the `?` and its `?` ends the trip: not complete.
    play(game, closing, false);
    assert_eq!(game.completed_trips(Seat(0)), 0);
    assert_eq!(game.trip(Seat(0)).len(), 7);
}

#[test]
fn wild_may_end_a_trip_when_its_question_mark_is_not_last() {
    let mut d = six_segment_game(
        basic(),
        ["hiker 0 1", "bike 1 2", "horse 2 3", "car 3 4", "bus 4 5"],
        &["airplane 0 ?"],
    );
    let mut cards = d.hands[0].clone();
    let closing = d.rest[0];
    cards.push(closing);
    let game = &mut d.game;
    play_in_order(game, &cards[..5]);
    play(game, closing, true); // `?` meets 5, ends on 0: complete
    assert_eq!(game.completed_trips(Seat(0)), 1);
    // The hand ends only after the responses to the wild card.
    assert_eq!(game.to_act(), Some(Seat(1)));
    assert_eq!(game.hand_number(), 1);
    act(game, "pass");
    assert_eq!(game.hand_number(), 2);
    assert_eq!(game.score(Seat(0)), 9);
}

#[test]
fn basic_hand_ends_after_the_wild_responses_and_several_players_may_complete() {
    let hands: [&[&str]; 2] = [
        &["hiker 0 1", "bike 1 2", "horse 2 3", "car 3 4", "bus 4 5"],
        &["hiker 6 1", "bike 1 2", "horse 2 3", "car 3 4", "bus 4 5"],
    ];
    let mut d = setup(
        basic(),
        &[],
        &hands,
        &[],
        &["airplane 0 ?", "boat 5 6", FILL, FILL],
    );
    let (s0, s1) = (d.hands[0].clone(), d.hands[1].clone());
    let (plane, boat) = (d.rest[0], d.rest[1]);
    let game = &mut d.game;
    for i in 0..5 {
        play(game, s0[i], false);
        if i == 0 {
            act(game, "draw")
        } else {
            act(game, "pass")
        }
        play(game, s1[i], false);
        if i == 0 {
            act(game, "draw")
        } else {
            act(game, "pass")
        }
    }
    play(game, plane, true); // seat 0 completes with a wild
    play(game, boat, false); // seat 1 completes in response
    assert_eq!(game.hand_number(), 2);
    assert_eq!(game.score(Seat(0)), 9);
    assert_eq!(game.score(Seat(1)), 9);
}

// ----- scoring and winning -----

#[test]
fn scoring_one_point_per_trip_card_plus_three_for_a_completed_trip() {
    let hands: [&[&str]; 2] = [
        &["hiker 0 1", "bike 1 2", "horse 2 3", "car 3 4", "bus 4 5"],
        &["hiker 6 1", "bike 1 2", FILL, FILL, FILL],
    ];
    let mut d = setup(basic(), &[], &hands, &[], &["train 5 0", FILL, FILL, FILL]);
    let (s0, s1) = (d.hands[0].clone(), d.hands[1].clone());
    let game = &mut d.game;
    for i in 0..5 {
        play(game, s0[i], false);
        act(game, if i == 0 { "draw" } else { "pass" });
        if i < 2 {
            play(game, s1[i], false);
            act(game, "pass");
        } else {
            idle(game);
        }
    }
    assert_eq!(game.hand_points(Seat(1)), 2);
    play(game, d.rest[0], false);
    assert_eq!(game.score(Seat(0)), 6 + 3);
    assert_eq!(
        game.score(Seat(1)),
        2,
        "an unfinished trip scores its cards"
    );
}

#[test]
fn target_score_must_be_passed_strictly_and_the_best_score_wins() {
    for (target, over) in [(9, false), (8, true)] {
        let options = Options {
            target_score: Some(target),
            ..basic()
        };
        let mut d = six_segment_game(
            options,
            ["hiker 0 1", "bike 1 2", "horse 2 3", "car 3 4", "bus 4 5"],
            &["train 5 0"],
        );
        let mut cards = d.hands[0].clone();
        cards.push(d.rest[0]);
        let game = &mut d.game;
        play_in_order(game, &cards);
        assert_eq!(game.score(Seat(0)), 9);
        assert_eq!(game.is_over(), over, "target {target}");
        if over {
            assert_eq!(game.winners().iter().collect::<Vec<_>>(), vec![Seat(0)]);
            assert!(legal(game).is_empty());
            assert_eq!(refuse(game, Action::Pass), ActionError::GameOver);
        }
    }
}

#[test]
fn g5_ties_are_shared() {
    // Both complete six-card trips in the same hand (see the wild response test): 9 points each.
    let hands: [&[&str]; 2] = [
        &["hiker 0 1", "bike 1 2", "horse 2 3", "car 3 4", "bus 4 5"],
        &["hiker 6 1", "bike 1 2", "horse 2 3", "car 3 4", "bus 4 5"],
    ];
    let options = Options {
        target_score: Some(5),
        ..basic()
    };
    let mut d = setup(
        options,
        &[],
        &hands,
        &[],
        &["airplane 0 ?", "boat 5 6", FILL, FILL],
    );
    let (s0, s1) = (d.hands[0].clone(), d.hands[1].clone());
    let (plane, boat) = (d.rest[0], d.rest[1]);
    let game = &mut d.game;
    for i in 0..5 {
        play(game, s0[i], false);
        act(game, if i == 0 { "draw" } else { "pass" });
        play(game, s1[i], false);
        act(game, if i == 0 { "draw" } else { "pass" });
    }
    play(game, plane, true);
    play(game, boat, false);
    assert!(game.is_over());
    assert_eq!(game.winners().len(), 2);
}

// ----- empty deck, stalled hands, empty hands, termination -----

#[test]
fn rt3_with_an_empty_deck_draws_are_skipped_and_a_round_without_trip_plays_ends_the_hand() {
    let hands: [&[&str]; 2] = [&["hiker 0 1", FILL, FILL, FILL, FILL], &JUNK];
    let mut d = setup(basic(), &[], &hands, &[], &[]);
    let s0 = d.hands[0].clone();
    let game = &mut d.game;
    play(game, s0[0], false);
    assert_eq!(
        legal(game),
        vec![Action::Pass],
        "no draw from an empty deck"
    );
    assert_eq!(refuse(game, Action::Draw), ActionError::DeckEmpty);
    act(game, "pass");
    idle(game); // seat 1 discards: one quiet turn
    idle(game); // seat 0 discards: the second quiet turn in a row ends the hand
    assert_eq!(game.hand_number(), 2);
    assert_eq!(game.score(Seat(0)), 1);
}

#[test]
fn a_seat_with_an_empty_hand_draws_or_passes_when_the_deck_is_empty() {
    let mut d = setup(basic(), &[], &[&JUNK, &JUNK], &[], &["bike 0 1"]);
    let game = &mut d.game;
    for _ in 0..5 {
        act(game, &format!("discard {}", game.hand(Seat(0))[0]));
        act(game, "pass");
        act(game, &format!("discard {}", game.hand(Seat(1))[0]));
        act(game, "pass");
    }
    assert!(game.hand(Seat(0)).is_empty());
    assert_eq!(legal(game), vec![Action::Draw]);
    assert!(matches!(
        refuse(game, Action::Pass),
        ActionError::CannotPass(_)
    ));
    act(game, "draw");
    assert_eq!(game.to_act(), Some(Seat(1)), "drawing is the whole turn");
    assert_eq!(legal(game), vec![Action::Pass]);
    act(game, "pass");
    // The deck emptied with seat 0's draw: that turn and seat 1's pass make a round without a
    // card played to a trip, which ends the hand (RT3).
    assert_eq!(game.hand_number(), 2);
}

#[test]
fn every_game_ends_within_the_hand_limit_and_the_ply_bound() {
    let options = Options {
        max_hands: 2,
        target_score: Some(10_000),
        ..basic()
    };
    let mut game = RoundTrip::new(options, 5).unwrap();
    let mut rng = GameRng::from_seed(5);
    let mut buffer = Vec::new();
    let stats = cards::random_playout(&mut game, &mut rng, &mut buffer).unwrap();
    assert!(game.is_over());
    assert_eq!(game.hand_number(), 2);
    assert!(stats.plies <= game.max_plies());
    for players in 2..=6 {
        for advanced in [false, true] {
            let mut game = RoundTrip::new(
                Options {
                    players,
                    advanced,
                    ..basic()
                },
                9,
            )
            .unwrap();
            let stats = cards::random_playout(&mut game, &mut rng, &mut buffer).unwrap();
            assert!(game.is_over() && stats.plies <= game.max_plies());
        }
    }
}

// ----- advanced game: goals (RT5, RT6) and several trips -----

#[test]
fn rt6_three_of_a_mode_goal_is_awarded_the_moment_it_is_met_and_only_once() {
    let hands: [&[&str]; 2] = [
        &["hiker 0 1", "hiker 1 2", "hiker 2 3", FILL, FILL],
        &["hiker 4 5", "hiker 5 6", "hiker 6 0", FILL, FILL],
    ];
    let mut d = setup(advanced(), &[], &hands, &[], &[]);
    let (s0, s1) = (d.hands[0].clone(), d.hands[1].clone());
    let game = &mut d.game;
    for i in 0..3 {
        play(game, s0[i], false);
        act(game, "pass");
        if i == 2 {
            assert_eq!(
                game.goal_owners()[0],
                Some(Seat(0)),
                "three hikers: the goal is seat 0's at once"
            );
        }
        play(game, s1[i], false);
        act(game, "pass");
    }
    assert_eq!(game.goal_owners()[0], Some(Seat(0)), "seat 1 was second");
    assert_eq!(game.view(Seat(1)).goals[0], Some(Seat(0)));
    idle(game);
    idle(game); // a round without trip plays, deck empty: the deal ends
    assert_eq!(game.hand_number(), 2);
    assert_eq!(game.score(Seat(0)), 3 + 3);
    assert_eq!(game.score(Seat(1)), 3);
    assert!(
        game.goal_owners().iter().all(Option::is_none),
        "goals return at the shuffle"
    );
}

#[test]
fn rt5_each_mode_goal_counts_the_seven_modes_not_the_airplane() {
    let rules = TripRules {
        min_segments: 6,
        needs_two_blue: false,
        specific: None,
    };
    let face = |mode: u8, a: u8, b: u8| Face { mode, a, b };
    let six_and_plane = [
        face(0, 0, 1),
        face(1, 1, 2),
        face(2, 2, 3),
        face(3, 3, 4),
        face(4, 4, 5),
        face(7, 6, 7),
    ];
    let trip =
        TripState::of_cards(six_and_plane.iter().map(|&f| (f, f.is_airplane())), &rules).unwrap();
    assert!(!trip.has_each_mode());
    let seven = [
        face(0, 0, 1),
        face(1, 1, 2),
        face(2, 2, 3),
        face(3, 3, 4),
        face(4, 4, 5),
        face(5, 5, 6),
        face(6, 6, 0),
    ];
    let trip = TripState::of_cards(seven.iter().map(|&f| (f, false)), &rules).unwrap();
    assert!(trip.has_each_mode());
    assert_eq!(Goal::at(EACH_MODE).points(), 10);
}

#[test]
fn advanced_goals_first_trip_doubles_no_airplane_adds_three_and_a_new_trip_starts() {
    let hands: [&[&str]; 2] = [
        &["hiker 0 1", "bike 1 2", "horse 2 3", "car 3 4", "bus 4 5"],
        &JUNK,
    ];
    let mut d = setup(
        advanced(),
        &[],
        &hands,
        &[],
        &alternate(&["train 5 6", "boat 6 0", "car 2 4"]),
    );
    let mut cards = d.hands[0].clone();
    cards.push(d.rest[0]);
    cards.push(d.rest[2]);
    let next_start = d.rest[4];
    let game = &mut d.game;
    play_in_order(game, &cards);
    assert_eq!(game.completed_trips(Seat(0)), 1);
    let goals = game.goal_owners();
    assert_eq!(goals[EACH_MODE], Some(Seat(0)));
    assert_eq!(goals[FIRST_TRIP], Some(Seat(0)));
    assert_eq!(goals[NO_AIRPLANE], Some(Seat(0)));
    // 7 cards doubled (no +3), one of each mode +10, no airplane +3.
    assert_eq!(game.hand_points(Seat(0)), 14 + 10 + 3);
    assert_eq!(game.hand_number(), 1, "the advanced deal goes on");
    assert!(game.trip(Seat(0)).is_empty());
    assert!(
        legal(game).contains(&Action::Play {
            card: next_start,
            reversed: false
        }),
        "a new trip may start"
    );
    play(game, next_start, false);
    assert_eq!(game.trip(Seat(0)).len(), 1);
    assert_eq!(game.view(Seat(1)).seats[0].completed.len(), 1);
}

#[test]
fn advanced_deal_ends_when_the_deck_is_exhausted_and_nobody_plays() {
    let hands: [&[&str]; 2] = [&["hiker 0 1", FILL, FILL, FILL, FILL], &JUNK];
    let mut d = setup(advanced(), &[], &hands, &[], &[FILL]);
    let s0 = d.hands[0].clone();
    let game = &mut d.game;
    play(game, s0[0], false);
    act(game, "draw");
    idle(game); // seat 1 discards; the deck is empty now: one quiet turn
    assert_eq!(game.hand_number(), 1);
    idle(game); // seat 0 discards: a whole round without trip plays
    assert_eq!(game.hand_number(), 2);
    assert_eq!(game.score(Seat(0)), 1);
}

// ----- variants -----

#[test]
fn round_the_world_needs_ten_segments_and_two_blue_cards_and_the_first_to_complete_wins() {
    let options = Options {
        round_the_world: true,
        ..basic()
    };
    let mut d = six_segment_game(
        options,
        [
            "boat 0 1",
            "hiker 1 2",
            "hiker 2 3",
            "hiker 3 4",
            "hiker 4 5",
        ],
        &[
            "hiker 5 0",
            "hiker 0 1",
            "hiker 1 2",
            "hiker 2 3",
            "hiker 3 0",
            "airplane 0 ?",
            "hiker 4 0",
        ],
    );
    let mut cards = d.hands[0].clone();
    cards.extend((0..7).map(|i| d.rest[2 * i]));
    let game = &mut d.game;
    play_in_order(game, &cards[..6]);
    assert_eq!(
        game.trip(Seat(0)).len(),
        6,
        "at the start after 6: not enough for Round the World"
    );
    play_in_order(game, &cards[6..10]);
    assert_eq!(
        game.trip(Seat(0)).len(),
        10,
        "at the start after 10 with one blue card: not complete"
    );
    play_in_order(game, &cards[10..12]);
    assert!(game.is_over(), "the first to complete wins the game");
    assert_eq!(game.winners().iter().collect::<Vec<_>>(), vec![Seat(0)]);
    assert_eq!(game.view(Seat(1)).world_winners, vec![Seat(0)]);
}

#[test]
fn rt9_round_the_world_the_target_score_does_not_end_the_game() {
    let options = Options {
        round_the_world: true,
        target_score: Some(1),
        max_hands: 2,
        ..basic()
    };
    let hands: [&[&str]; 2] = [&["hiker 0 1", "bike 1 2", FILL, FILL, FILL], &JUNK];
    let mut d = setup(options, &[], &hands, &[], &[FILL; 4]);
    let s0 = d.hands[0].clone();
    let game = &mut d.game;
    play(game, s0[0], false);
    act(game, "pass");
    idle(game);
    play(game, s0[1], false);
    act(game, "pass");
    while game.hand_number() == 1 && !game.is_over() {
        idle(game);
    }
    // Seat 0 scored 2, above the target of 1, without going round the world: the game goes on.
    assert_eq!(game.score(Seat(0)), 2);
    assert!(!game.is_over(), "the target score ended Round the World");
    assert_eq!(game.hand_number(), 2);
    // The hand limit still ends it, and then the best score wins.
    cards::random_playout(game, &mut GameRng::from_seed(9), &mut Vec::new()).unwrap();
    assert!(game.is_over());
    assert_eq!(game.hand_number(), 2);
    assert!(game.view(Seat(0)).world_winners.is_empty());
    let best = (0..2).map(|s| game.score(Seat(s))).max();
    let winners: Vec<Seat> = game.winners().iter().collect();
    assert!(!winners.is_empty() && winners.iter().all(|&s| Some(game.score(s)) == best));
}

#[test]
fn rt7_specific_trip_symbols_in_order_and_never_the_start() {
    let options = Options {
        specific_trip: true,
        ..basic()
    };
    // Face up: `hiker 1 2` and `bike 3 4`: the trip must visit 1 2 3 4 or 4 3 2 1.
    let hands: [&[&str]; 2] = [
        &["car 0 1", "car 1 3", "car 3 2", "car 2 4", "car 4 5"],
        &["bus 0 1", "bus 1 2", "bus 2 3", "bus 3 4", "bus 4 5"],
    ];
    let mut d = setup(
        options,
        &["hiker 1 2", "bike 3 4"],
        &hands,
        &[],
        &["car 5 0", "bus 5 0", FILL, FILL],
    );
    let (s0, s1) = (d.hands[0].clone(), d.hands[1].clone());
    let game = &mut d.game;
    assert_eq!(game.view(Seat(0)).specific, d.top);
    let err = refuse(
        game,
        Action::Play {
            card: s0[0],
            reversed: true,
        },
    );
    assert!(matches!(err, ActionError::CannotPlay { reason, .. } if reason.contains("Specific")));
    for i in 0..5 {
        play(game, s0[i], false);
        act(game, if i == 0 { "draw" } else { "pass" });
        play(game, s1[i], false);
        act(game, if i == 0 { "draw" } else { "pass" });
    }
    play(game, d.rest[0], false); // 0 1 3 2 4 5 0: back at the start without 1 2 3 4 in order
    act(game, "pass");
    assert_eq!(game.trip(Seat(0)).len(), 6);
    assert_eq!(game.completed_trips(Seat(0)), 0);
    play(game, d.rest[1], false); // 0 1 2 3 4 5 0: complete
    assert_eq!(game.hand_number(), 2);
    assert_eq!(game.score(Seat(1)), 9);
}

#[test]
fn rt8_a_symbol_shared_by_the_two_specific_trip_cards_is_visited_once() {
    let options: Options = serde_json::from_str(
        r#"{"players":2,"specific_trip":true,"target_score":5,
            "deck":["hiker 1 2","bike 2 3","horse 0 1","car 1 2","bus 2 3","train 3 4",
                    "boat 4 5","hiker 5 0","boat 5 6","bus 6 4","car 5 4","train 6 5",
                    "boat 4 6","bus 5 4","car 6 4","train 4 5"],
            "stacked_decks":[[0,1,2,8,3,9,4,10,5,11,6,12,7,13,14,15]]}"#,
    )
    .unwrap();
    let mut game = RoundTrip::new(options, 1).unwrap();
    // Face up: `hiker 1 2` and `bike 2 3`, so s1 s2 s3 s4 = 1 2 2 3.
    assert_eq!(game.view(Seat(0)).specific, vec![TripCard(0), TripCard(1)]);
    for text in [
        "play 2 fwd",
        "draw",
        "discard 8",
        "pass",
        "play 3 fwd",
        "pass",
        "discard 9",
        "pass",
        "play 4 fwd",
        "pass",
        "discard 10",
        "pass",
        "play 5 fwd",
        "pass",
        "discard 11",
        "pass",
        "play 6 fwd",
        "pass",
        "discard 12",
        "pass",
    ] {
        act(&mut game, text);
    }
    assert_eq!(game.trip(Seat(0)).len(), 5);
    // 0-1-2-3-4-5-0 visits 2 once, which serves for s2 and s3: the trip completes.
    act(&mut game, "play 7 fwd");
    assert_eq!(game.completed_trips(Seat(0)), 1);
    assert!(game.is_over());
    assert_eq!(game.score(Seat(0)), 9);
    assert_eq!(game.winners().iter().collect::<Vec<_>>(), vec![Seat(0)]);

    // Read either way; a symbol repeated apart (1 2 1 3) still needs both visits.
    let face = |a, b| Face { mode: 0, a, b };
    let trip = |symbols: [u8; 4], path: &[u8]| {
        let rules = TripRules {
            min_segments: 6,
            needs_two_blue: false,
            specific: Some(symbols),
        };
        let cards = path.windows(2).map(|w| (face(w[0], w[1]), false));
        TripState::of_cards(cards, &rules)
            .unwrap()
            .is_complete(&rules)
    };
    assert!(trip([1, 2, 2, 3], &[0, 1, 2, 3, 4, 5, 0]));
    assert!(trip([1, 2, 2, 3], &[0, 3, 2, 1, 4, 5, 0]));
    assert!(!trip([1, 2, 2, 3], &[0, 1, 3, 2, 4, 5, 0]));
    assert!(!trip([1, 2, 1, 3], &[0, 1, 2, 3, 4, 5, 0]));
    assert!(trip([1, 2, 1, 3], &[0, 1, 2, 1, 3, 5, 0]));
}

#[test]
fn aversion_cards_bar_their_modes_for_that_player() {
    let options = Options {
        aversion: 1,
        ..basic()
    };
    let hands: [&[&str]; 2] = [
        &["boat 0 1", "hiker 0 1", FILL, FILL, FILL],
        &["boat 0 1", FILL, FILL, FILL, FILL],
    ];
    let mut d = setup(
        options,
        &[],
        &hands,
        &[&["boat 3 4"], &["car 3 4"]],
        &alternate(&[]),
    );
    let s0 = d.hands[0].clone();
    let game = &mut d.game;
    assert_eq!(game.view(Seat(1)).seats[0].aversion, d.aversion[0]);
    let err = refuse(
        game,
        Action::Play {
            card: s0[0],
            reversed: false,
        },
    );
    assert!(matches!(err, ActionError::CannotPlay { reason, .. } if reason.contains("aversion")));
    assert!(legal(game).contains(&Action::Discard(s0[0])));
    play(game, s0[1], false);
    finish(game);
    // Seat 1 is barred from cars, not boats.
    assert!(legal(game).contains(&Action::Play {
        card: d.hands[1][0],
        reversed: false
    }));
}

// ----- views, refusals, saved games -----

#[test]
fn views_show_own_hand_trips_discards_goals_deck_size_and_no_other_hand() {
    let mut game = RoundTrip::new(advanced(), 11).unwrap();
    let mut rng = GameRng::from_seed(2);
    let mut buffer = Vec::new();
    for _ in 0..40 {
        game.legal_actions(&mut buffer);
        let action = buffer[rng.index(buffer.len())];
        game.apply(action).unwrap();
    }
    let view = game.view(Seat(1));
    assert_eq!(view.hand, game.hand(Seat(1)));
    assert_eq!(view.deck_size, game.deck_size());
    assert_eq!(view.discard, game.discard_pile());
    assert_eq!(view.goals.len(), 10);
    for s in 0..4u8 {
        assert_eq!(
            view.seats[usize::from(s)].hand_size,
            game.hand(Seat(s)).len()
        );
        assert_eq!(view.seats[usize::from(s)].trip, game.trip(Seat(s)));
    }
    // Another seat's hand is not in the view: redealing the hidden cards leaves it unchanged.
    let other = game.resample_hidden(Seat(1), &mut rng);
    assert_eq!(other.view(Seat(1)), view);
    let text = view.to_string();
    assert!(text.contains("Your hand") && text.contains("Deck:"));
}

#[test]
fn g4_illegal_actions_are_refused_with_a_reason_and_change_nothing() {
    let mut game = RoundTrip::new(basic(), 4).unwrap();
    let mut space = Vec::new();
    game.action_space(&mut space);
    let actions = legal(&game);
    for action in space {
        if !actions.contains(&action) {
            let err = refuse(&mut game, action);
            assert!(!err.to_string().is_empty());
        }
    }
    for text in ["play 250 fwd", "discard 255", "steal 200"] {
        let _ = refuse(&mut game, text.parse().unwrap());
    }
}

#[test]
fn saved_games_load_back_and_broken_ones_are_refused() {
    let game = RoundTrip::new(advanced(), 8).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    let loaded: RoundTrip = serde_json::from_str(&json).unwrap();
    assert_eq!(serde_json::to_string(&loaded).unwrap(), json);
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    value["deck"][0] = value["deck"][1].clone(); // a card twice, another lost
    assert!(serde_json::from_value::<RoundTrip>(value).is_err());
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    value["current"] = serde_json::json!(9);
    assert!(serde_json::from_value::<RoundTrip>(value).is_err());
    assert!(serde_json::from_str::<RoundTrip>("{}").is_err());
}

#[test]
fn action_notation_round_trips_and_names_the_deck_cards() {
    let game = RoundTrip::new(basic(), 0).unwrap();
    let mut space = Vec::new();
    game.action_space(&mut space);
    for action in &space {
        assert_eq!(action.to_string().parse::<Action>().unwrap(), *action);
    }
    assert_eq!(
        "play 17 rev".parse::<Action>().unwrap(),
        Action::Play {
            card: TripCard(17),
            reversed: true
        }
    );
    assert_eq!(deck::default_deck()[17], game.face(TripCard(17)));
}

// ----- decisions where the rules are silent -----

#[test]
fn steal_needs_a_symbol_a_trip_ending_on_question_mark_allows_no_steal() {
    let hands: [&[&str]; 2] = [
        &["hiker 0 1", "airplane 1 ?", FILL, FILL, FILL],
        &["bike 3 2", FILL, FILL, FILL, FILL],
    ];
    let mut d = setup(basic(), &[], &hands, &[], &alternate(&[FILL, FILL]));
    let (s0, s1) = (d.hands[0].clone(), d.hands[1].clone());
    let game = &mut d.game;
    play(game, s0[0], false);
    finish(game);
    play(game, s1[0], false);
    finish(game);
    play(game, s0[1], false); // 1 meets 1; the trip ends on `?`
    act(game, "pass"); // seat 1's response
    assert_eq!(
        game.view(Seat(0)).step,
        Step::DrawStealOrPass { steal_symbol: None }
    );
    assert_eq!(legal(game), vec![Action::Draw, Action::Pass]);
    assert!(matches!(
        refuse(game, Action::Steal(Seat(1))),
        ActionError::CannotSteal { .. }
    ));
}

#[test]
fn a_response_to_a_wild_card_may_start_the_responders_trip() {
    let hands: [&[&str]; 2] = [
        &["hiker 0 1", "airplane 1 ?", FILL, FILL, FILL],
        &[FILL, FILL, FILL, FILL, "bike 3 2"],
    ];
    let mut d = setup(basic(), &[], &hands, &[], &alternate(&[FILL, FILL]));
    let (s0, s1) = (d.hands[0].clone(), d.hands[1].clone());
    let game = &mut d.game;
    play(game, s0[0], false);
    finish(game);
    idle(game);
    play(game, s0[1], false);
    assert!(legal(game).contains(&Action::Play {
        card: s1[4],
        reversed: false
    }));
    play(game, s1[4], false);
    assert_eq!(game.trip(Seat(1)).len(), 1);
    assert_eq!(game.to_act(), Some(Seat(0)));
}

#[test]
fn specific_trip_turns_the_first_two_cards_that_are_not_airplanes() {
    let mut list = vec![
        "airplane 0 ?".to_string(),
        "hiker 1 2".into(),
        "bike 3 4".into(),
    ];
    list.extend((0..10).map(|_| FILL.to_string()));
    let order: Vec<u8> = (0..13).collect();
    let options = Options {
        players: 2,
        specific_trip: true,
        deck: Some(list),
        stacked_decks: vec![order],
        ..basic()
    };
    let game = RoundTrip::new(options, 0).unwrap();
    assert_eq!(game.view(Seat(0)).specific, vec![TripCard(1), TripCard(2)]);
    // The airplane stays on top of the deck and is dealt first.
    assert_eq!(game.hand(Seat(0))[0], TripCard(0));
    assert_eq!(game.deck_order(), vec![TripCard(12)]);
}

#[test]
fn aversion_to_an_airplane_bars_the_wild_cards() {
    let options = Options {
        aversion: 1,
        ..basic()
    };
    let hands: [&[&str]; 2] = [&["hiker 0 1", "airplane 1 ?", FILL, FILL, FILL], &JUNK];
    let mut d = setup(
        options,
        &[],
        &hands,
        &[&["airplane 3 ?"], &["car 3 4"]],
        &alternate(&[]),
    );
    let s0 = d.hands[0].clone();
    let game = &mut d.game;
    play(game, s0[0], false);
    finish(game);
    idle(game);
    let err = refuse(
        game,
        Action::Play {
            card: s0[1],
            reversed: false,
        },
    );
    assert!(matches!(err, ActionError::CannotPlay { reason, .. } if reason.contains("aversion")));
}

#[test]
fn no_airplane_goal_goes_to_the_first_trip_without_an_airplane() {
    let hands: [&[&str]; 2] = [
        &["hiker 0 1", "bike 1 2", "horse 2 3", "car 3 4", "bus 4 5"],
        &JUNK,
    ];
    let mut d = setup(advanced(), &[], &hands, &[], &alternate(&["airplane 0 ?"]));
    let mut cards = d.hands[0].clone();
    let plane = d.rest[0];
    cards.truncate(5);
    let game = &mut d.game;
    play_in_order(game, &cards);
    play(game, plane, true); // `?` meets 5, back at 0: complete, with an airplane
    assert_eq!(game.completed_trips(Seat(0)), 1);
    let goals = game.goal_owners();
    assert_eq!(goals[FIRST_TRIP], Some(Seat(0)));
    assert_eq!(goals[NO_AIRPLANE], None);
    // 6 cards doubled, no +3, no other goal.
    assert_eq!(game.hand_points(Seat(0)), 12);
}
