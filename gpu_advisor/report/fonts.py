"""Find and register a CJK TrueType font that reportlab can embed as a subset.

The plan is written in Chinese or English; both need a font with CJK glyphs
because names, notes and vendor terms may be Chinese in either language.
reportlab only embeds TrueType outlines (``glyf``), so OpenType/CFF fonts such
as most ``NotoSansCJK*.otf`` files and PingFang are refused by
:class:`reportlab.pdfbase.ttfonts.TTFont`; we try each candidate and keep the
first one that loads.

Search order (first hit wins):

1. an explicit path (the GUI's preferences pass it in);
2. the ``GPU_ADVISOR_CJK_FONT`` environment variable;
3. a font bundled in ``gpu_advisor.resources/fonts/`` by the installer;
4. well-known file names in the standard font folders of Linux, Windows and
   macOS (scanned with :mod:`pathlib`, no fontconfig shell-out).
"""

from __future__ import annotations

import contextlib
import functools
import os
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Final

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

ENV_VAR: Final = "GPU_ADVISOR_CJK_FONT"
"""Environment variable naming a font file that takes precedence over the search."""

KNOWN_FONT_FILES: Final[tuple[str, ...]] = (
    "wqy-microhei.ttc",
    "wqy-zenhei.ttc",
    "msyh.ttc",
    "msyh.ttf",
    "simhei.ttf",
    "simsun.ttc",
    "NotoSansSC-Regular.ttf",
    "NotoSansSC-VariableFont_wght.ttf",
    "NotoSansCJKsc-Regular.ttf",
    "SourceHanSansSC-Regular.ttf",
    "Arial Unicode.ttf",
    "Arial Unicode MS.ttf",
    "DroidSansFallbackFull.ttf",
    "DroidSansFallback.ttf",
)
"""File names of TrueType-outline fonts with Simplified Chinese glyphs, best first."""

CJK_FONT_NAME: Final = "GpuAdvisorCJK"
"""Name under which the found font is registered with reportlab."""

MONO_FONT_NAME: Final = "Courier"
"""Monospace font for configuration snippets (a PDF base font: ASCII only)."""

INSTALL_HINT: Final = (
    "No CJK TrueType font found. Install fonts-wqy-microhei (Debian/Ubuntu) or "
    "wqy-microhei-fonts (Fedora), or set GPU_ADVISOR_CJK_FONT=/path/to/font.ttf "
    "(a TrueType .ttf/.ttc with Chinese glyphs, e.g. msyh.ttc or simhei.ttf)"
)


class FontNotFoundError(RuntimeError):
    """No usable CJK TrueType font: the message says what to install."""


@dataclass(frozen=True)
class FontChoice:
    """A font file that loaded, and where the search found it."""

    path: Path
    subfont_index: int
    origin: str  # 'explicit', 'environment', 'bundled' or 'system'


def standard_font_dirs(environ: Mapping[str, str] | None = None) -> list[Path]:
    """The font folders of Linux, Windows and macOS that exist on this machine.

    Examples
    --------
    >>> all(isinstance(p, Path) for p in standard_font_dirs({}))
    True
    """
    env = os.environ if environ is None else environ
    home = Path.home()
    windir = Path(env.get("WINDIR", "C:\\Windows"))
    candidates = [
        Path("/usr/share/fonts"),
        Path("/usr/local/share/fonts"),
        home / ".local" / "share" / "fonts",
        home / ".fonts",
        windir / "Fonts",
        Path(env.get("LOCALAPPDATA", str(home))) / "Microsoft" / "Windows" / "Fonts",
        Path("/Library/Fonts"),
        Path("/System/Library/Fonts"),
        Path("/System/Library/Fonts/Supplemental"),
        home / "Library" / "Fonts",
    ]
    return [p for p in candidates if p.is_dir()]


def _bundled_dir() -> Path | None:
    try:
        folder = resources.files("gpu_advisor.resources") / "fonts"
    except ModuleNotFoundError:  # pragma: no cover - resources always ship
        return None
    path = Path(str(folder))
    return path if path.is_dir() else None


MAX_FONT_BYTES: Final = 256 * 2**20
"""Largest font file tried [B]: reportlab reads it whole (a CJK .ttc is 20-60 MB)."""


def _loads(path: Path) -> int | None:
    """Index of the first subfont reportlab can embed, or None."""
    try:
        # a regular file (no FIFO, no device) of a font's size, before reading it
        if not path.is_file() or path.stat().st_size > MAX_FONT_BYTES:
            return None
    except OSError:
        return None
    for index in range(4 if path.suffix.lower() == ".ttc" else 1):
        try:
            TTFont("_probe", str(path), subfontIndex=index)
        except (TTFError, OSError, KeyError, IndexError, ValueError, AssertionError):
            continue
        return index
    return None


def _scan(dirs: Iterable[Path]) -> Iterable[Path]:
    """Known font files in these folders (and their sub-folders), best name first."""
    wanted = {name.lower(): rank for rank, name in enumerate(KNOWN_FONT_FILES)}
    found: list[tuple[int, str, Path]] = []
    for folder in dirs:
        try:
            for path in folder.rglob("*"):
                rank = wanted.get(path.name.lower())
                if rank is not None:
                    found.append((rank, str(path), path))
        except OSError:
            continue
    return [path for _, _, path in sorted(found)]


def find_cjk_font(
    preferred: str | Path | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    search_dirs: Sequence[Path] | None = None,
    use_bundled: bool = True,
) -> FontChoice:
    """Find a TrueType font with CJK glyphs that reportlab can embed.

    Parameters
    ----------
    preferred : str or Path, optional
        A font file chosen by the user; it must load, or the error says why.
    environ : mapping, optional
        Environment to read ``GPU_ADVISOR_CJK_FONT`` from (default: ``os.environ``).
    search_dirs : sequence of Path, optional
        Folders to scan (default: :func:`standard_font_dirs`).
    use_bundled : bool
        Whether to look in ``gpu_advisor.resources/fonts/``.

    Returns
    -------
    FontChoice
        The font file, subfont index and where it came from.

    Raises
    ------
    FontNotFoundError
        When nothing usable is found; the message names what to install.
    """
    env = os.environ if environ is None else environ
    for origin, value in (("explicit", preferred), ("environment", env.get(ENV_VAR))):
        if value:
            path = Path(value).expanduser()
            index = _loads(path)
            if index is None:
                what = "font" if origin == "explicit" else f"{ENV_VAR} font"
                raise FontNotFoundError(
                    f"The {what} {path} cannot be embedded: it is missing or not a "
                    "TrueType font with glyf outlines (OpenType/CFF fonts do not "
                    "work). " + INSTALL_HINT
                )
            return FontChoice(path, index, origin)
    bundled = _bundled_dir() if use_bundled else None
    if bundled is not None:
        for path in sorted(bundled.iterdir()):
            if path.suffix.lower() in {".ttf", ".ttc"}:
                index = _loads(path)
                if index is not None:
                    return FontChoice(path, index, "bundled")
    dirs = standard_font_dirs(env) if search_dirs is None else list(search_dirs)
    for path in _scan(dirs):
        index = _loads(path)
        if index is not None:
            return FontChoice(path, index, "system")
    raise FontNotFoundError(INSTALL_HINT)


@functools.cache
def _register(path: str, subfont_index: int) -> str:
    # The registered name appears in the PDF (/BaseFont), so derive it from
    # the file name only: hash() differs between processes.
    name = f"{CJK_FONT_NAME}-{Path(path).stem.replace(' ', '')}-{subfont_index}"
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, path, subfontIndex=subfont_index))
    return name


def register_cjk_font(preferred: str | Path | None = None) -> str:
    """Find a CJK font (see :func:`find_cjk_font`), register it once, return its name.

    The search is cached per (preferred path, ``GPU_ADVISOR_CJK_FONT`` value),
    so a second plan in the same process costs nothing.

    Raises
    ------
    FontNotFoundError
        When no usable font exists.
    """
    with _REGISTER_LOCK:  # the app warms the font in a thread (see warm_up)
        return _find_and_register(
            None if preferred is None else str(preferred), os.environ.get(ENV_VAR)
        )


_REGISTER_LOCK: Final = threading.Lock()


def warm_up(preferred: str | Path | None = None) -> threading.Thread:
    """Find and parse the CJK font in a background thread, now.

    Parsing the TrueType file takes about a second (WenQuanYi Micro Hei, 5 MB);
    the app starts this after its window shows, so the first export costs what
    the others do. A missing font is not an error here: the export reports it.
    The thread is a daemon, so it never keeps the app from quitting.
    """

    def run() -> None:
        with contextlib.suppress(Exception):  # the export says what is missing
            register_cjk_font(preferred)

    thread = threading.Thread(target=run, name="cjk-font-warm-up", daemon=True)
    thread.start()
    return thread


@functools.cache
def _find_and_register(preferred: str | None, env_value: str | None) -> str:
    environ = {ENV_VAR: env_value} if env_value else {}
    environ.update(
        {k: v for k, v in os.environ.items() if k in {"WINDIR", "LOCALAPPDATA"}}
    )
    choice = find_cjk_font(preferred, environ=environ)
    return _register(str(choice.path), choice.subfont_index)
