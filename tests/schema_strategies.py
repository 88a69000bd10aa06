"""A hypothesis strategy for whole projects, derived from the pydantic schema.

Every field of :class:`gpu_advisor.model.project.Project` and its sub-models
is drawn from its annotation and its constraints (``ge``/``gt``/``le``/``lt``,
``min_length``/``max_length``, enums, optionals, nested models, lists), so a
new field or a changed bound is picked up without touching this file. Fields
that name catalog entries (``region_id``, ``gpu_id``, ``network_id``,
``model_preset``, ``gpu_candidates``) are drawn from the shipped catalog,
as the loader refuses any other id. Bounds are probed at their edges
(hypothesis tries the smallest float above ``gt=0`` and the like).

Lists are kept short (``max_items``) so that each example stays fast; a
sub-model whose own validators refuse the drawn values falls back to its
defaults, so that nothing is rejected wholesale.

A model that holds itself (a signing record's snapshot of the plan is a
whole :class:`Project`) is drawn one level deep: inside the snapshot, the
field that would recurse keeps its default (no signing records), as the
schema requires. Signing records get a SHA-256-shaped fingerprint, a PDF
file name and an aware signing time.
"""

from __future__ import annotations

import datetime as dt
import enum
import types
import typing
from typing import Any

import annotated_types as at
from hypothesis import reject
from hypothesis import strategies as st
from pydantic import AwareDatetime, BaseModel, ValidationError

from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Project
from gpu_advisor.words import catalog_languages

_NONE_TYPE = type(None)
_HEX = "0123456789abcdef"


class _RecursiveError(Exception):
    """A field's type holds a model that is being drawn already."""


def _special(name: str) -> st.SearchStrategy[Any] | None:
    """Strategies for fields whose constraints the generic rules cannot meet."""
    if name == "fingerprint":
        return st.text(alphabet=_HEX, min_size=64, max_size=64)
    if name == "pdf_file":
        stem = st.text(
            alphabet=st.characters(
                codec="utf-8",
                categories=["L", "N", "Zs"],
                include_characters="-_.（）",
                max_codepoint=0x9FFF,
            ),
            min_size=1,
            max_size=40,
        )
        return stem.map(lambda text: text + ".pdf")
    return None


def _catalog_ids() -> dict[str, list[str]]:
    catalog = load_catalog()
    return {
        "region_id": [r.id for r in catalog.regions],
        "gpu_id": [g.id for g in catalog.gpus],
        "network_id": [n.id for n in catalog.networks],
        "model_preset": [m.id for m in catalog.models],
    }


def _bounds(metadata: list[Any]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for item in metadata:
        for name in ("ge", "gt", "le", "lt", "min_length", "max_length"):
            value = getattr(item, name, None)
            if value is not None and isinstance(
                item, at.Ge | at.Gt | at.Le | at.Lt | at.MinLen | at.MaxLen
            ):
                found[name] = value
    return found


def _number(kind: type, bounds: dict[str, Any]) -> st.SearchStrategy[Any]:
    lo = bounds.get("ge", bounds.get("gt"))
    hi = bounds.get("le", bounds.get("lt"))
    if kind is int:
        lo_i = None if lo is None else int(lo) + (1 if "gt" in bounds else 0)
        hi_i = None if hi is None else int(hi) - (1 if "lt" in bounds else 0)
        return st.integers(
            min_value=lo_i if lo_i is not None else -(10**6),
            max_value=hi_i if hi_i is not None else 10**6,
        )
    return st.floats(
        min_value=float(lo) if lo is not None else -1e6,
        max_value=float(hi) if hi is not None else 1e6,
        exclude_min="gt" in bounds,
        exclude_max="lt" in bounds,
        allow_nan=False,
        allow_infinity=False,
    )


def _text(bounds: dict[str, Any]) -> st.SearchStrategy[str]:
    lo = int(bounds.get("min_length", 0))
    hi = min(int(bounds.get("max_length", 40)), max(lo, 40))
    return st.text(
        alphabet=st.characters(
            codec="utf-8", exclude_categories=["Cs"], max_codepoint=0x9FFF
        ),
        min_size=lo,
        max_size=hi,
    )


def strategy_for(
    annotation: Any,
    metadata: list[Any],
    name: str,
    ids: dict[str, list[str]],
    max_items: int,
    drawing: tuple[type[BaseModel], ...] = (),
    required: bool = False,
) -> st.SearchStrategy[Any]:
    """A strategy for one field, from its annotation and constraint metadata.

    ``drawing`` lists the models being drawn around this field. An optional
    field whose type holds one of them raises ``_RecursiveError`` (it then keeps
    its default); a required one may hold it once more (a signing record's
    snapshot of the plan), never twice.
    """
    special = _special(name)
    if special is not None:
        return special
    bounds = _bounds(metadata)
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not _NONE_TYPE]
        options = [
            strategy_for(a, metadata, name, ids, max_items, drawing, required)
            for a in inner
        ]
        if _NONE_TYPE in args:
            options.append(st.none())
        return st.one_of(*options)
    if origin is typing.Literal:
        return st.sampled_from(list(args))
    if name in ids and annotation is str:
        return st.sampled_from(ids[name])
    if name == "gpu_candidates":
        return st.lists(
            st.sampled_from(ids["gpu_id"]), max_size=min(3, bounds.get("max_length", 3))
        )
    if origin is list:
        (item,) = args
        lo = int(bounds.get("min_length", 0))
        hi = max(lo, min(int(bounds.get("max_length", max_items)), max_items))
        items = strategy_for(item, [], name, ids, max_items, drawing, required)
        if isinstance(item, type) and issubclass(item, enum.Enum):
            return st.lists(items, min_size=max(lo, 1), max_size=hi, unique=True)
        return st.lists(items, min_size=lo, max_size=hi)
    if origin is dict:
        return st.just({})
    if annotation is Language:  # a code of the catalogs there are
        return st.sampled_from(catalog_languages())
    if isinstance(annotation, type):
        if issubclass(annotation, BaseModel):
            if drawing.count(annotation) >= (2 if required else 1):
                raise _RecursiveError(name)
            return model_strategy(annotation, ids, max_items, drawing)
        if issubclass(annotation, enum.Enum):
            return st.sampled_from(list(annotation))
        if annotation is bool:
            return st.booleans()
        if annotation is int or annotation is float:
            return _number(annotation, bounds)
        if annotation is str:
            return _text(bounds)
        if annotation is dt.date:
            return st.dates(dt.date(2000, 1, 1), dt.date(2100, 12, 31))
    if annotation is AwareDatetime:
        return st.datetimes(
            dt.datetime(2000, 1, 1),
            dt.datetime(2100, 12, 31),
            timezones=st.sampled_from(
                [
                    dt.UTC,
                    dt.timezone(dt.timedelta(hours=8)),
                    dt.timezone(-dt.timedelta(hours=5)),
                ]
            ),
        )
    raise NotImplementedError(f"no strategy for {name}: {annotation!r}")


def model_strategy(
    model: type[BaseModel],
    ids: dict[str, list[str]],
    max_items: int = 3,
    drawing: tuple[type[BaseModel], ...] = (),
) -> st.SearchStrategy[Any]:
    """Instances of ``model`` drawn field by field (defaults when validators refuse)."""
    fields = {}
    for name, info in model.model_fields.items():
        if name == "schema_version":
            continue
        try:
            fields[name] = strategy_for(
                info.annotation,
                list(info.metadata),
                name,
                ids,
                max_items,
                (*drawing, model),
                info.is_required(),
            )
        except _RecursiveError:
            if info.is_required():
                raise
            continue  # drawn one level deep: the default here

    def build(values: dict[str, Any]) -> Any:
        try:
            return model.model_validate(values)
        except ValidationError:
            # Cross-field validators (ModelShape, unique vendor names, ...)
            # refused this combination: keep the fields that pass alone.
            # Required fields first (a model without them cannot exist), then
            # each optional field that passes with what is kept.
            required = {
                k: v for k, v in values.items() if model.model_fields[k].is_required()
            }
            kept: dict[str, Any] = dict(required)
            for key, value in values.items():
                if key in required:
                    continue
                try:
                    model.model_validate({**kept, key: value})
                except ValidationError:
                    continue
                kept[key] = value
            try:
                return model.model_validate(kept)
            except ValidationError:
                if required:
                    # the required fields alone are refused (low > typical, ...)
                    reject()
                return model()

    return st.fixed_dictionaries(fields).map(build)


def projects(max_items: int = 3) -> st.SearchStrategy[Project]:
    """Schema-valid, catalog-valid projects."""
    return model_strategy(Project, _catalog_ids(), max_items)
