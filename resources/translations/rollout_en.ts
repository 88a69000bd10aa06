<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
  <context>
    <name>ChecklistPage</name>
    <message>
      <source>%1 failed: resolve them before signing.</source>
      <translation>%1 failed: resolve them before signing.</translation>
    </message>
    <message>
      <source>%1 of %2 items done (passed or not applicable).</source>
      <translation>%1 of %2 items done (passed or not applicable).</translation>
    </message>
    <message>
      <source>All files (*)</source>
      <translation>All files (*)</translation>
    </message>
    <message>
      <source>C&amp;lear evidence</source>
      <translation>C&amp;lear evidence</translation>
    </message>
    <message>
      <source>Change checklist note</source>
      <translation>Change checklist note</translation>
    </message>
    <message>
      <source>Change checklist owner</source>
      <translation>Change checklist owner</translation>
    </message>
    <message>
      <source>Change evidence file</source>
      <translation>Change evidence file</translation>
    </message>
    <message>
      <source>Check the site, the network and the contract before you sign. Double-click a cell to edit it.</source>
      <translation>Check the site, the network and the contract before you sign. Double-click a cell to edit it.</translation>
    </message>
    <message>
      <source>Contract clauses</source>
      <translation>Contract clauses</translation>
    </message>
    <message>
      <source>Evidence f&amp;ile…</source>
      <translation>Evidence f&amp;ile…</translation>
    </message>
    <message>
      <source>Evidence file</source>
      <translation>Evidence file</translation>
    </message>
    <message>
      <source>Evidence for “%1”</source>
      <translation>Evidence for “%1”</translation>
    </message>
    <message>
      <source>Fail</source>
      <translation>Fail</translation>
    </message>
    <message>
      <source>Item</source>
      <translation>Item</translation>
    </message>
    <message>
      <source>Measured with iperf3: %1</source>
      <translation>Measured with iperf3: %1</translation>
    </message>
    <message>
      <source>Not applicable</source>
      <translation>Not applicable</translation>
    </message>
    <message>
      <source>Note</source>
      <translation>Note</translation>
    </message>
    <message>
      <source>Open</source>
      <translation>Open</translation>
    </message>
    <message>
      <source>Other items</source>
      <translation>Other items</translation>
    </message>
    <message>
      <source>Owner</source>
      <translation>Owner</translation>
    </message>
    <message>
      <source>Pass</source>
      <translation>Pass</translation>
    </message>
    <message>
      <source>Checklist items</source>
      <translation>Checklist items</translation>
    </message>
    <message>
      <source>Pick a file (photo, test log, contract page) for this item.</source>
      <translation>Pick a file (photo, test log, contract page) for this item.</translation>
    </message>
    <message>
      <source>Pitfalls</source>
      <translation>Pitfalls</translation>
    </message>
    <message>
      <source>Select an item to see what to check.</source>
      <translation>Select an item to see what to check.</translation>
    </message>
    <message>
      <source>Set checklist status</source>
      <translation>Set checklist status</translation>
    </message>
    <message>
      <source>Site and contract checklist</source>
      <translation>Site and contract checklist</translation>
    </message>
    <message>
      <source>Six points before renting or colocating</source>
      <translation>Six points before renting or colocating</translation>
    </message>
    <message>
      <source>Status</source>
      <translation>Status</translation>
    </message>
    <message>
      <source>This item is not in the catalog of this version.</source>
      <translation>This item is not in the catalog of this version.</translation>
    </message>
    <message>
      <source>This plan: %1 GPU-hours, %2 with the ×1.5 margin.</source>
      <translation>This plan: %1 GPU-hours, %2 with the ×1.5 margin.</translation>
    </message>
    <message>
      <source>Three colocation questions</source>
      <translation>Three colocation questions</translation>
    </message>
    <message>
      <source>iperf3: not measured yet.</source>
      <translation>iperf3: not measured yet.</translation>
    </message>
  </context>
  <context>
    <name>ConfigViewer</name>
    <message>
      <source>&amp;Copy</source>
      <translation>&amp;Copy</translation>
    </message>
    <message>
      <source>&amp;Save…</source>
      <translation>&amp;Save…</translation>
    </message>
    <message>
      <source>All files (*)</source>
      <translation>All files (*)</translation>
    </message>
    <message>
      <source>Copied to the clipboard.</source>
      <translation>Copied to the clipboard.</translation>
    </message>
    <message>
      <source>Copy the whole file to the clipboard.</source>
      <translation>Copy the whole file to the clipboard.</translation>
    </message>
    <message>
      <source>Could not save %1: %2</source>
      <translation>Could not save %1: %2</translation>
    </message>
    <message>
      <source>Save Generated File</source>
      <translation>Save Generated File</translation>
    </message>
    <message>
      <source>Save the file to disk (UTF-8).</source>
      <translation>Save the file to disk (UTF-8).</translation>
    </message>
    <message>
      <source>Saved to %1</source>
      <translation>Saved to %1</translation>
    </message>
  </context>
  <context>
    <name>EnvironmentPage</name>
    <message>
      <source> h</source>
      <translation> h</translation>
    </message>
    <message>
      <source>%1 (selected)</source>
      <translation>%1 (selected)</translation>
    </message>
    <message>
      <source>&amp;Data path:</source>
      <translation>&amp;Data path:</translation>
    </message>
    <message>
      <source>&amp;GPUs per node:</source>
      <translation>&amp;GPUs per node:</translation>
    </message>
    <message>
      <source>&amp;Job name:</source>
      <translation>&amp;Job name:</translation>
    </message>
    <message>
      <source>&amp;Training script:</source>
      <translation>&amp;Training script:</translation>
    </message>
    <message>
      <source>&amp;Use the plan's cards</source>
      <translation>&amp;Use the plan's cards</translation>
    </message>
    <message numerus="yes">
      <source>The plan needs %1 cards: %n node(s) × %2 GPUs.</source>
      <translation>
        <numerusform>The plan needs %1 cards: %n node × %2 GPUs.</numerusform>
        <numerusform>The plan needs %1 cards: %n nodes × %2 GPUs.</numerusform>
      </translation>
    </message>
    <message>
      <source>Bare nodes (SSH + torchrun)</source>
      <translation>Bare nodes (SSH + torchrun)</translation>
    </message>
    <message>
      <source>Bare-node script</source>
      <translation>Bare-node script</translation>
    </message>
    <message>
      <source>CPUs per GPU</source>
      <translation>CPUs per GPU</translation>
    </message>
    <message>
      <source>CPUs per GPU:</source>
      <translation>CPUs per GPU:</translation>
    </message>
    <message>
      <source>CUD&amp;A version:</source>
      <translation>CUD&amp;A version:</translation>
    </message>
    <message>
      <source>CUDA version</source>
      <translation>CUDA version</translation>
    </message>
    <message>
      <source>Cluster</source>
      <translation>Cluster</translation>
    </message>
    <message>
      <source>Data volume claim:</source>
      <translation>Data volume claim:</translation>
    </message>
    <message>
      <source>Environment</source>
      <translation>Environment</translation>
    </message>
    <message>
      <source>GPUs per node</source>
      <translation>GPUs per node</translation>
    </message>
    <message>
      <source>Host na&amp;mes:</source>
      <translation>Host na&amp;mes:</translation>
    </message>
    <message>
      <source>Image pull secret:</source>
      <translation>Image pull secret:</translation>
    </message>
    <message>
      <source>Job</source>
      <translation>Job</translation>
    </message>
    <message>
      <source>Kubernetes Job</source>
      <translation>Kubernetes Job</translation>
    </message>
    <message>
      <source>Kubernetes PersistentVolumeClaim mounted at the data path.</source>
      <translation>Kubernetes PersistentVolumeClaim mounted at the data path.</translation>
    </message>
    <message>
      <source>Kubernetes cluster</source>
      <translation>Kubernetes cluster</translation>
    </message>
    <message>
      <source>Kubernetes only.</source>
      <translation>Kubernetes only.</translation>
    </message>
    <message>
      <source>Memory per GPU:</source>
      <translation>Memory per GPU:</translation>
    </message>
    <message>
      <source>N&amp;odes:</source>
      <translation>N&amp;odes:</translation>
    </message>
    <message>
      <source>NCCL variables:</source>
      <translation>NCCL variables:</translation>
    </message>
    <message>
      <source>Names&amp;pace:</source>
      <translation>Names&amp;pace:</translation>
    </message>
    <message>
      <source>No sizing result yet.</source>
      <translation>No sizing result yet.</translation>
    </message>
    <message>
      <source>Nodes and NCCL</source>
      <translation>Nodes and NCCL</translation>
    </message>
    <message>
      <source>Override the plan: generate the files for these nodes and GPUs per node</source>
      <translation>Override the plan: generate the files for these nodes and GPUs per node</translation>
    </message>
    <message>
      <source>Pa&amp;rtition:</source>
      <translation>Pa&amp;rtition:</translation>
    </message>
    <message>
      <source>PyTorch &amp;image:</source>
      <translation>PyTorch &amp;image:</translation>
    </message>
    <message>
      <source>PyTorch image</source>
      <translation>PyTorch image</translation>
    </message>
    <message>
      <source>RDMA resource</source>
      <translation>RDMA resource</translation>
    </message>
    <message>
      <source>RDMA resource:</source>
      <translation>RDMA resource:</translation>
    </message>
    <message>
      <source>Rendezvous port:</source>
      <translation>Rendezvous port:</translation>
    </message>
    <message>
      <source>Resources per node</source>
      <translation>Resources per node</translation>
    </message>
    <message>
      <source>Run torchrun inside the PyTorch image (docker)</source>
      <translation>Run torchrun inside the PyTorch image (docker)</translation>
    </message>
    <message>
      <source>SLURM cluster</source>
      <translation>SLURM cluster</translation>
    </message>
    <message>
      <source>SLURM only.</source>
      <translation>SLURM only.</translation>
    </message>
    <message>
      <source>SLURM sbatch</source>
      <translation>SLURM sbatch</translation>
    </message>
    <message>
      <source>Scheduler:</source>
      <translation>Scheduler:</translation>
    </message>
    <message>
      <source>Script ConfigMap:</source>
      <translation>Script ConfigMap:</translation>
    </message>
    <message>
      <source>Script from:</source>
      <translation>Script from:</translation>
    </message>
    <message>
      <source>Set nodes and GPUs per node from the sizing result.</source>
      <translation>Set nodes and GPUs per node from the sizing result.</translation>
    </message>
    <message>
      <source>Shared memory (/dev/shm):</source>
      <translation>Shared memory (/dev/shm):</translation>
    </message>
    <message>
      <source>Software</source>
      <translation>Software</translation>
    </message>
    <message>
      <source>Start on a single node: once the job runs stably there, scale out to several nodes. Problems are much quicker to find that way.</source>
      <translation>Start on a single node: once the job runs stably there, scale out to several nodes. Problems are much quicker to find that way.</translation>
    </message>
    <message>
      <source>Time &amp;limit:</source>
      <translation>Time &amp;limit:</translation>
    </message>
    <message>
      <source>Use the plan's card count</source>
      <translation>Use the plan's card count</translation>
    </message>
    <message>
      <source>Where the training job runs, and the files that launch it: copy them or save them next to your code.</source>
      <translation>Where the training job runs, and the files that launch it: copy them or save them next to your code.</translation>
    </message>
    <message>
      <source>a ConfigMap</source>
      <translation>a ConfigMap</translation>
    </message>
    <message>
      <source>data path</source>
      <translation>data path</translation>
    </message>
    <message>
      <source>data volume claim</source>
      <translation>data volume claim</translation>
    </message>
    <message>
      <source>e.g. rdma/rdma_shared_device_a</source>
      <translation>e.g. rdma/rdma_shared_device_a</translation>
    </message>
    <message>
      <source>gpu-node-01 gpu-node-02 … (first one = rendezvous master)</source>
      <translation>gpu-node-01 gpu-node-02 … (first one = rendezvous master)</translation>
    </message>
    <message>
      <source>host names</source>
      <translation>host names</translation>
    </message>
    <message>
      <source>image pull secret</source>
      <translation>image pull secret</translation>
    </message>
    <message>
      <source>job name</source>
      <translation>job name</translation>
    </message>
    <message>
      <source>memory per GPU</source>
      <translation>memory per GPU</translation>
    </message>
    <message>
      <source>namespace</source>
      <translation>namespace</translation>
    </message>
    <message>
      <source>nodes</source>
      <translation>nodes</translation>
    </message>
    <message>
      <source>none (host path)</source>
      <translation>none (host path)</translation>
    </message>
    <message>
      <source>none (public registry)</source>
      <translation>none (public registry)</translation>
    </message>
    <message>
      <source>not set</source>
      <translation>not set</translation>
    </message>
    <message>
      <source>partition</source>
      <translation>partition</translation>
    </message>
    <message>
      <source>rendezvous port</source>
      <translation>rendezvous port</translation>
    </message>
    <message>
      <source>scheduler</source>
      <translation>scheduler</translation>
    </message>
    <message>
      <source>script ConfigMap</source>
      <translation>script ConfigMap</translation>
    </message>
    <message>
      <source>script source</source>
      <translation>script source</translation>
    </message>
    <message>
      <source>shared memory</source>
      <translation>shared memory</translation>
    </message>
    <message>
      <source>the data volume claim</source>
      <translation>the data volume claim</translation>
    </message>
    <message>
      <source>the image</source>
      <translation>the image</translation>
    </message>
    <message>
      <source>time limit</source>
      <translation>time limit</translation>
    </message>
    <message>
      <source>training script</source>
      <translation>training script</translation>
    </message>
  </context>
  <context>
    <name>MonitoringPage</name>
    <message>
      <source> min</source>
      <translation> min</translation>
    </message>
    <message>
      <source> s</source>
      <translation> s</translation>
    </message>
    <message>
      <source>&amp;GPU temperature above:</source>
      <translation>&amp;GPU temperature above:</translation>
    </message>
    <message>
      <source>&amp;Memory temperature above:</source>
      <translation>&amp;Memory temperature above:</translation>
    </message>
    <message>
      <source>&amp;Utilisation below:</source>
      <translation>&amp;Utilisation below:</translation>
    </message>
    <message>
      <source>A GPU that looks busy while its tensor cores do nothing for this long is probably stuck in an NCCL collective.</source>
      <translation>A GPU that looks busy while its tensor cores do nothing for this long is probably stuck in an NCCL collective.</translation>
    </message>
    <message>
      <source>Alert on power or thermal throttling</source>
      <translation>Alert on power or thermal throttling</translation>
    </message>
    <message>
      <source>Alert rules</source>
      <translation>Alert rules</translation>
    </message>
    <message>
      <source>Alert thresholds</source>
      <translation>Alert thresholds</translation>
    </message>
    <message>
      <source>Alert thresholds, and the files that set up the monitoring.</source>
      <translation>Alert thresholds, and the files that set up the monitoring.</translation>
    </message>
    <message>
      <source>Alert when this many uncorrectable ECC errors have occurred.</source>
      <translation>Alert when this many uncorrectable ECC errors have occurred.</translation>
    </message>
    <message>
      <source>Below ~60 % utilisation: look at data loading first (loader workers, storage, preprocessing) before adding cards.</source>
      <translation>Below ~60 % utilisation: look at data loading first (loader workers, storage, preprocessing) before adding cards.</translation>
    </message>
    <message>
      <source>Collection</source>
      <translation>Collection</translation>
    </message>
    <message>
      <source>DCGM exporter</source>
      <translation>DCGM exporter</translation>
    </message>
    <message>
      <source>ECC &amp;double-bit errors:</source>
      <translation>ECC &amp;double-bit errors:</translation>
    </message>
    <message>
      <source>ECC error threshold</source>
      <translation>ECC error threshold</translation>
    </message>
    <message>
      <source>Exporter &amp;image:</source>
      <translation>Exporter &amp;image:</translation>
    </message>
    <message>
      <source>Exporter p&amp;ort:</source>
      <translation>Exporter p&amp;ort:</translation>
    </message>
    <message>
      <source>GPU temperature alert</source>
      <translation>GPU temperature alert</translation>
    </message>
    <message>
      <source>Grafana dashboard</source>
      <translation>Grafana dashboard</translation>
    </message>
    <message>
      <source>Monitoring</source>
      <translation>Monitoring</translation>
    </message>
    <message>
      <source>NCCL hang af&amp;ter:</source>
      <translation>NCCL hang af&amp;ter:</translation>
    </message>
    <message>
      <source>NCCL hang time</source>
      <translation>NCCL hang time</translation>
    </message>
    <message>
      <source>Names&amp;pace:</source>
      <translation>Names&amp;pace:</translation>
    </message>
    <message>
      <source>Prometheus scrape config</source>
      <translation>Prometheus scrape config</translation>
    </message>
    <message>
      <source>Scrape interva&amp;l:</source>
      <translation>Scrape interva&amp;l:</translation>
    </message>
    <message>
      <source>The DCGM exporter reads every GPU's temperature, utilisation, errors and throttling, and Prometheus collects these figures and raises the alerts below. Grafana draws them as dashboards (import dashboard %1).</source>
      <translation>The DCGM exporter reads every GPU's temperature, utilisation, errors and throttling, and Prometheus collects these figures and raises the alerts below. Grafana draws them as dashboards (import dashboard %1).</translation>
    </message>
    <message>
      <source>exporter image</source>
      <translation>exporter image</translation>
    </message>
    <message>
      <source>exporter port</source>
      <translation>exporter port</translation>
    </message>
    <message>
      <source>low utilisation threshold</source>
      <translation>low utilisation threshold</translation>
    </message>
    <message>
      <source>low utilisation window</source>
      <translation>low utilisation window</translation>
    </message>
    <message>
      <source>memory temperature alert</source>
      <translation>memory temperature alert</translation>
    </message>
    <message>
      <source>monitoring namespace</source>
      <translation>monitoring namespace</translation>
    </message>
    <message>
      <source>scrape interval</source>
      <translation>scrape interval</translation>
    </message>
    <message>
      <source>… for &amp;at least:</source>
      <translation>… for &amp;at least:</translation>
    </message>
  </context>
  <context>
    <name>PdfExportController</name>
    <message>
      <source>Cancel</source>
      <translation>Cancel</translation>
    </message>
    <message>
      <source>Choose a Chinese Font</source>
      <translation>Choose a Chinese Font</translation>
    </message>
    <message>
      <source>Could not export the PDF to %1:

%2</source>
      <translation>Could not export the PDF to %1:

%2</translation>
    </message>
    <message>
      <source>PDF (*.pdf)</source>
      <translation>PDF (*.pdf)</translation>
    </message>
    <message>
      <source>Export PDF</source>
      <translation>Export PDF</translation>
    </message>
    <message>
      <source>Export Plan as PDF</source>
      <translation>Export Plan as PDF</translation>
    </message>
    <message>
      <source>The PDF needs a font with Chinese characters, and none could be used.

%1

Choose a TrueType font file (.ttf or .ttc) now?</source>
      <translation>The PDF needs a font with Chinese characters, and none could be used.

%1

Choose a TrueType font file (.ttf or .ttc) now?</translation>
    </message>
    <message>
      <source>TrueType fonts (*.ttf *.ttc);;All files (*)</source>
      <translation>TrueType fonts (*.ttf *.ttc);;All files (*)</translation>
    </message>
    <message>
      <source>Unexpected result.</source>
      <translation>Unexpected result.</translation>
    </message>
    <message>
      <source>Writing the plan to %1 …</source>
      <translation>Writing the plan to %1 …</translation>
    </message>
  </context>
  <context>
    <name>ReviewPage</name>
    <message>
      <source>&amp;Add row</source>
      <translation>&amp;Add row</translation>
    </message>
    <message>
      <source>&amp;Remove row</source>
      <translation>&amp;Remove row</translation>
    </message>
    <message>
      <source>(no role)</source>
      <translation>(no role)</translation>
    </message>
    <message>
      <source>APPROVED</source>
      <translation>APPROVED</translation>
    </message>
    <message>
      <source>Add at least one sign-off row before approving.</source>
      <translation>Add at least one sign-off row before approving.</translation>
    </message>
    <message>
      <source>Add sign-off row</source>
      <translation>Add sign-off row</translation>
    </message>
    <message>
      <source>Approve</source>
      <translation>Approve</translation>
    </message>
    <message>
      <source>Approve the plan</source>
      <translation>Approve the plan</translation>
    </message>
    <message>
      <source>Approve with conditions</source>
      <translation>Approve with conditions</translation>
    </message>
    <message>
      <source>Approved by every sign-off row.</source>
      <translation>Approved by every sign-off row.</translation>
    </message>
    <message>
      <source>At most 50 sign-off rows.</source>
      <translation>At most 50 sign-off rows.</translation>
    </message>
    <message>
      <source>Break-even utilisation (own vs rent)</source>
      <translation>Break-even utilisation (own vs rent)</translation>
    </message>
    <message>
      <source>Cards</source>
      <translation>Cards</translation>
    </message>
    <message>
      <source>Change sign-off comment</source>
      <translation>Change sign-off comment</translation>
    </message>
    <message>
      <source>Change sign-off date</source>
      <translation>Change sign-off date</translation>
    </message>
    <message>
      <source>Change sign-off decision</source>
      <translation>Change sign-off decision</translation>
    </message>
    <message>
      <source>Change sign-off name</source>
      <translation>Change sign-off name</translation>
    </message>
    <message>
      <source>Change sign-off role</source>
      <translation>Change sign-off role</translation>
    </message>
    <message>
      <source>Checklist: %1 (%2)</source>
      <translation>Checklist: %1 (%2)</translation>
    </message>
    <message>
      <source>Comment</source>
      <translation>Comment</translation>
    </message>
    <message>
      <source>Computed from every input of the plan and the app version %1; the PDF prints it. To check a signed PDF against this plan, use File ▸ Verify Plan…, or run: %2</source>
      <translation>Computed from every input of the plan and the app version %1; the PDF prints it. To check a signed PDF against this plan, use File ▸ Verify Plan…, or run: %2</translation>
    </message>
    <message>
      <source>inside one server: %1</source>
      <translation>inside one server: %1</translation>
    </message>
    <message>
      <source>Network</source>
      <translation>Network</translation>
    </message>
    <message>
      <source>MFU</source>
      <translation>MFU</translation>
    </message>
    <message>
      <source>Cost per useful GPU-hour</source>
      <translation>Cost per useful GPU-hour</translation>
    </message>
    <message>
      <source>DRAFT</source>
      <translation>DRAFT</translation>
    </message>
    <message>
      <source>Date</source>
      <translation>Date</translation>
    </message>
    <message>
      <source>Decision</source>
      <translation>Decision</translation>
    </message>
    <message>
      <source>Plan summary</source>
      <translation>Plan summary</translation>
    </message>
    <message>
      <source>E&amp;xport PDF…</source>
      <translation>E&amp;xport PDF…</translation>
    </message>
    <message>
      <source>%1 % (measured by vendors)</source>
      <translation>%1 % (measured by vendors)</translation>
    </message>
    <message>
      <source>%1 % (your input)</source>
      <translation>%1 % (your input)</translation>
    </message>
    <message>
      <source>%1 % (modelled)</source>
      <translation>%1 % (modelled)</translation>
    </message>
    <message>
      <source>No feasible option</source>
      <translation>No feasible option</translation>
    </message>
    <message>
      <source>Incomplete plan. Cheapest for the priced part only: %1</source>
      <translation>Incomplete plan. Cheapest for the priced part only: %1</translation>
    </message>
    <message>
      <source>GPU-hours</source>
      <translation>GPU-hours</translation>
    </message>
    <message>
      <source>GPU-hours with the ×1.5 margin</source>
      <translation>GPU-hours with the ×1.5 margin</translation>
    </message>
    <message>
      <source>P(owning beats renting)</source>
      <translation>P(owning beats renting)</translation>
    </message>
    <message>
      <source>run the Monte Carlo on the Budget step</source>
      <translation>run the Monte Carlo on the Budget step</translation>
    </message>
    <message>
      <source>Vendor score: %1</source>
      <translation>Vendor score: %1</translation>
    </message>
    <message>
      <source>Key numbers</source>
      <translation>Key numbers</translation>
    </message>
    <message>
      <source>Mark the plan as draft</source>
      <translation>Mark the plan as draft</translation>
    </message>
    <message>
      <source>Name</source>
      <translation>Name</translation>
    </message>
    <message>
      <source>New role</source>
      <translation>New role</translation>
    </message>
    <message>
      <source>No author named (step Project).</source>
      <translation>No author named (step Project).</translation>
    </message>
    <message>
      <source>No candidate vendors yet (step Vendor tests).</source>
      <translation>No candidate vendors yet (step Vendor tests).</translation>
    </message>
    <message>
      <source>No organisation named (step Project).</source>
      <translation>No organisation named (step Project).</translation>
    </message>
    <message>
      <source>No sign-off rows.</source>
      <translation>No sign-off rows.</translation>
    </message>
    <message>
      <source>No test results imported for %1.</source>
      <translation>No test results imported for %1.</translation>
    </message>
    <message>
      <source>Nodes</source>
      <translation>Nodes</translation>
    </message>
    <message>
      <source>None.</source>
      <translation>None.</translation>
    </message>
    <message>
      <source>Nothing open.</source>
      <translation>Nothing open.</translation>
    </message>
    <message>
      <source>Open items</source>
      <translation>Open items</translation>
    </message>
    <message>
      <source>Pending</source>
      <translation>Pending</translation>
    </message>
    <message>
      <source>Plan &amp;status:</source>
      <translation>Plan &amp;status:</translation>
    </message>
    <message>
      <source>Plan fingerprint (SHA-256)</source>
      <translation>Plan fingerprint (SHA-256)</translation>
    </message>
    <message>
      <source>Read the conclusions, close the open items, collect the sign-offs, then export the PDF plan.</source>
      <translation>Read the conclusions, close the open items, collect the sign-offs, then export the PDF plan.</translation>
    </message>
    <message>
      <source>Recommendation</source>
      <translation>Recommendation</translation>
    </message>
    <message>
      <source>Reject</source>
      <translation>Reject</translation>
    </message>
    <message>
      <source>Remove sign-off row</source>
      <translation>Remove sign-off row</translation>
    </message>
    <message>
      <source>Review and sign-off</source>
      <translation>Review and sign-off</translation>
    </message>
    <message>
      <source>Role</source>
      <translation>Role</translation>
    </message>
    <message>
      <source>Sign-off</source>
      <translation>Sign-off</translation>
    </message>
    <message>
      <source>Sign-off “%1” has no name yet.</source>
      <translation>Sign-off “%1” has no name yet.</translation>
    </message>
    <message>
      <source>The plan can be approved only when every sign-off row approves it. Still waiting for: %1.</source>
      <translation>The plan can be approved only when every sign-off row approves it. Still waiting for: %1.</translation>
    </message>
    <message>
      <source>The plan is a draft again: not every sign-off row approves it.</source>
      <translation>The plan is a draft again: not every sign-off row approves it.</translation>
    </message>
    <message>
      <source>Total cost over %1 months (recommended option)</source>
      <translation>Total cost over %1 months (recommended option)</translation>
    </message>
    <message>
      <source>Training days</source>
      <translation>Training days</translation>
    </message>
    <message>
      <source>Warnings</source>
      <translation>Warnings</translation>
    </message>
    <message>
      <source>Write the plan as a PDF in the project's language.</source>
      <translation>Write the plan as a PDF in the project's language.</translation>
    </message>
    <message>
      <source>why?</source>
      <translation>why?</translation>
    </message>
  </context>
  <context>
    <name>_EnvVarsField</name>
    <message>
      <source>Change NCCL environment variables</source>
      <translation>Change NCCL environment variables</translation>
    </message>
    <message>
      <source>Write one NAME=value per line.</source>
      <translation>Write one NAME=value per line.</translation>
    </message>
    <message>
      <source>e.g. NCCL_SOCKET_IFNAME=eth0 (one per line)</source>
      <translation>e.g. NCCL_SOCKET_IFNAME=eth0 (one per line)</translation>
    </message>
  </context>
  <context>
    <name>_ListField</name>
    <message>
      <source>Change %1</source>
      <translation>Change %1</translation>
    </message>
  </context>
</TS>
