"""The privacy contract every game keeps for a seat at another machine, checked the same way
for each game of the registry and the fifth (tests/fifth_game, High card).

Such a seat is sent each event as it may know it (the game's `Privacy.event_seen`) with the
state just after it, every card it cannot see dealt anew (`Custody.unseen_dealt_anew`). In
random games, for every event and every seat (and a spectator):

(a) the seat's narrator says of the seen event and the state dealt anew exactly what it
    says of the true ones: the friend's log reads as the host's would for that seat;
(b) the seat's view of the state dealt anew is its view of the true state;
(c) nothing leaks. A card of the seen event that stays the true card over many draws is
    one the seat is shown: another card there (or the card swapped with one it is not
    shown) changes its lines, or its view once the event is folded in, or makes an event
    that could not follow; or it is a card the event takes out of its view. A card of the
    state dealt anew that stays true could not be another in a state the seat cannot
    tell from the true one, every card of the game still where it lies (the centre card
    another took, the cards he drew). Only the cards change: all else is the truth's;
(d) the seen events and the states dealt anew read back from their JSON.

`test_each_kind_of_event_a_game_hides_would_be_caught_sent_as_it_is` shows that (c) is not
empty: each kind of event a game hides a card of, sent as it is, is caught.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields, is_dataclass, replace
from functools import cache
from typing import Any

import pytest
from fifth_game import entry as fifth_game
from hypothesis import given, settings
from hypothesis import strategies as st
from test_contract import at_random, options_of

from game.cards import Card
from game.engine.match import Match, seeded_chance
from game.formats import values_json
from game.games import GAMES
from game.games.plugin import Game

HIGH_CARD = fifth_game.GAME.id
GAME_IDS = (*GAMES, HIGH_CARD)
NAMES = ("Ada", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
DRAWS = 16  # draws of each event seen: a hidden card stays true in all with odds of 1 in 5**16
STATE_DRAWS = 12  # and of the state after it dealt anew; of a card that stays true, more:
MORE_DRAWS = 200
CHECKED_OF_EACH_KIND = 6  # events of each kind checked in a game, and others at random
CHECKS = 600  # up to this many checks of an event for a seat in a game
SUBSTITUTES = 3  # cards tried in a card's place to learn whether the seat is shown it
WORLDS = 4  # states dealt anew in which a changed event is tried
Path = tuple[object, ...]  # field names and indexes, from the value to one of its parts
Tells = Callable[[object], bool]  # would the seat notice this value (for the true one)?


@pytest.fixture(autouse=True, scope="module")
def fifth_game_registered() -> Iterator[None]:
    """The one line a fifth game adds to the registry (game/games/__init__.py)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(GAMES, HIGH_CARD, fifth_game.GAME)
        yield


# The cards in a value ----------------------------------------------------------------------


def parts(value: object, path: Path = ()) -> list[tuple[Path, object]]:
    """Every part of `value` that holds no other (a number, a card, an enum...), by path."""
    found: list[tuple[Path, object]] = []
    _gather(value, path, found)
    return found


def _gather(value: object, path: Path, found: list[tuple[Path, object]]) -> None:
    names = field_names(type(value))
    if names:
        for name in names:
            _gather(getattr(value, name), (*path, name), found)
    elif type(value) is tuple or type(value) is list:
        for index, item in enumerate(value):  # type: ignore[arg-type]
            _gather(item, (*path, index), found)
    else:  # a dict too: the charts a state may hold (a bluffing game's), which it keeps
        found.append((path, value))


@cache
def field_names(kind: type) -> tuple[str, ...]:
    return tuple(one.name for one in fields(kind)) if is_dataclass(kind) else ()


def with_part(value: Any, path: Path, new: object) -> Any:
    """`value` with its part at `path` replaced by `new`."""
    if not path:
        return new
    step, rest = path[0], path[1:]
    if is_dataclass(value) and not isinstance(value, type):
        assert isinstance(step, str)
        return replace(value, **{step: with_part(getattr(value, step), rest, new)})
    assert isinstance(value, tuple) and isinstance(step, int), f"no part {path} in {value!r}"
    return (*value[:step], with_part(value[step], rest, new), *value[step + 1:])


@dataclass
class Cards:
    """The game's cards: their kinds (`Card`, or a game's enum of characters) and the deck."""

    deck: tuple[object, ...]
    kinds: frozenset[type] = field(init=False)
    _substitutes: dict[object, list[object]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.kinds = frozenset(type(card) for card in self.deck)

    def is_card(self, part: object) -> bool:
        return type(part) in self.kinds

    def of(self, value: object) -> dict[Path, object]:
        return {path: part for path, part in parts(value) if type(part) in self.kinds}

    def skeleton(self, value: object) -> list[tuple[Path, object]]:
        """Everything in `value` but its cards, which only say that a card is there."""
        return [(path, "card" if self.is_card(part) else part) for path, part in parts(value)]

    def substitutes(self, card: object) -> list[object]:
        """Other cards of the same kind to try in `card`'s place: wild ones for a wild card
        if the deck has others (the place of a wild card may be public), else any."""
        if card not in self._substitutes:
            others = sorted({other for other in self.deck
                             if other != card and type(other) is type(card)}, key=str)
            alike = [other for other in others if wild(other) == wild(card)] or others
            self._substitutes[card] = random.Random(str(card)).sample(
                alike, min(SUBSTITUTES, len(alike)))
        return self._substitutes[card]

    def shown_in_event(self, event: object, cards: dict[Path, object], path: Path,
                       tells: Tells) -> bool:
        """Is the card at `path` of `event` (whose `cards` these are) one the seat is shown:
        would it notice (`tells`) another card in its place, or the card swapped with one
        it is not shown (where a card lies may be told when which card each is is not:
        COUP's holder)?"""
        card = cards[path]
        if self.noticed(event, path, card, tells):
            return True
        unshown = [other for other, there in cards.items() if other != path and there != card
                   and type(there) is type(card) and not self.noticed(event, other, there, tells)]
        return any(tells(with_part(with_part(event, path, cards[other]), other, card))
                   for other in unshown)

    def hidden_in_state(self, state: object, path: Path, card: object, tells: Tells,
                        conserved: Tells) -> bool:
        """Could `card`, at `path` of `state`, be another in a state the seat cannot tell
        from it (`tells`), one that still holds each card of the game where it lies
        (`conserved`)? Such a card is not one in its place but one that says which card
        of those in place it is: the centre card once taken into a hand, the cards a
        player drew, the card an examined player showed."""
        if self.noticed(state, path, card, tells):
            return False
        return any(conserved(world) and not tells(world)
                   for world in (with_part(state, path, other)
                                 for other in self.substitutes(card)))

    def noticed(self, value: object, path: Path, card: object, tells: Tells) -> bool:
        return any(tells(with_part(value, path, other)) for other in self.substitutes(card))


def wild(card: object) -> bool:
    return isinstance(card, Card) and card.is_wild


# A game told to one seat --------------------------------------------------------------------


@dataclass(frozen=True)
class Moment:
    """One event of a game, with the states before and after it."""

    before: Any
    event: Any
    after: Any


def played_out(game: Game, options: dict[str, object], seed: int) -> list[Moment]:
    rules = game.ruleset
    match = Match(rules, rules.parse_options(options), chance=seeded_chance(rules, seed))
    choose = at_random(seed)
    while not match.pending.over:
        match.submit(choose(match))
    moments, state = [], rules.new_game(match.options)
    for event in match.events:
        after = rules.apply(state, event)
        moments.append(Moment(state, event, after))
        state = after
    return moments


def checked_moments(moments: list[Moment], rng: random.Random, most: int) -> list[Moment]:
    """The first events of each kind, so that every kind is checked, and others at
    random, `most` in all unless the first are more."""
    seen: Counter[type] = Counter()
    first, others = [], []
    for index, moment in enumerate(moments):
        seen[type(moment.event)] += 1
        (first if seen[type(moment.event)] <= CHECKED_OF_EACH_KIND else others).append(index)
    chosen = [*first, *rng.sample(others, max(0, min(len(others), most - len(first))))]
    return [moments[index] for index in sorted(chosen)]


@dataclass
class Checked:
    """How often each check was made on a game, so that none of them is empty."""

    told: int = 0  # (a) and (b)
    hidden: int = 0  # cards of seen events that were not the true ones
    shown: int = 0  # cards that stayed true, each one the seat is shown
    redealt_shown: int = 0
    read_back: int = 0  # (d)


class SeatAway:
    """One seat (None: a spectator) of a game, as a machine away from the host sees it."""

    def __init__(self, game: Game, seat: int | None, players: int, cards: Cards) -> None:
        self.game, self.seat, self.cards = game, seat, cards
        self.rules = game.ruleset
        self.narrator = self.rules.narrator(NAMES[:players], seat, tell_all=False,
                                            second_person=True)

    def told(self, event: object, after: object) -> tuple[list[str], object]:
        return self.narrator.lines(event, after), self.rules.view(after, self.seat)

    def check(self, moment: Moment, rng: random.Random, checked: Checked) -> None:
        privacy, custody = self.game.privacy, self.game.custody
        seen = [privacy.event_seen(moment.event, self.seat, rng) for _ in range(DRAWS)]
        redealt = [custody.unseen_dealt_anew(moment.after, self.seat, rng)
                   for _ in range(STATE_DRAWS)]
        truth = self.told(moment.event, moment.after)
        for event, after in zip(seen[:2], redealt[:2], strict=True):
            lines, view = self.told(event, after)
            assert lines == truth[0], f"the seat's lines differ of {event} ({self.seat})"
            assert view == truth[1], f"the seat's view differs after {event} ({self.seat})"
            checked.told += 1
            self.check_read_back(event, after, checked)
        for event in seen:
            assert self.cards.skeleton(event) == self.cards.skeleton(moment.event), \
                f"{event} is not {moment.event} but for its cards"
        assert self.cards.skeleton(redealt[0]) == self.cards.skeleton(moment.after)
        self.check_no_leak(moment, seen, checked)
        self.check_state_no_leak(moment.after, redealt, checked)

    def check_read_back(self, event: object, state: object, checked: Checked) -> None:
        types = self.game.types
        for value, kind in ((event, types.event), (state, types.state)):
            written = json.loads(json.dumps(values_json.to_json(value)))
            assert values_json.from_json(written, kind) == value
        checked.read_back += 1

    def check_no_leak(self, moment: Moment, seen: list[object], checked: Checked) -> None:
        """(c) for the event: each card that stayed true in every draw is one the seat is
        shown, by its lines or by its view once the event is folded in, or one that this
        event takes out of its view (the seat knew it: the cards it discards)."""
        drawn = [self.cards.of(event) for event in seen]
        true_cards = self.cards.of(moment.event)
        gone = self.cards_shown(moment.before) - self.cards_shown(moment.after)
        for path, card in true_cards.items():
            if {cards[path] for cards in drawn} != {card}:
                checked.hidden += 1
                continue
            assert card in gone or self.cards.shown_in_event(
                moment.event, true_cards, path, lambda event: self.tells(moment, event)), \
                f"{card} at {path} of {moment.event} stays true, unseen by seat {self.seat}"
            checked.shown += 1

    def cards_shown(self, state: object) -> Counter[object]:
        return Counter(self.cards.of(self.rules.view(state, self.seat)).values())

    def tells(self, moment: Moment, event: object) -> bool:
        """Would the seat be told, or shown, `event` otherwise than the true event? Or
        know it false: one that cannot follow in any state it cannot tell from the true
        one (the card it sends back is not one it does not hold)?"""
        if self.narrator.lines(event, moment.after) != self.narrator.lines(moment.event,
                                                                             moment.after):
            return True
        after = self.folded(moment.before, event)
        if after is not None:
            return self.shows(after, self.rules.view(moment.after, self.seat))
        rng = random.Random(0)
        return all(self.folded(self.game.custody.unseen_dealt_anew(moment.before, self.seat,
                                                                   rng), event) is None
                   for _ in range(WORLDS))

    def folded(self, state: object, event: object) -> object | None:
        """The state `event` leads to from `state`; None for an event that cannot follow."""
        try:
            return self.rules.apply(state, event)
        except Exception:  # not one the rules would make there
            return None

    def check_state_no_leak(self, state: object, redealt: list[object],
                            checked: Checked) -> None:
        """(c) for the state dealt anew: no card that stayed true in every draw could be
        another in a state the seat cannot tell from the true one."""
        view = self.rules.view(state, self.seat)
        deck = Counter(self.game.custody.everywhere(state))
        drawn = [self.cards.of(other) for other in redealt]
        for path, card in self.cards.of(state).items():
            if {cards.get(path) for cards in drawn} != {card}:
                continue
            assert not (self.cards.hidden_in_state(
                state, path, card, lambda other: self.shows(other, view),
                lambda other: Counter(self.game.custody.everywhere(other)) == deck)
                and self.stays_true(state, path, card)), \
                f"{card} at {path} of the state stays true, unseen by seat {self.seat}"
            checked.redealt_shown += 1

    def stays_true(self, state: object, path: Path, card: object) -> bool:
        """Does the card at `path` stay `card` however often the state is dealt anew (a
        few cards left unseen, mostly of one kind, may keep it so over a few draws)?"""
        rng = random.Random(1)
        return all(self.cards.of(self.game.custody.unseen_dealt_anew(state, self.seat, rng))
                   .get(path) == card for _ in range(MORE_DRAWS))

    def shows(self, state: object, view: object) -> bool:
        """Is the seat's view of `state` other than `view`?"""
        try:
            return self.rules.view(state, self.seat) != view
        except Exception:  # a state the rules never reach: this does not show
            return False


def check_a_game(game: Game, options: dict[str, object], seed: int) -> Checked:
    return check_moments(game, options, seed, played_out(game, options, seed))


def check_moments(game: Game, options: dict[str, object], seed: int,
                  moments: list[Moment]) -> Checked:
    """Every check, for every seat, at the moments of a game `checked_moments` picks."""
    cards = Cards(tuple(dict.fromkeys(card for moment in moments
                                      for card in game.custody.deck(moment.after))))
    players = game.ruleset.players(game.ruleset.parse_options(options))
    seats = [SeatAway(game, seat, players, cards) for seat in (*range(players), None)]
    rng, checked = random.Random(seed), Checked()
    for moment in checked_moments(moments, rng, CHECKS // len(seats)):
        for seat in seats:
            seat.check(moment, rng, checked)
    return checked


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=3, deadline=None)
@given(data=st.data())
def test_a_seat_away_is_told_and_shown_what_it_would_be_and_no_more(
        game_id: str, data: st.DataObject) -> None:
    game = GAMES[game_id]
    options = data.draw(options_of(game), label="options")
    checked = check_a_game(game, options, data.draw(st.integers(0, 2**32), label="seed"))
    assert checked.told and checked.read_back and checked.shown and checked.redealt_shown
    assert checked.hidden, "some card of some event was hidden from some seat"


def hiding(game: Game, moments: list[Moment], players: int) -> set[type]:
    """The kinds of event the game hides something of from some seat in these moments."""
    rng = random.Random(0)
    return {type(moment.event) for moment in moments for seat in (*range(players), None)
            if any(game.privacy.event_seen(moment.event, seat, rng) != moment.event
                   for _ in range(4))}


def sent_as_they_are(game: Game, kind: type) -> Callable[..., object]:
    """The game's privacy, but for events of `kind`: those it sends as they are."""
    privacy = game.privacy.event_seen
    return lambda event, seat, rng: event if type(event) is kind else privacy(event, seat, rng)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_kind_of_event_a_game_hides_would_be_caught_sent_as_it_is(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The leak check of (c) is not empty: were a game to send any kind of event it hides
    something of unchanged, it would be caught there. Played by the fewest players with
    every toggle on (the bluffing games' deals and calls for two) and by the usual number,
    a few games of each."""
    game, caught = GAMES[game_id], set()
    setup = game.setup
    for players in dict.fromkeys((min(setup.player_counts), setup.usual_players)):
        options = setup.options(players, {toggle.key: True for toggle in setup.toggles}, 0)
        for seed in range(1, 5):
            moments = played_out(game, options, seed)
            for kind in hiding(game, moments, players) - caught:
                monkeypatch.setattr(game.privacy, "event_seen", sent_as_they_are(game, kind))
                with pytest.raises(AssertionError, match="stays true, unseen by seat"):
                    check_moments(game, options, seed,
                                  [moment for moment in moments if type(moment.event) is kind])
                caught.add(kind)
                monkeypatch.undo()
    assert caught, f"{game.title} hides no card of any event"
