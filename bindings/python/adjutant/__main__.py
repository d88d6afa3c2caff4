"""`python3 -m adjutant` is the `adjutant` command."""
import sys

from .cli import main

sys.exit(main())
