//! `cards describe`: the sizes and layouts a learning program needs, for every game that has
//! them, with the options given; a game without them, or bad options, is an error.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use common::run;

#[test]
fn describe_prints_the_sizes_and_layouts_of_each_game() {
    for (game, actions, information, observation) in [
        ("headtrip", 48, 1240, 262),
        ("brainshearts", 202, 896, 531),
        ("roundtrip", 300, 3018, 2050),
    ] {
        let (ok, out, err) = run(&["describe", game], "");
        assert!(ok, "{err}");
        assert!(
            out.contains(&format!("Actions: {actions} distinct indices")),
            "{out}"
        );
        assert!(
            out.contains(&format!("Information-state tensor: {information} values")),
            "{out}"
        );
        assert!(
            out.contains(&format!("Observation tensor: {observation} values")),
            "{out}"
        );
        assert!(
            out.contains("| offset | shape | range | name | meaning |"),
            "{out}"
        );
    }
}

#[test]
fn describe_reads_the_options() {
    let (ok, out, err) = run(
        &[
            "describe",
            "headtrip",
            "--options",
            r#"{"aspect_affinities":true}"#,
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("Actions: 156 distinct indices"), "{out}");
    let (ok, out, err) = run(
        &[
            "describe",
            "roundtrip",
            "--options",
            r#"{"players":6}"#,
            "--json",
        ],
        "",
    );
    assert!(ok, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["num_distinct_actions"], 302);
    assert_eq!(json["information_state_size"], 3644);
}

#[test]
fn describe_refuses_bad_options_and_games_without_tensors() {
    let (ok, _, err) = run(
        &["describe", "roundtrip", "--options", r#"{"players":9}"#],
        "",
    );
    assert!(!ok && err.contains("bad options"), "{err}");
    let (ok, _, err) = run(&["describe", "highjinks"], "");
    assert!(!ok && err.contains("does not know highjinks"), "{err}");
    let (ok, _, err) = run(&["describe", "chess"], "");
    assert!(!ok && err.contains("unknown game"), "{err}");
}
