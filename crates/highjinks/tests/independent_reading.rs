use cards::{Game, Seat};
use highjinks::{Action, Card, HighJinks, Options, Phase};

#[test]
fn probe() {
    let g = HighJinks::new(Options::players(2), 1).unwrap();
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    println!("{:?}", v.iter().map(|a| a.to_string()).collect::<Vec<_>>());
    println!("{:?}", g.phase());
    println!("{:?}", g.to_act());
    let c: Card = "QS".parse().unwrap();
    println!("{} {:?}", c, c);
    let a: Action = "attack a0 p1".parse().unwrap();
    println!("{} {:?}", a, a);
    println!("{:?}", g.agents(Seat(0)));
    println!("{:?}", g.mana(Seat(0)));
    println!("{:?}", g.counters(Seat(0)));
    println!("{:?}", g.options());
    let _ = Phase::Main;
}
