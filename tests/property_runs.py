"""How many examples the property tests draw, in the two tiers of the suite.

``python3 dev.py test`` runs the **CI tier**: every property test at a size
that keeps the whole of ``.ci/run`` within its time budget, derandomised when
``CI`` is set (a fixed seed, so a landing never depends on luck) and random
otherwise. ``python3 dev.py test --deep`` runs the **deep tier**: dev.py sets
:data:`DEEP_VARIABLE`, the property tests draw their full-size runs with a
seed that changes from run to run and is printed (``tests/conftest.py``), and
the tests marked ``deep`` run too (all window benchmarks, the real samples).

A property test says both sizes where it is declared::

    @settings(max_examples=examples(ci=30, deep=500), deadline=None)

Cases that long runs found in the past are pinned with ``@example`` next to
the test that found them, so a smaller CI run loses no regression.
"""

from __future__ import annotations

import os
from typing import Final

DEEP_VARIABLE: Final = "GPU_ADVISOR_DEEP"
"""Set (to anything but "" or "0") by ``python3 dev.py test --deep``."""

DEEP: Final = os.environ.get(DEEP_VARIABLE, "") not in ("", "0")
"""Whether this run is the deep tier."""


def examples(*, ci: int, deep: int) -> int:
    """The ``max_examples`` of a property test: ``ci`` in the CI tier (and in
    developers' plain ``pytest`` runs), ``deep`` in the deep tier.

    >>> examples(ci=30, deep=500) in (30, 500)
    True
    """
    if ci > deep:
        raise ValueError(
            f"the CI tier ({ci}) runs more examples than the deep ({deep})"
        )
    return deep if DEEP else ci
