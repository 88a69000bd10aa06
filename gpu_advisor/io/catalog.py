"""Read the catalog shipped in ``gpu_advisor.resources/catalog``.

The files are split by topic so that each can be reviewed and cited on its
own; :func:`load_catalog` joins them into one validated
:class:`~gpu_advisor.model.catalog.Catalog`.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from gpu_advisor.model.catalog import Catalog

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


def _read(name: str) -> Any:
    path = resources.files("gpu_advisor.resources") / "catalog" / name
    return json.loads(path.read_text(encoding="utf-8"))


@functools.cache
def load_catalog() -> Catalog:
    """Load and validate the shipped catalog (cached: it never changes at run time)."""
    data: dict[str, Any] = {key: _read(name) for key, name in _FILES.items()}
    prices = _read("prices.json")
    data["as_of"] = prices["as_of"]
    data["gpu_prices"] = prices["gpu_prices"]
    data["cost_defaults"] = prices["cost_defaults"]
    return Catalog.model_validate(data)
