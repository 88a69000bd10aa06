"""Each option's result carries the message saying what its total includes.

:func:`~gpu_advisor.engine.cost.result.option_results` builds every option's
result with its sentence (:func:`~gpu_advisor.engine.cost.includes.includes`
of the finished figures); these tests hold the sentences to what
``includes`` says of the same figures.
"""

from __future__ import annotations

import pytest

from gpu_advisor import words
from gpu_advisor.engine.cost.includes import includes
from gpu_advisor.engine.cost.resolve import resolve
from gpu_advisor.engine.cost.result import conventions_of
from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.model.cost_results import OptionResult
from tests.engine._cost_helpers import CATALOG
from tests.engine.test_examples import _load


@pytest.mark.parametrize(
    "name",
    ["shenzhen_7b_pretrain_then_serve.gpuplan", "lab_64_gpus_three_years.gpuplan"],
)
def test_option_results_carry_the_sentences_of_their_figures(name):
    project = _load(name)
    ev = evaluate(project, CATALOG)
    cost = ev.cost
    conv = conventions_of(resolve(project, CATALOG), project.meta.horizon_months)
    for option in cost.options:
        without = OptionResult(**option.model_dump(exclude={"includes"}))
        message = includes(without, cost.hybrid, cost.spot_job, conv=conv)
        assert message == option.includes
        assert words.text(message, "en")
        assert words.text(message, "zh")
