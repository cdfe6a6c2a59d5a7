//! Where a listing of actions is written: the legal actions' buffer, a count of them, the sole
//! option (which `settle` takes at once, HJ92), or the action at one index (which the random
//! ply draws). Each listing is written once, generic over its sink.

use crate::table::action::Action;

/// Where options are written.
pub(crate) trait Sink {
    /// One option.
    fn push(&mut self, action: Action);

    /// Several options, in order.
    fn push_all(&mut self, actions: &[Action]) {
        for &action in actions {
            self.push(action);
        }
    }
}

impl Sink for Vec<Action> {
    #[inline]
    fn push(&mut self, action: Action) {
        Vec::push(self, action);
    }

    #[inline]
    fn push_all(&mut self, actions: &[Action]) {
        self.extend_from_slice(actions);
    }
}

/// Counts options and keeps the first: enough to apply a sole option (HJ92).
#[derive(Default)]
pub(crate) struct Sole {
    /// Options seen (counting stops mattering at two).
    pub count: usize,
    /// The first.
    pub first: Option<Action>,
}

impl Sink for Sole {
    #[inline]
    fn push(&mut self, action: Action) {
        if self.count == 0 {
            self.first = Some(action);
        }
        self.count += 1;
    }

    #[inline]
    fn push_all(&mut self, actions: &[Action]) {
        if let Some(&first) = actions.first() {
            if self.count == 0 {
                self.first = Some(first);
            }
            self.count += actions.len();
        }
    }
}

/// Counts options, keeping none: how many a kind of action offers, when counting it from
/// masks would cost as much as listing it.
#[derive(Default)]
pub(crate) struct Count(pub usize);

impl Sink for Count {
    #[inline]
    fn push(&mut self, _: Action) {
        self.0 += 1;
    }

    #[inline]
    fn push_all(&mut self, actions: &[Action]) {
        self.0 += actions.len();
    }
}

/// Keeps the option at one index of a listing (counted from 0), and none of the others: the
/// action a random ply draws, built by the code that lists it.
pub(crate) struct Nth {
    /// Options to pass before the one kept (wraps below 0 once it is kept).
    left: usize,
    /// The option kept.
    pub found: Option<Action>,
}

impl Nth {
    /// Keeps the option at `index`.
    #[inline]
    pub fn new(index: usize) -> Nth {
        Nth {
            left: index,
            found: None,
        }
    }
}

impl Sink for Nth {
    #[inline]
    fn push(&mut self, action: Action) {
        if self.left == 0 {
            self.found = Some(action);
        }
        self.left = self.left.wrapping_sub(1);
    }

    #[inline]
    fn push_all(&mut self, actions: &[Action]) {
        if let Some(&action) = actions.get(self.left) {
            self.found = Some(action);
        }
        self.left = self.left.wrapping_sub(actions.len());
    }
}
