"""Read ``fio --output-format=json``: bandwidth, IOPS and latency per job.

Format: fio HOWTO, section "JSON output"
(https://fio.readthedocs.io/en/latest/fio_doc.html#json-output).
"""

from __future__ import annotations

from typing import Any

from gpu_advisor.io.results_parsers import (
    _get,
    _line_of,
    _measure,
    _number,
    _obj,
    refusal,
)
from gpu_advisor.model.project import Measurement


def parse_fio(data: Any, text: str, file: str, node: str | None) -> list[Measurement]:
    """Read ``fio --output-format=json``: per job and direction, bandwidth, IOPS, latency.

    Bandwidth comes from ``bw_bytes`` [B/s] (fio ≥ 3.0), else ``bw`` [KiB/s],
    and is stored in GB/s (10⁹ B/s). Completion-latency percentiles are
    stored in microseconds: ``clat_ns.percentile`` [ns] (fio ≥ 3.0), or fio
    2.x's ``clat.percentile`` [us]; with ``lat_percentiles=1`` fio gives
    total-latency percentiles instead (``lat_ns``), stored as ``lat_p50`` and
    ``lat_p99``.

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
        raise refusal(file, _line_of(text, '"jobs"'), "io.results.fio.no_jobs")
    out: list[Measurement] = []
    for job in jobs:
        if not isinstance(job, dict) or not isinstance(job.get("jobname"), str):
            raise refusal(file, _line_of(text, '"jobs"'), "io.results.fio.no_jobname")
        name = job["jobname"]
        line = _line_of(text, f'"jobname" : "{name}"')
        if line == 1:
            line = _line_of(text, f'"{name}"')
        if job.get("error", 0):
            raise refusal(
                file,
                line,
                "io.results.fio.job_error",
                job=name,
                error=str(job["error"]),
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
            values.extend(_percentiles(stats, f"{name}.{direction}", file, text))
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
        raise refusal(file, _line_of(text, '"jobs"'), "io.results.fio.no_data")
    return out


_PERCENTILE_SOURCES = (
    ("clat_ns", 1e-3, "clat"),  # fio >= 3.0 [ns]
    ("clat", 1.0, "clat"),  # fio 2.x [us]
    ("lat_ns", 1e-3, "lat"),  # lat_percentiles=1 [ns]
)
"""Where fio puts latency percentiles: (key, factor to microseconds, name)."""


def _percentiles(
    stats: dict[str, Any], prefix: str, file: str, text: str
) -> list[tuple[str, float, str]]:
    """``<prefix>.clat_p50`` and ``clat_p99`` [us] (or ``lat_p…``) of one direction."""
    out: list[tuple[str, float, str]] = []
    taken: set[str] = set()
    for key, to_us, kind in _PERCENTILE_SOURCES:
        percentiles = _obj(stats.get(key)).get("percentile")
        if not isinstance(percentiles, dict) or kind in taken:
            continue
        for point, label in (("50.000000", "p50"), ("99.000000", "p99")):
            if point in percentiles:
                value = _number(percentiles[point], point, file, text)
                out.append((f"{prefix}.{kind}_{label}", value * to_us, "us"))
                taken.add(kind)
    return out
