//! What a learning program reads of a game: a fixed action index space with legal-action
//! masks, and fixed-shape tensors of a seat's information state and observation.
//!
//! A game implements [`Learn`]; a learner calls the methods of [`LearnExt`], which every
//! [`Learn`] game has and none can redefine: they check the caller's buffers, clear them, and
//! let the game fill only what it must.
//!
//! # Action indices
//!
//! Every game with given options has [`num_distinct_actions`](Learn::num_distinct_actions)
//! indices, `0..n`, each naming one action ([`action_from_index`](Learn::action_from_index)),
//! the same in every state of every game with those options: a policy network's output layer
//! is that size, and the [legal-action mask](LearnExt::legal_action_mask) says which indices
//! are legal now. Every action that can ever be legal with those options has an index
//! ([`action_index`](Learn::action_index)); the index space is what
//! [`Game::action_space`] lists, in index order, with at most a few values that are never legal
//! appended for the refusal probes of the kit and the fuzzers
//! ([`index_space`] lists it; the kit checks the two agree in every state). A decision too large
//! to index flatly (a payment naming each of its sources, say) is asked as a sequence of smaller
//! decisions, as the games' multi-step decisions already are.
//!
//! # Tensors
//!
//! Two tensors per seat, flat `f32` arrays of a size fixed by the options, each described by a
//! [`Segment`] list ([`Learn::tensor_layout`]) that says which slice holds what and the range of
//! its values; `cards describe <game>` prints it and each game's rules reading tabulates it.
//!
//! - [`TensorKind::InformationState`] encodes the seat's [view](Game::view) exactly: two states
//!   with the same view give the same tensor, and two different views give different tensors
//!   (a learner that reads only the tensor knows what the seat knows, its memory of the game
//!   included).
//! - [`TensorKind::Observation`] is smaller: the table as the seat sees it now, without the
//!   history the information state keeps. Two states with the same view still give the same
//!   observation tensor; two different views may too.
//!
//! Writing either allocates nothing. The kit's `learning` properties check all of it for every
//! game (`cards::testkit::learning` with the `testkit` feature).

use std::fmt;

use crate::{Game, Seat};

/// Which tensor of a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TensorKind {
    /// The seat's information state with perfect recall: its view, exactly.
    InformationState,
    /// What the seat sees of the table now, without the history.
    Observation,
}

impl TensorKind {
    /// Both kinds, the information state first.
    pub const ALL: [TensorKind; 2] = [TensorKind::InformationState, TensorKind::Observation];

    /// `information_state` or `observation`.
    pub const fn name(self) -> &'static str {
        match self {
            TensorKind::InformationState => "information_state",
            TensorKind::Observation => "observation",
        }
    }
}

impl fmt::Display for TensorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One slice of a tensor: `rows × columns` values, row by row, each within `min..=max`.
#[derive(Clone, Debug, PartialEq)]
pub struct Segment {
    /// A short name (`hand`, `faced`).
    pub name: &'static str,
    /// Rows (1 for a plain vector).
    pub rows: usize,
    /// Values per row.
    pub columns: usize,
    /// The smallest value it can hold.
    pub min: f32,
    /// The largest value it can hold.
    pub max: f32,
    /// What it holds, in a sentence or two.
    pub meaning: &'static str,
}

impl Segment {
    /// A segment of `rows × columns` values in `0..=1` (flags, one-hot rows, fractions).
    pub const fn unit(
        name: &'static str,
        rows: usize,
        columns: usize,
        meaning: &'static str,
    ) -> Segment {
        Segment {
            name,
            rows,
            columns,
            min: 0.0,
            max: 1.0,
            meaning,
        }
    }

    /// A segment of `rows × columns` values in `min..=max`.
    pub const fn ranged(
        name: &'static str,
        rows: usize,
        columns: usize,
        min: f32,
        max: f32,
        meaning: &'static str,
    ) -> Segment {
        Segment {
            name,
            rows,
            columns,
            min,
            max,
            meaning,
        }
    }

    /// How many values it holds.
    pub const fn len(&self) -> usize {
        self.rows * self.columns
    }

    /// Whether it holds no value (a segment sized by options that give it none).
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Writes a tensor's values in layout order into a buffer cleared to zeros. Writes past the end
/// are dropped and counted as written, so that the caller sees a layout that overflows as a
/// length mismatch ([`LearnError::Layout`]) rather than a panic.
#[derive(Debug)]
pub struct TensorWriter<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> TensorWriter<'a> {
    /// A writer at the start of `out`, which must be all zeros.
    pub fn new(out: &'a mut [f32]) -> TensorWriter<'a> {
        TensorWriter { out, at: 0 }
    }

    /// Values written (or skipped) so far.
    pub const fn position(&self) -> usize {
        self.at
    }

    /// Writes one value.
    #[inline]
    pub fn value(&mut self, value: f32) {
        if let Some(place) = self.out.get_mut(self.at) {
            *place = value;
        }
        self.at += 1;
    }

    /// Writes 1 for `true`, 0 for `false`.
    #[inline]
    pub fn flag(&mut self, on: bool) {
        self.value(f32::from(u8::from(on)));
    }

    /// Writes `len` values, all 0 but a 1 at `index` (none for `None` or an index out of range).
    #[inline]
    pub fn one_hot(&mut self, len: usize, index: Option<usize>) {
        if let Some(i) = index.filter(|&i| i < len) {
            if let Some(place) = self.out.get_mut(self.at + i) {
                *place = 1.0;
            }
        }
        self.at += len;
    }

    /// Writes the low `len` bits of `bits`, lowest first, as 0 or 1.
    #[inline]
    pub fn bits(&mut self, len: usize, bits: u64) {
        let mut rest = bits;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            if i >= len {
                break;
            }
            if let Some(place) = self.out.get_mut(self.at + i) {
                *place = 1.0;
            }
            rest &= rest - 1;
        }
        self.at += len;
    }

    /// Leaves `len` values at 0.
    #[inline]
    pub fn skip(&mut self, len: usize) {
        self.at += len;
    }

    /// The next `len` values (all 0), to be written in any order, and moves past them: for a
    /// block whose entries are not written in layout order. Shorter than `len` only if the
    /// layout overflows the buffer.
    #[inline]
    pub fn block(&mut self, len: usize) -> &mut [f32] {
        let start = self.at.min(self.out.len());
        let end = (self.at + len).min(self.out.len());
        self.at += len;
        &mut self.out[start..end]
    }
}

/// Why a learning call refused its buffer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LearnError {
    /// The buffer is not the size the options give.
    #[error("the buffer holds {given} values, the {what} has {expected}")]
    Length {
        /// What was being written: `mask`, `information_state`, `observation`.
        what: &'static str,
        /// Its size for the game's options.
        expected: usize,
        /// The buffer's length.
        given: usize,
    },
    /// The game wrote another number of values than its layout states: a bug of the game.
    #[error("the game wrote {written} values of its {what} tensor, its layout has {expected}")]
    Layout {
        /// Which tensor.
        what: &'static str,
        /// The layout's size.
        expected: usize,
        /// Values written.
        written: usize,
    },
    /// A legal action has no index: a bug of the game.
    #[error("the legal action `{0}` has no index")]
    Unindexed(String),
}

/// A game a learning program can read (see the module docs).
///
/// Implement the required methods; call the ones of [`LearnExt`]. The kit's `learning`
/// properties check an implementation against every promise made here.
pub trait Learn: Game {
    /// Size of the action index space for these options: every index below it names one
    /// action. A few thousand at most, so that it can be a network's output layer.
    fn num_distinct_actions(options: &Self::Options) -> usize;

    /// The index of an action, the same in every state of a game with these options; `None`
    /// for an action that is never legal with them. Every index returned is below
    /// [`num_distinct_actions`](Learn::num_distinct_actions).
    fn action_index(options: &Self::Options, action: Self::Action) -> Option<usize>;

    /// The action an index names; `None` only for an index out of range.
    fn action_from_index(options: &Self::Options, index: usize) -> Option<Self::Action>;

    /// Sets `mask[i]` for the index `i` of every legal action, on a mask the caller cleared to
    /// `false` and sized for the options; returns how many are legal. `scratch` is lent for the
    /// legal actions.
    ///
    /// The default lists the legal actions and marks their indices. A game may mark them
    /// without listing them, provided it marks the same indices (the kit's
    /// `masks_match_legal_actions` checks it).
    fn fill_legal_action_mask(
        &self,
        scratch: &mut Vec<Self::Action>,
        mask: &mut [bool],
    ) -> Result<usize, LearnError> {
        self.legal_actions(scratch);
        let options = self.options();
        let mut marked = 0;
        for &action in scratch.iter() {
            if let Some(place) = Self::action_index(options, action).and_then(|i| mask.get_mut(i)) {
                *place = true;
                marked += 1;
            }
        }
        if marked != scratch.len() {
            return Err(unindexed::<Self>(options, scratch));
        }
        Ok(marked)
    }

    /// Appends the layout of a tensor for these options to `out`: its segments in order.
    fn tensor_layout(options: &Self::Options, kind: TensorKind, out: &mut Vec<Segment>);

    /// The size of a tensor for these options: the sum of its layout's segments (the kit checks
    /// they agree). Called at every write, so it should be cheap.
    fn tensor_size(options: &Self::Options, kind: TensorKind) -> usize;

    /// Writes the tensor of `seat` in layout order into `w`, whose buffer is cleared to zeros
    /// and sized for the options. A seat beyond the table gets a spectator's tensor (its own
    /// seat unmarked, no hand). Allocates nothing.
    fn write_tensor(&self, kind: TensorKind, seat: Seat, w: &mut TensorWriter<'_>);
}

/// The error of a legal action without an index among `legal` (out of line: never taken by a
/// game that keeps the contract).
#[cold]
#[inline(never)]
fn unindexed<G: Learn>(options: &G::Options, legal: &[G::Action]) -> LearnError {
    let missing = legal
        .iter()
        .find(|&&a| G::action_index(options, a).is_none())
        .map_or_else(String::new, ToString::to_string);
    LearnError::Unindexed(missing)
}

/// The calls a learner makes: defined once for every [`Learn`] game.
pub trait LearnExt: Learn {
    /// The size of the action index space of this game's options.
    fn action_count(&self) -> usize {
        Self::num_distinct_actions(self.options())
    }

    /// The index of an action under this game's options (see [`Learn::action_index`]).
    fn index_of(&self, action: Self::Action) -> Option<usize> {
        Self::action_index(self.options(), action)
    }

    /// The action at an index under this game's options (see [`Learn::action_from_index`]).
    fn action_at(&self, index: usize) -> Option<Self::Action> {
        Self::action_from_index(self.options(), index)
    }

    /// Fills `mask` (sized [`action_count`](LearnExt::action_count)) with `true` at the index of
    /// every legal action and `false` elsewhere; returns how many are legal. `scratch` is lent
    /// for the legal actions: once grown, nothing is allocated.
    fn legal_action_mask(
        &self,
        scratch: &mut Vec<Self::Action>,
        mask: &mut [bool],
    ) -> Result<usize, LearnError> {
        let expected = self.action_count();
        if mask.len() != expected {
            return Err(LearnError::Length {
                what: "mask",
                expected,
                given: mask.len(),
            });
        }
        mask.fill(false);
        self.fill_legal_action_mask(scratch, mask)
    }

    /// The size of a tensor for this game's options.
    fn tensor_len(&self, kind: TensorKind) -> usize {
        Self::tensor_size(self.options(), kind)
    }

    /// Writes the tensor of `seat` into `out` (sized [`tensor_len`](LearnExt::tensor_len)).
    /// Allocates nothing.
    fn tensor(&self, kind: TensorKind, seat: Seat, out: &mut [f32]) -> Result<(), LearnError> {
        let expected = self.tensor_len(kind);
        if out.len() != expected {
            return Err(LearnError::Length {
                what: kind.name(),
                expected,
                given: out.len(),
            });
        }
        out.fill(0.0);
        let mut w = TensorWriter::new(out);
        self.write_tensor(kind, seat, &mut w);
        if w.position() != expected {
            return Err(LearnError::Layout {
                what: kind.name(),
                expected,
                written: w.position(),
            });
        }
        Ok(())
    }

    /// The information-state tensor of `seat` (see [`TensorKind::InformationState`]).
    fn information_state_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), LearnError> {
        self.tensor(TensorKind::InformationState, seat, out)
    }

    /// The observation tensor of `seat` (see [`TensorKind::Observation`]).
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), LearnError> {
        self.tensor(TensorKind::Observation, seat, out)
    }
}

impl<G: Learn> LearnExt for G {}

/// Every action of the index space of these options, in index order: what a game's
/// [`Game::action_space`] lists first.
pub fn index_space<G: Learn>(options: &G::Options, out: &mut Vec<G::Action>) {
    out.clear();
    let n = G::num_distinct_actions(options);
    out.extend((0..n).filter_map(|i| G::action_from_index(options, i)));
}

/// A tensor's layout for these options.
pub fn layout<G: Learn>(options: &G::Options, kind: TensorKind) -> Vec<Segment> {
    let mut out = Vec::new();
    G::tensor_layout(options, kind, &mut out);
    out
}

/// A layout as a Markdown table: offset, shape, range, name and meaning of each segment, as
/// `cards describe` prints it and the rules readings show it.
pub fn layout_table(segments: &[Segment]) -> String {
    let mut out = String::from(
        "| offset | shape | range | name | meaning |\n| --- | --- | --- | --- | --- |\n",
    );
    let mut offset = 0;
    for s in segments {
        let shape = if s.rows == 1 {
            format!("{}", s.columns)
        } else {
            format!("{} × {}", s.rows, s.columns)
        };
        out.push_str(&format!(
            "| {offset} | {shape} | {}–{} | `{}` | {} |\n",
            s.min, s.max, s.name, s.meaning
        ));
        offset += s.len();
    }
    out
}

/// A fraction `count / whole` for a tensor: 0 when `whole` is 0. Exact enough to tell apart
/// any two counts below 2^20 of the same whole.
#[inline]
pub fn fraction(count: usize, whole: usize) -> f32 {
    if whole == 0 {
        0.0
    } else {
        (count as f64 / whole as f64) as f32
    }
}
