// A die drawn in SVG, with a short roll animation when a new value shows.

import { svg } from "./svg.js";

const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/**
 * A die face as an SVG group at (x, y) of size ``size``. ``value`` 1-6 shows pips, any
 * other value is written as text; ``fill``, ``ink`` and ``rx`` (the corners) tell dice apart.
 */
export function dieFace(value, { x = 0, y = 0, size = 48, fill = "#fffdf6", ink = "#1b1b1b", rx = size * 0.18 } = {}) {
  const g = svg("g", { class: "die", transform: `translate(${x},${y})` });
  g.append(svg("rect", { width: size, height: size, rx, fill, stroke: "#1b1b1b", "stroke-width": 2, class: "die-body" }));
  const pips = PIPS[value];
  if (pips) {
    const step = size * 0.26;
    for (const [dx, dy] of pips) {
      g.append(svg("circle", { cx: size / 2 + dx * step, cy: size / 2 + dy * step, r: size * 0.09, fill: ink }));
    }
  } else if (value !== null && value !== undefined) {
    g.append(svg("text", { x: size / 2, y: size / 2, "font-size": size * 0.5, "text-anchor": "middle", "dominant-baseline": "central", fill: ink }, String(value)));
  }
  return g;
}

/** A die in its own small SVG, for the side panel. */
export function dieBox(value, options = {}) {
  const size = options.size ?? 56;
  const box = svg("svg", { viewBox: `-2 -2 ${size + 4} ${size + 4}`, width: size + 4, height: size + 4, class: "die-box", role: "img", "aria-label": String(value ?? "") });
  box.append(dieFace(value, { ...options, size }));
  return box;
}

/** Show ``value`` in ``holder`` after a short tumble of random faces (reduced motion: at once). */
export function rollInto(holder, value, options = {}) {
  const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  clearTimeout(Number(holder.dataset.timer));
  holder.dataset.value = String(value);
  if (still || typeof value !== "number" || value < 1 || value > 6) {
    holder.replaceChildren(dieBox(value, options));
    return;
  }
  let frames = 6;
  holder.classList.add("rolling");
  const tick = () => {
    frames -= 1;
    if (frames <= 0) {
      holder.replaceChildren(dieBox(value, options));
      holder.classList.remove("rolling");
      return;
    }
    holder.replaceChildren(dieBox(1 + Math.floor(Math.random() * 6), options));
    holder.dataset.timer = String(setTimeout(tick, 70));
  };
  holder.replaceChildren(dieBox(1 + Math.floor(Math.random() * 6), options));
  holder.dataset.timer = String(setTimeout(tick, 70));
}
