// The lobby: a new table (game, every option with its explanation, the seats), joining
// by link, and my games kept in this browser.

import { api, pageAddress, replayUrl, rulesUrl, tableUrl } from "./api.js";
import { el } from "./dom.js";
import { applyTexts, choiceLabel, gameTitle, installSwitch, optionHelp, optionLabel, refusal, t } from "./i18n.js";
import { withRuleLinks } from "./rule-links.js";
import { forget, markStatus, myGames, remember } from "./store.js";
import { accountBox, accounts } from "./account.js";
import { clockRequest, ratedRequest, renderTimeControl } from "./lobby-online.js";

const $ = (id) => document.getElementById(id);
let games = [];

function gameInfo() {
  return games.find((g) => g.name === $("game").value);
}

/** One input per engine option, with the option's one-line explanation beneath; the
 * values chosen so far stay when the language changes. */
function renderOptions() {
  const box = $("options");
  const game = gameInfo();
  const kept = box.dataset.game === game.name ? optionValues() : {};
  box.dataset.game = game.name;
  box.replaceChildren();
  for (const option of game.options) {
    const id = `opt-${option.name}`;
    const value = option.name in kept ? kept[option.name] : option.default;
    let input;
    if (option.choices && option.choices.length) {
      input = el("select", { id, name: option.name });
      for (const choice of option.choices) {
        input.append(el("option", { value: String(choice), selected: choice === value, text: choiceLabel(game.name, option.name, choice) }));
      }
    } else if (option.type === "bool") {
      input = el("input", { id, name: option.name, type: "checkbox", checked: value === true });
    } else if (/^(int|float)\b/.test(option.type)) {
      // "int | None": an empty field is none.
      const step = option.type.startsWith("int") ? "1" : "any";
      input = el("input", { id, name: option.name, type: "number", step, value: Number.isNaN(value) ? "" : value ?? "" });
    } else {
      input = el("input", { id, name: option.name, type: "text", value: value ?? "" });
    }
    input.dataset.type = option.type;
    const help = el("p", { class: "help", id: `${id}-help` }, ...withRuleLinks(optionHelp(game.name, option.name, option.help || ""), game.name));
    const row = el("div", { class: "field-row" }, el("label", { for: id, text: optionLabel(game.name, option.name) }), input, help);
    input.setAttribute("aria-describedby", `${id}-help`);
    box.append(row);
    if (option.name === "players") input.addEventListener("change", renderSeats);
  }
  $("rules-link").href = rulesUrl(game.name);
  renderSeats();
}

/** The games in the game list, by their names in this language. */
function nameGames() {
  for (const option of $("game").options) option.textContent = gameTitle(option.value);
}

/** A new game: its options at their defaults, and the bots' pause to suit it. */
function chooseGame() {
  renderOptions();
  // Real time needs bots that leave people a chance; turn by turn they may be quick.
  $("bot-delay").value = gameInfo().simultaneous ? "1" : "0";
  renderTimeControl($("time-and-rating"), gameInfo());
}

function optionValues() {
  const values = {};
  for (const option of gameInfo().options) {
    const input = $(`opt-${option.name}`);
    if (option.type === "bool") values[option.name] = input.checked;
    else if (option.type === "int") values[option.name] = Number.parseInt(input.value, 10);
    else if (option.type === "float") values[option.name] = Number.parseFloat(input.value);
    else if (option.choices && typeof option.choices[0] === "number") values[option.name] = Number(input.value);
    else values[option.name] = input.value;
  }
  return values;
}

function seatCount() {
  const input = $("opt-players");
  return input ? Number.parseInt(input.value, 10) : gameInfo().min_players || 2;
}

/** A row per seat: a human here (hotseat), an invited human, or a bot with its level. */
function renderSeats() {
  const box = $("seats");
  const old = [...box.querySelectorAll(".seat-row")].map((row) => [row.querySelector(".kind").value, row.querySelector(".level").value]);
  box.replaceChildren();
  const info = gameInfo();
  // The levels first (seats "bot:<level>"), then the agents that play by name ("bot:greedy").
  const agents = [...(info.levels || []), ...info.agents];
  for (let seat = 0; seat < seatCount(); seat += 1) {
    const kind = el("select", { class: "kind", "aria-label": t("seat.numbered", { n: seat + 1 }) });
    for (const k of ["human", "invite", "bot"]) kind.append(el("option", { value: k, text: t(`seat.kind.${k}`) }));
    const level = el("select", { class: "level", "aria-label": t("seat.levelOf", { n: seat + 1 }) });
    for (const a of agents) level.append(el("option", { value: a, text: t(`level.${a}`, {}, a) }));
    // A new bot seat plays at the easiest level (where the server lists levels).
    const [oldKind, oldLevel] = old[seat] || [seat === 0 ? "human" : "bot", agents[0]];
    kind.value = oldKind;
    level.value = oldLevel;
    const sync = () => {
      level.hidden = kind.value !== "bot";
    };
    kind.addEventListener("change", sync);
    sync();
    box.append(el("div", { class: "seat-row", "data-seat": String(seat) }, el("span", { class: "seat-name", text: t("seat.numbered", { n: seat + 1 }) }), kind, level));
  }
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const game = gameInfo();
  const rows = [...document.querySelectorAll("#seats .seat-row")];
  const kinds = rows.map((row) => row.querySelector(".kind").value);
  const seats = rows.map((row, i) => (kinds[i] === "bot" ? `bot:${row.querySelector(".level").value}` : "human"));
  const rated = ratedRequest();
  if (rated && kinds.filter((k) => k === "human").length > 1) {
    $("create-error").textContent = t("rated.oneHere");
    return;
  }
  if (rated && kinds.includes("human") && !(await accounts.me().catch(() => null))) {
    $("create-error").textContent = t("rated.needName");
    return;
  }
  $("create").disabled = true;
  $("create").textContent = t("lobby.creating");
  try {
    const delay = Number.parseFloat($("bot-delay").value) || 0;
    // Undo where everyone who plays sits at this screen (against bots, or hotseat);
    // never in a rated game.
    const undo = !rated && kinds.includes("human") && !kinds.includes("invite");
    const more = { clock: clockRequest(), rated };
    const created = await api.createTable(game.name, optionValues(), seats, delay, undo, more);
    const tokenOf = (seat) => created.seats.find((s) => s.seat === seat)?.token;
    const here = kinds.map((k, i) => (k === "human" ? tokenOf(i) : null)).filter(Boolean);
    const url = tableUrl(created.id, here);
    remember({ id: created.id, game: game.name, url, role: here.length ? "player" : "host" });
    const invites = kinds.map((k, i) => (k === "invite" ? i : null)).filter((i) => i !== null);
    if (!invites.length) {
      location.href = url;
      return;
    }
    const links = $("invite-links");
    links.replaceChildren();
    for (const seat of invites) links.append(linkRow(t("seat.numbered", { n: seat + 1 }), tableUrl(created.id, [tokenOf(seat)])));
    links.append(linkRow(t("lobby.spectatorLink"), tableUrl(created.id)));
    $("go").href = url;
    $("created").hidden = false;
    // The links are what the host needs next: on a small screen they are below the form.
    $("created").scrollIntoView({ block: "start" });
    links.querySelector("button")?.focus({ preventScroll: true });
    renderMine();
  } catch (error) {
    $("create-error").textContent = t("table.error", { message: refusal(error.code, error.message) });
  } finally {
    $("create").disabled = false;
    $("create").textContent = t("lobby.create");
  }
}

function linkRow(label, url) {
  const input = el("input", { type: "text", readonly: true, value: url, "aria-label": label });
  const copy = el("button", { type: "button", text: t("lobby.copy") });
  copy.addEventListener("click", async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      document.execCommand("copy");
    }
    copy.textContent = t("lobby.copied");
  });
  return el("div", { class: "seat-row invite" }, el("span", { class: "seat-name", text: label }), input, copy);
}

function join(event) {
  event.preventDefault();
  const text = $("join-link").value.trim();
  let address;
  try {
    address = pageAddress(text);
  } catch {
    address = { id: null };
  }
  if (!address.id) {
    $("join-error").textContent = t("lobby.badLink");
    return;
  }
  location.href = tableUrl(address.id, address.tokens);
}

/** My games, with their status checked against the server (a table may be gone). */
async function renderMine() {
  const mine = myGames();
  for (const list of [$("running"), $("finished")]) list.replaceChildren();
  for (const game of mine) {
    const when = new Date(game.created).toLocaleString(document.documentElement.lang);
    const item = el("li", { "data-id": game.id }, el("span", { class: "what", text: t("lobby.gameLine", { game: gameTitle(game.game), when }) }));
    item.append(el("a", { class: "button", href: game.url, text: t("lobby.open") }));
    if (game.status === "finished") item.append(el("a", { class: "button", href: replayUrl(game.id), text: t("lobby.watch") }));
    const remove = el("button", { type: "button", text: t("lobby.forget") });
    remove.addEventListener("click", () => {
      forget(game.id);
      renderMine();
    });
    item.append(remove);
    (game.status === "finished" ? $("finished") : $("running")).append(item);
  }
  for (const list of [$("running"), $("finished")]) {
    if (!list.children.length) list.append(el("li", { text: t("lobby.none") }));
  }
}

async function refreshStatus() {
  const running = myGames().filter((g) => g.status !== "finished").slice(0, 20);
  const answers = await Promise.allSettled(running.map((g) => api.table(g.id)));
  let changed = false;
  answers.forEach((answer, i) => {
    if (answer.status === "fulfilled" && answer.value.status === "finished") {
      markStatus(running[i].id, "finished");
      changed = true;
    }
  });
  if (changed) renderMine();
}

async function main() {
  applyTexts();
  installSwitch($("lang"), () => {
    if (games.length) {
      nameGames();
      renderOptions();
      renderTimeControl($("time-and-rating"), gameInfo());
    }
    accountBox($("account"));
    renderMine();
  });
  renderMine();
  accountBox($("account"));
  $("join").addEventListener("submit", join);
  $("new-table").addEventListener("submit", create);
  try {
    const answer = await api.games();
    games = Array.isArray(answer) ? answer : answer.games;
  } catch (error) {
    $("create-error").textContent = t("lobby.serverDown", { msg: error.message });
    return;
  }
  const select = $("game");
  for (const game of games) select.append(el("option", { value: game.name }));
  select.addEventListener("change", chooseGame);
  nameGames();
  chooseGame();
  document.body.dataset.ready = "true";
  refreshStatus();
}

main();
