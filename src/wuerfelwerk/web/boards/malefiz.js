// Malefiz in SVG: the field grid with its connections, barricades, rest fields, the
// village and the forest (quick board), the goal, and the houses below the bottom row.
// Drawn from the board data (the game's boards/<name>.json) and the observation.

import { COLOURS, INK, SHAPES, TAP_PX, svg, clickable, keepTappable, seatShape } from "../js/svg.js";
import { winnerRanking } from "../js/view.js";

const CELL = 44;
const PAD = 30;
// A house: as wide as three fields, with room under the figures for its label.
const HOUSE_W = 140;
const HOUSE_H = 54;
// The narrowest phone the boards fit (CSS px): a board wider than that at 24 px a field
// is turned a quarter there (the classic board), its houses in a strip on the left.
const PHONE_PX = 360;
const STRIP = CELL;
const STRIP_TOP = 26;

export const texts = {
  en: {
    "malefiz.red": "Red", "malefiz.green": "Green", "malefiz.yellow": "Yellow", "malefiz.blue": "Blue",
    "malefiz.roll": "{seat} rolls a {n}.",
    "malefiz.die": "The die shows {n}.",
    "malefiz.enter": "{seat} brings a figure out of the house to {to}.",
    "malefiz.move": "{seat} moves {from} → {to}.",
    "malefiz.capture": "{seat} moves {from} → {to} and sends {victim} back.",
    "malefiz.takes": "{seat} moves {from} → {to} and takes the barricade.",
    "malefiz.goal": "{seat} moves {from} → {to}, into the goal!",
    "malefiz.place": "{seat} puts the barricade on {at}.",
    "malefiz.pass": "{seat} cannot move and passes.",
    "malefiz.placeNow": "Put the barricade on a free field (lit up).",
    "malefiz.pickFigure": "Die {n}: choose a figure, then its destination.",
    "malefiz.pickDestination": "Die {n}: now choose where the figure on {at} goes.",
    "malefiz.pickFromHouse": "Die {n}: now choose where the figure from the house goes.",
    "malefiz.legend": "● ▲ ◆ ■ figures · ▦ barricade · ◷ rest field (safe) · village · forest · ★ goal",
    "malefiz.field": "field {name}",
    "malefiz.fieldWith": "field {name}, {what}",
    "malefiz.barricade": "barricade",
    "malefiz.kind.r": "rest field", "malefiz.kind.v": "village", "malefiz.kind.V": "village",
    "malefiz.kind.F": "forest", "malefiz.kind.G": "goal",
    "malefiz.houseOf": "house of {seat}, {n} figures",
    "malefiz.houseLabel": "{mark} {seat} · {n}",
    "malefiz.refuse.steps": "{to} is not exactly {n} steps away (all pips must be used)",
    "malefiz.refuse.jumps": "every way to {to} jumps a barricade",
    "malefiz.refuse.safe": "the figure on rest field {to} is safe",
    "malefiz.refuse.own": "capturing your own figures is off: {to} holds your own figure",
    "malefiz.refuse.bottom": "no barricade on the bottom row ({at})",
    "malefiz.refuse.rest": "no barricade on rest field {at}",
    "malefiz.refuse.goal": "no barricade on the goal or the forest ({at})",
    "malefiz.refuse.taken": "{at} is taken by a figure or a barricade",
    "malefiz.refuse.notYours": "no figure of yours stands on {at}",
    "malefiz.refuse.noneHome": "no figure of yours stands in the house",
  },
  de: {
    "malefiz.red": "Rot", "malefiz.green": "Grün", "malefiz.yellow": "Gelb", "malefiz.blue": "Blau",
    "malefiz.roll": "{seat} würfelt eine {n}.",
    "malefiz.die": "Der Würfel zeigt {n}.",
    "malefiz.enter": "{seat} setzt eine Figur aus dem Haus auf {to}.",
    "malefiz.move": "{seat} zieht {from} → {to}.",
    "malefiz.capture": "{seat} zieht {from} → {to} und schlägt {victim}.",
    "malefiz.takes": "{seat} zieht {from} → {to} und nimmt den Sperrstein.",
    "malefiz.goal": "{seat} zieht {from} → {to}, ins Ziel!",
    "malefiz.place": "{seat} setzt den Sperrstein auf {at}.",
    "malefiz.pass": "{seat} kann nicht ziehen und setzt aus.",
    "malefiz.placeNow": "Setze den Sperrstein auf ein freies Feld (hervorgehoben).",
    "malefiz.pickFigure": "Würfel {n}: wähle eine Figur, dann ihr Ziel.",
    "malefiz.pickDestination": "Würfel {n}: wähle jetzt, wohin die Figur auf {at} zieht.",
    "malefiz.pickFromHouse": "Würfel {n}: wähle jetzt, wohin die Figur aus dem Haus zieht.",
    "malefiz.legend": "● ▲ ◆ ■ Figuren · ▦ Sperrstein · ◷ Ruhefeld (sicher) · Dorf · Wald · ★ Ziel",
    "malefiz.field": "Feld {name}",
    "malefiz.fieldWith": "Feld {name}, {what}",
    "malefiz.barricade": "Sperrstein",
    "malefiz.kind.r": "Ruhefeld", "malefiz.kind.v": "Dorf", "malefiz.kind.V": "Dorf",
    "malefiz.kind.F": "Wald", "malefiz.kind.G": "Ziel",
    "malefiz.houseOf": "Haus von {seat}, {n} Figuren",
    "malefiz.houseLabel": "{mark} {seat} · {n}",
    "malefiz.refuse.steps": "{to} ist nicht genau {n} Schritte entfernt (alle Augen müssen gezogen werden)",
    "malefiz.refuse.jumps": "jeder Weg nach {to} springt über einen Sperrstein",
    "malefiz.refuse.safe": "die Figur auf dem Ruhefeld {to} ist sicher",
    "malefiz.refuse.own": "eigene Figuren schlagen ist ausgeschaltet: auf {to} steht deine eigene Figur",
    "malefiz.refuse.bottom": "kein Sperrstein auf die unterste Reihe ({at})",
    "malefiz.refuse.rest": "kein Sperrstein auf das Ruhefeld {at}",
    "malefiz.refuse.goal": "kein Sperrstein auf das Ziel oder den Wald ({at})",
    "malefiz.refuse.taken": "auf {at} stehen schon eine Figur oder ein Sperrstein",
    "malefiz.refuse.notYours": "auf {at} steht keine Figur von dir",
    "malefiz.refuse.noneHome": "in deinem Haus steht keine Figur mehr",
    // A refusal names its rule: in German these words stand for the engine's English.
    "rule.MAL-1": "2-4 Spieler, jeder mit seinen Figuren im Haus.",
    "rule.MAL-2": "Die Sperrsteine beginnen auf den markierten Feldern.",
    "rule.MAL-3": "Die Figur zieht genau so viele Schritte, wie der Würfel zeigt.",
    "rule.MAL-4": "Der erste Schritt führt auf das Einstiegsfeld vor dem Haus.",
    "rule.MAL-5": "Figuren dürfen übersprungen werden; ihr Feld zählt als Schritt.",
    "rule.MAL-6": "Aussetzen nur, wenn keine Figur ziehen kann.",
    "rule.MAL-7": "Auf jedem Feld steht nur eine Figur; wer sie genau trifft, schlägt sie.",
    "rule.MAL-8": "Sperrsteine dürfen nicht übersprungen werden und kommen auf ein freies Feld außer der untersten Reihe.",
    "rule.MAL-9": "Auf einem besetzten Ruhefeld landet niemand, und kein Sperrstein kommt dorthin.",
    "rule.MAL-10": "Wer im Dorf geschlagen wird, kommt in den Wald.",
    "rule.MAL-11": "Das Ziel wird nur mit genauem Wurf erreicht.",
  },
};

/** The engine's explanations of a refused move, each with its words in every language. */
const REFUSALS = [
  [/^(?<to>[a-q]\d+) is not exactly (?<n>\d) steps away \(all pips must be used\)$/, "malefiz.refuse.steps"],
  [/^every way to (?<to>[a-q]\d+) jumps a barricade$/, "malefiz.refuse.jumps"],
  [/^the figure on rest field (?<to>[a-q]\d+) is safe$/, "malefiz.refuse.safe"],
  [/^capture_own is off: (?<to>[a-q]\d+) holds your own figure$/, "malefiz.refuse.own"],
  [/^no barricade on the bottom row \((?<at>[a-q]\d+)\)$/, "malefiz.refuse.bottom"],
  [/^no barricade on rest field (?<at>[a-q]\d+)$/, "malefiz.refuse.rest"],
  [/^no barricade on the goal or the forest \((?<at>[a-q]\d+)\)$/, "malefiz.refuse.goal"],
  [/^(?<at>[a-q]\d+) is taken by a figure or a barricade$/, "malefiz.refuse.taken"],
  [/^no figure of yours stands on (?<at>[a-q]\d+)$/, "malefiz.refuse.notYours"],
  [/^no figure of yours stands in the house$/, "malefiz.refuse.noneHome"],
];

/** The board's fields from its rows: name, grid position and kind letter. */
function parseBoard(data) {
  const rows = data.rows_top_first;
  const height = rows.length;
  const width = Math.max(...rows.map((r) => r.length));
  const fields = new Map();
  rows.forEach((row, top) => {
    [...row].forEach((kind, x) => {
      if (kind === ".") return;
      const y = height - top;
      fields.set(`${String.fromCharCode(97 + x)}${y}`, { x, y, kind });
    });
  });
  return { width, height, fields };
}

export class MalefizBoard {
  /** ``ctx``: {data (board file), players, t (texts), seatOf(seat) -> {name}} */
  constructor(ctx) {
    this.ctx = ctx;
    this.layout = parseBoard(ctx.data);
    this.houses = ctx.data.houses_for_players[String(ctx.players)].map((h) => ctx.data.houses[h]);
    const { width, height } = this.layout;
    this.w = PAD * 2 + width * CELL;
    this.h = PAD * 2 + height * CELL + HOUSE_H + 14;
    // On a phone, a board too wide to give each field 24 px is turned: the goal to the
    // right, the houses to the left, the columns' letters in the goal row's empty fields.
    this.turned = Boolean(ctx.narrow) && (this.w * TAP_PX) / CELL > PHONE_PX;
    if (this.turned) {
      this.w = STRIP + height * CELL;
      this.h = STRIP_TOP + width * CELL;
    }
    this.refusals = REFUSALS;
    this.element = svg("svg", { viewBox: `0 0 ${this.w} ${this.h}`, class: "board malefiz", role: "group" });
    keepTappable(this.element, CELL);
    this.onKey = () => {};
    this.drawStatic();
    this.dynamic = svg("g", { class: "dynamic" });
    this.element.append(this.dynamic);
  }

  /** Colour, shape and ink of a seat: the legend and the side panel use these too. */
  seatLook(seat) {
    const colour = this.houses[seat].colour;
    return { colour: COLOURS[colour], shape: SHAPES[colour], ink: INK[colour], name: this.ctx.t(`malefiz.${colour}`), mark: String(seat + 1) };
  }

  at(name) {
    const f = this.layout.fields.get(name);
    if (this.turned) return [STRIP + (f.y - 1) * CELL + CELL / 2, STRIP_TOP + f.x * CELL + CELL / 2];
    return [PAD + f.x * CELL + CELL / 2, PAD + (this.layout.height - f.y) * CELL + CELL / 2];
  }

  /** The middle of ``seat``'s house, under its entry field (kept within the board). */
  houseAt(seat) {
    if (this.turned) return [STRIP / 2, STRIP_TOP + this.houses[seat].x * CELL + CELL / 2];
    const x = PAD + this.houses[seat].x * CELL + CELL / 2;
    const half = HOUSE_W / 2 + 6;
    return [Math.min(Math.max(x, half), this.w - half), PAD + this.layout.height * CELL + 10 + HOUSE_H / 2];
  }

  drawStatic() {
    const g = svg("g", { class: "static" });
    const { fields, height } = this.layout;
    g.append(svg("rect", { x: 0, y: 0, width: this.w, height: this.h, rx: 14, class: "board-bg" }));
    // Row numbers and column letters, so fields can be named (and read by screen readers).
    if (this.turned) {
      for (let y = 1; y <= height; y += 1) {
        g.append(svg("text", { x: STRIP + (y - 1) * CELL + CELL / 2, y: STRIP_TOP / 2 + 1, class: "coord" }, String(y)));
      }
      for (let x = 0; x < this.layout.width; x += 1) {
        const letter = String.fromCharCode(97 + x);
        if (fields.has(`${letter}${height}`)) continue; // the goal stands there
        g.append(svg("text", { x: STRIP + (height - 1) * CELL + CELL / 2, y: STRIP_TOP + x * CELL + CELL / 2, class: "coord" }, letter));
      }
    } else {
      for (let y = 1; y <= height; y += 1) {
        g.append(svg("text", { x: 14, y: PAD + (height - y) * CELL + CELL / 2, class: "coord" }, String(y)));
      }
      for (let x = 0; x < this.layout.width; x += 1) {
        g.append(svg("text", { x: PAD + x * CELL + CELL / 2, y: 20, class: "coord" }, String.fromCharCode(97 + x)));
      }
    }
    for (const [name, f] of fields) {
      const [cx, cy] = this.at(name);
      for (const [dx, dy] of [[1, 0], [0, 1]]) {
        const other = `${String.fromCharCode(97 + f.x + dx)}${f.y + dy}`;
        if (fields.has(other)) {
          const [ox, oy] = this.at(other);
          g.append(svg("line", { x1: cx, y1: cy, x2: ox, y2: oy, class: f.kind.toLowerCase() === "v" && fields.get(other).kind.toLowerCase() === "v" ? "path village-path" : "path" }));
        }
      }
    }
    this.fieldEls = new Map();
    for (const [name, f] of fields) {
      const [cx, cy] = this.at(name);
      const cell = svg("g", { class: `field kind-${f.kind}`, "data-key": name });
      // The whole cell takes a tap, not only the drawn field.
      cell.append(svg("rect", { x: cx - CELL / 2, y: cy - CELL / 2, width: CELL, height: CELL, class: "hit" }));
      if (f.kind === "r") {
        cell.append(svg("rect", { x: cx - 16, y: cy - 16, width: 32, height: 32, rx: 7, class: "spot rest" }));
        cell.append(svg("circle", { cx, cy, r: 9, class: "clock" }));
        cell.append(svg("path", { d: `M${cx} ${cy - 6} V${cy} H${cx + 5}`, class: "clock-hand" }));
      } else if (f.kind === "F") {
        cell.append(svg("circle", { cx, cy, r: 19, class: "spot forest" }));
        cell.append(svg("polygon", { points: `${cx},${cy - 13} ${cx + 9},${cy + 5} ${cx - 9},${cy + 5}`, class: "tree" }));
        cell.append(svg("rect", { x: cx - 2, y: cy + 5, width: 4, height: 6, class: "trunk" }));
      } else if (f.kind === "G") {
        cell.append(svg("circle", { cx, cy, r: 19, class: "spot goal" }));
        cell.append(svg("polygon", { points: star(cx, cy, 13, 6), class: "star" }));
      } else {
        cell.append(svg("circle", { cx, cy, r: 14, class: `spot ${f.kind === "v" || f.kind === "V" ? "village" : "plain"}` }));
      }
      g.append(cell);
      this.fieldEls.set(name, cell);
    }
    this.element.append(g);
  }

  /** The places to click for an action, in order; null for actions shown as buttons. */
  keysOf(text) {
    let m = /^(start|[a-z]\d+)-([a-z]\d+)$/.exec(text);
    if (m) return [m[1], m[2]];
    m = /^barricade ([a-z]\d+)$/.exec(text);
    if (m) return [m[1]];
    return null;
  }

  /** The action the clicked places would form, for asking the server why it is refused. */
  compose(keys, observation) {
    const field = (key) => this.layout.fields.has(key);
    if (observation.phase === "place" && keys.length === 1 && field(keys[0])) return `barricade ${keys[0]}`;
    if (observation.phase === "move" && keys.length === 2 && (keys[0] === "start" || field(keys[0])) && field(keys[1])) {
      return `${keys[0]}-${keys[1]}`;
    }
    return null;
  }

  buttonLabel(text) {
    return text === "pass" ? this.ctx.t("table.pass") : text;
  }

  /** What the player on turn is asked to do, in a sentence; ``picked``: the figure chosen. */
  prompt(observation, picked = []) {
    const t = this.ctx.t;
    if (observation.phase === "place") return t("malefiz.placeNow");
    if (observation.phase !== "move") return "";
    if (picked[0] === "start") return t("malefiz.pickFromHouse", { n: observation.die });
    if (picked.length) return t("malefiz.pickDestination", { n: observation.die, at: picked[0] });
    return t("malefiz.pickFigure", { n: observation.die });
  }

  die(observation) {
    return observation.die;
  }

  seatCount(observation) {
    return observation.figures.length;
  }

  /** The result as a ranking, for a table message that carries none. */
  outcome(observation) {
    return winnerRanking(observation.figures.length, observation.winner);
  }

  legend() {
    return this.ctx.t("malefiz.legend");
  }

  /** A log line for ``action`` of ``seat``, taken in ``before``, leading to ``after`` (either may be unknown). */
  describe(action, seat, before, after, next = null) {
    const t = this.ctx.t;
    const who = seat === null || seat < 0 ? "" : this.seatLook(seat).name;
    let m = /^roll (\d)$/.exec(action);
    const roller = next !== null && next >= 0 ? next : after && after.phase === "move" ? after.player : null;
    if (m && roller !== null && roller >= 0) return t("malefiz.roll", { seat: this.seatLook(roller).name, n: m[1] });
    if (m) return t("malefiz.die", { n: m[1] });
    if (action === "pass") return t("malefiz.pass", { seat: who });
    m = /^barricade ([a-z]\d+)$/.exec(action);
    if (m) return t("malefiz.place", { seat: who, at: m[1] });
    m = /^(start|[a-z]\d+)-([a-z]\d+)$/.exec(action);
    if (!m) return `${who}: ${action}`;
    const [, from, to] = m;
    if (from === "start") return t("malefiz.enter", { seat: who, to });
    const kind = this.layout.fields.get(to)?.kind;
    if (kind === "G") return t("malefiz.goal", { seat: who, from, to });
    if (before) {
      if (before.barricades.includes(to)) return t("malefiz.takes", { seat: who, from, to });
      const victim = kind === "F" ? -1 : before.figures.findIndex((fs) => fs.includes(to));
      if (victim >= 0) return t("malefiz.capture", { seat: who, from, to, victim: this.seatLook(victim).name });
    }
    return t("malefiz.move", { seat: who, from, to });
  }

  /** Draw the position; ``targets`` light up, ``picked`` is the place chosen so far. */
  update(observation, { targets = new Set(), picked = [], actor = null } = {}) {
    const t = this.ctx.t;
    const layer = svg("g", { class: "dynamic" });
    for (const name of observation.barricades) {
      const [cx, cy] = this.at(name);
      layer.append(svg("rect", { x: cx - 13, y: cy - 13, width: 26, height: 26, rx: 4, class: "barricade" }));
      layer.append(svg("path", { d: `M${cx - 9} ${cy - 4} H${cx + 9} M${cx - 9} ${cy + 4} H${cx + 9}`, class: "barricade-lines" }));
    }
    const forestCount = new Map();
    observation.figures.forEach((figures, seat) => {
      for (const name of figures) {
        if (name === "start") continue;
        const f = this.layout.fields.get(name);
        if (f && f.kind === "F") {
          const n = forestCount.get(seat) ?? 0;
          forestCount.set(seat, n + 1);
          const [cx, cy] = this.at(name);
          const angle = (Math.PI / 2) * seat + 0.6 * n;
          layer.append(this.figure(seat, cx + Math.cos(angle) * 24, cy + Math.sin(angle) * 24, 9));
        } else {
          const [cx, cy] = this.at(name);
          layer.append(this.figure(seat, cx, cy, 16));
        }
      }
    });
    observation.figures.forEach((figures, seat) => {
      const home = figures.filter((f) => f === "start").length;
      const [hx, hy] = this.houseAt(seat);
      const look = this.seatLook(seat);
      const house = svg("g", { class: "house", "data-key": seat === actor ? "start" : `house-${seat}` });
      if (this.turned) {
        // A narrow house in the strip: the figures one above the other.
        const tall = 3 * CELL - 10;
        house.append(svg("rect", { x: hx - STRIP / 2, y: hy - tall / 2, width: STRIP, height: tall, class: "hit" }));
        house.append(svg("rect", { x: hx - STRIP / 2 + 3, y: hy - tall / 2, width: STRIP - 6, height: tall, rx: 8, class: "house-box", stroke: look.colour }));
        for (let i = 0; i < home; i += 1) {
          house.append(seatShape(look.shape, hx, hy - 48 + i * 24, 8, { fill: look.colour, class: "figure-shape" }));
        }
      } else {
        house.append(svg("rect", { x: hx - HOUSE_W / 2, y: hy - HOUSE_H / 2, width: HOUSE_W, height: HOUSE_H, rx: 9, class: "house-box", stroke: look.colour }));
        for (let i = 0; i < home; i += 1) {
          house.append(seatShape(look.shape, hx - 48 + i * 24, hy - 12, 8, { fill: look.colour, class: "figure-shape" }));
        }
        house.append(svg("text", { x: hx, y: hy + 14, class: "house-label" }, t("malefiz.houseLabel", { mark: look.mark, seat: look.name, n: home })));
      }
      house.setAttribute("aria-label", t("malefiz.houseOf", { seat: look.name, n: home }));
      layer.append(house);
    });
    this.dynamic.replaceWith(layer);
    this.dynamic = layer;
    this.mark(targets, picked, actor);
    this.nameFields(observation);
  }

  /** Each field's name for a screen reader, with what is on it: "field g5, barricade". */
  nameFields(observation) {
    const t = this.ctx.t;
    const on = new Map();
    const add = (name, what) => on.set(name, [...(on.get(name) ?? []), what]);
    for (const name of observation.barricades) add(name, t("malefiz.barricade"));
    observation.figures.forEach((figures, seat) => {
      for (const name of figures) if (name !== "start") add(name, this.seatLook(seat).name);
    });
    for (const [name, el] of this.fieldEls) {
      const kind = this.layout.fields.get(name).kind;
      const what = [...(on.get(name) ?? []), ...("rvVFG".includes(kind) ? [t(`malefiz.kind.${kind}`)] : [])];
      el.setAttribute("aria-label", what.length ? t("malefiz.fieldWith", { name, what: what.join(", ") }) : t("malefiz.field", { name }));
    }
  }

  figure(seat, cx, cy, r) {
    const look = this.seatLook(seat);
    const g = svg("g", { class: "figure" });
    g.append(seatShape(look.shape, cx, cy, r, { fill: look.colour, class: "figure-shape" }));
    if (r > 10) g.append(svg("text", { x: cx, y: cy + 1, class: "figure-mark", fill: look.ink }, look.mark));
    return g;
  }

  /** Light up the targets and make every field and the house clickable by mouse and keyboard. */
  mark(targets, picked, actor) {
    const t = this.ctx.t;
    const press = (key) => () => this.onKey(key);
    for (const [name, el] of this.fieldEls) {
      el.classList.toggle("target", targets.has(name));
      el.classList.toggle("picked", picked.includes(name));
      if (!el.classList.contains("clickable")) clickable(el, t("malefiz.field", { name }), press(name));
      el.setAttribute("tabindex", targets.has(name) || picked.includes(name) ? "0" : "-1");
    }
    for (const house of this.dynamic.querySelectorAll(".house")) {
      const key = house.dataset.key;
      clickable(house, house.getAttribute("aria-label"), press(key));
      house.classList.toggle("target", targets.has(key));
      house.classList.toggle("picked", picked.includes(key));
      house.setAttribute("tabindex", targets.has(key) || picked.includes(key) ? "0" : "-1");
    }
  }
}

function star(cx, cy, outer, inner) {
  const pts = [];
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 ? inner : outer;
    const a = -Math.PI / 2 + (Math.PI / 5) * i;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** The board file of the table's board (a copy of games/malefiz/boards/<name>.json). */
export async function boardData(table) {
  const response = await fetch(new URL(`data/malefiz/${table.options.board}.json`, import.meta.url));
  return response.json();
}

export function createBoard(ctx) {
  return new MalefizBoard(ctx);
}
