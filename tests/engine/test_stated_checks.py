"""Checks of a run carry the facts the person stated at import (``Check.stated``).

The run: the real GKE H200 nccl-tests output that names no collective
(``h200-gke-…-unnamed-collective.txt``, tests/data/real-samples/SOURCES.md),
its collective stated as all_reduce.
"""

from __future__ import annotations

from pathlib import Path

from gpu_advisor.engine.evidence import checks
from gpu_advisor.engine.evidence.expectations import expectations_for
from gpu_advisor.engine.evidence.judge import judge_measurements
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.results_import import parse_text
from gpu_advisor.io.results_stated import STATED_LABEL, StatedFacts, apply_stated
from gpu_advisor.model.project import Project, Vendor

NCCL = Path(__file__).resolve().parents[1] / "data" / "real-samples" / "nccl-tests"
UNNAMED = "h200-gke-2node-16rank-skypilot-mpi-tagged-unnamed-collective.txt"


def test_the_engine_reads_the_label_the_import_writes() -> None:
    assert checks.STATED_LABEL == STATED_LABEL


def test_checks_of_a_stated_run_say_so() -> None:
    exp = expectations_for(Project(), Vendor(name="A"), load_catalog())
    read = parse_text((NCCL / UNNAMED).read_text("utf-8"), UNNAMED, None)
    before = judge_measurements("A", read, exp)
    assert all(not c.stated for c in before.checks)
    stated = apply_stated(read, {UNNAMED: StatedFacts(collective="all_reduce")})
    after = judge_measurements("A", stated, exp)
    ours = [c for c in after.checks if c.file == UNNAMED]
    assert ours
    assert all(c.stated == ("collective",) for c in ours)
