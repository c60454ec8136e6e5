// The hint at the table: for the one person playing bots in a game that is not rated,
// the best move found for this turn and the chance to win after it, lit on the board.
// The server notes every hint in the game's record.

import { ANALYSIS_TEXTS } from "./analysis-texts.js";
import { request } from "./api.js";
import { el } from "./dom.js";
import { addTexts, refusal, t } from "./i18n.js";

addTexts(ANALYSIS_TEXTS);

export class HintView {
  /** ``root``: the element to fill; ``table``: GET /api/tables/{id}; ``board``: the board. */
  constructor(root, table, board) {
    this.root = root;
    this.table = table;
    this.board = board;
    this.version = null;
    this.advice = null;
    this.button = el("button", { type: "button", id: "hint" });
    this.button.addEventListener("click", () => this.ask());
    this.text = el("p", { id: "hint-text", "aria-live": "polite" });
    this.note = el("p", { class: "hint" });
    root.replaceChildren(this.button, this.text, this.note);
    root.hidden = true;
  }

  /** Whether ``seat`` may ask: its person is the only one at the table, the others are
   * bots, and the game is played turn by turn and not rated. */
  allowed(seat, simultaneous) {
    const humans = this.table.seats.filter((s) => s.player === "human").map((s) => s.seat);
    return !this.table.rated && !simultaneous && humans.length === 1 && humans[0] === seat;
  }

  /** The table shows ``message`` to ``conn``; ``myTurn``: its seat has moves to make. */
  update(conn, message, myTurn, simultaneous) {
    this.conn = conn;
    this.message = message;
    const offered = Boolean(conn.token) && myTurn && this.allowed(conn.seat, simultaneous);
    this.root.hidden = !offered;
    if (this.version !== message.version) {
      this.version = message.version;
      this.advice = null;
      this.shown = "";
    }
    this.button.textContent = t("hint.button");
    this.note.textContent = t("hint.note");
    this.text.textContent = this.advice ? this.words(this.advice) : this.shown || "";
    this.light();
  }

  words(advice) {
    const move = this.board.describe(advice.action, this.conn.seat, this.message.observation, null);
    return t("hint.best", { move, chance: t("analysis.chance", { p: Math.round(advice.chance * 100) }) });
  }

  async ask() {
    const asked = this.version;
    this.shown = t("hint.asking");
    this.text.textContent = this.shown;
    try {
      const advice = await request("POST", `/api/tables/${encodeURIComponent(this.table.id)}/hint`, { token: this.conn.token });
      if (advice.version !== asked || this.version !== asked) return;
      this.advice = advice;
      this.text.textContent = this.words(advice);
    } catch (error) {
      this.shown = t("hint.error", { message: refusal(error.code, error.message) });
      this.text.textContent = this.shown;
    }
    this.light();
  }

  /** The hinted move's places on the board, while its position shows. */
  light() {
    const board = this.board.element;
    for (const old of board.querySelectorAll(".hint-move")) old.classList.remove("hint-move");
    if (!this.advice || this.root.hidden) return;
    for (const key of this.board.keysOf(this.advice.action) || []) {
      for (const place of board.querySelectorAll(`[data-key="${CSS.escape(key.replace(/^~/, ""))}"]`)) place.classList.add("hint-move");
    }
  }
}
