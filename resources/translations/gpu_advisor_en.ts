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
    <name>GuideDialog</name>
    <message>
      <source>GPU Advisor user guide</source>
      <translation>GPU Advisor user guide</translation>
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
</TS>
