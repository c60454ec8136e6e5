"""``/api/players``, ``/api/session``, ``/api/leaderboard``: names, sign-in, profiles, ratings.

A chosen name is kept by a signed cookie (``wuerfelwerk_player``); a password, if the
player sets one, lets the name be used from another browser. Refusals are the usual
``{"type": "error", "code", "message"}``.
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response, status
from fastapi.responses import JSONResponse

import wuerfelwerk

from ...agents.levels import level_names
from ..accounts import (
    COOKIE,
    COOKIE_SECONDS,
    check_password,
    checked_name,
    hash_password,
    name_key,
    new_player_id,
    password_matches,
)
from ..db import PlayerRow
from ..db.players import NameTaken
from ..deps import ClientDep, GuardDep, HubDep, IdentityDep, PlayerDep, RelayDep
from ..errors import TableError, error_responses
from ..own_data import export, forget_here
from ..ratings import BOT_RATINGS, Rating
from ..schemas import (
    BotEntry,
    GameStanding,
    Leaderboard,
    LeaderEntry,
    PasswordChange,
    PlayerCreate,
    PlayerDeletion,
    PlayerInfo,
    Profile,
    ResultInfo,
    Session,
    SignIn,
)
from ..security import secure_cookies

router = APIRouter(prefix="/api", tags=["players"])

ERRORS = error_responses(400, 401, 403, 404, 409, 429)
#: Rows of a leaderboard, and recent games on a profile.
LEADERBOARD_SIZE = 100
RECENT_GAMES = 20


def _session(player: PlayerRow | None) -> Session:
    if player is None:
        return Session(player=None)
    return Session(player=PlayerInfo(name=player.name, has_password=bool(player.password_hash)))


def _keep(
    request: Request, response: Response, identity: IdentityDep, player: PlayerRow
) -> Session:
    response.set_cookie(
        COOKIE,
        identity.sign(player.id),
        max_age=COOKIE_SECONDS,
        httponly=True,
        samesite="lax",
        secure=secure_cookies(request),
    )
    return _session(player)


@router.post("/players", status_code=status.HTTP_201_CREATED, responses=ERRORS)
async def create_player(
    body: PlayerCreate,
    request: Request,
    response: Response,
    hub: HubDep,
    identity: IdentityDep,
    guard: GuardDep,
    client: ClientDep,
) -> Session:
    """Choose a name (and, optionally, a password); this browser keeps it in a cookie."""
    name = checked_name(body.name)
    await guard.new_player(client)
    if body.password:
        check_password(body.password)
        await guard.password(client)
    password_hash = await hash_password(body.password) if body.password else None
    player = PlayerRow(
        id=new_player_id(), name=name, name_key=name_key(name), password_hash=password_hash
    )
    try:
        await hub.players.create(player)
    except NameTaken:
        raise TableError(
            "name_taken",
            f"the name {name!r} is taken: choose another, or sign in with its password",
            409,
        ) from None
    return _keep(request, response, identity, player)


@router.get("/session")
async def current_session(player: PlayerDep) -> Session:
    """Who this browser is (``player`` null: no name chosen yet)."""
    return _session(player)


@router.post("/session", responses=ERRORS)
async def sign_in(
    body: SignIn,
    request: Request,
    response: Response,
    hub: HubDep,
    identity: IdentityDep,
    guard: GuardDep,
    client: ClientDep,
) -> Session:
    """Sign in with a name and its password (attempts per name and per address are
    limited, and refused before the password is checked)."""
    key = name_key(" ".join(body.name.split()))
    await guard.sign_in(client, key)
    player = await hub.players.by_name_key(key)
    stored = player.password_hash if player is not None else None
    if player is None or not await password_matches(body.password, stored):
        raise TableError("wrong_password", "that name and password do not match", 403)
    return _keep(request, response, identity, player)


@router.delete("/session")
async def sign_out(request: Request, response: Response) -> Session:
    """Forget the name in this browser (the name and its games stay)."""
    response.delete_cookie(COOKIE, httponly=True, samesite="lax", secure=secure_cookies(request))
    return _session(None)


@router.put("/session/password", responses=ERRORS)
async def set_password(
    body: PasswordChange, player: PlayerDep, hub: HubDep, guard: GuardDep, client: ClientDep
) -> Session:
    """Set (or change) the password of this browser's name."""
    if player is None:
        raise TableError("not_signed_in", "choose a name first", 401)
    check_password(body.password)
    await guard.password(client)
    player.password_hash = await hash_password(body.password)
    await hub.players.set_password(player.id, player.password_hash)
    return _session(player)


@router.get("/session/games", responses=ERRORS)
async def download_games(
    player: PlayerDep, hub: HubDep, guard: GuardDep, client: ClientDep
) -> JSONResponse:
    """Everything kept about this browser's player, as a file: the name, the ratings,
    every finished game as a record (with seat, place and the seat's chat lines), and
    the unfinished tables the player sits at."""
    if player is None:
        raise TableError("not_signed_in", "choose a name first", 401)
    await guard.export(client, player.id)
    return JSONResponse(
        await export(hub, player),
        headers={"Content-Disposition": 'attachment; filename="wuerfelwerk-games.json"'},
    )


@router.delete("/session/player", responses=ERRORS)
async def delete_player(
    request: Request,
    response: Response,
    player: PlayerDep,
    hub: HubDep,
    relay: RelayDep,
    guard: GuardDep,
    client: ClientDep,
    body: PlayerDeletion | None = None,
) -> Session:
    """Delete this browser's name: the name, its password, ratings and results go; its
    finished games stay with the seat anonymous. A name with a password needs it."""
    if player is None:
        raise TableError("not_signed_in", "choose a name first", 401)
    if player.password_hash:
        password = body.password if body is not None else None
        if not password:
            raise TableError("password_needed", "give the name's password to delete it", 403)
        await guard.sign_in(client, player.name_key)
        if not await password_matches(password, player.password_hash):
            raise TableError("wrong_password", "that is not the name's password", 403)
    await hub.players.delete(player.id)
    if relay is not None:
        await relay.forget_player(player.id)
    else:
        await forget_here(hub, player.id)
    response.delete_cookie(COOKIE, httponly=True, samesite="lax", secure=secure_cookies(request))
    return _session(None)


@router.get("/players/{name}", responses=ERRORS)
async def profile(name: str, hub: HubDep) -> Profile:
    """A player's games and ratings per game, and the latest results."""
    player = await hub.players.by_name_key(name_key(name))
    if player is None:
        raise TableError("unknown_player", f"nobody plays under the name {name!r}", 404)
    ratings = {standing.game: standing for standing in await hub.players.standings(player.id)}
    played = await hub.players.played(player.id)
    games = []
    for game in sorted(set(ratings) | set(played)):
        standing = ratings.get(game)
        rating = Rating(standing.mu, standing.sigma) if standing else None
        count, wins = played.get(game, (0, 0))
        games.append(
            GameStanding(
                game=game,
                rating=rating.shown if rating else None,
                provisional=rating.provisional if rating else True,
                rated_games=standing.games if standing else 0,
                games=count,
                wins=wins,
            )
        )
    recent = [
        ResultInfo(
            table=result.table_id,
            game=result.game,
            place=result.place,
            seats=result.seats,
            rated=result.rated,
            rating_before=None if result.rating_before is None else round(result.rating_before),
            rating_after=None if result.rating_after is None else round(result.rating_after),
            finished_at=result.finished_at,
        )
        for result in await hub.players.recent(player.id, RECENT_GAMES)
    ]
    return Profile(name=player.name, since=player.created_at, games=games, recent=recent)


@router.get("/leaderboard/{game}", responses=ERRORS)
async def leaderboard(game: str, hub: HubDep) -> Leaderboard:
    """The players of ``game`` by rating (rated games only), and the bot levels' ratings."""
    if game not in wuerfelwerk.game_names():
        raise TableError("unknown_game", f"there is no game {game!r}", 404)
    standings = await hub.players.leaderboard(game, LEADERBOARD_SIZE)
    players = []
    for rank, standing in enumerate(standings, start=1):
        rating = Rating(standing.mu, standing.sigma)
        players.append(
            LeaderEntry(
                rank=rank,
                name=standing.name,
                rating=rating.shown,
                provisional=rating.provisional,
                games=standing.games,
            )
        )
    bots = [
        BotEntry(level=level, rating=round(BOT_RATINGS[game][level][0]))
        for level in level_names(game)
        if level in BOT_RATINGS.get(game, {})
    ]
    return Leaderboard(game=game, players=players, bots=bots)
