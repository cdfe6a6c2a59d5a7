//! Copies of the game state that keep their storage: `clone` keeps every zone's reserved room
//! and `clone_from` reuses the target's, so that a search copying games allocates nothing.

use crate::state::{Player, State};

/// A copy keeps every zone's room; `clone_from` reuses the target's storage.
impl Clone for Player {
    fn clone(&self) -> Self {
        let mut copy = Player::with_capacity(0);
        copy.clone_from(self);
        copy
    }

    fn clone_from(&mut self, source: &Self) {
        let Player {
            hand,
            trip,
            done,
            done_trips,
            aversion,
            score,
            robbed,
            cache,
            barred,
            play_masks,
        } = source;
        self.hand.clone_from(hand);
        self.trip.clone_from(trip);
        self.done.clone_from(done);
        self.done_trips.clear();
        self.done_trips.reserve(done_trips.capacity());
        self.done_trips.extend_from_slice(done_trips);
        self.aversion.clone_from(aversion);
        self.score = *score;
        self.robbed = *robbed;
        self.cache = *cache;
        self.barred = *barred;
        self.play_masks = *play_masks;
    }
}

/// `clone_from` reuses the target's storage and copies the options only when they differ, so
/// that copying a game into one that has grown allocates nothing.
impl Clone for State {
    fn clone(&self) -> Self {
        State {
            options: self.options.clone(),
            rng: self.rng.clone(),
            deck: self.deck.clone(),
            discard: self.discard.clone(),
            specific: self.specific.clone(),
            players: self.players.clone(),
            goals: self.goals,
            dealer: self.dealer,
            current: self.current,
            phase: self.phase,
            quiet: self.quiet,
            trip_played: self.trip_played,
            hand_ending: self.hand_ending,
            world_winners: self.world_winners,
            deals: self.deals,
            plies: self.plies,
            knowledge: self.knowledge.clone(),
            watch: self.watch,
            table: self.table.clone(),
            rules: self.rules,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let State {
            options,
            rng,
            deck,
            discard,
            specific,
            players,
            goals,
            dealer,
            current,
            phase,
            quiet,
            trip_played,
            hand_ending,
            world_winners,
            deals,
            plies,
            knowledge,
            watch,
            table,
            rules,
        } = source;
        if self.options != *options {
            self.options.clone_from(options);
            self.table.clone_from(table);
        }
        self.rng = rng.clone();
        self.deck.clone_from(deck);
        self.discard.clone_from(discard);
        self.specific.clone_from(specific);
        self.players.clone_from(players);
        self.goals = *goals;
        self.dealer = *dealer;
        self.current = *current;
        self.phase = *phase;
        self.quiet = *quiet;
        self.trip_played = *trip_played;
        self.hand_ending = *hand_ending;
        self.world_winners = *world_winners;
        self.deals = *deals;
        self.plies = *plies;
        self.knowledge.clone_from(knowledge);
        self.watch = *watch;
        self.rules = *rules;
    }
}
