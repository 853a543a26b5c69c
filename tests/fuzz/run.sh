#!/bin/sh
# make fuzz: long random differential runs of the disassembler and assembler against llvm-mc-19
# (1,000,000 random encodings over the claimed formats, in chunks).
set -e
make --no-print-directory MODE=rel all >/dev/null
claimed=$(grep -v '^#' tests/codec/claimed_dis.txt | tr '\n' ',' | sed 's/,$//')
claimed_as=$(grep -v '^#' tests/codec/claimed_as.txt | tr '\n' ',' | sed 's/,$//')
total=${FUZZ_COUNT:-1000000}
chunk=50000
seed=1000
done_=0
while [ $done_ -lt $total ]; do
    python3 tests/codec/llvm_dis_diff.py --tool build/rel/tests/r3_lines --count $chunk --seed $seed --formats "$claimed" --show 5
    python3 tests/codec/llvm_asm_diff.py --tool build/rel/tests/r3_lines --count 5000 --seed $seed --formats "$claimed_as" --show 5
    done_=$((done_ + chunk))
    seed=$((seed + 1))
done
