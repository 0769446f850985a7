# libFuzzer targets (clang, with ASan and UBSan), included by the Makefile.
#   make fuzz FUZZ_SECONDS=60     run every target for that long
#   make fuzz-build               only build them (make check runs each briefly)
# SPDX-License-Identifier: GPL-3.0-or-later

FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_DIR      = build-fuzz
FUZZ_TARGETS  = word lesson cmd core args expr class
FUZZ_CFLAGS   = -std=c11 -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=700 -Iinclude -Isrc -Itests/fuzz \
                -g -O1 -fno-omit-frame-pointer \
                -fsanitize=fuzzer-no-link,address,undefined \
                -fno-sanitize-recover=undefined
FUZZ_LIB_SRC  = $(PURE_SRC) src/render/look.c src/render/hide.c src/render/plain.c src/render/json.c \
                src/render/handout.c src/render/html.c src/render/weblink.c src/render/theme.c \
                src/app/cmdline.c src/cli/args.c src/front/class/request.c
FUZZ_LIB_OBJ  = $(FUZZ_LIB_SRC:%.c=$(FUZZ_DIR)/%.o)

$(FUZZ_DIR)/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c -o $@ $<

$(FUZZ_DIR)/fuzz_%: $(FUZZ_DIR)/tests/fuzz/fuzz_%.o $(FUZZ_LIB_OBJ)
	$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $@ $^ $(DL_LIBS)

.PHONY: fuzz fuzz-build
fuzz-build: $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz_%)

fuzz: fuzz-build
	@sh tests/fuzz/fuzz.sh $(FUZZ_DIR) $(FUZZ_SECONDS) $(FUZZ_TARGETS)
