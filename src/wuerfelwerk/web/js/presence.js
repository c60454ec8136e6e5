// Who is at the table: the server's presence frames, a dot and the player's name beside
// every seat, and a line when a person leaves or comes back.

import { profileUrl } from "./account.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";

export class PresenceView {
  constructor() {
    this.frame = null;
    this.seen = new Set(); // the seats a person has held on this page's watch
  }

  /**
   * A presence frame from the server; returns what changed in words ("Blue has left the
   * table."), nothing for the first frame. ``seatName(seat)`` names a seat.
   */
  update(frame, seatName) {
    const before = this.frame;
    this.frame = frame;
    const news = [];
    for (const seat of frame.seats) {
      const was = before?.seats[seat.seat];
      const first = !this.seen.has(seat.seat);
      if (seat.online) this.seen.add(seat.seat);
      if (seat.player !== "human" || !was || was.online === seat.online) continue;
      // A first arrival is no return.
      const what = seat.online ? (first ? "presence.arrived" : "presence.back") : "presence.left";
      news.push(t(what, { seat: seatName(seat.seat) }));
    }
    return news;
  }

  /** Whether a person holds ``seat`` now (bots always do). */
  online(seat) {
    return this.frame?.seats?.[seat]?.online ?? true;
  }

  /** The chosen name of the player at ``seat``, if any. */
  name(seat) {
    return this.frame?.seats?.[seat]?.name ?? null;
  }

  /** Add to every person's seat in the list its player's name and whether it is here. */
  decorate(list) {
    if (!this.frame) return;
    for (const item of list.querySelectorAll("li[data-seat]")) {
      const seat = this.frame.seats[Number(item.dataset.seat)];
      if (!seat || seat.player !== "human") continue;
      const state = seat.online ? "online" : "offline";
      item.classList.toggle("offline", !seat.online);
      const dot = el("span", { class: `presence ${state}`, title: t(`presence.${state}`) });
      dot.append(el("span", { class: "visually-hidden", text: t(`presence.${state}`) }));
      item.prepend(dot);
      if (seat.name) {
        item.querySelector(".seat-badge")?.after(
          el("a", { class: "player-name", href: profileUrl(seat.name), text: seat.name }),
        );
      }
    }
  }

  /** "2 watching", or nothing. */
  summary() {
    const n = this.frame?.spectators || 0;
    if (!n) return [];
    return [n === 1 ? t("presence.watchingOne") : t("presence.watching", { n })];
  }
}
