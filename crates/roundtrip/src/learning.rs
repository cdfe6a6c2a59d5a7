//! What a learning program reads of Round Trip Ticket: the action indices and the two tensors
//! of a seat ([`cards::Learn`]); the layouts are tabulated in `docs/rules/roundtrip.md`.

use cards::learning::{fraction, Learn, Segment, TensorKind, TensorWriter};
use cards::Seat;

use crate::deck::{TripCard, SYMBOLS};
use crate::goals::GOALS;
use crate::knowledge::{MAX_PLACEMENTS, MAX_TRACKED};
use crate::state::{Phase, State, NO_STEAL};
use crate::{Action, Options, RoundTrip};

/// Cards of the default deck (RT1).
const DEFAULT_CARDS: usize = 98;
/// Most points one seat scores in a hand: at most 4 a card of its trips (a card doubled, or a
/// one-card trip with its bonus of 3) and 34 for the goals (seven of 3, one of 10, one of 3).
const GOAL_POINTS: usize = 7 * 3 + 10 + 3;

/// The sizes a game's options give its tensors and index space.
#[derive(Clone, Copy)]
struct Sizes {
    /// Cards in the deck list.
    cards: usize,
    /// Seats.
    players: usize,
}

impl Sizes {
    fn of(options: &Options) -> Sizes {
        Sizes {
            cards: options.deck.as_ref().map_or(DEFAULT_CARDS, Vec::len),
            players: options.players,
        }
    }

    /// Values a card holds in the information state.
    fn card_width(self, kind: TensorKind) -> usize {
        match kind {
            TensorKind::InformationState => 3 * self.players + 12,
            TensorKind::Observation => 3 * self.players + 8,
        }
    }

    /// The bound on one hand's plies (`docs/rules/roundtrip.md`, "Termination"): also a bound
    /// on the steals from one seat in a hand.
    fn plies_per_hand(self) -> usize {
        let (n, cards) = (self.players, self.cards);
        (3 * cards + n * (cards + 1)) * (n + 1)
    }

    fn hand_points_bound(self) -> usize {
        4 * self.cards + GOAL_POINTS
    }

    fn score_bound(self, options: &Options) -> usize {
        options.max_hands as usize * self.hand_points_bound()
    }
}

fn step_slot(phase: Phase) -> usize {
    match phase {
        Phase::Main => 0,
        Phase::After { .. } => 1,
        Phase::Respond { .. } => 2,
        Phase::Over => 3,
    }
}

/// The layout with `n` seats and `cards` cards.
fn layout(options: &Options, kind: TensorKind, out: &mut Vec<Segment>) {
    let s = Sizes::of(options);
    let (n, cards) = (s.players, s.cards);
    out.extend([
        Segment::unit("seat", 1, n, "one-hot: the seat looking (all 0 for a spectator)"),
        Segment::unit("to_act", 1, n, "one-hot: the seat to act (all 0 once over)"),
        Segment::unit("step", 1, 4, "one-hot: play or discard, draw/steal/pass, respond to a wild card, over"),
        Segment::unit("steal_symbol", 1, 8, "one-hot: in the draw/steal/pass step, the symbol a steal must match (if any)"),
        Segment::unit("wild_by", 1, n, "one-hot: in a response, the seat that played the wild card"),
        Segment::unit("dealer", 1, n, "one-hot: the dealer of this hand"),
        Segment::unit("hand_number", 1, 1, "the number of this hand (from 1) ÷ the hand limit"),
        Segment::unit("deck_size", 1, 1, "cards in the draw pile ÷ cards in the deck list"),
        Segment::unit("world_winners", 1, n, "Round the World: the seats that completed their trip"),
        Segment::unit("goals", GOALS, n, "advanced game, by goal card (as `Goal::at`), one-hot: its owner"),
        Segment::unit(
            "seats",
            n,
            4,
            "by seat: cards in hand ÷ cards, cards stolen from it this hand ÷ the bound on a hand's \
             plies, banked score ÷ (hand limit × (4 × cards + 34)), points of this hand ÷ (4 × cards + 34)",
        ),
    ]);
    match kind {
        TensorKind::InformationState => out.extend([
            Segment::unit(
                "cards",
                cards,
                s.card_width(kind),
                "by card number: in the seat's own hand, its place in that hand (k+1)/cards; the \
                 trip under way holding it (seat one-hot), its place (k+1)/cards; the completed \
                 trip holding it (seat one-hot), which trip (k+1)/cards, its place (k+1)/cards; \
                 flipped (in a trip); aversion card of (seat one-hot), its place (k+1)/cards; \
                 discarded, its place from the bottom (k+1)/cards; Specific Trip card left, right; \
                 stolen from the seat and still tracked, its place among those (k+1)/12",
            ),
            Segment::unit(
                "whereabouts",
                MAX_PLACEMENTS,
                MAX_TRACKED,
                "the possible placements of the tracked stolen cards, in order: for each, the \
                 seat holding each tracked card (in the order of their places), (seat+1)/seats; \
                 0 past the placements and the tracked cards",
            ),
        ]),
        TensorKind::Observation => out.push(Segment::unit(
            "cards",
            cards,
            s.card_width(kind),
            "by card number: in the seat's own hand; the trip under way holding it (seat \
             one-hot), its place (k+1)/cards; the completed trip holding it (seat one-hot), \
             which trip (k+1)/cards, its place (k+1)/cards; flipped; aversion card of (seat \
             one-hot); discarded; Specific Trip card",
        )),
    }
}

impl Learn for RoundTrip {
    /// For each card of the deck list, `play fwd`, `play rev` and `discard`; then `draw`,
    /// `pass` and a steal from each seat: 3 × cards + 2 + seats (300 with the default deck
    /// and four players).
    fn num_distinct_actions(options: &Options) -> usize {
        let s = Sizes::of(options);
        3 * s.cards + 2 + s.players
    }

    #[inline]
    fn action_index(options: &Options, action: Action) -> Option<usize> {
        let s = Sizes::of(options);
        let card = |c: TripCard| Some(c.index()).filter(|&i| i < s.cards);
        Some(match action {
            Action::Play { card: c, reversed } => 3 * card(c)? + usize::from(reversed),
            Action::Discard(c) => 3 * card(c)? + 2,
            Action::Draw => 3 * s.cards,
            Action::Pass => 3 * s.cards + 1,
            Action::Steal(seat) => {
                3 * s.cards + 2 + Some(seat.index()).filter(|&i| i < s.players)?
            }
        })
    }

    fn action_from_index(options: &Options, index: usize) -> Option<Action> {
        let s = Sizes::of(options);
        let first_other = 3 * s.cards;
        if index < first_other {
            let card = TripCard(u8::try_from(index / 3).ok()?);
            return Some(match index % 3 {
                0 => Action::Play {
                    card,
                    reversed: false,
                },
                1 => Action::Play {
                    card,
                    reversed: true,
                },
                _ => Action::Discard(card),
            });
        }
        match index - first_other {
            0 => Some(Action::Draw),
            1 => Some(Action::Pass),
            k if k - 2 < s.players => Some(Action::Steal(Seat(u8::try_from(k - 2).ok()?))),
            _ => None,
        }
    }

    fn tensor_layout(options: &Options, kind: TensorKind, out: &mut Vec<Segment>) {
        layout(options, kind, out);
    }

    fn tensor_size(options: &Options, kind: TensorKind) -> usize {
        let s = Sizes::of(options);
        let n = s.players;
        let common = 4 * n + 4 + 8 + 2 + n + GOALS * n + 4 * n;
        common
            + s.cards * s.card_width(kind)
            + match kind {
                TensorKind::InformationState => MAX_PLACEMENTS * MAX_TRACKED,
                TensorKind::Observation => 0,
            }
    }

    fn write_tensor(&self, kind: TensorKind, seat: Seat, w: &mut TensorWriter<'_>) {
        write(&self.0, kind, seat, w);
    }
}

/// Writes a tensor of `seat` (see [`layout`]).
fn write(t: &State, kind: TensorKind, seat: Seat, w: &mut TensorWriter<'_>) {
    let s = Sizes::of(&t.options);
    let (n, cards) = (s.players, s.cards);
    let history = kind == TensorKind::InformationState;
    w.one_hot(n, Some(seat.index()));
    w.one_hot(n, t.to_act().map(Seat::index));
    w.one_hot(4, Some(step_slot(t.phase)));
    w.one_hot(
        8,
        match t.phase {
            Phase::After { steal } if steal != NO_STEAL => Some(usize::from(steal)),
            _ => None,
        },
    );
    debug_assert!(usize::from(SYMBOLS) < 8);
    w.one_hot(
        n,
        match t.phase {
            Phase::Respond { .. } => Some(t.current.index()),
            _ => None,
        },
    );
    w.one_hot(n, Some(t.dealer.index()));
    w.value(fraction(t.deals as usize, t.options.max_hands as usize));
    w.value(fraction(t.deck.len(), cards));
    w.bits(n, t.world_winners.iter().fold(0, |b, s| b | 1 << s.index()));
    for owner in &t.goals {
        w.one_hot(
            n,
            if t.options.advanced {
                owner.map(Seat::index)
            } else {
                None
            },
        );
    }
    for (i, p) in t.players.seats() {
        w.value(fraction(p.hand.len(), cards));
        w.value(fraction(p.robbed as usize, s.plies_per_hand()));
        w.value(fraction(
            usize::try_from(p.score).unwrap_or(0),
            s.score_bound(&t.options),
        ));
        w.value(fraction(
            usize::try_from(t.hand_points(i)).unwrap_or(0),
            s.hand_points_bound(),
        ));
    }
    // The cards, each in its row: the columns, in order.
    let width = s.card_width(kind);
    let own_hand = 0;
    let hand_place = 1;
    let first = if history { 2 } else { 1 };
    let trip_seat = first;
    let trip_place = trip_seat + n;
    let done_seat = trip_place + 1;
    let done_trip = done_seat + n;
    let done_place = done_trip + 1;
    let flipped = done_place + 1;
    let aversion_seat = flipped + 1;
    let aversion_place = aversion_seat + n;
    let discarded = aversion_place + usize::from(history);
    let discard_place = discarded + 1;
    let specific = discard_place + usize::from(history);
    let stolen_place = specific + 2;
    let block = w.block(cards * width);
    let mut put = |card: TripCard, column: usize, value: f32| {
        if card.index() < cards {
            if let Some(place) = block.get_mut(card.index() * width + column) {
                *place = value;
            }
        }
    };
    let place = |k: usize| fraction(k + 1, cards);
    if let Some(p) = t.players.get(seat) {
        for (k, &card) in p.hand.as_slice().iter().enumerate() {
            put(card, own_hand, 1.0);
            if history {
                put(card, hand_place, place(k));
            }
        }
    }
    for (i, p) in t.players.seats() {
        for (k, o) in p.trip.iter().enumerate() {
            put(o.card.card, trip_seat + i.index(), 1.0);
            put(o.card.card, trip_place, place(k));
            put(o.card.card, flipped, f32::from(u8::from(o.card.reversed)));
        }
        let mut rest = p.done.as_slice();
        for (trip, done) in p.done_trips.iter().enumerate() {
            let (this, next) = rest.split_at(usize::from(done.len).min(rest.len()));
            for (k, o) in this.iter().enumerate() {
                put(o.card.card, done_seat + i.index(), 1.0);
                put(o.card.card, done_trip, place(trip));
                put(o.card.card, done_place, place(k));
                put(o.card.card, flipped, f32::from(u8::from(o.card.reversed)));
            }
            rest = next;
        }
        for (k, o) in p.aversion.iter().enumerate() {
            put(o.card, aversion_seat + i.index(), 1.0);
            if history {
                put(o.card, aversion_place, place(k));
            }
        }
    }
    for (k, &card) in t.discard.as_slice().iter().enumerate() {
        put(card, discarded, 1.0);
        if history {
            put(card, discard_place, place(k));
        }
    }
    for (k, o) in t.specific.iter().enumerate() {
        put(o.card, specific + k.min(1), 1.0);
    }
    let knowledge = t.knowledge.get(seat).filter(|k| !k.is_empty());
    if !history {
        return;
    }
    if let Some(k) = knowledge {
        for (i, &card) in k.cards().iter().enumerate() {
            put(card, stolen_place, fraction(i + 1, MAX_TRACKED));
        }
    }
    let block = w.block(MAX_PLACEMENTS * MAX_TRACKED);
    if let Some(k) = knowledge {
        for (row, placement) in k.placements().take(MAX_PLACEMENTS).enumerate() {
            for (i, holder) in placement.take(MAX_TRACKED).enumerate() {
                if let Some(place) = block.get_mut(row * MAX_TRACKED + i) {
                    *place = fraction(holder.index() + 1, n);
                }
            }
        }
    }
}
