"""The PDF plan: cover, contents, nine sections, sign-off page.

:func:`build_plan_pdf` renders a project and its :class:`Evaluation` into PDF
bytes with reportlab's platypus. The same inputs always give the same bytes:
the canvas runs in reportlab's *invariant* mode, the creation date is the
project's ``meta.plan_date`` and the document ID is derived from the plan
fingerprint, language and paper size.

The fingerprint (SHA-256 of the canonical project JSON and the app version,
see :func:`gpu_advisor.io.project_file.fingerprint`) is printed in full on the
cover and the sign-off page and stored in the PDF keywords, where
:mod:`gpu_advisor.report.verify` reads it back.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any, Final
from xml.sax.saxutils import escape

from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import PDFText
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Preformatted,
    Spacer,
    Table,
    TableStyle,
    XPreformatted,
)
from reportlab.platypus.tableofcontents import TableOfContents

from gpu_advisor import __version__
from gpu_advisor.engine import api
from gpu_advisor.engine.api import (
    CALIBRATION_RUNS,
    CALIBRATION_RUNS_INSIDE,
    GPU_HOURS_BAND_KEY,
    Check,
    Criterion,
    PlanEvaluation,
    Rollout,
)
from gpu_advisor.engine.plan_defaults import PLAN_MONTE_CARLO_DRAWS
from gpu_advisor.io.project_file import fingerprint, write_atomically
from gpu_advisor.model.catalog import Catalog
from gpu_advisor.model.common import (
    Advice,
    Explanation,
    Language,
    PlanLanguage,
    Severity,
)
from gpu_advisor.model.cost_results import OptionResult
from gpu_advisor.model.evaluation import Evaluation
from gpu_advisor.model.project import (
    CheckStatus,
    PlanStatus,
    Project,
    Scheduler,
)
from gpu_advisor.model.scenario_results import SCENARIO_MEASURES
from gpu_advisor.report import charts, kinsoku
from gpu_advisor.report.fonts import MONO_FONT_NAME, register_cjk_font
from gpu_advisor.report.glossary import cite_articles, value_text
from gpu_advisor.report.numbers import money_words, plain_number
from gpu_advisor.report.palette import MEMORY_PART_COLORS, OPTION_COLORS
from gpu_advisor.report.scenario_text import changes_text
from gpu_advisor.report.text import TEXTS as _TEXT_KEYS
from gpu_advisor.report.text import count as fmt_count
from gpu_advisor.report.text import (
    counted,
    days,
    flops,
    gib,
    gpu_hours,
    gpu_hours_band,
    money,
    money_short,
    params,
    percent,
    role_text,
    tokens,
    tr,
    unit_text,
)
from gpu_advisor.report.vendor_checks import check_name, measured_text, threshold_text

PAPER_SIZES: Final = {"a4": A4, "letter": LETTER}
"""Supported paper sizes (width, height) [pt]."""

KEYWORD_FINGERPRINT: Final = "gpu-advisor-fingerprint"
KEYWORD_VERSION: Final = "gpu-advisor-version"
KEYWORD_SIGNER: Final = "gpu-advisor-signer"
"""Keyword carrying the in-app signer (name, role, date) that the plan prints,
so that verification can regenerate exactly the pages that were signed."""


def _hours_with_band(
    st: _Story, hours: float, low: float | None, high: float | None
) -> str:
    """GPU-hours with their P10–P90 band when the engine gives one."""
    text = gpu_hours(hours, st.lang)
    if low is None or high is None or not high > low:
        return text
    return str(
        st.t("kn.hours_band", hours=text, band=gpu_hours_band(low, high, st.lang))
    )


def encode_signer(signer: Signer) -> str:
    """The signer as one keyword-safe token (base64url of JSON)."""
    import base64
    import json

    raw = json.dumps(
        [signer.name, signer.role, signer.date.isoformat()], ensure_ascii=False
    ).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def decode_signer(token: str) -> Signer | None:
    """The inverse of :func:`encode_signer`; None for anything malformed."""
    import base64
    import json

    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        name, role, date = json.loads(raw.decode("utf-8"))
        return Signer(name=str(name), role=str(role), date=dt.date.fromisoformat(date))
    except (ValueError, TypeError):
        return None


MONTE_CARLO_DRAWS: Final = PLAN_MONTE_CARLO_DRAWS
"""Draws for the plan's price-uncertainty section (DESIGN: ≤ 100 ms)."""

VERIFY_COMMAND: Final = "gpu-advisor-cli verify plan.pdf project.gpuplan"

_MARGIN: Final = 18 * mm
_INK: Final = colors.HexColor("#1b2a3a")
_ACCENT: Final = colors.HexColor("#1f5fa8")
_MUTED: Final = colors.HexColor("#666666")
_HEADER_BG: Final = colors.HexColor("#e6edf5")
_CODE_BG: Final = colors.HexColor("#f4f4f4")
_STATUS_COLORS: Final = {
    CheckStatus.PASS: colors.HexColor("#d8efd9"),
    CheckStatus.FAIL: colors.HexColor("#f6d5d5"),
    CheckStatus.OPEN: colors.HexColor("#fdf0cf"),
    CheckStatus.NOT_APPLICABLE: colors.HexColor("#eeeeee"),
}
_VERDICT_COLOURS: Final = {
    "pass": colors.HexColor("#d8efd9"),
    "warn": colors.HexColor("#fdf0cf"),
    "fail": colors.HexColor("#f6d5d5"),
}
_SECTIONS: Final = (
    "summary",
    "sizing",
    "cost",
    "vendors",
    "checklist",
    "signoff",
    # behind the annex divider: for the engineers
    "environment",
    "monitoring",
    "assumptions",
)
# --- styles ---------------------------------------------------------------


def _table_style(pad_v: float, pad_h: float, extra: Sequence[Any] = ()) -> TableStyle:
    """Every table's look: shaded header, rules, top-aligned cells. [pt]"""
    return TableStyle(
        [
            ("BACKGROUND", (0, 0), (-1, 0), _HEADER_BG),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, _ACCENT),
            ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.HexColor("#cccccc")),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), pad_v),
            ("BOTTOMPADDING", (0, 0), (-1, -1), pad_v),
            ("LEFTPADDING", (0, 0), (-1, -1), pad_h),
            ("RIGHTPADDING", (0, 0), (-1, -1), pad_h),
            *extra,
        ]
    )


class _Styles:
    """Paragraph styles for one language and font."""

    def __init__(self, font: str, language: Language) -> None:
        wrap = "CJK" if language is Language.ZH else None
        leading = 1.55 if language is Language.ZH else 1.35

        def style(name: str, size: float, **kw: Any) -> ParagraphStyle:
            kw.setdefault("leading", size * leading)
            kw.setdefault("textColor", _INK)
            return ParagraphStyle(
                name, fontName=font, fontSize=size, wordWrap=wrap, **kw
            )

        self.font = font
        self.body = style("body", 9.5, spaceAfter=5)
        self.small = style("small", 7.5, textColor=_MUTED)
        self.cell = style("cell", 8)
        self.cell_head = style("cell_head", 8, textColor=_INK)
        self.bullet = style("bullet", 9.5, leftIndent=12, bulletIndent=2, spaceAfter=2)
        self.h1 = style(
            "h1", 16, spaceBefore=4, spaceAfter=10, textColor=_ACCENT, keepWithNext=1
        )
        self.h2 = style("h2", 11.5, spaceBefore=10, spaceAfter=5, keepWithNext=1)
        self.title = style("title", 26, leading=34, spaceAfter=8, textColor=_ACCENT)
        self.kicker = style("kicker", 12, textColor=_MUTED, spaceAfter=4)
        self.center = style("center", 9.5, alignment=TA_CENTER)
        self.page_title = style("page_title", 17, spaceAfter=4, textColor=_ACCENT)
        self.lead = style("lead", 11.5, spaceAfter=4, textColor=_INK)
        self.h3 = style(
            "h3", 10, spaceBefore=5, spaceAfter=2, textColor=_ACCENT, keepWithNext=1
        )
        self.compact = style("compact", 8.2, spaceAfter=2)
        self.compact_bullet = style(
            "compact_bullet", 8.2, leftIndent=10, bulletIndent=1, spaceAfter=0.5
        )
        self.tight = style("tight", 7.8, leading=7.8 * (leading - 0.15))
        self.tight_head = style("tight_head", 7.8, leading=7.8 * (leading - 0.15))
        self.code = ParagraphStyle(
            "code",
            fontName=MONO_FONT_NAME,
            fontSize=7,
            leading=8.6,
            backColor=_CODE_BG,
            borderPadding=(4, 4, 4, 4),
            spaceBefore=6,
            spaceAfter=10,
            leftIndent=4,
            rightIndent=4,
        )
        self.fingerprint = ParagraphStyle(
            "fp", fontName=MONO_FONT_NAME, fontSize=8.5, leading=11, textColor=_INK
        )
        self.toc_levels = [
            style(
                "toc0", 10, leading=14, leftIndent=0, firstLineIndent=0, spaceBefore=4
            ),
            style(
                "toc1",
                8.5,
                leading=11.5,
                leftIndent=16,
                firstLineIndent=0,
                textColor=_MUTED,
            ),
        ]


class _Heading(Paragraph):
    """A heading that the document enters in the TOC and the PDF outline."""

    def __init__(self, text: str, style: ParagraphStyle, level: int, key: str) -> None:
        super().__init__(escape(text), style)
        self.toc_text = text
        self.toc_level = level
        self.toc_key = key


# --- page frame: header, footer, page x of y --------------------------------


def _canvas_class(
    *,
    title: str,
    status: str,
    language: Language,
    font: str,
    plan_date: dt.date,
    doc_id: bytes,
) -> type[Canvas]:
    """A canvas that draws header and footer once the page count is known."""

    def pdf_date(*_: int) -> str:
        return f"D:{plan_date:%Y%m%d}000000+00'00'"

    class PlanCanvas(Canvas):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._page_states: list[dict[str, Any]] = []

        def showPage(self) -> None:  # noqa: N802 - reportlab's name
            self._page_states.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._page_states)
            for state in self._page_states:
                self.__dict__.update(state)
                if self._pageNumber > 1:
                    self._frame(total)
                super().showPage()
            self.setDateFormatter(pdf_date)
            ids = PDFText(doc_id, enc="raw").format(self._doc)
            self._doc._ID = (
                b"\n["
                + ids
                + ids
                + b"]\n% ReportLab generated PDF document -- digest (opensource)\n"
            )
            super().save()

        def _frame(self, total: int) -> None:
            width, height = self._pagesize
            self.saveState()
            self.setStrokeColor(colors.HexColor("#c8d3df"))
            self.setLineWidth(0.5)
            self.line(
                _MARGIN, height - _MARGIN + 12, width - _MARGIN, height - _MARGIN + 12
            )
            self.line(_MARGIN, _MARGIN - 10, width - _MARGIN, _MARGIN - 10)
            self.setFont(font, 7.5)
            self.setFillColor(_MUTED)
            self.drawString(_MARGIN, height - _MARGIN + 16, _clip(title, 70))
            self.drawRightString(width - _MARGIN, height - _MARGIN + 16, status)
            footer = f"{_clip(title, 60)} — " + tr(
                "doc.page_of", language, page=self._pageNumber, pages=total
            )
            self.drawCentredString(width / 2, _MARGIN - 22, footer)
            self.restoreState()

    return PlanCanvas


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _PartStart(Flowable):
    """Marks where a part of the plan begins (after each page break); draws nothing.

    The bilingual plan puts the same part of the Chinese and the English plan
    side by side, so it needs the page each part starts on in both.
    """

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index

    def wrap(self, _avail_width: float, _avail_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        return None


class _PlanDoc(BaseDocTemplate):
    """Two page templates (cover, body); headings feed the TOC and outline."""

    def __init__(self, buffer: io.BytesIO, **kwargs: Any) -> None:
        super().__init__(buffer, **kwargs)
        width, height = self.pagesize
        frame = Frame(
            _MARGIN,
            _MARGIN,
            width - 2 * _MARGIN,
            height - 2 * _MARGIN,
            id="main",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        self.chunk_pages = {0: 1}
        self.addPageTemplates(
            [
                PageTemplate(id="cover", frames=[frame]),
                PageTemplate(id="body", frames=[frame]),
            ]
        )

    chunk_pages: dict[int, int]
    """Page (1-based) on which each part of the plan begins (see :class:`_PartStart`)."""

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802 - reportlab's name
        if isinstance(flowable, _PartStart):
            self.chunk_pages[flowable.index] = self.page
        if isinstance(flowable, _Heading):
            key = flowable.toc_key
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(flowable.toc_text, key, level=flowable.toc_level)
            self.notify(
                "TOCEntry", (flowable.toc_level, flowable.toc_text, self.page, key)
            )


# --- the story builder ------------------------------------------------------


class _Story:
    """Collects flowables with the helpers every section uses."""

    def __init__(self, language: Language, styles: _Styles, width: float) -> None:
        self.lang = language
        self.s = styles
        self.width = width
        self.items: list[Flowable] = []
        self._section = 0
        self._sub = 0
        self.section_numbers: dict[str, int] = {}
        self.parts = 0
        """Parts (runs of pages between page breaks) begun so far."""

    def t(self, key: str, **kwargs: object) -> str:
        return tr(key, self.lang, **kwargs)

    def h1(self, section: str) -> None:
        self._section += 1
        self._sub = 0
        self.section_numbers[section] = self._section
        text = f"{self._section}  {self.t('sec.' + section)}"
        self.items.append(_Heading(text, self.s.h1, 0, f"sec-{section}"))

    def h2(self, text: str) -> None:
        self._sub += 1
        label = f"{self._section}.{self._sub}  {text}"
        self.items.append(
            _Heading(label, self.s.h2, 1, f"sec-{self._section}-{self._sub}")
        )

    def p(
        self, text: str, style: ParagraphStyle | None = None, *, markup: bool = False
    ) -> None:
        text = cite_articles(text, self.lang)
        self.items.append(
            Paragraph(text if markup else escape(text), style or self.s.body)
        )

    def bullets(self, texts: Sequence[str]) -> None:
        for text in texts:
            self.items.append(
                Paragraph(
                    escape(cite_articles(text, self.lang)),
                    self.s.bullet,
                    bulletText="•",
                )
            )

    def cell(self, text: object, style: ParagraphStyle | None = None) -> Paragraph:
        return Paragraph(
            escape(cite_articles(str(text), self.lang)), style or self.s.cell
        )

    def table(
        self,
        header: Sequence[str],
        rows: Sequence[Sequence[object]],
        fractions: Sequence[float],
        *,
        extra: Sequence[tuple[Any, ...]] = (),
        align_right: Sequence[int] = (),
        width_fraction: float = 1.0,
    ) -> Table:
        """A table whose header row repeats on every page it spans."""
        if len(rows) > 8 and self.items and isinstance(self.items[-1], _Heading):
            # A long table after a heading: keepWithNext would push heading and
            # table to the next page even though the table can split; instead
            # keep the heading only with the first rows.
            head = self.items.pop()
            assert isinstance(head, _Heading)
            loose = ParagraphStyle(
                f"{head.style.name}_loose", parent=head.style, keepWithNext=0
            )
            self.items.append(CondPageBreak(110))
            self.items.append(
                _Heading(head.toc_text, loose, head.toc_level, head.toc_key)
            )
        total = sum(fractions)
        widths = [self.width * width_fraction * f / total for f in fractions]
        right = ParagraphStyle("cell_r", parent=self.s.cell, alignment=2)
        right_head = ParagraphStyle("cell_head_r", parent=self.s.cell_head, alignment=2)
        data: list[list[Flowable]] = [
            [
                self.cell(h, right_head if i in align_right else self.s.cell_head)
                for i, h in enumerate(header)
            ]
        ]
        for row in rows:
            data.append(
                [
                    v
                    if isinstance(v, Flowable)
                    else self.cell(v, right if i in align_right else None)
                    for i, v in enumerate(row)
                ]
            )
        table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(_table_style(3, 4, extra))
        self.items.append(table)
        self.items.append(Spacer(1, 6))
        return table

    def chart(self, drawing: Drawing) -> None:
        """Add a chart, kept on one page with the heading and text just before it."""
        lead: list[Flowable] = []
        while self.items and isinstance(self.items[-1], Paragraph) and len(lead) < 3:
            lead.insert(0, self.items.pop())
            if isinstance(lead[0], _Heading):
                break
        self.items.append(KeepTogether([*lead, drawing, Spacer(1, 6)]))

    def code(self, text: str, chunk_lines: int = 14) -> None:
        """A configuration snippet: monospace, CJK runs in the CJK font, wrapped.

        Long snippets go in chunks of ``chunk_lines`` whose grey boxes touch,
        so a page break can fall between chunks and the heading above stays
        with the first one instead of moving to the next page.
        """
        lines = _wrap_code(text).split("\n")
        chunks = [lines[i : i + chunk_lines] for i in range(0, len(lines), chunk_lines)]
        for i, chunk in enumerate(chunks):
            style = ParagraphStyle(
                f"code{i}",
                parent=self.s.code,
                spaceBefore=self.s.code.spaceBefore if i == 0 else 0,
                spaceAfter=self.s.code.spaceAfter if i == len(chunks) - 1 else 0,
                borderPadding=(
                    4 if i == 0 else 0,
                    4,
                    4 if i == len(chunks) - 1 else 0,
                    4,
                ),
            )
            self.items.append(
                XPreformatted(_code_markup("\n".join(chunk), self.s.font), style)
            )

    def page_break(self) -> None:
        self.items.append(PageBreak())
        self.parts += 1
        self.items.append(_PartStart(self.parts))


def _columns(char: str) -> int:
    return 1 if ord(char) < 0x2E80 else 2


def _wrap_code(text: str, width: int = 104) -> str:
    """Hard-wrap long lines of a snippet; CJK characters count as two columns.

    Continuation lines start with ``↪`` so nobody copies them as new lines.

    Examples
    --------
    >>> _wrap_code("abcdefgh", width=6)
    'abcdef\\n  ↪gh'
    """
    out: list[str] = []
    for line in text.rstrip("\n").splitlines():
        first = True
        while True:
            limit = width if first else width - 3
            used, cut = 0, len(line)
            for i, char in enumerate(line):
                used += _columns(char)
                if used > limit:
                    cut = i
                    break
            if cut >= len(line):
                out.append(line if first else "  ↪" + line)
                break
            piece, line = line[:cut], line[cut:]
            out.append(piece if first else "  ↪" + piece)
            first = False
    return "\n".join(out)


_NON_ASCII: Final = re.compile(r"[^\x00-\x7f]+")


def _code_markup(text: str, cjk_font: str) -> str:
    """Escape a snippet for XPreformatted and set non-ASCII runs in the CJK font."""
    return _NON_ASCII.sub(
        lambda m: f'<font name="{cjk_font}">{m.group(0)}</font>', escape(text)
    )


# --- sections ---------------------------------------------------------------


def _cover(
    st: _Story, project: Project, catalog: Catalog, fp: str, app_version: str
) -> None:
    meta = project.meta
    lang = st.lang
    st.items.append(Spacer(1, 40 * mm))
    st.p(st.t("cover.kicker"), st.s.kicker)
    st.p(meta.title, st.s.title)
    st.items.append(Spacer(1, 6 * mm))
    not_set = st.t("cover.not_set")
    try:
        region = catalog.region(meta.region_id)
        region_name = region.name_zh if lang is Language.ZH else region.name_en
    except KeyError:
        region_name = meta.region_id
    status = st.t(f"status.{meta.status.value}")
    horizon = (
        f"{meta.horizon_months} 个月"
        if lang is Language.ZH
        else f"{meta.horizon_months} months"
    )
    rows = [
        (st.t("cover.organisation"), meta.organisation or not_set),
        (st.t("cover.author"), meta.author or not_set),
        (st.t("cover.date"), meta.plan_date.isoformat()),
        (st.t("cover.version"), meta.plan_version),
        (st.t("cover.status"), status),
        (st.t("cover.region"), region_name),
        (st.t("cover.horizon"), horizon),
    ]
    data = [[st.cell(k, st.s.small), st.cell(v, st.s.body)] for k, v in rows]
    table = Table(data, colWidths=[35 * mm, st.width - 35 * mm], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.HexColor("#cccccc")),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("BACKGROUND", (1, 4), (1, 4), _STATUS_BADGE[meta.status]),
            ]
        )
    )
    st.items.append(table)
    st.items.append(Spacer(1, 10 * mm))
    if meta.status is PlanStatus.DRAFT:
        st.p(st.t("cover.draft_note"), st.s.body)
    st.items.append(Spacer(1, 20 * mm))
    st.p(st.t("cover.fingerprint"), st.s.small)
    st.p(fp, st.s.fingerprint)
    st.p(f"{st.t('cover.app')}: GPU Advisor {app_version}", st.s.small)


_STATUS_BADGE: Final = {
    PlanStatus.DRAFT: colors.HexColor("#fdf0cf"),
    PlanStatus.APPROVED: colors.HexColor("#d8efd9"),
}


def _option_name(st: _Story, option_id: str) -> str:
    key = f"opt.{option_id}"
    return st.t(key) if key in _TEXT_KEYS else option_id


def _option_colors(st: _Story) -> dict[str, str]:
    """Option name (as printed) -> the colour the app draws that option in."""
    return {_option_name(st, oid): hex_ for oid, hex_ in OPTION_COLORS.items()}


def _advice_sorted(advice: Sequence[Advice]) -> list[Advice]:
    order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
    seen: set[str] = set()
    out: list[Advice] = []
    for item in sorted(advice, key=lambda a: order.get(a.severity, 3)):
        if item.message_en not in seen:
            seen.add(item.message_en)
            out.append(item)
    return out


def _summary(
    st: _Story, project: Project, ev: PlanEvaluation, catalog: Catalog
) -> None:
    sz, cost = ev.sizing, ev.cost
    lang = st.lang
    st.h1("summary")
    st.h2(st.t("sum.recommendation"))
    rec = cost.recommendation
    best = _option_by_id(ev, rec.option)
    sentence = _recommend_sentence(st, project, ev)
    st.p(sentence or st.t("sum.no_recommendation"))
    reasons = [r.message(lang) for r in rec.reasons]
    if reasons:
        st.p(st.t("sum.reasons") + ("：" if lang is Language.ZH else ":"))
        st.bullets(reasons)

    st.h2(st.t("sum.key_numbers"))
    rows: list[tuple[str, str]] = [
        (st.t("kn.model"), sz.shape.name or (sz.shape.model_id or "—")),
        (st.t("kn.task"), st.t(f"task.{project.workload.task.value}")),
        (st.t("kn.gpu"), _gpu_name(catalog, sz.gpu_id or project.workload.gpu_id)),
        (st.t("kn.memory_per_gpu"), gib(sz.memory.per_gpu.total_bytes)),
        (
            st.t("kn.min_gpus"),
            fmt_count(sz.cluster.min_gpus)
            if sz.cluster.min_gpus is not None
            else st.t("kn.no_fit"),
        ),
        (st.t("kn.gpus"), fmt_count(sz.cluster.gpus)),
        (
            st.t("kn.gpu_hours"),
            _hours_with_band(
                st,
                sz.compute.gpu_hours,
                sz.compute.gpu_hours_p10,
                sz.compute.gpu_hours_p90,
            ),
        ),
        (
            st.t("kn.gpu_hours_red", factor=f"{sz.compute.redundancy_factor:g}"),
            _hours_with_band(
                st,
                sz.compute.gpu_hours_with_redundancy,
                sz.compute.gpu_hours_with_redundancy_p10,
                sz.compute.gpu_hours_with_redundancy_p90,
            ),
        ),
        (st.t("kn.days"), days(sz.cluster.days, lang)),
    ]
    if best is not None:
        rows.append((st.t("kn.best_total"), money(best.total_cny, lang)))
    be = cost.break_even
    if be.utilization is not None:
        rows.append((st.t("kn.break_even"), percent(be.utilization)))
    rows.append(
        (
            st.t("kn.break_even_month"),
            st.t("kn.month_n", month=be.month)
            if be.month is not None
            else st.t("kn.never"),
        )
    )
    p_build = _p_build(ev)
    if p_build is not None:
        rows.append((st.t("kn.p_build"), percent(p_build)))
    st.table(
        [st.t("kn.item"), st.t("kn.value")],
        rows,
        [1.3, 1],
        align_right=[1],
        width_fraction=0.75,
    )

    st.h2(st.t("sum.top_risks"))
    risks = _advice_sorted([*sz.warnings, *rec.warnings, *_cost_warnings(ev)])
    if risks:
        st.bullets([a.message(lang) for a in risks[:6]])
    else:
        st.p(st.t("sum.no_risks"))
    open_count = sum(
        1
        for state in ev.review.states.values()
        if state in {CheckStatus.OPEN, CheckStatus.FAIL}
    )
    if open_count:
        st.p(
            st.t(
                "sum.open_items",
                count=open_count,
                section=_SECTIONS.index("checklist") + 1,
            )
        )


def _gpu_name(catalog: Catalog, gpu_id: str) -> str:
    try:
        return catalog.gpu(gpu_id).name
    except KeyError:
        return gpu_id


def _sizing(st: _Story, project: Project, ev: Evaluation, catalog: Catalog) -> None:
    sz = ev.sizing
    w = project.workload
    lang = st.lang
    st.h1("sizing")
    st.h2(st.t("siz.inputs"))
    auto = st.t("in.auto")
    parallel = f"ZeRO-{w.zero_stage}, TP {w.tp}, PP {w.pp}, DP {w.dp or sz.cluster.dp}"
    if w.sequence_parallel:
        parallel += ", SP"
    deadline = days(w.deadline_days, lang) if w.deadline_days else "—"
    rows = [
        (st.t("in.task"), st.t(f"task.{w.task.value}")),
        (st.t("in.model"), sz.shape.name or (sz.shape.model_id or "custom")),
        (
            st.t("in.params"),
            f"{params(sz.shape.params_total, lang)} / {params(sz.shape.params_active, lang)}",
        ),
        (st.t("in.tokens"), tokens(sz.compute.tokens, lang)),
        (st.t("in.seq_len"), fmt_count(w.seq_len)),
        (st.t("in.batch"), f"{w.micro_batch} / {w.global_batch or auto}"),
        (
            st.t("in.precision"),
            f"{value_text(w.precision.value, lang)} / "
            f"{value_text(w.optimizer.value, lang)}",
        ),
        (st.t("in.parallel"), parallel),
        (st.t("in.recompute"), st.t(f"recompute.{w.recompute.value}")),
        (st.t("in.gpu"), _gpu_name(catalog, sz.gpu_id or w.gpu_id)),
        (st.t("in.deadline"), deadline),
    ]
    st.table([st.t("kn.item"), st.t("kn.value")], rows, [1, 1.6])

    st.h2(st.t("siz.memory"))
    st.p(st.t("siz.memory_intro"))
    cands = sz.candidates or []
    names = [c.gpu_id for c in cands] or [sz.gpu_id or w.gpu_id]
    mems = [c.memory for c in cands] or [sz.memory]
    parts = [
        part
        for part in MEMORY_PART_COLORS
        if any(getattr(m.per_gpu, f"{part}_bytes") > 0 for m in mems)
    ]
    series = [
        (
            st.t(f"mem.{part}"),
            [getattr(m.per_gpu, f"{part}_bytes") / 2**30 for m in mems],
        )
        for part in parts
    ]
    st.chart(
        charts.stacked_bars(
            names,
            series,
            style=charts.ChartStyle(st.s.font),
            width=st.width,
            height=190,
            y_format=lambda v: f"{v:g} GiB",
            markers=[m.capacity_bytes / 2**30 for m in mems],
            marker_label=st.t("mem.capacity"),
            series_colors=[colors.HexColor(MEMORY_PART_COLORS[part]) for part in parts],
        )
    )
    st.p(
        st.t(
            "siz.rule_of_thumb",
            rule=gib(sz.memory.rule_of_thumb_bytes),
            bpp=f"{sz.memory.bytes_per_param_model_state:g}",
            exact=gib(sz.memory.unsharded_model_state_bytes),
        )
    )
    if cands:
        st.h2(st.t("siz.candidates"))
        crow = [
            (
                _gpu_name(catalog, c.gpu_id),
                gib(c.memory.per_gpu.total_bytes),
                gib(c.memory.capacity_bytes),
                st.t("yes") if c.memory.fits else st.t("no"),
                fmt_count(c.min_gpus) if c.min_gpus is not None else "—",
                gpu_hours(c.gpu_hours, lang),
                gpu_hours_band(c.gpu_hours_p10, c.gpu_hours_p90, lang)
                if c.gpu_hours_p10 is not None
                and c.gpu_hours_p90 is not None
                and c.gpu_hours_p90 > c.gpu_hours_p10
                else "—",
                days(c.days, lang),
            )
            for c in cands
        ]
        st.table(
            [
                st.t(k)
                for k in (
                    "col.gpu",
                    "col.memory",
                    "col.capacity",
                    "col.fits",
                    "col.min_gpus",
                    "col.gpu_hours",
                    "col.hours_band",
                    "col.days",
                )
            ],
            crow,
            [1.4, 0.9, 0.9, 0.6, 0.7, 1.1, 1.4, 0.8],
            align_right=[1, 2, 4, 5, 6, 7],
        )

    st.h2(st.t("siz.compute"))
    comp, cl = sz.compute, sz.cluster
    marker = "\x00flops\x00"  # the exponent is markup: escape the sentence around it
    sentence = st.t(
        "siz.compute_text",
        flops=marker,
        mfu=percent(comp.mfu),
        hours=gpu_hours(comp.gpu_hours, lang),
        factor=f"×{comp.redundancy_factor:g}",
        hours_red=gpu_hours(comp.gpu_hours_with_redundancy, lang),
    )
    st.p(
        escape(cite_articles(sentence, lang)).replace(marker, flops(comp.train_flops)),
        markup=True,
    )
    low, high = comp.gpu_hours_p10, comp.gpu_hours_p90
    low_red = comp.gpu_hours_with_redundancy_p10
    high_red = comp.gpu_hours_with_redundancy_p90
    if (
        low is not None
        and high is not None
        and high > low
        and low_red is not None
        and high_red is not None
    ):
        st.p(
            st.t(
                "siz.hours_range",
                low=gpu_hours(low, lang),
                high=gpu_hours(high, lang),
                factor=f"×{comp.redundancy_factor:g}",
                low_red=gpu_hours(low_red, lang),
                high_red=gpu_hours(high_red, lang),
                inside=fmt_count(CALIBRATION_RUNS_INSIDE),
                runs=fmt_count(CALIBRATION_RUNS),
            )
        )
    if cl.min_gpus is not None:
        st.p(
            st.t(
                "siz.cluster_text",
                min_gpus=counted(cl.min_gpus, "card", lang),
                gpus=counted(cl.gpus, "card", lang),
                nodes=counted(cl.nodes, "server", lang),
                days=days(cl.days, lang),
                eff=percent(cl.scaling_efficiency),
            )
        )
    else:
        st.p(st.t("kn.no_fit"))
    if w.deadline_days:
        if cl.gpus_for_deadline is not None:
            st.p(
                st.t(
                    "siz.deadline_text",
                    gpus=counted(cl.gpus_for_deadline, "card", lang),
                )
            )
        else:
            st.p(st.t("siz.deadline_impossible"))
    if len(cl.days_curve) >= 2:
        pts = [(math.log2(p.gpus), p.days) for p in cl.days_curve]
        ticks = sorted({x for x, _ in pts})
        step = max(1, math.ceil(len(ticks) / 10))
        st.items.append(
            KeepTogether(
                [
                    Paragraph(escape(st.t("siz.days_curve")), st.s.small),
                    charts.line_chart(
                        [(st.t("axis.days"), pts)],
                        style=charts.ChartStyle(st.s.font),
                        width=st.width,
                        height=170,
                        y_format=lambda v: f"{v:g}",
                        x_format=lambda v: fmt_count(round(2**v)),
                        x_ticks=ticks[::step],
                        x_label=st.t("axis.gpus"),
                        points=True,
                    ),
                ]
            )
        )

    st.h2(st.t("siz.network"))
    try:
        network = catalog.network(cl.network_needed_id or cl.network_id).label(st.lang)
    except KeyError:
        network = cl.network_needed_id or cl.network_id
    store = sz.storage
    st.p(
        st.t(
            "siz.network_text",
            network=network,
            ckpt=gib(store.checkpoint_bytes),
            target=f"{store.checkpoint_write_target_s:g}",
            write=f"{store.checkpoint_write_gb_per_s:,.1f} GB/s",
            fraction=percent(store.network_budget_fraction),
        )
    )
    st.h2(st.t("siz.warnings"))
    warns = _advice_sorted(sz.warnings)
    if warns:
        st.bullets([a.message(lang) for a in warns])
    else:
        st.p(st.t("siz.no_warnings"))


def _option_by_id(ev: Evaluation, option_id: object) -> OptionResult | None:
    for option in ev.cost.options:
        if str(option.id) == str(option_id):
            return option
    return None


def _per_hour(option: OptionResult, language: Language) -> str:
    value = option.cost_per_useful_gpu_hour_cny
    return "—" if value is None else money(value, language, 2)


def _cost_warnings(ev: Evaluation) -> list[Advice]:
    return list(ev.cost.warnings)


def _p_build(ev: Evaluation) -> float | None:
    return None if ev.monte_carlo is None else ev.monte_carlo.p_own_beats_rent


def _mc_rows(ev: Evaluation) -> list[tuple[str, float, float, float]]:
    """(option id, P10, P50, P90) of total cost, cheapest median first."""
    mc = ev.monte_carlo
    if mc is None:
        return []
    rows = [(str(k), v.p10, v.p50, v.p90) for k, v in mc.percentiles.items()]
    return sorted(rows, key=lambda r: (r[2], r[0]))


def _recommend_sentence(st: _Story, project: Project, ev: Evaluation) -> str | None:
    rec = ev.cost.recommendation
    best = _option_by_id(ev, rec.option)
    if best is None:
        return None
    return st.t(
        "sum.recommend_sentence",
        option=_option_name(st, str(rec.option)),
        months=project.meta.horizon_months,
        total=money(best.total_cny, st.lang),
        per_hour=_per_hour(best, st.lang),
    )


def _cost(st: _Story, project: Project, ev: Evaluation) -> None:
    cost = ev.cost
    lang = st.lang
    style = charts.ChartStyle(st.s.font)
    st.h1("cost")
    st.h2(st.t("cost.options"))
    vat_note = (
        cost.currency.vat_note_zh if lang is Language.ZH else cost.currency.vat_note_en
    )
    vat = vat_note.strip().rstrip("。.") or st.t(
        "cost.vat_in" if project.meta.prices_include_vat else "cost.vat_ex"
    )
    st.p(st.t("cost.options_intro", months=project.meta.horizon_months, vat=vat))
    rec_id = str(cost.recommendation.option)
    feasible = sorted(
        (o for o in cost.options if o.feasible),
        key=lambda o: (round(o.total_cny, 2), str(o.id) != rec_id, o.id.value),
    )
    infeasible = [o for o in cost.options if not o.feasible]
    rows: list[tuple[object, ...]] = []
    for rank, o in enumerate(feasible, 1):
        name = _option_name(st, str(o.id))
        if str(o.id) == rec_id:
            name = "★ " + name
        rows.append(
            (
                str(rank),
                name,
                money(o.total_cny, lang),
                money(o.npv_cny, lang),
                _per_hour(o, lang),
                money(o.monthly_cny[0] if o.monthly_cny else 0.0, lang),
            )
        )
    for o in infeasible:
        reason = o.reason_zh if lang is Language.ZH else o.reason_en
        rows.append(
            (
                "—",
                _option_name(st, str(o.id)),
                reason or st.t("cost.infeasible"),
                "",
                "",
                "",
            )
        )
    st.table(
        [
            st.t(k)
            for k in (
                "col.rank",
                "col.option",
                "col.total",
                "col.npv",
                "col.per_hour",
                "col.first_month",
            )
        ],
        rows,
        [0.45, 2.3, 1.3, 1.3, 1.1, 1.2],
        align_right=[0, 2, 3, 4, 5],
    )
    scopes = [
        (o, o.includes_zh if lang is Language.ZH else o.includes_en)
        for o in cost.options
    ]
    if any(text for _o, text in scopes):
        st.p(st.t("cost.includes"))
        st.bullets(
            [
                f"{_option_name(st, str(o.id))}{'：' if lang is Language.ZH else ': '}{text}"
                for o, text in scopes
                if text
            ]
        )
    best = _option_by_id(ev, rec_id)
    if best is not None and best.breakdown:
        st.p(st.t("cost.breakdown", option=_option_name(st, rec_id)))
        parts = sorted(best.breakdown.items(), key=lambda kv: (-kv[1], kv[0]))
        st.table(
            [st.t("col.item_line"), st.t("col.amount")],
            [
                (_breakdown_name(st, k), money(v, lang))
                for k, v in parts
                if abs(v) >= 0.5
            ],
            [2, 1],
            align_right=[1],
            width_fraction=0.6,
        )

    st.h2(st.t("cost.cumulative"))
    st.p(st.t("cost.cumulative_intro"))
    months = max((len(o.cumulative_cny) for o in feasible), default=0)
    series = [
        (
            _option_name(st, str(o.id)),
            [(float(i + 1), float(v)) for i, v in enumerate(o.cumulative_cny)],
        )
        for o in feasible
    ]
    st.chart(
        charts.line_chart(
            series,
            style=style,
            width=st.width,
            height=230,
            y_format=lambda v: money_short(v, lang),
            x_ticks=_month_ticks(months),
            x_label=st.t("axis.month"),
            colors_by_name=_option_colors(st),
        )
    )

    st.h2(st.t("cost.cash_flow"))
    st.p(st.t("cost.cash_flow_intro"))
    chosen = _cash_flow_options(feasible, rec_id, cost.break_even.owned_option)
    st.chart(
        charts.grouped_bars(
            [str(i + 1) for i in range(months)],
            [(_option_name(st, str(o.id)), list(o.monthly_cny)) for o in chosen],
            style=style,
            width=st.width,
            height=190,
            y_format=lambda v: money_short(v, lang),
            label_every=max(1, math.ceil(months / 12)),
            x_label=st.t("axis.month"),
            colors_by_name=_option_colors(st),
        )
    )

    st.h2(st.t("cost.break_even"))
    be = cost.break_even
    util = percent(be.utilization) if be.utilization is not None else "—"
    if be.owned_option is not None and be.rent_option is not None:
        st.p(
            st.t(
                "cost.break_even_pair",
                own=_option_name(st, str(be.owned_option)),
                rent=_option_name(st, str(be.rent_option)),
            )
        )
    if be.month is not None:
        st.p(
            st.t(
                "cost.break_even_text",
                util=util,
                month=st.t("kn.month_n", month=be.month),
            )
        )
    else:
        st.p(st.t("cost.break_even_never", util=util))
    rule = be.rule_six_months
    if rule is not None:
        st.p(
            st.t(
                "cost.six_month_rule",
                rent=money(rule.monthly_rent_cny, lang),
                own=money(rule.depreciation_plus_electricity_cny, lang),
                months=rule.plan_months,
                verdict=st.t("cost.rule_holds" if rule.holds else "cost.rule_fails"),
            )
        )

    if cost.tornado:
        st.h2(st.t("cost.tornado"))
        own_rent = _own_minus_rent(ev)
        st.p(st.t("cost.tornado_intro"))
        bars = sorted(cost.tornado, key=lambda b: (-b.swing_cny, b.input))[:10]
        tb = [
            (
                (b.label_zh if lang is Language.ZH else b.label_en) or b.input,
                b.low_outcome_cny,
                b.high_outcome_cny,
            )
            for b in bars
        ]
        base = own_rent if own_rent is not None else (tb[0][1] + tb[0][2]) / 2
        st.chart(
            charts.tornado(
                tb,
                base,
                style=style,
                width=st.width,
                x_format=lambda v: money_short(v, lang),
                low_label=st.t("col.low"),
                high_label=st.t("col.high"),
                label_width=150,
            )
        )
        st.table(
            [
                st.t("col.input"),
                st.t("col.range"),
                st.t("col.low"),
                st.t("col.high"),
                st.t("col.swing"),
            ],
            [
                (
                    (b.label_zh if lang is Language.ZH else b.label_en) or b.input,
                    f"{_fmt_value(b.low_value)} – {_fmt_value(b.high_value)} "
                    f"{unit_text(b.unit, lang)}".strip(),
                    money(b.low_outcome_cny, lang),
                    money(b.high_outcome_cny, lang),
                    money(b.swing_cny, lang),
                )
                for b in bars
            ],
            [2.2, 1.5, 1.1, 1.1, 1.1],
            align_right=[2, 3, 4],
        )

    st.h2(st.t("cost.monte_carlo"))
    mc = ev.monte_carlo
    mc_rows = _mc_rows(ev)
    if mc is not None and mc_rows:
        st.p(st.t("cost.monte_carlo_intro", draws=fmt_count(mc.draws), seed=mc.seed))
        comp = ev.sizing.compute
        low, high = (
            comp.gpu_hours_with_redundancy_p10,
            comp.gpu_hours_with_redundancy_p90,
        )
        if GPU_HOURS_BAND_KEY in mc.inputs and low is not None and high is not None:
            st.p(
                st.t(
                    "cost.mc_hours_band",
                    low=gpu_hours(low, lang),
                    high=gpu_hours(high, lang),
                )
            )
        named = [(_option_name(st, oid), a, b, c) for oid, a, b, c in mc_rows]
        st.chart(
            charts.percentile_bars(
                named,
                style=style,
                width=st.width,
                x_format=lambda v: money_short(v, lang),
                colors_by_name=_option_colors(st),
            )
        )
        st.table(
            [st.t("col.option"), st.t("col.p10"), st.t("col.p50"), st.t("col.p90")],
            [
                (n, money(a, lang), money(b, lang), money(c, lang))
                for n, a, b, c in named
            ],
            [2.2, 1, 1, 1],
            align_right=[1, 2, 3],
        )
        st.p(st.t("cost.p_build_text", prob=percent(mc.p_own_beats_rent)))
        hist, pct = mc.own_minus_rent, mc.own_minus_rent_percentiles
        if hist is not None and pct is not None:
            st.p(
                st.t(
                    "cost.mc_histogram",
                    p10=money(pct.p10, lang),
                    p50=money(pct.p50, lang),
                    p90=money(pct.p90, lang),
                )
            )
            st.chart(
                charts.histogram(
                    hist.edges,
                    hist.counts,
                    style=style,
                    width=st.width,
                    x_format=lambda v: money_short(v, lang),
                    markers=[("P10", pct.p10), ("P50", pct.p50), ("P90", pct.p90)],
                    negative_label=st.t("cost.mc_own_cheaper"),
                    positive_label=st.t("cost.mc_rent_cheaper"),
                )
            )
    else:
        st.p(st.t("cost.mc_missing"))

    st.h2(st.t("cost.recommendation"))
    sentence = _recommend_sentence(st, project, ev)
    st.p(sentence or st.t("sum.no_recommendation"))
    rec = cost.recommendation
    if rec.mix_detail is not None:
        md = rec.mix_detail
        st.p(
            st.t(
                "cost.mix_detail",
                baseline=_option_name(st, str(md.baseline_kind)),
                peak=counted(max(md.baseline_gpus, default=0), "card", lang),
                burst=_option_name(st, str(md.burst_kind)),
                reserved=gpu_hours(md.reserved_gpu_hours, lang),
                burst_hours=gpu_hours(md.burst_gpu_hours, lang),
            )
        )
    st.bullets([r.message(lang) for r in rec.reasons])
    warns = _advice_sorted([*rec.warnings, *_cost_warnings(ev)])
    if warns:
        st.h2(st.t("cost.warnings"))
        st.bullets([a.message(lang) for a in warns])


def _own_minus_rent(ev: Evaluation) -> float | None:
    be = ev.cost.break_even
    if be.owned_option is None or be.rent_option is None:
        return None
    own, rent = _option_by_id(ev, be.owned_option), _option_by_id(ev, be.rent_option)
    if own is None or rent is None:
        return None
    return own.total_cny - rent.total_cny


def _breakdown_name(st: _Story, key: str) -> str:
    text_key = f"bd.{key}"
    return st.t(text_key) if text_key in _TEXT_KEYS else key.replace("_", " ")


def _month_ticks(months: int) -> list[float]:
    if months <= 0:
        return [1.0]
    step = next(s for s in (1, 2, 3, 6, 12, 24) if months / s <= 12)
    return [1.0] + [float(m) for m in range(step, months + 1, step) if m > 1]


def _cash_flow_options(
    options: Sequence[OptionResult], rec_id: str, owned: object
) -> list[OptionResult]:
    """The recommendation, the owned option of the break-even, then the cheapest."""
    chosen = [o for o in options if str(o.id) == rec_id]
    chosen += [
        o
        for o in options
        if owned is not None and str(o.id) == str(owned) and o not in chosen
    ]
    for o in options:
        if len(chosen) >= 3:
            break
        if o not in chosen:
            chosen.append(o)
    return chosen


def _vendors(
    st: _Story, project: Project, ev: PlanEvaluation, catalog: Catalog
) -> None:
    lang = st.lang
    st.h1("vendors")
    if not project.vendors:
        st.p(st.t("ven.none"))
        return
    st.h2(st.t("ven.quotes"))
    rows = []
    for v in project.vendors:
        rows.append(
            (
                v.name,
                st.t(f"kind.{v.kind.value}"),
                _gpu_name(catalog, v.gpu_id),
                st.t(
                    "unit.per_gpu_hour",
                    value=money(v.on_demand_cny_per_gpu_hour, lang, 2),
                )
                if v.on_demand_cny_per_gpu_hour is not None
                else "—",
                st.t(
                    "unit.per_gpu_month", value=money(v.monthly_cny_per_gpu_month, lang)
                )
                if v.monthly_cny_per_gpu_month is not None
                else "—",
                f"{v.sla_availability_pct:g}%"
                if v.sla_availability_pct is not None
                else "—",
                st.t("unit.hours", value=f"{v.card_replacement_hours:g}")
                if v.card_replacement_hours is not None
                else "—",
                st.t("unit.gbit", value=f"{v.intranet_gbit_per_s:g}")
                if v.intranet_gbit_per_s is not None
                else "—",
            )
        )
    st.table(
        [
            st.t(k)
            for k in (
                "col.vendor",
                "col.kind",
                "col.gpu",
                "col.hourly",
                "col.monthly",
                "col.sla",
                "col.replace",
                "col.intranet",
            )
        ],
        rows,
        [1.5, 0.9, 1.2, 1.1, 1.2, 0.8, 0.8, 0.8],
    )
    st.h2(st.t("ven.measured"))
    measured = [(v, m) for v in project.vendors for m in v.measurements]
    if not measured:
        st.p(st.t("ven.no_measured"))
    else:
        _judged_checks(st, project, ev)
        busbw = _busbw_series(project, lang)
        if busbw:
            st.items.append(
                KeepTogether(
                    [
                        Paragraph(escape(st.t("ven.busbw")), st.s.small),
                        charts.line_chart(
                            busbw,
                            style=charts.ChartStyle(st.s.font),
                            width=st.width,
                            height=180,
                            y_format=lambda v: f"{v:g}",
                            x_format=_size_label,
                            x_label=f"{st.t('axis.size')} — {st.t('axis.busbw')}",
                            points=True,
                        ),
                    ]
                )
            )
    st.h2(st.t("ven.scoring"))
    _scoring(st, project, ev)


BUSBW_METRIC = "all_reduce.out_of_place.busbw"
"""The measurement plotted against message size (see gpu_advisor.io.results_parsers)."""


def _judged_checks(st: _Story, project: Project, ev: PlanEvaluation) -> None:
    """Per vendor and test: the verdict against the expected value.

    Warnings and failures are listed one by one (which node, which GPU);
    passing checks of the same test are folded into one row, so the table
    stays readable for eight GPUs on several nodes.
    """
    rows: list[tuple[str, ...]] = []
    extra: list[tuple[Any, ...]] = []

    def add(check: Check, vendor: str, where: str) -> None:
        verdict = check.verdict.value
        rows.append(
            (
                vendor,
                check_name(check.test, st.lang),
                where,
                measured_text(check, st.lang),
                threshold_text(check, st.lang),
                st.t(f"verdict.{verdict}"),
            )
        )
        colour = _VERDICT_COLOURS.get(verdict)
        if colour is not None:
            extra.append(("BACKGROUND", (5, len(rows)), (5, len(rows)), colour))

    for vendor in project.vendors:
        if not vendor.measurements:
            continue
        judged = ev.vendors.judgements.get(vendor.name)
        checks = judged.checks if judged is not None else []
        for test in dict.fromkeys(c.test for c in checks):
            group = [c for c in checks if c.test == test]
            passed = [c for c in group if c.verdict.value in ("pass", "info")]
            if len(passed) > 1:
                # The weakest passing figure stands for the group.
                weakest = min(passed, key=lambda c: c.ratio if c.ratio else 1.0)
                add(weakest, vendor.name, st.t("ven.n_checks", n=len(passed)))
            elif passed:
                add(passed[0], vendor.name, _where(passed[0]))
            for check in group:
                if check.verdict.value not in ("pass", "info"):
                    add(check, vendor.name, _where(check))
    st.table(
        [
            st.t("col.vendor"),
            st.t("col.test"),
            st.t("col.where"),
            st.t("col.measured"),
            st.t("col.threshold"),
            st.t("col.verdict"),
        ],
        rows,
        [0.8, 1.4, 1.0, 1.1, 2.0, 0.7],
        extra=extra,
        align_right=[3],
    )


def _where(check: Check) -> str:
    where = check.node or ""
    if check.gpu is not None:
        where = f"{where} GPU {check.gpu}".strip()
    return where or "—"


def _busbw_series(
    project: Project, language: Language
) -> list[tuple[str, list[tuple[float, float]]]]:
    """all_reduce out-of-place bus bandwidth per vendor and run.

    One series per run (single node, two nodes, ...): mixing runs in one line
    would zig-zag between their values at each message size. A run is named
    by its nodes and GPUs ("供应商甲 · 2 个节点、16 张卡"), as nccl-tests
    reports them, not by its file.
    """
    runs: dict[tuple[str, str], list[tuple[float, float]]] = {}
    sizes: dict[tuple[str, str], dict[str, float]] = {}
    for v in project.vendors:
        for m in v.measurements:
            if m.tool != "nccl-tests":
                continue
            key = (v.name, m.file)
            if m.metric == BUSBW_METRIC and m.size_bytes:
                point = (math.log2(m.size_bytes), float(m.value))
                runs.setdefault(key, []).append(point)
            elif m.metric in ("all_reduce.nodes", "all_reduce.ranks"):
                sizes.setdefault(key, {})[m.metric.split(".")[1]] = m.value
    series: list[tuple[str, list[tuple[float, float]]]] = []
    for (vendor, file), points in runs.items():
        size = sizes.get((vendor, file), {})
        if "nodes" in size and "ranks" in size:
            name = tr(
                "ven.run",
                language,
                vendor=vendor,
                nodes=counted(round(size["nodes"]), "node", language),
                cards=counted(round(size["ranks"]), "card", language),
            )
        else:
            run = PurePath(file).stem if file else ""
            name = f"{vendor} · {run}" if run else vendor
        series.append((name, sorted(points)))
    return series


def _size_label(log2_bytes: float) -> str:
    size = 2 ** round(log2_bytes)
    for unit, div in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if size >= div:
            return f"{size / div:g} {unit}"
    return f"{size} B"


_SCORING_COLUMNS: Final = 8
"""Vendors per scoring table; more vendors continue in a further table."""


def _scoring(st: _Story, project: Project, ev: PlanEvaluation) -> None:
    """The weighted scoring matrix, the winner and how robust it is to the weights."""
    if not project.vendors:
        st.p(st.t("ven.no_vendors_to_score"))
        return
    result = ev.vendors.scoring
    if result is None:
        st.p(st.t("ven.no_vendors_to_score"))
        return
    # Criteria as rows and vendors as columns: names stay readable at any width.
    # At most _SCORING_COLUMNS vendors per table: with 40 or more, one table's
    # columns would be narrower than their padding (reportlab: negative width).
    for start in range(0, len(result.vendors), _SCORING_COLUMNS):
        vendors = result.vendors[start : start + _SCORING_COLUMNS]
        header = [
            st.t("col.criterion"),
            st.t("col.weight"),
            *(v.vendor for v in vendors),
        ]
        rows: list[tuple[str, ...]] = [
            (
                st.t(f"crit.{c.value}"),
                f"{result.weights[c]:g}",
                *(f"{v.score(c):.0f}" for v in vendors),
            )
            for c in Criterion
        ]
        rows.append((st.t("col.score"), "", *(f"{v.total:.1f}" for v in vendors)))
        rows.append((st.t("col.rank"), "", *(str(v.rank) for v in vendors)))
        vendor_width = min(1.0, 4.0 / max(1, len(vendors)))
        st.table(
            header,
            rows,
            [1.6, 0.6, *([vendor_width] * len(vendors))],
            align_right=list(range(1, len(vendors) + 2)),
        )
    if result.winner is None:
        return
    st.p(st.t("ven.winner", vendor=result.winner))
    moves = [
        st.t(
            "ven.sensitivity",
            criterion=st.t(f"crit.{m.criterion.value}"),
            direction=st.t("ven.up" if up else "ven.down"),
            points=f"{points:.1f}",
            vendor=who,
        )
        for m in result.sensitivity
        for up, points, who in (
            (True, m.increase_points, m.winner_if_increased),
            (False, m.decrease_points, m.winner_if_decreased),
        )
        if points is not None and who is not None
    ]
    st.p(" ".join(moves) if moves else st.t("ven.robust"))


def annex_code(
    project: Project, evaluation: Evaluation, catalog: Catalog, language: Language
) -> list[str]:
    """The configuration files the annex prints, as printed (wrapped lines).

    Everything else in the plan is prose for the reader; these are files to
    copy (their keys and commands are not words of either language).
    """
    rollout = api.as_plan_evaluation(evaluation, project, catalog).rollout
    return [
        _wrap_code(rollout.launch_file(language).text),
        _wrap_code(rollout.monitoring_file("prometheus-alerts", language).text),
    ]


def _environment(st: _Story, rollout: Rollout) -> None:
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
    st.code(rollout.launch_file(st.lang).text)


def _monitoring(st: _Story, rollout: Rollout) -> None:
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
    st.code(rollout.monitoring_file("prometheus-alerts", st.lang).text)


def _checklist(
    st: _Story, project: Project, ev: PlanEvaluation, catalog: Catalog
) -> None:
    lang = st.lang
    st.h1("checklist")
    if not catalog.checklist:
        st.p(st.t("chk.empty"))
        return
    items = {item.id: item for item in project.checklist}
    states, tally = ev.review.states, ev.review.tally
    st.p(
        st.t(
            "chk.intro",
            total=tally.total,
            passed=tally.passed,
            failed=tally.failed,
            open=tally.open,
            na=tally.not_applicable,
        )
    )
    zh = lang is Language.ZH
    for group in ("six_points", "colocation", "contract", "pitfalls"):
        entries = [e for e in catalog.checklist if e.group == group]
        if not entries:
            continue
        st.h2(st.t(f"grp.{group}"))
        rows = []
        extra: list[tuple[Any, ...]] = []
        for i, e in enumerate(entries, 1):
            item = items.get(e.id)
            status = states[e.id]
            title = e.title_zh if zh else e.title_en
            detail = e.detail_zh if zh else e.detail_en
            check = Paragraph(
                f"{escape(title)}<br/><font size='7' color='#666666'>{escape(detail)}</font>",
                st.s.cell,
            )
            note = ""
            if item is not None:
                note = item.note
                if item.evidence_file:
                    note = (
                        f"{note}\n[{item.evidence_file}]"
                        if note
                        else f"[{item.evidence_file}]"
                    )
            note_cell = Paragraph(escape(note).replace("\n", "<br/>"), st.s.cell)
            rows.append(
                (
                    check,
                    st.t(f"chk.{status.value}"),
                    item.owner if item else "",
                    note_cell,
                )
            )
            extra.append(("BACKGROUND", (1, i), (1, i), _STATUS_COLORS[status]))
        st.table(
            [
                st.t("col.check"),
                st.t("col.status"),
                st.t("col.owner"),
                st.t("col.note"),
            ],
            rows,
            [3.2, 0.8, 1, 2],
            extra=extra,
        )
    st.h2(st.t("chk.open_items"))
    open_entries = [
        e
        for e in catalog.checklist
        if states[e.id] in {CheckStatus.OPEN, CheckStatus.FAIL}
    ]
    if open_entries:
        st.bullets(
            [
                f"{e.title_zh if zh else e.title_en} — {st.t('chk.' + states[e.id].value)}"
                + (
                    f" ({items[e.id].owner})"
                    if e.id in items and items[e.id].owner
                    else ""
                )
                for e in open_entries
            ]
        )
    else:
        st.p(st.t("chk.none_open"))


def _explanations(ev: Evaluation) -> list[Explanation]:
    out: list[Explanation] = []
    seen: set[str] = set()
    for ex in [*ev.sizing.explanations, *getattr(ev.cost, "explanations", [])]:
        if ex.key not in seen:
            seen.add(ex.key)
            out.append(ex)
    return out


def _fmt_value(value: float | str) -> str:
    """An input value, never in scientific notation."""
    if isinstance(value, str):
        return value
    if value != 0 and abs(value) < 1e-3:
        return f"{value:.8f}".rstrip("0")
    if abs(value) >= 1000:
        return plain_number(value)
    return f"{value:.4g}"


_OPTION_IN_KEY: Final = re.compile(r"\.options\.[a-z_]+\.")
"""The option id inside a result key such as ``cost.options.spot.npv_cny``."""


def _assumptions(st: _Story, ev: Evaluation, catalog: Catalog) -> None:
    """The "why?" of every number, for a manager: the formula in words with the
    values filled in, each catalog input with its human name, value, unit,
    source and date, and the reference cited by title."""
    from gpu_advisor.report.formulas import explain
    from gpu_advisor.report.sources import SourceIndex

    st.h1("assumptions")
    as_of = catalog.as_of.isoformat()
    st.p(st.t("asm.intro", as_of=as_of))
    explanations = _explanations(ev)
    index = SourceIndex.of(catalog)
    shown = {
        ex.key: explain(ex, st.lang, _fmt_value, catalog, index) for ex in explanations
    }
    defaults: dict[str, tuple[str, str, str, str, str]] = {}
    unconfirmed = False
    for ex in explanations:
        for ref, row in zip(ex.inputs, shown[ex.key].inputs, strict=True):
            if row.kind in ("typed", "computed") or ref.name in defaults:
                continue
            unconfirmed |= not row.confirmed
            value = row.value + ("" if row.confirmed else " *")
            defaults[ref.name] = (row.name, value, row.unit, row.source, row.date)
    st.h2(st.t("asm.defaults"))
    if defaults:
        if unconfirmed:
            st.p(st.t("asm.unconfirmed"))
        st.table(
            [
                st.t("col.name"),
                st.t("kn.value"),
                st.t("col.unit"),
                st.t("col.source"),
                st.t("col.date"),
            ],
            sorted(defaults.values()),
            [1.4, 0.75, 1.05, 2.6, 0.8],
            align_right=(1,),
        )
    else:
        st.p(st.t("siz.no_warnings"))
    st.h2(st.t("asm.formulas"))
    # The options share their formulas: the recommended option's stand for all.
    best = f".options.{ev.cost.recommendation.option}."
    rows: list[tuple[str, str, str]] = []
    for ex in explanations:
        if _OPTION_IN_KEY.search(ex.key) and best not in ex.key:
            continue
        reader = shown[ex.key]
        rows.append((reader.title, reader.formula, reader.reference or "—"))
    st.table(
        [st.t("col.result"), st.t("col.formula"), st.t("col.reference")],
        rows,
        [1.2, 3.0, 1.7],
    )


def _signoff(
    st: _Story, project: Project, fp: str, app_version: str, signer: Signer | None
) -> None:
    lang = st.lang
    st.h1("signoff")
    st.p(st.t("so.intro"))
    rows = _signoff_rows(project, lang, signer)
    st.table(
        [
            st.t(k)
            for k in (
                "col.role",
                "col.person",
                "col.decision",
                "col.date",
                "col.comment",
            )
        ],
        rows,
        [1.3, 1.2, 1.1, 0.9, 2.2],
    )
    line = "_" * 28
    short = "_" * 14
    for role, *_ in rows:
        st.items.append(
            KeepTogether(
                [
                    Spacer(1, 10),
                    Paragraph(
                        f"{escape(str(role))}　　{escape(st.t('so.signature'))}: {line}　　"
                        f"{escape(st.t('so.date_line'))}: {short}",
                        st.s.body,
                    ),
                ]
            )
        )
    st.items.append(Spacer(1, 14))
    block: list[Flowable] = [
        _Heading(f"{st.t('so.fingerprint')}", st.s.h2, 1, "sec-fingerprint"),
        Paragraph(escape(st.t("so.fingerprint_text", version=app_version)), st.s.body),
        Paragraph(fp, st.s.fingerprint),
        Spacer(1, 4),
        Paragraph(escape(f"{st.t('so.app_version')}: {app_version}"), st.s.body),
        Spacer(1, 6),
        Paragraph(escape(st.t("so.verify")), st.s.body),
        Preformatted(VERIFY_COMMAND, st.s.code),
    ]
    st.items.append(KeepTogether(block))


# --- page 1: the decision; page 2: the finance view --------------------------


@dataclass(frozen=True)
class Signer:
    """Who signs the plan in the app: filled into the sign-off row of that role."""

    name: str
    role: str
    date: dt.date


def _region_name(catalog: Catalog, project: Project, lang: Language) -> str:
    try:
        region = catalog.region(project.meta.region_id)
    except KeyError:
        return project.meta.region_id
    return region.name_zh if lang is Language.ZH else region.name_en


def _signoff_rows(
    project: Project, lang: Language, signer: Signer | None
) -> list[tuple[str, str, str, str, str]]:
    """(role, name, decision, date, comment) per sign-off row, the signer filled in."""
    rows: list[tuple[str, str, str, str, str]] = []
    placed = False
    for row in project.signoff:
        name, date, comment = row.name, row.date, row.comment
        if (
            signer is not None
            and not placed
            and row.role.strip().lower() == signer.role.strip().lower()
        ):
            placed = True
            name, date = signer.name, signer.date
            comment = tr("dec1.signed_comment", lang) + (
                f"; {comment}" if comment else ""
            )
        rows.append(
            (
                role_text(row.role, lang),
                name,
                tr(f"dec.{row.decision.value}", lang),
                date.isoformat() if date else "",
                comment,
            )
        )
    if signer is not None and not placed:
        rows.append(
            (
                role_text(signer.role, lang),
                signer.name,
                tr("dec.pending", lang),
                signer.date.isoformat(),
                tr("dec1.signed_comment", lang),
            )
        )
    return rows


def _owner(project: Project, role: str, lang: Language) -> str:
    for row in project.signoff:
        if row.role.strip().lower() == role.lower() and row.name:
            return (
                f"{row.name}（{role_text(role, lang)}）"
                if lang is Language.ZH
                else (f"{row.name} ({role})")
            )
    return role_text(role, lang)


ANNEX_MARKER: Final = "annex"
"""Outline key of the divider page: text before it is for the reader who signs."""


def _annex_divider(st: _Story) -> None:
    """A page that separates the plan from the engineers' appendices."""
    st.items.append(Spacer(1, 60 * mm))
    st.items.append(_Heading(st.t("doc.annex"), st.s.title, 0, ANNEX_MARKER))
    st.p(st.t("doc.annex_intro"), st.s.lead)


def _decision_page(
    st: _Story,
    project: Project,
    ev: PlanEvaluation,
    catalog: Catalog,
    signer: Signer | None,
) -> None:
    """Page 1: what to decide, what it costs, what could change it, who signs."""
    lang = st.lang
    cost = ev.cost
    meta = project.meta
    s = st.s
    st.p(st.t("dec1.kicker"), s.kicker)
    st.p(meta.title, s.page_title)
    best = _option_by_id(ev, cost.recommendation.option)
    if best is None or not best.feasible:
        st.p(st.t("dec1.none"), s.lead)
        return
    fin = ev.finance
    second = fin.runner_up
    st.p(
        st.t(
            "dec1.recommend",
            option=_option_name(st, best.id),
            months=cost.horizon_months,
            total=money_words(best.total_cny, lang),
        ),
        s.lead,
    )
    scope = best.includes_zh if lang is Language.ZH else best.includes_en
    if scope:
        sep = "：" if lang is Language.ZH else ": "
        st.p(f"{st.t('dec1.includes')}{sep}{scope}", s.small)
    figures: list[tuple[str, str]] = [
        (st.t("dec1.total"), money_words(best.total_cny, lang)),
        (st.t("dec1.upfront"), money_words(fin.upfront_cash_cny[best.id], lang)),
    ]
    if second is not None:
        figures.append(
            (
                st.t("dec1.runner_up"),
                f"{_option_name(st, second.id)}: {money_words(second.total_cny, lang)}"
                if lang is Language.EN
                else f"{_option_name(st, second.id)}：{money_words(second.total_cny, lang)}",
            )
        )
        figures.append(
            (st.t("dec1.gap"), money_words(second.total_cny - best.total_cny, lang))
        )
    else:
        figures.append((st.t("dec1.runner_up"), st.t("dec1.no_runner_up")))
    years = fin.spend_per_year_cny[best.id]
    year_rows = [
        (st.t("dec1.year_n", year=i + 1), money_words(v, lang))
        for i, v in enumerate(years)
    ]
    left = _mini_table(
        st, [st.t("dec1.figures"), ""], figures, [1.2, 1.3], width=st.width * 0.58 - 10
    )
    right = _mini_table(
        st, [st.t("dec1.per_year"), ""], year_rows, [0.8, 1], width=st.width * 0.42
    )
    pair = Table(
        [[left, right]],
        colWidths=[st.width * 0.58, st.width * 0.42],
        hAlign="LEFT",
    )
    pair.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (0, 0), 8),
                ("RIGHTPADDING", (1, 0), (1, 0), 0),
            ]
        )
    )
    st.items.append(pair)
    st.p(st.t("dec1.year_note"), s.small)

    st.p(st.t("dec1.sensitive"), s.h3)
    bars = fin.sensitivities
    if bars:
        rows = []
        for bar, flip in bars:
            unit = unit_text(bar.unit, lang) if bar.unit not in {"×", ""} else ""
            sep = " " if unit else ""
            rows.append(
                (
                    bar.label_zh if lang is Language.ZH else bar.label_en,
                    f"{plain_number(bar.low_value)} – {plain_number(bar.high_value)}"
                    f"{sep}{unit}",
                    st.t("dec1.no_flip")
                    if flip is None
                    else f"{plain_number(flip)}{sep}{unit}",
                )
            )
        st.items.append(
            _mini_table(
                st,
                [
                    st.t("dec1.col_assumption"),
                    st.t("dec1.col_range"),
                    st.t("dec1.col_flip"),
                ],
                rows,
                [1.4, 1.2, 1.1],
            )
        )
    else:
        st.p(st.t("dec1.no_tornado"), s.compact)

    st.p(st.t("dec1.risks"), s.h3)
    utilisation = cost.break_even.utilization
    risks = [
        st.t("dec1.risk_price"),
        st.t("dec1.risk_util_be", share=percent(utilisation))
        if utilisation is not None
        else st.t("dec1.risk_util"),
        st.t("dec1.risk_vendor"),
        st.t("dec1.risk_delivery"),
        st.t("dec1.risk_residency", region=_region_name(catalog, project, lang)),
    ]
    for text in risks:
        st.items.append(Paragraph(escape(text), s.compact_bullet, bulletText="•"))

    st.p(st.t("dec1.next"), s.h3)
    steps = [
        ("dec1.step_review", "Finance", 7),
        ("dec1.step_quotes", "Engineering lead", 21),
        ("dec1.step_approve", "Management", 30),
    ]
    st.items.append(
        _mini_table(
            st,
            [st.t("dec1.col_step"), st.t("dec1.col_owner"), st.t("dec1.col_due")],
            [
                (
                    st.t(key),
                    _owner(project, role, lang),
                    (meta.plan_date + dt.timedelta(days=offset)).isoformat(),
                )
                for key, role, offset in steps
            ],
            [2.2, 1.2, 0.7],
        )
    )

    st.p(st.t("dec1.signoff"), s.h3)
    status = st.t(f"status.{meta.status.value}")
    signed = (
        st.t(
            "dec1.signed_by",
            name=signer.name,
            role=role_text(signer.role, lang),
            date=signer.date.isoformat(),
        )
        if signer is not None
        else st.t("dec1.not_signed")
    )
    gap = "" if lang is Language.ZH else " "
    st.p(f"{st.t('dec1.status', status=status)}{gap}{signed}", s.compact)
    st.items.append(
        _mini_table(
            st,
            [
                st.t(k)
                for k in (
                    "col.role",
                    "col.person",
                    "col.decision",
                    "col.date",
                    "col.comment",
                )
            ],
            _signoff_rows(project, lang, signer),
            [1.2, 1.1, 1.0, 0.9, 1.6],
        )
    )


def _mini_table(
    st: _Story,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    fractions: Sequence[float],
    *,
    width: float | None = None,
) -> Table:
    """A compact table (not added to the story) for the first two pages."""
    total = sum(fractions)
    full = width if width is not None else st.width
    widths = [full * f / total for f in fractions]
    cell = st.s.tight
    head = st.s.tight_head
    data = [[Paragraph(escape(h), head) for h in header]]
    data += [[Paragraph(escape(str(v)), cell) for v in row] for row in rows]
    table = Table(data, colWidths=widths, hAlign="LEFT")
    # a caption over the whole table ("Key figures", "") spans its columns
    span = [("SPAN", (0, 0), (-1, 0))] if not any(header[1:]) else []
    table.setStyle(_table_style(1.5, 3, span))
    return table


def _finance_page(st: _Story, project: Project, ev: PlanEvaluation) -> None:
    """Page 2: CAPEX/OPEX per year, depreciation, VAT and every option."""
    lang = st.lang
    cost = ev.cost
    s = st.s
    st.p(st.t("fin.title"), s.page_title)
    best = _option_by_id(ev, cost.recommendation.option)
    if best is not None and best.feasible:
        st.p(
            f"{st.t('fin.per_year')}：{_option_name(st, best.id)}"
            if lang is Language.ZH
            else f"{st.t('fin.per_year')}: {_option_name(st, best.id)}",
            s.h3,
        )
        rows = [
            (
                st.t("dec1.year_n", year=i + 1),
                money_words(capex, lang),
                money_words(opex, lang),
                money_words(capex + opex, lang),
            )
            for i, (capex, opex) in enumerate(
                ev.finance.capex_opex_per_year_cny[best.id]
            )
        ]
        st.items.append(
            _mini_table(
                st,
                [
                    st.t("fin.col_year"),
                    st.t("fin.col_capex"),
                    st.t("fin.col_opex"),
                    st.t("fin.col_total"),
                ],
                rows,
                [0.8, 1, 1, 1],
            )
        )
        st.p(st.t("fin.depreciation"), s.h3)
        dep = [
            (_breakdown_name(st, key), money_words(value, lang))
            for key, value in best.breakdown.items()
            if key.startswith("depreciation") and value
        ]
        if dep:
            st.items.append(
                _mini_table(
                    st,
                    [st.t("kn.item"), st.t("kn.value")],
                    dep,
                    [1.4, 1],
                    width=st.width * 0.6,
                )
            )
        else:
            st.p(st.t("fin.no_depreciation"), s.compact)
    st.p(st.t("fin.vat"), s.h3)
    vat = (
        cost.currency.vat_note_zh if lang is Language.ZH else cost.currency.vat_note_en
    )
    st.p(vat or "—", s.compact)
    st.p(st.t("fin.options"), s.h3)
    option_rows = []
    for o in sorted(cost.options, key=lambda o: (not o.feasible, o.total_cny)):
        option_rows.append(
            (
                _option_name(st, o.id),
                money_words(o.total_cny, lang)
                if o.feasible
                else st.t("fin.infeasible"),
                money_words(ev.finance.upfront_cash_cny[o.id], lang),
                money_words(o.capex_cny, lang),
                money_words(o.opex_cny, lang),
                money_words(o.npv_cny, lang),
            )
        )
    st.items.append(
        _mini_table(
            st,
            [
                st.t("col.option"),
                st.t("fin.col_total"),
                st.t("fin.col_upfront"),
                st.t("fin.col_capex"),
                st.t("fin.col_opex_only"),
                st.t("fin.col_npv"),
            ],
            option_rows,
            [1.6, 1, 1, 1, 1, 1],
        )
    )
    st.items.append(Spacer(1, 8))
    st.p(st.t("fin.divider"), s.small)


def _scenarios(st: _Story, project: Project, catalog: Catalog) -> None:
    """One page: the base plan and the scenarios ticked for the report, side by side."""
    if not any(s.in_report for s in project.scenarios):
        return
    runs = api.evaluate_scenarios(project, catalog, monte_carlo=True)
    assert runs.comparison is not None
    columns = [c for c in runs.comparison.columns if c.is_base or c.in_report]
    lang, zh = st.lang, st.lang is Language.ZH
    st.h1("scenarios")
    st.p(st.t("scen.intro", draws=api.SCENARIO_MONTE_CARLO_DRAWS))
    names = [st.t("scen.base") if c.is_base else c.name for c in columns]

    def shown(value: float | None, unit: str) -> str:
        if value is None:
            return "—"
        if unit == "1":
            return percent(value)
        if unit == "days":
            return days(value, lang)
        return money_words(value, lang) if unit == "CNY" else money(value, lang, 2)

    rows: list[list[object]] = [
        [st.t("scen.cards"), *(f"{c.gpu_id} × {c.gpus}" for c in columns)],
        [
            st.t("scen.horizon"),
            *(
                st.t("scen.months", months=counted(c.horizon_months, "month", lang))
                for c in columns
            ),
        ],
        [
            st.t("scen.changes"),
            *(changes_text(c, lang.value) for c in columns),
        ],
    ]
    for field, en, cn, unit in SCENARIO_MEASURES:
        rows.append(
            [cn if zh else en, *(shown(getattr(c, field), unit) for c in columns)]
        )
    rows.append(
        [
            st.t("scen.recommendation"),
            *(_option_name(st, c.recommendation.value) for c in columns),
        ]
    )
    st.table(
        [st.t("scen.measure"), *names],
        rows,
        [1.3, *([1.0] * len(columns))],
        align_right=list(range(1, len(columns) + 1)),
    )
    st.h2(st.t("scen.chart_total"))
    st.chart(
        charts.grouped_bars(
            names,
            [(st.t("scen.chart_total"), [c.total_cny or 0.0 for c in columns])],
            style=charts.ChartStyle(st.s.font),
            width=st.width,
            height=170,
            y_format=lambda v: money_short(v, lang),
        )
    )
    st.page_break()


# --- entry points -------------------------------------------------------------


def build_plan_pdf(
    project: Project,
    evaluation: Evaluation,
    catalog: Catalog,
    *,
    language: Language | str | None = None,
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
    language : Language or str, optional
        ``"zh"``, ``"en"`` or ``"bilingual"`` (:data:`BILINGUAL`: Chinese and
        English pages side by side on paper twice as wide, see
        :func:`side_by_side`); default: the project's language.
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
    # one plan evaluation for every section and both languages: vendors and
    # rollout computed once, on the evaluation's own sizing
    args = (project, api.as_plan_evaluation(evaluation, project, catalog), catalog)
    if str(language) == BILINGUAL:
        stories = [
            _plan_story(*args, lang, paper, app_version, font, signer, fp)
            for lang in (Language.ZH, Language.EN)
        ]
        align_parts(stories[0].items, stories[1].items, stories[0].width, parts=2)
        zh, en = (
            _layout(story, project, story.lang, paper, app_version, signer, fp)
            for story in stories
        )
        return side_by_side(zh, en, fp=fp)
    lang = Language(language) if language is not None else project.meta.language
    return _render_plan(*args, lang, paper, app_version, font, signer, fp)[0]


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
    return _layout(st, project, lang, paper, app_version, signer, fp)


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
) -> _Story:
    """Every flowable of the plan in one language, in order."""
    styles = _Styles(font, lang)
    pagesize = PAPER_SIZES[paper]
    width = pagesize[0] - 2 * _MARGIN
    st = _Story(lang, styles, width)

    _decision_page(st, project, evaluation, catalog, signer)
    st.page_break()
    _finance_page(st, project, evaluation)
    st.page_break()
    _cover(st, project, catalog, fp, app_version)
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
    _summary(st, project, evaluation, catalog)
    st.page_break()
    _sizing(st, project, evaluation, catalog)
    st.page_break()
    _cost(st, project, evaluation)
    st.page_break()
    _scenarios(st, project, catalog)
    _vendors(st, project, evaluation, catalog)
    st.page_break()
    _checklist(st, project, evaluation, catalog)
    st.page_break()
    _signoff(st, project, fp, app_version, signer)
    st.page_break()
    _annex_divider(st)
    st.page_break()
    rollout = evaluation.rollout
    _environment(st, rollout)
    st.items.append(CondPageBreak(120))
    _monitoring(st, rollout)
    st.page_break()
    _assumptions(st, evaluation, catalog)
    return st


def _layout(
    st: _Story,
    project: Project,
    lang: Language,
    paper: str,
    app_version: str,
    signer: Signer | None,
    fp: str,
) -> tuple[bytes, list[int]]:
    """Lay ``st`` out on pages: the PDF and the first page of each part."""
    font = st.s.font
    pagesize = PAPER_SIZES[paper]
    title = project.meta.title
    status = tr(f"status.{project.meta.status.value}", lang)
    doc_id = hashlib.md5(
        f"{fp}|{lang.value}|{paper}".encode(), usedforsecurity=False
    ).digest()
    buffer = io.BytesIO()
    doc = _PlanDoc(
        buffer,
        pagesize=pagesize,
        leftMargin=_MARGIN,
        rightMargin=_MARGIN,
        topMargin=_MARGIN,
        bottomMargin=_MARGIN,
        title=title,
        author=project.meta.author or project.meta.organisation,
        subject=tr("doc.subject", lang)
        + (f" — {project.meta.organisation}" if project.meta.organisation else ""),
        keywords=[
            "GPU",
            tr("doc.subject", lang),
            f"{KEYWORD_FINGERPRINT}={fp}",
            f"{KEYWORD_VERSION}={app_version}",
            *([f"{KEYWORD_SIGNER}={encode_signer(signer)}"] if signer else []),
        ],
        creator=f"GPU Advisor {app_version}",
        invariant=1,
        lang="zh-CN" if lang is Language.ZH else "en",
        initialFontName=font,
    )
    canvas_cls = _canvas_class(
        title=title,
        status=status,
        language=lang,
        font=font,
        plan_date=project.meta.plan_date,
        doc_id=doc_id,
    )
    doc.multiBuild(st.items, canvasmaker=canvas_cls)
    starts = [doc.chunk_pages[i] for i in sorted(doc.chunk_pages)]
    return buffer.getvalue(), starts


BILINGUAL: Final = PlanLanguage.BILINGUAL.value
"""The plan's third language choice: Chinese and English side by side."""

PLAN_LANGUAGES: Final = tuple(lang.value for lang in PlanLanguage)
"""Every ``language=`` a plan can be written in (the export dialog, the CLI)."""


def _height(flowable: Flowable, width: float) -> float:
    """What ``flowable`` takes on the page, its own spacing included. [pt]"""
    _w, height = flowable.wrap(width, 10_000)
    return float(height)


def align_parts(
    left: list[Flowable], right: list[Flowable], width: float, *, parts: int
) -> None:
    """Pad the first ``parts`` parts of two plans so that their blocks line up.

    The bilingual plan shows the Chinese and the English page side by side;
    Chinese lines are taller, so the English blocks would ride ever higher.
    After each pair of blocks (paragraph, table) a spacer makes up the
    difference, in both lists, so the spacing between blocks (reportlab
    collapses a block's space after with the next one's space before) is the
    same on both sides. A part whose blocks differ in number or kind is left
    as it is. ``left`` and ``right`` are changed in place.
    """

    def split(items: list[Flowable]) -> list[list[Flowable]]:
        out: list[list[Flowable]] = [[]]
        for item in items:
            if isinstance(item, _PartStart):
                out.append([])
            out[-1].append(item)
        return out

    sides = split(left), split(right)
    for index in range(min(parts, len(sides[0]), len(sides[1]))):
        a, b = sides[0][index], sides[1][index]
        if len(a) != len(b) or any(
            type(x) is not type(y) for x, y in zip(a, b, strict=True)
        ):
            continue
        padded: tuple[list[Flowable], list[Flowable]] = ([], [])
        for x, y in zip(a, b, strict=True):
            padded[0].append(x)
            padded[1].append(y)
            if isinstance(x, Paragraph | Table):
                hx, hy = _height(x, width), _height(y, width)
                padded[0].append(Spacer(1, max(hy - hx, 0)))
                padded[1].append(Spacer(1, max(hx - hy, 0)))
        sides[0][index], sides[1][index] = padded
    left[:] = [item for part in sides[0] for item in part]
    right[:] = [item for part in sides[1] for item in part]


def side_by_side(
    zh: tuple[bytes, list[int]], en: tuple[bytes, list[int]], *, fp: str
) -> bytes:
    """One sheet per page pair: the Chinese page on the left, the English on the right.

    Each sheet is twice the paper's width (A4 pages on A3, Letter on
    Tabloid), so both halves keep their size. Parts of the plan (the runs of
    pages between page breaks) are aligned: when one language needs more
    pages for a part, the other half of those sheets stays blank, and the
    next part starts on the same sheet in both. Each page is placed as a form
    XObject (its content is copied, not re-parsed; fonts are shared). The
    metadata (fingerprint, version, signer) is the Chinese plan's.
    """
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, ByteStringObject

    readers = (PdfReader(io.BytesIO(zh[0])), PdfReader(io.BytesIO(en[0])))
    first = readers[0].pages[0]
    width, height = float(first.mediabox.width), float(first.mediabox.height)
    writer = PdfWriter()
    parts = [
        _part_ranges(starts, len(reader.pages))
        for (_data, starts), reader in zip((zh, en), readers, strict=True)
    ]
    for zh_part, en_part in zip(parts[0], parts[1], strict=True):
        for i in range(max(len(zh_part), len(en_part))):
            halves = [
                _page_form(writer, reader.pages[part[i]]) if i < len(part) else None
                for part, reader in zip((zh_part, en_part), readers, strict=True)
            ]
            _add_sheet(writer, halves, width, height)
    meta: dict[str, str] = {
        str(k): str(v) for k, v in (readers[0].metadata or {}).items()
    }
    meta.pop("/Producer", None)
    writer.add_metadata(meta)
    # pypdf has no setter for the file id: identical input, identical file
    writer._ID = ArrayObject(
        [
            ByteStringObject(bytes.fromhex(fp[:32])),
            ByteStringObject(bytes.fromhex(fp[32:64])),
        ]
    )
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _page_form(writer: Any, page: Any) -> Any:
    """A page as a form XObject in ``writer`` (an indirect reference)."""
    from pypdf.generic import (
        ArrayObject,
        DecodedStreamObject,
        FloatObject,
        NameObject,
    )

    contents = page["/Contents"].get_object()
    parts = contents if isinstance(contents, list) else [contents]
    form = DecodedStreamObject()
    form.set_data(b"\n".join(part.get_object().get_data() for part in parts))
    box = page.mediabox
    form.update(
        {
            NameObject("/Type"): NameObject("/XObject"),
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/BBox"): ArrayObject(
                [FloatObject(v) for v in (0, 0, box.width, box.height)]
            ),
            NameObject("/Resources"): page["/Resources"].get_object().clone(writer),
        }
    )
    return writer._add_object(form.flate_encode())


def _add_sheet(writer: Any, halves: list[Any], width: float, height: float) -> None:
    """A sheet twice ``width`` wide showing ``halves`` (None: blank) left and right."""
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    sheet = writer.add_blank_page(2 * width, height)
    xobjects = DictionaryObject()
    ops = []
    for column, form in enumerate(halves):
        if form is not None:
            xobjects[NameObject(f"/P{column}")] = form
            ops.append(f"q 1 0 0 1 {column * width:.2f} 0 cm /P{column} Do Q")
    sheet[NameObject("/Resources")] = DictionaryObject(
        {NameObject("/XObject"): xobjects}
    )
    content = DecodedStreamObject()
    content.set_data(" ".join(ops).encode("ascii"))
    sheet[NameObject("/Contents")] = writer._add_object(content)


def _part_ranges(starts: list[int], pages: int) -> list[list[int]]:
    """Page indexes (0-based) of each part, from the parts' first pages (1-based).

    >>> _part_ranges([1, 2, 2, 4], 5)
    [[0], [], [1, 2], [3, 4]]
    """
    ends = [*starts[1:], pages + 1]
    return [list(range(a - 1, b - 1)) for a, b in zip(starts, ends, strict=True)]


_FINGERPRINT_RE: Final = re.compile(rf"{KEYWORD_FINGERPRINT}=([0-9a-f]{{64}})")
_VERSION_RE: Final = re.compile(rf"{KEYWORD_VERSION}=([^,\s]+)")


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
