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
# make check and make asan build on every core unless make was given -j
JOBS      ?= $(shell nproc 2>/dev/null || echo 2)
PAR        = $(if $(findstring -j,$(MAKEFLAGS)),,-j$(JOBS))

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
REQ_CFLAGS = -std=c11 -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=700 -D_FILE_OFFSET_BITS=64 \
             -D_XOPEN_SOURCE_EXTENDED -Iinclude -Isrc -MMD -MP \
             -DWATVIZ_VERSION='"$(VERSION)"' \
             -DWATVIZ_DATADIR='"$(DATADIR)/watviz"' $(WARN) $(SANFLAGS)
ALL_CFLAGS = $(REQ_CFLAGS) $(CFLAGS)

# Code layout the string routines' speed depends on, part of every build:
# loops and jump targets on 32 bytes, so a tight loop never straddles a
# 64-byte fetch block wherever the linker puts it (docs/PERFORMANCE.md).
# -falign-jumps only where the compiler takes it (clang ignores it, warning).
LAYOUT_CFLAGS := -falign-loops=32 $(shell $(CC) -Werror -falign-jumps=32 -x c -c \
                 -o /dev/null /dev/null 2>/dev/null && echo -falign-jumps=32)
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

# Z3 and the class server's libraries are not linked in: the file that
# uses each opens it with dlopen() when it is first needed (src/prove/dl.c),
# by the soname tools/soname.sh finds when that file is compiled.  Linked,
# the loader mapped them (with libstdc++ and GnuTLS) at every start, 12 ms
# of CPU each (docs/PERFORMANCE.md).
DL_LIBS = -ldl

# Z3 (optional): --try and the variants' proofs use it when pkg-config finds
# it.  Z3=no builds without it (then --try enumerates words instead).
Z3 ?= auto
ifneq ($(Z3),no)
Z3_FOUND := $(shell $(PKG_CONFIG) --exists z3 2>/dev/null && echo yes)
endif
ifeq ($(Z3_FOUND),yes)
Z3_CFLAGS := -DWATVIZ_HAVE_Z3 $(shell $(PKG_CONFIG) --cflags z3)
Z3_LINK   := $(shell $(PKG_CONFIG) --libs z3)
else ifeq ($(Z3),yes)
$(error Z3=yes but pkg-config does not find z3: install libz3-dev)
endif

# The class server (optional): GNU libmicrohttpd and libqrencode, when
# pkg-config finds both.  MHD=no builds without it (then --class says how
# to get it: install libmicrohttpd-dev and libqrencode-dev, then make).
MHD ?= auto
ifneq ($(MHD),no)
MHD_FOUND := $(shell $(PKG_CONFIG) --exists libmicrohttpd libqrencode 2>/dev/null && echo yes)
endif
ifeq ($(MHD_FOUND),yes)
MHD_CFLAGS := -DWATVIZ_HAVE_MHD $(filter-out $(NOFEAT),$(shell $(PKG_CONFIG) --cflags libmicrohttpd libqrencode))
MHD_LINK   := $(shell $(PKG_CONFIG) --libs libmicrohttpd)
QR_LINK    := $(shell $(PKG_CONFIG) --libs libqrencode)
else ifeq ($(MHD),yes)
$(error MHD=yes but pkg-config does not find libmicrohttpd and libqrencode: install libmicrohttpd-dev and libqrencode-dev)
endif
APP_LIBS = $(UI_LIBS) $(DL_LIBS) -pthread

# The layers, lowest first, are tests/tree/run-layers.sh's ORDER (it checks
# the includes): core <- measure <- expr <- trace <- try <- prove <- lesson
# <- live <- render <- app <- session <- front/class <- front/term
# <- front/web <- cli.  Headers sit beside their layer ("app/app.h", -Isrc);
# include/watviz/ is the installed core API.  Only src/prove/z3.c includes
# <z3.h>; only src/front/term needs curses, readline, a tty.
CORE_SRC   := $(wildcard src/core/*.c)
PURE_SRC   := $(CORE_SRC) $(wildcard src/expr/*.c) $(wildcard src/trace/*.c) \
              $(wildcard src/try/*.c) $(wildcard src/prove/*.c) $(wildcard src/lesson/*.c) \
              $(wildcard src/live/*.c) $(wildcard src/measure/*.c)
UI_SRC     := $(wildcard src/render/*.c) $(wildcard src/app/*.c) $(wildcard src/session/*.c) \
              $(wildcard src/front/term/*.c)
CLI_SRC    := $(filter-out src/cli/main.c,$(wildcard src/cli/*.c))
# the class server, src/front/class/: only it includes <microhttpd.h>
CLASS_SRC  := $(wildcard src/front/class/*.c)
CORE_OBJ   := $(CORE_SRC:%.c=$(BUILD)/%.o)
PURE_OBJ   := $(PURE_SRC:%.c=$(BUILD)/%.o)
UI_OBJ     := $(UI_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ    := $(CLI_SRC:%.c=$(BUILD)/%.o)
CLASS_OBJ  := $(CLASS_SRC:%.c=$(BUILD)/%.o) \
              $(if $(MHD_FOUND),$(BUILD)/src/front/class/assets.o)
MAIN_OBJ   := $(BUILD)/src/cli/main.o
CORE_LIB   := $(BUILD)/libwatviz-core.a
PURE_LIB   := $(BUILD)/libwatviz.a
APP_LIB    := $(BUILD)/libwatviz-app.a
PROG       := $(BUILD)/watviz

# What make install gives a course that links the core: the core's headers
# (the ones src/core/*.c include, and what those include).
CORE_HDR   := include/watviz/wat.h include/watviz/wordops.h \
              include/watviz/watsteps.h include/watviz/str.h \
              include/watviz/cost.h
DIST       := watviz-$(VERSION)

UNIT_SRC   := $(wildcard tests/unit/test_*.c)
SESSION_TEST_SRC := $(wildcard tests/session/test_*.c)
UNIT_BIN   := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%) \
              $(SESSION_TEST_SRC:tests/session/%.c=$(BUILD)/tests/%)
BENCH_SRC  := $(wildcard tests/bench/*.c)

.PHONY: FORCE all deps run check check-build check-full check-noz3 check-nomhd check-cross test tests asan install install-core uninstall \
        clean bench lint man-lint coverage dist distcheck deb package-check
all: $(CORE_LIB) $(PURE_LIB) $(PROG) watviz

watviz: $(PROG)
	ln -sf $(PROG) watviz

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(CURSES_CFLAGS) $(RL_CFLAGS) -c -o $@ $<

# The evaluator's loops over blocks of words are what a 32-bit exhaustive
# check without Z3 spends its time in; -O3 vectorises them (about 2x).
EXPR_OPT ?= -O3
$(BUILD)/src/expr/expr.o: CFLAGS += $(EXPR_OPT)

# Rebuild the prover when Z3 comes or goes (Z3=no, or installed since).
Z3_STAMP := $(BUILD)/z3.stamp
$(Z3_STAMP): FORCE
	@mkdir -p $(dir $@)
	@echo '$(Z3_CFLAGS)' | cmp -s - $@ || echo '$(Z3_CFLAGS)' >$@
$(BUILD)/src/prove/z3.o: src/prove/z3.c $(Z3_STAMP) tools/soname.sh
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(Z3_CFLAGS) \
	  $(if $(Z3_FOUND),$$(sh tools/soname.sh '$(CC)' Z3 $(Z3_LINK))) -c -o $@ $<

# Rebuild the class server when libmicrohttpd comes or goes (MHD=no, or
# installed since).  Its page (src/front/class/*.html, .css, .js) is
# compiled in by embed.sh: nothing is read from disk when a phone asks.
MHD_STAMP := $(BUILD)/mhd.stamp
$(MHD_STAMP): FORCE
	@mkdir -p $(dir $@)
	@echo '$(MHD_CFLAGS)' | cmp -s - $@ || echo '$(MHD_CFLAGS)' >$@
CLASS_PAGE := $(sort $(wildcard src/front/class/*.html src/front/class/*.css \
                                src/front/class/*.js))
# make CLASS_BITS=yes: the full web page (make web's, about 600 KB) compiled
# in too, served to the students at /bits ("see the bits"); needs clang's
# wasm32 target, as make web does.  Without it the link is not offered.
CLASS_BITS ?= no
ifeq ($(CLASS_BITS),yes)
CLASS_PAGE += $(BUILD)/web/watviz.html
endif
CLASS_PAGE_STAMP := $(BUILD)/classpage.stamp
$(CLASS_PAGE_STAMP): FORCE
	@mkdir -p $(dir $@)
	@echo '$(CLASS_PAGE)' | cmp -s - $@ || echo '$(CLASS_PAGE)' >$@
$(BUILD)/src/front/class/assets.c: src/front/class/embed.sh $(CLASS_PAGE) $(CLASS_PAGE_STAMP)
	@mkdir -p $(dir $@)
	sh src/front/class/embed.sh $@ $(CLASS_PAGE)
$(BUILD)/src/front/class/%.o: src/front/class/%.c $(MHD_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(MHD_CFLAGS) -c -o $@ $<
$(BUILD)/src/front/class/server.o: src/front/class/server.c $(MHD_STAMP) tools/soname.sh
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(MHD_CFLAGS) \
	  $(if $(MHD_FOUND),$$(sh tools/soname.sh '$(CC)' MHD $(MHD_LINK))) -c -o $@ $<
$(BUILD)/src/front/class/qr.o: src/front/class/qr.c $(MHD_STAMP) tools/soname.sh
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(MHD_CFLAGS) \
	  $(if $(MHD_FOUND),$$(sh tools/soname.sh '$(CC)' QR $(QR_LINK))) -c -o $@ $<
$(BUILD)/src/front/class/assets.o: $(BUILD)/src/front/class/assets.c
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -Isrc/front/class -c -o $@ $<

# The test programs' own code is compiled at TEST_OPT (what they test,
# src/, at CFLAGS): -O1 compiles it in two thirds of -O2's time, about 7 s
# of CPU of make check's build (docs/PERFORMANCE.md), and its warnings
# still see the data flow.  The programs whose own loops are the work (the
# exhaustive sweeps and byte loops of make check-full) keep CFLAGS.
# TEST_OPT= (empty) compiles them all at CFLAGS.
TEST_OPT  ?= -O1
HOT_TESTS := test_core_exhaustive test_core_bits test_core_scan test_core_vectors \
             test_str test_rules test_prove_kernel test_edit
test_opt   = $(if $(filter $(HOT_TESTS),$(basename $(notdir $@))),,$(TEST_OPT))
$(BUILD)/tests/%.o: tests/unit/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(test_opt) $(CMOCKA_CFLAGS) -Itests/unit -c -o $@ $<
# the class server's check of its own address is compiled only with the
# server: its test tests it there, and skips in a build without it
$(BUILD)/tests/test_classcheck.o: ALL_CFLAGS += $(if $(MHD_FOUND),-DWATVIZ_HAVE_MHD)
$(BUILD)/tests/test_classcheck.o: $(MHD_STAMP)
# the session layer: both front-ends' key maps (tests/session/)
$(BUILD)/tests/%.o: tests/session/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(test_opt) $(CURSES_CFLAGS) $(CMOCKA_CFLAGS) -Itests/unit -c -o $@ $<

$(BUILD)/src/core/str.o: ALL_CFLAGS += $(LAYOUT_CFLAGS)
$(BUILD)/src/core/str.o: Makefile	# rebuilt when the layout flags change
# the yardsticks the routines are timed against: the same layout; and the
# flags the core was built with, which the live measurement names
$(BUILD)/src/measure/yardstick.o: ALL_CFLAGS += $(LAYOUT_CFLAGS)
$(BUILD)/src/measure/measure.o: ALL_CFLAGS += -DWATVIZ_CORE_CFLAGS='"$(subst ",,$(strip $(CFLAGS) $(LAYOUT_CFLAGS) $(SANFLAGS)))"'
$(BUILD)/src/measure/yardstick.o $(BUILD)/src/measure/measure.o: Makefile

$(CORE_LIB): $(CORE_OBJ)
	$(AR) rcs $@ $^
$(PURE_LIB): $(PURE_OBJ)
	$(AR) rcs $@ $^
$(APP_LIB): $(PURE_OBJ) $(UI_OBJ) $(CLI_OBJ) $(CLASS_OBJ)
	$(AR) rcs $@ $^

# main.c has DATADIR compiled in: rebuild it when PREFIX or DATADIR change.
DATADIR_STAMP := $(BUILD)/datadir.stamp
$(DATADIR_STAMP): FORCE
	@mkdir -p $(dir $@)
	@echo '$(DATADIR)' | cmp -s - $@ || echo '$(DATADIR)' >$@
$(MAIN_OBJ): $(DATADIR_STAMP)
FORCE:

$(PROG): $(MAIN_OBJ) $(APP_LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(APP_LIBS)

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(APP_LIB)
	$(CC) $(ALL_LDFLAGS) -pthread -o $@ $^ $(CMOCKA_LIBS) $(APP_LIBS) -lm
# the prompt's work is counted: every mbrtowc() call of src/front/term/prompt.c
$(BUILD)/tests/test_prompt_work: ALL_LDFLAGS += -Wl,--wrap=mbrtowc

tests: $(UNIT_BIN) $(PROG)

# Install what the build and the tests need, where this machine allows;
# NO_DEPS=1 skips that (a package build, whose Build-Depends say it all).
deps:
	@[ -n "$(NO_DEPS)" ] || sh tools/deps.sh

run: deps
	@$(MAKE) --no-print-directory all
	./watviz 'ab\0cd'

# (first the time it began: tests/tree/run-clean.sh, at its end, counts a
# file made since that make clean leaves; make deps may make some)
CHECK_START = $(BUILD)/check.start
# The page's native twin (tests/web/driver.c on the build's objects) is
# built with the rest, on every core; make check-full's page, the wasm32
# module, too where the page's tools are (tests/web/run-web.sh's own make
# then finds them made; it builds what is missing and reports a failure as
# its test): built inside that layer, one compiler at a time beside thirty
# others, they were the longest stretch of the suite's last seconds.
# make check leaves the module (about 16 s of CPU) to make check-full: its
# web layer drives the native twin, the same C (docs/TESTS.md).
CHECK_WEB = command -v clang >/dev/null 2>&1 && command -v wasm-ld >/dev/null 2>&1 && \
	command -v node >/dev/null 2>&1 && [ -f $(WASI_INC)/stdio.h ] && \
	[ -f "$$(clang --target=wasm32-wasi -print-libgcc-file-name 2>/dev/null)" ]
CHECK_MODULE ?=
check-build:
	@$(MAKE) --no-print-directory $(PAR) tests $(BUILD)/web/driver
	@if [ -n "$(CHECK_MODULE)" ] && $(CHECK_WEB); then $(MAKE) --no-print-directory $(PAR) web || \
	  echo "make check-full: the page did not build; tests/web/run-web.sh reports it"; fi
check:
	@mkdir -p $(BUILD) && touch $(CHECK_START)
	@$(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory check-build
	@sh tests/run.sh $(BUILD)

test: check

# What CI runs (.ci/run): make check and the work moved out of it, the
# unit tests' whole sweeps (make check runs make asan's slices, beside
# Z3), the fuzz targets (a second build, with clang), the sanitized soak,
# the page's wasm32 module (its build, every scenario against the native
# twin, the links, the stack, the page in Chromium), the HTML's other PDFs and
# memcheck's longest runs (README, make check-full).  WATVIZ_FULL=1 adds
# the deep sweeps: every 32-bit word for the rules and the kernel terms'
# tie to the C, every byte of the edit tests (docs/TESTS.md).
check-full:
	@mkdir -p $(BUILD) && touch $(CHECK_START)
	@$(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory check-build CHECK_MODULE=yes
	@WATVIZ_CHECK_FULL=1 sh tests/run.sh $(BUILD)

# The prover's tests and --try in a build without Z3 (build-noz3/).
check-noz3:
	@$(MAKE) --no-print-directory BUILD=build-noz3 Z3=no build-noz3/watviz \
	  build-noz3/tests/test_prove build-noz3/tests/test_prove_kernel \
	  build-noz3/tests/test_expr
	@WATVIZ_BUILD=build-noz3 sh tests/run.sh build-noz3 --only 'test_expr test_prove test_prove_kernel try/run-try'

# --class and :class in a build without libmicrohttpd (build-nomhd/):
# they say how to get it (tests/class/run-nomhd.sh, in make check-full).
check-nomhd:
	@WATVIZ_CHECK_FULL=1 sh tests/run.sh $(BUILD) --only class/run-nomhd

# The program built for s390x (64-bit big-endian) and i686 (32-bit) and run
# under qemu-user: the unit tests of everything but the terminal and the
# solver, and --json/--plain of words on every variant against this build's
# (tools/cross.sh; installs the cross compilers, qemu and the targets'
# libraries where it can).  WATVIZ_CROSS='s390x' picks the targets.
check-cross: $(PROG)
	@sh tools/cross.sh build-cross

# The whole suite under AddressSanitizer and UndefinedBehaviorSanitizer.
asan: deps
	@$(MAKE) --no-print-directory $(PAR) BUILD=build-asan SAN=1 CFLAGS='-O1 -g' tests
	@WATVIZ_QUICK=1 WATVIZ_SANITIZED=1 ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  sh tests/run.sh build-asan

# Line and branch coverage of the whole suite (gcov + gcovr), per directory.
coverage: deps
	@command -v gcovr >/dev/null 2>&1 || { echo "make coverage needs gcovr: apt-get install gcovr" >&2; exit 1; }
	@rm -rf build-cov
	@$(MAKE) --no-print-directory BUILD=build-cov CFLAGS='-O0 -g --coverage -fprofile-update=atomic' \
	  LDFLAGS=--coverage TEST_OPT= tests
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

# Slow: distcheck, the .deb, lintian, install, run, remove (docs/TESTS.md).
package-check: deps distcheck deb
	@sh tools/package-check.sh build-deb

lint:
	cppcheck --quiet --error-exitcode=1 --std=c11 -Iinclude -Isrc \
	  --suppress=missingIncludeSystem src
	git diff --check

man-lint:
	mandoc -Tlint -W style watviz.1

# (and tests/web/node_modules, where make check put the page's npm test
# tools before they moved out of the tree: tests/web/modules.sh)
clean:
	rm -rf build build-asan build-bench build-cov build-fuzz build-noz3 build-nomhd build-deb watviz \
	  $(DIST).tar.gz tests/web/node_modules

# Larger parts keep their rules beside their sources.
-include tests/bench/bench.mk
-include tests/fuzz/fuzz.mk
-include tests/class/class.mk
-include src/front/web/web.mk

.SECONDARY:

# every build folder's dependency files, so a header change rebuilds the
# fuzz targets and the bench as well
-include $(shell find $(BUILD) $(FUZZ_DIR) build-bench -name '*.d' 2>/dev/null)
