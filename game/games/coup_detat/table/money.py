"""Francs as notes on the table: an amount becomes stacks of 2000, 1000, 500 and 100.

The breakdown imitates the purse a player starts with (2x2000, 3x1000, 5x500, 5x100 for
10,000): small notes are kept up to those counts, the rest goes into the large ones. So
the stacks look like a real purse and change a little with each payment.
"""

from __future__ import annotations

import itertools

from game.games.coup_detat.rules.charts import STARTING_NOTES

NOTE_VALUES = tuple(value for value, _ in STARTING_NOTES)  # 2000, 1000, 500, 100
_USUAL_COUNT = dict(STARTING_NOTES)


def notes_for(amount: int) -> dict[int, int]:
    """How many notes of each value make `amount` (a multiple of 100 is exact; a smaller
    rest, which only halved repayments can leave, is not shown as a note)."""
    counts: dict[int, int] = {}
    rest = max(0, amount) // 100 * 100
    small_to_large = sorted(NOTE_VALUES)
    for value, larger in itertools.pairwise(small_to_large):
        ratio = larger // value
        needed = (rest // value) % ratio  # what the larger notes cannot make
        count = needed
        while count + ratio <= max(_USUAL_COUNT[value], needed) and (count + ratio) * value <= rest:
            count += ratio
        counts[value] = count
        rest -= count * value
    counts[small_to_large[-1]] = rest // small_to_large[-1]
    return {value: counts[value] for value in NOTE_VALUES}
