"""High card's entry in the registry: the one line a fifth game adds is
`GAMES[entry.GAME.id] = entry.GAME` (here made by the tests, in the program a line of
game/games/__init__.py)."""

from fifth_game.rules import CUSTODY, PRIVACY, RULESET, Decision, Event, State, View
from game.games.plugin import Game, Records, Ref, Setup, ValueTypes

GAME = Game(
    ruleset=RULESET,
    custody=CUSTODY,
    privacy=PRIVACY,
    types=ValueTypes(state=State, event=Event, decision=Decision, view=View),
    blurb="Stand or fold on one card.",
    setup=Setup(player_counts=(2, 3, 4), usual_players=2),
    packages=("fifth_game",),
    players={"easy": Ref("fifth_game.players:EasyPlayer"),
             "medium": Ref("fifth_game.players:MediumPlayer"),
             "hard": Ref("fifth_game.players:HardPlayer")},
    records=Records(record=Ref("fifth_game.records:record"),
                    lines=Ref("fifth_game.records:lines"),
                    summary=Ref("fifth_game.records:new_summary")),
    rules_page=Ref("fifth_game.records:rules_page"),
)
