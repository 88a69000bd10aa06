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


# --- diff PLAN --signed: the plan against the version last signed in the app ---------


def _signed_then_edited(tmp_path: Path) -> tuple[Path, Path]:
    """A plan signed in the app, then three inputs changed; and its signed version."""
    from gpu_advisor.io.project_file import load_project, save_project
    from gpu_advisor.io.signing_records import signing_record, with_signing_record

    ref = (
        resources.files("gpu_advisor.resources")
        / "examples"
        / "lab_64_gpus_three_years.gpuplan"
    )
    with resources.as_file(ref) as example:
        signed = load_project(example)
    record = signing_record(
        signed,
        signer_name="Li Na",
        signer_role="Finance",
        pdf="a.pdf",
        app_version="0.1.0",
    )
    plan = with_signing_record(signed, record)
    meta = plan.meta.model_copy(update={"horizon_months": 48})
    budget = plan.budget.model_copy(update={"electricity_cny_per_kwh": 1.1})
    workload = plan.workload.model_copy(update={"gpu_id": "H100-80GB-SXM"})
    edited = plan.model_copy(
        update={"meta": meta, "budget": budget, "workload": workload}
    )
    path, copy = tmp_path / "plan.gpuplan", tmp_path / "as-signed.gpuplan"
    save_project(edited, path)
    save_project(signed, copy)
    return path, copy


def test_diff_signed_prints_what_diff_prints_against_the_signed_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, as_signed = _signed_then_edited(tmp_path)
    for extra in (["--json"], ["--lang", "en"], ["--lang", "zh"]):
        assert main(["diff", str(path), "--signed", *extra]) == 1
        signed_out = capsys.readouterr().out
        assert main(["diff", str(as_signed), str(path), *extra]) == 1
        assert signed_out == capsys.readouterr().out
    main(["diff", str(path), "--signed", "--json"])
    out = json.loads(capsys.readouterr().out)
    # exactly the three inputs: the signing record itself is no input
    assert {c["path"] for c in out["inputs"]} == {
        "meta.horizon_months",
        "budget.electricity_cny_per_kwh",
        "workload.gpu_id",
    }


def test_diff_signed_of_an_unchanged_plan_is_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from gpu_advisor.io.project_file import load_project, save_project
    from gpu_advisor.io.signing_records import signing_record, with_signing_record

    _path, as_signed = _signed_then_edited(tmp_path)
    plan = load_project(as_signed)
    record = signing_record(
        plan, signer_name="Li Na", signer_role="", pdf="b.pdf", app_version="0.1.0"
    )
    save_project(with_signing_record(plan, record), as_signed)
    assert main(["diff", str(as_signed), "--signed", "--lang", "en"]) == 0
    assert capsys.readouterr().out.strip() == "The two plans are the same."


def test_diff_signed_refuses_an_unsigned_plan_and_two_plans(
    pair: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    old, new = pair
    assert main(["diff", str(old), "--signed"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert "old.gpuplan: the plan has no signing record" in err
    assert main(["diff", str(old), str(new), "--signed"]) == 2
    assert "give one" in capsys.readouterr().err
    assert main(["diff", str(old)]) == 2
    assert "give two plans" in capsys.readouterr().err
