<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
  <context>
    <name>ExampleTitles</name>
    <message>
      <source>64-card research training platform, three years</source>
      <translation>64 卡科研训练平台三年算力规划</translation>
    </message>
    <message>
      <source>A Beijing lab runs 64 cards flat out; it owns cards, a room and staff.</source>
      <translation>北京实验室 64 张卡满负荷运行，自有显卡、机房和运维人员。</translation>
    </message>
    <message>
      <source>Full fine-tuning of a 13B industry model</source>
      <translation>13B 行业模型全参数微调算力方案</translation>
    </message>
    <message>
      <source>A Shanghai start-up fine-tunes for two months, data kept in the city.</source>
      <translation>上海初创团队微调两个月，数据不出本市。</translation>
    </message>
    <message>
      <source>7B base model: pretraining, then a year of serving</source>
      <translation>7B 基座模型：先预训练，再上线服务一年</translation>
    </message>
    <message>
      <source>A Shenzhen team pretrains on 64 cards, then serves on 8 for a year.</source>
      <translation>深圳团队用 64 张卡预训练，之后用 8 张卡提供一年推理服务。</translation>
    </message>
  </context>
  <context>
    <name>RecoveryDialog</name>
    <message>
      <source>&amp;Discard</source>
      <translation>丢弃(&amp;D)</translation>
    </message>
    <message>
      <source>&amp;Not now</source>
      <translation>暂不处理(&amp;N)</translation>
    </message>
    <message>
      <source>&amp;Recover</source>
      <translation>恢复(&amp;R)</translation>
    </message>
    <message>
      <source>Autosaved %1 · %2 · file: %3</source>
      <translation>自动保存于 %1 · %2 · 文件：%3</translation>
    </message>
    <message>
      <source>Damaged: %1</source>
      <translation>已损坏：%1</translation>
    </message>
    <message>
      <source>GPU Advisor did not close normally last time. These autosaved plans were not saved to their files. Recover one?</source>
      <translation>GPU Advisor 上次没有正常关闭。下列自动保存的方案尚未保存到各自的文件中。要恢复其中一个吗？</translation>
    </message>
    <message>
      <source>Recover unsaved work</source>
      <translation>恢复未保存的内容</translation>
    </message>
    <message>
      <source>Untitled plan</source>
      <translation>未命名方案</translation>
    </message>
    <message>
      <source>never saved</source>
      <translation>从未保存</translation>
    </message>
  </context>
  <context>
    <name>StartPage</name>
    <message>
      <source>Plan GPU capacity</source>
      <translation>规划 GPU 算力</translation>
    </message>
    <message>
      <source>Start a new plan, open one you saved, or look at an example first: each example is a complete plan, from the workload to the sign-off.</source>
      <translation>新建方案、打开已保存的方案，或先看看示例：每个示例都是从工作量到签批的完整方案。</translation>
    </message>
    <message>
      <source>New &amp;plan</source>
      <translation>新建方案(&amp;P)</translation>
    </message>
    <message>
      <source>&amp;Open a plan…</source>
      <translation>打开方案(&amp;O)…</translation>
    </message>
    <message>
      <source>Exa&amp;mples</source>
      <translation>示例(&amp;M)</translation>
    </message>
    <message>
      <source>Start from this e&amp;xample</source>
      <translation>以此示例新建(&amp;X)</translation>
    </message>
    <message>
      <source>Re&amp;cent plans</source>
      <translation>最近的方案(&amp;C)</translation>
    </message>
    <message>
      <source>Open the &amp;recent plan</source>
      <translation>打开最近的方案(&amp;R)</translation>
    </message>
    <message>
      <source>No plan opened yet</source>
      <translation>尚未打开过方案</translation>
    </message>
    <message>
      <source>Example plans</source>
      <translation>示例方案</translation>
    </message>
    <message>
      <source>Recently used plans</source>
      <translation>最近使用的方案</translation>
    </message>
  </context>
  <context>
    <name>StepList</name>
    <message>
      <source>A field needs correcting before going on.</source>
      <translation>有字段需要更正，才能继续。</translation>
    </message>
    <message>
      <source>(%1 more)</source>
      <translation>（另有 %1 项）</translation>
    </message>
    <message>
      <source>not visited</source>
      <translation>未访问</translation>
    </message>
    <message>
      <source>seen</source>
      <translation>已查看</translation>
    </message>
    <message>
      <source>has a problem</source>
      <translation>有问题</translation>
    </message>
    <message>
      <source>done</source>
      <translation>已完成</translation>
    </message>
    <message>
      <source>Has a problem: %1</source>
      <translation>有问题：%1</translation>
    </message>
    <message>
      <source>Done: you went on from this step; nothing wrong found.</source>
      <translation>已完成：已从此步继续，未发现问题。</translation>
    </message>
    <message>
      <source>Seen, not finished yet: go on with Next when it is right.</source>
      <translation>已查看，尚未完成：确认无误后按“下一步”继续。</translation>
    </message>
    <message>
      <source>Not visited yet.</source>
      <translation>尚未查看。</translation>
    </message>
  </context>
</TS>
