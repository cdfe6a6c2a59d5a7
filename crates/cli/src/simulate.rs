//! `cards simulate`: many games in parallel, played by random agents or search agents, streamed
//! into a summary with confidence intervals (and, on demand, into JSON lines) as they end.
//!
//! Games are played in chunks, in parallel; each chunk is folded into the summary (and handed to
//! the caller) in game order while the next one is played, so memory does not grow with the
//! number of games and the results do not depend on the number of threads. Any game of a
//! simulation can be played again on its own and recorded ([`record`]): every choice is drawn
//! from generators seeded from the game's seed.

use agents::{AgentSpec, Budget};
use cards::playout::{play_out, PlayoutStats, Table};
use cards::{Agent, Draw, Game, PlayoutRng, Record, Seat, Standings};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use std::time::Instant;

use crate::chunks::in_chunks;
use crate::error::CliError;
use crate::registry::GameEntry;
use crate::summary::Summary;

/// Most worker threads a simulation may ask for. A simulation is bound by the processor, so
/// threads beyond the cores only add switching; 256 is more cores than the machines this runs
/// on have, and a fixed bound accepts the same command line on every machine while refusing a
/// typo such as `--threads 10000` (which used to run for minutes).
pub const MAX_THREADS: usize = 256;

/// Blocks of games per thread in a chunk, when only the summary is wanted: enough for the
/// threads to even out their loads by taking each other's blocks, few enough that the blocks'
/// summaries cost nothing beside their games.
const BLOCKS_PER_THREAD: u64 = 8;

/// Salt of the generator that chooses for a game of random agents.
const CHOOSER: u64 = 0xC401_CE5E_ED00_0001;

/// Salt of the agents' seeds.
const AGENTS: u64 = 0xA6E7_5EED;

/// The outcome of one simulated game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameResult {
    /// The game's index in the simulation, from 0 (`simulate --record-game` takes it).
    pub index: u64,
    /// The game's seed.
    pub seed: u64,
    /// Actions applied.
    pub plies: u64,
    /// Final score by seat.
    pub scores: Vec<i64>,
    /// The winning seats.
    pub winners: Vec<u8>,
    /// The agent of each seat, when the simulation names agents (none: all random).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub agents: Vec<String>,
    /// Decisions taken (equal to plies) and the legal actions offered in all.
    #[serde(skip)]
    pub legal_offered: u64,
}

/// One game as a simulation counts it: numbers only, nothing on the heap, so that playing a
/// game and folding it into the summary allocate nothing. Made into a [`GameResult`] only for
/// a sink.
#[derive(Clone, Copy, Debug)]
struct Played {
    index: u64,
    seed: u64,
    stats: PlayoutStats,
    /// Every seat's score and the winners.
    standings: Standings,
}

impl Played {
    /// Game `index`, played to its end.
    fn of<G: Game>(index: u64, seed: u64, game: &G, stats: PlayoutStats) -> Played {
        Played {
            index,
            seed,
            stats,
            standings: game.standings(),
        }
    }

    /// The score of each seat.
    fn scores(&self) -> &[i64] {
        self.standings.scores()
    }

    /// The game's result, with the agents `sim` seats in it.
    fn result(&self, sim: &Simulation) -> GameResult {
        GameResult {
            index: self.index,
            seed: self.seed,
            plies: self.stats.plies,
            scores: self.scores().to_vec(),
            winners: self.standings.winners().iter().map(|s| s.0).collect(),
            agents: (0..self.scores().len())
                .filter_map(|seat| sim.agent_at(seat, self.index))
                .map(|agent| sim.agents[agent].to_string())
                .collect(),
            legal_offered: self.stats.legal_actions_offered,
        }
    }
}

/// The seed of game `index` of a simulation started from `base`: a SplitMix64 step, so that
/// neighbouring games get unrelated seeds and the same game always gets the same seed.
pub fn game_seed(base: u64, index: u64) -> u64 {
    cards::mix_seed(base.wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
}

/// Chooses uniformly from its own generator: every seat of a game of random agents.
struct Uniform(PlayoutRng);

impl<G: Game> Agent<G> for Uniform {
    #[inline]
    fn choose(&mut self, _game: &G, _seat: Seat, legal: &[G::Action]) -> G::Action {
        legal[self.0.index(legal.len())]
    }
}

/// An agent whose choices are written down as they are made.
struct Recording<'a, G: Game, A> {
    agent: A,
    actions: &'a mut Vec<G::Action>,
}

impl<G: Game, A: Agent<G>> Agent<G> for Recording<'_, G, A> {
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action]) -> G::Action {
        let action = self.agent.choose(game, seat, legal);
        self.actions.push(action);
        action
    }

    fn observe(&mut self, seat: Seat, actor: Seat, observation: G::Observation) {
        self.agent.observe(seat, actor, observation);
    }
}

/// Plays `game` to its end with `agent`, writing the actions into `record` if asked.
fn drive<G: Game, A: Agent<G>>(
    game: &mut G,
    mut agent: A,
    buffer: &mut Vec<G::Action>,
    record: Option<&mut Vec<G::Action>>,
) -> Result<PlayoutStats, cards::PlayoutError> {
    match record {
        Some(actions) => play_out(game, &mut Recording { agent, actions }, buffer),
        None => play_out(game, &mut agent, buffer),
    }
}

/// What a worker keeps from game to game: the buffer of legal actions and the last game
/// played, into which the next is started (`Game::new_into`), so that a simulation allocates
/// nothing per game.
struct Worker<G: Game> {
    buffer: Vec<G::Action>,
    game: Option<G>,
}

impl<G: Game> Worker<G> {
    fn new() -> Self {
        Worker {
            buffer: Vec::with_capacity(64),
            game: None,
        }
    }
}

/// Plays one game from options and a seed. With no agents, every choice is uniformly random,
/// drawn from a generator seeded from the game's seed; otherwise `agents` has one agent per
/// seat, each seeded from the game's seed and its seat. So the same seed and agents always give
/// the same game. Returns what `end` makes of the game at its end (the game stays in the
/// worker, where the next game starts).
fn play<G: Game, T>(
    options: &G::Options,
    seed: u64,
    agents: &[AgentSpec],
    worker: &mut Worker<G>,
    record: Option<&mut Vec<G::Action>>,
    end: impl FnOnce(&G, PlayoutStats) -> T,
) -> Result<T, CliError> {
    let refused = |e: G::OptionsError| {
        CliError::Options(crate::text::shown_message(
            &e.to_string(),
            crate::text::MESSAGE,
        ))
    };
    let game = match &mut worker.game {
        Some(game) => {
            G::new_into(options, seed, game).map_err(refused)?;
            game
        }
        slot @ None => slot.insert(G::new(options.clone(), seed).map_err(refused)?),
    };
    let buffer = &mut worker.buffer;
    let outcome = if agents.is_empty() {
        let mut chooser = PlayoutRng::from_seed(seed ^ CHOOSER);
        match record {
            // The same choices as `Uniform` (`legal[rng.index(len)]`), through the game's own
            // `random_ply`.
            None => cards::random_playout(game, &mut chooser, buffer),
            Some(_) => drive(game, Uniform(chooser), buffer, record),
        }
    } else {
        let table = Table::from_fn(game.seat_count(), |seat| {
            let spec = agents
                .get(seat.index())
                .copied()
                .unwrap_or(AgentSpec::Random);
            spec.build::<G>(game_seed(seed ^ AGENTS, u64::from(seat.0)))
        });
        drive(game, table, buffer, record)
    };
    let stats = outcome.map_err(|e| CliError::Playout {
        seed,
        reason: e.to_string(),
    })?;
    Ok(end(game, stats))
}

/// The result of game `index`, played.
fn result_of<G: Game>(
    index: u64,
    seed: u64,
    game: &G,
    stats: PlayoutStats,
    agents: &[AgentSpec],
) -> GameResult {
    GameResult {
        index,
        seed,
        plies: stats.plies,
        scores: game.seats().map(|s| game.score(s)).collect(),
        winners: game.winners().iter().map(|s| s.0).collect(),
        agents: agents.iter().map(ToString::to_string).collect(),
        legal_offered: stats.legal_actions_offered,
    }
}

/// Plays one game with options (as JSON), a seed and the agent of each seat (none: all random),
/// as a simulation plays each of its games; the result has index 0.
pub fn simulate_one<G: Game>(
    options: &serde_json::Value,
    seed: u64,
    agents: &[AgentSpec],
) -> Result<GameResult, CliError> {
    let options = crate::read_options::<G>(options)?;
    play::<G, _>(
        &options,
        seed,
        agents,
        &mut Worker::new(),
        None,
        |game, stats| result_of(0, seed, game, stats, agents),
    )
}

/// What a simulation asks for.
#[derive(Clone, Debug)]
pub struct Simulation {
    /// Number of games (at least 1).
    pub games: u64,
    /// The base seed.
    pub seed: u64,
    /// Worker threads (0: one per core; at most [`MAX_THREADS`]).
    pub threads: usize,
    /// Game options as JSON.
    pub options: serde_json::Value,
    /// Whether to draw a progress bar (only on a terminal).
    pub progress: bool,
    /// The agents: none (all random), one for every seat, or one per seat in seat order.
    pub agents: Vec<AgentSpec>,
    /// Whether to rotate the agents round the seats from game to game (game `i` seats agent
    /// `(s + i) mod seats` at seat `s`), so that seat advantage and agent strength can be
    /// told apart.
    pub rotate: bool,
}

impl Simulation {
    /// The agent of every seat in game `index` (empty: all random).
    pub fn seating(&self, seats: usize, index: u64) -> Vec<AgentSpec> {
        if self.agents.is_empty() {
            return Vec::new();
        }
        (0..seats)
            .filter_map(|seat| self.agent_at(seat, index))
            .map(|agent| self.agents[agent])
            .collect()
    }

    /// Which of [`Simulation::agents`] sits at `seat` in game `index` (none: all random).
    pub fn agent_at(&self, seat: usize, index: u64) -> Option<usize> {
        match self.agents.len() {
            0 => None,
            1 => Some(0),
            n => {
                let shift = if self.rotate {
                    (index % n as u64) as usize
                } else {
                    0
                };
                Some((seat + shift) % n)
            }
        }
    }

    /// Refuses a simulation of no games or of more than [`MAX_THREADS`] threads.
    pub fn check(&self) -> Result<(), CliError> {
        if self.games == 0 {
            return Err(CliError::NoGames);
        }
        if self.threads > MAX_THREADS {
            return Err(CliError::TooManyThreads(self.threads, MAX_THREADS));
        }
        Ok(())
    }

    /// Checks the simulation and its options; returns the options read and the number of seats.
    fn prepare<G: Game>(&self) -> Result<(G::Options, usize), CliError> {
        self.check()?;
        let options = crate::read_options::<G>(&self.options)?;
        let seats = G::new(options.clone(), 0)
            .map_err(|e| {
                CliError::Options(crate::text::shown_message(
                    &e.to_string(),
                    crate::text::MESSAGE,
                ))
            })?
            .seat_count();
        // None is all random; otherwise one agent for every seat, or exactly one per seat.
        if !self.agents.is_empty() {
            AgentSpec::check_count(self.agents.len(), seats)
                .map_err(|e| CliError::Agents(e.to_string()))?;
        }
        Ok((options, seats))
    }

    /// Plays game `index` of the simulation in the worker's game, with its buffer (all random:
    /// no agent objects, nothing allocated).
    fn play_game<G: Game>(
        &self,
        options: &G::Options,
        seats: usize,
        index: u64,
        worker: &mut Worker<G>,
    ) -> Result<Played, CliError> {
        let seed = game_seed(self.seed, index);
        let seating = self.seating(seats, index);
        play::<G, _>(options, seed, &seating, worker, None, |game, stats| {
            Played::of(index, seed, game, stats)
        })
    }
}

/// What is done with each game's result, in game order, as the games end (write its JSON line,
/// say); an error stops the simulation.
pub type Sink<'a> = dyn FnMut(&GameResult) -> Result<(), CliError> + 'a;

/// Runs a simulation of `entry`'s game: every result goes to `sink` and into the summary, in
/// game order, as the games end. Neither depends on the number of threads, and memory does not
/// grow with the number of games.
///
/// ```
/// use cards_cli::simulate::{run, Simulation};
/// let entry = cards_cli::registry::find("headtrip")?;
/// let sim = Simulation {
///     games: 100,
///     seed: 1,
///     threads: 2,
///     options: serde_json::json!({}),
///     progress: false,
///     agents: Vec::new(),
///     rotate: false,
/// };
/// let mut longest = 0;
/// let summary = run(&entry, &sim, &mut |result| {
///     longest = longest.max(result.plies);
///     Ok(())
/// })?;
/// assert_eq!(summary.games, 100);
/// assert_eq!(summary.plies.2, longest);
/// # Ok::<(), cards_cli::CliError>(())
/// ```
pub fn run(entry: &GameEntry, sim: &Simulation, sink: &mut Sink<'_>) -> Result<Summary, CliError> {
    (entry.simulate)(sim, sink)
}

/// Runs a simulation of `entry`'s game into its summary alone, as [`run`] does with a sink
/// that does nothing, but without making each game's [`GameResult`]: nothing is allocated per
/// game.
pub fn run_summary(entry: &GameEntry, sim: &Simulation) -> Result<Summary, CliError> {
    (entry.summarise)(sim)
}

/// Runs a simulation of game `G` (see [`run`]).
pub fn simulate<G: Game>(sim: &Simulation, sink: &mut Sink<'_>) -> Result<Summary, CliError> {
    stream::<G>(sim, Some(sink))
}

/// Runs a simulation of game `G` into its summary alone (see [`run_summary`]).
pub fn summarise<G: Game>(sim: &Simulation) -> Result<Summary, CliError> {
    stream::<G>(sim, None)
}

/// Runs a simulation of game `G`, handing each result to the sink if there is one.
fn stream<G: Game>(sim: &Simulation, sink: Option<&mut Sink<'_>>) -> Result<Summary, CliError> {
    let (options, seats) = sim.prepare::<G>()?;
    // One thread per core by default (whatever RAYON_NUM_THREADS says), within the maximum.
    let threads = match sim.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS)),
        n => n,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| CliError::Threads(e.to_string()))?;
    let bar = if sim.progress {
        ProgressBar::new(sim.games)
    } else {
        ProgressBar::hidden()
    };
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {human_pos}/{human_len} games  eta {eta}")
    {
        bar.set_style(style);
    }
    let started = Instant::now();
    let mut summary = Summary::new(G::NAME);
    let names: Vec<String> = sim.agents.iter().map(ToString::to_string).collect();
    let agent_of = |index: u64| {
        let names = &names;
        move |seat: usize| sim.agent_at(seat, index).map(|a| names[a].as_str())
    };
    let options = &options;
    let folded = match sink {
        // Every game's result in game order: each chunk's games are kept until taken.
        Some(sink) => in_chunks(
            &pool,
            sim.games,
            &bar,
            |games| {
                games
                    .into_par_iter()
                    .map_init(Worker::new, |worker, index| {
                        sim.play_game::<G>(options, seats, index, worker)
                    })
                    .collect::<Vec<_>>()
            },
            |chunk| {
                for played in chunk {
                    let played = played?;
                    let agents = agent_of(played.index);
                    summary.count(
                        played.stats,
                        played.scores(),
                        played.standings.winners(),
                        agents,
                    );
                    sink(&played.result(sim))?;
                }
                summary.settle();
                Ok(())
            },
        ),
        // The summary alone: the chunk is cut into blocks of consecutive games, each folded
        // into a summary of its own by the thread that plays it, and the blocks' summaries are
        // merged in game order: nothing is kept per game, and the taker merges one summary per
        // chunk.
        None => in_chunks(
            &pool,
            sim.games,
            &bar,
            |games| {
                let threads = rayon::current_num_threads().max(1) as u64;
                let block = (games.end - games.start).div_ceil(threads * BLOCKS_PER_THREAD);
                let blocks = (games.end - games.start).div_ceil(block.max(1));
                (0..blocks)
                    .into_par_iter()
                    .map_init(Worker::new, |worker, b| -> Result<Summary, CliError> {
                        let first = games.start + b * block;
                        let mut part = Summary::new(G::NAME);
                        for index in first..(first + block).min(games.end) {
                            let p = sim.play_game::<G>(options, seats, index, worker)?;
                            part.count(p.stats, p.scores(), p.standings.winners(), agent_of(index));
                        }
                        Ok(part)
                    })
                    .reduce(
                        || Ok(Summary::new(G::NAME)),
                        // The earlier games' error first.
                        |left, right| {
                            let mut left = left?;
                            left.merge(&right?);
                            Ok(left)
                        },
                    )
            },
            |part| {
                summary.merge(&part?);
                summary.settle();
                Ok(())
            },
        ),
    };
    bar.finish_and_clear();
    folded?;
    summary.elapsed = started.elapsed();
    Ok(summary)
}

/// One game of a simulation, played again on its own and recorded.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedGame {
    /// Its result, the same as in the simulation.
    pub result: GameResult,
    /// Its record, which replays to the same end.
    pub record: Record,
}

/// Plays game `index` of a simulation of game `G` again, on its own, and returns its result
/// (the same as in the simulation) and its record, checked to replay to the same end. Games
/// whose agents have a time budget are refused: their choices depend on the machine's speed.
pub fn record<G: Game>(sim: &Simulation, index: u64) -> Result<RecordedGame, CliError> {
    let (options, seats) = sim.prepare::<G>()?;
    if index >= sim.games {
        return Err(CliError::NoSuchGame {
            index,
            games: sim.games,
        });
    }
    let seating = sim.seating(seats, index);
    let timed = |spec: &&AgentSpec| {
        matches!(
            spec,
            AgentSpec::Ismcts(Budget::Time(_)) | AgentSpec::Flat(Budget::Time(_))
        )
    };
    if let Some(agent) = seating.iter().find(timed) {
        return Err(CliError::NotReproducible {
            index,
            agent: agent.to_string(),
        });
    }
    let seed = game_seed(sim.seed, index);
    let mut actions = Vec::new();
    let (result, stats) = play::<G, _>(
        &options,
        seed,
        &seating,
        &mut Worker::new(),
        Some(&mut actions),
        |game, stats| (result_of(index, seed, game, stats, &seating), stats),
    )?;
    let record = Record::new::<G>(&options, seed, &actions);
    let replayed: G = record.replay()?;
    let again = result_of(
        index,
        seed,
        &replayed,
        PlayoutStats {
            plies: replayed.plies(),
            legal_actions_offered: stats.legal_actions_offered,
        },
        &seating,
    );
    if again != result || !replayed.is_over() {
        return Err(CliError::RecordMismatch { index });
    }
    Ok(RecordedGame { result, record })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_moves_every_agent_round_the_table() {
        let sim = Simulation {
            games: 4,
            seed: 0,
            threads: 1,
            options: serde_json::Value::Null,
            progress: false,
            agents: AgentSpec::parse_list("ismcts:10,random,flat:5").unwrap_or_default(),
            rotate: true,
        };
        let names =
            |i| -> Vec<String> { sim.seating(3, i).iter().map(ToString::to_string).collect() };
        assert_eq!(names(0), ["ismcts:10", "random", "flat:5"]);
        assert_eq!(names(1), ["random", "flat:5", "ismcts:10"]);
        assert_eq!(names(2), ["flat:5", "ismcts:10", "random"]);
        assert_eq!(names(3), names(0));
        let fixed = Simulation {
            rotate: false,
            ..sim.clone()
        };
        assert_eq!(fixed.seating(3, 1), fixed.seating(3, 0));
    }
}
