"""Write the example projects in resources/examples/ (run: python tests/make_examples.py).

The examples are checked by tests/engine/test_examples.py; rerun this script
after a schema change and commit the regenerated files.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from gpu_advisor.io.results_import import parse_results
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import (
    Budget,
    DataResidency,
    DemandMonth,
    DemandProfile,
    Environment,
    Measurement,
    OptionId,
    PhaseKind,
    PowerRedundancy,
    Project,
    ProjectMeta,
    TaskKind,
    Vendor,
    VendorKind,
    Workload,
)
from gpu_advisor.model.serving import DailyCurve, Serving, Traffic

EXAMPLES = Path(__file__).resolve().parents[1] / "resources" / "examples"
RESULTS = Path(__file__).resolve().parent / "data" / "results"
"""The sample result sets (real tools' formats, see tests/evidence_samples.py)."""

SAMPLE_TOOLS = frozenset({"nccl-tests", "iperf3", "fio", "dcgmi"})
"""The tools whose sample results an example carries. Never training throughput
or MFU (train-log, gpu-probe, nvidia-smi load): those feed sizing and would move
every figure the example regression tests check."""

_NCCL_KEPT = ("busbw", "nodes", "ranks", "out_of_bounds")


def sample_results(vendor_folder: str) -> list[Measurement]:
    """The network, storage and GPU-health results of one sample vendor."""
    return [
        m
        for m in parse_results([RESULTS / vendor_folder])
        if m.tool in SAMPLE_TOOLS
        and (m.tool != "nccl-tests" or m.metric.endswith(_NCCL_KEPT))
    ]


def sample_vendors(*, zh: bool) -> list[Vendor]:
    """Two candidate vendors with quotes, terms and sample results."""
    fast = Vendor(
        # short names: a wrapped name would split in the PDF's vendor table
        name="供应商甲" if zh else "Vendor A",
        kind=VendorKind.CLOUD,
        network_id="ib-hdr-200",
        intranet_gbit_per_s=200,
        on_demand_cny_per_gpu_hour=12.5,
        monthly_cny_per_gpu_month=7200,
        sla_availability_pct=99.95,
        card_replacement_hours=4,
        power_redundancy=PowerRedundancy.DUAL_FEED_GENERATOR,
        spares_on_site=True,
        rdma=True,
        exclusive_network=True,
        exclusive_resources_clause=True,
        failure_compensation_clause=True,
        deposit_refund_clause=True,
        acceptance_test_clause=True,
        vpc=True,
        access_logs=True,
        encryption=True,
        audit_report=True,
        terms="示例报价（InfiniBand 组网）：含税，按月结算。"
        if zh
        else "Example quote (InfiniBand network): VAT included, billed monthly.",
        measurements=sample_results("vendor_a"),
    )
    cheap = Vendor(
        name="供应商乙" if zh else "Vendor B",
        kind=VendorKind.RENTAL,
        network_id="roce-100",
        intranet_gbit_per_s=100,
        monthly_cny_per_gpu_month=6000,
        yearly_price_factor=0.85,
        sla_availability_pct=99.9,
        card_replacement_hours=24,
        power_redundancy=PowerRedundancy.DUAL_FEED,
        spares_on_site=True,
        rdma=True,
        vpc=True,
        access_logs=True,
        encryption=True,
        audit_report=False,
        exclusive_resources_clause=True,
        failure_compensation_clause=True,
        terms="示例报价（RoCE 组网）：包年八五折，押金一个月。"
        if zh
        else "Example quote (RoCE network): 15 % off for a year, one month's deposit.",
        measurements=sample_results("vendor_b"),
    )
    return [fast, cheap]


def shanghai_finetune() -> Project:
    """A Shanghai startup fully fine-tuning a 13B model for two months."""
    return Project(
        meta=ProjectMeta(
            title="13B 行业模型全参数微调算力方案",
            organisation="上海澜舟智算科技有限公司",
            author="陈卓（技术负责人）",
            plan_date=dt.date(2026, 11, 2),
            language=Language.ZH,
            region_id="shanghai",
            horizon_months=2,
            notes="两个月内完成金融问答模型的全参数微调与评测，之后视业务效果再定。",
        ),
        workload=Workload(
            task=TaskKind.FULL_FINETUNE,
            model_preset="llama2-13b",
            tokens_billion=3.0,
            gpu_id="A100-80GB-SXM",
            gpus=8,
            zero_stage=3,
            checkpoint_interval_hours=1.0,
        ),
        demand=DemandProfile(
            months=[
                DemandMonth(gpu_hours=4800, phase=PhaseKind.FINETUNE),
                DemandMonth(gpu_hours=3200, phase=PhaseKind.EXPERIMENTS),
            ]
        ),
        budget=Budget(
            # no spot A100 capacity was on offer in the Shanghai region when quoted
            options=[
                OptionId.ON_DEMAND,
                OptionId.MONTHLY,
                OptionId.YEARLY,
                OptionId.MIX,
                OptionId.COLOCATION,
                OptionId.SELF_BUILD,
                OptionId.HYBRID,
            ],
            data_residency=DataResidency.CITY,
            shared_storage_tb=10,
            egress_tb_per_month=0.5,
            public_bandwidth_mbps=50,
        ),
        # the training script ships in the image and the pods request the
        # NVIDIA network operator's RDMA device: the rollout files run as written
        environment=Environment(
            script_source="image", rdma_resource="rdma/rdma_shared_device_a"
        ),
        vendors=sample_vendors(zh=True),
    )


def shenzhen_pretrain_serve() -> Project:
    """A Shenzhen team pretraining a 7B model, then serving it to a consumer app."""
    serving = Serving(
        prompt_tokens=1000,
        output_tokens=250,
        traffic=Traffic(
            peak_rps=None,
            daily_active_users=300_000,
            requests_per_user_per_day=10.0,
            curve=DailyCurve.EVENING,
            monthly_growth=0.03,
        ),
    )
    return Project(
        meta=ProjectMeta(
            title="7B base model: pretraining, then a year of serving",
            organisation="深圳鹏程云启智能科技有限公司",
            author="Li Wen (CTO)",
            plan_date=dt.date(2026, 11, 2),
            language=Language.EN,
            region_id="shenzhen",
            horizon_months=15,
            notes="Pretrain on 64 cards, then serve the model to a consumer app: "
            "300,000 daily users, 10 requests each, busiest in the evening, "
            "growing 3 % a month; answers start within 1 s and stream at 50 ms "
            "per token.",
        ),
        workload=Workload(
            task=TaskKind.PRETRAIN,
            model_preset="llama2-7b",
            tokens_billion=300.0,
            gpu_id="A100-80GB-SXM",
            gpus=64,
            zero_stage=1,
            serving=serving,
        ),
        budget=Budget(
            data_residency=DataResidency.COUNTRY,
            checkpointing=True,
            options=list(OptionId),  # it serves: the hosted model API is compared too
        ),
        # the training script ships in the image and the pods request the
        # NVIDIA network operator's RDMA device: the rollout files run as written
        environment=Environment(
            script_source="image", rdma_resource="rdma/rdma_shared_device_a"
        ),
        vendors=sample_vendors(zh=False),
    )


def shenzhen_typed_serving_hours() -> Project:
    """The Shenzhen example as it was before issue #31, a test variant: its
    serving months typed as GPU-hours (8 cards all month, 16 more for a
    fine-tuning round each quarter) instead of derived from its traffic. The
    cost engine's rules about a typed monthly profile keep being tested on
    the figures they were measured on."""
    months = [DemandMonth(gpu_hours=64 * 730, phase=PhaseKind.PRETRAIN)] * 2
    months += [DemandMonth(gpu_hours=64 * 730 * 0.5, phase=PhaseKind.PRETRAIN)]
    for i in range(12):
        burst = 16 * 730 if i % 4 == 1 else 0  # a fine-tuning round every quarter
        months.append(DemandMonth(gpu_hours=8 * 730 + burst, phase=PhaseKind.INFERENCE))
    project = shenzhen_pretrain_serve()
    workload = project.workload.model_copy(update={"serving": None})
    return project.model_copy(
        update={"workload": workload, "demand": DemandProfile(months=months)}
    )


def lab_steady_full_load() -> Project:
    """A lab running 64 cards flat out for three years, with room, staff and cash."""
    return Project(
        meta=ProjectMeta(
            title="64 卡科研训练平台三年算力规划",
            organisation="北京智源交叉研究院 大模型实验室",
            author="王磊（平台组）",
            plan_date=dt.date(2026, 11, 2),
            language=Language.ZH,
            region_id="beijing",
            horizon_months=36,
            notes="实验室长期排队的训练任务，64 张卡三年满负荷运行。",
        ),
        workload=Workload(
            task=TaskKind.PRETRAIN,
            model_preset="llama2-13b",
            tokens_billion=1000.0,
            zero_stage=3,
            gpu_id="A100-80GB-SXM",
            gpus=64,
        ),
        demand=DemandProfile(
            months=[DemandMonth(gpu_hours=64 * 730 * 0.95, phase=PhaseKind.PRETRAIN)]
            * 36
        ),
        budget=Budget(
            owned_gpus=64,
            has_machine_room=True,
            has_ops_staff=True,
            has_spare_cash=True,
            ops_fte=1.5,
            data_residency=DataResidency.COUNTRY,
        ),
        # the training script ships in the image and the pods request the
        # NVIDIA network operator's RDMA device: the rollout files run as written
        environment=Environment(
            script_source="image", rdma_resource="rdma/rdma_shared_device_a"
        ),
        vendors=sample_vendors(zh=True),
    )


ALL = {
    "shanghai_13b_finetune.gpuplan": shanghai_finetune,
    "shenzhen_7b_pretrain_then_serve.gpuplan": shenzhen_pretrain_serve,
    "lab_64_gpus_three_years.gpuplan": lab_steady_full_load,
}


def main() -> None:
    """Write every example."""
    EXAMPLES.mkdir(parents=True, exist_ok=True)
    for name, make in ALL.items():
        (EXAMPLES / name).write_text(
            make().model_dump_json(indent=2) + "\n", encoding="utf-8"
        )


if __name__ == "__main__":
    main()
