"""``wuerfelwerk play``: a game in the terminal, humans against bots or each other."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import click
from rich.columns import Columns
from rich.console import Console
from rich.live import Live
from rich.text import Text

from ..agents import HUMAN, make_agent, parse_spec, split_specs
from ..agents.levels import LEVELS
from ..boards import chooser, inspector, renderer
from ..core import (
    Action,
    Agent,
    Game,
    InvalidPositionError,
    Record,
    WuerfelwerkError,
    derive_seed,
    tell,
    watchers,
)
from ..core.chance import SeededChance
from .options import (
    AGENTS,
    check_agents,
    game_argument,
    game_command,
    load_game,
    seats_named,
    seed_option,
)
from .prompt import ask
from .realtime import play_at_terminal

HELP = (
    "Type a number or a move as shown; 'undo' takes back your last move, 'quit' (or Ctrl-C,"
    " Ctrl-D) saves and ends."
)
#: How long a value shown for a moment (DIM-5) stands on a real terminal.
MOMENT_SECONDS = 1.5


class TerminalTable:
    """One game at the terminal: bots move on their own, humans are asked."""

    def __init__(
        self,
        game: Game,
        seats: list[str],
        seed: int,
        console: Console,
        start: dict[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.seats = seats
        self.seed = seed
        self.console = console
        self.chance = SeededChance(seed)
        self.agents: list[Agent | None] = [
            None if parse_spec(spec).name == HUMAN else make_agent(spec, game, derive_seed(seed, i))
            for i, spec in enumerate(seats)
        ]
        humans = sum(agent is None for agent in self.agents)
        self.can_undo = humans == 1 and len(seats) > 1
        self.record = Record(game.name, game.options_json(), seed, players=list(seats))
        self.record.start = start
        self.state = self.record.initial_state()
        self.render = renderer(game.name)
        self.inspect = inspector(game.name)
        self.choices = chooser(game.name)
        self.decisions: list[int] = []  # record lengths where a human decided
        self.watching = watchers(self.agents)
        #: The number of the last action that showed something for a moment (-1: none).
        self.last_moment = -1
        self.last_rule = ""

    def name(self, seat: int) -> str:
        return f"{self.game.seat_name(seat)} ({self.seats[seat]})"

    def run(self) -> Record | None:
        tell(self.watching, self.state)
        while not self.state.is_terminal():
            player = self.state.current_player
            if self.state.is_chance_node():
                action = self.chance.draw(self.state, len(self.record.actions))
                self.console.print(f"[bold]{action}[/]")  # a roll, a card dealt
            elif (agent := self.agents[player]) is not None:
                action = agent.choose(self.state, player)
                self.console.print(f"{self.name(player)}: [cyan]{action}[/]")
            else:
                chosen = self._ask(player)
                if chosen is None:
                    return None
                action = chosen
            self.state.apply(action)
            self.record.actions.append(str(action))
            tell(self.watching, self.state)
            moment = self.state.moment()
            if moment is not None:
                self.last_moment = len(self.record.actions) - 1
                self.last_rule = moment["rule"]
                self._show_moment(moment)
        self.record.outcome = self.state.outcome()
        self.console.print(self.render(self.state, None))
        outcome = self.state.outcome()
        assert outcome is not None
        self.console.print(f"[bold green]Game over: {outcome.describe(self.name)}.[/]")
        return self.record

    def _ask(self, player: int) -> Action | None:
        """Show the board and the legal actions; read until a legal choice, undo or quit."""
        self.console.print(self.render(self.state, player))
        legal = self.state.legal_actions(player)
        self.console.print(f"[bold]{self.name(player)}[/], your choice:")
        if self.choices is not None:
            self.console.print(self.choices(self.state))
        else:
            width = len(str(len(legal)))
            numbered = [f"[bold]{n:>{width}}[/] {action}" for n, action in enumerate(legal, 1)]
            self.console.print(Columns(numbered, padding=(0, 3)))
        while True:
            text = ask(self.console, "> ").strip()
            if text in ("quit", "q", "exit"):
                return None
            if text in ("help", "?"):
                self.console.print(HELP)
                continue
            if text == "undo":
                if self._undo():
                    return self._ask(self.state.current_player)
                continue
            shown = self.inspect(self.state, player, text) if self.inspect else None
            if shown is not None:
                self.console.print(shown)
                continue
            action = self._read(text, legal)
            if action is not None:
                self.decisions.append(len(self.record.actions))
                return action

    def _read(self, text: str, legal: list[Action]) -> Action | None:
        if text.isdigit():
            if 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            self.console.print(f"[red]choose a number from 1 to {len(legal)}[/]")
            return None
        try:
            action = self.game.parse_action(text)
            if not self.state.is_legal(action):
                self.state.clone().apply(action)  # raises with the rule broken
            return action
        except WuerfelwerkError as error:
            self.console.print(f"[red]{error}[/]")
            return None

    def _show_moment(self, moment: dict[str, Any]) -> None:
        """What an action showed everybody for a moment (DIM-5: a lifted figure's value):
        the verdict stays, the value goes again. At a real terminal it stands for
        ``MOMENT_SECONDS`` and is wiped; elsewhere (a pipe) it can only be printed."""
        seat = moment["seat"]
        verdict = "right" if moment["right"] else "wrong"
        for field, value in moment["reveal"].items():
            line = f"{self.name(seat)} names the value under {field}: {verdict}"
            self.console.print(f"[bold]{line}[/]")
            shown = Text(f"  the figure on {field} is lifted: {value}", style="bold yellow")
            if not self.console.is_terminal:
                self.console.print(shown)
                continue
            with Live(shown, console=self.console, transient=True):
                time.sleep(MOMENT_SECONDS)

    def _undo(self) -> bool:
        """Take back the human's last decision and every action after it."""
        if not self.can_undo:
            self.console.print("[red]undo works when you play alone against bots[/]")
            return False
        if not self.decisions:
            self.console.print("[red]nothing to take back yet[/]")
            return False
        if self.decisions[-1] <= self.last_moment:
            self.console.print(
                f"[red]{self.last_rule}: a value was shown since your move, so it cannot be "
                "taken back[/]"
            )
            return False
        self.record.actions = self.record.actions[: self.decisions.pop()]
        self.state = self.record.final_state()
        self.console.print("[yellow]taken back[/]")
        return True


def read_position(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text())
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise InvalidPositionError(f"{path} is not a JSON position: {error}") from None
    if not isinstance(data, dict):
        raise InvalidPositionError(f"{path} must hold a JSON object")
    return data


def save_record(record: Record, console: Console) -> Path:
    path = Path(f"wuerfelwerk-{record.game}-{time.strftime('%Y%m%d-%H%M%S')}.json")
    path.write_text(record.dumps())
    console.print(f"record saved to [bold]{path}[/] (wuerfelwerk replay {path})")
    return path


#: A newcomer plays against the easiest level, in every game: a bot at a person's pace
#: in real time, and one that makes mistakes in turn-based games.
DEFAULT_SEATS = f"{HUMAN},bot:{LEVELS[0]}"


@game_command()
@game_argument
@click.option(
    "--seats",
    default=DEFAULT_SEATS,
    show_default=True,
    help=f"One agent spec per seat: {HUMAN}, {AGENTS}",
)
@seed_option
@click.option(
    "--position",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Start from a position saved as JSON (the format of state.to_json()).",
)
@click.pass_context
def play(
    ctx: click.Context, game: str, seats: str, seed: int | None, position: Path | None
) -> None:
    """Play GAME in the terminal. Game options go as --name value (e.g. --board classic)."""
    specs = split_specs(seats)
    loaded = load_game(game, ctx.args, players=len(specs), seats_from=seats_named("--seats", specs))
    check_agents(specs, loaded, human=True)
    start = None
    if position is not None:
        start = read_position(position)
        loaded.state_from_json(start)  # refuse a bad position before anything starts
    console = Console(highlight=False)
    if loaded.simultaneous:  # everybody acts at once: the real-time screen
        now = seed if seed is not None else time.time_ns()
        save_record(play_at_terminal(loaded, specs, now, start), console)
        return
    table = TerminalTable(
        loaded, specs, seed if seed is not None else time.time_ns(), console, start
    )
    try:
        console.print(
            f"[bold]{loaded.title}[/]: " + ", ".join(table.name(s) for s in range(len(specs)))
        )
        console.print(HELP)
        record = table.run()
    except (KeyboardInterrupt, EOFError):  # Ctrl-C, Ctrl-D: the same as quit
        # A Ctrl-C that lands as rich ends a print leaves that console buffering all it is
        # given from then on (its buffer depth raised, never lowered): the last words go
        # through a console of their own, or the person never learns where the record is.
        console = Console(highlight=False)
        console.print()
        record = None
    save_record(record or table.record, console)
