"""The guided first game of Coup (the bluffing game on a standard deck): a whole game for
three, played from a recorded deal (seed 15735, Easy players), the person in seat 0.

In it come up, the person doing each: a claim (an exchange claiming the Ambassador, a bluff;
then Tax claiming the Duke), the exchange, blocks of Foreign Aid claiming the Duke, a
challenge lost (he challenges Chloé's Duke and she shows it) and the influence it costs, a
Coup, a challenge won (Bruno challenges his Duke, he shows it and draws a new card), and
the forced Coup at 10 coins that ends the game. Every decision of the person but one is
the recorded one: the coach names it, and another is asked again with the reason. At 7
coins before the end the choice is his (a Coup wins at once): another move is played, the
coach says what it meant, and the game ends as a normal game. The last page tells the
Inquisitor's differences (`coup-inquisitor`).
"""

from game.services.lessons import Coach, Lesson

SCRIPT = ({'starter': 0},
 {'deal': {'deck': ['duke', 'ambassador', 'captain', 'ambassador', 'captain', 'assassin',
                    'contessa', 'contessa', 'duke'],
           'hands': [['assassin', 'captain'], ['ambassador', 'assassin'],
                     ['duke', 'contessa']]}},
 {'action': 'exchange', 'seat': 0}, {'allow': True, 'seat': 1}, {'allow': True, 'seat': 2},
 {'keep': ['assassin', 'duke'], 'seat': 0},
 {'shuffle': ['contessa', 'captain', 'captain', 'ambassador', 'contessa', 'assassin',
              'ambassador', 'duke', 'captain']},
 {'action': 'foreign_aid', 'seat': 1}, {'block': 'duke', 'seat': 2},
 {'allow': True, 'seat': 0}, {'allow': True, 'seat': 1}, {'action': 'tax', 'seat': 2},
 {'allow': True, 'seat': 0}, {'allow': True, 'seat': 1}, {'action': 'tax', 'seat': 0},
 {'allow': True, 'seat': 1}, {'allow': True, 'seat': 2},
 {'action': 'foreign_aid', 'seat': 1}, {'block': 'duke', 'seat': 2},
 {'allow': True, 'seat': 0}, {'allow': True, 'seat': 1}, {'action': 'tax', 'seat': 2},
 {'allow': True, 'seat': 0}, {'allow': True, 'seat': 1},
 {'action': 'steal', 'seat': 0, 'target': 2}, {'allow': True, 'seat': 1},
 {'allow': True, 'seat': 2}, {'allow': True, 'seat': 2},
 {'action': 'foreign_aid', 'seat': 1}, {'block': 'duke', 'seat': 2},
 {'challenge': True, 'seat': 0}, {'reveal': 'duke', 'seat': 2},
 {'shuffle': ['captain', 'ambassador', 'captain', 'captain', 'duke', 'duke', 'assassin',
              'ambassador', 'contessa', 'contessa']},
 {'lose': 'assassin', 'seat': 0}, {'action': 'foreign_aid', 'seat': 2},
 {'block': 'duke', 'seat': 0}, {'allow': True, 'seat': 1}, {'allow': True, 'seat': 2},
 {'action': 'coup', 'seat': 0, 'target': 2}, {'lose': 'contessa', 'seat': 2},
 {'action': 'foreign_aid', 'seat': 1}, {'allow': True, 'seat': 2},
 {'block': 'duke', 'seat': 0}, {'allow': True, 'seat': 1}, {'allow': True, 'seat': 2},
 {'action': 'foreign_aid', 'seat': 2}, {'block': 'duke', 'seat': 0},
 {'allow': True, 'seat': 1}, {'allow': True, 'seat': 2}, {'action': 'tax', 'seat': 0},
 {'allow': True, 'seat': 1}, {'allow': True, 'seat': 2},
 {'action': 'foreign_aid', 'seat': 1}, {'allow': True, 'seat': 2},
 {'block': 'duke', 'seat': 0}, {'challenge': True, 'seat': 1},
 {'reveal': 'duke', 'seat': 0},
 {'shuffle': ['contessa', 'duke', 'duke', 'ambassador', 'assassin', 'contessa',
              'ambassador', 'duke', 'captain', 'captain']},
 {'lose': 'ambassador', 'seat': 1}, {'action': 'foreign_aid', 'seat': 2},
 {'allow': True, 'seat': 0}, {'allow': True, 'seat': 1},
 {'action': 'foreign_aid', 'seat': 0}, {'allow': True, 'seat': 1},
 {'allow': True, 'seat': 2}, {'action': 'foreign_aid', 'seat': 1},
 {'allow': True, 'seat': 2}, {'allow': True, 'seat': 0},
 {'action': 'coup', 'seat': 2, 'target': 1}, {'lose': 'assassin', 'seat': 1},
 {'action': 'foreign_aid', 'seat': 0}, {'allow': True, 'seat': 2},
 {'action': 'steal', 'seat': 2, 'target': 0}, {'allow': True, 'seat': 0},
 {'allow': True, 'seat': 0}, {'action': 'foreign_aid', 'seat': 0},
 {'allow': True, 'seat': 2}, {'action': 'foreign_aid', 'seat': 2},
 {'allow': True, 'seat': 0}, {'action': 'tax', 'seat': 0}, {'allow': True, 'seat': 2},
 {'action': 'foreign_aid', 'seat': 2}, {'allow': True, 'seat': 0},
 {'action': 'coup', 'seat': 0, 'target': 2}, {'lose': 'captain', 'seat': 2})

STEPS = {
    0: Coach("Your two face-down cards, the Assassin and the Captain, are your influences. "
             "On your turn you take one action; some claim a character, and you may claim "
             "one you do not hold: a bluff. Claim the Ambassador to exchange: draw two "
             "cards, keep the best two. Anyone may challenge a claim.",
             ("plate:0", "button:Exchange"), wants=True),
    1: Coach("Nobody challenged, so the exchange goes ahead: you drew the Duke and the "
             "Ambassador. Keep as many cards as you had, two: click the Assassin and the "
             "Duke, then Keep these. The others go back into the deck, which is shuffled.",
             ("button:Keep these",), wants=True),
    2: Coach("Bruno took Foreign Aid (+2, no claim) and Chloé blocked it claiming the Duke: "
             "a block is a claim too. If you challenge and she shows a Duke, you lose an "
             "influence; if she cannot, she does. Let it pass.",
             ("banner", "button:Let it pass"), wants=True),
    3: Coach("Chloé claims the Duke again, for Tax: 3 coins from the treasury. Let it pass.",
             ("button:Let it pass",), wants=True),
    4: Coach("Now you really hold the Duke: claim it for Tax, +3 coins. Were you "
             "challenged, you would show it and the challenger would lose an influence.",
             ("button:Tax",), wants=True),
    5: Coach("Chloé blocks Bruno's Foreign Aid with a Duke once more. Let it pass.",
             ("button:Let it pass",), wants=True),
    6: Coach("Chloé claims the Duke for Tax again. Let it pass: she will have 8 coins.",
             ("button:Let it pass",), wants=True),
    7: Coach("Chloé's 8 coins are enough to Coup you. Claim the Captain (a bluff: you gave "
             "yours back) to steal 2: press Steal, then Chloé. She may block it claiming a "
             "Captain or an Ambassador.",
             ("button:Steal ·", "button:Steal Chloé"), wants=True),
    8: Coach("Chloé blocks with the Duke a third time, and you hold one of the three Dukes "
             "yourself. Challenge her: if she cannot show a Duke, she loses an influence "
             "and Bruno gets his coins; if she can, you lose one.", ("button:Challenge",),
             wants=True),
    9: Coach("She showed the Duke: you lost the challenge. Her Duke went back into the deck "
             "and she drew a new card. You lose an influence: turn one of your cards face "
             "up, for good. Lose the Assassin and keep the Duke. With no card left you "
             "would be out.", ("button:Lose Assassin",), wants=True),
    10: Coach("Chloé takes Foreign Aid. Anyone may block it claiming the Duke, and you hold "
              "it: block.", ("button:Block with Duke",), wants=True),
    11: Coach("A Coup costs 7 coins: the player you name loses an influence, and nobody may "
              "block or challenge it. Press Coup, then Chloé.",
              ("button:Coup (", "button:Coup Chloé"), wants=True),
    12: Coach("Bruno takes Foreign Aid: block it with your Duke.",
              ("button:Block with Duke",), wants=True),
    13: Coach("Chloé takes Foreign Aid: block her too.", ("button:Block with Duke",),
              wants=True),
    14: Coach("No coins left: claim the Duke for Tax, +3.", ("button:Tax",), wants=True),
    15: Coach("Bruno takes Foreign Aid: block it with the Duke.",
              ("button:Block with Duke",), wants=True),
    16: Coach("Bruno challenges your Duke. You hold it: show it, and Bruno loses an "
              "influence for challenging the truth. The Duke you show goes back into the "
              "deck and you draw a new card, so nobody knows what you hold.",
              ("button:Show Duke",), wants=True),
    17: Coach("You won the challenge, and drew the Contessa: she blocks an assassination. "
              "Blocking Chloé's Foreign Aid now would be a bluff: do not block.",
              ("button:Do not block",), wants=True),
    18: Coach("Take Foreign Aid: +2 coins. It claims nothing, but a Duke may block it.",
              ("button:Foreign aid",), wants=True),
    19: Coach("Bruno takes Foreign Aid. Do not block.", ("button:Do not block",),
              wants=True),
    20: Coach("Chloé's Coup took Bruno's last influence: he is out. Now it is you against "
              "Chloé, one card each. Take Foreign Aid.", ("button:Foreign aid",), wants=True),
    21: Coach("Chloé claims the Captain to steal from you. A challenge would stake your last "
              "card: let it pass.", ("button:Let it pass",), wants=True),
    22: Coach("Only you, her target, may block a steal, claiming a Captain or an "
              "Ambassador. You hold neither: do not block.", ("button:Do not block",),
              wants=True),
    23: Coach("She took 2 of your coins. Take Foreign Aid.", ("button:Foreign aid",),
              wants=True),
    24: Coach("Chloé takes Foreign Aid. Do not block.", ("button:Do not block",),
              wants=True),
    25: Coach("You could Coup Chloé now and win, but one rule is left to see: claim the "
              "Duke for Tax instead, a bluff (you hold the Contessa). The choice is yours.",
              ("button:Tax",),
              why="Any action may be taken here. A Coup on Chloé would win at once; the "
                  "lesson suggested Tax to show the one rule left: at 10 coins the Coup is "
                  "forced."),
    26: Coach("You have 10 coins. Chloé takes Foreign Aid: do not block.",
              ("button:Do not block",), wants=True),
    27: Coach("With 10 coins or more you must Coup: it is the only action offered. Coup "
              "Chloé: her last influence goes, and you win.", ("plate:0", "button:Coup Chloé"),
              wants=True),
}

LESSON = Lesson(
    ruleset="coup",
    title="Coup",
    options={"players": 3},
    names=("You", "Bruno", "Chloé"),
    person=0,
    script=SCRIPT,
    steps=STEPS,
    welcome=("A game of Coup for three. Each player has two face-down cards, his "
             "influences, and coins; lose both cards and you are out: the last one in "
             "wins. The playing cards stand for characters (J Duke, A Assassin, "
             "10 Captain, 4 Ambassador, Q Contessa), each with its power: claim any of "
             "them, and catch the others' bluffs.",),
    farewell=("You won: Chloé lost her last influence. New game starts a real game, "
              "against computers that bluff and challenge as they please.",),
    ends_after=len(SCRIPT),
    farewell_free=("New game starts a real game, against computers that bluff and challenge "
                   "as they please.",),
    pages=("Coup with the Inquisitor (coup-inquisitor) is this game with a few "
           "differences.",
           "The Inquisitor (the 2s) replaces the Ambassador; the Duke is a King, the "
           "Assassin an Ace, the Contessa a Queen, the Captain a Jack.",
           "The Inquisitor's action: draw one card and keep it in place of one of yours, or "
           "send it back; or make a player show you a card of his choosing, then perhaps "
           "make him change it for a new one. He may also block a steal, as the Captain "
           "does.",
           "A challenged player shows one card of his choice: if it is not the claimed "
           "character, it is the card he loses.",
           "With two players, two options (on by default): Call the Coup, where a Coup "
           "names a character and misses if the target lacks it; and Five lives, where the "
           "first three lost cards are replaced."),
)
