#!/bin/bash
# The real config.json files of tests/configs/ through the sqlite3 shell's
# readfile(): for each model that is also in the models catalog,
# model_spec(config) has the catalog row's shape (every column from layers
# to extra_kv_elems), model_kv_gb agrees with the catalog at 1 and
# 8192 tokens (gemma-2-9b's context, beyond which model_kv_gb refuses),
# and params_b is within 1% of the catalog's published figure (vision
# encoders included on both sides). Every file reads through model_config
# without error. gemma-3n-e4b's catalog figure is Google's raw 8B with the
# vision and audio encoders (about 1.1B), which the reader does not count
# (its 6.867B is the text tower): hence its 17%.
# Prints `ok NAME` / `FAIL NAME`; exit status 1 on any failure.
set -u
. "$(dirname "$0")/../lib.sh"
EXT=./gpuadv

# fixture catalog-name params-tolerance
pairs="llama-3.1-8b llama-3.1-8b 0.01
llama-3.1-70b llama-3.1-70b 0.01
qwen2.5-7b qwen2.5-7b 0.01
qwen3-32b qwen3-32b 0.01
qwen3-30b-a3b qwen3-30b-a3b 0.01
mistral-7b-v0.1 mistral-7b 0.01
mixtral-8x7b mixtral-8x7b 0.01
deepseek-v3 deepseek-v3 0.01
gpt-oss-120b gpt-oss-120b 0.01
gemma-2-9b gemma-2-9b 0.01
gemma-3-27b gemma-3-27b 0.01
phi-4-mini phi-4-mini 0.01
glm-4.5-air glm-4.5-air 0.01
qwen3-next-80b-a3b qwen3-next-80b-a3b 0.01
llama-4-scout llama-4-scout 0.01
kimi-k2 kimi-k2 0.01
kimi-linear-48b-a3b kimi-linear-48b-a3b 0.01
mistral-large-3 mistral-large-3 0.01
gemma-4-31b gemma-4-31b 0.01
gemma-4-26b-a4b gemma-4-26b-a4b 0.01
gemma-3n-e4b gemma-3n-e4b 0.17
glm-5 glm-5 0.01
deepseek-v4-flash deepseek-v4-flash 0.01
kimi-k3 kimi-k3 0.01"

cols="layers hidden intermediate heads kv_heads head_dim vocab context attention
      kv_lora_rank qk_rope_head_dim n_experts experts_per_token sliding_window
      sliding_layers linear_layers linear_state_elems global_kv_heads
      global_head_dim kv_shared_layers kv_shared_sliding extra_kv_elems"
diff_sql=""
for c in $cols; do
  diff_sql="$diff_sql || CASE WHEN s.$c IS m.$c THEN '' ELSE ' $c:' || coalesce(s.$c, 'NULL') || '/' || coalesce(m.$c, 'NULL') END"
done

while read -r file name tol; do
  f="tests/configs/$file.json"
  got=$(sq :memory: "SELECT '' $diff_sql FROM model_spec(readfile('$f')) s, models m WHERE m.name = '$name'")
  expect "$file: model_spec shape = catalog $name" "" "$got"
  got=$(sq :memory: "SELECT model_kv_gb(readfile('$f'), 1) = model_kv_gb('$name', 1) AND model_kv_gb(readfile('$f'), 8192, 2, 'fp8') = model_kv_gb('$name', 8192, 2, 'fp8')")
  expect "$file: model_kv_gb = catalog $name" "1" "$got"
  got=$(sq :memory: "SELECT abs(s.params_b / m.params_b - 1) <= $tol FROM model_spec(readfile('$f')) s, models m WHERE m.name = '$name'")
  expect "$file: params_b within $tol of catalog $name" "1" "$got"
done <<< "$pairs"

for f in tests/configs/*.json; do
  got=$(sq :memory: "SELECT count(*) >= 25 FROM model_config(readfile('$f'))")
  expect "$(basename "$f"): model_config reads" "1" "$got"
done

[ "$fails" -eq 0 ]
