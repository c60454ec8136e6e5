// My games, kept in this browser: the tables I created or joined, with the address
// that opens each one again (tokens included, so the seats stay mine).

const KEY = "wuerfelwerk.games";

export function myGames() {
  try {
    const games = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(games) ? games : [];
  } catch {
    return [];
  }
}

function save(games) {
  localStorage.setItem(KEY, JSON.stringify(games.slice(0, 100)));
}

/** Add or update the entry of table ``id`` (newest first). */
export function remember(entry) {
  const games = myGames();
  const old = games.find((g) => g.id === entry.id);
  const merged = { created: Date.now(), status: "running", ...old, ...entry };
  save([merged, ...games.filter((g) => g.id !== entry.id)]);
}

export function markStatus(id, status) {
  const games = myGames();
  const game = games.find((g) => g.id === id);
  if (game && game.status !== status) {
    game.status = status;
    save(games);
  }
}

export function forget(id) {
  save(myGames().filter((g) => g.id !== id));
}
