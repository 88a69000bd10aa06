"""Write the example projects in resources/examples/ (run: python tests/make_examples.py).

The examples are checked by tests/engine/test_examples.py; rerun this script
after a schema change and commit the regenerated files.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from gpu_advisor.model.common import Language
from gpu_advisor.model.project import (
    Budget,
    DataResidency,
    DemandMonth,
    DemandProfile,
    OptionId,
    PhaseKind,
    Project,
    ProjectMeta,
    TaskKind,
    Workload,
)

EXAMPLES = Path(__file__).resolve().parents[1] / "resources" / "examples"


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
    )


def shenzhen_pretrain_serve() -> Project:
    """A Shenzhen team pretraining a 7B model, then serving and tuning it for a year."""
    months = [DemandMonth(gpu_hours=64 * 730, phase=PhaseKind.PRETRAIN)] * 2
    months += [DemandMonth(gpu_hours=64 * 730 * 0.5, phase=PhaseKind.PRETRAIN)]
    for i in range(12):
        burst = 16 * 730 if i % 4 == 1 else 0  # a fine-tuning round every quarter
        months.append(DemandMonth(gpu_hours=8 * 730 + burst, phase=PhaseKind.INFERENCE))
    return Project(
        meta=ProjectMeta(
            title="7B base model: pretraining, then a year of serving",
            organisation="深圳鹏程云启智能科技有限公司",
            author="Li Wen (CTO)",
            plan_date=dt.date(2026, 11, 2),
            language=Language.EN,
            region_id="shenzhen",
            horizon_months=15,
            notes="Pretrain for about ten weeks on 64 cards, then serve on 8 cards and "
            "fine-tune on 16 extra cards once a quarter.",
        ),
        workload=Workload(
            task=TaskKind.PRETRAIN,
            model_preset="llama2-7b",
            tokens_billion=300.0,
            gpu_id="A100-80GB-SXM",
            gpus=64,
            zero_stage=1,
        ),
        demand=DemandProfile(months=months),
        budget=Budget(data_residency=DataResidency.COUNTRY, checkpointing=True),
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
