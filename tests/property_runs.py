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

import datetime as dt
import os
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from gpu_advisor.model.project import Project

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


def found_by_the_walk() -> dict[str, Project]:
    """Plans the 500-example schema walk found defects with (before its run was
    cut to the CI size), pinned as ``@example`` of ``tests/ui/test_schema_walk.py``
    by the commit that fixed each."""
    from gpu_advisor.model.project import (
        DemandMonth,
        DemandProfile,
        Environment,
        PriceItem,
        PriceOverride,
        Project,
        ProjectMeta,
        Workload,
    )

    quote = PriceOverride(
        gpu_id=Project().workload.gpu_id,
        item=PriceItem.ON_DEMAND,
        typical=3e-234,
        high=7.5,
        as_of=dt.date(2026, 12, 1),
        source_file="quote.csv",
    )
    return {
        # d328ca3: the days axis of a 1e-313-day plan overflowed into NaN
        "1e-313 days": Project(workload=Workload(tokens_billion=1e-313)),
        # 14a170d: near-zero costs gave a 1e-313 value range; pyqtgraph's ticks
        # divided by zero
        "near-zero costs": Project(
            meta=ProjectMeta(horizon_months=3),
            demand=DemandProfile(
                months=[DemandMonth(gpu_hours=1e-313)] * 3, derive_from_workload=False
            ),
        ),
        # 801a781: tp 363 x pp 387 x dp 409,739 = 5.8e10 cards made the PDF list
        # 7e9 host names (MemoryError)
        "5.8e10 cards": Project(
            workload=Workload(tp=363, pp=387, dp=409_739, gpu_id="H100-80GB-SXM"),
            environment=Environment(nodes=2),
        ),
        # b521b6f: a 3e-234 CNY/h quote with a high of 7.5 overflowed the Monte
        # Carlo and the tornado into NaN
        "3e-234 quote": Project(price_overrides=[quote]),
    }
