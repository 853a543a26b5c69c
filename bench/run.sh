#!/bin/sh
# make bench: assembler and disassembler throughput (lines/s) on a generated scalar corpus.
B=${1:-build/rel}
W=$B/wavesim
set -e
mkdir -p build/bench
src=build/bench/corpus.s
if [ ! -f "$src" ]; then
    i=0
    : > "$src"
    while [ $i -lt 2000 ]; do
        cat examples/scalar_loop.s | grep -v '^\s*\.\|^\s*//\|:' >> "$src"
        i=$((i + 1))
    done
fi
lines=$(grep -c . "$src")
t0=$(date +%s.%N)
"$W" as --hex "$src" > build/bench/corpus.hex
t1=$(date +%s.%N)
t2=$(date +%s.%N)
"$W" dis --hex - < build/bench/corpus.hex > build/bench/corpus.dis
t3=$(date +%s.%N)
echo "$lines $t0 $t1 $t2 $t3" | awk '{printf "assembler:    %d lines in %.3f s = %.0f lines/s\ndisassembler: %d lines in %.3f s = %.0f lines/s\n", $1, $3-$2, $1/($3-$2), $1, $5-$4, $1/($5-$4)}'
