-- Seed 003: "An RTX 4090 costs around $2,000. Renting the equivalent at $2
-- per hour hits $1,440 monthly." When does buying beat renting?
--
--   sqlite3 -cmd '.load ./gpuadv' :memory: < sql/examples/seed003_rent_vs_buy_4090.sql
--
-- The seed's month is 30 days x 24 h = 720 h. gpuadv adds the card's
-- electricity (450 W TDP at $0.12/kWh = $0.054/h) to the owner's side.
.read sql/gpuadv.sql
.headers on
.mode box

INSERT INTO owned_prices(gpu, price_usd, source) VALUES ('rtx-4090', 2000, 'seed 003');
INSERT INTO rental_quotes(provider, name, gpu, gpu_count, usd_per_hour, source)
  VALUES ('seed003', 'rtx-4090', 'rtx-4090', 1, 2.00, 'seed 003: $2 per hour');

.print "== The seed's figures"
SELECT printf('$%,d', 2000) AS "buy",
       printf('$%.2f', 2.00) AS "rent $/hour",
       printf('$%,d', CAST(2.00 * 24 * 30 AS INTEGER)) AS "rent, 30 days 24/7",
       round(break_even_hours(2000, 2.00)) AS "break-even (h), no power",
       round(break_even_hours(2000, 2.00) / (24 * 30), 2) AS "months of 24/7 use";

.print ''
.print "== With electricity on the owner's side, by how busy the card is"
WITH u(utilization) AS (VALUES (1.0), (0.7), (0.5), (0.25), (0.1))
SELECT printf('%d%%', CAST(utilization * 100 AS INTEGER)) AS "utilization",
       printf('%.3f', o.usd_per_device_hour) AS "owned $/h (3-year life + power)",
       round(break_even_hours(2000, 2.00, o.watts_per_gpu / 1000.0 * o.usd_per_kwh * o.pue), 1) AS "break-even (h)",
       round(break_even_hours(2000, 2.00, o.watts_per_gpu / 1000.0 * o.usd_per_kwh * o.pue)
             / (730 * utilization), 2) AS "break-even (months)"
FROM u JOIN offers o ON o.offer = 'owned/rtx-4090';

.print ''
.print '== The same through rent_vs_buy, for a daily QLoRA fine-tuning workload on the card'
INSERT INTO workloads(name, kind, model, mode, tokens_b, seq_len, recompute, utilization, months)
  VALUES ('daily 8b qlora', 'finetune', 'llama-3.1-8b', 'qlora', 0.05, 2048, 'full', 1.0, 12);
SELECT gpu, n_gpus AS "GPUs", printf('$%,d', CAST(capex_usd AS INTEGER)) AS "to buy",
       running_usd_per_hour AS "power $/h", rental, printf('$%.2f', rent_usd_per_hour) AS "rent $/h",
       break_even_hours AS "break-even (h)", break_even_months AS "break-even (months)", verdict
FROM rent_vs_buy
WHERE workload = 'daily 8b qlora' AND gpu = 'rtx-4090' AND rental = 'seed003/rtx-4090';

.print ''
.print '== Against every catalog rental of a single RTX 4090 (on-demand), 24/7'
SELECT rental, printf('$%.2f', rent_usd_per_hour) AS "rent $/h",
       printf('$%,d', CAST(rent_usd_per_month_24x7 AS INTEGER)) AS "rent $/month",
       break_even_months AS "break-even (months)", verdict
FROM rent_vs_buy
WHERE workload = 'daily 8b qlora' AND gpu = 'rtx-4090' AND same_gpu AND rental_pricing = 'on-demand'
  AND rental_gpus = 1
ORDER BY rent_usd_per_hour LIMIT 8;
