"""Catalog figures no primary source confirms are flagged on their way out.

The flag travels on every :class:`~gpu_advisor.model.common.InputRef`, so the
explanation dialog, the field tooltips and the PDF can mark those figures.
"""

from __future__ import annotations

from gpu_advisor.engine.cost.resolve import resolve
from gpu_advisor.engine.sizing.size import size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.common import Explanation, InputRef
from gpu_advisor.model.project import Budget, Precision, Project, Workload

CAT = load_catalog()


def _inputs(explanations: list[Explanation], key: str) -> dict[str, InputRef]:
    for ex in explanations:
        if ex.key == key:
            return {ref.name: ref for ref in ex.inputs}
    raise KeyError(key)


def test_gpu_confirms_names_the_doubtful_fields() -> None:
    h800 = CAT.gpu("H800-80GB-SXM")
    assert not h800.confirms("tdp_w")
    assert h800.confirms("memory_gb")
    a100 = CAT.gpu("A100-80GB-SXM")
    assert all(a100.confirms(f) for f in ("tdp_w", "bf16_dense_tflops", "memory_gb"))


def test_unconfirmed_peak_is_flagged_in_the_gpu_hours_explanation() -> None:
    result = size_workload(
        Workload(model_preset="qwen2.5-7b", gpu_id="H100-80GB-PCIe"), CAT
    )
    refs = _inputs(result.explanations, "compute.gpu_hours")
    assert refs["catalog.gpus.H100-80GB-PCIe.peak_tflops"].confirmed is False
    assert refs["workload.precision"].confirmed is True


def test_peak_flag_follows_the_precision_in_use() -> None:
    # The SXM card's FP8 and BF16 peaks are both on the datasheet.
    for precision in (Precision.BF16, Precision.FP8):
        result = size_workload(
            Workload(
                model_preset="qwen2.5-7b", gpu_id="H100-80GB-SXM", precision=precision
            ),
            CAT,
        )
        refs = _inputs(result.explanations, "compute.gpu_hours")
        assert refs["catalog.gpus.H100-80GB-SXM.peak_tflops"].confirmed is True


def test_confirmed_card_has_no_flagged_gpu_figure() -> None:
    result = size_workload(
        Workload(model_preset="qwen2.5-7b", gpu_id="A100-80GB-SXM"), CAT
    )
    gpu_refs = [
        ref
        for ex in result.explanations
        for ref in ex.inputs
        if ref.name.startswith("catalog.gpus.")
    ]
    assert gpu_refs
    assert all(ref.confirmed for ref in gpu_refs)


def test_price_defaults_carry_the_catalog_flag_and_own_values_do_not() -> None:
    project = Project()
    gpu_id = project.workload.gpu_id
    price = CAT.price(gpu_id)
    resolved = resolve(project, CAT)
    ref = resolved.ref("on_demand_cny_per_gpu_hour")
    assert ref.source != "project"
    assert ref.confirmed is price.on_demand_cny_per_gpu_hour.provenance.confirmed
    own = project.model_copy(update={"budget": Budget(on_demand_cny_per_gpu_hour=9.9)})
    assert resolve(own, CAT).ref("on_demand_cny_per_gpu_hour").confirmed is True


def test_some_shipped_price_default_is_unconfirmed() -> None:
    """Guards the test above: it must see both kinds of figure somewhere."""
    resolved = resolve(Project(), CAT)
    flags = {ref.confirmed for ref in resolved.refs.values()}
    assert flags == {True, False}
