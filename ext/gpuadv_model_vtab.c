/*
** gpuadv_model_vtab.c: two table-valued functions over models, eponymous
** read-only virtual tables with a hidden argument column.
**
**   SELECT * FROM model_spec('llama-3.1-8b');             -- a catalog row
**   SELECT * FROM model_spec(readfile('config.json'));    -- a config
**   SELECT w.name, m.params_b FROM workloads w JOIN model_spec(w.model) m;
**   SELECT field, value, from_keys, how
**     FROM model_config(readfile('config.json'));
**
** model_spec(model) gives one row with the columns of the `models` catalog
** up to topk_kv_elems (name, family, params_b, ..., linear_layers,
** linear_state_elems, global_kv_heads, global_head_dim, kv_shared_layers,
** kv_shared_sliding, extra_kv_elems, attn_topk, index_heads,
** topk_kv_elems), for a catalog name or a config.json text (as text
** or as the blob readfile() returns), read by ext/gpuadv_config.c. For a
** config, name is its _name_or_path (else its model_type), and the columns
** that the catalog leaves empty when unused (MLA, experts, windows, linear
** layers, layer kinds, KV sharing, an unknown context) are NULL when zero.
**
** model_config(config) shows how a config was read: one row per derived
** field (field, value, from_keys, how): every field of the definition,
** then the parameter breakdown (params_embeddings, params_attention,
** params_linear_attention, params_mlp, params_experts, params_norms,
** params_lm_head, params_vision, params_total, params_active, params_b,
** active_params_b).
** from_keys is NULL for fields computed from others.
**
** Plans: the argument must be given, as an equality on the hidden column
** (which is what model_spec(x) means). Without it the table answers
** "model_spec(): needs the model, as model_spec('name') or
** model_spec(config text)". An argument from a column of an outer table
** (JOIN model_spec(w.model)) is usable once that table is the outer loop;
** a plan that has it unusable is refused (SQLITE_CONSTRAINT), so SQLite
** picks the other order. NULL gives no row.
**
** Errors name the function and argument, as the scalar functions do:
**   model_spec(): unknown model 'llama-3.1-70' in models; closest: ...
**   model_config(): config: missing key 'num_hidden_layers'
**
** Writes: xUpdate is absent, so INSERT, UPDATE and DELETE fail with
** "table model_spec may not be modified"; xCreate is absent (eponymous
** only), so CREATE VIRTUAL TABLE ... USING model_spec fails too.
*/
#include <assert.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include "gpuadv_args.h"
#include "gpuadv_catalog.h"
#include "gpuadv_catalog_cols.h"
#include "gpuadv_config.h"
#include "gpuadv_internal.h"

SQLITE_EXTENSION_INIT3

/* Room for "'a', 'b', 'c'" suggestions, as in gpuadv_model_funcs.c. */
#define SUGGEST_BUF 200
/* An unknown name is quoted in the message up to this many bytes. */
#define NAME_QUOTE_MAX 64

/* model_spec's visible columns: the catalog's first 25 (all but source,
** as_of and notes). */
#define SPEC_N_COLUMNS (MODELS_COL_TOPK_KV_ELEMS + 1)

/* Which of the two tables a module serves. */
enum { KIND_SPEC, KIND_CONFIG };

typedef struct model_module_info {
  const char *schema; /* first: gpuadv_vtab_connect_innocuous */
  int kind;
  const char *name;  /* the function's name, for messages */
  const char *arg;   /* its argument's name */
  int hidden_column; /* index of the argument column */
} model_module_info;

/* gpuadv_vtab_connect_innocuous reads the schema first. */
typedef char
    model_schema_first[offsetof(model_module_info, schema) == 0 ? 1 : -1];

static const model_module_info spec_info = {
    "CREATE TABLE x(name TEXT, family TEXT, params_b REAL, "
    "active_params_b REAL, layers INTEGER, hidden INTEGER, "
    "intermediate INTEGER, heads INTEGER, kv_heads INTEGER, head_dim INTEGER, "
    "vocab INTEGER, context INTEGER, attention TEXT, kv_lora_rank INTEGER, "
    "qk_rope_head_dim INTEGER, n_experts INTEGER, experts_per_token INTEGER, "
    "sliding_window INTEGER, sliding_layers INTEGER, linear_layers INTEGER, "
    "linear_state_elems INTEGER, global_kv_heads INTEGER, "
    "global_head_dim INTEGER, kv_shared_layers INTEGER, "
    "kv_shared_sliding INTEGER, extra_kv_elems INTEGER, attn_topk INTEGER, "
    "index_heads INTEGER, topk_kv_elems INTEGER, model HIDDEN)",
    KIND_SPEC, "model_spec", "model", SPEC_N_COLUMNS};

static const model_module_info config_info = {
    "CREATE TABLE x(field TEXT, value, from_keys TEXT, how TEXT, "
    "config HIDDEN)",
    KIND_CONFIG, "model_config", "config", 4};

/* The table: a gpuadv_vtab whose aux is the module's info. */
static const model_module_info *vtab_info(sqlite3_vtab *pVtab) {
  return (const model_module_info *)((gpuadv_vtab *)pVtab)->aux;
}

typedef struct model_cursor {
  gpuadv_rows rows; /* the current row and the row count */
  const model_module_info *info;
  int catalog_row;            /* model_spec of a catalog name, else -1 */
  gpuadv_config_model *model; /* a config read, else NULL */
  sqlite3_value *arg;         /* the argument, for the hidden column */
} model_cursor;

/* idxNum 1: the argument is argv[0]; 0: no argument (xFilter refuses). */
static int modelBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *info) {
  const model_module_info *mi = vtab_info(pVtab);
  int i, unusable = 0;
  for (i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *c = &info->aConstraint[i];
    if (c->iColumn != mi->hidden_column ||
        c->op != SQLITE_INDEX_CONSTRAINT_EQ) {
      continue;
    }
    if (!c->usable) {
      unusable = 1;
      continue;
    }
    info->aConstraintUsage[i].argvIndex = 1;
    info->aConstraintUsage[i].omit = 1;
    info->idxNum = 1;
    info->estimatedCost = 10.0;
    info->estimatedRows = mi->kind == KIND_SPEC ? 1 : 30;
    return SQLITE_OK;
  }
  /* An argument that exists but comes from a table not yet read: not this
  ** plan. */
  if (unusable) return SQLITE_CONSTRAINT;
  info->idxNum = 0;
  info->estimatedCost = 1e12;
  info->estimatedRows = 1;
  return SQLITE_OK;
}

static int modelOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCursor) {
  int rc = gpuadv_cursor_new((int)sizeof(model_cursor), ppCursor);
  if (rc == SQLITE_OK) {
    model_cursor *cur = (model_cursor *)*ppCursor;
    cur->info = vtab_info(pVtab);
    cur->catalog_row = -1;
  }
  return rc;
}

/* Forget the current argument and its rows. */
static void cursor_reset(model_cursor *cur) {
  sqlite3_free(cur->model);
  cur->model = 0;
  sqlite3_value_free(cur->arg);
  cur->arg = 0;
  cur->catalog_row = -1;
  cur->rows.pos = cur->rows.end = 0;
}

static int modelClose(sqlite3_vtab_cursor *pCursor) {
  model_cursor *cur = (model_cursor *)pCursor;
  cursor_reset(cur);
  sqlite3_free(cur);
  return SQLITE_OK;
}

/* Set the table's error message "NAME(): ..." and return SQLITE_ERROR. */
static int vtab_error(model_cursor *cur, const char *format, ...) {
  sqlite3_vtab *vtab = cur->rows.base.pVtab;
  va_list ap;
  char *msg;
  va_start(ap, format);
  msg = sqlite3_vmprintf(format, ap);
  va_end(ap);
  sqlite3_free(vtab->zErrMsg);
  vtab->zErrMsg = msg ? sqlite3_mprintf("%s(): %s", cur->info->name, msg) : 0;
  sqlite3_free(msg);
  return msg && vtab->zErrMsg ? SQLITE_ERROR : SQLITE_NOMEM;
}

/* Read argument v as a config into cur->model. */
static int read_config(model_cursor *cur, const char *z, int n) {
  char err[GPUADV_CONFIG_ERR_MAX];
  int rc;
  cur->model = sqlite3_malloc(sizeof(*cur->model));
  if (!cur->model) return SQLITE_NOMEM;
  rc = gpuadv_config_read(z, n, cur->model, err, (int)sizeof(err));
  if (rc == -2) return SQLITE_NOMEM;
  if (rc != 0) {
    return cur->info->kind == KIND_SPEC
               ? vtab_error(cur, "%s: %s", cur->info->arg, err)
               : vtab_error(cur, "%s", err);
  }
  return SQLITE_OK;
}

static int modelFilter(sqlite3_vtab_cursor *pCursor, int idxNum,
                       const char *idxStr, int argc, sqlite3_value **argv) {
  model_cursor *cur = (model_cursor *)pCursor;
  const model_module_info *mi = cur->info;
  const char *z;
  int n, type, rc;
  (void)idxStr;
  cursor_reset(cur);
  if (idxNum != 1 || argc < 1) {
    return vtab_error(cur, "needs the %s, as %s('name') or %s(config text)",
                      mi->arg, mi->name, mi->name);
  }
  type = sqlite3_value_type(argv[0]);
  if (type == SQLITE_NULL) return SQLITE_OK; /* no row */
  cur->arg = sqlite3_value_dup(argv[0]);
  if (!cur->arg) return SQLITE_NOMEM;
  if (type == SQLITE_BLOB) {
    z = (const char *)sqlite3_value_blob(argv[0]);
  } else {
    z = (const char *)sqlite3_value_text(argv[0]);
  }
  n = sqlite3_value_bytes(argv[0]);
  if (!z && n > 0) return SQLITE_NOMEM;
  if (z && gpuadv_config_is_json(z, n)) {
    rc = read_config(cur, z, n);
    if (rc != SQLITE_OK) return rc;
    cur->rows.end = mi->kind == KIND_SPEC ? 1 : cur->model->n_rows;
    return SQLITE_OK;
  }
  if (type == SQLITE_BLOB || mi->kind == KIND_CONFIG) {
    int shown = z ? gpuadv_utf8_prefix(z, n, NAME_QUOTE_MAX) : 0;
    if (mi->kind == KIND_CONFIG && type != SQLITE_BLOB) {
      return vtab_error(cur,
                        "%s must be the text of a config.json (a JSON "
                        "object), got '%.*s'",
                        mi->arg, shown, z ? z : "");
    }
    return vtab_error(cur,
                      "%s must be a catalog name (text) or a config.json "
                      "object, got a blob of %d byte%s",
                      mi->arg, n, n == 1 ? "" : "s");
  }
  if (!z) z = "";
  cur->catalog_row = gpuadv_catalog_resolve(&gpuadv_catalog_models, z, n);
  if (cur->catalog_row < 0) {
    char suggest[SUGGEST_BUF];
    int shown = gpuadv_utf8_prefix(z, n, NAME_QUOTE_MAX);
    gpuadv_catalog_suggest(&gpuadv_catalog_models, z, n, suggest,
                           (int)sizeof(suggest));
    return vtab_error(cur, "unknown %s '%.*s' in models; closest: %s", mi->arg,
                      shown, z, suggest);
  }
  cur->rows.end = 1;
  return SQLITE_OK;
}

/* A count as INTEGER; NULL for a zero that means "not used". */
static void result_count(sqlite3_context *ctx, double v, int zero_is_null) {
  if (zero_is_null && v == 0.0) {
    sqlite3_result_null(ctx);
  } else {
    sqlite3_result_int64(ctx, (sqlite3_int64)v);
  }
}

/* A number as INTEGER when whole (and exact), else REAL. */
static void result_number(sqlite3_context *ctx, double v) {
  if (v == (double)(sqlite3_int64)v && v < 9007199254740992.0 &&
      v > -9007199254740992.0) {
    sqlite3_result_int64(ctx, (sqlite3_int64)v);
  } else {
    sqlite3_result_double(ctx, v);
  }
}

/* model_spec's columns for a config read. */
static void spec_column(const gpuadv_config_model *m, sqlite3_context *ctx,
                        int column) {
  const gpuadv_model_def *d = &m->def;
  switch (column) {
    case MODELS_COL_NAME:
      sqlite3_result_text(ctx, m->name, -1, SQLITE_TRANSIENT);
      break;
    case MODELS_COL_FAMILY:
      sqlite3_result_text(ctx, m->family, -1, SQLITE_TRANSIENT);
      break;
    case MODELS_COL_PARAMS_B:
      sqlite3_result_double(ctx, d->params_b);
      break;
    case MODELS_COL_ACTIVE_PARAMS_B:
      sqlite3_result_double(ctx, d->active_params_b);
      break;
    case MODELS_COL_LAYERS:
      result_count(ctx, d->shape.layers, 0);
      break;
    case MODELS_COL_HIDDEN:
      result_count(ctx, d->hidden, 0);
      break;
    case MODELS_COL_INTERMEDIATE:
      result_count(ctx, d->intermediate, 0);
      break;
    case MODELS_COL_HEADS:
      result_count(ctx, d->heads, 0);
      break;
    case MODELS_COL_KV_HEADS:
      result_count(ctx, d->shape.kv_heads, 0);
      break;
    case MODELS_COL_HEAD_DIM:
      result_count(ctx, d->shape.head_dim, 0);
      break;
    case MODELS_COL_VOCAB:
      result_count(ctx, d->vocab, 0);
      break;
    case MODELS_COL_CONTEXT:
      result_count(ctx, d->context, 1);
      break;
    case MODELS_COL_ATTENTION:
      sqlite3_result_text(ctx, m->attention, -1, SQLITE_TRANSIENT);
      break;
    case MODELS_COL_KV_LORA_RANK:
      result_count(ctx, d->shape.kv_lora_rank, 1);
      break;
    case MODELS_COL_QK_ROPE_HEAD_DIM:
      result_count(ctx, d->shape.qk_rope_head_dim, 1);
      break;
    case MODELS_COL_N_EXPERTS:
      result_count(ctx, d->n_experts, 1);
      break;
    case MODELS_COL_EXPERTS_PER_TOKEN:
      result_count(ctx, d->experts_per_token, 1);
      break;
    case MODELS_COL_SLIDING_WINDOW:
      result_count(ctx, d->shape.sliding_window, 1);
      break;
    case MODELS_COL_SLIDING_LAYERS:
      result_count(ctx, d->shape.sliding_layers, 1);
      break;
    case MODELS_COL_LINEAR_LAYERS:
      result_count(ctx, d->shape.linear_layers, 1);
      break;
    case MODELS_COL_LINEAR_STATE_ELEMS:
      result_count(ctx, d->shape.linear_state_elems, 1);
      break;
    case MODELS_COL_GLOBAL_KV_HEADS:
      result_count(ctx, d->shape.global_kv_heads, 1);
      break;
    case MODELS_COL_GLOBAL_HEAD_DIM:
      result_count(ctx, d->shape.global_head_dim, 1);
      break;
    case MODELS_COL_KV_SHARED_LAYERS:
      result_count(ctx, d->shape.kv_shared_layers, 1);
      break;
    case MODELS_COL_KV_SHARED_SLIDING:
      /* 0 is a count here once sharing is set (no shared sliding layer) */
      if (d->shape.kv_shared_layers > 0.0) {
        result_count(ctx, d->shape.kv_shared_sliding, 0);
      } else {
        sqlite3_result_null(ctx);
      }
      break;
    case MODELS_COL_EXTRA_KV_ELEMS:
      result_count(ctx, d->shape.extra_kv_elems, 1);
      break;
    case MODELS_COL_ATTN_TOPK:
      result_count(ctx, d->shape.attn_topk, 1);
      break;
    case MODELS_COL_INDEX_HEADS:
      result_count(ctx, d->shape.index_heads, 1);
      break;
    case MODELS_COL_TOPK_KV_ELEMS:
      result_count(ctx, d->shape.topk_kv_elems, 1);
      break;
    default:
      sqlite3_result_null(ctx);
      break;
  }
}

static int modelColumn(sqlite3_vtab_cursor *pCursor, sqlite3_context *ctx,
                       int column) {
  model_cursor *cur = (model_cursor *)pCursor;
  assert(cur->rows.pos < cur->rows.end);
  if (column == cur->info->hidden_column) {
    if (cur->arg) sqlite3_result_value(ctx, cur->arg);
    return SQLITE_OK;
  }
  if (cur->info->kind == KIND_SPEC) {
    assert(column < SPEC_N_COLUMNS);
    if (cur->catalog_row >= 0) {
      gpuadv_result_cell(ctx, gpuadv_catalog_cell(&gpuadv_catalog_models,
                                                  cur->catalog_row, column));
    } else {
      spec_column(cur->model, ctx, column);
    }
    return SQLITE_OK;
  }
  {
    const gpuadv_config_row *r = &cur->model->rows[cur->rows.pos];
    switch (column) {
      case 0:
        sqlite3_result_text(ctx, r->field, -1, SQLITE_STATIC);
        break;
      case 1:
        if (r->is_text) {
          sqlite3_result_text(ctx, r->text, -1, SQLITE_TRANSIENT);
        } else {
          result_number(ctx, r->value);
        }
        break;
      case 2:
        if (r->from[0]) {
          sqlite3_result_text(ctx, r->from, -1, SQLITE_TRANSIENT);
        } else {
          sqlite3_result_null(ctx);
        }
        break;
      default:
        sqlite3_result_text(ctx, r->how, -1, SQLITE_TRANSIENT);
        break;
    }
  }
  return SQLITE_OK;
}

/* Rationale for INNOCUOUS: the rows are computed from the argument and
** the compiled-in catalog alone; nothing reads a file, a setting or
** another table, and the work is bounded by the config reader's limits,
** so a view over these tables in an untrusted database can do no harm. */
static sqlite3_module model_module = GPUADV_READONLY_MODULE(
    gpuadv_vtab_connect_innocuous, modelBestIndex, gpuadv_vtab_free, modelOpen,
    modelClose, modelFilter, gpuadv_rows_next, gpuadv_rows_eof, modelColumn,
    gpuadv_rows_rowid);

int gpuadv_register_model_tables(sqlite3 *db, char **pzErrMsg) {
  int rc = gpuadv_register_module(db, spec_info.name, &model_module, &spec_info,
                                  pzErrMsg);
  if (rc != SQLITE_OK) return rc;
  return gpuadv_register_module(db, config_info.name, &model_module,
                                &config_info, pzErrMsg);
}
