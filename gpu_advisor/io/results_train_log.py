"""Read the training log ``step,tokens_per_s,loss[,gpus]``.

Format: as written by the snippet in the kit's README
(:mod:`gpu_advisor.engine.rollout.testkit.readme`).
"""

from __future__ import annotations

import csv
import math
import re
from collections.abc import Iterator
from typing import Final

from gpu_advisor.io.results_parsers import (
    _DECIMAL,
    _float,
    _int,
    _measure,
    iter_lines,
    refusal,
)
from gpu_advisor.model.project import Measurement

MAX_TRAIN_STEPS: Final = 4096
"""Most steps of one training log kept as measurements (see :func:`parse_train_log`)."""

_DIVERGED = re.compile(r"[-+]?(?:nan|inf|infinity)", re.IGNORECASE)
"""A diverged step's loss as Python and PyTorch print it."""


def _numbered_rows(text: str, file: str) -> Iterator[tuple[int, list[str]]]:
    """(row number, cells) of a CSV text, read lazily; a malformed row names its line."""
    reader = csv.reader(iter_lines(text))
    number = 0
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise refusal(
                file, reader.line_num, "io.results.csv_row", detail=str(exc)
            ) from None
        number += 1
        yield number, row


TRAIN_LOG_HEADER: Final = ("step", "tokens_per_s", "loss")
"""Required first columns of the training log; an optional fourth is ``gpus``."""


def looks_like_train_log(first_line: str) -> bool:
    """True when the first line is the training-log header."""
    cells = [cell.strip().lower() for cell in first_line.split(",")]
    return tuple(cells[:3]) == TRAIN_LOG_HEADER


def parse_train_log(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read the training log ``step,tokens_per_s,loss[,gpus]``.

    ``tokens_per_s`` is the throughput of the whole job [tokens/s]; ``gpus``
    the number of GPUs it ran on. Each step gives ``tokens_per_s`` and
    ``loss`` with ``sample`` = step; a non-finite loss (a diverged step) is
    left out rather than refusing the whole log.

    Examples
    --------
    A log of more than :data:`MAX_TRAIN_STEPS` steps is read whole (every
    row is checked) but only every k-th step is kept, k =
    ceil(steps / MAX_TRAIN_STEPS): a systematic sample that keeps the median
    throughput the judge uses, in bounded memory and project size.

    Examples
    --------
    >>> out = parse_train_log("step,tokens_per_s,loss,gpus\\n1,25000,2.5,8\\n", "t.csv", "n1")
    >>> [(m.metric, m.value, m.sample) for m in out]
    [('tokens_per_s', 25000.0, 1), ('loss', 2.5, 1), ('gpus', 8.0, 1)]
    """
    data_rows = max(text.count("\n") - 1, 1)
    stride = -(-data_rows // MAX_TRAIN_STEPS)
    rows = _numbered_rows(text, file)
    first = next(rows, None)
    header = [cell.strip().lower() for cell in (first[1] if first else [])]
    if tuple(header[:3]) != TRAIN_LOG_HEADER or header[3:] not in ([], ["gpus"]):
        raise refusal(file, 1, "io.results.train.columns")
    out: list[Measurement] = []
    gpus_seen: float | None = None
    seen_rows = 0
    for number, row in rows:
        if not row or all(not cell.strip() for cell in row):
            continue
        keep = seen_rows % stride == 0
        seen_rows += 1
        if len(row) != len(header):
            raise refusal(
                file, number, "io.results.columns", expected=len(header), found=len(row)
            )
        step = _int(row[0].strip(), file, number, "step")
        out.extend(_step_measurements(row, number, step, keep, file, node))
        if len(header) == 4:
            gpus = _gpus_cell(row[3], number, file)
            if gpus_seen is None:
                gpus_seen = gpus
                out.append(
                    _measure(
                        file,
                        number,
                        tool="train-log",
                        metric="gpus",
                        value=gpus,
                        unit="count",
                        node=node,
                        sample=step,
                    )
                )
            elif gpus != gpus_seen:
                raise refusal(file, number, "io.results.train.gpus_change")
    if not out:
        raise refusal(file, 1, "io.results.train.no_steps")
    return out


def _step_measurements(
    row: list[str], number: int, step: int, keep: bool, file: str, node: str | None
) -> list[Measurement]:
    """``tokens_per_s`` [tokens/s] and ``loss`` of one step (both checked; kept
    when ``keep``); a non-finite loss, a diverged step, is left out."""
    out: list[Measurement] = []
    tokens = _float(row[1].strip(), file, number, "tokens_per_s")
    if tokens < 0:
        raise refusal(file, number, "io.results.train.negative")
    if keep:
        out.append(
            _measure(
                file,
                number,
                tool="train-log",
                metric="tokens_per_s",
                value=tokens,
                unit="tokens/s",
                node=node,
                sample=step,
            )
        )
    loss_text = row[2].strip()
    if not (_DECIMAL.fullmatch(loss_text) or _DIVERGED.fullmatch(loss_text)):
        raise refusal(file, number, "io.results.train.loss", text=loss_text[:40])
    loss = float(loss_text)
    if math.isfinite(loss) and keep:
        out.append(
            _measure(
                file,
                number,
                tool="train-log",
                metric="loss",
                value=loss,
                unit="",
                node=node,
                sample=step,
            )
        )
    return out


def _gpus_cell(cell: str, number: int, file: str) -> float:
    """The ``gpus`` column: a whole number >= 1."""
    gpus = _float(cell.strip(), file, number, "gpus")
    if gpus < 1 or gpus != int(gpus):
        raise refusal(file, number, "io.results.train.gpus", cell=cell)
    return gpus
