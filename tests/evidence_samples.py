"""Shared by the evidence tests: the three sample vendors and their result sets.

The result files under ``tests/data/results/vendor_{a,b,c}/`` are written in the
real tools' formats (see the comment at the top of each test module for where
each format is documented):

* vendor_a: A100 SXM with 8x HDR InfiniBand per node, cool, healthy; the dearest.
* vendor_b: A100 SXM on 100G RoCE per GPU, a warm GPU 4, slower shared storage.
* vendor_c: A100 SXM on shared 25 GbE, GPU 3 hot, throttled, with ECC errors and
  a failed DCGM memory test, slow shared storage; the cheapest (quote without VAT).
"""

from __future__ import annotations

from pathlib import Path

from gpu_advisor.io.results_import import parse_results
from gpu_advisor.model.project import PowerRedundancy, Project, Vendor, Workload

RESULTS = Path(__file__).parent / "data" / "results"

CHECKPOINT_WRITE_GB_PER_S = 2.0
"""Checkpoint bandwidth the tests judge fio against [GB/s]."""


def vendor_a(measured: bool = True) -> Vendor:
    return Vendor(
        name="A",
        network_id="ib-hdr-200",
        intranet_gbit_per_s=100,
        on_demand_cny_per_gpu_hour=12.5,
        monthly_cny_per_gpu_month=7200,
        sla_availability_pct=99.95,
        card_replacement_hours=4,
        power_redundancy=PowerRedundancy.DUAL_FEED_GENERATOR,
        spares_on_site=True,
        vpc=True,
        access_logs=True,
        encryption=True,
        audit_report=True,
        exclusive_resources_clause=True,
        exclusive_network=True,
        failure_compensation_clause=True,
        deposit_refund_clause=True,
        acceptance_test_clause=True,
        measurements=parse_results([RESULTS / "vendor_a"]) if measured else [],
    )


def vendor_b(measured: bool = True) -> Vendor:
    return Vendor(
        name="B",
        network_id="roce-100",
        intranet_gbit_per_s=100,
        monthly_cny_per_gpu_month=6000,
        yearly_price_factor=0.85,
        sla_availability_pct=99.9,
        card_replacement_hours=24,
        power_redundancy=PowerRedundancy.DUAL_FEED,
        spares_on_site=True,
        vpc=True,
        access_logs=True,
        encryption=True,
        audit_report=False,
        exclusive_resources_clause=True,
        failure_compensation_clause=True,
        measurements=parse_results([RESULTS / "vendor_b"]) if measured else [],
    )


def vendor_c(measured: bool = True) -> Vendor:
    return Vendor(
        name="C",
        network_id="eth-25g",
        intranet_gbit_per_s=25,
        on_demand_cny_per_gpu_hour=6.5,
        monthly_cny_per_gpu_month=4200,
        quote_includes_vat=False,
        sla_availability_pct=99.5,
        card_replacement_hours=72,
        power_redundancy=PowerRedundancy.SINGLE_UPS,
        spares_on_site=False,
        vpc=True,
        measurements=parse_results([RESULTS / "vendor_c"]) if measured else [],
    )


def three_vendor_project(measured: bool = True) -> Project:
    """A 13B fine-tune that needs HDR InfiniBand, with the three sample vendors."""
    return Project(
        workload=Workload(network_id="ib-hdr-200"),
        vendors=[vendor_a(measured), vendor_b(measured), vendor_c(measured)],
    )
