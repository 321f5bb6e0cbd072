/*
** gpuadv_catalog_lookup.c: finding rows of the compiled-in catalogs by key,
** and suggesting the closest keys for a misspelt one. No SQLite here.
*/
#include <string.h>

#include "gpuadv_catalog.h"

/* memcmp order of an index key against (key, n_key). */
static int compare_key(const gpuadv_key *k, const char *key, int n_key) {
  int n = k->n_text < n_key ? k->n_text : n_key;
  int r = memcmp(k->text, key, (size_t)n);
  if (r) return r;
  return k->n_text < n_key ? -1 : (k->n_text > n_key ? 1 : 0);
}

int gpuadv_catalog_range(const gpuadv_catalog *cat, int idx, const char *key,
                         int n_key, int *lo, int *hi) {
  const gpuadv_key *keys = cat->indexes[idx].keys;
  int a = 0, b = cat->n_rows;
  /* Lower bound: the first key >= key. */
  while (a < b) {
    int m = a + (b - a) / 2;
    if (compare_key(&keys[m], key, n_key) < 0) {
      a = m + 1;
    } else {
      b = m;
    }
  }
  *lo = a;
  b = cat->n_rows;
  /* Upper bound: the first key > key. */
  while (a < b) {
    int m = a + (b - a) / 2;
    if (compare_key(&keys[m], key, n_key) <= 0) {
      a = m + 1;
    } else {
      b = m;
    }
  }
  *hi = a;
  return *hi - *lo;
}

int gpuadv_catalog_find(const gpuadv_catalog *cat, const char *key,
                        int n_key) {
  const gpuadv_key *keys;
  int a = 0, b;
  if (!cat->first_index_unique || cat->n_indexes < 1) return -1;
  keys = cat->indexes[0].keys;
  b = cat->n_rows;
  /* One binary search that stops at the match: the key is unique. */
  while (a < b) {
    int m = a + (b - a) / 2;
    int r = compare_key(&keys[m], key, n_key);
    if (r == 0) return keys[m].row;
    if (r < 0) {
      a = m + 1;
    } else {
      b = m;
    }
  }
  return -1;
}

/* Keys longer than this are compared on their first bytes only. */
#define SUGGEST_MAX 64

/* Levenshtein distance, case-insensitive, of two short strings. */
static int edit_distance(const char *a, int n_a, const char *b, int n_b) {
  int prev[SUGGEST_MAX + 1], cur[SUGGEST_MAX + 1];
  int i, j;
  if (n_a > SUGGEST_MAX) n_a = SUGGEST_MAX;
  if (n_b > SUGGEST_MAX) n_b = SUGGEST_MAX;
  for (j = 0; j <= n_b; j++) prev[j] = j;
  for (i = 1; i <= n_a; i++) {
    int ca = a[i - 1];
    if (ca >= 'A' && ca <= 'Z') ca += 'a' - 'A';
    cur[0] = i;
    for (j = 1; j <= n_b; j++) {
      int cb = b[j - 1];
      int best;
      if (cb >= 'A' && cb <= 'Z') cb += 'a' - 'A';
      best = prev[j - 1] + (ca != cb);
      if (prev[j] + 1 < best) best = prev[j] + 1;
      if (cur[j - 1] + 1 < best) best = cur[j - 1] + 1;
      cur[j] = best;
    }
    memcpy(prev, cur, sizeof(int) * (size_t)(n_b + 1));
  }
  return prev[n_b];
}

void gpuadv_catalog_suggest(const gpuadv_catalog *cat, const char *key,
                            int n_key, char *buf, int n_buf) {
  int best_row[3] = {-1, -1, -1};
  int best_d[3] = {1 << 30, 1 << 30, 1 << 30};
  int column = cat->indexes[0].column;
  int r, k, n = 0;
  for (r = 0; r < cat->n_rows; r++) {
    const gpuadv_cell *c = gpuadv_catalog_cell(cat, r, column);
    const char *t = c->type == GPUADV_CELL_TEXT ? c->v.text : "";
    int d = edit_distance(key, n_key, t, (int)strlen(t));
    /* A key that contains what was typed is a strong hint ("h100" finds
    ** "h100-sxm"): count it as close. */
    if (n_key >= 2 && n_key <= SUGGEST_MAX) {
      char typed[SUGGEST_MAX + 1];
      int i;
      for (i = 0; i < n_key; i++) {
        char ch = key[i];
        typed[i] = (ch >= 'A' && ch <= 'Z') ? (char)(ch + ('a' - 'A')) : ch;
      }
      typed[n_key] = 0;
      if (strstr(t, typed)) d = d < 2 ? d : 2;
    }
    for (k = 0; k < 3; k++) {
      if (d < best_d[k]) {
        int m;
        for (m = 2; m > k; m--) {
          best_d[m] = best_d[m - 1];
          best_row[m] = best_row[m - 1];
        }
        best_d[k] = d;
        best_row[k] = r;
        break;
      }
    }
  }
  if (n_buf < 1) return;
  buf[0] = 0;
  for (k = 0; k < 3 && best_row[k] >= 0; k++) {
    const char *t = gpuadv_catalog_cell(cat, best_row[k], column)->v.text;
    size_t need = strlen(t) + 4;
    if (n + (int)need >= n_buf) break;
    if (k) {
      memcpy(buf + n, ", ", 2);
      n += 2;
    }
    buf[n++] = '\'';
    memcpy(buf + n, t, strlen(t));
    n += (int)strlen(t);
    buf[n++] = '\'';
    buf[n] = 0;
  }
}
