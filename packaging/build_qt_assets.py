"""Compile the Qt assets: translations (.ts → .qm) and resources (.qrc → Python).

Usage::

    python packaging/build_qt_assets.py            # lrelease + rcc
    python packaging/build_qt_assets.py --update   # first refresh the .ts with lupdate

The ``.ts`` files under ``resources/translations/`` are maintained by hand
(translations are reviewed text); ``--update`` runs ``pyside6-lupdate`` over
``gpu_advisor/ui`` to add new source strings and mark vanished ones obsolete.
The generated ``.qm`` files and ``gpu_advisor/ui/_resources_rc.py`` are
git-ignored. The tools come from PySide6 (PySide6-Essentials ships them):
first the scripts next to the running interpreter, then the binaries inside
the PySide6 package. Exit status 1 with a message when one is missing or fails.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESOURCES = ROOT / "resources"
TRANSLATIONS = RESOURCES / "translations"
QRC = RESOURCES / "app.qrc"
RC_OUTPUT = ROOT / "gpu_advisor" / "ui" / "_resources_rc.py"
UI_SOURCES = ROOT / "gpu_advisor" / "ui"
LANGUAGES = ("zh_CN", "en")


class ToolMissingError(RuntimeError):
    """A PySide6 tool could not be found."""


def find_tool(name: str) -> list[str]:
    """The command line that starts ``pyside6-<name>`` (lrelease, rcc, lupdate)."""
    suffix = ".exe" if os.name == "nt" else ""
    scripts = Path(sys.executable).parent
    for candidate in (scripts / f"pyside6-{name}{suffix}", scripts / f"pyside6-{name}"):
        if candidate.is_file():
            return [str(candidate)]
    try:
        import PySide6
    except ImportError as exc:
        raise ToolMissingError(f"PySide6 is not installed: {exc}") from None
    package = Path(PySide6.__file__).parent
    for candidate in (
        package / f"{name}{suffix}",
        package / "Qt" / "libexec" / f"{name}{suffix}",
        package / "Qt" / "bin" / f"{name}{suffix}",
    ):
        if candidate.is_file():
            return [str(candidate)]
    found = shutil.which(f"pyside6-{name}")
    if found:
        return [found]
    raise ToolMissingError(
        f"pyside6-{name} not found next to {sys.executable} or in {package}; "
        "install PySide6-Essentials in this environment"
    )


def run(command: list[str]) -> None:
    print(
        "+",
        " ".join(Path(command[0]).name if i == 0 else a for i, a in enumerate(command)),
    )
    completed = subprocess.run(command, check=False, cwd=ROOT)
    if completed.returncode != 0:
        raise RuntimeError(
            f"{Path(command[0]).name} failed with status {completed.returncode}"
        )


def update_ts() -> None:
    """Refresh the .ts files from the UI sources (new strings come in unfinished)."""
    sources = sorted(str(p.relative_to(ROOT)) for p in UI_SOURCES.rglob("*.py"))
    sources = [s for s in sources if not s.endswith("_resources_rc.py")]
    lupdate = find_tool("lupdate")
    for language in LANGUAGES:
        ts = TRANSLATIONS / f"gpu_advisor_{language}.ts"
        run(
            [
                *lupdate,
                "-locations",
                "none",
                "-no-obsolete",
                "-target-language",
                language,
                *sources,
                "-ts",
                str(ts.relative_to(ROOT)),
            ]
        )


def release() -> None:
    """Compile the .ts files of each language into one ``gpu_advisor_<lang>.qm``.

    The frame's strings live in ``gpu_advisor_<lang>.ts``; each wizard area keeps
    its own ``<area>_<lang>.ts`` so that they can be edited independently.
    lrelease merges them all into the one catalog the app installs.
    """
    lrelease = find_tool("lrelease")
    for language in LANGUAGES:
        main_ts = TRANSLATIONS / f"gpu_advisor_{language}.ts"
        if not main_ts.is_file():
            raise RuntimeError(
                f"missing translation source {main_ts.relative_to(ROOT)}"
            )
        sources = [main_ts, *sorted(set(ts_sources(language)) - {main_ts})]
        qm = main_ts.with_suffix(".qm")
        run([*lrelease, "-silent", *map(str, sources), "-qm", str(qm)])


def ts_sources(language: str) -> list[Path]:
    """Every .ts file of ``language`` (e.g. ``zh_CN``) in resources/translations."""
    return sorted(TRANSLATIONS.glob(f"*_{language}.ts"))


def compile_resources() -> None:
    """Compile resources/app.qrc into gpu_advisor/ui/_resources_rc.py."""
    rcc = find_tool("rcc")
    run(
        [*rcc, "-g", "python", str(QRC), "-o", str(RC_OUTPUT)]
        if _is_binary(rcc)
        else [*rcc, str(QRC), "-o", str(RC_OUTPUT)]
    )


def _is_binary(command: list[str]) -> bool:
    """The bare Qt rcc binary needs ``-g python``; the pyside6-rcc wrapper adds it."""
    return not Path(command[0]).name.startswith("pyside6-")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--update", action="store_true", help="run pyside6-lupdate on the .ts first"
    )
    args = parser.parse_args(argv)
    try:
        if args.update:
            update_ts()
        release()
        compile_resources()
    except (ToolMissingError, RuntimeError, OSError) as exc:
        print(f"build_qt_assets: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
