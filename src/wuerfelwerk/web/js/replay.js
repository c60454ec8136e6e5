// The replay page: a finished game step by step from its record, with a slider, step
// buttons (and the arrow keys) and autoplay.

import { api, gameInfo, pageAddress } from "./api.js";
import { loadBoard } from "./boards.js";
import { dieBox } from "./dice.js";
import { applyTexts, installSwitch, t } from "./i18n.js";
import { logLine, resultLines, seatList } from "./view.js";

const $ = (id) => document.getElementById(id);
const page = { board: null, frames: [], at: 0, timer: null, table: null };

function show(index) {
  const frames = page.frames;
  page.at = Math.max(0, Math.min(frames.length - 1, index));
  const frame = frames[page.at];
  const obs = frame.observation;
  page.board.update(obs, {});
  // The game is over: what an action showed for a moment stands while its step is shown.
  page.cover?.();
  page.cover = frame.moment && page.board.moment ? page.board.moment(frame.moment) : null;
  $("slider").value = String(page.at);
  $("step").textContent = t("replay.step", { i: page.at, n: frames.length - 1 });
  const die = page.board.die(obs);
  $("dice").replaceChildren(die === null || die === undefined ? "" : dieBox(die));
  seatList($("seats"), page.board, page.table, [], obs);
  const lines = [];
  if (page.board.publicLog) lines.push(...page.board.publicLog(obs));
  else {
    for (let i = 1; i <= page.at; i += 1) {
      const words = page.board.describe(frames[i].action, frames[i].seat, frames[i - 1].observation, obs === frames[i].observation ? obs : frames[i].observation);
      if (words) lines.push(words);
    }
  }
  $("log").replaceChildren(...lines.slice(-200).map((words) => logLine(words, page.board)));
  $("log").scrollTop = $("log").scrollHeight;
  const last = page.at === frames.length - 1;
  $("result").textContent = last ? resultLines({ observation: obs, outcome: page.outcome }, page.board).headline : "";
  document.body.dataset.step = String(page.at);
  $("title").textContent = `${t("replay.title")}: ${page.title}`;
  document.title = `${$("title").textContent} · Würfelwerk`;
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
  installSwitch($("lang"), () => show(page.at));
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
  page.board = await loadBoard(page.table);
  page.title = (await gameInfo(page.table.game))?.title || page.table.game;
  $("board").replaceChildren(page.board.element);
  $("legend").textContent = page.board.legend ? page.board.legend() : "";
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
  show(0);
  document.body.dataset.ready = "true";
}

main();
