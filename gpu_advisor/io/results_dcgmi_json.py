"""Read ``dcgmi diag -j`` (``--json``): every per-GPU status, by the table's rules.

Two documents, as NVIDIA/DCGM writes them:

* DCGM 3: ``{"DCGM GPU Diagnostic": {"test_categories": [{"category": …,
  "tests": [{"name": …, "results": [{"gpu_id": "0", "status": "Skip"}, …]}]}],
  "version": …}}``; a test of the software stack lists ``"gpu_ids": "0,1,2,3"``
  (``nvvs/include/NvvsCommon.h`` and ``NvvsJsonStrings.h``);
* DCGM 4: ``{"DCGM Diagnostic": {"test_categories": [… "results":
  [{"entity_group": "GPU", "entity_id": 0, "status": "Pass"}, …],
  "test_summary": {"status": …}]}, "entity_groups": […], "metadata":
  {"version": …, "Driver Version Detected": …}}`` (``dcgmi/Diag.cpp``
  ``HelperJsonBuildOutput``; ``testing/python3/dcgm_diag_schema.json``). A
  result that did not run is left out of the document ("Don't record an entry
  for tests that weren't run"), so a test with no result and no summary was
  not run.

Both at NVIDIA/DCGM @ 72fa3feaa67d716a75323a8f47c34ff3ee73f824. The statuses
are read by the table reader's rules (:mod:`gpu_advisor.io.results_dcgmi`): the
same metric names (``<category>.<test>`` in snake case), the same values and
``status`` per GPU, a skipped test not tested (never a pass), and the same
:data:`~gpu_advisor.io.results_dcgmi.INCOMPLETE_METRIC` for a run that left
required tests out. A status word the reader does not know refuses the file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Final

from gpu_advisor.io.results_dcgmi import (
    missing_tests,
    snake_name,
    status_measure,
    status_name,
)
from gpu_advisor.io.results_parsers import _line_of, _obj, load_json, refusal
from gpu_advisor.model.project import Measurement, MeasurementStatus

ROOTS: Final = ("DCGM Diagnostic", "DCGM GPU Diagnostic")
"""The document's top key: DCGM 4, DCGM 3."""


def looks_like_dcgmi_json(body: str) -> bool:
    """True when the start of a JSON document is ``dcgmi diag -j``'s.

    >>> looks_like_dcgmi_json('{"DCGM GPU Diagnostic" : {"test_categories": []}}')
    True
    """
    return any(f'"{root}"' in body for root in ROOTS)


def _list(value: object) -> list[Any]:
    """``value`` when it is a JSON array, else an empty one (damage is not iterated).

    >>> _list([1]), _list(5), _list("ab")
    ([1], [], [])
    """
    return value if isinstance(value, list) else []


def _root(data: Any, text: str, file: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise refusal(file, 1, "io.results.json.not_object")
    for root in ROOTS:
        if isinstance(data.get(root), dict):
            found: dict[str, Any] = data[root]
            return found
    raise refusal(file, 1, "io.results.dcgmi_json.no_root")


def _gpus(result: dict[str, Any]) -> list[int | None] | None:
    """The GPUs one result is about: ``entity_id`` of a GPU entity (DCGM 4),
    ``gpu_id`` or the list ``gpu_ids`` (DCGM 3); ``[None]`` for the test as a
    whole; None for another kind of entity (a CPU)."""
    group = result.get("entity_group")
    if group is not None:
        if str(group).upper() != "GPU":
            return None
        return [_whole(result.get("entity_id"))]
    ids = result.get("gpu_id", result.get("gpu_ids"))
    if ids is None:
        return [None]
    numbers = re.findall(r"[0-9]{1,6}", str(ids))
    return [int(n) for n in numbers] or [None]


def _whole(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = str(value)
    return int(text) if text.isascii() and text.isdigit() and len(text) < 7 else None


def _status(result: dict[str, Any], file: str, line: int) -> MeasurementStatus:
    word = str(result.get("status", ""))
    found = status_name(word)
    if found is None:
        raise refusal(file, line, "io.results.dcgmi_json.status", status=word[:40])
    return found


def _test_rows(
    category: str, test: dict[str, Any], text: str, file: str, node: str | None
) -> Iterator[Measurement]:
    """The measurements of one test: its summary (the test as a whole), then
    one per GPU result; a test with neither was not run (``skip``)."""
    name = str(test.get("name", ""))
    metric = f"{category}.{snake_name(name)}"
    line = _line_of(text, f'"{name}"')
    results = [r for r in _list(test.get("results")) if isinstance(r, dict)]
    summary = _obj(test.get("test_summary"))
    rows = ([summary] if summary else []) + results
    if not rows:
        yield status_measure(file, line, metric, "skip", node, None)
        return
    for result in rows:
        status = _status(result, file, line)
        for gpu in (None,) if result is summary else _gpus(result) or ():
            yield status_measure(file, line, metric, status, node, gpu)


def parse_dcgmi_json(text: str, file: str, node: str | None) -> list[Measurement]:
    """Read ``dcgmi diag -j``: one measurement per status (and GPU when named).

    Examples
    --------
    >>> doc = ('{"DCGM GPU Diagnostic": {"test_categories": [{"category": "Hardware",'
    ...        ' "tests": [{"name": "GPU Memory", "results": [{"gpu_id": "0",'
    ...        ' "status": "Pass"}, {"gpu_id": "1", "status": "Fail"}]}]}]}}')
    >>> [(m.metric, m.gpu, m.status) for m in parse_dcgmi_json(doc, "d.json", None)]
    [('hardware.gpu_memory', 0, 'pass'), ('hardware.gpu_memory', 1, 'fail')]
    """
    root = _root(load_json(text, file), text, file)
    out: list[Measurement] = []
    for category in _list(root.get("test_categories")):
        if not isinstance(category, dict):
            continue
        section = snake_name(str(category.get("category", "")))
        for test in _list(category.get("tests")):
            if isinstance(test, dict) and section != "metadata":
                out.extend(_test_rows(section, test, text, file, node))
    if not out:
        error = str(root.get("runtime_error") or "")
        if error:
            raise refusal(
                file,
                _line_of(text, '"runtime_error"'),
                "io.results.dcgmi_json.runtime_error",
                error=error[:200],
            )
        raise refusal(file, 1, "io.results.dcgmi.no_rows")
    return out + missing_tests(out, file, node)
