"""Build the Cython extensions of ddz_fast.

Every compiler directive lives here, so that the debug build can turn checks back on:

* ``DDZ_DEBUG=1``: bounds, wraparound and initialisation checks on, ``-O0 -g``, C assertions on.
* ``DDZ_NATIVE=1``: ``-march=native`` (opt-in: such a build only runs on CPUs like this one).

Each build keeps its generated C in its own folder and extensions are always recompiled,
so switching between the two builds never leaves a stale ``.so`` behind.
"""

import glob
import os
import platform

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

DEBUG = os.environ.get("DDZ_DEBUG", "") not in ("", "0")
NATIVE = os.environ.get("DDZ_NATIVE", "") not in ("", "0")

# Every .pyx is an extension: ddz_fast/_core/state.pyx is ddz_fast._core.state.
SOURCES = sorted(glob.glob("ddz_fast/**/*.pyx", recursive=True))

directives = {
    "language_level": 3,
    "embedsignature": True,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": not DEBUG,
}

# A pointer of the wrong type into a C helper breaks strict aliasing silently at -O3.
strict = ["-Werror=incompatible-pointer-types"]
if DEBUG:
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


class AlwaysRebuild(build_ext):
    def finalize_options(self):
        self.force = True  # Command.__init__ resets force after initialize_options
        super().finalize_options()


extensions = [
    Extension(
        os.path.splitext(source)[0].replace("/", "."),
        [source],
        extra_compile_args=compile_args,
        define_macros=macros,
    )
    for source in SOURCES
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=directives,
        build_dir=os.path.join("build", "cython-debug" if DEBUG else "cython-release"),
    ),
    cmdclass={"build_ext": AlwaysRebuild},
)
