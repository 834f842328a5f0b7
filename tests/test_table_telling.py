"""The table tells the game beat by beat (game/services/table/telling.py), with no window: each
beat shows the state after its event; between two hands the hand just played stays on the
table; a hand's result has all its settling; an undo shows the match as it stands."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from game.engine.match import Match, seeded_chance
from game.games import get_game
from game.services.table.seating import Seating
from game.services.table.telling import Telling
from game.ui.table.kit import kit_for

ROOT = Path(__file__).resolve().parent.parent


def _match(game: str, players: int, seed: int) -> Match:
    ruleset = get_game(game).ruleset
    return Match(ruleset, ruleset.parse_options({"players": players}),
                 chance=seeded_chance(ruleset, seed))


def _play(match: Match, rng: random.Random, decisions: int) -> None:
    """Up to `decisions` decisions of the seats, each a legal one drawn by `rng`."""
    for _ in range(decisions):
        if match.pending.over:
            return
        match.submit(rng.choice(list(match.legal())))


def _told(game: str, players: int, seed: int, decisions: int) -> tuple[Match, Telling]:
    """A match played on, its telling following it a decision at a time, every beat
    shown as soon as it comes."""
    match, rng = _match(game, players, seed), random.Random(seed)
    telling = Telling(match, kit_for(game), Seating([0]), from_start=True)
    for _ in range(decisions):
        _play(match, rng, 1)
        assert not telling.pull()
        while telling.queue:
            beat = telling.queue.popleft()
            telling.show(beat)
            assert telling.shown is beat.state
    return match, telling


def test_each_beat_shows_the_state_after_its_event_and_at_last_the_match_as_it_stands() -> None:
    match = _match("coup-detat", 4, seed=7)
    telling = Telling(match, kit_for("coup-detat"), Seating([0]), from_start=True)
    assert telling.shown == match.ruleset.new_game(match.options), "nothing shown yet"
    _play(match, random.Random(7), 40)
    telling.pull()
    assert not telling.caught_up and len(telling.queue) == len(match.events)
    state = match.ruleset.new_game(match.options)
    while telling.queue:
        beat = telling.queue.popleft()
        state = match.ruleset.apply(state, beat.event)
        assert beat.state == state
        telling.show(beat)
    assert telling.caught_up and telling.shown == match.state


def test_between_hands_the_hand_just_played_stays_on_the_table_until_the_deal() -> None:
    match = _match("coup-detat", 3, seed=3)
    kit = kit_for("coup-detat")
    cards = kit.cards
    assert cards is not None
    telling = Telling(match, kit, Seating([0]), from_start=True)
    _play(match, random.Random(3), 200)
    telling.pull()
    waits = 0
    while telling.queue:
        beat = telling.queue.popleft()
        telling.show(beat)
        if kit.starts_hand(beat.event):
            assert telling.table_view() is telling.view(), "the new hand, on the table"
        elif telling.queue and kit.starts_hand(telling.queue[0].event) \
                and telling.hand_view is not None:
            waits += 1
            assert cards.between_hands(telling.view())
            assert telling.table_view() is telling.hand_view
            assert cards.in_play(telling.hand_view), "the hand as it was played"
    assert waits >= 1, "a hand ended and the next was dealt"


def test_a_hands_result_has_its_whole_settling_shown_or_waiting() -> None:
    """At the end of a hand, its settling: what was shown, then what waits up to the next
    deal, in order; nothing of the next hand."""
    match = _match("coup-detat-duel", 2, seed=5)
    kit = kit_for("coup-detat-duel")
    telling = Telling(match, kit, Seating([0]), from_start=True)
    _play(match, random.Random(5), 300)
    telling.pull()
    settled = []
    while telling.queue:
        beat = telling.queue.popleft()
        telling.show(beat)
        if kit.starts_hand(beat.event):
            settled = []
        if kit.settles(beat.event):
            settled.append((beat.event, beat.state))
        assert telling.hand_settlement()[:len(settled)] == settled
        waiting = []
        for later in telling.queue:
            if kit.starts_hand(later.event):
                break
            if kit.settles(later.event):
                waiting.append((later.event, later.state))
        assert telling.hand_settlement() == [*settled, *waiting]


def test_an_undo_shows_the_match_as_it_stands_and_the_retelling_remembers_the_hand() -> None:
    match, telling = _told("coup-detat", 4, seed=11, decisions=30)
    rng = random.Random(11)
    for _ in range(200):  # on to a decision of seat 0's that may be taken back
        if match.pending.over or (match.pending.seat == 0 and match.can_undo(0)):
            break
        _play(match, rng, 1)
    assert match.pending.seat == 0 and match.undo(0)
    assert telling.pull(), "the undo is told as a rewind"
    assert not telling.queue and telling.shown is match.state
    beats = list(telling.retold())
    assert [beat.event for beat in beats] == match.events
    assert beats[-1].state == match.state
    if telling.kit.cards is not None and telling.kit.cards.in_play(telling.view()):
        assert telling.hand_view == telling.view(), "the hand under way, remembered"


def test_the_telling_needs_no_pygame() -> None:
    """It is read and tested without a window: importing it does not import pygame."""
    probe = ("import sys; sys.modules['pygame'] = sys.modules['pygame_gui'] = None; "
             "import game.services.table.telling")
    subprocess.run([sys.executable, "-c", probe], cwd=ROOT, check=True)
