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
