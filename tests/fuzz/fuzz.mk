# tests/fuzz/fuzz.mk: libFuzzer targets of the gpuadv extension.
#
# Included from the main Makefile, after EXT_SRC (it uses EXT_SRC and the
# rule that generates build/gpuadv_catalog_data.c), or given beside it:
#   make -f Makefile -f tests/fuzz/fuzz.mk fuzz-build
#
#   make fuzz-build        build build/fuzz/fuzz_functions, fuzz_csv,
#                          fuzz_catalog, fuzz_config (clang, ASan + UBSan +
#                          libFuzzer)
#   make fuzz              run each target FUZZ_SECONDS (default 60), one
#                          process each, in turn; prints the executions per
#                          target; fails on a crash (the input is left in
#                          build/fuzz/artifacts/TARGET/)
#   make fuzz-regressions  replay tests/fuzz/corpus/TARGET/ and
#                          tests/fuzz/regressions/TARGET/ through each target
#                          once; fails on a crash
#   make fuzz-coverage     line and branch coverage of ext/*.c by the seeds
#                          and by what `make fuzz` found (build/fuzz/corpus),
#                          from a build with clang's source-based coverage
#
# Knobs: FUZZ_CC (clang), FUZZ_SECONDS, FUZZ_TARGETS (a subset), FUZZ_FLAGS
# (extra libFuzzer flags, e.g. -seed=1). See tests/fuzz/README.md.

ifndef FUZZ_MK_INCLUDED
FUZZ_MK_INCLUDED := 1

# Rules' prerequisites are expanded as they are read: include this file
# after EXT_SRC is defined (at the end of the main Makefile).
ifeq ($(strip $(EXT_SRC)),)
$(error tests/fuzz/fuzz.mk needs EXT_SRC: include it after EXT_SRC is defined)
endif

FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_FLAGS   ?=
FUZZ_TARGETS ?= fuzz_functions fuzz_csv fuzz_catalog fuzz_config
FUZZ_SRC     := tests/fuzz
FUZZ_OUT     := build/fuzz
FUZZ_VERSION := $(shell cat VERSION 2>/dev/null || echo 0.0.0)
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS  := -g -O1 -Wall -Wextra -fno-omit-frame-pointer $(FUZZ_SAN) \
                -DSQLITE_CORE -DGPUADV_VERSION='"$(FUZZ_VERSION)"' -Iext -Ibuild
FUZZ_LIBS    := -lsqlite3 -lm
FUZZ_PROFDATA ?= llvm-profdata
FUZZ_LLVM_COV ?= llvm-cov
FUZZ_COV_CFLAGS := -g -O1 -fprofile-instr-generate -fcoverage-mapping \
                   -DSQLITE_CORE -DGPUADV_VERSION='"$(FUZZ_VERSION)"' -Iext -Ibuild

# Longest input per target (libFuzzer -max_len).
FUZZ_MAX_LEN_fuzz_functions := 512
FUZZ_MAX_LEN_fuzz_catalog   := 512
FUZZ_MAX_LEN_fuzz_csv       := 4096
# Real config.json files run to a few KB (phi-4-mini's is 3.4 KB).
FUZZ_MAX_LEN_fuzz_config    := 8192

# The extension, compiled once for every target: coverage-instrumented
# (fuzzer-no-link), except the generated catalog data, which is only
# tables (ASan still guards its arrays).
FUZZ_EXT_OBJ := $(patsubst %.c,$(FUZZ_OUT)/obj/%.o,$(notdir $(EXT_SRC)))
FUZZ_BINS    := $(addprefix $(FUZZ_OUT)/,$(FUZZ_TARGETS))

# Keep the objects: make would delete them as intermediates.
.SECONDARY: $(FUZZ_EXT_OBJ)

.PHONY: fuzz-build fuzz fuzz-regressions fuzz-coverage

fuzz-build: $(FUZZ_BINS)

$(FUZZ_OUT)/obj/gpuadv_catalog_data.o: build/gpuadv_catalog_data.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(FUZZ_OUT)/obj/%.o: ext/%.c $(wildcard ext/*.h) build/gpuadv_catalog_cols.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_OUT)/fuzz_%: $(FUZZ_SRC)/fuzz_%.c $(FUZZ_SRC)/fuzz_common.h $(FUZZ_EXT_OBJ)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_EXT_OBJ) \
	  $(FUZZ_LIBS)

# Each target in turn, in this process (no -jobs, no -fork). New inputs go
# to build/fuzz/corpus/TARGET; the committed seeds are read, not written.
fuzz: fuzz-build
	@status=0; total=0; \
	for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_OUT)/corpus/$$t $(FUZZ_OUT)/artifacts/$$t; \
	  echo "== $$t: $(FUZZ_SECONDS) s"; \
	  case $$t in \
	    fuzz_functions) max=$(FUZZ_MAX_LEN_fuzz_functions) ;; \
	    fuzz_catalog) max=$(FUZZ_MAX_LEN_fuzz_catalog) ;; \
	    fuzz_csv) max=$(FUZZ_MAX_LEN_fuzz_csv) ;; \
	    fuzz_config) max=$(FUZZ_MAX_LEN_fuzz_config) ;; \
	    *) max=1024 ;; \
	  esac; \
	  ./$(FUZZ_OUT)/$$t -max_len=$$max -dict=$(FUZZ_SRC)/$$t.dict \
	    -max_total_time=$(FUZZ_SECONDS) -timeout=25 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_OUT)/artifacts/$$t/ $(FUZZ_FLAGS) \
	    $(FUZZ_OUT)/corpus/$$t $(FUZZ_SRC)/corpus/$$t \
	    > $(FUZZ_OUT)/$$t.log 2>&1; rc=$$?; \
	  n=$$(sed -n 's/^stat::number_of_executed_units: *//p' $(FUZZ_OUT)/$$t.log); \
	  cov=$$(grep -o 'cov: [0-9]*' $(FUZZ_OUT)/$$t.log | tail -1); \
	  if [ $$rc -ne 0 ]; then \
	    echo "FAIL $$t (exit $$rc): see $(FUZZ_OUT)/$$t.log and $(FUZZ_OUT)/artifacts/$$t/"; \
	    grep -m1 -A3 -E 'ERROR: |invariant failed|runtime error' $(FUZZ_OUT)/$$t.log; \
	    status=1; \
	  fi; \
	  echo "$$t: $${n:-0} executions, $$cov"; \
	  total=$$((total + $${n:-0})); \
	done; \
	echo "fuzz: $$total executions in all"; \
	exit $$status

# Every committed input once through its target.
fuzz-regressions: fuzz-build
	@status=0; \
	for t in $(FUZZ_TARGETS); do \
	  files=$$(find $(FUZZ_SRC)/corpus/$$t $(FUZZ_SRC)/regressions/$$t \
	           -type f 2>/dev/null | sort); \
	  if [ -z "$$files" ]; then echo "FAIL $$t: no inputs"; status=1; continue; fi; \
	  if ./$(FUZZ_OUT)/$$t -timeout=10 $$files > $(FUZZ_OUT)/$$t.replay.log 2>&1; then \
	    echo "ok $$t ($$(echo "$$files" | wc -l) inputs)"; \
	  else \
	    echo "FAIL $$t: see $(FUZZ_OUT)/$$t.replay.log"; \
	    grep -m1 -B2 -A3 -E 'ERROR: |invariant failed|runtime error' $(FUZZ_OUT)/$$t.replay.log; \
	    status=1; \
	  fi; \
	done; \
	exit $$status

# Coverage: the same targets built with source-based coverage (no
# sanitizers), each corpus replayed once, one report for ext/.
FUZZ_COV_BINS := $(addprefix $(FUZZ_OUT)/cov/,$(FUZZ_TARGETS))

$(FUZZ_OUT)/cov/fuzz_%: $(FUZZ_SRC)/fuzz_%.c $(FUZZ_SRC)/fuzz_common.h \
                        $(EXT_SRC) $(wildcard ext/*.h) build/gpuadv_catalog_cols.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_COV_CFLAGS) -fsanitize=fuzzer -o $@ $< $(EXT_SRC) \
	  $(FUZZ_LIBS)

fuzz-coverage: $(FUZZ_COV_BINS)
	@rm -f $(FUZZ_OUT)/cov/*.profraw
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_OUT)/corpus/$$t; \
	  LLVM_PROFILE_FILE=$(FUZZ_OUT)/cov/$$t.profraw ./$(FUZZ_OUT)/cov/$$t \
	    -runs=0 $(FUZZ_OUT)/corpus/$$t $(FUZZ_SRC)/corpus/$$t \
	    > $(FUZZ_OUT)/cov/$$t.log 2>&1 || echo "FAIL $$t (see $(FUZZ_OUT)/cov/$$t.log)"; \
	done
	@$(FUZZ_PROFDATA) merge -sparse -o $(FUZZ_OUT)/cov/all.profdata \
	  $(FUZZ_OUT)/cov/*.profraw
	@$(FUZZ_LLVM_COV) report $(firstword $(FUZZ_COV_BINS)) \
	  $(addprefix -object=,$(wordlist 2,9,$(FUZZ_COV_BINS))) \
	  -instr-profile=$(FUZZ_OUT)/cov/all.profdata \
	  $(filter ext/%,$(EXT_SRC))

endif # FUZZ_MK_INCLUDED
