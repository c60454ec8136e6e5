// Rule numbers as links to the rules page (which opens in a tab of its own, so a game
// in progress stays where it is).

import { rulesUrl } from "./api.js";

const RULE = /\b[A-Z]{3}-\d+\b/g;

export function ruleLink(game, rule) {
  const link = document.createElement("a");
  link.href = rulesUrl(game, rule);
  link.target = "_blank";
  link.rel = "noopener";
  link.textContent = rule;
  return link;
}

/** ``text`` as strings and links, every rule number in it (``MAL-7``) a link to its rule. */
export function withRuleLinks(text, game) {
  const parts = [];
  let at = 0;
  for (const match of text.matchAll(RULE)) {
    parts.push(text.slice(at, match.index), ruleLink(game, match[0]));
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return parts.filter((part) => part !== "");
}
