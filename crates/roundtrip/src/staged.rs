//! Legal actions staged in the caller's buffer without a branch each: the buffer is filled
//! with placeholders in one fixed-size copy ([`Staged::start`]), every candidate action is
//! written at the end and kept by moving the end past it when legal, and the buffer is cut to
//! the kept actions ([`Staged::kept`]). Random hands make the legality of each play
//! unpredictable, so a branch per action is mispredicted often in playouts; these writes are
//! not. The callers write the candidates between `start` and `kept` in their own body, not in
//! a closure: a closure holding the main step's listing was compiled as a function of its own,
//! called out of line from the random ply (about 25 instructions a ply more).

use crate::action::Action;
use crate::deck::TripCard;

/// Hands of at most this many cards (a power of two: a card's position in the hand is masked
/// with it) have their legal actions staged (see [`Staged`]); larger
/// hands (rare: a hand grows beyond its five cards only by drawing in wild-card responses, and
/// random games hold two or three cards on average) are pushed one action at a time.
pub(crate) const STAGED_HAND: usize = 8;
/// Room of the staged actions of a main step or a response: two plays per card of a
/// [`STAGED_HAND`] hand then the block of its discards (16 + 8), or two plays per card, a draw
/// and a pass (18), rounded up to a power of two.
pub(crate) const STAGED_MAIN: usize = 32;
/// Room of the staged actions after a play: a draw, a steal from each of at most six seats and a
/// pass, rounded up to a power of two.
pub(crate) const STAGED_AFTER: usize = 8;

/// The action staged buffers are filled with before the legal actions are written: one with
/// both of its bytes defined (a pass leaves one undefined), so that filling is a few wide stores
/// rather than one store a byte.
pub(crate) const PLACEHOLDER: Action = Action::Discard(TripCard(0));

/// Legal actions written straight into the caller's buffer without a branch each (see the
/// module's summary). `N` is a power of two, so that masking the position keeps every write in
/// bounds without a check.
pub(crate) struct Staged<'a, const N: usize> {
    slots: &'a mut [Action; N],
    len: usize,
}

impl<'a, const N: usize> Staged<'a, N> {
    /// Starts staging into `out`: its contents are replaced by `N` placeholders in one
    /// fixed-size copy, which the candidate actions are then written over. `None` never comes
    /// back (the buffer then holds `N` actions); the caller cuts `out` to
    /// [`kept`](Self::kept) actions once the candidates are written.
    #[inline(always)]
    pub(crate) fn start(out: &'a mut Vec<Action>) -> Option<Self> {
        out.clear();
        out.extend_from_slice(&[PLACEHOLDER; N]);
        let slots = out.first_chunk_mut::<N>()?;
        Some(Staged { slots, len: 0 })
    }

    /// The number of actions kept, to cut the buffer to.
    #[inline(always)]
    pub(crate) fn kept(&self) -> usize {
        self.len.min(N)
    }

    /// Writes `action` at the end, and keeps it if `keep`. The callers put at most `N` actions
    /// (see [`STAGED_MAIN`] and [`STAGED_AFTER`]).
    #[inline(always)]
    pub(crate) fn put(&mut self, action: Action, keep: bool) {
        self.slots[self.len & (N - 1)] = action;
        self.len += usize::from(keep);
    }

    /// The number of actions kept so far.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Writes the `B` actions of `block` at the end in one fixed-size copy, and keeps the first
    /// `count` of them. The callers leave room for the block (see [`STAGED_MAIN`]).
    #[inline(always)]
    pub(crate) fn put_block<const B: usize>(&mut self, block: &[Action; B], count: usize) {
        let start = self.len & (N - 1);
        if let Some(slots) = self.slots.get_mut(start..start + B) {
            slots.copy_from_slice(block);
        }
        self.len += count.min(B);
    }
}
