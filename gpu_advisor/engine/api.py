"""The engine as the steps, the PDF plan, the CLI and the file writers see it.

They render one :class:`~gpu_advisor.engine.evaluate.PlanEvaluation`
(:func:`~gpu_advisor.engine.evaluate.evaluate_plan`): sizing, cost, Monte
Carlo, vendors, review and rollout. An import-linter contract keeps
``gpu_advisor.ui``, ``gpu_advisor.report``, ``gpu_advisor.cli`` and
``gpu_advisor.io`` from importing the rule packages (``engine.sizing``,
``engine.cost``, ``engine.evidence``, ``engine.rollout``), and this module
re-exports none of their rules: a renderer that needs a number the
evaluation lacks makes the evaluation grow it. What it names are the
evaluation's entry points, the result types renderers draw, constants they
print, and a short list of what-ifs and edits below (each says why it is not
part of one plan's evaluation). Nothing here computes; it only re-exports.
"""

from __future__ import annotations

from gpu_advisor.engine.cost.demand import phase_allows_spot
from gpu_advisor.engine.cost.prepare import Prepared, prepare
from gpu_advisor.engine.cost.price import owned_split
from gpu_advisor.engine.cost.resolve import to_display
from gpu_advisor.engine.cost.risk import (
    GPU_HOURS_BAND_KEY,
    MONTE_CARLO_CHUNKS,
    MonteCarloPartial,
)
from gpu_advisor.engine.cost.risk import combine as combine_monte_carlo
from gpu_advisor.engine.evaluate import (
    EvaluationMemo,
    PlanEvaluation,
    Rollout,
    as_plan_evaluation,
    evaluate_plan,
    mfu_default,
    monte_carlo_chunks,
    same_cost_inputs,
    share_decisive,
    size_what_if,
)
from gpu_advisor.engine.evidence.checks import Check, Verdict
from gpu_advisor.engine.evidence.judge import VendorJudgement
from gpu_advisor.engine.evidence.mfu import training_throughput, with_measured_mfu
from gpu_advisor.engine.evidence.runs import (
    IPERF3_RECEIVED,
    MeasuredFigure,
    Run,
    figure_for,
)
from gpu_advisor.engine.evidence.scoring import Criterion, ScoringResult, VendorScore
from gpu_advisor.engine.evidence.vendors import VendorsResult, merge_measurements
from gpu_advisor.engine.rollout.configs.common import GeneratedConfig
from gpu_advisor.engine.rollout.configs.environment import RolloutPlan
from gpu_advisor.engine.rollout.configs.files import MONITORING_CONFIGS
from gpu_advisor.engine.rollout.configs.grafana import GRAFANA_DCGM_DASHBOARD_ID
from gpu_advisor.engine.rollout.review import (
    OpenItem,
    OpenKind,
    Review,
    all_rows_approve,
    review,
)
from gpu_advisor.engine.rollout.testkit.kit import EXECUTABLE_SUFFIXES
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
from gpu_advisor.engine.serving.replica import (
    choose_replica,
    replica_at_targets,
    replica_under,
    serving_shape,
)
from gpu_advisor.engine.serving.traffic import day_shares
from gpu_advisor.engine.shown import (
    Ranked,
    ShownWarnings,
    WarningSource,
    option_order,
    ranking,
    shown_warnings,
)
from gpu_advisor.engine.sizing.compute import CALIBRATION_RUNS, CALIBRATION_RUNS_INSIDE
from gpu_advisor.engine.sizing.shape import parse_hf_config

# Constants the PDF plan prints (the evaluation holds results, not these):
# - GPU_HOURS_BAND_KEY: the Monte Carlo input under which the GPU-hours band is
#   drawn; the plan says the band was drawn only when it is among the inputs.
# - CALIBRATION_RUNS, CALIBRATION_RUNS_INSIDE: how many published runs the MFU
#   model was fitted to and how many fall inside its P10-P90 band, which the
#   sizing section quotes with the band.

# What-ifs and edits, outside one plan's evaluation:
# - size_what_if: `gpu-advisor-cli size` sizes a workload given on the command
#   line, not a plan; it is the evaluation's own sizing of a plan holding that
#   workload (engine.scoring.plan_sizing), so it shows the app's numbers.
# - training_throughput: the vendors step draws every step of a vendor's
#   training log; the judgement keeps only the log's median.
# - merge_measurements: importing results is an edit (the project after the
#   import), which the vendors step applies as one undo step.
# - with_measured_mfu: `gpu-advisor-cli score --results NAME=FOLDER` replaces a
#   vendor's results, an edit like the app's import, which sets the vendor's
#   measured MFU from the new training log.
# - parse_hf_config: the workload step's "Paste config.json" is an edit, a
#   model shape read from the text the user pastes.
# - phase_allows_spot: the demand editor shows and edits one month's spot
#   tolerance (serving never); it asks the engine's rule for the month being
#   edited rather than keep a copy.
# - review, all_rows_approve: the review and checklist steps judge the project
#   being saved or the sign-off rows being edited, which may not yet be the
#   session's evaluated plan; the rule is the one the evaluation's review uses.
# - serving_shape, replica_at_targets, replica_under, choose_replica:
#   `gpu-advisor-cli serve` serves a model given on the command line, not a
#   plan; the plan's serving phase calls the same functions.
# Work split for a progress bar:
# - monte_carlo_chunks, combine_monte_carlo, MonteCarloPartial,
#   MONTE_CARLO_CHUNKS: the budget step draws the plan's Monte Carlo in chunks
#   in the background and joins them into exactly what evaluate_plan draws.
# Conversions a renderer applies to the evaluation's own figures:
# - to_display: a CNY amount in the display currency of the evaluation's
#   `cost.currency` (its `cny_per_unit`); one conversion for the budget step,
#   its charts and `gpu-advisor-cli cost`, so no renderer divides on its own.
# The workbook's formulas:
# - prepare, Prepared: the xlsx export writes each option's cash flow as
#   formulas over the inputs the plan was priced with, its demand and the
#   decisions the engine made (the mix's baseline, the owned card count);
#   it reads them from the same preparation evaluate_plan priced.
# What every output shows, decided once (engine.shown):
# - shown_warnings, ShownWarnings, WarningSource: the plan's one warning list
#   and its order (the review step, the PDF plan, `gpu-advisor-cli cost`).
# - option_order: the one order of the option tables (the budget step's table,
#   the PDF's ranking and finance tables, `gpu-advisor-cli cost`).

__all__ = [
    "CALIBRATION_RUNS",
    "CALIBRATION_RUNS_INSIDE",
    "EXECUTABLE_SUFFIXES",
    "GPU_HOURS_BAND_KEY",
    "GRAFANA_DCGM_DASHBOARD_ID",
    "IPERF3_RECEIVED",
    "MONITORING_CONFIGS",
    "MONTE_CARLO_CHUNKS",
    "SCENARIO_MONTE_CARLO_DRAWS",
    "Check",
    "Criterion",
    "EvaluationMemo",
    "GeneratedConfig",
    "MeasuredFigure",
    "MonteCarloPartial",
    "OpenItem",
    "OpenKind",
    "PlanEvaluation",
    "Prepared",
    "Ranked",
    "Review",
    "Rollout",
    "RolloutPlan",
    "Run",
    "ScenarioRun",
    "ScenarioRuns",
    "ScoringResult",
    "ShownWarnings",
    "VendorJudgement",
    "VendorScore",
    "VendorsResult",
    "Verdict",
    "WarningSource",
    "all_rows_approve",
    "apply_scenario",
    "as_plan_evaluation",
    "base_plan",
    "choose_replica",
    "combine_monte_carlo",
    "day_shares",
    "evaluate_plan",
    "evaluate_scenarios",
    "figure_for",
    "find_scenario",
    "make_base",
    "merge_measurements",
    "mfu_default",
    "monte_carlo_chunks",
    "option_order",
    "owned_split",
    "parse_hf_config",
    "phase_allows_spot",
    "prepare",
    "ranking",
    "replica_at_targets",
    "replica_under",
    "reuse_scenarios",
    "review",
    "same_cost_inputs",
    "serving_shape",
    "share_decisive",
    "shown_warnings",
    "size_what_if",
    "to_display",
    "training_throughput",
    "with_measured_mfu",
]
