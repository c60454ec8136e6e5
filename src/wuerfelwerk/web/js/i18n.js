// German and English. The language comes from the browser unless the player picked one
// with the switch (kept in localStorage). The words are in texts.js (the site),
// game-texts.js (games, options, endings), online-texts.js (online play) and each board
// module's ``texts``.

import { GAME_TEXTS } from "./game-texts.js";
import { ONLINE_TEXTS } from "./online-texts.js";
import { TEXTS } from "./texts.js";

export const LANGUAGES = ["en", "de"];

const extra = { en: {}, de: {} };

/** Board modules add their own words (colours, actions) with this. */
export function addTexts(texts) {
  for (const lang of LANGUAGES) Object.assign(extra[lang], texts[lang] || {});
}

/** Every text of ``lang`` this page knows (the site's, the games' and its board's). */
export function catalogue(lang) {
  return { ...TEXTS[lang], ...ONLINE_TEXTS[lang], ...GAME_TEXTS[lang], ...extra[lang] };
}

export function language() {
  const chosen = localStorage.getItem("wuerfelwerk.lang");
  if (LANGUAGES.includes(chosen)) return chosen;
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  for (const tag of wanted) {
    const base = String(tag).toLowerCase().slice(0, 2);
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

function lookup(lang, key) {
  return extra[lang][key] ?? GAME_TEXTS[lang][key] ?? ONLINE_TEXTS[lang][key] ?? TEXTS[lang][key];
}

/** The text for ``key`` in the current language with ``{name}`` places filled in
 * (``fallback`` where no language has the key). */
export function t(key, values = {}, fallback = key) {
  const text = lookup(language(), key) ?? lookup("en", key) ?? fallback;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : `{${name}}`));
}

/** Like ``t``, as a list of strings and nodes: a value may be an element (a link). */
export function tNodes(key, values = {}) {
  const text = lookup(language(), key) ?? lookup("en", key) ?? key;
  return text.split(/(\{\w+\})/).filter(Boolean).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name === undefined || !(name in values)) return part;
    return values[name] instanceof Node ? values[name] : String(values[name]);
  });
}

/** ``n`` as an ordinal: 1st, 2nd, 3rd, 4th in English; 1., 2. in German. */
export function ordinal(n) {
  const form = new Intl.PluralRules(language(), { type: "ordinal" }).select(n);
  return t(`ordinal.${form}`, { n }, `${n}.`);
}

export function gameTitle(game) {
  return t(`game.${game}`, {}, game);
}

export function optionLabel(game, name) {
  return t(`option.${game}.${name}`, {}, t(`option.${name}`, {}, name.replaceAll("_", " ")));
}

/** The option's explanation; ``help`` (the engine's own words) where the catalogue has none. */
export function optionHelp(game, name, help) {
  return t(`help.${game}.${name}`, {}, help);
}

export function choiceLabel(game, name, value) {
  return typeof value === "number" ? String(value) : t(`choice.${game}.${name}.${value}`, {}, String(value));
}

/** Why the server refused, in this language: its ``code``'s words where the catalogue has
 * them, else the server's ``message``. */
export function refusal(code, message) {
  return t(`error.${code}`, {}, message || code);
}

export function terminationText(why) {
  return t(`termination.${why}`, {}, why);
}

/** Fill every element carrying data-i18n (its text), data-i18n-label (aria-label) or
 * data-i18n-placeholder. */
export function applyTexts(root = document) {
  document.documentElement.lang = language();
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
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
