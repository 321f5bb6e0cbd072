-- gpuadv_tables after sql/gpuadv.sql (the runner reads it first, as for
-- every views_ file): the catalogs, then every table and view of the
-- schema with its row count and as_of range, counted by SQL.
SELECT 'views_meta_kinds',
       sum(kind = 'catalog') = 13 AND sum(kind = 'table') = 7 AND sum(kind = 'view') = 26
       AND sum(kind = 'view') = (SELECT count(*) FROM sqlite_schema WHERE type = 'view')
FROM gpuadv_tables;
SELECT 'views_meta_schema_objects',
       (SELECT group_concat(name) FROM (SELECT name FROM gpuadv_tables WHERE kind <> 'catalog'))
       = (SELECT group_concat(name) FROM (SELECT name FROM sqlite_schema
                                          WHERE type IN ('table', 'view') ORDER BY name));
SELECT 'views_meta_offers', rows = (SELECT count(*) FROM offers)
       AND as_of_min = (SELECT min(as_of) FROM offers) AND as_of_max = (SELECT max(as_of) FROM offers)
FROM gpuadv_tables WHERE name = 'offers';
SELECT 'views_meta_speed_basis', rows = (SELECT count(*) FROM engines) * (SELECT count(*) FROM gpus)
       AND as_of_min IS NULL
FROM gpuadv_tables WHERE name = 'speed_basis';
SELECT 'views_meta_plan_defaults', kind = 'view' AND rows = 1 FROM gpuadv_tables WHERE name = 'plan_defaults';
INSERT INTO workloads(name, kind, model, mode, tokens_b) VALUES ('meta-ft', 'finetune', 'llama-3.1-8b', 'qlora', 1);
SELECT 'views_meta_workloads', rows = 1 FROM gpuadv_tables WHERE name = 'workloads';
SELECT 'views_meta_best_plans', rows = 1 FROM gpuadv_tables WHERE name = 'best_plans';
