"""Bots that break the protocol, each in its own way, for the tests.

    python misbehaving.py BEHAVIOUR

garbage, illegal, silent, crash, quit, late: the old ones (see below). The others echo the
question's "id" (when the game sends one) with each answer, and otherwise play the last
legal move:

    deaf           never reads its input and never answers
    skip5          leaves the 5th question unanswered, answers every other one at once
    twice          answers each question twice
    badbytes       writes bytes that are not UTF-8: to stderr, and in its first answer
    bignum         first answer: a number of 5,000 digits
    deep           first answer: a list nested 100,000 deep
    longline       first answer: a line of 64 MB
    spawner        starts a child that sleeps ten minutes (its pid to stderr), then plays
    spawner_crash  starts that child, then exits at its first question
    chatty         writes 5,000 short remarks to stderr before each answer
    bigremarks     writes 20 remarks of 1 MB each to stderr before its first answer
    closeout       closes its stdout at its first question, and runs on until its input ends
    otherseat      answers each question with its last legal move, naming another seat
    stubborn PATH  adds its pid to the file PATH, ignores SIGINT, SIGTERM and SIGHUP,
                   answers each question after a twentieth of a second (and goes on if no
                   one reads its answers), and once its input ends, sleeps ten minutes:
                   only SIGKILL ends it
    controls       at its first question, says on stderr what would change a terminal
                   (escape sequences, BEL, a C1 control, bidi overrides) beside ordinary
                   Unicode, and answers with a key of escape sequences; then plays
    noverb         answers its first question with an object without a verb; then plays
    longkey        answers its first question with a key of 5,000 characters; then plays
    setsid PATH    starts a child in a session of its own that sleeps ten minutes (its pid
                   added to PATH), then plays
    daemon PATH    starts a daemon as a daemon starts (forked twice, in a session of its
                   own, its parent gone) that sleeps ten minutes (its pid added to PATH),
                   then plays
"""

import json
import os
import signal
import subprocess
import sys
import time

BEHAVIOUR = sys.argv[1]
CHILD = [sys.executable, "-c", "import time; time.sleep(600)"]
CONTROLS = ("clear \x1b[2J title \x1b]0;pwned\x07 bell \x07 csi \u009b31m "
            "bidi \u202eevil\u202c isolate \u2066x\u2069 del \x7f "
            "and ordinary words: Café ♠ 漢字 👍 Ünïcödé")
ORDINARY = "Café ♠ 漢字 👍 Ünïcödé"


def answer(move: dict, message: dict) -> None:
    """One line for the question: the move, with the question's id echoed. The stubborn
    bot goes on when no one reads it any more (its output's reader gone, the game killed)."""
    echoed = {**move, "id": message["id"]} if "id" in message else move
    try:
        print(json.dumps(echoed), flush=True)
    except BrokenPipeError:
        if BEHAVIOUR != "stubborn":
            raise


def write_bytes(stream: object, data: bytes) -> None:
    stream.flush()
    stream.buffer.write(data)
    stream.buffer.flush()


def stubborn(path: str) -> None:
    """Tell the tests its pid; only SIGKILL ends it now."""
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, signal.SIG_IGN)
    with open(path, "a") as pids:
        print(os.getpid(), file=pids, flush=True)


def note_pid(path: str, pid: int) -> None:
    with open(path, "a") as pids:
        print(pid, file=pids, flush=True)


def told(path: str) -> bool:
    """Has a pid been written to the file?"""
    try:
        with open(path) as pids:
            return bool(pids.read().strip())
    except FileNotFoundError:
        return False


def setsid_child(path: str) -> None:
    """A child that leaves the bot's session and group."""
    child = subprocess.Popen(CHILD, start_new_session=True, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    note_pid(path, child.pid)


def daemon(path: str) -> None:
    """A daemon, started as daemons start: forked, a session of its own, forked again, its
    parent gone; the bot never learns its pid (the daemon writes it itself)."""
    first = os.fork()
    if first:
        os.waitpid(first, 0)
        deadline = time.monotonic() + 30
        while not told(path) and time.monotonic() < deadline:
            time.sleep(0.01)  # until the daemon has told its pid: then the game may end
        return
    os.setsid()
    if os.fork():
        os._exit(0)
    note_pid(path, os.getpid())
    devnull = os.open(os.devnull, os.O_RDWR)
    for number in (0, 1, 2):
        os.dup2(devnull, number)
    os.execv(CHILD[0], CHILD)


def main() -> None:
    if BEHAVIOUR == "crash":
        sys.stdin.readline()  # the start message
        sys.exit(3)
    if BEHAVIOUR == "deaf":
        time.sleep(600)
        return
    if BEHAVIOUR == "stubborn":
        stubborn(sys.argv[2])
    if BEHAVIOUR == "setsid":
        setsid_child(sys.argv[2])
    if BEHAVIOUR == "daemon":
        daemon(sys.argv[2])
    if BEHAVIOUR.startswith("spawner"):
        child = subprocess.Popen(CHILD)  # it shares the bot's stdin, stdout and stderr
        print(f"child {child.pid}", file=sys.stderr, flush=True)
    answered = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "end":
            break
        if message["type"] != "decide":
            continue
        legal = message["legal"]
        asked = answered + 1  # this question's number, counting from 1
        answered += 1
        if BEHAVIOUR in ("quit", "spawner_crash"):  # ends once asked its first question
            sys.exit(3)
        if BEHAVIOUR == "closeout" and asked == 1:
            sys.stdout.close()
            os.close(1)  # the file itself (closing sys.stdout leaves it open)
            continue
        if BEHAVIOUR == "closeout":
            continue
        if BEHAVIOUR == "stubborn":
            time.sleep(0.05)
        if BEHAVIOUR == "bigremarks" and asked == 1:
            for number in range(20):
                sys.stderr.write(f"remark {number}: " + "blah " * 200_000 + "\n")
            sys.stderr.flush()
        if BEHAVIOUR == "chatty":
            sys.stderr.write("thinking...\n" * 5000)
            sys.stderr.flush()
        if BEHAVIOUR == "controls" and asked == 1:
            print(CONTROLS, file=sys.stderr, flush=True)
            answer({**legal[-1], "\x1b[31m\x07red": True}, message)
        elif BEHAVIOUR == "noverb" and asked == 1:
            answer({"seat": message["seat"]}, message)
        elif BEHAVIOUR == "longkey" and asked == 1:
            answer({**legal[-1], "k" * 5000: True}, message)
        elif BEHAVIOUR == "garbage":
            print("I think the King of Hearts is lovely", flush=True)
        elif BEHAVIOUR == "illegal":
            print(json.dumps({"seat": message["seat"], "play": "XX"}), flush=True)
        elif BEHAVIOUR == "otherseat":
            answer({**legal[-1], "seat": 0 if message["seat"] else 1}, message)
        elif BEHAVIOUR == "silent":
            continue
        elif BEHAVIOUR == "late":
            if asked == 1:
                time.sleep(2.0)  # past the time limit the tests give
            print(json.dumps(legal[-1]), flush=True)
        elif BEHAVIOUR == "skip5" and asked == 5:
            continue
        elif BEHAVIOUR == "twice":
            answer(legal[-1], message)
            answer(legal[-1], message)
        elif asked == 1 and BEHAVIOUR == "badbytes":
            write_bytes(sys.stderr, b"a remark \xff\xfe that is not UTF-8\n")
            good = json.dumps({**legal[-1], "id": message.get("id")}).encode()
            write_bytes(sys.stdout, good[:-1] + b', "note": "\xff"}\n')  # legal, but not UTF-8
        elif asked == 1 and BEHAVIOUR == "bignum":
            print(json.dumps({"play": 1}).replace("1", "7" * 5000), flush=True)
        elif asked == 1 and BEHAVIOUR == "deep":
            print("[" * 100_000 + "]" * 100_000, flush=True)
        elif asked == 1 and BEHAVIOUR == "longline":
            for _ in range(1024):
                sys.stdout.write("x" * 65536)  # 64 MB without a line's end, then its end
            print(flush=True)
        else:
            answer(legal[-1], message)
    if BEHAVIOUR == "stubborn":
        time.sleep(600)


if __name__ == "__main__":
    main()
