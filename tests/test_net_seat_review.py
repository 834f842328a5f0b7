"""The review of a game played across machines (issue 40, item 2): a friend reviews his
seat from what his machine was told of it, and the host's review shows only what the
host's screen may see.

The friend here is the window's own reading of the host's messages (`AtFriends`, its seat's
match and session) fed the very messages a hosted table sent (net_privacy_kit: no
sockets), deciding through his seat's session as the table's controller does.
"""

from __future__ import annotations

import json
import queue
import random
import time
from typing import Any

import pytest
from net_privacy_kit import PATIENCE, HostedGame

from game.engine.saves import Seat
from game.net.at_friends import AtFriends
from game.net.hosted import OPEN
from game.net.wire import JsonObject
from game.services import review
from game.services.review import Depth
from game.services.reviewing import ReviewRun
from game.services.seat_match import SeatMatch
from game.services.seat_review import (
    NO_HANDS_HOSTED,
    NO_HANDS_SEEN,
    ONLY_PERSONS,
    ONLY_YOURS,
    review_of,
)
from game.services.session import COMPUTER, HUMAN, GameSession

QUICK = Depth(seconds=30.0, worlds=6, workers=1)  # a few deals a decision, in this process


class Wire:
    """What a `SeatLink` is to `AtFriends`, in this process: the host's messages to one
    connection come into its inbox as they went on the wire; what the friend sends goes
    to the hosted table as from that connection."""

    def __init__(self, game: HostedGame, connection: int) -> None:
        self.game, self.connection = game, connection
        self.inbox: queue.Queue[Any] = queue.Queue()
        self.told = 0
        self._read = 0

    def deliver(self) -> None:
        for sent in self.game.sent[self._read:]:
            if sent.connection == self.connection:
                self.inbox.put(json.loads(sent.text))
        self._read = len(self.game.sent)

    def send(self, message: JsonObject) -> None:
        self.game.table.received(self.connection, message)

    def heard(self, told: int) -> None:
        self.told = told

    def close(self) -> None:
        pass


def played_with_a_friend(ruleset: str, plan: list[str], options: dict[str, object],
                         seed: int) -> tuple[HostedGame, AtFriends]:
    """A whole hosted game: the friend in the first open seat decides through his seat's
    session (a random legal move), the other open seats answer as net_privacy_kit's do,
    the computers play."""
    game = HostedGame(ruleset, plan, options, seed=seed)
    friend = game.connect({"name": "Zoé"})
    others = [game.connect({"name": name}) for name in ("Yann", "Inès")[:plan.count(OPEN) - 1]]
    game.table.start()
    wire = Wire(game, friend)
    at = AtFriends(wire)  # type: ignore[arg-type]  # the link's part, in this process
    game.answered_elsewhere.add(friend)
    rng, deadline = random.Random(seed), time.monotonic() + PATIENCE

    def his_turn() -> bool:
        wire.deliver()
        at.pump()
        session = at.session
        return session is not None and session.to_act == session.seat \
            and bool(session.match.legal())

    while not game.table.over:
        assert time.monotonic() < deadline, "the game did not end in time"
        game.play(until=his_turn)
        if at.session is not None and his_turn():
            at.session.submit(rng.choice(list(at.session.match.legal())))
    his_turn()  # the end, told
    assert len(others) == plan.count(OPEN) - 1 and at.session is not None and at.session.over
    return game, at


@pytest.fixture(scope="module")
def coup_detat_game() -> Any:
    game, at = played_with_a_friend("coup-detat", [OPEN, "easy", OPEN, "easy"],
                                    {"players": 4}, seed=21)
    yield game, at
    at.close()
    game.close()


def test_the_friends_own_decisions_are_known_on_his_machine_and_his_views_are_true(
        coup_detat_game: Any) -> None:
    """Each of the seat's decisions the friend's machine sent is in its turns, in order, as
    the host's match has them; the views Hard reviews from are the true ones; another
    seat's decisions are not known there."""
    game, at = coup_detat_game
    seen: SeatMatch = at.session.match
    truth = game.table.session.match
    seat = seen.seat
    mine = [turn for turn in seen.turns if turn.seat == seat]
    theirs = [turn for turn in truth.turns if turn.seat == seat]
    assert len(mine) == len(theirs) > 5
    assert [turn.decision for turn in mine] == [turn.decision for turn in theirs]
    assert all(turn.decision is None for turn in seen.turns if turn.seat != seat)
    for told, true in zip(mine, theirs, strict=True):
        assert seen.ruleset.view(told.state_before, seat) == \
            truth.ruleset.view(true.state_before, seat)


def test_the_friends_review_judges_his_decisions_from_his_view_alone(
        coup_detat_game: Any) -> None:
    """Hard judges every decision of the friend's, from what his machine was told; the
    judgements are those Hard makes of the same decisions in the host's true game, whose
    seat's views are the same (the same seed, the same views: the same imagined deals)."""
    game, at = coup_detat_game
    seen: SeatMatch = at.session.match
    run = ReviewRun(seen, seen.seat, QUICK)
    run.run()
    assert run.complete and run.done == run.total == len(review.seat_turns(seen, seen.seat))
    judged = [judgement for judgement in run.judgements if judgement.judged]
    assert judged and run.problem is None  # (nothing is kept on disk for a seat's game)
    truth = game.table.session.match
    player = review.reviewer(truth.ruleset.id, review.game_seed(seen), QUICK)
    try:
        again = list(review.analyse(truth, seen.seat, player))
    finally:
        player.close()
    assert [(j.best, j.played_value, j.best_value) for j in run.judgements] == \
        [(j.best, j.played_value, j.best_value) for j in again]
    ledger = review.words_for("coup-detat").ledger(seen, seen.seat, at.session.names)
    assert ledger == review.words_for("coup-detat").ledger(truth, seen.seat,
                                                            at.session.names)


def test_the_others_moves_are_told_in_the_hosts_words_for_the_seat(
        coup_detat_game: Any) -> None:
    """What the review says of another seat's decision is what the host told the friend's
    seat of it, nothing else."""
    game, at = coup_detat_game
    seen: SeatMatch = at.session.match
    told = [sent.message for sent in game.sent
            if sent.connection == min(game.seat_of) and sent.message["type"] == "told"]
    by_turn: dict[int, list[str]] = {}
    for message in told:
        by_turn.setdefault(message["turn"], []).extend(message["lines"])
    assert [seen.told_of(index) for index in range(len(seen.turns))] == \
        list(by_turn.values())


def test_a_friends_review_is_of_his_seat_only_and_shows_no_hidden_hand(
        coup_detat_game: Any) -> None:
    _, at = coup_detat_game
    offered = review_of(at.session, 0)
    assert offered.match is at.session.match and offered.seat == at.session.seat
    assert offered.seats == (at.session.seat,) and offered.others == ONLY_YOURS
    assert not offered.all_hands and offered.hands == NO_HANDS_SEEN


def session_of(kinds: list[str], elsewhere: frozenset[int]) -> GameSession:
    seats = [Seat(f"Seat {index}", kind) for index, kind in enumerate(kinds)]
    session = GameSession.new("coup", {"players": len(kinds)}, seats, seed=4)
    session.elsewhere = elsewhere
    return session


@pytest.mark.parametrize(("kinds", "elsewhere", "viewer", "seat", "seats", "hands"), [
    ([HUMAN, HUMAN, COMPUTER], frozenset(), 1, 1, (0, 1, 2), None),  # a local game
    ([HUMAN, HUMAN, HUMAN], frozenset({1}), 2, 2, (0, 2), NO_HANDS_HOSTED),
    ([COMPUTER, HUMAN, COMPUTER], frozenset({1}), None, 0, (0, 1, 2), None),  # no person here
])
def test_the_hosts_review_shows_what_his_screen_may_see(
        kinds: list[str], elsewhere: frozenset[int], viewer: int | None, seat: int,
        seats: tuple[int, ...], hands: str | None) -> None:
    """At a hosted table, the host's persons' decisions only and no hidden hand; a host
    with no person at the table sees everything once it is over, as at a local game."""
    session = session_of(kinds, elsewhere)
    try:
        offered = review_of(session, viewer)
    finally:
        session.close()
    assert (offered.seat, offered.seats, offered.hands) == (seat, seats, hands)


def test_a_host_with_one_person_reviews_him_alone() -> None:
    session = session_of([HUMAN, HUMAN, COMPUTER], frozenset({1}))
    try:
        offered = review_of(session, 0)
    finally:
        session.close()
    assert offered.seats == (0,) and offered.others == ONLY_PERSONS
