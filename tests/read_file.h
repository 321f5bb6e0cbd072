/*
** read_file.h: the whole of a file as a NUL-terminated string, for the
** SQL hosts (tests/sqlhost.c, the test suite's; bench/scanstats.c, the
** loop counters'), which read SQL files and hand them to SQLite.
*/
#ifndef GPUADV_TESTS_READ_FILE_H
#define GPUADV_TESTS_READ_FILE_H

#include <stdio.h>
#include <stdlib.h>

/* The bytes of path and a NUL after them (malloc'd: the caller frees),
** or NULL when it cannot be opened, read or held. */
static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  char *buf = 0;
  long n;
  if (!f) return 0;
  if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
      fseek(f, 0, SEEK_SET) == 0) {
    buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
      free(buf);
      buf = 0;
    }
    if (buf) buf[n] = 0;
  }
  fclose(f);
  return buf;
}

#endif /* GPUADV_TESTS_READ_FILE_H */
