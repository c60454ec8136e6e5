// The server's HTTP API (see docs/server.md) and the links between the pages.

export class ApiError extends Error {
  constructor(status, detail, code) {
    super(typeof detail === "string" ? detail : JSON.stringify(detail));
    this.status = status;
    this.code = code;
  }
}

/** A call of the HTTP API; a refusal throws an ``ApiError`` with the server's code. */
export async function request(method, path, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const detail = data && (data.message ?? data.detail);
    throw new ApiError(response.status, detail ?? response.statusText, data && data.code);
  }
  return data;
}

export const api = {
  games: () => request("GET", "/api/games"),
  createTable: (game, options, seats, botDelay = 0, undo = null, more = {}) =>
    request("POST", "/api/tables", { game, options, seats, bot_delay: botDelay, undo, ...more }),
  table: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}`),
  replay: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}/replay`),
  rules: (game, lang) => request("GET", `/api/games/${encodeURIComponent(game)}/rules?lang=${encodeURIComponent(lang)}`),
  undo: (id, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/undo`, { token }),
  rematch: (id, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, { token }),
};

/** What GET /api/games says about the game ``name`` (title, options, levels, ...). */
export async function gameInfo(name) {
  return (await api.games()).find((game) => game.name === name) || null;
}

/** The page of a table; the seat tokens ride in the fragment, which never reaches the server. */
export function tableUrl(id, tokens = []) {
  const url = new URL("table.html", location.href);
  url.search = `?id=${encodeURIComponent(id)}`;
  url.hash = tokens.length ? tokens.map((tok) => `token=${encodeURIComponent(tok)}`).join("&") : "";
  return url.href;
}

export function replayUrl(id) {
  const url = new URL("replay.html", location.href);
  url.search = `?id=${encodeURIComponent(id)}`;
  url.hash = "";
  return url.href;
}

/** The rules page of ``game``, opened at ``rule`` (its number, ``MAL-8``) if given. */
export function rulesUrl(game, rule = null) {
  const url = new URL("rules.html", location.href);
  url.search = `?game=${encodeURIComponent(game)}`;
  url.hash = rule ? rule : "";
  return url.href;
}

/** The table id and seat tokens of the current page's address. */
export function pageAddress(href = location.href) {
  const url = new URL(href, location.href);
  const id = url.searchParams.get("id");
  const tokens = new URLSearchParams(url.hash.slice(1)).getAll("token");
  return { id, tokens };
}

export function websocketUrl(id, token) {
  const url = new URL(`/ws/tables/${encodeURIComponent(id)}`, location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  if (token) url.searchParams.set("token", token);
  return url.href;
}
