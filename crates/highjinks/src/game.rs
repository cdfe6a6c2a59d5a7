//! [`HighJinks`]: the `Game` implementation.
//!
//! Loading a saved game is [`load`], which checks it with [`check`].

mod check;
mod load;

use cards::{Game, GameRng, Seat, SeatSet};
use serde::Serialize;
use std::fmt;

use crate::error::{ActionError, OptionsError, ParseActionError};
use crate::table::action::Action;
use crate::table::card::{Card, Cards};
use crate::table::field::{Agent, Counter, Mana, Side};
use crate::table::options::Options;
use crate::table::phase::Phase;
use crate::table::state::State;
use crate::view::observation::Observation;
use crate::view::View;

/// Plies of one turn at most, beside the Main Phase's (see [`HighJinks::max_plies`]): going to
/// combat and ending it, three attacks of at most 83 plies each (the attack, the block, a duel
/// of at most 80 actions, Valor), and 24 clock inputs for the Aces a turn's duels can banish
/// and so bring back to be redeemed.
const TURN_PLIES: u64 = 2 + 1 + 3 * 83 + 24;

/// Plies one top-level Main action can take at most: four of a kind (1), its six spells chosen
/// one by one (6) and their decisions (two Transmutations of two picks, two Inflictions, two
/// Restorations: 8). Every other action takes fewer: an Interception 3, a straight with its
/// Evocation 3, a summon with its choice 2.
const MAIN_ACTION_PLIES: u64 = 1 + 6 + 8;

/// Plies one turn takes at most: its Main actions and `TURN_PLIES`.
pub(crate) fn turn_plies(o: &Options) -> u64 {
    MAIN_ACTION_PLIES * u64::from(o.max_main_actions) + TURN_PLIES
}

/// Plies a game can have taken by the end of turn `turn + 1` (`turn` turns ended, the next
/// under way or just ended): the set-up (3 a seat), `turn + 1` turns, and the clock inputs
/// beyond the turns' (6 a seat and 8 for the Aces). A loaded state's plies are at most this for
/// its count of turns (`check.rs`).
pub(crate) fn plies_by_turn(o: &Options, turn: u32) -> u64 {
    let n = o.players as u64;
    3 * n + (u64::from(turn) + 1) * turn_plies(o) + 6 * n + 8
}

/// The bound of [`HighJinks::max_plies`] for these options: the plies a game can have taken by
/// its last turn (`plies_by_turn`), and room for one more turn and one more round of clock
/// inputs. A game played from its start needs neither, but a loaded state is only known to
/// have taken at most [`plies_by_turn`] plies: it may have spent all of a turn's plies and all
/// the clock inputs' already, and then takes up to a turn and the clock inputs more.
pub(crate) fn ply_bound(o: &Options) -> u64 {
    let n = o.players as u64;
    plies_by_turn(o, o.max_turns) + 6 * n + 8
}

/// A game of High Jinks.
///
/// ```
/// use cards::Game;
/// use highjinks::{Action, HighJinks, Options};
///
/// let mut game = HighJinks::new(Options::players(3), 42)?;
/// // Set-up: seat 0 rejects three of its nine cards, one at a time.
/// assert_eq!(game.to_act(), Some(cards::Seat(0)));
/// let card = game.hand(cards::Seat(0)).next().unwrap();
/// game.apply(Action::Reject(card))?;
/// // An illegal action is refused and changes nothing.
/// assert!(game.apply("end turn".parse()?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, PartialEq, Serialize)]
#[serde(transparent)]
pub struct HighJinks {
    state: State,
}

impl Clone for HighJinks {
    fn clone(&self) -> Self {
        HighJinks {
            state: self.state.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.state.clone_from(&source.state);
    }
}

impl HighJinks {
    /// For tests: [`Game::resample_hidden_into`] as it draws once the grouped draw by
    /// rejection has given up (the branched draw first: see `determinise/grouped.rs`), so that
    /// a test can check that path uniform on a state small enough to list, where the draw by
    /// rejection never gives up. Any other state is drawn from the same distribution as
    /// `resample_hidden_into` draws it.
    #[doc(hidden)]
    pub fn resample_hidden_past_rejection_into(
        &self,
        observer: Seat,
        rng: &mut GameRng,
        out: &mut Self,
    ) {
        out.state.clone_from(&self.state);
        crate::determinise::determinise_past_rejection(&self.state, observer, rng, &mut out.state);
        out.state.refresh_sources();
    }

    /// The decision the game waits for, with the attack or duel under way.
    pub fn phase(&self) -> &Phase {
        &self.state.phase
    }

    /// Whose turn it is.
    pub fn turn_seat(&self) -> Seat {
        self.state.turn_seat
    }

    /// Turns ended so far.
    pub fn turns(&self) -> u32 {
        self.state.turns
    }

    /// A seat's hand in canonical order (empty for a seat beyond the table).
    pub fn hand(&self, seat: Seat) -> impl Iterator<Item = Card> + '_ {
        self.state
            .sides
            .get(seat.index())
            .into_iter()
            .flat_map(|s| s.hand.iter())
    }

    /// A seat's side of the table.
    pub fn side(&self, seat: Seat) -> Option<&Side> {
        self.state.sides.get(seat.index())
    }

    /// A seat's Agent zones.
    pub fn agents(&self, seat: Seat) -> [Option<Agent>; 3] {
        self.side(seat).map_or([None; 3], |s| s.agents)
    }

    /// A seat's Mana zones.
    pub fn mana(&self, seat: Seat) -> [Option<Mana>; 6] {
        self.side(seat).map_or([None; 6], |s| s.mana)
    }

    /// A seat's Damage Counters, oldest first.
    pub fn counters(&self, seat: Seat) -> &[Counter] {
        self.side(seat).map_or(&[], |s| &s.counters)
    }

    /// Whether the seat is out of the game.
    pub fn is_eliminated(&self, seat: Seat) -> bool {
        self.side(seat).is_some_and(|s| s.eliminated)
    }

    /// The Deck, top card first.
    pub fn deck(&self) -> impl Iterator<Item = Card> + '_ {
        self.state.deck.iter().rev().copied()
    }

    /// The Boneyard.
    pub fn boneyard(&self) -> &Cards {
        &self.state.boneyard
    }

    /// The Bench, bottom card first.
    pub fn bench(&self) -> &[Card] {
        &self.state.bench
    }

    /// The Void.
    pub fn void(&self) -> &Cards {
        &self.state.void
    }

    /// Normal summons left this turn (HJ20).
    pub fn summons_left(&self) -> u16 {
        self.state.summons_left
    }

    /// Whether a stacked later shuffle did not fit and the generator shuffled instead (HJ90).
    pub fn stack_diverged(&self) -> bool {
        self.state.stack_diverged
    }
}

impl Game for HighJinks {
    type Options = Options;
    type Action = Action;
    type ParseActionError = ParseActionError;
    type OptionsError = OptionsError;
    type ActionError = ActionError;
    type View = View;
    type Observation = Observation;
    type Card = Card;

    const NAME: &'static str = "highjinks";

    fn new(options: Options, seed: u64) -> Result<Self, OptionsError> {
        options.validate()?;
        Ok(HighJinks {
            state: State::new(options, seed),
        })
    }

    /// A new deal in this game's storage (see [`Game::new_into`]).
    fn new_into(options: &Options, seed: u64, out: &mut Self) -> Result<(), OptionsError> {
        // The game's own options were checked when it was made or loaded.
        if *options != out.state.options {
            options.validate()?;
        }
        out.state.renew(options, seed);
        Ok(())
    }

    fn options(&self) -> &Options {
        &self.state.options
    }

    fn seat_count(&self) -> usize {
        self.state.players()
    }

    #[inline]
    fn to_act(&self) -> Option<Seat> {
        self.state.to_act()
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.state.legal_actions(out);
    }

    #[inline]
    fn apply(&mut self, action: Action) -> Result<(), ActionError> {
        self.state.apply(action)
    }

    /// The default's ply (the same count, draw and state), with the commonest decisions
    /// counted rather than listed, only the action drawn built, and taken by its rule without
    /// checking again what the count guaranteed (see `random_ply.rs` and its folder).
    #[inline]
    fn random_ply<R: cards::Draw + ?Sized>(
        &mut self,
        rng: &mut R,
        buffer: &mut Vec<Action>,
    ) -> Result<usize, cards::PlayoutError> {
        self.state
            .random_ply(rng, buffer)
            .map_err(|(action, reason)| {
                cards::PlayoutError::refused(self.state.plies, action, reason)
            })
    }

    /// While the game goes on: 6 less the seat's Damage Counters, 0 once eliminated, so the
    /// leaders are the remaining seats with the fewest counters (the measure of HJ38). Once it
    /// is over: the same for the winners, 0 for every other seat.
    fn score(&self, seat: Seat) -> i64 {
        let Some(side) = self.side(seat) else {
            return 0;
        };
        if side.eliminated || (self.state.is_over() && !self.state.winners.contains(seat)) {
            return 0;
        }
        6 - side.counters.len() as i64
    }

    /// The winners once the game is over (the last seat standing, the 7th scar's, or the fewest
    /// counters at the turn bound); before, the remaining seats with the fewest counters.
    fn winners(&self) -> SeatSet {
        if self.state.is_over() {
            self.state.winners
        } else {
            self.state.fewest_counters()
        }
    }

    fn view(&self, seat: Seat) -> View {
        View::of(&self.state, seat)
    }

    fn observe(&self, action: Action, observer: Seat) -> Observation {
        Observation::of(&self.state, action, observer)
    }

    #[inline]
    fn plies(&self) -> u64 {
        self.state.plies
    }

    /// Set-up takes 3 plies a seat. A turn takes at most `MAIN_ACTION_PLIES` plies for each
    /// Main action and `TURN_PLIES` more. Clock inputs beyond those of a turn: at most 6 a seat
    /// (five counters and the sixth) and 8 for the Aces a game starts with in its Deck
    /// (Redemption). No other action repeats: Damage Counters never leave a seat but by
    /// elimination in this part of the rules. The bound leaves room for one turn and one round
    /// of clock inputs more, so that a loaded state, whose plies are only known to be within
    /// what its turns allow, ends within it too (see `ply_bound`).
    fn max_plies(&self) -> u64 {
        ply_bound(&self.state.options)
    }

    fn census(&self, out: &mut Vec<Card>) {
        self.state.census(out);
    }

    /// Every decision a seat can ever take. The host's clock input (HJ5) is not among them: it
    /// is never a legal action of the seat to act, though `apply` takes it in a timed game.
    fn action_space(&self, out: &mut Vec<Action>) {
        out.clear();
        for card in Card::ALL {
            out.extend([
                Action::Reject(card),
                Action::Summon(card),
                Action::Special(card),
                Action::Set(card),
                Action::Empower(crate::table::action::Source::Hand(card)),
                Action::Empower(crate::table::action::Source::Counter(card)),
                Action::Ace(card),
                Action::Retaliate(card),
                Action::Salvage(card),
            ]);
        }
        for zone in 0..3u8 {
            out.extend([Action::Retire(zone), Action::Block(zone)]);
            for target in 0..4u8 {
                out.push(Action::Attack {
                    zone,
                    target: Seat(target),
                });
            }
        }
        out.extend((0..6u8).map(|z| Action::Empower(crate::table::action::Source::Zone(z))));
        out.extend([
            Action::Combat,
            Action::EndTurn,
            Action::Draw,
            Action::Decline,
            Action::EndCombat,
            Action::NoBlock,
            Action::Pass,
        ]);
        self.state.magic_action_space(out);
    }

    fn resample_hidden_into(&self, observer: Seat, rng: &mut GameRng, out: &mut Self) {
        out.state.clone_from(&self.state);
        crate::determinise::determinise(&self.state, observer, rng, &mut out.state);
        // The draw rewrote face-down Mana cards.
        out.state.refresh_sources();
    }
}

impl fmt::Display for HighJinks {
    /// The whole table, hidden cards included: for replays and debugging.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.state;
        writeln!(
            f,
            "Turn {} (seat {}), waiting for {}; Deck {} cards",
            s.turns.saturating_add(1),
            s.turn_seat.0,
            s.phase.waiting(),
            s.deck.len()
        )?;
        for (i, side) in s.sides.iter().enumerate() {
            write!(
                f,
                "Seat {i}{}:",
                if side.eliminated { " (out)" } else { "" }
            )?;
            for agent in side.agents.iter().flatten() {
                write!(
                    f,
                    " {}{}{}",
                    agent.card,
                    if agent.tapped { "↷" } else { "" },
                    "*".repeat(usize::from(agent.scars))
                )?;
            }
            write!(f, " | mana")?;
            for mana in side.mana.iter().flatten() {
                if mana.face_up {
                    write!(f, " {}", mana.card)?;
                } else {
                    write!(f, " [{}]", mana.card)?;
                }
            }
            write!(f, " | counters")?;
            for c in &side.counters {
                if c.face_up {
                    write!(f, " {}", c.card)?;
                } else {
                    write!(f, " ({})", c.card)?;
                }
            }
            write!(f, " | hand")?;
            for card in side.hand.iter() {
                write!(f, " {card}")?;
            }
            writeln!(f)?;
        }
        write!(f, "Bench:")?;
        for card in &s.bench {
            write!(f, " {card}")?;
        }
        write!(f, "\nBoneyard:")?;
        for card in s.boneyard.iter() {
            write!(f, " {card}")?;
        }
        write!(f, "\nVoid:")?;
        for card in s.void.iter() {
            write!(f, " {card}")?;
        }
        writeln!(f)
    }
}
