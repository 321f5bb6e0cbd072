-- Workloads whose model is the text of a config.json: the plan views read
-- its shape through model_spec() and give what the catalog name gives.
-- Runs after sql/gpuadv.sql. Every line must print `<name>|1`.
CREATE TEMP TABLE cfg AS SELECT '{"architectures": ["LlamaForCausalLM"], "hidden_size": 4096, "intermediate_size": 14336, "max_position_embeddings": 131072, "model_type": "llama", "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8, "tie_word_embeddings": false, "vocab_size": 128256}' AS text;
INSERT INTO workloads(name, kind, model, requests_per_min, prompt_tokens, output_tokens, user_tps) VALUES ('by-name', 'serve', 'llama-3.1-8b', 60, 1000, 300, 40);
INSERT INTO workloads(name, kind, model, requests_per_min, prompt_tokens, output_tokens, user_tps) SELECT 'by-config', 'serve', text, 60, 1000, 300, 40 FROM cfg;
INSERT INTO workloads(name, kind, model, mode, tokens_b, seq_len) VALUES ('ft-name', 'finetune', 'llama-3.1-8b', 'lora', 0.1, 2048);
INSERT INTO workloads(name, kind, model, mode, tokens_b, seq_len) SELECT 'ft-config', 'finetune', text, 'lora', 0.1, 2048 FROM cfg;
SELECT 'vcfg-inputs-shape', (SELECT count(*) FROM workload_inputs a JOIN workload_inputs b ON a.name = 'by-name' AND b.name = 'by-config' WHERE a.layers = b.layers AND a.hidden = b.hidden AND a.heads = b.heads AND a.kv_heads = b.kv_heads AND a.head_dim = b.head_dim AND a.model_context = b.model_context AND b.catalog_model AND abs(b.params_b - 8.030261248) < 1e-9) = 1;
SELECT 'vcfg-inputs-model-is-config', (SELECT model FROM workload_inputs WHERE name = 'by-config') = (SELECT text FROM cfg);
SELECT 'vcfg-serving-same-top', (SELECT a.offer = b.offer AND a.gpus_per_replica = b.gpus_per_replica AND a.replicas = b.replicas AND abs(a.usd_per_hour / b.usd_per_hour - 1) < 1e-3 FROM serving_plans a, serving_plans b WHERE a.workload = 'by-name' AND a.rank = 1 AND b.workload = 'by-config' AND b.rank = 1);
SELECT 'vcfg-serving-rows', (SELECT count(*) FROM serving_plans WHERE workload = 'by-config') = (SELECT count(*) FROM serving_plans WHERE workload = 'by-name');
SELECT 'vcfg-training-same-fit', (SELECT a.n = b.n AND a.works = b.works AND abs(a.mem / b.mem - 1) < 1e-3 FROM (SELECT count(*) AS n, sum(works) AS works, sum(mem_gb_per_gpu) AS mem FROM training_plans WHERE workload = 'ft-name') a, (SELECT count(*) AS n, sum(works) AS works, sum(mem_gb_per_gpu) AS mem FROM training_plans WHERE workload = 'ft-config') b);
