//! The [`Game`] contract for Brains and Hearts.

use cards::{Card, Game, GameRng, PlayoutError, Seat};

use crate::error::{ActionError, OptionsError, ParseActionError};
use crate::observation::Observation;
use crate::options::{Options, DECK_SIZE};
use crate::state::{BrainsHearts, Phase};
use crate::view::View;
use crate::Action;

/// Most plies of any game: 16 turns per seat of at most 3 action-phase plies for a roll
/// (`roll`, `choose`, `change`) and 2 for a play (`draw`, `play`) — 2 × (12 × 2 + 2 × 1 + 2 × 3)
/// = 64 —, one `end` per turn (32), and at most 5 claim plies per captured card (a run of three
/// own cards, the captured card and `stop`; every claim captures), 28 cards: 140.
pub const MAX_PLIES: u64 = 64 + 32 + 5 * 2 * DECK_SIZE as u64;

/// Fills `out` with the legal actions of the seat to act, in a fixed order.
pub(crate) fn fill_legal(game: &BrainsHearts, out: &mut Vec<Action>) {
    out.clear();
    match game.phase {
        Phase::Action => game.action_actions(out),
        Phase::Play => game.play_actions(out),
        Phase::DieChoice => game.choice_actions(out),
        Phase::DieTarget { result } => game.target_actions(result, out),
        Phase::Scoring => game.scoring_actions(out),
        Phase::Running(run) => game.run_actions(run, out),
        Phase::Over => {}
    }
}

impl BrainsHearts {
    /// Legal actions of the action phase: `draw` (then `roll`) while the deck holds a card,
    /// else the plays from the hand (then `roll`); `roll` only while a coin is left.
    #[inline(always)]
    pub(crate) fn action_actions(&self, out: &mut Vec<Action>) {
        let me = self.me();
        if me.deck.is_empty() {
            self.play_actions(out);
            if me.coins > 0 {
                out.push(Action::Roll);
            }
        } else {
            // `draw`, then `roll` while a coin is left: one fixed-size copy, cut to length.
            out.extend_from_slice(&[Action::Draw, Action::Roll]);
            out.truncate(1 + usize::from(me.coins > 0));
        }
    }

    /// Legal actions after a 6: the results 1–5 to choose.
    #[inline]
    pub(crate) fn choice_actions(&self, out: &mut Vec<Action>) {
        out.extend((1..=5).map(Action::Choose));
    }

    #[cold]
    fn wrong_step(&self, action: Action) -> ActionError {
        let expected = match self.phase {
            Phase::Action if self.me().deck.is_empty() => "play a card from your hand or roll",
            Phase::Action => "draw (then play) or roll",
            Phase::Play => "play a card from your hand",
            Phase::DieChoice => "choose a die result 1-5",
            Phase::DieTarget { .. } => "choose the card the die result changes",
            Phase::Scoring => "claim three of a kind, start a run, or end the scoring phase",
            Phase::Running(_) => "extend the run or stop it",
            Phase::Over => "the game is over",
        };
        ActionError::WrongStep { action, expected }
    }
}

impl Game for BrainsHearts {
    type Options = Options;
    type Action = Action;
    type ParseActionError = ParseActionError;
    type OptionsError = OptionsError;
    type ActionError = ActionError;
    type View = View;
    type Observation = Observation;
    type Card = Card;

    const NAME: &'static str = "brainshearts";

    fn new(options: Options, seed: u64) -> Result<Self, OptionsError> {
        options.validate()?;
        Ok(BrainsHearts::start(options, seed))
    }

    /// The state is inline: only options other than the game's are copied (stacked decks and
    /// die results are the one thing that allocates).
    fn new_into(options: &Options, seed: u64, out: &mut Self) -> Result<(), OptionsError> {
        // The game's own options were checked when it was made or loaded.
        let kept = if *options == out.options {
            std::mem::take(&mut out.options)
        } else {
            options.validate()?;
            options.clone()
        };
        *out = BrainsHearts::start(kept, seed);
        Ok(())
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn to_act(&self) -> Option<Seat> {
        self.seat_to_act()
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        fill_legal(self, out);
    }

    fn apply(&mut self, action: Action) -> Result<(), ActionError> {
        // The phase first, then the action: one jump on the phase, and within it a test or
        // two on the action.
        let result = match self.phase {
            Phase::Play => match action {
                Action::Play { card, slot, locked } => self.play(card, slot, locked),
                _ => Err(self.wrong_step(action)),
            },
            Phase::Action => match action {
                Action::Draw => self.draw(),
                Action::Play { card, slot, locked } => {
                    if self.me().deck.is_empty() {
                        self.play(card, slot, locked)
                    } else {
                        Err(ActionError::MustDrawFirst)
                    }
                }
                Action::Roll => self.roll(),
                _ => Err(self.wrong_step(action)),
            },
            Phase::Running(run) => match action {
                Action::Extend(pos) => self.extend_run(run, pos),
                Action::Stop => self.stop_run(run),
                _ => Err(self.wrong_step(action)),
            },
            Phase::Scoring => match action {
                Action::Run(pos) => self.start_run(pos),
                Action::End => {
                    self.end_turn();
                    Ok(())
                }
                Action::Three(value) => self.claim_three(value),
                _ => Err(self.wrong_step(action)),
            },
            Phase::DieChoice => match action {
                Action::Choose(result) => self.choose(result),
                _ => Err(self.wrong_step(action)),
            },
            Phase::DieTarget { result } => match action {
                Action::Change(pos) => self.change(result, pos),
                _ => Err(self.wrong_step(action)),
            },
            Phase::Over => Err(ActionError::GameOver),
        };
        if result.is_ok() {
            // Within `MAX_PLIES` (see `random_ply`): a plain increment.
            self.plies = self.plies.wrapping_add(1);
        }
        result
    }

    /// One ply of a random playout by the phase's own rules, looking at the phase once (see
    /// `random_ply.rs`): the same legal actions, draw and state as `legal_actions`, a draw of
    /// `rng.index(len)` and `apply`.
    #[inline]
    fn random_ply<R: cards::Draw + ?Sized>(
        &mut self,
        rng: &mut R,
        buffer: &mut Vec<Action>,
    ) -> Result<usize, PlayoutError> {
        self.random_ply_by_phase(rng, buffer)
            .map_err(|(action, reason)| PlayoutError::refused(self.plies, action, reason))
    }

    fn score(&self, seat: Seat) -> i64 {
        self.seats
            .get(seat.index())
            .map_or(0, |s| s.cards_on_board() as i64)
    }

    fn view(&self, seat: Seat) -> View {
        View::of(self, seat)
    }

    fn plies(&self) -> u64 {
        self.plies
    }

    fn max_plies(&self) -> u64 {
        MAX_PLIES
    }

    fn census(&self, out: &mut Vec<Card>) {
        self.all_cards(out);
    }

    /// The index space of [`cards::Learn`] in index order: the same in every state, every
    /// action that can be legal. (No never-legal probe is added: the notation has no text for
    /// a value out of range, and every action listed must read back from its text.)
    fn action_space(&self, out: &mut Vec<Action>) {
        cards::learning::index_space::<Self>(&self.options, out);
    }

    fn observe(&self, action: Action, observer: Seat) -> Observation {
        Observation::of(self, action, observer)
    }

    fn resample_hidden_into(&self, observer: Seat, rng: &mut GameRng, out: &mut Self) {
        out.clone_from(self);
        crate::observation::determinise(out, observer, rng);
    }
}
