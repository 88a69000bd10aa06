"""The bilingual plan: the Chinese and the English plan side by side, part by part."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Final

from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from gpu_advisor.model.common import PlanLanguage
from gpu_advisor.report.plan.document import PartStart

if TYPE_CHECKING:
    from pypdf import PageObject, PdfWriter
    from pypdf.generic import IndirectObject

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


def side_by_side(zh: tuple[bytes, list[int]], en: tuple[bytes, list[int]]) -> bytes:
    """One sheet per page pair: the Chinese page on the left, the English on the right.

    Each sheet is twice the paper's width (A4 pages on A3, Letter on
    Tabloid), so both halves keep their size. Parts of the plan (the runs of
    pages between page breaks) are aligned: when one language needs more
    pages for a part, the other half of those sheets stays blank, and the
    next part starts on the same sheet in both. Each page is placed as a form
    XObject (its content stream is copied as it is, not re-parsed; fonts are
    shared). The metadata (fingerprint, version, signer) is the Chinese
    plan's. Identical plans give identical bytes; the file has no trailer
    ``/ID`` (optional in PDF 1.3, which pypdf writes), as pypdf has no public
    way to set one and pyHanko's writer would stamp a random one and the time.
    """
    from pypdf import PdfReader, PdfWriter

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
