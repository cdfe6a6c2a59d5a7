//! A payment of several Mana sources written as one action, the way High Jinks' records wrote
//! it before each source became a decision of its own: `inflict 5C 5H` stands for `inflict`,
//! `pay 5C`, `pay 5H`; `straight 3H 4H m1` for `straight`, `pay 3H`, `pay 4H`, `pay m1`;
//! `quad 5C 5D m0 dc 5S` for `quad` and its four sources. The tests that read the rules with
//! whole payments use these helpers: a composite text is applied as its steps, and a listing
//! shows each complete payment as one composite text.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use cards::Game;
use highjinks::{Action, HighJinks, Phase, Source};

/// The announcement and the source texts of a composite payment (`None`: not one).
fn split(text: &str) -> Option<(Action, Vec<String>)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let first = words.first()?.to_ascii_lowercase();
    if words.len() < 2
        || !["transmute", "inflict", "restore", "straight", "quad"].contains(&first.as_str())
    {
        return None;
    }
    let announce: Action = first.parse().ok()?;
    let mut sources = Vec::new();
    let mut i = 1;
    while i < words.len() {
        if words[i].eq_ignore_ascii_case("dc") && i + 1 < words.len() {
            sources.push(format!("dc {}", words[i + 1]));
            i += 2;
        } else {
            sources.push(words[i].to_string());
            i += 1;
        }
    }
    Some((announce, sources))
}

/// Every order of `items`.
fn orders(items: &[Action]) -> Vec<Vec<Action>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut tail in orders(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

/// The steps a composite text stands for, in the order the engine asks them: `None` if the
/// text is not a composite payment; `Some(Err(steps))` with the steps in the written order if
/// no order of them is accepted to the end (the payment is illegal).
pub fn steps(game: &HighJinks, text: &str) -> Option<Result<Vec<Action>, Vec<Action>>> {
    let (announce, sources) = split(text)?;
    let mut pays = Vec::new();
    for source in &sources {
        match format!("pay {source}").parse::<Action>() {
            Ok(action) => pays.push(action),
            Err(_) => return Some(Err(vec![announce])),
        }
    }
    let written: Vec<Action> = std::iter::once(announce).chain(pays.clone()).collect();
    for order in orders(&pays) {
        let mut copy = game.clone();
        if copy.apply(announce).is_err() {
            return Some(Err(written));
        }
        let all = order.iter().all(|&step| copy.apply(step).is_ok());
        if all && !matches!(copy.phase(), Phase::Pay(_)) {
            return Some(Ok(std::iter::once(announce).chain(order).collect()));
        }
    }
    Some(Err(written))
}

/// Applies a text: a composite payment as its steps, any other as one action. Returns the
/// error of the step refused (the game is then left as it was only if the first step was).
pub fn apply_text(game: &mut HighJinks, text: &str) -> Result<(), String> {
    match steps(game, text) {
        Some(Ok(steps)) => {
            for step in steps {
                game.apply(step).map_err(|e| e.to_string())?;
            }
            Ok(())
        }
        Some(Err(_)) => Err(format!(
            "no order of `{text}`'s sources completes the payment"
        )),
        None => {
            let action: Action = text.parse().map_err(|e| format!("{e}"))?;
            game.apply(action).map_err(|e| e.to_string())
        }
    }
}

/// The complete payments that start with `announce` (legal now), each as one composite text
/// with its sources in [`Source`]'s order.
fn payments(game: &HighJinks, announce: Action, out: &mut Vec<String>) {
    let mut copy = game.clone();
    if copy.apply(announce).is_err() {
        return;
    }
    let mut paid = Vec::new();
    walk(&copy, announce, &mut paid, out);
}

fn walk(game: &HighJinks, announce: Action, paid: &mut Vec<Source>, out: &mut Vec<String>) {
    if !matches!(game.phase(), Phase::Pay(_)) {
        let mut sources = paid.clone();
        sources.sort();
        let texts: Vec<String> = sources.iter().map(ToString::to_string).collect();
        out.push(format!("{announce} {}", texts.join(" ")));
        return;
    }
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    for action in legal {
        let Action::Pay(source) = action else {
            continue;
        };
        let mut copy = game.clone();
        copy.apply(action).expect("a listed source is paid");
        paid.push(source);
        walk(&copy, announce, paid, out);
        paid.pop();
    }
}

/// The legal actions as text, each payment of several sources announced now shown as the
/// composite texts of its complete payments.
pub fn legal_texts(game: &HighJinks) -> Vec<String> {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let mut out = Vec::new();
    for action in legal {
        match action {
            Action::Cast(_) | Action::Straight | Action::Quad => payments(game, action, &mut out),
            _ => out.push(action.to_string()),
        }
    }
    out
}

/// A composite text written as the listing writes it (each source as the notation writes it,
/// in [`Source`]'s order); `None` if it is not a composite payment or does not parse.
pub fn canonical(text: &str) -> Option<String> {
    let (announce, sources) = split(text)?;
    let mut parsed = Vec::new();
    for source in &sources {
        match format!("pay {source}").parse::<Action>().ok()? {
            Action::Pay(source) => parsed.push(source),
            _ => return None,
        }
    }
    parsed.sort();
    let texts: Vec<String> = parsed.iter().map(ToString::to_string).collect();
    Some(format!("{announce} {}", texts.join(" ")))
}
