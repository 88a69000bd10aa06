<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
  <context>
    <name>CandidateCostTable</name>
    <message>
      <source>GPU</source>
      <translation>GPU</translation>
    </message>
    <message>
      <source>Fewest cards</source>
      <translation>Fewest cards</translation>
    </message>
    <message>
      <source>Cards</source>
      <translation>Cards</translation>
    </message>
    <message>
      <source>Days</source>
      <translation>Days</translation>
    </message>
    <message>
      <source>GPU-hours</source>
      <translation>GPU-hours</translation>
    </message>
    <message>
      <source>Recommended option</source>
      <translation>Recommended option</translation>
    </message>
    <message>
      <source>Each candidate card priced as this plan with that card: the way the plan recommends getting it and its total over the horizon. A greyed card cannot run the job as planned: the last column says why, and its total is not compared.</source>
      <translation>Each candidate card priced as this plan with that card: the way the plan recommends getting it and its total over the horizon. A greyed card cannot run the job as planned: the last column says why, and its total is not compared.</translation>
    </message>
    <message>
      <source>Its total</source>
      <translation>Its total</translation>
    </message>
    <message>
      <source>Can it run?</source>
      <translation>Can it run?</translation>
    </message>
  </context>
  <context>
    <name>CompareController</name>
    <message>
      <source>Co&amp;mpare With</source>
      <translation>Co&amp;mpare With</translation>
    </message>
    <message>
      <source>&amp;Saved Plan…</source>
      <translation>&amp;Saved Plan…</translation>
    </message>
    <message>
      <source>Show what differs between this plan and a saved one</source>
      <translation>Show what differs between this plan and a saved one</translation>
    </message>
    <message>
      <source>Show C&amp;hanges…</source>
      <translation>Show C&amp;hanges…</translation>
    </message>
    <message>
      <source>Compare the plan with the version that was signed</source>
      <translation>Compare the plan with the version that was signed</translation>
    </message>
    <message>
      <source>No signed version yet</source>
      <translation>No signed version yet</translation>
    </message>
    <message>
      <source>Version &amp;Signed on %1 by %2</source>
      <translation>Version &amp;Signed on %1 by %2</translation>
    </message>
    <message>
      <source>Version signed on %1 by %2</source>
      <translation>Version signed on %1 by %2</translation>
    </message>
    <message>
      <source>Signed as %1; plan fingerprint %2</source>
      <translation>Signed as %1; plan fingerprint %2</translation>
    </message>
    <message>
      <source>Changed since signed on %1 by %2</source>
      <translation>Changed since signed on %1 by %2</translation>
    </message>
    <message>
      <source>The plan's inputs differ from the version %1 signed on %2 (plan fingerprint %3). Sign again to record the new version.</source>
      <translation>The plan's inputs differ from the version %1 signed on %2 (plan fingerprint %3). Sign again to record the new version.</translation>
    </message>
    <message>
      <source>Compare With Plan</source>
      <translation>Compare With Plan</translation>
    </message>
    <message>
      <source>GPU plans (*.gpuplan);;All files (*)</source>
      <translation>GPU plans (*.gpuplan);;All files (*)</translation>
    </message>
  </context>
  <context>
    <name>CompareDialog</name>
    <message>
      <source>Compared with the version signed on %1 by %2</source>
      <translation>Compared with the version signed on %1 by %2</translation>
    </message>
    <message>
      <source>Compared with %1</source>
      <translation>Compared with %1</translation>
    </message>
    <message>
      <source>The two plans are the same.</source>
      <translation>The two plans are the same.</translation>
    </message>
    <message>
      <source>Signed version</source>
      <translation>Signed version</translation>
    </message>
    <message>
      <source>Saved plan</source>
      <translation>Saved plan</translation>
    </message>
    <message>
      <source>Open plan</source>
      <translation>Open plan</translation>
    </message>
    <message>
      <source>Inputs changed (%1)</source>
      <translation>Inputs changed (%1)</translation>
    </message>
    <message>
      <source>Results that moved (%1)</source>
      <translation>Results that moved (%1)</translation>
    </message>
    <message>
      <source>Input</source>
      <translation>Input</translation>
    </message>
    <message>
      <source>Result</source>
      <translation>Result</translation>
    </message>
    <message>
      <source>Change</source>
      <translation>Change</translation>
    </message>
  </context>
  <context>
    <name>ScenarioCompareView</name>
    <message>
      <source>No scenarios yet. Add one on the budget step: a name and the few inputs it changes (GPU, cards, horizon, region, prices, options).</source>
      <translation>No scenarios yet. Add one on the budget step: a name and the few inputs it changes (GPU, cards, horizon, region, prices, options).</translation>
    </message>
    <message>
      <source>The scenarios could not be evaluated: %1</source>
      <translation>The scenarios could not be evaluated: %1</translation>
    </message>
    <message>
      <source>Evaluating the scenarios…</source>
      <translation>Evaluating the scenarios…</translation>
    </message>
    <message>
      <source>One bar per scenario; the base plan's bar is green</source>
      <translation>One bar per scenario; the base plan's bar is green</translation>
    </message>
    <message>
      <source>Total over the horizon</source>
      <translation>Total over the horizon</translation>
    </message>
    <message>
      <source>Net present value</source>
      <translation>Net present value</translation>
    </message>
    <message>
      <source>Up-front cash</source>
      <translation>Up-front cash</translation>
    </message>
    <message>
      <source>Cost per useful GPU-hour</source>
      <translation>Cost per useful GPU-hour</translation>
    </message>
    <message>
      <source>Days to finish</source>
      <translation>Days to finish</translation>
    </message>
    <message>
      <source>P(owning beats renting)</source>
      <translation>P(owning beats renting)</translation>
    </message>
    <message>
      <source>Base plan</source>
      <translation>Base plan</translation>
    </message>
    <message>
      <source>Base</source>
      <translation>Base</translation>
    </message>
    <message>
      <source>%1 days</source>
      <translation>%1 days</translation>
    </message>
    <message>
      <source>GPU and cards</source>
      <translation>GPU and cards</translation>
    </message>
    <message>
      <source>Horizon</source>
      <translation>Horizon</translation>
    </message>
    <message>
      <source>%1 months</source>
      <translation>%1 months</translation>
    </message>
    <message>
      <source>Changes from the base</source>
      <translation>Changes from the base</translation>
    </message>
    <message>
      <source>Recommendation</source>
      <translation>Recommendation</translation>
    </message>
    <message>
      <source>days</source>
      <translation>days</translation>
    </message>
  </context>
  <context>
    <name>ScenarioEditor</name>
    <message>
      <source>Name</source>
      <translation>Name</translation>
    </message>
    <message>
      <source>In PDF</source>
      <translation>In PDF</translation>
    </message>
    <message>
      <source>GPU model</source>
      <translation>GPU model</translation>
    </message>
    <message>
      <source>Region</source>
      <translation>Region</translation>
    </message>
    <message>
      <source>Framework</source>
      <translation>Framework</translation>
    </message>
    <message>
      <source>Cards</source>
      <translation>Cards</translation>
    </message>
    <message>
      <source>Horizon [months]</source>
      <translation>Horizon [months]</translation>
    </message>
    <message>
      <source>Deadline [days]</source>
      <translation>Deadline [days]</translation>
    </message>
    <message>
      <source>Training tokens [10⁹]</source>
      <translation>Training tokens [10⁹]</translation>
    </message>
    <message>
      <source>On-demand [CNY/GPU-h]</source>
      <translation>On-demand [CNY/GPU-h]</translation>
    </message>
    <message>
      <source>Monthly [CNY/card]</source>
      <translation>Monthly [CNY/card]</translation>
    </message>
    <message>
      <source>Card price [CNY]</source>
      <translation>Card price [CNY]</translation>
    </message>
    <message>
      <source>Cards owned</source>
      <translation>Cards owned</translation>
    </message>
    <message>
      <source>Electricity [CNY/kWh]</source>
      <translation>Electricity [CNY/kWh]</translation>
    </message>
    <message>
      <source>Options (ids)</source>
      <translation>Options (ids)</translation>
    </message>
    <message>
      <source>Add scenario</source>
      <translation>Add scenario</translation>
    </message>
    <message>
      <source>Remove scenario</source>
      <translation>Remove scenario</translation>
    </message>
    <message>
      <source>Make it the base plan</source>
      <translation>Make it the base plan</translation>
    </message>
    <message>
      <source>Each scenario is the base plan with the inputs you fill in here changed; an empty cell keeps the base plan's value.</source>
      <translation>Each scenario is the base plan with the inputs you fill in here changed; an empty cell keeps the base plan's value.</translation>
    </message>
    <message>
      <source>(as base)</source>
      <translation>(as base)</translation>
    </message>
    <message>
      <source>Not a valid value: %1</source>
      <translation>Not a valid value: %1</translation>
    </message>
    <message>
      <source>Edit scenario</source>
      <translation>Edit scenario</translation>
    </message>
    <message>
      <source>Scenario %1</source>
      <translation>Scenario %1</translation>
    </message>
    <message>
      <source>Previous base</source>
      <translation>Previous base</translation>
    </message>
    <message>
      <source>Previous base %1</source>
      <translation>Previous base %1</translation>
    </message>
    <message>
      <source>Make scenario the base plan</source>
      <translation>Make scenario the base plan</translation>
    </message>
  </context>
  <context>
    <name>ScenariosPanel</name>
    <message>
      <source>Scenarios</source>
      <translation>Scenarios</translation>
    </message>
  </context>
</TS>
