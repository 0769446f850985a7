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

# the same driver with the full web page compiled in, as make CLASS_BITS=yes
# builds watviz (the "see the bits" link); run-class.sh builds it when make
# web can (its own assets file comes before the library's)
CLASS_BITS_DRIVER := $(BUILD)/tests/class/driver-bits
$(BUILD)/tests/class/assets-bits.c: src/front/class/embed.sh $(BUILD)/web/watviz.html \
                                    $(filter-out $(BUILD)/web/watviz.html,$(CLASS_PAGE))
	@mkdir -p $(dir $@)
	sh src/front/class/embed.sh $@ $(filter-out $(BUILD)/web/watviz.html,$(CLASS_PAGE)) \
	  $(BUILD)/web/watviz.html
$(CLASS_BITS_DRIVER): tests/class/driver.c $(BUILD)/tests/class/assets-bits.c $(APP_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(ALL_LDFLAGS) -Isrc/front/class -o $@ \
	  tests/class/driver.c $(BUILD)/tests/class/assets-bits.c $(APP_LIB) $(APP_LIBS) -lm

# N simulated students on loopback join, hold their event streams and
# vote (tests/class/bench.py): every vote counted once, the vote latency,
# the server's memory; then the teacher's key-to-frame time in watviz
# itself with that many streams open.  Not a timed test.
# BENCH_CLASS='100 1000' sizes.
BENCH_CLASS ?= 100 500 1000
.PHONY: bench-class
bench-class: $(CLASS_DRIVER) $(PROG)
	python3 tests/class/bench.py $(CLASS_DRIVER) --watviz $(PROG) $(BENCH_CLASS)
