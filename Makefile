# wavesim build. `make` builds build/$(MODE)/wavesim (MODE=rel|dbg|asan|ubsan|san); build/wavesim is the release one.
MODE ?= rel
CC ?= cc
BUILD := build/$(MODE)

WARN := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS_rel := -O2
CFLAGS_dbg := -O0 -g
CFLAGS_asan := -O1 -g -fsanitize=address -fno-omit-frame-pointer
CFLAGS_ubsan := -O1 -g -fsanitize=undefined -fno-sanitize-recover=undefined
CFLAGS_san := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
ALLCFLAGS := $(WARN) -frounding-math $(CFLAGS_$(MODE)) $(CFLAGS) -Iinclude -Isrc
LDFLAGS_ALL := $(filter -fsanitize=%,$(CFLAGS_$(MODE))) $(LDFLAGS)

LIB_SRC := $(wildcard src/common/*.c src/asm/*.c src/core/*.c src/rdna3/codec/*.c src/rdna3/codeobj/*.c src/rdna3/exec/*.c src/ventus/*/*.c src/runtime/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o)
TABLES := $(wildcard isa/rdna3/*.def isa/ventus/*.def)
TEST_TOOLS := $(BUILD)/tests/r3_lines $(BUILD)/tests/unit_tests $(BUILD)/tests/vt_driver_test $(BUILD)/demo

.PHONY: all demo test test-fast bench fuzz clean tables
# build/wavesim always names the release binary; other modes are used by their own path.
all: $(BUILD)/wavesim $(TEST_TOOLS)
ifeq ($(MODE),rel)
	@ln -sf rel/wavesim build/wavesim
else
	@echo "built $(BUILD)/wavesim (build/wavesim stays the release binary)"
endif

$(BUILD)/%.o: %.c $(wildcard src/*/*.h src/*/*/*.h include/wavesim/*.h) $(TABLES)
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -c $< -o $@

$(BUILD)/libwavesim.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

CLI_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard cli/*.c))
$(BUILD)/wavesim: $(CLI_OBJ) $(BUILD)/libwavesim.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm -lpthread

# The OpenCL builtin library, embedded in `wavesim cc` as a C string.
$(BUILD)/gen/wavesim_cl_text.h: include/wavesim/wavesim_cl.h
	@mkdir -p $(dir $@)
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $< > $@
$(BUILD)/cli/cli_cc.o: cli/cli_cc.c $(BUILD)/gen/wavesim_cl_text.h
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -I$(BUILD)/gen -c $< -o $@

$(BUILD)/tests/%: $(BUILD)/tests/codec/%.o $(BUILD)/libwavesim.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm -lpthread

$(BUILD)/tests/unit_tests: $(BUILD)/tests/unit/unit_tests.o $(BUILD)/libwavesim.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm -lpthread

$(BUILD)/tests/vt_driver_test: $(BUILD)/tests/ventus/driver_test.o $(BUILD)/libwavesim.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm -lpthread

# A test oracle, not part of wavesim: runs a kernel on the host's OpenCL platform (PoCL). Only
# `make test` builds it, so `make` and `make demo` need no OpenCL.
$(BUILD)/tests/pocl_run: tests/oracle/pocl_run.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -O1 $< -o $@ -lOpenCL

$(BUILD)/demo: $(BUILD)/examples/demo.o $(BUILD)/libwavesim.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm -lpthread

# The main job: needs only a C compiler and make.
demo: all
	@$(BUILD)/demo

# Every test; ends with one line "N passed, N failed".
test:
	@$(MAKE) --no-print-directory MODE=rel all build/rel/tests/pocl_run
	@$(MAKE) --no-print-directory MODE=san all
	@bash tests/run.sh

bench: all
	@sh bench/run.sh build/$(MODE)

# libFuzzer on every parser (10 minutes each), then RANDOM_KERNELS random OpenCL kernels against PoCL
# (a fresh seed each run; failing sources are kept in build/random-kernels).
RANDOM_KERNELS ?= 2000
fuzz:
	@sh tests/fuzz/run.sh
	@$(MAKE) --no-print-directory MODE=rel all build/rel/tests/pocl_run
	python3 tests/exec/cl_random.py --tool build/rel/wavesim --pocl build/rel/tests/pocl_run \
	    --count $(RANDOM_KERNELS) --seed $$(date +%s) --keep build/random-kernels

# Regenerates isa/rdna3/*.def from llvm-mc-19 (developers only; the output is committed).
tables:
	python3 tools/gen_rdna3_tables.py

clean:
	rm -rf build
