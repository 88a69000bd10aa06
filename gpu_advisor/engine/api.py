"""The engine as the steps, the PDF plan and the CLI see it.

They render one :class:`~gpu_advisor.engine.evaluate.PlanEvaluation`
(:func:`~gpu_advisor.engine.evaluate.evaluate_plan`); an import-linter
contract keeps them from importing the rule modules (``engine.sizing``,
``engine.judge``, ``engine.scoring``, ``engine.configs``) directly, so a
rule lives in one place and every output shows its result. This module names
what they may use besides: the result types they render and the few
per-item calls a page makes for one file or one chart (a launch file for a
scheduler the plan has not chosen, a vendor's training throughput, the
merge rule for imported results). Nothing here computes; it only re-exports.
"""

from __future__ import annotations

from gpu_advisor.engine.configs import (
    GRAFANA_DCGM_DASHBOARD_ID,
    MONITORING_CONFIGS,
    GeneratedConfig,
    bare_nodes_script,
    environment_advice,
    kubernetes_manifest,
    kubernetes_script_problem,
    launch_config,
    monitoring_config,
    plan_environment,
    prometheus_alert_rules,
    slurm_script,
    with_notes,
)
from gpu_advisor.engine.evaluate import (
    PlanEvaluation,
    Rollout,
    evaluate_plan,
    mfu_default,
)
from gpu_advisor.engine.judge import (
    Check,
    VendorJudgement,
    Verdict,
    training_throughput,
    with_measured_mfu,
)
from gpu_advisor.engine.review import OpenItem, OpenKind, Review
from gpu_advisor.engine.scenarios import (
    SCENARIO_MONTE_CARLO_DRAWS,
    ScenarioRun,
    ScenarioRuns,
    apply_scenario,
    base_plan,
    evaluate_scenarios,
    find_scenario,
    make_base,
    reuse_scenarios,
)
from gpu_advisor.engine.scoring import (
    Criterion,
    ScoringResult,
    VendorsResult,
    evaluate_vendors,
    merge_measurements,
    score_project,
)
from gpu_advisor.engine.sizing import size_workload

__all__ = [
    "GRAFANA_DCGM_DASHBOARD_ID",
    "MONITORING_CONFIGS",
    "SCENARIO_MONTE_CARLO_DRAWS",
    "Check",
    "Criterion",
    "GeneratedConfig",
    "OpenItem",
    "OpenKind",
    "PlanEvaluation",
    "Review",
    "Rollout",
    "ScenarioRun",
    "ScenarioRuns",
    "ScoringResult",
    "VendorJudgement",
    "VendorsResult",
    "Verdict",
    "apply_scenario",
    "bare_nodes_script",
    "base_plan",
    "environment_advice",
    "evaluate_plan",
    "evaluate_scenarios",
    "evaluate_vendors",
    "find_scenario",
    "kubernetes_manifest",
    "kubernetes_script_problem",
    "launch_config",
    "make_base",
    "merge_measurements",
    "mfu_default",
    "monitoring_config",
    "plan_environment",
    "prometheus_alert_rules",
    "reuse_scenarios",
    "score_project",
    "size_workload",
    "slurm_script",
    "training_throughput",
    "with_measured_mfu",
    "with_notes",
]
