"""The Qt Linguist catalogs are complete and match the UI sources.

Fails on unfinished or empty translations, on a ``self.tr("...")`` or
``QCoreApplication.translate("Context", "...")`` in ``gpu_advisor/ui``
without a zh_CN translation, and on placeholders or mnemonics lost in
translation.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QCoreApplication, QTranslator
from typing_extensions import override

from gpu_advisor.model.common import Language
from gpu_advisor.ui import i18n

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "resources" / "translations"
UI_SOURCES = ROOT / "gpu_advisor" / "ui"
LANGUAGES = ("zh_CN", "en")

Key = tuple[str, str]  # (context, source text)


def _build_qt_assets() -> ModuleType:
    """packaging/build_qt_assets.py: the one table of which file holds a context."""
    spec = importlib.util.spec_from_file_location(
        "build_qt_assets", ROOT / "packaging" / "build_qt_assets.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _catalog(language: str, folder: Path = TRANSLATIONS) -> dict[Key, ET.Element]:
    """All messages of ``language`` over every ``*_<language>.ts`` file."""
    files = sorted(folder.glob(f"*_{language}.ts"))
    assert folder / f"gpu_advisor_{language}.ts" in files
    messages: dict[Key, ET.Element] = {}
    for ts in files:
        messages.update(_messages(ts, language))
    return messages


def _messages(ts: Path, language: str) -> dict[Key, ET.Element]:
    root = ET.parse(ts).getroot()
    assert root.tag == "TS"
    assert root.get("language") == language, ts.name
    messages: dict[Key, ET.Element] = {}
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            translation = message.find("translation")
            assert translation is not None, (name, source)
            if message.get("numerus") == "yes":  # plural forms: read them all
                forms = [f.text or "" for f in translation.iter("numerusform")]
                joined = ET.Element("translation", dict(translation.attrib))
                joined.text = " | ".join(forms) if all(forms) else ""
                translation = joined
            messages[(name, source)] = translation
    return messages


class _TrCollector(ast.NodeVisitor):
    """Collects (context, text) the way lupdate and PySide6's ``tr`` see them."""

    def __init__(self) -> None:
        self.classes: list[str] = []
        self.found: set[Key] = set()
        self.dynamic: list[str] = []
        self.in_fstring = 0

    @override
    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        self.in_fstring += 1
        self.generic_visit(node)
        self.in_fstring -= 1

    @override
    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    @override
    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        args = node.args
        if name == "tr" and isinstance(func, ast.Attribute) and self.classes and args:
            self._add(self.classes[-1], args[0], node)
        elif name == "translate" and len(args) >= 2:
            context = args[0]
            if isinstance(context, ast.Constant) and isinstance(context.value, str):
                self._add(context.value, args[1], node)
            else:
                self.dynamic.append(ast.unparse(node))
        self.generic_visit(node)

    def _add(self, context: str, text: ast.expr, node: ast.Call) -> None:
        if self.in_fstring:  # pyside6-lupdate does not look inside f-strings
            self.dynamic.append(f"inside an f-string: {ast.unparse(node)}")
        elif isinstance(text, ast.Constant) and isinstance(text.value, str):
            self.found.add((context, text.value))
        else:  # lupdate cannot see such a string: it would never be translated
            self.dynamic.append(ast.unparse(node))


def _source_strings() -> tuple[set[Key], list[str]]:
    collector = _TrCollector()
    for path in sorted(UI_SOURCES.rglob("*.py")):
        if path.name == "_resources_rc.py":
            continue
        collector.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return collector.found, collector.dynamic


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_unfinished_or_empty_entries(language: str) -> None:
    catalog = _catalog(language)
    assert len(catalog) > 50
    problems = [
        key
        for key, translation in catalog.items()
        if translation.get("type") in {"unfinished", "obsolete", "vanished"}
        or not (translation.text or "").strip()
    ]
    assert problems == []


def test_every_source_string_has_a_chinese_translation() -> None:
    found, dynamic = _source_strings()
    assert dynamic == [], "tr()/translate() need literal strings"
    assert ("MainWindow", "&File") in found  # the scan itself works
    zh = _catalog("zh_CN")
    missing = sorted(found - zh.keys())
    assert missing == []


def test_catalogs_hold_no_stale_strings() -> None:
    found, _dynamic = _source_strings()
    for language in LANGUAGES:
        assert sorted(_catalog(language).keys() - found) == [], language


def test_english_catalog_matches_chinese_keys() -> None:
    assert _catalog("en").keys() == _catalog("zh_CN").keys()


def test_placeholders_and_mnemonics_survive_translation() -> None:
    for (context, source), translation in _catalog("zh_CN").items():
        text = translation.text or ""
        placeholders = sorted(re.findall(r"%\d", source))
        assert sorted(re.findall(r"%\d", text)) == placeholders, (context, source)
        if re.search(r"&[^&\s]", source):
            assert re.search(r"&[^&\s]", text), (context, source, text)
        assert "  " not in text.strip(), (context, source)


def test_chinese_is_chinese() -> None:
    han = re.compile(r"[\u4e00-\u9fff]")
    untranslated = [
        key
        for key, translation in _catalog("zh_CN").items()
        if not han.search(translation.text or "") and key[1] != "%1: %2\n\n%3"
    ]
    assert untranslated == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalog_translates(qapp: Any, language: str) -> None:
    qm = TRANSLATIONS / f"gpu_advisor_{language}.qm"
    if not qm.is_file():
        pytest.skip(f"{qm.name} not built: run packaging/build_qt_assets.py")
    translator = QTranslator()
    assert translator.load(str(qm))
    expected = "文件(&F)" if language == "zh_CN" else "&File"
    assert translator.translate("MainWindow", "&File") == expected
    assert i18n.catalog_available(language)


def test_installed_translator_reaches_tr(qapp: Any) -> None:
    if not i18n.catalog_available("zh_CN"):
        pytest.skip("compiled .qm missing: run packaging/build_qt_assets.py")
    try:
        assert i18n.install_translators("zh_CN") == "zh_CN"
        assert QCoreApplication.translate("AdvisorWizard", "Budget") == "预算"
        assert i18n.current_language() is Language.ZH
        assert i18n.current_locale_name() == "zh_CN"
    finally:
        i18n.install_translators("en")
    assert QCoreApplication.translate("AdvisorWizard", "Budget") == "Budget"


def _area_problems(folder: Path) -> list[str]:
    """Contexts in the wrong file or in two files (AREA_CONTEXTS is the rule)."""
    table = _build_qt_assets()
    problems: list[str] = []
    for language in LANGUAGES:
        where: dict[str, str] = {}
        for ts in sorted(folder.glob(f"*_{language}.ts")):
            area = ts.name.removesuffix(f"_{language}.ts")
            for context in ET.parse(ts).getroot().iter("context"):
                name = context.findtext("name") or ""
                if name in where:
                    problems.append(f"{name} in {where[name]} and {ts.name}")
                where[name] = ts.name
                if table.area_of(name) != area:
                    problems.append(f"{name} belongs in {table.area_of(name)}")
    return problems


def test_each_context_is_in_the_file_the_table_names() -> None:
    assert _area_problems(TRANSLATIONS) == []


def test_update_then_release_keeps_the_catalogs_complete(tmp_path: Path) -> None:
    """``build_qt_assets.py --update`` then the release step: nothing duplicated or lost."""
    table = _build_qt_assets()
    try:
        table.find_tool("lupdate")
        table.find_tool("lrelease")
    except table.ToolMissingError as exc:
        pytest.skip(str(exc))
    folder = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS, folder, ignore=shutil.ignore_patterns("*.qm"))
    before = {lang: _catalog(lang, folder) for lang in LANGUAGES}
    table.update_ts(folder)
    table.release(folder)
    assert _area_problems(folder) == []
    found, _dynamic = _source_strings()
    for language in LANGUAGES:
        after = _catalog(language, folder)
        assert after.keys() == found, language
        unfinished = [
            k for k, t in after.items() if t.get("type") or not (t.text or "").strip()
        ]
        assert unfinished == [], language
        assert {k: t.text for k, t in after.items()} == {
            k: t.text for k, t in before[language].items() if k in found
        }
        assert (folder / f"gpu_advisor_{language}.qm").stat().st_size > 0


@given(st.lists(st.text(max_size=8), min_size=3, max_size=3))
def test_fill_substitutes_each_placeholder_once(values: list[str]) -> None:
    assert i18n.fill("%1|%2|%3", *values) == "|".join(values)
    assert i18n.fill("%2 / %1", "A%2", "B") == "B / A%2"


def test_no_chained_placeholder_replace_left() -> None:
    """``.replace("%1", a).replace("%2", b)`` breaks on a vendor named "A%2": use fill()."""

    def placeholder_replace(node: ast.AST) -> bool:
        return (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "replace"
            and bool(node.args)
            and isinstance(node.args[0], ast.Constant)
            and str(node.args[0].value).startswith("%")
        )

    chained = [
        f"{path.name}:{node.lineno}"
        for path in sorted(UI_SOURCES.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if placeholder_replace(node)
        and isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and placeholder_replace(node.func.value)
    ]
    assert chained == []
