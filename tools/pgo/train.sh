#!/bin/sh
# The training run of the profile-guided release build (Makefile, PGO=1): the instrumented wavesim
# assembles and runs a few kernels, which records how often each branch of the simulator goes which
# way; the release build then lays its code out for those runs. The kernels are deliberately not the
# ones `make bench` measures: they are tools/pgo/*.s (clang-19's output for seven of
# tests/kernels/*.cl, one of them also as wave64 code) and the Ventus example, so the bench shows what
# the profile does for kernels it has not seen. Inputs are the repository's own text files read as
# numbers, or zeros: the runs are the same on every machine, and no result is checked here (the tests
# do that).
# Usage: tools/pgo/train.sh INSTRUMENTED_WAVESIM WORK_DIR
set -e
W=$1
D=$2
mkdir -p "$D"
T1=isa/rdna3/vop3.def # about 99 KB of text: words that read as ordinary positive floats and ints
T2=isa/rdna3/vopc.def # about 31 KB
for k in blackscholes bitonic matvec histogram transpose transpose64 scan intmix; do
    "$W" as $(case $k in *64) echo --wave64 ;; esac) tools/pgo/$k.s -o "$D/$k.hsaco"
done
run() { k=$1; shift; "$W" run "$D/$k.hsaco" --kernel "${k%64}" "$@" --threads 1 >/dev/null; }
run blackscholes --global 24576 --local 256 --arg buf:$T1 --arg buf:$T1 --arg buf:$T1 --arg zeros:98304 \
    --arg zeros:98304 --arg f32:0.02 --arg f32:0.3
run bitonic --global 7680 --local 256 --arg buf:$T2
run matvec --global 2048 --local 64 --arg zeros:16777216 --arg buf:$T2 --arg zeros:8192 --arg i32:2048 --arg i32:2048
run histogram --global 4096 --local 256 --arg buf:$T1 --arg u32:65536 --arg zeros:1024
run transpose --global 1024,1024 --local 16,16 --arg zeros:4194304 --arg zeros:4194304 --arg i32:1024 --arg i32:1024
run transpose64 --global 512,512 --local 16,16 --arg zeros:1048576 --arg zeros:1048576 --arg i32:512 --arg i32:512
run scan --global 7680 --local 256 --arg buf:$T2 --arg zeros:30720
run intmix --global 24576 --local 64 --arg buf:$T1 --arg buf:$T1 --arg zeros:393216 --arg zeros:393216
"$W" as --isa ventus examples/ventus/vecadd.s -o "$D/vecadd.elf"
"$W" run --isa ventus "$D/vecadd.elf" --kernel vecadd --global 65536 --local 64 --arg zeros:262144 --arg zeros:262144 \
    --arg zeros:262144 >/dev/null
