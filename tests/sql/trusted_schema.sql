-- The functions are DETERMINISTIC|INNOCUOUS: views, generated columns,
-- CHECK constraints and expression indexes that use them keep working
-- when the schema is not trusted. Every line must print `<name>|1`.
PRAGMA trusted_schema = OFF;
CREATE TABLE plan(params_b REAL, dtype TEXT,
                  weights REAL GENERATED ALWAYS AS (weights_gb(params_b, dtype)) STORED,
                  gpus INTEGER GENERATED ALWAYS AS (nodes_required(weights_gb(params_b, dtype), 80)) VIRTUAL,
                  CHECK (train_mem_gb(params_b, 'inference') > 0));
CREATE INDEX plan_kv ON plan(kv_cache_gb(80, 8, 128, params_b));
CREATE VIEW plan_view AS SELECT params_b, decode_tps(3350, weights, 1, 1.0) AS tps FROM plan;
INSERT INTO plan(params_b, dtype) VALUES (70, 'bf16'), (7, 'fp16'), (405, 'fp8');
SELECT 'ts-generated-stored', (SELECT weights FROM plan WHERE params_b = 70) = 140.0;
SELECT 'ts-generated-virtual', (SELECT gpus FROM plan WHERE params_b = 405) = 6;
SELECT 'ts-view', abs((SELECT tps FROM plan_view WHERE params_b = 7) - 239.285714285714) < 1e-9;
SELECT 'ts-index', (SELECT count(*) FROM plan WHERE kv_cache_gb(80, 8, 128, params_b) > 0) = 3;
SELECT 'ts-check-enforced', (SELECT count(*) FROM plan) = 3;
