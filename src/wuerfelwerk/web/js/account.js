// Who plays here: the name kept by the server's signed cookie, chosen or signed in to
// with a small form (name, optional password), and the links to profile and leaderboard.

import { request } from "./api.js";
import { el } from "./dom.js";
import { refusal, t } from "./i18n.js";

// The answer of GET /api/session, asked once and kept up to date by every change.
let session = null;

export const accounts = {
  /** The player of this browser, ``{name, has_password}``, or null. */
  me: async () => (await (session ??= request("GET", "/api/session"))).player,
  create: (name, password) => request("POST", "/api/players", password ? { name, password } : { name }),
  signIn: (name, password) => request("POST", "/api/session", { name, password }),
  signOut: () => request("DELETE", "/api/session"),
  setPassword: (password) => request("PUT", "/api/session/password", { password }),
  /** Delete this browser's name for good (its password, if it has one). */
  deleteName: async (password) => remember(await request("DELETE", "/api/session/player", password ? { password } : {})),
  profile: (name) => request("GET", `/api/players/${encodeURIComponent(name)}`),
  leaderboard: (game) => request("GET", `/api/leaderboard/${encodeURIComponent(game)}`),
};

function remember(answer) {
  session = Promise.resolve(answer);
  return answer.player;
}

export function profileUrl(name) {
  const url = new URL("profile.html", location.href);
  url.search = name ? `?name=${encodeURIComponent(name)}` : "";
  url.hash = "";
  return url.href;
}

export function leaderboardUrl(game) {
  const url = new URL("leaderboard.html", location.href);
  url.search = game ? `?game=${encodeURIComponent(game)}` : "";
  url.hash = "";
  return url.href;
}

/**
 * Draw into ``box`` who plays here: the name with links and "sign out", or the form to
 * keep a name or sign in. ``onChange(player)`` hears of every change.
 */
export async function accountBox(box, onChange = () => {}) {
  const player = await accounts.me().catch(() => null);
  box.replaceChildren();
  box.dataset.player = player ? player.name : "";
  if (player) {
    const signOut = el("button", { type: "button", id: "sign-out", text: t("account.signOut") });
    signOut.addEventListener("click", async () => {
      remember(await accounts.signOut());
      await accountBox(box, onChange);
      onChange(null);
    });
    box.append(
      el("p", { id: "playing-as", text: t("account.playingAs", { name: player.name }) }),
      el("p", { class: "account-links" },
        el("a", { class: "button", id: "my-profile", href: profileUrl(player.name), text: t("account.profile") }),
        el("a", { class: "button", href: leaderboardUrl(), text: t("account.leaderboard") }),
        signOut),
    );
    return player;
  }
  box.append(nameForm(async (chosen) => {
    await accountBox(box, onChange);
    onChange(chosen);
  }));
  box.append(el("p", { class: "account-links" }, el("a", { href: leaderboardUrl(), text: t("account.leaderboard") })));
  return null;
}

/** The form to keep a new name (with an optional password) or sign in to one. */
export function nameForm(onDone) {
  const name = el("input", { id: "player-name", name: "name", type: "text", required: true, minlength: "2", maxlength: "24", autocomplete: "username" });
  const password = el("input", { id: "player-password", name: "password", type: "password", maxlength: "200", autocomplete: "current-password" });
  const error = el("p", { class: "error", role: "alert", id: "account-error" });
  const keep = el("button", { type: "submit", class: "primary", id: "keep-name", text: t("account.keep") });
  const signIn = el("button", { type: "button", id: "sign-in", text: t("account.signIn") });
  const form = el("form", { class: "name-form" },
    el("div", { class: "field-row" }, el("label", { for: "player-name", text: t("account.name") }), name),
    el("div", { class: "field-row" }, el("label", { for: "player-password", text: t("account.password") }), password),
    el("p", { class: "help", text: t("account.help") }),
    el("p", { class: "account-buttons" }, keep, signIn),
    error);
  const run = async (how) => {
    error.textContent = "";
    try {
      onDone(remember(await how(name.value, password.value)));
    } catch (problem) {
      error.textContent = refusal(problem.code, problem.message);
    }
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run(accounts.create);
  });
  signIn.addEventListener("click", () => {
    if (form.reportValidity()) run(accounts.signIn);
  });
  return form;
}
