-- gpuadv_functions, gpuadv_tables and gpuadv_catalog_guard (ext/gpuadv_meta.c)
-- with the extension alone (no sql/gpuadv.sql: tests/sql/views_meta.sql
-- reads it). Every output line must be NAME|1.

-- gpuadv_functions: one row per function, and exactly the arities SQLite
-- has registered under each name (pragma_function_list).
SELECT 'functions_count', count(*) = 45 FROM gpuadv_functions;
SELECT 'functions_unique', count(DISTINCT name) = 45 FROM gpuadv_functions;
WITH RECURSIVE arity(name, n, hi) AS (
  SELECT name, min_args, max_args FROM gpuadv_functions
  UNION ALL SELECT name, n + 1, hi FROM arity WHERE n < hi)
SELECT 'functions_every_arity_registered', count(*) = 154 AND
       sum(NOT EXISTS (SELECT 1 FROM pragma_function_list p
                       WHERE p.name = arity.name AND p.narg = arity.n)) = 0
FROM arity;
SELECT 'functions_no_other_arity', count(*) = 0
FROM pragma_function_list p JOIN gpuadv_functions f ON f.name = p.name
WHERE p.narg NOT BETWEEN f.min_args AND f.max_args;
SELECT 'functions_flags', count(*) = 0
FROM pragma_function_list p JOIN gpuadv_functions f ON f.name = p.name
WHERE p.flags & 2099200 <> 2099200;  -- SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
SELECT 'functions_documented', count(*) = 0 FROM gpuadv_functions
WHERE summary IS NULL OR returns NOT IN ('REAL', 'INTEGER', 'TEXT') OR returns IS NULL;

-- The arguments as README's headings write them, and the anchors of those
-- headings.
SELECT 'functions_decode_tps_arguments',
       arguments = 'mem_bw_gbs, weights_gb [, batch [, efficiency [, kv_gb [, tflops [, active_params_b]]]]]'
       AND min_args = 2 AND max_args = 7
FROM gpuadv_functions WHERE name = 'decode_tps';
SELECT 'functions_model_decode_tps_readme',
       readme = 'docs/functions.md#model_decode_tpsmodel-gpu-dtype--batch--context_tokens--n_gpus--engine--pp--ep--gpus_per_node--fabric_gbps--kv_dtype'
FROM gpuadv_functions WHERE name = 'model_decode_tps';
SELECT 'functions_weights_gb_readme', readme = 'docs/functions.md#weights_gbparams_b-dtype'
FROM gpuadv_functions WHERE name = 'weights_gb';
SELECT 'functions_version', arguments = '' AND readme = 'docs/functions.md#gpuadv_version'
       AND returns = 'TEXT'
FROM gpuadv_functions WHERE name = 'gpuadv_version';

-- returns agrees with what the functions give.
SELECT 'functions_returns_integer',
       typeof(max_batch(80, 10, 1)) = 'integer' AND typeof(nodes_required(100, 80)) = 'integer'
       AND typeof(engine_overlap('vllm')) = 'integer'
       AND typeof(model_serving_batch('llama-3.1-8b', 'h100-sxm', 'fp8', 30, 500)) = 'integer'
       AND typeof(model_serving_batch('llama-3.1-8b', 'h100-sxm', 'fp8', 1000, 500)) = 'integer'
       AND (SELECT group_concat(name) FROM (SELECT name FROM gpuadv_functions
                                            WHERE returns = 'INTEGER' ORDER BY name))
           = 'engine_overlap,engine_serves,max_batch,model_serving_batch,nodes_required,queue_servers,traffic_hybrid_units';
SELECT 'functions_returns_text',
       (SELECT group_concat(name) FROM (SELECT name FROM gpuadv_functions
                                        WHERE returns = 'TEXT' ORDER BY name))
       = 'engine_kv_dtype,gpu_name,gpuadv_version,model_name,spend_problem,traffic_shape,train_layout';

-- gpuadv_tables: the thirteen catalogs, with the counts and as_of ranges of
-- their rows.
SELECT 'tables_catalogs', count(*) = 13 AND sum(kind = 'catalog') = 13 FROM gpuadv_tables;
-- Each catalog's count and as_of range as SQL counts them (committed_prices
-- has NULL and period dates such as '2024-Q4': text order).
WITH counted(check_name, name, n, lo, hi) AS (
  SELECT 'tables_gpus', 'gpus', count(*), min(as_of), max(as_of) FROM gpus
  UNION ALL SELECT 'tables_cloud_instances', 'cloud_instances', count(*), min(as_of), max(as_of) FROM cloud_instances
  UNION ALL SELECT 'tables_models', 'models', count(*), min(as_of), max(as_of) FROM models
  UNION ALL SELECT 'tables_measurements', 'measurements', count(*), min(as_of), max(as_of) FROM measurements
  UNION ALL SELECT 'tables_committed_prices', 'committed_prices', count(*), min(as_of), max(as_of) FROM committed_prices
  UNION ALL SELECT 'tables_cloud_regions', 'cloud_regions', count(*), min(as_of), max(as_of) FROM cloud_regions)
SELECT c.check_name, t.rows = c.n AND t.as_of_min IS c.lo AND t.as_of_max IS c.hi
FROM counted c LEFT JOIN gpuadv_tables t ON t.name = c.name;
SELECT 'tables_aliases_no_as_of', rows = (SELECT count(*) FROM aliases)
       AND as_of_min IS NULL AND as_of_max IS NULL
FROM gpuadv_tables WHERE name = 'aliases';

-- Tables and views of the main schema follow, counted by SQL.
CREATE TABLE quotes(name TEXT, as_of TEXT);
INSERT INTO quotes VALUES ('a', '2025-03-01'), ('b', NULL), ('c', '2024-12-31');
CREATE VIEW recent AS SELECT name FROM quotes WHERE as_of > '2025';
SELECT 'tables_main_table', kind = 'table' AND rows = 3
       AND as_of_min = '2024-12-31' AND as_of_max = '2025-03-01'
FROM gpuadv_tables WHERE name = 'quotes';
SELECT 'tables_main_view', kind = 'view' AND rows = 1 AND as_of_min IS NULL
FROM gpuadv_tables WHERE name = 'recent';
SELECT 'tables_order', group_concat(name) = 'gpus,cloud_instances,models,measurements,engines,engine_support,owned_costs,committed_prices,cloud_regions,spot_interruptions,aliases,image_models,image_measurements,quotes,recent'
FROM gpuadv_tables;
DROP VIEW recent;
DROP TABLE quotes;

-- gpuadv_catalog_guard: one row while no table or view of main takes a
-- catalog's name; temp and attached schemas do not count (a view of main
-- never reads them).
SELECT 'guard_one_row', count(*) = 1 AND min(ok) = 1 FROM gpuadv_catalog_guard;
CREATE TEMP TABLE gpus(name TEXT);
ATTACH ':memory:' AS aux;
CREATE TABLE aux.models(name TEXT);
SELECT 'guard_temp_and_attached', count(*) = 1 FROM gpuadv_catalog_guard;
DETACH aux;
DROP TABLE temp.gpus;
