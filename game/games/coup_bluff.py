"""Coup, the bluffing game on a standard deck, in its two configurations: with the
Ambassador (`coup`) and with the Inquisitor (`coup-inquisitor`). One set of packages
serves both."""

from typing import Any

from game.games.plugin import Game, Records, Ref, Setup, Toggle
from game.rules.coup_bluff import COUP, COUP_INQUISITOR

ROUNDS = (1, 3, 5)  # a match's rounds (RULES_NOTES: the most round wins take the match)
PACKAGES = ("game.rules.coup_bluff", "game.ai.bluff", "game.formats.coup_bluff",
            "game.services.coup_bluff", "game.ui.table.bluff", "game.games.coup_bluff")
PLAYERS: dict[str, Ref[Any]] = {"easy": Ref("game.ai.bluff.easy:EasyPlayer"),
           "medium": Ref("game.ai.bluff.medium:MediumPlayer"),
           "hard": Ref("game.ai.bluff.hard:HardPlayer")}
RECORD: Ref[Any] = Ref("game.services.coup_bluff.records:record")
SUMMARY: Ref[Any] = Ref("game.services.coup_bluff.summary:new_summary")
FORMATS: Ref[Any] = Ref("game.formats.coup_bluff:FORMATS")
KIT: Ref[Any] = Ref("game.ui.table.bluff.kit:BluffKit")
REVIEW: Ref[Any] = Ref("game.services.coup_bluff.review:WORDS")

GAME = Game(
    ruleset=COUP,
    blurb="The bluffing game: claim any character, held or not, and challenge the liars; "
          "last one in wins.",
    setup=Setup(player_counts=(2, 3, 4, 5, 6), usual_players=4, rounds=ROUNDS, toggles=(
        Toggle("alternative_deal", "Alternative deal",
               "Two players: each keeps one card of a set of the five characters",
               two_players_only=True),)),
    packages=PACKAGES, players=PLAYERS, formats=FORMATS, kit=KIT, review=REVIEW,
    records=Records(RECORD, Ref("game.services.coup_bluff.records:coup_lines"), SUMMARY,
                    column=1),
    rules_page=Ref("game.services.coup_bluff.rules_page:coup"),
    lesson=Ref("game.services.coup_bluff.lesson:LESSON"),
)

INQUISITOR = Game(
    ruleset=COUP_INQUISITOR,
    blurb="Coup with the Inquisitor instead of the Ambassador: he changes a card, or looks "
          "at one of yours.",
    setup=Setup(player_counts=(2, 3, 4, 5, 6), usual_players=4, rounds=ROUNDS, toggles=(
        Toggle("call_the_coup", "Call the Coup",
               "Two players: a Coup names a character; it misses if the target lacks it",
               two_players_only=True, default=True),
        Toggle("five_lives", "Five lives",
               "Two players: the first three lost cards are replaced",
               two_players_only=True, default=True))),
    packages=PACKAGES, players=PLAYERS, kit=KIT, review=REVIEW,
    formats=Ref("game.formats.coup_bluff:INQUISITOR_FORMATS"),
    records=Records(RECORD, Ref("game.services.coup_bluff.records:inquisitor_lines"),
                    SUMMARY, column=1),
    rules_page=Ref("game.services.coup_bluff.rules_page:inquisitor"),
)
