"""Sign a plan in the app with a throw-away certificate, verify it, change the project."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QDialog

from gpu_advisor.io.project_file import save_project
from gpu_advisor.model.common import Language, PlanLanguage
from gpu_advisor.model.project import Decision
from gpu_advisor.report.verify import VerifyStatus, verify_plan
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.sign_dialogs import SignPlanDialog, VerifyPlanDialog
from tests.ui.conftest import Dialogs

EXAMPLE = (
    Path(__file__).resolve().parents[2]
    / "resources"
    / "examples"
    / "shanghai_13b_finetune.gpuplan"
)


def make_p12(path: Path, password: str, name: str = "Li Na") -> Path:
    """A self-signed certificate and its key in a PKCS#12 file at ``path``."""
    from tests.certificates import make_identity

    return make_identity(
        path.parent,
        path.stem,
        common_name=name,
        organisation=None,
        key_usage=False,
        password=password,
    ).p12


def test_file_menu_has_sign_and_verify(window: MainWindow) -> None:
    texts = [a.text() for a in window.file_menu.actions()]
    assert "Si&gn Plan…" in texts
    assert "&Verify Plan…" in texts
    assert window.sign_plan_action.isEnabled()


def test_sign_verify_then_change_project(
    window: MainWindow, qtbot: Any, tmp_path: Path, dialogs: Dialogs
) -> None:
    from pypdf import PdfReader

    assert window.open_file(EXAMPLE, ask=False)
    p12 = make_p12(tmp_path / "signer.p12", "s3cret", name="李娜")
    out = tmp_path / "signed.pdf"

    dialog = SignPlanDialog(window.session, window)
    qtbot.addWidget(dialog)
    dialog.show_messages = False
    assert dialog.name_edit.isReadOnly()  # the certificate names the signer
    dialog.certificate_edit.setText(str(p12))
    qtbot.keyClicks(dialog.password_edit, "s3cret")
    dialog.password_edit.editingFinished.emit()
    assert dialog.name_edit.text() == "李娜"
    # the first role still pending is offered (before: Finance, whoever signed)
    assert dialog.role() == "Engineering lead"
    dialog.role_combo.setCurrentIndex(dialog.role_combo.findData("Finance"))
    assert dialog.decision() is Decision.APPROVE
    dialog.language_picker.set_choice(PlanLanguage(Language.EN))
    dialog.output_edit.setText(str(out))
    dialog.ok_button.click()
    assert dialog.error == ""
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.signed_path == out

    # The signer is in the sign-off row of page 1, and the CLI's verify agrees.
    page1 = PdfReader(str(out)).pages[0].extract_text() or ""
    assert "李娜" in page1
    assert "Signed electronically by 李娜 (Finance)" in " ".join(page1.split())
    # the decision is recorded in the plan: verify regenerates it from the
    # project as saved after signing
    finance = next(r for r in window.session.project.signoff if r.role == "Finance")
    assert (finance.name, finance.decision) == ("李娜", Decision.APPROVE)
    saved = tmp_path / "plan.gpuplan"
    save_project(window.session.project, saved)
    report = verify_plan(out, saved)
    assert report.status is VerifyStatus.UNTRUSTED, report.reason
    assert report.content_checked
    # the project as it was before signing no longer gives the signed pages
    assert verify_plan(out, EXAMPLE).status is VerifyStatus.FAILED

    check = VerifyPlanDialog(window.session, out, window)
    qtbot.addWidget(check)
    # intact and made from this project, but nobody is in the trusted signers:
    # never plain "Verified" (issue #12)
    assert check.intact_and_matching, check.text()
    assert not check.verified
    assert "Intact but not trusted" in check.labels["verdict"].text()
    assert check.info is not None
    assert check.info.signer is not None
    assert "李娜" in check.info.signer
    assert check.info.signed_at is not None
    assert not check.info.trusted
    assert "no trusted signers" in check.labels["trusted"].text()
    assert check.labels["document"].text() == "no"
    assert check.labels["project"].text() == "yes"

    # Change the project: the same signed plan no longer matches it.
    horizon = window.session.project.meta.horizon_months
    window.session.apply("meta.horizon_months", horizon + 1)
    changed = VerifyPlanDialog(window.session, out, window)
    qtbot.addWidget(changed)
    assert not changed.intact_and_matching
    assert changed.labels["project"].text() == "no"
    assert "not made from the project" in changed.labels["verdict"].text()


def test_tampered_plan_is_not_verified(
    window: MainWindow, qtbot: Any, tmp_path: Path
) -> None:
    assert window.open_file(EXAMPLE, ask=False)
    p12 = make_p12(tmp_path / "signer.p12", "pw")
    out = tmp_path / "signed.pdf"
    dialog = SignPlanDialog(window.session, window)
    qtbot.addWidget(dialog)
    dialog.show_messages = False
    dialog.certificate_edit.setText(str(p12))
    dialog.password_edit.setText("pw")
    dialog.output_edit.setText(str(out))
    dialog.accept()
    assert dialog.error == ""
    data = bytearray(out.read_bytes())
    at = data.find(b"/Producer")
    data[at + 2] ^= 1
    tampered = tmp_path / "tampered.pdf"
    tampered.write_bytes(bytes(data))
    check = VerifyPlanDialog(window.session, tampered, window)
    qtbot.addWidget(check)
    assert not check.verified


@pytest.mark.parametrize("password", ["wrong", ""])
def test_wrong_password_keeps_the_dialog_open(
    window: MainWindow, qtbot: Any, tmp_path: Path, password: str
) -> None:
    p12 = make_p12(tmp_path / "signer.p12", "right")
    out = tmp_path / "signed.pdf"
    dialog = SignPlanDialog(window.session, window)
    qtbot.addWidget(dialog)
    dialog.show_messages = False
    dialog.certificate_edit.setText(str(p12))
    dialog.password_edit.setText(password)
    dialog.output_edit.setText(str(out))
    dialog.accept()
    assert "wrong password" in dialog.error
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert not out.exists()
    # nothing is recorded in the plan when the signing fails
    assert all(r.decision is Decision.PENDING for r in window.session.project.signoff)
