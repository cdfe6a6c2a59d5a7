//! Loading saved games: every state the rules reach reloads, finished games included, and a
//! state that breaks an invariant is refused with the reason; one regression test per finding
//! of the loading review, and a mutation net over saved states of random games.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cards::{Card, Game, GameRng, Seat};
use headtrip::{Action, HeadTrip, InvalidState, Options, Phase};
use serde_json::{json, Value};

/// The option sets of the contract tests, and a longer session with stacked decks.
fn option_sets() -> Vec<Options> {
    let stacked = |games: u32| Options {
        games,
        stacked_challenges: Some(
            (0..games)
                .map(|g| {
                    let mut deck: Vec<_> = headtrip::challenge_cards().iter().collect();
                    deck.rotate_left(g as usize * 5);
                    deck
                })
                .collect(),
        ),
        ..Options::default()
    };
    vec![
        Options::default(),
        Options {
            aspect_affinities: true,
            ..Options::default()
        },
        Options {
            games: 2,
            aspect_affinities: true,
            ..Options::default()
        },
        stacked(3),
    ]
}

/// A game of default options after `plies` first-legal actions (or fewer if it ends first).
fn first_legal(seed: u64, plies: usize) -> HeadTrip {
    let mut game = HeadTrip::new(Options::default(), seed).unwrap();
    let mut legal = Vec::new();
    for _ in 0..plies {
        game.legal_actions(&mut legal);
        let Some(&action) = legal.first() else { break };
        game.apply(action).unwrap();
    }
    game
}

/// The saved state of a game, as JSON.
fn saved(game: &HeadTrip) -> Value {
    serde_json::to_value(game).unwrap()
}

/// Loads a state that must be refused, and returns the reason given.
fn refusal(state: Value) -> String {
    match serde_json::from_value::<HeadTrip>(state) {
        Ok(game) => panic!("the state loaded: {game:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn banked_points_beyond_the_rules_are_refused() {
    let game = first_legal(1, 12);
    let mut state = saved(&game);
    state["banked"] = json!([i64::MAX, i64::MAX, i64::MAX, i64::MAX]);
    let reason = refusal(state);
    assert!(reason.contains("banked"), "{reason}");
}

/// A row holds one entry per challenge of its suit, nine at most: a saved row of ten is
/// refused as it is read, before any rule reads it.
#[test]
fn a_row_longer_than_its_suits_challenges_is_refused() {
    let game = first_legal(1, 12);
    let mut state = saved(&game);
    let entry = json!({"card": {"first": "2C", "second": null}, "facing": "Up"});
    state["rows"][0] = Value::Array(vec![entry; 10]);
    let reason = refusal(state);
    assert!(reason.contains("room for 9"), "{reason}");
}

#[test]
fn scores_the_table_cannot_produce_are_refused() {
    let game = first_legal(1, 12);
    let mut state = saved(&game);
    state["banked"] = json!([-5, 0, 1000, 0]);
    let reason = refusal(state);
    assert!(reason.contains("banked"), "{reason}");
    // In the second game of a session, more than nine successes of one row in a game.
    let mut session = HeadTrip::new(
        Options {
            games: 2,
            ..Options::default()
        },
        1,
    )
    .unwrap();
    let mut legal = Vec::new();
    while session.game_index() == 0 {
        session.legal_actions(&mut legal);
        session.apply(legal[0]).unwrap();
    }
    let banked: Vec<i64> = Seat::all(4)
        .map(|s| session.score(s) - session.game_score(headtrip::Aspect::ALL[s.index()]))
        .collect();
    let reloaded: HeadTrip = serde_json::from_value(saved(&session)).unwrap();
    assert_eq!(reloaded, session, "the true banked scores {banked:?} load");
    let mut state = saved(&session);
    state["banked"] = json!([10, 0, 0, banked.iter().sum::<i64>() - 10]);
    let reason = refusal(state);
    assert!(reason.contains("banked"), "{reason}");
}

#[test]
fn plies_beyond_the_bound_are_refused() {
    let game = HeadTrip::new(Options::default(), 1).unwrap();
    let mut state = saved(&game);
    state["plies"] = json!(u64::MAX);
    let reason = refusal(state);
    assert!(reason.contains("plies"), "{reason}");
    let mut state = saved(&game);
    state["plies"] = json!(game.max_plies() + 1);
    let reason = refusal(state);
    assert!(reason.contains("plies"), "{reason}");
}

#[test]
fn plies_the_state_cannot_have_taken_are_refused() {
    // Twelve actions in, the count must leave the rest of the game room within the bound.
    let game = first_legal(1, 12);
    for plies in [0, 1, game.max_plies() - 1] {
        let mut state = saved(&game);
        state["plies"] = json!(plies);
        let reason = refusal(state);
        assert!(reason.contains("plies"), "{plies}: {reason}");
    }
    let mut state = saved(&game);
    state["plies"] = json!(12);
    let reloaded: HeadTrip = serde_json::from_value(state).unwrap();
    assert_eq!(reloaded, game);
}

/// A finished session's game counter is at most its last game: set past it (to `u32::MAX`, where
/// the views' "Game {n + 1} of" would overflow), it is refused with the typed reason.
#[test]
fn a_finished_sessions_game_index_past_its_games_is_refused() {
    let mut session = HeadTrip::new(
        Options {
            games: 2,
            ..Options::default()
        },
        4,
    )
    .unwrap();
    let mut legal = Vec::new();
    while session.to_act().is_some() {
        session.legal_actions(&mut legal);
        session.apply(legal[0]).unwrap();
    }
    assert_eq!(session.game_index(), 1);
    for game in [2, u32::MAX] {
        let mut state = saved(&session);
        state["game_index"] = json!(game);
        let expected = InvalidState::GameIndex { game, games: 2 };
        assert_eq!(refusal(state), expected.to_string());
    }
}

/// Plies at 65,535 twelve actions into a game: far more than the state can have taken, and
/// refused as such (the count also bounds the rest of the session within `max_plies`).
#[test]
fn plies_at_65535_are_refused() {
    let game = first_legal(1, 12);
    let mut state = saved(&game);
    state["plies"] = json!(65_535);
    let reason = refusal(state);
    let typed = InvalidState::Plies {
        plies: 65_535,
        least: 0,
        most: 0,
    }
    .to_string();
    let prefix = typed.split(" in ").next().unwrap_or_default();
    assert!(reason.starts_with(prefix), "{reason}");
}

/// What all know of the last recall poll (who called) is edited: two calls with no recall
/// card spent, or a call by a seat beyond the table, are refused with the typed reason.
#[test]
fn recall_calls_edited_are_refused() {
    let game = HeadTrip::new(Options::default(), 1).unwrap();
    assert!(!matches!(game.phase(), Phase::RecallPoll { .. }));
    for (calls, why) in [
        (
            0b0110,
            "two or more seats called, but no recall card was spent",
        ),
        (0b1_0000, "calls of seats beyond the table"),
    ] {
        let mut state = saved(&game);
        assert_eq!(state["recalls"], json!(2), "{state}");
        state["recall_calls"] = json!(calls);
        let expected = InvalidState::Recalls(why.into());
        assert_eq!(refusal(state), expected.to_string());
    }
}

#[test]
fn tie_break_leaders_must_match_the_votes() {
    // The reproduction: a finished game put back into a tie-break of all four aspects.
    let finished = first_legal(3, usize::MAX);
    assert!(finished.is_over());
    let mut state = saved(&finished);
    state["phase"] = json!({"TieBreak": {"leaders": 15}});
    let reason = refusal(state);
    assert!(reason.contains("TieBreak"), "{reason}");
    // Mid-game, after an election The Animal won outright: no tie to break.
    let mut game = first_legal(3, 0);
    let mut legal = Vec::new();
    while game.last_votes().is_none() || game.phase() != Phase::StepDown {
        game.legal_actions(&mut legal);
        game.apply(legal[0]).unwrap();
    }
    assert_eq!(game.pilot(), headtrip::Aspect::Animal);
    for leaders in [1, 15, 0, 3, 200] {
        let mut state = saved(&game);
        state["phase"] = json!({"TieBreak": {"leaders": leaders}});
        let reason = refusal(state);
        assert!(reason.contains("leaders"), "{leaders}: {reason}");
    }
}

#[test]
fn over_at_ply_zero_of_a_session_is_refused() {
    let game = HeadTrip::new(
        Options {
            games: 3,
            ..Options::default()
        },
        1,
    )
    .unwrap();
    let mut state = saved(&game);
    state["phase"] = json!("Over");
    let reason = refusal(state);
    assert!(reason.contains("Over"), "{reason}");
    // Nor in the last game of the session before it ended.
    let mut state = saved(&game);
    state["phase"] = json!("Over");
    state["game_index"] = json!(2);
    refusal(state);
}

#[test]
fn votes_outside_an_election_are_refused() {
    let game = HeadTrip::new(Options::default(), 1).unwrap();
    let mut state = saved(&game);
    state["votes"] = json!(["angel", null, null, null]);
    let reason = refusal(state);
    assert!(reason.contains("vote"), "{reason}");
    // In an election, only the seats that have voted have a vote.
    let mut game = game;
    game.apply(headtrip::Action::StepDown).unwrap();
    game.apply(headtrip::Action::Vote(headtrip::Aspect::Genius))
        .unwrap();
    assert_eq!(game.phase(), Phase::Election { next: 1 });
    for votes in [
        json!([null, null, null, null]),
        json!(["genius", "angel", null, null]),
        json!([null, "genius", null, null]),
    ] {
        let mut state = saved(&game);
        state["votes"] = votes.clone();
        let reason = refusal(state);
        assert!(reason.contains("vote"), "{votes}: {reason}");
    }
}

#[test]
fn finished_games_reload() {
    let mut legal = Vec::new();
    for options in option_sets() {
        for seed in 0..8 {
            let mut game = HeadTrip::new(options.clone(), seed).unwrap();
            let mut pick = seed as usize;
            while game.to_act().is_some() {
                game.legal_actions(&mut legal);
                pick = pick.wrapping_mul(31).wrapping_add(7);
                game.apply(legal[pick % legal.len()]).unwrap();
            }
            let text = serde_json::to_string(&game).unwrap();
            let reloaded: HeadTrip = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("{options:?} seed {seed}: {e}\n{game}"));
            assert_eq!(reloaded, game);
            assert!(reloaded.is_over());
            assert_eq!(reloaded.winners(), game.winners());
        }
    }
}

#[test]
fn every_state_of_random_games_reloads() {
    // Random play reaches recall polls, forced elections, tie-breaks, two-card plays and the
    // games of a session: the checks must accept every state on the way, and every state the
    // engine draws from one.
    let mut rng = GameRng::from_seed(11);
    let mut legal = Vec::new();
    let mut states = 0;
    for options in option_sets() {
        for _ in 0..4 {
            let mut game = HeadTrip::new(options.clone(), rng.next_u64()).unwrap();
            loop {
                let text = serde_json::to_string(&game).unwrap();
                let reloaded: HeadTrip =
                    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}\n{game}\n{text}"));
                assert_eq!(reloaded, game);
                // So does a determinisation for any seat (its hidden cards drawn anew).
                let seat = Seat(rng.below(5) as u8);
                let drawn = game.resample_hidden(seat, &mut rng);
                let text = serde_json::to_string(&drawn).unwrap();
                let reloaded: HeadTrip = serde_json::from_str(&text)
                    .unwrap_or_else(|e| panic!("determinised for {seat}: {e}\n{drawn}\n{text}"));
                assert_eq!(reloaded, drawn);
                states += 1;
                if game.is_over() {
                    break;
                }
                game.legal_actions(&mut legal);
                game.apply(legal[rng.index(legal.len())]).unwrap();
            }
        }
    }
    assert!(states > 1_000, "{states} states");
}

// ---- The mutation net ------------------------------------------------------------------------

/// Names of the enum variants in a saved state: phases without data, aspects and facings.
const NAMES: [&str; 9] = [
    "StepDown", "Play", "Over", "animal", "angel", "genius", "student", "Up", "Down",
];

/// Numbers a number of the state is changed to (with its neighbours, its negation and double).
const NUMBERS: [i128; 12] = [
    0,
    1,
    -1,
    2,
    4,
    9,
    27,
    255,
    256,
    1000,
    i64::MAX as i128,
    u64::MAX as i128,
];

/// Saved states of random games at random points, the end included, for every option set.
fn base_states(rng: &mut GameRng) -> Vec<Value> {
    let mut states = Vec::new();
    let mut legal = Vec::new();
    for options in option_sets() {
        for _ in 0..6 {
            let seed = rng.next_u64();
            let mut game = HeadTrip::new(options.clone(), seed).unwrap();
            let stops: Vec<u64> = (0..3)
                .map(|_| u64::from(rng.below(game.max_plies() as u32 / 2)))
                .collect();
            while game.to_act().is_some() {
                if stops.contains(&game.plies()) {
                    states.push(saved(&game));
                }
                game.legal_actions(&mut legal);
                game.apply(legal[rng.index(legal.len())]).unwrap();
            }
            states.push(saved(&game));
        }
    }
    states
}

/// JSON pointers to every value of the state (the generator's seed counted as one value).
fn pointers(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Array(items) if !at.ends_with("/rng/seed") => {
            for (i, item) in items.iter().enumerate() {
                pointers(item, format!("{at}/{i}"), out);
            }
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                pointers(item, format!("{at}/{key}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

/// A number near `n` or far from it.
fn number(n: Option<i128>, rng: &mut GameRng) -> Value {
    let n = n.unwrap_or(0);
    let pick = match rng.below(6) {
        0 => n + 1,
        1 => n - 1,
        2 => -n,
        3 => n.saturating_mul(2),
        _ => NUMBERS[rng.index(NUMBERS.len())],
    };
    if let Ok(v) = i64::try_from(pick) {
        json!(v)
    } else if let Ok(v) = u64::try_from(pick) {
        json!(v)
    } else {
        json!(i64::MIN)
    }
}

/// A phase with data, its fields in or just beyond range.
fn phase_with_data(rng: &mut GameRng) -> Value {
    let small = |rng: &mut GameRng| rng.below(6);
    match rng.below(3) {
        0 => json!({"RecallPoll": {"asked": small(rng), "calls": small(rng)}}),
        1 => json!({"Election": {"next": small(rng)}}),
        _ => json!({"TieBreak": {"leaders": rng.below(17)}}),
    }
}

/// Changes one value of `state` (picked at random) in one of the ways a saved file goes wrong.
fn mutate(state: &mut Value, rng: &mut GameRng) {
    let mut all = Vec::new();
    pointers(state, String::new(), &mut all);
    let at = &all[rng.index(all.len())];
    let donor = state
        .pointer(&all[rng.index(all.len())])
        .cloned()
        .unwrap_or(Value::Null);
    let Some(target) = state.pointer_mut(at) else {
        return;
    };
    if rng.below(10) == 0 {
        // Another value of the same state put in its place.
        *target = donor;
        return;
    }
    let replacement = match target {
        Value::Number(n) => number(
            n.as_i64().map(i128::from).or(n.as_u64().map(i128::from)),
            rng,
        ),
        Value::Bool(b) => json!(!*b),
        Value::Null => match rng.below(3) {
            0 => json!(NAMES[rng.index(NAMES.len())]),
            1 => json!(Card::ALL[rng.index(Card::COUNT)].to_string()),
            _ => number(None, rng),
        },
        Value::String(text) if text.parse::<Card>().is_ok() => match rng.below(4) {
            0 => json!("ZZ"),
            1 => Value::Null,
            _ => json!(format!("{:#}", Card::ALL[rng.index(Card::COUNT)])),
        },
        Value::String(_) => match rng.below(3) {
            0 => phase_with_data(rng),
            _ => json!(NAMES[rng.index(NAMES.len())]),
        },
        Value::Array(items) if !items.is_empty() => {
            let mut items = items.clone();
            let i = rng.index(items.len());
            match rng.below(3) {
                0 => {
                    items.remove(i);
                }
                1 => items.insert(i, items[i].clone()),
                _ => {
                    let j = rng.index(items.len());
                    items.swap(i, j);
                }
            }
            Value::Array(items)
        }
        Value::Array(_) => json!([donor]),
        Value::Object(fields) if fields.len() == 1 => match rng.below(2) {
            // A phase with data: another one, or one without.
            0 => phase_with_data(rng),
            _ => json!(NAMES[rng.index(3)]),
        },
        Value::Object(_) => Value::Null,
    };
    *target = replacement;
}

/// Plays a loaded game out at random, checking what loading must guarantee: at every step the
/// seat to act has a legal action, the game stays within its bound and the scores, winners and
/// views answer; at one step in sixteen (and at the end) every listed action applies, the state
/// reloads as itself, its text and a determinisation are drawn.
fn play_out(
    mut game: HeadTrip,
    rng: &mut GameRng,
    legal: &mut Vec<Action>,
    scratch: &mut HeadTrip,
) {
    let bound = game.max_plies();
    loop {
        assert!(game.plies() <= bound, "{} plies of {bound}", game.plies());
        let _ = game.winners();
        for seat in Seat::all(5) {
            let _ = game.score(seat);
            let _ = game.view(seat);
        }
        if rng.below(16) == 0 || game.is_over() {
            let _ = game.to_string();
            let _ = game.view(Seat(rng.below(5) as u8)).to_string();
            let text = serde_json::to_string(&game).unwrap();
            let reloaded: HeadTrip = serde_json::from_str(&text).unwrap_or_else(|e| {
                panic!("a state played from a loaded one does not reload: {e}\n{text}")
            });
            assert_eq!(reloaded, game);
            game.resample_hidden_into(Seat(rng.below(5) as u8), rng, scratch);
            let _ = scratch.view(Seat(0));
        }
        let Some(seat) = game.to_act() else { break };
        game.legal_actions(legal);
        assert!(
            !legal.is_empty(),
            "seat {seat} is to act with no legal action:\n{game}"
        );
        if rng.below(16) == 0 {
            for &listed in legal.iter() {
                scratch.clone_from(&game);
                scratch
                    .apply(listed)
                    .unwrap_or_else(|e| panic!("legal `{listed}` refused: {e}\n{game}"));
            }
        }
        let action = legal[rng.index(legal.len())];
        let _ = game.observe(action, Seat(rng.below(5) as u8));
        game.apply(action)
            .unwrap_or_else(|e| panic!("legal `{action}` refused: {e}\n{game}"));
    }
}

#[test]
fn mutated_saves_either_are_refused_or_play_out_within_their_bound() {
    let mut rng = GameRng::from_seed(2024);
    let bases = base_states(&mut rng);
    let mut legal = Vec::new();
    let mut scratch = HeadTrip::new(Options::default(), 0).unwrap();
    let (mut loaded, mut refused) = (0, 0);
    for _ in 0..3_000 {
        let mut state = bases[rng.index(bases.len())].clone();
        for _ in 0..=rng.below(2) {
            mutate(&mut state, &mut rng);
        }
        match serde_json::from_value::<HeadTrip>(state) {
            Ok(game) => {
                loaded += 1;
                play_out(game, &mut rng, &mut legal, &mut scratch);
            }
            Err(_) => refused += 1,
        }
    }
    // The net catches something both ways: many mutants load (harmless changes, such as the
    // generator's state or a vote swapped), and many are refused.
    assert!(
        loaded > 100 && refused > 1000,
        "{loaded} loaded, {refused} refused"
    );
}
