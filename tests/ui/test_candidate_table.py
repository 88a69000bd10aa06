# mypy: disable-error-code="union-attr"
"""The workload step's candidate table greys a card that cannot run the job and
says why in words (issue [feasible]: L40S at 8 cards, 13 needed, was the
cheapest candidate with no mark)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gpu_advisor import words
from gpu_advisor.io.project_file import load_project
from gpu_advisor.model.common import Language
from gpu_advisor.ui import i18n
from gpu_advisor.ui.candidate_costs import STATUS_COLUMN, CandidateCostTable
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.style import SECONDARY_COLOUR
from gpu_advisor.ui.theme import themed_colour
from gpu_advisor.words import catalog_languages

SH = (
    Path(__file__).resolve().parents[2]
    / "resources/examples/shanghai_13b_finetune.gpuplan"
)


@pytest.mark.parametrize("language", list(catalog_languages()))
def test_a_card_that_cannot_run_is_greyed_with_its_reason(
    qtbot: QtBot, language: Language
) -> None:
    i18n.install_translators("zh_CN" if language is Language.ZH else "en")
    try:
        session = ProjectSession(load_project(SH))
        table = CandidateCostTable(session)
        qtbot.addWidget(table)
        table.refresh()
        rows = session.evaluation.candidate_costs
        assert [r.gpu_id for r in rows] == ["A100-80GB-SXM", "H100-80GB-SXM", "L40S"]
        l40s = rows[2]
        assert l40s.reason is not None
        why = words.text(l40s.reason, language)
        assert "13" in why
        status = table.item(2, STATUS_COLUMN)
        # the reason in words, not only in grey
        assert status.text() == why
        for column in range(table.columnCount()):
            item = table.item(2, column)
            assert item.foreground().color() == themed_colour(SECONDARY_COLOUR)
            assert item.toolTip() == why
            assert item.data(Qt.ItemDataRole.AccessibleDescriptionRole) == why
        # the cheapest that can run is named in words and in bold
        a100 = table.item(0, STATUS_COLUMN)
        assert a100.text() == words.say("candidate.runs_cheapest", language)
        assert a100.font().bold()
        # the palette's own text colour, whatever the scheme
        assert a100.data(Qt.ItemDataRole.ForegroundRole) is None
        assert table.item(1, STATUS_COLUMN).text() == words.say(
            "candidate.runs", language
        )
        assert not table.item(1, STATUS_COLUMN).font().bold()
    finally:
        i18n.install_translators("en")
