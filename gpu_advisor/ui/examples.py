"""The example plans shipped with the app, and their titles in the UI language.

The plans are written by ``tests/make_examples.py`` into
``resources/examples``; each keeps the title of the language it was written
in (its report language). The start page and File ▸ New from Example show the
title in the *UI* language instead, from :func:`example_title`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from PySide6.QtCore import QCoreApplication

from gpu_advisor.ui.qt_resources import resource_file

EXAMPLE_SUFFIX: Final = ".gpuplan"


def example_files() -> list[Path]:
    """The example plans in ``gpu_advisor.resources/examples``, sorted by name."""
    folder = resource_file("examples")
    if not folder.is_dir():
        return []
    names = sorted(
        entry.name for entry in folder.iterdir() if entry.name.endswith(EXAMPLE_SUFFIX)
    )
    return [Path(str(folder / name)) for name in names]


def _titles() -> dict[str, tuple[str, str]]:
    translate = QCoreApplication.translate
    return {
        "lab_64_gpus_three_years": (
            translate(
                "ExampleTitles", "64-card research training platform, three years"
            ),
            translate(
                "ExampleTitles",
                "A Beijing lab runs 64 cards flat out; it owns cards, a room and staff.",
            ),
        ),
        "shanghai_13b_finetune": (
            translate("ExampleTitles", "Full fine-tuning of a 13B industry model"),
            translate(
                "ExampleTitles",
                "A Shanghai start-up fine-tunes for two months, data kept in the city.",
            ),
        ),
        "shenzhen_7b_pretrain_then_serve": (
            translate(
                "ExampleTitles", "7B base model: pretraining, then a year of serving"
            ),
            translate(
                "ExampleTitles",
                "A Shenzhen team pretrains on 64 cards, then serves on 8 for a year.",
            ),
        ),
    }


def example_title(path: Path) -> str:
    """The example's title in the UI language (its file name for an unknown one)."""
    known = _titles().get(path.stem)
    return known[0] if known else path.stem.replace("_", " ")


def example_summary(path: Path) -> str:
    """One sentence on what the example plans, in the UI language ('' if unknown)."""
    known = _titles().get(path.stem)
    return known[1] if known else ""


__all__ = ["example_files", "example_summary", "example_title"]
