-- The training step model's functions with layouts that cannot run and
-- arguments out of range. Each statement is followed by the exact error.
SELECT model_train_tps('llama-3.1-8b', 'h100-sxm', 'full', 12, 4096, NULL, 8);
-- error: model_train_tps(): n_gpus must be a multiple of tp x pp (8), got 12
SELECT model_train_tps('llama-3.1-8b', 'h100-sxm', 'full', 16, 4096, NULL, 16, 1, 1, 'selective', 8);
-- error: model_train_tps(): tp must be <= gpus_per_node (8): tensor parallelism stays within a node, got 16
SELECT model_train_tps('llama-3.1-8b', 'h100-sxm', 'full', 8, 4096, NULL, 1, 3);
-- error: model_train_tps(): pp must divide the model's 32 layers, got 3
SELECT model_train_mfu('qwen2.5-7b', 'h100-sxm', 'full', 8, 4096, NULL, 8);
-- error: model_train_mfu(): tp must divide the model's 28 heads, got 8
SELECT model_train_tps('llama-3.1-8b', 'h100-sxm', 'full', 16, 4096, NULL, 1, 1, 1, 'selective', 8, 0);
-- error: model_train_tps(): 16 GPUs span nodes of 8, and fabric_gbps is 0: no fabric between nodes
SELECT model_train_tps('llama-3.1-8b', 'h100-sxm', 'full', 64, 4096, 32);
-- error: model_train_tps(): global_batch must be at least n_gpus / (tp x pp) x micro_batch = 64, got 32
SELECT model_train_tps('llama-3.1-8b', 'h100-sxm', 'full', 8, 4096, NULL, 1, 1, 1, 'selective', 8, 3200, 'q4_k_m');
-- error: model_train_tps(): dtype must be bf16, fp16, fp32, fp8 or fp4 for training, got 'q4_k_m'
SELECT model_train_tps('llama-3.1-8b', 'h100-sxm', 'inference', 8);
-- error: model_train_tps(): mode must be one of full, full16, lora, qlora; got 'inference'
SELECT model_train_tps('llama-3.1-8b', 'h100-sxm', 'full', 8, 4096, NULL, 1, 1, 4);
-- error: model_train_tps(): zero_stage must be a whole number in [0, 3], got 4
SELECT train_layout('llama-3.1-8b', 'h100-sxm', 'full', 1e9, 8, 3200, 8, 0.1, 0, 1);
-- error: train_layout(): tokens_b must be in (0, 1000000], got 1000000000
SELECT train_field('{"n_gpus":8}', 'n"x');
-- error: train_field(): field must be a train_layout field name
