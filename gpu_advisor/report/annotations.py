"""What a plan paints besides its pages' content: annotations the app does not write.

A PDF viewer draws every annotation listed in a page's ``/Annots`` with its
appearance stream (``/AP``) over the page, so a form field, a stamp, free
text or an *empty visible signature field* can paint other figures over the
plan while the page content stays byte for byte what the app wrote (issue
#33). :func:`foreign_annotations` finds them, revision by revision, with
pyHanko's own reader.

The app writes two kinds of annotation only, and neither paints anything:

* links (``/Link``, reportlab's table of contents and references) without
  an appearance stream;
* its signature fields, invisible: a widget of a ``/Sig`` field whose
  ``/Rect`` has no area and with no appearance stream (pyHanko's default,
  :mod:`gpu_advisor.report.sign`).

A signature widget without any appearance stream is accepted as well (a
co-signature made by another tool without a visible stamp), and so is one
whose ``/Rect`` has no area and whose appearance streams are empty (other
tools' invisible signatures). Everything else
(widgets, signature fields with an appearance, free text, stamps, ink, …)
is a foreign annotation.

References
----------
ISO 32000-2:2020, 12.5 (Annotations) and 12.5.5 (Appearance streams);
pyHanko, ``pyhanko.pdf_utils.reader.PdfFileReader.get_historical_resolver``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

MAX_PAGES: Final = 10_000
"""Pages walked per revision (a plan has about 30)."""
MAX_ANNOTATIONS: Final = 100_000
"""Annotations looked at per revision before the PDF is refused."""


class AnnotationError(Exception):
    """The page tree or the annotations of a revision cannot be walked."""


@dataclass(frozen=True)
class ForeignAnnotation:
    """An annotation the app does not write, where a reader sees it.

    Attributes
    ----------
    page : int
        1 for the first page.
    box : tuple of float
        ``(x, y, width, height)`` in points from the page's lower left corner.
    subtype : str
        The annotation's ``/Subtype`` without the slash (``Widget``, ``FreeText``…).
    revision : int
        The first revision of the file that shows it (0: the file as first written).
    """

    page: int
    box: tuple[float, float, float, float]
    subtype: str
    revision: int

    def line(self) -> str:
        """Where it is, for people.

        >>> ForeignAnnotation(1, (60.0, 620.0, 480.0, 80.25), "Widget", 1).line()
        'page 1: an annotation at (60, 620, 480, 80.2) paints over the plan'
        """
        shown = ", ".join(f"{round(value, 1):g}" for value in self.box)
        return f"page {self.page}: an annotation at ({shown}) paints over the plan"


def _box(annot: Any) -> tuple[float, float, float, float]:
    """``/Rect`` as (x, y, width, height); a damaged one as zeros.

    >>> _box([10, 20, 5, 60])
    (5.0, 20.0, 5.0, 40.0)
    >>> _box("no")
    (0.0, 0.0, 0.0, 0.0)
    """
    try:
        x1, y1, x2, y2 = (float(value) for value in annot)
    except (TypeError, ValueError):
        return 0.0, 0.0, 0.0, 0.0
    return min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1)


def _field_type(annot: Any) -> Any:
    """``/FT`` of the annotation's field: its own, else its parent's."""
    kind = annot.get("/FT")
    if kind is None and "/Parent" in annot:
        parent = annot["/Parent"]
        kind = parent.get("/FT") if hasattr(parent, "get") else None
    return kind


MAX_EMPTY_STREAM_BYTES: Final = 64
"""An appearance stream longer than this (encoded) is not read: it paints."""


def _empty_stream(stream: Any) -> bool:
    """A short stream with nothing but white space: it paints nothing."""
    encoded = getattr(stream, "encoded_data", None)
    if encoded is None or len(encoded) > MAX_EMPTY_STREAM_BYTES:
        return False
    return not bytes(stream.data).strip()


def _paints_nothing(appearance: Any) -> bool:
    """Every stream of an ``/AP`` dictionary (each state of ``/N``, ``/R``, ``/D``) is empty."""
    for key in ("/N", "/R", "/D"):
        entry = appearance.get(key)
        if entry is None:
            continue
        entry = entry.get_object()
        states = [entry] if hasattr(entry, "encoded_data") else list(entry.values())
        if not all(_empty_stream(state.get_object()) for state in states):
            return False
    return True


def is_apps_own(annot: Any) -> bool:
    """The annotation is one the app writes (or paints nothing): see the module."""
    subtype = annot.get("/Subtype")
    appearance = annot.get("/AP")
    if subtype == "/Link":
        return appearance is None
    if subtype == "/Widget" and _field_type(annot) == "/Sig":
        if appearance is None:
            return True
        _x, _y, width, height = _box(annot.get("/Rect"))
        return (width == 0 or height == 0) and _paints_nothing(appearance.get_object())
    return False


def _pages(node: Any, seen: set[int], depth: int = 0) -> Iterator[Any]:
    """The leaf pages under a ``/Pages`` node, in order (``seen``: nodes walked)."""
    if depth > 64:
        raise AnnotationError("the page tree is nested too deeply")
    if node.get("/Type") == "/Page" or "/Kids" not in node:
        yield node
        return
    for kid in node["/Kids"]:
        number = getattr(kid, "idnum", None)
        if number is not None:
            if number in seen:
                raise AnnotationError("the page tree holds a loop")
            seen.add(number)
        yield from _pages(kid.get_object(), seen, depth + 1)


def foreign_in_revision(resolver: Any, revision: int) -> list[ForeignAnnotation]:
    """The foreign annotations a revision shows (``resolver``: its historical view)."""
    found: list[ForeignAnnotation] = []
    seen = 0
    for number, page in enumerate(_pages(resolver.root["/Pages"], set()), start=1):
        if number > MAX_PAGES:
            raise AnnotationError(f"more than {MAX_PAGES} pages")
        annots = page.get("/Annots")
        for ref in annots.get_object() if annots is not None else ():
            seen += 1
            if seen > MAX_ANNOTATIONS:
                raise AnnotationError(f"more than {MAX_ANNOTATIONS} annotations")
            annot = ref.get_object()
            if not is_apps_own(annot):
                kind = str(annot.get("/Subtype", "/unknown")).lstrip("/")
                found.append(
                    ForeignAnnotation(number, _box(annot.get("/Rect")), kind, revision)
                )
    return found


def foreign_annotations(reader: Any) -> list[ForeignAnnotation]:
    """Every foreign annotation of every revision, each at the first revision showing it.

    Parameters
    ----------
    reader : pyhanko.pdf_utils.reader.PdfFileReader

    Raises
    ------
    AnnotationError
        A revision's pages or annotations cannot be walked (a damaged or
        hostile file: treat it as not verifiable).
    """
    found: list[ForeignAnnotation] = []
    known: set[tuple[int, tuple[float, ...], str]] = set()
    try:
        for revision in range(reader.xrefs.total_revisions):
            resolver = reader.get_historical_resolver(revision)
            for item in foreign_in_revision(resolver, revision):
                key = (item.page, item.box, item.subtype)
                if key not in known:
                    known.add(key)
                    found.append(item)
    except AnnotationError:
        raise
    except Exception as exc:  # pyHanko raises many types for hostile input
        reason = " ".join(str(exc).split())[:160] or type(exc).__name__
        raise AnnotationError(reason) from None
    return found
