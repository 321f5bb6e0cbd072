# make web: the whole planner as one static page in web/dist/ (index.html,
# its scripts, gpuadv.wasm and sql/gpuadv.sql), for any static file server.
#
# SQLite comes as the amalgamation in the better-sqlite3 npm tarball
# (deps/sqlite3/sqlite3.c), pinned by version and sha256; `npm pack` fetches
# it once into build/web/dl/, after which the build works offline. The
# extension's sources are EXT_SRC, compiled into the same wasm module with
# -DSQLITE_CORE and registered with sqlite3_auto_extension at start-up.
# Needs Debian's emscripten (apt-get install emscripten).

WEB_NPM_PKG     := better-sqlite3
WEB_NPM_VERSION := 13.2.0
# sha256 of better-sqlite3-13.2.0.tgz as the npm registry serves it; it
# carries SQLite 3.54.1.
WEB_NPM_SHA256  := 40487589df3496f2ee0079d22b73c63fccebe7db0e8ee9a2c42421861e321e0b
WEB_BUILD := build/web
WEB_TGZ   := $(WEB_BUILD)/dl/$(WEB_NPM_PKG)-$(WEB_NPM_VERSION).tgz
WEB_AMALG := $(WEB_BUILD)/sqlite-$(WEB_NPM_VERSION)
WEB_DIST  := web/dist
EMCC      ?= emcc
NPM       ?= npm
# Debian's emscripten runs its JS optimizer with Debian's acorn package,
# which a Node.js installed from elsewhere does not look for.
WEB_NODE_PATH := $(if $(wildcard /usr/share/nodejs/acorn),NODE_PATH=/usr/share/nodejs)

web_comma := ,
web_empty :=
web_space := $(web_empty) $(web_empty)

# SQLITE_MAX_EXPR_DEPTH: SQLite 3.54 counts every view and subquery the
# plan views expand (best_plans over serving_plans over serving_speeds and
# the offers) against this limit, and the default 1000 is too few for them.
WEB_SQLITE_FLAGS := -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION \
  -DSQLITE_ENABLE_MATH_FUNCTIONS -DSQLITE_DEFAULT_MEMSTATUS=0 \
  -DSQLITE_TEMP_STORE=3 -DSQLITE_OMIT_SHARED_CACHE -DSQLITE_MAX_EXPR_DEPTH=10000
WEB_EXPORTS := gpuadv_web_init sqlite3_open sqlite3_close_v2 sqlite3_errmsg \
  sqlite3_prepare_v2 sqlite3_stmt_readonly sqlite3_step sqlite3_finalize sqlite3_reset \
  sqlite3_bind_text sqlite3_bind_double sqlite3_bind_null \
  sqlite3_column_count sqlite3_column_name sqlite3_column_type \
  sqlite3_column_text sqlite3_column_double sqlite3_changes \
  sqlite3_serialize sqlite3_deserialize sqlite3_malloc64 sqlite3_free \
  malloc free
WEB_EMFLAGS := -O2 -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432 \
  -sMODULARIZE=1 -sEXPORT_NAME=GpuadvModule -sENVIRONMENT=web,worker \
  -sEXPORTED_FUNCTIONS=$(subst $(web_space),$(web_comma),$(addprefix _,$(WEB_EXPORTS))) \
  -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8,getValue,setValue
WEB_STATIC := $(wildcard web/src/*)

.PHONY: web web-fetch

web: $(WEB_DIST)/gpuadv.wasm $(WEB_DIST)/gpuadv.sql \
     $(patsubst web/src/%,$(WEB_DIST)/%,$(WEB_STATIC))
	@$(PYTHON) web/sizes.py $(WEB_DIST)

web-fetch: $(WEB_TGZ)

# Fetched only when missing (npm pack downloads the registry's tarball).
$(WEB_TGZ):
	@mkdir -p $(dir $@)
	cd $(dir $@) && $(NPM) pack --silent $(WEB_NPM_PKG)@$(WEB_NPM_VERSION) >/dev/null

$(WEB_AMALG)/sqlite3.c: $(WEB_TGZ)
	@echo "$(WEB_NPM_SHA256)  $<" | sha256sum -c --status || { \
	  echo "web: $< does not have sha256 $(WEB_NPM_SHA256) (pinned in web/web.mk);" \
	       "delete it and run make web again to fetch it" >&2; exit 1; }
	@rm -rf $(WEB_AMALG) && mkdir -p $(WEB_AMALG)
	tar -xzf $< -C $(WEB_AMALG) --strip-components=3 \
	  package/deps/sqlite3/sqlite3.c package/deps/sqlite3/sqlite3.h \
	  package/deps/sqlite3/sqlite3ext.h
	@touch $@

$(WEB_BUILD)/sqlite3.o: $(WEB_AMALG)/sqlite3.c
	$(WEB_NODE_PATH) $(EMCC) -O2 $(WEB_SQLITE_FLAGS) -c $< -o $@

$(WEB_DIST)/gpuadv.wasm: $(WEB_BUILD)/sqlite3.o web/gpuadv_web.c $(EXT_SRC) $(EXT_HDR) VERSION
	@mkdir -p $(WEB_DIST)
	$(WEB_NODE_PATH) $(EMCC) $(WEB_EMFLAGS) $(WEB_SQLITE_FLAGS) -DSQLITE_CORE \
	  -I$(WEB_AMALG) -Iext -Ibuild -DGPUADV_VERSION='"$(VERSION)"' \
	  -o $(WEB_DIST)/gpuadv.js $(WEB_BUILD)/sqlite3.o web/gpuadv_web.c $(EXT_SRC)

$(WEB_DIST)/gpuadv.sql: sql/gpuadv.sql
	@mkdir -p $(WEB_DIST)
	cp $< $@

$(WEB_DIST)/%: web/src/%
	@mkdir -p $(WEB_DIST)
	cp $< $@

# make clean also removes the page (build/web goes with build/).
.PHONY: web-clean
clean: web-clean
web-clean:
	rm -rf $(WEB_DIST)
