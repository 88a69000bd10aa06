"""The PDF's vendor test table shows the dcgmi dmon judgement from the evaluation."""

from __future__ import annotations

import re

from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.project import Measurement, Project, Vendor
from gpu_advisor.report.plan import build_plan_pdf
from tests.report.conftest import evaluate_for_tests, pdf_text


def _dmon(tensor: float) -> list[Measurement]:
    return [
        Measurement(
            tool="dcgmi-dmon",
            metric=f"dmon.{metric}",
            value=value,
            unit="ratio",
            file="node01/dcgmi_dmon.txt",
            node="node01",
            gpu=0,
            sample=sample,
        )
        for sample in range(4)
        for metric, value in (("gr_engine_active", 0.98), ("tensor_active", tensor))
    ]


def test_low_tensor_activity_is_a_failed_row_of_the_pdf(catalog: Catalog) -> None:
    project = Project(vendors=[Vendor(name="Acme", measurements=_dmon(0.05))])
    evaluation = evaluate_for_tests(project, catalog)
    text = pdf_text(build_plan_pdf(project, evaluation, catalog, language="en"))
    flat = " ".join(text.split())
    name = "Tensor-core activity of the job (dcgmi dmon)"  # its name, not its id
    assert name in flat
    assert "dmon.tensor_active" not in flat
    row = flat[flat.index(name) :][:300]
    assert "5%" in row  # a share, in percent
    # the threshold, then the verdict
    assert re.search(r"fail below \(\d+% and \d+% of the expected [\d.]+%\) fail", row)
