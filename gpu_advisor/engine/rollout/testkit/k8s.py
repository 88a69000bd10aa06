"""The kit on Kubernetes: one pod per planned node, the cross-node test among them.

``k8s/testkit-job.yaml`` needs no operator: an *Indexed Job* of ``nodes``
pods (``completions = parallelism = nodes``, one pod per node by pod
anti-affinity, each asking for the node's GPUs) and a *headless Service* that
names pod ``i`` ``<job>-<i>.<service>`` (Kubernetes, "Jobs": Indexed
completion mode, pod hostname and subdomain). Every pod runs ``run_all.sh``
on its node; pod 0 then runs ``21_nccl_multi_node.sh`` with Open MPI's
``mpirun`` over ssh to the others (``k8s_pod.sh``), one rank per GPU. The
documents: the Namespace with its Pod Security labels, the claims for the
results and for ``/data``, the Service, the Job and a PodDisruptionBudget
that keeps a drain from evicting a pod mid-test.

Names reach YAML only through the YAML dumper (``_yaml``), never a template.

References
----------
.. [1] Kubernetes, "Pod Security Standards" (baseline forbids host
   namespaces, ``hostPath`` and capabilities beyond its list, which has no
   ``IPC_LOCK``) and "Enforce Pod Security Standards with Namespace Labels".
   https://kubernetes.io/docs/concepts/security/pod-security-standards/
.. [2] Kubernetes, "Jobs" (``completionMode: Indexed``, ``JOB_COMPLETION_INDEX``,
   pod hostname ``$(job-name)-$(index)`` with ``subdomain``).
   https://kubernetes.io/docs/concepts/workloads/controllers/job/
.. [3] Open MPI, ``mpirun(1)``: the rsh/ssh launcher and ``OMPI_MCA_*``
   environment variables (``plm_rsh_args``).
   https://docs.open-mpi.org/en/v5.0.x/launching-apps/ssh.html
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from gpu_advisor.engine.rollout.configs.common import dns_label
from gpu_advisor.engine.rollout.configs.yaml_out import _yaml
from gpu_advisor.engine.rollout.testkit.common import _plain
from gpu_advisor.model.catalog import NetworkKind
from gpu_advisor.model.project import Environment, Vendor

JOB: Final = "gpu-advisor-testkit"
"""Name of the Job, its Service, its claims and its ConfigMap."""

SSH_SECRET: Final = "gpu-advisor-testkit-ssh"
"""Secret with the ssh key pod 0 reaches the other pods with (``id_ed25519``,
``authorized_keys``)."""

SSH_PORT: Final = 2222
"""Port the pods' sshd listens on (not 22: with host networking the node's own
sshd holds it)."""

RESULTS_GIB: Final = 2
"""Size of the results claim: a few MiB per node. [GiB]"""


@dataclass(frozen=True, slots=True)
class KitShape:
    """What the Kubernetes kit spans and needs.

    Attributes
    ----------
    nodes, gpus : int
        Pods (one per node) and GPUs per pod. [1]
    level : int
        ``dcgmi diag`` level. [-]
    shared_dir : str
        Where the data claim is mounted and fio writes. [-]
    data_gib : int
        Size of the data claim when the kit creates it: every node's fio
        files at once. [GiB]
    network_kind : NetworkKind or None
        The plan's fabric between nodes; None on one node. [-]
    """

    nodes: int
    gpus: int
    level: int
    shared_dir: str
    data_gib: int
    network_kind: NetworkKind | None


def host_network(env: Environment, shape: KitShape) -> bool:
    """Whether the pods use the node's network: RoCE, or RDMA with no device plugin.

    RoCE's GIDs live on the node's interfaces, so NCCL needs the host's
    network namespace; InfiniBand reaches pods through the RDMA device
    plugin's resource (``environment.rdma_resource``) when there is one.

    >>> from gpu_advisor.model.project import Environment
    >>> s = KitShape(8, 8, 2, "/data", 100, NetworkKind.ROCE)
    >>> host_network(Environment(), s)
    True
    >>> from dataclasses import replace
    >>> ib = replace(s, network_kind=NetworkKind.INFINIBAND)
    >>> host_network(Environment(rdma_resource="rdma/ib"), ib), host_network(Environment(), ib)
    (False, True)
    """
    if shape.nodes < 2 or shape.network_kind is None:
        return False
    if shape.network_kind is NetworkKind.ROCE:
        return True
    return shape.network_kind is NetworkKind.INFINIBAND and not env.rdma_resource


def privileged_needs(env: Environment, shape: KitShape) -> list[str]:
    """Why the namespace must allow privileged pods (empty: baseline is enough).

    >>> s = KitShape(8, 8, 2, "/data", 100, NetworkKind.ROCE)
    >>> privileged_needs(Environment(), s)
    ['IPC_LOCK', 'hostNetwork']
    >>> privileged_needs(Environment(), KitShape(1, 8, 2, "/data", 10, None))
    []
    """
    needs = []
    if shape.nodes > 1 and (env.rdma_resource or host_network(env, shape)):
        needs.append("IPC_LOCK")
    if host_network(env, shape):
        needs.append("hostNetwork")
    return needs


def k8s_manifest(env: Environment, vendor: Vendor, shape: KitShape) -> str:
    """``k8s/testkit-job.yaml``: the comments on how to run it, then the documents.

    Examples
    --------
    >>> import yaml
    >>> s = KitShape(8, 8, 2, "/data", 1400, NetworkKind.INFINIBAND)
    >>> docs = list(yaml.safe_load_all(k8s_manifest(Environment(), Vendor(name="A"), s)))
    >>> [d["kind"] for d in docs]  # doctest: +NORMALIZE_WHITESPACE
    ['Namespace', 'PersistentVolumeClaim', 'PersistentVolumeClaim', 'Service', 'Job',
     'PodDisruptionBudget']
    >>> job = docs[4]["spec"]
    >>> job["completions"], job["template"]["spec"]["containers"][0]["resources"]["limits"]["nvidia.com/gpu"]
    (8, 8)
    """
    namespace = dns_label(env.namespace, fallback="default")
    labels = {"app": JOB, "app.kubernetes.io/managed-by": "gpu-advisor"}
    needs = privileged_needs(env, shape)
    level = "privileged" if needs else "baseline"
    namespace_doc = {
        "apiVersion": "v1",
        "kind": "Namespace",
        "metadata": {
            "name": namespace,
            "labels": {
                f"pod-security.kubernetes.io/{mode}": level
                for mode in ("enforce", "audit", "warn")
            },
        },
    }
    docs: list[dict[str, Any]] = [
        namespace_doc,
        _claim("gpu-advisor-testkit-results", namespace, RESULTS_GIB),
    ]
    if not env.data_pvc:
        docs.append(_claim("gpu-advisor-testkit-data", namespace, shape.data_gib))
    docs += [
        {
            "apiVersion": "v1",
            "kind": "Service",
            "metadata": {"name": JOB, "namespace": namespace, "labels": labels},
            "spec": {
                "clusterIP": "None",
                "publishNotReadyAddresses": True,
                "selector": {"job-name": JOB},
                "ports": [{"name": "ssh", "port": SSH_PORT}],
            },
        },
        _job(env, shape, namespace, labels, vendor.name),
        {
            "apiVersion": "policy/v1",
            "kind": "PodDisruptionBudget",
            "metadata": {"name": JOB, "namespace": namespace, "labels": labels},
            "spec": {"maxUnavailable": 0, "selector": {"matchLabels": labels}},
        },
    ]
    return _comments(namespace, shape, needs) + _yaml(docs)


def _comments(namespace: str, shape: KitShape, needs: list[str]) -> str:
    """How to run it, and why the namespace is labelled as it is [1]."""
    ranks = shape.nodes * shape.gpus
    reasons = {
        "IPC_LOCK": "#   IPC_LOCK lets NCCL pin memory for RDMA (not in the baseline standard's list);\n",
        "hostNetwork": "#   hostNetwork puts the pods on the node's RoCE/InfiniBand interfaces;\n",
    }
    if needs:
        why = (
            "# Pod Security: the namespace is labelled privileged because the pods need "
            f"{' and '.join(needs)}:\n"
            + "".join(reasons[need] for need in needs)
            + "#   no hostPath, no privileged container, no SYS_ADMIN.\n"
        )
    else:
        why = (
            "# Pod Security: the pods meet the baseline standard (no hostPath, no host\n"
            "# network, no added capability); the namespace is labelled baseline.\n"
        )
    return f"""# k8s/testkit-job.yaml: the GPU Advisor test kit on Kubernetes, {shape.nodes} pod(s) x {shape.gpus} GPUs.
# The vendor is the Job's annotation gpu-advisor/vendor. No operator needed: an Indexed Job
# and a headless Service.
# Each pod runs run_all.sh on its own node; pod 0 then runs the cross-node NCCL test with
# mpirun over ssh ({ranks} ranks, one per GPU). The image needs Open MPI, nccl-tests built
# with MPI=1 (NCCL_TESTS_DIR) and openssh-server for that test; without them it is skipped
# with a message.
# 1. kubectl create namespace {namespace} (if it does not exist yet), then the kit as a ConfigMap:
#    kubectl -n {namespace} create configmap {JOB} --from-file=<kit folder>
# 2. ssh-keygen -t ed25519 -N '' -f testkit_key
#    kubectl -n {namespace} create secret generic {SSH_SECRET} \\
#      --from-file=id_ed25519=testkit_key --from-file=authorized_keys=testkit_key.pub
# 3. The data volume (the container's SHARED_DIR) is the claim the Job mounts (the plan's storage);
#    fio writes {shape.data_gib} GiB there at most. Results go to the claim
#    gpu-advisor-testkit-results, one folder and one results_<node>.tar.gz per node.
# 4. kubectl apply -f k8s/testkit-job.yaml ; kubectl -n {namespace} logs -f job/{JOB}
# 5. Copy the archives out with a pod that mounts gpu-advisor-testkit-results.
{why}"""


def _claim(name: str, namespace: str, gib: int) -> dict[str, Any]:
    """A ReadWriteMany claim (every pod, on every node, writes into it)."""
    return {
        "apiVersion": "v1",
        "kind": "PersistentVolumeClaim",
        "metadata": {"name": name, "namespace": namespace},
        "spec": {
            "accessModes": ["ReadWriteMany"],
            "resources": {"requests": {"storage": f"{gib}Gi"}},
        },
    }


def _job(
    env: Environment,
    shape: KitShape,
    namespace: str,
    labels: dict[str, str],
    vendor_name: str,
) -> dict[str, Any]:
    """The Indexed Job: one pod per node, each with the node's GPUs [2]."""
    pod: dict[str, Any] = {
        "restartPolicy": "Never",
        "subdomain": JOB,
        "tolerations": [
            {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}
        ],
        "affinity": {
            "podAntiAffinity": {
                "requiredDuringSchedulingIgnoredDuringExecution": [
                    {
                        "labelSelector": {"matchLabels": {"app": JOB}},
                        "topologyKey": "kubernetes.io/hostname",
                    }
                ]
            }
        },
    }
    if host_network(env, shape):
        pod["hostNetwork"] = True
        pod["dnsPolicy"] = "ClusterFirstWithHostNet"
    if env.image_pull_secret:
        pod["imagePullSecrets"] = [
            {"name": dns_label(env.image_pull_secret, "regcred")}
        ]
    pod["containers"] = [_container(env, shape)]
    pod["volumes"] = _volumes(env)
    return {
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": {
            "name": JOB,
            "namespace": namespace,
            "labels": labels,
            # user text as a quoted scalar of the dumper, never in a comment
            "annotations": {"gpu-advisor/vendor": vendor_name},
        },
        "spec": {
            "completionMode": "Indexed",
            "completions": shape.nodes,
            "parallelism": shape.nodes,
            "backoffLimit": 0,
            "ttlSecondsAfterFinished": 86400,
            "template": {"metadata": {"labels": labels}, "spec": pod},
        },
    }


def _container(env: Environment, shape: KitShape) -> dict[str, Any]:
    """The kit's container: ``k8s_pod.sh`` with the node's GPUs and the plan's fabric."""
    cpus = env.cpus_per_gpu * shape.gpus
    # /dev/shm (a memory-backed emptyDir) counts against the memory limit.
    memory = f"{env.memory_gib_per_gpu * shape.gpus + env.shm_gib}Gi"
    limits: dict[str, Any] = {
        "cpu": cpus,
        "memory": memory,
        "nvidia.com/gpu": shape.gpus,
    }
    security: dict[str, Any] = {"allowPrivilegeEscalation": False}
    if privileged_needs(env, shape):
        security["capabilities"] = {"add": ["IPC_LOCK"]}
    if env.rdma_resource and shape.nodes > 1:
        limits[env.rdma_resource] = 1
    values = {
        "KIT_NODES": str(shape.nodes),
        "KIT_SERVICE": JOB,
        "GPUS_PER_NODE": str(shape.gpus),
        "DCGM_LEVEL": str(shape.level),
        "SHARED_DIR": _plain(shape.shared_dir, 500),
        "SSH_PORT": str(SSH_PORT),
        **{k: v for k, v in env.nccl_env.items() if k.startswith("NCCL_")},
    }
    variables: list[dict[str, Any]] = [
        {"name": name, "valueFrom": {"fieldRef": {"fieldPath": path}}}
        for name, path in (
            ("NODE_NAME", "spec.nodeName"),
            # the same for every pod of one run, new for the next run
            ("JOB_UID", "metadata.labels['controller-uid']"),
        )
    ]
    variables += [{"name": k, "value": v} for k, v in values.items()]
    return {
        "name": "testkit",
        "image": _plain(env.pytorch_image, 300),
        "command": ["bash", "-c"],
        "args": ["cp -r /kit /tmp/kit && exec bash /tmp/kit/k8s_pod.sh"],
        "env": variables,
        "resources": {"requests": {"cpu": cpus, "memory": memory}, "limits": limits},
        "securityContext": security,
        "volumeMounts": [
            {"name": "kit", "mountPath": "/kit"},
            {"name": "ssh", "mountPath": "/etc/gpu-advisor-ssh", "readOnly": True},
            {"name": "results", "mountPath": "/results"},
            {"name": "data", "mountPath": _mount(shape.shared_dir)},
            {"name": "dshm", "mountPath": "/dev/shm"},
        ],
    }


def _mount(path: str) -> str:
    """An absolute container path without ``:`` (Kubernetes rejects both)."""
    path = path.replace(":", "_").strip() or "/data"
    return path if path.startswith("/") else "/" + path


def _volumes(env: Environment) -> list[dict[str, Any]]:
    data = dns_label(env.data_pvc, "data") if env.data_pvc else f"{JOB}-data"
    return [
        {"name": "kit", "configMap": {"name": JOB}},
        {"name": "ssh", "secret": {"secretName": SSH_SECRET, "optional": True}},
        {"name": "results", "persistentVolumeClaim": {"claimName": f"{JOB}-results"}},
        {"name": "data", "persistentVolumeClaim": {"claimName": data}},
        {
            "name": "dshm",
            "emptyDir": {"medium": "Memory", "sizeLimit": f"{env.shm_gib}Gi"},
        },
    ]


K8S_POD: Final = r"""#!/usr/bin/env bash
# k8s_pod.sh: the test kit in one pod of k8s/testkit-job.yaml (Kubernetes only).
# Every pod runs run_all.sh on its node and packs results_<node>.tar.gz into /results;
# then pod 0 runs 21_nccl_multi_node.sh with mpirun over ssh to the other pods
# (<job>-<index>.<service>), one rank per GPU, and adds the result to its archive.
set -euo pipefail
KIT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
INDEX="${JOB_COMPLETION_INDEX:-0}"
NODES="${KIT_NODES:-1}"
SERVICE="${KIT_SERVICE:-gpu-advisor-testkit}"
PORT="${SSH_PORT:-2222}"
NODE="${NODE_NAME:-$(hostname)}"
export RESULTS_DIR="/results/${NODE}"
export RESULTS_ARCHIVE="/results/results_${NODE}.tar.gz"
SYNC="/results/.sync-${JOB_UID:-run}"
mkdir -p "${RESULTS_DIR}" "${SYNC}"
bash "${KIT_DIR}/run_all.sh" || echo "[warn] run_all.sh failed on ${NODE}" >&2
if [[ "${NODES}" -lt 2 ]]; then
  exit 0
fi
if [[ ! -f /etc/gpu-advisor-ssh/id_ed25519 ]] || ! command -v sshd >/dev/null 2>&1 \
  || ! command -v mpirun >/dev/null 2>&1; then
  echo "[skip] cross-node NCCL test: needs the ${SERVICE}-ssh Secret, sshd and mpirun in the image" >&2
  touch "${SYNC}/ready-${INDEX}"
  exit 0
fi
mkdir -p "${HOME}/.ssh"
cp /etc/gpu-advisor-ssh/id_ed25519 /etc/gpu-advisor-ssh/authorized_keys "${HOME}/.ssh/"
chmod 700 "${HOME}/.ssh"
chmod 600 "${HOME}/.ssh/id_ed25519" "${HOME}/.ssh/authorized_keys"
mkdir -p /run/sshd
ssh-keygen -A >/dev/null 2>&1 || true
"$(command -v sshd)" -p "${PORT}" -o PermitRootLogin=prohibit-password
touch "${SYNC}/ready-${INDEX}"
wait_for() {
  local what="$1" seconds=0
  shift
  until "$@"; do
    sleep 5
    seconds=$((seconds + 5))
    if [[ "${seconds}" -ge 7200 ]]; then
      echo "[warn] gave up waiting for ${what}" >&2
      return 1
    fi
  done
}
all_ready() { [[ "$(find "${SYNC}" -name 'ready-*' | wc -l)" -ge "${NODES}" ]]; }
if [[ "${INDEX}" -ne 0 ]]; then
  # Stay up (sshd serves pod 0's ranks) until pod 0 says the cross-node test is over.
  wait_for "pod 0" test -f "${SYNC}/done" || true
  exit 0
fi
wait_for "every pod" all_ready || true
HOSTFILE="${RESULTS_DIR}/hostfile"
for ((i = 0; i < NODES; i++)); do
  echo "${SERVICE}-${i}.${SERVICE} slots=${GPUS_PER_NODE}"
done > "${HOSTFILE}"
export OMPI_MCA_plm_rsh_args="-p ${PORT} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null"
MPI_LAUNCHER=mpirun bash "${KIT_DIR}/21_nccl_multi_node.sh" "${HOSTFILE}" \
  || echo "[warn] the cross-node NCCL test failed" >&2
touch "${SYNC}/done"
"""
"""``k8s_pod.sh``: what each pod of the Kubernetes kit runs."""
