# wavesim build. `make` builds build/$(MODE)/wavesim (MODE=rel|dbg|asan|ubsan|san); build/wavesim is the release one.
# MODE=fuzz CC=clang-19 builds build/fuzz/libwavesim.a for the fuzz harnesses.
MODE ?= rel
CC ?= cc
BUILD := build/$(MODE)

WARN := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
# -O3: 3-25% faster simulation than -O2 on the bench kernels (make bench, 2026-11-27), the same results
# (no flag of it touches floating-point semantics; -std=c11 keeps contraction off)
CFLAGS_rel := -O3
CFLAGS_dbg := -O0 -g
CFLAGS_asan := -O1 -g -fsanitize=address -fno-omit-frame-pointer
CFLAGS_ubsan := -O1 -g -fsanitize=undefined -fno-sanitize-recover=undefined
CFLAGS_san := -O1 -g1 -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
# -g1 and -gline-tables-only: line tables only, all a sanitizer or fuzzer report needs for file:line
# in its stacks, at a quarter less compile time than full debug information
# the library the libFuzzer harnesses link (tests/fuzz/run.sh; build with CC=clang-19): ASan+UBSan and
# coverage instrumentation
CFLAGS_fuzz := -O1 -gline-tables-only -fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=undefined
# -fPIC: the library objects also go into the OpenCL platform's shared library; calls between them
# still bind directly (-fno-semantic-interposition), so the executables pay nothing for it.
# -fno-math-errno: nothing reads errno after a math function, and with it GCC computes sqrtf inline
# (the same correctly rounded result), so the lane loops that take square roots vectorize.
ALLCFLAGS := $(WARN) -frounding-math -fno-math-errno -fPIC -fno-semantic-interposition $(CFLAGS_$(MODE)) $(CFLAGS) -Iinclude -Isrc
LDFLAGS_ALL := $(filter -fsanitize=%,$(CFLAGS_$(MODE))) $(LDFLAGS)

LIB_SRC := $(wildcard src/common/*.c src/asm/*.c src/core/*.c src/rdna3/codec/*.c src/rdna3/codeobj/*.c src/rdna3/exec/*.c src/ventus/*/*.c src/runtime/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o)
TABLES := $(wildcard isa/rdna3/*.def isa/ventus/*.def)
TEST_TOOLS := $(BUILD)/tests/r3_lines $(BUILD)/tests/unit_tests $(BUILD)/tests/vt_driver_test $(BUILD)/demo

.PHONY: all demo test bench fuzz clean tables install ventus-example
# The OpenCL platform (build/libwavesim-opencl.so and build/icd/wavesim.icd) needs the OpenCL headers
# with the ICD dispatch table; without them everything else still builds.
OCL_HEADER := $(wildcard /usr/include/CL/cl_icd.h)
ifneq ($(OCL_HEADER),)
OPENCL_LIB := $(BUILD)/libwavesim-opencl.so
else
$(info OpenCL headers not found (CL/cl_icd.h; apt-get install ocl-icd-opencl-dev): the OpenCL platform is not built)
endif
# build/wavesim always names the release binary; other modes are used by their own path.
all: $(BUILD)/wavesim $(TEST_TOOLS) $(OPENCL_LIB)
ifeq ($(MODE),rel)
	@ln -sf rel/wavesim build/wavesim
ifneq ($(OCL_HEADER),)
	@ln -sf rel/libwavesim-opencl.so build/libwavesim-opencl.so
	@mkdir -p build/icd && echo "$(abspath build/libwavesim-opencl.so)" > build/icd/wavesim.icd
endif
else
	@echo "built $(BUILD)/wavesim (build/wavesim stays the release binary)"
endif

$(BUILD)/%.o: %.c $(wildcard src/*/*.h src/*/*/*.h include/wavesim/*.h opencl/*.h cli/*.h) $(TABLES)
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -c $< -o $@

$(BUILD)/libwavesim.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

CLI_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard cli/*.c))
# cli/ and opencl/ see only the public headers (include/wavesim/) and their own: no -Isrc
$(BUILD)/cli/%.o $(BUILD)/opencl/%.o: ALLCFLAGS := $(filter-out -Isrc,$(ALLCFLAGS))
# the f32 fma lanes vectorize only without -frounding-math (r3_fma_lanes.c says why that is safe)
$(BUILD)/src/rdna3/exec/r3_fma_lanes.o: ALLCFLAGS := $(filter-out -frounding-math,$(ALLCFLAGS))
$(BUILD)/wavesim: $(CLI_OBJ) $(BUILD)/libwavesim.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm -lpthread

# The OpenCL platform: a shared library over libwavesim.a that the Khronos ICD loader finds through an
# .icd file naming it ($(BUILD)/icd holds one for each build mode).
OCL_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard opencl/*.c))
$(BUILD)/libwavesim-opencl.so: $(OCL_OBJ) $(BUILD)/libwavesim.a opencl/exports.map
	$(CC) -shared $(LDFLAGS_ALL) -Wl,--version-script=opencl/exports.map -Wl,-Bsymbolic -o $@ $(OCL_OBJ) \
	    $(BUILD)/libwavesim.a -lm -lpthread
	@mkdir -p $(BUILD)/icd && echo "$(abspath $@)" > $(BUILD)/icd/wavesim.icd

# The RDNA3 table rows parsed at build time (tools/r3_gen_tables.c): the library's r3_isa.c includes
# them instead of parsing the rows' texts at every start-up.
$(BUILD)/tools/r3_gen_tables: tools/r3_gen_tables.c src/rdna3/codec/r3_isa.c src/rdna3/codec/r3_mimg.c \
        $(wildcard src/rdna3/codec/*.h) $(TABLES)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -O1 -DR3_TABLE_GENERATOR -Iinclude -Isrc -o $@ tools/r3_gen_tables.c src/rdna3/codec/r3_isa.c \
	    src/rdna3/codec/r3_mimg.c
$(BUILD)/gen/r3_isa_tables.h: $(BUILD)/tools/r3_gen_tables
	@mkdir -p $(dir $@)
	$< > $@.tmp && mv $@.tmp $@
$(BUILD)/src/rdna3/codec/r3_isa.o: src/rdna3/codec/r3_isa.c $(BUILD)/gen/r3_isa_tables.h $(wildcard src/*/*.h src/*/*/*.h) $(TABLES)
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -DR3_PREPARSED -I$(BUILD)/gen -c $< -o $@

# The OpenCL builtin library, embedded in ws_cc (the compiler driver) as a C string.
$(BUILD)/gen/wavesim_cl_text.h: include/wavesim/wavesim_cl.h
	@mkdir -p $(dir $@)
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $< > $@
$(BUILD)/src/runtime/ws_cc.o: src/runtime/ws_cc.c $(BUILD)/gen/wavesim_cl_text.h include/wavesim/wavesim.h
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

# The OpenCL API conformance test: plain OpenCL host code through the ICD loader, built with this
# mode's sanitizers (the platform library of the same mode has them too). Only `make test` builds it.
$(BUILD)/tests/opencl_conformance: tests/opencl/api_conformance.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS_$(MODE)) $< -o $@ $(LDFLAGS_ALL) -lOpenCL -lpthread

$(BUILD)/demo: $(BUILD)/examples/demo.o $(BUILD)/libwavesim.a
	$(CC) $(LDFLAGS_ALL) -o $@ $^ -lm -lpthread

# The main job: needs only a C compiler and make.
demo: all
	@$(BUILD)/demo

# The Ventus example: examples/ventus/vecadd.s (the Ventus compiler's vecadd) assembled and run on
# 256 work-items as a kernel file, its result compared with examples/ventus/expected-c.bin.
ventus-example: all
	@mkdir -p $(BUILD)/examples/ventus
	$(BUILD)/wavesim as --isa ventus examples/ventus/vecadd.s -o $(BUILD)/examples/ventus/vecadd.elf
	$(BUILD)/wavesim run --isa ventus $(BUILD)/examples/ventus/vecadd.elf --kernel vecadd --global 256 --local 64 \
	    --arg buf:examples/ventus/a.bin --arg buf:examples/ventus/b.bin --arg zeros:1024 \
	    --dump 2:$(BUILD)/examples/ventus/c.bin --stats
	@cmp $(BUILD)/examples/ventus/c.bin examples/ventus/expected-c.bin && \
	    echo "ventus-example: c = a + b, 256 of 256 results equal examples/ventus/expected-c.bin"

# Every test; ends with one line "N passed, N failed".
# (the two builds use every core: they are a fifth of the test loop's time when run one file at a time)
TEST_BUILD_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# (make expands the whole recipe before its first line runs: TEST_STARTED is the time before the builds)
test:
	@$(MAKE) --no-print-directory -j$(TEST_BUILD_JOBS) MODE=rel all build/rel/tests/pocl_run
	@$(MAKE) --no-print-directory -j$(TEST_BUILD_JOBS) MODE=san all build/san/tests/opencl_conformance
	@if command -v clang-19 >/dev/null; then \
	    $(MAKE) --no-print-directory -s -j$(TEST_BUILD_JOBS) MODE=fuzz CC=clang-19 build/fuzz/libwavesim.a; fi
	@TEST_STARTED=$(shell date +%s) bash tests/run.sh

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

# Installs the command-line tool and the OpenCL platform (with its ICD file) under PREFIX.
PREFIX ?= /usr/local
install: all
	install -D -m 755 $(BUILD)/wavesim $(DESTDIR)$(PREFIX)/bin/wavesim
ifneq ($(OCL_HEADER),)
	install -D -m 755 $(BUILD)/libwavesim-opencl.so $(DESTDIR)$(PREFIX)/lib/libwavesim-opencl.so
	mkdir -p $(DESTDIR)$(PREFIX)/etc/OpenCL/vendors
	echo "$(PREFIX)/lib/libwavesim-opencl.so" > $(DESTDIR)$(PREFIX)/etc/OpenCL/vendors/wavesim.icd
endif

clean:
	rm -rf build
