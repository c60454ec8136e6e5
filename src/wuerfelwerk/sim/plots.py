"""Pictures of a simulation report: win rates with their intervals, and game lengths."""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: The picture formats a report is drawn in, named by the file's suffix.
FORMATS = ("png", "svg", "pdf")


def plot_report(report: dict[str, Any], lengths: list[int], path: Path) -> Path:
    """Draw the win rate per agent with its 95% interval, the win rate per seat and the
    distribution of game lengths into ``path`` (a format of ``FORMATS`` by its suffix)."""
    # Imported here: pyplot takes most of a second to load, which every other command
    # (and every run of simulate without --plot) would pay.
    import matplotlib

    matplotlib.use("Agg")  # files only, no screen
    import matplotlib.pyplot as plt

    figure, (agents_ax, seats_ax, lengths_ax) = plt.subplots(1, 3, figsize=(14, 4.2))
    names = list(report["win_rate"])
    rates = [report["win_rate"][n] for n in names]
    errors = [  # rounding may put a rate a hair outside its interval
        [max(0.0, rate - report["ci95"][n][0]) for n, rate in zip(names, rates, strict=True)],
        [max(0.0, report["ci95"][n][1] - rate) for n, rate in zip(names, rates, strict=True)],
    ]
    agents_ax.bar(names, rates, yerr=errors, capsize=6, color="#4c72b0")
    agents_ax.set_ylim(0, 1)
    agents_ax.set_title("win rate per agent (95% CI)")
    seat_rates = report["seat_win_rate"]
    seats_ax.bar([str(s + 1) for s in range(len(seat_rates))], seat_rates, color="#55a868")
    seats_ax.axhline(1 / max(1, len(seat_rates)), color="grey", linestyle="--", linewidth=1)
    seats_ax.set_ylim(0, 1)
    seats_ax.set_title("win rate per seat")
    seats_ax.set_xlabel("seat")
    lengths_ax.hist(lengths, bins=min(40, max(5, len(set(lengths)))), color="#c44e52")
    lengths_ax.set_title("game length (actions)")
    figure.suptitle(f"{report['game']}: {report['games']} games, seed {report['seed']}")
    figure.tight_layout()
    figure.savefig(path, format=path.suffix[1:].lower(), dpi=110)
    plt.close(figure)
    return path
