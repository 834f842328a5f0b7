"""`python -m game` and the `coup-detat` command."""

import multiprocessing
import sys

from game.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the Hard player's worker processes, when frozen
    sys.exit(main())
