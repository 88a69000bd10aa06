"""The result keys the wizard explains with a "why?" button, in one place.

The engine attaches an :class:`~gpu_advisor.model.common.Explanation` to each
of these keys (``SizingResult.explanations``, ``CostResult.explanations``);
the pages put a "why?" button beside the number with the same key, and
``tests/engine/test_explain_keys.py`` checks that every key a page asks for is
explained for every example project. Keeping the names here (not in the Qt
code) lets the engine tests use them without importing Qt.

Examples
--------
>>> option_key("colocation", OPTION_NPV)
'cost.options.colocation.npv_cny'
"""

from __future__ import annotations

from typing import Final
from urllib.parse import parse_qsl, urlencode

from gpu_advisor.model.cost_results import CostResult
from gpu_advisor.model.sizing_results import SizingResult

# --- sizing -------------------------------------------------------------------
MEMORY_TOTAL: Final = "memory.per_gpu.total_bytes"
MIN_GPUS: Final = "cluster.min_gpus"
GPU_HOURS: Final = "compute.gpu_hours"
GPU_HOURS_WITH_REDUNDANCY: Final = "compute.gpu_hours_with_redundancy"
CHINCHILLA_TOKENS: Final = "compute.chinchilla_tokens"
DECODE_TOKENS: Final = "compute.decode_tokens_per_s_per_gpu"
DAYS: Final = "cluster.days"
SCALING_EFFICIENCY: Final = "cluster.scaling_efficiency"
GPUS_FOR_DEADLINE: Final = "cluster.gpus_for_deadline"
NETWORK_NEEDED: Final = "cluster.network_needed_id"
CHECKPOINT_BYTES: Final = "storage.checkpoint_bytes"
CHECKPOINT_WRITE: Final = "storage.checkpoint_write_gb_per_s"

SIZING_KEYS: Final = (
    MEMORY_TOTAL,
    MIN_GPUS,
    GPU_HOURS,
    GPU_HOURS_WITH_REDUNDANCY,
    DAYS,
    SCALING_EFFICIENCY,
    GPUS_FOR_DEADLINE,
    DECODE_TOKENS,
    NETWORK_NEEDED,
    CHECKPOINT_BYTES,
    CHECKPOINT_WRITE,
)
"""Sizing results the engine explains (the UI decides where each one is shown)."""
INFERENCE_ONLY: Final = frozenset({DECODE_TOKENS})
"""Keys shown (and explained) only when the workload serves inference."""

# --- cost (budget page) -----------------------------------------------------
OPTION_TOTAL: Final = "total_cny"
OPTION_NPV: Final = "npv_cny"
OPTION_PER_USEFUL_HOUR: Final = "cost_per_useful_gpu_hour_cny"
OPTION_UTILIZATION: Final = "utilization"
OPTION_FIELDS: Final = (
    OPTION_TOTAL,
    OPTION_NPV,
    OPTION_PER_USEFUL_HOUR,
    OPTION_UTILIZATION,
)
"""Columns of the options table that have a "why?" button."""

BREAK_EVEN_UTILIZATION: Final = "cost.break_even.utilization"
BREAK_EVEN_MONTH: Final = "cost.break_even.month"
SIX_MONTH_RULE: Final = "cost.break_even.rule_six_months"
MIX_BASELINE: Final = "cost.recommendation.mix_detail"
COMMITMENT: Final = "cost.commitment.yearly_share_of_on_demand"
"""The commitment discounts stated against their named list prices."""


def valued_name(code: str, **values: object) -> str:
    """The name of an input that carries values: a code (worded by the catalog's
    ``report.free_name.<code>``) and the values, as ``code?name=value&…``.

    >>> valued_name("scaling_efficiency_at", network="roce-100", cards=64)
    'scaling_efficiency_at?network=roce-100&cards=64'
    """
    return f"{code}?{urlencode(values)}"


def name_values(name: str) -> tuple[str, dict[str, str]]:
    """A name's code and its values (none for a plain dotted name).

    >>> name_values("scaling_efficiency_at?network=roce-100&cards=64")
    ('scaling_efficiency_at', {'network': 'roce-100', 'cards': '64'})
    >>> name_values("meta.horizon_months")
    ('meta.horizon_months', {})
    """
    code, _, query = name.partition("?")
    return code, dict(parse_qsl(query))


def option_key(option_id: str, field: str) -> str:
    """The key of one option's figure, e.g. ``cost.options.spot.npv_cny``."""
    return f"cost.options.{option_id}.{field}"


def sizing_keys(sizing: SizingResult, *, inference: bool) -> list[str]:
    """Every sizing key the engine explains for this result.

    ``sizing`` is unused today (every key is always explained) but keeps the
    signature parallel to :func:`budget_page_keys`.

    Examples
    --------
    >>> from gpu_advisor.engine.sizing.size import size_workload
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import Workload
    >>> sizing = size_workload(Workload(), load_catalog())
    >>> DECODE_TOKENS in sizing_keys(sizing, inference=False)
    False
    """
    del sizing
    return [key for key in SIZING_KEYS if inference or key not in INFERENCE_ONLY]


def budget_page_keys(cost: CostResult) -> list[str]:
    """Every key the budget page asks to explain for this result."""
    keys = [
        option_key(str(option.id), field)
        for option in cost.options
        for field in OPTION_FIELDS
    ]
    if cost.break_even.owned_option is not None:
        keys += [BREAK_EVEN_UTILIZATION, BREAK_EVEN_MONTH]
    if cost.break_even.rule_six_months is not None:
        keys.append(SIX_MONTH_RULE)
    if cost.recommendation.mix_detail is not None:
        keys.append(MIX_BASELINE)
    return keys
