"""Shared builders for the cost-engine tests."""

from __future__ import annotations

import numpy as np

from gpu_advisor.engine.cost import Params, make_params
from gpu_advisor.engine.resolve import HOURS_PER_MONTH, Resolved, resolve
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.project import Budget, Project

CATALOG = load_catalog()


def resolved(**budget: object) -> Resolved:
    return resolve(Project(budget=Budget(**budget)), CATALOG)


def params(**budget: object) -> Params:
    checkpointing = bool(budget.get("checkpointing", True))
    return make_params(resolved(**budget), checkpointing=checkpointing)


def flat(cards: float, months: int) -> np.ndarray:
    return np.full((1, months), cards * HOURS_PER_MONTH)
