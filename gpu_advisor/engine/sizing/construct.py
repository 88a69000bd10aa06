"""Fast construction of the engine's frozen result models.

The engine computes every field of its results itself, so they are built
without validation: :func:`made` sets what pydantic's ``model_construct``
would set, faster, so that a full sizing stays far below its 2 ms budget;
the cost engine builds its results with it too
(:func:`gpu_advisor.engine.cost.resolve.construct`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from pydantic import BaseModel

_M = TypeVar("_M", bound=BaseModel)

_PLAIN_FIELDS: dict[type[BaseModel], tuple[str, ...] | None] = {}
"""Field names, in order, of each result class :func:`_construct` builds
directly (``None``: the class needs pydantic's own ``model_construct``)."""


# A model's four slots, set as pydantic sets a frozen model's internals but
# through the slot descriptors themselves (``object.__setattr__`` looks each
# name up on the class first: a quarter of the time of making a small model)
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__
# ``cls.__new__`` is ``object.__new__`` for every model (neither BaseModel nor
# ours define one): called directly, it is not looked up on the class each time
_new = object.__new__


def made(
    cls: type[_M],
    fields: dict[str, Any],
    given: Iterable[str],
    extra: dict[str, Any] | None = None,
    private: dict[str, Any] | None = None,
) -> _M:
    """A ``cls`` whose dict is ``fields`` and whose fields set is ``given``,
    without validation: what ``construct`` (and ``model_copy``) make.

    For parts that are already what validation would make. ``fields`` holds
    the fields in declaration order (those without a value left out, as
    ``construct`` leaves them); ``extra`` and ``private``
    are the instance's extra and private values (None for models without).
    The one place the engine builds models this way: the sizing's
    :func:`_construct`, the cost's ``construct`` and the builders of its many
    small results (inputs, explanations, advice, option results) call it.
    """
    m: _M = _new(cls)
    _set_dict(m, fields)
    _set_fields(m, set(given))
    _set_extra(m, extra)
    _set_private(m, private)
    return m


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
    return made(cls, fields_values, fields_values)
