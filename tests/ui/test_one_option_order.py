"""One option order: the budget step's option table, the PDF's ranking and
finance tables and ``gpu-advisor-cli cost`` list the options in the order of
:func:`gpu_advisor.engine.api.ranking` (issue "[simplify]"), with the same
ranks (issue "[feasible]": an option that is the same as another holds no
rank of its own, rank 2 is page 1's runner-up).

Before, the budget step listed the engine's table order, the PDF's ranking
sorted by total with the recommendation first on a tie, and the PDF's finance
table by total with the table order on a tie (spot, mix and hybrid, equal to
the fen in the 64-card example, came in two orders on pages 2 and 7).

``gpu-advisor-cli cost --json`` keeps the engine's table order
(``cost.options``, a JSON reader finds an option by its ``id``) and carries
the ranking as ``ranking`` (the ids in order) and each option's ``rank``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from reportlab.platypus import Table
from typing_extensions import override

from gpu_advisor.cli import main as cli_main
from gpu_advisor.engine.api import PlanEvaluation, evaluate_plan, option_order, ranking
from gpu_advisor.engine.cost.finance import runner_up
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import OptionId, Project
from gpu_advisor.report.fonts import register_cjk_font
from gpu_advisor.report.plan import finance
from gpu_advisor.report.plan.cost import _options_table
from gpu_advisor.report.plan.document import (
    MARGIN,
    PAPER_SIZES,
    Story,
    Styles,
    mini_table,
)
from gpu_advisor.report.plan.shared import option_name
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.widgets.cost_charts import option_label
from gpu_advisor.ui.widgets.recommendation import RecommendationPanel
from gpu_advisor.words.terms import option_in_sentence
from tests.property_runs import examples
from tests.schema_strategies import projects

PLANS: Final = int(os.environ.get("GPU_ADVISOR_ORDER_PLANS", "60"))
_CATALOG: Final = load_catalog()
_EXAMPLES: Final = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)


class _Recording(Story):
    """A story that keeps the rows of its tables."""

    def __init__(self, lang: Language) -> None:
        font = register_cjk_font(None)
        super().__init__(lang, Styles(font, lang), PAPER_SIZES["a4"][0] - 2 * MARGIN)
        self.tables: list[list[Sequence[object]]] = []

    @override
    def table(
        self,
        header: Sequence[str],
        rows: Sequence[Sequence[object]],
        fractions: Sequence[float],
        *,
        extra: Sequence[tuple[Any, ...]] = (),
        align_right: Sequence[int] = (),
        width_fraction: float = 1.0,
    ) -> Table:
        self.tables.append(list(rows))
        return super().table(
            header,
            rows,
            fractions,
            extra=extra,
            align_right=align_right,
            width_fraction=width_fraction,
        )


def _ids_by_name(st: Story) -> dict[str, OptionId]:
    return {option_name(st, str(o)): o for o in OptionId}


def _name_of(cell: object) -> str:
    """An option's name in a table cell, without the ★ or the sign of an
    option without a rank, and without a mark in brackets."""
    text = str(cell)
    for sign in ("★ ", "= ", "⚠ ", "✗ "):
        text = text.removeprefix(sign)
    return text.split(" (")[0]


def _pdf_ranking(
    project: Project, ev: PlanEvaluation
) -> list[tuple[OptionId, int | None]]:
    st = _Recording(Language.EN)
    _options_table(st, project, ev)
    names = _ids_by_name(st)
    return [
        (names[_name_of(row[1])], None if row[0] == "—" else int(str(row[0])))
        for row in st.tables[-1]
    ]


def _pdf_finance(ev: PlanEvaluation, monkeypatch: pytest.MonkeyPatch) -> list[OptionId]:
    st = _Recording(Language.EN)
    seen: list[list[Any]] = []
    real = mini_table

    def recording(story: Story, headers: Any, rows: Any, *a: Any, **k: Any) -> Any:
        seen.append(list(rows))
        return real(story, headers, rows, *a, **k)

    with monkeypatch.context() as m:
        m.setattr("gpu_advisor.report.plan.finance.mini_table", recording)
        finance._options(st, ev)
    names = _ids_by_name(st)
    return [names[str(row[0])] for row in seen[-1]]


def _screen(panel: RecommendationPanel, ev: PlanEvaluation) -> list[str]:
    panel.set_result(ev.cost)
    table = panel.table
    return [
        _name_of(item.text())
        for row in range(table.rowCount())
        if (item := table.item(row, 0)) is not None
    ]


def _check(
    panel: RecommendationPanel,
    project: Project,
    monkeypatch: pytest.MonkeyPatch,
) -> list[tuple[OptionId, int | None]]:
    ev = evaluate_plan(project, _CATALOG, monte_carlo=False)
    ranked = [(r.option.id, r.rank) for r in ranking(ev.cost)]
    order = [o for o, _rank in ranked]
    assert order == [o.id for o in option_order(ev.cost)]
    assert sorted(order) == sorted(o.id for o in ev.cost.options)
    assert _screen(panel, ev) == [option_label(o) for o in order]
    assert _pdf_ranking(project, ev) == ranked
    assert _pdf_finance(ev, monkeypatch) == order
    # ranks run 1, 2, … without a gap; 1 is the recommendation, 2 the runner-up
    ranks = [rank for _o, rank in ranked if rank is not None]
    assert ranks == list(range(1, len(ranks) + 1))
    chosen = ev.cost.recommendation.option
    assert (chosen is None) == (not ranks)
    second = runner_up(ev.cost)
    assert (second.id if second else None) == next(
        (o for o, rank in ranked if rank == 2), None
    )
    # two names for one cash flow never hold two ranks
    assert all(
        rank is None for o, rank in ranked if ev.cost.option(o).same_as is not None
    )
    return ranked


def _cli_order(
    capsys: pytest.CaptureFixture[str], path: Path
) -> list[tuple[OptionId, int | None]]:
    assert cli_main(["cost", str(path), "--lang", "en"]) == 0
    names = {option_in_sentence(o, "en"): o for o in OptionId}
    out: list[tuple[OptionId, int | None]] = []
    for line in capsys.readouterr().out.splitlines()[1:]:
        if not line.startswith(" "):
            break
        rank = line[:3].strip().removeprefix("★")
        out.append((names[line[4:38].rstrip()], None if rank == "-" else int(rank)))
    return out


@pytest.fixture
def panel(qtbot: Any) -> RecommendationPanel:
    widget = RecommendationPanel(ProjectSession(Project()), str)
    qtbot.addWidget(widget)
    return widget


@pytest.mark.parametrize("path", _EXAMPLES, ids=lambda p: p.stem)
def test_examples_list_options_in_one_order(
    panel: RecommendationPanel,
    path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    ranked = _check(panel, load_project(path), monkeypatch)
    assert _cli_order(capsys, path) == ranked
    assert cli_main(["cost", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    ev = evaluate_plan(load_project(path), _CATALOG, monte_carlo=False)
    # the JSON keeps the engine's table order (see the module's docstring)
    assert [o["id"] for o in doc["options"]] == [o.id.value for o in ev.cost.options]
    assert doc["ranking"] == [o.value for o, _rank in ranked]
    by_id = {o["id"]: o["rank"] for o in doc["options"]}
    assert [(OptionId(i), by_id[i]) for i in doc["ranking"]] == ranked


@pytest.mark.slow
def test_generated_plans_list_options_in_one_order(
    panel: RecommendationPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    @settings(
        max_examples=examples(ci=30, deep=PLANS),
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
        phases=[Phase.explicit, Phase.generate],
    )
    @given(project=projects(max_items=2))
    def check(project: Project) -> None:
        _check(panel, project, monkeypatch)

    check()
