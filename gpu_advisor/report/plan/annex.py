"""The engineers' annex: its divider page, the launch file and the monitoring rules."""

from __future__ import annotations

from typing import Final

from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from gpu_advisor import words
from gpu_advisor.engine import api
from gpu_advisor.engine.api import Rollout
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Language
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import Project, Scheduler
from gpu_advisor.report.plan.document import Heading, Story, wrap_code
from gpu_advisor.report.text import counted

ANNEX_MARKER: Final = "annex"
"""Outline key of the divider page: text before it is for the reader who signs."""


def annex_divider(st: Story) -> None:
    """A page that separates the plan from the engineers' appendices."""
    st.items.append(Spacer(1, 60 * mm))
    st.items.append(Heading(st.t("doc.annex"), st.s.title, 0, ANNEX_MARKER))
    st.p(st.t("doc.annex_intro"), st.s.lead)


def annex_code(
    project: Project, evaluation: Evaluation, catalog: Catalog, language: Language
) -> list[str]:
    """The configuration files the annex prints, as printed (wrapped lines).

    Everything else in the plan is prose for the reader; these are files to
    copy (their keys and commands are not words of either language).
    """
    rollout = api.as_plan_evaluation(evaluation, project, catalog).rollout
    return [
        wrap_code(rollout.launch_file(words.wording(language)).text),
        wrap_code(
            rollout.monitoring_file("prometheus-alerts", words.wording(language)).text
        ),
    ]


def environment_section(st: Story, rollout: Rollout) -> None:
    """The launch file as the rollout writes it (the evaluation's nodes and network)."""
    env = rollout.environment
    st.h1("environment")
    st.p(
        st.t(
            "env.intro",
            scheduler=st.t(f"sched.{env.scheduler.value}"),
            image=env.pytorch_image,
            cuda=env.cuda_version,
            nodes=counted(env.nodes, "server", st.lang),
            per_node=counted(env.gpus_per_node, "card", st.lang),
        )
    )
    heading = {
        Scheduler.KUBERNETES: "env.kubernetes",
        Scheduler.SLURM: "env.slurm",
    }.get(env.scheduler, "env.bare")
    st.h2(st.t(heading))
    st.code(rollout.launch_file(words.wording(st.lang)).text)


def monitoring_section(st: Story, rollout: Rollout) -> None:
    """The monitoring thresholds and the alert rules the rollout writes."""
    mon = rollout.project.monitoring
    st.h1("monitoring")
    st.p(
        st.t(
            "mon.intro",
            scrape=mon.scrape_interval_s,
            temp=f"{mon.gpu_temp_c:g}",
            mem_temp=f"{mon.memory_temp_c:g}",
            util=f"{mon.util_low_pct:g}",
            window=mon.util_window_minutes,
            hang=mon.nccl_hang_minutes,
        )
    )
    st.h2(st.t("mon.rules"))
    st.code(rollout.monitoring_file("prometheus-alerts", words.wording(st.lang)).text)
