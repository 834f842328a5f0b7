"""A tiny bot for Coup d'État: it answers every decision with a random legal move.

    coup-detat simulate --players 4 --games 10 --seat 2=exec:"python docs/bots/random_bot.py"

Read one JSON object per line from stdin; answer each "decide" with one of its "legal"
moves on stdout, one line, flushed. See docs/BOT_PROTOCOL.md.
"""

import json
import random
import sys


def main() -> None:
    rng = random.Random()
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            print(f"playing seat {message['seat']}", file=sys.stderr)  # goes to the game log
        elif message["type"] == "decide":
            move = rng.choice(message["legal"])
            print(json.dumps(move), flush=True)
        elif message["type"] == "end":
            return


if __name__ == "__main__":
    main()
