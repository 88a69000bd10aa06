"""Monitoring page: thresholds bound both ways, generated files parse and follow."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from gpu_advisor import words
from gpu_advisor.io.project_file import load_project
from gpu_advisor.ui.i18n import current_language
from gpu_advisor.ui.pages.monitoring_page import MONITORING_FILES, MonitoringPage
from gpu_advisor.ui.session import ProjectSession

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)


def _page(qtbot: Any, session: ProjectSession) -> MonitoringPage:
    page = MonitoringPage(session)
    qtbot.addWidget(page)
    page.resize(1100, 700)
    page.show()
    qtbot.waitExposed(page)
    page.initializePage()
    return page


def _rules(page: MonitoringPage) -> dict[str, dict[str, Any]]:
    doc = yaml.safe_load(page.viewers["prometheus-alerts"].text())
    return {r["alert"]: r for g in doc["groups"] for r in g["rules"]}


def test_temperature_threshold_binding_and_undo(
    qtbot: Any, session: ProjectSession
) -> None:
    page = _page(qtbot, session)
    page.gpu_temp_field.editor.setValue(80)
    assert session.project.monitoring.gpu_temp_c == 80
    exprs = [r["expr"] for r in _rules(page).values()]
    assert any("DCGM_FI_DEV_GPU_TEMP" in e and "> 80" in e for e in exprs)
    session.undo_stack.undo()
    assert page.gpu_temp_field.editor.value() == 85
    exprs = [r["expr"] for r in _rules(page).values()]
    assert any("DCGM_FI_DEV_GPU_TEMP" in e and "> 85" in e for e in exprs)
    session.undo_stack.redo()
    assert page.gpu_temp_field.editor.value() == 80
    assert page.isComplete()


def test_utilisation_threshold_and_note(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    assert "data loading first" in page.util_note_label.text()
    page.util_low_field.editor.setValue(45)
    page.util_window_field.editor.setValue(30)
    mon = session.project.monitoring
    assert (mon.util_low_pct, mon.util_window_minutes) == (45, 30)
    text = page.viewers["prometheus-alerts"].text()
    assert "< 45" in text
    assert "30m" in text


def test_throttle_alert_toggle(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    before = set(_rules(page))
    page.throttle_field.editor.setChecked(False)
    assert session.project.monitoring.power_throttle_alert is False
    after = set(_rules(page))
    assert after < before
    session.undo_stack.undo()
    assert set(_rules(page)) == before
    assert page.throttle_field.editor.isChecked()


def test_scrape_interval_in_config(qtbot: Any, session: ProjectSession) -> None:
    page = _page(qtbot, session)
    page.scrape_field.editor.setValue(30)
    config = yaml.safe_load(page.viewers["prometheus-config"].text())
    jobs = config["scrape_configs"]
    assert any(job.get("scrape_interval") == "30s" for job in jobs)


@pytest.mark.parametrize("scheduler", ["kubernetes", "slurm", "bare"])
def test_files_parse_for_each_scheduler(
    qtbot: Any, session: ProjectSession, scheduler: str, tmp_path: Path
) -> None:
    session.apply("environment.scheduler", scheduler)
    page = _page(qtbot, session)
    # the page writes its comments in the UI's language, whatever the plan's,
    # for the plan's nodes (the evaluation's rollout)
    rollout = session.evaluation.rollout
    expected = {c.name: c for c in rollout.files(words.wording(current_language()))}
    for name in MONITORING_FILES:
        assert page.viewers[name].text() == expected[name].text
    for name in ("prometheus-config", "prometheus-alerts"):
        assert list(yaml.safe_load_all(page.viewers[name].text()))
    exporter = page.viewers["dcgm-exporter"]
    assert exporter.config is not None
    if exporter.config.language == "yaml":
        kinds = [d["kind"] for d in yaml.safe_load_all(exporter.text()) if d]
        assert "DaemonSet" in kinds
    else:
        script = tmp_path / "install.sh"
        script.write_text(exporter.text(), encoding="utf-8")
        bash = shutil.which("bash")
        assert bash is not None
        result = subprocess.run(
            [bash, "-n", str(script)], capture_output=True, text=True
        )
        assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_examples(qtbot: Any, path: Path) -> None:
    session = ProjectSession(load_project(path))
    page = _page(qtbot, session)
    mon = session.project.monitoring
    assert page.gpu_temp_field.editor.value() == mon.gpu_temp_c
    assert page.nccl_hang_field.editor.value() == mon.nccl_hang_minutes
    rules = _rules(page)
    assert len(rules) >= 5
    assert all("expr" in r for r in rules.values())


def test_hidden_page_defers_generation(qtbot: Any, session: ProjectSession) -> None:
    page = MonitoringPage(session)
    qtbot.addWidget(page)
    session.apply("monitoring.nccl_hang_minutes", 25)
    assert page.viewers["prometheus-alerts"].text() == ""
    page.show()
    qtbot.waitExposed(page)
    assert "25m" in page.viewers["prometheus-alerts"].text()
    assert page.nccl_hang_field.editor.value() == 25
