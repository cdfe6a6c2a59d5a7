//! The search tree of ISMCTS: nodes in one arena, reused from one decision to the next.

use std::hash::{Hash, Hasher};

use cards::{Game, Seat};

/// What a child is reached by: a decision of the searching seat (the action itself, whatever
/// chance then makes of it), or another seat's action as the searching seat observes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Edge<A, O> {
    /// The searching seat's own action.
    Mine(A),
    /// Another seat's action, as the searching seat sees it.
    Seen(O),
}

impl<A, O> Edge<A, O> {
    /// The edge of `action`, taken by `actor` in `world`, for the searching seat `me`.
    pub(crate) fn of<G: Game<Action = A, Observation = O>>(
        world: &G,
        action: A,
        actor: Seat,
        me: Seat,
    ) -> Self {
        if actor == me {
            Edge::Mine(action)
        } else {
            Edge::Seen(world.observe(action, me))
        }
    }
}

/// A 64-bit digest of an edge, kept in each node so that finding a child compares one number
/// per sibling and the whole edge only when the digests agree (an action or an observation can
/// be a nested enum, whose comparison costs tens of instructions). The digest never decides
/// anything by itself: two edges are the same child only if they are equal.
pub(crate) fn digest<K: Hash>(key: &K) -> u64 {
    let mut hasher = Digest(0);
    key.hash(&mut hasher);
    hasher.finish()
}

/// The hasher of [`digest`]: rotate, xor, multiply per word written (as rustc's FxHasher); the
/// keys are small and come from the program, so no resistance to chosen collisions is needed.
struct Digest(u64);

impl Digest {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl Hasher for Digest {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn write_isize(&mut self, i: isize) {
        self.add(i as u64);
    }
}

/// Most children of a node looked up in a short list of digests rather than in the table.
const WALKED: usize = 8;

/// No node: the end of a list of children.
const NONE: u32 = u32::MAX;

/// The root's index.
pub(crate) const ROOT: u32 = 0;

/// One node: the information set reached by one more observation of the searching seat.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<K> {
    /// The edge from the parent. Unused at the root.
    pub key: K,
    /// The edge's [`digest`].
    pub digest: u64,
    /// The seat that took the action that led here: the seat whose reward this node sums.
    pub mover: Seat,
    /// Iterations that went through this node.
    pub visits: u32,
    /// Iterations in which this node could have been chosen (its action was legal in the
    /// determinisation): the availability count of ISMCTS's UCB.
    pub available: u32,
    /// Sum of the mover's rewards over the visits.
    pub reward: f64,
    /// The last pass over the parent's legal actions that counted this node available.
    stamp: u32,
    first_child: u32,
    next_sibling: u32,
    /// Number of children.
    children: u32,
}

impl<K> Node<K> {
    /// A node not visited yet, with no child, before `next_sibling` among its parent's.
    fn new(key: K, digest: u64, mover: Seat, next_sibling: u32) -> Self {
        Node {
            key,
            digest,
            mover,
            visits: 0,
            available: 0,
            reward: 0.0,
            stamp: 0,
            first_child: NONE,
            next_sibling,
            children: 0,
        }
    }
}

/// The nodes of one search. Children are linked lists threaded through the arena, so adding a
/// node never allocates once the arena has grown.
#[derive(Clone, Debug)]
pub(crate) struct Tree<K> {
    nodes: Vec<Node<K>>,
    stamp: u32,
    /// The children of one node by digest ([`Tree::index_children`]), so that looking up each
    /// legal action's child costs one probe, not a walk over the siblings.
    index: ChildIndex,
    /// `ln n` for every availability count `n` a search of the budget can reach (the same
    /// values `f64::ln` gives, computed once), for UCB1.
    ln: Vec<f64>,
}

/// An open-addressing table of one node's children, keyed by their digests. Entries of an
/// earlier indexing are told apart by their stamp, so that indexing never clears the table.
#[derive(Clone, Debug, Default)]
struct ChildIndex {
    /// `(stamp, child)`; a power of two long, at most half full.
    entries: Vec<(u32, u32)>,
    stamp: u32,
    /// The node indexed.
    parent: u32,
    /// How its children are looked up.
    lookup: Lookup,
    /// `(digest, child)` of each child of a node with at most [`WALKED`] children.
    near: [(u64, u32); WALKED],
    near_len: usize,
}

/// How [`Tree::indexed_child`] finds a child of the node indexed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Lookup {
    /// In the short list [`ChildIndex::near`].
    #[default]
    Near,
    /// In the table.
    Table,
    /// By walking the children (more than the table holds).
    Walk,
}

impl ChildIndex {
    /// The first entry to probe for a digest (its high half: the low bits of a multiplicative
    /// hash are its weakest).
    fn home(&self, digest: u64) -> usize {
        (digest >> 32) as usize & self.entries.len().wrapping_sub(1)
    }
}

impl<K> Default for Tree<K> {
    fn default() -> Self {
        Tree {
            nodes: Vec::new(),
            stamp: 0,
            index: ChildIndex::default(),
            ln: Vec::new(),
        }
    }
}

impl<K: Copy + Eq> Tree<K> {
    /// Empties the tree (keeping its storage) and makes a root; `capacity` nodes are reserved,
    /// and room to index `fanout` children of a node (the table grows only when `fanout` does).
    pub(crate) fn reset(&mut self, root_key: K, mover: Seat, capacity: usize, fanout: usize) {
        self.nodes.clear();
        self.nodes.reserve(capacity);
        self.stamp = 0;
        self.nodes.push(Node::new(root_key, 0, mover, NONE));
        let entries = fanout.saturating_mul(2).max(16).next_power_of_two();
        if self.index.entries.len() < entries {
            self.index.entries.clear();
            self.index.entries.resize(entries, (0, NONE));
            self.index.stamp = 0;
        }
        self.index.parent = ROOT;
        self.index.lookup = Lookup::Near;
        self.index.near_len = 0;
        // An availability count is at most the number of iterations, below `capacity`.
        if self.ln.len() < capacity {
            let known = self.ln.len();
            self.ln.reserve_exact(capacity - known);
            self.ln.extend((known..capacity).map(|n| (n as f64).ln()));
        }
    }

    /// Indexes the children of `parent` for [`indexed_child`](Tree::indexed_child), until the
    /// tree changes: a few children in a short list of digests, more in the table.
    pub(crate) fn index_children(&mut self, parent: u32) {
        let Tree { nodes, index, .. } = self;
        index.parent = parent;
        let node = &nodes[parent as usize];
        let (first, count) = (node.first_child, node.children as usize);
        let mut child = first;
        if count <= WALKED {
            index.near_len = 0;
            while child != NONE {
                let node = &nodes[child as usize];
                if let Some(entry) = index.near.get_mut(index.near_len) {
                    *entry = (node.digest, child);
                    index.near_len += 1;
                }
                child = node.next_sibling;
            }
            index.lookup = Lookup::Near;
            return;
        }
        if 2 * count > index.entries.len() {
            index.lookup = Lookup::Walk;
            return;
        }
        index.lookup = Lookup::Table;
        index.stamp = index.stamp.wrapping_add(1);
        if index.stamp == 0 {
            index.entries.fill((0, NONE));
            index.stamp = 1;
        }
        let mask = index.entries.len().wrapping_sub(1);
        while child != NONE {
            let node = &nodes[child as usize];
            let mut at = index.home(node.digest);
            while index.entries[at].0 == index.stamp {
                at = (at + 1) & mask;
            }
            index.entries[at] = (index.stamp, child);
            child = node.next_sibling;
        }
    }

    /// The child of the node last indexed reached by `key`, whose [`digest`] is `digest`.
    pub(crate) fn indexed_child(&self, key: K, digest: u64) -> Option<u32> {
        let index = &self.index;
        match index.lookup {
            Lookup::Near => {
                return index.near[..index.near_len]
                    .iter()
                    .filter(|&&(near, _)| near == digest)
                    .map(|&(_, child)| child)
                    .find(|&child| self.node(child).key == key);
            }
            Lookup::Walk => return self.child(index.parent, key, digest),
            Lookup::Table => {}
        }
        let mask = index.entries.len().wrapping_sub(1);
        let mut at = index.home(digest);
        loop {
            let (stamp, child) = index.entries[at];
            if stamp != index.stamp {
                return None;
            }
            let node = self.node(child);
            if node.digest == digest && node.key == key {
                return Some(child);
            }
            at = (at + 1) & mask;
        }
    }

    /// Number of nodes.
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// A node. Indices are made only by this tree (the root and [`add_child`](Tree::add_child)),
    /// so they are always in range.
    pub(crate) fn node(&self, index: u32) -> &Node<K> {
        &self.nodes[index as usize]
    }

    fn node_mut(&mut self, index: u32) -> &mut Node<K> {
        &mut self.nodes[index as usize]
    }

    /// The children of a node.
    pub(crate) fn children(&self, parent: u32) -> impl Iterator<Item = u32> + '_ {
        let mut next = self.node(parent).first_child;
        std::iter::from_fn(move || {
            let current = next;
            (current != NONE).then(|| {
                next = self.node(current).next_sibling;
                current
            })
        })
    }

    /// The child of `parent` reached by `key`, whose [`digest`] is `digest`.
    pub(crate) fn child(&self, parent: u32, key: K, digest: u64) -> Option<u32> {
        self.children(parent).find(|&c| {
            let node = self.node(c);
            node.digest == digest && node.key == key
        })
    }

    /// Adds a child of `parent`, reached by `key` (whose [`digest`] is `digest`) taken by
    /// `mover`.
    pub(crate) fn add_child(&mut self, parent: u32, key: K, digest: u64, mover: Seat) -> u32 {
        let index = self.nodes.len() as u32;
        let sibling = self.node(parent).first_child;
        self.nodes.push(Node::new(key, digest, mover, sibling));
        let parent = self.node_mut(parent);
        parent.first_child = index;
        parent.children += 1;
        index
    }

    /// Starts a new pass over one node's legal actions: nodes marked in it are the ones
    /// available now.
    pub(crate) fn new_pass(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1).max(1);
        self.stamp
    }

    /// Counts a node available in this pass (once, however many legal actions lead to it).
    pub(crate) fn mark_available(&mut self, index: u32, pass: u32) {
        let node = self.node_mut(index);
        if node.stamp != pass {
            node.stamp = pass;
            node.available += 1;
        }
    }

    /// The child of `parent` available in `pass` with the highest UCB1 value for its mover:
    /// mean reward + exploration × √(ln available / visits). The first one wins ties.
    pub(crate) fn best_child(&self, parent: u32, pass: u32, exploration: f64) -> Option<u32> {
        let mut best = None;
        let mut best_value = f64::NEG_INFINITY;
        for c in self.children(parent) {
            let node = self.node(c);
            if node.stamp != pass {
                continue;
            }
            let value = if node.visits == 0 {
                f64::INFINITY
            } else {
                let visits = f64::from(node.visits);
                node.reward / visits
                    + exploration * (self.ln_of(node.available.max(1)) / visits).sqrt()
            };
            if value > best_value || best.is_none() {
                best = Some(c);
                best_value = value;
            }
        }
        best
    }

    /// `ln n`, from the table when it holds it.
    fn ln_of(&self, n: u32) -> f64 {
        match self.ln.get(n as usize) {
            Some(&ln) => ln,
            None => f64::from(n).ln(),
        }
    }

    /// Counts one visit through a node with the rewards of that iteration.
    pub(crate) fn visit(&mut self, index: u32, rewards: &[f64]) {
        let node = self.node_mut(index);
        node.visits = node.visits.saturating_add(1);
        node.reward += rewards.get(node.mover.index()).copied().unwrap_or(0.0);
    }
}
