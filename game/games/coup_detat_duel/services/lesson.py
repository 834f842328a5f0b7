"""The guided first game of Coup d'État for two: the first two hands of a game, played from
a recorded deal (seed 911, Medium players; the person's leads in the first hand chosen so
that JOKER is never led), the person in seat 0 against Danton.

In it come up the cut for Prime Minister (Danton's Ace beats your 9), the Peasant holding
JOKER announcing a coup and naming its hand (Marie), the Bastille exchange by both players
with the cards the hand is about refused (the Queen of Hearts in Marie, the Jacks in
Waterloo), a first lead that may not be a Heart, following suit and taking tricks, JOKER
played on Danton's lead, the coup won and its point (you become Prime Minister), then the Prime
Minister naming a hand (Waterloo), setting JOKER aside, and winning his hand's point. Every
decision of the person but one lead is the recorded one: the coach names it, and another is
asked again with the reason; that lead is his to choose, and another card makes the rest of
the hand a normal game, the coach saying what it meant.
"""

from game.services.lessons import Coach, Lesson

SCRIPT = ({'cut': [[0, '9C'], [1, 'AC']]},
 {'deal': {'hands': [['JOKER', 'JH', '9C', '7C', 'QD', '10D', '9H', 'KH', 'JS', 'QH', '8H',
                      'JD'],
                     ['7D', 'AS', 'JC', 'KS', 'QC', '8S', '10H', 'KD', 'QS', '10S', '9D',
                      '7H']],
           'bastille': ['8D', '7S', 'AC', 'AD', '10C', '9S', '8C', 'AH', 'KC']}},
 {'seat': 0, 'coup': 'marie'}, {'seat': 1, 'discard': ['8S', '7H', '7D']},
 {'seat': 0, 'discard': ['8H', '7C']}, {'seat': 0, 'play': 'AD'}, {'seat': 1, 'play': '8D'},
 {'seat': 0, 'play': '10D'}, {'seat': 1, 'play': '9D'}, {'seat': 0, 'play': 'JH'},
 {'seat': 1, 'play': '10H'}, {'seat': 0, 'play': 'QH'}, {'seat': 1, 'play': '7S'},
 {'seat': 0, 'play': '9H'}, {'seat': 1, 'play': '10S'}, {'seat': 0, 'play': 'KH'},
 {'seat': 1, 'play': 'JC'}, {'seat': 0, 'play': 'JD'}, {'seat': 1, 'play': 'KD'},
 {'seat': 1, 'play': 'AS'}, {'seat': 0, 'play': 'JS'}, {'seat': 1, 'play': 'AC'},
 {'seat': 0, 'play': '9C'}, {'seat': 1, 'play': 'QS'}, {'seat': 0, 'play': '10C'},
 {'seat': 1, 'play': 'KS'}, {'seat': 0, 'play': 'QD'}, {'seat': 1, 'play': 'QC'},
 {'seat': 0, 'play': 'JOKER'},
 {'deal': {'hands': [['AS', 'KH', '7S', '10D', '9H', 'JOKER', '7D', 'JH', 'AC', '8D', '10C',
                      '8S'],
                     ['JS', 'QS', 'AD', '8C', '9D', 'KD', '9S', 'AH', 'KS', '7C', '10H',
                      '9C']],
           'bastille': ['JD', 'QH', 'KC', '10S', 'JC', '7H', '8H', 'QD', 'QC']}},
 {'seat': 0, 'choose': 'waterloo'}, {'seat': 0, 'discard': ['AS', 'KH', 'AC', 'JOKER']},
 {'seat': 1, 'discard': ['KS', 'AH', 'AD']}, {'seat': 0, 'play': 'JD'},
 {'seat': 1, 'play': '9D'}, {'seat': 0, 'play': '8S'}, {'seat': 1, 'play': 'QS'},
 {'seat': 1, 'play': 'JC'}, {'seat': 0, 'play': '10C'}, {'seat': 1, 'play': 'JS'},
 {'seat': 0, 'play': '10S'}, {'seat': 1, 'play': '8H'}, {'seat': 0, 'play': 'QH'},
 {'seat': 0, 'play': '10D'}, {'seat': 1, 'play': 'KD'}, {'seat': 1, 'play': '9C'},
 {'seat': 0, 'play': 'KC'}, {'seat': 0, 'play': '9H'}, {'seat': 1, 'play': '10H'},
 {'seat': 1, 'play': '8C'}, {'seat': 0, 'play': 'JH'}, {'seat': 1, 'play': '9S'},
 {'seat': 0, 'play': '7S'}, {'seat': 1, 'play': '7H'}, {'seat': 0, 'play': '8D'},
 {'seat': 1, 'play': '7C'}, {'seat': 0, 'play': '7D'},
 {'deal': {'hands': [['JS', '8D', 'JC', '10D', '10S', 'KC', 'AC', 'KS', 'QD', '7S', 'KD',
                      'KH'],
                     ['8H', 'QC', '9C', '9S', '9D', 'JD', 'AS', 'JOKER', '8C', 'AH', '7D',
                      '7H']],
           'bastille': ['9H', 'JH', 'QS', 'QH', 'AD', '10C', '7C', '10H', '8S']}})

EXCHANGE = "button:Set aside and draw"

STEPS = {
    0: Coach("Danton's A♣ beat your 9♣ in the cut: he is Prime Minister (PM). But you hold "
             "JOKER: announce a coup in Marie, and win it by taking the Q♥.",
             ("plate:1", "button:Coup in Marie"), wants=True,
             why="The lesson needs the coup in Marie: press its button."),
    1: Coach("The Bastille exchange: Danton, the PM, swapped 3 cards; now you set aside 1 to "
             "3 and draw as many. What a hand is about may never go (see the chart): in "
             "Marie, the Q♥. Click the 8♥ and 7♣ (they rise), then Set aside and draw.",
             ("hand", EXCHANGE, "treasury"), wants=True,
             why="The lesson needs the 8♥ and the 7♣, and only them (Put them all back "
                 "starts again). And the Q♥ may never be set aside in Marie: the hand is "
                 "about it."),
    2: Coach("You drew the A♦ and the 10♣. In a coup the Peasant leads the first trick, and "
             "Marie forbids leading a Heart to it: your Hearts are not lit. Lead the A♦: "
             "nothing beats it.", ("card:AD",), wants=True),
    3: Coach("Your Ace took the trick, and the trick's winner leads the next. Cards rank A K "
             "Q J 10 9 8 7. Lead the 10♦: Danton must follow suit with a Diamond if he can.",
             ("card:10D",), wants=True),
    4: Coach("Now Hearts may be led. Lead the J♥.", ("card:JH",), wants=True),
    5: Coach("Only the A♥ could beat your Q♥, and you hold the K♥. Lead the Q♥ and take it: "
             "that is your coup's goal.", ("card:QH",), wants=True),
    6: Coach("Danton had no Heart and threw a Spade: who cannot follow suit may play any "
             "card, but only the suit led wins the trick. The Q♥ is yours; all 12 tricks are "
             "still played. Lead the 9♥.", ("card:9H",), wants=True),
    7: Coach("Lead the K♥.", ("card:KH",), wants=True),
    8: Coach("Lead the J♦: if Danton beats it, he leads next.", ("card:JD",), wants=True),
    9: Coach("Danton leads the A♠: follow suit with your J♠. JOKER may be played at any "
             "time instead and counts as the highest card of the suit led, but below the Ace "
             "unless JOKER is led: here it would lose. Keep it.", ("card:JS",), wants=True),
    10: Coach("Follow suit: a Club. Play the 9♣.", ("card:9C",), wants=True),
    11: Coach("No Spade left: you may play any card. Throw the 10♣.", ("card:10C",),
              wants=True),
    12: Coach("No Spade again: throw the Q♦ and keep JOKER for the last trick.",
              ("card:QD",), wants=True),
    13: Coach("Play JOKER: on Danton's Q♣ it counts as the highest Club and takes the last "
              "trick. Then the hand ends and its point is scored: exactly one player wins "
              "each hand. You took the Q♥, so your coup succeeds: the point is yours, and you "
              "become Prime Minister.", ("card:JOKER",), wants=True),
    14: Coach("Your point is on the scoresheet. Now you are PM and name the hand (you hold "
              "JOKER: Danton cannot try a coup). Each type once a round: name Waterloo, and "
              "take at most one Jack.", ("board", "button:Waterloo"), wants=True,
              why="The lesson needs Waterloo: press its button."),
    15: Coach("The PM exchanges first: 1 to 4 cards. No Jack may be set aside in Waterloo, so "
              "your J♥ stays. Tricks bring Jacks: set aside the A♠, K♥, A♣ and JOKER (that is "
              "allowed). Click them, then Set aside and draw.",
              ("hand", EXCHANGE), wants=True,
              why="The lesson needs the A♠, K♥, A♣ and JOKER, and only them (Put them all "
                  "back starts again). And no Jack may be set aside in Waterloo: the hand is "
                  "about them."),
    16: Coach("You drew the J♦, Q♥, K♣ and 10♠, and Danton exchanged after you. The PM leads "
              "his hand's first trick. Lead the J♦: one Jack is allowed to you, if it wins.",
              ("card:JD",), wants=True),
    17: Coach("That was your one Jack: take no other. Lead low: the 8♠.", ("card:8S",),
              wants=True),
    18: Coach("Danton leads the J♣. Follow suit with the 10♣: it loses, and Danton keeps "
              "his Jack. Your K♣ would take it.", ("card:10C",), wants=True),
    19: Coach("Danton leads the J♠: follow with the 10♠ and let him keep it too.",
              ("card:10S",), wants=True),
    20: Coach("Follow the 8♥ with the Q♥: you take the trick, but no Jack with it. Never the "
              "J♥ here: that would be your second Jack.", ("card:QH",), wants=True),
    21: Coach("Lead the 10♦.", ("card:10D",), wants=True),
    22: Coach("The K♣ is your only Club: you must follow suit with it.", ("card:KC",),
              wants=True),
    23: Coach("Your lead, and the choice is yours: any card may be led. The lesson "
              "suggests the 9♥, which Danton can beat.", ("card:9H",),
              why="Any card may be led. You have taken your one Jack: a trick you win "
                  "could bring a second and lose you the hand, so a lead Danton can beat is "
                  "the safe one."),
    24: Coach("No Club: you may play any card. Throw the J♥ on Danton's trick: his trick, "
              "his Jack.", ("card:JH",), wants=True),
    25: Coach("Follow with the 7♠, your only Spade.", ("card:7S",), wants=True),
    26: Coach("No Heart: throw the 8♦.", ("card:8D",), wants=True),
    27: Coach("Your last card. You took one Jack only: the PM succeeds and scores the point "
              "(had he failed, the point would be the Peasant's).",
              ("card:7D", "board"), wants=True),
}

LESSON = Lesson(
    ruleset="coup-detat-duel",
    title="Coup d'État for two",
    options={"players": 2},
    names=("You", "Danton"),
    person=0,
    script=SCRIPT,
    steps=STEPS,
    welcome=("The first two hands of the game for two. You and Danton cut for Prime "
             "Minister (PM). The PM names each hand's type from the chart, unless the "
             "Peasant holding JOKER announces a coup and names it. Both exchange cards with "
             "the Bastille, and twelve tricks decide who scores the hand's point. The coach "
             "tells you what to do and points at it.",),
    farewell=("You lead 2–0. A game is two rounds of six hands, each type once a round; "
              "round 2 begins with the other player as Prime Minister. Most points wins, "
              "and a tie is settled by one hand of Dominoes. New game starts a real game.",),
    ends_after=len(SCRIPT),
    farewell_free=("A game is two rounds of six hands, each type once a round; round 2 "
                   "begins with the other player as Prime Minister. Most points wins, and a "
                   "tie is settled by one hand of Dominoes. New game starts a real game.",),
)
