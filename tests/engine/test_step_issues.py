"""Each part of a plan lists what is still wrong or open there (the step list)."""

from __future__ import annotations

from pathlib import Path

from gpu_advisor.engine.evaluate import evaluate_plan
from gpu_advisor.engine.rollout.step_issues import (
    STANDING_REMARKS,
    PlanPart,
    step_issues,
)
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Severity
from gpu_advisor.model.project import (
    ChecklistItem,
    CheckStatus,
    Project,
    Scheduler,
    Vendor,
)
from gpu_advisor.words import text

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)


def test_a_new_plan_lists_its_open_items_by_step() -> None:
    catalog = load_catalog()
    issues = step_issues(evaluate_plan(Project(), catalog))
    assert list(issues) == list(PlanPart)
    codes = {part: [a.code for a in advice] for part, advice in issues.items()}
    assert codes[PlanPart.PROJECT] == ["review.no_author", "review.no_organisation"]
    assert codes[PlanPart.VENDORS] == ["review.no_vendors"]
    assert codes[PlanPart.CHECKLIST] == ["review.check_open"]
    assert codes[PlanPart.REVIEW] == ["review.signoff_unnamed"]
    # Standing remarks (true of every plan of a kind) never mark a step.
    every = [a for advice in issues.values() for a in advice]
    assert not {a.code for a in every} & STANDING_REMARKS
    assert all(a.severity in (Severity.ERROR, Severity.WARNING) for a in every)
    assert all(text(a, "en") and text(a, "zh") for a in every)


def test_the_environment_and_the_checklist_of_an_example() -> None:
    catalog = load_catalog()
    project = load_project(EXAMPLES[0])
    assert project.environment.scheduler is Scheduler.KUBERNETES
    assert project.environment.script_source == "image"  # the examples run as written
    no_source = project.environment.model_copy(update={"script_source": ""})
    project = project.model_copy(update={"environment": no_source})
    issues = step_issues(evaluate_plan(project, catalog))
    environment = [a.code for a in issues[PlanPart.ENVIRONMENT]]
    assert "environment.no_script_source" in environment
    first = issues[PlanPart.CHECKLIST][0]
    assert (first.code, first.params["count"]) == ("review.check_open", 18)
    assert text(first, "en") == "18 checklist items still open."
    assert text(first, "zh") == "检查表还有 18 项未决。"
    decided = [
        ChecklistItem(id=e.id, status=CheckStatus.PASS) for e in catalog.checklist
    ]
    decided[0] = decided[0].model_copy(update={"status": CheckStatus.FAIL})
    project = project.model_copy(update={"checklist": decided})
    issues = step_issues(evaluate_plan(project, catalog))
    assert [text(a, "en") for a in issues[PlanPart.CHECKLIST]] == [
        "1 checklist item failed."
    ]
    for part in (PlanPart.WORKLOAD, PlanPart.MONITORING):
        assert issues[part] == []


def test_vendors_without_results_are_named_in_the_readers_list() -> None:
    catalog = load_catalog()
    project = Project(vendors=[Vendor(name="Acme"), Vendor(name="Beta")])
    issues = step_issues(evaluate_plan(project, catalog))
    (missing,) = [a for a in issues[PlanPart.VENDORS] if a.code == "review.no_results"]
    assert missing.params["names"] == ["Acme", "Beta"]
    assert text(missing, "en") == "No test results imported for Acme, Beta."
    assert text(missing, "zh") == "Acme、Beta还没有导入测试结果。"
