"""The PDF plan: decision and finance pages, cover, contents, the sections, sign-off, annex.

:func:`build_plan_pdf` renders a project and its :class:`Evaluation` into PDF
bytes with reportlab's platypus. The same inputs always give the same bytes:
the canvas runs in reportlab's *invariant* mode, the creation date is the
project's ``meta.plan_date`` and reportlab derives the document ID (trailer
``/ID``) from the title, author, subject and keywords, which hold the plan
fingerprint, the app version and the signer.

The fingerprint (SHA-256 of the canonical project JSON and the app version,
see :func:`gpu_advisor.io.project_file.fingerprint`) is printed in full on the
cover and the sign-off page and stored in the PDF keywords, where
:mod:`gpu_advisor.report.verify` reads it back.

:func:`render_plan` is "the plan of this project": the one evaluation with
the plan's Monte Carlo draws and seed, rendered. Every writer of a plan goes
through it (File ▸ Export PDF…, Print…, Sign…, ``gpu-advisor-cli report``,
``verify`` regenerating the plan to compare, the self-test), so that a
signature's byte-for-byte check regenerates what was signed.

This ``__init__`` holds the public entry points (:func:`render_plan`,
:func:`build_plan_pdf`, :func:`write_plan_pdf`, :data:`MONTE_CARLO_DRAWS`),
the order of the plan's parts, and the imports they need (:class:`Signer`
is the type of their ``signer`` argument). Each part of the plan has a
module of its own:

- :mod:`~gpu_advisor.report.plan.decision`, :mod:`~gpu_advisor.report.plan.finance`:
  page 1 (the decision) and page 2 (the finance view);
- :mod:`~gpu_advisor.report.plan.cover`, :mod:`~gpu_advisor.report.plan.summary`,
  :mod:`~gpu_advisor.report.plan.sizing`, :mod:`~gpu_advisor.report.plan.cost`,
  :mod:`~gpu_advisor.report.plan.scenarios`, :mod:`~gpu_advisor.report.plan.vendors`,
  :mod:`~gpu_advisor.report.plan.checklist`, :mod:`~gpu_advisor.report.plan.signoff`:
  the cover and the sections for the reader who signs;
- :mod:`~gpu_advisor.report.plan.annex` (divider, environment, monitoring) and
  :mod:`~gpu_advisor.report.plan.assumptions`: the engineers' appendices;
- :mod:`~gpu_advisor.report.plan.document` (styles, page templates, canvas,
  the story builder), :mod:`~gpu_advisor.report.plan.shared` (helpers several
  sections use), :mod:`~gpu_advisor.report.plan.keywords` (what the PDF's
  keywords record) and :mod:`~gpu_advisor.report.plan.bilingual` (a primary
  and a second language side by side).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from reportlab.platypus import CondPageBreak, NextPageTemplate, TableStyle
from reportlab.platypus.tableofcontents import TableOfContents

from gpu_advisor import __version__
from gpu_advisor.engine import api
from gpu_advisor.engine.api import PlanEvaluation
from gpu_advisor.engine.plan_defaults import (
    PLAN_MONTE_CARLO_DRAWS,
    PLAN_MONTE_CARLO_SEED,
)
from gpu_advisor.io.project_file import fingerprint, write_atomically
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import Language, PlanLanguage
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import Project
from gpu_advisor.report import kinsoku
from gpu_advisor.report.fonts import register_cjk_font
from gpu_advisor.report.plan.annex import (
    annex_divider,
    environment_section,
    monitoring_section,
)
from gpu_advisor.report.plan.assumptions import assumptions_section
from gpu_advisor.report.plan.bilingual import (
    align_parts,
    plan_languages,
    side_by_side,
)
from gpu_advisor.report.plan.checklist import checklist_section
from gpu_advisor.report.plan.cost import cost_section
from gpu_advisor.report.plan.cover import cover_page
from gpu_advisor.report.plan.decision import decision_page
from gpu_advisor.report.plan.document import MARGIN, PAPER_SIZES, Story, Styles, layout
from gpu_advisor.report.plan.finance import finance_page
from gpu_advisor.report.plan.keywords import Signer
from gpu_advisor.report.plan.scenarios import scenarios_section
from gpu_advisor.report.plan.serving import serving_section
from gpu_advisor.report.plan.signoff import signoff_section
from gpu_advisor.report.plan.sizing import sizing_section
from gpu_advisor.report.plan.summary import summary_section
from gpu_advisor.report.plan.vendors import vendors_section
from gpu_advisor.words.money import amounts_in

__all__ = [
    "MONTE_CARLO_DRAWS",
    "Signer",
    "build_plan_pdf",
    "render_plan",
    "write_plan_pdf",
]

MONTE_CARLO_DRAWS: Final = PLAN_MONTE_CARLO_DRAWS
"""Draws for the plan's price-uncertainty section (DESIGN: ≤ 100 ms)."""


def render_plan(
    project: Project,
    catalog: Catalog,
    *,
    language: PlanLanguage | Language | str | None = None,
    paper: str = "a4",
    signer: Signer | None = None,
    font_path: str | Path | None = None,
    app_version: str = __version__,
    previous: PlanEvaluation | None = None,
) -> bytes:
    """The plan of ``project`` as PDF bytes: what every writer of a plan writes.

    One :func:`~gpu_advisor.engine.evaluate.evaluate_plan` with the plan's
    Monte Carlo draws and seed (:mod:`gpu_advisor.engine.plan_defaults`),
    rendered by :func:`build_plan_pdf`. The export, print, signing, ``report``
    and ``verify`` all call this, so the same project gives the same bytes
    everywhere (``verify`` regenerates the plan and compares it byte for byte).

    Parameters
    ----------
    project : Project
        The plan.
    catalog : Catalog
        The shipped catalog.
    language, paper, signer, font_path, app_version
        As for :func:`build_plan_pdf`.
    previous : PlanEvaluation, optional
        The plan's evaluation when the caller already made it (the
        self-test): used when it evaluates this very project with the plan's
        draws and seed, which is what ``evaluate_plan`` would give; otherwise
        the plan is evaluated here.

    Returns
    -------
    bytes
        The PDF; identical bytes for identical inputs.
    """
    mc = None if previous is None else previous.monte_carlo
    evaluation = (
        previous
        if previous is not None
        and previous.project is project
        and mc is not None
        and (mc.draws, mc.seed) == (PLAN_MONTE_CARLO_DRAWS, PLAN_MONTE_CARLO_SEED)
        else api.evaluate_plan(project, catalog)  # the plan's draws and seed
    )
    return build_plan_pdf(
        project,
        evaluation,
        catalog,
        language=language,
        paper=paper,
        app_version=app_version,
        font_path=font_path,
        signer=signer,
    )


def build_plan_pdf(
    project: Project,
    evaluation: Evaluation,
    catalog: Catalog,
    *,
    language: PlanLanguage | Language | str | None = None,
    paper: str = "a4",
    app_version: str = __version__,
    font_path: str | Path | None = None,
    signer: Signer | None = None,
) -> bytes:
    """Render the plan as PDF bytes.

    Parameters
    ----------
    project : Project
        The plan's inputs.
    evaluation : Evaluation
        ``evaluate(project, catalog, monte_carlo_draws=10000, seed=0)``.
    catalog : Catalog
        The catalog the evaluation used (names, sources, checklist).
    language : PlanLanguage, Language or str, optional
        A :class:`~gpu_advisor.model.common.PlanLanguage`, a catalog's code
        (``"zh"``), or a primary and a second language
        (``"zh+en"``: their pages side by side on paper twice as wide, see
        :func:`side_by_side`; :data:`BILINGUAL` is ``"zh+en"``); default: the
        project's language. See :func:`plan_languages`.
    paper : str
        ``"a4"`` (default) or ``"letter"``.
    app_version : str
        Version printed on the plan and hashed into the fingerprint.
    font_path : str or Path, optional
        A CJK TrueType font chosen by the user (see :mod:`gpu_advisor.report.fonts`).
    signer : Signer, optional
        Who signs it in the app: name, role and date go into the sign-off
        row of that role on page 1 and in the sign-off section.

    Returns
    -------
    bytes
        The PDF; identical bytes for identical inputs.

    Raises
    ------
    FontNotFoundError
        When no CJK font can be embedded.
    ValueError
        For an unknown paper size or language.
    """
    if paper not in PAPER_SIZES:
        raise ValueError(f"paper must be one of {sorted(PAPER_SIZES)}, got {paper!r}")
    font = register_cjk_font(font_path)
    kinsoku.install()
    fp = fingerprint(project, app_version)
    currency = evaluation.cost.currency  # every amount in the plan's currency
    with amounts_in(currency.code, currency.cny_per_unit):
        # one plan evaluation for every section and both languages: vendors and
        # rollout computed once, on the evaluation's own sizing
        args = (project, api.as_plan_evaluation(evaluation, project, catalog), catalog)
        first, second = plan_languages(language, project.meta.language)
        if second is not None:
            stories = [
                _plan_story(*args, lang, paper, app_version, font, signer, fp)
                for lang in (first, second)
            ]
            align_parts(stories[0].items, stories[1].items, stories[0].width, parts=2)
            left, right = (
                layout(story, project, story.lang, paper, app_version, signer, fp)
                for story in stories
            )
            return side_by_side(left, right)
        return _render_plan(*args, first, paper, app_version, font, signer, fp)[0]


def _render_plan(
    project: Project,
    evaluation: PlanEvaluation,
    catalog: Catalog,
    lang: Language,
    paper: str,
    app_version: str,
    font: str,
    signer: Signer | None,
    fp: str,
) -> tuple[bytes, list[int]]:
    """The plan in one language, and the first page of each of its parts."""
    st = _plan_story(
        project, evaluation, catalog, lang, paper, app_version, font, signer, fp
    )
    return layout(st, project, lang, paper, app_version, signer, fp)


def _plan_story(
    project: Project,
    evaluation: PlanEvaluation,
    catalog: Catalog,
    lang: Language,
    paper: str,
    app_version: str,
    font: str,
    signer: Signer | None,
    fp: str,
) -> Story:
    """Every flowable of the plan in one language, in order."""
    styles = Styles(font, lang)
    pagesize = PAPER_SIZES[paper]
    width = pagesize[0] - 2 * MARGIN
    st = Story(lang, styles, width)

    decision_page(st, project, evaluation, catalog, signer)
    st.page_break()
    finance_page(st, project, evaluation)
    st.page_break()
    cover_page(st, project, catalog, fp, app_version)
    st.items.append(NextPageTemplate("body"))
    st.page_break()
    toc = TableOfContents(
        levelStyles=styles.toc_levels,
        dotsMinLevel=0,
        tableStyle=TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        ),
    )
    st.p(st.t("doc.toc"), styles.h1)
    st.items.append(toc)
    st.page_break()
    summary_section(st, project, evaluation, catalog)
    st.page_break()
    sizing_section(st, project, evaluation, catalog)
    st.page_break()
    if serving_section(st, project, evaluation, catalog):
        st.page_break()
    cost_section(st, project, evaluation)
    st.page_break()
    scenarios_section(st, project, catalog)
    vendors_section(st, project, evaluation, catalog)
    st.page_break()
    checklist_section(st, project, evaluation, catalog)
    st.page_break()
    signoff_section(st, project, fp, app_version, signer)
    st.page_break()
    annex_divider(st)
    st.page_break()
    rollout = evaluation.rollout
    environment_section(st, rollout)
    st.items.append(CondPageBreak(120))
    monitoring_section(st, rollout)
    st.page_break()
    assumptions_section(st, evaluation, catalog)
    return st


def write_plan_pdf(
    path: str | Path,
    project: Project,
    evaluation: Evaluation,
    catalog: Catalog,
    **kwargs: Any,
) -> None:
    """Build the plan (see :func:`build_plan_pdf`) and write it to ``path``."""
    data = build_plan_pdf(project, evaluation, catalog, **kwargs)
    write_atomically(Path(path), data)
