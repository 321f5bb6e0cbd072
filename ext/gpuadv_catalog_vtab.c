/*
** gpuadv_catalog_vtab.c: the compiled-in catalogs as eponymous, read-only
** virtual tables.
**
**   SELECT name, memory_gb, mem_bw_gbs, bf16_tflops FROM gpus
**    WHERE memory_class = 'HBM' ORDER BY mem_bw_gbs DESC;
**   SELECT * FROM models WHERE name = 'llama-3.1-70b';
**   SELECT provider, instance_type, region, usd_per_hour / gpu_count
**     FROM cloud_instances WHERE gpu = 'h100-sxm' ORDER BY 4 LIMIT 5;
**
** The tables exist as soon as the extension is loaded, with no file at run
** time: their rows are C arrays generated from the catalogs/ CSV files by
** catalogs/gen_catalog.py. Columns and their meaning are in
** catalogs/README.md; the schema strings and column #defines are in the
** generated build/gpuadv_catalog_cols.h.
**
** Plans. An equality constraint on an indexed column is answered by a
** binary search over row numbers sorted by that column:
**
**   idxNum  meaning
**   ------  -----------------------------------------------------------
**   0       full scan in CSV order
**   k > 0   rows whose column indexes[k-1].column equals argv[0]
**
** gpus and models are indexed on name (unique), measurements on id
** (unique) and gpu, cloud_instances on gpu and on provider, aliases on
** alias and on name. idxStr names the column ("name=?") for EXPLAIN QUERY
** PLAN. The constraint is not omitted: SQLite checks it again, so
** comparisons keep their usual affinity rules; a constraint with another
** collation than BINARY (COLLATE NOCASE, RTRIM) is left to a full scan.
**
** Names. gpus.name and models.name are declared COLLATE NOCASE, and
** `name = ?` on them is answered by the catalog's name lookup: the slug or
** any alias of catalogs/aliases.csv, ASCII case ignored. That constraint
** is omitted (SQLite does not compare again), so
**
**   SELECT name FROM gpus WHERE name = 'NVIDIA H100 80GB HBM3';  -- h100-sxm
**
** returns the h100-sxm row, and `JOIN gpus g ON g.name = q.gpu` finds a
** quote whose gpu is 'H100-SXM' or 'H100 SXM5 80GB'. Only the lookup
** knows the aliases: a comparison SQLite makes itself (`name || '' = ?`,
** or gpus scanned as the outer loop of a join) ignores case but not
** aliases; gpu_name() and model_name() turn an alias into the slug.
**
** Writes: xUpdate is absent, so INSERT, UPDATE and DELETE fail with
** "table gpus may not be modified"; xCreate is absent (eponymous only), so
** CREATE VIRTUAL TABLE ... USING gpus and DROP TABLE gpus fail too.
*/
#include <stddef.h>
#include <string.h>

#include "gpuadv_catalog.h"
#include "gpuadv_internal.h"

SQLITE_EXTENSION_INIT3

/* gpuadv_vtab_connect_innocuous reads the schema first. */
typedef char
    catalog_schema_first[offsetof(gpuadv_catalog, schema) == 0 ? 1 : -1];

/* The table: a gpuadv_vtab whose aux is the catalog. */
static const gpuadv_catalog *vtab_catalog(sqlite3_vtab *pVtab) {
  return (const gpuadv_catalog *)((gpuadv_vtab *)pVtab)->aux;
}

typedef struct catalog_cursor {
  gpuadv_rows rows; /* positions in order (or row numbers) */
  const gpuadv_catalog *cat;
  const gpuadv_key *order; /* an index's keys, or NULL for CSV order */
} catalog_cursor;

/* See the plan table in the header comment. */
static int catalogBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *info) {
  const gpuadv_catalog *cat = vtab_catalog(pVtab);
  int best_idx = -1, best_constraint = -1;
  int i, k;
  for (i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *c = &info->aConstraint[i];
    if (!c->usable || c->op != SQLITE_INDEX_CONSTRAINT_EQ) continue;
    for (k = 0; k < cat->n_indexes; k++) {
      const char *coll = sqlite3_vtab_collation(info, i);
      if (cat->indexes[k].column != c->iColumn) continue;
      /* The indexes are sorted bytewise: they answer BINARY equality only,
      ** not `= 'x' COLLATE NOCASE`, which SQLite then checks on a scan.
      ** The name lookup ignores case: it answers BINARY and NOCASE. */
      if (sqlite3_stricmp(coll, "BINARY") != 0 &&
          !(k == 0 && cat->lookup && sqlite3_stricmp(coll, "NOCASE") == 0)) {
        continue;
      }
      /* Prefer the lowest index number: the unique key comes first. */
      if (best_idx < 0 || k < best_idx) {
        best_idx = k;
        best_constraint = i;
      }
    }
  }
  if (best_idx < 0) {
    info->idxNum = 0;
    info->estimatedCost = (double)cat->n_rows;
    info->estimatedRows = cat->n_rows;
    return SQLITE_OK;
  }
  info->idxNum = best_idx + 1;
  info->idxStr = (char *)cat->indexes[best_idx].plan; /* static: not freed */
  info->aConstraintUsage[best_constraint].argvIndex = 1;
  /* The name lookup matches aliases, which SQLite's own comparison would
  ** reject: SQLite must not check it again. */
  info->aConstraintUsage[best_constraint].omit =
      (best_idx == 0 && cat->lookup) ? 1 : 0;
  if (best_idx == 0 && cat->first_index_unique) {
    info->estimatedRows = 1;
    info->estimatedCost = 2.0;
    info->idxFlags |= SQLITE_INDEX_SCAN_UNIQUE;
  } else {
    /* A guess of rows per key that keeps the index cheaper than a scan. */
    info->estimatedRows = cat->n_rows / 20 + 1;
    info->estimatedCost = 10.0 + (double)info->estimatedRows;
  }
  return SQLITE_OK;
}

static int catalogOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCursor) {
  int rc = gpuadv_cursor_new((int)sizeof(catalog_cursor), ppCursor);
  if (rc == SQLITE_OK) {
    ((catalog_cursor *)*ppCursor)->cat = vtab_catalog(pVtab);
  }
  return rc;
}

/* See the plan table in the header comment. */
static int catalogFilter(sqlite3_vtab_cursor *pCursor, int idxNum,
                         const char *idxStr, int argc, sqlite3_value **argv) {
  catalog_cursor *cur = (catalog_cursor *)pCursor;
  const gpuadv_catalog *cat = cur->cat;
  (void)idxStr;
  if (idxNum <= 0 || idxNum > cat->n_indexes || argc < 1) {
    cur->order = 0;
    cur->rows.pos = 0;
    cur->rows.end = cat->n_rows;
    return SQLITE_OK;
  }
  cur->order = cat->indexes[idxNum - 1].keys;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    cur->rows.pos = cur->rows.end = 0; /* = NULL matches nothing */
  } else if (idxNum == 1 && cat->lookup) {
    int row = -1;
    /* A number or blob never equals a TEXT name. The type is read before
    ** sqlite3_value_text, which would add a text form to a blob. */
    if (sqlite3_value_type(argv[0]) == SQLITE_TEXT) {
      const char *key = (const char *)sqlite3_value_text(argv[0]);
      if (!key) return SQLITE_NOMEM;
      row = gpuadv_catalog_resolve(cat, key, sqlite3_value_bytes(argv[0]));
    }
    cur->order = 0; /* pos is the row number itself */
    cur->rows.pos = row < 0 ? 0 : row;
    cur->rows.end = row < 0 ? 0 : row + 1;
  } else {
    const char *key = (const char *)sqlite3_value_text(argv[0]);
    int n_key = sqlite3_value_bytes(argv[0]);
    if (!key) return SQLITE_NOMEM;
    gpuadv_catalog_range(cat, idxNum - 1, key, n_key, &cur->rows.pos,
                         &cur->rows.end);
  }
  return SQLITE_OK;
}

static int current_row(const catalog_cursor *cur) {
  return cur->order ? cur->order[cur->rows.pos].row : cur->rows.pos;
}

static int catalogRowid(sqlite3_vtab_cursor *pCursor, sqlite3_int64 *pRowid) {
  /* The 1-based line of the row among the catalog's data rows. */
  *pRowid = current_row((catalog_cursor *)pCursor) + 1;
  return SQLITE_OK;
}

static int catalogColumn(sqlite3_vtab_cursor *pCursor, sqlite3_context *ctx,
                         int column) {
  catalog_cursor *cur = (catalog_cursor *)pCursor;
  gpuadv_result_cell(ctx,
                     gpuadv_catalog_cell(cur->cat, current_row(cur), column));
  return SQLITE_OK;
}

/* Rationale for INNOCUOUS: the rows are constants compiled into the
** extension; reading them touches no file, setting or other table, so a
** view over a catalog in an untrusted database can do no harm. */
static sqlite3_module catalog_module = GPUADV_READONLY_MODULE(
    gpuadv_vtab_connect_innocuous, catalogBestIndex, gpuadv_vtab_free,
    catalogOpen, gpuadv_cursor_free, catalogFilter, gpuadv_rows_next,
    gpuadv_rows_eof, catalogColumn, catalogRowid);

/* Every catalog, each registered as an eponymous table of its name. */
static const gpuadv_catalog *const catalogs[] = {
    &gpuadv_catalog_gpus,
    &gpuadv_catalog_cloud_instances,
    &gpuadv_catalog_models,
    &gpuadv_catalog_measurements,
    &gpuadv_catalog_engines,
    &gpuadv_catalog_engine_support,
    &gpuadv_catalog_owned_costs,
    &gpuadv_catalog_committed_prices,
    &gpuadv_catalog_cloud_regions,
    &gpuadv_catalog_spot_interruptions,
    &gpuadv_catalog_aliases,
    &gpuadv_catalog_image_models,
    &gpuadv_catalog_image_measurements,
};

const gpuadv_catalog *const *gpuadv_catalog_list(int *pn) {
  *pn = (int)(sizeof(catalogs) / sizeof(catalogs[0]));
  return catalogs;
}

int gpuadv_register_catalogs(sqlite3 *db, char **pzErrMsg) {
  size_t i;
  for (i = 0; i < sizeof(catalogs) / sizeof(catalogs[0]); i++) {
    int rc = gpuadv_register_module(db, catalogs[i]->name, &catalog_module,
                                    catalogs[i], pzErrMsg);
    if (rc != SQLITE_OK) return rc;
  }
  return SQLITE_OK;
}
