//! Determinisation: a state drawn uniformly among those consistent with one seat's view.
//!
//! Hidden from a seat: the Deck's order, the other seats' hands, their face-down Mana and (at
//! set-up) their rejects, and the generator. What it knows of another seat `t` is the multiset
//! `known[t]` of cards that are in `t`'s hand or among its face-down Mana (HJ85, HJ88), and that
//! face-down Mana is always a card 3–10 (§6). The states consistent with the view are every
//! placement of the hidden cards (the Deck, the other hands, their face-down Mana and rejects)
//! that keeps those two constraints; identical copies are told apart as the physical cards they
//! are, so a state is a placement of physical cards, each equally likely, as a fair deal makes
//! them.
//!
//! The draw is exact, by rejection:
//!
//! 1. each known card is *pinned*: one copy is taken from the pool and put in a free place of
//!    its seat, chosen uniformly (a hand place, or a face-down Mana place if it is a card 3–10);
//! 2. the free face-down places are filled from the pool's cards 3–10, uniformly;
//! 3. everything left is shuffled into the free hand places, the rejects and the Deck.
//!
//! A state reached this way through pinning `d` has probability proportional to
//! `g(F) = (S − F)! / (S! (N − F)!)`, `F` being the face-down places left free after pinning,
//! `S` and `N` the cards 3–10 and all cards of the pool; and a state with `n` copies of a known
//! card `x` among its seat's hidden places, `k` of them known, is reached by `n!/(n−k)!`
//! pinnings. The draw is kept with probability `g(F_min)/g(F) × Π k!(n−k)!/n!`, which makes
//! every consistent state equally likely. The true state is never favoured nor kept as a
//! fallback. Nothing is allocated: the pool and the places are arrays as large as any game.

mod grouped;

use cards::{GameRng, Seat};

use crate::knowledge::consistency::holds_evoked;
use crate::table::card::{masks, Card, Cards};
use crate::table::phase::Phase;
use crate::table::sizes::MANA_ZONES;
use crate::table::state::{knower_bit, State};
use crate::table::whereabouts::Whereabouts;

/// Most cards in a game: two decks and four Jokers.
const MAX_CARDS: usize = 108;
/// Most seats.
const MAX_SEATS: usize = 4;

/// One other seat's hidden places.
#[derive(Clone, Copy, Default)]
struct Places {
    hidden: bool,
    hand: usize,
    rejects: usize,
    face_down: [bool; MANA_ZONES],
}

impl Places {
    /// The face-down zones, bit per zone.
    fn down_mask(&self) -> u8 {
        let mut mask = 0;
        for (z, &down) in self.face_down.iter().enumerate() {
            mask |= u8::from(down) << z;
        }
        mask
    }
}

/// The copies an observer knows one seat to hold, each with the face-down zones it may lie in
/// (HJ85, HJ88), most restricted first: the cards that cannot be set (in the hand), then the
/// others by the number of zones. The masks of one seat are a chain (`whereabouts.rs`), so a
/// pin placed in this order always finds as many free places as its own places less the pins
/// before it, whatever they chose.
#[derive(Clone, Copy)]
struct Pins {
    list: [(Card, u8); MAX_CARDS],
    len: usize,
}

impl Pins {
    const EMPTY: Pins = Pins {
        list: [(Card::JOKER, 0); MAX_CARDS],
        len: 0,
    };

    fn of(cards: &Cards, at: &Whereabouts) -> Pins {
        let mut pins = Pins::EMPTY;
        for card in cards.distinct() {
            for copy in 0..usize::from(cards.count(card)) {
                let zones = if card.is_settable() {
                    at.zones(card, copy)
                } else {
                    0
                };
                if let Some(slot) = pins.list.get_mut(pins.len) {
                    *slot = (card, zones);
                    pins.len += 1;
                }
            }
        }
        let list = &mut pins.list[..pins.len];
        list.sort_unstable_by_key(|&(card, zones)| (card.is_settable(), zones.count_ones()));
        pins
    }

    fn list(&self) -> &[(Card, u8)] {
        &self.list[..self.len]
    }

    /// The share of the pinnings that reach the drawn side: `Π m! / (ways)`, the ways being
    /// the pinnings that give this side (per identity, its copies from the most restricted,
    /// each with the side's copies in its places less those before it), `m` the copies of one
    /// identity with the same places (they are interchangeable). At most 1; with every place
    /// open to every copy, `1 / C(n, k)`.
    fn share(&self, side: &crate::table::field::Side) -> f64 {
        let mut share = 1.0;
        let down = side.face_down_cards();
        // Per identity: copies met so far, the last one's places, and how many had those.
        let mut copies = [0u8; Card::COUNT];
        let mut last = [0u8; Card::COUNT];
        let mut same = [0u8; Card::COUNT];
        for &(card, zones) in self.list() {
            let x = card.index();
            let copy = usize::from(copies[x]);
            same[x] = if copy > 0 && last[x] == zones {
                same[x] + 1
            } else {
                1
            };
            last[x] = zones;
            copies[x] += 1;
            let places = usize::from(side.hand.count(card))
                + (0..MANA_ZONES)
                    .filter(|&z| zones >> z & 1 == 1 && down[z] == Some(card))
                    .count();
            if places <= copy {
                return 0.0;
            }
            share *= f64::from(same[x]) / (places - copy) as f64;
        }
        share
    }
}

/// A uniform draw in `[0, 1)`.
fn unit(rng: &mut GameRng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Draws into `out`, a copy of `state`, everything hidden from `observer`.
pub(crate) fn determinise(state: &State, observer: Seat, rng: &mut GameRng, out: &mut State) {
    completing_payment(state, observer, out, |out| {
        draw_once(state, observer, rng, out)
    });
}

/// Most draws [`completing_payment`] makes before it keeps the state itself (never reached in
/// practice: the true state is among those it accepts, and a payment's sources are seldom
/// rare among the consistent states).
const PAYMENT_DRAWS: usize = 100_000;

/// Draws with `draw` until the payment under way, if any, can still be completed by the
/// payer (HJ59, HJ64, HJ68: the others saw it announced and its sources so far offered, so
/// they know it can be): a draw by rejection, uniform among the states that also satisfy
/// that. The payer's own view holds its sources, so it is drawn once.
fn completing_payment(
    state: &State,
    observer: Seat,
    out: &mut State,
    mut draw: impl FnMut(&mut State),
) {
    let Phase::Pay(paying) = state.phase else {
        draw(out);
        return;
    };
    if state.turn_seat == observer {
        draw(out);
        return;
    }
    for _ in 0..PAYMENT_DRAWS {
        draw(out);
        if out.payment_open(out.turn_seat, &paying) {
            return;
        }
        out.clone_from(state);
    }
}

/// One draw of [`determinise`], before the payment under way is looked at.
fn draw_once(state: &State, observer: Seat, rng: &mut GameRng, out: &mut State) {
    // An observer that knows a Deck group some of which it cannot see: the grouped draw.
    if grouped::applies(state, observer) {
        if grouped::determinise(state, observer, rng, out) {
            return;
        }
        out.clone_from(state);
    }
    draw_plain(state, observer, rng, out);
}

/// [`determinise`] as it draws once the grouped draw by rejection has given up, for tests (see
/// `HighJinks::resample_hidden_past_rejection_into`).
pub(crate) fn determinise_past_rejection(
    state: &State,
    observer: Seat,
    rng: &mut GameRng,
    out: &mut State,
) {
    completing_payment(state, observer, out, |out| {
        if grouped::applies(state, observer) {
            if grouped::determinise_past_rejection(state, observer, rng, out) {
                return;
            }
            out.clone_from(state);
        }
        draw_plain(state, observer, rng, out);
    });
}

/// The draw without a Deck group kept (the steps of the module doc).
// Seats and zones index several parallel arrays at once.
#[allow(clippy::needless_range_loop)]
fn draw_plain(state: &State, observer: Seat, rng: &mut GameRng, out: &mut State) {
    let players = state.players().min(MAX_SEATS);
    let mut places = [Places::default(); MAX_SEATS];
    // A seat that knows the Deck's contents (a rebuilt Deck, HJ80) gets exactly them back in
    // a new order; the Deck is then no part of the pool the other places share.
    let knows_deck = state.knows_deck(observer);
    let mut pool = Cards::new();
    if !knows_deck {
        for card in &state.deck {
            pool.add(*card);
        }
    }
    for (i, side) in state.sides.iter().enumerate().take(players) {
        if i == observer.index() {
            continue;
        }
        let p = &mut places[i];
        p.hidden = true;
        p.hand = side.hand.len();
        p.rejects = side.rejects.len();
        pool.add_all(&side.hand);
        pool.add_all(&side.rejects);
        for (zone, mana) in side.mana.iter().enumerate() {
            if let Some(m) = mana.filter(|m| !m.face_up) {
                p.face_down[zone] = true;
                pool.add(m.card);
            }
        }
    }
    // The pins of each seat, most restricted first (see `Pins`).
    let mut pins = [Pins::EMPTY; MAX_SEATS];
    for (i, p) in places.iter().enumerate().take(players) {
        if p.hidden {
            let (cards, at) = pinned_to(state, observer, Seat(i as u8));
            pins[i] = Pins::of(&cards, &at);
        }
    }
    // The most face-down places pins can take: each pin, most restricted first, takes a
    // free place it may lie in (with the places nested, this greedy count is the most).
    let mut most_pinned_down = 0usize;
    for i in 0..players {
        let mut taken = 0u8;
        for &(card, zones) in pins[i].list() {
            let free = zones & places[i].down_mask() & !taken;
            if card.is_settable() && free != 0 {
                taken |= free & free.wrapping_neg();
                most_pinned_down += 1;
            }
        }
    }

    let mut tries = 0u32;
    loop {
        tries += 1;
        // Far beyond any state reached in play (see `MAX_TRIES`): the public negative
        // knowledge is dropped rather than loop on.
        let strict = tries <= MAX_TRIES;
        let mut left = pool;
        // Pinned cards: per seat, the hand part and the face-down zones.
        let mut pinned_hand = [Cards::new(); MAX_SEATS];
        let mut pinned_zone: [[Option<Card>; MANA_ZONES]; MAX_SEATS] =
            [[None; MANA_ZONES]; MAX_SEATS];
        let mut possible = true;
        'seats: for i in 0..players {
            let p = places[i];
            if !p.hidden {
                continue;
            }
            // Each pin in a free place it may lie in: the hand, or a face-down zone of its
            // mask if it is a card 3–10, chosen uniformly. Most restricted first, so the
            // number of choices does not depend on the earlier ones.
            for &(card, zones) in pins[i].list() {
                if !left.remove(card) {
                    possible = false;
                    break 'seats;
                }
                let hand_free = p.hand.saturating_sub(pinned_hand[i].len());
                let eligible = |z: usize| {
                    card.is_settable()
                        && p.face_down[z]
                        && zones >> z & 1 == 1
                        && pinned_zone[i][z].is_none()
                };
                let zones_free = (0..MANA_ZONES).filter(|&z| eligible(z)).count();
                if hand_free + zones_free == 0 {
                    possible = false;
                    break 'seats;
                }
                let pick = rng.index(hand_free + zones_free);
                if pick < hand_free {
                    pinned_hand[i].add(card);
                } else if let Some(z) = (0..MANA_ZONES)
                    .filter(|&z| eligible(z))
                    .nth(pick - hand_free)
                {
                    pinned_zone[i][z] = Some(card);
                }
            }
        }
        if !possible {
            // Only an inconsistent state gets here (a checked state never does): draw without
            // the knowledge rather than loop.
            forget_others(observer, out);
            fill(
                state,
                &places,
                &pool,
                &[Cards::new(); MAX_SEATS],
                &[[None; MANA_ZONES]; MAX_SEATS],
                rng,
                out,
            );
            finish_deck(state, knows_deck, rng, out);
            finish_group(state, observer, out);
            return;
        }
        // The weight of this pinning: g(F_min) / g(F).
        let n = left.len();
        let s = left.iter().filter(|c| c.is_settable()).count();
        let total_down: usize = places
            .iter()
            .map(|p| p.face_down.iter().filter(|&&d| d).count())
            .sum();
        let pinned_down: usize = pinned_zone.iter().flatten().filter(|z| z.is_some()).count();
        let f = total_down - pinned_down;
        let f_min = total_down - most_pinned_down;
        if s < f {
            continue;
        }
        let mut accept = 1.0f64;
        for x in f_min..f {
            accept *= (s - x) as f64 / (n - x) as f64;
        }
        // Fill, then weigh by the pinnings that reach the same state.
        fill(state, &places, &left, &pinned_hand, &pinned_zone, rng, out);
        for i in 0..players {
            if places[i].hidden {
                accept *= pins[i].share(&out.sides[i]);
            }
        }
        if strict && !keeps_public_knowledge(state, &places, knows_deck, out) {
            continue;
        }
        if accept >= 1.0 || unit(rng) < accept {
            forget_others(observer, out);
            finish_deck(state, knows_deck, rng, out);
            finish_group(state, observer, out);
            out.rng = GameRng::from_seed(rng.next_u64());
            return;
        }
    }
}

/// Draws are retried at most this many times for the knowledge all share of what hands and
/// the Deck lack and of evoked suits (HJ42, HJ66): in play the share of draws that keep it is
/// the chance that a fair deal agrees with what was seen, never near 1 in 65,536; only an
/// edited state can ask for more, and it then gets a draw that keeps the cards known. The
/// grouped draw gives up after as many tries for its branched draw, which gives up after as
/// many for its last fallback, and that for the plain draw, which forgets the group (see
/// `grouped::determinise`).
const MAX_TRIES: u32 = 1 << 16;

/// Whether a drawn state keeps what all know: no hand holds an identity it lacks, each hand
/// and face-down Mana holds the evoked suits' cards besides the cards known, and the Deck
/// holds none of a suit an Evocation did not find and, while an Evocation's search is under
/// way, a card of the suit it found.
#[allow(clippy::needless_range_loop)]
fn keeps_public_knowledge(
    state: &State,
    places: &[Places; MAX_SEATS],
    knows_deck: bool,
    out: &State,
) -> bool {
    for i in 0..state.players().min(MAX_SEATS) {
        if !places[i].hidden {
            continue;
        }
        let (real, drawn) = (&state.sides[i], &out.sides[i]);
        if drawn.hand.mask() & real.lacks != 0 {
            return false;
        }
        if real.suits != [0; 4] && !holds_evoked(real, drawn) {
            return false;
        }
    }
    if knows_deck {
        return true;
    }
    // An Evocation's search under way: all saw the caster find the suit (HJ66), so the Deck
    // holds a card of it.
    if let Phase::EvokeTake { suit } = state.phase {
        if !out.deck_holds(suit) {
            return false;
        }
    }
    state.deck_lacks == 0
        || !out.deck.iter().any(|c| {
            c.suit()
                .is_some_and(|s| state.deck_lacks & 1 << s.index() != 0)
        })
}

/// The cards `observer` knows to be in `seat`'s hand or face-down Mana, and where each may
/// lie: its knowledge of the seat (`State::known_to`) and, for the turn seat, the cards of its
/// hand that carry a summon mark (HJ23). A summoned card comes back to the hand only by a
/// recruit in sight of all (Lust, Transmutation: HJ48), the marks are in every view and a
/// marked card leaves them only as the last copy of its identity leaves the hand in sight of
/// all: all know the hand holds the marked cards, even once HJ85 has them forget which copy of
/// an identity left. The marked cards are Agents, which are never set, so they lie in the hand.
fn pinned_to(state: &State, observer: Seat, seat: Seat) -> (Cards, Whereabouts) {
    let (mut cards, at) = state.known_to(observer, seat);
    if seat == state.turn_seat {
        let marked = &state.marks.hand;
        for card in marked.distinct() {
            for _ in cards.count(card)..marked.count(card) {
                cards.add(card);
            }
        }
    }
    (cards, at)
}

/// What other seats alone saw (an Interception's proof) is theirs, not the observer's: in the
/// drawn state they forget it, as a drawn Deck is not theirs to know.
fn forget_others(observer: Seat, out: &mut State) {
    for (t, side) in out.sides.iter_mut().enumerate() {
        if t == observer.index() {
            continue;
        }
        for s in 0..MAX_SEATS {
            if s != observer.index() {
                side.seers &= !(1 << s);
                side.seen[s] = Cards::new();
                side.seen_at[s] = Whereabouts::HAND_ONLY;
            }
        }
    }
}

/// Whether every other seat of the drawn state holds the cards `observer` knows it to hold
/// where they may lie (HJ85, HJ88).
fn keeps_whereabouts(state: &State, observer: Seat, out: &State) -> bool {
    (0..state.players().min(MAX_SEATS))
        .filter(|&t| t != observer.index())
        .all(|t| {
            let (cards, at) = state.known_to(observer, Seat(t as u8));
            let side = &out.sides[t];
            at.holds(&cards, &side.hand, &side.face_down_cards())
        })
}

/// The Deck of the drawn state: the known contents in a new order for a seat that knows them;
/// otherwise what `fill` dealt, and the other seats' knowledge of the Deck is forgotten (the
/// drawn Deck is not theirs to know), except the caster's while it searches the Deck for an
/// evoked card (it sees the Deck drawn, as it saw the real one).
fn finish_deck(state: &State, knows_deck: bool, rng: &mut GameRng, out: &mut State) {
    if knows_deck {
        let known: Cards = state.deck.iter().copied().collect();
        out.deck.clear();
        known.extend_into(&mut out.deck);
        rng.shuffle(&mut out.deck);
    } else if let Phase::EvokeTake { .. } = state.phase {
        // The caster is searching the Deck: in the drawn state it sees the Deck drawn.
        out.deck_knowers = knower_bit(state.turn_seat);
    } else {
        out.deck_knowers = 0;
    }
}

/// This draw keeps no Deck group unless the observer knows it and sees all of it (the Deck's
/// contents, no other seat holding any): a group the observer does not know, or one the
/// grouped draw could not keep, is forgotten in the drawn state.
fn finish_group(state: &State, observer: Seat, out: &mut State) {
    if grouped::applies(state, observer) || !state.knows_group(observer) {
        out.group_forgotten();
    }
}

fn binomial(n: usize, k: usize) -> f64 {
    let mut b = 1.0;
    for i in 0..k.min(n) {
        b = b * (n - i) as f64 / (i + 1) as f64;
    }
    b
}

/// Steps 2 and 3: the free face-down places from the pool's cards 3–10, the rest shuffled into
/// the hands, rejects and Deck.
#[allow(clippy::needless_range_loop)]
fn fill(
    state: &State,
    places: &[Places; MAX_SEATS],
    left: &Cards,
    pinned_hand: &[Cards; MAX_SEATS],
    pinned_zone: &[[Option<Card>; MANA_ZONES]; MAX_SEATS],
    rng: &mut GameRng,
    out: &mut State,
) {
    // Settable cards first, each part in canonical order, so the face-down places draw from
    // cards[..settable].
    let mut cards = [Card::JOKER; MAX_CARDS];
    let mut settable = 0;
    for card in left.distinct_in(masks::SETTABLE) {
        for _ in 0..left.count(card) {
            if let Some(slot) = cards.get_mut(settable) {
                *slot = card;
                settable += 1;
            }
        }
    }
    // What the face-down places take, to deal the rest in canonical order.
    let mut rest = *left;
    let players = state.players().min(MAX_SEATS);
    for i in 0..players {
        if !places[i].hidden {
            continue;
        }
        for z in 0..MANA_ZONES {
            if !places[i].face_down[z] {
                continue;
            }
            let card = match pinned_zone[i][z] {
                Some(card) => card,
                None if settable > 0 => {
                    let j = rng.index(settable);
                    let card = cards[j];
                    cards[j] = cards[settable - 1];
                    settable -= 1;
                    rest.remove(card);
                    card
                }
                None => continue,
            };
            if let Some(m) = out.sides[i].mana[z].as_mut() {
                m.card = card;
            }
        }
    }
    // The rest in canonical order, so that the shuffle depends on the generator alone.
    let mut len = 0;
    for card in rest.iter() {
        if let Some(slot) = cards.get_mut(len) {
            *slot = card;
            len += 1;
        }
    }
    let rest = &mut cards[..len];
    rng.shuffle(rest);
    let mut next = rest.iter().copied();
    for i in 0..players {
        if !places[i].hidden {
            continue;
        }
        let side = &mut out.sides[i];
        side.hand = pinned_hand[i];
        while side.hand.len() < places[i].hand {
            match next.next() {
                Some(card) => side.hand.add(card),
                None => break,
            }
        }
        side.rejects.clear();
        while side.rejects.len() < places[i].rejects {
            match next.next() {
                Some(card) => side.rejects.add(card),
                None => break,
            }
        }
    }
    out.deck.clear();
    out.deck.extend(next);
}
