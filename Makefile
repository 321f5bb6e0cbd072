# gpuadv: GPU procurement as SQL, a SQLite loadable extension.
#
#   make          build ./gpuadv.so (`.load ./gpuadv` in the sqlite3 shell)
#   make demo     build, then run the example report on the embedded catalogs
#   make test     build and run every test: C units, golden SQL through the
#                 sqlite3 shell and the test host, AddressSanitizer + UBSan,
#                 valgrind; ends with one line "N passed, M failed" (and
#                 ", K skipped" when checks lack an optional package);
#                 `make test suite=NAME` runs only the tests whose path
#                 holds NAME (views_plans, sim, web, ...)
#   make asan     the SQL suite under AddressSanitizer and UBSan only
#   make valgrind the SQL suite under valgrind only
#   make accuracy the estimates' error against published measurements, and
#                 the serving simulator's (sql/latency_accuracy.sql)
#   make bands    the plans' speed ranges (estimate_bands) computed again
#   make format   clang-format the C sources in place (.clang-format)
#   make lint     the format check, cppcheck, a build with warnings as
#                 errors (gcc and clang) and commit subjects of at most 72
#                 characters since .ci/subjects-since; .ci/run runs it

CC      ?= cc
PYTHON  ?= /usr/bin/python3
SQLITE3 ?= sqlite3
VERSION := $(shell cat VERSION)

UNAME := $(shell uname -s)
ifeq ($(UNAME),Darwin)
  EXT := dylib
  SHARED := -dynamiclib
else
  EXT := so
  SHARED := -shared
endif

WARN    := -Wall -Wextra
CFLAGS  ?= -O2
EXT_CFLAGS := $(CFLAGS) $(WARN) -Iext -Ibuild -fPIC -fvisibility=hidden -DGPUADV_VERSION='"$(VERSION)"'
SAN_FLAGS  := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
              -fno-sanitize-recover=undefined

EXT_SRC := ext/gpuadv.c ext/gpuadv_args.c ext/gpuadv_funcs.c ext/gpuadv_math.c \
           ext/gpuadv_catalog_lookup.c ext/gpuadv_catalog_vtab.c \
           ext/gpuadv_model_funcs.c ext/gpuadv_model_setup.c ext/gpuadv_release.c \
           ext/gpuadv_csv.c ext/gpuadv_config.c \
           ext/gpuadv_model_vtab.c ext/gpuadv_sim.c ext/gpuadv_capacity.c \
           ext/gpuadv_sim_vtab.c \
           ext/gpuadv_train.c ext/gpuadv_train_funcs.c \
           ext/gpuadv_traffic.c ext/gpuadv_traffic_funcs.c \
           ext/gpuadv_image.c ext/gpuadv_image_funcs.c ext/gpuadv_engine_mem.c \
           ext/gpuadv_meta.c ext/gpuadv_vtab.c build/gpuadv_catalog_data.c
EXT_HDR := $(wildcard ext/*.h) build/gpuadv_catalog_cols.h build/gpuadv_dtypes.h
CATALOG_CSV := catalogs/dtypes.csv catalogs/gpus.csv catalogs/models.csv catalogs/cloud_instances.csv \
               catalogs/engines.csv catalogs/engine_support.csv \
               catalogs/owned_costs.csv catalogs/committed_prices.csv catalogs/cloud_regions.csv \
               catalogs/spot_interruptions.csv \
               catalogs/aliases.csv \
               catalogs/measurements.csv \
               catalogs/image_models.csv catalogs/image_measurements.csv

LIB := gpuadv.$(EXT)

.PHONY: all demo test check-all asan valgrind unit accuracy bands clean format lint lint-subjects calibrate-train refresh-prices

all: $(LIB)

$(LIB): $(EXT_SRC) $(EXT_HDR) VERSION
	$(CC) $(EXT_CFLAGS) $(SHARED) -o $@ $(EXT_SRC) -lm

# The catalogs, validated and turned into C tables (file:line: reason on
# any bad row). The headers come with the data file: the catalogs' columns,
# and the dtypes of catalogs/dtypes.csv as the enum and rows of
# gpuadv_dtypes[] (ext/gpuadv_math.c).
build/gpuadv_catalog_data.c: $(CATALOG_CSV) catalogs/gen_catalog.py catalogs/dtype_catalog.py | build
	$(PYTHON) catalogs/gen_catalog.py --csv-dir catalogs \
	  --out-c $@ --out-h build/gpuadv_catalog_cols.h --out-dtypes build/gpuadv_dtypes.h
build/gpuadv_catalog_cols.h build/gpuadv_dtypes.h: build/gpuadv_catalog_data.c

# The test host: runs SQL files like the shell, one process per file.
build/sqlhost: tests/sqlhost.c tests/read_file.h | build
	$(CC) -O2 $(WARN) -o $@ $< -lsqlite3

# Sanitizer builds of the extension and the host that loads it.
build/asan/gpuadv.$(EXT): $(EXT_SRC) $(EXT_HDR) VERSION | build
	@mkdir -p build/asan
	$(CC) $(SAN_FLAGS) $(WARN) -Iext -Ibuild -fPIC -DGPUADV_VERSION='"$(VERSION)"' \
	  $(SHARED) -o $@ $(EXT_SRC) -lm

build/asan/sqlhost: tests/sqlhost.c tests/read_file.h | build
	@mkdir -p build/asan
	$(CC) $(SAN_FLAGS) $(WARN) -o $@ $< -lsqlite3

# The pure C of the extension without SQLite, for the calibrations
# (catalogs/gpuadv_core.py, ctypes): the speed model, the engines' memory
# rules, the training step, the catalogs and their lookups.
CORE_LIB_SRC := ext/gpuadv_train.c ext/gpuadv_math.c ext/gpuadv_model_setup.c ext/gpuadv_engine_mem.c \
                 ext/gpuadv_image.c \
                 ext/gpuadv_catalog_lookup.c build/gpuadv_catalog_data.c
build/libgpuadv_core.$(EXT): $(CORE_LIB_SRC) $(EXT_HDR) | build
	$(CC) $(CFLAGS) $(WARN) -Iext -Ibuild -fPIC $(SHARED) -o $@ $(CORE_LIB_SRC) -lm

# Refit the training step model's constants (prints the #define lines of
# ext/gpuadv_train.c and the error with each source left out).
calibrate-train: build/libgpuadv_core.$(EXT)
	$(PYTHON) catalogs/calibrate_train_tps.py --lib build/libgpuadv_core.$(EXT) --fit --leave-out

# C unit tests of the arithmetic, with the sanitizers on.
build/test_math: tests/test_math.c tests/unit.h ext/gpuadv_math.c ext/gpuadv_math.h \
                 ext/gpuadv_engine_mem.c ext/gpuadv_engine_mem.h build/gpuadv_dtypes.h | build
	$(CC) $(SAN_FLAGS) $(WARN) -Iext -Ibuild -o $@ tests/test_math.c ext/gpuadv_math.c ext/gpuadv_engine_mem.c -lm

# C unit tests of the config.json reader, on the real configs of
# tests/configs/, with the sanitizers on.
build/test_config: tests/test_config.c tests/unit.h ext/gpuadv_config.c ext/gpuadv_config.h \
                   ext/gpuadv_math.c ext/gpuadv_math.h build/gpuadv_dtypes.h | build
	$(CC) $(SAN_FLAGS) $(WARN) -Iext -Ibuild -o $@ tests/test_config.c ext/gpuadv_config.c \
	  ext/gpuadv_math.c -lm
# C unit tests of the serving simulator and its capacity search, with the
# sanitizers on.
build/test_sim: tests/test_sim.c tests/unit.h ext/gpuadv_sim.c ext/gpuadv_sim.h \
                ext/gpuadv_capacity.c ext/gpuadv_capacity.h \
                ext/gpuadv_math.c ext/gpuadv_math.h build/gpuadv_dtypes.h | build
	$(CC) $(SAN_FLAGS) $(WARN) -Iext -Ibuild -o $@ tests/test_sim.c ext/gpuadv_sim.c \
	  ext/gpuadv_capacity.c ext/gpuadv_math.c -lm

# C unit tests of the training step model, with the sanitizers on.
build/test_train: tests/test_train.c tests/unit.h ext/gpuadv_train.c ext/gpuadv_train.h \
                  ext/gpuadv_math.c ext/gpuadv_math.h build/gpuadv_dtypes.h | build
	$(CC) $(SAN_FLAGS) $(WARN) -Iext -Ibuild -o $@ tests/test_train.c ext/gpuadv_train.c \
	  ext/gpuadv_math.c -lm

# C unit tests of the vision and diffusion model, with the sanitizers on.
build/test_image: tests/test_image.c tests/unit.h ext/gpuadv_image.c ext/gpuadv_image.h | build
	$(CC) $(SAN_FLAGS) $(WARN) -Iext -o $@ tests/test_image.c ext/gpuadv_image.c -lm

# C unit tests of the day's traffic, with the sanitizers on.
build/test_traffic: tests/test_traffic.c tests/unit.h ext/gpuadv_traffic.c ext/gpuadv_traffic.h | build
	$(CC) $(SAN_FLAGS) $(WARN) -Iext -o $@ tests/test_traffic.c ext/gpuadv_traffic.c -lm

build:
	@mkdir -p build

# Newer cloud prices, into a user price database that the views prefer to
# the compiled-in catalog (catalogs/refresh_prices.py; README, 'Prices').
# Online it downloads the public price files; FROM=DIR reads them from a
# folder instead; INTO=DB also copies the rows into DB's user_prices table.
refresh-prices:
	$(PYTHON) catalogs/refresh_prices.py --out build/user_prices.db \
	  $(if $(FROM),--from '$(FROM)') $(if $(INTO),--into '$(INTO)')

demo: $(LIB)
	@$(SQLITE3) -cmd '.load ./gpuadv' :memory: < sql/demo.sql

# How far the estimates are from the published measurements, in SQL, then
# the fit with each GPU left out, then the serving simulator against the
# published serving benchmarks.
accuracy: $(LIB) build/libgpuadv_core.$(EXT)
	@$(SQLITE3) -cmd '.load ./gpuadv' -cmd '.read sql/accuracy.sql' -box :memory: \
	  "SELECT kind, engine, rows, round(median_abs_error, 3) AS median_abs_error, \
	          round(p90_abs_error, 3) AS p90_abs_error, \
	          round(worst_abs_error, 3) AS worst_abs_error, worst_id \
	   FROM estimate_accuracy_summary ORDER BY kind, engine"
	@$(SQLITE3) -cmd '.load ./gpuadv' -cmd '.read sql/accuracy.sql' -box :memory: \
	  "SELECT engine, parallelism, rows, round(median_abs_error, 3) AS median_abs_error, \
	          round(p90_abs_error, 3) AS p90_abs_error, worst_id \
	   FROM estimate_accuracy_layout_summary ORDER BY engine, parallelism"
	@$(SQLITE3) -cmd '.load ./gpuadv' -cmd '.read sql/accuracy.sql' -box :memory: \
	  "SELECT engine, version, rows, round(median_abs_error, 3) AS median_abs_error, \
	          round(median_rel_error, 3) AS median_rel_error \
	   FROM estimate_accuracy_versions ORDER BY engine, version"
	@$(PYTHON) catalogs/calibrate.py | grep -v '^#define'
	@$(PYTHON) catalogs/calibrate_train_tps.py --lib build/libgpuadv_core.$(EXT) --leave-out
	@$(SQLITE3) -cmd '.load ./gpuadv' -cmd '.read sql/accuracy.sql' -box :memory: \
	  "SELECT split, arch, rows, round(median_abs_error, 3) AS median_abs_error, \
	          round(worst_abs_error, 3) AS worst_abs_error, worst_id \
	   FROM image_accuracy_summary ORDER BY split, arch = 'all', arch"
	@$(SQLITE3) -cmd '.load ./gpuadv' -cmd '.read sql/latency_accuracy.sql' -box :memory: \
	  "SELECT split, statistic, rows, round(median_abs_error, 3) AS median_abs_error, \
	          round(worst_abs_error, 3) AS worst_abs_error, worst_id, within_target \
	   FROM latency_accuracy_summary ORDER BY split, statistic"
	@$(SQLITE3) -cmd '.load ./gpuadv' -cmd '.read sql/latency_accuracy.sql' -box :memory: \
	  "SELECT split, what, concurrency, rows, round(median_ratio, 2) AS median_ratio, \
	          round(min_ratio, 2) AS min_ratio, round(max_ratio, 2) AS max_ratio \
	   FROM latency_accuracy_by_concurrency ORDER BY split, what, concurrency"

# The speed ranges of estimate_bands (sql/gpuadv.sql) from the fits and the
# published figures: serving (calibrate.py, each GPU left out), the runs no
# fit sees (sql/accuracy.sql) and the held-out serving benchmarks
# (sql/latency_accuracy.sql), training (each source left out).
bands: $(LIB) build/libgpuadv_core.$(EXT)
	@$(PYTHON) catalogs/calibrate.py --bands | grep -E '^(kind,basis|serve,)'
	@$(SQLITE3) -cmd '.load ./gpuadv' -cmd '.read sql/accuracy.sql' -csv :memory: \
	  "SELECT kind, basis, rows, printf('%.3f', floor(low * 1000) / 1000), printf('%.3f', ceil(high * 1000) / 1000) FROM estimate_accuracy_band"
	@$(SQLITE3) -cmd '.load ./gpuadv' -cmd '.read sql/latency_accuracy.sql' -csv :memory: \
	  "SELECT kind, basis, rows, printf('%.3f', floor(low * 1000) / 1000), printf('%.3f', ceil(high * 1000) / 1000) FROM latency_accuracy_band"
	@$(PYTHON) catalogs/calibrate_train_tps.py --lib build/libgpuadv_core.$(EXT) --leave-out --bands \
	  | grep -E '^train,'

unit: build/test_math build/test_config build/test_sim build/test_train build/test_traffic \
      build/test_image
	./build/test_math
	./build/test_config
	./build/test_sim
	./build/test_train
	./build/test_traffic
	./build/test_image

TEST_DEPS := $(LIB) build/sqlhost build/asan/gpuadv.$(EXT) build/asan/sqlhost \
             build/test_math build/test_config build/test_sim build/test_train build/test_traffic \
             build/test_image build/libgpuadv_core.$(EXT)

# make test suite=NAME: only the SQL files and scripts whose path holds NAME.
# make test runs every suite in the shell, the test host and under ASan +
# UBSan; make check-all adds the slow passes: the same files under valgrind
# (beside the others) and a bounded, repeatable fuzzing run of each target
# first. .ci/run runs make check-all.
test: $(TEST_DEPS)
	$(PYTHON) tests/run_tests.py --standard $(if $(suite),--only $(suite))

check-all: $(TEST_DEPS)
	$(MAKE) fuzz FUZZ_SECONDS=20 FUZZ_FLAGS=-seed=1
	$(PYTHON) tests/run_tests.py --all $(if $(suite),--only $(suite))

asan: build/asan/gpuadv.$(EXT) build/asan/sqlhost
	$(PYTHON) tests/run_tests.py --asan

valgrind: $(LIB) build/sqlhost
	$(PYTHON) tests/run_tests.py --valgrind

clean:
	rm -rf build gpuadv.so gpuadv.dylib gpuadv.dll

# The C that .clang-format governs: the extension, its unit tests, fuzzers,
# thread test and benchmark drivers.
FORMAT_SRC := $(wildcard ext/*.c ext/*.h tests/*.c tests/fuzz/*.c tests/fuzz/*.h \
                         tests/threads/*.c bench/*.c)
CLANG_FORMAT ?= clang-format
CPPCHECK ?= cppcheck

format:
	$(CLANG_FORMAT) -i $(FORMAT_SRC)

# Commit subjects after the one recorded in .ci/subjects-since are at most
# 72 characters (git log --oneline and every git tool cut longer ones);
# skipped, and said so, outside a git checkout or in a clone without it.
SUBJECTS_SINCE := $(shell cat .ci/subjects-since 2>/dev/null)

lint-subjects:
	@if git rev-parse -q --verify "$(SUBJECTS_SINCE)^{commit}" >/dev/null 2>&1; then \
	  long=$$(git log --format=%s "$(SUBJECTS_SINCE)..HEAD" | awk 'length > 72'); \
	  if [ -n "$$long" ]; then echo "commit subjects over 72 characters:"; echo "$$long"; exit 1; fi; \
	  echo "commit subjects since $(SUBJECTS_SINCE): at most 72 characters"; \
	else echo "lint-subjects: skipped (no commit $(SUBJECTS_SINCE) in this checkout)"; fi

lint: build/gpuadv_catalog_cols.h lint-subjects
	$(CLANG_FORMAT) --dry-run -Werror $(FORMAT_SRC)
	$(CPPCHECK) --quiet --enable=warning,portability --std=c99 -Iext -Ibuild \
	  --suppress=missingIncludeSystem --inline-suppr --error-exitcode=1 ext/*.c
	$(CC) $(CFLAGS) $(WARN) -Werror -Iext -Ibuild -fsyntax-only $(EXT_SRC)
	clang $(CFLAGS) $(WARN) -Werror -Iext -Ibuild -fsyntax-only $(EXT_SRC)

# Thread test build (tests/threads/test_threads.sh runs it).
include tests/threads/threads.mk
include clients/clients.mk

# libFuzzer targets (make fuzz, make fuzz-build) and the benchmark (make bench).
include tests/fuzz/fuzz.mk
include bench/bench.mk

# The planner in the browser (make web): web/dist/, a static page.
include web/web.mk
