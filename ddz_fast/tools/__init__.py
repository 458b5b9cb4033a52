"""Tools built on ddz_fast's public API: the ``ddz-fast`` command (``cli``), the benchmark
suite (``bench``) and the harness that runs peer engines on the same positions (``peers``), with
the positions (``positions``) and the timing and number formats (``timing``) they share."""
