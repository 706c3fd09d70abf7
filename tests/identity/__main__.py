from tests.identity import write  # noqa: F401  (python -m tests.identity --write DIR)
import sys
from pathlib import Path

if len(sys.argv) != 3 or sys.argv[1] != "--write":
    sys.exit("usage: python -m tests.identity --write DIR")
write(Path(sys.argv[2]))
