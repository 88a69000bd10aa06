"""``gpu-advisor-cli parse-results``, ``testkit`` and ``score``.

Sample results are in the real tools' formats (nccl-tests README/PERFORMANCE.md,
iperf3 --json, fio HOWTO "JSON output", nvidia-smi man page, DCGM User Guide).
"""

from __future__ import annotations

import json
import tarfile

import pytest

from gpu_advisor.cli import main
from gpu_advisor.io.project_file import save_project
from tests.evidence_samples import RESULTS, three_vendor_project


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def plan(tmp_path):
    """The three vendors without measurements: score imports them with --results."""
    path = tmp_path / "plan.gpuplan"
    save_project(three_vendor_project(measured=False), path)
    return path


def test_parse_results_json(capsys):
    code, out, err = run(
        capsys,
        "parse-results",
        RESULTS / "vendor_a" / "node01" / "train_log.csv",
        RESULTS / "vendor_a" / "node01" / "nccl_all_reduce_perf_1node.txt",
        "--json",
    )
    assert code == 0, err
    data = json.loads(out)
    assert {"tool", "metric", "value", "unit", "file", "node"} <= set(data[0])
    tokens = [d for d in data if d["metric"] == "tokens_per_s"]
    assert len(tokens) == 60
    assert tokens[0]["node"] == "node01"
    row = next(
        d
        for d in data
        if d.get("size_bytes") == 1073741824
        and d["metric"] == "all_reduce.out_of_place.busbw"
    )
    assert row["value"] == 233.09
    assert row["unit"] == "GB/s"


def test_parse_results_table(capsys):
    code, out, _ = run(
        capsys, "parse-results", RESULTS / "vendor_c" / "node01" / "dcgmi_diag.txt"
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == [
        "file",
        "node",
        "gpu",
        "tool",
        "metric",
        "value",
        "unit",
        "size_bytes",
    ]
    assert any("hardware.gpu_memory" in line and " 3 " in line for line in lines)
    assert lines[-1] == "14 measurements"


def test_parse_results_error_names_file_and_line(capsys, tmp_path):
    bad = tmp_path / "train_log.csv"
    bad.write_text("step,tokens_per_s,loss\n1,100,2.0\n2,oops,1.9\n")
    code, out, err = run(capsys, "parse-results", tmp_path, "--json")
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert "train_log.csv:3:" in err


def test_parse_results_json_carries_labels(capsys):
    code, out, err = run(
        capsys,
        "parse-results",
        RESULTS / "vendor_a" / "node01" / "nvidia_smi_query.csv",
        RESULTS / "vendor_a" / "node01" / "nvidia_smi_q.xml",
        RESULTS / "vendor_a" / "node01" / "iperf3_node01_to_node02.json",
        "--json",
    )
    assert code == 0, err
    data = json.loads(out)
    csv_row = next(d for d in data if d["file"] == "nvidia_smi_query.csv")
    assert csv_row["labels"]["pci.bus_id"] == "00000000:07:00.0"
    assert csv_row["labels"]["uuid"].startswith("GPU-")
    xml_row = next(d for d in data if d["file"] == "nvidia_smi_q.xml")
    assert xml_row["labels"]["pci.bus_id"] == "00000000:07:00.0"
    assert xml_row["labels"]["serial"] == "1564520012345"
    # no identifiers, no key: the JSON of other tools is as before
    assert all("labels" not in d for d in data if d["tool"] == "iperf3")


def test_one_refused_file_gives_its_reason_and_hint(capsys, tmp_path):
    bad = tmp_path / "nccl.txt"
    text = (
        RESULTS / "vendor_a" / "node01" / "nccl_all_reduce_perf_1node.txt"
    ).read_text()
    bad.write_text(text.split("# Out of bounds")[0])  # interrupted before the summary
    code, out, err = run(capsys, "parse-results", bad)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert "an interrupted run" in err
    assert "ask the vendor to run this test again" in err
    # the same sentence as the folder listing prints for it
    good = RESULTS / "vendor_a" / "node01" / "iperf3_node01_to_node02.json"
    (tmp_path / "iperf3.json").write_bytes(good.read_bytes())
    code, _, listed = run(capsys, "parse-results", tmp_path)
    assert code == 0
    line = next(x for x in listed.splitlines() if x.startswith("refused: "))
    assert err.strip().endswith(line.removeprefix("refused: "))


def test_testkit_folder_and_tar(capsys, plan, tmp_path):
    target = tmp_path / "kit_b"
    code, out, err = run(
        capsys, "testkit", plan, "--vendor", "B", "-o", target, "--tar"
    )
    assert code == 0, err
    assert (target / "run_all.sh").exists()
    assert (target / "k8s" / "testkit-job.yaml").exists()
    archive = tmp_path / "kit_b.tar.gz"
    assert str(archive) in out
    with tarfile.open(archive) as tar:
        assert "gpu-advisor-testkit/40_fio.sh" in tar.getnames()
    assert "B" in (target / "README.md").read_text(encoding="utf-8")


def test_testkit_unknown_vendor(capsys, plan, tmp_path):
    code, _, err = run(capsys, "testkit", plan, "--vendor", "Z", "-o", tmp_path / "k")
    assert code == 2
    assert "no vendor named 'Z'" in err
    assert "A, B, C" in err


def test_testkit_bad_project(capsys, tmp_path):
    bad = tmp_path / "bad.gpuplan"
    bad.write_text("{not json")
    code, _, err = run(capsys, "testkit", bad, "--vendor", "A", "-o", tmp_path / "k")
    assert code == 2
    assert "bad.gpuplan" in err


def _results_args():
    return [
        a
        for name in "abc"
        for a in ("--results", f"{name.upper()}={RESULTS / f'vendor_{name}'}")
    ]


def test_score_reproduces_the_ranking(capsys, plan):
    code, out, err = run(capsys, "score", plan, *_results_args(), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["winner"] == "A"
    assert [r["vendor"] for r in data["ranking"]] == ["A", "B", "C"]
    assert [r["verdict"] for r in data["ranking"]] == ["pass", "warn", "fail"]
    assert data["ranking"][0]["measured_mfu"] == pytest.approx(
        0.4667, abs=0.002
    )  # model FLOPs footing (6N + 6·L·s·w, causal attention)
    price = next(s for s in data["sensitivity"] if s["criterion"] == "price")
    assert price["winner_if_increased"] == "B"
    fio = next(
        c for c in data["ranking"][2]["checks"] if c["test"] == "fio.checkpoint_write"
    )
    # the CLI takes the checkpoint bandwidth from the sizing engine: 182 GB in 300 s
    assert fio["expected"] == pytest.approx(0.6067, abs=1e-3)
    assert fio["measured"] == pytest.approx(0.45)
    assert fio["verdict"] == "warn"  # 74 %: between 50 % and 100 %


def test_score_text(capsys, plan):
    code, out, _ = run(capsys, "score", plan, *_results_args())
    assert code == 0
    assert "推荐：A" in out  # the project's language is Chinese by default
    # the criteria and verdicts in the reader's language, not their ids
    assert "价格 (30): +" in out
    assert "price" not in out
    assert out.splitlines()[3].endswith("警告")  # B: a warning, worded


def test_score_prints_the_plans_evaluation(capsys, tmp_path):
    """The CLI's scores are the vendors of evaluate_plan, as the app and the PDF show.

    The sample vendors hold their measurements but no stored measured MFU;
    the old command worked the MFU out again before scoring, so its MFU check
    expected another figure than the vendors step and the PDF.
    """
    from gpu_advisor.engine.api import evaluate_plan
    from gpu_advisor.io.catalog import load_catalog

    project = three_vendor_project(measured=True)
    path = tmp_path / "measured.gpuplan"
    save_project(project, path)
    code, out, err = run(capsys, "score", path, "--json")
    assert code == 0, err
    data = json.loads(out)
    vendors = evaluate_plan(project, load_catalog(), monte_carlo=False).vendors
    assert vendors.scoring is not None
    assert data["winner"] == vendors.scoring.winner
    assert [(r["vendor"], r["total"]) for r in data["ranking"]] == [
        (v.vendor, v.total) for v in vendors.scoring.vendors
    ]
    for row in data["ranking"]:
        judged = vendors.judgements[row["vendor"]]
        assert [(c["test"], c["expected"]) for c in row["checks"]] == [
            (c.test, c.expected) for c in judged.checks
        ]


def test_score_without_vendors(capsys, tmp_path):
    from gpu_advisor.model.project import Project

    path = tmp_path / "empty.gpuplan"
    save_project(Project(), path)
    code, _, err = run(capsys, "score", path)
    assert code == 2
    assert "no vendors" in err


def test_score_bad_results_spec(capsys, plan):
    code, _, err = run(capsys, "score", plan, "--results", "A")
    assert code == 2
    assert "NAME=FOLDER" in err


def test_score_text_puts_the_reason_first_in_the_row_of_a_vendor_held_back(
    capsys, plan
):
    """Vendor C failed (ECC errors, a failed DCGM memory test): its row starts
    with its rank and why it is not accepted, then its figures."""
    code, out, _ = run(capsys, "score", plan, *_results_args())
    assert code == 0
    lines = out.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("3  C："))
    assert "未通过验收：" in lines[first]
    assert lines[first].endswith("排在所有通过验收的供应商之后。")
    assert lines[first + 1].startswith("   C ")
    assert not any(line.startswith(("1  A：", "2  B：")) for line in lines)


def test_score_json_says_each_vendors_acceptance(capsys, plan):
    code, out, err = run(capsys, "score", plan, *_results_args(), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [r["acceptance"] for r in data["ranking"]] == [
        "passed",
        "passed",
        "not_accepted",
    ]
    assert data["ranking"][2]["held_back"].startswith("Not accepted: ")
