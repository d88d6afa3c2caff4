"""`python3 -m adjutant` is the `adjutant` command."""
import sys

from .cli import main

if __name__ == "__main__":  # not when a worker process started by spawn imports this module again
    sys.exit(main())
