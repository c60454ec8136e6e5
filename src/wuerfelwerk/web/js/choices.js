// Turning clicks into actions. A board module says which places a player clicks, in
// order, to take each legal action (``keysOf``); this module keeps the places clicked
// so far, tells the board what to light up, and finds the action once it is complete.

export class Choices {
  /**
   * @param {string[]} legal  the legal actions' texts for the seat on this screen
   * @param {(text: string) => string[]|null} keysOf  click path of an action, null for a button
   */
  constructor(legal, keysOf) {
    this.paths = [];
    this.buttons = [];
    for (const text of legal) {
      const keys = keysOf(text);
      if (keys && keys.length) this.paths.push({ text, keys });
      else this.buttons.push(text);
    }
    this.picked = [];
    // Where every action starts with the same place, it is picked already.
    this.autoPick();
  }

  autoPick() {
    for (;;) {
      const open = this.matching();
      const next = new Set(open.map((p) => p.keys[this.picked.length]));
      // One way on, and it does not yet complete an action (that takes a click).
      if (next.size !== 1 || open.some((p) => p.keys.length === this.picked.length + 1)) return;
      this.picked.push([...next][0]);
    }
  }

  matching() {
    const n = this.picked.length;
    return this.paths.filter((p) => p.keys.length > n && this.picked.every((k, i) => p.keys[i] === k));
  }

  /** The places that continue a legal action: the board lights these up. */
  targets() {
    return new Set(this.matching().map((p) => p.keys[this.picked.length]));
  }

  /** Places that start an action (figures that can move), for a fresh choice. */
  starts() {
    return new Set(this.paths.map((p) => p.keys[0]));
  }

  /**
   * A click on ``key``. Returns {action} when an action is complete, {picked} when the
   * choice goes on, or {refused: keys} (the keys tried) when the click continues nothing.
   */
  click(key) {
    if (this.targets().has(key)) {
      this.picked.push(key);
      const done = this.paths.find(
        (p) => p.keys.length === this.picked.length && p.keys.every((k, i) => k === this.picked[i]),
      );
      const open = this.matching();
      const alone = open.length === 1 && open[0].keys.slice(this.picked.length).every((k) => k.startsWith("~"));
      if (done || alone) {
        this.picked = [];
        return { action: (done || open[0]).text };
      }
      this.autoPick();
      return { picked: [...this.picked] };
    }
    const tried = [...this.picked, key];
    if (this.picked.length && this.starts().has(key)) {
      this.picked = [key];
      this.autoPick();
      return { picked: [...this.picked] };
    }
    return { refused: tried };
  }

  /** Pick ``keys`` again where they still begin a legal action. */
  keep(keys) {
    const still = this.paths.some((p) => keys.every((k, i) => p.keys[i] === k) && p.keys.length > keys.length);
    if (still) this.picked = [...keys];
  }

  cancel() {
    this.picked = [];
    this.autoPick();
  }

  get canCancel() {
    return this.picked.length > 0 && new Set(this.paths.map((p) => p.keys[0])).size > 1;
  }
}
