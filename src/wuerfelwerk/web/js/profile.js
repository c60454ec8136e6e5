// A player's profile (/profile.html?name=NAME; without a name: this browser's player):
// rating and games per game, the latest results; for one's own name, the name's settings.

import { accountBox, accounts, profileUrl } from "./account.js";
import { el } from "./dom.js";
import { applyTexts, gameTitle, installSwitch, refusal, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

function cell(text, number = false) {
  return el("td", { class: number ? "number" : null, text: String(text) });
}

function when(iso) {
  return new Date(iso).toLocaleDateString(document.documentElement.lang);
}

async function show(name) {
  $("status").textContent = "";
  if (!name) {
    $("name").textContent = t("profile.title");
    $("since").textContent = t("profile.nobody");
    $("recent").replaceChildren();
    return;
  }
  try {
    const profile = await accounts.profile(name);
    $("name").textContent = profile.name;
    document.title = t("profile.pageTitle", { name: profile.name });
    $("since").textContent = t("profile.since", { when: when(profile.since) });
    $("standings").hidden = !profile.games.length;
    $("standings").querySelector("tbody").replaceChildren(
      ...profile.games.map((game) =>
        el("tr", { "data-game": game.game },
          cell(gameTitle(game.game)),
          cell(game.rating === null ? "–" : `${game.rating}${game.provisional ? "?" : ""}`, true),
          cell(game.rated_games, true),
          cell(game.games, true),
          cell(game.wins, true)),
      ),
    );
    const recent = profile.recent.map((result) => {
      const parts = {
        game: gameTitle(result.game),
        when: when(result.finished_at),
        place: t("profile.place", { place: result.place, seats: result.seats }),
        before: result.rating_before,
        after: result.rating_after,
      };
      const words = t(result.rated ? "profile.ratedResult" : "profile.result", parts);
      return el("li", {}, el("a", { href: `replay.html?id=${encodeURIComponent(result.table)}`, text: words }));
    });
    $("recent").replaceChildren(...(recent.length ? recent : [el("li", { text: t("profile.none") })]));
  } catch (error) {
    $("name").textContent = name;
    $("status").textContent = error.status === 404 ? t("profile.unknown") : refusal(error.code, error.message);
  }
}

/** One's own profile: the name's settings (sign out, a password). */
async function showMine(name) {
  const me = await accountBox($("account"), (player) => {
    location.href = profileUrl(player ? player.name : "");
  });
  $("mine").hidden = Boolean(name && me && me.name.toLowerCase() !== name.toLowerCase());
  $("password-form").hidden = !me;
  $("own-data").hidden = !me;
  const password = $("delete-password");
  password.hidden = password.labels[0].hidden = !me?.has_password;
  password.required = Boolean(me?.has_password);
  return me;
}

async function main() {
  applyTexts();
  const asked = new URLSearchParams(location.search).get("name");
  const me = await showMine(asked);
  const name = asked || me?.name || "";
  installSwitch($("lang"), () => {
    show(name);
    showMine(asked);
  });
  $("password-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await accounts.setPassword($("new-password").value);
      $("new-password").value = "";
      $("password-status").textContent = t("account.passwordSaved");
    } catch (error) {
      $("password-status").textContent = refusal(error.code, error.message);
    }
  });
  $("delete-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const player = await accounts.me().catch(() => null);
    if (!player || !confirm(t("account.deleteConfirm", { name: player.name }))) return;
    try {
      await accounts.deleteName($("delete-password").value);
      history.replaceState(null, "", profileUrl(""));
      await showMine(null);
      await show("");
      $("password-status").textContent = t("account.deleted");
    } catch (error) {
      $("delete-status").textContent = refusal(error.code, error.message);
    }
  });
  await show(name);
  document.body.dataset.ready = "true";
}

main();
