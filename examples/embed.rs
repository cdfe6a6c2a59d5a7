//! Embedding a game in a server or a bot: start a game, show each seat its own view, take
//! actions as text, refuse bad ones with a reason, save and load mid-game, keep a record.
//!
//! `cargo run -p examples --example embed`

use cards::{Game, RandomAgent, Record, Seat};
use headtrip::{Action, HeadTrip, Options};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let options = Options {
        aspect_affinities: true,
        ..Options::default()
    };
    let seed = 2026;
    let mut game = HeadTrip::new(options.clone(), seed)?;
    let mut history: Vec<Action> = Vec::new();

    // A client sends text; the engine refuses what is illegal and says why.
    let seat = game.to_act().ok_or("the game has just begun")?;
    println!("Seat {seat} sees:\n{}", game.view(seat));
    for text in ["play 5C", "stay"] {
        let action: Action = text.parse()?;
        match game.apply(action) {
            Ok(()) => history.push(action),
            Err(reason) => println!("`{text}` refused: {reason}"),
        }
    }

    // Bots play a while; then the game is saved mid-way (generator included) and loaded.
    let mut bot = RandomAgent::new(7);
    let mut legal = Vec::new();
    for _ in 0..20 {
        game.legal_actions(&mut legal);
        let Some(action) = bot.pick(&legal) else {
            break;
        };
        game.apply(action)?;
        history.push(action);
    }
    let saved = serde_json::to_string(&game)?;
    let mut loaded: HeadTrip = serde_json::from_str(&saved)?;
    assert_eq!(loaded, game);

    // Finish the loaded copy, then check the record replays to the same end.
    while loaded.to_act().is_some() {
        loaded.legal_actions(&mut legal);
        let Some(action) = bot.pick(&legal) else {
            break;
        };
        loaded.apply(action)?;
        history.push(action);
    }
    let record = Record::new::<HeadTrip>(&options, seed, &history);
    let replayed: HeadTrip = record.replay()?;
    assert_eq!(replayed, loaded);
    println!("{loaded}");
    for i in 0..loaded.seat_count() {
        println!("seat {i}: {}", loaded.score(Seat(i as u8)));
    }
    println!("winners: {}", loaded.winners());
    println!(
        "record: {} actions, {} bytes of JSON",
        record.actions.len(),
        serde_json::to_string(&record)?.len()
    );
    Ok(())
}
