"""QLoRA as the paper states it (issue "[out-of-sample]").

Dettmers et al. 2023, "QLoRA: Efficient Finetuning of Quantized LLMs",
arXiv:2305.14314: the abstract — "finetune a 65B parameter model on a single
48GB GPU"; section 3, Double Quantization — the quantisation constants cost
"0.127 bits per parameter" after double quantisation (from 0.5), on top of the
4-bit NormalFloat weights. The app stored the base at 4.5 bit/param and found
the 65B model too large for one 48 GB card.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from gpu_advisor.cli import main
from gpu_advisor.model.project import QLORA_NF4_BITS

LLAMA_65B = [
    # LLaMA 65B's shape (Touvron et al. 2023, arXiv:2302.13971, Table 2)
    "--layers", "80", "--hidden", "8192", "--heads", "64", "--ffn", "22016",
    "--vocab", "32000",
]  # fmt: skip


def _size(capsys: pytest.CaptureFixture[str], *flags: str) -> dict[str, Any]:
    code = main(["size", "--task", "qlora", "--json", *LLAMA_65B, *flags])
    out = capsys.readouterr().out
    assert code == 0, out
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_the_base_is_stored_at_nf4_with_double_quantisation() -> None:
    assert pytest.approx(4 + 8 / 64 + 32 / (64 * 256), abs=5e-4) == QLORA_NF4_BITS


def test_a_65b_model_fits_one_48_gb_card(capsys: pytest.CaptureFixture[str]) -> None:
    """The paper's headline on a 48 GB card (L40S) with gradient checkpointing,
    one sequence of 512 tokens at a time; the base weights are 4.127 bit/param
    (embeddings and output head in BF16) plus the BF16 adapters."""
    data = _size(capsys, "--gpu", "L40S", "--gpus", "1", "--recompute", "full",
                 "--micro-batch", "1", "--seq-len", "512")  # fmt: skip
    memory = data["memory"]
    assert isinstance(memory, dict)
    assert memory["fits"] is True
    shape = data["shape"]
    assert isinstance(shape, dict)
    params = float(shape["params_total"])
    assert params == pytest.approx(65.2e9, rel=0.01)  # the paper's "65B"
    per_gpu = memory["per_gpu"]
    embed = 2 * 32000 * 8192  # input embedding and output head
    base = (params - embed) * QLORA_NF4_BITS / 8 + embed * 2
    assert base < per_gpu["weights_bytes"] < base * 1.02  # + the adapters
    assert per_gpu["total_bytes"] < 48e9


def test_the_bits_are_an_input(capsys: pytest.CaptureFixture[str]) -> None:
    default = _size(capsys, "--gpu", "L40S", "--gpus", "1")["memory"]
    wider = _size(capsys, "--gpu", "L40S", "--gpus", "1", "--qlora-bits", "4.5")[
        "memory"
    ]
    assert isinstance(default, dict)
    assert isinstance(wider, dict)
    more = wider["per_gpu"]["weights_bytes"] - default["per_gpu"]["weights_bytes"]
    shape = _size(capsys, "--gpu", "L40S")["shape"]
    base = float(shape["params_total"]) - 2 * 32000 * 8192  # without embeddings
    assert more == pytest.approx(base * (4.5 - QLORA_NF4_BITS) / 8, rel=1e-6)
