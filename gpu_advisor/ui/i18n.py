"""Install Qt's and our translation catalogs; switch the UI language live.

Installing or removing a :class:`QTranslator` makes Qt send a
``QEvent.LanguageChange`` to every widget. Each widget we write handles it in
``changeEvent`` by calling its ``retranslate_ui()`` method, so the language
changes without a restart.

Qt's own dialogs (file, print, message box buttons) are worded by Qt's
catalog ``qtbase_<language>`` from Qt's translations folder, installed beside
ours and switched with it. A few labels Qt 6 gave a mnemonic are missing from
that catalog (it still has them without the ``&``); ours words them
(:func:`qt_labels_qtbase_lacks`), and is asked first.
"""

from __future__ import annotations

import math
import re
from typing import Final

from PySide6.QtCore import QCoreApplication, QEvent, QLibraryInfo, QLocale, QTranslator

from gpu_advisor import words
from gpu_advisor.model.common import Language
from gpu_advisor.ui import qt_resources
from gpu_advisor.ui.fonts import apply_ui_font
from gpu_advisor.ui.settings import LanguageChoice

LANGUAGES: Final = ("zh_CN", "en")
"""UI languages with a complete catalog."""

CATALOG_NAME: Final = "gpu_advisor"

_installed: list[QTranslator] = []
_current: str = "en"


def resolve_language(choice: LanguageChoice | str) -> str:
    """Turn a preference into a catalog language: ``"zh_CN"`` or ``"en"``.

    >>> resolve_language("en")
    'en'
    >>> resolve_language("zh_CN")
    'zh_CN'
    """
    if choice in LANGUAGES:
        return str(choice)
    system = QLocale.system()
    return "zh_CN" if system.language() == QLocale.Language.Chinese else "en"


def current_language() -> Language:
    """The language installed last, as the engine and the PDF name it.

    The catalog code of the Qt language (``zh_CN`` → ``Language("zh")``), or the
    default language when no catalog words it. The Qt locale name is
    :func:`current_locale_name`.
    """
    code = words.language_code(_current)
    return Language(code if code in words.languages() else words.DEFAULT_LANGUAGE)


def current_locale_name() -> str:
    """The Qt name of the language installed last (``"zh_CN"`` or ``"en"``)."""
    return _current


_PLACEHOLDER: Final = re.compile(r"%([1-9][0-9]?)")


PLURAL_COUNT_MAX: Final = 2**31 - 1
"""The largest count Qt's plural forms take (a C ``int``)."""


def plural_count(n: int) -> int:
    """``n`` as a count for ``tr(text, "", n)``: a larger one takes the many form
    (write it back with :func:`with_count`).

    >>> plural_count(8), plural_count(7_195_068_057)
    (8, 2147483647)
    """
    return min(n, PLURAL_COUNT_MAX)


def with_count(text: str, n: int) -> str:
    """``text`` translated with :func:`plural_count` of ``n``, its ``%n`` showing ``n``.

    >>> with_count("7195068057 nodes".replace("7195068057", "2147483647"), 7_195_068_057)
    '7195068057 nodes'
    """
    if n <= PLURAL_COUNT_MAX:
        return text
    return text.replace(str(PLURAL_COUNT_MAX), str(n))


def fill(template: str, *values: object) -> str:
    """``template`` with ``%1``, ``%2``, … replaced by ``values`` in one pass.

    Qt's ``QString::arg`` for Python strings: a value that itself contains
    ``%2`` is never substituted again (chained ``.replace`` calls would).
    Placeholders without a value stay as they are.

    >>> fill("Vendor %1 scored %2.", "A%2", 88)
    'Vendor A%2 scored 88.'
    >>> fill("%2 before %1", "x", "y"), fill("%3 left", "x")
    ('y before x', '%3 left')
    """

    def value(match: re.Match[str]) -> str:
        index = int(match.group(1))
        return str(values[index - 1]) if index <= len(values) else match.group(0)

    return _PLACEHOLDER.sub(value, template)


def current_locale() -> QLocale:
    """A QLocale for number and date formatting in the current language."""
    if _current == "zh_CN":
        return QLocale(QLocale.Language.Chinese, QLocale.Country.China)
    return QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)


def significant(value: float, digits: int = 4) -> str:
    """``value`` to ``digits`` significant digits in the UI's locale, never in
    e-notation (QLocale's "g" writes 14,283 as 1.428e+04): a whole number keeps
    all its digits.

    >>> significant(14283.4), significant(0.41976818), significant(0.00012), significant(2.5)
    ('14,283', '0.4198', '0.00012', '2.5')
    """
    locale = current_locale()
    if value == 0 or not math.isfinite(value):
        return locale.toString(value, "g", digits)
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(value))))
    text = locale.toString(value, "f", decimals)
    if decimals:
        text = text.rstrip("0").rstrip(locale.decimalPoint())
    return text


def _load_ours(translator: QTranslator, language: str) -> bool:
    file_name = f"{CATALOG_NAME}_{language}"
    if qt_resources.ensure_loaded() and translator.load(file_name, ":/translations"):
        return True
    folder = qt_resources.resource_file("translations")
    return translator.load(file_name, str(folder))


def catalog_available(language: str) -> bool:
    """True when our compiled ``.qm`` catalog for ``language`` can be loaded."""
    return _load_ours(QTranslator(), language)


def install_translators(choice: LanguageChoice | str) -> str:
    """Replace the installed catalogs with those for ``choice``.

    Returns the language in use (``"zh_CN"`` or ``"en"``). A missing catalog
    leaves the English source strings, which are complete on their own.
    """
    global _current  # one UI language per process, as in Qt itself
    app = QCoreApplication.instance()
    assert app is not None, "create the QApplication first"
    language = resolve_language(choice)
    for translator in _installed:
        QCoreApplication.removeTranslator(translator)
    _installed.clear()
    _current = language
    if language != "en":
        qtbase = QTranslator(app)
        qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if qtbase.load(f"qtbase_{language}", qt_dir):
            _installed.append(qtbase)
    ours = QTranslator(app)
    if _load_ours(ours, language):
        _installed.append(ours)
    apply_ui_font(language)
    for translator in _installed:
        QCoreApplication.installTranslator(translator)
    if not _installed:
        # Removing the old catalogs already sent LanguageChange, unless there were none.
        QCoreApplication.postEvent(app, _language_change_event())
    return language


def qt_labels_qtbase_lacks() -> tuple[str, ...]:
    """Qt's own labels that ``qtbase_zh_CN`` leaves in English, in the UI language.

    Qt 6's file and print dialogs label their fields with a mnemonic
    (``&Look in:``) where the Chinese qtbase catalog still has the older text
    (``Look in:``), so a Chinese file dialog read "&Look in:" and "Files of
    &type:". Written out here so that lupdate puts them in our catalog (the
    contexts are Qt's classes); our translator is installed after qtbase and
    so answers first.

    >>> len(qt_labels_qtbase_lacks())
    5
    """
    return (
        QCoreApplication.translate("QFileDialog", "&Look in:"),
        QCoreApplication.translate("QFileDialog", "Files of &type:"),
        QCoreApplication.translate("QPrintSettingsOutput", "Page &Set:"),
        QCoreApplication.translate("QPageSetupWidget", "Page &order:"),
        QCoreApplication.translate("QPageSetupWidget", "Pages &per sheet:"),
    )


def _language_change_event() -> QEvent:
    return QEvent(QEvent.Type.LanguageChange)
