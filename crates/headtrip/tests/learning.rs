//! The information-state tensor holds what a seat remembers: the order of the challenges and,
//! for each, who answered it, face up or down (so the challenge each face-down play failed), and
//! the cards only where the seat may see them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cards::learning::{layout, Segment};
use cards::{Game, GameRng, Learn, LearnExt, Seat, TensorKind};
use headtrip::{HeadTrip, Options, SeenPlay};

fn segment(name: &str) -> (usize, Segment) {
    let mut offset = 0;
    for s in layout::<HeadTrip>(&Options::default(), TensorKind::InformationState) {
        if s.name == name {
            return (offset, s);
        }
        offset += s.len();
    }
    panic!("no segment {name}");
}

#[test]
fn the_information_state_tensor_holds_each_challenge_and_the_play_that_answered_it() {
    let (faced_at, faced) = segment("faced");
    let (plays_at, plays) = segment("plays");
    let rows = [cards::Suit::Clubs, cards::Suit::Hearts, cards::Suit::Spades];
    let mut tensor =
        vec![0.0; HeadTrip::tensor_size(&Options::default(), TensorKind::InformationState)];
    let mut legal = Vec::new();
    let mut face_down = 0;
    for seed in 0..20 {
        let mut game = HeadTrip::new(Options::default(), seed).unwrap();
        let mut rng = GameRng::from_seed(seed);
        while !game.is_over() {
            for i in 0..4 {
                let view = game.view(Seat(i));
                game.information_state_tensor(Seat(i), &mut tensor).unwrap();
                let mut taken = [0; 3];
                for (r, challenge) in view.faced.iter().enumerate() {
                    let suit = challenge.suit().unwrap();
                    let row = rows.iter().position(|&s| s == suit).unwrap();
                    let rank = usize::from(challenge.rank().unwrap().value()) - 2;
                    let one_hot = &tensor[faced_at + r * faced.columns..][..faced.columns];
                    assert_eq!(one_hot.iter().sum::<f32>(), 1.0);
                    assert_eq!(one_hot[row * 9 + rank], 1.0, "seed {seed}: challenge {r}");
                    let play = &tensor[plays_at + r * plays.columns..][..plays.columns];
                    let seen = view.tableau[row][taken[row]];
                    taken[row] += 1;
                    let ranks: Vec<usize> = (0..9).filter(|&k| play[6 + k] == 1.0).collect();
                    match seen {
                        SeenPlay::Up(p) => {
                            assert_eq!(play[4], 1.0);
                            let cards: Vec<usize> = p
                                .cards()
                                .map(|c| usize::from(c.rank().unwrap().value()) - 2)
                                .collect();
                            assert_eq!(ranks, cards);
                        }
                        SeenPlay::Down {
                            owner,
                            count,
                            cards,
                            ..
                        } => {
                            face_down += 1;
                            assert_eq!(play[4], 0.0);
                            assert_eq!(play[owner.index()], 1.0);
                            assert_eq!(play[5], f32::from(u8::from(count == 2)));
                            // The cards only for their owner.
                            assert_eq!(ranks.is_empty(), cards.is_none(), "seed {seed}, seat {i}");
                        }
                    }
                }
                let rest =
                    &tensor[faced_at + view.faced.len() * faced.columns..faced_at + faced.len()];
                assert!(rest.iter().all(|&v| v == 0.0));
            }
            game.legal_actions(&mut legal);
            let action = legal[rng.index(legal.len())];
            game.apply(action).unwrap();
        }
    }
    assert!(face_down > 100, "{face_down} face-down plays seen");
}
