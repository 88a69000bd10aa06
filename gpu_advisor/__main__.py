"""``python -m gpu_advisor`` starts the desktop app."""

from __future__ import annotations

import sys

from gpu_advisor.app import main

sys.exit(main())
