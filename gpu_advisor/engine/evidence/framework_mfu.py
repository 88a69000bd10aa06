"""MFU on the plan's footing from the training logs of the usual frameworks.

The parsers (:mod:`gpu_advisor.io.results_train_frameworks`) read what
Megatron-LM, torchtitan, DeepSpeed (with GPT-NeoX's iteration line) and the
Hugging Face Trainer print. Each framework counts FLOPs its own way, so its own
TFLOP/s and MFU are not the plan's. This module puts every log on one footing,
the plan's: its model FLOPs per token (:func:`gpu_advisor.engine.sizing.compute.model_flops_per_token`,
``6·N + 6·L·s·w``, causal attention as Megatron-LM counts it, recompute not
counted) × the measured tokens/s per GPU ÷
the dense peak the plan divides by, the figure the plan's MFU assumption is
on. Tokens/s per GPU come, first found first:

1. stated (torchtitan's ``tps``, the Trainer's ``train_tokens_per_second``,
   Primus' ``tokens per GPU``);
2. from the framework's TFLOP/s per GPU ÷ the FLOPs per token the framework
   counts for the plan's model (:func:`framework_flops_per_token`);
3. from the Trainer's ``total_flos`` ÷ ``train_runtime`` ÷ GPUs ÷ its
   ``6·N`` per token;
4. from samples/s of the whole job × the plan's sequence length ÷ GPUs.

A per-job figure (3, 4) needs the GPU count: a ``gpus`` figure of the same
file, else the plan's GPUs per node, said in the check. The framework's own
figure (TFLOP/s per GPU, MFU) is kept beside the plan's. A log of another
model than the plan's (a ``params`` or ``seq_len`` figure of the file that
differs from the plan's) is not on the plan's footing: it is judged only on its
own MFU, with a note.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from enum import StrEnum
from typing import Final

from pydantic import Field

from gpu_advisor.engine.evidence.checks import _by_file
from gpu_advisor.engine.sizing import compute as _cmp
from gpu_advisor.engine.sizing.size import resolve_shape
from gpu_advisor.model.catalog import Catalog, GpuSpec
from gpu_advisor.model.common import Frozen
from gpu_advisor.model.project import Measurement, Workload

FRAMEWORKS: Final = frozenset(
    {"megatron-lm", "gpt-neox", "torchtitan", "deepspeed", "hf-trainer"}
)
"""The ``format`` labels the framework-log parser gives its figures."""

SAME_MODEL_TOLERANCE: Final = 0.10
"""A log's stated parameter count within 10 % of the plan's is the plan's
model (counts differ by embeddings, tied heads and rounding)."""

SAME_MODEL_FLOPS_TOLERANCE: Final = 0.25
"""A log that states both tokens/s and TFLOP/s states the FLOPs per token it
counts; within 25 % of what the framework counts for the plan's model it is the
plan's model (Megatron-LM's later causal-mask halving of the attention term
moves the count by about 7 % for a 7B model at 4,096 tokens, more at longer
sequences); a debug or other model is off by far more."""

WARMUP_FRACTION: Final = 0.1
"""Leading share of the steps left out, as for the kit's log
(:data:`gpu_advisor.engine.evidence.mfu.TRAIN_WARMUP_FRACTION`)."""


class Basis(StrEnum):
    """Where the tokens/s per GPU on the plan's footing came from."""

    TOKENS = "tokens"
    TFLOPS = "tflops"
    TOTAL_FLOS = "total_flos"
    SAMPLES = "samples"


class Footing(Frozen):
    """The plan's model and GPU, on which every measured MFU is put."""

    model_flops_per_token: float = Field(
        ..., gt=0, description="6N + 6·L·s·w of the plan's model. [FLOP/token]"
    )
    attention_flops_per_token: float = Field(
        0.0,
        ge=0,
        description="Its causal attention part, 6·L·s·w: a framework that counts "
        "the full s × s scores counts it twice. [FLOP/token]",
    )
    hardware_flops_per_token: float = Field(
        ..., gt=0, description="The same with the plan's recompute. [FLOP/token]"
    )
    params_total: float = Field(..., gt=0, description="[1]")
    seq_len: int = Field(..., ge=1, description="[tokens]")
    peak_tflops: float = Field(
        ..., gt=0, description="Dense peak the plan divides by. [TFLOP/s]"
    )
    gpus: int = Field(
        ..., ge=1, description="The plan's GPUs per node, for a log without. [1]"
    )


def plan_footing(
    workload: Workload, catalog: Catalog, gpu: GpuSpec, gpus_per_node: int
) -> Footing | None:
    """The plan's footing on ``gpu``; None when the model cannot be resolved.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> c = load_catalog()
    >>> f = plan_footing(Workload(), c, c.gpu("A100-80GB-SXM"), 8)
    >>> round(f.model_flops_per_token / 1e9, 1), f.peak_tflops, f.seq_len
    (82.1, 312.0, 4096)
    """
    try:
        shape = resolve_shape(workload, catalog)[0]
        peak = _cmp.peak_tflops(gpu, workload.precision)
    except (KeyError, ValueError):
        return None
    model = _cmp.model_flops_per_token(shape, workload.seq_len, workload.task)
    hardware = _cmp.flops_per_token(
        shape, workload.seq_len, workload.task, workload.recompute
    )
    if model <= 0 or hardware <= 0 or shape.params_total <= 0 or peak <= 0:
        return None
    return Footing(
        model_flops_per_token=model,
        attention_flops_per_token=model
        * _cmp.attention_flops_share(shape, workload.seq_len, workload.task),
        hardware_flops_per_token=hardware,
        params_total=shape.params_total,
        seq_len=workload.seq_len,
        peak_tflops=peak,
        gpus=gpus_per_node,
    )


class FrameworkRun(Frozen):
    """What one framework log states, each figure the median of its steps."""

    file: str
    node: str | None = None
    framework: str
    steps: int = Field(..., ge=1)
    tokens_per_s_per_gpu: float | None = Field(None, ge=0, description="[tokens/s]")
    tflops_per_gpu: float | None = Field(None, ge=0, description="[TFLOP/s]")
    tflops_framework: str | None = Field(
        None, description="The framework whose line printed the TFLOP/s."
    )
    mfu_percent: float | None = Field(None, ge=0, description="Its own MFU. [%]")
    samples_per_s: float | None = Field(None, ge=0, description="Job. [samples/s]")
    total_tflop: float | None = Field(None, ge=0, description="Trainer. [TFLOP]")
    train_runtime_s: float | None = Field(None, ge=0, description="[s]")
    gpus: int | None = Field(None, ge=1)
    params: float | None = Field(None, gt=0, description="Stated. [1]")
    seq_len: int | None = Field(None, ge=1, description="Stated. [tokens]")

    @property
    def flops_per_token(self) -> float | None:
        """FLOPs per token the log counts, when it states both TFLOP/s and
        tokens/s per GPU (torchtitan, Primus). [FLOP/token]"""
        if not self.tflops_per_gpu or not self.tokens_per_s_per_gpu:
            return None
        return self.tflops_per_gpu * 1e12 / self.tokens_per_s_per_gpu


class FrameworkMfu(Frozen):
    """A framework log's MFU on the plan's footing, with its own beside it."""

    run: FrameworkRun
    same_model: bool
    basis: Basis | None = None
    tokens_per_s_per_gpu: float | None = Field(
        None, ge=0, description="On the plan's footing. [tokens/s]"
    )
    mfu: float | None = Field(None, ge=0, description="On the plan's footing. [1]")
    own_tflops_per_gpu: float | None = Field(None, ge=0, description="[TFLOP/s]")
    own_mfu: float | None = Field(
        None, ge=0, description="Stated, else own TFLOP/s ÷ peak. [1]"
    )
    gpus: int | None = Field(None, ge=1, description="Used for a per-job figure.")
    gpus_assumed: bool = False


def _median_of(rows: Sequence[Measurement], metric: str) -> tuple[float, str] | None:
    """Median of ``metric`` over its steps, the leading warm-up share left out,
    with the ``format`` label of its first figure."""
    found = sorted((m for m in rows if m.metric == metric), key=lambda m: m.sample or 0)
    if not found:
        return None
    skip = int(len(found) * WARMUP_FRACTION)
    if len(found) >= 3:
        skip = max(skip, 1)
    label = (found[0].labels or {}).get("format", "")
    return float(statistics.median(m.value for m in found[skip:])), label


def framework_run(measurements: Sequence[Measurement]) -> FrameworkRun | None:
    """The framework log with the most training figures, reduced to medians.

    Examples
    --------
    >>> rows = [Measurement(tool="train-log", metric="tflops_per_gpu", value=v,
    ...         unit="TFLOP/s/GPU", file="m.log", sample=i, labels={"format": "megatron-lm"})
    ...         for i, v in enumerate([150.0, 239.8, 236.0, 228.4])]
    >>> run = framework_run(rows)
    >>> run.framework, run.tflops_per_gpu, run.steps
    ('megatron-lm', 236.0, 4)
    """
    logs = {
        file: rows
        for file, rows in _by_file(measurements, "train-log").items()
        if any((m.labels or {}).get("format") in FRAMEWORKS for m in rows)
    }
    if not logs:
        return None
    file, rows = max(logs.items(), key=lambda kv: (len(kv[1]), kv[0]))
    medians = {
        metric: _median_of(rows, metric)
        for metric in (
            "tokens_per_s_per_gpu",
            "tflops_per_gpu",
            "mfu",
            "samples_per_s",
            "total_flos",
            "train_runtime",
            "gpus",
            "params",
            "seq_len",
        )
    }

    def value(metric: str) -> float | None:
        found = medians[metric]
        return None if found is None else found[0]

    formats = [(m.labels or {}).get("format", "") for m in rows]
    framework = max(FRAMEWORKS & set(formats), key=formats.count)
    tflops = medians["tflops_per_gpu"]
    gpus, seq_len = value("gpus"), value("seq_len")
    return FrameworkRun(
        file=file,
        node=rows[0].node,
        framework=framework,
        steps=max(1, len({m.sample for m in rows if m.sample is not None})),
        tokens_per_s_per_gpu=value("tokens_per_s_per_gpu"),
        tflops_per_gpu=None if tflops is None else tflops[0],
        tflops_framework=None if tflops is None else tflops[1] or framework,
        mfu_percent=value("mfu"),
        samples_per_s=value("samples_per_s"),
        total_tflop=value("total_flos"),
        train_runtime_s=value("train_runtime"),
        gpus=int(gpus) if gpus else None,
        params=value("params") or None,
        seq_len=int(seq_len) if seq_len else None,
    )


def framework_flops_per_token(framework: str, footing: Footing) -> float:
    """FLOPs per token a framework counts for the plan's model. [FLOP/token]

    Parameters
    ----------
    framework : str
        The ``format`` label of the line that printed the TFLOP/s (or the
        ``total_flos``).
    footing : Footing
        The plan's model.

    Returns
    -------
    float
        The framework's count for one trained token of the plan's model.

    Notes
    -----
    * torchtitan: ``6·N + 12·L·H·d_head·s`` (``6·nparams_for_matmul + 6·L·H·
      (d_qk + d_v)·s``, recomputation "should not be counted", no causal
      discount), pytorch/torchtitan @ b5bcd76c66d0acb1a08b176d9639425bc55e0b2a,
      ``torchtitan/models/utils.py`` (``get_dense_model_nparams_and_flops``);
      ``mfu = 100 · flops/token · tps / peak`` in
      ``torchtitan/components/metrics.py``: the plan's count plus the causal
      half of the attention scores it leaves out.
    * Megatron-LM: ``num_floating_point_operations`` counts
      ``12·B·s·L·h²·((1 + g/a + s/h)·q/h + ffn/h·k·glu + V/(2Lh))``, i.e.
      ``6·N_active`` (the output layer in, embeddings out) ``+ 12·L·s·q``,
      forward and backward only, no recompute (NVIDIA/Megatron-LM @
      d0f13074a52eabddc8e8bb7555bbe08ba7689027, 2024-04,
      ``megatron/training/training.py``), counted so here. Later versions
      halve the attention term for the causal mask (@
      d98e8a64ddf34856e74b24714e3bedb2f5a39553), the plan's own count; their
      TFLOP/s then gives fewer tokens/s here, an MFU that errs low, never
      high. Any other framework is counted so too.
    * GPT-NeoX (the ``approx flops per GPU`` line, Megatron-DeepSpeed alike):
      ``get_flops`` multiplies by ``ckpt_activations_factor = 4 if
      checkpoint_activations else 3``, counting the recomputed forward
      (EleutherAI/gpt-neox @ ea7aefd8f8e183256992d9fede4d7c71a46d67a5,
      ``megatron/logging.py``), full ``s × s`` scores: the plan's FLOPs with
      its recompute (:func:`gpu_advisor.engine.sizing.compute.flops_per_token`)
      and the causal half. Before
      "Improve FLOPS Calculation" (#1044, 5f3640178c410bc4813ae1be6ddd741fa7d13e22,
      2023-09-27) it counted ``6·N_total + 60·L·s·h`` (@
      408e29d9c746a02d842917bb7447c5c4be0b42d4), more than the plan: a log of
      those versions gives an MFU that errs low, never high.
    * DeepSpeed's flops profiler: ``FLOPS per GPU = 3 * fwd flops per GPU /
      iter latency`` (its own line): three times the FLOPs it measured in the
      profiled step's forward pass, so the forward recomputed in the backward
      is not counted: the plan's count (fused attention kernels its hooks do
      not see are missing from it, an MFU that errs low).
    * Hugging Face Trainer: ``total_flos`` sums ``floating_point_ops`` =
      ``6 · estimate_tokens · num_parameters(exclude_embeddings=True)``, all
      parameters (frozen LoRA bases and every MoE expert included), no
      attention term (huggingface/transformers @
      040ba146759afc625c77f49d04982bb54873995f,
      ``src/transformers/modeling_utils.py``): ``6 · N_total`` here
      (embeddings in, an MFU that errs low by their share).

    Examples
    --------
    >>> f = Footing(model_flops_per_token=82.1e9, attention_flops_per_token=5.0e9,
    ...             hardware_flops_per_token=109.5e9, params_total=13e9,
    ...             seq_len=4096, peak_tflops=312.0, gpus=8)
    >>> [round(framework_flops_per_token(x, f) / 1e9, 1)
    ...  for x in ("torchtitan", "gpt-neox", "hf-trainer")]
    [87.1, 116.2, 78.0]
    """
    full_scores = footing.model_flops_per_token + footing.attention_flops_per_token
    if framework == "gpt-neox":
        return footing.hardware_flops_per_token * (
            full_scores / footing.model_flops_per_token
        )
    if framework == "hf-trainer":
        return 6.0 * footing.params_total
    return full_scores


def same_model(run: FrameworkRun, footing: Footing) -> bool:
    """Whether the log trained the plan's model, as far as it says.

    A stated parameter count within :data:`SAME_MODEL_TOLERANCE` of the plan's,
    the same sequence length, and FLOPs per token (TFLOP/s over tokens/s, when
    both are stated) within :data:`SAME_MODEL_FLOPS_TOLERANCE` of what the
    framework counts for the plan's model; a log that states none of them is
    taken for the plan's model.

    Examples
    --------
    >>> f = Footing(model_flops_per_token=88.1e9, hardware_flops_per_token=88.1e9,
    ...             params_total=13e9, seq_len=4096, peak_tflops=312.0, gpus=8)
    >>> run = FrameworkRun(file="t.log", framework="torchtitan", steps=10)
    >>> same_model(run, f), same_model(run.model_copy(update={"params": 8.03e9}), f)
    (True, False)
    >>> same_model(run.model_copy(update={"tokens_per_s_per_gpu": 125180.0,
    ...                                   "tflops_per_gpu": 67.96}), f)
    False
    """
    if (
        run.params is not None
        and abs(run.params / footing.params_total - 1.0) > SAME_MODEL_TOLERANCE
    ):
        return False
    if run.seq_len is not None and run.seq_len != footing.seq_len:
        return False
    stated = run.flops_per_token
    if stated is None:
        return True
    counted = framework_flops_per_token(run.tflops_framework or run.framework, footing)
    return abs(stated / counted - 1.0) <= SAME_MODEL_FLOPS_TOLERANCE


def _plan_tokens_per_s(
    run: FrameworkRun, footing: Footing
) -> tuple[float, Basis, int | None, bool] | None:
    """Tokens/s per GPU on the plan's footing, its basis, the GPUs a per-job
    figure was divided by and whether that count was assumed."""
    if run.tokens_per_s_per_gpu:
        return run.tokens_per_s_per_gpu, Basis.TOKENS, None, False
    if run.tflops_per_gpu:
        counted = framework_flops_per_token(
            run.tflops_framework or run.framework, footing
        )
        return run.tflops_per_gpu * 1e12 / counted, Basis.TFLOPS, None, False
    gpus = run.gpus or footing.gpus
    assumed = run.gpus is None
    if run.total_tflop and run.train_runtime_s:
        per_gpu_flops = run.total_tflop * 1e12 / run.train_runtime_s / gpus
        counted = framework_flops_per_token("hf-trainer", footing)
        return per_gpu_flops / counted, Basis.TOTAL_FLOS, gpus, assumed
    if run.samples_per_s:
        tokens = run.samples_per_s * footing.seq_len / gpus
        return tokens, Basis.SAMPLES, gpus, assumed
    return None


def framework_mfu(
    measurements: Sequence[Measurement], footing: Footing
) -> FrameworkMfu | None:
    """The MFU a framework's training log measured, on the plan's footing.

    Parameters
    ----------
    measurements : sequence of Measurement
        The vendor's measurements; the framework log among them is used.
    footing : Footing
        The plan's model FLOPs per token, sequence length and GPU peak.

    Returns
    -------
    FrameworkMfu or None
        None without a framework log. ``mfu`` is None for a log of another
        model (judged on ``own_mfu``) or without a throughput figure.

    Notes
    -----
    ``MFU = tokens/s/GPU × F_plan / (peak · 1e12)`` with ``F_plan`` the plan's
    model FLOPs per token (Chowdhery et al. 2022, PaLM, arXiv:2204.02311,
    Appendix B). From a framework's TFLOP/s: ``tokens/s/GPU = TFLOP/s · 1e12
    / F_framework`` (:func:`framework_flops_per_token`).

    Examples
    --------
    Megatron-LM's TFLOP/s per GPU (239.8, 236.0, 228.4: the median with the
    first step left out is 232.2) on an H100 (989 TFLOP/s), its count being
    the plan's:

    >>> f = Footing(model_flops_per_token=100e9, hardware_flops_per_token=100e9,
    ...             params_total=46.7e9, seq_len=4096, peak_tflops=989.0, gpus=8)
    >>> rows = [Measurement(tool="train-log", metric="tflops_per_gpu", value=v,
    ...         unit="TFLOP/s/GPU", file="m.log", sample=i, labels={"format": "megatron-lm"})
    ...         for i, v in enumerate([239.8, 236.0, 228.4])]
    >>> r = framework_mfu(rows, f)
    >>> r.basis.value, round(r.tokens_per_s_per_gpu), round(r.mfu, 4)
    ('tflops', 2322, 0.2348)
    """
    run = framework_run(measurements)
    if run is None:
        return None
    own_tflops = run.tflops_per_gpu
    found = _plan_tokens_per_s(run, footing)
    if own_tflops is None and found is not None and found[1] is Basis.TOTAL_FLOS:
        own_tflops = found[0] * framework_flops_per_token("hf-trainer", footing) / 1e12
    own_mfu = (
        run.mfu_percent / 100.0
        if run.mfu_percent is not None
        else (own_tflops / footing.peak_tflops if own_tflops is not None else None)
    )
    same = same_model(run, footing)
    if not same or found is None:
        return FrameworkMfu(
            run=run,
            same_model=same,
            own_tflops_per_gpu=own_tflops,
            own_mfu=own_mfu,
        )
    tokens, basis, gpus, assumed = found
    return FrameworkMfu(
        run=run,
        same_model=True,
        basis=basis,
        tokens_per_s_per_gpu=tokens,
        mfu=tokens * footing.model_flops_per_token / (footing.peak_tflops * 1e12),
        own_tflops_per_gpu=own_tflops,
        own_mfu=own_mfu,
        gpus=gpus,
        gpus_assumed=assumed,
    )


def plan_tokens_per_s_per_gpu(plan_mfu: float, footing: Footing) -> float:
    """Tokens/s per GPU the plan's MFU assumption stands for. [tokens/s]

    A measured MFU over the plan's is the measured tokens/s over this.

    Examples
    --------
    >>> f = Footing(model_flops_per_token=88.1e9, hardware_flops_per_token=88.1e9,
    ...             params_total=13e9, seq_len=4096, peak_tflops=312.0, gpus=8)
    >>> round(plan_tokens_per_s_per_gpu(0.45, f))
    1594
    """
    return plan_mfu * footing.peak_tflops * 1e12 / footing.model_flops_per_token
