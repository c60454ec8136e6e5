"""The HTTP API's request and response bodies, and the WebSocket's inbound messages."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, StrictInt, StrictStr


class TableCreate(BaseModel):
    game: str = Field(examples=["malefiz"])
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"board": "quick"}])
    seats: list[str] = Field(
        min_length=1,
        max_length=8,
        examples=[["human", "bot:greedy"]],
        description="One per seat: 'human' or 'bot:<agent spec>'.",
    )
    undo: bool | None = Field(
        None, description="Allow taking moves back (default: when exactly one seat is human)."
    )
    bot_delay: float = Field(0.0, ge=0.0, le=10.0, description="Seconds a bot waits to move.")


class SeatToken(BaseModel):
    seat: int
    token: str | None = Field(description="The seat's secret; null for a bot seat.")


class TableCreated(BaseModel):
    id: str
    seats: list[SeatToken]
    seed_commitment: str = Field(description="SHA-256 of the seed, revealed in the record.")


class SeatInfo(BaseModel):
    seat: int
    name: str
    player: str = Field(description="'human' or 'bot:<agent spec>'.")


class TableView(BaseModel):
    id: str
    game: str
    options: dict[str, Any]
    status: Literal["playing", "finished"]
    version: int
    observation: dict[str, Any] = Field(description="The public view (a spectator's).")
    seats: list[SeatInfo]
    seed_commitment: str
    undo: bool


class TableSummary(BaseModel):
    id: str
    game: str
    seats: list[str]
    version: int


class GameOption(BaseModel):
    name: str
    type: str
    default: Any
    help: str
    choices: list[Any] | None


class GameInfo(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    simultaneous: bool
    perfect_information: bool
    options: list[GameOption]
    agents: list[str]
    levels: list[str] = Field(description="Bot levels, easiest first: seats 'bot:<level>'.")
    seat_names: list[str] = Field(description="Seat names with the default options.")


class RulesView(BaseModel):
    game: str
    language: str
    title: str
    html: str = Field(description="The rules as HTML; rule items carry their number as id.")
    rules: list[str] = Field(description="The rule numbers with an anchor, in order.")


class SeatRequest(BaseModel):
    token: str


class UndoDone(BaseModel):
    version: int


class Rematch(BaseModel):
    id: str
    seed_commitment: str


class ActionMessage(BaseModel):
    type: Literal["action"]
    version: StrictInt
    action: StrictStr = Field(max_length=200)


class SyncMessage(BaseModel):
    """Ask for the whole current state again."""

    type: Literal["sync"]
