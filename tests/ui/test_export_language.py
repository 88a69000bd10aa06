"""The export dialog's remembered language with a UI language it does not list."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from gpu_advisor.model.common import Language, PlanLanguage
from gpu_advisor.ui.export import ExportSettings


def test_a_ui_language_the_dialog_does_not_list_exports_in_the_default(
    tmp_path: Path,
) -> None:
    """Before: ``PlanLanguage("xx")`` raised ValueError and the export stopped."""
    store = ExportSettings(
        QSettings(str(tmp_path / "x.ini"), QSettings.Format.IniFormat)
    )
    assert store.language_for("plan", Language("xx")) is PlanLanguage.EN
    assert store.language_for("plan", Language.ZH) is PlanLanguage.ZH
    store.set_language_for("plan", PlanLanguage.BILINGUAL)
    assert store.language_for("plan", Language("xx")) is PlanLanguage.BILINGUAL
