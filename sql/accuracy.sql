-- gpuadv: how far the estimates are from published measurements.
--
--   sqlite> .load ./gpuadv
--   sqlite> .read sql/accuracy.sql
--   sqlite> SELECT * FROM estimate_accuracy_summary;
--
-- estimate_accuracy: one row per measurement the extension can estimate,
-- with the engine whose constants estimate it, the estimate, the
-- measurement (GiB converted to GB), the relative error (estimate /
-- measured - 1) and whether the row counts towards the published error
-- figures (`in_summary`). The rows catalogs/calibrate.py leaves out of its
-- fits are left out of the summary too: rows the source flags as
-- anomalous, a figure's second copy and figures that a later version of
-- their page supersedes (their repeat_of, set by
-- catalogs/import_measurements.py), rows measured before the first
-- release of the engine era its constants describe (engines.era_from),
-- speculative decoding, expert, data or pipeline parallelism, tensor
-- parallelism across nodes (more than 8 GPUs), online and
-- disaggregated runs; and the plain PyTorch decoders' rows, a floor that
-- the serving engines' estimates must reach (an estimate above one is no
-- error), not a measurement of an engine.
--
--   decode     model_decode_tps(model, gpu, dtype, 1, context, n, engine)
--              at batch 1; context = prompt + half the generated tokens (the
--              cache grows from the prompt to prompt + generated during a
--              run); n = the row's tensor-parallel degree, else its GPUs;
--              llama.cpp splits layers over all the row's GPUs (its
--              engines row's multi_gpu), which the functions model: one
--              stream at one GPU's speed plus the hops, a prompt's
--              micro-batches overlapping across the GPUs. Plain PyTorch
--              decoders are estimated with vLLM's constants: their rows are
--              a floor for vLLM's estimate (out of the summary).
--   prefill    model_prefill_tps(model, gpu, dtype, n, prompt, engine).
--   aggregate  offline serving throughput at full load: as many sequences
--              as the KV cache holds with each one's prompt + output
--              reserved (TensorRT-LLM's default scheduler, the serving
--              simulator and the plans reserve it) in 90% of the GPUs'
--              memory beside the weights, at most the benchmark's batch
--              limit (trtllm-bench's 4096, catalogs/calibrate.py's
--              BENCH_MAX_BATCH; else the engine's max_batch), decoding at
--              their mean context (prompt + half the output); output
--              tokens/s = output / (output / decode + prompt / prefill),
--              since the measured figure includes each prompt's prefill.
--              A throughput the source does not say is output-only
--              (throughput_tps) is read as output tokens/s where prompts
--              are at most 10% of the tokens. A row of a stated batch
--              runs at most that many sequences: Intel's own figures on
--              Gaudi (engine 'intel-gaudi': static batches on Intel's
--              stack, no serving framework named) are estimated so with
--              vLLM's constants, the one catalog engine that runs on
--              Gaudi, and fit its gaudi_eff; listed as engine intel-gaudi.
--   train_mem  train_peak_gb for the 9 rows whose configuration is fully
--              stated (catalogs/train_peak.md says why the other 39 are left
--              out): mode, ZeRO stage (FSDP full shard = 3 over the row's
--              GPUs), recomputation, context-parallel degree (tokens per
--              GPU = seq_len / cp) and cross-entropy chunks as read from each
--              source, the model's intermediate size from the catalog,
--              the LoRA rank of the row (lora_rank) for 'lora' and
--              'qlora'; measured GiB converted to GB.
--   hw         achieved matmul TFLOP/s: datasheet dense TFLOP/s x 0.76
--              (GPUADV_DEFAULT_COMPUTE_EFFICIENCY).
--
--   latency    TTFT and TPOT rows: scored against the serving simulator,
--              not here.
--
-- n is the row's stated tensor-parallel degree, or 1 on one GPU: rows of
-- several GPUs whose layout the source does not state are not estimated.
--
-- estimate_accuracy_summary: per kind and engine, rows, median and
-- 90th-percentile absolute relative error (nearest rank), and the worst row.
-- Reading this file twice changes nothing.

DROP VIEW IF EXISTS estimate_accuracy_layout_summary;
DROP VIEW IF EXISTS estimate_accuracy_summary;
DROP VIEW IF EXISTS estimate_accuracy_groups;
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
  SELECT ms.*, g.memory_gb,
         CASE WHEN ms.engine IN ('vllm', 'sglang', 'trtllm', 'llama.cpp') THEN ms.engine
              WHEN ms.engine IN ('pytorch', 'intel-gaudi') THEN 'vllm' END AS estimated_by,
         -- requests of a TensorRT-LLM overview run (the layout rows' runs)
         CASE WHEN coalesce(ms.prompt_tokens, 0) + coalesce(ms.gen_tokens, 0) <= 2048 THEN 3000
              WHEN ms.prompt_tokens >= 32768 OR ms.gen_tokens >= 32768 THEN 1000
              ELSE 1500 END AS bench_requests,
         -- llama.cpp splits layers over every GPU of the row (engines.multi_gpu)
         CASE WHEN ms.engine = 'llama.cpp' THEN max(1, coalesce(ms.gpu_count, 1))
              ELSE coalesce(ms.tp, CASE WHEN ms.gpu_count = 1 THEN 1 END) END AS n,
         lower(coalesce(ms.notes, '')) LIKE '%anomal%'
           OR ms.repeat_of IS NOT NULL
           OR coalesce(ms.speculative, 'no') = 'yes'
           OR coalesce(ms.ep, 1) > 1 OR coalesce(ms.pp, 1) > 1
           OR coalesce(ms.tp, ms.gpu_count, 1) > 8
           OR coalesce(ms.engine, '') = 'pytorch'
           -- measured before the first release of the era the engine's
           -- constants describe (engines.era_from): scored, not fitted
           OR coalesce(substr(ms.as_of, 1, 10) < (SELECT era_from FROM engines x WHERE x.name = ms.engine), 0)
             AS left_out,
         coalesce(ms.ep, 1) > coalesce(ms.tp, 1) AND coalesce(ms.pp, 1) = 1 AS dp_attention,
         (coalesce(ms.ep, 1) > coalesce(ms.tp, 1) AND coalesce(ms.pp, 1) = 1)
           OR (coalesce(ms.pp, 1) > 1 AND coalesce(ms.ep, 1) <= coalesce(ms.tp, 1)) AS layout_row,
         -- data-parallel attention within pipeline stages (DEP2,PP2): no
         -- layout of the functions; not estimated
         coalesce(ms.ep, 1) > coalesce(ms.tp, 1) AND coalesce(ms.pp, 1) > 1 AS dp_in_stages
  FROM measurements ms LEFT JOIN gpus g ON g.name = ms.gpu
),
-- the KV cache's dtype: the row's where its source states one, else the
-- default of the engine that estimates it (engine_kv_dtype)
mk AS (
  SELECT m0.*, coalesce(m0.kv_dtype, engine_kv_dtype(m0.estimated_by, m0.dtype)) AS row_kv_dtype
  FROM m AS m0
),
est AS (
  SELECT m.*,
    CASE
      WHEN kind = 'decode' AND metric = 'decode_tps_per_stream' AND model IS NOT NULL
           AND dtype IS NOT NULL AND gpu IS NOT NULL AND estimated_by IS NOT NULL
           AND n IS NOT NULL AND scenario = 'single-stream' THEN
        model_decode_tps(model, gpu, dtype, 1,
                         coalesce(prompt_tokens, 0) + coalesce(gen_tokens, 0) / 2.0,
                         n, estimated_by, NULL, NULL, NULL, NULL, row_kv_dtype)
      WHEN kind = 'prefill' AND metric = 'prefill_tps' AND model IS NOT NULL AND dtype IS NOT NULL
           AND gpu IS NOT NULL AND prompt_tokens > 0 AND estimated_by IS NOT NULL
           AND n IS NOT NULL AND scenario = 'single-stream' THEN
        model_prefill_tps(model, gpu, dtype, n, prompt_tokens, estimated_by)
      -- data-parallel attention (DEPn) and pipelines: the serving
      -- simulator's replica of the layout, all requests queued (a closed
      -- loop with a client per request) and the run's output tokens over
      -- its whole length, as trtllm-bench counts them, with the requests
      -- of the overview's "Reproducing" table (perf-overview.md of
      -- TensorRT-LLM 1.2, the source of these rows): 3000 for 1024/1024
      -- (and 1000/1000, which it does not list), 1500 for 8192/1024 and
      -- 1024/8192, 1000 for 32768/1024 and 1024/32768
      WHEN kind = 'aggregate' AND scenario = 'offline' AND metric = 'decode_tps_aggregate'
           AND layout_row AND model IS NOT NULL AND dtype IS NOT NULL AND gpu IS NOT NULL
           AND prompt_tokens > 0 AND gen_tokens > 0 AND estimated_by IS NOT NULL THEN (
        SELECT s.throughput_tps FROM serving_sim s
        WHERE s.model = m.model AND s.gpu = m.gpu AND s.dtype = m.dtype AND s.engine = m.estimated_by
          AND s.tp = coalesce(m.tp, 1) AND s.pp = coalesce(m.pp, 1) AND s.ep = coalesce(m.ep, 1)
          AND s.concurrency = m.bench_requests AND s.n_requests = m.bench_requests
          AND s.prompt_tokens = m.prompt_tokens AND s.output_tokens = m.gen_tokens
          AND s.kv_dtype = m.row_kv_dtype)
      WHEN kind = 'aggregate' AND scenario = 'offline' AND model IS NOT NULL AND dtype IS NOT NULL
           AND gpu IS NOT NULL AND prompt_tokens > 0 AND gen_tokens > 0 AND estimated_by IS NOT NULL
           AND n IS NOT NULL AND NOT layout_row AND NOT dp_in_stages
           AND (metric = 'decode_tps_aggregate'
                OR (metric = 'throughput_tps' AND 1.0 * prompt_tokens / (prompt_tokens + gen_tokens) <= 0.1))
        THEN (
        SELECT model_full_load_tps(m.model, m.gpu, m.dtype, m.prompt_tokens, m.gen_tokens, m.n,
                                   m.estimated_by,
                                   min(CASE WHEN m.estimated_by = 'trtllm' THEN 4096 ELSE e.max_batch END,
                                       coalesce(m.batch, 1e9)),
                                   m.row_kv_dtype)
        FROM engines e WHERE e.name = m.estimated_by)
      WHEN kind = 'train_mem' THEN (
        SELECT train_peak_gb(md.params_b, t.mode, md.layers, md.hidden, md.heads,
                             m.seq_len / t.cp, m.micro_batch, m.gpu_count,
                             t.zero_stage, t.recompute, md.vocab, t.ce_chunks,
                             md.intermediate,
                             CASE WHEN t.mode IN ('lora', 'qlora') THEN coalesce(m.lora_rank, 0) ELSE 0 END)
        FROM train_setup t JOIN models md ON md.name = m.model
        WHERE t.id = m.id)
      WHEN kind = 'hw' AND metric = 'matmul_tflops_max_achievable' AND gpu IS NOT NULL THEN
        0.76 * gpu_tflops(gpu, dtype)
    END AS estimate,
    CASE WHEN unit = 'GiB' THEN value * 1.073741824 ELSE value END AS measured
  FROM mk AS m
)
SELECT id, kind, metric,
       CASE WHEN kind NOT IN ('decode', 'prefill', 'aggregate') THEN NULL
            WHEN engine = 'intel-gaudi' THEN engine ELSE estimated_by END AS engine,
       gpu, gpu_count, model, dtype, batch, prompt_tokens, gen_tokens,
       measured, CASE WHEN unit = 'GiB' THEN 'GB' ELSE unit END AS unit, estimate,
       estimate / measured - 1 AS rel_error,
       abs(estimate / measured - 1) AS abs_error,
       NOT left_out AS in_summary,
       CASE WHEN kind <> 'aggregate' OR NOT layout_row THEN NULL
            WHEN dp_attention THEN 'dp' || (ep / coalesce(tp, 1)) || ' ep' || ep
            ELSE 'tp' || coalesce(tp, 1) || ' pp' || pp || CASE WHEN ep > 1 THEN ' ep' || ep ELSE '' END
       END AS layout,
       source, as_of
FROM est
WHERE estimate IS NOT NULL AND measured > 0;

-- Per group of rows, the count, median and 90th-percentile absolute error
-- (nearest rank) and the worst row: the rows of the summary by kind and
-- engine (parallelism NULL), and apart from them the full-load rows of
-- data-parallel attention with expert parallelism (DEPn) and of pipelines,
-- which no fit sees, by engine and kind of layout.
CREATE VIEW estimate_accuracy_groups AS
WITH e AS (
  SELECT kind, coalesce(engine, '') AS engine,
         CASE WHEN layout LIKE 'dp%' THEN 'dp attention' WHEN layout IS NOT NULL THEN 'pipeline' END
           AS parallelism,
         id, abs_error
  FROM estimate_accuracy WHERE in_summary OR layout IS NOT NULL
), r AS (
  SELECT e.*, row_number() OVER (PARTITION BY kind, engine, parallelism ORDER BY abs_error) AS r,
         count(*) OVER (PARTITION BY kind, engine, parallelism) AS n
  FROM e
)
SELECT kind, engine, parallelism, max(n) AS rows,
       avg(CASE WHEN r IN ((n + 1) / 2, (n + 2) / 2) THEN abs_error END) AS median_abs_error,
       max(CASE WHEN r = (9 * n + 9) / 10 THEN abs_error END) AS p90_abs_error,
       max(abs_error) AS worst_abs_error,
       (SELECT id FROM r AS w
        WHERE w.kind = r.kind AND w.engine = r.engine AND w.parallelism IS r.parallelism
        ORDER BY abs_error DESC LIMIT 1) AS worst_id
FROM r
GROUP BY kind, engine, parallelism;

CREATE VIEW estimate_accuracy_summary AS
SELECT kind, engine, rows, median_abs_error, p90_abs_error, worst_abs_error, worst_id
FROM estimate_accuracy_groups WHERE parallelism IS NULL;

CREATE VIEW estimate_accuracy_layout_summary AS
SELECT engine, parallelism, rows, median_abs_error, p90_abs_error, worst_abs_error, worst_id
FROM estimate_accuracy_groups WHERE parallelism IS NOT NULL;

-- ---------------------------------------------------------------- images
-- image_accuracy: each published vision and diffusion throughput
-- (catalogs/image_measurements.csv) beside image_tps's estimate, with the
-- relative error and whether the fit of ext/gpuadv_image.c's constants saw
-- it (split 'fit') or not ('held-out'); image_accuracy_summary: the median
-- and worst absolute error of each split, and the architecture whose
-- constants estimate it.
DROP VIEW IF EXISTS image_accuracy_summary;
DROP VIEW IF EXISTS image_accuracy;
CREATE VIEW image_accuracy AS
SELECT x.*, x.estimate / x.value - 1 AS error, abs(x.estimate / x.value - 1) AS abs_error
FROM (SELECT m.id, m.split, m.model, i.arch, m.gpu, m.task, m.dtype, m.batch, m.resolution, m.steps, m.value, m.unit,
             CASE WHEN m.task = 'denoise' THEN image_tps(m.model, m.gpu, m.task, m.dtype, m.batch, m.resolution)
                  ELSE image_tps(m.model, m.gpu, m.task, m.dtype, m.batch, m.resolution, m.steps) END AS estimate,
             m.source_title
      FROM image_measurements m JOIN image_models i ON i.name = m.model) x;
CREATE VIEW image_accuracy_summary AS
SELECT split, arch, count(*) AS rows,
       avg(CASE WHEN k IN ((n + 1) / 2, (n + 2) / 2) THEN abs_error END) AS median_abs_error,
       max(abs_error) AS worst_abs_error,
       (SELECT a2.id FROM image_accuracy a2 WHERE a2.split = r.split AND (r.arch = 'all' OR a2.arch = r.arch)
        ORDER BY a2.abs_error DESC LIMIT 1) AS worst_id
FROM (SELECT a.split, g.arch, a.abs_error,
             row_number() OVER (PARTITION BY a.split, g.arch ORDER BY a.abs_error) AS k,
             count(*) OVER (PARTITION BY a.split, g.arch) AS n
      FROM image_accuracy a JOIN (SELECT 'all' AS arch UNION ALL SELECT DISTINCT arch FROM image_models) g
        ON g.arch = 'all' OR g.arch = a.arch) r
GROUP BY split, arch;

-- ------------------------------------------------------- speed ranges
-- estimate_accuracy_band: the speed range of a serving estimate that no
-- measurement of its engine on its kind of GPU backs (estimate_bands'
-- 'extrapolated' row in sql/gpuadv.sql): the 10th and 90th percentiles
-- (nearest rank) of measured / estimate over the rows no fit sees, the
-- simulator's TensorRT-LLM runs with data-parallel attention and pipeline
-- stages. `make bands` prints it beside the fitted ranges.
DROP VIEW IF EXISTS estimate_accuracy_band;
CREATE VIEW estimate_accuracy_band AS
WITH r AS (
  SELECT measured / estimate AS x, row_number() OVER (ORDER BY measured / estimate) AS i,
         count(*) OVER () AS n
  FROM estimate_accuracy WHERE layout IS NOT NULL AND estimate > 0)
SELECT 'serve' AS kind, 'extrapolated' AS basis, max(n) AS rows,
       max(CASE WHEN i = (n + 9) / 10 THEN x END) AS low,
       max(CASE WHEN i = (9 * n + 9) / 10 THEN x END) AS high
FROM r;

-- --------------------------------------------------- by engine version
-- estimate_accuracy_versions: the serving estimates' error (decode and
-- full-load figures in the summary) by the engine and the version its
-- source ran (measurements.engine_version; 'unstated' where it names
-- none): the rows, the median |estimate / measured - 1| and the median
-- signed error (above 0: the estimate is faster than the version
-- measured). One set of constants per engine describes every version;
-- this says which versions it fits and which it does not.
DROP VIEW IF EXISTS estimate_accuracy_versions;
CREATE VIEW estimate_accuracy_versions AS
WITH e AS (
  SELECT a.engine, coalesce(nullif(m.engine_version, ''), 'unstated') AS version, a.rel_error, a.abs_error
  FROM estimate_accuracy a JOIN measurements m ON m.id = a.id
  WHERE a.in_summary AND a.kind IN ('decode', 'aggregate') AND a.engine IN ('vllm', 'sglang', 'trtllm', 'llama.cpp')),
r AS (
  SELECT e.*, row_number() OVER (PARTITION BY engine, version ORDER BY abs_error) AS ra,
         row_number() OVER (PARTITION BY engine, version ORDER BY rel_error) AS rr,
         count(*) OVER (PARTITION BY engine, version) AS n
  FROM e)
SELECT engine, version, max(n) AS rows,
       avg(CASE WHEN ra IN ((n + 1) / 2, (n + 2) / 2) THEN abs_error END) AS median_abs_error,
       avg(CASE WHEN rr IN ((n + 1) / 2, (n + 2) / 2) THEN rel_error END) AS median_rel_error
FROM r GROUP BY engine, version;
