"""Generate the vendor test kit: scripts, README, SLURM and Kubernetes variants.

:func:`build_testkit` is pure: it returns the kit as ``{relative path: text}``
and :mod:`gpu_advisor.io.testkit` writes it to a folder or a ``.tar.gz``.
Every script writes into ``results/<hostname>/``, in the formats
:mod:`gpu_advisor.io.results_import` reads back:

* ``00_inventory.sh``: ``nvidia-smi --query-gpu=... --format=csv``,
  ``nvidia-smi -q -x``, ``nvidia-smi topo -m``, ``lscpu``, ``free -g``,
  ``ibstat`` / ``ibv_devinfo`` when present;
* ``10_dcgm_diag.sh``: ``dcgmi diag -r LEVEL`` (DCGM User Guide);
* ``20_nccl_single_node.sh`` / ``21_nccl_multi_node.sh``: nccl-tests
  ``all_reduce_perf -b 8 -e 8G -f 2 -g N``, ``all_gather_perf`` and, for
  MoE models, ``alltoall_perf`` (nccl-tests README); across nodes with
  ``mpirun`` and a hostfile, or ``srun`` inside SLURM;
* ``30_iperf3.sh``: ``iperf3 -s`` on one node, ``iperf3 -c HOST -P 8 -t 30 -J``
  from the others;
* ``40_fio.sh``: ``fio --output-format=json``, 1 MiB sequential write then
  read, on shared and local storage;
* ``50_gpu_probe.py``: bf16 matmul TFLOP/s and device-copy GB/s per GPU with
  PyTorch;
* ``60_train_job.sh``: the user's own short job, logging
  ``step,tokens_per_s,loss,gpus`` as CSV;
* ``run_all.sh``, ``slurm/testkit.sbatch``, ``k8s/testkit-job.yaml``.

Values from the project (folders, image, namespace) reach the shell only
through ``shlex.quote`` and reach YAML only as JSON strings, so a hostile
project file cannot inject commands into the kit.

One module per part: :mod:`.kit` (``build_testkit``, the list of files),
:mod:`.scripts` and :mod:`.nccl` (the scripts run on each node),
:mod:`.jobs` (SLURM and Kubernetes), :mod:`.readme` and :mod:`.common`.
"""
