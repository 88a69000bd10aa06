"""The import dialog words each refused file's reason in the app's language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gpu_advisor.ui import i18n
from tests.ui.test_import_dialog import _CJK, _column, _folder, _open, _page


def test_refusal_reasons_follow_the_ui_language(qtbot: Any, tmp_path: Path) -> None:
    """A crashed nccl-tests run and a cut fio JSON: the reason column is Chinese
    in the Chinese UI and English in the English one (the catalogs' wording
    of the same code)."""
    i18n.install_translators("zh_CN")
    try:
        page, _session = _page(qtbot)
        dialog = _open(qtbot, page, [_folder(tmp_path)])
        reasons = _column(dialog.refused_table, 1)
        assert reasons
        assert all(_CJK.search(reason) for reason in reasons), reasons
        # the files left out are listed with why: NOTES.md is notes for people
        assert "NOTES.md（给人看的说明" in dialog.skipped_label.text()
        dialog.reject()
    finally:
        i18n.install_translators("en")
    page, _session = _page(qtbot)
    dialog = _open(qtbot, page, [_folder(tmp_path / "again")])
    reasons = _column(dialog.refused_table, 1)
    assert reasons
    assert not any(_CJK.search(reason) for reason in reasons), reasons
    assert "NOTES.md (notes for people: not a result)" in dialog.skipped_label.text()
    dialog.reject()
