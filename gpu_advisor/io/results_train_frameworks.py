"""Read the training logs of the usual frameworks: what each states of throughput.

Formats, from each framework's printing code:

* Megatron-LM (``training_log`` in ``megatron/training/training.py``), and the
  forks that print the same ``|``-separated line (Megatron-DeepSpeed,
  GPT-NeoX, Primus):
  ``iteration 43/ 100 | consumed samples: 5504 | elapsed time per iteration
  (ms): 5444.9 | throughput per GPU (TFLOP/s/GPU): 239.8 | … | lm loss: …``;
  Megatron-DeepSpeed adds ``samples per second`` and ``TFLOPs``, GPT-NeoX
  ``samples/sec`` and ``approx flops per GPU: 112.9TFLOPS``, Primus ``tokens
  per GPU (tokens/s/GPU)``.
* torchtitan (``MetricsProcessor.log`` in ``torchtitan/components/metrics.py``):
  ``step: 10  loss: 1.93761  grad_norm: 1.7217  memory: 3.18GiB(1.70%)
  tps: 121,163  tflops: 65.78  mfu: 2.63%``; ``tps`` is tokens per second per
  device (older versions print ``wps``).
* DeepSpeed: the engine's throughput timer (``epoch=0/micro_step=34/
  global_step=34, RunningAvgSamplesPerSec=7.86, CurrSamplesPerSec=8.00, …``,
  older ``0/40, SamplesPerSec=83.49, …``) in samples per second of the whole
  job (the global batch over the step time), and the flops profiler's
  ``FLOPS per GPU = 3 * fwd flops per GPU / iter latency: 112.9 TFLOPS`` and
  ``samples/second: 7.8``.
* Hugging Face Trainer: ``Trainer.log``'s dicts (``{'train_runtime': 872.1,
  'train_samples_per_second': 3.749, …}``) and ``log_metrics``'s
  ``***** train metrics *****`` block (``  train_samples_per_second =
  3.749``). ``train_samples_per_second`` and ``train_steps_per_second`` are
  of the whole job, ``train_tokens_per_second`` per device
  (``include_tokens_per_second``, TrainingArguments).

What the model was, where the log states it: torchtitan's ``Model llama3 8B
size: 8,030,261,248 total parameters`` (``torchtitan/trainer.py``) as
``params`` [count], and Megatron-LM's argument dump ``  seq_length ....
4096`` (``_print_args`` in ``megatron/training/arguments.py``) as ``seq_len``
[tokens], so that a log of another model than the plan's is told apart.

Every figure is stored with the unit the log states: ``tokens_per_s_per_gpu``
[tokens/s/GPU], ``tflops_per_gpu`` [TFLOP/s/GPU], ``mfu`` [%], ``step_time``
[ms], ``samples_per_s`` [samples/s], ``steps_per_s`` [steps/s], ``loss``,
``global_batch_size`` [samples], ``train_runtime`` [s], and the other figures
of the line (consumed samples, learning rate, grad norm, skipped and NaN
iterations, memory [GiB or GB as printed]). A figure the log does
not state is not made up (no tokens/s without a sequence length).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from gpu_advisor.io.results_parsers import (
    _DECIMAL,
    _measure,
    iter_lines,
    refusal,
)
from gpu_advisor.model.project import Measurement

TRAIN_TOOL: Final = "train-log"
MAX_FRAMEWORK_STEPS: Final = 4096
"""Most steps kept per metric (every k-th beyond, as for the kit's CSV log)."""

_ANSI = re.compile(r"\x1b\[[0-9;]*m|\[[0-9;]{1,8}m")
"""Colour codes (torchtitan colours its line; some captures keep ``[32m``)."""

_MEGATRON = re.compile(r"\biteration\s+(?P<step>[0-9]+)\s*/\s*[0-9]+\s*\|")
_TITAN = re.compile(r"\bstep:\s*(?P<step>[0-9]+)\s+loss:\s*\S+.*\b(?:tps|wps):\s*[0-9]")
_DS_TIMER = re.compile(
    r"(?:epoch=[0-9]+/micro_step=[0-9]+/global_step=(?P<step>[0-9]+)|"
    r"\b(?P<old>[0-9]+)/(?P<oldstep>[0-9]+)),\s*"
    r"(?:RunningAvgSamplesPerSec=(?P<avg>\S+?),\s*CurrSamplesPerSec=(?P<curr>\S+?)|"
    r"SamplesPerSec=(?P<sps>\S+?))(?:,|$)"
)
_DS_PROFILER_FLOPS = re.compile(
    r"^\s*FLOPS per GPU = [^:]*:\s*(?P<value>[0-9.]+)\s*(?P<unit>[KMGTP]?)FLOPS\s*$"
)
_DS_PROFILER_SAMPLES = re.compile(r"^\s*samples/second:\s*(?P<value>[0-9.]+)\s*$")
_HF_BLOCK = re.compile(r"\*{5} train metrics \*{5}")
_HF_ROW = re.compile(r"^\s*(?P<key>[a-z_]+)\s+=\s+(?P<value>\S+)\s*$")
_HF_DICT = re.compile(r"\{'(?:train_runtime|loss|train_samples_per_second)'.*\}")

_TITAN_SIZE = re.compile(
    r"\bsize:\s*(?P<count>[0-9]{1,3}(?:,[0-9]{3})*)\s+total parameters"
)
_MEGATRON_SEQ_ARG = re.compile(r"^\s+seq_length \.+ (?P<value>[0-9]+)\s*$")

_FLOPS_PREFIX: Final = {"": 1e-12, "K": 1e-9, "M": 1e-6, "G": 1e-3, "T": 1.0, "P": 1e3}


def looks_like_framework_log(text: str) -> bool:
    """True when ``text`` holds a training line of Megatron-LM, torchtitan,
    DeepSpeed or the Hugging Face Trainer."""
    for raw in text[:400_000].splitlines():
        line = _ANSI.sub("", raw)
        if (
            (_MEGATRON.search(line) and "elapsed time per iteration" in line)
            or _TITAN.search(line)
            or _DS_TIMER.search(line)
            or _DS_PROFILER_FLOPS.match(line)
            or _HF_BLOCK.search(line)
            or _HF_DICT.search(line)
        ):
            return True
    return False


@dataclass
class _Figure:
    line: int
    metric: str
    value: float
    unit: str
    step: int | None
    framework: str


def parse_framework_log(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read every training line of a framework's log (see the module's list).

    Examples
    --------
    >>> out = parse_framework_log(
    ...     "step:  2  loss:  3.07209  grad_norm:  4.5404  memory:  3.18GiB(1.70%)  "
    ...     "tps: 31,371  tflops: 17.03  mfu: 0.68%\\n", "t.log", "n1")
    >>> [(m.metric, m.value, m.unit, m.sample) for m in out]
    [('memory_max_reserved', 3.18, 'GiB', 2), ('loss', 3.07209, '', 2), ('grad_norm', 4.5404, '', 2), ('tokens_per_s_per_gpu', 31371.0, 'tokens/s/GPU', 2), ('tflops_per_gpu', 17.03, 'TFLOP/s/GPU', 2), ('mfu', 0.68, '%', 2)]
    """
    figures: list[_Figure] = []
    hf_block = False
    for number, raw in enumerate(iter_lines(text), start=1):
        line = _ANSI.sub("", raw.rstrip("\r\n"))
        if _HF_BLOCK.search(line):
            hf_block = True
            continue
        if hf_block:
            row = _HF_ROW.match(line)
            if row:
                figures.extend(_hf_pairs([(row["key"], row["value"])], number, file))
                continue
            hf_block = False
        figures.extend(_line_figures(line, number, file))
    if not figures:
        raise refusal(file, 1, "io.results.train.no_throughput")
    return [
        _measure(
            file,
            f.line,
            tool=TRAIN_TOOL,
            metric=f.metric,
            value=f.value,
            unit=f.unit,
            node=node,
            sample=f.step,
            labels={"format": f.framework},
        )
        for f in _thinned(figures)
    ]


def _line_figures(line: str, number: int, file: str) -> list[_Figure]:
    size = _TITAN_SIZE.search(line)
    if size:
        count = _num(size["count"], number, file, "total parameters")
        return [_Figure(number, "params", count, "count", None, "torchtitan")]
    seq = _MEGATRON_SEQ_ARG.match(line)
    if seq:
        value = float(seq["value"])
        return [_Figure(number, "seq_len", value, "tokens", None, "megatron-lm")]
    megatron = _MEGATRON.search(line)
    if megatron and "elapsed time per iteration" in line:
        return _megatron(line, int(megatron["step"]), number, file)
    titan = _TITAN.search(line)
    if titan:
        return _titan(line[titan.start() :], int(titan["step"]), number, file)
    timer = _DS_TIMER.search(line)
    if timer:
        return _deepspeed_timer(timer, number, file)
    flops = _DS_PROFILER_FLOPS.match(line)
    if flops:
        value = _num(flops["value"], number, file, "FLOPS per GPU")
        tflops = value * _FLOPS_PREFIX[flops["unit"]]
        return [
            _Figure(number, "tflops_per_gpu", tflops, "TFLOP/s/GPU", None, "deepspeed")
        ]
    samples = _DS_PROFILER_SAMPLES.match(line)
    if samples:
        value = _num(samples["value"], number, file, "samples/second")
        return [_Figure(number, "samples_per_s", value, "samples/s", None, "deepspeed")]
    hf = _HF_DICT.search(line)
    if hf:
        return _hf_dict(hf.group(0), number, file)
    return []


def _num(text: str, line: int, file: str, what: str) -> float:
    """A figure of a training line: digits with optional ``,`` thousands separators."""
    grouped = re.fullmatch(r"[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]*)?", text)
    cleaned = text.replace(",", "") if grouped else text
    if not _DECIMAL.fullmatch(cleaned):
        raise refusal(file, line, "io.results.not_a_number", what=what, text=text[:40])
    return float(cleaned)


# --- Megatron-LM and the forks that print its line -------------------------------------

_MEGATRON_FIELDS: Final = (
    # (label as printed, metric, unit)
    ("elapsed time per iteration (ms)", "step_time", "ms"),
    ("throughput per GPU (TFLOP/s/GPU)", "tflops_per_gpu", "TFLOP/s/GPU"),
    ("tokens per GPU (tokens/s/GPU)", "tokens_per_s_per_gpu", "tokens/s/GPU"),
    ("global batch size", "global_batch_size", "samples"),
    ("samples per second", "samples_per_s", "samples/s"),
    ("samples/sec", "samples_per_s", "samples/s"),
    ("TFLOPs", "tflops_per_gpu", "TFLOP/s/GPU"),
    ("lm loss", "loss", ""),
    ("lm_loss", "loss", ""),
    ("consumed samples", "consumed_samples", "samples"),
    ("consumed tokens", "consumed_tokens", "tokens"),
    ("learning rate", "learning_rate", ""),
    ("loss scale", "loss_scale", ""),
    ("grad norm", "grad_norm", ""),
    ("number of skipped iterations", "skipped_iterations", "count"),
    ("number of nan iterations", "nan_iterations", "count"),
)


def _megatron(line: str, step: int, number: int, file: str) -> list[_Figure]:
    """The figures of one Megatron-style iteration line (``label: value |``)."""
    out: list[_Figure] = []
    framework = "megatron-lm"
    for part in line.split("|"):
        label, sep, value = part.partition(":")
        label = label.strip()
        if not sep:
            continue
        value = value.strip().split("/")[0].strip()  # Primus prints "rank0/avg"
        if label == "approx flops per GPU":
            framework = "gpt-neox"
            match = re.fullmatch(r"([0-9.]+)\s*([KMGTP]?)FLOPS", value)
            if match is None:
                raise refusal(file, number, "io.results.train.flops", text=value[:40])
            tflops = _num(match[1], number, file, label) * _FLOPS_PREFIX[match[2]]
            out.append(
                _Figure(
                    number, "tflops_per_gpu", tflops, "TFLOP/s/GPU", step, framework
                )
            )
            continue
        for printed, metric, unit in _MEGATRON_FIELDS:
            if label == printed:
                figure = _num(value, number, file, printed)
                out.append(_Figure(number, metric, figure, unit, step, framework))
                break
    if not any(f.metric == "step_time" for f in out):
        raise refusal(file, number, "io.results.train.no_elapsed")
    return [_Figure(f.line, f.metric, f.value, f.unit, f.step, framework) for f in out]


# --- torchtitan ------------------------------------------------------------------------

_TITAN_FIELDS: Final = {
    "loss": ("loss", ""),
    "grad_norm": ("grad_norm", ""),
    "tps": ("tokens_per_s_per_gpu", "tokens/s/GPU"),
    "wps": ("tokens_per_s_per_gpu", "tokens/s/GPU"),
    "tflops": ("tflops_per_gpu", "TFLOP/s/GPU"),
    "mfu": ("mfu", "%"),
}


def _titan(line: str, step: int, number: int, file: str) -> list[_Figure]:
    """``key: value`` pairs of torchtitan's step line (two spaces between them)."""
    out: list[_Figure] = []
    memory = re.search(r"\bmemory:\s*([0-9.]+)GiB", line)
    if memory:
        reserved = _num(memory[1], number, file, "memory")
        out.append(
            _Figure(number, "memory_max_reserved", reserved, "GiB", step, "torchtitan")
        )
    for key, value in re.findall(r"([a-z_()%]+):\s*(\S+)", line):
        if key not in _TITAN_FIELDS:
            continue
        metric, unit = _TITAN_FIELDS[key]
        if key == "mfu" and value.upper() == "N/A":
            continue  # quantized training: torchtitan gives no MFU
        figure = _num(value.rstrip("%"), number, file, key)
        out.append(_Figure(number, metric, figure, unit, step, "torchtitan"))
    return out


# --- DeepSpeed -------------------------------------------------------------------------


def _deepspeed_timer(match: re.Match[str], number: int, file: str) -> list[_Figure]:
    step = int(match["step"] or match["oldstep"])
    value = match["curr"] or match["sps"]
    figures = [
        _Figure(
            number,
            "samples_per_s",
            _num(value, number, file, "SamplesPerSec"),
            "samples/s",
            step,
            "deepspeed",
        )
    ]
    for label, metric in (
        ("MemAllocated", "memory_allocated"),
        ("MaxMemAllocated", "memory_max_allocated"),
    ):
        memory = re.search(rf"\b{label}=([0-9.]+)GB", match.string)
        if memory:
            figures.append(
                _Figure(
                    number,
                    metric,
                    _num(memory[1], number, file, label),
                    "GB",
                    step,
                    "deepspeed",
                )
            )
    if match["avg"]:
        figures.append(
            _Figure(
                number,
                "samples_per_s_running_avg",
                _num(match["avg"], number, file, "RunningAvgSamplesPerSec"),
                "samples/s",
                step,
                "deepspeed",
            )
        )
    return figures


# --- Hugging Face Trainer --------------------------------------------------------------

_HF_FIELDS: Final = {
    "train_samples_per_second": ("samples_per_s", "samples/s"),
    "train_steps_per_second": ("steps_per_s", "steps/s"),
    "train_tokens_per_second": ("tokens_per_s_per_gpu", "tokens/s/GPU"),
    "train_runtime": ("train_runtime", "s"),
    "train_loss": ("loss", ""),
    "total_flos": ("total_flos", "TFLOP"),
}


def _hf_seconds(text: str) -> float | None:
    """``0:14:32.12`` (``log_metrics`` prints runtimes as h:mm:ss.ss) in seconds."""
    match = re.fullmatch(r"([0-9]+):([0-5][0-9]):([0-5][0-9](?:\.[0-9]+)?)", text)
    if match is None:
        return None
    return int(match[1]) * 3600 + int(match[2]) * 60 + float(match[3])


def _hf_pairs(
    pairs: list[tuple[str, str]], number: int, file: str
) -> Iterator[_Figure]:
    for key, text in pairs:
        if key not in _HF_FIELDS:
            continue
        metric, unit = _HF_FIELDS[key]
        if key == "total_flos":
            yield _Figure(
                number, metric, _hf_flos(text, number, file), unit, None, "hf-trainer"
            )
            continue
        seconds = _hf_seconds(text) if key == "train_runtime" else None
        value = seconds if seconds is not None else _num(text, number, file, key)
        yield _Figure(number, metric, value, unit, None, "hf-trainer")


def _hf_flos(text: str, number: int, file: str) -> float:
    """``total_flos`` in TFLOP: ``11076559GF`` in the metrics block (GFLOP),
    a plain number of FLOP in a logged dict."""
    if text.endswith("GF"):
        return _num(text[:-2], number, file, "total_flos") / 1e3
    return _num(text, number, file, "total_flos") / 1e12


def _hf_dict(text: str, number: int, file: str) -> list[_Figure]:
    """A dict ``Trainer.log`` printed; only its summary keys are read (per-step
    dicts carry the loss, which the summary gives as ``train_loss``)."""
    try:
        data = ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        raise refusal(
            file, number, "io.results.train.trainer_line", text=text[:60]
        ) from None
    if not isinstance(data, dict):
        return []
    pairs = [
        (str(k), repr(v))
        for k, v in data.items()
        if isinstance(v, int | float) and not isinstance(v, bool)
    ]
    return list(_hf_pairs(pairs, number, file))


def _thinned(figures: list[_Figure]) -> list[_Figure]:
    """At most :data:`MAX_FRAMEWORK_STEPS` steps per metric: every k-th beyond."""
    counts: dict[str, int] = {}
    for f in figures:
        counts[f.metric] = counts.get(f.metric, 0) + 1
    seen: dict[str, int] = {}
    out: list[_Figure] = []
    for f in figures:
        stride = -(-counts[f.metric] // MAX_FRAMEWORK_STEPS)
        index = seen.get(f.metric, 0)
        seen[f.metric] = index + 1
        if index % stride == 0:
            out.append(f)
    return out
