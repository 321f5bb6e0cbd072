/*
** gpuadv_release.h: engine releases (gpuadv_release.c). Pure C.
*/
#ifndef GPUADV_RELEASE_H
#define GPUADV_RELEASE_H

/* The most dot-separated parts a version may have. */
#define GPUADV_VERSION_PARTS 8

/* 1 when z[0..n) is a release version (gpuadv_release.c), else 0. */
int gpuadv_version_valid(const char *z, int n);

/* -1, 0 or 1 as release a comes before, is, or comes after release b;
** -2 when either is not a version. */
int gpuadv_version_cmp(const char *a, int na, const char *b, int nb);

/* The first release the engine's speed constants describe (engines.era),
** or "" when they describe every release its rows ran. */
const char *gpuadv_engine_era(int engine);

/* What release version[0..n) of engine index `engine` (NULL: the newest)
** does: GPUADV_RELEASE_OK with *overlap 1 where it starts each step before
** it hands out the last one's tokens, else 0; GPUADV_RELEASE_BAD when
** version is not a version; GPUADV_RELEASE_BEFORE_ERA when it is older
** than the releases the constants describe (*overlap then unset). */
enum {
  GPUADV_RELEASE_OK = 0,
  GPUADV_RELEASE_BAD = 1,
  GPUADV_RELEASE_BEFORE_ERA = 2
};
int gpuadv_engine_release(int engine, const char *version, int n, int *overlap);

#endif /* GPUADV_RELEASE_H */
