"""Training throughput and the MFU a vendor's own job measured.

:func:`training_throughput` reduces the kit's training log to its median
throughput; :func:`measured_mfu` turns it into the MFU that replaces the
catalog's guess for this vendor (:func:`with_measured_mfu`), and the
``training.mfu`` check compares it with the MFU the plan models. Without the
kit's log, a framework's log (Megatron-LM, torchtitan, DeepSpeed, the Hugging
Face Trainer) is put on the plan's footing by :mod:`.framework_mfu` and judged
alike, the framework's own figure shown beside.

* MFU: tokens/s/GPU × 6·N_active / peak [7]_.

References
----------
.. [7] Chowdhery et al., "PaLM: Scaling Language Modeling with Pathways",
   2022, Appendix B (model FLOPs utilization), arXiv:2204.02311.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Final

from pydantic import Field

from gpu_advisor.engine.evidence.checks import (
    Check,
    Verdict,
    _by_file,
    _info,
    _ratio_check,
)
from gpu_advisor.engine.evidence.expectations import Expectations
from gpu_advisor.engine.evidence.framework_mfu import (
    Basis,
    Footing,
    FrameworkMfu,
    framework_flops_per_token,
    framework_mfu,
    framework_run,
    plan_footing,
    plan_tokens_per_s_per_gpu,
)
from gpu_advisor.engine.sizing import compute as _cmp
from gpu_advisor.engine.sizing.size import resolve_shape
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Frozen, Message
from gpu_advisor.model.project import Measurement, Project, Vendor

MFU_PASS_RATIO: Final = 0.90
"""Measured MFU at 90 % of the catalog's default or better passes."""
MFU_WARN_RATIO: Final = 0.70

TRAIN_WARMUP_FRACTION: Final = 0.1
"""Leading share of training steps ignored (compilation, data-loader warm-up)."""


class TrainingThroughput(Frozen):
    """The training log reduced to one figure."""

    file: str
    node: str | None
    tokens_per_s: float = Field(
        ..., ge=0, description="Median job throughput. [tokens/s]"
    )
    gpus: int | None = Field(None, ge=1)
    steps: int = Field(..., ge=1)


def mfu_from_throughput(
    tokens_per_s_per_gpu: float, active_params: float, peak_tflops: float
) -> float:
    """Model FLOPs utilization from training throughput.

    Parameters
    ----------
    tokens_per_s_per_gpu : float
        Training throughput of one GPU. [tokens/s]
    active_params : float
        Parameters used per token, N_active (MoE: active only). [1]
    peak_tflops : float
        Dense peak of the GPU in the training precision. [TFLOP/s]

    Returns
    -------
    float
        MFU. [1]

    Notes
    -----
    MFU = tokens/s/GPU × 6·N_active / peak. The 6·N term counts forward
    (2N) and backward (4N) matmul FLOPs per token; the attention term is left
    out, which understates MFU by a few per cent at 4k context.

    References
    ----------
    Chowdhery et al., "PaLM: Scaling Language Modeling with Pathways", 2022,
    Appendix B. arXiv:2204.02311.

    Examples
    --------
    >>> round(mfu_from_throughput(1775.0, 13e9, 312.0), 4)
    0.4437
    """
    if tokens_per_s_per_gpu < 0 or active_params <= 0 or peak_tflops <= 0:
        raise ValueError(
            "need tokens_per_s_per_gpu >= 0, active_params > 0, peak_tflops > 0"
        )
    return tokens_per_s_per_gpu * 6.0 * active_params / (peak_tflops * 1e12)


def training_throughput(
    measurements: Sequence[Measurement], warmup_fraction: float = TRAIN_WARMUP_FRACTION
) -> TrainingThroughput | None:
    """The median job throughput of the training log, warm-up steps left out.

    Parameters
    ----------
    measurements : sequence of Measurement
        Any measurements; only the ``train-log`` ones are used (the log with
        the most steps when there are several).
    warmup_fraction : float
        Leading share of the steps to ignore, at least one step when the log
        has three or more. [1]

    Returns
    -------
    TrainingThroughput or None
        None when no training log was imported.

    Examples
    --------
    >>> log = [Measurement(tool="train-log", metric="tokens_per_s", value=v,
    ...        unit="tokens/s", file="t.csv", sample=i) for i, v in enumerate([5, 100, 102, 98])]
    >>> training_throughput(log).tokens_per_s
    100.0
    """
    if not 0 <= warmup_fraction < 1:
        raise ValueError("need 0 <= warmup_fraction < 1")
    logs = _by_file(measurements, "train-log")
    if not logs:
        return None
    file, rows = max(
        logs.items(),
        key=lambda kv: (sum(m.metric == "tokens_per_s" for m in kv[1]), kv[0]),
    )
    steps = sorted(
        (m for m in rows if m.metric == "tokens_per_s"), key=lambda m: m.sample or 0
    )
    if not steps:
        return None
    skip = int(len(steps) * warmup_fraction)
    if len(steps) >= 3:
        skip = max(skip, 1)
    kept = steps[skip:]
    gpus = next((int(m.value) for m in rows if m.metric == "gpus"), None)
    return TrainingThroughput(
        file=file,
        node=steps[0].node,
        tokens_per_s=float(statistics.median(m.value for m in kept)),
        gpus=gpus,
        steps=len(steps),
    )


def measured_mfu(
    measurements: Sequence[Measurement],
    *,
    active_params: float,
    peak_tflops: float,
    gpus: int | None = None,
    flops_per_token: float | None = None,
) -> float | None:
    """MFU of the vendor's training run, for ``Vendor.measured_mfu``.

    Parameters
    ----------
    measurements : sequence of Measurement
        The vendor's measurements (the training log among them).
    active_params : float
        N_active of the model the job trained. [1]
    peak_tflops : float
        Dense peak of the vendor's GPU in the training precision, the same
        peak the sizing divides by (:func:`gpu_advisor.engine.sizing.compute.peak_tflops`). [TFLOP/s]
    gpus : int, optional
        GPUs the job ran on, when the log has no ``gpus`` column. [1]
    flops_per_token : float, optional
        Model FLOPs per token of the trained model,
        :func:`gpu_advisor.engine.sizing.compute.model_flops_per_token`
        (``6N + 6·L·s·w``, causal attention as Megatron-LM counts it, no
        recompute): the one
        convention the sizing and the calibration use, so that the measured
        tokens/s gives back exactly the GPU-hours it implies. Without it,
        ``6·N_active`` (attention left out). [FLOP/token]

    Returns
    -------
    float or None
        MFU in (0, 1]; None without a usable log or when the figure is above 1
        (a wrong GPU count or token count: not a number to plan with).

    Notes
    -----
    ``MFU = tokens/s/GPU × flops_per_token / (peak · 1e12)``. Recompute does
    not enter: a job that recomputes runs fewer tokens/s, which shows as a
    lower achieved MFU (Chowdhery et al. 2022, PaLM, arXiv:2204.02311,
    Appendix B).

    Examples
    --------
    >>> log = [Measurement(tool="train-log", metric="tokens_per_s", value=14200.0,
    ...        unit="tokens/s", file="t.csv", sample=i) for i in range(5)]
    >>> round(measured_mfu(log, active_params=13e9, peak_tflops=312.0, gpus=8), 4)
    0.4437
    >>> round(measured_mfu(log, active_params=13e9, peak_tflops=312.0, gpus=8,
    ...                    flops_per_token=88.1e9), 4)  # Llama 2 13B at s = 4096
    0.5012
    """
    throughput = training_throughput(measurements)
    if throughput is None:
        return None
    count = throughput.gpus or gpus
    if not count or throughput.tokens_per_s <= 0:
        return None
    per_gpu = throughput.tokens_per_s / count
    if flops_per_token is not None and flops_per_token > 0 and peak_tflops > 0:
        mfu = per_gpu * flops_per_token / (peak_tflops * 1e12)
    else:
        mfu = mfu_from_throughput(per_gpu, active_params, peak_tflops)
    return mfu if 0 < mfu <= 1 else None


def _mfu_check(
    measurements: Sequence[Measurement], exp: Expectations
) -> tuple[list[Check], float | None]:
    throughput = training_throughput(measurements)
    if throughput is None:
        return _framework_mfu_check(measurements, exp)
    if exp.active_params is None:
        return [
            _info(
                "training.mfu",
                Message(code="evidence.check.mfu_unknown_model"),
                node=throughput.node,
                file=throughput.file,
            )
        ], None
    gpus = throughput.gpus or exp.gpus_per_node
    mfu = measured_mfu(
        measurements,
        active_params=exp.active_params,
        peak_tflops=exp.peak_tflops or exp.peak_bf16_tflops,
        gpus=gpus,
        flops_per_token=exp.flops_per_token,
    )
    if mfu is None:
        return [
            Check(
                test="training.mfu",
                node=throughput.node,
                file=throughput.file,
                verdict=Verdict.WARN,
                message=Message(code="evidence.check.mfu_above_one"),
            )
        ], None
    check = _ratio_check(
        test="training.mfu",
        measured=mfu,
        expected=exp.default_mfu,
        pass_ratio=MFU_PASS_RATIO,
        warn_ratio=MFU_WARN_RATIO,
        unit="",
        what=Message(
            code="evidence.what.mfu",
            params={"gpus": gpus, "tokens_per_s": throughput.tokens_per_s},
        ),
        node=throughput.node,
        file=throughput.file,
        source=exp.sources.get("mfu", ""),
    )
    return [check], mfu


FRAMEWORK_MFU_SOURCE: Final = (
    "PaLM (Chowdhery et al. 2022) App. B; FLOP counts: NVIDIA/Megatron-LM@d0f1307 "
    "training.py, pytorch/torchtitan@b5bcd76 models/utils.py, EleutherAI/gpt-neox@ea7aefd "
    "logging.py, huggingface/transformers@040ba14 modeling_utils.py"
)
"""Where the framework logs' FLOP counts come from (:mod:`.framework_mfu`)."""


def _framework_mfu_check(
    measurements: Sequence[Measurement], exp: Expectations
) -> tuple[list[Check], float | None]:
    """The ``training.mfu`` check of a framework's log: its MFU on the plan's
    footing against the plan's MFU, or, for a log of another model, its own
    MFU (then no measured MFU for the plan: it is not on the plan's footing)."""
    run = framework_run(measurements)
    if run is None:
        return [], None
    footing = exp.footing
    result = None if footing is None else framework_mfu(measurements, footing)
    if footing is None or result is None:
        message = Message(code="evidence.check.mfu_unknown_model")
        return [_info("training.mfu", message, node=run.node, file=run.file)], None
    if result.mfu is None and (result.same_model or result.own_mfu is None):
        message = Message(
            code="evidence.framework_mfu.nothing",
            params={"framework": run.framework},
        )
        return [_info("training.mfu", message, node=run.node, file=run.file)], None
    if result.mfu is not None and result.mfu > 1:
        message = Message(
            code="evidence.framework_mfu.above_one",
            params={"framework": run.framework, "mfu": result.mfu},
        )
        check = Check(
            test="training.mfu",
            node=run.node,
            file=run.file,
            verdict=Verdict.WARN,
            message=message,
        )
        return [check], None
    measured = result.mfu if result.mfu is not None else result.own_mfu or 0.0
    check = _ratio_check(
        test="training.mfu",
        measured=measured,
        expected=exp.default_mfu,
        pass_ratio=MFU_PASS_RATIO,
        warn_ratio=MFU_WARN_RATIO,
        unit="",
        what=_framework_what(result, exp),
        node=run.node,
        file=run.file,
        source=FRAMEWORK_MFU_SOURCE,
    )
    return [check], result.mfu


def _framework_what(result: FrameworkMfu, exp: Expectations) -> Message:
    """What the framework check measured: the plan's footing and how it was
    reached, the framework's own figure beside it; or the note on a log of
    another model."""
    run, footing = result.run, exp.footing
    assert footing is not None  # checked by the caller
    own = _own_figure(result)
    if result.mfu is None:
        kind = "flops"
        if run.seq_len is not None and run.seq_len != footing.seq_len:
            kind = "seq_len"
        if run.params is not None:
            kind = "both" if kind == "seq_len" else "params"
        differs = Message(
            code=f"evidence.framework_mfu.other.{kind}",
            params={
                "params_billion": (run.params or 0.0) / 1e9,
                "plan_params_billion": footing.params_total / 1e9,
                "seq_len": run.seq_len or 0,
                "plan_seq_len": footing.seq_len,
                "gflop_per_token": (run.flops_per_token or 0.0) / 1e9,
                "plan_gflop_per_token": framework_flops_per_token(
                    run.tflops_framework or run.framework, footing
                )
                / 1e9,
            },
        )
        return Message(
            code="evidence.framework_mfu.other_model",
            params={"framework": run.framework, "differs": differs, "own": own},
        )
    return Message(
        code="evidence.framework_mfu.what",
        params={
            "framework": run.framework,
            "tokens_per_s": result.tokens_per_s_per_gpu or 0.0,
            "plan_tokens_per_s": plan_tokens_per_s_per_gpu(exp.default_mfu, footing),
            "basis": _basis(result, footing),
            "own": own,
        },
    )


def _basis(result: FrameworkMfu, footing: Footing) -> Message:
    """How the tokens/s per GPU on the plan's footing were reached."""
    run = result.run
    if result.basis is Basis.TFLOPS:
        framework = run.tflops_framework or run.framework
        return Message(
            code="evidence.framework_mfu.basis.tflops",
            params={
                "tflops": run.tflops_per_gpu or 0.0,
                "gflop_per_token": framework_flops_per_token(framework, footing) / 1e9,
            },
        )
    if result.basis in (Basis.TOTAL_FLOS, Basis.SAMPLES):
        suffix = "_assumed" if result.gpus_assumed else ""
        return Message(
            code=f"evidence.framework_mfu.basis.{result.basis.value}{suffix}",
            params={
                "gpus": result.gpus or footing.gpus,
                "samples_per_s": run.samples_per_s or 0.0,
                "seq_len": footing.seq_len,
            },
        )
    return Message(code="evidence.framework_mfu.basis.tokens")


def _own_figure(result: FrameworkMfu) -> Message:
    """The framework's own figure, shown beside the plan's."""
    framework = result.run.framework
    if result.run.mfu_percent is not None:
        return Message(
            code="evidence.framework_mfu.own.stated",
            params={
                "framework": framework,
                "tflops": result.own_tflops_per_gpu or 0.0,
                "mfu": result.own_mfu or 0.0,
            },
        )
    if result.own_tflops_per_gpu is not None:
        derived = result.run.tflops_per_gpu is None  # the Trainer's total_flos
        return Message(
            code="evidence.framework_mfu.own."
            + ("total_flos" if derived else "tflops"),
            params={
                "framework": framework,
                "tflops": result.own_tflops_per_gpu,
                "mfu": result.own_mfu or 0.0,
            },
        )
    return Message(
        code="evidence.framework_mfu.own.none", params={"framework": framework}
    )


def vendor_measured_mfu(
    project: Project, vendor: Vendor, catalog: Catalog
) -> float | None:
    """MFU measured by this vendor's training job (what ``Vendor.measured_mfu`` should hold).

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> vendor_measured_mfu(Project(), Vendor(name="A"), load_catalog()) is None
    True
    """
    workload = project.workload
    try:
        shape = resolve_shape(workload, catalog)[0]
        peak = _cmp.peak_tflops(catalog.gpu(vendor.gpu_id), workload.precision)
    except (KeyError, ValueError):
        return None
    active = shape.params_active
    if active <= 0:
        return None
    if training_throughput(vendor.measurements) is not None:
        return measured_mfu(
            vendor.measurements,
            active_params=active,
            peak_tflops=peak,
            gpus=project.environment.gpus_per_node,
            flops_per_token=_cmp.model_flops_per_token(
                shape, workload.seq_len, workload.task
            ),
        )
    gpu = catalog.gpu(vendor.gpu_id)
    footing = plan_footing(
        workload, catalog, gpu, project.environment.gpus_per_node or gpu.gpus_per_server
    )
    result = None if footing is None else framework_mfu(vendor.measurements, footing)
    if result is None or result.mfu is None:
        return None
    return result.mfu if 0 < result.mfu <= 1 else None


def with_measured_mfu(project: Project, vendor: Vendor, catalog: Catalog) -> Vendor:
    """A copy of ``vendor`` with ``measured_mfu`` set from its training log (unchanged if none)."""
    mfu = vendor_measured_mfu(project, vendor, catalog)
    if mfu is None:
        return vendor
    return vendor.model_copy(update={"measured_mfu": mfu})
