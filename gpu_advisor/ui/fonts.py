"""Choose a UI font that has Chinese glyphs when the UI is in Chinese.

Qt falls back to some CJK font on its own, but the pick differs per platform
and can mix a bitmap-looking fallback into Latin text. Preferring a known
good family keeps labels legible; when none of them is installed, any font
that declares Simplified Chinese support is used, and when there is none
at all, the platform default stays.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication

from gpu_advisor import words

PREFERRED_CJK_FAMILIES: Final = (
    "Microsoft YaHei UI",  # Windows
    "Microsoft YaHei",
    "PingFang SC",  # macOS
    "Hiragino Sans GB",
    "Noto Sans CJK SC",  # Linux
    "Noto Sans SC",
    "Source Han Sans SC",
    "WenQuanYi Micro Hei",
    "WenQuanYi Zen Hei",
    "Droid Sans Fallback",
)

_default_font: QFont | None = None


def find_cjk_family() -> str | None:
    """The name of an installed font family with Simplified Chinese glyphs, or None."""
    chinese = QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese)
    for family in PREFERRED_CJK_FAMILIES:
        if family in chinese:
            return family
    # Skip vertical-writing variants ("@SimSun") that Windows lists too.
    candidates = [family for family in chinese if not family.startswith("@")]
    return candidates[0] if candidates else None


def apply_ui_font(language: str) -> str:
    """Set the application font for ``language`` (a Qt locale name: "zh_CN", "en").

    A language its catalog sets as CJK (``report.typesetting.wrap``) gets a CJK
    family when the system has one. Returns the family in use afterwards.
    """
    global _default_font  # the platform default, restored for English
    app = QGuiApplication.instance()
    assert isinstance(app, QGuiApplication)
    if _default_font is None:
        _default_font = QFont(QGuiApplication.font())
    font = QFont(_default_font)
    if words.say("report.typesetting.wrap", words.language_code(language)) == "CJK":
        family = find_cjk_family()
        if family is not None:
            # CJK UI fonts carry Latin glyphs too, so one family keeps mixed
            # Chinese/English labels on one baseline.
            font.setFamilies([family])
    QGuiApplication.setFont(font)
    return QGuiApplication.font().family()
