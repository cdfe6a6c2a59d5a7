//! One test per rule of the Head Trip leaflet and per ruling (G1–G5, HT1–HT9), named
//! after it. `docs/rules/headtrip.md` maps each rule to its test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use cards::{Card, Facing, Game, GameRng, Seat};
use common::{bytes, card, deck, game, legal, play, stacked};
use headtrip::{
    challenge_cards, Action, ActionError, Aspect, HeadTrip, Options, OptionsError, Phase, SeenPlay,
};

// ---- The cards and set-up ------------------------------------------------------------------

#[test]
fn cards_persona_and_auxiliary_decks_are_complete() {
    let g = HeadTrip::new(Options::default(), 1).unwrap();
    let mut census = Vec::new();
    g.census(&mut census);
    // Persona deck 54 (36 action, 16 voting, 2 recall) + auxiliary deck 34 (27 challenge,
    // 4 aspect, 3 label).
    assert_eq!(census.len(), 54 + 34);
    let persona: std::collections::BTreeSet<Card> =
        cards::deck::with_jokers().into_iter().collect();
    for c in &persona {
        assert!(census.contains(c), "{c} missing");
    }
    assert_eq!(challenge_cards().len(), 27);
    assert!(challenge_cards()
        .iter()
        .all(|c| c.suit() != Some(cards::Suit::Diamonds)));
}

#[test]
fn ht1_seats_are_aspects_in_order() {
    let expected = [("J♣", "2♣"), ("Q♥", "2♥"), ("K♠", "2♠"), ("A♦", "2♦")];
    for (aspect, (aspect_card, lowest)) in Aspect::ALL.into_iter().zip(expected) {
        assert_eq!(aspect.card().to_string(), aspect_card);
        let g = HeadTrip::new(Options::default(), 3).unwrap();
        let hand: Vec<Card> = g.hand(aspect).collect();
        assert_eq!(hand.len(), 9, "{aspect} holds 2–10 of its suit");
        assert_eq!(hand[0].to_string(), lowest);
        assert_eq!(Aspect::of_seat(Seat(aspect as u8)), Some(aspect));
    }
}

#[test]
fn setup_student_is_the_starting_pilot_with_two_recall_cards() {
    let g = HeadTrip::new(Options::default(), 9).unwrap();
    assert_eq!(g.pilot(), Aspect::Student);
    assert_eq!(g.to_act(), Some(Aspect::Student.seat()));
    assert_eq!(g.recalls(), 2);
    assert!(
        g.tableau().iter().all(|row| row.is_empty()),
        "the tableau starts empty"
    );
}

#[test]
fn setup_challenges_are_shuffled_from_the_seed() {
    let a = HeadTrip::new(Options::default(), 1).unwrap();
    let b = HeadTrip::new(Options::default(), 1).unwrap();
    assert_eq!(bytes(&a), bytes(&b));
    let challenges: std::collections::BTreeSet<_> = (0..40)
        .map(|s| HeadTrip::new(Options::default(), s).unwrap().challenge())
        .collect();
    assert!(
        challenges.len() > 10,
        "the first challenge varies with the seed"
    );
}

// ---- A round --------------------------------------------------------------------------------

#[test]
fn ht2_challenge_is_revealed_automatically_each_round() {
    let mut g = game(&["5C", "9H"]);
    assert_eq!(g.challenge(), Some(card("5C")));
    assert_eq!(g.phase(), Phase::StepDown);
    play(
        &mut g,
        &["stay", "no-recall", "no-recall", "no-recall", "play 6D"],
    );
    assert_eq!(
        g.challenge(),
        Some(card("9H")),
        "the next challenge is revealed without an action"
    );
    assert_eq!(g.view(Seat(0)).faced, vec![card("5C")]);
}

#[test]
fn ht3_pilot_may_step_down_or_stay() {
    let g = game(&["5C"]);
    assert_eq!(legal(&g), vec!["step-down", "stay"]);
}

#[test]
fn ht3_two_calls_spend_a_recall_card_and_force_the_pilot_down() {
    let mut g = game(&["5C"]);
    play(&mut g, &["stay"]);
    // The Student (seat 3) stays: seats 0, 1, 2 are asked in order.
    assert_eq!(g.to_act(), Some(Seat(0)));
    play(&mut g, &["recall"]);
    assert_eq!(g.to_act(), Some(Seat(1)));
    play(&mut g, &["recall"]);
    assert_eq!(g.to_act(), Some(Seat(2)), "each other seat answers");
    play(&mut g, &["no-recall"]);
    assert_eq!(g.recalls(), 1);
    assert_eq!(g.phase(), Phase::Election { next: 0 });
}

#[test]
fn ht3_three_calls_spend_one_recall_card() {
    let mut g = game(&["5C"]);
    play(&mut g, &["stay", "recall", "recall", "recall"]);
    assert_eq!(g.recalls(), 1);
    assert_eq!(g.phase(), Phase::Election { next: 0 });
}

#[test]
fn ht3_one_call_is_not_enough() {
    let mut g = game(&["5C"]);
    play(&mut g, &["stay", "recall", "no-recall"]);
    assert_eq!(g.to_act(), Some(Seat(2)), "the third seat still decides");
    play(&mut g, &["no-recall"]);
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.pilot(), Aspect::Student);
    assert_eq!(g.recalls(), 2);
}

#[test]
fn ht3_each_other_seat_answers_the_poll() {
    // Even once two seats have declined, the third is asked (ruling HT3: every other seat).
    let mut g = game(&["5C"]);
    play(&mut g, &["stay", "no-recall", "no-recall"]);
    assert_eq!(g.to_act(), Some(Seat(2)));
    assert_eq!(legal(&g), vec!["recall", "no-recall"]);
    play(&mut g, &["recall"]);
    assert_eq!(g.phase(), Phase::Play, "one call of three is not enough");
}

#[test]
fn ht3_no_recall_poll_without_recall_cards() {
    let mut g = game(&["2C", "2H", "3C"]);
    play(
        &mut g,
        &[
            "stay",
            "recall",
            "recall",
            "no-recall",
            "vote A",
            "vote A",
            "vote A",
            "vote A",
            "play 5D",
        ],
    );
    play(
        &mut g,
        &[
            "stay",
            "recall",
            "recall",
            "no-recall",
            "vote A",
            "vote A",
            "vote A",
            "vote A",
            "play 6D",
        ],
    );
    assert_eq!(g.recalls(), 0);
    play(&mut g, &["stay"]);
    assert_eq!(
        g.phase(),
        Phase::Play,
        "with no recall card left the pilot simply stays"
    );
}

#[test]
fn ht3_recall_poll_starts_after_the_pilot() {
    let mut g = game(&["2C", "5H"]);
    play(
        &mut g,
        &[
            "step-down",
            "vote K",
            "vote K",
            "vote K",
            "vote K",
            "play 5S",
        ],
    );
    assert_eq!(g.pilot(), Aspect::Genius);
    play(&mut g, &["stay"]);
    assert_eq!(
        g.to_act(),
        Some(Seat(3)),
        "The Genius is seat 2: The Student answers first"
    );
    play(&mut g, &["no-recall"]);
    assert_eq!(g.to_act(), Some(Seat(0)));
}

#[test]
fn ht4_every_seat_votes_in_seat_order_and_most_votes_wins() {
    let mut g = game(&["5C"]);
    play(&mut g, &["step-down"]);
    for seat in 0..4 {
        assert_eq!(g.to_act(), Some(Seat(seat)));
        assert_eq!(
            legal(&g),
            vec!["vote animal", "vote angel", "vote genius", "vote student"]
        );
        let vote = if seat == 3 {
            "vote genius"
        } else {
            "vote angel"
        };
        play(&mut g, &[vote]);
    }
    assert_eq!(g.pilot(), Aspect::Angel);
    assert_eq!(g.phase(), Phase::Play);
}

#[test]
fn ht4_tie_is_broken_by_the_student_among_the_leaders() {
    let mut g = game(&["5C"]);
    play(
        &mut g,
        &[
            "step-down",
            "vote animal",
            "vote angel",
            "vote animal",
            "vote angel",
        ],
    );
    assert_eq!(g.to_act(), Some(Aspect::Student.seat()));
    assert_eq!(legal(&g), vec!["choose animal", "choose angel"]);
    let before = bytes(&g);
    assert_eq!(
        g.apply(Action::Choose(Aspect::Student)),
        Err(ActionError::NotALeader(Aspect::Student))
    );
    assert_eq!(before, bytes(&g));
    play(&mut g, &["choose angel"]);
    assert_eq!(g.pilot(), Aspect::Angel);
}

#[test]
fn ht4_student_breaks_a_tie_it_is_not_part_of() {
    let mut g = game(&["5C"]);
    play(
        &mut g,
        &[
            "step-down",
            "vote genius",
            "vote genius",
            "vote animal",
            "vote animal",
        ],
    );
    assert_eq!(g.to_act(), Some(Seat(3)));
    assert_eq!(legal(&g), vec!["choose animal", "choose genius"]);
}

#[test]
fn ht4_four_way_tie_offers_every_aspect() {
    let mut g = game(&["5C"]);
    play(
        &mut g,
        &[
            "step-down",
            "vote animal",
            "vote angel",
            "vote genius",
            "vote student",
        ],
    );
    assert_eq!(legal(&g).len(), 4);
}

#[test]
fn ht4_pilot_that_stepped_down_may_win_again() {
    let mut g = game(&["5C"]);
    play(
        &mut g,
        &[
            "step-down",
            "vote student",
            "vote student",
            "vote student",
            "vote student",
        ],
    );
    assert_eq!(g.pilot(), Aspect::Student);
    assert_eq!(g.phase(), Phase::Play);
}

#[test]
fn ht4_voting_cards_serve_every_election() {
    let mut g = game(&["2C", "2H", "3C"]);
    for _ in 0..3 {
        play(&mut g, &["step-down"]);
        assert_eq!(
            legal(&g).len(),
            4,
            "all four voting cards are available again"
        );
        play(&mut g, &["vote A", "vote A", "vote A", "vote A"]);
        let hand: Vec<_> = g.hand(Aspect::Student).collect();
        play(&mut g, &[&format!("play {}", hand[0])]);
    }
}

#[test]
fn g3_votes_stay_hidden_until_every_vote_is_in() {
    let mut g = game(&["5C"]);
    play(&mut g, &["step-down", "vote genius", "vote angel"]);
    let seen_by_2 = g.view(Seat(2));
    assert_eq!(seen_by_2.own_vote, None);
    assert_eq!(
        g.view(Seat(0)).own_vote,
        Some(Aspect::Genius),
        "a seat sees its own vote"
    );
    assert_eq!(seen_by_2.last_votes, None);
    // Whatever seats 0 and 1 voted, seat 2's view is the same.
    let mut other = game(&["5C"]);
    play(&mut other, &["step-down", "vote student", "vote student"]);
    assert_eq!(other.view(Seat(2)), seen_by_2);
    play(&mut g, &["vote angel", "vote angel"]);
    assert_eq!(
        g.view(Seat(2)).last_votes,
        Some([Aspect::Genius, Aspect::Angel, Aspect::Angel, Aspect::Angel])
    );
}

#[test]
fn ht5_pilot_plays_one_of_its_own_action_cards() {
    let mut g = game(&["5C"]);
    play(&mut g, &["stay", "no-recall", "no-recall", "no-recall"]);
    let options = legal(&g);
    assert_eq!(options.len(), 9);
    assert!(
        options.iter().all(|a| a.ends_with('♦')),
        "The Student plays diamonds: {options:?}"
    );
    let before = bytes(&g);
    assert_eq!(
        g.apply("play 5C".parse().unwrap()),
        Err(ActionError::CardNotHeld(card("5C")))
    );
    assert_eq!(
        g.apply(Action::StepDown)
            .map_err(|e| matches!(e, ActionError::WrongDecision { .. })),
        Err(true)
    );
    assert_eq!(before, bytes(&g), "refusals change nothing");
}

#[test]
fn ht5_success_when_rank_meets_the_challenge_face_up_in_its_row() {
    let mut g = game(&["7H"]);
    play(
        &mut g,
        &["stay", "no-recall", "no-recall", "no-recall", "play 7D"],
    );
    let rows = g.tableau();
    assert_eq!(rows[1].len(), 1, "a ♥ challenge goes to the middle row");
    assert_eq!(rows[1][0].facing, Facing::Up, "7 meets 7");
    assert_eq!(g.score(Aspect::Angel.seat()), 1);
}

#[test]
fn ht5_failure_when_rank_is_below_face_down() {
    let mut g = game(&["7S"]);
    play(
        &mut g,
        &["stay", "no-recall", "no-recall", "no-recall", "play 6D"],
    );
    let rows = g.tableau();
    assert_eq!(rows[2][0].facing, Facing::Down);
    assert_eq!(g.score(Aspect::Student.seat()), 1);
    assert_eq!(g.score(Aspect::Genius.seat()), 0);
}

#[test]
fn ht5_played_card_leaves_the_hand() {
    let mut g = game(&["7S"]);
    play(
        &mut g,
        &["stay", "no-recall", "no-recall", "no-recall", "play 6D"],
    );
    assert!(!g.hand(Aspect::Student).any(|c| c == card("6D")));
    assert_eq!(g.hand(Aspect::Student).count(), 8);
}

#[test]
fn scoring_each_aspect_scores_its_rewards() {
    // ♣ success, ♥ success, ♠ success, ♣ failure, ♠ failure.
    let mut g = game(&["2C", "2H", "2S", "10C", "10S"]);
    for c in ["play 3D", "play 4D", "play 5D", "play 6D", "play 7D"] {
        play(&mut g, &["stay", "no-recall", "no-recall", "no-recall", c]);
    }
    let s = |a: Aspect| g.score(a.seat());
    assert_eq!(
        (
            s(Aspect::Animal),
            s(Aspect::Angel),
            s(Aspect::Genius),
            s(Aspect::Student)
        ),
        (1, 1, 1, 2)
    );
}

#[test]
fn g5_highest_score_wins_and_ties_are_shared() {
    let mut g = game(&["2C", "2H"]);
    play(
        &mut g,
        &["stay", "no-recall", "no-recall", "no-recall", "play 3D"],
    );
    play(
        &mut g,
        &["stay", "no-recall", "no-recall", "no-recall", "play 4D"],
    );
    let winners: Vec<Seat> = g.winners().iter().collect();
    assert_eq!(winners, vec![Aspect::Animal.seat(), Aspect::Angel.seat()]);
}

/// G5 at every ply of random sessions, basic and with Aspect Affinities: the winners (or leaders)
/// are exactly the seats whose score is the best (Head Trip works the four scores out together).
#[test]
fn g5_winners_are_the_seats_with_the_best_score_at_every_ply() {
    for options in [
        Options::default(),
        Options {
            games: 3,
            aspect_affinities: true,
            ..Options::default()
        },
    ] {
        for seed in 0..100 {
            let mut g = HeadTrip::new(options.clone(), seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            let mut legal = Vec::new();
            loop {
                let scores: Vec<i64> = g.seats().map(|s| g.score(s)).collect();
                let best = scores.iter().copied().max().unwrap();
                let expected: Vec<Seat> = g.seats().filter(|&s| g.score(s) == best).collect();
                assert_eq!(g.winners().iter().collect::<Vec<_>>(), expected);
                g.legal_actions(&mut legal);
                if legal.is_empty() {
                    break;
                }
                g.apply(legal[rng.index(legal.len())]).unwrap();
            }
        }
    }
}

#[test]
fn ht8_game_ends_after_the_pilot_plays_its_last_card() {
    let mut g = game(&[]);
    for _ in 0..9 {
        let hand: Vec<_> = g.hand(Aspect::Student).collect();
        play(
            &mut g,
            &[
                "stay",
                "no-recall",
                "no-recall",
                "no-recall",
                &format!("play {}", hand[0]),
            ],
        );
    }
    assert!(g.is_over());
    assert_eq!(g.to_act(), None);
    assert!(legal(&g).is_empty());
    assert_eq!(g.apply(Action::Stay), Err(ActionError::GameOver));
    assert_eq!(g.view(Seat(0)).faced.len(), 9);
}

#[test]
fn ht8_game_ends_after_the_27th_challenge() {
    // The aspects pilot in turn, so nobody plays a last card before the 27th challenge.
    let mut g = HeadTrip::new(Options::default(), 5).unwrap();
    let mut rounds = 0;
    while !g.is_over() {
        let next = Aspect::ALL[rounds % 4];
        let vote = format!("vote {next}");
        play(&mut g, &["step-down", &vote, &vote, &vote, &vote]);
        let low = g.hand(next).next().unwrap();
        play(&mut g, &[&format!("play {low}")]);
        rounds += 1;
        assert!(rounds <= 27);
    }
    assert_eq!(rounds, 27);
    let left: Vec<usize> = Aspect::ALL.iter().map(|a| g.hand(*a).count()).collect();
    assert_eq!(left, vec![2, 2, 2, 3], "cards are left in every hand");
}

// ---- Variants -------------------------------------------------------------------------------

fn affinity(top: &[&str]) -> HeadTrip {
    let options = Options {
        aspect_affinities: true,
        ..stacked(top)
    };
    HeadTrip::new(options, 0).unwrap()
}

#[test]
fn ht6_affinity_lets_the_pilot_add_two_cards_of_its_suit() {
    let mut g = affinity(&["9H"]);
    play(
        &mut g,
        &["step-down", "vote Q", "vote Q", "vote Q", "vote Q"],
    );
    let options = legal(&g);
    assert_eq!(options.len(), 9 + 36, "one card or any two of nine");
    assert!(options.contains(&"play 4♥+5♥".to_string()));
    play(&mut g, &["play 4H+5H"]);
    let rows = g.tableau();
    assert_eq!(rows[1].len(), 1, "the two cards answer one challenge");
    assert_eq!(rows[1][0].card.cards().count(), 2);
    assert_eq!(rows[1][0].facing, Facing::Up, "4 + 5 meets 9");
    assert_eq!(g.hand(Aspect::Angel).count(), 7);
}

#[test]
fn ht6_affinity_failure_puts_both_cards_face_down() {
    let mut g = affinity(&["10C"]);
    play(
        &mut g,
        &[
            "step-down",
            "vote J",
            "vote J",
            "vote J",
            "vote J",
            "play 2C+3C",
        ],
    );
    let rows = g.tableau();
    assert_eq!(rows[0][0].facing, Facing::Down);
    assert_eq!(rows[0][0].card.cards().count(), 2);
}

#[test]
fn ht6_no_affinity_off_suit_or_without_the_variant() {
    // Off suit: The Angel faces a ♣ challenge.
    let mut g = affinity(&["9C"]);
    play(
        &mut g,
        &["step-down", "vote Q", "vote Q", "vote Q", "vote Q"],
    );
    assert_eq!(legal(&g).len(), 9);
    let before = bytes(&g);
    assert_eq!(
        g.apply("play 4H+5H".parse().unwrap()),
        Err(ActionError::NoAffinity)
    );
    assert_eq!(before, bytes(&g));
    // Without the variant: The Angel faces a ♥ challenge.
    let mut g = game(&["9H"]);
    play(
        &mut g,
        &["step-down", "vote Q", "vote Q", "vote Q", "vote Q"],
    );
    assert_eq!(legal(&g).len(), 9);
    assert_eq!(
        g.apply("play 4H+5H".parse().unwrap()),
        Err(ActionError::NoAffinity)
    );
}

#[test]
fn ht6_student_never_has_an_affinity() {
    for top in ["9C", "9H", "9S"] {
        let mut g = affinity(&[top]);
        play(&mut g, &["stay", "no-recall", "no-recall", "no-recall"]);
        assert_eq!(legal(&g).len(), 9, "{top}");
    }
}

#[test]
fn ht6_pair_must_be_two_held_cards_low_first() {
    let mut g = affinity(&["9H"]);
    play(
        &mut g,
        &["step-down", "vote Q", "vote Q", "vote Q", "vote Q"],
    );
    let before = bytes(&g);
    assert_eq!(
        g.apply("play 5H+4H".parse().unwrap()),
        Err(ActionError::PairOrder)
    );
    assert_eq!(
        g.apply("play 5H+5H".parse().unwrap()),
        Err(ActionError::PairOrder)
    );
    assert_eq!(
        g.apply("play 5H+JH".parse().unwrap()),
        Err(ActionError::CardNotHeld(card("JH")))
    );
    assert_eq!(before, bytes(&g));
}

#[test]
fn ht6_last_card_alone_when_only_one_is_left() {
    // The Animal pilots ♣ challenges with affinity until one card is left.
    let mut g = affinity(&["2C", "3C", "4C", "5C", "6C"]);
    play(
        &mut g,
        &[
            "step-down",
            "vote J",
            "vote J",
            "vote J",
            "vote J",
            "play 2C+3C",
        ],
    );
    for pair in ["play 4C+5C", "play 6C+7C", "play 8C+9C"] {
        play(
            &mut g,
            &["stay", "no-recall", "no-recall", "no-recall", pair],
        );
    }
    play(&mut g, &["stay", "no-recall", "no-recall", "no-recall"]);
    assert_eq!(legal(&g), vec!["play 10♣"]);
}

#[test]
fn ht7_two_card_success_or_failure_counts_once() {
    let mut g = affinity(&["9S", "10S"]);
    play(
        &mut g,
        &[
            "step-down",
            "vote K",
            "vote K",
            "vote K",
            "vote K",
            "play 4S+5S",
        ],
    );
    assert_eq!(g.score(Aspect::Genius.seat()), 1);
    play(
        &mut g,
        &["stay", "no-recall", "no-recall", "no-recall", "play 2S+3S"],
    );
    assert_eq!(
        g.score(Aspect::Student.seat()),
        1,
        "a two-card failure is one failure"
    );
}

#[test]
fn ht9_session_scores_add_up_and_each_game_restarts() {
    // Game 1: The Student meets 2♣..10♣ with 2♦..10♦ (The Animal 9). Game 2: it fails 10♥ with
    // 2♦, then meets 2♣..9♣ with 3♦..10♦ (The Animal 8, The Student 1).
    let options = Options {
        games: 2,
        stacked_challenges: Some(vec![deck(&[]), deck(&["10H"])]),
        ..Options::default()
    };
    let mut g = HeadTrip::new(options, 0).unwrap();
    let diamonds = ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D"];
    for (i, c) in diamonds.iter().enumerate() {
        if i == 4 {
            // Spend a recall card in the first game; the second game has both again.
            play(
                &mut g,
                &[
                    "stay",
                    "recall",
                    "recall",
                    "no-recall",
                    "vote A",
                    "vote A",
                    "vote A",
                    "vote A",
                ],
            );
            play(&mut g, &[&format!("play {c}")]);
        } else {
            play(
                &mut g,
                &[
                    "stay",
                    "no-recall",
                    "no-recall",
                    "no-recall",
                    &format!("play {c}"),
                ],
            );
        }
    }
    assert_eq!(g.game_index(), 1, "the second game has begun");
    assert!(!g.is_over());
    assert_eq!(g.pilot(), Aspect::Student);
    assert!(Aspect::ALL.iter().all(|a| g.hand(*a).count() == 9));
    assert!(g.tableau().iter().all(|r| r.is_empty()));
    assert_eq!(g.recalls(), 2);
    assert_eq!(g.challenge(), Some(card("10H")));
    assert_eq!(
        g.score(Aspect::Animal.seat()),
        9,
        "the first game's score is banked"
    );
    assert_eq!(g.game_score(Aspect::Animal), 0);
    for c in diamonds {
        play(
            &mut g,
            &[
                "stay",
                "no-recall",
                "no-recall",
                "no-recall",
                &format!("play {c}"),
            ],
        );
    }
    assert!(g.is_over());
    assert_eq!(g.score(Aspect::Animal.seat()), 17);
    assert_eq!(g.score(Aspect::Student.seat()), 1);
    assert_eq!(g.game_score(Aspect::Animal), 8);
    assert_eq!(
        g.winners().iter().collect::<Vec<_>>(),
        vec![Aspect::Animal.seat()]
    );
}

#[test]
fn ht9_each_game_of_a_session_has_its_own_shuffle() {
    let options = Options {
        games: 2,
        ..Options::default()
    };
    let mut g = HeadTrip::new(options, 4).unwrap();
    let first_deck = {
        let mut census = Vec::new();
        g.census(&mut census);
        census[..27].to_vec()
    };
    while g.game_index() == 0 {
        let mut buf = Vec::new();
        g.legal_actions(&mut buf);
        g.apply(buf[0]).unwrap();
    }
    let mut census = Vec::new();
    g.census(&mut census);
    assert_ne!(
        census[..27],
        first_deck[..],
        "the second game is shuffled anew"
    );
}

// ---- General rulings ------------------------------------------------------------------------

#[test]
fn g1_same_seed_same_actions_same_game() {
    let run = |seed| {
        let mut g = HeadTrip::new(
            Options {
                aspect_affinities: true,
                ..Options::default()
            },
            seed,
        )
        .unwrap();
        let mut rng = GameRng::from_seed(99);
        cards::random_playout(&mut g, &mut rng, &mut Vec::new()).unwrap();
        bytes(&g)
    };
    assert_eq!(run(8), run(8));
    assert_ne!(run(8), run(9));
}

#[test]
fn g2_stacked_deck_sets_the_challenge_order() {
    let order = deck(&["10S", "3H"]);
    let g = HeadTrip::new(
        Options {
            stacked_challenges: Some(vec![order.clone()]),
            ..Options::default()
        },
        0,
    )
    .unwrap();
    assert_eq!(g.challenge(), Some(card("10S")));
    let mut census = Vec::new();
    g.census(&mut census);
    assert_eq!(census[..27], order[..]);
}

#[test]
fn g2_malformed_stacked_decks_are_refused() {
    let short = Options {
        stacked_challenges: Some(vec![deck(&[])[..26].to_vec()]),
        ..Options::default()
    };
    assert!(matches!(
        HeadTrip::new(short, 0),
        Err(OptionsError::BadStackedDeck { game: 0, .. })
    ));
    let mut twice = deck(&[]);
    twice[1] = twice[0];
    let twice = Options {
        stacked_challenges: Some(vec![twice]),
        ..Options::default()
    };
    assert!(matches!(
        HeadTrip::new(twice, 0),
        Err(OptionsError::BadStackedDeck { .. })
    ));
    let mut diamond = deck(&[]);
    diamond[0] = card("5D");
    let diamond = Options {
        stacked_challenges: Some(vec![diamond]),
        ..Options::default()
    };
    assert!(matches!(
        HeadTrip::new(diamond, 0),
        Err(OptionsError::BadStackedDeck { .. })
    ));
    let count = Options {
        games: 2,
        stacked_challenges: Some(vec![deck(&[])]),
        ..Options::default()
    };
    assert_eq!(
        HeadTrip::new(count, 0).err(),
        Some(OptionsError::StackedDeckCount { given: 1, games: 2 })
    );
    assert_eq!(
        HeadTrip::new(
            Options {
                games: 0,
                ..Options::default()
            },
            0
        )
        .err(),
        Some(OptionsError::BadGameCount(0))
    );
}

#[test]
fn g4_illegal_actions_are_refused_with_a_reason_and_change_nothing() {
    let mut g = game(&["5C"]);
    let before = bytes(&g);
    for text in [
        "recall",
        "vote animal",
        "choose angel",
        "play 5D",
        "play 2D+3D",
    ] {
        let err = g.apply(text.parse().unwrap()).unwrap_err();
        assert!(!err.to_string().is_empty());
        assert_eq!(before, bytes(&g), "{text}");
    }
}

#[test]
fn views_show_own_hand_and_own_face_down_cards_only() {
    let mut g = game(&["10S"]);
    play(
        &mut g,
        &["stay", "no-recall", "no-recall", "no-recall", "play 6D"],
    );
    let student = g.view(Aspect::Student.seat());
    assert_eq!(student.hand.len(), 8);
    assert!(matches!(
        student.tableau[2][0],
        SeenPlay::Down { cards: Some(_), .. }
    ));
    let animal = g.view(Aspect::Animal.seat());
    assert_eq!(animal.hand.len(), 9);
    assert!(animal
        .hand
        .iter()
        .all(|c| c.suit() == Some(cards::Suit::Clubs)));
    assert_eq!(
        animal.tableau[2][0],
        SeenPlay::Down {
            owner: Aspect::Student,
            count: 1,
            failed: "10S".parse().unwrap(),
            cards: None
        }
    );
    assert_eq!(animal.hand_sizes, [9, 9, 9, 8]);
    let json = serde_json::to_string(&animal).unwrap();
    assert!(
        !json.contains("6D") && !json.contains("6♦"),
        "the face-down card does not leak: {json}"
    );
}

#[test]
fn saved_games_are_checked_when_loaded() {
    let g = game(&["5C"]);
    let mut value: serde_json::Value = serde_json::to_value(&g).unwrap();
    value["hands"][0] = serde_json::json!(0);
    assert!(
        serde_json::from_value::<HeadTrip>(value).is_err(),
        "nine action cards vanished"
    );
    let mut value: serde_json::Value = serde_json::to_value(&g).unwrap();
    value["next"] = serde_json::json!(200);
    assert!(serde_json::from_value::<HeadTrip>(value).is_err());
    let loaded: HeadTrip = serde_json::from_slice(&bytes(&g)).unwrap();
    assert_eq!(loaded, g);
}

#[test]
fn playouts_take_one_agent_per_seat() {
    use cards::playout::{play_out, Agent, Table};
    /// Always takes the first legal action; counts its decisions and the actions it observed.
    struct First {
        decisions: u32,
        observed: u64,
        own: u64,
    }
    impl Agent<HeadTrip> for First {
        fn choose(&mut self, _: &HeadTrip, _: Seat, legal: &[Action]) -> Action {
            self.decisions += 1;
            legal[0]
        }
        fn observe(&mut self, seat: Seat, actor: Seat, _: headtrip::Observation) {
            assert_eq!(seat, Seat(3));
            self.observed += 1;
            self.own += u64::from(actor == seat);
        }
    }
    let mut student = First {
        decisions: 0,
        observed: 0,
        own: 0,
    };
    let mut g = HeadTrip::new(Options::default(), 3).unwrap();
    let mut table = Table::random(4, 3);
    table.seat(Seat(3), &mut student);
    let stats = play_out(&mut g, &mut table, &mut Vec::new()).unwrap();
    drop(table);
    assert!(g.is_over());
    assert_eq!(stats.plies, g.plies());
    // The Student always steps down first, so it decided at least once per round.
    assert!(student.decisions >= 9, "{}", student.decisions);
    // It was told of every action, its own included.
    assert_eq!(student.observed, g.plies());
    assert_eq!(student.own, u64::from(student.decisions));
}

#[test]
fn views_of_a_seat_not_at_the_table_show_no_hand() {
    let mut g = game(&["10S"]);
    play(
        &mut g,
        &["stay", "no-recall", "no-recall", "no-recall", "play 6D"],
    );
    let spectator = g.view(Seat(4));
    assert_eq!(spectator.aspect, None);
    assert!(spectator.hand.is_empty());
    assert_eq!(spectator.own_vote, None);
    assert_eq!(
        spectator.tableau[2][0],
        SeenPlay::Down {
            owner: Aspect::Student,
            count: 1,
            failed: "10S".parse().unwrap(),
            cards: None
        }
    );
    assert_eq!(spectator.hand_sizes, [9, 9, 9, 8]);
}
