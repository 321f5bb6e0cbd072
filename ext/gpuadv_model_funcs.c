/*
** gpuadv_model_funcs.c: estimates by catalog name or by config.json
** (README "Catalog-aware functions").
**
**   SELECT model_weights_gb('llama-3.1-70b', 'fp8');          -- 70.6
**   SELECT model_kv_gb('deepseek-v3', 1, 1, 'bf16') * 1e9;    -- 70272.0
**   SELECT model_kv_gb(readfile('config.json'), 8192);
**
** The model argument is either a name of the compiled-in `models` catalog
** or the text of a Hugging Face config.json: text whose first non-blank
** character is '{' is read as a config (ext/gpuadv_config.c), anything
** else as a name. An unknown name is an error that names it and suggests
** the closest names; a config that cannot be read is an error that names
** the missing or odd key:
**   model_kv_gb(): model: config: missing key 'hidden_size'
** The model's shape comes from the compiled-in `models` catalog. A name is
** the catalog slug or one of its aliases (catalogs/aliases.csv), ASCII case
** ignored: 'Llama-3.1-70B' and 'meta-llama/Llama-3.1-70B-Instruct' are
** llama-3.1-70b. An unknown name is an error that names it and suggests the
** closest names; a name that several slugs start with ('h100') is an error
** that lists them.
**
**   SELECT gpu_name('NVIDIA H100 80GB HBM3');                 -- h100-sxm
*/
#include <assert.h>

#include "gpuadv_args.h"
#include "gpuadv_catalog.h"
#include "gpuadv_catalog_cols.h"
#include "gpuadv_config.h"
#include "gpuadv_internal.h"
#include "gpuadv_math.h"
#include "gpuadv_model_setup.h"
#include "gpuadv_release.h"

#include <assert.h>
#include <math.h>
#include <string.h>

SQLITE_EXTENSION_INIT3

/* Room for "'a', 'b', 'c'" suggestions. */
#define SUGGEST_BUF 200
/* An unknown name is quoted in the message up to this many bytes. */
#define NAME_QUOTE_MAX 64

/* The error for key, which names no row of cat: "unknown gpu 'h100x' in
** gpus; closest: 'h100-sxm', ..." or, when several names start with it,
** "ambiguous gpu 'h100' in gpus: could be 'h100-sxm', ...". prefix
** ("model_kv_gb(): ") and what ("gpu") come from the caller. */
static void name_error(sqlite3_context *ctx, const char *prefix,
                       const char *what, const gpuadv_catalog *cat,
                       const char *key, int n_key) {
  char suggest[SUGGEST_BUF], shown[2 * NAME_QUOTE_MAX + 1];
  char *msg;
  int n_ambiguous =
      gpuadv_catalog_suggest(cat, key, n_key, suggest, (int)sizeof(suggest));
  /* An embedded NUL shows as \0, not as the end of the name. */
  gpuadv_quote_bytes(shown, (int)sizeof(shown), key, n_key, NAME_QUOTE_MAX);
  if (n_ambiguous > GPUADV_SUGGEST_AMBIGUOUS) {
    msg = sqlite3_mprintf(
        "%sambiguous %s '%s' in %s: could be %s and %d "
        "more",
        prefix, what, shown, cat->name, suggest,
        n_ambiguous - GPUADV_SUGGEST_AMBIGUOUS);
  } else if (n_ambiguous) {
    msg = sqlite3_mprintf("%sambiguous %s '%s' in %s: could be %s", prefix,
                          what, shown, cat->name, suggest);
  } else {
    msg = sqlite3_mprintf("%sunknown %s '%s' in %s; closest: %s", prefix, what,
                          shown, cat->name, suggest);
  }
  if (!msg) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_error(ctx, msg, -1);
  sqlite3_free(msg);
}

/* Look up the catalog row of the name in argument i: the slug or an alias,
** ASCII case ignored. Returns the row number, or -1 after setting an
** error. A binary search of a few comparisons, every row: names mostly
** come from a column (a join with the catalog), where an auxdata cache
** like the keywords' would miss on every row and cost more than it
** saves. */
int gpuadv_lookup_row(sqlite3_context *ctx, const gpuadv_fn *fn,
                      const gpuadv_catalog *cat, sqlite3_value **argv, int i) {
  const char *key = (const char *)sqlite3_value_text(argv[i]);
  int n_key = sqlite3_value_bytes(argv[i]);
  int row;
  if (!key) {
    sqlite3_result_error_nomem(ctx);
    return -1;
  }
  row = gpuadv_catalog_resolve(cat, key, n_key);
  if (row < 0) {
    char prefix[64];
    sqlite3_snprintf((int)sizeof(prefix), prefix, "%s(): ", fn->name);
    name_error(ctx, prefix, fn->args[i].name, cat, key, n_key);
    return -1;
  }
  return row;
}

/* The model of the config.json text z (n bytes): fills *d and returns 1,
** or sets an error naming argument i and returns 0. The reading needs a
** gpuadv_config_model (its explanation rows make it large), which lives
** only for the call. */
static int model_from_config(sqlite3_context *ctx, const gpuadv_fn *fn, int i,
                             const char *z, int n, gpuadv_model_def *d) {
  gpuadv_config_model *m = sqlite3_malloc(sizeof(*m));
  char err[GPUADV_CONFIG_ERR_MAX];
  int rc, ok = 0;
  if (!m) {
    sqlite3_result_error_nomem(ctx);
    return 0;
  }
  rc = gpuadv_config_read(z, n, m, err, (int)sizeof(err));
  if (rc == 0) {
    *d = m->def;
    ok = 1;
  } else if (rc == -2) {
    sqlite3_result_error_nomem(ctx);
  } else {
    gpuadv_result_errorf(ctx, fn, "%s: %s", fn->args[i].name, err);
  }
  sqlite3_free(m);
  return ok;
}

/* The model of argument i, a config.json text or a catalog name: fills *d
** and returns 1, or sets an error and returns 0. */
int gpuadv_resolve_model(sqlite3_context *ctx, const gpuadv_fn *fn,
                         sqlite3_value **argv, int i, gpuadv_model_def *d) {
  int row;
  const char *z = (const char *)sqlite3_value_text(argv[i]);
  if (z && gpuadv_config_is_json(z, sqlite3_value_bytes(argv[i]))) {
    return model_from_config(ctx, fn, i, z, sqlite3_value_bytes(argv[i]), d);
  }
  row = gpuadv_lookup_row(ctx, fn, &gpuadv_catalog_models, argv, i);
  if (row < 0) return 0;
  gpuadv_model_from_row(row, d);
  return 1;
}

/* Each function's argument slots, in SQL order: the signature tables are
** initialised by them and the wrappers read a[SLOT], so the two agree. */
enum { MW_MODEL, MW_DTYPE, MW_DP, MW_N };

static const gpuadv_fn fn_model_weights_gb = {
    "model_weights_gb",
    2,
    MW_N,
    {[MW_MODEL] = GPUADV_MODEL("model"),
     [MW_DTYPE] = GPUADV_DTYPE("dtype", 0),
     [MW_DP] = GPUADV_WHOLE("dp", 1, 1024, 1)}};

static void sql_model_weights_gb(sqlite3_context *ctx, int argc,
                                 sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_model_weights_gb;
  double a[GPUADV_MAX_ARGS];
  gpuadv_model_def m;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if (!gpuadv_resolve_model(ctx, fn, argv, MW_MODEL, &m)) return;
  gpuadv_result_number(
      ctx, fn, gpuadv_model_replica_weights_gb(&m, (int)a[MW_DTYPE], a[MW_DP]));
}

enum {
  MKV_MODEL,
  MKV_SEQ_LEN,
  MKV_BATCH,
  MKV_DTYPE,
  MKV_TP,
  MKV_BEYOND,
  MKV_N
};

static const gpuadv_fn fn_model_kv_gb = {
    "model_kv_gb",
    2,
    MKV_N,
    {[MKV_MODEL] = GPUADV_MODEL("model"),
     [MKV_SEQ_LEN] = GPUADV_NONNEG("seq_len"),
     [MKV_BATCH] = GPUADV_NUM("batch", GPUADV_RANGE_GT, 0, 0, 1),
     [MKV_DTYPE] = GPUADV_DTYPE("dtype", GPUADV_FP16),
     [MKV_TP] = GPUADV_WHOLE("tp", 1, 1024, 1),
     /* 1: a seq_len beyond the model's context is priced, not refused */
     [MKV_BEYOND] = GPUADV_WHOLE("beyond_context", 0, 1, 0)}};

static void sql_model_kv_gb(sqlite3_context *ctx, int argc,
                            sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_model_kv_gb;
  double a[GPUADV_MAX_ARGS];
  gpuadv_model_def m;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if (!gpuadv_resolve_model(ctx, fn, argv, MKV_MODEL, &m)) return;
  /* No cache beyond the context the model was trained for (a config
  ** without max_position_embeddings gives none: no bound), unless asked
  ** for: the plan views price a workload over it, which they refuse by
  ** its why_not. */
  if (m.context > 0 && a[MKV_SEQ_LEN] > m.context && a[MKV_BEYOND] == 0) {
    gpuadv_result_errorf(ctx, fn,
                         "seq_len must be <= %.0f (the model's context), "
                         "got %.15g",
                         m.context, a[MKV_SEQ_LEN]);
    return;
  }
  gpuadv_result_number(
      ctx, fn,
      gpuadv_model_group_kv_gb(&m, a[MKV_SEQ_LEN], a[MKV_BATCH],
                               gpuadv_dtypes[(int)a[MKV_DTYPE]].bytes_per_param,
                               a[MKV_TP]));
}

/* The default node of a replica that spans nodes: 8 GPUs (HGX/DGX-class
** servers) and 3200 Gbit/s of fabric, one 400 Gbit/s NDR InfiniBand or
** EFA port per GPU (AWS p5, Azure ND H100 v5: the instance_fabrics view). */
#define NODE_GPUS_DEFAULT 8
#define FABRIC_GBPS_DEFAULT 3200
#define FABRIC_LATENCY_S 20e-6 /* RDMA send and receive */

/* The layout of replica r (tp, pp, ep on nodes of gpus_per_node GPUs
** joined by fabric_gbps Gbit/s each) and the GB/s and latency of its
** pipeline hops and all-to-alls: NVLink-class within a node
** (interconnect_gbs counts both directions), else PCIe; across nodes the
** share of the node's fabric the GPUs that send own. A replica that spans
** nodes crosses the fabric at every hop (stages sharing a node are not
** told apart: a slight overestimate). SQLITE_OK; SQLITE_ERROR with the
** text after "NAME(): " in *pzMsg, which the caller frees; SQLITE_NOMEM. */
static int replica_layout(gpuadv_replica *r, double tp, double pp, double ep,
                          double gpus_per_node, double fabric_gbps,
                          char **pzMsg) {
  double link_gbs, link_latency_s;
  double node_gbs = fabric_gbps / 8.0;
  /* ep beyond the tp x pp GPUs: data-parallel attention over ep GPUs */
  int dp_attention = ep > tp * pp;
  double gpus = dp_attention ? ep : tp * pp;
  int bad = 1;
  gpuadv_gpu_link(r->decode.interconnect_gbs, &link_gbs, &link_latency_s);
  assert(tp >= 1.0 && pp >= 1.0 && ep >= 1.0 && gpus_per_node >= 1.0);
  *pzMsg = 0;
  if (dp_attention && (pp > 1.0 || fmod(ep, tp) != 0.0)) {
    *pzMsg = sqlite3_mprintf(
        "ep must be <= tp x pp (%g GPUs), or a multiple of tp with pp 1 "
        "(data-parallel attention), got %g",
        tp * pp, ep);
  } else if (dp_attention && r->moe_layers <= 0.0) {
    *pzMsg = sqlite3_mprintf(
        "ep %g > tp x pp (%g GPUs) is data-parallel attention with expert "
        "parallelism, and the model has no experts",
        ep, tp * pp);
  } else if (dp_attention && r->decode.engine->split_layers) {
    *pzMsg = sqlite3_mprintf(
        "ep %g > tp x pp (%g GPUs): the engine splits layers, not experts", ep,
        tp * pp);
  } else if (tp > gpus_per_node) {
    *pzMsg = sqlite3_mprintf(
        "tp must be <= gpus_per_node (%g): tensor "
        "parallelism stays within a node, got %g",
        gpus_per_node, tp);
  } else if (gpus > gpus_per_node && !(fabric_gbps > 0.0)) {
    *pzMsg = sqlite3_mprintf(
        "a replica of %g GPUs spans nodes of %g, and "
        "fabric_gbps is 0: no fabric between nodes",
        gpus, gpus_per_node);
  } else {
    bad = 0;
  }
  if (bad) return *pzMsg ? SQLITE_ERROR : SQLITE_NOMEM;
  r->tp = tp;
  r->pp = pp;
  r->ep = ep;
  r->dp = dp_attention ? ep / tp : 1.0;
  r->decode.n_gpus = gpus;
  /* the copies of the KV cache the attention group's GPUs hold; a layer
  ** split keeps each layer's cache on its own GPU */
  if (!r->decode.engine->split_layers) {
    r->kv_gb_per_token *= gpuadv_kv_copies(r->kv_heads, tp);
    r->kv_read_gb_per_token *= gpuadv_kv_copies(r->kv_heads, tp);
  }
  if (gpus <= gpus_per_node) {
    r->hop_gbs = link_gbs;
    r->hop_latency_s = link_latency_s;
  } else {
    r->hop_gbs = node_gbs * tp / gpus_per_node;
    r->hop_latency_s = FABRIC_LATENCY_S;
  }
  if (ep <= gpus_per_node && (ep <= tp || gpus <= gpus_per_node)) {
    r->a2a_gbs = link_gbs;
    r->a2a_latency_s = link_latency_s;
  } else {
    r->a2a_gbs = node_gbs / gpus_per_node;
    r->a2a_latency_s = FABRIC_LATENCY_S;
  }
  return SQLITE_OK;
}

/* The layout arguments after engine: pipeline stages, expert-parallel
** GPUs, the node a replica that spans nodes is made of. */
#define LAYOUT_ARGS                                               \
  GPUADV_WHOLE("pp", 1, 1024, 1), GPUADV_WHOLE("ep", 1, 1024, 1), \
      GPUADV_WHOLE("gpus_per_node", 1, 1e6, NODE_GPUS_DEFAULT),   \
      GPUADV_NUM("fabric_gbps", GPUADV_RANGE_GE, 0, 0, FABRIC_GBPS_DEFAULT)

enum {
  DEC_MODEL,
  DEC_GPU,
  DEC_DTYPE,
  DEC_BATCH,
  DEC_CONTEXT,
  DEC_N_GPUS,
  DEC_ENGINE,
  DEC_PP,
  DEC_EP,
  DEC_NODE_GPUS,
  DEC_FABRIC,
  DEC_KV_DTYPE,
  DEC_N
};

static const gpuadv_fn fn_model_decode_tps = {
    "model_decode_tps",
    3,
    DEC_N,
    {[DEC_MODEL] = GPUADV_MODEL("model"),
     [DEC_GPU] = GPUADV_NAME("gpu"),
     [DEC_DTYPE] = GPUADV_DTYPE("dtype", 0),
     [DEC_BATCH] = GPUADV_NUM("batch", GPUADV_RANGE_GT, 0, 0, 1),
     [DEC_CONTEXT] = GPUADV_NONNEG("context_tokens"),
     [DEC_N_GPUS] = GPUADV_WHOLE("n_gpus", 1, 1e6, 1),
     [DEC_ENGINE] =
         GPUADV_KEYWORD("engine", gpuadv_engine_names, GPUADV_ENGINE_DEFAULT),
     [DEC_PP] = LAYOUT_ARGS,
     [DEC_KV_DTYPE] = GPUADV_DTYPE("kv_dtype", -1)}};

/* The replica of a layout (layout[0..3]: pp, ep, gpus_per_node,
** fabric_gbps, the order of LAYOUT_ARGS) for the SQL functions; 0 after
** setting the error. */
static int layout_replica(sqlite3_context *ctx, const gpuadv_fn *fn,
                          gpuadv_replica *r, const gpuadv_model_def *m, int gpu,
                          int dtype, int kv_dtype,
                          const gpuadv_engine_consts *e, double tp,
                          const double *layout, double mean_context) {
  char *msg;
  int rc;
  gpuadv_replica_fill(r, m, gpu, dtype, kv_dtype, e, mean_context);
  rc = replica_layout(r, tp, layout[0], layout[1], layout[2], layout[3], &msg);
  if (rc == SQLITE_ERROR) {
    char *full = sqlite3_mprintf("%s(): %s", fn->name, msg);
    sqlite3_free(msg);
    if (full) {
      sqlite3_result_error(ctx, full, -1);
      sqlite3_free(full);
      return 0;
    }
    rc = SQLITE_NOMEM;
  }
  if (rc != SQLITE_OK) {
    sqlite3_result_error_nomem(ctx);
    return 0;
  }
  r->decode.engine = e;
  r->prefill.engine = e;
  return 1;
}

/* What every speed function starts from: the model, the GPU's row and
** the dtype (its argument slots 0, 1 and 2, SPEED_MODEL to SPEED_DTYPE),
** and the engine's index and constants. */
typedef struct speed_call {
  gpuadv_model_def m;
  gpuadv_engine_consts e;
  int gpu, dtype, engine;
} speed_call;
enum { SPEED_MODEL, SPEED_GPU, SPEED_DTYPE };

/* Set up c from the arguments, the engine in slot engine_slot: 1, or 0
** after setting the result (an error; NULL where the engine does not serve
** the dtype on the GPU or, with need_tflops, the GPU publishes no dense
** TFLOP/s at the dtype's precision). */
static int speed_call_setup(sqlite3_context *ctx, const gpuadv_fn *fn,
                            sqlite3_value **argv, const double *a,
                            int engine_slot, int need_tflops, speed_call *c) {
  if (!gpuadv_resolve_model(ctx, fn, argv, SPEED_MODEL, &c->m)) return 0;
  c->gpu = gpuadv_lookup_row(ctx, fn, &gpuadv_catalog_gpus, argv, SPEED_GPU);
  if (c->gpu < 0) return 0;
  c->dtype = (int)a[SPEED_DTYPE];
  c->engine = (int)a[engine_slot];
  if (!gpuadv_engine_serves(c->engine, c->gpu, c->dtype) ||
      (need_tflops && gpuadv_gpu_datasheet_tflops(
                          c->gpu, gpuadv_dtypes[c->dtype].compute) <= 0.0)) {
    /* the engine does not run this dtype here, or no TFLOP/s published */
    sqlite3_result_null(ctx);
    return 0;
  }
  gpuadv_engine_load(c->engine, &c->e);
  return 1;
}

/* A model's decode on a GPU with an engine and a layout, set up once for
** its tokens/s at any batch (decode_at_tps). Not copied once set up: the
** replica points at c.e. */
typedef struct decode_at {
  speed_call c;
  gpuadv_replica r; /* the replica, when pp or ep > 1 */
  int kv_dtype, replica;
  double context, n_gpus;
} decode_at;

/* Where a function's decode arguments sit: model, gpu and dtype first,
** then these (the layout: pp, ep, gpus_per_node, fabric_gbps in a row;
** kv_dtype: -1 for the engine's default). */
typedef struct decode_slots {
  int context, n_gpus, engine, layout, kv_dtype;
} decode_slots;

/* Set up d from the arguments: 1, or 0 after setting the result (an error,
** or NULL where the engine does not serve the dtype on the GPU). */
static int decode_at_setup(sqlite3_context *ctx, const gpuadv_fn *fn,
                           sqlite3_value **argv, const double *a,
                           const decode_slots *at, decode_at *d) {
  if (!speed_call_setup(ctx, fn, argv, a, at->engine, 0, &d->c)) return 0;
  d->context = a[at->context];
  d->n_gpus = a[at->n_gpus];
  d->kv_dtype = (int)a[at->kv_dtype];
  /* pipeline or expert parallel: the serving simulator's replica */
  d->replica = a[at->layout] > 1.0 || a[at->layout + 1] > 1.0;
  return !d->replica || layout_replica(ctx, fn, &d->r, &d->c.m, d->c.gpu,
                                       d->c.dtype, d->kv_dtype, &d->c.e,
                                       d->n_gpus, a + at->layout, d->context);
}

/* Aggregate decode tokens/s of a set-up decode at batch. */
static double decode_at_tps(void *arg, double batch) {
  const decode_at *d = (const decode_at *)arg;
  if (d->replica) {
    gpuadv_step_load l = {0};
    l.decode_seqs = batch;
    l.decode_context = batch * d->context;
    return batch / gpuadv_replica_step_s(&d->r, &l);
  }
  return gpuadv_model_decode_tps_of(&d->c.m, d->c.gpu, d->c.dtype, d->kv_dtype,
                                    &d->c.e, batch, d->context, d->n_gpus);
}

static const decode_slots decode_tps_slots = {DEC_CONTEXT, DEC_N_GPUS,
                                              DEC_ENGINE, DEC_PP, DEC_KV_DTYPE};

static void sql_model_decode_tps(sqlite3_context *ctx, int argc,
                                 sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_model_decode_tps;
  double a[GPUADV_MAX_ARGS];
  decode_at d;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if (!decode_at_setup(ctx, fn, argv, a, &decode_tps_slots, &d)) return;
  gpuadv_result_number(ctx, fn, decode_at_tps(&d, a[DEC_BATCH]));
}

/* model_serving_batch: the argument slots, in SQL order. model, gpu and
** dtype sit where model_decode_tps has them. */
enum {
  SB_MODEL,
  SB_GPU,
  SB_DTYPE,
  SB_USER_TPS,
  SB_MAX_BATCH,
  SB_CONTEXT,
  SB_N_GPUS,
  SB_ENGINE,
  SB_PP,
  SB_EP,
  SB_NODE_GPUS,
  SB_FABRIC,
  SB_KV_DTYPE,
  SB_N
};

static const gpuadv_fn fn_model_serving_batch = {
    "model_serving_batch",
    5,
    SB_N,
    {[SB_MODEL] = GPUADV_MODEL("model"),
     [SB_GPU] = GPUADV_NAME("gpu"),
     [SB_DTYPE] = GPUADV_DTYPE("dtype", 0),
     [SB_USER_TPS] = GPUADV_NONNEG("user_tps"),
     [SB_MAX_BATCH] = GPUADV_POSITIVE("max_batch"),
     [SB_CONTEXT] = GPUADV_NONNEG("context_tokens"),
     [SB_N_GPUS] = GPUADV_WHOLE("n_gpus", 1, 1e6, 1),
     [SB_ENGINE] =
         GPUADV_KEYWORD("engine", gpuadv_engine_names, GPUADV_ENGINE_DEFAULT),
     [SB_PP] = LAYOUT_ARGS,
     [SB_KV_DTYPE] = GPUADV_DTYPE("kv_dtype", -1)}};

static const decode_slots serving_batch_slots = {SB_CONTEXT, SB_N_GPUS,
                                                 SB_ENGINE, SB_PP, SB_KV_DTYPE};

/* model_serving_batch(): the batch serving_plans runs one replica at
** (gpuadv_serving_batch), from model_decode_tps's step at each candidate:
** an INTEGER power of two, or max_batch with the type it was given. */
static void sql_model_serving_batch(sqlite3_context *ctx, int argc,
                                    sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_model_serving_batch;
  double a[GPUADV_MAX_ARGS], bad = 0.0, batch;
  decode_at d;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if (!decode_at_setup(ctx, fn, argv, a, &serving_batch_slots, &d)) return;
  batch = gpuadv_serving_batch(a[SB_MAX_BATCH], a[SB_USER_TPS], decode_at_tps,
                               &d, &bad);
  if (!(batch > 0.0)) {
    /* a candidate's decode tokens/s was not a number: say which */
    gpuadv_result_number(ctx, fn, bad);
  } else if (batch != a[SB_MAX_BATCH]) {
    sqlite3_result_int64(ctx, (sqlite3_int64)batch); /* a power of two */
  } else if (sqlite3_value_type(argv[SB_MAX_BATCH]) == SQLITE_INTEGER) {
    sqlite3_result_int64(ctx, sqlite3_value_int64(argv[SB_MAX_BATCH]));
  } else {
    sqlite3_result_double(ctx, batch); /* max_batch, as given */
  }
}

/* The prompt length of model_prefill_tps when none is given. */
#define PREFILL_DEFAULT_TOKENS 512

enum {
  PRE_MODEL,
  PRE_GPU,
  PRE_DTYPE,
  PRE_N_GPUS,
  PRE_PROMPT,
  PRE_ENGINE,
  PRE_PP,
  PRE_EP,
  PRE_NODE_GPUS,
  PRE_FABRIC,
  PRE_N
};

static const gpuadv_fn fn_model_prefill_tps = {
    "model_prefill_tps",
    3,
    PRE_N,
    {[PRE_MODEL] = GPUADV_MODEL("model"),
     [PRE_GPU] = GPUADV_NAME("gpu"),
     [PRE_DTYPE] = GPUADV_DTYPE("dtype", 0),
     [PRE_N_GPUS] = GPUADV_WHOLE("n_gpus", 1, 1e6, 1),
     [PRE_PROMPT] =
         GPUADV_WHOLE("prompt_tokens", 1, 1e9, PREFILL_DEFAULT_TOKENS),
     [PRE_ENGINE] =
         GPUADV_KEYWORD("engine", gpuadv_engine_names, GPUADV_ENGINE_DEFAULT),
     [PRE_PP] = LAYOUT_ARGS}};

static void sql_model_prefill_tps(sqlite3_context *ctx, int argc,
                                  sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_model_prefill_tps;
  double a[GPUADV_MAX_ARGS];
  speed_call c;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if (!speed_call_setup(ctx, fn, argv, a, PRE_ENGINE, 1, &c)) return;
  if (a[PRE_PP] > 1.0 || a[PRE_EP] > 1.0) {
    gpuadv_replica r;
    if (!layout_replica(ctx, fn, &r, &c.m, c.gpu, c.dtype, -1, &c.e,
                        a[PRE_N_GPUS], a + PRE_PP, a[PRE_PROMPT])) {
      return;
    }
    gpuadv_result_number(
        ctx, fn, a[PRE_PROMPT] / gpuadv_replica_prefill_s(&r, a[PRE_PROMPT]));
    return;
  }
  gpuadv_result_number(
      ctx, fn,
      gpuadv_model_prefill_tps_of(&c.m, c.gpu, c.dtype, &c.e, a[PRE_N_GPUS],
                                  a[PRE_PROMPT]));
}

enum {
  FL_MODEL,
  FL_GPU,
  FL_DTYPE,
  FL_PROMPT,
  FL_OUTPUT,
  FL_N_GPUS,
  FL_ENGINE,
  FL_MAX_BATCH,
  FL_KV_DTYPE,
  FL_N
};

static const gpuadv_fn fn_model_full_load_tps = {
    "model_full_load_tps",
    5,
    FL_N,
    {[FL_MODEL] = GPUADV_MODEL("model"),
     [FL_GPU] = GPUADV_NAME("gpu"),
     [FL_DTYPE] = GPUADV_DTYPE("dtype", 0),
     [FL_PROMPT] = GPUADV_WHOLE("prompt_tokens", 0, 1e9, 0),
     [FL_OUTPUT] = GPUADV_WHOLE("output_tokens", 1, 1e9, 1),
     [FL_N_GPUS] = GPUADV_WHOLE("n_gpus", 1, 1024, 1),
     [FL_ENGINE] =
         GPUADV_KEYWORD("engine", gpuadv_engine_names, GPUADV_ENGINE_DEFAULT),
     /* 0: the engine's own limit (engines.max_batch) */
     [FL_MAX_BATCH] = GPUADV_WHOLE("max_batch", 1, 1e9, 0),
     [FL_KV_DTYPE] = GPUADV_DTYPE("kv_dtype", -1)}};

/* Every speed function keeps model, gpu and dtype in the slots
** speed_call_setup reads (a build fails here otherwise). */
typedef char speed_slots_agree
    [((int)DEC_MODEL == SPEED_MODEL && (int)DEC_GPU == SPEED_GPU &&
      (int)DEC_DTYPE == SPEED_DTYPE && (int)SB_MODEL == SPEED_MODEL &&
      (int)SB_GPU == SPEED_GPU && (int)SB_DTYPE == SPEED_DTYPE &&
      (int)PRE_MODEL == SPEED_MODEL && (int)PRE_GPU == SPEED_GPU &&
      (int)PRE_DTYPE == SPEED_DTYPE && (int)FL_MODEL == SPEED_MODEL &&
      (int)FL_GPU == SPEED_GPU && (int)FL_DTYPE == SPEED_DTYPE)
         ? 1
         : -1];

/* Output tokens/s of an offline run at full load
** (gpuadv_model_full_load_tps): what the accuracy view scores the
** catalog's offline rows by. NULL where the engine does not serve the
** dtype on the GPU, where a prompt's prefill has no TFLOP/s figure, or
** where the weights leave the cache no room. */
static void sql_model_full_load_tps(sqlite3_context *ctx, int argc,
                                    sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_model_full_load_tps;
  double a[GPUADV_MAX_ARGS], batch, cap, tps;
  speed_call c;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  /* a prompt's prefill needs the TFLOP/s figure */
  if (!speed_call_setup(ctx, fn, argv, a, FL_ENGINE, a[FL_PROMPT] > 0.0, &c))
    return;
  cap = a[FL_MAX_BATCH] >= 1.0
            ? a[FL_MAX_BATCH]
            : gpuadv_engine_number(c.engine, ENGINES_COL_MAX_BATCH);
  tps = gpuadv_model_full_load_tps(&c.m, c.gpu, c.dtype, (int)a[FL_KV_DTYPE],
                                   c.engine, &c.e, a[FL_PROMPT], a[FL_OUTPUT],
                                   a[FL_N_GPUS], cap, &batch);
  if (batch < 1.0) {
    sqlite3_result_null(ctx); /* the weights leave the cache no room */
    return;
  }
  gpuadv_result_number(ctx, fn, tps);
}

enum { ES_ENGINE, ES_GPU, ES_DTYPE, ES_N };

static const gpuadv_fn fn_engine_serves = {
    "engine_serves",
    3,
    ES_N,
    {[ES_ENGINE] =
         GPUADV_KEYWORD("engine", gpuadv_engine_names, GPUADV_ENGINE_DEFAULT),
     [ES_GPU] = GPUADV_NAME("gpu"),
     [ES_DTYPE] = GPUADV_DTYPE("dtype", 0)}};

/* 1 when the engine serves weights of the dtype on the GPU (the
** engine_support catalog), else 0: the rule behind the NULLs of
** model_decode_tps and model_prefill_tps, for views that estimate speed
** with the plain roofline functions. */
static void sql_engine_serves(sqlite3_context *ctx, int argc,
                              sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_engine_serves;
  double a[GPUADV_MAX_ARGS];
  int gpu;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpu = gpuadv_lookup_row(ctx, fn, &gpuadv_catalog_gpus, argv, ES_GPU);
  if (gpu < 0) return;
  sqlite3_result_int(
      ctx, gpuadv_engine_serves((int)a[ES_ENGINE], gpu, (int)a[ES_DTYPE]));
}

enum { EKV_ENGINE, EKV_DTYPE, EKV_N };

static const gpuadv_fn fn_engine_kv_dtype = {
    "engine_kv_dtype",
    2,
    EKV_N,
    {[EKV_ENGINE] =
         GPUADV_KEYWORD("engine", gpuadv_engine_names, GPUADV_ENGINE_DEFAULT),
     [EKV_DTYPE] = GPUADV_DTYPE("dtype", 0)}};

/* The dtype the engine keeps the KV cache in by default for weights of
** dtype ('fp16' or 'fp8', engines.kv_cache_dtype): what serving_sim and
** model_decode_tps assume, for views that size the cache themselves. */
static void sql_engine_kv_dtype(sqlite3_context *ctx, int argc,
                                sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_engine_kv_dtype;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  sqlite3_result_text(ctx,
                      gpuadv_dtypes[gpuadv_engine_kv_dtype((int)a[EKV_ENGINE],
                                                           (int)a[EKV_DTYPE])]
                          .name,
                      -1, SQLITE_STATIC);
}

/* Release v (SQL text) of engine index `engine`: 0 with *overlap set, or
** 1 with *pzErr set to "FN(): engine_version ..." (NULL when out of
** memory). */
static int release_error(int engine, sqlite3_value *v, const char *fn,
                         char **pzErr, int *overlap) {
  const char *z = (const char *)sqlite3_value_text(v);
  int n = sqlite3_value_bytes(v);
  int rc = z && sqlite3_value_type(v) == SQLITE_TEXT
               ? gpuadv_engine_release(engine, z, n, overlap)
               : GPUADV_RELEASE_BAD;
  char got[96];
  if (rc == GPUADV_RELEASE_OK) return 0;
  if (rc == GPUADV_RELEASE_BAD) {
    gpuadv_describe_value(v, got, (int)sizeof(got));
    *pzErr = sqlite3_mprintf(
        "%s(): engine_version must be a release such as 0.5.12, got %s", fn,
        got);
  } else {
    *pzErr = sqlite3_mprintf(
        "%s(): engine_version %.*s is older than the %s releases its speed "
        "constants describe (%s and later)",
        fn, gpuadv_utf8_prefix(z, n, NAME_QUOTE_MAX), z,
        gpuadv_engine_names[engine], gpuadv_engine_era(engine));
  }
  return 1;
}

enum { EO_ENGINE, EO_VERSION, EO_N };

static const gpuadv_fn fn_engine_overlap = {
    "engine_overlap",
    1,
    EO_N,
    {[EO_ENGINE] =
         GPUADV_KEYWORD("engine", gpuadv_engine_names, GPUADV_ENGINE_DEFAULT),
     [EO_VERSION] = GPUADV_TEXT("engine_version")}};

/* 1 when the engine's release (default: the newest) starts each step
** before it hands out the last one's tokens (gpuadv_release.c), else 0:
** serving_sim's default overlap for it, which the plans pass. */
static void sql_engine_overlap(sqlite3_context *ctx, int argc,
                               sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_engine_overlap;
  double a[GPUADV_MAX_ARGS];
  char *err = 0;
  int overlap = 0;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if (argc > EO_VERSION &&
      sqlite3_value_type(argv[EO_VERSION]) != SQLITE_NULL) {
    if (release_error((int)a[EO_ENGINE], argv[EO_VERSION], fn->name, &err,
                      &overlap)) {
      if (err) {
        sqlite3_result_error(ctx, err, -1);
        sqlite3_free(err);
      } else {
        sqlite3_result_error_nomem(ctx);
      }
      return;
    }
  } else {
    gpuadv_engine_release((int)a[EO_ENGINE], 0, 0, &overlap);
  }
  sqlite3_result_int(ctx, overlap);
}

enum {
  ECG_ENGINE,
  ECG_GPU,
  ECG_WEIGHTS_GB,
  ECG_HIDDEN,
  ECG_INTERMEDIATE,
  ECG_EXPERTS,
  ECG_VOCAB,
  ECG_N_GPUS,
  ECG_TP,
  ECG_PP,
  ECG_HEADROOM,
  ECG_FRACTION,
  ECG_N
};

static const gpuadv_fn fn_engine_cache_gb = {
    "engine_cache_gb",
    7,
    ECG_N,
    {[ECG_ENGINE] =
         GPUADV_KEYWORD("engine", gpuadv_engine_names, GPUADV_ENGINE_DEFAULT),
     [ECG_GPU] = GPUADV_NAME("gpu"),
     [ECG_WEIGHTS_GB] = GPUADV_NONNEG("weights_gb"),
     [ECG_HIDDEN] = GPUADV_POSITIVE("hidden"),
     [ECG_INTERMEDIATE] = GPUADV_NONNEG("intermediate"),
     [ECG_EXPERTS] = GPUADV_NONNEG("experts_per_token"),
     [ECG_VOCAB] = GPUADV_NONNEG("vocab"),
     [ECG_N_GPUS] = GPUADV_WHOLE("n_gpus", 1, 1e6, 1),
     [ECG_TP] = GPUADV_WHOLE("tp", 1, 1e6, 1),
     [ECG_PP] = GPUADV_WHOLE("pp", 1, 1e6, 1),
     [ECG_HEADROOM] = GPUADV_NUM("headroom", GPUADV_RANGE_OPEN_HI, 0, 1, 0.10),
     [ECG_FRACTION] = GPUADV_FRACTION("fraction", 1)}};

/* GB the KV cache of a replica gets from the engine's memory rule
** (engines.memory_rule, gpuadv_engine_mem.h): n_gpus GPUs (fraction of
** each, a fractional instance), laid out tp x pp, whose weights take
** weights_gb in all, for a model of width hidden, FFN intermediate size
** intermediate (each expert's in an MoE model, whose tokens go to
** experts_per_token of them; 0: dense) and vocab rows, with the share headroom left free (0.10). 0 when nothing is
** left: the memory model_serving_batch and serving_sim give the cache, for
** views that size it themselves. */
static void sql_engine_cache_gb(sqlite3_context *ctx, int argc,
                                sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_engine_cache_gb;
  double a[GPUADV_MAX_ARGS];
  gpuadv_engine_mem em;
  int gpu;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpu = gpuadv_lookup_row(ctx, fn, &gpuadv_catalog_gpus, argv, ECG_GPU);
  if (gpu < 0) return;
  gpuadv_engine_mem_fill(
      (int)a[ECG_ENGINE], gpuadv_gpu_device_gb(gpu, a[ECG_FRACTION]),
      a[ECG_HIDDEN], gpuadv_ffn_per_token(a[ECG_INTERMEDIATE], a[ECG_EXPERTS]),
      a[ECG_VOCAB], a[ECG_N_GPUS], a[ECG_TP], a[ECG_PP], a[ECG_HEADROOM], &em);
  /* 0 is an answer here (the weights leave nothing), not a lost value */
  gpuadv_result_double(
      ctx, fn, fmax(0.0, gpuadv_engine_cache_gb(&em, a[ECG_WEIGHTS_GB])));
}

enum { EVS_ENGINE, EVS_GPU, EVS_N };

static const gpuadv_fn fn_engine_vendor_share = {
    "engine_vendor_share",
    2,
    EVS_N,
    {[EVS_ENGINE] =
         GPUADV_KEYWORD("engine", gpuadv_engine_names, GPUADV_ENGINE_DEFAULT),
     [EVS_GPU] = GPUADV_NAME("gpu")}};

/* The share of its speed on NVIDIA GPUs that the engine reaches on the GPU
** (engines.amd_eff on an AMD GPU, gaudi_eff on an Intel Gaudi, 1 on the
** others): the factor model_decode_tps and model_prefill_tps apply to the
** GPU's bandwidth and TFLOP/s, for views that say why a chip is slow. */
static void sql_engine_vendor_share(sqlite3_context *ctx, int argc,
                                    sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_engine_vendor_share;
  double a[GPUADV_MAX_ARGS];
  int gpu;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpu = gpuadv_lookup_row(ctx, fn, &gpuadv_catalog_gpus, argv, EVS_GPU);
  if (gpu < 0) return;
  gpuadv_result_number(ctx, fn,
                       gpuadv_engine_vendor_share((int)a[EVS_ENGINE], gpu));
}

/* ------------------------------------------------------------------------
** A serving replica from SQL values, for the serving simulator: the same
** lookups and constants as model_decode_tps and model_prefill_tps, with
** errors as "serving_sim(): ..." strings instead of a function's result.
*/

/* The gpuadv_dtype_id a serving_sim argument names, or -1 after setting
** *pzErr. */
static int dtype_value(sqlite3_value *v, const char *arg, char **pzErr) {
  const char *z = (const char *)sqlite3_value_text(v);
  int n = sqlite3_value_bytes(v);
  int dtype = z ? gpuadv_dtype_find(z, n) : -1;
  if (dtype < 0) {
    *pzErr = sqlite3_mprintf(
        "serving_sim(): %s must be a bytes_per_param() type, got '%.*s'", arg,
        z ? gpuadv_utf8_prefix(z, n, NAME_QUOTE_MAX) : 0, z ? z : "");
  }
  return dtype;
}

int gpuadv_replica_from_values(const gpuadv_replica_ask *ask, gpuadv_replica *r,
                               gpuadv_engine_consts *e, char **pzErr) {
  sqlite3_value *model = ask->model, *gpu_v = ask->gpu;
  sqlite3_value *dtype_v = ask->dtype, *engine_v = ask->engine;
  sqlite3_value *kv_dtype_v = ask->kv_dtype;
  double pp = ask->pp, headroom = ask->headroom;
  const char *z;
  char *layout_err;
  int n, rc, gpu, dtype, kv_dtype = -1, engine = GPUADV_ENGINE_DEFAULT;
  int overlap = 0;
  gpuadv_model_def m;
  memset(r, 0, sizeof(*r));
  /* model */
  z = model ? (const char *)sqlite3_value_text(model) : 0;
  n = model ? sqlite3_value_bytes(model) : 0;
  if (!z) {
    *pzErr = sqlite3_mprintf(
        "serving_sim(): model is required with gpu, "
        "dtype, engine, kv_dtype or engine_version");
    return SQLITE_ERROR;
  }
  if (gpuadv_config_is_json(z, n)) {
    gpuadv_config_model *cm = sqlite3_malloc(sizeof(*cm));
    char err[GPUADV_CONFIG_ERR_MAX];
    int rc;
    if (!cm) return SQLITE_NOMEM;
    rc = gpuadv_config_read(z, n, cm, err, (int)sizeof(err));
    if (rc == 0) m = cm->def;
    sqlite3_free(cm);
    if (rc == -2) return SQLITE_NOMEM;
    if (rc != 0) {
      *pzErr = sqlite3_mprintf("serving_sim(): model: %s", err);
      return SQLITE_ERROR;
    }
  } else {
    int row = gpuadv_catalog_resolve(&gpuadv_catalog_models, z, n);
    if (row < 0) {
      char suggest[SUGGEST_BUF];
      gpuadv_catalog_suggest(&gpuadv_catalog_models, z, n, suggest,
                             (int)sizeof(suggest));
      *pzErr = sqlite3_mprintf(
          "serving_sim(): unknown model '%.*s' in "
          "models; closest: %s",
          gpuadv_utf8_prefix(z, n, NAME_QUOTE_MAX), z, suggest);
      return SQLITE_ERROR;
    }
    gpuadv_model_from_row(row, &m);
  }
  /* gpu */
  z = gpu_v ? (const char *)sqlite3_value_text(gpu_v) : 0;
  n = gpu_v ? sqlite3_value_bytes(gpu_v) : 0;
  gpu = z ? gpuadv_catalog_resolve(&gpuadv_catalog_gpus, z, n) : -1;
  if (gpu < 0) {
    char suggest[SUGGEST_BUF];
    if (!z) {
      *pzErr = sqlite3_mprintf("serving_sim(): gpu is required with model");
      return SQLITE_ERROR;
    }
    gpuadv_catalog_suggest(&gpuadv_catalog_gpus, z, n, suggest,
                           (int)sizeof(suggest));
    *pzErr = sqlite3_mprintf(
        "serving_sim(): unknown gpu '%.*s' in gpus; "
        "closest: %s",
        gpuadv_utf8_prefix(z, n, NAME_QUOTE_MAX), z, suggest);
    return SQLITE_ERROR;
  }
  /* dtype (default bf16), kv_dtype (default: the engine's,
  ** gpuadv_kv_bytes) and engine (default vllm) */
  dtype = GPUADV_BF16;
  if (dtype_v && (dtype = dtype_value(dtype_v, "dtype", pzErr)) < 0) {
    return SQLITE_ERROR;
  }
  if (kv_dtype_v &&
      (kv_dtype = dtype_value(kv_dtype_v, "kv_dtype", pzErr)) < 0) {
    return SQLITE_ERROR;
  }
  if (engine_v) {
    z = (const char *)sqlite3_value_text(engine_v);
    engine = z ? gpuadv_keyword_find(gpuadv_engine_names, z,
                                     sqlite3_value_bytes(engine_v))
               : -1;
    if (engine < 0) {
      *pzErr = sqlite3_mprintf(
          "serving_sim(): engine must be one of vllm, "
          "sglang, trtllm, llama.cpp; got '%.*s'",
          z ? gpuadv_utf8_prefix(z, sqlite3_value_bytes(engine_v),
                                 NAME_QUOTE_MAX)
            : 0,
          z ? z : "");
      return SQLITE_ERROR;
    }
  }
  if (ask->engine_version && release_error(engine, ask->engine_version,
                                           "serving_sim", pzErr, &overlap)) {
    return *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  if (!gpuadv_engine_serves(engine, gpu, dtype)) {
    *pzErr = sqlite3_mprintf(
        "serving_sim(): %s does not serve %s on %s",
        gpuadv_engine_names[engine], gpuadv_dtypes[dtype].name,
        gpuadv_catalog_text(&gpuadv_catalog_gpus, gpu, GPUS_COL_NAME));
    return SQLITE_ERROR;
  }
  /* A pipeline stage holds at least one layer. */
  if (pp > m.shape.layers) {
    *pzErr = sqlite3_mprintf(
        "serving_sim(): pp must be <= %.0f (the model's layers), got %.15g",
        m.shape.layers, pp);
    return *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  gpuadv_engine_load(engine, e);
  if (ask->engine_version) e->overlap = overlap;
  gpuadv_replica_fill(r, &m, gpu, dtype, kv_dtype, e, ask->mean_context);
  rc = replica_layout(r, ask->tp, pp, ask->ep, ask->gpus_per_node,
                      ask->fabric_gbps, &layout_err);
  if (rc != SQLITE_OK) {
    if (rc == SQLITE_ERROR) {
      *pzErr = sqlite3_mprintf("serving_sim(): %s", layout_err);
      sqlite3_free(layout_err);
      if (!*pzErr) rc = SQLITE_NOMEM;
    }
    return rc;
  }
  assert(headroom >= 0.0 && headroom < 1.0);
  {
    double weights_gb, free_gb;
    free_gb = gpuadv_replica_kv_fill(r, &m, gpu, dtype, engine, headroom,
                                     &weights_gb);
    if (free_gb <= 0.0 || r->kv_capacity_tokens < 2.0) {
      *pzErr = sqlite3_mprintf(
          "serving_sim(): %.1f GB of weights leave no room for the KV cache "
          "on %g x %s",
          weights_gb, r->decode.n_gpus,
          gpuadv_catalog_text(&gpuadv_catalog_gpus, gpu, GPUS_COL_NAME));
      return SQLITE_ERROR;
    }
  }
  return SQLITE_OK;
}

static const gpuadv_fn fn_gpu_name = {
    "gpu_name", 1, 2, {GPUADV_NAME("gpu"), GPUADV_NAME("label")}};
static const gpuadv_fn fn_model_name = {
    "model_name", 1, 2, {GPUADV_NAME("model"), GPUADV_NAME("label")}};

/* gpu_name(name [, label]) and model_name(name [, label]): the catalog
** slug that a name or alias stands for, ASCII case ignored. NULL for NULL.
** An unknown or ambiguous name gives NULL with one argument; with a label
** (the column being checked, 'owned_prices.gpu') it is an error that
** quotes the name and suggests names, for triggers and CHECKs:
**   gpu_name(): owned_prices.gpu must be a gpus.name: unknown gpu 'h100x'
**   in gpus; closest: 'h100-sxm', 'h100-nvl', 'h100-pcie' */
static void catalog_name(sqlite3_context *ctx, const gpuadv_fn *fn,
                         const gpuadv_catalog *cat, int argc,
                         sqlite3_value **argv) {
  double a[GPUADV_MAX_ARGS];
  const char *key;
  int n_key, row;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  key = (const char *)sqlite3_value_text(argv[0]);
  n_key = sqlite3_value_bytes(argv[0]);
  if (!key) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  row = gpuadv_catalog_resolve(cat, key, n_key);
  if (row >= 0) {
    const gpuadv_cell *c =
        gpuadv_catalog_cell(cat, row, cat->indexes[0].column);
    assert(c->type == GPUADV_CELL_TEXT);
    sqlite3_result_text(ctx, c->v.text, -1, SQLITE_STATIC);
  } else if (argc < 2 || sqlite3_value_type(argv[1]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
  } else {
    char prefix[NAME_QUOTE_MAX + 64];
    const char *label = (const char *)sqlite3_value_text(argv[1]);
    int n_label = sqlite3_value_bytes(argv[1]);
    if (!label) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    sqlite3_snprintf(
        (int)sizeof(prefix), prefix, "%s(): %.*s must be a %s.name: ", fn->name,
        gpuadv_utf8_prefix(label, n_label, NAME_QUOTE_MAX), label, cat->name);
    name_error(ctx, prefix, fn->args[0].name, cat, key, n_key);
  }
}

static void sql_gpu_name(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  catalog_name(ctx, &fn_gpu_name, &gpuadv_catalog_gpus, argc, argv);
}

static void sql_model_name(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv) {
  catalog_name(ctx, &fn_model_name, &gpuadv_catalog_models, argc, argv);
}

enum { GT_GPU, GT_DTYPE, GT_N };

static const gpuadv_fn fn_gpu_tflops = {
    "gpu_tflops",
    2,
    GT_N,
    {[GT_GPU] = GPUADV_NAME("gpu"), [GT_DTYPE] = GPUADV_DTYPE("dtype", 0)}};

/* The GPU's dense datasheet TFLOP/s at the precision the dtype's matmuls
** run at (catalogs/dtypes.csv `compute`), with the wider precisions a chip
** without that rate runs them at (gpuadv_gpu_datasheet_tflops): the peak
** the speed model and the MFU start from. NULL when the catalog lists no
** rate the dtype can run at. */
static void sql_gpu_tflops(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_gpu_tflops;
  double a[GPUADV_MAX_ARGS], t;
  int gpu;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpu = gpuadv_lookup_row(ctx, fn, &gpuadv_catalog_gpus, argv, GT_GPU);
  if (gpu < 0) return;
  t = gpuadv_gpu_datasheet_tflops(gpu, gpuadv_dtypes[(int)a[GT_DTYPE]].compute);
  if (t > 0.0)
    sqlite3_result_double(ctx, t);
  else
    sqlite3_result_null(ctx);
}

/* clang-format off */
static const gpuadv_fn_entry model_func_table[] = {
  {&fn_gpu_name,           sql_gpu_name},
  {&fn_model_name,         sql_model_name},
  {&fn_model_weights_gb,   sql_model_weights_gb},
  {&fn_model_kv_gb,        sql_model_kv_gb},
  {&fn_model_decode_tps,   sql_model_decode_tps},
  {&fn_model_prefill_tps,  sql_model_prefill_tps},
  {&fn_model_serving_batch, sql_model_serving_batch},
  {&fn_engine_serves,      sql_engine_serves},
  {&fn_engine_kv_dtype,    sql_engine_kv_dtype},
  {&fn_engine_overlap,     sql_engine_overlap},
  {&fn_engine_cache_gb,    sql_engine_cache_gb},
  {&fn_engine_vendor_share, sql_engine_vendor_share},
  {&fn_gpu_tflops,         sql_gpu_tflops},
  {&fn_model_full_load_tps, sql_model_full_load_tps},
};
/* clang-format on */

GPUADV_FN_TABLE_GET(gpuadv_model_function_table, model_func_table)
