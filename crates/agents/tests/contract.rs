//! The agents' kit properties in every game: they do not cheat, and they allocate nothing once
//! warm.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use agents::{Budget, FlatMonteCarlo, Ismcts};
use cards::testkit::{agent_allocates_nothing_once_warm, agent_does_not_cheat};

/// Small budgets: the properties hold at any budget, and a test plays many decisions.
const BUDGET: Budget = Budget::Iterations(64);

macro_rules! agent_properties {
    ($module:ident, $game:ty, $options:expr) => {
        mod $module {
            use super::*;

            #[test]
            fn ismcts_does_not_cheat() {
                agent_does_not_cheat::<$game, _>(&$options, |seed| {
                    Ismcts::new(seed).with_budget(BUDGET)
                });
            }

            #[test]
            fn flat_monte_carlo_does_not_cheat() {
                agent_does_not_cheat::<$game, _>(&$options, |seed| {
                    FlatMonteCarlo::new(seed).with_budget(BUDGET)
                });
            }

            #[test]
            fn ismcts_allocates_nothing_once_warm() {
                agent_allocates_nothing_once_warm::<$game, _>(&$options, |seed| {
                    Ismcts::new(seed).with_budget(BUDGET)
                });
            }

            #[test]
            fn flat_monte_carlo_allocates_nothing_once_warm() {
                agent_allocates_nothing_once_warm::<$game, _>(&$options, |seed| {
                    FlatMonteCarlo::new(seed).with_budget(BUDGET)
                });
            }
        }
    };
}

fn head_trip() -> Vec<headtrip::Options> {
    vec![
        headtrip::Options::default(),
        headtrip::Options {
            aspect_affinities: true,
            games: 2,
            ..Default::default()
        },
    ]
}

fn brains_and_hearts() -> Vec<brainshearts::Options> {
    vec![
        brainshearts::Options::default(),
        brainshearts::Options {
            die_results: Some(vec![2, 5]),
            ..Default::default()
        },
    ]
}

fn round_trip() -> Vec<roundtrip::Options> {
    let short = |players| roundtrip::Options {
        players,
        max_hands: 1,
        ..Default::default()
    };
    vec![
        roundtrip::Options {
            target_score: Some(6),
            ..short(2)
        },
        roundtrip::Options {
            advanced: true,
            ..short(4)
        },
        roundtrip::Options {
            round_the_world: true,
            specific_trip: true,
            ..short(3)
        },
    ]
}

agent_properties!(head_trip_agents, headtrip::HeadTrip, head_trip());
agent_properties!(
    brains_and_hearts_agents,
    brainshearts::BrainsHearts,
    brains_and_hearts()
);
agent_properties!(round_trip_agents, roundtrip::RoundTrip, round_trip());

fn high_jinks() -> Vec<highjinks::Options> {
    let short = |players| highjinks::Options {
        max_turns: 12,
        ..highjinks::Options::players(players)
    };
    vec![short(2), short(3), short(4)]
}

agent_properties!(high_jinks_agents, highjinks::HighJinks, high_jinks());
