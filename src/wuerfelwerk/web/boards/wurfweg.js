// Wurf & Weg in SVG, in real time: every player's place around the table with their
// coaster (left and right symbol), the dice in hand and on the coaster, the coasters won;
// in the middle the tray and the yellow die with this round's lucky symbol. Everybody
// acts at once: a die in one's hand is clicked, then where it goes (tray, left or right).

import { svg, clickable, keepTappable, seatShape } from "../js/svg.js";
import { tableLayout } from "./wurfweg-layout.js";

const SEAT_COLOURS = ["#e69f00", "#56b4e9", "#009e73", "#cc79a7", "#0072b2", "#d55e00"];
const SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "hexagon", "circle"];
const SEAT_INK = ["#222", "#222", "#fff", "#222", "#fff", "#fff"];
// The calm rolls each player makes after "stop" (WUW-8).
const CALM_ROLLS = 3;
const SYMBOL_COLOURS = { clover: "#2e8b3a", pig: "#e57fa0", cat: "#6b6b6b", penny: "#c98a00", horseshoe: "#6a4a2a", hamsa: "#3b6fb5" };

export const texts = {
  en: {
    "wurfweg.seat": "Player {n}",
    "wurfweg.clover": "clover", "wurfweg.pig": "pig", "wurfweg.cat": "waving cat", "wurfweg.penny": "lucky penny",
    "wurfweg.horseshoe": "horseshoe", "wurfweg.hamsa": "hamsa",
    "wurfweg.label.clover": "Clover", "wurfweg.label.pig": "Pig", "wurfweg.label.cat": "Waving cat",
    "wurfweg.label.penny": "Lucky penny", "wurfweg.label.horseshoe": "Horseshoe", "wurfweg.label.hamsa": "Hamsa",
    "wurfweg.roll": "Roll",
    "wurfweg.rolls": "{seat} rolls.",
    "wurfweg.place": "{seat}: {symbol} → {where}.",
    "wurfweg.tray": "tray", "wurfweg.left": "left neighbour", "wurfweg.right": "right neighbour",
    "wurfweg.lucky": "Round {round}: the lucky symbol is {symbol}.",
    "wurfweg.draws": "{seat} draws a coaster ({left} | {right}).",
    "wurfweg.prompt": "Everyone at once! Roll, then click a die that matches: lucky symbol → tray, your coaster's left symbol → left, right symbol → right.",
    "wurfweg.pickTarget": "Where does the {symbol} go?",
    "wurfweg.calm": "Stop was called: three calm rolls, only the lucky symbol counts.",
    "wurfweg.legend": "Keys: R rolls · your dice: Tab and Enter, then the place · ★ coasters won · the yellow die shows the lucky symbol · STOP: the first to get rid of all dice called stop",
    "wurfweg.won": "★ {n}",
    "wurfweg.trayCount": "Tray: {n}",
    "wurfweg.pile": "Pile: {n}",
    "wurfweg.die": "die showing {symbol}",
    "wurfweg.stop": "STOP",
    "wurfweg.coasterOf": "{seat}: {left} | {right}",
    "wurfweg.noCoaster": "{seat}: no coaster",
    "wurfweg.coasterStop": "{coaster}, called stop",
    "wurfweg.statusRace": "Round {round}: everyone at once! The lucky symbol is {symbol}.",
    "wurfweg.statusCalm": "{seat} called stop: your calm rolls, {n} left. Only the lucky symbol counts.",
    "wurfweg.statusCalmOne": "{seat} called stop: your last calm roll. Only the lucky symbol counts.",
    "wurfweg.statusStopped": "Stop! The others roll {n} more times, calmly; only the lucky symbol counts.",
    "wurfweg.statusStoppedOne": "Stop! The others roll once more, calmly; only the lucky symbol counts.",
    "wurfweg.statusDone": "{seat} called stop; your calm rolls are done. The others roll on.",
    "wurfweg.statusWatchCalm": "{seat} called stop: the others roll {n} more times, calmly.",
    "wurfweg.statusWatchCalmOne": "{seat} called stop: the others roll once more, calmly.",
    "wurfweg.statusNext": "Round {round} is over: coasters are won and drawn, the yellow die rolls.",
    "wurfweg.statusWatchRace": "Round {round}: everyone rolls at once. The lucky symbol is {symbol}.",
  },
  de: {
    "wurfweg.seat": "Spieler {n}",
    "wurfweg.clover": "Kleeblatt", "wurfweg.pig": "Glücksschwein", "wurfweg.cat": "Winkekatze", "wurfweg.penny": "Glückspfennig",
    "wurfweg.horseshoe": "Hufeisen", "wurfweg.hamsa": "Hand der Fatima",
    "wurfweg.label.clover": "Kleeblatt", "wurfweg.label.pig": "Glücksschwein", "wurfweg.label.cat": "Winkekatze",
    "wurfweg.label.penny": "Glückspfennig", "wurfweg.label.horseshoe": "Hufeisen", "wurfweg.label.hamsa": "Hand der Fatima",
    "wurfweg.roll": "Würfeln",
    "wurfweg.rolls": "{seat} würfelt.",
    "wurfweg.place": "{seat}: {symbol} → {where}.",
    "wurfweg.tray": "Ablage", "wurfweg.left": "linker Nachbar", "wurfweg.right": "rechter Nachbar",
    "wurfweg.lucky": "Runde {round}: das Glückssymbol ist {symbol}.",
    "wurfweg.draws": "{seat} zieht einen Deckel ({left} | {right}).",
    "wurfweg.prompt": "Alle gleichzeitig! Würfeln, dann einen passenden Würfel klicken: Glückssymbol → Ablage, linkes Symbol deines Deckels → links, rechtes → rechts.",
    "wurfweg.pickTarget": "Wohin kommt {symbol}?",
    "wurfweg.calm": "Stopp wurde gerufen: drei ruhige Würfe, nur das Glückssymbol zählt.",
    "wurfweg.legend": "Tasten: R würfelt · deine Würfel: Tab und Enter, dann der Platz · ★ gewonnene Deckel · der gelbe Würfel zeigt das Glückssymbol · STOPP: wer zuerst alle Würfel los war, hat Stopp gerufen",
    "wurfweg.won": "★ {n}",
    "wurfweg.trayCount": "Ablage: {n}",
    "wurfweg.pile": "Stapel: {n}",
    "wurfweg.die": "Würfel mit {symbol}",
    "wurfweg.stop": "STOPP",
    "wurfweg.coasterOf": "{seat}: {left} | {right}",
    "wurfweg.noCoaster": "{seat}: kein Deckel",
    "wurfweg.coasterStop": "{coaster}, hat Stopp gerufen",
    "wurfweg.statusRace": "Runde {round}: alle gleichzeitig! Das Glückssymbol ist {symbol}.",
    "wurfweg.statusCalm": "{seat} hat Stopp gerufen: deine ruhigen Würfe, noch {n}. Nur das Glückssymbol zählt.",
    "wurfweg.statusCalmOne": "{seat} hat Stopp gerufen: dein letzter ruhiger Wurf. Nur das Glückssymbol zählt.",
    "wurfweg.statusStopped": "Stopp! Die anderen würfeln noch {n}-mal, in Ruhe; nur das Glückssymbol zählt.",
    "wurfweg.statusStoppedOne": "Stopp! Die anderen würfeln noch einmal, in Ruhe; nur das Glückssymbol zählt.",
    "wurfweg.statusDone": "{seat} hat Stopp gerufen; deine ruhigen Würfe sind gemacht. Die anderen würfeln weiter.",
    "wurfweg.statusWatchCalm": "{seat} hat Stopp gerufen: die anderen würfeln noch {n}-mal, in Ruhe.",
    "wurfweg.statusWatchCalmOne": "{seat} hat Stopp gerufen: die anderen würfeln noch einmal, in Ruhe.",
    "wurfweg.statusNext": "Runde {round} ist vorbei: Deckel werden gewonnen und gezogen, der gelbe Würfel rollt.",
    "wurfweg.statusWatchRace": "Runde {round}: alle würfeln gleichzeitig. Das Glückssymbol ist {symbol}.",
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
      g.append(svg("circle", { cx: x, cy: y, r: r * 0.5, fill: "none", stroke: "#6b4a00", "stroke-width": Math.max(1, r * 0.12) }));
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
    this.narrow = Boolean(ctx.narrow);
    this.element = svg("svg", { class: `board wurfweg${this.narrow ? " narrow" : ""}`, role: "group" });
    this.layout = null;
    this.dynamic = svg("g");
    this.onKey = () => {};
  }

  /** The table for ``n`` players seen by ``viewer``: drawn once, when the first state comes. */
  build(n, viewer) {
    const layout = tableLayout(this.narrow, n, viewer);
    this.layout = layout;
    this.layoutKey = `${n} ${viewer}`;
    this.element.setAttribute("viewBox", `0 0 ${layout.width} ${layout.height}`);
    keepTappable(this.element, layout.unit);
    this.element.replaceChildren(svg("rect", { x: 0, y: 0, width: layout.width, height: layout.height, rx: 20, class: "board-bg" }));
    if (layout.table) {
      const { cx, cy, rx, ry } = layout.table;
      this.element.append(svg("ellipse", { cx, cy, rx, ry, class: "table-top" }));
    }
    this.element.append(this.dynamic);
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

  /** A symbol's name as a label on its own (English capitalises it there). */
  symbolLabel(name) {
    return this.ctx.t(`wurfweg.label.${name}`);
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

  /**
   * What is happening, for the status line: everybody plays at once, so it is never
   * "whose turn". ``seat``: this screen's seat (null: a spectator); ``mine``: whether it
   * may act now. After a stop: who stopped, and how many calm rolls are left.
   */
  status(obs, seat, mine) {
    const t = this.ctx.t;
    const round = obs.round;
    if (obs.phase === "race") {
      const symbol = obs.lucky ? this.symbol(obs.lucky) : "";
      return t(mine ? "wurfweg.statusRace" : "wurfweg.statusWatchRace", { round, symbol });
    }
    if (obs.phase !== "calm") return t("wurfweg.statusNext", { round: obs.round > 1 ? obs.round - 1 : round });
    const stopper = obs.stopper === null ? "" : this.seatLook(obs.stopper).name;
    const rollers = (obs.active_players || []).filter((s) => s !== obs.stopper);
    // The calm rolls still to come: the most any seat still rolling has left.
    const left = Math.max(0, ...rollers.map((s) => CALM_ROLLS - obs.players[s].calm_rolls));
    if (mine) {
      const own = CALM_ROLLS - obs.players[seat].calm_rolls;
      return own === 1 ? t("wurfweg.statusCalmOne", { seat: stopper }) : t("wurfweg.statusCalm", { seat: stopper, n: own });
    }
    if (seat !== null && seat === obs.stopper) {
      return left === 1 ? t("wurfweg.statusStoppedOne") : t("wurfweg.statusStopped", { n: left });
    }
    if (seat !== null) return t("wurfweg.statusDone", { seat: stopper });
    return left === 1 ? t("wurfweg.statusWatchCalmOne", { seat: stopper }) : t("wurfweg.statusWatchCalm", { seat: stopper, n: left });
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

  update(obs, { targets = new Set(), picked = [], actor = null } = {}) {
    const t = this.ctx.t;
    const n = obs.players.length;
    const viewer = obs.viewer ?? 0;
    if (this.layoutKey !== `${n} ${viewer}`) this.build(n, viewer);
    const L = this.layout;
    const layer = svg("g");
    // The middle: tray, the yellow die with the lucky symbol, the pile.
    const tray = svg("g", { class: "tray-place", "data-key": "tray" });
    tray.append(svg("ellipse", { cx: L.tray.cx, cy: L.tray.cy, rx: L.tray.rx, ry: L.tray.ry, class: "tray spot" }));
    tray.append(svg("text", { x: L.tray.cx, y: L.tray.cy, class: "tray-label" }, t("wurfweg.trayCount", { n: obs.tray })));
    clickable(tray, t("wurfweg.tray"), () => this.onKey("tray"));
    tray.classList.toggle("target", targets.has("tray"));
    tray.setAttribute("tabindex", targets.has("tray") ? "0" : "-1");
    layer.append(tray);
    const lucky = L.lucky;
    layer.append(svg("rect", { x: lucky.x, y: lucky.y, width: lucky.size, height: lucky.size, rx: lucky.size / 5, class: "lucky-die" }));
    if (obs.lucky) layer.append(symbolIcon(obs.lucky, lucky.x + lucky.size / 2, lucky.y + lucky.size / 2, lucky.icon));
    layer.append(svg("text", { x: lucky.x + lucky.size / 2, y: lucky.label, class: "tray-label" }, obs.lucky ? this.symbolLabel(obs.lucky) : ""));
    layer.append(svg("text", { x: L.pile.x, y: L.pile.y, class: "tray-label" }, t("wurfweg.pile", { n: obs.pile.length })));
    obs.players.forEach((player, seat) => layer.append(this.place(obs, player, seat, n, targets, picked, actor)));
    this.dynamic.replaceWith(layer);
    this.dynamic = layer;
  }

  place(obs, player, seat, n, targets, picked, actor) {
    const t = this.ctx.t;
    const look = this.seatLook(seat);
    const dice = [...player.hand.map((s) => ({ s })), ...Array.from({ length: player.unrolled }, () => ({ s: null }))];
    const at = this.layout.placeOf(seat, dice.length);
    const { cx, cy } = at;
    const [cw, ch] = at.coaster;
    const icon = this.layout.icon;
    const stopped = obs.stopper === seat;
    const g = svg("g", { class: `player-place${stopped ? " stopped" : ""}` });
    // Which of the acting seat's targets is this coaster: its left or right neighbour.
    const left = actor === null ? null : (actor + 1) % n;
    const right = actor === null ? null : (actor - 1 + n) % n;
    const key = targets.has("left") && seat === left ? "left" : targets.has("right") && seat === right ? "right" : `coaster:${seat}`;
    const coaster = svg("g", { class: "coaster-place", "data-key": key });
    coaster.append(svg("rect", { x: cx - cw / 2, y: cy - ch / 2, width: cw, height: ch, rx: 10, class: "coaster spot", stroke: look.colour }));
    const [l, r] = (player.coaster || "-").split("-");
    if (l) coaster.append(symbolIcon(l, cx - cw * 0.28, cy, icon));
    if (r) coaster.append(symbolIcon(r, cx + cw * 0.28, cy, icon));
    coaster.append(svg("line", { x1: cx, y1: cy - ch * 0.4, x2: cx, y2: cy + ch * 0.4, class: "coaster-split" }));
    if (stopped) {
      // Who called stop (WUW-8): a badge over the coaster, where no dice lie any more.
      const w = cw * 0.62;
      coaster.append(svg("rect", { x: cx - w / 2, y: cy - ch * 0.3, width: w, height: ch * 0.6, rx: ch * 0.3, class: "stop-badge" }));
      coaster.append(svg("text", { x: cx, y: cy, class: "stop-mark" }, t("wurfweg.stop")));
    } else if (player.on_coaster) {
      coaster.append(svg("text", { x: cx, y: cy, class: "on-coaster" }, `+${player.on_coaster}`));
    }
    const named = l && r ? t("wurfweg.coasterOf", { seat: look.name, left: this.symbol(l), right: this.symbol(r) }) : t("wurfweg.noCoaster", { seat: look.name });
    clickable(coaster, stopped ? t("wurfweg.coasterStop", { coaster: named }) : named, () => this.onKey(key));
    coaster.classList.toggle("target", key === "left" || key === "right");
    coaster.setAttribute("tabindex", key === "left" || key === "right" ? "0" : "-1");
    g.append(coaster);
    const mark = this.layout.narrow ? 9 : 12;
    g.append(seatShape(look.shape, at.left + mark, at.header, mark, { fill: look.colour, class: "figure-shape" }));
    g.append(svg("text", { x: at.left + mark, y: at.header + 1, class: "figure-mark", fill: look.ink }, look.mark));
    g.append(svg("text", { x: at.left + mark * 2 + 6, y: at.header, class: "seat-label" }, look.name));
    g.append(svg("text", { x: at.right - 2, y: at.header, class: "won-label" }, t("wurfweg.won", { n: player.won.length })));
    // Dice: rolled ones show their symbol; the acting seat clicks its own.
    const rows = Math.ceil(dice.length / at.perRow);
    dice.forEach((die, i) => {
      const row = Math.floor(i / at.perRow);
      const inRow = row < rows - 1 ? at.perRow : dice.length - row * at.perRow;
      const dx = cx - ((inRow - 1) * at.dieStep) / 2 + (i % at.perRow) * at.dieStep;
      const dy = at.diceTop + at.dieSize / 2 + row * (at.dieStep + 2);
      const size = at.dieSize;
      const keyDie = die.s && seat === actor ? `die:${die.s}` : `other:${seat}:${i}`;
      const el = svg("g", { class: "hand-die", "data-key": keyDie });
      el.append(svg("rect", { x: dx - size / 2, y: dy - size / 2, width: size, height: size, rx: size / 6, class: "spot" }));
      if (die.s) el.append(symbolIcon(die.s, dx, dy, size * 0.32));
      else if (size >= 20) el.append(svg("text", { x: dx, y: dy + 1, class: "unrolled" }, "?"));
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
