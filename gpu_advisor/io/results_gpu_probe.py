"""Read the kit's own GPU probe (``50_gpu_probe.py``): JSON with
``"tool": "gpu_advisor_gpu_probe"``, bf16 matmul and memory copy per GPU."""

from __future__ import annotations

from typing import Any, Final

from gpu_advisor.io.results_parsers import (
    _get,
    _line_of,
    _measure,
    _number,
    refusal,
)
from gpu_advisor.model.project import Measurement

GPU_PROBE_TOOL: Final = "gpu_advisor_gpu_probe"
"""Value of the ``tool`` key in the JSON printed by the kit's ``50_gpu_probe.py``."""


def parse_gpu_probe(
    data: Any, text: str, file: str, node: str | None
) -> list[Measurement]:
    """Read the kit's ``50_gpu_probe.py`` JSON: bf16 matmul [TFLOP/s], copy [GB/s] per GPU.

    A probe that skipped itself (``"skipped": "..."``, e.g. no PyTorch) yields
    no measurement.
    """
    if isinstance(data.get("host"), str) and data["host"]:
        node = data["host"]
    if data.get("skipped"):
        return []
    gpus = _get(data, "gpus", file, text)
    if not isinstance(gpus, list):
        raise refusal(file, _line_of(text, '"gpus"'), "io.results.probe.gpus")
    out: list[Measurement] = []
    for entry in gpus:
        if not isinstance(entry, dict) or not isinstance(entry.get("index"), int):
            raise refusal(file, _line_of(text, '"gpus"'), "io.results.probe.index")
        index = entry["index"]
        line = _line_of(text, f'"index": {index}')
        for key, metric, unit in (
            ("bf16_matmul_tflops", "bf16_matmul", "TFLOP/s"),
            ("copy_gb_per_s", "memory_copy", "GB/s"),
        ):
            if key in entry:
                value = _number(entry[key], key, file, text)
                out.append(
                    _measure(
                        file,
                        line,
                        tool="gpu-probe",
                        metric=metric,
                        value=value,
                        unit=unit,
                        node=node,
                        gpu=index,
                    )
                )
    return out
