"""Find the keyboard mnemonics (Alt+letter) a page offers, tab by tab."""

from __future__ import annotations

import re
from collections.abc import Iterator

from PySide6.QtWidgets import (
    QAbstractButton,
    QGroupBox,
    QLabel,
    QMenuBar,
    QStackedWidget,
    QTabWidget,
    QWidget,
)

WIZARD_LETTERS = frozenset("BN")
"""Back and Next of the wizard, present on every step."""


def mnemonic(text: str) -> str | None:
    """The letter after a single ``&`` (upper case), or None.

    >>> mnemonic("Save &As…"), mnemonic("精度(&P)："), mnemonic("R&&D")
    ('A', 'P', None)
    """
    match = re.search(r"&([^&\s])", text.replace("&&", ""))
    return match.group(1).upper() if match else None


def menu_letters(menu_bar: QMenuBar) -> set[str]:
    return {m for a in menu_bar.actions() if (m := mnemonic(a.text())) is not None}


def _hidden_tab(widget: QWidget, page: QWidget) -> bool:
    """True when ``widget`` sits on a tab that is not the current one."""
    child: QWidget | None = widget
    while child is not None and child is not page:
        stack = child.parentWidget()
        if isinstance(stack, QStackedWidget) and isinstance(
            stack.parentWidget(), QTabWidget
        ):
            tabs = stack.parentWidget()
            assert isinstance(tabs, QTabWidget)
            if tabs.currentWidget() is not child:
                return True
        child = stack
    return False


def _offered(page: QWidget) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for button in page.findChildren(QAbstractButton):
        found.append((button.text(), "button"))
    for label in page.findChildren(QLabel):
        if label.buddy() is not None:
            found.append((label.text(), "label"))
    for group in page.findChildren(QGroupBox):
        found.append((group.title(), "group"))
    widgets = [
        *page.findChildren(QAbstractButton),
        *(w for w in page.findChildren(QLabel) if w.buddy() is not None),
        *page.findChildren(QGroupBox),
    ]
    result = []
    for widget, (text, _kind) in zip(widgets, found, strict=True):
        if not _hidden_tab(widget, page):
            result.append((text, type(widget).__name__))
    for tabs in page.findChildren(QTabWidget):
        if not _hidden_tab(tabs, page):
            result += [(tabs.tabText(i), "tab") for i in range(tabs.count())]
    return result


def tab_states(page: QWidget) -> Iterator[str]:
    """Select each tab of each tab widget in turn (yields a description)."""
    all_tabs = page.findChildren(QTabWidget)
    if not all_tabs:
        yield "page"
        return
    for tabs in all_tabs:
        original = tabs.currentIndex()
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            yield f"tab {tabs.tabText(index)!r}"
        tabs.setCurrentIndex(original)


def clashes(page: QWidget, reserved: set[str]) -> list[str]:
    """Letters used twice on what one tab selection shows, or reserved ones."""
    problems: list[str] = []
    for state in tab_states(page):
        by_letter: dict[str, list[str]] = {}
        for text, _kind in _offered(page):
            letter = mnemonic(text)
            if letter is not None:
                by_letter.setdefault(letter, []).append(text)
        for letter, texts in sorted(by_letter.items()):
            if len(texts) > 1:
                problems.append(f"{state}: Alt+{letter} on {texts}")
            elif letter in reserved:
                problems.append(f"{state}: Alt+{letter} ({texts[0]!r}) is reserved")
    return sorted(set(problems))


def letters(page: QWidget) -> set[str]:
    """Every letter the page uses on any tab."""
    used: set[str] = set()
    for _state in tab_states(page):
        used |= {m for text, _k in _offered(page) if (m := mnemonic(text))}
    return used


__all__ = ["WIZARD_LETTERS", "clashes", "letters", "menu_letters"]
