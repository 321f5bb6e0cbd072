# gpuadv clients, notebooks and packaging: included by the main Makefile
# (`include clients/clients.mk`) after it defines LIB, PYTHON, SQLITE3 and
# VERSION, which the rules below use as they are read; anywhere after those
# definitions, the end of the file included. docs/clients.md explains each
# client.
#
#   make notebooks     execute notebooks/*.ipynb headless with $(PYTHON) as
#                      the kernel; the executed copies and their PNG figures
#                      go to $(NB_OUT) (default build/notebooks)
#   make install       PREFIX=/usr/local (and DESTDIR): gpuadv.so and the
#                      Python helper gpuadv_sqlite.py in $(PREFIX)/lib/gpuadv,
#                      the SQL scripts in $(PREFIX)/share/gpuadv/sql, the
#                      docs in $(PREFIX)/share/doc/gpuadv (README.md, docs/,
#                      catalogs/README.md)
#   make uninstall     removes what install put there
#   make dist          build/gpuadv-$(VERSION).tar.gz: the extension built
#                      for this system, the Python helper, sql/, the docs,
#                      clients/ and notebooks/ in the repository's layout,
#                      no sources; its README.md says so first
#   make wheel         build/dist/gpuadv-$(VERSION)-py3-none-PLATFORM.whl: the
#                      Python package (packaging/python), with the extension
#                      and sql/*.sql; `pip install .` builds the same wheel
#   make npm-pack      build/npm/gpuadv-$(VERSION).tgz: the npm package
#                      (packaging/npm), with the extension and sql/*.sql
#   make clients-node  better-sqlite3 for clients/node/query.js, in build/node
#   make clients-test  tests/clients/test_*.sh, each timed (`make test` runs
#                      them too)

# Whatever the main Makefile's default goal is (or will be, when this file
# is included before its first rule), it stays the default: see the end.
CLIENTS_SAVED_GOAL := $(.DEFAULT_GOAL)

PREFIX  ?= /usr/local
DESTDIR ?=

CLIENTS_INSTALL ?= install
CLIENTS_NPM     ?= npm
CLIENTS_LIBDIR  := $(DESTDIR)$(PREFIX)/lib/gpuadv
CLIENTS_SQLDIR  := $(DESTDIR)$(PREFIX)/share/gpuadv/sql
CLIENTS_DOCDIR  := $(DESTDIR)$(PREFIX)/share/doc/gpuadv
CLIENTS_DOCS    := README.md $(wildcard docs/*.md) $(wildcard catalogs/README.md)
CLIENTS_IMG     := $(wildcard docs/img/*.png)
CLIENTS_SQL     := $(wildcard sql/*.sql)
CLIENTS_EXAMPLES := $(wildcard sql/examples/*.sql)
CLIENTS_SCRIPTS := python/gpuadv_sqlite.py clients/node/package.json clients/node/query.js \
                   clients/libreoffice/odbc_to_calc.py
CLIENTS_TESTS   := $(sort $(wildcard tests/clients/test_*.sh))
CLIENTS_NODE_DIR := build/node
CLIENTS_DIST_NAME := gpuadv-$(VERSION)
CLIENTS_DIST    := build/$(CLIENTS_DIST_NAME).tar.gz

NB_SRC     := $(sort $(wildcard notebooks/*.ipynb))
NB_OUT     ?= build/notebooks
NB_TIMEOUT ?= 600
# A kernel spec named python3 that runs $(PYTHON), found first through
# JUPYTER_PATH: the notebooks need a Python whose sqlite3 loads extensions,
# whatever other python3 kernel or interpreter comes first elsewhere.
NB_JUPYTER := build/jupyter
NB_KERNEL  := $(NB_JUPYTER)/kernels/python3/kernel.json

.PHONY: notebooks install uninstall dist clients-node clients-test wheel npm-pack

notebooks: $(LIB) | build
	@mkdir -p $(NB_OUT) $(dir $(NB_KERNEL))
	@printf '%s\n' '{' \
	  ' "argv": ["$(PYTHON)", "-Xfrozen_modules=off", "-m", "ipykernel_launcher", "-f", "{connection_file}"],' \
	  ' "display_name": "Python 3 ($(PYTHON), gpuadv)",' \
	  ' "language": "python",' \
	  ' "env": {"PYDEVD_DISABLE_FILE_VALIDATION": "1"}' \
	  '}' > $(NB_KERNEL)
	NB_OUT=$(abspath $(NB_OUT)) JUPYTER_PATH=$(abspath $(NB_JUPYTER)) \
	PYDEVD_DISABLE_FILE_VALIDATION=1 \
	  $(PYTHON) -m nbconvert --to notebook --execute \
	  --ExecutePreprocessor.kernel_name=python3 \
	  --ExecutePreprocessor.timeout=$(NB_TIMEOUT) \
	  --output-dir $(NB_OUT) $(NB_SRC)
	@ls -1 $(NB_OUT)/*.png

# Paths are quoted: PREFIX and DESTDIR may hold spaces. The docs keep the
# repository's relative layout, so README.md's links to docs/ and catalogs/
# still work.
install: $(LIB)
	$(CLIENTS_INSTALL) -d "$(CLIENTS_LIBDIR)" "$(CLIENTS_SQLDIR)/examples" \
	  "$(CLIENTS_DOCDIR)/docs" "$(CLIENTS_DOCDIR)/catalogs"
	$(CLIENTS_INSTALL) -m 755 $(LIB) "$(CLIENTS_LIBDIR)/"
	$(CLIENTS_INSTALL) -m 644 python/gpuadv_sqlite.py "$(CLIENTS_LIBDIR)/"
	$(CLIENTS_INSTALL) -m 644 $(CLIENTS_SQL) "$(CLIENTS_SQLDIR)/"
	$(CLIENTS_INSTALL) -m 644 $(CLIENTS_EXAMPLES) "$(CLIENTS_SQLDIR)/examples/"
	$(CLIENTS_INSTALL) -m 644 README.md "$(CLIENTS_DOCDIR)/"
	$(CLIENTS_INSTALL) -m 644 $(wildcard docs/*.md) "$(CLIENTS_DOCDIR)/docs/"
	$(if $(wildcard catalogs/README.md),$(CLIENTS_INSTALL) -m 644 catalogs/README.md "$(CLIENTS_DOCDIR)/catalogs/")
	$(if $(CLIENTS_IMG),$(CLIENTS_INSTALL) -d "$(CLIENTS_DOCDIR)/docs/img")
	$(if $(CLIENTS_IMG),$(CLIENTS_INSTALL) -m 644 $(CLIENTS_IMG) "$(CLIENTS_DOCDIR)/docs/img/")

uninstall:
	rm -f "$(CLIENTS_LIBDIR)/$(LIB)" "$(CLIENTS_LIBDIR)/gpuadv_sqlite.py"
	rm -rf "$(CLIENTS_SQLDIR)" "$(CLIENTS_DOCDIR)"
	-rmdir "$(CLIENTS_LIBDIR)" "$(DESTDIR)$(PREFIX)/share/gpuadv" 2>/dev/null

# The tree is assembled under build/dist with tar, which keeps the relative
# paths, then packed.
# The packages: a Python wheel (the in-tree build backend that `pip install .`
# uses, packaging/python/gpuadv_build.py) and an npm tarball, each carrying
# the extension built here and the SQL scripts. Both build offline.
CLIENTS_NPM_STAGE := build/npm/package
CLIENTS_NPM_TGZ   := build/npm/gpuadv-$(VERSION).tgz

wheel: $(LIB)
	@$(PYTHON) packaging/python/gpuadv_build.py build/dist

npm-pack: $(CLIENTS_NPM_TGZ)
	@echo $(CLIENTS_NPM_TGZ)

$(CLIENTS_NPM_TGZ): $(LIB) $(CLIENTS_SQL) $(wildcard packaging/npm/*) VERSION
	@rm -rf $(CLIENTS_NPM_STAGE) && mkdir -p $(CLIENTS_NPM_STAGE)/lib $(CLIENTS_NPM_STAGE)/sql
	cp packaging/npm/index.js packaging/npm/README.md $(CLIENTS_NPM_STAGE)/
	sed 's/"version": "0.0.0"/"version": "$(VERSION)"/' packaging/npm/package.json > $(CLIENTS_NPM_STAGE)/package.json
	@grep -q '"version": "$(VERSION)"' $(CLIENTS_NPM_STAGE)/package.json || \
	  { echo 'npm-pack: packaging/npm/package.json lacks "version": "0.0.0"' >&2; exit 1; }
	cp $(LIB) $(CLIENTS_NPM_STAGE)/lib/
	cp $(CLIENTS_SQL) $(CLIENTS_NPM_STAGE)/sql/
	cd $(CLIENTS_NPM_STAGE) && $(CLIENTS_NPM) pack --silent --pack-destination .. >/dev/null

dist: $(CLIENTS_DIST)

# The tarball's README.md starts by saying what it is: a binary for this
# system, without the sources (clients/dist-readme.md), then README.md.
$(CLIENTS_DIST): $(LIB) VERSION $(CLIENTS_DOCS) $(CLIENTS_IMG) $(CLIENTS_SQL) \
                 $(CLIENTS_EXAMPLES) $(CLIENTS_SCRIPTS) $(NB_SRC) clients/clients.mk \
                 clients/dist-readme.md | build
	rm -rf build/dist/$(CLIENTS_DIST_NAME)
	mkdir -p build/dist/$(CLIENTS_DIST_NAME)
	tar cf - $(LIB) VERSION $(CLIENTS_DOCS) $(CLIENTS_IMG) $(CLIENTS_SQL) $(CLIENTS_EXAMPLES) \
	  $(CLIENTS_SCRIPTS) $(NB_SRC) | tar xf - -C build/dist/$(CLIENTS_DIST_NAME)
	sed -e 's|@VERSION@|$(VERSION)|g' -e 's|@EXT@|$(EXT)|g' \
	    -e "s|@PLATFORM@|$$(uname -s) $$(uname -m)|g" clients/dist-readme.md \
	  | cat - README.md > build/dist/$(CLIENTS_DIST_NAME)/README.md
	tar czf $@ -C build/dist $(CLIENTS_DIST_NAME)
	@echo "wrote $@"

# Without a prebuilt binary to download, npm compiles better-sqlite3 with
# node-gyp, which downloads the Node.js headers unless npm_config_nodedir
# names a tree that has them. The node on PATH has them beside it on Debian
# (/usr/include/node, package nodejs), in NodeSource's and nodejs.org's
# builds and in Homebrew's: that tree is used when it holds them and
# npm_config_nodedir is unset, so the build needs no network once npm's
# cache holds the packages. (Recursive variables: node runs only here.)
CLIENTS_NODE_PREFIX = $(shell node -p "require('path').resolve(process.execPath, '..', '..')" 2>/dev/null)
CLIENTS_NODEDIR = $(if $(npm_config_nodedir),,$(if $(wildcard $(CLIENTS_NODE_PREFIX)/include/node/common.gypi),$(CLIENTS_NODE_PREFIX)))

$(CLIENTS_NODE_DIR)/node_modules/better-sqlite3/package.json: clients/node/package.json | build
	mkdir -p $(CLIENTS_NODE_DIR)
	cp clients/node/package.json $(CLIENTS_NODE_DIR)/
	$(if $(CLIENTS_NODEDIR),npm_config_nodedir='$(CLIENTS_NODEDIR)') \
	  $(CLIENTS_NPM) install --prefix $(CLIENTS_NODE_DIR) --no-audit --no-fund
	touch $@

clients-node: $(CLIENTS_NODE_DIR)/node_modules/better-sqlite3/package.json

clients-test: $(LIB)
	@status=0; for t in $(CLIENTS_TESTS); do \
	  start=$$(date +%s); \
	  SQLITE3='$(SQLITE3)' PYTHON='$(PYTHON)' bash $$t || status=1; \
	  echo "# $$t: $$(( $$(date +%s) - start )) s"; \
	done; exit $$status

.DEFAULT_GOAL := $(CLIENTS_SAVED_GOAL)
