# Benchmarks: `make bench` (timings) and `make bench-icount` (callgrind).
# Included by the top-level Makefile.  They link the core library exactly as
# `make` builds it (same BUILD, same CFLAGS, the layout flags of str.o
# included), so the numbers are those of the library that ships.  The
# yardsticks (src/measure/yardstick.c, shared with the lesson's live
# measurement) get the same layout flags as str.c.  See
# docs/PERFORMANCE.md.
# SPDX-License-Identifier: GPL-3.0-or-later

BENCH_ARGS   ?=
BENCH_BASE_OBJ := $(BUILD)/src/measure/yardstick.o
BENCH_BIN    := $(BUILD)/bench/wvbench
ICOUNT_BIN   := $(BUILD)/bench/wvicount
FRAME_BIN    := $(BUILD)/bench/wvframe
PROVE_BIN    := $(BUILD)/bench/wvprove
EDIT_BIN     := $(BUILD)/bench/wvedit

.PHONY: bench bench-icount bench-bin

bench: bench-bin $(PROG)
	@sh tests/bench/bench.sh $(BUILD) '$(CC)' '$(CFLAGS) $(LAYOUT_CFLAGS) (str.c)' \
	  $(BENCH_ARGS) | tee $(BUILD)/bench.txt
	@echo "the visualizer's CPU time (medians of 21 runs, 100x30 screen on /dev/null):" \
	  | tee -a $(BUILD)/bench.txt
	@$(FRAME_BIN) | tee -a $(BUILD)/bench.txt
	@echo "one byte edit, CPU time (medians of 21 runs of 40 edits):" | tee -a $(BUILD)/bench.txt
	@$(EDIT_BIN) | tee -a $(BUILD)/bench.txt
	@$(PROVE_BIN) | tee -a $(BUILD)/bench.txt

bench-icount: bench-bin
	@sh tests/bench/icount.sh $(BUILD) '$(CC)' '$(CFLAGS) $(LAYOUT_CFLAGS) (str.c)' \
	  | tee $(BUILD)/icount.txt

bench-bin: $(BENCH_BIN) $(ICOUNT_BIN) $(FRAME_BIN) $(PROVE_BIN) $(EDIT_BIN)

$(BUILD)/bench/%.o: tests/bench/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itests/bench -c -o $@ $<

$(BENCH_BIN): $(BUILD)/bench/bench.o $(BENCH_BASE_OBJ) $(CORE_LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $^

$(ICOUNT_BIN): $(BUILD)/bench/icount.o $(BENCH_BASE_OBJ) $(CORE_LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $^

$(PROVE_BIN): $(BUILD)/bench/prove.o $(PURE_LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(DL_LIBS) -pthread

$(FRAME_BIN): $(BUILD)/bench/frame.o $(APP_LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(APP_LIBS)

$(EDIT_BIN): $(BUILD)/bench/edit.o $(APP_LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(APP_LIBS)
