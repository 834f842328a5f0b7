"""`python -m game` and the `coup-detat` command."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
