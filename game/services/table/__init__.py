"""A game at the table, without the window: what is shown so far and what waits to be
told (telling.py), who looks at the table (seating.py), and the table's controller
(controller.py), which decides everything that is not drawing: the pace, whose turn, the
computers' moves, hints, a lesson's refusals, the notice of a game not saved, finishing
quickly and recording a finished game. The window's table (game/ui/table/) draws it and
routes the person's input to it."""
