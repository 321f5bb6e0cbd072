/*
** gpuadv_train.h: the time of one training step, and the search for the
** layout that trains a model cheapest on a configuration of GPUs. Pure C,
** free of SQLite: the SQL functions model_train_tps, model_train_mfu and
** train_layout (ext/gpuadv_train_funcs.c), the training views and the
** calibration (catalogs/calibrate_train_tps.py, through ctypes on
** build/libgpuadv_core.so) all call these.
**
** What a step is made of (per optimizer step of global_batch sequences of
** seq_len tokens on n_gpus = tp x pp x dp GPUs):
**
**   compute   model FLOP per token (6 per active parameter for full
**             training, 4 for LoRA and QLoRA, which compute no weight
**             gradients of the frozen base) plus causal attention
**             (6 x 2 x heads x head_dim x seq_len / 2 per layer and token),
**             plus what activation checkpointing computes again (selective:
**             the attention core's forward; full: the whole forward), at the
**             chip's achieved matmul rate (datasheet x measured share)
**             times the fitted share a training step reaches, lower for
**             narrow matrices (hidden / tp below train_width_half); an
**             MoE model's dropless grouped matmuls at moe_eff of that,
**             or, where its layers drop tokens at a capacity factor, the
**             experts' share of the FLOP padded to it at the dense rate;
**   elementwise  the memory traffic of the step's element-wise work
**             (norms, residual adds, activation functions, rotary
**             embeddings, casts, the experts' token permutes): fitted
**             bytes per token, layer and unit of width (hidden plus the
**             FFN's active width) at the chip's memory bandwidth, again
**             for the recomputed forward under full recompute; it is why
**             a chip of many FLOP per byte of memory (TPU v6e: 560)
**             reaches a lower MFU than one of few (A100: 153); an 8-
**             or 4-bit step's quantisation of its linear layers'
**             inputs and output gradients (fitted bytes per token,
**             layer and unit of width, the same width), which costs
**             the same whether the matmuls then run in fp8 or at the
**             twice faster fp4, so NVFP4 gains less than its rate; and
**             QLoRA's dequantisation of its NF4 base to 16 bits before
**             each forward and backward matmul (its bytes from the
**             format, not fitted);
**   tp        per layer and micro-batch 4 all-reduces of the micro-batch's
**             activations over the tensor-parallel GPUs (6 with full
**             recompute), over the node's link (NVLink, xGMI, ICI or PCIe);
**   dp        gradients reduced once a step over the data-parallel GPUs
**             (ZeRO 0 to 2 and Megatron's distributed optimizer); ZeRO-3
**             and FSDP gather the weights twice and reduce-scatter the
**             gradients for every micro-batch within the shard group (all
**             data-parallel GPUs, or a node's with hybrid sharding, whose
**             replicas then all-reduce their gradient shards once a step);
**             across nodes at the node fabric's share per GPU, within a
**             node at the link's rate;
**   moe       4 all-to-alls per MoE layer and micro-batch of the routed
**             tokens over the expert-parallel GPUs;
**   pipeline  the 1F1B bubble, (pp - 1) / (micro-batches x vp) of the
**             compute and element-wise work (vp virtual stages each: the
**             interleaved schedule),
**             and the activations sent between stages;
**   optimizer reading and writing the sharded optimizer state once.
**
** Communication overlaps compute: of the data-parallel traffic the share
** train_overlap_dp hides under compute (no more than the compute itself);
** of the tensor-parallel and expert traffic train_overlap_tp.
**
** Left out: context parallelism (cp > 1 is counted as sequence sharding
** with its key-value all-gathers, not fitted), expert load imbalance,
** stragglers and failures, data loading, checkpoint writes, and the
** precision of anything but the linear layers (fp8 training runs the
** attention core in 16 bits).
*/
#ifndef GPUADV_TRAIN_H
#define GPUADV_TRAIN_H

/* The fitted constants of the step model. catalogs/calibrate_train_tps.py
** fits them on the train_tps rows of catalogs/measurements.csv and prints
** the #define lines of gpuadv_train.c; the defaults there say which rows
** and what error. */
typedef struct gpuadv_train_consts {
  double eff;        /* share of the achieved matmul rate a step reaches */
  double width_half; /* hidden / tp at which that share halves */
  double overlap_dp; /* share of data-parallel traffic hidden by compute */
  double overlap_tp; /* share of tensor and expert traffic hidden */
  double net_eff;    /* share of link bandwidth collectives reach */
  double moe_eff;    /* a dropless MoE model's matmuls' share of the
                       ** dense rate (grouped GEMMs, routing) */
  double fp8_eff;    /* an 8- or 4-bit step's linear layers: the share of
                       ** their rate left after casts and scaling */
  double act_bytes;  /* bytes of memory traffic per token, layer and unit of
                       ** width (hidden plus the active FFN width) of the
                       ** step's element-wise work: norms, residual adds,
                       ** activation functions, rotary embeddings, casts,
                       ** the experts' token permutes; at the chip's memory
                       ** bandwidth */
  double cast_bytes; /* an 8- or 4-bit step's quantisation traffic: bytes
                       ** per token, layer and unit of width read and
                       ** written casting the linear layers' inputs and
                       ** output gradients (and their transposes) to 8 or
                       ** 4 bits with their scales, at the chip's memory
                       ** bandwidth */
} gpuadv_train_consts;

/* The constants as fitted (gpuadv_train.c). */
extern const gpuadv_train_consts gpuadv_train_fitted;

/* A model as the step sees it. */
typedef struct gpuadv_train_model {
  double params_b, active_b; /* total and per-token billions */
  double layers, hidden, heads, kv_heads, head_dim, vocab, intermediate;
  double n_experts, experts_per_token; /* 0 for a dense model */
  double attn_layers;                  /* layers with full attention */
} gpuadv_train_model;

/* A chip as the step sees it. */
typedef struct gpuadv_train_chip {
  double peak_tflops;   /* datasheet dense TFLOP/s at the dtype: MFU's base */
  double linear_tflops; /* achieved matmul TFLOP/s at the dtype */
  double attn_tflops;   /* achieved 16-bit TFLOP/s (the attention core) */
  double mem_bw_gbs;
  double memory_gb;
  double link_gbs;       /* one direction, to a peer within the node */
  double link_latency_s; /* per collective step */
  int low_precision;     /* 1: the linear layers run in fp8 or fp4 */
} gpuadv_train_chip;

/* The layout of the job. */
typedef struct gpuadv_train_layout {
  double n_gpus, gpus_per_node;
  double fabric_gbps; /* Gbit/s per node between nodes; 0 for none */
  double tp, pp, cp, ep;
  double vp;    /* virtual stages per pipeline stage (interleaved 1F1B) */
  double shard; /* ZeRO's shard group, GPUs of dp x cp (HSDP: a node's);
                ** 0: all of them */
  double micro_batch, global_batch, seq_len; /* sequences, tokens */
  int zero_stage, recompute, mode;           /* gpuadv_math.h enums */
  double capacity; /* an MoE layer's capacity factor when it drops tokens
                   ** (experts padded to it, run as dense batched
                   ** matmuls); 0: dropless, grouped GEMMs */
} gpuadv_train_layout;

/* One step's time and its parts, in seconds. */
typedef struct gpuadv_train_time {
  double step_s, compute_s, bubble_s, optimizer_s;
  double tp_comm_s, dp_comm_s, a2a_s, pp_comm_s;
  double exposed_comm_s; /* what the communication adds to the step */
  double tokens_per_s;   /* the whole job's training tokens per second */
  double mfu;            /* model FLOP/s over the datasheet peak */
  double comm_share;     /* exposed communication over the step */
  double model_flop_per_token;
  double elementwise_s; /* the element-wise work's memory traffic */
} gpuadv_train_time;

/* The step time of layout l. The caller checks that the layout is whole:
** tp x pp x cp divides n_gpus, micro_batch x dp <= global_batch. */
void gpuadv_train_step(const gpuadv_train_model *m, const gpuadv_train_chip *c,
                       const gpuadv_train_layout *l,
                       const gpuadv_train_consts *k, gpuadv_train_time *out);

/* The expert-parallel degree of a model on dp data-parallel ranks of tp
** GPUs each: the largest power of two that divides dp and is at most the
** experts and the node's GPUs over tp (experts exchange tokens over the
** node's links); 1 for a dense model. The layout search also tries the
** experts split across nodes (as many of dp's GPUs as the experts go). */
double gpuadv_train_default_ep(const gpuadv_train_model *m, double dp,
                               double tp, double gpus_per_node);

/* GB per GPU that layout l keeps: the training state of its share of the
** parameters (ZeRO sharding over dp) and its activations. */
double gpuadv_train_layout_gb(const gpuadv_train_model *m,
                              const gpuadv_train_layout *l);

/* ------------------------------------------------------------------------
** The layout search: what the training plans run for every configuration
** of GPUs an offer gives. */
typedef struct gpuadv_train_goal {
  double tokens;        /* training tokens of the whole job */
  double usable_gb;     /* memory per GPU the layout may use */
  double gpus_per_node; /* GPUs in a node (an instance, a server) */
  double unit_gpus;     /* GPUs come in multiples of this */
  double fabric_gbps;   /* between nodes; 0: one node at most */
  double max_hours;     /* the deadline (a year when none is given) */
  double usd_per_gpu;   /* paid per GPU whatever the time (owned) */
  double usd_per_gpu_hour;
  double global_batch; /* sequences per step */
  double seq_len;
  double micro_batch; /* 0: searched */
  int recompute;      /* -1: searched */
  int mode;
  double fixed_mfu; /* > 0: a workload's own MFU replaces the model */
} gpuadv_train_goal;

typedef struct gpuadv_train_plan {
  int found; /* 0: nothing fits within the deadline; see why */
  int fits;  /* 1: some layout fits in memory */
  gpuadv_train_layout layout;
  gpuadv_train_time time;
  double mem_gb; /* per GPU */
  double hours;  /* wall-clock hours of the job */
  double usd;    /* n_gpus x (usd_per_gpu + usd_per_gpu_hour x hours) */
  /* the fastest layout on twice the GPUs (0 GPUs when none fits) */
  double alt_n_gpus, alt_hours, alt_usd;
  double min_gb;      /* the least memory per GPU any layout needs */
  double fabric_gpus; /* without a fabric: the GPUs a plan would take
                       ** with one (0 when none would do either) */
  double best_hours;  /* the fewest hours of any layout that fits */
} gpuadv_train_plan;

/* The cheapest layout of model m on chip c that fits in memory and
** finishes within the goal's hours: tensor parallelism within the node (a
** divisor of the heads), pipeline stages dividing the layers, ZeRO stage 0
** to 3, recompute none, selective or full, micro-batch 1 to 8, and the
** fewest GPUs (in whole units) that meet the deadline; at equal cost the
** fewer GPUs, then the faster. */
void gpuadv_train_search(const gpuadv_train_model *m,
                         const gpuadv_train_chip *c, const gpuadv_train_goal *g,
                         const gpuadv_train_consts *k, gpuadv_train_plan *out);

/* The most GPUs the search considers: far above any training job. */
#define GPUADV_TRAIN_MAX_GPUS 1048576.0

#endif /* GPUADV_TRAIN_H */
