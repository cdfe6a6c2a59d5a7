//! The search tree of ISMCTS: nodes in one arena, reused from one decision to the next.

use cards::{Game, Seat};

/// What a child is reached by: a decision of the searching seat (the action itself, whatever
/// chance then makes of it), or another seat's action as the searching seat observes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// No node: the end of a list of children.
const NONE: u32 = u32::MAX;

/// The root's index.
pub(crate) const ROOT: u32 = 0;

/// One node: the information set reached by one more observation of the searching seat.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<K> {
    /// The edge from the parent. Unused at the root.
    pub key: K,
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
}

impl<K> Node<K> {
    /// A node not visited yet, with no child, before `next_sibling` among its parent's.
    fn new(key: K, mover: Seat, next_sibling: u32) -> Self {
        Node {
            key,
            mover,
            visits: 0,
            available: 0,
            reward: 0.0,
            stamp: 0,
            first_child: NONE,
            next_sibling,
        }
    }
}

/// The nodes of one search. Children are linked lists threaded through the arena, so adding a
/// node never allocates once the arena has grown.
#[derive(Clone, Debug)]
pub(crate) struct Tree<K> {
    nodes: Vec<Node<K>>,
    stamp: u32,
}

impl<K> Default for Tree<K> {
    fn default() -> Self {
        Tree {
            nodes: Vec::new(),
            stamp: 0,
        }
    }
}

impl<K: Copy + Eq> Tree<K> {
    /// Empties the tree (keeping its storage) and makes a root; `capacity` nodes are reserved.
    pub(crate) fn reset(&mut self, root_key: K, mover: Seat, capacity: usize) {
        self.nodes.clear();
        self.nodes.reserve(capacity);
        self.stamp = 0;
        self.nodes.push(Node::new(root_key, mover, NONE));
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

    /// The child of `parent` reached by `key`.
    pub(crate) fn child(&self, parent: u32, key: K) -> Option<u32> {
        self.children(parent).find(|&c| self.node(c).key == key)
    }

    /// Adds a child of `parent`, reached by `key` taken by `mover`.
    pub(crate) fn add_child(&mut self, parent: u32, key: K, mover: Seat) -> u32 {
        let index = self.nodes.len() as u32;
        let sibling = self.node(parent).first_child;
        self.nodes.push(Node::new(key, mover, sibling));
        self.node_mut(parent).first_child = index;
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
                    + exploration * (f64::from(node.available.max(1)).ln() / visits).sqrt()
            };
            if value > best_value || best.is_none() {
                best = Some(c);
                best_value = value;
            }
        }
        best
    }

    /// Counts one visit through a node with the rewards of that iteration.
    pub(crate) fn visit(&mut self, index: u32, rewards: &[f64]) {
        let node = self.node_mut(index);
        node.visits = node.visits.saturating_add(1);
        node.reward += rewards.get(node.mover.index()).copied().unwrap_or(0.0);
    }
}
