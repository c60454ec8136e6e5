// The leaderboard of one game (/leaderboard.html?game=NAME): players by rating from rated
// games, and the bot levels with their fixed ratings from the arena.

import { api } from "./api.js";
import { accounts, leaderboardUrl, profileUrl } from "./account.js";
import { el } from "./dom.js";
import { applyTexts, gameTitle, installSwitch, refusal, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

function cell(text, number = false) {
  return el("td", { class: number ? "number" : null, text: String(text) });
}

async function show(game) {
  $("status").textContent = "";
  try {
    const board = await accounts.leaderboard(game);
    $("players").querySelector("tbody").replaceChildren(
      ...board.players.map((entry) => {
        const name = el("td", {}, el("a", { href: profileUrl(entry.name), text: entry.name }));
        return el("tr", { "data-name": entry.name }, cell(entry.rank, true), name, cell(`${entry.rating}${entry.provisional ? "?" : ""}`, true), cell(entry.games, true));
      }),
    );
    $("empty").hidden = board.players.length > 0;
    $("bots").querySelector("tbody").replaceChildren(
      ...board.bots.map((bot) => el("tr", { class: "bot" }, el("td", { text: t("board.botLevel", { level: t(`level.${bot.level}`, {}, bot.level) }) }), cell(bot.rating, true))),
    );
  } catch (error) {
    $("status").textContent = refusal(error.code, error.message);
  }
  document.body.dataset.ready = "true";
}

async function main() {
  applyTexts();
  const games = await api.games();
  const wanted = new URLSearchParams(location.search).get("game");
  const select = $("game");
  for (const game of games) select.append(el("option", { value: game.name, text: gameTitle(game.name) }));
  select.value = games.some((g) => g.name === wanted) ? wanted : games[0].name;
  select.addEventListener("change", () => {
    history.replaceState(null, "", leaderboardUrl(select.value));
    show(select.value);
  });
  installSwitch($("lang"), () => show(select.value));
  await show(select.value);
}

main();
