import os
from pathlib import Path

import pytest
from hypothesis import settings

from tests.property_runs import DEEP, DEEP_VARIABLE

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]

# CI runs the property tests with a fixed seed, so a landing never depends on
# luck; developers' runs stay random and find new cases. The deep tier
# (python3 dev.py test --deep) is random too, with the seed dev.py chose and
# printed (pytest's --hypothesis-seed), so a failure can be replayed. No example
# database: tests never write into the checkout.
settings.register_profile("ci", derandomize=True, database=None)
settings.register_profile("dev", database=None)
settings.register_profile("deep", database=None, print_blob=True)
settings.load_profile("deep" if DEEP else "ci" if os.environ.get("CI") else "dev")


def pytest_report_header(config: pytest.Config) -> str | list[str]:
    if not DEEP:
        return f"tier: CI (python3 dev.py test --deep, or {DEEP_VARIABLE}=1, runs the deep tier)"
    seed = config.getoption("hypothesis_seed", None)
    samples = Path(
        os.environ.get(
            "GPU_ADVISOR_REAL_SAMPLES", ROOT / ".." / "shared" / "real-samples"
        )
    )
    found = "found" if samples.is_dir() else "NOT FOUND: their tests are skipped"
    return [
        f"tier: deep, hypothesis seed {seed if seed is not None else 'random'}",
        f"real samples ({samples}): {found}",
    ]


def pytest_collection_modifyitems(
    config: pytest.Config, items: list[pytest.Item]
) -> None:
    """Tests marked ``deep`` run only in the deep tier; elsewhere they are
    deselected (counted as such in pytest's summary, not as skipped)."""
    if DEEP:
        return
    deep = [item for item in items if item.get_closest_marker("deep")]
    if deep:
        config.hook.pytest_deselected(items=deep)
        items[:] = [item for item in items if not item.get_closest_marker("deep")]
