//! Each game's guide (`cards games`, `help` inside `play`) tells the truth about the engine: every
//! option field listed is one the game reads, with the default the game gives it, and none is
//! left out; every example of the action notation is read by the game's parser and shown in the
//! notation; and `cards games` prints all of it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use cards_cli::guide::Guide;
use common::run;

fn check_options<G: Guide>() {
    let defaults = G::Options::default();
    for field in G::OPTIONS {
        let value: serde_json::Value = serde_json::from_str(field.default)
            .unwrap_or_else(|e| panic!("{}: {}: default not JSON: {e}", G::NAME, field.name));
        let options = serde_json::json!({ field.name: value });
        let read = cards_cli::read_options::<G>(&options)
            .unwrap_or_else(|e| panic!("{}: {} is no option: {e}", G::NAME, field.name));
        assert_eq!(
            read,
            defaults,
            "{}: `{}` is not the default of {}",
            G::NAME,
            field.default,
            field.name
        );
        assert!(!field.meaning.is_empty());
    }
    // No field left out: every field the default options write is listed.
    let written = serde_json::to_value(&defaults).unwrap();
    for key in written.as_object().unwrap().keys() {
        assert!(
            G::OPTIONS.iter().any(|f| f.name == key),
            "{}: option `{key}` is not in the guide",
            G::NAME
        );
    }
    // A field not listed is no option (the listing is not padded with names the game refuses).
    assert!(cards_cli::read_options::<G>(&serde_json::json!({ "no_such_field": 1 })).is_err());
}

fn check_notation<G: Guide>() {
    assert!(G::EXAMPLES.len() >= 5, "{}", G::NAME);
    for example in G::EXAMPLES {
        assert!(
            example.parse::<G::Action>().is_ok(),
            "{}: the example `{example}` is not an action",
            G::NAME
        );
        assert!(
            G::NOTATION.contains(example),
            "{}: the example `{example}` is not in the notation",
            G::NAME
        );
    }
    for line in G::NOTATION.lines() {
        assert!(line.chars().count() <= 100, "{}: too long: {line}", G::NAME);
    }
}

#[test]
fn every_option_listed_is_the_games_with_its_default_and_none_is_missing() {
    check_options::<headtrip::HeadTrip>();
    check_options::<brainshearts::BrainsHearts>();
    check_options::<roundtrip::RoundTrip>();
    check_options::<highjinks::HighJinks>();
}

#[test]
fn every_example_of_the_notation_is_an_action() {
    check_notation::<headtrip::HeadTrip>();
    check_notation::<brainshearts::BrainsHearts>();
    check_notation::<roundtrip::RoundTrip>();
    check_notation::<highjinks::HighJinks>();
}

/// `cards games` lists every game with its options (name, default, meaning) and notation;
/// `cards games <game>` the one game.
#[test]
fn cards_games_lists_each_game_with_its_options_and_notation() {
    let (ok, out, err) = run(&["games"], "");
    assert!(ok, "{err}");
    for (name, option, default) in [
        ("headtrip", "aspect_affinities", "false"),
        ("brainshearts", "die_results", "null"),
        ("roundtrip", "max_hands", "100"),
        ("highjinks", "max_turns", "500"),
    ] {
        assert!(out.contains(&format!("{name} — ")), "{name}: {out}");
        assert!(
            out.contains(&format!("    {option} (default {default})")),
            "{name}: {out}"
        );
    }
    assert!(out.contains("Number of players, 2 to 6."), "{out}");
    assert!(out.contains("attack a0 p1"), "{out}");
    let (ok, one, _) = run(&["games", "HighJinks"], "");
    assert!(ok);
    assert!(
        one.contains("intercept 7H") && !one.contains("headtrip"),
        "{one}"
    );
    let (ok, _, err) = run(&["games", "chess"], "");
    assert!(!ok);
    assert!(err.contains("unknown game `chess`"), "{err}");
}

/// The help tells the truth: nothing "to come" (High Jinks' spells and summon abilities are
/// played), the agents' rule and bounds, and where the options are listed.
#[test]
fn the_help_tells_the_truth_about_every_game() {
    let (ok, out, _) = run(&["--help"], "");
    assert!(ok);
    assert!(!out.contains("to come"), "{out}");
    for name in ["headtrip", "brainshearts", "roundtrip", "highjinks"] {
        assert!(out.contains(name), "{out}");
    }
    assert!(out.contains("cards games"), "{out}");
    assert!(out.contains("1000000 iterations or 60000ms"), "{out}");
    let (ok, out, _) = run(&["simulate", "--help"], "");
    assert!(ok);
    assert!(
        out.contains("one agent, which plays every seat, or exactly one per seat"),
        "{out}"
    );
    let (ok, out, _) = run(&["play", "--help"], "");
    assert!(ok);
    assert!(
        out.contains("--resume") && out.contains("--overwrite") && out.contains("help"),
        "{out}"
    );
}

/// `cards` alone prints the help to standard output and succeeds (as `cargo` does); a command
/// line that cannot be read exits with status 2, its usage on standard error; a command that
/// fails exits with status 1.
#[test]
fn exit_statuses_are_the_ones_the_help_states() {
    let alone = common::cards().output().unwrap();
    assert_eq!(alone.status.code(), Some(0));
    let text = String::from_utf8_lossy(&alone.stdout);
    assert!(
        text.contains("Usage: cards") && text.contains("highjinks"),
        "{text}"
    );
    assert!(text.contains("Exit status"), "{text}");
    assert!(alone.stderr.is_empty());

    let unknown = common::cards().arg("fly").output().unwrap();
    assert_eq!(unknown.status.code(), Some(2));
    assert!(unknown.stdout.is_empty());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("Usage"));

    let failed = common::cards()
        .args(["replay", "/nonexistent/r.json"])
        .output()
        .unwrap();
    assert_eq!(failed.status.code(), Some(1));
}

/// `help` and `?` at the prompt list the legal actions and the game's notation, and play goes
/// on; text not understood points at `help`.
#[test]
fn help_inside_play_lists_the_legal_actions_and_the_notation() {
    fn check<G: Guide + std::fmt::Display>(options: serde_json::Value)
    where
        G::View: std::fmt::Display,
    {
        let settings = cards_cli::play::PlaySettings {
            seat: 0,
            seed: 2,
            options,
            record: None,
            overwrite: false,
            history: Vec::new(),
            bots: agents::AgentSpec::Random,
        };
        let input = format!("help\n?\nHELP\nfly\n{}", "1\n".repeat(3));
        let mut out = Vec::new();
        cards_cli::play::play::<G>(&settings, &mut input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text.matches("The actions you may take now:").count(),
            3,
            "{}: {text}",
            G::NAME
        );
        let first_line = G::NOTATION.lines().next().unwrap();
        assert_eq!(text.matches(first_line).count(), 3, "{}", G::NAME);
        // The help lists the legal actions as numbered before the prompt.
        let numbered = |block: &str| -> Vec<String> {
            block
                .lines()
                .filter(|l| {
                    l.trim_start()
                        .split_once(") ")
                        .is_some_and(|(n, _)| n.bytes().all(|b| b.is_ascii_digit()))
                })
                .map(str::to_string)
                .collect()
        };
        let listed = numbered(&text[..text.find("\n> ").unwrap()]);
        assert!(!listed.is_empty(), "{}", G::NAME);
        let help = text.split("The actions you may take now:").nth(1).unwrap();
        let help = &help[..help.find("Type an action's number").unwrap()];
        assert_eq!(numbered(help), listed, "{}", G::NAME);
        assert!(
            text.contains("(`help` explains the actions)"),
            "{}",
            G::NAME
        );
    }
    check::<headtrip::HeadTrip>(serde_json::json!({}));
    check::<brainshearts::BrainsHearts>(serde_json::json!({}));
    check::<roundtrip::RoundTrip>(serde_json::json!({"players": 3}));
    check::<highjinks::HighJinks>(serde_json::json!({"players": 3}));
}
