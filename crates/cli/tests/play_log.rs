//! The log of `cards play` names the seat that took every action, in every game (High Jinks
//! printed `intercept 7H` with nobody's name), the person's own actions included, which are
//! echoed as the person observes them (a thief sees the card it stole). And the play screens
//! say what they mean: no bare label for an empty zone, no "1 cards", no "0 of 0 asked".
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use cards::{Record, Seat};
use cards_cli::guide::Guide;
use std::fmt::Display;

/// Plays a whole game at `seat` with random bots, the person answering with `answers` (repeated);
/// returns the transcript and the record.
fn transcript<G>(options: serde_json::Value, seat: u8, seed: u64, answers: &str) -> (String, Record)
where
    G: Guide + Display,
    G::View: Display,
{
    common::play_transcript::<G>("log", options, seat, seed, answers)
}

/// Checks that every action of the game shows, in order, as a line naming its actor by
/// `name`; returns the game's lines for every action, by actor.
fn check_log<G>(
    text: &str,
    record: &Record,
    seat: u8,
    name: impl Fn(Seat) -> String,
) -> Vec<(Seat, String)>
where
    G: Guide,
{
    let me = Seat(seat);
    let lines: Vec<&str> = text.lines().map(|l| l.trim_start_matches("> ")).collect();
    let mut game: G = cards_cli::start(&record.options, record.seed).unwrap();
    let mut next = 0;
    let mut shown = Vec::new();
    for action_text in &record.actions {
        let action: G::Action = action_text.parse().unwrap();
        let actor = game.to_act().unwrap();
        let line = game.log_line(actor, me, game.observe(action, me));
        assert!(
            line.starts_with(&name(actor)),
            "{}: `{line}` does not name seat {actor} first",
            G::NAME
        );
        let at = lines[next..]
            .iter()
            .position(|l| *l == line)
            .unwrap_or_else(|| panic!("{}: `{line}` does not show, in order", G::NAME));
        next += at + 1;
        shown.push((actor, line));
        game.apply(action).unwrap();
    }
    shown
}

/// High Jinks, 3 and 4 players: every line of the log names its seat; no line is a bare action
/// (the issue's `intercept 7H`, `declare 7C`).
#[test]
fn highjinks_log_names_who_did_what() {
    let mut own = 0;
    for (players, seat, seed) in [(3, 0, 1), (4, 2, 5), (2, 1, 8)] {
        let options = serde_json::json!({ "players": players, "max_turns": 30 });
        let (text, record) = transcript::<highjinks::HighJinks>(options, seat, seed, "1\n");
        let shown =
            check_log::<highjinks::HighJinks>(&text, &record, seat, |s| format!("seat {}", s.0));
        own += shown.iter().filter(|(s, _)| s.0 == seat).count();
        for line in text.lines().map(|l| l.trim_start_matches("> ")) {
            assert!(
                line.parse::<highjinks::Action>().is_err(),
                "a bare action in the log: `{line}`"
            );
        }
    }
    assert!(own > 10, "the person's own actions show too ({own})");
}

/// The other games name the actor too, and echo the person's own actions.
#[test]
fn every_games_log_names_who_did_what() {
    let (text, record) = transcript::<headtrip::HeadTrip>(serde_json::json!({}), 1, 3, "1\n");
    check_log::<headtrip::HeadTrip>(&text, &record, 1, |s| {
        headtrip::Aspect::of_seat(s).unwrap().title().to_string()
    });
    let (text, record) =
        transcript::<brainshearts::BrainsHearts>(serde_json::json!({}), 0, 3, "1\n");
    check_log::<brainshearts::BrainsHearts>(&text, &record, 0, |s| {
        ["The Brain", "The Heart"][s.index()].to_string()
    });
    let options = serde_json::json!({ "players": 3, "max_hands": 2 });
    let (text, record) = transcript::<roundtrip::RoundTrip>(options, 2, 3, "1\n");
    check_log::<roundtrip::RoundTrip>(&text, &record, 2, |s| format!("seat {}", s.0));
}

/// Round Trip: the person's own actions are echoed, and a thief is told the card it stole (and
/// a seat robbed, the card taken from it).
#[test]
fn roundtrip_echoes_the_persons_actions_and_names_the_stolen_card_to_the_thief() {
    let mut steals = 0;
    let mut one_card = 0;
    for seed in 1..6 {
        let options = serde_json::json!({ "players": 3, "max_hands": 2 });
        // Steal when it may, else the first action.
        let (text, record) =
            transcript::<roundtrip::RoundTrip>(options, 0, seed, "steal 1\nsteal 2\n1\n");
        let shown =
            check_log::<roundtrip::RoundTrip>(&text, &record, 0, |s| format!("seat {}", s.0));
        for (actor, line) in &shown {
            if actor.0 == 0 && line.contains(" stole ") {
                steals += 1;
                assert!(line.starts_with("seat 0 stole card "), "{line}");
                let card = line["seat 0 stole card ".len()..]
                    .split(' ')
                    .next()
                    .unwrap();
                assert!(
                    card.contains(':'),
                    "the card is named with its face: {line}"
                );
            }
        }
        assert!(
            shown
                .iter()
                .any(|(a, l)| a.0 == 0 && l.starts_with("seat 0: play")),
            "own plays are echoed: {text}"
        );
        for line in text.lines() {
            assert!(!says_one_cards(line), "{line}");
            one_card += usize::from(line.contains(" 1 card in hand"));
        }
    }
    assert!(steals > 0, "the person stole in these games");
    assert!(one_card > 0, "some seat held one card");
}

/// Whether a line counts "1 cards" (not "81 cards").
fn says_one_cards(line: &str) -> bool {
    line.match_indices("1 cards")
        .any(|(at, _)| !line[..at].ends_with(|c: char| c.is_ascii_digit()))
}

/// High Jinks' screen says `none` and `empty` rather than a bare label, and `1 card`.
#[test]
fn highjinks_screen_has_no_bare_labels_and_counts_in_english() {
    let mut one_card = 0;
    for seed in 0..4 {
        let options = serde_json::json!({ "players": 3, "max_turns": 40 });
        let (text, _) = transcript::<highjinks::HighJinks>(options, 0, seed, "1\n");
        for line in text.lines() {
            assert!(!says_one_cards(line), "{line}");
            for bare in [
                "Agents:;",
                "Mana:;",
                "Damage Counters:\n",
                "; agents;",
                "; mana;",
            ] {
                assert!(!format!("{line}\n").contains(bare), "`{bare}` in {line}");
            }
            assert!(!line.ends_with(':'), "a bare label: {line}");
            one_card += usize::from(line.contains(" 1 card in hand"));
        }
        assert!(text.contains("Agents: none; Mana: none; Damage Counters: none"));
        assert!(text.contains("Void: empty"));
    }
    assert!(one_card > 0, "some seat held one card");
}

/// Head Trip's screen during a recall poll says how many of the three other aspects answered,
/// never "0 of 0 asked".
#[test]
fn headtrip_recall_poll_says_who_has_answered() {
    let mut polls = 0;
    for seed in 0..6 {
        let (text, _) = transcript::<headtrip::HeadTrip>(serde_json::json!({}), 2, seed, "1\n");
        assert!(!text.contains("0 of 0"), "{text}");
        polls += text.matches("Now: recall poll: ").count();
    }
    assert!(polls > 0, "the games had recall polls on screen");
}
