"""The kit's serving benchmark step: what it runs, and that it skips cleanly."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from gpu_advisor.engine.evidence.serving_checks import measured_serving
from gpu_advisor.engine.rollout.testkit.kit import KIT_SCRIPTS, build_testkit
from gpu_advisor.engine.rollout.testkit.serving import SERVING_SCRIPT, serving_bench_for
from gpu_advisor.io.catalog import load_catalog
from gpu_advisor.io.results_import import import_results
from gpu_advisor.model.project import Project, Vendor, Workload
from gpu_advisor.model.serving import Serving, ServingEngine
from gpu_advisor.words import wording

SHELLCHECK = shutil.which("shellcheck")


def _serving_plan(engine: str = "sglang") -> Project:
    """A plan that serves with ``engine`` on replicas of two cards."""
    serving = Serving(
        engine=ServingEngine(engine), tp=2, prompt_tokens=2000, output_tokens=250
    )
    return Project(workload=Workload(serving=serving))


def _kit(project: Project, language: str = "en") -> dict[str, str]:
    return build_testkit(
        project, Vendor(name="Acme"), load_catalog(), wording(language)
    )


def test_the_kit_has_the_serving_step_with_the_default_lengths() -> None:
    kit = _kit(Project())
    assert SERVING_SCRIPT in KIT_SCRIPTS
    script = kit[SERVING_SCRIPT]
    assert "vllm bench serve --backend vllm" in script
    assert "--dataset-name random" in script
    assert 'PROMPT_TOKENS="${PROMPT_TOKENS:-1500}"' in script
    assert 'OUTPUT_TOKENS="${OUTPUT_TOKENS:-300}"' in script
    assert "--metric-percentiles 50,95,99" in script
    assert '--metadata "gpus=${TP}"' in script
    assert '--result-dir "${RESULTS_DIR}"' in script
    assert "DEFAULT_MODEL=meta-llama/Llama-2-13b-hf" in script
    assert '"${SERVING_BENCH:-0}" == 1' in kit["run_all.sh"]
    assert "## Serving benchmark: `70_serving_bench.sh`" in kit["README.md"]


def test_a_serving_plan_sets_engine_lengths_and_replica() -> None:
    kit = _kit(_serving_plan(), "zh")
    script = kit[SERVING_SCRIPT]
    assert "python3 -m sglang.launch_server" in script
    assert "python3 -m sglang.bench_serving --backend sglang" in script
    assert 'PROMPT_TOKENS="${PROMPT_TOKENS:-2000}"' in script
    assert 'OUTPUT_TOKENS="${OUTPUT_TOKENS:-250}"' in script
    assert 'TP="${TP:-2}"' in script
    assert '"${SERVING_BENCH:-1}" == 1' in kit["run_all.sh"]
    assert "## 推理服务压测：`70_serving_bench.sh`" in kit["README.md"]


def test_a_plan_without_serving_measures_one_replica_over_the_node() -> None:
    bench = serving_bench_for(Project(), load_catalog(), 4)
    assert (bench.engine, bench.tp, bench.runs_by_default) == ("vllm", 4, False)


@pytest.mark.skipif(SHELLCHECK is None, reason="shellcheck is not installed")
@pytest.mark.parametrize("engine", ["vllm", "sglang"])
def test_the_serving_step_passes_shellcheck(engine: str, tmp_path: Path) -> None:
    assert SHELLCHECK is not None
    path = tmp_path / SERVING_SCRIPT
    path.write_text(_kit(_serving_plan(engine))[SERVING_SCRIPT], encoding="utf-8")
    result = subprocess.run(
        [SHELLCHECK, "--shell=bash", "--severity=style", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout


def test_without_the_engine_the_step_is_skipped_with_a_message(tmp_path: Path) -> None:
    """On a node without vLLM the script says so and ends cleanly; its
    (empty) results folder is still packed."""
    path = tmp_path / SERVING_SCRIPT
    path.write_text(_kit(Project())[SERVING_SCRIPT], encoding="utf-8")
    tools = tmp_path / "bin"
    tools.mkdir()
    for tool in (
        "bash",
        "tar",
        "gzip",
        "hostname",
        "dirname",
        "basename",
        "mkdir",
        "mv",
    ):
        found = shutil.which(tool)
        if found is not None:
            (tools / tool).symlink_to(found)
    result = subprocess.run(
        ["bash", str(path)],
        capture_output=True,
        text=True,
        check=False,
        env={"PATH": str(tools), "HOME": str(tmp_path)},
        cwd=tmp_path,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "[skip] vllm is not installed" in result.stderr
    assert any(p.name.startswith("results_") for p in tmp_path.iterdir())
    assert os.listdir(tmp_path / "results")


def test_the_results_folder_of_the_step_imports_each_run_once(tmp_path: Path) -> None:
    """What the step leaves for one rate: the JSON (imported), the console
    copy (``.info.txt``, for people) and the server's log (no tool output).
    The console copy is the real vLLM summary of vLLM issue 12845; the JSON
    holds the same figures with the keys ``vllm bench serve`` writes (derived)."""
    real = Path(__file__).resolve().parents[1] / "data" / "real-samples" / "serving"
    folder = tmp_path / "results" / "node01"
    folder.mkdir(parents=True)
    summary = (real / "vllm-benchmark-serving-issue12845.txt").read_text("utf-8")
    (folder / "serving_rate_2.info.txt").write_text(summary, encoding="utf-8")
    (folder / "serving_server.err.log").write_text(
        "INFO 02-06 12:00:00 api_server.py:1000] Starting vLLM API server\n",
        encoding="utf-8",
    )
    doc = {
        "backend": "vllm",
        "model_id": "meta-llama/Llama-2-13b-hf",
        "gpus": "8",
        "request_rate": 2.0,
        "max_concurrency": None,
        "completed": 772,
        "failed": 0,
        "duration": 329.83,
        "request_throughput": 2.34,
        "output_throughput": 529.33,
        "p95_ttft_ms": 700.0,
        "p99_ttft_ms": 953.35,
    }
    (folder / "serving_rate_2.json").write_text(json.dumps(doc), encoding="utf-8")
    report = import_results([tmp_path / "results"])
    assert {m.file for m in report.measurements} == {
        "results/node01/serving_rate_2.json"
    }
    assert len(report.skipped) == 2
    assert not report.refused
    best = measured_serving(
        Project(vendors=[Vendor(name="A", measurements=report.measurements)])
    )
    assert best is not None
    assert (best.gpus, best.request_rate, best.output_tokens_per_s) == (8, 2.0, 529.33)
