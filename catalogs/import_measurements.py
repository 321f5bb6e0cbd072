#!/usr/bin/python3
"""Build catalogs/measurements.csv from the published-measurements extract.

Usage (from the repository root):

    /usr/bin/python3 catalogs/import_measurements.py \
        --src ../shared/data/measurements --gpus catalogs/gpus.csv \
        --models catalogs/models.csv --out catalogs/measurements.csv

Standard library only.  Reads decode_tps.csv, train_mem.csv and hw_achieved.csv
from <src> (see <src>/SOURCE.md) and the 2025-2026 serving rows of
<src>/modern/serving.csv (see <src>/modern/SOURCE.md), maps each GPU and model
label to a catalog slug through the tables below, turns the configuration columns
into typed values and writes one CSV in source order (decode_tps.csv,
train_mem.csv, hw_achieved.csv, modern/serving.csv), then the rows of
catalogs/measurements_published.csv (modern/serving.csv's columns: rows read
from a published source for gpuadv), followed by REPORTED_ROWS
(measurements reported to the project, with the report as their source).  The
output is deterministic: the same input gives the same bytes.  Every source row
is written unless EXCLUDE names it; counts per kind, exclusions and the GPU and
model labels left without a slug (with the pending slug, where one is being
added) go to stderr.  catalogs/measurements.md explains the table.

Exit status: 0 on success; 1 when a label cannot be mapped (message
`file:line: cannot map gpu 'X'`, and likewise for model, dtype, unit, mode,
grad_checkpointing, metric, framework, batch, batch_or_concurrency), when a
mapping names a slug missing from gpus.csv or
models.csv, when an integer field has an unexpected form, when a row has no
date, or when an id repeats; 2 on bad usage.  Nothing is written unless the run
succeeds.

The columns, their types and sane ranges are declared once, in
catalogs/gen_catalog.py (table `measurements`), which validates this file at
build time.
"""
import argparse
import csv
import decimal
import os
import re
import sys

HEADER = ['id', 'kind', 'metric', 'gpu', 'gpu_count', 'model', 'params_b', 'dtype',
          'kv_dtype', 'framework', 'batch', 'prompt_tokens', 'gen_tokens', 'mode', 'optimizer',
          'micro_batch', 'seq_len', 'grad_checkpointing', 'lora_rank', 'zero_stage',
          'engine', 'engine_version', 'tp', 'pp', 'ep', 'concurrency', 'scenario',
          'speculative', 'value', 'unit', 'gpu_label', 'model_label', 'dtype_label', 'source',
          'as_of', 'notes', 'repeat_of']

FILES = ['decode_tps.csv', 'train_mem.csv', 'hw_achieved.csv']

# Columns each source file must have (SOURCE.md).
SOURCE_COLUMNS = {
    'decode_tps.csv': ['id', 'source', 'gpu', 'gpu_count', 'model', 'params_b',
                       'dtype', 'framework', 'batch', 'prompt_tokens', 'gen_tokens',
                       'metric', 'value', 'unit', 'notes'],
    'train_mem.csv': ['id', 'source', 'gpu', 'gpu_count', 'model', 'params_b', 'mode',
                      'dtype', 'optimizer', 'micro_batch', 'seq_len',
                      'grad_checkpointing', 'lora_rank', 'zero_stage',
                      'measured_peak_gb', 'unit', 'notes'],
    'hw_achieved.csv': ['id', 'source', 'gpu', 'gpu_count', 'metric', 'dtype',
                        'benchmark', 'value', 'unit', 'spec_value_in_source',
                        'notes'],
    'train_tps_published.csv': ['id', 'source', 'as_of', 'gpu', 'gpu_count',
                                'gpus_per_node', 'model', 'params_b', 'active_params_b',
                                'layers', 'hidden', 'intermediate', 'heads', 'kv_heads',
                                'vocab', 'n_experts', 'experts_per_token', 'mode', 'dtype',
                                'framework', 'seq_len', 'global_batch', 'micro_batch', 'tp',
                                'pp', 'cp', 'ep', 'vp', 'zero_stage', 'recompute', 'fabric',
                                'metric', 'value', 'unit', 'notes'],
}

# The date the extract was made; used as as_of only where a source carries no
# date at all (the same rule as cloud_instances.csv), and said so in notes.
EXTRACTION_DATE = '2026-11-22'

# Source rows left out on purpose: id -> reason.  None today: every source row
# has a single number as its value.
EXCLUDE = {}

# Problems the importer found that the source does not flag: id -> note (added to
# the row's notes; the value is kept as printed).
IMPORT_FLAGS = {
    'H089': 'check: 831 GB/s is above the RTX 2070 Super DRAM bandwidth (448 GB/s: '
            '256-bit GDDR6 at 14 Gbps) and equals the RTX 3090 row (H095); probably '
            'an error in the source table, do not use for calibration',
}

# decode_tps.csv metric -> kind.
DECODE_KINDS = {
    'decode_tps_per_stream': 'decode',     # batch-1 generation speed of one stream
    'prefill_tps': 'prefill',              # prompt processing speed
    'decode_tps_aggregate': 'aggregate',   # output tokens/s of all streams, all GPUs
}

# decode_tps.csv framework (re.fullmatch) -> engine keyword, engine_version.  The
# source text stays in `framework`.
LEGACY_ENGINES = [
    (r'llama\.cpp llama-bench .*', 'llama.cpp', ''),         # no build number given
    (r'TensorRT-LLM trtllm-bench \(PyTorch backend\), TP\d+', 'trtllm', ''),
    (r'TensorRT-LLM \(NVIDIA MLPerf harness\)', 'trtllm', ''),
    (r'vLLM 0\.4\.3\+rocm614.*', 'vllm', '0.4.3+rocm614'),    # MLPerf AMD submission
]

# decode_tps.csv: the serving scenario, from the batch text as printed (re.fullmatch;
# an empty pattern entry matches rows whose batch is a plain integer).
LEGACY_SCENARIOS = [
    (r'1', 'single-stream'),                                # llama-bench tg/pp runs
    (r'max load \(.*\)', 'offline'),                       # trtllm-bench offline max load
    (r'max \(Offline scenario\)', 'offline'),              # MLPerf Offline
    (r'Server scenario \(.*\)', 'online'),                 # MLPerf Server (Poisson arrivals)
]

# GPU label (re.fullmatch) -> gpus.name slug, or None for a deliberately empty gpu.
# The third field, where given, is added to the row's notes (the reason for an empty
# gpu, or what differs between the measured part and the catalog row).
# First match wins.
GPU_MAP = [
    # --- decode_tps.csv ---
    (r'AMD Instinct MI300X 192GB \(750W, OAM\)', 'mi300x', None),      # MI300X OAM, 750 W
    (r'Apple M1 \(7-core GPU, 8GB unified memory, 13-inch MacBook Air\)', 'apple-m1',
     'gpu: 7-core-GPU M1 with 8 GB; the catalog apple-m1 row is the 8-core-GPU, '
     '16 GB configuration (same 68.25 GB/s memory bandwidth, about 7/8 of the compute)'),
    (r'Apple M1 Max \(32-core GPU, 64GB unified memory, 14-inch MBP\)',
     'apple-m1-max', None),                                              # exactly the catalog config
    (r'Apple M2 Ultra \(76-core GPU, 192GB unified memory, Mac Studio\)',
     'apple-m2-ultra', None),                                            # exactly the catalog config
    (r'B200 180GB \(DGX B200\)', 'b200', None),                          # DGX B200 GPU, 180 GB
    (r'GB200 192GB \(GB200 NVL72\)', 'gb200', None),                     # one GPU of GB200 NVL72 (catalog is per GPU)
    (r'(NVIDIA )?H100 SXM 80GB \(DGX H100\)', 'h100-sxm', None),         # DGX H100 = H100 SXM5 80 GB
    (r'NVIDIA A100 80GB PCIe', 'a100-pcie-80gb', None),                  # form factor and memory stated
    (r'NVIDIA A100 80GB SXM', 'a100-sxm-80gb', None),                    # form factor and memory stated
    (r'NVIDIA B200 SXM 180GB', 'b200', None),                            # MLPerf B200-SXM-180GB
    (r'NVIDIA GeForce RTX 3070 8GB', 'rtx-3070', None),                  # the 8 GB GDDR6 card
    (r'NVIDIA GeForce RTX 3080 10GB', 'rtx-3080', None),                 # catalog rtx-3080 is the 10 GB card
    (r'NVIDIA GeForce RTX 3090( 24GB)?', 'rtx-3090', None),              # one memory size only
    (r'NVIDIA GeForce RTX 4070 Ti 12GB', 'rtx-4070-ti', None),           # not the 4070 Ti SUPER
    (r'NVIDIA GeForce RTX 4090( 24GB)?', 'rtx-4090', None),              # one memory size only
    (r'NVIDIA L40S 48GB', 'l40s', None),
    (r'NVIDIA RTX 4000 Ada Generation 20GB', 'rtx-4000-ada', None),
    (r'NVIDIA RTX 6000 Ada Generation 48GB', 'rtx-6000-ada', None),
    (r'NVIDIA RTX A6000 48GB', 'rtx-a6000', None),
    # --- train_mem.csv ---
    (r'NVIDIA A100 \(memory/form factor not stated\)', None,
     'gpu empty: A100 without memory size or form factor; four catalog slugs '
     '(a100-pcie-40gb, a100-pcie-80gb, a100-sxm-40gb, a100-sxm-80gb) fit'),
    (r'NVIDIA H100 96GB HBM2e SXM \(Grand Teton, 500W\)', None,
     'gpu empty: H100 96 GB HBM2e (2.4 TB/s) at a 500 W limit in Meta Grand Teton; '
     'the catalog has no such variant (h100-sxm is 80 GB HBM3 at 3.35 TB/s, '
     'h100-nvl 94 GB HBM3 PCIe)'),
    # --- hw_achieved.csv ---
    (r'Intel Gaudi 2', 'gaudi2', None),
    (r'Intel Gaudi 3', 'gaudi3', None),
    (r'NVIDIA A100 SXM', None,
     'gpu empty: A100 SXM without memory size; a100-sxm-40gb and a100-sxm-80gb both fit'),
    (r'NVIDIA A100 PCIe', None,
     'gpu empty: A100 PCIe without memory size; a100-pcie-40gb and a100-pcie-80gb both fit'),
    (r'NVIDIA A100 \(8x node, NVLink3\)', None,
     'gpu empty: A100 node without memory size; a100-sxm-40gb and a100-sxm-80gb both fit'),
    (r'NVIDIA A100 80GB \(form factor not stated\)', None,
     'gpu empty: A100 80GB without form factor; a100-pcie-80gb and a100-sxm-80gb both fit'),
    (r'NVIDIA A100-SXM4-40GB', 'a100-sxm-40gb', None),                   # nvidia-smi name, stated exactly
    (r'NVIDIA A100-SXM4-80GB', 'a100-sxm-80gb', None),                   # nvidia-smi name, stated exactly
    (r'NVIDIA GH200 SXM \(900W, 141GiB HBM3e\)', 'gh200',
     'gpu: the 144 GB (141 GiB) HBM3e GH200 at 900 W; the catalog gh200 row describes '
     'the 96 GB HBM3 configuration (same Hopper compute, more and faster memory)'),
    (r'NVIDIA H100 SXM', 'h100-sxm', None),                              # only one H100 SXM slug
    (r'NVIDIA H100 SXM 80GB \(HGX, NVLink4\)', 'h100-sxm', None),        # HGX H100 SXM5 80 GB
    (r'NVIDIA H100 PCIe 80GB', 'h100-pcie', None),
    (r'NVIDIA H100 \(cluster; form factor not stated\)', None,
     'gpu empty: H100 without form factor; h100-pcie, h100-sxm and h100-nvl fit'),
    (r'NVIDIA H200 SXM( \(8x node, NVLink4 via NVSwitch\)| \(PCIe 5 x16 per GPU\))?',
     'h200', None),                                                     # catalog h200 is the SXM part
    (r'NVIDIA B300 SXM', 'b300', None),
    (r'NVIDIA B200 SXM', 'b200', None),
    (r'NVIDIA GB200 SXM \(per B200 chip\)', 'gb200', None),              # per GPU, as the catalog row
    (r'NVIDIA GB300 \(DGX Station, half GB300 module\), NVLink-C2C', None,
     'gpu empty: DGX Station GB300 (one Grace, one Blackwell Ultra GPU); the catalog '
     'gb300 row is a GPU of the GB300 NVL72, whose C2C host link is shared differently'),
    (r'NVIDIA H20-3e', None, 'gpu empty: no H20 row in the catalog'),
    (r'NVIDIA H800 \(reduced NVLink\)', None, 'gpu empty: no H800 row in the catalog'),
    (r'AMD MI355X', 'mi355x', None),
    (r'AMD MI325X', 'mi325x', None),
    (r'AMD MI300X', 'mi300x', None),
    (r'AMD MI250X \(1 GCD\)', 'mi250x',
     'gpu: measured on ONE GCD (half an MI250X); the catalog mi250x row is the whole '
     'OAM module of 2 GCDs, so compare with half its figures'),
    (r'AMD Radeon RX 7900 XTX', 'rx-7900-xtx', None),
    (r'Apple M1 GPU', 'apple-m1',
     'gpu: GPU core count not stated (7 or 8); the catalog apple-m1 row is the 8-core GPU'),
    (r'Apple M1 Max \(MacBook Pro\)', 'apple-m1-max',
     'gpu: GPU core count not stated (24 or 32, both 400 GB/s); the catalog '
     'apple-m1-max row is the 32-core GPU'),
    (r'Apple M1 Pro GPU 16-core', None, 'gpu empty: no M1 Pro row in the catalog'),
    (r'Apple M2 GPU', None, 'gpu empty: no base M2 row in the catalog'),
    (r'Apple M2 Ultra GPU \(76 Core\)', 'apple-m2-ultra', None),         # 76-core, as the catalog row
    (r'Apple M3 Max GPU \(40 Core\)', 'apple-m3-max', None),             # 40-core, as the catalog row
    (r'Apple M4 Max GPU \(16C,40C,128G\)', 'apple-m4-max', None),        # 16C CPU/40C GPU/128 GB, as the catalog row
    (r'Intel Arc A770 16GB', None, 'gpu empty: no Intel Arc row in the catalog'),
    (r'Intel Data Center GPU Max 1100', None,
     'gpu empty: no Intel Data Center GPU Max row in the catalog'),
    (r'NVIDIA T4', 't4', None),
    (r'NVIDIA L4', 'l4', None),
    (r'NVIDIA V100 32GB', None,
     'gpu empty: V100 32GB without form factor; v100-pcie-32gb and v100-sxm-32gb both fit'),
    (r'NVIDIA A10 24GB', 'a10', None),                                   # A10 (not the AWS A10G)
    (r'NVIDIA GeForce RTX 2070 Super', None, 'gpu empty: no RTX 20-series GeForce row in the catalog'),
    (r'NVIDIA GeForce RTX 3060 12GB', 'rtx-3060', None),                 # catalog rtx-3060 is the 12 GB model
    (r'NVIDIA GeForce RTX 3090 Ti( 24GB)?', 'rtx-3090-ti', None),      # one memory size only
    (r'NVIDIA GeForce RTX 4060 Ti', None,
     'gpu empty: RTX 4060 Ti without memory size; rtx-4060-ti-8gb and rtx-4060-ti-16gb both fit'),
    (r'NVIDIA GeForce RTX 4070 Super', None,
     'gpu empty: no RTX 4070 SUPER row in the catalog (rtx-4070 is a different card)'),
    (r'NVIDIA GeForce RTX 4070 Ti Super', 'rtx-4070-ti-super', None),
    (r'NVIDIA GeForce RTX 5070 Ti', None,
     'gpu empty: no RTX 5070 Ti row in the catalog (rtx-5070 is a different card)'),
    (r'NVIDIA A800 80GB PCIe', 'a800-pcie-80gb', None),
    (r'NVIDIA TITAN Xp', None, 'gpu empty: no TITAN Xp row in the catalog'),
    (r'NVIDIA Tesla K40m', None, 'gpu empty: no K40 row in the catalog'),
    (r'NVIDIA GeForce GTX 980 Ti', None, 'gpu empty: no GTX 980 Ti row in the catalog'),
    # --- modern/serving.csv ---
    (r'B200( \(8-GPU HGX node\)| \(8xB200 DGX\))?', 'b200', None),      # HGX/DGX B200 GPU
    (r'B300', 'b300', None),
    (r'GB200( \(NVL72\)| NVL72)?', 'gb200', None),                      # one GPU of GB200 (catalog is per GPU)
    (r'GB300 \(NVL72\)', 'gb300', None),                                # one GPU of GB300 NVL72
    (r'H100( \(2 nodes x 8, InfiniBand\)| \(8 per node\)| \(8 per node; 12-node cluster\))?',
     'h100-sxm',
     'gpu: the source says H100 without form factor or memory; mapped to h100-sxm '
     '(80 GB HBM3, the H100 of 8-GPU NVLink servers); h100-pcie and h100-nvl have '
     'less memory bandwidth'),
    (r'H100 80GB HBM3', 'h100-sxm', None),                               # 80 GB HBM3 is the SXM5 part (PCIe is HBM2e)
    (r'H200( \(CoreWeave cluster, InfiniBand CX-7\)| 141GB HBM3| SXM 141GB \(DGX H200\))?',
     'h200', None),                                                     # catalog h200 is the SXM part
    (r'MI300X( \(192GB HBM3 750W\), dual EPYC 9554 server'
     r'| \(192GiB, 750W\) in Supermicro AS-8125GS-TNMR2)?', 'mi300x', None),  # OAM, 750 W
    (r'MI325X', 'mi325x', None),
    (r'MI355X', 'mi355x', None),
    (r'NVIDIA RTX 6000 Ada Generation', 'rtx-6000-ada', None),
    (r'RTX PRO 6000 Blackwell Workstation Edition', 'rtx-pro-6000', None),  # the 600 W card, as the catalog row
    (r'RTX 6000 Pro Blackwell Server Edition', 'rtx-pro-6000-server', None),
    (r'NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition', 'rtx-pro-6000',
     'gpu: Max-Q Workstation Edition (300 W); the catalog rtx-pro-6000 row is the '
     '600 W Workstation Edition (same 96 GB GDDR7 at 1792 GB/s, lower compute at '
     'the lower power limit); the catalog has no Max-Q row'),
    (r'GeForce RTX 5090 Founders Edition', 'rtx-5090', None),
    # --- measurements_published.csv: vLLM and SGLang on GDDR cards and A100 ---
    (r'NVIDIA GeForce RTX 5090', 'rtx-5090', None),                     # one memory size only
    (r'NVIDIA GeForce RTX 4080', 'rtx-4080', None),                     # the 16 GB card (not the SUPER)
    (r'NVIDIA GeForce RTX 5080', 'rtx-5080', None),                     # one memory size only
    (r'DGX Spark \(GB10(, 128GB LPDDR5x)?\)', 'gb10', None),
    # --- measurements_published.csv: single-stream rows of SGLang and vLLM ---
    (r"NVIDIA A100 40GB \(Modal 'A100', form factor not stated\)", 'a100-sxm-40gb',
     'gpu: A100 40GB without form factor; a100-pcie-40gb and a100-sxm-40gb have the '
     'same memory bandwidth (1555 GB/s) and matmul rates in gpus.csv, so every '
     'estimate of a row on one GPU is the same on either'),
    # --- measurements_published.csv: MLPerf Inference v5.1 and v6.0 vLLM rows ---
    (r'AMD Instinct MI350X 288GB HBM3e', 'mi350x', None),              # MLPerf's name: the 288 GB OAM part
]

# Model label (re.fullmatch) -> models.name slug, with an optional note.
MODEL_MAP = [
    (r'Meta-Llama-3-8B', 'llama-3-8b', None),                            # GGUF of the base model
    (r'Meta-Llama-3-70B', 'llama-3-70b', None),
    (r'CodeLlama-7B \(llama 7B arch\)', 'llama-2-7b',
     'model: CodeLlama-7B has the layer shapes of Llama 2 7B (32 layers, hidden 4096, '
     '32 heads, 6.74B parameters); its vocabulary is 32016 instead of 32000'),
    (r'Llama-2-70B \(llama2-70b benchmark, OpenOrca\)', 'llama-2-70b', None),  # MLPerf llama2-70b = Llama-2-70b-chat
    (r'Llama-3\.1-8B-Instruct \(nvidia/Llama-3\.1-8B-Instruct-FP8\)', 'llama-3.1-8b',
     None),                                                              # instruct tune, same shapes; FP8 checkpoint
    (r'Llama-3\.3-70B-Instruct \(nvidia FP8/FP4 ModelOpt checkpoints\)', 'llama-3.3-70b',
     None),                                                              # FP8/FP4 checkpoints of the same model
    (r'Llama 3\.1 8B', 'llama-3.1-8b', None),
    (r'Llama 3\.1 70B', 'llama-3.1-70b', None),
    (r'Llama 3\.1 405B', 'llama-3.1-405b', None),
    (r'Llama 3\.2 3B', 'llama-3.2-3b', None),
    (r'Llama2-7B', 'llama-2-7b', None),
    (r'Llama2-70B', 'llama-2-70b', None),
    # --- modern/serving.csv ---
    (r'DeepSeek-R1 \(671B MoE\)', 'deepseek-r1', None),
    (r'DeepSeek-R1-0528( \(671B MoE\)| \(MoE\))?', 'deepseek-r1',
     'model: DeepSeek-R1-0528 has the shapes of DeepSeek-R1'),
    (r'DeepSeek-V3 \(671B MoE\)', 'deepseek-v3', None),
    (r'DeepSeek-(R1/V3|V3/R1) \(671B MoE\)', 'deepseek-v3',
     'model: the source names both DeepSeek-V3 and R1, which have the same shapes'),
    (r'DeepSeek-R1 14B \(distill\)', 'qwen2.5-14b',
     'model: DeepSeek-R1-Distill-Qwen-14B is a fine-tune of Qwen2.5-14B (same shapes)'),
    (r'Llama 3\.1 405B \(amd/Llama-3\.1-405B-Instruct-FP8-KV\)', 'llama-3.1-405b', None),
    (r'Llama 3\.1 70B \(amd/Llama-3\.1-70B-Instruct-FP8-KV\)', 'llama-3.1-70b', None),
    (r'Llama-3\.1-405B-Instruct', 'llama-3.1-405b', None),
    (r'Llama-3\.1-8B(-Instruct)?', 'llama-3.1-8b', None),
    (r'Llama-3\.3-70B-Instruct', 'llama-3.3-70b', None),
    (r'llama 8B Q4_0', 'llama-3.1-8b',
     "model: llama-bench's type string 'llama 8B' names the architecture only; "
     'Llama 3 8B and Llama 3.1 8B have the same shapes'),
    (r'Mixtral-8x7B', 'mixtral-8x7b', None),
    (r'Mixtral-8x22B', 'mixtral-8x22b', None),
    (r'Qwen3-235B-A22B', 'qwen3-235b-a22b', None),
    (r'Qwen3-30B-A3B', 'qwen3-30b-a3b', None),
    (r'gpt-oss-120b( \(MoE\))?', 'gpt-oss-120b', None),
    (r'gpt-oss-20b( \(MoE\))?|gpt-oss 20B MXFP4 MoE', 'gpt-oss-20b', None),
    # --- catalogs/measurements_published.csv: InferenceX's per-recipe tables ---
    (r'MiniMax-M2\.5 \(230B MoE\)', 'minimax-m2',
     'model: MiniMax-M2.5 has the shapes of MiniMax-M2 (aliases.csv)'),
    (r'Kimi-K2\.5 / Kimi-K2\.6 \(1T MoE\)', 'kimi-k2',
     'model: the post says its Kimi K2.5 and K2.6 results apply one-to-one; K2.5 has '
     "Kimi K2's text shapes (aliases.csv)"),
    (r'DeepSeek-V4-Pro \(1\.6T MoE\)', 'deepseek-v4-pro', None),
    (r'Qwen3\.5-397B-A17B \(MoE\)', 'qwen3.5-397b-a17b', None),
    # Models not in models.csv yet: model empty, model_label kept.  The slug in the
    # comment is the one being added to models.csv; when it is there, replace None
    # by it (PENDING_MODELS lists the same slugs for the stderr report).
    (r'Llama-4-Scout-17B-16E-Instruct', 'llama-4-scout', None),
    (r'Llama-4-Maverick-17B-128E-Instruct', 'llama-4-maverick', None),
    (r'MiniMax-M3 \(428B MoE(, MXFP8 weights)?\)', 'minimax-m3', None),
    (r'GLM-5 \(744B MoE\)', 'glm-5', None),
    (r'GLM-5\.2-NVFP4 \(MoE\)', None, None),                            # pending: glm-5.2
    (r'NVIDIA-Nemotron-3-Super-120B-A12B-NVFP4 \(MoE\)', None, None),   # pending: nemotron-3-super-120b-a12b
    # issue-reported rows (REPORTED_ROWS)
    (r'Qwen2\.5-32B', 'qwen2.5-32b', None),
    # --- measurements_published.csv: vLLM and SGLang on GDDR cards and A100 ---
    (r'Meta-Llama-3-8B-Instruct', 'llama-3-8b', None),                  # instruct tune, same shapes
    (r'Meta-Llama-3-70B-Instruct', 'llama-3-70b', None),
    (r'Mixtral-8x7B-Instruct-v0\.1', 'mixtral-8x7b', None),
    (r'Qwen2\.5-7B-Instruct(-AWQ)?', 'qwen2.5-7b', None),               # the AWQ checkpoint of the same model
    (r'Qwen2\.5-14B-Instruct', 'qwen2.5-14b', None),
    (r'Qwen2\.5-32B-Instruct-AWQ', 'qwen2.5-32b', None),
    (r'Qwen2\.5-72B-Instruct', 'qwen2.5-72b', None),
    (r'QwQ-32B-AWQ', 'qwen2.5-32b',
     'model: QwQ-32B is a fine-tune of Qwen2.5-32B (same shapes); AWQ checkpoint'),
    # --- measurements_published.csv: single-stream rows of SGLang and vLLM ---
    (r'Qwen3-235B-A22B-Instruct-2507', 'qwen3-235b-a22b',
     'model: the 2507 instruct update has the shapes of Qwen3-235B-A22B'),
    (r'DeepSeek-V3\.1', 'deepseek-v3.1', None),
]

# dtype label (re.fullmatch), gpu label (re.search, or None for any) -> gpuadv dtype
# keyword ('' = none applies), with an optional note.  First match wins.
DTYPE_MAP = [
    (r'Q4_K_M', None, 'q4_k_m', None),                                   # llama.cpp GGUF type
    (r'Q4_0', None, 'q4_0', None),
    (r'Q8_0', None, 'q8_0', None),
    (r'F16', None, 'fp16', None),                                        # GGUF F16 = IEEE half
    (r'FP8( \(.*\))?', None, 'fp8', None),                               # TRT-LLM / MLPerf FP8 (details stay in dtype_label)
    (r'FP4', r'^MI355X', 'mxfp4',
     'dtype: the source says FP4; on AMD CDNA4 the FP4 format is OCP MXFP4'),
    (r'FP4', None, 'fp4', None),                                         # NVFP4 checkpoints
    (r'fp4 \(weight_data_types in the submission\)', r'MI350X', 'mxfp4',
     'dtype: the MLPerf submission says fp4; on AMD CDNA4 the FP4 format is OCP MXFP4'),
    (r'not stated.*', None, '', None),                                   # MLPerf rows whose precision the files do not give
    (r'bf16', None, 'bf16', None),
    (r'nf4 base \+ bf16', None, 'nf4', None),                            # QLoRA: frozen NF4 base, bf16 adapters
    (r'bf16 \+ Float8 linears', None, 'bf16',
     'dtype: weights, gradients and optimizer state are bf16/fp32; Float8 is only the '
     'matmul input format (torchtitan float8 training), so dtype is bf16'),
    (r'fp8 \(float8_e4m3fn\)', None, 'fp8', None),
    (r'fp32', None, 'fp32', None),
    (r'fp16', None, 'fp16', None),
    (r'tf32/fp32 \(torch default\)', r'V100', 'fp32',
     'dtype: V100 has no TF32 units, so the torch default is plain fp32'),
    (r'tf32/fp32 \(torch default\)', r'A100|RTX A6000', 'tf32',
     'dtype: the result is far above the FP32 vector peak (A100 19.5, RTX A6000 38.7 '
     'TFLOP/s), so the torch default ran on TF32 tensor cores'),
    (r'tf32/fp32 \(torch default\)', r'GeForce', '',
     'dtype empty: on GeForce cards the TF32 tensor and FP32 vector peaks are equal, '
     'so the result does not show which of the two the torch default used'),
    (r'fp64', None, '', None),                                           # no gpuadv keyword for fp64
    (r'q4_0 GEMV \(llama\.cpp new Metal kernel\)', None, 'q4_0', None),  # weights in GGUF Q4_0
    (r"int4 GEMV \(author's quantized kernel\)", None, 'int4', None),
    (r'n/a|device memory|unified memory', None, '', None),               # bandwidth tests: no number format
    # --- modern/serving.csv ---
    (r'BF16', None, 'bf16', None),
    (r'MXFP4', None, 'mxfp4', None),
    (r'NVFP4', None, 'fp4', None),
    (r'MXFP8', None, 'fp8',
     'dtype: MXFP8 (fp8 with one 8-bit scale per 32 values) -> fp8; gpuadv has no '
     'MXFP8 keyword'),
    (r'Q4_0 \(GGUF\)', None, 'q4_0', None),
    (r'BF16 attention \+ FP8 MoE', None, 'fp8',
     'dtype: the MoE weights (most parameters) are FP8, attention BF16'),
    (r'FP8 attention \(KV\) \+ NVFP4 MoE/o_proj', None, 'fp4',
     'dtype: the MoE and o_proj weights (most parameters) are NVFP4, attention and '
     'KV cache FP8'),
    (r'NVFP4 MoE/GEMM \+ FP8 \(mixed\)', None, 'fp4',
     'dtype: the MoE/GEMM weights (most parameters) are NVFP4, the rest FP8'),
    (r'NVFP4 MoE/dense FFN \+ BF16 attention', None, 'fp4',
     'dtype: the MoE and dense FFN weights (most parameters) are NVFP4, attention BF16'),
    (r'model default weights; KV cache .*', None, 'model-default', None),
    (r'AWQ INT4', None, 'int4', None),                                   # 4-bit weights, 16-bit activations
    (r'INT4', None, 'int4',
     "dtype: Kimi's released INT4 checkpoint (4-bit weights from quantization-aware "
     'training, 16-bit activations)'),
]

# What an engine runs where the source's precision label says otherwise:
# (engine, gpuadv model regex, gpu slug regex, mapped dtype) -> dtype, note.
# TensorRT-LLM's performance overview heads its Hopper columns "FP8", but
# gpt-oss runs there with its released MXFP4 MoE weights and BF16
# activations: TensorRT-LLM's GPT-OSS deployment guide lists H200 as BF16
# activations, MXFP4 MoE weights, TRITON MoE backend, "for Hopper, the default
# MoE backend is TRITON" (nvidia.github.io/TensorRT-LLM/deployment-guide/
# deployment-guide-for-gpt-oss-on-trtllm.html).
DTYPE_OVERRIDES = [
    ('trtllm', r'gpt-oss-.*', r'h100-.*|h200', 'fp8', 'mxfp4',
     'dtype: the source column says FP8, but TensorRT-LLM runs gpt-oss on Hopper with '
     'its MXFP4 MoE weights and BF16 activations (GPT-OSS deployment guide: H200 '
     'BF16 activations, MXFP4 MoE weights, TRITON MoE backend, the Hopper default)'),
] + [
    (engine, r'gpt-oss-.*', gpus, 'fp4', 'mxfp4',
     'dtype: the source says FP4; gpt-oss is released with MXFP4 MoE weights, which '
     'this GPU, having no FP4 units, runs as MXFP4 weights with 16-bit activations')
    for engine, gpus in (('trtllm', r'h100-.*|h200'), ('vllm', r'h100-.*|h200|mi300x|mi325x'))
]


def override_dtype(out, notes):
    """Apply DTYPE_OVERRIDES to a row whose engine, model, gpu and dtype are set."""
    for engine, model_pat, gpu_pat, was, dtype, note in DTYPE_OVERRIDES:
        if (out['engine'] == engine and re.fullmatch(model_pat, out['model'] or '')
                and re.fullmatch(gpu_pat, out['gpu'] or '') and out['dtype'] == was):
            out['dtype'] = dtype
            notes.append(note)


# Unit as printed (re.fullmatch) -> unit column; the printed text goes to notes when
# it differs.  Nothing is converted.
UNIT_MAP = [
    (r'tokens/s', 'tokens/s'),
    (r'output tokens/s \(.*\)', 'tokens/s'),
    (r'GiB( \(.*\))?', 'GiB'),
    (r'GB( \(.*\))?', 'GB'),
    (r'TFLOP/s', 'TFLOP/s'),
    (r'GB/s( .*)?', 'GB/s'),
    (r'MB/s', 'MB/s'),
]

# train_mem.csv mode -> mode column.
MODE_MAP = {'full': 'full', 'lora': 'lora', 'qlora': 'qlora',
            'full (pretraining)': 'pretrain'}

# train_mem.csv grad_checkpointing (re.fullmatch) -> 'yes', 'no', '' or
# 'single-gpu-yes' ('yes' when gpu_count is 1, else '').
GRAD_CKPT_MAP = [
    (r'yes', 'yes'),
    (r'no', 'no'),
    (r'yes \(config default\)', 'yes'),
    (r'yes \+ activation offloading', 'yes'),
    (r'selective AC', 'yes'),                         # torchtitan selective activation checkpointing
    (r'full AC', 'yes'),                              # torchtitan full activation checkpointing
    (r'config default \(yes for single-device configs\)', 'single-gpu-yes'),
    (r'config default', ''),                          # the default is not stated
]

# Training frameworks named by the source repository.
TRAIN_FRAMEWORKS = [(r'github\.com/pytorch/torchtune\b', 'torchtune'),
                    (r'github\.com/pytorch/torchtitan\b', 'torchtitan')]

MONTHS = {'jan': 1, 'feb': 2, 'mar': 3, 'apr': 4, 'may': 5, 'jun': 6, 'jul': 7,
          'aug': 8, 'sep': 9, 'oct': 10, 'nov': 11, 'dec': 12}

NUMBER_RE = re.compile(r'^-?(\d+\.?\d*|\.\d+)$')


# --- modern/serving.csv (2025-2026 serving benchmarks; see <src>/modern/SOURCE.md) ---

MODERN_FILE = os.path.join('modern', 'serving.csv')
# Rows in modern/serving.csv's form that gpuadv read from a source itself
# (ids P001 on), imported the same way, after the extract's rows.
PUBLISHED_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                              'measurements_published.csv')
MODERN_COLUMNS = ['id', 'source', 'as_of', 'gpu', 'gpu_count', 'model', 'params_b',
                  'dtype', 'framework', 'tp', 'batch_or_concurrency', 'prompt_tokens',
                  'gen_tokens', 'metric', 'value', 'unit', 'notes']

# serving.csv metric -> kind.
MODERN_KINDS = {
    'decode_tps_per_stream': 'decode',
    'prefill_tps': 'prefill',
    'decode_tps_aggregate': 'aggregate',
    'ttft_ms_p50': 'latency', 'ttft_ms_p99': 'latency',
    'tpot_ms_p50': 'latency', 'tpot_ms_p99': 'latency',
}

# serving.csv framework (exact text) -> engine keyword, engine_version (as the source
# gives it; '' where it gives none).  The text stays in `framework`.
MODERN_ENGINES = {
    "AMD ATOM (InferenceX 'atom')": ('atom', ''),
    "NVIDIA Dynamo + TensorRT-LLM (InferenceX 'dynamo-trt')": ('trtllm', ''),
    'Ollama': ('ollama', ''),
    "SGLang (InferenceX 'sglang')": ('sglang', ''),
    'SGLang (PD disagg + large-scale EP)': ('sglang', ''),
    'SGLang (PD disagg + large-scale EP; Blackwell DeepGEMM/DeepEP)': ('sglang', ''),
    'SGLang (PD disaggregation + large-scale EP, TBO)': ('sglang', ''),
    'SGLang (lmsysorg/sglang:spark)': ('sglang', ''),
    'SGLang (multi-node, IB)': ('sglang', ''),
    "SGLang + MoRI disagg (InferenceX 'mori-sglang')": ('sglang', ''),
    'SGLang v0.5.7': ('sglang', '0.5.7'),
    'SGLang (CUDA nightly, per the post)': ('sglang', 'nightly (2026-05)'),
    'SGLang (ROCm, TileLang MLA backend with FP8 KV cache, per the post)': ('sglang', ''),
    'SGLang (lmsysorg/sglang-rocm:v0.5.10rc0-rocm720-mi35x-20260414)': ('sglang', '0.5.10rc0'),
    'SGLang (lmsysorg/sglang-rocm:v0.5.12-rocm720-mi35x-20260517)': ('sglang', '0.5.12'),
    'SGLang (rocm/sgl-dev:v0.5.10rc0-rocm720-mi35x-20260414)': ('sglang', '0.5.10rc0'),
    'SGLang (rocm/sgl-dev:v0.5.8.post1-rocm720-mi35x-20260218)': ('sglang', '0.5.8.post1'),
    "vLLM (InferenceX; build not named, the post says H100's and B200's FP8 runs share one)":
        ('vllm', ''),
    'vLLM (vllm/vllm-openai:v0.18.0)': ('vllm', '0.18.0'),
    'vLLM (vllm/vllm-openai:v0.21.0)': ('vllm', '0.21.0'),
    'SGLang ~0.5.1-0.5.2 (main branch Aug 2025)': ('sglang', '~0.5.1-0.5.2 (main, Aug 2025)'),
    "TensorRT-LLM (InferenceX 'trt')": ('trtllm', ''),
    'TensorRT-LLM (PyTorch backend, min-latency config)': ('trtllm', ''),
    'TensorRT-LLM 0.17 (TensorRT engine; trtllm-bench throughput)': ('trtllm', '0.17'),
    'TensorRT-LLM 1.0 (PyTorch backend; trtllm-bench throughput)': ('trtllm', '1.0'),
    'TensorRT-LLM 1.2 (PyTorch backend; trtllm-bench throughput)': ('trtllm', '1.2'),
    'TileRT persistent-kernel decode engine (PD-disaggregated) with MTP speculative '
    'decoding': ('tilert', ''),
    'llama.cpp master (Jan 2026, CUDA backend, llama-bench)': ('llama.cpp',
                                                              'master 2026-01-23'),
    "vLLM (InferenceX 'vllm')": ('vllm', ''),
    'vLLM (image vllm/vllm-openai:minimax-m3)': ('vllm', ''),
    'vLLM (vllm/vllm-openai:cu130-nightly)': ('vllm', 'cu130-nightly'),
    'vLLM 0.10.0 (ROCm 6.4.1, AITER; benchmark_throughput.py from v0.8.5)': ('vllm', '0.10.0'),
    'vLLM 0.11.1 (ROCm 7.0.0)': ('vllm', '0.11.1'),
    'vLLM 0.19.1 (FlashAttention-3 backend)': ('vllm', '0.19.1'),
    'vLLM 0.6.3': ('vllm', '0.6.3'),
    'vLLM 0.7.3': ('vllm', '0.7.3'),
    'vLLM 0.20.1': ('vllm', '0.20.1'),
    'vLLM (version not stated)': ('vllm', ''),
    'SGLang 0.5.6': ('sglang', '0.5.6'),
    'SGLang 0.5.6.post1': ('sglang', '0.5.6.post1'),
    'SGLang 0.5.7': ('sglang', '0.5.7'),
    'SGLang 0.5.9': ('sglang', '0.5.9'),
    'SGLang (lmsysorg/sglang Docker image, January 2025)': ('sglang', ''),
    'SGLang (lmsysorg/sglang:latest, May 2026)': ('sglang', ''),
    'vLLM 0.8.5': ('vllm', '0.8.5'),
    'vLLM (FlashInfer backend)': ('vllm', ''),
    'vLLM V1 (PD-disaggregated, DP+EP, async scheduling)': ('vllm', 'V1'),
    'vLLM V1 wide-EP (llm-d community benchmark), DBO': ('vllm', 'V1'),
    'vLLM day-0 MiniMax M3 image': ('vllm', ''),
    'vLLM day-0 MiniMax M3 image + EAGLE3 speculative decoding': ('vllm', ''),
    'vLLM ~0.26 (prefill instance of 4P1D PD-disagg)': ('vllm', '~0.26'),
    'vLLM ~0.26, 4P1D disagg, MTP(3), MRV2': ('vllm', '~0.26'),
    # MLPerf Inference submissions that serve with vLLM (system description files)
    'vLLM 0.10.0 (MLPerf Inference v5.1 submission, RHEL 9.6)': ('vllm', '0.10.0'),
    'vLLM 0.14.0 (MLPerf Inference v6.0 submission, RHEL 9.6)': ('vllm', '0.14.0'),
    'vLLM 0.14.0 (MLPerf Inference v6.0 submission, PyTorch 2.9.1, ROCm 7.0)':
        ('vllm', '0.14.0'),
    'vLLM (MLPerf Inference v6.0 submission, ROCm; version not stated)': ('vllm', ''),
    # Intel's own throughput tables for Gaudi: no serving framework named, so
    # an engine keyword of their own ('intel-gaudi'), not one of engines.csv
    'Intel Gaudi software 1.18.0 with PyTorch 2.4.0 (the page names no serving framework)':
        ('intel-gaudi', '1.18.0'),
}

# Frameworks that serve prefill and decode on separate GPUs (scenario
# 'disaggregated' unless the row is batch 1).  The H200 wide-EP row is in the set
# because its notes give a 16 prefill + 32 decode GPU setup.
DISAGGREGATED = {
    "SGLang + MoRI disagg (InferenceX 'mori-sglang')",
    'SGLang (PD disagg + large-scale EP)',
    'SGLang (PD disagg + large-scale EP; Blackwell DeepGEMM/DeepEP)',
    'SGLang (PD disaggregation + large-scale EP, TBO)',
    'vLLM V1 (PD-disaggregated, DP+EP, async scheduling)',
    'vLLM V1 wide-EP (llm-d community benchmark), DBO',
    'vLLM ~0.26 (prefill instance of 4P1D PD-disagg)',
    'vLLM ~0.26, 4P1D disagg, MTP(3), MRV2',
}

# batch_or_concurrency (re.fullmatch) -> scenario, and where the batch and the
# concurrency numbers are (group name 'b' or 'c'); batch is 1 for single-stream.
MODERN_LOADS = [
    (r'batch 1|1 \(single request\)|batch 1 \(.*\)|single prompt pp\d+', 'single-stream'),
    (r'1 \(single concurrency, min-latency\)|concurrency (?P<c>1)', 'single-stream'),
    (r'concurrency (?P<c>\d+)( \(.*\))?', 'online'),
    (r'batch (?P<b>\d+)', 'offline'),                     # one fixed batch run together
    (r'batch (?P<b>\d+) \(per device\)', 'offline'),
    (r'offline.*', 'offline'),
    (r'fixed request rate .*|production-like sustained load', 'online'),
    (r'decode batch .*|prefill batch .*|decode saturated .*|prefill benchmark .*'
     r'|16,384 tokens per device batch', 'offline'),      # saturated single-role runs
]

# tp column (re.fullmatch) -> tp, ep (group names); anything else is kept in notes
# only.  DEPn is the source's attention data parallel + expert parallel over n GPUs.
MODERN_PARALLEL = [
    r'(?P<tp>1)',
    r'TP(?P<tp>\d+)',
    r'TP(?P<tp>\d+) \(EP(?P<ep>\d+)\)',
    r'TP(?P<tp>\d+) EP(?P<ep>\d+)',
    r'DEP(?P<ep>\d+)',
    r'TP(?P<tp>\d+),PP(?P<pp>\d+)',
    r'DEP(?P<ep>\d+),PP(?P<pp>\d+)',
]

# Unit as printed -> unit, and what the number covers: 'system' (the whole setup of
# the row), 'stream' (one sequence), 'gpu' (one GPU), 'node8' (one 8-GPU node),
# 'unspecified' (output or input+output tokens not said).
MODERN_UNITS = {
    'ms': ('ms', 'system'),
    'ms (MEAN, approximate)': ('ms', 'system'),
    'tok/s': ('tokens/s', 'system'),
    'tok/s/user': ('tokens/s', 'stream'),
    'output tok/s': ('tokens/s', 'system'),
    'output tok/s (total, whole system)': ('tokens/s', 'system'),
    'tok/s (throughput, whole system)': ('tokens/s', 'system'),
    'tok/s (whole 4-GPU prefill instance)': ('tokens/s', 'system'),
    "tok/s (column 'Throughput'; output-vs-total not specified in excerpt)":
        ('tokens/s', 'unspecified'),
    "tok/s (table 'Throughput (tokens/s)'; output-vs-total not specified)":
        ('tokens/s', 'unspecified'),
    "tok/s (Intel's column 'Throughput (tokens/sec)'; output-vs-total not stated)":
        ('tokens/s', 'unspecified'),
    'output tok/s PER GPU': ('tokens/s', 'gpu'),
    'output tok/s PER GPU (multiply by gpu_count for system total)': ('tokens/s', 'gpu'),
    'output tok/s PER GPU (decode GPUs)': ('tokens/s', 'gpu'),
    'output tok/s PER GPU (decode)': ('tokens/s', 'gpu'),
    'input tok/s PER GPU': ('tokens/s', 'gpu'),
    'tok/s PER GPU (prefill GPUs)': ('tokens/s', 'gpu'),
    'input tok/s per node (8 GPUs)': ('tokens/s', 'node8'),
    'output tok/s per node (8 GPUs)': ('tokens/s', 'node8'),
}

# 'model default weights' rows: the weights' format of the released checkpoint.
MODEL_DEFAULT_DTYPES = {
    'llama-3.1-8b': ('bf16', 'dtype: model default weights; the released '
                     'Llama-3.1-8B checkpoint is bf16'),
    'gpt-oss-20b': ('mxfp4', 'dtype: model default weights; the released gpt-oss-20b '
                    'checkpoint has MXFP4 MoE weights (the rest bf16)'),
}

# Slugs being added to gpus.csv / models.csv, for the stderr report (the map
# entries above are None until then).
PENDING_GPUS = {}
PENDING_MODELS = {
    'GLM-5.2-NVFP4 (MoE)': 'glm-5.2',
    'NVIDIA-Nemotron-3-Super-120B-A12B-NVFP4 (MoE)': 'nemotron-3-super-120b-a12b',
}

# Measurements reported to the project directly (not from the extract).
ISSUE_12 = ('gpuadv issue 12: measured on an H100 80GB HBM3, bf16, a CUDA-graph '
            'decoder with cuBLAS matmuls and no fused kernels (slower than vLLM or '
            'TensorRT-LLM)')
REPORTED_ROWS = [
    dict(id='R001', model='llama-3.1-8b', model_label='Llama 3.1 8B', value='111'),
    dict(id='R002', model='qwen2.5-32b', model_label='Qwen2.5-32B', value='33.5'),
]
REPORTED_COMMON = dict(
    kind='decode', metric='decode_tps_per_stream', gpu='h100-sxm', gpu_count='1',
    dtype='bf16', framework='CUDA-graph decoder, cuBLAS matmuls, no fused kernels',
    batch='1', engine='pytorch', tp='1', pp='1', scenario='single-stream',
    unit='tokens/s', gpu_label='H100 80GB HBM3', dtype_label='bf16', source=ISSUE_12,
    as_of='2026-11-24',
    notes='[import] context length not stated: prompt_tokens and gen_tokens empty; '
          'params_b not stated; speculative decoding not stated')


class ImportError_(Exception):
    pass


def load_slugs(path):
    with open(path, newline='', encoding='utf-8') as f:
        reader = csv.reader(f)
        header = next(reader)
        if not header or header[0] != 'name':
            raise ImportError_('%s:1: first column must be name' % path)
        return {row[0] for row in reader if row}


def check_tables(gpu_slugs, model_slugs):
    for pat, slug, _ in GPU_MAP:
        if slug is not None and slug not in gpu_slugs:
            raise ImportError_('GPU_MAP: %r maps to %r, which is not in gpus.csv'
                               % (pat, slug))
    for pat, slug, _ in MODEL_MAP:
        if slug is not None and slug not in model_slugs:
            raise ImportError_('MODEL_MAP: %r maps to %r, which is not in models.csv'
                               % (pat, slug))


def one_line(text):
    return re.sub(r'\s+', ' ', text).strip()


def lookup(table, label, what, where):
    for entry in table:
        if re.fullmatch(entry[0], label):
            return entry[1:]
    raise ImportError_("%s: cannot map %s '%s'" % (where, what, label))


def map_dtype(label, gpu_label, where):
    for pat, gpu_pat, keyword, note in DTYPE_MAP:
        if re.fullmatch(pat, label) and (gpu_pat is None or re.search(gpu_pat, gpu_label)):
            return keyword, note
    raise ImportError_("%s: cannot map dtype '%s'" % (where, label))


def map_unit(label, where):
    for pat, unit in UNIT_MAP:
        if re.fullmatch(pat, label):
            return unit
    raise ImportError_("%s: cannot map unit '%s'" % (where, label))


def parse_int(text, column, where, notes):
    """Integer where the source states one; other wording kept in notes."""
    if text == '':
        return ''
    if re.fullmatch(r'\d+', text):
        return str(int(text))
    m = re.fullmatch(r'(\d+)[ (].*', text)
    if m:
        notes.append("%s '%s' -> %s" % (column, text, m.group(1)))
        return str(int(m.group(1)))
    if re.match(r'\d', text):
        raise ImportError_("%s: %s '%s' is not an integer with a comment"
                           % (where, column, text))
    notes.append("%s '%s' -> empty" % (column, text))
    return ''


def parse_value(text):
    """The number as printed, and a qualifier if the source printed one."""
    if NUMBER_RE.match(text):
        return text, None
    m = re.fullmatch(r'~?(-?\d+(\.\d+)?)\s*(\S.*)?', text)
    if m:
        return m.group(1), text
    return None, None


def parse_as_of(source):
    """(YYYY-MM-DD, note or None) from the date in the source text."""
    m = re.search(r'\b(\d{4})-(\d{2})-(\d{2})\b', source)
    if m:
        return m.group(0), None
    m = re.search(r'\b(\d{4})-(\d{2})\b', source)
    if m:
        return ('%s-%s-01' % (m.group(1), m.group(2)),
                'as_of: the source gives only the month %s; the first of that month is '
                'used' % m.group(0))
    m = re.search(r'\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)[a-z]*\.? '
                  r'(\d{4})\b', source)
    if m:
        month = MONTHS[m.group(1)[:3].lower()]
        return ('%s-%02d-01' % (m.group(2), month),
                "as_of: the source gives only the month '%s'; the first of that month "
                'is used' % m.group(0))
    m = re.search(r'\b(19|20)\d{2}\b', source)
    if m:
        return ('%s-01-01' % m.group(0),
                'as_of: the source gives only the year %s; 1 January is used'
                % m.group(0))
    return (EXTRACTION_DATE,
            'as_of: the source gives no date; %s is the extraction date'
            % EXTRACTION_DATE)


def read_source(path):
    name = os.path.basename(path)
    with open(path, newline='', encoding='utf-8') as f:
        reader = csv.DictReader(f)
        columns = SOURCE_COLUMNS.get(name, MODERN_COLUMNS)
        if reader.fieldnames != columns:
            raise ImportError_('%s:1: header must be %s, got %s'
                               % (path, ','.join(columns),
                                  ','.join(reader.fieldnames or [])))
        for row in reader:
            yield '%s:%d' % (path, reader.line_num), row


def build_row(fname, where, src):
    """One output row (dict) from one source row."""
    s = {k: (v or '').strip() for k, v in src.items()}
    notes = []          # import notes, appended after the source notes
    out = dict.fromkeys(HEADER, '')
    out['id'] = s['id']
    out['source'] = one_line(s['source'])
    out['gpu_label'] = s['gpu']
    out['dtype_label'] = s['dtype']

    # kind and metric
    if fname == 'decode_tps.csv':
        if s['metric'] not in DECODE_KINDS:
            raise ImportError_("%s: cannot map metric '%s'" % (where, s['metric']))
        out['kind'] = DECODE_KINDS[s['metric']]
        out['metric'] = s['metric']
    elif fname == 'train_mem.csv':
        out['kind'] = 'train_mem'
        out['metric'] = 'measured_peak_gb'      # the source's value column
    else:
        out['kind'] = 'hw'
        out['metric'] = s['metric']

    # gpu
    slug, gpu_note = lookup(GPU_MAP, s['gpu'], 'gpu', where)
    out['gpu'] = slug or ''
    if gpu_note:
        notes.append(gpu_note)
    out['gpu_count'] = parse_int(s['gpu_count'], 'gpu_count', where, notes)
    if out['gpu_count'] == '':
        raise ImportError_('%s: gpu_count %r is not a number' % (where, s['gpu_count']))

    # model
    if fname != 'hw_achieved.csv':
        out['model_label'] = s['model']
        model, model_note = lookup(MODEL_MAP, s['model'], 'model', where)
        out['model'] = model
        if model_note:
            notes.append(model_note)
        if not NUMBER_RE.match(s['params_b']):
            raise ImportError_('%s: params_b %r is not a number' % (where, s['params_b']))
        out['params_b'] = s['params_b']

    # dtype
    out['dtype'], dtype_note = map_dtype(s['dtype'], s['gpu'], where)
    if dtype_note:
        notes.append(dtype_note)

    # configuration
    if fname == 'decode_tps.csv':
        out['framework'] = s['framework']
        out['engine'], out['engine_version'] = lookup(LEGACY_ENGINES, s['framework'],
                                                      'framework', where)
        m = re.search(r'\bTP(\d+)$', s['framework'])
        if s['gpu_count'] == '1':
            out['tp'] = out['pp'] = '1'          # one GPU: nothing to split
        elif m:
            out['tp'] = m.group(1)
        (out['scenario'],) = lookup(LEGACY_SCENARIOS, s['batch'], 'batch', where)
        for col in ('batch', 'prompt_tokens', 'gen_tokens'):
            out[col] = parse_int(s[col], col, where, notes)
        override_dtype(out, notes)
    elif fname == 'train_mem.csv':
        for pat, fw in TRAIN_FRAMEWORKS:
            if re.search(pat, s['source']):
                out['framework'] = fw
                break
        if s['mode'] not in MODE_MAP:
            raise ImportError_("%s: cannot map mode '%s'" % (where, s['mode']))
        out['mode'] = MODE_MAP[s['mode']]
        if out['mode'] != s['mode']:
            notes.append("mode '%s' -> %s" % (s['mode'], out['mode']))
        out['optimizer'] = s['optimizer']
        for col in ('micro_batch', 'seq_len', 'lora_rank', 'zero_stage'):
            out[col] = parse_int(s[col], col, where, notes)
        (gc,) = lookup(GRAD_CKPT_MAP, s['grad_checkpointing'], 'grad_checkpointing',
                       where)
        if gc == 'single-gpu-yes':
            gc = 'yes' if out['gpu_count'] == '1' else ''
        out['grad_checkpointing'] = gc
        if gc != s['grad_checkpointing']:
            notes.append("grad_checkpointing '%s' -> %s"
                         % (s['grad_checkpointing'], gc or 'empty'))
    else:
        out['framework'] = s['benchmark']
        if s['spec_value_in_source']:
            notes.append("spec value in source: '%s'" % s['spec_value_in_source'])

    # value and unit
    raw = s['measured_peak_gb'] if fname == 'train_mem.csv' else s['value']
    value, qualifier = parse_value(raw)
    if value is None:
        return None, "value '%s' is not a number" % raw
    if qualifier:
        notes.append("value as printed '%s'" % qualifier)
    out['value'] = value
    out['unit'] = map_unit(s['unit'], where)
    if out['unit'] != s['unit']:
        notes.append("unit as printed '%s'" % s['unit'])

    # date
    out['as_of'], date_note = parse_as_of(out['source'])
    if date_note:
        notes.append(date_note)

    if out['id'] in IMPORT_FLAGS:
        notes.append(IMPORT_FLAGS[out['id']])

    text = one_line(s['notes'])
    if notes:
        text = (text + ' ' if text else '') + '[import] ' + '; '.join(notes)
    out['notes'] = text
    for k in HEADER:
        out[k] = out[k].strip()
    return out, None


def decimal_text(d):
    """A Decimal as plain text, without exponent or trailing zeros."""
    text = format(d, 'f')
    if '.' in text:
        text = text.rstrip('0').rstrip('.')
    return text


def modern_as_of(text, notes):
    m = re.match(r'(\d{4})-(\d{2})-(\d{2})\b', text)
    if m:
        date = m.group(0)
    else:
        m = re.match(r'(\d{4})-(\d{2})\b', text)
        if m:
            date = m.group(0) + '-01'
            notes.append('as_of: the source gives only the month %s; the first of '
                         'that month is used' % m.group(0))
        else:
            m = re.match(r'(\d{4})\b', text)
            if not m:
                raise ImportError_("as_of %r has no date" % text)
            date = m.group(1) + '-01-01'
            notes.append('as_of: the source gives only the year %s; 1 January is '
                         'used' % m.group(1))
    if text != date:
        notes.append("as_of as given '%s'" % text)
    return date


def build_modern_row(where, src):
    """One output row (dict) from one modern/serving.csv row."""
    s = {k: (v or '').strip() for k, v in src.items()}
    notes = []
    out = dict.fromkeys(HEADER, '')
    out['id'] = s['id']
    out['source'] = one_line(s['source'])
    out['gpu_label'] = s['gpu']
    out['model_label'] = s['model']
    out['dtype_label'] = s['dtype']
    out['framework'] = s['framework']

    if s['metric'] not in MODERN_KINDS:
        raise ImportError_("%s: cannot map metric '%s'" % (where, s['metric']))
    out['kind'] = MODERN_KINDS[s['metric']]
    out['metric'] = s['metric']

    slug, gpu_note = lookup(GPU_MAP, s['gpu'], 'gpu', where)
    out['gpu'] = slug or ''
    if gpu_note:
        notes.append(gpu_note)
    if s['gpu_count']:
        out['gpu_count'] = parse_int(s['gpu_count'], 'gpu_count', where, notes)
    else:
        notes.append('gpu_count not stated')

    model, model_note = lookup(MODEL_MAP, s['model'], 'model', where)
    out['model'] = model or ''
    if model_note:
        notes.append(model_note)
    if s['model'] in PENDING_MODELS and not model:
        notes.append('model empty: not in models.csv yet')
    if s['params_b'] and not NUMBER_RE.match(s['params_b']):
        raise ImportError_('%s: params_b %r is not a number' % (where, s['params_b']))
    out['params_b'] = s['params_b']

    dtype, dtype_note = map_dtype(s['dtype'], s['gpu'], where)
    if dtype == 'model-default':
        if out['model'] not in MODEL_DEFAULT_DTYPES:
            raise ImportError_("%s: no default dtype for model '%s'" % (where, s['model']))
        dtype, dtype_note = MODEL_DEFAULT_DTYPES[out['model']]
    out['dtype'] = dtype
    if dtype_note:
        notes.append(dtype_note)

    # engine, parallelism, load, speculative decoding
    if s['framework'] not in MODERN_ENGINES:
        raise ImportError_("%s: cannot map framework '%s'" % (where, s['framework']))
    out['engine'], out['engine_version'] = MODERN_ENGINES[s['framework']]
    override_dtype(out, notes)

    par = s['tp']
    for pat in MODERN_PARALLEL:
        m = re.fullmatch(pat, par)
        if m:
            d = m.groupdict()
            out['tp'] = d.get('tp') or ''
            out['ep'] = d.get('ep') or ''
            out['pp'] = d.get('pp') or ''
            if par.startswith('DEP'):
                out['tp'] = '1'
                notes.append("tp '%s' -> tp 1, ep %s (attention data parallel, "
                             'expert parallel)' % (par, out['ep']))
            break
    else:
        if par:
            notes.append("parallelism as given '%s'" % par)
    if out['gpu_count'] == '1':
        out['tp'] = out['pp'] = '1'      # one GPU: nothing to split
    missing = [c for c in ('tp', 'pp', 'ep') if not out[c]
               and not (c == 'ep' and out['gpu_count'] == '1')]
    if missing:
        notes.append('not stated: %s' % ', '.join(missing))

    load = s['batch_or_concurrency']
    for pat, scenario in MODERN_LOADS:
        m = re.fullmatch(pat, load)
        if m:
            break
    else:
        raise ImportError_("%s: cannot map batch_or_concurrency '%s'" % (where, load))
    d = m.groupdict()
    if scenario == 'single-stream':
        out['batch'] = '1'
    else:
        out['batch'] = d.get('b') or ''
    out['concurrency'] = d.get('c') or ''
    if scenario != 'single-stream' and s['framework'] in DISAGGREGATED:
        scenario = 'disaggregated'
    out['scenario'] = scenario
    if not re.fullmatch(r'(batch|concurrency) \d+', load):
        notes.append("batch_or_concurrency '%s'" % load)

    text = s['framework'] + ' ' + s['notes']
    if re.search(r'\bno speculative decoding\b|\bno MTP\b|\bnon-MTP\b', text):
        out['speculative'] = 'no'
    elif re.search(r'speculative|\bMTP|EAGLE', text):
        out['speculative'] = 'yes'

    for col in ('prompt_tokens', 'gen_tokens'):
        out[col] = parse_int(s[col], col, where, notes)

    # value, unit and what the number covers
    if s['unit'] not in MODERN_UNITS:
        raise ImportError_("%s: cannot map unit '%s'" % (where, s['unit']))
    out['unit'], scope = MODERN_UNITS[s['unit']]
    if not NUMBER_RE.match(s['value']):
        return None, "value '%s' is not a number" % s['value']
    value = decimal.Decimal(s['value'])
    if out['unit'] != s['unit']:
        notes.append("unit as printed '%s'" % s['unit'])
    if 'MEAN' in s['unit']:
        out['metric'] = s['metric'].replace('_p50', '_mean')
        notes.append("metric '%s' -> %s (the source gives a mean)"
                     % (s['metric'], out['metric']))
    if s['metric'] == 'tpot_ms_p50' and "'Median ITL (ms)'" in s['notes']:
        # the median of every gap between output tokens, not of each
        # request's mean gap (TPOT): the steps that carry other requests'
        # prompt chunks weigh less in it
        out['metric'] = 'itl_ms_p50'
        notes.append("metric '%s' -> itl_ms_p50 (the source's column is the "
                     "median inter-token latency)" % s['metric'])
    base = {'aggregate': 'decode_tps', 'prefill': 'prefill_tps'}.get(out['kind'])
    if scope == 'node8':
        value = value / 8
        scope = 'gpu'
        notes.append('value: %s per 8-GPU node / 8 = %s per GPU'
                     % (s['value'], decimal_text(value)))
    if scope == 'gpu':
        if out['gpu_count'] and out['scenario'] != 'disaggregated':
            n = int(out['gpu_count'])
            notes.append('value: %s per GPU x gpu_count %d = %s for the whole system'
                         % (decimal_text(value), n, decimal_text(value * n)))
            value = value * n
            if out['kind'] == 'prefill':
                out['metric'] = 'prefill_tps'
        else:
            out['metric'] = base + '_per_gpu'
            out['unit'] = 'tokens/s per GPU'
            notes.append('value per GPU, not converted: %s'
                         % ('gpu_count not stated' if not out['gpu_count'] else
                            'disaggregated serving, the figure covers only the '
                            'prefill or the decode GPUs'))
    elif scope == 'unspecified':
        out['metric'] = 'throughput_tps'
        notes.append('metric: output or input+output tokens not stated, so not '
                     'decode_tps_aggregate')
    out['value'] = decimal_text(value)
    out['as_of'] = modern_as_of(s['as_of'], notes)

    text = one_line(s['notes'])
    if notes:
        text = (text + ' ' if text else '') + '[import] ' + '; '.join(notes)
    out['notes'] = text
    for k in HEADER:
        out[k] = out[k].strip()
    return out, None


# InferenceX's "best GPU" tables give, per GPU, the median TTFT and TPOT of
# a closed-loop run and its input+output tokens/s per GPU, but not how many
# GPUs ran it.  Little's law gives the count: each of C clients sends a
# request of I + O tokens every TTFT + O x TPOT seconds, so the run moves
# C x (I + O) / (TTFT + O x TPOT) tokens/s, and that over the throughput per
# GPU is the number of GPUs.  I and O are the harness's mean lengths: its
# random lengths are uniform on [int(0.8 L), L] (benchmark_serving.py
# --random-range-ratio 0.8, InferenceX benchmarks/*.sh).  Where the count
# comes out within BEST_GPU_TOLERANCE of one, the run was on one GPU, and
# one GPU has no parallelism to state: gpu_count, tp and pp are 1.  Other
# counts are noted, not set: their split (tensor, data or expert parallel)
# is not stated.
BEST_GPU_RANGE_RATIO = 0.8
BEST_GPU_TOLERANCE = 0.1
# Counts above one whose split the recipe states: (post, model, gpu, engine)
# -> (GPUs, tp, where it is stated).  InferenceX's AMD master configuration
# runs DeepSeek-R1 FP8 with SGLang on MI300X and MI325X at tensor parallel 8
# only, at 4 to 64 clients (SemiAnalysisAI/InferenceX .github/configs/
# amd-master.yaml, main at the rows' date, 2026-02-27, @f267602f); Little's
# law gives 8.32 to 8.47 GPUs for the four pairs.
BEST_GPU_RECIPE_TP = {
    ('best-gpu-for-dsr1-inference.mdx', 'deepseek-r1', gpu, 'sglang'):
        (8, 8, "InferenceX .github/configs/amd-master.yaml @f267602f: tp 8 only at 4 to 64 clients")
    for gpu in ('mi300x', 'mi325x')
}
BEST_GPU_TPUT = re.compile(r'Throughput/GPU \(input\+output tok/s/GPU\) ([\d,]+(?:\.\d+)?)')
BEST_GPU_ROW = re.compile(r"table '([^']*)', row (.*?), column")


def harness_mean_tokens(length):
    """The mean of InferenceX's random lengths for a stated length."""
    return (int(length * BEST_GPU_RANGE_RATIO) + length) / 2.0


def infer_gpu_counts(rows):
    """Sets, in place, gpu_count, tp and pp of the best-GPU table rows whose
    TTFT, TPOT and throughput per GPU put them on one GPU (see above), or on
    the GPUs whose split BEST_GPU_RECIPE_TP states, and notes the count of
    the others; returns how many rows were set."""
    groups = {}
    for row in rows:
        t = BEST_GPU_TPUT.search(row['notes'])
        m = BEST_GPU_ROW.search(row['notes'])
        if not (t and m) or row['gpu_count'] or row['scenario'] != 'online' \
                or row['metric'] not in ('ttft_ms_p50', 'tpot_ms_p50'):
            continue
        key = (row['source'], m.group(1), m.group(2), row['concurrency'],
               row['prompt_tokens'], row['gen_tokens'])
        groups.setdefault(key, {})[row['metric']] = (row, float(t.group(1).replace(',', '')))
    n_set = 0
    for key, g in sorted(groups.items()):
        if len(g) != 2:
            continue
        (ttft_row, tput), (tpot_row, _) = g['ttft_ms_p50'], g['tpot_ms_p50']
        c, i, o = int(key[3]), harness_mean_tokens(int(key[4])), harness_mean_tokens(int(key[5]))
        cycle_s = float(ttft_row['value']) / 1e3 + o * float(tpot_row['value']) / 1e3
        gpus = c * (i + o) / cycle_s / tput
        why = ('%d clients x (%g + %g) tokens / (TTFT %s ms + %g x TPOT %s ms) = %.0f '
               'tokens/s, %.2f x the table\'s %s per GPU'
               % (c, i, o, ttft_row['value'], o, tpot_row['value'], c * (i + o) / cycle_s,
                  gpus, decimal_text(decimal.Decimal(repr(tput)))))
        recipe = next((v for (post, model, gpu, engine), v in BEST_GPU_RECIPE_TP.items()
                       if post in ttft_row['source'] and (model, gpu, engine) ==
                       (ttft_row['model'], ttft_row['gpu'], ttft_row['engine'])), None)
        if abs(gpus - 1) <= BEST_GPU_TOLERANCE:
            split = (1, 1)
            note = 'gpu_count 1, tp 1 inferred (Little\'s law): ' + why
        elif recipe and abs(gpus / recipe[0] - 1) <= BEST_GPU_TOLERANCE:
            split = recipe[:2]
            note = ('gpu_count %d (Little\'s law: %s), tp %d as the recipe states (%s)'
                    % (recipe[0], why, recipe[1], recipe[2]))
        else:
            split = None
            note = 'about %.0f GPUs by Little\'s law, their split not stated: %s' % (gpus, why)
        for row in (ttft_row, tpot_row):
            if split:
                row['gpu_count'], row['tp'], row['pp'] = str(split[0]), str(split[1]), '1'
                n_set += 1
            row['notes'] = row['notes'] + '; ' + note
    return n_set


# A serving figure printed twice counts once.  Two rows of the same page (the same
# repository and file, or the same address; the folder a page moved to and the
# commit are not compared) that state the same engine, GPUs, model, dtype,
# layout, load, lengths and metric are one measurement:
#   - with the same value and the same commit (or none), the later row repeats
#     the earlier (the extract took some tables twice): "duplicate of ID";
#   - with a later as_of, the later version of the page supersedes the earlier
#     figure (the engine's current speed is what the plans estimate):
#     "superseded by ID".
# The row that counts the figure goes into `repeat_of` (the notes say why);
# catalogs/calibrate.py, sql/accuracy.sql and speed_basis leave rows with a
# repeat_of out, as they do the rows the source flags as anomalous.
REPEAT_KEY = ['kind', 'metric', 'engine', 'gpu', 'gpu_count', 'model', 'dtype', 'tp',
              'pp', 'ep', 'batch', 'concurrency', 'prompt_tokens', 'gen_tokens',
              'scenario', 'speculative']
SERVING_KINDS = ('decode', 'prefill', 'aggregate', 'latency')   # not train_mem, hw


def source_page(source):
    """(page, commit) of a source: the text before ' @' with any 'github.com/'
    prefix, reduced to repository and file name for a GitHub path; the commit
    after ' @' up to the first space, or ''."""
    head, _, tail = source.partition(' @')
    head = re.sub(r'^(https?://)?github\.com/', '', head.strip())
    parts = head.split(' ', 1)
    if len(parts) == 2 and parts[0].count('/') == 1:
        page = parts[0] + ' ' + os.path.basename(parts[1].strip())
    else:
        page = head
    return page, tail.split(' ', 1)[0]


def flag_repeats(rows):
    """Annotates, in place, each row that repeats or is superseded by another
    (see REPEAT_KEY); returns the count of each."""
    first = {}
    counts = {'duplicate': 0, 'superseded': 0}
    for row in rows:
        if row['kind'] not in SERVING_KINDS or not row['gpu'] or not row['model'] \
                or not row['value']:
            continue
        page, commit = source_page(row['source'])
        key = tuple(row[k] for k in REPEAT_KEY) + (page,)
        prev = first.get(key)
        if prev is None:
            first[key] = (row, commit)
            continue
        old, old_commit = prev
        same_commit = commit.startswith(old_commit) or old_commit.startswith(commit)
        if row['value'] == old['value'] and same_commit:
            note = 'duplicate of %s: the same figure of the same page' % old['id']
            counts['duplicate'] += 1
            target = row
        elif row['as_of'] != old['as_of']:
            newer, target = (row, old) if row['as_of'] > old['as_of'] else (old, row)
            note = ('superseded by %s: the same configuration in a later version '
                    'of the page (%s)' % (newer['id'], newer['as_of']))
            counts['superseded'] += 1
            if newer is row:
                first[key] = (row, commit)
        else:
            continue    # two figures of one date: both kept
        target['notes'] = (target['notes'] + ' [import] ' + note + '; left out of '
                           'the fits and the error figures').strip()
        target['repeat_of'] = (old if target is row else newer)['id']
    return counts


# Published training throughput (catalogs/train_tps.md): one row a printed
# figure, kind 'train_tps'; the configuration columns the measurements
# table lacks (cp, vp, gpus per node, fabric, a non-catalog model's shape)
# stay in this file, which catalogs/calibrate_train_tps.py reads.
TRAIN_TPS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                              'train_tps_published.csv')
TRAIN_DTYPES = {'bf16': 'bf16', 'fp16': 'fp16', 'fp32': 'fp32', 'fp8': 'fp8',
                'mxfp8': 'fp8', 'nvfp4': 'fp4', 'int8': 'int8', '': ''}


def build_train_tps_row(where, src):
    """A train_tps row of the measurements table from a row of
    train_tps_published.csv (its columns: see the file's header)."""
    row = dict.fromkeys(HEADER, '')
    notes = []

    def whole(col):
        text = (src.get(col) or '').strip()
        if not text:
            return ''
        value = float(text)
        if value != int(value) or value < 1:
            notes.append('%s %s as printed' % (col, text))
            return ''
        return str(int(value))

    dtype = (src.get('dtype') or '').strip().lower()
    if dtype not in TRAIN_DTYPES:
        raise ImportError_('%s: cannot map dtype %r' % (where, dtype))
    recompute = (src.get('recompute') or '').strip().lower()
    as_of = (src.get('as_of') or '').strip()
    if re.match(r'^\d{4}-\d{2}$', as_of):
        notes.append('as_of: the month %s' % as_of)
        as_of += '-01'
    if not re.match(r'^\d{4}-\d{2}-\d{2}$', as_of):
        raise ImportError_('%s: as_of %r is not a date' % (where, as_of))
    for col in ('cp', 'vp', 'gpus_per_node', 'fabric'):
        if (src.get(col) or '').strip():
            notes.append('%s %s' % (col, src[col].strip()))
    if recompute:
        notes.append('recompute %s' % recompute)
    row.update({
        'id': src['id'].strip(), 'kind': 'train_tps', 'metric': src['metric'].strip(),
        'gpu': src['gpu'].strip(), 'gpu_count': whole('gpu_count'),
        'model': src['model'].strip() if src['model'].strip() in MODEL_SLUGS else '',
        'params_b': (src.get('params_b') or '').strip(),
        'dtype': TRAIN_DTYPES[dtype], 'framework': src['framework'].strip(),
        'batch': whole('global_batch'), 'mode': src['mode'].strip() or 'full',
        'micro_batch': whole('micro_batch'), 'seq_len': whole('seq_len'),
        'grad_checkpointing': {'none': 'no', 'selective': 'yes', 'full': 'yes'}.get(recompute, ''),
        'zero_stage': whole('zero_stage'), 'tp': whole('tp'), 'pp': whole('pp'),
        'ep': whole('ep'), 'value': src['value'].strip(), 'unit': src['unit'].strip(),
        'gpu_label': src['gpu'].strip(), 'model_label': src['model'].strip(),
        'dtype_label': src.get('dtype', '').strip(), 'source': src['source'].strip(),
        'as_of': as_of,
        'notes': one_line('; '.join([src.get('notes', '').strip()] + notes)),
    })
    return row


MODEL_SLUGS = set()



def kv_dtype_of(row):
    """The KV cache's dtype where the row states one, else ''.

    A dtype label naming the cache ('KV cache FP8', 'FP8 (weights+KV)',
    'FP8 attention (KV)', 'KV cache BF16'), or a checkpoint named for its
    FP8 cache (AMD's amd/...-FP8-KV, whose quantisation config names a KV
    scheme that vLLM's --kv-cache-dtype auto then follows). Without one the
    estimates take the engine's default (engines.kv_cache_dtype)."""
    label = row.get('dtype_label') or ''
    if row.get('engine') == 'intel-gaudi' and row.get('dtype') == 'fp8':
        # Intel's FP8 figures on Gaudi state batches that fit the HPUs only
        # with an FP8 cache (Llama 2 70B on 2 Gaudi 3 at batch 512 and
        # 128 + 2048 tokens: 365 GB of 16-bit cache beside 70 GB of weights
        # in 256 GB; Llama 3.1 8B on one at batch 768: 219 GB in 128 GB):
        # INC's FP8 quantisation on Gaudi quantises the KV cache too.
        return 'fp8'
    if re.search(r'KV cache BF16', label):
        return 'bf16'
    if (re.search(r'KV cache FP8|weights\+KV|FP8 attention \(KV\)', label)
            or re.search(r'-FP8-KV\b', row.get('model_label') or '')):
        return 'fp8'
    return ''

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--src', required=True, help='folder with the three source CSVs')
    ap.add_argument('--gpus', required=True, help='catalogs/gpus.csv')
    ap.add_argument('--models', required=True, help='catalogs/models.csv')
    ap.add_argument('--out', required=True, help='catalogs/measurements.csv')
    opts = ap.parse_args()

    rows, excluded = [], []
    counts = {}
    unmapped = {}       # gpu label -> (reason, rows)
    unmapped_models = {}    # model label -> (pending slug, rows)
    try:
        gpu_slugs = load_slugs(opts.gpus)
        model_slugs = load_slugs(opts.models)
        MODEL_SLUGS.update(model_slugs)
        check_tables(gpu_slugs, model_slugs)
        seen = {}
        sources = [(f, os.path.join(opts.src, f)) for f in FILES + [MODERN_FILE]]
        sources.append((MODERN_FILE, PUBLISHED_FILE))
        for fname, path in sources:
            for where, src in read_source(path):
                rid = (src.get('id') or '').strip()
                if rid in seen:
                    raise ImportError_('%s: duplicate id %r (first at %s)'
                                       % (where, rid, seen[rid]))
                seen[rid] = where
                if rid in EXCLUDE:
                    excluded.append((rid, where, EXCLUDE[rid]))
                    continue
                if fname == MODERN_FILE:
                    row, why = build_modern_row(where, src)
                else:
                    row, why = build_row(fname, where, src)
                if row is None:
                    excluded.append((rid, where, why))
                    continue
                if row['gpu'] and row['gpu'] not in gpu_slugs:
                    raise ImportError_('%s: gpu %r not in %s' % (where, row['gpu'],
                                                                 opts.gpus))
                if row['model'] and row['model'] not in model_slugs:
                    raise ImportError_('%s: model %r not in %s'
                                       % (where, row['model'], opts.models))
                if not row['gpu']:
                    _, reason = lookup(GPU_MAP, row['gpu_label'], 'gpu', where)
                    n = unmapped.get(row['gpu_label'], (reason, 0))[1]
                    unmapped[row['gpu_label']] = (reason, n + 1)
                if row['model_label'] and not row['model']:
                    pending = PENDING_MODELS.get(row['model_label'], '')
                    n = unmapped_models.get(row['model_label'], (pending, 0))[1]
                    unmapped_models[row['model_label']] = (pending, n + 1)
                counts[row['kind']] = counts.get(row['kind'], 0) + 1
                rows.append(row)
        for extra in REPORTED_ROWS:
            row = dict.fromkeys(HEADER, '')
            row.update(REPORTED_COMMON)
            row.update(extra)
            if row['id'] in seen:
                raise ImportError_('REPORTED_ROWS: duplicate id %r' % row['id'])
            seen[row['id']] = 'REPORTED_ROWS'
            if row['gpu'] not in gpu_slugs or row['model'] not in model_slugs:
                raise ImportError_('REPORTED_ROWS: %s: unknown gpu or model' % row['id'])
            counts[row['kind']] = counts.get(row['kind'], 0) + 1
            rows.append(row)
        for where, src in read_source(TRAIN_TPS_FILE):
            row = build_train_tps_row(where, src)
            if row['id'] in seen:
                raise ImportError_('%s: duplicate id %r (first at %s)'
                                   % (where, row['id'], seen[row['id']]))
            seen[row['id']] = where
            if row['gpu'] not in gpu_slugs:
                raise ImportError_('%s: gpu %r not in %s' % (where, row['gpu'], opts.gpus))
            if row['model'] and row['model'] not in model_slugs:
                raise ImportError_('%s: model %r not in %s'
                                   % (where, row['model'], opts.models))
            counts[row['kind']] = counts.get(row['kind'], 0) + 1
            rows.append(row)
        inferred = infer_gpu_counts(rows)
        repeats = flag_repeats(rows)
    except (ImportError_, OSError, csv.Error) as e:
        print(str(e), file=sys.stderr)
        return 1

    for row in rows:
        row['kv_dtype'] = kv_dtype_of(row)
    tmp = opts.out + '.tmp'
    with open(tmp, 'w', newline='', encoding='utf-8') as f:
        w = csv.DictWriter(f, fieldnames=HEADER, lineterminator='\n')
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, opts.out)

    for kind in ('decode', 'prefill', 'aggregate', 'latency', 'train_mem', 'hw', 'train_tps'):
        print('%s: %d rows' % (kind, counts.get(kind, 0)), file=sys.stderr)
    print('total: %d rows written to %s' % (len(rows), opts.out), file=sys.stderr)
    print('gpu_count inferred (Little\'s law): %d rows' % inferred, file=sys.stderr)
    print('duplicates: %d, superseded: %d (left out of the fits)'
          % (repeats['duplicate'], repeats['superseded']), file=sys.stderr)
    print('excluded: %d' % len(excluded), file=sys.stderr)
    for rid, where, why in excluded:
        print('  %s (%s): %s' % (rid, where, why), file=sys.stderr)
    print('gpu left empty: %d rows, %d labels'
          % (sum(n for _, n in unmapped.values()), len(unmapped)), file=sys.stderr)
    for label in sorted(unmapped):
        reason, n = unmapped[label]
        print("  '%s' (%d rows): %s%s" % (label, n, reason,
              (' (pending slug %s)' % PENDING_GPUS[label]) if label in PENDING_GPUS
              else ''), file=sys.stderr)
    print('model left empty: %d rows, %d labels'
          % (sum(n for _, n in unmapped_models.values()), len(unmapped_models)),
          file=sys.stderr)
    for label in sorted(unmapped_models):
        pending, n = unmapped_models[label]
        print("  '%s' (%d rows): pending slug %s" % (label, n, pending or '(none)'),
              file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main())
