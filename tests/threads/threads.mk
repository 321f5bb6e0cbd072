# Thread test of the extension (tests/threads/threads.c), included by the
# main Makefile, whose EXT_SRC, EXT_HDR, WARN, VERSION and EXT it uses.
#
#   make threads   build/threads/threads       plain, -O2
#                  build/threads/threads_tsan  ThreadSanitizer
#                  build/threads/tsan/gpuadv.$(EXT)  the extension with
#                                              ThreadSanitizer, for --load
#
# Both programs compile the extension sources in with -DSQLITE_CORE (calls go
# straight to the system libsqlite3, which is built threadsafe, so no TSan
# build of SQLite is needed: TSan sees its pthread mutexes) and can instead
# load an extension file with --load. tests/threads/test_threads.sh runs them.

THREADS_CC     ?= $(CC)
THREADS_TSAN_CC ?= $(CC)
THREADS_DEFS   := -Iext -Ibuild -DGPUADV_VERSION='"$(VERSION)"' -pthread
THREADS_TSAN   := -O1 -g -fno-omit-frame-pointer -fsanitize=thread

.PHONY: threads

threads: build/threads/threads build/threads/threads_tsan \
         build/threads/tsan/gpuadv.$(EXT)

build/threads/threads: tests/threads/threads.c $(EXT_SRC) $(EXT_HDR) VERSION | build
	@mkdir -p build/threads build/threads/tsan
	$(THREADS_CC) -O2 -g $(WARN) $(THREADS_DEFS) -DSQLITE_CORE -o $@ \
	  tests/threads/threads.c $(EXT_SRC) -lsqlite3 -lm

build/threads/threads_tsan: tests/threads/threads.c $(EXT_SRC) $(EXT_HDR) VERSION | build
	@mkdir -p build/threads build/threads/tsan
	$(THREADS_TSAN_CC) $(THREADS_TSAN) $(WARN) $(THREADS_DEFS) -DSQLITE_CORE -o $@ \
	  tests/threads/threads.c $(EXT_SRC) -lsqlite3 -lm

build/threads/tsan/gpuadv.$(EXT): $(EXT_SRC) $(EXT_HDR) VERSION | build
	@mkdir -p build/threads build/threads/tsan
	$(THREADS_TSAN_CC) $(THREADS_TSAN) $(WARN) $(THREADS_DEFS) -fPIC $(SHARED) -o $@ \
	  $(EXT_SRC) -lm
