// The lobby's "Time and rating": a turn clock (none, per move, a time bank, or
// correspondence in days), what happens when it runs out, and whether the game is rated.

import { el } from "./dom.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const DAY = 86400;

function number(id, value, min, step = "1") {
  return el("input", { id, type: "number", min: String(min), step, value: String(value) });
}

function row(id, label, input, help = null) {
  const parts = [el("label", { for: id, text: t(label) }), input];
  if (help) {
    parts.push(el("p", { class: "help", id: `${id}-help`, text: t(help) }));
    input.setAttribute("aria-describedby", `${id}-help`);
  }
  return el("div", { class: "field-row", "data-for": id }, ...parts);
}

/** Draw the fields for ``game`` (its levels; no clock in real time) into ``box``. */
export function renderTimeControl(box, game) {
  const old = $("clock-kind")?.value;
  const kind = el("select", { id: "clock-kind" });
  const kinds = game.simultaneous ? ["none"] : ["none", "move", "bank", "correspondence"];
  for (const k of kinds) kind.append(el("option", { value: k, text: t(`clock.${k}`) }));
  kind.value = kinds.includes(old) ? old : "none";
  const timeout = el("select", { id: "clock-timeout" },
    el("option", { value: "move", text: t("clock.timeoutMove") }),
    el("option", { value: "hand_over", text: t("clock.timeoutHand") }));
  const level = el("select", { id: "clock-level" });
  for (const name of game.levels || []) level.append(el("option", { value: name, text: t(`level.${name}`, {}, name) }));
  const rated = el("input", { id: "rated", type: "checkbox" });
  box.replaceChildren(
    el("legend", { text: t("clock.legend") }),
    row("clock-kind", "clock.kind", kind, "clock.help"),
    row("clock-seconds", "clock.seconds", number("clock-seconds", 60, 1)),
    row("clock-minutes", "clock.minutes", number("clock-minutes", 10, 1)),
    row("clock-increment", "clock.increment", number("clock-increment", 10, 0)),
    row("clock-days", "clock.days", number("clock-days", 3, 1)),
    row("clock-timeout", "clock.onTimeout", timeout),
    row("clock-level", "clock.level", level),
    row("rated", "rated.label", rated, "rated.help"),
  );
  const sync = () => {
    const chosen = kind.value;
    const shown = { move: ["clock-seconds"], bank: ["clock-minutes", "clock-increment"], correspondence: ["clock-days"] }[chosen] || [];
    for (const id of ["clock-seconds", "clock-minutes", "clock-increment", "clock-days"]) box.querySelector(`[data-for="${id}"]`).hidden = !shown.includes(id);
    for (const id of ["clock-timeout", "clock-level"]) box.querySelector(`[data-for="${id}"]`).hidden = chosen === "none";
    $("clock-kind-help").hidden = chosen === "none";
  };
  kind.addEventListener("change", sync);
  sync();
}

/** The ``clock`` of POST /api/tables, or null for none. */
export function clockRequest() {
  const kind = $("clock-kind").value;
  const value = (id) => Number.parseFloat($(id).value);
  const rest = { on_timeout: $("clock-timeout").value, level: $("clock-level").value };
  if (kind === "move") return { kind: "move", seconds: value("clock-seconds"), ...rest };
  if (kind === "correspondence") return { kind: "move", seconds: value("clock-days") * DAY, ...rest };
  if (kind === "bank") return { kind: "bank", seconds: value("clock-minutes") * 60, increment: value("clock-increment"), ...rest };
  return null;
}

export function ratedRequest() {
  return $("rated").checked;
}
