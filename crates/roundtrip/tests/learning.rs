//! The information-state tensor holds what a seat remembers: the cards stolen from it that are
//! still tracked, in order, and every placement of them still possible, as its view has them.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cards::learning::{layout, Segment};
use cards::{Game, GameRng, Learn, LearnExt, Seat, TensorKind};
use roundtrip::{Options, RoundTrip};

/// The offset and the segment of a named segment of the information-state layout.
fn segment(options: &Options, name: &str) -> (usize, Segment) {
    let mut offset = 0;
    for s in layout::<RoundTrip>(options, TensorKind::InformationState) {
        if s.name == name {
            return (offset, s);
        }
        offset += s.len();
    }
    panic!("no segment {name}");
}

#[test]
fn the_information_state_tensor_holds_the_stolen_cards_and_their_whereabouts() {
    let options = Options {
        players: 4,
        ..Options::default()
    };
    let (cards_at, cards) = segment(&options, "cards");
    let (where_at, whereabouts) = segment(&options, "whereabouts");
    let stolen_column = cards.columns - 1;
    let mut tensor = vec![0.0; RoundTrip::tensor_size(&options, TensorKind::InformationState)];
    let (mut checked, mut uncertain) = (0, 0);
    let mut legal = Vec::new();
    for seed in 0..40 {
        let mut game = RoundTrip::new(options.clone(), seed).unwrap();
        let mut rng = GameRng::from_seed(seed);
        while !game.is_over() {
            for i in 0..4 {
                let seat = Seat(i);
                let view = game.view(seat);
                game.information_state_tensor(seat, &mut tensor).unwrap();
                for card in 0..cards.rows {
                    let value = tensor[cards_at + card * cards.columns + stolen_column];
                    let place = view.stolen.iter().position(|c| c.index() == card);
                    let expected = place.map_or(0.0, |k| (k + 1) as f32 / 12.0);
                    assert_eq!(value, expected, "seed {seed}, seat {i}, card {card}");
                }
                for (row, placement) in view.stolen_whereabouts.iter().enumerate() {
                    for (k, holder) in placement.iter().enumerate() {
                        let value = tensor[where_at + row * whereabouts.columns + k];
                        assert_eq!(value, (holder.index() + 1) as f32 / 4.0);
                    }
                }
                let written = tensor[where_at..where_at + whereabouts.len()]
                    .iter()
                    .filter(|&&v| v != 0.0)
                    .count();
                let expected: usize = view.stolen_whereabouts.iter().map(Vec::len).sum();
                assert_eq!(
                    written, expected,
                    "seed {seed}, seat {i}: stray whereabouts"
                );
                checked += usize::from(!view.stolen.is_empty());
                uncertain += usize::from(view.stolen_whereabouts.len() > 1);
            }
            game.legal_actions(&mut legal);
            let action = legal[rng.index(legal.len())];
            game.apply(action).unwrap();
        }
    }
    // The games did put stolen cards in the views, some of them with uncertain whereabouts.
    assert!(
        checked > 100 && uncertain > 0,
        "{checked} views with stolen cards, {uncertain} uncertain"
    );
}
