"""Every example is a full plan: two vendors with quotes and sample results.

The sample results are network, storage and GPU-health figures only (nccl-tests,
iperf3, fio, dcgmi): training throughput and MFU feed the sizing, so an example
carrying them would move every figure the example regression tests check.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.model.project import Project
from tests.engine._cost_helpers import CATALOG
from tests.make_examples import ALL, SAMPLE_TOOLS, sample_results

MAKERS = list(ALL.items())


@pytest.mark.parametrize(("name", "make"), MAKERS, ids=[n for n, _ in MAKERS])
def test_each_example_has_two_quoted_and_measured_vendors(
    name: str, make: Callable[[], Project]
) -> None:
    project = make()
    assert len(project.vendors) == 2, name
    for vendor in project.vendors:
        assert vendor.gpu_id == project.workload.gpu_id
        assert vendor.monthly_cny_per_gpu_month is not None
        assert vendor.sla_availability_pct is not None
        assert vendor.measured_mfu is None
        tools = {m.tool for m in vendor.measurements}
        assert tools == SAMPLE_TOOLS, (vendor.name, tools)
    names = {v.name for v in project.vendors}
    assert len(names) == 2
    # Names in the plan's own language.
    chinese = project.meta.language == "zh"
    assert all(any("\u4e00" <= c <= "\u9fff" for c in n) == chinese for n in names)


@pytest.mark.parametrize(("name", "make"), MAKERS, ids=[n for n, _ in MAKERS])
def test_the_sample_vendors_change_no_sizing_or_cost_figure(
    name: str, make: Callable[[], Project]
) -> None:
    project = make()
    without = project.model_copy(update={"vendors": []})
    assert evaluate(project, CATALOG) == evaluate(without, CATALOG), name


def test_the_sample_results_are_network_storage_and_health_only() -> None:
    for folder in ("vendor_a", "vendor_b"):
        results = sample_results(folder)
        assert {m.tool for m in results} == SAMPLE_TOOLS
        assert not any(m.file.startswith("/") for m in results)


@pytest.mark.parametrize(("name", "make"), MAKERS, ids=[n for n, _ in MAKERS])
def test_the_sample_results_would_change_no_figure_either(
    name: str, make: Callable[[], Project]
) -> None:
    project = make()
    measured = project.model_copy(
        update={
            "vendors": [
                v.model_copy(update={"measurements": sample_results(f)})
                for v, f in zip(project.vendors, ("vendor_a", "vendor_b"), strict=True)
            ]
        }
    )
    assert evaluate(measured, CATALOG) == evaluate(project, CATALOG), name
