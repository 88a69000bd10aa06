from __future__ import annotations

import json

import pytest

from gpu_advisor.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_size_json_keys(capsys):
    code, out, _ = run(
        capsys,
        "size",
        "--params",
        "7B",
        "--tokens",
        "2T",
        "--gpu",
        "A100-80GB-SXM",
        "--json",
    )
    assert code == 0
    d = json.loads(out)
    for k in (
        "weights_bytes",
        "gradients_bytes",
        "optimizer_bytes",
        "activations_bytes",
        "total_bytes",
    ):
        assert d["memory"]["per_gpu"][k] >= 0
    for k in ("train_flops", "gpu_hours", "gpu_hours_with_redundancy", "mfu"):
        assert d["compute"][k] > 0
    assert {"min_gpus", "gpus_for_deadline", "days"} <= set(d["cluster"])
    assert any(w["code"] == "shape.derived" for w in d["warnings"])
    # derived shape: 33 layers x 4096 hidden, vocab 32,000; Megatron-LM's
    # 6·(N − V·h)·D + 6·L·s·h·D (causal) at s = 4096
    assert d["compute"]["train_flops"] == pytest.approx(
        (6 * (7e9 - 32000 * 4096) + 6 * 33 * 4096 * 4096) * 2e12
    )


def test_size_model_preset_zero3(capsys):
    code, out, _ = run(
        capsys,
        "size",
        "--model",
        "llama2-70b",
        "--task",
        "pretrain",
        "--tokens",
        "2T",
        "--gpu",
        "H100-80GB-SXM",
        "--zero",
        "3",
        "--recompute",
        "full",
        "--gpus",
        "64",
        "--json",
    )
    d = json.loads(out)
    assert code == 0
    assert d["cluster"]["gpus"] == 64
    assert d["cluster"]["dp"] == 64
    assert d["memory"]["per_gpu"]["weights_bytes"] == pytest.approx(69e9 * 2 / 64)


@pytest.mark.parametrize(("lang", "word"), [("en", "GPU-hours"), ("zh", "卡时")])
def test_size_table(capsys, lang, word):
    code, out, _ = run(
        capsys, "size", "--model", "qwen2.5-7b", "--task", "lora", "--lang", lang
    )
    assert code == 0
    assert word in out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["size", "--params", "7B", "--gpu", "nope"], "unknown GPU"),
        (["size", "--model", "gpt-9"], "unknown model"),
        (["size", "--params", "7B", "--mfu", "2"], "mfu"),
        (["size", "--params", "7x"], "not a number"),
        (["size"], "--model"),
        (["size", "--params", "7B", "--heads", "32", "--kv-heads", "5"], "shape"),
        (["size", "--model", "mixtral-8x7b", "--expert-parallel", "0"], "expert"),
        (["size", "--model", "llama2-7b", "--virtual-stages", "1"], "virtual"),
        (["size", "--model", "llama2-7b", "--context-parallel", "0"], "context"),
        (
            [
                "size",
                "--model",
                "llama2-7b",
                "--paged-optimizer",
                "--framework=megatron",
            ],
            "bitsandbytes",
        ),
        (
            ["size", "--model", "llama2-7b", "--paged-optimizer", "--optimizer=sgd"],
            "bitsandbytes",
        ),
        (
            ["size", "--model", "llama2-7b", "--context-parallel", "3"],
            "multiple of 6",
        ),
        (
            [
                "size",
                "--model",
                "llama2-7b",
                "--task=inference",
                "--context-parallel=2",
            ],
            "training",
        ),
        (["size", "--model", "llama2-7b", "--lora-targets", "q,x"], "lora_targets"),
        (
            ["size", "--model", "llama2-7b", "--offload-optimizer", "--framework=ddp"],
            "ZeRO-Offload",
        ),
    ],
)
def test_size_bad_input_exit_2(capsys, argv, fragment):
    code: object = None
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2
    assert fragment in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_catalog_gpus_json(capsys):
    code, out, _ = run(capsys, "catalog", "gpus", "--json")
    data = json.loads(out)
    assert code == 0
    for g in data:
        assert {"id", "name", "memory_gb", "bf16_dense_tflops", "tdp_w"} <= set(g)


def test_catalog_models_networks_schema(capsys):
    assert run(capsys, "catalog", "models")[0] == 0
    assert run(capsys, "catalog", "networks", "--json")[0] == 0
    code, out, _ = run(capsys, "schema")
    assert code == 0
    schema = json.loads(out)
    assert "workload" in schema["properties"]
    # a signing record's snapshot is a whole project: the root's fields stay on top
    assert "signing_records" in schema["properties"]
    record = schema["$defs"]["SigningRecord"]["properties"]["inputs"]
    assert record["$ref"] == "#/$defs/Project"


def test_size_framework_and_gpu_hour_range(capsys):
    argv = ["size", "--model", "llama2-13b", "--task", "pretrain", "--tokens", "2T"]
    argv += ["--gpu", "A100-80GB-SXM", "--zero", "1", "--json"]
    _, out, _ = run(capsys, *argv)
    fsdp = json.loads(out)
    _, out, _ = run(capsys, *argv, "--framework", "megatron")
    megatron = json.loads(out)
    # fp32 main gradients: 4 B/param against 2
    assert megatron["memory"]["per_gpu"]["gradients_bytes"] == pytest.approx(
        2 * fsdp["memory"]["per_gpu"]["gradients_bytes"]
    )
    c = fsdp["compute"]
    assert c["gpu_hours_p10"] < c["gpu_hours"] < c["gpu_hours_p90"]
    code, out, _ = run(capsys, *argv[:-1], "--lang", "en")
    assert code == 0
    assert "GPU-hours P10–P90" in out
    low, high = c["gpu_hours_with_redundancy_p10"], c["gpu_hours_with_redundancy_p90"]
    assert f"GPU-hours ×1.5 P10–P90 {low:,.0f} – {high:,.0f}" in " ".join(out.split())


def test_size_expert_parallel_flag_fits_deepseek_v3(capsys):
    """The issue's command, on H800 with DeepSeek-V3's 64-way expert
    parallelism and full recompute: it fits, and the table says which degree
    (the report's own savings are `--recompute lean --precision fp8`, below)."""
    argv = [
        "size",
        "--model",
        "deepseek-v3",
        "--gpu",
        "H800-80GB-SXM",
        "--gpus",
        "2048",
        "--pp",
        "16",
        "--zero",
        "1",
        "--framework",
        "megatron",
        "--recompute",
        "full",
        "--expert-parallel",
        "64",
    ]
    code, out, _ = run(capsys, *argv, "--json")
    assert code == 0
    d = json.loads(out)
    assert d["memory"]["fits"]
    assert d["cluster"]["expert_parallel"] == 64
    assert d["cluster"]["min_gpus"] <= 2048
    code, out, _ = run(capsys, *argv, "--lang", "en")
    assert code == 0
    assert "2048 (dp=128, tp=1, pp=16, ep=64)" in out
    assert "none fits" not in out


def test_size_recompute_lean_fits_deepseek_v3_as_published(capsys):
    """DeepSeek-V3's layout as its report states it (arXiv:2412.19437,
    sections 3.2–3.3: PP 16, EP 64, ZeRO-1, TP 1, FP8 with the linear inputs
    cached in FP8, RMSNorm and the SwiGLU output recomputed): `--recompute
    lean --precision fp8` fits the 80 GB H800; selective recompute in BF16
    does not."""
    argv = ["size", "--model", "deepseek-v3", "--gpu", "H800-80GB-SXM"]
    argv += ["--gpus", "2048", "--tp", "1", "--pp", "16", "--zero", "1"]
    argv += ["--framework", "megatron", "--expert-parallel", "64"]
    argv += ["--seq-len", "4096", "--micro-batch", "1", "--tokens", "14.8T"]
    code, out, _ = run(
        capsys, *argv, "--recompute", "lean", "--precision", "fp8", "--json"
    )
    assert code == 0
    lean = json.loads(out)
    assert lean["memory"]["fits"]
    assert lean["memory"]["per_gpu"]["total_bytes"] <= 0.9 * 80 * 2**30
    code, out, _ = run(capsys, *argv, "--recompute", "selective", "--json")
    assert code == 0
    assert not json.loads(out)["memory"]["fits"]


def test_catalog_hosted_lists_prices_with_date_and_source(capsys):
    code, out, _ = run(capsys, "catalog", "hosted")
    assert code == 0
    header, first, page, source = out.splitlines()[:4]
    assert header.split()[:7] == [
        "id",
        "region",
        "cur",
        "input",
        "cached",
        "output",
        "vat",
    ]
    assert first.split()[:9] == [
        "deepseek/deepseek-flash",
        "cn",
        "CNY",
        "2",
        "0.04",
        "8",
        "incl",
        "yes",
        "2026-12-07",
    ]
    assert (
        page
        == "    pricing page: https://api-docs.deepseek.com/zh-cn/quick_start/pricing"
    )
    assert source.startswith("    source: DeepSeek, https://")
    assert "(read 2026-12-07)" in source
    code, out, _ = run(capsys, "catalog", "hosted", "--json")
    rows = json.loads(out)
    assert code == 0
    assert len(rows) >= 12
    sonnet = next(r for r in rows if r["id"] == "anthropic/claude-sonnet-4-5")
    assert (sonnet["currency"], sonnet["input_per_million"]) == ("USD", 3.0)
    assert sonnet["provenance"]["confirmed"] is True
    assert sonnet["provenance"]["citations"][0]["accessed"] == "2026-12-07"


def test_the_mlp_kind_of_a_shape_is_a_flag(capsys: pytest.CaptureFixture[str]) -> None:
    """Llama 3.2 1B's shape (SwiGLU exactly 4 × hidden wide, tied embeddings
    untied here): 1.50B with --mlp gated, the GeLU reading without it."""
    shape = ["--layers", "16", "--hidden", "2048", "--heads", "32", "--kv-heads", "8",
             "--ffn", "8192", "--vocab", "128256", "--tokens", "10B", "--gpu",
             "H100-80GB-SXM", "--task", "pretrain", "--json"]  # fmt: skip
    code, out, _ = run(capsys, "size", *shape, "--mlp", "gated")
    assert code == 0
    gated = json.loads(out)
    code, out, _ = run(capsys, "size", *shape)
    plain = json.loads(out)
    assert round(gated["shape"]["params_total"] / 1e9, 2) == 1.50
    assert gated["shape"]["gated_mlp"] is True
    assert round(plain["shape"]["params_total"] / 1e9, 2) == 1.23
    assert plain["shape"]["gated_mlp"] is False


def test_virtual_stages_flag_interleaves_the_pipeline(capsys):
    """--virtual-stages 4 at pp 4 (Megatron-LM's interleaved schedule): the
    first stage holds 1 + 3/16 times the activations, the bubble is a quarter."""
    argv = ["size", "--model", "llama2-70b", "--gpu", "H100-80GB-SXM", "--gpus", "64"]
    argv += ["--framework", "megatron", "--tp", "8", "--pp", "4", "--zero", "1"]
    argv += ["--sequence-parallel", "--global-batch", "64", "--json"]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    plain = json.loads(out)
    code, out, _ = run(capsys, *argv, "--virtual-stages", "4")
    assert code == 0
    inter = json.loads(out)
    act = [d["memory"]["per_gpu"]["activations_bytes"] for d in (plain, inter)]
    assert act[1] / act[0] == pytest.approx(1 + 3 / 16, rel=0.02)
    assert inter["cluster"]["days"] < plain["cluster"]["days"]


def test_tied_embeddings_are_a_flag(capsys):
    """Llama 3.2 1B (config.json: tie_word_embeddings true; the model card gives
    1.23B parameters): gated MLP and tied embeddings give its count; untied it
    would be 128,256 · 2,048 = 0.26B more."""
    shape = ["--layers", "16", "--hidden", "2048", "--heads", "32", "--kv-heads", "8",
             "--ffn", "8192", "--vocab", "128256", "--tokens", "10B", "--gpu",
             "H100-80GB-SXM", "--task", "pretrain", "--mlp", "gated", "--json"]  # fmt: skip
    code, out, _ = run(capsys, "size", *shape, "--tied-embeddings")
    assert code == 0
    tied = json.loads(out)
    code, out, _ = run(capsys, "size", *shape, "--no-tied-embeddings")
    untied = json.loads(out)
    assert tied["shape"]["tied_embeddings"] is True
    assert tied["shape"]["params_total"] == pytest.approx(1.23e9, rel=0.01)
    assert untied["shape"]["params_total"] - tied["shape"]["params_total"] == (
        128256 * 2048
    )
    # the output head still multiplies: the FLOPs per token stay
    assert tied["compute"]["flops_per_token"] == untied["compute"]["flops_per_token"]


def test_offload_optimizer_flag_leaves_the_16_bit_weights(capsys):
    """--offload-optimizer with DeepSpeed ZeRO-2 (DeepSpeed's estimator with
    cpu_offload: 2 B/param on the GPU): no gradients or optimizer states on it."""
    argv = ["size", "--model", "llama2-13b", "--task", "full-finetune", "--gpu",
            "A100-80GB-SXM", "--framework", "deepspeed", "--zero", "2", "--json"]  # fmt: skip
    code, out, _ = run(capsys, *argv, "--offload-optimizer")
    assert code == 0
    per_gpu = json.loads(out)["memory"]["per_gpu"]
    assert per_gpu["optimizer_bytes"] == 0
    assert per_gpu["gradients_bytes"] == 0
    assert per_gpu["weights_bytes"] == pytest.approx(2 * 13.0e9, rel=0.01)


def test_lora_targets_flag_adapts_fewer_layers(capsys):
    """--lora-targets q,v (the LoRA paper's choice, section 7.1): Llama 2 7B at
    r = 16 trains 32 · 16 · 2 · (4096 + 4096) = 8.4M adapter parameters instead
    of 40.0M (39,976,960) on all seven linears, and holds their optimizer
    state only."""
    argv = ["size", "--model", "llama2-7b", "--task", "lora", "--lora-rank", "16"]
    argv += ["--zero", "0", "--json"]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    every = json.loads(out)["memory"]["per_gpu"]["optimizer_bytes"]
    code, out, _ = run(capsys, *argv, "--lora-targets", "q,v")
    assert code == 0
    some = json.loads(out)["memory"]["per_gpu"]["optimizer_bytes"]
    assert every / some == pytest.approx(39_976_960 / 8_388_608, rel=1e-6)


def test_sliding_window_is_a_flag(capsys):
    """Mistral 7B v0.1's shape (config.json: sliding_window 4096) at 32,768
    tokens: only the attention term changes, from s/2 = 16,384 keys a query to
    W − W²/(2s) = 3,840 in each of the 32 layers (12 · 4,096 FLOPs a key:
    2·w for the score, 2·w for the value, forward and backward)."""
    shape = ["--layers", "32", "--hidden", "4096", "--heads", "32", "--kv-heads", "8",
             "--ffn", "14336", "--vocab", "32000", "--tokens", "10B", "--gpu",
             "H100-80GB-SXM", "--task", "pretrain", "--seq-len", "32768", "--json"]  # fmt: skip
    code, out, _ = run(capsys, "size", *shape)
    assert code == 0
    full = json.loads(out)
    code, out, _ = run(capsys, "size", *shape, "--sliding-window", "4096")
    assert code == 0
    windowed = json.loads(out)
    assert windowed["shape"]["sliding_window"] == 4096
    assert windowed["shape"]["sliding_window_layers"] == 32
    saved = full["compute"]["flops_per_token"] - windowed["compute"]["flops_per_token"]
    assert saved == pytest.approx(12 * 4096 * 32 * (16384 - 3840))
    code, out, _ = run(
        capsys,
        "size",
        *shape,
        "--sliding-window",
        "4096",
        "--sliding-window-layers",
        "16",
    )
    half = json.loads(out)
    assert half["shape"]["sliding_window_layers"] == 16
    assert full["compute"]["flops_per_token"] - half["compute"]["flops_per_token"] == (
        pytest.approx(saved / 2)
    )
    code, _, err = run(capsys, "size", *shape, "--sliding-window-layers", "16")
    assert code != 0
    assert "--sliding-window" in err


def test_mtp_layers_is_a_flag(capsys):
    """Llama 3 8B's shape with one multi-token prediction module (Megatron-LM
    --mtp-num-layers 1): one more layer (218,103,808) and the 2h×h projection
    in the parameters; a pretraining token also runs the block, the projection
    and the shared 128,256-wide output head once more. Serving drops it."""
    shape = ["--layers", "32", "--hidden", "4096", "--heads", "32", "--kv-heads", "8",
             "--ffn", "14336", "--vocab", "128256", "--tokens", "10B", "--gpu",
             "H100-80GB-SXM", "--seq-len", "4096", "--json"]  # fmt: skip
    out = {}
    for depth in ("0", "1"):
        for task in ("pretrain", "inference"):
            code, text, _ = run(
                capsys, "size", *shape, "--task", task, "--mtp-layers", depth
            )
            assert code == 0
            out[depth, task] = json.loads(text)
    module = 218_103_808 + 2 * 4096 * 4096
    grown = (
        out["1", "pretrain"]["shape"]["params_total"]
        - out["0", "pretrain"]["shape"]["params_total"]
    )
    assert grown == module
    flops = [out[d, "pretrain"]["compute"]["flops_per_token"] for d in ("0", "1")]
    assert flops[1] - flops[0] == pytest.approx(
        6 * (module + 4096 * 128256) + 6 * 4096 * 4096  # + one layer's 6·s·w
    )
    assert (
        out["1", "inference"]["shape"]["params_total"]
        == (out["0", "inference"]["shape"]["params_total"])
    )


def test_context_parallel_flag_splits_the_sequence(capsys):
    """--context-parallel 4 (Megatron-LM --context-parallel-size): a quarter of
    the activations per card, a replica of tp·pp·cp = 8 cards, the same FLOPs."""
    argv = ["size", "--model", "llama3-8b", "--gpu", "H100-80GB-SXM", "--gpus", "64",
            "--framework", "megatron", "--tp", "2", "--zero", "1", "--task",
            "pretrain", "--seq-len", "32768", "--json"]  # fmt: skip
    code, out, _ = run(capsys, *argv)
    assert code == 0
    plain = json.loads(out)
    code, out, _ = run(capsys, *argv, "--context-parallel", "4")
    assert code == 0
    split = json.loads(out)
    act = [d["memory"]["per_gpu"]["activations_bytes"] for d in (plain, split)]
    assert act[1] / act[0] == pytest.approx(1 / 4)
    assert split["cluster"]["dp"] == 8  # 64 / (2 · 4)
    assert split["compute"]["gpu_hours"] == plain["compute"]["gpu_hours"]


def test_expert_tensor_parallel_flag_splits_the_experts_its_own_way(capsys):
    """--expert-tensor-parallel 1 at tp 2 (Megatron-LM's ETP ≠ TP): each card
    holds E/(etp·ep) of Mixtral's routed experts, twice as many as at etp = tp."""
    argv = ["size", "--model", "mixtral-8x7b", "--gpu", "H100-80GB-SXM", "--gpus",
            "64", "--framework", "megatron", "--tp", "2", "--zero", "1",
            "--expert-parallel", "8", "--task", "pretrain", "--json"]  # fmt: skip
    code, out, _ = run(capsys, *argv)
    assert code == 0
    same = json.loads(out)["memory"]["per_gpu"]["weights_bytes"]
    code, out, _ = run(capsys, *argv, "--expert-tensor-parallel", "1")
    assert code == 0
    own = json.loads(out)["memory"]["per_gpu"]["weights_bytes"]
    experts = 45_097_156_608  # routed expert parameters, 2 B each
    assert own - same == pytest.approx(2 * experts / 8 * (1 - 1 / 2), rel=0.01)


def test_the_cards_line_names_every_parallel_degree_set(capsys):
    """The sizing says the layout it used, context and expert tensor
    parallelism included (JSON and text alike)."""
    argv = ["size", "--model", "mixtral-8x7b", "--gpu", "H100-80GB-SXM", "--gpus",
            "64", "--framework", "megatron", "--tp", "2", "--expert-parallel", "8",
            "--expert-tensor-parallel", "1", "--context-parallel", "2",
            "--task", "pretrain", "--lang", "en"]  # fmt: skip
    code, out, _ = run(capsys, *argv, "--json")
    assert code == 0
    cluster = json.loads(out)["cluster"]
    assert (cluster["context_parallel"], cluster["expert_tensor_parallel"]) == (2, 1)
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert "64 (dp=16, tp=2, pp=1, cp=2, ep=8, etp=1)" in out


def test_paged_optimizer_flag_fits_without_the_moments(capsys):
    """--paged-optimizer (bitsandbytes paged AdamW, QLoRA section 3): Llama 2 7B
    full fine-tune on one 80 GB card fits once the two fp32 moments may page."""
    argv = ["size", "--model", "llama2-7b", "--gpu", "A100-80GB-SXM", "--gpus", "1",
            "--zero", "0", "--recompute", "full", "--json"]  # fmt: skip
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert json.loads(out)["memory"]["fits"] is False
    code, out, _ = run(capsys, *argv, "--paged-optimizer")
    assert code == 0
    paged = json.loads(out)
    assert paged["memory"]["fits"] is True
    assert paged["memory"]["per_gpu"]["optimizer_bytes"] == pytest.approx(
        4 * 6.74e9, rel=0.01
    )
