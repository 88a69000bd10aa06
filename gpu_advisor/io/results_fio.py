"""Read ``fio --output-format=json``: bandwidth, IOPS and latency per job.

Format: fio HOWTO, section "JSON output"
(https://fio.readthedocs.io/en/latest/fio_doc.html#json-output).
"""

from __future__ import annotations

from typing import Any

from gpu_advisor.io.results_parsers import (
    ResultsImportError,
    _get,
    _line_of,
    _measure,
    _number,
    _obj,
)
from gpu_advisor.model.project import Measurement


def parse_fio(data: Any, text: str, file: str, node: str | None) -> list[Measurement]:
    """Read ``fio --output-format=json``: per job and direction, bandwidth, IOPS, latency.

    Bandwidth comes from ``bw_bytes`` [B/s] (fio ≥ 3.0), else ``bw`` [KiB/s],
    and is stored in GB/s (10⁹ B/s). Completion-latency percentiles
    ``clat_ns.percentile`` are stored in microseconds.

    Examples
    --------
    >>> doc = {"fio version": "fio-3.28", "jobs": [{"jobname": "w", "error": 0,
    ...        "write": {"io_bytes": 1, "bw_bytes": 2_000_000_000, "bw": 1953125,
    ...                  "iops": 1907.3, "clat_ns": {"percentile": {"99.000000": 8e6}}}}]}
    >>> [(m.metric, m.value) for m in parse_fio(doc, "", "f.json", "n1")]
    [('w.write.bw', 2.0), ('w.write.iops', 1907.3), ('w.write.clat_p99', 8000.0)]
    """
    jobs = _get(data, "jobs", file, text)
    if not isinstance(jobs, list) or not jobs:
        raise ResultsImportError(
            file, _line_of(text, '"jobs"'), "fio 'jobs' list is empty"
        )
    out: list[Measurement] = []
    for job in jobs:
        if not isinstance(job, dict) or not isinstance(job.get("jobname"), str):
            raise ResultsImportError(
                file, _line_of(text, '"jobs"'), "fio job without 'jobname'"
            )
        name = job["jobname"]
        line = _line_of(text, f'"jobname" : "{name}"')
        if line == 1:
            line = _line_of(text, f'"{name}"')
        if job.get("error", 0):
            raise ResultsImportError(
                file, line, f"fio job {name!r} ended with error {job['error']}"
            )
        hostname = job.get("hostname", _obj(data).get("hostname"))
        job_node = hostname[:200] if isinstance(hostname, str) and hostname else node
        for direction in ("read", "write"):
            stats = job.get(direction)
            if not isinstance(stats, dict) or not stats.get("io_bytes", 1):
                continue
            if "bw_bytes" in stats:
                bw_gb_per_s = _number(stats["bw_bytes"], "bw_bytes", file, text) / 1e9
            else:
                bw_gb_per_s = _number(stats.get("bw"), "bw", file, text) * 1024 / 1e9
            values: list[tuple[str, float, str]] = [
                (f"{name}.{direction}.bw", bw_gb_per_s, "GB/s"),
                (
                    f"{name}.{direction}.iops",
                    _number(stats.get("iops"), "iops", file, text),
                    "IO/s",
                ),
            ]
            percentiles = _obj(stats.get("clat_ns")).get("percentile", {})
            if isinstance(percentiles, dict):
                for key, label in (
                    ("50.000000", "clat_p50"),
                    ("99.000000", "clat_p99"),
                ):
                    if key in percentiles:
                        value_ns = _number(percentiles[key], key, file, text)
                        values.append(
                            (f"{name}.{direction}.{label}", value_ns / 1e3, "us")
                        )
            out.extend(
                _measure(
                    file,
                    line,
                    tool="fio",
                    metric=metric,
                    value=value,
                    unit=unit,
                    node=job_node,
                )
                for metric, value, unit in values
            )
    if not out:
        raise ResultsImportError(
            file, _line_of(text, '"jobs"'), "fio jobs moved no data"
        )
    return out
