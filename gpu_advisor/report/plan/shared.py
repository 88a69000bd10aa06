"""Helpers several sections of the plan share: option names and colours, lookups, value text."""

from __future__ import annotations

from gpu_advisor import words
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Language
from gpu_advisor.model.cost_results import OptionResult
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import OptionId, Project
from gpu_advisor.report.numbers import plain_number
from gpu_advisor.report.palette import OPTION_COLORS
from gpu_advisor.report.plan.document import Story
from gpu_advisor.report.text import gpu_hours, gpu_hours_band, has_text, money


def hours_with_band(
    st: Story, hours: float, low: float | None, high: float | None
) -> str:
    """GPU-hours with their P10–P90 band when the engine gives one."""
    text = gpu_hours(hours, st.lang)
    if low is None or high is None or not high > low:
        return text
    return str(
        st.t("kn.hours_band", hours=text, band=gpu_hours_band(low, high, st.lang))
    )


def option_name(st: Story, option_id: str) -> str:
    """An option's printed name (its id when the text table has none)."""
    key = f"opt.{option_id}"
    return st.t(key) if has_text(key) else option_id


def option_colors(st: Story) -> dict[str, str]:
    """Option name (as printed) -> the colour the app draws that option in."""
    return {option_name(st, oid): hex_ for oid, hex_ in OPTION_COLORS.items()}


def gpu_name(catalog: Catalog, gpu_id: str) -> str:
    """A GPU's catalog name (its id when the catalog has none)."""
    try:
        return catalog.gpu(gpu_id).name
    except KeyError:
        return gpu_id


def option_by_id(ev: Evaluation, option_id: object) -> OptionResult | None:
    """The priced option with this id, or None."""
    for option in ev.cost.options:
        if str(option.id) == str(option_id):
            return option
    return None


def per_hour(option: OptionResult, language: Language) -> str:
    """Cost per useful GPU-hour, two decimals ("—" when there is none)."""
    value = option.cost_per_useful_gpu_hour_cny
    return "—" if value is None else money(value, language, 2)


def recommend_sentence(st: Story, project: Project, ev: Evaluation) -> str | None:
    """The recommendation in one sentence: option, horizon, total, per GPU-hour."""
    rec = ev.cost.recommendation
    best = option_by_id(ev, rec.option)
    if best is None:
        return None
    values = {
        "option": option_name(st, str(rec.option)),
        "months": project.meta.horizon_months,
        "total": money(best.total_cny, st.lang),
        "per_hour": per_hour(best, st.lang),
    }
    if not rec.complete:  # the totals pay for part of the job only
        return words.say("work.cheapest_partial_sentence", st.lang, values)
    serving = ev.cost.serving
    row = serving.option(best.id) if serving is not None else None
    if best.id is OptionId.HOSTED_API and row is not None:
        # tokens, not card-hours: its price per million output tokens
        per_million = money(row.cny_per_million_output_tokens, st.lang, 2)
        return st.t("sum.recommend_sentence_hosted", **values, per_million=per_million)
    return st.t("sum.recommend_sentence", **values)


def breakdown_name(st: Story, key: str) -> str:
    """A cost line's printed name (its key in words when the text table has none)."""
    text_key = f"bd.{key}"
    return st.t(text_key) if has_text(text_key) else key.replace("_", " ")


def fmt_value(value: float | str) -> str:
    """An input value, never in scientific notation."""
    if isinstance(value, str):
        return value
    if value != 0 and abs(value) < 1e-3:
        return f"{value:.8f}".rstrip("0")
    if abs(value) >= 1000:
        return plain_number(value)
    return f"{value:.4g}"


def region_name(catalog: Catalog, project: Project, lang: Language) -> str:
    """The plan's region in the plan's language (its id when the catalog has none)."""
    try:
        region = catalog.region(project.meta.region_id)
    except KeyError:
        return project.meta.region_id
    return words.say(f"region.{region.id}", lang)
