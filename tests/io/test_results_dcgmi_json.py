"""``dcgmi diag -j`` is read by the table reader's rules, on published outputs.

* ``derived-dcgm-3-diag-r3-j-T400-all-skip-issue139.json``: the DCGM 3 JSON a
  user published in NVIDIA/DCGM#139 (``dcgmi diag -r 3 -j`` on a T400; every
  test Skip), transcribed and cut as ``tests/data/real-samples/SOURCES.md``
  says (derived: the author's ``{"..."}`` placeholder removed, closed after
  Targeted Stress).
* DCGM 4 documents are **constructed** from the real ``dcgmi diag`` tables in
  ``tests/data/real-samples/dcgmi`` (and ``../shared/real-samples/dcgmi``) in
  the shape ``dcgmi/Diag.cpp`` writes (NVIDIA/DCGM @ 72fa3fe,
  ``HelperJsonBuildOutput``; ``testing/python3/dcgm_diag_schema.json``): no
  real DCGM 4 ``-j`` output with a citable source was found. Each must read
  as its table reads.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.evidence.checks import not_accepted
from gpu_advisor.engine.evidence.expectations import expectations_for
from gpu_advisor.engine.evidence.judge import judge_measurements
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.results_dcgmi import INCOMPLETE_METRIC
from gpu_advisor.io.results_import import ResultsImportError, detect_format, parse_text
from gpu_advisor.model.project import Measurement, Project, Vendor
from tests.property_runs import examples

REPO = Path(__file__).resolve().parents[2]
DCGMI = REPO / "tests" / "data" / "real-samples" / "dcgmi"
SHARED = (
    Path(
        os.environ.get(
            "GPU_ADVISOR_REAL_SAMPLES", REPO / ".." / "shared" / "real-samples"
        )
    )
    / "dcgmi"
)
ISSUE139 = DCGMI / "derived-dcgm-3-diag-r3-j-T400-all-skip-issue139.json"
EXP = expectations_for(Project(), Vendor(name="A"), load_catalog())
TITLE = {"pass": "Pass", "fail": "Fail", "warn": "Warn", "skip": "Skip"}


def _statuses(ms: list[Measurement]) -> set[tuple[str, int | None, str | None]]:
    return {(m.metric, m.gpu, m.status) for m in ms}


def test_issue139_every_skip_is_not_tested_and_the_run_incomplete() -> None:
    text = ISSUE139.read_text(encoding="utf-8")
    assert detect_format(text) == "dcgmi-json"
    ms = parse_text(text, ISSUE139.name, "t400")
    tests = {(m.metric, m.gpu, m.status) for m in ms if m.metric != INCOMPLETE_METRIC}
    assert tests == {
        ("integration.pcie", 0, "skip"),
        ("hardware.gpu_memory", 0, "skip"),
        ("hardware.diagnostic", 0, "skip"),
        ("hardware.eud_test", 0, "skip"),
        ("stress.targeted_stress", 0, "skip"),
    }
    [incomplete] = [m for m in ms if m.metric == INCOMPLETE_METRIC]
    assert incomplete.status == "incomplete"
    assert incomplete.value == 5
    judged = judge_measurements("A", ms, EXP)
    assert any(not_accepted(c) for c in judged.checks)
    assert not any(
        c.test == "dcgm" and c.verdict.value == "pass" for c in judged.checks
    )


def _dcgm4(ms: list[Measurement]) -> str:
    """The DCGM 4 ``-j`` document of these table statuses, in Diag.cpp's shape
    (tab-indented like jsoncpp's styled writer)."""
    categories: dict[str, dict[str, dict[str, Any]]] = {}
    for m in ms:
        if m.metric == INCOMPLETE_METRIC or m.status is None:
            continue
        category, test = m.metric.split(".", 1)
        entry = categories.setdefault(category, {}).setdefault(
            test, {"name": test, "results": []}
        )
        status = TITLE[m.status]
        if m.gpu is None:
            entry["test_summary"] = {"status": status}
        else:
            entry["results"].append(
                {
                    "entity_group": "GPU",
                    "entity_group_id": 1,
                    "entity_id": m.gpu,
                    "status": status,
                }
            )
    doc = {
        "DCGM Diagnostic": {
            "test_categories": [
                {"category": c.title(), "tests": list(tests.values())}
                for c, tests in categories.items()
            ]
        },
        "metadata": {"version": "4.2.3"},
    }
    return json.dumps(doc, indent="\t")


def _tables() -> list[Path]:
    found = sorted(DCGMI.glob("*.txt"))
    if SHARED.is_dir():
        found += sorted(p for p in SHARED.glob("*diag*.txt"))
    return found


@pytest.mark.parametrize("table", _tables(), ids=lambda p: p.name)
def test_a_constructed_json_reads_as_its_real_table(table: Path) -> None:
    from_table = parse_text(table.read_text(encoding="utf-8"), table.name, "n1")
    document = _dcgm4(from_table)
    assert detect_format(document) == "dcgmi-json"
    from_json = parse_text(document, table.name, "n1")
    assert _statuses(from_json) == _statuses(from_table)
    judged_table = judge_measurements("A", from_table, EXP)
    judged_json = judge_measurements("A", from_json, EXP)
    assert judged_json.verdict() == judged_table.verdict()


def test_the_a10g_gpu1_failure_is_kept_per_gpu() -> None:
    """The real 4 × A10G table (Targeted Power: GPUs 0, 2, 3 pass, GPU 1 fails)
    as a DCGM 4 document: GPU 1 fails, and the vendor is not accepted."""
    table = DCGMI / "dcgm-3.3.9-diag-r3-4xA10G-targeted-power-gpu1-fail.txt"
    ms = parse_text(_dcgm4(parse_text(table.read_text("utf-8"), "t", None)), "d.json")
    power = {m.gpu: m.status for m in ms if m.metric.endswith("targeted_power")}
    assert power == {0: "pass", 1: "fail", 2: "pass", 3: "pass"}
    judged = judge_measurements("A", ms, EXP)
    assert any(not_accepted(c) and c.gpu == 1 for c in judged.checks)


def test_dcgm4_leaves_out_a_result_that_did_not_run() -> None:
    """Diag.cpp writes no entry for a result that did not run: a test listed
    with neither results nor summary was not run, never passed."""
    doc = {
        "DCGM Diagnostic": {
            "test_categories": [
                {"category": "Integration", "tests": [{"name": "pcie", "results": []}]},
                {
                    "category": "Hardware",
                    "tests": [
                        {
                            "name": "memory",
                            "results": [
                                {
                                    "entity_group": "GPU",
                                    "entity_id": 0,
                                    "status": "Pass",
                                },
                                {
                                    "entity_group": "CPU",
                                    "entity_id": 0,
                                    "status": "Fail",
                                },
                            ],
                            "test_summary": {"status": "Pass"},
                        }
                    ],
                },
            ]
        }
    }
    ms = parse_text(json.dumps(doc), "d.json")
    assert ("integration.pcie", None, "skip") in _statuses(ms)
    # a CPU entity names no GPU: left out, as in the table
    assert {(m.gpu, m.status) for m in ms if m.metric == "hardware.memory"} == {
        (None, "pass"),
        (0, "pass"),
    }
    [incomplete] = [m for m in ms if m.metric == INCOMPLETE_METRIC]
    assert "integration.pcie" in (incomplete.labels or {})["tests"]


def test_dcgm3_gpu_ids_list_and_upper_case_status() -> None:
    doc = {
        "DCGM GPU Diagnostic": {
            "test_categories": [
                {
                    "category": "Deployment",
                    "tests": [
                        {
                            "name": "Denylist",
                            "results": [{"gpu_ids": "0,1", "status": "PASS"}],
                        }
                    ],
                },
                {
                    "category": "Hardware",
                    "tests": [
                        {
                            "name": "Memory",
                            "results": [{"gpu_id": "1", "status": "Warn"}],
                        }
                    ],
                },
                {
                    "category": "Integration",
                    "tests": [
                        {"name": "PCIe", "results": [{"gpu_id": "1", "status": "Pass"}]}
                    ],
                },
            ],
            "version": "3.3.9",
        }
    }
    ms = parse_text(json.dumps(doc), "d.json")
    assert _statuses(ms) == {
        ("deployment.denylist", 0, "pass"),
        ("deployment.denylist", 1, "pass"),
        ("hardware.memory", 1, "warn"),
        ("integration.pcie", 1, "pass"),
    }


def test_an_unknown_status_is_refused_not_passed() -> None:
    doc = ISSUE139.read_text("utf-8").replace('"Skip"', '"Inconclusive"', 1)
    with pytest.raises(ResultsImportError, match="Inconclusive"):
        parse_text(doc, "d.json")


def test_a_run_that_did_not_run_says_why() -> None:
    doc = '{"DCGM GPU Diagnostic": {"runtime_error": "Unable to run diagnostic: GPU is busy", "version": "3.3.9"}}'
    with pytest.raises(ResultsImportError, match="GPU is busy"):
        parse_text(doc, "d.json")


STATUS = st.sampled_from(["Pass", "Fail", "Warn", "Skip"])


@settings(max_examples=examples(ci=40, deep=400), deadline=None)
@given(
    statuses=st.lists(st.lists(STATUS, min_size=1, max_size=4), min_size=1, max_size=4)
)
def test_a_run_is_accepted_only_when_nothing_failed_or_was_skipped(
    statuses: list[list[str]],
) -> None:
    """Random per-GPU statuses of the level 2 tests (DCGM 4 document): the
    vendor is not accepted exactly when a GPU failed or a test was skipped."""
    names = ["pcie", "memory", "targeted_stress", "targeted_power"]
    doc = {
        "DCGM Diagnostic": {
            "test_categories": [
                {
                    "category": "Integration" if name == "pcie" else "Hardware",
                    "tests": [
                        {
                            "name": name,
                            "results": [
                                {"entity_group": "GPU", "entity_id": gpu, "status": s}
                                for gpu, s in enumerate(row)
                            ],
                        }
                    ],
                }
                for name, row in zip(names, statuses, strict=False)
            ]
        }
    }
    ms = parse_text(json.dumps(doc), "d.json")
    judged = judge_measurements("A", ms, EXP)
    flat = [s for row in statuses for s in row]
    bad = "Fail" in flat or "Skip" in flat  # a Warn warns, never holds back
    assert any(not_accepted(c) for c in judged.checks) == bad


_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 10**20),
    st.floats(allow_nan=False),
    st.text(max_size=5),
)
_KEYS = st.sampled_from(
    [
        "name",
        "results",
        "status",
        "gpu_id",
        "gpu_ids",
        "entity_group",
        "entity_id",
        "test_summary",
        "tests",
        "category",
        "test_categories",
        "runtime_error",
    ]
)
_DOC = st.recursive(
    _LEAF,
    lambda c: st.one_of(st.lists(c, max_size=3), st.dictionaries(_KEYS, c, max_size=4)),
    max_leaves=15,
)


@settings(max_examples=examples(ci=100, deep=3000), deadline=None)
@given(body=_DOC, root=st.sampled_from(["DCGM Diagnostic", "DCGM GPU Diagnostic"]))
def test_any_document_is_read_or_refused_with_a_reason(body: object, root: str) -> None:
    """Damaged documents (arrays where objects belong, numbers for names) are
    refused with a reason naming the file, never a crash."""
    try:
        parse_text(json.dumps({root: body}), "f.json")
    except ResultsImportError as exc:
        named = exc.file
    else:
        named = "f.json"
    assert named == "f.json"
