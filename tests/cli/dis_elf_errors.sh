#!/bin/sh
# `wavesim dis FILE` on bad ELF input: one clear line on stderr, non-zero exit, no crash (run with
# the ASan+UBSan build, so a bad read is a failure too).
W=$1
dir=${TMPDIR:-/tmp}/wavesim-elf-$$
mkdir -p "$dir"
trap 'rm -rf "$dir"' EXIT
check() { # check NAME: the file must be rejected with a message and exit status 1
    out=$("$W" dis "$dir/$1" 2>&1 >/dev/null)
    st=$?
    [ "$st" -eq 1 ] || { echo "$1: exit status $st"; exit 1; }
    [ -n "$out" ] || { echo "$1: no message"; exit 1; }
    [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || { echo "$1: more than one line: $out"; exit 1; }
}
printf 'hello' > "$dir/short"
check short
printf '\177ELF\001\001\001' > "$dir/elf32"
head -c 64 /dev/zero >> "$dir/elf32"
check elf32
# a valid code object, then truncated and corrupted copies of it
printf 's_endpgm\n' > "$dir/k.s"
"$W" as "$dir/k.s" -o "$dir/good" || exit 1
"$W" dis "$dir/good" >/dev/null || { echo "good object rejected"; exit 1; }
size=$(wc -c < "$dir/good")
head -c $((size - 70)) "$dir/good" > "$dir/truncated"
check truncated
cp "$dir/good" "$dir/machine"
printf '\003\000' | dd of="$dir/machine" bs=1 seek=18 conv=notrunc 2>/dev/null
check machine
cp "$dir/good" "$dir/shoff"
printf '\377\377\377\377' | dd of="$dir/shoff" bs=1 seek=40 conv=notrunc 2>/dev/null
check shoff
"$W" dis "$dir/missing" 2>/dev/null && exit 1
exit 0
