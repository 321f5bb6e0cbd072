/*
** gpuadv_web.c: start-up of the browser build (make web). SQLite and the
** extension are one wasm module; registering the extension as an automatic
** extension gives every connection the page opens all of gpuadv's
** functions, catalogs and the gpuadv_csv module, as `.load` does in the
** shell.
*/
#include "sqlite3.h"

int sqlite3_gpuadv_init(sqlite3 *db, char **pzErrMsg,
                        const sqlite3_api_routines *pApi);

int gpuadv_web_init(void) {
  return sqlite3_auto_extension((void (*)(void))sqlite3_gpuadv_init);
}
