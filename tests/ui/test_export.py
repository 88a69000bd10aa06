"""PDF export from the GUI: worker, save dialog, paper, cancel, missing font."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from gpu_advisor import words
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Language, PlanLanguage
from gpu_advisor.report.fonts import find_cjk_font
from gpu_advisor.ui.export import (
    ExportRequest,
    ExportSettings,
    Paper,
    PdfExportController,
)
from gpu_advisor.ui.pages.review_page import ReviewPage
from gpu_advisor.ui.plan_language import PlanOutputDialog
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.settings import AppSettings

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)


def _controller(session: ProjectSession, settings: AppSettings) -> PdfExportController:
    controller = PdfExportController(session, settings)
    controller.show_dialogs = False
    return controller


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


def test_worker_writes_a_real_pdf(
    qtbot: Any, settings: AppSettings, tmp_path: Path
) -> None:
    session = ProjectSession(load_project(EXAMPLES[1]))
    controller = _controller(session, settings)
    target = tmp_path / "plan.pdf"
    with qtbot.waitSignal(controller.exported, timeout=60_000) as blocker:
        controller.start(ExportRequest(target, paper=Paper.A4))
    assert blocker.args == [target]
    assert target.read_bytes()[:4] == b"%PDF"
    assert _leftovers(tmp_path) == []
    assert not controller.is_running


def test_letter_paper(qtbot: Any, settings: AppSettings, tmp_path: Path) -> None:
    from pypdf import PdfReader

    session = ProjectSession()
    controller = _controller(session, settings)
    target = tmp_path / "letter.pdf"
    with qtbot.waitSignal(controller.exported, timeout=60_000):
        controller.start(ExportRequest(target, paper=Paper.LETTER))
    box = PdfReader(str(target)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_cancel_discards_the_result(
    qtbot: Any, settings: AppSettings, tmp_path: Path
) -> None:
    session = ProjectSession()
    controller = _controller(session, settings)
    target = tmp_path / "cancelled.pdf"
    controller.start(ExportRequest(target))
    assert controller.is_running
    with qtbot.waitSignal(controller.cancelled, timeout=5000):
        controller.cancel()
    assert controller.wait_idle()
    qtbot.waitUntil(lambda: not controller._temp, timeout=10_000)
    assert not target.exists()
    assert _leftovers(tmp_path) == []


def test_dialog_cancel_starts_nothing(settings: AppSettings, dialogs: Any) -> None:
    controller = PdfExportController(ProjectSession(), settings)
    dialogs.save_paths.append(None)
    assert not controller.export()
    assert not controller.is_running


def test_missing_font_asks_for_a_font_file(
    qtbot: Any, settings: AppSettings, dialogs: Any, tmp_path: Path
) -> None:
    try:
        good_font = find_cjk_font().path
    except Exception:  # pragma: no cover - the CI image installs one
        pytest.skip("no CJK font on this machine")
    bad_font = tmp_path / "not-a-font.ttf"
    bad_font.write_bytes(b"nope")
    session = ProjectSession()
    controller = PdfExportController(session, settings)
    target = tmp_path / "font.pdf"
    dialogs.answers.append(QMessageBox.StandardButton.Yes)
    dialogs.open_paths.append(good_font)
    failures: list[str] = []
    controller.failed.connect(failures.append)
    with qtbot.waitSignal(controller.exported, timeout=60_000):
        controller.start(ExportRequest(target, font_path=bad_font))
    assert len(failures) == 1
    assert "TrueType" in failures[0]
    assert "not-a-font.ttf" in failures[0]
    assert dialogs.texts("question") == failures
    assert ExportSettings(settings.qsettings).cjk_font_path() == good_font
    assert target.read_bytes()[:4] == b"%PDF"


def test_other_errors_are_shown(
    qtbot: Any, settings: AppSettings, dialogs: Any, tmp_path: Path
) -> None:
    controller = PdfExportController(ProjectSession(), settings)
    target = tmp_path / "no such folder" / "plan.pdf"
    with qtbot.waitSignal(controller.failed, timeout=60_000) as blocker:
        controller.start(ExportRequest(target))
    assert str(target) in blocker.args[0]
    assert dialogs.texts("critical") == [blocker.args[0]]
    assert not target.exists()


def test_export_settings_roundtrip(tmp_path: Path) -> None:
    store = ExportSettings(
        QSettings(str(tmp_path / "x.ini"), QSettings.Format.IniFormat)
    )
    assert store.paper() is Paper.A4
    assert store.cjk_font_path() is None
    store.set_paper(Paper.LETTER)
    store.set_cjk_font_path(tmp_path / "f.ttc")
    assert store.paper() is Paper.LETTER
    assert store.cjk_font_path() == tmp_path / "f.ttc"
    store.set_cjk_font_path(None)
    assert store.cjk_font_path() is None


def test_review_page_button_uses_the_controller(
    qtbot: Any, settings: AppSettings, dialogs: Any, tmp_path: Path
) -> None:
    session = ProjectSession(load_project(EXAMPLES[0]))
    page = ReviewPage(session)
    qtbot.addWidget(page)
    controller = PdfExportController(session, settings, page)
    page.set_export_controller(controller)
    dialogs.save_paths.append(tmp_path / "review.pdf")
    with qtbot.waitSignal(controller.exported, timeout=60_000):
        page.export_button.click()
    assert (tmp_path / "review.pdf").read_bytes()[:4] == b"%PDF"


class _Answers:
    """The plan language dialog, scripted: what it showed, then the answer."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.shown: list[tuple[str, str]] = []
        self.offered: list[list[str]] = []
        self.answers: list[tuple[str, str] | None] = []

        def answer(dialog: PlanOutputDialog) -> int:
            self.shown.append((dialog.choice().code, dialog.paper()))
            combo = dialog.picker.primary_combo
            self.offered.append([combo.itemData(i) for i in range(combo.count())])
            if not self.answers:
                return int(QDialog.DialogCode.Accepted)
            scripted = self.answers.pop(0)
            if scripted is None:
                return int(QDialog.DialogCode.Rejected)
            dialog.picker.set_choice(PlanLanguage.parse(scripted[0]))
            dialog.paper_combo.setCurrentIndex(dialog.paper_combo.findData(scripted[1]))
            return int(QDialog.DialogCode.Accepted)

        monkeypatch.setattr(PlanOutputDialog, "exec", answer)


def test_save_dialog_defaults_and_paper_choice(
    qtbot: Any, settings: AppSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = ProjectSession()
    session.apply("meta.title", "Qwen 14B: SFT/2026")
    settings.set_last_folder(tmp_path)
    controller = PdfExportController(session, settings)
    answers = _Answers(monkeypatch)
    answers.answers.append(("en", "letter"))
    seen: list[tuple[Any, ...]] = []

    def fake_save(*args: Any) -> tuple[str, str]:
        seen.append(args)
        return str(tmp_path / "out"), ""  # no suffix typed

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(fake_save))
    with qtbot.waitSignal(controller.exported, timeout=60_000) as blocker:
        assert controller.export()
        assert controller.progress_dialog is not None
        assert controller.progress_dialog.maximum() == 0  # busy indicator
    assert answers.shown == [("en", "a4")]  # the UI's language, A4
    assert Path(seen[0][2]) == tmp_path / "Qwen 14B SFT 2026.pdf"
    assert blocker.args == [tmp_path / "out.pdf"]
    assert (tmp_path / "out.pdf").read_bytes()[:4] == b"%PDF"
    assert ExportSettings(settings.qsettings).paper() is Paper.LETTER
    assert controller.progress_dialog is None


def test_language_is_chosen_in_the_dialog_and_remembered_per_plan(
    qtbot: Any, settings: AppSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pypdf import PdfReader

    session = ProjectSession()
    session.apply("meta.title", "Plan A")
    assert session.project.meta.language.value == "zh"  # the hidden field says zh
    settings.set_last_folder(tmp_path)
    controller = PdfExportController(session, settings)
    answers = _Answers(monkeypatch)
    seen: list[tuple[Any, ...]] = []

    def fake_save(*args: Any) -> tuple[str, str]:
        seen.append(args)
        return str(tmp_path / f"out{len(seen)}.pdf"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(fake_save))
    # First export of this plan: the UI's language (English here) is offered,
    # among every language with a catalog.
    with qtbot.waitSignal(controller.exported, timeout=60_000):
        assert controller.export()
    assert answers.shown[0] == ("en", "a4")
    assert answers.offered[0] == list(words.languages())
    text = PdfReader(str(tmp_path / "out1.pdf")).pages[0].extract_text() or ""
    assert "Decision summary" in text

    # Choose Chinese once; it is offered again next time for this plan only.
    answers.answers.append(("zh", "a4"))
    with qtbot.waitSignal(controller.exported, timeout=60_000):
        assert controller.export()
    text = PdfReader(str(tmp_path / "out2.pdf")).pages[0].extract_text() or ""
    assert "决策摘要" in text
    with qtbot.waitSignal(controller.exported, timeout=60_000):
        assert controller.export()
    assert answers.shown[2] == ("zh", "a4")
    other = ProjectSession()
    other.apply("meta.title", "Plan B")
    other_controller = PdfExportController(other, settings)
    answers.answers.append(None)  # cancelled: no file dialog, nothing written
    assert not other_controller.export()
    assert answers.shown[-1] == ("en", "a4")  # plan B: still the UI language
    assert len(seen) == 3


def test_bilingual_export_is_offered_and_remembered(
    qtbot: Any, settings: AppSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pypdf import PdfReader

    session = ProjectSession()
    session.apply("meta.title", "Plan C")
    settings.set_last_folder(tmp_path)
    controller = PdfExportController(session, settings)
    answers = _Answers(monkeypatch)
    answers.answers.append(("zh+en", "a4"))
    seen: list[tuple[Any, ...]] = []

    def fake_save(*args: Any) -> tuple[str, str]:
        seen.append(args)
        return str(tmp_path / f"both{len(seen)}.pdf"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(fake_save))
    with qtbot.waitSignal(controller.exported, timeout=120_000):
        assert controller.export()
    page = PdfReader(str(tmp_path / "both1.pdf")).pages[0]
    assert abs(float(page.mediabox.width) - 2 * 595.3) < 2
    text = page.extract_text() or ""
    assert "决策摘要" in text
    assert "Decision summary" in text
    key = ExportSettings.plan_key(session.project, session.path)
    assert controller.export_settings.language_for(
        key, Language.EN
    ) == PlanLanguage.parse("bilingual")
    with qtbot.waitSignal(controller.exported, timeout=120_000):
        assert controller.export()
    assert answers.shown[1] == ("zh+en", "a4")  # offered again for this plan
