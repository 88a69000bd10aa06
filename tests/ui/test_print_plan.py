"""File ▸ Print… and Print Preview…: the plan's PDF pages painted on a QPrinter."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

from gpu_advisor.model.common import Language, PlanLanguage
from gpu_advisor.ui.export import ExportSettings
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.print_plan import print_pdf

EXAMPLE = (
    Path(__file__).resolve().parents[2]
    / "resources"
    / "examples"
    / "shanghai_13b_finetune.gpuplan"
)


def _pdf_printer(path: Path) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.ScreenResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    printer.setFullPage(True)
    return printer


def _ink(pdf: Path, index: int) -> float:
    """Share of non-white pixels on a page of ``pdf`` (0: blank)."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        image = document[index].render(scale=0.5).to_numpy()
    finally:
        document.close()
    return float((image < 200).any(axis=-1).mean())


def _reader_page_count(data: bytes) -> int:
    document = pdfium.PdfDocument(data)
    try:
        return len(document)
    finally:
        document.close()


def test_print_menu_entries(window: MainWindow) -> None:
    texts = [a.text() for a in window.file_menu.actions()]
    assert "&Print…" in texts
    assert "Print Previe&w…" in texts
    assert window.print_action.shortcut().toString() == "Ctrl+P"


def test_print_writes_every_page_of_the_plan(
    window: MainWindow, tmp_path: Path
) -> None:
    assert window.open_file(EXAMPLE, ask=False)
    printer_ = window.plan_printer
    printer_.show_dialogs = False
    plan = printer_.plan_pdf()
    assert plan is not None
    pages = _reader_page_count(plan)
    out = tmp_path / "printed.pdf"
    printed = printer_.print_to(_pdf_printer(out))
    assert printer_.error == ""
    assert printed == pages > 10
    assert _reader_page_count(out.read_bytes()) == pages
    assert _ink(out, 0) > 0.01  # page 1 (the decision) is not blank


def test_print_follows_the_language_the_plan_was_exported_in(
    window: MainWindow,
) -> None:
    assert window.open_file(EXAMPLE, ask=False)
    settings: ExportSettings = window.pdf_export.export_settings
    key = ExportSettings.plan_key(window.session.project, window.session.path)
    assert window.plan_printer.plan_language() == PlanLanguage(Language.EN)  # UI's
    settings.set_language_for(key, Language.ZH)
    assert window.plan_printer.plan_language() == PlanLanguage(Language.ZH)
    settings.set_language_for(key, PlanLanguage.parse("bilingual"))
    assert window.plan_printer.plan_language() == PlanLanguage.parse("zh+en")
    printer = window.plan_printer._printer()
    assert printer.pageLayout().orientation().name == "Landscape"


def test_page_range_is_honoured(tmp_path: Path) -> None:
    from gpu_advisor.io.catalog import load_catalog
    from gpu_advisor.io.project_file import load_project
    from gpu_advisor.report.plan import build_plan_pdf
    from tests.report.conftest import evaluate_for_tests

    catalog = load_catalog()
    project = load_project(EXAMPLE)
    data = build_plan_pdf(project, evaluate_for_tests(project, catalog), catalog)
    out = tmp_path / "two.pdf"
    printer = _pdf_printer(out)
    printer.setFromTo(2, 3)
    assert print_pdf(data, printer, max_dpi=72) == 2
    assert _reader_page_count(out.read_bytes()) == 2


def test_preview_paints_the_pages(window: MainWindow, qtbot: Any) -> None:
    assert window.open_file(EXAMPLE, ask=False)
    printer_ = window.plan_printer
    printer_.show_dialogs = False
    dialog = printer_.preview_plan()
    qtbot.addWidget(dialog)
    assert isinstance(dialog, QPrintPreviewDialog)
    painted: list[int] = []
    dialog.paintRequested.connect(lambda _p: painted.append(1))
    dialog.show()
    qtbot.waitUntil(lambda: bool(painted), timeout=20_000)
    assert printer_.error == ""
    dialog.close()


def test_a_failure_is_reported_not_raised(window: MainWindow, tmp_path: Path) -> None:
    from gpu_advisor.ui.print_plan import PlanPrinter

    def source(_language: PlanLanguage, _paper: str) -> bytes:
        raise OSError("no CJK font")

    printer_ = PlanPrinter(
        window.session, window.pdf_export.export_settings, window, source=source
    )
    printer_.show_dialogs = False
    assert printer_.print_to(_pdf_printer(tmp_path / "x.pdf")) == 0
    assert "no CJK font" in printer_.error


def test_the_pdf_is_made_in_the_background_and_cancel_prints_nothing(
    window: MainWindow, qtbot: Any, tmp_path: Path
) -> None:
    """Print goes through the app's job runner: the window keeps painting
    while the PDF is made, and Cancel in the busy dialog prints nothing."""
    import threading

    from PySide6.QtCore import QThread, QTimer
    from PySide6.QtWidgets import QPushButton

    from gpu_advisor.ui.print_plan import PlanPrinter

    gui_thread = QThread.currentThread()
    made_in: list[QThread] = []
    release = threading.Event()

    def source(_language: PlanLanguage, _paper: str) -> bytes:
        made_in.append(QThread.currentThread())
        assert release.wait(10)
        return b"%PDF-1.7 never printed"

    printer_ = PlanPrinter(
        window.session, window.pdf_export.export_settings, window, source=source
    )

    def cancel() -> None:
        dialog = printer_.busy_dialog
        assert dialog is not None
        assert dialog.isVisible()
        button = dialog.findChild(QPushButton)
        assert button is not None
        button.click()  # the user's Cancel
        release.set()

    QTimer.singleShot(200, cancel)
    printed = printer_.print_to(_pdf_printer(tmp_path / "cancelled.pdf"))
    assert printed == 0
    assert printer_.error == ""
    assert made_in
    assert made_in[0] is not gui_thread
    assert printer_.busy_dialog is None


def _page1_text(data: bytes) -> str:
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(data)).pages[0].extract_text() or ""


def test_print_and_preview_use_the_language_chosen(
    window: MainWindow, qtbot: Any, monkeypatch: Any
) -> None:
    """Before (issue #34): Print used the last exported language and Print Preview
    could show the other one; the choice was only in the export's file types."""
    from tests.ui.conftest import PLAN_OUTPUTS

    assert window.open_file(EXAMPLE, ask=False)  # a Chinese plan, English UI
    printer_ = window.plan_printer
    # the print dialog's language choice: Chinese
    PLAN_OUTPUTS.append(("zh", "a4"))
    assert printer_.choose_output("Print Plan")
    plan = printer_.plan_pdf()
    assert plan is not None
    assert "决策摘要" in _page1_text(plan)
    assert "Decision summary" not in _page1_text(plan)
    # the preview: English beside Chinese, chosen in its dialog, painted as chosen
    painted: list[bytes] = []

    def paint(data: bytes, _target: object, **_kw: object) -> int:
        painted.append(data)
        return 1

    monkeypatch.setattr("gpu_advisor.ui.print_plan.print_pdf", paint)
    PLAN_OUTPUTS.append(("en+zh", "a4"))
    monkeypatch.setattr(QPrintPreviewDialog, "exec", lambda _self: 0)
    dialog = printer_.preview_plan()
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.paintRequested.emit(window.plan_printer._printer())
    assert painted
    text = _page1_text(painted[-1])
    assert "Decision summary" in text
    assert "决策摘要" in text
    assert printer_.plan_language() == PlanLanguage.parse("en+zh")
    assert printer_._printer().pageLayout().orientation().name == "Landscape"
    # a cancelled choice previews nothing
    PLAN_OUTPUTS.append(None)
    assert printer_.preview_plan() is None


def test_each_dialog_offers_every_catalog_language(
    window: MainWindow, qtbot: Any
) -> None:
    from gpu_advisor import words
    from gpu_advisor.ui.plan_language import PlanOutputDialog, language_name
    from gpu_advisor.ui.sign_dialogs import SignPlanDialog

    codes = list(words.languages())
    output = PlanOutputDialog("x", PlanLanguage(Language.EN), "a4", window)
    sign = SignPlanDialog(window.session, window)
    for dialog in (output, sign):
        qtbot.addWidget(dialog)
    for picker in (output.picker, sign.language_picker):
        primary = picker.primary_combo
        assert [primary.itemData(i) for i in range(primary.count())] == codes
        assert [primary.itemText(i) for i in range(primary.count())] == [
            language_name(code) for code in codes
        ]
        second = picker.second_combo
        chosen = picker.choice().primary.value
        assert [second.itemData(i) for i in range(second.count())] == [
            "",
            *(c for c in codes if c != chosen),
        ]
    assert language_name("zh") == "中文"
    assert sign.language_picker.choice() == PlanLanguage(Language.EN)  # the UI's
