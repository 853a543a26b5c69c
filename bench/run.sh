#!/bin/sh
# make bench: assembler and disassembler throughput (lines/s), then simulated lane-instructions/s and
# wave-instructions/s for saxpy, tiled sgemm and a reduction, with 1 host thread and with all cores.
# Kernels are compiled with clang-19 when it is there (bench/*.hsaco otherwise are not kept).
B=${1:-build/rel}
W=$B/wavesim
set -e
mkdir -p build/bench
src=build/bench/corpus.s
if [ ! -f "$src" ]; then
    i=0
    : > "$src"
    while [ $i -lt 2000 ]; do
        grep -v '^\s*\.\|^\s*//\|:' examples/scalar_loop.s >> "$src"
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
if ! command -v clang-19 >/dev/null; then
    echo "kernels: clang-19 not installed (apt-get install clang-19); skipping the simulation benchmarks"
    exit 0
fi
cc_cl() { "$W" cc -O3 "$@"; }
cc_cl tests/kernels/saxpy.cl -o build/bench/saxpy.hsaco
cc_cl tests/kernels/sgemm.cl -o build/bench/sgemm.hsaco
cc_cl tests/kernels/reduce.cl -o build/bench/reduce.hsaco
# inputs: 1M floats of small values (content does not change the instruction counts)
dd if=/dev/zero of=build/bench/zeros4m.bin bs=4194304 count=1 2>/dev/null
cores=$(nproc)
for threads in 1 "$cores"; do
    echo "== $threads host thread(s)"
    printf 'saxpy 1M:        '
    "$W" run build/bench/saxpy.hsaco --kernel saxpy --global 1048576 --local 256 --threads "$threads" --stats \
        --arg f32:2.5 --arg buf:build/bench/zeros4m.bin --arg buf:build/bench/zeros4m.bin --arg u32:1048576 | head -1
    printf 'sgemm 256 tiled: '
    "$W" run build/bench/sgemm.hsaco --kernel sgemm_tiled --global 256,256 --local 16,16 --threads "$threads" --stats \
        --arg buf:build/bench/zeros4m.bin --arg buf:build/bench/zeros4m.bin --arg zeros:262144 --arg i32:256 | head -1
    printf 'reduction 1M:    '
    "$W" run build/bench/reduce.hsaco --kernel dot --global 1048576 --local 256 --threads "$threads" --stats \
        --arg buf:build/bench/zeros4m.bin --arg buf:build/bench/zeros4m.bin --arg zeros:16384 --arg local:1024 | head -1
done
