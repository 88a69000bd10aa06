"""Spot reclaims are per instance and stop the whole synchronous job (issue #11)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor import words
from gpu_advisor.engine.cost.mix import MixPolicy, price_mix
from gpu_advisor.engine.cost.price import (
    Params,
    billable_hours,
    job_instances,
    price_spot,
    spot_billed,
    spot_overhead,
    spot_overhead_fraction,
)
from gpu_advisor.engine.cost.resolve import HOURS_PER_MONTH
from gpu_advisor.engine.cost.risk import _price_all, _scaled
from gpu_advisor.engine.evaluate import evaluate
from gpu_advisor.model.project import OptionId
from gpu_advisor.words.terms import text_or_empty
from tests.engine._cost_helpers import CATALOG, flat, params, prepared
from tests.engine.test_examples import _load


def _share(p: Params, hours: float) -> float:
    arr = price_spot(p, np.array([[hours]]))
    return float(arr.lines["interruption_overhead"][0] / arr.lines["compute"][0])


@settings(max_examples=60, deadline=None)
@given(
    small=st.integers(min_value=1, max_value=256),
    extra=st.integers(min_value=1, max_value=256),
    per_server=st.sampled_from([1, 2, 4, 8, 16]),
    rate=st.floats(min_value=0.1, max_value=10.0),
)
def test_overhead_grows_with_the_jobs_instances(small, extra, per_server, rate):
    p = replace(
        params(spot_interruptions_per_100_hours=rate, deposit_months=0),
        gpus_per_server=per_server,
    )
    hours = 200.0 * HOURS_PER_MONTH  # billing granularity is lost in the noise
    big = small + extra * per_server  # at least one more instance
    few, many = replace(p, job_gpus=small), replace(p, job_gpus=big)
    assert many.job_instances > few.job_instances
    h = np.array([[hours]])
    share_few = float(spot_overhead(few, h)[0, 0])
    share_many = float(spot_overhead(many, h)[0, 0])
    assert share_many > share_few > 0
    assert share_many / share_few == pytest.approx(
        many.job_instances / few.job_instances
    )
    # the bill follows (whole billing units per card can only round it up)
    assert _share(many, hours) >= _share(few, hours)


@settings(max_examples=60, deadline=None)
@given(
    hours=st.floats(min_value=1.0, max_value=50_000.0),
    rate=st.floats(min_value=0.0, max_value=20.0),
    checkpoint=st.floats(min_value=0.1, max_value=12.0),
    restart=st.floats(min_value=0.0, max_value=3.0),
)
def test_a_single_card_job_keeps_the_per_card_overhead(
    hours, rate, checkpoint, restart
):
    p = replace(
        params(spot_interruptions_per_100_hours=rate, restart_hours=restart),
        checkpoint_hours=checkpoint,
        job_gpus=1,
    )
    plain, billed = spot_billed(p, np.array([[hours]]))
    share = spot_overhead_fraction(rate, checkpoint, restart)  # one instance
    assert float(plain[0, 0]) == billable_hours(hours, 1.0)
    assert float(billed[0, 0]) == pytest.approx(
        billable_hours(hours * (1 + share), 1.0), abs=1e-6
    )


def test_a_job_smaller_than_a_server_is_one_instance():
    assert job_instances(4, 8) == 1
    p = replace(params(), job_gpus=4, gpus_per_server=8)
    assert _share(p, 4 * HOURS_PER_MONTH) == pytest.approx(
        _share(replace(p, job_gpus=1), 4 * HOURS_PER_MONTH)
    )


def test_spot_bursts_of_the_mix_pay_the_jobs_overhead():
    p = replace(params(deposit_months=0), job_gpus=64, gpus_per_server=8)
    d = flat(64, 3)
    mix = price_mix(p, d, MixPolicy(OptionId.MONTHLY, (32, 32, 32), OptionId.SPOT))
    burst_hours = 32 * HOURS_PER_MONTH * 3
    spot_price = float(p.od[0, 0] * p.spot_factor[0, 0])
    overhead = float(mix.lines["interruption_overhead"][0])
    # 8 instances × 2 reclaims per 100 h × (1 h / 2 + 0.25 h) = 12 % of the bursts
    assert overhead == pytest.approx(0.12 * burst_hours * spot_price, rel=1e-2)


def test_lab_job_on_eight_servers_pays_eight_times_the_per_card_overhead():
    ev = evaluate(_load("lab_64_gpus_three_years.gpuplan"), CATALOG)
    job = ev.cost.spot_job
    assert job is not None
    assert (job.job_gpus, job.gpus_per_instance, job.instances) == (64, 8, 8)
    assert job.overhead_fraction == pytest.approx(0.12)  # 8 × 0.015
    spot = ev.cost.option(OptionId.SPOT)
    share = spot.breakdown["interruption_overhead"] / spot.breakdown["compute"]
    assert share == pytest.approx(0.12, rel=1e-2)  # billing units round up
    assert "8 servers of 8 cards" in text_or_empty(spot.includes, "en")
    assert "8 台 8 卡服务器" in text_or_empty(spot.includes, "zh")
    why = next(
        e for e in ev.cost.explanations if e.key == "cost.options.spot.total_cny"
    )
    names = {r.name: r.value for r in why.inputs}
    assert names["cluster.gpus"] == 64
    assert names["cost.spot_job.instances"] == 8
    assert "any of its instances is reclaimed" in why.formula


def test_multi_node_job_on_spot_is_warned_in_both_languages():
    ev = evaluate(_load("lab_64_gpus_three_years.gpuplan"), CATALOG)
    assert ev.cost.recommendation.option is OptionId.SPOT
    warning = next(w for w in ev.cost.warnings if w.code == "recommend.spot_multi_node")
    assert "a reclaimed node stops the whole job" in words.text(warning, "en")
    assert "spot capacity for RDMA-connected servers is not guaranteed" in (
        words.text(warning, "en")
    )
    assert "任一节点被回收整个作业即中断" in words.text(warning, "zh")
    assert "高速网络互联服务器的竞价资源没有保障" in words.text(warning, "zh")
    assert "36 months" in words.text(warning, "en")


def test_single_server_job_on_spot_is_not_warned():
    project = _load("lab_64_gpus_three_years.gpuplan")
    small = project.model_copy(
        update={"workload": project.workload.model_copy(update={"gpus": 8})}
    )
    ev = evaluate(small, CATALOG)
    assert ev.cost.spot_job is not None
    assert ev.cost.spot_job.instances == 1
    assert all(w.code != "recommend.spot_multi_node" for w in ev.cost.warnings)


def test_tornado_and_monte_carlo_price_spot_with_the_same_job():
    project = _load("lab_64_gpus_three_years.gpuplan")
    ev = evaluate(project, CATALOG)
    prep = prepared(project)
    p, d = _scaled(prep.resolved, prep.d, {}, 1, True)
    assert p.job_gpus == 64
    priced = _price_all(p, d, prep.owned_gpus, prep.risk_options, prep.policy)
    assert float(priced[OptionId.SPOT].total[0]) == pytest.approx(
        ev.cost.option(OptionId.SPOT).total_cny, abs=0.01
    )
