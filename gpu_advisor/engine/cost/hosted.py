"""A hosted model API as a way of serving: its monthly cost and where it may be used.

Not self-hosting means paying a provider per token. This module prices that
from the catalog's dated list prices (``resources/catalog/hosted_apis.json``,
:class:`~gpu_advisor.model.catalog.HostedApiPrice`) and says which providers a
plan may use. It is the data and the pricing only; the plan's option, its
choice rules and its rendering are built on it elsewhere.

Interface
---------
:func:`hosted_candidates`
    every catalog entry with ``None`` (usable) or the reason it is not, as a
    :class:`~gpu_advisor.model.common.Message` worded by
    ``resources/words/<lang>/cost.toml`` (``hosted.reason.*`` as a sentence,
    ``hosted.reason_clause.*`` inside one; same codes after the prefix).
:func:`hosted_monthly_cost`
    the CNY paid each month for given input and output tokens, on the plan's
    VAT basis.
:func:`plan_vat_basis`, :func:`cny_per_unit`
    the VAT basis and the exchange rate a plan prices with, from the project
    and the catalog, as the rest of the cost engine takes them.
:func:`cost_per_million_tokens`
    any option's total over its tokens, the figure serving is compared on.

Rules
-----
* Residency (``budget.data_residency``): ``OWN_HARDWARE`` rules out every
  hosted API (the data would sit on the provider's servers); ``COUNTRY`` and
  ``CITY`` allow only providers operated in mainland China (``region`` "cn"),
  whose data stays in the country (the catalog does not record a provider's
  city, so ``CITY`` is judged as ``COUNTRY``); ``NONE`` allows any.
* Model: an entry serves the plan's model only when it lists the plan's model
  preset in ``model_presets`` (the same open-weights family and size). A
  different model is never substituted: every other entry carries the reason
  ``other_model``, or ``model_served_nowhere`` when no entry in the catalog
  serves the plan's model, and a plan with its own shape (no preset) gets
  ``custom_model``. A plan that serves weights it trains or fine-tunes itself
  (``own_weights``) gets ``own_weights``: list prices are for the published
  model, and hosting one's own weights is a dedicated deployment billed by
  the GPU-hour, which is renting. Residency is judged first.
* Price: ``input_per_million`` is the cache-miss price; the share
  ``cache_hit_share`` of input tokens is priced at ``cached_input_per_million``
  where the provider lists one (else as a miss). A provider with peak and
  off-peak prices lists the peak price; the share ``off_peak_share`` of tokens
  is priced at ``off_peak_factor`` of it (0 by default: peak all day, the
  upper bound).
* VAT: the same rule as every other price (:mod:`.resolve`, services 6 %): a
  company that recovers input VAT compares net amounts, so a gross list price
  is divided by 1.06; one that cannot compares gross amounts, so a net list
  price is multiplied by 1.06. Chinese list prices are gross; a foreign
  provider's USD price is net (the buyer withholds the VAT on a cross-border
  service), as each entry's ``vat_note`` says.
* Currency: a USD (or EUR, HKD) price is converted at the plan's own rate
  when the plan is shown in that currency with a typed rate, else at the
  catalog's typical rate (``cost_defaults.usd_cny``), as the display does.

References
----------
Prices and their sources: ``resources/catalog/hosted_apis.json``. VAT on
services (information technology, 6 %): PRC Value-Added Tax Law (2024),
art. 10; a service bought from a provider abroad is taxed in China with the
buyer as the withholding agent, and the VAT it withholds is creditable input
VAT for a general taxpayer (the same law); see :mod:`.resolve`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gpu_advisor.model.catalog import Catalog, HostedApiPrice, HostedRegion
from gpu_advisor.model.common import Message
from gpu_advisor.model.project import Currency, DataResidency, Project

TOKENS_PER_MILLION = 1e6
"""Prices are per 10⁶ tokens."""


@dataclass(frozen=True)
class VatBasis:
    """The VAT basis a plan compares prices on.

    ``recoverable``: the company recovers input VAT (a general taxpayer) and
    compares net amounts; else gross. ``services_rate``: the VAT on services,
    which a hosted API is. [1]
    """

    recoverable: bool = True
    services_rate: float = 0.06

    def factor(self, includes_vat: bool) -> float:
        """What a list price (gross when ``includes_vat``) is multiplied by to
        reach this basis; the rule of :meth:`.resolve._Book.to_basis`.

        >>> round(VatBasis(True, 0.06).factor(True), 6)
        0.943396
        >>> VatBasis(True, 0.06).factor(False), VatBasis(False, 0.06).factor(True)
        (1.0, 1.0)
        >>> VatBasis(False, 0.06).factor(False)
        1.06
        """
        if self.recoverable:
            return 1.0 / (1.0 + self.services_rate) if includes_vat else 1.0
        return 1.0 if includes_vat else 1.0 + self.services_rate


def plan_vat_basis(project: Project, catalog: Catalog) -> VatBasis:
    """The plan's VAT basis: ``meta.vat_recoverable`` (unset: recoverable) and
    the catalog's VAT rate on services.

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> plan_vat_basis(Project(), load_catalog())
    VatBasis(recoverable=True, services_rate=0.06)
    """
    return VatBasis(
        recoverable=project.meta.vat_recoverable is not False,
        services_rate=catalog.cost_defaults.vat_rate_services,
    )


def cny_per_unit(currency: Currency, project: Project, catalog: Catalog) -> float:
    """CNY per unit of ``currency``: 1 for CNY; the plan's typed rate when the
    plan is shown in that currency and has one; else the catalog's typical
    rate (``cost_defaults.usd_cny``, ``eur_cny``, ``hkd_cny``). [CNY per unit]

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> from gpu_advisor.model.project import ProjectMeta
    >>> cny_per_unit(Currency.CNY, Project(), load_catalog())
    1.0
    >>> plan = Project(meta=ProjectMeta(currency=Currency.USD, exchange_rate_cny_per_unit=7.0))
    >>> cny_per_unit(Currency.USD, plan, load_catalog())
    7.0
    """
    if currency is Currency.CNY:
        return 1.0
    meta = project.meta
    if meta.currency is currency and meta.exchange_rate_cny_per_unit is not None:
        return float(meta.exchange_rate_cny_per_unit)
    defaults = catalog.cost_defaults
    rates = {
        Currency.USD: defaults.usd_cny,
        Currency.EUR: defaults.eur_cny,
        Currency.HKD: defaults.hkd_cny,
    }
    return float(rates[currency].typical)


def hosted_monthly_cost(
    entry: HostedApiPrice,
    input_tokens_by_month: Sequence[float],
    output_tokens_by_month: Sequence[float],
    cache_hit_share: float,
    fx: float,
    vat_basis: VatBasis,
    off_peak_share: float = 0.0,
) -> tuple[float, ...]:
    """What the hosted API bills each month, in CNY on the plan's VAT basis.

    Parameters
    ----------
    entry : HostedApiPrice
        The provider's list prices. [entry currency per 10⁶ tokens]
    input_tokens_by_month, output_tokens_by_month : sequence of float
        Tokens sent and generated in each month, the same number of months.
        [tokens per month]
    cache_hit_share : float
        Share of input tokens the provider reads from its prompt cache. [1]
    fx : float
        CNY per unit of the entry's currency (:func:`cny_per_unit`; 1 for
        CNY). [CNY per unit]
    vat_basis : VatBasis
        The plan's VAT basis (:func:`plan_vat_basis`).
    off_peak_share : float
        Share of tokens processed outside the provider's peak hours, priced
        at ``entry.off_peak_factor`` (no effect when it has none). [1]

    Returns
    -------
    tuple of float
        The bill of each month. [CNY]

    Notes
    -----
    month = (in·((1−h)·p_miss + h·p_hit) + out·p_out) / 10⁶
    · (1 − s·(1 − f)) · fx · vat, with p_hit = p_miss where no cache price is
    listed, s the off-peak share and f the off-peak factor.

    Examples
    --------
    One month of 100 M input tokens (half from the cache) and 20 M output
    tokens at DeepSeek's deepseek-flash peak list price (2 CNY miss, 0.04 CNY
    hit, 8 CNY output per 10⁶ tokens, VAT included), gross:

    >>> from gpu_advisor.io.catalog import load_catalog
    >>> flash = next(e for e in load_catalog().hosted_apis if e.id == "deepseek/deepseek-flash")
    >>> hosted_monthly_cost(flash, [100e6], [20e6], 0.5, 1.0, VatBasis(False))
    (262.0,)
    >>> [round(v, 2) for v in hosted_monthly_cost(flash, [100e6], [20e6], 0.5, 1.0, VatBasis(True))]
    [247.17]
    """
    if len(input_tokens_by_month) != len(output_tokens_by_month):
        raise ValueError("need as many months of input tokens as of output tokens")
    if not 0.0 <= cache_hit_share <= 1.0 or not 0.0 <= off_peak_share <= 1.0:
        raise ValueError("need 0 <= cache_hit_share <= 1 and 0 <= off_peak_share <= 1")
    if not fx > 0:
        raise ValueError("need fx > 0 CNY per unit of the entry's currency")
    miss = entry.input_per_million
    hit = (
        miss
        if entry.cached_input_per_million is None
        else entry.cached_input_per_million
    )
    per_input = (1.0 - cache_hit_share) * miss + cache_hit_share * hit
    factor = entry.off_peak_factor if entry.off_peak_factor is not None else 1.0
    scale = (
        (1.0 - off_peak_share * (1.0 - factor))
        * fx
        * vat_basis.factor(entry.includes_vat)
        / TOKENS_PER_MILLION
    )
    out: list[float] = []
    for tokens_in, tokens_out in zip(
        input_tokens_by_month, output_tokens_by_month, strict=True
    ):
        if tokens_in < 0 or tokens_out < 0:
            raise ValueError("need token counts >= 0")
        out.append(
            (tokens_in * per_input + tokens_out * entry.output_per_million) * scale
        )
    return tuple(out)


def _residency_reason(
    entry: HostedApiPrice, residency: DataResidency
) -> Message | None:
    """Why the residency setting rules ``entry`` out, or None."""
    if residency is DataResidency.OWN_HARDWARE:
        return Message(code="hosted.reason.residency_own_hardware")
    if residency in (DataResidency.COUNTRY, DataResidency.CITY) and (
        entry.region is not HostedRegion.CN
    ):
        return Message(
            code="hosted.reason.residency_abroad",
            params={"provider": entry.provider_key},
        )
    return None


def _model_name(catalog: Catalog, model_preset: str) -> str:
    """The preset's display name, or its id when the catalog lacks it."""
    for preset in catalog.models:
        if preset.id == model_preset:
            return preset.name
    return model_preset


def hosted_candidates(
    catalog: Catalog,
    model_preset: str | None,
    residency: DataResidency,
    *,
    own_weights: bool = False,
) -> list[tuple[HostedApiPrice, Message | None]]:
    """Every hosted API of the catalog, in its order, with ``None`` when the
    plan may use it or the reason it may not (see the module's rules).

    Parameters
    ----------
    catalog : Catalog
        The shipped catalog (its ``hosted_apis`` and model presets).
    model_preset : str or None
        The plan's model preset (``workload.model_preset``); None for a plan
        with its own shape.
    residency : DataResidency
        ``budget.data_residency``.
    own_weights : bool
        The plan serves weights it trains or fine-tunes itself (a serving
        phase after pre-training or fine-tuning), not the published model.

    Examples
    --------
    >>> from gpu_advisor.io.catalog import load_catalog
    >>> rows = hosted_candidates(load_catalog(), "qwen2.5-72b", DataResidency.COUNTRY)
    >>> [e.id for e, why in rows if why is None]
    ['siliconflow/qwen2.5-72b-instruct', 'aliyun/qwen2.5-72b-instruct']
    >>> {why.code for e, why in hosted_candidates(load_catalog(), "qwen2.5-72b",
    ...                                           DataResidency.OWN_HARDWARE) if why}
    {'hosted.reason.residency_own_hardware'}
    """
    name = _model_name(catalog, model_preset) if model_preset else ""
    served = model_preset is not None and any(
        model_preset in e.model_presets for e in catalog.hosted_apis
    )
    rows: list[tuple[HostedApiPrice, Message | None]] = []
    for entry in catalog.hosted_apis:
        reason = _residency_reason(entry, residency)
        if reason is None and own_weights:
            reason = Message(code="hosted.reason.own_weights")
        elif reason is None and model_preset is None:
            reason = Message(code="hosted.reason.custom_model")
        elif reason is None and model_preset not in entry.model_presets:
            code = "other_model" if served else "model_served_nowhere"
            reason = Message(
                code=f"hosted.reason.{code}",
                params={
                    "model": name,
                    "provider": entry.provider_key,
                    "served": entry.name,
                },
            )
        rows.append((entry, reason))
    return rows


@dataclass(frozen=True)
class PerMillion:
    """A total over the tokens it paid for. [CNY per 10⁶ tokens]; None where
    there were no tokens of that kind."""

    output_cny: float | None
    """The whole total over the output tokens: the figure serving results quote."""
    input_cny: float | None
    """The whole total over the input tokens."""
    tokens_cny: float | None
    """The whole total over input and output tokens together."""


def cost_per_million_tokens(
    total_cny: float, input_tokens: float, output_tokens: float
) -> PerMillion:
    """Cost per million tokens of any option (owned, rented or hosted).

    Each figure divides the whole total by one count of tokens, so they are
    alternative views of one cost, not parts of it: a self-hosted fleet's
    cost cannot be split between the tokens it reads and those it writes.

    Parameters
    ----------
    total_cny : float
        What the option costs over the period. [CNY]
    input_tokens, output_tokens : float
        Tokens served over the same period. [tokens]

    Examples
    --------
    >>> cost_per_million_tokens(262.0, 100e6, 20e6)
    PerMillion(output_cny=13.1, input_cny=2.62, tokens_cny=2.183333333333333)
    >>> cost_per_million_tokens(10.0, 0, 0).output_cny is None
    True
    """
    if input_tokens < 0 or output_tokens < 0 or total_cny < 0:
        raise ValueError("need total_cny >= 0 and token counts >= 0")

    def per(tokens: float) -> float | None:
        return total_cny / (tokens / TOKENS_PER_MILLION) if tokens > 0 else None

    return PerMillion(
        output_cny=per(output_tokens),
        input_cny=per(input_tokens),
        tokens_cny=per(input_tokens + output_tokens),
    )
