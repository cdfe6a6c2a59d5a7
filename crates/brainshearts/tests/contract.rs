//! The property-test kit of the `cards` core, run over the standard game and stacked ones.

use brainshearts::{seat_cards, Options};

fn kit_options() -> Vec<Options> {
    let mut reversed_brain = seat_cards(0).to_vec();
    reversed_brain.reverse();
    vec![
        Options::default(),
        Options {
            die_results: Some(vec![6, 6, 6, 6]),
            ..Options::default()
        },
        Options {
            brain_deck: Some(reversed_brain),
            heart_deck: Some(seat_cards(1).to_vec()),
            die_results: Some(vec![2, 5]),
        },
    ]
}

cards::game_contract_tests!(brainshearts::BrainsHearts, kit_options());

cards::learning_contract_tests!(brainshearts::BrainsHearts, kit_options());

/// The rules reading (`docs/rules/brainshearts.md`, "What a learning program reads") tabulates both
/// tensors' layouts for the default options exactly as the engine states them.
#[test]
fn the_rules_reading_tabulates_the_tensor_layouts() {
    use cards::learning::{layout, layout_table};
    let reading = include_str!("../../../docs/rules/brainshearts.md");
    for kind in cards::TensorKind::ALL {
        let table = layout_table(&layout::<brainshearts::BrainsHearts>(
            &brainshearts::Options::default(),
            kind,
        ));
        assert!(
            reading.contains(&table),
            "the {kind} layout is not in the reading:\n{table}"
        );
    }
}
