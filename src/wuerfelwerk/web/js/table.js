// The table page: connects each seat of this screen (or a spectator), draws the board
// of the game, turns clicks into actions, and shows dice, log, errors and the end.

import { api, ApiError, gameInfo, pageAddress, replayUrl, rulesUrl, tableUrl } from "./api.js";
import { Choices } from "./choices.js";
import { Connection } from "./connection.js";
import { rollInto } from "./dice.js";
import { applyTexts, gameTitle, installSwitch, language, refusal, t } from "./i18n.js";
import { loadBoard, onNarrowChange } from "./boards.js";
import { arrowKeys } from "./svg.js";
import { remember, markStatus } from "./store.js";
import { Announcer, resultLines, ruleRefusal, seatList, showMessage } from "./view.js";
import { TableLog } from "./table-log.js";
import { nameForm } from "./account.js";
import { el } from "./dom.js";
import { ChatView } from "./chat.js";
import { ClockView } from "./clock.js";
import { PresenceView } from "./presence.js";
import { setTitle, signalControls, turnSignal } from "./signals.js";
import { HintView } from "./hint.js";

const $ = (id) => document.getElementById(id);
// How long a value shown for a moment (DIM-5) stays on the board.
const MOMENT_MS = 1600;

const page = {
  id: null,
  table: null,
  board: null,
  conns: [],
  shown: null, // the state message on screen
  choices: null,
  choicesVersion: null,
  log: null, // the table's log (#log)
  lastDie: null,
  freshRoll: false,
  holding: 0, // moments on the board: no decision is offered until they are covered
  pending: false, // an action sent and not yet answered
  told: null, // what the message line says, as a function of the language
  clock: new ClockView(),
  presence: new PresenceView(),
  chat: null,
  announcer: null,
};

function acting() {
  // Hotseat: the seat whose turn it is takes the screen; otherwise the first seat.
  const live = page.conns.filter((c) => c.latest);
  return live.find((c) => (c.latest.legal_actions || []).length) || live[0] || null;
}

function mySeats() {
  return page.conns.filter((c) => c.token && c.seat !== undefined && c.seat !== null).map((c) => c.seat);
}

function onState(message, conn) {
  conn.seat = message.seat ?? null;
  page.pending = false;
  // The dice rolled just now (not the whole log of a first frame): the die tumbles.
  const entries = message.log || [];
  page.freshRoll = entries.length > 0 && entries[0].number > 0 && entries.some((e) => e.seat === -1);
  if (conn === page.conns[0]) page.log.collect(message);
  const view = acting();
  if (!view) return;
  render(view);
}

/**
 * What an action showed everybody for a moment (a figure lifted to be named, DIM-5). It
 * arrives once, before the state it led to; it stays on the board for a moment and is
 * covered again before this page offers its next decision, however quickly that comes.
 */
function onMoment(message, conn) {
  if (conn !== page.conns[0] || !page.board?.moment) return;
  const cover = page.board.moment(message.moment);
  page.holding += 1;
  setTimeout(() => {
    cover();
    page.holding -= 1;
    const view = acting();
    if (view) render(view);
  }, MOMENT_MS);
}

function render(conn) {
  const message = conn.latest;
  const obs = message.observation;
  const board = page.board;
  // A seat whose time ran out is played by a bot: its person has nothing to choose.
  const botPlays = page.clock.botPlays(conn.seat);
  if (page.choicesVersion !== message.version || page.choicesConn !== conn || page.choicesBot !== botPlays) {
    const kept = page.choices && page.choicesConn === conn ? page.choices.picked : [];
    page.choices = new Choices(botPlays ? [] : message.legal_actions || [], (text) => board.keysOf(text));
    page.choicesBot = botPlays;
    // In real time the others' actions keep coming: a die picked stays picked.
    if (page.info?.simultaneous && kept.length) page.choices.keep(kept);
    page.choicesVersion = message.version;
    page.choicesConn = conn;
    $("message").textContent = "";
  }
  const choices = page.choices;
  const die = board.die(obs);
  if (die !== page.lastDie || page.freshRoll) {
    page.lastDie = die;
    if (die !== null && die !== undefined) rollInto($("dice"), die);
    else $("dice").replaceChildren();
  }
  page.freshRoll = false;
  // Keyboard players keep their place: the focused piece, or the first lit one; after a
  // move (its button or piece gone) the focus goes back to the board.
  const active = document.activeElement;
  const onBoard = board.element.contains(active) || $("buttons").contains(active);
  const focused = onBoard ? active.dataset?.key : null;
  board.update(obs, {
    // After sending, nothing is lit until the server answers; nor while a moment shows.
    targets: page.pending || page.holding ? new Set() : choices.targets(),
    picked: choices.picked,
    actor: choices.paths.length || choices.buttons.length ? conn.seat : null,
  });
  page.shown = message;
  renderStatus(conn);
  renderButtons(conn);
  if (onBoard) {
    const again = (focused && board.element.querySelector(`[data-key="${CSS.escape(focused)}"][tabindex="0"]`)) || board.element.querySelector(".target[tabindex='0']");
    if (again) again.focus();
    else if (!board.element.contains(document.activeElement) && !$("buttons").contains(document.activeElement)) board.element.focus();
  }
  seatList($("seats"), board, page.table, mySeats(), obs, page.clock.handed());
  page.presence.decorate($("seats"));
  if (!isOver(message)) page.clock.decorate($("seats"));
  $("table-info").replaceChildren(...[...page.clock.summary(), ...page.presence.summary()].map((text) => el("span", { text })));
  const myTurn = !isOver(message) && (choices.paths.length > 0 || choices.buttons.length > 0);
  turnSignal(myTurn, $("title").textContent);
  page.hint.update(conn, message, myTurn && !page.holding, Boolean(page.info?.simultaneous));
  page.announcer.say(page.log.show(page.board), $("status").textContent);
  if (isOver(message)) showEnd(message);
  if (!page.ready) {
    page.ready = true;
    document.body.dataset.ready = "true";
    document.body.dataset.loadMs = String(Math.round(performance.now()));
  }
  document.body.dataset.version = String(message.version);
}

function isOver(message) {
  return message.status === "finished" || message.outcome || message.observation.current_player === -4;
}

function renderStatus(conn) {
  const obs = conn.latest.observation;
  const board = page.board;
  const choices = page.choices;
  const mine = choices.paths.length > 0 || choices.buttons.length > 0;
  const seat = conn.token ? conn.seat : null;
  let text;
  let prompt = "";
  if (isOver(conn.latest)) text = resultLines(conn.latest, board).headline;
  else if (page.holding) text = t("table.moment");
  else if (obs.current_player >= 0 && obs.current_player === seat && page.clock.botPlays(seat)) text = t("clock.botPlaysYou");
  else {
    // A game may say more than whose turn it is (Wurf & Weg: everyone at once, the stop).
    text = board.status?.(obs, seat, mine) ?? null;
    if (mine) {
      text ??= t("table.yourTurn", { seat: board.seatLook(seat).name });
      prompt = board.prompt(obs, choices.picked);
    } else if (text === null && obs.current_player >= 0) {
      const who = board.seatLook(obs.current_player).name;
      text = seat !== null ? t("table.waiting", { seat: who }) : t("table.watchingTurn", { seat: who });
    }
    text ??= seat !== null ? "" : t("table.spectating");
  }
  $("status").textContent = text;
  $("prompt").textContent = prompt;
  // No empty block where there is neither a die nor a prompt (Mojave, a moment shown).
  $("dice-row").hidden = !prompt && !$("dice").childElementCount;
}

function renderButtons(conn) {
  const holder = $("buttons");
  const mine = mySeats();
  // The server says when this seat may take a move back (never past a value shown).
  const undo = conn.latest.undo === true && mine.length > 0;
  // As the board's places, no button until the server has answered the last action.
  const buttons = page.holding || page.pending ? [] : page.choices.buttons;
  // Rebuilt only when they change, so a focused button stays focused.
  const signature = JSON.stringify([buttons, page.choices.canCancel, undo, conn.latest.version, language()]);
  if (holder.dataset.signature === signature) return;
  holder.dataset.signature = signature;
  holder.replaceChildren();
  for (const text of buttons) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = page.board.buttonLabel(text);
    button.dataset.action = text;
    button.addEventListener("click", () => send(conn, text));
    holder.append(button);
  }
  if (page.choices.canCancel) {
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.textContent = t("table.cancel");
    cancel.addEventListener("click", () => {
      page.choices.cancel();
      render(conn);
    });
    holder.append(cancel);
  }
  if (undo) {
    const undo = document.createElement("button");
    undo.type = "button";
    undo.id = "undo";
    undo.textContent = t("table.undo");
    undo.addEventListener("click", () => askUndo());
    holder.append(undo);
  }
}

/** Send one action; until the server answers it, no other (a quick second click on a
 * button would answer the same version twice, and the server refuse it as out of date). */
function send(conn, action) {
  if (page.pending) return;
  $("message").textContent = "";
  page.pending = true;
  if (!conn.send({ type: "action", version: conn.latest.version, action })) {
    page.pending = false;
    tell(() => t("table.lost", { s: 1 }));
  }
  render(conn);
}

/** Say ``words()`` on the message line; a switch of language says them again. */
function tell(words) {
  page.told = words;
  showMessage($("message"), words());
}

async function askUndo() {
  const conn = page.conns.find((c) => c.token);
  if (!conn || !page.table.undo) return;
  try {
    await api.undo(page.id, conn.token);
  } catch (error) {
    tell(() => t("table.error", { message: refusal(error.code, error.message) }));
  }
}

function onKey(key) {
  const conn = acting();
  if (!conn || page.holding || page.pending) return;
  const obs = conn.latest.observation;
  if (!conn.token) {
    tell(() => t("table.spectatorClick"));
    return;
  }
  const choices = page.choices;
  if (!choices.paths.length) {
    if (obs.current_player >= 0 && !isOver(conn.latest)) {
      tell(() => t("table.notYourTurn", { seat: page.board.seatLook(obs.current_player).name }));
    }
    return;
  }
  const result = choices.click(key);
  if (result.action) {
    send(conn, result.action);
  } else if (result.picked) {
    render(conn);
  } else {
    // A try that forms an action goes to the server, which names the rule it breaks;
    // a click that forms none is answered here and nothing is sent.
    const tried = page.board.compose(result.refused, obs);
    if (tried) {
      send(conn, tried);
    } else {
      tell(() => t("table.notLegal", { why: t("table.pickHighlighted") }));
      render(conn);
    }
  }
}

function onError(message, conn) {
  page.pending = false;
  if (conn) conn.lastError = message.code;
  if (message.code?.startsWith("chat_")) {
    page.chat.refused(message);
    return;
  }
  const view = acting();
  if (view) render(view);
  tell(() => serverRefusal(message));
}

/** Why the server refused, in the current language: a rule broken names its rule; a
 * refusal the catalogue has words for says them; else the server's own words. */
function serverRefusal(message) {
  const rule = /^([A-Z]{2,4}-\d+)[:\s]+(.*)$/.exec(message.message || "");
  if (rule) return ruleRefusal(page.table.game, rule[1], rule[2], page.board);
  if (/^[A-Z]{2,4}-\d+$/.test(message.code || "")) return ruleRefusal(page.table.game, message.code, message.message, page.board);
  if (t(`error.${message.code}`, {}, "")) return refusal(message.code, message.message);
  return t("table.error", { message: refusal(message.code, message.message) });
}

function onStatus(status, info = {}, conn = null) {
  const banner = $("banner");
  if (status === "lost") {
    banner.hidden = false;
    banner.className = "banner warn";
    banner.textContent = t("table.lost", { s: info.seconds });
  } else if (status === "reconnecting") {
    banner.textContent = t("table.reconnecting");
  } else if (status === "back") {
    banner.className = "banner ok";
    banner.textContent = t("table.back");
    setTimeout(() => {
      if (banner.textContent === t("table.back")) banner.hidden = true;
    }, 2500);
  } else if (status === "refused" && info.code === 4401) {
    askForName();
  } else if (status === "refused") {
    banner.hidden = false;
    banner.className = "banner warn";
    banner.textContent = info.code === 4404 ? t("table.gone") : conn?.lastError === "one_seat_each" ? t("error.one_seat_each") : t("table.deadLink");
    // A dead invite link still lets one watch the table.
    if (info.code === 4403 && conn && conn.token && !page.conns.some((c) => !c.closed)) {
      const watcher = new Connection(page.id, null, conn.handlers);
      page.conns = [watcher];
      watcher.open();
    }
  }
}

function showEnd(message) {
  markStatus(page.id, "finished");
  const dialog = $("end");
  if (dialog.open || page.endShown === message.version) return;
  page.endShown = message.version;
  const { headline, places } = resultLines(message, page.board);
  $("result").textContent = headline;
  $("ranking").replaceChildren(...places);
  $("replay-link").href = replayUrl(page.id);
  $("rematch").hidden = !page.conns.some((c) => c.token) && !page.rematchId;
  dialog.showModal();
}

/** A rematch keeps every seat's token: the same address with the new table's id. */
function goToRematch(id) {
  const tokens = page.conns.map((c) => c.token).filter(Boolean);
  const url = tableUrl(id, tokens);
  remember({ id, game: page.table.game, url, role: tokens.length ? "player" : "spectator" });
  location.href = url;
}

async function rematch() {
  const conn = page.conns.find((c) => c.token);
  if (!conn) return;
  try {
    goToRematch((await api.rematch(page.id, conn.token)).id);
  } catch (error) {
    $("result").textContent = t("table.error", { message: refusal(error.code, error.message) });
  }
}

/** A rated table's seat needs a name: ask for one here, then take the seats again. */
function askForName() {
  const box = $("name-needed");
  if (!box.hidden) return;
  const words = document.createElement("p");
  words.textContent = t("account.needName");
  box.replaceChildren(words, nameForm(() => {
    box.hidden = true;
    for (const conn of page.conns) if (conn.closed && conn.token) conn.reopen();
  }));
  box.hidden = false;
}

/** Notices of the table besides the game: the clock, who is here, chat, ratings. */
function onNotice(message, conn) {
  // Every seat of a hotseat screen hears the same notices: one of them is enough.
  if (conn !== page.conns[0]) return;
  const seatName = (seat) => (page.board ? page.board.seatLook(seat).name : `${seat + 1}`);
  if (message.type === "clock") {
    page.clock.update(message);
  } else if (message.type === "timeout") {
    page.clock.timeout(message.seat);
    $("notice").textContent = t(message.handed_over ? "clock.handedOver" : "clock.timeout", { seat: seatName(message.seat) });
  } else if (message.type === "presence") {
    const news = page.presence.update(message, seatName);
    if (news.length) $("notice").textContent = news.at(-1);
  } else if (message.type === "chat") {
    page.chat.add(message.lines);
    return;
  } else if (message.type === "rated") {
    showRatings(message.seats, seatName);
    return;
  } else {
    return;
  }
  const view = acting();
  if (view) render(view);
}

function showRatings(seats, seatName) {
  const lines = seats.map((entry) => {
    const item = document.createElement("li");
    const name = entry.name || t(`level.${entry.bot}`, {}, entry.bot);
    const seat = t("seat.named", { seat: seatName(entry.seat), name });
    item.textContent = t("rated.change", { seat, before: entry.before, after: entry.after });
    item.className = entry.after > entry.before ? "up" : entry.after < entry.before ? "down" : "";
    return item;
  });
  $("rating-changes").replaceChildren(...lines);
  $("ratings").hidden = false;
}

/** Who wrote a chat line: the seat, and its player's name. */
function chatWriter(line) {
  const seat = page.board ? page.board.seatLook(line.seat).name : `${line.seat + 1}`;
  return line.name ? t("seat.named", { seat, name: line.name }) : seat;
}

function sendChat(text) {
  const conn = page.conns.find((c) => c.token && c.connected);
  return Boolean(conn && conn.send({ type: "chat", text }));
}

/** Another seat started the rematch: offer the way there. */
function onRematch(message) {
  page.rematchId = message.table;
  const button = $("rematch");
  button.textContent = t("table.joinRematch");
  button.onclick = () => goToRematch(message.table);
  button.hidden = false;
  if (!$("end").open) $("end").showModal();
}

/** The page's title and the board's legend, in the current language. */
function nameTable() {
  $("title").textContent = gameTitle(page.table.game);
  setTitle(t("page.title", { page: $("title").textContent }));
  $("legend").textContent = page.board.legend ? page.board.legend() : "";
}

/**
 * Draw the board anew: at the start, in another language, and when the screen turns
 * from a phone's to a wider one or back (some boards have a layout for phones).
 */
async function buildBoard(narrow) {
  const board = await loadBoard(page.table, narrow);
  board.onKey = onKey;
  board.element.tabIndex = -1; // the focus waits here between one's turns
  arrowKeys(board.element);
  page.board = board;
  page.hint.board = board;
  page.lastDie = undefined;
  $("board").replaceChildren(board.element);
  nameTable();
  const conn = acting();
  if (conn) render(conn);
  document.body.dataset.boardLanguage = language(); // the board speaks the page's language
}

async function main() {
  applyTexts();
  page.announcer = new Announcer($("announce"));
  page.log = new TableLog($("log"));
  installSwitch($("lang"), async () => {
    page.chat.relabel();
    $("signals").replaceChildren(signalControls());
    if (page.board) {
      // What was said stays said: the log in the new language is not read out again.
      page.announcer.hush();
      await buildBoard();
    }
    if (page.told && $("message").childNodes.length) tell(page.told);
  });
  const { id, tokens } = pageAddress();
  page.id = id;
  page.chat = new ChatView($("chat"), sendChat, chatWriter);
  page.chat.canWrite(tokens.length > 0);
  $("signals").replaceChildren(signalControls());
  $("rematch").onclick = rematch;
  $("close-end").addEventListener("click", () => $("end").close());
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && page.choices && page.choices.picked.length) {
      page.choices.cancel();
      render(acting());
    } else if ((event.key === "u" || event.key === "U") && document.getElementById("undo")) askUndo();
    else if (page.board?.shortcut && page.choices && !event.target.closest("input, select, textarea")) {
      const action = page.board.shortcut(event.key, page.choices.buttons);
      const conn = acting();
      if (action && conn && !page.holding) send(conn, action);
    }
  });
  try {
    if (!id) throw new ApiError(404, "no table id in the address");
    page.table = await api.table(id);
  } catch (error) {
    $("status").textContent = error.status === 404 ? t("table.gone") : t("lobby.serverDown", { msg: error.message });
    const lobby = document.createElement("a");
    lobby.href = "./";
    lobby.className = "button primary";
    lobby.textContent = t("table.lobby");
    $("board").replaceChildren(lobby);
    document.querySelector(".side").hidden = true;
    return;
  }
  page.hint = new HintView($("hint-box"), page.table, null);
  const info = await gameInfo(page.table.game);
  page.info = info;
  await buildBoard();
  onNarrowChange((narrow) => buildBoard(narrow));
  $("rules-link").href = rulesUrl(page.table.game);
  // U undoes only where undo is offered.
  if (page.table.undo && !info?.simultaneous && tokens.length) $("keys").dataset.i18n = "table.keysUndo";
  applyTexts();
  remember({ id, game: page.table.game, url: location.href, role: tokens.length ? "player" : "spectator", status: page.table.status === "finished" ? "finished" : "running" });
  const handlers = { onState, onMoment, onError, onStatus, onRematch, onNotice };
  page.conns = (tokens.length ? tokens : [null]).map((token) => new Connection(id, token, handlers));
  for (const conn of page.conns) conn.open();
  window.wuerfelwerk = page; // for the browser tests and curious players
}

main();
