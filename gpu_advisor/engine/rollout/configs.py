"""Generated environment and monitoring configs (wizard steps 4 and 5).

Pure text generators: each function takes the project's ``Environment`` /
``Monitoring`` (and, where it matters, the ``Workload``) and returns the text of
one file the user copies or saves: a Kubernetes Job, an sbatch script, a
bare-node launch script, the DCGM exporter deployment, a Prometheus scrape
config, Prometheus alert rules and a Grafana hint. The wizard pages show them,
the PDF plan prints them; nothing here touches files, the clock or Qt.

Safety rules every generator keeps, because a project file may come from
anyone:

* Kubernetes names (job, namespace, service, PVC, secret) go through
  :func:`dns_label`, which returns an RFC 1035 label (a subset of RFC 1123).
* Every value that lands in a shell script is quoted with :func:`shlex.quote`;
  every value that lands in a comment goes through :func:`_comment`, which
  drops line breaks and control characters.
* YAML is emitted with :func:`yaml.safe_dump_all`, never templated by hand.

Multi-node on Kubernetes uses an *Indexed Job plus a headless Service*, not the
Kubeflow ``PyTorchJob``: it needs no operator (Indexed Jobs are GA since
Kubernetes 1.24) and each pod gets a stable DNS name ``<job>-<index>.<service>``
that torchrun's c10d rendezvous can point at.

References
----------
.. [1] Kubernetes, "Schedule GPUs" (device plugin resource ``nvidia.com/gpu``;
   GPUs are only specified in ``limits``).
   https://kubernetes.io/docs/tasks/manage-gpus/scheduling-gpus/
.. [2] Kubernetes, "Indexed Job for Parallel Processing with Static Work
   Assignment" and "Jobs" (``completionMode: Indexed``,
   ``JOB_COMPLETION_INDEX``, pod hostname ``$(job-name)-$(index)``, subdomain).
   https://kubernetes.io/docs/concepts/workloads/controllers/job/
.. [3] PyTorch, "torchrun (Elastic Launch)" (``--nnodes``,
   ``--nproc-per-node``, ``--rdzv-backend c10d``, ``--rdzv-endpoint``,
   ``--standalone``, static ``--master-addr``/``--node-rank``).
   https://docs.pytorch.org/docs/stable/elastic/run.html
.. [4] SchedMD, "sbatch" manual (``--nodes``, ``--gres``,
   ``--ntasks-per-node``, ``--cpus-per-task``, ``--exclusive``, ``--time``).
   https://slurm.schedmd.com/sbatch.html
.. [5] NVIDIA, dcgm-exporter ``etc/default-counters.csv`` and
   ``etc/dcp-metrics-included.csv`` (metric names) and ``dcgm-exporter.yaml``
   (DaemonSet: port 9400, ``SYS_ADMIN``, pod-resources mount).
   https://github.com/NVIDIA/dcgm-exporter
.. [6] Prometheus, "Alerting rules" and "Configuration" (rule file format,
   ``for``, ``labels``, ``annotations``; ``kubernetes_sd_configs``).
   https://prometheus.io/docs/prometheus/latest/configuration/alerting_rules/
.. [7] NVIDIA, NVML API "nvmlClocksEventReasons" (bitmask: 0x8 HW slowdown,
   0x20 SW thermal, 0x40 HW thermal, 0x80 HW power brake) and "XID Errors"
   (XID 79: GPU has fallen off the bus).
   https://docs.nvidia.com/deploy/nvml-api/group__nvmlClocksEventReasons.html
.. [8] NCCL, "Environment Variables" (``NCCL_DEBUG``, ``NCCL_DEBUG_SUBSYS``,
   ``NCCL_SOCKET_IFNAME``, ``NCCL_IB_HCA``).
   https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html
.. [9] Grafana dashboard 12239, "NVIDIA DCGM Exporter Dashboard".
   https://grafana.com/grafana/dashboards/12239
.. [10] NVIDIA dcgm-exporter pull requests #129 (the ``Hostname`` label comes
   from ``NODE_NAME`` when set) and #655 (``Hostname`` renamed ``hostname``).
   https://github.com/NVIDIA/dcgm-exporter/pull/655
.. [11] NVIDIA, "XID Errors": DCGM cannot report XID 79 (the GPU has fallen
   off the bus, so DCGM no longer sees it).
   https://docs.nvidia.com/deploy/xid-errors/
"""

from __future__ import annotations

import math
import re
import shlex
from dataclasses import dataclass, replace
from typing import Any, Final

import yaml
from typing_extensions import override

from gpu_advisor.model.catalog import Catalog, NetworkKind
from gpu_advisor.model.common import Advice, Language, Severity
from gpu_advisor.model.limits import MAX_NODES
from gpu_advisor.model.project import (
    Environment,
    Monitoring,
    Project,
    Scheduler,
    Workload,
)
from gpu_advisor.model.sizing_results import SizingResult

__all__ = [
    "ALERT_RULES_FILENAME",
    "DCGM_COUNTERS_CSV",
    "GRAFANA_DCGM_DASHBOARD_ID",
    "MONITORING_CONFIGS",
    "NETWORK_NCCL_ENV",
    "NVIDIA_ONLY_CODE",
    "NVIDIA_ONLY_EN",
    "NVIDIA_ONLY_ZH",
    "GeneratedConfig",
    "RolloutPlan",
    "bare_nodes_script",
    "dcgm_exporter_manifest",
    "dns_label",
    "environment_advice",
    "generate_all",
    "grafana_dashboard_hint",
    "kubernetes_manifest",
    "kubernetes_script_problem",
    "launch_config",
    "monitoring_config",
    "placeholder_hostnames",
    "plan_environment",
    "prometheus_alert_rules",
    "prometheus_scrape_config",
    "slurm_script",
    "with_node_label",
    "with_notes",
]

GRAFANA_DCGM_DASHBOARD_ID: Final = 12239
"""Public Grafana dashboard for dcgm-exporter, "NVIDIA DCGM Exporter Dashboard" [9]."""

ALERT_RULES_FILENAME: Final = "gpu-advisor-alerts.yaml"
"""File name of the rules file; the scrape config's ``rule_files`` points at it."""

EXPORTER_JOB: Final = "dcgm-exporter"
"""Prometheus ``job`` label of the exporter targets (used by the exporter-down alerts)."""

COUNTERS_PATH: Final = "/etc/dcgm-exporter/gpu-advisor-counters.csv"
"""Where the exporter reads our counters CSV (``-f`` flag of dcgm-exporter [5])."""

NCCL_HANG_UTIL_PCT: Final = 95
"""GPU utilisation at or above which a GPU counts as 'busy' for the hang test. [%]

A rank stuck inside an NCCL collective keeps its spinning kernel resident, so
``DCGM_FI_DEV_GPU_UTIL`` (share of time a kernel runs) stays near 100 % while
the tensor cores do nothing. Assumption documented in
:func:`prometheus_alert_rules`.
"""

NCCL_HANG_TENSOR_ACTIVE: Final = 0.01
"""Tensor-pipe activity below which the GPU does no matrix work. [ratio 0..1]"""

BUSY_FB_USED_MIB: Final = 1024
"""Framebuffer use above which a GPU holds a process (low-utilisation alert). [MiB]"""

GPU_SEEN_WINDOW: Final = "1h"
"""How far back a GPU must have reported to count as 'missing' when it stops."""

PLACEHOLDER_HOST_LIMIT: Final = 64
"""Up to this many nodes, placeholder host names are listed; beyond, file_sd."""

_THERMAL_BITS_DIVISOR: Final = 32  # bits 5 and 6: 0x20 SW thermal, 0x40 HW thermal [7]
_HW_SLOWDOWN_BIT: Final = 8  # 0x8 HW slowdown [7]
_POWER_BRAKE_BIT: Final = 128  # 0x80 HW power brake slowdown [7]

# The default counters of dcgm-exporter [5] plus the fields our alerts need that
# the default file leaves commented out (ECC, clock event reasons, violations)
# and the profiling fields the NCCL-hang alert reads (DCP; datacenter GPUs only).
DCGM_COUNTERS_CSV: Final = """\
# Format: DCGM FIELD, Prometheus metric type, help message
# Written by gpu-advisor: dcgm-exporter defaults plus ECC, clock events, DCP.
DCGM_FI_DEV_SM_CLOCK, gauge, SM clock frequency (in MHz).
DCGM_FI_DEV_MEM_CLOCK, gauge, Memory clock frequency (in MHz).
DCGM_FI_DEV_MEMORY_TEMP, gauge, Memory temperature (in C).
DCGM_FI_DEV_GPU_TEMP, gauge, GPU temperature (in C).
DCGM_FI_DEV_POWER_USAGE, gauge, Power draw (in W).
DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION, counter, Total energy consumption since boot (in mJ).
DCGM_FI_DEV_PCIE_REPLAY_COUNTER, counter, Total number of PCIe retries.
DCGM_FI_DEV_GPU_UTIL, gauge, GPU utilization (in %).
DCGM_FI_DEV_MEM_COPY_UTIL, gauge, Memory utilization (in %).
DCGM_FI_DEV_XID_ERRORS, gauge, Value of the last XID error encountered.
DCGM_FI_DEV_CLOCKS_EVENT_REASONS, gauge, Bitmask of clock event (throttle) reasons.
DCGM_FI_DEV_POWER_VIOLATION, counter, Throttling duration due to power constraints.
DCGM_FI_DEV_THERMAL_VIOLATION, counter, Throttling duration due to thermal constraints.
DCGM_FI_DEV_FB_FREE, gauge, Framebuffer memory free (in MiB).
DCGM_FI_DEV_FB_USED, gauge, Framebuffer memory used (in MiB).
DCGM_FI_DEV_ECC_SBE_VOL_TOTAL, counter, Total number of single-bit volatile ECC errors.
DCGM_FI_DEV_ECC_DBE_VOL_TOTAL, counter, Total number of double-bit volatile ECC errors.
DCGM_FI_DEV_ECC_DBE_AGG_TOTAL, counter, Total number of double-bit persistent ECC errors.
DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL, counter, Total number of NVLink bandwidth counters for all lanes.
DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS, counter, Number of remapped rows for uncorrectable errors.
DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS, counter, Number of remapped rows for correctable errors.
DCGM_FI_DEV_ROW_REMAP_FAILURE, gauge, Whether remapping of rows has failed.
DCGM_FI_DRIVER_VERSION, label, Driver Version.
DCGM_FI_PROF_GR_ENGINE_ACTIVE, gauge, Ratio of time the graphics engine is active.
DCGM_FI_PROF_PIPE_TENSOR_ACTIVE, gauge, Ratio of cycles the tensor (HMMA) pipe is active.
DCGM_FI_PROF_DRAM_ACTIVE, gauge, Ratio of cycles the device memory interface is active.
DCGM_FI_PROF_PCIE_TX_BYTES, gauge, Rate of data transmitted over the PCIe bus (bytes/s).
DCGM_FI_PROF_PCIE_RX_BYTES, gauge, Rate of data received over the PCIe bus (bytes/s).
"""

_LETTERS: Final = "abcdefghijklmnopqrstuvwxyz"
_DNS_CHARS: Final = _LETTERS + "0123456789-"
_SLURM_CHARS: Final = _LETTERS + _LETTERS.upper() + "0123456789_.-"


@dataclass(frozen=True, slots=True)
class GeneratedConfig:
    """One generated file, as the wizard page shows it and the PDF prints it.

    Attributes
    ----------
    name : str
        Stable id, e.g. ``"kubernetes-job"`` (for tests, buttons, anchors).
    title : str
        Human title in the project's language.
    filename : str
        Suggested file name for the save button.
    language : str
        Syntax of ``text``: ``"yaml"``, ``"bash"`` or ``"text"``.
    text : str
        The file content, ending with a newline.
    """

    name: str
    title: str
    filename: str
    language: str
    text: str


# --- helpers ------------------------------------------------------------------


def _t(language: Language, en: str, zh: str) -> str:
    """Pick the English or the Chinese text."""
    return zh if language is Language.ZH else en


def dns_label(text: str, fallback: str = "gpu-job", max_len: int = 63) -> str:
    """Turn any text into an RFC 1035 label usable as a Kubernetes name.

    Lower-cases, maps every other character to ``-``, squeezes repeated
    dashes, makes it start with a letter and end with a letter or digit, and
    cuts it to ``max_len`` characters. An RFC 1035 label is also a valid
    RFC 1123 label, so the result fits Job, Service and Namespace names.

    Parameters
    ----------
    text : str
        Any user text. [-]
    fallback : str
        Returned when nothing usable is left; must itself be a valid label. [-]
    max_len : int
        Maximum length, 1..63. [characters]

    Returns
    -------
    str
        ``[a-z]([-a-z0-9]*[a-z0-9])?`` of at most ``max_len`` characters. [-]

    References
    ----------
    Kubernetes, "Object Names and IDs" (DNS label names, RFC 1035/1123).
    https://kubernetes.io/docs/concepts/overview/working-with-objects/names/

    Examples
    --------
    >>> dns_label("LLM Train #1 (Qwen)")
    'llm-train-1-qwen'
    >>> dns_label("7b_run", max_len=63)
    'x-7b-run'
    >>> dns_label("!!!")
    'gpu-job'
    """
    if not 1 <= max_len <= 63:
        raise ValueError("need 1 <= max_len <= 63")
    out: list[str] = []
    for ch in text.lower():
        c = ch if ch in _DNS_CHARS else "-"
        if c == "-" and (not out or out[-1] == "-"):
            continue
        out.append(c)
    label = "".join(out).strip("-")
    if label and label[0] not in _LETTERS:
        label = "x-" + label
    label = label[:max_len].rstrip("-")
    return label or fallback[:max_len].rstrip("-") or "x"


def _slurm_name(text: str, fallback: str) -> str:
    """Keep only characters that need no quoting in an ``#SBATCH`` line."""
    name = "".join(c if c in _SLURM_CHARS else "-" for c in text).strip("-")
    return name[:63] or fallback


def _comment(text: str) -> str:
    """Make text safe inside a ``#`` comment: one line, printable characters."""
    return "".join(c if c.isprintable() else " " for c in text).strip()


def _header(lines: list[str]) -> str:
    """A block of ``#`` comment lines (YAML and bash share the syntax)."""
    return "".join(f"# {_comment(line)}\n" if line else "#\n" for line in lines)


class _NoAliasDumper(yaml.SafeDumper):
    """SafeDumper that writes shared dicts twice instead of ``&id001`` anchors."""

    @override
    def ignore_aliases(self, data: Any) -> bool:
        return True


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.ScalarNode:
    """Multi-line strings (files inside a ConfigMap) as ``|`` literal blocks.

    Without this, PyYAML quotes them and doubles every line break, which is
    valid but unreadable for whoever copies the manifest.
    """
    if "\n" in data and not any(line != line.rstrip() for line in data.split("\n")):
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", data)


_NoAliasDumper.add_representer(str, _represent_str)


class _NoAliasCDumper(yaml.CSafeDumper if yaml.__with_libyaml__ else yaml.SafeDumper):  # type: ignore[misc]
    """:class:`_NoAliasDumper` with libyaml's emitter, written in C (~6× faster)."""

    @override
    def ignore_aliases(self, data: Any) -> bool:
        return True


_NoAliasCDumper.add_representer(str, _represent_str)

_LIBYAML_SAME = re.compile(
    "[\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]*"
)
"""Text that libyaml's emitter writes exactly as PyYAML's does.

Outside it the two differ: libyaml escapes characters beyond U+FFFF (``"\\U0001F680"``)
and NEL, where PyYAML writes them as they are; tabs, other controls, U+2028/9 and
the BOM are left to PyYAML to be sure.
"""


def _simple_key(key: object) -> bool:
    """A key both emitters write as ``key:``; they differ on empty and very long
    keys (``? ''``), so those take PyYAML's emitter."""
    if isinstance(key, str):
        return 0 < len(key) < 100 and "\n" not in key and _same_in_libyaml(key)
    return _same_in_libyaml(key)


def _same_in_libyaml(node: object) -> bool:
    """True when every string in ``node`` matches :data:`_LIBYAML_SAME` and every
    key is a :func:`_simple_key`."""
    if isinstance(node, str):
        return _LIBYAML_SAME.fullmatch(node) is not None
    if isinstance(node, dict):
        return all(_simple_key(k) and _same_in_libyaml(v) for k, v in node.items())
    if isinstance(node, list | tuple):
        return all(_same_in_libyaml(item) for item in node)
    return True


def _yaml(docs: list[dict[str, Any]]) -> str:
    """Dump documents with ``---`` separators, keys in insertion order.

    Uses libyaml's C emitter when it is installed and its output is known to be
    the same as PyYAML's for these documents (the usual case), else PyYAML's.
    """
    dumper: type[yaml.SafeDumper] = (
        _NoAliasCDumper
        if yaml.__with_libyaml__ and _same_in_libyaml(docs)
        else _NoAliasDumper
    )
    return yaml.dump_all(
        docs,
        Dumper=dumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        explicit_start=True,
        width=1_000_000,  # never fold long PromQL or commands
    )


def _q(value: str | int) -> str:
    """Quote one word for bash (NUL cannot occur in an argument, so it is dropped)."""
    return shlex.quote(str(value).replace("\x00", ""))


def _shellcheck_literals(env: Environment) -> str:
    """The shellcheck directive for the environment's quoted values."""
    return _literal_directive(
        [env.train_script, env.data_path, env.pytorch_image, *env.nccl_env.values()]
    )


def _literal_directive(values: list[str]) -> str:
    """A shellcheck directive when quoted ``values`` only look like mistakes.

    Values are single-quoted on purpose (``'$HOME'`` must stay literal), so
    shellcheck's hints SC2016 ("expressions don't expand in single quotes")
    and SC1003 ("want to escape a single quote?") for ``$``, a backtick or
    ``\\``, and SC2088 ("tilde does not expand in quotes") for a value that
    starts with ``~`` (paths get ``$HOME`` from :func:`_q_path`) are noise.

    >>> _literal_directive(["/data", "nccl"])
    ''
    >>> _literal_directive(["$X", "~/a"])
    '# shellcheck disable=SC2016,SC1003,SC2088  # quoted values are literal\\n'
    """
    codes = []
    if any(c in v for v in values for c in "$`\\"):
        codes += ["SC2016", "SC1003"]
    if any(v.startswith("~") for v in values):
        codes.append("SC2088")
    if codes:
        return f"# shellcheck disable={','.join(codes)}  # quoted values are literal\n"
    return ""


def _q_value(value: str) -> str:
    """Quote the right-hand side of ``NAME=value`` for bash.

    Like :func:`_q`, but two kinds of bare value are quoted too: one with
    ``=`` (``X==`` is valid bash yet reads like a typo, shellcheck SC1097) and
    a lower-case word, which may be a command name (``MASTER_ADDR=cd`` reads
    like a forgotten ``$(cd)``, SC2209).

    >>> _q_value("/data"), _q_value("a=b"), _q_value("cd"), _q_value("WARN")
    ('/data', "'a=b'", "'cd'", 'WARN')
    """
    quoted = _q(value)
    if quoted.startswith("'"):
        return quoted
    if "=" in quoted or _COMMAND_LIKE.fullmatch(quoted):
        return f"'{quoted}'"
    return quoted


_COMMAND_LIKE: Final = re.compile(r"[a-z][a-z0-9_.+-]*")
"""A bare value that could be read as a command name (see :func:`_q_value`)."""


def _q_path(value: str) -> str:
    """Quote a path for bash, keeping a leading ``~`` as the home folder.

    A quoted tilde stays literal (shellcheck SC2088), so ``~/data`` would name
    a folder called ``~`` in the working directory. A leading ``~`` or ``~/``
    becomes ``"$HOME"``; every other character stays literal.

    >>> _q_path("~/data"), _q_path("~"), _q_path("/data"), _q_path("~x/a b")
    ('"$HOME"/data', '"$HOME"', '/data', "'~x/a b'")
    """
    if value == "~":
        return '"$HOME"'
    if value.startswith("~/"):
        rest = value[2:]
        return '"$HOME"/' + (_q(rest) if rest else "")
    return _q_value(value)


def _time_limit_slurm(hours: int) -> str:
    """Slurm ``days-hours:minutes:seconds`` time limit [4].

    >>> _time_limit_slurm(72), _time_limit_slurm(5)
    ('3-00:00:00', '0-05:00:00')
    """
    days, rest = divmod(hours, 24)
    return f"{days}-{rest:02d}:00:00"


def _duration(minutes: int) -> str:
    """A Prometheus duration string.

    >>> _duration(15), _duration(120)
    ('15m', '2h')
    """
    if minutes % 60 == 0:
        return f"{minutes // 60}h"
    return f"{minutes}m"


def _range_minutes(window_minutes: int, scrape_interval_s: int) -> int:
    """A range-vector window that holds at least four scrapes.

    A ``[15m]`` window with a 10-minute scrape interval would hold one
    sample or none, so the window grows to 4 scrape intervals when needed.

    >>> _range_minutes(15, 15), _range_minutes(1, 600)
    (15, 40)
    """
    return max(window_minutes, math.ceil(4 * scrape_interval_s / 60))


def _num(value: float) -> str:
    """Format a threshold without a needless ``.0``.

    >>> _num(85.0), _num(72.5)
    ('85', '72.5')
    """
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _mount_path(path: str) -> str:
    """An absolute container path without ``:`` (Kubernetes rejects both).

    >>> _mount_path("data sets/v1"), _mount_path("/mnt/a:b")
    ('/data sets/v1', '/mnt/a_b')
    """
    path = path.replace(":", "_").strip() or "/data"
    return path if path.startswith("/") else "/" + path


def placeholder_hostnames(env: Environment) -> list[str]:
    """Host names of the nodes: the user's, or ``gpu-node-01`` ... placeholders.

    Parameters
    ----------
    env : Environment
        Uses ``hostnames`` and ``nodes``. [-]

    Returns
    -------
    list[str]
        At least ``env.nodes`` names when the user listed fewer (padded with
        placeholders), or exactly the user's names. [-]

    Examples
    --------
    >>> placeholder_hostnames(Environment(nodes=2))
    ['gpu-node-01', 'gpu-node-02']
    """
    names = list(env.hostnames)
    width = max(2, len(str(env.nodes)))
    i = len(names)
    while len(names) < env.nodes:
        i += 1
        names.append(f"gpu-node-{i:0{width}d}")
    return names


def _nccl_env(env: Environment) -> dict[str, str]:
    """NCCL/torch environment: safe defaults, then the user's ``nccl_env``.

    ``NCCL_DEBUG=WARN`` prints only problems [8];
    ``TORCH_NCCL_ASYNC_ERROR_HANDLING=1`` makes a collective that times out
    abort the process instead of hanging the job forever [3].
    """
    out = {
        "NCCL_DEBUG": "WARN",
        "TORCH_NCCL_ASYNC_ERROR_HANDLING": "1",
        "PYTHONUNBUFFERED": "1",
    }
    out.update(env.nccl_env)
    return out


NETWORK_NCCL_ENV: Final[dict[NetworkKind, dict[str, str]]] = {
    NetworkKind.INFINIBAND: {"NCCL_IB_DISABLE": "0"},
    NetworkKind.ROCE: {"NCCL_IB_DISABLE": "0", "NCCL_IB_GID_INDEX": "3"},
    NetworkKind.ETHERNET: {"NCCL_IB_DISABLE": "1"},
}
"""NCCL settings per inter-node network class [8].

InfiniBand and RoCE keep NCCL's IB transport on (``NCCL_IB_DISABLE=0``); RoCE v2
also needs the GID of the routable address, index 3 on a typical Mellanox/NVIDIA
NIC with IPv4 (``NCCL_IB_GID_INDEX``, site specific: ``show_gids`` lists them).
Plain Ethernet turns the IB transport off so NCCL does not probe for HCAs.
The user's ``environment.nccl_env`` overrides every value.
"""

NVIDIA_ONLY_EN: Final = (
    "The rollout files target NVIDIA GPUs (nvidia.com/gpu, CUDA images, DCGM, "
    "nccl-tests); for {gpu} ({vendor}) replace them with the vendor's tools "
    "(AMD: amd.com/gpu, ROCm images, rccl-tests, amd-smi, the ROCm device-metrics "
    "exporter; Ascend: huawei.com/Ascend910, HCCL tests, npu-smi)."
)
"""Statement in the files and the app when the plan's GPU is not NVIDIA."""

NVIDIA_ONLY_ZH: Final = (
    "部署文件面向 NVIDIA GPU（nvidia.com/gpu、CUDA 镜像、DCGM、nccl-tests）；"
    "{gpu}（{vendor}）请换成厂商自己的工具（AMD：amd.com/gpu、ROCm 镜像、rccl-tests、"
    "amd-smi、ROCm 指标采集器；昇腾：huawei.com/Ascend910、HCCL 测试、npu-smi）。"
)


@dataclass(frozen=True, slots=True)
class RolloutPlan:
    """The environment the rollout files are generated for, and why.

    Attributes
    ----------
    environment : Environment
        ``project.environment`` with nodes and GPUs per node from the sizing
        (unless ``nodes_override``) and the network class's NCCL settings
        merged under the user's ``nccl_env``. [-]
    sized_nodes, sized_gpus_per_node : int or None
        What the sizing plans; None without a sizing result. [1]
    network_kind : NetworkKind or None
        Inter-node network class of the plan; None on one node. [-]
    gpu_vendor, gpu_name : str
        The plan's GPU maker and name from the catalog ("" if unknown). [-]
    checkpoint_bytes : float or None
        Size of one checkpoint from the sizing. [B]
    advice : tuple of Advice
        Node-count mismatch and NVIDIA-only notes, for the files and the app. [-]
    """

    environment: Environment
    sized_nodes: int | None
    sized_gpus_per_node: int | None
    network_kind: NetworkKind | None
    gpu_vendor: str
    gpu_name: str
    checkpoint_bytes: float | None
    advice: tuple[Advice, ...]

    @property
    def nvidia(self) -> bool:
        """True when the files' NVIDIA tools fit the plan's GPU (or it is unknown)."""
        return self.gpu_vendor in {"", "NVIDIA"}

    def notes(self, language: Language) -> list[str]:
        """The advice as comment lines for the generated files."""
        return [a.message(language) for a in self.advice]

    def with_scheduler(self, scheduler: Scheduler) -> RolloutPlan:
        """The same plan for another scheduler (the sizing does not depend on it)."""
        if scheduler is self.environment.scheduler:
            return self
        env = self.environment.model_copy(update={"scheduler": scheduler})
        return replace(self, environment=env)

    def script_problem(self) -> Advice | None:
        """Why the Kubernetes Job cannot find the training script (None when it
        can, or when the plan does not run on Kubernetes)."""
        if self.environment.scheduler is not Scheduler.KUBERNETES:
            return None
        return kubernetes_script_problem(self.environment)

    def launch_file(self, workload: Workload, language: Language) -> GeneratedConfig:
        """The launch file of the plan's scheduler, with the plan's notes on top."""
        return launch_config(self.environment, workload, language, self.notes(language))

    def monitoring_file(
        self, name: str, monitoring: Monitoring, language: Language
    ) -> GeneratedConfig:
        """One of :data:`MONITORING_CONFIGS` for the plan's nodes.

        The NVIDIA-only note goes on top when the plan's GPU is not NVIDIA's
        (the node-count note belongs to the launch file).
        """
        config = monitoring_config(name, self.environment, monitoring, language)
        notes = [a.message(language) for a in self.advice if a.code == NVIDIA_ONLY_CODE]
        if not notes:
            return config
        return replace(config, text=with_notes(config.text, notes, language))

    @classmethod
    def as_entered(cls, env: Environment) -> RolloutPlan:
        """The environment as the user entered it, without a sizing."""
        return cls(
            environment=env,
            sized_nodes=None,
            sized_gpus_per_node=None,
            network_kind=None,
            gpu_vendor="",
            gpu_name="",
            checkpoint_bytes=None,
            advice=(),
        )


NVIDIA_ONLY_CODE: Final = "environment.nvidia_only"
"""Code of the advice that the files target NVIDIA GPUs only."""


def plan_environment(
    project: Project, catalog: Catalog, sizing: SizingResult | None
) -> RolloutPlan:
    """The environment every rollout file uses: the sizing's shape unless overridden.

    The sizing is the evaluation's (``evaluate_plan(...).sizing``, with the
    vendors' measured MFU): this function never sizes the workload itself,
    so the rollout files, the test kit and the PDF's annex plan the cards the
    workload and cost steps show.

    Parameters
    ----------
    project : Project
        Workload (GPU) and environment (the user's settings). [-]
    catalog : Catalog
        GPUs (server size, vendor) and network classes. [-]
    sizing : SizingResult or None
        The evaluation's sizing; None when the plan cannot be sized (the
        files then keep the environment's numbers). [-]

    Returns
    -------
    RolloutPlan
        See the class. Without ``nodes_override`` the files run on
        ``cluster.nodes`` nodes with ``min(cards, GPUs per server)`` GPUs each;
        with it they keep the environment's numbers and the advice says how
        they differ from the plan. [-]

    Examples
    --------
    >>> from gpu_advisor.engine.evaluate import evaluate_plan
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Workload
    >>> c = load_catalog()
    >>> p = Project(workload=Workload(gpus=64))
    >>> plan = plan_environment(p, c, evaluate_plan(p, c, monte_carlo=False).sizing)
    >>> plan.environment.nodes, plan.environment.gpus_per_node
    (8, 8)
    >>> plan_environment(p, c, None).environment == p.environment
    True
    """
    env = project.environment
    sized_nodes = sized_per_node = None
    network_kind: NetworkKind | None = None
    vendor = name = ""
    checkpoint: float | None = None
    if sizing is not None:
        try:
            gpu = catalog.gpu(sizing.gpu_id or project.workload.gpu_id)
        except (KeyError, ValueError):
            gpu = None
        cluster = sizing.cluster
        if gpu is not None:
            vendor, name = gpu.vendor, gpu.name
            sized_nodes = cluster.nodes
            sized_per_node = cluster.gpus if cluster.nodes == 1 else gpu.gpus_per_server
            if not 1 <= sized_per_node <= 16 or not 1 <= sized_nodes <= MAX_NODES:
                # beyond the schema's bounds on gpus_per_node and nodes: no file
                # could list them, so the files keep the environment's numbers
                sized_nodes = sized_per_node = None
        if cluster.nodes > 1:
            network = next(
                (n for n in catalog.networks if n.id == cluster.network_id), None
            )
            network_kind = network.kind if network is not None else None
        checkpoint = sizing.storage.checkpoint_bytes
    advice: list[Advice] = []
    update: dict[str, Any] = {}
    if sized_nodes is not None and sized_per_node is not None:
        differs = (env.nodes, env.gpus_per_node) != (sized_nodes, sized_per_node)
        if not env.nodes_override:
            update.update(nodes=sized_nodes, gpus_per_node=sized_per_node)
            if differs:
                advice.append(
                    Advice(
                        code="environment.nodes_from_plan",
                        severity=Severity.INFO,
                        message_en=(
                            f"These files follow the sizing: {_nodes_en(sized_nodes)} × "
                            f"{sized_per_node} GPUs (the environment step says {env.nodes} "
                            f'× {env.gpus_per_node}; tick "Override the plan" there to '
                            "use those)."
                        ),
                        message_zh=(
                            f"这些文件按规模测算生成：{sized_nodes} 个节点 × 每节点 "
                            f"{sized_per_node} 张卡（环境步骤填写的是 {env.nodes} × "
                            f"{env.gpus_per_node}；如要按环境步骤生成，请在该步骤勾选“覆盖规划”）。"
                        ),
                        inputs=["environment.nodes", "environment.nodes_override"],
                    )
                )
        elif differs:
            advice.append(
                Advice(
                    code="environment.nodes_differ_from_plan",
                    severity=Severity.WARNING,
                    message_en=(
                        f"These files run {_nodes_en(env.nodes)} × {env.gpus_per_node} GPUs "
                        f"as set in the environment step; the sizing plans "
                        f"{_nodes_en(sized_nodes)} × {sized_per_node} GPUs."
                    ),
                    message_zh=(
                        f"这些文件按环境步骤的设置运行 {env.nodes} 个节点 × 每节点 "
                        f"{env.gpus_per_node} 张卡；规模测算规划为 {sized_nodes} 个节点 × "
                        f"每节点 {sized_per_node} 张卡。"
                    ),
                    inputs=["environment.nodes", "environment.gpus_per_node"],
                )
            )
    nodes = update.get("nodes", env.nodes)
    if network_kind is not None and nodes > 1 and network_kind in NETWORK_NCCL_ENV:
        update["nccl_env"] = {**NETWORK_NCCL_ENV[network_kind], **env.nccl_env}
    if vendor and vendor != "NVIDIA":
        advice.append(
            Advice(
                code=NVIDIA_ONLY_CODE,
                severity=Severity.WARNING,
                message_en=NVIDIA_ONLY_EN.format(gpu=name, vendor=vendor),
                message_zh=NVIDIA_ONLY_ZH.format(gpu=name, vendor=vendor),
                inputs=["workload.gpu_id"],
            )
        )
    return RolloutPlan(
        environment=env.model_copy(update=update) if update else env,
        sized_nodes=sized_nodes,
        sized_gpus_per_node=sized_per_node,
        network_kind=network_kind,
        gpu_vendor=vendor,
        gpu_name=name,
        checkpoint_bytes=checkpoint,
        advice=tuple(advice),
    )


def _nodes_en(nodes: int) -> str:
    """'1 node', '4 nodes'."""
    return f"{nodes} node" if nodes == 1 else f"{nodes} nodes"


def _note(language: Language, text: str) -> str:
    """A comment line the reader must see: 'NOTE: …' / '注意：…'."""
    return _t(language, f"NOTE: {text}", f"注意：{text}")


def _error(language: Language, text: str) -> str:
    """A comment line saying the file will not work as it is: 'ERROR: …' / '错误：…'."""
    return _t(language, f"ERROR: {text}", f"错误：{text}")


def with_notes(text: str, notes: list[str], language: Language = Language.EN) -> str:
    """``text`` with ``notes`` as comment lines after the shebang (or at the top).

    Each line starts with "NOTE: " or, in Chinese, "注意：".

    Examples
    --------
    >>> print(with_notes("kind: Job", ["看节点数"], Language.ZH))
    # 注意：看节点数
    kind: Job
    """
    if not notes:
        return text
    block = _header([_note(language, n) for n in notes])
    if text.startswith("#!"):
        first, _, rest = text.partition("\n")
        return first + "\n" + block + rest
    return block + text


def _torchrun_args(env: Environment, node_rank: str, rdzv_endpoint: str) -> list[str]:
    """torchrun flags for single node (``--standalone``) or c10d rendezvous [3]."""
    if env.nodes == 1:
        return [
            "--standalone",
            "--nnodes",
            "1",
            "--nproc-per-node",
            str(env.gpus_per_node),
        ]
    return [
        "--nnodes",
        str(env.nodes),
        "--nproc-per-node",
        str(env.gpus_per_node),
        "--node-rank",
        node_rank,
        "--rdzv-id",
        dns_label(env.job_name),
        "--rdzv-backend",
        "c10d",
        "--rdzv-endpoint",
        rdzv_endpoint,
    ]


# --- step 4: environment ------------------------------------------------------


def kubernetes_manifest(
    env: Environment,
    workload: Workload | None = None,
    language: Language = Language.EN,
) -> str:
    """Kubernetes manifest that runs the training with torchrun.

    One node: a ``batch/v1`` Job whose container asks for
    ``nvidia.com/gpu: gpus_per_node`` in ``resources.limits`` [1].
    Several nodes: an Indexed Job (``completions = parallelism = nodes``) plus
    a headless Service; pod ``i`` is reachable as ``<job>-<i>.<job>`` and
    torchrun's c10d rendezvous runs on pod 0 [2][3].

    Parameters
    ----------
    env : Environment
        Nodes, GPUs per node, image, names, resources. [-]
    workload : Workload or None
        Only copied into annotations (task, model, GPU) for traceability. [-]
    language : Language
        Language of the header comment. [-]

    Returns
    -------
    str
        YAML documents separated by ``---``. [-]

    Notes
    -----
    The memory limit is ``memory_gib_per_gpu · gpus_per_node + shm_gib``
    because a ``medium: Memory`` emptyDir counts against the container's
    memory limit. GPUs need no ``requests``: for extended resources Kubernetes
    sets requests equal to limits [1].

    Examples
    --------
    >>> docs = list(yaml.safe_load_all(kubernetes_manifest(Environment())))
    >>> docs[0]["kind"], docs[0]["spec"]["template"]["spec"]["containers"][0][
    ...     "resources"]["limits"]["nvidia.com/gpu"]
    ('Job', 8)
    """
    multi = env.nodes > 1
    # Pod hostnames are "<job>-<index>" and must stay a 63-character label.
    job = dns_label(
        env.job_name, max_len=63 - 1 - len(str(env.nodes - 1)) if multi else 63
    )
    namespace = dns_label(env.namespace, fallback="default")
    gpus = env.gpus_per_node
    memory_gib = env.memory_gib_per_gpu * gpus + env.shm_gib
    labels = {
        "app.kubernetes.io/name": job,
        "app.kubernetes.io/managed-by": "gpu-advisor",
    }
    annotations = {"gpu-advisor/cuda-version": env.cuda_version}
    if workload is not None:
        annotations["gpu-advisor/task"] = str(workload.task)
        annotations["gpu-advisor/model"] = workload.model_preset or "custom"
        annotations["gpu-advisor/gpu"] = workload.gpu_id

    env_vars: list[dict[str, Any]] = [
        {"name": k, "value": v} for k, v in _nccl_env(env).items()
    ]
    data_path = _mount_path(env.data_path)
    env_vars.append({"name": "DATA_PATH", "value": data_path})
    limits: dict[str, Any] = {
        "nvidia.com/gpu": gpus,
        "cpu": env.cpus_per_gpu * gpus,
        "memory": f"{memory_gib}Gi",
    }
    container: dict[str, Any] = {"name": "trainer", "image": env.pytorch_image}
    if multi:
        endpoint = f"{job}-0.{job}:{env.master_port}"
        args = _torchrun_args(env, '"${JOB_COMPLETION_INDEX}"', endpoint)
        line = " ".join(a if a.startswith('"$') else _q(a) for a in args)
        container["command"] = [
            "bash",
            "-c",
            f"exec torchrun {line} {_q_path(env.train_script)}",
        ]
        container["ports"] = [{"name": "rdzv", "containerPort": env.master_port}]
    else:
        container["command"] = [
            "torchrun",
            *_torchrun_args(env, "0", ""),
            env.train_script,
        ]
    container["env"] = env_vars
    container["resources"] = {
        "requests": {"cpu": limits["cpu"], "memory": limits["memory"]},
        "limits": limits,
    }
    mounts: list[dict[str, Any]] = [{"name": "dshm", "mountPath": "/dev/shm"}]
    volumes: list[dict[str, Any]] = [
        {
            "name": "dshm",
            "emptyDir": {"medium": "Memory", "sizeLimit": f"{env.shm_gib}Gi"},
        }
    ]
    if env.data_pvc:
        mounts.append({"name": "data", "mountPath": data_path})
        volumes.append(
            {
                "name": "data",
                "persistentVolumeClaim": {"claimName": dns_label(env.data_pvc, "data")},
            }
        )
    if env.rdma_resource:
        limits[env.rdma_resource] = 1
        # RDMA needs pinned memory; IPC_LOCK lifts the memlock limit.
        container["securityContext"] = {"capabilities": {"add": ["IPC_LOCK"]}}
    if env.script_source == "configmap":
        mounts.append({"name": "script", "mountPath": "/workspace", "readOnly": True})
        volumes.append(
            {
                "name": "script",
                "configMap": {"name": dns_label(env.script_configmap, "train-script")},
            }
        )
        container["workingDir"] = "/workspace"
    elif env.script_source == "pvc" and env.data_pvc:
        container["workingDir"] = data_path
    container["volumeMounts"] = mounts

    pod_spec: dict[str, Any] = {"restartPolicy": "Never"}
    if multi:
        pod_spec["subdomain"] = job
    if env.image_pull_secret:
        pod_spec["imagePullSecrets"] = [
            {"name": dns_label(env.image_pull_secret, "regcred")}
        ]
    pod_spec["tolerations"] = [
        {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}
    ]
    pod_spec["containers"] = [container]
    pod_spec["volumes"] = volumes

    job_spec: dict[str, Any] = {
        "backoffLimit": 0,
        "activeDeadlineSeconds": env.time_limit_hours * 3600,
    }
    if multi:
        job_spec.update(
            completionMode="Indexed", completions=env.nodes, parallelism=env.nodes
        )
    job_spec["template"] = {"metadata": {"labels": labels}, "spec": pod_spec}
    docs: list[dict[str, Any]] = []
    if multi:
        docs.append(
            {
                "apiVersion": "v1",
                "kind": "Service",
                "metadata": {"name": job, "namespace": namespace, "labels": labels},
                "spec": {
                    "clusterIP": "None",
                    "publishNotReadyAddresses": True,
                    "selector": {"job-name": job},  # set by the Job controller [2]
                    "ports": [{"name": "rdzv", "port": env.master_port}],
                },
            }
        )
    docs.append(
        {
            "apiVersion": "batch/v1",
            "kind": "Job",
            "metadata": {
                "name": job,
                "namespace": namespace,
                "labels": labels,
                "annotations": annotations,
            },
            "spec": job_spec,
        }
    )
    head = [
        _t(
            language,
            f"gpu-advisor: {env.nodes} node(s) x {gpus} GPU(s), image {env.pytorch_image}"
            f" (CUDA {env.cuda_version}).",
            f"gpu-advisor 生成：{env.nodes} 个节点 × 每节点 {gpus} 张卡，镜像 "
            f"{env.pytorch_image}（CUDA {env.cuda_version}）。",
        ),
        _t(
            language,
            "Apply: kubectl apply -f <this file>. Run one node first, then scale out.",
            "使用：kubectl apply -f <本文件>。先单节点跑稳，再扩到多节点。",
        ),
    ]
    if multi:
        head.append(
            _t(
                language,
                "Indexed Job + headless Service: no training operator needed; "
                "pod 0 hosts the c10d rendezvous.",
                "Indexed Job + 无头 Service：无需安装训练 Operator；0 号 Pod 承载 c10d 汇合点。",
            )
        )
        if not env.rdma_resource:
            head.append(
                _t(
                    language,
                    "No RDMA resource requested: NCCL will use TCP sockets between nodes.",
                    "未申请 RDMA 资源：节点间 NCCL 将走 TCP，带宽和延迟都会受限。",
                )
            )
    if not env.data_pvc:
        head.append(
            _t(
                language,
                f"Mount your dataset at {data_path} (set a PVC in the wizard).",
                f"请把训练数据挂载到 {data_path}（可在向导中填写 PVC）。",
            )
        )
    problem = kubernetes_script_problem(env)
    if problem is not None:
        head.append(_error(language, problem.message(language)))
    return _header(head) + _yaml(docs)


def kubernetes_script_problem(env: Environment) -> Advice | None:
    """Why the Kubernetes Job cannot find ``train_script``, or None when it can.

    The script comes from a ConfigMap (``script_source="configmap"`` with
    ``script_configmap``), the data PVC (``"pvc"`` with ``data_pvc``; the Job
    starts in ``data_path``) or the image (``"image"``, its working directory).
    The message names the environment step's fields in words; ``inputs``
    keeps the project's field names.

    >>> kubernetes_script_problem(Environment()).code
    'environment.no_script_source'
    >>> kubernetes_script_problem(Environment(script_source="image")) is None
    True
    """
    if env.script_source == "image":
        return None
    if env.script_source == "configmap" and env.script_configmap:
        return None
    if env.script_source == "pvc" and env.data_pvc:
        return None
    script = _comment(env.train_script)
    if env.script_source == "configmap":
        return Advice(
            code="environment.no_script_source",
            severity=Severity.WARNING,
            message_en=(
                f"{script} is to come from a ConfigMap, but none is named: enter "
                "the script ConfigMap on the environment step."
            ),
            message_zh=(
                f"{script} 的来源选的是 ConfigMap 挂载，但没有填写脚本所在 ConfigMap："
                "请在环境步骤填写。"
            ),
            inputs=["environment.script_configmap", "environment.script_source"],
        )
    if env.script_source == "pvc":
        return Advice(
            code="environment.no_script_source",
            severity=Severity.WARNING,
            message_en=(
                f"{script} is to come from the data volume claim, but none is named: "
                "enter the data volume claim on the environment step."
            ),
            message_zh=(
                f"{script} 的来源选的是数据卷（PVC），但没有填写数据卷声明：请在环境步骤填写。"
            ),
            inputs=["environment.data_pvc", "environment.script_source"],
        )
    return Advice(
        code="environment.no_script_source",
        severity=Severity.WARNING,
        message_en=(
            f"Say where the pods find {script}: choose the script source on the "
            "environment step (a ConfigMap, the data volume claim or the image)."
        ),
        message_zh=(
            f"请指明 Pod 从哪里获得 {script}：在环境步骤选择脚本来源"
            "（ConfigMap 挂载、数据卷或镜像内自带）。"
        ),
        inputs=["environment.script_source"],
    )


def slurm_script(
    env: Environment,
    workload: Workload | None = None,
    language: Language = Language.EN,
) -> str:
    """sbatch script that starts one torchrun per node with ``srun`` [4][3].

    Parameters
    ----------
    env : Environment
        Nodes, GPUs per node, partition, job name, time limit, CPUs. [-]
    workload : Workload or None
        Only named in the header comment. [-]
    language : Language
        Language of the comments. [-]

    Returns
    -------
    str
        A bash script starting with ``#!/bin/bash`` and ``#SBATCH`` lines. [-]

    Notes
    -----
    One task per node (``--ntasks-per-node=1``) runs torchrun, which forks
    ``gpus_per_node`` workers. The rendezvous host is the first node of the
    allocation (``scontrol show hostnames``), the rendezvous id the Slurm job
    id, so the script works unchanged if only ``--nodes`` is edited.

    Examples
    --------
    >>> "#SBATCH --gres=gpu:8" in slurm_script(Environment())
    True
    """
    gpus = env.gpus_per_node
    lines = [
        "#!/bin/bash",
        f"#SBATCH --job-name={_slurm_name(env.job_name, 'llm-train')}",
        f"#SBATCH --partition={_slurm_name(env.partition, 'gpu')}",
        f"#SBATCH --nodes={env.nodes}",
        "#SBATCH --ntasks-per-node=1",
        f"#SBATCH --gres=gpu:{gpus}",
        f"#SBATCH --cpus-per-task={env.cpus_per_gpu * gpus}",
        "#SBATCH --mem=0",
        "#SBATCH --exclusive",
        f"#SBATCH --time={_time_limit_slurm(env.time_limit_hours)}",
        "#SBATCH --output=%x-%j.out",
    ]
    head = [
        _t(
            language,
            f"gpu-advisor: {env.nodes} node(s) x {gpus} GPU(s); CUDA {env.cuda_version}.",
            f"gpu-advisor 生成：{env.nodes} 个节点 × 每节点 {gpus} 张卡；CUDA {env.cuda_version}。",
        ),
        _t(
            language,
            "--mem=0 with --exclusive: the job gets all memory of its nodes.",
            "--mem=0 加 --exclusive：作业独占节点的全部内存。",
        ),
        _t(
            language,
            f"Container (pyxis/enroot): add --container-image={env.pytorch_image} to srun.",
            f"如用容器（pyxis/enroot），在 srun 后加 --container-image={env.pytorch_image}。",
        ),
        _t(
            language,
            "Submit: sbatch <this file>. Run with --nodes=1 first, then scale out.",
            "提交：sbatch <本文件>。先 --nodes=1 跑稳，再扩到多节点。",
        ),
    ]
    if workload is not None:
        head.insert(
            1,
            f"{workload.task} / {workload.model_preset or 'custom'} / {workload.gpu_id}",
        )
    out = "\n".join(lines) + "\n" + _shellcheck_literals(env) + _header(head)
    out += "\nset -euo pipefail\n\n"
    # Not "scontrol ... | head -n 1": head may close the pipe before scontrol has
    # written a long node list, and under pipefail that SIGPIPE aborts the job.
    out += _header(
        [
            _t(
                language,
                "First node of the allocation hosts the rendezvous. The list is read",
                "分配到的第一个节点承载汇合点。先读完整个节点列表再取第一行：",
            ),
            _t(
                language,
                "whole first: scontrol ... | head -n 1 can die of SIGPIPE under pipefail.",
                "若写成 scontrol ... | head -n 1，在 pipefail 下可能因 SIGPIPE 中止。",
            ),
        ]
    )
    out += 'NODES="$(scontrol show hostnames "$SLURM_JOB_NODELIST")"\n'
    out += 'MASTER_ADDR="$(head -n 1 <<<"$NODES")"\n'
    out += f"MASTER_PORT={_q(env.master_port)}\n"
    out += "export MASTER_ADDR MASTER_PORT\n"
    out += f"export DATA_PATH={_q_path(env.data_path)}\n"
    out += _nccl_block(env, language)
    out += (
        "\nsrun --kill-on-bad-exit=1 torchrun \\\n"
        '  --nnodes "$SLURM_NNODES" \\\n'
        f"  --nproc-per-node {gpus} \\\n"
        '  --rdzv-id "$SLURM_JOB_ID" \\\n'
        "  --rdzv-backend c10d \\\n"
        '  --rdzv-endpoint "$MASTER_ADDR:$MASTER_PORT" \\\n'
        f"  {_q_path(env.train_script)}\n"
    )
    return out


def _nccl_block(env: Environment, language: Language) -> str:
    """``export`` lines for NCCL plus the commented debug switches and why [8]."""
    out = "".join(f"export {k}={_q_value(v)}\n" for k, v in _nccl_env(env).items())
    out += _header(
        [
            _t(
                language,
                "When a run hangs or is slow, uncomment these: INFO prints the rings,",
                "训练卡住或变慢时取消下面两行注释：INFO 会打印通信环/树、",
            ),
            _t(
                language,
                "trees and the transport NCCL chose (NET/IB vs NET/Socket): if you see",
                "以及 NCCL 选用的传输方式（NET/IB 还是 NET/Socket）；若看到 Socket，",
            ),
            _t(
                language,
                "Socket, RDMA is not in use. Leave it off normally: the log is large.",
                "说明没有走 RDMA。平时保持关闭：日志量很大。",
            ),
            "export NCCL_DEBUG=INFO",
            "export NCCL_DEBUG_SUBSYS=INIT,NET",
            _t(
                language,
                "Pin the interface / HCAs if NCCL picks the wrong one (names are site specific):",
                "若 NCCL 选错网卡，可指定网卡/HCA（名称因机房而异）：",
            ),
            "export NCCL_SOCKET_IFNAME=eth0",
            "export NCCL_IB_HCA=mlx5",
        ]
    )
    return out


def bare_nodes_script(
    env: Environment,
    workload: Workload | None = None,
    language: Language = Language.EN,
) -> str:
    """Launch script for bare nodes: run it once per node with its rank [3].

    Multi-node uses torchrun's static rendezvous (``--master-addr``,
    ``--master-port``, ``--node-rank``): the first host name is the master.
    With ``bare_use_container`` torchrun runs inside ``pytorch_image`` via
    ``docker run --gpus all --network host --ipc host``.

    Parameters
    ----------
    env : Environment
        Nodes, GPUs per node, host names, port, image. [-]
    workload : Workload or None
        Only named in the header comment. [-]
    language : Language
        Language of the comments and messages. [-]

    Returns
    -------
    str
        A bash script taking ``NODE_RANK`` as its first argument. [-]

    Examples
    --------
    >>> "--master-addr" in bare_nodes_script(Environment(nodes=2))
    True
    """
    hosts = placeholder_hostnames(env)
    master = hosts[0]
    if env.nodes == 1:
        head = [
            _t(
                language,
                f"gpu-advisor: one node x {env.gpus_per_node} GPU(s), torchrun --standalone.",
                f"gpu-advisor 生成：单节点 × {env.gpus_per_node} 张卡，torchrun --standalone。",
            ),
            _t(language, "Start it on the node:", "在该节点上运行："),
        ]
    else:
        head = [
            _t(
                language,
                f"gpu-advisor: {env.nodes} nodes x {env.gpus_per_node} GPU(s), "
                f"static rendezvous on {master}:{env.master_port}.",
                f"gpu-advisor 生成：{env.nodes} 个节点 × 每节点 {env.gpus_per_node} 张卡，"
                f"静态汇合点 {master}:{env.master_port}。",
            ),
            _t(
                language,
                "Copy this file to every node and start it there with the node's rank:",
                "把本文件拷到每个节点，在各节点上带节点序号运行：",
            ),
        ]
    ranked = list(enumerate(hosts[: env.nodes]))
    if len(ranked) > PLACEHOLDER_HOST_LIMIT:
        ranked = [*ranked[: PLACEHOLDER_HOST_LIMIT - 1], ranked[-1]]
    head += [f"{host}: bash launch.sh {rank}" for rank, host in ranked]
    if env.nodes > len(ranked):
        head.append(
            _t(language, "... and so on for every node.", "……其余节点依此类推。")
        )
    if workload is not None:
        head.append(
            f"{workload.task} / {workload.model_preset or 'custom'} / {workload.gpu_id}"
        )
    out = "#!/usr/bin/env bash\n" + _shellcheck_literals(env) + _header(head)
    out += "set -euo pipefail\n\n"
    out += f"NNODES={env.nodes}\nNPROC_PER_NODE={env.gpus_per_node}\n"
    if env.nodes > 1:  # --standalone needs no master
        out += f"MASTER_ADDR={_q_value(master)}\nMASTER_PORT={_q(env.master_port)}\n"
    usage = _t(language, "usage", "用法")
    bad_rank = _t(
        language,
        "NODE_RANK must be an integer from 0 to NNODES-1",
        "NODE_RANK 必须是 0 到 NNODES-1 之间的整数",
    )
    out += 'NODE_RANK="${1:-0}"\n'
    out += (
        'case "$NODE_RANK" in\n'
        f"  ''|*[!0-9]*) echo {_q(f'{usage}: bash launch.sh NODE_RANK')} >&2; exit 2 ;;\n"
        "esac\n"
        "if (( NODE_RANK >= NNODES )); then\n"
        f"  echo {_q(bad_rank)} >&2\n"
        "  exit 2\n"
        "fi\n"
    )
    out += f"export DATA_PATH={_q_path(env.data_path)}\n"
    out += _nccl_block(env, language)
    names = [*_nccl_env(env), "DATA_PATH"]
    if env.nodes == 1:
        torchrun = (
            f'torchrun --standalone --nnodes 1 --nproc-per-node "$NPROC_PER_NODE" '
            f"{_q_path(env.train_script)}"
        )
    else:
        torchrun = (
            'torchrun --nnodes "$NNODES" --nproc-per-node "$NPROC_PER_NODE" '
            '--node-rank "$NODE_RANK" --master-addr "$MASTER_ADDR" '
            f'--master-port "$MASTER_PORT" {_q_path(env.train_script)}'
        )
    if env.bare_use_container:
        rdma = env.nccl_env.get("NCCL_IB_DISABLE", "") == "0"
        out += (
            "\n"
            + _header(
                [
                    _t(
                        language,
                        "--ipc host gives the data loader enough shared memory; "
                        "--network host lets NCCL see the RDMA/TCP interfaces.",
                        "--ipc host 让数据加载进程有足够共享内存；--network host 让 NCCL 直接使用宿主机网卡（RDMA/TCP）。",
                    ),
                    _t(
                        language,
                        "Every NCCL_*, TORCH_* and UCX_* variable set above or exported "
                        "before this script (e.g. NCCL_SOCKET_IFNAME) enters the container.",
                        "上面设置的、以及运行本脚本前 export 的所有 NCCL_*、TORCH_*、UCX_* 变量"
                        "（如 NCCL_SOCKET_IFNAME）都会传进容器。",
                    ),
                ]
            )
            + f"ENV_ARGS=({' '.join(f'--env {n}' for n in names)})\n"
            + "while IFS= read -r name; do\n"
            + '  ENV_ARGS+=(--env "$name")\n'
            + "done < <(compgen -e | grep -E '^(NCCL_|TORCH_|UCX_)' || true)\n"
            + "DEVICE_ARGS=()\n"
            + "if [[ -d /dev/infiniband ]]; then\n"
            + "  DEVICE_ARGS+=(--device /dev/infiniband)\n"
            + (
                "else\n"
                + "  echo "
                + _q(
                    _t(
                        language,
                        "warning: no /dev/infiniband on this node: NCCL will use TCP",
                        "警告：本节点没有 /dev/infiniband，NCCL 将走 TCP",
                    )
                )
                + " >&2\n"
                if rdma
                else ""
            )
            + "fi\n"
            + "exec docker run --rm --gpus all --network host --ipc host \\\n"
            "  --ulimit memlock=-1 --ulimit stack=67108864 \\\n"
            '  "${ENV_ARGS[@]}" "${DEVICE_ARGS[@]}" \\\n'
            '  -v "$DATA_PATH:$DATA_PATH" -v "$PWD:/workspace" -w /workspace \\\n'
            f"  {_q(env.pytorch_image)} \\\n"
            f"  {torchrun}\n"
        )
    else:
        out += f"\nexec {torchrun}\n"
    return out


# --- step 5: monitoring -------------------------------------------------------


def dcgm_exporter_manifest(
    env: Environment,
    monitoring: Monitoring,
    language: Language = Language.EN,
) -> str:
    """Deploy NVIDIA dcgm-exporter with the counters our alerts need [5].

    Kubernetes: a ConfigMap with :data:`DCGM_COUNTERS_CSV` and a DaemonSet on
    the GPU nodes (``nvidia.com/gpu.present=true``, the label NVIDIA GPU
    feature discovery sets). SLURM and bare nodes: a bash script to run once
    per node that writes the CSV and starts the exporter with ``docker run``.

    Parameters
    ----------
    env : Environment
        Which scheduler. [-]
    monitoring : Monitoring
        Image, namespace and port of the exporter. [-]
    language : Language
        Language of the comments. [-]

    Returns
    -------
    str
        YAML (Kubernetes) or a bash script (SLURM, bare nodes). [-]

    Examples
    --------
    >>> text = dcgm_exporter_manifest(Environment(), Monitoring())
    >>> [d["kind"] for d in yaml.safe_load_all(text)]
    ['ConfigMap', 'DaemonSet']
    """
    port = monitoring.exporter_port
    if env.scheduler is not Scheduler.KUBERNETES:
        head = [
            _t(
                language,
                "gpu-advisor: run on every GPU node (as root). Needs docker and the NVIDIA container toolkit.",
                "gpu-advisor 生成：在每台 GPU 节点上以 root 运行；需要 docker 和 NVIDIA Container Toolkit。",
            ),
            _t(
                language,
                "DCP fields (DCGM_FI_PROF_*) need datacenter GPUs; on GeForce cards delete those lines.",
                "DCGM_FI_PROF_* 性能剖析指标仅支持数据中心卡；消费级显卡请删掉这几行。",
            ),
        ]
        return (
            "#!/usr/bin/env bash\n"
            + _literal_directive([monitoring.dcgm_exporter_image])
            + _header(head)
            + "set -euo pipefail\n\n"
            + "install -d -m 0755 /etc/dcgm-exporter\n"
            + f"cat > {COUNTERS_PATH} <<'CSV'\n"
            + DCGM_COUNTERS_CSV
            + "CSV\n"
            + "docker rm -f dcgm-exporter 2>/dev/null || true\n"
            + _header(
                [
                    _t(
                        language,
                        "The node's own name labels every series (NODE_NAME, --hostname): "
                        "a re-created container keeps the same labels.",
                        "用节点自己的主机名标记所有指标（NODE_NAME、--hostname）：重建容器后标签不变。",
                    )
                ]
            )
            + 'NODE="$(hostname -s 2>/dev/null || hostname)"\n'
            + "docker run -d --name dcgm-exporter --restart unless-stopped \\\n"
            + '  --gpus all --cap-add SYS_ADMIN --hostname "$NODE" -e NODE_NAME="$NODE" \\\n'
            + f"  -p {port}:{port} -e DCGM_EXPORTER_LISTEN=:{port} \\\n"
            + f"  -v {COUNTERS_PATH}:{COUNTERS_PATH}:ro \\\n"
            + f"  {_q(monitoring.dcgm_exporter_image)} \\\n"
            + f"  -f {COUNTERS_PATH}\n"
        )
    namespace = dns_label(monitoring.namespace, fallback="gpu-monitoring")
    labels = {"app.kubernetes.io/name": EXPORTER_JOB}
    config_map = {
        "apiVersion": "v1",
        "kind": "ConfigMap",
        "metadata": {"name": "dcgm-exporter-counters", "namespace": namespace},
        "data": {"gpu-advisor-counters.csv": DCGM_COUNTERS_CSV},
    }
    daemon_set = {
        "apiVersion": "apps/v1",
        "kind": "DaemonSet",
        "metadata": {"name": EXPORTER_JOB, "namespace": namespace, "labels": labels},
        "spec": {
            "updateStrategy": {"type": "RollingUpdate"},
            "selector": {"matchLabels": labels},
            "template": {
                "metadata": {"labels": labels},
                "spec": {
                    "nodeSelector": {"nvidia.com/gpu.present": "true"},
                    "tolerations": [
                        {
                            "key": "nvidia.com/gpu",
                            "operator": "Exists",
                            "effect": "NoSchedule",
                        }
                    ],
                    "containers": [
                        {
                            "name": EXPORTER_JOB,
                            "image": monitoring.dcgm_exporter_image,
                            "args": ["-f", COUNTERS_PATH],
                            "env": [
                                {"name": "DCGM_EXPORTER_LISTEN", "value": f":{port}"},
                                {"name": "DCGM_EXPORTER_KUBERNETES", "value": "true"},
                                {
                                    "name": "NODE_NAME",
                                    "valueFrom": {
                                        "fieldRef": {"fieldPath": "spec.nodeName"}
                                    },
                                },
                            ],
                            "ports": [{"name": "metrics", "containerPort": port}],
                            "resources": {
                                "requests": {"cpu": "100m", "memory": "128Mi"},
                                "limits": {"cpu": "500m", "memory": "512Mi"},
                            },
                            "securityContext": {
                                "runAsNonRoot": False,
                                "runAsUser": 0,
                                "capabilities": {"add": ["SYS_ADMIN"]},
                            },
                            "volumeMounts": [
                                {
                                    "name": "pod-gpu-resources",
                                    "mountPath": "/var/lib/kubelet/pod-resources",
                                    "readOnly": True,
                                },
                                {
                                    "name": "counters",
                                    "mountPath": COUNTERS_PATH,
                                    "subPath": "gpu-advisor-counters.csv",
                                    "readOnly": True,
                                },
                            ],
                        }
                    ],
                    "volumes": [
                        {
                            "name": "pod-gpu-resources",
                            "hostPath": {"path": "/var/lib/kubelet/pod-resources"},
                        },
                        {
                            "name": "counters",
                            "configMap": {"name": "dcgm-exporter-counters"},
                        },
                    ],
                },
            },
        },
    }
    head = [
        _t(
            language,
            f"gpu-advisor: dcgm-exporter on every GPU node, namespace {namespace}, port {port}.",
            f"gpu-advisor 生成：在每台 GPU 节点上运行 dcgm-exporter，命名空间 {namespace}，端口 {port}。",
        ),
        _t(
            language,
            "If the NVIDIA GPU Operator is installed it already runs dcgm-exporter: "
            "give it this counters CSV instead of applying the DaemonSet.",
            "若已安装 NVIDIA GPU Operator，它自带 dcgm-exporter：把这份指标 CSV 配给它即可，不必再部署此 DaemonSet。",
        ),
        _t(
            language,
            f"Create the namespace first: kubectl create namespace {namespace}",
            f"先创建命名空间：kubectl create namespace {namespace}",
        ),
        _t(
            language,
            "Nodes need the label nvidia.com/gpu.present=true (set by GPU feature discovery).",
            "节点需带标签 nvidia.com/gpu.present=true（由 GPU Feature Discovery 自动打上）。",
        ),
    ]
    return _header(head) + _yaml([config_map, daemon_set])


def prometheus_scrape_config(
    env: Environment,
    monitoring: Monitoring,
    language: Language = Language.EN,
) -> str:
    """Prometheus config: global interval, the rules file and the exporter job [6].

    Kubernetes: pod discovery in the exporter's namespace, keeping the
    dcgm-exporter pods' ``metrics`` port and adding a ``node`` label. SLURM
    and bare nodes: static targets ``<host>:<port>`` (placeholders when no
    host names were given), or ``file_sd_configs`` beyond
    :data:`PLACEHOLDER_HOST_LIMIT` nodes.

    Parameters
    ----------
    env : Environment
        Scheduler, nodes and host names. [-]
    monitoring : Monitoring
        Scrape interval, namespace, port. [-]
    language : Language
        Language of the header comment. [-]

    Returns
    -------
    str
        A ``prometheus.yml`` document. [-]

    Examples
    --------
    >>> cfg = yaml.safe_load(prometheus_scrape_config(Environment(), Monitoring()))
    >>> cfg["scrape_configs"][0]["job_name"], cfg["global"]["scrape_interval"]
    ('dcgm-exporter', '15s')
    """
    interval = f"{monitoring.scrape_interval_s}s"
    job: dict[str, Any] = {"job_name": EXPORTER_JOB, "scrape_interval": interval}
    if env.scheduler is Scheduler.KUBERNETES:
        namespace = dns_label(monitoring.namespace, fallback="gpu-monitoring")
        job["kubernetes_sd_configs"] = [
            {"role": "pod", "namespaces": {"names": [namespace]}}
        ]
        job["relabel_configs"] = [
            {
                "source_labels": ["__meta_kubernetes_pod_label_app_kubernetes_io_name"],
                "regex": EXPORTER_JOB,
                "action": "keep",
            },
            {
                "source_labels": ["__meta_kubernetes_pod_container_port_name"],
                "regex": "metrics",
                "action": "keep",
            },
            {
                "source_labels": ["__meta_kubernetes_pod_node_name"],
                "target_label": "node",
            },
        ]
        note = _t(
            language,
            "Prometheus needs RBAC to list pods in that namespace.",
            "Prometheus 需要有列出该命名空间 Pod 的 RBAC 权限。",
        )
    else:
        hosts = placeholder_hostnames(env)
        if len(hosts) <= PLACEHOLDER_HOST_LIMIT:
            job["static_configs"] = [
                {"targets": [f"{h}:{monitoring.exporter_port}" for h in hosts]}
            ]
            note = _t(
                language,
                "Replace gpu-node-NN placeholders with your host names (or list them in the wizard).",
                "若出现 gpu-node-NN 占位名，请换成实际主机名（或在向导里填写主机名）。",
            )
        else:
            job["file_sd_configs"] = [{"files": ["targets/dcgm-exporter-*.json"]}]
            note = _t(
                language,
                f"{len(hosts)} nodes: list them as <host>:{monitoring.exporter_port} in targets/dcgm-exporter-*.json.",
                f"共 {len(hosts)} 个节点：请在 targets/dcgm-exporter-*.json 中按 <主机>:{monitoring.exporter_port} 列出。",
            )
    config = {
        "global": {"scrape_interval": interval, "evaluation_interval": interval},
        "rule_files": [ALERT_RULES_FILENAME],
        "scrape_configs": [job],
    }
    head = [
        _t(
            language,
            f"gpu-advisor: Prometheus scrape config for dcgm-exporter; alert rules in {ALERT_RULES_FILENAME}.",
            f"gpu-advisor 生成：采集 dcgm-exporter 的 Prometheus 配置；告警规则见 {ALERT_RULES_FILENAME}。",
        ),
        note,
    ]
    return _header(head) + _yaml([config]).removeprefix("---\n")


def _where(language: Language) -> str:
    return _t(
        language,
        "{{ $labels.node }} GPU {{ $labels.gpu }}",
        "节点 {{ $labels.node }} 的 {{ $labels.gpu }} 号卡",
    )


_DCGM_SERIES: Final = re.compile(
    r"[a-z_]+\((DCGM_FI_[A-Z0-9_]+)\[[^\]]+\]\)|DCGM_FI_[A-Z0-9_]+"
)
"""A DCGM metric, bare or inside a range function such as ``max_over_time(X[1h])``."""

NODE_LABEL: Final = "node"
"""Label the alert rules group and name nodes by, copied from the exporter's."""


def with_node_label(expr: str) -> str:
    """Give every DCGM series in ``expr`` a ``node`` label from ``Hostname`` or ``hostname``.

    dcgm-exporter up to 4.2 labels series ``Hostname``; newer releases renamed
    it ``hostname`` [10]. ``label_replace`` copies whichever is present into
    ``node`` (a series without it is returned unchanged), so one rules file
    works with both.

    >>> with_node_label("X + DCGM_FI_DEV_GPU_TEMP")  # doctest: +NORMALIZE_WHITESPACE
    'X + label_replace(label_replace(DCGM_FI_DEV_GPU_TEMP, "node", "$1", "Hostname", "(.+)"),
    "node", "$1", "hostname", "(.+)")'
    """

    def wrap(match: re.Match[str]) -> str:
        inner = match.group(0)
        return (
            f'label_replace(label_replace({inner}, "{NODE_LABEL}", "$1", "Hostname", '
            f'"(.+)"), "{NODE_LABEL}", "$1", "hostname", "(.+)")'
        )

    return _DCGM_SERIES.sub(wrap, expr)


def _rule(
    alert: str,
    expr: str,
    for_minutes: int,
    severity: str,
    summary: str,
    description: str,
) -> dict[str, Any]:
    return {
        "alert": alert,
        "expr": with_node_label(expr),
        "for": _duration(for_minutes) if for_minutes else "0m",
        "labels": {"severity": severity},
        "annotations": {"summary": summary, "description": description},
    }


def prometheus_alert_rules(
    monitoring: Monitoring,
    language: Language = Language.EN,
    expected_gpus_per_node: int | None = None,
) -> str:
    """Prometheus alerting rules on dcgm-exporter metrics [5][6][7].

    Thresholds come from ``monitoring``; annotations are in ``language``.

    Parameters
    ----------
    monitoring : Monitoring
        Temperatures [°C], utilisation threshold [%] and window [min],
        NCCL-hang window [min], ECC DBE count [1], throttle switch, scrape
        interval [s]. [-]
    language : Language
        Language of ``summary`` and ``description``. [-]
    expected_gpus_per_node : int or None
        When given, also alert when a node reports fewer GPUs. [1]

    Returns
    -------
    str
        One rules file: ``groups: [{name: gpu-advisor, rules: [...]}]``. [-]

    Notes
    -----
    Alerts and their expressions (``R`` is the clock-event bitmask,
    ``DCGM_FI_DEV_CLOCKS_EVENT_REASONS``, or its pre-DCGM-3.3 name
    ``DCGM_FI_DEV_CLOCK_THROTTLE_REASONS``):

    * ``GpuTemperatureHigh``: ``DCGM_FI_DEV_GPU_TEMP > gpu_temp_c`` for 5 min.
    * ``GpuMemoryTemperatureHigh``: ``DCGM_FI_DEV_MEMORY_TEMP > memory_temp_c``.
    * ``GpuXidError``: the XID gauge changed to a non-zero value within the
      last 10 minutes (``changes(...) > 0``). dcgm-exporter keeps the last XID
      until it restarts, so an alert on the value alone would fire for ever.
    * ``GpuMissing``: a GPU that reported in the last hour and reports no
      more (per ``node`` and ``gpu``), the "掉卡" case when the driver
      no longer sees it. XID 79 (fallen off the bus) lands here: DCGM cannot
      report it [11]. ``GpuCountBelowExpected``: fewer GPUs per node than
      planned.
    * ``GpuEccDoubleBitErrors``: ``DCGM_FI_DEV_ECC_DBE_VOL_TOTAL >=
      ecc_dbe_threshold`` (volatile count since the last driver load).
    * ``GpuRowRemapFailure``: ``DCGM_FI_DEV_ROW_REMAP_FAILURE > 0``;
      ``GpuUncorrectableRowsRemapped``: the uncorrectable remapped-row count
      grew in the last hour (a reset is needed for the remap to apply).
    * ``GpuUtilizationLow``: ``avg_over_time(DCGM_FI_DEV_GPU_UTIL[W]) <
      util_low_pct`` on GPUs that hold memory (``DCGM_FI_DEV_FB_USED >
      1024`` MiB), so idle, unallocated cards stay quiet; the description
      says to check data loading before adding cards (seed rule).
    * ``GpuThermalThrottling``: bit 0x20 or 0x40 of ``R`` set for 5 min.
    * ``GpuPowerBrakeOrHwSlowdown`` (only if ``power_throttle_alert``): bit
      0x8 or 0x80 of ``R``. SW power capping (0x4) is normal at full load and
      is not alerted. PromQL has no bit operators, so bit ``k`` is
      ``floor(R / 2^k) % 2``.
    * ``NcclHangSuspected``: for ``nccl_hang_minutes`` the GPU stayed at
      >= 95 % utilisation while its tensor pipes were idle
      (``DCGM_FI_PROF_PIPE_TENSOR_ACTIVE < 0.01``). Assumption: a rank
      blocked in an NCCL collective keeps a spinning kernel resident (hence
      100 % "utilisation") but does no matrix work; a training step of a
      transformer always uses the tensor cores. Needs the DCP fields
      (datacenter GPUs); it stays silent where they are missing.
    * ``DcgmExporterDown`` (``up == 0``) and ``DcgmExporterAbsent``
      (``absent(up{job="dcgm-exporter"})``): without the exporter every other
      alert is blind.

    Range windows are at least four scrape intervals long. Every DCGM series
    gets a ``node`` label from ``Hostname`` or ``hostname``
    (:func:`with_node_label`).

    Examples
    --------
    >>> doc = yaml.safe_load(prometheus_alert_rules(Monitoring()))
    >>> doc["groups"][0]["rules"][0]["expr"].endswith(") > 85")
    True
    """
    m = monitoring
    lang = language
    where = _where(lang)
    sustained = 5  # minutes: ignore single hot or throttled samples
    util_window = _range_minutes(m.util_window_minutes, m.scrape_interval_s)
    hang_window = _range_minutes(m.nccl_hang_minutes, m.scrape_interval_s)
    xid_window = _range_minutes(10, m.scrape_interval_s)
    reasons = "(DCGM_FI_DEV_CLOCKS_EVENT_REASONS or DCGM_FI_DEV_CLOCK_THROTTLE_REASONS)"
    rules = [
        _rule(
            "GpuTemperatureHigh",
            f"DCGM_FI_DEV_GPU_TEMP > {_num(m.gpu_temp_c)}",
            sustained,
            "warning",
            _t(lang, "GPU core temperature high", "GPU 核心温度过高"),
            _t(
                lang,
                f"{where} is at {{{{ $value }}}} °C, above {_num(m.gpu_temp_c)} °C for 5 minutes. "
                "Check the air conditioning and the airflow of the rack; clocks will drop next.",
                f"{where}温度 {{{{ $value }}}} °C，已连续 5 分钟超过 {_num(m.gpu_temp_c)} °C。"
                "请检查机房空调和机柜风道，否则接下来会降频。",
            ),
        ),
        _rule(
            "GpuMemoryTemperatureHigh",
            f"DCGM_FI_DEV_MEMORY_TEMP > {_num(m.memory_temp_c)}",
            sustained,
            "warning",
            _t(lang, "GPU memory (HBM) temperature high", "显存（HBM）温度过高"),
            _t(
                lang,
                f"{where} memory is at {{{{ $value }}}} °C, above {_num(m.memory_temp_c)} °C. "
                "Hot HBM raises the ECC error rate; check cooling.",
                f"{where}显存温度 {{{{ $value }}}} °C，超过 {_num(m.memory_temp_c)} °C。"
                "显存过热会增加 ECC 错误，请检查散热。",
            ),
        ),
        _rule(
            "GpuXidError",
            "DCGM_FI_DEV_XID_ERRORS > 0 and "
            f"changes(DCGM_FI_DEV_XID_ERRORS[{_duration(xid_window)}]) > 0",
            0,
            "warning",
            _t(lang, "GPU reported an XID error", "GPU 上报 XID 错误"),
            _t(
                lang,
                f"{where} reported XID {{{{ $value }}}} in the last {_duration(xid_window)}. "
                "Look it up in NVIDIA's XID table; "
                "48/63/64/94/95 point at memory, 74 at NVLink, 13/31/43 usually at the application.",
                f"{where}在最近 {xid_window} 分钟内上报 XID {{{{ $value }}}}。请对照 NVIDIA XID 错误表："
                "48/63/64/94/95 与显存有关，74 与 NVLink 有关，13/31/43 多为程序问题。",
            ),
        ),
        _rule(
            "GpuMissing",
            f"max by (node, gpu) (max_over_time(DCGM_FI_DEV_GPU_TEMP[{GPU_SEEN_WINDOW}])) "
            "unless on (node, gpu) DCGM_FI_DEV_GPU_TEMP",
            sustained,
            "critical",
            _t(lang, "GPU stopped reporting", "GPU 指标消失（疑似掉卡）"),
            _t(
                lang,
                f"{where} reported within the last hour but not now: the driver lost the card "
                "(a GPU that fell off the bus, XID 79, shows up here: DCGM cannot report "
                "XID 79) or the exporter on that node stopped. Check nvidia-smi on the node.",
                f"{where}一小时内还有指标，现在没有了：驱动已看不到这张卡（掉卡即 XID 79 会表现为此告警："
                "DCGM 无法上报 XID 79），或该节点的采集器停了。请登录节点执行 nvidia-smi 检查。",
            ),
        ),
    ]
    if expected_gpus_per_node is not None:
        rules.append(
            _rule(
                "GpuCountBelowExpected",
                f"count by (node) (DCGM_FI_DEV_GPU_TEMP) < {expected_gpus_per_node}",
                sustained,
                "critical",
                _t(
                    lang,
                    "Node reports fewer GPUs than planned",
                    "节点可见 GPU 数少于规划",
                ),
                _t(
                    lang,
                    f"{{{{ $labels.node }}}} reports {{{{ $value }}}} GPUs, "
                    f"{expected_gpus_per_node} planned. A card has dropped out.",
                    f"节点 {{{{ $labels.node }}}} 只看到 {{{{ $value }}}} 张卡，"
                    f"规划为 {expected_gpus_per_node} 张，疑似掉卡。",
                ),
            )
        )
    rules += [
        _rule(
            "GpuEccDoubleBitErrors",
            f"DCGM_FI_DEV_ECC_DBE_VOL_TOTAL >= {m.ecc_dbe_threshold}",
            0,
            "critical",
            _t(
                lang,
                "Uncorrectable (double-bit) ECC errors",
                "不可纠正（双比特）ECC 错误",
            ),
            _t(
                lang,
                f"{where} has {{{{ $value }}}} double-bit ECC errors since the driver loaded "
                f"(threshold {m.ecc_dbe_threshold}). Results on this card may be wrong: "
                "drain it and ask the vendor to test or replace it.",
                f"{where}自驱动加载以来出现 {{{{ $value }}}} 次双比特 ECC 错误（阈值 {m.ecc_dbe_threshold}）。"
                "该卡计算结果可能出错：请将其下线，并要求供应商检测或换卡。",
            ),
        ),
        _rule(
            "GpuRowRemapFailure",
            "DCGM_FI_DEV_ROW_REMAP_FAILURE > 0",
            0,
            "critical",
            _t(lang, "GPU memory row remapping failed", "显存行重映射失败"),
            _t(
                lang,
                f"{where} could not remap a faulty memory row: the card needs replacing.",
                f"{where}无法再重映射坏的显存行：该卡需要更换。",
            ),
        ),
        _rule(
            "GpuUncorrectableRowsRemapped",
            f"increase(DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS[{GPU_SEEN_WINDOW}]) > 0",
            0,
            "warning",
            _t(
                lang,
                "Memory row remapped after an uncorrectable error",
                "不可纠正错误触发显存行重映射",
            ),
            _t(
                lang,
                f"{where} remapped a memory row after an uncorrectable error. The remap takes "
                "effect after a GPU reset: reset the card at the next checkpoint.",
                f"{where}因不可纠正错误重映射了显存行，需重置 GPU 后才生效：请在下一个 checkpoint 后重置该卡。",
            ),
        ),
        _rule(
            "GpuUtilizationLow",
            f"avg_over_time(DCGM_FI_DEV_GPU_UTIL[{_duration(util_window)}]) < {_num(m.util_low_pct)} "
            f"and DCGM_FI_DEV_FB_USED > {BUSY_FB_USED_MIB}",
            sustained,
            "warning",
            _t(
                lang,
                "GPU utilisation low: check data loading first",
                "GPU 利用率偏低：先查数据加载",
            ),
            _t(
                lang,
                f"{where} averaged {{{{ $value }}}} % over {_duration(util_window)} "
                f"(threshold {_num(m.util_low_pct)} %) while a job holds it. Look at data "
                "loading first (DataLoader workers, storage bandwidth, CPU preprocessing, "
                "data stored far from the compute) before adding GPUs.",
                f"{where}在 {util_window} 分钟内平均利用率 {{{{ $value }}}} %（阈值 {_num(m.util_low_pct)} %），"
                "且有作业占用。先检查数据加载（DataLoader 进程数、存储带宽、CPU 预处理、数据是否离算力太远），"
                "不要急着加卡。",
            ),
        ),
        _rule(
            "GpuThermalThrottling",
            f"floor({reasons} / {_THERMAL_BITS_DIVISOR}) % 4 > 0",
            sustained,
            "warning",
            _t(lang, "GPU clocks reduced by thermal limits", "GPU 因温度降频"),
            _t(
                lang,
                f"{where} has been thermally throttled (SW or HW thermal slowdown) for 5 "
                "minutes; training runs slower on this card and the whole job waits for it.",
                f"{where}已连续 5 分钟因过热降频（软件或硬件温控），这张卡变慢会拖慢整个作业。",
            ),
        ),
    ]
    if m.power_throttle_alert:
        rules.append(
            _rule(
                "GpuPowerBrakeOrHwSlowdown",
                f"floor({reasons} / {_HW_SLOWDOWN_BIT}) % 2 == 1 "
                f"or floor({reasons} / {_POWER_BRAKE_BIT}) % 2 == 1",
                sustained,
                "warning",
                _t(
                    lang,
                    "GPU hardware slowdown or power brake",
                    "GPU 硬件降频或电源制动",
                ),
                _t(
                    lang,
                    f"{where} shows HW slowdown or power brake for 5 minutes: a power supply, "
                    "PDU or temperature problem at the node. Ask the data centre to check power.",
                    f"{where}已连续 5 分钟处于硬件降频或电源制动状态，通常是节点电源、PDU 或温度问题，"
                    "请机房检查供电。",
                ),
            )
        )
    rules += [
        _rule(
            "NcclHangSuspected",
            f"min_over_time(DCGM_FI_DEV_GPU_UTIL[{_duration(hang_window)}]) >= {NCCL_HANG_UTIL_PCT} "
            f"and max_over_time(DCGM_FI_PROF_PIPE_TENSOR_ACTIVE[{_duration(hang_window)}]) "
            f"< {NCCL_HANG_TENSOR_ACTIVE}",
            1,
            "critical",
            _t(lang, "Training looks hung in NCCL", "训练疑似卡在 NCCL 通信"),
            _t(
                lang,
                f"{where} has been at 100 % utilisation with idle tensor cores for "
                f"{_duration(hang_window)}: typically a rank waiting forever in an NCCL "
                "collective. Check the logs of every rank (set NCCL_DEBUG=INFO), the network "
                "and the other nodes; restart from the last checkpoint.",
                f"{where}已连续 {hang_window} 分钟利用率 100 % 但 Tensor Core 空闲：通常是某个进程在 NCCL "
                "集合通信中一直等待。请查看各进程日志（设 NCCL_DEBUG=INFO）、网络和其他节点，并从最近的 checkpoint 重启。",
            ),
        ),
        _rule(
            "DcgmExporterDown",
            f'up{{job="{EXPORTER_JOB}"}} == 0',
            sustained,
            "critical",
            _t(
                lang, "GPU metrics exporter down", "GPU 指标采集器（dcgm-exporter）宕机"
            ),
            _t(
                lang,
                "{{ $labels.instance }}: Prometheus cannot scrape dcgm-exporter; "
                "GPU alerts for that node are blind.",
                "{{ $labels.instance }}：Prometheus 抓取不到 dcgm-exporter，该节点的 GPU 告警全部失效。",
            ),
        ),
        _rule(
            "DcgmExporterAbsent",
            f'absent(up{{job="{EXPORTER_JOB}"}})',
            10,
            "critical",
            _t(
                lang,
                "No dcgm-exporter target at all",
                "没有任何 dcgm-exporter 抓取目标",
            ),
            _t(
                lang,
                "Prometheus has no dcgm-exporter target: the scrape config or the DaemonSet "
                "is missing, so no GPU alert can fire.",
                "Prometheus 中没有 dcgm-exporter 目标：抓取配置或 DaemonSet 缺失，任何 GPU 告警都不会触发。",
            ),
        ),
    ]
    head = [
        _t(
            lang,
            "gpu-advisor: Prometheus alert rules on dcgm-exporter metrics.",
            "gpu-advisor 生成：基于 dcgm-exporter 指标的 Prometheus 告警规则。",
        ),
        _t(
            lang,
            "Check with: promtool check rules <this file>",
            "可用 promtool check rules <本文件> 检查。",
        ),
    ]
    return _header(head) + _yaml(
        [{"groups": [{"name": "gpu-advisor", "rules": rules}]}]
    ).removeprefix("---\n")


def grafana_dashboard_hint(
    monitoring: Monitoring, language: Language = Language.EN
) -> str:
    """What to import into Grafana and which panels to add [9].

    Parameters
    ----------
    monitoring : Monitoring
        Thresholds drawn as lines on the panels. [-]
    language : Language
        Language of the text. [-]

    Returns
    -------
    str
        Plain text, one item per line. [-]

    Examples
    --------
    >>> "12239" in grafana_dashboard_hint(Monitoring())
    True
    """
    m = monitoring
    lines = [
        _t(
            language,
            f"Import Grafana dashboard {GRAFANA_DCGM_DASHBOARD_ID} (NVIDIA DCGM Exporter Dashboard) "
            "and choose your Prometheus data source.",
            f"在 Grafana 中导入公开仪表盘 {GRAFANA_DCGM_DASHBOARD_ID}（NVIDIA DCGM Exporter Dashboard），"
            "数据源选 Prometheus。",
        ),
        _t(language, "Then add these panels:", "再添加以下面板："),
        _t(
            language,
            f"- GPU utilisation per GPU (DCGM_FI_DEV_GPU_UTIL), threshold line at {_num(m.util_low_pct)} %.",
            f"- 每张卡的利用率（DCGM_FI_DEV_GPU_UTIL），阈值线 {_num(m.util_low_pct)} %。",
        ),
        _t(
            language,
            "- Tensor-core activity (DCGM_FI_PROF_PIPE_TENSOR_ACTIVE): low with high utilisation means waiting.",
            "- Tensor Core 活跃度（DCGM_FI_PROF_PIPE_TENSOR_ACTIVE）：利用率高而它低，说明卡在等待。",
        ),
        _t(
            language,
            f"- GPU and memory temperature, lines at {_num(m.gpu_temp_c)} °C and {_num(m.memory_temp_c)} °C.",
            f"- GPU 核心与显存温度，阈值线 {_num(m.gpu_temp_c)} °C 和 {_num(m.memory_temp_c)} °C。",
        ),
        _t(
            language,
            "- Power draw (DCGM_FI_DEV_POWER_USAGE) and clock event reasons (DCGM_FI_DEV_CLOCKS_EVENT_REASONS).",
            "- 功耗（DCGM_FI_DEV_POWER_USAGE）与降频原因（DCGM_FI_DEV_CLOCKS_EVENT_REASONS）。",
        ),
        _t(
            language,
            "- XID, ECC double-bit and remapped-row counters as a table per node.",
            "- 按节点列出 XID、ECC 双比特错误和显存行重映射计数。",
        ),
        _t(
            language,
            "- NVLink and PCIe throughput (DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL, DCGM_FI_PROF_PCIE_TX_BYTES).",
            "- NVLink 与 PCIe 吞吐（DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL、DCGM_FI_PROF_PCIE_TX_BYTES）。",
        ),
        _t(
            language,
            "- Framebuffer used (DCGM_FI_DEV_FB_USED) per GPU.",
            "- 每张卡的显存占用（DCGM_FI_DEV_FB_USED）。",
        ),
    ]
    return "\n".join(lines) + "\n"


# --- checks and the bundle ----------------------------------------------------


def environment_advice(
    env: Environment, workload: Workload | None = None
) -> list[Advice]:
    """Warnings about the environment, for the page and the PDF.

    Parameters
    ----------
    env : Environment
        Nodes, GPUs per node, scheduler, RDMA resource. [-]
    workload : Workload or None
        Planned total cards and tensor-parallel degree. [-]

    Returns
    -------
    list[Advice]
        Possibly empty. [-]

    Examples
    --------
    >>> [a.code for a in environment_advice(Environment(nodes=2, gpus_per_node=8))]
    ['environment.single_node_first', 'environment.no_rdma']
    """
    out: list[Advice] = []
    total = env.nodes * env.gpus_per_node
    if env.nodes > 1:
        out.append(
            Advice(
                code="environment.single_node_first",
                severity=Severity.INFO,
                message_en="Run the job on one node first; scale out once it is stable.",
                message_zh="先在单节点上跑稳，再扩展到多节点，排查问题最快。",
                inputs=["environment.nodes"],
            )
        )
        if env.scheduler is Scheduler.KUBERNETES and not env.rdma_resource:
            out.append(
                Advice(
                    code="environment.no_rdma",
                    severity=Severity.WARNING,
                    message_en="Several nodes but no RDMA resource: NCCL falls back to TCP between nodes.",
                    message_zh="多节点但未申请 RDMA 资源：节点间 NCCL 会退回 TCP，通信会成为瓶颈。",
                    inputs=["environment.rdma_resource", "environment.nodes"],
                )
            )
    if workload is not None:
        if workload.gpus is not None and workload.gpus != total:
            out.append(
                Advice(
                    code="environment.gpu_count_mismatch",
                    message_en=f"The environment has {total} GPUs, the workload plans {workload.gpus}.",
                    message_zh=f"环境共 {total} 张卡，而工作负载规划为 {workload.gpus} 张。",
                    inputs=[
                        "environment.nodes",
                        "environment.gpus_per_node",
                        "workload.gpus",
                    ],
                )
            )
        if workload.tp > env.gpus_per_node:
            out.append(
                Advice(
                    code="environment.tp_across_nodes",
                    message_en=(
                        f"Tensor parallel degree {workload.tp} exceeds {env.gpus_per_node} GPUs per "
                        "node: tensor-parallel traffic would cross the inter-node network."
                    ),
                    message_zh=(
                        f"张量并行度 {workload.tp} 大于每节点 {env.gpus_per_node} 张卡："
                        "张量并行通信将跨节点，速度会大幅下降。"
                    ),
                    inputs=["workload.tp", "environment.gpus_per_node"],
                )
            )
    return out


MONITORING_CONFIGS: Final = (
    "dcgm-exporter",
    "prometheus-config",
    "prometheus-alerts",
    "grafana-dashboard",
)
"""Names (``GeneratedConfig.name``) of the monitoring files, in :func:`generate_all` order."""


def launch_config(
    env: Environment,
    workload: Workload,
    language: Language,
    notes: list[str] | None = None,
) -> GeneratedConfig:
    """The launch file for ``env.scheduler``: Kubernetes Job, sbatch or bare-node script.

    Parameters
    ----------
    env : Environment
        Cluster, image and job settings; ``env.scheduler`` picks the file. [-]
    workload : Workload
        The training job (precision, parallelism). [-]
    language : Language
        Language of the title and the comments. [-]
    notes : list of str, optional
        Lines added as "NOTE:" ("注意：") comments at the top (see
        :meth:`RolloutPlan.notes`). [-]

    Returns
    -------
    GeneratedConfig
        The first entry of :func:`generate_all` for a project with these
        settings. [-]

    Examples
    --------
    >>> launch_config(Environment(scheduler=Scheduler.SLURM), Workload(), Language.EN).name
    'slurm-sbatch'
    """
    extra = list(notes or [])
    if env.scheduler is Scheduler.KUBERNETES:
        return GeneratedConfig(
            "kubernetes-job",
            _t(language, "Kubernetes training Job", "Kubernetes 训练作业（Job）"),
            f"{dns_label(env.job_name)}-job.yaml",
            "yaml",
            with_notes(kubernetes_manifest(env, workload, language), extra, language),
        )
    if env.scheduler is Scheduler.SLURM:
        return GeneratedConfig(
            "slurm-sbatch",
            _t(language, "SLURM batch script", "SLURM 作业脚本（sbatch）"),
            f"{_slurm_name(env.job_name, 'llm-train')}.sbatch",
            "bash",
            with_notes(slurm_script(env, workload, language), extra, language),
        )
    return GeneratedConfig(
        "bare-launch",
        _t(language, "Launch script for bare nodes", "裸机节点启动脚本"),
        "launch.sh",
        "bash",
        with_notes(bare_nodes_script(env, workload, language), extra, language),
    )


def monitoring_config(
    name: str, env: Environment, monitoring: Monitoring, language: Language
) -> GeneratedConfig:
    """One monitoring file, exactly as :func:`generate_all` writes it.

    Parameters
    ----------
    name : str
        One of :data:`MONITORING_CONFIGS`. [-]
    env : Environment
        Scheduler, nodes and GPUs per node. [-]
    monitoring : Monitoring
        Thresholds and exporter settings. [-]
    language : Language
        Language of the title and the comments. [-]

    Returns
    -------
    GeneratedConfig
        The file called ``name``. [-]

    Raises
    ------
    ValueError
        When ``name`` is not in :data:`MONITORING_CONFIGS`.

    Examples
    --------
    >>> monitoring_config(
    ...     "grafana-dashboard", Environment(), Monitoring(), Language.EN
    ... ).filename
    'grafana-dashboard.txt'
    """
    lang = language
    if name == "dcgm-exporter":
        if env.scheduler is Scheduler.KUBERNETES:
            return GeneratedConfig(
                "dcgm-exporter",
                _t(lang, "DCGM exporter DaemonSet", "DCGM 指标采集 DaemonSet"),
                "dcgm-exporter.yaml",
                "yaml",
                dcgm_exporter_manifest(env, monitoring, lang),
            )
        return GeneratedConfig(
            "dcgm-exporter",
            _t(
                lang,
                "DCGM exporter (docker) setup",
                "DCGM 指标采集器安装脚本（docker）",
            ),
            "install-dcgm-exporter.sh",
            "bash",
            dcgm_exporter_manifest(env, monitoring, lang),
        )
    if name == "prometheus-config":
        return GeneratedConfig(
            "prometheus-config",
            _t(lang, "Prometheus scrape config", "Prometheus 抓取配置"),
            "prometheus.yml",
            "yaml",
            prometheus_scrape_config(env, monitoring, lang),
        )
    if name == "prometheus-alerts":
        return GeneratedConfig(
            "prometheus-alerts",
            _t(lang, "Prometheus alert rules", "Prometheus 告警规则"),
            ALERT_RULES_FILENAME,
            "yaml",
            prometheus_alert_rules(
                monitoring, lang, expected_gpus_per_node=env.gpus_per_node
            ),
        )
    if name == "grafana-dashboard":
        return GeneratedConfig(
            "grafana-dashboard",
            _t(lang, "Grafana dashboard", "Grafana 监控面板"),
            "grafana-dashboard.txt",
            "text",
            grafana_dashboard_hint(monitoring, lang),
        )
    raise ValueError(f"name must be one of {', '.join(MONITORING_CONFIGS)}")


def generate_all(
    project: Project,
    plan: RolloutPlan | None = None,
    language: Language | None = None,
) -> list[GeneratedConfig]:
    """Every config for the project's scheduler.

    Order: launch file (Kubernetes Job, sbatch script or bare-node script),
    dcgm-exporter deployment, Prometheus scrape config, alert rules, Grafana
    hint. A page that shows one file at a time calls
    :meth:`RolloutPlan.launch_file` or :meth:`RolloutPlan.monitoring_file`
    for just that file.

    Parameters
    ----------
    project : Project
        Reads ``environment``, ``monitoring``, ``workload`` and
        ``meta.language``. [-]
    plan : RolloutPlan, optional
        The plan the files follow (:func:`plan_environment` with the
        evaluation's sizing, as ``evaluate_plan(...).rollout.plan``): its node
        count and network settings, with its notes. Without it the files use
        ``project.environment`` as it is. [-]
    language : Language, optional
        Language of the titles and comments; default ``meta.language``. [-]

    Returns
    -------
    list[GeneratedConfig]
        Five entries. [-]

    Examples
    --------
    >>> [c.name for c in generate_all(Project())]  # doctest: +NORMALIZE_WHITESPACE
    ['kubernetes-job', 'dcgm-exporter', 'prometheus-config', 'prometheus-alerts',
     'grafana-dashboard']
    """
    lang = language if language is not None else project.meta.language
    if plan is None:
        plan = RolloutPlan.as_entered(project.environment)
    return [
        plan.launch_file(project.workload, lang),
        *(
            plan.monitoring_file(name, project.monitoring, lang)
            for name in MONITORING_CONFIGS
        ),
    ]
