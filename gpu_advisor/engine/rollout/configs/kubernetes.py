"""The Kubernetes launch file: a training Job, and why it may not find its script.

Multi-node on Kubernetes uses an *Indexed Job plus a headless Service*, not the
Kubeflow ``PyTorchJob``: it needs no operator (Indexed Jobs are GA since
Kubernetes 1.24) and each pod gets a stable DNS name ``<job>-<index>.<service>``
that torchrun's c10d rendezvous can point at. Names (job, namespace, service,
PVC, secret) go through :func:`~gpu_advisor.engine.rollout.configs.common.dns_label`.

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
"""

from __future__ import annotations

from typing import Any

from gpu_advisor.engine.rollout.configs.common import (
    Wording,
    _comment,
    _error,
    _header,
    _w,
    as_message,
    dns_label,
)
from gpu_advisor.engine.rollout.configs.nccl import _nccl_env
from gpu_advisor.engine.rollout.configs.shell import _q, _q_path
from gpu_advisor.engine.rollout.configs.yaml_out import _yaml
from gpu_advisor.model.common import Advice, Message, Severity
from gpu_advisor.model.project import Environment, Workload


def _mount_path(path: str) -> str:
    """An absolute container path without ``:`` (Kubernetes rejects both).

    >>> _mount_path("data sets/v1"), _mount_path("/mnt/a:b")
    ('/data sets/v1', '/mnt/a_b')
    """
    path = path.replace(":", "_").strip() or "/data"
    return path if path.startswith("/") else "/" + path


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


def kubernetes_manifest(
    env: Environment,
    workload: Workload | None,
    say: Wording,
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
    say : Wording
        Words the header comment in the reader's language. [-]

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
    >>> import yaml
    >>> from gpu_advisor.words import wording
    >>> manifest = kubernetes_manifest(Environment(), None, wording("en"))
    >>> docs = list(yaml.safe_load_all(manifest))
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
    labels = {
        "app.kubernetes.io/name": job,
        "app.kubernetes.io/managed-by": "gpu-advisor",
    }
    annotations = {"gpu-advisor/cuda-version": env.cuda_version}
    if workload is not None:
        annotations["gpu-advisor/task"] = str(workload.task)
        annotations["gpu-advisor/model"] = workload.model_preset or "custom"
        annotations["gpu-advisor/gpu"] = workload.gpu_id
    data_path = _mount_path(env.data_path)
    container, volumes = _trainer_container(env, job, data_path)
    job_spec: dict[str, Any] = {
        "backoffLimit": 0,
        "activeDeadlineSeconds": env.time_limit_hours * 3600,
    }
    if multi:
        job_spec.update(
            completionMode="Indexed", completions=env.nodes, parallelism=env.nodes
        )
    job_spec["template"] = {
        "metadata": {"labels": labels},
        "spec": _pod_spec(env, job, container, volumes),
    }
    docs: list[dict[str, Any]] = []
    if multi:
        docs.append(_headless_service(env, job, namespace, labels))
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
    return _header(_manifest_head(env, say, data_path)) + _yaml(docs)


def _trainer_container(
    env: Environment, job: str, data_path: str
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The trainer container of the Job's pod and the pod volumes it mounts.

    Notes
    -----
    The memory limit is ``memory_gib_per_gpu · gpus_per_node + shm_gib``
    because a ``medium: Memory`` emptyDir counts against the container's
    memory limit [1].
    """
    gpus = env.gpus_per_node
    memory_gib = env.memory_gib_per_gpu * gpus + env.shm_gib
    env_vars: list[dict[str, Any]] = [
        {"name": k, "value": v} for k, v in _nccl_env(env).items()
    ]
    env_vars.append({"name": "DATA_PATH", "value": data_path})
    limits: dict[str, Any] = {
        "nvidia.com/gpu": gpus,
        "cpu": env.cpus_per_gpu * gpus,
        "memory": f"{memory_gib}Gi",
    }
    container: dict[str, Any] = {"name": "trainer", "image": env.pytorch_image}
    container.update(_torchrun_command(env, job))
    container["env"] = env_vars
    container["resources"] = {
        "requests": {"cpu": limits["cpu"], "memory": limits["memory"]},
        "limits": limits,
    }
    volumes = _add_volumes(env, data_path, container, limits)
    return container, volumes


def _torchrun_command(env: Environment, job: str) -> dict[str, Any]:
    """The container's ``command`` (and on several nodes its rendezvous port) [3].

    Several nodes: ``bash -c`` so that the pod's completion index becomes
    torchrun's node rank; pod 0 hosts the c10d rendezvous [2].
    """
    if env.nodes > 1:
        endpoint = f"{job}-0.{job}:{env.master_port}"
        args = _torchrun_args(env, '"${JOB_COMPLETION_INDEX}"', endpoint)
        line = " ".join(a if a.startswith('"$') else _q(a) for a in args)
        return {
            "command": [
                "bash",
                "-c",
                f"exec torchrun {line} {_q_path(env.train_script)}",
            ],
            "ports": [{"name": "rdzv", "containerPort": env.master_port}],
        }
    return {
        "command": [
            "torchrun",
            *_torchrun_args(env, "0", ""),
            env.train_script,
        ]
    }


def _add_volumes(
    env: Environment,
    data_path: str,
    container: dict[str, Any],
    limits: dict[str, Any],
) -> list[dict[str, Any]]:
    """Mount /dev/shm, the data PVC and the script into ``container``; ask for RDMA.

    Adds the RDMA resource to ``limits`` and the container's security
    context, working directory and mounts (in that order, the order of the
    manifest's keys); returns the pod's volumes.
    """
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
    return volumes


def _pod_spec(
    env: Environment,
    job: str,
    container: dict[str, Any],
    volumes: list[dict[str, Any]],
) -> dict[str, Any]:
    """The Job's pod spec: never restarted, tolerating the GPU taint [1][2]."""
    pod_spec: dict[str, Any] = {"restartPolicy": "Never"}
    if env.nodes > 1:
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
    return pod_spec


def _headless_service(
    env: Environment, job: str, namespace: str, labels: dict[str, str]
) -> dict[str, Any]:
    """The headless Service that gives pod ``i`` the name ``<job>-<i>.<job>`` [2]."""
    return {
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


def _manifest_head(env: Environment, say: Wording, data_path: str) -> list[str]:
    """The manifest's comment lines: what it runs, how to apply it, what is missing."""
    gpus = env.gpus_per_node
    head = [
        _w(
            say,
            "rollout.kubernetes.head",
            nodes=env.nodes,
            gpus=gpus,
            pytorch_image=env.pytorch_image,
            cuda_version=env.cuda_version,
        ),
        _w(say, "rollout.kubernetes.apply_kubectl_apply_f"),
    ]
    if env.nodes > 1:
        head.append(_w(say, "rollout.kubernetes.indexed_job_headless_service"))
        if not env.rdma_resource:
            head.append(_w(say, "rollout.kubernetes.no_rdma_resource_requested"))
    if env.rdma_resource:  # IPC_LOCK is beyond the baseline Pod Security Standard
        head.append(
            _w(
                say,
                "rollout.kubernetes.privileged_for_ipc_lock",
                namespace=dns_label(env.namespace, fallback="default"),
            )
        )
    if not env.data_pvc:
        head.append(
            _w(say, "rollout.kubernetes.mount_your_dataset_at", data_path=data_path)
        )
    problem = kubernetes_script_problem(env)
    if problem is not None:
        head.append(_error(say, as_message(problem)))
    return head


def kubernetes_script_problem(env: Environment) -> Advice | None:
    """Why the Kubernetes Job cannot find ``train_script``, or None when it can.

    The script comes from a ConfigMap (``script_source="configmap"`` with
    ``script_configmap``), the data PVC (``"pvc"`` with ``data_pvc``; the Job
    starts in ``data_path``) or the image (``"image"``, its working directory).
    Its words (``environment.script_source_missing.*``) name the environment
    step's fields; ``inputs`` keeps the project's field names.

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
        why, inputs = "configmap", ["environment.script_configmap"]
    elif env.script_source == "pvc":
        why, inputs = "pvc", ["environment.data_pvc"]
    else:
        why, inputs = "unset", []
    return Advice(
        code="environment.no_script_source",
        severity=Severity.WARNING,
        params={
            "problem": Message(
                code=f"environment.script_source_missing.{why}",
                params={"script": script},
            )
        },
        inputs=[*inputs, "environment.script_source"],
    )
