"""The DCGM exporter deployment: a DaemonSet on Kubernetes, a docker script elsewhere.

Holds the counters CSV the exporter reads (the dcgm-exporter defaults plus
the fields the alert rules need).

References
----------
.. [5] NVIDIA, dcgm-exporter ``etc/default-counters.csv`` and
   ``etc/dcp-metrics-included.csv`` (metric names) and ``dcgm-exporter.yaml``
   (DaemonSet: port 9400, ``SYS_ADMIN``, pod-resources mount).
   https://github.com/NVIDIA/dcgm-exporter
.. [8] Kubernetes, "Pod Security Standards": baseline forbids ``hostPath``
   volumes and capabilities beyond its list (``SYS_ADMIN`` is not in it).
   https://kubernetes.io/docs/concepts/security/pod-security-standards/
"""

from __future__ import annotations

from typing import Any, Final

from gpu_advisor.engine.rollout.configs.common import Wording, _header, _w, dns_label
from gpu_advisor.engine.rollout.configs.shell import _literal_directive, _q
from gpu_advisor.engine.rollout.configs.yaml_out import _yaml
from gpu_advisor.model.project import Environment, Monitoring, Scheduler

EXPORTER_JOB: Final = "dcgm-exporter"
"""Prometheus ``job`` label of the exporter targets (used by the exporter-down alerts)."""

COUNTERS_PATH: Final = "/etc/dcgm-exporter/gpu-advisor-counters.csv"
"""Where the exporter reads our counters CSV (``-f`` flag of dcgm-exporter [5])."""

# The default counters of dcgm-exporter [5] plus the fields our alerts need that
# the default file leaves commented out (ECC, clock event reasons, violations,
# NVLink error counters, the power limit) and the profiling fields the NCCL-hang alert reads (DCP; datacenter GPUs only).
DCGM_COUNTERS_CSV: Final = """\
# Format: DCGM FIELD, Prometheus metric type, help message
# Written by gpu-advisor: dcgm-exporter defaults plus ECC, clock events, NVLink errors, power limit, DCP.
DCGM_FI_DEV_SM_CLOCK, gauge, SM clock frequency (in MHz).
DCGM_FI_DEV_MEM_CLOCK, gauge, Memory clock frequency (in MHz).
DCGM_FI_DEV_MEMORY_TEMP, gauge, Memory temperature (in C).
DCGM_FI_DEV_GPU_TEMP, gauge, GPU temperature (in C).
DCGM_FI_DEV_GPU_TEMP_LIMIT, gauge, Thermal margin to the nearest slowdown threshold (in C).
DCGM_FI_DEV_POWER_USAGE, gauge, Power draw (in W).
DCGM_FI_DEV_POWER_MGMT_LIMIT, gauge, Power management limit (in W).
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
DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL, counter, Total number of NVLink flow-control CRC errors.
DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL, counter, Total number of NVLink data CRC errors.
DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL, counter, Total number of NVLink retries.
DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL, counter, Total number of NVLink recovery errors.
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


def dcgm_exporter_manifest(
    env: Environment,
    monitoring: Monitoring,
    say: Wording,
) -> str:
    """Deploy NVIDIA dcgm-exporter with the counters our alerts need [5].

    Kubernetes: the namespace (labelled privileged, with the reason), a
    ConfigMap with :data:`DCGM_COUNTERS_CSV`, a DaemonSet on the GPU nodes (``nvidia.com/gpu.present=true``, the label NVIDIA GPU
    feature discovery sets) and the RBAC Prometheus needs to find its pods.
    SLURM and bare nodes: a bash script to run once
    per node that writes the CSV and starts the exporter with ``docker run``.

    Parameters
    ----------
    env : Environment
        Which scheduler. [-]
    monitoring : Monitoring
        Image, namespace and port of the exporter. [-]
    say : Wording
        Words the comments in the reader's language. [-]

    Returns
    -------
    str
        YAML (Kubernetes) or a bash script (SLURM, bare nodes). [-]

    Examples
    --------
    >>> import yaml
    >>> from gpu_advisor.words import wording
    >>> text = dcgm_exporter_manifest(Environment(), Monitoring(), wording("en"))
    >>> [d["kind"] for d in yaml.safe_load_all(text)]  # doctest: +NORMALIZE_WHITESPACE
    ['Namespace', 'ConfigMap', 'DaemonSet', 'ServiceAccount', 'Role', 'RoleBinding']
    """
    if env.scheduler is not Scheduler.KUBERNETES:
        return _docker_script(monitoring, say)
    port = monitoring.exporter_port
    namespace = dns_label(monitoring.namespace, fallback="gpu-monitoring")
    labels = {"app.kubernetes.io/name": EXPORTER_JOB}
    config_map = {
        "apiVersion": "v1",
        "kind": "ConfigMap",
        "metadata": {"name": "dcgm-exporter-counters", "namespace": namespace},
        "data": {"gpu-advisor-counters.csv": DCGM_COUNTERS_CSV},
    }
    daemon_set = _daemon_set(monitoring, namespace, labels)
    head = [
        _w(say, "rollout.dcgm.dcgm_exporter_on_every", namespace=namespace, port=port),
        _w(say, "rollout.dcgm.if_nvidia_operator_is"),
        _w(say, "rollout.dcgm.namespace_privileged", namespace=namespace),
        _w(say, "rollout.dcgm.prometheus_rbac", namespace=namespace),
        _w(say, "rollout.dcgm.nodes_need_label_nvidia"),
    ]
    docs = [
        _namespace(namespace),
        config_map,
        daemon_set,
        *_prometheus_rbac(namespace),
    ]
    return _header(head) + _yaml(docs)


PROMETHEUS_ACCOUNT: Final = "prometheus"
"""ServiceAccount the Role lets list the exporter pods (run Prometheus as it)."""


def _namespace(namespace: str) -> dict[str, Any]:
    """The exporter's namespace, labelled privileged [8]: the exporter adds
    ``SYS_ADMIN`` (DCGM's profiling metrics) and mounts the kubelet's
    ``pod-resources`` socket from the host (``hostPath``; which pod holds which
    GPU), both beyond the baseline Pod Security Standard."""
    return {
        "apiVersion": "v1",
        "kind": "Namespace",
        "metadata": {
            "name": namespace,
            "labels": {
                f"pod-security.kubernetes.io/{mode}": "privileged"
                for mode in ("enforce", "audit", "warn")
            },
        },
    }


def _prometheus_rbac(namespace: str) -> list[dict[str, Any]]:
    """A ServiceAccount for Prometheus and a Role (with its RoleBinding) to find
    the exporter pods in ``namespace`` (``kubernetes_sd_configs`` role ``pod``)."""
    meta = {"name": PROMETHEUS_ACCOUNT, "namespace": namespace}
    return [
        {"apiVersion": "v1", "kind": "ServiceAccount", "metadata": meta},
        {
            "apiVersion": "rbac.authorization.k8s.io/v1",
            "kind": "Role",
            "metadata": {"name": "prometheus-dcgm-exporter", "namespace": namespace},
            "rules": [
                {
                    "apiGroups": [""],
                    "resources": ["pods", "services", "endpoints"],
                    "verbs": ["get", "list", "watch"],
                }
            ],
        },
        {
            "apiVersion": "rbac.authorization.k8s.io/v1",
            "kind": "RoleBinding",
            "metadata": {"name": "prometheus-dcgm-exporter", "namespace": namespace},
            "roleRef": {
                "apiGroup": "rbac.authorization.k8s.io",
                "kind": "Role",
                "name": "prometheus-dcgm-exporter",
            },
            "subjects": [{"kind": "ServiceAccount", **meta}],
        },
    ]


def _docker_script(monitoring: Monitoring, say: Wording) -> str:
    """SLURM and bare nodes: a script that writes the counters CSV and starts the
    exporter with ``docker run``, its series labelled with the node's name [5]."""
    port = monitoring.exporter_port
    head = [
        _w(say, "rollout.dcgm.run_on_every_node"),
        _w(say, "rollout.dcgm.dcp_fields_dcgm_fi"),
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
        + _header([_w(say, "rollout.dcgm.node_name_labels")])
        + 'NODE="$(hostname -s 2>/dev/null || hostname)"\n'
        + "docker run -d --name dcgm-exporter --restart unless-stopped \\\n"
        + '  --gpus all --cap-add SYS_ADMIN --hostname "$NODE" -e NODE_NAME="$NODE" \\\n'
        + f"  -p {port}:{port} -e DCGM_EXPORTER_LISTEN=:{port} \\\n"
        + f"  -v {COUNTERS_PATH}:{COUNTERS_PATH}:ro \\\n"
        + f"  {_q(monitoring.dcgm_exporter_image)} \\\n"
        + f"  -f {COUNTERS_PATH}\n"
    )


def _daemon_set(
    monitoring: Monitoring, namespace: str, labels: dict[str, str]
) -> dict[str, Any]:
    """Kubernetes: the exporter as a DaemonSet on the GPU nodes, reading our
    counters CSV from a ConfigMap [5]."""
    port = monitoring.exporter_port
    return {
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
