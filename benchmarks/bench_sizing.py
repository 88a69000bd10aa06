"""Benchmark a full ``size_workload`` (candidates and days curve included).

Measures the wall and CPU time of one sizing of each workload below (dense,
MoE, Megatron, DeepSpeed). Run with pytest-benchmark (``pytest
benchmarks/bench_sizing.py --benchmark-enable``) or as a script, which prints
the median and the fastest of 2000 runs of each, after the host reference
(``benchmarks/host.py``). Sizing is part of every edit's 33 ms (README,
*Speed*).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from gpu_advisor.engine.sizing.size import size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.project import Workload

WORKLOADS = {
    "pretrain_70b": Workload(
        task="pretrain",
        model_preset="llama2-70b",
        tokens_billion=2000,
        zero_stage=1,
        tp=8,
        pp=2,
        sequence_parallel=True,
        deadline_days=60,
    ),
    "lora_7b": Workload(task="lora", model_preset="qwen2.5-7b", tokens_billion=1),
    "moe_deepseek": Workload(
        task="pretrain",
        model_preset="deepseek-v3",
        gpu_id="H800-80GB-SXM",
        tokens_billion=14800,
        tp=8,
        pp=16,
        recompute="full",
        gpus=2048,
    ),
    "moe_mixtral_ep8": Workload(
        task="pretrain",
        model_preset="mixtral-8x7b",
        gpu_id="H100-80GB-SXM",
        tokens_billion=1000,
        zero_stage=1,
        tp=2,
        framework="megatron",
        expert_parallel=8,
    ),
    "megatron_70b": Workload(
        task="pretrain",
        model_preset="llama2-70b",
        tokens_billion=2000,
        zero_stage=1,
        tp=8,
        pp=4,
        sequence_parallel=True,
        framework="megatron",
    ),
    "deepspeed_zero3_13b": Workload(
        task="full-finetune",
        model_preset="llama2-13b",
        tokens_billion=10,
        zero_stage=3,
        recompute="full",
        framework="deepspeed",
    ),
}


def test_bench_size_workload_pretrain(benchmark: Any) -> None:
    catalog = load_catalog()
    result = benchmark(size_workload, WORKLOADS["pretrain_70b"], catalog)
    assert result.compute.gpu_hours > 0


def test_bench_size_workload_moe(benchmark: Any) -> None:
    catalog = load_catalog()
    result = benchmark(size_workload, WORKLOADS["moe_deepseek"], catalog)
    assert result.cluster.gpus == 2048


def times_ms(workload: Workload, runs: int = 2000) -> list[tuple[float, float]]:
    """(wall, CPU) time of each of ``runs`` full sizings, after one warm-up. [ms]

    CPU time is this thread's (``time.thread_time``): on a shared machine it
    leaves out the time the process waited for a core, not the slow-down of
    sharing caches with other work.
    """
    catalog = load_catalog()
    size_workload(workload, catalog)
    times = []
    for _ in range(runs):
        c0, t0 = time.thread_time(), time.perf_counter()
        size_workload(workload, catalog)
        times.append(
            ((time.perf_counter() - t0) * 1e3, (time.thread_time() - c0) * 1e3)
        )
    return times


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from benchmarks.host import describe

    # On a shared machine the median follows the load; the fastest run shows
    # what the code costs on an idle core.
    print(describe())
    for name, w in WORKLOADS.items():
        pairs = times_ms(w)
        wall = [p[0] for p in pairs]
        cpu = [p[1] for p in pairs]
        print(
            f"size_workload {name}: median {statistics.median(wall):.3f} ms "
            f"(CPU {statistics.median(cpu):.3f} ms), fastest {min(wall):.3f} ms "
            "over 2000 runs"
        )
    print(describe())
