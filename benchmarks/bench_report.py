"""Benchmark a full PDF plan (evaluate with 10,000 Monte Carlo draws + build the PDF).

Run with pytest-benchmark (``pytest benchmarks/bench_report.py
--benchmark-enable``) or as a script, which prints the median and worst of a
few runs for each example project in ``resources/examples/`` and each
language. Budget: ≤ 1.5 s per plan.
"""

from __future__ import annotations

import statistics
import time
from importlib import resources
from pathlib import Path
from typing import Any

from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Language, PlanLanguage
from gpu_advisor.model.project import Project
from gpu_advisor.report.fonts import register_cjk_font
from gpu_advisor.report.plan import MONTE_CARLO_DRAWS, build_plan_pdf

BUDGET_S = 1.5


def example_projects() -> dict[str, Project]:
    """The shipped examples; the default project when none are shipped yet."""
    folder = resources.files("gpu_advisor.resources") / "examples"
    found = {
        Path(str(entry)).stem: load_project(Path(str(entry)))
        for entry in sorted(folder.iterdir(), key=lambda e: e.name)
        if entry.name.endswith(".gpuplan")
    }
    return found or {"default": Project()}


def full_plan(project: Project, language: Language | PlanLanguage) -> bytes:
    """What ``gpu-advisor-cli report`` does after loading the file."""
    catalog = load_catalog()
    evaluation = evaluate(project, catalog, monte_carlo_draws=MONTE_CARLO_DRAWS, seed=0)
    return build_plan_pdf(project, evaluation, catalog, language=language)


def test_bench_full_plan(benchmark: Any) -> None:
    register_cjk_font()  # the one-off font scan is not part of a plan
    project = next(iter(example_projects().values()))
    data = benchmark(full_plan, project, Language.ZH)
    assert data.startswith(b"%PDF-")


def test_bench_bilingual_plan(benchmark: Any) -> None:
    register_cjk_font()
    project = next(iter(example_projects().values()))
    data = benchmark(full_plan, project, PlanLanguage.parse("zh+en"))
    assert data.startswith(b"%PDF-")


def main(repeat: int = 5) -> None:
    """Print median and worst seconds per example and language (and bilingual).

    Also the median CPU time of the process, which a busy machine inflates
    less than the wall-clock time.
    """
    register_cjk_font()
    load_catalog()
    worst_all = 0.0
    for name, project in example_projects().items():
        for language in (PlanLanguage.parse(code) for code in ("zh", "en", "zh+en")):
            runs, cpu = [], []
            for _ in range(repeat):
                start, start_cpu = time.perf_counter(), time.process_time()
                data = full_plan(project, language)
                runs.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            worst_all = max(worst_all, max(runs))
            print(
                f"{name:28s} {language.code:9s}: median {statistics.median(runs):.3f} s, "
                f"worst {max(runs):.3f} s, CPU {statistics.median(cpu):.3f} s, "
                f"{len(data) / 1024:.0f} KiB"
            )
    verdict = "within" if worst_all <= BUDGET_S else "OVER"
    print(f"worst {worst_all:.3f} s: {verdict} the {BUDGET_S} s budget")


if __name__ == "__main__":
    import sys

    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
