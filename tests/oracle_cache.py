# A content-addressed cache of oracle runs (clang-19, llvm-mc-19, llvm-objcopy...): the release and
# the sanitizer runs of a test, and successive `make test` runs, ask the same reference questions;
# the cache answers the second time. Only reference tools go through it, never wavesim: a cached
# answer is keyed by the tool's identity (resolved path, size, mtime), its arguments and the bytes
# of every input file, so it is the answer the tool would give again.
import hashlib
import shlex
import os
import shutil
import subprocess
import tempfile
import time



def _cache_dir():
    """ORACLE_CACHE, else the user's cache directory (like ccache: every clone and worktree on the
    machine shares the answers, which are keyed by content and so valid in any of them), else the
    clone's build/ when there is no usable home."""
    if os.environ.get('ORACLE_CACHE'):
        return os.environ['ORACLE_CACHE']
    base = os.environ.get('XDG_CACHE_HOME') or (os.path.join(os.path.expanduser('~'), '.cache')
                                                if os.path.expanduser('~') != '~' else '')
    if base:
        try:
            path = os.path.join(base, 'wavesim', 'oracle')
            os.makedirs(path, exist_ok=True)
            if os.access(path, os.W_OK):
                return path
        except OSError:
            pass
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'build', 'oracle-cache')


CACHE = _cache_dir()


def _tool_identity(tool):
    path = shutil.which(tool) or tool
    real = os.path.realpath(path)
    st = os.stat(real)
    return '%s:%d:%d' % (real, st.st_size, st.st_mtime_ns)


def _tree_identity(path):
    """Identity of a file or a directory's files (what a tool reads besides its inputs)."""
    if not os.path.isdir(path):
        return _tool_identity(path) if os.path.exists(path) else path + ':absent'
    out = []
    for d, _, files in sorted(os.walk(path)):
        out += [_tool_identity(os.path.join(d, f)) for f in sorted(files)]
    return '\n'.join(out)


def run(cmd, inputs=(), outputs=(), also=(), key_cmd=None):
    """Runs an oracle command. cmd may name files as {in0}, {in1}... (the paths in inputs, whose bytes
    are part of the key) and {out0}... (the paths in outputs, restored from the cache on a hit); also
    names further files or directories the tool reads (their sizes and mtimes are part of the key).
    key_cmd, when given, is the command that identifies the answer in cmd's place (its first word's
    identity and its arguments: see wavesim_cc). Returns (returncode, stdout, stderr) as text."""
    h = hashlib.sha256()
    key_cmd = key_cmd or cmd
    h.update(_tool_identity(key_cmd[0]).encode())
    for p in also:
        h.update(b'\3' + _tree_identity(p).encode())
    for a in key_cmd[1:]:
        h.update(b'\0' + a.encode())
    for p in inputs:
        with open(p, 'rb') as f:
            h.update(b'\1' + hashlib.sha256(f.read()).digest())
    h.update(b'\2%d' % len(outputs))
    key = h.hexdigest()
    entry = os.path.join(CACHE, key[:2], key)
    if os.path.isfile(os.path.join(entry, 'rc')):
        try:  # the entry's last use, for prune()
            os.utime(os.path.join(entry, 'rc'))
        except OSError:
            pass
        for i, p in enumerate(outputs):
            src = os.path.join(entry, 'out%d' % i)
            if os.path.exists(src):
                shutil.copyfile(src, p)
        with open(os.path.join(entry, 'rc')) as f:
            rc = int(f.read())
        with open(os.path.join(entry, 'stdout')) as f:
            out = f.read()
        with open(os.path.join(entry, 'stderr')) as f:
            err = f.read()
        return rc, out, err
    names = {'in%d' % i: p for i, p in enumerate(inputs)}
    names.update({'out%d' % i: p for i, p in enumerate(outputs)})
    p = subprocess.run([a.format(**names) if '{' in a else a for a in cmd], capture_output=True, text=True)
    # store under a private name, then rename: concurrent tests may fill the same entry
    os.makedirs(os.path.dirname(entry), exist_ok=True)
    part = tempfile.mkdtemp(dir=os.path.dirname(entry))
    for i, path in enumerate(outputs):
        if os.path.exists(path):
            shutil.copyfile(path, os.path.join(part, 'out%d' % i))
    for name, text in (('stdout', p.stdout), ('stderr', p.stderr), ('rc', str(p.returncode))):
        with open(os.path.join(part, name), 'w') as f:
            f.write(text)
    try:
        os.rename(part, entry)
    except OSError:  # another test stored it first
        shutil.rmtree(part, ignore_errors=True)
    return p.returncode, p.stdout, p.stderr


def check_output(cmd, inputs=(), outputs=(), also=()):
    """run(), raising CalledProcessError on a non-zero exit like subprocess.run(check=True)."""
    rc, out, err = run(cmd, inputs, outputs, also)
    if rc:
        raise subprocess.CalledProcessError(rc, cmd, out, err)
    return out


def wavesim_cc(tool, args, src, obj):
    """`TOOL cc ARGS SRC -o OBJ` through the cache. `wavesim cc` only runs clang-19 (ws_cc), so the
    answer is keyed by the command it would run, which `wavesim cc --print-command` prints (the
    compiler, gfx1100's options, the builtin library with wavesim's header named by its content hash,
    and ARGS), by the identity of the compiler and of every library file that command names, and by
    the source's bytes: a rebuilt wavesim hits as long as it would run the same clang command, and any
    change to what it runs misses. Returns (returncode, stdout, stderr)."""
    plan = subprocess.run([tool, 'cc', '--print-command'] + list(args) + [src, '-o', obj],
                          capture_output=True, text=True)
    cmd = [tool, 'cc'] + list(args) + ['{in0}', '-o', '{out0}']
    if plan.returncode:  # what wavesim cc refuses is not cached: run it for its own message
        p = subprocess.run([a.format(in0=src, out0=obj) if '{' in a else a for a in cmd], capture_output=True, text=True)
        return p.returncode, p.stdout, p.stderr
    words = shlex.split(plan.stdout)
    key_cmd = [words[0]] + ['{in0}' if w == src else '{out0}' if w == obj else w for w in words[1:]]
    libs = [w for w in words[1:] if w not in (src, obj) and os.path.isfile(w)]
    return run(cmd, [src], [obj], also=libs, key_cmd=key_cmd)


def prune(days=30):
    """Removes the entries no run has used for `days` days (the cache lives outside the clone, so
    nothing else bounds it); returns how many it removed."""
    limit = time.time() - days * 86400
    removed = 0
    if not os.path.isdir(CACHE):
        return 0
    for sub in os.listdir(CACHE):
        d = os.path.join(CACHE, sub)
        if not os.path.isdir(d):
            continue
        for name in os.listdir(d):
            entry = os.path.join(d, name)
            try:
                if os.path.getmtime(os.path.join(entry, 'rc')) < limit:
                    shutil.rmtree(entry, ignore_errors=True)
                    removed += 1
            except OSError:  # a half-stored entry of a concurrent run, or one just removed
                continue
    return removed


if __name__ == '__main__':
    import sys
    if sys.argv[1:2] != ['--prune']:
        sys.exit('usage: oracle_cache.py --prune [DAYS]: remove entries unused for DAYS days (30)')
    n = prune(int(sys.argv[2]) if len(sys.argv) > 2 else 30)
    print('oracle cache %s: %d unused entries removed' % (CACHE, n))
