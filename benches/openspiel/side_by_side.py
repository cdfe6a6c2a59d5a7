#!/usr/bin/env python3
"""Side by side: OpenSpiel's C++ random playout against this workspace's playout benches.

A developer's tool, not part of the tests or CI. In one session it

1. creates a venv under the cargo target directory (`$CARGO_TARGET_DIR` or `<repo>/target`,
   at `openspiel-venv/`) and installs the pinned `open-spiel` wheel there;
2. finds the wheel's C++ library (`pyspiel*.so` exports the whole `open_spiel::` API; a
   `libopen_spiel*.so` is used instead if a wheel ships one) and its headers (the wheel ships
   OpenSpiel's source tree with abseil and nlohmann/json);
3. compiles `playout.cc` (next to this script) with g++ against them and runs it: seeded random
   playouts of hearts, spades, crazy_eights, euchre and go_fish, ns per ply and ns per
   `LegalActions` call, and for hearts and euchre (the two that provide one) ns per
   `InformationStateTensor` written into a reused buffer, median of 3. If the C++ program cannot be built or run, it falls back
   to the same loop in Python through `pyspiel`, and says so: those figures are Python-bound;
4. runs this workspace's benches (`cargo bench -p benchmarks --bench headtrip --bench
   brainshearts --bench roundtrip --bench learning --
   '/(playout|playout_chacha|legal_actions|mask|information_state|observation)$'`) and reads
   criterion's estimates from `<target>/criterion/<group>/<bench>/new/`;
5. prints the tables with the ratios (OpenSpiel's time ÷ this workspace's time: how many times
   faster this workspace is).

Usage: python3 benches/openspiel/side_by_side.py [--seconds S] [--quick] [--skip-rust]
See README.md in this folder.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

OPEN_SPIEL_VERSION = "2.0.2"
OPENSPIEL_GAMES = ["hearts", "spades", "crazy_eights", "euchre", "go_fish"]
# (criterion group, label): every group registers `<group>/playout` and `<group>/legal_actions`.
WORKSPACE_GAMES = [
    ("headtrip", "Head Trip, basic"),
    ("headtrip-affinities", "Head Trip, Aspect Affinities"),
    ("brainshearts", "Brains and Hearts"),
    ("roundtrip", "Round Trip Ticket, basic, 4 players"),
    ("roundtrip-advanced", "Round Trip Ticket, advanced, 4 players"),
]
RUST_BENCHES = ["headtrip", "brainshearts", "roundtrip", "learning"]
# (criterion group, label): `learning.rs` registers `<group>/legal_actions`, `<group>/mask`,
# `<group>/information_state` and `<group>/observation`, per state.
LEARNING_GAMES = [
    ("headtrip-learning", "Head Trip, basic"),
    ("brainshearts-learning", "Brains and Hearts"),
    ("roundtrip-learning", "Round Trip Ticket, basic, 4 players"),
]
LEARNING_BENCHES = ("legal_actions", "mask", "information_state", "observation")
REPS = 3

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent

# The fallback: the same measurement as playout.cc, in Python through pyspiel.
PYTHON_FALLBACK = r"""
import json, random, sys, time
import pyspiel

seconds, reps, games = float(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]

def sample_chance(state, rng):
    draw, cumulative = rng.random(), 0.0
    outcomes = state.chance_outcomes()
    for action, probability in outcomes:
        cumulative += probability
        if draw < cumulative:
            return action
    return outcomes[-1][0]

def playout(state, rng):
    player = chance = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            chance += 1
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            player += 1
    return player, chance

for name in games:
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    per_player_ply, per_action, per_legal = [], [], []
    total_player = total_chance = n_games = 0
    for rep in range(reps):
        player = chance = 0
        timed = 0.0
        wall = time.perf_counter()
        while time.perf_counter() - wall < seconds:
            state = game.new_initial_state()
            start = time.perf_counter()
            p, c = playout(state, rng)
            timed += time.perf_counter() - start
            player, chance, n_games = player + p, chance + c, n_games + 1
        per_player_ply.append(timed * 1e9 / max(player, 1))
        per_action.append(timed * 1e9 / max(player + chance, 1))
        total_player, total_chance = total_player + player, total_chance + chance
    states, rng = [], random.Random(0xBE9C)
    while len(states) < 256:
        state = game.new_initial_state()
        while not state.is_terminal() and len(states) < 256:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            states.append(state.clone())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    for rep in range(reps):
        calls, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds / 3:
            for state in states:
                state.legal_actions()
            calls += len(states)
        per_legal.append((time.perf_counter() - start) * 1e9 / calls)
    per_tensor = None
    if game.get_type().provides_information_state_tensor:
        per_tensor = []
        for rep in range(reps):
            calls, start = 0, time.perf_counter()
            while time.perf_counter() - start < seconds / 3:
                for state in states:
                    state.information_state_tensor(state.current_player())
                calls += len(states)
            per_tensor.append((time.perf_counter() - start) * 1e9 / calls)
    print(json.dumps({"game": name, "ns_per_action": per_action,
                      "ns_per_player_ply": per_player_ply, "ns_per_legal": per_legal,
                      "ns_per_info_tensor": per_tensor,
                      "info_tensor_size": game.information_state_tensor_size()
                      if per_tensor is not None else 0,
                      "plies_per_game": total_player / max(n_games, 1),
                      "chance_per_game": total_chance / max(n_games, 1),
                      "games": n_games}), flush=True)
"""


class SideBySideError(Exception):
    """A step of the script failed; the message says which and why."""


def log(message: str) -> None:
    print(f"[side-by-side] {message}", file=sys.stderr, flush=True)


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    log("$ " + " ".join(cmd))
    return subprocess.run(cmd, check=False, **kwargs)


def target_dir() -> Path:
    env = os.environ.get("CARGO_TARGET_DIR")
    return Path(env).resolve() if env else REPO / "target"


def venv_python(venv: Path) -> Path:
    return venv / "bin" / "python"


def ensure_venv(venv: Path) -> Path:
    """Creates the venv and installs the pinned open-spiel, unless already there."""
    python = venv_python(venv)
    if not python.exists():
        if run([sys.executable, "-m", "venv", str(venv)]).returncode != 0:
            raise SideBySideError(f"could not create the venv at {venv}")
    probe = run(
        [str(python), "-c", "import importlib.metadata as m; print(m.version('open-spiel'))"],
        capture_output=True,
        text=True,
    )
    if probe.returncode == 0 and probe.stdout.strip() == OPEN_SPIEL_VERSION:
        log(f"open-spiel {OPEN_SPIEL_VERSION} already installed in {venv}")
        return python
    install = run([str(python), "-m", "pip", "install", "-q", f"open-spiel=={OPEN_SPIEL_VERSION}"])
    if install.returncode != 0:
        raise SideBySideError(f"pip install open-spiel=={OPEN_SPIEL_VERSION} failed")
    return python


def python_config(python: Path) -> dict:
    """The venv interpreter's site-packages and libpython (needed to link pyspiel.so)."""
    code = (
        "import json, sysconfig as s; print(json.dumps({'site': s.get_paths()['platlib'],"
        " 'shared': s.get_config_var('Py_ENABLE_SHARED'), 'libdir': s.get_config_var('LIBDIR'),"
        " 'ldlibrary': s.get_config_var('LDLIBRARY')}))"
    )
    out = run([str(python), "-c", code], capture_output=True, text=True)
    if out.returncode != 0:
        raise SideBySideError("could not query the venv's sysconfig")
    return json.loads(out.stdout)


def find_library(site: Path) -> Path:
    """The wheel's C++ library: a libopen_spiel*.so if shipped, else pyspiel*.so."""
    for pattern in ("**/libopen_spiel*.so", "pyspiel*.so", "**/pyspiel*.so"):
        found = sorted(site.glob(pattern))
        if found:
            return found[0]
    raise SideBySideError(f"no libopen_spiel*.so nor pyspiel*.so under {site}")


def include_dirs(site: Path) -> list[Path]:
    """OpenSpiel's headers (`open_spiel/spiel.h`), its abseil and nlohmann/json."""
    spiel_h = site / "open_spiel" / "spiel.h"
    if not spiel_h.exists():
        raise SideBySideError(f"the wheel ships no C++ headers ({spiel_h} is missing)")
    dirs = [site, site / "open_spiel" / "abseil-cpp", site / "open_spiel" / "json" / "include"]
    missing = [d for d in dirs if not d.is_dir()]
    if missing:
        raise SideBySideError(f"include directories missing: {missing}")
    return dirs


def exports_cpp_api(library: Path) -> bool:
    """Whether the library exports `open_spiel::LoadGame` (checked with nm when available)."""
    if shutil.which("nm") is None:
        return True
    out = run(["nm", "-D", "-C", "--defined-only", str(library)], capture_output=True, text=True)
    return out.returncode == 0 and "open_spiel::LoadGame(" in out.stdout


def build_cpp(python: Path, build: Path) -> Path:
    """Compiles playout.cc against the wheel; returns the program's path."""
    config = python_config(python)
    site = Path(config["site"])
    library = find_library(site)
    log(f"C++ library: {library}")
    if not exports_cpp_api(library):
        raise SideBySideError(f"{library} does not export the open_spiel:: C++ API")
    includes = include_dirs(site)
    if shutil.which("g++") is None:
        raise SideBySideError("g++ not found")
    # pyspiel.so is a Python extension: its Python symbols come from libpython, which an
    # executable must then link explicitly.
    link = [str(library), f"-Wl,-rpath,{library.parent}"]
    if library.name.startswith("pyspiel"):
        if not config["shared"]:
            raise SideBySideError(
                "the venv's Python has no shared libpython to satisfy pyspiel.so's Python symbols"
            )
        libname = config["ldlibrary"]
        stem = libname[3:].split(".so")[0] if libname.startswith("lib") else libname
        link += [f"-L{config['libdir']}", f"-l{stem}", f"-Wl,-rpath,{config['libdir']}"]
    build.mkdir(parents=True, exist_ok=True)
    program = build / "openspiel_playout"
    cmd = ["g++", "-O2", "-DNDEBUG", "-std=c++20"]
    cmd += [f"-I{d}" for d in includes]
    cmd += [str(HERE / "playout.cc"), "-o", str(program)] + link
    if run(cmd).returncode != 0:
        raise SideBySideError("g++ failed to build playout.cc against the wheel")
    return program


def parse_lines(stdout: str) -> dict[str, dict]:
    results = {}
    for line in stdout.splitlines():
        line = line.strip()
        if line.startswith("{"):
            record = json.loads(line)
            results[record["game"]] = record
    return results


def measure_openspiel(python: Path, build: Path, seconds: float, force_python: bool):
    """Returns (results per game, kind) with kind "C++" or "Python-bound"."""
    if not force_python:
        try:
            program = build_cpp(python, build)
            out = run(
                [str(program), str(seconds), str(REPS)] + OPENSPIEL_GAMES,
                capture_output=True,
                text=True,
            )
            if out.returncode != 0:
                raise SideBySideError(f"the C++ program failed: {out.stderr.strip()[-2000:]}")
            results = parse_lines(out.stdout)
            if set(results) != set(OPENSPIEL_GAMES):
                raise SideBySideError("the C++ program did not report every game")
            return results, "C++"
        except SideBySideError as error:
            log(f"C++ path failed ({error}); falling back to Python-bound timing via pyspiel")
    script = build / "python_playout.py"
    build.mkdir(parents=True, exist_ok=True)
    script.write_text(PYTHON_FALLBACK)
    out = run(
        [str(python), str(script), str(seconds), str(REPS)] + OPENSPIEL_GAMES,
        capture_output=True,
        text=True,
    )
    if out.returncode != 0:
        raise SideBySideError(f"the Python fallback failed: {out.stderr.strip()[-2000:]}")
    return parse_lines(out.stdout), "Python-bound"


def measure_workspace(target: Path, quick: bool, started: float) -> dict[str, dict]:
    """Runs the criterion benches and reads their medians (ns per iteration / throughput)."""
    cmd = ["cargo", "bench", "-p", "benchmarks"]
    for bench in RUST_BENCHES:
        cmd += ["--bench", bench]
    cmd += ["--", "/(playout|playout_chacha|legal_actions|mask|information_state|observation)$"]
    if quick:
        cmd += ["--warm-up-time", "1", "--measurement-time", "2"]
    env = dict(os.environ, CARGO_TARGET_DIR=str(target))
    if run(cmd, cwd=REPO, env=env, stdout=sys.stderr).returncode != 0:
        raise SideBySideError("cargo bench failed")
    results: dict[str, dict] = {}
    for group, _ in WORKSPACE_GAMES:
        record = {}
        for bench in ("playout", "playout_chacha", "legal_actions"):
            new = target / "criterion" / group / bench / "new"
            estimates, benchmark = new / "estimates.json", new / "benchmark.json"
            if not estimates.exists() or estimates.stat().st_mtime < started:
                raise SideBySideError(f"no fresh criterion estimate at {estimates}")
            median = json.loads(estimates.read_text())["median"]["point_estimate"]
            throughput = json.loads(benchmark.read_text()).get("throughput") or {}
            elements = throughput.get("Elements") or 1
            record[bench] = median / elements
        results[group] = record
    for group, _ in LEARNING_GAMES:
        results[group] = {bench: read_estimate(target, group, bench, started)
                          for bench in LEARNING_BENCHES}
    return results


def read_estimate(target: Path, group: str, bench: str, started: float) -> float:
    """A fresh criterion median, per element of its throughput."""
    new = target / "criterion" / group / bench / "new"
    estimates, benchmark = new / "estimates.json", new / "benchmark.json"
    if not estimates.exists() or estimates.stat().st_mtime < started:
        raise SideBySideError(f"no fresh criterion estimate at {estimates}")
    median = json.loads(estimates.read_text())["median"]["point_estimate"]
    throughput = json.loads(benchmark.read_text()).get("throughput") or {}
    return median / (throughput.get("Elements") or 1)


def fmt(value: float) -> str:
    return f"{value:.1f}" if value < 100 else f"{value:.0f}"


def print_tables(openspiel, kind, workspace, seconds) -> None:
    med = {g: {k: statistics.median(openspiel[g][k]) for k in
               ("ns_per_action", "ns_per_player_ply", "ns_per_legal")} for g in OPENSPIEL_GAMES}
    print()
    title = f"OpenSpiel {OPEN_SPIEL_VERSION}, {kind} random playout, median of {REPS}"
    title += f" ({seconds:g} s per rep)"
    if kind != "C++":
        title += " -- PYTHON-BOUND FIGURES: the pyspiel loop from Python, nothing subtracted"
    print(f"## {title}")
    print()
    print("ns per ply = a whole game's time ÷ every ApplyAction, the deal's chance nodes included "
          "(the definition of the earlier measurement); ns per player ply = the same time ÷ "
          "the players' actions only.")
    print()
    print("| game | ns per ply | ns per player ply | LegalActions ns "
          "| actions per game (player + chance) |")
    print("| --- | --- | --- | --- | --- |")
    for g in OPENSPIEL_GAMES:
        r = openspiel[g]
        print(f"| {g} | {fmt(med[g]['ns_per_action'])} | {fmt(med[g]['ns_per_player_ply'])} "
              f"| {fmt(med[g]['ns_per_legal'])} "
              f"| {r['plies_per_game']:.1f} + {r['chance_per_game']:.1f} |")
    tensors = {g: statistics.median(openspiel[g]["ns_per_info_tensor"]) for g in OPENSPIEL_GAMES
               if openspiel[g].get("ns_per_info_tensor")}
    if tensors:
        print()
        print("`InformationStateTensor(player, span)` of the player to act over 256 mid-game "
              "states, into one reused buffer:")
        print()
        print("| game | values | ns per state |")
        print("| --- | --- | --- |")
        for g, ns in tensors.items():
            print(f"| {g} | {openspiel[g]['info_tensor_size']} | {fmt(ns)} |")
    if workspace is None:
        return
    plies = sorted(med[g]["ns_per_action"] for g in OPENSPIEL_GAMES)
    player_plies = sorted(med[g]["ns_per_player_ply"] for g in OPENSPIEL_GAMES)
    legals = sorted(med[g]["ns_per_legal"] for g in OPENSPIEL_GAMES)
    print()
    print("## This workspace (criterion medians, default options) and the ratios")
    print()
    print("Ratio = OpenSpiel's time ÷ this workspace's time (how many times faster this "
          "workspace is), min–median–max over the five OpenSpiel games. This workspace deals "
          "in `new` (outside the timing), so its plies are all player plies.")
    print()
    print("The playout draws its choices from a `PlayoutRng` (wyrand, as `cards simulate`); "
          "the ChaCha8 column draws them from a `GameRng`, as every figure before it did.")
    print()
    print("| game | playout ns per ply | ratio (per ply) | ratio (per player ply) "
          "| playout ns per ply, ChaCha8 chooser "
          "| legal_actions ns | legal_actions ratio |")
    print("| --- | --- | --- | --- | --- | --- | --- |")

    def ratios(values, ours):
        lo, mid, hi = values[0] / ours, statistics.median(values) / ours, values[-1] / ours
        return f"{lo:.1f}–{mid:.1f}–{hi:.1f}×"

    for group, label in WORKSPACE_GAMES:
        w = workspace[group]
        print(f"| {label} | {fmt(w['playout'])} | {ratios(plies, w['playout'])} "
              f"| {ratios(player_plies, w['playout'])} "
              f"| {fmt(w['playout_chacha'])} "
              f"| {fmt(w['legal_actions'])} | {ratios(legals, w['legal_actions'])} |")
    print_learning(openspiel, kind, workspace)
    print()
    print("## Per-ply ratio, game by game (OpenSpiel ns per ply ÷ workspace ns per ply)")
    print()
    print("| workspace game | " + " | ".join(OPENSPIEL_GAMES) + " |")
    print("| --- | " + " | ".join("---" for _ in OPENSPIEL_GAMES) + " |")
    for group, label in WORKSPACE_GAMES:
        ours = workspace[group]["playout"]
        cells = " | ".join(f"{med[g]['ns_per_action'] / ours:.1f}×" for g in OPENSPIEL_GAMES)
        print(f"| {label} | {cells} |")


def print_learning(openspiel, kind, workspace) -> None:
    """The learning interface: masks against legal actions, and information-state tensors
    beside OpenSpiel's `InformationStateTensor` of the games that provide one."""
    print()
    print("## What a learning program reads (ns per state, criterion medians)")
    print()
    print("| game | legal_actions | mask | mask ÷ legal_actions | information_state "
          "| observation |")
    print("| --- | --- | --- | --- | --- | --- |")
    for group, label in LEARNING_GAMES:
        w = workspace[group]
        print(f"| {label} | {fmt(w['legal_actions'])} | {fmt(w['mask'])} "
              f"| {w['mask'] / w['legal_actions']:.2f} | {fmt(w['information_state'])} "
              f"| {fmt(w['observation'])} |")
    tensors = {g: statistics.median(r["ns_per_info_tensor"]) for g, r in openspiel.items()
               if r.get("ns_per_info_tensor")}
    if not tensors:
        return
    print()
    print(f"OpenSpiel's `InformationStateTensor` ({kind}), ns per state, and the ratio "
          "OpenSpiel ÷ this workspace's `information_state` for each game:")
    print()
    print("| OpenSpiel game | values | ns | " +
          " | ".join(label for _, label in LEARNING_GAMES) + " |")
    print("| --- | --- | --- | " + " | ".join("---" for _ in LEARNING_GAMES) + " |")
    for g, ns in tensors.items():
        cells = " | ".join(f"{ns / workspace[group]['information_state']:.1f}×"
                           for group, _ in LEARNING_GAMES)
        print(f"| {g} | {openspiel[g]['info_tensor_size']} | {fmt(ns)} | {cells} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="seconds of OpenSpiel playouts per rep and game (default 2)")
    parser.add_argument("--quick", action="store_true",
                        help="criterion warm-up 1 s, measurement 2 s (default: criterion's)")
    parser.add_argument("--skip-rust", action="store_true",
                        help="only OpenSpiel's figures, no cargo bench")
    parser.add_argument("--python-only", action="store_true",
                        help="time OpenSpiel through pyspiel from Python, skip the C++ build")
    args = parser.parse_args()
    if args.seconds <= 0:
        parser.error("--seconds must be positive")

    started = time.time()
    target = target_dir()
    try:
        python = ensure_venv(target / "openspiel-venv")
        openspiel, kind = measure_openspiel(python, target / "openspiel-bench", args.seconds,
                                            args.python_only)
        workspace = None if args.skip_rust else measure_workspace(target, args.quick, started)
    except SideBySideError as error:
        print(f"side_by_side: {error}", file=sys.stderr)
        return 1
    print_tables(openspiel, kind, workspace, args.seconds)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print()
    print(f"Load average at the end: {load}; {time.time() - started:.0f} s in all. "
          "Figures from a shared or busy machine are indicative only.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
