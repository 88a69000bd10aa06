"""Hostile input files built small in a test's folder (issue #33).

A spreadsheet whose sheet XML inflates to about 1 GB is 3 MB on disk: the
sheet is compressed as one deflate block of 1 MiB of rows, ended with a full
flush, repeated (a block after a full flush starts from an empty window, so
the same input gives the same bytes), and the zip is written by hand around
it with the true CRC and size.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import Final

_CONTENT_TYPES: Final = (
    b'<?xml version="1.0" encoding="UTF-8"?>'
    b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    b'<Default Extension="rels" '
    b'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    b'<Default Extension="xml" ContentType="application/xml"/>'
    b'<Override PartName="/xl/workbook.xml" ContentType="application/'
    b'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    b'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/'
    b'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    b"</Types>"
)
_ROOT_RELS: Final = (
    b'<?xml version="1.0" encoding="UTF-8"?>'
    b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    b'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/'
    b'2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'
)
_WORKBOOK: Final = (
    b'<?xml version="1.0" encoding="UTF-8"?>'
    b'<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    b'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
    b'<sheets><sheet name="prices" sheetId="1" r:id="rId1"/></sheets></workbook>'
)
_WORKBOOK_RELS: Final = (
    b'<?xml version="1.0" encoding="UTF-8"?>'
    b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    b'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/'
    b'2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'
)
_SHEET_HEAD: Final = (
    b'<?xml version="1.0" encoding="UTF-8"?>'
    b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    b"<sheetData>"
)
_SHEET_TAIL: Final = b"</sheetData></worksheet>"
HEADER_ROW: Final = (
    b'<row><c t="inlineStr"><is><t>gpu</t></is></c><c t="inlineStr"><is><t>item</t>'
    b'</is></c><c t="inlineStr"><is><t>price</t></is></c><c t="inlineStr"><is><t>date'
    b"</t></is></c></row>"
)


def _entry(name: str, raw_deflate: bytes, crc: int, size: int) -> bytes:
    """A local file header and the entry's data."""
    encoded = name.encode()
    return (
        struct.pack(
            "<IHHHHHIIIHH",
            0x04034B50,
            20,
            0,
            8,
            0,
            0x21,
            crc,
            len(raw_deflate),
            size,
            len(encoded),
            0,
        )
        + encoded
        + raw_deflate
    )


def _central(name: str, crc: int, packed: int, size: int, offset: int) -> bytes:
    encoded = name.encode()
    return (
        struct.pack(
            "<IHHHHHHIIIHHHHHII",
            0x02014B50,
            20,
            20,
            0,
            8,
            0,
            0x21,
            crc,
            packed,
            size,
            len(encoded),
            0,
            0,
            0,
            0,
            0,
            offset,
        )
        + encoded
    )


def _deflate(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def write_zip(path: Path, parts: list[tuple[str, bytes, int, int]]) -> Path:
    """A zip of (name, raw deflate data, crc32, expanded size) parts."""
    body = b""
    directory = b""
    for name, packed, crc, size in parts:
        offset = len(body)
        body += _entry(name, packed, crc, size)
        directory += _central(name, crc, len(packed), size, offset)
    end = struct.pack(
        "<IHHHHIIH",
        0x06054B50,
        0,
        0,
        len(parts),
        len(parts),
        len(directory),
        len(body),
        0,
    )
    path.write_bytes(body + directory + end)
    return path


def _part(name: str, data: bytes) -> tuple[str, bytes, int, int]:
    return name, _deflate(data), zlib.crc32(data), len(data)


def xlsx_with_sheet(path: Path, sheet_xml: bytes) -> Path:
    """A minimal workbook whose one sheet is ``sheet_xml``."""
    return write_zip(
        path,
        [
            _part("[Content_Types].xml", _CONTENT_TYPES),
            _part("_rels/.rels", _ROOT_RELS),
            _part("xl/workbook.xml", _WORKBOOK),
            _part("xl/_rels/workbook.xml.rels", _WORKBOOK_RELS),
            _part("xl/worksheets/sheet1.xml", sheet_xml),
        ],
    )


def inflating_xlsx(path: Path, row: bytes, rows: int) -> Path:
    """A workbook whose sheet holds ``rows`` copies of ``row`` (small on disk)."""
    per_block = max((1 << 20) // len(row), 1)
    block = row * per_block
    blocks, rest = divmod(rows, per_block)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    head = packer.compress(_SHEET_HEAD + HEADER_ROW) + packer.flush(zlib.Z_FULL_FLUSH)
    repeated = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
    packed = head + repeated * blocks
    packed += packer.compress(row * rest + _SHEET_TAIL) + packer.flush()
    crc = zlib.crc32(_SHEET_HEAD + HEADER_ROW)
    for _ in range(blocks):
        crc = zlib.crc32(block, crc)
    crc = zlib.crc32(row * rest + _SHEET_TAIL, crc)
    size = len(_SHEET_HEAD + HEADER_ROW) + len(block) * blocks
    size += len(row * rest + _SHEET_TAIL)
    return write_zip(
        path,
        [
            _part("[Content_Types].xml", _CONTENT_TYPES),
            _part("_rels/.rels", _ROOT_RELS),
            _part("xl/workbook.xml", _WORKBOOK),
            _part("xl/_rels/workbook.xml.rels", _WORKBOOK_RELS),
            ("xl/worksheets/sheet1.xml", packed, crc, size),
        ],
    )


ONE_GB_ROW: Final = b'<row><c t="inlineStr"><is><t>x</t></is></c></row>'
"""About 1 GB of sheet XML at 21 M rows of this."""

SHORT_ROW: Final = b"<row><c><v>1</v></c></row>"
"""20 M rows of this are 520 MB of sheet XML."""


def dtd_xlsx(path: Path) -> Path:
    """A workbook whose sheet declares entities ("billion laughs", kept small)."""
    sheet = (
        b'<?xml version="1.0" encoding="UTF-8"?>'
        b'<!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa">'
        b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
        + _SHEET_HEAD[len(b'<?xml version="1.0" encoding="UTF-8"?>') :]
        + HEADER_ROW
        + b'<row><c t="inlineStr"><is><t>&b;</t></is></c></row>'
        + _SHEET_TAIL
    )
    return xlsx_with_sheet(path, sheet)
