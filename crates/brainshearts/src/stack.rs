//! A fixed-capacity stack stored inline: decks, slot stacks and stacked die results live in
//! the state without any heap allocation, so a state clone is a plain copy.

use serde::de::{Error as _, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;

/// Up to `N` items, bottom first; the top is the last item pushed.
///
/// Serialises as a list of its items, bottom first; a list longer than `N` is refused when
/// deserialising.
#[derive(Clone, Copy)]
pub struct ArrayStack<T, const N: usize> {
    items: [T; N],
    len: u8,
}

/// A filler value for the unused places of an [`ArrayStack`].
pub trait Blank: Copy {
    /// The filler.
    const BLANK: Self;
}

impl Blank for u8 {
    const BLANK: u8 = 0;
}

impl Blank for cards::Card {
    const BLANK: cards::Card = cards::Card::BLACK_JOKER;
}

impl<T: Copy + Blank, const N: usize> Default for ArrayStack<T, N> {
    fn default() -> Self {
        ArrayStack {
            items: [T::BLANK; N],
            len: 0,
        }
    }
}

impl<T: Copy + Blank, const N: usize> ArrayStack<T, N> {
    /// The most items the stack holds.
    pub const CAPACITY: usize = N;

    /// An empty stack.
    pub fn new() -> Self {
        Self::default()
    }

    /// A stack of these items, the first at the bottom; `None` if there are more than `N`.
    pub fn from_slice(items: &[T]) -> Option<Self> {
        let mut stack = Self::new();
        for &item in items {
            if !stack.push(item) {
                return None;
            }
        }
        Some(stack)
    }

    /// Puts an item on top; returns `false` (and changes nothing) when the stack is full.
    pub fn push(&mut self, item: T) -> bool {
        match self.items.get_mut(usize::from(self.len)) {
            Some(place) => {
                *place = item;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// Takes the top item.
    pub fn pop(&mut self) -> Option<T> {
        let top = self.top()?;
        self.len -= 1;
        Some(top)
    }

    /// The top item.
    pub fn top(&self) -> Option<T> {
        // One bounds check: an empty stack asks for the place before the first, which wraps
        // round to a place that does not exist (as does a length beyond `N`, never held).
        self.items
            .get(usize::from(self.len).wrapping_sub(1))
            .copied()
    }

    /// Mutable access to the top item.
    pub fn top_mut(&mut self) -> Option<&mut T> {
        self.as_mut_slice().last_mut()
    }

    /// Number of items.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the stack is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The items, bottom first.
    pub fn as_slice(&self) -> &[T] {
        self.items.get(..usize::from(self.len)).unwrap_or(&[])
    }

    /// The items, bottom first, mutably.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        self.items
            .get_mut(..usize::from(self.len))
            .unwrap_or(&mut [])
    }
}

impl<T: PartialEq + Copy + Blank, const N: usize> PartialEq for ArrayStack<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Eq + Copy + Blank, const N: usize> Eq for ArrayStack<T, N> {}

impl<T: fmt::Debug + Copy + Blank, const N: usize> fmt::Debug for ArrayStack<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Serialize + Copy + Blank, const N: usize> Serialize for ArrayStack<T, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.as_slice())
    }
}

impl<'de, T: Deserialize<'de> + Copy + Blank, const N: usize> Deserialize<'de>
    for ArrayStack<T, N>
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct StackVisitor<T, const N: usize>(PhantomData<T>);
        impl<'de, T: Deserialize<'de> + Copy + Blank, const N: usize> Visitor<'de> for StackVisitor<T, N> {
            type Value = ArrayStack<T, N>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of at most {N} items")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut stack = ArrayStack::new();
                while let Some(item) = seq.next_element()? {
                    if !stack.push(item) {
                        return Err(A::Error::custom(format_args!("more than {N} items")));
                    }
                }
                Ok(stack)
            }
        }
        deserializer.deserialize_seq(StackVisitor::<T, N>(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_pop_and_capacity() {
        let mut stack: ArrayStack<u8, 2> = ArrayStack::new();
        assert!(stack.push(1));
        assert!(stack.push(2));
        assert!(!stack.push(3));
        assert_eq!(stack.as_slice(), &[1, 2]);
        assert_eq!(stack.pop(), Some(2));
        assert_eq!(stack.top(), Some(1));
        assert_eq!(stack.len(), 1);
    }

    #[test]
    fn serde_refuses_overlong_lists() {
        let stack: ArrayStack<u8, 3> = ArrayStack::from_slice(&[4, 5]).unwrap_or_default();
        let json = serde_json::to_string(&stack).unwrap_or_default();
        assert_eq!(json, "[4,5]");
        assert_eq!(
            serde_json::from_str::<ArrayStack<u8, 3>>(&json).ok(),
            Some(stack)
        );
        assert!(serde_json::from_str::<ArrayStack<u8, 3>>("[1,2,3,4]").is_err());
    }
}
