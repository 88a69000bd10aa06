"""Issue #33: the app's Import prices names the problem for every hostile file.

On the code before the fix three files (a CSV field over 128 KiB, a workbook
with entities, a folder named ``.csv``) ended in a traceback and no message,
and a FIFO blocked the window.
"""

from __future__ import annotations

import os
from pathlib import Path

from pytestqt.qtbot import QtBot

from gpu_advisor.ui.pages.budget_page import BudgetPage
from gpu_advisor.ui.session import ProjectSession
from tests.io.hostile_files import dtd_xlsx


def _hostile(tmp_path: Path) -> list[Path]:
    long_field = tmp_path / "long.csv"
    long_field.write_text(
        "gpu,item,price,date\n" + "A" * (130 * 1024) + ",x,1,2026-11-20\n"
    )
    folder = tmp_path / "folder.csv"
    folder.mkdir()
    files = [long_field, dtd_xlsx(tmp_path / "quote.xlsx"), folder]
    if os.name != "nt":
        fifo = tmp_path / "pipe.csv"
        os.mkfifo(fifo)
        zero = tmp_path / "zero.xlsx"
        zero.symlink_to("/dev/zero")
        files += [fifo, zero]
    return files


def test_every_hostile_price_file_gets_one_message_and_changes_nothing(
    qtbot: QtBot, tmp_path: Path
) -> None:
    session = ProjectSession()
    page = BudgetPage(session)
    qtbot.addWidget(page)
    for path in _hostile(tmp_path):
        error = page.import_prices_from(path)
        assert error is not None, path.name
        assert error.startswith(path.name), error
        assert "\n" not in error
        assert error.endswith(("nothing was imported", "未导入任何价格")), error
    assert session.project.price_overrides == []
    assert session.undo_stack.count() == 0
