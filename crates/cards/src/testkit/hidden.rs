//! Properties of hidden information: views and determinisations.

use proptest::prelude::*;

use super::{bytes, offers_as_reloaded, run, start, walk, Case};
use crate::{Game, GameRng, Seat};

/// Views hold no hidden information: re-drawing everything hidden from a seat leaves that
/// seat's view unchanged; so does re-drawing everything hidden from a spectator (a seat number
/// beyond the table). The re-drawn game keeps the same cards and the same seat to act, and
/// its own views are also blind to what they hide. Drawing into an unrelated game
/// (`resample_hidden_into`) gives a state as consistent as a fresh copy.
pub fn views_leak_nothing<G: Game>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let mut rng = GameRng::from_seed(case.chooser_seed ^ 0x5eed);
        let mut census = Vec::new();
        let mut other = Vec::new();
        // A target for `resample_hidden_into` that starts as another game altogether.
        let mut into: G = start(
            options,
            &Case {
                seed: !case.seed,
                ..case.clone()
            },
        )?;
        walk::<G>(options, case, |game, _, _| {
            game.census(&mut census);
            census.sort();
            // Every seat, and one seat that is not at the table (a spectator sees no hand).
            for i in 0..=game.seat_count() {
                let seat = Seat(i as u8);
                let view = game.view(seat);
                let resampled = game.resample_hidden(seat, &mut rng);
                prop_assert_eq!(
                    &view,
                    &resampled.view(seat),
                    "seat {}'s view shows hidden information",
                    seat
                );
                prop_assert_eq!(resampled.to_act(), game.to_act());
                resampled.census(&mut other);
                other.sort();
                prop_assert_eq!(&census, &other, "resampling created or lost cards");
                game.resample_hidden_into(seat, &mut rng, &mut into);
                prop_assert_eq!(
                    &view,
                    &into.view(seat),
                    "resample_hidden_into changed seat {}'s view",
                    seat
                );
                prop_assert_eq!(into.plies(), game.plies());
            }
            Ok(())
        })?;
        Ok(())
    });
}

/// What a seat may do depends only on what it knows: at every ply, in a determinisation drawn
/// for the seat to act (any state consistent with its view), its legal actions are the same as
/// in the real game, in the same order.
pub fn legal_actions_follow_the_view<G: Game>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let mut rng = GameRng::from_seed(case.chooser_seed ^ 0x7ec0);
        let mut determinised: G = start(options, case)?;
        let mut theirs = Vec::new();
        walk::<G>(options, case, |game, legal, _| {
            let Some(seat) = game.to_act() else {
                return Ok(());
            };
            game.resample_hidden_into(seat, &mut rng, &mut determinised);
            determinised.legal_actions(&mut theirs);
            prop_assert_eq!(
                legal,
                &theirs[..],
                "seat {}'s legal actions depend on what is hidden from it",
                seat
            );
            Ok(())
        })?;
        Ok(())
    });
}

/// A determinisation depends on nothing but the observer's view and the generator: drawn with
/// the same generator from the real game or from any state consistent with the view (another
/// determinisation), it is the same state, byte for byte. Otherwise a search that determinises
/// could make a choice that depends, through the draw, on what is hidden from it (the true
/// order of a deck or of a hand it cannot see). Each state drawn offers what the same state
/// loaded from its saved bytes offers (nothing derived left over from the last draw into the
/// reused game).
pub fn determinisations_follow_the_view<G: Game>(options: &[G::Options]) {
    run::<G>(options, |options, case| {
        let mut rng = GameRng::from_seed(case.chooser_seed ^ 0xd7a0);
        let mut other: G = start(options, case)?;
        let mut from_real: G = start(options, case)?;
        let mut from_other: G = start(options, case)?;
        walk::<G>(options, case, |game, _, _| {
            for i in 0..=game.seat_count() {
                let seat = Seat(i as u8);
                game.resample_hidden_into(seat, &mut rng, &mut other);
                // Drawn into a game reused from the last draw: nothing derived left stale.
                offers_as_reloaded(&other, "a determinisation")?;
                let draw = rng.clone();
                // Drawn into games already grown, then into copies of the states drawn from.
                for into_copies in [false, true] {
                    if into_copies {
                        from_real.clone_from(game);
                        from_other.clone_from(&other);
                    }
                    game.resample_hidden_into(seat, &mut draw.clone(), &mut from_real);
                    other.resample_hidden_into(seat, &mut draw.clone(), &mut from_other);
                    prop_assert!(
                        bytes(&from_real)? == bytes(&from_other)?,
                        "at ply {}, two states with the same view of seat {} give different \
                         determinisations for the same generator (drawn into copies: {})",
                        game.plies(),
                        seat,
                        into_copies
                    );
                }
            }
            Ok(())
        })?;
        Ok(())
    });
}
