"""A bot for the tests that answers one question late: like seeded_bot.py, a legal move
from a seeded generator for every decision, but before its LATE-th answer (1 for the
first) it sleeps SECONDS, past the time a host gives for a decision.

    python late_bot.py SEED LATE SECONDS
"""

import json
import random
import sys
import time


def main() -> None:
    seed, late, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    rng = random.Random(seed)
    asked = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            rng = random.Random(f"{seed}:{message['seat']}")
        elif message["type"] == "decide":
            asked += 1
            if asked == late:
                time.sleep(seconds)
            print(json.dumps(rng.choice(message["legal"])), flush=True)
        elif message["type"] == "end":
            return


if __name__ == "__main__":
    main()
