"""The re-based price book: dated, cited, and within the public ranges it cites."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gpu_advisor.io.catalog import load_catalog

CATALOG = load_catalog()
ROOT = Path(__file__).resolve().parents[2] / "resources" / "catalog"


@pytest.mark.parametrize(
    ("gpu_id", "low", "high"),
    [
        # on-demand CNY per card-hour, as issue #11 and its sources give them
        ("A100-80GB-SXM", 5.0, 12.7),  # China rental platforms 5-12; RunPod 9.9-12.7
        ("H800-80GB-SXM", 12.0, 16.0),  # DeepSeek-V3: USD 2/h ≈ 14.2 CNY
        ("H100-80GB-SXM", 17.0, 28.0),  # Vast 17.1, RunPod 19.1, index 24.6-27.8
        ("RTX-4090", 1.2, 1.7),  # 算家云 1.24 - 共绩 1.68
    ],
)
def test_on_demand_typical_lies_in_the_cited_public_range(gpu_id, low, high):
    rng = CATALOG.price(gpu_id).on_demand_cny_per_gpu_hour
    assert low <= rng.typical <= high
    assert rng.low <= rng.typical <= rng.high


def test_every_gpu_price_has_dated_citations_with_title_publisher_and_region():
    for price in CATALOG.gpu_prices:
        for key in ("on_demand_cny_per_gpu_hour", "monthly_cny_per_gpu_month"):
            prov = getattr(price, key).provenance
            assert prov.citations, (price.gpu_id, key)
            assert prov.region, (price.gpu_id, key)
            for c in prov.citations:
                assert c.title
                assert c.publisher
                assert c.accessed is not None or c.publisher == "idctop.com"


def test_monthly_list_price_is_eighty_percent_of_730_on_demand_hours():
    for price in CATALOG.gpu_prices:
        od = price.on_demand_cny_per_gpu_hour.typical
        monthly = price.monthly_cny_per_gpu_month.typical
        assert monthly == pytest.approx(od * 730 * 0.8, abs=5), price.gpu_id


def test_commitment_is_stated_against_the_monthly_list_price():
    yearly = CATALOG.cost_defaults.yearly_price_factor
    assert "monthly (包月) list price" in yearly.provenance.note
    # 87.5 % of monthly × 80 % of on-demand = 70 %: the low end of the article's
    # "commitments at 70-80 % of the list price"
    assert yearly.typical * 0.8 == pytest.approx(0.70)
    assert "on-demand" in CATALOG.cost_defaults.spot_price_factor.provenance.note


def test_no_catalog_text_calls_the_articles_seeds():
    for path in ROOT.glob("*.json"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\bseeds?\b", text, re.IGNORECASE), path.name
    prices = json.loads((ROOT / "prices.json").read_text(encoding="utf-8"))
    assert prices["as_of"] == "2026-12-03"


def _all_citations():
    for price in CATALOG.gpu_prices:
        for key in (
            "on_demand_cny_per_gpu_hour",
            "monthly_cny_per_gpu_month",
            "purchase_cny_per_gpu",
            "server_cny_per_server",
        ):
            yield from getattr(price, key).provenance.citations
    defaults = CATALOG.cost_defaults
    for name in type(defaults).model_fields:
        value = getattr(defaults, name)
        if hasattr(value, "provenance"):
            yield from value.provenance.citations


def test_publication_and_reading_dates_are_kept_apart():
    seen = 0
    for c in _all_citations():
        if c.url:  # every web source says when it was read
            assert c.accessed is not None, c.title
            seen += 1
        if c.published is not None and c.accessed is not None:
            assert c.published <= c.accessed, c.title
    assert seen > 20
    prices = json.loads((ROOT / "prices.json").read_text(encoding="utf-8"))
    text = json.dumps(prices, ensure_ascii=False)
    # the source texts say which date is which
    assert "(zhitaoyun.cn, published 2025-04-19, read 2026-12-01)" in text
    assert "(jishuzhan.net, read 2026-12-01)" in text
    assert "(jishuzhan.net, 2026-12-01)" not in text


def test_monthly_prices_say_they_are_derived_not_quoted():
    for price in CATALOG.gpu_prices:
        source = price.monthly_cny_per_gpu_month.provenance.source
        assert source.startswith("Derived, not quoted"), price.gpu_id
        assert "730 h" in source


@pytest.mark.parametrize(
    ("gpu_id", "available"),
    [
        ("H100-80GB-SXM", False),
        ("H100-80GB-PCIe", False),
        ("H800-80GB-SXM", False),
        ("H200-141GB-SXM", None),  # licence case by case since December 2025
        ("A100-80GB-SXM", False),
    ],
)
def test_export_controlled_cards_say_what_is_known(gpu_id, available):
    price = CATALOG.price(gpu_id)
    assert price.available_in_china is available
    assert (
        "2022" in price.export_control
        or "2023" in price.export_control
        or ("December 2025" in price.export_control)
    )
    assert "read 2026-12-03" in price.export_control


def test_h200_below_h100_is_explained_from_its_sources():
    h200 = CATALOG.price("H200-141GB-SXM").purchase_cny_per_gpu
    h100 = CATALOG.price("H100-80GB-SXM").purchase_cny_per_gpu
    assert h200.typical < h100.typical
    assert "not an error" in h200.provenance.note
    assert "licensed" in h200.provenance.note
    observed = " ".join(c.observed for c in h200.provenance.citations)
    # low, typical and high each come from a cited figure
    assert "1.4 million CNY" in observed  # 8-card module: 175,000 a card
    assert "190,000 CNY" in observed
    assert "250,000 CNY" in observed
    assert (h200.low, h200.typical, h200.high) == (175_000, 190_000, 250_000)
    assert "grey-market" in h100.provenance.note
    assert "engineering estimate" in h100.provenance.note


def test_spot_reclaims_are_per_instance_with_public_sources():
    rate = CATALOG.cost_defaults.spot_interruptions_per_100_hours
    assert "per 100 hours it runs" in rate.provenance.source
    assert "one instance" in rate.provenance.source
    publishers = {c.publisher for c in rate.provenance.citations}
    assert "Amazon Web Services" in publishers
    assert "Alibaba Cloud (阿里云) help centre" in publishers
