-- Seed 000, interview question 4: a startup serves a 70B model to 1,000
-- requests/min with 200-token answers and p95 latency under 5 s.
--
--   sqlite3 -cmd '.load ./gpuadv' :memory: < sql/examples/seed000_q4_70b_service.sql
--
-- Assumptions (the seed gives none): the model is llama-3.1-70b in BF16;
-- prompts average 500 tokens; "p95 under 5 s for 200 tokens" is read, as
-- the seed does, as 40 tokens/s per user, with the first token within 1 s;
-- peak concurrency follows from Little's law (requests/s x 1.2 burst x 200
-- tokens / 40 tokens/s = 100 requests in flight). One month of service.
.read sql/gpuadv.sql
.headers on
.mode box

INSERT INTO workloads(name, kind, model, dtype, requests_per_min, prompt_tokens, output_tokens,
                      user_tps, ttft_s, months, notes)
  VALUES ('70b-1000rpm', 'serve', 'llama-3.1-70b', 'bf16', 1000, 500, 200, 40, 1.0, 1,
          'seed 000 Q4');

.print '== Throughput the service needs'
SELECT printf('%,d', CAST(round(requests_per_s * 60) AS INTEGER)) AS "requests/min",
       round(requests_per_s, 1) AS "requests/s",
       printf('%,d', CAST(round(served_tps) AS INTEGER)) AS "tokens/s needed",
       printf('%,d', CAST(round(design_tps) AS INTEGER)) AS "with 20% burst headroom",
       user_tps AS "tokens/s per user (200 tok in 5 s)",
       concurrency AS "requests in flight"
FROM workload_inputs WHERE name = '70b-1000rpm';

.print ''
.print '== Memory: weights plus KV cache at peak concurrency (GB)'
SELECT round(model_weights_gb('llama-3.1-70b', 'bf16'), 1) AS "weights (GB)",
       round(model_kv_gb('llama-3.1-70b', 700), 3) AS "KV per request, 700 tokens (GB)",
       round(100 * model_kv_gb('llama-3.1-70b', 700), 1) AS "KV for 100 in flight (GB)",
       round(model_weights_gb('llama-3.1-70b', 'bf16') + 100 * model_kv_gb('llama-3.1-70b', 700), 1) AS "total (GB)";

.print ''
.print '== The five plans gpuadv ranks first (owned hardware priced at 3-year depreciation + power)'
SELECT rank, offer, gpus_per_replica AS "GPUs/replica", batch_per_replica AS "batch", replicas,
       n_gpus AS "GPUs", round(tps_per_replica) AS "tok/s per replica", tps_per_user AS "tok/s per user",
       ttft_s AS "TTFT (s)", printf('$%.2f', usd_per_hour) AS "$/hour", printf('$%.3f', usd_per_mtok) AS "$/Mtok",
       printf('$%,d', CAST(round(capex_usd) AS INTEGER)) AS "to buy"
FROM serving_plans WHERE workload = '70b-1000rpm' AND rank <= 5 ORDER BY rank;

.print ''
.print '== Renting only: the five cheapest rentals that meet every target'
SELECT row_number() OVER (ORDER BY usd_per_hour, n_gpus, offer) AS "#", offer,
       gpus_per_replica AS "GPUs/replica", replicas, n_gpus AS "GPUs",
       tps_per_user AS "tok/s per user", ttft_s AS "TTFT (s)",
       printf('$%.2f', usd_per_hour) AS "$/hour", printf('$%,d', CAST(round(usd_per_hour * 730) AS INTEGER)) AS "$/month"
FROM serving_plans WHERE workload = '70b-1000rpm' AND works AND pricing <> 'owned'
ORDER BY usd_per_hour, n_gpus, offer LIMIT 5;

.print ''
.print "== The seed's answer was 8 x A100 80GB as 4 pairs (~400 tokens/s per pair at batch 32):"
.print '   per-user speed of A100 80GB replicas (calibrated decode, 600-token mean context)'
SELECT n AS "GPUs/replica", max_seqs AS "max sequences in memory", batch,
       round(replica_tps) AS "tok/s per replica",
       round(replica_tps / batch, 1) AS "tok/s per user",
       CASE WHEN replica_tps / batch >= 40 THEN 'meets 40' ELSE 'misses 40' END AS "per-user target"
FROM serving_speeds
WHERE workload = '70b-1000rpm' AND gpu = 'a100-sxm-80gb' AND devices = 8 AND fraction = 1
  AND batch IN (1, 32) AND n IN (2, 8)
ORDER BY n, batch;

.print ''
.print '== Buy or rent at 70% utilization: each GPU type bought, against its cheapest rental'
SELECT gpu, n_gpus AS "GPUs", printf('$%,d', CAST(capex_usd AS INTEGER)) AS "to buy",
       rental AS "cheapest rental", printf('$%.2f', rent_usd_per_hour) AS "rent $/hour",
       printf('%,d', CAST(round(break_even_hours) AS INTEGER)) AS "break-even (h)",
       break_even_months AS "break-even (months)", verdict
FROM (SELECT r.*, row_number() OVER (PARTITION BY gpu ORDER BY rent_usd_per_hour) AS k
      FROM rent_vs_buy r WHERE workload = '70b-1000rpm' AND same_gpu)
WHERE k = 1 ORDER BY break_even_months LIMIT 6;

.print ''
.print '== Why gpuadv recommends it'
.mode line
SELECT reason FROM best_plans WHERE workload = '70b-1000rpm';
