//! Properties of agents (search players and bots) over any game: they play fair. (That they
//! allocate nothing once warm is in `alloc.rs`, with the feature `testkit-alloc`.)

use proptest::prelude::*;

use super::{run, walk};
use crate::{Agent, Game, GameRng};

/// An agent does not cheat: its choice depends only on what its seat knows. At random points of
/// random games, a fresh agent with a given seed chooses for the seat to act in the real game,
/// and another fresh agent with the same seed chooses in a determinisation drawn for that seat
/// (a state the seat cannot tell from the real one): the choices are the same.
///
/// `make` builds the agent from its seed.
pub fn agent_does_not_cheat<G: Game, A: Agent<G>>(options: &[G::Options], make: impl Fn(u64) -> A) {
    run::<G>(options, |options, case| {
        let mut rng = GameRng::from_seed(case.chooser_seed ^ 0xc4ea7);
        let mut checks = 0;
        let mut theirs = Vec::new();
        walk::<G>(options, case, |game, legal, _| {
            let Some(seat) = game.to_act() else {
                return Ok(());
            };
            if legal.len() < 2 || checks >= 4 || rng.below(8) != 0 {
                return Ok(());
            }
            checks += 1;
            let world = game.resample_hidden(seat, &mut rng);
            world.legal_actions(&mut theirs);
            let seed = rng.next_u64();
            let real = make(seed).choose(game, seat, legal);
            let seen = make(seed).choose(&world, seat, &theirs);
            prop_assert_eq!(
                real,
                seen,
                "at ply {}, seat {}'s agent chose differently in a state it cannot tell from \
                 the real one",
                game.plies(),
                seat
            );
            Ok(())
        })?;
        Ok(())
    });
}
