//! Loading saved games. Every state the engine saves reloads, finished games included; the
//! inconsistent states found in review are refused with the typed error that says what is
//! wrong; and a net of mutated saved states: every mutant that loads plays out by the rules.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use brainshearts::{seat_cards, BrainsHearts, InvalidState, Options, Phase, MAX_PLIES};
use cards::{Game, GameRng, Seat};
use serde_json::{json, Value};

/// The options the saved games are drawn from: shuffled, stacked die results (6s among them),
/// stacked decks.
fn options(index: u64) -> Options {
    let mut reversed = seat_cards(1).to_vec();
    reversed.reverse();
    match index % 5 {
        0 => Options::default(),
        1 => Options {
            die_results: Some(vec![6, 6, 6, 6]),
            ..Options::default()
        },
        2 => Options {
            die_results: Some(vec![2, 3, 4, 5]),
            ..Options::default()
        },
        3 => Options {
            brain_deck: Some(seat_cards(0).to_vec()),
            heart_deck: Some(reversed),
            die_results: Some(vec![1, 6]),
        },
        _ => Options {
            die_results: Some(vec![3, 2]),
            ..Options::default()
        },
    }
}

/// Plays `plies` random plies (or to the end) of a game from the options and seed.
fn played(options_index: u64, seed: u64, plies: usize) -> BrainsHearts {
    let mut game = BrainsHearts::new(options(options_index), seed).unwrap();
    let mut rng = GameRng::from_seed(seed ^ 0x5eed);
    let mut legal = Vec::new();
    for _ in 0..plies {
        if game.to_act().is_none() {
            break;
        }
        game.legal_actions(&mut legal);
        game.apply(legal[rng.index(legal.len())]).unwrap();
    }
    game
}

/// A game played to its end.
fn finished(options_index: u64, seed: u64) -> BrainsHearts {
    let game = played(options_index, seed, usize::MAX);
    assert!(game.is_over());
    game
}

fn to_json(game: &BrainsHearts) -> Value {
    serde_json::to_value(game).unwrap()
}

/// Loads a state, giving the error text on refusal.
fn load(value: &Value) -> Result<BrainsHearts, String> {
    serde_json::from_value(value.clone()).map_err(|e| e.to_string())
}

/// Asserts that the state is refused with exactly this error.
fn assert_refused(value: &Value, expected: &InvalidState) {
    match load(value) {
        Ok(game) => panic!("loaded, expected `{expected}`:\n{game}"),
        Err(error) => assert!(
            error.contains(&expected.to_string()),
            "refused with `{error}`, expected `{expected}`"
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// The findings

#[test]
fn every_saved_state_reloads_finished_and_determinised_ones_included() {
    let mut legal = Vec::new();
    for seed in 0..50 {
        let mut game = BrainsHearts::new(options(seed), seed).unwrap();
        let mut rng = GameRng::from_seed(seed);
        loop {
            let saved = serde_json::to_string(&game).unwrap();
            let loaded: BrainsHearts = serde_json::from_str(&saved)
                .unwrap_or_else(|e| panic!("seed {seed}, ply {}: {e}\n{saved}", game.plies()));
            assert_eq!(serde_json::to_string(&loaded).unwrap(), saved);
            assert_eq!(loaded.to_act(), game.to_act());
            // So do the worlds a seat (or a spectator) draws from what it sees.
            for observer in [Seat(0), Seat(1), Seat(2)] {
                let mut world = game.clone();
                game.resample_hidden_into(observer, &mut rng, &mut world);
                let saved = serde_json::to_string(&world).unwrap();
                if let Err(e) = serde_json::from_str::<BrainsHearts>(&saved) {
                    panic!(
                        "seed {seed}: a determinisation for {observer} does not load: {e}\n{saved}"
                    );
                }
            }
            if game.is_over() {
                assert_eq!(loaded.winners(), game.winners());
                break;
            }
            game.legal_actions(&mut legal);
            game.apply(legal[rng.index(legal.len())]).unwrap();
        }
    }
}

#[test]
fn a_state_with_the_seat_to_act_flipped_is_refused() {
    // Before the fix this loaded, and the game's own save was refused two plies later.
    for (seed, plies) in [(1, 0), (2, 7), (3, 30), (4, 61)] {
        let game = played(0, seed, plies);
        let mut value = to_json(&game);
        let to_act = game.to_act().unwrap().0;
        value["to_act"] = json!(1 - to_act);
        let expected = load(&value).unwrap_err();
        assert!(
            expected.contains(&format!("seat {} is to act in phase", 1 - to_act)),
            "seed {seed}: {expected}"
        );
    }
    // The exact error for the first turn: The Heart to act before The Brain has played.
    let mut value = to_json(&played(0, 1, 0));
    value["to_act"] = json!(1);
    assert_refused(
        &value,
        &InvalidState::Turn {
            to_act: 1,
            phase: Phase::Action,
            brain: 0,
            heart: 0,
        },
    );
}

#[test]
fn a_finished_game_in_the_die_choice_phase_is_refused() {
    // Every roll of these games comes from the stacked list 2, 3, 4, 5: none is a 6.
    for seed in [2, 7, 12] {
        let game = finished(2, seed);
        let mut value = to_json(&game);
        value["phase"] = json!("DieChoice");
        assert_refused(
            &value,
            &InvalidState::Phase {
                phase: Phase::DieChoice,
                reason: "a choice of result without a 6 rolled",
            },
        );
        // Nor does it go back to the start of a turn. (The scoring phase of the last turn, when
        // a claim can be made, is a state the rules reach.)
        for phase in ["Action", "Play"] {
            value["phase"] = json!(phase);
            assert!(load(&value).is_err(), "seed {seed}: {phase} loaded");
        }
    }
}

#[test]
fn plies_beyond_the_bound_or_below_the_state_are_refused() {
    let game = played(0, 5, 40);
    let refusal = |plies: u64| {
        let mut value = to_json(&game);
        value["plies"] = json!(plies);
        load(&value).err()
    };
    assert!(refusal(game.plies()).is_none());
    for plies in [0, 1, MAX_PLIES, MAX_PLIES + 1, u64::MAX] {
        let error = refusal(plies).unwrap_or_else(|| panic!("{plies} plies loaded"));
        assert!(
            error.contains(&format!("{plies} plies, but this state is reached in")),
            "{error}"
        );
    }
    // At the start: exactly 0 plies.
    let mut value = to_json(&played(0, 5, 0));
    value["plies"] = json!(MAX_PLIES);
    assert_refused(
        &value,
        &InvalidState::Plies {
            plies: MAX_PLIES,
            least: 0,
            most: 0,
        },
    );
    // A finished game whose count was pushed to the bound cannot have ended within it.
    let game = finished(0, 6);
    let mut value = to_json(&game);
    value["plies"] = json!(MAX_PLIES + 1);
    assert!(load(&value).is_err());
}

/// A finished game's counters past what a game reaches: its plies at 65,535, and a seat's roll
/// coins at 255, are refused with the typed reasons.
#[test]
fn a_finished_games_plies_at_65535_and_coins_past_two_are_refused() {
    let game = finished(0, 7);
    let mut value = to_json(&game);
    value["plies"] = json!(65_535);
    let error = load(&value).err().unwrap_or_default();
    assert!(
        error.starts_with(
            "invalid Brains and Hearts state: 65535 plies, but this state is reached in"
        ),
        "{error}"
    );
    let mut value = to_json(&game);
    value["seats"][1]["coins"] = json!(255);
    assert_refused(
        &value,
        &InvalidState::Coins {
            seat: 1,
            coins: 255,
        },
    );
}

#[test]
fn die_marks_the_coins_spent_cannot_have_made_are_refused() {
    // Stacked decks in plain order: The Brain holds A♠ and 2♠ and draws 3♠.
    let mut game = BrainsHearts::new(options(3), 1).unwrap();
    game.apply("draw".parse().unwrap()).unwrap();
    game.apply("play AS slot1".parse().unwrap()).unwrap();
    let mut value = to_json(&game);
    assert_eq!(value["seats"][0]["slots"][0][0], json!("AS"));
    assert!(load(&value).is_ok());
    // Marked as changed and changed back, with no coin spent: refused.
    value["seats"][0]["slots"][0][0] = json!("AS=A");
    assert_refused(
        &value,
        &InvalidState::Marks {
            least: 2,
            rolled: 0,
        },
    );
    // Changed by one step: refused too.
    value["seats"][0]["slots"][0][0] = json!("AS=2");
    assert_refused(
        &value,
        &InvalidState::Marks {
            least: 1,
            rolled: 0,
        },
    );
}

// ---------------------------------------------------------------------------------------------
// The mutation net

/// Names of unit enum variants in a saved state (phases and run directions).
const UNIT_VARIANTS: [&str; 8] = [
    "Action",
    "Play",
    "DieChoice",
    "Scoring",
    "Over",
    "Up",
    "Down",
    "Either",
];

/// JSON pointers to every node of a value.
fn pointers(value: &Value, here: String, out: &mut Vec<String>) {
    match value {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                pointers(item, format!("{here}/{i}"), out);
            }
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                pointers(item, format!("{here}/{key}"), out);
            }
        }
        _ => {}
    }
    out.push(here);
}

/// Any variant of the phase or a direction, with small random contents.
fn some_variant(rng: &mut GameRng) -> Value {
    match rng.below(4) {
        0 => json!({ "DieTarget": { "result": rng.below(8) } }),
        1 => json!({ "Running": {
            "len": rng.below(6),
            "last": rng.below(9),
            "direction": UNIT_VARIANTS[5 + rng.index(3)],
            "used": rng.below(70),
            "captured": rng.below(4),
        } }),
        _ => json!(UNIT_VARIANTS[rng.index(UNIT_VARIANTS.len())]),
    }
}

/// A card text, often a card of the game, sometimes with a die mark, sometimes not a card.
fn some_card_text(rng: &mut GameRng) -> String {
    let all = cards::deck::standard_52();
    let card = format!("{:#}", all[rng.index(all.len())]);
    match rng.below(6) {
        0 => format!(
            "{card}={}",
            ["A", "2", "3", "4", "5", "6", "7", "8", "0"][rng.index(9)]
        ),
        1 => "XX".to_string(),
        _ => card,
    }
}

/// A number near, at the edges of, or far from `n`.
fn some_number(n: &serde_json::Number, rng: &mut GameRng) -> Value {
    let n = n.as_i64().unwrap_or(0);
    match rng.below(9) {
        0 => json!(0),
        1 => json!(n.saturating_add(1)),
        2 => json!(n.saturating_sub(1)),
        3 => json!(u64::MAX),
        4 => json!(-1),
        5 => json!(n.saturating_neg()),
        6 => json!(255),
        7 => json!(1u64 << 40),
        _ => json!(n.saturating_add(rng.below(20) as i64 - 10)),
    }
}

/// Changes one node of the saved state.
fn mutate(value: &mut Value, rng: &mut GameRng) {
    let mut all = Vec::new();
    pointers(value, String::new(), &mut all);
    let pointer = &all[rng.index(all.len())];
    let Some(node) = value.pointer_mut(pointer) else {
        return;
    };
    let replacement = match node {
        Value::Number(n) => some_number(n, rng),
        Value::Bool(b) => json!(!*b),
        Value::Null => json!(rng.below(8)),
        Value::String(text) if UNIT_VARIANTS.contains(&text.as_str()) => some_variant(rng),
        Value::String(_) => json!(some_card_text(rng)),
        Value::Array(items) if !items.is_empty() => {
            let i = rng.index(items.len());
            if rng.below(2) == 0 {
                items.remove(i);
            } else {
                let copy = items[i].clone();
                items.insert(rng.index(items.len() + 1), copy);
            }
            return;
        }
        Value::Array(items) => {
            items.push(json!(some_card_text(rng)));
            return;
        }
        Value::Object(fields) if fields.is_empty() => {
            // The standard options: stack some die results, or add a field that does not exist.
            let key = ["die_results", "extra"][rng.index(2)];
            fields.insert(key.to_string(), json!([1 + rng.below(6)]));
            return;
        }
        Value::Object(fields) if fields.len() == 1 => some_variant(rng),
        Value::Object(fields) => {
            // Swap two fields' values.
            let keys: Vec<String> = fields.keys().cloned().collect();
            let (a, b) = (&keys[rng.index(keys.len())], &keys[rng.index(keys.len())]);
            let (va, vb) = (fields[a].clone(), fields[b].clone());
            fields[a] = vb;
            fields[b] = va;
            return;
        }
    };
    *node = replacement;
}

/// Plays a loaded game out at random, checking the contract at every ply: every listed action
/// applies, the seat to act always has one, every state saved along the way reloads the same,
/// scores, winners and views answer, and the game ends within its bound.
fn play_out(mut game: BrainsHearts, rng: &mut GameRng, origin: &str) {
    let mut legal = Vec::new();
    loop {
        for seat in 0..game.seat_count() {
            let seat = Seat(seat as u8);
            let _ = (game.score(seat), game.view(seat));
        }
        let _ = game.winners();
        let saved = serde_json::to_string(&game).unwrap();
        match serde_json::from_str::<BrainsHearts>(&saved) {
            Ok(again) => assert_eq!(serde_json::to_string(&again).unwrap(), saved),
            Err(e) => panic!(
                "a state saved from a loaded mutant does not reload: {e}\n{saved}\nfrom {origin}"
            ),
        }
        if game.to_act().is_none() {
            break;
        }
        assert!(
            game.plies() < game.max_plies(),
            "no end within {} plies\nfrom {origin}",
            game.max_plies()
        );
        game.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "no legal action\n{game}\nfrom {origin}");
        let action = legal[rng.index(legal.len())];
        if let Err(e) = game.apply(action) {
            panic!("listed action `{action}` refused: {e}\n{game}\nfrom {origin}");
        }
    }
    assert!(game.plies() <= game.max_plies());
}

#[test]
fn mutated_saved_states_are_refused_or_play_by_the_rules() {
    let mut rng = GameRng::from_seed(2024);
    let (mut loaded, mut refused, mut unchanged) = (0, 0, 0);
    for base in 0..500u64 {
        // Any point of the game, the end included.
        let plies = if base % 4 == 0 {
            usize::MAX
        } else {
            rng.index(160)
        };
        let game = played(base, base, plies);
        let original = to_json(&game);
        for _ in 0..10 {
            let mut value = original.clone();
            for _ in 0..1 + rng.below(3) {
                mutate(&mut value, &mut rng);
            }
            if value == original {
                unchanged += 1;
            }
            let text = value.to_string();
            match serde_json::from_str::<BrainsHearts>(&text) {
                Ok(game) => {
                    loaded += 1;
                    play_out(game, &mut rng, &text);
                }
                Err(_) => refused += 1,
            }
        }
    }
    // The net catches something both ways: mutants are refused, and mutants load and play.
    assert!(refused > 1000, "only {refused} mutants refused");
    assert!(
        loaded > 100,
        "only {loaded} mutants loaded ({unchanged} unchanged)"
    );
}
