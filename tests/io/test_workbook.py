"""The exported workbook reconciles: its formulas, evaluated by a formula
engine (the ``formulas`` package), give the engine's totals and NPV, and
again after an input cell is changed (the engine re-run with that change)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor.engine.api import PlanEvaluation, evaluate_plan, prepare
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.option_table import SUMMARY_ROWS, write_option_table
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.project import (
    Currency,
    DemandMonth,
    OptionId,
    PhaseKind,
    Project,
)
from tests.property_runs import DEEP, examples

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"


def _evaluate(project: Project) -> PlanEvaluation:
    return evaluate_plan(project, load_catalog())


def _computed(path: Path, inputs: dict[str, float] | None = None) -> dict[str, Any]:
    """Every cell of the workbook as the formula engine computes it, by
    ``SHEET!A1`` (upper case)."""
    formulas = pytest.importorskip("formulas")
    model = formulas.ExcelModel().loads(str(path)).finish()
    book = f"[{path.name}]"
    named = {
        f"'{book}{k.split('!')[0].upper()}'!{k.split('!')[1]}": v
        for k, v in (inputs or {}).items()
    }
    solution = model.calculate(inputs=named)
    out: dict[str, Any] = {}
    for key, value in solution.items():
        sheet, _, cell = key.rpartition("!")
        name = sheet.strip("'").split("]", 1)[-1]
        raw = getattr(value, "value", value)
        out[f"{name}!{cell}"] = raw[0][0] if hasattr(raw, "__getitem__") else raw
    return out


def _sheet_totals(
    path: Path, ev: PlanEvaluation, cells: dict[str, Any]
) -> dict[str, tuple[float, float]]:
    titles = openpyxl.load_workbook(path).sheetnames[1 : 1 + len(ev.cost.options)]
    return {
        o.id.value: (
            float(cells[f"{t.upper()}!E{SUMMARY_ROWS['total']}"]),
            float(cells[f"{t.upper()}!E{SUMMARY_ROWS['npv']}"]),
        )
        for o, t in zip(ev.cost.options, titles, strict=True)
    }


def _input_cell(path: Path, field: str) -> str:
    """``Inputs!B<row>`` of the input whose plan field is ``field``."""
    sheet = openpyxl.load_workbook(path).worksheets[-2]
    for row in sheet.iter_rows(min_row=2):
        if row[5].value == field:
            return f"{sheet.title}!B{row[0].row}"
    raise AssertionError(f"{field} is not on the Inputs sheet")


def _assert_reconciles(
    path: Path, ev: PlanEvaluation, inputs: dict[str, float] | None = None
) -> None:
    fx = ev.cost.currency.cny_per_unit
    got = _sheet_totals(path, ev, _computed(path, inputs))
    for o in ev.cost.options:
        total, npv = got[o.id.value]
        assert total * fx == pytest.approx(o.total_cny, abs=1.0), (o.id, "total")
        assert npv * fx == pytest.approx(o.npv_cny, abs=1.0), (o.id, "npv")


@pytest.fixture(scope="module")
def shanghai(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Project, PlanEvaluation, Path]:
    project = load_project(EXAMPLES / "shanghai_13b_finetune.gpuplan")
    ev = _evaluate(project)
    out = tmp_path_factory.mktemp("book") / "shanghai.xlsx"
    write_option_table(ev, out)
    return project, ev, out


def test_every_total_and_npv_is_the_engines(
    shanghai: tuple[Project, PlanEvaluation, Path],
) -> None:
    _, ev, out = shanghai
    _assert_reconciles(out, ev)


@pytest.mark.parametrize(
    ("field", "factor"),
    [
        ("budget.on_demand_cny_per_gpu_hour", 1.2),
        ("budget.gpu_price_cny", 0.8),
        ("budget.electricity_cny_per_kwh", 1.5),
    ],
)
def test_a_changed_input_cell_gives_the_engine_rerun(
    shanghai: tuple[Project, PlanEvaluation, Path], field: str, factor: float
) -> None:
    project, ev, out = shanghai
    key = field.removeprefix("budget.")
    before = prepare(project, ev.catalog, ev.sizing).resolved.values[key]
    changed = project.model_copy(
        update={"budget": project.budget.model_copy(update={key: before * factor})}
    )
    again = _evaluate(changed)
    after = prepare(changed, again.catalog, again.sizing).resolved.values[key]
    assert after != pytest.approx(before)
    got = _sheet_totals(out, ev, _computed(out, {_input_cell(out, field): after}))
    same_plan = [
        o
        for o, p in zip(again.cost.options, ev.cost.options, strict=True)
        if o.same_as == p.same_as and o.gpus == p.gpus
    ]
    assert len(same_plan) >= 5
    for o in same_plan:
        assert got[o.id.value][0] == pytest.approx(o.total_cny, abs=1.0), (o.id, field)
        assert got[o.id.value][1] == pytest.approx(o.npv_cny, abs=1.0), (o.id, field)


def test_every_input_of_the_explanations_is_on_the_inputs_sheet(
    shanghai: tuple[Project, PlanEvaluation, Path],
) -> None:
    _, ev, out = shanghai
    sheet = openpyxl.load_workbook(out).worksheets[-2]
    fields = {row[5] for row in sheet.iter_rows(min_row=2, values_only=True)}
    named = {
        ref.name
        for e in ev.cost.explanations
        for ref in e.inputs
        if not ref.source.startswith("engine")
        and "." in ref.name
        and not ref.name.startswith(("breakeven.", "meta.", "cost."))
    }
    assert named - fields == set()


def test_a_formula_like_title_stays_text(tmp_path: Path) -> None:
    project = load_project(EXAMPLES / "shanghai_13b_finetune.gpuplan")
    title = '=HYPERLINK("http://example.invalid","x")'
    project = project.model_copy(
        update={"meta": project.meta.model_copy(update={"title": title})}
    )
    out = tmp_path / "book.xlsx"
    write_option_table(_evaluate(project), out)
    cell = openpyxl.load_workbook(out).worksheets[0]["A1"]
    assert cell.data_type == "s"
    assert str(cell.value).startswith(title)


def test_a_usd_plan_is_in_usd_and_chinese_reads_alike(tmp_path: Path) -> None:
    project = load_project(EXAMPLES / "shanghai_13b_finetune.gpuplan")
    meta = project.meta.model_copy(
        update={"currency": Currency.USD, "exchange_rate_cny_per_unit": 7.1}
    )
    ev = _evaluate(project.model_copy(update={"meta": meta}))
    out = tmp_path / "usd.xlsx"
    write_option_table(ev, out, language="zh")
    book = openpyxl.load_workbook(out)
    heads = [c.value for c in book.worksheets[0][4]]
    assert "总成本（USD）" in heads
    assert not any("CNY" in str(h) for h in heads)
    assert book.sheetnames[-1] == "需求"
    _assert_reconciles(out, ev)


def test_a_serving_plan_reconciles_hour_by_hour(tmp_path: Path) -> None:
    """A plan that serves after training: the reserved contracts hold each
    serving month's busiest hour, the mix and the hybrid's rented part burst
    above their cards hour by hour, and cheap cards with dear rentals make the
    hybrid own part of the fleet (the Demand sheet carries each serving
    month's cards hour by hour). Before, the monthly contract's sheet came to 1,922,006 CNY
    against the engine's 2,957,780 over the Shenzhen plan's 15 months."""
    project = load_project(EXAMPLES / "shenzhen_7b_pretrain_then_serve.gpuplan")
    meta = project.meta.model_copy(update={"horizon_months": 6})
    cheap = {
        "owned_gpus": 12,
        "gpu_price_cny": 10000.0,
        "on_demand_cny_per_gpu_hour": 60.0,
        "monthly_cny_per_gpu_month": 40000.0,
    }
    budget = project.budget.model_copy(update=cheap)
    ev = _evaluate(project.model_copy(update={"meta": meta, "budget": budget}))
    hybrid = ev.cost.option(OptionId.HYBRID)
    assert hybrid.same_as is None
    assert 0 < hybrid.gpus < 64, "a hybrid owning part of the fleet"
    assert ev.sizing.serving is not None
    out = tmp_path / "serving.xlsx"
    write_option_table(ev, out)
    demand = openpyxl.load_workbook(out)["Demand"]
    assert demand["F1"].value == "Serving cards at 0:00"
    assert any(demand.cell(row=r, column=6).value for r in range(2, 8))
    _assert_reconciles(out, ev)


@pytest.mark.skipif(not DEEP, reason="deep tier: the long examples take seconds each")
@pytest.mark.parametrize(
    "name", ["lab_64_gpus_three_years", "shenzhen_7b_pretrain_then_serve"]
)
def test_the_long_examples_reconcile(tmp_path: Path, name: str) -> None:
    ev = _evaluate(load_project(EXAMPLES / f"{name}.gpuplan"))
    out = tmp_path / "book.xlsx"
    write_option_table(ev, out)
    _assert_reconciles(out, ev)


OWNED_AND_SPOT = [
    OptionId.SPOT,
    OptionId.COLOCATION,
    OptionId.SELF_BUILD,
    OptionId.HYBRID,
]


@st.composite
def _plans(draw: st.DrawFn) -> Project:
    """The Shanghai example with its demand, horizon, contracts and owned-
    hardware conventions varied (small horizons: each workbook is evaluated)."""
    base = load_project(EXAMPLES / "shanghai_13b_finetune.gpuplan")
    months = draw(st.integers(1, 15))
    phases = [PhaseKind.PRETRAIN, PhaseKind.INFERENCE, PhaseKind.EXPERIMENTS]
    rows = [
        DemandMonth(
            gpu_hours=draw(st.sampled_from([0.0, 500.0, 4000.0, 9000.0, 30000.0])),
            phase=draw(st.sampled_from(phases)),
        )
        for _ in range(months)
    ]
    budget = base.budget.model_copy(
        update={
            # spot alone among the rentals: a worn-out fleet is always renewed
            "options": draw(st.sampled_from([list(OptionId), OWNED_AND_SPOT])),
            "checkpointing": draw(st.booleans()),
            "hardware_life_years": draw(st.sampled_from([None, 1.0, 0.5])),
            "yearly_billing_months": draw(st.sampled_from([None, 1, 3])),
            "ops_fte": draw(st.sampled_from([None, 0.5])),
            # cheap cards and dear rentals: the hybrid owns cards, fleets renew
            "gpu_price_cny": draw(st.sampled_from([None, 10000.0])),
            "on_demand_cny_per_gpu_hour": draw(st.sampled_from([None, 60.0])),
        }
    )
    meta = base.meta.model_copy(
        update={
            "horizon_months": months,
            "vat_recoverable": draw(st.booleans()),
        }
    )
    demand = base.demand.model_copy(
        update={"months": rows, "derive_from_workload": False}
    )
    return base.model_copy(update={"budget": budget, "meta": meta, "demand": demand})


@settings(max_examples=examples(ci=2, deep=25), deadline=None)
@given(plan=_plans())
def test_varied_plans_reconcile(plan: Project) -> None:
    ev = _evaluate(Project.model_validate(plan.model_dump()))
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "varied.xlsx"
        write_option_table(ev, out)
        _assert_reconciles(out, ev)


def test_a_fleet_bought_again_reconciles(tmp_path: Path) -> None:
    """Six-month hardware over 15 months, no rental to fall back on: the
    fleet is bought again in months 7 and 13 (``price._renewals``)."""
    base = load_project(EXAMPLES / "shanghai_13b_finetune.gpuplan")
    budget = base.budget.model_copy(
        update={
            "options": OWNED_AND_SPOT,
            "hardware_life_years": 0.5,
            "gpu_price_cny": 10000.0,
        }
    )
    meta = base.meta.model_copy(update={"horizon_months": 15})
    rows = [DemandMonth(gpu_hours=4000.0) for _ in range(15)]
    demand = base.demand.model_copy(
        update={"months": rows, "derive_from_workload": False}
    )
    plan = base.model_copy(update={"budget": budget, "meta": meta, "demand": demand})
    ev = _evaluate(Project.model_validate(plan.model_dump()))
    owned = next(o for o in ev.cost.options if o.id is OptionId.COLOCATION)
    assert owned.breakdown["replacement"] > 0
    out = tmp_path / "renewed.xlsx"
    write_option_table(ev, out)
    _assert_reconciles(out, ev)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_input_is_named_dated_and_once(tmp_path: Path, lang: str) -> None:
    """Each row of the Inputs sheet names its figure in the reader's language
    (no plan field or engine key as a name), once; every figure has a date
    (the plan's own figures carry the plan's date)."""
    import re

    from gpu_advisor.report.glossary import input_name

    ev = _evaluate(load_project(EXAMPLES / "lab_64_gpus_three_years.gpuplan"))
    out = tmp_path / "lab.xlsx"
    write_option_table(ev, out, language=lang, name_words=lambda n: input_name(n, lang))
    sheet = openpyxl.load_workbook(out).worksheets[-2]
    rows = [r for r in sheet.iter_rows(min_row=2, values_only=True) if r[0]]
    names = [str(r[0]) for r in rows]
    assert len(names) >= 50
    ids = [n for n in names if re.fullmatch(r"[\w.]+", n) and ("_" in n or "." in n)]
    assert ids == []
    assert len(set(names)) == len(names)
    if lang == "zh":
        assert not [n for n in names if not re.search(r"[\u4e00-\u9fff]", n)]
    typed = [r for r in rows if r[5] is not None and r[3] is not None]
    assert typed
    assert [r[0] for r in typed if not r[4]] == []
