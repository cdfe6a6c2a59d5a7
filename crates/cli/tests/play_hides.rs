//! `cards play` shows the person only what its seat may see: scripted games of every game, whose
//! transcripts are checked against the engine. Every other seat's action shows as the person's
//! observation of it, and never as the acting seat's own (which names a vote, the card behind a
//! face-down play, a card drawn or stolen).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use cards::{Record, Seat};
use cards_cli::guide::Guide;
use cards_cli::play::{play, PlaySettings};
use std::fmt::Display;

/// Plays a whole game at `seat` answering `1` to every prompt; returns the transcript and the
/// game's record.
fn transcript<G>(options: serde_json::Value, seat: u8, seed: u64) -> (String, Record)
where
    G: Guide + Display,
    G::View: Display,
{
    common::play_transcript::<G>("hides", options, seat, seed, "1\n")
}

/// Checks a transcript: every other seat's action shows as the person's observation, in order;
/// where the acting seat sees more of its action than the person does, what it sees never shows.
/// Returns how many actions were hidden in part from the person.
fn check<G>(options: serde_json::Value, seat: u8, seed: u64) -> usize
where
    G: Guide + Display,
    G::View: Display,
{
    let (text, record) = transcript::<G>(options, seat, seed);
    let me = Seat(seat);
    let mut game: G = cards_cli::start(&record.options, record.seed).unwrap();
    // Lines as shown, without the prompt the person answered after (input is not echoed).
    let lines: Vec<&str> = text.lines().map(|l| l.trim_start_matches("> ")).collect();
    let mut next = 0;
    let mut hidden = 0;
    for action_text in &record.actions {
        let action: G::Action = action_text.parse().unwrap();
        let actor = game.to_act().unwrap();
        if actor != me {
            let seen = game.log_line(actor, me, game.observe(action, me));
            let theirs = game.log_line(actor, actor, game.observe(action, actor));
            let at = lines[next..]
                .iter()
                .position(|l| *l == seen)
                .unwrap_or_else(|| panic!("`{seen}` does not show, in order"));
            next += at + 1;
            if theirs != seen {
                hidden += 1;
                assert!(
                    !lines.contains(&theirs.as_str()),
                    "seat {me} was shown `{theirs}`, which only seat {actor} sees"
                );
            }
        }
        game.apply(action).unwrap();
    }
    assert!(game.is_over());
    hidden
}

/// Ruling G3 and the face-down failures: no other seat's vote shows before all are in, and no
/// card behind a face-down play ever shows (the report's reproduction was seat 2, seed 4).
#[test]
fn headtrip_play_shows_no_vote_and_no_face_down_card() {
    let mut hidden = 0;
    for (seat, seed) in [(2, 4), (0, 1), (3, 7)] {
        hidden += check::<headtrip::HeadTrip>(serde_json::json!({}), seat, seed);
    }
    assert!(
        hidden > 10,
        "the games had votes and failures to hide ({hidden})"
    );
}

/// Draws show the card to the drawer only.
#[test]
fn brainshearts_play_shows_no_card_drawn_by_the_opponent() {
    let mut hidden = 0;
    for (seat, seed) in [(0, 1), (1, 2)] {
        hidden += check::<brainshearts::BrainsHearts>(serde_json::json!({}), seat, seed);
    }
    assert!(hidden > 5, "the games had draws to hide ({hidden})");
}

/// A steal between two other seats shows neither the card nor the replacement; draws of others
/// show no card.
#[test]
fn roundtrip_play_shows_no_card_drawn_or_stolen_by_others() {
    let mut hidden = 0;
    for (seat, seed, players) in [(0, 3, 4), (2, 5, 3), (1, 9, 6)] {
        let options = serde_json::json!({ "players": players, "max_hands": 2 });
        hidden += check::<roundtrip::RoundTrip>(options, seat, seed);
    }
    assert!(
        hidden > 20,
        "the games had draws and steals to hide ({hidden})"
    );
}

/// A well-formed action that is not legal is refused with the engine's reason.
#[test]
fn a_refused_action_is_explained_with_the_engines_reason() {
    let settings = PlaySettings {
        seat: 3,
        seed: 1,
        options: serde_json::json!({}),
        record: None,
        overwrite: false,
        history: Vec::new(),
        bots: agents::AgentSpec::Random,
    };
    let mut out = Vec::new();
    play::<headtrip::HeadTrip>(&settings, &mut "play 5C\n".as_bytes(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("Refused: ") && text.contains("the pilot must step down or stay"),
        "{text}"
    );
}
