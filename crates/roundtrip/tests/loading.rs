//! Saved games: every state the engine reaches loads back, finished games included, for every
//! option set; a state that breaks an invariant is refused with a typed reason; and a mutation
//! net: valid saved states with their JSON mutated are either refused or keep the contract to
//! the end of the game.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use cards::{Game, GameRng, Seat};
use roundtrip::{Goal, Options, Phase, RoundTrip, StateError};
use serde_json::{json, Value};

use crate::mutation;

use mutation::{mutate, play_on, Targets};

/// Plays a random game to its end; returns the state saved at a random ply and at the end.
fn random_game(options: &Options, seed: u64) -> (RoundTrip, Value, Value) {
    let mut game = RoundTrip::new(options.clone(), seed).unwrap();
    let mut rng = GameRng::from_seed(seed ^ 0xABCD);
    let pause = u64::from(rng.below(200));
    let mut legal = Vec::new();
    let mut middle = serde_json::to_value(&game).unwrap();
    while game.to_act().is_some() {
        if game.plies() == pause {
            middle = serde_json::to_value(&game).unwrap();
        }
        game.legal_actions(&mut legal);
        game.apply(legal[rng.index(legal.len())]).unwrap();
    }
    let end = serde_json::to_value(&game).unwrap();
    (game, middle, end)
}

/// Loads a saved state; the message of the refusal otherwise.
fn load(value: Value) -> Result<RoundTrip, String> {
    serde_json::from_value(value).map_err(|e| e.to_string())
}

/// Asserts that the state is refused with exactly this reason.
fn assert_refused(value: Value, expected: &StateError) {
    match load(value) {
        Ok(_) => panic!("loaded, but should be refused with `{expected}`"),
        Err(message) => assert_eq!(message, expected.to_string()),
    }
}

/// Asserts that the state is refused with a reason beginning so.
fn assert_refused_with(value: Value, prefix: &str) {
    match load(value) {
        Ok(_) => panic!("loaded, but should be refused with `{prefix}...`"),
        Err(message) => assert!(
            message.starts_with(prefix),
            "refused with `{message}`, expected `{prefix}...`"
        ),
    }
}

#[test]
fn regression_a_finished_game_reloads() {
    // Finding 1: the end of this game was refused with "the hand should have ended".
    let options = Options {
        players: 4,
        max_hands: 1,
        ..Options::default()
    };
    let mut game = RoundTrip::new(options, 2).unwrap();
    let mut rng = GameRng::from_seed(2 ^ 0xABCD);
    cards::random_playout(&mut game, &mut rng, &mut Vec::new()).unwrap();
    assert!(game.is_over());
    assert_eq!(game.plies(), 236);
    let json = serde_json::to_string(&game).unwrap();
    let loaded: RoundTrip = serde_json::from_str(&json).unwrap();
    assert_eq!(serde_json::to_string(&loaded).unwrap(), json);
    assert!(loaded.is_over());
    assert_eq!(loaded.winners(), game.winners());
}

#[test]
fn finished_random_games_reload_for_every_option_set() {
    let sets = [
        (r#"{}"#, 1000),
        (r#"{"players":3,"advanced":true}"#, 1000),
        (r#"{"players":4,"specific_trip":true,"aversion":2}"#, 1000),
        (r#"{"players":2}"#, 300),
        (r#"{"players":6}"#, 300),
        (r#"{"players":2,"round_the_world":true,"max_hands":5}"#, 300),
        (
            r#"{"players":6,"advanced":true,"specific_trip":true,"aversion":1}"#,
            100,
        ),
    ];
    for (text, games) in sets {
        let options: Options = serde_json::from_str(text).unwrap();
        for seed in 0..games {
            let (game, middle, end) = random_game(&options, seed);
            for (when, saved) in [("mid-game", middle), ("at the end", end)] {
                match load(saved.clone()) {
                    Ok(loaded) => assert_eq!(serde_json::to_value(&loaded).unwrap(), saved),
                    Err(e) => panic!("{text} seed {seed}: the state {when} is refused: {e}"),
                }
            }
            assert!(game.is_over());
        }
    }
}

/// A 3-player advanced game at the start of a turn after 60 plies, every seat with a trip
/// under way (seat 0's of 3 cards at least), a goal met.
fn advanced_mid_game() -> Value {
    let options = Options {
        players: 3,
        advanced: true,
        ..Options::default()
    };
    let mut game = RoundTrip::new(options, 11).unwrap();
    let mut rng = GameRng::from_seed(11);
    let mut legal = Vec::new();
    loop {
        let value = serde_json::to_value(&game).unwrap();
        let trips = (0..3).filter(|&s| !game.trip(Seat(s)).is_empty()).count();
        let long = game.trip(Seat(0)).len() >= 3;
        let goal = game.goal_owners().iter().any(Option::is_some);
        if game.plies() > 60 && value["phase"] == "Main" && trips == 3 && long && goal {
            return value;
        }
        game.legal_actions(&mut legal);
        game.apply(legal[rng.index(legal.len())]).unwrap();
    }
}

/// A basic 4-player game at the start of a turn after 30 plies.
fn basic_mid_game() -> Value {
    let mut game = RoundTrip::new(Options::default(), 3).unwrap();
    let mut rng = GameRng::from_seed(3);
    let mut legal = Vec::new();
    loop {
        let value = serde_json::to_value(&game).unwrap();
        if game.plies() > 30 && value["phase"] == "Main" {
            return value;
        }
        game.legal_actions(&mut legal);
        game.apply(legal[rng.index(legal.len())]).unwrap();
    }
}

#[test]
fn regression_goal_cards_a_seat_did_not_earn_are_refused() {
    // Finding 3: a basic game where seat 0 owns every goal card (44 points instead of 10).
    let mut basic = basic_mid_game();
    assert!(load(basic.clone()).is_ok());
    basic["goals"] = json!([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_refused(
        basic,
        &StateError::Goal {
            goal: Goal::ThreeOf(0),
            reason: "the basic game has no goal cards",
        },
    );
    // In the advanced game an owner must have met its goal, and a goal met must be owned.
    let advanced = advanced_mid_game();
    let loaded = load(advanced.clone()).unwrap();
    let owners = loaded.goal_owners();
    let mut all_mine = advanced.clone();
    all_mine["goals"] = json!([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_refused_with(all_mine, "invalid Round Trip state: goal `");
    let (met, _) = owners
        .iter()
        .enumerate()
        .find_map(|(i, o)| o.map(|s| (i, s)))
        .expect("a goal met in this game");
    let mut unowned = advanced.clone();
    unowned["goals"][met] = Value::Null;
    assert_refused(
        unowned,
        &StateError::Goal {
            goal: Goal::at(met),
            reason: "a trip this hand meets it, but nobody owns it",
        },
    );
    let free = owners
        .iter()
        .position(Option::is_none)
        .expect("a goal nobody met");
    let mut stolen = advanced;
    stolen["goals"][free] = json!(1);
    assert_refused(
        stolen,
        &StateError::Goal {
            goal: Goal::at(free),
            reason: "its owner has no trip this hand that meets it",
        },
    );
}

#[test]
fn loading_refuses_each_broken_invariant_with_its_reason() {
    let base = advanced_mid_game();
    let deals = base["deals"].as_u64().unwrap() as u32;
    let edit = |f: &dyn Fn(&mut Value)| {
        let mut v = base.clone();
        f(&mut v);
        v
    };
    assert_refused(
        edit(&|v| {
            v["players"].as_array_mut().unwrap().pop();
        }),
        &StateError::SeatCount {
            what: "players",
            found: 2,
            seats: 3,
        },
    );
    assert_refused(
        edit(&|v| v["current"] = json!(7)),
        &StateError::SeatOutOfRange {
            what: "the current seat",
            seat: Seat(7),
            seats: 3,
        },
    );
    assert_refused(
        edit(&|v| v["deals"] = json!(0)),
        &StateError::Deal {
            deals: 0,
            reason: "hands are numbered from 1 to the hand limit, 100".into(),
        },
    );
    let dealer = base["dealer"].as_u64().unwrap();
    assert_refused(
        edit(&|v| v["dealer"] = json!((dealer + 1) % 3)),
        &StateError::Deal {
            deals,
            reason: format!("dealt by seat {dealer}, not seat {}", (dealer + 1) % 3),
        },
    );
    let top = base["deck"][0].clone();
    assert_refused(
        edit(&|v| v["discard"].as_array_mut().unwrap().push(top.clone())),
        &StateError::Cards(format!("card {top} is in two places")),
    );
    assert_refused_with(
        edit(&|v| {
            let trip = v["players"][0]["trip"].as_array_mut().unwrap();
            let first = trip.remove(0);
            trip.push(first);
        }),
        "invalid Round Trip state: seat 0's trips: trip under way: ",
    );
    assert_refused(
        edit(&|v| v["phase"] = json!("Over")),
        &StateError::Phase {
            phase: Phase::Over,
            reason: "the last hand ended neither on a completed trip nor on a round of turns without a card played to a trip",
        },
    );
    assert_refused(
        edit(&|v| v["trip_played"] = json!(true)),
        &StateError::Phase {
            phase: Phase::Main,
            reason: "a turn starts with no card played to a trip yet",
        },
    );
    assert_refused(
        edit(&|v| v["phase"] = json!({"After": {"steal": 2}})),
        &StateError::Phase {
            phase: Phase::After { steal: 2 },
            reason: "a steal is allowed after a play only",
        },
    );
    let responder = (base["current"].as_u64().unwrap() + 1) % 3;
    assert_refused(
        edit(&|v| v["phase"] = json!({"Respond": {"responder": responder, "steal": 255}})),
        &StateError::Phase {
            phase: Phase::Respond {
                responder: Seat(responder as u8),
                steal: 255,
            },
            reason: "responses follow a wild card just played, with its steal symbol",
        },
    );
    if !base["deck"].as_array().unwrap().is_empty() {
        assert_refused(
            edit(&|v| v["quiet"] = json!(1)),
            &StateError::Phase {
                phase: Phase::Main,
                reason: "turns without a card played to a trip count only with the deck empty",
            },
        );
    }
    assert_refused(
        edit(&|v| v["hand_ending"] = json!(true)),
        &StateError::Phase {
            phase: Phase::Main,
            reason: "a completed trip never ends a hand of the advanced game",
        },
    );
    assert_refused(
        edit(&|v| v["players"][1]["score"] = json!(-1)),
        &StateError::Score {
            seat: Seat(1),
            score: -1,
            reason: "below the points of the hands played",
        },
    );
    assert_refused_with(
        edit(&|v| v["plies"] = json!(3)),
        "invalid Round Trip state: 3 plies, but this state is reached in ",
    );
    assert_refused_with(
        edit(&|v| v["plies"] = json!(u64::MAX)),
        &format!(
            "invalid Round Trip state: {} plies, but this state is reached in ",
            u64::MAX
        ),
    );
    let held = base["players"][1]["hand"][0].clone();
    assert_refused(
        edit(&|v| {
            v["players"][0]["robbed"] = json!(0);
            v["knowledge"][0] = json!({"cards": [held.clone()], "placements": [[1]]});
        }),
        &StateError::Knowledge {
            seat: Seat(0),
            reason: "it remembers more cards than were stolen from it this hand",
        },
    );
    assert_refused(
        edit(&|v| {
            v["players"][0]["robbed"] = json!(1);
            v["knowledge"][0] = json!({"cards": [held.clone()], "placements": [[2]]});
        }),
        &StateError::Knowledge {
            seat: Seat(0),
            reason: "the hands are not among the placements it thinks possible",
        },
    );
}

/// A finished game's hand counter is at most the hand limit: set past it (to `u32::MAX` too),
/// it is refused with the typed reason; and plies at 65,535 in the middle of a game are refused
/// as more than the state can have taken.
#[test]
fn a_finished_games_deals_past_the_hand_limit_and_plies_at_65535_are_refused() {
    let options = Options {
        players: 3,
        max_hands: 2,
        ..Options::default()
    };
    let (_, middle, end) = random_game(&options, 9);
    assert!(load(end.clone()).is_ok());
    for deals in [3, u32::MAX] {
        let mut v = end.clone();
        v["deals"] = json!(deals);
        assert_refused(
            v,
            &StateError::Deal {
                deals,
                reason: "hands are numbered from 1 to the hand limit, 2".into(),
            },
        );
    }
    let mut v = middle;
    v["plies"] = json!(65_535);
    assert_refused_with(
        v,
        "invalid Round Trip state: 65535 plies, but this state is reached in",
    );
}

#[test]
fn huge_and_negative_numbers_are_refused_without_overflow() {
    let base = basic_mid_game();
    let fields: [(&[&str], Value); 12] = [
        (&["plies"], json!(u64::MAX)),
        (&["deals"], json!(u32::MAX)),
        (&["quiet"], json!(u8::MAX)),
        (&["dealer"], json!(u8::MAX)),
        (&["options", "max_hands"], json!(u32::MAX)),
        (&["options", "target_score"], json!(u32::MAX)),
        (&["players", "0", "score"], json!(i64::MAX)),
        (&["players", "0", "score"], json!(i64::MIN)),
        (&["players", "1", "robbed"], json!(u32::MAX)),
        (&["players", "2", "hand", "0"], json!(u8::MAX)),
        (
            &["phase"],
            json!({"Respond": {"responder": 255, "steal": 255}}),
        ),
        (&["phase"], json!({"After": {"steal": 254}})),
    ];
    for (path, number) in fields {
        let mut v = base.clone();
        let mut node = &mut v;
        for key in path {
            node = match key.parse::<usize>() {
                Ok(i) => &mut node[i],
                Err(_) => &mut node[*key],
            };
        }
        *node = number.clone();
        // A target score beyond anyone's reach is a legal option: that state loads.
        let loads = path == ["options", "target_score"];
        assert_eq!(load(v).is_ok(), loads, "{path:?} = {number}");
    }
}

// ----- the mutation net -----

/// Half the default deck (49 cards), for short games.
fn half_deck() -> Vec<String> {
    let modes = ["hiker", "bike", "horse", "car", "bus", "train", "boat"];
    let mut deck = Vec::new();
    for (m, mode) in modes.iter().enumerate() {
        for step in 1..=3 {
            for k in 0..=1 {
                deck.push(format!("{mode} {} {}", (m + k) % 7, (m + k + step) % 7));
            }
        }
    }
    deck.extend((0..7).map(|s| format!("airplane {s} ?")));
    deck
}

fn mutation_options() -> Vec<Options> {
    let short = |players: usize, max_hands: u32| Options {
        players,
        target_score: Some(8),
        max_hands,
        deck: Some(half_deck()),
        ..Options::default()
    };
    vec![
        Options {
            players: 2,
            target_score: Some(6),
            max_hands: 2,
            ..Options::default()
        },
        short(4, 2),
        short(6, 2),
        Options {
            advanced: true,
            ..short(3, 1)
        },
        Options {
            round_the_world: true,
            ..short(3, 2)
        },
        Options {
            specific_trip: true,
            ..short(4, 2)
        },
        Options {
            aversion: 2,
            advanced: true,
            ..short(2, 1)
        },
        Options {
            aversion: 1,
            specific_trip: true,
            advanced: true,
            ..short(5, 1)
        },
    ]
}

#[test]
fn mutated_saved_states_are_refused_or_keep_the_contract() {
    let options = mutation_options();
    let mut rng = GameRng::from_seed(2024);
    let (mut mutants, mut loaded, mut changed) = (0, 0, 0);
    for seed in 0..200u64 {
        let chosen = &options[seed as usize % options.len()];
        let (_, middle, end) = random_game(chosen, seed);
        for base in [middle, end] {
            let targets = Targets::of(&base);
            for _ in 0..10 {
                let mut mutant = base.clone();
                mutate(&mut mutant, &targets, &mut rng);
                mutants += 1;
                if mutant == base {
                    continue;
                }
                changed += 1;
                let text = mutant.to_string();
                if let Ok(game) = serde_json::from_str::<RoundTrip>(&text) {
                    loaded += 1;
                    if let Err(broke) = play_on(game, &mut rng) {
                        panic!(
                            "options {chosen:?} seed {seed}: a mutant loaded and {broke}\n{text}"
                        );
                    }
                }
            }
        }
    }
    assert!(
        mutants >= 4000 && changed > mutants * 9 / 10,
        "{changed} of {mutants} mutants differ from their state"
    );
    // Enough mutants load (a field the rules leave free, say) for the net to catch something.
    assert!(
        loaded > changed / 20,
        "only {loaded} of {changed} mutants loaded"
    );
}
