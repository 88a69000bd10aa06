"""The kit's README in English and in Chinese: what each script measures, how
to run the kit and how to send the results back."""

from __future__ import annotations

from typing import Final

from gpu_advisor.engine.rollout.testkit.common import (
    DCGM_LEVEL_MINUTES,
    TRAIN_LOG_HEADER,
    _plain,
)
from gpu_advisor.model.project import Vendor

_SNIPPET: Final = """import csv, os, time

log_path = os.environ.get("GPU_ADVISOR_TRAIN_LOG", "train_log.csv")
rank, world = int(os.environ.get("RANK", "0")), int(os.environ.get("WORLD_SIZE", "1"))
writer = None
if rank == 0:
    log_file = open(log_path, "w", newline="")
    writer = csv.writer(log_file)
    writer.writerow(["step", "tokens_per_s", "loss", "gpus"])
tokens_per_step = global_batch_size * seq_len      # tokens of all GPUs in one step
last = time.perf_counter()
for step, batch in enumerate(loader, start=1):
    loss = train_step(batch)                          # your code
    torch.cuda.synchronize()
    now = time.perf_counter()
    if writer is not None:
        writer.writerow([step, tokens_per_step / (now - last), float(loss), world])
        log_file.flush()
    last = now"""


def _readme_en(
    vendor: Vendor, gpus: int, level: int, moe: bool, shared_dir: str, local_dir: str
) -> str:
    alltoall = (
        ", and `alltoall_perf` because your model is a mixture of experts"
        if moe
        else ""
    )
    return f"""# GPU test kit for {_plain(vendor.name)}

This kit checks what the offered machines ({_plain(vendor.gpu_id)}, {gpus} GPUs per node) really
deliver, so that the quote can be compared with measured numbers rather than with the brochure.
Please run it on the nodes we would rent, while nobody else uses them, and send the results back.
Nothing in the kit changes the system: it reads, measures and writes files into its own folder.

## What each script does

| Script | What it measures | Time |
|---|---|---|
| `00_inventory.sh` | GPUs, driver, temperatures and clocks (`nvidia-smi` CSV and `-q -x` XML), topology (`nvidia-smi topo -m`), CPU (`lscpu`), memory (`free -g`), InfiniBand ports (`ibstat`, `ibv_devinfo`) | < 1 min |
| `10_dcgm_diag.sh` | NVIDIA DCGM health diagnostics, `dcgmi diag -r {level}` (levels 1-4) | about {DCGM_LEVEL_MINUTES[level]} min |
| `20_nccl_single_node.sh` | GPU-to-GPU bandwidth inside one node: nccl-tests `all_reduce_perf -b 8 -e 8G -f 2 -g {gpus}`, `all_gather_perf`{alltoall} | about 2 min per test |
| `21_nccl_multi_node.sh` | The same tests across several nodes, one MPI process per GPU | about 3 min per test |
| `30_iperf3.sh` | TCP throughput between two nodes: `iperf3 -s` on one, `iperf3 -c HOST -P 8 -t 30 -J` on the other | 30 s per pair |
| `40_fio.sh` | Sequential write and read with 1 MiB blocks on shared storage ({_plain(shared_dir)}) and local disk ({_plain(local_dir)}), `fio --output-format=json` | about 2 min per folder |
| `50_gpu_probe.py` | bf16 matrix-multiply speed and memory copy speed of every GPU (needs PyTorch) | about 10 s per GPU |
| `60_train_job.sh` | Our own short training job; logs `step,tokens_per_s,loss` per step | 10-20 min |
| `run_all.sh` | Runs all single-node tests in order and packs the results | about 15 min plus the job |
| `slurm/testkit.sbatch` | The whole kit as one SLURM job over several nodes | as above |
| `k8s/testkit-job.yaml` | The kit as a Kubernetes Job on one GPU node (`nvidia.com/gpu: {gpus}`) | as above |

Every script checks for the tools it needs and skips a test with a message when one is missing;
nothing fails half-way without saying so.

## Before you start

- NVIDIA driver with `nvidia-smi`; for `10_dcgm_diag.sh` NVIDIA DCGM (`dcgmi`, with `nv-hostengine` running).
- nccl-tests, built once: `git clone https://github.com/NVIDIA/nccl-tests && cd nccl-tests && make MPI=1`
  (set `MPI_HOME`, `CUDA_HOME` and `NCCL_HOME` if they are not in the default places). Put the
  folder next to the scripts or point `NCCL_TESTS_DIR` at its `build/` folder.
- `iperf3`, `fio`, Python 3 with PyTorch (a PyTorch container image has it), Open MPI for the multi-node test.

## Step 1: one node

```
cd <kit folder>
./run_all.sh
```

To include our training job, set `TRAIN_CMD` first, for example
`TRAIN_CMD="torchrun --nproc_per_node={gpus} train.py --max-steps 200" ./run_all.sh`.
Useful settings: `DCGM_LEVEL` (default {level}), `SHARED_DIR` and `LOCAL_DIR` (where fio writes),
`GPUS_PER_NODE` (default {gpus}). Each script can also be run on its own.

## Step 2: several nodes

1. Run `./run_all.sh` on every node (or submit `sbatch slurm/testkit.sbatch` under SLURM, which does
   steps 1 and 2 together).
2. Copy `hostfile.example` to `hostfile`, list the nodes (one per line, `node01 slots={gpus}`), and run
   `./21_nccl_multi_node.sh hostfile` on the first node.
3. Network: run `./30_iperf3.sh server` on the first node and `./30_iperf3.sh client <first node>` on each
   of the others.

On Kubernetes, create the ConfigMap and apply `k8s/testkit-job.yaml` as its comments describe.

## Where the results land

Everything goes into `results/<hostname>/` next to the scripts: CSV, XML, JSON and text files, one
folder per node. `run_all.sh` also packs that folder into `results_<hostname>.tar.gz`. Files ending in
`.info.txt` and `.log` are kept for people to read; files ending in `.failed.log` mark a test that did
not finish.

## Sending the results back

Send us every `results_<hostname>.tar.gz` (or the whole `results/` folder). Please do not edit them.
They contain host names, GPU serial numbers and UUIDs, but no data and no passwords.
We read each archive directly, without unpacking it: `gpu-advisor-cli parse-results
results_<hostname>.tar.gz` (or the `results/` folder), or Import results in the app.

## The training log format

`60_train_job.sh` sets the environment variable `GPU_ADVISOR_TRAIN_LOG` to
`results/<hostname>/train_log.csv`. The job writes one line per step with the header

```
{TRAIN_LOG_HEADER}
```

`tokens_per_s` is the throughput of the whole job (all GPUs together), `loss` the training loss of that
step, `gpus` the number of GPUs the job runs on (optional). For example, in a PyTorch loop:

```python
{_SNIPPET}
```
"""


def _readme_zh(
    vendor: Vendor, gpus: int, level: int, moe: bool, shared_dir: str, local_dir: str
) -> str:
    alltoall = "；因模型为混合专家（MoE），另测 `alltoall_perf`" if moe else ""
    return f"""# {_plain(vendor.name)} GPU 实测工具包

本工具包用来实测报价机器（{_plain(vendor.gpu_id)}，每节点 {gpus} 卡）的真实表现，
让我们拿实测数据而不是宣传册上的理论值来比较报价。请在准备租给我们的节点上、且无他人使用时运行，
并把结果发回。工具包不会修改系统：只读取信息、做测试，并把文件写进自己的目录。

## 各脚本的作用

| 脚本 | 测什么 | 用时 |
|---|---|---|
| `00_inventory.sh` | GPU、驱动、温度与频率（`nvidia-smi` 的 CSV 和 `-q -x` XML）、拓扑（`nvidia-smi topo -m`）、CPU（`lscpu`）、内存（`free -g`）、InfiniBand 端口（`ibstat`、`ibv_devinfo`） | 不到 1 分钟 |
| `10_dcgm_diag.sh` | NVIDIA DCGM 健康诊断 `dcgmi diag -r {level}`（级别 1-4） | 约 {DCGM_LEVEL_MINUTES[level]} 分钟 |
| `20_nccl_single_node.sh` | 单节点内 GPU 之间的带宽：nccl-tests `all_reduce_perf -b 8 -e 8G -f 2 -g {gpus}`、`all_gather_perf`{alltoall} | 每项约 2 分钟 |
| `21_nccl_multi_node.sh` | 同样的测试跨多个节点运行，每块 GPU 一个 MPI 进程 | 每项约 3 分钟 |
| `30_iperf3.sh` | 两节点之间的 TCP 吞吐：一台运行 `iperf3 -s`，另一台运行 `iperf3 -c HOST -P 8 -t 30 -J` | 每对 30 秒 |
| `40_fio.sh` | 共享存储（{_plain(shared_dir)}）与本地盘（{_plain(local_dir)}）的 1 MiB 大块顺序写、顺序读，`fio --output-format=json` | 每个目录约 2 分钟 |
| `50_gpu_probe.py` | 每块 GPU 的 bf16 矩阵乘速度和显存拷贝速度（需要 PyTorch） | 每卡约 10 秒 |
| `60_train_job.sh` | 运行我们自己的一段短训练，逐步记录 `step,tokens_per_s,loss` | 10-20 分钟 |
| `run_all.sh` | 依次运行全部单节点测试并打包结果 | 约 15 分钟，另加训练时间 |
| `slurm/testkit.sbatch` | 以一个 SLURM 作业在多个节点上运行整个工具包 | 同上 |
| `k8s/testkit-job.yaml` | 以 Kubernetes Job 在一个 GPU 节点上运行（`nvidia.com/gpu: {gpus}`） | 同上 |

每个脚本都会先检查所需工具，缺少时跳过该项并给出提示，不会无声地中途失败。

## 准备工作

- 装好 NVIDIA 驱动（`nvidia-smi`）；`10_dcgm_diag.sh` 需要 NVIDIA DCGM（`dcgmi`，并运行 `nv-hostengine`）。
- 编译一次 nccl-tests：`git clone https://github.com/NVIDIA/nccl-tests && cd nccl-tests && make MPI=1`
  （若不在默认位置，请设置 `MPI_HOME`、`CUDA_HOME`、`NCCL_HOME`）。把该目录放在脚本旁边，
  或用 `NCCL_TESTS_DIR` 指向其中的 `build/` 目录。
- `iperf3`、`fio`、带 PyTorch 的 Python 3（PyTorch 容器镜像自带），多节点测试还需要 Open MPI。

## 第一步：单节点

```
cd <工具包目录>
./run_all.sh
```

如需同时运行我们的训练任务，先设置 `TRAIN_CMD`，例如
`TRAIN_CMD="torchrun --nproc_per_node={gpus} train.py --max-steps 200" ./run_all.sh`。
常用设置：`DCGM_LEVEL`（默认 {level}）、`SHARED_DIR` 与 `LOCAL_DIR`（fio 写入的位置）、
`GPUS_PER_NODE`（默认 {gpus}）。每个脚本也可以单独运行。

## 第二步：多节点

1. 在每个节点上运行 `./run_all.sh`（使用 SLURM 时直接 `sbatch slurm/testkit.sbatch`，它会一并完成第一步和第二步）。
2. 把 `hostfile.example` 复制为 `hostfile`，每行写一个节点（如 `node01 slots={gpus}`），
   然后在第一个节点上运行 `./21_nccl_multi_node.sh hostfile`。
3. 网络：在第一个节点上运行 `./30_iperf3.sh server`，在其余每个节点上运行 `./30_iperf3.sh client <第一个节点>`。

Kubernetes 集群请按 `k8s/testkit-job.yaml` 开头的注释创建 ConfigMap 并提交。

## 结果保存在哪里

所有结果都写入脚本旁边的 `results/<主机名>/`，每个节点一个目录，内有 CSV、XML、JSON 和文本文件。
`run_all.sh` 还会把该目录打包成 `results_<主机名>.tar.gz`。以 `.info.txt` 和 `.log` 结尾的文件供人阅读；
以 `.failed.log` 结尾的文件表示该项测试没有完成。

## 如何把结果发回

请把每个 `results_<主机名>.tar.gz`（或整个 `results/` 目录）发给我们，请不要修改其中内容。
结果里有主机名、GPU 序列号和 UUID，但没有业务数据，也没有密码。
我们无需解包即可直接读取压缩包：`gpu-advisor-cli parse-results results_<主机名>.tar.gz`
（或 `results/` 目录），也可在软件中导入结果。

## 训练日志格式

`60_train_job.sh` 会把环境变量 `GPU_ADVISOR_TRAIN_LOG` 设为 `results/<主机名>/train_log.csv`。
训练任务每一步写一行，表头为

```
{TRAIN_LOG_HEADER}
```

`tokens_per_s` 是整个任务（所有 GPU 合计）每秒处理的 token 数，`loss` 是该步的训练损失，
`gpus` 是任务使用的 GPU 数（可省略）。在 PyTorch 训练循环里可以这样写：

```python
{_SNIPPET}
```
"""
