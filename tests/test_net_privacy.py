"""Nothing a seat may not see ever leaves the host (issue 40, step 1): every message a
hosted table sends to each friend's seat in whole games of every ruleset, checked against
the true state of the match at the moment it was sent (net_privacy_kit: no sockets; the
friends are connections that answer each question with one of its legal moves).

Of each message to a seat: it holds no other seat's token (its own only in its welcome);
no card the seat cannot see then (the 1966 games' cards are each unique: their codes and
labels); its view is the seat's own and does not change when the cards the seat cannot see
are dealt anew (the game's custody); what it is told of each event names only what the
seat may know (net_secrets_kit, from each game's rules); a question's history is the
seat's own. Also: a seat that drops and comes back with its token is told only its own
seat's stream again; a connection with a wrong token, or none once the game has begun, is
told nothing of the game; undo is refused, and tells nothing. And the checks themselves
are checked: a stream that tells another seat's words, view or history is caught.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from net_privacy_kit import HostedGame, Sent
from net_secrets_kit import SECRETS, Problems

from game.formats.support import final_result, formats_of
from game.games import get_game
from game.net.hosted import NO_UNDO, OPEN
from game.services import seat_stream
from game.services.seat_stream import pending_json

REDEALS = 3  # deals anew of what the seat cannot see, for each view sent
FRIENDS = ("Zoé", "Yann", "Inès", "Omar")
SECRET = "secret: "  # a problem found by the rules' own account of what is hidden


class SeatsChecked:
    """The checks of what a game's table sent to its seats, once the game is over (or as
    far as it went)."""

    def __init__(self, game: HostedGame) -> None:
        session = game.table.session  # over, or not: its start is what was then
        assert session is not None
        self.game, self.match = game, session.match
        self.ruleset = self.match.ruleset
        ruleset_id = self.ruleset.id
        self.custody = get_game(ruleset_id).custody
        self.formats = formats_of(ruleset_id)
        self.secrets = SECRETS[ruleset_id]
        self.after = game.states_after_events()
        self.narrators = {seat: self.ruleset.narrator(session.names, seat, tell_all=False,
                                                      second_person=True)
                          for seat in range(self.match.players)}
        self.tokens = {seat: chair.token for seat, chair in enumerate(game.table.chairs)
                       if chair.token is not None}
        self.moments = self.secrets.moments(self.match)
        self.situations: Counter[str] = Counter()

    def connection(self, connection: int, seat: int, first_told: int = 0) -> Problems:
        """What was sent to `connection`, which holds `seat`; its first `told` numbered
        `first_told`."""
        sent = self.game.to(connection)
        problems: Problems = []
        if not sent or sent[0].message["type"] != "welcome":
            problems.append("the first message is not the welcome")
        told = [each.message["n"] for each in sent if each.message["type"] == "told"]
        if told != list(range(first_told, first_told + len(told))):
            problems.append(f"told out of order: {told[:5]}...")
        for each in sent:
            problems += [f"{each.message['type']} to seat {seat}: {problem}"
                         for problem in self.message(each, seat)]
        return problems

    def message(self, sent: Sent, seat: int) -> Problems:
        message = sent.message
        problems = self.tokens_in(sent, seat)
        kind = message["type"]
        if kind in ("welcome", "start") and message["seat"] != seat:
            problems.append(f"{kind} names seat {message['seat']}")
        if kind == "told":
            problems += self.told(message, seat)
        elif kind == "state":
            problems += self.state(sent, seat)
        elif kind == "decide":
            problems += self.question(sent, seat)
        elif kind == "end":
            problems += self.end(message, seat)
        if kind not in ("told", "state", "decide") and sent.state is not None:
            problems += self.naming_hidden(_texts(message), sent.state, seat)
        return problems

    def tokens_in(self, sent: Sent, seat: int) -> Problems:
        welcome = sent.message["type"] == "welcome"
        return [f"{'its own' if other == seat else f'seat {other}’s'} token"
                for other, token in self.tokens.items()
                if token in sent.text and not (other == seat and welcome)]

    def told(self, message: dict[str, Any], seat: int) -> Problems:
        number, lines = message["n"], message["lines"]
        event, after = self.match.events[number], self.after[number]
        situation = self.secrets.situation(event, after, seat)
        if situation is not None:
            self.situations[situation] += 1
        problems = [SECRET + problem
                    for problem in self.secrets.told(event, after, seat, lines)]
        problems += self.naming_hidden(lines, after, seat)
        if lines != self.narrators[seat].lines(event, after):
            problems.append(f"event {number} told otherwise than to the seat: {lines}")
        return problems

    def naming_hidden(self, texts: Iterator[str] | list[str], state: Any, seat: int
                      ) -> Problems:
        """The cards `seat` cannot see in `state` that `texts` name: by their code (a whole
        text), or by their label ("K♥") within one."""
        cards = self.secrets.hidden_cards(state, seat)
        if not cards:
            return []
        texts = list(texts)
        named = {card.code for card in cards} & set(texts)
        every = "\n".join(texts)
        named |= {card.label for card in cards if card.label in every}
        return [SECRET + f"names {card}, a card it cannot see: {every[:300]!r}"
                for card in sorted(named)]

    def view(self, view: dict[str, Any], state: Any, seat: int, number: int) -> Problems:
        """A view sent to `seat`: its own, as it would be whatever it cannot see."""
        protocol = self.formats.protocol
        problems = [SECRET + problem for problem in self.secrets.view(view, state, seat)]
        if view != protocol.view_json(self.ruleset.view(state, seat)):
            problems.append(f"the view is not seat {seat}'s (its seat: {view.get('seat')})")
        rng = random.Random(number)
        for _ in range(REDEALS):
            anew = self.custody.unseen_dealt_anew(state, seat, rng)
            if protocol.view_json(self.ruleset.view(anew, seat)) != view:
                problems.append(SECRET + "the view changes with cards the seat cannot see")
                break
        return problems + self.naming_hidden(_texts(view), state, seat)

    def state(self, sent: Sent, seat: int) -> Problems:
        message = sent.message
        problems = self.view(message["view"], sent.state, seat, sent.events)
        if message["n"] != sent.events:
            problems.append(f"a state after {message['n']} events, not {sent.events}")
        if message["pending"] != pending_json(self.ruleset.pending(sent.state)):
            problems.append("the state's pending is not the game's")
        return problems

    def question(self, sent: Sent, seat: int) -> Problems:
        message, state = sent.message, sent.state
        problems = self.view(message["view"], state, seat, sent.turns)
        if self.ruleset.pending(state).seat != seat or message["id"] != sent.turns:
            problems.append(f"question {message['id']} when seat {seat} is not to decide")
        legal = [self.ruleset.decision_to_json(d) for d in self.ruleset.legal(state)]
        if message["legal"] != legal \
                or any(move.get("seat", seat) != seat for move in message["legal"]):
            problems.append("the legal moves are not the seat's")
        seen = {key: message[key] for key in ("first_dealer", "deals", "moves", "hand_start")
                if key in message}
        moment = self.moments.at(sent.events, sent.turns)
        problems += [SECRET + problem for problem in self.secrets.history(moment, seat, seen)]
        this_hand = [seen["deals"][-1:], seen["moves"][seen["hand_start"]:], message["legal"]]
        return problems + self.naming_hidden(_texts(this_hand), state, seat)

    def end(self, message: dict[str, Any], seat: int) -> Problems:
        result, state = message["result"], self.match.state  # the end is now
        problems = [] if result == final_result(self.match) else ["the result is not the game's"]
        anew = self.custody.unseen_dealt_anew(state, seat, random.Random(seat))
        if self.formats.scenario.result_fields(anew) != self.formats.scenario.result_fields(state):
            problems.append(SECRET + "the result tells cards the seat cannot see")
        return problems


def _texts(value: Any) -> Iterator[str]:
    """Every text in a JSON value, keys and values."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


def problems_of(game: HostedGame, connections: list[int]) -> tuple[Problems, SeatsChecked]:
    checked = SeatsChecked(game)
    problems = [problem for connection in connections
                for problem in checked.connection(connection, game.seat_of[connection])]
    return problems, checked


WHOLE_GAMES = [  # ruleset, seats, options, seed, a secret of another seat each game holds
    ("coup", [OPEN, "random", OPEN, "random"], {"players": 4, "rounds": 3}, 1,
     "another's private cards"),
    ("coup", [OPEN, OPEN], {"players": 2, "alternative_deal": True, "rounds": 3}, 2,
     "another's private cards"),
    ("coup-inquisitor", [OPEN] * 4, {"players": 4, "rounds": 3}, 3, "a card shown to another"),
    ("coup-inquisitor", [OPEN, OPEN, OPEN], {"players": 3, "rounds": 3}, 4,
     "another's exchange draw"),
    ("coup-inquisitor", [OPEN, OPEN], {"players": 2}, 4, "another's private cards"),
    ("coup-detat", [OPEN, "random", OPEN, "random"], {"players": 4}, 5,
     "another took the centre card"),
    ("coup-detat", [OPEN] * 3, {"players": 3}, 6, "another took the centre card"),
    ("coup-detat-duel", [OPEN, OPEN], {"players": 2}, 7,
     "the other's exchange with the Bastille"),
]


@pytest.mark.parametrize(("ruleset", "plan", "options", "seed", "secret"), WHOLE_GAMES,
                         ids=[f"{game[0]}-{len(game[1])}-{game[3]}" for game in WHOLE_GAMES])
def test_every_message_to_each_seat_is_its_own(ruleset: str, plan: list[str],
                                               options: dict[str, object], seed: int,
                                               secret: str) -> None:
    with HostedGame(ruleset, plan, options, seed=seed) as game:
        connections = game.seat_friends(FRIENDS[:plan.count(OPEN)])
        game.play()
        problems, checked = problems_of(game, connections)
    assert not problems, f"{len(problems)} problems: {problems[:8]}"
    assert checked.situations[secret] > 0, checked.situations  # the secret was there to keep
    assert checked.situations["a deal"] > 0


def told_to(game: HostedGame, connection: int) -> list[int]:
    return [sent.message["n"] for sent in game.to(connection) if sent.message["type"] == "told"]


def a_token_of_another_table() -> str:
    with HostedGame("coup", [OPEN, OPEN], {"players": 2}, seed=99) as other:
        other.seat_friends(FRIENDS[:2])
        return other.token(0)


def strangers(game: HostedGame, token: str) -> list[int]:
    """Connections that try the game with no token, or a wrong one, once it has begun."""
    changed = token[:-1] + ("A" if token[-1] != "A" else "B")
    return [game.connect({"name": "Eve"}), game.connect({"token": "x" * len(token)}),
            game.connect({"token": changed}), game.connect({"token": token + "A"}),
            game.connect({"token": token[:8]}), game.connect({"token": ""}),
            game.connect({"token": a_token_of_another_table(), "since": 0})]


COMING_BACK = [("coup", 4, {"players": 4, "rounds": 3}, 11),
               ("coup-inquisitor", 4, {"players": 4, "rounds": 3}, 12),
               ("coup-detat", 3, {"players": 3}, 13),
               ("coup-detat-duel", 2, {"players": 2}, 14)]


@pytest.mark.parametrize(("ruleset", "players", "options", "seed"), COMING_BACK,
                         ids=[game[0] for game in COMING_BACK])
def test_a_seat_back_with_its_token_is_told_its_own_stream_and_strangers_nothing(
        ruleset: str, players: int, options: dict[str, object], seed: int) -> None:
    """A friend drops mid-game; the others play on until the table waits for him; he comes
    back with his token and the number of the first event he wants told again. Strangers
    try first: no token, a wrong one, his changed, cut or lengthened, another table's.
    And another friend's token, presented on a new connection, is that friend's seat: its
    old connection is closed, and the new one is told that seat's stream and no other."""
    with HostedGame(ruleset, [OPEN] * players, options, seed=seed) as game:
        first, *others = game.seat_friends(FRIENDS[:players])
        seat, session = game.seat_of[first], game.table.session
        assert session is not None
        game.play(until=lambda: len(told_to(game, first)) >= 30)
        game.drop(first)
        game.play(until=lambda: session.to_act == seat)  # the others play on till it is awaited
        assert not game.table.over
        token = game.token(seat)
        turned_away = strangers(game, token)
        since = len(told_to(game, first)) - 5  # a few told again
        back = game.connect({"token": token, "since": since})
        # another seat's token is that seat's: its connection is closed, the new one its
        robbed, robbed_seat = others[0], game.seat_of[others[0]]
        robber = game.connect({"token": game.token(robbed_seat), "since": 0})
        game.drop(robbed)  # as the server tells of the connection it closed
        game.play()
        checked = SeatsChecked(game)
        problems = checked.connection(first, seat) + checked.connection(back, seat, since)
        problems += checked.connection(robber, robbed_seat)
        for other in others:
            problems += checked.connection(other, game.seat_of[other])
    assert not problems, f"{len(problems)} problems: {problems[:8]}"
    assert game.closed[robbed] == "Your seat was taken up again on another connection."
    assert told_to(game, back)[-1] == len(session.match.events) - 1
    assert game.to(back)[0].message["token"] == token  # the seat's, as before
    for stranger in turned_away:
        assert [sent.message["type"] for sent in game.to(stranger)] == ["bye"]
        assert stranger in game.closed and stranger not in game.seat_of
    name = session.names[seat]
    for other in others[1:]:
        assert [sent.message for sent in game.to(other) if sent.message["type"] == "seat"] == [
            {"type": "seat", "seat": seat, "connected": connected, "name": name}
            for connected in (False, True)] + [
            {"type": "seat", "seat": robbed_seat, "connected": True,
             "name": session.names[robbed_seat]}]


def test_undo_is_refused_and_tells_nothing() -> None:
    with HostedGame("coup", [OPEN, OPEN, "random"], {"players": 3}, seed=15) as game:
        _, second = game.seat_friends(FRIENDS[:2])
        game.play(until=lambda: len(game.sent) > 40)
        before = len(game.sent)
        game.table.received(second, {"type": "undo"})
        said = [(sent.connection, sent.message) for sent in game.sent[before:]]
    assert said == [(second, {"type": "refused", "reason": NO_UNDO})]


class LeakyMatch:
    """A match that answers its views with the next seat's: what a stream must not do."""

    def __init__(self, match: Any) -> None:
        self._match = match

    def __getattr__(self, name: str) -> Any:
        return getattr(self._match, name)

    def view(self, seat: int) -> Any:
        return self._match.view((seat + 1) % self._match.players)


class LeakyProtocol:
    """A bot protocol that gives a question the next seat's history."""

    def __init__(self, protocol: Any) -> None:
        self._protocol = protocol

    def __getattr__(self, name: str) -> Any:
        return getattr(self._protocol, name)

    def seat_history(self, match: Any, seat: int) -> Any:
        return self._protocol.seat_history(match, (seat + 1) % match.players)


def leak(kind: str, stream: seat_stream.SeatStream) -> None:
    if kind == "words for every seat":  # a replay's narrator
        stream.narrator = stream.match.ruleset.narrator([f"P{seat}" for seat in range(
            stream.match.players)], None, tell_all=True)
    elif kind == "the next seat's words":
        stream.narrator = stream.match.ruleset.narrator(
            [f"P{seat}" for seat in range(stream.match.players)],
            (stream.seat + 1) % stream.match.players, tell_all=False)
    elif kind == "the next seat's view":
        stream.match = LeakyMatch(stream.match)  # type: ignore[assignment]
    else:
        stream.protocol = LeakyProtocol(stream.protocol)


LEAKS = ["words for every seat", "the next seat's words", "the next seat's view",
         "the next seat's history"]


@pytest.mark.parametrize("kind", LEAKS)
@pytest.mark.parametrize(("ruleset", "players"),
                         [("coup-inquisitor", 4), ("coup-detat", 3), ("coup-detat-duel", 2)])
def test_the_checks_catch_a_stream_that_tells_another_seat(
        monkeypatch: pytest.MonkeyPatch, kind: str, ruleset: str, players: int) -> None:
    made = seat_stream.SeatStream.__init__

    def leaking(stream: seat_stream.SeatStream, *arguments: Any) -> None:
        made(stream, *arguments)
        leak(kind, stream)

    monkeypatch.setattr(seat_stream.SeatStream, "__init__", leaking)
    with HostedGame(ruleset, [OPEN] * players, {"players": players}, seed=16) as game:
        connections = game.seat_friends(FRIENDS[:players])
        game.play(until=lambda: len(game.sent) > 400 * players)
        checked = SeatsChecked(game)
        problems = [problem for connection in connections
                    for problem in checked.connection(connection, game.seat_of[connection])]
    assert any(SECRET in problem for problem in problems), problems[:5]
