// The table chat: lines from the server's chat frames, always shown as text (never as
// markup), and a form for the players (spectators read).

import { el } from "./dom.js";
import { refusal, t } from "./i18n.js";

/** Longest line the server takes. */
export const MAX_CHARS = 300;

export class ChatView {
  /**
   * @param {HTMLElement} root  where the chat goes
   * @param {(text: string) => boolean} send  sends a line; false if not connected
   * @param {(line) => string} who  names the writer of a line
   */
  constructor(root, send, who) {
    this.root = root;
    this.send = send;
    this.who = who;
    this.lines = [];
    this.list = el("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite" });
    this.input = el("input", { type: "text", id: "chat-text", maxlength: String(MAX_CHARS), autocomplete: "off" });
    this.error = el("p", { class: "error", id: "chat-error", role: "alert" });
    this.button = el("button", { type: "submit", id: "chat-send" });
    this.form = el("form", { class: "chat-form" }, this.input, this.button);
    this.readOnly = el("p", { class: "hint", id: "chat-read-only" });
    this.heading = el("h2");
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      this.error.textContent = "";
      if (this.send(text)) this.input.value = "";
    });
    root.replaceChildren(this.heading, this.list, this.form, this.readOnly, this.error);
    this.relabel();
  }

  /** Players write; spectators only read. */
  canWrite(yes) {
    this.form.hidden = !yes;
    this.readOnly.hidden = yes;
  }

  relabel() {
    this.heading.textContent = t("chat.title");
    this.input.placeholder = t("chat.placeholder");
    this.input.setAttribute("aria-label", t("chat.placeholder"));
    this.button.textContent = t("chat.send");
    this.readOnly.textContent = t("chat.readOnly");
    this.render();
  }

  /** A chat frame: ``lines`` to add. */
  add(lines) {
    this.lines.push(...lines);
    this.lines = this.lines.slice(-200);
    this.render();
  }

  /** A refusal of a line (too long, empty). */
  refused(error) {
    this.error.textContent = refusal(error.code, error.message);
  }

  render() {
    this.list.replaceChildren(
      ...this.lines.map((line) =>
        el("li", {}, el("span", { class: "chat-who", text: t("chat.who", { who: this.who(line) }) }), el("span", { class: "chat-line", text: line.text })),
      ),
    );
    this.list.scrollTop = this.list.scrollHeight;
  }
}
