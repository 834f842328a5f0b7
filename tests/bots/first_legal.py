"""A bot that always answers the first of its legal moves (docs/BOT_PROTOCOL.md), echoing
the question's id: the same game every time from the same deal, for the tests that compare
two games decision for decision. Given a number of seconds, it thinks that long first.

    coup-detat join HOST:PORT --code CODE --bot "python tests/bots/first_legal.py [SECONDS]"
"""

import json
import sys
import time


def main() -> None:
    thinking = float(sys.argv[1]) if len(sys.argv) > 1 else 0.0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "decide":
            time.sleep(thinking)
            print(json.dumps({**message["legal"][0], "id": message["id"]}), flush=True)
        elif message["type"] == "end":
            return


if __name__ == "__main__":
    main()
