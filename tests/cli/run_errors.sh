#!/bin/sh
# `wavesim run` on bad input: every case gives exit status 1, exactly one line on stderr, and no
# signal (run with the ASan+UBSan build, so leaks and bad reads fail the test too).
W=$1
dir=${TMPDIR:-/tmp}/wavesim-run-$$
mkdir -p "$dir"
trap 'rm -rf "$dir"' EXIT
fails=0
check() { # check NAME EXPECTED-TEXT ARGS...: must fail with one line containing the text
    name=$1
    want=$2
    shift 2
    out=$("$W" run "$@" 2>&1 >/dev/null)
    st=$?
    if [ "$st" -ne 1 ] || [ "$(printf '%s\n' "$out" | wc -l)" -ne 1 ] || ! printf '%s' "$out" | grep -q -- "$want"; then
        echo "$name: exit $st, got: $out"
        fails=$((fails + 1))
    fi
}
"$W" as tests/cli/bad_kernels.s -o "$dir/bad.hsaco" || exit 1
printf 'not an elf at all' > "$dir/junk"
size=$(wc -c < "$dir/bad.hsaco")
head -c $((size / 2)) "$dir/bad.hsaco" > "$dir/truncated"
cp "$dir/bad.hsaco" "$dir/machine"
printf '\076\000' | dd of="$dir/machine" bs=1 seek=18 conv=notrunc 2>/dev/null
cp "$dir/bad.hsaco" "$dir/gpu"
printf '\055' | dd of="$dir/gpu" bs=1 seek=48 conv=notrunc 2>/dev/null   # gfx900's mach value
check corrupt "not an ELF file" "$dir/junk" --kernel wild --global 1 --local 1
check truncated "" "$dir/truncated" --kernel wild --global 1 --local 1
check machine "not an AMDGPU code object" "$dir/machine" --kernel wild --global 1 --local 1
check gpu "another GPU" "$dir/gpu" --kernel wild --global 1 --local 1
check kernel "no kernel named 'nope'" "$dir/bad.hsaco" --kernel nope --global 1 --local 1
check argcount "takes 1 arguments, 0 given" "$dir/bad.hsaco" --kernel wild --global 1 --local 1
check argkind "is a buffer, a value was given" "$dir/bad.hsaco" --kernel wild --global 1 --local 1 --arg i32:3
check outside "outside every buffer" "$dir/bad.hsaco" --kernel wild --global 1 --local 1 --arg zeros:16
# bytes 12..19 of a 16-byte buffer, right after a load from it, in one lane and in a whole wave
check straddle "8-byte access at 0x[0-9a-f]*c is outside every buffer" "$dir/bad.hsaco" --kernel straddle --global 1 --local 1 --arg zeros:16
check straddle32 "8-byte access at 0x[0-9a-f]*c is outside every buffer" "$dir/bad.hsaco" --kernel straddle --global 32 --local 32 --arg zeros:16
check dsatomic "lane 0: misaligned 4-byte LDS atomic at 0x6" "$dir/bad.hsaco" --kernel dsatomic --global 1 --local 1
check illegal "illegal instruction" "$dir/bad.hsaco" --kernel illegal --global 1 --local 1
check runaway "budget exhausted" "$dir/bad.hsaco" --kernel forever --global 1 --local 1 --max-instructions 100000
check missing "cannot read" "$dir/missing.hsaco" --kernel wild --global 1 --local 1
check badarg "unknown kind .what. in --arg" "$dir/bad.hsaco" --kernel wild --global 1 --local 1 --arg what:3
check trap "s_trap 2: no trap handler" "$dir/bad.hsaco" --kernel trap --global 1 --local 1
check unimplemented "not implemented by wavesim yet" "$dir/bad.hsaco" --kernel unimplemented --global 1 --local 1
for k in ldsdirect ldsdirects ldsdirectd; do
    check $k "src_lds_direct (code 254): gfx11 has no LDS-direct operand" "$dir/bad.hsaco" --kernel $k --global 1 --local 1
done
check lds "needs 32768 bytes of LDS; a workgroup has 16384" "$dir/bad.hsaco" --kernel greedy --global 1 --local 1 --lds-bytes 16384
check farjump "s_setpc_b64 to 0x[0-9a-f]*: outside the code" "$dir/bad.hsaco" --kernel farjump --global 1 --local 1 \
    --max-instructions 100000
# an OpenCL kernel that prints (clang-19 with ROCm's device libraries): printf is not implemented,
# and the fault says so instead of naming an address
printf '__kernel void p(__global int *a) { printf("%%d\\n", a[0]); }\n' > "$dir/p.cl"
if "$W" cc -O3 "$dir/p.cl" -o "$dir/p.hsaco" 2>"$dir/cc.err"; then
    check printf "kernel printf (or another host service) is not implemented" "$dir/p.hsaco" --kernel p --global 1 \
        --local 1 --arg zeros:4
else
    echo "printf: wavesim cc failed: $(cat "$dir/cc.err")"
    fails=$((fails + 1))
fi
[ "$fails" -eq 0 ]
