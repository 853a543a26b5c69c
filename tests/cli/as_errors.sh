#!/bin/sh
# `wavesim as` reports bad input as file:line:col: error: ..., exits non-zero and never crashes.
W=$1
tmp=${TMPDIR:-/tmp}/wavesim-as-$$.s
trap 'rm -f "$tmp"' EXIT
printf 's_mov_b32 s0, s1\n  s_mov_b32 s0, v1\n' > "$tmp"
out=$("$W" as --hex "$tmp" 2>&1) && exit 1
echo "$out" | grep -q "^$tmp:2:17: error: invalid operand for instruction$" || { echo "got: $out"; exit 1; }
printf 'x:\nx:\n' > "$tmp"
out=$("$W" as --hex "$tmp" 2>&1) && exit 1
echo "$out" | grep -q ":2:1: error: invalid symbol redefinition" || { echo "got: $out"; exit 1; }
"$W" as --hex /nonexistent.s 2>/dev/null && exit 1
exit 0
