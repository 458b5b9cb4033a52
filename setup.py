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

Each build keeps its generated C in its own folder and extensions are always recompiled,
so switching between builds never leaves a stale ``.so`` behind. ``ddz_fast.build_info()``
tells which build is installed and with which flags.
"""

import glob
import json
import os
import platform

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

# Every .pyx is an extension: ddz_fast/_core/state.pyx is ddz_fast._core.state.
SOURCES = sorted(glob.glob("ddz_fast/**/*.pyx", recursive=True))

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

# A pointer of the wrong type into a C helper breaks strict aliasing silently at -O3.
strict = ["-Werror=incompatible-pointer-types"]
link_args = []
if SANITIZE:
    flag = "-fsanitize=" + ",".join(SANITIZE)
    compile_args = ["-O1", "-g", "-UNDEBUG", flag, "-fno-omit-frame-pointer"] + strict
    if "undefined" in SANITIZE:
        # Python's CFLAGS carry -fwrapv, under which UBSan does not see signed overflow.
        compile_args += ["-fno-sanitize-recover=undefined", "-fno-wrapv"]
    link_args = [flag]
    macros = [("DDZ_DEBUG", "1")]
elif DEBUG:
    compile_args = ["-O0", "-g", "-UNDEBUG"] + strict
    macros = [("DDZ_DEBUG", "1")]
else:
    compile_args = ["-O3"] + strict
    macros = []
    if NATIVE:
        compile_args.append("-march=native")
    elif platform.machine().lower() in ("x86_64", "amd64"):
        # popcount and ctz as single instructions; every x86-64 CPU since 2009 has them.
        compile_args.append("-march=x86-64-v2")

# What ddz_fast.build_info() answers: JSON in a C string literal, compiled into _build.
info = json.dumps({
    "build": BUILD,
    "sanitize": ",".join(SANITIZE),
    "native": "-march=native" in compile_args,
    "compile_args": compile_args,
    "link_args": link_args,
    "directives": directives,
    "cython": Cython.__version__,
})
info_literal = '"' + info.replace("\\", "\\\\").replace('"', '\\"') + '"'


CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


class AlwaysRebuild(build_ext):
    def finalize_options(self):
        self.force = True  # Command.__init__ resets force after initialize_options
        if self.parallel is None:   # pip passes no -j: compile on every core the process may use
            self.parallel = CORES
        super().finalize_options()


extensions = [
    Extension(
        os.path.splitext(source)[0].replace("/", "."),
        [source],
        include_dirs=["ddz_fast/_core/include"],
        extra_compile_args=compile_args,
        extra_link_args=link_args,
        define_macros=macros + ([("DDZ_BUILD_INFO", info_literal)]
                                if source == "ddz_fast/_build.pyx" else []),
    )
    for source in SOURCES
]
# cythonize generates this module's C (into the build folder, as for the .pyx) when it meets
# the extension named shared_utility_qualified_name.
SHARED_UTILITY = "ddz_fast._cyutility"
extensions.append(Extension(SHARED_UTILITY, ["ddz_fast/_cyutility.c"],
                            extra_compile_args=compile_args, extra_link_args=link_args,
                            define_macros=macros))

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=directives,
        nthreads=CORES,
        shared_utility_qualified_name=SHARED_UTILITY,
        # The shared module's own name (cythonize uses it for that module only): without it, the
        # module would call itself "_cyutility" and also take that top-level name in sys.modules.
        module_name=SHARED_UTILITY,
        build_dir=os.path.join("build", "cython-sanitize" if SANITIZE else f"cython-{BUILD}"),
    ),
    cmdclass={"build_ext": AlwaysRebuild},
)
