"""A bad ``hosted_apis.json`` is refused with one message naming the file, the
entry and the field."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from gpu_advisor.io.catalog import (
    HOSTED_APIS_FILE,
    CatalogFileError,
    load_catalog,
    parse_hosted_apis,
)


def _shipped() -> dict[str, Any]:
    path = resources.files("gpu_advisor.resources") / "catalog" / HOSTED_APIS_FILE
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_the_shipped_file_loads_into_the_catalog() -> None:
    entries = parse_hosted_apis(
        _shipped(), model_ids={m.id for m in load_catalog().models}
    )
    assert [e.id for e in entries] == [e.id for e in load_catalog().hosted_apis]


@pytest.mark.parametrize(
    ("index", "field", "value", "message"),
    [
        (
            2,
            "output_per_million",
            -1,
            "hosted_apis.json: hosted_apis[2] (volcengine/deepseek-v3), "
            "field output_per_million: Input should be greater than or equal to 0",
        ),
        (
            0,
            "currency",
            "RMB",
            "hosted_apis.json: hosted_apis[0] (deepseek/deepseek-flash), field currency: "
            "Input should be 'CNY', 'USD', 'EUR' or 'HKD'",
        ),
        (
            0,
            "cached_input_per_million",
            5.0,
            "hosted_apis.json: hosted_apis[0] (deepseek/deepseek-flash): Value error, "
            "cached_input_per_million must not exceed input_per_million",
        ),
    ],
)
def test_a_bad_entry_names_file_entry_and_field(
    index: int, field: str, value: object, message: str
) -> None:
    data = copy.deepcopy(_shipped())
    data["hosted_apis"][index][field] = value
    with pytest.raises(CatalogFileError) as caught:
        parse_hosted_apis(data)
    assert str(caught.value) == message


def test_an_unknown_model_preset_is_named() -> None:
    data = copy.deepcopy(_shipped())
    data["hosted_apis"][2]["model_presets"] = ["deepseek-v9"]
    with pytest.raises(CatalogFileError) as caught:
        parse_hosted_apis(data, model_ids={m.id for m in load_catalog().models})
    assert str(caught.value) == (
        "hosted_apis.json: hosted_apis[2] (volcengine/deepseek-v3), field "
        "model_presets: unknown model preset deepseek-v9 (models.json)"
    )
    assert caught.value.field == "model_presets"


def test_a_file_without_its_list_says_so() -> None:
    with pytest.raises(CatalogFileError, match="hosted_apis: need a list of entries"):
        parse_hosted_apis({"as_of": "2026-12-07"})
