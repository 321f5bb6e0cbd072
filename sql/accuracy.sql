-- gpuadv: how far the estimates are from published measurements.
--
--   sqlite> .load ./gpuadv
--   sqlite> .read sql/accuracy.sql
--   sqlite> SELECT * FROM estimate_accuracy_summary;
--
-- estimate_accuracy: one row per measurement the extension can estimate,
-- with the estimate, the measurement (GiB converted to GB), the relative
-- error (estimate / measured - 1) and whether the row counts towards the
-- published error figures (`in_summary`: rows the source itself flags as
-- anomalous are shown but left out).
--
--   decode     model_decode_tps(model, gpu, dtype, 1, context, n_gpus) on the
--              single-stream rows without speculative decoding;
--              context = prompt + half the generated tokens (the cache grows
--              from the prompt to prompt + generated during a run); n_gpus is
--              the row's tp. llama.cpp splits layers over several GPUs, which
--              does not speed one stream up, so n_gpus is 1 for its rows; rows
--              of other engines whose tp is not stated are not estimated.
--   prefill    model_prefill_tps(model, gpu, dtype), single-stream rows on
--              one GPU (or llama.cpp's layer split).
--   aggregate  offline rows (decode_tps_aggregate, no fixed batch; online,
--              disaggregated and per-GPU rows are not estimated):
--              serving throughput at full load: as many sequences as fit in
--              90% of the GPUs' memory beside the weights (max_batch), each
--              at prompt + half the output tokens; output tokens/s =
--              1 / (1 / decode + (prompt / output) / prefill), since
--              the measured figure includes prefill time. Rows without a
--              fixed prompt length (MLPerf) are not estimated.
--   train_mem  train_peak_gb for the 9 rows whose configuration is fully
--              stated (catalogs/train_peak.md says why the other 39 are left
--              out): mode, ZeRO stage (FSDP full shard = 3 over the row's
--              GPUs), recomputation, context-parallel degree (tokens per
--              GPU = seq_len / cp) and cross-entropy chunks as read from each
--              source; measured GiB converted to GB.
--   hw         achieved matmul TFLOP/s: datasheet dense TFLOP/s x 0.76
--              (GPUADV_DEFAULT_COMPUTE_EFFICIENCY).
--   latency    (TTFT, TPOT) no estimate yet.
--
-- estimate_accuracy_summary: per kind, rows, median and 90th-percentile
-- absolute relative error (nearest rank), and the worst row.
-- Reading this file twice changes nothing.

DROP VIEW IF EXISTS estimate_accuracy_summary;
DROP VIEW IF EXISTS estimate_accuracy;

CREATE VIEW estimate_accuracy AS
WITH train_setup(id, mode, zero_stage, recompute, cp, ce_chunks) AS (VALUES
  ('T005', 'qlora', 0, 'full', 1, 8), ('T007', 'lora', 3, 'full', 1, 8),
  ('T019', 'qlora', 0, 'full', 1, 1), ('T020', 'lora', 0, 'full', 1, 1),
  ('T021', 'lora', 3, 'full', 1, 1),
  ('T041', 'full16', 3, 'full', 1, 1), ('T042', 'full16', 3, 'full', 2, 1),
  ('T043', 'full16', 3, 'full', 4, 1), ('T044', 'full16', 3, 'full', 8, 1)
),
m AS (
  SELECT ms.*, g.memory_gb, g.bf16_tflops, g.fp16_tflops, g.fp8_tflops,
         g.fp32_tflops, g.tf32_tflops, g.int8_tops, g.fp4_tflops,
         lower(coalesce(ms.notes, '')) LIKE '%anomal%' AS flagged,
         CASE WHEN ms.engine = 'llama.cpp' THEN 1 ELSE ms.tp END AS decode_gpus
  FROM measurements ms LEFT JOIN gpus g ON g.name = ms.gpu
),
est AS (
  SELECT m.*,
    CASE
      WHEN kind = 'decode' AND model IS NOT NULL AND dtype IS NOT NULL AND gpu IS NOT NULL
           AND scenario = 'single-stream' AND coalesce(speculative, 'no') = 'no'
           AND unit = 'tokens/s' AND decode_gpus IS NOT NULL THEN
        model_decode_tps(model, gpu, dtype, 1,
                         coalesce(prompt_tokens, 0) + coalesce(gen_tokens, 0) / 2.0,
                         decode_gpus)
      WHEN kind = 'prefill' AND model IS NOT NULL AND dtype IS NOT NULL AND gpu IS NOT NULL
           AND metric = 'prefill_tps' AND scenario = 'single-stream'
           AND (engine = 'llama.cpp' OR gpu_count = 1) THEN
        model_prefill_tps(model, gpu, dtype)
      WHEN kind = 'aggregate' AND model IS NOT NULL AND dtype IS NOT NULL AND gpu IS NOT NULL
           AND metric = 'decode_tps_aggregate' AND scenario = 'offline' AND batch IS NULL
           AND prompt_tokens IS NOT NULL AND gen_tokens > 0 THEN (
        SELECT 1.0 / (1.0 / model_decode_tps(m.model, m.gpu, m.dtype, b.seqs,
                                             m.prompt_tokens + m.gen_tokens / 2.0,
                                             coalesce(m.gpu_count, 1))
                      + (1.0 * m.prompt_tokens / m.gen_tokens)
                        / model_prefill_tps(m.model, m.gpu, m.dtype, coalesce(m.gpu_count, 1)))
        FROM (SELECT max(1, max_batch(m.memory_gb * coalesce(m.gpu_count, 1),
                                      model_weights_gb(m.model, m.dtype),
                                      model_kv_gb(m.model, m.prompt_tokens + m.gen_tokens, 1,
                                                  CASE WHEN m.dtype IN ('fp8', 'fp4') THEN 'fp8' ELSE 'fp16' END),
                                      0.1)) AS seqs) AS b)
      WHEN kind = 'train_mem' THEN (
        SELECT train_peak_gb(md.params_b, t.mode, md.layers, md.hidden, md.heads,
                             m.seq_len / t.cp, m.micro_batch, m.gpu_count,
                             t.zero_stage, t.recompute, md.vocab, t.ce_chunks)
        FROM train_setup t JOIN models md ON md.name = m.model
        WHERE t.id = m.id)
      WHEN kind = 'hw' AND metric = 'matmul_tflops_max_achievable' AND gpu IS NOT NULL THEN
        0.76 * CASE dtype WHEN 'bf16' THEN bf16_tflops WHEN 'fp16' THEN fp16_tflops
                          WHEN 'fp8' THEN fp8_tflops WHEN 'fp32' THEN fp32_tflops
                          WHEN 'tf32' THEN tf32_tflops END
    END AS estimate,
    CASE WHEN unit = 'GiB' THEN value * 1.073741824 ELSE value END AS measured
  FROM m
)
SELECT id, kind, metric, gpu, gpu_count, model, dtype, batch, prompt_tokens, gen_tokens,
       measured, CASE WHEN unit = 'GiB' THEN 'GB' ELSE unit END AS unit, estimate,
       estimate / measured - 1 AS rel_error,
       abs(estimate / measured - 1) AS abs_error,
       NOT flagged AS in_summary,
       source, as_of
FROM est
WHERE estimate IS NOT NULL AND measured > 0;

CREATE VIEW estimate_accuracy_summary AS
WITH e AS (
  SELECT kind, id, abs_error,
         row_number() OVER (PARTITION BY kind ORDER BY abs_error) AS rank_in_kind,
         count(*) OVER (PARTITION BY kind) AS n
  FROM estimate_accuracy WHERE in_summary
)
SELECT kind,
       max(n) AS rows,
       avg(CASE WHEN rank_in_kind IN ((n + 1) / 2, (n + 2) / 2) THEN abs_error END) AS median_abs_error,
       max(CASE WHEN rank_in_kind = (9 * n + 9) / 10 THEN abs_error END) AS p90_abs_error,
       max(abs_error) AS worst_abs_error,
       (SELECT id FROM e AS w WHERE w.kind = e.kind ORDER BY abs_error DESC LIMIT 1) AS worst_id
FROM e
GROUP BY kind;
