"""Issue #33: text is data.

On the code before the fix ``diff`` and ``scenarios`` printed plan strings
raw (a title with ``ESC[2J`` cleared the screen, ``ESC[8m`` hid what
changed, U+202E reordered a line), and a vendor name holding U+2028 left the
``# Vendor: …`` comment of ``testkit/k8s/testkit-job.yaml`` and added a
Kubernetes Secret in front of the Job.
"""

from __future__ import annotations

import json
import unicodedata
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from gpu_advisor.cli import main
from gpu_advisor.cli.terminal import visible, visible_json
from gpu_advisor.engine.api import evaluate_plan
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import save_project
from gpu_advisor.io.rollout import rollout_files
from gpu_advisor.model.project import Project, Scenario, Scheduler, Vendor

HOSTILE = "Plan\x1b[2J\x1b[8mhidden\x07\u202eevil\x00\u2028line\x85\x9b31m"
EXAMPLE = "lab_64_gpus_three_years.gpuplan"


def _example() -> Project:
    text = (resources.files("gpu_advisor.resources") / "examples" / EXAMPLE).read_text(
        encoding="utf-8"
    )
    return Project.model_validate_json(text)


def _no_control(text: str) -> None:
    """No character a terminal acts on: only printables and the printer's newlines."""
    bad = {ch for ch in text if ch != "\n" and not ch.isprintable()}
    assert not bad, sorted(f"U+{ord(ch):04X}" for ch in bad)


def test_diff_shows_control_characters_visibly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _example()
    old, new = tmp_path / "old.gpuplan", tmp_path / "new.gpuplan"
    save_project(project, old)
    meta = project.meta.model_copy(update={"title": HOSTILE, "author": "A\x1b]0;x\x07"})
    save_project(project.model_copy(update={"meta": meta}), new)
    assert main(["diff", str(old), str(new), "--lang", "en"]) == 1
    out = capsys.readouterr().out
    _no_control(out)
    assert visible(HOSTILE) in out  # shown, not dropped: the reader sees what changed
    assert main(["diff", str(old), str(new), "--json"]) == 1
    shown = capsys.readouterr().out
    _no_control(shown)
    titles = [
        c["new"] for c in json.loads(shown)["inputs"] if c["path"] == "meta.title"
    ]
    assert titles == [HOSTILE]  # the JSON still carries the exact text


def test_scenarios_show_control_characters_visibly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _example()
    scenario = Scenario(name="B\x1b[2J\u202eA\x00", horizon_months=24)
    plan = tmp_path / "plan.gpuplan"
    save_project(project.model_copy(update={"scenarios": [scenario]}), plan)
    assert main(["scenarios", str(plan), "--monte-carlo", "0", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    _no_control(out)
    assert visible(scenario.name) in out


@given(st.text())
def test_visible_leaves_nothing_a_terminal_acts_on(text: str) -> None:
    shown = visible(text)
    _no_control(shown.replace("\n", "?"))
    assert "\n" not in shown
    if all(ch.isprintable() for ch in text):
        assert shown == text  # Chinese and every printable stay as they are
    assert json.loads(visible_json(text)) == text


def _yaml_objects(project: Project) -> dict[str, list[Any]]:
    evaluation = evaluate_plan(project, load_catalog(), monte_carlo=False)
    files, _ = rollout_files(evaluation.rollout, scheduler=Scheduler.KUBERNETES)
    return {
        f.path: list(yaml.safe_load_all(f.text))
        for f in files
        if f.path.endswith((".yaml", ".yml"))
    }


def _without_vendor(objects: dict[str, list[Any]], name: str) -> str:
    """The documents with the vendor's annotation set to ``name`` (to compare)."""
    for documents in objects.values():
        for doc in documents:
            notes = (doc or {}).get("metadata", {}).get("annotations", {})
            if "gpu-advisor/vendor" in notes:
                notes["gpu-advisor/vendor"] = name
    return json.dumps(objects, sort_keys=True)


def test_a_vendor_name_with_line_separators_changes_no_yaml_structure() -> None:
    project = _example()
    plain = project.model_copy(
        update={"vendors": [Vendor(name="Acme", gpu_id=project.workload.gpu_id)]}
    )
    hostile_name = "Acme\u2028---\u2028apiVersion: v1\u2028kind: Secret\u2029x\x85y: z"
    hostile = project.model_copy(
        update={"vendors": [Vendor(name=hostile_name, gpu_id=project.workload.gpu_id)]}
    )
    plain_objects = _yaml_objects(plain)
    hostile_objects = _yaml_objects(hostile)
    assert "testkit/k8s/testkit-job.yaml" in hostile_objects
    kinds = [d["kind"] for d in hostile_objects["testkit/k8s/testkit-job.yaml"]]
    assert "Secret" not in kinds
    job = next(
        d for d in hostile_objects["testkit/k8s/testkit-job.yaml"] if d["kind"] == "Job"
    )
    assert job["metadata"]["annotations"]["gpu-advisor/vendor"] == hostile_name
    assert _without_vendor(hostile_objects, "X") == _without_vendor(plain_objects, "X")


def test_names_in_kit_comments_are_one_printable_line() -> None:
    from gpu_advisor.engine.rollout.testkit.common import _plain

    for separator in ("\n", "\r", "\x85", "\u2028", "\u2029", "\x0b", "\x0c"):
        shown = _plain(f"Acme{separator}kind: Secret")
        assert shown == "Acme kind: Secret"
        assert all(unicodedata.category(ch)[0] != "C" for ch in shown)


def test_score_shows_vendor_names_visibly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = _example()
    vendors = [
        vendor.model_copy(update={"name": f"{vendor.name}\x1b[2J\u202e{index}"})
        for index, vendor in enumerate(project.vendors)
    ]
    plan = tmp_path / "plan.gpuplan"
    save_project(project.model_copy(update={"vendors": vendors}), plan)
    status = main(["score", str(plan)])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    _no_control(captured.out + captured.err)
    assert visible(vendors[0].name) in captured.out
