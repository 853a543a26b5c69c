# Persistent batch processes for the tests: `wavesim run --batch -` and `pocl_run --batch -` take one
# run's arguments per line and answer "--- exit N" after each, so a test of thousands of small launches
# pays one process start (and, for PoCL, one platform start-up and one build per program) instead of
# one per launch. run() returns what subprocess.run(prefix + words) would have: the status, stdout and
# stderr of that run alone; a crash stands for the run that caused it and a fresh process takes over.
# One process per thread and command. At exit every process is closed; one that ends with a nonzero
# status (a sanitizer's leak report, say) fails the test.
import atexit
import os
import subprocess
import tempfile
import threading


def quote(word):
    """WORD as one word of a batch line (blank-separated, '...' or "..." quoting)."""
    if word and not any(c in word for c in ' \t\'"'):
        return word
    if '"' not in word:
        return '"%s"' % word
    if "'" not in word:
        return "'%s'" % word
    raise ValueError('a batch word cannot hold both quote characters: %r' % word)


class BatchProcess:
    """One `PREFIX --batch -` process; run() sends one line and reads up to its "--- exit N"."""

    def __init__(self, prefix):
        self.prefix = list(prefix)
        self.err = tempfile.TemporaryFile()  # a file, not a pipe: a long message cannot block the run
        self.seen = 0
        self.proc = subprocess.Popen(self.prefix + ['--batch', '-'], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.err)

    def _new_stderr(self):
        self.err.seek(self.seen)
        text = self.err.read()
        self.seen += len(text)
        return text.decode(errors='replace')

    def run(self, words):
        return self.run_line(' '.join(quote(w) for w in words), words)

    def run_line(self, line, words=()):
        """Sends LINE as it is (a test of the batch reader itself may send a malformed one)."""
        out = []
        got = b''
        try:
            self.proc.stdin.write(line.encode() + b'\n')
            self.proc.stdin.flush()
            while True:
                got = self.proc.stdout.readline()
                if not got or got.startswith(b'--- exit '):
                    break
                out.append(got)
        except BrokenPipeError:
            got = b''
        if got:
            rc = int(got.split()[2])
        else:  # the process died (a crash): its status stands for this run, and a new one starts
            rc = self.proc.wait()
            _processes[threading.get_ident(), tuple(self.prefix)] = None
        return subprocess.CompletedProcess(self.prefix + list(words), rc,
                                           b''.join(out).decode(errors='replace'), self._new_stderr())

    def close(self):
        self.proc.stdin.close()
        rest = self.proc.stdout.read()
        rc = self.proc.wait()
        return rc, rest.decode(errors='replace') + self._new_stderr()


_processes = {}
_processes_lock = threading.Lock()


@atexit.register
def _close_all():
    for b in list(_processes.values()):
        if b is None:
            continue
        rc, text = b.close()
        if rc:
            print('%s --batch ended with status %d:\n%s' % (' '.join(b.prefix), rc, text[-3000:]), flush=True)
            os._exit(1)


def run(prefix, words):
    """Runs PREFIX + WORDS in this thread's batch process for PREFIX (e.g. [tool, 'run'] or [pocl_run])."""
    return process(prefix).run(words)


def process(prefix):
    """This thread's batch process for PREFIX (started if need be)."""
    key = threading.get_ident(), tuple(prefix)
    b = _processes.get(key)
    if b is None:
        b = BatchProcess(prefix)
        with _processes_lock:
            _processes[key] = b
    return b
