<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
  <context>
    <name>ImportDialog</name>
    <message>
      <source>Import results for %1</source>
      <translation>导入 %1 的测试结果</translation>
    </message>
    <message>
      <source>File</source>
      <translation>文件</translation>
    </message>
    <message>
      <source>Tool</source>
      <translation>工具</translation>
    </message>
    <message>
      <source>Node</source>
      <translation>节点</translation>
    </message>
    <message>
      <source>Key values</source>
      <translation>关键数值</translation>
    </message>
    <message>
      <source>Reason</source>
      <translation>原因</translation>
    </message>
    <message>
      <source>What to do</source>
      <translation>处理建议</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>取消</translation>
    </message>
    <message>
      <source>These nccl-tests outputs do not state what was run. Say which collective and how many nodes, as the vendor tells you: a run without them is listed and not judged. Left unknown, nothing is assumed.</source>
      <translation>这些 nccl-tests 输出没有写明运行的内容。请按厂商的说明选择集合通信类型和节点数：缺少这些信息的运行只列出、不评判。保留“未知”时不做任何假定。</translation>
    </message>
    <message>
      <source>Facts the outputs do not state</source>
      <translation>输出中未写明的信息</translation>
    </message>
    <message>
      <source>The run produced no result: ask the vendor to run this test again.</source>
      <translation>该次运行没有结果：请厂商重新运行这项测试。</translation>
    </message>
    <message>
      <source>Run the iperf3 client again with -J and import the JSON it prints.</source>
      <translation>请加 -J 重新运行 iperf3 客户端，并导入其输出的 JSON。</translation>
    </message>
    <message>
      <source>The plan does not use this kind of run: run the test as the kit does.</source>
      <translation>计划不使用这类运行：请按测试包的方式运行该测试。</translation>
    </message>
    <message>
      <source>Not an output of the test kit: leave it out, or import the tool's own output.</source>
      <translation>不是测试包的输出：请略过，或导入该工具的原始输出。</translation>
    </message>
    <message>
      <source>The file is cut or edited: copy it again from the node.</source>
      <translation>文件不完整或被改动：请从节点重新复制。</translation>
    </message>
    <message>
      <source>The file could not be read: copy it into the folder as a plain file.</source>
      <translation>无法读取该文件：请将其作为普通文件复制到文件夹中。</translation>
    </message>
    <message>
      <source>Reading file %1 of %2…</source>
      <translation>正在读取第 %1 个文件（共 %2 个）…</translation>
    </message>
    <message>
      <source>Nothing can be imported: %1</source>
      <translation>无法导入任何数据：%1</translation>
    </message>
    <message>
      <source>%1 — stated by the user: %2</source>
      <translation>%1——由用户给出：%2</translation>
    </message>
    <message>
      <source>collective</source>
      <translation>集合通信类型</translation>
    </message>
    <message>
      <source>node count</source>
      <translation>节点数</translation>
    </message>
    <message>
      <source>unknown collective</source>
      <translation>集合通信类型未知</translation>
    </message>
    <message>
      <source>Collective of %1</source>
      <translation>%1 的集合通信类型</translation>
    </message>
    <message>
      <source>The nccl-tests binary the vendor ran (all_reduce_perf…)</source>
      <translation>厂商运行的 nccl-tests 程序（all_reduce_perf 等）</translation>
    </message>
    <message>
      <source>unknown node count</source>
      <translation>节点数未知</translation>
    </message>
    <message>
      <source> nodes</source>
      <translation> 个节点</translation>
    </message>
    <message>
      <source>Node count of %1</source>
      <translation>%1 的节点数</translation>
    </message>
    <message>
      <source>How many nodes (servers) the run spanned</source>
      <translation>该次运行跨越的节点（服务器）数</translation>
    </message>
    <message>
      <source>%1, line %2</source>
      <translation>%1 第 %2 行</translation>
    </message>
    <message numerus="yes">
      <source>&amp;Import %n file(s)</source>
      <translation>
        <numerusform>导入 %n 个文件(&amp;I)</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Will be imported: %n file(s)</source>
      <translation>
        <numerusform>将导入：%n 个文件</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Refused, nothing taken from them: %n file(s)</source>
      <translation>
        <numerusform>已拒收（其中数据一概不导入）：%n 个文件</numerusform>
      </translation>
    </message>
    <message>
      <source>Left out, not test results (notes, scripts, hidden files): %1</source>
      <translation>未导入（说明、脚本、隐藏文件，均非测试结果）：%1</translation>
    </message>
    <message>
      <source>Looking for result files…</source>
      <translation>正在查找结果文件…</translation>
    </message>
    <message>
      <source>%1 files can be imported, %2 refused. Nothing is imported until you confirm.</source>
      <translation>%1 个文件可以导入，%2 个被拒收。确认之前不会导入任何数据。</translation>
    </message>
    <message>
      <source>No file holds a result that can be imported.</source>
      <translation>没有文件包含可导入的结果。</translation>
    </message>
    <message>
      <source>Cancelling… nothing will be imported.</source>
      <translation>正在取消…不会导入任何数据。</translation>
    </message>
  </context>
  <context>
    <name>JudgementView</name>
    <message>
      <source>Test</source>
      <translation>测试项</translation>
    </message>
    <message>
      <source>Node</source>
      <translation>节点</translation>
    </message>
    <message>
      <source>GPU</source>
      <translation>GPU 编号</translation>
    </message>
    <message>
      <source>Measured</source>
      <translation>实测值</translation>
    </message>
    <message>
      <source>Expected</source>
      <translation>预期值</translation>
    </message>
    <message>
      <source>Verdict</source>
      <translation>判定</translation>
    </message>
    <message>
      <source>Flag</source>
      <translation>标记</translation>
    </message>
    <message>
      <source>Threshold</source>
      <translation>判定阈值</translation>
    </message>
    <message>
      <source>Finding</source>
      <translation>结论</translation>
    </message>
    <message>
      <source>NCCL inside one node</source>
      <translation>NCCL 单节点内</translation>
    </message>
    <message>
      <source>NCCL across nodes</source>
      <translation>NCCL 跨节点</translation>
    </message>
    <message>
      <source>NCCL correctness</source>
      <translation>NCCL 结果校验</translation>
    </message>
    <message>
      <source>Node-to-node TCP (iperf3)</source>
      <translation>节点间 TCP 吞吐（iperf3）</translation>
    </message>
    <message>
      <source>Checkpoint write (fio)</source>
      <translation>检查点写入（fio）</translation>
    </message>
    <message>
      <source>GPU temperature</source>
      <translation>GPU 温度</translation>
    </message>
    <message>
      <source>GPU clock under load</source>
      <translation>负载下 GPU 频率</translation>
    </message>
    <message>
      <source>GPU slowdown</source>
      <translation>GPU 降频</translation>
    </message>
    <message>
      <source>GPU ECC errors</source>
      <translation>GPU ECC 错误</translation>
    </message>
    <message>
      <source>DCGM diagnostics</source>
      <translation>DCGM 诊断</translation>
    </message>
    <message>
      <source>Tensor-core activity of the job (dcgmi dmon)</source>
      <translation>任务的 Tensor Core 活跃度（dcgmi dmon）</translation>
    </message>
    <message>
      <source>SM activity of the job (dcgmi dmon)</source>
      <translation>任务的 SM 活跃度（dcgmi dmon）</translation>
    </message>
    <message>
      <source>bf16 matrix multiply</source>
      <translation>bf16 矩阵乘法</translation>
    </message>
    <message>
      <source>GPU memory copy</source>
      <translation>显存拷贝</translation>
    </message>
    <message>
      <source>Training job MFU</source>
      <translation>训练任务 MFU</translation>
    </message>
    <message>
      <source>DCGM diagnostics: tests not run</source>
      <translation>DCGM 诊断：未运行的项目</translation>
    </message>
    <message>
      <source>DCGM diagnostics: test skipped</source>
      <translation>DCGM 诊断：被跳过的项目</translation>
    </message>
    <message>
      <source>NCCL minimum bandwidth (nccl-tests FAILED)</source>
      <translation>NCCL 最低带宽（nccl-tests FAILED）</translation>
    </message>
    <message>
      <source>NCCL, number of servers unknown</source>
      <translation>NCCL（服务器数未知）</translation>
    </message>
    <message>
      <source>NCCL, collective unknown</source>
      <translation>NCCL（集合通信类型未知）</translation>
    </message>
    <message>
      <source>Serving benchmark against the latency targets</source>
      <translation>推理压测（对照延迟目标）</translation>
    </message>
    <message>
      <source>collective</source>
      <translation>集合通信类型</translation>
    </message>
    <message>
      <source>node count</source>
      <translation>节点数</translation>
    </message>
    <message>
      <source>%1 — stated by the user: %2</source>
      <translation>%1——由用户给出：%2</translation>
    </message>
    <message>
      <source>pass</source>
      <translation>通过</translation>
    </message>
    <message>
      <source>warn</source>
      <translation>警告</translation>
    </message>
    <message>
      <source>fail</source>
      <translation>不通过</translation>
    </message>
    <message>
      <source>info</source>
      <translation>提示</translation>
    </message>
    <message>
      <source>Add a vendor to see its test results.</source>
      <translation>添加供应商后即可查看其测试结果。</translation>
    </message>
    <message>
      <source>No results imported for %1 yet. Generate the test kit, have the vendor run it on the offered machines, then import the results folder.</source>
      <translation>尚未导入 %1 的测试结果。请生成测试包，让供应商在拟提供的机器上运行，然后导入结果文件夹。</translation>
    </message>
    <message>
      <source>Not judged.</source>
      <translation>尚未判定。</translation>
    </message>
    <message>
      <source>%1: %2 measurements, %3 checks; overall verdict: %4.</source>
      <translation>%1：%2 条实测数据，%3 项检查；总体判定：%4。</translation>
    </message>
    <message>
      <source>(all nodes)</source>
      <translation>（全部节点）</translation>
    </message>
    <message>
      <source>Per node:</source>
      <translation>各节点：</translation>
    </message>
    <message>
      <source>Measured MFU %1% against the catalog's %2%.</source>
      <translation>实测 MFU 为 %1%，目录估计值为 %2%。</translation>
    </message>
    <message>
      <source>Hot</source>
      <translation>过热</translation>
    </message>
    <message>
      <source>Throttled</source>
      <translation>降频</translation>
    </message>
  </context>
  <context>
    <name>QuoteForm</name>
    <message>
      <source>Quote</source>
      <translation>报价</translation>
    </message>
    <message>
      <source>Service and site</source>
      <translation>服务与机房</translation>
    </message>
    <message>
      <source>Network</source>
      <translation>网络</translation>
    </message>
    <message>
      <source>Data compliance</source>
      <translation>数据合规</translation>
    </message>
    <message>
      <source>Contract clauses</source>
      <translation>合同条款</translation>
    </message>
    <message>
      <source>Other terms</source>
      <translation>其他条款</translation>
    </message>
    <message>
      <source>Price the plan's rentals with this quote</source>
      <translation>用此报价计算方案的租用价格</translation>
    </message>
    <message>
      <source>The budget step then prices on-demand, monthly and yearly rentals of this GPU with this vendor's quote, named as their source. A price typed in the budget step still wins; one vendor's quote at a time.</source>
      <translation>勾选后，“预算”步骤按该供应商的报价计算此 GPU 的按量、包月和包年租用价格，并注明来源。在“预算”步骤手动填写的价格仍然优先；同一时间只采用一家供应商的报价。</translation>
    </message>
    <message>
      <source>Anything else the quote says: minimum term, add-ons, notice period…</source>
      <translation>报价中的其他约定：最短租期、附加费用、提前通知期……</translation>
    </message>
    <message>
      <source>Name:</source>
      <translation>名称：</translation>
    </message>
    <message>
      <source>&amp;Kind:</source>
      <translation>类型(&amp;K)：</translation>
    </message>
    <message>
      <source>&amp;GPU:</source>
      <translation>GPU 型号(&amp;G)：</translation>
    </message>
    <message>
      <source>&amp;On-demand price:</source>
      <translation>按量价格(&amp;O)：</translation>
    </message>
    <message>
      <source>&amp;Monthly price:</source>
      <translation>包月价格(&amp;M)：</translation>
    </message>
    <message>
      <source>&amp;Yearly factor:</source>
      <translation>包年折扣系数(&amp;Y)：</translation>
    </message>
    <message>
      <source>VAT:</source>
      <translation>增值税：</translation>
    </message>
    <message>
      <source>&amp;Quote in budget:</source>
      <translation>计入预算(&amp;Q)：</translation>
    </message>
    <message>
      <source>&amp;SLA availability:</source>
      <translation>SLA 可用性(&amp;S)：</translation>
    </message>
    <message>
      <source>&amp;Card replacement:</source>
      <translation>换卡时效(&amp;C)：</translation>
    </message>
    <message>
      <source>&amp;Power redundancy:</source>
      <translation>供电冗余(&amp;P)：</translation>
    </message>
    <message>
      <source>Spare cards on site:</source>
      <translation>现场备件：</translation>
    </message>
    <message>
      <source>Intranet band&amp;width:</source>
      <translation>内网带宽(&amp;W)：</translation>
    </message>
    <message>
      <source>Network c&amp;lass:</source>
      <translation>网络类型(&amp;L)：</translation>
    </message>
    <message>
      <source>RDMA:</source>
      <translation>RDMA 支持：</translation>
    </message>
    <message>
      <source>E&amp;xclusive network:</source>
      <translation>独享网络(&amp;X)：</translation>
    </message>
    <message>
      <source>VPC isolation:</source>
      <translation>VPC 隔离：</translation>
    </message>
    <message>
      <source>Access logs:</source>
      <translation>访问日志：</translation>
    </message>
    <message>
      <source>Encryption:</source>
      <translation>数据加密：</translation>
    </message>
    <message>
      <source>Audit report:</source>
      <translation>审计报告：</translation>
    </message>
    <message>
      <source>Exclusive resources:</source>
      <translation>资源独占条款：</translation>
    </message>
    <message>
      <source>Failure compensation:</source>
      <translation>故障赔偿条款：</translation>
    </message>
    <message>
      <source>Deposit refund:</source>
      <translation>押金退还条款：</translation>
    </message>
    <message>
      <source>Acceptance test:</source>
      <translation>验收标准条款：</translation>
    </message>
    <message>
      <source>Free-text terms:</source>
      <translation>其他约定：</translation>
    </message>
    <message>
      <source>Public cloud</source>
      <translation>公有云</translation>
    </message>
    <message>
      <source>GPU rental platform</source>
      <translation>算力租赁平台</translation>
    </message>
    <message>
      <source>IDC (colocation)</source>
      <translation>IDC 机房（托管）</translation>
    </message>
    <message>
      <source>Not stated</source>
      <translation>未说明</translation>
    </message>
    <message>
      <source>Single feed with UPS</source>
      <translation>单路市电加 UPS</translation>
    </message>
    <message>
      <source>Dual feed</source>
      <translation>双路市电</translation>
    </message>
    <message>
      <source>Dual feed and generator</source>
      <translation>双路市电加柴油发电机</translation>
    </message>
    <message>
      <source>Prices include VAT</source>
      <translation>报价含增值税</translation>
    </message>
    <message>
      <source>Prices exclude VAT</source>
      <translation>报价不含增值税</translation>
    </message>
    <message>
      <source>Yes</source>
      <translation>有</translation>
    </message>
    <message>
      <source>No</source>
      <translation>无</translation>
    </message>
    <message>
      <source>not stated</source>
      <translation>未报价</translation>
    </message>
    <message>
      <source> CNY per card-hour</source>
      <translation> 元/卡时</translation>
    </message>
    <message>
      <source> CNY per card-month</source>
      <translation> 元/卡·月</translation>
    </message>
    <message>
      <source> × monthly</source>
      <translation> × 包月价</translation>
    </message>
    <message>
      <source> hours</source>
      <translation> 小时</translation>
    </message>
    <message>
      <source>Yearly price as a share of the monthly price, e.g. 0.85 for 15% off. 0 means not quoted.</source>
      <translation>包年价格相对包月价格的系数，例如 0.85 表示打八五折。0 表示未报价。</translation>
    </message>
    <message>
      <source>Hours from a card failure to a working replacement. 0 means not stated.</source>
      <translation>从显卡故障到换上可用新卡所需的小时数。0 表示未说明。</translation>
    </message>
    <message>
      <source>NIC speed the vendor quotes between nodes; iperf3 is judged against it.</source>
      <translation>供应商承诺的节点间网卡速率；iperf3 实测结果以此为基准判定。</translation>
    </message>
    <message>
      <source>Measured MFU %1% (from this vendor's training job): sizing and cost use it instead of the catalog's estimate, marked as measured.</source>
      <translation>实测 MFU 为 %1%（来自该供应商上运行的训练任务）：算力估算和成本计算将用它替代目录中的估计值，并标注为实测。</translation>
    </message>
  </context>
  <context>
    <name>VendorCharts</name>
    <message>
      <source>Across nodes</source>
      <translation>跨节点</translation>
    </message>
    <message>
      <source>Bus bandwidth [GB/s]</source>
      <translation>总线带宽 [GB/s]</translation>
    </message>
    <message>
      <source>Inside one node</source>
      <translation>单节点内</translation>
    </message>
    <message>
      <source>Local read</source>
      <translation>本地盘读</translation>
    </message>
    <message>
      <source>Local write</source>
      <translation>本地盘写</translation>
    </message>
    <message>
      <source>Loss</source>
      <translation>损失</translation>
    </message>
    <message>
      <source>Message size</source>
      <translation>消息大小</translation>
    </message>
    <message>
      <source>NCCL all_reduce bus bandwidth</source>
      <translation>NCCL all_reduce 总线带宽</translation>
    </message>
    <message>
      <source>No measurements yet: generate the test kit, have each vendor run it, then import the results.</source>
      <translation>尚无实测数据：先生成测试包，请各供应商在机器上运行，再导入结果。</translation>
    </message>
    <message>
      <source>Node-to-node TCP (iperf3)</source>
      <translation>节点间 TCP 吞吐（iperf3）</translation>
    </message>
    <message>
      <source>Received [Gbit/s]</source>
      <translation>接收速率 [Gbit/s]</translation>
    </message>
    <message>
      <source>Shared read</source>
      <translation>共享存储读</translation>
    </message>
    <message>
      <source>Shared write</source>
      <translation>共享存储写</translation>
    </message>
    <message>
      <source>Storage throughput (fio, 1 MiB blocks)</source>
      <translation>存储吞吐（fio，1 MiB 块）</translation>
    </message>
    <message>
      <source>Throughput [GB/s]</source>
      <translation>吞吐 [GB/s]</translation>
    </message>
    <message>
      <source>Tokens/s per GPU</source>
      <translation>每卡 tokens/s</translation>
    </message>
    <message>
      <source>Training loss</source>
      <translation>训练损失</translation>
    </message>
    <message>
      <source>Training step</source>
      <translation>训练步数</translation>
    </message>
    <message>
      <source>Training throughput per GPU</source>
      <translation>每卡训练吞吐</translation>
    </message>
  </context>
  <context>
    <name>VendorsPage</name>
    <message>
      <source>%1 (copy)</source>
      <translation>%1（副本）</translation>
    </message>
    <message>
      <source>%1 measurements imported</source>
      <translation>已导入 %1 条实测数据</translation>
    </message>
    <message>
      <source>&amp;Add</source>
      <translation>添加(&amp;A)</translation>
    </message>
    <message>
      <source>&amp;Import results…</source>
      <translation>导入结果(&amp;I)…</translation>
    </message>
    <message>
      <source>&amp;Remove</source>
      <translation>删除(&amp;R)</translation>
    </message>
    <message>
      <source>+%1 points: %2 wins</source>
      <translation>调高 %1 分：%2 胜出</translation>
    </message>
    <message>
      <source>Add a candidate vendor</source>
      <translation>添加一家候选供应商</translation>
    </message>
    <message>
      <source>Add vendor</source>
      <translation>添加供应商</translation>
    </message>
    <message>
      <source>Add vendors and import their results to rank them.</source>
      <translation>添加供应商并导入实测结果后即可排名。</translation>
    </message>
    <message>
      <source>Another vendor already has this name.</source>
      <translation>已有同名供应商。</translation>
    </message>
    <message>
      <source>Archives (*.tar.gz)</source>
      <translation>压缩包 (*.tar.gz)</translation>
    </message>
    <message>
      <source>As a .tar.gz archive…</source>
      <translation>打包为 .tar.gz 压缩包…</translation>
    </message>
    <message>
      <source>Candidate ven&amp;dors:</source>
      <translation>候选供应商(&amp;D)：</translation>
    </message>
    <message>
      <source>Cannot build the test kit: %1</source>
      <translation>无法生成测试包：%1</translation>
    </message>
    <message>
      <source>Cannot write the test kit: %1</source>
      <translation>无法写入测试包：%1</translation>
    </message>
    <message>
      <source>Card replacement</source>
      <translation>换卡时效</translation>
    </message>
    <message>
      <source>Change %1</source>
      <translation>修改%1</translation>
    </message>
    <message>
      <source>Change weight of %1</source>
      <translation>修改“%1”的权重</translation>
    </message>
    <message>
      <source>Clear results of %1</source>
      <translation>清除 %1 的测试结果</translation>
    </message>
    <message>
      <source>Clear this vendor's results</source>
      <translation>清除该供应商的测试结果</translation>
    </message>
    <message>
      <source>Compare</source>
      <translation>横向对比</translation>
    </message>
    <message>
      <source>Compliance</source>
      <translation>合规</translation>
    </message>
    <message>
      <source>Contract terms</source>
      <translation>合同条款</translation>
    </message>
    <message>
      <source>Copy the selected vendor's quote and terms</source>
      <translation>复制所选供应商的报价和条款</translation>
    </message>
    <message>
      <source>Criterion</source>
      <translation>评分项</translation>
    </message>
    <message>
      <source>D&amp;uplicate</source>
      <translation>复制(&amp;U)</translation>
    </message>
    <message>
      <source>Duplicate vendor</source>
      <translation>复制供应商</translation>
    </message>
    <message>
      <source>Each score runs from 0 to 100 by a fixed rule (hover over a score to see it); the total is the weighted mean. The last column says how far a weight must move before another vendor comes first.</source>
      <translation>每项得分按固定规则在 0 到 100 之间计算（鼠标悬停在分数上可查看规则），总分为加权平均。最后一列说明某项权重要调整多少，排名第一的供应商才会易主。</translation>
    </message>
    <message>
      <source>Enter each candidate's quote and terms, send them the test kit, import what they measured, and compare.</source>
      <translation>录入各候选供应商的报价与条款，把测试包发给对方运行，导入实测结果后进行对比。</translation>
    </message>
    <message>
      <source>Folder for the test kit</source>
      <translation>选择测试包的存放文件夹</translation>
    </message>
    <message>
      <source>Generate &amp;test kit…</source>
      <translation>生成测试包(&amp;T)…</translation>
    </message>
    <message>
      <source>Import results for %1</source>
      <translation>导入 %1 的测试结果</translation>
    </message>
    <message>
      <source>Imported %1 measurements from %2 files for %3.</source>
      <translation>已为 %3 从 %2 个文件导入 %1 条实测数据。</translation>
    </message>
    <message>
      <source>Input: %1
Rule: %2</source>
      <translation>依据：%1
规则：%2</translation>
    </message>
    <message>
      <source>Into a folder…</source>
      <translation>写入文件夹…</translation>
    </message>
    <message>
      <source>%1 (rank %2)</source>
      <translation>%1（第 %2 名）</translation>
    </message>
    <message>
      <source>Measured numbers beat brochure numbers: the verdicts, charts and scores below use what the test kit measured on the vendor's machines.</source>
      <translation>实测数据胜过宣传数据：下面的判定、图表和评分都以测试包在供应商机器上实际测得的数字为准。</translation>
    </message>
    <message>
      <source>Weight of %1</source>
      <translation>%1的权重</translation>
    </message>
    <message>
      <source>Measured performance</source>
      <translation>实测性能</translation>
    </message>
    <message>
      <source>Network</source>
      <translation>网络</translation>
    </message>
    <message>
      <source>Ranked first: %1 (%2 of 100).</source>
      <translation>排名第一：%1（%2 分，满分 100）。</translation>
    </message>
    <message>
      <source>No change within 0–100 alters the winner.</source>
      <translation>在 0–100 范围内调整都不会改变第一名。</translation>
    </message>
    <message>
      <source>Nothing was imported.</source>
      <translation>未导入任何数据。</translation>
    </message>
    <message>
      <source>No result files found there; nothing was imported.</source>
      <translation>该位置没有找到结果文件，未导入任何数据。</translation>
    </message>
    <message>
      <source>No test results yet</source>
      <translation>尚无测试结果</translation>
    </message>
    <message>
      <source>Nothing was imported: %1</source>
      <translation>未导入任何数据：%1</translation>
    </message>
    <message>
      <source>Only one vendor: add another to compare.</source>
      <translation>目前只有一家供应商：再添加一家才能比较。</translation>
    </message>
    <message>
      <source>Power redundancy</source>
      <translation>供电冗余</translation>
    </message>
    <message>
      <source>Price</source>
      <translation>价格</translation>
    </message>
    <message>
      <source>Quote and terms</source>
      <translation>报价与条款</translation>
    </message>
    <message>
      <source>Rank</source>
      <translation>排名</translation>
    </message>
    <message>
      <source>Remove the selected vendor (undoable)</source>
      <translation>删除所选供应商（可撤销）</translation>
    </message>
    <message>
      <source>Remove vendor %1</source>
      <translation>删除供应商 %1</translation>
    </message>
    <message>
      <source>Result files to import</source>
      <translation>选择要导入的结果文件</translation>
    </message>
    <message>
      <source>Result files…</source>
      <translation>选择结果文件…</translation>
    </message>
    <message>
      <source>Results folder to import</source>
      <translation>选择要导入的结果文件夹</translation>
    </message>
    <message>
      <source>Results folder…</source>
      <translation>选择结果文件夹…</translation>
    </message>
    <message>
      <source>SLA</source>
      <translation>SLA 可用性</translation>
    </message>
    <message>
      <source>Save the test kit as</source>
      <translation>测试包另存为</translation>
    </message>
    <message>
      <source>Scoring</source>
      <translation>评分</translation>
    </message>
    <message>
      <source>Spares on site</source>
      <translation>现场备件</translation>
    </message>
    <message>
      <source>Test kit for %1 written to %2. Run first, on one node: %3 (README.md explains the multi-node steps and what to send back).</source>
      <translation>%1 的测试包已写入 %2。请先在一个节点上运行：%3（多节点步骤以及需要发回的文件见 README.md）。</translation>
    </message>
    <message>
      <source>Test kit results (*.txt *.csv *.json *.xml);;All files (*)</source>
      <translation>测试包结果 (*.txt *.csv *.json *.xml);;所有文件 (*)</translation>
    </message>
    <message>
      <source>Test results</source>
      <translation>测试结果</translation>
    </message>
    <message>
      <source>The vendor %1 is gone; nothing was imported.</source>
      <translation>供应商 %1 已被删除，未导入任何数据。</translation>
    </message>
    <message>
      <source>Vendor %1</source>
      <translation>供应商 %1</translation>
    </message>
    <message>
      <source>Vendor tests</source>
      <translation>供应商测试</translation>
    </message>
    <message>
      <source>Weight</source>
      <translation>权重</translation>
    </message>
    <message>
      <source>Weight change that hands the lead to another vendor</source>
      <translation>使第一名易主所需的权重变化</translation>
    </message>
    <message>
      <source>Weighted total (0–100)</source>
      <translation>加权总分（0–100）</translation>
    </message>
    <message>
      <source>−%1 points: %2 wins</source>
      <translation>调低 %1 分：%2 胜出</translation>
    </message>
  </context>
</TS>
