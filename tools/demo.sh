#!/bin/sh
# Assembles the sample scalar gfx1100 program, disassembles the bytes back, shows both side by side
# and checks that the text and the bytes survive the round trip (a test; `make demo` runs a kernel).
W=${1:-build/wavesim}
SRC=examples/scalar_loop.s
set -e
hex=$("$W" as --hex "$SRC")
dis=$(printf '%s\n' "$hex" | tr '\n' ' ' | xargs -0 "$W" dis --hex)
echo "== $SRC assembled by wavesim (gfx1100), then disassembled back =="
printf '%s\n' "$hex" > build/demo.hex
printf '%s\n' "$dis" > build/demo.dis
paste -d '|' build/demo.hex build/demo.dis | awk -F'|' '{printf "  %-20s  %s\n", $1, $2}'
# the disassembly, assembled again, must give the same bytes
printf '%s\n' "$dis" > build/demo.s
again=$("$W" as --hex build/demo.s)
if [ "$again" = "$hex" ]; then
    echo "verified: $(printf '%s\n' "$hex" | wc -l) instructions round-trip (text -> bytes -> text -> same bytes)"
else
    echo "round trip FAILED"
    exit 1
fi
