"""Engine throughput of every registered game beside OpenSpiel's maedn and backgammon.

    python benchmarks/engine.py [--seconds 5]

Each of our games and each reference runs the same random-playout loop on one core in
this one process, taking turns in slices of a quarter second (so a change of load hits
all of them alike); the table gives actions per second and the ratio to each reference.
"""

from __future__ import annotations

import argparse

import wuerfelwerk
from wuerfelwerk.bench.engine import OPENSPIEL_REFERENCES, engine_rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    seconds = parser.parse_args().seconds
    rates = engine_rates(wuerfelwerk.game_names(), seconds)
    references = {ref: rates[f"openspiel {ref}"] for ref in OPENSPIEL_REFERENCES}
    header = f"{'engine':<24}{'actions/s':>12}" + "".join(f"{'/ ' + r:>14}" for r in references)
    print(header)
    for name, rate in references.items():
        print(f"{'openspiel ' + name:<24}{rate:>12,.0f}")
    for name in wuerfelwerk.game_names():
        rate = rates[name]
        ratios = "".join(f"{rate / ref:>13.2f}x" for ref in references.values())
        print(f"{name:<24}{rate:>12,.0f}{ratios}")


if __name__ == "__main__":
    main()
