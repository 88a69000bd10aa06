"""A hosted model API instead of self-hosting: its bill and who may be used (issue #31).

The prices checked here are the numbers the catalog's sources state
(``resources/catalog/hosted_apis.json``, each entry's ``observed`` citation):
DeepSeek's own pricing page for deepseek-flash (peak: 2 CNY cache miss, 0.04
CNY cache hit, 8 CNY output per 10⁶ tokens, off-peak at half) and Anthropic's
for Claude Sonnet 4.5 (3 USD input, 0.30 USD cache hit, 15 USD output).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpu_advisor import words
from gpu_advisor.engine.cost.hosted import (
    VatBasis,
    cny_per_unit,
    cost_per_million_tokens,
    hosted_candidates,
    hosted_monthly_cost,
    plan_vat_basis,
)
from gpu_advisor.engine.cost.resolve import _Book
from gpu_advisor.model.catalog import HostedApiPrice
from gpu_advisor.model.project import (
    Currency,
    DataResidency,
    Project,
    ProjectMeta,
)
from tests.engine._cost_helpers import CATALOG
from tests.property_runs import examples

GROSS = VatBasis(recoverable=False, services_rate=0.06)
NET = VatBasis(recoverable=True, services_rate=0.06)


def _api(api_id: str) -> HostedApiPrice:
    return next(e for e in CATALOG.hosted_apis if e.id == api_id)


FLASH = _api("deepseek/deepseek-flash")
SONNET = _api("anthropic/claude-sonnet-4-5")
QWEN72 = _api("siliconflow/qwen2.5-72b-instruct")


# --- the bill ------------------------------------------------------------------------


def test_deepseek_flash_at_its_cited_peak_price_gross() -> None:
    # 1 M tokens of each kind: 2 (miss) + 8 (output) CNY; then all input from cache: 0.04 + 8
    assert hosted_monthly_cost(FLASH, [1e6], [1e6], 0.0, 1.0, GROSS) == (10.0,)
    assert hosted_monthly_cost(FLASH, [1e6], [1e6], 1.0, 1.0, GROSS) == pytest.approx(
        (8.04,)
    )


def test_deepseek_flash_off_peak_is_half_the_cited_price() -> None:
    peak = hosted_monthly_cost(FLASH, [3e6], [1e6], 0.2, 1.0, GROSS)
    off = hosted_monthly_cost(FLASH, [3e6], [1e6], 0.2, 1.0, GROSS, off_peak_share=1.0)
    assert off[0] == pytest.approx(peak[0] / 2)


def test_a_chinese_gross_price_is_net_of_six_percent_for_a_general_taxpayer() -> None:
    gross = hosted_monthly_cost(QWEN72, [1e6], [1e6], 0.0, 1.0, GROSS)[0]
    net = hosted_monthly_cost(QWEN72, [1e6], [1e6], 0.0, 1.0, NET)[0]
    assert gross == pytest.approx(2 * 4.13)  # SiliconFlow: 4.13 CNY in, 4.13 out
    assert net == pytest.approx(gross / 1.06)


def test_a_foreign_usd_price_converts_at_the_rate_and_gains_vat_only_gross() -> None:
    # Sonnet 4.5: 3 USD in, 15 USD out per 10⁶ tokens, net of Chinese VAT
    net = hosted_monthly_cost(SONNET, [1e6], [1e6], 0.0, 7.1, NET)[0]
    gross = hosted_monthly_cost(SONNET, [1e6], [1e6], 0.0, 7.1, GROSS)[0]
    assert net == pytest.approx(18 * 7.1)
    assert gross == pytest.approx(18 * 7.1 * 1.06)
    cached = hosted_monthly_cost(SONNET, [1e6], [0], 1.0, 7.1, NET)[0]
    assert cached == pytest.approx(0.30 * 7.1)


def test_no_cache_price_listed_prices_every_input_token_as_a_miss() -> None:
    assert QWEN72.cached_input_per_million is None
    assert hosted_monthly_cost(QWEN72, [5e6], [0], 0.9, 1.0, GROSS) == (
        hosted_monthly_cost(QWEN72, [5e6], [0], 0.0, 1.0, GROSS)
    )


def test_plan_rate_and_vat_basis_come_from_the_plan_then_the_catalog() -> None:
    usd_plan = Project(
        meta=ProjectMeta(currency=Currency.USD, exchange_rate_cny_per_unit=7.25)
    )
    assert cny_per_unit(Currency.USD, usd_plan, CATALOG) == 7.25
    assert cny_per_unit(Currency.USD, Project(), CATALOG) == (
        CATALOG.cost_defaults.usd_cny.typical
    )
    # a plan shown in EUR with its own rate still converts USD at the catalog's
    eur_plan = Project(
        meta=ProjectMeta(currency=Currency.EUR, exchange_rate_cny_per_unit=8.0)
    )
    assert cny_per_unit(Currency.USD, eur_plan, CATALOG) == (
        CATALOG.cost_defaults.usd_cny.typical
    )
    assert plan_vat_basis(Project(), CATALOG).recoverable is True
    small = Project(meta=ProjectMeta(vat_recoverable=False))
    assert plan_vat_basis(small, CATALOG) == VatBasis(False, 0.06)


@pytest.mark.parametrize(
    ("inputs", "outputs", "share", "fx"),
    [([1.0], [1.0, 2.0], 0.0, 1.0), ([1.0], [1.0], 1.5, 1.0), ([1.0], [1.0], 0.5, 0.0)],
)
def test_bad_arguments_name_the_valid_range(
    inputs: list[float], outputs: list[float], share: float, fx: float
) -> None:
    with pytest.raises(ValueError, match="need"):
        hosted_monthly_cost(FLASH, inputs, outputs, share, fx, NET)


def test_cost_per_million_divides_the_whole_total_by_each_count() -> None:
    per = cost_per_million_tokens(262.0, 100e6, 20e6)
    assert per.output_cny == pytest.approx(13.1)
    assert per.input_cny == pytest.approx(2.62)
    assert per.tokens_cny == pytest.approx(262.0 / 120)
    assert cost_per_million_tokens(5.0, 0, 1e6).input_cny is None


_TOKENS = st.lists(st.floats(0, 1e12), min_size=1, max_size=6)


@settings(max_examples=examples(ci=60, deep=1000), deadline=None)
@given(
    api=st.sampled_from(CATALOG.hosted_apis),
    inputs=_TOKENS,
    extra=st.floats(0, 1e11),
    month=st.integers(0, 5),
    share=st.floats(0, 1),
    lower=st.floats(0, 1),
    off_peak=st.floats(0, 1),
    basis=st.sampled_from([NET, GROSS]),
)
def test_more_tokens_never_cost_less_and_cache_hits_never_cost_more(
    api: HostedApiPrice,
    inputs: list[float],
    extra: float,
    month: int,
    share: float,
    lower: float,
    off_peak: float,
    basis: VatBasis,
) -> None:
    outputs = list(reversed(inputs))
    fx = cny_per_unit(api.currency, Project(), CATALOG)
    base = hosted_monthly_cost(api, inputs, outputs, share, fx, basis, off_peak)
    at = month % len(inputs)
    more_in = [t + extra if i == at else t for i, t in enumerate(inputs)]
    more_out = [t + extra if i == at else t for i, t in enumerate(outputs)]
    for more in (
        hosted_monthly_cost(api, more_in, outputs, share, fx, basis, off_peak),
        hosted_monthly_cost(api, inputs, more_out, share, fx, basis, off_peak),
    ):
        assert all(m >= b for m, b in zip(more, base, strict=True))
    fewer_hits = hosted_monthly_cost(
        api, inputs, outputs, share * lower, fx, basis, off_peak
    )
    assert all(b <= f * (1 + 1e-12) for b, f in zip(base, fewer_hits, strict=True))
    assert all(v >= 0 for v in base)


# --- who may be used -------------------------------------------------------------------


def _usable(preset: str | None, residency: DataResidency) -> set[str]:
    return {
        e.id for e, why in hosted_candidates(CATALOG, preset, residency) if why is None
    }


@pytest.mark.parametrize(
    ("preset", "residency", "usable"),
    [
        # the plan's model served in China: only the providers that serve it
        (
            "deepseek-v3",
            DataResidency.NONE,
            {
                "volcengine/deepseek-v3",
                "siliconflow/deepseek-v3",
                "aliyun/deepseek-v3",
                "baidu/deepseek-v3",
            },
        ),
        (
            "deepseek-v3",
            DataResidency.COUNTRY,
            {
                "volcengine/deepseek-v3",
                "siliconflow/deepseek-v3",
                "aliyun/deepseek-v3",
                "baidu/deepseek-v3",
            },
        ),
        (
            "deepseek-v3",
            DataResidency.CITY,
            {
                "volcengine/deepseek-v3",
                "siliconflow/deepseek-v3",
                "aliyun/deepseek-v3",
                "baidu/deepseek-v3",
            },
        ),
        ("deepseek-v3", DataResidency.OWN_HARDWARE, set()),
        # served only abroad: usable without a residency rule, never with one
        (
            "llama3.1-70b",
            DataResidency.NONE,
            {
                "fireworks/llama-v3p1-70b-instruct",
                "together/llama-3.1-70b-instruct-turbo",
            },
        ),
        ("llama3.1-70b", DataResidency.COUNTRY, set()),
        ("llama3.1-70b", DataResidency.OWN_HARDWARE, set()),
        (
            "qwen2.5-72b",
            DataResidency.COUNTRY,
            {"siliconflow/qwen2.5-72b-instruct", "aliyun/qwen2.5-72b-instruct"},
        ),
        # served nowhere, or the plan's own shape
        ("mixtral-8x7b", DataResidency.NONE, set()),
        (None, DataResidency.NONE, set()),
    ],
)
def test_feasibility_by_residency_and_model(
    preset: str | None, residency: DataResidency, usable: set[str]
) -> None:
    assert _usable(preset, residency) == usable


def test_own_hardware_rules_out_every_hosted_api_with_its_reason() -> None:
    rows = hosted_candidates(CATALOG, "deepseek-v3", DataResidency.OWN_HARDWARE)
    assert len(rows) == len(CATALOG.hosted_apis)
    assert {why.code for _, why in rows if why} == {
        "hosted.reason.residency_own_hardware"
    }
    assert all(why is not None for _, why in rows)


def test_a_different_model_is_never_substituted_and_the_reason_says_which() -> None:
    rows = {
        e.id: why
        for e, why in hosted_candidates(CATALOG, "qwen2.5-72b", DataResidency.NONE)
    }
    why = rows["siliconflow/qwen2.5-32b-instruct"]
    assert why is not None
    assert why.code == "hosted.reason.other_model"
    assert words.say(why.code, "en", **why.params) == (
        "SiliconFlow serves Qwen2.5-32B-Instruct, not the plan's Qwen2.5 72B."
    )
    assert words.say(why.code, "zh", **why.params) == (
        "该 API（硅基流动）提供的是 Qwen2.5-32B-Instruct，不是本方案的 Qwen2.5 72B。"
    )


def test_a_model_served_nowhere_says_so_on_every_row() -> None:
    rows = hosted_candidates(CATALOG, "mixtral-8x7b", DataResidency.NONE)
    assert {why.code for _, why in rows if why} == {
        "hosted.reason.model_served_nowhere"
    }
    _, why = rows[0]
    assert why is not None
    assert "No hosted API in the catalog serves the plan's Mixtral 8x7B" in words.say(
        why.code, "en", **why.params
    )


def test_residency_abroad_names_the_provider_in_both_languages() -> None:
    rows = {
        e.id: why
        for e, why in hosted_candidates(CATALOG, "llama3.1-70b", DataResidency.COUNTRY)
    }
    why = rows["fireworks/llama-v3p1-70b-instruct"]
    assert why is not None
    assert words.say(why.code, "en", **why.params) == (
        "The data must stay in the country; Fireworks AI is operated outside "
        "mainland China."
    )
    assert words.say(why.code, "zh", **why.params) == (
        "数据不能出境；该服务商（Fireworks AI）在中国大陆以外运营。"
    )


def test_a_plan_serving_its_own_trained_weights_is_served_by_no_hosted_api() -> None:
    rows = hosted_candidates(
        CATALOG, "deepseek-v3", DataResidency.NONE, own_weights=True
    )
    assert {why.code for _, why in rows if why} == {"hosted.reason.own_weights"}
    assert all(why is not None for _, why in rows)
    # residency is still the first reason given
    rows = hosted_candidates(
        CATALOG, "deepseek-v3", DataResidency.OWN_HARDWARE, own_weights=True
    )
    assert {why.code for _, why in rows if why} == {
        "hosted.reason.residency_own_hardware"
    }


@pytest.mark.parametrize("recoverable", [None, True, False])
@pytest.mark.parametrize("includes_vat", [True, False])
def test_the_vat_rule_is_the_one_every_rental_price_follows(
    recoverable: bool | None, includes_vat: bool
) -> None:
    project = Project(meta=ProjectMeta(vat_recoverable=recoverable))
    book = _Book(project, "A100-80GB-SXM", CATALOG.cost_defaults)
    rental, _ = book.to_basis("on_demand_cny_per_gpu_hour", includes_vat)
    assert plan_vat_basis(project, CATALOG).factor(includes_vat) == pytest.approx(
        rental
    )


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_reason_is_worded_in_both_languages(language: str) -> None:
    presets = [None, "deepseek-v3", "llama3.1-70b", "mixtral-8x7b"]
    seen: set[str] = set()
    for residency in DataResidency:
        for preset in presets:
            for own in (False, True):
                for _, why in hosted_candidates(
                    CATALOG, preset, residency, own_weights=own
                ):
                    if why is None:
                        continue
                    seen.add(why.code)
                    sentence = words.say(why.code, language, **why.params)
                    clause = why.code.replace("hosted.reason.", "hosted.reason_clause.")
                    assert "{" not in sentence
                    assert sentence != why.code
                    assert words.say(clause, language, **why.params) != clause
    assert len(seen) == 6
