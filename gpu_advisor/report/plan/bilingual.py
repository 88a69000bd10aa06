"""The plan in two languages: the plan in one language beside the plan in another, part by part.

A plan's ``language=`` is one catalog's code (``"zh"``) or a primary and a second
language joined by ``+`` (``"zh+en"``: the Chinese pages on the left, the English on
the right). Any language with a catalog (``resources/words/<code>/``) can be either.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Final

from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from gpu_advisor import words
from gpu_advisor.model.common import (
    BILINGUAL as BILINGUAL_NAME,
)
from gpu_advisor.model.common import (
    BILINGUAL_PAIR as BILINGUAL_PAIR,
)
from gpu_advisor.model.common import (
    PLAN_LANGUAGE_PAIR,
    Language,
    PlanLanguage,
)
from gpu_advisor.report.plan.document import PartStart

if TYPE_CHECKING:
    from pypdf import PageObject, PdfWriter
    from pypdf.generic import IndirectObject

BILINGUAL: Final = BILINGUAL_NAME
"""The side-by-side plan's first name, still read (the app's saved choices, scripts,
plans signed before languages were catalogs): the same as :data:`BILINGUAL_PAIR`."""

PAIR: Final = PLAN_LANGUAGE_PAIR
"""Joins a plan's primary and second language: ``"zh+en"``."""


def plan_language(
    language: PlanLanguage | Language | str | None, default: Language
) -> PlanLanguage:
    """A plan's ``language=`` as a :class:`PlanLanguage` whose codes have catalogs.

    ``None`` is ``default`` (the project's language) alone.

    >>> plan_language("en+zh", Language.ZH)
    PlanLanguage('en+zh')
    >>> plan_language(None, Language.ZH), plan_language("bilingual", Language.EN)
    (PlanLanguage('zh'), PlanLanguage('zh+en'))
    >>> plan_language("fr", Language.ZH)
    Traceback (most recent call last):
    ...
    ValueError: no catalog words the plan language 'fr'; there are en, zh
    """
    if isinstance(language, PlanLanguage):
        chosen = language
    else:
        text = str(language) if language is not None else default.value
        try:
            chosen = PlanLanguage.parse(text)
        except ValueError as exc:
            if "one language or two" in str(exc):
                raise
            code = next(c for c in text.split(PAIR) if c not in words.languages())
            raise _unknown(code) from None
    for one in (chosen.primary, chosen.second):
        if one is not None and one not in words.languages():
            raise _unknown(one)
    return chosen


def _unknown(code: str) -> ValueError:
    return ValueError(
        f"no catalog words the plan language {str(code)!r}; "
        f"there are {', '.join(words.languages())}"
    )


def plan_languages(
    language: PlanLanguage | Language | str | None, default: Language
) -> tuple[Language, Language | None]:
    """The primary and the optional second language of a plan's ``language=``.

    >>> plan_languages("en+zh", Language.ZH)
    (Language('en'), Language('zh'))
    >>> plan_languages(None, Language.ZH), plan_languages("bilingual", Language.EN)
    ((Language('zh'), None), (Language('zh'), Language('en')))
    """
    chosen = plan_language(language, default)
    return chosen.primary, chosen.second


def plan_language_choices() -> tuple[str, ...]:
    """Every ``language=`` of a plan: each catalog, each ordered pair, and :data:`BILINGUAL`.

    >>> plan_language_choices()
    ('en', 'zh', 'en+zh', 'zh+en', 'bilingual')
    """
    codes = words.languages()
    pairs = tuple(f"{a}{PAIR}{b}" for a in codes for b in codes if a != b)
    return (*codes, *pairs, BILINGUAL)


def _height(flowable: Flowable, width: float) -> float:
    """What ``flowable`` takes on the page, its own spacing included. [pt]"""
    _w, height = flowable.wrap(width, 10_000)
    return float(height)


def align_parts(
    left: list[Flowable], right: list[Flowable], width: float, *, parts: int
) -> None:
    """Pad the first ``parts`` parts of two plans so that their blocks line up.

    The two-language plan shows its two pages side by side; one language's
    lines may be taller (Chinese against English), so the other's blocks would
    ride ever higher.
    After each pair of blocks (paragraph, table) a spacer makes up the
    difference, in both lists, so the spacing between blocks (reportlab
    collapses a block's space after with the next one's space before) is the
    same on both sides. A part whose blocks differ in number or kind is left
    as it is. ``left`` and ``right`` are changed in place.
    """

    def split(items: list[Flowable]) -> list[list[Flowable]]:
        out: list[list[Flowable]] = [[]]
        for item in items:
            if isinstance(item, PartStart):
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
    left: tuple[bytes, list[int]], right: tuple[bytes, list[int]]
) -> bytes:
    """One sheet per page pair: the primary language's page on the left, the second's on the right.

    Each sheet is twice the paper's width (A4 pages on A3, Letter on
    Tabloid), so both halves keep their size. Parts of the plan (the runs of
    pages between page breaks) are aligned: when one language needs more
    pages for a part, the other half of those sheets stays blank, and the
    next part starts on the same sheet in both. Each page is placed as a form
    XObject (its content stream is copied as it is, not re-parsed; fonts are
    shared). The metadata (fingerprint, version, signer) is the primary
    language's plan's. Identical plans give identical bytes; the file has no trailer
    ``/ID`` (optional in PDF 1.3, which pypdf writes), as pypdf has no public
    way to set one and pyHanko's writer would stamp a random one and the time.
    """
    from pypdf import PdfReader, PdfWriter

    readers = (PdfReader(io.BytesIO(left[0])), PdfReader(io.BytesIO(right[0])))
    first = readers[0].pages[0]
    width, height = float(first.mediabox.width), float(first.mediabox.height)
    writer = PdfWriter()
    parts = [
        _part_ranges(starts, len(reader.pages))
        for (_data, starts), reader in zip((left, right), readers, strict=True)
    ]
    for left_part, right_part in zip(parts[0], parts[1], strict=True):
        for i in range(max(len(left_part), len(right_part))):
            halves = [
                _page_form(writer, reader.pages[part[i]]) if i < len(part) else None
                for part, reader in zip((left_part, right_part), readers, strict=True)
            ]
            _add_sheet(writer, halves, width, height)
    meta: dict[str, str] = {
        str(k): str(v) for k, v in (readers[0].metadata or {}).items()
    }
    meta.pop("/Producer", None)
    writer.add_metadata(meta)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _page_form(writer: PdfWriter, page: PageObject) -> IndirectObject:
    """A page as a form XObject in ``writer`` (an indirect reference).

    The page's content stream is cloned into ``writer`` (a stream read from a
    file is cloned as an indirect object, its encoded bytes kept) and
    becomes the form: the page's resources, a bounding box of its size.
    """
    from pypdf.generic import ArrayObject, FloatObject, NameObject, StreamObject

    contents = page[NameObject("/Contents")].get_object()
    resources = page[NameObject("/Resources")].get_object()
    if not isinstance(contents, StreamObject) or resources is None:
        # reportlab writes one content stream and one resource dictionary a page
        raise ValueError("a plan page needs one content stream and its resources")
    form = contents.clone(writer)
    box = page.mediabox
    form.update(
        {
            NameObject("/Type"): NameObject("/XObject"),
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/BBox"): ArrayObject(
                [FloatObject(v) for v in (0, 0, box.width, box.height)]
            ),
            NameObject("/Resources"): resources.clone(writer),
        }
    )
    assert form.indirect_reference is not None  # cloned from a file: indirect
    return form.indirect_reference


def _add_sheet(
    writer: PdfWriter,
    halves: list[IndirectObject | None],
    width: float,
    height: float,
) -> None:
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
    sheet.replace_contents(content.flate_encode())


def _part_ranges(starts: list[int], pages: int) -> list[list[int]]:
    """Page indexes (0-based) of each part, from the parts' first pages (1-based).

    >>> _part_ranges([1, 2, 2, 4], 5)
    [[0], [], [1, 2], [3, 4]]
    """
    ends = [*starts[1:], pages + 1]
    return [list(range(a - 1, b - 1)) for a, b in zip(starts, ends, strict=True)]
