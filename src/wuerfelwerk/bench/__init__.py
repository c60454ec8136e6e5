"""Benchmarks: throughput measured beside a reference in the same run, for
``wuerfelwerk bench`` (``cli/bench.py`` prints them) and the scripts in ``benchmarks/``.

``engine``: random playouts of our engines against OpenSpiel's C++ games; ``mcts``: our
MCTS against OpenSpiel's on the same position; ``machine``: what a server benchmark reads
from the machine (the processes' own CPU time, the load, the reference rate, noise).
Speed is measured here, never by tests.
"""
