// "Your turn" where a player looks when not looking at the board: the tab's title and
// icon, a short sound (if switched on), and a notification while the page is in the
// background (if the player allowed them).

import { el } from "./dom.js";
import { t } from "./i18n.js";

const SOUND_KEY = "wuerfelwerk.sound";
const ICON = "favicon.svg";
const TURN_ICON = "favicon-turn.svg";

const signal = { base: document.title, on: false, audio: null };

function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

function beep() {
  signal.audio ??= new AudioContext();
  const audio = signal.audio;
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  tone.frequency.value = 660;
  volume.gain.setValueAtTime(0.15, audio.currentTime);
  volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
  tone.connect(volume).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.35);
}

function setIcon(href) {
  const link = document.querySelector("link[rel='icon']");
  if (link && !link.href.endsWith(href)) link.href = href;
}

/** The page's title when it is not the player's turn. */
export function setTitle(title) {
  signal.base = title;
  document.title = signal.on ? t("signal.title", { title }) : title;
}

/** Called on every render: ``mine`` is whether a seat of this screen may act now. */
export function turnSignal(mine, detail = "") {
  const started = mine && !signal.on;
  signal.on = mine;
  setTitle(signal.base);
  setIcon(mine ? TURN_ICON : ICON);
  document.body.dataset.yourTurn = String(mine);
  if (!started) return;
  if (soundOn()) beep();
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    const note = new Notification(t("signal.yourTurn"), { body: detail || signal.base, tag: "wuerfelwerk-turn", icon: TURN_ICON });
    note.onclick = () => window.focus();
  }
}

/** The switches: sound on my turn, and notifications (the browser asks once). */
export function signalControls() {
  const sound = el("input", { type: "checkbox", id: "sound", checked: soundOn() });
  sound.addEventListener("change", () => {
    localStorage.setItem(SOUND_KEY, sound.checked ? "on" : "off");
    if (sound.checked) beep(); // a first sound, started by the click as browsers ask
  });
  const notify = el("button", { type: "button", id: "notify" });
  const label = () => {
    const permission = "Notification" in window ? Notification.permission : "denied";
    notify.textContent = t(permission === "granted" ? "signal.notifyOn" : permission === "denied" ? "signal.notifyBlocked" : "signal.notify");
    notify.disabled = permission !== "default";
  };
  notify.addEventListener("click", async () => {
    await Notification.requestPermission();
    label();
  });
  label();
  return el("div", { class: "signals" }, el("label", { for: "sound" }, sound, el("span", { text: t("signal.sound") })), notify);
}
