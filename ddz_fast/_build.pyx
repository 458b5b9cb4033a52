# How these extensions were built, as setup.py recorded it (DDZ_BUILD_INFO: JSON in a C string).

import json

cdef extern from *:
    const char* DDZ_BUILD_INFO

cdef bytes _INFO = DDZ_BUILD_INFO


def build_info():
    """The build of the installed extensions, as setup.py made it.

    ``build`` is ``"release"``, ``"debug"`` (``DDZ_DEBUG=1``) or ``"sanitizer"``
    (``DDZ_SANITIZE``); ``sanitize`` the sanitizers compiled in (``"address,undefined"``, or
    ``""``); ``native`` whether ``-march=native`` was used; ``compile_args`` and ``link_args`` the
    flags setup.py added after Python's own; ``directives`` the Cython compiler directives;
    ``cython`` the Cython version that generated the C. A new dict on every call.
    """
    return json.loads(_INFO)
