// Widget in SVG: the clockwise ring of 52 coloured fields with the four big start
// fields, the connecting field and the spaceship in the middle, the villain, and the two
// colour dice. Every colour also has a shape (on fields, figures and dice), so the game
// stays readable without telling red from green.

import { COLOURS as SEAT_COLOURS, INK as SEAT_INK, SHAPES, svg, clickable, keepTappable, seatShape } from "../js/svg.js";

// The dice have two faces more: white (a colour of one's choice) and black (the villain).
const COLOURS = { ...SEAT_COLOURS, white: "#ffffff", black: "#1b1b1b" };
const INK = { ...SEAT_INK, white: "#222", black: "#fff" };

const FIELDS = 52;
const PLAIN = ["red", "blue", "green", "yellow"];

/**
 * Where everything goes. Wide screens: the ring is a circle. Phones: 52 fields of a tap
 * each need more track than a circle across a phone has, so the ring is a stadium, as
 * tall as it needs to be (two half circles joined by straight sides).
 * ``hit``: the smallest place to tap, in board units (a field, a group of figures);
 * ``group``: how far apart several colours' groups on one place stand.
 */
function geometry(narrow) {
  if (!narrow) {
    const C = 352;
    const R = 318;
    return {
      width: 704, height: 704, hit: 38, group: 40, field: 14.5, start: 22, label: 30, startLabel: 40,
      ring: (i) => {
        const a = -Math.PI / 2 + (2 * Math.PI * i) / FIELDS;
        return { x: C + R * Math.cos(a), y: C + R * Math.sin(a), nx: -Math.cos(a), ny: -Math.sin(a) };
      },
      track: (g) => g.append(svg("circle", { cx: C, cy: C, r: R, class: "ring-track" })),
      connect: [C, C + 150], ship: [C, C + 20], shipSize: [110, 44], villainOnShip: [C + 70, C + 20],
      die: 56, dice: (i) => [C - 70 + i * 84, C - 150], swatch: 44, swatches: (i) => [C - 105 + i * 56, C - 78],
      figure: { 1: { r: 13, at: [[0, 0]] }, 2: { r: 9, at: [[-9, 0], [9, 0]] }, 3: { r: 8, at: [[-9, 5], [9, 5], [0, -9]] } },
      villain: 11, villainOut: 20,
    };
  }
  const W = 360;
  const R = 154; // the half circles' radius
  const top = 26 + R; // the centre of the upper half circle: room for the villain outside
  const side = 218; // the straight sides: 52 fields 27 units apart
  const bottom = top + side;
  const arc = (Math.PI * R) / 2;
  const length = 4 * arc + 2 * side;
  const round = (cx, cy, a) => ({ x: cx + R * Math.cos(a), y: cy + R * Math.sin(a), nx: -Math.cos(a), ny: -Math.sin(a) });
  return {
    width: W, height: bottom + R + 26, hit: 26, group: 26, field: 10, start: 13, label: 22, startLabel: 28,
    ring: (i) => {
      // Clockwise from the top's middle, at equal steps along the track.
      let s = (length * i) / FIELDS;
      if (s < arc) return round(W / 2, top, -Math.PI / 2 + s / R);
      s -= arc;
      if (s < side) return { x: W / 2 + R, y: top + s, nx: -1, ny: 0 };
      s -= side;
      if (s < 2 * arc) return round(W / 2, bottom, s / R);
      s -= 2 * arc;
      if (s < side) return { x: W / 2 - R, y: bottom - s, nx: 1, ny: 0 };
      return round(W / 2, top, Math.PI + (s - side) / R);
    },
    track: (g) => g.append(svg("path", { d: `M${W / 2 - R} ${top} A${R} ${R} 0 0 1 ${W / 2 + R} ${top} V${bottom} A${R} ${R} 0 0 1 ${W / 2 - R} ${bottom} Z`, class: "ring-track narrow" })),
    connect: [W / 2, bottom + 62], ship: [W / 2, top + 132], shipSize: [92, 36], villainOnShip: [W / 2 + 58, top + 132],
    die: 50, dice: (i) => [W / 2 - 62 + i * 74, top - 104], swatch: 40, swatches: (i) => [W / 2 - 94 + i * 48, top - 36],
    figure: { 1: { r: 10, at: [[0, 0]] }, 2: { r: 7, at: [[-6.5, 0], [6.5, 0]] }, 3: { r: 6, at: [[-6.5, 4], [6.5, 4], [0, -7]] } },
    // The villain as far outside his field as the margin allows: clear of a figure's
    // number there wherever the ring slants.
    villain: 9, villainOut: 17,
  };
}

export const texts = {
  en: {
    "widget.red": "Red", "widget.blue": "Blue", "widget.green": "Green", "widget.yellow": "Yellow",
    "widget.white": "white", "widget.black": "black", "widget.redDie": "red", "widget.blueDie": "blue",
    "widget.greenDie": "green", "widget.yellowDie": "yellow",
    "widget.roll": "{seat} rolls {a} and {b}.",
    "widget.dice": "The dice show {a} and {b}.",
    "widget.move": "{seat} moves with {die}: {from} → {to}.",
    "widget.moveFrom": "{seat} moves the figure on {from} with {die}.",
    "widget.moveAs": "{seat} moves with white as {colour}: {from} → {to}.",
    "widget.moveAsFrom": "{seat} moves the figure on {from} with white as {colour}.",
    "widget.ship": "{seat} brings a figure into the spaceship.",
    "widget.jump": "The villain jumps to field {at} for {seat}.",
    "widget.throw": "The villain throws the {colour} figure on {at} back to its start.",
    "widget.stays": "{seat} leaves the villain where he is.",
    "widget.pass": "{seat} cannot use the dice and passes.",
    "widget.stay": "Villain stays",
    "widget.pickFigure": "Choose a figure, then the die it moves by.",
    "widget.pickVillain": "Black: click a field for the villain, or let him stay.",
    "widget.pickThrow": "Black and white: the villain must throw a foreign figure; click one.",
    "widget.noThrow": "Black and white: no foreign figure can be thrown, so the villain stays.",
    "widget.pickColour": "White: choose the colour the figure moves to.",
    "widget.legend": "Field colours carry shapes: ● red ■ blue ▲ green ◆ yellow · big fields: start · middle: connecting field and spaceship · ⬢ villain",
    "widget.field": "field {n}",
    "widget.fieldOf": "field {n}, {colour}",
    "widget.fieldWith": "field {n}, {colour}: {what}",
    "widget.connect": "connecting field",
    "widget.shipName": "spaceship",
    "widget.connectLabel": "Connecting field",
    "widget.shipLabel": "Spaceship",
    "widget.pickDie": "Now choose the die the figure on {at} moves by.",
    "widget.die": "{colour} die",
    "widget.as": "move to {colour}",
    "widget.villain": "villain",
    "widget.villainMark": "V",
    "widget.figureAt": "{seat} on {place}",
    "widget.figuresAt": "{n} figures of {seat} on {place}",
    "widget.letter.red": "R", "widget.letter.blue": "B", "widget.letter.green": "G", "widget.letter.yellow": "Y",
    "widget.letter.white": "W", "widget.letter.black": "K",
  },
  de: {
    "widget.red": "Rot", "widget.blue": "Blau", "widget.green": "Grün", "widget.yellow": "Gelb",
    "widget.white": "weiß", "widget.black": "schwarz", "widget.redDie": "rot", "widget.blueDie": "blau",
    "widget.greenDie": "grün", "widget.yellowDie": "gelb",
    "widget.roll": "{seat} würfelt {a} und {b}.",
    "widget.dice": "Die Würfel zeigen {a} und {b}.",
    "widget.move": "{seat} zieht mit {die}: {from} → {to}.",
    "widget.moveFrom": "{seat} zieht die Figur auf {from} mit {die}.",
    "widget.moveAs": "{seat} zieht mit weiß als {colour}: {from} → {to}.",
    "widget.moveAsFrom": "{seat} zieht die Figur auf {from} mit weiß als {colour}.",
    "widget.ship": "{seat} bringt eine Figur ins Raumschiff.",
    "widget.jump": "Der Mega-Schuft springt für {seat} auf Feld {at}.",
    "widget.throw": "Der Mega-Schuft wirft die Figur von {colour} auf {at} zurück zum Start.",
    "widget.stays": "{seat} lässt den Mega-Schuft stehen.",
    "widget.pass": "{seat} kann die Würfel nicht nutzen und setzt aus.",
    "widget.stay": "Schuft bleibt",
    "widget.pickFigure": "Wähle eine Figur, dann den Würfel, mit dem sie zieht.",
    "widget.pickVillain": "Schwarz: klicke ein Feld für den Mega-Schuft oder lass ihn stehen.",
    "widget.pickThrow": "Schwarz und weiß: der Mega-Schuft muss eine fremde Figur werfen; klicke sie an.",
    "widget.noThrow": "Schwarz und weiß: keine fremde Figur kann geworfen werden, der Mega-Schuft bleibt stehen.",
    "widget.pickColour": "Weiß: wähle die Farbe, auf die die Figur zieht.",
    "widget.legend": "Feldfarben tragen Formen: ● rot ■ blau ▲ grün ◆ gelb · große Felder: Start · Mitte: Verbindungsfeld und Raumschiff · ⬢ Mega-Schuft",
    "widget.field": "Feld {n}",
    "widget.fieldOf": "Feld {n}, {colour}",
    "widget.fieldWith": "Feld {n}, {colour}: {what}",
    "widget.connect": "Verbindungsfeld",
    "widget.shipName": "Raumschiff",
    "widget.connectLabel": "Verbindungsfeld",
    "widget.shipLabel": "Raumschiff",
    "widget.pickDie": "Wähle jetzt den Würfel, mit dem die Figur auf {at} zieht.",
    "widget.die": "Würfel {colour}",
    "widget.as": "auf {colour} ziehen",
    "widget.villain": "Mega-Schuft",
    "widget.villainMark": "S",
    "widget.figureAt": "{seat} auf {place}",
    "widget.figuresAt": "{n} Figuren von {seat} auf {place}",
    "widget.letter.red": "R", "widget.letter.blue": "B", "widget.letter.green": "Gr", "widget.letter.yellow": "Ge",
    "widget.letter.white": "W", "widget.letter.black": "S",
    // A refusal names its rule: in German these words stand for the engine's English.
    "rule.WID-1": "2-4 Spieler mit je 3 Figuren auf ihrem Startfeld.",
    "rule.WID-2": "Jeder Würfel zieht eine andere Figur auf das nächste freie Feld seiner Farbe; aussetzen nur, wenn kein Würfel nutzbar ist.",
    "rule.WID-3": "Auf jedem Feld steht nur eine Figur, außer auf den Startfeldern.",
    "rule.WID-4": "Nach einem Pasch wird noch einmal gewürfelt.",
    "rule.WID-5": "Mit Weiß wählst du die Farbe, zu der die Figur zieht.",
    "rule.WID-6": "Mit Schwarz springt der Mega-Schuft auf ein Feld in der Farbe des anderen Würfels.",
    "rule.WID-7": "Schwarz und Weiß: der Mega-Schuft muss eine fremde Figur hinauswerfen, wo eine ungeschützt steht.",
    "rule.WID-8": "Eine Figur auf einem Feld ihrer eigenen Farbe kann nicht hinausgeworfen werden.",
    "rule.WID-9": "Ins Raumschiff geht es nur vom Verbindungsfeld, mit einem weißen Würfel.",
    "rule.WID-10": "Das Spiel endet, wenn ein Spieler alle Figuren im Raumschiff hat.",
  },
};

const LETTER_COLOUR = { R: "red", B: "blue", G: "green", Y: "yellow" };

export async function boardData(table) {
  const response = await fetch(new URL("data/widget/default.json", import.meta.url));
  return response.json();
}

export class WidgetBoard {
  constructor(ctx) {
    this.ctx = ctx;
    this.ring = [...ctx.data.ring_clockwise_from_red_start.replaceAll(" ", "")].map((l) => LETTER_COLOUR[l]);
    this.starts = new Set(Object.values(ctx.data.start_fields));
    this.geo = geometry(ctx.narrow);
    this.element = svg("svg", { viewBox: `0 0 ${this.geo.width} ${this.geo.height}`, class: `board widget${ctx.narrow ? " narrow" : ""}`, role: "group" });
    keepTappable(this.element, this.geo.hit);
    this.onKey = () => {};
    this.colours = null;
    this.drawStatic();
    this.dynamic = svg("g");
    this.element.append(this.dynamic);
  }

  place(name) {
    if (name === "connect") return this.geo.connect;
    if (name === "ship") return this.geo.ship;
    const { x, y } = this.geo.ring(Number(name));
    return [x, y];
  }

  drawStatic() {
    const t = this.ctx.t;
    const g = svg("g");
    const geo = this.geo;
    g.append(svg("rect", { x: 0, y: 0, width: geo.width, height: geo.height, rx: 20, class: "board-bg" }));
    geo.track(g);
    this.fieldEls = new Map();
    this.labels = []; // each field's number
    this.ring.forEach((colour, i) => {
      const { x, y, nx, ny } = geo.ring(i);
      const big = this.starts.has(i);
      const cell = svg("g", { class: `field${big ? " start" : ""}`, "data-key": `field:${i}` });
      // A tap anywhere between the neighbours counts, not only on the drawn field.
      cell.append(svg("circle", { cx: x, cy: y, r: geo.hit / 2, class: "hit" }));
      const r = big ? geo.start : geo.field;
      cell.append(svg("circle", { cx: x, cy: y, r, fill: COLOURS[colour], class: "spot" }));
      cell.append(seatShape(SHAPES[colour], x, y, r * 0.3, { class: "field-mark", fill: INK[colour] }));
      const inward = big ? geo.startLabel : geo.label;
      const label = svg("text", { x: x + nx * inward, y: y + ny * inward, class: "coord" }, String(i));
      this.labels.push(label);
      g.append(label);
      clickable(cell, t("widget.field", { n: i }), () => this.onKey(`field:${i}`));
      g.append(cell);
      this.fieldEls.set(`field:${i}`, cell);
    });
    const [cx, cy] = this.place("connect");
    const [sx, sy] = this.place("ship");
    const [rx, ry] = geo.shipSize;
    g.append(svg("line", { x1: cx, y1: cy - geo.hit, x2: sx, y2: sy + ry, class: "ship-path" }));
    g.append(svg("circle", { cx, cy, r: geo.hit * 0.7, class: "connect spot" }));
    g.append(svg("text", { x: cx, y: cy + geo.hit * 0.7 + 14, class: "place-label" }, t("widget.connectLabel")));
    g.append(svg("ellipse", { cx: sx, cy: sy, rx, ry, class: "ship" }));
    g.append(svg("ellipse", { cx: sx, cy: sy - ry * 0.4, rx: rx * 0.42, ry: ry / 2, class: "ship-dome" }));
    g.append(svg("text", { x: sx, y: sy + ry + 16, class: "place-label" }, t("widget.shipLabel")));
    this.element.append(g);
  }

  seatLook(seat) {
    const colour = this.colours ? this.colours[seat] : PLAIN[seat];
    return { colour: COLOURS[colour], shape: SHAPES[colour], ink: INK[colour], name: this.ctx.t(`widget.${colour}`), mark: String(seat + 1) };
  }

  seatCount(obs) {
    return obs.figures.length;
  }

  die() {
    return null; // the two colour dice are drawn on the board itself
  }

  keysOf(text) {
    let m = /^(red|blue|green|yellow) (\d+|connect)$/.exec(text);
    if (m) return [`at:${m[2]}`, `die:${m[1]}`];
    m = /^white (\d+) as (red|blue|green|yellow)$/.exec(text);
    if (m) return [`at:${m[1]}`, "die:white", `as:${m[2]}`];
    m = /^white connect$/.exec(text);
    if (m) return ["at:connect", "die:white"];
    m = /^villain (\d+)$/.exec(text);
    if (m) return ["villain", `field:${m[1]}`];
    m = /^throw (red|blue|green|yellow) (\d+)$/.exec(text);
    if (m) return ["villain", `fig:${m[1]}:${m[2]}`];
    return null;
  }

  compose() {
    // Figure moves are found by die and figure, never by a field clicked: any other
    // click continues no action.
    return null;
  }

  buttonLabel(text) {
    if (text === "villain stays") return this.ctx.t("widget.stay");
    if (text === "pass") return this.ctx.t("table.pass");
    return text;
  }

  prompt(obs, picked = []) {
    const t = this.ctx.t;
    if (obs.phase !== "decide") return "";
    if (picked.includes("die:white")) return t("widget.pickColour");
    if (picked.length === 1 && picked[0].startsWith("at:")) return t("widget.pickDie", { at: this.placeName(picked[0].slice(3)) });
    if (obs.dice_left.includes("black")) {
      if (!obs.roll.includes("white")) return t("widget.pickVillain");
      // WID-7: the throws all start with the villain, picked already; none: he stays.
      return t(picked.includes("villain") ? "widget.pickThrow" : "widget.noThrow");
    }
    return t("widget.pickFigure");
  }

  outcome(obs) {
    const seats = obs.figures.map((_, s) => s);
    const rest = seats.filter((s) => !obs.finished.includes(s));
    if (!obs.finished.length) return { ranking: [seats] };
    return { ranking: [...obs.finished.map((s) => [s]), ...(rest.length ? [rest] : [])] };
  }

  legend() {
    return this.ctx.t("widget.legend");
  }

  describe(action, seat, before, after, next = null) {
    const t = this.ctx.t;
    const colourName = (c) => t(`widget.${c}`);
    const dieName = (c) => t(c === "white" || c === "black" ? `widget.${c}` : `widget.${c}Die`);
    const who = seat !== null && seat >= 0 ? this.seatLook(seat).name : "";
    let m = /^roll (\w+) (\w+)$/.exec(action || "");
    if (m) {
      const roller = next !== null && next >= 0 ? next : after && after.phase === "decide" ? after.player : null;
      if (roller !== null && roller >= 0) return t("widget.roll", { seat: this.seatLook(roller).name, a: dieName(m[1]), b: dieName(m[2]) });
      return t("widget.dice", { a: dieName(m[1]), b: dieName(m[2]) });
    }
    const moved = () => this.movedTo(seat, before, after);
    const place = (p) => (p === "connect" ? t("widget.connect") : p === "ship" ? t("widget.shipName") : p);
    m = /^(red|blue|green|yellow) (\d+|connect)$/.exec(action || "");
    if (m) {
      const to = moved();
      return t(to ? "widget.move" : "widget.moveFrom", { seat: who, die: dieName(m[1]), from: place(m[2]), to: to && place(to) });
    }
    m = /^white (\d+) as (\w+)$/.exec(action || "");
    if (m) {
      const to = moved();
      return t(to ? "widget.moveAs" : "widget.moveAsFrom", { seat: who, colour: dieName(m[2]), from: m[1], to: to && place(to) });
    }
    if (action === "white connect") return t("widget.ship", { seat: who });
    m = /^villain (\d+)$/.exec(action || "");
    if (m) return t("widget.jump", { seat: who, at: m[1] });
    m = /^throw (\w+) (\d+)$/.exec(action || "");
    if (m) return t("widget.throw", { colour: colourName(m[1]), at: m[2] });
    if (action === "villain stays") return t("widget.stays", { seat: who });
    if (action === "pass") return t("widget.pass", { seat: who });
    return `${who}: ${action}`;
  }

  /** Where the figure of ``seat`` that moved from ``before`` to ``after`` stands now. */
  movedTo(seat, before, after) {
    if (!before || !after || seat === null || seat < 0) return null;
    const left = [...after.figures[seat]];
    for (const p of before.figures[seat]) {
      const i = left.indexOf(p);
      if (i >= 0) left.splice(i, 1);
    }
    return left[0] ?? null;
  }

  /** The places a replay marks for ``action``: the field a figure or the villain reached. */
  lastMove(action, before, after) {
    const keys = (this.keysOf(action || "") || []).filter((k) => k.startsWith("field:"));
    const to = this.movedTo(before?.player ?? null, before, after);
    if (to !== null && /^\d+$/.test(to)) keys.push(`field:${to}`);
    return keys;
  }

  /** Where the ``i``-th of ``n`` colour groups at a place stands: side by side in two
   * columns on the ring, in a row on the connecting field and in the ship. */
  groupAt(place, i, n) {
    const [x, y] = this.place(place);
    if (n === 1) return [x, y];
    const group = this.geo.group;
    if (place === "connect" || place === "ship") return [x + (i - (n - 1) / 2) * group, y];
    const rows = Math.ceil(n / 2);
    return [x + ((i % 2) - (Math.min(n, 2) - 1) / 2) * group, y + (Math.floor(i / 2) - (rows - 1) / 2) * group];
  }

  update(obs, { targets = new Set(), picked = [] } = {}) {
    const t = this.ctx.t;
    this.colours = obs.seat_colours;
    const layer = svg("g");
    // Figures: one per ring field; on start fields, the connecting field and in the ship
    // any number, drawn as one group per colour (its figures are alike: one place to tap).
    const byPlace = new Map();
    obs.figures.forEach((places, seat) => {
      for (const p of places) {
        if (!byPlace.has(p)) byPlace.set(p, new Map());
        byPlace.get(p).set(seat, (byPlace.get(p).get(seat) ?? 0) + 1);
      }
    });
    for (const [p, seats] of byPlace) {
      [...seats].forEach(([seat, count], i) => {
        const [x, y] = this.groupAt(p, i, seats.size);
        layer.append(this.figures(seat, p, count, x, y, obs, targets));
      });
    }
    layer.append(this.villain(obs, targets, byPlace.get(String(obs.villain))?.size ?? 0));
    layer.append(this.dice(obs, targets, picked));
    if ([...targets].some((k) => k.startsWith("as:"))) layer.append(this.colourChoice(targets));
    this.dynamic.replaceWith(layer);
    this.dynamic = layer;
    this.hideCoveredNumbers(layer);
    // Each field's name for a screen reader: its number, its colour and who stands there.
    const on = new Map();
    const add = (place, what) => on.set(String(place), [...(on.get(String(place)) ?? []), what]);
    obs.figures.forEach((places, seat) => places.forEach((p) => add(p, this.seatLook(seat).name)));
    if (obs.villain !== "ship") add(obs.villain, t("widget.villain"));
    for (const [key, el] of this.fieldEls) {
      el.classList.toggle("target", targets.has(key));
      el.setAttribute("tabindex", targets.has(key) ? "0" : "-1");
      const n = key.slice(6);
      const colour = t(`widget.${this.ring[Number(n)]}Die`);
      const what = [...new Set(on.get(n) ?? [])];
      el.setAttribute("aria-label", what.length ? t("widget.fieldWith", { n, colour, what: what.join(", ") }) : t("widget.fieldOf", { n, colour }));
    }
    for (const el of layer.querySelectorAll("[data-key]")) {
      el.classList.toggle("picked", picked.includes(el.dataset.key));
    }
    this.element.setAttribute("aria-label", t("widget.legend"));
  }

  /** Three or four colours on a start field reach over the neighbours' numbers: a number
   * that a figure's or the villain's mark would overlap hides (the field's name for a
   * screen reader keeps it). */
  hideCoveredNumbers(layer) {
    if (!this.element.isConnected) return; // nothing laid out to measure
    const marks = [...layer.querySelectorAll(".figure-mark, .villain-mark")].map((el) => el.getBBox());
    const overlap = (a, b) => Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 1 && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 1;
    // Every box read before any class changes: a change between two reads would make the
    // browser lay the board out again for the second.
    const boxes = this.labels.map((label) => label.getBBox());
    this.labels.forEach((label, i) => label.classList.toggle("covered", marks.some((mark) => overlap(boxes[i], mark))));
  }

  /** The place's name for a screen reader: a field's number, the connecting field, the ship. */
  placeName(place) {
    const t = this.ctx.t;
    return place === "connect" ? t("widget.connect") : place === "ship" ? t("widget.shipName") : t("widget.field", { n: place });
  }

  /** The ``count`` figures of ``seat`` on ``place``, one group to tap, centred on (x, y). */
  figures(seat, place, count, x, y, obs, targets) {
    const t = this.ctx.t;
    const look = this.seatLook(seat);
    const colour = obs.seat_colours[seat];
    const key = seat === obs.player ? `at:${place}` : `fig:${colour}:${place}`;
    const g = svg("g", { class: "figure-piece", "data-key": key });
    const hit = this.geo.hit;
    g.append(svg("rect", { x: x - hit / 2, y: y - hit / 2, width: hit, height: hit, rx: hit / 2, class: "hit" }));
    // A lit figure gets a ring around it: seen whatever its colour and the field's.
    if (targets.has(key)) g.append(svg("circle", { cx: x, cy: y, r: hit / 2, class: "halo" }));
    const { r, at } = this.geo.figure[Math.min(count, 3)];
    for (const [dx, dy] of at) g.append(seatShape(look.shape, x + dx, y + dy, r, { fill: look.colour, class: "figure-shape" }));
    if (count === 1) g.append(svg("text", { x, y: y + 1, class: "figure-mark", fill: look.ink }, look.mark));
    const field = /^\d+$/.test(place) ? `field:${place}` : null;
    // A figure standing on a field the villain may jump to passes the click to the field.
    const key2 = () => (targets.has(key) || !field || !targets.has(field) ? key : field);
    const label = count === 1 ? t("widget.figureAt", { seat: look.name, place: this.placeName(place) }) : t("widget.figuresAt", { n: count, seat: look.name, place: this.placeName(place) });
    clickable(g, label, () => this.onKey(key2()));
    g.classList.toggle("target", targets.has(key));
    g.setAttribute("tabindex", targets.has(key) ? "0" : "-1");
    return g;
  }

  /** The villain; ``groups``: how many colours' groups stand on his place. */
  villain(obs, targets, groups) {
    const t = this.ctx.t;
    const onShip = obs.villain === "ship";
    const geo = this.geo;
    const [fx, fy] = onShip ? geo.villainOnShip : this.place(obs.villain);
    // On the ring he stands on his field's outer side: clear of its number (inside) and of
    // a figure on it. Between several colours' groups (a start field) he stands in their
    // middle, which their layout leaves free: outside he would stand on the outer one
    // wherever the groups line up with the ring's normal.
    const ring = onShip ? null : geo.ring(Number(obs.villain));
    const out = onShip || groups >= 2 ? 0 : geo.villainOut;
    const [x, y] = onShip ? [fx, fy] : [fx - ring.nx * out, fy - ring.ny * out];
    const g = svg("g", { class: "villain-piece", "data-key": "villain" });
    // His place to tap is his field's own (the neighbours' stay theirs).
    g.append(svg("circle", { cx: fx, cy: fy, r: geo.hit / 2, class: "hit" }));
    g.append(seatShape("hexagon", x, y, geo.villain, { class: "villain" }));
    g.append(svg("text", { x, y: y + 1, class: "villain-mark" }, t("widget.villainMark")));
    g.classList.toggle("target", targets.has("villain"));
    // He covers his field: a tap there that is not for him goes to what is lit there (the
    // field, or a figure standing on it).
    const here = (k) => !onShip && (k === `field:${obs.villain}` || k === `at:${obs.villain}` || (k.startsWith("fig:") && k.endsWith(`:${obs.villain}`)));
    clickable(g, t("widget.villain"), () => this.onKey(targets.has("villain") ? "villain" : ([...targets].find(here) ?? "villain")));
    g.setAttribute("tabindex", targets.has("villain") ? "0" : "-1");
    return g;
  }

  /** The two dice: still to use (clickable when a figure can use them) or used (dim). */
  dice(obs, targets, picked) {
    // A new roll tumbles for a moment (the count of rolls tells a new one from the same).
    const fresh = this.lastRolls !== undefined && obs.rolls !== this.lastRolls;
    this.lastRolls = obs.rolls;
    const g = svg("g", { class: `widget-dice${fresh ? " rolling" : ""}` });
    if (fresh) setTimeout(() => g.classList.remove("rolling"), 450);
    if (!obs.roll) return g;
    const left = [...obs.dice_left];
    obs.roll.forEach((face, i) => {
      const open = left.indexOf(face);
      if (open >= 0) left.splice(open, 1);
      const [x, y] = this.geo.dice(i);
      const size = this.geo.die;
      const u = size / 56; // the die's own scale
      const key = `die:${face}`;
      const die = svg("g", { class: `colour-die${open < 0 ? " used" : ""}`, "data-key": key });
      die.append(svg("rect", { x, y, width: size, height: size, rx: 10 * u, fill: COLOURS[face], class: "spot" }));
      if (face === "white") {
        PLAIN.forEach((c, k) => die.append(seatShape(SHAPES[c], x + (15 + (k % 2) * 20) * u, y + (15 + Math.floor(k / 2) * 20) * u, 5.5 * u, { fill: COLOURS[c], stroke: "#333", "stroke-width": 1 })));
      } else if (face === "black") {
        die.append(seatShape("hexagon", x + 25 * u, y + 25 * u, 13 * u, { fill: "#fff" }));
        die.append(svg("text", { x: x + 25 * u, y: y + 26 * u, class: "villain-mark", fill: "#000" }, this.ctx.t("widget.villainMark")));
      } else {
        die.append(seatShape(SHAPES[face], x + 25 * u, y + 25 * u, 12 * u, { fill: INK[face] }));
      }
      die.append(svg("text", { x: x + size - 3, y: y + size - 3, class: "die-letter", fill: INK[face] }, this.ctx.t(`widget.letter.${face}`)));
      if (open >= 0) {
        clickable(die, this.ctx.t("widget.die", { colour: this.ctx.t(`widget.${face}`) }), () => this.onKey(key));
        die.classList.toggle("target", targets.has(key));
        die.setAttribute("tabindex", targets.has(key) ? "0" : "-1");
      }
      g.append(die);
    });
    return g;
  }

  /** White die: four colour swatches to choose where the figure goes (WID-5). */
  colourChoice(targets) {
    const g = svg("g", { class: "colour-choice" });
    PLAIN.forEach((colour, i) => {
      const key = `as:${colour}`;
      if (!targets.has(key)) return;
      const [x, y] = this.geo.swatches(i);
      const size = this.geo.swatch;
      const swatch = svg("g", { "data-key": key, class: "target" });
      swatch.append(svg("rect", { x, y, width: size, height: size, rx: 8, fill: COLOURS[colour], class: "spot" }));
      swatch.append(seatShape(SHAPES[colour], x + size / 2, y + size / 2, size * 0.23, { fill: INK[colour] }));
      clickable(swatch, this.ctx.t("widget.as", { colour: this.ctx.t(`widget.${colour}Die`) }), () => this.onKey(key));
      g.append(swatch);
    });
    return g;
  }
}

export function createBoard(ctx) {
  return new WidgetBoard(ctx);
}
