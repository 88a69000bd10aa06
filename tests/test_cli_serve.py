"""``gpu-advisor-cli serve``: the JSON keys, a published run reproduced, bad input."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from gpu_advisor.cli import main
from gpu_advisor.io.catalog import load_catalog


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_rate_prints_replicas_and_gpus(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "serve",
        "--model",
        "llama3.1-70b",
        "--gpu",
        "H100-80GB-SXM",
        "--prompt-tokens",
        "1500",
        "--output-tokens",
        "300",
        "--rate",
        "200",
        "--ttft-ms",
        "1000",
        "--tpot-ms",
        "50",
        "--json",
    )
    assert code == 0
    d = json.loads(out)
    assert set(d["per_replica"]) == {
        "output_tokens_per_s",
        "requests_per_s",
        "ttft_ms",
        "tpot_ms",
        "ttft_mean_ms",
        "tpot_mean_ms",
        "concurrency",
    }
    assert d["per_replica"]["ttft_ms"] <= 1000
    assert d["per_replica"]["tpot_ms"] <= 50
    # the p95s the targets bind are the tails, above the means
    assert d["per_replica"]["tpot_mean_ms"] < d["per_replica"]["tpot_ms"]
    assert d["per_replica"]["ttft_mean_ms"] < d["per_replica"]["ttft_ms"]
    assert d["tp"] >= 2  # 141 GB of BF16 weights never fit one card
    assert d["gpus"] == d["replicas"] * d["tp"]
    assert d["replicas"] * d["per_replica"]["requests_per_s"] >= 200
    assert any(
        r["tp"] == 1 and r["code"] == "serving.reject.does_not_fit"
        for r in d["rejected"]
    )


def test_rate_inf_reproduces_a_published_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """TensorRT-LLM 1.0 perf overview: Llama 3.3 70B FP8, 2 × H100, 1000/1000: 4,205 tokens/s."""
    run_ = next(
        r
        for r in load_catalog().serving_runs.runs
        if r.id == "trt10-l33-70b-h100-fp8-tp2-1000-1000"
    )
    code, out, _ = run(
        capsys,
        "serve",
        "--model",
        "llama3.1-70b",
        "--gpu",
        "H100-80GB-SXM",
        "--tp",
        "2",
        "--engine",
        "trtllm",
        "--precision",
        "fp8",
        "--prompt-tokens",
        "1000",
        "--output-tokens",
        "1000",
        "--rate",
        "inf",
        "--json",
    )
    assert code == 0
    d = json.loads(out)
    assert run_.output_tokens_per_s is not None
    published = run_.output_tokens_per_s
    assert d["per_replica"]["output_tokens_per_s"] == pytest.approx(published, rel=0.25)
    assert "replicas" not in d


def test_concurrency_and_config_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = tmp_path / "config.json"
    config.write_text(
        json.dumps(
            {
                "num_hidden_layers": 32,
                "hidden_size": 4096,
                "num_attention_heads": 32,
                "num_key_value_heads": 8,
                "intermediate_size": 14336,
                "vocab_size": 128256,
            }
        ),
        encoding="utf-8",
    )
    code, out, _ = run(
        capsys,
        "serve",
        "--model",
        str(config),
        "--gpu",
        "A100-80GB-SXM",
        "--prompt-tokens",
        "1000",
        "--output-tokens",
        "200",
        "--concurrency",
        "32",
        "--json",
    )
    assert code == 0
    d = json.loads(out)
    assert d["per_replica"]["concurrency"] == 32
    assert d["tp"] == 1


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (["--model", "no-such-model"], "--model"),
        (["--gpu", "no-such-gpu"], "--gpu"),
        (["--rate", "fast"], "--rate"),
        (["--ttft-ms", "0"], "--ttft-ms"),
    ],
)
def test_bad_input_names_the_field(
    capsys: pytest.CaptureFixture[str], argv: list[str], field: str
) -> None:
    base = {
        "--model": "llama3.1-8b",
        "--gpu": "L40S",
        "--prompt-tokens": "100",
        "--output-tokens": "100",
        "--rate": "1",
    }
    base.update(dict(zip(argv[::2], argv[1::2], strict=True)))
    flat = [x for kv in base.items() for x in kv]
    code, _, err = run(capsys, "serve", *flat)
    assert code == 2
    assert field in err
    assert len(err.strip().splitlines()) == 1


def test_chinese_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "serve",
        "--model",
        "llama3.1-8b",
        "--gpu",
        "L40S",
        "--prompt-tokens",
        "500",
        "--output-tokens",
        "200",
        "--rate",
        "5",
        "--ttft-ms",
        "2000",
        "--tpot-ms",
        "60",
        "--lang",
        "zh",
    )
    assert code == 0
    assert "该请求速率所需副本数" in out
    assert "首字延迟" in out


def test_serve_json_over_the_published_offline_runs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``serve --json --rate inf`` on every flat-out catalog run: median |error| ≤ 25 %."""
    errors = []
    for r in load_catalog().serving_runs.runs:
        if r.load != "offline" or r.model_id is None or r.output_tokens_per_s is None:
            continue
        precision = (
            "int4" if r.weight_precision.startswith("int4") else r.weight_precision
        )
        code, out, _ = run(
            capsys,
            "serve",
            "--model",
            r.model_id,
            "--gpu",
            r.gpu_id,
            "--tp",
            str(r.tp),
            "--engine",
            r.engine,
            "--precision",
            precision,
            "--kv-precision",
            r.kv_precision,
            "--prompt-tokens",
            str(round(r.prompt_tokens)),
            "--output-tokens",
            str(round(r.output_tokens)),
            "--rate",
            "inf",
            "--json",
        )
        assert code == 0, r.id
        got = json.loads(out)["per_replica"]["output_tokens_per_s"]
        errors.append(abs(got / r.output_tokens_per_s - 1))
    assert len(errors) >= 15
    assert statistics.median(errors) <= 0.25
