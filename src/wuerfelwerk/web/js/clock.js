// The turn clocks: the server's clock frames, each seat's time shown beside it and the
// running one counted down here between frames (the server keeps the real clock).

import { el } from "./dom.js";
import { t } from "./i18n.js";

/** Seconds as a clock shows them: 0:42, 1:05:00, or days and hours for correspondence. */
export function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const days = Math.floor(whole / 86400);
  if (days >= 1) return t("clock.dayHour", { d: days, h: Math.floor((whole % 86400) / 3600) });
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** A duration in words for the time control: 60 s, 10 min, 3 d. */
function amount(seconds) {
  if (seconds >= 86400 && seconds % 86400 === 0) return t("clock.days.short", { d: seconds / 86400 });
  if (seconds >= 60 && seconds % 60 === 0) return t("clock.minutes.short", { m: seconds / 60 });
  return t("clock.seconds.short", { s: seconds });
}

/** The time control in words: "60 s per move", "10 min + 10 s per move". */
export function controlText(control) {
  const time = amount(control.seconds);
  if (control.kind === "bank") return t("clock.withIncrement", { time, increment: amount(control.increment) });
  return t("clock.perMove", { time });
}

export class ClockView {
  constructor() {
    this.frame = null;
    this.received = 0;
    this.timedOut = null; // the seat a bot plays this turn, after its time ran out
    this.timer = null;
  }

  get active() {
    return this.frame !== null;
  }

  /** A clock frame from the server. */
  update(frame) {
    this.frame = frame;
    this.received = performance.now();
    if (frame.running !== this.timedOut) this.timedOut = null;
    clearInterval(this.timer);
    if (frame.running !== null && frame.running !== undefined) this.timer = setInterval(() => this.tick(), 250);
    this.tick();
  }

  /** A seat's time ran out: a bot plays its turn (for good if handed over). */
  timeout(seat) {
    this.timedOut = seat;
  }

  /** The people's seats a bot plays for good since their time ran out. */
  handed() {
    return this.frame?.handed || [];
  }

  /** Whether a bot plays ``seat`` now, so its person cannot move. */
  botPlays(seat) {
    const handed = this.frame?.handed || [];
    return handed.includes(seat) || this.timedOut === seat;
  }

  /** Seconds left for ``seat`` now, counted down here for the running clock. */
  left(seat) {
    const remaining = this.frame?.remaining?.[seat];
    if (remaining === null || remaining === undefined) return null;
    if (seat !== this.frame.running) return remaining;
    return remaining - (performance.now() - this.received) / 1000;
  }

  /** Put a clock into every clocked seat of the seat list (rebuilt on every render). */
  decorate(list) {
    if (!this.frame) return;
    for (const item of list.querySelectorAll("li[data-seat]")) {
      const seat = Number(item.dataset.seat);
      if (this.left(seat) === null) continue;
      item.append(el("span", { class: "seat-clock", "data-seat": String(seat), role: "timer" }));
    }
    this.tick();
  }

  /** The words under the seats: the time control, and whether the clocks wait. */
  summary() {
    if (!this.frame) return [];
    const control = controlText(this.frame.control);
    return this.frame.waiting ? [control, t("clock.waiting")] : [control];
  }

  tick() {
    for (const span of document.querySelectorAll(".seat-clock[data-seat]")) {
      const seat = Number(span.dataset.seat);
      const left = this.left(seat);
      span.textContent = left === null ? "" : clockText(left);
      const running = seat === this.frame.running;
      span.classList.toggle("running", running);
      span.classList.toggle("low", running && left !== null && left <= 10);
    }
  }
}
