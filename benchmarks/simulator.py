"""Simulator benchmark: random playouts of our fast simulator against OpenSpiel's C++
`hearts`, driven from Python, measured in the same run.

    python -m benchmarks.simulator [--seconds 2.5] [--rounds 4] [--openspiel-python PATH]

Both sides do the same work per game: deal a random hand, then play it to the end with
random legal moves, card by card, from Python. We play Coup d'État's trick hands (4
players, 8 tricks) and Dominos; OpenSpiel plays hearts without the passing phase, so every
decision is a card play. The two are measured in alternating windows so that a noisy
machine slows both alike; the median window of each is reported.

OpenSpiel is installed in the benchmark's own virtual environment (benchmarks/.openspiel,
created on first use with `pip install open-spiel`), never in the game's.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
import venv
from pathlib import Path

from game.games.coup_detat.ai.fastsim import Hand
from game.games.coup_detat.ai.fastsim_tables import tables
from game.games.coup_detat.rules.charts import HandType

HERE = Path(__file__).resolve().parent
OPENSPIEL_ENV = HERE / ".openspiel"
TRICK_TYPES = [t for t in HandType if t is not HandType.DOMINOS]

OPENSPIEL_WINDOW = """
import json, random, sys, time
import pyspiel
game = pyspiel.load_game("hearts", {"pass_cards": False})
rng = random.Random(1)
seconds = float(sys.argv[1])
plays = games = 0
started = time.perf_counter()
while time.perf_counter() - started < seconds:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            plays += 1
    games += 1
print(json.dumps({"plays": plays, "games": games, "seconds": time.perf_counter() - started}))
"""


def our_window(seconds: float, dominos: bool, rng: random.Random) -> dict[str, float]:
    """Deal and play out random hands for `seconds`: how many card plays."""
    t = tables(4)
    deck = list(range(len(t.cards)))
    plays = games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        rng.shuffle(deck)
        hand_type = HandType.DOMINOS if dominos else rng.choice(TRICK_TYPES)
        coup_player = rng.randrange(-1, 4)
        hands = [deck[8 * seat: 8 * seat + 8] for seat in range(4)]
        center = deck[32]
        if t.coup == center:
            center, hands[0][0] = hands[0][0], center
        holder = next(seat for seat in range(4) if t.coup in hands[seat])
        if dominos or coup_player < 0:  # COUP leaves play for the centre card
            hands[holder][hands[holder].index(t.coup)] = center
        elif holder != coup_player:
            coup_player = holder
        director = rng.randrange(4)
        leader = director if coup_player < 0 else coup_player
        hand = Hand(players=4, hand_type=hand_type, director=director, coup_player=coup_player,
                    hands=hands, to_act=leader, hands_left=3, treasury=0, center=center,
                    queens=[0] * 4, spades=[0] * 4)
        before = sum(len(cards) for cards in hands)
        hand.play_out(rng)
        plays += before - sum(len(cards) for cards in hand.hands)
        games += 1
    return {"plays": plays, "games": games, "seconds": time.perf_counter() - started}


def openspiel_python(given: str | None) -> Path:
    if given:
        return Path(given)
    python = OPENSPIEL_ENV / "bin" / "python"
    if not python.exists():
        print("installing open-spiel in benchmarks/.openspiel (once)...", file=sys.stderr)
        venv.create(OPENSPIEL_ENV, with_pip=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "open-spiel"],
                       check=True)
    return python


def openspiel_window(python: Path, seconds: float) -> dict[str, float]:
    run = subprocess.run([str(python), "-c", OPENSPIEL_WINDOW, str(seconds)],
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


def rate(window: dict[str, float]) -> float:
    return window["plays"] / window["seconds"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.5, help="length of each window")
    parser.add_argument("--rounds", type=int, default=4, help="windows for each side")
    parser.add_argument("--openspiel-python", help="a Python with open_spiel installed")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    python = openspiel_python(args.openspiel_python)
    rng = random.Random(1966)
    tricks, dominos, hearts = [], [], []
    for _ in range(args.rounds):  # alternate, so that noise falls on all alike
        tricks.append(rate(our_window(args.seconds, False, rng)))
        hearts.append(rate(openspiel_window(python, args.seconds)))
        dominos.append(rate(our_window(args.seconds, True, rng)))
    results = {
        "coup_detat_trick_hands_plays_per_second": round(statistics.median(tricks)),
        "coup_detat_dominos_plays_per_second": round(statistics.median(dominos)),
        "openspiel_hearts_plays_per_second": round(statistics.median(hearts)),
    }
    results["ratio_tricks_to_openspiel"] = round(
        results["coup_detat_trick_hands_plays_per_second"]
        / results["openspiel_hearts_plays_per_second"], 2)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    rows = [("our fast simulator, trick hands", "coup_detat_trick_hands_plays_per_second"),
            ("our fast simulator, Dominos", "coup_detat_dominos_plays_per_second"),
            ("OpenSpiel hearts (C++, from Python)", "openspiel_hearts_plays_per_second")]
    for label, key in rows:
        print(f"{label:<37}{results[key]:>10,} card plays/s")
    print(f"ratio (trick hands / OpenSpiel): {results['ratio_tricks_to_openspiel']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
