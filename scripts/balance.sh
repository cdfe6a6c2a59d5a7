#!/usr/bin/env bash
# Reproduces every table of docs/BALANCE.md:
# `scripts/balance.sh [output directory]` (default target/balance). Each table is one
# `cards simulate` command, printed before it runs; results do not depend on the thread count.
# About 50 minutes on 2 cores; run a single line to reproduce a single table.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-target/balance}"
mkdir -p "$out"
cargo build --release --quiet
cards=target/release/cards

run() {
    local name="$1"
    shift
    echo "cards $*" | tee "$out/$name.txt"
    "$cards" "$@" | tee -a "$out/$name.txt"
}

# Strength: ISMCTS (1,000 iterations a decision) against random agents, seats rotated.
run strength-headtrip simulate headtrip --agents ismcts:1000,random,random,random --rotate --games 400
run strength-brainshearts simulate brainshearts --agents ismcts:1000,random --rotate --games 400
# Balance: every seat played by ISMCTS.
run balance-headtrip simulate headtrip --agents ismcts:1000 --games 400
run balance-headtrip-affinities simulate headtrip --options '{"aspect_affinities":true}' --agents ismcts:1000 --games 400
run balance-brainshearts simulate brainshearts --agents ismcts:1000 --games 400
# Flat Monte Carlo against ISMCTS at equal budget.
run flat-headtrip simulate headtrip --agents flat:1000,ismcts:1000,flat:1000,ismcts:1000 --rotate --games 400
run flat-brainshearts simulate brainshearts --agents flat:1000,ismcts:1000 --rotate --games 400
# ISMCTS at 10,000 iterations against ISMCTS at 1,000.
run deep-headtrip simulate headtrip --agents ismcts:10000,ismcts:1000,ismcts:1000,ismcts:1000 --rotate --games 400
run deep-brainshearts simulate brainshearts --agents ismcts:10000,ismcts:1000 --rotate --games 200
# Round Trip Ticket is the long game (under ISMCTS at 100 iterations, about 390 plies with two
# players and 580 with four): two players for the strength tables, and 100 iterations a decision for the balance by player count.
run strength-roundtrip-2 simulate roundtrip --options '{"players":2}' --agents ismcts:1000,random --rotate --games 400
run flat-roundtrip-2 simulate roundtrip --options '{"players":2}' --agents flat:1000,ismcts:1000 --rotate --games 50
for players in 2 3 4 5 6; do
    run "balance-roundtrip-$players" simulate roundtrip --options "{\"players\":$players}" --agents ismcts:100 --games 60
done
# High Jinks: random play by player count, strength, and ISMCTS at every seat.
for players in 2 3 4; do
    run "random-highjinks-$players" simulate highjinks --options "{\"players\":$players}" --games 20000
done
run strength-highjinks-2 simulate highjinks --agents ismcts:1000,random --rotate --games 100
for players in 2 3 4; do
    run "balance-highjinks-$players" simulate highjinks --options "{\"players\":$players}" --agents ismcts:100 --games 60
done
