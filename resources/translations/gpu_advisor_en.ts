<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
  <context>
    <name>AdvisorWizard</name>
    <message>
      <source>Budget</source>
      <translation>Budget</translation>
    </message>
    <message>
      <source>Environment</source>
      <translation>Environment</translation>
    </message>
    <message>
      <source>Monitoring</source>
      <translation>Monitoring</translation>
    </message>
    <message>
      <source>Project</source>
      <translation>Project</translation>
    </message>
    <message>
      <source>Review and sign-off</source>
      <translation>Review and sign-off</translation>
    </message>
    <message>
      <source>Site and contract checklist</source>
      <translation>Site and contract checklist</translation>
    </message>
    <message>
      <source>Size the workload</source>
      <translation>Size the workload</translation>
    </message>
    <message>
      <source>Vendor tests</source>
      <translation>Vendor tests</translation>
    </message>
  </context>
  <context>
    <name>CurveCombo</name>
    <message>
      <source>Type the day hour by hour</source>
      <translation>Type the day hour by hour</translation>
    </message>
  </context>
  <context>
    <name>GuideDialog</name>
    <message>
      <source>GPU Advisor user guide</source>
      <translation>GPU Advisor user guide</translation>
    </message>
  </context>
  <context>
    <name>HourlySharesField</name>
    <message>
      <source>share of each hour</source>
      <translation>share of each hour</translation>
    </message>
    <message>
      <source>24 numbers, e.g. pasted from a spreadsheet row</source>
      <translation>24 numbers, e.g. pasted from a spreadsheet row</translation>
    </message>
    <message>
      <source>Requests in each hour from 00:00 to 23:00, in any unit (percent, counts): only their proportions count. Paste a row of 24 cells or type them separated by spaces or commas.</source>
      <translation>Requests in each hour from 00:00 to 23:00, in any unit (percent, counts): only their proportions count. Paste a row of 24 cells or type them separated by spaces or commas.</translation>
    </message>
    <message>
      <source>Share of each hour, 00–23</source>
      <translation>Share of each hour, 00–23</translation>
    </message>
    <message>
      <source>Only numbers, one per hour.</source>
      <translation>Only numbers, one per hour.</translation>
    </message>
    <message>
      <source>24 numbers are needed, one per hour; this has %1.</source>
      <translation>24 numbers are needed, one per hour; this has %1.</translation>
    </message>
    <message>
      <source>An hour cannot have a negative share.</source>
      <translation>An hour cannot have a negative share.</translation>
    </message>
    <message>
      <source>At least one hour needs requests.</source>
      <translation>At least one hour needs requests.</translation>
    </message>
  </context>
  <context>
    <name>LatencyChart</name>
    <message>
      <source>Requests per second on one replica</source>
      <translation>Requests per second on one replica</translation>
    </message>
    <message>
      <source>p95 latency [% of its target]</source>
      <translation>p95 latency [% of its target]</translation>
    </message>
    <message>
      <source>Latency against load (target = 100 %)</source>
      <translation>Latency against load (target = 100 %)</translation>
    </message>
    <message>
      <source>First token</source>
      <translation>First token</translation>
    </message>
    <message>
      <source>Each next token</source>
      <translation>Each next token</translation>
    </message>
  </context>
  <context>
    <name>MainWindow</name>
    <message>
      <source>%1: %2

%3</source>
      <translation>%1: %2

%3</translation>
    </message>
    <message>
      <source>&amp;About GPU Advisor</source>
      <translation>&amp;About GPU Advisor</translation>
    </message>
    <message>
      <source>&amp;Clear List</source>
      <translation>&amp;Clear List</translation>
    </message>
    <message>
      <source>&amp;Print…</source>
      <translation>&amp;Print…</translation>
    </message>
    <message>
      <source>Print the plan as the exported PDF shows it</source>
      <translation>Print the plan as the exported PDF shows it</translation>
    </message>
    <message>
      <source>Print Previe&amp;w…</source>
      <translation>Print Previe&amp;w…</translation>
    </message>
    <message>
      <source>See the plan's pages as they will print</source>
      <translation>See the plan's pages as they will print</translation>
    </message>
    <message>
      <source>&amp;Close</source>
      <translation>&amp;Close</translation>
    </message>
    <message>
      <source>&amp;Edit</source>
      <translation>&amp;Edit</translation>
    </message>
    <message>
      <source>&amp;File</source>
      <translation>&amp;File</translation>
    </message>
    <message>
      <source>&amp;Full Screen</source>
      <translation>&amp;Full Screen</translation>
    </message>
    <message>
      <source>&amp;Help</source>
      <translation>&amp;Help</translation>
    </message>
    <message>
      <source>&amp;New</source>
      <translation>&amp;New</translation>
    </message>
    <message>
      <source>&amp;Open…</source>
      <translation>&amp;Open…</translation>
    </message>
    <message>
      <source>&amp;Preferences…</source>
      <translation>&amp;Preferences…</translation>
    </message>
    <message>
      <source>&amp;Quit</source>
      <translation>&amp;Quit</translation>
    </message>
    <message>
      <source>&amp;Redo</source>
      <translation>&amp;Redo</translation>
    </message>
    <message>
      <source>&amp;Redo %1</source>
      <translation>&amp;Redo %1</translation>
    </message>
    <message>
      <source>&amp;Save</source>
      <translation>&amp;Save</translation>
    </message>
    <message>
      <source>&amp;Steps</source>
      <translation>&amp;Steps</translation>
    </message>
    <message>
      <source>&amp;Undo</source>
      <translation>&amp;Undo</translation>
    </message>
    <message>
      <source>&amp;Undo %1</source>
      <translation>&amp;Undo %1</translation>
    </message>
    <message>
      <source>&amp;User Guide</source>
      <translation>&amp;User Guide</translation>
    </message>
    <message>
      <source>&amp;Verify Plan…</source>
      <translation>&amp;Verify Plan…</translation>
    </message>
    <message>
      <source>&amp;View</source>
      <translation>&amp;View</translation>
    </message>
    <message>
      <source>&lt;h3&gt;GPU Advisor %1&lt;/h3&gt;&lt;p&gt;Decide how to get GPU training capacity: size the work, compare renting, colocation and building, test vendors, and sign off a plan.&lt;/p&gt;&lt;p&gt;Qt %2 · PySide6 %3 · Python %4 (%5)&lt;/p&gt;&lt;p&gt;GPU Advisor is released under the MIT licence. Qt and PySide6 are used under the GNU LGPL v3; pyqtgraph, pydantic and NumPy under their MIT and BSD licences; ReportLab under the BSD licence; Python under the PSF licence.&lt;/p&gt;</source>
      <translation>&lt;h3&gt;GPU Advisor %1&lt;/h3&gt;&lt;p&gt;Decide how to get GPU training capacity: size the work, compare renting, colocation and building, test vendors, and sign off a plan.&lt;/p&gt;&lt;p&gt;Qt %2 · PySide6 %3 · Python %4 (%5)&lt;/p&gt;&lt;p&gt;GPU Advisor is released under the MIT licence. Qt and PySide6 are used under the GNU LGPL v3; pyqtgraph, pydantic and NumPy under their MIT and BSD licences; ReportLab under the BSD licence; Python under the PSF licence.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>About &amp;Qt</source>
      <translation>About &amp;Qt</translation>
    </message>
    <message>
      <source>About GPU Advisor</source>
      <translation>About GPU Advisor</translation>
    </message>
    <message>
      <source>Autosave failed: %1</source>
      <translation>Autosave failed: %1</translation>
    </message>
    <message>
      <source>Check who signed a plan and whether it changed since</source>
      <translation>Check who signed a plan and whether it changed since</translation>
    </message>
    <message>
      <source>Could not open the example</source>
      <translation>Could not open the example</translation>
    </message>
    <message>
      <source>Could not open the plan</source>
      <translation>Could not open the plan</translation>
    </message>
    <message>
      <source>Could not recover the plan</source>
      <translation>Could not recover the plan</translation>
    </message>
    <message>
      <source>Could not save the plan</source>
      <translation>Could not save the plan</translation>
    </message>
    <message>
      <source>E&amp;xport PDF…</source>
      <translation>E&amp;xport PDF…</translation>
    </message>
    <message>
      <source>Exported %1</source>
      <translation>Exported %1</translation>
    </message>
    <message>
      <source>GPU Advisor plans (*.gpuplan);;All files (*)</source>
      <translation>GPU Advisor plans (*.gpuplan);;All files (*)</translation>
    </message>
    <message>
      <source>New from &amp;Example</source>
      <translation>New from &amp;Example</translation>
    </message>
    <message>
      <source>No examples installed</source>
      <translation>No examples installed</translation>
    </message>
    <message>
      <source>Open &amp;Recent</source>
      <translation>Open &amp;Recent</translation>
    </message>
    <message>
      <source>Open Plan</source>
      <translation>Open Plan</translation>
    </message>
    <message>
      <source>PDF (*.pdf)</source>
      <translation>PDF (*.pdf)</translation>
    </message>
    <message>
      <source>Recommendation: %1</source>
      <translation>Recommendation: %1</translation>
    </message>
    <message>
      <source>Recommendation: could not be computed (%1)</source>
      <translation>Recommendation: could not be computed (%1)</translation>
    </message>
    <message>
      <source>Save &amp;As…</source>
      <translation>Save &amp;As…</translation>
    </message>
    <message>
      <source>Save Plan As</source>
      <translation>Save Plan As</translation>
    </message>
    <message>
      <source>Saved %1</source>
      <translation>Saved %1</translation>
    </message>
    <message>
      <source>Si&amp;gn Plan…</source>
      <translation>Si&amp;gn Plan…</translation>
    </message>
    <message>
      <source>Sign the plan as a PDF with your certificate</source>
      <translation>Sign the plan as a PDF with your certificate</translation>
    </message>
    <message>
      <source>Signed plan saved to %1</source>
      <translation>Signed plan saved to %1</translation>
    </message>
    <message>
      <source>Start a new plan</source>
      <translation>Start a new plan</translation>
    </message>
    <message>
      <source>Steps</source>
      <translation>Steps</translation>
    </message>
    <message>
      <source>Untitled plan</source>
      <translation>Untitled plan</translation>
    </message>
    <message>
      <source>No recommendation yet: enter the workload (step 2), or open an example.</source>
      <translation>No recommendation yet: enter the workload (step 2), or open an example.</translation>
    </message>
    <message>
      <source>No feasible option: %1</source>
      <translation>No feasible option: %1</translation>
    </message>
    <message>
      <source>Incomplete plan. Cheapest for the priced part only: %1</source>
      <translation>Incomplete plan. Cheapest for the priced part only: %1</translation>
    </message>
    <message>
      <source>Verify Plan</source>
      <translation>Verify Plan</translation>
    </message>
    <message>
      <source>“%1” has unsaved changes. Save them?</source>
      <translation>“%1” has unsaved changes. Save them?</translation>
    </message>
  </context>
  <context>
    <name>PlaceholderPage</name>
    <message>
      <source>This step arrives in a later version of GPU Advisor.</source>
      <translation>This step arrives in a later version of GPU Advisor.</translation>
    </message>
  </context>
  <context>
    <name>PlanLanguagePicker</name>
    <message>
      <source>Plan &amp;language:</source>
      <translation>Plan &amp;language:</translation>
    </message>
    <message>
      <source>&amp;Second language, side by side:</source>
      <translation>&amp;Second language, side by side:</translation>
    </message>
    <message>
      <source>Plan language</source>
      <translation>Plan language</translation>
    </message>
    <message>
      <source>Second language, side by side</source>
      <translation>Second language, side by side</translation>
    </message>
    <message>
      <source>The second language's pages beside the first's, on sheets twice as wide (A4 pages on A3, Letter on Tabloid)</source>
      <translation>The second language's pages beside the first's, on sheets twice as wide (A4 pages on A3, Letter on Tabloid)</translation>
    </message>
    <message>
      <source>None</source>
      <translation>None</translation>
    </message>
  </context>
  <context>
    <name>PlanOutputDialog</name>
    <message>
      <source>&amp;Paper:</source>
      <translation>&amp;Paper:</translation>
    </message>
    <message>
      <source>A4 paper</source>
      <translation>A4 paper</translation>
    </message>
    <message>
      <source>US Letter paper</source>
      <translation>US Letter paper</translation>
    </message>
    <message>
      <source>Paper</source>
      <translation>Paper</translation>
    </message>
  </context>
  <context>
    <name>PreferencesDialog</name>
    <message>
      <source> min</source>
      <translation> min</translation>
    </message>
    <message>
      <source>&amp;Autosave every:</source>
      <translation>&amp;Autosave every:</translation>
    </message>
    <message>
      <source>&amp;Language:</source>
      <translation>&amp;Language:</translation>
    </message>
    <message>
      <source>Default &amp;currency:</source>
      <translation>Default &amp;currency:</translation>
    </message>
    <message>
      <source>Default &amp;region:</source>
      <translation>Default &amp;region:</translation>
    </message>
    <message>
      <source>Follow the system</source>
      <translation>Follow the system</translation>
    </message>
    <message>
      <source>Off</source>
      <translation>Off</translation>
    </message>
    <message>
      <source>Preferences</source>
      <translation>Preferences</translation>
    </message>
    <message>
      <source>Region and currency apply to new plans; open plans keep their own.</source>
      <translation>Region and currency apply to new plans; open plans keep their own.</translation>
    </message>
  </context>
  <context>
    <name>ProjectPage</name>
    <message>
      <source> months</source>
      <translation> months</translation>
    </message>
    <message>
      <source>&amp;Author:</source>
      <translation>&amp;Author:</translation>
    </message>
    <message>
      <source>&amp;Currency:</source>
      <translation>&amp;Currency:</translation>
    </message>
    <message>
      <source>&amp;Organisation:</source>
      <translation>&amp;Organisation:</translation>
    </message>
    <message>
      <source>Plan &amp;date:</source>
      <translation>Plan &amp;date:</translation>
    </message>
    <message>
      <source>Plan date</source>
      <translation>Plan date</translation>
    </message>
    <message>
      <source>The date printed on the plan; the next steps on its first page fall due counting from it, and imported prices dated on or before it are used.</source>
      <translation>The date printed on the plan; the next steps on its first page fall due counting from it, and imported prices dated on or before it are used.</translation>
    </message>
    <message>
      <source>&amp;Region preset:</source>
      <translation>&amp;Region preset:</translation>
    </message>
    <message>
      <source>General VAT taxpayer: recovers &amp;input VAT</source>
      <translation>General VAT taxpayer: recovers &amp;input VAT</translation>
    </message>
    <message>
      <source>Recovers input VAT</source>
      <translation>Recovers input VAT</translation>
    </message>
    <message>
      <source>Checked: every option is compared net of the input VAT the company recovers (6 % on services, 13 % on goods and electricity). Unchecked: amounts include VAT.</source>
      <translation>Checked: every option is compared net of the input VAT the company recovers (6 % on services, 13 % on goods and electricity). Unchecked: amounts include VAT.</translation>
    </message>
    <message>
      <source>CNY — Chinese yuan</source>
      <translation>CNY — Chinese yuan</translation>
    </message>
    <message>
      <source>Change %1</source>
      <translation>Change %1</translation>
    </message>
    <message>
      <source>input VAT recovery</source>
      <translation>input VAT recovery</translation>
    </message>
    <message>
      <source>Company or team</source>
      <translation>Company or team</translation>
    </message>
    <message>
      <source>EUR — euro</source>
      <translation>EUR — euro</translation>
    </message>
    <message>
      <source>HKD — Hong Kong dollar</source>
      <translation>HKD — Hong Kong dollar</translation>
    </message>
    <message>
      <source>Name the plan, say who it is for, and pick the region and currency.</source>
      <translation>Name the plan, say who it is for, and pick the region and currency.</translation>
    </message>
    <message>
      <source>Plan &amp;title:</source>
      <translation>Plan &amp;title:</translation>
    </message>
    <message>
      <source>Planning hori&amp;zon:</source>
      <translation>Planning hori&amp;zon:</translation>
    </message>
    <message>
      <source>Project</source>
      <translation>Project</translation>
    </message>
    <message>
      <source>This region is not in the catalog.</source>
      <translation>This region is not in the catalog.</translation>
    </message>
    <message>
      <source>USD — US dollar</source>
      <translation>USD — US dollar</translation>
    </message>
    <message>
      <source>author</source>
      <translation>author</translation>
    </message>
    <message>
      <source>plan date</source>
      <translation>plan date</translation>
    </message>
    <message>
      <source>currency</source>
      <translation>currency</translation>
    </message>
    <message>
      <source>e.g. 13B fine-tuning capacity, 2026</source>
      <translation>e.g. 13B fine-tuning capacity, 2026</translation>
    </message>
    <message>
      <source>organisation</source>
      <translation>organisation</translation>
    </message>
    <message>
      <source>plan title</source>
      <translation>plan title</translation>
    </message>
    <message>
      <source>planning horizon</source>
      <translation>planning horizon</translation>
    </message>
    <message>
      <source>region</source>
      <translation>region</translation>
    </message>
  </context>
  <context>
    <name>ProjectSession</name>
    <message>
      <source>Edit</source>
      <translation>Edit</translation>
    </message>
  </context>
  <context>
    <name>QFileDialog</name>
    <message>
      <source>&amp;Look in:</source>
      <translation>&amp;Look in:</translation>
    </message>
    <message>
      <source>Files of &amp;type:</source>
      <translation>Files of &amp;type:</translation>
    </message>
  </context>
  <context>
    <name>QPageSetupWidget</name>
    <message>
      <source>Page &amp;order:</source>
      <translation>Page &amp;order:</translation>
    </message>
    <message>
      <source>Pages &amp;per sheet:</source>
      <translation>Pages &amp;per sheet:</translation>
    </message>
  </context>
  <context>
    <name>QPrintSettingsOutput</name>
    <message>
      <source>Page &amp;Set:</source>
      <translation>Page &amp;Set:</translation>
    </message>
  </context>
  <context>
    <name>ReplicasChart</name>
    <message>
      <source>Hour of the day</source>
      <translation>Hour of the day</translation>
    </message>
    <message>
      <source>Replicas running</source>
      <translation>Replicas running</translation>
    </message>
    <message>
      <source>Replicas through the day (first month)</source>
      <translation>Replicas through the day (first month)</translation>
    </message>
  </context>
  <context>
    <name>ServingCardsTable</name>
    <message>
      <source>Card</source>
      <translation>Card</translation>
    </message>
    <message>
      <source>Cards per
replica</source>
      <translation>Cards per
replica</translation>
    </message>
    <message>
      <source>Cards at the
busiest hour</source>
      <translation>Cards at the
busiest hour</translation>
    </message>
    <message>
      <source>Per million
output [%1]</source>
      <translation>Per million
output [%1]</translation>
    </message>
    <message>
      <source>Serving on each candidate card</source>
      <translation>Serving on each candidate card</translation>
    </message>
    <message>
      <source>The plan priced with each candidate card, serving sized on that card: its replica, the cards at the busiest hour within the horizon, and what a million output tokens cost on the option the plan takes with it.</source>
      <translation>The plan priced with each candidate card, serving sized on that card: its replica, the cards at the busiest hour within the horizon, and what a million output tokens cost on the option the plan takes with it.</translation>
    </message>
  </context>
  <context>
    <name>ServingForm</name>
    <message>
      <source>Serving on reclaimable instances: when one is reclaimed, its users' requests fail.</source>
      <translation>Serving on reclaimable instances: when one is reclaimed, its users' requests fail.</translation>
    </message>
    <message>
      <source>Two sites: each can carry the busiest hour alone.</source>
      <translation>Two sites: each can carry the busiest hour alone.</translation>
    </message>
    <message>
      <source>An offline batch has no latency target: replicas are loaded for the most tokens per second.</source>
      <translation>An offline batch has no latency target: replicas are loaded for the most tokens per second.</translation>
    </message>
    <message>
      <source>serving engine</source>
      <translation>serving engine</translation>
    </message>
    <message>
      <source>weight precision</source>
      <translation>weight precision</translation>
    </message>
    <message>
      <source>cheapest of BF16/FP8</source>
      <translation>cheapest of BF16/FP8</translation>
    </message>
    <message>
      <source>cheapest, INT8/INT4 too</source>
      <translation>cheapest, INT8/INT4 too</translation>
    </message>
    <message>
      <source>KV-cache precision</source>
      <translation>KV-cache precision</translation>
    </message>
    <message>
      <source>cheapest</source>
      <translation>cheapest</translation>
    </message>
    <message>
      <source>tensor parallel</source>
      <translation>tensor parallel</translation>
    </message>
    <message>
      <source>Serving engine:</source>
      <translation>Serving engine:</translation>
    </message>
    <message>
      <source>Weights:</source>
      <translation>Weights:</translation>
    </message>
    <message>
      <source>KV cache:</source>
      <translation>KV cache:</translation>
    </message>
    <message>
      <source>Cards per replica:</source>
      <translation>Cards per replica:</translation>
    </message>
    <message>
      <source> tokens</source>
      <translation> tokens</translation>
    </message>
    <message>
      <source>not known</source>
      <translation>not known</translation>
    </message>
    <message>
      <source>prefix-cache hits</source>
      <translation>prefix-cache hits</translation>
    </message>
    <message>
      <source> ms</source>
      <translation> ms</translation>
    </message>
    <message>
      <source>no target</source>
      <translation>no target</translation>
    </message>
    <message>
      <source>time to first token</source>
      <translation>time to first token</translation>
    </message>
    <message>
      <source>time per output token</source>
      <translation>time per output token</translation>
    </message>
    <message>
      <source>Offline batch</source>
      <translation>Offline batch</translation>
    </message>
    <message>
      <source>First token, p95:</source>
      <translation>First token, p95:</translation>
    </message>
    <message>
      <source>Per token, p95:</source>
      <translation>Per token, p95:</translation>
    </message>
    <message>
      <source>from users</source>
      <translation>from users</translation>
    </message>
    <message>
      <source>Two sites</source>
      <translation>Two sites</translation>
    </message>
    <message>
      <source>Allow spot instances</source>
      <translation>Allow spot instances</translation>
    </message>
    <message>
      <source>Prompt, mean:</source>
      <translation>Prompt, mean:</translation>
    </message>
    <message>
      <source>as set above</source>
      <translation>as set above</translation>
    </message>
    <message>
      <source>weight precision search</source>
      <translation>weight precision search</translation>
    </message>
    <message>
      <source>Try precisions:</source>
      <translation>Try precisions:</translation>
    </message>
    <message>
      <source>Prompt, p95:</source>
      <translation>Prompt, p95:</translation>
    </message>
    <message>
      <source>Answer, mean:</source>
      <translation>Answer, mean:</translation>
    </message>
    <message>
      <source>Answer, p95:</source>
      <translation>Answer, p95:</translation>
    </message>
    <message>
      <source>Prefix-cache hits:</source>
      <translation>Prefix-cache hits:</translation>
    </message>
    <message>
      <source> requests/s</source>
      <translation> requests/s</translation>
    </message>
    <message>
      <source>peak rate</source>
      <translation>peak rate</translation>
    </message>
    <message>
      <source>not used</source>
      <translation>not used</translation>
    </message>
    <message>
      <source>daily active users</source>
      <translation>daily active users</translation>
    </message>
    <message>
      <source>requests per user a day</source>
      <translation>requests per user a day</translation>
    </message>
    <message>
      <source>Office hours</source>
      <translation>Office hours</translation>
    </message>
    <message>
      <source>Evening consumer peak</source>
      <translation>Evening consumer peak</translation>
    </message>
    <message>
      <source>Flat (an API for machines)</source>
      <translation>Flat (an API for machines)</translation>
    </message>
    <message>
      <source>Typed, hour by hour</source>
      <translation>Typed, hour by hour</translation>
    </message>
    <message>
      <source>shape of the day</source>
      <translation>shape of the day</translation>
    </message>
    <message>
      <source> %/month</source>
      <translation> %/month</translation>
    </message>
    <message>
      <source>monthly growth</source>
      <translation>monthly growth</translation>
    </message>
    <message>
      <source>Busiest hour:</source>
      <translation>Busiest hour:</translation>
    </message>
    <message>
      <source>Daily active users:</source>
      <translation>Daily active users:</translation>
    </message>
    <message>
      <source>Requests per user a day:</source>
      <translation>Requests per user a day:</translation>
    </message>
    <message>
      <source>Shape of the day:</source>
      <translation>Shape of the day:</translation>
    </message>
    <message>
      <source>Share of each hour, 00–23:</source>
      <translation>Share of each hour, 00–23:</translation>
    </message>
    <message>
      <source>Traffic growth:</source>
      <translation>Traffic growth:</translation>
    </message>
    <message>
      <source>spare replicas</source>
      <translation>spare replicas</translation>
    </message>
    <message>
      <source>One site</source>
      <translation>One site</translation>
    </message>
    <message>
      <source>sites</source>
      <translation>sites</translation>
    </message>
    <message>
      <source>after training</source>
      <translation>after training</translation>
    </message>
    <message>
      <source>first month</source>
      <translation>first month</translation>
    </message>
    <message>
      <source>Spare replicas:</source>
      <translation>Spare replicas:</translation>
    </message>
    <message>
      <source>Sites:</source>
      <translation>Sites:</translation>
    </message>
    <message>
      <source>Serving starts in month:</source>
      <translation>Serving starts in month:</translation>
    </message>
    <message>
      <source>Serve the model</source>
      <translation>Serve the model</translation>
    </message>
    <message>
      <source>Stop serving the model</source>
      <translation>Stop serving the model</translation>
    </message>
    <message>
      <source>Serve the model to users</source>
      <translation>Serve the model to users</translation>
    </message>
    <message>
      <source>Tick to plan serving: alone, or after training in the same plan. The serving months' card-hours then follow from the traffic.</source>
      <translation>Tick to plan serving: alone, or after training in the same plan. The serving months' card-hours then follow from the traffic.</translation>
    </message>
  </context>
  <context>
    <name>ServingView</name>
    <message>
      <source>&lt;b&gt;What serving costs per million tokens&lt;/b&gt;</source>
      <translation>&lt;b&gt;What serving costs per million tokens&lt;/b&gt;</translation>
    </message>
    <message>
      <source>Option or hosted API</source>
      <translation>Option or hosted API</translation>
    </message>
    <message>
      <source>Per million
input [%1]</source>
      <translation>Per million
input [%1]</translation>
    </message>
    <message>
      <source>Per million
output [%1]</source>
      <translation>Per million
output [%1]</translation>
    </message>
    <message>
      <source>Serving
cost [%1]</source>
      <translation>Serving
cost [%1]</translation>
    </message>
    <message>
      <source>Serving cost per million tokens</source>
      <translation>Serving cost per million tokens</translation>
    </message>
    <message>
      <source>&lt;b&gt;Serving on each candidate card&lt;/b&gt;</source>
      <translation>&lt;b&gt;Serving on each candidate card&lt;/b&gt;</translation>
    </message>
    <message>
      <source>This plan does not serve its model. Tick “Serve the model to users” on the left to size serving from the traffic you expect.</source>
      <translation>This plan does not serve its model. Tick “Serve the model to users” on the left to size serving from the traffic you expect.</translation>
    </message>
    <message>
      <source>Measured: %1's benchmark (%2) met the targets; the model estimated %3 requests/s.</source>
      <translation>Measured: %1's benchmark (%2) met the targets; the model estimated %3 requests/s.</translation>
    </message>
    <message>
      <source>Estimated by the serving model calibrated on published runs.</source>
      <translation>Estimated by the serving model calibrated on published runs.</translation>
    </message>
    <message>
      <source>&lt;b&gt;One replica: %1 × %2.&lt;/b&gt; At the latency targets it serves %3 requests/s (%4 output tokens/s) with %5 in flight; p95 first token %6 ms, then %7 ms per token.&lt;br&gt;&lt;b&gt;Busiest hour of the first month: %8 replicas, %9 cards&lt;/b&gt; (spares included); with the traffic's growth, up to %10 cards within the plan.</source>
      <translation>&lt;b&gt;One replica: %1 × %2.&lt;/b&gt; At the latency targets it serves %3 requests/s (%4 output tokens/s) with %5 in flight; p95 first token %6 ms, then %7 ms per token.&lt;br&gt;&lt;b&gt;Busiest hour of the first month: %8 replicas, %9 cards&lt;/b&gt; (spares included); with the traffic's growth, up to %10 cards within the plan.</translation>
    </message>
  </context>
</TS>
