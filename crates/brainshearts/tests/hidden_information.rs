//! Hidden information: what each seat sees of each action, and determinisations drawn
//! uniformly among the states consistent with a seat's view.
//!
//! The consistent worlds are listed here from the view alone, by brute force, independently of
//! the engine's sampler; the kit's chi-square test then checks that draws cover them evenly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use brainshearts::{seat_cards, Action, BrainsHearts, Observation, Options, View};
use cards::testkit::{assert_uniform, permutations, subsets};
use cards::{Card, Game, GameRng, Seat};

/// The hidden part of a state for one seat: each hidden hand (as a set) and each deck order the
/// seat does not know, seat by seat.
type World = Vec<(Option<Vec<Card>>, Vec<Card>)>;

fn world_of(game: &BrainsHearts, observer: Seat) -> World {
    (0..2u8)
        .map(|s| {
            let side = game.side(Seat(s)).unwrap();
            let mut hand: Vec<Card> = side.hand.iter().collect();
            hand.sort();
            let hidden_hand = (Seat(s) != observer).then_some(hand);
            (hidden_hand, side.deck.as_slice().to_vec())
        })
        .collect()
}

/// Every world consistent with `view`, if there are at most `limit`.
fn consistent_worlds(view: &View, limit: usize) -> Option<Vec<World>> {
    let mut per_seat = Vec::new();
    for s in 0..2usize {
        let side = &view.sides[s];
        let mut unseen: Vec<Card> = seat_cards(s)
            .iter()
            .copied()
            .filter(|c| !view.discard.contains(c))
            .filter(|c| {
                !side
                    .slots
                    .iter()
                    .chain(view.sides[1 - s].slots.iter())
                    .any(|slot| slot.cards.iter().any(|b| b.card == *c))
            })
            .collect();
        unseen.sort();
        let mine = s == view.seat.index();
        let mut options: Vec<(Option<Vec<Card>>, Vec<Card>)> = Vec::new();
        if mine {
            let deck: Vec<Card> = unseen
                .iter()
                .copied()
                .filter(|c| !view.hand.contains(c))
                .collect();
            if (1..=deck.len()).product::<usize>() > limit {
                return None;
            }
            for order in permutations(&deck) {
                options.push((None, order));
            }
        } else {
            for hand in subsets(&unseen, side.hand_size) {
                let deck: Vec<Card> = unseen
                    .iter()
                    .copied()
                    .filter(|c| !hand.contains(c))
                    .collect();
                if (1..=deck.len()).product::<usize>() > limit {
                    return None;
                }
                for order in permutations(&deck) {
                    options.push((Some(hand.clone()), order));
                }
            }
        }
        per_seat.push(options);
    }
    if per_seat[0].len() * per_seat[1].len() > limit {
        return None;
    }
    let mut worlds = Vec::new();
    for a in &per_seat[0] {
        for b in &per_seat[1] {
            worlds.push(vec![a.clone(), b.clone()]);
        }
    }
    Some(worlds)
}

/// Positions late in random games where every consistent world can be listed: each comes up
/// evenly, for both seats.
#[test]
fn determinisation_is_uniform_over_consistent_worlds() {
    let mut checked = 0;
    for seed in 0..300u64 {
        let mut game = BrainsHearts::new(Options::default(), seed).unwrap();
        let mut rng = GameRng::from_seed(seed);
        let mut legal = Vec::new();
        while !game.is_over() && checked < 12 {
            for observer in [Seat(0), Seat(1)] {
                let view = game.view(observer);
                let Some(worlds) = consistent_worlds(&view, 300) else {
                    continue;
                };
                if worlds.len() < 4 {
                    continue;
                }
                let truth = world_of(&game, observer);
                let mut draws_rng = GameRng::from_seed(seed ^ game.plies());
                let mut out = game.clone();
                let draws = (0..worlds.len() * 30).map(|_| {
                    game.resample_hidden_into(observer, &mut draws_rng, &mut out);
                    world_of(&out, observer)
                });
                assert_uniform(draws, &worlds, &truth);
                checked += 1;
            }
            game.legal_actions(&mut legal);
            game.apply(legal[rng.index(legal.len())]).unwrap();
        }
        if checked >= 12 {
            break;
        }
    }
    assert!(checked >= 12, "only {checked} small positions found");
}

/// A draw shows the card to the drawer only; a roll shows the die's result to both.
#[test]
fn draws_are_seen_by_the_drawer_only_and_rolls_by_both() {
    let game = BrainsHearts::new(Options::default(), 4).unwrap();
    let top = *game.side(Seat(0)).unwrap().deck.as_slice().last().unwrap();
    assert_eq!(
        game.observe(Action::Draw, Seat(0)),
        Observation::Drew {
            by: Seat(0),
            card: Some(top)
        }
    );
    assert_eq!(
        game.observe(Action::Draw, Seat(1)).to_string(),
        "The Brain drew a card"
    );
    let seen = game.observe(Action::Roll, Seat(1));
    let mut rolled = game.clone();
    rolled.apply(Action::Roll).unwrap();
    assert_eq!(
        seen,
        Observation::Rolled {
            by: Seat(0),
            result: rolled.view(Seat(1)).last_roll.unwrap()
        }
    );
    assert_eq!(game.observe(Action::Roll, Seat(0)), seen);
}

/// A spectator sees no hand: both hands and decks are drawn again for it.
#[test]
fn a_spectators_determinisation_draws_both_hands() {
    let mut game = BrainsHearts::new(Options::default(), 2).unwrap();
    game.apply(Action::Draw).unwrap();
    let mut rng = GameRng::from_seed(1);
    let mut moved = [false; 2];
    for _ in 0..50 {
        let d = game.resample_hidden(Seat(2), &mut rng);
        for (s, seen) in moved.iter_mut().enumerate() {
            *seen |= d.side(Seat(s as u8)).unwrap().hand != game.side(Seat(s as u8)).unwrap().hand;
        }
        assert_eq!(d.view(Seat(2)), game.view(Seat(2)));
    }
    assert_eq!(moved, [true, true]);
}
