"""Coup d'État for two (the Prime Minister, the Peasant, the Bastille)."""

from game.games.plugin import Game, Records, Ref, Setup
from game.rules.coup_detat_duel import RULESET

GAME = Game(
    ruleset=RULESET,
    blurb="The game for two: Prime Minister and Peasant, the Bastille, and JOKER to "
          "overthrow with.",
    setup=Setup(player_counts=(2,), usual_players=2,
                seating="2 players: Prime Minister and Peasant"),
    packages=("game.rules.coup_detat_duel", "game.ai.duel", "game.formats.coup_detat_duel",
              "game.services.coup_detat_duel", "game.ui.table.duel",
              "game.games.coup_detat_duel"),
    players={"easy": Ref("game.ai.duel.easy:EasyPlayer"),
             "medium": Ref("game.ai.duel.medium:MediumPlayer"),
             "hard": Ref("game.ai.duel.hard:DuelHardPlayer")},
    formats=Ref("game.formats.coup_detat_duel:FORMATS"),
    records=Records(record=Ref("game.services.coup_detat_duel.records:record"),
                    lines=Ref("game.services.coup_detat_duel.records:lines"),
                    summary=Ref("game.services.coup_detat_duel.summary:new_summary")),
    rules_page=Ref("game.services.coup_detat_duel.rules_page:section"),
    lesson=Ref("game.services.coup_detat_duel.lesson:LESSON"),
    review=Ref("game.services.coup_detat_duel.review:WORDS"),
    kit=Ref("game.ui.table.duel.kit:DuelKit"),
)
