"""The distributions: the sdist holds every tracked source a build and the tests need, the wheel
built from it holds what an install runs (extensions, Python modules, stubs, py.typed) and
nothing of the build (.pyx, .pxd, headers, generated C, build folders)."""

import glob
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

import pytest

from helpers import ROOT

PACKAGE = os.path.join(ROOT, "ddz_fast")
# Tracked files that only the repository needs: CI's script and git's own.
REPOSITORY_ONLY = {".ci/run", ".ci/docs", ".gitignore"}

pytestmark = pytest.mark.slow


def build_tools():
    for module, package in [("setuptools", "setuptools"), ("Cython", "cython"), ("pip", "pip")]:
        pytest.importorskip(module, reason=f"building the distributions needs {package}")


def run(*args, cwd):
    result = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, result.stderr[-5000:] + result.stdout[-5000:]
    return result.stdout


@pytest.fixture(scope="module")
def sdist(tmp_path_factory):
    build_tools()
    out = tmp_path_factory.mktemp("sdist")
    # A fresh egg-info: sdist adds every file an existing SOURCES.txt lists, stale or not.
    run(sys.executable, "setup.py", "-q", "egg_info", "--egg-base", str(out),
        "sdist", "--dist-dir", str(out), cwd=ROOT)
    [archive] = glob.glob(os.path.join(out, "*.tar.gz"))
    return archive


def package_files(*patterns):
    """The package's files matching the patterns, as paths from the root ("ddz_fast/...")."""
    return {os.path.relpath(path, ROOT)
            for pattern in patterns
            for path in glob.glob(os.path.join(PACKAGE, "**", pattern), recursive=True)}


def test_sdist_holds_every_tracked_source(sdist):
    if shutil.which("git") is None or not os.path.exists(os.path.join(ROOT, ".git")):
        pytest.skip("the tracked files come from git: not a git checkout, or no git")
    tracked = set(run("git", "ls-files", cwd=ROOT).splitlines()) - REPOSITORY_ONLY
    with tarfile.open(sdist) as archive:
        # "ddz_fast-0.1.0/setup.py" -> "setup.py"
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    files = {name for name in names if not name.endswith("/")}
    assert tracked - files == set()
    built = {name for name in files
             if name.endswith((".c", ".so", ".html")) or name.startswith(("build/", "dist/"))}
    assert built == set()


def test_wheel_holds_what_an_install_runs(sdist, tmp_path):
    # DDZ_DEBUG=1 compiles at -O0, several times faster; every build ships the same files.
    env = dict(os.environ, DDZ_DEBUG="1")
    env.pop("DDZ_SANITIZE", None)
    env.pop("LD_PRELOAD", None)          # a sanitizer run's runtimes have no place in the compiler
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-q",
         "-w", str(tmp_path), sdist], capture_output=True, text=True, timeout=1800, env=env)
    assert result.returncode == 0, result.stderr[-5000:] + result.stdout[-5000:]
    [wheel] = glob.glob(os.path.join(tmp_path, "*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    installed = {name for name in names if ".dist-info/" not in name}
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    extensions = {os.path.splitext(pyx)[0] + suffix for pyx in package_files("*.pyx")}
    extensions.add(os.path.join("ddz_fast", "_cyutility" + suffix))   # Cython's shared code
    # (the .txt: package data, RLCard's action ids)
    expected = package_files("*.py", "*.pyi", "py.typed", "*.txt") | extensions
    assert installed == expected
