"""One wording policy: adding a language is adding a catalog, not changing code.

The engine returns codes and values; ``resources/words/<language>/*.toml`` words
them for the PDF, the CLI and the workbook (Qt Linguist files for the widgets).
These tests add a third catalog, ``xx`` (a copy of the English one with a marker in
a few entries), in a temporary folder that :func:`gpu_advisor.words.root` is
pointed at, and check that a project in ``xx`` loads, and that the CLI, the PDF
plan (alone and beside Chinese) and the option workbook are written in it, with
no change to the code or the schema. A scan of the package then checks that no
module outside :mod:`gpu_advisor.words` asks which language it writes, except
the places listed in :data:`LANGUAGE_SWITCHES_LEFT`, each with its reason.
"""

from __future__ import annotations

import ast
import io
import json
import shutil
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import openpyxl
import pytest
from pypdf import PdfReader

from gpu_advisor import words
from gpu_advisor.cli import main
from gpu_advisor.engine.api import evaluate_plan
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.option_table import write_option_table
from gpu_advisor.io.project_file import ProjectFileError, load_project
from gpu_advisor.model.common import Language
from gpu_advisor.report.plan import render_plan
from gpu_advisor.words import scale
from tests.report.test_no_sentences import _switches

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "resources" / "examples" / "shanghai_13b_finetune.gpuplan"
MARK = "XXMARK"

_MARKED = {
    # file: (line as in the English catalog, the same line marked)
    "report.toml": [
        ('sec.cost = "Cost comparison"', f'sec.cost = "{MARK} Cost comparison"'),
        (
            'cover.kicker = "GPU capacity plan"',
            f'cover.kicker = "{MARK} GPU capacity plan"',
        ),
    ],
    "cli.toml": [('heading = "GPU: {gpu}', f'heading = "{MARK} GPU: {{gpu}}')],
    "workbook.toml": [('inputs = "Inputs"', f'inputs = "{MARK} Inputs"')],
}


def _clear_caches() -> None:
    for cached in (words.languages, words.catalog, words.wording, scale.magnitudes):
        cached.cache_clear()


@pytest.fixture
def third_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The catalogs plus ``xx``: English with :data:`MARK` in a few entries."""
    folder = tmp_path / "words"
    with resources.as_file(words.root()) as shipped:
        shutil.copytree(shipped, folder)
    shutil.copytree(folder / "en", folder / "xx")
    for name, changes in _MARKED.items():
        path = folder / "xx" / name
        text = path.read_text(encoding="utf-8")
        for old, new in changes:
            assert text.count(old) == 1, (name, old)
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(words, "root", lambda: folder)
    _clear_caches()
    yield "xx"
    monkeypatch.undo()
    _clear_caches()


def _plan_in(language: str, folder: Path) -> Path:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["meta"]["language"] = language
    path = folder / f"plan_{language}.gpuplan"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_a_plan_in_a_language_without_a_catalog_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ProjectFileError) as error:
        load_project(_plan_in("xx", tmp_path))
    assert error.value.field == "meta.language"
    assert "resources/words/xx/" in str(error.value)
    assert "en, zh" in str(error.value)


def test_a_third_catalog_is_a_language_of_the_project_and_the_cli(
    third_language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert words.languages() == ("en", "xx", "zh")
    path = _plan_in(third_language, tmp_path)
    assert load_project(path).meta.language == Language("xx")
    assert main(["cost", str(path), "--monte-carlo", "0"]) == 0
    assert capsys.readouterr().out.startswith(f"{MARK} GPU: ")
    assert main(["cost", str(EXAMPLE), "--monte-carlo", "0", "--lang", "xx"]) == 0
    assert capsys.readouterr().out.startswith(f"{MARK} GPU: ")
    assert main(["cost", str(EXAMPLE), "--monte-carlo", "0", "--lang", "zh"]) == 0
    assert MARK not in capsys.readouterr().out


def test_a_third_catalog_writes_the_plan_and_the_workbook(
    third_language: str, tmp_path: Path
) -> None:
    project = load_project(_plan_in(third_language, tmp_path))
    catalog = load_catalog()
    alone = _pdf_text(render_plan(project, catalog))
    assert f"{MARK} GPU capacity plan" in alone
    assert f"{MARK} Cost comparison" in alone
    beside = render_plan(project, catalog, language="zh+xx")
    text = _pdf_text(beside)
    assert MARK in text
    assert "成本比较" in text
    first = PdfReader(io.BytesIO(beside)).pages[0]
    assert float(first.mediabox.width) > 800  # two A4 pages side by side
    out = tmp_path / "options.xlsx"
    evaluation = evaluate_plan(project, catalog, monte_carlo=False)
    write_option_table(evaluation, out, language=third_language)
    sheets = openpyxl.load_workbook(out).sheetnames
    assert f"{MARK} Inputs" in sheets


def test_every_catalog_entry_of_the_catalog_files_is_worded() -> None:
    """The catalog keeps ids and numbers; each language words every id."""
    catalog = load_catalog()
    codes = [
        *(f"region.{r.id}" for r in catalog.regions),
        *(f"region_notes.{r.id}" for r in catalog.regions),
        *(f"checklist_entry.{e.id}.title" for e in catalog.checklist),
        *(f"checklist_entry.{e.id}.detail" for e in catalog.checklist),
        *(f"sizing.network_name.{n.id}" for n in catalog.networks),
    ]
    for language in words.languages():
        missing = [code for code in codes if code not in words.catalog(language)]
        assert missing == [], language


def test_the_catalog_files_hold_no_wording_per_language() -> None:
    """No ``*_zh``/``*_en`` field nor ``{"en": …, "zh": …}`` table in the catalog."""
    found = []

    def walk(value: object, where: str) -> None:
        if isinstance(value, dict):
            keys = set(value)
            if keys & set(words.languages()) and len(keys) > 1:
                found.append(where)
            for key, item in value.items():
                if key.endswith(tuple(f"_{code}" for code in words.languages())):
                    found.append(f"{where}.{key}")
                walk(item, f"{where}.{key}")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{where}.{index}")

    for path in sorted((ROOT / "resources" / "catalog").glob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")), path.name)
    assert found == []


LANGUAGE_SWITCHES_LEFT: dict[str, tuple[int, str]] = {
    "model/common.py": (2, "defines Language.ZH and Language.EN, the shipped codes"),
    "model/project.py": (1, "a new plan's default language"),
    "io/project_file.py": (1, "str(error) is the default language (logs, tracebacks)"),
    "io/price_import.py": (2, "str(error) is the default language"),
    "io/results_archive.py": (3, "str(error) and its match use the default language"),
    "io/results_import.py": (1, "str(error) is the default language"),
    "io/results_parsers.py": (2, "str(error) and its match use the default language"),
    "io/rollout.py": (1, "str(error) is the default language"),
    "ui/i18n.py": (1, "the Qt translation loader: Qt's own English needs no file"),
    "ui/pages/workload_page.py": (
        2,
        "the token field counts in 亿 (10⁸) in Chinese, paired with its suffix in the "
        "Qt Linguist file",
    ),
    "ui/widgets/cost_charts.py": (
        1,
        "the chart's axis counts in 万 (10⁴) in Chinese, paired with its unit in the "
        "Qt Linguist file",
    ),
}
"""Modules (under ``gpu_advisor/``, outside ``words/``) that still name a language,
with how many lines and why. Everything else words through the catalogs."""


def test_no_module_asks_which_language_it_writes() -> None:
    package = ROOT / "gpu_advisor"
    found: dict[str, int] = {}
    for path in sorted(package.rglob("*.py")):
        module = path.relative_to(package).as_posix()
        if module.startswith("words/"):
            continue
        lines = _switches(ast.parse(path.read_text(encoding="utf-8")))
        if lines:
            found[module] = len(lines)
    expected = {
        module: count for module, (count, _why) in LANGUAGE_SWITCHES_LEFT.items()
    }
    assert found == expected


def test_size_json_words_each_formula_in_the_reader_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``formula`` is the engine's notation; ``formula_text`` the catalog's words."""
    shown: dict[str, list[str]] = {}
    for language in words.languages():
        args = ["size", "--params", "7B", "--tokens", "100B", "--json"]
        assert main([*args, "--lang", language]) == 0
        explanations = json.loads(capsys.readouterr().out)["explanations"]
        assert len(explanations) >= 5
        shown[language] = [e["formula_text"] for e in explanations]
    assert all(text.strip() for texts in shown.values() for text in texts)
    assert not any(word in " ".join(shown["zh"]) for word in ("parameters", "with"))
    assert "参数" in " ".join(shown["zh"])


def test_report_pairs_two_different_languages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "plan.pdf"
    args = ["report", str(EXAMPLE), "-o", str(out), "--second-lang", "zh"]
    assert main(args) == 2  # the example is in Chinese: zh beside zh
    assert "two different ones, got 'zh+zh'" in capsys.readouterr().err
    assert not out.exists()
