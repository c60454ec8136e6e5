"""Pictures of simulation reports: win rates with their intervals, seats and game lengths,
for one simulation (a PNG file) and for the cells of a study (PNG bytes for its page)."""

from __future__ import annotations

import io
import textwrap
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .report import counted

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: The picture formats a report is drawn in, named by the file's suffix.
FORMATS = ("png", "svg", "pdf")
#: Characters in a line of a reliability diagram's title.
TITLE_WIDTH = 64


@cache
def pyplot() -> ModuleType:
    """Matplotlib drawing into files (no screen). Loaded at the first picture: pyplot
    takes most of a second to load, which every command without one would pay."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def error_bars(rates: list[float], intervals: list[list[float]]) -> list[list[float]]:
    """Matplotlib's ``yerr``: the distances from each rate down and up to its interval's
    ends (rounding may put a rate a hair outside its interval)."""
    return [
        [max(0.0, rate - low) for rate, (low, _) in zip(rates, intervals, strict=True)],
        [max(0.0, high - rate) for rate, (_, high) in zip(rates, intervals, strict=True)],
    ]


def plot_report(report: dict[str, Any], lengths: list[int], path: Path) -> Path:
    """Draw the win rate per agent with its 95% interval, the win rate per seat and the
    distribution of game lengths into ``path`` (a format of ``FORMATS`` by its suffix)."""
    plt = pyplot()
    figure, (agents_ax, seats_ax, lengths_ax) = plt.subplots(1, 3, figsize=(14, 4.2))
    names = list(report["win_rate"])
    rates = [report["win_rate"][n] for n in names]
    errors = error_bars(rates, [report["ci95"][n] for n in names])
    agents_ax.bar(names, rates, yerr=errors, capsize=6, color="#4c72b0")
    agents_ax.set_ylim(0, 1)
    agents_ax.set_title("win rate per agent (95% CI)")
    seat_rates = report["seat_win_rate"]
    seats_ax.bar(report["seat_names"], seat_rates, color="#55a868")
    seats_ax.axhline(1 / max(1, len(seat_rates)), color="grey", linestyle="--", linewidth=1)
    seats_ax.set_ylim(0, 1)
    seats_ax.set_title("win rate per seat")
    seats_ax.set_xlabel("seat")
    lengths_ax.hist(lengths, bins=min(40, max(5, len(set(lengths)))), color="#c44e52")
    lengths_ax.set_title("game length (actions)")
    figure.suptitle(f"{report['game']}: {counted(report['games'], 'game')}, seed {report['seed']}")
    figure.tight_layout()
    path.write_bytes(picture(figure, path.suffix[1:].lower()))
    return path


def plot_reliability(report: dict[str, Any], path: Path) -> Path:
    """The reliability diagram of a calibration report (``wuerfelwerk calibrate``): per
    bin of the chances given, how often the seat won, against the diagonal of a perfect
    calibration, with the number of forecasts per bin below."""
    plt = pyplot()
    figure, (curve, counts) = plt.subplots(
        2, 1, figsize=(5.5, 6.2), gridspec_kw={"height_ratios": [3, 1]}, sharex=True
    )
    bins = [b for b in report["bins"] if b["count"]]
    predicted = [b["predicted"] for b in bins]
    observed = [b["observed"] for b in bins]
    curve.plot([0, 1], [0, 1], color="grey", linestyle="--", linewidth=1, label="calibrated")
    curve.plot(predicted, observed, marker="o", color="#4c72b0", label="this evaluation")
    curve.set_xlim(0, 1)
    curve.set_ylim(0, 1)
    curve.set_ylabel("share of the win")
    curve.legend(loc="upper left")
    curve.set_title(
        "\n".join(textwrap.wrap(report["title"], TITLE_WIDTH)) + f"\nBrier {report['brier']:.4f}, "
        f"calibration error {100 * report['ece']:.2f} points",
        fontsize="medium",
    )
    counts.bar(
        [(b["low"] + b["high"]) / 2 for b in report["bins"]],
        [b["count"] for b in report["bins"]],
        width=0.9 / len(report["bins"]),
        color="#55a868",
    )
    counts.set_xlabel("chance to win given")
    counts.set_ylabel("forecasts")
    figure.tight_layout()
    path.write_bytes(picture(figure, path.suffix[1:].lower()))
    return path


def picture(figure: Figure, kind: str = "png") -> bytes:
    """The figure in the format ``kind`` (one of ``FORMATS``); the figure is closed."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format=kind, dpi=110)
    pyplot().close(figure)
    return buffer.getvalue()


def plot_study_agents(report: dict[str, Any]) -> bytes:
    """Win rate of each agent in each cell of a study, with its 95% interval."""
    plt = pyplot()
    cells = report["cells"]
    agents = list(cells[0]["win_rate"])
    figure, axes = plt.subplots(figsize=(min(16.0, max(6.0, 1.2 * len(cells) * len(agents))), 4.2))
    width = 0.8 / len(agents)
    for number, agent in enumerate(agents):
        rates = [cell["win_rate"][agent] for cell in cells]
        errors = error_bars(rates, [cell["ci95"][agent] for cell in cells])
        positions = [c + (number - (len(agents) - 1) / 2) * width for c in range(len(cells))]
        axes.bar(positions, rates, width, yerr=errors, capsize=4, label=agent)
    axes.set_xticks(range(len(cells)), [cell["label"] for cell in cells], rotation=20, ha="right")
    axes.set_ylim(0, 1)
    axes.set_title("win rate per agent (95% CI)")
    axes.legend()
    figure.tight_layout()
    return picture(figure)


def plot_study_seats(report: dict[str, Any]) -> bytes:
    """Each seat's win rate in each cell, coloured by its advantage over a fair share."""
    import numpy as np

    plt = pyplot()
    cells = report["cells"]
    seats = max(len(cell["seat_win_rate"]) for cell in cells)
    advantage = np.full((len(cells), seats), np.nan)
    for row, cell in enumerate(cells):
        rates = cell["seat_win_rate"]
        for seat, rate in enumerate(rates):
            advantage[row, seat] = 100 * (rate - 1 / len(rates))
    limit = max(1.0, float(np.nanmax(np.abs(advantage))))
    figure, axes = plt.subplots(figsize=(2.0 + 1.1 * seats, 1.2 + 0.5 * len(cells)))
    image = axes.imshow(advantage, cmap="RdBu_r", vmin=-limit, vmax=limit, aspect="auto")
    # A seat is named in its column where every cell calls it alike, else in its square.
    names = [
        {cell["seat_names"][s] for cell in cells if s < len(cell["seat_names"])}
        for s in range(seats)
    ]
    for row, cell in enumerate(cells):
        for seat, rate in enumerate(cell["seat_win_rate"]):
            text = (
                f"{rate:.0%}"
                if len(names[seat]) == 1
                else f"{cell['seat_names'][seat]}\n{rate:.0%}"
            )
            axes.text(seat, row, text, ha="center", va="center", fontsize=9)
    axes.set_xticks(
        range(seats),
        [min(named) if len(named) == 1 else f"seat {s + 1}" for s, named in enumerate(names)],
    )
    axes.set_yticks(range(len(cells)), [cell["label"] for cell in cells])
    axes.set_xlabel("seat")
    axes.set_title("win rate per seat; colour: points above a fair share")
    figure.colorbar(image, ax=axes, label="percentage points")
    figure.tight_layout()
    return picture(figure)


def plot_study_lengths(report: dict[str, Any], lengths: list[list[int]]) -> bytes:
    """The distribution of game lengths (actions) in each cell."""
    plt = pyplot()
    cells = report["cells"]
    figure, axes = plt.subplots(figsize=(min(16.0, max(6.0, 1.3 * len(cells))), 4.2))
    axes.boxplot(lengths)
    axes.set_xticks(
        range(1, len(cells) + 1), [cell["label"] for cell in cells], rotation=20, ha="right"
    )
    axes.set_ylabel("actions")
    axes.set_title("game length")
    figure.tight_layout()
    return picture(figure)
