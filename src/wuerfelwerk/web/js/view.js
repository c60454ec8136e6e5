// Pieces of the table page shared with the replay page: seats, log lines, results.

import { ordinal, t, terminationText, tNodes } from "./i18n.js";
import { ruleLink } from "./rule-links.js";
import { el } from "./dom.js";
import { seatShape, svg } from "./svg.js";

/** A small SVG of a seat's shape in its colour (colour-blind players see the shape). */
export function seatBadge(look) {
  const badge = svg("svg", { viewBox: "0 0 24 24", width: 22, height: 22, class: "seat-badge", "aria-hidden": "true" });
  badge.append(seatShape(look.shape, 12, 12, 8, { fill: look.colour, stroke: "#222", "stroke-width": 1.5 }));
  badge.append(svg("text", { x: 12, y: 13, class: "badge-mark", fill: look.ink }, look.mark));
  return badge;
}

/** The seats: shape, colour name, who plays it, and whose turn it is; ``standIns``: the
 * people's seats a bot plays for good since their time ran out. */
export function seatList(list, board, table, mine, obs, standIns = []) {
  const specs = ((table && table.seats) || []).map((s) => s.player);
  list.replaceChildren();
  for (let seat = 0; seat < board.seatCount(obs); seat += 1) {
    const look = board.seatLook(seat);
    const item = document.createElement("li");
    item.className = "seat";
    item.dataset.seat = String(seat);
    if (obs.current_player === seat || (obs.active_players || []).includes(seat)) item.classList.add("to-move");
    item.append(seatBadge(look));
    const name = document.createElement("span");
    const spec = typeof specs[seat] === "string" ? specs[seat] : "";
    const bot = spec.replace(/^bot:(bot:)?/, "");
    const who = spec.startsWith("bot:") ? t("seat.bot", { level: t(`level.${bot}`, {}, bot) }) : null;
    const you = mine.includes(seat);
    if (who) name.textContent = t(you ? "seat.whoMine" : "seat.who", { name: look.name, who });
    else name.textContent = you ? t("seat.mine", { name: look.name }) : look.name;
    item.append(name);
    if (standIns.includes(seat)) {
      item.classList.add("stand-in");
      item.append(el("span", { class: "stand-in-badge", text: t("seat.standIn") }));
    }
    list.append(item);
  }
}

/** A log entry as a list item in words. Entries are text or {seat, action, words}. */
export function logLine(entry, board) {
  const item = document.createElement("li");
  if (typeof entry === "string") item.textContent = entry;
  else item.textContent = entry.words || board.describe(entry.action, entry.seat ?? null, entry.before ?? null);
  return item;
}

/** Show ``text`` (a string, or strings and nodes) in ``element`` with a short highlight. */
export function showMessage(element, text) {
  element.replaceChildren(...(Array.isArray(text) ? text : [text]));
  element.classList.remove("flash");
  void element.offsetWidth; // restart the highlight animation
  element.classList.add("flash");
}

/**
 * A refusal that names a rule, the rule number a link to it on the rules page, and why:
 * the engine's explanation in this language (a board's ``refusals`` give each of its
 * explanations words in every language: a pattern, the words' key and, if the places
 * need words too, a function from the pattern's places to the words'), else the rule's
 * gist, else the engine's words.
 */
export function ruleRefusal(game, rule, message, board = null) {
  for (const [pattern, key, words = (places) => places] of board?.refusals ?? []) {
    const match = pattern.exec(message);
    if (match) return tNodes("table.illegal", { code: ruleLink(game, rule), message: t(key, words(match.groups ?? {})) });
  }
  return tNodes("table.illegal", { code: ruleLink(game, rule), message: t(`rule.${rule}`, {}, message) });
}

/**
 * A live region for screen readers: each new line of the log (the last few of a burst)
 * and the status when it changes (whose turn it is) are said once.
 */
export class Announcer {
  constructor(region) {
    this.region = region;
    this.said = null; // the keys of the log lines said (or there before the page came)
    this.status = null;
  }

  /** Say what is new in ``lines`` ({key, words}) and ``status``. */
  say(lines, status) {
    const fresh = this.said === null ? [] : lines.filter((line) => !this.said.has(line.key));
    this.said = new Set(lines.map((line) => line.key));
    const words = fresh.slice(-3).map((line) => line.words);
    if (status && status !== this.status) words.push(status);
    this.status = status;
    if (words.length) this.region.replaceChildren(...words.map((text) => el("p", { text })));
  }

  /** Take what comes next as known (the same log in another language). */
  hush() {
    this.said = null;
    this.status = null;
  }
}

/** The headline and the places of a finished game, from the outcome or the observation. */
export function resultLines(message, board) {
  const outcome = message.outcome || board.outcome?.(message.observation) || null;
  const places = [];
  let headline = t("table.over");
  if (outcome && outcome.ranking) {
    const groups = outcome.ranking;
    // The server names the winners: every seat may win together (Wurf & Weg), which is
    // no draw. A board's own outcome has a ranking only, where one group is a draw.
    const winners = outcome.winners ?? (groups.length === 1 && groups[0].length > 1 ? [] : groups[0]);
    const names = winners.map((s) => board.seatLook(s).name).join(", ");
    if (!winners.length) headline = t("table.draw");
    else headline = t(winners.length > 1 ? "table.winners" : "table.winner", { seats: names });
    let place = 1;
    for (const group of groups) {
      const item = document.createElement("li");
      item.textContent = t("result.placeLine", { place: ordinal(place), seats: group.map((s) => board.seatLook(s).name).join(", ") });
      item.value = place;
      places.push(item);
      place += group.length;
    }
    if (outcome.termination) headline = t("table.endedBy", { result: headline, why: terminationText(outcome.termination) });
  }
  return { headline, places };
}

/** The ranking of a game that names one winner (null: a draw of all seats). */
export function winnerRanking(seats, winner) {
  const all = Array.from({ length: seats }, (_, seat) => seat);
  if (winner === null || winner === undefined) return { ranking: [all] };
  return { ranking: [[winner], all.filter((seat) => seat !== winner)] };
}
