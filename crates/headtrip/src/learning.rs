//! What a learning program reads of Head Trip: the action indices and the two tensors of a
//! seat ([`cards::Learn`]); the layouts are tabulated in `docs/rules/headtrip.md`.

use cards::learning::{fraction, Learn, LearnError, Segment, TensorKind, TensorWriter};
use cards::{Card, Rank, Seat};

use crate::options::CHALLENGES;
use crate::table::{row_of, Phase, Played, Table, ROW_SUITS};
use crate::{Action, Aspect, HeadTrip, Options};

/// Action cards per aspect: 2–10.
const RANKS: usize = 9;
/// Two-card plays of one aspect: pairs of its nine ranks, low first.
const PAIRS: usize = RANKS * (RANKS - 1) / 2;
/// The first index of a one-card play: after step down, stay, recall, no recall, four votes and
/// four choices.
const FIRST_PLAY: usize = 12;
/// The first index of a two-card play: after the 36 one-card plays.
const FIRST_PAIR: usize = FIRST_PLAY + 4 * RANKS;
/// Aspects with an affinity (HT6): The Animal, The Angel and The Genius; The Student has none.
const AFFINE: usize = 3;
/// Values of one tableau play in the information state: owner (4), face up, two cards, ranks
/// (9).
const PLAY_WIDTH: usize = 4 + 2 + RANKS;

/// The rank of an action card as 0–8 (2–10), if it is one.
#[inline]
fn rank_slot(card: Card) -> Option<usize> {
    // A suited card's index is 13 × suit + value − 1: 2–10 are 1–9 within the suit.
    let i = card.index();
    (i < 52 && (1..=9).contains(&(i % 13))).then(|| i % 13 - 1)
}

/// The aspect (by index) whose suit a suited card has: by suit index ♣ ♦ ♥ ♠.
const OWNER_OF_SUIT: [usize; 4] = [0, 3, 1, 2];

/// The owner and the ranks (bits 0–8) of a play's cards, read from the cards' indices.
#[inline]
fn play_owner_bits(play: Played) -> (Option<usize>, u64) {
    let i = play.first.index();
    let owner = (i < 52).then(|| OWNER_OF_SUIT[(i / 13) & 3]);
    let bits = rank_slot(play.first).map_or(0, |r| 1u64 << r)
        | play.second.and_then(rank_slot).map_or(0, |r| 1u64 << r);
    (owner, bits)
}

/// A card of rank slot 0–8 of a suit.
fn card_at(slot: usize, aspect: Aspect) -> Option<Card> {
    Rank::from_value(slot as u8 + 2).map(|r| Card::new(r, aspect.suit()))
}

/// The aspect whose action cards are of this card's suit.
fn owner_of(card: Card) -> Option<Aspect> {
    Aspect::ALL
        .into_iter()
        .find(|a| Some(a.suit()) == card.suit())
}

/// The index 0–26 of a challenge card (2–10 of ♣ ♥ ♠): its row, then its rank.
fn challenge_slot(card: Card) -> Option<usize> {
    let row = row_of(card.suit()?)?;
    Some(row * RANKS + rank_slot(card)?)
}

/// The index of the pair of rank slots `low < high` among the 36 pairs, low first.
fn pair_index(low: usize, high: usize) -> usize {
    low * (2 * RANKS - low - 1) / 2 + (high - low - 1)
}

/// The pair of rank slots at a pair index.
fn pair_at(index: usize) -> Option<(usize, usize)> {
    (0..RANKS)
        .flat_map(|low| (low + 1..RANKS).map(move |high| (low, high)))
        .nth(index)
}

/// The ranks of a hand (bits 2–10) as bits 0–8.
fn hand_bits(hand: u16) -> u64 {
    u64::from(hand >> 2) & 0x1ff
}

/// The phase as 0–5, in the order of the layout.
fn phase_slot(phase: Phase) -> usize {
    match phase {
        Phase::StepDown => 0,
        Phase::RecallPoll { .. } => 1,
        Phase::Election { .. } => 2,
        Phase::TieBreak { .. } => 3,
        Phase::Play => 4,
        Phase::Over => 5,
    }
}

/// The segments both tensors begin with: the seat, the session and the decision asked.
fn common_layout(out: &mut Vec<Segment>) {
    out.extend([
        Segment::unit(
            "seat",
            1,
            4,
            "one-hot: the seat looking (all 0 for a spectator)",
        ),
        Segment::unit(
            "session",
            1,
            1,
            "which game of the session is under way, ÷ games in the session",
        ),
        Segment::unit(
            "phase",
            1,
            6,
            "one-hot: step down or stay, recall poll, election, tie-break, play, over",
        ),
        Segment::unit(
            "poll_asked",
            1,
            4,
            "one-hot: in a recall poll, how many seats have answered (0–3)",
        ),
        Segment::unit(
            "poll_calls",
            1,
            4,
            "one-hot: in a recall poll, how many have called for a recall (0–3)",
        ),
        Segment::unit(
            "election_next",
            1,
            4,
            "one-hot: in an election, the seat to vote next",
        ),
        Segment::unit(
            "tie_leaders",
            1,
            4,
            "in a tie-break, the leading aspects (a flag each)",
        ),
        Segment::unit("to_act", 1, 4, "one-hot: the seat to act (all 0 once over)"),
        Segment::unit("pilot", 1, 4, "one-hot: the pilot"),
        Segment::unit("recalls", 1, 3, "one-hot: recall cards left (0–2)"),
        Segment::unit(
            "challenge",
            1,
            27,
            "one-hot: the challenge faced now (2–10 of ♣, then ♥, then ♠)",
        ),
        Segment::unit(
            "hand",
            1,
            9,
            "the seat's own action cards in hand, ranks 2–10 (a flag each)",
        ),
        Segment::unit("hand_sizes", 1, 4, "by aspect, action cards in hand ÷ 9"),
        Segment::unit(
            "own_vote",
            1,
            4,
            "one-hot: the seat's own vote in the election under way",
        ),
        Segment::unit(
            "last_votes",
            4,
            4,
            "by seat, one-hot: its vote in the last finished election",
        ),
        Segment::unit(
            "recall_calls",
            1,
            4,
            "the seats that called for a recall in the poll under way or the last one of this game",
        ),
        Segment::unit("scores", 1, 4, "by aspect, session score ÷ (27 × games)"),
    ]);
}

/// Writes the segments of [`common_layout`].
fn write_common(t: &Table, seat: Seat, w: &mut TensorWriter<'_>) {
    let aspect = Aspect::of_seat(seat);
    w.one_hot(4, aspect.map(Aspect::index));
    w.value(fraction(t.game_index as usize, t.options.games as usize));
    w.one_hot(6, Some(phase_slot(t.phase)));
    let (asked, calls) = match t.phase {
        Phase::RecallPoll { asked, calls } => (Some(usize::from(asked)), Some(usize::from(calls))),
        _ => (None, None),
    };
    w.one_hot(4, asked);
    w.one_hot(4, calls);
    w.one_hot(
        4,
        match t.phase {
            Phase::Election { next } => Some(usize::from(next)),
            _ => None,
        },
    );
    w.bits(
        4,
        match t.phase {
            Phase::TieBreak { leaders } => u64::from(leaders),
            _ => 0,
        },
    );
    w.one_hot(4, t.to_act().map(Seat::index));
    w.one_hot(4, Some(t.pilot.index()));
    w.one_hot(3, Some(usize::from(t.recalls)));
    w.one_hot(CHALLENGES, t.challenge().and_then(challenge_slot));
    w.bits(RANKS, aspect.map_or(0, |a| hand_bits(t.hands[a.index()])));
    for hand in t.hands {
        w.value(fraction(hand.count_ones() as usize, RANKS));
    }
    w.one_hot(
        4,
        aspect.and_then(|a| t.votes[a.index()]).map(Aspect::index),
    );
    for seat in 0..4 {
        w.one_hot(4, t.last_votes.map(|votes| votes[seat].index()));
    }
    w.bits(4, u64::from(t.recall_calls));
    let whole = CHALLENGES * t.options.games as usize;
    for score in t.scores() {
        w.value(fraction(usize::try_from(score).unwrap_or(0), whole));
    }
}

impl Learn for HeadTrip {
    /// 48 actions: `step-down`, `stay`, `recall`, `no-recall`, the four votes, the four
    /// choices, the 36 one-card plays; with Aspect Affinities, 108 more two-card plays (36 pairs
    /// for each of The Animal, The Angel and The Genius): 156.
    fn num_distinct_actions(options: &Options) -> usize {
        FIRST_PAIR
            + if options.aspect_affinities {
                AFFINE * PAIRS
            } else {
                0
            }
    }

    fn action_index(options: &Options, action: Action) -> Option<usize> {
        Some(match action {
            Action::StepDown => 0,
            Action::Stay => 1,
            Action::CallRecall => 2,
            Action::NoRecall => 3,
            Action::Vote(aspect) => 4 + aspect.index(),
            Action::Choose(aspect) => 8 + aspect.index(),
            Action::Play(card) => FIRST_PLAY + owner_of(card)?.index() * RANKS + rank_slot(card)?,
            Action::PlayTwo(low, high) => {
                let owner = owner_of(low)?;
                let (l, h) = (rank_slot(low)?, rank_slot(high)?);
                if !options.aspect_affinities
                    || owner.index() >= AFFINE
                    || owner_of(high) != Some(owner)
                    || l >= h
                {
                    return None;
                }
                FIRST_PAIR + owner.index() * PAIRS + pair_index(l, h)
            }
        })
    }

    fn action_from_index(options: &Options, index: usize) -> Option<Action> {
        Some(match index {
            0 => Action::StepDown,
            1 => Action::Stay,
            2 => Action::CallRecall,
            3 => Action::NoRecall,
            4..=7 => Action::Vote(Aspect::ALL[index - 4]),
            8..=11 => Action::Choose(Aspect::ALL[index - 8]),
            FIRST_PLAY..FIRST_PAIR => {
                let i = index - FIRST_PLAY;
                Action::Play(card_at(i % RANKS, Aspect::ALL[i / RANKS])?)
            }
            _ if index < Self::num_distinct_actions(options) => {
                let i = index - FIRST_PAIR;
                let aspect = Aspect::ALL[i / PAIRS];
                let (low, high) = pair_at(i % PAIRS)?;
                Action::PlayTwo(card_at(low, aspect)?, card_at(high, aspect)?)
            }
            _ => return None,
        })
    }

    /// Marks the legal indices from the phase and the pilot's hand, without listing the
    /// actions: the indices of what `legal_actions` lists (the kit checks they agree).
    fn fill_legal_action_mask(
        &self,
        _scratch: &mut Vec<Action>,
        mask: &mut [bool],
    ) -> Result<usize, LearnError> {
        let t = &self.table;
        let mut count = 0;
        let mut mark = |i: usize| {
            if let Some(place) = mask.get_mut(i) {
                *place = true;
                count += 1;
            }
        };
        match t.phase {
            Phase::StepDown => (0..2).for_each(&mut mark),
            Phase::RecallPoll { .. } => (2..4).for_each(&mut mark),
            Phase::Election { .. } => (4..8).for_each(&mut mark),
            Phase::TieBreak { leaders } => (0..4)
                .filter(|a| leaders & (1 << a) != 0)
                .for_each(|a| mark(8 + a)),
            Phase::Play => {
                let pilot = t.pilot.index();
                let hand = hand_bits(t.hands[pilot]);
                let mut singles = hand;
                while singles != 0 {
                    mark(FIRST_PLAY + pilot * RANKS + singles.trailing_zeros() as usize);
                    singles &= singles - 1;
                }
                let affine = t.options.aspect_affinities
                    && pilot < AFFINE
                    && t.challenge().and_then(Card::suit) == Some(t.pilot.suit());
                if affine {
                    let mut lows = hand;
                    while lows != 0 {
                        let low = lows.trailing_zeros() as usize;
                        lows &= lows - 1;
                        let mut highs = lows;
                        while highs != 0 {
                            let high = highs.trailing_zeros() as usize;
                            highs &= highs - 1;
                            mark(FIRST_PAIR + pilot * PAIRS + pair_index(low, high));
                        }
                    }
                }
            }
            Phase::Over => {}
        }
        Ok(count)
    }

    fn tensor_layout(_options: &Options, kind: TensorKind, out: &mut Vec<Segment>) {
        common_layout(out);
        match kind {
            TensorKind::InformationState => out.extend([
                Segment::unit(
                    "faced",
                    CHALLENGES,
                    CHALLENGES,
                    "row r, one-hot: the r-th challenge faced and answered in this game (as in `challenge`)",
                ),
                Segment::unit(
                    "plays",
                    CHALLENGES,
                    PLAY_WIDTH,
                    "row r: the play that answered the r-th challenge: owner (one-hot, 4), face up, \
                     two cards, then its ranks 2–10 (9 flags: shown when face up or the seat's own)",
                ),
            ]),
            TensorKind::Observation => out.extend([
                Segment::unit("faced_set", 1, CHALLENGES, "the challenges faced and answered in this game (a flag each)"),
                Segment::unit(
                    "face_up",
                    3,
                    4 * RANKS,
                    "by tableau row ♣ ♥ ♠: the action cards lying face up in it (9 ranks of each aspect's suit, in aspect order)",
                ),
                Segment::unit("own_face_down", 1, RANKS, "the seat's own action cards lying face down, ranks 2–10"),
                Segment::unit("face_down", 3, 4, "by tableau row, by owner: its face-down plays ÷ 9"),
            ]),
        }
    }

    fn tensor_size(_options: &Options, kind: TensorKind) -> usize {
        // The common segments: 4 + 1 + 6 + 4 + 4 + 4 + 4 + 4 + 4 + 3 + 27 + 9 + 4 + 4 + 16 + 4 + 4.
        const COMMON: usize = 106;
        COMMON
            + match kind {
                TensorKind::InformationState => CHALLENGES * CHALLENGES + CHALLENGES * PLAY_WIDTH,
                TensorKind::Observation => CHALLENGES + 3 * 4 * RANKS + RANKS + 3 * 4,
            }
    }

    fn write_tensor(&self, kind: TensorKind, seat: Seat, w: &mut TensorWriter<'_>) {
        let t = &self.table;
        write_common(t, seat, w);
        let aspect = Aspect::of_seat(seat);
        let faced = &t.deck[..usize::from(t.next).min(CHALLENGES)];
        match kind {
            TensorKind::InformationState => {
                for &challenge in faced {
                    w.one_hot(CHALLENGES, challenge_slot(challenge));
                }
                w.skip((CHALLENGES - faced.len()) * CHALLENGES);
                // The i-th entry of a row answers the i-th challenge of its suit.
                let mut taken = [0usize; 3];
                for &challenge in faced {
                    let Some(row) = challenge.suit().and_then(row_of) else {
                        w.skip(PLAY_WIDTH);
                        continue;
                    };
                    let Some(placed) = t.rows[row].get(taken[row]) else {
                        w.skip(PLAY_WIDTH);
                        continue;
                    };
                    taken[row] += 1;
                    let play = placed.card;
                    let (owner, bits) = play_owner_bits(play);
                    let up = placed.is_face_up();
                    let shown = up || (owner.is_some() && owner == aspect.map(Aspect::index));
                    w.one_hot(4, owner);
                    w.flag(up);
                    w.flag(play.second.is_some());
                    w.bits(RANKS, if shown { bits } else { 0 });
                }
                w.skip((CHALLENGES - faced.len()) * PLAY_WIDTH);
            }
            TensorKind::Observation => {
                let faced_bits = faced
                    .iter()
                    .filter_map(|&c| challenge_slot(c))
                    .fold(0u64, |bits, i| bits | 1 << i);
                w.bits(CHALLENGES, faced_bits);
                let mut own_down = 0;
                let mut down = [[0usize; 4]; 3];
                for (row, suit) in ROW_SUITS.iter().enumerate() {
                    debug_assert_eq!(row_of(*suit), Some(row));
                    let mut up = 0u64;
                    for placed in t.rows[row].iter() {
                        let (Some(owner), bits) = play_owner_bits(placed.card) else {
                            continue;
                        };
                        if placed.is_face_up() {
                            up |= bits << (owner * RANKS);
                        } else {
                            down[row][owner & 3] += 1;
                            if Some(owner) == aspect.map(Aspect::index) {
                                own_down |= bits;
                            }
                        }
                    }
                    w.bits(4 * RANKS, up);
                }
                w.bits(RANKS, own_down);
                for row in down {
                    for count in row {
                        w.value(fraction(count, RANKS));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_indices_cover_the_36_pairs_in_order() {
        let mut next = 0;
        for low in 0..RANKS {
            for high in low + 1..RANKS {
                assert_eq!(pair_index(low, high), next);
                assert_eq!(pair_at(next), Some((low, high)));
                next += 1;
            }
        }
        assert_eq!(next, PAIRS);
        assert_eq!(pair_at(PAIRS), None);
    }
}
