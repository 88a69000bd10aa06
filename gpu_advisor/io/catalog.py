"""Read the catalog shipped in ``gpu_advisor.resources/catalog``.

The files are split by topic so that each can be reviewed and cited on its
own; :func:`load_catalog` joins them into one validated
:class:`~gpu_advisor.model.catalog.Catalog`. The hosted model APIs' prices
(``hosted_apis.json``) are validated on their own first, so a bad entry is
reported as one message naming the file, the entry and the field
(:class:`CatalogFileError`).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Collection
from importlib import resources
from typing import Any, Final

from pydantic import TypeAdapter, ValidationError

from gpu_advisor.model.catalog import Catalog, HostedApiPrice

_FILES = {
    "gpus": "gpus.json",
    "models": "models.json",
    "networks": "networks.json",
    "regions": "regions.json",
    "reference_runs": "reference_runs.json",
    "checklist": "checklist.json",
    "serving_runs": "serving_runs.json",
    "serving_factors": "serving_factors.json",
}

HOSTED_APIS_FILE: Final = "hosted_apis.json"
"""The hosted model APIs' list prices, in ``resources/catalog``."""

_HOSTED_LIST: Final = TypeAdapter(list[HostedApiPrice])


class CatalogFileError(ValueError):
    """A shipped catalog file that does not validate: file, entry and field, and why.

    >>> str(CatalogFileError("hosted_apis.json", "hosted_apis[2] (a/b)", "currency", "bad"))
    'hosted_apis.json: hosted_apis[2] (a/b), field currency: bad'
    """

    def __init__(self, file: str, entry: str, field: str, problem: str) -> None:
        self.file, self.entry, self.field, self.problem = file, entry, field, problem
        where = f"{entry}, field {field}" if field else entry
        super().__init__(f"{file}: {where}: {problem}")


def _read(name: str) -> Any:
    path = resources.files("gpu_advisor.resources") / "catalog" / name
    return json.loads(path.read_text(encoding="utf-8"))


def _entry_name(rows: list[Any], index: object) -> str:
    """``hosted_apis[i] (id)`` for the row ``index`` names, as well as it can."""
    if not isinstance(index, int) or not 0 <= index < len(rows):
        return "hosted_apis"
    row = rows[index]
    ident = row.get("id") if isinstance(row, dict) else None
    return f"hosted_apis[{index}]" + (f" ({ident})" if isinstance(ident, str) else "")


def parse_hosted_apis(
    data: Any,
    file: str = HOSTED_APIS_FILE,
    model_ids: Collection[str] | None = None,
) -> list[HostedApiPrice]:
    """The entries of a parsed ``hosted_apis.json``, validated.

    ``model_ids`` (the catalog's model presets) are checked against each
    entry's ``model_presets`` when given. Raises :class:`CatalogFileError`
    naming the file, the first bad entry and its field.

    >>> parse_hosted_apis({"hosted_apis": [{"id": "a/b"}]})
    Traceback (most recent call last):
    ...
    gpu_advisor.io.catalog.CatalogFileError: hosted_apis.json: hosted_apis[0] (a/b), field provider: Field required
    >>> parse_hosted_apis({})
    Traceback (most recent call last):
    ...
    gpu_advisor.io.catalog.CatalogFileError: hosted_apis.json: hosted_apis: need a list of entries
    """
    rows = data.get("hosted_apis") if isinstance(data, dict) else None
    if not isinstance(rows, list):
        raise CatalogFileError(file, "hosted_apis", "", "need a list of entries")
    try:
        entries = _HOSTED_LIST.validate_python(rows)
    except ValidationError as exc:
        first = exc.errors()[0]
        index, *field = first["loc"] or ("",)
        name = ".".join(str(part) for part in field)
        raise CatalogFileError(
            file, _entry_name(rows, index), name, first["msg"]
        ) from None
    for index, entry in enumerate(entries):
        unknown = [
            m
            for m in entry.model_presets
            if model_ids is not None and m not in model_ids
        ]
        if unknown:
            raise CatalogFileError(
                file,
                _entry_name(rows, index),
                "model_presets",
                f"unknown model preset {', '.join(unknown)} (models.json)",
            )
    return entries


@functools.cache
def load_catalog() -> Catalog:
    """Load and validate the shipped catalog (cached: it never changes at run time)."""
    data: dict[str, Any] = {key: _read(name) for key, name in _FILES.items()}
    prices = _read("prices.json")
    data["as_of"] = prices["as_of"]
    data["gpu_prices"] = prices["gpu_prices"]
    data["cost_defaults"] = prices["cost_defaults"]
    model_ids = {
        str(m["id"]) for m in data["models"] if isinstance(m, dict) and "id" in m
    }
    data["hosted_apis"] = parse_hosted_apis(
        _read(HOSTED_APIS_FILE), HOSTED_APIS_FILE, model_ids
    )
    return Catalog.model_validate(data)
