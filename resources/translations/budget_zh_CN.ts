<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
  <context>
    <name>BudgetPage</name>
    <message>
      <source>engine: peak monthly demand ÷ 730 hours, rounded up</source>
      <translation>引擎计算：月需求峰值 ÷ 730 小时，向上取整</translation>
    </message>
    <message>
      <source>No restriction</source>
      <translation>无限制</translation>
    </message>
    <message>
      <source>Must stay in the city</source>
      <translation>数据不得离开本市</translation>
    </message>
    <message>
      <source>Must stay in the country</source>
      <translation>数据不得出境</translation>
    </message>
    <message>
      <source>Must stay on hardware we own</source>
      <translation>只能存放在自有硬件上</translation>
    </message>
    <message>
      <source>Cap</source>
      <translation>设上限</translation>
    </message>
    <message>
      <source>no cap</source>
      <translation>不设上限</translation>
    </message>
    <message>
      <source>The whole year up front</source>
      <translation>全年一次预付</translation>
    </message>
    <message>
      <source>Every six months in advance</source>
      <translation>每半年预付</translation>
    </message>
    <message>
      <source>Quarterly in advance</source>
      <translation>按季度预付</translation>
    </message>
    <message>
      <source>Monthly in advance</source>
      <translation>按月预付</translation>
    </message>
    <message>
      <source>%1 FTE per 100 cards</source>
      <translation>每 100 张卡 %1 人</translation>
    </message>
    <message>
      <source>%1 CNY per kW of IT load</source>
      <translation>每千瓦 IT 负载 %1 元</translation>
    </message>
    <message>
      <source>On-demand price</source>
      <translation>按量付费单价</translation>
    </message>
    <message>
      <source>Budget cap (whole horizon)</source>
      <translation>预算上限（整个规划期）</translation>
    </message>
    <message>
      <source>Billing granularity</source>
      <translation>计费粒度</translation>
    </message>
    <message>
      <source>Monthly rental price</source>
      <translation>包月单价</translation>
    </message>
    <message>
      <source>Yearly price (× monthly)</source>
      <translation>包年折扣（× 包月价）</translation>
    </message>
    <message>
      <source>Yearly commitment billed</source>
      <translation>包年付款方式</translation>
    </message>
    <message>
      <source>Spot price (× on-demand)</source>
      <translation>竞价实例折扣（× 按量价）</translation>
    </message>
    <message>
      <source>Spot reclaims per instance (server)</source>
      <translation>竞价实例回收次数（每实例/服务器）</translation>
    </message>
    <message>
      <source>Restart time after an interruption</source>
      <translation>中断后重启耗时</translation>
    </message>
    <message>
      <source>Chance spot capacity is free again</source>
      <translation>竞价资源可再获得的概率</translation>
    </message>
    <message>
      <source>Wait for spot capacity</source>
      <translation>等待竞价资源的时长</translation>
    </message>
    <message>
      <source>Training writes checkpoints (needed for spot)</source>
      <translation>训练会保存检查点（使用竞价实例的前提）</translation>
    </message>
    <message>
      <source>Cards to buy</source>
      <translation>采购卡数</translation>
    </message>
    <message>
      <source>Card price</source>
      <translation>整卡价格</translation>
    </message>
    <message>
      <source>Server chassis price</source>
      <translation>服务器整机（不含卡）价格</translation>
    </message>
    <message>
      <source>Network (share of hardware)</source>
      <translation>网络（占硬件比例）</translation>
    </message>
    <message>
      <source>Own storage</source>
      <translation>自购存储</translation>
    </message>
    <message>
      <source>Storage price</source>
      <translation>存储单价</translation>
    </message>
    <message>
      <source>Hardware life</source>
      <translation>硬件寿命</translation>
    </message>
    <message>
      <source>Residual value (share)</source>
      <translation>残值（占购价比例）</translation>
    </message>
    <message>
      <source>Server overhead power</source>
      <translation>服务器其余功耗</translation>
    </message>
    <message>
      <source>Average GPU load (× TDP)</source>
      <translation>GPU 平均负载（× TDP）</translation>
    </message>
    <message>
      <source>Electricity tariff</source>
      <translation>电价</translation>
    </message>
    <message>
      <source>PUE</source>
      <translation>PUE（能源使用效率）</translation>
    </message>
    <message>
      <source>Rack rent</source>
      <translation>机柜租金</translation>
    </message>
    <message>
      <source>Operations staff</source>
      <translation>运维人员</translation>
    </message>
    <message>
      <source>Staff cost per person</source>
      <translation>人均人力成本</translation>
    </message>
    <message>
      <source>Maintenance and spares (share/yr)</source>
      <translation>维保与备件（每年占硬件比例）</translation>
    </message>
    <message>
      <source>Deposit</source>
      <translation>押金</translation>
    </message>
    <message>
      <source>Financing rate</source>
      <translation>融资利率</translation>
    </message>
    <message>
      <source>Discount rate (for NPV)</source>
      <translation>折现率（用于净现值）</translation>
    </message>
    <message>
      <source>Room retrofit (self-build)</source>
      <translation>机房改造（自建）</translation>
    </message>
    <message>
      <source>IDC bandwidth</source>
      <translation>IDC 带宽</translation>
    </message>
    <message>
      <source>Shared storage</source>
      <translation>共享存储</translation>
    </message>
    <message>
      <source>Shared storage price</source>
      <translation>共享存储单价</translation>
    </message>
    <message>
      <source>Outbound traffic</source>
      <translation>出网流量</translation>
    </message>
    <message>
      <source>Traffic price</source>
      <translation>流量单价</translation>
    </message>
    <message>
      <source>Public bandwidth</source>
      <translation>公网带宽</translation>
    </message>
    <message>
      <source>Bandwidth price</source>
      <translation>带宽单价</translation>
    </message>
    <message>
      <source>Data residency</source>
      <translation>数据驻留要求</translation>
    </message>
    <message>
      <source>We have a machine room (power, cooling)</source>
      <translation>我们有机房（供电、制冷）</translation>
    </message>
    <message>
      <source>We have staff to run GPU servers</source>
      <translation>我们有能运维 GPU 服务器的人员</translation>
    </message>
    <message>
      <source>We have spare cash to pay up front</source>
      <translation>我们有闲置资金可一次性投入</translation>
    </message>
    <message>
      <source> CNY/card-hour</source>
      <translation> 元/卡时</translation>
    </message>
    <message>
      <source> h</source>
      <translation> 小时</translation>
    </message>
    <message>
      <source> min</source>
      <translation> 分钟</translation>
    </message>
    <message>
      <source> CNY/card-month</source>
      <translation> 元/卡·月</translation>
    </message>
    <message>
      <source> ×</source>
      <translation> 倍</translation>
    </message>
    <message>
      <source> per 100 h</source>
      <translation> 次/100 小时</translation>
    </message>
    <message>
      <source> cards</source>
      <translation> 张</translation>
    </message>
    <message>
      <source> CNY/card</source>
      <translation> 元/卡</translation>
    </message>
    <message>
      <source> CNY/server</source>
      <translation> 元/台</translation>
    </message>
    <message>
      <source> CNY/TB</source>
      <translation> 元/TB</translation>
    </message>
    <message>
      <source> years</source>
      <translation> 年</translation>
    </message>
    <message>
      <source> W/card</source>
      <translation> 瓦/卡</translation>
    </message>
    <message>
      <source> CNY/kWh</source>
      <translation> 元/度</translation>
    </message>
    <message>
      <source> CNY/rack-month</source>
      <translation> 元/柜·月</translation>
    </message>
    <message>
      <source> FTE</source>
      <translation> 人</translation>
    </message>
    <message>
      <source> CNY/year</source>
      <translation> 元/年</translation>
    </message>
    <message>
      <source> ×/year</source>
      <translation> 倍/年</translation>
    </message>
    <message>
      <source> months</source>
      <translation> 个月</translation>
    </message>
    <message>
      <source> CNY</source>
      <translation> 元</translation>
    </message>
    <message>
      <source> CNY/month</source>
      <translation> 元/月</translation>
    </message>
    <message>
      <source> CNY/TB-month</source>
      <translation> 元/TB·月</translation>
    </message>
    <message>
      <source> TB/month</source>
      <translation> TB/月</translation>
    </message>
    <message>
      <source> CNY/Mbps-month</source>
      <translation> 元/Mbps·月</translation>
    </message>
    <message>
      <source>Monthly demand profile</source>
      <translation>月度需求曲线</translation>
    </message>
    <message>
      <source>Utilisation</source>
      <translation>利用率</translation>
    </message>
    <message>
      <source>Planning horizon</source>
      <translation>规划期</translation>
    </message>
    <message>
      <source>Region</source>
      <translation>地区</translation>
    </message>
    <message>
      <source>GPU model</source>
      <translation>GPU 型号</translation>
    </message>
    <message>
      <source>MFU</source>
      <translation>MFU（模型算力利用率）</translation>
    </message>
    <message>
      <source>Checkpoint interval</source>
      <translation>检查点间隔</translation>
    </message>
    <message>
      <source>Vendors</source>
      <translation>供应商</translation>
    </message>
    <message>
      <source>Ways to get the capacity, compared</source>
      <translation>各种获取算力方式的比较</translation>
    </message>
    <message>
      <source>Scenarios</source>
      <translation>情景比较</translation>
    </message>
    <message>
      <source>Budget</source>
      <translation>预算</translation>
    </message>
    <message>
      <source>Compare renting with buying over the planning horizon. Fields left on their default use the region's and the catalog's figures.</source>
      <translation>在规划期内比较租用与购买。未改动的字段取所选地区和内置目录中的数值。</translation>
    </message>
    <message>
      <source>Buying hardware is CAPEX: a large payment up front that is written off over the hardware's life; renting is OPEX: you pay month by month for what you use, and stop paying when you stop.</source>
      <translation>买硬件属于资本支出：先一次性付一大笔钱，再在硬件寿命内逐年折旧；租用属于运营支出：用多少按月付多少，不用了就不再付。</translation>
    </message>
    <message>
      <source>Options to compare</source>
      <translation>参与比较的方案</translation>
    </message>
    <message>
      <source>Your situation</source>
      <translation>自身条件</translation>
    </message>
    <message>
      <source>Renting (cloud and rental platforms)</source>
      <translation>租用（公有云与算力租赁平台）</translation>
    </message>
    <message>
      <source>Owning (colocation or own room)</source>
      <translation>自有（托管或自建机房）</translation>
    </message>
    <message>
      <source>Add-ons: storage, traffic, bandwidth</source>
      <translation>附加费用：存储、流量、带宽</translation>
    </message>
    <message>
      <source>Rule of the Shenzhen article (idctop.com): keep at least 15 % of the hardware price (0.15) for the network (InfiniBand/RoCE).</source>
      <translation>经验法则：网络（InfiniBand/RoCE）至少预留硬件价格的 15%（0.15）。</translation>
    </message>
    <message>
      <source>Storage, traffic and bandwidth are billed on top of the cards; the idctop.com articles warn they can cost more than the compute itself.</source>
      <translation>存储、流量和带宽在算力之外单独计费，参考文章提醒这部分可能超过算力本身的费用。</translation>
    </message>
    <message>
      <source>Cumulative cost</source>
      <translation>累计成本</translation>
    </message>
    <message>
      <source>Cash flow</source>
      <translation>现金流</translation>
    </message>
    <message>
      <source>Sensitivity</source>
      <translation>敏感性</translation>
    </message>
    <message>
      <source>Monte Carlo</source>
      <translation>蒙特卡洛</translation>
    </message>
    <message>
      <source>&amp;Option:</source>
      <translation>方案(&amp;O)：</translation>
    </message>
    <message>
      <source>&amp;Draws:</source>
      <translation>抽样次数(&amp;D)：</translation>
    </message>
    <message>
      <source>&amp;Run</source>
      <translation>运行(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Cancel</source>
      <translation>取消(&amp;C)</translation>
    </message>
    <message>
      <source>Re-run after each change</source>
      <translation>每次修改后自动重算</translation>
    </message>
    <message>
      <source>Import prices…</source>
      <translation>导入价格…</translation>
    </message>
    <message>
      <source>Add the dated prices of a price list or vendor quote (.xlsx or .csv: columns gpu, item, price, date); they override the catalog.</source>
      <translation>导入价格表或供应商报价中注明日期的价格（.xlsx 或 .csv，列名为「gpu」「item」「price」「date」），导入后替代目录价格。</translation>
    </message>
    <message>
      <source>Export option table…</source>
      <translation>导出方案对比表…</translation>
    </message>
    <message>
      <source>Save the options, their inputs and sources as an .xlsx workbook.</source>
      <translation>将各方案、其输入及来源保存为 .xlsx 工作簿。</translation>
    </message>
    <message>
      <source>Import prices</source>
      <translation>导入价格</translation>
    </message>
    <message>
      <source>Price lists (*.xlsx *.csv)</source>
      <translation>价格表 (*.xlsx *.csv)</translation>
    </message>
    <message>
      <source>Export option table</source>
      <translation>导出方案对比表</translation>
    </message>
    <message>
      <source>Excel workbooks (*.xlsx)</source>
      <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
      <source>Pick at least one option to compare.</source>
      <translation>请至少选择一个方案参与比较。</translation>
    </message>
    <message>
      <source>Change %1</source>
      <translation>修改%1</translation>
    </message>
    <message>
      <source>options to compare</source>
      <translation>参与比较的方案</translation>
    </message>
    <message>
      <source>Drawing prices…</source>
      <translation>正在抽样价格…</translation>
    </message>
    <message>
      <source>%1 draws, the same at every run and in the PDF plan. Each bar counts the draws by how much more owning costs than renting; green: owning is cheaper. Dashed lines: P10, P50, P90.</source>
      <translation>共 %1 次抽样，每次运行结果相同，与 PDF 方案一致。每根柱子统计“自购减租用”的成本差落在该区间的次数，绿色表示自购更便宜；虚线依次为 P10、P50、P90。</translation>
    </message>
    <message>
      <source>%1 draws, the same at every run and in the PDF plan. Bars: P10 to P90 of each option's total; thick mark: P50.</source>
      <translation>%1 次抽样，每次运行结果相同，与 PDF 方案一致。色条：各方案总成本的 P10 至 P90；粗线：P50。</translation>
    </message>
    <message>
      <source>The Monte Carlo draws card, rental and power prices, utilisation and MFU from the catalog's ranges.</source>
      <translation>蒙特卡洛模拟按目录给出的区间随机抽取整卡价格、租用价格、电价、利用率和 MFU。</translation>
    </message>
    <message>
      <source>Nothing to draw for these options.</source>
      <translation>所选方案没有可抽样的内容。</translation>
    </message>
    <message>
      <source>The Monte Carlo failed.</source>
      <translation>蒙特卡洛模拟失败。</translation>
    </message>
    <message>
      <source>The Monte Carlo failed: %1</source>
      <translation>蒙特卡洛模拟失败：%1</translation>
    </message>
    <message>
      <source>Monte Carlo cancelled.</source>
      <translation>蒙特卡洛模拟已取消。</translation>
    </message>
    <message>
      <source>Cancelled. Press Run to start again.</source>
      <translation>已取消。点击“运行”重新开始。</translation>
    </message>
  </context>
  <context>
    <name>CostCharts</name>
    <message>
      <source>CNY</source>
      <translation>元</translation>
    </message>
    <message>
      <source>10k %1</source>
      <translation>万%1</translation>
    </message>
    <message>
      <source>thousand %1</source>
      <translation>千%1</translation>
    </message>
    <message>
      <source>Month</source>
      <translation>月份</translation>
    </message>
    <message>
      <source>Cumulative cost [%1]</source>
      <translation>累计成本 [%1]</translation>
    </message>
    <message>
      <source>Cumulative cost per option</source>
      <translation>各方案累计成本</translation>
    </message>
    <message>
      <source>payback (hardware paid from cash): month %1</source>
      <translation>回本（设备款一次付清）：第 %1 个月</translation>
    </message>
    <message>
      <source>Up-front purchase (CAPEX)</source>
      <translation>一次性采购（资本支出）</translation>
    </message>
    <message>
      <source>Running costs (OPEX)</source>
      <translation>运营费用（运营支出）</translation>
    </message>
    <message>
      <source>Money back (resale, deposit)</source>
      <translation>回款（残值出售、押金退还）</translation>
    </message>
    <message>
      <source>Cash flow [%1]</source>
      <translation>现金流 [%1]</translation>
    </message>
    <message>
      <source>Monthly cash flow: %1</source>
      <translation>每月现金流：%1</translation>
    </message>
    <message>
      <source>Input at its low value</source>
      <translation>输入取低值</translation>
    </message>
    <message>
      <source>Input at its high value</source>
      <translation>输入取高值</translation>
    </message>
    <message>
      <source>%1 – %2%3 · swing %4</source>
      <translation>%1 – %2%3 · 波动 %4</translation>
    </message>
    <message>
      <source>Owning minus renting [%1]</source>
      <translation>自有减租用 [%1]</translation>
    </message>
    <message>
      <source>Owning minus renting (below 0: owning is cheaper)</source>
      <translation>自有减租用的差额（小于 0：自有更便宜）</translation>
    </message>
    <message>
      <source>Monte Carlo not run yet for these inputs.</source>
      <translation>当前输入尚未运行蒙特卡洛模拟。</translation>
    </message>
    <message>
      <source>Monte Carlo over price ranges</source>
      <translation>价格区间的蒙特卡洛模拟</translation>
    </message>
    <message>
      <source>Total over the horizon [%1]</source>
      <translation>规划期总成本 [%1]</translation>
    </message>
    <message>
      <source>Draws</source>
      <translation>抽样次数</translation>
    </message>
    <message>
      <source>Owning minus renting over the horizon [%1]</source>
      <translation>规划期内自购减租用的成本差 [%1]</translation>
    </message>
    <message>
      <source>P(owning beats renting) = %1 % (%2 draws)</source>
      <translation>自购比租用便宜的概率 = %1 %（%2 次抽样）</translation>
    </message>
    <message>
      <source>Total of each option: P10 to P90 of %1 draws</source>
      <translation>各方式总成本：%1 次抽样的 P10 至 P90</translation>
    </message>
  </context>
  <context>
    <name>RecommendationPanel</name>
    <message>
      <source>Extend the demand to cover the whole job…</source>
      <translation>扩展需求以覆盖整个任务…</translation>
    </message>
    <message>
      <source>Extend the demand to cover the whole job</source>
      <translation>扩展需求以覆盖整个任务</translation>
    </message>
    <message>
      <source>Option</source>
      <translation>方案</translation>
    </message>
    <message>
      <source>Total</source>
      <translation>总成本</translation>
    </message>
    <message>
      <source>NPV</source>
      <translation>净现值</translation>
    </message>
    <message>
      <source>Per useful GPU-hour</source>
      <translation>每有效卡时</translation>
    </message>
    <message>
      <source>Utilisation</source>
      <translation>利用率</translation>
    </message>
    <message>
      <source>What each total includes</source>
      <translation>各方案总价包含什么</translation>
    </message>
    <message>
      <source>Show or hide what each option's total includes</source>
      <translation>显示或隐藏各方案总价包含的内容</translation>
    </message>
    <message>
      <source>Based on: %1</source>
      <translation>依据的输入：%1</translation>
    </message>
    <message>
      <source>No feasible option</source>
      <translation>无可行方案</translation>
    </message>
    <message>
      <source>Recommendation: %1</source>
      <translation>建议：%1</translation>
    </message>
    <message>
      <source>Incomplete plan. Cheapest for the priced part only: %1</source>
      <translation>方案不完整。仅就已计价部分最便宜：%1</translation>
    </message>
    <message>
      <source>Reserve up to %1 cards on %2 as the baseline; run %3 GPU-hours of bursts on %4.</source>
      <translation>以%2预留最多 %1 张卡作为基线；另有 %3 卡时的突发需求用%4承担。</translation>
    </message>
    <message>
      <source>Reasons</source>
      <translation>理由</translation>
    </message>
    <message>
      <source>Warnings</source>
      <translation>注意事项</translation>
    </message>
    <message>
      <source>Add %1 GPU-hours to the demand so that it holds the whole job (training months run on the job's cards all month; %2 new months) and set the horizon from %3 to %4 months.</source>
      <translation>在需求中增加 %1 卡时，使其容纳整个任务（训练月份按任务所用的卡整月运行；新增 %2 个月），并把规划期从 %3 个月改为 %4 个月。</translation>
    </message>
    <message>
      <source>Extend the demand</source>
      <translation>扩展需求</translation>
    </message>
    <message>
      <source>You can undo this with Ctrl+Z.</source>
      <translation>可以用 Ctrl+Z 撤销。</translation>
    </message>
    <message>
      <source>Extend the demand to cover the job</source>
      <translation>扩展需求以覆盖任务</translation>
    </message>
    <message>
      <source>Break-even: choose at least one owned and one rented option to compare.</source>
      <translation>回本分析：请至少选择一个自有方案和一个租用方案。</translation>
    </message>
    <message>
      <source>owning never breaks even on utilisation alone</source>
      <translation>仅靠提高利用率无法回本</translation>
    </message>
    <message>
      <source>owning pays from %1 % utilisation</source>
      <translation>利用率达到 %1% 起自有更划算</translation>
    </message>
    <message>
      <source>its cumulative cost drops below renting in month %1</source>
      <translation>累计成本在第 %1 个月低于租用</translation>
    </message>
    <message>
      <source>its cumulative cost stays above renting for the whole horizon</source>
      <translation>整个规划期内累计成本都高于租用</translation>
    </message>
    <message>
      <source>Break-even of %1 against %2: %3; %4.</source>
      <translation>%1 对比 %2 的回本分析：%3；%4。</translation>
    </message>
    <message>
      <source>Six-month rule: not evaluated (no owned option compared).</source>
      <translation>半年法则：未评估（没有参与比较的自有方案）。</translation>
    </message>
    <message>
      <source>the rule says buying can pay</source>
      <translation>按此法则可以考虑购买</translation>
    </message>
    <message>
      <source>the rule says keep renting</source>
      <translation>按此法则应继续租用</translation>
    </message>
    <message>
      <source>Six-month rule (idctop.com): monthly rent %1 vs depreciation + electricity %2 per month (%3); %4 months of planned work, the rule needs %5 — %6.</source>
      <translation>半年法则（idctop.com 文章）：月租金 %1，每月折旧加电费 %2（%3）；计划工作 %4 个月，法则要求至少 %5 个月——%6。</translation>
    </message>
    <message>
      <source>rent is higher</source>
      <translation>租金更高</translation>
    </message>
    <message>
      <source>rent is lower</source>
      <translation>租金更低</translation>
    </message>
  </context>
</TS>
