"""Small shared types: provenance, low/typical/high ranges, the frozen base model."""

from __future__ import annotations

import datetime as dt
import re
from enum import StrEnum
from typing import ClassVar, Final, Union

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    model_validator,
)
from pydantic_core import CoreSchema, core_schema
from typing_extensions import override


class Frozen(BaseModel):
    """Base for every schema: immutable, unknown keys rejected, NaN/inf refused."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


LANGUAGE_PATTERN: Final = r"^[a-z]{2,3}$"
"""A language code: the name of a folder of ``resources/words`` (ISO 639-1 or -3)."""


class Language(str):
    """A language of the UI, the CLI and the PDF plan: a catalog's code.

    Any code of the right form is a ``Language``; whether a catalog words it
    (``resources/words/<code>/``) is checked where files are read
    (:mod:`gpu_advisor.io.project_file`) and where a user picks one (the CLI's
    ``--lang`` choices come from :func:`gpu_advisor.words.languages`), so
    adding a language changes neither this type nor the project schema.
    ``Language.ZH`` and ``Language.EN`` name the two shipped catalogs for
    defaults and tests; equal codes are one object, so ``is`` compares them.

    >>> Language("zh") is Language.ZH, Language("xx") == "xx", Language.EN.value
    (True, True, 'en')
    >>> Language("English")
    Traceback (most recent call last):
    ...
    ValueError: a language code is 2 or 3 lower-case letters (a folder of resources/words), got 'English'
    """

    ZH: ClassVar[Language]
    EN: ClassVar[Language]
    _made: ClassVar[dict[str, Language]] = {}

    def __new__(cls, code: object) -> Language:
        text = str(getattr(code, "value", code))
        if not re.fullmatch(LANGUAGE_PATTERN, text):
            raise ValueError(
                "a language code is 2 or 3 lower-case letters "
                f"(a folder of resources/words), got {text!r}"
            )
        return cls._made.setdefault(text, super().__new__(cls, text))

    @property
    def value(self) -> str:
        """The code as a plain ``str`` (as an enum member's ``value`` would be)."""
        return str.__str__(self)

    @override
    def __repr__(self) -> str:
        return f"Language({self.value!r})"

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: object, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        """A string of the code's form, validated into a ``Language``."""
        return core_schema.no_info_after_validator_function(
            cls,
            core_schema.str_schema(pattern=LANGUAGE_PATTERN),
            serialization=core_schema.plain_serializer_function_ser_schema(
                str.__str__, return_schema=core_schema.str_schema()
            ),
        )


Language.ZH = Language("zh")
Language.EN = Language("en")


PLAN_LANGUAGE_PAIR: Final = "+"
"""Joins a plan's primary and second language in its code: ``"zh+en"``."""

BILINGUAL: Final = "bilingual"
"""The side-by-side plan's first name, still read (saved settings, scripts, plans
signed before languages were catalogs): the same as :data:`BILINGUAL_PAIR`."""

BILINGUAL_PAIR: Final = "zh+en"
"""What :data:`BILINGUAL` always meant: the Chinese plan beside the English one."""


class PlanLanguage:
    """The language a PDF plan is written in: a primary one and, optionally, a second.

    A second language puts its pages beside the primary's, on paper twice as
    wide. Either is any catalog's code; which codes have a catalog is checked
    where the plan is rendered (:func:`gpu_advisor.report.plan.bilingual.plan_languages`),
    as for :class:`Language`. The export, print, preview and sign dialogs and
    ``gpu-advisor-cli report`` all hand ``render_plan`` one of these (or its
    :attr:`code`).

    >>> PlanLanguage.parse("en+zh")
    PlanLanguage('en+zh')
    >>> PlanLanguage.parse("bilingual").code, PlanLanguage(Language("en")).code
    ('zh+en', 'en')
    >>> PlanLanguage.parse("en+en")
    Traceback (most recent call last):
    ...
    ValueError: a plan has one language or two different ones, got 'en+en'
    """

    __slots__ = ("primary", "second")

    primary: Language
    second: Language | None

    def __init__(self, primary: Language | str, second: Language | str | None = None):
        first = Language(primary)
        other = None if second is None else Language(second)
        if other is not None and other == first:
            raise ValueError(
                "a plan has one language or two different ones, got "
                f"{first.value + PLAN_LANGUAGE_PAIR + other.value!r}"
            )
        object.__setattr__(self, "primary", first)
        object.__setattr__(self, "second", other)

    @classmethod
    def parse(cls, text: str) -> PlanLanguage:
        """A plan language from its code: ``"zh"``, ``"zh+en"``, or ``"bilingual"``."""
        text = BILINGUAL_PAIR if text == BILINGUAL else text
        codes = text.split(PLAN_LANGUAGE_PAIR)
        if len(codes) > 2 or (len(codes) == 2 and codes[0] == codes[1]):
            raise ValueError(
                f"a plan has one language or two different ones, got {text!r}"
            )
        return cls(codes[0], codes[1] if len(codes) == 2 else None)

    @property
    def code(self) -> str:
        """``"zh"``, or the two codes joined: ``"zh+en"`` (what ``render_plan`` reads)."""
        if self.second is None:
            return self.primary.value
        return f"{self.primary.value}{PLAN_LANGUAGE_PAIR}{self.second.value}"

    @property
    def value(self) -> str:
        """The same as :attr:`code` (settings store it)."""
        return self.code

    @property
    def side_by_side(self) -> bool:
        """Two languages, on sheets twice as wide."""
        return self.second is not None

    @override
    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a PlanLanguage is immutable")

    @override
    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlanLanguage) and other.code == self.code

    @override
    def __hash__(self) -> int:
        return hash(self.code)

    @override
    def __str__(self) -> str:
        return self.code

    @override
    def __repr__(self) -> str:
        return f"PlanLanguage({self.code!r})"


class Citation(Frozen):
    """One dated public source behind a catalog figure."""

    title: str = Field(
        ..., min_length=1, description="Title or description of the page."
    )
    publisher: str = Field(..., min_length=1, description="Site, company or author.")
    url: str = Field("", description="Public address; empty when there is none.")
    published: dt.date | None = Field(
        None,
        description="Date the source itself states (publication or update); None "
        "when it states none.",
    )
    accessed: dt.date | None = Field(
        None, description="Day the figure was read from the source."
    )
    region: str = Field("", description="Market the figure is from, e.g. 'China'.")
    observed: str = Field("", description="What the source says, with its unit.")


class Provenance(Frozen):
    """Where a default figure comes from."""

    source: str = Field(
        ..., min_length=1, description="Citation: document, page or URL."
    )
    as_of: dt.date = Field(
        ...,
        description="Date the catalog figure was set; each citation carries the "
        "date its source states (published) and the day it was read (accessed).",
    )
    confirmed: bool = Field(
        True, description="False when no datasheet or primary source confirms it."
    )
    note: str = ""
    region: str = Field("", description="Market the figure applies to.")
    citations: list[Citation] = Field(
        default_factory=list, description="The dated public sources, one per quote."
    )


class PriceRange(Frozen):
    """A low / typical / high triple with its provenance (all in one unit)."""

    low: float = Field(..., ge=0)
    typical: float = Field(..., ge=0)
    high: float = Field(..., ge=0)
    provenance: Provenance

    @model_validator(mode="after")
    def _ordered(self) -> PriceRange:
        if not self.low <= self.typical <= self.high:
            raise ValueError("need low <= typical <= high")
        return self


class Severity(StrEnum):
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


Param = Union[
    str,
    bool,
    int,
    float,
    None,
    list[str],
    list[int],
    list[float],
    "Message",
    list["Message"],
]
"""A value a message's sentence needs: text that is not translated (a name, a file),
a number (worded with the catalog's format), a code another entry is looked up by,
or a nested message."""


class Message(Frozen):
    """Something the engine says, as a code and values; worded by ``gpu_advisor.words``.

    The engine never writes a sentence: the catalog of the reader's language
    (``resources/words/<language>/``) holds one entry per code.
    """

    code: str = Field(
        ..., min_length=1, description="Catalog key, e.g. 'cost.spot.reserve'."
    )
    params: dict[str, Param] = Field(
        default_factory=dict, description="The values the sentence is worded with."
    )


class Advice(Frozen):
    """A warning or remark attached to a result: a catalog code, its values, a severity.

    ``inputs`` names the dotted project fields (or catalog keys) it came from,
    so the UI can point at them and the PDF can cite them.
    """

    code: str = Field(
        ..., description="Stable id and catalog key, e.g. 'memory.rule_of_thumb'."
    )
    severity: Severity = Severity.WARNING
    params: dict[str, Param] = Field(
        default_factory=dict, description="The values the sentence is worded with."
    )
    inputs: list[str] = Field(default_factory=list)


class InputRef(Frozen):
    """One input behind a number: its value, unit and where it came from."""

    name: str = Field(..., description="Dotted project field or catalog key.")
    value: float | str
    unit: str = ""
    source: str = Field(
        ..., description="'project' when the user set it, else the catalog citation."
    )
    confirmed: bool = Field(
        True,
        description="False for a catalog figure that no datasheet or primary "
        "source confirms (check it with the vendor before signing).",
    )


class Explanation(Frozen):
    """Why a number is what it is: formula, inputs with sources, reference."""

    key: str = Field(..., description="Dotted result key, e.g. 'compute.gpu_hours'.")
    formula: str
    inputs: list[InputRef] = Field(default_factory=list)
    reference: str = ""
