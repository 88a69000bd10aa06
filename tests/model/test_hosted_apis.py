"""The hosted model APIs' price list: dated, cited, read back as the sources state it.

Each price test names the entry and the numbers its citation records
(``observed``); the test also finds each number in that citation's text, so a
price edited without its source fails here.
"""

from __future__ import annotations

import re

import pytest

from gpu_advisor import words
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.model.catalog import PROPRIETARY, HostedApiPrice, HostedRegion
from gpu_advisor.model.project import Currency

CATALOG = load_catalog()
APIS = {api.id: api for api in CATALOG.hosted_apis}


def _numbers(text: str) -> set[float]:
    return {float(n) for n in re.findall(r"\d+(?:\.\d+)?", text)}


@pytest.mark.parametrize(
    ("api_id", "currency", "miss", "hit", "out"),
    [
        # DeepSeek's page (zh-cn): deepseek-flash peak 2 / 0.04 / 8 CNY
        ("deepseek/deepseek-flash", Currency.CNY, 2.0, 0.04, 8.0),
        # the same page: deepseek-v4-pro peak 9.0 / 0.30 / 27.0 CNY
        ("deepseek/deepseek-v4-pro", Currency.CNY, 9.0, 0.30, 27.0),
        # Anthropic's page: Sonnet 4.5 3 / 0.30 / 15 USD; Haiku 4.5 1 / 0.10 / 5 USD
        ("anthropic/claude-sonnet-4-5", Currency.USD, 3.0, 0.30, 15.0),
        ("anthropic/claude-haiku-4-5", Currency.USD, 1.0, 0.10, 5.0),
        # Fireworks' page: 16.1B-80B tier 0.90 USD, input and output alike
        ("fireworks/llama-v3p1-70b-instruct", Currency.USD, 0.90, None, 0.90),
        # LobeChat's record of SiliconFlow and of Volcengine Ark (third party)
        ("siliconflow/qwen2.5-72b-instruct", Currency.CNY, 4.13, None, 4.13),
        ("volcengine/deepseek-v3", Currency.CNY, 2.0, None, 8.0),
        # LobeChat's record of Alibaba Cloud Model Studio (百炼)
        ("aliyun/qwen2.5-72b-instruct", Currency.CNY, 4.0, None, 12.0),
        ("aliyun/qwen-max", Currency.CNY, 2.4, 0.96, 9.6),
        # LobeChat's record of Baidu Qianfan
        ("baidu/deepseek-v3", Currency.CNY, 0.8, None, 1.6),
        ("moonshot/kimi-latest", Currency.CNY, 10.0, 1.0, 30.0),
        # two pages and LiteLLM's table at commit 00035b69: 2.50 / 1.25 / 10 USD
        ("openai/gpt-4o", Currency.USD, 2.50, 1.25, 10.0),
    ],
)
def test_prices_read_back_as_their_sources_state_them(
    api_id: str, currency: Currency, miss: float, hit: float | None, out: float
) -> None:
    api = APIS[api_id]
    assert (api.currency, api.input_per_million, api.output_per_million) == (
        currency,
        miss,
        out,
    )
    assert api.cached_input_per_million == hit
    cited = set().union(*(_numbers(c.observed) for c in api.provenance.citations))
    for value in (miss, out, hit):
        if value is not None:
            assert value in cited, (api_id, value)


def test_at_least_twelve_entries_from_five_providers_in_both_regions() -> None:
    assert len(APIS) >= 12
    assert len({api.provider for api in APIS.values()}) >= 5
    assert {api.region for api in APIS.values()} == set(HostedRegion)


def test_every_entry_is_dated_and_cited_with_its_pricing_page() -> None:
    for api in APIS.values():
        prov = api.provenance
        assert prov.citations
        assert prov.as_of == CATALOG.hosted_apis[0].provenance.as_of
        for cite in prov.citations:
            assert cite.url.startswith("https://")
            assert cite.accessed is not None
            assert cite.observed
            assert cite.publisher
        assert api.pricing_url.startswith("https://")
        assert api.vat_note


def test_confirmed_means_read_on_the_providers_own_page() -> None:
    for api in APIS.values():
        own = [
            c
            for c in api.provenance.citations
            if c.url.split("/")[2] == api.pricing_url.split("/")[2]
        ]
        if api.provenance.confirmed:
            assert own, api.id
        else:
            assert not own, api.id


def test_chinese_list_prices_include_vat_and_foreign_usd_prices_do_not() -> None:
    for api in APIS.values():
        assert api.includes_vat is (api.region is HostedRegion.CN), api.id


def test_model_presets_are_open_weights_of_the_same_family() -> None:
    for api in APIS.values():
        for preset_id in api.model_presets:
            assert api.family != PROPRIETARY
            preset = CATALOG.model(preset_id)
            assert preset.family == api.family, (api.id, preset_id)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_provider_has_a_name_in_each_language(language: str) -> None:
    for api in APIS.values():
        name = words.say(f"hosted.provider.{api.provider_key}", language)
        assert name
        assert name != f"hosted.provider.{api.provider_key}"


def test_a_cache_price_above_the_miss_price_is_refused() -> None:
    data = APIS["deepseek/deepseek-flash"].model_dump()
    data["cached_input_per_million"] = 3.0
    with pytest.raises(ValueError, match="must not exceed"):
        HostedApiPrice.model_validate(data)
    data["cached_input_per_million"] = None
    data["family"], data["model_presets"] = PROPRIETARY, ["deepseek-v3"]
    with pytest.raises(ValueError, match="proprietary"):
        HostedApiPrice.model_validate(data)


def test_sources_keep_publication_and_reading_dates_apart() -> None:
    for api in APIS.values():
        for cite in api.provenance.citations:
            when = f"read {cite.accessed}"
            if cite.published is not None:
                assert cite.accessed is not None
                assert cite.published <= cite.accessed
                when = f"published {cite.published}, {when}"
            assert f"({cite.publisher}, {when})" in api.provenance.source
