"""PyInstaller entry script: start the GPU Advisor desktop app.

Kept thin on purpose: everything, including ``--self-test`` and
``--benchmark-startup``, lives in :func:`gpu_advisor.app.main`, so the frozen
app and ``python -m gpu_advisor`` behave the same.
"""

from __future__ import annotations

import sys

from gpu_advisor.app import main

if __name__ == "__main__":
    sys.exit(main())
