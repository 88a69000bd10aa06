"""Identifiers in nvidia-smi CSV become labels; the import list's summaries and hints.

Field names: ``nvidia-smi --help-query-gpu`` (``uuid``, ``pci.bus_id``,
``serial``, ``name``, ``driver_version``); a collector that adds the host
writes a ``hostname`` column.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gpu_advisor.io.project_file import (
    canonical_json,
    dumps_project,
    load_project,
    save_project,
)
from gpu_advisor.io.results_import import (
    RefusalKind,
    import_results,
    parse_text,
    refusal_kind,
    summarize_files,
)
from gpu_advisor.model.project import Measurement, Project, Vendor

CSV = (
    "hostname, index, name, uuid, pci.bus_id, serial, temperature.gpu, power.draw [W]\n"
    "gpu-node-7, 0, NVIDIA H100 80GB HBM3, GPU-4f1c2a9e-0000-1111-2222-333344445555, "
    "00000000:18:00.0, 1650123456789, 41, 70.89\n"
    "gpu-node-7, 1, NVIDIA H100 80GB HBM3, GPU-9a8b7c6d-0000-1111-2222-333344445555, "
    "00000000:2A:00.0, [N/A], 43, 71.20\n"
)


def test_identifiers_are_labels_not_values():
    ms = parse_text(CSV, "q.csv", "folder-name")
    assert {m.metric for m in ms} == {"temperature.gpu", "power.draw"}
    first = [m for m in ms if m.gpu == 0]
    assert {m.node for m in ms} == {"gpu-node-7"}  # the node comes from the content
    assert all(
        m.labels
        == {
            "hostname": "gpu-node-7",
            "name": "NVIDIA H100 80GB HBM3",
            "uuid": "GPU-4f1c2a9e-0000-1111-2222-333344445555",
            "pci.bus_id": "00000000:18:00.0",
            "serial": "1650123456789",
        }
        for m in first
    )
    second = next(m for m in ms if m.gpu == 1)
    assert second.labels is not None
    assert "serial" not in second.labels  # [N/A] is no label
    assert second.labels["pci.bus_id"] == "00000000:2A:00.0"


def test_a_masked_serial_is_a_label_not_a_zero_value():
    csv = "index, serial, uuid, temperature.gpu\n0, 0000000000000, GPU-0000, 59\n"
    [m] = parse_text(csv, "q.csv", "n1")
    assert m.metric == "temperature.gpu"
    assert m.value == 59
    assert m.labels == {"serial": "0000000000000", "uuid": "GPU-0000"}


def test_labels_survive_save_and_load(tmp_path: Path):
    ms = parse_text(CSV, "q.csv", None)
    project = Project(vendors=[Vendor(name="A", measurements=ms)])
    path = tmp_path / "p.gpuplan"
    save_project(project, path)
    again = load_project(path)
    assert again.vendors[0].measurements == ms
    # compact storage: still one measurement per line
    text = dumps_project(project)
    assert text.count('{"tool":"nvidia-smi"') == len(ms)
    assert sum(1 for line in text.splitlines() if '"tool":"nvidia-smi"' in line) == len(
        ms
    )


def test_measurements_without_labels_are_stored_exactly_as_before():
    m = Measurement(tool="fio", metric="w.write.bw", value=4.6, unit="GB/s", file="f")
    project = Project(vendors=[Vendor(name="A", measurements=[m])])
    assert b"labels" not in canonical_json(project)
    assert "labels" not in dumps_project(project)
    assert m.model_dump() == {
        "tool": "fio",
        "metric": "w.write.bw",
        "value": 4.6,
        "unit": "GB/s",
        "file": "f",
        "node": None,
        "gpu": None,
        "size_bytes": None,
        "sample": None,
    }


def test_too_many_or_too_long_labels_are_refused():
    with pytest.raises(ValueError, match="labels"):
        Measurement(
            tool="t",
            metric="m",
            value=1,
            unit="",
            labels={str(i): "x" for i in range(17)},
        )
    with pytest.raises(ValueError, match="labels"):
        Measurement(tool="t", metric="m", value=1, unit="", labels={"uuid": "x" * 201})


def test_summaries_name_tool_node_and_key_figures(tmp_path: Path):
    (tmp_path / "n1").mkdir()
    (tmp_path / "n1" / "q.csv").write_text(CSV, "utf-8")
    (tmp_path / "n1" / "bad.json").write_text('{"fio version": "3", "jobs": [', "utf-8")
    report = import_results([tmp_path / "n1"])
    [summary] = summarize_files(report.measurements)
    assert summary.file == "n1/q.csv"
    assert summary.tool == "nvidia-smi"
    assert summary.nodes == ("gpu-node-7",)
    assert summary.measurements == 4
    assert [(k.metric, k.value, k.unit) for k in summary.key_values] == [
        ("temperature.gpu", 43.0, "C"),
        ("power.draw", 71.2, "W"),
    ]
    [refused] = report.refused
    assert refused.file.endswith("bad.json")
    assert refusal_kind(refused.reason) is RefusalKind.DAMAGED


@pytest.mark.parametrize(
    ("reason", "kind"),
    [
        ("a crashed run, no result: nccl-tests reported 'CUDA failure'", "no_result"),
        ("an interrupted run, no result: iperf3 wrote no 'end' summary", "no_result"),
        (
            "iperf3 text report (run without -J): rerun the client with -J "
            "(iperf3 -c HOST -J > iperf3.json)",
            "rerun_json",
        ),
        (
            "a UDP iperf3 run: the kit measures TCP throughput; rerun without -u",
            "unsupported",
        ),
        ("unknown format (expected nccl-tests, ...)", "unknown"),
        ("a link that points outside the chosen folder: not read", "unreadable"),
        ("expected 12 columns, found 9", "damaged"),
        ("not UTF-8 text (a binary file?)", "damaged"),
    ],
)
def test_each_refusal_has_a_kind_for_its_hint(reason: str, kind: str):
    assert refusal_kind(reason).value == kind
