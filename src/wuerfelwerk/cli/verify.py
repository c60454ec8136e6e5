"""``wuerfelwerk verify``: check a server record's dice against its seed commitment."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from ..core import InvalidRecordError, Record
from ..core.chance import SeededChance
from ..server.tokens import seed_commitment


def verify_record(data: Any) -> int:
    """Check that the revealed seed matches the commitment published at the table's
    creation and that every chance action is the one the seed gives; return the number
    of dice checked. ``InvalidRecordError`` names the first thing that does not hold."""
    record = Record.from_json(data)
    commitment = data.get("seed_commitment")
    if not isinstance(commitment, str):
        raise InvalidRecordError("the record has no seed_commitment to check the seed against")
    if record.seed is None:
        raise InvalidRecordError("the record reveals no seed")
    if seed_commitment(record.seed) != commitment:
        raise InvalidRecordError(
            f"the seed {record.seed} does not match the commitment {commitment}: "
            "its SHA-256 is " + seed_commitment(record.seed)
        )
    chance = SeededChance(record.seed)
    game = record.load_game()
    dice = 0
    for index, (state, text) in enumerate(zip(record.states(), record.actions, strict=False)):
        if not state.is_chance_node():
            continue
        expected = chance.draw(state, index)
        if game.parse_action(text) != expected:
            raise InvalidRecordError(
                f"action {index + 1} ({text!r}) is not what the seed rolls there ({expected})"
            )
        dice += 1
    return dice


@click.command()
@click.argument("record_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def verify(record_file: Path) -> None:
    """Check RECORD_FILE (from GET /api/tables/{id}/record): seed against commitment, and
    every die against the seed."""
    try:
        data = json.loads(record_file.read_text())
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise InvalidRecordError(f"{record_file} is not a JSON record: {error}") from None
    if not isinstance(data, dict):
        raise InvalidRecordError("a record must be a JSON object")
    dice = verify_record(data)
    click.echo(
        f"ok: the seed matches its commitment, and all {dice} dice of the "
        f"{len(data['actions'])} actions were rolled from it"
    )
