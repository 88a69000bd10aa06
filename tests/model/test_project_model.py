"""The Project schema: round trips and bounds that keep hostile values out."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from gpu_advisor.model.project import SCHEMA_VERSION, Project

DATA = Path(__file__).resolve().parents[1] / "data" / "projects"


def _golden_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (DATA / f"v{SCHEMA_VERSION}.json").read_text(encoding="utf-8")
    )
    return data


def _with(data: dict[str, Any], dotted: str, value: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(data))
    *parents, leaf = dotted.split(".")
    target: Any = data
    for part in parents:
        target = target[int(part)] if isinstance(target, list) else target[part]
    target[int(leaf) if isinstance(target, list) else leaf] = value
    return data


def _first_error(data: dict[str, Any]) -> tuple[str, str]:
    with pytest.raises(ValidationError) as info:
        Project.model_validate(data)
    error = info.value.errors()[0]
    return ".".join(str(p) for p in error["loc"]), error["msg"]


def test_default_project_round_trips_through_json() -> None:
    project = Project()
    assert Project.model_validate_json(project.model_dump_json()) == project
    assert Project.model_validate(project.model_dump(mode="json")) == project


def test_golden_project_round_trips_through_json() -> None:
    project = Project.model_validate(_golden_data())
    text = project.model_dump_json(indent=2)
    assert Project.model_validate_json(text) == project
    # New optional fields may have been added since the golden file was
    # written, at any depth: compare only the keys the golden file has.
    assert _restricted(json.loads(text), _golden_data()) == _golden_data()


def _restricted(dumped: object, golden: object) -> object:
    """``dumped`` cut down to the keys of ``golden``, recursively."""
    if isinstance(golden, dict) and isinstance(dumped, dict):
        return {k: _restricted(dumped.get(k), v) for k, v in golden.items()}
    if isinstance(golden, list) and isinstance(dumped, list):
        return [_restricted(d, g) for d, g in zip(dumped, golden, strict=False)]
    return dumped


def test_project_is_frozen_and_forbids_unknown_keys() -> None:
    project = Project()
    with pytest.raises(ValidationError, match="frozen"):
        project.meta.title = "x"  # type: ignore[misc]
    field, message = _first_error({"schema_version": SCHEMA_VERSION, "surprise": 1})
    assert field == "surprise"
    assert "Extra inputs are not permitted" in message


@pytest.mark.parametrize(
    "field",
    [
        "budget.pue",
        "budget.gpu_price_cny",
        "workload.tokens_billion",
        "workload.deadline_days",
        "demand.months.0.gpu_hours",
        "vendors.0.measurements.0.value",
        "vendors.0.on_demand_cny_per_gpu_hour",
        "meta.exchange_rate_cny_per_unit",
        "monitoring.gpu_temp_c",
    ],
)
@pytest.mark.parametrize("value", [1e300, -1e300, math.nan, math.inf, -math.inf])
def test_absurd_numbers_are_rejected_with_field_named(field: str, value: Any) -> None:
    name, message = _first_error(_with(_golden_data(), field, value))
    assert name == field
    assert message  # e.g. "Input should be a finite number" / "less than or equal to"


@pytest.mark.parametrize(
    "field",
    [
        "workload.seq_len",
        "workload.gpus",
        "workload.tp",
        "budget.owned_gpus",
        "budget.storage_tb",
        "environment.nodes",
        "meta.horizon_months",
        "scoring.price",
    ],
)
def test_negative_values_are_rejected_with_field_named(field: str) -> None:
    name, message = _first_error(_with(_golden_data(), field, -1))
    assert name == field
    assert "greater than" in message


@pytest.mark.parametrize(
    ("field", "value", "needle"),
    [
        ("workload.gpus", 10**30, "less than or equal to"),
        ("workload.gpus", "eight", "valid integer"),
        ("workload.gpus", 8.5, "fractional part"),
        ("meta.title", "", "at least 1 character"),
        ("meta.title", "x" * 201, "at most 200 characters"),
        ("meta.plan_date", "2026-02-30", "date"),
        ("meta.status", "done", "'draft' or 'approved'"),
        ("workload.shape.kv_heads", 5, "multiple of kv_heads"),
    ],
)
def test_wrong_values_name_the_field(field: str, value: Any, needle: str) -> None:
    name, message = _first_error(_with(_golden_data(), field, value))
    assert name == field or name == field.rsplit(".", 1)[0]
    assert needle in message


def test_schema_version_must_be_current_after_migration() -> None:
    _name, message = _first_error({"schema_version": SCHEMA_VERSION + 1})
    assert "must be migrated" in message
