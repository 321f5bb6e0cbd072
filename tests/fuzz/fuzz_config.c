/*
** fuzz_config.c: the config.json reader (ext/gpuadv_config.c) on arbitrary
** bytes, directly and through SQL.
**
** Input: the whole input is the config text (no flag bytes), so the seeds
** are real config.json files (tests/configs/) and the dictionary holds the
** keys the interpreter reads.
**
**   1. gpuadv_config_read() on the bytes, twice;
**   2. when the text is a config by gpuadv_config_is_json() (first
**      non-blank byte '{'), the same text bound as TEXT to
**      SELECT model_kv_gb(?1, 4096, 1, 'fp16', 1, 1) (beyond_context 1:
**      a config's context may be shorter than 4096 tokens),
**      model_weights_gb(?1, 'bf16') and
**      SELECT count(*) FROM model_config(?1), model_spec(?1).
**
** Invariants:
**   - the reader returns 0 or -1 (-2 only when memory runs out); on -1 the
**     message is NUL-terminated, shorter than GPUADV_CONFIG_ERR_MAX, starts
**     "config: " and holds no control character;
**   - it is deterministic: the second read gives the same result, message
**     and definition;
**   - on 0: every number of the definition is finite and >= 0; layers >= 1;
**     params_b <= GPUADV_MAX_PARAMS_B; active <= total; the breakdown adds
**     up to the total; sliding_layers + linear_layers <= layers; the KV
**     cache of 4096 tokens is finite; every explanation row's strings are
**     NUL-terminated within their buffers;
**   - through SQL the text gives a row exactly when the reader accepts it,
**     with model_kv_gb equal to gpuadv_model_kv_gb of the definition, and
**     an error that starts "model_kv_gb(): model: config: " with the
**     reader's message otherwise; model_config gives n_rows rows and
**     model_spec one.
*/
#include <math.h>
#include <stddef.h>

#include "fuzz_common.h"
#include "gpuadv_config.h"

static sqlite3 *db;
static gpuadv_config_model first, second;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  db = fz_open();
  return 0;
}

static void check_finite(const char *what, double v) {
  FZ_CHECK(isfinite(v) && v >= 0.0, "%s = %g", what, v);
}

/* Every number of a model definition: finite and not negative. */
#define DEF_FIELD(f) \
  { #f, offsetof(gpuadv_model_def, f) }
#define SHAPE_FIELD(f) \
  { #f, offsetof(gpuadv_model_def, shape.f) }
static const struct {
  const char *name;
  size_t offset;
} def_fields[] = {DEF_FIELD(params_b),
                  DEF_FIELD(active_params_b),
                  DEF_FIELD(hidden),
                  DEF_FIELD(intermediate),
                  DEF_FIELD(heads),
                  DEF_FIELD(vocab),
                  DEF_FIELD(context),
                  DEF_FIELD(n_experts),
                  DEF_FIELD(experts_per_token),
                  SHAPE_FIELD(layers),
                  SHAPE_FIELD(kv_heads),
                  SHAPE_FIELD(head_dim),
                  SHAPE_FIELD(kv_lora_rank),
                  SHAPE_FIELD(qk_rope_head_dim),
                  SHAPE_FIELD(sliding_window),
                  SHAPE_FIELD(sliding_layers),
                  SHAPE_FIELD(linear_layers),
                  SHAPE_FIELD(linear_state_elems),
                  SHAPE_FIELD(global_kv_heads),
                  SHAPE_FIELD(global_head_dim),
                  SHAPE_FIELD(kv_shared_layers),
                  SHAPE_FIELD(kv_shared_sliding),
                  SHAPE_FIELD(extra_kv_elems)};

static void check_model(const gpuadv_config_model *m) {
  const gpuadv_model_def *d = &m->def;
  const gpuadv_config_params *p = &m->params;
  double kv, parts;
  int i;
  for (i = 0; i < (int)(sizeof(def_fields) / sizeof(def_fields[0])); i++) {
    check_finite(def_fields[i].name,
                 *(const double *)((const char *)d + def_fields[i].offset));
  }
  FZ_CHECK(d->shape.layers >= 1, "layers %g", d->shape.layers);
  FZ_CHECK(d->params_b <= GPUADV_MAX_PARAMS_B, "params_b %g", d->params_b);
  FZ_CHECK(p->active <= p->total, "active %g > total %g", p->active, p->total);
  parts = p->embeddings + p->attention + p->linear_attention + p->mlp +
          p->experts + p->norms + p->lm_head + p->vision + p->per_layer;
  FZ_CHECK(parts == p->total, "parts %.17g != total %.17g", parts, p->total);
  FZ_CHECK(d->shape.sliding_layers + d->shape.linear_layers <= d->shape.layers,
           "sliding %g + linear %g > layers %g", d->shape.sliding_layers,
           d->shape.linear_layers, d->shape.layers);
  FZ_CHECK(d->experts_per_token <= d->n_experts, "top-k %g of %g experts",
           d->experts_per_token, d->n_experts);
  kv = gpuadv_model_kv_gb(&d->shape, 4096, 1, 2);
  check_finite("kv of 4096 tokens", kv);
  FZ_CHECK(m->n_rows > 0 && m->n_rows <= GPUADV_CONFIG_MAX_ROWS, "%d rows",
           m->n_rows);
  for (i = 0; i < m->n_rows; i++) {
    const gpuadv_config_row *r = &m->rows[i];
    FZ_CHECK(r->field != 0, "row %d has no field", i);
    FZ_CHECK(memchr(r->text, 0, sizeof(r->text)) &&
                 memchr(r->from, 0, sizeof(r->from)) &&
                 memchr(r->how, 0, sizeof(r->how)),
             "row %d (%s): unterminated string", i, r->field);
    if (!r->is_text)
      FZ_CHECK(isfinite(r->value), "row %s = %g", r->field, r->value);
  }
  FZ_CHECK(memchr(m->name, 0, sizeof(m->name)) &&
               memchr(m->family, 0, sizeof(m->family)),
           "unterminated name or family");
}

/* The first step of sql with the input as ?1 (kept in *st to read and
** finalize). */
static int step_input(sqlite3_stmt **st, const char *sql, const uint8_t *data,
                      size_t size) {
  *st = fz_prepare(db, sql);
  sqlite3_bind_text(*st, 1, (const char *)data, (int)size, SQLITE_STATIC);
  return sqlite3_step(*st);
}

/* Through the estimate functions: the reader's KV figure, or its message
** after the function and argument. */
static void check_sql_estimates(const uint8_t *data, size_t size, int rc,
                                const char *err) {
  sqlite3_stmt *st;
  int step = step_input(&st,
                        "SELECT model_kv_gb(?1, 4096, 1, 'fp16', 1, 1), "
                        "model_weights_gb(?1, 'bf16')",
                        data, size);
  if (rc == 0) {
    double want = gpuadv_model_kv_gb(&first.def.shape, 4096, 1, 2);
    FZ_CHECK(step == SQLITE_ROW, "reader accepts, SQL fails: %s",
             sqlite3_errmsg(db));
    FZ_CHECK(sqlite3_column_double(st, 0) == want, "model_kv_gb %.17g != %.17g",
             sqlite3_column_double(st, 0), want);
  } else {
    char want[GPUADV_CONFIG_ERR_MAX + 40];
    snprintf(want, sizeof(want), "model_kv_gb(): model: %s", err);
    FZ_CHECK(step == SQLITE_ERROR, "reader refuses (%s), SQL step %d", err,
             step);
    FZ_CHECK(strcmp(sqlite3_errmsg(db), want) == 0, "SQL error '%s', want '%s'",
             sqlite3_errmsg(db), want);
  }
  sqlite3_finalize(st);
}

/* Through the table-valued functions: the reader's rows (model_config's
** count, one model_spec row), or a config error. */
static void check_sql_tables(const uint8_t *data, size_t size, int rc) {
  sqlite3_stmt *st;
  int step = step_input(&st,
                        "SELECT (SELECT count(*) FROM model_config(?1)), "
                        "(SELECT count(*) FROM model_spec(?1))",
                        data, size);
  int want_step = rc == 0 ? SQLITE_ROW : SQLITE_ERROR;
  int rows = step == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
  int specs = step == SQLITE_ROW ? sqlite3_column_int(st, 1) : -1;
  const char *msg = sqlite3_errmsg(db);
  FZ_CHECK(step == want_step, "model_config: step %d (want %d), '%s'", step,
           want_step, msg);
  FZ_CHECK(rc != 0 || (rows == first.n_rows && specs == 1),
           "model_config %d rows (want %d), model_spec %d", rows, first.n_rows,
           specs);
  FZ_CHECK(rc == 0 || strncmp(msg, "model_config(): config: ", 24) == 0,
           "model_config: '%s'", msg);
  sqlite3_finalize(st);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char err1[GPUADV_CONFIG_ERR_MAX], err2[GPUADV_CONFIG_ERR_MAX];
  int rc1, rc2, i;
  if (size > (size_t)GPUADV_CONFIG_MAX_BYTES + 1) return 0;
  rc1 = gpuadv_config_read((const char *)data, (int)size, &first, err1,
                           (int)sizeof(err1));
  rc2 = gpuadv_config_read((const char *)data, (int)size, &second, err2,
                           (int)sizeof(err2));
  FZ_CHECK(rc1 == 0 || rc1 == -1, "reader returned %d", rc1);
  FZ_CHECK(rc1 == rc2, "not deterministic: %d then %d", rc1, rc2);
  if (rc1 == 0) {
    check_model(&first);
    FZ_CHECK(
        memcmp(&first.def, &second.def, sizeof(first.def)) == 0 &&
            memcmp(&first.params, &second.params, sizeof(first.params)) == 0,
        "two reads differ");
  } else {
    FZ_CHECK(memchr(err1, 0, sizeof(err1)) != 0, "unterminated message");
    FZ_CHECK(strncmp(err1, "config: ", 8) == 0, "message '%s'", err1);
    FZ_CHECK(strcmp(err1, err2) == 0, "messages differ: '%s', '%s'", err1,
             err2);
    for (i = 0; err1[i]; i++) {
      FZ_CHECK((unsigned char)err1[i] >= 0x20, "control byte in '%s'", err1);
    }
  }
  if (gpuadv_config_is_json((const char *)data, (int)size) &&
      memchr(data, 0, size) == 0) {
    check_sql_estimates(data, size, rc1, err1);
    check_sql_tables(data, size, rc1);
  }
  return 0;
}
