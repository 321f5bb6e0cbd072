/*
** gpuadv_catalog_lookup.c: finding rows of the compiled-in catalogs by key,
** and suggesting the closest keys for a misspelt one. No SQLite here.
*/
#include <assert.h>
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

int gpuadv_catalog_find(const gpuadv_catalog *cat, const char *key, int n_key) {
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

/* ASCII letters lowercased, spaces and underscores made hyphens, like
** gen_catalog.py's fold(). */
static int fold_char(int ch) {
  if (ch >= 'A' && ch <= 'Z') return ch + ('a' - 'A');
  return (ch == ' ' || ch == '_') ? '-' : ch;
}

/* The lookup form of key in out (GPUADV_LOOKUP_MAX bytes); its length, or
** -1 when key is longer than any name or alias can be. */
static int fold_key(const char *key, int n_key, char *out) {
  int i;
  if (n_key > GPUADV_LOOKUP_MAX) return -1;
  for (i = 0; i < n_key; i++) out[i] = (char)fold_char((unsigned char)key[i]);
  return n_key;
}

int gpuadv_catalog_resolve(const gpuadv_catalog *cat, const char *key,
                           int n_key) {
  char folded[GPUADV_LOOKUP_MAX];
  int n, a = 0, b;
  assert(cat->lookup != 0);
  /* Most names come from a column holding the slug itself. */
  n = gpuadv_catalog_find(cat, key, n_key);
  if (n >= 0) return n;
  n = fold_key(key, n_key, folded);
  if (n < 0) return -1;
  b = cat->n_lookup;
  while (a < b) {
    int m = a + (b - a) / 2;
    int r = compare_key(&cat->lookup[m], folded, n);
    if (r == 0) return cat->lookup[m].row;
    if (r < 0) {
      a = m + 1;
    } else {
      b = m;
    }
  }
  return -1;
}

/* Keys longer than this are compared on their first bytes only. */
#define SUGGEST_MAX GPUADV_LOOKUP_MAX

/* Levenshtein distance of two short strings, both folded already. */
static int edit_distance(const char *a, int n_a, const char *b, int n_b) {
  int prev[SUGGEST_MAX + 1], cur[SUGGEST_MAX + 1];
  int i, j;
  if (n_a > SUGGEST_MAX) n_a = SUGGEST_MAX;
  if (n_b > SUGGEST_MAX) n_b = SUGGEST_MAX;
  for (j = 0; j <= n_b; j++) prev[j] = j;
  for (i = 1; i <= n_a; i++) {
    cur[0] = i;
    for (j = 1; j <= n_b; j++) {
      int best = prev[j - 1] + (a[i - 1] != b[j - 1]);
      if (prev[j] + 1 < best) best = prev[j] + 1;
      if (cur[j - 1] + 1 < best) best = cur[j - 1] + 1;
      cur[j] = best;
    }
    memcpy(prev, cur, sizeof(int) * (size_t)(n_b + 1));
  }
  return prev[n_b];
}

/* Word separators in names, aliases and what users type. */
static int is_sep(char ch) {
  return ch == '-' || ch == '/' || ch == '_' || ch == ' ';
}

/* Whether every word of key starts some word of t ('llama 70b' and
** 'llama-3.1-70b'). */
static int words_match(const char *key, int n_key, const char *t, int n_t) {
  int i = 0, words = 0;
  while (i < n_key) {
    int start, len, j, found = 0;
    while (i < n_key && is_sep(key[i])) i++;
    if (i >= n_key) break;
    start = i;
    while (i < n_key && !is_sep(key[i])) i++;
    len = i - start;
    words++;
    for (j = 0; j + len <= n_t && !found; j++) {
      if ((j == 0 || is_sep(t[j - 1])) &&
          memcmp(t + j, key + start, (size_t)len) == 0) {
        found = 1;
      }
    }
    if (!found) return 0;
  }
  return words > 0;
}

/* Whether the n_key bytes of key occur in t. */
static int contains(const char *key, int n_key, const char *t, int n_t) {
  int j;
  for (j = 0; j + n_key <= n_t; j++) {
    if (memcmp(t + j, key, (size_t)n_key) == 0) return 1;
  }
  return 0;
}

/* How many bytes a and b share at their start. */
static int shared_start(const char *a, int n_a, const char *b, int n_b) {
  int i = 0;
  while (i < n_a && i < n_b && i < SUGGEST_MAX && a[i] == b[i]) i++;
  return i;
}

/* Ranks, best first (see gpuadv_catalog_suggest). */
#define RANK_PREFIX 0
#define RANK_WORDS 1
#define RANK_CONTAINS 2
#define RANK_OTHER 3
/* A score is rank * RANK_STEP + RANK_STEP / 4 + edit distance - shared
** start; both are at most SUGGEST_MAX, so ranks never overlap. */
#define RANK_STEP 1024
/* How many names a near miss lists (an ambiguous key lists up to
** GPUADV_SUGGEST_AMBIGUOUS). */
#define SUGGEST_AMBIGUOUS GPUADV_SUGGEST_AMBIGUOUS
#define SUGGEST_CLOSEST 3

int gpuadv_catalog_suggest(const gpuadv_catalog *cat, const char *key,
                           int n_key, char *buf, int n_buf) {
  enum { SLOTS = SUGGEST_AMBIGUOUS };
  int best_row[SLOTS], best_score[SLOTS];
  char folded[SUGGEST_MAX];
  int column = cat->indexes[0].column;
  int r, k, e, n = 0, n_prefix = 0, shown;
  int n_fold = n_key < SUGGEST_MAX ? n_key : SUGGEST_MAX;
  for (k = 0; k < SLOTS; k++) {
    best_row[k] = -1;
    best_score[k] = 1 << 30;
  }
  for (k = 0; k < n_fold; k++) {
    folded[k] = (char)fold_char((unsigned char)key[k]);
  }
  for (r = 0; r < cat->n_rows; r++) {
    /* The row's best score over its name and its aliases. */
    int score = 1 << 30;
    const char *name = gpuadv_catalog_text(cat, r, column);
    int n_entries = cat->lookup ? cat->n_lookup : 1;
    for (e = 0; e < n_entries; e++) {
      const char *t;
      int n_t, rank, s;
      if (cat->lookup) {
        if (cat->lookup[e].row != r) continue;
        t = cat->lookup[e].text;
        n_t = cat->lookup[e].n_text;
      } else {
        t = name;
        n_t = (int)strlen(name);
      }
      if (n_fold > 0 && n_fold <= n_t &&
          memcmp(t, folded, (size_t)n_fold) == 0) {
        rank = RANK_PREFIX;
      } else if (words_match(folded, n_fold, t, n_t)) {
        rank = RANK_WORDS;
      } else if (n_fold >= 2 && contains(folded, n_fold, t, n_t)) {
        rank = RANK_CONTAINS;
      } else {
        rank = RANK_OTHER;
      }
      /* Within a rank, a long shared start counts against the edit
      ** distance: 'h100x' is nearer h100-sxm (4 edits, 4 shared) than
      ** h200 (2 edits, 1 shared). */
      s = rank * RANK_STEP + RANK_STEP / 4 +
          edit_distance(folded, n_fold, t, n_t) -
          shared_start(folded, n_fold, t, n_t);
      if (s < score) score = s;
    }
    if (score < (RANK_PREFIX + 1) * RANK_STEP) n_prefix++;
    for (k = 0; k < SLOTS; k++) {
      if (score < best_score[k]) {
        int m;
        for (m = SLOTS - 1; m > k; m--) {
          best_score[m] = best_score[m - 1];
          best_row[m] = best_row[m - 1];
        }
        best_score[k] = score;
        best_row[k] = r;
        break;
      }
    }
  }
  shown =
      n_prefix >= 2 ? (n_prefix < SLOTS ? n_prefix : SLOTS) : SUGGEST_CLOSEST;
  if (n_buf < 1) return n_prefix >= 2 ? n_prefix : 0;
  buf[0] = 0;
  for (k = 0; k < shown && best_row[k] >= 0; k++) {
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
  return n_prefix >= 2 ? n_prefix : 0;
}
