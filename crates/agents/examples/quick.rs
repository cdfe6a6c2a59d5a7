//! Scratch: strength and speed of the agents.
use agents::AgentSpec;
use cards::playout::{play_out, Table};
use cards::{Game, Seat};
use std::time::Instant;

fn duel<G: Game>(options: G::Options, spec: &str, games: u64) {
    let spec: AgentSpec = spec.parse().unwrap();
    let started = Instant::now();
    let mut won = 0.0;
    let mut n = 0;
    for i in 0..games {
        let mut game = G::new(options.clone(), i).unwrap();
        let seats = game.seat_count();
        let me = Seat((i % seats as u64) as u8);
        let mut table = Table::random(seats, i ^ 99);
        table.seat(me, spec.build::<G>(i));
        play_out(&mut game, &mut table, &mut Vec::new()).unwrap();
        let w = game.winners();
        if w.contains(me) {
            won += 1.0 / w.len() as f64;
        }
        n += 1;
    }
    println!("{} {spec}: win share {:.3} over {n} games, {:.2} s/game", G::NAME, won / n as f64, started.elapsed().as_secs_f64() / n as f64);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let spec = args.get(1).map(String::as_str).unwrap_or("ismcts:1000");
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    duel::<headtrip::HeadTrip>(Default::default(), spec, games);
    duel::<brainshearts::BrainsHearts>(Default::default(), spec, games);
    duel::<roundtrip::RoundTrip>(Default::default(), spec, games.min(8));
}
