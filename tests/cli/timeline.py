#!/usr/bin/env python3
# `wavesim run --timeline=FILE` for both ISAs: the file is a Chrome trace (JSON, traceEvents), the same
# for --threads 1 and 2, and it follows the time model the help and the README state:
#   - one span per wave (warp) that ran, its args holding the workgroup id and instruction count, and
#     those counts summing to what --stats counts;
#   - a wave's span lasts its instruction count plus its barrier waits, and every barrier wait lies
#     inside its wave's span;
#   - the waves a barrier releases are released together, and the last to arrive does not wait;
#   - spans on one track (compute unit, slot and wave) never overlap; workgroup i runs on compute
#     unit i mod N;
#   - a fault is an instant event on the faulting wave's track, and the timeline is still written.
import collections
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'ventus'))
from vt_cases import default_cases  # noqa: E402


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def check(path, unit, want_instructions, cus, problems, tag):
    try:
        doc = json.load(open(path))
    except (OSError, ValueError) as e:
        problems.append('%s: not JSON: %s' % (tag, e))
        return None
    ev = doc.get('traceEvents')
    if not isinstance(ev, list) or not ev:
        problems.append('%s: no traceEvents' % tag)
        return None
    spans = [e for e in ev if e.get('ph') == 'X' and e.get('cat') == unit]
    waits = [e for e in ev if e.get('ph') == 'X' and e.get('cat') == 'barrier']
    named = {(e['pid'], e['tid']) for e in ev if e.get('ph') == 'M' and e.get('name') == 'thread_name'}
    total = sum(e['args']['instructions'] for e in spans)
    if want_instructions is not None and total != want_instructions:
        problems.append('%s: spans count %d instructions, --stats %d' % (tag, total, want_instructions))
    by_track = collections.defaultdict(list)
    for s in spans:
        by_track[(s['pid'], s['tid'])].append(s)
        if (s['pid'], s['tid']) not in named:
            problems.append('%s: track %r has no name' % (tag, (s['pid'], s['tid'])))
        mine = [w for w in waits if (w['pid'], w['tid']) == (s['pid'], s['tid'])
                and s['ts'] <= w['ts'] < s['ts'] + s['dur']]
        if s['dur'] != s['args']['instructions'] + sum(w['dur'] for w in mine):
            problems.append('%s: %s lasts %d for %d instructions and %d waiting' % (
                tag, s['name'], s['dur'], s['args']['instructions'], sum(w['dur'] for w in mine)))
    for w in waits:
        if not any((s['pid'], s['tid']) == (w['pid'], w['tid']) and s['ts'] <= w['ts'] and
                   w['ts'] + w['dur'] <= s['ts'] + s['dur'] for s in spans):
            problems.append('%s: barrier wait %r outside its wave span' % (tag, w))
    for track, ss in by_track.items():
        ss.sort(key=lambda s: s['ts'])
        for a, b in zip(ss, ss[1:]):
            if a['ts'] + a['dur'] > b['ts']:
                problems.append('%s: spans overlap on track %r' % (tag, track))
    # a barrier's waits within one workgroup end together
    ends = collections.defaultdict(set)
    for w in waits:
        owner = next(s for s in spans if (s['pid'], s['tid']) == (w['pid'], w['tid']) and
                     s['ts'] <= w['ts'] < s['ts'] + s['dur'])
        ends[(owner['args'].get('launch'), tuple(owner['args']['workgroup']), w['args']['barrier'])].add(
            w['ts'] + w['dur'])
    for key, e in ends.items():
        if len(e) != 1:
            problems.append('%s: barrier %r releases its waves at different times %r' % (tag, key, sorted(e)))
    return doc, spans, waits


def model(trace_lines, groups, cus, slots):
    """The documented time model, computed from `wavesim run --trace`: per workgroup (in order) and
    wave, the instruction numbers of its s_barrier instructions and its instruction count; workgroup
    i goes to compute unit i mod cus, into its first free slot. Returns {(cu, tid, ts): dur} for
    wave spans and for barrier waits."""
    insts = collections.defaultdict(list)
    for ln in trace_lines:
        m = re.match(r'^wg\((\d+),(\d+),(\d+)\) w(\d+) pc=\S+ exec=\S+ (\S+)', ln)
        if m:
            insts[(int(m.group(1)), int(m.group(4)))].append(m.group(5))
    wpg = 1 + max(w for _, w in insts)
    free = [[0] * slots for _ in range(cus)]
    spans, waits = {}, {}
    for g in range(groups):
        waves = sorted(w for gg, w in insts if gg == g)
        cu = g % cus
        slot = min(range(slots), key=lambda s: (free[cu][s], s))
        start = free[cu][slot]
        arrivals = {w: [i + 1 for i, op in enumerate(insts[(g, w)]) if op == 's_barrier'] for w in waves}
        clock = {w: start for w in waves}
        done = {w: 0 for w in waves}
        for k in range(max(len(a) for a in arrivals.values())):
            part = [w for w in waves if len(arrivals[w]) > k]
            arrive = {w: clock[w] + arrivals[w][k] - done[w] for w in part}
            release = max(arrive.values())
            for w in part:
                if release > arrive[w]:
                    waits[(cu, slot * wpg + w, arrive[w])] = release - arrive[w]
                clock[w], done[w] = release, arrivals[w][k]
        end = start
        for w in waves:
            stop = clock[w] + len(insts[(g, w)]) - done[w]
            spans[(cu, slot * wpg + w, start)] = stop - start
            end = max(end, stop)
        free[cu][slot] = end
    return spans, waits


def rdna3(tool, tmp, problems):
    obj = os.path.join(tmp, 'reduce.hsaco')
    p = run([tool, 'cc', '-O3', os.path.join(HERE, '..', 'kernels', 'reduce.cl'), '-o', obj])
    if p.returncode:
        problems.append('wavesim cc: ' + p.stderr)
        return
    n = 1000
    a = os.path.join(tmp, 'a.bin')
    open(a, 'wb').write(struct.pack('%df' % n, *[i * 0.5 for i in range(n)]))
    docs = []
    for threads in ('1', '2'):
        tl = os.path.join(tmp, 'r3-%s.json' % threads)
        p = run([tool, 'run', obj, '--kernel', 'reduce_dot', '--global', str(n), '--local', '128',
                 '--arg', 'buf:' + a, '--arg', 'buf:' + a, '--arg', 'zeros:64', '--arg', 'local:512',
                 '--compute-units', '3', '--groups-per-cu', '2', '--threads', threads, '--stats',
                 '--timeline=' + tl])
        if p.returncode:
            problems.append('rdna3 run: ' + p.stderr)
            return
        m = re.search(r'instructions: (\d+) wave', p.stdout)
        got = check(tl, 'wave', int(m.group(1)), 3, problems, 'rdna3 threads %s' % threads)
        if not got:
            return
        doc, spans, waits = got
        docs.append(open(tl).read())
        groups = {tuple(s['args']['workgroup']) for s in spans}
        if len(groups) != 8 or len(spans) != 32:
            problems.append('rdna3: %d workgroups, %d wave spans; want 8 and 32' % (len(groups), len(spans)))
        if not waits:
            problems.append('rdna3: a kernel with barriers shows no barrier wait')
        for s in spans:
            if s['pid'] != s['args']['workgroup'][0] % 3:
                problems.append('rdna3: workgroup %r on compute unit %d' % (s['args']['workgroup'], s['pid']))
    if len(docs) == 2 and docs[0] != docs[1]:
        problems.append('rdna3: the timeline differs between --threads 1 and 2')
    # every span and wait where the model, applied to the instruction trace, puts it
    tr = os.path.join(tmp, 'trace.txt')
    p = run([tool, 'run', obj, '--kernel', 'reduce_dot', '--global', str(n), '--local', '128',
             '--arg', 'buf:' + a, '--arg', 'buf:' + a, '--arg', 'zeros:64', '--arg', 'local:512',
             '--compute-units', '3', '--groups-per-cu', '2', '--trace=' + tr])
    if p.returncode:
        problems.append('rdna3 trace run: ' + p.stderr)
        return
    want_spans, want_waits = model(open(tr).read().splitlines(), 8, 3, 2)
    got_spans = {(e['pid'], e['tid'], e['ts']): e['dur'] for e in spans}
    got_waits = {(e['pid'], e['tid'], e['ts']): e['dur'] for e in waits}
    if got_spans != want_spans:
        problems.append('rdna3: wave spans differ from the model: %r' % sorted(set(got_spans.items()) ^ set(want_spans.items()))[:6])
    if got_waits != want_waits:
        problems.append('rdna3: barrier waits differ from the model: %r' % sorted(set(got_waits.items()) ^ set(want_waits.items()))[:6])
    # a fault: 2000 work-items read past the 1000-float buffers
    tl = os.path.join(tmp, 'fault.json')
    p = run([tool, 'run', obj, '--kernel', 'reduce_dot', '--global', '2048', '--local', '128',
             '--arg', 'buf:' + a, '--arg', 'buf:' + a, '--arg', 'zeros:64', '--arg', 'local:512',
             '--timeline=' + tl])
    if p.returncode == 0:
        problems.append('rdna3: the out-of-bounds run did not fault')
        return
    got = check(tl, 'wave', None, 96, problems, 'rdna3 fault')
    if got:
        faults = [e for e in got[0]['traceEvents'] if e.get('cat') == 'fault']
        if len(faults) != 1 or 'outside' not in faults[0]['args']['message']:
            problems.append('rdna3: fault events %r (stderr %s)' % (faults, p.stderr.strip()))
        elif not any((s['pid'], s['tid']) == (faults[0]['pid'], faults[0]['tid']) and
                     s['ts'] <= faults[0]['ts'] <= s['ts'] + s['dur'] for s in got[1]):
            problems.append('rdna3: the fault is not on a wave that ran')
    # the option needs a file name
    p = run([tool, 'run', obj, '--kernel', 'reduce_dot', '--global', '128', '--local', '128', '--timeline'])
    if p.returncode != 2 or 'needs =FILE' not in p.stderr:
        problems.append('rdna3: --timeline without a file: exit %d %r' % (p.returncode, p.stderr))


def ventus(tool, tmp, problems):
    case = os.path.join(default_cases(), 'verilog-top', 'tc_gaussian-4x8')
    meta = sorted(f[:-9] for f in os.listdir(case) if f.endswith('.metadata'))
    files = sum([[os.path.join(case, m + '.metadata'), os.path.join(case, m + '.data')] for m in meta], [])
    docs = []
    for threads in ('1', '2'):
        tl = os.path.join(tmp, 'vt-%s.json' % threads)
        p = run([tool, 'run', '--isa', 'ventus'] + files + ['--threads', threads, '--stats', '--timeline=' + tl])
        if p.returncode:
            problems.append('ventus run: ' + p.stderr)
            return
        m = re.search(r'instructions: (\d+) wave', p.stdout)
        got = check(tl, 'warp', None, 2, problems, 'ventus threads %s' % threads)
        if not got:
            return
        doc, spans, _ = got
        docs.append(open(tl).read())
        if {s['args']['launch'] for s in spans} != set(range(len(meta))):
            problems.append('ventus: launches %r, want 0..%d' % (sorted({s['args']['launch'] for s in spans}),
                                                                  len(meta) - 1))
        # launches run one after another
        for k in range(1, len(meta)):
            prev = max(s['ts'] + s['dur'] for s in spans if s['args']['launch'] == k - 1)
            if min(s['ts'] for s in spans if s['args']['launch'] == k) < prev:
                problems.append('ventus: launch %d starts before launch %d ends' % (k, k - 1))
        # without barrier waits, the span instructions plus the barrier re-executions of waiting warps
        # are what --stats counts; this case has no barriers, so they must be equal
        if sum(s['args']['instructions'] for s in spans) != int(m.group(1)):
            problems.append('ventus: spans count %d instructions, --stats %s' % (
                sum(s['args']['instructions'] for s in spans), m.group(1)))
    if len(docs) == 2 and docs[0] != docs[1]:
        problems.append('ventus: the timeline differs between --threads 1 and 2')


def main():
    tool = sys.argv[1]
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        rdna3(tool, tmp, problems)
        ventus(tool, tmp, problems)
    for p in problems[:20]:
        print(p)
    print('timeline: %d problems' % len(problems))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
