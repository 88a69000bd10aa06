<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
  <context>
    <name>ExampleTitles</name>
    <message>
      <source>64-card research training platform, three years</source>
      <translation>64-card research training platform, three years</translation>
    </message>
    <message>
      <source>A Beijing lab runs 64 cards flat out; it owns cards, a room and staff.</source>
      <translation>A Beijing lab runs 64 cards flat out; it owns cards, a room and staff.</translation>
    </message>
    <message>
      <source>Full fine-tuning of a 13B industry model</source>
      <translation>Full fine-tuning of a 13B industry model</translation>
    </message>
    <message>
      <source>A Shanghai start-up fine-tunes for two months, data kept in the city.</source>
      <translation>A Shanghai start-up fine-tunes for two months, data kept in the city.</translation>
    </message>
    <message>
      <source>7B base model: pretraining, then a year of serving</source>
      <translation>7B base model: pretraining, then a year of serving</translation>
    </message>
    <message>
      <source>A Shenzhen team pretrains on 64 cards, then serves on 8 for a year.</source>
      <translation>A Shenzhen team pretrains on 64 cards, then serves on 8 for a year.</translation>
    </message>
  </context>
  <context>
    <name>RecoveryDialog</name>
    <message>
      <source>&amp;Discard</source>
      <translation>&amp;Discard</translation>
    </message>
    <message>
      <source>&amp;Not now</source>
      <translation>&amp;Not now</translation>
    </message>
    <message>
      <source>&amp;Recover</source>
      <translation>&amp;Recover</translation>
    </message>
    <message>
      <source>Autosaved %1 · %2 · file: %3</source>
      <translation>Autosaved %1 · %2 · file: %3</translation>
    </message>
    <message>
      <source>Damaged: %1</source>
      <translation>Damaged: %1</translation>
    </message>
    <message>
      <source>GPU Advisor did not close normally last time. These autosaved plans were not saved to their files. Recover one?</source>
      <translation>GPU Advisor did not close normally last time. These autosaved plans were not saved to their files. Recover one?</translation>
    </message>
    <message>
      <source>Recover unsaved work</source>
      <translation>Recover unsaved work</translation>
    </message>
    <message>
      <source>Untitled plan</source>
      <translation>Untitled plan</translation>
    </message>
    <message>
      <source>never saved</source>
      <translation>never saved</translation>
    </message>
  </context>
  <context>
    <name>StartPage</name>
    <message>
      <source>Plan GPU capacity</source>
      <translation>Plan GPU capacity</translation>
    </message>
    <message>
      <source>Start a new plan, open one you saved, or look at an example first: each example is a complete plan, from the workload to the sign-off.</source>
      <translation>Start a new plan, open one you saved, or look at an example first: each example is a complete plan, from the workload to the sign-off.</translation>
    </message>
    <message>
      <source>New &amp;plan</source>
      <translation>New &amp;plan</translation>
    </message>
    <message>
      <source>&amp;Open a plan…</source>
      <translation>&amp;Open a plan…</translation>
    </message>
    <message>
      <source>Exa&amp;mples</source>
      <translation>Exa&amp;mples</translation>
    </message>
    <message>
      <source>Start from this e&amp;xample</source>
      <translation>Start from this e&amp;xample</translation>
    </message>
    <message>
      <source>Re&amp;cent plans</source>
      <translation>Re&amp;cent plans</translation>
    </message>
    <message>
      <source>Open the &amp;recent plan</source>
      <translation>Open the &amp;recent plan</translation>
    </message>
    <message>
      <source>No plan opened yet</source>
      <translation>No plan opened yet</translation>
    </message>
    <message>
      <source>Example plans</source>
      <translation>Example plans</translation>
    </message>
    <message>
      <source>Recently used plans</source>
      <translation>Recently used plans</translation>
    </message>
  </context>
  <context>
    <name>StepList</name>
    <message>
      <source>A field needs correcting before going on.</source>
      <translation>A field needs correcting before going on.</translation>
    </message>
    <message>
      <source>(%1 more)</source>
      <translation>(%1 more)</translation>
    </message>
    <message>
      <source>not visited</source>
      <translation>not visited</translation>
    </message>
    <message>
      <source>seen</source>
      <translation>seen</translation>
    </message>
    <message>
      <source>has a problem</source>
      <translation>has a problem</translation>
    </message>
    <message>
      <source>done</source>
      <translation>done</translation>
    </message>
    <message>
      <source>Has a problem: %1</source>
      <translation>Has a problem: %1</translation>
    </message>
    <message>
      <source>Done: you went on from this step; nothing wrong found.</source>
      <translation>Done: you went on from this step; nothing wrong found.</translation>
    </message>
    <message>
      <source>Seen, not finished yet: go on with Next when it is right.</source>
      <translation>Seen, not finished yet: go on with Next when it is right.</translation>
    </message>
    <message>
      <source>Not visited yet.</source>
      <translation>Not visited yet.</translation>
    </message>
  </context>
</TS>
