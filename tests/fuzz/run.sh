#!/bin/sh
# make fuzz: coverage-guided fuzzing of the disassembler, the assembler and the ELF reader with
# libFuzzer under ASan+UBSan (FUZZ_SECONDS each, default 600), then a long random differential run
# against llvm-mc-19 (FUZZ_COUNT encodings, default 1,000,000).
set -e
cd "$(dirname "$0")/../.."
CLANG=${CLANG:-clang-19}
seconds=${FUZZ_SECONDS:-600}
out=build/fuzz
mkdir -p "$out"
lib=$(ls src/common/*.c src/asm/*.c src/rdna3/codec/*.c src/rdna3/codeobj/*.c)
for h in dis as elf; do
    $CLANG -std=c11 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        -Iinclude -Isrc tests/fuzz/fuzz_$h.c $lib -lm -o "$out/fuzz_$h"
    mkdir -p "$out/corpus_$h"
    [ "$h" = as ] && cp examples/*.s "$out/corpus_$h/" 2>/dev/null || true
    echo "== fuzz_$h for $seconds s"
    "$out/fuzz_$h" -max_total_time="$seconds" -max_len=4096 "$out/corpus_$h" 2>&1 | tail -n 3
done
make --no-print-directory MODE=rel all >/dev/null
claimed=$(grep -v '^#' tests/codec/claimed_dis.txt | tr '\n' ',' | sed 's/,$//')
total=${FUZZ_COUNT:-1000000}
chunk=50000
seed=1000
done_=0
while [ $done_ -lt $total ]; do
    python3 tests/codec/llvm_dis_diff.py --tool build/rel/tests/r3_lines --count $chunk --seed $seed --formats "$claimed" --show 5
    done_=$((done_ + chunk))
    seed=$((seed + 1))
done
