/*
** gpuadv_release.c: engine releases. A caller may name the release of an
** engine it runs (serving_sim's engine_version, engine_overlap(), the
** workloads' engine_version); this file reads such a version, orders it
** against the releases the engines catalog names, and says what follows
** from it. Pure C: no SQLite types, no allocation.
**
** WHAT IT MODELS
**
** Two facts of the engines catalog depend on the release:
**   - era: the first release the speed constants describe (SGLang: 0.5;
**     empty: every release its rows ran). An older release is refused:
**     no constants describe it.
**   - overlap_version: the first release that by default starts each step
**     before it hands out the last one's tokens (overlap scheduling,
**     gpuadv_sim.c). A release before it hands them out at once.
** With no release named, the newest is meant: the era's constants, and
** overlap where the engine has an overlap_version.
**
** A version is an optional 'v' (or llama.cpp's build prefix 'b'), then at
** most GPUADV_VERSION_PARTS dot-separated parts. A part is digits, with an
** optional pre-release tag and number ("10rc0": dev, a or alpha, b or
** beta, rc; in that order, all before "10"; after the first part the
** digits may be left out: "0.14.0.dev5" is before 0.14.0), or "post" and
** an optional number ("0.5.8.post1": after 0.5.8, before 0.5.8.1). A local label after
** '+' ("0.4.3+rocm614") is left out. Missing parts are 0 ("0.5" is
** "0.5.0"). Ordered part by part: number, then kind (dev < a < b < rc <
** release < post), then the tag's number, as PEP 440 orders these forms.
**
** WHAT IT LEAVES OUT
**
** Epochs, dates as versions ("nightly (2026-05)" is not a release) and
** any speed that changes by release within an era: the constants are one
** set per era.
*/
#include "gpuadv_release.h"

#include <assert.h>
#include <string.h>

#include "gpuadv_catalog.h"
#include "gpuadv_catalog_cols.h"
#include "gpuadv_model_setup.h"

/* The kinds of a part, in their order. */
enum { PART_DEV, PART_A, PART_B, PART_RC, PART_RELEASE, PART_POST };

typedef struct release_part {
  long num; /* the part's digits (0 for a "post" part) */
  int kind; /* PART_* */
  long tag; /* the pre-release or post number */
} release_part;

/* Digits of a part: at most 9, so that they fit a long anywhere. */
#define PART_DIGITS 9

/* Read digits at z[*i..n) into *out (0 when none); -1 when too many. */
static int read_digits(const char *z, int n, int *i, long *out) {
  int k = 0;
  *out = 0;
  while (*i < n && z[*i] >= '0' && z[*i] <= '9') {
    if (++k > PART_DIGITS) return -1;
    *out = *out * 10 + (z[*i] - '0');
    (*i)++;
  }
  return k;
}

/* The pre-release tag at z[*i..n), longest first; -1 when none. */
static int read_tag(const char *z, int n, int *i) {
  static const struct {
    const char *word;
    int kind;
  } tags[] = {{"alpha", PART_A}, {"beta", PART_B}, {"dev", PART_DEV},
              {"rc", PART_RC},   {"a", PART_A},    {"b", PART_B}};
  size_t t;
  for (t = 0; t < sizeof(tags) / sizeof(tags[0]); t++) {
    int len = (int)strlen(tags[t].word);
    if (n - *i >= len && memcmp(z + *i, tags[t].word, (size_t)len) == 0) {
      *i += len;
      return tags[t].kind;
    }
  }
  return -1;
}

/* Parse z[0..n) into p (GPUADV_VERSION_PARTS room); the parts' count, or
** -1 when it is not a version. */
static int release_parse(const char *z, int n, release_part *p) {
  int i = 0, k = 0, end = 0;
  while (end < n && z[end] != '+') end++;
  if (end > 0 && (z[0] == 'v' || z[0] == 'V' || z[0] == 'b')) i = 1;
  if (i >= end) return -1;
  for (;;) {
    release_part v = {0, PART_RELEASE, 0};
    if (k == GPUADV_VERSION_PARTS) return -1;
    if (end - i >= 4 && memcmp(z + i, "post", 4) == 0) {
      i += 4;
      v.kind = PART_POST;
      if (read_digits(z, end, &i, &v.tag) < 0) return -1;
    } else {
      /* digits, a tag, or both ("10rc0", "dev5"); the first part has
      ** digits */
      int digits = read_digits(z, end, &i, &v.num);
      if (digits < 0 || (digits == 0 && k == 0)) return -1;
      if (i < end && z[i] != '.') {
        v.kind = read_tag(z, end, &i);
        if (v.kind < 0 || read_digits(z, end, &i, &v.tag) < 0) return -1;
      } else if (digits == 0) {
        return -1;
      }
    }
    p[k++] = v;
    if (i == end) return k;
    if (z[i] != '.' || i + 1 == end) return -1;
    i++;
  }
}

/* -1, 0 or 1 as part a comes before, with or after b. */
static int part_cmp(const release_part *a, const release_part *b) {
  if (a->num != b->num) return a->num < b->num ? -1 : 1;
  if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
  if (a->tag != b->tag) return a->tag < b->tag ? -1 : 1;
  return 0;
}

int gpuadv_version_valid(const char *z, int n) {
  release_part p[GPUADV_VERSION_PARTS];
  return z && release_parse(z, n, p) > 0;
}

/* -1, 0 or 1 as the ka parts pa come before, are, or come after release
** b (a version); missing parts are 0. */
static int parsed_cmp(const release_part *pa, int ka, const char *b, int nb) {
  static const release_part zero = {0, PART_RELEASE, 0};
  release_part pb[GPUADV_VERSION_PARTS];
  int kb = release_parse(b, nb, pb), i;
  assert(kb > 0);
  for (i = 0; i < ka || i < kb; i++) {
    int c = part_cmp(i < ka ? &pa[i] : &zero, i < kb ? &pb[i] : &zero);
    if (c != 0) return c;
  }
  return 0;
}

int gpuadv_version_cmp(const char *a, int na, const char *b, int nb) {
  release_part pa[GPUADV_VERSION_PARTS];
  int ka = release_parse(a, na, pa);
  if (ka < 0 || !gpuadv_version_valid(b, nb)) return -2;
  return parsed_cmp(pa, ka, b, nb);
}

/* The engines catalog's text of engine index `engine` in column col ("" for
** NULL). */
static const char *engine_text(int engine, int col) {
  const char *name = gpuadv_engine_names[engine];
  int row =
      gpuadv_catalog_find(&gpuadv_catalog_engines, name, (int)strlen(name));
  assert(row >= 0);
  return gpuadv_catalog_text(&gpuadv_catalog_engines, row, col);
}

const char *gpuadv_engine_era(int engine) {
  return engine_text(engine, ENGINES_COL_ERA);
}

int gpuadv_engine_release(int engine, const char *version, int n,
                          int *overlap) {
  const char *era = engine_text(engine, ENGINES_COL_ERA);
  const char *from = engine_text(engine, ENGINES_COL_OVERLAP_VERSION);
  release_part p[GPUADV_VERSION_PARTS];
  int k;
  if (!version) {
    *overlap = from[0] != 0;
    return GPUADV_RELEASE_OK;
  }
  /* the caller's version parsed once; the catalog's (checked by
  ** gen_catalog.py) against it */
  k = release_parse(version, n, p);
  if (k < 0) return GPUADV_RELEASE_BAD;
  if (era[0] && parsed_cmp(p, k, era, (int)strlen(era)) < 0) {
    return GPUADV_RELEASE_BEFORE_ERA;
  }
  *overlap = from[0] != 0 && parsed_cmp(p, k, from, (int)strlen(from)) >= 0;
  return GPUADV_RELEASE_OK;
}
