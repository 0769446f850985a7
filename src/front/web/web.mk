# make web: build/web/watviz.html, the visualizer as one offline page.
# The same sources as the terminal program, compiled for wasm32-wasi with
# clang, wasi-libc and lld (Debian: clang lld wasi-libc
# libclang-rt-14-dev-wasm32); only the terminal layer differs: src/front/web/ in
# place of src/front/term/, and src/front/web/*.js painting the frames.  See docs/GUIDE.md, "The
# web page".  Included from the Makefile.
# SPDX-License-Identifier: GPL-3.0-or-later

WASM_CC    ?= clang
WASI_INC   ?= /usr/include/wasm32-wasi
WEB_BUILD  := $(BUILD)/web
WEB_CFLAGS  = --target=wasm32-wasi -nostdlibinc -isystem $(WASI_INC) \
              -Isrc/front/web -Iinclude -Isrc -std=c11 -D_DEFAULT_SOURCE \
              -D_XOPEN_SOURCE=700 -DWATVIZ_VERSION='"$(VERSION)"' \
              -DWATVIZ_DATADIR='"/lessons"' -MMD -MP $(WARN) -Wno-format-nonliteral -O2
# everything but the terminal (src/front/term, src/cli), the threads (prove/jobs.c)
# and the state files (app/state.c): src/front/web has the page's own of those
WEB_SRC    := $(CORE_SRC) $(wildcard src/expr/*.c) $(wildcard src/trace/*.c) \
              $(wildcard src/try/*.c) \
              $(filter-out src/prove/jobs.c,$(wildcard src/prove/*.c)) \
              $(wildcard src/lesson/*.c) $(wildcard src/live/*.c) $(wildcard src/measure/*.c) \
              $(wildcard src/render/*.c) \
              $(filter-out src/app/state.c,$(wildcard src/app/*.c)) \
              $(wildcard src/session/*.c) \
              $(filter-out src/front/web/rolecss.c,$(wildcard src/front/web/*.c))
WEB_OBJ    := $(WEB_SRC:%.c=$(WEB_BUILD)/obj/%.o) $(WEB_BUILD)/obj/lessons.o
WEB_EXPORTS := wv_web_buf wv_web_open wv_web_resize wv_web_key wv_web_wheel wv_web_click \
              wv_web_tick wv_web_playing wv_web_speed wv_web_typing wv_web_frame \
              wv_web_rows wv_web_cols wv_web_link wv_web_said wv_web_proving \
              wv_web_prove_job wv_web_prove wv_web_proved
WEB_JS     := src/front/web/wasi.js src/front/web/core.js src/front/web/page.js src/front/web/worker.js

.PHONY: web
web: $(WEB_BUILD)/watviz.html

$(WEB_BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(WASM_CC) $(WEB_CFLAGS) -c -o $@ $<
$(WEB_BUILD)/obj/src/expr/expr.o: WEB_CFLAGS += -O3

$(WEB_BUILD)/lessons.c: src/front/web/embed-lessons.sh $(wildcard lessons/*.lesson)
	@mkdir -p $(dir $@)
	sh src/front/web/embed-lessons.sh $@ $(sort $(wildcard lessons/*.lesson))
$(WEB_BUILD)/obj/lessons.o: $(WEB_BUILD)/lessons.c
	@mkdir -p $(dir $@)
	$(WASM_CC) $(WEB_CFLAGS) -c -o $@ $<

# the stack: 1 MiB (wasm-ld's default 64 KiB was 99% used opening a lesson),
# and first in memory, so an overflow traps instead of writing over the data
$(WEB_BUILD)/watviz.wasm: $(WEB_OBJ)
	$(WASM_CC) --target=wasm32-wasi -mexec-model=reactor -nostdlib \
	  -L/usr/lib/wasm32-wasi -Wl,--strip-all -Wl,--stack-first \
	  -Wl,-z,stack-size=1048576 -o $@ \
	  /usr/lib/wasm32-wasi/crt1-reactor.o $(WEB_OBJ) -lc \
	  $(shell $(WASM_CC) --target=wasm32-wasi -print-libgcc-file-name) \
	  $(WEB_EXPORTS:%=-Wl,--export=%)

# the role classes from the terminal's role table (a native program)
$(WEB_BUILD)/rolecss: src/front/web/rolecss.c $(APP_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ src/front/web/rolecss.c $(APP_LIB)
$(WEB_BUILD)/roles.css: $(WEB_BUILD)/rolecss
	$(WEB_BUILD)/rolecss >$@

$(WEB_BUILD)/watviz.html: src/front/web/page.html src/front/web/page.css $(WEB_JS) src/front/web/assemble.sh \
                          $(WEB_BUILD)/roles.css $(WEB_BUILD)/watviz.wasm
	sh src/front/web/assemble.sh src/front/web $(WEB_BUILD)/roles.css $(WEB_BUILD)/watviz.wasm $@
	@echo "make web: $@, $$(wc -c <$@) bytes"

-include $(shell find $(WEB_BUILD)/obj -name '*.d' 2>/dev/null)

# tests/web/run-web.sh's native twin of the page: src/front/web/web.c on the
# native build's objects (its threads too), without Z3 and without the
# browser's storage, so with no state files (src/front/web/store.c)
WEB_NATIVE_OBJ := $(filter-out $(BUILD)/src/prove/z3.o $(BUILD)/src/front/term/% \
                  $(BUILD)/src/cli/% $(BUILD)/src/app/state.o,$(PURE_OBJ) $(UI_OBJ))
$(WEB_BUILD)/native/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(CURSES_CFLAGS) -Isrc/front/web -c -o $@ $<
$(WEB_BUILD)/native/lessons.o: $(WEB_BUILD)/lessons.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Isrc/front/web -c -o $@ $<
$(WEB_BUILD)/driver: $(WEB_BUILD)/native/tests/web/driver.o \
                     $(WEB_BUILD)/native/src/front/web/web.o $(WEB_BUILD)/native/lessons.o \
                     $(WEB_BUILD)/native/src/prove/z3.o \
                     $(WEB_BUILD)/native/src/front/web/store.o $(WEB_NATIVE_OBJ)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(DL_LIBS) -pthread -lm
