// Mojave (Würfel Strategie) in SVG: the 15-column grid, every die with its top value in
// pips, its full orientation on hover or focus, and the dice caught in Zugzwang marked.
// The board is only its size (15 columns, ``rows`` from the observation): no data file.

import { dieFace } from "../js/dice.js";
import { svg, clickable, keepTappable } from "../js/svg.js";
import { winnerRanking } from "../js/view.js";

const CELL = 42;
// The 15 columns of 24 px fill a phone 360 px wide: the column letters go above, the row
// numbers into the corner of the first column's fields (as chess boards write them).
const LEFT = 0;
const TOP = 24;
const RIM = 0;
const COLS = 15;
const LOOKS = [
  { colour: "#d55e00", shape: "circle", ink: "#fff", key: "red" },
  { colour: "#1b1b1b", shape: "square", ink: "#fff", key: "black" },
];

export const texts = {
  en: {
    "mojave.red": "Red", "mojave.black": "Black",
    "mojave.move": "{seat} tips {from} → {to}.",
    "mojave.moveVia": "{seat} tips {from} → {to} (turning on {via}).",
    "mojave.thrown": "{move} {n} dice leave the board.",
    "mojave.thrownOne": "{move} One die leaves the board.",
    "mojave.pass": "{seat} cannot move and passes.",
    "mojave.pick": "Choose where the die tips to: exactly {n} steps.",
    "mojave.pickAny": "Choose one of your dice (lit), then its destination.",
    "mojave.zugzwang": "Zugzwang (MOJ-7): bring another die next to an attacker, or move an attacked die away, to a field next to none of its attackers.",
    "mojave.corner": "Two ways lead there: click the corner to turn on.",
    "mojave.legend": "● red dice · ■ black dice · pips: the top face · touch, point at or pick a die to see its north (N) and east (E) faces · ⚠ Zugzwang",
    "mojave.refuse.length": "the die on {at} shows {top}: it tips exactly {top}, not {n}",
    "mojave.refuse.crosses": "{move} crosses the die on {at}: never onto or over a die",
    "mojave.refuse.endsOn": "{move} ends on the die on {at}: never onto or over a die",
    "mojave.refuse.noAnswer": "{move} is no answer: in Zugzwang: {list}; move one of these away from its attackers or bring another die next to an attacker",
    "mojave.refuse.noPassZugzwang": "no pass: in Zugzwang: {list}; move one of these away from its attackers or bring another die next to an attacker",
    "mojave.refuse.noPass": "no pass while a die of yours can move",
    "mojave.refuse.notYours": "no die of yours stands on {at}",
    "mojave.attackers": "attackers",
    "mojave.north": "N", "mojave.east": "E",
    "mojave.field": "field {name}",
    "mojave.die": "{seat} die on {name}: top {top}, north {north}, east {east}",
  },
  de: {
    "mojave.red": "Rot", "mojave.black": "Schwarz",
    "mojave.move": "{seat} kippt {from} → {to}.",
    "mojave.moveVia": "{seat} kippt {from} → {to} (Wende auf {via}).",
    "mojave.thrown": "{move} {n} Würfel verlassen das Brett.",
    "mojave.thrownOne": "{move} Ein Würfel verlässt das Brett.",
    "mojave.pass": "{seat} kann nicht ziehen und passt.",
    "mojave.pick": "Wähle, wohin der Würfel kippt: genau {n} Schritte.",
    "mojave.pickAny": "Wähle einen deiner Würfel (hervorgehoben), dann sein Ziel.",
    "mojave.zugzwang": "Zugzwang (MOJ-7): stelle einen anderen Würfel neben einen Angreifer, oder ziehe einen angegriffenen Würfel weg, auf ein Feld neben keinem seiner Angreifer.",
    "mojave.corner": "Zwei Wege führen hin: klicke das Eckfeld, auf dem er wendet.",
    "mojave.legend": "● rote Würfel · ■ schwarze Würfel · Augen: die obere Seite · ein Würfel, den du antippst, auf den du zeigst oder den du wählst, zeigt seine Nord- (N) und Ostseite (O) · ⚠ Zugzwang",
    "mojave.refuse.length": "der Würfel auf {at} zeigt {top}: er kippt genau um {top}, nicht um {n}",
    "mojave.refuse.crosses": "{move} kippt über den Würfel auf {at}: nie auf oder über einen Würfel",
    "mojave.refuse.endsOn": "{move} endet auf dem Würfel auf {at}: nie auf oder über einen Würfel",
    "mojave.refuse.noAnswer": "{move} ist keine Antwort: Zugzwang: {list}; ziehe einen davon von seinen Angreifern weg oder stelle einen anderen Würfel neben einen Angreifer",
    "mojave.refuse.noPassZugzwang": "kein Aussetzen: Zugzwang: {list}; ziehe einen davon von seinen Angreifern weg oder stelle einen anderen Würfel neben einen Angreifer",
    "mojave.refuse.noPass": "kein Aussetzen, solange einer deiner Würfel ziehen kann",
    "mojave.refuse.notYours": "auf {at} steht kein Würfel von dir",
    "mojave.attackers": "Angreifer",
    "mojave.north": "N", "mojave.east": "O",
    "mojave.field": "Feld {name}",
    "mojave.die": "Würfel von {seat} auf {name}: oben {top}, Norden {north}, Osten {east}",
    // A refusal names its rule: in German these words stand for the engine's English.
    "rule.MOJ-1": "Jeder Spieler baut auf der dritten und vierten Reihe auf.",
    "rule.MOJ-2": "Es wird abwechselnd gezogen; ein Würfel kippt genau so viele Felder, wie er oben zeigt.",
    "rule.MOJ-3": "Nie diagonal, höchstens einmal abbiegen, nie umkehren, nie vom Spielfeld.",
    "rule.MOJ-4": "Kein Würfel zieht auf oder über einen anderen.",
    "rule.MOJ-5": "Neben einem gegnerischen Würfel entscheidet die höhere Augenzahl.",
    "rule.MOJ-6": "Stärke zählt zusammen: mehrere Würfel neben einem Gegner addieren sich, und zwei oder drei Gegner neben dem gezogenen Würfel verteidigen gemeinsam.",
    "rule.MOJ-7": "Im Zugzwang: einen anderen Würfel neben einen Angreifer ziehen oder einen angegriffenen wegziehen, auf ein Feld neben keinem seiner Angreifer.",
    "rule.MOJ-8": "Wer keine Würfel mehr hat, verliert.",
  },
};

const ZUGZWANG = "in Zugzwang: (?<list>.+); move one of these away from its attackers or bring another die next to an attacker";

export class MojaveBoard {
  constructor(ctx) {
    this.ctx = ctx;
    this.rows = ctx.options.rows;
    this.w = LEFT + COLS * CELL + RIM;
    this.h = TOP + this.rows * CELL + RIM;
    this.element = svg("svg", { viewBox: `0 0 ${this.w} ${this.h}`, class: "board mojave", role: "group" });
    keepTappable(this.element, CELL);
    this.onKey = () => {};
    this.cells = new Map();
    this.drawStatic();
    // The engine's explanations of a refused move, each with its words in every language.
    const inWords = (groups) => ({ ...groups, list: groups.list?.replaceAll("attackers", this.ctx.t("mojave.attackers")) });
    this.refusals = [
      [/^the die on (?<at>[a-o]\d+) shows (?<top>\d): it tips exactly \d, not (?<n>\d)$/, "mojave.refuse.length"],
      [/^(?<move>\S+) crosses the die on (?<at>[a-o]\d+): never onto or over a die$/, "mojave.refuse.crosses"],
      [/^(?<move>\S+) ends on the die on (?<at>[a-o]\d+): never onto or over a die$/, "mojave.refuse.endsOn"],
      [new RegExp(`^(?<move>\\S+) is no answer: ${ZUGZWANG}$`), "mojave.refuse.noAnswer", inWords],
      [new RegExp(`^no pass: ${ZUGZWANG}$`), "mojave.refuse.noPassZugzwang", inWords],
      [/^no pass while a die of yours can move$/, "mojave.refuse.noPass"],
      [/^no die of yours stands on (?<at>[a-o]\d+)$/, "mojave.refuse.notYours"],
    ];
  }

  at(name) {
    const x = name.charCodeAt(0) - 97;
    const y = Number(name.slice(1));
    return [LEFT + x * CELL, TOP + (this.rows - y) * CELL];
  }

  drawStatic() {
    const t = this.ctx.t;
    const g = this.element;
    g.append(svg("rect", { x: 0, y: 0, width: this.w, height: this.h, class: "board-bg" }));
    for (let x = 0; x < COLS; x += 1) {
      g.append(svg("text", { x: LEFT + x * CELL + CELL / 2, y: TOP / 2, class: "coord" }, String.fromCharCode(97 + x)));
    }
    const numbers = svg("g", { class: "row-numbers" });
    for (let y = 1; y <= this.rows; y += 1) {
      numbers.append(svg("text", { x: LEFT + 1, y: TOP + (this.rows - y + 1) * CELL - 1, class: "coord row-number" }, String(y)));
      for (let x = 0; x < COLS; x += 1) {
        const name = `${String.fromCharCode(97 + x)}${y}`;
        const [cx, cy] = this.at(name);
        const cell = svg("g", { class: "cell", "data-key": name });
        cell.append(svg("rect", { x: cx, y: cy, width: CELL, height: CELL, class: `spot ${(x + y) % 2 ? "light" : "dark"}` }));
        cell.append(svg("g", { class: "content" }));
        clickable(cell, t("mojave.field", { name }), () => this.onKey(this.targets?.has(`~${name}`) ? `~${name}` : name));
        g.append(cell);
        this.cells.set(name, cell);
      }
    }
    // Over the dice of the first column, so a number is never hidden under one.
    g.append(numbers);
  }

  seatLook(seat) {
    const look = LOOKS[seat];
    return { ...look, name: this.ctx.t(`mojave.${look.key}`), mark: String(seat + 1) };
  }

  seatCount() {
    return 2;
  }

  die() {
    return null; // no dice are rolled: the dice are the pieces
  }

  keysOf(text) {
    const parts = text.split("-");
    if (parts.length === 2) return parts;
    if (parts.length === 3) return [parts[0], parts[2], `~${parts[1]}`];
    return null;
  }

  compose(keys, obs) {
    const field = (k) => /^[a-o]\d+$/.test(k) && Number(k.slice(1)) <= this.rows;
    if (keys.length === 2 && field(keys[0]) && field(keys[1])) return `${keys[0]}-${keys[1]}`;
    return null;
  }

  buttonLabel(text) {
    return text === "pass" ? this.ctx.t("table.pass") : text;
  }

  prompt(obs, picked = []) {
    const t = this.ctx.t;
    const parts = [];
    if (obs.zugzwang.length) parts.push(t("mojave.zugzwang"));
    if (picked.length === 2) parts.push(t("mojave.corner"));
    else if (picked.length === 1) {
      const die = obs.dice[obs.player].find((d) => d.field === picked[0]);
      if (die) parts.push(t("mojave.pick", { n: die.top }));
    } else parts.push(t("mojave.pickAny"));
    return parts.join(" ");
  }

  outcome(obs) {
    return { ...winnerRanking(2, obs.winner), termination: obs.termination };
  }

  legend() {
    return this.ctx.t("mojave.legend");
  }

  describe(action, seat, before, after) {
    const t = this.ctx.t;
    const who = seat !== null && seat >= 0 ? this.seatLook(seat).name : "";
    if (action === "pass") return t("mojave.pass", { seat: who });
    const parts = (action || "").split("-");
    let text = parts.length === 3
      ? t("mojave.moveVia", { seat: who, from: parts[0], to: parts[2], via: parts[1] })
      : t("mojave.move", { seat: who, from: parts[0], to: parts[parts.length - 1] });
    if (before && after) {
      const count = (obs) => obs.dice[0].length + obs.dice[1].length;
      const gone = count(before) - count(after);
      if (gone === 1) text = t("mojave.thrownOne", { move: text });
      else if (gone > 1) text = t("mojave.thrown", { move: text, n: gone });
    }
    return text;
  }

  update(obs, { targets = new Set(), picked = [] } = {}) {
    const t = this.ctx.t;
    this.targets = targets;
    const dice = new Map();
    obs.dice.forEach((list, seat) => list.forEach((d) => dice.set(d.field, { ...d, seat })));
    const attacked = new Set(obs.zugzwang.map((z) => z.die));
    const attackers = new Set(obs.zugzwang.flatMap((z) => z.attackers));
    for (const [name, cell] of this.cells) {
      const content = svg("g", { class: "content" });
      const die = dice.get(name);
      const [x, y] = this.at(name);
      if (die) {
        content.append(this.drawDie(die, x, y, attacked.has(name), attackers.has(name)));
        cell.setAttribute("aria-label", t("mojave.die", { seat: this.seatLook(die.seat).name, name, top: die.top, north: die.north, east: die.east }));
      } else {
        cell.setAttribute("aria-label", t("mojave.field", { name }));
      }
      cell.querySelector(".content").replaceWith(content);
      const lit = targets.has(name) || targets.has(`~${name}`);
      cell.classList.toggle("target", lit);
      cell.classList.toggle("picked", picked.includes(name));
      cell.setAttribute("tabindex", lit || picked.includes(name) ? "0" : "-1");
    }
  }

  drawDie(die, x, y, attacked, attacker) {
    const look = this.seatLook(die.seat);
    const g = svg("g", { class: `die-piece${attacked ? " zugzwang" : ""}${attacker ? " attacker" : ""}` });
    // Red dice round, black dice square: the two sides differ in shape too.
    g.append(dieFace(die.top, { x: x + 4, y: y + 4, size: CELL - 8, fill: look.colour, ink: look.ink, rx: die.seat === 0 ? 11 : 3 }));
    if (attacked) g.append(svg("text", { x: x + CELL - 1, y: y + 11, class: "zz-mark" }, "⚠"));
    // The faces to the north and east, shown on hover or focus (a die's orientation),
    // on the die's own top and right edges: the neighbouring cells are drawn above it.
    const orient = svg("g", { class: "orient" });
    // North in the top left corner, east in the bottom right one: clear of the Zugzwang
    // mark (top right) and of the row number (bottom left of the first column).
    orient.append(svg("rect", { x: x + 1, y: y + 1, width: 18, height: 20, rx: 4, class: "orient-tag" }));
    orient.append(svg("text", { x: x + 10, y: y + 11, class: "orient-text" }, `${die.north}`));
    orient.append(svg("rect", { x: x + CELL - 19, y: y + CELL - 21, width: 18, height: 20, rx: 4, class: "orient-tag" }));
    orient.append(svg("text", { x: x + CELL - 10, y: y + CELL - 11, class: "orient-text" }, `${die.east}`));
    g.append(orient);
    return g;
  }
}

export function createBoard(ctx) {
  return new MojaveBoard(ctx);
}
