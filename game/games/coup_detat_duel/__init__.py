"""Coup d'État for two (the Prime Minister, the Peasant, the Bastille)."""

from game.games.coup_detat_duel.rules import RULESET
from game.games.coup_detat_duel.rules.charts import hand_size
from game.games.coup_detat_duel.rules.custody import CUSTODY
from game.games.coup_detat_duel.rules.decisions import Decision
from game.games.coup_detat_duel.rules.events import Event
from game.games.coup_detat_duel.rules.privacy import PRIVACY
from game.games.coup_detat_duel.rules.state import State
from game.games.coup_detat_duel.rules.view import DuelView
from game.games.plugin import Count, Game, Records, Ref, Setup, ValueTypes

GAME = Game(
    ruleset=RULESET,
    custody=CUSTODY,
    privacy=PRIVACY,
    types=ValueTypes(state=State, event=Event, decision=Decision, view=DuelView),
    blurb="The game for two: Prime Minister and Peasant, the Bastille, and JOKER to "
          "overthrow with.",
    setup=Setup(player_counts=(2,), usual_players=2,
                seating="2 players: Prime Minister and Peasant"),
    packages=("game.games.coup_detat_duel",),
    players={"easy": Ref("game.games.coup_detat_duel.ai.easy:EasyPlayer"),
             "medium": Ref("game.games.coup_detat_duel.ai.medium:MediumPlayer"),
             "hard": Ref("game.games.coup_detat_duel.ai.hard:DuelHardPlayer")},
    formats=Ref("game.games.coup_detat_duel.formats:FORMATS"),
    records=Records(record=Ref("game.games.coup_detat_duel.services.records:record"),
                    lines=Ref("game.games.coup_detat_duel.services.records:lines"),
                    summary=Ref("game.games.coup_detat_duel.services.summary:new_summary"),
                    counts=(Count("coups_attempted", "Coups (JOKER) announced"),
                            Count("coups_won", "Coups won", at_most="coups_attempted"))),
    rules_page=Ref("game.games.coup_detat_duel.services.rules_page:section"),
    lesson=Ref("game.games.coup_detat_duel.services.lesson:LESSON"),
    review=Ref("game.games.coup_detat_duel.services.review:WORDS"),
    kit=Ref("game.games.coup_detat_duel.table.kit:DuelKit"),
    hand_size=hand_size,
)
