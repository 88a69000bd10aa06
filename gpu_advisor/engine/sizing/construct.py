"""Fast construction of the sizing's frozen result models.

The engine computes every field of its results itself, so they are built
without validation: :func:`_construct` sets what pydantic's
``model_construct`` would set, faster, so that a full sizing stays far below
its 2 ms budget.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

_M = TypeVar("_M", bound=BaseModel)

_PLAIN_FIELDS: dict[type[BaseModel], tuple[str, ...] | None] = {}
"""Field names, in order, of each result class :func:`_construct` builds
directly (``None``: the class needs pydantic's own ``model_construct``)."""


def _plain_fields(cls: type[BaseModel]) -> tuple[str, ...] | None:
    fields = cls.model_fields
    plain = (
        not cls.__pydantic_root_model__
        and cls.__pydantic_post_init__ is None
        and cls.model_config.get("extra") != "allow"
        and all(f.alias is None and f.validation_alias is None for f in fields.values())
    )
    return tuple(fields) if plain else None


def _construct(cls: type[_M], **values: Any) -> _M:
    """``cls.model_construct(**values)``, the same object made faster.

    Sizing builds about a hundred result objects per call; pydantic's
    ``model_construct`` searches aliases field by field for each. When every
    field is given and the class has no aliases, private attributes or
    post-init hook, this sets what ``model_construct`` would set (the fields
    in declaration order, the set of fields given, no extra, no private
    values) directly; anything else goes to ``model_construct``.
    """
    if cls in _PLAIN_FIELDS:
        names = _PLAIN_FIELDS[cls]
    else:
        names = _PLAIN_FIELDS[cls] = _plain_fields(cls)
    if names is None or len(values) != len(names):
        return cls.model_construct(**values)
    fields_values = values  # a fresh dict: the keyword arguments
    if tuple(values) != names:
        try:
            fields_values = {name: values[name] for name in names}
        except KeyError:
            return cls.model_construct(**values)
    m = cls.__new__(cls)
    object.__setattr__(m, "__dict__", fields_values)
    object.__setattr__(m, "__pydantic_fields_set__", set(fields_values))
    object.__setattr__(m, "__pydantic_extra__", None)
    object.__setattr__(m, "__pydantic_private__", None)
    return m
