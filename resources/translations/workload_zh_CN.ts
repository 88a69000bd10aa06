<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
  <context>
    <name>BoundField</name>
    <message>
      <source>A value is required.</source>
      <translation>此项必填。</translation>
    </message>
    <message>
      <source>At most %1 characters.</source>
      <translation>最多 %1 个字符。</translation>
    </message>
    <message>
      <source>At most %1 items.</source>
      <translation>最多 %1 项。</translation>
    </message>
    <message>
      <source>Change %1</source>
      <translation>修改%1</translation>
    </message>
    <message>
      <source>Enter a number.</source>
      <translation>请输入数字。</translation>
    </message>
    <message>
      <source>Invalid value.</source>
      <translation>数值无效。</translation>
    </message>
    <message>
      <source>Must be at least %1.</source>
      <translation>不能小于 %1。</translation>
    </message>
    <message>
      <source>Must be at most %1.</source>
      <translation>不能大于 %1。</translation>
    </message>
    <message>
      <source>Must be greater than %1.</source>
      <translation>必须大于 %1。</translation>
    </message>
    <message>
      <source>Must be less than %1.</source>
      <translation>必须小于 %1。</translation>
    </message>
    <message>
      <source>Needs at least %1 character(s).</source>
      <translation>至少需要 %1 个字符。</translation>
    </message>
  </context>
  <context>
    <name>ConfigPasteDialog</name>
    <message>
      <source>Cannot read this config: %1</source>
      <translation>无法读取该配置：%1</translation>
    </message>
    <message>
      <source>Paste config.json</source>
      <translation>粘贴 config.json</translation>
    </message>
    <message>
      <source>Paste the model's Hugging Face config.json (Llama, Qwen, Mistral/Mixtral, DeepSeek, GLM). The shape replaces the preset.</source>
      <translation>粘贴模型的 Hugging Face config.json（支持 Llama、Qwen、Mistral/Mixtral、DeepSeek、GLM），读出的结构将取代预设模型。</translation>
    </message>
  </context>
  <context>
    <name>DaysChart</name>
    <message>
      <source>Number of cards (log scale)</source>
      <translation>卡数（对数坐标）</translation>
    </message>
    <message>
      <source>Training time [days]</source>
      <translation>训练时长 [天]</translation>
    </message>
    <message>
      <source>Days against number of cards</source>
      <translation>训练天数与卡数的关系</translation>
    </message>
    <message>
      <source>The model fits on no card count.</source>
      <translation>任何卡数都放不下这个模型。</translation>
    </message>
  </context>
  <context>
    <name>DemandEditor</name>
    <message>
      <source>&lt;b&gt;Monthly demand profile&lt;/b&gt;</source>
      <translation>&lt;b&gt;每月算力需求&lt;/b&gt;</translation>
    </message>
    <message>
      <source>C&amp;lear</source>
      <translation>清空(&amp;L)</translation>
    </message>
    <message>
      <source>Phase, month %1</source>
      <translation>第 %1 个月的阶段</translation>
    </message>
    <message>
      <source>Serving never runs on spot instances.</source>
      <translation>推理服务从不使用竞价实例。</translation>
    </message>
    <message>
      <source>Spot instances allowed in this month</source>
      <translation>本月允许使用竞价实例</translation>
    </message>
    <message>
      <source>Spot allowed, month %1</source>
      <translation>第 %1 个月允许竞价实例</translation>
    </message>
    <message>
      <source>Clear the demand profile</source>
      <translation>清空需求曲线</translation>
    </message>
    <message>
      <source>Derived from the workload (in italics); edit a month or drag a bar to make it your own profile.</source>
      <translation>由工作负载推算（斜体显示）；修改任一月份或拖动柱子，即转为您自己的需求曲线。</translation>
    </message>
    <message>
      <source>Edit the demand profile</source>
      <translation>修改需求曲线</translation>
    </message>
    <message>
      <source>Enter GPU-hours as a number ≥ 0.</source>
      <translation>卡时须为不小于 0 的数字。</translation>
    </message>
    <message>
      <source>Experiments</source>
      <translation>实验</translation>
    </message>
    <message>
      <source>Fill from workload</source>
      <translation>按工作负载填充</translation>
    </message>
    <message>
      <source>Fill the demand from the workload</source>
      <translation>按工作负载填充需求</translation>
    </message>
    <message>
      <source>Fine-tuning</source>
      <translation>微调</translation>
    </message>
    <message>
      <source>GPU-hours</source>
      <translation>卡时</translation>
    </message>
    <message>
      <source>GPU-hours per month</source>
      <translation>每月卡时</translation>
    </message>
    <message>
      <source>Idle</source>
      <translation>空闲</translation>
    </message>
    <message>
      <source>Inference</source>
      <translation>推理</translation>
    </message>
    <message>
      <source>Let the sized workload fill the profile (GPU-hours with the ×1.5 redundancy, on the sized card count, from month 1).</source>
      <translation>由估算出的工作负载自动生成需求曲线（含 ×1.5 冗余的卡时，按估算的卡数，从第 1 个月开始排）。</translation>
    </message>
    <message>
      <source>Month</source>
      <translation>月份</translation>
    </message>
    <message>
      <source>Spot</source>
      <translation>竞价实例</translation>
    </message>
    <message>
      <source>Whether the month's work may run on reclaimable spot instances (with checkpointing). Serving months never do.</source>
      <translation>本月工作是否可以使用随时可能被回收的竞价实例（需开启检查点保存）。推理服务月份一律不用。</translation>
    </message>
    <message>
      <source>No profile: enter GPU-hours or fill it from the workload.</source>
      <translation>尚无需求曲线：请填写卡时，或按工作负载自动填充。</translation>
    </message>
    <message>
      <source>Phase</source>
      <translation>阶段</translation>
    </message>
    <message>
      <source>Pretraining</source>
      <translation>预训练</translation>
    </message>
    <message>
      <source>Set every month to zero GPU-hours.</source>
      <translation>把每个月的卡时都设为 0。</translation>
    </message>
    <message>
      <source>Your own profile.</source>
      <translation>您自己填写的需求曲线。</translation>
    </message>
  </context>
  <context>
    <name>ExplanationDialog</name>
    <message>
      <source>* not confirmed: %1</source>
      <translation>* 未经印证：%1</translation>
    </message>
    <message>
      <source>&lt;b&gt;Formula&lt;/b&gt;</source>
      <translation>&lt;b&gt;公式&lt;/b&gt;</translation>
    </message>
    <message>
      <source>&lt;b&gt;Inputs&lt;/b&gt;</source>
      <translation>&lt;b&gt;输入&lt;/b&gt;</translation>
    </message>
    <message>
      <source>&lt;b&gt;Reference&lt;/b&gt;</source>
      <translation>&lt;b&gt;出处&lt;/b&gt;</translation>
    </message>
    <message>
      <source>Date</source>
      <translation>日期</translation>
    </message>
    <message>
      <source>Input</source>
      <translation>输入项</translation>
    </message>
    <message>
      <source>Source</source>
      <translation>来源</translation>
    </message>
    <message>
      <source>The engine gives no explanation for this number yet.</source>
      <translation>计算引擎暂未给出这个数字的说明。</translation>
    </message>
    <message>
      <source>Unit</source>
      <translation>单位</translation>
    </message>
    <message>
      <source>Value</source>
      <translation>数值</translation>
    </message>
    <message>
      <source>Why this number? — %1</source>
      <translation>这个数字从何而来？— %1</translation>
    </message>
  </context>
  <context>
    <name>KeyNumbers</name>
    <message>
      <source>Memory per GPU:</source>
      <translation>单卡显存：</translation>
    </message>
    <message>
      <source>Minimum cards:</source>
      <translation>最少卡数：</translation>
    </message>
    <message>
      <source>GPU-hours:</source>
      <translation>卡时：</translation>
    </message>
    <message>
      <source>GPU-hours × 1.5 (rerun allowance of the Shenzhen article):</source>
      <translation>卡时 × 1.5（预留重跑的经验系数）：</translation>
    </message>
    <message>
      <source>Training time:</source>
      <translation>训练时长：</translation>
    </message>
    <message>
      <source>Cards for the deadline:</source>
      <translation>按期完成所需卡数：</translation>
    </message>
    <message>
      <source>Scaling efficiency:</source>
      <translation>扩展效率：</translation>
    </message>
    <message>
      <source>Decode throughput:</source>
      <translation>解码吞吐：</translation>
    </message>
    <message>
      <source>Network needed:</source>
      <translation>所需网络：</translation>
    </message>
    <message>
      <source>Checkpoint:</source>
      <translation>检查点：</translation>
    </message>
    <message>
      <source>Checkpoint write speed:</source>
      <translation>检查点写入速度：</translation>
    </message>
    <message>
      <source>inside one server: %1</source>
      <translation>单台服务器内：%1</translation>
    </message>
    <message>
      <source>%1 GB per full checkpoint</source>
      <translation>每个完整检查点 %1 GB</translation>
    </message>
    <message>
      <source>%1 GB/s to save a checkpoint in %2 s</source>
      <translation>%1 GB/s（%2 秒内写完一个检查点）</translation>
    </message>
    <message>
      <source>%1 % on %2 cards over %3</source>
      <translation>%2 张卡经 %3 互联：%1 %</translation>
    </message>
    <message>
      <source>%1 GiB of %2 GiB usable (card: %3 GiB)</source>
      <translation>%1 GiB / 可用 %2 GiB（整卡 %3 GiB）</translation>
    </message>
    <message>
      <source>does not fit on any card count</source>
      <translation>任何卡数都放不下</translation>
    </message>
    <message>
      <source>%1 cards</source>
      <translation>%1 张卡</translation>
    </message>
    <message>
      <source>%1 GPU-hours</source>
      <translation>%1 卡时</translation>
    </message>
    <message>
      <source>%1 GPU-hours (P10–P90: %2 – %3, published runs)</source>
      <translation>%1 卡时（P10–P90：%2 – %3，按公开训练记录）</translation>
    </message>
    <message>
      <source>%1 GPU-hours (×%2 for failed and repeated runs)</source>
      <translation>%1 卡时（×%2，预留失败重跑）</translation>
    </message>
    <message>
      <source>%1 GPU-hours (×%2 for failed and repeated runs; P10–P90: %3 – %4)</source>
      <translation>%1 卡时（×%2，预留失败重跑；P10–P90：%3 – %4）</translation>
    </message>
    <message numerus="yes">
      <source>%1 days on %2 cards (%n node(s), scaling efficiency %3 %)</source>
      <translation>
        <numerusform>%2 张卡需 %1 天（%n 台机器，扩展效率 %3 %）</numerusform>
      </translation>
    </message>
    <message>
      <source>no deadline set</source>
      <translation>未设定工期</translation>
    </message>
    <message>
      <source>no card count meets %1 days</source>
      <translation>任何卡数都无法在 %1 天内完成</translation>
    </message>
    <message>
      <source>%1 cards to finish in %2 days</source>
      <translation>需 %1 张卡才能在 %2 天内完成</translation>
    </message>
    <message>
      <source>%1 tokens/s per card</source>
      <translation>每张卡每秒 %1 个 token</translation>
    </message>
  </context>
  <context>
    <name>MemoryChart</name>
    <message>
      <source>Memory per GPU [GiB]</source>
      <translation>单卡显存 [GiB]</translation>
    </message>
    <message>
      <source>Memory per GPU by card</source>
      <translation>各型号显卡的单卡显存</translation>
    </message>
    <message>
      <source>Weights</source>
      <translation>权重</translation>
    </message>
    <message>
      <source>Gradients</source>
      <translation>梯度</translation>
    </message>
    <message>
      <source>Optimizer states</source>
      <translation>优化器状态</translation>
    </message>
    <message>
      <source>Activations</source>
      <translation>激活值</translation>
    </message>
    <message>
      <source>KV cache</source>
      <translation>KV 缓存</translation>
    </message>
    <message>
      <source>Overhead</source>
      <translation>框架开销</translation>
    </message>
    <message>
      <source>usable memory of the card</source>
      <translation>显卡可用显存</translation>
    </message>
  </context>
  <context>
    <name>OptionalNumberField</name>
    <message>
      <source>Default: %1%2
Source: %3</source>
      <translation>默认值：%1%2
来源：%3</translation>
    </message>
    <message>
      <source>No catalog default for this field.</source>
      <translation>该字段在数据目录中没有默认值。</translation>
    </message>
    <message>
      <source>%1, as of %2</source>
      <translation>%1，截至 %2</translation>
    </message>
    <message>
      <source>Not confirmed by a datasheet or a primary price source: ask the vendor for a written figure.</source>
      <translation>没有数据手册或一手报价可以印证：请向供应商索取书面数值。</translation>
    </message>
    <message>
      <source>Own value</source>
      <translation>自定义</translation>
    </message>
    <message>
      <source>Using the default; tick to enter your own value.</source>
      <translation>正在使用默认值；勾选后可填写自己的数值。</translation>
    </message>
    <message>
      <source>Your own value; untick to use the default.</source>
      <translation>正在使用您自己的数值；取消勾选即改用默认值。</translation>
    </message>
    <message>
      <source>auto</source>
      <translation>自动</translation>
    </message>
  </context>
  <context>
    <name>WhyButton</name>
    <message>
      <source>?</source>
      <translation>为什么？</translation>
    </message>
    <message>
      <source>Why this number? Show the formula and its inputs.</source>
      <translation>这个数字从何而来？查看公式和各项输入。</translation>
    </message>
    <message>
      <source>Why? %1</source>
      <translation>为什么？%1</translation>
    </message>
  </context>
  <context>
    <name>WorkloadPage</name>
    <message>
      <source> (shape guessed from the parameter count)</source>
      <translation>（结构由参数量推测）</translation>
    </message>
    <message>
      <source> B tokens</source>
      <translation> 亿 token</translation>
    </message>
    <message>
      <source> bits/param</source>
      <translation> 位/参数</translation>
    </message>
    <message>
      <source> cards</source>
      <translation> 张卡</translation>
    </message>
    <message>
      <source> days</source>
      <translation> 天</translation>
    </message>
    <message>
      <source> tokens</source>
      <translation> 个 token</translation>
    </message>
    <message>
      <source>%1 B parameters</source>
      <translation>%1 B 参数</translation>
    </message>
    <message>
      <source>%1 B parameters, %2 B active per token</source>
      <translation>%1 B 参数，每个 token 激活 %2 B</translation>
    </message>
    <message>
      <source>%1 layers, hidden %2, %3 heads (%4 KV): %5%6</source>
      <translation>%1 层，隐藏维度 %2，%3 个注意力头（KV %4 个）：%5%6</translation>
    </message>
    <message>
      <source>&amp;Deadline:</source>
      <translation>工期(&amp;D)：</translation>
    </message>
    <message>
      <source>&amp;GPU:</source>
      <translation>显卡(&amp;G)：</translation>
    </message>
    <message>
      <source>&amp;Model:</source>
      <translation>模型(&amp;M)：</translation>
    </message>
    <message>
      <source>&amp;Precision:</source>
      <translation>精度(&amp;P)：</translation>
    </message>
    <message>
      <source>&amp;Recompute:</source>
      <translation>激活重算(&amp;R)：</translation>
    </message>
    <message>
      <source>&amp;Sequence length:</source>
      <translation>序列长度(&amp;S)：</translation>
    </message>
    <message>
      <source>&amp;Task:</source>
      <translation>任务(&amp;T)：</translation>
    </message>
    <message>
      <source>0 — no sharding</source>
      <translation>0 — 不切分</translation>
    </message>
    <message>
      <source>1 — optimizer states</source>
      <translation>1 — 切分优化器状态</translation>
    </message>
    <message>
      <source>2 — + gradients</source>
      <translation>2 — 再切分梯度</translation>
    </message>
    <message>
      <source>3 — + weights (FSDP)</source>
      <translation>3 — 再切分权重（FSDP）</translation>
    </message>
    <message>
      <source>&lt;b&gt;Results on %1&lt;/b&gt;</source>
      <translation>&lt;b&gt;%1 上的估算结果&lt;/b&gt;</translation>
    </message>
    <message>
      <source>Active experts:</source>
      <translation>每 token 激活专家数：</translation>
    </message>
    <message>
      <source>Gated (SwiGLU, GeGLU): 3 matrices</source>
      <translation>门控（SwiGLU、GeGLU）：3 个矩阵</translation>
    </message>
    <message>
      <source>Plain (GeLU): 2 matrices</source>
      <translation>普通（GeLU）：2 个矩阵</translation>
    </message>
    <message>
      <source>From the FFN width</source>
      <translation>按 FFN 宽度推断</translation>
    </message>
    <message>
      <source>MLP kind</source>
      <translation>MLP 类型</translation>
    </message>
    <message>
      <source>Output head shares the input embedding (tied)</source>
      <translation>输出层与输入嵌入共享权重（权重绑定）</translation>
    </message>
    <message>
      <source>full attention</source>
      <translation>全注意力</translation>
    </message>
    <message>
      <source>Sliding window</source>
      <translation>滑动窗口</translation>
    </message>
    <message>
      <source>all layers</source>
      <translation>全部层</translation>
    </message>
    <message>
      <source>Only some layers</source>
      <translation>仅部分层</translation>
    </message>
    <message>
      <source> layers</source>
      <translation> 层</translation>
    </message>
    <message>
      <source>Trained with MTP</source>
      <translation>训练 MTP 模块</translation>
    </message>
    <message>
      <source> modules</source>
      <translation> 个模块</translation>
    </message>
    <message>
      <source>AdamW 8-bit</source>
      <translation>AdamW 8 位</translation>
    </message>
    <message>
      <source>Split</source>
      <translation>切分</translation>
    </message>
    <message>
      <source> cards a sequence</source>
      <translation> 张卡/序列</translation>
    </message>
    <message>
      <source>bitsandbytes, to CPU</source>
      <translation>bitsandbytes，换页到 CPU</translation>
    </message>
    <message>
      <source>plain 1F1B</source>
      <translation>普通 1F1B</translation>
    </message>
    <message>
      <source>Interleaved</source>
      <translation>交错调度</translation>
    </message>
    <message>
      <source> chunks per stage</source>
      <translation> 个模型块/级</translation>
    </message>
    <message>
      <source>as tensor parallel</source>
      <translation>同张量并行</translation>
    </message>
    <message>
      <source>Own size</source>
      <translation>单独设定</translation>
    </message>
    <message>
      <source>Selective + norms, MoE activation</source>
      <translation>选择性 + 归一化、MoE 激活</translation>
    </message>
    <message>
      <source>Attention heads:</source>
      <translation>注意力头数：</translation>
    </message>
    <message>
      <source>MLP:</source>
      <translation>MLP 结构：</translation>
    </message>
    <message>
      <source>Embeddings:</source>
      <translation>嵌入层：</translation>
    </message>
    <message>
      <source>Attention window:</source>
      <translation>注意力窗口：</translation>
    </message>
    <message>
      <source>Windowed layers:</source>
      <translation>滑动窗口层数：</translation>
    </message>
    <message>
      <source>Multi-token prediction:</source>
      <translation>多词元预测（MTP）：</translation>
    </message>
    <message>
      <source>LoRA adapts:</source>
      <translation>LoRA 适配层：</translation>
    </message>
    <message>
      <source>Virtual pipeline stages:</source>
      <translation>虚拟流水线级数：</translation>
    </message>
    <message>
      <source>Context parallel:</source>
      <translation>上下文并行：</translation>
    </message>
    <message>
      <source>Optimizer states:</source>
      <translation>优化器状态：</translation>
    </message>
    <message>
      <source>Candidate cards priced as this plan</source>
      <translation>候选卡型按本方案测算的成本</translation>
    </message>
    <message>
      <source>Cards to compare in the memory chart.</source>
      <translation>在显存图中一并比较的显卡。</translation>
    </message>
    <message>
      <source>Serving</source>
      <translation>推理服务</translation>
    </message>
    <message>
      <source>Change %1</source>
      <translation>修改%1</translation>
    </message>
    <message>
      <source>LoRA layers</source>
      <translation>LoRA 适配层</translation>
    </message>
    <message>
      <source>Chinchilla-optimal for this model: about %1 B tokens (≈20 per parameter).</source>
      <translation>按 Chinchilla 最优比例，该模型约需 %1 亿 token（每个参数约 20 个）。</translation>
    </message>
    <message>
      <source>Compare &amp;with:</source>
      <translation>对比显卡(&amp;W)：</translation>
    </message>
    <message>
      <source>Concurrent re&amp;quests:</source>
      <translation>并发请求数(&amp;Q)：</translation>
    </message>
    <message>
      <source>Conte&amp;xt length:</source>
      <translation>上下文长度(&amp;X)：</translation>
    </message>
    <message>
      <source>Custom shape</source>
      <translation>自定义结构</translation>
    </message>
    <message>
      <source>Describe the model and the run; memory per card, GPU-hours, days and the monthly demand follow at once.</source>
      <translation>填写模型和训练设置，单卡显存、卡时、天数和每月需求会随之即时更新。</translation>
    </message>
    <message>
      <source>Experts (MoE):</source>
      <translation>专家数（MoE）：</translation>
    </message>
    <message>
      <source>FFN width:</source>
      <translation>FFN 宽度：</translation>
    </message>
    <message>
      <source>Full</source>
      <translation>完全重算</translation>
    </message>
    <message>
      <source>Full fine-tune</source>
      <translation>全参数微调</translation>
    </message>
    <message>
      <source>GPU candidates</source>
      <translation>候选显卡</translation>
    </message>
    <message>
      <source>Global batch:</source>
      <translation>全局批大小：</translation>
    </message>
    <message>
      <source>Hardware and deadline</source>
      <translation>硬件与工期</translation>
    </message>
    <message>
      <source>Hidden size:</source>
      <translation>隐藏层维度：</translation>
    </message>
    <message>
      <source>Inference serving</source>
      <translation>推理服务</translation>
    </message>
    <message>
      <source>KV heads:</source>
      <translation>KV 头数：</translation>
    </message>
    <message>
      <source>Layers:</source>
      <translation>层数：</translation>
    </message>
    <message>
      <source>LoRA fine-tune</source>
      <translation>LoRA 微调</translation>
    </message>
    <message>
      <source>in CPU memory (ZeRO-Offload)</source>
      <translation>放在 CPU 内存（ZeRO-Offload）</translation>
    </message>
    <message>
      <source>LoRA ran&amp;k:</source>
      <translation>LoRA 秩(&amp;K)：</translation>
    </message>
    <message>
      <source>M&amp;icro-batch:</source>
      <translation>微批大小(&amp;I)：</translation>
    </message>
    <message>
      <source>MF&amp;U:</source>
      <translation>算力利用率 MFU(&amp;U)：</translation>
    </message>
    <message>
      <source>Paged optimizer:</source>
      <translation>分页优化器：</translation>
    </message>
    <message>
      <source>Expert tensor parallel:</source>
      <translation>专家张量并行：</translation>
    </message>
    <message>
      <source>Model</source>
      <translation>模型</translation>
    </message>
    <message>
      <source>Monthly demand</source>
      <translation>月度需求</translation>
    </message>
    <message>
      <source>None</source>
      <translation>不重算</translation>
    </message>
    <message>
      <source>Optimi&amp;zer:</source>
      <translation>优化器(&amp;Z)：</translation>
    </message>
    <message>
      <source>Parallelism and memory savers</source>
      <translation>并行方式与省显存手段</translation>
    </message>
    <message>
      <source>Paste config.&amp;json…</source>
      <translation>粘贴 config.json(&amp;J)…</translation>
    </message>
    <message>
      <source>Paste config.json</source>
      <translation>粘贴 config.json</translation>
    </message>
    <message>
      <source>Pipeline p&amp;arallel:</source>
      <translation>流水线并行(&amp;A)：</translation>
    </message>
    <message>
      <source>Pretraining</source>
      <translation>预训练</translation>
    </message>
    <message>
      <source>QLoRA base bits:</source>
      <translation>QLoRA 底座位数：</translation>
    </message>
    <message>
      <source>QLoRA fine-tune</source>
      <translation>QLoRA 微调</translation>
    </message>
    <message>
      <source>Read the model shape from a Hugging Face config.json.</source>
      <translation>从 Hugging Face 的 config.json 读取模型结构。</translation>
    </message>
    <message>
      <source>Results</source>
      <translation>结果</translation>
    </message>
    <message>
      <source>SGD with momentum</source>
      <translation>带动量的 SGD</translation>
    </message>
    <message>
      <source>Selective</source>
      <translation>选择性重算</translation>
    </message>
    <message>
      <source>Sequence parallelism</source>
      <translation>序列并行</translation>
    </message>
    <message>
      <source>Set a deadline</source>
      <translation>设定工期</translation>
    </message>
    <message>
      <source>Size the workload</source>
      <translation>估算工作量</translation>
    </message>
    <message>
      <source>T&amp;okens:</source>
      <translation>Token 数(&amp;O)：</translation>
    </message>
    <message>
      <source>Task and run</source>
      <translation>任务与训练设置</translation>
    </message>
    <message>
      <source>Tensor parallel:</source>
      <translation>张量并行：</translation>
    </message>
    <message>
      <source>Total &amp;cards:</source>
      <translation>总卡数(&amp;C)：</translation>
    </message>
    <message>
      <source>Training framework:</source>
      <translation>训练框架：</translation>
    </message>
    <message>
      <source>Use a custom model shape</source>
      <translation>改用自定义模型结构</translation>
    </message>
    <message>
      <source>Vocabulary:</source>
      <translation>词表大小：</translation>
    </message>
    <message>
      <source>ZeRO / FSDP stage:</source>
      <translation>ZeRO / FSDP 阶段：</translation>
    </message>
    <message>
      <source>auto</source>
      <translation>自动</translation>
    </message>
    <message>
      <source>model</source>
      <translation>模型</translation>
    </message>
    <message>
      <source>none</source>
      <translation>无</translation>
    </message>
    <message>
      <source>sized by the engine (memory, deadline, one server)</source>
      <translation>由引擎估算（按显存、工期和单台服务器）</translation>
    </message>
    <message>
      <source>task</source>
      <translation>任务类型</translation>
    </message>
    <message>
      <source>tokens</source>
      <translation>训练 token 数</translation>
    </message>
  </context>
</TS>
