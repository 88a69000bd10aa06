"""Compile the Qt assets: translations (.ts → .qm) and resources (.qrc → Python).

Usage::

    python packaging/build_qt_assets.py            # lrelease + rcc
    python packaging/build_qt_assets.py --update   # first refresh the .ts with lupdate

The ``.ts`` files under ``resources/translations/`` are maintained by hand
(translations are reviewed text). Each language has one ``gpu_advisor_<lang>.ts``
for the frame and one ``<area>_<lang>.ts`` per wizard area; which file holds a
context (a class's ``tr()`` strings) is fixed by :data:`AREA_CONTEXTS` (any
context not listed there belongs to ``gpu_advisor``). The same table serves
``--update``, the release step and ``tests/ui/test_translations.py``:
``--update`` merges a language's files into one, runs ``pyside6-lupdate`` over
``gpu_advisor/ui`` on it (new strings come in unfinished, vanished ones are
dropped) and splits the result back by the table, so no string is ever in
two files.
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
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESOURCES = ROOT / "resources"
TRANSLATIONS = RESOURCES / "translations"
QRC = RESOURCES / "app.qrc"
RC_OUTPUT = ROOT / "gpu_advisor" / "ui" / "_resources_rc.py"
UI_SOURCES = ROOT / "gpu_advisor" / "ui"
LANGUAGES = ("zh_CN", "en")
MAIN_AREA = "gpu_advisor"
AREA_CONTEXTS: dict[str, tuple[str, ...]] = {
    "budget": ("BudgetPage", "CostCharts", "RecommendationPanel"),
    "page_errors": ("PageErrorPage", "PageErrorPanel"),
    "rollout": (
        "ChecklistPage",
        "ConfigViewer",
        "EnvironmentPage",
        "MonitoringPage",
        "PdfExportController",
        "ReviewPage",
        "_EnvVarsField",
        "_ListField",
    ),
    "scenarios": (
        "CandidateCostTable",
        "CompareController",
        "CompareDialog",
        "ScenarioCompareView",
        "ScenarioEditor",
        "ScenariosPanel",
    ),
    "signing": (
        "PlanPrinter",
        "SignPlanDialog",
        "TrustedSignersBox",
        "VerifyPlanDialog",
    ),
    "start": ("ExampleTitles", "RecoveryDialog", "StartPage", "StepList"),
    "vendors": (
        "ImportDialog",
        "JudgementView",
        "QuoteForm",
        "VendorCharts",
        "VendorsPage",
    ),
    "workload": (
        "BoundField",
        "ConfigPasteDialog",
        "DaysChart",
        "DemandEditor",
        "ExplanationDialog",
        "KeyNumbers",
        "MemoryChart",
        "OptionalNumberField",
        "WhyButton",
        "WorkloadPage",
    ),
}
"""Which ``<area>_<lang>.ts`` holds each context; every other context is in
``gpu_advisor_<lang>.ts``. Add a new class's context here to keep it in an area file."""


def area_of(context: str) -> str:
    """The area whose .ts file holds ``context``.

    >>> area_of("BudgetPage"), area_of("MainWindow")
    ('budget', 'gpu_advisor')
    """
    for area, contexts in AREA_CONTEXTS.items():
        if context in contexts:
            return area
    return MAIN_AREA


def ts_path(area: str, language: str, translations: Path = TRANSLATIONS) -> Path:
    """``<translations>/<area>_<language>.ts``."""
    return translations / f"{area}_{language}.ts"


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


def _contexts(files: list[Path]) -> list[ET.Element]:
    """Every context of ``files``, one element per name (messages of a repeated
    name are merged; the first translation of a message wins)."""
    by_name: dict[str, ET.Element] = {}
    seen: set[tuple[str, str]] = set()
    for path in files:
        for context in ET.parse(path).getroot().iter("context"):
            name = context.findtext("name") or ""
            target = by_name.get(name)
            if target is None:
                target = by_name[name] = ET.Element("context")
                ET.SubElement(target, "name").text = name
            for message in context.iter("message"):
                key = (name, message.findtext("source") or "")
                if key not in seen:
                    seen.add(key)
                    target.append(message)
    return list(by_name.values())


def write_ts(path: Path, language: str, contexts: list[ET.Element]) -> None:
    """Write a Qt Linguist file in lupdate's layout."""
    root = ET.Element("TS", {"version": "2.1", "language": language})
    root.set("sourcelanguage", "en")
    root.extend(contexts)
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    path.write_text(
        f'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n{body}\n',
        encoding="utf-8",
    )


def split_ts(merged: Path, language: str, translations: Path = TRANSLATIONS) -> None:
    """Write the contexts of ``merged`` into their area files (:data:`AREA_CONTEXTS`)."""
    by_area: dict[str, list[ET.Element]] = {a: [] for a in (MAIN_AREA, *AREA_CONTEXTS)}
    for context in _contexts([merged]):
        by_area[area_of(context.findtext("name") or "")].append(context)
    for area, contexts in by_area.items():
        write_ts(ts_path(area, language, translations), language, contexts)


def update_ts(translations: Path = TRANSLATIONS) -> None:
    """Refresh the .ts files from the UI sources (new strings come in unfinished).

    Per language: merge its files into one, ``lupdate`` that one, split it
    back by :data:`AREA_CONTEXTS`.
    """
    sources = sorted(str(p.relative_to(ROOT)) for p in UI_SOURCES.rglob("*.py"))
    sources = [s for s in sources if not s.endswith("_resources_rc.py")]
    lupdate = find_tool("lupdate")
    for language in LANGUAGES:
        with tempfile.TemporaryDirectory() as tmp:
            merged = Path(tmp) / f"all_{language}.ts"
            write_ts(merged, language, _contexts(ts_sources(language, translations)))
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
                    str(merged),
                ]
            )
            split_ts(merged, language, translations)


def release(translations: Path = TRANSLATIONS) -> None:
    """Compile the .ts files of each language into one ``gpu_advisor_<lang>.qm``.

    The frame's strings live in ``gpu_advisor_<lang>.ts``; each wizard area keeps
    its own ``<area>_<lang>.ts`` (:data:`AREA_CONTEXTS`) so that they can be
    edited independently. lrelease merges them all into the one catalog the
    app installs.
    """
    lrelease = find_tool("lrelease")
    for language in LANGUAGES:
        main_ts = ts_path(MAIN_AREA, language, translations)
        if not main_ts.is_file():
            raise RuntimeError(f"missing translation source {main_ts.name}")
        sources = [
            main_ts,
            *sorted(set(ts_sources(language, translations)) - {main_ts}),
        ]
        qm = main_ts.with_suffix(".qm")
        run([*lrelease, "-silent", *map(str, sources), "-qm", str(qm)])


def ts_sources(language: str, translations: Path = TRANSLATIONS) -> list[Path]:
    """Every .ts file of ``language`` (e.g. ``zh_CN``) in resources/translations."""
    return sorted(translations.glob(f"*_{language}.ts"))


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
