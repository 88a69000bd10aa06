"""An offscreen walk through every wizard step for schema-generated projects (issue #12).

pytest-qt fails the test on any exception raised inside a Qt slot or virtual
method, so a step that half-builds or throws while refreshing is caught here.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from PySide6.QtWidgets import QApplication

from gpu_advisor.model.project import Project
from gpu_advisor.ui.session import ProjectSession
from gpu_advisor.ui.wizard import AdvisorWizard, PageErrorPage, PageId
from tests.schema_strategies import projects

WALK_EXAMPLES = 8


@settings(
    max_examples=WALK_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(project=projects(max_items=2))
def test_walk_every_step(qapp: QApplication, qtbot: Any, project: Project) -> None:
    session = ProjectSession(project)
    wizard = AdvisorWizard(session)
    wizard.resize(1200, 800)
    wizard.show()
    try:
        for page_id in PageId:
            wizard.go_to(page_id)
            qapp.processEvents()
            page = wizard.page(page_id)
            assert not isinstance(page, PageErrorPage), page.panel.detail.text()
            assert wizard.current_page_id() == page_id
    finally:
        wizard.hide()
        wizard.deleteLater()
        qapp.processEvents()
