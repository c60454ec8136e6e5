// The replay page: a finished game step by step from its record, with a slider, step
// buttons (and the arrow keys) and autoplay.

import { AnalysisView } from "./analysis.js";
import { api, pageAddress } from "./api.js";
import { loadBoard, onNarrowChange } from "./boards.js";
import { dieBox } from "./dice.js";
import { applyTexts, gameTitle, installSwitch, t } from "./i18n.js";
import { logLine, resultLines, seatList } from "./view.js";

const $ = (id) => document.getElementById(id);
const page = { board: null, frames: [], at: 0, timer: null, table: null };

/** The die as it lies at step ``at``: the last one rolled (a move made leaves it showing). */
function dieAt(at) {
  for (let i = at; i >= 0; i -= 1) {
    const die = page.board.die(page.frames[i].observation);
    if (die !== null && die !== undefined) return die;
  }
  return null;
}

/** The places of the action at step ``at`` (where a piece came from and went). */
function movedPlaces(at) {
  const frame = page.frames[at];
  const before = page.frames[at - 1].observation;
  if (page.board.lastMove) return page.board.lastMove(frame.action, before, frame.observation);
  return frame.action ? page.board.keysOf(frame.action) || [] : [];
}

/** Mark the last move up to step ``at`` on the board (a die rolled since moves nothing). */
function markLastMove(at) {
  for (const old of page.board.element.querySelectorAll(".last-move")) old.classList.remove("last-move");
  let keys = [];
  for (let step = at; step > 0 && !keys.length; step -= 1) keys = movedPlaces(step);
  for (const key of keys) {
    for (const place of page.board.element.querySelectorAll(`[data-key="${CSS.escape(key.replace(/^~/, ""))}"]`)) place.classList.add("last-move");
  }
}

function show(index) {
  const frames = page.frames;
  page.at = Math.max(0, Math.min(frames.length - 1, index));
  const frame = frames[page.at];
  const obs = frame.observation;
  page.board.update(obs, {});
  markLastMove(page.at);
  // The game is over: what an action showed for a moment stands while its step is shown.
  page.cover?.();
  page.cover = frame.moment && page.board.moment ? page.board.moment(frame.moment) : null;
  $("slider").value = String(page.at);
  $("step").textContent = t("replay.step", { i: page.at, n: frames.length - 1 });
  const die = dieAt(page.at);
  $("dice").replaceChildren(die === null ? "" : dieBox(die));
  seatList($("seats"), page.board, page.table, [], obs);
  const lines = [];
  // Whether this step's action made the log's last line (a die falling makes none).
  let fresh = false;
  if (page.board.publicLog) {
    lines.push(...page.board.publicLog(obs));
    fresh = page.at > 0 && lines.length > page.board.publicLog(frames[page.at - 1].observation).length;
  } else {
    for (let i = 1; i <= page.at; i += 1) {
      const words = page.board.describe(frames[i].action, frames[i].seat, frames[i - 1].observation, frames[i].observation);
      if (words) lines.push(words);
      fresh = Boolean(words);
    }
  }
  const shown = lines.slice(-200).map((words) => logLine(words, page.board));
  // The line of this step, marked in the log and shown beside the step count.
  const current = fresh ? shown.at(-1) : undefined;
  current?.classList.add("current");
  current?.setAttribute("aria-current", "step");
  $("current").textContent = current ? current.textContent : "";
  $("log").replaceChildren(...shown);
  $("log").scrollTop = $("log").scrollHeight;
  const last = page.at === frames.length - 1;
  $("result").textContent = last ? resultLines({ observation: obs, outcome: page.outcome }, page.board).headline : "";
  document.body.dataset.step = String(page.at);
  $("title").textContent = t("replay.titleOf", { game: gameTitle(page.table.game) });
  document.title = t("page.title", { page: $("title").textContent });
  $("legend").textContent = page.board.legend ? page.board.legend() : "";
  page.analysis?.step(page.at);
}

/** Draw the board anew: in another language, and when the screen turns from a phone's to
 * a wider one or back. */
async function buildBoard(narrow) {
  page.board = await loadBoard(page.table, narrow);
  page.cover = null;
  $("board").replaceChildren(page.board.element);
  show(page.at);
}

function togglePlay() {
  if (page.timer) {
    clearInterval(page.timer);
    page.timer = null;
    $("play").textContent = t("replay.play");
    return;
  }
  $("play").textContent = t("replay.pause");
  page.timer = setInterval(() => {
    if (page.at >= page.frames.length - 1) togglePlay();
    else show(page.at + 1);
  }, 600);
}

async function main() {
  applyTexts();
  installSwitch($("lang"), () => {
    if (page.board) buildBoard().then(() => page.analysis?.relabel());
  });
  const { id } = pageAddress();
  try {
    page.table = await api.table(id);
    const replay = await api.replay(id);
    page.frames = replay.frames;
    page.outcome = replay.outcome;
  } catch (error) {
    // A 404 without the server's own error code: this server has no replay route.
    const why = error.status === 409 ? "replay.notFinished" : error.code === "unknown_table" ? "table.gone" : error.status === 404 ? "replay.unavailable" : null;
    $("status").textContent = why ? t(why) : error.message;
    return;
  }
  await buildBoard();
  onNarrowChange((narrow) => buildBoard(narrow));
  // The board is drawn anew in another language or width: the analysis reads the current one.
  const replay = { id, get board() { return page.board; }, frames: page.frames, show };
  page.analysis = new AnalysisView($("analysis"), replay);
  $("slider").max = String(page.frames.length - 1);
  $("slider").addEventListener("input", () => show(Number($("slider").value)));
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(page.at - 1));
  $("next").addEventListener("click", () => show(page.at + 1));
  $("last").addEventListener("click", () => show(page.frames.length - 1));
  $("play").addEventListener("click", togglePlay);
  document.addEventListener("keydown", (event) => {
    if (event.target.tagName === "INPUT") return;
    if (event.key === "ArrowRight") show(page.at + 1);
    else if (event.key === "ArrowLeft") show(page.at - 1);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(page.frames.length - 1);
  });
  await page.analysis.load();
  document.body.dataset.ready = "true";
}

main();
