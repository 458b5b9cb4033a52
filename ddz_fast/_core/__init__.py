"""The C level of ddz_fast: plain structs and ``noexcept nogil`` kernels, no Python objects.

Nothing here is callable from Python; the boundary modules one level up cimport it.
"""
