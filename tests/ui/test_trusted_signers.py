"""Preferences ▸ Trusted signers: add a certificate, see it, remove it; Verify Plan uses it.

Issue #12: the in-app Verify dialog trusted nobody (or, before that,
everybody). The list is stored under
:data:`gpu_advisor.report.verify.TRUSTED_SIGNERS_SETTINGS_KEY`.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Language
from gpu_advisor.report.verify import TRUSTED_SIGNERS_SETTINGS_KEY
from gpu_advisor.ui import i18n
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.plan_signing import sign_plan
from gpu_advisor.ui.preferences import PreferencesDialog
from gpu_advisor.ui.settings import AppSettings
from gpu_advisor.ui.sign_dialogs import VerifyPlanDialog
from tests.certificates import Identity, make_identity
from tests.ui.conftest import Dialogs

EXAMPLE = (
    Path(__file__).resolve().parents[2]
    / "resources"
    / "examples"
    / "shanghai_13b_finetune.gpuplan"
)


@pytest.fixture
def alice(tmp_path: Path) -> Identity:
    folder = tmp_path / "ids"
    folder.mkdir()
    return make_identity(folder, "alice")


def _fingerprint(pem: Path) -> str:
    cert = x509.load_pem_x509_certificate(pem.read_bytes())
    return cert.fingerprint(hashes.SHA256()).hex(":").upper()


def _preferences(settings: AppSettings, qtbot: Any) -> PreferencesDialog:
    dialog = PreferencesDialog(settings, load_catalog())
    qtbot.addWidget(dialog)
    return dialog


def test_add_show_and_remove_a_trusted_signer(
    settings: AppSettings, qtbot: Any, dialogs: Dialogs, alice: Identity
) -> None:
    dialog = _preferences(settings, qtbot)
    box = dialog.trusted_box
    assert box.list.count() == 0
    assert not box.remove_button.isEnabled()
    dialogs.open_paths.append(alice.pem)
    box.add_button.click()
    assert box.list.count() == 1
    text = box.list.item(0).text()
    assert "Organization: Acme Corp, Common Name: Alice CFO" in text
    assert "Issued by: Organization: Acme Corp, Common Name: Alice CFO" in text
    assert "Valid: 2025-01-01 to 2034-12-30" in text
    assert "SHA-256: " + _fingerprint(alice.pem) in text
    assert box.remove_button.isEnabled()
    dialogs.open_paths.append(alice.pem)  # the same file twice is listed once
    box.add_button.click()
    assert box.list.count() == 1
    dialog.accept()
    assert settings.trusted_signer_paths() == [alice.pem]
    assert QSettings().value(TRUSTED_SIGNERS_SETTINGS_KEY) in (
        [str(alice.pem)],
        str(alice.pem),  # INI stores a one-item list as a string
    )

    again = _preferences(settings, qtbot)
    assert again.trusted_box.list.count() == 1
    again.trusted_box.list.setCurrentRow(0)
    again.trusted_box.remove_button.click()
    assert again.trusted_box.list.count() == 0
    again.accept()
    assert settings.trusted_signer_paths() == []
    assert alice.pem.exists()  # removed from the list, not from the disk


def test_cancel_keeps_the_stored_list(
    settings: AppSettings, qtbot: Any, dialogs: Dialogs, alice: Identity
) -> None:
    dialog = _preferences(settings, qtbot)
    dialogs.open_paths.append(alice.pem)
    dialog.trusted_box.add_button.click()
    dialog.reject()
    assert settings.trusted_signer_paths() == []


def test_a_der_certificate_can_be_added(
    settings: AppSettings, qtbot: Any, dialogs: Dialogs, alice: Identity, tmp_path: Path
) -> None:
    from cryptography.hazmat.primitives.serialization import Encoding

    cert = x509.load_pem_x509_certificate(alice.pem.read_bytes())
    der = tmp_path / "alice.cer"
    der.write_bytes(cert.public_bytes(Encoding.DER))
    dialog = _preferences(settings, qtbot)
    dialogs.open_paths.append(der)
    dialog.trusted_box.add_button.click()
    assert (
        "SHA-256: " + _fingerprint(alice.pem) in dialog.trusted_box.list.item(0).text()
    )


def test_a_file_without_a_certificate_is_refused_with_a_message(
    settings: AppSettings, qtbot: Any, dialogs: Dialogs, tmp_path: Path
) -> None:
    junk = tmp_path / "notes.pem"
    junk.write_text("-----BEGIN CERTIFICATE-----\nnot base64\n")
    dialog = _preferences(settings, qtbot)
    dialogs.open_paths.append(junk)
    dialogs.answers.append(QMessageBox.StandardButton.Ok)
    dialog.trusted_box.add_button.click()
    assert dialog.trusted_box.list.count() == 0
    (warning,) = dialogs.texts("warning")
    assert "notes.pem" in warning
    assert "no certificate" in warning


def test_a_listed_file_that_is_gone_is_shown_as_a_problem(
    settings: AppSettings, qtbot: Any, tmp_path: Path
) -> None:
    settings.set_trusted_signer_paths([tmp_path / "gone.pem"])
    dialog = _preferences(settings, qtbot)
    text = dialog.trusted_box.list.item(0).text()
    assert text.startswith("Cannot be read:")
    assert "gone.pem" in text


def test_expired_certificate_is_marked(
    settings: AppSettings, qtbot: Any, dialogs: Dialogs, tmp_path: Path
) -> None:
    old = make_identity(
        tmp_path,
        "old",
        not_before=dt.datetime(2019, 1, 1, tzinfo=dt.UTC),
        not_after=dt.datetime(2020, 1, 1, tzinfo=dt.UTC),
    )
    dialog = _preferences(settings, qtbot)
    dialogs.open_paths.append(old.pem)
    dialog.trusted_box.add_button.click()
    assert "(not valid now)" in dialog.trusted_box.list.item(0).text()


def test_trusted_signers_box_in_chinese(
    settings: AppSettings, qtbot: Any, dialogs: Dialogs, alice: Identity
) -> None:
    i18n.install_translators("zh_CN")
    try:
        dialog = _preferences(settings, qtbot)
        box = dialog.trusted_box
        assert box.title() == "受信任的签署人"
        dialogs.open_paths.append(alice.pem)
        box.add_button.click()
        text = box.list.item(0).text()
        assert "颁发者：" in text
        assert "有效期：2025-01-01 至 2034-12-30" in text
        assert "移除" in box.remove_button.text()
    finally:
        i18n.install_translators("en")


def _signed_plan(tmp_path: Path, ident: Identity) -> Path:
    return sign_plan(
        load_project(EXAMPLE),
        load_catalog(),
        p12_path=ident.p12,
        password=ident.password,
        signer_name="Alice",
        signer_role="Finance",
        output=tmp_path / "signed.pdf",
        language=Language.EN,
    )


def test_verify_dialog_trusts_only_the_listed_signers(
    window: MainWindow,
    settings: AppSettings,
    qtbot: Any,
    dialogs: Dialogs,
    alice: Identity,
    tmp_path: Path,
) -> None:
    assert window.open_file(EXAMPLE, ask=False)
    signed = _signed_plan(tmp_path, alice)

    # A look-alike (same name, another key) in the list does not make Alice trusted.
    mallory = make_identity(tmp_path, "mallory")
    settings.set_trusted_signer_paths([mallory.pem])
    check = VerifyPlanDialog(window.session, signed, window)
    qtbot.addWidget(check)
    assert check.intact_and_matching
    assert not check.verified
    assert "self-signed" in check.labels["trusted"].text()

    dialog = _preferences(settings, qtbot)
    dialogs.open_paths.append(alice.pem)
    dialog.trusted_box.add_button.click()
    dialog.accept()
    trusted = VerifyPlanDialog(window.session, signed, window)
    qtbot.addWidget(trusted)
    assert trusted.verified, trusted.text()
    assert trusted.labels["trusted"].text() == "yes"
    assert trusted.labels["verdict"].text().startswith("Verified:")


def test_verify_dialog_uses_the_system_store_only_when_ticked(
    window: MainWindow,
    settings: AppSettings,
    qtbot: Any,
    alice: Identity,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert window.open_file(EXAMPLE, ask=False)
    signed = _signed_plan(tmp_path, alice)
    bundle = tmp_path / "ca-bundle.crt"
    bundle.write_bytes(alice.pem.read_bytes())
    monkeypatch.setenv("SSL_CERT_FILE", str(bundle))
    before = VerifyPlanDialog(window.session, signed, window)
    qtbot.addWidget(before)
    assert not before.verified

    dialog = _preferences(settings, qtbot)
    assert not dialog.trusted_box.system_check.isChecked()
    dialog.trusted_box.system_check.setChecked(True)
    dialog.accept()
    assert settings.use_system_trust()
    after = VerifyPlanDialog(window.session, signed, window)
    qtbot.addWidget(after)
    assert after.verified, after.text()
