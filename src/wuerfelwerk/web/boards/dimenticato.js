// Dimenticato in SVG: the double track of cards, each field with its colour (and the
// colour's shape) and its die value, the start and goal blocks, and the figures. A value
// under a figure reaches the page only at the moment a figure is lifted to be named (the
// server's one-time moment frame, DIM-5): the table page shows it briefly and covers it
// again before this viewer's next decision. After that it is up to one's memory.

import { COLOURS, INK, SHAPES, svg, clickable, keepTappable, seatShape } from "../js/svg.js";
import { winnerRanking } from "../js/view.js";

const CELL = 50;
// Room for the row numbers on the left and the column letters on top; a rim elsewhere.
const LEFT = 30;
const TOP = 30;
const RIM = 6;
const PICKER = 76;
// How high a value shown for a moment stands on the screen, at the least (CSS px).
const SHOWN_PX = 48;
const PALE = { red: "#f6d3bd", blue: "#c4dcef", green: "#c2e8dc", yellow: "#faf6c4" };
const SEATS = ["red", "blue", "green", "yellow"];

export const texts = {
  en: {
    "dimenticato.red": "Red", "dimenticato.blue": "Blue", "dimenticato.green": "Green", "dimenticato.yellow": "Yellow",
    "dimenticato.deal": "A card is laid.",
    "dimenticato.moved": "{seat}: {from} → {to} ({n} fields).",
    "dimenticato.movedOne": "{seat}: {from} → {to} (1 field).",
    "dimenticato.movedHome": "{seat}: {from} → {to} within the goal fields.",
    "dimenticato.captured": "{move} {seat} goes back to {back}.",
    "dimenticato.right": "{seat} names the value under {at}: right.",
    "dimenticato.rightStuck": "{seat} names the value under {at}: right, but there is no way on.",
    "dimenticato.wrong": "{seat} names the value under {at}: wrong, the turn passes.",
    "dimenticato.acted": "{seat} decides.",
    "dimenticato.figure": "{seat} picks the figure on {at}.",
    "dimenticato.go": "{seat} moves {n} fields off the start.",
    "dimenticato.name": "{seat} names {n}.",
    "dimenticato.to": "{seat} moves to {at}.",
    "dimenticato.push": "{seat} moves to {at} and puts the figure there back to {back}.",
    "dimenticato.pass": "{seat} cannot move and passes.",
    "dimenticato.pickFigure": "Choose a figure.",
    "dimenticato.pickGo": "Leave the start: choose how far (2-5).",
    "dimenticato.pickName": "Which value lies under the figure on {at}? Name it.",
    "dimenticato.pickTo": "Choose where the figure goes ({n} fields).",
    "dimenticato.pickToOne": "Choose where the figure goes (1 field).",
    "dimenticato.pickPush": "Choose where the captured figure goes back to.",
    "dimenticato.legend": "Field colours carry shapes: ● red ■ blue ▲ green ◆ yellow · the number is the field's die value · under a figure the value is hidden: remember it",
    "dimenticato.field": "field {name}",
    "dimenticato.covered": "field {name}, {seat}, value covered",
    "dimenticato.value": "value {n}",
    "dimenticato.fieldValue": "field {name}, value {n}",
    "dimenticato.distance": "{n} fields",
    "dimenticato.refuse.figure": "figure {at} is not legal now",
    "dimenticato.refuse.to": "to {at} is not legal now",
  },
  de: {
    "dimenticato.red": "Rot", "dimenticato.blue": "Blau", "dimenticato.green": "Grün", "dimenticato.yellow": "Gelb",
    "dimenticato.deal": "Eine Karte wird gelegt.",
    "dimenticato.moved": "{seat}: {from} → {to} ({n} Felder).",
    "dimenticato.movedOne": "{seat}: {from} → {to} (1 Feld).",
    "dimenticato.movedHome": "{seat}: {from} → {to} innerhalb der Zielfelder.",
    "dimenticato.captured": "{move} {seat} geht zurück auf {back}.",
    "dimenticato.right": "{seat} nennt den Wert unter {at}: richtig.",
    "dimenticato.rightStuck": "{seat} nennt den Wert unter {at}: richtig, aber es gibt keinen Weg.",
    "dimenticato.wrong": "{seat} nennt den Wert unter {at}: falsch, der Zug ist vorbei.",
    "dimenticato.acted": "{seat} entscheidet.",
    "dimenticato.figure": "{seat} wählt die Figur auf {at}.",
    "dimenticato.go": "{seat} zieht {n} Felder vom Start.",
    "dimenticato.name": "{seat} nennt {n}.",
    "dimenticato.to": "{seat} zieht auf {at}.",
    "dimenticato.push": "{seat} zieht auf {at} und setzt die Figur dort auf {back} zurück.",
    "dimenticato.pass": "{seat} kann nicht ziehen und setzt aus.",
    "dimenticato.pickFigure": "Wähle eine Figur.",
    "dimenticato.pickGo": "Vom Start: wähle, wie weit (2-5).",
    "dimenticato.pickName": "Welcher Wert liegt unter der Figur auf {at}? Nenne ihn.",
    "dimenticato.pickTo": "Wähle, wohin die Figur zieht ({n} Felder).",
    "dimenticato.pickToOne": "Wähle, wohin die Figur zieht (1 Feld).",
    "dimenticato.pickPush": "Wähle, wohin die geschlagene Figur zurückgeht.",
    "dimenticato.legend": "Feldfarben tragen Formen: ● rot ■ blau ▲ grün ◆ gelb · die Zahl ist der Würfelwert des Feldes · unter einer Figur ist er verdeckt: merk ihn dir",
    "dimenticato.field": "Feld {name}",
    "dimenticato.covered": "Feld {name}, {seat}, Wert verdeckt",
    "dimenticato.value": "Wert {n}",
    "dimenticato.fieldValue": "Feld {name}, Wert {n}",
    "dimenticato.distance": "{n} Felder",
    "dimenticato.refuse.figure": "die Figur auf {at} zu wählen, ist jetzt nicht erlaubt",
    "dimenticato.refuse.to": "der Zug nach {at} ist jetzt nicht erlaubt",
    // A refusal names its rule: in German these words stand for the engine's English.
    "rule.DIM-1": "2-4 Spieler mit je 4 Figuren.",
    "rule.DIM-2": "Die kleinen Karten liegen zufällig zwischen den großen.",
    "rule.DIM-3": "Reihum zieht je Zug eine Figur.",
    "rule.DIM-4": "Die ersten Züge bringen die Figuren um 2, 3, 4 oder 5 Felder vom Start.",
    "rule.DIM-5": "Erst die Zahl unter der Figur ansagen; die Figur zieht genau so viele Felder.",
    "rule.DIM-6": "Im Uhrzeigersinn, vorwärts und seitwärts, höchstens zweimal abbiegen, nie diagonal.",
    "rule.DIM-7": "Ins Ziel nur mit genauer Zahl; im Ziel 1 Feld weiter oder im Winkel 2.",
    "rule.DIM-8": "Wer alle 4 Figuren im Ziel hat, gewinnt.",
    "rule.DIM-9": "Fremde Startfelder sind gesperrt, eigene Figuren werden nicht geschlagen, geschlagene gehen 3 Felder zurück.",
  },
};

export class DimenticatoBoard {
  constructor(ctx) {
    this.ctx = ctx;
    this.element = svg("svg", { class: "board dimenticato", role: "group" });
    this.onKey = () => {};
    this.cells = null;
    this.layout = null;
    this.targets = new Set();
    // The server names only the rule and the action refused (hidden information).
    this.refusals = [
      [/^figure (?<at>[a-n]\d+) is not legal now$/, "dimenticato.refuse.figure"],
      [/^to (?<at>[a-n]\d+) is not legal now$/, "dimenticato.refuse.to"],
    ];
  }

  /** The field grid: the fields the cards laid so far make (all of them once dealt). */
  build(obs) {
    const names = Object.keys(obs.colours);
    this.layout = names.join(" ");
    this.element.replaceChildren();
    const xs = names.map((n) => n.charCodeAt(0) - 97);
    const ys = names.map((n) => Number(n.slice(1)));
    this.cols = Math.max(...xs) + 1;
    this.rows = Math.max(...ys);
    this.w = LEFT + this.cols * CELL + RIM;
    this.h = TOP + this.rows * CELL + PICKER;
    this.element.setAttribute("viewBox", `0 0 ${this.w} ${this.h}`);
    keepTappable(this.element, CELL);
    this.element.append(svg("rect", { x: 0, y: 0, width: this.w, height: this.h, rx: 12, class: "board-bg" }));
    for (let x = 0; x < this.cols; x += 1) {
      this.element.append(svg("text", { x: LEFT + x * CELL + CELL / 2, y: TOP / 2 + 1, class: "coord" }, String.fromCharCode(97 + x)));
    }
    for (let y = 1; y <= this.rows; y += 1) {
      this.element.append(svg("text", { x: LEFT / 2, y: TOP + (this.rows - y) * CELL + CELL / 2, class: "coord" }, String(y)));
    }
    this.cells = new Map();
    for (const name of names) {
      const [x, y] = this.at(name);
      const cell = svg("g", { class: "cell", "data-key": name });
      // The whole card takes a tap, not only the field drawn on it.
      cell.append(svg("rect", { x, y, width: CELL, height: CELL, class: "hit" }));
      cell.append(svg("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 6, class: "spot" }));
      cell.append(svg("g", { class: "content" }));
      clickable(cell, this.ctx.t("dimenticato.field", { name }), () => this.onKey(this.targets.has(`~push:${name}`) ? `~push:${name}` : name));
      this.element.append(cell);
      this.cells.set(name, cell);
    }
    this.picker = svg("g", { class: "picker" });
    this.element.append(this.picker);
  }

  at(name) {
    const x = name.charCodeAt(0) - 97;
    const y = Number(name.slice(1));
    return [LEFT + x * CELL, TOP + (this.rows - y) * CELL];
  }

  seatLook(seat) {
    const colour = SEATS[seat];
    return { colour: COLOURS[colour], shape: SHAPES[colour], ink: INK[colour], name: this.ctx.t(`dimenticato.${colour}`), mark: String(seat + 1) };
  }

  seatCount(obs) {
    return obs.figures.length;
  }

  die() {
    return null;
  }

  keysOf(text) {
    let m = /^figure ([a-z]\d+)$/.exec(text);
    if (m) return [m[1]];
    m = /^go (\d)$/.exec(text);
    if (m) return [`go:${m[1]}`];
    m = /^name (\d)$/.exec(text);
    if (m) return [`name:${m[1]}`];
    m = /^to ([a-z]\d+)(?: push ([a-z]\d+))?$/.exec(text);
    if (m) return m[2] ? [m[1], `~push:${m[2]}`] : [m[1]];
    return null;
  }

  compose(keys, obs) {
    const field = keys.length === 1 && this.cells?.has(keys[0]);
    if (field && obs.phase === "figure") return `figure ${keys[0]}`;
    if (field && obs.phase === "destination") return `to ${keys[0]}`;
    return null;
  }

  buttonLabel(text) {
    return text === "pass" ? this.ctx.t("table.pass") : text;
  }

  prompt(obs, picked = []) {
    const t = this.ctx.t;
    if (picked.length === 1 && obs.phase === "destination") return t("dimenticato.pickPush");
    if (obs.phase === "figure") return t("dimenticato.pickFigure");
    if (obs.phase === "go") return t("dimenticato.pickGo");
    if (obs.phase === "name") return t("dimenticato.pickName", { at: obs.chosen });
    if (obs.phase === "destination") return obs.steps === 1 ? t("dimenticato.pickToOne") : t("dimenticato.pickTo", { n: obs.steps ?? "" });
    return "";
  }

  outcome(obs) {
    return winnerRanking(obs.figures.length, obs.winner);
  }

  legend() {
    return this.ctx.t("dimenticato.legend");
  }

  /** The fields a replay marks: where the last figure to move came from and went. */
  lastMove(action, before, after) {
    const fresh = (after?.log || []).slice((before?.log || []).length);
    const move = fresh.filter((event) => event.event === "move").at(-1);
    return move ? [move.from, move.to] : [];
  }

  /**
   * The log in words from the game's public events (the table's log carries no texts of
   * other seats' actions). Values are left out on purpose: remembering them is the game.
   */
  publicLog(obs) {
    const t = this.ctx.t;
    const lines = [];
    for (const event of obs.log || []) {
      const who = event.seat !== undefined ? this.seatLook(event.seat).name : "";
      if (event.event === "move") {
        const words = !event.steps ? "dimenticato.movedHome" : event.steps === 1 ? "dimenticato.movedOne" : "dimenticato.moved";
        let line = t(words, { seat: who, from: event.from, to: event.to, n: event.steps });
        if (event.capture) line = t("dimenticato.captured", { move: line, seat: this.seatLook(event.capture.seat).name, back: event.capture.to });
        lines.push(line);
      } else if (event.event === "name") {
        lines.push(t(event.right ? (event.no_way ? "dimenticato.rightStuck" : "dimenticato.right") : "dimenticato.wrong", { seat: who, at: event.field }));
      } else if (event.event === "pass") {
        lines.push(t("dimenticato.pass", { seat: who }));
      }
    }
    return lines;
  }

  /** Log words from the action text; other seats' texts are not sent (hidden information). */
  describe(action, seat) {
    const t = this.ctx.t;
    const who = seat !== null && seat >= 0 ? this.seatLook(seat).name : "";
    if (action === null || action === undefined) return seat < 0 ? t("dimenticato.deal") : t("dimenticato.acted", { seat: who });
    let m = /^deal /.exec(action);
    if (m) return t("dimenticato.deal");
    m = /^figure (\w+)$/.exec(action);
    if (m) return t("dimenticato.figure", { seat: who, at: m[1] });
    m = /^go (\d)$/.exec(action);
    if (m) return t("dimenticato.go", { seat: who, n: m[1] });
    m = /^name (\d)$/.exec(action);
    if (m) return t("dimenticato.name", { seat: who, n: m[1] });
    m = /^to (\w+) push (\w+)$/.exec(action);
    if (m) return t("dimenticato.push", { seat: who, at: m[1], back: m[2] });
    m = /^to (\w+)$/.exec(action);
    if (m) return t("dimenticato.to", { seat: who, at: m[1] });
    if (action === "pass") return t("dimenticato.pass", { seat: who });
    return `${who}: ${action}`;
  }

  update(obs, { targets = new Set(), picked = [] } = {}) {
    // A replay starts before the deal: the grid grows as the cards are laid.
    if (this.layout !== Object.keys(obs.colours).join(" ")) this.build(obs);
    this.targets = targets;
    const t = this.ctx.t;
    const occupant = new Map();
    obs.figures.forEach((list, seat) => list.forEach((f) => occupant.set(f, seat)));
    for (const [name, cell] of this.cells) {
      const [x, y] = this.at(name);
      const colour = obs.colours[name];
      const content = svg("g", { class: "content" });
      cell.querySelector(".spot").setAttribute("fill", PALE[colour]);
      cell.querySelector(".spot").setAttribute("stroke", COLOURS[colour]);
      content.append(seatShape(SHAPES[colour], x + 11, y + 11, 4.5, { fill: COLOURS[colour], class: "field-mark" }));
      const value = obs.values[name];
      const seat = occupant.get(name);
      if (seat !== undefined) {
        const look = this.seatLook(seat);
        content.append(seatShape(look.shape, x + CELL / 2, y + CELL / 2 + 1, 17, { fill: look.colour, class: "figure-shape" }));
        content.append(svg("text", { x: x + CELL / 2, y: y + CELL / 2 + (look.shape === "triangle" ? 5 : 2), class: "figure-mark", fill: look.ink }, look.mark));
        cell.setAttribute("aria-label", t("dimenticato.covered", { name, seat: look.name }));
      } else {
        if (value) content.append(svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 1, class: "value" }, String(value)));
        cell.setAttribute("aria-label", value ? t("dimenticato.fieldValue", { name, n: value }) : t("dimenticato.field", { name }));
      }
      cell.querySelector(".content").replaceWith(content);
      const lit = targets.has(name) || targets.has(`~push:${name}`);
      cell.classList.toggle("target", lit);
      cell.classList.toggle("picked", picked.includes(name) || obs.chosen === name);
      cell.setAttribute("tabindex", lit ? "0" : "-1");
    }
    this.drawPicker(targets);
  }

  /** What an action showed everybody for a moment (a lifted figure's value, DIM-5), on
   * the board; returns the function that covers it again. */
  moment(moment) {
    const tags = [];
    // Large over the field, whatever the board's size: at least SHOWN_PX on the screen.
    const scale = this.element.getScreenCTM()?.a || 1;
    const size = Math.max(CELL * 1.2, SHOWN_PX / scale);
    for (const [name, value] of Object.entries(moment.reveal || {})) {
      if (!this.cells?.has(name)) continue;
      const [x, y] = this.at(name);
      const box = size * 1.3;
      const left = Math.min(Math.max(x + CELL / 2 - box / 2, 0), this.w - box);
      const top = Math.min(Math.max(y + CELL / 2 - box / 2, 0), this.h - box);
      const tag = svg("g", { class: "reveal", "data-field": name });
      tag.append(svg("rect", { x: x - 3, y: y - 3, width: CELL + 6, height: CELL + 6, rx: 8, class: "reveal-field" }));
      tag.append(svg("rect", { x: left, y: top, width: box, height: box, rx: box / 5, class: "reveal-box" }));
      const text = svg("text", { x: left + box / 2, y: top + box / 2 + size * 0.04, class: "reveal-value" }, String(value));
      text.style.fontSize = `${size}px`;
      tag.append(text);
      this.element.append(tag);
      tags.push(tag);
    }
    return () => tags.forEach((tag) => tag.remove());
  }

  /** Distance (2-5) and value (1-6) choices, drawn under the board as dice to click. */
  drawPicker(targets) {
    const t = this.ctx.t;
    const picker = svg("g", { class: "picker" });
    const keys = [...targets].filter((k) => k.startsWith("go:") || k.startsWith("name:")).sort();
    keys.forEach((key, i) => {
      const n = key.split(":")[1];
      const x = this.w / 2 - (keys.length * 58) / 2 + i * 58 + 4;
      const y = TOP + this.rows * CELL + 14;
      const die = svg("g", { "data-key": key, class: "target choice" });
      die.append(svg("rect", { x, y, width: 50, height: 50, rx: 9, class: "spot" }));
      die.append(svg("text", { x: x + 25, y: y + 26, class: "value" }, n));
      clickable(die, key.startsWith("go:") ? t("dimenticato.distance", { n }) : t("dimenticato.value", { n }), () => this.onKey(key));
      picker.append(die);
    });
    this.picker.replaceWith(picker);
    this.picker = picker;
  }
}

export function createBoard(ctx) {
  return new DimenticatoBoard(ctx);
}
