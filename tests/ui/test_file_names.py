"""Dialog folders and suggested file names (Save As, PDF export, test kit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtWidgets import QFileDialog

from gpu_advisor.ui import i18n
from gpu_advisor.ui.examples import example_files
from gpu_advisor.ui.file_names import (
    MAX_STEM_CHARS,
    documents_folder,
    file_stem,
    is_inside_installation,
)
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.settings import AppSettings

_REFUSED = set('<>:"/\\|?*\0')


@given(st.text(max_size=200))
def test_a_stem_is_always_a_usable_file_name(title: str) -> None:
    stem = file_stem(title)
    assert stem
    assert len(stem) <= MAX_STEM_CHARS
    assert not set(stem) & _REFUSED
    assert stem == stem.strip(" .")
    assert "  " not in stem


@pytest.mark.parametrize(
    ("title", "stem"),
    [
        (
            "7B base model: pretraining, then a year of serving",
            "7B base model pretraining then a year of serving",
        ),
        ("64 卡科研训练平台三年算力规划", "64 卡科研训练平台三年算力规划"),
        ("7B 基座模型：预训练，再服务一年", "7B 基座模型 预训练 再服务一年"),
        ("plan v1.2 (draft)", "plan v1.2 (draft)"),
        ("CON", "plan"),
    ],
)
def test_stems_leave_out_stray_punctuation(title: str, stem: str) -> None:
    assert file_stem(title) == stem


def test_the_installation_is_never_the_last_folder(
    settings: AppSettings, tmp_path: Path
) -> None:
    examples = example_files()[0].parent
    assert is_inside_installation(examples)
    assert not is_inside_installation(tmp_path)
    assert settings.last_folder() == documents_folder()  # nothing chosen yet
    settings.set_last_folder(tmp_path)
    settings.set_last_folder(examples)  # an example was opened: not remembered
    assert settings.last_folder() == tmp_path


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_save_as_after_an_example_suggests_a_clean_name_outside_the_installation(
    qtbot: Any,
    window: MainWindow,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
) -> None:
    if language != "en" and not i18n.catalog_available(language):
        pytest.skip("compiled .qm missing")
    i18n.install_translators(language)
    qtbot.wait(1)
    example = next(p for p in example_files() if "shenzhen" in p.name)
    window.open_example(example)
    asked: list[str] = []

    def fake_save(_parent: object, _title: str, suggested: str, *_a: object) -> Any:
        asked.append(suggested)
        return ("", "")

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(fake_save))
    assert not window.save_as()
    suggested = Path(asked[0])
    assert not is_inside_installation(suggested.parent)
    assert suggested.parent == documents_folder()
    assert suggested.name == "7B base model pretraining then a year of serving.gpuplan"
