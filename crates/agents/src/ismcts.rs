//! Information-set Monte Carlo tree search.

use cards::{Agent, Draw, Game, GameRng, PlayoutRng, Seat};

use crate::reward::{Reward, WinShare, MAX_SEATS};
use crate::tree::{digest, Edge, Node, Tree, ROOT};
use crate::Budget;

/// Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012), for any
/// [`Game`].
///
/// **The variant.** Single-observer ISMCTS with partially observable moves (SO-ISMCTS + POM in
/// the paper): one tree, from the searching seat's point of view. A node is reached from the
/// root by a sequence of edges: the searching seat's own *decisions* (its actions, without
/// what chance made of them: a draw is one edge whatever card it drew), and the other seats'
/// actions as the searching seat *observes* them ([`Game::observe`]: `seat 2 drew a card`,
/// `seat 2 rolled a 5`). So the tree never branches on anything hidden from the searching seat,
/// the statistics of a node are shared by every determinisation that reaches it, and what
/// chance does inside a determinisation is never taken for a choice of the searching seat.
///
/// Each iteration:
///
/// 1. **Determinises**: draws a state uniformly among those consistent with the searching
///    seat's view ([`Game::resample_hidden_into`], into a game reused from one iteration to
///    the next).
/// 2. **Descends** while every action legal in that determinisation has a child: among the
///    children available now, the one with the best UCB1 value for the seat that moves there
///    (mean reward + c·√(ln availability / visits), where availability counts the iterations in
///    which the child could have been chosen). At another seat's node a child is an
///    observation that several actions may share; one of those actions is taken uniformly.
/// 3. **Expands** one child, for an action legal now that has none (chosen uniformly among
///    such actions).
/// 4. **Plays out** at random to the end of the game.
/// 5. **Backs up** the reward of every seat ([`Reward`], by default the win share): each node
///    sums the reward of the seat that moved into it.
///
/// The decision is the root's child with the most visits (ties: the better mean reward, then
/// the first legal action). A decision with one legal action is taken without searching.
///
/// **Why this variant.** Multiple-observer ISMCTS keeps a tree per seat and models what the
/// others know, at a cost per iteration that grows with the number of seats; OpenSpiel's
/// IS-MCTS keys nodes by the information state of the seat to act, which in a determinisation
/// includes the others' drawn hands, so their nodes scatter over determinisations. Keying by
/// the searching seat's observations gives a tree that holds only what that seat can know, with
/// one node lookup per ply of the descent; the price is that the other seats are modelled as
/// choosing without their private information (they pick an observation by UCB and an action
/// within it at random), which is the known weakness of SO-ISMCTS.
///
/// **Cost.** The tree lives in one arena reused from one decision to the next, and the
/// determinisation, the legal-action buffer, the edges' digests and the path are reused too:
/// once warm, an iteration allocates nothing. A budget of `n` iterations reserves `n + 1` nodes
/// once per decision. At each node of the descent every legal action's edge is found once and
/// reduced to a 64-bit digest; a child is found by its digest (in a short list for a node of a
/// few children, in a table for more) and then compared whole, so a digest never decides by
/// itself. `ln n` for UCB1 is read from a table filled once for the budget.
///
/// **Honesty.** The search reads the real game only through the searching seat's view: it
/// determinises from it and never looks at the state itself. The same seed, budget and view
/// give the same choice, whatever is hidden (the test kit's `agent_does_not_cheat` checks it).
///
/// ```
/// use agents::{Budget, Ismcts};
/// use cards::{Agent, Game};
/// use headtrip::{HeadTrip, Options};
///
/// let game = HeadTrip::new(Options::default(), 1)?;
/// let mut search = Ismcts::new(7).with_budget(Budget::Iterations(200));
/// let mut legal = Vec::new();
/// game.legal_actions(&mut legal);
/// let seat = game.to_act().expect("a new game has a seat to act");
/// let choice = search.choose(&game, seat, &legal);
/// assert!(legal.contains(&choice));
/// # Ok::<(), headtrip::OptionsError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Ismcts<G: Game, R = WinShare> {
    budget: Budget,
    exploration: f64,
    reward: R,
    /// Draws the determinisations (a game's `resample_hidden_into` takes its own kind of
    /// generator).
    rng: GameRng,
    /// Draws every other choice: untried actions, ties among observed actions and the
    /// rollouts' moves (the cheaper generator, as `cards simulate` gives random players).
    chooser: PlayoutRng,
    /// The determinisation of the current iteration (made by the first decision, then reused).
    world: Option<G>,
    scratch: Scratch<G>,
}

/// What one iteration works with, reused from one to the next.
#[derive(Clone, Debug)]
struct Scratch<G: Game> {
    tree: Tree<Edge<G::Action, G::Observation>>,
    legal: Vec<G::Action>,
    /// The digest of each legal action's edge at the node being descended (found once per
    /// action: a child is looked up by it, and an observed child's actions matched to it).
    digests: Vec<u64>,
    /// The legal actions of the searching seat at the root, in the real game: in a
    /// determinisation they are the same (they follow its view), and then the root's child of
    /// each is read from `root_children` instead of being looked up.
    root_legal: Vec<G::Action>,
    /// The root's child of each action of `root_legal`, once made.
    root_children: Vec<Option<u32>>,
    path: Vec<u32>,
    iterations: u32,
}

impl<G: Game> Ismcts<G, WinShare> {
    /// A search with its own seed, 1,000 iterations a decision, an exploration constant of
    /// 0.7 and the win share as reward.
    pub fn new(seed: u64) -> Self {
        Ismcts {
            budget: Budget::default(),
            exploration: 0.7,
            reward: WinShare,
            rng: GameRng::from_seed(seed),
            chooser: PlayoutRng::from_seed(seed),
            world: None,
            scratch: Scratch {
                tree: Tree::default(),
                legal: Vec::new(),
                digests: Vec::new(),
                root_legal: Vec::new(),
                root_children: Vec::new(),
                path: Vec::new(),
                iterations: 0,
            },
        }
    }
}

impl<G: Game, R: Reward<G>> Ismcts<G, R> {
    /// The same search with another budget per decision.
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The same search with another exploration constant `c` of UCB1 (rewards are in [0, 1];
    /// 0.7 by default, as in Cowling et al.).
    pub fn with_exploration(mut self, c: f64) -> Self {
        self.exploration = if c.is_finite() { c.max(0.0) } else { 0.7 };
        self
    }

    /// The same search maximising another reward.
    pub fn with_reward<R2: Reward<G>>(self, reward: R2) -> Ismcts<G, R2> {
        Ismcts {
            budget: self.budget,
            exploration: self.exploration,
            reward,
            rng: self.rng,
            chooser: self.chooser,
            world: self.world,
            scratch: self.scratch,
        }
    }

    /// The budget per decision.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Iterations run by the last decision searched (0 if it had one legal action).
    pub fn last_iterations(&self) -> u32 {
        self.scratch.iterations
    }

    /// Nodes in the tree of the last decision searched.
    pub fn last_tree_size(&self) -> usize {
        self.scratch.tree.len()
    }

    /// Runs the search for `seat` in `game` (whatever its number of legal actions) and returns
    /// the number of iterations: the benchmarks' entry point. `choose` is this, then the most
    /// visited action.
    pub fn search(&mut self, game: &G, seat: Seat) -> u32 {
        let Ismcts {
            budget,
            exploration,
            reward,
            rng,
            chooser,
            world,
            scratch,
        } = self;
        let capacity = budget.iterations().map_or(0, |n| n as usize + 1);
        let world = match world {
            Some(world) => world,
            None => {
                // First decision: room for any list of legal actions, and for the longest path
                // a search of this budget can descend, so that later decisions allocate nothing.
                game.action_space(&mut scratch.legal);
                let room = scratch.legal.capacity();
                scratch.digests.reserve(room);
                scratch.root_legal.reserve(room);
                scratch.root_children.reserve(room);
                scratch.path.reserve(capacity);
                world.insert(game.clone())
            }
        };
        game.legal_actions(&mut scratch.legal);
        let root_key = match scratch.legal.first() {
            Some(&action) => Edge::Mine(action),
            None => return 0,
        };
        scratch
            .tree
            .reset(root_key, seat, capacity, scratch.legal.capacity());
        scratch.root_legal.clear();
        scratch.root_legal.extend_from_slice(&scratch.legal);
        scratch.root_children.clear();
        scratch.root_children.resize(scratch.legal.len(), None);
        let mut clock = budget.start();
        while clock.tick() {
            game.resample_hidden_into(seat, rng, world);
            scratch.iterate(world, seat, chooser, reward, *exploration);
        }
        scratch.iterations = clock.done();
        scratch.iterations
    }
}

impl<G: Game> Scratch<G> {
    /// One iteration from the root, in the determinisation `world` (see [`Ismcts`]).
    fn iterate<R: Reward<G>>(
        &mut self,
        world: &mut G,
        me: Seat,
        rng: &mut PlayoutRng,
        reward: &R,
        exploration: f64,
    ) {
        let Scratch {
            tree,
            legal,
            digests,
            root_legal,
            root_children,
            path,
            ..
        } = self;
        path.clear();
        let mut node = ROOT;
        while let Some(actor) = world.to_act() {
            world.legal_actions(legal);
            // Mark the children available now, and draw one untried action (reservoir sampling).
            let pass = tree.new_pass();
            let mut untried = None;
            let mut untried_count = 0;
            // At the root, the searching seat's own legal actions are those of the real game
            // (checked), whose children are known.
            let at_root = node == ROOT && actor == me && legal[..] == root_legal[..];
            if at_root {
                for (&action, &child) in legal.iter().zip(root_children.iter()) {
                    match child {
                        Some(child) => tree.mark_available(child, pass),
                        None => {
                            untried_count += 1;
                            if rng.below(untried_count) == 0 {
                                let key = Edge::Mine(action);
                                untried = Some((action, key, digest(&key)));
                            }
                        }
                    }
                }
            } else {
                digests.clear();
                digests.reserve(legal.len());
                tree.index_children(node);
                for &action in legal.iter() {
                    let key = Edge::of(world, action, actor, me);
                    let hash = digest(&key);
                    digests.push(hash);
                    match tree.indexed_child(key, hash) {
                        Some(child) => tree.mark_available(child, pass),
                        None => {
                            untried_count += 1;
                            if rng.below(untried_count) == 0 {
                                untried = Some((action, key, hash));
                            }
                        }
                    }
                }
            }
            let (action, expanded) = if let Some((action, key, hash)) = untried {
                let child = tree.add_child(node, key, hash, actor);
                tree.mark_available(child, pass);
                if node == ROOT && actor == me {
                    // Whichever way it was found, the root's child of this action is known now.
                    for (root_action, known) in root_legal.iter().zip(root_children.iter_mut()) {
                        if *root_action == action {
                            *known = Some(child);
                        }
                    }
                }
                node = child;
                (action, true)
            } else {
                let Some(best) = tree.best_child(node, pass, exploration) else {
                    break;
                };
                node = best;
                // One of the actions the searching seat would observe this way, uniformly.
                let Node {
                    key, digest: hash, ..
                } = *tree.node(best);
                let mut chosen = None;
                let mut count = 0;
                for (i, &action) in legal.iter().enumerate() {
                    let matches = if at_root {
                        Edge::Mine(action) == key
                    } else {
                        digests.get(i) == Some(&hash) && Edge::of(world, action, actor, me) == key
                    };
                    if matches {
                        count += 1;
                        if rng.below(count) == 0 {
                            chosen = Some(action);
                        }
                    }
                }
                let Some(action) = chosen else {
                    break;
                };
                (action, false)
            };
            path.push(node);
            if world.apply(action).is_err() || expanded {
                break;
            }
        }
        let _ = cards::random_playout(world, rng, legal);
        let mut rewards = [0.0; MAX_SEATS];
        let seats = world.seat_count().min(MAX_SEATS);
        reward.rewards(world, &mut rewards[..seats]);
        for &index in path.iter() {
            tree.visit(index, &rewards);
        }
    }
}

impl<G: Game, R: Reward<G>> Agent<G> for Ismcts<G, R> {
    /// Searches and returns the most visited action.
    ///
    /// # Panics
    ///
    /// If `legal` is empty, which [`Agent::choose`] rules out.
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action]) -> G::Action {
        let first = legal[0];
        if legal.len() == 1 {
            self.scratch.iterations = 0;
            return first;
        }
        self.search(game, seat);
        let tree = &self.scratch.tree;
        let mut best = (first, 0u32, f64::NEG_INFINITY);
        for &action in legal {
            let key = Edge::Mine(action);
            let Some(child) = tree.child(ROOT, key, digest(&key)) else {
                continue;
            };
            let node = tree.node(child);
            let mean = node.reward / f64::from(node.visits.max(1));
            if node.visits > best.1 || (node.visits == best.1 && mean > best.2) {
                best = (action, node.visits, mean);
            }
        }
        best.0
    }
}
