"""The guided first game of Coup d'État (1966): the first round of a short game for three,
played from a recorded deal (seed 944, Medium players), the person in seat 0.

In it come up the draw for Director, the Director naming the hands on his Board, following
suit, penalties paid, the holder of COUP attempting a coup (in Dominos, with a pass and
Ace-on-King runs), a failed coup paid to the Treasury, and the Director taking the
Treasury at the round's end. The person's decisions are the recorded ones, the coach naming
each and asking again with the reason, except one lead that is his to choose: another card
is played, the coach says what it meant, and the round goes on as a normal game.
"""

from game.services.lessons import Coach, Lesson

SCRIPT = ({'draw': [[0, 'AS'], [1, '10H'], [2, '10D']]},
 {'deal': {'hands': [['QC', 'KH', 'JS', '10S', '9S', 'JD', 'JH', 'JC'],
                     ['QH', 'KC', 'QD', 'AS', 'QS', 'KD', '10D', '10H'],
                     ['AH', '10C', 'AC', 'COUP', 'AD', '9C', 'KS', '9H']],
           'center': '9D'}},
 {'seat': 2, 'decline': True}, {'seat': 0, 'choose': 'guillotine'},
 {'seat': 0, 'play': 'JD'}, {'seat': 1, 'play': '10D'}, {'seat': 2, 'play': '9D'},
 {'seat': 1, 'play': 'KC'}, {'seat': 2, 'play': '9C'}, {'seat': 0, 'play': 'QC'},
 {'seat': 1, 'play': 'KD'}, {'seat': 2, 'play': 'AD'}, {'seat': 0, 'play': 'KH'},
 {'seat': 2, 'play': '9H'}, {'seat': 0, 'play': 'JH'}, {'seat': 1, 'play': '10H'},
 {'seat': 1, 'play': 'AS'}, {'seat': 2, 'play': 'KS'}, {'seat': 0, 'play': '10S'},
 {'seat': 1, 'play': 'QH'}, {'seat': 2, 'play': 'AH'}, {'seat': 0, 'play': 'JS'},
 {'seat': 2, 'play': '10C'}, {'seat': 0, 'play': 'JC'}, {'seat': 1, 'play': 'QS'},
 {'seat': 2, 'play': 'AC'}, {'seat': 0, 'play': '9S'}, {'seat': 1, 'play': 'QD'},
 {'deal': {'hands': [['QS', 'JC', '10S', '9C', 'COUP', '10C', 'KS', 'JS'],
                     ['KD', 'AS', 'QH', 'QC', '10H', 'QD', '10D', '9D'],
                     ['KC', 'KH', '9S', 'JD', 'AH', '9H', 'AD', 'AC']],
           'center': 'JH'}},
 {'seat': 0, 'coup': 'dominos'}, {'seat': 0, 'play': 'KS'}, {'seat': 1, 'play': 'KD'},
 {'seat': 2, 'play': 'KH'}, {'seat': 0, 'play': 'QS'}, {'seat': 1, 'play': 'AS'},
 {'seat': 1, 'stop': True}, {'seat': 2, 'play': 'KC'}, {'seat': 0, 'play': 'JS'},
 {'seat': 1, 'play': 'QH'}, {'seat': 2, 'play': 'AH'}, {'seat': 2, 'play': 'AD'},
 {'seat': 2, 'play': 'AC'}, {'seat': 0, 'play': '10S'}, {'seat': 1, 'play': 'QD'},
 {'seat': 2, 'play': '9S'}, {'seat': 0, 'play': 'JH'}, {'seat': 1, 'play': '10H'},
 {'seat': 2, 'play': '9H'}, {'seat': 0, 'pass': True}, {'seat': 1, 'play': 'QC'},
 {'seat': 2, 'play': 'JD'}, {'seat': 0, 'play': 'JC'}, {'seat': 1, 'play': '10D'},
 {'seat': 0, 'play': '10C'}, {'seat': 1, 'play': '9D'},
 {'deal': {'hands': [['KS', 'AS', 'JS', 'JD', 'QS', '9S', 'QC', 'AD'],
                     ['KH', 'COUP', '10C', 'JC', 'KD', '9D', 'KC', '9H'],
                     ['10S', 'AC', '9C', 'AH', '10D', 'QH', '10H', 'JH']],
           'center': 'QD'}},
 {'seat': 1, 'decline': True}, {'seat': 0, 'choose': 'waterloo'}, {'seat': 0, 'play': 'JD'},
 {'seat': 1, 'play': '9D'}, {'seat': 2, 'play': '10D'}, {'seat': 2, 'play': '9C'},
 {'seat': 0, 'play': 'QC'}, {'seat': 1, 'play': 'JC'}, {'seat': 0, 'play': '9S'},
 {'seat': 1, 'play': 'QD'}, {'seat': 2, 'play': '10S'}, {'seat': 2, 'play': 'JH'},
 {'seat': 0, 'play': 'QS'}, {'seat': 1, 'play': '9H'}, {'seat': 2, 'play': '10H'},
 {'seat': 0, 'play': 'AS'}, {'seat': 1, 'play': 'KH'}, {'seat': 2, 'play': 'AH'},
 {'seat': 0, 'play': 'AD'}, {'seat': 1, 'play': '10C'}, {'seat': 2, 'play': 'AC'},
 {'seat': 0, 'play': 'KS'}, {'seat': 1, 'play': 'KC'}, {'seat': 2, 'play': 'QH'},
 {'seat': 0, 'play': 'JS'}, {'seat': 1, 'play': 'KD'},
 {'deal': {'hands': [['10D', '9H', 'QH', 'AH', '10C', 'JD', 'KS', '10S'],
                     ['AC', 'AD', 'QC', 'QS', 'AS', 'JC', 'JS', 'KH'],
                     ['JH', '9C', 'KC', 'COUP', 'KD', 'QD', '10H', '9D']],
           'center': '9S'}})

STEPS = {
    0: Coach("You drew the highest card, the Ace: you are the Director. Chloé held COUP and "
             "declined to try a coup, so you name this hand. Each hand type may be named "
             "once a round: the daggers on the Director's Board keep count. Name Guillotine: "
             "whoever takes the King of Hearts, a Queen, a Spade, the first or the last "
             "trick pays you.", ("board", "button:Guillotine"), wants=True),
    1: Coach("You lead. Trick order is A 10 K Q J 9 8 7: the 10 is second. Lead the J♦: "
             "low, and nothing the Guillotine punishes.", ("card:JD",), wants=True),
    2: Coach("Bruno led K♣. You must follow suit when you can: play the Q♣. Bruno's King "
             "takes the trick, and the Queen with it: that costs him.", ("card:QC",),
             wants=True),
    3: Coach("No Diamond left: you may play any card. Throw the K♥ on Chloé's Ace: the King "
             "of Hearts now costs her.", ("card:KH",), wants=True),
    4: Coach("Follow suit with the J♥: Bruno's 10 beats it.", ("card:JH",), wants=True),
    5: Coach("Follow with the 10♠ under Bruno's Ace: every Spade he takes costs him.",
             ("card:10S",), wants=True),
    6: Coach("No Heart: get rid of the J♠ while Chloé's Ace takes the trick.", ("card:JS",),
             wants=True),
    7: Coach("Follow with the J♣. The last trick tells in the Guillotine too: watch who "
             "takes it.", ("card:JC",), wants=True),
    8: Coach("Your last card. The hand ends, and the penalties are paid to you, the "
             "Director: see the log.", ("card:9S", "log"), wants=True),
    9: Coach("You hold COUP, the wild card. Its holder may attempt a coup: name a hand type "
             "not yet played this round and achieve its aim, to be paid by each player; "
             "if he fails, he pays the Treasury. Attempt a coup in Dominos: be the first "
             "out of cards.", ("button:Coup in Dominos",), wants=True),
    10: Coach("In a Dominos coup COUP is set aside and you took the centre card. Dominos "
              "builds each suit in rows up and down from the starting rank. Lay the K♠.",
              ("card:KS",), wants=True),
    11: Coach("Lay the Q♠ below your King.", ("card:QS",), wants=True),
    12: Coach("Bruno laid his Ace on the King: an Ace on a King lets its player lay more "
              "cards at once (an Ace-on-King run); he chose to stop. Lay the J♠.",
              ("card:JS",), wants=True),
    13: Coach("Chloé ran her Aces one after another. Lay the 10♠.", ("card:10S",),
              wants=True),
    14: Coach("Lay the J♥ below the Queen of Hearts.", ("card:JH",), wants=True),
    15: Coach("No card of yours can be laid now: you must pass.", ("button:Pass",),
              wants=True),
    16: Coach("Chloé is out of cards first: your coup has failed. Play on to the end of the "
              "hand: lay the J♣.", ("card:JC",), wants=True),
    17: Coach("Lay the 10♣. A failed coup is paid to the Treasury.", ("card:10C",),
              wants=True),
    18: Coach("You paid 800 F into the Treasury, which the Director takes at the end of the "
              "round: you, if you stay Director. Name Waterloo: whoever takes a Queen pays "
              "you.", ("treasury", "button:Waterloo"), wants=True),
    19: Coach("Lead the J♦.", ("card:JD",), wants=True),
    20: Coach("Follow with the Q♣: it wins the trick, but it is your own Queen: a Director "
              "pays nobody for his own hand.", ("card:QC",), wants=True),
    21: Coach("Your lead, and any card will do: the choice is yours. The lesson suggests "
              "the 9♠: a low card lets the others take the trick.", ("card:9S",),
              why="Any card may be led. A low lead lets the others take the trick, and with "
                  "it any Queen thrown on it: each Queen they take pays you, the Director."),
    22: Coach("No Heart: throw the Q♠ on Chloé's trick.", ("card:QS",), wants=True),
    23: Coach("Throw the A♠.", ("card:AS",), wants=True),
    24: Coach("Throw the A♦.", ("card:AD",), wants=True),
    25: Coach("Throw the K♠.", ("card:KS",), wants=True),
    26: Coach("Your last card: the round ends, and the Director takes the Treasury.",
              ("card:JS", "treasury"), wants=True),
}

LESSON = Lesson(
    ruleset="coup-detat",
    title="Coup d'État",
    options={"players": 3, "short_game": True},
    names=("You", "Bruno", "Chloé"),
    person=0,
    script=SCRIPT,
    steps=STEPS,
    welcome=("A round of the 1966 game for three, the short game: three hands, each of a "
             "type the Director names. The coach tells you what to do and points at it.",),
    farewell=("The round is over. As Director you took the Treasury; next round Bruno is "
              "Director, and so on until each has been Director once. The highest final "
              "worth wins. New game starts a real game.",),
    ends_after=len(SCRIPT),
)
