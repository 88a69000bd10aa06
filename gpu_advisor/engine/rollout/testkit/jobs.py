"""The kit as one job: a SLURM batch script over several nodes, a Kubernetes Job
on one GPU node.

Values from the project reach the batch script only as filtered names and
the Kubernetes YAML only as JSON strings (a JSON string is a valid YAML
scalar), so a hostile project file cannot inject anything.
"""

from __future__ import annotations

import json
import re

from gpu_advisor.engine.rollout.testkit.common import _plain
from gpu_advisor.model.project import Project, Vendor


def _k8s_name(text: str) -> str:
    """A DNS-1123 label (Kubernetes names and namespaces)."""
    name = re.sub(r"[^a-z0-9-]+", "-", text.lower()).strip("-")[:63].strip("-")
    return name or "default"


def _sbatch(vendor: Vendor, project: Project, gpus: int, nodes: int) -> str:
    env = project.environment
    nodes = max(2, nodes)
    partition = re.sub(r"[^A-Za-z0-9_.,-]", "", env.partition) or "gpu"
    return f"""#!/usr/bin/env bash
# slurm/testkit.sbatch: the GPU Advisor test kit as one SLURM job.
# Vendor: {_plain(vendor.name)}. Submit from the kit folder: sbatch slurm/testkit.sbatch
# Step 1 runs run_all.sh on every node at once (one task per node); step 2 measures NCCL
# across all nodes with one rank per GPU ({nodes} x {gpus} = {nodes * gpus} ranks).
# The kit folder must be on storage every node can see (results land in results/<hostname>/).
#SBATCH --job-name=gpu-advisor-testkit
#SBATCH --partition={partition}
#SBATCH --nodes={nodes}
#SBATCH --ntasks-per-node={gpus}
#SBATCH --gpus-per-node={gpus}
#SBATCH --exclusive
#SBATCH --time=02:00:00
#SBATCH --output=gpu-advisor-testkit-%j.out
set -euo pipefail
KIT_DIR="${{SLURM_SUBMIT_DIR:-$(pwd)}}"
export GPUS_PER_NODE="${{GPUS_PER_NODE:-{gpus}}}"
export MPI_LAUNCHER="${{MPI_LAUNCHER:-{env.mpi_launcher}}}"
srun --nodes="${{SLURM_NNODES}}" --ntasks-per-node=1 --ntasks="${{SLURM_NNODES}}" bash "${{KIT_DIR}}/run_all.sh"
if [[ "${{SLURM_NNODES}}" -gt 1 ]]; then
  bash "${{KIT_DIR}}/21_nccl_multi_node.sh"
fi
"""


def _k8s(
    project: Project, vendor: Vendor, gpus: int, shared_dir: str, level: int
) -> str:
    """``k8s/testkit-job.yaml``: how to run it, a claim for the results and the Job."""
    namespace = _k8s_name(project.environment.namespace)
    return (
        _k8s_comments(vendor, namespace)
        + _k8s_results_claim(namespace)
        + _k8s_job(project, namespace, gpus, shared_dir, level)
    )


def _k8s_comments(vendor: Vendor, namespace: str) -> str:
    """The comment lines on top: the three steps and the Pod Security Standard."""
    return f"""# k8s/testkit-job.yaml: the GPU Advisor test kit as a Kubernetes Job on one GPU node.
# Vendor: {_plain(vendor.name)}.
# 1. kubectl -n {namespace} create configmap gpu-advisor-testkit --from-file=<kit folder>
# 2. kubectl apply -f k8s/testkit-job.yaml ; kubectl -n {namespace} logs -f job/gpu-advisor-testkit
# 3. The results land in the PersistentVolumeClaim gpu-advisor-testkit-results (created below,
#    1 GiB from the default StorageClass), one folder per node; copy them out with a pod that
#    mounts it, or kubectl cp while the Job's pod is still there.
# The Job passes the "baseline" Pod Security Standard (no hostPath, no added capabilities);
# a namespace labelled pod-security.kubernetes.io/enforce=restricted rejects it (GPU images
# run as root): label it pod-security.kubernetes.io/enforce=baseline.
"""


def _k8s_results_claim(namespace: str) -> str:
    """The PersistentVolumeClaim the results land in (1 GiB, default StorageClass)."""
    q = json.dumps  # a JSON string is a valid YAML scalar: no injection through names
    return f"""apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: gpu-advisor-testkit-results
  namespace: {q(namespace)}
spec:
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
"""


def _k8s_job(
    project: Project, namespace: str, gpus: int, shared_dir: str, level: int
) -> str:
    """The Job: the kit's ``run_all.sh`` on one GPU node, results per node."""
    env = project.environment
    q = json.dumps  # a JSON string is a valid YAML scalar: no injection through names
    cpus = env.cpus_per_gpu * gpus
    # 16 GiB /dev/shm (a memory-backed emptyDir) counts against the memory limit.
    memory_gib = env.memory_gib_per_gpu * gpus + 16
    return f"""---
apiVersion: batch/v1
kind: Job
metadata:
  name: gpu-advisor-testkit
  namespace: {q(namespace)}
  labels:
    app: gpu-advisor-testkit
spec:
  backoffLimit: 0
  ttlSecondsAfterFinished: 86400
  template:
    metadata:
      labels:
        app: gpu-advisor-testkit
    spec:
      restartPolicy: Never
      containers:
        - name: testkit
          image: {q(_plain(env.pytorch_image, 300))}
          command: ["bash", "-c"]
          args:
            - cp -r /kit /tmp/kit && bash /tmp/kit/run_all.sh
          env:
            - name: NODE_NAME
              valueFrom:
                fieldRef:
                  fieldPath: spec.nodeName
            - name: RESULTS_DIR
              value: "/results/$(NODE_NAME)"
            - name: GPUS_PER_NODE
              value: "{gpus}"
            - name: DCGM_LEVEL
              value: "{level}"
            - name: SHARED_DIR
              value: {q(_plain(shared_dir, 500))}
          resources:
            requests:
              cpu: "{cpus}"
              memory: {memory_gib}Gi
            limits:
              cpu: "{cpus}"
              memory: {memory_gib}Gi
              nvidia.com/gpu: {gpus}
          securityContext:
            allowPrivilegeEscalation: false
          volumeMounts:
            - name: kit
              mountPath: /kit
            - name: results
              mountPath: /results
            - name: dshm
              mountPath: /dev/shm
      volumes:
        - name: kit
          configMap:
            name: gpu-advisor-testkit
        - name: results
          persistentVolumeClaim:
            claimName: gpu-advisor-testkit-results
        - name: dshm
          emptyDir:
            medium: Memory
            sizeLimit: 16Gi
"""
