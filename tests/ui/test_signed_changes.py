"""A signed plan that is edited says so, with the changes one click away (issue #18).

Signing in the app appends a signing record (time, signer, PDF file name, the
fingerprint printed in the PDF, the inputs as signed); editing the plan shows
"Changed since signed on … by …" in the status bar with *Show Changes…*;
undoing the edit, or typing the values back, clears it; signing again adds a
second record beside the first.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from gpu_advisor import __version__
from gpu_advisor.io.project_file import fingerprint, load_project
from gpu_advisor.report.verify import (
    VerifyStatus,
    read_printed_fingerprint,
    verify_plan,
)
from gpu_advisor.ui import i18n
from gpu_advisor.ui.compare_dialog import CompareController, CompareDialog
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.sign_dialogs import SignPlanDialog
from tests.certificates import make_identity
from tests.ui.conftest import Dialogs

EXAMPLE = (
    Path(__file__).resolve().parents[2]
    / "resources"
    / "examples"
    / "shanghai_13b_finetune.gpuplan"
)


def _sign(window: MainWindow, qtbot: Any, folder: Path, name: str, out: Path) -> None:
    """Sign the open plan in the app with a throw-away certificate."""
    identity = make_identity(
        folder, out.stem, common_name=name, organisation=None, password="pw"
    )
    dialog = SignPlanDialog(window.session, window)
    qtbot.addWidget(dialog)
    dialog.show_messages = False
    dialog.certificate_edit.setText(str(identity.p12))
    dialog.password_edit.setText("pw")
    dialog.output_edit.setText(str(out))
    dialog.ok_button.click()
    assert dialog.error == ""
    assert dialog.record is not None
    assert window.session.project.signing_records[-1] is dialog.record


def _notice_shown(controller: CompareController) -> bool:
    return not controller.notice.isHidden()


def test_sign_edit_show_changes_undo_and_sign_again(
    window: MainWindow, qtbot: Any, tmp_path: Path, dialogs: Dialogs
) -> None:
    plan_path = tmp_path / "plan.gpuplan"
    shutil.copy(EXAMPLE, plan_path)
    assert window.open_file(plan_path, ask=False)
    session, controller = window.session, window.compare
    assert controller.notice in window.statusBar().findChildren(type(controller.notice))
    assert not _notice_shown(controller)  # never signed: nothing to say

    # --- sign: a record, the PDF's fingerprint, and no notice
    first_pdf = tmp_path / "first-signed.pdf"
    signed = session.project
    _sign(window, qtbot, tmp_path, "李娜", first_pdf)
    (record,) = session.project.signing_records
    assert record.signer_name == "李娜"
    assert record.signer_role == "Engineering lead"  # the first role pending
    assert record.pdf_file == "first-signed.pdf"
    assert record.app_version == __version__
    # the inputs as signed: the plan with 李娜's approval in her row
    assert record.inputs == session.project.model_copy(update={"signing_records": []})
    assert (
        record.inputs.model_copy(
            update={"signoff": signed.signoff, "meta": signed.meta}
        )
        == signed
    )
    assert record.inputs.signoff[0].name == "李娜"
    printed = read_printed_fingerprint(first_pdf.read_bytes())
    assert printed == (record.fingerprint, __version__)
    assert record.fingerprint == fingerprint(session.project, __version__)
    assert not _notice_shown(controller)

    # --- edit: the notice names the signing
    horizon = session.project.meta.horizon_months
    session.apply("meta.horizon_months", horizon + 6)
    assert _notice_shown(controller)
    text = controller.notice.label.text()
    assert text.startswith("Changed since signed on ")
    assert text.endswith(" by 李娜")
    assert record.signed_at.astimezone().strftime("%Y-%m-%d") in text

    # --- Show Changes…: exactly the edited input, against the signed version
    qtbot.mouseClick(controller.notice.button, Qt.MouseButton.LeftButton)
    dialog = controller.dialog
    assert isinstance(dialog, CompareDialog)
    qtbot.addWidget(dialog)
    assert [(c.path, c.old, c.new) for c in dialog.diff.inputs] == [
        ("meta.horizon_months", horizon, horizon + 6)
    ]
    shown = dialog.view.toPlainText()
    assert "Signed version" in shown
    assert "Inputs changed (1)" in shown
    # in words and units; the path only in the row's tooltip (issue #34)
    assert f"Planning horizon\n{horizon} months\n{horizon + 6} months" in shown
    assert "meta.horizon_months" not in shown
    assert dialog.windowTitle().startswith("Compared with the version signed on ")

    # --- undo: the notice goes
    session.undo_stack.undo()
    assert session.project.meta.horizon_months == horizon
    assert not _notice_shown(controller)

    # --- typed back to the signed values (new objects, equal inputs): gone too
    pue = session.project.budget.pue
    session.apply("meta.horizon_months", horizon + 1)
    session.apply("budget.pue", 1.5)
    assert _notice_shown(controller)
    session.apply("meta.horizon_months", horizon)
    assert _notice_shown(controller)  # the PUE still differs
    session.apply("budget.pue", pue)
    assert session.project.budget is not signed.budget
    assert not _notice_shown(controller)

    # --- edit and sign again: two records, both fingerprints
    session.apply("budget.pue", 1.45)
    assert _notice_shown(controller)
    second_pdf = tmp_path / "second-signed.pdf"
    _sign(window, qtbot, tmp_path, "Wang Qiang", second_pdf)
    first, second = session.project.signing_records
    assert first == record
    assert second.signer_name == "Wang Qiang"
    assert first.fingerprint != second.fingerprint
    assert second.fingerprint == fingerprint(session.project, __version__)
    assert read_printed_fingerprint(second_pdf.read_bytes()) == (
        second.fingerprint,
        __version__,
    )
    assert not _notice_shown(controller)

    # --- File ▸ Compare With lists both signed versions, newest first
    controller.fill_menu()
    texts = [a.text() for a in controller.signed_actions]
    assert len(texts) == 2
    assert "Wang Qiang" in texts[0]
    assert "李娜" in texts[1]
    controller.signed_actions[1].trigger()
    older = controller.dialog
    assert older is not None
    qtbot.addWidget(older)
    # the PUE, and Wang Qiang's approval recorded in the Finance row
    assert [c.path for c in older.diff.inputs] == [
        "budget.pue",
        "signoff.1.name",
        "signoff.1.decision",
        "signoff.1.date",
    ]

    # --- saved and opened again: the records stay, the second PDF still matches
    assert window.save()
    assert load_project(plan_path).signing_records == [first, second]
    report = verify_plan(second_pdf, plan_path)
    assert report.status is VerifyStatus.UNTRUSTED, report.reason  # self-signed
    assert report.content_checked
    assert verify_plan(first_pdf, plan_path).status is VerifyStatus.FAILED


def test_the_notice_and_the_menu_in_chinese(
    window: MainWindow, qtbot: Any, tmp_path: Path, qapp: Any
) -> None:
    assert window.open_file(EXAMPLE, ask=False)
    _sign(window, qtbot, tmp_path, "李娜", tmp_path / "signed.pdf")
    window.session.apply("budget.pue", 1.5)
    i18n.install_translators("zh_CN")
    qapp.processEvents()
    controller = window.compare
    text = controller.notice.label.text()
    assert "李娜" in text
    assert "签署" in text
    assert "Changed" not in text
    assert controller.notice.button.text().startswith("查看")
    controller.fill_menu()
    assert controller.menu.title().startswith("比较")
    assert "李娜（技术负责人）" in controller.signed_actions[0].text()
    controller.notice.button.click()
    dialog = controller.dialog
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert "签署的版本" in dialog.view.toPlainText()


def test_an_unsigned_plan_offers_no_signed_version(window: MainWindow) -> None:
    controller = window.compare
    controller.fill_menu()
    (empty,) = controller.signed_actions
    assert not empty.isEnabled()
    assert empty.text() == "No signed version yet"
    assert controller.show_changes_since_signed() is None


def test_signing_uses_the_plans_evaluation(
    window: MainWindow, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Signing evaluates as File ▸ Export PDF… does: evaluate_plan, its draws and seed
    (through render_plan, which calls the engine's api.evaluate_plan)."""
    from gpu_advisor.engine import api as engine_evaluate
    from gpu_advisor.engine.plan_defaults import (
        PLAN_MONTE_CARLO_DRAWS,
        PLAN_MONTE_CARLO_SEED,
    )

    real = engine_evaluate.evaluate_plan
    calls: list[Any] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        result = real(*args, **kwargs)
        calls.append(result)
        return result

    monkeypatch.setattr(engine_evaluate, "evaluate_plan", spy)
    assert window.open_file(EXAMPLE, ask=False)
    _sign(window, qtbot, tmp_path, "Li Na", tmp_path / "signed.pdf")
    # the window's own evaluations skip the Monte Carlo; signing draws the plan's
    (evaluation,) = [c for c in calls if c.monte_carlo is not None]
    assert evaluation.monte_carlo.draws == PLAN_MONTE_CARLO_DRAWS
    assert evaluation.monte_carlo.seed == PLAN_MONTE_CARLO_SEED
