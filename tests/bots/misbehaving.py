"""Bots that break the protocol, each in its own way, for the tests.

    python misbehaving.py garbage|illegal|silent|crash|quit|late|mute_stderr
"""

import json
import sys
import time

BEHAVIOUR = sys.argv[1]


def main() -> None:
    if BEHAVIOUR == "crash":
        sys.stdin.readline()  # the start message
        sys.exit(3)
    answered = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] != "decide":
            continue
        legal = message["legal"]
        if BEHAVIOUR == "quit":  # ends once asked its first question
            sys.exit(3)
        if BEHAVIOUR == "garbage":
            print("I think the King of Hearts is lovely", flush=True)
        elif BEHAVIOUR == "illegal":
            print(json.dumps({"seat": message["seat"], "play": "XX"}), flush=True)
        elif BEHAVIOUR == "silent":
            continue
        elif BEHAVIOUR == "late":
            if answered == 0:
                time.sleep(0.6)  # past the time limit the tests give
            print(json.dumps(legal[-1]), flush=True)
        answered += 1


if __name__ == "__main__":
    main()
