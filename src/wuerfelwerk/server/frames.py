"""Outbound frames. Each is built from what its viewer may see and nothing else.

A state frame holds ``state.observation(viewer)``, the viewer's own legal actions and log
entries. In games with hidden information a log entry names only who acted, unless the
game lets the viewer see that action (``Game.action_seen_by``): an action's text may
carry what others must not see. A moment frame carries what an action showed everybody
for that moment only (``State.moment()``); it is sent once, when it happens.
"""

from __future__ import annotations

from typing import Any

import orjson

from ..core import Game, Record, State

#: Seat number of the dice in log entries.
CHANCE_SEAT = -1


def encode(message: dict[str, Any]) -> str:
    """A frame as JSON text. orjson writes it several times as fast as the standard
    library, and like it turns keys that are numbers into strings."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def log_entry(
    game: Game, number: int, actor: int, text: str, viewer: int | None, stand_in: bool = False
) -> dict[str, Any]:
    """One action of the log; ``stand_in`` marks a bot's choice for a person whose time ran
    out."""
    shown = game.perfect_information or game.action_seen_by(game.parse_action(text), actor, viewer)
    entry = {"number": number, "seat": actor, "action": text if shown else None}
    if stand_in:
        entry["stand_in"] = True
    return entry


def moment_frame(version: int, moment: dict[str, Any]) -> dict[str, Any]:
    """What the action that led to ``version`` showed everybody for a moment."""
    return {"type": "moment", "version": version, "moment": moment}


def state_frame(
    state: State,
    version: int,
    viewer: int | None,
    log: list[tuple[int, int, str]],
    legal: list[str],
    stand_ins: frozenset[int] = frozenset(),
) -> dict[str, Any]:
    """The ``state`` frame for ``viewer`` (``None``: a spectator); ``log`` holds
    ``(number, actor, text)`` of the actions the frame reports, ``legal`` the texts of
    the viewer's legal actions, ``stand_ins`` the numbers of those a bot chose for a
    person whose time ran out."""
    game = state.game
    outcome = state.outcome()
    return {
        "type": "state",
        "version": version,
        "seat": viewer,
        "observation": state.observation(viewer),
        "legal_actions": legal,
        "log": [log_entry(game, n, actor, text, viewer, n in stand_ins) for n, actor, text in log],
        "outcome": outcome.to_json() if outcome is not None else None,
    }


def replay_frames(record: Record, actors: list[int]) -> list[dict[str, Any]]:
    """The public view before the first action and after each, for a finished game's
    replay: who acted (``actors``, one per action) and what (the game is over, so every
    action is told, hidden information included) and what the action showed for a
    moment."""
    state = record.initial_state()
    frames: list[dict[str, Any]] = [
        {"seat": None, "action": None, "observation": state.observation(None)}
    ]
    for actor, text in zip(actors, record.actions, strict=True):
        state.apply(state.game.parse_action(text))
        frame = {"seat": actor, "action": text, "observation": state.observation(None)}
        moment = state.moment()
        if moment is not None:
            frame["moment"] = moment
        frames.append(frame)
    return frames


def rematch_notice(table_id: str) -> dict[str, Any]:
    """Tells a page that the rematch is at table ``table_id``."""
    return {"type": "rematch", "table": table_id}
