# Benchmarks: `make bench` (timings) and `make bench-icount` (callgrind).
# Included by the top-level Makefile.  Everything builds in build-bench/ with
# its own optimisation flags (BENCH_CFLAGS, no sanitizers), whatever BUILD and
# CFLAGS the rest of the tree uses.  See docs/PERFORMANCE.md.
#
# The two -falign flags start every loop and jump target on 32 bytes, for the
# core and the yardsticks alike: on the bench machine a tight loop that the
# linker happens to place across a 64-byte boundary runs up to 2x slower,
# which made results depend on the size of unrelated code.
# SPDX-License-Identifier: GPL-3.0-or-later

BENCH_BUILD  ?= build-bench
BENCH_CFLAGS ?= -O2 -g -falign-loops=32 -falign-jumps=32
BENCH_ARGS   ?=
BENCH_BASE_OBJ := $(BUILD)/bench/baseline.o
BENCH_BIN    := $(BUILD)/bench/wvbench
ICOUNT_BIN   := $(BUILD)/bench/wvicount
FRAME_BIN    := $(BUILD)/bench/wvframe
PROVE_BIN    := $(BUILD)/bench/wvprove

.PHONY: bench bench-icount bench-bin bench-force

# The sub-make sets BUILD, so CORE_LIB and the objects land in build-bench/.
bench:
	@$(MAKE) --no-print-directory BUILD=$(BENCH_BUILD) CFLAGS='$(BENCH_CFLAGS)' \
	  SAN= bench-bin
	@sh tests/bench/bench.sh $(BENCH_BUILD) '$(CC)' '$(BENCH_CFLAGS)' $(BENCH_ARGS) \
	  | tee $(BENCH_BUILD)/bench.txt
	@echo "the visualizer's CPU time (medians of 21 runs, 100x30 screen on /dev/null):" \
	  | tee -a $(BENCH_BUILD)/bench.txt
	@$(BENCH_BUILD)/bench/wvframe | tee -a $(BENCH_BUILD)/bench.txt
	@$(BENCH_BUILD)/bench/wvprove | tee -a $(BENCH_BUILD)/bench.txt

bench-icount:
	@$(MAKE) --no-print-directory BUILD=$(BENCH_BUILD) CFLAGS='$(BENCH_CFLAGS)' \
	  SAN= bench-bin
	@sh tests/bench/icount.sh $(BENCH_BUILD) '$(CC)' '$(BENCH_CFLAGS)' \
	  | tee $(BENCH_BUILD)/icount.txt

bench-bin: $(BENCH_BIN) $(ICOUNT_BIN) $(FRAME_BIN) $(PROVE_BIN)

# Rebuild everything in build-bench/ when BENCH_CFLAGS change.
ifeq ($(BUILD),$(BENCH_BUILD))
BENCH_STAMP := $(BUILD)/bench/cflags
$(BENCH_STAMP): bench-force
	@mkdir -p $(dir $@)
	@echo '$(CFLAGS)' | cmp -s - $@ || echo '$(CFLAGS)' >$@
$(CORE_OBJ) $(BUILD)/bench/bench.o $(BUILD)/bench/baseline.o \
  $(BUILD)/bench/icount.o: $(BENCH_STAMP)
endif

$(BUILD)/bench/%.o: tests/bench/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itests/bench -c -o $@ $<

$(BENCH_BIN): $(BUILD)/bench/bench.o $(BENCH_BASE_OBJ) $(CORE_LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $^

$(ICOUNT_BIN): $(BUILD)/bench/icount.o $(BENCH_BASE_OBJ) $(CORE_LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $^

$(PROVE_BIN): $(BUILD)/bench/prove.o $(PURE_LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(Z3_LIBS) -pthread

$(FRAME_BIN): $(BUILD)/bench/frame.o $(APP_LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(APP_LIBS)
