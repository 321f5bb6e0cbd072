/*
** The memory a serving engine keeps for itself before its KV cache: the
** rules of gpuadv_engine_mem.h, with the engines' documented defaults.
*/
#include "gpuadv_engine_mem.h"

#include <assert.h>
#include <math.h>

const char *const gpuadv_mem_rule_names[] = {"utilization", "static", "free",
                                             "plain", 0};

/* GB in a MiB: SGLang states its reserve in MiB of torch's total. */
#define GB_PER_MIB 1.048576e-3

/* Memory outside PyTorch that vLLM counts against its budget (CUDA
** context growth, NCCL buffers): 0.12 GB, the median of nine published
** start-up logs of vLLM 0.6 to 0.11 on one to four GPUs (non_torch_memory
** or "non-torch forward increase memory": 0.04 to 0.61 GiB). */
#define NON_TORCH_GB 0.12

/* Bytes a step's token holds at the activation peak, in 16 bits: the FFN's
** gate and up projections (2 x ffn) and their activated product (ffn) on
** each tensor-parallel GPU, and four tensors of the model's width (the
** layer's input, the residual, attention's output, the norm). */
#define ACT_FFN_COPIES 3.0
#define ACT_HIDDEN_COPIES 4.0
#define ACT_BYTES 2.0
/* The sampler's logits of the profiling step: float32 over the whole
** vocabulary for each sequence (vLLM profiles max_num_seqs of them). With
** the terms above, Llama 3.1 8B at 8,192 tokens and 1,024 sequences on one
** H100 peaks at 1.50 GB (1.40 GiB); vLLM logs 1.19 to 1.89 GiB of "torch
** peak memory increase" for it (four published logs, vLLM 0.6 to 0.11). */
#define LOGIT_BYTES 4.0

/* Activations at the token budget and memory outside PyTorch, GB of one
** GPU. */
static double profiled_gb(const gpuadv_engine_mem *m) {
  double tp = m->tp >= 1.0 ? m->tp : 1.0;
  double per_token = ACT_BYTES * (ACT_FFN_COPIES * m->ffn / tp +
                                  ACT_HIDDEN_COPIES * m->hidden);
  double logits = m->max_seqs * m->vocab * LOGIT_BYTES;
  return (m->token_budget * per_token + logits) / 1e9 + NON_TORCH_GB;
}

/* SGLang's reserve, MiB of one GPU: server_args.py
** _handle_gpu_memory_settings (sgl-project/sglang#10975, October 2025;
** unchanged through v0.5.x): the chunked prefill size and CUDA graph
** batch by the GPU's memory, then 512 MiB of metadata, 1.5 MiB per chunk
** token (at least 2,048), 2 MiB per graph sequence, 1 GiB per eight GPUs
** of tp x pp, and at least 10 GiB on a GPU of more than 60 GiB. */
static double sglang_reserve_mib(double gpu_mib, double tp, double pp) {
  double chunk, graph_bs, mib;
  if (gpu_mib < 20 * 1024) {
    chunk = 2048, graph_bs = 8;
  } else if (gpu_mib < 35 * 1024) {
    chunk = 2048, graph_bs = tp < 4 ? 24 : 80;
  } else if (gpu_mib < 60 * 1024) {
    chunk = 4096, graph_bs = tp < 4 ? 32 : 160;
  } else if (gpu_mib < 160 * 1024) {
    chunk = 8192, graph_bs = tp < 4 ? 256 : 512;
  } else {
    chunk = 16384, graph_bs = 512;
  }
  mib = 512 + 1.5 * fmax(chunk, 2048) + 2 * graph_bs + tp * pp / 8 * 1024;
  if (gpu_mib > 60 * 1024) mib = fmax(mib, 10 * 1024);
  return mib;
}

double gpuadv_ffn_per_token(double intermediate, double experts_per_token) {
  return intermediate * (experts_per_token > 1.0 ? experts_per_token : 1.0);
}

double gpuadv_engine_reserved_gb(const gpuadv_engine_mem *m) {
  assert(m->headroom >= 0.0 && m->headroom < 1.0);
  assert(m->gpu_gb > 0.0);
  switch (m->rule) {
    case GPUADV_MEM_RULE_UTILIZATION:
    case GPUADV_MEM_RULE_FREE:
      return profiled_gb(m);
    case GPUADV_MEM_RULE_STATIC: {
      double tp = m->tp >= 1.0 ? m->tp : 1.0, pp = m->pp >= 1.0 ? m->pp : 1.0;
      double r =
          sglang_reserve_mib(m->gpu_gb / GB_PER_MIB, tp, pp) * GB_PER_MIB;
      return fmax(0.0, r - m->headroom * m->gpu_gb);
    }
    default:
      assert(m->rule == GPUADV_MEM_RULE_PLAIN);
      return 0.0;
  }
}

double gpuadv_engine_cache_gb(const gpuadv_engine_mem *m, double weights_gb) {
  double usable = m->gpu_gb * (1.0 - m->headroom);
  double reserved = gpuadv_engine_reserved_gb(m);
  assert(m->n_gpus >= 1.0);
  if (m->rule == GPUADV_MEM_RULE_FREE) {
    /* the share 1 - headroom of what the weights and activations leave */
    return (1.0 - m->headroom) *
           (m->n_gpus * (m->gpu_gb - reserved) - weights_gb);
  }
  return m->n_gpus * (usable - reserved) - weights_gb;
}
