/*
** gpuadv_catalog.h: the compiled-in catalogs (gpus, cloud_instances,
** models). catalogs/gen_catalog.py turns the catalogs/ CSV files into
** build/gpuadv_catalog_data.c (the cells) and build/gpuadv_catalog_cols.h
** (each table's schema string with its column index #defines beside it).
** This header declares their shape and the lookups; it knows nothing of
** SQLite.
*/
#ifndef GPUADV_CATALOG_H
#define GPUADV_CATALOG_H

#include <assert.h>

enum gpuadv_cell_type {
  GPUADV_CELL_NULL,
  GPUADV_CELL_INTEGER,
  GPUADV_CELL_REAL,
  GPUADV_CELL_TEXT
};

typedef struct gpuadv_cell {
  unsigned char type; /* enum gpuadv_cell_type */
  union {
    long long integer;
    double real;
    const char *text;
  } v;
} gpuadv_cell;

/* One entry of an index: a key with its length, and its row. */
typedef struct gpuadv_key {
  const char *text; /* "" for NULL */
  int n_text;
  int row;
} gpuadv_key;

/* A text column's keys sorted bytewise: a binary-searchable index for
** `WHERE column = ?` that compares without touching the cells. */
typedef struct gpuadv_index {
  int column;
  const gpuadv_key *keys; /* n_rows of them */
  const char *plan;       /* "name=?": idxStr, shown by EXPLAIN QUERY PLAN */
} gpuadv_index;

typedef struct gpuadv_catalog {
  const char *schema; /* "CREATE TABLE x(...)"; first: gpuadv_vtab_connect */
  const char *name;   /* the table's name */
  int n_columns;
  int n_rows;
  const gpuadv_cell *cells; /* n_rows x n_columns, row-major */
  int n_indexes;
  const gpuadv_index *indexes;
  int first_index_unique; /* indexes[0] is the table's unique key */
  /* gpus and models: every name and alias (catalogs/aliases.csv) folded
  ** (ASCII letters lowercased, spaces and underscores made hyphens),
  ** sorted bytewise, each with its row; 0 and NULL for the other
  ** catalogs. */
  int n_lookup;
  const gpuadv_key *lookup;
} gpuadv_catalog;

extern const gpuadv_catalog gpuadv_catalog_gpus;
extern const gpuadv_catalog gpuadv_catalog_models;
extern const gpuadv_catalog gpuadv_catalog_cloud_instances;
extern const gpuadv_catalog gpuadv_catalog_measurements;
extern const gpuadv_catalog gpuadv_catalog_engines;
extern const gpuadv_catalog gpuadv_catalog_engine_support;
extern const gpuadv_catalog gpuadv_catalog_owned_costs;
extern const gpuadv_catalog gpuadv_catalog_committed_prices;
extern const gpuadv_catalog gpuadv_catalog_cloud_regions;
extern const gpuadv_catalog gpuadv_catalog_spot_interruptions;
extern const gpuadv_catalog gpuadv_catalog_aliases;
extern const gpuadv_catalog gpuadv_catalog_image_models;
extern const gpuadv_catalog gpuadv_catalog_image_measurements;

/* The cell at (row, column). Inline: estimates read a dozen per call. */
static inline const gpuadv_cell *gpuadv_catalog_cell(const gpuadv_catalog *cat,
                                                     int row, int column) {
  assert(row >= 0 && row < cat->n_rows);
  assert(column >= 0 && column < cat->n_columns);
  return &cat->cells[(long)row * cat->n_columns + column];
}

/* The number cell at (row, column) as a double; 0 for NULL or text. */
static inline double gpuadv_catalog_number(const gpuadv_catalog *cat, int row,
                                           int column) {
  const gpuadv_cell *c = gpuadv_catalog_cell(cat, row, column);
  if (c->type == GPUADV_CELL_REAL) return c->v.real;
  if (c->type == GPUADV_CELL_INTEGER) return (double)c->v.integer;
  return 0.0;
}

/* The text cell at (row, column); "" for NULL or a number. */
static inline const char *gpuadv_catalog_text(const gpuadv_catalog *cat,
                                              int row, int column) {
  const gpuadv_cell *c = gpuadv_catalog_cell(cat, row, column);
  return c->type == GPUADV_CELL_TEXT ? c->v.text : "";
}

/* The positions [*lo, *hi) in index idx of the rows whose column equals the
** n_key bytes of key; returns *hi - *lo. */
int gpuadv_catalog_range(const gpuadv_catalog *cat, int idx, const char *key,
                         int n_key, int *lo, int *hi);

/* The row whose unique key (indexes[0]) equals key, or -1. */
int gpuadv_catalog_find(const gpuadv_catalog *cat, const char *key, int n_key);

/* Names and aliases longer than this never match (gen_catalog.py's
** ALIAS_MAX is smaller). */
#define GPUADV_LOOKUP_MAX 128

/* The row that key names in a catalog with a lookup (gpus, models): its
** name or one of its aliases, ignoring ASCII case and taking spaces and
** underscores for hyphens ('H100-SXM', 'H100 SXM', 'NVIDIA H100 80GB HBM3'
** and 'h100-sxm' all give the h100-sxm row); -1 when none does. */
int gpuadv_catalog_resolve(const gpuadv_catalog *cat, const char *key,
                           int n_key);

/* The names closest to an unknown key, as "'a', 'b', 'c'" in buf, for "did
** you mean" messages. Ranked: names (or aliases) that start with the key
** first, then those whose words start with the key's words ('llama 70b'),
** then those that contain it, then the rest; within a rank by edit
** distance, then catalog order. When two or more names start with the key
** it is ambiguous: buf lists up to six of them and the return is their
** count. Otherwise buf lists the three closest and the return is 0. */
#define GPUADV_SUGGEST_AMBIGUOUS 6
int gpuadv_catalog_suggest(const gpuadv_catalog *cat, const char *key,
                           int n_key, char *buf, int n_buf);

#endif /* GPUADV_CATALOG_H */
