"""A bot for the tests that plays the same game each time: like docs/bots/random_bot.py, a
random legal move for every decision, but from a generator seeded by the seat it plays and
the number it is given, so that a game between seeded computers and seeded bots is the
same game at every run.

    python seeded_bot.py SEED

Read one JSON object per line from stdin; answer each "decide" with one of its "legal"
moves on stdout, one line, flushed (docs/BOT_PROTOCOL.md).
"""

import json
import random
import sys


def main() -> None:
    seed = sys.argv[1] if len(sys.argv) > 1 else "0"
    rng = random.Random(seed)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            rng = random.Random(f"{seed}:{message['seat']}")
        elif message["type"] == "decide":
            print(json.dumps(rng.choice(message["legal"])), flush=True)
        elif message["type"] == "end":
            return


if __name__ == "__main__":
    main()
