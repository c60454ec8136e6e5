// One WebSocket to a table: reconnects with growing pauses after a loss, and the
// server sends the current state on every (re)connect, so the view resyncs by itself.

import { websocketUrl } from "./api.js";

const PAUSES = [1, 2, 3, 5];

export class Connection {
  /**
   * @param {string} tableId
   * @param {string|null} token  the seat token, or null for a spectator
   * @param {object} handlers  onState(msg), onMoment(msg), onError(msg), onStatus(status, info),
   *   onRematch(msg), onNotice(msg) (the clock, presence, chat, timeouts, ratings)
   */
  constructor(tableId, token, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.handlers = handlers;
    this.failures = 0;
    this.closed = false;
    this.socket = null;
    this.latest = null;
  }

  open() {
    const socket = new WebSocket(websocketUrl(this.tableId, this.token));
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (this.failures) this.handlers.onStatus("back");
      this.failures = 0;
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "state") {
        this.latest = message;
        this.handlers.onState(message, this);
      } else if (message.type === "moment") {
        this.handlers.onMoment?.(message, this);
      } else if (message.type === "error") {
        this.handlers.onError(message, this);
      } else if (message.type === "rematch") {
        this.handlers.onRematch(message, this);
      } else if (this.handlers.onNotice) {
        this.handlers.onNotice(message, this);
      }
    });
    socket.addEventListener("close", (event) => this.lost(event));
  }

  lost(event) {
    if (this.closed) return;
    // 4401 (a rated seat needs a name), 4403 (bad token) and 4404 (unknown table) are
    // the server's final word; after 4408 (this client fell behind) a new connection
    // gets the whole state again.
    if (event.code === 4401 || event.code === 4403 || event.code === 4404) {
      this.closed = true;
      this.handlers.onStatus("refused", { code: event.code, reason: event.reason }, this);
      return;
    }
    const pause = PAUSES[Math.min(this.failures, PAUSES.length - 1)];
    this.failures += 1;
    this.handlers.onStatus("lost", { seconds: pause });
    this.retry = setTimeout(() => {
      this.handlers.onStatus("reconnecting");
      this.open();
    }, pause * 1000);
  }

  get connected() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  send(message) {
    if (!this.connected) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Connect again after a final refusal (a name was chosen meanwhile). */
  reopen() {
    this.closed = false;
    this.open();
  }

  close() {
    this.closed = true;
    clearTimeout(this.retry);
    if (this.socket) this.socket.close();
  }
}
