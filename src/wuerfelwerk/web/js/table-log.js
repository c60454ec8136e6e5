// The table page's log: the entries the state frames bring, put into words and shown.

import { t } from "./i18n.js";
import { logLine } from "./view.js";

// The log entries that keep their positions, for words in another language (older ones
// are put into words without them).
const KEEP_POSITIONS = 600;

/**
 * The last ``limit`` lines of a game's log in a list, kept up to date by changing only
 * what changed: an action adds a line or two, and drawing every line anew on each state
 * would cost a phone the layout of the whole list every time.
 */
export class LogList {
  constructor(list, limit = 200) {
    this.list = list;
    this.limit = limit;
    this.ids = []; // what each shown line says, with its key
    this.board = null;
    this.scrolling = false; // a scroll to the newest line waits for the next frame
  }

  /** Show ``lines`` ({key, words}) as ``board`` words them; scroll to the newest line if
   * any came. */
  show(lines, board) {
    const shown = lines.slice(-this.limit);
    const ids = shown.map((line) => `${line.key}\n${JSON.stringify(line.words)}`);
    // The lines shown before that are still shown: a tail of the old, a head of the new.
    const start = board === this.board && ids.length ? this.ids.indexOf(ids[0]) : -1;
    const kept = start < 0 ? 0 : this.ids.length - start;
    const grown = start >= 0 && kept <= ids.length && this.ids.slice(start).every((id, i) => id === ids[i]);
    let changed = false;
    if (grown) {
      for (let i = 0; i < start; i += 1) this.list.firstElementChild.remove();
      this.list.append(...shown.slice(kept).map((line) => logLine(line.words, board)));
      changed = kept < ids.length;
    } else if (board !== this.board || ids.length || this.ids.length) {
      this.list.replaceChildren(...shown.map((line) => logLine(line.words, board)));
      changed = true;
    }
    this.ids = ids;
    this.board = board;
    // At the next frame, when the page is laid out anyway: reading the height now would
    // lay out the page in the middle of drawing it.
    if (changed && !this.scrolling) {
      this.scrolling = true;
      requestAnimationFrame(() => {
        this.scrolling = false;
        this.list.scrollTop = this.list.scrollHeight;
      });
    }
  }
}

/**
 * A table's log as the page keeps it. Frames carry the log entries since the last frame
 * (all of them on connecting and after an undo). Each entry keeps the positions it was
 * taken in and led to, where this page saw them, and the seat that acted next (who
 * rolled a die: a frame of many entries has the position after its last one only), so
 * it can be put into words again in another language.
 */
export class TableLog {
  constructor(list) {
    this.entries = []; // {number, seat, action, stand_in, prior, after, next, words, board}
    this.publicObservation = null; // where the board tells the log from the game's public events
    this.before = null; // the last frame's version and position
    this.list = new LogList(list);
  }

  /** Take in a state frame's entries. */
  collect(message) {
    this.publicObservation = message.observation;
    const entries = message.log || [];
    if (!entries.length || entries[0].number === 0) this.entries = [];
    this.entries = this.entries.filter((e) => e.number < (entries.length ? entries[0].number : message.version));
    const before = this.before;
    entries.forEach((entry, i) => {
      const prior = i === 0 && before && before.version === entry.number ? before.observation : null;
      // The entry before this one (an undo may have taken back the one it had) acted before it.
      const last = this.entries.at(-1);
      if (last && last.next !== entry.seat) {
        last.next = entry.seat;
        last.words = undefined;
      }
      this.entries.push({ ...entry, prior, after: message.observation, next: undefined, words: undefined });
    });
    // The positions are kept for the lines the page shows, not for a long game's whole log.
    for (const old of this.entries.slice(0, -KEEP_POSITIONS)) old.prior = old.after = null;
    this.before = { version: message.version, observation: message.observation };
  }

  /** The log in words of ``board``'s language: {key, words} per line. */
  lines(board) {
    if (board.publicLog) {
      const events = this.publicObservation ? board.publicLog(this.publicObservation) : [];
      return events.map((words, i) => ({ key: `event ${i}`, words }));
    }
    const lines = [];
    for (const entry of this.entries) {
      if (entry.words === undefined || entry.board !== board) {
        entry.words = board.describe(entry.action, entry.seat, entry.prior, entry.after, entry.next ?? null);
        entry.board = board;
      }
      // A bot's move for a person whose time ran out says so.
      if (entry.words) lines.push({ key: `${entry.number} ${entry.action}`, words: entry.stand_in ? t("log.standIn", { line: entry.words }) : entry.words });
    }
    return lines;
  }

  /** Show the log as ``board`` words it: its lines. */
  show(board) {
    const lines = this.lines(board);
    this.list.show(lines, board);
    return lines;
  }
}
