"""What arrives from a friend's machine, checked before anything reads it, without sockets.

- The wire (game/net/wire.py): `decode` refuses every kind of bad message with its own
  reason, in words (binary, too large, not JSON, not an object, an unknown type or field,
  a field of the wrong kind, a text too long, a field missing, nesting too deep, NaN and
  the infinities, a number of thousands of digits), and hands back a good one as it came.
  A boolean is not a whole number, nor a whole number a boolean. `version_of` reads a
  hello's version before its fields are checked; table codes are read as typed.
- The hosted table (game/net/hosted.py), fed messages as the server hands them in: a
  decision counts only from the connection holding its seat, for that seat, when it is to
  decide, answering the question asked now, if legal, and once. Each refusal goes to the
  sender alone, with a reason, and the match is left exactly as it was. What a seat was
  told is sent again once a second at most (each resend may be the whole game).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

from game.net import wire
from game.net.hosted import NO_UNDO, RESEND_GAP, TOO_SOON, HostedTable
from game.net.wire import FROM_FRIEND, FROM_HOST, MOST_FROM_FRIEND, WireError

JsonObject = dict[str, Any]


def decoded(message: object, kinds: Mapping[str, Any] = FROM_FRIEND) -> JsonObject:
    frame = message if isinstance(message, str | bytes) else json.dumps(message)
    return wire.decode(frame, kinds, most=MOST_FROM_FRIEND)


def refusal(message: object, kinds: Mapping[str, Any] = FROM_FRIEND) -> str:
    with pytest.raises(WireError) as refused:
        decoded(message, kinds)
    reason = str(refused.value)
    assert reason and "\n" not in reason and "Traceback" not in reason
    return reason


def nested(levels: int) -> object:
    """A move holding `levels` objects, one in the other."""
    value: object = 1
    for _ in range(levels):
        value = {"a": value}
    return value


# The wire -----------------------------------------------------------------------------------

def test_good_messages_come_through_as_they_were_sent() -> None:
    good: list[JsonObject] = [
        {"type": "hello", "version": 1, "code": "ABCDEF", "name": "Zoé", "program": "x"},
        {"type": "hello", "version": 1, "code": "ABCDEF", "token": "t", "since": 12},
        {"type": "decision", "id": 3, "move": {"seat": 0, "action": "income"}},
        {"type": "stand_in", "id": 0},
        {"type": "undo"},
        {"type": "resend", "since": 0},
    ]
    for message in good:
        assert decoded(message) == message


@pytest.mark.parametrize(("frame", "reason"), [
    (b'{"type": "undo"}', "a message is JSON text, not binary"),
    ('{"type": "undo"', "not JSON (Expecting"),
    ("", "not JSON (Expecting value"),
    ('{"type": "undo"} {}', "not JSON (Extra data"),
    ('\ufeff{"type": "undo"}', "not JSON (Unexpected UTF-8 BOM"),
    ("[1, 2]", "a message is a JSON object"),
    ('"undo"', "a message is a JSON object"),
    ("null", "a message is a JSON object"),
    ("{}", "no message of type 'null'"),
    ('{"type": "teleport"}', "no message of type 'teleport'"),
    ('{"type": 7}', "no message of type '7'"),
    ('{"type": "welcome", "version": 1, "seat": 0, "token": "t", "table": {}}',
     "no message of type 'welcome'"),
    ('{"type": "undo", "please": true}', "a undo message has no field 'please'"),
    ('{"type": "decision", "id": 1}', "a decision message needs move"),
    ('{"type": "hello", "code": "ABCDEF"}', "a hello message needs version"),
    ('{"type": "decision", "id": "1", "move": {}}', "decision: id must be a whole number"),
    ('{"type": "decision", "id": 1.0, "move": {}}', "decision: id must be a whole number"),
    ('{"type": "decision", "id": 1, "move": []}', "decision: move must be an object"),
    ('{"type": "hello", "version": 1, "code": 123456}', "hello: code must be a text"),
])
def test_each_kind_of_bad_message_is_refused_with_its_reason(frame: str | bytes,
                                                             reason: str) -> None:
    assert refusal(frame).startswith(reason)


def test_a_boolean_is_not_a_whole_number_nor_a_whole_number_a_boolean() -> None:
    assert refusal({"type": "decision", "id": True, "move": {}}) == \
        "decision: id must be a whole number"
    assert refusal({"type": "resend", "since": False}) == "resend: since must be a whole number"
    seat = {"type": "seat", "seat": 0, "connected": True, "name": "Zoé"}
    assert decoded(seat, FROM_HOST) == seat
    assert refusal({**seat, "connected": 1}, FROM_HOST) == "seat: connected must be true or false"
    assert refusal({**seat, "seat": True}, FROM_HOST) == "seat: seat must be a whole number"


def test_nan_and_the_infinities_are_not_json() -> None:
    for constant in ("NaN", "Infinity", "-Infinity"):
        assert refusal(f'{{"type": "resend", "since": {constant}}}') == \
            f"not JSON ({constant} is not JSON)"
    # Nor is the infinity a float becomes when JSON writes a number too large for one
    assert refusal('{"type": "decision", "id": 1, "move": {"x": 1e999}}') == \
        "not JSON (1e999 is too large a number)"


def test_a_number_of_thousands_of_digits_is_refused_in_words() -> None:
    many = "9" * 5_000  # more than Python converts: its own words name a function to call
    assert refusal(f'{{"type": "resend", "since": {many}}}') == \
        "not JSON (a number of more than 100 digits)"
    assert refusal(f'{{"type": "resend", "since": -{many[:200]}}}') == \
        "not JSON (a number of more than 100 digits)"
    assert decoded({"type": "resend", "since": 10**99}) == {"type": "resend", "since": 10**99}


def test_sizes_texts_and_depth_have_their_limits() -> None:
    padding = "x" * MOST_FROM_FRIEND
    assert refusal(json.dumps({"type": "decision", "id": 1, "move": {"x": padding}})) == \
        f"a message of over {MOST_FROM_FRIEND:,} bytes"
    longest = "x" * wire.MOST_TEXT
    assert decoded({"type": "hello", "version": 1, "code": "C", "name": longest})["name"] \
        == longest
    assert refusal({"type": "hello", "version": 1, "code": "C", "name": longest + "x"}) == \
        f"hello: name is longer than {wire.MOST_TEXT} characters"
    deepest = {"type": "decision", "id": 1, "move": nested(wire.MOST_DEPTH - 1)}
    assert decoded(deepest) == deepest
    assert refusal({"type": "decision", "id": 1, "move": nested(wire.MOST_DEPTH)}) == \
        "a message nested too deep"
    # Deeper than the parser itself goes, well within the size
    brackets = "[" * 7_000 + "]" * 7_000
    assert refusal(f'{{"type": "decision", "id": 1, "move": {{"x": {brackets}}}}}') == \
        "a message nested too deep"


def test_the_host_s_messages_are_not_bound_by_a_friend_s_limits() -> None:
    long_name = "Ä" * 500
    told = {"type": "seat", "seat": 2, "connected": False, "name": long_name}
    assert decoded(told, FROM_HOST)["name"] == long_name
    assert refusal({"type": "decision", "id": 1, "move": {}}, FROM_HOST) == \
        "no message of type 'decision'"


def test_refusals_quote_what_they_were_sent_briefly_and_safely() -> None:
    reason = refusal({"type": "x" * 10_000})
    assert len(reason) < 80 and reason.startswith("no message of type 'xxx")
    reason = refusal({"type": "undo", "\ud800\x1b[2J": 1})
    assert "\x1b" not in reason and "\ud800" not in reason
    reason.encode("utf-8")  # it can be sent back: no half of a surrogate pair in it


def test_version_of_reads_a_hello_s_version_before_its_fields() -> None:
    assert wire.version_of('{"type": "hello", "version": 2, "greeting": "from the future"}') \
        == 2
    assert wire.version_of(json.dumps({"type": "hello", "version": 1, "code": "C"})) == 1
    for frame in ('{"type": "hello"}', '{"type": "hello", "version": "2"}',
                  '{"type": "hello", "version": true}', '{"type": "hello", "version": 2.5}',
                  '{"type": "hello", "version": [2]}', '{"type": "undo", "version": 2}',
                  '[{"type": "hello", "version": 2}]', "not JSON", b'{"type": "hello"}',
                  '{"type": "hello", "version": ' + "9" * 5_000 + "}",
                  '{"type": "hello", "version": NaN}',
                  '{"type": "hello", "version": 2, "x": "' + "x" * MOST_FROM_FRIEND + '"}',
                  "[" * 50_000):
        assert wire.version_of(frame) is None, frame[:60]


def test_a_table_code_is_read_as_typed() -> None:
    assert wire.normal_code("abc-def") == "ABCDEF"
    assert wire.normal_code("  ab cd\tef \n") == "ABCDEF"
    assert wire.valid_code(wire.normal_code("hjk-234"))
    assert not wire.valid_code("hjk234")  # the host compares the code made normal
    for typed in ("ABCDE", "ABCDEFG", "ABCDE0", "ABCDEO", "ABCDE1", "ABCDEI", "ABCDÉF",
                  "ＡＢＣＤＥＦ", "", "ABC DEF"):
        assert not wire.valid_code(typed), typed
    assert not wire.valid_code(wire.normal_code("abcdeß"))  # "ß" is "SS" in capitals
    assert not wire.valid_code(wire.normal_code("abcdeı"))  # the dotless ı is an I


# The hosted table ---------------------------------------------------------------------------

class Table:
    """A hosted table of Coup for two friends, the messages it sends kept by connection."""

    FIRST, SECOND, STRANGER = 1, 2, 3

    def __init__(self) -> None:
        self.sent: list[tuple[int, JsonObject]] = []
        self.closed: list[tuple[int, str]] = []
        self.now = 1000.0
        self.table = HostedTable("coup", {"players": 2}, ["open", "open"], seed=3,
                                 clock=lambda: self.now,
                                 send=lambda connection, message:
                                 self.sent.append((connection, message)),
                                 close=lambda connection, reason:
                                 self.closed.append((connection, reason)))
        for connection, name in ((self.FIRST, "Ann"), (self.SECOND, "Bob")):
            self.table.hello(connection, {"type": "hello", "version": 1, "code": "C",
                                          "name": name})
        self.table.start()

    @property
    def match(self) -> Any:
        assert self.table.session is not None
        return self.table.session.match

    def question(self, connection: int) -> JsonObject:
        return next(message for to, message in reversed(self.sent)
                    if to == connection and message["type"] == "decide")

    def to_act(self) -> int:
        seat = self.table.session.to_act if self.table.session else None
        assert seat is not None
        return seat + 1  # the connection of the seat (seat 0: FIRST)

    def answer(self, connection: int, number: int, move: JsonObject) -> list[JsonObject]:
        """What `connection` is sent when it sends this decision."""
        before = len(self.sent)
        self.table.received(connection, {"type": "decision", "id": number, "move": move})
        return [message for to, message in self.sent[before:] if to == connection]


def refused_and_nothing_changed(table: Table, connection: int, message: JsonObject, *,
                                seated: bool = True) -> str:
    """The reason `message` from `connection` is refused (to a seat, with the number of
    the question it answered); the match is as it was, and nobody else was sent anything."""
    turns, state = len(table.match.turns), table.match.state
    before = len(table.sent)
    table.table.received(connection, message)
    answers = table.sent[before:]
    assert [to for to, _ in answers] == [connection], answers
    reply = answers[0][1]
    assert reply["type"] == "refused" and reply["reason"], reply
    if seated and "id" in message:
        assert reply["id"] == message["id"]
    assert (len(table.match.turns), table.match.state) == (turns, state)
    assert table.closed == []
    return str(reply["reason"])


def test_the_seat_to_act_is_asked_and_its_legal_answer_counts_once() -> None:
    table = Table()
    mover = table.to_act()
    question = table.question(mover)
    turns = len(table.match.turns)
    move = question["legal"][0]
    replies = table.answer(mover, question["id"], move)
    assert replies[0] == {"type": "accepted", "id": question["id"]}
    assert len(table.match.turns) > turns
    # The same answer again: it answered a question no longer asked
    reason = refused_and_nothing_changed(
        table, mover, {"type": "decision", "id": question["id"], "move": move})
    assert reason in ("It is not your turn to decide.",
                      f"That answers question {question['id']}; the question now is "
                      f"{len(table.match.turns)}.")


def test_a_connection_that_holds_no_seat_decides_nothing() -> None:
    table = Table()
    question = table.question(table.to_act())
    reason = refused_and_nothing_changed(
        table, Table.STRANGER, {"type": "decision", "id": question["id"],
                                "move": question["legal"][0]}, seated=False)
    assert reason == "Say hello first: this connection holds no seat."


def test_a_decision_for_another_seat_is_refused() -> None:
    table = Table()
    mover = table.to_act()
    question = table.question(mover)
    move = {**question["legal"][0], "seat": 2 - mover}  # the other seat's number
    reason = refused_and_nothing_changed(
        table, mover, {"type": "decision", "id": question["id"], "move": move})
    assert reason == "A decision for another seat than yours is refused."


def test_a_decision_out_of_turn_is_refused() -> None:
    table = Table()
    mover = table.to_act()
    question = table.question(mover)
    waiting = 3 - mover  # the other connection
    for move in (question["legal"][0], {**question["legal"][0], "seat": waiting - 1}):
        reason = refused_and_nothing_changed(
            table, waiting, {"type": "decision", "id": question["id"], "move": move})
        assert reason == "It is not your turn to decide."
    reason = refused_and_nothing_changed(table, waiting, {"type": "stand_in",
                                                          "id": question["id"]})
    assert reason == "It is not your turn to decide."


def test_an_old_question_s_answer_is_not_replayed() -> None:
    table = Table()
    answered: list[tuple[int, JsonObject]] = []  # (question, its answer) of each seat
    replayed = 0
    while table.table.session is not None and not table.table.over and replayed < 6:
        mover = table.to_act()
        question = table.question(mover)
        for number, move in answered:
            if number != question["id"]:
                reason = refused_and_nothing_changed(
                    table, mover, {"type": "decision", "id": number, "move": move})
                assert reason == f"That answers question {number}; the question now is " \
                                 f"{question['id']}."
                replayed += 1
        move = question["legal"][0]
        assert table.answer(mover, question["id"], move)[0]["type"] == "accepted"
        answered.append((question["id"], move))
    assert replayed >= 6


def test_an_illegal_move_or_no_move_at_all_is_refused() -> None:
    """In the rules' own words when they judge the move, else saying it is no move."""
    table = Table()
    mover = table.to_act()
    question = table.question(mover)
    seat = mover - 1
    number = question["id"]
    cases = [  # (the move, the start of its refusal)
        ({"seat": seat, "action": "coup", "target": 1 - seat}, "Coup costs 7 coins; you have"),
        ({"seat": seat, "allow": True}, "Not now: "),
        ({"seat": seat, "block": "duke"}, "Not now: "),
        ({"seat": seat, "action": "steal", "target": seat}, f"Seat {seat} is not another"),
        ({"seat": seat, "action": "steal", "target": 10**99}, "Seat 10000"),
        ({"deal": {"hands": [["duke", "duke"], ["duke", "duke"]], "deck": []}},
         "Not a move: 'deal' is chance's move"),
        ({"seat": seat, "action": "teleport"}, "Not a move: There is no action 'teleport'"),
        ({}, "Not a move: a move needs exactly one verb"),
        ({"seat": seat}, "Not a move: a move needs exactly one verb"),
        ({"seat": seat, "action": "steal", "target": "everyone"},
         "Not a move: 'target' must be an integer")]
    for move, start in cases:
        reason = refused_and_nothing_changed(
            table, mover, {"type": "decision", "id": number, "move": move})
        assert reason.startswith(start) and len(reason) < 300, (move, reason)
    # After all that, the seat's own legal answer still counts
    assert table.answer(mover, number, question["legal"][0])[0]["type"] == "accepted"


def test_undo_and_a_resend_are_answered_to_the_sender_only() -> None:
    table = Table()
    mover = table.to_act()
    assert refused_and_nothing_changed(table, mover, {"type": "undo"}) == NO_UNDO
    before = len(table.sent)
    table.table.received(mover, {"type": "resend", "since": 10**9})
    again = table.sent[before:]
    assert {to for to, _ in again} == {mover}
    assert [message["type"] for _, message in again] == ["state", "decide"]


def test_a_seat_is_sent_what_it_was_told_again_once_a_second_at_most() -> None:
    """Each resend may be the whole game told (hundreds of messages): a flood of them
    would be a flood of replies."""
    table = Table()
    mover = table.to_act()
    resend = {"type": "resend", "since": 0}
    before = len(table.sent)
    table.table.received(mover, resend)
    assert len(table.sent) - before > 2  # everything told, the position, the question
    table.now += RESEND_GAP / 2
    assert refused_and_nothing_changed(table, mover, resend) == TOO_SOON
    table.now += RESEND_GAP / 2
    before = len(table.sent)
    table.table.received(mover, resend)
    assert table.sent[-1][1]["type"] == "decide" and len(table.sent) - before > 2


def test_hellos_without_a_seat_to_give_are_turned_away() -> None:
    table = Table()
    turns = len(table.match.turns)
    for connection, hello in enumerate([
            {"type": "hello", "version": 1, "code": "C", "name": "Late"},
            {"type": "hello", "version": 1, "code": "C", "token": "not-a-token"},
            {"type": "hello", "version": 1, "code": "C", "token": "é" * 24},  # not ASCII
            {"type": "hello", "version": 1, "code": "C", "token": ""}], start=10):
        before = len(table.sent)
        table.table.hello(connection, hello)
        assert [to for to, _ in table.sent[before:]] == [connection]
        assert table.sent[-1][1]["type"] == "bye"
        assert table.closed[-1] == (connection, table.sent[-1][1]["reason"])
    assert [reason for _, reason in table.closed] == [
        "The game has begun and every seat is taken.",
        *["That seat's token is not one of this table's."] * 3]
    assert len(table.match.turns) == turns
    assert table.table.seat_of(10) is None and table.table.seat_of(13) is None


def test_whoever_has_a_seat_s_token_is_that_seat() -> None:
    """By design: the token is the seat's secret (kept by the friend's program, written
    in a --record); a connection that presents it takes the seat, and the one before is
    closed, saying why."""
    table = Table()
    mover = table.to_act()
    token = next(message["token"] for to, message in table.sent
                 if to == mover and message["type"] == "welcome")
    table.table.hello(20, {"type": "hello", "version": 1, "code": "C", "token": token})
    assert table.closed == [(mover, "Your seat was taken up again on another connection.")]
    assert table.table.seat_of(20) == mover - 1 and table.table.seat_of(mover) is None
    question = table.question(20)
    assert table.answer(20, question["id"], question["legal"][0])[0]["type"] == "accepted"
