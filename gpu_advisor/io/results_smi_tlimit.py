"""The driver's thermal margin (T.Limit) as nvidia-smi prints it, for every reader.

nvidia-smi prints "GPU T.Limit Temp" (``-q``), ``temperature.gpu.tlimit``
(``--query-gpu``) and ``<gpu_temp_tlimit>`` (``-q -x``): how many degrees the
GPU is below its T.Limit, the temperature where the driver starts to slow the
clocks ("GPU Max Operating T.Limit Temp : 0 C"; the slowdown and shutdown
offsets below it are negative, -2 C and -8 C on an H100 80GB HBM3 in
PrincetonUniversity/gpu_programming_intro @ 6267fb9, ``01_what_is_a_gpu/pli.md``).
Hopper and later GPUs on drivers from 535 print only these offsets, not the
absolute "GPU Max Operating Temp".

A margin can be below zero (the GPU is past its T.Limit), and a measurement is
never negative, so a negative margin is kept as how far past the limit the GPU
is: :data:`OVER_TLIMIT_METRIC` = -margin (read back by
``gpu_advisor.engine.evidence.node_checks.margin_of``).
"""

from __future__ import annotations

from typing import Final

TLIMIT_METRIC: Final = "temperature.gpu.tlimit"
"""The margin to the T.Limit when it is 0 °C or more. [°C]"""

OVER_TLIMIT_METRIC: Final = "temperature.gpu.over_tlimit"
"""How far past its T.Limit a GPU is (the margin, negated) when the margin is below 0. [°C]"""


def tlimit_reading(margin_c: float) -> tuple[str, float]:
    """(metric, value) for a printed T.Limit margin. [°C]

    Examples
    --------
    >>> tlimit_reading(54.0)
    ('temperature.gpu.tlimit', 54.0)
    >>> tlimit_reading(-2.0)
    ('temperature.gpu.over_tlimit', 2.0)
    """
    if margin_c < 0:
        return OVER_TLIMIT_METRIC, -margin_c
    return TLIMIT_METRIC, margin_c
