/*
** gpuadv_math.h: the estimator arithmetic of gpuadv, free of SQLite.
**
** Every function here takes and returns plain doubles in the units its name
** and comment give, and assumes its arguments were already range-checked
** (the SQL layer in gpuadv_args.c does that). Nothing here allocates, so the
** code can be unit-tested and fuzzed on its own.
**
** Units (README "Conventions"): memory in decimal GB (1e9 bytes), bandwidth
** in GB/s, compute in dense TFLOP/s, model size in billions of parameters,
** money in USD, time in hours.
*/
#ifndef GPUADV_MATH_H
#define GPUADV_MATH_H

#include "gpuadv_sim.h" /* gpuadv_step_line */

/* ------------------------------------------------------------------------
** Default constants. Each says where it comes from.
*/

/* decode_tps's default efficiency: the share of datasheet bandwidth that
** the plain roofline (all weights read per token, nothing else) needs to
** best match the 301 single-stream rows of catalogs/measurements.csv
** (geometric mean, fitted by catalogs/calibrate.py). The plain roofline
** misses the fixed cost per layer, so its error is large: median 22%, 90th
** percentile 53%; model_decode_tps, with the model below, does far better. */
#define GPUADV_DEFAULT_DECODE_EFFICIENCY 0.6337

/* Share of dense datasheet TFLOP/s that large matrix multiplies reach: 0.76
** is the median of the 21 "maximum achievable matmul FLOPS" rows (bf16 and
** fp8, A100 to B300, MI300X to MI355X, Gaudi 2/3) of stas00/ml-engineering,
** spread 0.51 (MI300X) to 0.97 (Gaudi 2). The serving model also takes it
** as the median chip's share: a chip with a measured share computes at its
** share over this one (matmul_share_factor in gpuadv_model_funcs.c). */
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
** about 1.2% of Llama-2-70B; 1% is the round figure README gives. */
#define GPUADV_DEFAULT_LORA_FRACTION 0.01

/* Bytes per trainable adapter parameter: fp32 weight, fp32 gradient, Adam
** first and second moments (4 + 4 + 4 + 4). An fp32 adapter needs no
** separate master copy. */
#define GPUADV_LORA_ADAPTER_BYTES 16.0

/* NF4 quantisation constants with double quantisation (QLoRA paper section
** 3): 8-bit scale per 64 weights plus an fp32 scale per 256 of those,
** 8/64 + 32/(64*256) = 0.127 bits per parameter. */
#define GPUADV_NF4_CONSTANT_BYTES (0.127 / 8.0)

/* Electricity defaults of owned_usd_per_hour (README "Function reference"). */
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
** The serving speed model (model_decode_tps, model_prefill_tps and the
** serving views). Its constants belong to a serving engine and live in the
** engines catalog (catalogs/engines.csv), fitted per engine by
** catalogs/calibrate.py on the measurements of that engine; that file and
** the README's Accuracy section give their data, era and errors.
**
** A decode step of `batch` sequences on n_gpus tensor-parallel GPUs:
**   step = max(weights read / (n x bandwidth x bw_eff[memory class]),
**              2 x active params x batch / (n x dense TFLOP/s x compute_eff))
**        + KV cache read / (n x bandwidth x kv_eff)
**        + layers x (layer_overhead + moe_layer_overhead (MoE))
**        + batch x token_overhead / n (MoE)
**        + 2 all-reduces per layer when n > 1
**   tokens/s = batch / step
** The weights and the cache are read once per step at no more than the
** datasheet bandwidth, and the matmuls run at no more than the dense
** datasheet rate (bw_eff, kv_eff and compute_eff are at most 1), so no
** estimate exceeds either roofline. bw_eff is fitted on single-stream
** rows, where reading the weights is the step; kv_eff and compute_eff on
** full-load rows, where attention over many sequences and the matmuls are.
**
** A prefill of `tokens` prompt tokens after `cached` tokens of context:
**   FLOP = 2 x (active params - input embedding) x tokens
**        + 4 x heads x head_dim x query-key pairs, summed over attention
**          layers (full layers: tokens x (cached + (tokens + 1) / 2) pairs;
**          sliding layers at most the window per token; linear-attention
**          layers none)
**   seconds = FLOP / (n x dense TFLOP/s x mfu(tokens))
**           + tokens x prefill_token / n (MoE) + all-reduces
**   mfu(tokens) = prefill_mfu x tokens / (tokens + prefill_half_tokens):
**   short prompts fill the GPU less (fewer rows per matmul, launch costs).
*/

/* The constants of one serving engine (a row of the engines catalog). */
typedef struct gpuadv_engine_consts {
  double bw_eff[4];           /* share of datasheet bandwidth reading
                              ** weights, by enum gpuadv_memory_class */
  double kv_eff;              /* share reading the KV cache (paged
                              ** attention over many sequences) */
  double layer_overhead_s;    /* fixed time per layer and decode step */
  double moe_layer_s;         /* more of it per layer of an MoE model
                              ** (its routing and expert kernels) */
  double token_overhead_s;    /* time per sequence and step of an MoE
                              ** model (routing, permuting and padding
                              ** its token for the experts); 0 for dense */
  double prefill_token_s;     /* the same per prompt token, in the large
                              ** batches of a prefill; 0 for dense */
  double compute_eff;         /* share of dense TFLOP/s in decode matmuls */
  double prefill_mfu;         /* share of dense TFLOP/s of long prompts */
  double prefill_half_tokens; /* prompt length at half of prefill_mfu */
  double gguf_unified_factor; /* GGUF types on unified memory (Metal) */
  double prefill_mfu_unified; /* prefill_mfu on unified memory (Apple) */
  double gguf_prefill_factor; /* share of the mfu a GGUF type's prefill
                              ** keeps on unified memory and CPUs (their
                              ** kernels dequantise in the matmul); on
                              ** discrete GPUs the fp16 copies of the
                              ** weights are counted instead (see
                              ** GPUADV_GGUF_MMQ_MAX_TOKENS) */
  double attn_eff;            /* share of the mfu a prompt's attention
                              ** FLOP reach at the 16-bit rate (1: as
                              ** fast as 16-bit matmuls) */
  double fp4_eff;             /* share of the datasheet FP4 rate that
                              ** 4-bit float matmuls reach, beside
                              ** compute_eff (block-scaled operands) */
  double dequant_eff;         /* the same on a chip without FP4 units, of
                              ** the 16-bit rate (dequantising kernels) */
  double dequant_prefill_eff; /* the same in a prompt's matmuls, whose
                              ** many rows a dequantised weight tile
                              ** serves at once */
  double amd_eff;             /* share of its speed on NVIDIA GPUs the
                              ** engine reaches on AMD ones (bandwidth and
                              ** TFLOP/s alike; its ROCm kernels) */
  double gaudi_eff;           /* the same on Intel Gaudi (its HPU
                              ** graphs and kernels) */
  int split_layers;           /* 1: splits a model's layers over its GPUs
                              ** (llama.cpp), 0: splits tensors */
  double batch_tokens;        /* layer split: prompt tokens per pipelined
                              ** batch (the engine's token_budget) */
  int fp16_accumulate;        /* 1: fp16 matmuls accumulate in fp16, at
                              ** gpus.fp16_acc16_tflops where listed */
  int dp_shared_budget;       /* 1: data-parallel attention groups share
                              ** token_budget (SGLang), 0: each group has
                              ** its own (engines.dp_token_budget) */
  int kv_from_checkpoint;     /* 1: the KV cache is 8-bit with 8- and
                              ** 4-bit float weights, as the checkpoints
                              ** the engine runs quantise it (TensorRT-LLM
                              ** with ModelOpt's); 0: 16-bit unless asked
                              ** (engines.kv_cache_dtype) */
  int overlap;                /* 1: the engine starts each step before it
                              ** hands out the last one's tokens, by
                              ** default (engines.overlap_from) */
  int preempt;                /* 1: admits on the prompt and preempts
                              ** when the KV runs out (vLLM), 0: reserves
                              ** each request whole (engines.kv_admission) */
} gpuadv_engine_consts;

/* Layer split (llama.cpp's default --split-mode layer): each GPU holds a
** run of layers and a token passes them one after another, so a decode
** step takes one GPU's time for the whole model (the GPUs take turns)
** plus a hop of the activations at each of the n - 1 boundaries. A
** prompt is cut into micro-batches of GPUADV_LAYER_SPLIT_UBATCH tokens
** that overlap across the GPUs (pipeline parallelism, llama.cpp pull
** request 6017, March 2024): the u micro-batches of one batch of
** batch_tokens take u + n - 1 stage times of 1/n of a micro-batch each,
** so a prompt runs n u / (u + n - 1) times as fast as on one GPU.
** 512 is llama.cpp's default n_ubatch (common/common.h, llama-bench). */
#define GPUADV_LAYER_SPLIT_UBATCH 512.0

/* llama.cpp's CUDA and HIP backends of 2024 (the build of its fitted
** prefill rows, May 2024) multiply a GGUF weight by more than
** GPUADV_GGUF_MMQ_MAX_TOKENS tokens with cuBLAS in fp16 (ggml-cuda.cu,
** MMQ_MAX_BATCH_SIZE 32 "max batch size to use MMQ kernels when tensor
** cores are available", then ggml_cuda_op_mul_mat_cublas: "convert src0
** and src1 to fp16, multiply as fp16"): each micro-batch of
** GPUADV_LAYER_SPLIT_UBATCH tokens first dequantises the weights into an
** fp16 copy (reading the GGUF bytes, writing 2 per weight) that the matmul
** then reads (2 more per weight; at 512 tokens a matmul's reads take about
** as long as its arithmetic on these GPUs, so they are not hidden). The
** prefill counts these bytes at the datasheet bandwidth on discrete GPUs
** (HBM, GDDR); Metal dequantises inside its matmul kernels, so on unified
** memory (and on CPUs) a GGUF type keeps the engine's gguf_prefill_factor
** of the mfu instead. Later builds (from June 2024) run such matmuls on
** int8 tensor cores without the copy; the fitted rows predate them. */
#define GPUADV_GGUF_MMQ_MAX_TOKENS 32.0
#define GPUADV_GGUF_DEQUANT_BYTES 4.0 /* per weight, beside its GGUF bytes */

/* Seconds of the n - 1 hops of `tokens` x hidden 16-bit activations
** between the GPUs of a layer split (0 for one GPU). */
double gpuadv_layer_split_hops_s(double n_gpus, double interconnect_gbs,
                                 double tokens, double hidden);

/* How many times faster a layer split of n GPUs prefills `tokens` than
** one GPU. */
double gpuadv_layer_split_speedup(double n_gpus, double tokens,
                                  double batch_tokens);

/* Tensor parallelism: two all-reduces per layer and step. NCCL's
** small-message all-reduce latency is of the order of 10 us over NVLink and
** 30 us over PCIe; the message is tokens x hidden x 2 bytes. */
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
  const gpuadv_engine_consts *engine;
  double mem_bw_gbs;       /* per GPU, datasheet */
  int memory_class;        /* enum gpuadv_memory_class */
  double tflops;           /* per GPU, dense datasheet, at the dtype's
                             ** precision; 0: no compute roof */
  double interconnect_gbs; /* NVLink-class, both directions; 0: PCIe */
  double params_b;         /* total */
  double active_params_b;  /* per token */
  double n_experts, experts_per_token; /* MoE; 0 for dense */
  double embedding_params_b; /* input embedding: not read when decoding */
  double hidden;
  double layers;
  double bytes_per_param; /* the layers' weights (checkpoint_bytes) */
  /* the output head's (head_bytes); 0: bytes_per_param */
  double head_bytes_per_param;
  int gguf;             /* a GGUF block-quantised dtype */
  double kv_gb_per_seq; /* KV cache of one sequence at its context */
  /* GFLOP of one sequence's attention in a decode step at its context (an
  ** MLA latent's absorbed attention is the one that can outlast reading
  ** the cache), at attn_tflops per GPU (the 16-bit rate; 0: not counted) */
  double attn_gflop_per_seq, attn_tflops;
  double batch;
  double n_gpus; /* tensor-parallel degree, or a layer split's GPUs */
} gpuadv_decode_setup;

/* GB of weights one decode step reads: dense weights plus the experts that
** the batch's tokens touch, n x (1 - (1 - k/n)^batch) of them on average
** with uniform routing; less the input embedding, of which a step reads
** only one row per token. The output head (as many weights as the input
** embedding) at head_bytes_per_param, the rest at bytes_per_param. */
double gpuadv_decode_weights_read_gb(const gpuadv_decode_setup *s);

/* The weights of an MoE model in billions of parameters, split into the
** experts (every expert of every MoE layer) and the rest (attention,
** shared experts, dense layers, embeddings), from params = dense +
** experts and active = dense + experts x k / n; a dense model (n_experts
** 0) is all dense. */
void gpuadv_moe_split_b(double params_b, double active_params_b,
                        double n_experts, double experts_per_token,
                        double *dense_b, double *experts_b);

/* Copies of each token's KV cache that the tp GPUs of a tensor-parallel
** attention group hold together. vLLM, SGLang and TensorRT-LLM shard the
** cache by key-value head, whole heads per GPU, so tp GPUs over kv_heads
** heads hold tp / kv_heads copies of each head (1 when tp <= kv_heads);
** an MLA latent has no heads (kv_heads 1 here) and every GPU of the group
** keeps all of it, the duplication that data-parallel attention removes
** (SGLang's DP attention for DeepSeek, lmsys.org/blog/2024-12-04). */
double gpuadv_kv_copies(double kv_heads, double tp);

/* Seconds of one decode step, and aggregate decode tokens/s. */
double gpuadv_decode_step_s(const gpuadv_decode_setup *s);
double gpuadv_model_decode_tps(const gpuadv_decode_setup *s);

/* Everything a prefill needs. */
typedef struct gpuadv_prefill_setup {
  const gpuadv_engine_consts *engine;
  double tflops; /* per GPU, dense datasheet, dtype precision */
  /* per GPU, the 16-bit rate the prompt's attention runs at, whatever the
  ** weights' format (0: tflops) */
  double attn_tflops;
  double n_gpus;
  double interconnect_gbs; /* NVLink-class; 0: PCIe */
  double active_params_b;
  double embedding_params_b;
  double hidden, layers;
  double attn_dim;        /* query heads x head_dim */
  double global_attn_dim; /* the full layers' query heads x
                          ** global_head_dim (Gemma 4); 0: attn_dim */
  double sliding_window, sliding_layers, linear_layers;
  /* DeepSeek Sparse Attention: a full layer's query attends to at most
  ** attn_topk tokens (0: all), after the indexer scores every pair at
  ** index_pair_share of an attended pair's time */
  double attn_topk, index_pair_share;
  int memory_class; /* enum gpuadv_memory_class */
  int gguf;         /* a GGUF block-quantised dtype */
  /* the weights a forward pass reads, for its memory floor */
  double mem_bw_gbs; /* per GPU, datasheet */
  double params_b, n_experts, experts_per_token, bytes_per_param;
  double head_bytes_per_param; /* as in gpuadv_decode_setup */
} gpuadv_prefill_setup;

/* Seconds to prefill `tokens` prompt tokens after `cached` tokens of
** context (a prefix-cache hit or an earlier chunk). */
double gpuadv_prefill_s(const gpuadv_prefill_setup *s, double tokens,
                        double cached);

/* One engine step of a serving replica of tp x pp GPUs (ep of them holding
** the experts of an MoE model): a decode token for each running sequence
** and prompt tokens of chunked prefills, as the serving simulator asks.
** A pipeline of pp stages of tp GPUs keeps pp micro-batches in flight, one
** per stage, each of 1/pp of the step's tokens (vLLM's virtual engines); a
** sequence's next token waits for its micro-batch to pass every stage, so
** the step is pp stage times:
**   weights: each micro-batch reads every stage's weights once, the
**     experts its own tokens touch: one stage's tp GPUs read them all, as
**     without the pipeline (pipelining adds memory, not decode speed);
**   matmuls: of decode_seqs + prefill_tokens tokens over tp x pp GPUs
**     (decode tokens at compute_eff, prompt tokens at the prefill mfu of
**     the step's prompt tokens), the larger of the two;
**   + the KV cache the decoding sequences read over tp x pp GPUs
**     (kv_read_gb_per_token per context token, plus state_gb_per_seq of
**     linear-attention state), or their attention's FLOPs at the 16-bit
**     rate and compute_eff (attn_gflop_per_token), the longer;
**   + the prompt tokens' attention, 4 x attn_dim FLOP per query-key pair;
**   + layers x (layer_overhead + moe_layer_overhead (MoE models))
**     + (decode_seqs x token_overhead + prefill_tokens x prefill_token) /
**     GPUs (MoE models);
**   + the links of one micro-batch's way: tensor-parallel all-reduces over
**     tp; pp hops (pp - 1 of the micro-batch x hidden x 2 bytes over
**     hop_gbs, NVLink within a node, the node fabric across nodes, and the
**     sampled tokens' return), each with hop_latency_s; per MoE layer an
**     all-to-all dispatch and combine of the micro-batch x
**     experts_per_token x hidden x 2 bytes, (ep - 1) / ep of it leaving
**     each GPU over a2a_gbs.
** The KV cache is sharded by key-value head over the tp GPUs of an
** attention group: kv_gb_per_token and kv_read_gb_per_token count the
** copies that tp > kv_heads
** GPUs, or an MLA latent, force (gpuadv_kv_copies).
** Data-parallel attention (dp = ep / tp > 1, pp 1: SGLang's
** --enable-dp-attention, vLLM's data parallel with expert parallel,
** TensorRT-LLM's "DEP"): dp groups of tp GPUs each run attention for their
** own 1/dp of the sequences and keep the layers other than the experts
** whole, while the experts are spread over all ep GPUs. Each GPU reads the
** dense weights over tp and the experts the step's tokens touch over ep;
** the KV cache, the decode matmuls and the state are spread over all ep
** GPUs; the all-reduces and all-to-alls carry a group's 1/dp of the
** tokens. A prompt is a group's own: the group with the most prompt tokens
** in the step computes their attention and dense layers on its tp GPUs
** while the others wait (gpuadv_replica_step_s).
** What it leaves out: overlap of communication with compute, a pipeline
** bubble when fewer than pp micro-batches are ready, stages of unequal
** work, load imbalance between experts and between the groups' decodes,
** and the larger expert matmuls of expert parallelism. */
typedef struct gpuadv_replica {
  gpuadv_decode_setup decode;   /* batch, kv_gb_per_seq and n_gpus unused */
  gpuadv_prefill_setup prefill; /* n_gpus unused */
  double tp, pp, ep;
  double dp;                   /* attention groups: ep / tp when ep > tp x pp */
  double kv_heads;             /* whole KV heads to shard (MLA: 1; none: 0) */
  double kv_gb_per_token;      /* KV GB per context token (mean context) */
  double kv_read_gb_per_token; /* of it, what a decode step reads (the
                               ** same but under attn_topk) */
  double attn_gflop_per_token; /* decode attention per context token */
  double state_gb_per_seq;     /* recurrent state of a hybrid model */
  double mean_context;         /* the context the KV figures are at */
  double moe_layers;           /* layers with experts (0: dense) */
  double hop_gbs, hop_latency_s;
  double a2a_gbs, a2a_latency_s;
  double kv_capacity_tokens; /* context tokens the free memory holds */
  double max_batch;          /* the engine's most sequences at once */
} gpuadv_replica;

/* One engine step of the replica with the serving simulator's load l:
** decode_seqs sequences decoding over decode_context KV tokens in all, and
** prefill_tokens prompt tokens with prefill_pairs query-key pairs counted
** in one layer with no window; the step counts them in every layer,
** sliding layers up to their window. With data-parallel attention the
** attention groups run in lockstep (every MoE layer's all-to-all waits
** for all of them), so the group with the most prompt tokens
** (group_tokens, group_pairs) sets the time of the prompts' attention and
** layers other than the experts, on its tp GPUs; the experts of every
** prompt token are spread over all ep GPUs. Without it the group fields
** are not read. */
double gpuadv_replica_step_s(const gpuadv_replica *r,
                             const gpuadv_step_load *l);

/* The terms of a step that depend on its token counts alone, so that a
** caller stepping through many batches of the same counts (the serving
** simulator) computes them once: gpuadv_replica_step_s is
** gpuadv_replica_step_with(r, terms of the counts, decode_seqs,
** decode_context), to the last bit. */
typedef struct gpuadv_step_terms {
  double base_s;     /* the weights' reads or the matmuls, the slower */
  double overhead_s; /* the engine's per-layer and per-token overheads */
  double links_s;    /* all-reduces, pipeline hops, expert all-to-alls */
} gpuadv_step_terms;

void gpuadv_replica_step_terms(const gpuadv_replica *r,
                               const gpuadv_step_load *l,
                               gpuadv_step_terms *out);

/* The step time from its terms: base, plus the context's KV reads, plus
** the overheads, plus the links. */
double gpuadv_replica_step_with(const gpuadv_replica *r,
                                const gpuadv_step_terms *t, double decode_seqs,
                                double decode_context);

/* A decode-only step of decode_seqs sequences as the serving simulator's
** line in the context C they attend to (gpuadv_step_line, gpuadv_sim.h):
** gpuadv_replica_step_with(r, t, decode_seqs, C) is
**   fixed_s + max(read_s + read_per_ctx_s * C, attn_per_ctx_s * C)
** up to rounding (the same terms, added in another order), for the terms t
** of a step without prompt tokens: fixed_s the base, overheads and links,
** read_s the sequences' recurrent state. attn_per_ctx_s is 0 when the
** attention FLOPs are not counted. All four are >= 0, so the time never
** falls as C grows. */
void gpuadv_replica_decode_line(const gpuadv_replica *r,
                                const gpuadv_step_terms *t, double decode_seqs,
                                gpuadv_step_line *out);

/* Seconds to prefill one prompt of `tokens` on the replica: the stages one
** after another (the prefill of gpuadv_prefill_s on one stage's tp GPUs),
** plus its pipeline hops and expert all-to-alls. */
double gpuadv_replica_prefill_s(const gpuadv_replica *r, double tokens);

/* The GB/s (one direction) and latency of a GPU's links to its peers:
** NVLink-class where interconnect_gbs (both directions) is given, else
** PCIe. */
void gpuadv_gpu_link(double interconnect_gbs, double *gbs, double *latency_s);

/* Seconds of the two all-reduces per layer of `tokens` x hidden 16-bit
** activations over n_gpus (0 for one GPU). */
double gpuadv_tp_allreduce_s(double n_gpus, double interconnect_gbs,
                             double layers, double tokens, double hidden);

/* ------------------------------------------------------------------------
** Peak training memory (train_peak_gb).
**
** Mode 'full' is PyTorch automatic mixed precision as the Hugging Face
** Trainer runs it with bf16=True (fp32 weights, bf16 autocast, AdamW with
** fp32 moments, torch 2.x foreach step). Its terms are exact counts of the
** live tensors of such a step, bench/gpu/train_memory.py and
** saved_tensors.py (CPU allocator records, torch 1.13 with the torch 2.x
** autograd formulas; bench/gpu/README.md), not fitted: reproduced on those
** counts within 2.2% (median 0.03%) by catalogs/calibrate_train.py.
** The other modes keep bf16 weights (LoRA and QLoRA on a bf16 or NF4 base,
** 'full16' as torchtitan's FSDP2); their one fitted constant, below, comes
** from the 9 GPU rows of the measurements catalog whose configuration is
** fully stated (torchtune LoRA/QLoRA on RTX 4090 and A100, 2024;
** torchtitan Llama 3.1 8B with full activation checkpointing on H100, Dec
** 2024); catalogs/train_peak.md lists the other 39 rows and why each is
** left out. Error on the 9 (LoRA adapters of each row's rank, ZeRO-3's
** gathered layers): median 1.2%, 90th percentile 6.2%, worst 6.4% (T005);
** each configuration left out of the fit in turn: median 6.5%, 90th
** percentile 8.0%. The measurements are PyTorch allocator peaks (torchtune: active,
** torchtitan: reserved), which leave out the CUDA context and NCCL buffers
** (0.5 to 1 GB more in nvidia-smi). */

/* Bytes per logit of the cross-entropy's fp32 buffers (upcast logits,
** log-softmax, gradient: three fp32 copies, 12), beside the 16-bit logits
** themselves; a chunked loss holds one chunk's worth. Fitted on the 9 GPU
** rows above (2024 torchtune and torchtitan). The exact count of the
** allocated bytes at the loss's backward is 12 per logit with the 16-bit
** logits already freed (bench/gpu/README.md); an allocator that cannot put
** a 4-byte-per-logit buffer in the freed 2-byte block reserves 14. */
#define GPUADV_TRAIN_CE_FP32_BYTES 12.52

/* Whole layers of weights that ZeRO stage 3 holds gathered at once: the
** layer computing and the next, prefetched while it computes (PyTorch
** FSDP's limit_all_gathers allows two all-gathers in flight; FSDP2
** prefetches one layer ahead; DeepSpeed ZeRO-3's prefetch bucket and live
** parameters, 5e8 and 1e9 parameters by default, are one to two layers of
** a 70B model). Set from that mechanism, not fitted: on the 9 GPU rows,
** 0, 1, 2 and 3 layers give 12.7%, 10.3%, 8.0% and 7.4% as the 90th
** percentile error with each configuration left out of the fit
** (catalogs/train_peak.md). */
#define GPUADV_ZERO3_LIVE_LAYERS 2.0

/* Peak GB per GPU of a training step, s = seq_len (the tokens each GPU
** holds: divide by the context-parallel degree), b = micro_batch,
** h = hidden, a = heads, I = intermediate (0: 8h/3), L = layers, V = vocab
** (0 leaves the logits out), P = params_b:
**
**   'full':  max( optimizer step:  P x (4 w + 4 grads + 8 m, v + 4 temp),
**                 loss's backward: P x (4 + 8) + 2 (P - V h) bf16 copies
**                                  + activations
**                                  + max(head + logits, rebuilt layer) )
**   others:  train_mem_gb's state + activations + head + logits
**            + rebuilt layer
**
**   activations = L s b h x per-layer bytes (gpuadv_train_act below)
**   rebuilt layer (recompute 'full' only): one layer without checkpointing,
**                 plus in 'full' that layer's bf16 weight copies
**   logits = b s V x (2 + GPUADV_TRAIN_CE_FP32_BYTES / ce_chunks)
**
** In 'lora' and 'qlora' the adapters are gpuadv_lora_fraction(lora_rank,
** ...) of the parameters (lora_rank 0: GPUADV_DEFAULT_LORA_FRACTION).
** ZeRO stage 1 divides the moments and the optimizer's temporary by n_gpus,
** 2 also the gradients, 3 also the weights and their bf16 copies. */
double gpuadv_train_peak_gb(double params_b, int mode, double layers,
                            double hidden, double heads, double seq_len,
                            double micro_batch, double n_gpus, int zero_stage,
                            int recompute, double vocab, double ce_chunks,
                            double intermediate, double lora_rank);

/* LoRA adapters' share of a dense model's parameters: rank r matrices A
** (r x in) and B (out x r) on every linear layer of every block (q, k, v,
** o, gate, up, down: PEFT's target_modules='all-linear', the QLoRA paper's
** setting), r L (11 h + 3 I) parameters with I = intermediate (0: 8h/3).
** k and v are counted at the full width h: with grouped-query attention
** this overcounts by 2 r L (h - kv width), 0.02% of Llama 3.1 8B at r 8.
** lora_rank 0 gives GPUADV_DEFAULT_LORA_FRACTION. */
double gpuadv_lora_fraction(double lora_rank, double params_b, double layers,
                            double hidden, double intermediate);

/* ------------------------------------------------------------------------
** Data types: storage bytes per parameter.
*/
/* Which catalog TFLOP/s column a dtype computes at (the compute column of
** catalogs/dtypes.csv: catalogs/dtype_catalog.py's COMPUTE names them). */
enum gpuadv_compute {
  GPUADV_COMPUTE_FP32,
  GPUADV_COMPUTE_TF32,
  GPUADV_COMPUTE_16BIT, /* bf16/fp16; also weight-only quantisation */
  GPUADV_COMPUTE_FP8,
  GPUADV_COMPUTE_INT8,
  GPUADV_COMPUTE_FP4
};

typedef struct gpuadv_dtype {
  const char *name;       /* lowercase keyword */
  double bytes_per_param; /* including block scales for GGUF types */
  const char *why;        /* where the figure comes from */
  int compute;            /* enum gpuadv_compute: matmul precision */
  int gguf;               /* 1 for llama.cpp's block-quantised types */
  /* A released checkpoint of the dtype, as the catalog-model functions
  ** count it (model_weights_gb, model_decode_tps, model_prefill_tps; not
  ** weights_gb, which is params x bytes_per_param): bytes per weight of
  ** the transformer layers with their block scales, and of the input
  ** embedding and output head, which quantised checkpoints keep at 16
  ** bits (equal to bytes_per_param for 16- and 32-bit and GGUF types). */
  double checkpoint_bytes, head_bytes;
} gpuadv_dtype;

/* enum gpuadv_dtype_id (GPUADV_FP32, ..., GPUADV_N_DTYPES), the indices of
** gpuadv_dtypes[], and the table's rows: generated from catalogs/dtypes.csv,
** the one list of the dtypes (catalogs/gen_catalog.py). */
#include "gpuadv_dtypes.h"

/* The known dtypes, indexed by enum gpuadv_dtype_id. */
extern const gpuadv_dtype gpuadv_dtypes[GPUADV_N_DTYPES];
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
  double weights;   /* model weights (and adapter weights) */
  double grads;     /* gradients */
  double optimizer; /* fp32 master copy and Adam moments */
} gpuadv_train_bytes;

gpuadv_train_bytes gpuadv_train_bytes_per_param(int mode);

/* train_peak_gb's arguments, its terms and the constants they take, for
** the calibration (catalogs/calibrate_train.py, through ctypes), which
** fits the constants and prints what-ifs on them. */
typedef struct gpuadv_train_peak_in {
  double params_b;
  int mode; /* enum gpuadv_train_mode */
  double layers, hidden, heads, seq_len, micro_batch, n_gpus;
  int zero_stage, recompute; /* enum gpuadv_recompute */
  double vocab, ce_chunks, intermediate, lora_rank;
} gpuadv_train_peak_in;

/* The constants (gpuadv_train_peak_knobs_init: the fitted and set ones):
** the cross entropy's fp32 bytes per logit, ZeRO-3's gathered layers,
** bytes per token per hidden unit added to a layer's and to the head's
** activation counts (0; other PyTorch versions' counts differ), and a
** state per parameter in place of the mode's (state_given). */
typedef struct gpuadv_train_peak_knobs {
  double ce_fp32_bytes, zero3_live_layers;
  double extra_layer_bytes, extra_head_bytes;
  int state_given;
  gpuadv_train_bytes state;
} gpuadv_train_peak_knobs;

/* GB per GPU: the optimizer step's peak, the state resident in the
** backward pass, 'full''s bf16 weight copies, ZeRO-3's gathered layers,
** the activations kept, the rebuilt layer (recompute 'full'), the head's
** and the logits' share of the loss's backward and their sum. */
typedef struct gpuadv_train_peak_parts {
  double step, resident, casts, gathered, act, recomp, head, logits, loss;
} gpuadv_train_peak_parts;

void gpuadv_train_peak_knobs_init(gpuadv_train_peak_knobs *k);
void gpuadv_train_peak_parts_of(const gpuadv_train_peak_in *in,
                                const gpuadv_train_peak_knobs *k,
                                gpuadv_train_peak_parts *p);
/* The step's peak: the optimizer step or the backward pass, whose loss and
** rebuilt layer add up, or with larger_of, are apart in time. */
double gpuadv_train_peak_of_parts(const gpuadv_train_peak_parts *p,
                                  int larger_of);

/* ------------------------------------------------------------------------
** Estimators (README "Function reference"). Arguments are in range; results
** may be Infinity only when the inputs are huge, and the SQL layer rejects
** that.
*/

/* weights_gb = params_b x bytes_per_param(dtype). */
double gpuadv_weights_gb(double params_b, double bytes_per_param);

/* GB of params_b billion weights of a checkpoint of which heads_b billion
** (at most params_b) are input embedding and output head: those at
** head_bytes, the rest at layer_bytes (gpuadv_dtype's checkpoint_bytes and
** head_bytes); params_b x layer_bytes where the two are equal. */
double gpuadv_checkpoint_gb(double params_b, double heads_b, double layer_bytes,
                            double head_bytes);

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
  double kv_lora_rank, qk_rope_head_dim; /* MLA (DeepSeek-V2/V3) */
  double sliding_window, sliding_layers; /* local-attention layers */
  /* Hybrid models (Qwen3-Next, Kimi Linear, MiniMax-01): layers of linear
  ** attention or state-space mixing that keep a fixed-size recurrent state
  ** per sequence (linear_state_elems elements each, conv state included)
  ** instead of a cache that grows with the context. */
  double linear_layers, linear_state_elems;
  /* Layers of two kinds (Gemma 4): the full-attention (global) layers'
  ** KV heads and head width where they differ from the sliding-window
  ** layers' kv_heads and head_dim; 0: the same. */
  double global_kv_heads, global_head_dim;
  /* KV sharing (Gemma 3n): the last kv_shared_layers attention layers
  ** reuse the cache of an earlier layer of their kind and keep none;
  ** kv_shared_sliding of them are sliding-window layers. */
  double kv_shared_layers, kv_shared_sliding;
  /* Elements cached per token of context beyond the attention layers'
  ** own entries, summed over the layers: the indexer keys of DeepSeek
  ** Sparse Attention (DeepSeek-V3.2, GLM-5), and DeepSeek-V4's compressed
  ** entries with its indexer keys; 0: none. (DeepSeek-V4's entries of
  ** kv_lora_rank + qk_rope_head_dim, one per token serving as key and
  ** value, are kept for its last sliding_window tokens: an MLA row whose
  ** sliding_layers are its layers.) */
  double extra_kv_elems;
  /* Tokens a query of a full-attention layer attends to when fewer than
  ** the context: DeepSeek Sparse Attention's index_topk (DeepSeek-V3.2,
  ** GLM-5: 2048), chosen by the indexer whose keys are extra_kv_elems.
  ** The cache still holds every token; a decode step reads the latents of
  ** these and the indexer keys of all. 0: every token. */
  double attn_topk;
  /* The indexer's heads (index_n_heads: DeepSeek-V3.2 64, GLM-5 32), each
  ** scoring every cached token with a key of extra_kv_elems / layers
  ** elements; 0: no indexer. */
  double index_heads;
  /* Of extra_kv_elems, the elements per token of context that a query
  ** reads for its attn_topk tokens only: DeepSeek-V4's entries of its
  ** indexed layers (one of head_dim per 4 tokens, of which the indexer
  ** picks index_topk: attn_topk = 4 x index_topk tokens); 0: none. */
  double topk_kv_elems;
} gpuadv_model_shape;

/* A model as the estimates see it, whether it comes from the models
** catalog or from a Hugging Face config.json. Zero means "not used" as in
** gpuadv_model_shape; a dense model has n_experts 0. */
typedef struct gpuadv_model_def {
  double params_b;        /* total, billions (MoE: every expert) */
  double active_params_b; /* used per token */
  double hidden, intermediate, heads, vocab, context;
  double n_experts, experts_per_token;
  gpuadv_model_shape shape; /* layers, KV cache, sliding, linear layers */
} gpuadv_model_def;

/* GB of KV cache of a catalog model for seq_len tokens x batch sequences:
**   MLA: attention layers x (kv_lora_rank + qk_rope_head_dim) elements per
**        token (the compressed latent and the shared rope key; no factor 2,
**        no heads), the sliding_layers of them (DeepSeek-V4: all) for at
**        most sliding_window tokens;
**   plus extra_kv_elems per token of seq_len (indexer keys, compressed
**        entries);
**   else 2 x kv_heads x head_dim elements per token and attention layer,
**        where the sliding_layers local-attention layers hold at most
**        sliding_window tokens and the others hold seq_len, at
**        2 x global_kv_heads x global_head_dim where those are set (the
**        full layers of Gemma 4), and the kv_shared_layers layers that
**        reuse another layer's cache (Gemma 3n) hold none;
**   plus linear_layers x linear_state_elems per sequence, whatever seq_len
**        (a hybrid model's recurrent state), and no KV in those layers.
** Every element is bytes_per_param bytes. */
double gpuadv_model_kv_gb(const gpuadv_model_shape *m, double seq_len,
                          double batch, double bytes_per_param);

/* The elements of gpuadv_model_kv_gb's cache of one sequence at seq_len
** tokens by kind: *local in the sliding-window layers, *global in the
** full-attention layers (MLA: the latent), the extra_kv_elems included,
** *state in the linear layers.
** Their sum is gpuadv_model_kv_gb(m, seq_len, 1, 1) x 1e9 up to rounding. */
void gpuadv_model_kv_split(const gpuadv_model_shape *m, double seq_len,
                           double *local, double *global, double *state);

/* The same split of what one decoded token's attention reads of a
** sequence at seq_len: the full-attention layers' entries, and the
** topk_kv_elems of extra_kv_elems, of at most attn_topk tokens (all of
** them where attn_topk is 0), the rest as gpuadv_model_kv_split. */
void gpuadv_model_kv_read_split(const gpuadv_model_shape *m, double seq_len,
                                double *local, double *global, double *state);

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

/* What a purchase costs one workload that holds it term_hours and sells it
** at the end: the price less its resale value, resale_share of the price
** (the owned_costs figure for the end of the lifetime, as no used-market
** figure is sourced for younger hardware), plus the running costs over the
** term. A term longer than the lifetime buys replacements: the depreciation
** scales with term_hours / lifetime_hours. Straight-line amortization over
** the lifetime (owned_usd_per_hour) instead assumes the hardware keeps
** working after the workload; the two agree at term = lifetime.
** capex x (1 - resale_share) x max(1, term / lifetime) + running x term. */
double gpuadv_owned_term_usd(double capex_usd, double resale_share,
                             double lifetime_hours, double term_hours,
                             double running_usd_per_hour);

/* dataset_gb x runs x usd_per_gb. */
double gpuadv_egress_usd(double dataset_gb, double runs, double usd_per_gb);

/* capex / (rent - owned); the caller ensures rent > owned. */
double gpuadv_break_even_hours(double capex_usd, double rent_usd_per_hour,
                               double owned_usd_per_hour);

/* The largest number of servers gpuadv_queue_wait_s and
** gpuadv_queue_servers work with. */
#define GPUADV_QUEUE_MAX_SERVERS 1000000.0

/* Mean time a request waits for a server in a queue of `servers` servers
** of fixed service time service_s fed by Poisson arrivals at rate per
** second (M/D/c): half the wait of the same queue with exponential service
** times (M/M/c, Erlang C), which is exact for one server (Pollaczek-
** Khinchine) and close for several (Cosmetatos, Management Science 1976).
** A negative result: the load rate x service_s is servers or more, and
** the queue grows without bound. The caller ensures servers is whole, in
** [1, GPUADV_QUEUE_MAX_SERVERS], rate >= 0 and service_s > 0. */
double gpuadv_queue_wait_s(double servers, double rate, double service_s);

/* The fewest servers, in whole units of per_unit, whose mean wait
** (gpuadv_queue_wait_s) is at most max_wait_s; a negative result when even
** GPUADV_QUEUE_MAX_SERVERS do not. */
double gpuadv_queue_servers(double rate, double service_s, double max_wait_s,
                            double per_unit);

/* Arithmetic intensity (FLOP/byte) where the roofline turns:
** tflops*1e12 / (mem_bw_gbs*1e9). */
double gpuadv_ridge_point(double tflops, double mem_bw_gbs);

/* floor((mem_gb x (1 - headroom) - weights_gb) / kv_gb_per_seq), 0 when the
** weights alone do not fit. */
double gpuadv_max_batch(double mem_gb, double weights_gb, double kv_gb_per_seq,
                        double headroom);

/* The batch the serving plans run a replica at. The candidates are the
** powers of two from 1 to GPUADV_SERVING_POW2_MAX below max_batch, and
** max_batch itself; the answer is the largest at which each sequence
** decodes at user_tps tokens/s or more (tps(batch) / batch >= user_tps x
** (1 - 1e-9): a hair of rounding forgiven), else the smallest (the target
** is missed even there). user_tps 0: no target, so max_batch. tps(arg,
** batch) is the replica's aggregate decode tokens/s; the candidates are
** tried from the largest down, so a target most replicas meet costs one
** call. Returns 0 when a tps is not finite and > 0 (*bad_tps then holds
** it). */
#define GPUADV_SERVING_POW2_MAX 1024
double gpuadv_serving_batch(double max_batch, double user_tps,
                            double (*tps)(void *arg, double batch), void *arg,
                            double *bad_tps);

/* How a workload acquires hardware (workloads.acquire), in the order of
** gpuadv_acquire_names. */
enum gpuadv_acquire {
  GPUADV_ACQUIRE_RENT,
  GPUADV_ACQUIRE_BUY,
  GPUADV_ACQUIRE_ANY
};
extern const char *const gpuadv_acquire_names[];

/* Why a plan is refused for its money, in the order the plan views check:
** spending more than the budget, then renting where the workload buys
** only or buying where it rents only. */
enum gpuadv_spend_problem {
  GPUADV_SPEND_OK,
  GPUADV_SPEND_OVER_BUDGET,
  GPUADV_SPEND_RENTS_ONLY, /* an owned offer, acquire 'rent' */
  GPUADV_SPEND_BUYS_ONLY   /* a rented offer, acquire 'buy' */
};

/* The problem of a plan that spends spend_usd (budget_usd: INFINITY for
** none) on an owned (1) or rented (0) offer for a workload of acquire. */
enum gpuadv_spend_problem gpuadv_spend_problem(double spend_usd,
                                               double budget_usd, int owned,
                                               int acquire);

#endif /* GPUADV_MATH_H */
