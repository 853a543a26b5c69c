#!/bin/sh
# `wavesim dis --hex` prints LLVM's text for known encodings and .long for invalid words.
W=$1
out=$("$W" dis --hex "7e020302 d5038201 28020702 8000ff01 00012345 ffffffff") || exit 1
expected='v_mov_b32_e32 v1, v2
v_add_f32_e64 v1, -v2, |v3| clamp mul:2
s_add_u32 s0, s1, 0x12345
.long 0xffffffff ; invalid'
[ "$out" = "$expected" ] || { printf 'got:\n%s\nexpected:\n%s\n' "$out" "$expected"; exit 1; }
"$W" dis --hex "zz" 2>/dev/null && exit 1
exit 0
