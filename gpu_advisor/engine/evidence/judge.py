"""Judge a vendor's measured results against what its hardware should deliver.

Pure functions. :func:`expectations_for` works out the expected value of each
test from the catalog, the vendor's quote and the sized workload;
:func:`judge_measurements` compares the imported
:class:`~gpu_advisor.model.project.Measurement` objects with them and returns
one :class:`Check` per test and node (pass / warn / fail, threshold shown),
plus the performance and network sub-scores used by
:mod:`gpu_advisor.engine.evidence.scoring`. :func:`measured_mfu` turns the training
log into the MFU that replaces the catalog's guess for this vendor.

Expected values and their sources
---------------------------------
* NCCL bus bandwidth: nccl-tests reports ``busbw = algbw × 2(n−1)/n`` for
  all_reduce (``(n−1)/n`` for all_gather, reduce_scatter and alltoall) so that
  it can be compared with the hardware's link speed whatever the rank count
  [1]_. Inside a server the link is the GPU's NVLink or PCIe class, across
  servers the NIC class; expected busbw = per-GPU line rate [Gbit/s] / 8 ×
  the class's achievable efficiency (catalog ``networks.json``) [1]_ [2]_.
  Measured at large messages (≥ :data:`LARGE_MESSAGE_BYTES`), where the
  per-call latency no longer matters.
* iperf3: the TCP throughput between two nodes against the NIC speed the
  vendor quoted; TCP/IP headers and one host's CPU cost a few per cent, so
  80 % of line rate passes [3]_.
* fio: sequential write to shared storage against the checkpoint write
  bandwidth the sizing engine needs (checkpoint bytes / target seconds) [4]_.
* nvidia-smi: GPU temperature against the project's alert threshold
  (``monitoring.gpu_temp_c``, 85 °C by default); SM clock under load against
  the maximum SM clock; the driver's thermal / hardware slowdown reasons; ECC
  uncorrectable errors [5]_.
* dcgmi diag: any Fail fails, any Warn warns [6]_.
* dcgmi dmon, captured while the user's own job runs: the mean tensor-pipe
  activity (TENSO) over the samples under load against the MFU the plan
  models. The tensor pipe running a fraction TENSO of the cycles delivers at
  most TENSO × the tensor peak, and the model's FLOPs are a part of what it
  delivers, so MFU ≤ TENSO: below the modelled MFU the job cannot reach the
  plan's throughput (pass at ≥ :data:`MFU_PASS_RATIO`, warn at ≥
  :data:`MFU_WARN_RATIO` of it, as for the training log). SM activity
  (SMACT): ≥ 0.8 is "necessary, but not sufficient, for effective use of the
  GPU", < 0.5 "likely indicates ineffective GPU usage" [8]_. Samples with
  graphics-engine activity (GRACT) below :data:`DMON_LOADED_GR_ACTIVE` are idle
  time before or after the job and are left out.
* GPU probe: bf16 matmul against the datasheet dense bf16 peak, device copy
  against the datasheet memory bandwidth.
* MFU: tokens/s/GPU × 6·N_active / peak [7]_.

References
----------
.. [1] NVIDIA, nccl-tests ``doc/PERFORMANCE.md``, "Bus bandwidth" (2023),
   https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md
.. [2] NVIDIA, NCCL User Guide, "Environment variables" and "Troubleshooting",
   https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/
.. [3] ESnet, iperf3 documentation, https://software.es.net/iperf/
.. [4] fio HOWTO, "JSON output", https://fio.readthedocs.io/
.. [5] NVIDIA, nvidia-smi manual page, "Clocks Event Reasons",
   https://docs.nvidia.com/deploy/nvidia-smi/
.. [6] NVIDIA, DCGM User Guide, "DCGM Diagnostics",
   https://docs.nvidia.com/datacenter/dcgm/latest/user-guide/dcgm-diagnostics.html
.. [7] Chowdhery et al., "PaLM: Scaling Language Modeling with Pathways",
   2022, Appendix B (model FLOPs utilization), arXiv:2204.02311.
.. [8] NVIDIA, DCGM User Guide, "Feature Overview", "Profiling Metrics"
   (GRACT, SMACT, TENSO: ``DCGM_FI_PROF_GR_ENGINE_ACTIVE``,
   ``DCGM_FI_PROF_SM_ACTIVE``, ``DCGM_FI_PROF_PIPE_TENSOR_ACTIVE``),
   https://docs.nvidia.com/datacenter/dcgm/latest/user-guide/feature-overview.html
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Final

from pydantic import Field

from gpu_advisor.engine.sizing import compute as _cmp
from gpu_advisor.engine.sizing.size import resolve_shape, size_workload
from gpu_advisor.model.catalog import Catalog, NetworkClass
from gpu_advisor.model.common import Frozen
from gpu_advisor.model.project import Measurement, Project, Vendor
from gpu_advisor.model.sizing_results import SizingResult

LARGE_MESSAGE_BYTES: Final = 256 * 2**20
"""Messages at least this large are "large" for the busbw verdict [B]; NCCL
reaches its plateau above ~100 MB on NVLink and InfiniBand (nccl-tests
PERFORMANCE.md plots)."""

NCCL_PASS_RATIO: Final = 0.85
NCCL_WARN_RATIO: Final = 0.60
IPERF_PASS_RATIO: Final = 0.80
IPERF_WARN_RATIO: Final = 0.50
FIO_PASS_RATIO: Final = 1.0
FIO_WARN_RATIO: Final = 0.5
MATMUL_PASS_RATIO: Final = 0.70
"""A large bf16 GEMM reaches 70–90 % of the dense peak on a healthy card."""
MATMUL_WARN_RATIO: Final = 0.50
COPY_PASS_RATIO: Final = 0.75
"""A device-to-device copy reaches 75–90 % of the datasheet memory bandwidth."""
COPY_WARN_RATIO: Final = 0.55
MFU_PASS_RATIO: Final = 0.90
"""Measured MFU at 90 % of the catalog's default or better passes."""
MFU_WARN_RATIO: Final = 0.70
CLOCK_WARN_RATIO: Final = 0.85
"""SM clock under load below 85 % of its maximum: the card is being held back."""
LOADED_UTILIZATION_PCT: Final = 50.0
"""A sample counts as "under load" at this GPU utilisation or more [%]."""
TEMPERATURE_WARN_MARGIN_C: Final = 5.0
"""Warn this many degrees below the alert threshold [°C]."""
DMON_LOADED_GR_ACTIVE: Final = 0.10
"""``dcgmi dmon`` samples with GRACT below this are idle time, not the job. [ratio]"""
SM_ACTIVE_PASS: Final = 0.80
"""SMACT at or above this passes: "necessary, but not sufficient" (DCGM User Guide)."""
SM_ACTIVE_WARN: Final = 0.50
"""SMACT below this fails: "likely indicates ineffective GPU usage" (DCGM User Guide)."""
DMON_TOOL: Final = "dcgmi-dmon"
DMON_SOURCE: Final = "DCGM User Guide, Feature Overview, Profiling Metrics"
TRAIN_WARMUP_FRACTION: Final = 0.1
"""Leading share of training steps ignored (compilation, data-loader warm-up)."""

HARD_THROTTLE_REASONS: Final = frozenset(
    {
        "hw_slowdown",
        "hw_thermal_slowdown",
        "sw_thermal_slowdown",
        "hw_power_brake_slowdown",
    }
)
"""Slowdown reasons that mean cooling or power trouble (a power cap alone is normal)."""

PERFORMANCE_PARTS: Final = {"mfu": 0.4, "nccl_intra": 0.3, "matmul": 0.2, "copy": 0.1}
"""Weights of the measured-performance sub-score; the real job counts most."""

HEALTH_PENALTY_POINTS: Final = {"fail": 15.0, "warn": 5.0}
"""Points taken off the performance sub-score per failing / warning health check."""


class Verdict(StrEnum):
    PASS = "pass"
    WARN = "warn"
    FAIL = "fail"
    INFO = "info"


_RANK: Final = {Verdict.INFO: 0, Verdict.PASS: 1, Verdict.WARN: 2, Verdict.FAIL: 3}


class Expectations(Frozen):
    """What the vendor's hardware should deliver in each test, with sources."""

    gpu_id: str
    gpus_per_node: int = Field(..., ge=1)
    intra_network_id: str
    intra_busbw_gb_per_s: float = Field(..., ge=0, description="[GB/s]")
    inter_network_id: str | None = None
    inter_busbw_gb_per_s: float | None = Field(None, ge=0, description="[GB/s]")
    required_network_id: str | None = None
    required_inter_busbw_gb_per_s: float | None = Field(
        None, ge=0, description="[GB/s]"
    )
    nic_gbit_per_s: float | None = Field(None, ge=0, description="Quoted NIC. [Gbit/s]")
    checkpoint_write_gb_per_s: float | None = Field(None, ge=0, description="[GB/s]")
    peak_bf16_tflops: float = Field(..., gt=0, description="[TFLOP/s]")
    memory_bandwidth_gb_per_s: float = Field(..., gt=0, description="[GB/s]")
    default_mfu: float = Field(..., gt=0, le=1)
    active_params: float | None = Field(None, gt=0, description="N_active. [1]")
    flops_per_token: float | None = Field(
        None,
        gt=0,
        description="Model FLOPs per token of the plan's model (6N + attention, no "
        "recompute): the footing of every MFU in the plan. [FLOP/token]",
    )
    peak_tflops: float | None = Field(
        None, gt=0, description="Dense peak in the plan's training precision. [TFLOP/s]"
    )
    gpu_temp_limit_c: float = Field(85.0, description="[°C]")
    sources: dict[str, str] = Field(default_factory=dict)


class Check(Frozen):
    """One verdict: a test on one node (and GPU), with the threshold shown."""

    test: str = Field(
        ..., description="e.g. 'nccl.intra_node', 'iperf3', 'gpu.temperature'."
    )
    node: str | None = None
    gpu: int | None = None
    file: str = ""
    measured: float | None = None
    expected: float | None = None
    unit: str = ""
    verdict: Verdict
    threshold_en: str = ""
    threshold_zh: str = ""
    message_en: str
    message_zh: str
    source: str = ""

    @property
    def ratio(self) -> float | None:
        """Measured / expected, when both are known and expected > 0."""
        if self.measured is None or not self.expected:
            return None
        return self.measured / self.expected


class TrainingThroughput(Frozen):
    """The training log reduced to one figure."""

    file: str
    node: str | None
    tokens_per_s: float = Field(
        ..., ge=0, description="Median job throughput. [tokens/s]"
    )
    gpus: int | None = Field(None, ge=1)
    steps: int = Field(..., ge=1)


class VendorJudgement(Frozen):
    """All checks for one vendor, with the sub-scores the scoring matrix uses."""

    vendor: str
    expectations: Expectations
    checks: list[Check] = Field(default_factory=list)
    performance_score: float | None = Field(None, ge=0, le=100)
    network_score: float | None = Field(None, ge=0, le=100)
    measured_mfu: float | None = Field(None, gt=0, le=1)
    score_notes_en: list[str] = Field(default_factory=list)
    score_notes_zh: list[str] = Field(default_factory=list)

    def verdict(self) -> Verdict:
        """The worst verdict of all checks (INFO when there is none)."""
        return worst(c.verdict for c in self.checks)

    def node_verdicts(self) -> dict[str, Verdict]:
        """The worst verdict per node (checks without a node under ``""``)."""
        grouped: dict[str, list[Verdict]] = defaultdict(list)
        for check in self.checks:
            grouped[check.node or ""].append(check.verdict)
        return {node: worst(verdicts) for node, verdicts in sorted(grouped.items())}


def worst(verdicts: Iterable[Verdict]) -> Verdict:
    """The most severe verdict.

    Examples
    --------
    >>> worst([Verdict.PASS, Verdict.WARN, Verdict.INFO]).value
    'warn'
    >>> worst([]).value
    'info'
    """
    result = Verdict.INFO
    for verdict in verdicts:
        if _RANK[verdict] > _RANK[result]:
            result = verdict
    return result


# --- expected values -------------------------------------------------------------


def expected_busbw_gb_per_s(network: NetworkClass) -> float:
    """Bus bandwidth NCCL should reach on a network class.

    Parameters
    ----------
    network : NetworkClass
        Catalog class with ``bandwidth_gbit_per_s_per_gpu`` [Gbit/s] and
        ``efficiency`` [1].

    Returns
    -------
    float
        Expected large-message busbw per GPU. [GB/s]

    Notes
    -----
    busbw_expected = B_line / 8 × η. nccl-tests defines busbw so that it
    equals the per-rank link bandwidth the collective uses, independent of
    the rank count (busbw = algbw × 2(n−1)/n for all_reduce).

    References
    ----------
    NVIDIA nccl-tests, doc/PERFORMANCE.md, "Bus bandwidth", 2023.

    Examples
    --------
    >>> from gpu_advisor.model.catalog import NetworkClass, NetworkKind
    >>> from gpu_advisor.model.common import Provenance
    >>> import datetime as dt
    >>> hdr = NetworkClass(id="ib-hdr-200", name="HDR", kind=NetworkKind.INFINIBAND,
    ...     scope="inter_node", bandwidth_gbit_per_s_per_gpu=200, latency_us=2,
    ...     efficiency=0.9, suitable_for_multi_node_training=True,
    ...     provenance=Provenance(source="x", as_of=dt.date(2024, 1, 1)))
    >>> expected_busbw_gb_per_s(hdr)
    22.5
    """
    return network.bandwidth_gbit_per_s_per_gpu / 8.0 * network.efficiency


def expected_inter_node_busbw_gb_per_s(
    network: NetworkClass, gpus_per_node: int, intra_busbw_gb_per_s: float
) -> float:
    """Bus bandwidth NCCL should reach across servers.

    Parameters
    ----------
    network : NetworkClass
        Inter-node class; ``bandwidth_gbit_per_s_per_gpu`` is the NIC share of
        one GPU [Gbit/s].
    gpus_per_node : int
        GPUs (and ranks) per server. [1]
    intra_busbw_gb_per_s : float
        Expected busbw inside one server, the upper bound. [GB/s]

    Returns
    -------
    float
        Expected large-message busbw across servers. [GB/s]

    Notes
    -----
    busbw = min(G · B_gpu / 8 · η, busbw_intra). NCCL runs one ring (channel)
    per NIC; the rings cross the server boundary in parallel, so each byte of
    ring traffic shares the server's G · B_gpu of NIC bandwidth, and busbw,
    which counts that ring traffic per rank, approaches the server's aggregate
    NIC bandwidth. It cannot exceed what the links inside the server carry.

    References
    ----------
    NVIDIA nccl-tests, doc/PERFORMANCE.md, "Bus bandwidth", 2023;
    Jeaugey, "Massively Scale Your Deep Learning Training with NCCL 2.4",
    NVIDIA Technical Blog, 2019 (rings and trees across nodes).

    Examples
    --------
    >>> from gpu_advisor.model.catalog import NetworkClass, NetworkKind
    >>> from gpu_advisor.model.common import Provenance
    >>> import datetime as dt
    >>> hdr = NetworkClass(id="ib-hdr-200", name="HDR", kind=NetworkKind.INFINIBAND,
    ...     scope="inter_node", bandwidth_gbit_per_s_per_gpu=200, latency_us=2,
    ...     efficiency=0.9, suitable_for_multi_node_training=True,
    ...     provenance=Provenance(source="x", as_of=dt.date(2024, 1, 1)))
    >>> expected_inter_node_busbw_gb_per_s(hdr, 8, 240.0)
    180.0
    """
    if gpus_per_node < 1:
        raise ValueError("need gpus_per_node >= 1")
    return min(expected_busbw_gb_per_s(network) * gpus_per_node, intra_busbw_gb_per_s)


def busbw_from_algbw(
    algbw_gb_per_s: float, ranks: int, collective: str = "all_reduce"
) -> float:
    """Bus bandwidth from algorithm bandwidth, as nccl-tests computes it.

    Parameters
    ----------
    algbw_gb_per_s : float
        size / time. [GB/s]
    ranks : int
        Number of ranks n. [1]
    collective : str
        ``all_reduce`` (factor 2(n−1)/n), ``all_gather``, ``reduce_scatter``,
        ``alltoall`` ((n−1)/n); anything else: factor 1.

    Returns
    -------
    float
        busbw. [GB/s]

    References
    ----------
    NVIDIA nccl-tests, doc/PERFORMANCE.md, "Bus bandwidth", 2023.

    Examples
    --------
    >>> busbw_from_algbw(133.5, 8)
    233.625
    """
    if ranks < 1:
        raise ValueError("need ranks >= 1")
    if collective == "all_reduce":
        return algbw_gb_per_s * 2.0 * (ranks - 1) / ranks
    if collective in {"all_gather", "reduce_scatter", "alltoall"}:
        return algbw_gb_per_s * (ranks - 1) / ranks
    return algbw_gb_per_s


def _inter_class(catalog: Catalog, network_id: str | None) -> NetworkClass | None:
    if not network_id:
        return None
    try:
        network = catalog.network(network_id)
    except KeyError:
        return None
    return network if network.scope == "inter_node" else None


def expectations_for(
    project: Project,
    vendor: Vendor,
    catalog: Catalog,
    *,
    sizing: SizingResult | None = None,
    checkpoint_write_gb_per_s: float | None = None,
) -> Expectations:
    """Expected values of every test for one vendor.

    Parameters
    ----------
    project : Project
        Supplies the workload (model size, network need) and the alert threshold.
    vendor : Vendor
        Supplies the GPU, the quoted NIC speed and network class.
    catalog : Catalog
        GPU datasheet figures and network classes.
    sizing : SizingResult, optional
        The sized workload; by default sized as the plan sizes it (with the
        vendors' measured MFU, see
        :func:`gpu_advisor.engine.evaluate.measured_mfu_for`).
    checkpoint_write_gb_per_s : float, optional
        Overrides the sizing engine's checkpoint write bandwidth. [GB/s]

    Returns
    -------
    Expectations
        Expected values with a source string for each.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> e = expectations_for(Project(), Vendor(name="A", network_id="ib-hdr-200"), load_catalog())
    >>> e.intra_busbw_gb_per_s, e.inter_busbw_gb_per_s
    (240.0, 180.0)
    """
    gpu = catalog.gpu(vendor.gpu_id)
    intra = catalog.network(gpu.intra_node_network_id)
    if sizing is None:
        from gpu_advisor.engine.evaluate import measured_mfu_for  # evaluate imports us

        sizing = size_workload(
            project.workload, catalog, measured_mfu=measured_mfu_for(project)
        )
    inter = _inter_class(catalog, vendor.network_id) or _inter_class(
        catalog, project.workload.network_id
    )
    required = (
        _inter_class(catalog, project.workload.network_id)
        or _inter_class(catalog, sizing.cluster.network_needed_id)
        or _inter_class(catalog, sizing.cluster.network_id)
        or inter
    )
    if checkpoint_write_gb_per_s is None:
        checkpoint_write_gb_per_s = sizing.storage.checkpoint_write_gb_per_s or None
    workload = project.workload
    flops_per_token: float | None = None
    peak: float | None = None
    try:
        shape = resolve_shape(workload, catalog)[0]
        active_params: float | None = shape.params_active
        flops_per_token = _cmp.model_flops_per_token(
            shape, workload.seq_len, workload.task
        )
        peak = _cmp.peak_tflops(gpu, workload.precision)
    except (KeyError, ValueError):
        active_params = None
    # the MFU the plan assumes for this GPU: the modelled figure when the
    # sizing runs on this GPU from the catalog, else the GPU's default
    expected_mfu = (
        sizing.compute.mfu
        if sizing.gpu_id == gpu.id and sizing.compute.mfu_source == "catalog"
        else gpu.default_mfu
    )
    sources = {
        "nccl": "nccl-tests doc/PERFORMANCE.md (busbw) x catalog networks.json efficiency",
        "intra": intra.provenance.source,
        "gpu": gpu.provenance.source,
        "iperf3": "vendor quote (vendors[].intranet_gbit_per_s)",
        "fio": "sizing engine: checkpoint bytes / checkpoint_write_target_s",
        "mfu": "PaLM (Chowdhery et al. 2022) App. B (model FLOPs); MFU model fitted to published runs (reference_runs.json)",
        "temperature": "project monitoring.gpu_temp_c",
    }
    if inter is not None:
        sources["inter"] = inter.provenance.source
    gpus_per_node = project.environment.gpus_per_node or gpu.gpus_per_server
    intra_busbw = expected_busbw_gb_per_s(intra)
    return Expectations(
        gpu_id=gpu.id,
        gpus_per_node=gpus_per_node,
        intra_network_id=intra.id,
        intra_busbw_gb_per_s=intra_busbw,
        inter_network_id=inter.id if inter else None,
        inter_busbw_gb_per_s=(
            expected_inter_node_busbw_gb_per_s(inter, gpus_per_node, intra_busbw)
            if inter
            else None
        ),
        required_network_id=required.id if required else None,
        required_inter_busbw_gb_per_s=(
            expected_inter_node_busbw_gb_per_s(required, gpus_per_node, intra_busbw)
            if required
            else None
        ),
        nic_gbit_per_s=vendor.intranet_gbit_per_s or None,
        checkpoint_write_gb_per_s=checkpoint_write_gb_per_s,
        peak_bf16_tflops=gpu.bf16_dense_tflops,
        memory_bandwidth_gb_per_s=gpu.memory_bandwidth_tb_per_s * 1000.0,
        default_mfu=expected_mfu,
        active_params=active_params,
        flops_per_token=flops_per_token or None,
        peak_tflops=peak,
        gpu_temp_limit_c=project.monitoring.gpu_temp_c,
        sources=sources,
    )


# --- helpers ----------------------------------------------------------------------------


def _ratio_check(
    *,
    test: str,
    measured: float,
    expected: float,
    pass_ratio: float,
    warn_ratio: float,
    unit: str,
    what_en: str,
    what_zh: str,
    node: str | None = None,
    gpu: int | None = None,
    file: str = "",
    source: str = "",
) -> Check:
    """Pass at ≥ pass_ratio × expected, warn at ≥ warn_ratio ×, else fail."""
    ratio = measured / expected if expected > 0 else 0.0
    if ratio >= pass_ratio:
        verdict = Verdict.PASS
    elif ratio >= warn_ratio:
        verdict = Verdict.WARN
    else:
        verdict = Verdict.FAIL
    pass_at, warn_at = pass_ratio * expected, warn_ratio * expected
    pct = f"{100 * ratio:.0f}"
    sep = " " if unit else ""
    return Check(
        test=test,
        node=node,
        gpu=gpu,
        file=file,
        measured=measured,
        expected=expected,
        unit=unit,
        verdict=verdict,
        threshold_en=(
            f"pass >= {pass_at:.3g}{sep}{unit} ({100 * pass_ratio:.0f}% of expected "
            f"{expected:.3g}), warn >= {warn_at:.3g}{sep}{unit} ({100 * warn_ratio:.0f}%), "
            "fail below"
        ),
        threshold_zh=(
            f"≥ {pass_at:.3g}{sep}{unit} 为通过（预期 {expected:.3g} 的 {100 * pass_ratio:.0f}%），"
            f"≥ {warn_at:.3g}{sep}{unit} 为警告（{100 * warn_ratio:.0f}%），低于则不通过"
        ),
        message_en=f"{what_en}: measured {measured:.3g}{sep}{unit}, {pct}% of the expected {expected:.3g}{sep}{unit}.",
        message_zh=f"{what_zh}：实测 {measured:.3g}{sep}{unit}，为预期 {expected:.3g}{sep}{unit} 的 {pct}%。",
        source=source,
    )


def _info(
    test: str, en: str, zh: str, *, node: str | None = None, file: str = ""
) -> Check:
    return Check(
        test=test,
        node=node,
        file=file,
        verdict=Verdict.INFO,
        message_en=en,
        message_zh=zh,
    )


def _by_file(
    measurements: Sequence[Measurement], tool: str
) -> dict[str, list[Measurement]]:
    grouped: dict[str, list[Measurement]] = defaultdict(list)
    for m in measurements:
        if m.tool == tool:
            grouped[m.file].append(m)
    return dict(grouped)


# --- per tool -------------------------------------------------------------------------


def large_message_busbw_gb_per_s(rows: Sequence[Measurement]) -> float | None:
    """Median out-of-place busbw over the large-message rows of one nccl-tests run.

    Uses rows with ``size_bytes`` ≥ :data:`LARGE_MESSAGE_BYTES`; when the run
    stopped below that size, the largest size it reached.

    Examples
    --------
    >>> rows = [Measurement(tool="nccl-tests", metric="all_reduce.out_of_place.busbw",
    ...         value=v, unit="GB/s", size_bytes=s)
    ...         for s, v in [(2**20, 50.0), (2**28, 220.0), (2**30, 230.0), (2**33, 234.0)]]
    >>> large_message_busbw_gb_per_s(rows)
    230.0
    """
    busbw = [
        m
        for m in rows
        if m.metric.endswith(".out_of_place.busbw") and m.size_bytes is not None
    ]
    if not busbw:
        return None
    large = [m.value for m in busbw if (m.size_bytes or 0) >= LARGE_MESSAGE_BYTES]
    if not large:
        biggest = max(m.size_bytes or 0 for m in busbw)
        large = [m.value for m in busbw if m.size_bytes == biggest]
    return float(statistics.median(large))


def _nccl_checks(measurements: Sequence[Measurement], exp: Expectations) -> list[Check]:
    checks: list[Check] = []
    for file, rows in sorted(_by_file(measurements, "nccl-tests").items()):
        node = rows[0].node
        nodes = next((m.value for m in rows if m.metric.endswith(".nodes")), 1.0)
        op = rows[0].metric.split(".", 1)[0]
        wrong = sum(m.value for m in rows if m.metric.endswith(".wrong"))
        oob = sum(m.value for m in rows if m.metric.endswith(".out_of_bounds"))
        if wrong > 0 or oob > 0:
            checks.append(
                Check(
                    test="nccl.correctness",
                    node=node,
                    file=file,
                    measured=wrong + oob,
                    expected=0.0,
                    unit="count",
                    verdict=Verdict.FAIL,
                    threshold_en="fail when #wrong or out-of-bounds values > 0",
                    threshold_zh="#wrong 或越界值大于 0 即不通过",
                    message_en=f"{op}: {wrong + oob:.0f} wrong results; the GPUs or links corrupt data.",
                    message_zh=f"{op}：{wrong + oob:.0f} 个错误结果，GPU 或链路传输出错。",
                    source="nccl-tests README (#wrong column)",
                )
            )
        if op != "all_reduce":
            continue  # the verdict uses all_reduce; the other collectives are shown in charts
        measured = large_message_busbw_gb_per_s(rows)
        if measured is None:
            continue
        if nodes <= 1:
            checks.append(
                _ratio_check(
                    test="nccl.intra_node",
                    measured=measured,
                    expected=exp.intra_busbw_gb_per_s,
                    pass_ratio=NCCL_PASS_RATIO,
                    warn_ratio=NCCL_WARN_RATIO,
                    unit="GB/s",
                    what_en=f"all_reduce bus bandwidth inside one server ({exp.intra_network_id})",
                    what_zh=f"单机内 all_reduce 总线带宽（{exp.intra_network_id}）",
                    node=node,
                    file=file,
                    source=exp.sources.get("nccl", ""),
                )
            )
        elif exp.inter_busbw_gb_per_s is not None:
            checks.append(
                _ratio_check(
                    test="nccl.inter_node",
                    measured=measured,
                    expected=exp.inter_busbw_gb_per_s,
                    pass_ratio=NCCL_PASS_RATIO,
                    warn_ratio=NCCL_WARN_RATIO,
                    unit="GB/s",
                    what_en=f"all_reduce bus bandwidth across {nodes:.0f} servers ({exp.inter_network_id})",
                    what_zh=f"{nodes:.0f} 台服务器间 all_reduce 总线带宽（{exp.inter_network_id}）",
                    node=node,
                    file=file,
                    source=exp.sources.get("nccl", ""),
                )
            )
        else:
            checks.append(
                _info(
                    "nccl.inter_node",
                    f"all_reduce across {nodes:.0f} servers: {measured:.3g} GB/s; no network "
                    "class quoted, so nothing to compare with.",
                    f"{nodes:.0f} 台服务器间 all_reduce：{measured:.3g} GB/s；未填写网络类型，无法对比。",
                    node=node,
                    file=file,
                )
            )
    return checks


def _iperf_checks(
    measurements: Sequence[Measurement], exp: Expectations
) -> list[Check]:
    checks: list[Check] = []
    for file, rows in sorted(_by_file(measurements, "iperf3").items()):
        received = next((m for m in rows if m.metric == "tcp.received"), None)
        if received is None:
            continue
        if exp.nic_gbit_per_s:
            checks.append(
                _ratio_check(
                    test="iperf3",
                    measured=received.value,
                    expected=exp.nic_gbit_per_s,
                    pass_ratio=IPERF_PASS_RATIO,
                    warn_ratio=IPERF_WARN_RATIO,
                    unit="Gbit/s",
                    what_en="TCP throughput between nodes (iperf3) against the quoted NIC speed",
                    what_zh="节点间 TCP 吞吐（iperf3）对比报价网卡速率",
                    node=received.node,
                    file=file,
                    source=exp.sources.get("iperf3", ""),
                )
            )
        else:
            checks.append(
                _info(
                    "iperf3",
                    f"iperf3: {received.value:.3g} Gbit/s; enter the quoted NIC speed to judge it.",
                    f"iperf3：{received.value:.3g} Gbit/s；填写报价网卡速率后才能判断。",
                    node=received.node,
                    file=file,
                )
            )
    return checks


def _fio_checks(measurements: Sequence[Measurement], exp: Expectations) -> list[Check]:
    writes = [
        m for m in measurements if m.tool == "fio" and m.metric.endswith(".write.bw")
    ]
    shared = [m for m in writes if "shared" in m.metric]
    candidates = shared or writes
    if not candidates:
        return []
    best = max(candidates, key=lambda m: m.value)
    job = best.metric.split(".", 1)[0]
    if exp.checkpoint_write_gb_per_s:
        return [
            _ratio_check(
                test="fio.checkpoint_write",
                measured=best.value,
                expected=exp.checkpoint_write_gb_per_s,
                pass_ratio=FIO_PASS_RATIO,
                warn_ratio=FIO_WARN_RATIO,
                unit="GB/s",
                what_en=f"sequential write ({job}) against the checkpoint write bandwidth needed",
                what_zh=f"顺序写（{job}）对比保存检查点所需写带宽",
                node=best.node,
                file=best.file,
                source=exp.sources.get("fio", ""),
            )
        ]
    return [
        _info(
            "fio.checkpoint_write",
            f"fio {job}: {best.value:.3g} GB/s; no checkpoint bandwidth to compare with.",
            f"fio {job}：{best.value:.3g} GB/s；没有可对比的检查点写带宽。",
            node=best.node,
            file=best.file,
        )
    ]


def _gpu_health_checks(
    measurements: Sequence[Measurement], exp: Expectations
) -> list[Check]:
    smi = [m for m in measurements if m.tool == "nvidia-smi" and m.gpu is not None]
    checks: list[Check] = []
    limit = exp.gpu_temp_limit_c
    temps: dict[tuple[str | None, int], Measurement] = {}
    for m in smi:
        key = (m.node, m.gpu or 0)
        if m.metric == "temperature.gpu" and (
            key not in temps or m.value > temps[key].value
        ):
            temps[key] = m
    for (node, gpu), m in sorted(
        temps.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])
    ):
        if m.value >= limit:
            verdict = Verdict.FAIL
        elif m.value >= limit - TEMPERATURE_WARN_MARGIN_C:
            verdict = Verdict.WARN
        else:
            continue
        checks.append(
            Check(
                test="gpu.temperature",
                node=node,
                gpu=gpu,
                file=m.file,
                measured=m.value,
                expected=limit,
                unit="C",
                verdict=verdict,
                threshold_en=f"fail >= {limit:.0f} C (hot), warn >= {limit - TEMPERATURE_WARN_MARGIN_C:.0f} C",
                threshold_zh=f"≥ {limit:.0f} °C 为过热不通过，≥ {limit - TEMPERATURE_WARN_MARGIN_C:.0f} °C 为警告",
                message_en=f"GPU {gpu} reached {m.value:.0f} C: check the cooling.",
                message_zh=f"GPU {gpu} 温度达 {m.value:.0f} °C：请检查散热。",
                source=exp.sources.get("temperature", ""),
            )
        )
    # Clocks under load: group the metrics of one nvidia-smi sample.
    samples: dict[tuple[str, str | None, int, int | None], dict[str, float]] = (
        defaultdict(dict)
    )
    for m in smi:
        samples[(m.file, m.node, m.gpu or 0, m.sample)][m.metric] = m.value
    lowest: dict[tuple[str | None, int], tuple[float, float, str]] = {}
    for (file, node, gpu, _), values in samples.items():
        if "clocks.sm" not in values or not values.get("clocks.max.sm"):
            continue
        if values.get("utilization.gpu", -1.0) < LOADED_UTILIZATION_PCT:
            continue
        ratio = values["clocks.sm"] / values["clocks.max.sm"]
        key = (node, gpu)
        if key not in lowest or ratio < lowest[key][0]:
            lowest[key] = (ratio, values["clocks.sm"], file)
    for (node, gpu), (ratio, clock, file) in sorted(
        lowest.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])
    ):
        if ratio >= CLOCK_WARN_RATIO:
            continue
        checks.append(
            Check(
                test="gpu.clocks",
                node=node,
                gpu=gpu,
                file=file,
                measured=clock,
                expected=clock / ratio,
                unit="MHz",
                verdict=Verdict.WARN,
                threshold_en=f"warn when the SM clock under load is below {100 * CLOCK_WARN_RATIO:.0f}% of its maximum",
                threshold_zh=f"负载下 SM 频率低于最高频率的 {100 * CLOCK_WARN_RATIO:.0f}% 即警告",
                message_en=f"GPU {gpu} ran at {clock:.0f} MHz under load ({100 * ratio:.0f}% of max): throttled.",
                message_zh=f"GPU {gpu} 负载下仅 {clock:.0f} MHz（最高频率的 {100 * ratio:.0f}%）：被降频。",
                source="nvidia-smi manual page (clocks.sm, clocks.max.sm)",
            )
        )
    reasons: dict[tuple[str | None, int], tuple[list[str], str]] = {}
    ecc: dict[tuple[str | None, int], tuple[float, str]] = {}
    for m in smi:
        key = (m.node, m.gpu or 0)
        name = m.metric.removeprefix("throttle.")
        if (
            m.metric.startswith("throttle.")
            and m.value
            and name in HARD_THROTTLE_REASONS
        ):
            reasons.setdefault(key, ([], m.file))[0].append(name)
        if m.metric == "ecc.volatile.uncorrectable" and m.value > 0:
            ecc[key] = (ecc.get(key, (0.0, m.file))[0] + m.value, m.file)
    for (node, gpu), (names, file) in sorted(
        reasons.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])
    ):
        listed = ", ".join(sorted(set(names)))
        checks.append(
            Check(
                test="gpu.throttle",
                node=node,
                gpu=gpu,
                file=file,
                verdict=Verdict.FAIL,
                threshold_en="fail when a thermal, hardware or power-brake slowdown is active",
                threshold_zh="出现温度、硬件或电源制动降频即不通过",
                message_en=f"GPU {gpu} is slowed down by the driver: {listed}.",
                message_zh=f"GPU {gpu} 被驱动降频：{listed}。",
                source=exp.sources.get(
                    "throttle", "nvidia-smi manual page, Clocks Event Reasons"
                ),
            )
        )
    for (node, gpu), (count, file) in sorted(
        ecc.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])
    ):
        checks.append(
            Check(
                test="gpu.ecc",
                node=node,
                gpu=gpu,
                file=file,
                measured=count,
                expected=0.0,
                unit="count",
                verdict=Verdict.FAIL,
                threshold_en="fail when any uncorrectable ECC error is counted",
                threshold_zh="出现不可纠正 ECC 错误即不通过",
                message_en=f"GPU {gpu} has {count:.0f} uncorrectable ECC errors: ask for a replacement.",
                message_zh=f"GPU {gpu} 有 {count:.0f} 个不可纠正 ECC 错误：应要求换卡。",
                source="nvidia-smi manual page, ECC errors",
            )
        )
    return checks


def _dcgm_checks(measurements: Sequence[Measurement]) -> list[Check]:
    checks: list[Check] = []
    for file, rows in sorted(_by_file(measurements, "dcgmi").items()):
        bad = [m for m in rows if m.value < 1.0]
        node = rows[0].node
        for m in bad:
            verdict = Verdict.FAIL if m.value == 0 else Verdict.WARN
            gpu_en = f" on GPU {m.gpu}" if m.gpu is not None else ""
            gpu_zh = f"（GPU {m.gpu}）" if m.gpu is not None else ""
            checks.append(
                Check(
                    test="dcgm",
                    node=m.node,
                    gpu=m.gpu,
                    file=file,
                    measured=m.value,
                    expected=1.0,
                    unit="",
                    verdict=verdict,
                    threshold_en="fail on any Fail, warn on any Warn",
                    threshold_zh="出现 Fail 即不通过，出现 Warn 即警告",
                    message_en=f"dcgmi diag {m.metric}{gpu_en}: {verdict.value}.",
                    message_zh=f"dcgmi diag {m.metric}{gpu_zh}：{'不通过' if verdict is Verdict.FAIL else '警告'}。",
                    source="DCGM User Guide, DCGM Diagnostics",
                )
            )
        if not bad:
            checks.append(
                Check(
                    test="dcgm",
                    node=node,
                    file=file,
                    measured=1.0,
                    expected=1.0,
                    verdict=Verdict.PASS,
                    threshold_en="fail on any Fail, warn on any Warn",
                    threshold_zh="出现 Fail 即不通过，出现 Warn 即警告",
                    message_en=f"dcgmi diag: all {len(rows)} tests passed.",
                    message_zh=f"dcgmi diag：{len(rows)} 项全部通过。",
                    source="DCGM User Guide, DCGM Diagnostics",
                )
            )
    return checks


def _dmon_loaded(rows: Sequence[Measurement]) -> list[dict[str, float]]:
    """The samples of one dmon file as ``{metric: value}``, idle samples left out."""
    samples: dict[tuple[int | None, int | None], dict[str, float]] = defaultdict(dict)
    for m in rows:
        samples[(m.gpu, m.sample)][m.metric] = m.value
    return [
        fields
        for fields in samples.values()
        if fields.get("dmon.gr_engine_active", 1.0) >= DMON_LOADED_GR_ACTIVE
    ]


def _mean_of(samples: Sequence[dict[str, float]], metric: str) -> float | None:
    values = [fields[metric] for fields in samples if metric in fields]
    return statistics.fmean(values) if values else None


def _sm_active_check(value: float, count: int, node: str | None, file: str) -> Check:
    if value >= SM_ACTIVE_PASS:
        verdict = Verdict.PASS
    elif value >= SM_ACTIVE_WARN:
        verdict = Verdict.WARN
    else:
        verdict = Verdict.FAIL
    return Check(
        test="dmon.sm_active",
        node=node,
        file=file,
        measured=value,
        expected=SM_ACTIVE_PASS,
        verdict=verdict,
        threshold_en=f"pass >= {SM_ACTIVE_PASS:.2f}, warn >= {SM_ACTIVE_WARN:.2f}, fail below",
        threshold_zh=f"≥ {SM_ACTIVE_PASS:.2f} 为通过，≥ {SM_ACTIVE_WARN:.2f} 为警告，低于则不通过",
        message_en=f"SM activity of the job (dcgmi dmon SMACT, mean of {count} samples under load): {value:.2f}.",
        message_zh=f"任务的 SM 活跃度（dcgmi dmon SMACT，{count} 个负载采样的均值）：{value:.2f}。",
        source=DMON_SOURCE,
    )


def _dmon_checks(measurements: Sequence[Measurement], exp: Expectations) -> list[Check]:
    """Tensor activity against the modelled MFU and SM activity, per dmon file."""
    checks: list[Check] = []
    for file, rows in sorted(_by_file(measurements, DMON_TOOL).items()):
        node = rows[0].node
        loaded = _dmon_loaded(rows)
        tensor = _mean_of(loaded, "dmon.tensor_active")
        sm_active = _mean_of(loaded, "dmon.sm_active")
        if tensor is None and sm_active is None:
            checks.append(
                _info(
                    "dmon.tensor_active",
                    "dcgmi dmon imported without TENSO or SMACT samples under load: "
                    "nothing to compare with the plan.",
                    "已导入 dcgmi dmon，但没有负载下的 TENSO 或 SMACT 采样：无可与计划对比的数值。",
                    node=node,
                    file=file,
                )
            )
            continue
        if tensor is not None:
            checks.append(
                _ratio_check(
                    test="dmon.tensor_active",
                    measured=tensor,
                    expected=exp.default_mfu,
                    pass_ratio=MFU_PASS_RATIO,
                    warn_ratio=MFU_WARN_RATIO,
                    unit="",
                    what_en=f"Tensor-core activity of the job (dcgmi dmon TENSO, mean of {len(loaded)} samples under load) against the modelled MFU",
                    what_zh=f"任务的 Tensor Core 活跃度（dcgmi dmon TENSO，{len(loaded)} 个负载采样的均值）对比模型预估 MFU",
                    node=node,
                    file=file,
                    source=f"{DMON_SOURCE}; MFU <= TENSO; {exp.sources.get('mfu', '')}",
                )
            )
        if sm_active is not None:
            checks.append(_sm_active_check(sm_active, len(loaded), node, file))
    return checks


def _probe_checks(
    measurements: Sequence[Measurement], exp: Expectations
) -> list[Check]:
    checks: list[Check] = []
    for m in measurements:
        if m.tool != "gpu-probe":
            continue
        if m.metric == "bf16_matmul":
            checks.append(
                _ratio_check(
                    test="gpu.matmul",
                    measured=m.value,
                    expected=exp.peak_bf16_tflops,
                    pass_ratio=MATMUL_PASS_RATIO,
                    warn_ratio=MATMUL_WARN_RATIO,
                    unit="TFLOP/s",
                    what_en=f"GPU {m.gpu} bf16 matmul against the dense bf16 peak",
                    what_zh=f"GPU {m.gpu} bf16 矩阵乘对比 bf16 稠密峰值",
                    node=m.node,
                    gpu=m.gpu,
                    file=m.file,
                    source=exp.sources.get("gpu", ""),
                )
            )
        elif m.metric == "memory_copy":
            checks.append(
                _ratio_check(
                    test="gpu.memory_copy",
                    measured=m.value,
                    expected=exp.memory_bandwidth_gb_per_s,
                    pass_ratio=COPY_PASS_RATIO,
                    warn_ratio=COPY_WARN_RATIO,
                    unit="GB/s",
                    what_en=f"GPU {m.gpu} device copy against the datasheet memory bandwidth",
                    what_zh=f"GPU {m.gpu} 显存拷贝对比标称显存带宽",
                    node=m.node,
                    gpu=m.gpu,
                    file=m.file,
                    source=exp.sources.get("gpu", ""),
                )
            )
    return checks


# --- MFU ------------------------------------------------------------------------------


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
        (``6N + 12·L·s·d``, non-causal attention, no recompute): the one
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
        return [], None
    if exp.active_params is None:
        return [
            _info(
                "training.mfu",
                "Training log imported, but the model size is unknown: MFU not computed.",
                "已导入训练日志，但模型规模未知，无法计算 MFU。",
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
                message_en="The training log implies an MFU above 100%: check the gpus column and tokens per step.",
                message_zh="训练日志推算的 MFU 超过 100%：请检查 gpus 列与每步 token 数。",
            )
        ], None
    check = _ratio_check(
        test="training.mfu",
        measured=mfu,
        expected=exp.default_mfu,
        pass_ratio=MFU_PASS_RATIO,
        warn_ratio=MFU_WARN_RATIO,
        unit="",
        what_en=f"MFU of the training job on {gpus} GPUs (median {throughput.tokens_per_s:.0f} tokens/s)",
        what_zh=f"{gpus} 卡训练任务的 MFU（中位 {throughput.tokens_per_s:.0f} tokens/s）",
        node=throughput.node,
        file=throughput.file,
        source=exp.sources.get("mfu", ""),
    )
    return [check], mfu


# --- sub-scores -----------------------------------------------------------------------


def _capped_mean(values: Iterable[float]) -> float | None:
    kept = [min(1.0, max(0.0, v)) for v in values]
    return sum(kept) / len(kept) if kept else None


def _performance_score(
    checks: Sequence[Check], mfu: float | None, exp: Expectations
) -> tuple[float | None, str, str]:
    """Weighted, capped ratios (:data:`PERFORMANCE_PARTS`) minus health penalties."""
    parts: dict[str, float] = {}
    if mfu is not None:
        parts["mfu"] = min(1.0, mfu / exp.default_mfu)
    # Synchronous training runs at the pace of the slowest GPU: take the minimum.
    for test, name in (
        ("gpu.matmul", "matmul"),
        ("gpu.memory_copy", "copy"),
        ("nccl.intra_node", "nccl_intra"),
    ):
        ratios = [c.ratio for c in checks if c.test == test and c.ratio is not None]
        if ratios:
            parts[name] = min(1.0, min(ratios))
    if not parts:
        return None, "no performance test imported: 0 points", "未导入性能测试：0 分"
    total_weight = sum(PERFORMANCE_PARTS[k] for k in parts)
    score = (
        100.0 * sum(PERFORMANCE_PARTS[k] * v for k, v in parts.items()) / total_weight
    )
    health = [
        c
        for c in checks
        if c.test.startswith(
            (
                "gpu.temperature",
                "gpu.clocks",
                "gpu.throttle",
                "gpu.ecc",
                "dcgm",
                "nccl.correctness",
            )
        )
    ]
    penalty = sum(HEALTH_PENALTY_POINTS.get(c.verdict.value, 0.0) for c in health)
    score = max(0.0, score - penalty)
    used = ", ".join(f"{k} {100 * v:.0f}%" for k, v in parts.items())
    return (
        score,
        f"weighted ratio to expected ({used}) minus {penalty:.0f} health points",
        f"与预期之比加权（{used}），扣健康分 {penalty:.0f}",
    )


def _network_score(
    checks: Sequence[Check], measurements: Sequence[Measurement], exp: Expectations
) -> tuple[float | None, str, str]:
    """Mean capped ratio of inter-node busbw (against the class the workload needs) and iperf3."""
    ratios: list[float] = []
    inter = [
        c for c in checks if c.test == "nccl.inter_node" and c.measured is not None
    ]
    need = exp.required_inter_busbw_gb_per_s or exp.inter_busbw_gb_per_s
    if inter and need:
        ratios.append(min(c.measured or 0.0 for c in inter) / need)
    ratios.extend(c.ratio for c in checks if c.test == "iperf3" and c.ratio is not None)
    mean = _capped_mean(ratios)
    if mean is None:
        return None, "no network test imported: 0 points", "未导入网络测试：0 分"
    return (
        100.0 * mean,
        f"mean of capped ratios: inter-node busbw vs {exp.required_network_id or exp.inter_network_id}, iperf3 vs quote",
        f"跨节点总线带宽（对比 {exp.required_network_id or exp.inter_network_id}）与 iperf3（对比报价）比值的均值",
    )


def judge_measurements(
    vendor_name: str, measurements: Sequence[Measurement], exp: Expectations
) -> VendorJudgement:
    """Every check for one vendor's measurements, with its sub-scores.

    Parameters
    ----------
    vendor_name : str
        Shown in the result.
    measurements : sequence of Measurement
        The vendor's imported measurements.
    exp : Expectations
        From :func:`expectations_for`.

    Returns
    -------
    VendorJudgement
        Checks sorted by test, node and GPU; performance and network
        sub-scores in [0, 100] (None when nothing was measured); measured MFU.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> exp = expectations_for(Project(), Vendor(name="A"), load_catalog())
    >>> judge_measurements("A", [], exp).performance_score is None
    True
    """
    checks: list[Check] = []
    checks += _nccl_checks(measurements, exp)
    checks += _iperf_checks(measurements, exp)
    checks += _fio_checks(measurements, exp)
    checks += _gpu_health_checks(measurements, exp)
    checks += _dcgm_checks(measurements)
    checks += _dmon_checks(measurements, exp)
    checks += _probe_checks(measurements, exp)
    mfu_checks, mfu = _mfu_check(measurements, exp)
    checks += mfu_checks
    checks.sort(
        key=lambda c: (c.test, c.node or "", -1 if c.gpu is None else c.gpu, c.file)
    )
    perf, perf_en, perf_zh = _performance_score(checks, mfu, exp)
    network, net_en, net_zh = _network_score(checks, measurements, exp)
    return VendorJudgement(
        vendor=vendor_name,
        expectations=exp,
        checks=checks,
        performance_score=perf,
        network_score=network,
        measured_mfu=mfu,
        score_notes_en=[f"performance: {perf_en}", f"network: {net_en}"],
        score_notes_zh=[f"性能：{perf_zh}", f"网络：{net_zh}"],
    )


def judge_vendor(
    project: Project,
    vendor: Vendor,
    catalog: Catalog,
    *,
    measurements: Sequence[Measurement] | None = None,
    sizing: SizingResult | None = None,
    checkpoint_write_gb_per_s: float | None = None,
) -> VendorJudgement:
    """Judge one vendor of a project (the vendor page and the CLI call this).

    Parameters
    ----------
    project, vendor, catalog
        As for :func:`expectations_for`.
    measurements : sequence of Measurement, optional
        Defaults to ``vendor.measurements``.
    sizing : SizingResult, optional
        The sized workload, to avoid sizing it again.
    checkpoint_write_gb_per_s : float, optional
        Overrides the sizing engine's checkpoint bandwidth. [GB/s]

    Returns
    -------
    VendorJudgement
    """
    exp = expectations_for(
        project,
        vendor,
        catalog,
        sizing=sizing,
        checkpoint_write_gb_per_s=checkpoint_write_gb_per_s,
    )
    return judge_measurements(
        vendor.name, vendor.measurements if measurements is None else measurements, exp
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
    return measured_mfu(
        vendor.measurements,
        active_params=active,
        peak_tflops=peak,
        gpus=project.environment.gpus_per_node,
        flops_per_token=_cmp.model_flops_per_token(
            shape, workload.seq_len, workload.task
        ),
    )


def with_measured_mfu(project: Project, vendor: Vendor, catalog: Catalog) -> Vendor:
    """A copy of ``vendor`` with ``measured_mfu`` set from its training log (unchanged if none)."""
    mfu = vendor_measured_mfu(project, vendor, catalog)
    if mfu is None:
        return vendor
    return vendor.model_copy(update={"measured_mfu": mfu})
