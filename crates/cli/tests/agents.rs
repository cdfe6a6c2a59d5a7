//! `cards simulate --agents` and `cards play --bots`: search agents in the program.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::run;

fn simulate(extra: &[&str]) -> (bool, String, String) {
    let mut args = vec!["simulate"];
    args.extend_from_slice(extra);
    run(&args, "")
}

#[test]
fn simulate_with_agents_prints_intervals_per_seat_and_per_agent() {
    let (ok, out, err) = simulate(&[
        "brainshearts",
        "--agents",
        "ismcts:200,random",
        "--rotate",
        "--games",
        "20",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("95% interval"), "{out}");
    let agent_row = |name: &str| {
        out.lines()
            .find(|l| l.trim_start().starts_with(name))
            .unwrap_or_else(|| panic!("no row for {name}: {out}"))
            .to_string()
    };
    // Rotated over 20 games of two seats: each agent played 20 seat-games.
    assert!(agent_row("ismcts:200").trim_end().ends_with("20"), "{out}");
    assert!(agent_row("random").trim_end().ends_with("20"), "{out}");
    // The search wins nearly all of them: its lower bound is far above a half.
    let low: f64 = agent_row("ismcts:200")
        .split('|')
        .nth(2)
        .and_then(|cell| cell.split('%').next())
        .and_then(|v| v.trim().parse().ok())
        .unwrap();
    assert!(low > 60.0, "{out}");
}

#[test]
fn simulate_with_agents_does_not_depend_on_threads_and_names_the_agents() {
    let args = |threads| {
        simulate(&[
            "headtrip",
            "--agents",
            "ismcts:50,flat:20,random,random",
            "--rotate",
            "--games",
            "12",
            "--json",
            "--seed",
            "4",
            "--threads",
            threads,
        ])
        .1
    };
    let one = args("1");
    assert_eq!(one, args("2"));
    let first: serde_json::Value = serde_json::from_str(one.lines().next().unwrap()).unwrap();
    assert_eq!(
        first["agents"],
        serde_json::json!(["ismcts:50", "flat:20", "random", "random"])
    );
    let second: serde_json::Value = serde_json::from_str(one.lines().nth(1).unwrap()).unwrap();
    assert_eq!(
        second["agents"],
        serde_json::json!(["flat:20", "random", "random", "ismcts:50"])
    );
}

#[test]
fn simulate_refuses_agents_that_do_not_fit() {
    let (ok, _, err) = simulate(&["brainshearts", "--agents", "ismcts,random,random"]);
    assert!(!ok);
    assert!(err.contains("3 agents given for 2 seats"), "{err}");
    // One rule for every count, random agents included (`random,random` for four seats was
    // accepted silently, `flat:5,random` refused).
    for agents in ["random,random", "flat:5,random", "random,random,random"] {
        let (ok, out, err) = simulate(&["headtrip", "--agents", agents, "--games", "2"]);
        assert!(!ok, "{agents}: {out}");
        assert!(
            err.contains("agents given for 4 seats")
                && err.contains("one agent, which plays every seat, or exactly one per seat"),
            "{agents}: {err}"
        );
    }
    for agents in ["random", "random,random,random,random", "flat:5"] {
        let (ok, _, err) = simulate(&["headtrip", "--agents", agents, "--games", "2"]);
        assert!(ok, "{agents}: {err}");
    }
    let (ok, _, err) = simulate(&["brainshearts", "--agents", "alphazero"]);
    assert!(!ok);
    assert!(err.contains("unknown agent `alphazero`"), "{err}");
    let (ok, _, err) = simulate(&["brainshearts", "--agents", "ismcts:0"]);
    assert!(!ok);
    assert!(err.contains("bad budget"), "{err}");
}

#[test]
fn play_against_search_bots_and_random_bots() {
    for bots in ["ismcts:50", "flat:20", "random"] {
        let (ok, out, err) = run(
            &["play", "brainshearts", "--seed", "3", "--bots", bots],
            &"1\n".repeat(500),
        );
        assert!(ok, "{bots}: {err}");
        assert!(out.contains("Game over."), "{bots}: {out}");
    }
    let (ok, _, err) = run(&["play", "brainshearts", "--bots", "minimax"], "");
    assert!(!ok);
    assert!(err.contains("unknown agent"), "{err}");
}

/// Budgets are bounded: past a million iterations or a minute a decision, an agent is refused at
/// once with the bounds (`ismcts:18446744073709551615ms` ran forever).
#[test]
fn budgets_past_their_bounds_are_refused_at_once() {
    for budget in [
        "ismcts:18446744073709551615ms",
        "ismcts:60001ms",
        "flat:1000001",
        "ismcts:99999999999999999999999",
    ] {
        let (ok, _, err) = simulate(&["brainshearts", "--agents", budget, "--games", "1"]);
        assert!(!ok, "{budget}");
        assert!(
            err.contains("is too large: at most 1000000 iterations or 60000ms"),
            "{budget}: {err}"
        );
        let (ok, out, err) = run(&["play", "brainshearts", "--bots", budget], "1\n");
        assert!(!ok, "{budget}");
        assert!(err.contains("is too large"), "{budget}: {err}");
        assert!(!out.contains("> "), "refused before the game: {out}");
    }
}
