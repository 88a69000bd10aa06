"""What a vendor's hardware should deliver in each test, with sources.

:func:`expectations_for` works out the expected value of each test from the
catalog, the vendor's quote and the plan's sizing; the check modules compare
the imported measurements with it.

Expected values and their sources
---------------------------------
* NCCL bus bandwidth: nccl-tests reports ``busbw = algbw × 2(n−1)/n`` for
  all_reduce (``(n−1)/n`` for all_gather, reduce_scatter and alltoall) so that
  it can be compared with the hardware's link speed whatever the rank count
  [1]_. Inside a server the link is the GPU's NVLink or PCIe class, across
  servers the NIC class; expected busbw = per-GPU line rate [Gbit/s] / 8 ×
  the class's achievable efficiency (catalog ``networks.json``) [1]_ [2]_.
  Measured at large messages (≥
  :data:`~gpu_advisor.engine.evidence.network_checks.LARGE_MESSAGE_BYTES`), where the
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
.. [7] Chowdhery et al., "PaLM: Scaling Language Modeling with Pathways",
   2022, Appendix B (model FLOPs utilization), arXiv:2204.02311.
"""

from __future__ import annotations

from pydantic import Field

from gpu_advisor.engine.evidence.framework_mfu import Footing, plan_footing
from gpu_advisor.engine.evidence.measured import plan_sizing
from gpu_advisor.engine.evidence.serving_checks import ServingTargets, serving_targets
from gpu_advisor.engine.sizing import compute as _cmp
from gpu_advisor.engine.sizing.size import resolve_shape
from gpu_advisor.model.catalog import Catalog, GpuSpec, NetworkClass
from gpu_advisor.model.common import Frozen
from gpu_advisor.model.project import Project, Vendor, Workload
from gpu_advisor.model.sizing_results import SizingResult


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
    footing: Footing | None = Field(
        None,
        description="The plan's model and peak, which training logs' MFU is put on.",
    )
    gpu_temp_limit_c: float = Field(85.0, description="[°C]")
    serving_targets: ServingTargets | None = Field(
        None,
        description="The plan's p95 latency targets its serving runs are judged on.",
    )
    sources: dict[str, str] = Field(default_factory=dict)


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
        :func:`gpu_advisor.engine.evidence.measured.measured_mfu_for`).
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
        sizing = plan_sizing(project, catalog)
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
    active_params, flops_per_token, peak = _model_figures(
        project.workload, catalog, gpu
    )
    # the MFU the plan assumes for this GPU: the modelled figure when the
    # sizing runs on this GPU from the catalog, else the GPU's default
    expected_mfu = (
        sizing.compute.mfu
        if sizing.gpu_id == gpu.id and sizing.compute.mfu_source == "catalog"
        else gpu.default_mfu
    )
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
        footing=plan_footing(project.workload, catalog, gpu, gpus_per_node),
        gpu_temp_limit_c=project.monitoring.gpu_temp_c,
        serving_targets=serving_targets(project),
        sources=_sources(intra, gpu, inter),
    )


def _model_figures(
    workload: Workload, catalog: Catalog, gpu: GpuSpec
) -> tuple[float | None, float | None, float | None]:
    """N_active [1], model FLOPs per token [FLOP/token] and the GPU's dense peak in
    the training precision [TFLOP/s]; all None when the model cannot be resolved."""
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
    return active_params, flops_per_token, peak


def _sources(
    intra: NetworkClass, gpu: GpuSpec, inter: NetworkClass | None
) -> dict[str, str]:
    """Where each expected value comes from, by test."""
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
    return sources
