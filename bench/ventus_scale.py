#!/usr/bin/env python3
"""Writes a scaled copy of the Ventus vecadd test vector for `make bench`: the same kernel binary
and launch ABI, with K workgroups and a, b, c (and the private region) moved to addresses with room
for them. Usage: ventus_scale.py CASE_DIR K OUT_PREFIX"""
import os, struct, sys

def words(path):
    return [int(l.split()[0], 16) for l in open(path) if l.strip() and not l.startswith('//')]

case, k, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
meta, data = words(os.path.join(case, 'vecadd_0.metadata')), words(os.path.join(case, 'vecadd_0.data'))
u64 = lambda i: meta[2 * i] | meta[2 * i + 1] << 32
fields = [u64(i) for i in range(len(meta) // 2)]
# 0 pc 1 kid 2-4 ksize 5 wf 6 wg 7 knl 8 lds 9 pds 10 sgpr 11 vgpr 12 pdsbase 13 nbuf, then tables
wf, wg, nbuf = fields[5], fields[6], fields[13]
bases, sizes, allocs = fields[14:14 + nbuf], fields[14 + nbuf:14 + 2 * nbuf], fields[14 + 2 * nbuf:14 + 3 * nbuf]
chunks, at = [], 0
for s in sizes:
    n = (s + 3) // 4
    chunks.append(data[at:at + n])
    at += n
n = k * wf * wg                      # elements: one per thread
new_base = [0xA0000000, 0xB0000000, 0xC0000000]
for i in range(3):
    bases[i], sizes[i], allocs[i] = new_base[i], 4 * n, 4 * n
fa = [struct.unpack('<I', struct.pack('<f', float(j)))[0] for j in range(n)]
fb = [struct.unpack('<I', struct.pack('<f', float(n - j)))[0] for j in range(n)]
chunks[0], chunks[1], chunks[2] = fa, fb, [0] * n
chunks[3] = new_base[:len(chunks[3])]  # the argument buffer: a, b, c
pds = bases.index(fields[12])
# the private region (fields[9] bytes per thread) below a, b and c: at most 2 GiB, so K <= 4096 at
# vecadd's 4 KiB per thread
allocs[pds] = fields[9] * wf * wg * k
if 0x20000000 + allocs[pds] > new_base[0]:
    sys.exit('ventus_scale.py: %d workgroups need %d bytes of private memory, more than fit below 0x%x' %
             (k, allocs[pds], new_base[0]))
bases[pds] = 0x20000000
fields[12] = 0x20000000
fields[2] = k
meta_out = fields[:14] + bases + sizes + allocs
with open(out + '.metadata', 'w') as f:
    for v in meta_out:
        f.write('%08x\n%08x\n' % (v & 0xffffffff, v >> 32))
with open(out + '.data', 'w') as f:
    for c in chunks:
        for v in c:
            f.write('%08x\n' % v)
