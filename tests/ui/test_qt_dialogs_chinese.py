"""Qt's own dialogs speak the UI language: message box buttons, file and print dialogs.

Qt words them from its ``qtbase`` catalog; the labels that catalog lacks in
Qt 6 (a Chinese file dialog read "&Look in:" and "Files of &type:") come from
ours (:func:`gpu_advisor.ui.i18n.qt_labels_qtbase_lacks`). Switching the
language live switches an open dialog too.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QAbstractButton,
    QFileDialog,
    QLabel,
    QMessageBox,
    QWidget,
)

from gpu_advisor.ui import i18n

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints"
)

_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
_ALLOWED = {"PDF"}  # a format's name, as Chinese software writes it
_HAN = re.compile(r"[\u4e00-\u9fff]")


def _shown_texts(dialog: QWidget) -> list[str]:
    """What a reader sees on the dialog's labels and buttons (text or tooltip)."""
    texts = [label.text() for label in dialog.findChildren(QLabel)]
    for button in dialog.findChildren(QAbstractButton):
        texts += [button.text(), button.toolTip()]
    return [t for t in texts if t.strip() and not t.startswith("/")]


def _english_words(texts: list[str]) -> list[str]:
    return [
        t
        for t in texts
        if any(w not in _ALLOWED for w in _LATIN_WORD.findall(t.replace("&", "")))
    ]


@pytest.fixture
def chinese(qapp: Any) -> None:
    if not i18n.catalog_available("zh_CN"):
        pytest.skip("compiled .qm missing: run packaging/build_qt_assets.py")
    i18n.install_translators("zh_CN")
    qapp.processEvents()


def _file_dialog(qtbot: Any) -> QFileDialog:
    dialog = QFileDialog(None, "plan")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


@pytest.mark.usefixtures("chinese")
def test_message_box_buttons_are_chinese(qtbot: Any) -> None:
    buttons = QMessageBox.StandardButton
    box = QMessageBox(
        QMessageBox.Icon.Question,
        "",
        "",
        buttons.Save | buttons.Discard | buttons.Cancel | buttons.Yes | buttons.No,
    )
    qtbot.addWidget(box)
    texts = {box.button(b).text() for b in (buttons.Save, buttons.Discard)}
    assert texts == {"保存", "丢弃"}
    assert box.button(buttons.Yes).text() == "是(&Y)"
    assert all(_HAN.search(b.text()) for b in box.buttons())


@pytest.mark.usefixtures("chinese")
def test_file_dialog_is_chinese_and_switches_live(qtbot: Any, qapp: Any) -> None:
    dialog = _file_dialog(qtbot)
    texts = _shown_texts(dialog)
    assert _english_words(texts) == []
    assert "查找范围(&L)：" in texts  # was "&Look in:" (missing from qtbase)
    assert "文件类型(&T)：" in texts  # was "Files of &type:"
    i18n.install_translators("en")
    qapp.processEvents()
    english = _shown_texts(dialog)
    assert "&Look in:" in english
    assert "Files of &type:" in english
    assert not any(_HAN.search(t) for t in english)


@pytest.mark.usefixtures("chinese")
def test_print_dialog_is_chinese(qtbot: Any) -> None:
    printer = QPrinter()
    dialog = QPrintDialog(printer)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    texts = _shown_texts(dialog)
    assert _english_words(texts) == []
    assert "页面组(&S)：" in texts  # was "Page &Set:"


def test_every_label_qtbase_lacks_is_ours(qapp: Any) -> None:
    """Each listed label is translated by our catalog (none left as the source)."""
    if not i18n.catalog_available("zh_CN"):
        pytest.skip("compiled .qm missing: run packaging/build_qt_assets.py")
    english = i18n.qt_labels_qtbase_lacks()
    i18n.install_translators("zh_CN")
    chinese = i18n.qt_labels_qtbase_lacks()
    i18n.install_translators("en")
    assert all(_HAN.search(t) and re.search(r"\(&[A-Z]\)", t) for t in chinese)
    assert not any(_HAN.search(t) for t in english)
