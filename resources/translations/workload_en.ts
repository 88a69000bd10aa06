<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
  <context>
    <name>BoundField</name>
    <message>
      <source>A value is required.</source>
      <translation>A value is required.</translation>
    </message>
    <message>
      <source>At most %1 characters.</source>
      <translation>At most %1 characters.</translation>
    </message>
    <message>
      <source>At most %1 items.</source>
      <translation>At most %1 items.</translation>
    </message>
    <message>
      <source>Change %1</source>
      <translation>Change %1</translation>
    </message>
    <message>
      <source>Enter a number.</source>
      <translation>Enter a number.</translation>
    </message>
    <message>
      <source>Invalid value.</source>
      <translation>Invalid value.</translation>
    </message>
    <message>
      <source>Must be at least %1.</source>
      <translation>Must be at least %1.</translation>
    </message>
    <message>
      <source>Must be at most %1.</source>
      <translation>Must be at most %1.</translation>
    </message>
    <message>
      <source>Must be greater than %1.</source>
      <translation>Must be greater than %1.</translation>
    </message>
    <message>
      <source>Must be less than %1.</source>
      <translation>Must be less than %1.</translation>
    </message>
    <message>
      <source>Needs at least %1 character(s).</source>
      <translation>Needs at least %1 character(s).</translation>
    </message>
  </context>
  <context>
    <name>ConfigPasteDialog</name>
    <message>
      <source>Cannot read this config: %1</source>
      <translation>Cannot read this config: %1</translation>
    </message>
    <message>
      <source>Paste config.json</source>
      <translation>Paste config.json</translation>
    </message>
    <message>
      <source>Paste the model's Hugging Face config.json (Llama, Qwen, Mistral/Mixtral, DeepSeek, GLM). The shape replaces the preset.</source>
      <translation>Paste the model's Hugging Face config.json (Llama, Qwen, Mistral/Mixtral, DeepSeek, GLM). The shape replaces the preset.</translation>
    </message>
  </context>
  <context>
    <name>DaysChart</name>
    <message>
      <source>Number of cards (log scale)</source>
      <translation>Number of cards (log scale)</translation>
    </message>
    <message>
      <source>Training time [days]</source>
      <translation>Training time [days]</translation>
    </message>
    <message>
      <source>Days against number of cards</source>
      <translation>Days against number of cards</translation>
    </message>
    <message>
      <source>The model fits on no card count.</source>
      <translation>The model fits on no card count.</translation>
    </message>
  </context>
  <context>
    <name>DemandEditor</name>
    <message>
      <source>&lt;b&gt;Monthly demand profile&lt;/b&gt;</source>
      <translation>&lt;b&gt;Monthly demand profile&lt;/b&gt;</translation>
    </message>
    <message>
      <source>C&amp;lear</source>
      <translation>C&amp;lear</translation>
    </message>
    <message>
      <source>Phase, month %1</source>
      <translation>Phase, month %1</translation>
    </message>
    <message>
      <source>Serving never runs on spot instances.</source>
      <translation>Serving never runs on spot instances.</translation>
    </message>
    <message>
      <source>Spot instances allowed in this month</source>
      <translation>Spot instances allowed in this month</translation>
    </message>
    <message>
      <source>Spot allowed, month %1</source>
      <translation>Spot allowed, month %1</translation>
    </message>
    <message>
      <source>Clear the demand profile</source>
      <translation>Clear the demand profile</translation>
    </message>
    <message>
      <source>Derived from the workload (in italics); edit a month or drag a bar to make it your own profile.</source>
      <translation>Derived from the workload (in italics); edit a month or drag a bar to make it your own profile.</translation>
    </message>
    <message>
      <source>Edit the demand profile</source>
      <translation>Edit the demand profile</translation>
    </message>
    <message>
      <source>Enter GPU-hours as a number ≥ 0.</source>
      <translation>Enter GPU-hours as a number ≥ 0.</translation>
    </message>
    <message>
      <source>Experiments</source>
      <translation>Experiments</translation>
    </message>
    <message>
      <source>Fill from workload</source>
      <translation>Fill from workload</translation>
    </message>
    <message>
      <source>Fill the demand from the workload</source>
      <translation>Fill the demand from the workload</translation>
    </message>
    <message>
      <source>Fine-tuning</source>
      <translation>Fine-tuning</translation>
    </message>
    <message>
      <source>GPU-hours</source>
      <translation>GPU-hours</translation>
    </message>
    <message>
      <source>GPU-hours per month</source>
      <translation>GPU-hours per month</translation>
    </message>
    <message>
      <source>Idle</source>
      <translation>Idle</translation>
    </message>
    <message>
      <source>Inference</source>
      <translation>Inference</translation>
    </message>
    <message>
      <source>Let the sized workload fill the profile (GPU-hours with the ×1.5 redundancy, on the sized card count, from month 1).</source>
      <translation>Let the sized workload fill the profile (GPU-hours with the ×1.5 redundancy, on the sized card count, from month 1).</translation>
    </message>
    <message>
      <source>Month</source>
      <translation>Month</translation>
    </message>
    <message>
      <source>Spot</source>
      <translation>Spot</translation>
    </message>
    <message>
      <source>Whether the month's work may run on reclaimable spot instances (with checkpointing). Serving months never do.</source>
      <translation>Whether the month's work may run on reclaimable spot instances (with checkpointing). Serving months never do.</translation>
    </message>
    <message>
      <source>No profile: enter GPU-hours or fill it from the workload.</source>
      <translation>No profile: enter GPU-hours or fill it from the workload.</translation>
    </message>
    <message>
      <source>Phase</source>
      <translation>Phase</translation>
    </message>
    <message>
      <source>Pretraining</source>
      <translation>Pretraining</translation>
    </message>
    <message>
      <source>Set every month to zero GPU-hours.</source>
      <translation>Set every month to zero GPU-hours.</translation>
    </message>
    <message>
      <source>Your own profile.</source>
      <translation>Your own profile.</translation>
    </message>
  </context>
  <context>
    <name>ExplanationDialog</name>
    <message>
      <source>* not confirmed: %1</source>
      <translation>* not confirmed: %1</translation>
    </message>
    <message>
      <source>&lt;b&gt;Formula&lt;/b&gt;</source>
      <translation>&lt;b&gt;Formula&lt;/b&gt;</translation>
    </message>
    <message>
      <source>&lt;b&gt;Inputs&lt;/b&gt;</source>
      <translation>&lt;b&gt;Inputs&lt;/b&gt;</translation>
    </message>
    <message>
      <source>&lt;b&gt;Reference&lt;/b&gt;</source>
      <translation>&lt;b&gt;Reference&lt;/b&gt;</translation>
    </message>
    <message>
      <source>Date</source>
      <translation>Date</translation>
    </message>
    <message>
      <source>Input</source>
      <translation>Input</translation>
    </message>
    <message>
      <source>Source</source>
      <translation>Source</translation>
    </message>
    <message>
      <source>The engine gives no explanation for this number yet.</source>
      <translation>The engine gives no explanation for this number yet.</translation>
    </message>
    <message>
      <source>Unit</source>
      <translation>Unit</translation>
    </message>
    <message>
      <source>Value</source>
      <translation>Value</translation>
    </message>
    <message>
      <source>Why this number? — %1</source>
      <translation>Why this number? — %1</translation>
    </message>
  </context>
  <context>
    <name>KeyNumbers</name>
    <message>
      <source>Memory per GPU:</source>
      <translation>Memory per GPU:</translation>
    </message>
    <message>
      <source>Minimum cards:</source>
      <translation>Minimum cards:</translation>
    </message>
    <message>
      <source>GPU-hours:</source>
      <translation>GPU-hours:</translation>
    </message>
    <message>
      <source>GPU-hours × 1.5 (rerun allowance of the Shenzhen article):</source>
      <translation>GPU-hours × 1.5 (rerun allowance of the Shenzhen article):</translation>
    </message>
    <message>
      <source>Training time:</source>
      <translation>Training time:</translation>
    </message>
    <message>
      <source>Cards for the deadline:</source>
      <translation>Cards for the deadline:</translation>
    </message>
    <message>
      <source>Scaling efficiency:</source>
      <translation>Scaling efficiency:</translation>
    </message>
    <message>
      <source>Decode throughput:</source>
      <translation>Decode throughput:</translation>
    </message>
    <message>
      <source>Network needed:</source>
      <translation>Network needed:</translation>
    </message>
    <message>
      <source>Checkpoint:</source>
      <translation>Checkpoint:</translation>
    </message>
    <message>
      <source>Checkpoint write speed:</source>
      <translation>Checkpoint write speed:</translation>
    </message>
    <message>
      <source>inside one server: %1</source>
      <translation>inside one server: %1</translation>
    </message>
    <message>
      <source>%1 GB per full checkpoint</source>
      <translation>%1 GB per full checkpoint</translation>
    </message>
    <message>
      <source>%1 GB/s to save a checkpoint in %2 s</source>
      <translation>%1 GB/s to save a checkpoint in %2 s</translation>
    </message>
    <message>
      <source>%1 % on %2 cards over %3</source>
      <translation>%1 % on %2 cards over %3</translation>
    </message>
    <message>
      <source>%1 GiB of %2 GiB usable (card: %3 GiB)</source>
      <translation>%1 GiB of %2 GiB usable (card: %3 GiB)</translation>
    </message>
    <message>
      <source>does not fit on any card count</source>
      <translation>does not fit on any card count</translation>
    </message>
    <message>
      <source>%1 cards</source>
      <translation>%1 cards</translation>
    </message>
    <message>
      <source>%1 GPU-hours</source>
      <translation>%1 GPU-hours</translation>
    </message>
    <message>
      <source>%1 GPU-hours (P10–P90: %2 – %3, published runs)</source>
      <translation>%1 GPU-hours (P10–P90: %2 – %3, published runs)</translation>
    </message>
    <message>
      <source>%1 GPU-hours (×%2 for failed and repeated runs)</source>
      <translation>%1 GPU-hours (×%2 for failed and repeated runs)</translation>
    </message>
    <message>
      <source>%1 GPU-hours (×%2 for failed and repeated runs; P10–P90: %3 – %4)</source>
      <translation>%1 GPU-hours (×%2 for failed and repeated runs; P10–P90: %3 – %4)</translation>
    </message>
    <message numerus="yes">
      <source>%1 days on %2 cards (%n node(s), scaling efficiency %3 %)</source>
      <translation>
        <numerusform>%1 days on %2 cards (%n node, scaling efficiency %3 %)</numerusform>
        <numerusform>%1 days on %2 cards (%n nodes, scaling efficiency %3 %)</numerusform>
      </translation>
    </message>
    <message>
      <source>no deadline set</source>
      <translation>no deadline set</translation>
    </message>
    <message>
      <source>no card count meets %1 days</source>
      <translation>no card count meets %1 days</translation>
    </message>
    <message>
      <source>%1 cards to finish in %2 days</source>
      <translation>%1 cards to finish in %2 days</translation>
    </message>
    <message>
      <source>%1 tokens/s per card</source>
      <translation>%1 tokens/s per card</translation>
    </message>
  </context>
  <context>
    <name>MemoryChart</name>
    <message>
      <source>Memory per GPU [GiB]</source>
      <translation>Memory per GPU [GiB]</translation>
    </message>
    <message>
      <source>Memory per GPU by card</source>
      <translation>Memory per GPU by card</translation>
    </message>
    <message>
      <source>Weights</source>
      <translation>Weights</translation>
    </message>
    <message>
      <source>Gradients</source>
      <translation>Gradients</translation>
    </message>
    <message>
      <source>Optimizer states</source>
      <translation>Optimizer states</translation>
    </message>
    <message>
      <source>Activations</source>
      <translation>Activations</translation>
    </message>
    <message>
      <source>KV cache</source>
      <translation>KV cache</translation>
    </message>
    <message>
      <source>Overhead</source>
      <translation>Overhead</translation>
    </message>
    <message>
      <source>usable memory of the card</source>
      <translation>usable memory of the card</translation>
    </message>
  </context>
  <context>
    <name>OptionalNumberField</name>
    <message>
      <source>Default: %1%2
Source: %3</source>
      <translation>Default: %1%2
Source: %3</translation>
    </message>
    <message>
      <source>No catalog default for this field.</source>
      <translation>No catalog default for this field.</translation>
    </message>
    <message>
      <source>%1, as of %2</source>
      <translation>%1, as of %2</translation>
    </message>
    <message>
      <source>Not confirmed by a datasheet or a primary price source: ask the vendor for a written figure.</source>
      <translation>Not confirmed by a datasheet or a primary price source: ask the vendor for a written figure.</translation>
    </message>
    <message>
      <source>Own value</source>
      <translation>Own value</translation>
    </message>
    <message>
      <source>Using the default; tick to enter your own value.</source>
      <translation>Using the default; tick to enter your own value.</translation>
    </message>
    <message>
      <source>Your own value; untick to use the default.</source>
      <translation>Your own value; untick to use the default.</translation>
    </message>
    <message>
      <source>auto</source>
      <translation>auto</translation>
    </message>
  </context>
  <context>
    <name>WhyButton</name>
    <message>
      <source>?</source>
      <translation>?</translation>
    </message>
    <message>
      <source>Why this number? Show the formula and its inputs.</source>
      <translation>Why this number? Show the formula and its inputs.</translation>
    </message>
    <message>
      <source>Why? %1</source>
      <translation>Why? %1</translation>
    </message>
  </context>
  <context>
    <name>WorkloadPage</name>
    <message>
      <source> (shape guessed from the parameter count)</source>
      <translation> (shape guessed from the parameter count)</translation>
    </message>
    <message>
      <source> B tokens</source>
      <translation> B tokens</translation>
    </message>
    <message>
      <source> bits/param</source>
      <translation> bits/param</translation>
    </message>
    <message>
      <source> cards</source>
      <translation> cards</translation>
    </message>
    <message>
      <source> days</source>
      <translation> days</translation>
    </message>
    <message>
      <source> tokens</source>
      <translation> tokens</translation>
    </message>
    <message>
      <source>%1 B parameters</source>
      <translation>%1 B parameters</translation>
    </message>
    <message>
      <source>%1 B parameters, %2 B active per token</source>
      <translation>%1 B parameters, %2 B active per token</translation>
    </message>
    <message>
      <source>%1 layers, hidden %2, %3 heads (%4 KV): %5%6</source>
      <translation>%1 layers, hidden %2, %3 heads (%4 KV): %5%6</translation>
    </message>
    <message>
      <source>&amp;Deadline:</source>
      <translation>&amp;Deadline:</translation>
    </message>
    <message>
      <source>&amp;GPU:</source>
      <translation>&amp;GPU:</translation>
    </message>
    <message>
      <source>&amp;Model:</source>
      <translation>&amp;Model:</translation>
    </message>
    <message>
      <source>&amp;Precision:</source>
      <translation>&amp;Precision:</translation>
    </message>
    <message>
      <source>&amp;Recompute:</source>
      <translation>&amp;Recompute:</translation>
    </message>
    <message>
      <source>&amp;Sequence length:</source>
      <translation>&amp;Sequence length:</translation>
    </message>
    <message>
      <source>&amp;Task:</source>
      <translation>&amp;Task:</translation>
    </message>
    <message>
      <source>0 — no sharding</source>
      <translation>0 — no sharding</translation>
    </message>
    <message>
      <source>1 — optimizer states</source>
      <translation>1 — optimizer states</translation>
    </message>
    <message>
      <source>2 — + gradients</source>
      <translation>2 — + gradients</translation>
    </message>
    <message>
      <source>3 — + weights (FSDP)</source>
      <translation>3 — + weights (FSDP)</translation>
    </message>
    <message>
      <source>&lt;b&gt;Results on %1&lt;/b&gt;</source>
      <translation>&lt;b&gt;Results on %1&lt;/b&gt;</translation>
    </message>
    <message>
      <source>Active experts:</source>
      <translation>Active experts:</translation>
    </message>
    <message>
      <source>Gated (SwiGLU, GeGLU): 3 matrices</source>
      <translation>Gated (SwiGLU, GeGLU): 3 matrices</translation>
    </message>
    <message>
      <source>Plain (GeLU): 2 matrices</source>
      <translation>Plain (GeLU): 2 matrices</translation>
    </message>
    <message>
      <source>From the FFN width</source>
      <translation>From the FFN width</translation>
    </message>
    <message>
      <source>MLP kind</source>
      <translation>MLP kind</translation>
    </message>
    <message>
      <source>Output head shares the input embedding (tied)</source>
      <translation>Output head shares the input embedding (tied)</translation>
    </message>
    <message>
      <source>full attention</source>
      <translation>full attention</translation>
    </message>
    <message>
      <source>Sliding window</source>
      <translation>Sliding window</translation>
    </message>
    <message>
      <source>all layers</source>
      <translation>all layers</translation>
    </message>
    <message>
      <source>Only some layers</source>
      <translation>Only some layers</translation>
    </message>
    <message>
      <source> layers</source>
      <translation> layers</translation>
    </message>
    <message>
      <source>Trained with MTP</source>
      <translation>Trained with MTP</translation>
    </message>
    <message>
      <source> modules</source>
      <translation> modules</translation>
    </message>
    <message>
      <source>AdamW 8-bit</source>
      <translation>AdamW 8-bit</translation>
    </message>
    <message>
      <source>Split</source>
      <translation>Split</translation>
    </message>
    <message>
      <source> cards a sequence</source>
      <translation> cards a sequence</translation>
    </message>
    <message>
      <source>bitsandbytes, to CPU</source>
      <translation>bitsandbytes, to CPU</translation>
    </message>
    <message>
      <source>plain 1F1B</source>
      <translation>plain 1F1B</translation>
    </message>
    <message>
      <source>Interleaved</source>
      <translation>Interleaved</translation>
    </message>
    <message>
      <source> chunks per stage</source>
      <translation> chunks per stage</translation>
    </message>
    <message>
      <source>as tensor parallel</source>
      <translation>as tensor parallel</translation>
    </message>
    <message>
      <source>Own size</source>
      <translation>Own size</translation>
    </message>
    <message>
      <source>Selective + norms, MoE activation</source>
      <translation>Selective + norms, MoE activation</translation>
    </message>
    <message>
      <source>Attention heads:</source>
      <translation>Attention heads:</translation>
    </message>
    <message>
      <source>MLP:</source>
      <translation>MLP:</translation>
    </message>
    <message>
      <source>Embeddings:</source>
      <translation>Embeddings:</translation>
    </message>
    <message>
      <source>Attention window:</source>
      <translation>Attention window:</translation>
    </message>
    <message>
      <source>Windowed layers:</source>
      <translation>Windowed layers:</translation>
    </message>
    <message>
      <source>Multi-token prediction:</source>
      <translation>Multi-token prediction:</translation>
    </message>
    <message>
      <source>LoRA adapts:</source>
      <translation>LoRA adapts:</translation>
    </message>
    <message>
      <source>Virtual pipeline stages:</source>
      <translation>Virtual pipeline stages:</translation>
    </message>
    <message>
      <source>Context parallel:</source>
      <translation>Context parallel:</translation>
    </message>
    <message>
      <source>Optimizer states:</source>
      <translation>Optimizer states:</translation>
    </message>
    <message>
      <source>Candidate cards priced as this plan</source>
      <translation>Candidate cards priced as this plan</translation>
    </message>
    <message>
      <source>Cards to compare in the memory chart.</source>
      <translation>Cards to compare in the memory chart.</translation>
    </message>
    <message>
      <source>Serving</source>
      <translation>Serving</translation>
    </message>
    <message>
      <source>Change %1</source>
      <translation>Change %1</translation>
    </message>
    <message>
      <source>LoRA layers</source>
      <translation>LoRA layers</translation>
    </message>
    <message>
      <source>Chinchilla-optimal for this model: about %1 B tokens (≈20 per parameter).</source>
      <translation>Chinchilla-optimal for this model: about %1 B tokens (≈20 per parameter).</translation>
    </message>
    <message>
      <source>Compare &amp;with:</source>
      <translation>Compare &amp;with:</translation>
    </message>
    <message>
      <source>Concurrent re&amp;quests:</source>
      <translation>Concurrent re&amp;quests:</translation>
    </message>
    <message>
      <source>Conte&amp;xt length:</source>
      <translation>Conte&amp;xt length:</translation>
    </message>
    <message>
      <source>Custom shape</source>
      <translation>Custom shape</translation>
    </message>
    <message>
      <source>Describe the model and the run; memory per card, GPU-hours, days and the monthly demand follow at once.</source>
      <translation>Describe the model and the run; memory per card, GPU-hours, days and the monthly demand follow at once.</translation>
    </message>
    <message>
      <source>Experts (MoE):</source>
      <translation>Experts (MoE):</translation>
    </message>
    <message>
      <source>FFN width:</source>
      <translation>FFN width:</translation>
    </message>
    <message>
      <source>Full</source>
      <translation>Full</translation>
    </message>
    <message>
      <source>Full fine-tune</source>
      <translation>Full fine-tune</translation>
    </message>
    <message>
      <source>GPU candidates</source>
      <translation>GPU candidates</translation>
    </message>
    <message>
      <source>Global batch:</source>
      <translation>Global batch:</translation>
    </message>
    <message>
      <source>Hardware and deadline</source>
      <translation>Hardware and deadline</translation>
    </message>
    <message>
      <source>Hidden size:</source>
      <translation>Hidden size:</translation>
    </message>
    <message>
      <source>Inference serving</source>
      <translation>Inference serving</translation>
    </message>
    <message>
      <source>KV heads:</source>
      <translation>KV heads:</translation>
    </message>
    <message>
      <source>Layers:</source>
      <translation>Layers:</translation>
    </message>
    <message>
      <source>LoRA fine-tune</source>
      <translation>LoRA fine-tune</translation>
    </message>
    <message>
      <source>in CPU memory (ZeRO-Offload)</source>
      <translation>in CPU memory (ZeRO-Offload)</translation>
    </message>
    <message>
      <source>LoRA ran&amp;k:</source>
      <translation>LoRA ran&amp;k:</translation>
    </message>
    <message>
      <source>M&amp;icro-batch:</source>
      <translation>M&amp;icro-batch:</translation>
    </message>
    <message>
      <source>MF&amp;U:</source>
      <translation>MF&amp;U:</translation>
    </message>
    <message>
      <source>Paged optimizer:</source>
      <translation>Paged optimizer:</translation>
    </message>
    <message>
      <source>Expert tensor parallel:</source>
      <translation>Expert tensor parallel:</translation>
    </message>
    <message>
      <source>Model</source>
      <translation>Model</translation>
    </message>
    <message>
      <source>Monthly demand</source>
      <translation>Monthly demand</translation>
    </message>
    <message>
      <source>None</source>
      <translation>None</translation>
    </message>
    <message>
      <source>Optimi&amp;zer:</source>
      <translation>Optimi&amp;zer:</translation>
    </message>
    <message>
      <source>Parallelism and memory savers</source>
      <translation>Parallelism and memory savers</translation>
    </message>
    <message>
      <source>Paste config.&amp;json…</source>
      <translation>Paste config.&amp;json…</translation>
    </message>
    <message>
      <source>Paste config.json</source>
      <translation>Paste config.json</translation>
    </message>
    <message>
      <source>Pipeline p&amp;arallel:</source>
      <translation>Pipeline p&amp;arallel:</translation>
    </message>
    <message>
      <source>Pretraining</source>
      <translation>Pretraining</translation>
    </message>
    <message>
      <source>QLoRA base bits:</source>
      <translation>QLoRA base bits:</translation>
    </message>
    <message>
      <source>QLoRA fine-tune</source>
      <translation>QLoRA fine-tune</translation>
    </message>
    <message>
      <source>Read the model shape from a Hugging Face config.json.</source>
      <translation>Read the model shape from a Hugging Face config.json.</translation>
    </message>
    <message>
      <source>Results</source>
      <translation>Results</translation>
    </message>
    <message>
      <source>SGD with momentum</source>
      <translation>SGD with momentum</translation>
    </message>
    <message>
      <source>Selective</source>
      <translation>Selective</translation>
    </message>
    <message>
      <source>Sequence parallelism</source>
      <translation>Sequence parallelism</translation>
    </message>
    <message>
      <source>Set a deadline</source>
      <translation>Set a deadline</translation>
    </message>
    <message>
      <source>Size the workload</source>
      <translation>Size the workload</translation>
    </message>
    <message>
      <source>T&amp;okens:</source>
      <translation>T&amp;okens:</translation>
    </message>
    <message>
      <source>Task and run</source>
      <translation>Task and run</translation>
    </message>
    <message>
      <source>Tensor parallel:</source>
      <translation>Tensor parallel:</translation>
    </message>
    <message>
      <source>Total &amp;cards:</source>
      <translation>Total &amp;cards:</translation>
    </message>
    <message>
      <source>Training framework:</source>
      <translation>Training framework:</translation>
    </message>
    <message>
      <source>Use a custom model shape</source>
      <translation>Use a custom model shape</translation>
    </message>
    <message>
      <source>Vocabulary:</source>
      <translation>Vocabulary:</translation>
    </message>
    <message>
      <source>ZeRO / FSDP stage:</source>
      <translation>ZeRO / FSDP stage:</translation>
    </message>
    <message>
      <source>auto</source>
      <translation>auto</translation>
    </message>
    <message>
      <source>model</source>
      <translation>model</translation>
    </message>
    <message>
      <source>none</source>
      <translation>none</translation>
    </message>
    <message>
      <source>sized by the engine (memory, deadline, one server)</source>
      <translation>sized by the engine (memory, deadline, one server)</translation>
    </message>
    <message>
      <source>task</source>
      <translation>task</translation>
    </message>
    <message>
      <source>tokens</source>
      <translation>tokens</translation>
    </message>
  </context>
</TS>
