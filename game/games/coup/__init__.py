"""Coup, the bluffing game on a standard deck, in its two configurations: with the
Ambassador (`coup`) and with the Inquisitor (`coup-inquisitor`). One set of packages
serves both."""

from collections.abc import Callable

from game.games.coup.rules import COUP, COUP_INQUISITOR
from game.games.coup.rules.charts import hand_size
from game.games.coup.rules.custody import CUSTODY
from game.games.coup.rules.decisions import Decision
from game.games.coup.rules.events import Event
from game.games.coup.rules.privacy import INQUISITOR_PRIVACY, PRIVACY
from game.games.coup.rules.state import State
from game.games.coup.rules.view import CoupView
from game.games.plugin import (
    Count,
    Formats,
    Game,
    PlayerMaker,
    Records,
    Ref,
    Setup,
    Toggle,
    ValueTypes,
)

ROUNDS = (1, 3, 5)  # a match's rounds (RULES_NOTES: the most round wins take the match)
PACKAGES = ("game.games.coup",)
PLAYERS: dict[str, Ref[PlayerMaker]] = {"easy": Ref("game.games.coup.ai.easy:EasyPlayer"),
           "medium": Ref("game.games.coup.ai.medium:MediumPlayer"),
           "hard": Ref("game.games.coup.ai.hard:HardPlayer")}
RECORD: Ref[Callable[..., object]] = Ref("game.games.coup.services.records:record")
SUMMARY: Ref[Callable[..., object]] = Ref("game.games.coup.services.summary:new_summary")
FORMATS: Ref[Formats] = Ref("game.games.coup.formats:FORMATS")
KIT: Ref[Callable[[], object]] = Ref("game.games.coup.table.kit:BluffKit")
REVIEW: Ref[object] = Ref("game.games.coup.services.review:WORDS")
COUNTS = (Count("rounds_played", "Rounds played"),
          Count("rounds_won", "Rounds won", at_most="rounds_played"),
          Count("challenges", "Challenges made"),
          Count("challenges_won", "Bluffs caught", at_most="challenges"),
          Count("influences_lost", "Influences lost"))
"""What the statistics keep of a match beyond played and won (services/records.py)."""
PLACES_SINCE = 2  # before, a match lost was second at best, whoever went out first
TYPES = ValueTypes(state=State, event=Event, decision=Decision, view=CoupView)

GAME = Game(
    ruleset=COUP,
    custody=CUSTODY,
    privacy=PRIVACY,
    types=TYPES,
    blurb="The bluffing game: claim any character, held or not, and challenge the liars; "
          "last one in wins.",
    setup=Setup(player_counts=(2, 3, 4, 5, 6), usual_players=4, rounds=ROUNDS, toggles=(
        Toggle("alternative_deal", "Alternative deal",
               "Two players: each keeps one card of a set of the five characters",
               two_players_only=True),)),
    packages=PACKAGES, players=PLAYERS, formats=FORMATS, kit=KIT, review=REVIEW,
    hand_size=hand_size,
    records=Records(RECORD, Ref("game.games.coup.services.records:coup_lines"), SUMMARY,
                    counts=COUNTS, places_since=PLACES_SINCE),
    rules_page=Ref("game.games.coup.services.rules_page:coup"),
    lesson=Ref("game.games.coup.services.lesson:LESSON"),
)

INQUISITOR = Game(
    ruleset=COUP_INQUISITOR,
    custody=CUSTODY,
    privacy=INQUISITOR_PRIVACY,
    types=TYPES,
    blurb="Coup with the Inquisitor instead of the Ambassador: he changes a card, or looks "
          "at one of yours.",
    setup=Setup(player_counts=(2, 3, 4, 5, 6), usual_players=4, rounds=ROUNDS, toggles=(
        Toggle("call_the_coup", "Call the Coup",
               "Two players: a Coup names a character; it misses if the target lacks it",
               two_players_only=True, default=True),
        Toggle("five_lives", "Five lives",
               "Two players: the first three lost cards are replaced",
               two_players_only=True, default=True))),
    packages=PACKAGES, players=PLAYERS, kit=KIT, review=REVIEW, hand_size=hand_size,
    formats=Ref("game.games.coup.formats:INQUISITOR_FORMATS"),
    records=Records(RECORD, Ref("game.games.coup.services.records:inquisitor_lines"),
                    SUMMARY, counts=COUNTS, places_since=PLACES_SINCE),
    rules_page=Ref("game.games.coup.services.rules_page:inquisitor"),
)
