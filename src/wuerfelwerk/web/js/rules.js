// The rules page: a game's rules as the server renders them (GET /api/games/{name}/rules),
// in the page's language; the address's fragment (#MAL-8) opens it at that rule.

import { api, rulesUrl } from "./api.js";
import { applyTexts, choiceLabel, gameTitle, installSwitch, language, optionLabel, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const page = { games: [], game: null };

function renderNav() {
  $("games").replaceChildren(
    ...page.games.map((game) => {
      const link = document.createElement("a");
      link.href = rulesUrl(game.name);
      link.textContent = gameTitle(game.name);
      if (game.name === page.game) link.setAttribute("aria-current", "page");
      const item = document.createElement("li");
      item.append(link);
      return item;
    }),
  );
}

/** The options and choices the rules name, in the lobby's words ("Capture own figures"
 * for ``capture_own``, "Classic (1960)" for the board ``classic``), in formulas too. */
function lobbyWords(root, game) {
  for (const code of root.querySelectorAll("[data-option]")) {
    const name = document.createElement("em");
    name.className = "option-name";
    name.textContent = optionLabel(game, code.dataset.option);
    code.replaceWith(name);
  }
  for (const formula of root.querySelectorAll("[data-options]")) {
    for (const option of formula.dataset.options.split(" ")) {
      formula.textContent = formula.textContent.replaceAll(option, optionLabel(game, option));
    }
  }
  for (const choice of root.querySelectorAll("[data-choice]")) {
    const [option, value] = choice.dataset.choice.split(".");
    choice.textContent = choiceLabel(game, option, value);
  }
}

/** Mark the rule the fragment names and bring it into view. */
function showRule() {
  for (const old of document.querySelectorAll(".rules-text .current-rule")) old.classList.remove("current-rule");
  const rule = decodeURIComponent(location.hash.slice(1));
  const item = rule ? document.getElementById(rule) : null;
  if (!item || !$("rules").contains(item)) return;
  item.classList.add("current-rule");
  item.scrollIntoView({ block: "start" });
}

async function render() {
  renderNav();
  const title = page.game ? t("rules.titleOf", { game: gameTitle(page.game) }) : t("rules.title");
  $("title").textContent = title;
  document.title = t("page.title", { page: title });
  if (!page.game) {
    $("rules").hidden = true;
    $("status").textContent = t("rules.pick");
    return;
  }
  try {
    const rules = await api.rules(page.game, language());
    $("status").textContent = "";
    $("rules").hidden = false;
    $("rules").lang = rules.language;
    // The server renders the Markdown with raw HTML switched off: this is its own markup.
    $("rules").innerHTML = rules.html;
    lobbyWords($("rules"), page.game);
    showRule();
  } catch (error) {
    $("rules").hidden = true;
    $("status").textContent = error.status === 404 ? t("rules.unknown") : t("lobby.serverDown", { msg: error.message });
  }
}

async function main() {
  applyTexts();
  installSwitch($("lang"), render);
  page.game = new URLSearchParams(location.search).get("game");
  try {
    page.games = await api.games();
  } catch (error) {
    $("status").textContent = t("lobby.serverDown", { msg: error.message });
    return;
  }
  await render();
  window.addEventListener("hashchange", showRule);
  document.body.dataset.ready = "true";
}

main();
