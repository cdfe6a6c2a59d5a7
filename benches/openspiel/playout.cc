// OpenSpiel's C++ random playout, for the side-by-side script (side_by_side.py).
//
// Compiled against the headers and linked to the C++ library that the `open-spiel` wheel ships
// (its `pyspiel.so` exports the whole `open_spiel::` API). For each game named on the command
// line, prints one JSON line:
//   {"game": ..., "ns_per_action": [one per rep], "ns_per_player_ply": [...],
//    "ns_per_legal": [...], "ns_per_info_tensor": [...] or null, "info_tensor_size": ...,
//    "plies_per_game": ..., "chance_per_game": ..., "games": ...}
//
// Measurements, each repeated `reps` times (the script takes the median):
// - playout: from `NewInitialState()` (created outside the timing) to the terminal state, at
//   every node: chance nodes sample `ChanceOutcomes()` by their probabilities, player nodes
//   call `LegalActions()` and pick one uniformly; then `ApplyAction`. The time of the whole
//   game (the deal's chance nodes included) is divided by every applied action, chance
//   included (`ns_per_action`, the "ns per ply" of the earlier measurement), and by the
//   players' actions only (`ns_per_player_ply`).
// - legal_actions: `LegalActions()` over 256 fixed mid-game player states (as the workspace's
//   `legal_actions` bench does), the time divided by 256.
// - information_state_tensor: for a game that provides it, `InformationStateTensor(player,
//   span)` of the player to act over the same 256 states, written into one caller-owned buffer
//   (the form that allocates nothing, as the workspace's `information_state` bench writes),
//   the time divided by 256 (`ns_per_info_tensor`, null for a game without the tensor).
//
// Usage: openspiel_playout <seconds per rep> <reps> <game>...

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "open_spiel/spiel.h"

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kStates = 256;

struct Counts {
  std::uint64_t player = 0;
  std::uint64_t chance = 0;
};

// Samples a chance outcome by its probability.
open_spiel::Action SampleChance(const open_spiel::State& state, std::mt19937_64& rng) {
  const std::vector<std::pair<open_spiel::Action, double>> outcomes = state.ChanceOutcomes();
  const double draw = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
  double cumulative = 0.0;
  for (const auto& [action, probability] : outcomes) {
    cumulative += probability;
    if (draw < cumulative) return action;
  }
  return outcomes.back().first;  // Rounding: the last outcome.
}

// Plays `state` to the end at random; returns the plies applied.
Counts Playout(open_spiel::State& state, std::mt19937_64& rng) {
  Counts counts;
  while (!state.IsTerminal()) {
    if (state.IsChanceNode()) {
      state.ApplyAction(SampleChance(state, rng));
      ++counts.chance;
    } else {
      const std::vector<open_spiel::Action> legal = state.LegalActions();
      const std::size_t index =
          std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng);
      state.ApplyAction(legal[index]);
      ++counts.player;
    }
  }
  return counts;
}

// Mid-game player states from seeded random games, one at every player ply in turn.
std::vector<std::unique_ptr<open_spiel::State>> MidGameStates(const open_spiel::Game& game) {
  std::vector<std::unique_ptr<open_spiel::State>> states;
  std::mt19937_64 rng(0xbe9c);
  while (states.size() < kStates) {
    std::unique_ptr<open_spiel::State> state = game.NewInitialState();
    while (!state->IsTerminal() && states.size() < kStates) {
      if (state->IsChanceNode()) {
        state->ApplyAction(SampleChance(*state, rng));
        continue;
      }
      states.push_back(state->Clone());
      const std::vector<open_spiel::Action> legal = state->LegalActions();
      state->ApplyAction(
          legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
    }
  }
  return states;
}

double Seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

void Bench(const std::string& name, double seconds, int reps) {
  const std::shared_ptr<const open_spiel::Game> game = open_spiel::LoadGame(name);
  std::mt19937_64 rng(1);
  std::vector<double> per_player_ply, per_action, per_legal;
  Counts total;
  std::uint64_t games = 0;
  // Warm-up: a tenth of a rep.
  {
    const auto start = Clock::now();
    while (Seconds(Clock::now() - start) < seconds / 10) {
      std::unique_ptr<open_spiel::State> state = game->NewInitialState();
      Playout(*state, rng);
    }
  }
  for (int rep = 0; rep < reps; ++rep) {
    Counts counts;
    std::uint64_t rep_games = 0;
    Clock::duration timed{};
    const auto wall = Clock::now();
    while (Seconds(Clock::now() - wall) < seconds) {
      std::unique_ptr<open_spiel::State> state = game->NewInitialState();
      const auto start = Clock::now();
      const Counts c = Playout(*state, rng);
      timed += Clock::now() - start;
      counts.player += c.player;
      counts.chance += c.chance;
      ++rep_games;
    }
    const double ns = Seconds(timed) * 1e9;
    per_player_ply.push_back(ns /
                             static_cast<double>(std::max<std::uint64_t>(counts.player, 1)));
    per_action.push_back(
        ns / static_cast<double>(std::max<std::uint64_t>(counts.player + counts.chance, 1)));
    total.player += counts.player;
    total.chance += counts.chance;
    games += rep_games;
  }

  const std::vector<std::unique_ptr<open_spiel::State>> states = MidGameStates(*game);
  std::size_t sink = 0;
  for (int rep = 0; rep < reps; ++rep) {
    std::uint64_t calls = 0;
    const auto start = Clock::now();
    while (Seconds(Clock::now() - start) < seconds / 3) {
      for (const auto& state : states) sink += state->LegalActions().size();
      calls += states.size();
    }
    per_legal.push_back(Seconds(Clock::now() - start) * 1e9 / static_cast<double>(calls));
  }

  std::vector<double> per_tensor;
  if (game->GetType().provides_information_state_tensor) {
    std::vector<float> buffer(game->InformationStateTensorSize());
    for (int rep = 0; rep < reps; ++rep) {
      std::uint64_t calls = 0;
      const auto start = Clock::now();
      while (Seconds(Clock::now() - start) < seconds / 3) {
        for (const auto& state : states) {
          state->InformationStateTensor(state->CurrentPlayer(), absl::MakeSpan(buffer));
          sink += buffer[0] > 0.5f;
        }
        calls += states.size();
      }
      per_tensor.push_back(Seconds(Clock::now() - start) * 1e9 / static_cast<double>(calls));
    }
  }

  auto list = [](const std::vector<double>& values) {
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (i > 0) out += ", ";
      out += std::to_string(values[i]);
    }
    return out + "]";
  };
  const double g = static_cast<double>(std::max<std::uint64_t>(games, 1));
  std::printf(
      "{\"game\": \"%s\", \"ns_per_action\": %s, \"ns_per_player_ply\": %s, "
      "\"ns_per_legal\": %s, \"ns_per_info_tensor\": %s, \"info_tensor_size\": %d, "
      "\"plies_per_game\": %.1f, \"chance_per_game\": %.1f, "
      "\"games\": %llu, \"sink\": %zu}\n",
      name.c_str(), list(per_action).c_str(), list(per_player_ply).c_str(),
      list(per_legal).c_str(), per_tensor.empty() ? "null" : list(per_tensor).c_str(),
      game->GetType().provides_information_state_tensor ? game->InformationStateTensorSize() : 0,
      static_cast<double>(total.player) / g, static_cast<double>(total.chance) / g,
      static_cast<unsigned long long>(games), sink % 2);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s <seconds per rep> <reps> <game>...\n", argv[0]);
    return 2;
  }
  const double seconds = std::atof(argv[1]);
  const int reps = std::atoi(argv[2]);
  if (!(seconds > 0) || reps < 1) {
    std::fprintf(stderr, "seconds must be > 0 and reps >= 1\n");
    return 2;
  }
  for (int i = 3; i < argc; ++i) Bench(argv[i], seconds, reps);
  return 0;
}
