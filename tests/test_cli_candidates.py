"""``gpu-advisor-cli cost`` lists the candidate GPUs, a card that cannot run the
job with its reason and no total to compare (issue [feasible])."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gpu_advisor.cli import main

SH = (
    Path(__file__).resolve().parents[1]
    / "resources/examples/shanghai_13b_finetune.gpuplan"
)


def test_json_carries_each_candidate_with_its_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["cost", str(SH), "--json", "--monte-carlo", "0", "--lang", "en"]) == 0
    doc: dict[str, Any] = json.loads(capsys.readouterr().out)
    rows = {r["gpu_id"]: r for r in doc["candidates"]}
    assert list(rows) == ["A100-80GB-SXM", "H100-80GB-SXM", "L40S"]
    l40s = rows["L40S"]
    assert l40s["feasible"] is False
    assert l40s["cheapest"] is False
    assert l40s["cheapest_total_cny"] is None
    assert l40s["reason"]["code"] == "candidate.too_few_cards"
    assert l40s["reason"]["params"] == {"min_gpus": 13, "gpus": 8}
    assert l40s["reason"]["text"] == (
        "Cannot run: needs at least 13 cards, the plan gives 8."
    )
    assert rows["A100-80GB-SXM"]["cheapest"] is True
    assert rows["A100-80GB-SXM"]["reason"] is None


@pytest.mark.parametrize(
    ("lang", "heading", "why"),
    [
        ("en", "Candidate GPUs at cost:", "Cannot run: needs at least 13 cards"),
        ("zh", "候选 GPU 的成本：", "无法运行：至少需要 13 张卡"),
    ],
)
def test_text_names_the_reason(
    capsys: pytest.CaptureFixture[str], lang: str, heading: str, why: str
) -> None:
    assert main(["cost", str(SH), "--monte-carlo", "0", "--lang", lang]) == 0
    out = capsys.readouterr().out.splitlines()
    start = out.index(heading)
    rows = out[start + 1 : start + 4]
    assert rows[0].split()[0] == "A100-80GB-SXM"
    l40s = rows[2]
    assert l40s.split()[0] == "L40S"
    assert why in l40s
