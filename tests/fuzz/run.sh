#!/bin/sh
# Coverage-guided fuzzing of every parser with libFuzzer under ASan+UBSan (FUZZ_SECONDS each,
# default 600): the RDNA3 disassembler (dis), assembler (as), ELF reader (elf), code objects through
# dispatch (codeobj), the Ventus metadata/data/ELF32 loaders (vt_launch) and the Ventus assembler
# and disassembler (vt_asm). Each starts from a corpus of real inputs. Then, unless FUZZ_COUNT=0, a
# long random differential run of the disassembler against llvm-mc-19 (FUZZ_COUNT encodings,
# default 1,000,000). FUZZ_ONLY="as dis" limits the harnesses. Exits non-zero on a finding.
set -e
cd "$(dirname "$0")/../.."
CLANG=${CLANG:-clang-19}
seconds=${FUZZ_SECONDS:-600}
harnesses=${FUZZ_ONLY:-"dis as elf codeobj vt_launch vt_asm"}
out=${FUZZ_OUT:-build/fuzz}
mkdir -p "$out"
# the library once, instrumented for coverage (make MODE=fuzz: rebuilt only where sources changed)
make --no-print-directory -s -j"$(nproc 2>/dev/null || echo 2)" MODE=fuzz CC="$CLANG" build/fuzz/libwavesim.a
flags="-std=c11 -O1 -gline-tables-only -fsanitize=address,undefined -fno-sanitize-recover=undefined -frounding-math -Iinclude -Isrc"
# seed corpora of real inputs
corpus() { # corpus NAME: fills build/fuzz/corpus_NAME once
    c="$out/corpus_$1"
    [ -d "$c" ] && return 0
    mkdir -p "$c"
    case $1 in
    as) cp examples/*.s tests/cli/bad_kernels.s "$c/" ;;
    dis) printf '\000\000\200\277' > "$c/s_nop"; printf '\002\000\200\276\377\000\000\000' > "$c/s_mov" ;;
    elf | codeobj)
        build/rel/wavesim as examples/saxpy.s -o "$c/saxpy.hsaco" 2>/dev/null || true
        build/rel/wavesim as tests/cli/bad_kernels.s -o "$c/bad.hsaco" 2>/dev/null || true ;;
    vt_launch | vt_asm)
        cases=${VENTUS_CASES:-../shared/ventus-cases}
        [ -d "$cases" ] || cases=/work/shared/ventus-cases
        i=0
        for m in $(find "$cases" -name '*.metadata' 2>/dev/null | sort | head -8); do
            d="${m%.metadata}.data"
            if [ "$1" = vt_launch ] && [ -f "$d" ]; then
                { cat "$m"; printf '\000'; cat "$d"; } > "$c/launch$i"
            fi
            i=$((i + 1))
        done
        if [ "$1" = vt_asm ]; then
            printf 'addi a0, a0, 1\nvadd.vv v1, v2, v3\nlabel:\n  bne a0, a1, label\n' > "$c/basic.s"
            for e in $(find "$cases" -name '*.riscv' -o -name '*.elf' 2>/dev/null | sort | head -4); do
                cp "$e" "$c/"
            done
        fi ;;
    esac
}
[ -x build/rel/wavesim ] || make --no-print-directory MODE=rel all >/dev/null
found=0
for h in $harnesses; do
    $CLANG $flags -fsanitize=fuzzer tests/fuzz/fuzz_$h.c build/fuzz/libwavesim.a -lm -lpthread -o "$out/fuzz_$h"
    corpus "$h"
    mkdir -p "$out/work_$h"
    echo "== fuzz_$h for $seconds s"
    if ! "$out/fuzz_$h" -max_total_time="$seconds" -max_len=8192 -timeout=20 -rss_limit_mb=4096 \
        -print_final_stats=1 -artifact_prefix="$out/crash_$h-" "$out/work_$h" "$out/corpus_$h" >"$out/log_$h" 2>&1; then
        echo "FINDING in fuzz_$h (see $out/log_$h and $out/crash_$h-*)"
        tail -n 30 "$out/log_$h"
        found=1
    fi
    grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$out/log_$h" | tr '\n' ' '
    echo
done
[ "$found" = 0 ] || exit 1
total=${FUZZ_COUNT:-1000000}
[ "$total" -gt 0 ] || exit 0
make --no-print-directory MODE=rel all >/dev/null
claimed=$(grep -v '^#' tests/codec/claimed_dis.txt | tr '\n' ',' | sed 's/,$//')
chunk=50000
seed=1000
done_=0
while [ $done_ -lt "$total" ]; do
    python3 tests/codec/llvm_dis_diff.py --tool build/rel/tests/r3_lines --count $chunk --seed $seed --formats "$claimed" --show 5
    done_=$((done_ + chunk))
    seed=$((seed + 1))
done
