"""Walk every "why?" button on every step, in both languages, and read the dialog."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from gpu_advisor.ui import i18n
from gpu_advisor.ui.main_window import MainWindow
from gpu_advisor.ui.widgets.why import ExplanationDialog, WhyButton
from gpu_advisor.ui.wizard import PageId

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.gpuplan")
)
# Product names, GPU and network models, units and standards a Chinese reader sees.
ZH_WHITELIST = frozenset(
    {"GPU", "MFU", "FLOP", "FLOPs", "GiB", "SXM", "PCIe", "KV", "PUE", "ZeRO", "TB"}
    | {"FlashAttention", "AdamW", "adamw", "bf16", "fp16", "token", "Mbps", "kWh"}
    | {
        "roce",
        "NVLink",
        "InfiniBand",
        "bit",
        "Gbit",
        "TFLOP",
        "NDR",
        "HDR",
        "RoCE",
        "PCIe",
    }
    | {"LoRA", "QLoRA"}  # fine-tuning methods, named so in Chinese too
)
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")


def _reader_text(dialog: ExplanationDialog) -> tuple[str, str]:
    """(title, formula, input names, values and units) and the reference of a dialog."""
    table = dialog.inputs_table
    cells = [dialog.windowTitle(), dialog.formula_label.text()]
    for row in range(table.rowCount()):
        for column in (0, 1, 2, 4):
            item = table.item(row, column)
            cells.append(item.text() if item is not None else "")
    return "\n".join(cells), dialog.reference_label.text()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_why_dialog_speaks_the_readers_language(
    window: MainWindow, qapp: QApplication, qtbot: Any, language: str, example: Path
) -> None:
    assert window.open_file(example, ask=False)
    i18n.install_translators(language)
    qapp.processEvents()
    buttons = 0
    for page_id in PageId:
        page = window.wizard.page_for(page_id)
        qapp.processEvents()
        for button in page.findChildren(WhyButton):
            dialog = button.show_explanation()
            qtbot.addWidget(dialog)
            buttons += 1
            reader, reference = _reader_text(dialog)
            where = f"{page_id.name} {button.key}"
            assert button.key not in dialog.windowTitle(), where
            assert not re.search(r"\b[a-z_]+\.[a-z_]+\b", reader), (where, reader)
            assert not re.search(r"\d[eE][+-]?\d", reader), (where, reader)
            assert "gpu_advisor" not in reference, where
            table = dialog.inputs_table
            for row in range(table.rowCount()):
                source, date = (table.item(row, c) for c in (3, 4))
                assert source is not None
                assert date is not None
                # no internal provenance words; a catalog figure carries its date
                assert not re.match(r"(engine|project)\b", source.text()), where
                if source.text().startswith(("catalog", "* ")):
                    assert re.fullmatch(r"\d{4}-\d\d-\d\d", date.text()), where
            assert not re.search(r"(?i)\bseeds?\b|种子", reader + reference), where
            if language == "zh_CN":
                words = set(re.findall(r"[A-Za-z]{3,}", reader)) - ZH_WHITELIST
                # GPU and network models are names (A100-80GB-SXM, ib-ndr-400)
                words = {w for w in words if not re.search(rf"\w-{w}|{w}-\w", reader)}
                assert not words, (where, sorted(words), reader)
            else:
                assert not CJK.search(reader + reference), (where, reader, reference)
            dialog.close()
    assert buttons >= 10
