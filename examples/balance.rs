//! A designer's balance check: how often does each aspect win with and without Aspect
//! Affinities, when everyone plays at random?
//!
//! `cargo run --release -p examples --example balance`

use cards::{Game, GameRng, Seat};
use headtrip::{Aspect, HeadTrip, Options};

fn win_rates(options: &Options, games: u64) -> Result<[f64; 4], Box<dyn std::error::Error>> {
    let mut wins = [0u64; 4];
    let mut buffer = Vec::new();
    for seed in 0..games {
        let mut game = HeadTrip::new(options.clone(), seed)?;
        cards::random_playout(&mut game, &mut GameRng::from_seed(!seed), &mut buffer)?;
        for seat in game.winners().iter() {
            wins[seat.index()] += 1;
        }
    }
    Ok(wins.map(|w| w as f64 / games as f64))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let games = 20_000;
    for (name, options) in [
        ("basic", Options::default()),
        (
            "aspect affinities",
            Options {
                aspect_affinities: true,
                ..Options::default()
            },
        ),
    ] {
        let rates = win_rates(&options, games)?;
        println!("{name} ({games} random games):");
        for aspect in Aspect::ALL {
            let seat: Seat = aspect.seat();
            println!(
                "  {:<12} wins {:>5.1}%",
                aspect.title(),
                rates[seat.index()] * 100.0
            );
        }
    }
    Ok(())
}
