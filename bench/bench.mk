# bench/bench.mk: `make bench`, included by the main Makefile. It uses the
# Makefile's LIB, SHARED, CC, WARN, PYTHON and SQLITE3 (in recipes, so the
# include may come anywhere; the end is the natural place).
#
#   make bench                      3 to 7 minutes on 2 cores (more when the
#                                   machine is busy); prints the table of
#                                   ratios and writes bench/results.md
#   make bench BENCH_REPEAT=5       runs per median (default 3)
#   make bench BENCH_CALLGRIND=0    without the callgrind instruction counts
#   make bench BENCH_SIM=N          simulated requests per serving_sim run
#                                   (part 6, which also times best_plans)
#   make bench BENCH_CSV_MB=40      a smaller generated CSV for part 6's
#                                   memory figure (default 120 MB)
#   make bench BENCH_PLANS=0        without the plan views on 240 workloads
#                                   (bench/plans.py, about 6 minutes more)
#   make bench-plans                only those (bench/plans_results.md)
#   make bench BENCH_WEB=0          without the web page's cold opens
#                                   (bench/web.sh, about a minute more)
#   make bench-web                  only those (bench/web_results.md)
#   make bench-scan                 where best_plans of the 240 varied
#                                   workloads spends its time, loop by loop
#                                   (bench/scanstats.c; SQLite's counters,
#                                   not a benchmark: about a minute)
#
# bench/README.md explains what is measured against what.

BENCH_SAVED_GOAL := $(.DEFAULT_GOAL)

BENCH_ROWS      ?= 10000000
BENCH_REPEAT    ?= 3
BENCH_PY_ROWS   ?= 200000
BENCH_CG_ROWS   ?= 20000
BENCH_SWEEP     ?= 1000000,10000000
BENCH_SIM       ?= 1000000
BENCH_CALLGRIND ?= 1
BENCH_CSV_ROWS  ?= 20000
BENCH_CSV_MB    ?= 120
BENCH_VALGRIND  ?= valgrind
BENCH_CFLAGS    ?= -O2
BENCH_OUT       ?= bench/results.md
BENCH_PLANS     ?= 1
BENCH_PLANS_OUT ?= bench/plans_results.md
BENCH_WEB       ?= 1
BENCH_WEB_OUT   ?= bench/web_results.md
BENCH_MAKE      ?= $(MAKE)
BENCH_DIR       := build/bench

# Names fixed here, not from the Makefile's EXT and LIB, which are not yet
# set when this file is included before them.
BENCH_SO     := $(if $(filter Darwin,$(shell uname -s)),dylib,so)
BENCH_LIB    := $(or $(LIB),gpuadv.$(BENCH_SO))
BENCH_BARE   := $(BENCH_DIR)/bare.$(BENCH_SO)
BENCH_TYPED  := $(BENCH_DIR)/typed.$(BENCH_SO)
BENCH_SERIES := $(BENCH_DIR)/benchseries.$(BENCH_SO)
BENCH_DRIVER := $(BENCH_DIR)/driver
BENCH_SHARED  = $(or $(SHARED),-shared)

.PHONY: bench bench-plans bench-web bench-scan

# make bench-scan: the statement's own loop counters (cycles, loops, rows
# of each loop and subquery of its plan: sqlite3_stmt_scanstatus_v2), from
# an SQLite built with SQLITE_ENABLE_STMT_SCANSTATUS: the amalgamation
# $(SQLITE_AMALGAMATION) names, else better-sqlite3's (make clients-node).
# BENCH_SCAN_QUERY and BENCH_SCAN_N choose the query and the workloads
# (bench/plan_workloads.py N); BENCH_SCAN_MIN the least share shown.
BENCH_SCAN_QUERY ?= SELECT * FROM best_plans
BENCH_SCAN_N     ?= 240
BENCH_SCAN_MIN   ?= 0.5
BENCH_AMALG = $(firstword $(wildcard $(SQLITE_AMALGAMATION) \
                build/node/node_modules/better-sqlite3/deps/sqlite3/sqlite3.c))

$(BENCH_DIR)/scanstats: bench/scanstats.c tests/read_file.h
	@if [ -z "$(BENCH_AMALG)" ]; then \
	  echo "bench-scan: no SQLite amalgamation: make clients-node, or SQLITE_AMALGAMATION=path/to/sqlite3.c"; \
	  exit 1; fi
	@mkdir -p $(BENCH_DIR)
	$(CC) -O2 -DSQLITE_ENABLE_STMT_SCANSTATUS -I$(dir $(BENCH_AMALG)) -o $@ \
	  bench/scanstats.c $(BENCH_AMALG) -ldl -lm -lpthread

bench-scan: $(BENCH_LIB) $(BENCH_DIR)/scanstats
	$(PYTHON) bench/plan_workloads.py $(BENCH_SCAN_N) > $(BENCH_DIR)/scan_workloads.sql
	$(BENCH_DIR)/scanstats ./$(BENCH_LIB) "$(BENCH_SCAN_QUERY)" sql/gpuadv.sql \
	  $(BENCH_DIR)/scan_workloads.sql > $(BENCH_DIR)/scan.tsv
	$(PYTHON) bench/scanstats.py --min $(BENCH_SCAN_MIN) $(BENCH_DIR)/scan.tsv

# The bare C baseline reads the same compiled-in catalogs as gpuadv, and
# its model functions call the same model setup and arithmetic.
BENCH_PURE := ext/gpuadv_model_setup.c ext/gpuadv_math.c ext/gpuadv_catalog_lookup.c ext/gpuadv_engine_mem.c
$(BENCH_BARE): bench/bare.c build/gpuadv_catalog_data.c build/gpuadv_catalog_cols.h \
               $(BENCH_PURE) $(wildcard ext/*.h)
	@mkdir -p $(BENCH_DIR)
	$(CC) $(BENCH_CFLAGS) $(WARN) -fPIC -fvisibility=hidden -Iext -Ibuild $(BENCH_SHARED) \
	  -o $@ bench/bare.c $(BENCH_PURE) build/gpuadv_catalog_data.c -lm

# The same source plus a type read per argument: the floor of a checked
# function (bench/bare.c says why).
$(BENCH_TYPED): bench/bare.c build/gpuadv_catalog_data.c build/gpuadv_catalog_cols.h \
                $(BENCH_PURE) $(wildcard ext/*.h)
	@mkdir -p $(BENCH_DIR)
	$(CC) $(BENCH_CFLAGS) $(WARN) -DBARE_TYPED -fPIC -fvisibility=hidden -Iext -Ibuild \
	  $(BENCH_SHARED) -o $@ bench/bare.c $(BENCH_PURE) build/gpuadv_catalog_data.c -lm

$(BENCH_SERIES): bench/benchseries.c
	@mkdir -p $(BENCH_DIR)
	$(CC) $(BENCH_CFLAGS) $(WARN) -fPIC $(BENCH_SHARED) -o $@ $<

$(BENCH_DRIVER): bench/driver.c
	@mkdir -p $(BENCH_DIR)
	$(CC) $(BENCH_CFLAGS) $(WARN) -o $@ $< -lsqlite3

# (The recipe names $(BENCH_MAKE), not $(MAKE), so that `make -n bench`
# prints it instead of running it.)
bench: $(BENCH_LIB) $(BENCH_BARE) $(BENCH_TYPED) $(BENCH_SERIES) $(BENCH_DRIVER)
	$(PYTHON) bench/bench.py --lib ./$(BENCH_LIB) --bare $(BENCH_BARE) --typed $(BENCH_TYPED) \
	  --series $(BENCH_SERIES) --driver $(BENCH_DRIVER) --sqlite3 $(SQLITE3) \
	  --cc $(CC) --make "$(BENCH_MAKE)" --valgrind $(BENCH_VALGRIND) \
	  --rows $(BENCH_ROWS) --repeat $(BENCH_REPEAT) --py-rows $(BENCH_PY_ROWS) \
	  --cg-rows $(BENCH_CG_ROWS) --sweep $(BENCH_SWEEP) \
	  --sim-requests $(BENCH_SIM) \
	  --callgrind $(BENCH_CALLGRIND) --csv-join-rows $(BENCH_CSV_ROWS) \
	  --csv-mb $(BENCH_CSV_MB) --out $(BENCH_OUT)
	@if [ "$(BENCH_PLANS)" != 0 ]; then $(BENCH_MAKE) --no-print-directory bench-plans; fi
	@if [ "$(BENCH_WEB)" != 0 ]; then $(BENCH_MAKE) --no-print-directory bench-web; fi

# The plan views on 240 workloads against the views and extension of the
# baseline commit in bench/plans.py, built in the same run.
bench-plans: $(BENCH_LIB)
	$(PYTHON) bench/plans.py --lib ./$(BENCH_LIB) --sqlite3 $(SQLITE3) --cc $(CC) \
	  --cflags="$(CFLAGS)" --out $(BENCH_PLANS_OUT)

# The page of `make web`: cold opens in headless chromium against a blank
# page opened the same way (bench/web.js).
bench-web:
	bash bench/web.sh $(BENCH_WEB_OUT)

# Included before the main Makefile's first target, these rules must not
# become the default goal.
ifeq ($(BENCH_SAVED_GOAL),)
.DEFAULT_GOAL :=
endif

# make test and make check-all check that the baselines compute gpuadv's numbers
# (tests/bench/test_bench_formulas.sh): it needs the libraries.
test check-all: $(BENCH_BARE) $(BENCH_TYPED) $(BENCH_SERIES)
