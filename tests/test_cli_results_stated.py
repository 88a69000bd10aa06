"""``parse-results --collective/--nodes``: facts an nccl-tests output does not state.

Finding (issue 30): a ``sendrecv`` output renamed ``run2.txt`` imported as
``all_reduce`` (the collective came from the file name), and multi-node files
without a host list were judged as single-node runs. The parser now leaves
them unstated; the CLI says so per file and takes them from the person,
never over what a file states.

Samples: ``h200-gke-…-unnamed-collective.txt`` (real, names no collective,
states 2 nodes by its rank list; see tests/data/real-samples/SOURCES.md) and
a variant derived from the real ``h100-2node-16rank-…-srun-label…`` output
with its ``# Using devices`` rank lines cut out, so it states neither.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gpu_advisor.cli import main
from gpu_advisor.io.results_stated import NCCL_COLLECTIVES, STATED_LABEL

NCCL = Path(__file__).resolve().parent / "data" / "real-samples" / "nccl-tests"
UNNAMED = NCCL / "h200-gke-2node-16rank-skypilot-mpi-tagged-unnamed-collective.txt"
SRUN = NCCL / "h100-2node-16rank-allreduce-srun-label-padded-no-check.txt"


def _neither(tmp_path: Path) -> Path:
    """The srun output without its rank list: no collective, no node count."""
    lines = SRUN.read_text(encoding="utf-8").splitlines(keepends=True)
    path = tmp_path / "run2.txt"
    path.write_text("".join(x for x in lines if "#  Rank" not in x), encoding="utf-8")
    return path


def _run(capsys: Any, *argv: object) -> tuple[int, Any, str]:
    code = main(["parse-results", "--json", *(str(a) for a in argv)])
    out, err = capsys.readouterr()
    return code, json.loads(out) if out else None, err


def _by_metric(rows: list[dict[str, Any]], file: str) -> dict[str, dict[str, Any]]:
    return {
        r["metric"]: r for r in rows if r["file"] == file and "place" not in r["metric"]
    }


def test_without_options_each_unstated_fact_is_named_with_its_option(
    capsys: Any, tmp_path: Path
) -> None:
    code, rows, err = _run(capsys, _neither(tmp_path), UNNAMED)
    assert code == 0
    assert "unknown_collective.avg_busbw" in _by_metric(rows, "run2.txt")
    assert "unknown_collective.nodes" not in _by_metric(rows, "run2.txt")
    lines = [x for x in err.splitlines() if x.startswith("not stated: ")]
    assert lines == [
        "not stated: run2.txt: the output names no collective, so its figures are "
        f"not judged; give it with --collective NAME ({', '.join(NCCL_COLLECTIVES)})",
        "not stated: run2.txt: the output gives no node count, so the run is shown "
        "and not judged; give it with --nodes N",
        f"not stated: {UNNAMED.name}: the output names no collective, so its figures "
        f"are not judged; give it with --collective NAME ({', '.join(NCCL_COLLECTIVES)})",
    ]


def test_options_fill_only_what_a_file_does_not_state(
    capsys: Any, tmp_path: Path
) -> None:
    code, rows, err = _run(
        capsys, "--collective", "sendrecv", "--nodes", "3", _neither(tmp_path), UNNAMED
    )
    assert code == 0
    neither = _by_metric(rows, "run2.txt")
    assert neither["sendrecv.avg_busbw"]["value"] == 142.735  # the output's average
    assert neither["sendrecv.nodes"]["value"] == 3
    assert neither["sendrecv.nodes"]["labels"] == {STATED_LABEL: "nodes"}
    assert neither["sendrecv.avg_busbw"]["labels"] == {STATED_LABEL: "collective"}
    unnamed = _by_metric(rows, UNNAMED.name)
    # the rank list names 2 hosts: --nodes 3 does not override it
    assert unnamed["sendrecv.nodes"]["value"] == 2
    assert unnamed["sendrecv.avg_busbw"]["value"] == 122.073
    assert not any(r["metric"].startswith("unknown_collective") for r in rows)
    assert "not stated" not in err
    assert "stated by the user: run2.txt: 3 nodes (--nodes)" in err
    assert f"stated by the user: {UNNAMED.name}: 3 nodes" not in err


def test_a_file_that_states_both_is_left_as_it_is(capsys: Any) -> None:
    named = NCCL / "rtx5090-1node-2rank-allreduce-mpi-v2.18.0-tag-output.txt"
    _code, plain, _err = _run(capsys, named)
    _code, given, err = _run(capsys, "--collective", "gather", "--nodes", "9", named)
    assert given == plain
    assert "stated" not in err


def test_the_table_marks_stated_figures(capsys: Any, tmp_path: Path) -> None:
    assert main(["parse-results", "--nodes", "2", str(_neither(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "unknown_collective.nodes (stated by the user)" in out
    assert "unknown_collective.avg_busbw (stated" not in out


@pytest.mark.parametrize(
    "argv", [["--nodes", "0"], ["--nodes", "x"], ["--collective", "allreduce"]]
)
def test_bad_values_are_refused(capsys: Any, argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["parse-results", *argv, str(UNNAMED)])
    assert exit_.value.code == 2
    assert "--" in capsys.readouterr().err


def test_a_stated_run_is_judged_and_an_unstated_one_only_shown(tmp_path: Path) -> None:
    """Left unstated the derived run is shown, not judged (no node count, no
    collective); stated all_reduce on 2 nodes it is judged as a cross-node run."""
    from gpu_advisor.engine.evidence.expectations import expectations_for
    from gpu_advisor.engine.evidence.judge import judge_measurements
    from gpu_advisor.io.catalog import load_catalog
    from gpu_advisor.io.results_import import import_results
    from gpu_advisor.io.results_stated import StatedFacts, apply_stated
    from gpu_advisor.model.project import Project, Vendor

    path = _neither(tmp_path)
    measurements = import_results([path]).measurements
    exp = expectations_for(Project(), Vendor(name="A"), load_catalog())

    def tests_of(ms: list[Any]) -> set[str]:
        return {c.test for c in judge_measurements("A", ms, exp).checks}

    assert "nccl.unknown_collective" in tests_of(measurements)
    assert not {"nccl.inter_node", "nccl.intra_node"} & tests_of(measurements)
    stated = apply_stated(measurements, {path.name: StatedFacts("all_reduce", 2)})
    assert "nccl.inter_node" in tests_of(stated)
    assert "nccl.unknown_collective" not in tests_of(stated)
    only_collective = apply_stated(measurements, {path.name: StatedFacts("all_reduce")})
    assert "nccl.unknown_nodes" in tests_of(only_collective)


def _plan(tmp_path: Path) -> Path:
    from gpu_advisor.io.project_file import save_project
    from tests.evidence_samples import three_vendor_project

    path = tmp_path / "plan.gpuplan"
    save_project(three_vendor_project(measured=False), path)
    return path


def _score(capsys: Any, *argv: object) -> tuple[int, Any, str]:
    code = main(["score", "--json", *(str(a) for a in argv)])
    out, err = capsys.readouterr()
    return code, json.loads(out) if out else None, err


def _checks_of(result: Any, vendor: str, file: str = "") -> list[dict[str, Any]]:
    ranked = next(v for v in result["ranking"] if v["vendor"] == vendor)
    return [c for c in ranked["checks"] if file in c["message"] or not file]


def test_score_takes_collective_and_nodes_like_the_import(
    capsys: Any, tmp_path: Path
) -> None:
    """``score --results A=… --collective all_reduce --nodes 2``: the derived
    run that states neither is judged as a 2-node all_reduce, its checks
    saying the facts were stated by the user; without them it is only shown."""
    folder = tmp_path / "a"
    folder.mkdir()
    _neither(folder)
    plan = _plan(tmp_path)
    code, plain, err = _score(capsys, plan, "--results", f"A={folder}")
    assert code == 0, err
    tests = {c["test"] for c in _checks_of(plain, "A")}
    assert "nccl.unknown_collective" in tests
    assert "nccl.inter_node" not in tests
    assert "not stated: a/run2.txt" in err

    code, given, err = _score(
        capsys,
        plan,
        "--results",
        f"A={folder}",
        "--collective",
        "all_reduce",
        "--nodes",
        "2",
    )
    assert code == 0, err
    checks = _checks_of(given, "A")
    inter = [c for c in checks if c["test"] == "nccl.inter_node"]
    assert inter
    assert all(c["stated_by_user"] == ["collective", "nodes"] for c in inter)
    assert "nccl.unknown_collective" not in {c["test"] for c in checks}
    assert "stated by the user: a/run2.txt: 2 nodes (--nodes)" in err
    assert "not stated" not in err


def test_score_stated_facts_need_results(capsys: Any, tmp_path: Path) -> None:
    code = main(["score", str(_plan(tmp_path)), "--nodes", "2"])
    assert code == 2
    assert "--results NAME=FOLDER" in capsys.readouterr().err


def test_score_refuses_bad_stated_values(capsys: Any, tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["score", str(_plan(tmp_path)), "--collective", "allreduce"])
    assert exit_.value.code == 2
