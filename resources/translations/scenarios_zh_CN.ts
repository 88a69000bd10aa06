<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
  <context>
    <name>CandidateCostTable</name>
    <message>
      <source>GPU</source>
      <translation>GPU 型号</translation>
    </message>
    <message>
      <source>Fewest cards</source>
      <translation>最少卡数</translation>
    </message>
    <message>
      <source>Cards</source>
      <translation>卡数</translation>
    </message>
    <message>
      <source>Days</source>
      <translation>天数</translation>
    </message>
    <message>
      <source>GPU-hours</source>
      <translation>卡时</translation>
    </message>
    <message>
      <source>Recommended option</source>
      <translation>推荐方案</translation>
    </message>
    <message>
      <source>Each candidate card priced as this plan with that card: the way the plan recommends getting it and its total over the horizon. A greyed card cannot run the job as planned: the last column says why, and its total is not compared.</source>
      <translation>按本方案换用该型号 GPU 测算：本方案推荐的获取方式及其规划期总成本。灰色的型号无法按规划运行该任务：最后一列说明原因，其总成本不参与比较。</translation>
    </message>
    <message>
      <source>Its total</source>
      <translation>该方案总成本</translation>
    </message>
    <message>
      <source>Can it run?</source>
      <translation>能否运行</translation>
    </message>
  </context>
  <context>
    <name>CompareController</name>
    <message>
      <source>Co&amp;mpare With</source>
      <translation>比较(&amp;M)</translation>
    </message>
    <message>
      <source>&amp;Saved Plan…</source>
      <translation>已保存的方案(&amp;S)…</translation>
    </message>
    <message>
      <source>Show what differs between this plan and a saved one</source>
      <translation>显示当前方案与已保存方案之间的差异</translation>
    </message>
    <message>
      <source>Show C&amp;hanges…</source>
      <translation>查看改动(&amp;H)…</translation>
    </message>
    <message>
      <source>Compare the plan with the version that was signed</source>
      <translation>将当前方案与签署时的版本比较</translation>
    </message>
    <message>
      <source>No signed version yet</source>
      <translation>尚无签署的版本</translation>
    </message>
    <message>
      <source>Version &amp;Signed on %1 by %2</source>
      <translation>%2 于 %1 签署的版本(&amp;S)</translation>
    </message>
    <message>
      <source>Version signed on %1 by %2</source>
      <translation>%2 于 %1 签署的版本</translation>
    </message>
    <message>
      <source>Signed as %1; plan fingerprint %2</source>
      <translation>签署文件：%1；方案指纹：%2</translation>
    </message>
    <message>
      <source>Changed since signed on %1 by %2</source>
      <translation>%2 于 %1 签署后，方案已改动</translation>
    </message>
    <message>
      <source>The plan's inputs differ from the version %1 signed on %2 (plan fingerprint %3). Sign again to record the new version.</source>
      <translation>方案的输入与 %1 于 %2 签署的版本不同（方案指纹 %3）。重新签署即可记录新版本。</translation>
    </message>
    <message>
      <source>Compare With Plan</source>
      <translation>与方案比较</translation>
    </message>
    <message>
      <source>GPU plans (*.gpuplan);;All files (*)</source>
      <translation>GPU 方案 (*.gpuplan);;所有文件 (*)</translation>
    </message>
  </context>
  <context>
    <name>CompareDialog</name>
    <message>
      <source>Compared with the version signed on %1 by %2</source>
      <translation>与 %2 于 %1 签署的版本比较</translation>
    </message>
    <message>
      <source>Compared with %1</source>
      <translation>与 %1 的比较</translation>
    </message>
    <message>
      <source>The two plans are the same.</source>
      <translation>两个方案相同。</translation>
    </message>
    <message>
      <source>Signed version</source>
      <translation>签署的版本</translation>
    </message>
    <message>
      <source>Saved plan</source>
      <translation>已保存的方案</translation>
    </message>
    <message>
      <source>Open plan</source>
      <translation>当前方案</translation>
    </message>
    <message>
      <source>Inputs changed (%1)</source>
      <translation>改动的输入（%1）</translation>
    </message>
    <message>
      <source>Results that moved (%1)</source>
      <translation>变化的结果（%1）</translation>
    </message>
    <message>
      <source>Input</source>
      <translation>输入</translation>
    </message>
    <message>
      <source>Result</source>
      <translation>结果</translation>
    </message>
    <message>
      <source>Change</source>
      <translation>变化</translation>
    </message>
  </context>
  <context>
    <name>ScenarioCompareView</name>
    <message>
      <source>No scenarios yet. Add one on the budget step: a name and the few inputs it changes (GPU, cards, horizon, region, prices, options).</source>
      <translation>还没有情景。请在预算步骤中添加：起一个名称，并填写它改动的少数输入（GPU、卡数、规划期、地区、价格、方案）。</translation>
    </message>
    <message>
      <source>The scenarios could not be evaluated: %1</source>
      <translation>无法计算各情景：%1</translation>
    </message>
    <message>
      <source>Evaluating the scenarios…</source>
      <translation>正在计算各情景…</translation>
    </message>
    <message>
      <source>One bar per scenario; the base plan's bar is green</source>
      <translation>每个情景一根柱，基准方案的柱为绿色</translation>
    </message>
    <message>
      <source>Total over the horizon</source>
      <translation>规划期总成本</translation>
    </message>
    <message>
      <source>Net present value</source>
      <translation>净现值</translation>
    </message>
    <message>
      <source>Up-front cash</source>
      <translation>首期现金支出</translation>
    </message>
    <message>
      <source>Cost per useful GPU-hour</source>
      <translation>每有效卡时成本</translation>
    </message>
    <message>
      <source>Days to finish</source>
      <translation>完成天数</translation>
    </message>
    <message>
      <source>P(owning beats renting)</source>
      <translation>自购优于租用的概率</translation>
    </message>
    <message>
      <source>Base plan</source>
      <translation>基准方案</translation>
    </message>
    <message>
      <source>Base</source>
      <translation>基准</translation>
    </message>
    <message>
      <source>%1 days</source>
      <translation>%1 天</translation>
    </message>
    <message>
      <source>GPU and cards</source>
      <translation>GPU 与卡数</translation>
    </message>
    <message>
      <source>Horizon</source>
      <translation>规划期</translation>
    </message>
    <message>
      <source>%1 months</source>
      <translation>%1 个月</translation>
    </message>
    <message>
      <source>Changes from the base</source>
      <translation>相对基准的改动</translation>
    </message>
    <message>
      <source>Recommendation</source>
      <translation>推荐方案</translation>
    </message>
    <message>
      <source>days</source>
      <translation>天</translation>
    </message>
  </context>
  <context>
    <name>ScenarioEditor</name>
    <message>
      <source>Name</source>
      <translation>名称</translation>
    </message>
    <message>
      <source>In PDF</source>
      <translation>写入 PDF</translation>
    </message>
    <message>
      <source>GPU model</source>
      <translation>GPU 型号</translation>
    </message>
    <message>
      <source>Region</source>
      <translation>地区</translation>
    </message>
    <message>
      <source>Framework</source>
      <translation>训练框架</translation>
    </message>
    <message>
      <source>Cards</source>
      <translation>卡数</translation>
    </message>
    <message>
      <source>Horizon [months]</source>
      <translation>规划期［月］</translation>
    </message>
    <message>
      <source>Deadline [days]</source>
      <translation>工期［天］</translation>
    </message>
    <message>
      <source>Training tokens [10⁹]</source>
      <translation>训练数据量［十亿 token］</translation>
    </message>
    <message>
      <source>On-demand [CNY/GPU-h]</source>
      <translation>按量付费单价［元/卡时］</translation>
    </message>
    <message>
      <source>Monthly [CNY/card]</source>
      <translation>包月单价［元/卡·月］</translation>
    </message>
    <message>
      <source>Card price [CNY]</source>
      <translation>整卡价格［元］</translation>
    </message>
    <message>
      <source>Cards owned</source>
      <translation>自有卡数</translation>
    </message>
    <message>
      <source>Electricity [CNY/kWh]</source>
      <translation>电价［元/千瓦时］</translation>
    </message>
    <message>
      <source>Options (ids)</source>
      <translation>比较的方案（编号）</translation>
    </message>
    <message>
      <source>Add scenario</source>
      <translation>添加情景</translation>
    </message>
    <message>
      <source>Remove scenario</source>
      <translation>删除情景</translation>
    </message>
    <message>
      <source>Make it the base plan</source>
      <translation>设为基准方案</translation>
    </message>
    <message>
      <source>Each scenario is the base plan with the inputs you fill in here changed; an empty cell keeps the base plan's value.</source>
      <translation>每个情景都是在基准方案上改动此处所填输入后的方案；留空的单元格沿用基准方案的取值。</translation>
    </message>
    <message>
      <source>(as base)</source>
      <translation>（同基准）</translation>
    </message>
    <message>
      <source>Not a valid value: %1</source>
      <translation>取值无效：%1</translation>
    </message>
    <message>
      <source>Edit scenario</source>
      <translation>编辑情景</translation>
    </message>
    <message>
      <source>Scenario %1</source>
      <translation>情景 %1</translation>
    </message>
    <message>
      <source>Previous base</source>
      <translation>原基准方案</translation>
    </message>
    <message>
      <source>Previous base %1</source>
      <translation>原基准方案 %1</translation>
    </message>
    <message>
      <source>Make scenario the base plan</source>
      <translation>将情景设为基准方案</translation>
    </message>
  </context>
  <context>
    <name>ScenariosPanel</name>
    <message>
      <source>Scenarios</source>
      <translation>情景比较</translation>
    </message>
  </context>
</TS>
