"""Where the Ventus reference test vectors are, for the tests in this directory."""
import os

def default_cases():
    """$VENTUS_CASES, else ../shared/ventus-cases beside the checkout, else /work/shared/ventus-cases
    (the tests fail, never skip, when none exists)."""
    here = os.path.dirname(os.path.abspath(__file__))
    for c in (os.environ.get('VENTUS_CASES'), os.path.join(here, '../../../shared/ventus-cases'),
              '/work/shared/ventus-cases'):
        if c and os.path.isdir(c):
            return c
    return os.path.join(here, '../../../shared/ventus-cases')


def words(path):
    """The u32 words of a .metadata, .data or expected .hex file (one hex word per line; text after
    the first token and // comments ignored)."""
    out = []
    for line in open(path):
        line = line.split('//')[0].strip()
        if line:
            out.append(int(line.split()[0], 16))
    return out
