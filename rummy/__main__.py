"""``python -m rummy``: see :mod:`rummy.cli`."""

import sys

from .cli import main

sys.exit(main())
