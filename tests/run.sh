#!/bin/bash
# Runs every test of wavesim and ends with one line "N passed, N failed".
# Oracle tests need llvm-19 (installed by .ci/run); without it they fail loudly rather than skip.
# Independent tests run TEST_JOBS at a time (default: the number of cores); their results are printed
# in the order they are listed here, whatever order they finish in.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-19/bin}
export LLVM_BIN
# programs the OpenCL platform builds are cached here, not in the user's ~/.cache
export WAVESIM_CL_CACHE_DIR="$ROOT/build/opencl-cache"
jobs_max=${TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
# make test passes the time before its builds, so the time printed at the end is the whole loop's
started=${TEST_STARTED:-$(date +%s)}
passed=0
failed=0
log=build/test-logs
mkdir -p "$log"
rm -f "$log"/*.rc
names=()    # every test started, in listed order
reported=0  # how many of names have been printed

report() { # prints, in listed order, the finished tests not yet printed (with their wall time)
    local done_name rc secs
    while [ "$reported" -lt "${#names[@]}" ]; do
        done_name=${names[$reported]}
        [ -f "$log/$done_name.rc" ] || return 0
        read -r rc secs <"$log/$done_name.rc"
        if [ "$rc" = 0 ]; then
            passed=$((passed + 1))
            printf 'PASS %s (%s s)\n' "$done_name" "$secs"
        else
            failed=$((failed + 1))
            printf 'FAIL %s (see %s/%s.log)\n' "$done_name" "$log" "$done_name"
            tail -n 15 "$log/$done_name.log" | sed 's/^/    /'
        fi
        reported=$((reported + 1))
    done
}

start() { # start NAME COMMAND...: one test in the background once a job slot is free
    local name=$1
    shift
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do
        wait -n
        report
    done
    names+=("$name")
    (
        t0=$(date +%s)
        "$@" >"$log/$name.log" 2>&1
        echo "$? $(($(date +%s) - t0))" >"$log/$name.rc.part" && mv "$log/$name.rc.part" "$log/$name.rc"
    ) &
}

deferred=()
run() { # run NAME COMMAND...: one test, its output kept in build/test-logs/NAME.log. Sanitizer runs
    # (NAME ends in -asan-ubsan) start after the release tests, so they find the oracle answers the
    # release runs cached (tests/oracle_cache.py).
    case $1 in
    *-asan-ubsan) deferred+=("$(printf '%q ' "$@")") ;;
    *) start "$@" ;;
    esac
}

finish() { # starts the deferred tests, waits for every test started and prints the rest
    local cmd
    for cmd in "${deferred[@]}"; do
        eval "start $cmd"
    done
    deferred=()
    wait
    report
}

have_llvm() { [ -x "$LLVM_BIN/llvm-mc" ] && [ -x "$LLVM_BIN/llvm-objdump" ]; }

# Every parser under libFuzzer (ASan+UBSan), 30 s each from real inputs: a regression finder, not
# the long runs (make fuzz, 10 minutes each). Started first: it is the longest test, and the others
# fill the second core around it.
if command -v clang-19 >/dev/null; then
    run fuzz-30s env FUZZ_SECONDS=30 FUZZ_COUNT=0 sh tests/fuzz/run.sh
fi
run unit-rel build/rel/tests/unit_tests
run unit-asan-ubsan build/san/tests/unit_tests

# Differential disassembly against llvm-mc-19: every format listed as claimed must agree 100%.
claimed=$(grep -v '^#' tests/codec/claimed_dis.txt | tr '\n' ',' | sed 's/,$//')
claimed_as=$(grep -v '^#' tests/codec/claimed_as.txt | tr '\n' ',' | sed 's/,$//')
if have_llvm; then
    for wave in 32 64; do
        flag=
        [ "$wave" = 64 ] && flag=--wave64
        run "dis-vs-llvm-w$wave" python3 tests/codec/llvm_dis_diff.py --tool build/rel/tests/r3_lines \
            --count 20000 --seed "$wave" --formats "$claimed" $flag
        run "dis-vs-llvm-w$wave-asan-ubsan" python3 tests/codec/llvm_dis_diff.py \
            --tool build/san/tests/r3_lines --count 2000 --seed "1$wave" --formats "$claimed" $flag
    done
else
    failed=$((failed + 1))
    echo "FAIL llvm-19 oracle missing at $LLVM_BIN (run .ci/run or apt-get install llvm-19)"
fi

# Differential assembly against llvm-mc-19 over a corpus of LLVM's own text, plus round trips.
if have_llvm; then
    for wave in 32 64; do
        flag=
        [ "$wave" = 64 ] && flag=--wave64
        run "as-vs-llvm-w$wave" python3 tests/codec/llvm_asm_diff.py --tool build/rel/tests/r3_lines \
            --count 30000 --seed "2$wave" --formats "$claimed_as" --every-opcode $flag
        run "as-vs-llvm-w$wave-asan-ubsan" python3 tests/codec/llvm_asm_diff.py \
            --tool build/san/tests/r3_lines --count 2000 --seed "3$wave" --formats "$claimed_as" $flag
    done
    run expr-vs-llvm python3 tests/codec/llvm_expr_diff.py --tool build/rel/tests/r3_lines --count 4000 --seed 3
    run expr-vs-llvm-asan-ubsan python3 tests/codec/llvm_expr_diff.py --tool build/san/tests/r3_lines --count 1000 --seed 4
    run as-aliases python3 tests/codec/llvm_alias_diff.py --tool build/rel/tests/r3_lines
    # hand-written seed-002 syntax (valid and invalid forms, labels, cycles) against llvm-mc-19
    run as-syntax python3 tests/codec/as_syntax.py --tool build/rel/wavesim
    run as-syntax-asan-ubsan python3 tests/codec/as_syntax.py --tool build/san/wavesim
    run as-negative python3 tests/codec/llvm_asm_negative.py --tool build/rel/tests/r3_lines --formats "$claimed_as" \
        --count 1500
    # every VALU row's register sources replaced by constants, registers and modifiers of every kind
    run as-operand-kinds python3 tests/codec/as_operand_kinds.py --tool build/rel/tests/r3_lines
    # every row's operand forms varied (numbers, lists, left-out operands, modifier order, suffixes), both ways
    run as-forms-w32 python3 tests/codec/as_forms.py --tool build/rel/tests/r3_lines
    run as-forms-w64 python3 tests/codec/as_forms.py --tool build/rel/tests/r3_lines --wave64
    run as-forms-asan-ubsan python3 tests/codec/as_forms.py --tool build/san/tests/r3_lines --sample 0.25
    # opcode traits come from isa/rdna3/traits.def, never from comparing a mnemonic with text
    run no-mnemonic-semantics python3 tests/codec/no_mnemonic_semantics.py
fi

# Code objects: clang-19 assembly of OpenCL kernels, assembled by llvm-mc-19 and by wavesim.
if have_llvm && command -v clang-19 >/dev/null; then
    run codeobj-vs-llvm python3 tests/codeobj/llvm_codeobj_diff.py --tool build/rel/wavesim
    run codeobj-vs-llvm-asan-ubsan python3 tests/codeobj/llvm_codeobj_diff.py --tool build/san/wavesim
else
    failed=$((failed + 1))
    echo "FAIL clang-19 missing (run .ci/run or apt-get install clang-19)"
fi

# Compiled OpenCL kernels run by wavesim against host references (-O3/-O0, wave32/64, 1 and 2 threads),
# linked with AMD's device libraries; the release run also runs each kernel natively on PoCL and
# compares (build/test-logs/kernels.log lists what PoCL cannot run and why), and runs each through
# wavesim's OpenCL platform with the same host program (pocl_run), which must give `wavesim run`'s
# buffers bit for bit. Once more with wavesim's
# own builtin header, the fallback of `wavesim cc` without rocm-device-libs.
if command -v clang-19 >/dev/null; then
    # the PoCL side's batch mode (one process, each program built once) answers as separate processes
    run pocl-run-batch python3 tests/exec/pocl_batch.py --pocl build/rel/tests/pocl_run
    # (--fast-paths-diff: every case again with --no-fast-paths, the executor's reference paths: the
    # same buffers, and at -O3 wave32 the same trace byte for byte)
    run kernels python3 tests/exec/run_kernels.py --tool build/rel/wavesim --cc-tool build/rel/wavesim \
        --pocl build/rel/tests/pocl_run --opencl-icd build/icd --fast-paths-diff
    # the sanitizer run executes the code objects the release run compiled (cached by content)
    run kernels-asan-ubsan python3 tests/exec/run_kernels.py --tool build/san/wavesim --cc-tool build/rel/wavesim
    run kernels-wavesim-builtins python3 tests/exec/run_kernels.py --tool build/rel/wavesim --builtins wavesim
    # Every OpenCL math, integer and conversion builtin (AMD's device library) at -O0/-O3, wave32/64,
    # against CPython's libm/exact rationals within OpenCL's ulp bounds, and PoCL on the same source.
    run cl-builtins python3 tests/exec/cl_builtins.py --tool build/rel/wavesim --pocl build/rel/tests/pocl_run \
        --count 2048 --seed 1
    # The other builtin families (work-item, common, geometric, relational, vector math, half_/native_,
    # vector integer, shuffle, vload/vstore, vload/vstore_half, as_type) on scalar and vector types at
    # -O3 wave32, -O0 wave32 and -O0 wave64, against exact or ulp-bounded Python references and PoCL.
    run cl-builtins-more python3 tests/exec/cl_builtins_more.py --tool build/rel/wavesim \
        --pocl build/rel/tests/pocl_run --seed 1
    # 200 random kernels (integer and float expressions, branches, loops, local memory) and 100 more with
    # global/local atomics and vector types against PoCL
    run random-kernels-vs-pocl python3 tests/exec/cl_random.py --tool build/rel/wavesim --pocl build/rel/tests/pocl_run \
        --count 200 --seed 1 --keep build/test-logs/random-kernels
    run cl-builtins-asan-ubsan python3 tests/exec/cl_builtins.py --tool build/san/wavesim \
        --pocl build/rel/tests/pocl_run --count 256 --seed 2
fi

# VALU against reference models (issue 4): every row the C model tests/exec/valu_ref.c knows, in
# wave32 and wave64, over edge cases and random vectors in several MODE settings and with random
# input/output modifiers; WMMA against tests/exec/wmma_ref.c; DPP and cross-lane moves against
# Python models; hazard warnings and VOPD pairing rules. valu_coverage.py sums up what they verified.
cov=build/test-logs/coverage
mkdir -p "$cov"
run valu-vectors python3 tests/exec/valu_vectors.py --tool build/rel/wavesim --seed 1 --covered "$cov/valu-vectors"
run valu-vectors-asan-ubsan python3 tests/exec/valu_vectors.py --tool build/san/wavesim --seed 2 --modes 2 --sample 0.2
# issue 18: the rows the executor's wave32 fast paths serve most (f32 arithmetic and compares, carries,
# 64-bit shifts, ldexp/frexp, int-to-f32 conversions) once more through the reference paths (--no-fast-paths), against the same
# model: valu-vectors checks the fast paths, this the paths they stand in for
run valu-vectors-reference python3 tests/exec/valu_vectors.py --tool build/rel/wavesim --seed 3 --modes 1 --no-fast-paths \
    --only '^v_(ldexp|frexp|cmpx?_[a-z]+_(f32|u64|i64|u32|i32)|(add|sub|subrev|mul|fma|fmac)_(f32|co_u32|co_ci_u32|nc_u32)|cndmask_b32|(lshlrev|lshrrev|ashrrev)_(b64|i64|b32|i32)|mad_[iu]64_[iu]32|cvt_f32_[iu]32|sqrt_f32)'
# issue 15: valu_ref.c against a second model written from the RDNA3 guide's pseudocode (valu_pcode*.py)
run valu-pcode python3 tests/exec/valu_pcode_check.py --seed 1 --covered "$cov/valu-pcode"
# the SALU rows that compute on SGPRs and SCC against a Python model of the guide's SOP descriptions
run salu-vectors python3 tests/exec/salu_vectors.py --tool build/rel/wavesim --seed 1
run salu-vectors-asan-ubsan python3 tests/exec/salu_vectors.py --tool build/san/wavesim --seed 2
# results captured from RDNA3 hardware (AMD rocjitsu's W7900 / gfx1100 captures), no model of ours
run hw-captures python3 tests/exec/hw_captures.py --tool build/rel/wavesim
run hw-captures-asan-ubsan python3 tests/exec/hw_captures.py --tool build/san/wavesim
# gfx1100 MODE rules (denormal flushing and tininess, OMOD, FP16_OVFL, transcendental rounding):
# rocjitsu's W7900 rows
run hw-fp-mode python3 tests/exec/hw_fp_mode.py --tool build/rel/wavesim
run wmma-matrix python3 tests/exec/wmma_matrix.py --tool build/rel/wavesim --seed 4 --covered "$cov/wmma"
run wmma-matrix-asan-ubsan python3 tests/exec/wmma_matrix.py --tool build/san/wavesim --seed 5 --sample 0.05
run dpp-lanes python3 tests/exec/dpp_lanes.py --tool build/rel/wavesim --seed 3
run dpp-lanes-asan-ubsan python3 tests/exec/dpp_lanes.py --tool build/san/wavesim --seed 4
run lane-ops python3 tests/exec/lane_ops.py --tool build/rel/wavesim --seed 8 --covered "$cov/lanes"
run lane-ops-asan-ubsan python3 tests/exec/lane_ops.py --tool build/san/wavesim --seed 9
run hazards python3 tests/exec/hazards.py --tool build/rel/wavesim
run hazards-asan-ubsan python3 tests/exec/hazards.py --tool build/san/wavesim
# Buffer instructions: V# addressing and range checks against the model in buffer_matrix.py.
run buffer-matrix python3 tests/exec/buffer_matrix.py --tool build/rel/wavesim --seed 5
run buffer-matrix-asan-ubsan python3 tests/exec/buffer_matrix.py --tool build/san/wavesim --seed 6
# Every buffer data format, both directions, plain and D16, against the C model buffer_format_ref.c.
run buffer-formats python3 tests/exec/buffer_formats.py --tool build/rel/wavesim --seed 11
run buffer-formats-asan-ubsan python3 tests/exec/buffer_formats.py --tool build/san/wavesim --seed 12
# Atomic-heavy kernel, 50 runs on 2 host threads: exact counts every time.
run atomics-50x-threads2 python3 tests/exec/atomic_repeat.py --tool build/rel/wavesim --repeat 50 --threads 2
run atomics-threads2-asan-ubsan python3 tests/exec/atomic_repeat.py --tool build/san/wavesim --repeat 3 --threads 2
# Float atomics (seed 004 NaN/zero/denormal rules) for DS, buffer and global forms, all MODE settings.
run float-atomics python3 tests/exec/float_atomics.py --tool build/rel/wavesim --seed 9
run float-atomics-asan-ubsan python3 tests/exec/float_atomics.py --tool build/san/wavesim --seed 10
# Every compute memory opcode (DS, MUBUF, MTBUF, FLAT, GLOBAL, SCRATCH, SMEM, GWS, ordered count) in
# wave32 and wave64 against mem_model.py, written from the RDNA3 guide and seeds 001/004 (issue 15).
run mem-ops python3 tests/exec/mem_ops.py --tool build/rel/wavesim --seed 1 --covered "$cov/mem-ops"
run mem-ops-asan-ubsan python3 tests/exec/mem_ops.py --tool build/san/wavesim --seed 2 --sample 0.2
# Every compute image (MIMG) opcode in wave32 and wave64 against tests/exec/image_model.py, a model
# written from the guide, ROCm, PAL, Mesa and OpenCL (docs/image-facts.md) by other hands than the
# executor's; its test-side section holds wavesim's implicit-LOD reading. The selftests check the
# model's readings against hand-computed values.
run image-ops python3 tests/exec/image_ops.py --tool build/rel/wavesim --seed 1 --covered "$cov/image-ops"
run image-ops-asan-ubsan python3 tests/exec/image_ops.py --tool build/san/wavesim --seed 2 --cases 1
run image-selftests sh -c 'python3 tests/exec/image_model.py --selftest && python3 tests/exec/image_ops.py --selftest'
# buffer_load_lds_*, global addtid, FLAT aperture routing, SH_MEM_CONFIG alignment modes.
run vmem-extras python3 tests/exec/vmem_extras.py --tool build/rel/wavesim --seed 5
run vmem-extras-asan-ubsan python3 tests/exec/vmem_extras.py --tool build/san/wavesim --seed 6
# GWS barriers and semaphores across workgroups, ordered count in wave-creation order, deadlock report.
run gws-ordered python3 tests/exec/gws_sync.py --tool build/rel/wavesim --threads 2 --repeat 20
run gws-ordered-asan-ubsan python3 tests/exec/gws_sync.py --tool build/san/wavesim --threads 2 --repeat 2

run cli-dis-hex sh tests/cli/dis_hex.sh build/rel/wavesim
run cli-dis-elf-errors sh tests/cli/dis_elf_errors.sh build/san/wavesim
run cli-as-errors sh tests/cli/as_errors.sh build/rel/wavesim
run cli-run-errors sh tests/cli/run_errors.sh build/san/wavesim
run cli-run-batch python3 tests/cli/run_batch.py --tool build/san/wavesim
# Bad input to every command (one line, exit 1/2, no signal, no sanitizer report, no half-written output).
run cli-bad-input-asan-ubsan python3 tests/cli/bad_input.py --tool build/san/wavesim
# Every option the help texts name is accepted; the contract's forms are in `wavesim help`.
run cli-help-options python3 tests/cli/help_options.py --tool build/rel/wavesim
# `wavesim cc --print-command` is the clang command cc runs, word for word (the test compile cache keys on it)
run cli-cc-command python3 tests/cli/cc_command.py --tool build/san/wavesim
command -v clang-19 >/dev/null && run cli-run-trace python3 tests/cli/run_trace.py build/san/wavesim
# --timeline for both ISAs: valid Chrome trace JSON, the same for 1 and 2 host threads, and every span
# where the documented time model, applied to the --trace output, puts it
command -v clang-19 >/dev/null && run cli-timeline python3 tests/cli/timeline.py build/san/wavesim
# Ventus: the reference test vectors (final buffers and per-launch snapshots), the reference commit
# logs, the reference disassembly dumps, an encoding corpus against llvm-mc-19 / GNU as, bad input.
run ventus-cases python3 tests/ventus/run_cases.py --tool build/rel/wavesim --per-launch
# the same through the executor's reference paths (every vector register cleared per workgroup,
# memory lane by lane): ventus-cases checks the fast paths, this what they stand in for
run ventus-cases-reference python3 tests/ventus/run_cases.py --tool build/rel/wavesim --per-launch --no-fast-paths
run ventus-cases-asan-ubsan python3 tests/ventus/run_cases.py --tool build/san/wavesim --threads 2
run ventus-trace-vs-spike python3 tests/ventus/trace_diff.py --tool build/rel/wavesim
# Zve32f and Zfinx float ops against an exact rational model in every rounding mode.
run ventus-float-ops python3 tests/ventus/vfp_ops.py --tool build/rel/wavesim --seed 1
run ventus-float-ops-asan-ubsan python3 tests/ventus/vfp_ops.py --tool build/san/wavesim --seed 2
# every standard row (RV32IMA, Zfinx, Zve32f) against QEMU: one warp, vl = threads, every rounding mode,
# fflags and vxsat; the rows Ventus changes on purpose are listed, not compared (issue 19)
rm -f "$cov/ventus-qemu"
if command -v qemu-riscv32 >/dev/null && command -v riscv64-unknown-elf-as >/dev/null; then
    run ventus-qemu-diff python3 tests/ventus/qemu_diff.py --tool build/rel/wavesim --seed 1 --covered "$cov/ventus-qemu"
    run ventus-qemu-diff-asan-ubsan python3 tests/ventus/qemu_diff.py --tool build/san/wavesim --seed 2
else
    failed=$((failed + 1))
    echo "FAIL qemu-riscv32 or riscv64-unknown-elf-as missing (run .ci/run or apt-get install qemu-user binutils-riscv64-unknown-elf)"
fi
run ventus-dump-dis-as python3 tests/ventus/dump_diff.py --tool build/san/wavesim
if have_llvm && command -v riscv64-unknown-elf-as >/dev/null; then
    run ventus-codec-vs-llvm python3 tests/ventus/llvm_rv_diff.py --tool build/rel/wavesim --seed 7
    run ventus-codec-vs-llvm-asan-ubsan python3 tests/ventus/llvm_rv_diff.py --tool build/san/wavesim --seed 8 --per-row 3
else
    failed=$((failed + 1))
    echo "FAIL llvm-19 or riscv64-unknown-elf-as missing (run .ci/run or apt-get install llvm-19 binutils-riscv64-unknown-elf)"
fi
run ventus-bad-input python3 tests/ventus/bad_input.py --tool build/san/wavesim
# barrier text, vnot.v/vneg.v, flw/fsw (Zfinx) and the REGEXT accumulator, from the Ventus LLVM and spike logs
run ventus-isa-fixes python3 tests/ventus/isa_fixes.py build/san/wavesim
run ventus-isa2025 python3 tests/ventus/isa2025.py --tool build/san/wavesim
vt_cases_dir="$(python3 -c 'import sys; sys.path.insert(0, "tests/ventus"); from vt_cases import default_cases; print(default_cases())')"
python3 tests/ventus/kernel_files.py --write-elf "$vt_cases_dir/verilog-top/tc_vecadd-4w16t" build/san/vecadd.elf
for c in tc_vecadd-4w16t tc_vecadd-8w4t; do
    run "ventus-driver-api-$c" build/san/tests/vt_driver_test "$vt_cases_dir/verilog-top/$c" build/san/vecadd.elf
done
# a user's kernel file (ELF): every single-launch reference kernel run from its ELF with only the
# kernel name, sizes and arguments given (results and, where logged, the commit trace equal the
# reference's), and examples/ventus through its make rule
run ventus-kernel-files python3 tests/ventus/kernel_files.py --tool build/san/wavesim
run ventus-example make --no-print-directory ventus-example

# the OpenCL platform: host applications on PoCL and on wavesim (chosen by OCL_ICD_VENDORS), the API
# conformance test (host and platform built with sanitizers), clinfo's view of the platform
run opencl-apps python3 tests/opencl/run_apps.py --icd build/icd --build build/opencl-apps
run opencl-api-asan-ubsan env OCL_ICD_VENDORS="$PWD/build/san/icd" build/san/tests/opencl_conformance
run opencl-clinfo python3 tests/opencl/clinfo_check.py --icd build/icd

run as-dis-roundtrip sh tools/demo.sh build/rel/wavesim
run demo build/san/demo

# the VALU coverage summary reads what valu-vectors, wmma-matrix, lane-ops and valu-pcode wrote, the
# memory one what mem-ops wrote, the Ventus one what ventus-qemu-diff, ventus-trace-vs-spike and
# ventus-float-ops wrote
finish
run valu-coverage python3 tests/exec/valu_coverage.py --tool build/rel/wavesim --out build/test-logs/valu-coverage.txt \
    --pcode "$cov/valu-pcode" "$cov/valu-vectors" "$cov/wmma" "$cov/lanes"
run mem-coverage python3 tests/exec/mem_coverage.py --tool build/rel/wavesim --out build/test-logs/mem-coverage.txt \
    "$cov/mem-ops"
# every Ventus row: implemented, and verified by which independent oracle (QEMU, the reference spike
# logs, the exact float model); the rows without one are listed with the reason
run ventus-coverage python3 tests/ventus/coverage.py --out build/test-logs/ventus-coverage.txt --qemu "$cov/ventus-qemu" \
    --trace-log "$log/ventus-trace-vs-spike.log" --vfp-log "$log/ventus-float-ops.log"
finish
# the oracle cache is shared by every clone on the machine (tests/oracle_cache.py): bounded by age
python3 tests/oracle_cache.py --prune 30
echo "make test took $(( $(date +%s) - started )) s on $jobs_max jobs${TEST_STARTED:+ (builds included)}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
