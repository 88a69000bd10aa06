"""Shared builders for the cost-engine tests."""

from __future__ import annotations

import numpy as np

from gpu_advisor.engine.cost.prepare import Prepared, prepare
from gpu_advisor.engine.cost.price import Params, make_params
from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH, Resolved, resolve
from gpu_advisor.engine.evidence.vendors import plan_sizing
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.project import Budget, Project, ProjectMeta

CATALOG = load_catalog()

OLD_BOOK: dict[str, float] = {
    "on_demand_cny_per_gpu_hour": 21.0,
    "monthly_cny_per_gpu_month": 9450.0,
    "yearly_price_factor": 0.75,
}
"""The 2026-11-01 price book's A100-80GB-SXM rental figures (20 CNY/h, 9,000 CNY
a month, yearly 0.75 of monthly) × Shanghai's rental factor 1.05. Tests of the
engine's owning-versus-renting logic that were written against that book type
it in, so they keep testing the engine whatever the re-based book says
(2026-12-02: 10 CNY/h, 5,840 CNY a month, yearly 0.875 of monthly)."""


GROSS = ProjectMeta(vat_recoverable=False)
"""A plan that compares amounts with VAT (the company does not recover input
VAT). The engine tests built on :func:`resolved` and :func:`params` type
gross prices and check gross amounts; the VAT basis itself (a general
taxpayer's net amounts, the default) is tested in ``test_finance_conventions``."""


def resolved(**budget: object) -> Resolved:
    return resolve(Project(meta=GROSS, budget=Budget(**budget)), CATALOG)


def params(**budget: object) -> Params:
    checkpointing = bool(budget.get("checkpointing", True))
    return make_params(resolved(**budget), checkpointing=checkpointing)


def flat(cards: float, months: int) -> np.ndarray:
    return np.full((1, months), cards * HOURS_PER_MONTH)


def prepared(project: Project) -> Prepared:
    """The cost inputs of ``project`` as ``evaluate`` prepares them."""
    return prepare(project, CATALOG, plan_sizing(project, CATALOG))
