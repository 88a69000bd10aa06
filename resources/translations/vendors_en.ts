<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
  <context>
    <name>ImportDialog</name>
    <message>
      <source>Import results for %1</source>
      <translation>Import results for %1</translation>
    </message>
    <message>
      <source>File</source>
      <translation>File</translation>
    </message>
    <message>
      <source>Tool</source>
      <translation>Tool</translation>
    </message>
    <message>
      <source>Node</source>
      <translation>Node</translation>
    </message>
    <message>
      <source>Key values</source>
      <translation>Key values</translation>
    </message>
    <message>
      <source>Reason</source>
      <translation>Reason</translation>
    </message>
    <message>
      <source>What to do</source>
      <translation>What to do</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>Cancel</translation>
    </message>
    <message>
      <source>These nccl-tests outputs do not state what was run. Say which collective and how many nodes, as the vendor tells you: a run without them is listed and not judged. Left unknown, nothing is assumed.</source>
      <translation>These nccl-tests outputs do not state what was run. Say which collective and how many nodes, as the vendor tells you: a run without them is listed and not judged. Left unknown, nothing is assumed.</translation>
    </message>
    <message>
      <source>Facts the outputs do not state</source>
      <translation>Facts the outputs do not state</translation>
    </message>
    <message>
      <source>The run produced no result: ask the vendor to run this test again.</source>
      <translation>The run produced no result: ask the vendor to run this test again.</translation>
    </message>
    <message>
      <source>Run the iperf3 client again with -J and import the JSON it prints.</source>
      <translation>Run the iperf3 client again with -J and import the JSON it prints.</translation>
    </message>
    <message>
      <source>The plan does not use this kind of run: run the test as the kit does.</source>
      <translation>The plan does not use this kind of run: run the test as the kit does.</translation>
    </message>
    <message>
      <source>Not an output of the test kit: leave it out, or import the tool's own output.</source>
      <translation>Not an output of the test kit: leave it out, or import the tool's own output.</translation>
    </message>
    <message>
      <source>The file is cut or edited: copy it again from the node.</source>
      <translation>The file is cut or edited: copy it again from the node.</translation>
    </message>
    <message>
      <source>The file could not be read: copy it into the folder as a plain file.</source>
      <translation>The file could not be read: copy it into the folder as a plain file.</translation>
    </message>
    <message>
      <source>Reading file %1 of %2…</source>
      <translation>Reading file %1 of %2…</translation>
    </message>
    <message>
      <source>Nothing can be imported: %1</source>
      <translation>Nothing can be imported: %1</translation>
    </message>
    <message>
      <source>%1 — stated by the user: %2</source>
      <translation>%1 — stated by the user: %2</translation>
    </message>
    <message>
      <source>collective</source>
      <translation>collective</translation>
    </message>
    <message>
      <source>node count</source>
      <translation>node count</translation>
    </message>
    <message>
      <source>unknown collective</source>
      <translation>unknown collective</translation>
    </message>
    <message>
      <source>Collective of %1</source>
      <translation>Collective of %1</translation>
    </message>
    <message>
      <source>The nccl-tests binary the vendor ran (all_reduce_perf…)</source>
      <translation>The nccl-tests binary the vendor ran (all_reduce_perf…)</translation>
    </message>
    <message>
      <source>unknown node count</source>
      <translation>unknown node count</translation>
    </message>
    <message>
      <source> nodes</source>
      <translation> nodes</translation>
    </message>
    <message>
      <source>Node count of %1</source>
      <translation>Node count of %1</translation>
    </message>
    <message>
      <source>How many nodes (servers) the run spanned</source>
      <translation>How many nodes (servers) the run spanned</translation>
    </message>
    <message>
      <source>%1, line %2</source>
      <translation>%1, line %2</translation>
    </message>
    <message numerus="yes">
      <source>&amp;Import %n file(s)</source>
      <translation>
        <numerusform>&amp;Import %n file</numerusform>
        <numerusform>&amp;Import %n files</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Will be imported: %n file(s)</source>
      <translation>
        <numerusform>Will be imported: %n file</numerusform>
        <numerusform>Will be imported: %n files</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Refused, nothing taken from them: %n file(s)</source>
      <translation>
        <numerusform>Refused, nothing taken from them: %n file</numerusform>
        <numerusform>Refused, nothing taken from them: %n files</numerusform>
      </translation>
    </message>
    <message>
      <source>Left out, not test results (notes, scripts, hidden files): %1</source>
      <translation>Left out, not test results (notes, scripts, hidden files): %1</translation>
    </message>
    <message>
      <source>Looking for result files…</source>
      <translation>Looking for result files…</translation>
    </message>
    <message>
      <source>%1 files can be imported, %2 refused. Nothing is imported until you confirm.</source>
      <translation>%1 files can be imported, %2 refused. Nothing is imported until you confirm.</translation>
    </message>
    <message>
      <source>No file holds a result that can be imported.</source>
      <translation>No file holds a result that can be imported.</translation>
    </message>
    <message>
      <source>Cancelling… nothing will be imported.</source>
      <translation>Cancelling… nothing will be imported.</translation>
    </message>
  </context>
  <context>
    <name>JudgementView</name>
    <message>
      <source>Test</source>
      <translation>Test</translation>
    </message>
    <message>
      <source>Node</source>
      <translation>Node</translation>
    </message>
    <message>
      <source>GPU</source>
      <translation>GPU</translation>
    </message>
    <message>
      <source>Measured</source>
      <translation>Measured</translation>
    </message>
    <message>
      <source>Expected</source>
      <translation>Expected</translation>
    </message>
    <message>
      <source>Verdict</source>
      <translation>Verdict</translation>
    </message>
    <message>
      <source>Flag</source>
      <translation>Flag</translation>
    </message>
    <message>
      <source>Threshold</source>
      <translation>Threshold</translation>
    </message>
    <message>
      <source>Finding</source>
      <translation>Finding</translation>
    </message>
    <message>
      <source>NCCL inside one node</source>
      <translation>NCCL inside one node</translation>
    </message>
    <message>
      <source>NCCL across nodes</source>
      <translation>NCCL across nodes</translation>
    </message>
    <message>
      <source>NCCL correctness</source>
      <translation>NCCL correctness</translation>
    </message>
    <message>
      <source>Node-to-node TCP (iperf3)</source>
      <translation>Node-to-node TCP (iperf3)</translation>
    </message>
    <message>
      <source>Checkpoint write (fio)</source>
      <translation>Checkpoint write (fio)</translation>
    </message>
    <message>
      <source>GPU temperature</source>
      <translation>GPU temperature</translation>
    </message>
    <message>
      <source>GPU clock under load</source>
      <translation>GPU clock under load</translation>
    </message>
    <message>
      <source>GPU slowdown</source>
      <translation>GPU slowdown</translation>
    </message>
    <message>
      <source>GPU ECC errors</source>
      <translation>GPU ECC errors</translation>
    </message>
    <message>
      <source>DCGM diagnostics</source>
      <translation>DCGM diagnostics</translation>
    </message>
    <message>
      <source>Tensor-core activity of the job (dcgmi dmon)</source>
      <translation>Tensor-core activity of the job (dcgmi dmon)</translation>
    </message>
    <message>
      <source>SM activity of the job (dcgmi dmon)</source>
      <translation>SM activity of the job (dcgmi dmon)</translation>
    </message>
    <message>
      <source>bf16 matrix multiply</source>
      <translation>bf16 matrix multiply</translation>
    </message>
    <message>
      <source>GPU memory copy</source>
      <translation>GPU memory copy</translation>
    </message>
    <message>
      <source>Training job MFU</source>
      <translation>Training job MFU</translation>
    </message>
    <message>
      <source>DCGM diagnostics: tests not run</source>
      <translation>DCGM diagnostics: tests not run</translation>
    </message>
    <message>
      <source>DCGM diagnostics: test skipped</source>
      <translation>DCGM diagnostics: test skipped</translation>
    </message>
    <message>
      <source>NCCL minimum bandwidth (nccl-tests FAILED)</source>
      <translation>NCCL minimum bandwidth (nccl-tests FAILED)</translation>
    </message>
    <message>
      <source>NCCL, number of servers unknown</source>
      <translation>NCCL, number of servers unknown</translation>
    </message>
    <message>
      <source>NCCL, collective unknown</source>
      <translation>NCCL, collective unknown</translation>
    </message>
    <message>
      <source>Serving benchmark against the latency targets</source>
      <translation>Serving benchmark against the latency targets</translation>
    </message>
    <message>
      <source>collective</source>
      <translation>collective</translation>
    </message>
    <message>
      <source>node count</source>
      <translation>node count</translation>
    </message>
    <message>
      <source>%1 — stated by the user: %2</source>
      <translation>%1 — stated by the user: %2</translation>
    </message>
    <message>
      <source>pass</source>
      <translation>pass</translation>
    </message>
    <message>
      <source>warn</source>
      <translation>warn</translation>
    </message>
    <message>
      <source>fail</source>
      <translation>fail</translation>
    </message>
    <message>
      <source>info</source>
      <translation>info</translation>
    </message>
    <message>
      <source>Add a vendor to see its test results.</source>
      <translation>Add a vendor to see its test results.</translation>
    </message>
    <message>
      <source>No results imported for %1 yet. Generate the test kit, have the vendor run it on the offered machines, then import the results folder.</source>
      <translation>No results imported for %1 yet. Generate the test kit, have the vendor run it on the offered machines, then import the results folder.</translation>
    </message>
    <message>
      <source>Not judged.</source>
      <translation>Not judged.</translation>
    </message>
    <message>
      <source>%1: %2 measurements, %3 checks; overall verdict: %4.</source>
      <translation>%1: %2 measurements, %3 checks; overall verdict: %4.</translation>
    </message>
    <message>
      <source>(all nodes)</source>
      <translation>(all nodes)</translation>
    </message>
    <message>
      <source>Per node:</source>
      <translation>Per node:</translation>
    </message>
    <message>
      <source>Measured MFU %1% against the catalog's %2%.</source>
      <translation>Measured MFU %1% against the catalog's %2%.</translation>
    </message>
    <message>
      <source>Hot</source>
      <translation>Hot</translation>
    </message>
    <message>
      <source>Throttled</source>
      <translation>Throttled</translation>
    </message>
  </context>
  <context>
    <name>QuoteForm</name>
    <message>
      <source>Quote</source>
      <translation>Quote</translation>
    </message>
    <message>
      <source>Service and site</source>
      <translation>Service and site</translation>
    </message>
    <message>
      <source>Network</source>
      <translation>Network</translation>
    </message>
    <message>
      <source>Data compliance</source>
      <translation>Data compliance</translation>
    </message>
    <message>
      <source>Contract clauses</source>
      <translation>Contract clauses</translation>
    </message>
    <message>
      <source>Other terms</source>
      <translation>Other terms</translation>
    </message>
    <message>
      <source>Price the plan's rentals with this quote</source>
      <translation>Price the plan's rentals with this quote</translation>
    </message>
    <message>
      <source>The budget step then prices on-demand, monthly and yearly rentals of this GPU with this vendor's quote, named as their source. A price typed in the budget step still wins; one vendor's quote at a time.</source>
      <translation>The budget step then prices on-demand, monthly and yearly rentals of this GPU with this vendor's quote, named as their source. A price typed in the budget step still wins; one vendor's quote at a time.</translation>
    </message>
    <message>
      <source>Anything else the quote says: minimum term, add-ons, notice period…</source>
      <translation>Anything else the quote says: minimum term, add-ons, notice period…</translation>
    </message>
    <message>
      <source>Name:</source>
      <translation>Name:</translation>
    </message>
    <message>
      <source>&amp;Kind:</source>
      <translation>&amp;Kind:</translation>
    </message>
    <message>
      <source>&amp;GPU:</source>
      <translation>&amp;GPU:</translation>
    </message>
    <message>
      <source>&amp;On-demand price:</source>
      <translation>&amp;On-demand price:</translation>
    </message>
    <message>
      <source>&amp;Monthly price:</source>
      <translation>&amp;Monthly price:</translation>
    </message>
    <message>
      <source>&amp;Yearly factor:</source>
      <translation>&amp;Yearly factor:</translation>
    </message>
    <message>
      <source>VAT:</source>
      <translation>VAT:</translation>
    </message>
    <message>
      <source>&amp;Quote in budget:</source>
      <translation>&amp;Quote in budget:</translation>
    </message>
    <message>
      <source>&amp;SLA availability:</source>
      <translation>&amp;SLA availability:</translation>
    </message>
    <message>
      <source>&amp;Card replacement:</source>
      <translation>&amp;Card replacement:</translation>
    </message>
    <message>
      <source>&amp;Power redundancy:</source>
      <translation>&amp;Power redundancy:</translation>
    </message>
    <message>
      <source>Spare cards on site:</source>
      <translation>Spare cards on site:</translation>
    </message>
    <message>
      <source>Intranet band&amp;width:</source>
      <translation>Intranet band&amp;width:</translation>
    </message>
    <message>
      <source>Network c&amp;lass:</source>
      <translation>Network c&amp;lass:</translation>
    </message>
    <message>
      <source>RDMA:</source>
      <translation>RDMA:</translation>
    </message>
    <message>
      <source>E&amp;xclusive network:</source>
      <translation>E&amp;xclusive network:</translation>
    </message>
    <message>
      <source>VPC isolation:</source>
      <translation>VPC isolation:</translation>
    </message>
    <message>
      <source>Access logs:</source>
      <translation>Access logs:</translation>
    </message>
    <message>
      <source>Encryption:</source>
      <translation>Encryption:</translation>
    </message>
    <message>
      <source>Audit report:</source>
      <translation>Audit report:</translation>
    </message>
    <message>
      <source>Exclusive resources:</source>
      <translation>Exclusive resources:</translation>
    </message>
    <message>
      <source>Failure compensation:</source>
      <translation>Failure compensation:</translation>
    </message>
    <message>
      <source>Deposit refund:</source>
      <translation>Deposit refund:</translation>
    </message>
    <message>
      <source>Acceptance test:</source>
      <translation>Acceptance test:</translation>
    </message>
    <message>
      <source>Free-text terms:</source>
      <translation>Free-text terms:</translation>
    </message>
    <message>
      <source>Public cloud</source>
      <translation>Public cloud</translation>
    </message>
    <message>
      <source>GPU rental platform</source>
      <translation>GPU rental platform</translation>
    </message>
    <message>
      <source>IDC (colocation)</source>
      <translation>IDC (colocation)</translation>
    </message>
    <message>
      <source>Not stated</source>
      <translation>Not stated</translation>
    </message>
    <message>
      <source>Single feed with UPS</source>
      <translation>Single feed with UPS</translation>
    </message>
    <message>
      <source>Dual feed</source>
      <translation>Dual feed</translation>
    </message>
    <message>
      <source>Dual feed and generator</source>
      <translation>Dual feed and generator</translation>
    </message>
    <message>
      <source>Prices include VAT</source>
      <translation>Prices include VAT</translation>
    </message>
    <message>
      <source>Prices exclude VAT</source>
      <translation>Prices exclude VAT</translation>
    </message>
    <message>
      <source>Yes</source>
      <translation>Yes</translation>
    </message>
    <message>
      <source>No</source>
      <translation>No</translation>
    </message>
    <message>
      <source>not stated</source>
      <translation>not stated</translation>
    </message>
    <message>
      <source> CNY per card-hour</source>
      <translation> CNY per card-hour</translation>
    </message>
    <message>
      <source> CNY per card-month</source>
      <translation> CNY per card-month</translation>
    </message>
    <message>
      <source> × monthly</source>
      <translation> × monthly</translation>
    </message>
    <message>
      <source> hours</source>
      <translation> hours</translation>
    </message>
    <message>
      <source>Yearly price as a share of the monthly price, e.g. 0.85 for 15% off. 0 means not quoted.</source>
      <translation>Yearly price as a share of the monthly price, e.g. 0.85 for 15% off. 0 means not quoted.</translation>
    </message>
    <message>
      <source>Hours from a card failure to a working replacement. 0 means not stated.</source>
      <translation>Hours from a card failure to a working replacement. 0 means not stated.</translation>
    </message>
    <message>
      <source>NIC speed the vendor quotes between nodes; iperf3 is judged against it.</source>
      <translation>NIC speed the vendor quotes between nodes; iperf3 is judged against it.</translation>
    </message>
    <message>
      <source>Measured MFU %1% (from this vendor's training job): sizing and cost use it instead of the catalog's estimate, marked as measured.</source>
      <translation>Measured MFU %1% (from this vendor's training job): sizing and cost use it instead of the catalog's estimate, marked as measured.</translation>
    </message>
  </context>
  <context>
    <name>VendorCharts</name>
    <message>
      <source>Across nodes</source>
      <translation>Across nodes</translation>
    </message>
    <message>
      <source>Bus bandwidth [GB/s]</source>
      <translation>Bus bandwidth [GB/s]</translation>
    </message>
    <message>
      <source>Inside one node</source>
      <translation>Inside one node</translation>
    </message>
    <message>
      <source>Local read</source>
      <translation>Local read</translation>
    </message>
    <message>
      <source>Local write</source>
      <translation>Local write</translation>
    </message>
    <message>
      <source>Loss</source>
      <translation>Loss</translation>
    </message>
    <message>
      <source>Message size</source>
      <translation>Message size</translation>
    </message>
    <message>
      <source>NCCL all_reduce bus bandwidth</source>
      <translation>NCCL all_reduce bus bandwidth</translation>
    </message>
    <message>
      <source>No measurements yet: generate the test kit, have each vendor run it, then import the results.</source>
      <translation>No measurements yet: generate the test kit, have each vendor run it, then import the results.</translation>
    </message>
    <message>
      <source>Node-to-node TCP (iperf3)</source>
      <translation>Node-to-node TCP (iperf3)</translation>
    </message>
    <message>
      <source>Received [Gbit/s]</source>
      <translation>Received [Gbit/s]</translation>
    </message>
    <message>
      <source>Shared read</source>
      <translation>Shared read</translation>
    </message>
    <message>
      <source>Shared write</source>
      <translation>Shared write</translation>
    </message>
    <message>
      <source>Storage throughput (fio, 1 MiB blocks)</source>
      <translation>Storage throughput (fio, 1 MiB blocks)</translation>
    </message>
    <message>
      <source>Throughput [GB/s]</source>
      <translation>Throughput [GB/s]</translation>
    </message>
    <message>
      <source>Tokens/s per GPU</source>
      <translation>Tokens/s per GPU</translation>
    </message>
    <message>
      <source>Training loss</source>
      <translation>Training loss</translation>
    </message>
    <message>
      <source>Training step</source>
      <translation>Training step</translation>
    </message>
    <message>
      <source>Training throughput per GPU</source>
      <translation>Training throughput per GPU</translation>
    </message>
  </context>
  <context>
    <name>VendorsPage</name>
    <message>
      <source>%1 (copy)</source>
      <translation>%1 (copy)</translation>
    </message>
    <message>
      <source>%1 measurements imported</source>
      <translation>%1 measurements imported</translation>
    </message>
    <message>
      <source>&amp;Add</source>
      <translation>&amp;Add</translation>
    </message>
    <message>
      <source>&amp;Import results…</source>
      <translation>&amp;Import results…</translation>
    </message>
    <message>
      <source>&amp;Remove</source>
      <translation>&amp;Remove</translation>
    </message>
    <message>
      <source>+%1 points: %2 wins</source>
      <translation>+%1 points: %2 wins</translation>
    </message>
    <message>
      <source>Add a candidate vendor</source>
      <translation>Add a candidate vendor</translation>
    </message>
    <message>
      <source>Add vendor</source>
      <translation>Add vendor</translation>
    </message>
    <message>
      <source>Add vendors and import their results to rank them.</source>
      <translation>Add vendors and import their results to rank them.</translation>
    </message>
    <message>
      <source>Another vendor already has this name.</source>
      <translation>Another vendor already has this name.</translation>
    </message>
    <message>
      <source>Archives (*.tar.gz)</source>
      <translation>Archives (*.tar.gz)</translation>
    </message>
    <message>
      <source>As a .tar.gz archive…</source>
      <translation>As a .tar.gz archive…</translation>
    </message>
    <message>
      <source>Candidate ven&amp;dors:</source>
      <translation>Candidate ven&amp;dors:</translation>
    </message>
    <message>
      <source>Cannot build the test kit: %1</source>
      <translation>Cannot build the test kit: %1</translation>
    </message>
    <message>
      <source>Cannot write the test kit: %1</source>
      <translation>Cannot write the test kit: %1</translation>
    </message>
    <message>
      <source>Card replacement</source>
      <translation>Card replacement</translation>
    </message>
    <message>
      <source>Change %1</source>
      <translation>Change %1</translation>
    </message>
    <message>
      <source>Change weight of %1</source>
      <translation>Change weight of %1</translation>
    </message>
    <message>
      <source>Clear results of %1</source>
      <translation>Clear results of %1</translation>
    </message>
    <message>
      <source>Clear this vendor's results</source>
      <translation>Clear this vendor's results</translation>
    </message>
    <message>
      <source>Compare</source>
      <translation>Compare</translation>
    </message>
    <message>
      <source>Compliance</source>
      <translation>Compliance</translation>
    </message>
    <message>
      <source>Contract terms</source>
      <translation>Contract terms</translation>
    </message>
    <message>
      <source>Copy the selected vendor's quote and terms</source>
      <translation>Copy the selected vendor's quote and terms</translation>
    </message>
    <message>
      <source>Criterion</source>
      <translation>Criterion</translation>
    </message>
    <message>
      <source>D&amp;uplicate</source>
      <translation>D&amp;uplicate</translation>
    </message>
    <message>
      <source>Duplicate vendor</source>
      <translation>Duplicate vendor</translation>
    </message>
    <message>
      <source>Each score runs from 0 to 100 by a fixed rule (hover over a score to see it); the total is the weighted mean. The last column says how far a weight must move before another vendor comes first.</source>
      <translation>Each score runs from 0 to 100 by a fixed rule (hover over a score to see it); the total is the weighted mean. The last column says how far a weight must move before another vendor comes first.</translation>
    </message>
    <message>
      <source>Enter each candidate's quote and terms, send them the test kit, import what they measured, and compare.</source>
      <translation>Enter each candidate's quote and terms, send them the test kit, import what they measured, and compare.</translation>
    </message>
    <message>
      <source>Folder for the test kit</source>
      <translation>Folder for the test kit</translation>
    </message>
    <message>
      <source>Generate &amp;test kit…</source>
      <translation>Generate &amp;test kit…</translation>
    </message>
    <message>
      <source>Import results for %1</source>
      <translation>Import results for %1</translation>
    </message>
    <message>
      <source>Imported %1 measurements from %2 files for %3.</source>
      <translation>Imported %1 measurements from %2 files for %3.</translation>
    </message>
    <message>
      <source>Input: %1
Rule: %2</source>
      <translation>Input: %1
Rule: %2</translation>
    </message>
    <message>
      <source>Into a folder…</source>
      <translation>Into a folder…</translation>
    </message>
    <message>
      <source>%1 (rank %2)</source>
      <translation>%1 (rank %2)</translation>
    </message>
    <message>
      <source>Measured numbers beat brochure numbers: the verdicts, charts and scores below use what the test kit measured on the vendor's machines.</source>
      <translation>Measured numbers beat brochure numbers: the verdicts, charts and scores below use what the test kit measured on the vendor's machines.</translation>
    </message>
    <message>
      <source>Weight of %1</source>
      <translation>Weight of %1</translation>
    </message>
    <message>
      <source>Measured performance</source>
      <translation>Measured performance</translation>
    </message>
    <message>
      <source>Network</source>
      <translation>Network</translation>
    </message>
    <message>
      <source>Ranked first: %1 (%2 of 100).</source>
      <translation>Ranked first: %1 (%2 of 100).</translation>
    </message>
    <message>
      <source>No change within 0–100 alters the winner.</source>
      <translation>No change within 0–100 alters the winner.</translation>
    </message>
    <message>
      <source>Nothing was imported.</source>
      <translation>Nothing was imported.</translation>
    </message>
    <message>
      <source>No result files found there; nothing was imported.</source>
      <translation>No result files found there; nothing was imported.</translation>
    </message>
    <message>
      <source>No test results yet</source>
      <translation>No test results yet</translation>
    </message>
    <message>
      <source>Nothing was imported: %1</source>
      <translation>Nothing was imported: %1</translation>
    </message>
    <message>
      <source>Only one vendor: add another to compare.</source>
      <translation>Only one vendor: add another to compare.</translation>
    </message>
    <message>
      <source>Power redundancy</source>
      <translation>Power redundancy</translation>
    </message>
    <message>
      <source>Price</source>
      <translation>Price</translation>
    </message>
    <message>
      <source>Quote and terms</source>
      <translation>Quote and terms</translation>
    </message>
    <message>
      <source>Rank</source>
      <translation>Rank</translation>
    </message>
    <message>
      <source>Remove the selected vendor (undoable)</source>
      <translation>Remove the selected vendor (undoable)</translation>
    </message>
    <message>
      <source>Remove vendor %1</source>
      <translation>Remove vendor %1</translation>
    </message>
    <message>
      <source>Result files to import</source>
      <translation>Result files to import</translation>
    </message>
    <message>
      <source>Result files…</source>
      <translation>Result files…</translation>
    </message>
    <message>
      <source>Results folder to import</source>
      <translation>Results folder to import</translation>
    </message>
    <message>
      <source>Results folder…</source>
      <translation>Results folder…</translation>
    </message>
    <message>
      <source>SLA</source>
      <translation>SLA</translation>
    </message>
    <message>
      <source>Save the test kit as</source>
      <translation>Save the test kit as</translation>
    </message>
    <message>
      <source>Scoring</source>
      <translation>Scoring</translation>
    </message>
    <message>
      <source>Spares on site</source>
      <translation>Spares on site</translation>
    </message>
    <message>
      <source>Test kit for %1 written to %2. Run first, on one node: %3 (README.md explains the multi-node steps and what to send back).</source>
      <translation>Test kit for %1 written to %2. Run first, on one node: %3 (README.md explains the multi-node steps and what to send back).</translation>
    </message>
    <message>
      <source>Test kit results (*.txt *.csv *.json *.xml);;All files (*)</source>
      <translation>Test kit results (*.txt *.csv *.json *.xml);;All files (*)</translation>
    </message>
    <message>
      <source>Test results</source>
      <translation>Test results</translation>
    </message>
    <message>
      <source>The vendor %1 is gone; nothing was imported.</source>
      <translation>The vendor %1 is gone; nothing was imported.</translation>
    </message>
    <message>
      <source>Vendor %1</source>
      <translation>Vendor %1</translation>
    </message>
    <message>
      <source>Vendor tests</source>
      <translation>Vendor tests</translation>
    </message>
    <message>
      <source>Weight</source>
      <translation>Weight</translation>
    </message>
    <message>
      <source>Weight change that hands the lead to another vendor</source>
      <translation>Weight change that hands the lead to another vendor</translation>
    </message>
    <message>
      <source>Weighted total (0–100)</source>
      <translation>Weighted total (0–100)</translation>
    </message>
    <message>
      <source>−%1 points: %2 wins</source>
      <translation>−%1 points: %2 wins</translation>
    </message>
  </context>
</TS>
