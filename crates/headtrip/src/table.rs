//! The state of the table and the rules that move it: rounds, stepping down, recalls,
//! elections and playing action cards.

use cards::{Card, Facing, FixedZone, GameRng, Rank, Seat, Suit};
use serde::{Deserialize, Serialize};

use crate::election::push_leaders;
use crate::lookup::{
    card, challenge_row, rank_value, ACTION_CARDS, CHALLENGE_DECK, HIGH_SINGLES, LOW_SINGLES,
};
use crate::options::CHALLENGES;
use crate::{Action, ActionError, Aspect, Options};

/// Recall cards (the two jokers) at the start of each game.
pub const RECALL_CARDS: u8 = 2;

/// Action cards of one aspect: ranks 2–10 as bits 2–10.
pub const FULL_HAND: u16 = 0b111_1111_1100;

/// Most entries a tableau row can hold: one per challenge of its suit.
pub const ROW_CAPACITY: usize = 9;

/// Most plies one round can take: the pilot's choice, three recall answers, four votes, a
/// tie-break and the play.
pub const MAX_PLIES_PER_ROUND: u64 = 10;

/// The pilot's choices, in order.
pub(crate) const STEP_DOWN_CHOICES: [Action; 2] = [Action::StepDown, Action::Stay];

/// A seat's answers to a recall poll, in order.
pub(crate) const RECALL_ANSWERS: [Action; 2] = [Action::CallRecall, Action::NoRecall];

/// The four votes, in aspect order.
pub(crate) const VOTES: [Action; 4] = [
    Action::Vote(Aspect::Animal),
    Action::Vote(Aspect::Angel),
    Action::Vote(Aspect::Genius),
    Action::Vote(Aspect::Student),
];

/// The decision the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The pilot chooses to step down or to stay (HT3).
    StepDown,
    /// The other seats, in order after the pilot, answer whether they call for a recall.
    RecallPoll {
        /// Seats asked so far.
        asked: u8,
        /// Seats that called for the recall so far.
        calls: u8,
    },
    /// Seats vote in seat order (HT4); `next` is the seat to vote.
    Election {
        /// The seat to vote next.
        next: u8,
    },
    /// The election is tied: The Student chooses among the leaders (a bit per aspect).
    TieBreak {
        /// The leading aspects, one bit per aspect index.
        leaders: u8,
    },
    /// The pilot plays action cards (HT5, HT6).
    Play,
    /// The game (or the whole session) is over.
    Over,
}

/// What the pilot put on the tableau for one challenge: one action card, or two with Aspect
/// Affinities. It lies face up on a success, face down on a failure, and counts once (HT7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Played {
    /// The (lower) card.
    pub first: Card,
    /// The second, higher card of a two-card play.
    pub second: Option<Card>,
}

/// Fills a row's places past its entries (see [`FixedZone`]); never an entry of a game, since
/// the black joker is not an action card.
impl Default for Played {
    fn default() -> Self {
        Played {
            first: Card::BLACK_JOKER,
            second: None,
        }
    }
}

impl Played {
    /// The cards of the play.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        std::iter::once(self.first).chain(self.second)
    }

    /// The total rank compared with the challenge.
    pub fn total(self) -> u8 {
        self.cards().map(|c| c.rank().map_or(0, Rank::value)).sum()
    }

    /// The aspect that played it (by the suit of its cards).
    pub fn owner(self) -> Option<Aspect> {
        Aspect::ALL
            .into_iter()
            .find(|a| Some(a.suit()) == self.first.suit())
    }
}

/// The tableau row of a challenge suit: ♣ 0 (physical), ♥ 1 (social), ♠ 2 (mental).
pub const fn row_of(suit: Suit) -> Option<usize> {
    match suit {
        Suit::Clubs => Some(0),
        Suit::Hearts => Some(1),
        Suit::Spades => Some(2),
        Suit::Diamonds => None,
    }
}

/// The suits of the tableau rows, top to bottom.
pub const ROW_SUITS: [Suit; 3] = [Suit::Clubs, Suit::Hearts, Suit::Spades];

/// The whole state of a Head Trip game or session. Deserialised only through
/// [`HeadTrip`](crate::HeadTrip), which checks it (`crate::check`).
#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    pub(crate) options: Options,
    pub(crate) rng: GameRng,
    /// Which game of the session is being played, from 0.
    pub(crate) game_index: u32,
    /// The challenge deck of this game, top first; `deck[next..]` are still face down.
    pub(crate) deck: [Card; CHALLENGES],
    pub(crate) next: u8,
    /// Each aspect's action cards in hand, ranks as bits.
    pub(crate) hands: [u16; 4],
    /// The tableau rows, ♣ ♥ ♠, left to right: one entry per challenge faced (HT7). The `i`-th
    /// entry of a row answers the `i`-th challenge of that suit in `deck`.
    pub(crate) rows: [FixedZone<Played, ROW_CAPACITY>; 3],
    pub(crate) recalls: u8,
    pub(crate) pilot: Aspect,
    pub(crate) phase: Phase,
    /// Votes of the election under way, hidden from the other seats until all are in.
    pub(crate) votes: [Option<Aspect>; 4],
    /// The votes of the last election, revealed once all were in.
    pub(crate) last_votes: Option<[Aspect; 4]>,
    /// The seats that called for a recall in the poll under way or the last one of this game
    /// (a bit per seat): the answers are public, and kept so that views remember them.
    #[serde(default)]
    pub(crate) recall_calls: u8,
    /// Scores of the games of the session already finished.
    pub(crate) banked: [i64; 4],
    pub(crate) plies: u64,
}

/// The rows are inline, so a copy allocates nothing but the options' stacked decks, if any;
/// `clone_from` copies the options only when they differ, so a search copying games allocates
/// nothing.
impl Clone for Table {
    fn clone(&self) -> Self {
        let mut copy = Table::new_empty(self.options.clone(), self.rng.clone());
        copy.clone_from(self);
        copy
    }

    fn clone_from(&mut self, source: &Self) {
        let Table {
            options,
            rng,
            game_index,
            deck,
            next,
            hands,
            rows,
            recalls,
            pilot,
            phase,
            votes,
            last_votes,
            recall_calls,
            banked,
            plies,
        } = source;
        if self.options != *options {
            self.options.clone_from(options);
        }
        self.rng = rng.clone();
        self.game_index = *game_index;
        self.deck = *deck;
        self.next = *next;
        self.hands = *hands;
        self.rows = *rows;
        self.recalls = *recalls;
        self.pilot = *pilot;
        self.phase = *phase;
        self.votes = *votes;
        self.last_votes = *last_votes;
        self.recall_calls = *recall_calls;
        self.banked = *banked;
        self.plies = *plies;
    }
}

impl Table {
    /// A table with every field in place but no game set up.
    fn new_empty(options: Options, rng: GameRng) -> Table {
        Table {
            options,
            rng,
            game_index: 0,
            deck: [Card::BLACK_JOKER; CHALLENGES],
            next: 0,
            hands: [FULL_HAND; 4],
            rows: [FixedZone::new(); 3],
            recalls: RECALL_CARDS,
            pilot: Aspect::Student,
            phase: Phase::StepDown,
            votes: [None; 4],
            last_votes: None,
            recall_calls: 0,
            banked: [0; 4],
            plies: 0,
        }
    }

    /// A new game (or session) from validated options.
    pub(crate) fn new(options: Options, seed: u64) -> Table {
        let mut table = Table::new_empty(options, GameRng::from_seed(seed));
        table.start_game();
        table
    }

    /// A new game (or session) of the same options in this table's place, as [`Table::new`]
    /// makes it: every field is set again, nothing is allocated or copied whole.
    pub(crate) fn renew(&mut self, seed: u64) {
        self.rng = GameRng::from_seed(seed);
        self.game_index = 0;
        self.banked = [0; 4];
        self.plies = 0;
        self.start_game();
    }

    /// Sets up the game `game_index` of the session: challenge deck, hands, empty tableau, The
    /// Student as pilot; then reveals the first challenge.
    fn start_game(&mut self) {
        let stacked = self
            .options
            .stacked_challenges
            .as_ref()
            .and_then(|d| d.get(self.game_index as usize));
        match stacked {
            Some(order) if order.len() == CHALLENGES => self.deck.copy_from_slice(order),
            _ => {
                self.deck = CHALLENGE_DECK;
                self.rng.shuffle(&mut self.deck);
            }
        }
        self.next = 0;
        self.hands = [FULL_HAND; 4];
        for row in &mut self.rows {
            row.clear();
        }
        self.recalls = RECALL_CARDS;
        self.pilot = Aspect::Student;
        self.votes = [None; 4];
        self.last_votes = None;
        self.recall_calls = 0;
        self.phase = Phase::StepDown;
    }

    /// The challenge being faced (revealed automatically at the start of each round, HT2).
    #[inline]
    pub(crate) fn challenge(&self) -> Option<Card> {
        match self.phase {
            Phase::Over => None,
            _ => self.deck.get(usize::from(self.next)).copied(),
        }
    }

    /// The seat to act.
    #[inline]
    pub(crate) fn to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::StepDown | Phase::Play => Some(self.pilot.seat()),
            Phase::RecallPoll { asked, .. } => Some(Seat((self.pilot as u8 + 1 + asked) % 4)),
            Phase::Election { next } => Some(Seat(next)),
            Phase::TieBreak { .. } => Some(Aspect::Student.seat()),
            Phase::Over => None,
        }
    }

    /// Whether the pilot may play two cards now (Aspect Affinities, HT6).
    fn affinity(&self) -> bool {
        self.options.aspect_affinities
            && self.challenge().and_then(|c| c.suit()) == Some(self.pilot.suit())
            && self.hands[self.pilot.index()].count_ones() >= 2
    }

    /// The score of an aspect in the game under way: successes of its row, or failures for The
    /// Student (HT7: challenges, not cards).
    pub(crate) fn game_score(&self, aspect: Aspect) -> i64 {
        let score = match aspect {
            Aspect::Animal => self.rows[0].face_up_count(),
            Aspect::Angel => self.rows[1].face_up_count(),
            Aspect::Genius => self.rows[2].face_up_count(),
            Aspect::Student => self.rows.iter().map(|r| r.len() - r.face_up_count()).sum(),
        };
        score as i64
    }

    /// The session score of an aspect: finished games plus the game under way.
    pub(crate) fn score(&self, aspect: Aspect) -> i64 {
        self.banked[aspect.index()] + self.game_score(aspect)
    }

    /// The session scores of the four aspects, in seat order, with each row read once: what
    /// [`score`](Table::score) gives each.
    pub(crate) fn scores(&self) -> [i64; 4] {
        let successes = self.rows.each_ref().map(|row| row.face_up_count() as i64);
        let cards: i64 = self.rows.iter().map(|row| row.len() as i64).sum();
        let failures = cards - successes.iter().sum::<i64>();
        let game = [successes[0], successes[1], successes[2], failures];
        std::array::from_fn(|i| self.banked[i] + game[i])
    }

    /// Fills `out` with the legal actions, in a fixed order.
    pub(crate) fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::StepDown => out.extend_from_slice(&STEP_DOWN_CHOICES),
            Phase::RecallPoll { .. } => out.extend_from_slice(&RECALL_ANSWERS),
            Phase::Election { .. } => out.extend_from_slice(&VOTES),
            Phase::TieBreak { leaders } => push_leaders(out, leaders),
            Phase::Play => self.push_plays(out),
            Phase::Over => {}
        }
    }

    /// Pushes the pilot's plays onto `out`: the singles low first, then (with Aspect
    /// Affinities) the pairs.
    #[inline]
    pub(crate) fn push_plays(&self, out: &mut Vec<Action>) {
        let cards = &ACTION_CARDS[self.pilot.index()];
        let hand = self.hands[self.pilot.index()];
        // The singles, low first, from two tables by parts of the hand: each part's plays are
        // copied whole (fixed length) and the list then cut to length.
        let start = out.len();
        let low = &LOW_SINGLES[self.pilot.index()][usize::from(hand >> 2) & 31];
        let high = &HIGH_SINGLES[self.pilot.index()][usize::from(hand >> 7) & 15];
        out.extend_from_slice(&low.actions);
        out.truncate(start + usize::from(low.len));
        out.extend_from_slice(&high.actions);
        out.truncate(start + usize::from(low.len + high.len));
        if self.affinity() {
            let mut lows = hand;
            while lows != 0 {
                let low = lows.trailing_zeros() as usize;
                lows &= lows - 1;
                let mut highs = lows;
                while highs != 0 {
                    let high = highs.trailing_zeros() as usize;
                    highs &= highs - 1;
                    out.push(Action::PlayTwo(cards[low & 15], cards[high & 15]));
                }
            }
        }
    }

    /// Applies one action of the seat to act, or refuses it with the reason and changes
    /// nothing: every arm checks before it changes the state.
    pub(crate) fn apply(&mut self, action: Action) -> Result<(), ActionError> {
        // The phase first, then the action: one dispatch on the phase, then a test of the
        // action's kind that is the same at every ply of that phase.
        match self.phase {
            Phase::Election { next } => self.vote(next, action)?,
            Phase::Play => self.play_action(action)?,
            Phase::StepDown => self.step_down_or_stay(action)?,
            Phase::RecallPoll { asked, calls } => self.answer_recall(asked, calls, action)?,
            Phase::TieBreak { leaders } => self.break_tie(leaders, action)?,
            Phase::Over => return Err(self.refusal(self.phase, action)),
        }
        self.plies += 1;
        Ok(())
    }

    /// The pilot plays one action card, or two with Aspect Affinities (HT5, HT6).
    #[inline]
    pub(crate) fn play_action(&mut self, action: Action) -> Result<(), ActionError> {
        match action {
            Action::Play(card) => {
                let value = self.held(card)?;
                self.play(
                    Played {
                        first: card,
                        second: None,
                    },
                    1 << value,
                    value,
                );
            }
            Action::PlayTwo(low, high) => {
                if !self.affinity() {
                    return Err(ActionError::NoAffinity);
                }
                let low_value = self.held(low)?;
                let high_value = self.held(high)?;
                if low >= high {
                    return Err(ActionError::PairOrder);
                }
                let played = Played {
                    first: low,
                    second: Some(high),
                };
                let bits = (1 << low_value) | (1 << high_value);
                self.play(played, bits, low_value + high_value);
            }
            _ => return Err(self.refusal(self.phase, action)),
        }
        Ok(())
    }

    /// The pilot steps down (an election follows) or stays (a recall poll follows while recall
    /// cards are left, HT3; otherwise the pilot plays).
    #[inline]
    pub(crate) fn step_down_or_stay(&mut self, action: Action) -> Result<(), ActionError> {
        match action {
            Action::StepDown => self.open_election(),
            Action::Stay if self.recalls > 0 => {
                self.recall_calls = 0;
                self.phase = Phase::RecallPoll { asked: 0, calls: 0 }
            }
            Action::Stay => self.phase = Phase::Play,
            _ => return Err(self.refusal(self.phase, action)),
        }
        Ok(())
    }

    /// The next seat of a recall poll answers, `asked` seats having answered and `calls` of
    /// them called (HT3).
    #[inline]
    pub(crate) fn answer_recall(
        &mut self,
        asked: u8,
        calls: u8,
        action: Action,
    ) -> Result<(), ActionError> {
        if !matches!(action, Action::CallRecall | Action::NoRecall) {
            return Err(self.refusal(self.phase, action));
        }
        // The answer marks the seat answering (as `to_act` names it), without a branch on it.
        let call = action == Action::CallRecall;
        self.recall_calls |= u8::from(call) << ((self.pilot as u8 + 1 + asked) % 4);
        let asked = asked + 1;
        let calls = calls + u8::from(call);
        if asked < 3 {
            // HT3: each other seat answers.
            self.phase = Phase::RecallPoll { asked, calls };
        } else if calls >= 2 {
            // Two or more calls: a recall card is spent and the pilot is forced down.
            self.recalls = self.recalls.saturating_sub(1);
            self.open_election();
        } else {
            self.phase = Phase::Play;
        }
        Ok(())
    }

    /// Why an action of the wrong kind for the decision under way is refused.
    #[cold]
    pub(crate) fn refusal(&self, phase: Phase, action: Action) -> ActionError {
        let expected = match phase {
            Phase::Over => return ActionError::GameOver,
            Phase::StepDown => "the pilot must step down or stay",
            Phase::RecallPoll { .. } => "the seat must say whether it calls for a recall",
            Phase::Election { .. } => "the seat must vote",
            Phase::TieBreak { .. } => "The Student must choose among the leaders",
            Phase::Play => "the pilot must play an action card",
        };
        ActionError::WrongDecision {
            action: action.to_string(),
            expected,
        }
    }

    /// The rank value of `card` if the pilot holds it, or why not.
    #[inline]
    fn held(&self, card: Card) -> Result<u8, ActionError> {
        // The pilot's suit's cards have indices `base..base + 13`, rank value `index - base + 1`;
        // a hand holds only bits 2–10, so a set bit is an action card of the pilot's.
        let base = self.pilot.suit().index() * 13;
        let offset = card.index().wrapping_sub(base);
        if offset < 13 && self.hands[self.pilot.index()] & (1 << (offset + 1)) != 0 {
            Ok(offset as u8 + 1)
        } else {
            Err(ActionError::CardNotHeld(card))
        }
    }

    /// HT5–HT7: the card (or two) goes to the challenge's row, face up on success, face down on
    /// failure; then the round ends. `bits` are the hand's bits of the cards played and `total`
    /// their rank total (the caller checked that the pilot holds them).
    #[inline]
    fn play(&mut self, played: Played, bits: u16, total: u8) {
        let Some(challenge) = self.challenge() else {
            return;
        };
        let (target, Some(row)) = (rank_value(challenge), challenge_row(challenge)) else {
            return;
        };
        let facing = if total >= target {
            Facing::Up
        } else {
            Facing::Down
        };
        // A row has room for every challenge of its suit (loading checks that each row holds
        // one entry per challenge faced), so the push fails only on a broken state, which it
        // leaves as it was.
        if self.rows[row].push(played, facing).is_err() {
            return;
        }
        self.hands[self.pilot.index()] &= !bits;
        self.next += 1;
        self.end_round();
    }

    /// HT8: the game ends after a round in which the pilot played its last action card, or after
    /// the 27th challenge; in a session (HT9) the next game then begins.
    #[inline]
    fn end_round(&mut self) {
        let out_of_cards = self.hands[self.pilot.index()] == 0;
        if !out_of_cards && usize::from(self.next) < CHALLENGES {
            self.phase = Phase::StepDown;
        } else {
            self.end_game();
        }
    }

    /// The game is over: the next game of the session begins, or the session is over.
    #[cold]
    fn end_game(&mut self) {
        if self.game_index + 1 < self.options.games {
            for aspect in Aspect::ALL {
                self.banked[aspect.index()] += self.game_score(aspect);
            }
            self.game_index += 1;
            self.start_game();
        } else {
            self.phase = Phase::Over;
        }
    }
}

/// The cards of a hand bitmask in `suit`, low first.
pub(crate) fn hand_cards(hand: u16, suit: Suit) -> impl Iterator<Item = Card> {
    (2..=10u8)
        .filter(move |v| hand & (1 << v) != 0)
        .map(move |v| card(v, suit))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `held` agrees with the card type's reading (rank, suit, then the hand's bit) for every
    /// card, pilot and a spread of hands.
    #[test]
    fn held_reads_cards_as_the_card_type_does() {
        let mut table = Table::new(Options::default(), 1);
        for pilot in Aspect::ALL {
            table.pilot = pilot;
            for hand in [0, FULL_HAND, 0b100_0000_0100, 0b010_1010_1000] {
                table.hands[pilot.index()] = hand;
                for card in Card::ALL {
                    let expected = match (card.rank(), card.suit()) {
                        (Some(rank), Some(suit))
                            if suit == pilot.suit() && hand & (1 << rank.value()) != 0 =>
                        {
                            Ok(rank.value())
                        }
                        _ => Err(ActionError::CardNotHeld(card)),
                    };
                    assert_eq!(table.held(card), expected, "{card} for {pilot:?}");
                }
            }
        }
    }
}
