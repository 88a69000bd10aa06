"""Every sentence shown outside Qt's widgets, worded from one catalog per language.

The engine never writes a sentence. It returns a :class:`~gpu_advisor.model.common.Message`
(or an :class:`~gpu_advisor.model.common.Advice`, a message with a severity): a stable code
and the values the sentence needs. The app, the PDF and the CLI word it here with
:func:`say` or :func:`text`, from the catalog of the reader's language:
``resources/words/<language>/*.toml``. Adding a language is adding a folder there (and a
Qt Linguist file for the widgets); the engine and the schema do not change.

A catalog is TOML: dotted keys are the codes, values are Python format strings whose
fields are the message's parameters. Three kinds of field go beyond ``str.format``:

``{x:@term}``
    the value names another entry: ``term.<value>`` is looked up and worded (a list of
    values is worded item by item and joined with ``words.list_separator``);
``{n:#unit.month}``
    a count: ``unit.month`` is a table of plural forms (``one``, ``other``) worded with
    ``n`` set to the value;
``{x:$,.0f}``
    an amount in CNY, worded in the reader's currency with its name after it
    (:mod:`gpu_advisor.words.money`: ``1,235 CNY``, ``1,235 元``, ``174 USD``);
``{m}`` where the value is a :class:`~gpu_advisor.model.common.Message`
    the nested message is worded in the same language.

Examples
--------
>>> say("words.example", "en", option="monthly", months=1, total=1234.6)
'monthly rental for 1 month: 1,235 CNY'
>>> say("words.example", "zh", option="monthly", months=3, total=1234.6)
'包月，3 个月：1,235 元'
>>> from gpu_advisor.words.money import amounts_in
>>> with amounts_in("USD", 7.1):
...     say("words.example", "en", option="monthly", months=1, total=1234.6)
'monthly rental for 1 month: 174 USD'
"""

from __future__ import annotations

import functools
import string
import tomllib
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Protocol

from typing_extensions import override

from gpu_advisor.model.common import Language

DEFAULT_LANGUAGE = "en"
"""The language a missing entry falls back to; every entry exists in it (a test)."""

PLURAL_FORMS = frozenset({"zero", "one", "two", "few", "many", "other"})
"""CLDR plural categories a plural table may use; ``other`` is required."""

Entry = str | dict[str, str]


class Worded(Protocol):
    """Anything the engine returns to be worded: a code and its parameters."""

    @property
    def code(self) -> str: ...

    @property
    def params(self) -> Mapping[str, Any]: ...


class MissingWordsError(KeyError):
    """No catalog holds the code (a programming error, caught by the tests)."""


def _flatten(
    table: Mapping[str, Any], prefix: str, into: dict[str, Entry], origin: str
) -> None:
    for key, value in table.items():
        code = f"{prefix}{key}"
        if isinstance(value, str):
            entry: Entry = value
        elif (
            isinstance(value, dict) and "other" in value and set(value) <= PLURAL_FORMS
        ):
            entry = {form: str(words) for form, words in value.items()}
        elif isinstance(value, dict):
            _flatten(value, f"{code}.", into, origin)
            continue
        else:
            raise ValueError(
                f"{origin}: {code}: expected text, got {type(value).__name__}"
            )
        if code in into:
            raise ValueError(f"{origin}: {code} is worded twice")
        into[code] = entry


def root() -> Traversable:
    """The folder of the catalogs, one subfolder per language (shipped in the package)."""
    return resources.files("gpu_advisor.resources") / "words"


@functools.cache
def languages() -> tuple[str, ...]:
    """The languages that have a catalog, e.g. ``('en', 'zh')`` (read once per process).

    A language is a folder of :func:`root`; nothing else lists them (the CLI's
    ``--lang`` choices, the plan's languages and the project file's check all
    come from here).
    """
    return tuple(
        sorted(
            p.name
            for p in root().iterdir()
            if p.is_dir() and not p.name.startswith(("_", "."))
        )
    )


def catalog_languages() -> tuple[Language, ...]:
    """:func:`languages` as :class:`~gpu_advisor.model.common.Language` codes.

    >>> catalog_languages()
    (Language('en'), Language('zh'))
    """
    return tuple(Language(code) for code in languages())


@functools.cache
def catalog(language: str) -> Mapping[str, Entry]:
    """Every entry of one language's catalog, by code (read once per process)."""
    folder = root() / language
    entries: dict[str, Entry] = {}
    for part in sorted(folder.iterdir(), key=lambda p: p.name):
        if part.name.endswith(".toml"):
            origin = f"resources/words/{language}/{part.name}"
            try:
                table = tomllib.loads(part.read_text(encoding="utf-8"))
            except tomllib.TOMLDecodeError as error:
                raise ValueError(f"{origin}: {error}") from error
            _flatten(table, "", entries, origin)
    return entries


def language_code(language: object) -> str:
    """``'zh'`` for ``Language.ZH``, ``'zh_CN'`` or ``'zh'``; the catalog's folder name.

    >>> language_code("zh-CN")
    'zh'
    """
    code = str(getattr(language, "value", language)).lower().replace("-", "_")
    return code.split("_", 1)[0]


def _plural_form(language: str, count: float) -> str:
    """The CLDR plural category of ``count``: ``one`` for the count the catalog's
    ``words.plural_one`` names (``1`` in English, none in Chinese), else ``other``.

    >>> _plural_form("en", 1), _plural_form("en", 2), _plural_form("zh", 1)
    ('one', 'other', 'other')
    """
    one = entry("words.plural_one", language)
    return "one" if isinstance(one, str) and one and count == float(one) else "other"


def entry(code: str, language: object) -> Entry:
    """The raw entry of ``code``, falling back to the default language."""
    lang = language_code(language)
    found = catalog(lang).get(code) if lang in languages() else None
    if found is None:
        found = catalog(DEFAULT_LANGUAGE).get(code)
    if found is None:
        raise MissingWordsError(f"no catalog words the code {code!r}")
    return found


class _Formatter(string.Formatter):
    def __init__(self, language: str) -> None:
        self.language = language

    @override
    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("@"):
            return self._terms(value, format_spec[1:])
        if format_spec.startswith("#"):
            return say(format_spec[1:], self.language, n=value)
        if format_spec == "~":
            return readable_number(float(value))
        if format_spec.startswith("$"):
            from gpu_advisor.words.money import amount  # it words with this module

            return amount(float(value), self.language, format_spec[1:])
        if hasattr(value, "code") and hasattr(value, "params"):
            return text(value, self.language)
        if isinstance(value, Mapping) and _is_message(value):  # a message as JSON
            return say(value["code"], self.language, value["params"])
        if isinstance(value, list) and not format_spec:  # names, or messages
            sep = say("words.list_separator", self.language)
            return sep.join(self.format_field(item, "") for item in value)
        return format(value, format_spec)

    def _terms(self, value: Any, prefix: str) -> str:
        if isinstance(value, Sequence) and not isinstance(value, str):
            sep = say("words.list_separator", self.language)
            return sep.join(self._terms(item, prefix) for item in value)
        return say(f"{prefix}.{getattr(value, 'value', value)}", self.language)


def readable_number(value: float) -> str:
    """A number with the decimals a reader needs (``{x:~}`` in a catalog):
    grouped whole numbers from 100, one decimal from 10, two significant
    digits below (never ``0`` for 0.13, never e-notation).

    >>> [readable_number(v) for v in (1500.0, 47.26, 3.14159, 0.1349, 0.0)]
    ['1,500', '47.3', '3.1', '0.13', '0']
    """
    size = abs(value)
    if size >= 100 or value == 0:
        return f"{value:,.0f}"
    if size >= 1:
        return f"{value:,.1f}"
    return f"{value:.2g}" if size >= 1e-4 else "< 0.0001"


def say(
    code: str, language: object, params: Mapping[str, Any] | None = None, /, **kw: Any
) -> str:
    """The entry ``code`` in ``language``, formatted with ``params`` and ``kw``.

    >>> say("words.list_separator", "zh")
    '、'
    """
    lang = language_code(language)
    found = entry(code, lang)
    values = {**(params or {}), **kw}
    if isinstance(found, dict):
        form = _plural_form(lang, float(values["n"]))
        found = found.get(form, found["other"])
    try:
        return (
            _Formatter(lang).vformat(found, (), values)
            if values or "{" in found
            else found
        )
    except (KeyError, IndexError, ValueError) as error:
        raise ValueError(
            f"words {code!r} ({lang}): {error!r} with {sorted(values)}"
        ) from error


def text(message: Worded, language: object) -> str:
    """A message (or advice) worded in ``language``."""
    return say(message.code, language, dict(message.params))


@functools.cache
def wording(language: object) -> Callable[[Worded], str]:
    """:func:`text` in one language, as a function of the message alone.

    The engine's file generators take it to word their comments; one object
    per language, so what they generate can be kept per wording.

    >>> from gpu_advisor.model.common import Message
    >>> wording("zh")(Message(code="words.list_separator"))
    '、'
    >>> wording("zh") is wording("zh")
    True
    """
    return functools.partial(_text_in, language_code(language))


def _text_in(language: str, message: Worded) -> str:
    return text(message, language)


def _is_message(data: Mapping[str, Any]) -> bool:
    return isinstance(data.get("code"), str) and isinstance(data.get("params"), dict)


def worded(data: Any, language: object) -> Any:
    """JSON data with a ``text`` added beside every message (``code`` and ``params``).

    Used by the CLI's ``--json`` so a reader gets the sentence as well as the code.

    >>> worded({"a": [{"code": "words.list_separator", "params": {}}]}, "en")
    {'a': [{'code': 'words.list_separator', 'params': {}, 'text': ', '}]}
    """
    if isinstance(data, dict):
        out = {key: worded(value, language) for key, value in data.items()}
        if _is_message(data):
            out["text"] = say(data["code"], language, data["params"])
        return out
    if isinstance(data, list):
        return [worded(item, language) for item in data]
    return data
