// The analysis of a finished game on the replay page: what decided it, luck or play.
// The server makes it in the background (POST, then GET for the progress) and keeps it;
// this module draws each player's chance to win over the game (SVG, no inline styles),
// marks the mistakes, blunders and very lucky or unlucky rolls, lists the moves, and
// shows the best move on the board when a move is chosen. Wurf & Weg gets each player's
// speed per round instead.

import { ANALYSIS_TEXTS } from "./analysis-texts.js";
import { request } from "./api.js";
import { el } from "./dom.js";
import { addTexts, refusal, t } from "./i18n.js";
import { svg } from "./svg.js";

addTexts(ANALYSIS_TEXTS);

const POLL_MS = 600;
// The chart's drawing area, in SVG units.
const W = 640;
const H = 210;
const LEFT = 40;
const RIGHT = 10;
const TOP = 10;
const BOTTOM = 24;
const MARK_SHAPES = { mistake: "circle", blunder: "cross", lucky: "up", unlucky: "down" };

const path = (id) => `/api/tables/${encodeURIComponent(id)}/analysis`;
const percent = (share) => t("analysis.chance", { p: Math.round(share * 100) });
const signed = (share) => {
  const value = Math.round(share * 100);
  return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : "0";
};

export class AnalysisView {
  /**
   * ``root``: the element the analysis fills; ``replay``: {id, board, frames, show(step)},
   * ``show`` moving the replay to a step (it calls ``step`` back).
   */
  constructor(root, replay) {
    this.root = root;
    this.replay = replay;
    this.result = null;
    this.status = null;
    this.source = null;
    this.selected = null;
    this.onlyMarked = false;
    this.at = 0;
  }

  /** What the server has: the analysis as stored, one under way, or a button to ask. */
  async load() {
    try {
      this.track(await request("GET", path(this.replay.id)));
    } catch (error) {
      this.status = { status: "error", message: refusal(error.code, error.message) };
      this.draw();
    }
  }

  async ask() {
    this.status = { status: "starting" };
    this.source = "computed";
    this.draw();
    try {
      this.track(await request("POST", path(this.replay.id)));
    } catch (error) {
      this.status = { status: "error", message: refusal(error.code, error.message) };
      this.draw();
    }
  }

  track(answer) {
    this.status = answer;
    if (answer.status === "done") {
      this.result = answer.analysis;
      // Seen without asking or waiting: it came as stored.
      if (!this.source) this.source = "stored";
      document.body.dataset.analysis = this.source;
    } else if (answer.status === "queued" || answer.status === "running") {
      this.source = "computed";
      setTimeout(() => this.load(), POLL_MS);
    }
    this.draw();
  }

  /** The replay shows step ``at``: the chart's cursor follows; a chosen move stays
   * marked while its position shows. */
  step(at) {
    this.at = at;
    if (this.selected && this.positionOf(this.selected) !== at) this.selected = null;
    this.mark();
  }

  /** Draw again in the current language. */
  relabel() {
    this.draw();
  }

  // -- drawing ---------------------------------------------------------------------------

  draw() {
    const parts = [el("h2", { text: t("analysis.title") })];
    const state = this.status?.status;
    if (this.result && this.result.kind === "speed") parts.push(...this.speed(this.result));
    else if (this.result) parts.push(...this.judged(this.result));
    else if (state === "queued") parts.push(this.progress(t("analysis.queued", { ahead: this.status.ahead })));
    else if (state === "running") parts.push(this.progress(t("analysis.running", this.status), this.status));
    else if (state === "starting") parts.push(this.progress(t("analysis.starting")));
    else {
      parts.push(el("p", { class: "analysis-intro", text: t("analysis.intro") }));
      if (state === "failed") parts.push(el("p", { class: "error", text: t("analysis.failed") }));
      if (state === "error") parts.push(el("p", { class: "error", text: t("analysis.error", { message: this.status.message }) }));
      const button = el("button", { type: "button", id: "analyse", class: "primary", text: t("analysis.start") });
      button.addEventListener("click", () => this.ask());
      parts.push(button);
    }
    this.root.replaceChildren(...parts);
    this.mark();
  }

  progress(text, counts = null) {
    const bar = el("progress", { id: "analysis-progress", "aria-label": text });
    if (counts && counts.total) {
      bar.max = counts.total;
      bar.value = counts.done;
    }
    return el("div", { class: "analysis-progress", role: "status" }, el("p", { text }), bar);
  }

  judged(result) {
    const parts = [el("p", { id: "analysis-verdict", class: "verdict", text: this.verdict(result) })];
    parts.push(this.chart(result));
    parts.push(el("p", { class: "hint", text: t("analysis.judge", { budget: result.budget }) }));
    parts.push(this.seatTable(result));
    parts.push(el("p", { class: "hint", text: t("analysis.columnsNote") }));
    const filter = el("input", { type: "checkbox", id: "analysis-marked" });
    filter.checked = this.onlyMarked;
    filter.addEventListener("change", () => {
      this.onlyMarked = filter.checked;
      this.draw();
    });
    parts.push(
      el("div", { class: "analysis-moves-head" }, el("h3", { text: t("analysis.moves") }), el("label", { class: "check" }, filter, t("analysis.onlyMarked"))),
    );
    parts.push(this.moveList(result));
    parts.push(el("p", { id: "analysis-detail", class: "analysis-detail", "aria-live": "polite" }));
    return parts;
  }

  verdict(result) {
    const verdict = result.verdict;
    if (!verdict || verdict.decided_by === null) return t("analysis.verdict.none");
    const seat = this.replay.board.seatLook(verdict.winner).name;
    return t(`analysis.verdict.${verdict.decided_by}`, { seat, luck: signed(verdict.luck_edge), play: signed(verdict.play_edge) });
  }

  /** Each seat's chance over the game, one line per seat, the marked steps on them. */
  chart(result) {
    const steps = result.steps;
    const count = Math.max(1, steps.length);
    const x = (step) => LEFT + ((W - LEFT - RIGHT) * step) / count;
    const y = (chance) => TOP + (H - TOP - BOTTOM) * (1 - chance);
    const rows = [result.start, ...steps.map((s) => s.chances)];
    const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "analysis-chart", role: "img", id: "analysis-chart", "aria-label": t("analysis.chart") });
    chart.append(svg("title", {}, t("analysis.chart")));
    const grid = svg("g", { class: "grid" });
    for (const level of [0, 0.5, 1]) {
      grid.append(svg("line", { x1: LEFT, x2: W - RIGHT, y1: y(level), y2: y(level) }));
      grid.append(svg("text", { x: LEFT - 4, y: y(level) + 4, class: "axis", "text-anchor": "end" }, `${level * 100}%`));
    }
    grid.append(svg("text", { x: W - RIGHT, y: H - 6, class: "axis", "text-anchor": "end" }, t("analysis.axis", { n: steps.length })));
    chart.append(grid);
    const background = svg("rect", { x: LEFT, y: TOP, width: W - LEFT - RIGHT, height: H - TOP - BOTTOM, class: "chart-area" });
    background.addEventListener("click", (event) => {
      const box = chart.getBoundingClientRect();
      const at = ((event.clientX - box.left) / box.width) * W;
      this.replay.show(Math.round(((at - LEFT) / (W - LEFT - RIGHT)) * count));
    });
    chart.append(background);
    const seats = rows[0].length;
    for (let seat = 0; seat < seats; seat += 1) {
      const look = this.replay.board.seatLook(seat);
      const points = rows.map((row, i) => `${x(i).toFixed(1)},${y(row[seat]).toFixed(1)}`).join(" ");
      chart.append(svg("polyline", { points, class: "seat-line", stroke: look.colour, "data-seat": seat }));
    }
    this.cursor = svg("line", { y1: TOP, y2: H - BOTTOM, class: "cursor" });
    chart.append(this.cursor);
    for (const step of steps) {
      if (!step.mark) continue;
      const seat = step.kind === "chance" ? step.mover : step.seat;
      if (seat === null || seat === undefined) continue;
      const marker = this.marker(step.mark, x(step.step), y(step.chances[seat]));
      marker.setAttribute("data-step", step.step);
      marker.setAttribute("tabindex", "0");
      marker.setAttribute("role", "button");
      marker.setAttribute("aria-label", this.markLabel(step));
      const choose = () => this.choose(step);
      marker.addEventListener("click", choose);
      marker.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          choose();
        }
      });
      chart.append(marker);
    }
    this.scale = { x };
    return el("figure", { class: "analysis-figure" }, chart, this.legend(seats));
  }

  marker(mark, cx, cy) {
    const g = svg("g", { class: `marker mark-${mark}` });
    const r = 6;
    const shape = MARK_SHAPES[mark];
    if (shape === "circle") g.append(svg("circle", { cx, cy, r }));
    else if (shape === "cross") g.append(svg("path", { d: `M${cx - r},${cy - r}L${cx + r},${cy + r}M${cx - r},${cy + r}L${cx + r},${cy - r}` }), svg("circle", { cx, cy, r: r + 2, class: "ring" }));
    else if (shape === "up") g.append(svg("polygon", { points: `${cx},${cy - r - 2} ${cx + r},${cy + r - 1} ${cx - r},${cy + r - 1}` }));
    else g.append(svg("polygon", { points: `${cx},${cy + r + 2} ${cx + r},${cy - r + 1} ${cx - r},${cy - r + 1}` }));
    return g;
  }

  legend(seats) {
    const items = [];
    for (let seat = 0; seat < seats; seat += 1) {
      const look = this.replay.board.seatLook(seat);
      const swatch = svg("svg", { viewBox: "0 0 20 8", width: 20, height: 8, "aria-hidden": "true" }, svg("line", { x1: 0, x2: 20, y1: 4, y2: 4, class: "seat-line", stroke: look.colour }));
      items.push(el("li", {}, swatch, look.name));
    }
    for (const mark of Object.keys(MARK_SHAPES)) {
      const swatch = svg("svg", { viewBox: "-9 -9 18 18", width: 16, height: 16, "aria-hidden": "true" }, this.marker(mark, 0, 0));
      items.push(el("li", {}, swatch, t(`analysis.mark.${mark}`)));
    }
    return el("ul", { class: "chart-legend" }, ...items);
  }

  seatTable(result) {
    const head = el("tr", {}, ...["analysis.player", "analysis.errorRate", "analysis.mistakes", "analysis.blunders", "analysis.luck", "analysis.hints"].map((key) => el("th", { scope: "col", text: t(key) })));
    const rows = result.seats.map((seat) =>
      el(
        "tr",
        {},
        el("th", { scope: "row", text: this.replay.board.seatLook(seat.seat).name }),
        el("td", { text: (seat.error_rate * 100).toFixed(1) }),
        el("td", { text: String(seat.mistakes) }),
        el("td", { text: String(seat.blunders) }),
        el("td", { text: signed(seat.luck) }),
        el("td", { text: String(seat.hints) }),
      ),
    );
    return el("div", { class: "table-scroll" }, el("table", { class: "analysis-seats", id: "analysis-seats" }, el("thead", {}, head), el("tbody", {}, ...rows)));
  }

  /** A move in words, as the log says it. */
  words(action, seat, step) {
    const frames = this.replay.frames;
    const before = frames[step - 1]?.observation ?? null;
    const after = action === frames[step]?.action ? frames[step].observation : null;
    return this.replay.board.describe(action, seat, before, after);
  }

  moveList(result) {
    const list = el("ol", { class: "analysis-moves", id: "analysis-moves" });
    for (const step of result.steps) {
      const shown = step.kind === "decision" || (step.kind === "chance" && step.mark);
      if (!shown || (this.onlyMarked && !step.mark && !step.hint)) continue;
      // Whole lines from the catalogue, in spans: the button holds no loose text.
      const button = el("button", { type: "button", class: "move", "data-step": step.step });
      if (step.kind === "chance") {
        const seat = this.replay.board.seatLook(step.mover).name;
        button.append(el("span", { class: "line", text: t("analysis.rollLine", { n: step.step, roll: this.words(step.action, -1, step.step), seat, points: signed(step.luck[step.mover]) }) }));
      } else {
        button.append(el("span", { class: "line", text: t("analysis.moveLine", { n: step.step, move: this.words(step.action, step.seat, step.step), chance: percent(step.played) }) }));
        const best = step.best === step.action ? t("analysis.bestPlayed") : t("analysis.best", { move: this.words(step.best, step.seat, step.step), chance: percent(step.best_chance) });
        button.append(el("span", { class: "best", text: best }));
      }
      for (const mark of [step.mark, step.hint ? "hint" : null]) {
        if (mark) button.append(el("span", { class: `badge mark-${mark}`, text: t(`analysis.mark.${mark}`) }));
      }
      button.addEventListener("click", () => this.choose(step));
      list.append(el("li", { class: step.mark ? `marked mark-${step.mark}` : "" }, button));
    }
    return list;
  }

  markLabel(step) {
    const seat = this.replay.board.seatLook(step.kind === "chance" ? step.mover : step.seat).name;
    return t("analysis.markLabel", { n: step.step, seat, mark: t(`analysis.mark.${step.mark}`) });
  }

  // -- a chosen move ---------------------------------------------------------------------

  /** The replay position a judged step is shown at: before a decision (where the best
   * move could have been played), after a roll. */
  positionOf(step) {
    return step.kind === "chance" ? step.step : step.step - 1;
  }

  choose(step) {
    this.selected = step;
    this.replay.show(this.positionOf(step));
    this.selected = step;
    this.mark();
    const detail = this.root.querySelector("#analysis-detail");
    if (!detail) return;
    if (step.kind === "chance") {
      const seat = this.replay.board.seatLook(step.mover).name;
      const after = step.chances[step.mover];
      detail.textContent = t("analysis.detailLuck", { roll: this.words(step.action, -1, step.step), seat, after: percent(after), average: percent(after - step.luck[step.mover]) });
    } else if (step.best === step.action) {
      detail.textContent = t("analysis.detailBest", { played: this.words(step.action, step.seat, step.step), chance: percent(step.played) });
    } else {
      detail.textContent = t("analysis.detail", {
        best: this.words(step.best, step.seat, step.step),
        bestChance: percent(step.best_chance),
        played: this.words(step.action, step.seat, step.step),
        chance: percent(step.played),
        loss: t("analysis.points", { p: Math.round(step.loss * 100) }),
      });
    }
  }

  /** The cursor at the replay's step; the chosen move's best and played moves on the board. */
  mark() {
    const board = this.replay.board.element;
    for (const old of board.querySelectorAll(".best-move, .played-move")) old.classList.remove("best-move", "played-move");
    for (const old of this.root.querySelectorAll(".analysis-moves .current")) old.classList.remove("current");
    if (this.cursor && this.scale) {
      const x = this.scale.x(this.at);
      this.cursor.setAttribute("x1", x);
      this.cursor.setAttribute("x2", x);
    }
    const step = this.selected;
    if (!step) return;
    this.root.querySelector(`.analysis-moves [data-step="${step.step}"]`)?.parentElement.classList.add("current");
    if (step.kind !== "decision") return;
    const light = (action, name) => {
      for (const key of this.replay.board.keysOf(action) || []) {
        for (const place of board.querySelectorAll(`[data-key="${CSS.escape(key.replace(/^~/, ""))}"]`)) place.classList.add(name);
      }
    };
    if (step.best !== step.action) light(step.action, "played-move");
    light(step.best, "best-move");
  }

  // -- Wurf & Weg ------------------------------------------------------------------------

  speed(result) {
    const board = this.replay.board;
    const name = (seat) => board.seatLook(seat).name;
    const parts = [el("p", { class: "analysis-intro", text: t("analysis.speedIntro") })];
    if (!result.timed) parts.push(el("p", { class: "hint", text: t("analysis.untimed") }));
    const head = el("tr", {}, ...["analysis.player", "analysis.placed", "analysis.meanSeconds", "analysis.missed", "analysis.left", "analysis.coasters"].map((key) => el("th", { scope: "col", text: t(key) })));
    const rows = result.seats.map((seat) =>
      el(
        "tr",
        {},
        el("th", { scope: "row", text: name(seat.seat) }),
        el("td", { text: String(seat.placed) }),
        el("td", { text: seat.mean_seconds === null ? "–" : seat.mean_seconds.toFixed(2) }),
        el("td", { text: String(seat.missed) }),
        el("td", { text: String(seat.left) }),
        el("td", { text: String(seat.coasters) }),
      ),
    );
    parts.push(el("div", { class: "table-scroll" }, el("table", { class: "analysis-seats", id: "analysis-seats" }, el("thead", {}, head), el("tbody", {}, ...rows))));
    const symbol = (key) => t(`wurfweg.${key}`, {}, key);
    const rounds = el("ol", { class: "analysis-rounds", id: "analysis-moves" });
    for (const round of result.rounds) {
      const title = round.stopper === null ? t("analysis.round", { n: round.round, symbol: symbol(round.lucky) }) : t("analysis.roundStop", { n: round.round, symbol: symbol(round.lucky), seat: name(round.stopper) });
      const lines = round.seats.map((seat) => {
        const placed = seat.placed.map((die) => {
          const values = { die: symbol(die.die), where: t(`wurfweg.${die.target}`) };
          return die.seconds === null ? t("analysis.die", values) : t("analysis.dieSeconds", { ...values, s: die.seconds.toFixed(1) });
        });
        const missed = seat.missed.map(symbol);
        // Each part a catalogue text of its own, set apart by the style (no loose text).
        const item = el("li", { class: "seat-round" }, el("strong", { text: name(seat.seat) }), el("span", { text: placed.join(", ") || t("analysis.none") }));
        if (missed.length) item.append(el("span", { text: t("analysis.missedDice", { dice: missed.join(", ") }) }));
        item.append(el("span", { text: seat.won ? t("analysis.wonCoaster") : t("analysis.leftDice", { n: seat.left }) }));
        return item;
      });
      rounds.append(el("li", {}, el("h3", { text: title }), el("ul", {}, ...lines)));
    }
    parts.push(rounds);
    return parts;
  }
}
