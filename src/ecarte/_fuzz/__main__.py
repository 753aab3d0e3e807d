"""``python -m ecarte._fuzz``: see the package."""

import sys

from . import main

if __name__ == "__main__":
    sys.exit(main())
