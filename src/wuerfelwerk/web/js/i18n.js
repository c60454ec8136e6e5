// German and English texts. The language comes from the browser unless the player
// picked one with the switch (kept in localStorage).

const TEXTS = {
  en: {
    "app.title": "Würfelwerk",
    "app.tagline": "Dice board games in the browser",
    "lang.switch": "Deutsch",
    "lobby.new": "New table",
    "lobby.game": "Game",
    "lobby.options": "Options",
    "lobby.seats": "Seats",
    "lobby.create": "Create table",
    "lobby.botDelay": "Bot pause (s)",
    "lobby.botDelayHelp": "Seconds a bot waits before it acts, so people can follow (and keep up in real time).",
    "lobby.creating": "Creating the table…",
    "lobby.join": "Join by link",
    "lobby.joinHint": "Paste an invite or spectator link.",
    "lobby.joinButton": "Open",
    "lobby.badLink": "That is not a table link.",
    "lobby.mine": "My games",
    "lobby.running": "Running",
    "lobby.finished": "Finished",
    "lobby.none": "No games yet.",
    "lobby.open": "Open",
    "lobby.watch": "Watch replay",
    "lobby.forget": "Remove",
    "lobby.loading": "Loading the games…",
    "lobby.serverDown": "The server cannot be reached: {msg}",
    "lobby.invites": "Invite links",
    "lobby.inviteHint": "Send each link to the player of that seat; keep the spectator link for onlookers.",
    "lobby.spectatorLink": "Spectator link",
    "lobby.copy": "Copy",
    "lobby.copied": "Copied",
    "lobby.go": "Go to the table",
    "lobby.needHuman": "A table needs at least one seat.",
    "seat.kind.human": "Human on this screen",
    "seat.kind.invite": "Invited human (link)",
    "seat.kind.bot": "Bot",
    "seat.level": "Level",
    "level.easy": "easy", "level.medium": "medium", "level.hard": "hard", "level.expert": "expert",
    "level.greedy": "greedy", "level.random": "random", "level.mcts": "MCTS",
    "seat": "Seat",
    "table.loading": "Connecting to the table…",
    "table.you": "you",
    "table.turn": "{seat} to move",
    "table.yourTurn": "Your turn ({seat})",
    "table.waiting": "Waiting for {seat}",
    "table.spectating": "You are watching.",
    "table.log": "Log",
    "table.undo": "Undo",
    "table.pass": "Pass",
    "table.cancel": "Cancel",
    "table.invites": "Invite links",
    "table.gone": "This table does not exist (any more). Check the link or start a new game.",
    "table.deadLink": "This invite link is not valid for the table: the seat token is unknown.",
    "table.lost": "Connection lost. Reconnecting in {s} s…",
    "table.reconnecting": "Reconnecting…",
    "table.back": "Connected again.",
    "table.notYourTurn": "It is not your turn: {seat} moves now.",
    "table.spectatorClick": "Spectators cannot move.",
    "table.notLegal": "Not possible here: {why}",
    "table.pickHighlighted": "choose one of the highlighted places.",
    "table.illegal": "Rule {code}: {message}",
    "table.error": "Refused: {message}",
    "table.over": "Game over",
    "table.winner": "{seats} won",
    "table.winners": "{seats} won together",
    "table.draw": "Draw",
    "table.rematch": "Rematch",
    "table.joinRematch": "Join the rematch",
    "table.replay": "Watch replay",
    "table.lobby": "Lobby",
    "table.die": "Die",
    "table.keys": "Keys: Tab and Enter choose, Esc cancels, U undoes.",
    "replay.title": "Replay",
    "replay.step": "Step {i} of {n}",
    "replay.first": "First",
    "replay.prev": "Back",
    "replay.next": "Forward",
    "replay.last": "Last",
    "replay.play": "Play",
    "replay.pause": "Pause",
    "replay.notFinished": "The game is not finished yet: a replay exists once it is over.",
    "replay.unavailable": "This server does not replay games yet (GET /api/tables/{id}/replay is missing).",
    "result.place": "{place}. place",
  },
  de: {
    "app.title": "Würfelwerk",
    "app.tagline": "Würfel-Brettspiele im Browser",
    "lang.switch": "English",
    "lobby.new": "Neuer Tisch",
    "lobby.game": "Spiel",
    "lobby.options": "Optionen",
    "lobby.seats": "Plätze",
    "lobby.create": "Tisch eröffnen",
    "lobby.botDelay": "Bot-Pause (s)",
    "lobby.botDelayHelp": "Sekunden, die ein Bot wartet, bevor er handelt, damit man folgen kann (und in Echtzeit mithält).",
    "lobby.creating": "Der Tisch wird eröffnet…",
    "lobby.join": "Über Link beitreten",
    "lobby.joinHint": "Einladungs- oder Zuschauerlink einfügen.",
    "lobby.joinButton": "Öffnen",
    "lobby.badLink": "Das ist kein Tisch-Link.",
    "lobby.mine": "Meine Spiele",
    "lobby.running": "Laufend",
    "lobby.finished": "Beendet",
    "lobby.none": "Noch keine Spiele.",
    "lobby.open": "Öffnen",
    "lobby.watch": "Wiederholung ansehen",
    "lobby.forget": "Entfernen",
    "lobby.loading": "Die Spiele werden geladen…",
    "lobby.serverDown": "Der Server ist nicht erreichbar: {msg}",
    "lobby.invites": "Einladungslinks",
    "lobby.inviteHint": "Schicke jeden Link dem Spieler dieses Platzes; der Zuschauerlink ist für Zuschauer.",
    "lobby.spectatorLink": "Zuschauerlink",
    "lobby.copy": "Kopieren",
    "lobby.copied": "Kopiert",
    "lobby.go": "Zum Tisch",
    "lobby.needHuman": "Ein Tisch braucht mindestens einen Platz.",
    "seat.kind.human": "Mensch an diesem Bildschirm",
    "seat.kind.invite": "Eingeladener Mensch (Link)",
    "seat.kind.bot": "Bot",
    "seat.level": "Stufe",
    "level.easy": "leicht", "level.medium": "mittel", "level.hard": "schwer", "level.expert": "Experte",
    "level.greedy": "gierig", "level.random": "zufällig", "level.mcts": "MCTS",
    "seat": "Platz",
    "table.loading": "Verbindung zum Tisch…",
    "table.you": "du",
    "table.turn": "{seat} ist am Zug",
    "table.yourTurn": "Du bist am Zug ({seat})",
    "table.waiting": "Warten auf {seat}",
    "table.spectating": "Du schaust zu.",
    "table.log": "Protokoll",
    "table.undo": "Zurücknehmen",
    "table.pass": "Aussetzen",
    "table.cancel": "Abbrechen",
    "table.invites": "Einladungslinks",
    "table.gone": "Diesen Tisch gibt es nicht (mehr). Prüfe den Link oder beginne ein neues Spiel.",
    "table.deadLink": "Dieser Einladungslink gilt nicht für den Tisch: das Platz-Token ist unbekannt.",
    "table.lost": "Verbindung verloren. Neuer Versuch in {s} s…",
    "table.reconnecting": "Verbinde neu…",
    "table.back": "Wieder verbunden.",
    "table.notYourTurn": "Du bist nicht am Zug: {seat} zieht jetzt.",
    "table.spectatorClick": "Zuschauer können nicht ziehen.",
    "table.notLegal": "Hier nicht möglich: {why}",
    "table.pickHighlighted": "wähle einen der hervorgehobenen Plätze.",
    "table.illegal": "Regel {code}: {message}",
    "table.error": "Abgelehnt: {message}",
    "table.over": "Spielende",
    "table.winner": "{seats} hat gewonnen",
    "table.winners": "{seats} haben gemeinsam gewonnen",
    "table.draw": "Unentschieden",
    "table.rematch": "Revanche",
    "table.joinRematch": "Zur Revanche",
    "table.replay": "Wiederholung ansehen",
    "table.lobby": "Lobby",
    "table.die": "Würfel",
    "table.keys": "Tasten: Tab und Enter wählen, Esc bricht ab, U nimmt zurück.",
    "replay.title": "Wiederholung",
    "replay.step": "Schritt {i} von {n}",
    "replay.first": "Anfang",
    "replay.prev": "Zurück",
    "replay.next": "Vor",
    "replay.last": "Ende",
    "replay.play": "Abspielen",
    "replay.pause": "Pause",
    "replay.notFinished": "Das Spiel läuft noch: eine Wiederholung gibt es, sobald es beendet ist.",
    "replay.unavailable": "Dieser Server spielt Partien noch nicht ab (GET /api/tables/{id}/replay fehlt).",
    "result.place": "{place}. Platz",
  },
};

const extra = { en: {}, de: {} };

/** Board modules add their own words (colours, actions) with this. */
export function addTexts(texts) {
  for (const lang of Object.keys(extra)) Object.assign(extra[lang], texts[lang] || {});
}

export function language() {
  const chosen = localStorage.getItem("wuerfelwerk.lang");
  if (chosen === "de" || chosen === "en") return chosen;
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  for (const tag of wanted) {
    const base = String(tag).toLowerCase().slice(0, 2);
    if (base === "de" || base === "en") return base;
  }
  return "en";
}

/** The text for ``key`` in the current language with ``{name}`` places filled in
 * (``fallback`` where no language has the key). */
export function t(key, values = {}, fallback = key) {
  const lang = language();
  const text = extra[lang][key] ?? TEXTS[lang][key] ?? extra.en[key] ?? TEXTS.en[key] ?? fallback;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : `{${name}}`));
}

/** Fill every element carrying data-i18n and put the language switch into ``switchButton``. */
export function applyTexts(root = document) {
  document.documentElement.lang = language();
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}

export function installSwitch(button, onChange) {
  const label = () => {
    button.textContent = t("lang.switch");
    button.setAttribute("lang", language() === "de" ? "en" : "de");
  };
  label();
  button.addEventListener("click", () => {
    localStorage.setItem("wuerfelwerk.lang", language() === "de" ? "en" : "de");
    applyTexts();
    label();
    onChange();
  });
}
