"""The plan as a document: paper, styles, page templates, the canvas and the story builder.

Every section adds its flowables to a :class:`Story`; :func:`layout` lays
them out on pages with a header, a footer ("page x of y"), the table of
contents and the PDF outline, in reportlab's invariant mode: no clock, and a
document ID (trailer ``/ID``) that reportlab digests from the title, author,
subject and keywords (the fingerprint among them), so identical input gives
identical bytes.
"""

from __future__ import annotations

import datetime as dt
import io
import re
from collections.abc import Sequence
from typing import Any, Final
from xml.sax import saxutils

from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
    XPreformatted,
)

from gpu_advisor.model.common import Language
from gpu_advisor.model.project import Project
from gpu_advisor.report.fonts import MONO_FONT_NAME
from gpu_advisor.report.glossary import cite_articles
from gpu_advisor.report.plan.keywords import (
    KEYWORD_FINGERPRINT,
    KEYWORD_SIGNER,
    KEYWORD_VERSION,
    Signer,
    encode_signer,
)
from gpu_advisor.report.text import tr
from gpu_advisor.words import say

PAPER_SIZES: Final = {"a4": A4, "letter": LETTER}
"""Supported paper sizes (width, height) [pt]."""


_APOSTROPHES: Final = str.maketrans({"‘": "'", "’": "'"})
_ENGLISH_QUOTES: Final = str.maketrans({"“": '"', "”": '"'})


def escape(text: str, language: Language | None = None) -> str:
    """``text`` for a reportlab paragraph: XML-escaped, in quotes the font sets well.

    The embedded CJK font draws curly quotes full-width, as Chinese sets them:
    in English "the first month’s bill" came out as "month’ s". Apostrophes
    are straightened always (Chinese has none); double quotes in a language
    whose catalog says so (``report.typesetting.straight_quotes``).

    >>> escape("month’s <b>", Language.EN), escape("“规则”", Language.ZH)
    ("month's &lt;b&gt;", '“规则”')
    """
    text = text.translate(_APOSTROPHES)
    if language is not None and say("report.typesetting.straight_quotes", language):
        text = text.translate(_ENGLISH_QUOTES)
    return saxutils.escape(text)


MARGIN: Final = 18 * mm
_INK: Final = colors.HexColor("#1b2a3a")
_ACCENT: Final = colors.HexColor("#1f5fa8")
_MUTED: Final = colors.HexColor("#666666")
_HEADER_BG: Final = colors.HexColor("#e6edf5")
_CODE_BG: Final = colors.HexColor("#f4f4f4")


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


class Styles:
    """Paragraph styles for one language and font."""

    def __init__(self, font: str, language: Language) -> None:
        # how this language is set comes from its catalog, not from a branch here
        wrap = "CJK" if say("report.typesetting.wrap", language) == "CJK" else None
        leading = float(say("report.typesetting.leading", language))

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


class Heading(Paragraph):
    """A heading that the document enters in the TOC and the PDF outline."""

    def __init__(self, text: str, style: ParagraphStyle, level: int, key: str) -> None:
        super().__init__(escape(text), style)
        self.toc_text = text
        self.toc_level = level
        self.toc_key = key


def _canvas_class(
    *,
    title: str,
    status: str,
    language: Language,
    font: str,
    plan_date: dt.date,
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
            super().save()

        def _frame(self, total: int) -> None:
            width, height = self._pagesize
            self.saveState()
            self.setStrokeColor(colors.HexColor("#c8d3df"))
            self.setLineWidth(0.5)
            self.line(
                MARGIN, height - MARGIN + 12, width - MARGIN, height - MARGIN + 12
            )
            self.line(MARGIN, MARGIN - 10, width - MARGIN, MARGIN - 10)
            self.setFont(font, 7.5)
            self.setFillColor(_MUTED)
            self.drawString(MARGIN, height - MARGIN + 16, _clip(title, 70))
            self.drawRightString(width - MARGIN, height - MARGIN + 16, status)
            footer = f"{_clip(title, 60)} — " + tr(
                "doc.page_of", language, page=self._pageNumber, pages=total
            )
            self.drawCentredString(width / 2, MARGIN - 22, footer)
            self.restoreState()

    return PlanCanvas


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class PartStart(Flowable):
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
            MARGIN,
            MARGIN,
            width - 2 * MARGIN,
            height - 2 * MARGIN,
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
    """Page (1-based) on which each part of the plan begins (see :class:`PartStart`)."""

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802 - reportlab's name
        if isinstance(flowable, PartStart):
            self.chunk_pages[flowable.index] = self.page
        if isinstance(flowable, Heading):
            key = flowable.toc_key
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(flowable.toc_text, key, level=flowable.toc_level)
            self.notify(
                "TOCEntry", (flowable.toc_level, flowable.toc_text, self.page, key)
            )


class Story:
    """Collects flowables with the helpers every section uses."""

    def __init__(self, language: Language, styles: Styles, width: float) -> None:
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
        self.items.append(Heading(text, self.s.h1, 0, f"sec-{section}"))

    def h2(self, text: str) -> None:
        self._sub += 1
        label = f"{self._section}.{self._sub}  {text}"
        self.items.append(
            Heading(label, self.s.h2, 1, f"sec-{self._section}-{self._sub}")
        )

    def p(
        self, text: str, style: ParagraphStyle | None = None, *, markup: bool = False
    ) -> None:
        text = cite_articles(text, self.lang)
        self.items.append(
            Paragraph(text if markup else escape(text, self.lang), style or self.s.body)
        )

    def bullets(self, texts: Sequence[str]) -> None:
        for text in texts:
            self.items.append(
                Paragraph(
                    escape(cite_articles(text, self.lang), self.lang),
                    self.s.bullet,
                    bulletText="•",
                )
            )

    def cell(self, text: object, style: ParagraphStyle | None = None) -> Paragraph:
        return Paragraph(
            escape(cite_articles(str(text), self.lang), self.lang), style or self.s.cell
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
        if len(rows) > 8 and self.items and isinstance(self.items[-1], Heading):
            # A long table after a heading: keepWithNext would push heading and
            # table to the next page even though the table can split; instead
            # keep the heading only with the first rows.
            head = self.items.pop()
            assert isinstance(head, Heading)
            loose = ParagraphStyle(
                f"{head.style.name}_loose", parent=head.style, keepWithNext=0
            )
            self.items.append(CondPageBreak(110))
            self.items.append(
                Heading(head.toc_text, loose, head.toc_level, head.toc_key)
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
        table = Table(
            data,
            colWidths=widths,
            repeatRows=1,
            hAlign="LEFT",
            splitInRow=may_outgrow_a_page(data, widths),
        )
        table.setStyle(_table_style(3, 4, extra))
        self.items.append(table)
        self.items.append(Spacer(1, 6))
        return table

    def chart(self, drawing: Drawing) -> None:
        """Add a chart, kept on one page with the heading and text just before it."""
        lead: list[Flowable] = []
        while self.items and isinstance(self.items[-1], Paragraph) and len(lead) < 3:
            lead.insert(0, self.items.pop())
            if isinstance(lead[0], Heading):
                break
        self.items.append(KeepTogether([*lead, drawing, Spacer(1, 6)]))

    def code(self, text: str, chunk_lines: int = 14) -> None:
        """A configuration snippet: monospace, CJK runs in the CJK font, wrapped.

        Long snippets go in chunks of ``chunk_lines`` whose grey boxes touch,
        so a page break can fall between chunks and the heading above stays
        with the first one instead of moving to the next page.
        """
        lines = wrap_code(text).split("\n")
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
        self.items.append(PartStart(self.parts))


def _columns(char: str) -> int:
    return 1 if ord(char) < 0x2E80 else 2


def wrap_code(text: str, width: int = 104) -> str:
    """Hard-wrap long lines of a snippet; CJK characters count as two columns.

    Continuation lines start with ``↪`` so nobody copies them as new lines.

    Examples
    --------
    >>> wrap_code("abcdefgh", width=6)
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


TALL_ROW_PT = 600.0
"""A row taller than this may not fit one page's frame (about 740 pt) [pt]."""


def may_outgrow_a_page(
    data: Sequence[Sequence[object]], widths: Sequence[float]
) -> int:
    """1 (let a row continue on the next page) when a cell is taller than a page.

    Only then: a plan of ordinary lengths keeps every row on one page, while
    a 2,000-character sign-off comment (the schema's maximum), taller than a
    page in its column, no longer fails the layout (issue #33).

    >>> from reportlab.lib.styles import getSampleStyleSheet
    >>> body = getSampleStyleSheet()["BodyText"]
    >>> may_outgrow_a_page([[Paragraph("ok", body)]], [100.0])
    0
    >>> may_outgrow_a_page([[Paragraph("word " * 2000, body)]], [100.0])
    1
    """
    for row in data:
        for width, cell in zip(widths, row, strict=False):
            if isinstance(cell, Flowable) and cell.wrap(width, 1e9)[1] > TALL_ROW_PT:
                return 1
    return 0


def mini_table(
    st: Story,
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
    data = [[Paragraph(escape(h, st.lang), head) for h in header]]
    data += [[Paragraph(escape(str(v), st.lang), cell) for v in row] for row in rows]
    table = Table(
        data,
        colWidths=widths,
        hAlign="LEFT",
        splitInRow=may_outgrow_a_page(data, widths),
    )
    # a caption over the whole table ("Key figures", "") spans its columns
    span = [("SPAN", (0, 0), (-1, 0))] if not any(header[1:]) else []
    table.setStyle(_table_style(1.5, 3, span))
    return table


def layout(
    st: Story,
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
    buffer = io.BytesIO()
    doc = _PlanDoc(
        buffer,
        pagesize=pagesize,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
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
        lang=say("report.typesetting.pdf_lang", lang),
        initialFontName=font,
    )
    canvas_cls = _canvas_class(
        title=title,
        status=status,
        language=lang,
        font=font,
        plan_date=project.meta.plan_date,
    )
    doc.multiBuild(st.items, canvasmaker=canvas_cls)
    starts = [doc.chunk_pages[i] for i in sorted(doc.chunk_pages)]
    return buffer.getvalue(), starts
