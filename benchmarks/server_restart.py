"""SIGKILL the game server at random moments and start it again, many times.

Tables of every registered game (one human seat played by this script, bots on the
others) keep running while the server is killed with SIGKILL and restarted on the same
database. At the end every game is played out, and every frame a client received is
checked against the stored record: an action whose result a client saw and that the
record lacks (or tells differently) counts as lost.

    python benchmarks/server_restart.py --cycles 20 --tables 6 [--db URL] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed, InvalidStatus, InvalidURI
from websockets.sync.client import connect

import wuerfelwerk
from wuerfelwerk.agents import agent_names
from wuerfelwerk.core import Record, game_class
from wuerfelwerk.server.launch import ServerProcess


def table_spec(name: str) -> dict[str, Any]:
    game = wuerfelwerk.load(name, **game_class(name).option_sets()[0])
    # In real-time games a bot beside a person keeps a person's pace: random is quicker.
    quick = game.simultaneous or "greedy" not in agent_names(game)
    agent = "random" if quick else "greedy"
    seats = ["human"] + [f"bot:{agent}"] * (game.num_players - 1)
    return {"game": name, "options": game.options_json(), "seats": seats, "bot_delay": 0.02}


class Player(threading.Thread):
    """Plays the human seat of one table to its end, reconnecting whenever the server dies."""

    def __init__(self, server: ServerProcess, table: dict[str, Any], seed: int) -> None:
        super().__init__(daemon=True)
        self.server = server
        self.table = table
        self.rng = random.Random(seed)
        self.frames: list[dict[str, Any]] = []
        self.finished = False

    def run(self) -> None:
        token = self.table["seats"][0]["token"]
        while not self.finished:
            try:
                url = f"{self.server.ws_url}/ws/tables/{self.table['id']}?token={token}"
                with connect(url, max_queue=None, open_timeout=5) as ws:
                    self._play(ws)
            except (ConnectionClosed, OSError, InvalidStatus, InvalidURI, TimeoutError):
                time.sleep(0.05)

    def _play(self, ws: Any) -> None:
        while True:
            message = json.loads(ws.recv(30))
            if message["type"] != "state":
                continue
            self.frames.append(message)
            if message["outcome"] is not None:
                self.finished = True
                return
            if message["legal_actions"]:
                time.sleep(self.rng.uniform(0, 0.05))
                action = self.rng.choice(message["legal_actions"])
                ws.send(
                    json.dumps({"type": "action", "version": message["version"], "action": action})
                )


def lost_actions(record: Record, frames: list[dict[str, Any]]) -> int:
    """Frames whose version the record does not reach, or reaches by another history."""
    states = list(record.states())
    lost = 0
    for frame in frames:
        version = frame["version"]
        if (
            version >= len(states)
            or json.loads(json.dumps(states[version].observation(0))) != frame["observation"]
        ):
            lost += 1
    return lost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=20)
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    names = wuerfelwerk.game_names()
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(
            args.db or f"sqlite:///{Path(folder) / 'restart.db'}", log=Path(folder) / "server.log"
        ).start()
        players: list[Player] = []

        def top_up() -> None:
            running = sum(not p.finished for p in players)
            for _ in range(args.tables - running):
                spec = table_spec(names[len(players) % len(names)])
                table = httpx.post(f"{server.url}/api/tables", json=spec, timeout=30).json()
                player = Player(server, table, rng.getrandbits(32))
                players.append(player)
                player.start()

        try:
            top_up()
            for _ in range(args.cycles):
                time.sleep(rng.uniform(0.1, 1.5))
                server.kill()
                server.start()
                top_up()
            deadline = time.monotonic() + 600
            while not all(p.finished for p in players) and time.monotonic() < deadline:
                time.sleep(0.2)
            lost = frames = 0
            for player in players:
                response = httpx.get(
                    f"{server.url}/api/tables/{player.table['id']}/record", timeout=30
                )
                if response.status_code != 200:
                    continue
                record = Record.from_json(response.json())
                lost += lost_actions(record, player.frames)
                frames += len(player.frames)
        finally:
            server.stop()
    result = {
        "cycles": args.cycles,
        "tables": len(players),
        "games_finished": sum(p.finished for p in players),
        "frames_checked": frames,
        "actions_lost": lost,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{args.cycles} SIGKILL + restart cycles: {result['games_finished']} of "
            f"{result['tables']} games finished, {frames} frames checked, {lost} actions lost"
        )


if __name__ == "__main__":
    main()
