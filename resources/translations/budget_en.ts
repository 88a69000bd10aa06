<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
  <context>
    <name>BudgetPage</name>
    <message>
      <source>engine: peak monthly demand ÷ 730 hours, rounded up</source>
      <translation>engine: peak monthly demand ÷ 730 hours, rounded up</translation>
    </message>
    <message>
      <source>No restriction</source>
      <translation>No restriction</translation>
    </message>
    <message>
      <source>Must stay in the city</source>
      <translation>Must stay in the city</translation>
    </message>
    <message>
      <source>Must stay in the country</source>
      <translation>Must stay in the country</translation>
    </message>
    <message>
      <source>Must stay on hardware we own</source>
      <translation>Must stay on hardware we own</translation>
    </message>
    <message>
      <source>Cap</source>
      <translation>Cap</translation>
    </message>
    <message>
      <source>no cap</source>
      <translation>no cap</translation>
    </message>
    <message>
      <source>The whole year up front</source>
      <translation>The whole year up front</translation>
    </message>
    <message>
      <source>Every six months in advance</source>
      <translation>Every six months in advance</translation>
    </message>
    <message>
      <source>Quarterly in advance</source>
      <translation>Quarterly in advance</translation>
    </message>
    <message>
      <source>Monthly in advance</source>
      <translation>Monthly in advance</translation>
    </message>
    <message>
      <source>%1 FTE per 100 cards</source>
      <translation>%1 FTE per 100 cards</translation>
    </message>
    <message>
      <source>%1 CNY per kW of IT load</source>
      <translation>%1 CNY per kW of IT load</translation>
    </message>
    <message>
      <source>On-demand price</source>
      <translation>On-demand price</translation>
    </message>
    <message>
      <source>Budget cap (whole horizon)</source>
      <translation>Budget cap (whole horizon)</translation>
    </message>
    <message>
      <source>Billing granularity</source>
      <translation>Billing granularity</translation>
    </message>
    <message>
      <source>Monthly rental price</source>
      <translation>Monthly rental price</translation>
    </message>
    <message>
      <source>Yearly price (× monthly)</source>
      <translation>Yearly price (× monthly)</translation>
    </message>
    <message>
      <source>Yearly commitment billed</source>
      <translation>Yearly commitment billed</translation>
    </message>
    <message>
      <source>Spot price (× on-demand)</source>
      <translation>Spot price (× on-demand)</translation>
    </message>
    <message>
      <source>Spot reclaims per instance (server)</source>
      <translation>Spot reclaims per instance (server)</translation>
    </message>
    <message>
      <source>Restart time after an interruption</source>
      <translation>Restart time after an interruption</translation>
    </message>
    <message>
      <source>Chance spot capacity is free again</source>
      <translation>Chance spot capacity is free again</translation>
    </message>
    <message>
      <source>Wait for spot capacity</source>
      <translation>Wait for spot capacity</translation>
    </message>
    <message>
      <source>Training writes checkpoints (needed for spot)</source>
      <translation>Training writes checkpoints (needed for spot)</translation>
    </message>
    <message>
      <source>Cards to buy</source>
      <translation>Cards to buy</translation>
    </message>
    <message>
      <source>Card price</source>
      <translation>Card price</translation>
    </message>
    <message>
      <source>Server chassis price</source>
      <translation>Server chassis price</translation>
    </message>
    <message>
      <source>Network (share of hardware)</source>
      <translation>Network (share of hardware)</translation>
    </message>
    <message>
      <source>Own storage</source>
      <translation>Own storage</translation>
    </message>
    <message>
      <source>Storage price</source>
      <translation>Storage price</translation>
    </message>
    <message>
      <source>Hardware life</source>
      <translation>Hardware life</translation>
    </message>
    <message>
      <source>Residual value (share)</source>
      <translation>Residual value (share)</translation>
    </message>
    <message>
      <source>Server overhead power</source>
      <translation>Server overhead power</translation>
    </message>
    <message>
      <source>Average GPU load (× TDP)</source>
      <translation>Average GPU load (× TDP)</translation>
    </message>
    <message>
      <source>Electricity tariff</source>
      <translation>Electricity tariff</translation>
    </message>
    <message>
      <source>PUE</source>
      <translation>PUE</translation>
    </message>
    <message>
      <source>Rack rent</source>
      <translation>Rack rent</translation>
    </message>
    <message>
      <source>Operations staff</source>
      <translation>Operations staff</translation>
    </message>
    <message>
      <source>Staff cost per person</source>
      <translation>Staff cost per person</translation>
    </message>
    <message>
      <source>Maintenance and spares (share/yr)</source>
      <translation>Maintenance and spares (share/yr)</translation>
    </message>
    <message>
      <source>Deposit</source>
      <translation>Deposit</translation>
    </message>
    <message>
      <source>Financing rate</source>
      <translation>Financing rate</translation>
    </message>
    <message>
      <source>Discount rate (for NPV)</source>
      <translation>Discount rate (for NPV)</translation>
    </message>
    <message>
      <source>Room retrofit (self-build)</source>
      <translation>Room retrofit (self-build)</translation>
    </message>
    <message>
      <source>IDC bandwidth</source>
      <translation>IDC bandwidth</translation>
    </message>
    <message>
      <source>Shared storage</source>
      <translation>Shared storage</translation>
    </message>
    <message>
      <source>Shared storage price</source>
      <translation>Shared storage price</translation>
    </message>
    <message>
      <source>Outbound traffic</source>
      <translation>Outbound traffic</translation>
    </message>
    <message>
      <source>Traffic price</source>
      <translation>Traffic price</translation>
    </message>
    <message>
      <source>Public bandwidth</source>
      <translation>Public bandwidth</translation>
    </message>
    <message>
      <source>Bandwidth price</source>
      <translation>Bandwidth price</translation>
    </message>
    <message>
      <source>Data residency</source>
      <translation>Data residency</translation>
    </message>
    <message>
      <source>We have a machine room (power, cooling)</source>
      <translation>We have a machine room (power, cooling)</translation>
    </message>
    <message>
      <source>We have staff to run GPU servers</source>
      <translation>We have staff to run GPU servers</translation>
    </message>
    <message>
      <source>We have spare cash to pay up front</source>
      <translation>We have spare cash to pay up front</translation>
    </message>
    <message>
      <source> CNY/card-hour</source>
      <translation> CNY/card-hour</translation>
    </message>
    <message>
      <source> h</source>
      <translation> h</translation>
    </message>
    <message>
      <source> min</source>
      <translation> min</translation>
    </message>
    <message>
      <source> CNY/card-month</source>
      <translation> CNY/card-month</translation>
    </message>
    <message>
      <source> ×</source>
      <translation> ×</translation>
    </message>
    <message>
      <source> per 100 h</source>
      <translation> per 100 h</translation>
    </message>
    <message>
      <source> cards</source>
      <translation> cards</translation>
    </message>
    <message>
      <source> CNY/card</source>
      <translation> CNY/card</translation>
    </message>
    <message>
      <source> CNY/server</source>
      <translation> CNY/server</translation>
    </message>
    <message>
      <source> CNY/TB</source>
      <translation> CNY/TB</translation>
    </message>
    <message>
      <source> years</source>
      <translation> years</translation>
    </message>
    <message>
      <source> W/card</source>
      <translation> W/card</translation>
    </message>
    <message>
      <source> CNY/kWh</source>
      <translation> CNY/kWh</translation>
    </message>
    <message>
      <source> CNY/rack-month</source>
      <translation> CNY/rack-month</translation>
    </message>
    <message>
      <source> FTE</source>
      <translation> FTE</translation>
    </message>
    <message>
      <source> CNY/year</source>
      <translation> CNY/year</translation>
    </message>
    <message>
      <source> ×/year</source>
      <translation> ×/year</translation>
    </message>
    <message>
      <source> months</source>
      <translation> months</translation>
    </message>
    <message>
      <source> CNY</source>
      <translation> CNY</translation>
    </message>
    <message>
      <source> CNY/month</source>
      <translation> CNY/month</translation>
    </message>
    <message>
      <source> CNY/TB-month</source>
      <translation> CNY/TB-month</translation>
    </message>
    <message>
      <source> TB/month</source>
      <translation> TB/month</translation>
    </message>
    <message>
      <source> CNY/Mbps-month</source>
      <translation> CNY/Mbps-month</translation>
    </message>
    <message>
      <source>Monthly demand profile</source>
      <translation>Monthly demand profile</translation>
    </message>
    <message>
      <source>Utilisation</source>
      <translation>Utilisation</translation>
    </message>
    <message>
      <source>Planning horizon</source>
      <translation>Planning horizon</translation>
    </message>
    <message>
      <source>Region</source>
      <translation>Region</translation>
    </message>
    <message>
      <source>GPU model</source>
      <translation>GPU model</translation>
    </message>
    <message>
      <source>MFU</source>
      <translation>MFU</translation>
    </message>
    <message>
      <source>Checkpoint interval</source>
      <translation>Checkpoint interval</translation>
    </message>
    <message>
      <source>Vendors</source>
      <translation>Vendors</translation>
    </message>
    <message>
      <source>Ways to get the capacity, compared</source>
      <translation>Ways to get the capacity, compared</translation>
    </message>
    <message>
      <source>Scenarios</source>
      <translation>Scenarios</translation>
    </message>
    <message>
      <source>Budget</source>
      <translation>Budget</translation>
    </message>
    <message>
      <source>Compare renting with buying over the planning horizon. Fields left on their default use the region's and the catalog's figures.</source>
      <translation>Compare renting with buying over the planning horizon. Fields left on their default use the region's and the catalog's figures.</translation>
    </message>
    <message>
      <source>Buying hardware is CAPEX: a large payment up front that is written off over the hardware's life; renting is OPEX: you pay month by month for what you use, and stop paying when you stop.</source>
      <translation>Buying hardware is CAPEX: a large payment up front that is written off over the hardware's life; renting is OPEX: you pay month by month for what you use, and stop paying when you stop.</translation>
    </message>
    <message>
      <source>Options to compare</source>
      <translation>Options to compare</translation>
    </message>
    <message>
      <source>Your situation</source>
      <translation>Your situation</translation>
    </message>
    <message>
      <source>Renting (cloud and rental platforms)</source>
      <translation>Renting (cloud and rental platforms)</translation>
    </message>
    <message>
      <source>Owning (colocation or own room)</source>
      <translation>Owning (colocation or own room)</translation>
    </message>
    <message>
      <source>Add-ons: storage, traffic, bandwidth</source>
      <translation>Add-ons: storage, traffic, bandwidth</translation>
    </message>
    <message>
      <source>Rule of the Shenzhen article (idctop.com): keep at least 15 % of the hardware price (0.15) for the network (InfiniBand/RoCE).</source>
      <translation>Rule of the Shenzhen article (idctop.com): keep at least 15 % of the hardware price (0.15) for the network (InfiniBand/RoCE).</translation>
    </message>
    <message>
      <source>Storage, traffic and bandwidth are billed on top of the cards; the idctop.com articles warn they can cost more than the compute itself.</source>
      <translation>Storage, traffic and bandwidth are billed on top of the cards; the idctop.com articles warn they can cost more than the compute itself.</translation>
    </message>
    <message>
      <source>Cumulative cost</source>
      <translation>Cumulative cost</translation>
    </message>
    <message>
      <source>Cash flow</source>
      <translation>Cash flow</translation>
    </message>
    <message>
      <source>Sensitivity</source>
      <translation>Sensitivity</translation>
    </message>
    <message>
      <source>Monte Carlo</source>
      <translation>Monte Carlo</translation>
    </message>
    <message>
      <source>&amp;Option:</source>
      <translation>&amp;Option:</translation>
    </message>
    <message>
      <source>&amp;Draws:</source>
      <translation>&amp;Draws:</translation>
    </message>
    <message>
      <source>&amp;Run</source>
      <translation>&amp;Run</translation>
    </message>
    <message>
      <source>&amp;Cancel</source>
      <translation>&amp;Cancel</translation>
    </message>
    <message>
      <source>Re-run after each change</source>
      <translation>Re-run after each change</translation>
    </message>
    <message>
      <source>Import prices…</source>
      <translation>Import prices…</translation>
    </message>
    <message>
      <source>Add the dated prices of a price list or vendor quote (.xlsx or .csv: columns gpu, item, price, date); they override the catalog.</source>
      <translation>Add the dated prices of a price list or vendor quote (.xlsx or .csv: columns gpu, item, price, date); they override the catalog.</translation>
    </message>
    <message>
      <source>Export option table…</source>
      <translation>Export option table…</translation>
    </message>
    <message>
      <source>Save the options, their inputs and sources as an .xlsx workbook.</source>
      <translation>Save the options, their inputs and sources as an .xlsx workbook.</translation>
    </message>
    <message>
      <source>Import prices</source>
      <translation>Import prices</translation>
    </message>
    <message>
      <source>Price lists (*.xlsx *.csv)</source>
      <translation>Price lists (*.xlsx *.csv)</translation>
    </message>
    <message>
      <source>Export option table</source>
      <translation>Export option table</translation>
    </message>
    <message>
      <source>Excel workbooks (*.xlsx)</source>
      <translation>Excel workbooks (*.xlsx)</translation>
    </message>
    <message>
      <source>Pick at least one option to compare.</source>
      <translation>Pick at least one option to compare.</translation>
    </message>
    <message>
      <source>Change %1</source>
      <translation>Change %1</translation>
    </message>
    <message>
      <source>options to compare</source>
      <translation>options to compare</translation>
    </message>
    <message>
      <source>Drawing prices…</source>
      <translation>Drawing prices…</translation>
    </message>
    <message>
      <source>%1 draws, the same at every run and in the PDF plan. Each bar counts the draws by how much more owning costs than renting; green: owning is cheaper. Dashed lines: P10, P50, P90.</source>
      <translation>%1 draws, the same at every run and in the PDF plan. Each bar counts the draws by how much more owning costs than renting; green: owning is cheaper. Dashed lines: P10, P50, P90.</translation>
    </message>
    <message>
      <source>%1 draws, the same at every run and in the PDF plan. Bars: P10 to P90 of each option's total; thick mark: P50.</source>
      <translation>%1 draws, the same at every run and in the PDF plan. Bars: P10 to P90 of each option's total; thick mark: P50.</translation>
    </message>
    <message>
      <source>The Monte Carlo draws card, rental and power prices, utilisation and MFU from the catalog's ranges.</source>
      <translation>The Monte Carlo draws card, rental and power prices, utilisation and MFU from the catalog's ranges.</translation>
    </message>
    <message>
      <source>Nothing to draw for these options.</source>
      <translation>Nothing to draw for these options.</translation>
    </message>
    <message>
      <source>The Monte Carlo failed.</source>
      <translation>The Monte Carlo failed.</translation>
    </message>
    <message>
      <source>The Monte Carlo failed: %1</source>
      <translation>The Monte Carlo failed: %1</translation>
    </message>
    <message>
      <source>Monte Carlo cancelled.</source>
      <translation>Monte Carlo cancelled.</translation>
    </message>
    <message>
      <source>Cancelled. Press Run to start again.</source>
      <translation>Cancelled. Press Run to start again.</translation>
    </message>
  </context>
  <context>
    <name>CostCharts</name>
    <message>
      <source>CNY</source>
      <translation>CNY</translation>
    </message>
    <message>
      <source>10k %1</source>
      <translation>10k %1</translation>
    </message>
    <message>
      <source>thousand %1</source>
      <translation>thousand %1</translation>
    </message>
    <message>
      <source>Month</source>
      <translation>Month</translation>
    </message>
    <message>
      <source>Cumulative cost [%1]</source>
      <translation>Cumulative cost [%1]</translation>
    </message>
    <message>
      <source>Cumulative cost per option</source>
      <translation>Cumulative cost per option</translation>
    </message>
    <message>
      <source>payback (hardware paid from cash): month %1</source>
      <translation>payback (hardware paid from cash): month %1</translation>
    </message>
    <message>
      <source>Up-front purchase (CAPEX)</source>
      <translation>Up-front purchase (CAPEX)</translation>
    </message>
    <message>
      <source>Running costs (OPEX)</source>
      <translation>Running costs (OPEX)</translation>
    </message>
    <message>
      <source>Money back (resale, deposit)</source>
      <translation>Money back (resale, deposit)</translation>
    </message>
    <message>
      <source>Cash flow [%1]</source>
      <translation>Cash flow [%1]</translation>
    </message>
    <message>
      <source>Monthly cash flow: %1</source>
      <translation>Monthly cash flow: %1</translation>
    </message>
    <message>
      <source>Input at its low value</source>
      <translation>Input at its low value</translation>
    </message>
    <message>
      <source>Input at its high value</source>
      <translation>Input at its high value</translation>
    </message>
    <message>
      <source>%1 – %2%3 · swing %4</source>
      <translation>%1 – %2%3 · swing %4</translation>
    </message>
    <message>
      <source>Owning minus renting [%1]</source>
      <translation>Owning minus renting [%1]</translation>
    </message>
    <message>
      <source>Owning minus renting (below 0: owning is cheaper)</source>
      <translation>Owning minus renting (below 0: owning is cheaper)</translation>
    </message>
    <message>
      <source>Monte Carlo not run yet for these inputs.</source>
      <translation>Monte Carlo not run yet for these inputs.</translation>
    </message>
    <message>
      <source>Monte Carlo over price ranges</source>
      <translation>Monte Carlo over price ranges</translation>
    </message>
    <message>
      <source>Total over the horizon [%1]</source>
      <translation>Total over the horizon [%1]</translation>
    </message>
    <message>
      <source>Draws</source>
      <translation>Draws</translation>
    </message>
    <message>
      <source>Owning minus renting over the horizon [%1]</source>
      <translation>Owning minus renting over the horizon [%1]</translation>
    </message>
    <message>
      <source>P(owning beats renting) = %1 % (%2 draws)</source>
      <translation>P(owning beats renting) = %1 % (%2 draws)</translation>
    </message>
    <message>
      <source>Total of each option: P10 to P90 of %1 draws</source>
      <translation>Total of each option: P10 to P90 of %1 draws</translation>
    </message>
  </context>
  <context>
    <name>RecommendationPanel</name>
    <message>
      <source>Extend the demand to cover the whole job…</source>
      <translation>Extend the demand to cover the whole job…</translation>
    </message>
    <message>
      <source>Extend the demand to cover the whole job</source>
      <translation>Extend the demand to cover the whole job</translation>
    </message>
    <message>
      <source>Option</source>
      <translation>Option</translation>
    </message>
    <message>
      <source>Total</source>
      <translation>Total</translation>
    </message>
    <message>
      <source>NPV</source>
      <translation>NPV</translation>
    </message>
    <message>
      <source>Per useful GPU-hour</source>
      <translation>Per useful GPU-hour</translation>
    </message>
    <message>
      <source>Utilisation</source>
      <translation>Utilisation</translation>
    </message>
    <message>
      <source>What each total includes</source>
      <translation>What each total includes</translation>
    </message>
    <message>
      <source>Show or hide what each option's total includes</source>
      <translation>Show or hide what each option's total includes</translation>
    </message>
    <message>
      <source>Based on: %1</source>
      <translation>Based on: %1</translation>
    </message>
    <message>
      <source>No feasible option</source>
      <translation>No feasible option</translation>
    </message>
    <message>
      <source>Recommendation: %1</source>
      <translation>Recommendation: %1</translation>
    </message>
    <message>
      <source>Incomplete plan. Cheapest for the priced part only: %1</source>
      <translation>Incomplete plan. Cheapest for the priced part only: %1</translation>
    </message>
    <message>
      <source>Reserve up to %1 cards on %2 as the baseline; run %3 GPU-hours of bursts on %4.</source>
      <translation>Reserve up to %1 cards on %2 as the baseline; run %3 GPU-hours of bursts on %4.</translation>
    </message>
    <message>
      <source>Reasons</source>
      <translation>Reasons</translation>
    </message>
    <message>
      <source>Warnings</source>
      <translation>Warnings</translation>
    </message>
    <message>
      <source>Add %1 GPU-hours to the demand so that it holds the whole job (training months run on the job's cards all month; %2 new months) and set the horizon from %3 to %4 months.</source>
      <translation>Add %1 GPU-hours to the demand so that it holds the whole job (training months run on the job's cards all month; %2 new months) and set the horizon from %3 to %4 months.</translation>
    </message>
    <message>
      <source>Extend the demand</source>
      <translation>Extend the demand</translation>
    </message>
    <message>
      <source>You can undo this with Ctrl+Z.</source>
      <translation>You can undo this with Ctrl+Z.</translation>
    </message>
    <message>
      <source>Extend the demand to cover the job</source>
      <translation>Extend the demand to cover the job</translation>
    </message>
    <message>
      <source>Break-even: choose at least one owned and one rented option to compare.</source>
      <translation>Break-even: choose at least one owned and one rented option to compare.</translation>
    </message>
    <message>
      <source>owning never breaks even on utilisation alone</source>
      <translation>owning never breaks even on utilisation alone</translation>
    </message>
    <message>
      <source>owning pays from %1 % utilisation</source>
      <translation>owning pays from %1 % utilisation</translation>
    </message>
    <message>
      <source>its cumulative cost drops below renting in month %1</source>
      <translation>its cumulative cost drops below renting in month %1</translation>
    </message>
    <message>
      <source>its cumulative cost stays above renting for the whole horizon</source>
      <translation>its cumulative cost stays above renting for the whole horizon</translation>
    </message>
    <message>
      <source>Break-even of %1 against %2: %3; %4.</source>
      <translation>Break-even of %1 against %2: %3; %4.</translation>
    </message>
    <message>
      <source>Six-month rule: not evaluated (no owned option compared).</source>
      <translation>Six-month rule: not evaluated (no owned option compared).</translation>
    </message>
    <message>
      <source>the rule says buying can pay</source>
      <translation>the rule says buying can pay</translation>
    </message>
    <message>
      <source>the rule says keep renting</source>
      <translation>the rule says keep renting</translation>
    </message>
    <message>
      <source>Six-month rule (idctop.com): monthly rent %1 vs depreciation + electricity %2 per month (%3); %4 months of planned work, the rule needs %5 — %6.</source>
      <translation>Six-month rule (idctop.com): monthly rent %1 vs depreciation + electricity %2 per month (%3); %4 months of planned work, the rule needs %5 — %6.</translation>
    </message>
    <message>
      <source>rent is higher</source>
      <translation>rent is higher</translation>
    </message>
    <message>
      <source>rent is lower</source>
      <translation>rent is lower</translation>
    </message>
  </context>
</TS>
