"""The hosted model API chosen but not offered says why, in the one warning list.

The options table lists what was priced; a chosen option that could not be
priced used to vanish from it without a word (the Shenzhen example ticks
"Hosted model API", but it serves weights it trains itself). The engine now
adds an INFO warning with the reason, shown wherever the warnings are.
"""

from __future__ import annotations

from gpu_advisor.engine.api import evaluate_plan
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.common import Message, Severity
from gpu_advisor.model.cost_results import CostResult
from gpu_advisor.model.project import Budget, OptionId, Project
from gpu_advisor.words import text
from tests.engine.test_hosted_option import _plan
from tests.make_examples import shenzhen_pretrain_serve

CATALOG = load_catalog()


def _cost(project: Project) -> CostResult:
    return evaluate_plan(project, CATALOG, monte_carlo=False).cost


def _not_offered(cost: CostResult) -> list[str]:
    return [
        text(w, "en")
        for w in cost.warnings
        if w.code == "cost.hosted_not_offered" and w.severity is Severity.INFO
    ]


def test_the_shenzhen_example_says_why_the_api_is_not_compared() -> None:
    cost = _cost(shenzhen_pretrain_serve())
    assert OptionId.HOSTED_API not in {o.id for o in cost.options}
    assert cost.serving is not None
    assert cost.serving.hosted_none is not None
    (said,) = _not_offered(cost)
    assert said.endswith(text(cost.serving.hosted_none, "en"))


def test_a_plan_that_does_not_serve_says_the_api_needs_traffic() -> None:
    cost = _cost(Project(budget=Budget(options=list(OptionId))))
    (said,) = _not_offered(cost)
    assert said.endswith(text(Message(code="cost.hosted_no_serving"), "en"))


def test_offered_or_not_chosen_it_says_nothing() -> None:
    serving_plan = _plan()
    assert OptionId.HOSTED_API in {o.id for o in _cost(serving_plan).options}
    assert not _not_offered(_cost(serving_plan))
    assert not _not_offered(_cost(Project()))  # the default leaves it out
