# Kernels only: nothing here is callable from Python.
