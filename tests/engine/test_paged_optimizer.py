"""Paged optimizers as the QLoRA paper states them (issue #32).

Dettmers et al. 2023, "QLoRA: Efficient Finetuning of Quantized LLMs",
arXiv:2305.14314, section 3, Paged Optimizers: the optimizer states are
allocated in paged (CUDA unified) memory, "automatically evicted to CPU RAM
when the GPU runs out-of-memory and paged back into GPU memory when the memory
is needed in the optimizer update step". So a plan with a paged optimizer fits
without its optimizer moments resident (AdamW's two fp32 moments, 8 of the 12
bytes per parameter the plan counts with the fp32 master copy; 8-bit AdamW's
two 1-byte moments, 2 of 6), and pages when the card has no room for them.
bitsandbytes has paged AdamW and paged 8-bit AdamW, not SGD; Megatron-LM and
DeepSpeed bring their own optimizers.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.cli import main
from gpu_advisor.engine.sizing.size import size_workload
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.project import (
    Framework,
    Optimizer,
    TaskKind,
    Workload,
)

CAT = load_catalog()
LLAMA2_7B = 6_738_415_616  # Hugging Face parameter count

FULL = Workload(
    task=TaskKind.FULL_FINETUNE,
    model_preset="llama2-7b",
    framework=Framework.FSDP,
    zero_stage=0,
    recompute="full",
    gpu_id="A100-80GB-SXM",
    gpus=1,
)


def test_paged_adamw_leaves_the_moments_off_the_card():
    resident = size_workload(FULL, CAT)
    paged = size_workload(FULL.model_copy(update={"paged_optimizer": True}), CAT)
    gone = resident.memory.per_gpu.total_bytes - paged.memory.per_gpu.total_bytes
    assert gone == pytest.approx(8 * LLAMA2_7B, rel=0.01)  # two fp32 moments
    assert paged.memory.per_gpu.optimizer_bytes == pytest.approx(
        4 * LLAMA2_7B, rel=0.01
    )
    # 7B full fine-tune on one 80 GB card: 16 B/param does not fit, paged it does
    assert not resident.memory.fits
    assert paged.memory.fits
    codes = {a.code: a for a in paged.warnings}
    pages = codes["memory.paged_optimizer_pages"]  # no room: every step pages
    assert pages.params["paged_gb"] == pytest.approx(8 * LLAMA2_7B / 1e9, rel=0.01)


def test_paged_8_bit_adamw_pages_its_two_1_byte_moments():
    w = FULL.model_copy(update={"optimizer": Optimizer.ADAMW_8BIT})
    resident = size_workload(w, CAT)
    paged = size_workload(w.model_copy(update={"paged_optimizer": True}), CAT)
    gone = resident.memory.per_gpu.total_bytes - paged.memory.per_gpu.total_bytes
    assert gone == pytest.approx(2 * LLAMA2_7B, rel=0.01)


@pytest.mark.parametrize(
    ("update", "why"),
    [
        ({"optimizer": Optimizer.SGD}, "no paged SGD in bitsandbytes"),
        ({"framework": Framework.MEGATRON}, "Megatron-LM's own optimizer"),
        ({"framework": Framework.DEEPSPEED}, "DeepSpeed's own optimizer"),
    ],
)
def test_paging_applies_only_to_bitsandbytes_optimizers(update, why):
    w = FULL.model_copy(update=update)
    resident = size_workload(w, CAT)
    paged = size_workload(w.model_copy(update={"paged_optimizer": True}), CAT)
    assert paged.memory.per_gpu == resident.memory.per_gpu, why
    assert not any("paged" in a.code for a in paged.warnings)


def test_a_plan_with_room_keeps_the_states_resident():
    """Eight cards at ZeRO-3: the moments fit beside the rest, the advice only
    says they could page."""
    w = FULL.model_copy(update={"zero_stage": 3, "gpus": 8, "paged_optimizer": True})
    codes = [a.code for a in size_workload(w, CAT).warnings]
    assert "memory.paged_optimizer" in codes
    assert "memory.paged_optimizer_pages" not in codes


def test_qlora_65b_still_fits_one_48_gb_card(capsys):
    """The paper's headline case with its paged AdamW: still one L40S."""
    argv = ["size", "--task", "qlora", "--json", "--layers", "80", "--hidden",
            "8192", "--heads", "64", "--ffn", "22016", "--vocab", "32000", "--gpu",
            "L40S", "--gpus", "1", "--recompute", "full", "--micro-batch", "1",
            "--seq-len", "512", "--paged-optimizer"]  # fmt: skip
    assert main(argv) == 0
    memory = json.loads(capsys.readouterr().out)["memory"]
    assert memory["fits"] is True
    assert memory["per_gpu"]["total_bytes"] < 48e9


@settings(max_examples=30, deadline=None)
@given(
    zero=st.integers(0, 3),
    gpus=st.sampled_from([1, 2, 8, 64]),
    task=st.sampled_from([TaskKind.FULL_FINETUNE, TaskKind.LORA, TaskKind.QLORA]),
)
def test_paging_never_needs_more_memory_or_cards(zero, gpus, task):
    w = FULL.model_copy(update={"zero_stage": zero, "gpus": gpus, "task": task})
    resident = size_workload(w, CAT)
    paged = size_workload(w.model_copy(update={"paged_optimizer": True}), CAT)
    assert paged.memory.per_gpu.total_bytes <= resident.memory.per_gpu.total_bytes
    assert (paged.cluster.min_gpus or 10**9) <= (resident.cluster.min_gpus or 10**9)
    assert paged.compute.gpu_hours == resident.compute.gpu_hours
