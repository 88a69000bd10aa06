"""``gpu-advisor-cli diff``: an example against a copy with three changed inputs."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from gpu_advisor.cli import main


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Path, Path]:
    ref = (
        resources.files("gpu_advisor.resources")
        / "examples"
        / "lab_64_gpus_three_years.gpuplan"
    )
    data = json.loads(ref.read_text(encoding="utf-8"))
    old = tmp_path / "old.gpuplan"
    old.write_text(json.dumps(data), encoding="utf-8")
    data["meta"]["horizon_months"] = 48
    data["budget"]["electricity_cny_per_kwh"] = 1.1
    data["workload"]["gpu_id"] = "H100-80GB-SXM"
    new = tmp_path / "new.gpuplan"
    new.write_text(json.dumps(data), encoding="utf-8")
    return old, new


def test_diff_lists_exactly_the_three_changed_inputs(pair, capsys):
    old, new = pair
    assert main(["diff", str(old), str(new), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert {c["path"] for c in out["inputs"]} == {
        "meta.horizon_months",
        "budget.electricity_cny_per_kwh",
        "workload.gpu_id",
    }
    moved = {r["key"]: r for r in out["results"]}
    # another GPU and a longer horizon move the totals and the GPU-hours
    assert "sizing.gpu_hours" in moved
    assert "cost.options.self_build.total_cny" in moved
    for r in moved.values():
        if r["delta"] is not None:
            assert r["delta"] == pytest.approx(r["new"] - r["old"])


def test_diff_of_a_plan_with_itself_says_so(pair, capsys):
    old, _ = pair
    assert main(["diff", str(old), str(old), "--lang", "en"]) == 0
    assert capsys.readouterr().out.strip() == "The two plans are the same."


def test_diff_text_in_both_languages(pair, capsys):
    old, new = pair
    main(["diff", str(old), str(new), "--lang", "zh"])
    zh = capsys.readouterr().out
    assert "改动的输入（3）" in zh
    assert "元" in zh
    main(["diff", str(old), str(new), "--lang", "en"])
    en = capsys.readouterr().out
    assert "Inputs changed (3):" in en
    assert "CNY" in en


def test_diff_refuses_a_bad_file_with_one_line(tmp_path, pair, capsys):
    bad = tmp_path / "bad.gpuplan"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["diff", str(pair[0]), str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert "bad.gpuplan" in err


def test_diff_text_names_inputs_in_words(pair, capsys):
    old, new = pair
    main(["diff", str(old), str(new), "--lang", "en"])
    out = capsys.readouterr().out
    assert "  Planning horizon (meta.horizon_months): 36 → 48" in out
    assert "Electricity price (budget.electricity_cny_per_kwh)" in out
    assert "GPU model (workload.gpu_id): A100-80GB-SXM → H100-80GB-SXM" in out
