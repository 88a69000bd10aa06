"""Pure computations behind every number the app shows (no Qt, no I/O).

Modules
-------
shape
    Resolve presets, custom shapes, params-only shapes and pasted
    Hugging Face ``config.json`` files.
memory
    Model states (ZeRO), activations (Korthikanti), KV cache, LoRA/QLoRA.
compute
    FLOPs, GPU-hours at an MFU, decode throughput.
network
    Ring all-reduce time and scaling efficiency.
sizing
    ``size_workload(workload, catalog) -> SizingResult``.

Glossary (units in brackets)
----------------------------
N, params_total
    All parameters; MoE: every expert (memory uses it). [1]
N_active, params_active
    Parameters used per token; MoE: shared + routed-active experts (compute
    uses it). [1]
D, tokens
    Training tokens over all epochs. [tokens]
s, b, h, a, L, V, f
    Sequence length, micro-batch, hidden size, attention heads, layers,
    vocabulary, FFN width. [1]
kv_heads, head_dim, d
    Key/value heads (GQA), size of one head, ``d = heads · head_dim``. [1]
t (tp), p (pp), dp, ZeRO stage
    Tensor-, pipeline- and data-parallel degrees; ZeRO 1 shards optimizer
    states, 2 also gradients, 3 (FSDP) also weights over dp. [1]
bytes
    Memory figures are bytes; ``GiB`` = 2³⁰ B, ``GB`` = 10⁹ B. Card capacity
    ``memory_gb`` is read as GiB (an "80 GB" A100 has 80 GiB). [B]
MFU
    Model FLOPs utilisation: achieved model FLOPs / dense peak. [1]
peak
    Dense BF16 tensor peak; the FP8 peak for FP8 runs on GPUs that have
    one. [TFLOP/s]
GPU-hours, 卡时
    Card-hours of compute ``= FLOPs / (peak · MFU · 3600)``; the seeds' ×1.5
    redundancy is shown separately. [h]
scaling efficiency
    Share of step time spent computing once exposed gradient
    communication is added. [1]
headroom
    Plans fill at most 90 % of a card. [1]
hybrid, 自有基线＋租用峰值
    Own the N cards the demand profile justifies (colocated or self-built),
    rent the demand above them with the cheapest mix; N is the cheapest of
    0, the fleet and the monthly card counts. [1]

Calibration of the default MFU
------------------------------
(A first calibration, kept for its history; the shipped fit counts causal
attention, ``6·N·D + 6·L·s·w·D``, see ``engine.sizing.compute``.) With
``6·N_active·D + 12·L·s·d·D`` FLOPs, published card-hours imply these MFUs: Llama 2 7B/13B/70B on A100-80GB 0.45/0.43/0.46 (Touvron et al. 2023,
Table 2), BLOOM-176B on A100-80GB 0.33 (Luccioni et al. 2022), Llama 3.1
8B/70B/405B on H100-80GB 0.18/0.29/0.36 (model cards; Meta reports 38–43 %
while running, card-hours include restarts), DeepSeek-V3 on H800 0.42 of
the BF16 peak (FP8 GEMMs; DeepSeek-AI 2024, Table 1). Defaults: A100 SXM
0.40 (below Meta's tuned stack, above BLOOM), H100/H200 SXM 0.35 (the 405B
run), H800 0.35 (same die; a BF16 run does not get DeepSeek's FP8 gain).
Over these 8 runs the default MFU gives a median absolute error of 16 %,
band −50 % (Llama 3.1 8B, whose card-hours cover more than the main run)
to +21 % (DeepSeek-V3); without that outlier −19 % … +21 %.
"""
