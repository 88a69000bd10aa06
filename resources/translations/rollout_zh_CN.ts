<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
  <context>
    <name>ChecklistPage</name>
    <message>
      <source>%1 failed: resolve them before signing.</source>
      <translation>%1 项不通过：签约前须先解决。</translation>
    </message>
    <message>
      <source>%1 of %2 items done (passed or not applicable).</source>
      <translation>已完成 %1 / %2 项（通过或不适用）。</translation>
    </message>
    <message>
      <source>All files (*)</source>
      <translation>所有文件 (*)</translation>
    </message>
    <message>
      <source>C&amp;lear evidence</source>
      <translation>清除材料(&amp;L)</translation>
    </message>
    <message>
      <source>Change checklist note</source>
      <translation>修改检查项备注</translation>
    </message>
    <message>
      <source>Change checklist owner</source>
      <translation>修改检查项负责人</translation>
    </message>
    <message>
      <source>Change evidence file</source>
      <translation>修改证明材料</translation>
    </message>
    <message>
      <source>Check the site, the network and the contract before you sign. Double-click a cell to edit it.</source>
      <translation>签约前核查机房、网络和合同。双击单元格即可编辑。</translation>
    </message>
    <message>
      <source>Contract clauses</source>
      <translation>合同条款</translation>
    </message>
    <message>
      <source>Evidence f&amp;ile…</source>
      <translation>证明材料(&amp;I)…</translation>
    </message>
    <message>
      <source>Evidence file</source>
      <translation>证明材料</translation>
    </message>
    <message>
      <source>Evidence for “%1”</source>
      <translation>“%1”的证明材料</translation>
    </message>
    <message>
      <source>Fail</source>
      <translation>不通过</translation>
    </message>
    <message>
      <source>Item</source>
      <translation>检查项</translation>
    </message>
    <message>
      <source>Measured with iperf3: %1</source>
      <translation>iperf3 实测：%1</translation>
    </message>
    <message>
      <source>Not applicable</source>
      <translation>不适用</translation>
    </message>
    <message>
      <source>Note</source>
      <translation>备注</translation>
    </message>
    <message>
      <source>Open</source>
      <translation>未完成</translation>
    </message>
    <message>
      <source>Other items</source>
      <translation>其他检查项</translation>
    </message>
    <message>
      <source>Owner</source>
      <translation>负责人</translation>
    </message>
    <message>
      <source>Pass</source>
      <translation>通过</translation>
    </message>
    <message>
      <source>Checklist items</source>
      <translation>检查清单条目</translation>
    </message>
    <message>
      <source>Pick a file (photo, test log, contract page) for this item.</source>
      <translation>为此项选择一个文件（照片、测试日志、合同页）。</translation>
    </message>
    <message>
      <source>Pitfalls</source>
      <translation>常见陷阱</translation>
    </message>
    <message>
      <source>Select an item to see what to check.</source>
      <translation>选择一项，查看要核查的内容。</translation>
    </message>
    <message>
      <source>Set checklist status</source>
      <translation>设置检查项状态</translation>
    </message>
    <message>
      <source>Site and contract checklist</source>
      <translation>机房与合同检查清单</translation>
    </message>
    <message>
      <source>Six points before renting or colocating</source>
      <translation>租用或托管前的六个要点</translation>
    </message>
    <message>
      <source>Status</source>
      <translation>状态</translation>
    </message>
    <message>
      <source>This item is not in the catalog of this version.</source>
      <translation>本版本的目录中没有这一项。</translation>
    </message>
    <message>
      <source>This plan: %1 GPU-hours, %2 with the ×1.5 margin.</source>
      <translation>本计划：%1 卡时，留 1.5 倍余量后为 %2 卡时。</translation>
    </message>
    <message>
      <source>Three colocation questions</source>
      <translation>托管三问</translation>
    </message>
    <message>
      <source>iperf3: not measured yet.</source>
      <translation>iperf3：尚未实测。</translation>
    </message>
  </context>
  <context>
    <name>ConfigViewer</name>
    <message>
      <source>&amp;Copy</source>
      <translation>复制(&amp;C)</translation>
    </message>
    <message>
      <source>&amp;Save…</source>
      <translation>保存(&amp;S)…</translation>
    </message>
    <message>
      <source>All files (*)</source>
      <translation>所有文件 (*)</translation>
    </message>
    <message>
      <source>Copied to the clipboard.</source>
      <translation>已复制到剪贴板。</translation>
    </message>
    <message>
      <source>Copy the whole file to the clipboard.</source>
      <translation>把整个文件复制到剪贴板。</translation>
    </message>
    <message>
      <source>Could not save %1: %2</source>
      <translation>无法保存 %1：%2</translation>
    </message>
    <message>
      <source>Save Generated File</source>
      <translation>保存生成的文件</translation>
    </message>
    <message>
      <source>Save the file to disk (UTF-8).</source>
      <translation>把文件保存到磁盘（UTF-8 编码）。</translation>
    </message>
    <message>
      <source>Saved to %1</source>
      <translation>已保存到 %1</translation>
    </message>
  </context>
  <context>
    <name>EnvironmentPage</name>
    <message>
      <source> h</source>
      <translation> 小时</translation>
    </message>
    <message>
      <source>%1 (selected)</source>
      <translation>%1（当前选择）</translation>
    </message>
    <message>
      <source>&amp;Data path:</source>
      <translation>数据路径(&amp;D)：</translation>
    </message>
    <message>
      <source>&amp;GPUs per node:</source>
      <translation>每节点 GPU 数(&amp;G)：</translation>
    </message>
    <message>
      <source>&amp;Job name:</source>
      <translation>作业名称(&amp;J)：</translation>
    </message>
    <message>
      <source>&amp;Training script:</source>
      <translation>训练脚本(&amp;T)：</translation>
    </message>
    <message>
      <source>&amp;Use the plan's cards</source>
      <translation>采用规划的卡数(&amp;U)</translation>
    </message>
    <message numerus="yes">
      <source>The plan needs %1 cards: %n node(s) × %2 GPUs.</source>
      <translation>
        <numerusform>本计划需要 %1 张卡：%n 个节点 × 每节点 %2 张。</numerusform>
      </translation>
    </message>
    <message>
      <source>Bare nodes (SSH + torchrun)</source>
      <translation>裸机节点（SSH + torchrun）</translation>
    </message>
    <message>
      <source>Bare-node script</source>
      <translation>裸机启动脚本</translation>
    </message>
    <message>
      <source>CPUs per GPU</source>
      <translation>每张卡的 CPU 核数</translation>
    </message>
    <message>
      <source>CPUs per GPU:</source>
      <translation>每张卡的 CPU 核数：</translation>
    </message>
    <message>
      <source>CUD&amp;A version:</source>
      <translation>CUDA 版本(&amp;A)：</translation>
    </message>
    <message>
      <source>CUDA version</source>
      <translation>CUDA 版本</translation>
    </message>
    <message>
      <source>Cluster</source>
      <translation>集群</translation>
    </message>
    <message>
      <source>Data volume claim:</source>
      <translation>数据卷声明（PVC）：</translation>
    </message>
    <message>
      <source>Environment</source>
      <translation>运行环境</translation>
    </message>
    <message>
      <source>GPUs per node</source>
      <translation>每节点 GPU 数</translation>
    </message>
    <message>
      <source>Host na&amp;mes:</source>
      <translation>主机名(&amp;M)：</translation>
    </message>
    <message>
      <source>Image pull secret:</source>
      <translation>镜像拉取凭据：</translation>
    </message>
    <message>
      <source>Job</source>
      <translation>作业</translation>
    </message>
    <message>
      <source>Kubernetes Job</source>
      <translation>Kubernetes 作业</translation>
    </message>
    <message>
      <source>Kubernetes PersistentVolumeClaim mounted at the data path.</source>
      <translation>挂载到数据路径的 Kubernetes 持久卷声明（PVC）。</translation>
    </message>
    <message>
      <source>Kubernetes cluster</source>
      <translation>Kubernetes 集群</translation>
    </message>
    <message>
      <source>Kubernetes only.</source>
      <translation>仅用于 Kubernetes。</translation>
    </message>
    <message>
      <source>Memory per GPU:</source>
      <translation>每张卡的内存：</translation>
    </message>
    <message>
      <source>N&amp;odes:</source>
      <translation>节点数(&amp;O)：</translation>
    </message>
    <message>
      <source>NCCL variables:</source>
      <translation>NCCL 环境变量：</translation>
    </message>
    <message>
      <source>Names&amp;pace:</source>
      <translation>命名空间(&amp;P)：</translation>
    </message>
    <message>
      <source>No sizing result yet.</source>
      <translation>尚无估算结果。</translation>
    </message>
    <message>
      <source>Nodes and NCCL</source>
      <translation>节点与 NCCL</translation>
    </message>
    <message>
      <source>Override the plan: generate the files for these nodes and GPUs per node</source>
      <translation>覆盖规划：按此处的节点数和每节点卡数生成文件</translation>
    </message>
    <message>
      <source>Pa&amp;rtition:</source>
      <translation>分区(&amp;R)：</translation>
    </message>
    <message>
      <source>PyTorch &amp;image:</source>
      <translation>PyTorch 镜像(&amp;I)：</translation>
    </message>
    <message>
      <source>PyTorch image</source>
      <translation>PyTorch 镜像</translation>
    </message>
    <message>
      <source>RDMA resource</source>
      <translation>RDMA 资源</translation>
    </message>
    <message>
      <source>RDMA resource:</source>
      <translation>RDMA 资源：</translation>
    </message>
    <message>
      <source>Rendezvous port:</source>
      <translation>汇合端口：</translation>
    </message>
    <message>
      <source>Resources per node</source>
      <translation>每节点资源</translation>
    </message>
    <message>
      <source>Run torchrun inside the PyTorch image (docker)</source>
      <translation>在 PyTorch 镜像内运行 torchrun（docker）</translation>
    </message>
    <message>
      <source>SLURM cluster</source>
      <translation>SLURM 集群</translation>
    </message>
    <message>
      <source>SLURM only.</source>
      <translation>仅用于 SLURM。</translation>
    </message>
    <message>
      <source>SLURM sbatch</source>
      <translation>SLURM 作业脚本</translation>
    </message>
    <message>
      <source>Scheduler:</source>
      <translation>调度方式：</translation>
    </message>
    <message>
      <source>Script ConfigMap:</source>
      <translation>脚本 ConfigMap：</translation>
    </message>
    <message>
      <source>Script from:</source>
      <translation>脚本来源：</translation>
    </message>
    <message>
      <source>Set nodes and GPUs per node from the sizing result.</source>
      <translation>按估算结果设置节点数和每节点 GPU 数。</translation>
    </message>
    <message>
      <source>Shared memory (/dev/shm):</source>
      <translation>共享内存（/dev/shm）：</translation>
    </message>
    <message>
      <source>Software</source>
      <translation>软件</translation>
    </message>
    <message>
      <source>Start on a single node: once the job runs stably there, scale out to several nodes. Problems are much quicker to find that way.</source>
      <translation>先在单节点上跑稳，再扩展到多节点：这样排查问题快得多。</translation>
    </message>
    <message>
      <source>Time &amp;limit:</source>
      <translation>时间上限(&amp;L)：</translation>
    </message>
    <message>
      <source>Use the plan's card count</source>
      <translation>采用规划的卡数</translation>
    </message>
    <message>
      <source>Where the training job runs, and the files that launch it: copy them or save them next to your code.</source>
      <translation>训练作业在哪里运行，以及启动它的文件：可以直接复制，或保存到代码目录旁。</translation>
    </message>
    <message>
      <source>a ConfigMap</source>
      <translation>ConfigMap 挂载</translation>
    </message>
    <message>
      <source>data path</source>
      <translation>数据路径</translation>
    </message>
    <message>
      <source>data volume claim</source>
      <translation>数据卷声明</translation>
    </message>
    <message>
      <source>e.g. rdma/rdma_shared_device_a</source>
      <translation>例如 rdma/rdma_shared_device_a</translation>
    </message>
    <message>
      <source>gpu-node-01 gpu-node-02 … (first one = rendezvous master)</source>
      <translation>gpu-node-01 gpu-node-02 …（第一个为汇合主节点）</translation>
    </message>
    <message>
      <source>host names</source>
      <translation>主机名</translation>
    </message>
    <message>
      <source>image pull secret</source>
      <translation>镜像拉取凭据</translation>
    </message>
    <message>
      <source>job name</source>
      <translation>作业名称</translation>
    </message>
    <message>
      <source>memory per GPU</source>
      <translation>每张卡的内存</translation>
    </message>
    <message>
      <source>namespace</source>
      <translation>命名空间</translation>
    </message>
    <message>
      <source>nodes</source>
      <translation>节点数</translation>
    </message>
    <message>
      <source>none (host path)</source>
      <translation>无（使用主机路径）</translation>
    </message>
    <message>
      <source>none (public registry)</source>
      <translation>无（公共镜像仓库）</translation>
    </message>
    <message>
      <source>not set</source>
      <translation>未设置</translation>
    </message>
    <message>
      <source>partition</source>
      <translation>分区</translation>
    </message>
    <message>
      <source>rendezvous port</source>
      <translation>汇合端口</translation>
    </message>
    <message>
      <source>scheduler</source>
      <translation>调度方式</translation>
    </message>
    <message>
      <source>script ConfigMap</source>
      <translation>脚本所在 ConfigMap</translation>
    </message>
    <message>
      <source>script source</source>
      <translation>脚本来源</translation>
    </message>
    <message>
      <source>shared memory</source>
      <translation>共享内存</translation>
    </message>
    <message>
      <source>the data volume claim</source>
      <translation>数据卷（PVC）</translation>
    </message>
    <message>
      <source>the image</source>
      <translation>镜像内自带</translation>
    </message>
    <message>
      <source>time limit</source>
      <translation>时间上限</translation>
    </message>
    <message>
      <source>training script</source>
      <translation>训练脚本</translation>
    </message>
  </context>
  <context>
    <name>MonitoringPage</name>
    <message>
      <source> min</source>
      <translation> 分钟</translation>
    </message>
    <message>
      <source> s</source>
      <translation> 秒</translation>
    </message>
    <message>
      <source>&amp;GPU temperature above:</source>
      <translation>GPU 温度高于(&amp;G)：</translation>
    </message>
    <message>
      <source>&amp;Memory temperature above:</source>
      <translation>显存温度高于(&amp;M)：</translation>
    </message>
    <message>
      <source>&amp;Utilisation below:</source>
      <translation>利用率低于(&amp;U)：</translation>
    </message>
    <message>
      <source>A GPU that looks busy while its tensor cores do nothing for this long is probably stuck in an NCCL collective.</source>
      <translation>GPU 看起来很忙、张量核心却这么久都没有计算时，多半是卡在了 NCCL 集合通信里。</translation>
    </message>
    <message>
      <source>Alert on power or thermal throttling</source>
      <translation>功耗或过热降频时告警</translation>
    </message>
    <message>
      <source>Alert rules</source>
      <translation>告警规则</translation>
    </message>
    <message>
      <source>Alert thresholds</source>
      <translation>告警阈值</translation>
    </message>
    <message>
      <source>Alert thresholds, and the files that set up the monitoring.</source>
      <translation>告警阈值，以及搭建监控所需的文件。</translation>
    </message>
    <message>
      <source>Alert when this many uncorrectable ECC errors have occurred.</source>
      <translation>出现这么多次不可纠正的 ECC 错误时告警。</translation>
    </message>
    <message>
      <source>Below ~60 % utilisation: look at data loading first (loader workers, storage, preprocessing) before adding cards.</source>
      <translation>利用率低于约 60%：先查数据加载（加载进程数、存储、预处理），不要急着加卡。</translation>
    </message>
    <message>
      <source>Collection</source>
      <translation>指标采集</translation>
    </message>
    <message>
      <source>DCGM exporter</source>
      <translation>DCGM 采集器</translation>
    </message>
    <message>
      <source>ECC &amp;double-bit errors:</source>
      <translation>ECC 双比特错误数(&amp;D)：</translation>
    </message>
    <message>
      <source>ECC error threshold</source>
      <translation>ECC 错误阈值</translation>
    </message>
    <message>
      <source>Exporter &amp;image:</source>
      <translation>采集器镜像(&amp;I)：</translation>
    </message>
    <message>
      <source>Exporter p&amp;ort:</source>
      <translation>采集器端口(&amp;O)：</translation>
    </message>
    <message>
      <source>GPU temperature alert</source>
      <translation>GPU 温度告警</translation>
    </message>
    <message>
      <source>Grafana dashboard</source>
      <translation>Grafana 监控面板</translation>
    </message>
    <message>
      <source>Monitoring</source>
      <translation>监控</translation>
    </message>
    <message>
      <source>NCCL hang af&amp;ter:</source>
      <translation>NCCL 卡死判定(&amp;T)：</translation>
    </message>
    <message>
      <source>NCCL hang time</source>
      <translation>NCCL 卡死判定时间</translation>
    </message>
    <message>
      <source>Names&amp;pace:</source>
      <translation>命名空间(&amp;P)：</translation>
    </message>
    <message>
      <source>Prometheus scrape config</source>
      <translation>Prometheus 抓取配置</translation>
    </message>
    <message>
      <source>Scrape interva&amp;l:</source>
      <translation>抓取间隔(&amp;L)：</translation>
    </message>
    <message>
      <source>The DCGM exporter reads every GPU's temperature, utilisation, errors and throttling, and Prometheus collects these figures and raises the alerts below. Grafana draws them as dashboards (import dashboard %1).</source>
      <translation>DCGM 采集器读取每张卡的温度、利用率、错误和降频状态，Prometheus 收集这些指标并按下面的规则告警。Grafana 把它们画成监控面板（导入面板 %1）。</translation>
    </message>
    <message>
      <source>exporter image</source>
      <translation>采集器镜像</translation>
    </message>
    <message>
      <source>exporter port</source>
      <translation>采集器端口</translation>
    </message>
    <message>
      <source>low utilisation threshold</source>
      <translation>低利用率阈值</translation>
    </message>
    <message>
      <source>low utilisation window</source>
      <translation>低利用率持续时间</translation>
    </message>
    <message>
      <source>memory temperature alert</source>
      <translation>显存温度告警</translation>
    </message>
    <message>
      <source>monitoring namespace</source>
      <translation>监控命名空间</translation>
    </message>
    <message>
      <source>scrape interval</source>
      <translation>抓取间隔</translation>
    </message>
    <message>
      <source>… for &amp;at least:</source>
      <translation>…且持续至少(&amp;A)：</translation>
    </message>
  </context>
  <context>
    <name>PdfExportController</name>
    <message>
      <source>Cancel</source>
      <translation>取消</translation>
    </message>
    <message>
      <source>Choose a Chinese Font</source>
      <translation>选择中文字体</translation>
    </message>
    <message>
      <source>Could not export the PDF to %1:

%2</source>
      <translation>无法把 PDF 导出到 %1：

%2</translation>
    </message>
    <message>
      <source>PDF (*.pdf)</source>
      <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
      <source>Export PDF</source>
      <translation>导出 PDF</translation>
    </message>
    <message>
      <source>Export Plan as PDF</source>
      <translation>将方案导出为 PDF</translation>
    </message>
    <message>
      <source>The PDF needs a font with Chinese characters, and none could be used.

%1

Choose a TrueType font file (.ttf or .ttc) now?</source>
      <translation>PDF 需要一种含中文字形的字体，但没有找到可用的字体。

%1

现在选择一个 TrueType 字体文件（.ttf 或 .ttc）吗？</translation>
    </message>
    <message>
      <source>TrueType fonts (*.ttf *.ttc);;All files (*)</source>
      <translation>TrueType 字体 (*.ttf *.ttc);;所有文件 (*)</translation>
    </message>
    <message>
      <source>Unexpected result.</source>
      <translation>意外的结果。</translation>
    </message>
    <message>
      <source>Writing the plan to %1 …</source>
      <translation>正在把方案写入 %1 …</translation>
    </message>
  </context>
  <context>
    <name>ReviewPage</name>
    <message>
      <source>&amp;Add row</source>
      <translation>添加一行(&amp;A)</translation>
    </message>
    <message>
      <source>&amp;Remove row</source>
      <translation>删除该行(&amp;R)</translation>
    </message>
    <message>
      <source>(no role)</source>
      <translation>（无角色）</translation>
    </message>
    <message>
      <source>APPROVED</source>
      <translation>已批准</translation>
    </message>
    <message>
      <source>Add at least one sign-off row before approving.</source>
      <translation>批准前请至少添加一行签批。</translation>
    </message>
    <message>
      <source>Add sign-off row</source>
      <translation>添加签批行</translation>
    </message>
    <message>
      <source>Approve</source>
      <translation>批准</translation>
    </message>
    <message>
      <source>Approve the plan</source>
      <translation>批准方案</translation>
    </message>
    <message>
      <source>Approve with conditions</source>
      <translation>有条件批准</translation>
    </message>
    <message>
      <source>Approved by every sign-off row.</source>
      <translation>所有签批人均已批准。</translation>
    </message>
    <message>
      <source>At most 50 sign-off rows.</source>
      <translation>签批最多 50 行。</translation>
    </message>
    <message>
      <source>Break-even utilisation (own vs rent)</source>
      <translation>盈亏平衡利用率（自有对比租用）</translation>
    </message>
    <message>
      <source>Cards</source>
      <translation>卡数</translation>
    </message>
    <message>
      <source>Change sign-off comment</source>
      <translation>修改签批说明</translation>
    </message>
    <message>
      <source>Change sign-off date</source>
      <translation>修改签批日期</translation>
    </message>
    <message>
      <source>Change sign-off decision</source>
      <translation>修改签批意见</translation>
    </message>
    <message>
      <source>Change sign-off name</source>
      <translation>修改签批人姓名</translation>
    </message>
    <message>
      <source>Change sign-off role</source>
      <translation>修改签批角色</translation>
    </message>
    <message>
      <source>Checklist: %1 (%2)</source>
      <translation>检查清单：%1（%2）</translation>
    </message>
    <message>
      <source>Comment</source>
      <translation>说明</translation>
    </message>
    <message>
      <source>Computed from every input of the plan and the app version %1; the PDF prints it. To check a signed PDF against this plan, use File ▸ Verify Plan…, or run: %2</source>
      <translation>由方案的全部输入和软件版本 %1 计算得出，并印在 PDF 上。要核对已签名的 PDF 与本方案是否一致，请使用“文件 ▸ 验证方案…”，或运行：%2</translation>
    </message>
    <message>
      <source>inside one server: %1</source>
      <translation>单台服务器内：%1</translation>
    </message>
    <message>
      <source>Network</source>
      <translation>网络</translation>
    </message>
    <message>
      <source>MFU</source>
      <translation>MFU（模型算力利用率）</translation>
    </message>
    <message>
      <source>Cost per useful GPU-hour</source>
      <translation>每有效卡时成本</translation>
    </message>
    <message>
      <source>DRAFT</source>
      <translation>草稿</translation>
    </message>
    <message>
      <source>Date</source>
      <translation>日期</translation>
    </message>
    <message>
      <source>Decision</source>
      <translation>意见</translation>
    </message>
    <message>
      <source>Plan summary</source>
      <translation>方案摘要</translation>
    </message>
    <message>
      <source>E&amp;xport PDF…</source>
      <translation>导出 PDF(&amp;X)…</translation>
    </message>
    <message>
      <source>%1 % (measured by vendors)</source>
      <translation>%1 %（供应商实测）</translation>
    </message>
    <message>
      <source>%1 % (your input)</source>
      <translation>%1 %（您填写的值）</translation>
    </message>
    <message>
      <source>%1 % (modelled)</source>
      <translation>%1 %（模型估算）</translation>
    </message>
    <message>
      <source>No feasible option</source>
      <translation>无可行方案</translation>
    </message>
    <message>
      <source>Incomplete plan. Cheapest for the priced part only: %1</source>
      <translation>方案不完整。仅就已计价部分最便宜：%1</translation>
    </message>
    <message>
      <source>GPU-hours</source>
      <translation>卡时</translation>
    </message>
    <message>
      <source>GPU-hours with the ×1.5 margin</source>
      <translation>留 1.5 倍余量后的卡时</translation>
    </message>
    <message>
      <source>P(owning beats renting)</source>
      <translation>自购优于租用的概率</translation>
    </message>
    <message>
      <source>run the Monte Carlo on the Budget step</source>
      <translation>请在“预算”步骤运行蒙特卡洛模拟</translation>
    </message>
    <message>
      <source>Vendor score: %1</source>
      <translation>供应商得分：%1</translation>
    </message>
    <message>
      <source>Key numbers</source>
      <translation>关键数字</translation>
    </message>
    <message>
      <source>Mark the plan as draft</source>
      <translation>将方案标为草稿</translation>
    </message>
    <message>
      <source>Name</source>
      <translation>姓名</translation>
    </message>
    <message>
      <source>New role</source>
      <translation>新角色</translation>
    </message>
    <message>
      <source>No author named (step Project).</source>
      <translation>尚未填写编写人（“项目”步骤）。</translation>
    </message>
    <message>
      <source>No candidate vendors yet (step Vendor tests).</source>
      <translation>尚无候选供应商（“供应商测试”步骤）。</translation>
    </message>
    <message>
      <source>No organisation named (step Project).</source>
      <translation>尚未填写单位（“项目”步骤）。</translation>
    </message>
    <message>
      <source>No sign-off rows.</source>
      <translation>没有签批行。</translation>
    </message>
    <message>
      <source>No test results imported for %1.</source>
      <translation>%1 尚未导入测试结果。</translation>
    </message>
    <message>
      <source>Nodes</source>
      <translation>节点数</translation>
    </message>
    <message>
      <source>None.</source>
      <translation>无。</translation>
    </message>
    <message>
      <source>Nothing open.</source>
      <translation>没有未完成事项。</translation>
    </message>
    <message>
      <source>Open items</source>
      <translation>未完成事项</translation>
    </message>
    <message>
      <source>Pending</source>
      <translation>待定</translation>
    </message>
    <message>
      <source>Plan &amp;status:</source>
      <translation>方案状态(&amp;S)：</translation>
    </message>
    <message>
      <source>Plan fingerprint (SHA-256)</source>
      <translation>方案指纹（SHA-256）</translation>
    </message>
    <message>
      <source>Read the conclusions, close the open items, collect the sign-offs, then export the PDF plan.</source>
      <translation>阅读结论，处理未完成事项，收齐签批，然后导出 PDF 方案。</translation>
    </message>
    <message>
      <source>Recommendation</source>
      <translation>推荐方案</translation>
    </message>
    <message>
      <source>Reject</source>
      <translation>否决</translation>
    </message>
    <message>
      <source>Remove sign-off row</source>
      <translation>删除签批行</translation>
    </message>
    <message>
      <source>Review and sign-off</source>
      <translation>审阅与签批</translation>
    </message>
    <message>
      <source>Role</source>
      <translation>角色</translation>
    </message>
    <message>
      <source>Sign-off</source>
      <translation>签批</translation>
    </message>
    <message>
      <source>Sign-off “%1” has no name yet.</source>
      <translation>签批“%1”尚未填写姓名。</translation>
    </message>
    <message>
      <source>The plan can be approved only when every sign-off row approves it. Still waiting for: %1.</source>
      <translation>只有所有签批人都批准后，方案才能标为已批准。仍在等待：%1。</translation>
    </message>
    <message>
      <source>The plan is a draft again: not every sign-off row approves it.</source>
      <translation>方案已退回草稿：并非所有签批人都已批准。</translation>
    </message>
    <message>
      <source>Total cost over %1 months (recommended option)</source>
      <translation>%1 个月总成本（推荐方案）</translation>
    </message>
    <message>
      <source>Training days</source>
      <translation>训练天数</translation>
    </message>
    <message>
      <source>Warnings</source>
      <translation>警告</translation>
    </message>
    <message>
      <source>Write the plan as a PDF in the project's language.</source>
      <translation>按项目语言把方案导出为 PDF。</translation>
    </message>
    <message>
      <source>why?</source>
      <translation>为什么？</translation>
    </message>
  </context>
  <context>
    <name>_EnvVarsField</name>
    <message>
      <source>Change NCCL environment variables</source>
      <translation>修改 NCCL 环境变量</translation>
    </message>
    <message>
      <source>Write one NAME=value per line.</source>
      <translation>每行写一个 NAME=value。</translation>
    </message>
    <message>
      <source>e.g. NCCL_SOCKET_IFNAME=eth0 (one per line)</source>
      <translation>例如 NCCL_SOCKET_IFNAME=eth0（每行一个）</translation>
    </message>
  </context>
  <context>
    <name>_ListField</name>
    <message>
      <source>Change %1</source>
      <translation>修改%1</translation>
    </message>
  </context>
</TS>
