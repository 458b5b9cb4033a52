import glob
import hashlib
import os
import pickle
import sys
from concurrent.futures import ProcessPoolExecutor

import pytest

TESTS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TESTS)  # the reference and helpers live beside the tests
sys.path.insert(0, os.path.join(TESTS, "data"))

import reference  # noqa: E402

import ddz_fast  # noqa: E402


def pytest_report_header(config):
    info = ddz_fast.build_info()
    build = f"{info['build']} ({info['sanitize']})" if info["sanitize"] else info["build"]
    return (f"ddz_fast {ddz_fast.__version__}: {build} build, {' '.join(info['compile_args'])}, "
            f"at {os.path.dirname(ddz_fast.__file__)}")


def pytest_sessionstart(session):
    # Editable installs do not rebuild by themselves: refuse to test stale extensions.
    package = os.path.dirname(ddz_fast.__file__)
    if not os.path.exists(os.path.join(package, os.pardir, "setup.py")):
        return                          # an installed package, not a source checkout
    built = glob.glob(os.path.join(package, "*.so")) + glob.glob(os.path.join(package, "*.pyd"))
    sources = glob.glob(os.path.join(package, "*.pyx")) + glob.glob(os.path.join(package, "*.pxd"))
    if built and sources:
        newest_source = max(sources, key=os.path.getmtime)
        oldest_build = min(built, key=os.path.getmtime)
        if os.path.getmtime(newest_source) > os.path.getmtime(oldest_build):
            pytest.exit(
                f"{os.path.basename(newest_source)} is newer than {os.path.basename(oldest_build)}: "
                "rebuild with `pip install -e .` (or `python setup.py build_ext --inplace`)",
                returncode=2)


@pytest.fixture(scope="session")
def reference_leads(request):
    """`leads(hands)`: the reference leads (default rules) of every hand, computed in parallel
    and cached across runs (the debug-build run reuses the release run's results)."""
    with open(reference.__file__, "rb") as f:
        source = f.read()
    cache_dir = request.config.cache.mkdir("ddz_reference")

    def leads(hands):
        key = hashlib.sha256(source + repr(hands).encode()).hexdigest()[:24]
        path = os.path.join(cache_dir, key + ".pickle")
        if os.path.exists(path):
            with open(path, "rb") as f:
                return pickle.load(f)
        with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
            result = list(pool.map(reference.leads, hands, chunksize=8))
        with open(path, "wb") as f:
            pickle.dump(result, f)
        return result

    return leads
