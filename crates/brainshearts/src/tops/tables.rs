//! The tables and word tricks the kept tops are read with: a position's byte, the loop of
//! values, where a run can start and go on, and the bytes of six positions read at once.

use cards::Card;

use crate::board::{down, up, BoardCard};

/// The low byte of each of the six positions' bytes in [`Tops::shown`](super::Tops).
pub(super) const POSITION_LOW_BITS: u64 = 0x0101_0101_0101;
/// Added to bytes below 0x80, sets a byte's high bit exactly when the byte is not zero.
const NONZERO: u64 = 0x7F7F_7F7F_7F7F;
/// The high bit of each of the six positions' bytes.
const HIGH_BITS: u64 = 0x8080_8080_8080;
/// Gathers bit `8p` (`p` = 0–5) of a word whose other bits below bit 48 are clear into bit
/// `40 + p` of the product: the partial products `8p + 40 − 7q` are all different, so none
/// carries into another.
pub(super) const GATHER_BYTES: u64 =
    (1 << 40) | (1 << 33) | (1 << 26) | (1 << 19) | (1 << 12) | (1 << 5);

/// The positions (bits 0–5) of the bytes of `bytes` (six bytes) that are not zero.
#[inline]
pub(super) const fn nonzero_positions(bytes: u64) -> u8 {
    // The low seven bits of a byte carry into its high bit when not all zero; its own high bit
    // is added by the OR.
    let high = (((bytes & 0x7F7F_7F7F_7F7F) + NONZERO) | bytes) & HIGH_BITS;
    (((high >> 7).wrapping_mul(GATHER_BYTES) >> 40) & 0b11_1111) as u8
}

/// The bit of a value 1–7 in a mask of values (bit 0 = the Ace); no bit for 0 (no card).
#[inline]
pub(super) const fn value_bit(value: u8) -> u8 {
    VALUE_BITS[(value & 7) as usize]
}

/// [`value_bit`] by value 0–7, one load instead of two shifts.
const VALUE_BITS: [u8; 8] = [0, 1, 2, 4, 8, 16, 32, 64];

/// A mask of values 1–7 written twice in a row (bits 0–6 and 7–13): shifted right by `k`, its
/// bit `v` is bit `v + k` (mod 7) of the mask, the mask turned round the loop.
#[inline]
const fn twice(values: u8) -> u16 {
    (values as u16) | (values as u16) << 7
}

/// For each mask of values shown (bit `v − 1` for value `v`), the values whose next two
/// values (round the loop) are both shown: where a run counting upwards can go on twice; and
/// [`WORMHOLE`] when 7 and 6 show, where a run counting downwards from an Ace can go on twice.
/// Its entry and [`OPPONENT_WITHIN_THREE`]'s together give the marks of a capturing run's
/// starts (see [`Side::start_marks`](super::Side::start_marks)).
pub(super) const NEXT_TWO_SHOWN: [u8; 128] = {
    let mut table = [0u8; 128];
    let mut values = 0;
    while values < 128 {
        let all = twice(values as u8);
        let downward = if values & 0b110_0000 == 0b110_0000 {
            WORMHOLE
        } else {
            0
        };
        table[values] = ((all >> 1) & (all >> 2) & 0x7F) as u8 | downward;
        values += 1;
    }
    table
};

/// For each mask of values the opponent shows, the values one of whose next three values
/// (round the loop) the opponent shows: where a run counting upwards can meet its capture;
/// and [`WORMHOLE`] when the opponent shows one of 7, 6 and 5, where a run counting downwards
/// from an Ace can.
pub(super) const OPPONENT_WITHIN_THREE: [u8; 128] = {
    let mut table = [0u8; 128];
    let mut values = 0;
    while values < 128 {
        let opp = twice(values as u8);
        let downward = if values & 0b111_0000 != 0 {
            WORMHOLE
        } else {
            0
        };
        table[values] = (((opp >> 1) | (opp >> 2) | (opp >> 3)) & 0x7F) as u8 | downward;
        values += 1;
    }
    table
};

/// One way round the loop of values (upwards, then downwards), for each value 1–7 (0: none,
/// unused): the next value, and the bits (bit `v − 1` for value `v`) of the value after it and
/// of the one after that.
pub(super) const STEPS: [[(u8, u8, u8); 8]; 2] = {
    let mut table = [[(0u8, 0u8, 0u8); 8]; 2];
    let mut way = 0;
    while way < 2 {
        let mut value = 1;
        while value < 8 {
            let downwards = way == 1;
            let next = if downwards { down(value) } else { up(value) };
            let after = if downwards { down(next) } else { up(next) };
            let then = if downwards { down(after) } else { up(after) };
            table[way][value as usize] = (next, value_bit(after), value_bit(then));
            value += 1;
        }
        way += 1;
    }
    table
};

/// Bit 7 of a position's byte in [`Tops::shown`](super::Tops): the card is a wormhole.
pub(super) const WORMHOLE: u8 = 0x80;

/// The byte of [`Tops::shown`](super::Tops) for a top card: its value's bit, and [`WORMHOLE`] for
/// an unmodified Ace.
#[inline]
pub(crate) const fn top_byte(top: BoardCard) -> u8 {
    // `BoardCard::is_wormhole` from the tables: the value's bit is bit 0 for the value 1 only,
    // and the byte of the card as played has the mark for a printed Ace only.
    let bit = value_bit(top.value);
    let ace_of_one = (bit & !top.modified as u8) << 7;
    bit | (PLAYED_BYTES[top.card.index() & 63] & ace_of_one)
}

/// The byte of [`Tops::shown`](super::Tops) for a card just played (unmodified), by the card: one
/// load.
#[inline]
pub(crate) const fn played_byte(card: Card) -> u8 {
    PLAYED_BYTES[card.index() & 63]
}

/// [`top_byte`] of each card as played, by card index (every index a card can have).
const PLAYED_BYTES: [u8; 64] = {
    let mut bytes = [0u8; 64];
    let mut index = 0;
    while index < 64 {
        if let Some(card) = Card::from_index(index) {
            let played = BoardCard::new(card);
            bytes[index] = value_bit(played.value) | ((played.is_wormhole() as u8) * WORMHOLE);
        }
        index += 1;
    }
    bytes
};
