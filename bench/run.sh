#!/bin/sh
# make bench: assembler and disassembler throughput (lines/s), the Ventus vecadd kernel scaled to 512
# workgroups (1 thread and all cores), then simulated lane- and
# wave-instructions/s for saxpy, tiled sgemm and a reduction with 1 host thread and with all cores,
# and the native time of the same OpenCL kernels on PoCL (the CPU OpenCL) when it is installed.
# Not part of `make test`: speed is measured here, never asserted by a timed test.
B=${1:-build/rel}
W=$B/wavesim
set -e
mkdir -p build/bench
src=build/bench/corpus.s
if [ ! -f "$src" ]; then
    i=0
    : > "$src"
    while [ $i -lt 2000 ]; do
        # without directives, comments and labels; the branch to the label takes an offset instead
        grep -v '^\s*\.\|^\s*//\|:' examples/scalar_loop.s | sed 's/ loop$/ -5/' >> "$src"
        i=$((i + 1))
    done
fi
lines=$(grep -c . "$src")
t0=$(date +%s.%N)
"$W" as --hex "$src" > build/bench/corpus.hex
t1=$(date +%s.%N)
"$W" dis --hex - < build/bench/corpus.hex > build/bench/corpus.dis
t2=$(date +%s.%N)
echo "$lines $t0 $t1 $t2" | awk '{printf "assembler:    %d lines in %.3f s = %.0f lines/s\ndisassembler: %d lines in %.3f s = %.0f lines/s\n", $1, $3-$2, $1/($3-$2), $1, $4-$3, $1/($4-$3)}'
# Assembler scaling (issue 16): 100,000 and 1,000,000 instruction lines, and 40,000 labels each
# used by a branch, next to llvm-mc-19 on the same files (when installed).
python3 - <<'PY'
with open('build/bench/lines100k.s', 'w') as f:
    for i in range(100000): f.write(' v_add_f32 v%d, v1, v2\n' % (i % 200))
with open('build/bench/lines1m.s', 'w') as f:
    for i in range(1000000): f.write(' v_add_f32 v%d, v1, v2\n' % (i % 200))
with open('build/bench/labels40k.s', 'w') as f:
    for i in range(40000): f.write('L%d:\n s_add_u32 s0, s0, 1\n s_cbranch_scc0 L%d\n' % (i, i))
PY
MC=/usr/lib/llvm-19/bin/llvm-mc
for f in lines100k lines1m labels40k; do
    t0=$(date +%s.%N)
    "$W" as build/bench/$f.s -o build/bench/$f.o
    t1=$(date +%s.%N)
    mc=""
    if [ -x "$MC" ]; then
        "$MC" -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj build/bench/$f.s -o build/bench/$f.mc.o
        t2=$(date +%s.%N)
        mc=$(echo "$t1 $t2" | awk '{printf "  (llvm-mc-19: %.3f s)", $2-$1}')
    fi
    echo "$t0 $t1" | awk -v f="$f" -v mc="$mc" '{printf "assembler %-10s %.3f s%s\n", f, $2-$1, mc}'
done
# Ventus: the reference vecadd kernel (4 warps x 32 threads) scaled to 512 workgroups.
cases=${VENTUS_CASES:-../shared/ventus-cases}
[ -d "$cases" ] || cases=/work/shared/ventus-cases
if [ -d "$cases/verilog-top/tc_vecadd-4w32t" ]; then
    python3 bench/ventus_scale.py "$cases/verilog-top/tc_vecadd-4w32t" 512 build/bench/vt_vecadd512
    for t in 1 $(nproc); do
        "$W" run --isa ventus build/bench/vt_vecadd512.metadata build/bench/vt_vecadd512.data --threads "$t" \
            --stats 2>/dev/null | head -1 | sed "s/^instructions:/ventus vecadd x512 workgroups, $t thread(s):/"
    done
    # the largest reference vector as shipped: bfs with 32 threads per warp, 10 launches, one workgroup each
    d="$cases/verilog-top/tc_bfs-4x32"
    set --
    for l in $(cat "$d/launches.txt"); do set -- "$@" "$d/$l.metadata" "$d/$l.data"; done
    for t in 1 $(nproc); do
        "$W" run --isa ventus "$@" --threads "$t" --stats 2>/dev/null | head -1 | \
            sed "s/^instructions:/ventus tc_bfs-4x32 (10 launches), $t thread(s):/"
    done
else
    echo "ventus: reference vectors not found (set VENTUS_CASES)"
fi
if ! "$W" cc --help >/dev/null 2>&1 || ! command -v clang-19 >/dev/null; then
    echo "kernels: clang-19 not installed (apt-get install clang-19 lld-19); skipping the simulation benchmarks"
    exit 0
fi
"$W" cc -O3 tests/kernels/saxpy.cl -o build/bench/saxpy.hsaco
"$W" cc -O3 tests/kernels/sgemm.cl -o build/bench/sgemm.hsaco
"$W" cc -O3 tests/kernels/reduce.cl -o build/bench/reduce.hsaco
dd if=/dev/zero of=build/bench/zeros16m.bin bs=1048576 count=16 2>/dev/null
Z=build/bench/zeros16m.bin
# name | code object | kernel | global | local | args (the same specs drive PoCL)
benches="saxpy-4M|saxpy.hsaco|saxpy.cl|saxpy|4194304|256|f32:2.5 buf:$Z buf:$Z u32:4194304
sgemm-tiled-512|sgemm.hsaco|sgemm.cl|sgemm_tiled|512,512|16,16|buf:$Z buf:$Z zeros:1048576 i32:512
reduction-4M|reduce.hsaco|reduce.cl|reduce_dot|4194304|256|buf:$Z buf:$Z zeros:65536 local:1024"
cores=$(nproc)
pocl=
if [ -f /usr/include/CL/cl.h ] && make --no-print-directory -s MODE=rel build/rel/tests/pocl_run 2>/dev/null &&
    build/rel/tests/pocl_run tests/kernels/vadd.cl --kernel vadd --global 64 --local 64 --arg zeros:256 \
        --arg zeros:256 --arg zeros:256 --arg i32:64 >/dev/null 2>&1; then
    pocl=build/rel/tests/pocl_run
else
    echo "(PoCL not available: apt-get install pocl-opencl-icd ocl-icd-opencl-dev for native timings)"
fi
echo "$benches" | while IFS='|' read -r name obj cl kernel glob loc args; do
    one=""
    for threads in 1 "$cores"; do
        set --
        for a in $args; do set -- "$@" --arg "$a"; done
        line=$("$W" run "build/bench/$obj" --kernel "$kernel" --global "$glob" --local "$loc" --threads "$threads" \
            --stats "$@" | head -1)
        secs=$(echo "$line" | sed 's/.* in \([0-9.]*\) s.*/\1/')
        lane=$(echo "$line" | sed 's/.*(\([0-9.]*\) M lane.*/\1/')
        wave=$(echo "$line" | sed 's/.*, \([0-9.]*\) M wave.*/\1/')
        printf '%-16s %d thread(s): %7.3f s  %8.1f M lane-instr/s  %6.2f M wave-instr/s' "$name" "$threads" "$secs" "$lane" "$wave"
        if [ -z "$one" ]; then
            one=$secs
            echo
        else
            echo "$one $secs" | awk '{printf "  (%.2fx)\n", $1/$2}'
        fi
    done
    if [ -n "$pocl" ]; then
        printf '%-16s ' "$name"
        set --
        for a in $args; do set -- "$@" --arg "$a"; done
        $pocl "tests/kernels/$cl" --kernel "$kernel" --global "$glob" --local "$loc" --time 2 "$@" || echo "PoCL run failed"
    fi
done
# One OpenCL application (tests/opencl/apps/sgemm.c, N = 512: host program, clang-19 build, transfers,
# the launch) run whole on PoCL and on wavesim's OpenCL platform, chosen by OCL_ICD_VENDORS.
if [ -f "$B/libwavesim-opencl.so" ] && [ -f /etc/OpenCL/vendors/pocl.icd ]; then
    mkdir -p build/bench/icd-pocl
    cp /etc/OpenCL/vendors/pocl.icd build/bench/icd-pocl/
    cc -std=c11 -O2 tests/opencl/apps/sgemm.c -o build/bench/cl_sgemm -lOpenCL
    for p in pocl wavesim; do
        icd=build/bench/icd-pocl
        [ $p = wavesim ] && icd=$B/icd
        t0=$(date +%s.%N)
        OCL_ICD_VENDORS=$PWD/$icd build/bench/cl_sgemm 512 >/dev/null 2>&1 || echo "OpenCL sgemm on $p failed"
        t1=$(date +%s.%N)
        echo "$t0 $t1" | awk -v p=$p '{printf "OpenCL application sgemm 512 on %-8s %.2f s wall\n", p, $2-$1}'
    done
else
    echo "OpenCL application: needs $B/libwavesim-opencl.so and PoCL (pocl-opencl-icd)"
fi
