# watviz - see README.md.  `make run` and `make check` are all a newcomer needs.
# SPDX-License-Identifier: GPL-3.0-or-later

VERSION    = 0.1.0
PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
DATADIR   ?= $(PREFIX)/share
MANDIR    ?= $(DATADIR)/man
LIBDIR    ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
DESTDIR   ?=
PKG_CONFIG ?= pkg-config
CC        ?= cc
CFLAGS    ?= -O2 -g
LDFLAGS   ?=
BUILD     ?= build

# Flags watviz needs whatever the user's CFLAGS say.
WARN = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
       -Wformat=2 -Wundef -Wwrite-strings
ifeq ($(CI),true)
WARN += -Werror
endif
ifneq ($(WERROR),)
WARN += -Werror
endif
ifneq ($(SAN),)
SANFLAGS = -fsanitize=address,undefined -fno-sanitize-recover=undefined \
           -fno-omit-frame-pointer
endif
REQ_CFLAGS = -std=c11 -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=700 \
             -D_XOPEN_SOURCE_EXTENDED -Iinclude -MMD -MP \
             -DWATVIZ_VERSION='"$(VERSION)"' \
             -DWATVIZ_DATADIR='"$(DATADIR)/watviz"' $(WARN) $(SANFLAGS)
ALL_CFLAGS = $(REQ_CFLAGS) $(CFLAGS)
ALL_LDFLAGS = $(SANFLAGS) $(LDFLAGS)

# ncursesw and readline through pkg-config, with fallbacks for systems
# without .pc files.
# (their feature macros are dropped: REQ_CFLAGS sets our own)
NOFEAT = -D_XOPEN_SOURCE% -D_DEFAULT_SOURCE -D_GNU_SOURCE
CURSES_CFLAGS := $(filter-out $(NOFEAT),$(shell $(PKG_CONFIG) --cflags ncursesw 2>/dev/null))
CURSES_LIBS   := $(shell $(PKG_CONFIG) --libs ncursesw 2>/dev/null || echo -lncursesw)
RL_CFLAGS     := $(filter-out $(NOFEAT),$(shell $(PKG_CONFIG) --cflags readline 2>/dev/null))
RL_LIBS       := $(shell $(PKG_CONFIG) --libs readline 2>/dev/null || echo -lreadline)
CMOCKA_CFLAGS := $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS   := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null || echo -lcmocka)
UI_LIBS = $(CURSES_LIBS) $(RL_LIBS)

# The layers, lowest first: core <- trace <- lesson <- ui <- cli.
CORE_SRC   := $(wildcard src/core/*.c)
PURE_SRC   := $(CORE_SRC) $(wildcard src/trace/*.c) $(wildcard src/lesson/*.c)
UI_SRC     := $(wildcard src/ui/*.c)
CLI_SRC    := $(filter-out src/cli/main.c,$(wildcard src/cli/*.c))
CORE_OBJ   := $(CORE_SRC:%.c=$(BUILD)/%.o)
PURE_OBJ   := $(PURE_SRC:%.c=$(BUILD)/%.o)
UI_OBJ     := $(UI_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ    := $(CLI_SRC:%.c=$(BUILD)/%.o)
MAIN_OBJ   := $(BUILD)/src/cli/main.o
CORE_LIB   := $(BUILD)/libwatviz-core.a
PURE_LIB   := $(BUILD)/libwatviz.a
APP_LIB    := $(BUILD)/libwatviz-app.a
PROG       := $(BUILD)/watviz

# What make install gives a course that links the core: the core's headers
# (the ones src/core/*.c include, and what those include).
CORE_HDR   := include/watviz/wat.h include/watviz/wordops.h include/watviz/str.h
DIST       := watviz-$(VERSION)

UNIT_SRC   := $(wildcard tests/unit/test_*.c)
UNIT_BIN   := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
BENCH_SRC  := $(wildcard tests/bench/*.c)

.PHONY: FORCE all deps run check test tests asan install install-core uninstall \
        clean bench lint man-lint coverage dist distcheck deb package-check
all: $(CORE_LIB) $(PURE_LIB) $(PROG) watviz

watviz: $(PROG)
	ln -sf $(PROG) watviz

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(CURSES_CFLAGS) $(RL_CFLAGS) -c -o $@ $<

$(BUILD)/tests/%.o: tests/unit/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) -Itests/unit -c -o $@ $<

$(CORE_LIB): $(CORE_OBJ)
	$(AR) rcs $@ $^
$(PURE_LIB): $(PURE_OBJ)
	$(AR) rcs $@ $^
$(APP_LIB): $(PURE_OBJ) $(UI_OBJ) $(CLI_OBJ)
	$(AR) rcs $@ $^

# main.c has DATADIR compiled in: rebuild it when PREFIX or DATADIR change.
DATADIR_STAMP := $(BUILD)/datadir.stamp
$(DATADIR_STAMP): FORCE
	@mkdir -p $(dir $@)
	@echo '$(DATADIR)' | cmp -s - $@ || echo '$(DATADIR)' >$@
$(MAIN_OBJ): $(DATADIR_STAMP)
FORCE:

$(PROG): $(MAIN_OBJ) $(APP_LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(UI_LIBS)

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(APP_LIB)
	$(CC) $(ALL_LDFLAGS) -pthread -o $@ $^ $(CMOCKA_LIBS) $(UI_LIBS)

tests: $(UNIT_BIN) $(PROG)

# Install what the build and the tests need, where this machine allows;
# NO_DEPS=1 skips that (a package build, whose Build-Depends say it all).
deps:
	@[ -n "$(NO_DEPS)" ] || sh tools/deps.sh

run: deps
	@$(MAKE) --no-print-directory all
	./watviz 'ab\0cd'

check: deps
	@$(MAKE) --no-print-directory tests
	@sh tests/run.sh $(BUILD)

test: check

# The whole suite under AddressSanitizer and UndefinedBehaviorSanitizer.
asan: deps
	@$(MAKE) --no-print-directory BUILD=build-asan SAN=1 CFLAGS='-O1 -g' tests
	@WATVIZ_QUICK=1 WATVIZ_SANITIZED=1 ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  sh tests/run.sh build-asan

# Line and branch coverage of the whole suite (gcov + gcovr), per directory.
coverage: deps
	@command -v gcovr >/dev/null 2>&1 || { echo "make coverage needs gcovr: apt-get install gcovr" >&2; exit 1; }
	@rm -rf build-cov
	@$(MAKE) --no-print-directory BUILD=build-cov CFLAGS='-O0 -g --coverage -fprofile-update=atomic' \
	  LDFLAGS=--coverage tests
	@WATVIZ_QUICK=1 WATVIZ_SANITIZED=1 sh tests/run.sh build-cov | tail -n 1
	@sh tools/coverage.sh build-cov

install: $(PROG) install-core
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	  $(DESTDIR)$(DATADIR)/watviz/lessons $(DESTDIR)$(BASHCOMPDIR)
	install -m 755 $(PROG) $(DESTDIR)$(BINDIR)/watviz
	install -m 644 watviz.1 $(DESTDIR)$(MANDIR)/man1/watviz.1
	for f in lessons/*; do \
	  case $$f in *.md) ;; *) install -m 644 $$f $(DESTDIR)$(DATADIR)/watviz/lessons/ ;; esac; \
	done
	install -m 644 completion/watviz.bash $(DESTDIR)$(BASHCOMPDIR)/watviz

# The core alone, for programs of a course: pkg-config --libs watviz-core.
install-core: $(CORE_LIB)
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR) \
	  $(DESTDIR)$(INCLUDEDIR)/watviz
	install -m 644 $(CORE_LIB) $(DESTDIR)$(LIBDIR)/libwatviz-core.a
	install -m 644 $(CORE_HDR) $(DESTDIR)$(INCLUDEDIR)/watviz/
	sed -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	  -e 's|@VERSION@|$(VERSION)|' watviz-core.pc.in \
	  >$(DESTDIR)$(PKGCONFIGDIR)/watviz-core.pc

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/watviz $(DESTDIR)$(MANDIR)/man1/watviz.1 \
	  $(DESTDIR)$(BASHCOMPDIR)/watviz $(DESTDIR)$(LIBDIR)/libwatviz-core.a \
	  $(DESTDIR)$(PKGCONFIGDIR)/watviz-core.pc
	rm -f $(CORE_HDR:include/watviz/%=$(DESTDIR)$(INCLUDEDIR)/watviz/%)
	rmdir $(DESTDIR)$(INCLUDEDIR)/watviz 2>/dev/null || :
	rm -rf $(DESTDIR)$(DATADIR)/watviz

# The release tarball: the files git tracks, nothing else (tools/dist.sh).
dist:
	@sh tools/dist.sh $(DIST)

# Unpack the tarball elsewhere, build, check, install and uninstall it there.
distcheck: dist
	@sh tools/distcheck.sh $(DIST)

# The Debian packages, built from the tarball in build-deb/ (debian/).
deb: dist
	rm -rf build-deb
	mkdir build-deb
	cp $(DIST).tar.gz build-deb/
	tar -xzf $(DIST).tar.gz -C build-deb
	cd build-deb/$(DIST) && dpkg-buildpackage -us -uc -b

# Slow: distcheck, the .deb, lintian, install, run, remove (README, Tests).
package-check: deps distcheck deb
	@sh tools/package-check.sh build-deb

lint:
	cppcheck --quiet --error-exitcode=1 --std=c11 -Iinclude \
	  --suppress=missingIncludeSystem src
	git diff --check

man-lint:
	mandoc -Tlint -W warning watviz.1

clean:
	rm -rf build build-asan build-bench build-cov build-fuzz build-deb watviz \
	  $(DIST).tar.gz

# Larger parts keep their rules beside their sources.
-include tests/bench/bench.mk
-include tests/fuzz/fuzz.mk

.SECONDARY:

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
