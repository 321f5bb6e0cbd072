/*
** The memory a serving engine keeps for itself before its KV cache.
**
** An engine does not give the KV cache all that the weights leave. Each
** takes memory first for its own work, by a rule of its own:
**
**   utilization (vLLM)     the share 1 - headroom of every GPU
**                          (gpu_memory_utilization) holds the weights,
**                          the peak of a profiling step at the token
**                          budget (activations, the sampler's logits)
**                          and memory outside PyTorch; the cache gets
**                          the rest.
**   static (SGLang)        mem_fraction_static of every GPU holds the
**                          weights and the cache; the rest is reserved
**                          by a heuristic of the GPU's memory, the chunked
**                          prefill size, the CUDA graphs' batch and the
**                          tensor and pipeline degrees. A headroom above
**                          that reserve (a mem_fraction_static set lower
**                          by hand) wins.
**   free (TensorRT-LLM)    a share 1 - headroom of the memory free after
**                          the weights and the profiled activations
**                          (free_gpu_memory_fraction, 0.9).
**   plain (llama.cpp)      the share 1 - headroom less the weights; its
**                          compute buffers are not counted.
**
** Pure C, no SQLite types. Left out: CUDA graphs that vLLM captures after
** profiling (outside its budget, inside the headroom), speculative
** decoding's draft models, multimodal encoders' buffers, data-parallel
** attention's padding in SGLang, and engine versions other than the ones
** each constant names.
*/
#ifndef GPUADV_ENGINE_MEM_H
#define GPUADV_ENGINE_MEM_H

enum gpuadv_mem_rule {
  GPUADV_MEM_RULE_UTILIZATION = 0,
  GPUADV_MEM_RULE_STATIC = 1,
  GPUADV_MEM_RULE_FREE = 2,
  GPUADV_MEM_RULE_PLAIN = 3
};

/* The engines.memory_rule keywords, in enum gpuadv_mem_rule's order, then
** 0 (a gpuadv_keyword_find list). */
extern const char *const gpuadv_mem_rule_names[];

/* What the rule of one replica reads: per GPU unless stated. */
typedef struct gpuadv_engine_mem {
  int rule;            /* enum gpuadv_mem_rule */
  double gpu_gb;       /* one GPU's memory as the device reports it, GB
                       ** (gpuadv_gpu_device_gb) */
  double n_gpus;       /* GPUs of the replica */
  double tp, pp;       /* its tensor and pipeline degrees */
  double headroom;     /* share left free: [0, 1) */
  double token_budget; /* tokens of the engine's largest step */
  double max_seqs;     /* sequences of its largest decode step */
  double hidden;       /* the model's width */
  double ffn;          /* the FFN width a token passes through: the
                       ** intermediate size, times the experts a token
                       ** goes to in an MoE model */
  double vocab;        /* the output head's rows */
} gpuadv_engine_mem;

/* GB of one GPU that the engine keeps for itself beyond the share
** `headroom` left free: activations at the token budget and memory
** outside PyTorch (utilization, free), SGLang's reserve less the
** headroom (static), 0 (plain). >= 0. */
double gpuadv_engine_reserved_gb(const gpuadv_engine_mem *m);

/* The FFN width a token passes through: intermediate, times
** experts_per_token in an MoE model (0 or 1: dense). */
double gpuadv_ffn_per_token(double intermediate, double experts_per_token);

/* GB the replica's KV cache gets when its weights take weights_gb over
** all its GPUs: may be <= 0 (nothing left). */
double gpuadv_engine_cache_gb(const gpuadv_engine_mem *m, double weights_gb);

#endif
