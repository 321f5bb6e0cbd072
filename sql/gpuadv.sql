-- gpuadv procurement schema: workloads, purchase and rental quotes, and the
-- views that turn them into ranked plans against the embedded catalogs.
--
--   sqlite> .load ./gpuadv
--   sqlite> .read sql/gpuadv.sql
--   sqlite> INSERT INTO workloads(name, kind, model, mode, tokens_b, epochs)
--      ...>   VALUES ('ft-70b', 'finetune', 'llama-3.1-70b', 'qlora', 1, 3);
--   sqlite> SELECT * FROM best_plans;
--
-- Reading this file again changes nothing and keeps every row: tables are
-- created only when missing; views and triggers hold no data and are
-- re-created, so a newer file upgrades them. It prints nothing and uses only
-- gpuadv's functions and catalogs (all innocuous) and core SQL, so every view
-- works under PRAGMA trusted_schema=OFF. No dot-commands: the test host runs
-- it as plain SQL. docs/procurement.md explains every column, formula and
-- constant, with its source.

-- ---------------------------------------------------------------- tables

-- One row per job. NULL in an optional column takes the default that the
-- view workload_inputs documents (the constants live in plan_defaults).
CREATE TABLE IF NOT EXISTS workloads (
  name TEXT NOT NULL PRIMARY KEY,
  kind TEXT NOT NULL,            -- train, finetune, serve
  model TEXT,                    -- a models.name or alias (stored as the models.name), or the text of a config.json
  params_b REAL,                 -- billions of parameters: a model not in the catalog, or overrides the catalog count
  mode TEXT,                     -- train/finetune: full (default), full16, lora, qlora
  dtype TEXT,                    -- serve: weight dtype (default bf16)
  kv_dtype TEXT,                 -- serve: KV-cache dtype (default: the engine's, engine_kv_dtype: fp16, or fp8 with fp8/fp4 weights on trtllm)
  engine TEXT,                   -- serve: vllm (default), sglang, trtllm or llama.cpp
  tokens_b REAL,                 -- train/finetune: training tokens per epoch, billions
  epochs REAL,                   -- default 1
  seq_len INTEGER,               -- training sequence length (default 4096)
  micro_batch INTEGER,           -- sequences per GPU per step (default: searched, 1 to 8)
  global_batch INTEGER,          -- train/finetune: sequences per optimizer step (default: 4M tokens' worth for train, 64 for finetune)
  recompute TEXT,                -- none, selective or full (default: searched)
  mfu REAL,                      -- model FLOPs utilization (default: the step model's, model_train_mfu)
  max_days REAL,                 -- wall-clock deadline of a training job, days
  requests_per_min REAL,         -- serve: average request rate
  prompt_tokens REAL,            -- serve: prompt tokens per request (default 0)
  output_tokens REAL,            -- serve: generated tokens per request
  peak_concurrency INTEGER,      -- serve: requests in flight at the peak
  user_tps REAL,                 -- serve: target decode tokens/s seen by each user
  ttft_s REAL,                   -- serve: mean time-to-first-token target, seconds (one prefill alone, and the simulated mean under load)
  ttft_p95_s REAL,               -- serve: 95th-percentile time-to-first-token target under load, seconds
  tpot_p95_ms REAL,              -- serve: 95th-percentile time-per-output-token target under load, ms
  dataset_gb REAL,               -- training data (default 0)
  data_location TEXT,            -- where the data lives: a provider ('aws', ...) or 'local' (default)
  runs_per_month REAL,           -- times per month a run reads the dataset from where it lives (default 1)
  months REAL,                   -- months of use (default 1)
  budget_usd REAL,               -- money available for the whole workload
  utilization REAL,              -- expected busy share of owned hardware (default 0.7)
  acquire TEXT,                  -- 'rent', 'buy' or 'any' (default): which offers may win
  offer_glob TEXT,               -- plan only offers whose name or GPU matches this GLOB, ignoring case ('aws/*', 'owned/*', 'H100*')
  storage_gb REAL,               -- GB kept in storage: corpus + checkpoints + artifacts (default dataset_gb)
  storage_usd_per_gb_month REAL, -- default 0.023 (S3 Standard)
  mem_headroom REAL,             -- share of GPU memory left free (default 0.10)
  layers INTEGER,                -- shape of a model not in the catalog (default: the
  hidden INTEGER,                --   dense catalog model nearest in size)
  heads INTEGER,
  kv_heads INTEGER,
  head_dim INTEGER,
  include_flagged_prices INTEGER, -- 1: also plan on prices the refresh flagged (cloud_instances.price_flag); default 0
  serve_on_spot INTEGER,         -- serve: 1 lets spot instances serve (an interruption drops a replica); default 0
  spot_interruptions_per_day REAL, -- interruptions per node-day on spot (default: the spot_interruptions catalog)
  checkpoint_hours REAL,         -- training on spot: hours between checkpoints (default 1)
  restart_minutes REAL,          -- training on spot: minutes to replace a node and resume (default 15)
  prompt_cv REAL,                -- serve: spread of prompt lengths, coefficient of variation (default 0: all prompt_tokens long)
  output_cv REAL,                -- serve: spread of output lengths, coefficient of variation (default 0: all output_tokens long)
  prefix_hit REAL,               -- serve: share of each prompt found in the engine's prefix cache (default 0)
  spare_replicas INTEGER,        -- serve: replicas beyond those the traffic needs, so that the targets hold with that many down (default 0; 1 for N+1)
  allow_spot INTEGER,            -- 1: spot offers may win, training and serving (default 0; for serving, serve_on_spot when this is NULL)
  allow_marketplace INTEGER,     -- 1: marketplace offers (provider_tiers tier 'marketplace': single hosts such as vast's) may win; default 0
  regions TEXT,                  -- cloud offers only in these regions: comma-separated GLOBs, case ignored ('us-*,europe-*'); default all
  countries TEXT,                -- cloud offers only in these countries: comma-separated ISO codes ('US,CA'; cloud_regions.country)
  providers TEXT,                -- cloud offers only of these providers: comma-separated ('aws,gcp')
  tiers TEXT,                    -- cloud offers only of these tiers: comma-separated hyperscaler, neocloud, marketplace (provider_tiers)
  daily_users REAL,              -- serve: users a day; with requests_per_user_day, the rate in place of requests_per_min
  requests_per_user_day REAL,    -- serve: requests each user makes a day
  peak_to_mean REAL,             -- serve: the peak hour's rate over the day's mean: the profile reshaped to it (default: the profile's own; with no profile either, flat plus burst_headroom)
  traffic_profile TEXT,          -- serve: a traffic_profiles.name, the day's shape (default: plan_defaults.traffic_profile when peak_to_mean is given; else flat)
  engine_version TEXT,           -- serve: the engine's release ('0.11.2'; default: the newest): whether it hands out a step's tokens a step late (engine_overlap); one older than the release the engine's speed constants describe is refused
  notes TEXT,
  CONSTRAINT "name must be non-empty text"
    CHECK (typeof(name) = 'text' AND length(trim(name)) > 0),
  CONSTRAINT "kind must be train, finetune or serve"
    CHECK (kind IN ('train', 'finetune', 'serve')),
  CONSTRAINT "give model (a models.name) or params_b"
    CHECK (model IS NOT NULL OR params_b IS NOT NULL),
  CONSTRAINT "model must be a models.name or a config.json"
    CHECK (model IS NULL
           OR CASE WHEN ltrim(CAST(model AS TEXT), ' ' || char(9, 10, 13)) LIKE '{%'
                   THEN model_weights_gb(model, 'bf16') > 0
                   ELSE model_name(model, 'workloads.model') IS NOT NULL END),
  CONSTRAINT "params_b must be a number of billions in (0, 100000]"
    CHECK (params_b IS NULL OR (typeof(params_b) IN ('integer', 'real')
                                AND params_b > 0 AND params_b <= 100000)),
  CONSTRAINT "mode must be full, full16, lora or qlora"
    CHECK (mode IS NULL OR lower(mode) IN ('full', 'full16', 'lora', 'qlora')),
  CONSTRAINT "a train workload (from scratch) uses mode full or full16"
    CHECK (kind <> 'train' OR mode IS NULL OR lower(mode) IN ('full', 'full16')),
  CONSTRAINT "dtype must be a bytes_per_param() type"
    CHECK (dtype IS NULL OR bytes_per_param(dtype) > 0),
  CONSTRAINT "engine must be vllm, sglang, trtllm or llama.cpp"
    CHECK (engine IS NULL OR lower(engine) IN ('vllm', 'sglang', 'trtllm', 'llama.cpp')),
  -- engine_overlap() refuses a version that is not one, or that the
  -- engine's constants do not describe, with its own message
  CONSTRAINT "engine_version is for serve workloads, a release of the engine"
    CHECK (engine_version IS NULL
           OR (kind = 'serve' AND engine_overlap(coalesce(engine, 'vllm'), engine_version) IS NOT NULL)),
  CONSTRAINT "kv_dtype must be a bytes_per_param() type"
    CHECK (kv_dtype IS NULL OR bytes_per_param(kv_dtype) > 0),
  CONSTRAINT "train and finetune need tokens_b > 0"
    CHECK (kind = 'serve' OR (typeof(tokens_b) IN ('integer', 'real') AND tokens_b > 0)),
  CONSTRAINT "tokens_b is billions of tokens, at most 1000000: 1e9 tokens is tokens_b = 1"
    CHECK (tokens_b IS NULL OR NOT (tokens_b > 1e6)),
  CONSTRAINT "global_batch must be a whole number >= 1"
    CHECK (global_batch IS NULL OR (typeof(global_batch) = 'integer' AND global_batch >= 1)),
  CONSTRAINT "epochs must be > 0"
    CHECK (epochs IS NULL OR (typeof(epochs) IN ('integer', 'real') AND epochs > 0)),
  CONSTRAINT "seq_len must be a whole number >= 1"
    CHECK (seq_len IS NULL OR (typeof(seq_len) = 'integer' AND seq_len >= 1)),
  CONSTRAINT "micro_batch must be a whole number in [1, 1024]"
    CHECK (micro_batch IS NULL OR (typeof(micro_batch) = 'integer' AND micro_batch >= 1 AND micro_batch <= 1024)),
  CONSTRAINT "recompute must be none, selective or full"
    CHECK (recompute IS NULL OR lower(recompute) IN ('none', 'selective', 'full')),
  CONSTRAINT "mfu must be in (0, 1]"
    CHECK (mfu IS NULL OR (typeof(mfu) IN ('integer', 'real') AND mfu > 0 AND mfu <= 1)),
  CONSTRAINT "max_days must be > 0"
    CHECK (max_days IS NULL OR (typeof(max_days) IN ('integer', 'real') AND max_days > 0)),
  CONSTRAINT "serve needs requests_per_min (or daily_users and requests_per_user_day) > 0 and output_tokens > 0"
    CHECK (kind <> 'serve' OR (((typeof(requests_per_min) IN ('integer', 'real') AND requests_per_min > 0)
                                OR (typeof(daily_users) IN ('integer', 'real') AND daily_users > 0
                                    AND typeof(requests_per_user_day) IN ('integer', 'real')
                                    AND requests_per_user_day > 0))
                               AND typeof(output_tokens) IN ('integer', 'real') AND output_tokens > 0)),
  CONSTRAINT "give requests_per_min or daily_users, not both"
    CHECK (requests_per_min IS NULL OR daily_users IS NULL),
  CONSTRAINT "daily_users and requests_per_user_day must be > 0, and make at most 1000000000 requests a minute"
    CHECK ((daily_users IS NULL OR (typeof(daily_users) IN ('integer', 'real') AND daily_users > 0))
       AND (requests_per_user_day IS NULL
            OR (typeof(requests_per_user_day) IN ('integer', 'real') AND requests_per_user_day > 0))
       AND NOT (daily_users * requests_per_user_day / 1440.0 > 1e9)),
  CONSTRAINT "peak_to_mean must be in [1, 24)"
    CHECK (peak_to_mean IS NULL OR (typeof(peak_to_mean) IN ('integer', 'real')
                                    AND peak_to_mean >= 1 AND peak_to_mean < 24)),
  CONSTRAINT "daily_users, requests_per_user_day, peak_to_mean and traffic_profile are for serve workloads"
    CHECK (kind = 'serve' OR (daily_users IS NULL AND requests_per_user_day IS NULL
                              AND peak_to_mean IS NULL AND traffic_profile IS NULL)),
  CONSTRAINT "requests_per_min and output_tokens must be > 0"
    CHECK ((requests_per_min IS NULL OR (typeof(requests_per_min) IN ('integer', 'real') AND requests_per_min > 0))
       AND (output_tokens IS NULL OR (typeof(output_tokens) IN ('integer', 'real') AND output_tokens > 0))),
  CONSTRAINT "prompt_tokens must be >= 0"
    CHECK (prompt_tokens IS NULL OR (typeof(prompt_tokens) IN ('integer', 'real') AND prompt_tokens >= 0)),
  -- the serving simulator's ranges (serving_sim): at most 10^9 requests/s
  -- at the design rate (requests_per_min / 60 x 1.2), 10^7 tokens a request
  CONSTRAINT "requests_per_min must be at most 1000000000"
    CHECK (requests_per_min IS NULL OR NOT (requests_per_min > 1e9)),
  CONSTRAINT "prompt_tokens and output_tokens must be at most 10000000"
    CHECK (NOT (prompt_tokens > 1e7) AND NOT (output_tokens > 1e7)),
  CONSTRAINT "peak_concurrency must be a whole number >= 1"
    CHECK (peak_concurrency IS NULL OR (typeof(peak_concurrency) = 'integer' AND peak_concurrency >= 1)),
  CONSTRAINT "user_tps must be in (0, 1000000]"
    CHECK (user_tps IS NULL OR (typeof(user_tps) IN ('integer', 'real') AND user_tps > 0 AND user_tps <= 1e6)),
  CONSTRAINT "ttft_p95_s must be in (0, 1000000] and tpot_p95_ms in (0, 1000000000]"
    CHECK ((ttft_p95_s IS NULL OR (typeof(ttft_p95_s) IN ('integer', 'real') AND ttft_p95_s > 0 AND ttft_p95_s <= 1e6))
       AND (tpot_p95_ms IS NULL OR (typeof(tpot_p95_ms) IN ('integer', 'real') AND tpot_p95_ms > 0
                                    AND tpot_p95_ms <= 1e9))),
  CONSTRAINT "ttft_s must be in (0, 1000000]"
    CHECK (ttft_s IS NULL OR (typeof(ttft_s) IN ('integer', 'real') AND ttft_s > 0 AND ttft_s <= 1e6)),
  CONSTRAINT "dataset_gb must be >= 0"
    CHECK (dataset_gb IS NULL OR (typeof(dataset_gb) IN ('integer', 'real') AND dataset_gb >= 0)),
  CONSTRAINT "data_location must be 'local' or a provider name in lowercase"
    CHECK (data_location IS NULL OR (typeof(data_location) = 'text'
                                     AND data_location = lower(trim(data_location))
                                     AND length(data_location) > 0)),
  CONSTRAINT "runs_per_month must be >= 0"
    CHECK (runs_per_month IS NULL OR (typeof(runs_per_month) IN ('integer', 'real') AND runs_per_month >= 0)),
  CONSTRAINT "months must be > 0"
    CHECK (months IS NULL OR (typeof(months) IN ('integer', 'real') AND months > 0)),
  CONSTRAINT "budget_usd must be > 0"
    CHECK (budget_usd IS NULL OR (typeof(budget_usd) IN ('integer', 'real') AND budget_usd > 0)),
  CONSTRAINT "utilization must be in (0, 1]"
    CHECK (utilization IS NULL OR (typeof(utilization) IN ('integer', 'real')
                                   AND utilization > 0 AND utilization <= 1)),
  CONSTRAINT "acquire must be rent, buy or any"
    CHECK (acquire IS NULL OR acquire IN ('rent', 'buy', 'any')),
  CONSTRAINT "offer_glob must be non-empty text"
    CHECK (offer_glob IS NULL OR (typeof(offer_glob) = 'text' AND length(offer_glob) > 0)),
  CONSTRAINT "storage_gb must be >= 0"
    CHECK (storage_gb IS NULL OR (typeof(storage_gb) IN ('integer', 'real') AND storage_gb >= 0)),
  CONSTRAINT "storage_usd_per_gb_month must be >= 0"
    CHECK (storage_usd_per_gb_month IS NULL
           OR (typeof(storage_usd_per_gb_month) IN ('integer', 'real') AND storage_usd_per_gb_month >= 0)),
  CONSTRAINT "mem_headroom must be in [0, 1)"
    CHECK (mem_headroom IS NULL OR (typeof(mem_headroom) IN ('integer', 'real')
                                    AND mem_headroom >= 0 AND mem_headroom < 1)),
  CONSTRAINT "layers, hidden, heads, kv_heads and head_dim must be whole numbers >= 1"
    CHECK ((layers IS NULL OR (typeof(layers) = 'integer' AND layers >= 1))
       AND (hidden IS NULL OR (typeof(hidden) = 'integer' AND hidden >= 1))
       AND (heads IS NULL OR (typeof(heads) = 'integer' AND heads >= 1))
       AND (kv_heads IS NULL OR (typeof(kv_heads) = 'integer' AND kv_heads >= 1))
       AND (head_dim IS NULL OR (typeof(head_dim) = 'integer' AND head_dim >= 1))),
  CONSTRAINT "include_flagged_prices and serve_on_spot must be 0 or 1"
    CHECK ((include_flagged_prices IS NULL OR include_flagged_prices IN (0, 1))
       AND (serve_on_spot IS NULL OR serve_on_spot IN (0, 1))),
  CONSTRAINT "spot_interruptions_per_day, checkpoint_hours and restart_minutes must be >= 0"
    CHECK ((spot_interruptions_per_day IS NULL OR (typeof(spot_interruptions_per_day) IN ('integer', 'real')
                                                   AND spot_interruptions_per_day >= 0))
       AND (checkpoint_hours IS NULL OR (typeof(checkpoint_hours) IN ('integer', 'real') AND checkpoint_hours > 0))
       AND (restart_minutes IS NULL OR (typeof(restart_minutes) IN ('integer', 'real') AND restart_minutes >= 0))),
  -- serving_sim's ranges: a cv of at most 10, a share of at most 1
  CONSTRAINT "prompt_cv and output_cv must be in [0, 10] and prefix_hit in [0, 1]"
    CHECK ((prompt_cv IS NULL OR (typeof(prompt_cv) IN ('integer', 'real') AND prompt_cv >= 0 AND prompt_cv <= 10))
       AND (output_cv IS NULL OR (typeof(output_cv) IN ('integer', 'real') AND output_cv >= 0 AND output_cv <= 10))
       AND (prefix_hit IS NULL OR (typeof(prefix_hit) IN ('integer', 'real') AND prefix_hit >= 0 AND prefix_hit <= 1))),
  CONSTRAINT "spare_replicas must be a whole number in [0, 64]"
    CHECK (spare_replicas IS NULL OR (typeof(spare_replicas) = 'integer' AND spare_replicas >= 0 AND spare_replicas <= 64)),
  CONSTRAINT "allow_spot and allow_marketplace must be 0 or 1"
    CHECK ((allow_spot IS NULL OR allow_spot IN (0, 1))
       AND (allow_marketplace IS NULL OR allow_marketplace IN (0, 1))),
  CONSTRAINT "regions, countries and providers must be comma-separated text without quotes or backslashes"
    CHECK ((regions IS NULL OR (typeof(regions) = 'text' AND length(trim(regions)) > 0
                                AND instr(regions, '"') = 0 AND instr(regions, '\') = 0))
       AND (countries IS NULL OR (typeof(countries) = 'text' AND length(trim(countries)) > 0
                                  AND instr(countries, '"') = 0 AND instr(countries, '\') = 0))
       AND (providers IS NULL OR (typeof(providers) = 'text' AND length(trim(providers)) > 0
                                  AND instr(providers, '"') = 0 AND instr(providers, '\') = 0))),
  CONSTRAINT "tiers must be a comma-separated list of hyperscaler, neocloud, marketplace"
    CHECK (tiers IS NULL OR (typeof(tiers) = 'text' AND length(trim(tiers)) > 0
                             AND replace(replace(replace(replace(replace(lower(tiers), ' ', ''), 'hyperscaler', ''),
                                                         'neocloud', ''), 'marketplace', ''), ',', '') = ''))
);

-- Your purchase quotes and running costs, one row per GPU type (a
-- gpus.name). A GPU without a row here, or a NULL column, takes the
-- defaults of the owned_costs catalog (see plan_defaults); a value here wins.
CREATE TABLE IF NOT EXISTS owned_prices (
  gpu TEXT NOT NULL PRIMARY KEY,  -- a gpus.name or alias (stored as the gpus.name)
  price_usd REAL,                 -- per GPU, with its share of host, network and install (default: the server or card price)
  lifetime_years REAL,            -- straight-line depreciation (default 3)
  usd_per_kwh REAL,               -- default 0.12
  pue REAL,                       -- default 1.54 (Uptime Institute 2025 average)
  watts REAL,                     -- per GPU, with its share of the machine: energy and colocation are billed at it (default gpus.tdp_w x 1.8, the machine's maximum draw, energy at 0.735 of it; a system's own TDP)
  gpus_per_node INTEGER,          -- default 8 in servers, 1 for desktop cards and whole systems (gpus.sold_in)
  fabric_gbps REAL,               -- network between your nodes, Gbit/s per node (default 400 a GPU where the network is bought: owned_costs.fabric_gbps_per_gpu)
  source TEXT,
  unit_gpus INTEGER,              -- GPUs per purchase unit (default 8 for servers: gpus.sold_in 'gpu-server' or 'rack-server'; 1 otherwise)
  unit_usd REAL,                  -- price of one purchase unit (wins over price_usd)
  network_usd_per_gpu REAL,       -- cluster network per GPU (default 1,882 for servers; 0 with price_usd or a card)
  colo_usd_per_kw_month REAL,     -- facility per kW of the node's draw (default 184.06, CBRE)
  support_share_per_year REAL,    -- maintenance and support, share of the unit price per year after the warranty (default 0.10; a DGX's is 0.20)
  warranty_years REAL,            -- years of parts and labor included in the price (default 3)
  staff_usd_per_node_year REAL,   -- operations staff per 8 GPUs (a server's worth, whatever machines hold them) per year (default 0.09375 FTE x $185,000 = $17,344)
  resale_share REAL,              -- value at the end of the lifetime, share of the purchase (default 0.30)
  CONSTRAINT "price_usd must be > 0"
    CHECK (price_usd IS NULL OR (typeof(price_usd) IN ('integer', 'real') AND price_usd > 0)),
  CONSTRAINT "unit_gpus must be a whole number >= 1"
    CHECK (unit_gpus IS NULL OR (typeof(unit_gpus) = 'integer' AND unit_gpus >= 1)),
  CONSTRAINT "unit_usd, network_usd_per_gpu, colo_usd_per_kw_month, support_share_per_year and staff_usd_per_node_year must be >= 0"
    CHECK ((unit_usd IS NULL OR (typeof(unit_usd) IN ('integer', 'real') AND unit_usd > 0))
       AND (network_usd_per_gpu IS NULL OR (typeof(network_usd_per_gpu) IN ('integer', 'real') AND network_usd_per_gpu >= 0))
       AND (colo_usd_per_kw_month IS NULL OR (typeof(colo_usd_per_kw_month) IN ('integer', 'real') AND colo_usd_per_kw_month >= 0))
       AND (support_share_per_year IS NULL OR (typeof(support_share_per_year) IN ('integer', 'real') AND support_share_per_year >= 0))
       AND (staff_usd_per_node_year IS NULL OR (typeof(staff_usd_per_node_year) IN ('integer', 'real') AND staff_usd_per_node_year >= 0))),
  CONSTRAINT "resale_share must be in [0, 1)"
    CHECK (resale_share IS NULL OR (typeof(resale_share) IN ('integer', 'real') AND resale_share >= 0 AND resale_share < 1)),
  CONSTRAINT "warranty_years must be >= 0"
    CHECK (warranty_years IS NULL OR (typeof(warranty_years) IN ('integer', 'real') AND warranty_years >= 0)),
  CONSTRAINT "lifetime_years must be > 0"
    CHECK (lifetime_years IS NULL OR (typeof(lifetime_years) IN ('integer', 'real') AND lifetime_years > 0)),
  CONSTRAINT "usd_per_kwh must be >= 0"
    CHECK (usd_per_kwh IS NULL OR (typeof(usd_per_kwh) IN ('integer', 'real') AND usd_per_kwh >= 0)),
  CONSTRAINT "pue must be >= 1"
    CHECK (pue IS NULL OR (typeof(pue) IN ('integer', 'real') AND pue >= 1)),
  CONSTRAINT "watts must be >= 0"
    CHECK (watts IS NULL OR (typeof(watts) IN ('integer', 'real') AND watts >= 0)),
  CONSTRAINT "gpus_per_node must be a whole number >= 1"
    CHECK (gpus_per_node IS NULL OR (typeof(gpus_per_node) = 'integer' AND gpus_per_node >= 1)),
  CONSTRAINT "fabric_gbps must be >= 0"
    CHECK (fabric_gbps IS NULL OR (typeof(fabric_gbps) IN ('integer', 'real') AND fabric_gbps >= 0))
);

-- Your rental quotes that the catalog lacks: a bare-metal provider's price,
-- a reserved rate, or a managed service (managed_premium 0.30 for
-- SageMaker's ~30% over self-managed compute, seed 002). Priced like the
-- catalog's on-demand rows.
CREATE TABLE IF NOT EXISTS rental_quotes (
  provider TEXT NOT NULL,           -- lowercase; 'aws' for SageMaker (data in S3 then moves for free)
  name TEXT NOT NULL,               -- instance or offer name
  gpu TEXT NOT NULL,                -- a gpus.name or alias (stored as the gpus.name)
  gpu_count REAL NOT NULL DEFAULT 1,
  usd_per_hour REAL NOT NULL,       -- whole instance, before any managed premium
  managed_premium REAL NOT NULL DEFAULT 0,
  fabric_gbps REAL,                 -- network between instances, Gbit/s per instance
  source TEXT,
  term_days INTEGER,                -- a commitment: billed in whole terms of this many days (365 = 1 year); NULL = pay as you go
  PRIMARY KEY (provider, name),
  CONSTRAINT "provider must be lowercase text other than 'local' and 'owned'"
    CHECK (typeof(provider) = 'text' AND provider = lower(trim(provider)) AND length(provider) > 0
           AND provider NOT IN ('local', 'owned')),
  CONSTRAINT "gpu_count must be > 0 (a whole number above 1)"
    CHECK (typeof(gpu_count) IN ('integer', 'real') AND gpu_count > 0
           AND (gpu_count <= 1 OR gpu_count = CAST(gpu_count AS INTEGER))),
  CONSTRAINT "usd_per_hour must be > 0"
    CHECK (typeof(usd_per_hour) IN ('integer', 'real') AND usd_per_hour > 0),
  CONSTRAINT "managed_premium must be in [0, 10]"
    CHECK (typeof(managed_premium) IN ('integer', 'real') AND managed_premium >= 0 AND managed_premium <= 10),
  CONSTRAINT "fabric_gbps must be >= 0"
    CHECK (fabric_gbps IS NULL OR (typeof(fabric_gbps) IN ('integer', 'real') AND fabric_gbps >= 0)),
  CONSTRAINT "term_days must be a whole number >= 1"
    CHECK (term_days IS NULL OR (typeof(term_days) = 'integer' AND term_days >= 1))
);

-- Newer prices of catalog instances, kept in your database: the offers view
-- takes a row here in place of the compiled-in cloud_instances row of the
-- same provider, instance_type, region, gpu and gpu_count, and adds a row
-- the catalog lacks. The columns are the cloud_instances catalog's. `make
-- refresh-prices` (catalogs/refresh_prices.py) writes such rows into a price
-- database, build/user_prices.db, with its own user_prices table; bring
-- them in with
--   ATTACH 'build/user_prices.db' AS p; INSERT OR REPLACE INTO user_prices SELECT * FROM p.user_prices;
-- or let the script do it (--into your.db). Every row names its source and
-- the day of its price (as_of); empty, the catalog's prices stand.
CREATE TABLE IF NOT EXISTS user_prices (
  provider TEXT NOT NULL,
  instance_type TEXT NOT NULL,
  region TEXT,                      -- NULL where the source gives none
  gpu TEXT NOT NULL,                -- a gpus.name
  gpu_count REAL NOT NULL,
  vcpus REAL,
  ram_gb REAL,
  usd_per_hour REAL NOT NULL,       -- on demand, whole instance
  spot_usd_per_hour REAL,
  source TEXT NOT NULL,
  as_of TEXT NOT NULL,              -- YYYY-MM-DD: the day of the price
  source_accelerator TEXT,
  notes TEXT,
  price_flag TEXT,
  UNIQUE (provider, instance_type, region, gpu, gpu_count),
  CONSTRAINT "usd_per_hour must be > 0"
    CHECK (typeof(usd_per_hour) IN ('integer', 'real') AND usd_per_hour > 0),
  CONSTRAINT "spot_usd_per_hour must be > 0"
    CHECK (spot_usd_per_hour IS NULL OR (typeof(spot_usd_per_hour) IN ('integer', 'real') AND spot_usd_per_hour > 0)),
  CONSTRAINT "gpu_count must be > 0"
    CHECK (typeof(gpu_count) IN ('integer', 'real') AND gpu_count > 0),
  CONSTRAINT "source must name where the price comes from"
    CHECK (length(trim(source)) > 0),
  CONSTRAINT "as_of must be a date (YYYY-MM-DD)"
    CHECK (as_of GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')
);

-- A gpu column must name a catalog GPU (a CHECK cannot look into a table):
-- its slug or an alias, case ignored (gpu_name() with a label raises
-- "gpu_name(): owned_prices.gpu must be a gpus.name: unknown gpu 'x' in
-- gpus; closest: ..."). The AFTER triggers then store the slug, and a
-- workload's model the models.name, so the views join on the catalog's own
-- names.
DROP TRIGGER IF EXISTS owned_prices_gpu_insert;
CREATE TRIGGER owned_prices_gpu_insert BEFORE INSERT ON owned_prices
  WHEN gpu_name(NEW.gpu, 'owned_prices.gpu') IS NULL
  BEGIN SELECT RAISE(ABORT, 'owned_prices.gpu must be a gpus.name'); END;
DROP TRIGGER IF EXISTS owned_prices_gpu_update;
CREATE TRIGGER owned_prices_gpu_update BEFORE UPDATE OF gpu ON owned_prices
  WHEN gpu_name(NEW.gpu, 'owned_prices.gpu') IS NULL
  BEGIN SELECT RAISE(ABORT, 'owned_prices.gpu must be a gpus.name'); END;
DROP TRIGGER IF EXISTS owned_prices_gpu_slug_insert;
CREATE TRIGGER owned_prices_gpu_slug_insert AFTER INSERT ON owned_prices
  WHEN NEW.gpu IS NOT gpu_name(NEW.gpu)
  BEGIN UPDATE owned_prices SET gpu = gpu_name(NEW.gpu) WHERE gpu = NEW.gpu; END;
DROP TRIGGER IF EXISTS owned_prices_gpu_slug_update;
CREATE TRIGGER owned_prices_gpu_slug_update AFTER UPDATE OF gpu ON owned_prices
  WHEN NEW.gpu IS NOT gpu_name(NEW.gpu)
  BEGIN UPDATE owned_prices SET gpu = gpu_name(NEW.gpu) WHERE gpu = NEW.gpu; END;
DROP TRIGGER IF EXISTS rental_quotes_gpu_insert;
CREATE TRIGGER rental_quotes_gpu_insert BEFORE INSERT ON rental_quotes
  WHEN gpu_name(NEW.gpu, 'rental_quotes.gpu') IS NULL
  BEGIN SELECT RAISE(ABORT, 'rental_quotes.gpu must be a gpus.name'); END;
DROP TRIGGER IF EXISTS rental_quotes_gpu_update;
CREATE TRIGGER rental_quotes_gpu_update BEFORE UPDATE OF gpu ON rental_quotes
  WHEN gpu_name(NEW.gpu, 'rental_quotes.gpu') IS NULL
  BEGIN SELECT RAISE(ABORT, 'rental_quotes.gpu must be a gpus.name'); END;
DROP TRIGGER IF EXISTS rental_quotes_gpu_slug_insert;
CREATE TRIGGER rental_quotes_gpu_slug_insert AFTER INSERT ON rental_quotes
  WHEN NEW.gpu IS NOT gpu_name(NEW.gpu)
  BEGIN UPDATE rental_quotes SET gpu = gpu_name(NEW.gpu)
        WHERE provider = NEW.provider AND name = NEW.name; END;
DROP TRIGGER IF EXISTS rental_quotes_gpu_slug_update;
CREATE TRIGGER rental_quotes_gpu_slug_update AFTER UPDATE OF gpu ON rental_quotes
  WHEN NEW.gpu IS NOT gpu_name(NEW.gpu)
  BEGIN UPDATE rental_quotes SET gpu = gpu_name(NEW.gpu)
        WHERE provider = NEW.provider AND name = NEW.name; END;
DROP TRIGGER IF EXISTS workloads_model_slug_insert;
CREATE TRIGGER workloads_model_slug_insert AFTER INSERT ON workloads
  WHEN model_name(NEW.model) IS NOT NULL AND NEW.model IS NOT model_name(NEW.model)
  BEGIN UPDATE workloads SET model = model_name(NEW.model) WHERE name = NEW.name; END;
DROP TRIGGER IF EXISTS workloads_model_slug_update;
CREATE TRIGGER workloads_model_slug_update AFTER UPDATE OF model ON workloads
  WHEN model_name(NEW.model) IS NOT NULL AND NEW.model IS NOT model_name(NEW.model)
  BEGIN UPDATE workloads SET model = model_name(NEW.model) WHERE name = NEW.name; END;

-- A program: a training workload and then a serving workload under one
-- budget (seed 000: pretrain a 13B model, then serve it to 50,000 daily
-- users, $2M in all). program_plans ranks the ways to pay for both phases.
CREATE TABLE IF NOT EXISTS programs (
  name TEXT NOT NULL PRIMARY KEY,
  train_workload TEXT NOT NULL,   -- a workloads.name of kind train or finetune
  serve_workload TEXT NOT NULL,   -- a workloads.name of kind serve
  serve_months REAL,              -- months of serving after training (default: the serve workload's months)
  budget_usd REAL,                -- money for both phases (default: none)
  notes TEXT,
  CONSTRAINT "serve_months must be > 0"
    CHECK (serve_months IS NULL OR (typeof(serve_months) IN ('integer', 'real') AND serve_months > 0)),
  CONSTRAINT "budget_usd must be > 0"
    CHECK (budget_usd IS NULL OR (typeof(budget_usd) IN ('integer', 'real') AND budget_usd > 0))
);
DROP TRIGGER IF EXISTS programs_phases_insert;
CREATE TRIGGER programs_phases_insert BEFORE INSERT ON programs
  WHEN NOT EXISTS (SELECT 1 FROM workloads WHERE name = NEW.train_workload AND kind IN ('train', 'finetune'))
    OR NOT EXISTS (SELECT 1 FROM workloads WHERE name = NEW.serve_workload AND kind = 'serve')
  BEGIN SELECT RAISE(ABORT, 'programs: train_workload must name a train or finetune workload and serve_workload a serve workload'); END;
DROP TRIGGER IF EXISTS programs_phases_update;
CREATE TRIGGER programs_phases_update BEFORE UPDATE OF train_workload, serve_workload ON programs
  WHEN NOT EXISTS (SELECT 1 FROM workloads WHERE name = NEW.train_workload AND kind IN ('train', 'finetune'))
    OR NOT EXISTS (SELECT 1 FROM workloads WHERE name = NEW.serve_workload AND kind = 'serve')
  BEGIN SELECT RAISE(ABORT, 'programs: train_workload must name a train or finetune workload and serve_workload a serve workload'); END;

-- The day's shape of a service's traffic: 24 hourly weights per profile,
-- each the hour's request rate over the day's mean (a profile's weights
-- sum to 24; traffic_peak() and the serving views refuse one that does
-- not). A workload names one in traffic_profiles; peak_to_mean reshapes it
-- (traffic_shape). Add your own from your logs: requests per hour of day
-- over their daily mean. The rows below are inserted when missing, so
-- reading this file again keeps your changes to them.
CREATE TABLE IF NOT EXISTS traffic_profiles (
  name TEXT NOT NULL,
  hour INTEGER NOT NULL,          -- 0 to 23, local time of the users
  weight REAL NOT NULL,           -- the hour's rate over the day's mean
  source TEXT,
  as_of TEXT,                     -- when the traffic was recorded (YYYY-MM)
  PRIMARY KEY (name, hour),
  CONSTRAINT "name must be non-empty text"
    CHECK (typeof(name) = 'text' AND length(trim(name)) > 0),
  CONSTRAINT "hour must be a whole number in [0, 23]"
    CHECK (typeof(hour) = 'integer' AND hour >= 0 AND hour <= 23),
  CONSTRAINT "weight must be a number in [0, 24]"
    CHECK (typeof(weight) IN ('integer', 'real') AND weight >= 0 AND weight <= 24)
);
INSERT OR IGNORE INTO traffic_profiles(name, hour, weight, source, as_of)
  SELECT 'flat', key, value, 'the same rate every hour', NULL FROM json_each('[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]');
INSERT OR IGNORE INTO traffic_profiles(name, hour, weight, source, as_of)
  SELECT 'chat-burstgpt', key, value,
         'BurstGPT (Wang et al., KDD 2025; github.com/HPMLL/BurstGPT, img/Fig3-4.png): median requests in each hour of the day, '
         || 'ChatGPT conversation log of an Azure OpenAI service, users'' local time, over their daily sum x 24; medians read off '
         || 'the figure''s boxes (+-3 of 188 requests at the 16h peak; hours 4-7 by eye). Peak 2.32 x the mean at 16h, trough 0.05 at 5-7h',
         '2023-11'
  FROM json_each('[0.567,0.345,0.197,0.099,0.074,0.049,0.049,0.049,0.246,1.306,1.934,1.947,0.838,1.133,1.91,2.267,2.316,1.626,0.949,1.244,1.454,1.318,1.158,0.924]');
INSERT OR IGNORE INTO traffic_profiles(name, hour, weight, source, as_of)
  SELECT 'gpt4-chat-burstgpt', key, value,
         'BurstGPT (Wang et al., KDD 2025; github.com/HPMLL/BurstGPT, img/Fig3-4.png): median requests in each hour of the day, '
         || 'GPT-4 conversation log of an Azure OpenAI service, users'' local time, over their daily sum x 24; medians read off '
         || 'the figure''s boxes (+-2 of 85 requests at the 15-16h peak; hours 5-7 by eye). Peak 2.22 x the mean',
         '2023-11'
  FROM json_each('[0.654,0.468,0.18,0.144,0.126,0.078,0.078,0.078,0.209,0.941,1.731,1.778,0.711,1.023,1.755,2.223,2.223,1.755,1.043,1.287,1.517,1.462,1.36,1.174]');
DROP TRIGGER IF EXISTS workloads_traffic_profile_insert;
CREATE TRIGGER workloads_traffic_profile_insert BEFORE INSERT ON workloads
  WHEN NEW.traffic_profile IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM traffic_profiles WHERE name = NEW.traffic_profile)
  BEGIN SELECT RAISE(ABORT, 'workloads.traffic_profile must be a traffic_profiles.name'); END;
DROP TRIGGER IF EXISTS workloads_traffic_profile_update;
CREATE TRIGGER workloads_traffic_profile_update BEFORE UPDATE OF traffic_profile ON workloads
  WHEN NEW.traffic_profile IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM traffic_profiles WHERE name = NEW.traffic_profile)
  BEGIN SELECT RAISE(ABORT, 'workloads.traffic_profile must be a traffic_profiles.name'); END;

-- ------------------------------------------------------- reference views
-- Views hold no rows: dropped and re-created on every read of this file.
DROP VIEW IF EXISTS program_plans;
DROP VIEW IF EXISTS best_plans;
DROP VIEW IF EXISTS rent_vs_buy;
DROP VIEW IF EXISTS serving_plans;
DROP VIEW IF EXISTS shape_serving_plans;
DROP VIEW IF EXISTS serving_speeds;
DROP VIEW IF EXISTS shape_serving_speeds;
DROP VIEW IF EXISTS speed_basis;
DROP VIEW IF EXISTS training_plans;
DROP VIEW IF EXISTS shape_training_plans;
DROP VIEW IF EXISTS workload_shapes;
DROP VIEW IF EXISTS workload_offers;
DROP VIEW IF EXISTS shape_offers;
DROP VIEW IF EXISTS filtered_offers;
DROP VIEW IF EXISTS offer_filters;
DROP VIEW IF EXISTS offers;
DROP VIEW IF EXISTS workload_inputs;
DROP VIEW IF EXISTS instance_fabrics;
DROP VIEW IF EXISTS provider_tiers;
DROP VIEW IF EXISTS egress_rates;
DROP VIEW IF EXISTS plan_defaults;
DROP VIEW IF EXISTS estimate_bands;

-- The speed range a plan's estimate carries, by what backs it (the
-- plans' basis): the 10th and 90th percentiles of measured / estimate on
-- the published figures, so that a plan's speed is expected within
-- estimate x low and estimate x high eight times in ten: on figures no
-- fit saw where there are enough of them. A serving plan that no
-- comparable measurement backs takes the range of the 103 closed-loop
-- benchmarks held out of every fit (their TPOTs as the simulator gives
-- them: 0.607 to 1.493; the fits' own rows, each GPU left out, gave 0.841
-- to 1.171, and 41 of the 103 fell inside that); an extrapolated one the
-- wider of that and its own runs'. Only 2 held-out figures have a
-- comparable measurement, both inside the fit's 'measured' range. The
-- held-out ranges are rounded outward to three decimals (make bands), so
-- that the figures at the 10th and 90th percentiles are inside. Fitted
-- constants of the fits of 2026-11-29 (engines.csv, ext/gpuadv_train.c);
-- `make bands` computes them again.
CREATE VIEW estimate_bands(kind, basis, rows, low, high, source) AS VALUES
  ('serve', 'measured', 529, 0.867, 1.152,
   'calibrate.py --bands: the decode and full-load figures of every engine in the fit, estimated by the fit'),
  ('serve', 'same-gpu', 103, 0.607, 1.493,
   'latency_accuracy.sql latency_accuracy_band: the held-out closed-loop benchmarks (TPOT and ITL medians), which no fit sees, simulated; the engine is measured on the GPU, but for other models, dtypes or batches'),
  ('serve', 'same-class', 103, 0.607, 1.493,
   'latency_accuracy.sql latency_accuracy_band: as same-gpu (calibrate.py --bands, each GPU left out of the fit: 0.841 to 1.171, too narrow for the held-out figures)'),
  ('serve', 'extrapolated', 176, 0.607, 1.493,
   'the wider of accuracy.sql estimate_accuracy_band (TensorRT-LLM''s 73 runs with data-parallel attention or pipeline stages, which no fit sees: 0.621 to 1.269) and latency_accuracy_band'),
  ('train', 'measured', 157, 0.820, 1.229,
   'calibrate_train_tps.py --leave-out --bands: the published training runs, estimated by the fit'),
  ('train', 'same-vendor', 157, 0.821, 1.231,
   'calibrate_train_tps.py --leave-out --bands: each source''s runs predicted by a fit on the other sources'),
  ('train', 'none', 72, 0.821, 1.281,
   'calibrate_train_tps.py --leave-out --bands: those of them whose chip no other source ran');

-- A training plan's range is widened to that of its chip family's runs of
-- its kind of model (moe 1: a model with experts), where the fit holds 3
-- of them or more and their 10th and 90th percentiles of measured /
-- estimate fall outside the fit's (the 'measured' row above):
-- calibrate_train_tps.py --bands, its train-family lines. MaxText's MoE
-- runs on TPU7x run at 0.52 to 0.94 of the estimate (gpt-oss-120b at
-- half), torchtune's one-card runs on Ampere at up to 1.42 times it.
DROP VIEW IF EXISTS estimate_band_families;
CREATE VIEW estimate_band_families(vendor, arch, moe, rows, low, high) AS VALUES
  ('Google', 'TPU v6e (Trillium)', 1, 8, 0.801, 1.175),
  ('Google', 'TPU7x (Ironwood)', 0, 7, 0.972, 1.237),
  ('Google', 'TPU7x (Ironwood)', 1, 10, 0.518, 0.938),
  ('NVIDIA', 'Ada Lovelace', 0, 4, 0.972, 1.427),
  ('NVIDIA', 'Ampere', 0, 24, 0.877, 1.420),
  ('NVIDIA', 'Blackwell', 0, 10, 0.748, 0.984),
  ('NVIDIA', 'Blackwell Ultra', 1, 8, 0.643, 1.320),
  ('NVIDIA', 'Hopper', 0, 36, 0.818, 1.245);

-- Every constant the views use, in one row, with its source in
-- docs/procurement.md. Per-workload columns override most of them.
CREATE VIEW plan_defaults AS SELECT
  64     AS finetune_global_batch, -- finetune: sequences per optimizer step (Llama 2's supervised fine-tuning, Touvron et al. 2023, section 3.1: batch 64); train: 4M tokens' worth (train_layout's default)
  0.10   AS mem_headroom,        -- share of GPU memory left free: vLLM's gpu_memory_utilization default 0.90; seed 000 "leave 10-15% headroom"
  0.20   AS burst_headroom,      -- serving capacity above the average rate: seed 000 Q4 ("with 20% burst headroom")
  20.0   AS assumed_user_tps,    -- per-user decode speed of a service that sets no user_tps: its target, and what sizes its concurrency where peak_concurrency is not given either
  2.0    AS assumed_ttft_p95_s,  -- p95 time to first token a service that sets no TTFT target (neither ttft_s nor ttft_p95_s) is held to, at least: MLPerf Inference's server-scenario limit (p99) for Llama 3.1 8B, Llama 2 70B, Mixtral 8x7B and DeepSeek-R1 (mlcommons/inference loadgen/mlperf.conf, ttft_latency = 2000)
  2.0    AS assumed_ttft_prefills, -- ... or this many times the prefill alone of a long prompt (mean length plus two standard deviations: about its 95th percentile) on the GPU type's quickest replica shape, where that is longer: queueing may add the prefill's own time at the 95th percentile, no more (an assumption: a first token cannot come sooner than its prefill, and a replica whose queue more than doubles it is full)
  4096   AS seq_len,             -- training sequence length
  'full' AS mode,
  'bf16' AS dtype,               -- serving weights
  'vllm' AS engine,              -- serving engine (the engines catalog)
  0.023  AS storage_usd_per_gb_month, -- AWS S3 Standard, first 50 TB/month, us-east-1
  0.7    AS utilization,         -- seed 000's owned-hardware case
  'chat-burstgpt' AS traffic_profile, -- the day's shape a workload's peak_to_mean reshapes when it names no traffic_profile (traffic_profiles: a chat service's hours, BurstGPT)
  -- owned hardware: each figure is a row of the owned_costs catalog, with its source and date
  oc.lifetime_years,             -- 4, Nebius's GPU servers (20-F FY2024)
  oc.usd_per_kwh,                -- 0.12, seed 000
  oc.pue,                        -- 1.54, Uptime Institute 2025 average
  oc.host_share_usd,             -- 77,000 per 8-GPU HGX/OAM server
  oc.pcie_host_usd,              -- 50,000 per 8-card PCIe server (a reseller's listing; an upper bound)
  oc.workstation_host_usd,       -- 1,500 per workstation around one desktop card
  oc.network_usd_per_gpu,        -- 1,882, InfiniBand switches and cables
  oc.fabric_gbps_per_gpu,        -- 400, the NDR port per GPU an owned server's price includes
  oc.node_power_factor,          -- 1.8, DGX H100/B200 system power over GPU TDP
  oc.typical_power_share,        -- 0.735, a busy node's typical draw over its maximum
  oc.colo_usd_per_kw_month,      -- 184.06, CBRE H2 2024
  oc.support_share_per_year,     -- 0.10 a year after the warranty (generic hardware maintenance)
  oc.warranty_years,             -- 3, parts and labor in the price
  oc.staff_fte_per_node * oc.staff_usd_per_fte_year AS staff_usd_per_node_year, -- 0.09375 FTE x $185,000 = $17,344 per 8 GPUs a year
  oc.resale_share,               -- 0.25 after 4 years
  8      AS server_gpus,         -- SXM and OAM GPUs are sold on 8-GPU HGX/OAM baseboards (owned_costs notes; NVIDIA HGX, AMD Instinct platforms)
  1.0    AS checkpoint_hours,    -- spot training: checkpoint every hour (an assumption; set workloads.checkpoint_hours)
  15.0   AS restart_minutes,     -- spot training: minutes to get a node back and reload (an assumption; set workloads.restart_minutes)
  date('now') AS today,          -- price_age_days counts from here
  -- prices a plan may not rest on unless the workload sets
  -- include_flagged_prices = 1 (offers.price_flag); see docs/procurement.md,
  -- "Prices a plan can rely on"
  0.40   AS spot_outlier_share,  -- a spot price more than this share below the median spot price of its instance type across the provider's regions is flagged (an assumption; 103 of the catalog's 2,819 spot prices, 3.7%, lie further below, among them the two outliers of docs/procurement.md)
  30     AS spot_max_age_days,   -- a spot or marketplace price older than this is flagged (an assumption: spot and marketplace prices move week to week; AWS's spot price history keeps 90 days)
  365    AS purchase_max_age_days, -- a catalog purchase price older than this, or undated, is flagged (an assumption: hardware street prices move within a year, as H100 servers' did from 2024 to 2026, and parts reach their end of sale; owned_prices takes a current quote)
  180    AS list_max_age_days,   -- an on-demand or committed list price older than this is flagged (an assumption: list prices change a few times a year; one older than half a year is to be checked before it is quoted)
  8      AS gpus_per_node,       -- owned GPUs per server (HGX/DGX-class and 8-slot workstation chassis)
  730.0  AS hours_per_month,     -- 8760 / 12
  0.005  AS tie_share,           -- training plans within this share of the workload's cheapest working plan cost the same, and the fastest of them ranks first (an assumption: far inside the estimates' 10th-90th percentile ranges and the prices' rounding)
  300    AS search_requests,     -- requests per serving_sim run of the search for a replica shape's max_rps (up to 16 rates), at least: each run is lengthened to its steady state
  1000   AS sim_requests         -- requests of the serving_sim run that gives a plan's latency percentiles, at least (steady_state)
-- The views name the catalogs (gpus, models, cloud_instances, ...), and
-- SQLite reads a table or view of this schema by that name before the
-- compiled-in catalog: a user's own `models` table would change every plan
-- without a word. gpuadv_catalog_guard fails the statement instead, naming
-- the table; every plan view reads plan_defaults, and speed_basis joins it.
-- The guard, serving_sim and model_spec are called as table-valued
-- functions (`name()`): a user's ordinary table of that name in main is no
-- function, so SQLite refuses the statement rather than read the table in
-- their place; the guard refuses a view or virtual table named serving_sim
-- or model_spec.
FROM gpuadv_catalog_guard()
-- the owned_costs items (one row each) in one read: a scalar subquery per
-- item opens a cursor of its own in every copy of this view, and SQLite
-- 3.54 refuses a statement whose CTE and view copies open 1000
CROSS JOIN (SELECT
              max(value) FILTER (WHERE item = 'lifetime_years') AS lifetime_years,
              max(value) FILTER (WHERE item = 'usd_per_kwh') AS usd_per_kwh,
              max(value) FILTER (WHERE item = 'pue') AS pue,
              max(value) FILTER (WHERE item = 'host_share_usd') AS host_share_usd,
              max(value) FILTER (WHERE item = 'pcie_host_usd') AS pcie_host_usd,
              max(value) FILTER (WHERE item = 'workstation_host_usd') AS workstation_host_usd,
              max(value) FILTER (WHERE item = 'network_usd_per_gpu') AS network_usd_per_gpu,
              max(value) FILTER (WHERE item = 'fabric_gbps_per_gpu') AS fabric_gbps_per_gpu,
              max(value) FILTER (WHERE item = 'node_power_factor') AS node_power_factor,
              max(value) FILTER (WHERE item = 'typical_power_share') AS typical_power_share,
              max(value) FILTER (WHERE item = 'colo_usd_per_kw_month') AS colo_usd_per_kw_month,
              max(value) FILTER (WHERE item = 'support_share_per_year') AS support_share_per_year,
              max(value) FILTER (WHERE item = 'warranty_years') AS warranty_years,
              max(value) FILTER (WHERE item = 'staff_fte_per_node') AS staff_fte_per_node,
              max(value) FILTER (WHERE item = 'staff_usd_per_fte_year') AS staff_usd_per_fte_year,
              max(value) FILTER (WHERE item = 'resale_share') AS resale_share
            FROM owned_costs) oc;

-- Internet egress out of the cloud where the data lives, USD per GB (first
-- paid tier). Other providers: egress_usd()'s default 0.09.
CREATE VIEW egress_rates(provider, usd_per_gb, source) AS VALUES
  ('aws',   0.09,  'aws.amazon.com/ec2/pricing/on-demand (data transfer out, first 10 TB/month)'),
  ('gcp',   0.12,  'cloud.google.com/vpc/network-pricing (premium tier, first 1 TB)'),
  ('azure', 0.087, 'azure.microsoft.com/pricing/details/bandwidth (first 10 TB, Microsoft network)');

-- The kind of each catalog provider, from its own description of what it
-- sells: 'hyperscaler' (a general-purpose public cloud of many regions and
-- services, AWS, Azure, GCP and OCI-class), 'neocloud' (a cloud built
-- around GPUs, selling its own or its partners' data-center capacity) or
-- 'marketplace' (a market where independent hosts list their machines; a
-- price is one host's, for as long as it lists it). A provider missing here
-- (a rental quote's) has no tier. workloads.tiers filters on it, and a
-- marketplace offer wins only with workloads.allow_marketplace = 1.
CREATE VIEW provider_tiers(provider, tier, source) AS VALUES
  ('aws', 'hyperscaler', 'aws.amazon.com/about-aws/global-infrastructure (general-purpose cloud, 30+ regions)'),
  ('azure', 'hyperscaler', 'azure.microsoft.com/explore/global-infrastructure (general-purpose cloud, 60+ regions)'),
  ('gcp', 'hyperscaler', 'cloud.google.com/about/locations (general-purpose cloud, 40+ regions)'),
  ('ibm', 'hyperscaler', 'ibm.com/cloud (general-purpose cloud, multizone regions)'),
  ('oci', 'hyperscaler', 'oracle.com/cloud/public-cloud-regions (general-purpose cloud, 50+ regions)'),
  ('lambda', 'neocloud', 'lambda.ai (GPU cloud, its own data centers)'),
  ('nebius', 'neocloud', 'nebius.com (AI cloud, its own data centers)'),
  ('runpod', 'neocloud', 'runpod.io (Secure Cloud: Tier 3/4 partner data centers; the catalog holds its _SECURE types only)'),
  ('cudo', 'neocloud', 'cudocompute.com (GPU cloud on partner data centers)'),
  ('verda', 'neocloud', 'verda.com (formerly DataCrunch: GPU cloud, its own data centers in Finland)'),
  ('seeweb', 'neocloud', 'seeweb.it (Italian cloud provider, its own data centers)'),
  ('paperspace', 'neocloud', 'paperspace.com (GPU cloud of DigitalOcean)'),
  ('digitalocean', 'neocloud', 'digitalocean.com/products/gradient (GPU droplets)'),
  ('fluidstack', 'neocloud', 'fluidstack.io (GPU cloud, dedicated clusters)'),
  ('neocloud', 'neocloud', 'committed_prices: a neocloud contract rate'),
  ('vast', 'marketplace', 'vast.ai/faq (a marketplace: independent hosts list their machines and set their prices)'),
  ('hyperbolic', 'marketplace', 'hyperbolic.ai (GPU marketplace: suppliers list their machines)');

-- Fast RDMA fabric between instances of a type (EFA, InfiniBand, RoCE,
-- GPUDirect-TCPX/TCPXO), Gbit/s per instance, from the providers' instance
-- pages. An instance type missing here has no fabric known to gpuadv: a
-- training plan that needs several of its instances is marked.
CREATE VIEW instance_fabrics(provider, instance_type, fabric, fabric_gbps, source) AS VALUES
  ('aws', 'p4d.24xlarge', 'EFA', 400, 'aws.amazon.com/ec2/instance-types/p4'),
  ('aws', 'p4de.24xlarge', 'EFA', 400, 'aws.amazon.com/ec2/instance-types/p4'),
  ('aws', 'p5.48xlarge', 'EFAv2', 3200, 'aws.amazon.com/ec2/instance-types/p5'),
  ('aws', 'p5en.48xlarge', 'EFAv3', 3200, 'aws.amazon.com/ec2/instance-types/p5'),
  ('aws', 'p6-b200.48xlarge', 'EFAv4', 3200, 'aws.amazon.com/ec2/instance-types/p6'),
  ('aws', 'p6-b300.48xlarge', 'EFAv4', 6400, 'aws.amazon.com/ec2/instance-types/p6'),
  ('aws', 'trn1.32xlarge', 'EFA', 800, 'aws.amazon.com/ec2/instance-types/trn1'),
  ('aws', 'trn1n.32xlarge', 'EFA', 1600, 'aws.amazon.com/ec2/instance-types/trn1'),
  ('aws', 'g6e.48xlarge', 'EFA', 400, 'aws.amazon.com/ec2/instance-types/g6e'),
  ('azure', 'Standard_ND96asr_v4', 'InfiniBand HDR', 1600, 'learn.microsoft.com/azure/virtual-machines/nda100-v4-series'),
  ('azure', 'Standard_ND96amsr_A100_v4', 'InfiniBand HDR', 1600, 'learn.microsoft.com/azure/virtual-machines/ndm-a100-v4-series'),
  ('azure', 'Standard_ND96isr_H100_v5', 'InfiniBand NDR', 3200, 'learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ndh100v5-series'),
  ('azure', 'Standard_ND96isr_H200_v5', 'InfiniBand NDR', 3200, 'learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/nd-h200-v5-series'),
  ('azure', 'Standard_ND96isr_MI300X_v5', 'InfiniBand NDR', 3200, 'learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/ndmi300xv5-series'),
  ('gcp', 'a3-highgpu-8g', 'GPUDirect-TCPX', 1000, 'cloud.google.com/compute/docs/gpus (A3 High)'),
  ('gcp', 'a3-megagpu-8g', 'GPUDirect-TCPXO', 1800, 'cloud.google.com/compute/docs/gpus (A3 Mega)'),
  ('gcp', 'a3-ultragpu-8g', 'RoCE', 3200, 'cloud.google.com/compute/docs/gpus (A3 Ultra)'),
  ('gcp', 'a3-ultragpu-8g-nolssd', 'RoCE', 3200, 'cloud.google.com/compute/docs/gpus (A3 Ultra)'),
  ('gcp', 'a4-highgpu-8g', 'RoCE', 3200, 'cloud.google.com/compute/docs/gpus (A4)'),
  ('nebius', 'gpu-h100-sxm_8gpu-128vcpu-1600gb', 'InfiniBand NDR', 3200, 'nebius.com (GPU clusters)'),
  ('nebius', 'gpu-h200-sxm_8gpu-128vcpu-1600gb', 'InfiniBand NDR', 3200, 'nebius.com (GPU clusters)'),
  ('nebius', 'gpu-b200-sxm_8gpu-160vcpu-1792gb', 'InfiniBand NDR', 3200, 'nebius.com (GPU clusters)'),
  ('nebius', 'gpu-b200-sxm-a_8gpu-160vcpu-1792gb', 'InfiniBand NDR', 3200, 'nebius.com (GPU clusters)');

-- Every workload with each figure resolved: catalog shape (or the shape
-- read from the workload's config.json, through model_spec), defaults.
-- A model given by params_b alone borrows the layer shape of the dense
-- (non-MoE, non-MLA) catalog model nearest in size (shape_from), unless
-- the workload gives layers, hidden, heads, kv_heads and head_dim.
CREATE VIEW workload_inputs AS
WITH near AS (
  SELECT wl.name AS workload, x.name AS shape_model,
         row_number() OVER (PARTITION BY wl.name
                            ORDER BY max(x.params_b / wl.params_b, wl.params_b / x.params_b), x.name) AS r
  FROM workloads wl
  JOIN models x ON x.n_experts IS NULL AND x.attention <> 'mla'
  WHERE wl.params_b IS NOT NULL)
SELECT
  w.name, w.kind, CASE WHEN m.name IS NOT NULL THEN w.model END AS model,
  coalesce(w.params_b, m.params_b) AS params_b,
  CASE WHEN m.name IS NULL THEN w.params_b
       WHEN w.params_b IS NULL THEN m.active_params_b
       ELSE w.params_b * m.active_params_b / m.params_b END AS active_b,
  -- the catalog-aware speed functions apply when the catalog row is the model as given
  (m.name IS NOT NULL AND w.params_b IS NULL) AS catalog_model,
  coalesce(w.layers, m.layers, s.layers) AS layers,
  coalesce(w.hidden, m.hidden, s.hidden) AS hidden,
  coalesce(w.heads, m.heads, s.heads) AS heads,
  coalesce(w.kv_heads, m.kv_heads, s.kv_heads) AS kv_heads,
  coalesce(w.head_dim, m.head_dim, s.head_dim) AS head_dim,
  -- what sizes an engine's activations (engine_cache_gb): the FFN's width
  -- (each expert's), the experts a token goes to, the vocabulary
  coalesce(m.intermediate, s.intermediate) AS intermediate,
  coalesce(m.experts_per_token, 0) AS experts_per_token,
  coalesce(m.vocab, s.vocab) AS vocab,
  CASE WHEN m.name IS NULL AND (w.layers IS NULL OR w.hidden IS NULL OR w.heads IS NULL
                                OR w.kv_heads IS NULL OR w.head_dim IS NULL)
       THEN s.name END AS shape_from,
  m.context AS model_context,
  lower(coalesce(w.engine, d.engine)) AS engine,
  -- the release's scheduling: its tokens a step late (serving_sim's overlap)
  engine_overlap(coalesce(w.engine, d.engine), w.engine_version) AS overlap,
  lower(coalesce(w.mode, d.mode)) AS mode,
  lower(coalesce(w.dtype, d.dtype)) AS dtype,
  -- the KV cache's dtype: the workload's, else the engine's default
  lower(coalesce(w.kv_dtype, engine_kv_dtype(coalesce(w.engine, d.engine), coalesce(w.dtype, d.dtype))))
    AS kv_dtype,
  w.tokens_b, coalesce(w.epochs, 1) AS epochs,
  coalesce(w.seq_len, d.seq_len) AS seq_len,
  -- NULL: searched by train_layout
  w.micro_batch, lower(w.recompute) AS recompute,
  CASE WHEN w.global_batch IS NOT NULL THEN w.global_batch
       WHEN w.kind = 'finetune' THEN d.finetune_global_batch END AS global_batch,
  -- NULL: the step model's (train_layout)
  w.mfu,
  -- the model train_layout times: the catalog name or config.json as
  -- given, else a config.json of the resolved shape (a params_b model's own
  -- layers, hidden, heads, kv_heads and head_dim, or the shape it borrows;
  -- vocabulary and MLP width from the catalog row); train_params_b then
  -- rescales its counts to the workload's
  CASE WHEN m.name IS NOT NULL AND w.layers IS NULL AND w.hidden IS NULL AND w.heads IS NULL
            AND w.kv_heads IS NULL AND w.head_dim IS NULL THEN w.model
       ELSE printf('{"hidden_size":%d,"num_hidden_layers":%d,"num_attention_heads":%d,'
                   || '"num_key_value_heads":%d,"head_dim":%d,"intermediate_size":%d,"vocab_size":%d,'
                   || '"max_position_embeddings":%d}',
                   coalesce(w.hidden, m.hidden, s.hidden), coalesce(w.layers, m.layers, s.layers),
                   coalesce(w.heads, m.heads, s.heads), coalesce(w.kv_heads, m.kv_heads, s.kv_heads),
                   coalesce(w.head_dim, m.head_dim, s.head_dim),
                   coalesce(m.intermediate, s.intermediate), coalesce(m.vocab, s.vocab),
                   coalesce(m.context, s.context)) END AS train_model,
  CASE WHEN m.name IS NOT NULL AND w.params_b IS NULL AND w.layers IS NULL AND w.hidden IS NULL
            AND w.heads IS NULL AND w.kv_heads IS NULL AND w.head_dim IS NULL THEN NULL
       ELSE coalesce(w.params_b, m.params_b) END AS train_params_b,
  w.max_days,
  coalesce(w.requests_per_min, w.daily_users * w.requests_per_user_day / 1440.0) AS requests_per_min, coalesce(w.prompt_tokens, 0) AS prompt_tokens, w.output_tokens,
  coalesce(w.prompt_cv, 0) AS prompt_cv, coalesce(w.output_cv, 0) AS output_cv,
  coalesce(w.prefix_hit, 0) AS prefix_hit,
  coalesce(w.spare_replicas, 0) AS spare_replicas,
  -- the day's traffic (NULL: flat, sized at the mean plus burst_headroom)
  -- and the peak hour's rate over the mean, which sizes the capacity
  CASE WHEN w.kind = 'serve' AND (w.traffic_profile IS NOT NULL OR w.peak_to_mean IS NOT NULL)
       THEN CASE WHEN w.peak_to_mean IS NULL THEN coalesce(tp.tp_hours, '')
                 ELSE traffic_shape(coalesce(tp.tp_hours, ''), w.peak_to_mean) END END AS traffic,
  CASE WHEN w.kind = 'serve' AND (w.traffic_profile IS NOT NULL OR w.peak_to_mean IS NOT NULL)
       THEN traffic_peak(CASE WHEN w.peak_to_mean IS NULL THEN coalesce(tp.tp_hours, '')
                 ELSE traffic_shape(coalesce(tp.tp_hours, ''), w.peak_to_mean) END)
       ELSE 1 + d.burst_headroom END AS peak_factor,
  coalesce(w.requests_per_min, w.daily_users * w.requests_per_user_day / 1440.0) / 60.0 AS requests_per_s,
  coalesce(w.requests_per_min, w.daily_users * w.requests_per_user_day / 1440.0) / 60.0 * w.output_tokens AS served_tps,
  coalesce(w.requests_per_min, w.daily_users * w.requests_per_user_day / 1440.0) / 60.0
    * CASE WHEN w.kind = 'serve' AND (w.traffic_profile IS NOT NULL OR w.peak_to_mean IS NOT NULL)
       THEN traffic_peak(CASE WHEN w.peak_to_mean IS NULL THEN coalesce(tp.tp_hours, '')
                 ELSE traffic_shape(coalesce(tp.tp_hours, ''), w.peak_to_mean) END)
       ELSE 1 + d.burst_headroom END AS design_requests_per_s,
  coalesce(w.requests_per_min, w.daily_users * w.requests_per_user_day / 1440.0) / 60.0
    * CASE WHEN w.kind = 'serve' AND (w.traffic_profile IS NOT NULL OR w.peak_to_mean IS NOT NULL)
       THEN traffic_peak(CASE WHEN w.peak_to_mean IS NULL THEN coalesce(tp.tp_hours, '')
                 ELSE traffic_shape(coalesce(tp.tp_hours, ''), w.peak_to_mean) END)
       ELSE 1 + d.burst_headroom END * w.output_tokens AS design_tps,
  coalesce(w.peak_concurrency,
           nodes_required(coalesce(w.requests_per_min, w.daily_users * w.requests_per_user_day / 1440.0) / 60.0
                          * CASE WHEN w.kind = 'serve' AND (w.traffic_profile IS NOT NULL OR w.peak_to_mean IS NOT NULL)
       THEN traffic_peak(CASE WHEN w.peak_to_mean IS NULL THEN coalesce(tp.tp_hours, '')
                 ELSE traffic_shape(coalesce(tp.tp_hours, ''), w.peak_to_mean) END)
       ELSE 1 + d.burst_headroom END
                          * w.output_tokens / coalesce(w.user_tps, d.assumed_user_tps), 1)) AS concurrency,
  w.peak_concurrency IS NULL AS concurrency_estimated,
  -- a service that names no per-user speed is held to the one its
  -- concurrency is sized at (assumed_user_tps)
  CASE WHEN w.kind = 'serve' THEN coalesce(w.user_tps, d.assumed_user_tps) END AS user_tps,
  w.kind = 'serve' AND w.user_tps IS NULL AS user_tps_assumed,
  w.ttft_s, w.ttft_p95_s, w.tpot_p95_ms,
  -- a service that names no TTFT target is held to the default p95:
  -- assumed_ttft_p95_s, or assumed_ttft_prefills prefills of a long prompt
  -- alone where that is longer (shape_serving_plans applies it)
  w.kind = 'serve' AND w.ttft_s IS NULL AND w.ttft_p95_s IS NULL AS ttft_p95_assumed,
  d.assumed_ttft_p95_s, d.assumed_ttft_prefills,
  -- the median TPOT that holds the median user at user_tps, at most
  -- serving_sim's largest target
  CASE WHEN w.kind = 'serve' THEN min(1e9, 1000.0 / coalesce(w.user_tps, d.assumed_user_tps)) END
    AS tpot_p50_ms_target,
  coalesce(w.dataset_gb, 0) AS dataset_gb,
  coalesce(w.data_location, 'local') AS data_location,
  coalesce(w.runs_per_month, 1) AS runs_per_month,
  coalesce(w.months, 1) AS months,
  -- the hours the months of use hold (730 a month: plan_defaults)
  coalesce(w.months, 1) * d.hours_per_month AS hours_of_use,
  w.budget_usd,
  coalesce(w.utilization, d.utilization) AS utilization,
  coalesce(w.acquire, 'any') AS acquire,
  w.offer_glob,
  coalesce(w.storage_gb, w.dataset_gb, 0) AS storage_gb,
  coalesce(w.storage_usd_per_gb_month, d.storage_usd_per_gb_month) AS storage_usd_per_gb_month,
  coalesce(w.mem_headroom, d.mem_headroom) AS mem_headroom,
  -- the serving simulator's run lengths (plan_defaults), carried here so
  -- that the serving plans read plan_defaults once fewer per search
  d.search_requests, d.sim_requests
FROM workloads w
CROSS JOIN plan_defaults d
-- the day's traffic: the hours of the named profile, or of the default
-- shape when only peak_to_mean is given (a profile without rows reads as
-- '', and traffic_peak() says so)
LEFT JOIN (SELECT name AS tp_name, group_concat(hour || ':' || weight) AS tp_hours
           FROM traffic_profiles GROUP BY name) tp
  ON w.kind = 'serve' AND (w.traffic_profile IS NOT NULL OR w.peak_to_mean IS NOT NULL)
 AND tp.tp_name = coalesce(w.traffic_profile, d.traffic_profile)
LEFT JOIN model_spec(w.model) m
LEFT JOIN near n ON n.workload = w.name AND n.r = 1
LEFT JOIN models s ON m.name IS NULL AND s.name = n.shape_model;

-- Every priced offer: each cloud instance type in each region, on-demand
-- and spot, with the region's country and continent (cloud_regions); a
-- flagged price (the refresh's cloud_instances.price_flag, a stale price,
-- a spot outlier) is named apart (ending '[flagged price]' or 'flagged
-- price)'); committed prices (committed_prices, and rental quotes
-- with a term); your rental quotes; and each GPU type you could buy, by the
-- purchase unit of gpus.sold_in (an 8-GPU server for SXM and OAM modules
-- and for passive data-center PCIe cards, the card alone for a desktop
-- card, one per computer you own; instance_type says which), with every
-- cost of owning it (owned_prices, else the owned_costs catalog). devices = GPUs a plan can address in one node; a
-- fractional instance is one device of `fraction` of a GPU.
-- price_date is the first day of the period the price's source gives
-- (price_age_days counts from it); NULL when the date is unknown.
CREATE VIEW offers AS
WITH
d AS (SELECT * FROM plan_defaults),
-- each catalog row (a user_prices row in place of the cloud_instances
-- row it covers) with its tier, the first day of its date, and the
-- median spot price of its instance type across the provider's regions
ci0 AS (
  SELECT c.provider, c.instance_type, c.gpu, c.gpu_count, c.region, c.as_of, c.usd_per_hour,
         c.spot_usd_per_hour, c.price_flag, t.tier,
         CASE WHEN c.as_of GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN c.as_of
              WHEN c.as_of GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]' THEN c.as_of || '-01' END AS pdate,
         row_number() OVER w AS sk, count(c.spot_usd_per_hour) OVER w2 AS sn
  FROM (SELECT provider, instance_type, gpu, gpu_count, region, as_of, usd_per_hour,
               spot_usd_per_hour, price_flag FROM user_prices
        UNION ALL
        SELECT provider, instance_type, gpu, gpu_count, region, as_of, usd_per_hour,
               spot_usd_per_hour, price_flag FROM cloud_instances k
        WHERE NOT EXISTS (SELECT 1 FROM user_prices u
                          WHERE u.provider = k.provider AND u.instance_type = k.instance_type
                            AND u.region IS k.region AND u.gpu = k.gpu AND u.gpu_count = k.gpu_count)) c
  LEFT JOIN provider_tiers t ON t.provider = c.provider
  WINDOW w AS (PARTITION BY c.provider, c.instance_type, c.gpu, c.gpu_count
               ORDER BY c.spot_usd_per_hour IS NULL, c.spot_usd_per_hour),
         w2 AS (PARTITION BY c.provider, c.instance_type, c.gpu, c.gpu_count)),
ci1 AS (
  SELECT ci0.*, CAST(julianday(d.today) - julianday(pdate) AS INTEGER) AS age,
         avg(CASE WHEN sk IN ((sn + 1) / 2, (sn + 2) / 2) THEN spot_usd_per_hour END)
           OVER (PARTITION BY provider, instance_type, gpu, gpu_count) AS spot_median,
         d.spot_outlier_share, d.spot_max_age_days, d.list_max_age_days
  FROM ci0 CROSS JOIN d),
-- the catalog refresh's flag, then the views' own: a stale price (older
-- than list_max_age_days, or spot_max_age_days for spot and marketplace
-- prices, or of no known date: its age cannot be shown to be within
-- either) and a spot outlier (more than spot_outlier_share below the
-- median spot price of its type). A flag on the spot price alone starts
-- 'spot '.
ci2 AS (
  SELECT ci1.*,
         CASE WHEN pdate IS NULL THEN 'price date unknown (no dated source)'
              WHEN age > CASE WHEN tier = 'marketplace' THEN spot_max_age_days ELSE list_max_age_days END
              THEN printf('price %d days old > %d (plan_defaults.%s)', age,
                          CASE WHEN tier = 'marketplace' THEN spot_max_age_days ELSE list_max_age_days END,
                          CASE WHEN tier = 'marketplace' THEN 'spot_max_age_days' ELSE 'list_max_age_days' END) END AS od_age_flag,
         CASE WHEN spot_usd_per_hour IS NOT NULL AND sn >= 3
                   AND coalesce(price_flag, '') NOT LIKE '%below the median spot%'
                   AND spot_usd_per_hour < (1 - spot_outlier_share) * spot_median
              THEN printf('spot %g is %d%% below the median spot %g of the same instance type in %d regions (plan_defaults.spot_outlier_share %g)',
                          spot_usd_per_hour, CAST(100 * (1 - spot_usd_per_hour / spot_median) AS INTEGER),
                          round(spot_median, 4), sn, spot_outlier_share) END AS spot_outlier_flag,
         CASE WHEN spot_usd_per_hour IS NOT NULL AND age > spot_max_age_days
              THEN printf('spot price %d days old > %d (plan_defaults.spot_max_age_days)', age, spot_max_age_days) END AS spot_age_flag
  FROM ci1),
ci AS (
  SELECT ci2.provider, instance_type, gpu, gpu_count, ci2.region, g.country, g.continent,
         ci2.as_of, pdate, usd_per_hour, spot_usd_per_hour, tier,
         coalesce(CASE WHEN price_flag NOT LIKE 'spot %' THEN price_flag END || '; ' || od_age_flag,
                  CASE WHEN price_flag NOT LIKE 'spot %' THEN price_flag END, od_age_flag) AS od_flag,
         CASE WHEN coalesce(price_flag, spot_outlier_flag, spot_age_flag) IS NOT NULL
              THEN substr(coalesce('; ' || price_flag, '') || coalesce('; ' || spot_outlier_flag, '')
                          || coalesce('; ' || spot_age_flag, ''), 3) END AS spot_flag
  FROM ci2 LEFT JOIN cloud_regions g ON g.provider = ci2.provider AND g.region = ci2.region),
-- a commitment's list price dated by its period's first day; stale after
-- list_max_age_days
cp AS (
  SELECT c.*, t.tier,
         CASE WHEN julianday(d.today) - julianday(c.pdate) > d.list_max_age_days
              THEN printf('price %d days old > %d (plan_defaults.list_max_age_days)',
                          CAST(julianday(d.today) - julianday(c.pdate) AS INTEGER), d.list_max_age_days) END AS flag
  FROM (SELECT committed_prices.*,
               CASE WHEN as_of GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN as_of
                    WHEN as_of GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]' THEN as_of || '-01'
                    WHEN as_of GLOB '[0-9][0-9][0-9][0-9]-Q[1-4]'
                      THEN substr(as_of, 1, 5) || printf('%02d', 3 * CAST(substr(as_of, 7, 1) AS INTEGER) - 2) || '-01'
                    WHEN as_of GLOB '[0-9][0-9][0-9][0-9]-H[12]'
                      THEN substr(as_of, 1, 5) || CASE substr(as_of, 7, 1) WHEN '1' THEN '01-01' ELSE '07-01' END
                    WHEN as_of GLOB '[0-9][0-9][0-9][0-9]' THEN as_of || '-01-01' END AS pdate
        FROM committed_prices) c
  CROSS JOIN d
  LEFT JOIN provider_tiers t ON t.provider = c.provider),
rent AS (
  SELECT provider || '/' || instance_type || CASE WHEN od_flag IS NOT NULL THEN ' [flagged price]' ELSE '' END AS offer,
         'on-demand' AS pricing, provider, instance_type, region, gpu, gpu_count, usd_per_hour AS usd,
         0.0 AS managed_premium, od_flag AS price_flag, as_of, pdate AS price_date,
         NULL AS term, NULL AS term_days, NULL AS max_days, tier, country, continent
  FROM ci
  UNION ALL
  SELECT provider || '/' || instance_type || ' (spot' || CASE WHEN spot_flag IS NOT NULL THEN ', flagged price' ELSE '' END || ')',
         'spot', provider, instance_type, region, gpu, gpu_count, spot_usd_per_hour, 0.0, spot_flag, as_of, pdate,
         NULL, NULL, NULL, tier, country, continent
  FROM ci WHERE spot_usd_per_hour IS NOT NULL
  UNION ALL
  SELECT provider || '/' || instance_type || ' (' || term || ')'
           || CASE WHEN flag IS NOT NULL THEN ' [flagged price]' ELSE '' END,
         'committed', provider, instance_type, NULL, gpu,
         gpu_count, usd_per_hour, 0.0, flag, as_of, pdate, term, term_days, max_days, tier, NULL, NULL
  FROM cp
  UNION ALL
  SELECT provider || '/' || name, 'quote', provider, name, NULL, gpu, gpu_count,
         usd_per_hour, managed_premium, NULL, NULL, NULL,
         CASE WHEN term_days IS NOT NULL THEN printf('%d-day term', term_days) END, term_days, NULL, NULL, NULL, NULL
  FROM rental_quotes),
-- interruptions per node-day for each spot offer: the provider's first
-- matching instance_glob, else the catch-all row
spot_rate AS (
  SELECT r.offer,
         (SELECT s.per_day FROM spot_interruptions s
          WHERE (s.provider = r.provider OR s.provider = '*') AND r.instance_type GLOB s.instance_glob
          ORDER BY s.provider = '*', s.instance_glob = '*' LIMIT 1) AS per_day
  FROM (SELECT DISTINCT offer, provider, instance_type FROM rent WHERE pricing = 'spot') r),
own AS (
  -- gpus.sold_in: SXM/OAM modules and passive data-center PCIe cards are bought in
  -- 8-GPU servers; a desktop card alone, one per computer you own; a system whole
  SELECT g.name AS gpu, g.sold_in, g.server, p.price_usd AS quoted_usd,
         coalesce(p.gpus_per_node, CASE WHEN g.sold_in IN ('desktop', 'system') THEN 1 ELSE d.gpus_per_node END) AS gpus_per_node,
         coalesce(p.unit_gpus, CASE WHEN g.server THEN d.server_gpus ELSE 1 END) AS unit_gpus,
         p.unit_usd, p.fabric_gbps, g.price_usd AS gpu_usd, g.price_as_of AS gpu_price_as_of, g.tdp_w,
         (SELECT c.value FROM owned_costs c WHERE c.item = 'server_usd' AND c.gpu = g.name) AS server_usd,
         (SELECT c.as_of FROM owned_costs c WHERE c.item = 'server_usd' AND c.gpu = g.name) AS server_as_of,
         p.watts, p.network_usd_per_gpu,
         coalesce(p.lifetime_years, d.lifetime_years) AS lifetime_years,
         coalesce(p.usd_per_kwh, d.usd_per_kwh) AS usd_per_kwh,
         coalesce(p.pue, d.pue) AS pue,
         coalesce(p.colo_usd_per_kw_month, d.colo_usd_per_kw_month) AS colo_usd_per_kw_month,
         -- every machine, server or workstation, has its support after the
         -- warranty, and every GPU its share of the staff
         coalesce(p.support_share_per_year, d.support_share_per_year) AS support_share_per_year,
         coalesce(p.warranty_years, d.warranty_years) AS warranty_years,
         coalesce(p.staff_usd_per_node_year, d.staff_usd_per_node_year) AS staff_usd_per_node_year,
         coalesce(p.resale_share, d.resale_share) AS resale_share,
         d.host_share_usd, d.pcie_host_usd, d.workstation_host_usd, d.typical_power_share,
         d.server_gpus, d.node_power_factor, d.network_usd_per_gpu AS default_network_usd_per_gpu,
         d.fabric_gbps_per_gpu AS default_fabric_gbps_per_gpu,
         d.hours_per_month, d.today, d.purchase_max_age_days
  FROM (SELECT gpus.*, sold_in IN ('gpu-server', 'rack-server') AS server FROM gpus) g
  CROSS JOIN d
  LEFT JOIN owned_prices p ON p.gpu = g.name),
own2 AS (
  SELECT o.*,
         -- one purchase unit: your unit price; else your per-GPU price; else the catalog server
         -- (scaled to the unit), or the GPUs and their host: an HGX/OAM server's (host_share),
         -- a PCIe server's (pcie_host), a workstation around each desktop card; a system whole
         coalesce(o.unit_usd, o.quoted_usd * o.unit_gpus,
                  CASE WHEN o.sold_in = 'gpu-server'
                         THEN coalesce(o.server_usd * o.unit_gpus / o.server_gpus,
                                       o.gpu_usd * o.unit_gpus + o.host_share_usd * o.unit_gpus / o.server_gpus)
                       WHEN o.sold_in = 'rack-server'
                         THEN o.gpu_usd * o.unit_gpus + o.pcie_host_usd * o.unit_gpus / o.server_gpus
                       WHEN o.sold_in = 'desktop'
                         THEN (o.gpu_usd + o.workstation_host_usd) * o.unit_gpus
                       ELSE o.gpu_usd * o.unit_gpus END) AS unit_price_usd,
         coalesce(o.network_usd_per_gpu,
                  CASE WHEN o.quoted_usd IS NULL AND o.unit_usd IS NULL AND o.server
                       THEN o.default_network_usd_per_gpu ELSE 0 END) AS net_usd_per_gpu,
         -- the whole machine's maximum draw per GPU: a server's or a workstation's
         -- (a system's own TDP is the whole system's)
         coalesce(o.watts, coalesce(o.tdp_w, 0) * CASE WHEN o.sold_in = 'system' THEN 1 ELSE o.node_power_factor END)
           AS watts_per_gpu,
         -- the date of a catalog server price, else of the catalog GPU price
         -- (gpus.price_as_of, where its source gives one: a launch MSRP's
         -- announcement); gpus.as_of dates the catalog row, not its price, and
         -- your owned_prices quote carries no date: unknown
         CASE WHEN o.unit_usd IS NULL AND o.quoted_usd IS NULL AND o.server AND o.server_usd IS NOT NULL
                THEN o.server_as_of
              WHEN o.unit_usd IS NULL AND o.quoted_usd IS NULL THEN o.gpu_price_as_of END AS as_of
  FROM own o),
own3 AS (
  SELECT o.*,
         o.unit_price_usd / o.unit_gpus + o.net_usd_per_gpu AS capex_usd_per_gpu,
         -- running costs per GPU-hour: energy at the node's typical draw x PUE
         -- (your owned_prices.watts as given), the colocation space for its
         -- maximum draw, support for the years of
         -- the lifetime after the warranty, staff per machine
         o.watts_per_gpu * CASE WHEN o.watts IS NULL THEN o.typical_power_share ELSE 1 END / 1000.0
           * o.pue * o.usd_per_kwh
           + o.colo_usd_per_kw_month * o.watts_per_gpu / 1000.0 / o.hours_per_month
           + o.support_share_per_year * max(0, o.lifetime_years - o.warranty_years) / o.lifetime_years
             * o.unit_price_usd / o.unit_gpus / (12 * o.hours_per_month)
           -- staff scale with the GPUs: a server's share for every 8
           -- (server_gpus), whatever machines hold them
           + o.staff_usd_per_node_year / o.server_gpus / (12 * o.hours_per_month) AS running_usd_per_gpu_hour
  FROM own2 o
  WHERE o.unit_price_usd IS NOT NULL)
SELECT r.offer, r.pricing, r.provider, r.instance_type, r.region, r.gpu,
       r.gpu_count AS gpus_per_node,
       CASE WHEN r.gpu_count < 1 THEN 1 ELSE CAST(r.gpu_count AS INTEGER) END AS devices,
       CASE WHEN r.gpu_count < 1 THEN r.gpu_count ELSE 1.0 END AS fraction,
       r.usd AS usd_per_hour,
       r.usd / CASE WHEN r.gpu_count < 1 THEN 1 ELSE r.gpu_count END AS usd_per_device_hour,
       r.managed_premium,
       coalesce(q.fabric_gbps, f.fabric_gbps) AS fabric_gbps,
       coalesce(f.fabric, CASE WHEN q.fabric_gbps > 0 THEN 'quoted' END) AS fabric,
       0 AS owned, NULL AS capex_usd_per_gpu, NULL AS watts_per_gpu,
       NULL AS lifetime_years, NULL AS usd_per_kwh, NULL AS pue,
       r.price_flag, r.as_of, r.price_date, r.term, r.term_days, r.max_days,
       sr.per_day AS spot_interruptions_per_day,
       NULL AS unit_gpus, NULL AS unit_usd, NULL AS network_usd_per_gpu,
       NULL AS running_usd_per_gpu_hour, NULL AS resale_share, r.tier, r.country, r.continent
FROM rent r
LEFT JOIN instance_fabrics f ON f.provider = r.provider AND f.instance_type = r.instance_type
LEFT JOIN rental_quotes q ON r.pricing = 'quote' AND q.provider = r.provider AND q.name = r.instance_type
LEFT JOIN spot_rate sr ON r.pricing = 'spot' AND sr.offer = r.offer
UNION ALL
SELECT 'owned/' || o.gpu, 'owned', 'owned',
       -- what one purchase unit is
       CASE WHEN o.unit_usd IS NOT NULL OR o.quoted_usd IS NOT NULL THEN printf('your quote, %d GPU%s per unit', o.unit_gpus, CASE WHEN o.unit_gpus > 1 THEN 's' ELSE '' END)
            WHEN o.sold_in = 'gpu-server' THEN printf('%d-GPU server', o.unit_gpus)
            WHEN o.sold_in = 'rack-server' THEN printf('%d-card PCIe server', o.unit_gpus)
            WHEN o.sold_in = 'desktop' THEN 'the card in a workstation of its own'
            ELSE 'the whole system' END,
       NULL, o.gpu,
       o.gpus_per_node, o.gpus_per_node, 1.0,
       -- the hourly cost of owning: capex less resale over the lifetime, plus running costs
       (o.capex_usd_per_gpu * (1 - o.resale_share) / (o.lifetime_years * 12 * o.hours_per_month)
        + o.running_usd_per_gpu_hour) * o.gpus_per_node,
       o.capex_usd_per_gpu * (1 - o.resale_share) / (o.lifetime_years * 12 * o.hours_per_month)
        + o.running_usd_per_gpu_hour,
       -- the fabric between your nodes: yours, else the NDR port per GPU that
       -- a catalog server's price includes (network_usd_per_gpu bought)
       0.0, coalesce(o.fabric_gbps, CASE WHEN o.net_usd_per_gpu > 0 THEN o.default_fabric_gbps_per_gpu * o.gpus_per_node END),
       CASE WHEN o.fabric_gbps > 0 THEN 'owned_prices.fabric_gbps'
            WHEN o.fabric_gbps IS NULL AND o.net_usd_per_gpu > 0 THEN 'InfiniBand NDR (owned_costs)' END,
       1, o.capex_usd_per_gpu, o.watts_per_gpu, o.lifetime_years, o.usd_per_kwh, o.pue,
       -- a catalog purchase price with no date, or older than
       -- purchase_max_age_days, is flagged as a rental list price is
       -- (your owned_prices quote is taken as today's)
       CASE WHEN o.unit_usd IS NOT NULL OR o.quoted_usd IS NOT NULL THEN NULL
            WHEN o.price_date IS NULL
              THEN 'purchase price without a date (owned_prices takes your quote)'
            WHEN julianday(o.today) - julianday(o.price_date) > o.purchase_max_age_days
              THEN printf('purchase price %d days old > %d (plan_defaults.purchase_max_age_days)',
                          CAST(julianday(o.today) - julianday(o.price_date) AS INTEGER), o.purchase_max_age_days) END,
       o.as_of, o.price_date,
       NULL, NULL, NULL, NULL,
       o.unit_gpus, o.unit_price_usd, o.net_usd_per_gpu, o.running_usd_per_gpu_hour, o.resale_share, NULL, NULL, NULL
FROM (SELECT o3.*,
             CASE WHEN o3.as_of GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN o3.as_of
                  WHEN o3.as_of GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]' THEN o3.as_of || '-01'
                  WHEN o3.as_of GLOB '[0-9][0-9][0-9][0-9]' THEN o3.as_of || '-01-01' END AS price_date
      FROM own3 o3) o;

-- Workloads alike in every column but name and notes (equal values: a
-- column's type affinity stores equal numbers alike; text keeps its case;
-- NULLs are alike) get the same plans: serving_speeds,
-- shape_training_plans and shape_serving_plans plan the first of them by
-- name, their shape, once, and the views over them give its rows to the
-- others. A column added to workloads must be added here
-- (tests/sql/views_plans.sql counts them).
CREATE VIEW workload_shapes AS
  SELECT name, min(name) OVER (PARTITION BY kind, model, params_b, mode, dtype, kv_dtype,
    engine, tokens_b, epochs, seq_len, micro_batch, global_batch, recompute, mfu, max_days,
    requests_per_min, prompt_tokens, output_tokens, peak_concurrency, user_tps, ttft_s,
    ttft_p95_s, tpot_p95_ms, dataset_gb, data_location, runs_per_month, months, budget_usd,
    utilization, acquire, offer_glob, storage_gb, storage_usd_per_gb_month, mem_headroom,
    layers, hidden, heads, kv_heads, head_dim, include_flagged_prices, serve_on_spot,
    spot_interruptions_per_day, checkpoint_hours, restart_minutes, prompt_cv, output_cv,
    prefix_hit, spare_replicas, allow_spot, allow_marketplace, regions, countries, providers,
    tiers, daily_users, requests_per_user_day, peak_to_mean, traffic_profile, engine_version) AS shape
FROM workloads;

-- The offers each workload considers: all, or those its offer_glob matches
-- (case ignored: 'H100*' and 'AWS/*' match h100-sxm and aws/p5.48xlarge);
-- flagged prices only when it asks for them (include_flagged_prices = 1);
-- spot only when it allows it (allow_spot = 1; for serving, serve_on_spot
-- = 1 when allow_spot is NULL); marketplace offers only when it allows them
-- (allow_marketplace = 1); cloud offers in its regions (globs), countries,
-- providers and tiers only, where it names them. The rules are
-- filtered_offers', for the language-model workloads (plans 'model': one
-- per shape, below) and the image workloads (plans 'image', image_plans),
-- whose filters offer_filters lists in its terms: spot 1 where spot offers
-- pass; acquire (rent, buy or any) for the image workloads only, the
-- language-model plans weighing both themselves; whole 1 where only whole
-- GPUs pass (the image plans).
CREATE VIEW offer_filters AS
SELECT 'model' AS plans, name, kind, offer_glob, include_flagged_prices,
       coalesce(allow_spot, CASE WHEN kind = 'serve' THEN serve_on_spot END, 0) AS spot,
       allow_marketplace, NULL AS acquire, 0 AS whole, regions, countries, providers, tiers
FROM workloads WHERE name IN (SELECT shape FROM workload_shapes)
UNION ALL
SELECT 'image', name, kind, offer_glob, include_flagged_prices, coalesce(allow_spot, 0),
       allow_marketplace, acquire, 1, regions, countries, providers, tiers
FROM image_workloads;

CREATE VIEW filtered_offers AS
SELECT f.name AS workload, f.kind, o.*, f.plans
FROM offer_filters f
JOIN offers o ON (f.whole = 0 OR o.fraction = 1)
             AND (f.offer_glob IS NULL OR lower(o.offer) GLOB lower(f.offer_glob)
                  OR o.gpu GLOB lower(f.offer_glob))
             AND (o.price_flag IS NULL OR coalesce(f.include_flagged_prices, 0) = 1)
             AND (o.pricing <> 'spot' OR f.spot = 1)
             AND (o.tier IS NOT 'marketplace' OR coalesce(f.allow_marketplace, 0) = 1)
             AND (coalesce(lower(f.acquire), 'any') = 'any' OR (lower(f.acquire) = 'buy') = (o.owned = 1))
             -- where and from whom: your quotes and owned hardware pass
             AND (o.owned = 1 OR o.pricing = 'quote'
                  OR ((f.regions IS NULL
                       OR EXISTS (SELECT 1 FROM json_each('["' || replace(replace(f.regions, ' ', ''), ',', '","') || '"]') j
                                  WHERE lower(o.region) GLOB lower(j.value)))
                      AND (f.countries IS NULL
                           OR instr(',' || upper(replace(f.countries, ' ', '')) || ',', ',' || o.country || ',') > 0)
                      AND (f.providers IS NULL
                           OR instr(',' || lower(replace(f.providers, ' ', '')) || ',', ',' || o.provider || ',') > 0)
                      AND (f.tiers IS NULL
                           OR instr(',' || lower(replace(f.tiers, ' ', '')) || ',', ',' || o.tier || ',') > 0)));

-- Of the regions of an offer that pass, the cheapest (region_rank 1): the
-- serving and training searches depend on the GPU configuration, not the
-- region, and price each offer once. Per shape (workload_shapes):
-- workloads alike but for their names consider the same offers, so they
-- are matched with the 7,500 offers once (240 workloads of 6 shapes:
-- best_plans 4.1 s of CPU before, 0.7 s); workload_offers gives them to
-- every workload. Shapes of the same filters (offer_filters' columns:
-- the 210 shapes of bench/plan_workloads.py 240 have one set, none) match
-- and rank the offers once, for the first of them (by_filters), and share
-- its rows: the plan views read shape_offers five times (varied set:
-- 220,290 offer rows ranked each time before, 7,317 after). f is
-- MATERIALIZED: read twice.
CREATE VIEW shape_offers AS
WITH
f AS MATERIALIZED (
  SELECT name, kind,
         min(name) OVER (PARTITION BY offer_glob, include_flagged_prices, spot, allow_marketplace, acquire,
                                      whole, regions, countries, providers, tiers) AS by_filters
  FROM offer_filters WHERE plans = 'model'),
r AS (
  SELECT * FROM (
    SELECT o.*,
           -- the regions of an offer after the filters, cheapest first (at
           -- equal price a dated one first): the plans price the first only
           row_number() OVER (PARTITION BY o.workload, o.offer
                              ORDER BY o.usd_per_hour, o.price_date IS NULL, o.region) AS region_rank,
           -- the regions that pass at the same price: at a tie the first
           -- by name is planned, and the reasons say how many more there are
           count(*) OVER (PARTITION BY o.workload, o.offer, o.usd_per_hour) AS regions_at_price
    FROM filtered_offers o
    -- '+': no index on plans, which every model workload shares; the
    -- filters' shapes are read first (SQLite otherwise scanned the 8,400
    -- offers and tried each against all 210 shapes: 0.13 s where 0.26)
    WHERE +o.plans = 'model' AND o.workload IN (SELECT by_filters FROM f))
  WHERE region_rank = 1)
SELECT f.name AS workload, f.kind,
       r.offer, r.pricing, r.provider, r.instance_type, r.region, r.gpu, r.gpus_per_node, r.devices,
       r.fraction, r.usd_per_hour, r.usd_per_device_hour, r.managed_premium, r.fabric_gbps,
       r.fabric, r.owned, r.capex_usd_per_gpu, r.watts_per_gpu, r.lifetime_years, r.usd_per_kwh,
       r.pue, r.price_flag, r.as_of, r.price_date, r.term, r.term_days, r.max_days,
       r.spot_interruptions_per_day, r.unit_gpus, r.unit_usd, r.network_usd_per_gpu,
       r.running_usd_per_gpu_hour, r.resale_share, r.tier, r.country, r.continent,
       r.plans, r.region_rank, r.regions_at_price
FROM f JOIN r ON r.workload = f.by_filters;

-- Every workload's offers: those of its shape (workloads alike in every
-- column but name and notes have the same offers), each offer in its
-- cheapest region that passes the workload's filters
CREATE VIEW workload_offers AS
SELECT s.name AS workload, o.kind, o.offer, o.pricing, o.provider, o.instance_type, o.region, o.gpu, o.gpus_per_node, o.devices, o.fraction, o.usd_per_hour, o.usd_per_device_hour, o.managed_premium, o.fabric_gbps, o.fabric, o.owned, o.capex_usd_per_gpu, o.watts_per_gpu, o.lifetime_years, o.usd_per_kwh, o.pue, o.price_flag, o.as_of, o.price_date, o.term, o.term_days, o.max_days, o.spot_interruptions_per_day, o.unit_gpus, o.unit_usd, o.network_usd_per_gpu, o.running_usd_per_gpu_hour, o.resale_share, o.tier, o.country, o.continent, o.region_rank
FROM workload_shapes s JOIN shape_offers o ON o.workload = s.shape;


-- ---------------------------------------------------------------- training
-- workload x offer. Per device configuration (GPU type, devices per node,
-- their fabric, owned or rented, purchase unit) train_layout searches the
-- layouts once (ext/gpuadv_train.c: tensor and pipeline parallelism,
-- ZeRO stage or hybrid sharding, recomputation, micro-batch; the step
-- time of each from its compute and communication) and keeps the cheapest
-- that fits and meets max_days (a year when none is given), at equal cost
-- on the fewer GPUs; then every offer with that configuration is priced. A
-- rental's cost is its GPU-hours; an owned plan's is its purchase plus
-- the running costs while it trains. Spot pays for its interruptions; a
-- commitment is paid for whole terms; owned GPUs are bought by the
-- purchase unit. Planned for one workload of each shape (workload_shapes),
-- named by it: training_plans gives the rows to every workload of the
-- shape.
CREATE VIEW shape_training_plans AS
WITH
d AS (SELECT * FROM plan_defaults),
w AS (
  SELECT i.*, wl.spot_interruptions_per_day, coalesce(wl.checkpoint_hours, d.checkpoint_hours) AS checkpoint_hours,
         coalesce(wl.restart_minutes, d.restart_minutes) AS restart_minutes, d.tie_share
  FROM workload_inputs i
  JOIN workloads wl ON wl.name = i.name
  CROSS JOIN d
  WHERE i.kind IN ('train', 'finetune') AND i.name IN (SELECT shape FROM workload_shapes)),
-- the shapes' offers, read once (cfg and plan)
so AS MATERIALIZED (
  SELECT * FROM shape_offers WHERE kind IN ('train', 'finetune')),
-- a rented configuration costs its GPU-hours (1 per GPU-hour: the layout
-- with the fewest is the cheapest at any price); an owned one its purchase
-- and running costs
cfg AS (
  SELECT DISTINCT o.workload, o.gpu, o.devices, o.fraction, o.owned, coalesce(o.unit_gpus, 1) AS unit_gpus,
         CASE WHEN o.fraction = 1 THEN coalesce(o.fabric_gbps, 0) ELSE 0 END AS fabric_gbps,
         CASE WHEN o.owned = 1 THEN o.capex_usd_per_gpu ELSE 0 END AS usd_per_gpu,
         CASE WHEN o.owned = 1 THEN o.running_usd_per_gpu_hour ELSE 1 END AS usd_per_gpu_hour
  FROM so o),
-- MATERIALIZED: one search per configuration, its JSON read below
lay AS MATERIALIZED (
  SELECT c.*, g.memory_gb * c.fraction * (1 - w.mem_headroom) AS usable_gb,
         train_layout(w.train_model, c.gpu, w.mode, w.tokens_b * w.epochs, c.devices, c.fabric_gbps,
                      CASE WHEN c.owned = 1 THEN c.unit_gpus ELSE c.devices END, w.mem_headroom,
                      c.usd_per_gpu, c.usd_per_gpu_hour, w.max_days, w.train_params_b, w.seq_len,
                      w.global_batch, w.micro_batch, w.recompute, c.fraction, w.mfu) AS j
  FROM w
  JOIN cfg c ON c.workload = w.name
  JOIN gpus g ON g.name = c.gpu),
-- how much published training throughput backs the step model on a GPU
-- (the train_tps rows of the measurements catalog that the constants are
-- fitted on): 'measured' on this GPU, 'same-vendor' on other GPUs of its
-- vendor only, else 'none'; and its chip family's own speed range for
-- dense (0) and MoE (1) models, where estimate_band_families has one
train_basis AS MATERIALIZED (
  SELECT g.name AS b_gpu,
         CASE WHEN EXISTS (SELECT 1 FROM measurements m WHERE m.kind = 'train_tps' AND m.gpu = g.name)
                THEN 'measured'
              WHEN EXISTS (SELECT 1 FROM measurements m JOIN gpus h ON h.name = m.gpu
                           WHERE m.kind = 'train_tps' AND h.vendor = g.vendor)
                THEN 'same-vendor'
              ELSE 'none' END AS b_basis,
         f0.low AS b_low0, f0.high AS b_high0, f1.low AS b_low1, f1.high AS b_high1
  FROM gpus g
  LEFT JOIN estimate_band_families f0 ON f0.vendor = g.vendor AND f0.arch = g.arch AND f0.moe = 0
  LEFT JOIN estimate_band_families f1 ON f1.vendor = g.vendor AND f1.arch = g.arch AND f1.moe = 1),
best AS (
  SELECT l.*,
         train_field(l.j, 'fits') AS fits_any, train_field(l.j, 'n_gpus') AS n_gpus,
         train_field(l.j, 'tp') AS tp, train_field(l.j, 'pp') AS pp, train_field(l.j, 'ep') AS ep,
         train_field(l.j, 'zero_stage') AS zero_stage, train_field(l.j, 'recompute') AS recompute,
         train_field(l.j, 'micro_batch') AS micro_batch, train_field(l.j, 'global_batch') AS global_batch,
         train_field(l.j, 'step_s') AS step_s, train_field(l.j, 'mfu') AS mfu,
         train_field(l.j, 'comm_share') AS comm_share, train_field(l.j, 'gpu_hours') AS gpu_hours,
         train_field(l.j, 'wall_days') AS run_days, train_field(l.j, 'mem_gb') AS mem_gb,
         train_field(l.j, 'framework') AS framework,
         train_field(l.j, 'alt_n_gpus') AS alt_n_gpus, train_field(l.j, 'alt_wall_days') AS alt_run_days,
         train_field(l.j, 'min_gb') AS min_gb, train_field(l.j, 'best_days') AS best_days,
         train_field(l.j, 'fabric_gpus') AS fabric_gpus
  FROM lay l),
plan AS (
  SELECT w.name AS workload, w.kind, w.model, w.params_b, w.mode,
         o.offer, o.pricing, o.provider, o.region, o.country, o.regions_at_price, o.gpu, o.gpus_per_node,
         b.devices, b.fraction, b.usable_gb, b.owned, b.j IS NOT NULL AS has_tflops,
         o.usd_per_device_hour, o.managed_premium, o.fabric_gbps, o.fabric,
         o.capex_usd_per_gpu, o.watts_per_gpu, o.usd_per_kwh, o.pue,
         w.utilization, w.budget_usd, w.max_days, w.acquire, w.tie_share,
         w.dataset_gb, w.data_location, w.runs_per_month, w.months,
         w.storage_gb, w.storage_usd_per_gb_month, w.shape_from,
         o.price_flag, o.as_of AS price_as_of, o.price_date, o.term, o.term_days, o.max_days AS term_max_days,
         o.unit_gpus, o.unit_usd, o.network_usd_per_gpu, o.running_usd_per_gpu_hour, o.resale_share, o.lifetime_years,
         CASE WHEN o.pricing = 'spot' THEN coalesce(w.spot_interruptions_per_day, o.spot_interruptions_per_day) END
           AS spot_per_day,
         w.checkpoint_hours, w.restart_minutes, d.today, d.hours_per_month,
         -- inference-only chips, by the vendor's documentation (gpus.capability)
         (SELECT g.capability FROM gpus g WHERE g.name = o.gpu) = 'serve' AS serve_only,
         -- QLoRA: bitsandbytes' 4-bit kernels, on the accelerators its
         -- 0.50.0 README (2026-07-24) marks as supporting "QLoRA 4-bit":
         -- NVIDIA SM60+ (Pascal on; not Kepler or Maxwell), AMD CDNA
         -- (gfx908 to gfx950) and RDNA 2 to 4 (gfx103X to gfx120X; not
         -- Navi 12 or Vega), Apple M1+; Intel Gaudi only in part, TPUs and
         -- Neuron chips not at all. The GPU's vendor and architecture when
         -- it has none, else NULL.
         CASE WHEN w.mode = 'qlora' THEN
           (SELECT CASE WHEN g.vendor = 'NVIDIA' AND g.arch NOT IN ('Kepler', 'Maxwell') THEN NULL
                        WHEN g.vendor = 'AMD' AND (g.arch GLOB 'CDNA*' OR g.arch GLOB 'RDNA[234]*'
                                                   OR g.arch GLOB 'RDNA [234]*') THEN NULL
                        WHEN g.vendor = 'Apple' THEN NULL
                        ELSE g.vendor || ' ' || g.arch END
            FROM gpus g WHERE g.name = o.gpu) END AS no_qlora_arch,
         b.n_gpus IS NOT NULL AS fits, b.fits_any, b.min_gb, b.best_days, b.fabric_gpus,
         b.tp, b.pp, b.ep, b.zero_stage, b.recompute, b.micro_batch, b.global_batch, b.framework,
         b.n_gpus, nodes_required(b.n_gpus, b.devices) AS nodes,
         b.mem_gb AS mem_gb_per_gpu, b.gpu_hours, b.run_days, b.step_s, b.mfu, b.comm_share,
         b.alt_n_gpus, b.alt_run_days, w.mfu IS NOT NULL AS mfu_given,
         tb.b_basis AS basis,
         CASE WHEN w.experts_per_token > 0 THEN tb.b_low1 ELSE tb.b_low0 END AS family_low,
         CASE WHEN w.experts_per_token > 0 THEN tb.b_high1 ELSE tb.b_high0 END AS family_high
  FROM best b
  JOIN w ON w.name = b.workload
  JOIN train_basis tb ON tb.b_gpu = b.gpu
  JOIN so o ON o.workload = b.workload AND o.gpu = b.gpu AND o.devices = b.devices
                          AND o.fraction = b.fraction AND o.owned = b.owned
                          AND coalesce(o.unit_gpus, 1) = b.unit_gpus
                          AND CASE WHEN o.fraction = 1 THEN coalesce(o.fabric_gbps, 0) ELSE 0 END = b.fabric_gbps
                          AND (o.owned = 0 OR o.capex_usd_per_gpu = b.usd_per_gpu)
  CROSS JOIN d),
-- spot: each interruption of any of the job's nodes costs every GPU half a
-- checkpoint interval of lost work plus the restart; the expected share of
-- extra time is interruptions per node-hour x nodes x (interval / 2 + restart)
spotted AS (
  SELECT p.*,
         CASE WHEN p.spot_per_day IS NOT NULL
              THEN p.spot_per_day / 24.0 * p.nodes * (p.checkpoint_hours / 2.0 + p.restart_minutes / 60.0)
              ELSE 0 END AS spot_overhead
  FROM plan p),
timed AS (
  SELECT p.*, p.run_days * (1 + p.spot_overhead) AS wall_days,
         p.alt_run_days * (1 + p.spot_overhead) AS alt_wall_days
  FROM spotted p),
priced AS (
  SELECT p.*,
         p.nodes = 1 OR coalesce(p.fabric_gbps, 0) > 0 AS interconnect_ok,
         -- a commitment is paid for whole terms: a 1-year term for a 3-month job costs 12 months
         CASE WHEN p.term_days IS NOT NULL THEN nodes_required(p.wall_days, p.term_days) * p.term_days END AS commit_days,
         CASE WHEN NOT p.fits THEN NULL
              -- owned: bought for this job and sold at its end (owned_term_usd);
              -- GPUs kept for a later phase are a program (program_plans)
              WHEN p.owned = 1
                THEN owned_term_usd(p.capex_usd_per_gpu * p.n_gpus, p.resale_share,
                                    p.lifetime_years * 12 * p.hours_per_month, p.wall_days * 24,
                                    p.running_usd_per_gpu_hour * p.n_gpus)
              WHEN p.term_days IS NOT NULL
                THEN p.n_gpus * p.usd_per_device_hour * 24 * nodes_required(p.wall_days, p.term_days) * p.term_days
              ELSE p.gpu_hours * (1 + p.spot_overhead) * p.usd_per_device_hour END AS compute_usd,
         -- the next point of the cost-time frontier: twice the GPUs, priced alike
         CASE WHEN p.alt_n_gpus > 0 THEN
           CASE WHEN p.owned = 1
                  THEN owned_term_usd(p.capex_usd_per_gpu * p.alt_n_gpus, p.resale_share,
                                      p.lifetime_years * 12 * p.hours_per_month, p.alt_wall_days * 24,
                                      p.running_usd_per_gpu_hour * p.alt_n_gpus)
                WHEN p.term_days IS NOT NULL
                  THEN p.alt_n_gpus * p.usd_per_device_hour * 24 * nodes_required(p.alt_wall_days, p.term_days) * p.term_days
                ELSE p.alt_n_gpus * p.alt_run_days * 24 * (1 + p.spot_overhead) * p.usd_per_device_hour END END
           AS alt_compute_usd,
         p.storage_gb * p.storage_usd_per_gb_month * p.months AS storage_usd,
         CASE WHEN p.dataset_gb > 0 AND p.data_location NOT IN ('local', p.provider)
              THEN egress_usd(p.dataset_gb, p.runs_per_month * p.months,
                              (SELECT e.usd_per_gb FROM egress_rates e WHERE e.provider = p.data_location))
              ELSE 0 END AS egress_usd,
         CASE WHEN p.owned = 1 THEN p.capex_usd_per_gpu * p.n_gpus END AS capex_usd,
         p.no_qlora_arch IS NOT NULL AS no_qlora
  FROM timed p),
totals AS (
  SELECT q.*,
         q.compute_usd * q.managed_premium AS managed_usd,
         q.compute_usd * (1 + q.managed_premium) + q.storage_usd + q.egress_usd AS total_usd,
         q.alt_compute_usd * (1 + q.managed_premium) + q.storage_usd + q.egress_usd AS alt_total_usd,
         -- what the faster plan spends: owned, its purchase and running costs
         CASE WHEN q.owned = 1
              THEN q.capex_usd_per_gpu * q.alt_n_gpus
                   + q.running_usd_per_gpu_hour * q.alt_n_gpus * q.alt_wall_days * 24
                   + q.storage_usd + q.egress_usd
              ELSE q.alt_compute_usd * (1 + q.managed_premium) + q.storage_usd + q.egress_usd END AS alt_spend_usd,
         -- owned: the purchase, then the running costs (energy, colocation, support, staff) while the job runs
         CASE WHEN q.owned = 1
              THEN q.capex_usd + q.running_usd_per_gpu_hour * q.n_gpus * q.wall_days * 24
                   + q.storage_usd + q.egress_usd
              ELSE q.compute_usd * (1 + q.managed_premium) + q.storage_usd + q.egress_usd END AS spend_usd
  FROM priced q),
judged AS (
  SELECT t.*,
         CASE
           WHEN t.serve_only
             THEN t.gpu || ' is an inference-only chip: no training plan'
           WHEN NOT t.has_tflops
             THEN 'no BF16/FP16 tensor throughput for ' || t.gpu || ' in the catalog'
           WHEN t.no_qlora
             THEN 'qlora needs bitsandbytes 4-bit kernels (bitsandbytes 0.50.0: NVIDIA from Pascal on, AMD CDNA and RDNA 2 to 4, Apple silicon; Intel Gaudi in part): none for '
                  || t.no_qlora_arch
           WHEN NOT t.fits AND t.fabric_gpus > 0 AND t.fraction < 1
             THEN printf('needs %d GPUs; a fractional GPU cannot be combined', t.fabric_gpus)
           WHEN NOT t.fits AND t.fabric_gpus > 0
             THEN printf('needs %d GPUs; no fabric between %s (set %s)', t.fabric_gpus,
                         CASE WHEN t.owned = 1 THEN 'owned nodes' ELSE 'these instances' END,
                         CASE WHEN t.owned = 1 THEN 'owned_prices.fabric_gbps' ELSE 'rental_quotes.fabric_gbps for a quote' END)
           WHEN NOT t.fits AND NOT t.fits_any
             THEN printf('does not fit: needs %.1f GB per GPU at the least (the activations at the widest tensor split, the state sharded); %.1f GB usable',
                         t.min_gb, t.usable_gb)
           WHEN NOT t.fits AND t.max_days IS NOT NULL
             THEN printf('takes %.1f days at the fastest > %g', t.best_days, t.max_days)
           WHEN NOT t.fits
             THEN printf('takes %.1f days at the fastest: more than a year (set max_days to allow it)', t.best_days)
           WHEN t.term_max_days IS NOT NULL AND t.wall_days > t.term_max_days
             THEN printf('takes %.1f days; a %s lasts at most %d days', t.wall_days, t.term, t.term_max_days)
           WHEN t.max_days IS NOT NULL AND t.wall_days > t.max_days * (1 + 1e-9)
             THEN printf('takes %.1f days with spot interruptions > %g', t.wall_days, t.max_days)
         END AS tech_problem
  FROM totals t),
judged2 AS (
  SELECT j.*,
         coalesce(j.tech_problem, spend_problem(j.spend_usd, j.owned, j.acquire, j.budget_usd)) AS problem,
         -- the speed range of the plan's basis (estimate_bands); none where
         -- the workload gave its own mfu
         CASE WHEN j.mfu_given THEN 1.0 ELSE min(e.low, coalesce(j.family_low, e.low)) END AS band_low,
         CASE WHEN j.mfu_given THEN 1.0 ELSE max(e.high, coalesce(j.family_high, e.high)) END AS band_high
  FROM judged j LEFT JOIN estimate_bands e ON e.kind = 'train' AND e.basis = j.basis),
-- a working plan within plan_defaults.tie_share of the workload's
-- cheapest working plan costs the same: the fastest of those ranks first
judged3 AS (
  SELECT j2.*,
         problem IS NULL
           AND total_usd <= min(CASE WHEN problem IS NULL THEN total_usd END)
                              OVER (PARTITION BY workload) * (1 + tie_share) AS near_cheapest
  FROM judged2 j2)
SELECT workload, kind, model, params_b, mode, offer, pricing, provider, region, country, regions_at_price, gpu,
       fits, tech_problem IS NULL AS feasible, problem IS NULL AS works, problem AS why_not,
       round(mem_gb_per_gpu, 2) AS mem_gb_per_gpu, round(usable_gb, 2) AS usable_gb_per_gpu,
       zero_stage, tp, pp, ep, recompute, micro_batch, global_batch, framework,
       n_gpus, nodes, interconnect_ok, fabric,
       round(step_s, 3) AS step_s, round(mfu, 4) AS mfu, round(comm_share, 4) AS comm_share,
       round(gpu_hours, 1) AS gpu_hours, round(wall_days, 2) AS wall_days,
       -- the time and cost if the speed is off by its basis's 10th or 90th
       -- percentile (estimate_bands): the compute scales, storage, egress
       -- and the managed fee's other terms as planned
       round(wall_days / band_high, 2) AS wall_days_low, round(wall_days / band_low, 2) AS wall_days_high,
       round(n_gpus * usd_per_device_hour * (1 + managed_premium), 4) AS usd_per_hour,
       round(compute_usd, 2) AS compute_usd, round(storage_usd, 2) AS storage_usd,
       round(egress_usd, 2) AS egress_usd, round(managed_usd, 2) AS managed_usd,
       round(total_usd, 2) AS total_usd,
       round(total_usd - compute_usd + compute_usd / band_high, 2) AS total_usd_low,
       round(total_usd - compute_usd + compute_usd / band_low, 2) AS total_usd_high,
       round(capex_usd, 2) AS capex_usd,
       round(spend_usd, 2) AS spend_usd, shape_from,
       price_flag, price_as_of,
       CAST(julianday(today) - julianday(price_date) AS INTEGER) AS price_age_days,
       term, commit_days, round(spot_overhead, 4) AS spot_overhead,
       CASE WHEN owned = 1 THEN round(running_usd_per_gpu_hour * n_gpus, 4) END AS running_usd_per_hour,
       -- the workload's own mfu replaced the step model's; how much
       -- published training throughput backs the step model on this GPU
       mfu_given, basis, max_days,
       -- the fastest layout on twice the GPUs, priced alike
       alt_n_gpus, round(alt_wall_days, 2) AS alt_wall_days, round(alt_total_usd, 2) AS alt_total_usd,
       round(alt_spend_usd, 2) AS alt_spend_usd,
       -- how far a plan that does not work is from working: 0 for one that
       -- does, else the share by which it misses its failed target (days
       -- over max_days, dollars over budget), 1e9 for a plan that cannot
       -- run at all; best_plans names the least as the closest
       CASE WHEN problem IS NULL THEN 0
            WHEN NOT fits AND fits_any AND best_days > 0 AND max_days IS NOT NULL THEN best_days / max_days - 1
            WHEN tech_problem IS NULL AND budget_usd > 0 AND spend_usd > budget_usd THEN spend_usd / budget_usd - 1
            WHEN tech_problem IS NULL THEN 1e6
            ELSE 1e9 END AS miss,
       -- whether the plan works and finishes sooner than the workload's
       -- rank-1 plan (best_plans names the cheapest such)
       problem IS NULL AND wall_days < first_value(wall_days) OVER rk * (1 - 1e-9) AS sooner,
       row_number() OVER rk AS rank
FROM judged3
WINDOW rk AS (PARTITION BY workload
                          ORDER BY problem IS NOT NULL, fits DESC,
                                   -- a purchase on a speed no training measurement
                                   -- of its vendor backs goes after the others
                                   owned = 1 AND basis = 'none' AND NOT mfu_given,
                                   -- the plans that cost the same as the cheapest
                                   -- (judged3), the fastest first
                                   near_cheapest DESC, CASE WHEN near_cheapest THEN wall_days END,
                                   -- costs equal to three significant figures
                                   -- are equal (a difference far inside the
                                   -- estimate's error): the faster first
                                   total_usd IS NULL, CAST(printf('%.2e', total_usd) AS REAL),
                                   -- and at equal cost an undated rental price
                                   -- after a dated one
                                   price_date IS NULL AND pricing NOT IN ('owned', 'quote'), wall_days,
                                   -- then the narrower range
                                   band_high - band_low,
                                   total_usd, n_gpus,
                                   usable_gb * devices DESC, offer);

-- Every training workload's plans: those of its shape (workload_shapes),
-- in the order of workload and rank.
CREATE VIEW training_plans AS
SELECT s.name AS workload, r.kind, r.model, r.params_b, r.mode, r.offer, r.pricing,
       r.provider, r.region, r.country, r.gpu, r.fits, r.feasible, r.works, r.why_not,
       r.mem_gb_per_gpu, r.usable_gb_per_gpu, r.zero_stage, r.tp, r.pp, r.ep, r.recompute, r.micro_batch,
       r.global_batch, r.framework, r.n_gpus, r.nodes,
       r.interconnect_ok, r.fabric, r.step_s, r.mfu, r.comm_share, r.basis, r.gpu_hours, r.wall_days,
       r.wall_days_low, r.wall_days_high, r.usd_per_hour,
       r.compute_usd, r.storage_usd, r.egress_usd, r.managed_usd, r.total_usd, r.total_usd_low, r.total_usd_high,
       r.capex_usd,
       r.spend_usd, r.shape_from, r.price_flag, r.price_as_of, r.price_age_days, r.term,
       r.commit_days, r.spot_overhead, r.running_usd_per_hour, r.alt_n_gpus, r.alt_wall_days,
       r.alt_total_usd, r.alt_spend_usd, r.rank
FROM workload_shapes s JOIN shape_training_plans r ON r.workload = s.shape
ORDER BY s.name, r.rank;

-- ----------------------------------------------------------------- serving
-- How much measurement backs a speed estimate of an engine on a GPU:
-- 'measured' (a decode, prefill or full-load measurement of this engine on
-- this GPU is in the measurements catalog the constants are fitted on),
-- 'same-class' (measurements of the engine on other GPUs of the vendor and
-- memory class), 'extrapolated' (no measurement of the engine on that
-- vendor's GPUs of that memory class), with the count of measurements.
-- Each figure counts once (a second copy, or a figure that a later
-- version of its page supersedes, is not counted). The measurements are
-- counted once per engine and GPU, and per engine and class; shape_serving_plans reads the view once and joins its rows.
CREATE VIEW speed_basis AS
WITH fitted AS (
  SELECT m.engine, m.gpu, h.vendor, h.memory_class
  FROM measurements m JOIN gpus h ON h.name = m.gpu
  WHERE m.kind IN ('decode', 'prefill', 'aggregate') AND coalesce(m.speculative, 'no') = 'no'
    -- a figure's second copy, or one a later version of its page replaced
    AND m.repeat_of IS NULL),
per_gpu AS MATERIALIZED (SELECT engine, gpu, count(*) AS n FROM fitted GROUP BY engine, gpu),
per_class AS MATERIALIZED (SELECT DISTINCT engine, vendor, memory_class FROM fitted)
SELECT e.name AS engine, g.name AS gpu,
       CASE WHEN EXISTS (SELECT 1 FROM per_gpu f WHERE f.engine = e.name AND f.gpu = g.name) THEN 'measured'
            WHEN EXISTS (SELECT 1 FROM per_class f WHERE f.engine = e.name AND f.vendor = g.vendor
                                                     AND f.memory_class = g.memory_class) THEN 'same-class'
            ELSE 'extrapolated' END AS basis,
       coalesce((SELECT f.n FROM per_gpu f WHERE f.engine = e.name AND f.gpu = g.name), 0) AS measurements
FROM engines e CROSS JOIN gpus g CROSS JOIN gpuadv_catalog_guard();

-- The one place where speed is estimated: every serve workload x device
-- configuration the workload's engine serves its dtype on x parallel
-- layout x candidate batch, up to the engine's max_batch. Layouts: tensor
-- parallel (tp) over 1, 2, 4 or 8 GPUs of a node; where the weights fit no
-- node and the offer has a fabric (fabric_gbps > 0), pipeline stages (pp)
-- of a whole node each over 2, 4 or 8 nodes, the fewest that fit and twice
-- that; for MoE models, each tp layout of 2 GPUs or more also with its
-- experts spread (ep) over the tp GPUs of a stage and, across nodes, over
-- every GPU of the replica. n = tp x pp GPUs per replica (ep reuses them).
-- An engine that splits layers instead (engines.multi_gpu 'layer':
-- llama.cpp) runs the n GPUs of a layout as n stages taking turns, named
-- 'ppN', with no expert layouts.
-- Catalog models use the calibrated model_decode_tps / model_prefill_tps
-- (SPEC 2b); a model given by params_b (or a fractional GPU) uses the
-- roofline functions with the datasheet figures, a pipeline's weights and
-- KV read by one stage's GPUs.
-- Per serve shape (workload_shapes) x device configuration x parallel
-- layout x batch: the speeds. for_plans 0: every candidate batch (the
-- powers of two below the smaller of max_seqs and the concurrency, and
-- that bound), which serving_speeds lists; for_plans 1: the batch the
-- plans run the layout at, one row (model_serving_batch) where the speed
-- model prices the layout, every candidate where the roofline does (models
-- given by params_b, fractional GPUs: shape_serving_plans picks among
-- them).
CREATE VIEW shape_serving_speeds AS
WITH
-- model_kv_gb's last argument (beyond_context 1) prices a workload longer
-- than the model's context as if the model held it, here and in
-- shape_serving_plans: serving_plans refuses it, first, for its length,
-- and the layouts it fits stay those the simulator is run for
w AS MATERIALIZED (
  SELECT i.*,
         CASE WHEN i.catalog_model THEN model_weights_gb(i.model, i.dtype)
              ELSE weights_gb(i.params_b, i.dtype) END AS weights_gb,
         CASE WHEN i.catalog_model THEN model_kv_gb(i.model, i.prompt_tokens + i.output_tokens, 1, i.kv_dtype, 1, 1)
              ELSE kv_cache_gb(i.layers, i.kv_heads, i.head_dim, i.prompt_tokens + i.output_tokens, 1, i.kv_dtype)
         END AS kv_gb_per_seq,
         i.prompt_tokens + i.output_tokens / 2.0 AS mean_context,
         coalesce(ms.n_experts, 0) > 0 AS moe,
         -- the first shape of those alike in every input of the speeds
         -- below but the concurrency (the traffic's): its memory figures,
         -- layouts and fits are theirs too (the varied set of
         -- bench/plan_workloads.py: 105 served shapes, 15 speed shapes).
         -- MATERIALIZED: read by offs, grid0 and grid
         min(i.name) OVER (PARTITION BY i.model, i.catalog_model, i.params_b, i.active_b, i.dtype, i.kv_dtype,
                                        i.layers, i.hidden, i.intermediate, i.heads, i.kv_heads, i.head_dim,
                                        i.experts_per_token, i.vocab, i.engine, i.prompt_tokens, i.output_tokens,
                                        i.user_tps, i.mem_headroom, wl.offer_glob, wl.include_flagged_prices,
                                        wl.allow_spot, wl.serve_on_spot, wl.allow_marketplace, wl.regions,
                                        wl.countries, wl.providers, wl.tiers) AS speed_shape
  FROM workload_inputs i
  JOIN workloads wl ON wl.name = i.name
  LEFT JOIN model_spec(i.model) ms ON i.catalog_model
  -- one workload of each shape (workload_shapes); the others get its rows at the end
  WHERE i.kind = 'serve' AND i.name IN (SELECT shape FROM workload_shapes)),
offs AS MATERIALIZED (
  SELECT DISTINCT workload, gpu, devices, fraction,
         CASE WHEN fabric_gbps > 0 AND fraction = 1 THEN fabric_gbps ELSE 0 END AS fabric_gbps
  FROM shape_offers WHERE kind = 'serve' AND workload IN (SELECT speed_shape FROM w)),
-- each configuration within a node (fabric_gbps 0), and across nodes at
-- each fabric speed its offers have. Each CTE here is read once (a join
-- with a VALUES table where two branches would read it twice): SQLite
-- copies a CTE for every reference, and from 3.54 refuses a statement
-- whose copies open SQLITE_LIMIT_EXPR_DEPTH (1000) cursors or more.
cfg AS (
  SELECT c.workload, c.gpu, c.devices, c.fraction, c.fabric_gbps, g.memory_gb * c.fraction AS memory_gb,
         g.mem_bw_gbs * c.fraction AS mem_bw_gbs
  FROM (SELECT DISTINCT o.workload, o.gpu, o.devices, o.fraction,
                        CASE k.column1 WHEN 0 THEN 0 ELSE o.fabric_gbps END AS fabric_gbps
        FROM offs o JOIN (VALUES (0), (1)) k ON k.column1 = 0 OR o.fabric_gbps > 0) c
  JOIN gpus g ON g.name = c.gpu),
-- tp x pp: within a node (fabric_gbps 0) or pipeline stages of a whole
-- node; dp > 1: data-parallel attention over dp GPUs of a node (tp 1), for
-- MoE models only (grid0)
lay AS (
  SELECT c.*, CASE WHEN c.fabric_gbps = 0 THEN t.column1 / d.column1 ELSE c.devices END AS tp,
         CASE WHEN c.fabric_gbps = 0 THEN 1 ELSE t.column1 END AS pp, d.column1 AS dp
  FROM cfg c JOIN (VALUES (1), (2), (4), (8)) t
    ON CASE WHEN c.fabric_gbps = 0 THEN t.column1 <= c.devices AND c.devices % t.column1 = 0
            ELSE t.column1 > 1 AND c.devices IN (1, 2, 4, 8) END
  JOIN (VALUES (1), (2), (4), (8)) d
    ON d.column1 = 1 OR (c.fabric_gbps = 0 AND c.fraction = 1 AND d.column1 = t.column1 AND t.column1 > 1)),
grid0 AS (
  SELECT w.name AS speed_shape, w.model, w.catalog_model, w.dtype, w.kv_dtype, w.params_b, w.active_b,
         w.layers, w.kv_heads, w.head_dim, w.hidden, w.intermediate, w.experts_per_token, w.vocab, w.mean_context, w.weights_gb, w.kv_gb_per_seq, w.moe,
         e.max_batch AS engine_max_batch,
         w.user_tps, w.engine, e.multi_gpu, w.prompt_tokens,
         c.gpu, c.devices, c.fraction, c.fabric_gbps, c.mem_bw_gbs,
         -- the datasheet peak at the precision the dtype's matmuls run at
         c.fraction * gpu_tflops(c.gpu, w.dtype) AS tflops,
         c.tp, c.pp, c.dp, c.tp * c.pp * c.dp AS n, c.memory_gb, w.mem_headroom,
         CASE WHEN c.dp > 1 THEN model_weights_gb(w.model, w.dtype, c.dp) ELSE w.weights_gb END
           AS layout_weights_gb,
         -- the copies of each token's KV that tp GPUs hold (whole heads per
         -- GPU, an MLA latent on every GPU: model_kv_gb's tp); a layer
         -- split none
         CASE WHEN e.multi_gpu = 'layer' OR c.tp = 1 THEN 1.0
              WHEN w.catalog_model
                THEN coalesce(model_kv_gb(w.model, w.prompt_tokens + w.output_tokens, 1, w.kv_dtype, c.tp, 1)
                              / nullif(w.kv_gb_per_seq, 0), 1.0)
              ELSE max(1.0, 1.0 * c.tp / coalesce(w.kv_heads, c.tp)) END AS kv_copies,
         -- the sequences the cache holds where the engine's memory rule
         -- (engine_cache_gb) leaves it memory besides the weights
         max_batch(w.weights_gb + engine_cache_gb(w.engine, c.gpu, w.weights_gb, w.hidden, w.intermediate,
                                                  w.experts_per_token, w.vocab, c.devices, c.devices, 1,
                                                  w.mem_headroom, c.fraction),
                   w.weights_gb, w.kv_gb_per_seq, 0) AS node_seqs
  FROM w
  JOIN engines e ON e.name = w.engine
  JOIN lay c ON c.workload = w.name AND engine_serves(w.engine, c.gpu, w.dtype)
            AND (c.dp = 1 OR (w.moe AND w.catalog_model AND e.multi_gpu = 'tensor'))
  WHERE w.name = w.speed_shape),
-- pipelines only where one node holds no sequence: the fewest stages that
-- hold one, and twice that
grid1 AS (
  SELECT g.*, min(g.pp) FILTER (WHERE g.max_seqs >= 1)
                OVER (PARTITION BY g.speed_shape, g.gpu, g.devices, g.fabric_gbps) AS pp_fit
  FROM (SELECT g0.*, max_batch(g0.layout_weights_gb
                                 + engine_cache_gb(g0.engine, g0.gpu, g0.layout_weights_gb, g0.hidden,
                                                   g0.intermediate, g0.experts_per_token, g0.vocab,
                                                   g0.n, g0.tp, g0.pp, g0.mem_headroom, g0.fraction),
                               g0.layout_weights_gb, g0.kv_gb_per_seq * g0.kv_copies, 0) AS max_seqs
        FROM grid0 g0) g),
-- speed_model: the engine speed model prices the layout (a catalog model
-- on whole GPUs), else the roofline; batch_cap: the most sequences at once
-- (what the memory holds, at most the concurrency); sim_running: the most
-- the simulator runs at once where it sizes the replicas, what the memory
-- holds and at most the engine's max_batch, as the engine would admit the
-- requests that arrive (capped at the mean concurrency, the replica
-- queued the rest of its random arrivals). Each shape of the speed shape
-- takes its rows with its own concurrency.
grid AS (
  SELECT g.*, x.name AS workload, min(x.concurrency, g.engine_max_batch) AS concurrency,
         CASE WHEN g.dp > 1 THEN g.dp WHEN k.column1 = 0 THEN 1 WHEN k.column1 = 1 THEN g.tp
              ELSE g.tp * g.pp END AS ep,
         g.catalog_model AND g.fraction = 1 AS speed_model,
         min(g.max_seqs, min(x.concurrency, g.engine_max_batch)) AS batch_cap,
         min(g.max_seqs, g.engine_max_batch) AS sim_running
  -- CROSS JOIN fixes the order: each layout and k is judged once, then
  -- joined to its shapes (SQLite looped over the shapes first and judged
  -- 1.3 million rows where 5,380 layouts were to judge)
  FROM grid1 g CROSS JOIN (VALUES (0), (1), (2)) k JOIN w x ON x.speed_shape = g.speed_shape
  WHERE (g.pp = 1 OR (g.node_seqs < 1 AND g.pp <= 2 * g.pp_fit))
    AND (k.column1 = 0 OR (g.dp = 1 AND g.moe AND g.tp > 1 AND g.multi_gpu = 'tensor'
                           AND (k.column1 = 1 OR g.pp > 1)))),
cand AS (
  -- the powers of two below the largest batch, then (NULL) the largest;
  -- for the plans (k 1) where the speed model prices the layout, NULL
  -- alone, the batch model_serving_batch picks among those
  SELECT g.*, k.column1 AS for_plans,
         CASE WHEN k.column1 = 1 AND g.speed_model
                THEN model_serving_batch(g.model, g.gpu, g.dtype, coalesce(g.user_tps, 0), g.batch_cap,
                                         g.mean_context, g.tp, g.engine, g.pp, g.ep, g.devices, g.fabric_gbps)
              ELSE coalesce(b.column1, g.batch_cap) END AS batch
  FROM grid g
  JOIN (VALUES (0), (1)) k
  JOIN (VALUES (1), (2), (4), (8), (16), (32), (64), (128), (256), (512), (1024), (NULL)) b
    ON CASE WHEN b.column1 IS NULL THEN g.max_seqs >= 1
            WHEN k.column1 = 1 AND g.speed_model THEN 0
            ELSE b.column1 < g.batch_cap END)
SELECT workload, for_plans, engine, gpu, devices, fraction, fabric_gbps, n, tp, pp, ep,
       -- an engine that splits layers (llama.cpp) runs n GPUs as n stages
       CASE WHEN multi_gpu = 'layer' AND n > 1 THEN 'pp' || n
            WHEN dp > 1 THEN 'dp' || dp || ' ep' || ep
            ELSE 'tp' || tp || CASE WHEN pp > 1 THEN ' pp' || pp ELSE '' END
                 || CASE WHEN ep > 1 THEN ' ep' || ep ELSE '' END END AS layout,
       batch, max_seqs, sim_running, layout_weights_gb AS weights_gb, kv_gb_per_seq,
       user_tps,
       CASE WHEN speed_model
            THEN model_decode_tps(model, gpu, dtype, batch, mean_context, tp, engine, pp, ep, devices, fabric_gbps)
            ELSE decode_tps(mem_bw_gbs * tp, weights_gb, batch, NULL,
                            CASE WHEN catalog_model THEN model_kv_gb(model, mean_context, batch, kv_dtype, 1, 1)
                                 ELSE kv_cache_gb(layers, kv_heads, head_dim, mean_context, batch, kv_dtype) END
                              * kv_copies / pp,
                            CASE WHEN tflops > 0 THEN tflops * n END, active_b) END AS replica_tps,
       CASE WHEN speed_model
              THEN model_prefill_tps(model, gpu, dtype, tp, max(1, CAST(prompt_tokens AS INTEGER)), engine,
                                     pp, ep, devices, fabric_gbps)
            WHEN tflops > 0 THEN prefill_tps(tflops * tp, active_b) END AS prefill_tps
FROM cand;

-- Every serve workload x device configuration x parallel layout x candidate
-- batch: the rows of its shape (workload_shapes).
CREATE VIEW serving_speeds AS
SELECT m.name AS workload, s.engine, s.gpu, s.devices, s.fraction, s.fabric_gbps, s.n, s.tp, s.pp, s.ep,
       s.layout, s.batch, s.max_seqs, s.weights_gb, s.kv_gb_per_seq, s.replica_tps, s.prefill_tps
FROM shape_serving_speeds s JOIN workload_shapes m ON m.shape = s.workload
WHERE s.for_plans = 0;

-- serve workload x offer: the replica shape (layout, GPUs, batch) that
-- meets the per-user target at the lowest cost, replicas for the traffic,
-- latency. Layouts that span nodes are priced only on offers with a
-- fabric, at that fabric's speed. Planned for one workload of each shape
-- (workload_shapes), named by it: serving_plans gives the rows to every
-- workload of the shape.
CREATE VIEW shape_serving_plans AS
WITH
d AS (SELECT * FROM plan_defaults),
-- the fitted serving measurements (speed_basis's), with the model family
-- and the dtype class (16-bit, 8-bit, 4-bit: bytes_per_param 2, 1, less)
-- and batch (decode and aggregate rows; their concurrency where they give
-- no batch; an offline run that states neither ran as many sequences as
-- the engine admits, its max_batch; another that states neither has no
-- batch: NULL) that say whether one backs a plan (lat), and how the row
-- is named there
mp AS MATERIALIZED (
  -- a model the catalog lacks goes by the source's name for it
  SELECT m.engine AS mp_engine, m.gpu AS mp_gpu, coalesce(m.model, m.model_label) AS mp_model, m.dtype AS mp_dtype,
         mo.family AS mp_family,
         m.params_b AS mp_params_b,
         coalesce(m.batch, m.concurrency, CASE WHEN m.scenario = 'offline' THEN e.max_batch END) AS mp_batch,
         CASE WHEN coalesce(m.batch, m.concurrency) IS NOT NULL THEN 'at batch ' || coalesce(m.batch, m.concurrency)
              WHEN m.scenario = 'offline' AND e.max_batch > 0 THEN 'offline (up to batch ' || e.max_batch || ')'
              ELSE 'at a batch its source does not state' END AS mp_batch_label,
         CASE WHEN bytes_per_param(m.dtype) >= 1.9 THEN 16 WHEN bytes_per_param(m.dtype) >= 0.9 THEN 8 ELSE 4 END
           AS mp_dtype_class
  FROM measurements m LEFT JOIN models mo ON mo.name = m.model LEFT JOIN engines e ON e.name = m.engine
  WHERE m.kind IN ('decode', 'aggregate') AND coalesce(m.speculative, 'no') = 'no' AND m.repeat_of IS NULL
    AND m.params_b > 0),
-- the serve shapes' offers, read once (every region of every offer is
-- filtered and ranked there) for cfg and plan
wo AS MATERIALIZED (
  SELECT * FROM shape_offers WHERE kind = 'serve'),
w AS (SELECT * FROM workload_inputs WHERE kind = 'serve' AND name IN (SELECT shape FROM workload_shapes)),
s AS (
  SELECT sp.*, sp.replica_tps / sp.batch AS per_user_tps,
         -- the workload's user_tps as workload_inputs gives it (its
         -- assumed_user_tps where it sets none), carried by the speeds
         sp.replica_tps / sp.batch >= sp.user_tps * (1 - 1e-9) AS user_ok
  FROM shape_serving_speeds sp
  WHERE sp.for_plans = 1),
-- per replica shape: the largest batch that keeps every user at the target
-- (no target: the largest that fits), else batch 1 (target missed)
b0 AS (
  SELECT s.*, row_number() OVER (PARTITION BY s.workload, s.gpu, s.devices, s.fraction, s.fabric_gbps,
                                              s.tp, s.pp, s.ep
                                 ORDER BY s.user_ok DESC,
                                          CASE WHEN s.user_ok THEN -s.batch ELSE s.batch END) AS r0
  FROM s),
-- of the layouts with as many GPUs, the one fastest at its batch goes on
-- to the simulator (tp8 rather than tp8 ep8 when the all-to-alls cost
-- more), and beside it the data-parallel attention layout (dp8 ep8):
-- that one decodes fastest, but its attention groups run in lockstep, so
-- a prompt on one stalls the others, and at a prompt-heavy load tp8 serves
-- more requests (pick chooses between them)
b AS (
  SELECT b0.*, row_number() OVER (PARTITION BY b0.workload, b0.gpu, b0.devices, b0.fraction, b0.fabric_gbps, b0.n,
                                               b0.ep > b0.tp * b0.pp
                                  ORDER BY b0.user_ok DESC, b0.replica_tps DESC, b0.ep, b0.tp DESC) AS r
  FROM b0 WHERE b0.r0 = 1),
-- per replica shape, the serving simulator (serving_sim with the engine's
-- step times, at most sim_running sequences at once: what the memory
-- holds, at most the engine's max_batch; `batch`, the mean concurrency at
-- most, queued the rest of the random arrivals; a replica within a node
-- is simulated as a node of its own GPUs, so that nodes of any size share
-- the run) finds the highest request rate one replica serves within the
-- p95 targets, the mean TTFT target (ttft_s, queueing included) and the
-- median TPOT of user_tps without falling behind:
-- max_rps_per_replica sizes the replicas. The simulation holds the
-- requests in flight at the speed the replica serves them, so a
-- concurrency estimated from the per-user target (workload_inputs) sizes
-- nothing more; a stated peak_concurrency still needs its slots. Models
-- given by params_b alone and fractional GPUs keep the closed-form sizing.
rep0 AS (
  SELECT r.*,
         -- the p95 TTFT the replica is held to: the workload's, else (no
         -- TTFT target at all) the default of workload_inputs, whose
         -- prefill is that of the GPU type's quickest replica shape (a
         -- slower layout of the same GPUs is not held to a laxer target)
         -- for a long prompt: the mean length plus two standard
         -- deviations (prompt_cv; about the 95th percentile of the
         -- simulator's gamma lengths for cv up to 2)
         coalesce(r.ttft_p95_s,
                  CASE WHEN r.ttft_p95_assumed
                       THEN max(r.assumed_ttft_p95_s,
                                r.assumed_ttft_prefills * (1 + 2 * r.prompt_cv)
                                * min(r.ttft_est_s) OVER (PARTITION BY r.workload, r.gpu)) END) AS ttft_p95_target_s
  FROM (
  SELECT b.*, w.prompt_tokens, w.output_tokens, w.prompt_cv, w.output_cv, w.prefix_hit,
         w.spare_replicas, w.design_tps, w.design_requests_per_s, w.concurrency, w.traffic,
         w.months AS w_months, w.hours_of_use AS w_hours_of_use,
         w.concurrency_estimated, w.user_tps, w.ttft_s, w.ttft_p95_s, w.tpot_p95_ms, w.tpot_p50_ms_target,
         w.model, w.dtype, w.kv_dtype AS sim_kv_dtype, w.overlap AS sim_overlap, w.catalog_model, w.mem_headroom, w.search_requests,
         w.sim_requests,
         -- the weights' dtype class (16-bit, 8-bit, 4-bit), as mp classes the measurements
         CASE WHEN bytes_per_param(w.dtype) >= 1.9 THEN 16 WHEN bytes_per_param(w.dtype) >= 0.9 THEN 8 ELSE 4 END
           AS dtype_class,
         nodes_required(w.concurrency, b.batch) AS replicas_for_concurrency,
         w.design_tps / b.replica_tps
           + CASE WHEN w.prompt_tokens > 0 AND b.prefill_tps > 0
                  THEN w.design_requests_per_s * w.prompt_tokens * (1 - w.prefix_hit) / b.prefill_tps
                  ELSE 0 END AS need_closed_form,
         nodes_required(w.design_tps / b.replica_tps
                        + CASE WHEN w.prompt_tokens > 0 AND b.prefill_tps > 0
                               THEN w.design_requests_per_s * w.prompt_tokens * (1 - w.prefix_hit) / b.prefill_tps
                               ELSE 0 END, 1)
           AS replicas_closed_form,
         CASE WHEN w.prompt_tokens = 0 THEN 0.0
              WHEN b.prefill_tps > 0 THEN w.prompt_tokens * (1 - w.prefix_hit) / b.prefill_tps END AS ttft_est_s,
         w.ttft_p95_assumed, w.assumed_ttft_p95_s, w.assumed_ttft_prefills
  FROM b JOIN w ON w.name = b.workload
  WHERE b.r = 1) r),
rep AS (
  SELECT r.*, s.max_rps AS max_rps_per_replica,
         -- the requests/s one replica carries within the targets, which
         -- hourly rentals (traffic) scale by: the design rate over the
         -- replicas it needs before rounding
         r.design_requests_per_s
           / CASE WHEN s.max_rps > 0
                    THEN max(CASE WHEN r.concurrency_estimated THEN 0 ELSE r.concurrency * 1.0 / r.batch END,
                             r.design_requests_per_s / s.max_rps)
                  ELSE max(r.concurrency * 1.0 / r.batch, r.need_closed_form) END AS replica_rps,
         -- the replicas the traffic needs, and the spares beside them
         CASE WHEN s.max_rps > 0
                THEN max(CASE WHEN r.concurrency_estimated THEN 1 ELSE r.replicas_for_concurrency END,
                         nodes_required(r.design_requests_per_s / s.max_rps, 1))
              ELSE max(r.replicas_for_concurrency, r.replicas_closed_form) END + r.spare_replicas AS replicas
  FROM rep0 r
  LEFT JOIN serving_sim() s
    ON s.rate = CASE WHEN r.catalog_model AND r.fraction = 1 THEN max(0.001, r.design_requests_per_s) END
   AND s.n_requests = r.search_requests AND s.model = r.model AND s.gpu = r.gpu AND s.dtype = r.dtype
   AND s.engine = r.engine AND s.tp = r.tp AND s.pp = r.pp AND s.ep = r.ep
   AND s.gpus_per_node = CASE WHEN r.n > r.devices THEN r.devices ELSE r.n END AND s.fabric_gbps = r.fabric_gbps AND s.max_running = r.sim_running
   AND s.prompt_tokens = max(1, r.prompt_tokens) AND s.output_tokens = r.output_tokens
   AND s.prompt_cv = r.prompt_cv AND s.output_cv = r.output_cv AND s.prefix_hit = r.prefix_hit
   AND s.mem_headroom = r.mem_headroom AND s.kv_dtype = r.sim_kv_dtype AND s.overlap = r.sim_overlap
   AND s.ttft_p95_max_s = coalesce(r.ttft_p95_target_s, 1e6) AND s.tpot_p95_max_ms = coalesce(r.tpot_p95_ms, 1e9)
   AND s.ttft_mean_max_s = coalesce(r.ttft_s, 1e6)
   AND s.tpot_p50_max_ms = coalesce(r.tpot_p50_ms_target, 1e9)),
-- device configurations; fab: the fabric between nodes (0: none, a
-- replica stays within a node)
cfg AS (
  SELECT DISTINCT o.workload, o.gpu, o.devices, o.fraction, o.owned,
         CASE WHEN o.fabric_gbps > 0 AND o.fraction = 1 THEN o.fabric_gbps ELSE 0 END AS fab,
         CASE WHEN g.scale_up_link IS NULL THEN 1
              WHEN g.scale_up_link LIKE '%bridge%' THEN 2
              ELSE o.devices END AS tp_max
  FROM wo o JOIN gpus g ON g.name = o.gpu),
-- each configuration with every replica shape it holds; a configuration
-- where the weights fit on no replica shape comes once, with fits 0 and
-- the shape's columns NULL. Each CTE from here on is read once: SQLite
-- copies a CTE for every reference, and from 3.54 refuses a statement
-- whose copies open SQLITE_LIMIT_EXPR_DEPTH (1000) cursors or more.
shape AS (
  SELECT r.*, c.workload AS cworkload, c.gpu AS cgpu, c.devices AS cdevices, c.fraction AS cfraction,
         c.owned, c.fab, c.tp_max, r.workload IS NOT NULL AS fits,
         -- tensor parallelism within a node runs over NVLink or, costed
         -- with the all-reduces of the speed model, over PCIe
         CASE WHEN r.workload IS NOT NULL THEN 1 END AS interconnect_ok,
         CASE WHEN r.workload IS NOT NULL
              THEN r.max_rps_per_replica IS NULL OR r.max_rps_per_replica > 0 ELSE 0 END AS p95_ok,
         CASE WHEN r.workload IS NOT NULL
              THEN r.ttft_s IS NULL OR (r.ttft_est_s IS NOT NULL AND r.ttft_est_s <= r.ttft_s * (1 + 1e-9)) END
           AS ttft_ok,
         CASE WHEN r.workload IS NULL THEN NULL
              WHEN c.owned = 1 OR r.n > r.devices THEN r.replicas * r.n
              ELSE nodes_required(r.replicas, r.devices / r.n) * r.devices END AS n_gpus
  FROM cfg c LEFT JOIN rep r ON c.workload = r.workload AND c.gpu = r.gpu AND c.devices = r.devices
                             AND c.fraction = r.fraction AND r.fabric_gbps IN (0, c.fab)),
-- per configuration: of the shapes that meet every target, the fewest
-- GPUs, then the fewest per replica, then the fastest at its batch (tp8
-- rather than tp8 ep8 when the all-to-alls cost more); else the shape that
-- comes closest (the targets in the order why_not checks them, then the
-- most tokens/s per user, the earliest first token, the most GPUs), so
-- that why_not quotes the best shape tried
pick AS (
  SELECT sh.*, row_number() OVER (PARTITION BY sh.cworkload, sh.cgpu, sh.cdevices, sh.cfraction, sh.owned, sh.fab
                                  ORDER BY sh.interconnect_ok DESC, sh.user_ok AND sh.ttft_ok AND sh.p95_ok DESC,
                                           sh.user_ok DESC, sh.ttft_ok DESC, sh.p95_ok DESC,
                                           CASE WHEN sh.user_ok AND sh.ttft_ok AND sh.p95_ok THEN sh.n_gpus END,
                                           CASE WHEN sh.user_ok AND sh.ttft_ok AND sh.p95_ok THEN 0
                                                WHEN NOT sh.user_ok THEN -sh.per_user_tps
                                                WHEN NOT sh.ttft_ok THEN coalesce(sh.ttft_est_s, 1e300)
                                                ELSE -sh.n END,
                                           sh.n_gpus, sh.n, -sh.replica_tps, sh.ep, -sh.tp) AS r2
  FROM shape sh),
-- latency percentiles of the chosen shape at its planned load (the design
-- rate split over its replicas less the spares, the load with the spares
-- down; none where nothing fits: rate NULL).
-- MATERIALIZED: one simulator run per configuration; flattened into plan,
-- the run would be looked up again for each of its offers
lat AS MATERIALIZED (
  SELECT p.*,
         s.ttft_p50_s AS sim_ttft_p50_s, s.ttft_p95_s AS sim_ttft_p95_s, s.ttft_p99_s AS sim_ttft_p99_s,
         s.tpot_p50_ms AS sim_tpot_p50_ms, s.tpot_p95_ms AS sim_tpot_p95_ms, s.tpot_p99_ms AS sim_tpot_p99_ms,
         s.itl_p99_ms AS sim_itl_p99_ms,
         -- what backs the speed where the engine is measured on the GPU: a
         -- measurement of the same model family within twice the
         -- parameters, the same dtype class and a batch within 8 times
         -- the plan's; else the nearest (the least product of the size
         -- ratio, the batch ratio, 4 for another dtype class, 2 for another
         -- family), written zero-padded before the row it names so that
         -- min() of the text finds it
         (SELECT max(q.mp_family = mm.family AND max(q.mp_params_b / mm.params_b, mm.params_b / q.mp_params_b) <= 2
                     AND q.mp_dtype_class = p.dtype_class
                     AND max(q.mp_batch * 1.0 / p.batch, p.batch * 1.0 / q.mp_batch) <= 8)
          FROM mp q JOIN models mm ON mm.name = p.model
          WHERE q.mp_engine = p.engine AND q.mp_gpu = p.gpu AND p.batch >= 1) AS k_comparable,
         (SELECT min(printf('%020.6f|%s %s %s',
                            max(q.mp_params_b / mm.params_b, mm.params_b / q.mp_params_b)
                            -- a batch not stated: as far as a comparable one can be
                            * coalesce(max(q.mp_batch * 1.0 / p.batch, p.batch * 1.0 / q.mp_batch), 8)
                            * CASE WHEN q.mp_dtype_class = p.dtype_class
                                   THEN 1 ELSE 4 END
                            * CASE WHEN q.mp_family IS mm.family THEN 1 ELSE 2 END,
                            q.mp_model, q.mp_dtype, q.mp_batch_label))
          FROM mp q JOIN models mm ON mm.name = p.model
          WHERE q.mp_engine = p.engine AND q.mp_gpu = p.gpu AND p.batch >= 1) AS k_nearest_key
  FROM pick p
  LEFT JOIN serving_sim() s
    ON s.rate = CASE WHEN p.catalog_model AND p.fraction = 1
                     THEN max(0.001, p.design_requests_per_s / (p.replicas - p.spare_replicas)) END
   AND s.n_requests = p.sim_requests AND s.steady_state = 1
   AND s.model = p.model AND s.gpu = p.gpu AND s.dtype = p.dtype
   AND s.engine = p.engine AND s.tp = p.tp AND s.pp = p.pp AND s.ep = p.ep
   AND s.gpus_per_node = CASE WHEN p.n > p.devices THEN p.devices ELSE p.n END AND s.fabric_gbps = p.fabric_gbps AND s.max_running = p.sim_running
   AND s.prompt_tokens = max(1, p.prompt_tokens) AND s.output_tokens = p.output_tokens
   AND s.prompt_cv = p.prompt_cv AND s.output_cv = p.output_cv AND s.prefix_hit = p.prefix_hit
   AND s.mem_headroom = p.mem_headroom AND s.kv_dtype = p.sim_kv_dtype AND s.overlap = p.sim_overlap
  WHERE p.r2 = 1),
plan0 AS (
  SELECT p.cworkload AS workload, o.offer, o.pricing, o.provider, o.region, o.country, o.regions_at_price, o.gpu, o.owned, o.devices, o.fraction,
         o.usd_per_device_hour, o.capex_usd_per_gpu, o.watts_per_gpu, o.usd_per_kwh, o.pue,
         p.fab, p.fits, p.n AS gpus_per_replica, p.layout, p.pp, p.batch, p.replicas, p.spare_replicas, p.n_gpus,
         CASE WHEN p.fits THEN nodes_required(p.n_gpus, o.devices) END AS nodes,
         p.replica_tps, p.per_user_tps, p.prefill_tps, p.ttft_est_s, p.ttft_p95_target_s, p.ttft_p95_assumed,
         p.user_ok, p.ttft_ok, p.interconnect_ok, p.max_seqs,
         p.p95_ok, p.max_rps_per_replica,
         p.sim_ttft_p50_s, p.sim_ttft_p95_s, p.sim_ttft_p99_s,
         p.sim_tpot_p50_ms, p.sim_tpot_p95_ms, p.sim_tpot_p99_ms, p.sim_itl_p99_ms,
         -- the offer's terms, for priced
         o.term_days AS x_term_days,
         -- owned: GPUs bought by the purchase unit (an 8-GPU server, or single cards)
         CASE WHEN o.owned = 1 THEN nodes_required(p.n_gpus, o.unit_gpus) * o.unit_gpus ELSE p.n_gpus END
           AS x_paid_gpus,
         o.running_usd_per_gpu_hour AS x_running_usd_per_gpu_hour, o.price_flag AS x_price_flag,
         o.resale_share AS x_resale_share, o.lifetime_years AS x_lifetime_years,
         o.as_of AS x_as_of, o.price_date AS x_price_date, o.term AS x_term,
         o.spot_interruptions_per_day AS x_spot_per_day,
         p.traffic AS x_traffic, p.design_requests_per_s AS x_peak_rps, p.replica_rps AS x_replica_rps,
         p.w_months AS x_months, p.w_hours_of_use AS x_hours_of_use,
         -- capacity by the unit it is paid in: a rental's instance (or the
         -- instances of a replica that spans several), an owned purchase
         -- unit (or the units of a replica that spans several); the
         -- requests/s each carries, and the spare replicas in such units
         CASE WHEN p.n > o.devices THEN p.n ELSE o.devices END AS x_rent_unit_gpus,
         CASE WHEN p.n > o.devices THEN p.replica_rps ELSE p.replica_rps * o.devices / p.n END AS x_rent_unit_rps,
         CASE WHEN p.n > o.devices THEN p.spare_replicas
              ELSE nodes_required(p.spare_replicas, o.devices * 1.0 / p.n) END AS x_rent_spare_units,
         CASE WHEN p.n > o.unit_gpus THEN nodes_required(p.n, o.unit_gpus) * o.unit_gpus ELSE o.unit_gpus END
           AS x_own_unit_gpus,
         CASE WHEN p.n > o.unit_gpus THEN p.replica_rps ELSE p.replica_rps * o.unit_gpus / p.n END AS x_own_unit_rps,
         CASE WHEN p.n > o.unit_gpus THEN p.spare_replicas
              ELSE nodes_required(p.spare_replicas, o.unit_gpus * 1.0 / p.n) END AS x_own_spare_units,
         p.k_comparable, p.k_nearest_key,
         -- meets every target (final's tech_problem checks the rest)
         p.fits AND p.user_ok AND p.ttft_ok AND p.p95_ok AND p.interconnect_ok AS x_meets
  FROM lat p
  JOIN wo o ON o.workload = p.cworkload AND o.gpu = p.cgpu AND o.devices = p.cdevices
                          AND o.fraction = p.cfraction AND o.owned = p.owned
                          AND CASE WHEN o.fabric_gbps > 0 AND o.fraction = 1 THEN o.fabric_gbps ELSE 0 END = p.fab),
-- hybrid: the peak rented beside owned GPUs of the same type. Per workload
-- and GPU type, the rental (by the hour: not committed) that meets every
-- target at the least cost per request/s it carries, beside every plan
-- (a window over one read of plan0: SQLite copies a CTE for every
-- reference, and from 3.54 refuses a statement whose copies open
-- SQLITE_LIMIT_EXPR_DEPTH (1000) cursors or more)
pw AS (
  SELECT q.*,
         first_value(CASE WHEN q.x_rentable THEN q.offer END) OVER rw AS r_offer,
         first_value(CASE WHEN q.x_rentable THEN q.pricing END) OVER rw AS r_pricing,
         first_value(CASE WHEN q.x_rentable THEN q.provider END) OVER rw AS r_provider,
         first_value(CASE WHEN q.x_rentable THEN q.region END) OVER rw AS r_region,
         first_value(CASE WHEN q.x_rentable THEN q.x_price_date END) OVER rw AS r_price_date,
         first_value(CASE WHEN q.x_rentable THEN q.x_rent_unit_gpus END) OVER rw AS r_unit_gpus,
         first_value(CASE WHEN q.x_rentable THEN q.x_rent_unit_rps END) OVER rw AS r_unit_rps,
         first_value(CASE WHEN q.x_rentable THEN q.x_rent_unit_gpus * q.usd_per_device_hour END) OVER rw AS r_unit_usd,
         first_value(CASE WHEN q.x_rentable THEN q.x_spot_per_day END) OVER rw AS r_spot_per_day
  FROM (SELECT p.*, p.owned = 0 AND p.x_term_days IS NULL AND p.x_meets AND p.x_replica_rps > 0
                    AND p.x_traffic IS NOT NULL AS x_rentable
        FROM plan0 p) q
  WINDOW rw AS (PARTITION BY q.workload, q.gpu
                ORDER BY q.x_rentable DESC, q.x_rent_unit_gpus * q.usd_per_device_hour / q.x_rent_unit_rps,
                         q.x_price_date IS NULL, q.offer)),
-- every plan (hybrid = 0), and beside each owned plan with traffic that
-- moves through the day a hybrid one (hybrid = 1): one owned unit's cost
-- an hour over the months of use, and the units that carry the peak alone
plan1 AS (
  SELECT p.*, k.h AS hybrid,
         CASE WHEN k.h = 1 THEN nodes_required(p.x_peak_rps, p.x_own_unit_rps) END AS h_units_max,
         CASE WHEN k.h = 1
              THEN owned_term_usd(p.capex_usd_per_gpu * p.x_own_unit_gpus, p.x_resale_share,
                                  p.x_lifetime_years * 12 * p.x_hours_of_use / p.x_months, p.x_hours_of_use,
                                  p.x_running_usd_per_gpu_hour * p.x_own_unit_gpus) / p.x_hours_of_use END AS h_unit_usd
  FROM pw p
  JOIN (SELECT 0 AS h UNION ALL SELECT 1) k
    ON k.h = 0 OR (p.owned = 1 AND p.x_meets AND p.x_replica_rps > 0 AND p.r_offer IS NOT NULL)),
-- a hybrid's owned units: those that carry the day cheapest with the
-- rental by the hour (traffic_hybrid_units), at least one, and fewer than
-- carry the peak alone (else it is the owned plan)
plan AS (
  SELECT p.*,
         CASE WHEN p.hybrid = 1
              THEN min(p.h_units_max - 1, max(1, traffic_hybrid_units(p.x_traffic, p.x_peak_rps, p.x_own_unit_rps,
                                                                      p.h_unit_usd, p.r_unit_rps, p.r_unit_usd))) END
           AS h_units
  FROM plan1 p
  WHERE p.hybrid = 0 OR p.h_units_max >= 2),
priced AS (
  SELECT p.*, w.model, w.params_b, w.dtype, w.engine, w.user_tps, w.user_tps_assumed, w.ttft_s, w.ttft_p95_s,
         w.tpot_p95_ms, w.tpot_p50_ms_target,
         w.served_tps, w.concurrency,
         w.model_context, w.prompt_tokens, w.output_tokens,
         w.months, w.budget_usd, w.utilization, w.mem_headroom, w.acquire,
         w.kv_dtype, w.hidden, w.intermediate, w.experts_per_token, w.vocab,
         CASE WHEN w.catalog_model THEN model_weights_gb(w.model, w.dtype)
              ELSE weights_gb(w.params_b, w.dtype) END AS weights_gb,
         w.concurrency * CASE WHEN w.catalog_model
                              THEN model_kv_gb(w.model, w.prompt_tokens + w.output_tokens, 1, w.kv_dtype, 1, 1)
                              ELSE kv_cache_gb(w.layers, w.kv_heads, w.head_dim, w.prompt_tokens + w.output_tokens, 1, w.kv_dtype)
                         END AS kv_gb,
         g.memory_gb * p.fraction AS memory_gb,
         CASE WHEN p.hybrid = 1 THEN (p.h_units + p.x_own_spare_units) * p.x_own_unit_gpus ELSE p.x_paid_gpus END
           AS paid_gpus,
         -- the rented units running, on average over the day: a hybrid's
         -- above its owned units; a rental by the hour with traffic that
         -- moves through the day, each hour's (at least one, and its
         -- spares); NULL where the rental runs all day at the peak's size
         CASE WHEN p.hybrid = 1
                THEN traffic_unit_hours(p.x_traffic, p.x_peak_rps, p.r_unit_rps, p.h_units * p.x_own_unit_rps, 0)
              WHEN p.owned = 0 AND p.x_term_days IS NULL AND p.x_traffic IS NOT NULL AND p.x_replica_rps > 0
                THEN traffic_unit_hours(p.x_traffic, p.x_peak_rps, p.x_rent_unit_rps, 0, 1) + p.x_rent_spare_units
         END AS rent_units_mean,
         -- a hybrid's GPUs at the peak hour: owned and rented
         CASE WHEN p.hybrid = 1
              THEN (p.h_units + p.x_own_spare_units) * p.x_own_unit_gpus
                   + nodes_required(max(0, p.x_peak_rps - p.h_units * p.x_own_unit_rps), p.r_unit_rps) * p.r_unit_gpus
         END AS h_n_gpus,
         -- a commitment is paid for whole terms over the months of use, spread over those months
         CASE WHEN p.x_term_days IS NOT NULL
              THEN nodes_required(w.months * d.hours_per_month / 24.0, p.x_term_days) * p.x_term_days END AS commit_days,
         -- owned: bought for the months of use and sold at their end (owned_term_usd)
         CASE WHEN p.owned = 1
                THEN owned_term_usd(p.capex_usd_per_gpu * p.x_paid_gpus,
                                    p.x_resale_share, p.x_lifetime_years * 12 * d.hours_per_month,
                                    w.months * d.hours_per_month,
                                    p.x_running_usd_per_gpu_hour * p.x_paid_gpus)
                     / (w.months * d.hours_per_month)
              WHEN p.x_term_days IS NOT NULL
                THEN p.n_gpus * p.usd_per_device_hour * 24 * nodes_required(w.months * d.hours_per_month / 24.0, p.x_term_days)
                     * p.x_term_days / (w.months * d.hours_per_month)
              ELSE p.n_gpus * p.usd_per_device_hour END AS peak_usd_per_hour,
         CASE WHEN p.owned = 1 THEN p.capex_usd_per_gpu
                                    * CASE WHEN p.hybrid = 1 THEN (p.h_units + p.x_own_spare_units) * p.x_own_unit_gpus
                                           ELSE p.x_paid_gpus END END AS capex_usd,
         p.x_running_usd_per_gpu_hour AS running_usd_per_gpu_hour, p.x_price_flag AS price_flag,
         p.x_as_of AS price_as_of, p.x_price_date AS price_date, p.x_term AS term,
         d.hours_per_month, d.today
  FROM plan p
  JOIN w ON w.name = p.workload
  JOIN gpus g ON g.name = p.gpu
  CROSS JOIN d),
-- the cost an hour: the peak's capacity all day (owned, committed, and
-- rentals under flat traffic), the rented units running by the hour, or
-- a hybrid's owned units and its rentals beside them
priced2 AS (
  SELECT q.*,
         CASE WHEN q.hybrid = 1 THEN (q.h_units + q.x_own_spare_units) * q.h_unit_usd
                                     + q.rent_units_mean * q.r_unit_usd
              WHEN q.rent_units_mean IS NOT NULL THEN q.rent_units_mean * q.x_rent_unit_gpus * q.usd_per_device_hour
              ELSE q.peak_usd_per_hour END AS usd_per_hour,
         CASE WHEN q.hybrid = 1 THEN q.rent_units_mean * q.r_unit_usd
              WHEN q.rent_units_mean IS NOT NULL THEN q.rent_units_mean * q.x_rent_unit_gpus * q.usd_per_device_hour
              WHEN q.owned = 1 THEN 0
              ELSE q.peak_usd_per_hour END AS rent_usd_per_hour,
         CASE WHEN q.hybrid = 1 THEN q.paid_gpus + q.rent_units_mean * q.r_unit_gpus
              WHEN q.rent_units_mean IS NOT NULL THEN q.rent_units_mean * q.x_rent_unit_gpus END AS avg_gpus
  FROM priced q),
judged AS (
  SELECT q.*,
         q.usd_per_hour * q.hours_per_month * q.months AS total_usd,
         -- owned: the purchase, then the running costs (energy, colocation, support, staff) over the months,
         -- and a hybrid's rentals
         CASE WHEN q.owned = 1
              THEN q.capex_usd + q.running_usd_per_gpu_hour * q.paid_gpus * q.hours_per_month * q.months
                   + q.rent_usd_per_hour * q.hours_per_month * q.months
              ELSE q.usd_per_hour * q.hours_per_month * q.months END AS spend_usd
  FROM priced2 q),
final AS (
  SELECT j.*,
         CASE
           WHEN j.model_context IS NOT NULL AND j.prompt_tokens + j.output_tokens > j.model_context
             THEN printf('%d prompt + output tokens exceed the model''s %d-token context',
                         CAST(j.prompt_tokens + j.output_tokens AS INTEGER), CAST(j.model_context AS INTEGER))
           WHEN NOT engine_serves(j.engine, j.gpu, j.dtype)
             THEN printf('%s does not serve %s on %s (%s)', j.engine, j.dtype, j.gpu,
                         (SELECT g.arch FROM gpus g WHERE g.name = j.gpu))
           WHEN NOT j.fits
             THEN printf('does not fit: %.1f GB of weights and one sequence''s KV cache; %d x %.1f GB usable at most (of its %.0f GiB, %s keeps the rest or leaves it free)',
                         j.weights_gb + j.kv_gb / j.concurrency, j.devices,
                         engine_cache_gb(j.engine, j.gpu, 0, j.hidden, j.intermediate, j.experts_per_token, j.vocab,
                                         1, 1, 1, j.mem_headroom, j.fraction),
                         j.memory_gb, j.engine)
                  || CASE WHEN j.fraction < 1 THEN ''
                          WHEN j.fab > 0 THEN ' per node, 8 nodes of pipeline stages at most'
                          ELSE ' per node, and no fabric between nodes (fabric_gbps NULL or 0'
                               || CASE WHEN j.owned = 1 THEN '; set owned_prices.fabric_gbps' ELSE '' END
                               || '): a replica cannot span nodes' END
           WHEN NOT j.interconnect_ok
             THEN printf('needs tensor parallel over %d GPUs; %s has PCIe only, no NVLink', j.gpus_per_replica, j.gpu)
           WHEN NOT j.user_ok
             THEN printf('%.1f tokens/s per user < %g target%s even at batch 1', j.per_user_tps, j.user_tps,
                         CASE WHEN j.user_tps_assumed THEN ' (the default: the workload sets no user_tps)' ELSE '' END)
           WHEN NOT j.ttft_ok
             THEN CASE WHEN j.ttft_est_s IS NULL THEN 'no tensor throughput figure: time to first token unknown'
                       ELSE printf('time to first token %.2f s > %g s target', j.ttft_est_s, j.ttft_s) END
           WHEN NOT j.p95_ok
             THEN printf('latency targets%s%s%s%s not met by one replica even at low load',
                         CASE WHEN j.tpot_p50_ms_target IS NOT NULL
                              THEN printf(' median TPOT <= %g ms (%g tokens/s per user)', j.tpot_p50_ms_target, j.user_tps)
                              ELSE '' END,
                         CASE WHEN j.ttft_s IS NOT NULL THEN printf(' mean TTFT <= %g s', j.ttft_s) ELSE '' END,
                         CASE WHEN j.ttft_p95_target_s IS NOT NULL
                              THEN printf(' p95 TTFT <= %.3g s%s', j.ttft_p95_target_s,
                                          CASE WHEN j.ttft_p95_assumed
                                               THEN ' (the default: the workload sets no TTFT target)' ELSE '' END)
                              ELSE '' END,
                         CASE WHEN j.tpot_p95_ms IS NOT NULL THEN printf(' p95 TPOT <= %g ms', j.tpot_p95_ms) ELSE '' END)
         END AS tech_problem
  FROM judged j),
final2 AS (
  SELECT f.*,
         coalesce(f.tech_problem,
                  CASE WHEN f.hybrid = 1 AND f.acquire <> 'any'
                       THEN printf('a hybrid buys and rents; the workload %s only (acquire = ''%s'')',
                                   CASE f.acquire WHEN 'rent' THEN 'rents' ELSE 'buys' END, f.acquire) END,
                  spend_problem(f.spend_usd, f.owned, f.acquire, f.budget_usd)) AS problem
  FROM final f),
-- the basis of every engine and GPU, computed once: a lookup into the view
-- per plan row would run the view again for each
basis AS MATERIALIZED (SELECT engine AS b_engine, gpu AS b_gpu, basis AS b_basis FROM speed_basis),
-- the basis a plan's speed rests on, and the speed range it carries
-- (estimate_bands): a measured engine and GPU whose measurements are of
-- other models, dtypes or batches are same-gpu; no basis, extrapolated
final3 AS (
  SELECT f.*, b.b_basis,
         CASE WHEN b.b_basis = 'measured' AND NOT coalesce(f.k_comparable, 0) THEN 'same-gpu'
              ELSE coalesce(b.b_basis, 'extrapolated') END AS plan_basis
  FROM final2 f LEFT JOIN basis b ON b.b_engine = f.engine AND b.b_gpu = f.gpu),
final4 AS (
  SELECT f.*, e.low AS band_low, e.high AS band_high,
         -- the replicas that carry the load at the range's slower and
         -- faster speed, beside the spares: the peak rate over what a
         -- replica serves at that speed (its max_rps scaled), at least
         -- the replicas planned when slower and at most when faster
         max(f.replicas - f.spare_replicas,
             nodes_required(f.x_peak_rps / f.max_rps_per_replica, e.low)) + f.spare_replicas AS replicas_high,
         max(1, min(f.replicas - f.spare_replicas,
                    nodes_required(f.x_peak_rps / f.max_rps_per_replica, e.high))) + f.spare_replicas AS replicas_low
  FROM final3 f JOIN estimate_bands e ON e.kind = 'serve' AND e.basis = f.plan_basis)
SELECT workload, model, params_b, dtype, engine,
       -- a hybrid: the owned offer + the rented one, priced where it is rented
       CASE WHEN hybrid = 1 THEN offer || ' + ' || r_offer ELSE offer END AS offer,
       CASE WHEN hybrid = 1 THEN 'hybrid' ELSE pricing END AS pricing,
       CASE WHEN hybrid = 1 THEN r_provider ELSE provider END AS provider,
       CASE WHEN hybrid = 1 THEN r_region ELSE region END AS region,
       CASE WHEN hybrid = 1 THEN (SELECT g.country FROM cloud_regions g WHERE g.provider = r_provider AND g.region = r_region)
            ELSE country END AS country,
       CASE WHEN hybrid = 1 THEN 1 ELSE regions_at_price END AS regions_at_price, gpu,
       fits, tech_problem IS NULL AS feasible, problem IS NULL AS works, problem AS why_not,
       CASE WHEN b_basis IS NULL THEN NULL ELSE plan_basis END AS basis,
       CASE WHEN plan_basis = 'same-gpu'
            THEN substr(k_nearest_key, instr(k_nearest_key, '|') + 1) END AS basis_nearest,
       round(weights_gb, 2) AS weights_gb, round(kv_gb, 2) AS kv_gb,
       round(weights_gb + kv_gb, 2) AS total_gb,
       -- the KV cache: its dtype, and the GB of each GPU the engine's
       -- memory rule leaves it (engine_cache_gb) at the replica's layout
       kv_dtype,
       CASE WHEN fits THEN round(engine_cache_gb(engine, gpu, weights_gb, hidden, intermediate, experts_per_token,
                                                 vocab, gpus_per_replica, gpus_per_replica / pp, pp,
                                                 mem_headroom, fraction) / gpus_per_replica, 2)
       END AS cache_gb_per_gpu,
       gpus_per_replica, batch AS batch_per_replica, replicas, spare_replicas,
       CASE WHEN hybrid = 1 THEN h_n_gpus ELSE n_gpus END AS n_gpus, nodes,
       interconnect_ok,
       round(replica_tps, 1) AS tps_per_replica,
       -- the speed if it is off by its basis's 10th or 90th percentile
       -- (estimate_bands), and what the plan costs then: as many more or
       -- fewer replicas as carry the load at that speed, spares kept
       round(replica_tps * band_low, 1) AS tps_per_replica_low,
       round(replica_tps * band_high, 1) AS tps_per_replica_high,
       round(per_user_tps, 1) AS tps_per_user,
       round(ttft_est_s, 3) AS ttft_s,
       layout,
       round(max_rps_per_replica, 3) AS max_rps_per_replica,
       round(sim_ttft_p50_s, 3) AS ttft_p50_s, round(sim_ttft_p95_s, 3) AS ttft_p95_s,
       round(sim_ttft_p99_s, 3) AS ttft_p99_s,
       -- the p95 TTFT the plan is held to: the workload's ttft_p95_s, or the
       -- default where it sets no TTFT target (plan_defaults)
       round(ttft_p95_target_s, 3) AS ttft_p95_target_s,
       -- whether the targets are the defaults (the workload sets none)
       ttft_p95_assumed, user_tps, user_tps_assumed,
       round(sim_tpot_p50_ms, 1) AS tpot_p50_ms, round(sim_tpot_p95_ms, 1) AS tpot_p95_ms,
       round(sim_tpot_p99_ms, 1) AS tpot_p99_ms, round(sim_itl_p99_ms, 1) AS itl_p99_ms,
       CASE WHEN fits THEN user_ok END AS user_tps_met,
       CASE WHEN fits THEN ttft_ok END AS ttft_met,
       CASE WHEN fits THEN p95_ok END AS p95_met,
       round(usd_per_hour, 4) AS usd_per_hour,
       CASE WHEN usd_per_hour > 0 THEN round(cost_per_mtok(usd_per_hour, served_tps), 4) END AS usd_per_mtok,
       round(total_usd, 2) AS total_usd,
       CASE WHEN replicas > 0 THEN round(usd_per_hour * replicas_low / replicas, 4) END AS usd_per_hour_low,
       CASE WHEN replicas > 0 THEN round(usd_per_hour * replicas_high / replicas, 4) END AS usd_per_hour_high,
       CASE WHEN replicas > 0 THEN round(total_usd * replicas_low / replicas, 2) END AS total_usd_low,
       CASE WHEN replicas > 0 THEN round(total_usd * replicas_high / replicas, 2) END AS total_usd_high,
       round(capex_usd, 2) AS capex_usd, round(spend_usd, 2) AS spend_usd,
       paid_gpus, price_flag, price_as_of,
       CAST(julianday(today) - julianday(CASE WHEN hybrid = 1 THEN r_price_date ELSE price_date END) AS INTEGER)
         AS price_age_days,
       term, commit_days,
       CASE WHEN owned = 1 THEN round(running_usd_per_gpu_hour * paid_gpus, 4) END AS running_usd_per_hour,
       CASE WHEN hybrid = 1 THEN r_spot_per_day ELSE x_spot_per_day END AS spot_interruptions_per_day,
       -- traffic through the day: what is rented by the hour, the GPUs paid
       -- for on average over the day, and the peak's capacity all day
       round(rent_usd_per_hour, 4) AS rent_usd_per_hour, round(avg_gpus, 2) AS avg_gpus,
       CASE WHEN hybrid = 0 THEN round(peak_usd_per_hour, 4) END AS peak_usd_per_hour,
       CASE WHEN hybrid = 1 THEN r_offer END AS rent_offer,
       CASE WHEN hybrid = 1 THEN r_pricing END AS rent_pricing,
       -- the cheapest plan that works of each way to pay: rent, buy, hybrid
       -- (over the rank's window, whole partition: one sort for all)
       min(CASE WHEN problem IS NULL AND owned = 0 THEN usd_per_hour END) OVER rk_all AS best_rent_usd_per_hour,
       min(CASE WHEN problem IS NULL AND owned = 1 AND hybrid = 0 THEN usd_per_hour END) OVER rk_all
         AS best_buy_usd_per_hour,
       min(CASE WHEN problem IS NULL AND hybrid = 1 THEN usd_per_hour END) OVER rk_all AS best_hybrid_usd_per_hour,
       row_number() OVER rk AS rank
FROM final4
-- at equal cost a dated price before an undated one
WINDOW rk AS (PARTITION BY workload
              ORDER BY problem IS NOT NULL, fits DESC, interconnect_ok DESC,
                       user_ok DESC, ttft_ok DESC, p95_ok DESC,
                       -- a purchase on a speed extrapolated from no
                       -- measurement of the engine on that kind of GPU
                       -- goes after the others
                       pricing = 'owned' AND plan_basis = 'extrapolated',
                       usd_per_hour IS NULL, usd_per_hour,
                       -- at equal cost the narrower speed range
                       band_high - band_low, price_date IS NULL, n_gpus,
                       memory_gb * devices DESC, offer),
       rk_all AS (rk ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING);

-- Every serve workload's plans: those of its shape (workload_shapes), in
-- the order of workload and rank.
CREATE VIEW serving_plans AS
SELECT s.name AS workload, r.model, r.params_b, r.dtype, r.engine, r.offer, r.pricing,
       r.provider, r.region, r.country, r.gpu, r.fits, r.feasible, r.works, r.why_not, r.basis, r.basis_nearest,
       r.weights_gb, r.kv_gb, r.total_gb, r.kv_dtype, r.cache_gb_per_gpu, r.gpus_per_replica, r.batch_per_replica,
       r.replicas, r.spare_replicas, r.n_gpus, r.nodes, r.interconnect_ok, r.tps_per_replica, r.tps_per_user,
       r.tps_per_replica_low, r.tps_per_replica_high,
       r.ttft_s, r.layout, r.max_rps_per_replica, r.ttft_p50_s, r.ttft_p95_s, r.ttft_p99_s, r.ttft_p95_target_s,
       r.tpot_p50_ms, r.tpot_p95_ms, r.tpot_p99_ms, r.itl_p99_ms, r.user_tps_met, r.ttft_met, r.p95_met,
       r.usd_per_hour, r.usd_per_hour_low, r.usd_per_hour_high, r.usd_per_mtok, r.total_usd,
       r.total_usd_low, r.total_usd_high, r.capex_usd, r.spend_usd, r.paid_gpus,
       r.price_flag, r.price_as_of, r.price_age_days, r.term, r.commit_days,
       r.running_usd_per_hour, r.spot_interruptions_per_day, r.rent_usd_per_hour, r.avg_gpus,
       r.peak_usd_per_hour, r.rent_offer, r.rent_pricing, r.rank
FROM workload_shapes s JOIN shape_serving_plans r ON r.workload = s.shape
ORDER BY s.name, r.rank;

-- ------------------------------------------------------------- rent vs buy
-- Each workload's feasible owned plans (they fit, the links support them,
-- they meet the targets) against every feasible rental plan of the same
-- workload on the same GPU type, priced for the same number of GPUs as the
-- owned plan buys (the rental's price per GPU-hour x the owned GPUs).
CREATE VIEW rent_vs_buy AS
WITH
d AS (SELECT * FROM plan_defaults),
-- each offer's instance shape (the same in each of its regions) and an
-- owned offer's hourly cost and lifetime, read once for both joins below
oc AS MATERIALIZED (
  SELECT offer, max(gpus_per_node) AS gpus_per_node, max(devices) AS devices,
         max(usd_per_device_hour) AS usd_per_device_hour, max(lifetime_years) AS lifetime_years
  FROM offers GROUP BY offer),
w AS (SELECT * FROM workload_inputs),
plans AS (
  -- per shape (workload_shapes), given to each of its workloads at the end
  -- usd_per_hour: the plan's GPUs all day (a serving rental at its peak
  -- size: peak_usd_per_hour); plan_usd_per_hour: what the plan costs an
  -- hour, a rental following the day's traffic
  SELECT workload, offer, pricing, gpu, n_gpus, n_gpus AS paid_gpus, usd_per_hour, NULL AS plan_usd_per_hour,
         capex_usd, running_usd_per_hour
  FROM shape_training_plans WHERE feasible
  UNION ALL
  SELECT workload, offer, pricing, gpu, n_gpus, paid_gpus, coalesce(peak_usd_per_hour, usd_per_hour), usd_per_hour,
         capex_usd, running_usd_per_hour
  FROM shape_serving_plans WHERE feasible),
-- each plan with the owned plan of its workload and GPU type (there is one
-- owned offer per GPU type, so at most one such plan), by window functions
-- over one read of plans: SQLite copies a CTE for every reference, and
-- from 3.54 refuses a statement whose copies open SQLITE_LIMIT_EXPR_DEPTH
-- (1000) cursors or more; a self-join of plans would need twice the
-- cursors of the two plan views
paired AS (
  SELECT p.*,
         max(CASE WHEN p.pricing = 'owned' THEN p.offer END) OVER win AS own_offer,
         max(CASE WHEN p.pricing = 'owned' THEN p.paid_gpus END) OVER win AS own_gpus,
         max(CASE WHEN p.pricing = 'owned' THEN p.capex_usd END) OVER win AS own_capex_usd,
         max(CASE WHEN p.pricing = 'owned' THEN p.running_usd_per_hour END) OVER win AS own_running_usd_per_hour,
         max(CASE WHEN p.pricing = 'owned' THEN p.plan_usd_per_hour END) OVER win AS own_plan_usd_per_hour,
         -- the cheapest hybrid of the GPU type (serving with traffic that moves)
         min(CASE WHEN p.pricing = 'hybrid' THEN p.plan_usd_per_hour END) OVER win AS hybrid_usd_per_hour,
         min(CASE WHEN p.pricing = 'hybrid' THEN p.offer END) OVER win AS hybrid_offer
  FROM plans p
  WINDOW win AS (PARTITION BY p.workload, p.gpu)),
-- one read of oc for both offers of a pair (the owned one and the
-- rental), grouped back to the pair: a second reference to offers would
-- pass 3.54's limit
cmp AS (
  SELECT r.workload, r.gpu, r.own_gpus AS n_gpus, r.own_capex_usd AS capex_usd,
         max(CASE WHEN o.offer = r.own_offer THEN o.usd_per_device_hour END) * r.own_gpus AS owned_usd_per_hour,
         r.own_running_usd_per_hour AS running_usd_per_hour,
         max(CASE WHEN o.offer = r.own_offer THEN o.lifetime_years END) AS lifetime_years,
         r.offer AS rental, r.pricing AS rental_pricing, r.gpu AS rental_gpu, r.n_gpus AS rental_gpus,
         r.own_plan_usd_per_hour, r.plan_usd_per_hour AS rent_plan_usd_per_hour, r.hybrid_usd_per_hour, r.hybrid_offer,
         -- the rental priced for at least the owned GPUs in whole instances (one
         -- GPU's worth of an 8-GPU instance cannot be rented): the rental plan's
         -- price per device-hour (its terms included) x the instance's devices x
         -- the instances that hold the owned GPUs (gpus_per_node may be a share
         -- of one GPU: two half-GPU instances for one card)
         nodes_required(r.own_gpus, max(CASE WHEN o.offer = r.offer THEN o.gpus_per_node END)) AS rent_instances,
         r.usd_per_hour / r.paid_gpus * max(CASE WHEN o.offer = r.offer THEN o.devices END)
           AS rent_usd_per_instance_hour,
         w.utilization, w.months, d.hours_per_month
  FROM paired r
  JOIN oc o ON o.offer IN (r.own_offer, r.offer)
  JOIN w ON w.name = r.workload
  CROSS JOIN d
  WHERE r.pricing NOT IN ('owned', 'hybrid')
  GROUP BY r.workload, r.offer
  HAVING count(*) = 2),
priced AS (
  SELECT c.*, c.rent_usd_per_instance_hour * c.rent_instances AS rent_usd_per_hour FROM cmp c),
-- hours of use after which the purchase has cost less than the rental
-- (where renting costs more than running your own), and those hours in
-- months at the workload's utilization
be AS (
  SELECT q.*, q.be_hours / (q.hours_per_month * q.utilization) AS be_months
  FROM (SELECT p.*,
               CASE WHEN p.rent_usd_per_hour > p.running_usd_per_hour
                    THEN break_even_hours(p.capex_usd, p.rent_usd_per_hour, p.running_usd_per_hour) END AS be_hours
        FROM priced p) q)
SELECT s.name AS workload, gpu, n_gpus, round(capex_usd, 2) AS capex_usd,
       round(owned_usd_per_hour, 4) AS owned_usd_per_hour,
       round(running_usd_per_hour, 4) AS running_usd_per_hour,
       rental, rental_pricing, rental_gpu, rental_gpus, 1 AS same_gpu, rent_instances,
       round(rent_usd_per_hour, 4) AS rent_usd_per_hour,
       round(rent_usd_per_hour * hours_per_month, 2) AS rent_usd_per_month_24x7,
       round(be_hours, 1) AS break_even_hours,
       utilization,
       round(be_months, 2) AS break_even_months,
       months AS months_of_use,
       -- the two sides per GPU-hour used: owning costs its all-in hour
       -- (depreciation net of resale, running costs) whether busy or idle,
       -- so per used hour it is that over the utilization; a rental is paid
       -- for the hours used. They cross at crossover_utilization (above 1:
       -- owning costs more even fully busy)
       round(owned_usd_per_hour / n_gpus / utilization, 4) AS owned_usd_per_used_gpu_hour,
       round(rent_usd_per_hour / n_gpus, 4) AS rent_usd_per_gpu_hour,
       round(owned_usd_per_hour / rent_usd_per_hour, 4) AS crossover_utilization,
       -- the three plans of the workload on this GPU type as each is paid:
       -- owned for its need all day, the rental (by the hour, following the
       -- day's traffic where it moves), and the hybrid that owns the base
       -- and rents the peak; cheapest names the one that costs least
       round(own_plan_usd_per_hour, 4) AS buy_plan_usd_per_hour,
       round(rent_plan_usd_per_hour, 4) AS rent_plan_usd_per_hour,
       round(hybrid_usd_per_hour, 4) AS hybrid_plan_usd_per_hour, hybrid_offer,
       CASE WHEN rent_plan_usd_per_hour IS NULL THEN NULL
            WHEN hybrid_usd_per_hour < min(own_plan_usd_per_hour, rent_plan_usd_per_hour)
              THEN 'hybrid: owning the base load and renting the peak costs least'
            WHEN rent_plan_usd_per_hour <= own_plan_usd_per_hour
              THEN 'rent' || CASE WHEN hybrid_usd_per_hour IS NOT NULL
                                  THEN ': owning even the base costs more than renting it for the hours it is busy'
                                  ELSE '' END
            ELSE 'buy' || CASE WHEN hybrid_usd_per_hour IS NOT NULL
                               THEN ': the peak hours cost more to rent than to own' ELSE '' END END AS cheapest,
       CASE WHEN rent_usd_per_hour <= running_usd_per_hour
              THEN 'rent: the rental costs less than running your own (power, space, support, staff)'
            WHEN be_months > lifetime_years * 12
              THEN 'rent: buying does not pay off within the hardware''s lifetime'
            WHEN be_months <= months
              THEN 'buy: pays off within the months of use'
            ELSE 'rent: pays off only after the months of use' END AS verdict
FROM be JOIN workload_shapes s ON s.shape = be.workload;

-- --------------------------------------------------------------- best plans
-- The first-ranked plan of each workload, with a one-line reason.
CREATE VIEW best_plans AS
WITH
-- one row per shape (workload_shapes), its plan of rank 1: with a single
-- min() in the query, SQLite takes the other (bare) columns from the row of
-- that minimum; then one row per workload of the shape (member)
-- a workload without a working plan names the plan that misses its
-- failed target by the least (shape_training_plans.miss), within its
-- acquire and filters
-- beside the rank-1 plan, the next point of the cost-time frontier: of
-- the plans that work and finish sooner (shape_training_plans.sooner), the
-- one that spends least (f_*), taken by one window over one read (SQLite
-- copies a CTE for every reference, and from 3.54 refuses a statement
-- whose copies open SQLITE_LIMIT_EXPR_DEPTH (1000) cursors or more; min()
-- would choose the bare columns' row)
stf AS (
  SELECT p.*,
         first_value(CASE WHEN p.sooner THEN p.spend_usd END) OVER fw AS f_spend_usd,
         first_value(CASE WHEN p.sooner THEN p.wall_days END) OVER fw AS f_wall_days,
         first_value(CASE WHEN p.sooner THEN p.n_gpus END) OVER fw AS f_n_gpus,
         first_value(CASE WHEN p.sooner THEN p.pricing END) OVER fw AS f_pricing,
         first_value(CASE WHEN p.sooner THEN p.gpu END) OVER fw AS f_gpu,
         first_value(CASE WHEN p.sooner THEN p.offer END) OVER fw AS f_offer
  FROM shape_training_plans p
  WINDOW fw AS (PARTITION BY p.workload ORDER BY p.sooner DESC, p.spend_usd, p.wall_days)),
first_training AS (
  SELECT p.*, count(*) FILTER (WHERE works) AS n_working, count(*) AS n_plans,
         min(total_usd) FILTER (WHERE works) AS cheapest_usd,
         min(CASE WHEN works THEN rank ELSE 1e12 + miss * 1e6 + rank END) AS first_key
  FROM stf p GROUP BY workload),
-- the next point of the cost-time frontier (n_*): the other plan that
-- works and finishes sooner (f_*), or this offer's fastest layout on twice
-- the GPUs (alt_*, where it finishes sooner), whichever spends less
ranked_training AS (
  SELECT x.*,
         CASE WHEN x.use_f THEN x.f_spend_usd WHEN x.alt_ok THEN x.alt_spend_usd END AS n_spend_usd,
         CASE WHEN x.use_f THEN x.f_wall_days WHEN x.alt_ok THEN x.alt_wall_days END AS n_wall_days,
         CASE WHEN x.use_f THEN x.f_pricing = 'owned' ELSE x.pricing = 'owned' END AS n_owned,
         CASE WHEN x.use_f THEN printf('%d x %s, %s', x.f_n_gpus, x.f_gpu, x.f_offer)
              ELSE printf('%d GPUs', x.alt_n_gpus) END AS n_where
  FROM (SELECT y.*, y.f_spend_usd IS NOT NULL AND NOT (y.alt_ok AND y.alt_spend_usd <= y.f_spend_usd) AS use_f
        FROM (SELECT p.*, s.name AS member,
                     p.alt_spend_usd IS NOT NULL AND p.alt_n_gpus > 0 AND p.alt_wall_days < p.wall_days AS alt_ok
              FROM first_training p JOIN workload_shapes s ON s.shape = p.workload) y) x),
first_serving AS (
  SELECT p.*, count(*) FILTER (WHERE works) AS n_working, count(*) AS n_plans, min(rank) AS first_rank
  FROM shape_serving_plans p GROUP BY workload),
-- vendor_share: the engine's share of its NVIDIA speed on the GPU, said
-- in the reason where it is below 1
ranked_serving AS (
  SELECT p.*, s.name AS member, engine_vendor_share(p.engine, p.gpu) AS vendor_share
  FROM first_serving p JOIN workload_shapes s ON s.shape = p.workload)
SELECT member AS workload, kind, offer, pricing, gpu, n_gpus, nodes, works,
       total_usd, NULL AS usd_per_hour, NULL AS usd_per_mtok, n_working, n_plans,
       CASE WHEN works THEN
         printf('%d x %s%s, %s (%s), %s: tp %d, pp %d%s, recompute %s, micro-batch %d of %d, %.1f of %.1f GB per GPU, %s GPU-hours at %.0f%% MFU (%s; a %.1f s step, %.0f%% of it waiting on communication), %.1f %s (%.1f to %.1f%s), $%,d total ($%,d to $%,d at its speed basis''s 10th to 90th percentile error; compute $%,d, storage $%,d, egress $%,d, managed $%,d)%s; %s%s',
                n_gpus, gpu, CASE WHEN nodes > 1 THEN printf(' on %d nodes', nodes) ELSE '' END,
                CASE pricing WHEN 'owned' THEN 'bought' WHEN 'spot' THEN 'spot' WHEN 'quote' THEN 'quoted'
                             WHEN 'committed' THEN 'committed' ELSE 'on-demand' END
                  || ' ' || offer,
                provider || CASE WHEN region IS NOT NULL THEN ' ' || region ELSE '' END
                  -- the region's country, where its name does not say it
                  || CASE WHEN instr(region, country) = 0 THEN ' (' || country || ')' ELSE '' END
                  || CASE WHEN regions_at_price > 1
                          THEN printf(' or %d more region%s at this price', regions_at_price - 1,
                                      CASE WHEN regions_at_price > 2 THEN 's' ELSE '' END) ELSE '' END || ', '
                  || CASE WHEN pricing = 'quote' THEN 'your quote'
                          WHEN price_age_days IS NULL THEN 'price date unknown'
                          ELSE printf('price %d days old', price_age_days) END
                  || CASE WHEN pricing = 'spot'
                          THEN printf(', if available; interruptions add %.2f%% to the time', 100 * spot_overhead) ELSE '' END
                  || CASE WHEN (SELECT t.tier FROM provider_tiers t WHERE t.provider = ranked_training.provider) = 'marketplace'
                          THEN ', one marketplace host, if available' ELSE '' END
                  || CASE WHEN commit_days IS NOT NULL THEN printf(', %d days committed', commit_days) ELSE '' END,
                framework, tp, pp, CASE WHEN ep > 1 THEN printf(', ep %d', ep) ELSE '' END,
                recompute, micro_batch, global_batch,
                mem_gb_per_gpu, usable_gb_per_gpu,
                printf('%,d', CAST(round(gpu_hours) AS INTEGER)), 100 * mfu,
                CASE WHEN mfu_given THEN 'the workload''s mfu'
                     ELSE 'step model, ' || CASE basis WHEN 'measured' THEN 'training throughput measured on this GPU'
                                                   WHEN 'same-vendor' THEN 'measured on other GPUs of its vendor, not this one'
                                                   ELSE 'no training measurement of this vendor''s chips' END END,
                step_s, 100 * comm_share,
                -- under a day in hours
                CASE WHEN wall_days < 1 THEN 24 * wall_days ELSE wall_days END,
                CASE WHEN wall_days < 1 THEN 'hours' ELSE 'days' END,
                CASE WHEN wall_days < 1 THEN 24 * wall_days_low ELSE wall_days_low END,
                CASE WHEN wall_days < 1 THEN 24 * wall_days_high ELSE wall_days_high END,
                -- a deadline the slow end of the range misses
                CASE WHEN max_days IS NOT NULL AND wall_days_high > max_days
                     THEN printf(': the slow end misses max_days %g', max_days) ELSE '' END,
                CAST(round(total_usd) AS INTEGER), CAST(round(total_usd_low) AS INTEGER),
                CAST(round(total_usd_high) AS INTEGER), CAST(round(compute_usd) AS INTEGER),
                CAST(round(storage_usd) AS INTEGER), CAST(round(egress_usd) AS INTEGER),
                CAST(round(managed_usd) AS INTEGER),
                CASE WHEN pricing = 'owned'
                     -- back: what selling it at the end returns; past its
                     -- lifetime the charge includes its replacements
                     THEN CASE WHEN capex_usd + running_usd_per_hour * wall_days * 24 - compute_usd >= 0
                               THEN printf(', $%,d to buy, $%,d back when sold at the end', CAST(round(capex_usd) AS INTEGER),
                                           CAST(round(capex_usd + running_usd_per_hour * wall_days * 24 - compute_usd) AS INTEGER))
                               ELSE printf(', $%,d to buy, $%,d charged for its wear (the job outlasts its lifetime: replacements included)',
                                           CAST(round(capex_usd) AS INTEGER),
                                           CAST(round(compute_usd - running_usd_per_hour * wall_days * 24) AS INTEGER)) END
                     ELSE '' END,
                CASE WHEN n_working = 1 THEN 'the only plan that works'
                     -- costs within plan_defaults.tie_share of the cheapest
                     -- are the same (shape_training_plans' judged3): the fastest
                     WHEN total_usd > cheapest_usd * (1 + 1e-9)
                     THEN printf('the fastest of those within %g%% of the cheapest of %d plans that work (%s)',
                                 100 * (SELECT tie_share FROM plan_defaults), n_working,
                                 CASE WHEN cheapest_usd >= 1000 THEN printf('$%,d', CAST(round(cheapest_usd) AS INTEGER))
                                      ELSE printf('$%.2f', cheapest_usd) END)
                     ELSE printf('cheapest of %d plans that work', n_working) END,
                -- the next point of the cost-time frontier (ranked_training)
                CASE WHEN n_spend_usd IS NOT NULL
                     THEN printf('; for %s, %s sooner on %s',
                                 CASE WHEN round(n_spend_usd - spend_usd) >= 1
                                      THEN printf('$%,d more%s', CAST(round(n_spend_usd - spend_usd) AS INTEGER),
                                                  CASE WHEN n_owned THEN ' to buy and run' ELSE '' END)
                                      ELSE 'no more money' END,
                                 CASE WHEN wall_days - n_wall_days >= 1 THEN printf('%.1f days', wall_days - n_wall_days)
                                      ELSE printf('%.1f hours', 24 * (wall_days - n_wall_days)) END,
                                 n_where)
                     ELSE '' END)
       ELSE 'no plan works: closest is ' || offer || ': ' || why_not END AS reason
FROM ranked_training
UNION ALL
SELECT member, 'serve', offer, pricing, gpu, n_gpus, nodes, works,
       total_usd, usd_per_hour, usd_per_mtok, n_working, n_plans,
       CASE WHEN works THEN
         printf('%d replica%s%s of %d x %s%s at batch %d on %s, %s (%s): %.0f tokens/s per replica, %s, $%.2f/hour (%s at its speed basis''s 10th to 90th percentile error), $%.3f per million tokens%s; speed %s; %s',
                replicas, CASE WHEN replicas > 1 THEN 's' ELSE '' END,
                CASE WHEN spare_replicas > 0 THEN printf(' (%d spare)', spare_replicas) ELSE '' END,
                gpus_per_replica, gpu,
                CASE WHEN layout LIKE '% %' THEN ' (' || layout || ')' ELSE '' END, batch_per_replica,
                engine,
                CASE pricing WHEN 'owned' THEN 'bought' WHEN 'spot' THEN 'spot' WHEN 'quote' THEN 'quoted'
                             WHEN 'committed' THEN 'committed' WHEN 'hybrid' THEN 'bought and rented' ELSE 'on-demand' END
                  || ' ' || offer,
                provider || CASE WHEN region IS NOT NULL THEN ' ' || region ELSE '' END
                  -- the region's country, where its name does not say it
                  || CASE WHEN instr(region, country) = 0 THEN ' (' || country || ')' ELSE '' END
                  || CASE WHEN regions_at_price > 1
                          THEN printf(' or %d more region%s at this price', regions_at_price - 1,
                                      CASE WHEN regions_at_price > 2 THEN 's' ELSE '' END) ELSE '' END || ', '
                  || CASE WHEN pricing = 'quote' THEN 'your quote'
                          WHEN price_age_days IS NULL THEN 'price date unknown'
                          ELSE printf('price %d days old', price_age_days) END
                  || CASE WHEN pricing = 'spot'
                          THEN printf(', if available; an interruption (%g per node-day) drops a replica until it is replaced',
                                      spot_interruptions_per_day) ELSE '' END
                  || CASE WHEN (SELECT t.tier FROM provider_tiers t WHERE t.provider = ranked_serving.provider) = 'marketplace'
                          THEN ', one marketplace host, if available' ELSE '' END
                  || CASE WHEN commit_days IS NOT NULL THEN printf(', %d days committed', commit_days) ELSE '' END,
                tps_per_replica,
                -- what users see at the planned load (serving_sim), else at a full batch
                CASE WHEN tpot_p50_ms > 0 AND ttft_p50_s IS NOT NULL
                       THEN printf('at the planned load %.1f tokens/s per user%s and first token %.2f s (median; p95 %.2f s%s)',
                                   1000.0 / tpot_p50_ms,
                                   CASE WHEN user_tps_assumed THEN printf(' (target %g, the default)', user_tps) ELSE '' END,
                                   ttft_p50_s, ttft_p95_s,
                                   CASE WHEN ttft_p95_assumed AND ttft_p95_target_s IS NOT NULL
                                        THEN printf('; target %.3g s, the default', ttft_p95_target_s) ELSE '' END)
                     ELSE printf('%.1f per user, first token %.2f s', tps_per_user, ttft_s) END,
                usd_per_hour,
                CASE WHEN usd_per_hour_low = usd_per_hour_high THEN 'the same'
                     ELSE printf('$%.2f to $%.2f', usd_per_hour_low, usd_per_hour_high) END,
                usd_per_mtok,
                -- owned: the hours of use are total_usd / usd_per_hour
                CASE WHEN pricing IN ('owned', 'hybrid')
                     THEN CASE WHEN capex_usd + (running_usd_per_hour + rent_usd_per_hour) * total_usd / usd_per_hour
                                    - total_usd >= 0
                               THEN printf(', $%,d to buy, $%,d back when sold at the end', CAST(round(capex_usd) AS INTEGER),
                                           CAST(round(capex_usd + (running_usd_per_hour + rent_usd_per_hour)
                                                      * total_usd / usd_per_hour - total_usd) AS INTEGER))
                               ELSE printf(', $%,d to buy, $%,d charged for its wear (the months of use outlast its lifetime: replacements included)',
                                           CAST(round(capex_usd) AS INTEGER),
                                           CAST(round(total_usd - (running_usd_per_hour + rent_usd_per_hour)
                                                      * total_usd / usd_per_hour) AS INTEGER)) END
                     ELSE '' END
                -- traffic that moves through the day
                || CASE WHEN pricing = 'hybrid'
                        THEN printf('; owns %d of the GPUs and rents %s (%s) by the hour above them: %d GPUs at the peak hour, %.1f on average ($%.2f/hour of rentals)',
                                    paid_gpus, rent_offer, rent_pricing, n_gpus, avg_gpus, rent_usd_per_hour)
                        WHEN avg_gpus IS NOT NULL
                        THEN printf('; rented by the hour as the day''s traffic moves: %d GPUs at the peak hour, %.1f on average (the provider must have them at the peak)',
                                    n_gpus, avg_gpus)
                        ELSE '' END
                || CASE WHEN best_hybrid_usd_per_hour IS NOT NULL OR avg_gpus IS NOT NULL
                        THEN '; cheapest of each way: '
                             || CASE WHEN best_rent_usd_per_hour IS NULL THEN 'rent: none works'
                                     ELSE printf('rent $%.2f/hour', best_rent_usd_per_hour) END
                             || CASE WHEN best_buy_usd_per_hour IS NULL THEN ', buy: none works'
                                     ELSE printf(', buy for the peak $%.2f/hour', best_buy_usd_per_hour) END
                             || CASE WHEN best_hybrid_usd_per_hour IS NULL THEN ', hybrid: none'
                                     ELSE printf(', hybrid $%.2f/hour', best_hybrid_usd_per_hour) END
                        ELSE '' END,
                CASE basis WHEN 'measured' THEN 'measured on this GPU and engine for this model family, dtype class and batch'
                           WHEN 'same-gpu'
                             THEN printf('fitted: this engine is measured on this GPU only for other models, dtypes or batches (nearest: %s)',
                                         coalesce(basis_nearest, 'none of its decoding'))
                           WHEN 'same-class' THEN 'fitted on other GPUs of its class, no measurement of this GPU'
                           ELSE 'extrapolated: no measurement of this engine on this kind of GPU' END
                  -- on AMD GPUs and Intel Gaudi, the engine's share of its
                  -- NVIDIA speed (engines.amd_eff, fitted on its rows on AMD
                  -- GPUs; gaudi_eff, on Intel's own figures on Gaudi)
                  || CASE WHEN vendor_share < 1
                          THEN printf(', at %.0f%% of its NVIDIA speed (engine_vendor_share)',
                                      100 * vendor_share) ELSE '' END
                  -- the fits saw tensor parallelism (and llama.cpp's layer
                  -- split, 'ppN') only: pipeline stages, expert parallelism
                  -- and data-parallel attention are scored, not fitted
                  || CASE WHEN layout LIKE 'dp%' OR layout LIKE '% pp%' OR layout LIKE '% ep%'
                          THEN '; its ' || layout || ' layout is in no fit (tensor-parallel runs only)' ELSE '' END,
                CASE WHEN n_working = 1 THEN 'the only plan that meets every target'
                     ELSE printf('cheapest of %d plans that meet every target', n_working) END)
       ELSE 'no plan works: closest is ' || offer || ': ' || why_not END
FROM ranked_serving WHERE rank = 1
UNION ALL
-- A workload whose offer_glob matches no offer has no plan to rank: say so.
SELECT w.name, w.kind, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL, 0, 0,
       printf('no offer matches offer_glob %Q', w.offer_glob)
FROM workloads w
WHERE w.offer_glob IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM workload_offers o WHERE o.workload = w.name);


-- ----------------------------------------------------------------- programs
-- Each program's ways to pay for its two phases, by cash out: rent both;
-- buy for training and keep the GPUs for serving (the GPUs bought once:
-- serving on the same GPU type buys only the GPUs it needs beyond
-- training's); rent training and buy serving; buy training and rent
-- serving. Each phase takes its plans that fit and meet their targets
-- (feasible: the workloads' own budgets and acquire are the program's to
-- judge), the cheapest rental of each phase and every owned plan; serving
-- is paid for serve_months (its rental by the hour, owned GPUs their
-- running costs); the program works when the cash out is within its
-- budget.
CREATE VIEW program_plans AS
WITH
d AS (SELECT * FROM plan_defaults),
pr AS (
  SELECT p.name AS program, p.train_workload, p.serve_workload, p.budget_usd,
         coalesce(p.serve_months, w.months, 1) AS serve_months
  FROM programs p JOIN workloads w ON w.name = p.serve_workload),
tr AS MATERIALIZED (
  SELECT t.workload, t.offer, t.pricing, t.gpu, t.n_gpus, t.wall_days, t.total_usd, t.capex_usd,
         t.running_usd_per_hour, t.rank,
         row_number() OVER (PARTITION BY t.workload, t.pricing = 'owned' ORDER BY t.rank) AS k
  FROM training_plans t WHERE t.feasible AND t.workload IN (SELECT train_workload FROM pr)),
sv AS MATERIALIZED (
  SELECT s.workload, s.offer, s.pricing, s.gpu, s.paid_gpus AS n_gpus, s.usd_per_hour, s.capex_usd,
         s.running_usd_per_hour, s.rent_usd_per_hour, s.rank,
         row_number() OVER (PARTITION BY s.workload, s.pricing IN ('owned', 'hybrid') ORDER BY s.rank) AS k
  FROM serving_plans s WHERE s.feasible AND s.workload IN (SELECT serve_workload FROM pr)),
-- the candidates of each phase: the first rental, every owned plan (and
-- every hybrid serving plan: its owned GPUs may be training's)
tc AS (SELECT * FROM tr WHERE pricing = 'owned' OR k = 1),
sc AS (SELECT * FROM sv WHERE pricing IN ('owned', 'hybrid') OR k = 1),
combo AS (
  SELECT pr.*, t.offer AS train_offer, t.pricing AS train_pricing, t.gpu AS train_gpu,
         t.n_gpus AS train_gpus, t.wall_days AS train_days,
         s.offer AS serve_offer, s.pricing AS serve_pricing, s.gpu AS serve_gpu, s.n_gpus AS serve_gpus,
         -- GPUs bought for training that serving uses again
         CASE WHEN t.pricing = 'owned' AND s.pricing IN ('owned', 'hybrid') AND t.gpu = s.gpu
              THEN min(t.n_gpus, s.n_gpus) ELSE 0 END AS reused_gpus,
         t.total_usd AS train_total_usd, t.capex_usd AS train_capex_usd,
         t.running_usd_per_hour AS train_running_usd_per_hour,
         s.usd_per_hour AS serve_usd_per_hour, s.capex_usd AS serve_capex_usd,
         s.running_usd_per_hour AS serve_running_usd_per_hour, s.rent_usd_per_hour AS serve_rent_usd_per_hour,
         d.hours_per_month
  FROM pr
  JOIN tc t ON t.workload = pr.train_workload
  JOIN sc s ON s.workload = pr.serve_workload
  CROSS JOIN d),
cash AS (
  SELECT c.*,
         CASE WHEN c.train_pricing = 'owned'
              THEN c.train_capex_usd + c.train_running_usd_per_hour * c.train_days * 24
              ELSE c.train_total_usd END AS train_usd,
         CASE WHEN c.serve_pricing IN ('owned', 'hybrid')
              -- the purchase of the GPUs training did not already buy, their
              -- running costs, and a hybrid's rentals
              THEN c.serve_capex_usd * (c.serve_gpus - c.reused_gpus) / c.serve_gpus
                   + (c.serve_running_usd_per_hour + c.serve_rent_usd_per_hour) * c.hours_per_month * c.serve_months
              ELSE c.serve_usd_per_hour * c.hours_per_month * c.serve_months END AS serve_usd
  FROM combo c)
SELECT program, train_workload, serve_workload,
       CASE WHEN train_pricing = 'owned' AND serve_pricing = 'owned' THEN 'buy both'
            WHEN train_pricing = 'owned' AND serve_pricing = 'hybrid' THEN 'buy for training, hybrid serving'
            WHEN train_pricing = 'owned' THEN 'buy for training, rent serving'
            WHEN serve_pricing = 'owned' THEN 'rent training, buy serving'
            WHEN serve_pricing = 'hybrid' THEN 'rent training, hybrid serving'
            ELSE 'rent both' END AS plan,
       train_offer, train_gpus, round(train_days, 2) AS train_days, round(train_usd, 2) AS train_usd,
       serve_offer, serve_gpus, serve_months, round(serve_usd, 2) AS serve_usd,
       reused_gpus, round(train_usd + serve_usd, 2) AS total_usd, budget_usd,
       budget_usd IS NULL OR train_usd + serve_usd <= budget_usd AS works,
       CASE WHEN budget_usd IS NOT NULL AND train_usd + serve_usd > budget_usd
            THEN printf('costs $%,d, over the budget of $%,d', CAST(round(train_usd + serve_usd) AS INTEGER),
                        CAST(round(budget_usd) AS INTEGER)) END AS why_not,
       row_number() OVER (PARTITION BY program
                          ORDER BY budget_usd IS NOT NULL AND train_usd + serve_usd > budget_usd,
                                   train_usd + serve_usd, train_days, train_offer, serve_offer) AS rank
FROM cash
ORDER BY program, rank;

-- ================================================================ images
-- Vision and diffusion workloads (docs/images.md): training or fine-tuning
-- a classifier or a diffusion model, and serving one (classifying images
-- or generating them from prompts), planned on the same offers (prices,
-- owned costs, filters) as the language-model workloads, with
-- image_mem_gb and image_tps (ext/gpuadv_image.c) in place of the token
-- estimates. Tables are kept; views are re-created on every read.

CREATE TABLE IF NOT EXISTS image_workloads (
  name TEXT NOT NULL PRIMARY KEY,
  kind TEXT NOT NULL,            -- train (training or fine-tuning) or serve (classifying or generating images)
  model TEXT NOT NULL,           -- an image_models.name or Hugging Face id (stored as the name)
  mode TEXT,                     -- train: full (default) or lora
  dtype TEXT,                    -- fp32, fp16, bf16 (default) or fp8
  resolution INTEGER,            -- pixels a side (default: the model's own)
  batch INTEGER,                 -- images per GPU per pass: train default 32, serve default 1
  steps INTEGER,                 -- serve, diffusion: denoising steps (default: the model's)
  images_m REAL,                 -- train: millions of images per epoch
  epochs REAL,                   -- train: default 1
  max_days REAL,                 -- train: wall-clock deadline, days
  images_per_min REAL,           -- serve: the average demand
  peak_to_mean REAL,             -- serve: the peak hour's rate over the mean (default 1.2, plan_defaults.burst_headroom)
  latency_s REAL,                -- serve: the most seconds one image (its batch) may take on the GPU
  months REAL,                   -- months of use (default 1)
  budget_usd REAL,               -- money available for the whole workload
  acquire TEXT,                  -- rent, buy or any (default)
  offer_glob TEXT,               -- plan only offers whose name or GPU matches this GLOB, case ignored
  mem_headroom REAL,             -- share of GPU memory left free (default plan_defaults.mem_headroom)
  include_flagged_prices INTEGER, -- 1: also plan on flagged prices (default 0)
  allow_spot INTEGER,            -- 1: spot offers may win (default 0)
  allow_marketplace INTEGER,     -- 1: marketplace offers may win (default 0)
  regions TEXT,                  -- cloud offers only in these regions: comma-separated GLOBs
  countries TEXT,                -- ... only in these countries: comma-separated ISO codes
  providers TEXT,                -- ... only of these providers: comma-separated
  tiers TEXT,                    -- ... only of these tiers: hyperscaler, neocloud, marketplace
  notes TEXT,
  CONSTRAINT "name must be non-empty text"
    CHECK (typeof(name) = 'text' AND length(trim(name)) > 0),
  CONSTRAINT "kind must be train or serve" CHECK (kind IN ('train', 'serve')),
  CONSTRAINT "model must be an image_models name or Hugging Face id"
    CHECK (image_mem_gb(model, 'train', 1) > 0),
  CONSTRAINT "mode must be full or lora" CHECK (mode IS NULL OR lower(mode) IN ('full', 'lora')),
  CONSTRAINT "dtype must be fp32, fp16, bf16 or fp8"
    CHECK (dtype IS NULL OR lower(dtype) IN ('fp32', 'fp16', 'bf16', 'fp8')),
  CONSTRAINT "resolution must be a whole number in [32, 8192]"
    CHECK (resolution IS NULL OR (typeof(resolution) = 'integer' AND resolution BETWEEN 32 AND 8192)),
  CONSTRAINT "batch must be a whole number in [1, 100000]"
    CHECK (batch IS NULL OR (typeof(batch) = 'integer' AND batch BETWEEN 1 AND 100000)),
  CONSTRAINT "steps must be a whole number in [1, 1000]"
    CHECK (steps IS NULL OR (typeof(steps) = 'integer' AND steps BETWEEN 1 AND 1000)),
  CONSTRAINT "train needs images_m > 0"
    CHECK (kind <> 'train' OR (typeof(images_m) IN ('integer', 'real') AND images_m > 0)),
  CONSTRAINT "serve needs images_per_min > 0"
    CHECK (kind <> 'serve' OR (typeof(images_per_min) IN ('integer', 'real') AND images_per_min > 0)),
  CONSTRAINT "epochs, max_days, latency_s, months and peak_to_mean must be > 0"
    CHECK (coalesce(epochs, 1) > 0 AND coalesce(max_days, 1) > 0 AND coalesce(latency_s, 1) > 0
           AND coalesce(months, 1) > 0 AND coalesce(peak_to_mean, 1) >= 1),
  CONSTRAINT "acquire must be rent, buy or any"
    CHECK (acquire IS NULL OR lower(acquire) IN ('rent', 'buy', 'any')),
  CONSTRAINT "mem_headroom must be in [0, 1)"
    CHECK (mem_headroom IS NULL OR (mem_headroom >= 0 AND mem_headroom < 1))
);

-- The model as its catalog name, whichever name or id it was given by
-- (ASCII case ignored, spaces and underscores taken for hyphens, as the
-- functions' lookup does).
DROP TRIGGER IF EXISTS image_workloads_model_insert;
CREATE TRIGGER image_workloads_model_insert AFTER INSERT ON image_workloads
BEGIN
  UPDATE image_workloads SET model = (
    SELECT m.name FROM image_models m
    WHERE lower(replace(replace(m.name, ' ', '-'), '_', '-')) = lower(replace(replace(NEW.model, ' ', '-'), '_', '-'))
       OR lower(replace(replace(m.hf_id, ' ', '-'), '_', '-')) = lower(replace(replace(NEW.model, ' ', '-'), '_', '-')))
  WHERE name = NEW.name;
END;
DROP TRIGGER IF EXISTS image_workloads_model_update;
CREATE TRIGGER image_workloads_model_update AFTER UPDATE OF model ON image_workloads
BEGIN
  UPDATE image_workloads SET model = (
    SELECT m.name FROM image_models m
    WHERE lower(replace(replace(m.name, ' ', '-'), '_', '-')) = lower(replace(replace(NEW.model, ' ', '-'), '_', '-'))
       OR lower(replace(replace(m.hf_id, ' ', '-'), '_', '-')) = lower(replace(replace(NEW.model, ' ', '-'), '_', '-')))
  WHERE name = NEW.name AND model IS NOT (
    SELECT m.name FROM image_models m
    WHERE lower(replace(replace(m.name, ' ', '-'), '_', '-')) = lower(replace(replace(NEW.model, ' ', '-'), '_', '-'))
       OR lower(replace(replace(m.hf_id, ' ', '-'), '_', '-')) = lower(replace(replace(NEW.model, ' ', '-'), '_', '-')));
END;

DROP VIEW IF EXISTS workload_guide;
DROP VIEW IF EXISTS image_best_plans;
DROP VIEW IF EXISTS image_plans;

-- Every image workload x offer: the offers its filters pass
-- (filtered_offers, by the language-model workloads' rules: offer_glob,
-- flagged prices, spot, marketplace, acquire, regions, countries,
-- providers, tiers; whole GPUs only; each offer in its cheapest region),
-- one node of the offer's GPUs.
--   serve: each GPU runs its own pipeline at `batch` images a pass;
--     images_per_s_per_gpu from image_tps; GPUs enough for the peak
--     (images_per_min x peak_to_mean / 60), in whole instances; the
--     latency of one batch (batch / images_per_s_per_gpu) against
--     latency_s; the cost a month is the instances' hourly price x
--     plan_defaults.hours_per_month (owned: the hourly cost of owning,
--     capital over the lifetime plus running costs, offers.usd_per_hour).
--   train: data parallel over the node's GPUs (image_tps with n_gpus);
--     the hours to see images_m x epochs million images; the cost is those
--     hours at the offer's hourly price (owned: the same hourly cost of
--     owning, so the rest of the hardware's life is assumed used; the
--     capital it takes is in capex_usd).
-- A plan fits when image_mem_gb at its batch is within the GPU's memory
-- less mem_headroom, and works when it fits and meets latency_s, max_days
-- and budget_usd. rank 1 is the cheapest plan that works (serve: cost a
-- month; train: total), then the faster.
CREATE VIEW image_plans AS
WITH
d AS (SELECT hours_per_month, mem_headroom AS default_headroom, burst_headroom FROM plan_defaults),
w AS (
  SELECT iw.*, m.family, lower(coalesce(iw.dtype, 'bf16')) AS dt,
         coalesce(iw.resolution, m.ref_resolution) AS res,
         coalesce(iw.batch, CASE WHEN iw.kind = 'train' THEN 32 ELSE 1 END) AS b,
         CASE WHEN m.family = 'diffusion' THEN coalesce(iw.steps, m.default_steps) END AS n_steps,
         CASE WHEN iw.kind = 'train' THEN 'train' WHEN m.family = 'classifier' THEN 'infer' ELSE 'generate' END AS task,
         coalesce(iw.months, 1) AS n_months, coalesce(iw.mem_headroom, d.default_headroom) AS headroom,
         coalesce(iw.peak_to_mean, 1 + d.burst_headroom) AS peak, d.hours_per_month
  FROM image_workloads iw JOIN image_models m ON m.name = iw.model CROSS JOIN d),
wo AS (
  SELECT w.*, o.offer, o.pricing, o.provider, o.region, o.gpu, o.devices, o.usd_per_hour, o.owned,
         o.capex_usd_per_gpu, o.price_flag, o.resale_share, o.lifetime_years, o.running_usd_per_gpu_hour,
         row_number() OVER (PARTITION BY w.name, o.offer ORDER BY o.usd_per_hour, o.region) AS region_rank
  FROM w JOIN filtered_offers o ON o.plans = 'image' AND o.workload = w.name),
-- per workload and GPU type: memory and speed once (the functions are the
-- work; offers of one GPU share them); a GPU without the dtype's peak
-- gets no speed
g AS MATERIALIZED (
  SELECT DISTINCT name, gpu, devices FROM wo WHERE region_rank = 1),
e AS MATERIALIZED (
  SELECT g.name, g.gpu, g.devices, gp.memory_gb,
         image_mem_gb(w.model, w.task, w.b, w.res, w.dt, lower(coalesce(w.mode, 'full'))) AS mem_gb,
         CASE WHEN gp.fp32_tflops > 0 AND CASE w.dt WHEN 'fp32' THEN gp.fp32_tflops WHEN 'fp16' THEN gp.fp16_tflops
                                                    WHEN 'bf16' THEN gp.bf16_tflops ELSE gp.fp8_tflops END > 0
              THEN 1 ELSE 0 END AS has_dtype, w.model, w.task, w.dt, w.b, w.res, w.n_steps, w.kind,
         lower(coalesce(w.mode, 'full')) AS md
  FROM g JOIN w ON w.name = g.name JOIN gpus gp ON gp.name = g.gpu),
s AS MATERIALIZED (
  SELECT e.name, e.gpu, e.devices, e.memory_gb, e.mem_gb,
         CASE WHEN has_dtype THEN image_tps(model, gpu, task, dt, b, res, n_steps, 1, md) END AS tps1,
         CASE WHEN has_dtype AND kind = 'train' AND devices > 1
              THEN image_tps(model, gpu, 'train', dt, b, res, NULL, devices, md) END AS tps_node
  FROM e),
p AS (
  SELECT wo.name AS workload, wo.kind, wo.model, wo.task, wo.dt AS dtype, wo.res AS resolution, wo.b AS batch,
         wo.n_steps AS steps, wo.offer, wo.pricing, wo.provider, wo.region, wo.gpu, wo.devices, wo.owned,
         wo.usd_per_hour, wo.capex_usd_per_gpu, wo.resale_share, wo.lifetime_years, wo.running_usd_per_gpu_hour,
         wo.latency_s, wo.max_days, wo.budget_usd, wo.n_months,
         wo.hours_per_month, wo.images_per_min, wo.peak, wo.images_m, coalesce(wo.epochs, 1) AS epochs,
         e.memory_gb, e.mem_gb, e.memory_gb * (1 - wo.headroom) AS usable_gb, e.tps1,
         coalesce(e.tps_node, e.tps1 * wo.devices) AS tps_node
  FROM wo JOIN s e ON e.name = wo.name AND e.gpu = wo.gpu AND e.devices = wo.devices
  WHERE wo.region_rank = 1),
q0 AS (
  SELECT p.*,
         p.mem_gb <= p.usable_gb AS fits,
         CASE WHEN p.kind = 'serve' THEN p.batch / p.tps1 END AS batch_latency_s,
         -- serve: batches a second at the peak
         CASE WHEN p.kind = 'serve' THEN p.images_per_min * p.peak / 60.0 / p.batch END AS batch_rate,
         CASE WHEN p.kind = 'train' THEN p.images_m * 1e6 * p.epochs / p.tps_node / 3600 END AS train_hours
  FROM p WHERE p.tps1 IS NOT NULL),
-- serve: each GPU works one batch at a time, requests arrive at random
-- (Poisson) at the peak rate, so they queue (queue_servers: an M/D/c
-- queue); the GPUs, in whole instances, are the fewest whose mean wait
-- leaves each image within latency_s, or without a target waits no
-- longer than its batch takes (an assumption: a queue of at most one
-- batch's work on average)
q AS (
  SELECT q0.*,
         CASE WHEN kind = 'serve'
              THEN queue_servers(batch_rate, batch_latency_s,
                                 CASE WHEN latency_s IS NULL THEN batch_latency_s
                                      ELSE max(0, latency_s - batch_latency_s) END, devices) / devices
         END AS instances
  FROM q0),
c0 AS (
  SELECT q.*,
         CASE WHEN kind = 'serve' THEN queue_wait_s(instances * devices, batch_rate, batch_latency_s) END AS wait_s,
         CASE WHEN kind = 'serve' THEN instances * devices ELSE devices END AS gpus,
         CASE WHEN kind = 'serve' THEN n_months * hours_per_month ELSE train_hours END AS term_hours
  FROM q),
-- rented: the hours at the offer's price; owned: the purchase held for
-- the term and sold at the end (owned_term_usd, as the language-model
-- plans charge it: a short term pays nearly the whole price)
c AS (
  SELECT c0.*,
         CASE WHEN owned = 1
              THEN owned_term_usd(capex_usd_per_gpu * gpus, resale_share, lifetime_years * 8760, term_hours,
                                  running_usd_per_gpu_hour * gpus)
              ELSE usd_per_hour * CASE WHEN kind = 'serve' THEN instances ELSE 1 END * term_hours END AS total_usd
  FROM c0),
c2 AS (
  SELECT c.*,
         CASE WHEN kind = 'serve' THEN total_usd / n_months END AS usd_per_month,
         total_usd / (CASE WHEN kind = 'serve' THEN images_per_min * 60 * term_hours
                           ELSE images_m * 1e6 * epochs END) * 1000 AS usd_per_1k_images
  FROM c),
f AS (
  SELECT c2.*,
         CASE WHEN NOT fits THEN printf('needs %.1f GB a GPU, more than the %.1f GB usable of %g', mem_gb, usable_gb, memory_gb)
              WHEN kind = 'serve' AND latency_s IS NOT NULL AND batch_latency_s > latency_s
                THEN printf('%.2f s a batch of %d, over latency_s %g', batch_latency_s, batch, latency_s)
              WHEN kind = 'serve' AND latency_s IS NOT NULL AND batch_latency_s + wait_s > latency_s * (1 + 1e-9)
                THEN printf('%.2f s a batch of %d and %.2f s waiting at the peak, over latency_s %g',
                            batch_latency_s, batch, wait_s, latency_s)
              WHEN kind = 'train' AND max_days IS NOT NULL AND train_hours > max_days * 24
                THEN printf('%.1f days, over max_days %g', train_hours / 24, max_days)
              WHEN budget_usd IS NOT NULL AND total_usd > budget_usd
                THEN printf('costs $%,d, over the budget of $%,d', CAST(round(total_usd) AS INTEGER),
                            CAST(round(budget_usd) AS INTEGER)) END AS why_not
  FROM c2)
SELECT workload, kind, model, task, dtype, resolution, batch, steps, offer, pricing, provider, region, gpu, gpus,
       instances, owned, round(mem_gb, 2) AS mem_gb, memory_gb AS gpu_memory_gb, fits,
       round(tps1, 4) AS images_per_s_per_gpu, round(tps_node, 4) AS images_per_s_node,
       round(batch_latency_s, 3) AS latency_s, round(wait_s, 3) AS wait_s, round(train_hours, 2) AS train_hours,
       round(usd_per_hour, 4) AS usd_per_hour, round(term_hours, 2) AS term_hours, round(usd_per_month, 2) AS usd_per_month,
       round(total_usd, 2) AS total_usd, round(usd_per_1k_images, 4) AS usd_per_1k_images,
       CASE WHEN owned = 1 THEN round(capex_usd_per_gpu * gpus, 0) END AS capex_usd,
       why_not IS NULL AS works, why_not,
       row_number() OVER (PARTITION BY workload
                          ORDER BY why_not IS NOT NULL, total_usd,
                                   coalesce(train_hours, batch_latency_s), offer) AS rank
FROM f;

-- The first-ranked plan of each image workload, with its reason in one
-- line; a workload with no plan that works says why its cheapest failed.
CREATE VIEW image_best_plans AS
SELECT workload, kind, model, offer, gpu, gpus, mem_gb, images_per_s_per_gpu, latency_s, wait_s, train_hours,
       usd_per_month, total_usd, usd_per_1k_images, capex_usd, works,
       CASE WHEN NOT works THEN 'no plan works: the cheapest, ' || offer || ', ' || why_not
            WHEN kind = 'serve'
              THEN printf('%d x %s (%s) at batch %d: %.1f images/min a GPU, %.2f s a batch and %.2f s waiting at the peak (mean), %.1f of %g GB; $%,d a month, $%.4f per 1,000 images%s%s',
                          gpus, gpu, offer, batch, 60 * images_per_s_per_gpu, latency_s, wait_s, mem_gb, gpu_memory_gb,
                          CAST(round(usd_per_month) AS INTEGER), usd_per_1k_images,
                          CASE WHEN owned = 1 THEN printf('; bought for $%,d and sold after the term', CAST(capex_usd AS INTEGER)) ELSE '' END,
                          CASE WHEN vendor <> 'NVIDIA' THEN '; speed uncalibrated on ' || vendor ELSE '' END)
            ELSE printf('%d x %s (%s) at batch %d a GPU: %.0f images/s, %.1f hours, %.1f of %g GB; $%,d in all, $%.4f per 1,000 images%s%s',
                        gpus, gpu, offer, batch, images_per_s_node, train_hours, mem_gb, gpu_memory_gb,
                        CAST(round(total_usd) AS INTEGER), usd_per_1k_images,
                        CASE WHEN owned = 1 THEN printf('; bought for $%,d and sold after the job', CAST(capex_usd AS INTEGER)) ELSE '' END,
                        CASE WHEN vendor <> 'NVIDIA' THEN '; speed uncalibrated on ' || vendor ELSE '' END)
       END AS reason
FROM image_plans p JOIN gpus g ON g.name = p.gpu WHERE rank = 1;

-- Seed 003's table "Which GPU for which AI workload", row by row, beside
-- gpuadv's own figures: for each workload type an example the seed's row
-- describes, the GB it needs (image_mem_gb for the vision and diffusion
-- rows; train_mem_gb, model_weights_gb and model_kv_gb for the language
-- models), whether that falls in the seed's band, which of the seed's GPUs
-- hold it, and the three GPU types that hold it for the least money an
-- hour rented on demand (n GPUs of a type in one instance, n the fewest
-- whose memory less plan_defaults.mem_headroom holds the GB: sharded
-- training and tensor-parallel serving assumed beyond one GPU, at most 8).
-- The example and the reason for any difference are in `example` and
-- `note`; docs/images.md discusses them.
CREATE VIEW workload_guide AS
WITH
seed(ord, workload, seed_vram, seed_lo, seed_hi, seed_gpus, seed_slugs, example, need_gb, note) AS (VALUES
  (1, 'Training LLMs from scratch (small, <=3B)', '40-80GB', 40, 80, 'A100 80GB, H100 80GB', 'a100-sxm-80gb h100-sxm',
   'a 3B model, full training: weights, gradients and AdamW states (18 bytes a parameter)', train_mem_gb(3, 'full'),
   'Activations come on top (train_peak_gb); sharding over several GPUs divides the states.'),
  (2, 'Training LLMs from scratch (mid, 7B-30B)', '80-160GB', 80, 160, 'H100 80GB, H200 141GB, multi-A100', 'h100-sxm h200 a100-sxm-80gb',
   'a 13B model, full training, states only', train_mem_gb(13, 'full'),
   printf('At 18 bytes a parameter a 13B model''s states alone are %g GB and a 30B model''s %g GB: the seed''s 80-160 GB holds a 7B model (%g GB); more needs the states sharded over several GPUs (ZeRO-3/FSDP).',
          train_mem_gb(13, 'full'), train_mem_gb(30, 'full'), train_mem_gb(7, 'full'))),
  (3, 'Training LLMs from scratch (large, 70B+)', '160GB+ multi-GPU', 160, NULL, 'B100, B200, multi-H100', 'b100 b200 h100-sxm',
   'a 70B model, full training, states only', train_mem_gb(70, 'full'),
   '1.26 TB of states: eight 180 GB B200s hold them with no room for activations; a 70B run shards over 16 or more GPUs (the training plans search the layout), and 80 GB H100s need 18.'),
  (4, 'Fine-tuning LLMs (7B-13B)', '24-48GB', 24, 48, 'RTX 4090 (24GB), RTX A6000 (48GB), A100 40GB', 'rtx-4090 rtx-a6000 a100-pcie-40gb',
   'a 13B model, LoRA on a bf16 base', train_mem_gb(13, 'lora'),
   printf('LoRA; QLoRA needs %.1f GB, full fine-tuning %g GB of states.', train_mem_gb(13, 'qlora'), train_mem_gb(13, 'full'))),
  (5, 'Fine-tuning LLMs (30B-70B)', '48-80GB (or sharded)', 48, 80, 'A100 80GB, H100, H200, 2-4x RTX 4090', 'a100-sxm-80gb h100-sxm h200 rtx-4090',
   'a 70B model, QLoRA on an NF4 base', train_mem_gb(70, 'qlora'),
   printf('QLoRA puts a 70B model at the low edge of the band; LoRA on a bf16 base needs %.0f GB.', train_mem_gb(70, 'lora'))),
  (6, 'Fine-tuning LLMs (70B+)', '80GB+ multi-GPU', 80, NULL, 'H100, H200, multi-4090 with FSDP', 'h100-sxm h200 rtx-4090',
   'a 70B model, LoRA on a bf16 base', train_mem_gb(70, 'lora'), ''),
  (7, 'LLM inference (7B-13B)', '8-16GB', 8, 16, 'RTX 4060 Ti 16GB, RTX 4070, L4', 'rtx-4060-ti-16gb rtx-4070 l4',
   'Llama 3.1 8B in fp8 with one 8K-token context', model_weights_gb('llama-3.1-8b', 'fp8') + model_kv_gb('llama-3.1-8b', 8192, 1, 'fp8'),
   printf('In bf16 the weights alone are %.1f GB: the band assumes 8-bit weights; each more concurrent 8K context adds %.2f GB (fp8 KV).',
          model_weights_gb('llama-3.1-8b', 'bf16'), model_kv_gb('llama-3.1-8b', 8192, 1, 'fp8'))),
  (8, 'LLM inference (30B-70B)', '24-80GB', 24, 80, 'RTX 4090, L40S, A100 80GB, H200', 'rtx-4090 l40s a100-sxm-80gb h200',
   'Llama 3.1 70B in fp8 with four 8K-token contexts', model_weights_gb('llama-3.1-70b', 'fp8') + model_kv_gb('llama-3.1-70b', 8192, 4, 'fp8'),
   printf('A 70B model does not fit a 24 GB RTX 4090 even at 4 bits (%.0f GB of weights): the band''s low end is for 30B models at 4 bits.',
          model_weights_gb('llama-3.1-70b', 'int4'))),
  (9, 'LLM inference (70B-180B)', '80-160GB', 80, 160, 'H200, A100 80GB (multi-GPU)', 'h200 a100-sxm-80gb',
   'Mistral Large 2 (123B) in fp8 with four 8K-token contexts', model_weights_gb('mistral-large-2', 'fp8') + model_kv_gb('mistral-large-2', 8192, 4, 'fp8'), ''),
  (10, 'LLM inference (200B+)', '160GB+', 160, NULL, 'B100, B200', 'b100 b200',
   'DeepSeek-V3 (671B) in fp8 with four 8K-token contexts', model_weights_gb('deepseek-v3', 'fp8') + model_kv_gb('deepseek-v3', 8192, 4, 'fp8'),
   'A 671B model needs a node of 8 GPUs of 141 GB or more; one B100 or B200 is far from enough.'),
  (11, 'Training vision models (ResNet, ViT)', '16-24GB', 16, 24, 'RTX 4080 Super, RTX 4090', 'rtx-4080 rtx-4090',
   'ViT-B/16 trained at 224 px, batch 192, 16-bit mixed precision', image_mem_gb('vit-b-16', 'train', 192, 224, 'bf16'),
   printf('ResNet-50 at batch 256 needs %.1f GB, ViT-L/16 at batch 64 %.1f GB: the batches timm''s benchmark reaches on a 24 GB RTX 3090. A 16 GB card trains ViT-B/16 at batch 128 (%.1f GB). The RTX 4080 Super is not in the gpus catalog; the RTX 4080 (16 GB, the same memory) stands in.',
          image_mem_gb('resnet-50', 'train', 256), image_mem_gb('vit-l-16', 'train', 64), image_mem_gb('vit-b-16', 'train', 128))),
  (12, 'Fine-tuning vision models', '12-16GB', 12, 16, 'RTX 4070 Ti Super, RTX 4080', 'rtx-4070-ti-super rtx-4080',
   'ViT-L/16 fully fine-tuned at 224 px, batch 32', image_mem_gb('vit-l-16', 'train', 32, 224, 'bf16'),
   printf('ViT-B/16 at batch 64 needs %.1f GB: the band''s 12 GB floor is for ViT-L-class models; LoRA on ViT-L/16 needs %.1f GB.',
          image_mem_gb('vit-b-16', 'train', 64), image_mem_gb('vit-l-16', 'train', 32, 224, 'bf16', 'lora'))),
  (13, 'Training diffusion models', '24-48GB', 24, 48, 'RTX 4090, RTX A6000, A100', 'rtx-4090 rtx-a6000 a100-sxm-80gb',
   'SD 1.5 UNet fully trained at 512 px, batch 8', image_mem_gb('sd-1.5', 'train', 8, 512, 'bf16'),
   printf('A 24 GB RTX 4090 trains SD 1.5 at batch 4 (%.1f GB). SDXL full training at 1024 px needs %.0f GB at batch 1 (2.6B parameters x 16 bytes of optimizer state): above the band, an 80 GB GPU or gradient checkpointing and 8-bit Adam; SDXL LoRA at 1024 px needs %.1f GB.',
          image_mem_gb('sd-1.5', 'train', 4, 512), image_mem_gb('sdxl', 'train', 1, 1024), image_mem_gb('sdxl', 'train', 1, 1024, 'bf16', 'lora'))),
  (14, 'Image generation (Stable Diffusion)', '8-24GB', 8, 24, 'RTX 4070, RTX 4070 Ti, RTX 4090', 'rtx-4070 rtx-4070-ti rtx-4090',
   'SDXL, one 1024x1024 image, bf16', image_mem_gb('sdxl', 'generate', 1, 1024, 'bf16'),
   printf('SD 1.5 at 512 px needs %.1f GB (below the band); Flux.1-dev in bf16 needs %.1f GB (above it: fp8 weights, %.1f GB, or CPU offload on 24 GB cards).',
          image_mem_gb('sd-1.5', 'generate', 1), image_mem_gb('flux.1-dev', 'generate', 1), image_mem_gb('flux.1-dev', 'generate', 1, 1024, 'fp8'))),
  (15, 'Production inference at scale', '24-48GB', 24, 48, 'L4, L40S, A10, A100', 'l4 l40s a10 a100-sxm-80gb',
   'Flux.1-dev, one 1024x1024 image, bf16', image_mem_gb('flux.1-dev', 'generate', 1, 1024, 'bf16'),
   printf('The 24 GB L4 and A10 hold SDXL at batch 4 (%.1f GB) but not Flux.1-dev in bf16; in fp8 weights Flux.1-dev needs %.1f GB, %s their %.1f GB usable (the L4 has an fp8 peak, the A10 does not).',
          image_mem_gb('sdxl', 'generate', 4), image_mem_gb('flux.1-dev', 'generate', 1, 1024, 'fp8'),
          CASE WHEN image_mem_gb('flux.1-dev', 'generate', 1, 1024, 'fp8') <= 24 * 0.9 THEN 'within' ELSE 'over' END, 24 * 0.9)),
  (16, 'Research / OSS experimentation', '24GB sweet spot', 16, 24, 'RTX 3090, RTX 4090', 'rtx-3090 rtx-4090',
   'ViT-L/16 trained at 224 px, batch 64, and SDXL LoRA at 1024 px, batch 1 (the larger)',
   max(image_mem_gb('vit-l-16', 'train', 64, 224, 'bf16'), image_mem_gb('sdxl', 'train', 1, 1024, 'bf16', 'lora')),
   'The seed names a card size, not a need: both examples fit a 24 GB card with plan_defaults.mem_headroom left free.')),
d AS (SELECT mem_headroom FROM plan_defaults),
-- rows 1-6, 11-13 and 16 train (GPUs of gpus.capability 'train' only);
-- rows 11-16 run a whole vision or diffusion model on each GPU (one GPU);
-- GPUs with a bf16 peak (the examples' dtype) for them and for training;
-- a GPU unsuited to a row is named so among the seed's GPUs
kinds AS (SELECT ord, ord <= 6 OR ord IN (11, 12, 13, 16) AS trains, ord >= 11 AS image FROM seed),
-- the cheapest on-demand price a GPU-hour of each GPU type, by the GPUs in
-- one instance (unflagged prices, whole GPUs, cloud offers)
price AS MATERIALIZED (
  SELECT gpu, devices, min(usd_per_device_hour) AS usd
  FROM offers WHERE owned = 0 AND pricing = 'on-demand' AND price_flag IS NULL AND fraction = 1
  GROUP BY gpu, devices),
-- each guide row x GPU type: the fewest GPUs that hold it, at most 8
need AS (
  SELECT s.ord, g.name AS gpu, g.memory_gb, k.image,
         CAST(ceil(s.need_gb / (g.memory_gb * (1 - d.mem_headroom))) AS INTEGER) AS n,
         CASE WHEN k.trains AND g.capability <> 'train' THEN 'a serving GPU'
              WHEN (k.trains OR k.image) AND coalesce(g.bf16_tflops, 0) <= 0 THEN 'no bf16'
              -- the language-model serving examples are fp8: GPUs vLLM serves fp8 on
              WHEN NOT k.trains AND NOT k.image AND engine_serves('vllm', g.name, 'fp8') = 0 THEN 'no fp8 in vllm'
         END AS unsuited
  FROM seed s JOIN kinds k ON k.ord = s.ord CROSS JOIN gpus g CROSS JOIN d),
fit AS (
  SELECT n.ord, n.gpu, n.n,
         (SELECT min(p.usd) * n.n FROM price p WHERE p.gpu = n.gpu AND p.devices >= n.n) AS usd_per_hour
  FROM need n WHERE n.unsuited IS NULL AND n.n <= CASE WHEN n.image THEN 1 ELSE 8 END),
top3 AS (
  SELECT ord, group_concat(label, ', ') AS cheapest
  FROM (SELECT ord, printf('%s%s $%.2f/h', gpu, CASE WHEN n > 1 THEN ' x' || n ELSE '' END, usd_per_hour) AS label,
               row_number() OVER (PARTITION BY ord ORDER BY usd_per_hour, gpu) AS k
        FROM fit WHERE usd_per_hour IS NOT NULL ORDER BY ord, k)
  WHERE k <= 3 GROUP BY ord),
seedfit AS (
  SELECT s.ord, group_concat(j.value || CASE WHEN nd.unsuited IS NOT NULL THEN ' no (' || nd.unsuited || ')'
                                             WHEN nd.n = 1 THEN ' yes'
                                             WHEN nd.n <= 8 AND NOT nd.image THEN ' x' || nd.n ELSE ' no' END, ', ') AS seed_gpus_fit
  FROM seed s, json_each('["' || replace(s.seed_slugs, ' ', '","') || '"]') j
  JOIN need nd ON nd.ord = s.ord AND nd.gpu = j.value
  GROUP BY s.ord)
SELECT s.ord, s.workload, s.seed_vram, s.seed_gpus, s.example, round(s.need_gb, 1) AS gpuadv_gb,
       CASE WHEN s.need_gb < s.seed_lo * 0.95 THEN 'below'
            WHEN s.seed_hi IS NOT NULL AND s.need_gb > s.seed_hi * 1.05 THEN 'above'
            ELSE 'inside' END AS vs_seed,
       sf.seed_gpus_fit, t.cheapest, s.note
FROM seed s LEFT JOIN seedfit sf ON sf.ord = s.ord LEFT JOIN top3 t ON t.ord = s.ord
ORDER BY s.ord;
