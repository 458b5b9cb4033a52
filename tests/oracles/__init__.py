"""The oracles: independent pure-Python references of the rules, the game, the solver and the
sampler, which share no code with ddz_fast, and the stored tables they wrote (data/, each
rewritten by its data/make_*.py script). See tests/README.md."""
