//! What a learning program reads of Brains and Hearts: the action indices and the two tensors
//! of a seat ([`cards::Learn`]); the layouts are tabulated in `docs/rules/brainshearts.md`.

use cards::learning::{fraction, Learn, Segment, TensorKind, TensorWriter};
use cards::{Card, Rank, Seat, Suit};

use crate::game::MAX_PLIES;
use crate::options::{seat_suits, DECK_SIZE};
use crate::state::{Direction, Phase};
use crate::{Action, BrainsHearts, Options, Pos};

/// Cards in the game: 14 a seat.
const CARDS: usize = 2 * DECK_SIZE;
/// The first index of a play: after `draw`, `roll`, `stop`, `end`.
const FIRST_PLAY: usize = 4;
/// Plays of one card: three slots, locked or not.
const PLAYS_PER_CARD: usize = 6;
/// The first index of `choose 1`: after the 28 × 6 plays.
const FIRST_CHOOSE: usize = FIRST_PLAY + CARDS * PLAYS_PER_CARD;
/// The first index of `three A`.
const FIRST_THREE: usize = FIRST_CHOOSE + 5;
/// The first index of `change B1`.
const FIRST_CHANGE: usize = FIRST_THREE + 7;
/// The first index of `run B1`.
const FIRST_RUN: usize = FIRST_CHANGE + 6;
/// The first index of `extend B1`.
const FIRST_EXTEND: usize = FIRST_RUN + 6;
/// The size of the index space.
const ACTIONS: usize = FIRST_EXTEND + 6;
/// Most cards one slot can hold: a seat's 14 cards.
const DEPTH: usize = DECK_SIZE;
/// Values a card of the information state holds: in own hand, discarded, slot (6), depth (14),
/// value (7), modified.
const CARD_WIDTH: usize = 2 + 6 + DEPTH + 7 + 1;
/// Values a card of the observation holds: in own hand, discarded, slot (6), on top, value (7),
/// modified.
const SEEN_CARD_WIDTH: usize = 2 + 6 + 1 + 7 + 1;
/// Values a side holds: deck and hand sizes, coins (one-hot 3), locks (3).
const SIDE_WIDTH: usize = 2 + 3 + 3;

/// By card index (0–53), the card's number 0–27 in play, or `u8::MAX` for a card not in play.
const CARD_SLOTS: [u8; 54] = {
    let mut slots = [u8::MAX; 54];
    let mut seat = 0;
    while seat < 2 {
        let suits = seat_suits(seat);
        let mut half = 0;
        while half < 2 {
            let mut value = 1;
            while value <= 7 {
                if let Some(rank) = Rank::from_value(value) {
                    let number = seat * DECK_SIZE + half * 7 + value as usize - 1;
                    slots[Card::new(rank, suits[half]).index()] = number as u8;
                }
                value += 1;
            }
            half += 1;
        }
        seat += 1;
    }
    slots
};

/// The number 0–27 of a card in play: The Brain's A–7♠, A–7♣, then The Heart's A–7♥, A–7♦.
#[inline]
fn card_slot(card: Card) -> Option<usize> {
    match CARD_SLOTS.get(card.index()) {
        Some(&slot) if slot != u8::MAX => Some(usize::from(slot)),
        _ => None,
    }
}

/// The card at an index 0–27.
fn card_at(index: usize) -> Option<Card> {
    let seat = index / DECK_SIZE;
    if seat >= 2 {
        return None;
    }
    let suit: Suit = seat_suits(seat)[(index % DECK_SIZE) / 7];
    Rank::from_value((index % 7) as u8 + 1).map(|r| Card::new(r, suit))
}

fn phase_slot(phase: Phase) -> usize {
    match phase {
        Phase::Action => 0,
        Phase::Play => 1,
        Phase::DieChoice => 2,
        Phase::DieTarget { .. } => 3,
        Phase::Scoring => 4,
        Phase::Running(_) => 5,
        Phase::Over => 6,
    }
}

/// The segments both tensors begin with.
fn common_layout(out: &mut Vec<Segment>) {
    out.extend([
        Segment::unit("seat", 1, 2, "one-hot: the seat looking, The Brain or The Heart (all 0 for a spectator)"),
        Segment::unit("to_act", 1, 2, "one-hot: the seat to act (all 0 once over)"),
        Segment::unit("phase", 1, 7, "one-hot: action, play, die choice, die target, scoring, run, over"),
        Segment::unit("die_target", 1, 4, "one-hot: the die result 2–5 waiting for its target"),
        Segment::unit("last_roll", 1, 6, "one-hot: the last result the die showed, 1–6"),
        Segment::unit("run_length", 1, 1, "the run in progress: its cards ÷ 28"),
        Segment::unit("run_last", 1, 7, "one-hot: the value A–7 of its last card"),
        Segment::unit("run_direction", 1, 3, "one-hot: up, down, not decided"),
        Segment::unit("run_used", 1, 6, "the positions B1–H3 of its cards still on the board"),
        Segment::unit("run_captured", 1, 1, "opponent cards it captured ÷ 14"),
        Segment::unit("sides", 2, SIDE_WIDTH, "by seat: deck size ÷ 14, hand size ÷ 14, roll coins (one-hot 0–2), its three slots' locks"),
    ]);
}

/// Writes the segments of [`common_layout`].
fn write_common(game: &BrainsHearts, seat: Seat, w: &mut TensorWriter<'_>) {
    w.one_hot(2, Some(seat.index()));
    w.one_hot(2, cards::Game::to_act(game).map(Seat::index));
    w.one_hot(7, Some(phase_slot(game.phase)));
    w.one_hot(
        4,
        match game.phase {
            Phase::DieTarget { result } => usize::from(result).checked_sub(2),
            _ => None,
        },
    );
    w.one_hot(
        6,
        game.last_roll.and_then(|r| usize::from(r).checked_sub(1)),
    );
    match game.phase {
        Phase::Running(run) => {
            w.value(fraction(usize::from(run.len), CARDS));
            w.one_hot(7, usize::from(run.last).checked_sub(1));
            w.one_hot(
                3,
                Some(match run.direction {
                    Direction::Up => 0,
                    Direction::Down => 1,
                    Direction::Either => 2,
                }),
            );
            w.bits(6, u64::from(run.used));
            w.value(fraction(usize::from(run.captured), DECK_SIZE));
        }
        _ => w.skip(1 + 7 + 3 + 6 + 1),
    }
    for side in &game.seats {
        w.value(fraction(side.deck.len(), DECK_SIZE));
        w.value(fraction(side.hand.len(), DECK_SIZE));
        w.one_hot(3, Some(usize::from(side.coins)));
        w.bits(3, u64::from(side.locked));
    }
}

impl Learn for BrainsHearts {
    /// 202 actions: `draw`, `roll`, `stop`, `end`; for each of the 28 cards, a play into each
    /// slot, unlocked then locked (168); `choose 1`–`5`; `three A`–`7`; `change`, `run` and
    /// `extend` at each of the six positions.
    fn num_distinct_actions(_options: &Options) -> usize {
        ACTIONS
    }

    #[inline]
    fn action_index(_options: &Options, action: Action) -> Option<usize> {
        let at = |first: usize, value: u8, count: usize| {
            usize::from(value)
                .checked_sub(1)
                .filter(|&i| i < count)
                .map(|i| first + i)
        };
        match action {
            Action::Draw => Some(0),
            Action::Roll => Some(1),
            Action::Stop => Some(2),
            Action::End => Some(3),
            Action::Play { card, slot, locked } => {
                let slot = usize::from(slot);
                (slot < 3).then_some(())?;
                Some(
                    FIRST_PLAY + card_slot(card)? * PLAYS_PER_CARD + slot * 2 + usize::from(locked),
                )
            }
            Action::Choose(value) => at(FIRST_CHOOSE, value, 5),
            Action::Three(value) => at(FIRST_THREE, value, 7),
            Action::Change(pos) => Some(FIRST_CHANGE + pos.index()),
            Action::Run(pos) => Some(FIRST_RUN + pos.index()),
            Action::Extend(pos) => Some(FIRST_EXTEND + pos.index()),
        }
    }

    fn action_from_index(_options: &Options, index: usize) -> Option<Action> {
        let pos = |first: usize| Pos::ALL.get(index - first).copied();
        Some(match index {
            0 => Action::Draw,
            1 => Action::Roll,
            2 => Action::Stop,
            3 => Action::End,
            FIRST_PLAY..FIRST_CHOOSE => {
                let i = index - FIRST_PLAY;
                let rest = i % PLAYS_PER_CARD;
                Action::Play {
                    card: card_at(i / PLAYS_PER_CARD)?,
                    slot: (rest / 2) as u8,
                    locked: rest % 2 == 1,
                }
            }
            FIRST_CHOOSE..FIRST_THREE => Action::Choose((index - FIRST_CHOOSE + 1) as u8),
            FIRST_THREE..FIRST_CHANGE => Action::Three((index - FIRST_THREE + 1) as u8),
            FIRST_CHANGE..FIRST_RUN => Action::Change(pos(FIRST_CHANGE)?),
            FIRST_RUN..FIRST_EXTEND => Action::Run(pos(FIRST_RUN)?),
            FIRST_EXTEND..ACTIONS => Action::Extend(pos(FIRST_EXTEND)?),
            _ => return None,
        })
    }

    fn tensor_layout(_options: &Options, kind: TensorKind, out: &mut Vec<Segment>) {
        common_layout(out);
        match kind {
            TensorKind::InformationState => out.extend([
                Segment::unit("plies", 1, 1, "actions taken so far ÷ 236 (the bound on a game's plies)"),
                Segment::unit(
                    "cards",
                    CARDS,
                    CARD_WIDTH,
                    "by card (A–7♠, A–7♣, A–7♥, A–7♦): in the seat's own hand, discarded, its slot \
                     B1–H3 (one-hot 6), its place in the slot from the bottom (one-hot 14), its value \
                     A–7 on the board (one-hot 7), modified by the die",
                ),
            ]),
            TensorKind::Observation => out.push(Segment::unit(
                "cards",
                CARDS,
                SEEN_CARD_WIDTH,
                "by card: in the seat's own hand, discarded, its slot B1–H3 (one-hot 6), on top of \
                 its slot, its value A–7 on the board (one-hot 7), modified by the die",
            )),
        }
    }

    fn tensor_size(_options: &Options, kind: TensorKind) -> usize {
        // The common segments: 2 + 2 + 7 + 4 + 6 + 1 + 7 + 3 + 6 + 1 + 2 × 8.
        const COMMON: usize = 55;
        COMMON
            + match kind {
                TensorKind::InformationState => 1 + CARDS * CARD_WIDTH,
                TensorKind::Observation => CARDS * SEEN_CARD_WIDTH,
            }
    }

    fn write_tensor(&self, kind: TensorKind, seat: Seat, w: &mut TensorWriter<'_>) {
        write_common(self, seat, w);
        let history = kind == TensorKind::InformationState;
        let width = if history { CARD_WIDTH } else { SEEN_CARD_WIDTH };
        if history {
            w.value(fraction(
                usize::try_from(self.plies).unwrap_or(usize::MAX),
                MAX_PLIES as usize,
            ));
        }
        // Where each card lies, written card by card into its row.
        let block = w.block(CARDS * width);
        let mut put = |offset: usize| {
            if let Some(place) = block.get_mut(offset) {
                *place = 1.0;
            }
        };
        for card in self.discard.iter() {
            if let Some(c) = card_slot(card) {
                put(c * width + 1);
            }
        }
        if let Some(side) = self.seats.get(seat.index()) {
            for card in side.hand.iter() {
                if let Some(c) = card_slot(card) {
                    put(c * width);
                }
            }
        }
        for (s, side) in self.seats.iter().enumerate() {
            for (slot, stack) in side.slots.iter().enumerate() {
                let cards = stack.as_slice();
                for (depth, placed) in cards.iter().enumerate() {
                    let Some(c) = card_slot(placed.card) else {
                        continue;
                    };
                    let row = c * width;
                    put(row + 2 + s * 3 + slot);
                    let after = if history {
                        put(row + 8 + depth.min(DEPTH - 1));
                        row + 8 + DEPTH
                    } else {
                        if depth + 1 == cards.len() {
                            put(row + 8);
                        }
                        row + 9
                    };
                    if let Some(v) = usize::from(placed.value).checked_sub(1).filter(|&v| v < 7) {
                        put(after + v);
                    }
                    if placed.modified {
                        put(after + 7);
                    }
                }
            }
        }
    }
}
