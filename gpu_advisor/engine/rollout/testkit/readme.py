"""The kit's README: what each script measures, how to run the kit and how to
send the results back. Its words are the catalog's ``rollout.kit.readme`` in the
reader's language; this module gives the values they are filled with."""

from __future__ import annotations

from typing import Final

from gpu_advisor.engine.rollout.testkit.common import (
    DCGM_LEVEL_MINUTES,
    TRAIN_LOG_HEADER,
    _plain,
)
from gpu_advisor.model.common import Message
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


def readme_message(
    vendor: Vendor,
    gpus: int,
    level: int,
    moe: bool,
    shared_dir: str,
    local_dir: str | Message,
    note: Message | None = None,
    *,
    multi: tuple[int, int | None, str] = (1, None, "mpirun"),
) -> Message:
    """The README as one message (``rollout.kit.readme``) for the reader's catalog.

    Parameters
    ----------
    vendor : Vendor
        Named in the title; its GPU in the introduction. [-]
    gpus : int
        GPUs per node. [1]
    level : int
        ``dcgmi diag -r`` level, 1–4. [-]
    moe : bool
        The model is a mixture of experts (the NCCL test adds ``alltoall_perf``). [-]
    shared_dir, local_dir : str or Message
        Where fio writes; ``local_dir`` a message when the script picks it. [-]
    note : Message, optional
        Shown under the title (the NVIDIA-only note). [-]
    multi : tuple of (int, int or None, str)
        The planned nodes, the plan's GPUs (None: unknown) and the default
        ``MPI_LAUNCHER`` of the cross-node test. [1, 1, -]

    Examples
    --------
    >>> m = readme_message(Vendor(name="Acme"), 8, 2, False, "/data", "/raid")
    >>> m.params["vendor"], m.params["dcgm_minutes"], m.params["alltoall"].code
    ('Acme', '2-5', 'rollout.kit.nothing')
    """
    nodes, planned, launcher = multi
    ranks = nodes * gpus
    rounding = (
        Message(
            code="rollout.kit.rounding",
            params={"planned": planned, "nodes": nodes, "gpus": gpus, "ranks": ranks},
        )
        if planned is not None and planned != ranks
        else Message(code="rollout.kit.nothing")
    )
    return Message(
        code="rollout.kit.readme",
        params={
            "vendor": _plain(vendor.name),
            "gpu_id": _plain(vendor.gpu_id),
            "gpus": gpus,
            "nodes": nodes,
            "ranks": ranks,
            "launcher": launcher,
            "rounding": rounding,
            "level": level,
            "dcgm_minutes": DCGM_LEVEL_MINUTES[level],
            "alltoall": Message(
                code="rollout.kit.alltoall" if moe else "rollout.kit.nothing"
            ),
            "shared_dir": _plain(shared_dir),
            "local_dir": local_dir
            if isinstance(local_dir, Message)
            else _plain(local_dir),
            "train_log_header": TRAIN_LOG_HEADER,
            "snippet": _SNIPPET,
            "note": (
                Message(code="rollout.kit.nvidia_note", params={"note": note})
                if note is not None
                else Message(code="rollout.kit.nothing")
            ),
        },
    )
