"""The plan's remembered language: round trip, the values saved before, unknown codes."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from gpu_advisor import words
from gpu_advisor.model.common import Language, PlanLanguage
from gpu_advisor.ui.export import ExportSettings
from gpu_advisor.ui.settings import AppSettings


def _store(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "x.ini"), QSettings.Format.IniFormat)


def test_a_ui_language_without_a_catalog_writes_in_the_default(
    tmp_path: Path,
) -> None:
    """Before: ``PlanLanguage("xx")`` raised ValueError and the export stopped."""
    store = ExportSettings(_store(tmp_path))
    assert store.language_for("plan", Language("xx")) == PlanLanguage(Language.EN)
    assert store.language_for("plan", Language.ZH) == PlanLanguage(Language.ZH)
    store.set_language_for("plan", PlanLanguage.parse("zh+en"))
    assert store.language_for("plan", Language("xx")) == PlanLanguage.parse("zh+en")


@pytest.mark.parametrize(
    "choice",
    [
        PlanLanguage(Language(code), Language(other) if other else None)
        for code in words.languages()
        for other in ("", *words.languages())
        if other != code
    ],
    ids=str,
)
def test_every_choice_round_trips_through_the_settings(
    tmp_path: Path, choice: PlanLanguage
) -> None:
    settings = AppSettings(_store(tmp_path))
    settings.set_plan_language("k", choice)
    settings.qsettings.sync()
    again = AppSettings(_store(tmp_path))
    assert again.plan_language("k", Language.EN) == choice
    assert again.plan_language("other plan", Language.ZH) == PlanLanguage(Language.ZH)


@pytest.mark.parametrize(
    ("saved", "read"),
    [("zh", "zh"), ("en", "en"), ("bilingual", "zh+en"), ("en+zh", "en+zh")],
)
def test_values_saved_before_still_read(tmp_path: Path, saved: str, read: str) -> None:
    """Settings written when the choice was the list zh / en / bilingual."""
    raw = _store(tmp_path)
    raw.setValue(f"{AppSettings.PLAN_LANGUAGE_KEY}/k", saved)
    assert AppSettings(raw).plan_language("k", Language.EN).code == read


@pytest.mark.parametrize("saved", ["fr", "zh+fr", "zh+zh", "zh+en+fr", "ZH", "+"])
def test_a_value_no_catalog_words_falls_back_to_the_default(
    tmp_path: Path, saved: str
) -> None:
    raw = _store(tmp_path)
    raw.setValue(f"{AppSettings.PLAN_LANGUAGE_KEY}/k", saved)
    assert AppSettings(raw).plan_language("k", Language.ZH) == PlanLanguage(Language.ZH)
