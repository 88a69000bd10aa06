"""Facts of a run that its output does not state, given by the person importing it.

An nccl-tests output may name no collective (metrics under
``unknown_collective.*``) and give no node count (no ``<op>.nodes``):
:func:`gpu_advisor.io.results_nccl.not_stated` lists them per file. They are
never guessed from a file's name. The import dialog and ``parse-results
--collective/--nodes`` ask for them; :func:`apply_stated` writes the answer
into the file's measurements, each touched measurement labelled
``stated_by_user`` with the facts the person gave, so the run is judged and
every list of it says the figure was stated by the user, not read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from gpu_advisor.io.results_nccl import (
    NOT_STATED_COLLECTIVE,
    NOT_STATED_NODES,
    UNKNOWN_COLLECTIVE,
    not_stated,
)
from gpu_advisor.model.project import Measurement

NCCL_COLLECTIVES: Final = (
    "all_reduce",
    "all_gather",
    "reduce_scatter",
    "alltoall",
    "broadcast",
    "reduce",
    "sendrecv",
    "hypercube",
    "gather",
    "scatter",
)
"""The collectives nccl-tests has (``<name>_perf``), in the order offered."""

MAX_STATED_NODES: Final = 4096
"""Most nodes a person can state for one run."""

STATED_LABEL: Final = "stated_by_user"
"""Label naming the facts of a measurement the person stated (space-separated:
``collective``, ``nodes``)."""


@dataclass(frozen=True)
class StatedFacts:
    """What the person says about one run; None: unknown (not stated)."""

    collective: str | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        if self.collective is not None and self.collective not in NCCL_COLLECTIVES:
            raise ValueError(
                f"collective must be one of {', '.join(NCCL_COLLECTIVES)}, "
                f"got {self.collective!r}"
            )
        if self.nodes is not None and not 1 <= self.nodes <= MAX_STATED_NODES:
            raise ValueError(f"nodes must be 1 to {MAX_STATED_NODES}, got {self.nodes}")


def stated_facts(measurements: Sequence[Measurement]) -> tuple[str, ...]:
    """The facts of these measurements the person stated, in a fixed order.

    Examples
    --------
    >>> m = Measurement(tool="nccl-tests", metric="all_reduce.nodes", value=2,
    ...                 unit="count", labels={STATED_LABEL: "nodes"})
    >>> stated_facts([m])
    ('nodes',)
    """
    given = {
        fact
        for m in measurements
        for fact in (m.labels or {}).get(STATED_LABEL, "").split()
    }
    return tuple(f for f in (NOT_STATED_COLLECTIVE, NOT_STATED_NODES) if f in given)


def _labelled(m: Measurement, fact: str) -> dict[str, str]:
    labels = dict(m.labels or {})
    facts = labels.get(STATED_LABEL, "").split()
    labels[STATED_LABEL] = " ".join([*facts, fact] if fact not in facts else facts)
    return labels


def _state_file(
    rows: list[Measurement], missing: tuple[str, ...], facts: StatedFacts
) -> list[Measurement]:
    """One file's measurements with the stated facts it lacks written in."""
    out = list(rows)
    if NOT_STATED_COLLECTIVE in missing and facts.collective is not None:
        prefix = UNKNOWN_COLLECTIVE + "."
        out = [
            m.model_copy(
                update={
                    "metric": facts.collective + m.metric[len(UNKNOWN_COLLECTIVE) :],
                    "labels": _labelled(m, NOT_STATED_COLLECTIVE),
                }
            )
            if m.metric.startswith(prefix)
            else m
            for m in out
        ]
    if NOT_STATED_NODES in missing and facts.nodes is not None:
        avg = next((m for m in out if m.metric.endswith(".avg_busbw")), out[0])
        op = avg.metric.split(".", 1)[0]
        nodes = Measurement(
            tool=avg.tool,
            metric=f"{op}.nodes",
            value=float(facts.nodes),
            unit="count",
            file=avg.file,
            node=avg.node,
            labels={STATED_LABEL: NOT_STATED_NODES},
        )
        out.append(nodes)
    return out


def apply_stated(
    measurements: Sequence[Measurement], stated: Mapping[str, StatedFacts]
) -> list[Measurement]:
    """Write what the person stated into the runs that do not state it.

    A fact a file states is never replaced: only the facts
    :func:`~gpu_advisor.io.results_nccl.not_stated` lists for the file are
    taken from ``stated``; the others are ignored.

    Parameters
    ----------
    measurements : sequence of Measurement
        An import's measurements.
    stated : mapping of file name to StatedFacts
        What the person gave for each file (``Measurement.file``).

    Returns
    -------
    list of Measurement
        The same measurements, in order, with ``unknown_collective.*`` renamed
        to the stated collective and ``<op>.nodes`` added after the file's
        last measurement; each one changed or added is labelled
        :data:`STATED_LABEL`.

    Examples
    --------
    >>> m = Measurement(tool="nccl-tests", metric="unknown_collective.avg_busbw",
    ...                 value=9.5, unit="GB/s", file="run2.txt")
    >>> out = apply_stated([m], {"run2.txt": StatedFacts("sendrecv", 2)})
    >>> [(x.metric, x.value) for x in out]
    [('sendrecv.avg_busbw', 9.5), ('sendrecv.nodes', 2.0)]
    >>> out[1].labels
    {'stated_by_user': 'nodes'}
    """
    unstated = not_stated(measurements)
    by_file: dict[str, list[Measurement]] = {}
    for m in measurements:
        by_file.setdefault(m.file, []).append(m)
    out: list[Measurement] = []
    for file, rows in by_file.items():
        facts = stated.get(file)
        missing = unstated.get(file, ())
        out.extend(
            rows if facts is None or not missing else _state_file(rows, missing, facts)
        )
    return out
