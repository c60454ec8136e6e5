// Wurf & Weg in SVG, in real time: every player's place around the table with their
// coaster (left and right symbol), the dice in hand and on the coaster, the coasters won;
// in the middle the tray and the yellow die with this round's lucky symbol. Everybody
// acts at once: a die in one's hand is clicked, then where it goes (tray, left or right).

import { svg, clickable, keepTappable, seatShape } from "../js/svg.js";

const W = 900;
const H = 660;
const CX = W / 2;
const CY = H / 2 + 10;
const SEAT_COLOURS = ["#e69f00", "#56b4e9", "#009e73", "#cc79a7", "#0072b2", "#d55e00"];
const SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "hexagon", "circle"];
const SEAT_INK = ["#222", "#222", "#fff", "#222", "#fff", "#fff"];
// A die in hand, the smallest place to tap, and the step from one die to the next.
const DIE = 44;
const DIE_STEP = 48;
const SYMBOL_COLOURS = { clover: "#2e8b3a", pig: "#e57fa0", cat: "#6b6b6b", penny: "#c98a00", horseshoe: "#6a4a2a", hamsa: "#3b6fb5" };

export const texts = {
  en: {
    "wurfweg.seat": "Player {n}",
    "wurfweg.clover": "clover", "wurfweg.pig": "pig", "wurfweg.cat": "waving cat", "wurfweg.penny": "lucky penny",
    "wurfweg.horseshoe": "horseshoe", "wurfweg.hamsa": "hamsa",
    "wurfweg.roll": "Roll",
    "wurfweg.rolls": "{seat} rolls.",
    "wurfweg.place": "{seat}: {symbol} → {where}.",
    "wurfweg.tray": "tray", "wurfweg.left": "left neighbour", "wurfweg.right": "right neighbour",
    "wurfweg.lucky": "Round {round}: the lucky symbol is {symbol}.",
    "wurfweg.draws": "{seat} draws a coaster ({left} | {right}).",
    "wurfweg.prompt": "Everyone at once! Roll, then click a die that matches: lucky symbol → tray, your coaster's left symbol → left, right symbol → right.",
    "wurfweg.pickTarget": "Where does the {symbol} go?",
    "wurfweg.calm": "Stop was called: three calm rolls, only the lucky symbol counts.",
    "wurfweg.legend": "Keys: R rolls · your dice: Tab and Enter, then the place · ★ coasters won · the yellow die shows the lucky symbol",
    "wurfweg.won": "★ {n}",
    "wurfweg.trayCount": "tray: {n}",
    "wurfweg.pile": "pile: {n}",
    "wurfweg.die": "die showing {symbol}",
    "wurfweg.seatStop": "{seat} · STOP",
    "wurfweg.coasterOf": "{seat}: {left} | {right}",
  },
  de: {
    "wurfweg.seat": "Spieler {n}",
    "wurfweg.clover": "Kleeblatt", "wurfweg.pig": "Glücksschwein", "wurfweg.cat": "Winkekatze", "wurfweg.penny": "Glückspfennig",
    "wurfweg.horseshoe": "Hufeisen", "wurfweg.hamsa": "Hand der Fatima",
    "wurfweg.roll": "Würfeln",
    "wurfweg.rolls": "{seat} würfelt.",
    "wurfweg.place": "{seat}: {symbol} → {where}.",
    "wurfweg.tray": "Ablage", "wurfweg.left": "linker Nachbar", "wurfweg.right": "rechter Nachbar",
    "wurfweg.lucky": "Runde {round}: das Glückssymbol ist {symbol}.",
    "wurfweg.draws": "{seat} zieht einen Deckel ({left} | {right}).",
    "wurfweg.prompt": "Alle gleichzeitig! Würfeln, dann einen passenden Würfel klicken: Glückssymbol → Ablage, linkes Symbol deines Deckels → links, rechtes → rechts.",
    "wurfweg.pickTarget": "Wohin kommt {symbol}?",
    "wurfweg.calm": "Stopp wurde gerufen: drei ruhige Würfe, nur das Glückssymbol zählt.",
    "wurfweg.legend": "Tasten: R würfelt · deine Würfel: Tab und Enter, dann der Platz · ★ gewonnene Deckel · der gelbe Würfel zeigt das Glückssymbol",
    "wurfweg.won": "★ {n}",
    "wurfweg.trayCount": "Ablage: {n}",
    "wurfweg.pile": "Stapel: {n}",
    "wurfweg.die": "Würfel mit {symbol}",
    "wurfweg.seatStop": "{seat} · STOPP",
    "wurfweg.coasterOf": "{seat}: {left} | {right}",
    // A refusal names its rule: in German these words stand for the engine's English.
    "rule.WUW-1": "2-6 Spieler.",
    "rule.WUW-2": "Jeder beginnt mit einem offenen Deckel und 3 Würfeln.",
    "rule.WUW-3": "Alle würfeln gleichzeitig, immer wieder.",
    "rule.WUW-4": "Glückssymbol auf die Ablage, linkes Symbol nach links, rechtes nach rechts, und nur Würfel, die du hast.",
    "rule.WUW-5": "Ein Würfel mit dem Glückssymbol kommt immer auf die Ablage.",
    "rule.WUW-6": "Würfel auf deinem Deckel würfelst du beim nächsten Wurf mit.",
    "rule.WUW-7": "Zu zweit gehen weitergegebene Würfel zum anderen Spieler.",
    "rule.WUW-8": "Nach dem Stopp zählt nur das Glückssymbol, in drei ruhigen Würfen.",
    "rule.WUW-9": "Wer alle Würfel los ist, gewinnt seinen Deckel.",
    "rule.WUW-10": "Wer zuerst 3 Deckel hat, gewinnt.",
  },
};

/** A lucky symbol as a small picture, so the dice read without words or colour. */
function symbolIcon(name, x, y, r) {
  const g = svg("g", { class: `symbol symbol-${name}` });
  const fill = SYMBOL_COLOURS[name] || "#444";
  switch (name) {
    case "clover":
      for (const [dx, dy] of [[0, -0.42], [-0.4, 0.05], [0.4, 0.05]]) g.append(svg("circle", { cx: x + dx * r, cy: y + dy * r, r: r * 0.38, fill }));
      g.append(svg("path", { d: `M${x} ${y + 0.1 * r} L${x + 0.15 * r} ${y + 0.95 * r}`, stroke: fill, "stroke-width": r * 0.16 }));
      break;
    case "pig":
      g.append(svg("circle", { cx: x, cy: y, r: r * 0.8, fill }));
      g.append(svg("ellipse", { cx: x, cy: y + 0.15 * r, rx: r * 0.36, ry: r * 0.25, fill: "#f7c3d3", stroke: "#7a3050", "stroke-width": 1 }));
      g.append(svg("circle", { cx: x - 0.12 * r, cy: y + 0.15 * r, r: r * 0.06, fill: "#7a3050" }));
      g.append(svg("circle", { cx: x + 0.12 * r, cy: y + 0.15 * r, r: r * 0.06, fill: "#7a3050" }));
      break;
    case "cat":
      g.append(svg("polygon", { points: `${x - 0.75 * r},${y - 0.2 * r} ${x - 0.55 * r},${y - 0.9 * r} ${x - 0.15 * r},${y - 0.45 * r} ${x + 0.15 * r},${y - 0.45 * r} ${x + 0.55 * r},${y - 0.9 * r} ${x + 0.75 * r},${y - 0.2 * r}`, fill }));
      g.append(svg("circle", { cx: x, cy: y + 0.1 * r, r: r * 0.72, fill }));
      g.append(svg("circle", { cx: x - 0.28 * r, cy: y, r: r * 0.11, fill: "#fff" }));
      g.append(svg("circle", { cx: x + 0.28 * r, cy: y, r: r * 0.11, fill: "#fff" }));
      break;
    case "penny":
      g.append(svg("circle", { cx: x, cy: y, r: r * 0.85, fill, stroke: "#6b4a00", "stroke-width": 1.5 }));
      g.append(svg("text", { x, y: y + 1, class: "penny-mark", "font-size": r * 1.0 }, "1"));
      break;
    case "horseshoe":
      g.append(svg("path", { d: `M${x - 0.6 * r} ${y + 0.8 * r} V${y - 0.1 * r} A${0.6 * r} ${0.6 * r} 0 0 1 ${x + 0.6 * r} ${y - 0.1 * r} V${y + 0.8 * r}`, fill: "none", stroke: fill, "stroke-width": r * 0.32, "stroke-linecap": "round" }));
      break;
    case "hamsa":
      g.append(svg("rect", { x: x - 0.55 * r, y: y - 0.25 * r, width: 1.1 * r, height: 1.05 * r, rx: 0.35 * r, fill }));
      for (let i = 0; i < 3; i += 1) g.append(svg("rect", { x: x - 0.5 * r + i * 0.37 * r, y: y - 0.9 * r, width: 0.28 * r, height: 0.75 * r, rx: 0.14 * r, fill }));
      g.append(svg("circle", { cx: x, cy: y + 0.25 * r, r: r * 0.16, fill: "#fff" }));
      break;
    default:
      g.append(svg("text", { x, y }, name));
  }
  return g;
}

export class WurfWegBoard {
  constructor(ctx) {
    this.ctx = ctx;
    this.players = ctx.players;
    this.element = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "board wurfweg", role: "group" });
    keepTappable(this.element, DIE);
    this.element.append(svg("rect", { x: 4, y: 4, width: W - 8, height: H - 8, rx: 26, class: "board-bg" }));
    this.element.append(svg("ellipse", { cx: CX, cy: CY, rx: 310, ry: 215, class: "table-top" }));
    this.dynamic = svg("g");
    this.element.append(this.dynamic);
    this.onKey = () => {};
  }

  seatLook(seat) {
    return { colour: SEAT_COLOURS[seat], shape: SEAT_SHAPES[seat], ink: SEAT_INK[seat], name: this.ctx.t("wurfweg.seat", { n: seat + 1 }), mark: String(seat + 1) };
  }

  seatCount(obs) {
    return obs.players.length;
  }

  die() {
    return null;
  }

  symbol(name) {
    return this.ctx.t(`wurfweg.${name}`);
  }

  keysOf(text) {
    const m = /^p\d+ place (\w+) (tray|left|right)$/.exec(text);
    return m ? [`die:${m[1]}`, m[2]] : null;
  }

  compose() {
    return null;
  }

  buttonLabel(text) {
    return /roll$/.test(text) ? this.ctx.t("wurfweg.roll") : text;
  }

  /** The key that presses a button: R rolls. */
  shortcut(key, buttons) {
    return key.toLowerCase() === "r" ? buttons.find((b) => /roll$/.test(b)) : undefined;
  }

  prompt(obs, picked = []) {
    const t = this.ctx.t;
    if (picked.length) return t("wurfweg.pickTarget", { symbol: this.symbol(picked[0].slice(4)) });
    return t(obs.phase === "calm" ? "wurfweg.calm" : "wurfweg.prompt");
  }

  outcome() {
    return null; // the table's outcome says who won the coasters
  }

  legend() {
    return this.ctx.t("wurfweg.legend");
  }

  describe(action, seat, before, after) {
    const t = this.ctx.t;
    const text = action || "";
    let m = /^p(\d+) roll$/.exec(text);
    if (m) return t("wurfweg.rolls", { seat: this.seatLook(Number(m[1]) - 1).name });
    m = /^p(\d+) place (\w+) (tray|left|right)$/.exec(text);
    if (m) return t("wurfweg.place", { seat: this.seatLook(Number(m[1]) - 1).name, symbol: this.symbol(m[2]), where: t(`wurfweg.${m[3]}`) });
    m = /^lucky (\w+)$/.exec(text);
    if (m) return t("wurfweg.lucky", { round: after ? after.round : "", symbol: this.symbol(m[1]) });
    m = /^p(\d+) draws (\w+)-(\w+)$/.exec(text);
    if (m) return t("wurfweg.draws", { seat: this.seatLook(Number(m[1]) - 1).name, left: this.symbol(m[2]), right: this.symbol(m[3]) });
    return null; // single dice falling are not worth a line
  }

  /** Where seat ``seat`` sits: the viewer at the bottom, the left neighbour to its left. */
  placeOf(seat, viewer, n) {
    const a = Math.PI / 2 + (2 * Math.PI * (seat - viewer)) / n;
    return [CX + 340 * Math.cos(a), CY + 232 * Math.sin(a)];
  }

  update(obs, { targets = new Set(), picked = [], actor = null } = {}) {
    const t = this.ctx.t;
    const n = obs.players.length;
    const viewer = obs.viewer ?? 0;
    const layer = svg("g");
    // The middle: tray, the yellow die with the lucky symbol, the pile.
    const tray = svg("g", { class: "tray-place", "data-key": "tray" });
    tray.append(svg("ellipse", { cx: CX + 70, cy: CY, rx: 80, ry: 50, class: "tray spot" }));
    tray.append(svg("text", { x: CX + 70, y: CY + 4, class: "tray-label" }, t("wurfweg.trayCount", { n: obs.tray })));
    clickable(tray, t("wurfweg.tray"), () => this.onKey("tray"));
    tray.classList.toggle("target", targets.has("tray"));
    tray.setAttribute("tabindex", targets.has("tray") ? "0" : "-1");
    layer.append(tray);
    layer.append(svg("rect", { x: CX - 130, y: CY - 36, width: 72, height: 72, rx: 14, class: "lucky-die" }));
    if (obs.lucky) layer.append(symbolIcon(obs.lucky, CX - 94, CY, 24));
    layer.append(svg("text", { x: CX - 94, y: CY + 54, class: "tray-label" }, obs.lucky ? this.symbol(obs.lucky) : ""));
    layer.append(svg("text", { x: CX, y: CY - 70, class: "tray-label" }, t("wurfweg.pile", { n: obs.pile.length })));
    obs.players.forEach((player, seat) => layer.append(this.place(obs, player, seat, viewer, n, targets, picked, actor)));
    this.dynamic.replaceWith(layer);
    this.dynamic = layer;
  }

  place(obs, player, seat, viewer, n, targets, picked, actor) {
    const t = this.ctx.t;
    const look = this.seatLook(seat);
    const [x, y] = this.placeOf(seat, viewer, n);
    const g = svg("g", { class: "player-place" });
    // Which of the acting seat's targets is this coaster: its left or right neighbour.
    const left = actor === null ? null : (actor + 1) % n;
    const right = actor === null ? null : (actor - 1 + n) % n;
    const key = targets.has("left") && seat === left ? "left" : targets.has("right") && seat === right ? "right" : `coaster:${seat}`;
    const coaster = svg("g", { class: "coaster-place", "data-key": key });
    coaster.append(svg("rect", { x: x - 78, y: y - 28, width: 156, height: 56, rx: 12, class: "coaster spot", stroke: look.colour }));
    const [l, r] = (player.coaster || "-").split("-");
    if (l) coaster.append(symbolIcon(l, x - 44, y, 17));
    if (r) coaster.append(symbolIcon(r, x + 44, y, 17));
    coaster.append(svg("line", { x1: x, y1: y - 22, x2: x, y2: y + 22, class: "coaster-split" }));
    coaster.append(svg("text", { x, y: y + 4, class: "on-coaster" }, player.on_coaster ? `+${player.on_coaster}` : ""));
    clickable(coaster, t("wurfweg.coasterOf", { seat: look.name, left: l ? this.symbol(l) : "", right: r ? this.symbol(r) : "" }), () => this.onKey(key));
    coaster.classList.toggle("target", key === "left" || key === "right");
    coaster.setAttribute("tabindex", key === "left" || key === "right" ? "0" : "-1");
    g.append(coaster);
    g.append(seatShape(look.shape, x - 96, y - 36, 10, { fill: look.colour, class: "figure-shape" }));
    g.append(svg("text", { x: x - 96, y: y - 35, class: "figure-mark", fill: look.ink }, look.mark));
    g.append(svg("text", { x: x - 80, y: y - 36, class: "seat-label" }, obs.stopper === seat ? t("wurfweg.seatStop", { seat: look.name }) : look.name));
    g.append(svg("text", { x: x + 78, y: y - 36, class: "won-label" }, t("wurfweg.won", { n: player.won.length })));
    // Dice: rolled ones show their symbol; the acting seat clicks its own.
    const dice = [...player.hand.map((s) => ({ s })), ...Array.from({ length: player.unrolled }, () => ({ s: null }))];
    dice.forEach((die, i) => {
      const dx = x - ((dice.length - 1) * DIE_STEP) / 2 + i * DIE_STEP;
      const dy = y + 56;
      const keyDie = die.s && seat === actor ? `die:${die.s}` : `other:${seat}:${i}`;
      const el = svg("g", { class: "hand-die", "data-key": keyDie });
      el.append(svg("rect", { x: dx - DIE / 2, y: dy - DIE / 2, width: DIE, height: DIE, rx: 8, class: "spot" }));
      if (die.s) el.append(symbolIcon(die.s, dx, dy, 14));
      else el.append(svg("text", { x: dx, y: dy + 1, class: "unrolled" }, "?"));
      if (seat === actor && die.s) {
        clickable(el, t("wurfweg.die", { symbol: this.symbol(die.s) }), () => this.onKey(keyDie));
        el.classList.toggle("target", targets.has(keyDie));
        el.classList.toggle("picked", picked.includes(keyDie));
        el.setAttribute("tabindex", targets.has(keyDie) || picked.includes(keyDie) ? "0" : "-1");
      }
      g.append(el);
    });
    return g;
  }
}

export function createBoard(ctx) {
  return new WurfWegBoard(ctx);
}
