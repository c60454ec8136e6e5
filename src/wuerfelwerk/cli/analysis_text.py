"""An analysis in the terminal: a line per step, each seat's sums, the verdict; for Wurf
& Weg the rounds with each player's speed. ``analyse`` and ``replay --analyse`` print
the same lines, from the analysis as JSON (``analysis.analysis_json``)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

#: How each mark shows.
MARKS = {
    "blunder": "[bold red]blunder[/]",
    "mistake": "[yellow]mistake[/]",
    "lucky": "[green]very lucky[/]",
    "unlucky": "[magenta]very unlucky[/]",
}


def percent(share: float | None) -> str:
    return "   -  " if share is None else f"{100 * share:5.1f}%"


def signed_points(share: float) -> str:
    return f"{100 * share:+5.1f}"


def step_line(step: dict[str, Any], names: list[str]) -> str:
    """One step of a judged analysis: the move played against the best, or a roll's luck."""
    head = f"{step['step']:>4} {names[step['seat']] if step['seat'] >= 0 else 'dice':<7}"
    action = f"{step['action']:<15}"
    mark = MARKS.get(step.get("mark", ""), "")
    hint = " [cyan](hint shown)[/]" if step.get("hint") else ""
    if step["kind"] == "chance":
        mover = step.get("mover")
        luck = step["luck"]
        if mover is None:
            lucks = ", ".join(f"{names[s]} {signed_points(v)}" for s, v in enumerate(luck))
            return f"{head}{action} luck {lucks}"
        own = signed_points(luck[mover])
        return f"{head}{action} luck for {names[mover]} {own} {mark}".rstrip()
    if step["kind"] == "forced":
        return f"{head}{action} (no other move)"
    if step["best"] == step["action"]:
        best = f"{'best move':<22}"
    else:
        best = f"best {step['best']:<15}{percent(step['best_chance'])}"
    return (
        f"{head}{action}{percent(step['played'])}  {best} loss {100 * step['loss']:4.1f} "
        f"{mark}{hint}"
    ).rstrip()


def print_judged(console: Console, analysis: dict[str, Any], lines: bool = True) -> None:
    """Every step (unless ``lines`` is false), each seat's sums and the verdict."""
    names = [seat["name"] for seat in analysis["seats"]]
    if lines:
        console.print(
            f"[dim]{'step':>4} {'who':<7}{'move':<15}{'chance':>6}  {'best move found':<22} "
            "loss (points)[/]"
        )
        for step in analysis["steps"]:
            console.print(step_line(step, names))
    print_seats(console, analysis)


def print_seats(console: Console, analysis: dict[str, Any]) -> None:
    table = Table(title=f"judged by {analysis['judge']}, budget {analysis['budget']}")
    for column in (
        "seat",
        "moves",
        "error rate",
        "lost",
        "mistakes",
        "blunders",
        "luck",
        "lucky",
        "unlucky",
        "hints",
    ):
        table.add_column(column, justify="left" if column == "seat" else "right")
    for seat in analysis["seats"]:
        table.add_row(
            seat["name"],
            str(seat["decisions"]),
            f"{100 * seat['error_rate']:.1f}",
            f"{100 * seat['loss']:.1f}",
            str(seat["mistakes"]),
            str(seat["blunders"]),
            signed_points(seat["luck"]).strip(),
            str(seat["lucky"]),
            str(seat["unlucky"]),
            str(seat["hints"]),
        )
    console.print(table)
    console.print(
        "[dim]moves: decisions with a choice; error rate: winning chance lost per decision, "
        "lost: in all, luck: the rolls' worth in all (percentage points); lucky, unlucky: "
        "own rolls very lucky or unlucky[/]"
    )
    verdict = analysis["verdict"]
    if verdict is not None:
        console.print(f"[bold]{verdict['text']}[/]")


def print_speed(console: Console, analysis: dict[str, Any]) -> None:
    """Per round, each player's dice put away with the seconds they took, the dice
    missed and left; then each player's sums."""
    names = [seat["name"] for seat in analysis["seats"]]
    for played in analysis["rounds"]:
        stopper = played["stopper"]
        stop = f", stop called by {names[stopper]}" if stopper is not None else ""
        console.print(f"[bold]round {played['round']}[/] (lucky symbol {played['lucky']}{stop})")
        for seat in played["seats"]:
            console.print("  " + round_line(seat, names[seat["seat"]]))
    table = Table(title="speed")
    for column in ("seat", "dice put away", "mean seconds", "missed", "left", "coasters won"):
        table.add_column(column, justify="left" if column == "seat" else "right")
    for seat in analysis["seats"]:
        mean = seat["mean_seconds"]
        table.add_row(
            seat["name"],
            str(seat["placed"]),
            "-" if mean is None else f"{mean:.2f}",
            str(seat["missed"]),
            str(seat["left"]),
            str(seat["coasters"]),
        )
    console.print(table)
    if not analysis["timed"]:
        console.print("[dim]this record holds no times: it was not played on a clock[/]")


def round_line(seat: dict[str, Any], name: str) -> str:
    placed = ", ".join(
        f"{p['die']}→{p['target']}" + ("" if p["seconds"] is None else f" {p['seconds']:.1f} s")
        for p in seat["placed"]
    )
    missed = f"; missed {', '.join(seat['missed'])}" if seat["missed"] else ""
    won = "; [green]won its coaster[/]" if seat["won"] else f"; {seat['left']} left"
    return f"{name}: {placed or 'no die put away'}{missed}{won}"
