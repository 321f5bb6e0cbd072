-- Catalog names: slugs and aliases, case, spaces and underscores ignored,
-- through the functions, the gpus/models tables and the aliases catalog.
-- Every check is one line `SELECT 'NAME', <boolean>;` printing NAME|1.
SELECT 'name-gpu-slug', gpu_name('h100-sxm') = 'h100-sxm';
SELECT 'name-gpu-case', gpu_name('H100-SXM') = 'h100-sxm';
SELECT 'name-gpu-spaces', gpu_name('h100 sxm') = 'h100-sxm' AND gpu_name('RTX_4090') = 'rtx-4090';
SELECT 'name-gpu-vendor', gpu_name('H100 SXM5 80GB') = 'h100-sxm' AND gpu_name('NVIDIA H100 80GB HBM3') = 'h100-sxm';
SELECT 'name-gpu-mi300x', gpu_name('MI300X') = 'mi300x' AND gpu_name('AMD Instinct MI300X') = 'mi300x';
SELECT 'name-gpu-smi', gpu_name('NVIDIA A100-SXM4-80GB') = 'a100-sxm-80gb' AND gpu_name('Tesla V100-SXM2-16GB') = 'v100-sxm-16gb';
SELECT 'name-gpu-provider', gpu_name('RTXA6000') = 'rtx-a6000' AND gpu_name('NVIDIA T4 Tensor Core') = 't4';
SELECT 'name-gpu-ambiguous-null', gpu_name('h100') IS NULL AND gpu_name('A100') IS NULL;
SELECT 'name-gpu-unknown-null', gpu_name('h900') IS NULL AND gpu_name('') IS NULL;
SELECT 'name-gpu-null', gpu_name(NULL) IS NULL AND gpu_name(NULL, 'x') IS NULL AND gpu_name('h900', NULL) IS NULL;
SELECT 'name-model-hf', model_name('meta-llama/Llama-3.1-70B-Instruct') = 'llama-3.1-70b';
SELECT 'name-model-short', model_name('Llama-3.1-70B') = 'llama-3.1-70b' AND model_name('Meta-Llama-3-8B') = 'llama-3-8b';
SELECT 'name-model-ollama', model_name('llama3.1:8b') = 'llama-3.1-8b' AND model_name('qwen2.5:7b') = 'qwen2.5-7b';
SELECT 'name-model-base', model_name('Qwen/Qwen3-8B-Base') = 'qwen3-8b' AND model_name('google/gemma-3-27b-it') = 'gemma-3-27b';
SELECT 'name-kv-alias', model_kv_gb('Llama-3.1-70B', 1024) = model_kv_gb('llama-3.1-70b', 1024);
SELECT 'name-weights-alias', model_weights_gb('meta-llama/Llama-3.1-70B-Instruct', 'fp8') = model_weights_gb('llama-3.1-70b', 'fp8') AND round(model_weights_gb('meta-llama/Llama-3.1-70B-Instruct', 'fp8'), 2) = 72.70;
SELECT 'name-decode-alias', model_decode_tps('meta-llama/Llama-3.1-70B-Instruct', 'H100-SXM', 'bf16') = model_decode_tps('llama-3.1-70b', 'h100-sxm', 'bf16');
SELECT 'name-prefill-alias', model_prefill_tps('Qwen/Qwen2.5-7B-Instruct', 'NVIDIA L40S', 'fp8') = model_prefill_tps('qwen2.5-7b', 'l40s', 'fp8');
SELECT 'name-table-alias', (SELECT group_concat(name) FROM gpus WHERE name = 'H100 SXM5 80GB') = 'h100-sxm';
SELECT 'name-table-case', (SELECT group_concat(name) FROM models WHERE name = 'LLAMA-3.1-8B') = 'llama-3.1-8b';
SELECT 'name-table-ambiguous', (SELECT count(*) FROM gpus WHERE name = 'h100') = 0;
SELECT 'name-table-in', (SELECT group_concat(name) FROM (SELECT name FROM gpus WHERE name IN ('MI300X', 'Tesla T4') ORDER BY name)) = 'mi300x,t4';
SELECT 'name-table-nocase', (SELECT count(*) FROM (SELECT name FROM gpus LIMIT -1) WHERE name = 'H100-SXM') = 1;
SELECT 'name-join-alias', (SELECT count(*) FROM (SELECT 'NVIDIA H100 80GB HBM3' AS gpu UNION ALL SELECT 'mi300x') q JOIN gpus g ON g.name = q.gpu) = 2;
SELECT 'name-aliases-targets', (SELECT count(*) FROM aliases a WHERE a.catalog = 'gpus' AND gpu_name(a.name) IS NOT a.name) = 0 AND (SELECT count(*) FROM aliases a WHERE a.catalog = 'models' AND model_name(a.name) IS NOT a.name) = 0;
SELECT 'name-aliases-resolve', (SELECT count(*) FROM aliases a WHERE a.catalog = 'gpus' AND gpu_name(a.alias) IS NOT a.name) = 0 AND (SELECT count(*) FROM aliases a WHERE a.catalog = 'models' AND model_name(a.alias) IS NOT a.name) = 0;
SELECT 'name-aliases-every-model', (SELECT count(*) FROM models m WHERE NOT EXISTS (SELECT 1 FROM aliases a WHERE a.catalog = 'models' AND a.name = m.name)) = 0;
SELECT 'name-aliases-hf-id', (SELECT count(*) FROM models m WHERE NOT EXISTS (SELECT 1 FROM aliases a WHERE a.catalog = 'models' AND a.name = m.name AND m.source LIKE 'https://huggingface.co/' || a.alias || '/%')) = 0;
SELECT 'name-aliases-lookup-plan', (SELECT count(*) FROM aliases WHERE alias = 'MI300X') = 0 AND (SELECT count(*) FROM aliases WHERE alias = 'AMD Instinct MI300X') = 1;
SELECT 'name-gpus-capability', (SELECT group_concat(name) FROM (SELECT name FROM gpus WHERE capability = 'serve' ORDER BY name)) = 'cloud-ai-100,inferentia,inferentia2';
SELECT 'name-gpus-capability-values', (SELECT count(*) FROM gpus WHERE capability NOT IN ('train', 'serve') OR capability IS NULL) = 0;
