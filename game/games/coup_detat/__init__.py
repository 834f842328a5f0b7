"""Coup d'État (1966) for 3 or 4 players, as the program knows it."""

from game.games.coup_detat.rules import RULESET
from game.games.coup_detat.rules.charts import hand_size
from game.games.coup_detat.rules.custody import CUSTODY
from game.games.coup_detat.rules.decisions import Decision
from game.games.coup_detat.rules.events import Event
from game.games.coup_detat.rules.privacy import PRIVACY
from game.games.coup_detat.rules.state import State
from game.games.coup_detat.rules.view import CoupDetatView
from game.games.plugin import (
    Best,
    Count,
    Game,
    Records,
    Ref,
    Setup,
    Tables,
    Toggle,
    ValueTypes,
)

GAME = Game(
    ruleset=RULESET,
    custody=CUSTODY,
    privacy=PRIVACY,
    types=ValueTypes(state=State, event=Event, decision=Decision, view=CoupDetatView),
    blurb="The 1966 trick-taking game: six different hands a round, and COUP to overthrow "
          "the Director.",
    setup=Setup(player_counts=(4, 3), usual_players=4, toggles=(
        Toggle("short_game", "Short game", "Three hands a round; no Barbu and no Touché",
               flag="short"),)),
    packages=("game.games.coup_detat",),
    players={"easy": Ref("game.games.coup_detat.ai.easy:EasyPlayer"),
             "medium": Ref("game.games.coup_detat.ai.medium:MediumPlayer"),
             "hard": Ref("game.games.coup_detat.ai.hard:HardPlayer")},
    formats=Ref("game.games.coup_detat.formats:FORMATS"),
    records=Records(record=Ref("game.games.coup_detat.services.records:record"),
                    lines=Ref("game.games.coup_detat.services.records:lines"),
                    summary=Ref("game.games.coup_detat.services.summary:new_summary"),
                    counts=(Count("coups_attempted", "Coups attempted"),
                            Count("coups_won", "Coups won", at_most="coups_attempted")),
                    best=Best("best_worth", "Best final worth")),
    rules_page=Ref("game.games.coup_detat.services.rules_page:section"),
    lesson=Ref("game.games.coup_detat.services.lesson:LESSON"),
    review=Ref("game.games.coup_detat.services.review:WORDS"),
    kit=Ref("game.games.coup_detat.table.kit:CoupDetatKit"),
    terminal=Ref("game.games.coup_detat.cli:play"),
    hand_size=hand_size,
    tables=Tables(sizes={6: (3, 3), 7: (4, 3), 8: (4, 4)},
                  score=Ref("game.games.coup_detat.services.records:final_worth"),
                  score_text=Ref("game.games.coup_detat.rules.narration:francs"),
                  score_name="worth"),
)
