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
    <name>GuideDialog</name>
    <message>
      <source>GPU Advisor user guide</source>
      <translation>GPU Advisor 用户指南</translation>
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
</TS>
