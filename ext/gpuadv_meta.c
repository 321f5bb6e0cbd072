/*
** gpuadv_meta.c: what the extension offers, as tables, and the guard of
** sql/gpuadv.sql's views against tables that take a catalog's name.
**
**   SELECT name, arguments, returns, summary FROM gpuadv_functions;
**   SELECT name, kind, rows, as_of_min, as_of_max FROM gpuadv_tables;
**
** The sqlite3 shell's .tables and most tools list only what sqlite_schema
** holds, never the eponymous catalogs, and pragma_function_list gives a
** function's arity but not its arguments. These two tables answer both.
**
** gpuadv_functions: one row per SQL function, read from the registration
** tables of gpuadv_funcs.c and gpuadv_model_funcs.c (the same
** signatures that check the arguments), so a function cannot be registered
** without appearing here, with its argument names and arities. The return
** type and the one-line summary come from doc_table below: a function
** missing there shows NULL (tests/sql/meta.sql fails on it). readme is the
** GitHub anchor of the function's heading in the reference,
** docs/functions.md, which is built from the same signature
** (`name(a, b [, c [, d]])`).
**
** gpuadv_tables: the catalogs, with their row counts and as_of range from
** the compiled-in rows; then every table and view of the main schema (those
** of sql/gpuadv.sql once it is read), the count and range computed by
** running `SELECT count(*), min(as_of), max(as_of)` on each, only when the
** column is asked for. Counting a plan view plans every workload: SELECT
** name, kind alone is instant. Because it runs the schema's own views,
** gpuadv_tables is DIRECTONLY: a view or trigger cannot use it.
**
** gpuadv_catalog_guard: one row for sql/gpuadv.sql's views to join, or an
** error naming the table. A view reads a catalog by name, and SQLite
** resolves the name to a table or view of the view's own schema before it
** looks for an eponymous virtual table: a user's `models` table in the main
** schema would be read in the catalog's place, silently. (Tables of the
** temp or an attached schema do not matter: a view of main reads main.)
** The same holds for the extension's other tables that the views read
** (serving_sim, model_spec, model_config) and for the guard itself: the
** views call those as table-valued functions, `gpuadv_catalog_guard()`,
** which SQLite refuses for an ordinary table or view of that name ("is
** not a function"), and the guard refuses a table or view of main named
** like serving_sim, model_spec or model_config as it refuses one named
** like a catalog. (A virtual table of main named gpuadv_catalog_guard
** would still be read in the guard's place: see guarded_tables.)
*/
#include <assert.h>
#include <string.h>

#include "gpuadv_args.h"
#include "gpuadv_catalog.h"
#include "gpuadv_internal.h"

SQLITE_EXTENSION_INIT3

/* ------------------------------------------------ gpuadv_catalog_guard */

/* The extension's tables other than the catalogs that the views of
** sql/gpuadv.sql read by name: a table of main named like one would be
** read in its place (a user's `serving_sim` would replace the simulator in
** the plans), so the guard refuses them too. The views call the guard
** itself as a table-valued function, gpuadv_catalog_guard(), which an
** ordinary table or view of that name cannot answer
** ("'gpuadv_catalog_guard' is not a function"). A virtual table of main
** by that name could, and would then be read instead of the guard, which
** cannot refuse what it never runs for: a limit of resolving by name. */
static const char *const guarded_tables[] = {"serving_sim", "model_spec",
                                             "model_config"};

/* The name that a table or view of the main schema takes: a catalog's (its
** name is returned, *pcatalog set) or one of guarded_tables (*pcatalog
** 0). Sets type[] and name[] to the object's type and name; returns 0 when
** no object takes such a name. */
static const char *find_shadow(sqlite3 *db, char *type, int n_type, char *name,
                               int n_name, int *pcatalog, int *prc) {
  const gpuadv_catalog *const *cats;
  const char *hit = 0;
  sqlite3_stmt *stmt = 0;
  int n_cats, i, rc;
  const int n_guarded =
      (int)(sizeof(guarded_tables) / sizeof(guarded_tables[0]));
  cats = gpuadv_catalog_list(&n_cats);
  rc = sqlite3_prepare_v2(db,
                          "SELECT type, name FROM main.sqlite_schema "
                          "WHERE type IN ('table', 'view') ORDER BY name",
                          -1, &stmt, 0);
  while (rc == SQLITE_OK && !hit && sqlite3_step(stmt) == SQLITE_ROW) {
    const char *t = (const char *)sqlite3_column_text(stmt, 0);
    const char *n = (const char *)sqlite3_column_text(stmt, 1);
    if (!t || !n) continue;
    /* SQLite's names ignore ASCII case: GPUS hides gpus too. */
    for (i = 0; i < n_cats + n_guarded && !hit; i++) {
      const char *target =
          i < n_cats ? cats[i]->name : guarded_tables[i - n_cats];
      if (sqlite3_stricmp(n, target) == 0) {
        sqlite3_snprintf(n_type, type, "%s", t);
        sqlite3_snprintf(n_name, name, "%s", n);
        *pcatalog = i < n_cats;
        hit = target;
      }
    }
  }
  if (rc == SQLITE_OK)
    rc = sqlite3_finalize(stmt);
  else
    sqlite3_finalize(stmt);
  *prc = rc;
  return hit;
}

/* gpuadv_catalog_guard: one row, one column (ok, 1), for the views to
** join. The check runs when a statement that reads it is prepared, in
** xBestIndex, so it does not depend on which rows the statement would
** read (a check in a WHERE clause runs only once a row reaches it, and
** an empty shadow table read first would skip it). A statement prepared
** before the shadow appeared is prepared again by SQLite, since the schema
** changed. */

typedef struct guard_vtab {
  sqlite3_vtab base;
  sqlite3 *db;
} guard_vtab;

static int guardConnect(sqlite3 *db, void *pAux, int argc,
                        const char *const *argv, sqlite3_vtab **ppVtab,
                        char **pzErr) {
  int rc;
  (void)pAux;
  (void)argc;
  (void)argv;
  (void)pzErr;
  /* Rationale for INNOCUOUS: it reads the names of main's tables and
  ** views, nothing else, and writes nothing. */
  rc = gpuadv_vtab_connect(db, SQLITE_VTAB_INNOCUOUS,
                           "CREATE TABLE x(ok INTEGER)",
                           (int)sizeof(guard_vtab), ppVtab);
  if (rc == SQLITE_OK) ((guard_vtab *)*ppVtab)->db = db;
  return rc;
}

static int guardBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *info) {
  guard_vtab *vtab = (guard_vtab *)pVtab;
  const char *taken;
  char type[16], name[64];
  int rc, catalog = 0;
  info->estimatedCost = 1.0;
  /* One row, but a large guess. Every plan view reads the guard (through
  ** plan_defaults, which workload_inputs joins), so SQLite multiplies its
  ** guess of each view's rows by it. Without ANALYZE, SQLite takes every
  ** table for about 2^20 rows; after it, sqlite_stat1 says `workloads`
  ** holds a few, the views' intermediate results look small, and SQLite
  ** scans them in a join where it would otherwise build an automatic
  ** index: 164 s instead of 9 s for 240 varied workloads. 2^20 keeps the
  ** guesses those of large tables (tests/views/test_analyze.sh). */
  info->estimatedRows = 1048576;
  taken = find_shadow(vtab->db, type, (int)sizeof(type), name,
                      (int)sizeof(name), &catalog, &rc);
  if (rc != SQLITE_OK) return rc;
  if (taken) {
    sqlite3_free(pVtab->zErrMsg);
    pVtab->zErrMsg = sqlite3_mprintf(
        "gpuadv_catalog_guard: %s %s takes the name of the %s %s, and "
        "the views of sql/gpuadv.sql would read it instead of the %s; "
        "rename or drop it",
        type, name, taken, catalog ? "catalog" : "table",
        catalog ? "catalog" : "extension's table");
    return pVtab->zErrMsg ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  return SQLITE_OK;
}

static int guardOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCursor) {
  (void)pVtab;
  return gpuadv_cursor_new((int)sizeof(gpuadv_rows), ppCursor);
}

static int guardFilter(sqlite3_vtab_cursor *pCursor, int idxNum,
                       const char *idxStr, int argc, sqlite3_value **argv) {
  (void)idxNum;
  (void)idxStr;
  (void)argc;
  (void)argv;
  ((gpuadv_rows *)pCursor)->pos = 0;
  ((gpuadv_rows *)pCursor)->end = 1; /* one row */
  return SQLITE_OK;
}

static int guardColumn(sqlite3_vtab_cursor *pCursor, sqlite3_context *ctx,
                       int column) {
  (void)pCursor;
  assert(column == 0);
  sqlite3_result_int(ctx, 1);
  return SQLITE_OK;
}

static sqlite3_module guard_module = GPUADV_READONLY_MODULE(
    guardConnect, guardBestIndex, gpuadv_vtab_free, guardOpen,
    gpuadv_cursor_free, guardFilter, gpuadv_rows_next, gpuadv_rows_eof,
    guardColumn, gpuadv_rows_rowid);

/* ---------------------------------------------------- gpuadv_functions */

/* The page whose `### name(arguments)` headings are the function
** reference (tests/run_tests.py checks them against the registrations). */
#define REFERENCE_PAGE "docs/functions.md"

/* What the reference says each function returns, in one line. */
typedef struct fn_doc {
  const char *name;
  const char *returns; /* REAL, INTEGER or TEXT; NULL results aside */
  const char *summary;
} fn_doc;

/* clang-format off */
static const fn_doc doc_table[] = {
  {"bytes_per_param", "REAL", "storage bytes per parameter of a data type"},
  {"weights_gb", "REAL", "GB of weights of params_b billion parameters in a dtype"},
  {"train_mem_gb", "REAL", "GB per GPU of training state: weights, gradients, optimizer state, activations"},
  {"train_peak_gb", "REAL", "peak GB per GPU of a training step, as PyTorch's allocator reports it"},
  {"kv_cache_gb", "REAL", "GB of KV cache for seq_len tokens of each of batch sequences"},
  {"activation_gb", "REAL", "GB of activations saved for the backward pass"},
  {"decode_tps", "REAL", "aggregate decode tokens/s from the memory-bound roofline"},
  {"prefill_tps", "REAL", "prompt tokens/s of compute-bound prefill"},
  {"cost_per_mtok", "REAL", "USD per million tokens at a price per hour and a speed"},
  {"nodes_required", "INTEGER", "GPUs, nodes or replicas needed to hold total_gb"},
  {"train_gpu_hours", "REAL", "GPU-hours to train on tokens_b billion tokens at 6 FLOP per parameter and token"},
  {"owned_usd_per_hour", "REAL", "USD per hour of owned hardware: depreciation plus electricity"},
  {"owned_term_usd", "REAL", "USD a purchase costs a workload that holds it for a term and sells it at the end"},
  {"egress_usd", "REAL", "USD to move a dataset out of a cloud runs times"},
  {"break_even_hours", "REAL", "hours of use after which buying beats renting"},
  {"ridge_point", "REAL", "FLOP per byte where the roofline turns compute-bound"},
  {"max_batch", "INTEGER", "sequences whose KV cache fits beside the weights"},
  {"spend_problem", "TEXT", "why a plan is refused for its money (over budget, rent or buy only), else NULL"},
  {"gpuadv_version", "TEXT", "the extension's version"},
  {"gpu_name", "TEXT", "the gpus.name slug a name or alias stands for"},
  {"model_name", "TEXT", "the models.name slug a name or alias stands for"},
  {"model_weights_gb", "REAL", "GB of weights of a catalog model or config.json"},
  {"model_kv_gb", "REAL", "GB of KV cache of a catalog model or config.json"},
  {"model_decode_tps", "REAL", "decode tokens/s of a model on a catalog GPU with an engine, calibrated"},
  {"model_prefill_tps", "REAL", "prompt tokens/s of a model prefilling on a catalog GPU, calibrated"},
  {"model_serving_batch", "INTEGER", "the batch a serving plan runs one replica at: the largest that keeps each user at a decode speed"},
  {"engine_serves", "INTEGER", "1 when the engine serves the dtype on the GPU, else 0"},
  {"queue_wait_s", "REAL", "mean seconds a request waits in an M/D/c queue"},
  {"queue_servers", "INTEGER", "the fewest servers whose mean M/D/c wait is within a target"},
  {"engine_kv_dtype", "TEXT", "the dtype the engine keeps the KV cache in for weights of the dtype"},
  {"engine_overlap", "INTEGER", "1 when the engine's release hands out a step's tokens a step late (overlap scheduling), else 0"},
  {"engine_cache_gb", "REAL", "GB the engine's memory rule leaves the KV cache of a replica"},
  {"engine_vendor_share", "REAL", "the share of its NVIDIA speed the engine reaches on the GPU's vendor (fitted)"},
  {"gpu_tflops", "REAL", "dense datasheet TFLOP/s of a GPU at the precision a dtype's matmuls run at"},
  {"model_full_load_tps", "REAL", "output tokens/s of an offline run at full load: as many sequences as the KV cache holds, prefill between"},
  {"model_train_tps", "REAL", "training tokens/s of a job's layout, from the step model's compute and communication"},
  {"model_train_mfu", "REAL", "the model FLOPs utilization a training layout reaches (step model)"},
  {"train_layout", "TEXT", "JSON: the cheapest training layout of a model on a GPU configuration within a deadline"},
  {"train_field", "REAL", "one field of a train_layout object (INTEGER, REAL or TEXT as written)"},
  {"traffic_peak", "REAL", "the peak hour's request rate over the day's mean, of a 24-hour traffic profile"},
  {"traffic_shape", "TEXT", "a traffic profile reshaped to a peak-to-mean ratio"},
  {"traffic_unit_hours", "REAL", "mean units running over the day when rentals follow each hour's traffic"},
  {"traffic_hybrid_units", "INTEGER", "owned units of the cheapest mix of owned and hourly rented capacity"},
  {"image_mem_gb", "REAL", "GB of GPU memory to train or run a vision model or diffusion pipeline at a batch and resolution"},
  {"image_tps", "REAL", "images/s of a vision model or diffusion pipeline training or generating on a catalog GPU, calibrated"},
};
/* clang-format on */

/* The functions whose heading is on a page of docs/ other than the
** reference, docs/functions.md. */
static const struct {
  const char *name, *page;
} doc_pages[] = {
    {"image_mem_gb", "docs/images.md"},
    {"image_tps", "docs/images.md"},
};

/* The page of a function's heading. */
static const char *doc_page(const char *name) {
  size_t i;
  for (i = 0; i < sizeof(doc_pages) / sizeof(doc_pages[0]); i++) {
    if (strcmp(doc_pages[i].name, name) == 0) return doc_pages[i].page;
  }
  return REFERENCE_PAGE;
}

static const fn_doc *find_doc(const char *name) {
  size_t i;
  for (i = 0; i < sizeof(doc_table) / sizeof(doc_table[0]); i++) {
    if (strcmp(doc_table[i].name, name) == 0) return &doc_table[i];
  }
  return 0;
}

/* Every registration table of SQL functions, in the order gpuadv.c
** registers them and gpuadv_functions lists them. */
const gpuadv_fn_table_get gpuadv_fn_tables[GPUADV_N_FN_TABLES] = {
    gpuadv_function_table, gpuadv_model_function_table,
    gpuadv_train_function_table, gpuadv_traffic_function_table,
    gpuadv_image_function_table};

static const gpuadv_fn_entry *fn_table(int t, int *pn) {
  assert(t >= 0 && t < GPUADV_N_FN_TABLES);
  return gpuadv_fn_tables[t](pn);
}
#define N_FN_TABLES GPUADV_N_FN_TABLES

/* The arguments as the reference writes them: "a, b [, c [, d]]". */
static void fn_arguments(const gpuadv_fn *fn, char *buf, int n_buf) {
  int i, k = 0;
  buf[0] = 0;
  for (i = 0; i < fn->n_args && k < n_buf; i++) {
    const char *sep = i == 0 ? "" : i < fn->n_required ? ", " : " [, ";
    if (i == 0 && fn->n_required == 0) sep = "[";
    sqlite3_snprintf(n_buf - k, buf + k, "%s%s", sep, fn->args[i].name);
    k += (int)strlen(buf + k);
  }
  for (i = fn->n_required; i < fn->n_args && k < n_buf - 1; i++) {
    buf[k++] = ']';
    buf[k] = 0;
  }
}

/* The GitHub anchor of heading text: ASCII letters lowercased, letters,
** digits, '_' and '-' kept, spaces made '-', the rest dropped. */
static void github_anchor(const char *text, char *buf, int n_buf) {
  int k = 0;
  for (; *text && k < n_buf - 1; text++) {
    char c = *text;
    if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
        c == '-') {
      buf[k++] = c;
    } else if (c == ' ') {
      buf[k++] = '-';
    }
  }
  buf[k] = 0;
}

enum {
  FN_NAME,
  FN_ARGUMENTS,
  FN_MIN_ARGS,
  FN_MAX_ARGS,
  FN_RETURNS,
  FN_SUMMARY,
  FN_README
};

typedef struct fn_cursor {
  sqlite3_vtab_cursor base;
  int table; /* index of the registration table */
  int entry; /* row within it */
  int rowid;
} fn_cursor;

static int fnConnect(sqlite3 *db, void *pAux, int argc, const char *const *argv,
                     sqlite3_vtab **ppVtab, char **pzErr) {
  (void)pAux;
  (void)argc;
  (void)argv;
  (void)pzErr;
  /* Rationale for INNOCUOUS: constants compiled into the extension. */
  return gpuadv_vtab_connect(
      db, SQLITE_VTAB_INNOCUOUS,
      "CREATE TABLE x(name TEXT, arguments TEXT, min_args INTEGER, "
      "max_args INTEGER, returns TEXT, summary TEXT, readme TEXT)",
      (int)sizeof(sqlite3_vtab), ppVtab);
}

static int metaBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *info) {
  (void)pVtab;
  info->estimatedCost = 100.0;
  info->estimatedRows = 50;
  return SQLITE_OK;
}

static int fnOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCursor) {
  (void)pVtab;
  return gpuadv_cursor_new((int)sizeof(fn_cursor), ppCursor);
}

/* Past empty tables to the next row, or to table N_FN_TABLES at the end. */
static void fn_settle(fn_cursor *cur) {
  int n;
  while (cur->table < N_FN_TABLES) {
    fn_table(cur->table, &n);
    if (cur->entry < n) return;
    cur->table++;
    cur->entry = 0;
  }
}

static int fnFilter(sqlite3_vtab_cursor *pCursor, int idxNum,
                    const char *idxStr, int argc, sqlite3_value **argv) {
  fn_cursor *cur = (fn_cursor *)pCursor;
  (void)idxNum;
  (void)idxStr;
  (void)argc;
  (void)argv;
  cur->table = cur->entry = 0;
  cur->rowid = 1;
  fn_settle(cur);
  return SQLITE_OK;
}

static int fnNext(sqlite3_vtab_cursor *pCursor) {
  fn_cursor *cur = (fn_cursor *)pCursor;
  cur->entry++;
  cur->rowid++;
  fn_settle(cur);
  return SQLITE_OK;
}

static int fnEof(sqlite3_vtab_cursor *pCursor) {
  return ((fn_cursor *)pCursor)->table >= N_FN_TABLES;
}

static int fnColumn(sqlite3_vtab_cursor *pCursor, sqlite3_context *ctx,
                    int column) {
  fn_cursor *cur = (fn_cursor *)pCursor;
  int n;
  const gpuadv_fn *fn = fn_table(cur->table, &n)[cur->entry].fn;
  const fn_doc *doc = find_doc(fn->name);
  char args[GPUADV_MAX_ARGS * 40], heading[GPUADV_MAX_ARGS * 40 + 64];
  char anchor[sizeof(heading) + 32];
  assert(cur->entry < n);
  switch (column) {
    case FN_NAME:
      sqlite3_result_text(ctx, fn->name, -1, SQLITE_STATIC);
      break;
    case FN_ARGUMENTS:
      fn_arguments(fn, args, (int)sizeof(args));
      sqlite3_result_text(ctx, args, -1, SQLITE_TRANSIENT);
      break;
    case FN_MIN_ARGS:
      sqlite3_result_int(ctx, fn->n_required);
      break;
    case FN_MAX_ARGS:
      sqlite3_result_int(ctx, fn->n_args);
      break;
    case FN_RETURNS:
    case FN_SUMMARY:
      if (doc) {
        sqlite3_result_text(ctx,
                            column == FN_RETURNS ? doc->returns : doc->summary,
                            -1, SQLITE_STATIC);
      }
      break;
    default:
      /* The heading is `name(arguments)`, as the reference writes it. */
      assert(column == FN_README);
      fn_arguments(fn, args, (int)sizeof(args));
      sqlite3_snprintf((int)sizeof(heading), heading, "%s(%s)", fn->name, args);
      {
        const char *page = doc_page(fn->name);
        int n_page = (int)strlen(page);
        assert(n_page + 1 < (int)sizeof(anchor) - 64);
        memcpy(anchor, page, (size_t)n_page);
        anchor[n_page] = '#';
        github_anchor(heading, anchor + n_page + 1,
                      (int)sizeof(anchor) - n_page - 1);
      }
      sqlite3_result_text(ctx, anchor, -1, SQLITE_TRANSIENT);
      break;
  }
  return SQLITE_OK;
}

static int fnRowid(sqlite3_vtab_cursor *pCursor, sqlite3_int64 *pRowid) {
  *pRowid = ((fn_cursor *)pCursor)->rowid;
  return SQLITE_OK;
}

static sqlite3_module fn_module = GPUADV_READONLY_MODULE(
    fnConnect, metaBestIndex, gpuadv_vtab_free, fnOpen, gpuadv_cursor_free,
    fnFilter, fnNext, fnEof, fnColumn, fnRowid);

/* ------------------------------------------------------- gpuadv_tables */

enum { TB_NAME, TB_KIND, TB_ROWS, TB_AS_OF_MIN, TB_AS_OF_MAX };

typedef struct tb_vtab {
  sqlite3_vtab base;
  sqlite3 *db;
} tb_vtab;

/* A table or view of the main schema, and what counting it found. */
typedef struct tb_object {
  char *name; /* sqlite3_malloc'd */
  char kind[8];
  int counted; /* rows and as_of below are set */
  sqlite3_int64 rows;
  char *as_of_min, *as_of_max; /* sqlite3_malloc'd or NULL */
} tb_object;

typedef struct tb_cursor {
  gpuadv_rows rows; /* catalogs first, then objects */
  sqlite3 *db;
  int n_catalogs;
  int n_objects;
  tb_object *objects; /* sqlite3_malloc'd */
} tb_cursor;

static int tbConnect(sqlite3 *db, void *pAux, int argc, const char *const *argv,
                     sqlite3_vtab **ppVtab, char **pzErr) {
  int rc;
  (void)pAux;
  (void)argc;
  (void)argv;
  (void)pzErr;
  /* It runs the schema's own views: never from inside one. */
  rc = gpuadv_vtab_connect(db, SQLITE_VTAB_DIRECTONLY,
                           "CREATE TABLE x(name TEXT, kind TEXT, rows INTEGER, "
                           "as_of_min TEXT, as_of_max TEXT)",
                           (int)sizeof(tb_vtab), ppVtab);
  if (rc == SQLITE_OK) ((tb_vtab *)*ppVtab)->db = db;
  return rc;
}

static void tb_free_objects(tb_cursor *cur) {
  int i;
  for (i = 0; i < cur->n_objects; i++) {
    sqlite3_free(cur->objects[i].name);
    sqlite3_free(cur->objects[i].as_of_min);
    sqlite3_free(cur->objects[i].as_of_max);
  }
  sqlite3_free(cur->objects);
  cur->objects = 0;
  cur->n_objects = 0;
}

static int tbOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCursor) {
  int rc = gpuadv_cursor_new((int)sizeof(tb_cursor), ppCursor);
  if (rc == SQLITE_OK) ((tb_cursor *)*ppCursor)->db = ((tb_vtab *)pVtab)->db;
  return rc;
}

static int tbClose(sqlite3_vtab_cursor *pCursor) {
  tb_free_objects((tb_cursor *)pCursor);
  sqlite3_free(pCursor);
  return SQLITE_OK;
}

/* Read the names of main's tables and views into cur->objects. */
static int tb_read_schema(tb_cursor *cur) {
  sqlite3_stmt *stmt = 0;
  int rc, cap = 0;
  rc = sqlite3_prepare_v2(cur->db,
                          "SELECT name, type FROM main.sqlite_schema "
                          "WHERE type IN ('table', 'view') "
                          "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                          "ORDER BY name",
                          -1, &stmt, 0);
  while (rc == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW) {
    tb_object *o;
    const char *name = (const char *)sqlite3_column_text(stmt, 0);
    const char *type = (const char *)sqlite3_column_text(stmt, 1);
    if (!name || !type) {
      rc = SQLITE_NOMEM;
      break;
    }
    if (cur->n_objects == cap) {
      tb_object *grown;
      cap = cap ? 2 * cap : 16;
      grown =
          sqlite3_realloc64(cur->objects, (sqlite3_uint64)cap * sizeof(*grown));
      if (!grown) {
        rc = SQLITE_NOMEM;
        break;
      }
      cur->objects = grown;
    }
    o = &cur->objects[cur->n_objects];
    memset(o, 0, sizeof(*o));
    o->name = sqlite3_mprintf("%s", name);
    if (!o->name) {
      rc = SQLITE_NOMEM;
      break;
    }
    sqlite3_snprintf((int)sizeof(o->kind), o->kind, "%s", type);
    cur->n_objects++;
  }
  if (rc == SQLITE_OK)
    rc = sqlite3_finalize(stmt);
  else
    sqlite3_finalize(stmt);
  return rc;
}

static int tbFilter(sqlite3_vtab_cursor *pCursor, int idxNum,
                    const char *idxStr, int argc, sqlite3_value **argv) {
  tb_cursor *cur = (tb_cursor *)pCursor;
  int rc;
  (void)idxNum;
  (void)idxStr;
  (void)argc;
  (void)argv;
  tb_free_objects(cur);
  gpuadv_catalog_list(&cur->n_catalogs);
  cur->rows.pos = 0;
  rc = tb_read_schema(cur);
  cur->rows.end = cur->n_catalogs + cur->n_objects;
  return rc;
}

/* The index of column as_of in a catalog's schema string, or -1. */
static int catalog_as_of_column(const gpuadv_catalog *cat) {
  const char *p = strchr(cat->schema, '(');
  int column = 0;
  while (p && *p) {
    p++;
    while (*p == ' ') p++;
    if (strncmp(p, "as_of ", 6) == 0) return column;
    p = strchr(p, ',');
    column++;
  }
  return -1;
}

/* A catalog's as_of range: the least (want_max 0) or greatest text. */
static void catalog_as_of(sqlite3_context *ctx, const gpuadv_catalog *cat,
                          int want_max) {
  int column = catalog_as_of_column(cat), row;
  const char *best = 0;
  if (column < 0) return;
  assert(column < cat->n_columns);
  for (row = 0; row < cat->n_rows; row++) {
    const gpuadv_cell *c = gpuadv_catalog_cell(cat, row, column);
    if (c->type != GPUADV_CELL_TEXT) continue;
    if (!best || (want_max ? strcmp(c->v.text, best) > 0
                           : strcmp(c->v.text, best) < 0)) {
      best = c->v.text;
    }
  }
  if (best) sqlite3_result_text(ctx, best, -1, SQLITE_STATIC);
}

/* Count the rows of o and its as_of range, by running SQL on it. An object
** without an as_of column gets its count alone. Returns an SQLite code and
** leaves the message in *pzErr (sqlite3_malloc'd). */
static int tb_count(sqlite3 *db, tb_object *o, char **pzErr) {
  sqlite3_stmt *stmt = 0;
  int rc;
  char *sql = sqlite3_mprintf(
      "SELECT count(*), min(as_of), max(as_of) FROM main.\"%w\"", o->name);
  if (!sql) return SQLITE_NOMEM;
  rc = sqlite3_prepare_v2(db, sql, -1, &stmt, 0);
  sqlite3_free(sql);
  if (rc != SQLITE_OK) {
    /* No as_of column (or the object is broken: then this says why). */
    sql = sqlite3_mprintf("SELECT count(*), NULL, NULL FROM main.\"%w\"",
                          o->name);
    if (!sql) return SQLITE_NOMEM;
    rc = sqlite3_prepare_v2(db, sql, -1, &stmt, 0);
    sqlite3_free(sql);
  }
  if (rc == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW) {
    const char *lo = (const char *)sqlite3_column_text(stmt, 1);
    const char *hi = (const char *)sqlite3_column_text(stmt, 2);
    o->rows = sqlite3_column_int64(stmt, 0);
    o->as_of_min = lo ? sqlite3_mprintf("%s", lo) : 0;
    o->as_of_max = hi ? sqlite3_mprintf("%s", hi) : 0;
    if ((lo && !o->as_of_min) || (hi && !o->as_of_max)) rc = SQLITE_NOMEM;
  }
  if (rc == SQLITE_OK)
    rc = sqlite3_finalize(stmt);
  else
    sqlite3_finalize(stmt);
  if (rc != SQLITE_OK && rc != SQLITE_NOMEM) {
    *pzErr = sqlite3_mprintf("gpuadv_tables: counting the rows of %s: %s",
                             o->name, sqlite3_errmsg(db));
  }
  if (rc == SQLITE_OK) o->counted = 1;
  return rc;
}

static int tbColumn(sqlite3_vtab_cursor *pCursor, sqlite3_context *ctx,
                    int column) {
  tb_cursor *cur = (tb_cursor *)pCursor;
  tb_object *o;
  if (cur->rows.pos < cur->n_catalogs) {
    int n;
    const gpuadv_catalog *cat = gpuadv_catalog_list(&n)[cur->rows.pos];
    assert(cur->rows.pos < n);
    switch (column) {
      case TB_NAME:
        sqlite3_result_text(ctx, cat->name, -1, SQLITE_STATIC);
        break;
      case TB_KIND:
        sqlite3_result_text(ctx, "catalog", -1, SQLITE_STATIC);
        break;
      case TB_ROWS:
        sqlite3_result_int(ctx, cat->n_rows);
        break;
      default:
        assert(column == TB_AS_OF_MIN || column == TB_AS_OF_MAX);
        catalog_as_of(ctx, cat, column == TB_AS_OF_MAX);
        break;
    }
    return SQLITE_OK;
  }
  assert(cur->rows.pos - cur->n_catalogs < cur->n_objects);
  o = &cur->objects[cur->rows.pos - cur->n_catalogs];
  if (column == TB_NAME) {
    sqlite3_result_text(ctx, o->name, -1, SQLITE_TRANSIENT);
    return SQLITE_OK;
  }
  if (column == TB_KIND) {
    sqlite3_result_text(ctx, o->kind, -1, SQLITE_TRANSIENT);
    return SQLITE_OK;
  }
  if (!o->counted) {
    char *err = 0;
    int rc = tb_count(cur->db, o, &err);
    if (rc != SQLITE_OK) {
      if (err) {
        sqlite3_result_error(ctx, err, -1);
        sqlite3_free(err);
      } else {
        sqlite3_result_error_code(ctx, rc);
      }
      return SQLITE_OK;
    }
  }
  if (column == TB_ROWS) {
    sqlite3_result_int64(ctx, o->rows);
  } else {
    const char *v = column == TB_AS_OF_MAX ? o->as_of_max : o->as_of_min;
    assert(column == TB_AS_OF_MIN || column == TB_AS_OF_MAX);
    if (v) sqlite3_result_text(ctx, v, -1, SQLITE_TRANSIENT);
  }
  return SQLITE_OK;
}

static sqlite3_module tb_module = GPUADV_READONLY_MODULE(
    tbConnect, metaBestIndex, gpuadv_vtab_free, tbOpen, tbClose, tbFilter,
    gpuadv_rows_next, gpuadv_rows_eof, tbColumn, gpuadv_rows_rowid);

/* ---------------------------------------------------------------------- */

int gpuadv_register_meta(sqlite3 *db, char **pzErrMsg) {
  int rc = sqlite3_create_module(db, "gpuadv_functions", &fn_module, 0);
  if (rc == SQLITE_OK) {
    rc = sqlite3_create_module(db, "gpuadv_tables", &tb_module, 0);
  }
  if (rc == SQLITE_OK) {
    rc = sqlite3_create_module(db, "gpuadv_catalog_guard", &guard_module, 0);
  }
  if (rc != SQLITE_OK && pzErrMsg) {
    *pzErrMsg = sqlite3_mprintf(
        "gpuadv: cannot register gpuadv_functions, "
        "gpuadv_tables or gpuadv_catalog_guard: %s",
        sqlite3_errmsg(db));
  }
  return rc;
}
