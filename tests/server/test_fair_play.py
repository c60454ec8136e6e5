"""Fair play at a real server: nothing a connection receives tells what its viewer may not
see at that moment.

Whole Dimenticato games are played over real WebSockets by two seats that remember what
they were shown (and sometimes name a value wrong on purpose), watched by a spectator,
with reconnects, syncs, undo tries, REST views and bad messages along the way. Every
message every connection got is checked afterwards against the game replayed from the
record: a value under a figure reaches everybody once, in the moment frame of the name
that lifted it, and never again (DIM-5). A Wurf & Weg game is checked the same way for
its coaster pile: no coaster is known before it is drawn.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

import wuerfelwerk
from wuerfelwerk.core import State
from wuerfelwerk.games.dimenticato import DESTINATION, DimenticatoState, Name
from wuerfelwerk.games.dimenticato.recall import Recall
from wuerfelwerk.games.wurfweg import load_coasters
from wuerfelwerk.server.launch import ServerProcess

from .client import Client, check_frames, create_table, fetch_record, get

#: How often a seat names a value wrong on purpose, to be shown it.
WRONG = 0.25
#: Every key a Dimenticato log event may have: no value among them.
EVENT_KEYS = {"turn", "seat", "event", "field", "right", "no_way", "from", "to", "steps", "capture"}
SPECTATOR = None


@dataclass
class Got:
    """A message one connection received, with the table's actions at that time (the
    dice as None until the record tells them)."""

    viewer: int | None
    message: dict[str, Any]
    history: tuple[str | None, ...]


@dataclass
class Players:
    """Two human seats and a spectator at one Dimenticato table, driven by the test."""

    server: ServerProcess
    table: dict[str, Any]
    rng: random.Random
    clients: dict[int | None, Client] = field(default_factory=dict)
    history: list[str | None] = field(default_factory=list)
    got: list[Got] = field(default_factory=list)
    recalls: dict[int, Recall] = field(default_factory=lambda: {0: Recall(), 1: Recall()})
    latest: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    #: A moment a seat was shown, until the state frame after it arrives.
    shown: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    names: int = 0

    def connect(self, viewer: int | None) -> None:
        self.clients[viewer] = Client.open(self.server, self.table, viewer)
        frame = self.receive(viewer)
        assert frame["type"] == "state"
        if not self.history:
            self.history = [None] * frame["version"]  # the deal: dice
            self.got[-1].history = tuple(self.history)
        assert frame["version"] == len(self.history)
        assert [e["number"] for e in frame["log"]] == list(range(frame["version"]))

    def receive(self, viewer: int | None) -> dict[str, Any]:
        message = self.clients[viewer].receive()
        self.got.append(Got(viewer, message, tuple(self.history)))
        recall = self.recalls.get(viewer) if viewer is not None else None
        if message["type"] == "state":
            self.latest[viewer] = message
            if recall is not None:
                recall.observe(message["observation"], self.shown.pop(viewer, None))
        elif message["type"] == "moment":
            self.shown[viewer] = message["moment"]
        return message

    def catch_up(self) -> None:
        """Read every connection up to the table's version now."""
        for viewer in list(self.clients):
            while self.latest[viewer]["version"] != len(self.history):
                self.receive(viewer)

    def reconnect(self, viewer: int | None) -> None:
        self.clients.pop(viewer).close()
        self.connect(viewer)

    def act(self, seat: int, version: int, text: str) -> None:
        """Send an action (a legal one: it is taken) and read what it brings everybody."""
        self.clients[seat].act(version, text)
        self.history.append(text)
        self.catch_up()

    def undo(self, seat: int) -> httpx.Response:
        token = self.table["seats"][seat]["token"]
        path = f"{self.server.url}/api/tables/{self.table['id']}/undo"
        return httpx.post(path, json={"token": token}, timeout=30)

    def choose(self, seat: int, frame: dict[str, Any]) -> str:
        """What a player with a perfect memory does, naming wrong now and then."""
        observation = frame["observation"]
        legal = frame["legal_actions"]
        if observation["phase"] != "name":
            return str(self.rng.choice(legal))
        known = self.recalls[seat].remembered(observation)[observation["chosen"]]
        right = f"name {known}"
        assert right in legal
        if self.rng.random() < WRONG:
            return str(self.rng.choice([text for text in legal if text != right]))
        return right


def _bad_messages(players: Players, seat: int, frame: dict[str, Any]) -> None:
    """Refusals: each to its sender only, telling nothing hidden; nothing changes."""
    version, legal = frame["version"], frame["legal_actions"]
    other = 1 - seat
    foreign = next(f for f in frame["observation"]["figures"][other] if f)
    tries: list[tuple[int | None, Any, str, str | None]] = [
        (seat, "{not json", "malformed", None),
        (seat, {"type": "action", "version": version - 1, "action": legal[0]}, "stale_version",
         None),
        (seat, {"type": "action", "version": version, "action": "name 9"}, "invalid_action",
         "DIM-5: a die value is 1 to 6, not 9"),
        (seat, {"type": "action", "version": version, "action": f"figure {foreign}"},
         "illegal_action", None),
        (other, {"type": "action", "version": version, "action": legal[0]}, "not_your_turn", None),
        (SPECTATOR, {"type": "action", "version": version, "action": legal[0]}, "no_seat", None),
    ]  # fmt: skip
    for viewer, message, code, text in tries:
        players.clients[viewer].send(message)
        error = players.receive(viewer)
        assert error["type"] == "error" and error["code"] == code, error
        if text is not None:
            assert error["message"] == text
        if code == "illegal_action":
            # Hidden information: only the rule, never why (which might tell a value).
            assert re.fullmatch(r"DIM-\d: figure [a-z]\d+ is not legal now", error["message"])


def _rest_views(players: Players) -> None:
    table = players.table["id"]
    view = get(players.server, f"/api/tables/{table}").json()
    players.got.append(Got(SPECTATOR, {"type": "rest", **view}, tuple(players.history)))
    for path in ("record", "replay"):
        refused = get(players.server, f"/api/tables/{table}/{path}")
        assert refused.status_code == 409 and refused.json()["code"] == "not_finished"


def play_dimenticato(server: ServerProcess, seed: int) -> Players:
    game = wuerfelwerk.load("dimenticato", players=2, round_limit=30)
    table = create_table(server, game, ["human", "human"], undo=True)
    players = Players(server, table, random.Random(seed))
    for viewer in (0, 1, SPECTATOR):
        players.connect(viewer)
    opening_undo = False
    for step in range(2000):
        if players.latest[SPECTATOR]["outcome"] is not None:
            return players
        seat = next(s for s in (0, 1) if players.latest[s]["legal_actions"])
        frame = players.latest[seat]
        roll = players.rng.random()
        if roll < 0.04:
            players.reconnect(players.rng.choice([0, 1, SPECTATOR]))
            frame = players.latest[seat]
        elif roll < 0.08:
            viewer = players.rng.choice([0, 1, SPECTATOR])
            players.clients[viewer].send({"type": "sync"})
            assert players.receive(viewer)["version"] == len(players.history)
        elif roll < 0.11:
            _bad_messages(players, seat, frame)
        elif roll < 0.13:
            _rest_views(players)
        if not opening_undo and frame["observation"]["phase"] == "go" and step > 4:
            assert frame["undo"] is True  # no value shown yet: a move may be taken back
            response = players.undo(seat)
            assert response.status_code == 200, response.text
            del players.history[response.json()["version"] :]
            players.catch_up()
            opening_undo = True
            continue
        text = players.choose(seat, frame)
        players.act(seat, frame["version"], text)
        if text.startswith("name "):
            players.names += 1
            assert all(players.latest[s]["undo"] is False for s in (0, 1))
            if players.latest[seat]["outcome"] is not None:
                continue  # the name used the last turn of the round limit
            response = players.undo(seat)
            assert response.status_code == 409, response.text
            assert response.json() == {
                "type": "error",
                "code": "undo_refused",
                "message": "DIM-5: a value was shown since that move, so it cannot be taken back",
            }
    raise AssertionError("the game did not end")


class Replayed:
    """The true state after any sequence of the test's actions (dice from the record)."""

    def __init__(self, record: wuerfelwerk.Record) -> None:
        self.record = record
        self.cache: dict[tuple[str | None, ...], DimenticatoState] = {}

    def after(self, history: tuple[str | None, ...]) -> DimenticatoState:
        """The state after ``history``, with the moment of its last action."""
        if history in self.cache:
            return self.cache[history]
        if history:
            state = self.after(history[:-1]).clone()
            text = history[-1] or self.record.actions[len(history) - 1]
            state.apply(state.game.parse_action(text))
        else:
            state = self.record.initial_state()  # type: ignore[assignment]
        assert isinstance(state, DimenticatoState)
        self.cache[history] = state
        return state


def covered(state: State) -> dict[str, int]:
    """Every value under a figure now, by field (not the figure lifted to move)."""
    assert isinstance(state, DimenticatoState)
    names = state.geometry.names
    lifted = state.chosen if state.phase == DESTINATION else -1
    return {
        names[f]: state.values[f]
        for figures in state.figures
        for f in figures
        if state.values[f] and f != lifted
    }


def _told(message: Any, field_name: str, value: int) -> bool:
    """Whether ``message`` pairs ``field_name`` with ``value`` anywhere."""
    if isinstance(message, dict):
        if message.get(field_name) == value:
            return True
        return any(_told(v, field_name, value) for v in message.values())
    if isinstance(message, list):
        return any(_told(v, field_name, value) for v in message)
    return False


def check_dimenticato(players: Players) -> None:
    record, _ = fetch_record(players.server, players.table["id"])
    game = record.load_game()
    replayed = Replayed(record)
    moments = {viewer: 0 for viewer in players.clients}
    for got in players.got:
        message = got.message
        kind = message["type"]
        if kind == "error":
            continue  # checked when sent: each tells the sender's own mistake only
        version = message["version"]
        state = replayed.after(got.history[:version])
        if kind == "moment":
            assert message["moment"] == state.moment()
            assert isinstance(game.parse_action(got.history[version - 1] or ""), Name)
            moments[got.viewer] += 1
            continue
        hidden = covered(state)
        for name, value in hidden.items():
            assert not _told(message, name, value), (kind, got.viewer, version, name)
        observation = message["observation"]
        assert observation == json.loads(json.dumps(state.observation(got.viewer)))
        for event in observation["log"]:
            assert set(event) <= EVENT_KEYS and set(event.get("capture", {})) <= {"seat", "to"}
        if kind == "rest":
            continue
        seat = got.viewer
        acting = seat is not None and seat in state.active_players
        assert message["legal_actions"] == (
            [str(a) for a in state.legal_actions()] if acting else []
        )
        for entry in message["log"]:
            text = got.history[entry["number"]]
            if text is not None and text.startswith("name "):
                assert entry["action"] is None  # nobody is told a name afterwards
            elif entry["seat"] != seat:
                assert entry["action"] is None
    assert moments == {viewer: players.names for viewer in players.clients}
    assert players.names > 10


@pytest.mark.parametrize("seed", [1, 2])
def test_dimenticato_tells_a_covered_value_once_and_never_again(
    server: ServerProcess, seed: int
) -> None:
    players = play_dimenticato(server, seed)
    for client in players.clients.values():
        client.close()
    check_dimenticato(players)


def test_the_replay_of_a_finished_game_shows_everything(server: ServerProcess) -> None:
    """Once the game is over the names and what each lifted figure showed are told."""
    players = play_dimenticato(server, 3)
    for client in players.clients.values():
        client.close()
    record, _ = fetch_record(server, players.table["id"])
    replay = get(server, f"/api/tables/{players.table['id']}/replay").json()
    named = [n for n, text in enumerate(record.actions, 1) if text.startswith("name ")]
    assert [n for n, f in enumerate(replay["frames"]) if "moment" in f] == named
    assert [replay["frames"][n]["action"] for n in named] == [record.actions[n - 1] for n in named]


def test_wurfweg_tells_no_coaster_before_it_is_drawn(server: ServerProcess) -> None:
    """The pile is shown as a set, in the order of the coaster list whatever the order of
    the draws; a coaster's name appears nowhere else before its draw (WUW-2, WUW-9)."""
    game = wuerfelwerk.load("wurfweg", players=2)
    table = create_table(server, game, ["human", "bot:random"])
    human = Client.open(server, table, 0)
    spectator = Client.open(server, table, None)
    human.play_to_end(random.Random(5), simultaneous=True)
    spectator.watch_to_end()
    for client in (human, spectator):
        client.close()
    record, _ = fetch_record(server, table["id"])
    check_frames(record, human.frames, 0)
    check_frames(record, spectator.frames, None)
    listed = [c.name for c in load_coasters().coasters]
    coasters = set(listed)
    drawn_by = [
        {t.split()[-1] for t in record.actions[:n] if " draws " in t}
        for n in range(len(record.actions) + 1)
    ]
    for frame in human.frames + spectator.frames:
        pile = frame["observation"]["pile"]
        assert pile == [name for name in listed if name in pile]
        rest = json.dumps({**frame, "observation": {**frame["observation"], "pile": []}})
        named = {c for c in coasters if c in rest}
        assert named <= drawn_by[frame["version"]], named - drawn_by[frame["version"]]
