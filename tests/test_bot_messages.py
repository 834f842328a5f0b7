"""What an outside program says, and what is said of it, as the player reads it: in the
game's log, on the terminal `simulate` writes to, in the window's log.

- Nothing a bot writes can change the player's terminal: escape sequences, BEL, C1
  controls, bidi overrides and every other character that does not print are shown as
  their escapes (`\\x1b`, `\\u202e`), ordinary Unicode as it is (issue 39, item 10).
- A reason quoted from a bot's fault is never cut without saying so: cut short, it ends
  in an ellipsis (issue 39, item 12).
"""

from __future__ import annotations

import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from test_bot_faults import within

from game.ai import bot_streams
from game.engine import texts
from game.services import simulate
from game.services.tally import Tally

ROOT = Path(__file__).parent.parent
BOT = f"{sys.executable} {Path(__file__).parent / 'bots' / 'misbehaving.py'}"
ORDINARY = "Café ♠ 漢字 👍 Ünïcödé"  # what the bot `controls` says beside its controls
BOUND = 120  # seconds a game of a misbehaving bot may take on a loaded machine


def played(behaviour: str) -> Tally:
    """A short game for three, the misbehaving bot in the last seat (a failure if it has
    not ended within BOUND seconds)."""
    return within(BOUND, lambda: simulate.run(
        {"players": 3, "short_game": True}, 1, seed=2,
        seats=["random", "random", f"exec:{BOT} {behaviour}"], time_limit=30.0))


def hidden(text: str) -> list[str]:
    """The characters of `text` that would not print as themselves: controls (C0, DEL,
    C1), format characters (bidi overrides and isolates, among others), separators of
    lines and paragraphs, halves of surrogate pairs. The joiners that ordinary text uses
    (in emoji, Persian, Indic scripts) are not counted."""
    return [char for char in text
            if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp")
            and char not in "\u200c\u200d"]


# The one way of showing a text from outside ------------------------------------------------

@pytest.mark.parametrize(("raw", "shown"), [
    ("\x1b[2J", "\\x1b[2J"),
    ("bell\x07", "bell\\x07"),
    ("\u009b31m", "\\x9b31m"),
    ("a\tb\r\n", "a\\tb\\r\\n"),
    ("del\x7f", "del\\x7f"),
    ("\u202eevil\u202c", "\\u202eevil\\u202c"),
    ("\u2066x\u2069 \u200e\u200f\u061c", "\\u2066x\\u2069 \\u200e\\u200f\\u061c"),
    ("line\u2028para\u2029", "line\\u2028para\\u2029"),
    ("bom\ufeff soft\xad", "bom\\ufeff soft\\xad"),
    ("tag\U000e0041", "tag\\U000e0041"),
    ("half\udcff", "half\\udcff"),
    (ORDINARY, ORDINARY),
    ("no\u00a0break, thin\u2009space", "no\u00a0break, thin\u2009space"),
    ("👨\u200d👩\u200d👧 می\u200cخواهم", "👨\u200d👩\u200d👧 می\u200cخواهم"),
    ("C:\\Users\\bot", "C:\\Users\\bot"),
])
def test_a_text_from_outside_shows_what_does_not_print_as_its_escape(raw: str,
                                                                      shown: str) -> None:
    assert texts.escaped(raw) == shown
    assert texts.escaped(shown) == shown, "shown once, it is shown as it is"
    assert hidden(texts.escaped(raw)) == []


def test_every_control_and_format_character_is_made_visible() -> None:
    every = "".join(map(chr, range(0x110000)))
    assert hidden(texts.escaped(every)) == []


# A bot's words, in the log and on the terminal ---------------------------------------------

def test_a_bots_controls_reach_the_log_made_visible() -> None:
    """The bot says escape sequences, BEL, a C1 control and bidi overrides on its standard
    error, and answers with a key of escape sequences: the log shows each as its escape,
    and its ordinary words as they are."""
    summary = played("controls")
    log = " ".join(summary.bot_log)
    assert summary.games == 1 and summary.bot_faults == 1, summary.bot_log
    assert hidden(log) == [], summary.bot_log
    assert "clear \\x1b[2J title \\x1b]0;pwned\\x07 bell \\x07 csi \\x9b31m" in log
    assert "bidi \\u202eevil\\u202c isolate \\u2066x\\u2069 del \\x7f" in log
    assert ORDINARY in log
    assert "\\x1b[31m\\x07red" in log, "the key it answered with, in its fault"


def test_a_bots_controls_never_reach_the_terminal() -> None:
    """`coup-detat simulate` writes the bots' log to its standard error as it comes: not a
    byte of it changes the terminal."""
    run = subprocess.run(
        [sys.executable, "-m", "game", "simulate", "--players", "3", "--short", "--games",
         "1", "--seed", "2", "--seat", f"2=exec:{BOT} controls"],
        capture_output=True, timeout=BOUND, cwd=ROOT,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    told = run.stderr.decode("utf-8")
    assert run.returncode == 0, told[-2000:]
    assert hidden(told.replace("\n", "")) == [], told
    assert ORDINARY in told and "\\x1b[2J" in told


def test_a_bots_controls_reach_the_tables_log_made_visible(home: Path) -> None:
    """At the table, what the bot says and does goes to the session's notes, which the
    window's log shows as they are (`TableController.tell_notes`)."""
    from game.engine.saves import Seat
    from game.services.session import GameSession

    seats = [Seat(name, "computer", "random") for name in ("Ada", "Blaise", "Colette")]
    session = GameSession.new("coup-detat", {"players": 3, "short_game": True}, seats, seed=2)
    try:
        session.seat_bot(0, f"{BOT} controls", time_limit=30.0)
        match = session.match
        while match.pending.seat != 0:
            match.submit(match.legal()[0])
        session.players[0].decide(match.view(0), match.legal())
    finally:
        session.close()
    notes = " ".join(session.notes)
    assert hidden(notes) == [] and "\\x1b[2J" in notes and ORDINARY in notes, notes


# A fault's reason, cut short with an ellipsis ----------------------------------------------

def test_a_faults_reason_is_told_whole_when_it_is_short() -> None:
    """An answer without a verb: the reason names every verb and what was found, whole
    (it was cut at 80 characters, in the middle of the list)."""
    summary = played("noverb")
    faults = [line for line in summary.bot_log if "decides instead" in line]
    assert summary.bot_faults == 1 and len(faults) == 1, summary.bot_log
    assert "found none; the Easy player decides instead." in faults[0], faults[0]


def test_a_faults_reason_cut_short_ends_in_an_ellipsis() -> None:
    """An answer with a key of 5,000 characters: the key is quoted cut short, with an
    ellipsis, and the line stays short."""
    summary = played("longkey")
    faults = [line for line in summary.bot_log if "decides instead" in line]
    assert summary.bot_faults == 1 and len(faults) == 1, summary.bot_log
    assert "kkkk…" in faults[0] and len(faults[0]) < 200, faults[0]
    assert "does not belong" in faults[0]


@pytest.mark.parametrize(("extra", "said"), [(1, "(1 more byte not shown)"),
                                             (2, "(2 more bytes not shown)")])
def test_a_remark_cut_short_counts_what_it_leaves_out_in_good_english(extra: int,
                                                                      said: str) -> None:
    line = b"y" * (bot_streams.REMARK_SHOWN + extra)
    assert bot_streams.remark(line, len(line)).endswith(f"… {said}")


def test_a_quoted_text_cut_short_keeps_its_closing_quote() -> None:
    shown = texts.quoted("z" * 500)
    assert shown.startswith("'z") and shown.endswith("…'")
    assert len(shown) <= texts.MAX_QUOTED_LENGTH
