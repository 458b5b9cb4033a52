"""Build the Cython extensions of ddz_fast.

Every compiler directive lives here, so that the checked builds can turn checks back on:

* ``DDZ_DEBUG=1``: initialisation and None checks on, ``-O0 -g``, C assertions on (bounds
  and wraparound checks are on in every build).
* ``DDZ_SANITIZE=address,undefined``: the debug build's checks plus AddressSanitizer and
  UndefinedBehaviorSanitizer (either or both), ``-O1 -g``; undefined behaviour, signed overflow
  included (``-fno-wrapv``), aborts instead of going on. Python itself is not instrumented, so
  gcc's runtimes must be loaded first::

      LD_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)" \\
      ASAN_OPTIONS=detect_leaks=0 pytest --capture=sys

  (CPython "leaks" at exit; ``--capture=sys`` keeps a report on the terminal when it kills
  pytest; .ci/run has the full options.)
* ``DDZ_NATIVE=1``: ``-march=native`` for the release build (opt-in: such a build only runs on
  CPUs like this one).

Cython's shareable utility code (memoryviews, its function type, extension type and pickling
helpers, ...) is generated once, into the ``ddz_fast._cyutility`` extension, which the other
extensions import, instead of a copy in each of them.

The generated C of each set of directives has its own folder (the debug and sanitizer builds
share one: the same directives, other compiler flags), and extensions are always recompiled,
so switching between builds never leaves a stale ``.so`` behind. ``ddz_fast.build_info()``
tells which build is installed and with which flags.
"""

import glob
import json
import os
import sysconfig

import Cython
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


def switch(name):
    return os.environ.get(name, "") not in ("", "0")


SANITIZERS = ("address", "undefined")
requested = os.environ.get("DDZ_SANITIZE", "").replace(" ", "")
SANITIZE = sorted({s for s in requested.split(",") if s}) if requested != "0" else []
unknown = [s for s in SANITIZE if s not in SANITIZERS]
if unknown:
    raise SystemExit(f"DDZ_SANITIZE={requested!r}: unknown sanitizer "
                     f"{', '.join(map(repr, unknown))}; use a comma-separated list of "
                     f"{' and '.join(SANITIZERS)}")
DEBUG = switch("DDZ_DEBUG") or bool(SANITIZE)
NATIVE = switch("DDZ_NATIVE")
BUILD = "sanitizer" if SANITIZE else "debug" if DEBUG else "release"
MACROS = [("DDZ_DEBUG", "1")] if DEBUG else []

# Every .pyx is an extension: ddz_fast/_core/state.pyx is ddz_fast._core.state (the paths
# with "/" on Windows too).
SOURCES = sorted(path.replace(os.sep, "/") for path in glob.glob("ddz_fast/**/*.pyx", recursive=True))

directives = {
    "language_level": 3,
    "embedsignature": True,
    # On in every build: without them Cython indexes a Python list or tuple with a C integer
    # past its end (a crash, not an IndexError). Kernels index C arrays and raw pointers,
    # which no directive checks, so the release build loses nothing.
    "boundscheck": True,
    "wraparound": True,
    "initializedcheck": DEBUG,
    "nonecheck": DEBUG,
    "cdivision": not DEBUG,
}


def compiler_flags(compiler_type, platform_name):
    """The compile and link arguments of this build, for distutils' compiler type ("unix" for
    gcc and clang, "msvc", "mingw32") and the platform the wheel is for (``sysconfig.get_platform()``:
    "linux-x86_64", "macosx-11.0-arm64", "win-amd64", ...; cibuildwheel's cross builds set it)."""
    if compiler_type == "msvc":
        if SANITIZE or NATIVE:
            raise SystemExit("DDZ_SANITIZE and DDZ_NATIVE need gcc or clang, not MSVC")
        # MSVC's intrinsics (bits.pxd) need no flag; Python's own flags already hold /DNDEBUG.
        return (["/Od", "/Zi", "/UNDEBUG"] if DEBUG else ["/O2"]), []
    # A pointer of the wrong type into a C helper breaks strict aliasing silently at -O3.
    strict = ["-Werror=incompatible-pointer-types"]
    if SANITIZE:
        flag = "-fsanitize=" + ",".join(SANITIZE)
        compile_args = ["-O1", "-g", "-UNDEBUG", flag, "-fno-omit-frame-pointer"] + strict
        if "undefined" in SANITIZE:
            # Python's CFLAGS carry -fwrapv, under which UBSan does not see signed overflow.
            compile_args += ["-fno-sanitize-recover=undefined", "-fno-wrapv"]
        return compile_args, [flag]
    if DEBUG:
        return ["-O0", "-g", "-UNDEBUG"] + strict, []
    if NATIVE:
        return ["-O3", "-march=native"] + strict, []
    if platform_name.endswith(("x86_64", "amd64")):
        # popcount and ctz as single instructions; every x86-64 CPU since 2009 has them. Only
        # for an x86-64 target: not for arm64, nor for macOS's universal2 (both in one file).
        return ["-O3", "-march=x86-64-v2"] + strict, []
    return ["-O3"] + strict, []


def build_info_literal(compile_args, link_args):
    """What ddz_fast.build_info() answers: JSON in a C string literal, compiled into _build."""
    info = json.dumps({
        "build": BUILD,
        "sanitize": ",".join(SANITIZE),
        "native": "-march=native" in compile_args,
        "compile_args": compile_args,
        "link_args": link_args,
        "directives": directives,
        "cython": Cython.__version__,
    })
    return '"' + info.replace("\\", "\\\\").replace('"', '\\"') + '"'


CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


class AlwaysRebuild(build_ext):
    def finalize_options(self):
        self.force = True  # Command.__init__ resets force after initialize_options
        if self.parallel is None:   # pip passes no -j: compile on every core the process may use
            self.parallel = CORES
        super().finalize_options()

    def build_extensions(self):
        # The flags depend on the compiler, known only now.
        compile_args, link_args = compiler_flags(self.compiler.compiler_type, sysconfig.get_platform())
        for extension in self.extensions:
            extension.extra_compile_args = compile_args
            extension.extra_link_args = link_args
            if extension.name == "ddz_fast._build":
                extension.define_macros.append(
                    ("DDZ_BUILD_INFO", build_info_literal(compile_args, link_args)))
        super().build_extensions()


extensions = [
    Extension(
        os.path.splitext(source)[0].replace("/", "."),
        [source],
        include_dirs=["ddz_fast/_core/include"],
        define_macros=list(MACROS),
    )
    for source in SOURCES
]
# cythonize generates this module's C (into the build folder, as for the .pyx) when it meets
# the extension named shared_utility_qualified_name.
SHARED_UTILITY = "ddz_fast._cyutility"
extensions.append(Extension(SHARED_UTILITY, ["ddz_fast/_cyutility.c"], define_macros=list(MACROS)))

if __name__ == "__main__":     # as pip and `python setup.py` run it; tests import compiler_flags
    setup(
        ext_modules=cythonize(
            extensions,
            compiler_directives=directives,
            nthreads=CORES,
            shared_utility_qualified_name=SHARED_UTILITY,
            # The shared module's own name (cythonize uses it for that module only): without it, the
            # module would call itself "_cyutility" and also take that top-level name in sys.modules.
            module_name=SHARED_UTILITY,
            # The directives decide the generated C: the sanitizer build reuses the debug build's.
            build_dir=os.path.join("build", "cython-debug" if DEBUG else "cython-release"),
        ),
        cmdclass={"build_ext": AlwaysRebuild},
    )
