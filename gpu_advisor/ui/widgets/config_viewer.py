"""A generated file in a read-only monospace box, with Copy and Save….

:class:`ConfigViewer` shows one file of the evaluation's rollout (a launch
file, a monitoring config): the environment and monitoring steps show one per
tab, and generate only the tab the user looks at.
"""

from __future__ import annotations

import stat
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)
from typing_extensions import override

from gpu_advisor.engine.api import GeneratedConfig
from gpu_advisor.ui.i18n import fill
from gpu_advisor.ui.settings import AppSettings
from gpu_advisor.ui.style import ERROR_STYLE, OK_STYLE, SECONDARY_STYLE
from gpu_advisor.ui.widgets.refresh import RefreshWhenShown


class ConfigViewer(QWidget):
    """A generated file in a read-only monospace box, with Copy and Save….

    The file is either given (:meth:`set_config`) or generated when it is
    first needed (:meth:`set_source`): on show, or when :meth:`text` or
    :attr:`config` is read. A page with one viewer per tab thus generates
    only the tab the user looks at.

    Signals
    -------
    saved(object)
        The file was written: its :class:`~pathlib.Path`.
    """

    saved = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._config: GeneratedConfig | None = None
        self._source_key: object = None
        self._source: Callable[[], GeneratedConfig] | None = None
        self._lazy = RefreshWhenShown(self, self._generate)
        self._lazy.stale = False
        self.editor = QPlainTextEdit(readOnly=True)
        self.editor.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.editor.setFont(
            QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        )
        self.editor.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.file_label = QLabel()
        self.file_label.setStyleSheet(SECONDARY_STYLE)
        self.copy_button = QPushButton()
        self.save_button = QPushButton()
        self.status_label = QLabel(wordWrap=True)
        self.status_label.setSizePolicy(
            QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred
        )
        buttons = QHBoxLayout()
        buttons.addWidget(self.file_label)
        buttons.addStretch(1)
        buttons.addWidget(self.copy_button)
        buttons.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addWidget(self.editor, 1)
        layout.addWidget(self.status_label)
        self.copy_button.clicked.connect(self.copy)
        self.save_button.clicked.connect(self.save_dialog)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.copy_button.setText(self.tr("&Copy"))
        self.copy_button.setToolTip(self.tr("Copy the whole file to the clipboard."))
        self.save_button.setText(self.tr("&Save…"))
        self.save_button.setToolTip(self.tr("Save the file to disk (UTF-8)."))
        self._show_status("", "")

    @override
    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    @property
    def config(self) -> GeneratedConfig | None:
        self._lazy.ensure_current()
        return self._config

    def text(self) -> str:
        """The file's content as shown."""
        self._lazy.ensure_current()
        return self.editor.toPlainText()

    def set_source(self, key: object, source: Callable[[], GeneratedConfig]) -> None:
        """Show what ``source()`` generates: now if visible, else when first needed.

        ``key`` stands for the inputs of ``source``: with the same key as last
        time nothing is generated again.
        """
        if key == self._source_key and self._source is not None:
            return
        self._source_key, self._source = key, source
        self._lazy.invalidate()

    def _generate(self) -> None:
        if self._source is not None:
            self._show(self._source())

    def set_config(self, config: GeneratedConfig) -> None:
        """Show ``config``; the scroll position stays when only a value changed."""
        self._source_key, self._source = None, None
        self._lazy.stale = False
        self._show(config)

    def _show(self, config: GeneratedConfig) -> None:
        if self._config == config:
            return
        self._config = config
        self.file_label.setText(config.filename)
        if self.editor.toPlainText() != config.text:
            bar = self.editor.verticalScrollBar()
            position = bar.value()
            self.editor.setPlainText(config.text)
            bar.setValue(position)
        self._show_status("", "")

    def copy(self) -> None:
        """Put the file on the clipboard."""
        self._lazy.ensure_current()
        QGuiApplication.clipboard().setText(self.text())
        self._show_status(self.tr("Copied to the clipboard."), OK_STYLE)

    def save_dialog(self) -> Path | None:
        """Ask where to save the file, then write it; returns the path or None."""
        self._lazy.ensure_current()
        if self._config is None:
            return None
        settings = AppSettings()
        suggested = settings.last_folder() / self._config.filename
        file_name, _filter = QFileDialog.getSaveFileName(
            self,
            self.tr("Save Generated File"),
            str(suggested),
            self.tr("All files (*)"),
        )
        if not file_name:
            return None
        path = Path(file_name)
        if self.save_to(path):
            settings.set_last_folder(path.resolve().parent)
            return path
        return None

    def save_to(self, path: Path) -> bool:
        """Write the file as UTF-8 with Unix line ends; report errors beside it."""
        self._lazy.ensure_current()
        config = self._config
        if config is None:
            return False
        try:
            path.write_text(config.text, encoding="utf-8", newline="\n")
            if config.language == "bash":
                # A script is meant to be run: same as `chmod +x`.
                mode = path.stat().st_mode
                path.chmod(mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        except OSError as exc:
            self._show_status(
                fill(
                    self.tr("Could not save %1: %2"),
                    str(path),
                    exc.strerror or str(exc),
                ),
                ERROR_STYLE,
            )
            return False
        self._show_status(self.tr("Saved to %1").replace("%1", str(path)), OK_STYLE)
        self.saved.emit(path)
        return True

    def _show_status(self, text: str, style: str) -> None:
        self.status_label.setText(text)
        self.status_label.setStyleSheet(style)
        self.status_label.setVisible(bool(text))
