"""The HTTP API's request and response bodies, and the WebSocket's inbound messages."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field, StrictInt, StrictStr

from .clock import LEAST_SECONDS, MOST_SECONDS, TimeControl


class ClockRequest(BaseModel):
    """A time control: ``move`` gives every turn ``seconds`` (days for correspondence),
    ``bank`` gives every seat ``seconds`` in all plus ``increment`` after each turn."""

    kind: Literal["move", "bank"]
    seconds: float = Field(ge=LEAST_SECONDS, le=MOST_SECONDS, examples=[60])
    increment: float = Field(0.0, ge=0.0, le=86400.0)
    on_timeout: Literal["move", "hand_over"] = Field(
        "move",
        description="Time out: a bot makes the turn ('move') or takes the seat ('hand_over').",
    )
    level: str = Field("", description="The bot level for a seat out of time (default: easiest).")

    def control(self) -> TimeControl:
        return TimeControl(**self.model_dump())


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
    clock: ClockRequest | None = Field(None, description="A turn clock (none by default).")
    rated: bool = Field(
        False, description="Change the players' ratings (people and bot levels only, no undo)."
    )


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
    clock: dict[str, Any] | None = Field(description="The time control, if the table has one.")
    rated: bool
    rematch: str | None = Field(description="The table of the rematch, once there is one.")


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
    agents: list[str] = Field(
        description="Agents that play by name alone with the default options: seats 'bot:<agent>'."
    )
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


class ChatMessage(BaseModel):
    """A line for the table's chat (``server/chat.py`` checks its length)."""

    type: Literal["chat"]
    text: StrictStr


class PlayerCreate(BaseModel):
    name: str = Field(max_length=100, examples=["Anna"])
    password: str | None = Field(
        None, max_length=1000, description="Optional: to sign in with the name elsewhere."
    )


class SignIn(BaseModel):
    name: str = Field(max_length=100)
    password: str = Field(max_length=1000)


class PasswordChange(BaseModel):
    password: str = Field(max_length=1000)


class PlayerDeletion(BaseModel):
    password: str | None = Field(
        None, max_length=1000, description="The name's password, if it has one."
    )


class PlayerInfo(BaseModel):
    name: str
    has_password: bool


class Session(BaseModel):
    player: PlayerInfo | None = Field(description="Who this browser is; null: nobody yet.")


class GameStanding(BaseModel):
    game: str
    rating: int | None = Field(description="Null until the first rated game.")
    provisional: bool
    rated_games: int
    games: int
    wins: int


class ResultInfo(BaseModel):
    table: str
    game: str
    place: int
    seats: int
    rated: bool
    rating_before: int | None
    rating_after: int | None
    finished_at: datetime


class Profile(BaseModel):
    name: str
    since: datetime
    games: list[GameStanding]
    recent: list[ResultInfo]


class LeaderEntry(BaseModel):
    rank: int
    name: str
    rating: int
    provisional: bool
    games: int


class BotEntry(BaseModel):
    level: str
    rating: int


class Leaderboard(BaseModel):
    game: str
    players: list[LeaderEntry]
    bots: list[BotEntry] = Field(description="The bot levels' fixed ratings, from the arena.")


class HintView(BaseModel):
    action: str = Field(description="The best move found, as the game writes it.")
    chance: float = Field(description="The seat's chance to win after it (0 to 1).")
    version: int = Field(description="The table's version the hint is for.")
