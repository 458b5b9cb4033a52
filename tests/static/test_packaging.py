"""The distributions: the sdist holds every tracked source a build and the tests need, the wheel
built from it holds what an install runs (extensions, Python modules, stubs, py.typed) and
nothing of the build (.pyx, .pxd, headers, generated C, build folders); one version, the
package's; the compiler flags setup.py picks for each compiler and platform."""

import email
import glob
import importlib.metadata
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

import pytest
from packaging.version import Version

import ddz_fast
from helpers import ROOT, needs_checkout

PACKAGE = os.path.join(ROOT, "ddz_fast")
# Tracked files that only the repository needs: CI's scripts and git's own.
REPOSITORY_ONLY = {".ci/run", ".ci/docs", ".ci/wheel", ".ci/rllib", ".gitignore"}


def test_installed_metadata_has_the_package_version():
    try:
        installed = importlib.metadata.version("ddz-fast")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("ddz-fast is not installed (a checkout on the path): no metadata to compare")
    assert installed == ddz_fast.__version__
    assert str(Version(ddz_fast.__version__)) == ddz_fast.__version__     # PEP 440, normalised


@needs_checkout
def test_changelog_has_a_section_for_the_version():
    with open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8") as f:
        headings = [line for line in f if line.startswith("## ")]
    assert headings[0] == "## Unreleased\n"
    assert any(line.startswith(f"## {ddz_fast.__version__} - ") for line in headings)


@pytest.fixture(scope="module")
def setup_script():
    """setup.py as a module (its setup() call runs only as __main__), for a release build."""
    pytest.importorskip("Cython", reason="setup.py needs Cython")
    spec = importlib.util.spec_from_file_location("setup_script", os.path.join(ROOT, "setup.py"))
    module = importlib.util.module_from_spec(spec)
    with pytest.MonkeyPatch.context() as patch:
        for name in ("DDZ_DEBUG", "DDZ_SANITIZE", "DDZ_NATIVE"):
            patch.delenv(name, raising=False)
        patch.chdir(ROOT)                # it globs its sources from the root
        spec.loader.exec_module(module)
    return module


@needs_checkout
@pytest.mark.parametrize("compiler, platform, march", [
    ("unix", "linux-x86_64", True),              # gcc: manylinux, musllinux
    ("unix", "linux-aarch64", False),
    ("unix", "macosx-10.13-x86_64", True),       # clang, also cross-compiling on an arm64 Mac
    ("unix", "macosx-11.0-arm64", False),        # ... and on an Intel Mac
    ("unix", "macosx-10.13-universal2", False),  # both architectures in one file
    ("mingw32", "mingw_x86_64", True),
])
def test_release_flags_take_x86_64_v2_for_x86_64_targets_only(setup_script, compiler, platform, march):
    compile_args, link_args = setup_script.compiler_flags(compiler, platform)
    assert ("-march=x86-64-v2" in compile_args) == march
    assert compile_args[0] == "-O3" and "-Werror=incompatible-pointer-types" in compile_args
    assert link_args == [] and not any(arg.startswith("-march=") and arg != "-march=x86-64-v2"
                                       for arg in compile_args)


@needs_checkout
@pytest.mark.parametrize("platform", ["win-amd64", "win-arm64"])
def test_msvc_gets_msvc_flags_only(setup_script, platform):
    assert setup_script.compiler_flags("msvc", platform) == (["/O2"], [])


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


@pytest.mark.slow
@needs_checkout
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


@pytest.mark.slow
@needs_checkout
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
        [metadata] = [name for name in names if name.endswith(".dist-info/METADATA")]
        info = email.message_from_bytes(archive.read(metadata))
        dist_info = os.path.dirname(metadata)
        entry_points = archive.read(f"{dist_info}/entry_points.txt").decode()
    # The version of the package, read from __init__.py without importing it (an sdist holds no
    # extension to import), and the license file.
    assert info["Version"] == ddz_fast.__version__
    assert info["License-Expression"] == "MIT" and info.get_all("License-File") == ["LICENSE"]
    assert f"{dist_info}/licenses/LICENSE" in names
    assert "ddz-fast = ddz_fast.tools.cli:main" in entry_points
    installed = {name for name in names if ".dist-info/" not in name}
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    extensions = {os.path.splitext(pyx)[0] + suffix for pyx in package_files("*.pyx")}
    extensions.add(os.path.join("ddz_fast", "_cyutility" + suffix))   # Cython's shared code
    # (the .txt: package data, RLCard's action ids)
    expected = package_files("*.py", "*.pyi", "py.typed", "*.txt") | extensions
    assert installed == expected
