# tests/class/run-class.sh's driver: the class server on the vote layer in
# a loop like the terminal's, driven from stdin (tests/class/driver.c).
# Until src/live/ has its code, the driver links a stand-in of the vote
# layer (tests/class/live_fake.c), never part of watviz.  Included by the
# Makefile.
# SPDX-License-Identifier: GPL-3.0-or-later

CLASS_DRIVER := $(BUILD)/tests/class/driver
CLASS_FAKE   := $(if $(wildcard src/live/*.c),,tests/class/live_fake.c)

$(CLASS_DRIVER): tests/class/driver.c $(CLASS_FAKE) $(APP_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ tests/class/driver.c \
	  $(CLASS_FAKE) $(APP_LIB) $(APP_LIBS) -lm

tests: $(CLASS_DRIVER)

# N simulated students on loopback join, hold their event streams and
# vote (tests/class/bench.py): every vote counted once, the vote latency,
# the server's memory; then the teacher's key-to-frame time in watviz
# itself with that many streams open.  Not a timed test.
# BENCH_CLASS='100 1000' sizes.
BENCH_CLASS ?= 100 500 1000
.PHONY: bench-class
bench-class: $(CLASS_DRIVER) $(PROG)
	python3 tests/class/bench.py $(CLASS_DRIVER) --watviz $(PROG) $(BENCH_CLASS)
