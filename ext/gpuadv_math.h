/*
** gpuadv_math.h: the estimator arithmetic of gpuadv, free of SQLite.
**
** Every function here takes and returns plain doubles in the units its name
** and comment give, and assumes its arguments were already range-checked
** (the SQL layer in gpuadv_args.c does that). Nothing here allocates, so the
** code can be unit-tested and fuzzed on its own.
**
** Units (SPEC section 1): memory in decimal GB (1e9 bytes), bandwidth in GB/s,
** compute in dense TFLOP/s, model size in billions of parameters, money in
** USD, time in hours.
*/
#ifndef GPUADV_MATH_H
#define GPUADV_MATH_H

/* ------------------------------------------------------------------------
** Default constants. Each says where it comes from.
*/

/* decode_tps's default efficiency: the share of datasheet bandwidth that
** the plain roofline (all weights read per token, nothing else) needs to
** best match the 301 single-stream llama.cpp rows of 2024 in
** catalogs/measurements.csv (geometric mean, fitted by catalogs/calibrate.py). The plain roofline
** misses the fixed cost per layer, so its error is large: median 22%, 90th
** percentile 53%; model_decode_tps, with the model below, does far better. */
#define GPUADV_DEFAULT_DECODE_EFFICIENCY 0.6337

/* Share of dense datasheet TFLOP/s that large matrix multiplies reach: 0.76
** is the median of the 21 "maximum achievable matmul FLOPS" rows (bf16 and
** fp8, A100 to B300, MI300X to MI355X, Gaudi 2/3) of stas00/ml-engineering,
** spread 0.51 (MI300X) to 0.97 (Gaudi 2). */
#define GPUADV_DEFAULT_COMPUTE_EFFICIENCY 0.76

/* Model FLOP utilisation of compute-bound prefill against the datasheet's
** dense 16-bit TFLOP/s: the median over the 33 single-GPU 512-token prompt
** rows of catalogs/measurements.csv that the source does not flag (llama.cpp,
** May 2024), fitted by catalogs/calibrate.py. The spread is wide (median
** error 35%): llama.cpp then reached 0.3 to 0.5 of the tensor rate on
** datacenter and workstation cards, while on GeForce cards it runs FP16
** accumulation, twice the FP32-accumulate rate the catalog lists, and so
** reaches 0.7 to 1.0 of the catalog figure. */
#define GPUADV_DEFAULT_PREFILL_MFU 0.5869

/* LoRA adapter size as a share of the base model's parameters: rank 64 on
** every linear layer (the QLoRA paper's setting, Dettmers et al. 2023) is
** about 1.2% of Llama-2-70B; 1% is the round figure the SPEC names. */
#define GPUADV_DEFAULT_LORA_FRACTION 0.01

/* Bytes per trainable adapter parameter: fp32 weight, fp32 gradient, Adam
** first and second moments (4 + 4 + 4 + 4). An fp32 adapter needs no
** separate master copy. */
#define GPUADV_LORA_ADAPTER_BYTES 16.0

/* NF4 quantisation constants with double quantisation (QLoRA paper section
** 3): 8-bit scale per 64 weights plus an fp32 scale per 256 of those,
** 8/64 + 32/(64*256) = 0.127 bits per parameter. */
#define GPUADV_NF4_CONSTANT_BYTES (0.127 / 8.0)

/* Electricity defaults of owned_usd_per_hour (SPEC section 2). */
#define GPUADV_DEFAULT_USD_PER_KWH 0.12
#define GPUADV_DEFAULT_PUE 1.0

/* Egress default, USD per GB: the first-10-TB internet egress tier of AWS,
** GCP and Azure (0.09, 0.12 and 0.087 USD/GB in 2024); seed 002 uses 0.09. */
#define GPUADV_DEFAULT_EGRESS_USD_PER_GB 0.09

/* Relative tolerance of nodes_required, so 2.1/0.3 = 7.000000000000001
** counts as 7 and not 8. Far below any real capacity difference. */
#define GPUADV_COUNT_TOLERANCE 1e-9

/* params_b above this is taken as a count of parameters typed for billions. */
#define GPUADV_MAX_PARAMS_B 100000.0

/* ------------------------------------------------------------------------
** Calibrated decode model (model_decode_tps). Fitted by catalogs/calibrate.py
** on the 301 single-stream rows (batch 1) of catalogs/measurements.csv from
** the 2024 extract: llama.cpp llama-bench of May 2024 (CUDA 12.1 on RunPod, Metal on Apple),
** Llama 3 8B and 70B in F16, Q8_0, Q4_0 and Q4_K_M on 14 GPUs. They describe
** that software era: newer engines (vLLM, TensorRT-LLM, current llama.cpp)
** reach more of HBM bandwidth than the 0.52 below.
**   step = bytes read / (bandwidth x efficiency of the memory class
**          [x GGUF factor on unified memory]) + layers x overhead
** Error on those rows: median 4.3%, 90th percentile 15%; with each GPU left
** out of the fit in turn: median 5.6%, 90th percentile 18%. */
#define GPUADV_DECODE_EFF_HBM 0.5182
#define GPUADV_DECODE_EFF_GDDR 0.9237
#define GPUADV_DECODE_EFF_UNIFIED 0.7569
/* No DDR-class row was measured: the unified-memory figure, the nearest
** kind (LPDDR behind a wide bus). */
#define GPUADV_DECODE_EFF_DDR GPUADV_DECODE_EFF_UNIFIED
/* Metal's GGUF dequantising kernels reach less of the bandwidth than its
** F16 ones; on CUDA the fit found no difference (factor 1.0). */
#define GPUADV_DECODE_GGUF_UNIFIED_FACTOR 0.7322
/* Fixed time per layer and token (kernel launches, synchronisation):
** 0.117 ms, 3.8 ms per token for a 32-layer model. */
#define GPUADV_DECODE_LAYER_OVERHEAD_S 0.0001172

/* Tensor parallelism: two all-reduces per layer and step. Not calibrated
** (the fit's 2024 rows hold no tensor-parallel single-stream row; the
** 2025-2026 serving rows hold a few, not used yet): NCCL's
** small-message all-reduce latency is of the order of 10 us over NVLink and
** 30 us over PCIe; the message is batch x hidden x 2 bytes. */
#define GPUADV_ALLREDUCE_LATENCY_NVLINK_S 10e-6
#define GPUADV_ALLREDUCE_LATENCY_PCIE_S 30e-6
/* PCIe 4.0 x16, one direction, as NCCL reaches it. */
#define GPUADV_PCIE_GBS 25.0

enum gpuadv_memory_class {
  GPUADV_MEM_HBM,
  GPUADV_MEM_GDDR,
  GPUADV_MEM_UNIFIED,
  GPUADV_MEM_DDR
};

/* Everything model_decode_tps needs, from the catalogs and the call. */
typedef struct gpuadv_decode_setup {
  double mem_bw_gbs;         /* per GPU, datasheet */
  int memory_class;          /* enum gpuadv_memory_class */
  double achievable_tflops;  /* per GPU for the dtype; 0: no compute roof */
  double interconnect_gbs;   /* NVLink-class, both directions; 0: PCIe */
  double params_b;           /* total */
  double active_params_b;    /* per token */
  double n_experts, experts_per_token; /* MoE; 0 for dense */
  double embedding_params_b; /* input embedding: not read when decoding */
  double hidden;
  double layers;
  double bytes_per_param;
  int gguf;                  /* a GGUF block-quantised dtype */
  double kv_gb_per_seq;      /* KV cache of one sequence at its context */
  double batch;
  double n_gpus;             /* tensor-parallel degree */
} gpuadv_decode_setup;

/* GB of weights one decode step reads: dense weights plus the experts that
** the batch's tokens touch, n x (1 - (1 - k/n)^batch) of them on average
** with uniform routing; less the input embedding, of which a step reads
** only one row per token. */
double gpuadv_decode_weights_read_gb(const gpuadv_decode_setup *s);

/* Aggregate decode tokens/s of the calibrated model. */
double gpuadv_model_decode_tps(const gpuadv_decode_setup *s);

/* ------------------------------------------------------------------------
** Peak training memory (train_peak_gb), fitted by catalogs/calibrate_train.py
** on the 9 rows of the measurements catalog whose configuration is fully
** stated (torchtune LoRA/QLoRA on RTX 4090 and A100, torchtitan Llama 3.1
** 8B with full activation checkpointing); catalogs/train_peak.md lists the
** other 39 rows and why each is left out. Error on the 9: median 3.4%, 90th
** percentile 10.8%; each configuration left out of the fit in turn: median
** 11.1%. The measurements are PyTorch allocator peaks, which leave out the
** CUDA context and NCCL buffers (0.5 to 1 GB more in nvidia-smi). */

/* Allocator slack: fragmentation of PyTorch's caching allocator, as a share
** of everything allocated. */
#define GPUADV_TRAIN_ALLOC_SLACK 0.01958

/* Bytes per logit of the cross-entropy's fp32 buffers (upcast logits,
** softmax, gradient: about three fp32 copies, 12), beside the 16-bit
** logits themselves; a chunked loss holds one chunk's worth. */
#define GPUADV_TRAIN_CE_FP32_BYTES 12.31

/* Peak GB per GPU of a training step:
**   (1 + slack) x (model state, as train_mem_gb
**                  + activations, as activation_gb
**                  + with full recomputation, the one layer rebuilt during
**                    backward, 34 s b h bytes (flash attention: no s^2 term)
**                  + logits: b s vocab x (2 + 12.31 / ce_chunks) bytes)
** seq_len is the tokens each GPU holds (divide by the context-parallel
** degree); vocab 0 leaves the logits out. */
double gpuadv_train_peak_gb(double params_b, int mode, double n_gpus,
                            int zero_stage, double layers, double hidden,
                            double heads, double seq_len, double micro_batch,
                            int recompute, double vocab, double ce_chunks);

/* ------------------------------------------------------------------------
** Data types: storage bytes per parameter.
*/
/* Which catalog TFLOP/s column a dtype computes at. */
enum gpuadv_compute {
  GPUADV_COMPUTE_FP32,
  GPUADV_COMPUTE_TF32,
  GPUADV_COMPUTE_16BIT, /* bf16/fp16; also weight-only quantisation */
  GPUADV_COMPUTE_FP8,
  GPUADV_COMPUTE_INT8,
  GPUADV_COMPUTE_FP4
};

typedef struct gpuadv_dtype {
  const char *name;        /* lowercase keyword */
  double bytes_per_param;  /* including block scales for GGUF types */
  const char *why;         /* where the figure comes from */
  int compute;             /* enum gpuadv_compute: matmul precision */
  int gguf;                /* 1 for llama.cpp's block-quantised types */
} gpuadv_dtype;

/* The known dtypes, in the order error messages list them. */
extern const gpuadv_dtype gpuadv_dtypes[];
extern const int gpuadv_n_dtypes;

/* Index of a dtype by case-insensitive name, or -1. */
int gpuadv_dtype_find(const char *name, int n_bytes);

/* Index of the n_bytes of name in a NULL-terminated list of lowercase
** words, compared case-insensitively, or -1. */
int gpuadv_keyword_find(const char *const *words, const char *name,
                        int n_bytes);

/* ------------------------------------------------------------------------
** Training modes of train_mem_gb, and recomputation modes of activation_gb.
*/
enum gpuadv_train_mode {
  GPUADV_MODE_FULL,      /* 18 B/param: bf16 w, fp32 grad, fp32 master, m, v */
  GPUADV_MODE_FULL16,    /* 16 B/param: bf16 grads (ZeRO paper accounting) */
  GPUADV_MODE_LORA,      /* frozen bf16 base + fp32 adapter with Adam */
  GPUADV_MODE_QLORA,     /* frozen NF4 base + fp32 adapter with Adam */
  GPUADV_MODE_INFERENCE, /* bf16 weights only */
  GPUADV_N_TRAIN_MODES
};
extern const char *const gpuadv_train_mode_names[];

enum gpuadv_recompute {
  GPUADV_RECOMPUTE_NONE,
  GPUADV_RECOMPUTE_SELECTIVE,
  GPUADV_RECOMPUTE_FULL,
  GPUADV_N_RECOMPUTE
};
extern const char *const gpuadv_recompute_names[];
#define GPUADV_DEFAULT_RECOMPUTE GPUADV_RECOMPUTE_SELECTIVE

/* Bytes per base-model parameter held by one GPU for each part of the
** training state, before ZeRO sharding. */
typedef struct gpuadv_train_bytes {
  double weights;    /* model weights (and adapter weights) */
  double grads;      /* gradients */
  double optimizer;  /* fp32 master copy and Adam moments */
} gpuadv_train_bytes;

gpuadv_train_bytes gpuadv_train_bytes_per_param(int mode);

/* ------------------------------------------------------------------------
** Estimators (SPEC section 2). Arguments are in range; results may be
** Infinity only when the inputs are huge, and the SQL layer rejects that.
*/

/* weights_gb = params_b x bytes_per_param(dtype). */
double gpuadv_weights_gb(double params_b, double bytes_per_param);

/* Model-state GB per GPU for training: per-part bytes per parameter times
** params_b, with ZeRO stage >= 1 dividing the optimizer state by n_gpus,
** >= 2 also the gradients, 3 also the weights; plus activation_gb, which is
** per GPU and never sharded. */
double gpuadv_train_mem_gb(double params_b, int mode, double n_gpus,
                           int zero_stage, double activation_gb);

/* kv_cache_gb = 2 x layers x kv_heads x head_dim x seq_len x batch x
** bytes_per_param / 1e9 (keys and values, every layer). */
double gpuadv_kv_cache_gb(double layers, double kv_heads, double head_dim,
                          double seq_len, double batch, double bytes_per_param);

/* What a model's KV cache depends on. Zero means "not used": no MLA
** latent (kv_lora_rank 0), no sliding window (sliding_layers 0), no
** linear-attention layers (linear_layers 0). */
typedef struct gpuadv_model_shape {
  double layers, kv_heads, head_dim;
  double kv_lora_rank, qk_rope_head_dim;  /* MLA (DeepSeek-V2/V3) */
  double sliding_window, sliding_layers;  /* local-attention layers */
  /* Hybrid models (Qwen3-Next, Kimi Linear, MiniMax-01): layers of linear
  ** attention or state-space mixing that keep a fixed-size recurrent state
  ** per sequence (linear_state_elems elements each, conv state included)
  ** instead of a cache that grows with the context. */
  double linear_layers, linear_state_elems;
} gpuadv_model_shape;

/* A model as the estimates see it, whether it comes from the models
** catalog or from a Hugging Face config.json. Zero means "not used" as in
** gpuadv_model_shape; a dense model has n_experts 0. */
typedef struct gpuadv_model_def {
  double params_b;           /* total, billions (MoE: every expert) */
  double active_params_b;    /* used per token */
  double hidden, intermediate, heads, vocab, context;
  double n_experts, experts_per_token;
  gpuadv_model_shape shape;  /* layers, KV cache, sliding, linear layers */
} gpuadv_model_def;

/* GB of KV cache of a catalog model for seq_len tokens x batch sequences:
**   MLA: attention layers x (kv_lora_rank + qk_rope_head_dim) elements per
**        token (the compressed latent and the shared rope key; no factor 2,
**        no heads);
**   else 2 x kv_heads x head_dim elements per token and attention layer,
**        where the sliding_layers local-attention layers hold at most
**        sliding_window tokens and the others hold seq_len;
**   plus linear_layers x linear_state_elems per sequence, whatever seq_len
**        (a hybrid model's recurrent state), and no KV in those layers.
** Every element is bytes_per_param bytes. */
double gpuadv_model_kv_gb(const gpuadv_model_shape *m, double seq_len,
                          double batch, double bytes_per_param);

/* Activations saved for backward, Korthikanti et al. 2022 ("Reducing
** Activation Recomputation in Large Transformer Models", table 2), 16-bit,
** summed over layers, in GB:
**   none:      s*b*h*(34 + 5*a*s/h) bytes per layer
**   selective: 34*s*b*h                 (also what flash attention gives)
**   full:      2*s*b*h                  (only each layer's input is kept) */
double gpuadv_activation_gb(double layers, double hidden, double heads,
                            double seq_len, double micro_batch, int recompute);

/* Aggregate decode tokens/s, memory-bound roofline: each step reads all
** weights and kv_gb of cache, step_s = (weights_gb + kv_gb) /
** (mem_bw_gbs x efficiency). With tflops > 0 and active_params_b > 0 the
** step takes at least 2 x active_params_b*1e9 x batch FLOP /
** (tflops*1e12 x compute_efficiency). tokens/s = batch / step_s.
** Pass tflops = 0 to leave out the compute roof. */
double gpuadv_decode_tps(double mem_bw_gbs, double weights_gb, double batch,
                         double efficiency, double kv_gb, double tflops,
                         double active_params_b, double compute_efficiency);

/* Prompt tokens/s of compute-bound prefill:
** tflops*1e12 x mfu / (2 x active_params_b*1e9). */
double gpuadv_prefill_tps(double tflops, double active_params_b, double mfu);

/* USD per million tokens = usd_per_hour x 1e6 /
** (3600 x tokens_per_sec x utilization). */
double gpuadv_cost_per_mtok(double usd_per_hour, double tokens_per_sec,
                            double utilization);

/* ceil(total_gb / (gb_per_node x (1 - headroom))), where a quotient within
** GPUADV_COUNT_TOLERANCE of a whole number counts as that number. */
double gpuadv_nodes_required(double total_gb, double gb_per_node,
                             double headroom);

/* 6 x N x D FLOP (Kaplan et al. 2020) over tflops x mfu, in hours. */
double gpuadv_train_gpu_hours(double params_b, double tokens_b, double tflops,
                              double mfu);

/* Straight-line depreciation plus electricity:
** capex / (lifetime_years x 8760) + watts/1000 x usd_per_kwh x pue. */
double gpuadv_owned_usd_per_hour(double capex_usd, double lifetime_years,
                                 double watts, double usd_per_kwh, double pue);

/* dataset_gb x runs x usd_per_gb. */
double gpuadv_egress_usd(double dataset_gb, double runs, double usd_per_gb);

/* capex / (rent - owned); the caller ensures rent > owned. */
double gpuadv_break_even_hours(double capex_usd, double rent_usd_per_hour,
                               double owned_usd_per_hour);

/* Arithmetic intensity (FLOP/byte) where the roofline turns:
** tflops*1e12 / (mem_bw_gbs*1e9). */
double gpuadv_ridge_point(double tflops, double mem_bw_gbs);

/* floor((mem_gb x (1 - headroom) - weights_gb) / kv_gb_per_seq), 0 when the
** weights alone do not fit. */
double gpuadv_max_batch(double mem_gb, double weights_gb, double kv_gb_per_seq,
                        double headroom);

#endif /* GPUADV_MATH_H */
