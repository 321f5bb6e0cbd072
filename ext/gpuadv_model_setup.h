/*
** gpuadv_model_setup.h: a model, a GPU and an engine from the compiled-in
** catalogs, as the arithmetic of gpuadv_math.h takes them. Pure C, no
** SQLite types; ext/gpuadv_model_setup.c says who uses it.
*/
#ifndef GPUADV_MODEL_SETUP_H
#define GPUADV_MODEL_SETUP_H

#include <stddef.h>

#include "gpuadv_catalog.h"
#include "gpuadv_engine_mem.h"
#include "gpuadv_math.h"

/* The serving engines, in the order error messages list them (NULL-
** terminated); each is a row of the engines catalog (tests/sql/engines.sql
** checks the two agree). */
extern const char *const gpuadv_engine_names[];
#define GPUADV_ENGINE_DEFAULT 0 /* vllm */

/* The sizes of gpuadv_model_def, gpuadv_engine_consts, the
** gpuadv_train_peak_* and gpuadv_image_* structs, for the ctypes copies of
** catalogs/gpuadv_core.py to check. */
extern const size_t gpuadv_model_def_bytes;
extern const size_t gpuadv_engine_consts_bytes;
extern const size_t gpuadv_train_peak_in_bytes;
extern const size_t gpuadv_train_peak_knobs_bytes;
extern const size_t gpuadv_train_peak_parts_bytes;
extern const size_t gpuadv_image_model_bytes;
extern const size_t gpuadv_image_gpu_bytes;
extern const size_t gpuadv_image_consts_bytes;

/* The definition of the models catalog's row. */
void gpuadv_model_from_row(int row, gpuadv_model_def *d);

/* GB of weights a replica of model m in dtype holds with dp groups of
** data-parallel attention (each keeps its own copy of all but the
** experts). */
double gpuadv_model_replica_weights_gb(const gpuadv_model_def *m, int dtype,
                                       double dp);

/* model_kv_gb: GB of cache for seq_len tokens x batch sequences on the tp
** GPUs of a tensor split, the attention KV with its copies. */
double gpuadv_model_group_kv_gb(const gpuadv_model_def *m, double seq_len,
                                double batch, double bytes_per_element,
                                double tp);

/* The KV cache's bytes per element: those of kv_dtype where one is named
** (a gpuadv_dtype_id), else (-1) the engine's default for weights of
** dtype: 1 for fp8 and fp4 weights on an engine that keeps the
** checkpoint's KV quantisation (kv_from_checkpoint), else 2. */
double gpuadv_kv_bytes(const gpuadv_engine_consts *e, int dtype, int kv_dtype);

/* The same default as a gpuadv_dtype_id: GPUADV_FP8 or GPUADV_FP16. */
int gpuadv_engine_kv_dtype(int engine, int dtype);

/* The GPU's dense datasheet TFLOP/s at a gpuadv_compute precision, or the
** next wider one it publishes; 0 if none. */
double gpuadv_gpu_datasheet_tflops(int gpu, int compute);

/* The share of the datasheet rate the GPU's large matmuls reach at a
** gpuadv_compute precision (measured, else the median chip's). */
double gpuadv_gpu_matmul_share(int gpu, int compute);

/* The fitted constants of engine index `engine`, and one number of its
** engines catalog row (an ENGINES_COL_* column). */
void gpuadv_engine_load(int engine, gpuadv_engine_consts *e);
double gpuadv_engine_number(int engine, int col);

/* 1 when the engine serves weights of dtype on the GPU (engine_support),
** else 0. */
int gpuadv_engine_serves(int engine, int gpu, int dtype);

/* The share of its speed on NVIDIA GPUs that the engine reaches on the
** GPU (amd_eff on an AMD one, gaudi_eff on an Intel Gaudi, else 1): it
** scales the bandwidth and TFLOP/s the engine sees there. */
double gpuadv_engine_vendor_share(int engine, int gpu);

/* The replica of model m in dtype on the GPU with engine e, its KV cache
** in kv_dtype (-1: the engine's default, gpuadv_kv_bytes) per token at
** mean_context; the caller sets the layout. */
void gpuadv_replica_fill(gpuadv_replica *r, const gpuadv_model_def *m, int gpu,
                         int dtype, int kv_dtype, const gpuadv_engine_consts *e,
                         double mean_context);

/* The memory of fraction of the GPU as its driver reports it, GB: the
** catalog's memory_gb read as GiB, less what the driver and ECC keep. */
double gpuadv_gpu_device_gb(int gpu, double fraction);

/* The engine's memory rule (gpuadv_engine_mem.h) for a replica of n_gpus
** GPUs of gpu_gb each (gpuadv_gpu_device_gb), tp x pp, of a model of the given width, FFN width
** per token (gpuadv_model_ffn_per_token) and vocabulary. */
void gpuadv_engine_mem_fill(int engine, double gpu_gb, double hidden,
                            double ffn, double vocab, double n_gpus, double tp,
                            double pp, double headroom, gpuadv_engine_mem *out);

/* The FFN width a token of model m passes through: the intermediate size,
** times the experts each token goes to in an MoE model. */
double gpuadv_model_ffn_per_token(const gpuadv_model_def *m);

/* What the KV cache of a filled, laid-out replica holds: what the engine's
** memory rule leaves it (gpuadv_engine_cache_gb: the share `headroom`
** left free, 0.10 by default, the plans pass the workload's; the engine's
** own reserve; the weights, set in *weights_gb), less each running
** sequence's fixed state (the engine's max_batch of them; for a hybrid
** model no more than the sequences whose state and KV at the replica's
** mean context fill that memory, the engine's cap then). Sets
** r->max_batch and
** r->kv_capacity_tokens (0 when nothing is left) and returns the GB left,
** <= 0 when the weights leave no room. */
double gpuadv_replica_kv_fill(gpuadv_replica *r, const gpuadv_model_def *m,
                              int gpu, int dtype, int engine, double headroom,
                              double *weights_gb);

/* model_decode_tps and model_prefill_tps on n_gpus GPUs of a tensor split
** (or the engine's layer split), without pipeline or expert layouts: the
** caller checks gpuadv_engine_serves (and, for prefill, a TFLOP/s
** figure) first. */
double gpuadv_model_decode_tps_of(const gpuadv_model_def *m, int gpu, int dtype,
                                  int kv_dtype, const gpuadv_engine_consts *e,
                                  double batch, double context, double n_gpus);
double gpuadv_model_prefill_tps_of(const gpuadv_model_def *m, int gpu,
                                   int dtype, const gpuadv_engine_consts *e,
                                   double n_gpus, double prompt_tokens);

/* The memory an offline benchmark leaves free at full load: vLLM's
** gpu_memory_utilization 0.90 and TensorRT-LLM's free_gpu_memory_fraction
** 0.90 (their defaults); SGLang's own reserve is larger on most GPUs. */
#define GPUADV_FULL_LOAD_HEADROOM 0.10

/* Output tokens/s of a replica of n_gpus GPUs (the engine's split) serving
** offline at full load: as many sequences as the KV cache holds with each
** one's prompt + output reserved, at most cap (the benchmark's batch
** limit), decoding at their mean context (prompt + half the output) with
** each prompt's prefill between; *batch is that number of sequences.
** 0 (and *batch 0) when the weights leave the cache no room. engine names
** the memory rule (gpuadv_engine_mem_fill), e the speed constants. The
** figure the accuracy view and catalogs/calibrate.py score offline rows
** by. */
double gpuadv_model_full_load_tps(const gpuadv_model_def *m, int gpu, int dtype,
                                  int kv_dtype, int engine,
                                  const gpuadv_engine_consts *e,
                                  double prompt_tokens, double output_tokens,
                                  double n_gpus, double cap, double *batch);

/* The training step's view of model d (gpuadv_train.h) at seq_len, its
** counts rescaled to params_b when that is > 0; and of the GPU at a
** training dtype, fraction of it (a fractional instance): 0 when the GPU
** publishes no dense TFLOP/s at the dtype's precision. */
struct gpuadv_train_model;
struct gpuadv_train_chip;
void gpuadv_train_model_of(const gpuadv_model_def *d, double params_b,
                           double seq_len, struct gpuadv_train_model *m);
int gpuadv_train_chip_of(int gpu, int dtype, double fraction,
                         struct gpuadv_train_chip *c);

/* The vision or diffusion model of the image_models catalog's row, with
** its pipeline's parts; and the GPU of the gpus catalog's row as the image
** speed model sees it at gpuadv_image_dtype_names[dtype]: 0 when the
** catalog gives no peak at that dtype or no FP32 peak. */
struct gpuadv_image_model;
struct gpuadv_image_gpu;
void gpuadv_image_model_from_row(int row, struct gpuadv_image_model *m);
int gpuadv_image_gpu_from_row(int gpu, int dtype, struct gpuadv_image_gpu *g);

#endif /* GPUADV_MODEL_SETUP_H */
