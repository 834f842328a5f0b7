"""The table's chat without a network (game/net/chat.py, and its hook in hosted.py): the
wire's `say` and `said`, what a line may be, the rate of lines, the lines kept for a
friend who comes back, and muting at one screen."""

from __future__ import annotations

from typing import Any

import pytest

from game.net import chat, wire
from game.net.at_friends import AtFriends
from game.net.chat import PHRASES, ChatAt, HeardLines, Line, Refused, TableChat, line_from
from game.net.client import parse_address
from game.net.headless import hosting
from game.net.hosted import HostedTable
from game.net.link import SeatLink
from game.net.wire import FROM_FRIEND, FROM_HOST, MOST_FROM_FRIEND, WireError
from game.ui.table.online import host_chat

JsonObject = dict[str, Any]


def test_say_and_said_are_messages_of_the_wire() -> None:
    said = wire.decode(wire.encode({"type": "say", "text": "Bonne chance !"}), FROM_FRIEND,
                       most=MOST_FROM_FRIEND)
    assert said == {"type": "say", "text": "Bonne chance !"}
    assert wire.decode('{"type":"say","phrase":"good_luck"}', FROM_FRIEND,
                       most=MOST_FROM_FRIEND)["phrase"] == "good_luck"
    line = Line(3, 1, "Zoé", "Well played.", "well_played").message()
    assert wire.decode(wire.encode(line), FROM_HOST, most=wire.MOST_FROM_HOST) == line
    for frame, reason in (
            ('{"type":"say","text":"' + "a" * 201 + '"}', "longer than 200 characters"),
            ('{"type":"say","text":5}', "text must be a text"),
            ('{"type":"say","text":"hi","seat":1}', "has no field"),
            ('{"type":"say","name":"Host"}', "has no field")):
        with pytest.raises(WireError, match=reason):
            wire.decode(frame, FROM_FRIEND, most=MOST_FROM_FRIEND)


@pytest.mark.parametrize("message, reason", [
    ({"text": ""}, "nothing to say"),
    ({"text": " \t\n "}, "nothing to say"),
    ({"text": "\u200b\u200b"}, "nothing to say"),
    ({"text": "a" * 201}, "at most 200 characters"),
    ({}, "either a text or a phrase"),
    ({"text": "hi", "phrase": "good_luck"}, "either a text or a phrase"),
    ({"phrase": "I hold the Duke"}, "no ready phrase"),
    ({"phrase": 3}, "no ready phrase"),
    ({"text": ["hi"]}, "is text"),
])
def test_a_line_that_cannot_be_said_is_refused_in_words(message: JsonObject,
                                                        reason: str) -> None:
    heard = TableChat(lambda: 0.0).hear(0, "Ann", message)
    assert isinstance(heard, Refused) and reason in heard.reason and not heard.cut


def test_a_line_is_said_on_one_line_without_what_does_not_print() -> None:
    typed = "  Good\n\nluck\x1b[31m, \u202eall\x07 "
    heard = TableChat(lambda: 0.0).hear(1, "Bob", {"text": typed})
    assert isinstance(heard, Line)
    assert heard.text == "Good luck[31m, all"
    assert heard.message() == {"type": "said", "n": 1, "seat": 1, "name": "Bob",
                               "text": "Good luck[31m, all"}


def test_a_phrase_says_its_own_words_only() -> None:
    talk = TableChat(lambda: 0.0)
    for number, (key, words) in enumerate(PHRASES.items(), start=1):
        heard = talk.hear(0, "Ann", {"phrase": key}) if number <= chat.BURST else None
        if heard is None:
            break
        assert isinstance(heard, Line)
        assert (heard.text, heard.phrase, heard.number) == (words, key, number)
    # a host's said line whose phrase key has other words is shown with the phrase's words
    forged = line_from({"n": 1, "seat": 0, "name": "Ann", "text": "I hold the Duke",
                        "phrase": "good_game"})
    assert forged is not None and forged.text == "Good game."
    assert line_from({"n": 1, "seat": 0, "name": "Ann", "text": "x", "phrase": "nope"}) is None


def test_a_seat_says_a_few_lines_at_once_then_one_a_second_and_a_flood_is_cut() -> None:
    now = [0.0]
    talk = TableChat(lambda: now[0])
    said = [talk.hear(0, "Ann", {"text": f"line {n}"}) for n in range(int(chat.BURST))]
    assert all(isinstance(line, Line) for line in said)
    too_many = talk.hear(0, "Ann", {"text": "one more"})
    assert isinstance(too_many, Refused) and too_many.reason == chat.TOO_FAST
    assert isinstance(talk.hear(1, "Bob", {"text": "my share is mine"}), Line)
    now[0] += 1.0 / chat.RATE
    assert isinstance(talk.hear(0, "Ann", {"text": "a second later"}), Line)
    refusals = [talk.hear(0, "Ann", {"text": "flood"}) for _ in range(chat.MOST_FLOODED)]
    assert all(isinstance(refusal, Refused) for refusal in refusals)
    last = refusals[-1]
    assert isinstance(last, Refused) and last.cut and last.reason == chat.CUT_OFF
    assert not any(isinstance(refusal, Refused) and refusal.cut for refusal in refusals[:-1])


def test_the_table_keeps_only_its_last_lines() -> None:
    now = [0.0]
    talk = TableChat(lambda: now[0], kept=5)
    for number in range(12):
        now[0] += 10
        talk.hear(number % 2, "Ann" if number % 2 == 0 else "Bob", {"text": f"line {number}"})
    assert [said["text"] for said in talk.recent()] == [f"line {n}" for n in range(7, 12)]
    assert [said["n"] for said in talk.recent()] == list(range(8, 13))


def test_a_friend_hears_each_line_once_and_anew_from_a_host_opened_again() -> None:
    heard = HeardLines()
    lines = [Line(n, 0, "Ann", f"line {n}").message() for n in (1, 2, 3)]
    for message in (*lines, lines[1], lines[2]):  # told again after coming back
        heard.heard(message)
    assert [line.text for line in heard.lines] == ["line 1", "line 2", "line 3"]
    heard.welcomed()  # a host opened again numbers from 1
    heard.heard(Line(1, 1, "Bob", "back").message())
    assert [line.text for line in heard.lines] == ["back"]


def test_a_muted_seat_s_lines_and_a_muted_chat_are_not_shown() -> None:
    lines = [Line(1, 0, "Ann", "hello"), Line(2, 1, "Bob", "spam"), Line(3, 2, "Cy", "hi"),
             Line(4, 1, "Bob", "spam")]
    sent: list[JsonObject] = []
    talk = ChatAt(lambda: lines, lambda message: sent.append(message) or None, lambda: 0)
    assert talk.speakers() == [(1, "Bob"), (2, "Cy")]  # not one's own seat
    talk.muting.toggle(1)
    assert [line.text for line in talk.shown()] == ["hello", "hi"]
    assert [line.text for line in talk.shown(last=1)] == ["hi"]
    talk.muting.toggle(None)
    assert talk.shown() == []
    talk.muting.toggle(None)
    talk.muting.toggle(1)
    assert len(talk.shown()) == 4
    # what the person says is checked before it goes, and goes cleaned
    assert talk.say("\n") is not None and sent == []
    assert talk.say(" Hi\tall ") is None and talk.say_phrase("your_turn") is None
    assert sent == [{"type": "say", "text": "Hi all"}, {"type": "say", "phrase": "your_turn"}]
    nobody = ChatAt(lambda: lines, lambda message: None, lambda: None)
    assert nobody.say("hello") == chat.NO_SEAT


# The hook in the hosted table ----------------------------------------------------------------

class Table:
    """A hosted table of Coup: two friends and a person at the host's screen."""

    ANN, BOB = 1, 2

    def __init__(self) -> None:
        self.sent: list[tuple[int, JsonObject]] = []
        self.closed: list[tuple[int, str]] = []
        self.logged: list[str] = []
        self.now = 1000.0
        self.table = HostedTable("coup", {"players": 3}, ["open", "open", "person"], seed=3,
                                 names=["", "", "Hugo"], clock=lambda: self.now,
                                 log=self.logged.append,
                                 send=lambda connection, message:
                                 self.sent.append((connection, message)),
                                 close=lambda connection, reason:
                                 self.closed.append((connection, reason)))
        for connection, name in ((self.ANN, "Ann"), (self.BOB, "Bob")):
            self.table.hello(connection, {"type": "hello", "version": 1, "code": "C",
                                          "name": name})

    def said_to(self, connection: int) -> list[JsonObject]:
        return [message for to, message in self.sent
                if to == connection and message["type"] == "said"]


def test_a_line_reaches_every_seat_with_its_name_in_the_lobby_and_at_the_table() -> None:
    table = Table()
    table.table.received(Table.ANN, {"type": "say", "text": "Hello, all"})
    assert table.table.said(2, {"type": "say", "phrase": "good_luck"}) is None  # the host's
    for connection in (Table.ANN, Table.BOB):
        assert [(said["seat"], said["name"], said["text"]) for said in
                table.said_to(connection)] == [(0, "Ann", "Hello, all"), (2, "Hugo", "Good luck!")]
    assert [line.text for line in table.table.chat.lines] == ["Hello, all", "Good luck!"]
    assert "Ann says: Hello, all" in table.logged
    table.table.start()
    turns = len(table.table.session.match.turns) if table.table.session else 0
    table.now += 10
    table.table.received(Table.BOB, {"type": "say", "text": "Your move"})
    assert table.said_to(Table.ANN)[-1]["name"] == "Bob"
    assert table.table.session is not None and len(table.table.session.match.turns) == turns


def test_a_friend_who_comes_back_is_told_the_recent_lines() -> None:
    table = Table()
    table.table.start()
    table.table.received(Table.ANN, {"type": "say", "text": "brb"})
    table.table.dropped(Table.BOB)
    table.table.said(2, {"type": "say", "text": "while Bob is away"})
    token = table.table.chairs[1].token
    before = len(table.sent)
    table.table.hello(7, {"type": "hello", "version": 1, "code": "C", "token": token})
    again = [message for to, message in table.sent[before:] if to == 7]
    kinds = [message["type"] for message in again]
    assert kinds[0] == "welcome" and kinds[1:3] == ["said", "said"]
    assert [message["text"] for message in again[1:3]] == ["brb", "while Bob is away"]


def test_a_flooding_friend_is_told_then_cut_and_the_others_hear_nothing_of_it() -> None:
    table = Table()
    table.table.start()
    for number in range(int(chat.BURST)):
        table.table.received(Table.ANN, {"type": "say", "text": f"line {number}"})
    before = len(table.said_to(Table.BOB))
    for _ in range(chat.MOST_FLOODED):
        table.table.received(Table.ANN, {"type": "say", "text": "flood"})
    to_ann = [message for to, message in table.sent if to == Table.ANN]
    assert {"type": "refused", "reason": chat.TOO_FAST} in to_ann
    assert to_ann[-1] == {"type": "bye", "reason": chat.CUT_OFF}
    assert table.closed == [(Table.ANN, chat.CUT_OFF)]
    assert len(table.said_to(Table.BOB)) == before
    refused = table.table.received(Table.BOB, {"type": "say", "text": "\x00\x01"})
    assert refused is None and table.sent[-1] == (
        Table.BOB, {"type": "refused", "reason": "There is nothing to say in that line."})


def test_a_person_who_says_too_much_at_once_is_told_before_anything_goes() -> None:
    now = [0.0]
    sent: list[JsonObject] = []
    talk = ChatAt(lambda: [], lambda message: sent.append(message) or None, lambda: 1,
                  clock=lambda: now[0])
    answers = [talk.say_phrase("hello") for _ in range(int(chat.BURST) + 3)]
    assert answers == [None] * int(chat.BURST) + [chat.TOO_FAST] * 3
    assert len(sent) == chat.BURST  # the host never counted a flood
    now[0] += 1.0 / chat.RATE
    assert talk.say("again") is None


def test_the_host_s_screen_speaks_for_the_person_whose_cards_are_shown() -> None:
    table = hosting("coup", {"players": 3}, ["person", "open", "person"],
                    names=["Hugo", "", "Inès"])
    try:
        shown: list[int | None] = [None]
        talk = host_chat(table, lambda: shown[0])
        assert talk.say("Bienvenue") is None  # nobody shown yet: the first person here
        shown[0] = 2
        assert talk.say_phrase("good_luck") is None
        shown[0] = 1  # a friend's seat is never shown here; the first person speaks
        assert talk.say("Hugo again") is None
        assert [(line.seat, line.name, line.text) for line in table.table.chat.lines] == [
            (0, "Hugo", "Bienvenue"), (2, "Inès", "Good luck!"), (0, "Hugo", "Hugo again")]
    finally:
        table.close(wait=False)
    nobody = hosting("coup", {"players": 2}, ["open", "easy"])
    try:
        assert host_chat(nobody, lambda: None).say("Hello") == chat.NO_SEAT
        assert list(nobody.table.chat.lines) == []
    finally:
        nobody.close(wait=False)


def test_a_friend_s_screen_shows_the_lines_told_minus_those_muted() -> None:
    link = SeatLink(parse_address("127.0.0.1:4747"), "ABCDEF", "Zoé")  # never started
    at = AtFriends(link)
    table = {"ruleset": "coup", "title": "Coup", "options": {}, "seats": []}
    told = [{"type": "welcome", "version": 1, "seat": 1, "token": "t", "table": table},
            Line(1, 0, "Ann", "Hello").message(), Line(2, 2, "Cy", "spam").message(),
            Line(1, 0, "Ann", "Hello").message(),  # told again: once is enough
            Line(3, 1, "Zoé", "Hi!").message(), Line(4, 2, "Cy", "spam").message()]
    for message in told:
        link.inbox.put(message)
    at.pump()
    assert [line.text for line in at.chat.shown()] == ["Hello", "spam", "Hi!", "spam"]
    assert at.chat.speakers() == [(0, "Ann"), (2, "Cy")]
    at.chat.muting.toggle(2)
    assert [(line.name, line.text) for line in at.chat.shown()] == [("Ann", "Hello"),
                                                                    ("Zoé", "Hi!")]
    link.inbox.put({**told[0]})  # welcomed again (a host opened again): its lines anew
    link.inbox.put(Line(1, 0, "Ann", "We are back").message())
    at.pump()
    assert [line.text for line in at.chat.shown()] == ["We are back"]
    assert at.chat.muting.seats == {2}  # still muted at this screen
