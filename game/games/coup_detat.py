"""Coup d'État (1966) for 3 or 4 players, as the program knows it."""

from game.games.plugin import Game, Records, Ref, Setup, Tables, Toggle
from game.rules.coup_detat import RULESET

GAME = Game(
    ruleset=RULESET,
    blurb="The 1966 trick-taking game: six different hands a round, and COUP to overthrow "
          "the Director.",
    setup=Setup(player_counts=(4, 3), usual_players=4, toggles=(
        Toggle("short_game", "Short game", "Three hands a round; no Barbu and no Touché"),)),
    packages=("game.rules.coup_detat", "game.ai.coup_detat", "game.formats.coup_detat",
              "game.services.coup_detat", "game.ui.table.coup_detat", "game.games.coup_detat",
              "game.cli.coup_detat"),
    players={"easy": Ref("game.ai.coup_detat.easy:EasyPlayer"),
             "medium": Ref("game.ai.coup_detat.medium:MediumPlayer"),
             "hard": Ref("game.ai.coup_detat.hard:HardPlayer")},
    formats=Ref("game.formats.coup_detat:FORMATS"),
    records=Records(record=Ref("game.services.coup_detat.records:record"),
                    lines=Ref("game.services.coup_detat.records:lines"),
                    summary=Ref("game.services.coup_detat.summary:new_summary")),
    rules_page=Ref("game.services.coup_detat.rules_page:section"),
    lesson=Ref("game.services.coup_detat.lesson:LESSON"),
    review=Ref("game.services.coup_detat.review:WORDS"),
    kit=Ref("game.ui.table.coup_detat.kit:CoupDetatKit"),
    tables=Tables(sizes={6: (3, 3), 7: (4, 3), 8: (4, 4)},
                  score=Ref("game.services.coup_detat.records:final_worth"),
                  score_text=Ref("game.rules.coup_detat.narration:francs"), score_name="worth"),
)
