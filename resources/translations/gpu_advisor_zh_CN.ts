<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
  <context>
    <name>AdvisorWizard</name>
    <message>
      <source>Budget</source>
      <translation>预算</translation>
    </message>
    <message>
      <source>Environment</source>
      <translation>运行环境</translation>
    </message>
    <message>
      <source>Monitoring</source>
      <translation>监控</translation>
    </message>
    <message>
      <source>Project</source>
      <translation>项目</translation>
    </message>
    <message>
      <source>Review and sign-off</source>
      <translation>审阅与签批</translation>
    </message>
    <message>
      <source>Site and contract checklist</source>
      <translation>机房与合同检查表</translation>
    </message>
    <message>
      <source>Size the workload</source>
      <translation>估算工作量</translation>
    </message>
    <message>
      <source>Vendor tests</source>
      <translation>供应商测试</translation>
    </message>
  </context>
  <context>
    <name>CurveCombo</name>
    <message>
      <source>Type the day hour by hour</source>
      <translation>逐小时填写一天的流量</translation>
    </message>
  </context>
  <context>
    <name>GuideDialog</name>
    <message>
      <source>GPU Advisor user guide</source>
      <translation>GPU Advisor 用户指南</translation>
    </message>
  </context>
  <context>
    <name>HourlySharesField</name>
    <message>
      <source>share of each hour</source>
      <translation>每小时占比</translation>
    </message>
    <message>
      <source>24 numbers, e.g. pasted from a spreadsheet row</source>
      <translation>24 个数，可从表格的一行直接粘贴</translation>
    </message>
    <message>
      <source>Requests in each hour from 00:00 to 23:00, in any unit (percent, counts): only their proportions count. Paste a row of 24 cells or type them separated by spaces or commas.</source>
      <translation>00:00 至 23:00 每小时的请求量，单位不限（百分比或次数均可），只看相互比例。可粘贴表格中一行 24 个单元格，或用空格、逗号分隔逐个输入。</translation>
    </message>
    <message>
      <source>Share of each hour, 00–23</source>
      <translation>每小时占比（00–23 时）</translation>
    </message>
    <message>
      <source>Only numbers, one per hour.</source>
      <translation>只能填数字，每小时一个。</translation>
    </message>
    <message>
      <source>24 numbers are needed, one per hour; this has %1.</source>
      <translation>需要 24 个数，每小时一个；这里有 %1 个。</translation>
    </message>
    <message>
      <source>An hour cannot have a negative share.</source>
      <translation>某小时的占比不能为负数。</translation>
    </message>
    <message>
      <source>At least one hour needs requests.</source>
      <translation>至少要有一个小时有请求。</translation>
    </message>
  </context>
  <context>
    <name>LatencyChart</name>
    <message>
      <source>Requests per second on one replica</source>
      <translation>单个副本每秒请求数</translation>
    </message>
    <message>
      <source>p95 latency [% of its target]</source>
      <translation>P95 延迟（占目标的百分比）</translation>
    </message>
    <message>
      <source>Latency against load (target = 100 %)</source>
      <translation>延迟与负载（目标 = 100%）</translation>
    </message>
    <message>
      <source>First token</source>
      <translation>首 token</translation>
    </message>
    <message>
      <source>Each next token</source>
      <translation>之后每个 token</translation>
    </message>
  </context>
  <context>
    <name>MainWindow</name>
    <message>
      <source>%1: %2

%3</source>
      <translation>%1：%2

%3</translation>
    </message>
    <message>
      <source>&amp;About GPU Advisor</source>
      <translation>关于 GPU Advisor(&amp;A)</translation>
    </message>
    <message>
      <source>&amp;Clear List</source>
      <translation>清除列表(&amp;C)</translation>
    </message>
    <message>
      <source>&amp;Print…</source>
      <translation>打印(&amp;P)…</translation>
    </message>
    <message>
      <source>Print the plan as the exported PDF shows it</source>
      <translation>按导出的 PDF 打印方案</translation>
    </message>
    <message>
      <source>Print Previe&amp;w…</source>
      <translation>打印预览(&amp;W)…</translation>
    </message>
    <message>
      <source>See the plan's pages as they will print</source>
      <translation>查看方案打印出来的各页</translation>
    </message>
    <message>
      <source>&amp;Close</source>
      <translation>关闭(&amp;C)</translation>
    </message>
    <message>
      <source>&amp;Edit</source>
      <translation>编辑(&amp;E)</translation>
    </message>
    <message>
      <source>&amp;File</source>
      <translation>文件(&amp;F)</translation>
    </message>
    <message>
      <source>&amp;Full Screen</source>
      <translation>全屏(&amp;F)</translation>
    </message>
    <message>
      <source>&amp;Help</source>
      <translation>帮助(&amp;H)</translation>
    </message>
    <message>
      <source>&amp;New</source>
      <translation>新建(&amp;N)</translation>
    </message>
    <message>
      <source>&amp;Open…</source>
      <translation>打开(&amp;O)…</translation>
    </message>
    <message>
      <source>&amp;Preferences…</source>
      <translation>偏好设置(&amp;P)…</translation>
    </message>
    <message>
      <source>&amp;Quit</source>
      <translation>退出(&amp;Q)</translation>
    </message>
    <message>
      <source>&amp;Redo</source>
      <translation>重做(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Redo %1</source>
      <translation>重做“%1”(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Save</source>
      <translation>保存(&amp;S)</translation>
    </message>
    <message>
      <source>&amp;Steps</source>
      <translation>步骤(&amp;S)</translation>
    </message>
    <message>
      <source>&amp;Undo</source>
      <translation>撤销(&amp;U)</translation>
    </message>
    <message>
      <source>&amp;Undo %1</source>
      <translation>撤销“%1”(&amp;U)</translation>
    </message>
    <message>
      <source>&amp;User Guide</source>
      <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
      <source>&amp;Verify Plan…</source>
      <translation>验证方案(&amp;V)…</translation>
    </message>
    <message>
      <source>&amp;View</source>
      <translation>视图(&amp;V)</translation>
    </message>
    <message>
      <source>&lt;h3&gt;GPU Advisor %1&lt;/h3&gt;&lt;p&gt;Decide how to get GPU training capacity: size the work, compare renting, colocation and building, test vendors, and sign off a plan.&lt;/p&gt;&lt;p&gt;Qt %2 · PySide6 %3 · Python %4 (%5)&lt;/p&gt;&lt;p&gt;GPU Advisor is released under the MIT licence. Qt and PySide6 are used under the GNU LGPL v3; pyqtgraph, pydantic and NumPy under their MIT and BSD licences; ReportLab under the BSD licence; Python under the PSF licence.&lt;/p&gt;</source>
      <translation>&lt;h3&gt;GPU Advisor %1&lt;/h3&gt;&lt;p&gt;帮您决定怎样获得 GPU 训练算力：估算工作量，比较租用、托管和自建，测试供应商，并签批方案。&lt;/p&gt;&lt;p&gt;Qt %2 · PySide6 %3 · Python %4（%5）&lt;/p&gt;&lt;p&gt;GPU Advisor 以 MIT 许可证发布。Qt 和 PySide6 依据 GNU LGPL v3 使用；pyqtgraph、pydantic 和 NumPy 依据其 MIT 与 BSD 许可证使用；ReportLab 依据 BSD 许可证使用；Python 依据 PSF 许可证使用。&lt;/p&gt;</translation>
    </message>
    <message>
      <source>About &amp;Qt</source>
      <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
      <source>About GPU Advisor</source>
      <translation>关于 GPU Advisor</translation>
    </message>
    <message>
      <source>Autosave failed: %1</source>
      <translation>自动保存失败：%1</translation>
    </message>
    <message>
      <source>Check who signed a plan and whether it changed since</source>
      <translation>查看方案由谁签署、签署后是否被改动</translation>
    </message>
    <message>
      <source>Could not open the example</source>
      <translation>无法打开示例</translation>
    </message>
    <message>
      <source>Could not open the plan</source>
      <translation>无法打开方案</translation>
    </message>
    <message>
      <source>Could not recover the plan</source>
      <translation>无法恢复方案</translation>
    </message>
    <message>
      <source>Could not save the plan</source>
      <translation>无法保存方案</translation>
    </message>
    <message>
      <source>E&amp;xport PDF…</source>
      <translation>导出 PDF(&amp;X)…</translation>
    </message>
    <message>
      <source>Exported %1</source>
      <translation>已导出 %1</translation>
    </message>
    <message>
      <source>GPU Advisor plans (*.gpuplan);;All files (*)</source>
      <translation>GPU Advisor 方案 (*.gpuplan);;所有文件 (*)</translation>
    </message>
    <message>
      <source>New from &amp;Example</source>
      <translation>从示例新建(&amp;E)</translation>
    </message>
    <message>
      <source>No examples installed</source>
      <translation>未安装示例</translation>
    </message>
    <message>
      <source>Open &amp;Recent</source>
      <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
      <source>Open Plan</source>
      <translation>打开方案</translation>
    </message>
    <message>
      <source>PDF (*.pdf)</source>
      <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
      <source>Recommendation: %1</source>
      <translation>推荐方案：%1</translation>
    </message>
    <message>
      <source>Recommendation: could not be computed (%1)</source>
      <translation>推荐方案：无法计算（%1）</translation>
    </message>
    <message>
      <source>Save &amp;As…</source>
      <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
      <source>Save Plan As</source>
      <translation>方案另存为</translation>
    </message>
    <message>
      <source>Saved %1</source>
      <translation>已保存 %1</translation>
    </message>
    <message>
      <source>Si&amp;gn Plan…</source>
      <translation>签署方案(&amp;G)…</translation>
    </message>
    <message>
      <source>Sign the plan as a PDF with your certificate</source>
      <translation>用您的证书签署方案 PDF</translation>
    </message>
    <message>
      <source>Signed plan saved to %1</source>
      <translation>已签署的方案已保存到 %1</translation>
    </message>
    <message>
      <source>Start a new plan</source>
      <translation>新建一个方案</translation>
    </message>
    <message>
      <source>Steps</source>
      <translation>步骤</translation>
    </message>
    <message>
      <source>Untitled plan</source>
      <translation>未命名方案</translation>
    </message>
    <message>
      <source>No recommendation yet: enter the workload (step 2), or open an example.</source>
      <translation>暂无推荐：请先填写工作量（第 2 步），或打开一个示例方案。</translation>
    </message>
    <message>
      <source>No feasible option: %1</source>
      <translation>无可行方案：%1</translation>
    </message>
    <message>
      <source>Incomplete plan. Cheapest for the priced part only: %1</source>
      <translation>方案不完整。仅就已计价部分最便宜：%1</translation>
    </message>
    <message>
      <source>Verify Plan</source>
      <translation>验证方案</translation>
    </message>
    <message>
      <source>“%1” has unsaved changes. Save them?</source>
      <translation>“%1”有尚未保存的修改。要保存吗？</translation>
    </message>
  </context>
  <context>
    <name>PlaceholderPage</name>
    <message>
      <source>This step arrives in a later version of GPU Advisor.</source>
      <translation>此步骤将在 GPU Advisor 的后续版本中提供。</translation>
    </message>
  </context>
  <context>
    <name>PlanLanguagePicker</name>
    <message>
      <source>Plan &amp;language:</source>
      <translation>方案语言(&amp;L)：</translation>
    </message>
    <message>
      <source>&amp;Second language, side by side:</source>
      <translation>并排第二语言(&amp;S)：</translation>
    </message>
    <message>
      <source>Plan language</source>
      <translation>方案语言</translation>
    </message>
    <message>
      <source>Second language, side by side</source>
      <translation>并排第二语言</translation>
    </message>
    <message>
      <source>The second language's pages beside the first's, on sheets twice as wide (A4 pages on A3, Letter on Tabloid)</source>
      <translation>第二语言的页面与第一语言并排，印在两倍宽的纸上（A4 页面用 A3 纸，Letter 页面用 Tabloid 纸）</translation>
    </message>
    <message>
      <source>None</source>
      <translation>无</translation>
    </message>
  </context>
  <context>
    <name>PlanOutputDialog</name>
    <message>
      <source>&amp;Paper:</source>
      <translation>纸张(&amp;P)：</translation>
    </message>
    <message>
      <source>A4 paper</source>
      <translation>A4 纸</translation>
    </message>
    <message>
      <source>US Letter paper</source>
      <translation>美国信纸（Letter）</translation>
    </message>
    <message>
      <source>Paper</source>
      <translation>纸张</translation>
    </message>
  </context>
  <context>
    <name>PreferencesDialog</name>
    <message>
      <source> min</source>
      <translation> 分钟</translation>
    </message>
    <message>
      <source>&amp;Autosave every:</source>
      <translation>自动保存间隔(&amp;A)：</translation>
    </message>
    <message>
      <source>&amp;Language:</source>
      <translation>语言(&amp;L)：</translation>
    </message>
    <message>
      <source>Default &amp;currency:</source>
      <translation>默认币种(&amp;C)：</translation>
    </message>
    <message>
      <source>Default &amp;region:</source>
      <translation>默认地区(&amp;R)：</translation>
    </message>
    <message>
      <source>Follow the system</source>
      <translation>跟随系统</translation>
    </message>
    <message>
      <source>Off</source>
      <translation>关闭</translation>
    </message>
    <message>
      <source>Preferences</source>
      <translation>偏好设置</translation>
    </message>
    <message>
      <source>Region and currency apply to new plans; open plans keep their own.</source>
      <translation>地区和币种用于新建的方案；已打开的方案保留各自的设置。</translation>
    </message>
  </context>
  <context>
    <name>ProjectPage</name>
    <message>
      <source> months</source>
      <translation> 个月</translation>
    </message>
    <message>
      <source>&amp;Author:</source>
      <translation>编写人(&amp;A)：</translation>
    </message>
    <message>
      <source>&amp;Currency:</source>
      <translation>币种(&amp;C)：</translation>
    </message>
    <message>
      <source>&amp;Organisation:</source>
      <translation>单位(&amp;O)：</translation>
    </message>
    <message>
      <source>Plan &amp;date:</source>
      <translation>方案日期(&amp;D)：</translation>
    </message>
    <message>
      <source>Plan date</source>
      <translation>方案日期</translation>
    </message>
    <message>
      <source>The date printed on the plan; the next steps on its first page fall due counting from it, and imported prices dated on or before it are used.</source>
      <translation>印在方案上的日期；首页“下一步”的截止日期从这一天起算，导入的价格只采用这一天及以前的报价。</translation>
    </message>
    <message>
      <source>&amp;Region preset:</source>
      <translation>地区预设(&amp;R)：</translation>
    </message>
    <message>
      <source>General VAT taxpayer: recovers &amp;input VAT</source>
      <translation>一般纳税人：抵扣进项税(&amp;I)</translation>
    </message>
    <message>
      <source>Recovers input VAT</source>
      <translation>抵扣进项税</translation>
    </message>
    <message>
      <source>Checked: every option is compared net of the input VAT the company recovers (6 % on services, 13 % on goods and electricity). Unchecked: amounts include VAT.</source>
      <translation>勾选：各方案按扣除可抵扣进项税后的金额比较（服务 6%，货物和电费 13%）。不勾选：按含税金额比较。</translation>
    </message>
    <message>
      <source>CNY — Chinese yuan</source>
      <translation>CNY — 人民币</translation>
    </message>
    <message>
      <source>Change %1</source>
      <translation>修改%1</translation>
    </message>
    <message>
      <source>input VAT recovery</source>
      <translation>进项税抵扣</translation>
    </message>
    <message>
      <source>Company or team</source>
      <translation>公司或团队</translation>
    </message>
    <message>
      <source>EUR — euro</source>
      <translation>EUR — 欧元</translation>
    </message>
    <message>
      <source>HKD — Hong Kong dollar</source>
      <translation>HKD — 港币</translation>
    </message>
    <message>
      <source>Name the plan, say who it is for, and pick the region and currency.</source>
      <translation>为方案命名，写明为谁而做，并选择地区和币种。</translation>
    </message>
    <message>
      <source>Plan &amp;title:</source>
      <translation>方案名称(&amp;T)：</translation>
    </message>
    <message>
      <source>Planning hori&amp;zon:</source>
      <translation>规划期(&amp;Z)：</translation>
    </message>
    <message>
      <source>Project</source>
      <translation>项目</translation>
    </message>
    <message>
      <source>This region is not in the catalog.</source>
      <translation>目录中没有这个地区。</translation>
    </message>
    <message>
      <source>USD — US dollar</source>
      <translation>USD — 美元</translation>
    </message>
    <message>
      <source>author</source>
      <translation>编写人</translation>
    </message>
    <message>
      <source>plan date</source>
      <translation>方案日期</translation>
    </message>
    <message>
      <source>currency</source>
      <translation>币种</translation>
    </message>
    <message>
      <source>e.g. 13B fine-tuning capacity, 2026</source>
      <translation>例如：2026 年 13B 模型微调算力</translation>
    </message>
    <message>
      <source>organisation</source>
      <translation>单位</translation>
    </message>
    <message>
      <source>plan title</source>
      <translation>方案名称</translation>
    </message>
    <message>
      <source>planning horizon</source>
      <translation>规划期</translation>
    </message>
    <message>
      <source>region</source>
      <translation>地区</translation>
    </message>
  </context>
  <context>
    <name>ProjectSession</name>
    <message>
      <source>Edit</source>
      <translation>编辑</translation>
    </message>
  </context>
  <context>
    <name>QFileDialog</name>
    <message>
      <source>&amp;Look in:</source>
      <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
      <source>Files of &amp;type:</source>
      <translation>文件类型(&amp;T)：</translation>
    </message>
  </context>
  <context>
    <name>QPageSetupWidget</name>
    <message>
      <source>Page &amp;order:</source>
      <translation>页面顺序(&amp;O)：</translation>
    </message>
    <message>
      <source>Pages &amp;per sheet:</source>
      <translation>每张页数(&amp;P)：</translation>
    </message>
  </context>
  <context>
    <name>QPrintSettingsOutput</name>
    <message>
      <source>Page &amp;Set:</source>
      <translation>页面组(&amp;S)：</translation>
    </message>
  </context>
  <context>
    <name>ReplicasChart</name>
    <message>
      <source>Hour of the day</source>
      <translation>一天中的小时</translation>
    </message>
    <message>
      <source>Replicas running</source>
      <translation>运行的副本数</translation>
    </message>
    <message>
      <source>Replicas through the day (first month)</source>
      <translation>一天中的副本数（第一个月）</translation>
    </message>
  </context>
  <context>
    <name>ServingCardsTable</name>
    <message>
      <source>Card</source>
      <translation>卡型</translation>
    </message>
    <message>
      <source>Cards per
replica</source>
      <translation>每副本
卡数</translation>
    </message>
    <message>
      <source>Cards at the
busiest hour</source>
      <translation>最忙时段
卡数</translation>
    </message>
    <message>
      <source>Per million
output [%1]</source>
      <translation>每百万输出
token（%1）</translation>
    </message>
    <message>
      <source>Serving on each candidate card</source>
      <translation>各候选卡上的推理服务</translation>
    </message>
    <message>
      <source>The plan priced with each candidate card, serving sized on that card: its replica, the cards at the busiest hour within the horizon, and what a million output tokens cost on the option the plan takes with it.</source>
      <translation>按每种候选卡重新测算整个方案（推理服务也按这种卡测算）：每个副本的卡数、规划期内最忙时段所需卡数，以及该卡对应推荐方案下每百万输出 token 的成本。</translation>
    </message>
  </context>
  <context>
    <name>ServingForm</name>
    <message>
      <source>Serving on reclaimable instances: when one is reclaimed, its users' requests fail.</source>
      <translation>在可被回收的实例上提供推理：实例被回收时，其上的用户请求会失败。</translation>
    </message>
    <message>
      <source>Two sites: each can carry the busiest hour alone.</source>
      <translation>两个机房：每个机房都能单独承接最忙一小时的流量。</translation>
    </message>
    <message>
      <source>An offline batch has no latency target: replicas are loaded for the most tokens per second.</source>
      <translation>离线批处理不设延迟目标：副本按每秒产出 token 最多的负载运行。</translation>
    </message>
    <message>
      <source>serving engine</source>
      <translation>推理引擎</translation>
    </message>
    <message>
      <source>weight precision</source>
      <translation>权重精度</translation>
    </message>
    <message>
      <source>cheapest of BF16/FP8</source>
      <translation>BF16/FP8 中最省的</translation>
    </message>
    <message>
      <source>cheapest, INT8/INT4 too</source>
      <translation>最省的（含 INT8/INT4）</translation>
    </message>
    <message>
      <source>KV-cache precision</source>
      <translation>KV 缓存精度</translation>
    </message>
    <message>
      <source>cheapest</source>
      <translation>最省</translation>
    </message>
    <message>
      <source>tensor parallel</source>
      <translation>张量并行</translation>
    </message>
    <message>
      <source>Serving engine:</source>
      <translation>推理引擎：</translation>
    </message>
    <message>
      <source>Weights:</source>
      <translation>权重：</translation>
    </message>
    <message>
      <source>KV cache:</source>
      <translation>KV 缓存：</translation>
    </message>
    <message>
      <source>Cards per replica:</source>
      <translation>每个副本的卡数：</translation>
    </message>
    <message>
      <source> tokens</source>
      <translation> 个 token</translation>
    </message>
    <message>
      <source>not known</source>
      <translation>未知</translation>
    </message>
    <message>
      <source>prefix-cache hits</source>
      <translation>前缀缓存命中率</translation>
    </message>
    <message>
      <source> ms</source>
      <translation> 毫秒</translation>
    </message>
    <message>
      <source>no target</source>
      <translation>不设目标</translation>
    </message>
    <message>
      <source>time to first token</source>
      <translation>首 token 时间</translation>
    </message>
    <message>
      <source>time per output token</source>
      <translation>每个输出 token 的时间</translation>
    </message>
    <message>
      <source>Offline batch</source>
      <translation>离线批处理</translation>
    </message>
    <message>
      <source>First token, p95:</source>
      <translation>首 token（P95）：</translation>
    </message>
    <message>
      <source>Per token, p95:</source>
      <translation>之后每个 token（P95）：</translation>
    </message>
    <message>
      <source>from users</source>
      <translation>按日活推算</translation>
    </message>
    <message>
      <source>Two sites</source>
      <translation>两个机房</translation>
    </message>
    <message>
      <source>Allow spot instances</source>
      <translation>允许使用竞价实例</translation>
    </message>
    <message>
      <source>Prompt, mean:</source>
      <translation>输入长度（平均）：</translation>
    </message>
    <message>
      <source>as set above</source>
      <translation>按上面的设置</translation>
    </message>
    <message>
      <source>weight precision search</source>
      <translation>权重精度搜索</translation>
    </message>
    <message>
      <source>Try precisions:</source>
      <translation>尝试的精度：</translation>
    </message>
    <message>
      <source>Prompt, p95:</source>
      <translation>输入长度（P95）：</translation>
    </message>
    <message>
      <source>Answer, mean:</source>
      <translation>输出长度（平均）：</translation>
    </message>
    <message>
      <source>Answer, p95:</source>
      <translation>输出长度（P95）：</translation>
    </message>
    <message>
      <source>Prefix-cache hits:</source>
      <translation>前缀缓存命中率：</translation>
    </message>
    <message>
      <source> requests/s</source>
      <translation> 请求/秒</translation>
    </message>
    <message>
      <source>peak rate</source>
      <translation>峰值请求率</translation>
    </message>
    <message>
      <source>not used</source>
      <translation>不使用</translation>
    </message>
    <message>
      <source>daily active users</source>
      <translation>日活用户</translation>
    </message>
    <message>
      <source>requests per user a day</source>
      <translation>每用户每日请求数</translation>
    </message>
    <message>
      <source>Office hours</source>
      <translation>工作时间</translation>
    </message>
    <message>
      <source>Evening consumer peak</source>
      <translation>晚间消费高峰</translation>
    </message>
    <message>
      <source>Flat (an API for machines)</source>
      <translation>全天平稳（面向程序调用的 API）</translation>
    </message>
    <message>
      <source>Typed, hour by hour</source>
      <translation>逐小时填写</translation>
    </message>
    <message>
      <source>shape of the day</source>
      <translation>一天的流量形状</translation>
    </message>
    <message>
      <source> %/month</source>
      <translation> %/月</translation>
    </message>
    <message>
      <source>monthly growth</source>
      <translation>月增长率</translation>
    </message>
    <message>
      <source>Busiest hour:</source>
      <translation>最忙一小时：</translation>
    </message>
    <message>
      <source>Daily active users:</source>
      <translation>日活用户：</translation>
    </message>
    <message>
      <source>Requests per user a day:</source>
      <translation>每用户每日请求数：</translation>
    </message>
    <message>
      <source>Shape of the day:</source>
      <translation>一天的流量形状：</translation>
    </message>
    <message>
      <source>Share of each hour, 00–23:</source>
      <translation>每小时占比（00–23 时）：</translation>
    </message>
    <message>
      <source>Traffic growth:</source>
      <translation>流量增长：</translation>
    </message>
    <message>
      <source>spare replicas</source>
      <translation>备用副本</translation>
    </message>
    <message>
      <source>One site</source>
      <translation>单个机房</translation>
    </message>
    <message>
      <source>sites</source>
      <translation>机房数</translation>
    </message>
    <message>
      <source>after training</source>
      <translation>训练结束后</translation>
    </message>
    <message>
      <source>first month</source>
      <translation>开始月份</translation>
    </message>
    <message>
      <source>Spare replicas:</source>
      <translation>备用副本：</translation>
    </message>
    <message>
      <source>Sites:</source>
      <translation>机房：</translation>
    </message>
    <message>
      <source>Serving starts in month:</source>
      <translation>推理服务开始月份：</translation>
    </message>
    <message>
      <source>Serve the model</source>
      <translation>提供推理服务</translation>
    </message>
    <message>
      <source>Stop serving the model</source>
      <translation>停止推理服务</translation>
    </message>
    <message>
      <source>Serve the model to users</source>
      <translation>向用户提供推理服务</translation>
    </message>
    <message>
      <source>Tick to plan serving: alone, or after training in the same plan. The serving months' card-hours then follow from the traffic.</source>
      <translation>勾选后规划推理服务：可单独规划，也可在同一方案中接在训练之后。推理月份的卡时将由流量推算。</translation>
    </message>
  </context>
  <context>
    <name>ServingView</name>
    <message>
      <source>&lt;b&gt;What serving costs per million tokens&lt;/b&gt;</source>
      <translation>&lt;b&gt;推理服务每百万 token 成本&lt;/b&gt;</translation>
    </message>
    <message>
      <source>Option or hosted API</source>
      <translation>方案或大模型 API</translation>
    </message>
    <message>
      <source>Per million
input [%1]</source>
      <translation>每百万输入
（%1）</translation>
    </message>
    <message>
      <source>Per million
output [%1]</source>
      <translation>每百万输出
（%1）</translation>
    </message>
    <message>
      <source>Serving
cost [%1]</source>
      <translation>推理成本
（%1）</translation>
    </message>
    <message>
      <source>Serving cost per million tokens</source>
      <translation>推理服务每百万 token 成本</translation>
    </message>
    <message>
      <source>&lt;b&gt;Serving on each candidate card&lt;/b&gt;</source>
      <translation>&lt;b&gt;各候选卡上的推理服务&lt;/b&gt;</translation>
    </message>
    <message>
      <source>This plan does not serve its model. Tick “Serve the model to users” on the left to size serving from the traffic you expect.</source>
      <translation>本方案不提供推理服务。勾选左侧“向用户提供推理服务”，即可按预期流量测算推理所需的卡。</translation>
    </message>
    <message>
      <source>Measured: %1's benchmark (%2) met the targets; the model estimated %3 requests/s.</source>
      <translation>实测：%1 的压测结果（%2）满足延迟目标；模型估算为每秒 %3 个请求。</translation>
    </message>
    <message>
      <source>Estimated by the serving model calibrated on published runs.</source>
      <translation>由推理性能模型估算（按公开压测结果标定）。</translation>
    </message>
    <message>
      <source>&lt;b&gt;One replica: %1 × %2.&lt;/b&gt; At the latency targets it serves %3 requests/s (%4 output tokens/s) with %5 in flight; p95 first token %6 ms, then %7 ms per token.&lt;br&gt;&lt;b&gt;Busiest hour of the first month: %8 replicas, %9 cards&lt;/b&gt; (spares included); with the traffic's growth, up to %10 cards within the plan.</source>
      <translation>&lt;b&gt;单个副本：%1 × %2。&lt;/b&gt;满足延迟目标时每秒处理 %3 个请求（每秒输出 %4 个 token），同时处理 %5 个请求；P95 首 token %6 毫秒，之后每个 token %7 毫秒。&lt;br&gt;&lt;b&gt;第一个月最忙的一小时：%8 个副本，%9 张卡&lt;/b&gt;（含备用副本）；随流量增长，计划期内最多需要 %10 张卡。</translation>
    </message>
  </context>
</TS>
