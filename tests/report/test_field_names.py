"""Every field a plan file holds has a name in both languages (issue #34).

The compare and changes dialogs, ``gpu-advisor-cli diff`` and the "Based on:"
links name a plan's inputs by :func:`gpu_advisor.report.glossary.field_name`.
This walks the Project schema's leaf paths (list items by their item model,
``vendors.0.name``) and finds a name for each in every catalog, no dotted key
left, no English word in the Chinese one; and checks the values are worded
with their unit and never in scientific notation.
"""

from __future__ import annotations

import enum
import math
import re
import types
import typing
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from gpu_advisor.model.common import InputRef
from gpu_advisor.model.project import Project
from gpu_advisor.report.change_text import (
    default_words,
    field_unit,
    plain_number,
    value_words,
)
from gpu_advisor.report.glossary import field_key, field_name
from gpu_advisor.words import catalog
from tests.reader_text import INTERNAL_KEY, SCIENTIFIC, problems

LANGUAGES = ("en", "zh")
_NOT_INPUTS = {"signing_records"}


def _models(annotation: object) -> Iterator[tuple[type[BaseModel], bool]]:
    """The models a field holds: ``(model, in a list)``."""
    origin = typing.get_origin(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation, False
    elif origin is list:
        item = typing.get_args(annotation)[0]
        if isinstance(item, type) and issubclass(item, BaseModel):
            yield item, True
    elif origin in (typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            yield from _models(arg)


def leaf_paths(model: type[BaseModel] = Project, prefix: str = "") -> Iterator[str]:
    """Every leaf path of the schema, the first item of each list (``vendors.0.name``)."""
    for name, info in model.model_fields.items():
        if name in _NOT_INPUTS:
            continue
        inner = list(_models(info.annotation))
        if not inner:
            yield prefix + name
        for sub, listed in inner[:1]:
            yield from leaf_paths(sub, f"{prefix}{name}.{'0.' if listed else ''}")


PATHS = sorted(set(leaf_paths()))


def _annotation(path: str) -> object:
    """The annotation of the field at ``path`` (list items as their model)."""
    model: type[BaseModel] = Project
    annotation: object = None
    for part in path.split("."):
        if part.isdigit():
            continue
        annotation = model.model_fields[part].annotation
        inner = list(_models(annotation))
        if inner:
            model = inner[0][0]
    return annotation


def _choices(annotation: object) -> list[object]:
    """The values an enum or ``Literal`` field can take."""
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return [member.value for member in annotation]
    if typing.get_origin(annotation) is typing.Literal:
        return list(typing.get_args(annotation))
    return [c for arg in typing.get_args(annotation) for c in _choices(arg)]


CHOICES = [
    (path, value)
    for path in PATHS
    for value in _choices(_annotation(path))
    if isinstance(value, str)
]


def test_the_walk_reaches_the_lists_and_the_nested_models() -> None:
    assert len(PATHS) > 200
    assert "vendors.0.measurements.0.value" in PATHS
    assert "workload.serving.traffic.peak_rps" in PATHS
    assert "demand.months.0.gpu_hours" in PATHS


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plan_field_has_a_name(language: str) -> None:
    entries = catalog(language)
    missing = [p for p in PATHS if f"report.input_name.{field_key(p)}" not in entries]
    assert not missing
    for path in PATHS:
        name = field_name(path, language, {"vendors": [{"name": "Acme"}]})
        assert name, path
        assert name != path, path
        assert not INTERNAL_KEY.search(name), (path, name)
        found = problems(name, language, ["Acme"])
        assert not found, (path, name, found)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_choice_a_field_offers_reads_in_words(language: str) -> None:
    """A vendor's kind, a sign-off decision, a serving engine: never the file's id."""
    assert len(CHOICES) > 50
    for path, value in CHOICES:
        text = value_words(path, value, language)
        assert text, (path, value)
        assert not problems(text, language), (path, value, text)
        if re.search(r"[a-z]_[a-z]", str(value)):  # an id, never shown as it is
            assert text != value, (path, value)


def test_list_items_by_their_own_name() -> None:
    data = {"vendors": [{"name": "A"}], "scenarios": [{"name": "云上"}]}
    assert field_name("vendors.0.name", "en", data) == "Vendor «A»: name"
    assert field_name("vendors.0.name", "zh", data) == "供应商「A」：名称"
    assert field_name("scenarios.0.gpus", "zh", data) == "情景「云上」：卡数"
    # without the plan, or past its end, items are numbered
    assert field_name("vendors.3.terms", "en", data) == "Vendor 4: contract terms"
    assert field_name("demand.months.11.gpu_hours", "zh") == "第 12 个月：卡时"


@pytest.mark.parametrize(
    ("path", "value", "en", "zh"),
    [
        (
            "budget.on_demand_cny_per_gpu_hour",
            14.5,
            "14.5 CNY/GPU-hour",
            "14.5 元/卡时",
        ),
        ("budget.gpu_price_cny", 2057250.0, "2,057,250 CNY", "2,057,250 元"),
        ("workload.tokens_billion", 300.0, "300 billion tokens", "3,000 亿 token"),
        ("budget.spot_price_factor", 0.3, "30%", "30%"),
        ("meta.horizon_months", 36, "36 months", "36 个月"),
        ("budget.checkpointing", True, "yes", "是"),
        ("workload.serving.targets.ttft_ms", 800.0, "800 ms", "800 毫秒"),
    ],
)
def test_values_in_the_readers_words(
    path: str, value: object, en: str, zh: str
) -> None:
    assert value_words(path, value, "en") == en
    assert value_words(path, value, "zh") == zh


def test_a_field_left_to_its_default() -> None:
    ref = InputRef(
        name="on_demand_cny_per_gpu_hour",
        value=13.6,
        unit="CNY/GPU-hour",
        source="engine: class needed",
    )
    defaults = {"on_demand_cny_per_gpu_hour": ref}
    path = "budget.on_demand_cny_per_gpu_hour"
    assert default_words(path, "en", defaults) == (
        "default (13.6 CNY/GPU-hour, computed from your plan)"
    )
    assert default_words(path, "zh", {}) == "默认值"


@given(
    st.floats(allow_nan=False, allow_infinity=False, min_value=-1e30, max_value=1e30)
)
def test_no_number_in_scientific_notation(value: float) -> None:
    text = plain_number(value)
    assert not SCIENTIFIC.search(text), text
    assert len(text.partition(".")[2]) <= 12
    if abs(value) >= 1e-9:  # the number read back: three significant digits at least
        read = float(text.replace(",", ""))
        assert math.isclose(read, value, rel_tol=5e-3), (value, text)
    assert field_unit("budget.gpu_price_cny") == "CNY"
    for language in LANGUAGES:
        assert not SCIENTIFIC.search(
            value_words("budget.gpu_price_cny", value, language)
        )
