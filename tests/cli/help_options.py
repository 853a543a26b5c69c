#!/usr/bin/env python3
# The help text and the binary agree (issue 16): every option that `wavesim CMD --help` names is
# accepted by that command (never "unknown option"), every command that `wavesim help` lists has its
# own --help, and every form of the command-line contract (../shared/design/cli.md) appears in
# `wavesim help`.
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def default_contract():
    """../shared/design/cli.md beside the checkout, else /work/shared/design/cli.md (as the Ventus
    tests find their vectors, so a clone elsewhere runs too); the test fails when neither exists."""
    beside = os.path.join(HERE, '..', '..', '..', 'shared', 'design', 'cli.md')
    for c in (beside, '/work/shared/design/cli.md'):
        if os.path.isfile(c):
            return c
    return beside


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tool', required=True)
    ap.add_argument('--contract', default=default_contract())
    args = ap.parse_args()
    tool = args.tool
    fails = 0
    top = subprocess.run([tool, 'help'], capture_output=True, text=True)
    if top.returncode != 0:
        print('FAIL wavesim help: exit %d' % top.returncode)
        return 1
    commands = sorted(set(re.findall(r'^  ([a-z]+) ', top.stdout, re.M)) - {'help'})
    checked = 0
    for cmd in commands:
        h = subprocess.run([tool, cmd, '--help'], capture_output=True, text=True)
        if h.returncode != 0 or not h.stdout.startswith('usage: wavesim ' + cmd):
            print('FAIL %s --help: exit %d, %r' % (cmd, h.returncode, h.stdout[:80]))
            fails += 1
            continue
        if cmd == 'cc':
            continue  # its other options go to clang
        for opt in sorted(set(re.findall(r'(--[a-z][a-z0-9-]*)', h.stdout)) - {'--help'}):
            # the option alone, then with a value: neither may be refused as unknown
            for extra in ([], ['1']):
                p = subprocess.run([tool, cmd, opt] + extra, capture_output=True, text=True, timeout=60)
                if 'unknown option' in p.stderr:
                    print('FAIL %s %s: %s' % (cmd, opt, p.stderr.strip()))
                    fails += 1
                checked += 1
    if os.path.exists(args.contract):
        text = open(args.contract).read()
        for form in re.findall(r'^wavesim (\w+ +\S+)', text, re.M):
            words = form.split()
            if not re.search(r'^  %s +%s' % (re.escape(words[0]), re.escape(words[1])), top.stdout, re.M):
                print('FAIL contract form "wavesim %s" missing from wavesim help' % form)
                fails += 1
    else:
        print('FAIL the contract %s is missing' % args.contract)
        fails += 1
    v = subprocess.run([tool, '--version'], capture_output=True, text=True)
    if v.returncode != 0 or not v.stdout.startswith('wavesim '):
        print('FAIL --version')
        fails += 1
    print('help: %d commands, %d option checks, %d failed' % (len(commands), checked, fails))
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())
