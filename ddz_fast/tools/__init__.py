"""Tools built on ddz_fast's public API: the ``ddz-fast`` command (``cli``), the benchmark
suite (``bench``) and the harness that runs peer engines on the same positions (``peers``)."""
